import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createRun } from '../../src/engine/run';
import { PRESETS } from '../../src/engine/scenario/presets';
import { parseScenario, type Scenario } from '../../src/engine/scenario/schema';
import type { RunResult } from '../../src/engine/metrics/types';

/**
 * Invariants that must hold on every queue of every scenario, checked on the presets
 * (shortened) and on random dumbbells drawn by fast-check.
 */
function runAndCheck(scenario: Scenario): RunResult {
  const run = createRun(scenario);
  while (!run.done) run.advance(Infinity);
  const result = run.result();
  for (const link of run.sim.links) {
    const q = link.queue;
    const name = q.ctx.name;
    // conservation: every arrival departed, was dropped, or is still waiting
    expect(q.arrivals, name).toBe(q.departures + q.drops + q.lenPackets);
    expect(q.dropsOverflow + q.dropsEarly + q.dropsForced, name).toBe(q.drops);
    // no queue ever held more than its limit
    if (q.unit === 'packets') expect(q.maxLenPackets, name).toBeLessThanOrEqual(q.limit);
    else expect(q.maxLenBytes, name).toBeLessThanOrEqual(q.limit);
  }
  expect(run.sim.unroutable).toBe(0);
  for (const f of result.summary.flows) {
    if (f.kind !== 'tcp') continue;
    // each byte is delivered at most once, and all of it once the flow completed
    if (f.bytesRequested !== null) expect(f.bytesDelivered).toBeLessThanOrEqual(f.bytesRequested);
    if (f.completionTime !== null) expect(f.bytesDelivered).toBe(f.bytesRequested);
  }
  const b = result.summary.bottleneck;
  expect(b.utilization).toBeLessThanOrEqual(1 + 1e-9);
  return result;
}

const stripWall = (r: RunResult) => JSON.stringify({ ...r, summary: { ...r.summary, wallSeconds: 0 } });

describe('invariants on every preset', () => {
  // presets of one family differ only in numbers; the lessons, the bench and one of each mechanism cover the code paths
  // (the web families likewise: one run of each AQM and marking rule)
  const family = (prefix: string, keep: RegExp) => (name: string) => !name.startsWith(prefix) || keep.test(name);
  const keepers = [
    family('ecn-finite-', /-n2-.*-ql(8|64)$/),
    family('web100-', /^web100-(dt|redstar-ecn|rem-ecnplus|pi-ecn)-105$/),
    family('web-load-', /^web-load-redecn5-105$/),
    family('feng-fig20b-', /-inc50-d50$/),
    family('web-users-', /^web-users-(dt|red-packet|red-byte)-98$|^web-users-(rem-ecn-90|ared-byte-newgentle-98)$/),
  ];
  const picked = PRESETS.filter((p) => keepers.every((k) => k(p.name)));
  for (const p of picked) {
    it(`${p.name}`, () => {
      const sc = structuredClone(p.scenario) as Scenario;
      // keep each check short: cap long runs at 30 simulated seconds
      if (sc.duration === undefined || sc.duration > 30) sc.duration = 30;
      runAndCheck(sc);
    });
  }
});

describe('invariants and determinism on random dumbbells', () => {
  const arbScenario = fc
    .record({
      seed: fc.integer({ min: 0, max: 1e6 }),
      flows: fc.integer({ min: 1, max: 8 }),
      bytes: fc.option(fc.integer({ min: 1, max: 400_000 }), { nil: undefined }),
      rate: fc.constantFrom(1e6, 5e6, 20e6),
      delay: fc.constantFrom(0.001, 0.01, 0.05),
      loss: fc.constantFrom(0, 0, 0.01),
      variant: fc.constantFrom('tahoe', 'reno', 'newreno', 'sack'),
      ecn: fc.boolean(),
      delayedAck: fc.boolean(),
      unit: fc.constantFrom('packets', 'bytes'),
      countRule: fc.constantFrom('waiting', 'ns2'),
      aqm: fc.constantFrom('droptail', 'red'),
      limit: fc.integer({ min: 2, max: 120 }),
      gentle: fc.boolean(),
      aboveMaxTh: fc.constantFrom('drop', 'mark', 'new-gentle'),
      udp: fc.boolean(),
    })
    .map((r) => {
      const limit = r.unit === 'bytes' ? r.limit * 1500 : r.limit;
      const minTh = Math.max(1, Math.floor(limit / 6));
      const queue =
        r.aqm === 'droptail'
          ? { kind: 'droptail', limit, unit: r.unit, countRule: r.countRule }
          : { kind: 'red', limit, unit: r.unit, countRule: r.countRule, minTh, maxTh: 3 * minTh, maxP: 0.1, gentle: r.gentle, ecn: r.ecn, aboveMaxTh: r.aboveMaxTh };
      const traffic: unknown[] = [{ kind: 'bulk', from: 'left', flows: r.flows, bytes: r.bytes, start: 0, startSpread: 0.5 }];
      if (r.udp) traffic.push({ kind: 'udp', pattern: 'poisson', rate: r.rate / 4, packetSize: 500, from: 'right' });
      const json = {
        version: 1,
        seed: r.seed,
        duration: 8,
        topology: { kind: 'dumbbell', bottleneck: { rate: r.rate, delay: r.delay, loss: r.loss, queue }, left: { hosts: 2, rate: 100e6, delay: 0.001 }, right: { hosts: 3, rate: 100e6, delay: 0.001 } },
        tcp: { variant: r.variant, ecn: r.ecn, delayedAck: r.delayedAck },
        traffic,
      };
      const parsed = parseScenario(json);
      if (!parsed.ok) throw new Error(parsed.errors.join('\n'));
      return parsed.scenario;
    });

  it('conservation, limits, exactly-once delivery; the same seed gives the same result', () => {
    fc.assert(
      fc.property(arbScenario, (sc) => {
        const a = runAndCheck(sc);
        const b = runAndCheck(structuredClone(sc));
        expect(stripWall(b)).toBe(stripWall(a));
      }),
      { numRuns: 40 },
    );
  });
});
