/**
 * Per-flow drawing shared by the cwnd, goodput and download-progress charts: a line per
 * flow (flow colours from colors.ts) up to MAX_LINES flows, the highlighted ones over the
 * others faded; beyond, the min-max band and median across flows plus the highlighted flows
 * as lines.
 */
import { flowColor, flowDash, paperDash, SERIES } from '../colors';
import type { SeriesStore } from '../store/series-store';
import { bucketEnvelope } from './downsample';
import type { Painter, Rect } from './painter';
import { drawSeries, type Fonts, type LegendItem, type Scale, type SeriesScratch } from './plot';
import { MAX_LINES } from './types';
import { flowLabel } from '../flow-tags';

export { flowLabel };

/** Opacity of the flows not picked while some are (a line per flow, up to MAX_LINES). */
export const FADED = 0.2;

/**
 * Legend entries for the flows a chart draws. `running`: the chart's columns are gaps
 * before a flow starts and after it completes (cwnd, goodput), so at each moment the band
 * spans the flows running then, not all of them (seeds/004 Figs. 7-8: 8 or 32 of 56).
 * `tags`: per flow, what its label adds when the traffic items' TCP settings differ
 * (ScenarioView.flowTags: "flow 0 · CUBIC"). `paper`: the swatches dashed as the lines are on paper (paperDash).
 */
export function flowLegend(flows: readonly number[], highlight: readonly number[], total = flows.length, running = false, tags: readonly string[] = [], paper = false): LegendItem[] {
  const dash = paper ? paperDash : flowDash;
  if (flows.length <= MAX_LINES) return flows.map((f) => ({ label: highlight.includes(f) ? `${flowLabel(f, tags)} ★` : flowLabel(f, tags), color: flowColor(f), dash: dash(f) }));
  const hl = highlight.filter((f) => flows.includes(f));
  const first = total > flows.length;
  // (short: in classroom type the throughput chart's legend keeps to two lines at 1366 px)
  const label = running ? `min–max of running flows${first ? ` (first ${flows.length} of ${total})` : ''}` : first ? `min–max of the first ${flows.length} of ${total} flows` : `min–max of ${flows.length} flows`;
  return [
    { label, color: SERIES.band, fill: true },
    { label: 'median', color: SERIES.median, width: 2.5 },
    ...hl.map((f) => ({ label: flowLabel(f, tags), color: flowColor(f), dash: dash(f) })),
  ];
}

/**
 * Band columns (min, median, max across flows per sample), extended incrementally as
 * samples arrive (each sample's band depends on that sample only) and rebuilt when the
 * store rewrites its samples (clear, compaction) or the set of columns changes.
 */
export class BandCache {
  private epoch = -1;
  private done = 0;
  private key = '';
  private min = new Float64Array(0);
  private median = new Float64Array(0);
  private max = new Float64Array(0);
  private tmp = new Float64Array(0);

  get(store: SeriesStore, cols: Float64Array[], transform?: (v: number) => number, key = ''): { min: Float64Array; median: Float64Array; max: Float64Array } {
    const n = store.length;
    const k = `${key}|${cols.length}`;
    if (store.epoch !== this.epoch || k !== this.key || n < this.done) {
      this.epoch = store.epoch;
      this.key = k;
      this.done = 0;
    }
    if (this.min.length < n) {
      const cap = Math.max(256, n * 2);
      const grow = (a: Float64Array) => {
        const b = new Float64Array(cap);
        b.set(a.subarray(0, this.done));
        return b;
      };
      this.min = grow(this.min);
      this.median = grow(this.median);
      this.max = grow(this.max);
    }
    if (this.tmp.length < cols.length) this.tmp = new Float64Array(cols.length);
    const tmp = this.tmp;
    for (let i = this.done; i < n; i++) {
      let m = 0;
      for (const c of cols) {
        const v = transform ? transform(c[i]) : c[i];
        if (v === v) tmp[m++] = v;
      }
      if (m === 0) {
        this.min[i] = this.median[i] = this.max[i] = NaN;
        continue;
      }
      const view = tmp.subarray(0, m).sort();
      this.min[i] = view[0];
      this.max[i] = view[m - 1];
      this.median[i] = m % 2 === 1 ? view[(m - 1) >> 1] : (view[m / 2 - 1] + view[m / 2]) / 2;
    }
    this.done = n;
    return { min: this.min, median: this.median, max: this.max };
  }
}

/**
 * The band a per-flow chart draws when it has more than MAX_LINES flows, as export
 * columns `${name}.min`, `${name}.median`, `${name}.max` (per stored sample, across the
 * flows with a value there; `suffix` is appended, e.g. ".avg1s"). None for fewer flows:
 * the chart then draws each flow, whose columns the export carries already.
 */
export function bandColumns(store: SeriesStore, cols: readonly (Float64Array | undefined)[], name: string, suffix = ''): [string, Float64Array][] {
  if (cols.length <= MAX_LINES) return [];
  const have = cols.filter((c): c is Float64Array => !!c);
  const band = new BandCache().get(store, have);
  const n = store.length;
  return [
    [`${name}.min${suffix}`, band.min.subarray(0, n)],
    [`${name}.median${suffix}`, band.median.subarray(0, n)],
    [`${name}.max${suffix}`, band.max.subarray(0, n)],
  ];
}

/** Where a line drawn for paper ends, to write its name there (drawEndLabels). */
export interface LineEnd {
  label: string;
  color: string;
  /** The line's last point in the plot, px. */
  x: number;
  y: number;
}

/** The last sample of a column with t in [t0, t1] and a value, or null. */
function lastPoint(store: SeriesStore, col: Float64Array | undefined, t0: number, t1: number, transform?: (v: number) => number): { t: number; v: number } | null {
  if (!col) return null;
  for (let i = store.length - 1; i >= 0; i--) {
    const t = store.t[i];
    if (t > t1) continue;
    if (t < t0) break;
    const v = transform ? transform(col[i]) : col[i];
    if (v === v && Number.isFinite(v)) return { t, v };
  }
  return null;
}

/**
 * Draws a per-flow family of columns `${prefix}.${flow}` (or precomputed columns from
 * `columnOf`). Returns the vertices drawn. `opts.paper`: for printing, each flow's line
 * dashed in its paper pattern (unless `dash` sets one for all), and where each line ends
 * (each flow's, the median's) pushed to `opts.ends` for drawEndLabels.
 */
export function drawFlowFamily(
  p: Painter,
  r: Rect,
  x: Scale,
  y: Scale,
  store: SeriesStore,
  flows: readonly number[],
  columnOf: (flow: number) => Float64Array | undefined,
  highlight: readonly number[],
  scratch: SeriesScratch,
  bandCache: BandCache,
  key: string,
  opts: { width?: number; dash?: number[]; alpha?: number; transform?: (v: number) => number; paper?: boolean; ends?: LineEnd[] } = {},
): number {
  let drawn = 0;
  const width = opts.width ?? 2.25;
  const flowDashOf = opts.paper ? paperDash : flowDash;
  const [t0, t1] = x.domain();
  const end = (label: string, color: string, col: Float64Array | undefined, transform = opts.transform) => {
    if (!opts.ends) return;
    const pt = lastPoint(store, col, t0, t1, transform);
    if (pt) opts.ends.push({ label, color, x: x(pt.t), y: y(pt.v) });
  };
  if (flows.length <= MAX_LINES) {
    // flows picked in the flow table (★) come forward, thicker, over the others faded: ten
    // tangled lines left "compare flows 0 and 1" (rtt-unfair) to the legend's colours alone
    const picked = highlight.filter((f) => flows.includes(f));
    for (const f of flows) {
      if (picked.includes(f)) continue;
      drawn += drawSeries(p, r, x, y, store, columnOf(f), { color: flowColor(f), width, dash: opts.dash ?? flowDashOf(f), alpha: picked.length > 0 ? FADED : opts.alpha }, scratch, `${key}.${f}`, opts.transform);
    }
    for (const f of picked) {
      drawn += drawSeries(p, r, x, y, store, columnOf(f), { color: flowColor(f), width: width + 0.75, dash: opts.dash ?? flowDashOf(f), alpha: opts.alpha }, scratch, `${key}.${f}`, opts.transform);
    }
    for (const f of flows) end(String(f), flowColor(f), columnOf(f));
    return drawn;
  }
  const cols = flows.map(columnOf).filter((c): c is Float64Array => !!c);
  if (cols.length > 0 && store.length > 0) {
    const band = bandCache.get(store, cols, opts.transform, key);
    // one bucket per 2 px: the band's lower edge is the lowest minimum, the upper the highest maximum
    const env = bucketEnvelope(store.t, band.min, band.max, store.length, t0, t1, Math.max(1, Math.round(r.w / 2)));
    const n = env.x.length;
    const xs = new Float64Array(n);
    const ylo = new Float64Array(n);
    const yhi = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      xs[i] = x(env.x[i]);
      ylo[i] = env.lo[i] === env.lo[i] ? y(env.lo[i]) : NaN;
      yhi[i] = env.hi[i] === env.hi[i] ? y(env.hi[i]) : NaN;
    }
    p.band(xs, ylo, yhi, n, SERIES.band, 0.5);
    drawn += n;
    drawn += drawSeries(p, r, x, y, store, band.median, { color: SERIES.median, width: 2.5 }, scratch, `${key}.median`);
    // (the band's columns hold transformed values already)
    end('median', SERIES.median, band.median, (v) => v);
  }
  for (const f of highlight) {
    if (!flows.includes(f)) continue;
    drawn += drawSeries(p, r, x, y, store, columnOf(f), { color: flowColor(f), width: width + 0.5, dash: flowDashOf(f) }, scratch, `${key}.hl.${f}`, opts.transform);
    end(String(f), flowColor(f), columnOf(f));
  }
  return drawn;
}

/** The names drawFlowFamily's lines get at their ends on paper: each flow's, or the median's and the highlighted flows'. */
export function endLabelNames(flows: readonly number[], highlight: readonly number[]): string[] {
  return flows.length <= MAX_LINES ? flows.map(String) : ['median', ...highlight.filter((f) => flows.includes(f)).map(String)];
}

/** The room drawEndLabels needs right of the plot, px: the widest label and its leader. */
export function endLabelRoom(p: Painter, labels: readonly string[], fonts: Fonts): number {
  if (labels.length === 0) return 0;
  return Math.max(...labels.map((l) => p.measure(l, fonts.small, 'bold'))) + fonts.small * 0.9;
}

/**
 * On paper, each line's name at its end, as its legend entry says it ("0" for flow 0): in the
 * margin right of the plot for the lines that reach its right edge, moved apart so none
 * covers another, with a short leader back to the line's end; beside the end inside the plot
 * for a line that stops earlier. Lines within `[lo, hi]` (px) vertically: the margin's extent.
 */
export function drawEndLabels(p: Painter, r: Rect, ends: readonly LineEnd[], fonts: Fonts, lo = r.y, hi = r.y + r.h): void {
  const right = r.x + r.w;
  const atEdge = ends.filter((e) => e.x >= right - 3).sort((a, b) => a.y - b.y);
  const n = atEdge.length;
  // a line of type apart; where the margin is too short for all of them (ten flows beside the
  // goodput panel), in smaller type, down to 8 px, and closer below that
  const size = n > 1 ? Math.max(8, Math.min(fonts.small, (hi - lo) / (n - 1) / 1.05)) : fonts.small;
  for (const e of ends) {
    if (e.x >= right - 3) continue;
    const w = p.measure(e.label, size, 'bold');
    p.fillRect(e.x + 2, e.y - size * 0.6, w + 4, size * 1.2, SERIES.background, 0.85);
    p.text(e.label, e.x + 4, e.y, { size, color: SERIES.text, baseline: 'middle', weight: 'bold' });
  }
  if (n === 0) return;
  const gap = n > 1 ? Math.min(size * 1.05, (hi - lo) / (n - 1)) : 0;
  const ys = atEdge.map((e) => Math.max(lo, Math.min(hi, e.y)));
  for (let i = 1; i < n; i++) ys[i] = Math.max(ys[i], ys[i - 1] + gap);
  if (ys[n - 1] > hi) ys[n - 1] = hi;
  for (let i = n - 2; i >= 0; i--) ys[i] = Math.min(ys[i], ys[i + 1] - gap);
  const lx = right + size * 0.7;
  atEdge.forEach((e, i) => {
    p.line(e.x, e.y, lx - 2, ys[i], { color: e.color, width: 1 });
    p.text(e.label, lx, ys[i], { size, color: SERIES.text, baseline: 'middle', weight: 'bold' });
  });
}
