/**
 * The run-size estimate (src/engine/estimate.ts) against real runs over a grid: bulk TCP
 * through 10 Mb/s to 10 Gb/s bottlenecks with 1 to 1,000 flows (drop-tail and RED), the
 * web workloads at their presets and a UDP flood. Each run is short (its duration scaled so
 * it takes about a second of wall time); the estimate is of the same short run.
 *
 *   npx tsx tests/bench/estimate-grid.ts [--markdown] [--only substring]
 *
 * With --cli, a second list (cliCases: bulk TCP with 10 to 10,000 flows, UDP floods that
 * reach the packet cap, the web kinds, small sampling intervals, traces, long runs) is run
 * through the built command line (node src/cli/build.mjs first), one process per case
 * under /usr/bin/time, to set the estimate's events and memory beside the summary's events
 * and the process's peak RSS; "RSS - base" subtracts the peak RSS of a 0.1 s run (Node.js
 * and the bundle, which the estimate leaves out).
 *
 *   npx tsx tests/bench/estimate-grid.ts --cli [--only substring]
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { estimateRun } from '../../src/engine/estimate';
import { runScenario } from '../../src/engine/run';
import { presetByName } from '../../src/engine/scenario/presets';
import { parseScenario, type Scenario } from '../../src/engine/scenario/schema';

function scenario(json: unknown): Scenario {
  const r = parseScenario(json);
  if (!r.ok) throw new Error(r.errors.join('\n'));
  return r.scenario;
}

export interface GridCase {
  name: string;
  scenario: Scenario;
}

const RATES = [1e7, 1e8, 1e9, 1e10];
const FLOWS = [1, 10, 100, 1000];

/** Simulated seconds for about 2-4 M events (fewer at higher rates), at least 10 s: 1,000 flows started together need that to get going at 10 Gb/s. */
function durationFor(rate: number, flows: number, access: 'fast' | 'default'): number {
  const carried = access === 'default' ? Math.min(rate, 4e8) : rate;
  const perFlow = 12e6; // a 64 KB window over 44 ms
  const bps = Math.min(carried, perFlow * flows);
  return Math.max(10, Math.min(60, Math.round(2e10 / bps)));
}

/** Bulk TCP (the default preset's Reno, 64 KB windows, 44 ms round trip) through `rate` with `flows` flows. */
export function bulkCase(rate: number, flows: number, queue: 'droptail' | 'red', access: 'fast' | 'default', duration = durationFor(rate, flows, access), limit = 100): GridCase {
  const base = presetByName('default')!.scenario;
  const topo = base.topology as Extract<Scenario['topology'], { kind: 'dumbbell' }>;
  const q = queue === 'red' ? topo.bottleneck.queue : { kind: 'droptail', limit, unit: 'packets' };
  const side = access === 'fast' ? { hosts: 4, rate: 10 * rate, delay: 0.001 } : topo.left;
  return {
    name: `bulk ${rate / 1e6} Mb/s x ${flows} ${queue}${limit !== 100 ? ` (limit ${limit})` : ''}${access === 'default' ? ' (4 hosts at 100 Mb/s)' : ''}, ${duration} s`,
    scenario: scenario({ ...base, duration, warmup: 0, topology: { ...topo, bottleneck: { ...topo.bottleneck, rate, queue: q }, left: side, right: side }, traffic: [{ ...base.traffic[0], flows }] }),
  };
}

export function presetCase(name: string, duration: number): GridCase {
  const base = presetByName(name)!.scenario;
  return { name: `${name} (${base.traffic.map((t) => t.kind).join('+')}), ${duration} s`, scenario: { ...base, duration, warmup: 0, stopAfterExchanges: undefined } as Scenario };
}

export function gridCases(): GridCase[] {
  const out: GridCase[] = [];
  for (const rate of RATES) for (const flows of FLOWS) for (const q of ['droptail', 'red'] as const) out.push(bulkCase(rate, flows, q, 'fast'));
  for (const rate of [1e9, 1e10]) for (const flows of [10, 100, 500]) out.push(bulkCase(rate, flows, 'red', 'default'));
  out.push(presetCase('web-dt148-80', 20), presetCase('web-users-dt-90', 20), presetCase('web100-users-dt-98', 5), presetCase('web100-redstar-90', 10), presetCase('web-redstar-105', 20));
  out.push(presetCase('md1-poisson', 20));
  out.push({ name: 'udp flood 1 Gb/s into 10 Mb/s, 5 s', scenario: scenario({ version: 1, duration: 5, topology: { kind: 'dumbbell', bottleneck: { rate: 1e7 }, left: { rate: 1e10 } }, traffic: [{ kind: 'udp', rate: 1e9, packetSize: 1000 }] }) });
  out.push({ name: 'udp flood 1 Gb/s into 10 Mb/s, default hosts, 5 s', scenario: scenario({ version: 1, duration: 5, topology: { kind: 'dumbbell', bottleneck: { rate: 1e7 } }, traffic: [{ kind: 'udp', rate: 1e9, packetSize: 1000 }] }) });
  return out;
}

/** A case run through the command line, with its output options. */
export interface CliCase extends GridCase {
  /** --series with this --sample interval. */
  sample?: number;
  /** --trace (decision records). */
  trace?: boolean;
}

function withDuration(name: string, duration: number, extra: Partial<Scenario> = {}): Scenario {
  return { ...presetByName(name)!.scenario, duration, warmup: 0, stopAfterExchanges: undefined, ...extra } as Scenario;
}

export function cliCases(): CliCase[] {
  const out: CliCase[] = [];
  // bulk TCP, 10 to 10,000 flows, 10 Mb/s to 1 Gb/s (hosts 10x the bottleneck)
  for (const [rate, flows, duration] of [
    [1e7, 10, 60], [1e7, 100, 60], [1e7, 1000, 60], [1e7, 10000, 60],
    [1e8, 10, 20], [1e8, 100, 20], [1e8, 1000, 20], [1e8, 10000, 20],
    [1e9, 10, 5], [1e9, 100, 5], [1e9, 1000, 10], [1e9, 10000, 10],
  ]) out.push(bulkCase(rate, flows, 'red', 'fast', duration));
  // UDP floods: into a deep queue (the packets pile up in it until the 4 M packet cap stops
  // the run), into the default 100-packet queue, and the flood of docs/cli.md cut by --max-events
  const flood = (name: string, json: Record<string, unknown>): CliCase => ({ name, scenario: scenario({ version: 1, ...json }) });
  out.push(flood('udp 1 Gb/s into 10 Mb/s, queue limit 1e7 (packet cap), 60 s', { duration: 60, topology: { kind: 'dumbbell', bottleneck: { rate: 1e7, queue: { kind: 'droptail', limit: 1e7 } }, left: { rate: 1e10 } }, traffic: [{ kind: 'udp', rate: 1e9, packetSize: 1000 }] }));
  out.push(flood('udp 1 Gb/s 100 B into 10 Mb/s, queue limit 1e7 bytes, 20 s', { duration: 20, topology: { kind: 'dumbbell', bottleneck: { rate: 1e7, queue: { kind: 'droptail', limit: 1e7, unit: 'bytes' } }, left: { rate: 1e10 } }, traffic: [{ kind: 'udp', rate: 1e9, packetSize: 100 }] }));
  out.push(flood('udp 10 Gb/s on a 10 Gb/s host link with 1 s delay (1.25 M packets on it), 5 s', { duration: 5, topology: { kind: 'dumbbell', bottleneck: { rate: 1e10 }, left: { rate: 1e10, delay: 1 } }, traffic: [{ kind: 'udp', rate: 1e10, packetSize: 1000 }] }));
  out.push(flood('udp 1 Gb/s into 10 Mb/s, 100-packet queue, 10 s', { duration: 10, topology: { kind: 'dumbbell', bottleneck: { rate: 1e7 }, left: { rate: 1e10 } }, traffic: [{ kind: 'udp', rate: 1e9, packetSize: 1000 }] }));
  // web workloads, shortened
  out.push({ name: 'web-dt148-80 (packmime), 30 s', scenario: withDuration('web-dt148-80', 30) });
  out.push({ name: 'web-dt148-80 (packmime), 120 s', scenario: withDuration('web-dt148-80', 120) });
  out.push({ name: 'web-users-dt-90, 30 s', scenario: withDuration('web-users-dt-90', 30) });
  out.push({ name: 'web100-users-dt-98, 5 s', scenario: withDuration('web100-users-dt-98', 5) });
  out.push({ name: 'web-redstar-105 (web-sessions), 30 s', scenario: withDuration('web-redstar-105', 30) });
  out.push({ name: 'web100-redstar-90 (web-sessions), 10 s', scenario: withDuration('web100-redstar-90', 10) });
  // output options: small sampling intervals, decision records
  out.push({ name: 'default, 60 s, --sample 1e-4', scenario: withDuration('default', 60), sample: 1e-4 });
  out.push({ name: 'bulk 10 Mb/s x 1000, 20 s, --sample 2e-3 (50 M values)', scenario: bulkCase(1e7, 1000, 'red', 'fast', 20).scenario, sample: 2e-3 });
  out.push({ name: 'default, 60 s, --trace', scenario: withDuration('default', 60), trace: true });
  out.push({ name: 'bulk 100 Mb/s x 100 red, 20 s, --trace (past the 10^6-line cap)', scenario: bulkCase(1e8, 100, 'red', 'fast', 20).scenario, trace: true });
  out.push({ name: 'web-dt148-80, 30 s, --sample 1e-3 --trace', scenario: withDuration('web-dt148-80', 30), sample: 1e-3, trace: true });
  // long durations
  out.push({ name: 'default, 3000 s', scenario: withDuration('default', 3000) });
  out.push({ name: 'web-users-dt-90, 600 s', scenario: withDuration('web-users-dt-90', 600) });
  return out;
}

const CLI = new URL('../../node_modules/.cache/aqm-lab/cli/main.mjs', import.meta.url).pathname;

/** Runs a case through the command line: its summary's events and the process's peak RSS, bytes. */
function runCli(c: CliCase, dir: string): { events: number; rss: number; status: number | null; stderr: string } {
  const file = join(dir, 'case.json');
  writeFileSync(file, JSON.stringify(c.scenario));
  const args = ['-f', '%M', process.execPath, CLI, file, '--force', '--quiet', '--out', join(dir, 'out.json')];
  if (c.sample !== undefined) args.push('--series', join(dir, 'series.csv'), '--sample', String(c.sample));
  if (c.trace) args.push('--trace', join(dir, 'trace.jsonl'));
  writeFileSync(join(dir, 'out.json'), '{}');
  const r = spawnSync('/usr/bin/time', args, { encoding: 'utf8' });
  const lines = r.stderr.trim().split('\n');
  const rss = Number(lines[lines.length - 1]) * 1024;
  // a run stopped at a cap leaves --out without a result
  const text = readFileSync(join(dir, 'out.json'), 'utf8');
  const result = (text.trim() ? JSON.parse(text) : {}) as { summary?: { events: number } };
  return { events: result.summary?.events ?? NaN, rss, status: r.status, stderr: lines.slice(0, -1).join(' ').slice(0, 200) };
}

function cliMain(only: string): void {
  const dir = mkdtempSync(join(tmpdir(), 'estimate-grid-'));
  const base = runCli({ name: 'base', scenario: withDuration('default', 0.1) }, dir).rss;
  console.log(`base RSS (0.1 s run): ${(base / 1e6).toFixed(0)} MB\n`);
  console.log('| case | est. events | events | ratio | est. memory | peak RSS | RSS - base | ratio | wall |\n|---|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const c of cliCases()) {
    if (only && !c.name.includes(only)) continue;
    const e = estimateRun(c.scenario, { series: c.sample !== undefined, sampleInterval: c.sample });
    const t0 = performance.now();
    const r = runCli(c, dir);
    const wall = (performance.now() - t0) / 1000;
    const mb = (b: number) => `${(b / 1e6).toFixed(b < 1e7 ? 1 : 0)} MB`;
    const note = r.status !== 0 ? ` (exit ${r.status}: ${r.stderr.replace(/\|/g, '/')})` : '';
    const events = Number.isNaN(r.events) ? 'stopped' : `${(r.events / 1e6).toFixed(2)} M`;
    console.log(`| ${c.name}${note} | ${(e.events / 1e6).toFixed(2)} M | ${events} | ${(r.events / e.events).toFixed(2)} | ${mb(e.memoryBytes)} | ${mb(r.rss)} | ${mb(r.rss - base)} | ${((r.rss - base) / e.memoryBytes).toFixed(2)} | ${wall.toFixed(1)} s |`);
  }
}

if (import.meta.url === `file://${process.argv[1]}` && process.argv.includes('--cli')) {
  cliMain(process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1] : '');
} else if (import.meta.url === `file://${process.argv[1]}`) {
  const only = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1] : '';
  const md = process.argv.includes('--markdown');
  if (md) console.log('| case | estimate | actual | actual / estimate |\n|---|---:|---:|---:|');
  for (const c of gridCases()) {
    if (only && !c.name.includes(only)) continue;
    const e = estimateRun(c.scenario);
    const t0 = performance.now();
    const s = runScenario(c.scenario).summary;
    const wall = (performance.now() - t0) / 1000;
    const ratio = s.events / e.events;
    const line = md
      ? `| ${c.name} | ${(e.events / 1e6).toFixed(2)} M | ${(s.events / 1e6).toFixed(2)} M | ${ratio.toFixed(2)} |`
      : `${c.name.padEnd(60)} est ${(e.events / 1e6).toFixed(2).padStart(8)} M  real ${(s.events / 1e6).toFixed(2).padStart(8)} M  real/est ${ratio.toFixed(2).padStart(5)}  util ${(s.bottleneck.utilization * 100).toFixed(1)}%  wall ${wall.toFixed(1)} s`;
    console.log(line);
  }
}
