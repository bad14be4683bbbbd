/**
 * Lesson families for the overlaid response times: the web lessons that run the same
 * workload, on the same network apart from the bottleneck's queue, TCP variant and ECN,
 * with the same seed and window. Their runs differ only by what they teach (drop-tail
 * against PI against REM ...) and share one uncongested baseline, as each figure of the
 * papers does (seeds/000 Figs. 8-21, seeds/002 Figs. 4-10, seeds/003 Figs. 2-5).
 */
import type { Summary } from '../../engine/metrics/types';
import type { Scenario } from '../../engine/scenario/schema';
import type { EngineScenario } from '../../engine/sim-run';
import { baselineKey, uncongested } from '../../engine/traffic/calibrate';
import { hasWebTraffic } from '../scenario-view';
import { int, styleText, type NumberStyle } from './diff';
import { seedRow, type SeedMetric, type SeedRow } from './seeds';
import { grouped } from '../../engine/core/number-text';

/** The run window: when the summary starts counting and when the run stops. */
type Window = Pick<Scenario, 'warmup' | 'duration' | 'stopAfterExchanges'>;

/** `s` measured over `w`'s window (and with its seed): the family runs all members alike. */
export function withWindowOf(s: Scenario, w: Window & { seed: number }): Scenario {
  const out: Scenario = { ...s, seed: w.seed, warmup: w.warmup, duration: w.duration, stopAfterExchanges: w.stopAfterExchanges };
  if (out.duration === undefined) delete out.duration;
  if (out.stopAfterExchanges === undefined) delete out.stopAfterExchanges;
  return out;
}

/**
 * Equal for two web scenarios exactly when only their queues, TCP variants, ECN, seeds or
 * run windows differ: the text of the uncongested network (`uncongested` replaces the
 * first three; an offered `load` stays, so the calibration is the same too). The family
 * runs with one seed and one window, the current scenario's (`withWindowOf`), so a lesson
 * measured later, e.g. after PI has settled, still overlays its family over that same
 * window. Null without web traffic.
 */
export function familyKey(s: Scenario): string | null {
  if (!hasWebTraffic(s)) return null;
  const common = withWindowOf(s, { seed: 0, warmup: 0, duration: undefined, stopAfterExchanges: undefined });
  return baselineKey(uncongested(common as Scenario as EngineScenario));
}

/**
 * Whether the one uncongested baseline Compare runs (the first web scenario's) is the baseline
 * of both compared scenarios: the same traffic on the same uncongested network (familyKey)
 * over the same window (Compare gives both the same seed). DT-148q at 80 % against DT-148q at
 * 105 % drew 80 %'s baseline as "uncongested", the reference of both curves by its name.
 * True when only one side has web traffic (the baseline is then that side's alone).
 */
export function baselineServesBoth(a: Scenario, b: Scenario): boolean {
  const ka = familyKey(a);
  const kb = familyKey(b);
  if (ka === null || kb === null) return true;
  return ka === kb && a.warmup === b.warmup && a.duration === b.duration && a.stopAfterExchanges === b.stopAfterExchanges;
}

/** The members of `current`'s family among `candidates`, in their order (current included when listed). */
export function familyOf<T extends { scenario: Scenario }>(current: Scenario, candidates: readonly T[]): T[] {
  const key = familyKey(current);
  return key === null ? [] : candidates.filter((c) => familyKey(c.scenario) === key);
}

/**
 * What "this lesson's family" overlays: the current scenario (as edited, under `title`)
 * first, then the other lessons of its family, each with the current seed and run window;
 * empty when there is no other. Benchmarks are not lessons to overlay: bench-seeds000-full
 * is seeds/000's 80 % family at full scale, and opened itself it finds the lessons, which
 * then run over its window (120 s of warm-up, 250,000 exchanges).
 */
export function familyRunList<T extends { name: string; title: string; group: string; scenario: Scenario }>(
  current: Scenario,
  title: string,
  preset: string | null | undefined,
  candidates: readonly T[],
): { id: string; title: string; scenario: Scenario }[] {
  const others = familyOf(current, candidates).filter((l) => l.name !== preset && l.group !== 'bench');
  if (others.length === 0) return [];
  return [{ id: 'current', title, scenario: current }, ...others.map((l) => ({ id: l.name, title: l.title, scenario: withWindowOf(l.scenario, current) }))];
}

/** Words that join a title's parts: a label cut to begin with one has lost what it joined. */
const JOINING = new Set(['+', '&', '-', '–', 'and', 'or', 'at', 'with', 'without', 'in', 'on', 'of', 'over', 'under', 'for', 'to', 'from', 'by', 'vs', 'vs.']);

/**
 * Short labels for a set of titles: the words they all start and end with are cut
 * ("Browsing users at 98 % of 100 Mb/s, PI q_ref 24 (seeds/002)" -> "PI q_ref 24"),
 * unless a label would then begin with a joining word: seeds/003's family shares
 * only its first word, the queue, and cut it read "+ ECN at 105 % load, SYN-ACKs not
 * ECN-capable" and "at 105 % load, no ECN" (RED* gone from the legend and the table).
 * A title that would become empty keeps its whole text.
 */
export function shortLabels(titles: readonly string[]): string[] {
  if (titles.length < 2) return [...titles];
  const words = titles.map((t) => t.split(' '));
  const min = Math.min(...words.map((w) => w.length));
  const joining = (w: string | undefined) => w !== undefined && JOINING.has(w.toLowerCase());
  let pre = 0;
  while (pre < min && words.every((w) => w[pre] === words[0][pre])) pre++;
  while (pre > 0 && words.some((w) => joining(w[pre]))) pre--;
  let post = 0;
  while (post < min - pre && words.every((w) => w[w.length - 1 - post] === words[0][words[0].length - 1 - post])) post++;
  return words.map((w, i) => {
    const s = w
      .slice(pre, w.length - post)
      .join(' ')
      .replace(/^[,;:\s]+|[,;:\s]+$/g, '');
    return s === '' ? titles[i] : s;
  });
}

/** A column of the family's table: the papers' summary figures (seeds/000 Table 3, seeds/002 Figs. 4-10). */
export interface FamilyMetric extends SeedMetric {
  /** The figure in a run's summary (null: the run has none). */
  value: (s: Summary) => number | null;
  /** One run's figure as the one-seed table writes it. */
  text: (v: number) => string;
}

/** A share written as a percentage without its sign (the column's heading says "%"). */
const share = (decimals: number): NumberStyle => ({ shown: (v) => 100 * v, decimals: () => decimals, unit: '' });

/** The times the table reads each response-time CDF at, seconds. */
export const FAMILY_TIMES = [0.2, 0.5, 1, 2];

function metric(key: string, label: string, value: FamilyMetric['value'], style: NumberStyle, better: FamilyMetric['better'], text = (v: number) => styleText(style, v)): FamilyMetric {
  return { key, label, value, style, better, text, group: key === 'loss' || key === 'util' || key === 'queue' ? 'bottleneck' : 'overall', missing: '–' };
}

/** A mean backlog in packets, one decimal (the column's heading says "pkts"). */
const packets: NumberStyle = { shown: (v) => v, decimals: () => 1, unit: '' };

/**
 * The table's columns, the papers' summary figures (seeds/000 Tables 3-4, seeds/002 Table
 * II, seeds/003 §4.3): loss, utilization and time-averaged backlog of the bottleneck (left
 * to right), exchanges completed after the warm-up, the share of them that saw a drop, and
 * the share of responses within each of FAMILY_TIMES.
 */
export const FAMILY_METRICS: readonly FamilyMetric[] = [
  metric('loss', 'Loss %', (s) => s.bottleneck.lossRate, share(2), 'lower'),
  metric('util', 'Utilization %', (s) => s.bottleneck.utilization, share(1), 'higher'),
  metric('queue', 'Mean queue pkts', (s) => s.bottleneck.meanQueuePackets, packets, 'lower'),
  metric('exchanges', 'Exchanges', (s) => s.web?.exchanges ?? 0, int, null, grouped),
  metric('drophit', '% with a drop', (s) => s.web?.flowsWithLoss ?? null, share(1), 'lower'),
  // a number and its unit never part: in classroom type at 1366 px the header read "% / within 1 / s"
  ...FAMILY_TIMES.map((t) => metric(`within${t}`, `% within ${t < 1 ? `${t * 1000}\u00a0ms` : `${t}\u00a0s`}`, (s) => s.web?.cdf.find(([x]) => x === t)?.[1] ?? null, share(1), 'higher')),
];

/**
 * The family's table over seeds: `runs[i][k]` is lesson i's summary at seed k (every lesson
 * at the same seeds). Per lesson, one row per FAMILY_METRICS column, each against the first
 * lesson (the family's reference), paired by seed (seeds.ts, seedRow): `a` is the first
 * lesson's values, `b` this lesson's; the first lesson's own row has no verdict.
 */
export function familySeedTable(runs: readonly (readonly Summary[])[]): SeedRow[][] {
  const values = (i: number, m: FamilyMetric) => runs[i].map((s) => m.value(s));
  return runs.map((_, i) =>
    FAMILY_METRICS.map((m) => {
      const r = seedRow(m, values(0, m), values(i, m));
      return i === 0 ? { ...r, diff: null, bound: null, verdict: null, winner: null } : r;
    }),
  );
}

