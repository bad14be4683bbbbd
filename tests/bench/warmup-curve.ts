/**
 * Where a short run's time goes while V8 warms up: runs a preset three times in one
 * process and prints the wall time of each block of events, so the cost of the first
 * blocks (the engine interpreted, then compiled) can be told from the run's own early
 * phase (slow start, handshakes), which the third run, with every function compiled,
 * still pays. Issue 8's whole-process targets against ns-2 are decided by these first
 * blocks (docs/speed.md, "The first 50,000 events").
 *
 *   npx tsx tests/bench/warmup-curve.ts [preset] [--block N] [--runs N]
 *
 * tsx transpiles first; the figures are of the engine only (the run's construction is
 * printed apart), not of the command line's start-up.
 */
import { parseArgs } from 'node:util';
import { createRun } from '../../src/engine/sim-run';
import { presetByName, presetScenario } from '../../src/engine/scenario/presets';
import { parseScenario } from '../../src/engine/scenario/schema';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { block: { type: 'string', default: '25000' }, runs: { type: 'string', default: '3' } },
});
const name = positionals[0] ?? 'bench-100-red';
if (!presetByName(name)) {
  process.stderr.write(`no preset ${JSON.stringify(name)} (npm run sim -- --list-presets)\n`);
  process.exit(2);
}
const block = Number(values.block);
const runs = Number(values.runs);
if (!Number.isInteger(block) || block < 1000 || !Number.isInteger(runs) || runs < 1 || runs > 20) {
  process.stderr.write('--block: a whole number of events, at least 1000; --runs: 1 to 20\n');
  process.exit(2);
}

for (let i = 0; i < runs; i++) {
  const parsed = parseScenario(presetScenario(name));
  if (!parsed.ok) throw new Error(parsed.errors.join('\n'));
  const t0 = performance.now();
  const r = createRun(parsed.scenario as unknown as Parameters<typeof createRun>[0]);
  const built = performance.now() - t0;
  const ms: number[] = [];
  const full: number[] = []; // ns per event of each whole block
  let events = 0;
  while (!r.done) {
    const t = performance.now();
    const n = r.advance(Infinity, block);
    const dt = performance.now() - t;
    ms.push(dt);
    if (n === block) full.push((dt * 1e6) / n);
    events += n;
    if (n === 0) break;
  }
  const total = ms.reduce((a, b) => a + b, 0);
  const steady = Math.min(...full.slice(Math.floor(full.length / 2)));
  const first = ms.slice(0, 4).map((x) => x.toFixed(1)).join(' ');
  console.log(
    `run ${i + 1}: built in ${built.toFixed(1)} ms; ${events.toLocaleString('en-US')} events in ${total.toFixed(0)} ms; ` +
      `first blocks of ${block.toLocaleString('en-US')} events: ${first} ms; fastest block of the second half ${steady.toFixed(0)} ns/event; ` +
      `time above that pace: ${(total - (steady * events) / 1e6).toFixed(0)} ms`,
  );
}
