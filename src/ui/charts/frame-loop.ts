/**
 * One requestAnimationFrame loop for every chart: charts are redrawn at most once per
 * frame, and only when something they show has changed (or they animate while a run
 * goes). It also counts drawn frames per second for the e2e measurement.
 */
export interface Drawer {
  /** Draws if needed; returns true if it drew. */
  frame(now: number): boolean;
  /** Wants a frame on every tick (animations). */
  wantsFrames(): boolean;
}

export class FrameLoop {
  private readonly drawers = new Set<Drawer>();
  private pending = 0;
  private frames = 0;
  private windowStart = 0;
  /** Frames in which at least one chart drew, per second, over the last second. */
  fps = 0;
  /** Total frames in which something was drawn. */
  drawnFrames = 0;
  /** Mean wall time of a frame that drew (ms, exponentially weighted). */
  drawMs = 0;

  add(d: Drawer): () => void {
    this.drawers.add(d);
    this.invalidate();
    return () => this.drawers.delete(d);
  }

  invalidate(): void {
    if (this.pending || typeof requestAnimationFrame === 'undefined') return;
    this.pending = requestAnimationFrame((t) => this.tick(t));
  }

  private tick(t: number): void {
    this.pending = 0;
    let drew = false;
    let again = false;
    const t0 = performance.now();
    for (const d of this.drawers) {
      if (d.frame(t)) drew = true;
      if (d.wantsFrames()) again = true;
    }
    if (drew) {
      this.drawMs = this.drawnFrames === 0 ? performance.now() - t0 : 0.9 * this.drawMs + 0.1 * (performance.now() - t0);
      this.frames++;
      this.drawnFrames++;
    }
    if (t - this.windowStart >= 1000) {
      this.fps = (this.frames * 1000) / (t - this.windowStart || 1);
      this.frames = 0;
      this.windowStart = t;
    }
    if (again) this.invalidate();
  }
}
