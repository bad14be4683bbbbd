/**
 * A paper's figure drawn from a grid of presets: every point of the figure is one preset
 * (e.g. seeds/004 Fig. 4, the group 'feng-fig4': loss and utilization against RED-ECN's
 * max_p, one curve per number of connections, drop-tail as a reference per curve). The
 * Compare panel runs all its points (GridView.tsx) and draws one small chart per metric.
 *
 * Pure (no React): which figure a lesson's group has, and the shaping of the runs'
 * summaries into curves and the log-2 axis' ticks, tested in tests/unit/ui/compare/grid.test.ts.
 * Another grid (e.g. Fig. 20 b, 'feng-fig20') is one more GridFigure in GRID_FIGURES.
 */
import type { Summary } from '../../engine/metrics/types';
import { FIG4_FLOWS, FIG4_MAXP } from '../../engine/scenario/presets/seeds004';
import { flowColor } from '../colors';

/** One run of the figure: the preset `name`, on curve `curve` at `x`, or the curve's reference (x null). */
export interface GridPoint {
  name: string;
  curve: number;
  x: number | null;
}

export interface GridMetric {
  id: string;
  /** The chart's title and the y axis' label (with its unit). */
  title: string;
  yLabel: string;
  /** The y axis starts at 0, or near the smallest value (utilization: its differences are a few percent). */
  yFrom: 'zero' | 'data';
  /** The y axis ends here at most (100 for a share in percent). */
  yCap?: number;
  /** The value plotted, in the axis' unit (e.g. percent). */
  of: (s: Summary) => number;
}

export interface GridFigure {
  /** The preset group whose lessons belong to the figure. */
  group: string;
  /** The option's label in Compare's select and the figure's heading. */
  title: string;
  xLabel: string;
  /** The x axis is log 2 (max_p doubling from point to point). */
  xLog2: boolean;
  /** Curve labels, in order ("4 connections"); each curve has its colour (flowColor) and marker (GridView). */
  curves: readonly string[];
  /** The tables' column heads: the curves' short labels ("4") and what they count ("connections"), so four columns fit a phone. */
  curveShort: readonly string[];
  curveUnit: string;
  /** What a curve's reference line is ("drop-tail"), when the grid has one per curve. */
  refLabel?: string;
  points: readonly GridPoint[];
  metrics: readonly GridMetric[];
  /** What the paper says the figure shows (each statement tested against the same runs). */
  caption: readonly string[];
}

const pct = (x: number) => 100 * x;

/** seeds/004 Fig. 4 (presets/seeds004.ts, fengFig4Grid); its caption is §3.1's reading, checked by tests/golden/seeds004.test.ts. */
export const FENG_FIG4: GridFigure = {
  group: 'feng-fig4',
  title: `seeds/004 Fig. 4: loss and utilization against RED-ECN's max_p (all ${FIG4_FLOWS.length * (FIG4_MAXP.length + 1)} runs)`,
  xLabel: 'max_p (log scale)',
  xLog2: true,
  curves: FIG4_FLOWS.map((n) => `${n} connections`),
  curveShort: FIG4_FLOWS.map(String),
  curveUnit: 'connections',
  refLabel: 'drop-tail',
  points: FIG4_FLOWS.flatMap((n, curve) => [...FIG4_MAXP.map((p) => ({ name: `feng-fig4-n${n}-maxp-${p}`, curve, x: p })), { name: `feng-fig4-n${n}-dt`, curve, x: null }]),
  metrics: [
    { id: 'loss', title: '(a) Loss rate at the bottleneck', yLabel: 'loss rate (%)', yFrom: 'zero', of: (s) => pct(s.bottleneck.lossRate) },
    { id: 'util', title: '(b) Utilization of the bottleneck', yLabel: 'utilization (%)', yFrom: 'data', yCap: 100, of: (s) => pct(s.bottleneck.utilization) },
  ],
  caption: [
    'What seeds/004 §3.1 reads from this figure:',
    'with few connections (4, 8) the loss stays low at every max_p, and only small values of max_p keep the link fully used;',
    'with many connections (32, 64) the link stays busy at every max_p, and only large values of max_p stop the loss;',
    'under drop-tail (dashed lines) the loss grows with the number of connections.',
  ],
};

export const GRID_FIGURES: readonly GridFigure[] = [FENG_FIG4];

/** The figure whose grid the lesson `group` belongs to, if any. */
export function gridFigureFor(group: string | undefined): GridFigure | undefined {
  return group === undefined ? undefined : GRID_FIGURES.find((f) => f.group === group);
}

export interface GridCurve {
  label: string;
  color: string;
  /** The points run so far, in x order. */
  points: { x: number; y: number; name: string }[];
  /** The reference's value (e.g. drop-tail's loss), once run. */
  ref?: number;
}

/** One metric's curves from the summaries run so far (`done`: preset name -> summary); points not run are left out. */
export function gridCurves(fig: GridFigure, metric: GridMetric, done: ReadonlyMap<string, Summary>): GridCurve[] {
  const curves: GridCurve[] = fig.curves.map((label, i) => ({ label, color: flowColor(i), points: [] }));
  for (const p of fig.points) {
    const s = done.get(p.name);
    if (!s) continue;
    const c = curves[p.curve];
    if (p.x === null) c.ref = metric.of(s);
    else c.points.push({ x: p.x, y: metric.of(s), name: p.name });
  }
  for (const c of curves) c.points.sort((a, b) => a.x - b.x);
  return curves;
}

/** The distinct x values of the grid, ascending. */
export function gridXs(fig: GridFigure): number[] {
  return [...new Set(fig.points.flatMap((p) => (p.x === null ? [] : [p.x])))].sort((a, b) => a - b);
}

/**
 * Ticks of an axis over the grid's `xs`: the values run themselves (labelled as the
 * presets name them, 0.031 rather than 2^-5), every other one, every fourth ... so that
 * at most `max` remain; the first is always kept. On a log-2 axis of doubling values they
 * stay evenly spaced.
 */
export function gridTicks(xs: readonly number[], max: number): number[] {
  if (xs.length === 0) return [];
  const room = Math.max(2, Math.floor(max));
  let stride = 1;
  while (Math.ceil(xs.length / stride) > room) stride *= 2;
  return xs.filter((_, i) => i % stride === 0);
}

/** Position on a log-2 axis: log2(x) mapped from [log2 lo, log2 hi] to [a, b]. */
export function log2Position(x: number, lo: number, hi: number, a: number, b: number): number {
  const l0 = Math.log2(lo);
  const l1 = Math.log2(hi);
  return l1 === l0 ? (a + b) / 2 : a + ((Math.log2(x) - l0) / (l1 - l0)) * (b - a);
}
