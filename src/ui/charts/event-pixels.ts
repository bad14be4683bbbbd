/**
 * The drop/mark strip under the queue chart, at pixel resolution: for each event kind,
 * which pixel columns of the time axis hold at least one event. Kept across frames and
 * extended with the events that arrived since, so a frame costs the new events plus one
 * pass over the pixel columns, not a pass over every event of the run (a long run at
 * "max" speed collects hundreds of thousands). Rebuilt when the time range, the width or
 * the stored events themselves change (reset, thinning).
 */
import type { SeriesStore } from '../store/series-store';

export class EventPixels {
  private evEpoch = -1;
  private t0 = NaN;
  private t1 = NaN;
  private width = 0;
  private done = 0;
  private readonly rows = new Map<number, Uint8Array>();
  /** Kinds seen in the run so far (whatever the range). */
  readonly present = new Set<number>();
  /** Events examined so far (for tests: each once while nothing is rebuilt). */
  examined = 0;

  /** Brings the pixel rows up to date for the range [t0, t1] drawn over `width` columns. */
  update(store: SeriesStore, t0: number, t1: number, width: number): void {
    width = Math.max(1, Math.floor(width));
    if (store.evEpoch !== this.evEpoch || t0 !== this.t0 || t1 !== this.t1 || width !== this.width || store.evLength < this.done) {
      this.evEpoch = store.evEpoch;
      this.t0 = t0;
      this.t1 = t1;
      this.width = width;
      this.done = 0;
      this.rows.clear();
      this.present.clear();
    }
    const span = t1 - t0;
    for (let i = this.done; i < store.evLength; i++) {
      const kind = store.evKind[i];
      this.present.add(kind);
      const t = store.evT[i];
      if (!(span > 0) || t < t0 || t > t1) continue;
      let row = this.rows.get(kind);
      if (!row) this.rows.set(kind, (row = new Uint8Array(width)));
      row[Math.min(width - 1, Math.floor(((t - t0) / span) * width))] = 1;
    }
    this.examined += store.evLength - this.done;
    this.done = store.evLength;
  }

  /**
   * The x positions (pixel-column centres from `x0`) of a kind's events, at least
   * `minGap` px apart so a dense run of drops reads as a solid row. Writes into `out`.
   */
  columns(kind: number, x0: number, minGap: number, out: number[]): number[] {
    out.length = 0;
    const row = this.rows.get(kind);
    if (!row) return out;
    const scale = 1; // one column per pixel
    let last = -Infinity;
    for (let b = 0; b < row.length; b++) {
      if (!row[b]) continue;
      const px = x0 + (b + 0.5) * scale;
      if (px - last < minGap) continue;
      out.push(px);
      last = px;
    }
    return out;
  }
}
