import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
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
 *   npx tsx src/cli/sweep.ts 'ecn-finite-n2-*-ql64' [--set path=value ...] [--json]
 *
 * Patterns may use `*` (any text). --set applies to every preset. --json prints one
 * JSON object per run instead of the table. Exit codes as the main CLI: 2 invalid input.
 */

export const SWEEP_USAGE = `Usage: npx tsx src/cli/sweep.ts <preset or pattern with *>... [--set path=value]... [--json]`;

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
}

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
  };
}

function listText(xs: readonly (number | null)[], digits: number): string {
  const t = xs.map((x) => (x === null ? '-' : x.toFixed(digits)));
  return t.length <= 4 ? t.join(' ') : `${t.slice(0, 3).join(' ')} ... (${t.length})`;
}

export function sweepTable(rows: readonly SweepRow[]): string {
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

export async function runSweep(argv: readonly string[], io: CliIo): Promise<number> {
  let values: { set?: string[]; json?: boolean; help?: boolean };
  let positionals: string[];
  try {
    ({ values, positionals } = parseArgs({
      args: [...argv],
      allowPositionals: true,
      strict: true,
      options: { set: { type: 'string', multiple: true }, json: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
    }));
  } catch (e) {
    io.err(`${(e as Error).message.split('\n')[0]}\n${SWEEP_USAGE}\n`);
    return 2;
  }
  if (values.help || positionals.length === 0) {
    (values.help ? io.out : io.err)(SWEEP_USAGE + '\n');
    return values.help ? 0 : 2;
  }
  const { names, errors } = matchPresets(positionals);
  const scenarios: [string, Scenario][] = [];
  for (const name of names) {
    const l = loadScenario({ preset: name, sets: values.set ?? [] });
    if (l.ok) scenarios.push([name, l.scenario]);
    else errors.push(...l.errors.map((e) => `${name}: ${e}`));
  }
  if (errors.length) {
    io.err(errors.join('\n') + '\n');
    return 2;
  }
  const { runScenario } = await import('../engine/run');
  const rows: SweepRow[] = [];
  for (const [name, s] of scenarios) {
    const row = sweepRow(name, runScenario(s, {}, {}));
    rows.push(row);
    if (values.json) io.out(JSON.stringify(row) + '\n');
  }
  if (!values.json) io.out(sweepTable(rows) + '\n');
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
