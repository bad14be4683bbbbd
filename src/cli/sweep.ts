import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import type { RunResult } from '../engine/metrics/types';
import { PRESETS } from '../engine/scenario/presets';
import type { Scenario } from '../engine/scenario/schema';
import { table } from './format';
import { loadScenario } from './load';
import type { CliIo } from './main';

/**
 * Runs a list of presets and prints one line each (e.g. to set the seeds/001 tables
 * beside the paper's):
 *
 *   npm run sweep -- 'ecn-finite-n2-*-ql64' [--set path=value ...] [--json] [--jobs N]
 *
 * Patterns may use `*` (any text). --set applies to every preset. --json prints one
 * JSON object per run instead of the table. The cases run in parallel on worker threads,
 * one per core (--jobs), and a progress line per finished case goes to stderr; the table
 * keeps the order of the patterns whatever order the cases finish in. Exit codes as the
 * main CLI: 2 invalid input, 1 a case failed.
 */

export const SWEEP_USAGE = `Usage: npm run sweep -- <preset or pattern with *>... [--set path=value]... [--json] [--jobs N]
  --jobs N   worker threads (default: one per core, ${availableParallelism()} here)`;

export function matchPresets(patterns: readonly string[]): { names: string[]; errors: string[] } {
  const names: string[] = [];
  const errors: string[] = [];
  for (const pat of patterns) {
    const re = new RegExp(`^${pat.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`);
    const hits = PRESETS.filter((p) => re.test(p.name)).map((p) => p.name);
    if (hits.length === 0) errors.push(`${pat}: matches no preset (--list-presets lists them)`);
    for (const h of hits) if (!names.includes(h)) names.push(h);
  }
  return { names, errors };
}

export interface SweepRow {
  name: string;
  simulatedSeconds: number;
  G: number | null;
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

export function sweepRow(name: string, r: RunResult): SweepRow {
  const s = r.summary;
  return {
    name,
    simulatedSeconds: s.simulatedSeconds,
    G: s.goodputEfficiency,
    arrivals: s.bottleneck.arrivals,
    drops: s.bottleneck.drops,
    marks: s.bottleneck.marks,
    retransmissions: s.flows.reduce((a, f) => a + f.retransmissions, 0),
    timeouts: s.flows.reduce((a, f) => a + f.timeouts, 0),
    goodputKbps: s.flows.map((f) => Math.round(f.goodputBps / 100) / 10),
    completion: s.flows.map((f) => (f.completionTime === null ? null : Math.round(f.completionTime * 1000) / 1000)),
    jain: s.fairness.jain,
    wallSeconds: s.wallSeconds,
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

/** Web runs (every row with web traffic): link and response-time columns instead of per-flow ones. */
function webTable(rows: readonly SweepRow[]): string {
  return table(
    ['preset', 'sim s', 'util -> %', 'util <- %', 'mean q', 'loss %', 'exchanges', '<= 200 ms %', '<= 1 s %', '<= 2 s %', 'p50 ms', '> 50 KB p50 s', 'with loss %', 'wall s'],
    rows.map((r) => {
      const w = r.web!;
      return [
        r.name,
        r.simulatedSeconds.toFixed(2),
        pc(w.utilization[0]),
        pc(w.utilization[1]),
        w.meanQueuePackets.toFixed(1),
        (w.lossRate * 100).toFixed(2),
        String(w.exchanges),
        pc(w.within['0.2']),
        pc(w.within['1']),
        pc(w.within['2']),
        w.p50 === null ? '-' : (w.p50 * 1000).toFixed(0),
        w.largeP50 === null ? '-' : w.largeP50.toFixed(2),
        pc(w.flowsWithLoss),
        r.wallSeconds.toFixed(3),
      ];
    }),
  );
}

export function sweepTable(rows: readonly SweepRow[]): string {
  if (rows.length > 0 && rows.every((r) => r.web)) return webTable(rows);
  return table(
    ['preset', 'sim s', 'G %', 'arrivals', 'drops', 'marks', 'retx', 'RTOs', 'goodput Kb/s', 'done s', 'Jain', 'wall s'],
    rows.map((r) => [
      r.name,
      r.simulatedSeconds.toFixed(2),
      r.G === null ? '-' : (r.G * 100).toFixed(2),
      String(r.arrivals),
      String(r.drops),
      String(r.marks),
      String(r.retransmissions),
      String(r.timeouts),
      listText(r.goodputKbps, 1),
      listText(r.completion, 3),
      r.jain.toFixed(3),
      r.wallSeconds.toFixed(3),
    ]),
  );
}

/** One case for a worker: the preset's name and its scenario with --set applied. */
export interface SweepJob {
  index: number;
  name: string;
  scenario: Scenario;
}

export type SweepReply = { index: number; row: SweepRow } | { index: number; error: string };

/** Runs one case (in a worker thread or, with one job, in this thread). */
export async function runSweepJob(job: SweepJob): Promise<SweepReply> {
  try {
    const { runScenario } = await import('../engine/run');
    return { index: job.index, row: sweepRow(job.name, runScenario(job.scenario, {}, {})) };
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

export async function runSweep(argv: readonly string[], io: CliIo): Promise<number> {
  let values: { set?: string[]; json?: boolean; help?: boolean; jobs?: string };
  let positionals: string[];
  try {
    ({ values, positionals } = parseArgs({
      args: [...argv],
      allowPositionals: true,
      strict: true,
      options: { set: { type: 'string', multiple: true }, json: { type: 'boolean' }, jobs: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    }));
  } catch (e) {
    io.err(`${(e as Error).message.split('\n')[0]}\n${SWEEP_USAGE}\n`);
    return 2;
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
      io.err(`--jobs = ${JSON.stringify(values.jobs)} is out of range: allowed whole number 1 to 256\n`);
      return 2;
    }
    jobsWanted = j;
  }
  const { names, errors } = matchPresets(positionals);
  const jobs: SweepJob[] = [];
  for (const name of names) {
    const l = loadScenario({ preset: name, sets: values.set ?? [] });
    if (l.ok) jobs.push({ index: jobs.length, name, scenario: l.scenario });
    else errors.push(...l.errors.map((e) => `${name}: ${e}`));
  }
  if (errors.length) {
    io.err(errors.join('\n') + '\n');
    return 2;
  }
  const threads = Math.min(jobsWanted, jobs.length);
  const rows: (SweepRow | null)[] = jobs.map(() => null);
  const failures: string[] = [];
  const t0 = performance.now();
  let finished = 0;
  let printed = 0;
  const onDone = (r: SweepReply): void => {
    finished++;
    const elapsed = (performance.now() - t0) / 1000;
    const left = (elapsed / finished) * (jobs.length - finished);
    const name = jobs[r.index].name;
    if ('row' in r) rows[r.index] = r.row;
    else failures.push(`${name}: run failed: ${r.error}`);
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
  if (!values.json) io.out(sweepTable(rows.filter((r): r is SweepRow => r !== null)) + '\n');
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
