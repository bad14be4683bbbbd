/**
 * One drawing interface, two back ends: every chart draws through a Painter, so the same
 * code paints the live canvas (fast for long series) and writes the SVG export (crisp on
 * slides). Coordinates are CSS pixels, origin top-left.
 */
import type { MarkShape } from '../colors';

export interface LineStyle {
  color: string;
  width: number;
  dash?: number[];
  alpha?: number;
}

export interface TextStyle {
  size: number;
  color: string;
  align?: 'left' | 'center' | 'right';
  baseline?: 'top' | 'middle' | 'bottom';
  weight?: 'normal' | 'bold';
  /** Rotation in degrees about (x, y). */
  rotate?: number;
}

export interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

export const FONT_FAMILY = 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';

export interface Painter {
  readonly width: number;
  readonly height: number;
  fillRect(x: number, y: number, w: number, h: number, color: string, alpha?: number): void;
  strokeRect(x: number, y: number, w: number, h: number, style: LineStyle): void;
  line(x1: number, y1: number, x2: number, y2: number, style: LineStyle): void;
  /** A polyline through n points; a NaN coordinate breaks the line. Returns the number of vertices drawn. */
  polyline(xs: ArrayLike<number>, ys: ArrayLike<number>, n: number, style: LineStyle): number;
  /** A filled band between two curves over the same xs (NaN breaks it). */
  band(xs: ArrayLike<number>, lo: ArrayLike<number>, hi: ArrayLike<number>, n: number, color: string, alpha: number): void;
  text(s: string, x: number, y: number, style: TextStyle): void;
  measure(s: string, size: number, weight?: 'normal' | 'bold'): number;
  marker(shape: MarkShape, x: number, y: number, r: number, color: string): void;
  /** Many markers of one shape and colour at (xs[i], y), drawn as one path. */
  markerRow(shape: MarkShape, xs: ArrayLike<number>, n: number, y: number, r: number, color: string): void;
  circle(x: number, y: number, r: number, fill: string | null, stroke?: LineStyle): void;
  /** Restricts drawing to a rectangle until unclip(). */
  clip(r: Rect): void;
  unclip(): void;
}

function fontOf(size: number, weight: 'normal' | 'bold' = 'normal'): string {
  return `${weight === 'bold' ? '600 ' : ''}${size}px ${FONT_FAMILY}`;
}

let measureCtx: CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D | null | undefined;
/** Text width in px, measured with a canvas when there is one, else estimated. */
export function measureText(s: string, size: number, weight: 'normal' | 'bold' = 'normal'): number {
  if (measureCtx === undefined) {
    measureCtx = null;
    try {
      if (typeof OffscreenCanvas !== 'undefined') measureCtx = new OffscreenCanvas(1, 1).getContext('2d');
      else if (typeof document !== 'undefined') measureCtx = document.createElement('canvas').getContext('2d');
    } catch {
      measureCtx = null;
    }
  }
  if (measureCtx) {
    measureCtx.font = fontOf(size, weight);
    return measureCtx.measureText(s).width;
  }
  return s.length * size * (weight === 'bold' ? 0.62 : 0.56);
}

// ------------------------------------------------------------------ canvas

export class CanvasPainter implements Painter {
  /** `lineScale` thickens every line (classroom mode). */
  constructor(
    private readonly ctx: CanvasRenderingContext2D,
    readonly width: number,
    readonly height: number,
    private readonly lineScale = 1,
  ) {}

  private stroke(style: LineStyle): void {
    const c = this.ctx;
    c.strokeStyle = style.color;
    c.lineWidth = style.width * this.lineScale;
    c.globalAlpha = style.alpha ?? 1;
    c.setLineDash(style.dash ?? []);
    c.lineJoin = 'round';
    c.lineCap = 'butt';
  }

  fillRect(x: number, y: number, w: number, h: number, color: string, alpha = 1): void {
    const c = this.ctx;
    c.globalAlpha = alpha;
    c.fillStyle = color;
    c.fillRect(x, y, w, h);
    c.globalAlpha = 1;
  }

  strokeRect(x: number, y: number, w: number, h: number, style: LineStyle): void {
    this.stroke(style);
    this.ctx.strokeRect(x, y, w, h);
    this.ctx.globalAlpha = 1;
  }

  line(x1: number, y1: number, x2: number, y2: number, style: LineStyle): void {
    const c = this.ctx;
    this.stroke(style);
    c.beginPath();
    c.moveTo(x1, y1);
    c.lineTo(x2, y2);
    c.stroke();
    c.globalAlpha = 1;
  }

  polyline(xs: ArrayLike<number>, ys: ArrayLike<number>, n: number, style: LineStyle): number {
    const c = this.ctx;
    this.stroke(style);
    c.beginPath();
    let pen = false;
    let drawn = 0;
    for (let i = 0; i < n; i++) {
      const x = xs[i];
      const y = ys[i];
      if (x !== x || y !== y) {
        pen = false;
        continue;
      }
      if (pen) c.lineTo(x, y);
      else c.moveTo(x, y);
      pen = true;
      drawn++;
    }
    c.stroke();
    c.globalAlpha = 1;
    return drawn;
  }

  band(xs: ArrayLike<number>, lo: ArrayLike<number>, hi: ArrayLike<number>, n: number, color: string, alpha: number): void {
    const c = this.ctx;
    c.globalAlpha = alpha;
    c.fillStyle = color;
    for (const [a, b] of runs(xs, lo, hi, n)) {
      c.beginPath();
      c.moveTo(xs[a], hi[a]);
      for (let i = a + 1; i < b; i++) c.lineTo(xs[i], hi[i]);
      for (let i = b - 1; i >= a; i--) c.lineTo(xs[i], lo[i]);
      c.closePath();
      c.fill();
    }
    c.globalAlpha = 1;
  }

  text(s: string, x: number, y: number, style: TextStyle): void {
    const c = this.ctx;
    c.save();
    c.font = fontOf(style.size, style.weight);
    c.fillStyle = style.color;
    c.textAlign = style.align ?? 'left';
    c.textBaseline = style.baseline ?? 'alphabetic';
    c.translate(x, y);
    if (style.rotate) c.rotate((style.rotate * Math.PI) / 180);
    c.fillText(s, 0, 0);
    c.restore();
  }

  measure(s: string, size: number, weight: 'normal' | 'bold' = 'normal'): number {
    this.ctx.font = fontOf(size, weight);
    return this.ctx.measureText(s).width;
  }

  marker(shape: MarkShape, x: number, y: number, r: number, color: string): void {
    const c = this.ctx;
    c.globalAlpha = 1;
    c.setLineDash([]);
    c.fillStyle = color;
    c.strokeStyle = color;
    c.lineWidth = Math.max(1.5, r / 2.5);
    c.beginPath();
    markerPath(shape, x, y, r, (px, py, first) => (first ? c.moveTo(px, py) : c.lineTo(px, py)), () => c.arc(x, y, r, 0, 2 * Math.PI));
    if (shape === 'cross') c.stroke();
    else c.fill();
  }

  markerRow(shape: MarkShape, xs: ArrayLike<number>, n: number, y: number, r: number, color: string): void {
    if (n === 0) return;
    const c = this.ctx;
    c.globalAlpha = 1;
    c.setLineDash([]);
    c.fillStyle = color;
    c.strokeStyle = color;
    c.lineWidth = Math.max(1.5, r / 2.5);
    c.beginPath();
    for (let i = 0; i < n; i++) {
      const x = xs[i];
      if (shape === 'circle') c.moveTo(x + r, y);
      markerPath(shape, x, y, r, (px, py, first) => (first ? c.moveTo(px, py) : c.lineTo(px, py)), () => c.arc(x, y, r, 0, 2 * Math.PI));
    }
    if (shape === 'cross') c.stroke();
    else c.fill();
  }

  circle(x: number, y: number, r: number, fill: string | null, stroke?: LineStyle): void {
    const c = this.ctx;
    c.beginPath();
    c.arc(x, y, r, 0, 2 * Math.PI);
    if (fill) {
      c.fillStyle = fill;
      c.globalAlpha = 1;
      c.fill();
    }
    if (stroke) {
      this.stroke(stroke);
      c.stroke();
      c.globalAlpha = 1;
    }
  }

  clip(r: Rect): void {
    const c = this.ctx;
    c.save();
    c.beginPath();
    c.rect(r.x, r.y, r.w, r.h);
    c.clip();
  }

  unclip(): void {
    this.ctx.restore();
  }
}

/** Index ranges [a, b) where xs, lo and hi are all numbers. */
function* runs(xs: ArrayLike<number>, lo: ArrayLike<number>, hi: ArrayLike<number>, n: number): Generator<[number, number]> {
  let a = -1;
  for (let i = 0; i <= n; i++) {
    const ok = i < n && xs[i] === xs[i] && lo[i] === lo[i] && hi[i] === hi[i];
    if (ok && a < 0) a = i;
    if (!ok && a >= 0) {
      if (i - a > 1) yield [a, i];
      a = -1;
    }
  }
}

/** The outline of a marker shape, as moveTo/lineTo calls (circle: one arc call). */
function markerPath(shape: MarkShape, x: number, y: number, r: number, to: (x: number, y: number, first: boolean) => void, arc: () => void): void {
  switch (shape) {
    case 'circle':
      arc();
      return;
    case 'triangle': // pointing down: "something fell out"
      to(x - r, y - r * 0.8, true);
      to(x + r, y - r * 0.8, false);
      to(x, y + r, false);
      to(x - r, y - r * 0.8, false);
      return;
    case 'square':
      to(x - r * 0.85, y - r * 0.85, true);
      to(x + r * 0.85, y - r * 0.85, false);
      to(x + r * 0.85, y + r * 0.85, false);
      to(x - r * 0.85, y + r * 0.85, false);
      to(x - r * 0.85, y - r * 0.85, false);
      return;
    case 'diamond':
      to(x, y - r, true);
      to(x + r, y, false);
      to(x, y + r, false);
      to(x - r, y, false);
      to(x, y - r, false);
      return;
    case 'cross':
      to(x - r, y - r, true);
      to(x + r, y + r, false);
      to(x + r, y - r, true);
      to(x - r, y + r, false);
      return;
  }
}

// ------------------------------------------------------------------ svg

/** Text or an attribute value made safe inside SVG/XML markup. */
export const xmlEscape = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const esc = xmlEscape;
const num = (v: number) => (Math.round(v * 100) / 100).toString();

export class SvgPainter implements Painter {
  private readonly parts: string[] = [];
  private clipId = 0;
  private openGroups = 0;

  constructor(
    readonly width: number,
    readonly height: number,
    private readonly lineScale = 1,
  ) {}

  private strokeAttrs(s: LineStyle): string {
    let a = `stroke="${esc(s.color)}" stroke-width="${num(s.width * this.lineScale)}" fill="none" stroke-linejoin="round"`;
    if (s.dash && s.dash.length) a += ` stroke-dasharray="${s.dash.join(' ')}"`;
    if (s.alpha !== undefined && s.alpha < 1) a += ` stroke-opacity="${num(s.alpha)}"`;
    return a;
  }

  fillRect(x: number, y: number, w: number, h: number, color: string, alpha = 1): void {
    this.parts.push(`<rect x="${num(x)}" y="${num(y)}" width="${num(w)}" height="${num(h)}" fill="${esc(color)}"${alpha < 1 ? ` fill-opacity="${num(alpha)}"` : ''}/>`);
  }

  strokeRect(x: number, y: number, w: number, h: number, style: LineStyle): void {
    this.parts.push(`<rect x="${num(x)}" y="${num(y)}" width="${num(w)}" height="${num(h)}" ${this.strokeAttrs(style)}/>`);
  }

  line(x1: number, y1: number, x2: number, y2: number, style: LineStyle): void {
    this.parts.push(`<line x1="${num(x1)}" y1="${num(y1)}" x2="${num(x2)}" y2="${num(y2)}" ${this.strokeAttrs(style)}/>`);
  }

  polyline(xs: ArrayLike<number>, ys: ArrayLike<number>, n: number, style: LineStyle): number {
    let d = '';
    let pen = false;
    let drawn = 0;
    for (let i = 0; i < n; i++) {
      const x = xs[i];
      const y = ys[i];
      if (x !== x || y !== y) {
        pen = false;
        continue;
      }
      d += `${pen ? 'L' : 'M'}${num(x)},${num(y)}`;
      pen = true;
      drawn++;
    }
    if (d) this.parts.push(`<path d="${d}" ${this.strokeAttrs(style)}/>`);
    return drawn;
  }

  band(xs: ArrayLike<number>, lo: ArrayLike<number>, hi: ArrayLike<number>, n: number, color: string, alpha: number): void {
    for (const [a, b] of runs(xs, lo, hi, n)) {
      let d = `M${num(xs[a])},${num(hi[a])}`;
      for (let i = a + 1; i < b; i++) d += `L${num(xs[i])},${num(hi[i])}`;
      for (let i = b - 1; i >= a; i--) d += `L${num(xs[i])},${num(lo[i])}`;
      this.parts.push(`<path d="${d}Z" fill="${esc(color)}" fill-opacity="${num(alpha)}" stroke="none"/>`);
    }
  }

  text(s: string, x: number, y: number, style: TextStyle): void {
    const anchor = style.align === 'center' ? 'middle' : style.align === 'right' ? 'end' : 'start';
    const base = style.baseline === 'top' ? 'hanging' : style.baseline === 'middle' ? 'central' : style.baseline === 'bottom' ? 'text-after-edge' : 'alphabetic';
    const rot = style.rotate ? ` transform="rotate(${num(style.rotate)} ${num(x)} ${num(y)})"` : '';
    this.parts.push(
      `<text x="${num(x)}" y="${num(y)}" font-size="${num(style.size)}" font-family="${esc(FONT_FAMILY)}"${style.weight === 'bold' ? ' font-weight="600"' : ''} fill="${esc(style.color)}" text-anchor="${anchor}" dominant-baseline="${base}"${rot}>${esc(s)}</text>`,
    );
  }

  measure(s: string, size: number, weight: 'normal' | 'bold' = 'normal'): number {
    return measureText(s, size, weight);
  }

  marker(shape: MarkShape, x: number, y: number, r: number, color: string): void {
    if (shape === 'circle') {
      this.parts.push(`<circle cx="${num(x)}" cy="${num(y)}" r="${num(r)}" fill="${esc(color)}"/>`);
      return;
    }
    let d = '';
    markerPath(shape, x, y, r, (px, py, first) => (d += `${first ? 'M' : 'L'}${num(px)},${num(py)}`), () => {});
    if (shape === 'cross') this.parts.push(`<path d="${d}" stroke="${esc(color)}" stroke-width="${num(Math.max(1.5, r / 2.5))}" fill="none"/>`);
    else this.parts.push(`<path d="${d}Z" fill="${esc(color)}"/>`);
  }

  markerRow(shape: MarkShape, xs: ArrayLike<number>, n: number, y: number, r: number, color: string): void {
    for (let i = 0; i < n; i++) this.marker(shape, xs[i], y, r, color);
  }

  circle(x: number, y: number, r: number, fill: string | null, stroke?: LineStyle): void {
    this.parts.push(`<circle cx="${num(x)}" cy="${num(y)}" r="${num(r)}" fill="${fill ? esc(fill) : 'none'}"${stroke ? ' ' + this.strokeAttrs(stroke).replace(' fill="none"', '') : ''}/>`);
  }

  clip(r: Rect): void {
    const id = `clip${++this.clipId}`;
    this.parts.push(`<clipPath id="${id}"><rect x="${num(r.x)}" y="${num(r.y)}" width="${num(r.w)}" height="${num(r.h)}"/></clipPath><g clip-path="url(#${id})">`);
    this.openGroups++;
  }

  unclip(): void {
    if (this.openGroups > 0) {
      this.parts.push('</g>');
      this.openGroups--;
    }
  }

  /** The finished SVG document. */
  toString(): string {
    const close = '</g>'.repeat(this.openGroups);
    return `<svg xmlns="http://www.w3.org/2000/svg" width="${this.width}" height="${this.height}" viewBox="0 0 ${this.width} ${this.height}">${this.parts.join('')}${close}</svg>`;
  }
}
