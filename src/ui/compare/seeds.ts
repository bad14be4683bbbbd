/**
 * Compare over several seeds: one run is one random draw (RED, PI, REM and PIE decide at
 * random, and a web workload's offered load depends on its seed: the seeds/000 full run
 * was 62.9-83.4 % busy per direction over seeds 1-5 at one connection rate), so a difference
 * between two queues may be chance. With N seeds each scenario runs at seeds s .. s+N-1,
 * and the table shows each metric's mean ± sample standard deviation and whether the
 * difference is larger than the seeds' spread, judged on the per-seed differences
 * (paired by seed: SPREAD_RULE). Pure (no React).
 */
import { bytesText, durationText, estimateRun, estimateText } from '../../engine/estimate';
import { APP_MAX_PACKETS } from '../../protocol/messages';
import { meanSd, spreadBound, verdict, type Verdict } from '../../engine/metrics/stats';
import type { Summary } from '../../engine/metrics/types';
import { RUN_FIELDS } from '../../engine/scenario/fields';
import type { Scenario } from '../../engine/scenario/schema';
import { jsonEqual } from '../../engine/scenario/paths';
import { LARGE_RUN_BYTES, LARGE_RUN_SECONDS } from '../run/controller';
import { compareSummaries, foldFlows, int, styleText, type Better, type DiffRow, type NumberStyle } from './diff';

/** The rule over seeds (src/engine/metrics/stats.ts), shared with `aqm-lab sweep --against`. */
export { spreadBound, verdict, type Verdict };

/**
 * The seed B runs with beside A's `a.seed`: A's, so that only the scenarios differ, unless
 * the seed is all that differs. Then B keeps its own: the seeds/001 lesson's Try change "Same
 * network, other random draws: seed 4" set to A's seed 1 ran A twice, and the table read "="
 * on every row under B's name.
 */
export function seedOfB(a: Scenario, b: Scenario, n = 1): number {
  return n === 1 && seedOnly(a, b) ? b.seed : a.seed;
}

/**
 * Whether B differs from A in its seed alone. Over several seeds Compare runs both at A's
 * seeds: the table's rule pairs the runs seed by seed (their shared random draws), which two
 * sets of seeds do not have, and it judged one scenario at seeds 1-3 against itself at 4-6
 * "larger than the seeds' spread" on utilization.
 */
export function seedOnly(a: Scenario, b: Scenario): boolean {
  return b.seed !== a.seed && jsonEqual({ ...b, seed: a.seed }, a);
}

/** Most seeds the compare view repeats a run over. */
export const MAX_COMPARE_SEEDS = 10;

/** A seed count from the control: a whole number from 1 to MAX_COMPARE_SEEDS (1 for anything else). */
export function seedCount(x: unknown): number {
  const n = typeof x === 'number' ? x : Number(x);
  return Number.isInteger(n) && n >= 1 ? Math.min(n, MAX_COMPARE_SEEDS) : 1;
}

/** The seeds s, s+1, ..., s+n-1 (past the largest seed they go on from 0). */
export function seedList(s: number, n: number): number[] {
  const span = RUN_FIELDS.seed.max + 1;
  return Array.from({ length: n }, (_, k) => (s + k) % span);
}

/** "seeds 1 to 5" / "seed 7". */
export function seedsText(seeds: readonly number[]): string {
  if (seeds.length === 1) return `seed ${seeds[0]}`;
  const consecutive = seeds.every((x, i) => i === 0 || x === seeds[i - 1] + 1);
  return consecutive ? `seeds ${seeds[0]} to ${seeds[seeds.length - 1]}` : `seeds ${seeds.join(', ')}`;
}

/**
 * The rule the verdict follows, as a table says it under itself: `who` run at the same
 * seeds, each seed giving one difference `d`.
 */
export function spreadRule(who: string, d: string): string {
  return `${who} run at the same seeds, and runs at one seed share their traffic’s random draws, so each seed gives one difference ${d}. A difference counts as larger than the seeds’ spread when the mean of these differences is more than 2 × sd(${d})/√N away from 0, about two standard errors. This is a rule of thumb over N seeds, not a significance test: within the spread means these seeds cannot tell the two apart.`;
}

/** The rule of the pairwise table. */
export const SPREAD_RULE = spreadRule('A and B', 'B − A');

/** A response-time chart's title over seeds: the first seed's curves solid, the others' faint. */
export function faintTitle(seeds: readonly number[]): string | undefined {
  return seeds.length > 1 ? `Response times (seed ${seeds[0]}; faint: ${seedsText(seeds.slice(1))})` : undefined;
}

/** "run 3 of 12" while runs go on, "all 12 runs done" after: `done` of `total` runs have ended. */
export function runCounterText(done: number, total: number): string {
  return done < total ? `run ${Math.min(total, done + 1)} of ${total}` : `all ${total} runs done`;
}


/** One side's values of a metric over the seeds. */
export interface SeedStat {
  /** Per seed, in seed order; null where the run has none (an unfinished flow's completion). */
  values: (number | null)[];
  /** Mean and sample standard deviation; null when any seed has none. */
  mean: number | null;
  sd: number | null;
  /** Seeds without a value. */
  missing: number;
}

export interface SeedRow {
  key: string;
  label: string;
  group: DiffRow['group'];
  better: Better;
  format: (v: number) => string;
  /** The number style `format` writes in (statText writes a mean's sd with the mean's decimals). */
  style: NumberStyle;
  /** Text for a value a run does not have ("unfinished", "—"). */
  missingText: string;
  a: SeedStat;
  b: SeedStat;
  /** mean B − mean A, or null when either mean is missing. */
  diff: number | null;
  /** spreadBound of the per-seed differences, or null when a seed misses a value. */
  bound: number | null;
  verdict: Verdict | null;
  /** The better side, only when the difference is larger than the spread. */
  winner: 'a' | 'b' | null;
}

/** One side's values of a metric over the seeds, with their mean and sample sd (null and non-finite values count as missing). */
export function seedStat(values: readonly (number | null)[]): SeedStat {
  const clean = values.map((v) => (v === null || !Number.isFinite(v) ? null : v));
  const { mean, sd } = meanSd(clean);
  return { values: clean, mean, sd, missing: clean.filter((v) => v === null).length };
}

/** The rows of one seed's table, by key, in their order. */
function seedRows(rows: readonly DiffRow[], keys: string[], proto: Map<string, DiffRow>, byKey: Map<string, DiffRow>[]): void {
  const m = new Map<string, DiffRow>();
  for (const r of rows) {
    m.set(r.key, r);
    if (!proto.has(r.key)) {
      proto.set(r.key, r);
      keys.push(r.key);
    }
  }
  byKey.push(m);
}

/** What a metric is, for a row over seeds: its name, which way is better, how it reads. */
export type SeedMetric = Pick<DiffRow, 'key' | 'label' | 'group' | 'better' | 'style' | 'missing'>;

/**
 * One metric over the seeds, B against A: `a[k]` and `b[k]` are the two sides' values at
 * seed k (runs at one seed share their workload's draws, so the differences are paired by
 * seed): both sides' means and sds, the difference of the means and the verdict on the
 * per-seed differences (SPREAD_RULE). Used by the pairwise table and by the family's,
 * where A is the family's first lesson.
 */
export function seedRow(p: SeedMetric, aValues: readonly (number | null)[], bValues: readonly (number | null)[]): SeedRow {
  const a = seedStat(aValues);
  const b = seedStat(bValues);
  const has = a.mean !== null && b.mean !== null && a.sd !== null && b.sd !== null;
  // paired by seed: seed k's B minus seed k's A (every seed has both when `has`)
  const diffs = has ? b.values.map((x, k) => x! - a.values[k]!) : [];
  const diff = has ? b.mean! - a.mean! : null;
  const bound = has ? spreadBound(diffs) : null;
  const v = has ? verdict(diffs, Math.max(Math.abs(a.mean!), Math.abs(b.mean!))) : null;
  const winner = v === 'apart' && p.better !== null ? ((p.better === 'higher') === diff! > 0 ? 'b' : 'a') : null;
  // a count's mean is rarely whole: one decimal
  const style: NumberStyle = p.style === int ? { ...int, decimals: () => 1 } : p.style;
  const format = (x: number): string => styleText(style, x);
  return { key: p.key, label: p.label, group: p.group, better: p.better, format, style, missingText: p.missing, a, b, diff, bound, verdict: v, winner };
}

function aggregate(keys: readonly string[], proto: Map<string, DiffRow>, bySeed: Map<string, DiffRow>[]): SeedRow[] {
  return keys.map((key) =>
    seedRow(
      proto.get(key)!,
      bySeed.map((m) => m.get(key)?.a ?? null),
      bySeed.map((m) => m.get(key)?.b ?? null),
    ),
  );
}

/**
 * The table over seeds: `pairs[k]` holds the two summaries of seed k. Each seed's rows are
 * those of the one-seed table (compareSummaries, folded past FOLD_FLOWS flows as there);
 * `rows` and `flowRows` hold, per metric, both sides' values over the seeds, their means
 * and sds, the difference of the means and the verdict. `tagsA`, `tagsB`: each side's flow
 * tags, for the flows' rows (compareSummaries); `opts.reverse`: rows for the reverse queue too.
 */
export function seedTable(pairs: readonly { a: Summary; b: Summary }[], tagsA: readonly string[] = [], tagsB: readonly string[] = [], opts: { reverse?: boolean } = {}): { rows: SeedRow[]; flowRows: SeedRow[]; flows: number } {
  const keys: string[] = [];
  const flowKeys: string[] = [];
  const proto = new Map<string, DiffRow>();
  const bySeed: Map<string, DiffRow>[] = [];
  const flowsBySeed: Map<string, DiffRow>[] = [];
  let flows = 0;
  for (const { a, b } of pairs) {
    const t = foldFlows(compareSummaries(a, b, tagsA, tagsB, opts), a, b);
    flows = Math.max(flows, t.flows);
    seedRows(t.rows, keys, proto, bySeed);
    seedRows(t.flowRows, flowKeys, proto, flowsBySeed);
  }
  return { rows: aggregate(keys, proto, bySeed), flowRows: flowKeys.length > 0 ? aggregate(flowKeys, proto, flowsBySeed) : [], flows };
}

/**
 * "12.3 ms ± 1.2 ms": the sd with as many decimals as the mean (a percentage's formatter
 * alone gives a small sd more: "0.55 % ± 0.0954 %"), and an sd of exactly 0 (every seed
 * the same) as "± 0" in the unit: "75.3 pkts ± 0 pkts". A missing mean: "unfinished in
 * 2 of 5 seeds".
 */
export function statText(r: Pick<SeedRow, 'style' | 'missingText'>, s: SeedStat): string {
  if (s.mean === null || s.sd === null) return s.missing === s.values.length ? r.missingText : `${r.missingText} in ${s.missing} of ${s.values.length} seeds`;
  const decimals = r.style.decimals(s.mean);
  const sd = s.sd === 0 ? `0${r.style.unit}` : styleText(r.style, s.sd, decimals);
  return `${styleText(r.style, s.mean, decimals)} ± ${sd}`;
}

/**
 * The difference of the means, signed: "+1.2 ms", "−0.40 pp" (percentage points), "=" when the same. A
 * difference too small for the row's decimals gets the decimals to show two significant
 * digits: Jain's index 1.000 against 0.999 read "−0.000, larger than the seeds' spread".
 */
export function diffText(r: Pick<SeedRow, 'diff' | 'verdict' | 'format' | 'style'>): string {
  if (r.diff === null) return '—';
  if (r.verdict === 'same') return '=';
  const d = Math.abs(r.diff);
  const style = diffStyle(r.style);
  let text = styleText(style, d);
  const shown = Math.abs(style.shown(d));
  if (!/[1-9]/.test(text) && shown > 0 && Number.isFinite(shown)) text = styleText(style, d, Math.min(15, Math.max(style.decimals(d), Math.ceil(-Math.log10(shown)) + 1)));
  return `${r.diff > 0 ? '+' : '−'}${text}`;
}

/** What a difference of two percentages is in: percentage points. */
export const POINTS_UNIT = 'pp';

/**
 * The style a difference of two values of `style` is written in: the same, but a difference
 * of percentages in percentage points ("+0.40 pp"). Written "+0.40 %" it read as a relative
 * change, which is what the one-seed table's Change column means by "%": a loss of 1.00 %
 * against 1.40 % is +0.40 points, or +40 %.
 */
export function diffStyle(style: NumberStyle): NumberStyle {
  return style.unit.trim() === '%' ? { ...style, unit: ` ${POINTS_UNIT}` } : style;
}

/** The verdict in words; `short` (for a table cell under a figure) leaves out "seeds’". */
export function verdictText(v: Verdict | null, short = false): string {
  const spread = short ? 'the spread' : 'the seeds’ spread';
  return v === 'apart' ? `larger than ${spread}` : v === 'within' ? `within ${spread}` : v === 'same' ? 'the same' : '—';
}

/**
 * The question to ask before comparing `runs` over `n` seeds, or null when it is not very
 * large. One seed: each run alone, as Play asks (largeRunQuestion). Several: every one of
 * the n × runs.length runs counts, so the work of all of them together is weighed against
 * what one very large run may take (LARGE_RUN_SECONDS); memory is per run, as each run
 * has a worker of its own. Returns the question and the short reason a decline reports.
 */
export function comparisonQuestion(runs: readonly { label: string; scenario: Scenario }[], n: number, single: (s: Scenario) => string | null, eventsPerSec = NaN): { question: string; reason: string } | null {
  if (n <= 1) {
    for (const r of runs) {
      const q = single(r.scenario);
      if (q === null) continue;
      return { question: `Compare: “${r.label}”\n\n${q}`, reason: `“${r.label}” is very large (${q.split('\n\n')[1].replace(/\.$/, '')})` };
    }
    return null;
  }
  const est = runs.map((r) => ({ label: r.label, e: estimateRun(r.scenario, { maxPackets: APP_MAX_PACKETS }) }));
  // `eventsPerSec`: the engine's pace measured in this tab (RunController.measuredEventsPerSec), when known
  const pace = Number.isFinite(eventsPerSec) && eventsPerSec > 0 ? eventsPerSec : undefined;
  const total = n * est.reduce((x, r) => x + (pace !== undefined ? r.e.work / pace : r.e.wallSeconds), 0);
  const memory = est.find((r) => r.e.memoryBytes > LARGE_RUN_BYTES);
  if (total <= LARGE_RUN_SECONDS && !memory) return null;
  const m = n * runs.length;
  const why = memory
    ? `one run of “${memory.label}” needs about ${bytesText(memory.e.memoryBytes)} of memory, more than a browser tab may have`
    : `its ${m} runs (${runs.length} scenarios × ${n} seeds) would keep this tab busy for a long time`;
  const each = est.map((r) => `“${r.label}”: ${estimateText(r.e, pace)}`).join('\n');
  const all = `All ${m} runs together: ${durationText(total)} of work`;
  return {
    question: `Compare over ${n} seeds: ${runs.map((r) => `“${r.label}”`).join(' and ')}\n\nThis comparison is very large: ${why}.\n\nEach run: ${each}\n${all}.\n\nYou can close the comparison at any time. Start it anyway?`,
    reason: `the comparison over ${n} seeds is very large (${all.toLowerCase()}${memory ? `; ${bytesText(memory.e.memoryBytes)} of memory per run of “${memory.label}”` : ''})`,
  };
}
