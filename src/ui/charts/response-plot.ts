/**
 * Drawing of the response-time distribution (seeds/000 Figs. 8-21, seeds/002 Figs. 4-10,
 * seeds/003 Figs. 2-5): the CDF on a linear time axis up to 2 s, as the papers plot it, or
 * the CCDF on log-log axes for the tail (seeds/002 Fig. 9). Curves come from the
 * histograms of exchange-store.ts; several runs can be overlaid (the compare view).
 * Pure: draws through a Painter, no DOM.
 */
import { scaleLinear, scaleLog } from 'd3';
import { PALETTE, SERIES } from '../colors';
import { BIN_COUNT, binEdge, type ExchangeStore, type RtHistogram } from '../store/exchange-store';
import type { Painter, Rect } from './painter';
import { legend, plotRect, wrapWords, yAxisLabel, type Fonts, type LegendItem } from './plot';
import { grouped } from '../../engine/core/number-text';

export type RtMode = 'cdf' | 'ccdf';

export interface RtCurve {
  label: string;
  hist: RtHistogram;
  color: string;
  dash?: number[];
  /** Drawn thin and pale behind the others, without legend entry or read-out (the compare view's other seeds). */
  faint?: boolean;
}

/** The papers' CDF range (s). */
export const CDF_MAX = 2;
const CCDF_RANGE: [number, number] = [0.01, 100];
/** The CCDF's lowest share drawn (0.01 %): its log axis ends there. */
export const CCDF_FLOOR = 1e-4;

export const RUN_COLOR = PALETTE.blue;
export const BASELINE_COLOR = '#555c66';
/** Colours of overlaid runs (compare view). */
export const OVERLAY_COLORS = [PALETTE.blue, PALETTE.vermillion, PALETTE.bluishGreen, PALETTE.reddishPurple, PALETTE.orange];

export interface ComparedRun {
  label: string;
  color: string;
  dash?: number[];
  /** Its dash on paper, where a black-and-white printer loses its colour (default: `dash`). */
  paperDash?: number[];
  exchanges: ExchangeStore;
}

/**
 * The curves of the compared runs (`set`: every response or those above 50 KB), their faint
 * other seeds and the uncongested baseline (dotted). `paper`: printing, each run dashed as its
 * `paperDash` says: a lesson family's members, solid on screen in their colours, printed as
 * one grey.
 */
export function comparedCurves(
  runs: readonly ComparedRun[],
  faint: readonly { color: string; exchanges: ExchangeStore; baseline?: boolean }[],
  baseline: ExchangeStore | undefined,
  set: 'all' | 'large',
  paper: boolean,
  /** The baseline's name (Compare: whose traffic it is, when not every run's). */
  baselineLabel = 'uncongested',
): RtCurve[] {
  const curves: RtCurve[] = [
    ...faint.map((r, i) => ({ label: `faint ${i}`, hist: (r.baseline ? r.exchanges.baseline : r.exchanges.run)[set], color: r.color, faint: true })),
    ...runs.map((r) => ({ label: r.label, hist: r.exchanges.run[set], color: r.color, dash: paper && r.paperDash ? r.paperDash : r.dash })),
  ];
  const base = baseline ?? runs.find((r) => r.exchanges.baseline.all.n > 0)?.exchanges;
  if (base && base.baseline.all.n > 0) curves.push({ label: baselineLabel, hist: base.baseline[set], color: BASELINE_COLOR, dash: [2, 3] });
  return curves;
}

export interface RtLayout {
  r: Rect;
  mode: RtMode;
  /** x pixel -> response time (s) */
  timeAt(px: number): number;
  /** response time (s) -> x pixel */
  xOf(t: number): number;
}

function fmtMs(s: number): string {
  // rounded first: 0.99996 s reads "1 s", not "1000 ms"
  const r = shownTime(s);
  return r < 1 ? `${+(r * 1000).toPrecision(3)} ms` : `${r} s`;
}

/**
 * The time a read-out says, 3 significant digits (0.53238 s is "532 ms"): the shares are read
 * at it, so "within 532 ms: 78.0 %" is the share within 0.532 s, what a count of the exported
 * responses at 532 ms gives; read at the pointer's 0.53238 s it said 78.1 % (seeds/002, PI 24).
 */
export function shownTime(s: number): number {
  return +s.toPrecision(3);
}

/** A share in per cent, with its first digits when small (a CCDF's tail: 0.02 %, not 0.0 %). */
function fmtPct(v: number): string {
  const pc = v * 100;
  return pc === 0 || pc >= 1 ? `${pc.toFixed(1)} %` : `${+pc.toPrecision(2)} %`;
}

/**
 * The read-out at response time t: the share of responses within t on the CDF, the share
 * taking longer than t on the CCDF, as each view's y axis shows it (the CCDF's read-out
 * gave the share within t, 96.8 %, beside a point the axis put at 3.2 %).
 */
export function readoutText(curves: readonly RtCurve[], at: number, mode: RtMode): { head: string; parts: string[]; line: string } {
  const t = shownTime(at);
  const head = mode === 'cdf' ? `within ${fmtMs(t)}` : `longer than ${fmtMs(t)}`;
  const parts = curves.filter((c) => c.hist.n > 0).map((c) => `${c.label}: ${fmtPct(mode === 'cdf' ? c.hist.cdf(t) : 1 - c.hist.cdf(t))}`);
  return { head, parts, line: `${head}: ${parts.join(', ')}` };
}

/**
 * What the curves show, in words, for the canvas's accessible name: the read-out needs a
 * pointer, so a keyboard or screen-reader user had only "cumulative distribution of the run
 * and of the uncongested baseline". Per curve with exchanges: the times within which half,
 * 90 % and 99 % of its responses completed (read from the histogram, to within a bin).
 */
export function curvesText(curves: readonly RtCurve[]): string {
  const parts = curves
    .filter((c) => c.hist.n > 0 && !c.faint)
    .map((c) => `${c.label}, ${grouped(c.hist.n)} responses: half within ${fmtMs(c.hist.quantile(0.5))}, 90 % within ${fmtMs(c.hist.quantile(0.9))}, 99 % within ${fmtMs(c.hist.quantile(0.99))}`);
  return parts.length ? `${parts.join('; ')}.` : 'No response completed yet.';
}

/** What the line under the chart says before the chart is pointed at. */
export function readoutHint(mode: RtMode): string {
  return mode === 'cdf' ? 'Point at the chart (or tap it, or focus it and press ← →) to read off how many responses completed within a time.' : 'Point at the chart (or tap it, or focus it and press ← →) to read off how many responses took longer than a time.';
}

/** A key press, as far as moving the read-out needs it (a DOM or a React keyboard event). */
export interface ReadoutKey {
  key: string;
  preventDefault(): void;
  stopPropagation(): void;
}

/**
 * The read-out of a focused response-time chart (the live chart and the compare/family
 * overlay) moved from the keyboard: ← → move its line by a fortieth of the plot from `at`
 * (the middle before any), Home and End go to the plot's ends. Returns the new x pixel, the
 * key then taken (its default and the page's ← → step of the run left out), or null for
 * any other key or before the plot was drawn, the key left alone.
 */
export function moveReadout(e: ReadoutKey, layout: RtLayout | null, at: number | null): number | null {
  if (!layout || !['ArrowLeft', 'ArrowRight', 'Home', 'End'].includes(e.key)) return null;
  e.preventDefault();
  e.stopPropagation();
  const x0 = layout.r.x;
  const x1 = layout.r.x + layout.r.w;
  const from = at ?? (x0 + x1) / 2;
  const step = layout.r.w / 40;
  const to = e.key === 'Home' ? x0 : e.key === 'End' ? x1 : from + (e.key === 'ArrowRight' ? step : -step);
  return Math.max(x0, Math.min(x1, to));
}

function legendItems(curves: readonly RtCurve[]): LegendItem[] {
  return curves.filter((c) => !c.faint).map((c) => ({ label: `${c.label} (${grouped(c.hist.n)})`, color: c.color, dash: c.dash }));
}

/**
 * The canvas height that keeps at least `plotMin` px (plot and axes) under the legend of
 * these curves, and at least `base`: a family of seven lessons on a phone has a legend of a
 * dozen lines, which left the plot itself a few pixels tall in a fixed height.
 */
export function responseHeight(p: Painter, curves: readonly RtCurve[], fonts: Fonts, base: number, plotMin: number): number {
  const lh = legend(p, legendItems(curves), 8, 4, p.width - 16, fonts.legend, true);
  return Math.max(base, Math.ceil(lh + 10 + plotMin));
}

/**
 * How much of a drawn curve (its vertices in pixels; NaN: not drawn there) the box (x, y, w, h)
 * widened by `pad` on every side covers, in pixels along x (at least 1 for each segment it
 * touches, so a steep step counts): each segment's y range over the part of it inside the box's
 * x range, against the box's y range. 0: the box hides none of it.
 */
export function curveUnderBox(c: { xs: ArrayLike<number>; ys: ArrayLike<number>; n: number }, x: number, y: number, w: number, h: number, pad = 0): number {
  const x0 = x - pad;
  const x1 = x + w + pad;
  const y0 = y - pad;
  const y1 = y + h + pad;
  let under = 0;
  for (let i = 0; i + 1 < c.n; i++) {
    const ax = c.xs[i];
    const bx = c.xs[i + 1];
    const ay = c.ys[i];
    const by = c.ys[i + 1];
    if (!(ay === ay && by === by)) continue;
    const lo = Math.max(x0, Math.min(ax, bx));
    const hi = Math.min(x1, Math.max(ax, bx));
    if (lo > hi) continue;
    const at = (px: number) => (bx === ax ? ay : ay + ((by - ay) * (px - ax)) / (bx - ax));
    const ya = bx === ax ? Math.min(ay, by) : at(lo);
    const yb = bx === ax ? Math.max(ay, by) : at(hi);
    if (Math.max(ya, yb) >= y0 && Math.min(ya, yb) <= y1) under += Math.max(1, hi - lo);
  }
  return under;
}

/** Draws the curves; returns the layout (for hover) and the number of vertices drawn. */
export function drawResponseTimes(p: Painter, curves: readonly RtCurve[], mode: RtMode, fonts: Fonts, hoverPx: number | null): { layout: RtLayout; drawn: number; readout: string | null } {
  const lh = legend(p, legendItems(curves), 8, 4, p.width - 16, fonts.legend);
  const r = plotRect(p, lh + 10, fonts, mode === 'cdf' ? '100 %' : '0.01 %', 0, fonts.tick * 1.6);
  const x =
    mode === 'cdf'
      ? scaleLinear().domain([0, CDF_MAX]).range([r.x, r.x + r.w])
      : scaleLog().domain(CCDF_RANGE).range([r.x, r.x + r.w]);
  const y = mode === 'cdf' ? scaleLinear().domain([0, 1]).range([r.y + r.h, r.y]) : scaleLog().domain([CCDF_FLOOR, 1]).range([r.y + r.h, r.y]).clamp(true);
  // grid and axes
  const yTicks = mode === 'cdf' ? [0, 0.2, 0.4, 0.6, 0.8, 1] : [CCDF_FLOOR, 1e-3, 1e-2, 1e-1, 1];
  const xTicks = mode === 'cdf' ? [0, 0.25, 0.5, 0.75, 1, 1.25, 1.5, 1.75, 2] : [0.01, 0.1, 1, 10, 100];
  for (const v of yTicks) {
    const py = Math.round(y(v)) + 0.5;
    p.line(r.x, py, r.x + r.w, py, { color: SERIES.grid, width: 1 });
    p.text(mode === 'cdf' ? `${Math.round(v * 100)} %` : `${+(v * 100).toPrecision(2)} %`, r.x - fonts.tick * 0.5, py, { size: fonts.tick, color: SERIES.text, align: 'right', baseline: 'middle' });
  }
  for (const v of xTicks) {
    const px = Math.round(x(v)) + 0.5;
    p.line(px, r.y, px, r.y + r.h, { color: SERIES.grid, width: 1 });
    p.text(mode === 'cdf' ? `${v}` : v < 1 ? `${v * 1000} ms` : `${v} s`, px, r.y + r.h + fonts.tick * 0.55, { size: fonts.tick, color: SERIES.text, align: 'center', baseline: 'top' });
  }
  p.line(r.x, r.y + r.h + 0.5, r.x + r.w, r.y + r.h + 0.5, { color: SERIES.axis, width: 1.5 });
  p.line(r.x - 0.5, r.y, r.x - 0.5, r.y + r.h, { color: SERIES.axis, width: 1.5 });
  p.text(mode === 'cdf' ? 'response time (s)' : 'response time (log scale)', r.x + r.w / 2, p.height - fonts.label * 0.35, { size: fonts.label, color: SERIES.text, align: 'center', baseline: 'bottom' });
  // the axis's name, centred on the plot, ran up over the legend on a short plot (classroom
  // type on a 768-px projector): kept between the legend and the canvas's foot, shortened if need be
  if (mode === 'cdf') yAxisLabel(p, 'responses completed within', fonts, r.y + r.h / 2, r.y, p.height, 'completed within');
  else yAxisLabel(p, 'responses taking longer', fonts, r.y + r.h / 2, r.y, p.height, 'taking longer');

  // curves: the cumulative count at each bin edge
  let drawn = 0;
  p.clip(r);
  const xs = new Float64Array(BIN_COUNT + 1);
  const ys = new Float64Array(BIN_COUNT + 1);
  // the curves as drawn (the faint ones left out), for keeping the read-out's box off them
  const drawnCurves: { xs: Float64Array; ys: Float64Array; n: number }[] = [];
  // the faint curves first, so that the others draw over them
  for (const c of [...curves.filter((c) => c.faint), ...curves.filter((c) => !c.faint)]) {
    const h = c.hist;
    if (h.n === 0) continue;
    let acc = 0;
    let n = 0;
    xs[n] = mode === 'cdf' ? x(0) : x(CCDF_RANGE[0]);
    ys[n] = mode === 'cdf' ? y(0) : y(1);
    n++;
    for (let i = 0; i < BIN_COUNT; i++) {
      acc += h.counts[i];
      const t = binEdge(i);
      if (mode === 'cdf' && t > CDF_MAX * 1.05) break;
      if (mode === 'ccdf' && t < CCDF_RANGE[0]) continue;
      const f = acc / h.n;
      xs[n] = x(t);
      ys[n] = mode === 'cdf' ? y(f) : 1 - f > 0 ? y(1 - f) : NaN;
      n++;
      // the CCDF leaves the plot through its floor (0.01 %): drawn on along the floor, the
      // last few responses of a large run read as a tail of 0.01 % out to their time
      if (mode === 'ccdf' && 1 - f < CCDF_FLOOR) break;
    }
    drawn += p.polyline(xs, ys, n, c.faint ? { color: `${c.color}59`, width: 1.25 * fonts.line } : { color: c.color, width: 2.5 * fonts.line, dash: c.dash });
    if (!c.faint) drawnCurves.push({ xs: xs.slice(0, n), ys: ys.slice(0, n), n });
  }
  p.unclip();

  // hover: "x % of responses within t" (CDF), "x % taking longer than t" (CCDF): the share the y axis shows
  let readout: string | null = null;
  const read = curves.filter((c) => !c.faint && c.hist.n > 0);
  if (hoverPx !== null && hoverPx >= r.x && hoverPx <= r.x + r.w && read.length > 0) {
    const t = x.invert(hoverPx);
    p.line(hoverPx + 0.5, r.y, hoverPx + 0.5, r.y + r.h, { color: SERIES.marker, width: 1, dash: [4, 3] });
    const text = readoutText(read, t, mode);
    readout = text.line;
    const dots: { py: number; color: string }[] = [];
    for (const c of read) {
      const f = c.hist.cdf(shownTime(t));
      const py = mode === 'cdf' ? y(f) : 1 - f > 0 ? y(1 - f) : NaN;
      if (Number.isFinite(py)) dots.push({ py, color: c.color });
    }
    // one line beside the pointer if it fits in the plot; else the time and each curve on a
    // line of their own (a phone, or classroom type): a line wider than the plot was pushed
    // off the canvas's left edge, and the time it was read at went with it
    const pad = 6;
    const lh = fonts.small * 1.3;
    const rad = 4 * fonts.line;
    const box = (maxW: number) => {
      const oneLine = p.measure(text.line, fonts.small) + 2 * pad;
      const lines = oneLine <= maxW ? [text.line] : [`${text.head}:`, ...text.parts].flatMap((l) => wrapWords(p, l, fonts.small, maxW - 2 * pad));
      const w = Math.min(maxW, Math.max(...lines.map((l) => p.measure(l, fonts.small))) + 2 * pad);
      return { lines, w, bh: lines.length * lh + fonts.small * 0.4 };
    };
    let { lines, w, bh } = box(r.w);
    let bx = Math.max(r.x, Math.min(r.x + r.w - w, hoverPx + 8));
    // at the top of the plot, or at its bottom if the top would hide a curve's point there
    // (a box across the plot's width, on a phone, covers the pointer's line)
    const clearAt = (x0: number, bw: number, top: number, h: number) => x0 > hoverPx + rad || x0 + bw < hoverPx - rad || dots.every((d) => d.py + rad < top || d.py - rad > top + h);
    const clear = (top: number) => clearAt(bx, w, top, bh);
    // First, the place where the box hides least of the curves, none if it can: at the top, a CDF's
    // curves near 100 % went under it (the uncongested curve read as ending at the pointer,
    // seeds/000 DT-148q against ARED + ECN at 105 %). A CDF rises right of the pointer, so
    // its bottom right is free; a CCDF falls, so its top right and its bottom left are: the
    // one line above or below, else wrapped beside the pointer, right then left.
    const candidates: { lines: string[]; w: number; bh: number; bx: number; by: number }[] = [];
    for (const by of [r.y + 4, r.y + r.h - 4 - bh]) candidates.push({ lines, w, bh, bx, by });
    const rightRoom = r.x + r.w - (hoverPx + rad + 4);
    const leftRoom = hoverPx - rad - 4 - r.x;
    for (const [room, right] of [[rightRoom, true], [leftRoom, false]] as const) {
      if (room < 2 * pad + fonts.small * 6) continue;
      const b = box(room);
      if (b.bh > r.h - 8 || !b.lines.every((l) => p.measure(l, fonts.small) + 2 * pad <= b.w + 0.5)) continue;
      const x0 = right ? hoverPx + rad + 4 : hoverPx - rad - 4 - b.w;
      for (const by of [r.y + 4, r.y + r.h - 4 - b.bh]) candidates.push({ ...b, bx: x0, by });
    }
    // the place that hides least of the curves (none, where there is one), the first of equals
    let free: (typeof candidates)[number] | undefined;
    let least = Infinity;
    for (const c of candidates) {
      if (!clearAt(c.bx, c.w, c.by, c.bh)) continue;
      const under = drawnCurves.reduce((sum, d) => sum + curveUnderBox(d, c.bx, c.by, c.w, c.bh, 2.5 * fonts.line), 0);
      if (under < least) {
        least = under;
        free = c;
      }
    }
    let by: number;
    if (free) ({ lines, w, bh, bx, by } = free);
    else if (clear(r.y + 4)) by = r.y + 4;
    else if (clear(r.y + r.h - 4 - bh)) by = r.y + r.h - 4 - bh;
    else {
      // neither: the points lie where the box's top and bottom places are (two curves apart,
      // classroom type: a point was drawn on the text, "uncongest●d"); the lines wrapped to
      // the wider side of the pointer instead, where no point is, if they fit in the plot's height
      const side = box(Math.max(rightRoom, leftRoom));
      const fits = side.bh <= r.h - 8 && side.lines.every((l) => p.measure(l, fonts.small) + 2 * pad <= side.w + 0.5);
      if (fits) {
        ({ lines, w, bh } = side);
        bx = rightRoom >= leftRoom ? hoverPx + rad + 4 : hoverPx - rad - 4 - w;
      }
      by = r.y + 4;
    }
    p.fillRect(bx, by, w, bh, '#ffffff', 0.9);
    lines.forEach((l, i) => p.text(l, bx + pad, by + fonts.small * 0.85 + i * lh, { size: fonts.small, color: SERIES.text, baseline: 'middle' }));
    // the points over the box: never hidden by it
    for (const d of dots) p.circle(hoverPx, d.py, rad, d.color);
  }
  const layout: RtLayout = { r, mode, timeAt: (px) => x.invert(px), xOf: (t) => x(t) };
  return { layout, drawn, readout };
}
