import { describe, expect, it } from 'vitest';
import type { Summary } from '../../../src/engine/metrics/types';
import { runScenario } from '../../../src/engine/run';
import { parseScenario } from '../../../src/engine/scenario/schema';
import { bulk, dumbbell } from './helpers/scenarios';

/*
 * A warm-up of W seconds makes every summary statistic cover [W, end]. Runs are
 * deterministic, so the run with a warm-up must report exactly what the whole run
 * reports minus what a run stopped at W reports: counts subtract, time averages and
 * utilization subtract as integrals over their spans.
 */
function scenario(duration: number, warmup: number) {
  return {
    ...dumbbell({
      rate: 10e6,
      delay: 0.01,
      queue: { kind: 'red', limit: 60, unit: 'packets', countRule: 'waiting', minTh: 5, maxTh: 20, maxP: 0.1, wq: 0.002, gentle: true, wait: true, ecn: false, aboveMaxTh: 'drop', mode: 'packet', meanPktSize: 500 },
      left: 3,
      right: 3,
      traffic: [bulk(3), { kind: 'udp', pattern: 'poisson', rate: 2e6, packetSize: 500, from: 'left', start: 0 }],
      duration,
    }),
    warmup,
  };
}

describe('warmup', () => {
  const W = 4;
  const D = 10;
  const whole = runScenario(scenario(D, 0)).summary;
  const head = runScenario(scenario(W, 0)).summary;
  const tail = runScenario(scenario(D, W)).summary;

  it('counts only what happens after the warm-up', () => {
    expect(tail.warmup).toBe(W);
    expect(whole.warmup).toBe(0);
    const b = (s: Summary) => s.bottleneck;
    expect(head.bottleneck.drops).toBeGreaterThan(0);
    for (const k of ['arrivals', 'departures', 'drops', 'dropsEarly', 'dropsForced', 'dropsOverflow', 'marks'] as const) expect(b(tail)[k]).toBe(b(whole)[k] - b(head)[k]);
    expect(tail.bottleneck.lossRate).toBeCloseTo(tail.bottleneck.drops / tail.bottleneck.arrivals, 12);
    tail.flows.forEach((f, i) => {
      expect(f.packetsSent).toBe(whole.flows[i].packetsSent - head.flows[i].packetsSent);
      expect(f.bytesDelivered).toBe(whole.flows[i].bytesDelivered - head.flows[i].bytesDelivered);
      expect(f.drops).toBe(whole.flows[i].drops - head.flows[i].drops);
    });
    // the first flow's goodput is its bytes after W over the D - W seconds
    expect(tail.flows[0].goodputBps).toBeCloseTo((tail.flows[0].bytesDelivered * 8) / (D - W), 6);
  });

  it('time averages and utilization cover [W, D] only', () => {
    const integral = (s: Summary, span: number) => s.bottleneck.meanQueuePackets * span;
    expect(integral(tail, D - W)).toBeCloseTo(integral(whole, D) - integral(head, W), 6);
    const bits = (s: Summary, span: number) => s.bottleneck.utilization * 10e6 * span;
    expect(bits(tail, D - W)).toBeCloseTo(bits(whole, D) - bits(head, W), 3);
    // slow start overshoots the queue early on: the run's maximum after W is no larger than over the whole run
    expect(tail.bottleneck.maxQueuePackets).toBeLessThanOrEqual(whole.bottleneck.maxQueuePackets);
  });

  it('is a scenario field with a range, and must end before the run does', () => {
    const base = { version: 1, duration: 10, topology: { kind: 'dumbbell' }, traffic: [{ kind: 'bulk', flows: 1 }] };
    const ok = parseScenario({ ...base, warmup: 2 });
    expect(ok.ok && ok.scenario.warmup).toBe(2);
    const dflt = parseScenario(base);
    expect(dflt.ok && dflt.scenario.warmup).toBe(0);
    const late = parseScenario({ ...base, warmup: 10 });
    expect(late.ok ? [] : late.errors).toEqual([expect.stringMatching(/^warmup = 10 must be less than duration = 10/)]);
    const neg = parseScenario({ ...base, warmup: -1 });
    expect(neg.ok ? [] : neg.errors).toEqual([expect.stringMatching(/^warmup = -1 is out of range: allowed 0 to 1000000 s/)]);
  });

  it('goodput efficiency G counts its time from the warm-up, as it counts the payload', () => {
    // two 5 MB downloads keep the 10 Mb/s link busy to the end: G, payload after W over
    // B x (last completion - W), is close to the utilization after W (payload 1460 of 1500 bytes)
    const s = { ...scenario(D, W), duration: undefined, traffic: [bulk(2, 5_000_000)] };
    const r = runScenario(s).summary;
    const tmax = Math.max(...r.flows.map((f) => f.completionTime ?? NaN));
    expect(tmax).toBeGreaterThan(W + 1);
    const payload = r.flows.reduce((a, f) => a + f.bytesDelivered, 0);
    expect(r.goodputEfficiency).toBeCloseTo((payload * 8) / (10e6 * (tmax - W)), 9);
    expect(r.goodputEfficiency).toBeGreaterThan(0.9 * r.bottleneck.utilization);
  });

  it('a bulk flow that starts after the warm-up measures its goodput from its own start', () => {
    const s = { ...scenario(D, W), traffic: [bulk(1, undefined, { start: 6 })] };
    const r = runScenario(s).summary;
    expect(r.flows[0].goodputBps).toBeCloseTo((r.flows[0].bytesDelivered * 8) / (D - 6), 6);
  });
});
