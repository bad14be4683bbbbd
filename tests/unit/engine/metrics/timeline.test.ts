import { describe, expect, it } from 'vitest';
import type { Summary, Timeline } from '../../../../src/engine/metrics/types';
import { timelineWindowNs } from '../../../../src/engine/metrics/timeline';
import { runScenario } from '../../../../src/engine/run';
import { bulk, dumbbell } from '../helpers/scenarios';

/*
 * summary.timeline cuts the run into windows. Its windows must add up to the whole-run
 * statistics the summary already reports (exactly for counts, as integrals for time
 * averages), since both are read from the same counters: a window that lost or doubled a
 * drop, or a mean weighted wrongly, shows here.
 */
const red = { kind: 'red', limit: 60, unit: 'packets', countRule: 'waiting', minTh: 5, maxTh: 20, maxP: 0.1, wq: 0.002, gentle: true, wait: true, ecn: false, aboveMaxTh: 'drop', mode: 'packet', meanPktSize: 500 };
function scenario(duration: number | undefined, extra: Record<string, unknown> = {}) {
  return {
    ...dumbbell({
      rate: 10e6,
      delay: 0.01,
      queue: red,
      left: 3,
      right: 3,
      traffic: [bulk(3), { kind: 'udp', pattern: 'poisson', rate: 2e6, packetSize: 500, from: 'left', start: 0 }],
      duration,
    }),
    ...extra,
  };
}

const sum = (a: number[]) => a.reduce((x, y) => x + y, 0);
/** Window k's length, s. */
const span = (t: Timeline, k: number) => t.end[k] - (k === 0 ? 0 : t.end[k - 1]);

describe('summary.timeline', () => {
  const s: Summary = runScenario(scenario(23)).summary;
  const t = s.timeline!;

  it('has round windows, at most 64 of them, covering the run from 0 to its end', () => {
    // 23 s / 64 = 0.36 s: the next of 1, 2, 5 x 10^k is 0.5 s, 46 windows
    expect(t.window).toBe(0.5);
    expect(t.end.length).toBe(46);
    expect(t.end[0]).toBe(0.5);
    expect(t.end.at(-1)).toBe(23);
    for (let k = 1; k < t.end.length; k++) expect(span(t, k)).toBeCloseTo(0.5, 9);
    for (const col of [t.queueMean, t.queueMin, t.queueMax, t.utilization, t.arrivals, t.drops, t.dropsOverflow, t.marks, t.aqm.avg]) expect(col.length).toBe(t.end.length);
    expect(timelineWindowNs(200)).toBe(5e9);
    expect(timelineWindowNs(60)).toBe(1e9);
    expect(timelineWindowNs(0.001)).toBe(20_000);
  });

  it('adds up to the summary: counts exactly, the mean queue and utilization as integrals over the windows', () => {
    const b = s.bottleneck;
    expect(sum(t.arrivals)).toBe(b.arrivals);
    expect(sum(t.drops)).toBe(b.drops);
    expect(sum(t.dropsOverflow)).toBe(b.dropsOverflow);
    expect(sum(t.marks)).toBe(b.marks);
    expect(b.drops).toBeGreaterThan(0);
    const integral = (col: number[]) => sum(col.map((x, k) => x * span(t, k)));
    expect(integral(t.queueMean) / 23).toBeCloseTo(b.meanQueuePackets, 2);
    expect(integral(t.utilization) / 23).toBeCloseTo(b.utilization, 3);
    expect(integral(t.aqm.avg) / 23).toBeCloseTo(b.aqm!.means.avg, 2);
    expect(Math.max(...t.queueMax)).toBe(b.maxQueuePackets);
    for (let k = 0; k < t.end.length; k++) {
      expect(t.queueMin[k]).toBeLessThanOrEqual(t.queueMean[k] + 1e-3);
      expect(t.queueMean[k]).toBeLessThanOrEqual(t.queueMax[k] + 1e-3);
    }
  });

  it('splits drops by flow, and lists the first drops in time order with their flow', () => {
    // 4 fixed flows (3 TCP, 1 UDP): per-flow columns, summing to the flows' drops (all at the bottleneck here)
    expect(t.flowDrops!.length).toBe(4);
    t.flowDrops!.forEach((col, f) => expect(sum(col)).toBe(s.flows[f].drops));
    const d = t.firstDrops;
    expect(d.t.length).toBe(Math.min(32, s.bottleneck.drops));
    for (let i = 1; i < d.t.length; i++) expect(d.t[i]).toBeGreaterThanOrEqual(d.t[i - 1]);
    // the first drop lies in the first window with a drop
    const first = t.drops.findIndex((x) => x > 0);
    expect(d.t[0]).toBeGreaterThan(first === 0 ? 0 : t.end[first - 1]);
    expect(d.t[0]).toBeLessThanOrEqual(t.end[first]);
    // each listed drop's flow is counted in that flow's column for the window it fell in
    const k = t.end.findIndex((e) => e >= d.t[0]);
    expect(t.flowDrops![d.flow[0]][k]).toBeGreaterThan(0);
  });

  it('covers the warm-up too, while the rest of the summary does not', () => {
    const w = runScenario(scenario(23, { warmup: 5 })).summary;
    expect(w.timeline).toEqual(t);
    expect(w.bottleneck.drops).toBeLessThan(sum(t.drops));
  });

  it('an open-ended run (finite downloads) gets round windows too, and is deterministic', () => {
    const sc = dumbbell({ rate: 10e6, delay: 0.01, queue: red, left: 2, right: 2, traffic: [bulk(2, 4e6)], duration: undefined });
    const a = runScenario(sc).summary;
    const tl = a.timeline!;
    const end = Math.max(...a.flows.map((f) => f.completionTime!));
    expect(tl.end.at(-1)).toBeCloseTo(end, 6);
    expect(tl.end.length).toBeLessThanOrEqual(64);
    expect([0.1, 0.2, 0.5, 1, 2, 5, 10]).toContain(tl.window);
    expect(tl.end.length).toBe(Math.ceil(end / tl.window));
    expect(sum(tl.drops)).toBe(a.bottleneck.drops);
    expect(runScenario(sc).summary.timeline).toEqual(tl);
    expect(JSON.stringify(tl).length).toBeLessThan(8000);
  });
});
