/**
 * A paper's figure drawn from a grid of presets: every point of the figure is one preset
 * (e.g. seeds/004 Fig. 4, the group 'feng-fig4': loss and utilization against RED-ECN's
 * max_p, one curve per number of connections, drop-tail as a reference per curve). The
 * Compare panel runs all its points (GridView.tsx) and draws one small chart per metric.
 *
 * Pure (no React): which figure a lesson's group has, and the shaping of the runs'
 * summaries into curves and the x axis (log 2 or linear) and its ticks, tested in
 * tests/unit/ui/compare/grid.test.ts. Another grid is one more GridFigure in GRID_FIGURES
 * (e.g. FENG_FIG20B: Fig. 20 b, the (b) points of the group 'feng-fig20', on a linear axis).
 */
import type { Summary } from '../../engine/metrics/types';
import { ECN_FINITE_CLIENTS, ECN_FINITE_QLS, ecnFiniteName, type EcnFiniteMech } from '../../engine/scenario/presets/seeds001';
import { FIG20B_DELAY_MS, FIG20B_INCREASE, FIG4_FLOWS, FIG4_MAXP } from '../../engine/scenario/presets/seeds004';
import { groupDigits } from '../../engine/scenario/presets/types';
import { flowColor } from '../colors';
import { quarterText, runMilestone } from './run-speech';

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
  /** With yFrom 'data', the axis spans at least this much, so that a few tenths of a point do not fill the chart (utilization: 10 points). */
  minSpan?: number;
  /** Decimals of the tables' values (default: 3 from zero, 2 from the data; drops, counted in packets: 0). */
  decimals?: number;
  /** The value plotted, in the axis' unit (e.g. percent). */
  of: (s: Summary) => number;
}

export interface GridFigure {
  /** The preset group whose lessons belong to the figure. */
  group: string;
  /**
   * The lessons of the group the figure is offered on, when not all of them: seeds/001's
   * group 'ecn-finite' holds one figure per number of clients (ecn-finite-n5-* draws 5 clients').
   */
  offeredOn?: (lesson: string) => boolean;
  /** What the figure plots, without its count of runs ("seeds/004 Fig. 4: loss and utilization against RED-ECN's max_p"). */
  name: string;
  /** The option's label in Compare's select and the heading of the finished figure: its name and "(all 40 runs)". */
  title: string;
  xLabel: string;
  /** The x values' unit after a number, in a point's tooltip (" %"), if any. */
  xUnit?: string;
  /** The x axis is log 2 (max_p doubling from point to point), or else linear (gridXPosition). */
  xLog2: boolean;
  /** Curve labels, in order ("4 connections"); each curve has its colour (flowColor) and marker (GridView). */
  curves: readonly string[];
  /** The tables' column heads: the curves' short labels ("4") and what they count ("connections"), so four columns fit a phone. */
  curveShort: readonly string[];
  curveUnit: string;
  /**
   * Where the tables are narrow (a phone): the x column's short head ("QL"; the full one,
   * gridTableXHead, stays for screen readers) and a key to the short heads above the tables.
   * seeds/001's five queues and "queue limit QL (packets)" were 462 px wide on a 390 px phone.
   */
  xShort?: string;
  curveKey?: string;
  /**
   * The curves' columns in groups, for a screen on which one table of all of them does not fit
   * (seeds/001's five queues in classroom type on a phone: five counts of 5 digits at 21 px are
   * 335 px in 329): one table per group, each with the x column. Without it such a table scrolls.
   */
  curveGroups?: readonly { label: string; curves: readonly number[] }[];
  /** What a curve's reference line is ("drop-tail"), when the grid has one per curve. */
  refLabel?: string;
  points: readonly GridPoint[];
  metrics: readonly GridMetric[];
  /** What the paper says the figure shows (each statement tested against the same runs). */
  caption: readonly string[];
}

const pct = (x: number) => 100 * x;

/** The bottleneck's loss rate in percent, the axis from 0. */
const lossMetric = (title: string): GridMetric => ({ id: 'loss', title, yLabel: 'loss rate (%)', yFrom: 'zero', of: (s) => pct(s.bottleneck.lossRate) });
/** The bottleneck's utilization in percent, the axis from near the smallest value to at most 100. */
const utilMetric = (title: string): GridMetric => ({ id: 'util', title, yLabel: 'utilization (%)', yFrom: 'data', yCap: 100, minSpan: 10, of: (s) => pct(s.bottleneck.utilization) });

/** seeds/004 Fig. 4 (presets/seeds004.ts, fengFig4Grid); its caption is §3.1's reading, checked by tests/golden/seeds004.test.ts. */
const FIG4_NAME = "seeds/004 Fig. 4: loss and utilization against RED-ECN's max_p";
export const FENG_FIG4: GridFigure = {
  group: 'feng-fig4',
  name: FIG4_NAME,
  title: `${FIG4_NAME} (all ${FIG4_FLOWS.length * (FIG4_MAXP.length + 1)} runs)`,
  xLabel: 'max_p (log scale)',
  xLog2: true,
  curves: FIG4_FLOWS.map((n) => `${n} connections`),
  curveShort: FIG4_FLOWS.map(String),
  curveUnit: 'connections',
  refLabel: 'drop-tail',
  points: FIG4_FLOWS.flatMap((n, curve) => [...FIG4_MAXP.map((p) => ({ name: `feng-fig4-n${n}-maxp-${p}`, curve, x: p })), { name: `feng-fig4-n${n}-dt`, curve, x: null }]),
  metrics: [lossMetric('(a) Loss rate at the bottleneck'), utilMetric('(b) Utilization of the bottleneck')],
  caption: [
    'What seeds/004 §3.1 reads from this figure:',
    'with few connections (4, 8) the loss stays low at every max_p, and only small values of max_p keep the link fully used;',
    'with many connections (32, 64) the link stays busy at every max_p, and only large values of max_p stop the loss;',
    'under drop-tail (dashed lines) the loss grows with the number of connections.',
  ],
};

/**
 * seeds/004 Fig. 20 (b) (presets/seeds004.ts, fengFig20bPreset): loss against the
 * bandwidth-based SUBTCP's percent increase per round trip, one curve per bottleneck delay.
 * The increases 1, 10, 30, 50 do not double, so the axis is linear. The caption is only
 * what §5 says of the figure and tests/golden/seeds004.test.ts checks (means of seeds 1-3;
 * the runs drawn here, each preset's own seed, agree: loss 0 at 1 %, 0.11-0.54 % at
 * 10-50 %, at most 0.34 points between delays, 10 % above 30 % at 5 ms). That the loss
 * rises with the increase holds only from 1 % to the larger increases: docs/papers.md and
 * docs/aqm.md give the reason (self-configuring RED's max_p settles on a doubling ladder).
 */
const FIG20B_NAME = "seeds/004 Fig. 20 (b): loss against SUBTCP's bandwidth increase, per bottleneck delay";
export const FENG_FIG20B: GridFigure = {
  group: 'feng-fig20',
  name: FIG20B_NAME,
  title: `${FIG20B_NAME} (all ${FIG20B_INCREASE.length * FIG20B_DELAY_MS.length} runs)`,
  xLabel: 'bandwidth increase per round trip (%)',
  xUnit: ' %',
  xLog2: false,
  curves: FIG20B_DELAY_MS.map((ms) => `${ms} ms bottleneck`),
  curveShort: FIG20B_DELAY_MS.map((ms) => `${ms} ms`),
  curveUnit: 'bottleneck delay',
  points: FIG20B_DELAY_MS.flatMap((ms, curve) => FIG20B_INCREASE.map((inc) => ({ name: `feng-fig20b-inc${inc}-d${ms}`, curve, x: inc }))),
  metrics: [lossMetric('Loss rate at the bottleneck'), utilMetric('Utilization of the bottleneck')],
  caption: [
    'What seeds/004 §5 reads from this figure (100 connections, bandwidth-based SUBTCP over adaptive RED-ECN):',
    'the loss stays low, under 1 %, at every increase and delay;',
    'a longer round trip (5 to 50 ms across the bottleneck) has little impact, a fraction of a point at most;',
    'the paper has the loss rise slowly with the increase: here it is higher at 10-50 % than at 1 %, though not rising at every step (see docs/papers.md: self-configuring RED\'s max_p settles in doubling steps).',
  ],
};

/** The queues of seeds/001's G figures, one curve each (Tables I-III; Table IV's one-ECN-client cells are not in them). */
export const ECN_FINITE_CURVES: readonly { mech: EcnFiniteMech; label: string; short: string }[] = [
  { mech: 'dt', label: 'drop-tail', short: 'DT' },
  // (a no-break space in "2\u00a0%": on a phone a head wraps to "RED" over "2 %", never "2" over "%")
  { mech: 'red-c', label: 'RED, max_p 2 %', short: 'RED 2\u00a0%' },
  { mech: 'red-a', label: 'RED, max_p 10 %', short: 'RED 10\u00a0%' },
  { mech: 'ecn-c', label: 'RED+ECN, max_p 2 %', short: 'ECN 2\u00a0%' },
  { mech: 'ecn-a', label: 'RED+ECN, max_p 10 %', short: 'ECN 10\u00a0%' },
];

/** seeds/001's figure of G for n clients: Fig. 2 (2 clients), 3 (5), 4 (10); none for 1. */
const ECN_FINITE_FIG: Record<number, string> = { 2: 'Fig. 2', 5: 'Fig. 3', 10: 'Fig. 4' };

/**
 * seeds/001's caption for n clients: only what the paper reads from Figs. 2-4 and Tables
 * I-III, each statement checked against the same 35 runs by tests/golden/seeds001.test.ts
 * ("the G figures' captions"), and where these runs differ from the tables, said so.
 */
function ecnFiniteCaption(n: number): string[] {
  const fig = ECN_FINITE_FIG[n];
  if (fig === undefined)
    return [
      'seeds/001 draws no figure of G for one client; it reports one download alone (its baseline, drop-tail) at G = 99.42 %, with no drop once the buffer holds 39 packets.',
      'Here the download under drop-tail drops nothing from QL 64 up, at G = 99.68 %, and every queue keeps G above 98.5 % from QL 16 up, as Figs. 2-4 show for more clients;',
      'at QL 4 drop-tail gives the lowest G, but at QL 8 RED with max_p 10 %, with or without ECN, falls below drop-tail: with one client the paper has no figure to compare.',
    ];
  const out = [
    `What seeds/001 reads from ${fig} (${n} clients) and Tables I-III:`,
    'from QL 16 up G is near 100 % whatever the queue (here above 98 % under every queue, all within 1.5 points);',
    'at QL 8 and 4 it falls, furthest under drop-tail: every queue\'s G is lower at 8 than at any QL from 16 up, and lower again at 4, and RED, with or without ECN, keeps it above drop-tail\'s there;',
    'most of that gain comes from RED, not ECN: ECN moves RED\'s G by less than RED gains over drop-tail at QL 4 and 8 (at QL 4 not at all: nothing is marked);',
    'the drops fall as the buffer grows under drop-tail and RED, and RED+ECN with max_p 10 % drops less than half of what RED does at QL 32-128.',
  ];
  if (n === 2)
    out.push(
      'Where these runs differ from the tables (G = 2 x the slower goodput / 1.5 Mb/s): at QL 8 Tables I-III give 95.6 % under drop-tail and 98.5 % under RED and RED+ECN with max_p 2 %, these runs 85 % and 93 % (146 to 168 retransmission timeouts each, where RED with max_p 10 % has 27 and gives 99.1 %, as its table\'s 98.8 %); at QL 4 drop-tail gives 84 % here, 76 % in Table I.',
    );
  return out;
}

/**
 * seeds/001 Figs. 2-4 (presets/seeds001.ts, the ecn-finite-n{N}-* grid): goodput efficiency
 * G (the paper's equation 2, Summary.goodputEfficiency) and the drops of Tables I-III against
 * the queue limit QL (4 to 256, doubling: a log-2 axis), one curve per queue, for the number
 * of clients of the lesson it is opened from: one figure per N, each offered on its own
 * ecn-finite-n{N}-* lessons (Table IV's ecn1 cells, N = 2, offer N = 2's).
 */
function ecnFiniteFigure(n: number): GridFigure {
  const fig = ECN_FINITE_FIG[n];
  const name = `seeds/001 ${fig ?? '(no figure)'}: goodput efficiency G and drops against the queue limit, ${n} client${n === 1 ? '' : 's'}`;
  const qls = [...ECN_FINITE_QLS].sort((a, b) => a - b);
  const prefix = `ecn-finite-n${n}-`;
  return {
    group: 'ecn-finite',
    offeredOn: (lesson) => lesson.startsWith(prefix),
    name,
    title: `${name} (all ${ECN_FINITE_CURVES.length * qls.length} runs)`,
    xLabel: 'queue limit QL (packets, log scale)',
    xUnit: ' packets',
    xLog2: true,
    curves: ECN_FINITE_CURVES.map((c) => c.label),
    curveShort: ECN_FINITE_CURVES.map((c) => c.short),
    curveUnit: 'queue',
    xShort: 'QL',
    curveKey: 'QL: queue limit (packets). DT: drop-tail. RED: RED alone, ECN: RED+ECN, each with max_p 2\u00a0% or 10\u00a0%.',
    curveGroups: [
      { label: 'drop-tail and max_p 2 %', curves: [0, 1, 3] },
      { label: 'max_p 10 %', curves: [2, 4] },
    ],
    points: ECN_FINITE_CURVES.flatMap((c, curve) => qls.map((ql) => ({ name: ecnFiniteName(n, c.mech, ql), curve, x: ql }))),
    metrics: [
      { id: 'G', title: 'Goodput efficiency G', yLabel: 'goodput efficiency G (%)', yFrom: 'data', yCap: 100, minSpan: 10, of: (s) => pct(s.goodputEfficiency ?? NaN) },
      { id: 'drops', title: 'Packets dropped at the bottleneck', yLabel: 'drops (packets)', yFrom: 'zero', decimals: 0, of: (s) => s.bottleneck.drops },
    ],
    caption: ecnFiniteCaption(n),
  };
}

/** seeds/001's G figures, one per number of clients of the grid (1, 2, 5, 10). */
export const ECN_FINITE_FIGS: readonly GridFigure[] = ECN_FINITE_CLIENTS.map(ecnFiniteFigure);

export const GRID_FIGURES: readonly GridFigure[] = [FENG_FIG4, FENG_FIG20B, ...ECN_FINITE_FIGS];

/**
 * The figure whose grid the lesson `lesson` of group `group` belongs to, if any. The group
 * 'feng-fig20' holds Fig. 20 (a)'s schemes too: on those it offers (b)'s figure, whose title
 * says (b). The group 'ecn-finite' has one figure per number of clients (offeredOn).
 */
export function gridFigureFor(group: string | undefined, lesson?: string | null): GridFigure | undefined {
  if (group === undefined) return undefined;
  return GRID_FIGURES.find((f) => f.group === group && (f.offeredOn === undefined || (lesson != null && f.offeredOn(lesson))));
}

/**
 * The grid's comparison once the lesson has changed to one of group `group`: kept (its runs,
 * finished or going on, and its results) when that lesson offers the same figure, else
 * closed. Moving from one point of Fig. 4 to another closed the figure and its 40 runs
 * (about 19 s) had to start over, though each point runs as its own preset whatever the
 * lesson on screen: the figure is the same. (Fig. 20 (a)'s lessons, in the group
 * 'feng-fig20', offer (b)'s figure, and keep it too.)
 */
export function gridAfterLesson<G extends { figure: GridFigure }>(grid: G | null, group: string | undefined, lesson?: string | null): G | null {
  return grid && gridFigureFor(group, lesson) === grid.figure ? grid : null;
}

/**
 * The figure's heading: what is drawn so far while the runs go ("(12 of 40 runs so far)";
 * it said "(all 40 runs)" over the first point), "(all 40 runs)" once every run is drawn,
 * and how many failed when some did. `drawn`: runs done and plotted; `failed`: runs ended in error.
 */
export function gridHeading(fig: GridFigure, drawn: number, failed: number): string {
  const total = fig.points.length;
  if (drawn + failed < total) return `${fig.name} (${drawn} of ${total} runs so far${failed ? `, ${failed} failed` : ''})`;
  return failed ? `${fig.name} (${drawn} of ${total} runs; ${failed} failed)` : fig.title;
}

/** How far the grid's runs are (runMilestone, shared with Compare and the family over seeds). */
export const gridMilestone = runMilestone;

/** "a, b and c"; with semicolons when an item has its own comma ("drop-tail; RED, max_p 2 %; … and RED+ECN, max_p 10 %": with commas it read as more curves than there are). */
const listed = (xs: readonly string[]) => {
  if (xs.length < 2) return xs.join('');
  const sep = xs.some((x) => x.includes(',')) ? '; ' : ', ';
  return `${xs.slice(0, -1).join(sep)}${sep === '; ' ? ';' : ''} and ${xs[xs.length - 1]}`;
};
/** "loss rate (%)" as "loss rate", "max_p (log scale)" as "max_p": a label without its parenthesis, for speech. */
const bare = (label: string) => label.replace(/ \([^)]*\)$/, '');

/**
 * What the grid's live region says at a milestone (gridMilestone): the start, with how
 * many runs and how many at once; "20 of 40 runs done" at each quarter; at the end, how
 * many runs and what the figure shows (the metrics against the x, the curves, the reference).
 * `drawn`: runs done; `failed`: runs ended in error.
 */
export function gridAnnouncement(fig: GridFigure, drawn: number, failed: number, atOnce: number): string {
  const total = fig.points.length;
  const ended = drawn + failed;
  const m = gridMilestone(ended, total);
  if (m === 0) return `Running the ${total} runs of ${fig.name}, ${atOnce} at a time; the charts fill in as runs end.`;
  if (m < 4) return quarterText(ended, total, failed);
  const runs = failed ? `All ${total} runs ended, ${failed} failed (see the error above).` : `All ${total} runs done.`;
  const what = `The figure shows ${listed(fig.metrics.map((x) => bare(x.yLabel)))} against ${bare(fig.xLabel)}, one curve each for ${listed(fig.curves)}${fig.refLabel ? `, with ${fig.refLabel} as dashed lines` : ''}.`;
  return `${runs} ${what} The paper's reading and the numbers follow the charts.`;
}

/** An axis label without its parenthesis ("max_p (log scale)" is "max_p", "queue limit QL (packets, log scale)" is "queue limit QL"). */
const xName = (fig: Pick<GridFigure, 'xLabel'>) => fig.xLabel.replace(/ \([^)]*\)$/, '');

/** The point of the figure the grid was opened from: its preset, curve and x (null: the curve's reference), and its name for the legend and the text alternatives. */
export interface GridMark {
  name: string;
  curve: number;
  x: number | null;
  /** "this lesson: 8 connections, max_p 0.016"; "this lesson: 8 connections, drop-tail" on a reference. */
  text: string;
}

/**
 * The lesson `lesson`'s own point in the figure, marked (a ring) in every chart, or null
 * when the lesson is not one of its points (a Fig. 20 (a) scheme; seeds/001's Table IV
 * cells, offered the N = 2 figure). The figure said nothing of where the user came from.
 */
export function gridMark(fig: GridFigure, lesson: string | null | undefined): GridMark | null {
  const p = fig.points.find((q) => q.name === lesson);
  if (!p) return null;
  const where = p.x === null ? (fig.refLabel ?? 'the reference') : `${xName(fig)} ${p.x}${fig.xUnit ?? ''}`;
  return { name: p.name, curve: p.curve, x: p.x, text: `this lesson: ${fig.curves[p.curve]}, ${where}` };
}

/**
 * A y-axis tick's label (and a number said of a point): 4 significant digits, a whole number
 * of four digits or more grouped by thousands as the tables and the app's other counts are
 * ("20,000" drops; seeds/001's drop axis read "20000" beside its table's "17,480"); a small
 * number or a decimal as it is ("0.5", "99.5", "0.00123").
 */
export function gridTickText(v: number): string {
  return groupDigits(String(Number(v.toPrecision(4))));
}

/** A metric's value as said: "goodput efficiency G 99.27 %", "drops 17,480" (its label without the unit's parenthesis, percent after the number). */
export function gridValueText(metric: GridMetric, y: number): string {
  const v = gridTickText(y);
  return `${metric.yLabel.replace(/ \([^)]*\)$/, '')} ${v}${metric.yLabel.endsWith('(%)') ? ' %' : ''}`;
}

/**
 * A number of the figure's tables with `decimals` decimals and its thousands grouped, as the
 * app writes its other counts: seeds/001's drops read "17480" beside "250,000 exchanges".
 */
export function gridCellText(y: number, decimals: number): string {
  return groupDigits(y.toFixed(decimals));
}

/** What a chart says of the marked point: "this lesson: drop-tail, queue limit QL 64 packets: goodput efficiency G 99.27 %", or "(not run yet)" until its run ends. */
export function gridMarkText(mark: GridMark, metric: GridMetric, curves: readonly GridCurve[]): string {
  const c = curves[mark.curve];
  const y = mark.x === null ? c?.ref : c?.points.find((p) => p.name === mark.name)?.y;
  return `${mark.text}: ${y === undefined ? 'not run yet' : gridValueText(metric, y)}`;
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

/**
 * The head of the tables' x column: the axis label without what only the chart needs
 * ("max_p (log scale)" is "max_p"), its unit kept: Fig. 20 (b)'s column of 1, 10, 30, 50
 * was headed "bandwidth increase per round trip", its "(%)" cut with the scale's note.
 */
export function gridTableXHead(fig: Pick<GridFigure, 'xLabel'>): string {
  // (seeds/001's "queue limit QL (packets, log scale)" kept its scale note in the tables)
  return fig.xLabel.replace(/ \(log scale\)$/, '').replace(/, log scale\)$/, ')');
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

/**
 * The x axis over the grid's `xs`, from pixel `a` to `b`: log 2 with half a doubling of room
 * either side, or linear with 6 % of the span either side, so that the first and last
 * points sit off the axes.
 */
export function gridXPosition(fig: Pick<GridFigure, 'xLog2'>, xs: readonly number[], a: number, b: number): (x: number) => number {
  const first = xs[0];
  const last = xs[xs.length - 1];
  if (fig.xLog2) return (x) => log2Position(x, first / Math.SQRT2, last * Math.SQRT2, a, b);
  const pad = last > first ? 0.06 * (last - first) : 1;
  const lo = first - pad;
  const hi = last + pad;
  return (x) => a + ((x - lo) / (hi - lo)) * (b - a);
}

/** Position on a log-2 axis: log2(x) mapped from [log2 lo, log2 hi] to [a, b]. */
export function log2Position(x: number, lo: number, hi: number, a: number, b: number): number {
  const l0 = Math.log2(lo);
  const l1 = Math.log2(hi);
  return l1 === l0 ? (a + b) / 2 : a + ((Math.log2(x) - l0) / (l1 - l0)) * (b - a);
}

/**
 * The y axis' range before rounding to nice ticks: from 0 (yFrom 'zero') or from near the
 * smallest value, spanning at least the metric's minSpan (Fig. 20 b's utilization, all
 * within 99.1-100 %, would otherwise fill the chart with a 0.9-point difference), with 5 %
 * of room either side, never below 0.
 */
export function gridYDomain(values: readonly number[], metric: GridMetric): [number, number] {
  const v = values.filter((x) => Number.isFinite(x));
  const top = v.length ? Math.max(...v) : 1;
  let bottom = metric.yFrom === 'zero' || v.length === 0 ? 0 : Math.min(...v);
  if (metric.yFrom === 'data' && metric.minSpan !== undefined) bottom = Math.min(bottom, top - metric.minSpan);
  // every point at 0 (no loss anywhere): a unit axis, not 0 to 5e-11 with its ticks over the label
  if (metric.yFrom === 'zero' && !(top > 1e-6)) return [0, 1];
  const span = Math.max(top - bottom, 1e-9);
  return [Math.max(0, bottom - span * 0.05), top + span * 0.05];
}
