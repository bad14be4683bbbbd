/**
 * One requestAnimationFrame loop for every chart: charts are redrawn at most once per
 * frame, and only when something they show has changed (or they animate while a run
 * goes). It also counts drawn frames per second for the e2e measurement.
 */
export interface Drawer {
  /**
   * Draws if needed; returns true if it drew. `force` (printing): draw even when out of
   * view, at the size the chart has now (measured on the spot, not from the last resize).
   */
  frame(now: number, force?: boolean): boolean;
  /** Wants a frame on every tick (animations). */
  wantsFrames(): boolean;
}

/**
 * Longest wait between two drawn frames, ms: frames that cost more than half of it (with
 * the browser's paint and commit) are drawn every MAX_GAP_MS, about 5 a second.
 */
const MAX_GAP_MS = 200;

/** Main-thread time one frame may spend drawing, ms. */
const FRAME_BUDGET_MS = 10;

export class FrameLoop {
  private readonly drawers = new Set<Drawer>();
  private pending = 0;
  private frames = 0;
  private windowStart = 0;
  private lastDrawAt = -Infinity;
  /** Index of the drawer the next frame starts with. */
  private next = 0;
  /** Frames in which at least one chart drew, per second, over the last second. */
  fps = 0;
  /** Total frames in which something was drawn. */
  drawnFrames = 0;
  /** performance.now() (ms since navigation) of the first frame that drew a chart. */
  firstDrawAt: number | null = null;
  /**
   * Mean main-thread time of a frame that drew (ms, exponentially weighted): the charts'
   * drawing calls and what the browser does with them in the same task (style, layout,
   * paint and the commit, where a canvas's recorded strokes are rasterized).
   */
  drawMs = 0;
  /** performance.now() when the frame being measured began drawing (NaN: none). */
  private measuring = NaN;
  /** Posts to itself: its message runs after the frame's rendering task has finished. */
  private readonly after: MessageChannel | null = typeof MessageChannel === 'undefined' ? null : new MessageChannel();

  constructor() {
    if (this.after) this.after.port1.onmessage = () => this.measured();
  }

  add(d: Drawer): () => void {
    this.drawers.add(d);
    this.invalidate();
    return () => this.drawers.delete(d);
  }

  /**
   * Brings every chart up to date now, in this task, whether in view or not, without the
   * frame budget: for printing, where no animation frame comes between the browser's
   * print event and the page being laid out on paper (charts never scrolled into view
   * were blank boxes in a printout). Returns how many charts drew.
   */
  drawAll(): number {
    let n = 0;
    const now = performance.now();
    for (const d of [...this.drawers]) if (d.frame(now, true)) n++;
    return n;
  }

  invalidate(): void {
    if (this.pending || typeof requestAnimationFrame === 'undefined') return;
    this.pending = requestAnimationFrame((t) => this.tick(t));
  }

  private measured(): void {
    if (Number.isNaN(this.measuring)) return;
    this.addCost(performance.now() - this.measuring);
    this.measuring = NaN;
  }

  private addCost(ms: number): void {
    this.drawMs = this.drawnFrames <= 1 ? ms : 0.9 * this.drawMs + 0.1 * ms;
  }

  private tick(t: number): void {
    this.pending = 0;
    // adaptive frame skipping: drawing may take at most about half of the main thread,
    // so input, messages and the browser's own rendering stay responsive
    if (t - this.lastDrawAt < Math.min(MAX_GAP_MS, 2 * this.drawMs)) {
      this.invalidate();
      return;
    }
    let drew = false;
    let again = false;
    const t0 = performance.now();
    // round robin under a time budget: a frame draws charts until FRAME_BUDGET_MS is
    // used, the others (still out of date) get the next frame, so no task grows long
    const list = [...this.drawers];
    const n = list.length;
    let visited = 0;
    while (visited < n) {
      const d = list[(this.next + visited) % n];
      visited++;
      if (d.frame(t)) drew = true;
      if (d.wantsFrames()) again = true;
      if (performance.now() - t0 > FRAME_BUDGET_MS) break;
    }
    if (n > 0) this.next = (this.next + visited) % n;
    if (visited < n) again = true;
    if (drew) {
      this.firstDrawAt ??= performance.now();
      this.lastDrawAt = t;
      this.frames++;
      this.drawnFrames++;
      // the canvas's strokes are rasterized later in this task, in the commit (software
      // canvases: 60-70 ms for a 10-flow cwnd chart against 8-10 ms of drawing calls), so
      // the frame's cost is measured when a message posted now runs, after that task
      if (this.after) {
        this.measuring = t0;
        this.after.port2.postMessage(0);
      } else this.addCost(performance.now() - t0);
    }
    if (t - this.windowStart >= 1000) {
      this.fps = (this.frames * 1000) / (t - this.windowStart || 1);
      this.frames = 0;
      this.windowStart = t;
    }
    if (again) this.invalidate();
  }
}

/**
 * Canvas pixels per CSS pixel: the screen's, and at least 2 for a drawing made for paper
 * (`force`, FrameLoop.drawAll), whose dots are finer than a screen's; the next screen
 * frame sees the changed size key and draws at the screen's again.
 */
export function canvasScale(printing = false): number {
  const dpr = window.devicePixelRatio || 1;
  return printing ? Math.max(2, dpr) : dpr;
}
