import { createRequire } from 'node:module';
import { availableParallelism, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import { bytesText, DEFAULT_LIMITS, estimateRun, runSizeProblems } from '../engine/estimate';
import type { RunResult, Summary } from '../engine/metrics/types';
import { meanSd, verdict } from '../engine/metrics/stats';
import { RUN_FIELDS } from '../engine/scenario/fields';
import { lessonComparisons } from '../engine/scenario/lesson-compare';
import { nearPresets, PRESETS } from '../engine/scenario/presets';
import type { Scenario } from '../engine/scenario/schema';
import { table } from './format';
import { loadScenario, presetListText } from './load';
import type { CliIo } from './main';
import { joinNegativeValues, missingValueMessage, repeatedOptions, unknownOptionHint } from './option-values';

/**
 * Runs a list of presets and prints one line each (e.g. to set the seeds/001 tables
 * beside the paper's):
 *
 *   npm run sweep -- 'ecn-finite-n2-*-ql64' [--set path=value ...] [--seeds 1-5] [--json] [--jobs N]
 *
 * Patterns may use `*` (any text). --set applies to every preset. --seeds runs every
 * preset once per seed and adds a table of each preset's mean ± sample standard deviation
 * over them (a web run's offered load and its queue's random drops depend on the seed:
 * docs/cli.md). --against P adds each preset's differences from preset P, paired by seed.
 * Lessons whose statements compare them with other swept lessons (the web families: "ECN
 * helps PI") get those statements checked at every seed, last (sweepComparisons).
 * --json prints one JSON object per run instead of the tables. The cases run in parallel on worker threads,
 * one per core (--jobs), and a progress line per finished case goes to stderr; the table
 * keeps the order of the patterns whatever order the cases finish in. Exit codes as the
 * main CLI: 2 invalid input, 1 a case failed, 3 a case larger than the limits (refused
 * before anything runs, unless --force).
 */

export const SWEEP_USAGE = `Usage: npm run sweep -- <preset or pattern with *>... [--set path=value]... [--seeds list] [--against P] [--json] [--jobs N] [--force]
  patterns use * (quote them: 'web-load-*'); --list-presets lists the presets
  --set P=V    override field P in every preset, as npm run sim's --set (repeatable)
  --seeds L    run each preset once per seed (e.g. 1-5 or 1,4,7) and add the mean ± sd of each column;
               the swept lessons' statements that compare them with one another are checked at each seed
  --against P  also print each preset's differences from preset P, paired by seed (mean ± sd)
  --json       one JSON object per run instead of the table (fields: docs/cli.md, Sweeps)
  --jobs N     worker threads (default: one per core, ${availableParallelism()} here)
  --force      run cases larger than npm run sim's limits (refused otherwise, exit 3, before any runs)
  -h, --help   this text`;

/** Most runs one --seeds list may ask for per preset. */
export const MAX_SEEDS = 1000;

/**
 * The seeds of a --seeds list: whole numbers and ranges separated by commas ("1-5",
 * "1,4,7", "2-4,9"), in the order given, without duplicates; or an error naming the part
 * that is wrong and what is allowed.
 */
export function parseSeeds(text: string): { seeds: number[] } | { error: string } {
  const { min, max } = RUN_FIELDS.seed;
  const allowed = `allowed: whole numbers ${min} to ${max} and ranges like 1-5, separated by commas, at most ${MAX_SEEDS} seeds`;
  const seeds: number[] = [];
  for (const part of text.split(',')) {
    const m = /^\s*(\d+)\s*(?:-\s*(\d+)\s*)?$/.exec(part);
    const lo = m ? Number(m[1]) : NaN;
    const hi = m ? Number(m[2] ?? m[1]) : NaN;
    if (!m || lo > max || hi > max || hi < lo) return { error: `--seeds = ${JSON.stringify(text)}: "${part}" is not a seed or a rising range; ${allowed}` };
    if (hi - lo >= MAX_SEEDS) return { error: `--seeds = ${JSON.stringify(text)}: too many seeds; ${allowed}` };
    for (let x = lo; x <= hi; x++) if (!seeds.includes(x)) seeds.push(x);
    if (seeds.length > MAX_SEEDS) return { error: `--seeds = ${JSON.stringify(text)}: too many seeds; ${allowed}` };
  }
  return { seeds };
}

export function matchPresets(patterns: readonly string[]): { names: string[]; errors: string[] } {
  const names: string[] = [];
  const errors: string[] = [];
  for (const pat of patterns) {
    const re = new RegExp(`^${pat.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`);
    const hits = PRESETS.filter((p) => re.test(p.name)).map((p) => p.name);
    if (hits.length === 0) {
      // as --preset does for a mistyped name: the presets that share the most of its parts
      const near = nearPresets(pat.includes('*') ? pat.replace(/\*/g, '-') : pat, 5).map((p) => p.name);
      errors.push(`${pat}: matches no preset${near.length ? `; did you mean ${near.join(', ')}?` : ''} (--list-presets lists them)`);
    }
    for (const h of hits) if (!names.includes(h)) names.push(h);
  }
  return { names, errors };
}

export interface SweepRow {
  name: string;
  simulatedSeconds: number;
  G: number | null;
  /** The bottleneck's utilization and loss rate (drops / arrivals). */
  utilization: number;
  lossRate: number;
  arrivals: number;
  drops: number;
  marks: number;
  retransmissions: number;
  timeouts: number;
  /** Per-flow goodput, Kb/s. */
  goodputKbps: number[];
  /** Per-flow completion time, s (null = unfinished). */
  completion: (number | null)[];
  jain: number;
  wallSeconds: number;
  /** The run's warm-up, s: every count, rate and share of the row covers the time after it (summary.warmup). */
  warmup: number;
  /** The run's seed, when the sweep was asked for several (--seeds). */
  seed?: number;
  /** Web traffic: the response-time figures (summary.web) and the link's, for a load grid. */
  web?: SweepWebRow;
}

export interface SweepWebRow {
  /** Utilization of the bottleneck each way. */
  utilization: [number, number];
  meanQueuePackets: number;
  lossRate: number;
  exchanges: number;
  /** Share of responses within 200 ms, 1 s and 2 s. */
  within: { '0.2': number; '1': number; '2': number };
  p50: number | null;
  /** Median response time of responses above 50 KB. */
  largeP50: number | null;
  flowsWithLoss: number;
}

const at = (cdf: readonly (readonly [number, number])[], t: number): number => cdf.find(([x]) => x === t)?.[1] ?? NaN;

export function sweepRow(name: string, r: RunResult, seed?: number): SweepRow {
  const s = r.summary;
  return {
    name,
    ...(seed === undefined ? {} : { seed }),
    simulatedSeconds: s.simulatedSeconds,
    G: s.goodputEfficiency,
    utilization: s.bottleneck.utilization,
    lossRate: s.bottleneck.lossRate,
    arrivals: s.bottleneck.arrivals,
    drops: s.bottleneck.drops,
    marks: s.bottleneck.marks,
    retransmissions: s.flows.reduce((a, f) => a + f.retransmissions, 0),
    timeouts: s.flows.reduce((a, f) => a + f.timeouts, 0),
    goodputKbps: s.flows.map((f) => Math.round(f.goodputBps / 100) / 10),
    completion: s.flows.map((f) => (f.completionTime === null ? null : Math.round(f.completionTime * 1000) / 1000)),
    jain: s.fairness.jain,
    wallSeconds: s.wallSeconds,
    warmup: s.warmup,
    ...(s.web
      ? {
          web: {
            utilization: [s.bottleneck.utilization, s.bottleneckReverse.utilization],
            meanQueuePackets: s.bottleneck.meanQueuePackets,
            lossRate: s.bottleneck.lossRate,
            exchanges: s.web.exchanges,
            within: { '0.2': at(s.web.cdf, 0.2), '1': at(s.web.cdf, 1), '2': at(s.web.cdf, 2) },
            p50: s.web.responseTime?.p50 ?? null,
            largeP50: s.web.largeResponses.responseTime?.p50 ?? null,
            flowsWithLoss: s.web.flowsWithLoss,
          },
        }
      : {}),
  };
}

function listText(xs: readonly (number | null)[], digits: number): string {
  const t = xs.map((x) => (x === null ? '-' : x.toFixed(digits)));
  return t.length <= 4 ? t.join(' ') : `${t.slice(0, 3).join(' ')} ... (${t.length})`;
}

const pc = (x: number) => (x * 100).toFixed(1);
const fixed = (d: number) => (x: number) => x.toFixed(d);

/**
 * A column of the sweep tables: its heading, its text in a run's row, and, for the table
 * of means over seeds, the number it averages (with its heading there and its format).
 */
interface Column {
  head: string;
  text(r: SweepRow): string;
  /** The number averaged over seeds (null: none for this run); absent: not averaged. */
  value?(r: SweepRow): number | null;
  /** Heading in the table of means, when it differs (a list column averages one figure of it). */
  meanHead?: string;
  fmt?(x: number): string;
}

/** A column showing one number, averaged over seeds as it is shown. */
function num(head: string, get: (r: SweepRow) => number | null, fmt: (x: number) => string): Column {
  return { head, text: (r) => { const x = get(r); return x === null ? '-' : fmt(x); }, value: get, fmt };
}

const name: Column = { head: 'preset', text: (r) => r.name };
const simS = num('sim s', (r) => r.simulatedSeconds, fixed(2));
const wallS = num('wall s', (r) => r.wallSeconds, fixed(3));

/** Web runs (every row with web traffic): link and response-time columns instead of per-flow ones. */
const WEB_COLUMNS: Column[] = [
  name,
  simS,
  num('util -> %', (r) => r.web!.utilization[0], pc),
  num('util <- %', (r) => r.web!.utilization[1], pc),
  num('mean q', (r) => r.web!.meanQueuePackets, fixed(1)),
  num('loss %', (r) => r.web!.lossRate * 100, fixed(2)),
  num('exchanges', (r) => r.web!.exchanges, fixed(0)),
  num('<= 200 ms %', (r) => r.web!.within['0.2'], pc),
  num('<= 1 s %', (r) => r.web!.within['1'], pc),
  num('<= 2 s %', (r) => r.web!.within['2'], pc),
  num('p50 ms', (r) => (r.web!.p50 === null ? null : r.web!.p50 * 1000), fixed(0)),
  num('> 50 KB p50 s', (r) => r.web!.largeP50, fixed(2)),
  num('with loss %', (r) => r.web!.flowsWithLoss, pc),
  wallS,
];

const COLUMNS: Column[] = [
  name,
  simS,
  num('G %', (r) => (r.G === null ? null : r.G * 100), fixed(2)),
  num('util %', (r) => r.utilization, pc),
  num('loss %', (r) => r.lossRate * 100, fixed(2)),
  num('arrivals', (r) => r.arrivals, fixed(0)),
  num('drops', (r) => r.drops, fixed(0)),
  num('marks', (r) => r.marks, fixed(0)),
  num('retx', (r) => r.retransmissions, fixed(0)),
  num('timeouts', (r) => r.timeouts, fixed(0)),
  { head: 'goodput Kb/s', text: (r) => listText(r.goodputKbps, 1), meanHead: 'goodput Kb/s (sum)', value: (r) => r.goodputKbps.reduce((a, x) => a + x, 0), fmt: fixed(1) },
  // the last download's completion: seeds/001's T; null while one is unfinished
  { head: 'done s', text: (r) => listText(r.completion, 3), meanHead: 'done s (last)', value: (r) => (r.completion.length === 0 || r.completion.includes(null) ? null : Math.max(...(r.completion as number[]))), fmt: fixed(3) },
  num('Jain', (r) => r.jain, fixed(3)),
  wallS,
];

const columnsFor = (rows: readonly SweepRow[]): Column[] => (rows.length > 0 && rows.every((r) => r.web) ? WEB_COLUMNS : COLUMNS);

/**
 * Under the table when a run has a warm-up: its counts, rates and shares start there, while
 * `sim s` is the whole run (feng-fig17-normal: 200 s, of which the table counts the last 100).
 */
export function warmupNote(rows: readonly SweepRow[]): string {
  const by = new Map<number, string[]>();
  for (const r of rows) if (!by.get(r.warmup)?.includes(r.name)) by.set(r.warmup, [...(by.get(r.warmup) ?? []), r.name]);
  if (![...by.keys()].some((w) => w > 0)) return '';
  const names = (ns: string[]) => (ns.length <= 3 ? ns.join(', ') : `${ns.slice(0, 2).join(', ')} and ${ns.length - 2} more`);
  const parts = [...by].sort(([a], [b]) => b - a).map(([w, ns]) => (by.size === 1 ? `${w} s` : `${w} s: ${names(ns)}`));
  return `Counts, rates, shares and goodputs cover the time after the warm-up (${parts.join('; ')}); sim s and done s count from t = 0.`;
}

/** One row per run; with --seeds, a seed column after the preset's name; the warm-up under it. */
export function sweepTable(rows: readonly SweepRow[]): string {
  const cols = columnsFor(rows);
  const seeded = rows.some((r) => r.seed !== undefined);
  const heads = cols.map((c) => c.head);
  if (seeded) heads.splice(1, 0, 'seed');
  const text = table(
    heads,
    rows.map((r) => {
      const cells = cols.map((c) => c.text(r));
      if (seeded) cells.splice(1, 0, String(r.seed ?? '-'));
      return cells;
    }),
  );
  const note = warmupNote(rows);
  return note ? `${text}
${note}` : text;
}

/**
 * The table of means (--seeds): one line per preset, each column's mean ± sample standard
 * deviation over that preset's runs, in the order of the presets.
 */
function sweepMeansTable(rows: readonly SweepRow[]): string {
  const cols = columnsFor(rows).filter((c) => c.value !== undefined);
  const names = [...new Set(rows.map((r) => r.name))];
  return table(
    ['preset', 'runs', ...cols.map((c) => c.meanHead ?? c.head)],
    names.map((n) => {
      const mine = rows.filter((r) => r.name === n);
      return [
        n,
        String(mine.length),
        ...cols.map((c) => {
          // a share missing from a run's CDF reads NaN: no mean then, as for a missing value
          const m = meanSd(mine.map((r) => { const x = c.value!(r); return x === null || !Number.isFinite(x) ? null : x; }));
          return m.mean === null || m.sd === null ? '-' : mine.length < 2 ? c.fmt!(m.mean) : `${c.fmt!(m.mean)} ± ${c.fmt!(m.sd)}`;
        }),
      ];
    }),
  );
}

/**
 * A difference with its sign: "+2.3", "-0.5"; one that rounds to zero at the column's
 * precision is "0.000", where it read "-0.000" (a tiny negative mean) or "+0.0".
 */
export const signed = (fmt: (x: number) => string) => (x: number) => {
  const text = fmt(x);
  const zero = fmt(0);
  if (text === zero || text === `-${zero}`) return zero;
  return (x > 0 ? '+' : '') + text;
};

/**
 * The paired differences (--against): for each preset but the reference, each column's
 * run minus the reference's run at the same seed, as mean ± sample standard deviation over
 * the seeds both have, with "*" where the mean difference is larger than the seeds' spread
 * (|mean| > 2·sd/√n, the rule the app's Compare over seeds uses: stats.ts verdict). Runs of
 * one seed share their workload's random draws (each traffic item draws from streams of its
 * own), so pairing takes the seed-to-seed spread of the load out of the comparison.
 */
function sweepPairedTable(rows: readonly SweepRow[], reference: string): string {
  const cols = columnsFor(rows).filter((c) => c.value !== undefined && c !== wallS && c !== simS);
  const ref = new Map(rows.filter((r) => r.name === reference).map((r) => [r.seed, r]));
  const names = [...new Set(rows.map((r) => r.name))].filter((n) => n !== reference);
  const num = (c: Column, r: SweepRow): number | null => {
    const x = c.value!(r);
    return x === null || !Number.isFinite(x) ? null : x;
  };
  return table(
    ['preset', 'seeds', ...cols.map((c) => c.meanHead ?? c.head)],
    names.map((n) => {
      const pairs = rows.filter((r) => r.name === n && ref.has(r.seed)).map((r) => [r, ref.get(r.seed)!] as const);
      return [
        n,
        String(pairs.length),
        ...cols.map((c) => {
          const d = pairs.map(([r, q]) => { const a = num(c, r); const b = num(c, q); return a === null || b === null ? null : a - b; });
          const m = meanSd(d);
          if (m.mean === null || m.sd === null) return '-';
          // starred only where the difference shows at the column's precision: "+0.0 ± 0.0*"
          // (a utilization 0.004 points higher at every seed) read as a contradiction
          const shows = c.fmt!(Math.abs(m.mean)) !== c.fmt!(0);
          const apart = shows && pairs.length > 1 && verdict(d as number[], Math.max(...pairs.map(([, q]) => Math.abs(num(c, q) ?? 0)))) === 'apart';
          const f = signed(c.fmt!);
          return `${f(m.mean)}${pairs.length > 1 ? ` ± ${c.fmt!(m.sd)}` : ''}${apart ? '*' : ''}`;
        }),
      ];
    }),
  );
}

/** One case for a worker: the preset's name and its scenario with --set applied. */
/**
 * What the swept lessons say of one another (lesson-compare.ts, lessonComparisons): each
 * statement of a swept lesson that compares it with other swept lessons, checked at every
 * seed run, with the seeds where it does not hold and what was measured there; null when
 * there is none. `summaries[i][k]`: lesson i's run at `seeds[k]`.
 */
export function sweepComparisons(members: readonly { lesson: string; scenario: Scenario }[], summaries: readonly (readonly Summary[])[], seeds: readonly number[]): string | null {
  const { rows, left } = lessonComparisons(members, summaries);
  if (rows.length === 0) return null;
  const n = seeds.length;
  const out = [`What the lessons say of one another, checked at ${n > 1 ? `each of seeds ${seeds.join(', ')}` : `seed ${seeds[0]}`}:`];
  for (const r of rows) {
    const held = r.verdicts.filter((v) => v.pass).length;
    const mark = n > 1 ? `[holds at ${held} of ${n}]` : held === 1 ? '[holds]' : '[does not hold]';
    out.push(`  ${mark} ${r.lesson}: ${r.text}`);
    r.verdicts.forEach((v, k) => {
      if (!v.pass) out.push(`      not at seed ${seeds[k]}: ${v.measured}`);
    });
  }
  if (left > 0) out.push(`  (${left} more statement${left === 1 ? ' names' : 's name'} a lesson this sweep does not run: left out)`);
  return out.join('\n');
}

export interface SweepJob {
  index: number;
  name: string;
  scenario: Scenario;
  /** Set when the sweep runs several seeds: the row then carries it. */
  seed?: number;
  /** Send the run's summary back too (for the lessons' comparisons, sweepComparisons). */
  summary?: boolean;
}

export type SweepReply = { index: number; row: SweepRow; summary?: Summary } | { index: number; error: string };

/** Runs one case (in a worker thread or, with one job, in this thread). */
export async function runSweepJob(job: SweepJob): Promise<SweepReply> {
  try {
    const { runScenario } = await import('../engine/run');
    const r = runScenario(job.scenario, {}, {});
    return { index: job.index, row: sweepRow(job.name, r, job.seed), ...(job.summary ? { summary: r.summary } : {}) };
  } catch (e) {
    return { index: job.index, error: e instanceof Error ? e.message : String(e) };
  }
}

/**
 * A new worker thread: the bundled sibling sweep-worker.mjs, or, when this module runs
 * from its TypeScript source (tests, `tsx src/cli/sweep.ts`), sweep-worker.ts loaded
 * through tsx's loader, registered inside the worker (worker threads do not inherit it).
 */
function newWorker(): Worker {
  if (!import.meta.url.endsWith('.ts')) return new Worker(new URL('./sweep-worker.mjs', import.meta.url));
  const tsx = pathToFileURL(join(dirname(createRequire(import.meta.url).resolve('tsx/package.json')), 'dist/esm/api/index.mjs')).href; // tsx's "tsx/esm/api" export
  const script = new URL('./sweep-worker.ts', import.meta.url).href;
  return new Worker(`import(${JSON.stringify(tsx)}).then((api) => { api.register(); return import(${JSON.stringify(script)}); });`, { eval: true });
}

/**
 * Worker threads for a sweep: at most `wanted` (and the cases there are), and no more than
 * fit in `budget` bytes when the largest cases run side by side (their estimated memory
 * summed; always at least one). Each case is checked against the 4 GB limit on its own, and
 * the threads run at once: --jobs 32 over cases of 800 MB each asked a 23 GB machine for
 * 26 GB. `note` says why the threads were lowered, or is null.
 */
export function sweepThreads(wanted: number, memoryBytes: readonly number[], budget: number): { threads: number; note: string | null } {
  const n = Math.min(wanted, memoryBytes.length);
  const largest = [...memoryBytes].sort((a, b) => b - a).slice(0, n);
  let threads = 0;
  let sum = 0;
  while (threads < n && (threads === 0 || sum + largest[threads] <= budget)) sum += largest[threads++];
  if (threads >= n) return { threads, note: null };
  const all = largest.reduce((a, b) => a + b, 0);
  return {
    threads,
    note: `sweep: ${threads} worker thread${threads === 1 ? '' : 's'}, not ${n}: the largest cases need about ${bytesText(largest[0])} of memory each, ${n} at once about ${bytesText(all)}, more than ${bytesText(budget)} (3/4 of this machine's memory)`,
  };
}

/** Runs the jobs on `threads` worker threads; calls `done` as each finishes. */
function runOnWorkers(jobs: SweepJob[], threads: number, done: (r: SweepReply) => void): Promise<void> {
  let next = 0;
  let running = 0;
  return new Promise((resolve, reject) => {
    const feed = (w: Worker): void => {
      if (next < jobs.length) {
        w.postMessage(jobs[next++]);
        return;
      }
      void w.terminate();
      if (--running === 0) resolve();
    };
    for (let i = 0; i < threads; i++) {
      const w = newWorker();
      running++;
      w.on('message', (r: SweepReply) => {
        done(r);
        feed(w);
      });
      w.on('error', reject);
      feed(w);
    }
  });
}

function secondsText(s: number): string {
  return s >= 100 ? `${Math.round(s)} s` : s >= 10 ? `${s.toFixed(1)} s` : `${s.toFixed(2)} s`;
}

/**
 * The presets a message applies to, in short: "default", "all 83 presets matched", or the
 * first few and how many of the matched presets.
 */
export function presetsText(who: readonly string[], matched: number): string {
  if (who.length === 1) return matched === 1 ? who[0] : `${who[0]}, 1 of ${matched} presets matched`;
  if (who.length === matched) return matched === 2 ? `both presets` : `all ${matched} presets matched`;
  const shown = who.length <= 4 ? who.join(', ') : `${who.slice(0, 3).join(', ')}, ...`;
  return `${shown}: ${who.length} of ${matched} presets matched`;
}

/** The sweep's options that take a value: "--seeds -1" is read as a value to name in the message, not as an option. */
const SWEEP_VALUE_OPTIONS = new Set(['--set', '--jobs', '--seeds', '--against']);

/** What each of them takes, for "--seeds: needs a value: ...". */
const SWEEP_OPTION_VALUES: Record<string, string> = {
  '--set': 'path=value, a field of every preset and its value (as npm run sim\'s --set)',
  '--seeds': `seeds, e.g. 1-5 or 1,4,7 (whole numbers ${RUN_FIELDS.seed.min} to ${RUN_FIELDS.seed.max}, at most ${MAX_SEEDS})`,
  '--jobs': 'a whole number of worker threads, 1 to 256',
  '--against': 'the name of one of the presets the sweep runs',
};

export async function runSweep(argv: readonly string[], io: CliIo): Promise<number> {
  let values: { set?: string[]; json?: boolean; help?: boolean; 'list-presets'?: boolean; jobs?: string; seeds?: string; against?: string; force?: boolean };
  let positionals: string[];
  let tokens: { kind: string; name?: string; value?: string | undefined }[];
  try {
    ({ values, positionals, tokens } = parseArgs({
      args: joinNegativeValues(argv, SWEEP_VALUE_OPTIONS),
      allowPositionals: true,
      strict: true,
      tokens: true,
      options: { set: { type: 'string', multiple: true }, json: { type: 'boolean' }, jobs: { type: 'string' }, seeds: { type: 'string' }, against: { type: 'string' }, force: { type: 'boolean' }, 'list-presets': { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
    }));
  } catch (e) {
    // Node's hint about positionals that start with "-" is not what a mistyped option needs
    const first = (e as Error).message.split('\n')[0].replace(/\. To specify a positional argument.*$/, '');
    const code = (e as { code?: string }).code;
    // an option with nothing after it (or another option): what it takes, as npm run sim says
    const missing = missingValueMessage(e as Error & { code?: string }, SWEEP_OPTION_VALUES);
    if (missing) {
      io.err(`${missing}\n${SWEEP_USAGE}\n`);
      return 2;
    }
    io.err(`${first}${code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' ? unknownOptionHint(first, ['set', 'json', 'jobs', 'seeds', 'against', 'force', 'list-presets', 'help']) || '.' : '.'}\n${SWEEP_USAGE}\n`);
    return 2;
  }
  const repeated = repeatedOptions(tokens, ['set']);
  if (repeated.length) {
    io.err(`${repeated.join('\n')}\n`);
    return 2;
  }
  if (values['list-presets']) {
    io.out(presetListText());
    return 0;
  }
  if (values.help || positionals.length === 0) {
    (values.help ? io.out : io.err)(SWEEP_USAGE + '\n');
    return values.help ? 0 : 2;
  }
  const cores = availableParallelism();
  let jobsWanted = cores;
  if (values.jobs !== undefined) {
    const j = Number(values.jobs);
    if (!(Number.isInteger(j) && j >= 1 && j <= 256)) {
      const why = !Number.isFinite(j) || values.jobs.trim() === '' ? 'is not a number' : j >= 1 && j <= 256 ? 'is not a whole number' : 'is out of range';
      io.err(`--jobs = ${JSON.stringify(values.jobs)} ${why}: allowed whole number 1 to 256\n`);
      return 2;
    }
    jobsWanted = j;
  }
  let seeds: number[] | undefined;
  if (values.seeds !== undefined) {
    const p = parseSeeds(values.seeds);
    if ('error' in p) {
      io.err(p.error + '\n');
      return 2;
    }
    seeds = p.seeds;
  }
  const { names, errors } = matchPresets(positionals);
  const jobs: SweepJob[] = [];
  const notes = new Set<string>();
  // each preset's refusal, grouped: --set tcp.mss=0 over 'web-*' said the same thing 83 times
  const refusals = new Map<string, string[]>();
  for (const name of names) {
    // a --set seed=... given too is overridden by each seed of the list (it comes last)
    for (const seed of seeds ?? [undefined]) {
      const l = loadScenario({ preset: name, sets: [...(values.set ?? []), ...(seed === undefined ? [] : [`seed=${seed}`])] });
      if (l.ok) {
        jobs.push({ index: jobs.length, name, scenario: l.scenario, ...(seed === undefined ? {} : { seed }) });
        for (const n of l.notes ?? []) notes.add(`${name}: ${n}`);
      }
      else {
        for (const e of l.errors) refusals.set(e, [...(refusals.get(e) ?? []), name]);
        break;
      }
    }
  }
  for (const [e, who] of refusals) errors.push(`${e} (${presetsText(who, names.length)})`);
  // the paired table is text: with --json it was not printed, without a word
  if (values.against !== undefined && values.json) errors.push(`--against ${values.against}: prints a table of differences, which --json does not; drop one of them (--json lines carry each run, with its seed)`);
  else if (values.against !== undefined && !names.includes(values.against))
    errors.push(`--against ${values.against}: not one of the presets this sweep runs (${names.length <= 6 ? names.join(', ') : `${names.slice(0, 5).join(', ')}, ... ${names.length} in all`}); name one of them`);
  if (errors.length) {
    io.err(errors.join('\n') + '\n');
    return 2;
  }
  // the lessons' comparisons with one another, when the sweep runs lessons that compare (one seed for all, or --seeds);
  // after the refusals, as they need every preset's scenario (a refused one crashed the sweep)
  const ownSeeds = new Set(jobs.map((j) => j.scenario.seed));
  const compareAt = seeds ?? (ownSeeds.size === 1 ? [...ownSeeds] : null);
  const compares = compareAt !== null && !values.json && lessonComparisons(names.map((name) => ({ lesson: name, scenario: jobs.find((j) => j.name === name)!.scenario })), names.map(() => [])).rows.length > 0;
  if (compares) for (const j of jobs) j.summary = true;
  const summaries = new Map<number, Summary>();
  if (notes.size) io.err([...notes].join('\n') + '\n');
  // as npm run sim does: a case beyond the limits is refused with its estimate, before any
  // runs (a --set duration=1e6 sweep ran for hours without a word, a UDP flood for days)
  if (!values.force) {
    const refused = jobs.flatMap((j) =>
      runSizeProblems(estimateRun(j.scenario), DEFAULT_LIMITS).map((m) => `${j.seed === undefined ? j.name : `${j.name} seed ${j.seed}`}: ${m}`),
    );
    if (refused.length) {
      const shown = refused.length > 5 ? [...refused.slice(0, 5), `... and ${refused.length - 5} more`] : refused;
      io.err(`not run: ${shown.join('\n        ')}\nrun the sweep anyway with --force\n`);
      return 3;
    }
  }
  const fit = sweepThreads(jobsWanted, jobs.map((j) => {
    // a web run's garbage is in its thread's heap too (estimate.ts, WEB_GARBAGE_PER_CONNECTION_BYTE)
    const e = estimateRun(j.scenario);
    return e.memoryBytes + e.garbageBytes;
  }), 0.75 * totalmem());
  if (fit.note) io.err(fit.note + '\n');
  const threads = fit.threads;
  const rows: (SweepRow | null)[] = jobs.map(() => null);
  const failures: string[] = [];
  const t0 = performance.now();
  let finished = 0;
  let printed = 0;
  const onDone = (r: SweepReply): void => {
    finished++;
    const elapsed = (performance.now() - t0) / 1000;
    const left = (elapsed / finished) * (jobs.length - finished);
    const name = jobs[r.index].seed === undefined ? jobs[r.index].name : `${jobs[r.index].name} seed ${jobs[r.index].seed}`;
    if ('row' in r) {
      rows[r.index] = r.row;
      if (r.summary) summaries.set(r.index, r.summary);
    } else failures.push(`${name}: run failed: ${r.error}`);
    const what = 'row' in r ? `${secondsText(r.row.wallSeconds)} wall` : 'FAILED';
    io.err(`sweep ${finished}/${jobs.length}  ${name}  ${what}  (elapsed ${secondsText(elapsed)}${finished < jobs.length ? `, about ${secondsText(left)} left` : ''})\n`);
    // JSON lines go out as soon as every earlier case is done, so their order is the table's
    if (values.json)
      while (printed < rows.length && rows[printed] !== null) {
        io.out(JSON.stringify(rows[printed]) + '\n');
        printed++;
      }
  };
  io.err(`sweep: ${jobs.length} case${jobs.length === 1 ? '' : 's'} on ${threads} worker thread${threads === 1 ? '' : 's'} (${cores} core${cores === 1 ? '' : 's'})\n`);
  if (threads <= 1) for (const job of jobs) onDone(await runSweepJob(job));
  else await runOnWorkers(jobs, threads, onDone);
  const done = rows.filter((r): r is SweepRow => r !== null);
  if (!values.json) {
    io.out(sweepTable(done) + '\n');
    // one seed has no spread: its "mean ± sd" table only repeated the runs, with no ±
    if (seeds !== undefined && seeds.length > 1 && done.length > 0) io.out(`\nMean ± sample standard deviation over seeds ${values.seeds}:\n${sweepMeansTable(done)}\n`);
    if (values.against !== undefined && done.length > 0)
      io.out(
        `\nPaired by seed: each run minus ${values.against}'s run at the same seed, mean ± sample sd over the seeds (* larger than the seeds' spread: |mean| > 2 sd / √seeds, and not 0 at the precision shown):\n${sweepPairedTable(done, values.against)}\n`,
      );
    if (compares && compareAt && failures.length === 0) {
      const per = compareAt.length;
      const text = sweepComparisons(
        names.map((name, i) => ({ lesson: name, scenario: jobs[i * per].scenario })),
        names.map((_, i) => compareAt.map((_, k) => summaries.get(i * per + k)!)),
        compareAt,
      );
      if (text) io.out(`\n${text}\n`);
    }
  }
  if (failures.length) {
    io.err(failures.join('\n') + '\n');
    return 1;
  }
  return 0;
}

const isMain = process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;
if (isMain) {
  runSweep(process.argv.slice(2), { out: (t) => void process.stdout.write(t), err: (t) => void process.stderr.write(t) }).then(
    (code) => {
      process.exitCode = code;
    },
    (e: unknown) => {
      process.stderr.write(`${(e as Error).stack ?? String(e)}\n`);
      process.exitCode = 1;
    },
  );
}
