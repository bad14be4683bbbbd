import { describe, expect, it } from 'vitest';
import type { SeriesBatch } from '../../../../src/engine/metrics/types';
import { createRun } from '../../../../src/engine/run';
import { presetScenario } from '../../../../src/engine/scenario/presets';

/**
 * A flow's window, RTT and goodput are sampled only while it runs. Before it opens and after
 * its transfer completed they are gaps (NaN), so charts draw no line there and the band
 * across flows describes the running flows (seeds/004 Figs. 7-8: 24 of 56 flows run at a
 * time). Its acknowledged bytes stay numbers: 0 before, the total after.
 */
describe('series of flows that start late or finish early', () => {
  const base = presetScenario('default')!;
  const scenario = {
    ...base,
    duration: 8,
    warmup: 0,
    traffic: [
      { kind: 'bulk' as const, flows: 1, start: 0, startSpread: 0, bytes: 300_000 },
      { kind: 'bulk' as const, flows: 1, start: 3, startSpread: 0 },
    ],
  };
  const batches: SeriesBatch[] = [];
  const run = createRun(scenario, { series: (b) => batches.push(b) }, { sampleInterval: 0.1, batchSamples: 16 });
  while (!run.done) run.advance(Infinity);
  const summary = run.result().summary;
  const col = (name: string) => batches.flatMap((b) => Array.from(b.cols[name]));
  const t = batches.flatMap((b) => Array.from(b.t));

  it('the late flow has no window, RTT or goodput before it starts, and has them after', () => {
    for (const name of ['cwnd.1', 'rtt.1', 'goodput.1'])
      t.forEach((ti, i) => {
        if (ti < 3) expect(col(name)[i], `${name} at ${ti} s`).toBeNaN();
        if (ti > 3.5) expect(Number.isFinite(col(name)[i]), `${name} at ${ti} s`).toBe(true);
      });
    t.forEach((ti, i) => ti < 3 && expect(col('acked.1')[i]).toBe(0));
  });

  it('the finite flow has none after the sample that saw it complete; its bytes stay at the total', () => {
    const done = summary.flows.find((f) => f.flow === 0)!.completionTime;
    expect(done).not.toBeNull();
    const doneAt = done as number;
    expect(doneAt).toBeLessThan(3);
    const cwnd = col('cwnd.0');
    const goodput = col('goodput.0');
    const acked = col('acked.0');
    // the interval holding the completion still carries the last bytes' goodput
    const last = t.findIndex((ti) => ti >= doneAt);
    expect(goodput[last]).toBeGreaterThan(0);
    t.forEach((ti, i) => {
      if (ti < doneAt - 1e-9) expect(Number.isFinite(cwnd[i]), `cwnd.0 at ${ti} s`).toBe(true);
      if (i > last) {
        expect(cwnd[i], `cwnd.0 at ${ti} s`).toBeNaN();
        expect(goodput[i], `goodput.0 at ${ti} s`).toBeNaN();
        expect(col('rtt.0')[i]).toBeNaN();
        expect(acked[i]).toBe(300_000);
      }
    });
  });
});

describe('a UDP source with a stop time', () => {
  const base = presetScenario('default')!;
  // 1 Mb/s CBR from 1 s to 5 s over an otherwise idle 10 Mb/s bottleneck: nothing is lost
  const scenario = { ...base, duration: 8, warmup: 0, traffic: [{ kind: 'udp' as const, pattern: 'cbr' as const, rate: 1e6, packetSize: 1000, start: 1, stop: 5 }] };
  const batches: SeriesBatch[] = [];
  const run = createRun(scenario, { series: (b) => batches.push(b) }, { sampleInterval: 0.1, batchSamples: 16 });
  while (!run.done) run.advance(Infinity);
  const flow = run.result().summary.flows[0];
  const t = batches.flatMap((b) => Array.from(b.t));
  const goodput = batches.flatMap((b) => Array.from(b.cols['goodput.0']));

  it('is done once its last packet arrived after the stop, and its goodput is its rate while it sent', () => {
    expect(flow.bytesDelivered).toBe(500 * 1000); // 4 s at 125 packets/s
    // the last packet leaves just before 5 s and crosses the path (about 22 ms one way) in well under 0.1 s
    expect(flow.completionTime).toBeGreaterThan(4.99);
    expect(flow.completionTime).toBeLessThan(5.1);
    expect(flow.goodputBps / 1e6).toBeGreaterThan(0.98);
    expect(flow.goodputBps / 1e6).toBeLessThanOrEqual(1);
  });

  it('has goodput samples only while it sends', () => {
    t.forEach((ti, i) => {
      if (ti < 1 - 1e-9 || ti > 5.15) expect(goodput[i], `goodput.0 at ${ti} s`).toBeNaN();
      if (ti > 1.15 && ti < 4.95) expect(goodput[i] / 1e6, `goodput.0 at ${ti} s`).toBeCloseTo(1, 1);
    });
  });
});
