/*
 * A painter for the network view's layout tests: it keeps the boxes of what is drawn (host
 * circles, router squares, texts, event markers), the link lines and the queue's fills, so a
 * test can check that nothing overlaps and nothing leaves the picture.
 */
import { SERIES } from '../../../../src/ui/colors';
import { measureText, type LineStyle, type Painter, type Rect, type TextStyle } from '../../../../src/ui/charts/painter';

export interface Box {
  x0: number;
  x1: number;
  y0: number;
  y1: number;
  what: string;
}

export class BoxPainter implements Painter {
  readonly hosts: Box[] = [];
  readonly routers: Box[] = [];
  readonly texts: Box[] = [];
  readonly markers: Box[] = [];
  readonly links: { x1: number; y1: number; x2: number; y2: number }[] = [];
  /** Every stroke drawn (lines, and polylines cut into segments), with the clip it was drawn in. */
  readonly segments: Segment[] = [];
  private clipRect: Rect | null = null;
  queueFills = 0;
  /** Fills in the reverse queue's colour (two-way traffic's second bar). */
  reverseFills = 0;
  constructor(
    readonly width: number,
    readonly height: number,
  ) {}
  fillRect(x: number, y: number, w: number, h: number, color: string): void {
    if (color === '#3b4450') this.routers.push({ x0: x, x1: x + w, y0: y, y1: y + h, what: `router at ${x.toFixed(0)},${y.toFixed(0)}` });
    if (color === SERIES.queue) this.queueFills++;
    if (color === SERIES.reverse) this.reverseFills++;
  }
  strokeRect(_x: number, _y: number, _w: number, _h: number): void {}
  line(x1: number, y1: number, x2: number, y2: number, st: LineStyle): void {
    this.segments.push({ x1, y1, x2, y2, color: st.color, clip: this.clipRect });
    // links are grey, or the axis colour (the bottleneck and links with an AQM); thresholds and the average have their own colours
    if (st.color === '#8a939e' || st.color === SERIES.axis) this.links.push({ x1, y1, x2, y2 });
  }
  polyline(xs: ArrayLike<number>, ys: ArrayLike<number>, n: number, st?: LineStyle): number {
    for (let i = 1; i < n; i++) {
      const [x1, y1, x2, y2] = [xs[i - 1], ys[i - 1], xs[i], ys[i]];
      if ([x1, y1, x2, y2].every(Number.isFinite)) this.segments.push({ x1, y1, x2, y2, color: st?.color ?? '', clip: this.clipRect });
    }
    return n;
  }
  band(): void {}
  text(s: string, x: number, y: number, st: TextStyle): void {
    const w = this.measure(s, st.size, st.weight);
    if (st.rotate === -90) {
      // turned a quarter to the left about (x, y): the text runs upwards, its top to the left
      const h = st.size;
      const along0 = st.align === 'center' ? -w / 2 : st.align === 'right' ? -w : 0;
      const across0 = st.baseline === 'top' ? 0 : st.baseline === 'middle' ? -h / 2 : -h;
      this.texts.push({ x0: x + across0, x1: x + across0 + h, y0: y - (along0 + w), y1: y - along0, what: s });
      return;
    }
    const x0 = st.align === 'center' ? x - w / 2 : st.align === 'right' ? x - w : x;
    // the glyphs' height is about the font size, placed by the baseline
    const h = st.size;
    const y0 = st.baseline === 'top' ? y : st.baseline === 'middle' ? y - h / 2 : y - h;
    this.texts.push({ x0, x1: x0 + w, y0, y1: y0 + h, what: s });
  }
  measure(s: string, size: number, weight?: 'normal' | 'bold'): number {
    return measureText(s, size, weight);
  }
  marker(_shape: string, x: number, y: number, r: number): void {
    this.markers.push({ x0: x - r, x1: x + r, y0: y - r, y1: y + r, what: `marker at ${x.toFixed(0)},${y.toFixed(0)}` });
  }
  markerRow(): void {}
  circle(x: number, y: number, r: number, fill: string | null, _stroke?: LineStyle): void {
    if (fill) this.hosts.push({ x0: x - r, x1: x + r, y0: y - r, y1: y + r, what: `host at ${x.toFixed(0)},${y.toFixed(0)}` });
  }
  clip(r?: Rect): void {
    this.clipRect = r ?? null;
  }
  unclip(): void {
    this.clipRect = null;
  }
}

export interface Segment {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
  color: string;
  clip: Rect | null;
}

/** Whether the part of a stroke inside its clip passes through a box (Liang-Barsky). */
export function crosses(s: Segment, b: Box): boolean {
  const x0 = Math.max(b.x0, s.clip ? s.clip.x : -Infinity);
  const x1 = Math.min(b.x1, s.clip ? s.clip.x + s.clip.w : Infinity);
  const y0 = Math.max(b.y0, s.clip ? s.clip.y : -Infinity);
  const y1 = Math.min(b.y1, s.clip ? s.clip.y + s.clip.h : Infinity);
  if (x0 >= x1 || y0 >= y1) return false;
  const dx = s.x2 - s.x1;
  const dy = s.y2 - s.y1;
  let lo = 0;
  let hi = 1;
  for (const [p, q] of [
    [-dx, s.x1 - x0],
    [dx, x1 - s.x1],
    [-dy, s.y1 - y0],
    [dy, y1 - s.y1],
  ]) {
    if (p === 0) {
      if (q <= 0) return false;
      continue;
    }
    const r = q / p;
    if (p < 0) lo = Math.max(lo, r);
    else hi = Math.min(hi, r);
    if (lo >= hi) return false;
  }
  return true;
}

export const overlap = (a: Box, b: Box) => a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;
export const inside = (a: Box, b: Box) => a.x0 >= b.x0 && a.x1 <= b.x1 && a.y0 >= b.y0 && a.y1 <= b.y1;
