/**
 * `npm run bench`: engine speed on the two reference workloads of issue 2 §8.
 * Prints events/s, simulated seconds per wall second and bottleneck packets per wall
 * second. Numbers are measurements of this machine; nothing here asserts a time.
 */
import type { CliIo } from '../../src/cli/main';
import { runScenario } from '../../src/engine/run';
import { presetByName } from '../../src/engine/scenario/presets';
import { parseScenario } from '../../src/engine/scenario/schema';

const cases: { label: string; preset: string }[] = [
  { label: '(a) ecn-finite n=10, QL=32, RED+ECN (max_p 10 %)', preset: 'ecn-finite-n10-ecn-a-ql32' },
  { label: '(b) 100 SACK flows, 10 Mb/s 20 ms, RED, 200 s', preset: 'bench-100-red' },
  { label: '(c) seeds/000 full scale: two-way PackMime at 80 % load, 10 Mb/s DT-148q, 120 s warm-up + 250,000 exchanges', preset: 'bench-seeds000-full' },
];

export async function runBench(_argv: readonly string[], io: CliIo): Promise<number> {
  const log = (t: string) => io.out(t + '\n');
  const repeats = Number(process.env.BENCH_REPEATS ?? 3);
  for (const c of cases) {
    const preset = presetByName(c.preset);
    if (!preset) throw new Error(`no preset ${c.preset}`);
    const parsed = parseScenario(preset.scenario);
    if (!parsed.ok) throw new Error(parsed.errors.join('\n'));
    let best = Infinity;
    const tc = performance.now();
    let summary = runScenario(parsed.scenario).summary; // first run: includes JIT warm-up
    const cold = (performance.now() - tc) / 1000;
    for (let i = 0; i < repeats; i++) {
      const t0 = performance.now();
      summary = runScenario(parsed.scenario).summary;
      best = Math.min(best, (performance.now() - t0) / 1000);
    }
    const pkts = summary.bottleneck.departures;
    log(c.label);
    log(`  wall ${best.toFixed(3)} s (best of ${repeats}, after one warm-up run); first, cold run ${cold.toFixed(3)} s`);
    log(`  events ${summary.events}  ->  ${(summary.events / best / 1e6).toFixed(2)} M events/s`);
    log(`  simulated ${summary.simulatedSeconds.toFixed(1)} s  ->  ${(summary.simulatedSeconds / best).toFixed(0)} simulated s per wall s`);
    log(`  bottleneck packets ${pkts}  ->  ${(pkts / best / 1e6).toFixed(3)} M packets/s`);
    log(`  utilization ${(summary.bottleneck.utilization * 100).toFixed(1)} %, drops ${summary.bottleneck.drops}, marks ${summary.bottleneck.marks}`);
    const w = summary.web;
    if (w) log(`  web: ${w.exchanges} exchanges, median response ${((w.responseTime?.p50 ?? NaN) * 1000).toFixed(0)} ms (the first run includes the load calibration: ${w.calibration.map((c) => `${c.value.toFixed(1)} connections/s`).join(', ')})`);
  }
  return 0;
}
