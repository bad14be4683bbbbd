/**
 * The UI's copy of a run's time series: batches from the worker are appended into
 * growable typed arrays (one per column, all sharing the time column `t`), and the
 * bottleneck's drop/mark events into their own columns.
 *
 * Memory stays bounded on long runs (issue 3 "Long runs keep memory bounded"): when the
 * sample count would pass `maxSamples`, every group of 4 stored samples becomes 2 holding
 * the group's minimum and maximum, so the envelope a min/max chart draws survives the
 * halving; when the event count would pass `maxEvents`, events are thinned to one per
 * kind per (maxEvents / 8)-th of the time span.
 */

export interface SeriesBatchLike {
  t: Float64Array;
  cols: Record<string, Float64Array>;
}

export interface QueueEventsLike {
  t: Float64Array;
  kind: Uint8Array;
  flow: Int32Array;
}

function grow<T extends Float64Array | Uint8Array | Int32Array>(a: T, need: number, make: (n: number) => T): T {
  if (need <= a.length) return a;
  let cap = Math.max(16, a.length);
  while (cap < need) cap *= 2;
  const b = make(cap);
  b.set(a as never);
  return b;
}

const f64 = (n: number) => new Float64Array(n);

export class SeriesStore {
  /** Number of stored samples; columns are valid in [0, length). */
  length = 0;
  t: Float64Array = new Float64Array(256);
  private readonly cols = new Map<string, Float64Array>();
  /** Drop/mark events at the bottleneck. */
  evLength = 0;
  evT: Float64Array = new Float64Array(256);
  evKind: Uint8Array = new Uint8Array(256);
  evFlow: Int32Array = new Int32Array(256);
  /** How many times the series were halved (each halving doubles the sample spacing). */
  compactions = 0;
  /**
   * The most samples one pair of rows stands for (1 while none was halved). Rows halved more
   * often (the run's start) stand for more than later ones, and a halving merges rows of
   * different spans, so this is counted, not 2^(compactions + 1): the export menus say it.
   */
  maxSpan = 1;
  /** Samples each stored row stands for: 1 for a sample, half of its pair's for a min/max row. */
  private perRow: Int32Array = new Int32Array(256);
  /** Whether events were thinned (the strip then holds fewer than the run had: counts are lower bounds). */
  eventsThinned = false;
  /** Bumped on every change; charts redraw when it moves. */
  version = 0;
  /** Bumped when stored samples are rewritten (clear, compaction): derived data must be recomputed. */
  epoch = 0;
  /** Bumped when stored events are rewritten (clear, thinning); appends leave it alone. */
  evEpoch = 0;

  constructor(
    readonly maxSamples = 1 << 17,
    readonly maxEvents = 1 << 19,
  ) {}

  clear(): void {
    this.length = 0;
    this.evLength = 0;
    this.cols.clear();
    this.t = new Float64Array(256);
    this.evT = new Float64Array(256);
    this.evKind = new Uint8Array(256);
    this.evFlow = new Int32Array(256);
    this.compactions = 0;
    this.maxSpan = 1;
    this.perRow = new Int32Array(256);
    this.eventsThinned = false;
    this.version++;
    this.epoch++;
    this.evEpoch++;
  }

  /** Column names in insertion order. */
  names(): string[] {
    return [...this.cols.keys()];
  }

  has(name: string): boolean {
    return this.cols.has(name);
  }

  /** The column's buffer (valid up to `length`), or undefined if the run has no such column. */
  column(name: string): Float64Array | undefined {
    return this.cols.get(name);
  }

  /** Last stored value of a column (NaN if none). */
  last(name: string): number {
    const c = this.cols.get(name);
    return c && this.length > 0 ? c[this.length - 1] : NaN;
  }

  /** Time of the last sample (0 if none). */
  get lastTime(): number {
    return this.length > 0 ? this.t[this.length - 1] : 0;
  }

  /**
   * Appends a batch. A column first seen now is filled with NaN for earlier samples; a
   * known column missing from the batch gets NaN for the batch's samples.
   */
  append(b: SeriesBatchLike): void {
    const m = b.t.length;
    if (m === 0) return;
    while (this.length + m > this.maxSamples && this.length >= 2) this.compact();
    const need = this.length + m;
    this.t = grow(this.t, need, f64);
    this.t.set(b.t, this.length);
    this.perRow = grow(this.perRow, need, (k) => new Int32Array(k));
    this.perRow.fill(1, this.length, need);
    for (const name of Object.keys(b.cols)) {
      if (!this.cols.has(name)) {
        const c = new Float64Array(this.t.length);
        c.fill(NaN, 0, this.length);
        this.cols.set(name, c);
      }
    }
    for (const [name, c0] of this.cols) {
      const c = grow(c0, this.t.length, f64);
      if (c !== c0) this.cols.set(name, c);
      const src = b.cols[name];
      if (src) c.set(src.length === m ? src : src.subarray(0, m), this.length);
      else c.fill(NaN, this.length, need);
    }
    this.length = need;
    this.version++;
  }

  appendEvents(e: QueueEventsLike): void {
    const m = e.t.length;
    if (m === 0) return;
    if (this.evLength + m > this.maxEvents) this.thinEvents();
    const need = this.evLength + m;
    this.evT = grow(this.evT, need, f64);
    this.evKind = grow(this.evKind, need, (n) => new Uint8Array(n));
    this.evFlow = grow(this.evFlow, need, (n) => new Int32Array(n));
    this.evT.set(e.t, this.evLength);
    this.evKind.set(e.kind, this.evLength);
    this.evFlow.set(e.flow, this.evLength);
    this.evLength = need;
    this.version++;
  }

  /**
   * Halves the stored samples: each group of 4 becomes 2 samples, at the group's 1st and
   * 3rd times, holding the group's minimum and maximum in the order they occurred. Every
   * column's minimum and maximum over any span of whole groups survive exactly.
   */
  private compact(): void {
    const n = this.length;
    const groups = n >> 2;
    const t = this.t;
    for (let g = 0; g < groups; g++) {
      const i = 4 * g;
      const t0 = t[i];
      const t2 = t[i + 2];
      t[2 * g] = t0;
      t[2 * g + 1] = t2;
      const span = this.perRow[i] + this.perRow[i + 1] + this.perRow[i + 2] + this.perRow[i + 3];
      this.perRow[2 * g] = this.perRow[2 * g + 1] = span / 2;
      if (span > this.maxSpan) this.maxSpan = span;
    }
    for (const c of this.cols.values()) {
      for (let g = 0; g < groups; g++) {
        const i = 4 * g;
        let iMin = -1;
        let iMax = -1;
        for (let j = i; j < i + 4; j++) {
          const v = c[j];
          if (v !== v) continue;
          if (iMin < 0 || v < c[iMin]) iMin = j;
          if (iMax < 0 || v > c[iMax]) iMax = j;
        }
        if (iMin < 0) {
          c[2 * g] = c[2 * g + 1] = NaN;
        } else {
          const lo = c[iMin];
          const hi = c[iMax];
          c[2 * g] = iMin <= iMax ? lo : hi;
          c[2 * g + 1] = iMin <= iMax ? hi : lo;
        }
      }
    }
    // the last n mod 4 samples move down unchanged
    let len = 2 * groups;
    for (let i = 4 * groups; i < n; i++, len++) {
      t[len] = t[i];
      this.perRow[len] = this.perRow[i];
      for (const c of this.cols.values()) c[len] = c[i];
    }
    this.length = len;
    this.compactions++;
    this.epoch++;
  }

  private thinEvents(): void {
    const n = this.evLength;
    if (n === 0) return;
    const span = Math.max(this.evT[n - 1] - this.evT[0], 1e-9);
    const width = span / Math.max(1, this.maxEvents >> 3);
    const lastBucket = new Map<number, number>();
    let k = 0;
    for (let i = 0; i < n; i++) {
      const bucket = Math.floor((this.evT[i] - this.evT[0]) / width);
      const kind = this.evKind[i];
      if (lastBucket.get(kind) === bucket) continue;
      lastBucket.set(kind, bucket);
      this.evT[k] = this.evT[i];
      this.evKind[k] = kind;
      this.evFlow[k] = this.evFlow[i];
      k++;
    }
    this.evLength = k;
    this.eventsThinned = true;
    this.evEpoch++;
  }

  /** Number of stored per-flow columns of a kind ("cwnd" -> cwnd.0, cwnd.1, ...). */
  flowIds(prefix = 'acked'): number[] {
    const out: number[] = [];
    for (const name of this.cols.keys()) {
      if (name.startsWith(prefix + '.')) {
        const id = Number(name.slice(prefix.length + 1));
        if (Number.isInteger(id)) out.push(id);
      }
    }
    return out.sort((a, b) => a - b);
  }
}
