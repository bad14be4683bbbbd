import { describe, expect, it } from 'vitest';
import { parseScenario, type Scenario } from '../../../../src/engine/scenario/schema';
import { runScenario, type EngineScenario } from '../../../../src/engine/sim-run';
import { calibrateLoads, CALIBRATION_TOLERANCE, uncongestedTwin } from '../../../../src/engine/traffic/calibrate';

/** Two-way PackMime over a 10 Mb/s drop-tail bottleneck, seeds/000's round trips, 60 s with a 10 s warm-up. */
function scenario(load: number, seed = 1): EngineScenario {
  const r = parseScenario({
    version: 1,
    seed,
    duration: 60,
    warmup: 10,
    topology: {
      kind: 'dumbbell',
      bottleneck: { rate: 10e6, delay: 0.001, queue: { kind: 'droptail', limit: 148 } },
      left: { hosts: 1, rate: 100e6, delay: 0 },
      right: { hosts: 1, rate: 100e6, delay: 0 },
      flowDelay: { kind: 'packmime' },
    },
    tcp: { variant: 'reno', mss: 1420, initialCwnd: 2, minRto: 1, initialRto: 6, delayedAck: false, rwnd: 105080 },
    traffic: [{ kind: 'packmime', direction: 'both', load }],
  });
  if (!r.ok) throw new Error(r.errors.join('\n'));
  return r.scenario as Scenario as EngineScenario;
}

/** Mean utilization of both directions of the uncongested twin, as a fraction of the real bottleneck. */
function uncongestedLoad(s: EngineScenario, rate: number, fixed: Record<string, number>): number {
  const r = runScenario(uncongestedTwin(s, 0, 'rate', rate, fixed)).summary;
  return 5 * (r.bottleneck.utilization + r.bottleneckReverse.utilization);
}

describe('offered load calibration (uncongested twin: bottleneck 10x faster)', () => {
  it('80 % load gives 80 % +- 3 % utilization on the uncongested link, and the congested run uses that rate', () => {
    const s = scenario(0.8);
    const c = calibrateLoads(s, (x) => runScenario(x)).get(0)!;
    expect(c.param).toBe('rate');
    expect(Math.abs(c.measured - 0.8)).toBeLessThanOrEqual(CALIBRATION_TOLERANCE);
    // an independent run of the uncongested twin at that rate
    const u = uncongestedLoad(s, c.value, c.fixed);
    expect(u).toBeGreaterThan(0.77);
    expect(u).toBeLessThan(0.83);
    // the twin really is uncongested: nothing dropped, queue short
    const twin = runScenario(uncongestedTwin(s, 0, 'rate', c.value, c.fixed)).summary;
    expect(twin.bottleneck.drops + twin.bottleneckReverse.drops).toBe(0);
    // the experiment runs at the calibrated rate and reports it (from the cache: no further calibration run)
    const run = runScenario(s).summary.web!;
    expect(run.calibration).toEqual([{ item: 0, load: 0.8, param: 'rate', value: c.value, measured: c.measured, runs: 0, fixed: c.fixed }]);
  });

  it('the utilization on the uncongested link grows in proportion to the rate (half the rate, about half the load)', () => {
    const s = scenario(0.8, 3);
    const c = calibrateLoads(s, (x) => runScenario(x)).get(0)!;
    const half = uncongestedLoad(s, c.value / 2, c.fixed);
    expect(half / c.measured).toBeGreaterThan(0.4);
    expect(half / c.measured).toBeLessThan(0.6);
  });

  it('a second request for the same workload model comes from the cache', () => {
    const s = scenario(0.5, 4);
    const a = calibrateLoads(s, (x) => runScenario(x)).get(0)!;
    let calls = 0;
    const b = calibrateLoads(s, (x) => {
      calls++;
      return runScenario(x);
    }).get(0)!;
    expect(a.runs).toBeGreaterThan(0);
    expect(b.runs).toBe(0);
    expect(calls).toBe(0);
    expect(b.value).toBe(a.value);
  });
});
