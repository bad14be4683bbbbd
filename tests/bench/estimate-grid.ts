/**
 * The run-size estimate (src/engine/estimate.ts) against real runs over a grid: bulk TCP
 * through 10 Mb/s to 10 Gb/s bottlenecks with 1 to 1,000 flows (drop-tail and RED), the
 * web workloads at their presets and a UDP flood. Each run is short (its duration scaled so
 * it takes about a second of wall time); the estimate is of the same short run.
 *
 *   npx tsx tests/bench/estimate-grid.ts [--markdown] [--only substring]
 */
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

if (import.meta.url === `file://${process.argv[1]}`) {
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
