import { describe, expect, it } from 'vitest';
import { parseScenario, type Scenario } from '../../../../src/engine/scenario/schema';
import { CALIBRATION_CHUNK_EVENTS, createRun, runScenario, type EngineScenario } from '../../../../src/engine/sim-run';
import type { ExchangeBatch } from '../../../../src/engine/metrics/web';
import { baselineScenario, calibrateLoads, CALIBRATION_RUNS, CALIBRATION_TOLERANCE, setCalibrationStore, uncongestedTwin, type Calibrated, type CalibrationStep } from '../../../../src/engine/traffic/calibrate';

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
    // it stops at its tolerance, or after CALIBRATION_RUNS runs at the best one: the
    // utilization is not exactly proportional to the rate (a heavy-tailed response more or
    // less inside the window), so the last steps can hop around 80 % (seed 1: 76.7, 77.7,
    // 82.6, 79.2 %); within the issue's +-3 % either way
    expect(Math.abs(c.measured - 0.8) <= CALIBRATION_TOLERANCE || c.runs === CALIBRATION_RUNS).toBe(true);
    expect(Math.abs(c.measured - 0.8)).toBeLessThanOrEqual(0.03);
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

  it('announces each calibration run before it starts: the value it runs, and what the run before it measured', () => {
    const s = scenario(0.65, 5);
    const steps: CalibrationStep[] = [];
    const ran: { rate: number; measured: number }[] = [];
    const c = calibrateLoads(
      s,
      (x) => {
        // the step announced last is the run now starting, with the value this scenario carries
        const rate = (x.traffic[0] as { rate: number }).rate;
        expect(steps.length).toBe(ran.length + 1);
        expect(steps[steps.length - 1]!.value).toBe(rate);
        const r = runScenario(x);
        ran.push({ rate, measured: 5 * (r.summary.bottleneck.utilization + r.summary.bottleneckReverse.utilization) });
        return r;
      },
      (st) => steps.push(st),
    ).get(0)!;
    expect(steps.length).toBe(c.runs);
    expect(c.runs).toBeGreaterThan(0);
    steps.forEach((st, i) => {
      expect(st).toMatchObject({ item: 0, load: 0.65, param: 'rate', run: i + 1, maxRuns: CALIBRATION_RUNS });
      if (i === 0) expect(st.previous).toBeNull();
      else {
        expect(st.previous!.value).toBe(ran[i - 1]!.rate);
        expect(st.previous!.measured).toBeCloseTo(ran[i - 1]!.measured, 12);
      }
    });
    // from the cache: no run, nothing announced
    const again: CalibrationStep[] = [];
    calibrateLoads(s, (x) => runScenario(x), (st) => again.push(st));
    expect(again).toEqual([]);
  });
});

describe('a calibration that reports as it goes (the app worker: its page watches for silence)', () => {
  it('gives the same runs and value as one that does not, and reports several times a run, the time rising', () => {
    const s = { ...scenario(0.5, 11), duration: 20, warmup: 5 };
    // each calibration afresh (nothing kept from the other, nor from the tests above)
    const fresh = () => {
      const m = new Map<string, Calibrated>();
      setCalibrationStore({ get: (k) => m.get(k), set: (k, v) => void m.set(k, v) });
    };
    fresh();
    const plain = createRun(s).result().summary.web!.calibration;
    fresh();
    const steps: CalibrationStep[] = [];
    const heard: { run: number; at: number }[] = [];
    const reported = createRun(s, {}, { onCalibration: (st) => steps.push(st), onCalibrationProgress: (at) => heard.push({ run: steps.length, at }) }).result().summary.web!.calibration;
    expect(plain[0].runs).toBeGreaterThan(0);
    expect(reported).toEqual(plain);
    expect(steps).toHaveLength(plain[0].runs);
    for (let run = 1; run <= steps.length; run++) {
      const at = heard.filter((h) => h.run === run).map((h) => h.at);
      // 20 s of the uncongested twin is well over CALIBRATION_CHUNK_EVENTS events
      expect(at.length).toBeGreaterThanOrEqual(2);
      for (let i = 1; i < at.length; i++) expect(at[i]).toBeGreaterThan(at[i - 1]);
    }
    expect(CALIBRATION_CHUNK_EVENTS).toBe(100_000);
  });
});

describe('web traffic beside long-lived flows (the bufferbloat lessons)', () => {
  /** Two bulk flows, then one-way PackMime at 10 % load: the web item is traffic.1. */
  function mixed(seed = 4): EngineScenario {
    const s = scenario(0.1, seed);
    return { ...s, duration: 30, warmup: 5, traffic: [{ kind: 'bulk', from: 'left', flows: 2, start: 0, startSpread: 0 } as never, { ...s.traffic[0], direction: 'forward' } as never] };
  }
  /** The exchanges started before 20 s, by start: start, sizes, round trip. */
  const rows = (batches: ExchangeBatch[]) =>
    batches
      .flatMap((b) => Array.from(b.start, (t, i) => [t, b.req[i], b.rsp[i], b.rtt[i]]))
      .filter((r) => r[0] < 20)
      .sort((x, y) => x[0] - y[0]);

  it('the calibration measures the connections the run makes, and the baseline is those connections alone', () => {
    const s = mixed();
    const run: ExchangeBatch[] = [];
    const summary = runScenario(s, { exchanges: (b) => run.push(b) }).summary;
    expect(summary.flows).toHaveLength(2);
    const web = summary.web!;
    const c = web.calibration[0];
    expect(c.item).toBe(1);
    const base = baselineScenario(s, web.calibration);
    // the bulk flows are left out: they would fill the 10x link too
    expect(base.traffic.map((t) => t.kind)).toEqual(['packmime']);
    const got: ExchangeBatch[] = [];
    const b = runScenario(base, { exchanges: (x) => got.push(x) }).summary;
    expect(got.length).toBeGreaterThan(0);
    // the baseline draws the run's connections (same starts, sizes and round trips), so it
    // carries the load the calibration measured; drawn as an item 0 they would differ
    const inBase = new Set(rows(got).map((r) => r.join()));
    const inRun = rows(run);
    expect(inRun.length).toBeGreaterThan(50);
    // every exchange of the run is one of the baseline's; a congested one may not have completed by the end
    expect(inRun.filter((r) => !inBase.has(r.join()))).toEqual([]);
    expect(inRun.length).toBeGreaterThanOrEqual(0.95 * inBase.size);
    expect(b.bottleneck.utilization * 10).toBeCloseTo(c.measured, 9);
    // the per-flow table lists the long-lived flows (web connections are counted in `web`)
    expect(b.flows).toHaveLength(0);
  });
});
