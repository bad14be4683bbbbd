/**
 * Two run summaries side by side: one row per metric with both values, the difference
 * and which side is better, so the compare view can highlight what changed. Pure.
 */
import { groupDigits } from '../../engine/scenario/presets/types';
import { KIND_NAMES, kindShare, kindsWorthShowing } from '../../engine/metrics/by-kind';
import type { QueueSummary, Summary } from '../../engine/metrics/types';
import { KIND_KEYS, type KindKey } from '../../engine/net/packet';
import { capitalized, flowPairLabel } from '../flow-tags';

export type Better = 'higher' | 'lower' | null;

export interface DiffRow {
  key: string;
  label: string;
  a: number | null;
  b: number | null;
  /** b - a, or null when either is missing. */
  delta: number | null;
  /** (b - a) / |a|, or null when a is 0 or missing. */
  rel: number | null;
  /** 'same' (equal to 9 significant digits), 'differs', or 'large' (relative change of 5 % or more, or one side missing). */
  change: 'same' | 'differs' | 'large';
  /**
   * Which side is better for this metric, or null when equal, when neither is better, or when
   * the difference is too small to call one run better (BETTER_RULE: the shown values equal,
   * or a relative change under LARGE_CHANGE).
   */
  winner: 'a' | 'b' | null;
  format: (v: number) => string;
  /** The number style `format` writes in. */
  style: NumberStyle;
  /** Which direction is better for this metric (null: neither), for a table of means over seeds (seeds.ts). */
  better: Better;
  group: 'bottleneck' | 'overall' | 'flow';
  /** Text for a missing value ("unfinished" for a completion time, "—" otherwise). */
  missing: string;
}

/**
 * How a metric's numbers read: `shown(v)` (the value in the unit shown) with `decimals(v)`
 * decimals, then `unit`. A table of means over seeds (seeds.ts) writes a mean's sd with the
 * mean's decimals, so the style is kept apart from the text.
 */
export interface NumberStyle {
  shown: (v: number) => number;
  decimals: (v: number) => number;
  /** " %", " ms", "" for a plain number. */
  unit: string;
}

/**
 * `v` in `style`, with its own decimals or the `decimals` given; the whole part grouped by
 * thousands, as the app's other counts are: the Compare table's drops read "8527" and
 * "29895" beside the response chart's "(40,112)".
 */
export function styleText(style: NumberStyle, v: number, decimals = style.decimals(v)): string {
  return `${groupDigits(style.shown(v).toFixed(decimals))}${style.unit}`;
}

const pct: NumberStyle = { shown: (v) => v * 100, decimals: (v) => (v !== 0 && Math.abs(v) < 0.001 ? 4 : 2), unit: ' %' };
/** A count (drops, marks): a whole number. A mean over seeds shows one decimal instead (seeds.ts). */
export const int: NumberStyle = { shown: (v) => v, decimals: () => 0, unit: '' };
const sec: NumberStyle = { shown: (v) => v, decimals: () => 3, unit: ' s' };
const ms: NumberStyle = { shown: (v) => v * 1000, decimals: () => 1, unit: ' ms' };
const pkts: NumberStyle = { shown: (v) => v, decimals: () => 1, unit: ' pkts' };
const ratio: NumberStyle = { shown: (v) => v, decimals: () => 3, unit: '' };
const mbps: NumberStyle = { shown: (v) => v / 1e6, decimals: () => 3, unit: ' Mb/s' };

/** The relative change threshold above which a difference counts as large, and one side may be called better. */
export const LARGE_CHANGE = 0.05;

/**
 * When the one-seed table calls a side better (bold), as its note says it. One run is one
 * random draw, and smaller differences are the size the seed alone makes: the default lesson
 * at seeds 1-5 had a mean queue of 13.46-13.94 packets (3.5 % apart), utilization 95.6-97.2 %
 * and 83-90 drops. A teacher's class read a mean queue of 21.9 against 22.0 packets and a
 * completion time "0.0 %" apart, both bold, as findings.
 */
export const BETTER_RULE = `Bold: the better side, only where the change is ${LARGE_CHANGE * 100} % or more and the values shown differ (or one run has none). One run is one random draw, and another seed moves these numbers by a few percent: a smaller difference may be chance. To tell, repeat each run over several seeds.`;

function row(key: string, label: string, a: number | null, b: number | null, better: Better, style: NumberStyle, group: DiffRow['group'], missing = '—'): DiffRow {
  const format = (v: number): string => styleText(style, v);
  const has = a !== null && b !== null && Number.isFinite(a) && Number.isFinite(b);
  const delta = has ? b - a : null;
  const rel = has && a !== 0 ? (b - a) / Math.abs(a) : null;
  let change: DiffRow['change'];
  if (a === null && b === null) change = 'same';
  else if (!has) change = 'large';
  else if (Math.abs(b - a) <= 1e-9 * Math.max(Math.abs(a), Math.abs(b))) change = 'same';
  else change = rel === null || Math.abs(rel) >= LARGE_CHANGE ? 'large' : 'differs';
  let winner: DiffRow['winner'] = null;
  // no side is bold when the table shows the same number on both ("1.000" against "1.000",
  // G "99.27 %" against "99.27 %" were bold on one side: a winner the reader cannot see)
  const shownSame = has && format(a) === format(b);
  // nor when the difference is small (BETTER_RULE): 21.9 against 22.0 packets was bold
  if (change === 'large' && better !== null && !shownSame) {
    // a missing value (an unfinished flow's completion, G with a flow unfinished) is the worse side
    if (!has) winner = a === null || !Number.isFinite(a) ? 'b' : 'a';
    else winner = (better === 'higher') === b > a ? 'b' : 'a';
  }
  return { key, label, a, b, delta, rel, change, winner, format, style, better, group, missing };
}

/** A kind's drop share at the queue, null (shown as —) when none of it came. */
function dropShare(q: QueueSummary, k: KindKey): number | null {
  const v = kindShare(q, 'drops', [k]);
  return Number.isFinite(v) ? v : null;
}

/** Longest completion time over the flows, or null if any flow is unfinished. */
export function longestCompletion(s: Summary): number | null {
  let m = 0;
  for (const f of s.flows) {
    if (f.kind !== 'tcp') continue;
    if (f.completionTime === null) return null;
    m = Math.max(m, f.completionTime);
  }
  return s.flows.some((f) => f.kind === 'tcp') ? m : null;
}

/**
 * Rows: bottleneck utilization, loss (and drops by reason), ECN marks, queue and delay;
 * goodput efficiency G, Jain's index and the longest completion; then per flow its
 * completion time and goodput. A missing completion (unfinished flow) is "worse" than
 * any time (an unfinished transfer lost). `tagsA`, `tagsB`: each side's flow tags
 * (flow-tags.ts flowTagsTogether over both scenarios), so a flow's rows say what it is as the
 * single-run views do ("Flow 0 · CUBIC goodput"; flow-tags.ts flowPairLabel).
 */
export function compareSummaries(a: Summary, b: Summary, tagsA: readonly string[] = [], tagsB: readonly string[] = [], opts: { reverse?: boolean } = {}): DiffRow[] {
  const A = a.bottleneck;
  const B = b.bottleneck;
  const RA = a.bottleneckReverse;
  const RB = b.bottleneckReverse;
  // Jain's index over no long-lived flow (web traffic alone) is no index: the engine's 1 read
  // "1.000 = 1.000" beside the single-run table's and the CLI's "—"
  const jainOf = (s: Summary) => (s.flows.length === 0 ? null : s.fairness.jain);
  const rows: DiffRow[] = [
    row('util', 'Bottleneck utilization', A.utilization, B.utilization, 'higher', pct, 'bottleneck'),
    row('loss', 'Drop rate (queue)', A.lossRate, B.lossRate, 'lower', pct, 'bottleneck'),
    row('drops', 'Drops', A.drops, B.drops, 'lower', int, 'bottleneck'),
    row('dropsEarly', '  early', A.dropsEarly, B.dropsEarly, null, int, 'bottleneck'),
    row('dropsForced', '  forced', A.dropsForced, B.dropsForced, null, int, 'bottleneck'),
    row('dropsOverflow', '  overflow', A.dropsOverflow, B.dropsOverflow, null, int, 'bottleneck'),
    // web traffic: what the queue did to each kind of packet (seeds/003: ECN for the data
    // moves the drops onto the SYN-ACKs, which are never ECN-capable)
    ...(kindsWorthShowing(A, a.bottleneckReverse) || kindsWorthShowing(B, b.bottleneckReverse)
      ? KIND_KEYS.filter((k) => (A.byKind?.[k].arrivals ?? 0) + (B.byKind?.[k].arrivals ?? 0) > 0).map((k) => row(`kind.${k}.drops`, `Drop rate, ${KIND_NAMES[k]}`, dropShare(A, k), dropShare(B, k), 'lower', pct, 'bottleneck'))
      : []),
    row('linkLosses', 'Link losses (random)', A.linkLosses, B.linkLosses, 'lower', int, 'bottleneck'),
    row('marks', 'ECN marks', A.marks, B.marks, null, int, 'bottleneck'),
    row('markRate', 'Mark rate', A.markRate, B.markRate, null, pct, 'bottleneck'),
    row('meanQueue', 'Mean queue', A.meanQueuePackets, B.meanQueuePackets, 'lower', pkts, 'bottleneck'),
    row('meanDelay', 'Mean queueing delay', A.meanQueueDelay, B.meanQueueDelay, 'lower', ms, 'bottleneck'),
    // two-way traffic (seeds/000's web traffic): the right-to-left queue drops as much as the
    // forward one, and the response times count both directions; the single-run table shows it
    ...(opts.reverse
      ? [
          row('rev.util', 'Utilization (reverse queue)', RA.utilization, RB.utilization, 'higher', pct, 'bottleneck'),
          row('rev.loss', 'Drop rate (reverse queue)', RA.lossRate, RB.lossRate, 'lower', pct, 'bottleneck'),
          row('rev.meanQueue', 'Mean queue (reverse queue)', RA.meanQueuePackets, RB.meanQueuePackets, 'lower', pkts, 'bottleneck'),
        ]
      : []),
    row('G', 'Goodput efficiency G', a.goodputEfficiency, b.goodputEfficiency, 'higher', pct, 'overall'),
    row('jain', "Jain's fairness index", jainOf(a), jainOf(b), 'higher', ratio, 'overall'),
    row('longest', 'Longest completion time', longestCompletion(a), longestCompletion(b), 'lower', sec, 'overall', a.flows.some((f) => f.bytesRequested !== null) ? 'unfinished' : '—'),
  ];
  const n = Math.max(a.flows.length, b.flows.length);
  for (let i = 0; i < n; i++) {
    const fa = a.flows[i];
    const fb = b.flows[i];
    const name = capitalized(flowPairLabel(i, tagsA, tagsB));
    if ((fa?.bytesRequested ?? null) !== null || (fb?.bytesRequested ?? null) !== null) {
      rows.push(row(`flow${i}.completion`, `${name} completion`, fa?.completionTime ?? null, fb?.completionTime ?? null, 'lower', sec, 'flow', 'unfinished'));
    }
    rows.push(row(`flow${i}.goodput`, `${name} goodput`, fa?.goodputBps ?? null, fb?.goodputBps ?? null, 'higher', mbps, 'flow'));
  }
  return rows;
}

/** Flows the table lists one by one; with more, their rows fold under a spread (foldFlows). */
export const FOLD_FLOWS = 8;

/** The median of sorted values (null, an unfinished flow, sorts last); null if it falls on one. */
function median(sorted: (number | null)[]): number | null {
  const n = sorted.length;
  const lo = sorted[(n - 1) >> 1];
  const hi = sorted[n >> 1];
  return lo === null || hi === null ? null : (lo + hi) / 2;
}

/** One side's per-flow values sorted ascending, unfinished (null) last. */
function sortedValues(values: (number | null)[]): (number | null)[] {
  return [...values].sort((x, y) => (x === null ? (y === null ? 0 : 1) : y === null ? -1 : x - y));
}

/**
 * A table that a class can read with many flows (a 100-flow scenario made 100 goodput rows):
 * past FOLD_FLOWS flows the per-flow rows are taken out (`flowRows`, for a table to expand)
 * and `rows` gets their spread instead: the lowest, median and highest goodput of each run,
 * and the shortest and median completion time (the longest is already a row). With
 * FOLD_FLOWS flows or fewer, `rows` is unchanged and `flowRows` empty.
 */
export function foldFlows(rows: DiffRow[], a: Summary, b: Summary): { rows: DiffRow[]; flowRows: DiffRow[]; flows: number } {
  const flows = Math.max(a.flows.length, b.flows.length);
  if (flows <= FOLD_FLOWS) return { rows, flowRows: [], flows };
  const out = rows.filter((r) => r.group !== 'flow');
  const goodA = sortedValues(a.flows.map((f) => f.goodputBps));
  const goodB = sortedValues(b.flows.map((f) => f.goodputBps));
  const of = (n: number) => `of ${n} flows`;
  const count = a.flows.length === b.flows.length ? ` ${of(flows)}` : '';
  const pick = (v: (number | null)[], k: 'min' | 'median' | 'max') => (v.length === 0 ? null : k === 'min' ? v[0] : k === 'max' ? v[v.length - 1] : median(v));
  out.push(
    row('flows.goodput.min', `Flow goodput, lowest${count}`, pick(goodA, 'min'), pick(goodB, 'min'), 'higher', mbps, 'flow'),
    row('flows.goodput.median', 'Flow goodput, median', pick(goodA, 'median'), pick(goodB, 'median'), 'higher', mbps, 'flow'),
    row('flows.goodput.max', 'Flow goodput, highest', pick(goodA, 'max'), pick(goodB, 'max'), null, mbps, 'flow'),
  );
  const sized = (s: Summary) => s.flows.filter((f) => f.bytesRequested !== null).map((f) => f.completionTime);
  const doneA = sortedValues(sized(a));
  const doneB = sortedValues(sized(b));
  if (doneA.length > 0 || doneB.length > 0) {
    out.push(
      row('flows.completion.min', 'Flow completion, shortest', pick(doneA, 'min'), pick(doneB, 'min'), 'lower', sec, 'flow', 'unfinished'),
      row('flows.completion.median', 'Flow completion, median', pick(doneA, 'median'), pick(doneB, 'median'), 'lower', sec, 'flow', 'unfinished'),
    );
  }
  return { rows: out, flowRows: rows.filter((r) => r.group === 'flow'), flows };
}

/**
 * "+12.5 %" / "−3.0 %" / "" for a row's relative change. A change that rounds to 0 has no
 * sign: a utilization lower by 0.01 % read "−0.0 %".
 */
export function relText(r: DiffRow): string {
  if (r.change === 'same') return '=';
  if (r.rel === null) return r.delta === null ? 'only one side' : r.delta > 0 ? 'up from 0' : 'down';
  const p = r.rel * 100;
  const text = Math.abs(p).toFixed(Math.abs(p) < 10 ? 1 : 0);
  if (Number(text) === 0) return `${text} %`;
  return `${p > 0 ? '+' : '−'}${text} %`;
}
