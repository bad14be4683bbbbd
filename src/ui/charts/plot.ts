/**
 * Building blocks shared by the time charts: font sizes, legend, plot area, axes with
 * units, downsampled series, param-change markers and step lines. d3 provides the
 * scales and tick positions; drawing goes through a Painter (canvas or SVG).
 */
import { format, scaleLinear, type ScaleLinear } from 'd3';
import { SERIES, type MarkShape } from '../colors';
import { fmtTime as decisionTime } from '../../engine/aqm/explain';
import { aqmByKind } from '../../engine/aqm/registry';
import type { ParamSpec } from '../../engine/core/params';
import { LINK_FIELDS } from '../../engine/scenario/fields';
import { own } from '../../engine/scenario/paths';
import { displayUnit } from '../editor/fields';
import type { ParamMarker, QueueView, ScenarioView } from '../scenario-view';
import type { SeriesStore } from '../store/series-store';
import { minMaxDownsample, thinPixelLine, type Downsampled } from './downsample';

/** How far (CSS px) a drawn line may lie from its downsampled points when thinned (thinPixelLine). */
const THIN_TOLERANCE_PX = 1 / 3;
import type { LineStyle, Painter, Rect } from './painter';
import type { ChartContext } from './types';

/** Font sizes of a chart, px: normal or classroom (readable from the back of a room). */
export interface Fonts {
  tick: number;
  label: number;
  legend: number;
  small: number;
  /** Multiplier of every line width (thicker lines in classroom mode). */
  line: number;
}

export function fontsFor(classroom: boolean): Fonts {
  // classroom: read from the back of a room on a projector (no chart text under 20 px)
  return classroom ? { tick: 24, label: 26, legend: 24, small: 20, line: 1.8 } : { tick: 13, label: 14, legend: 14, small: 12, line: 1 };
}

export interface LegendItem {
  label: string;
  color: string;
  dash?: number[];
  width?: number;
  shape?: MarkShape;
  /** A filled swatch (bands). */
  fill?: boolean;
}

/**
 * Lays legend items out in rows across `w` px starting at (x, y); draws them unless
 * `dry`. Returns the height used. A label too long for the width (a lesson's title on a
 * phone) wraps at spaces onto lines of its own under its swatch's line, instead of running
 * off the chart.
 */
/**
 * Draws the legend from (x, y) in rows no wider than `w` and returns its height. `end`, when
 * given, is set to where a next item would go: (x, the next row) after a wrapped label.
 */
export function legend(p: Painter, items: readonly LegendItem[], x: number, y: number, w: number, fs: number, dry = false, end?: { x: number; y: number }): number {
  if (items.length === 0) return 0;
  const sw = fs * 1.8; // swatch width
  const gap = fs * 1.1;
  const rowH = fs * 1.6;
  const lineH = fs * 1.25; // the wrapped lines of one label
  let cx = x;
  let cy = y;
  let bottom = y + rowH;
  for (const it of items) {
    const lines = wrapWords(p, it.label, fs, w - sw - fs * 0.4);
    const iw = sw + fs * 0.4 + Math.max(...lines.map((l) => p.measure(l, fs)));
    if (cx > x && cx + iw > x + w) {
      cx = x;
      cy += rowH;
    }
    const my = cy + rowH / 2;
    if (!dry) {
      if (it.shape) p.marker(it.shape, cx + sw / 2, my, fs * 0.42, it.color);
      else if (it.fill) p.fillRect(cx, my - fs * 0.4, sw, fs * 0.8, it.color, 0.45);
      else p.line(cx, my, cx + sw, my, { color: it.color, width: Math.max(2, it.width ?? 2.5), dash: it.dash });
      lines.forEach((l, k) => p.text(l, cx + sw + fs * 0.4, my + k * lineH, { size: fs, color: SERIES.text, baseline: 'middle' }));
    }
    bottom = Math.max(bottom, cy + rowH + (lines.length - 1) * lineH);
    if (lines.length > 1) {
      // the next item starts below the wrapped label
      cx = x;
      cy = bottom;
    } else cx += iw + gap;
  }
  if (end) {
    end.x = cx;
    end.y = cy;
  }
  return bottom - y;
}

/** `s` cut at spaces into lines no wider than `max` px (a single word wider than that keeps a line of its own). */
export function wrapWords(p: Painter, s: string, fs: number, max: number, weight: 'normal' | 'bold' = 'normal'): string[] {
  if (p.measure(s, fs, weight) <= max) return [s];
  const out: string[] = [];
  let line = '';
  for (const word of s.split(' ')) {
    const next = line === '' ? word : `${line} ${word}`;
    if (line !== '' && p.measure(next, fs, weight) > max) {
      out.push(line);
      line = word;
    } else line = next;
  }
  out.push(line);
  return out;
}

/** Margins for y tick labels like `sample` plus a rotated axis label. */
export function plotRect(p: Painter, top: number, fonts: Fonts, yTickSample: string, bottomExtra = 0, rightExtra = 0): Rect {
  const left = fonts.label * 1.6 + p.measure(yTickSample, fonts.tick) + fonts.tick * 0.8;
  const bottom = fonts.tick * 1.4 + fonts.label * 1.6 + bottomExtra;
  const right = Math.max(fonts.tick, 12) + rightExtra;
  return { x: left, y: top, w: Math.max(10, p.width - left - right), h: Math.max(10, p.height - top - bottom) };
}

export type Scale = ScaleLinear<number, number>;

/**
 * `r` with its left margin widened (never narrowed) to fit the widest tick label `axes`
 * draws for `y`. The margin was sized to a sample ("888"), so a window of 3,000 segments
 * had its "3,000" cut at the card's left edge, under the axis's name. The y scale stays
 * valid (only the rectangle's left edge moves); make the x scale from the rectangle returned.
 */
export function fitYTicks(p: Painter, r: Rect, y: Scale, fonts: Fonts, yFmt: (v: number) => string = fmtNumber): Rect {
  const [yBottom, yTop] = y.range();
  let widest = 0;
  for (const v of yTicksOf(y, fonts, yBottom - yTop)) widest = Math.max(widest, p.measure(yFmt(v), fonts.tick));
  const left = fonts.label * 1.6 + widest + fonts.tick * 0.8;
  if (left <= r.x) return r;
  return { ...r, x: left, w: Math.max(10, r.x + r.w - left) };
}

/** The y ticks `axes` labels on a y axis `px` tall. */
function yTicksOf(y: Scale, fonts: Fonts, px: number): number[] {
  return y.ticks(tickCount(px, fonts.tick, 3, 8));
}

export function xScaleFor(r: Rect, t0: number, t1: number): Scale {
  return scaleLinear().domain([t0, t1]).range([r.x, r.x + r.w]);
}

export function yScaleFor(r: Rect, lo: number, hi: number, nice = true): Scale {
  const s = scaleLinear()
    .domain([lo, hi > lo ? hi : lo + 1])
    .range([r.y + r.h, r.y]);
  return nice ? s.nice(Math.min(8, Math.max(4, Math.round(r.h / 40)))) : s;
}

/** Tick count that leaves room for labels of font size fs. */
function tickCount(px: number, fs: number, per: number, most = 10): number {
  return Math.min(most, Math.max(2, Math.floor(px / (fs * per))));
}

// d3 formatters, parsed once (tick labels are formatted on every frame)
const fExp = format('.1e');
const fSig3 = format('.3~g');
const fInt = format(',.0f');
const fSi = format('.2~s');

export const fmtTime = (v: number): string => {
  const a = Math.abs(v);
  return a === 0 ? '0' : a < 0.01 ? fExp(v) : a < 10 ? fSig3(v) : fInt(v);
};

/** A count in full with thousands separators: "8,527", "1,204,311" (a legend's drops and marks read "8527"). */
export const fmtCount = (v: number): string => fInt(v);

export function fmtNumber(v: number): string {
  const a = Math.abs(v);
  if (a === 0) return '0';
  if (a >= 1e4 || a < 1e-3) return fSi(v);
  if (a >= 100) return fInt(v);
  return fSig3(v);
}

/**
 * Grid, axes, tick labels and axis titles. `xLabel`/`yLabel` carry the unit, e.g.
 * "time (s)", "queue (packets)".
 */
export function axes(p: Painter, r: Rect, x: Scale, y: Scale, fonts: Fonts, xLabel: string, yLabel: string, yFmt: (v: number) => string = fmtNumber, showX = true): void {
  const [yBottom, yTop] = y.range();
  const yTicks = yTicksOf(y, fonts, yBottom - yTop);
  const xTicks = x.ticks(tickCount(r.w, fonts.tick, 6, 12));
  // from the top down, a label closer than a line of its type to the one above it is left out
  // (its grid line stays): d3 gives three ticks (0, 50, 100) for the two asked on a short
  // panel, and the utilization panel's, 16 px apart in 24-px classroom type, printed "100" over "50"
  let lastLabel = -Infinity;
  for (const v of [...yTicks].sort((a, b) => y(a) - y(b))) {
    const py = Math.round(y(v)) + 0.5;
    p.line(r.x, py, r.x + r.w, py, { color: SERIES.grid, width: 1 });
    if (py - lastLabel < fonts.tick * 1.1) continue;
    lastLabel = py;
    p.text(yFmt(v), r.x - fonts.tick * 0.5, py, { size: fonts.tick, color: SERIES.text, align: 'right', baseline: 'middle' });
  }
  for (const v of showX ? xTicks : []) {
    const px = Math.round(x(v)) + 0.5;
    p.line(px, r.y, px, r.y + r.h, { color: SERIES.grid, width: 1 });
    p.line(px, r.y + r.h, px, r.y + r.h + fonts.tick * 0.4, { color: SERIES.axis, width: 1 });
    p.text(fmtTime(v), px, r.y + r.h + fonts.tick * 0.55, { size: fonts.tick, color: SERIES.text, align: 'center', baseline: 'top' });
  }
  p.line(r.x, r.y + r.h + 0.5, r.x + r.w, r.y + r.h + 0.5, { color: SERIES.axis, width: 1.5 });
  p.line(r.x - 0.5, r.y, r.x - 0.5, r.y + r.h, { color: SERIES.axis, width: 1.5 });
  if (xLabel) p.text(xLabel, r.x + r.w / 2, p.height - fonts.label * 0.35, { size: fonts.label, color: SERIES.text, align: 'center', baseline: 'bottom' });
  if (yLabel) yAxisLabel(p, yLabel, fonts, (yTop + yBottom) / 2, r.y, r.y + r.h);
}

/**
 * A y axis's name, turned up along the card's left edge: centred on `mid` but kept within
 * [lo, hi]. Longer than that, its `short` form is used if it fits, else the shorter of the
 * two is drawn smaller, to fit. On a short plot (a phone in classroom type) a name centred
 * on its axis ran up over the legend, or into the panel above.
 */
export function yAxisLabel(p: Painter, full: string, fonts: Fonts, mid: number, lo: number, hi: number, short?: string): void {
  const room = hi - lo;
  const text = short !== undefined && p.measure(full, fonts.label) > room ? short : full;
  const w = p.measure(text, fonts.label);
  const size = w > room ? (fonts.label * room) / w : fonts.label;
  const half = (w * size) / fonts.label / 2;
  const at = Math.max(lo + half, Math.min(hi - half, mid));
  p.text(text, fonts.label * 0.2, at, { size, color: SERIES.text, align: 'center', baseline: 'top', rotate: -90 });
}

/** Reusable buffers for downsampling and pixel mapping, one per drawn series, and per-chart caches. */
export class SeriesScratch {
  private ds = new Map<string, Downsampled>();
  private px = new Map<string, { x: Float64Array; y: Float64Array }>();
  private caches = new Map<string, unknown>();
  /** A cache kept across frames under `key`, made on first use. */
  cache<T>(key: string, make: () => T): T {
    let c = this.caches.get(key) as T | undefined;
    if (c === undefined) {
      c = make();
      this.caches.set(key, c);
    }
    return c;
  }
  get(key: string, n: number): { ds: Downsampled | undefined; px: { x: Float64Array; y: Float64Array } } {
    let px = this.px.get(key);
    if (!px || px.x.length < n) {
      px = { x: new Float64Array(Math.max(n, 64)), y: new Float64Array(Math.max(n, 64)) };
      this.px.set(key, px);
    }
    return { ds: this.ds.get(key), px };
  }
  keep(key: string, ds: Downsampled): void {
    this.ds.set(key, ds);
  }
}

/**
 * Draws one column of the store as a line, downsampled to the plot's pixel width, with
 * an optional transform of the values (unit conversion). Returns the vertices drawn.
 */
export function drawSeries(
  p: Painter,
  r: Rect,
  x: Scale,
  y: Scale,
  store: SeriesStore,
  column: Float64Array | undefined,
  style: LineStyle,
  scratch: SeriesScratch,
  key: string,
  transform?: (v: number) => number,
): number {
  if (!column || store.length === 0) return 0;
  const [t0, t1] = x.domain();
  const cached = scratch.get(key, 0).ds;
  const ds = minMaxDownsample(store.t, column, store.length, t0, t1, Math.max(1, Math.round(r.w)), cached);
  scratch.keep(key, ds);
  const { px } = scratch.get(key, ds.n);
  for (let i = 0; i < ds.n; i++) {
    px.x[i] = x(ds.x[i]);
    const v = transform ? transform(ds.y[i]) : ds.y[i];
    px.y[i] = v === v ? y(v) : NaN;
  }
  // within a third of a pixel of the downsampled line, with far fewer vertices to rasterize
  return p.polyline(px.x, px.y, thinPixelLine(px.x, px.y, ds.n, THIN_TOLERANCE_PX), style);
}

/** The largest finite value of columns over samples [from, to) with t in [t0, t1], starting from m (NaN: none yet). */
function maxOfRange(store: SeriesStore, cols: readonly (Float64Array | undefined)[], t0: number, t1: number, from: number, to: number, m: number): number {
  const t = store.t;
  for (const c of cols) {
    if (!c) continue;
    for (let i = from; i < to; i++) {
      if (t[i] < t0 || t[i] > t1) continue;
      const v = c[i];
      if (v === v && v !== Infinity && !(v <= m)) m = v;
    }
  }
  return m;
}

/**
 * The running maximum behind maxOver: kept across frames and extended with the samples
 * that arrived since, so a frame costs the new samples, not the whole run. Recomputed
 * when the store rewrites its samples, the time range or the set of columns changes.
 */
export class RunningMax {
  private epoch = -1;
  private done = 0;
  private t0 = NaN;
  private t1 = NaN;
  private cols: readonly (Float64Array | undefined)[] = [];
  private value = NaN;
  /** Samples examined so far (for tests: each is examined once while nothing is rewritten). */
  examined = 0;
  get(store: SeriesStore, cols: readonly (Float64Array | undefined)[], t0: number, t1: number): number {
    const same = cols.length === this.cols.length && cols.every((c, i) => c === this.cols[i]);
    if (store.epoch !== this.epoch || t0 !== this.t0 || t1 !== this.t1 || !same || store.length < this.done) {
      this.epoch = store.epoch;
      this.t0 = t0;
      this.t1 = t1;
      this.cols = cols;
      this.done = 0;
      this.value = NaN;
    }
    this.value = maxOfRange(store, cols, t0, t1, this.done, store.length, this.value);
    this.examined += store.length - this.done;
    this.done = store.length;
    return this.value;
  }
}

/**
 * The largest finite value of columns over samples with t in [t0, t1] (NaN if none).
 * With a scratch and a key the maximum is kept and only extended frame to frame.
 */
export function maxOver(store: SeriesStore, cols: (Float64Array | undefined)[], t0: number, t1: number, scratch?: SeriesScratch, key = 'max'): number {
  if (scratch) return scratch.cache(`max:${key}`, () => new RunningMax()).get(store, cols, t0, t1);
  return maxOfRange(store, cols, t0, t1, 0, store.length, NaN);
}

/** A step function [[t, value], ...] drawn as a horizontal line that jumps at each change. */
export function drawSteps(p: Painter, r: Rect, x: Scale, y: Scale, steps: readonly [number, number | null][], tEnd: number, style: LineStyle): number {
  let drawn = 0;
  for (let i = 0; i < steps.length; i++) {
    const [ta, v] = steps[i];
    const tb = i + 1 < steps.length ? steps[i + 1][0] : tEnd;
    if (v === null || !(tb > ta)) continue;
    const py = y(v);
    if (py < r.y - 1 || py > r.y + r.h + 1) continue;
    p.line(Math.max(r.x, x(ta)), py, Math.min(r.x + r.w, x(tb)), py, style);
    drawn++;
  }
  return drawn;
}

/** The declaration of a live-changeable parameter (the bottleneck's rate, delay, loss and its queues' settings), as the view's queues have it. */
function markerSpec(path: string, view: ScenarioView | undefined): { spec: ParamSpec | undefined; queue: QueueView | undefined } {
  const m = /^topology\.bottleneck\.(?:(rate|delay|loss)|(queue|reverseQueue)\.(\w+))$/.exec(path);
  if (!m) return { spec: undefined, queue: undefined };
  if (m[1]) return { spec: own(LINK_FIELDS as Record<string, ParamSpec>, m[1]), queue: undefined };
  const queue = view ? (m[2] === 'queue' ? view.queue : view.reverseQueue) : undefined;
  const params = queue ? aqmByKind(queue.kind)?.params : undefined;
  return { spec: params ? own(params as Record<string, ParamSpec>, m[3]) : undefined, queue };
}

/**
 * A live-changeable parameter in the editor's words: "rate", "max_th", "reverse max_p",
 * "ECN marking" (the declaration's label, its first letter small unless it is an
 * abbreviation); the last part of the path when it has no declaration here.
 */
export function markerName(path: string, view?: ScenarioView): string {
  const label = markerSpec(path, view).spec?.label ?? path.split('.').slice(-1)[0];
  return `${path.includes('.reverseQueue.') ? 'reverse ' : ''}${/^[A-Z][a-z]/.test(label) ? label[0].toLowerCase() + label.slice(1) : label}`;
}

/**
 * Text for a param-change marker in the editor's words and units: "rate = 3 Mb/s", "delay =
 * 50 ms", "max_th = 30 packets", "reverse max_p = 0.2", "gentle = on". It said the field's
 * internal name and the raw SI number ("rate = 3M", "delay = 0.05", "maxTh = 30").
 */
export function markerLabel(m: ParamMarker, view?: ScenarioView): string {
  const key = m.path.split('.').slice(-1)[0];
  const { spec, queue } = markerSpec(m.path, view);
  const name = markerName(m.path, view);
  if (typeof m.value === 'boolean') return `${name} = ${m.value ? 'on' : 'off'}`;
  if (typeof m.value !== 'number') return `${name} = ${String(m.value)}`;
  if (spec?.type !== 'number') return `${name} = ${fmtNumber(m.value)}`;
  const u = displayUnit(key, spec, queue?.unit ?? 'packets');
  return `${name} = ${fmtNumber(u.toDisplay(m.value))}${u.label ? ` ${u.label}` : ''}`;
}

/** Vertical dashed lines where parameters were changed live, labelled at the top (`view`: the run's scenario, for the names and units). */
export function drawMarkers(p: Painter, r: Rect, x: Scale, markers: readonly ParamMarker[], fonts: Fonts, view?: ScenarioView, avoid: readonly Rect[] = []): void {
  let lastLabelEnd = -Infinity;
  let row = 0;
  for (const m of markers) {
    const px = x(m.t);
    if (px < r.x || px > r.x + r.w) continue;
    p.line(px, r.y, px, r.y + r.h, { color: SERIES.marker, width: 2, dash: [6, 4] });
    const label = markerLabel(m, view);
    const w = p.measure(label, fonts.small, 'bold');
    row = px - 4 < lastLabelEnd ? (row + 1) % 3 : 0;
    const lx = Math.min(px + 4, r.x + r.w - w - 2);
    // below a note of the chart's own (the queue chart's "now 15 · avg 15.7") rather than under it
    const hit = (k: number) => avoid.some((a) => lx - 2 < a.x + a.w && a.x < lx + w + 2 && r.y + 2 + k * fonts.small * 1.3 < a.y + a.h && a.y < r.y + 2 + k * fonts.small * 1.3 + fonts.small * 1.25);
    while (hit(row) && row < 6) row++;
    const ly = r.y + 3 + row * fonts.small * 1.3;
    p.fillRect(lx - 2, ly - 1, w + 4, fonts.small * 1.25, '#ffffff', 0.85);
    p.text(label, lx, ly, { size: fonts.small, color: SERIES.text, baseline: 'top', weight: 'bold' });
    lastLabelEnd = Math.max(lastLabelEnd, lx + w);
  }
}

/** A centred note in an empty plot ("waiting for data", "no AQM probabilities for drop-tail"). */
export function emptyNote(p: Painter, r: Rect, text: string, fonts: Fonts): void {
  // broken into lines that fit the plot: drop-tail's note in classroom type ran off the
  // right edge of a 760-px card ("...it drops only when f"), and off a phone's at any size
  const lines = wrapWords(p, text, fonts.label, r.w - fonts.label);
  const lh = fonts.label * 1.3;
  const y0 = r.y + r.h / 2 - ((lines.length - 1) * lh) / 2;
  lines.forEach((l, i) => p.text(l, r.x + r.w / 2, y0 + i * lh, { size: fonts.label, color: SERIES.muted, align: 'center', baseline: 'middle' }));
}

/**
 * The sentence a chart's text alternative adds while the cursor line is drawn ('' when it is
 * not), with the decision's time as the inspector's header gives it ("12.345678 s"): the
 * line's label said only "inspected", and neither a screen-reader user nor a printed page
 * could tell which time it marked (the label now carries the time too).
 */
export function cursorText(c: Pick<ChartContext, 'cursorT'>): string {
  return typeof c.cursorT !== 'number' ? '' : ` A vertical line marks the decision open in the inspector, at ${decisionTime(c.cursorT)}.`;
}

/** The inspector's decision as a vertical line with a small label at the bottom of the plot: "inspected" and its time. */
export function drawCursor(p: Painter, r: Rect, x: Scale, t: number | null, fonts: Fonts): void {
  if (t === null) return;
  const px = x(t);
  if (px < r.x || px > r.x + r.w) return;
  p.line(px, r.y, px, r.y + r.h, { color: '#000000', width: 1.5 });
  const label = `inspected ${decisionTime(t)}`;
  const w = p.measure(label, fonts.small);
  const lx = Math.min(px + 4, r.x + r.w - w - 2);
  const ly = r.y + r.h - fonts.small * 1.4;
  p.fillRect(lx - 2, ly - 1, w + 4, fonts.small * 1.25, '#ffffff', 0.85);
  p.text(label, lx, ly, { size: fonts.small, color: '#000000', baseline: 'top' });
}
