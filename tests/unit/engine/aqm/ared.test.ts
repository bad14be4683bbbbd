/**
 * Adaptive RED (src/engine/aqm/ared.ts) against Floyd, Gummadi & Shenker 2001 and
 * seeds/000 §2.3: the automatic parameters equal their formulas, max_p moves by exactly
 * + min(alpha, max_p/4) or x beta once per interval and stays within [bottom, top], the
 * ns-2 quirks do what ns-2.35 does, and with long-lived flows the average settles in the
 * target band with a higher max_p for more flows.
 */
import { describe, expect, it } from 'vitest';
import { aredAuto, type AredQueue } from '../../../../src/engine/aqm/ared';
import { ECN_ECT0 } from '../../../../src/engine/net/packet';
import { Drive, MS } from './drive';
import { longLived, runScenario, runWithSeries } from './longlived';

describe('automatic parameters (seeds/000 §2.3)', () => {
  const base = { minTh: 0, maxTh: 0, wq: 0, targetDelay: 0.005, meanPktSize: 500, unit: 'packets', wqRule: 'paper' } as const;

  it('10 Mb/s, 500-byte mean packets: C = 2500 pkt/s, min_th = max(5, 0.005 x 2500 / 2) = 6.25, max_th = 18.75, w_q = 1 - exp(-1/2500)', () => {
    const a = aredAuto(base, 10e6);
    expect(a.C).toBe(2500);
    expect(a.minTh).toBeCloseTo(6.25, 12);
    expect(a.maxTh).toBeCloseTo(18.75, 12);
    expect(a.wq).toBeCloseTo(3.999200106658e-4, 15);
  });

  it('100 Mb/s: C = 25000, min_th = 62.5, max_th = 187.5, w_q = 1 - exp(-1/25000)', () => {
    const a = aredAuto(base, 100e6);
    expect(a.minTh).toBeCloseTo(62.5, 12);
    expect(a.maxTh).toBeCloseTo(187.5, 12);
    expect(a.wq).toBeCloseTo(3.99992000107e-5, 15);
  });

  it('seeds/000 §5.2.2 at 10 Mb/s with 1250-byte packets: ARED-5ms min_th 5 (the floor), ARED-60ms min_th 30, max_th 90', () => {
    expect(aredAuto({ ...base, meanPktSize: 1250 }, 10e6)).toMatchObject({ minTh: 5, maxTh: 15, C: 1000 });
    const a60 = aredAuto({ ...base, meanPktSize: 1250, targetDelay: 0.06 }, 10e6);
    expect(a60.minTh).toBeCloseTo(30, 12);
    expect(a60.maxTh).toBeCloseTo(90, 12);
  });

  it('in bytes the thresholds are packets x meanPktSize; a given min_th keeps max_th = 3 min_th; ns-2 w_q uses 10 RTT', () => {
    expect(aredAuto({ ...base, unit: 'bytes' }, 10e6).minTh).toBeCloseTo(6.25 * 500, 9);
    expect(aredAuto({ ...base, minTh: 12 }, 10e6)).toMatchObject({ minTh: 12, maxTh: 36 });
    // rtt = max(0.1, 3 (0.1 + 1/2500)) = 0.3012 s: w_q = 1 - exp(-1 / (10 x 0.3012 x 2500))
    expect(aredAuto({ ...base, wqRule: 'ns2' }, 10e6, 0.1).wq).toBeCloseTo(1 - Math.exp(-1 / (10 * 0.3012 * 2500)), 15);
    // short links: rtt floors at 0.1 s and ns-2's rule gives the paper's value
    expect(aredAuto({ ...base, wqRule: 'ns2' }, 10e6, 0.01).wq).toBeCloseTo(1 - Math.exp(-1 / 2500), 15);
  });

  it('summary.bottleneck.aqm.params reports the automatic values in force', () => {
    const r = runScenario(longLived({ kind: 'ared', limit: 300, meanPktSize: 500 }, 2, { duration: 3, warmup: 0 })).summary;
    expect(r.bottleneck.aqm?.kind).toBe('ared');
    expect(r.bottleneck.aqm?.params.minTh).toBeCloseTo(6.25, 12);
    expect(r.bottleneck.aqm?.params.maxTh).toBeCloseTo(18.75, 12);
    expect(r.bottleneck.aqm?.params.wq).toBeCloseTo(1 - Math.exp(-1 / 2500), 15);
    expect(r.bottleneck.aqm?.params.C).toBe(2500);
  });
});

describe('max_p adaptation (FGS 2001 Fig. 5)', () => {
  // w_q = 1 makes avg = the queue before each arrival; band = [5 + 4, 15 - 4] = [9, 11]
  const v = { minTh: 5, maxTh: 15, wq: 1, limit: 1000, maxP: 0.1, interval: 0.5 };

  function held(q: number, values: Record<string, unknown> = v): Drive {
    const d = new Drive('ared', values);
    // fill the queue to q in the first 0.1 s, no departures: the queue never idles
    for (let i = 0; i <= q; i++) d.arrive(1000 + i);
    return d;
  }

  it('above the band: max_p += min(0.01, max_p/4) every 0.5 s, up to top = 0.5', () => {
    const d = held(20);
    const maxP = () => (d.q as AredQueue).curMaxP;
    expect(maxP()).toBe(0.1);
    d.q.sync(499 * MS);
    expect(maxP()).toBe(0.1);
    d.q.sync(500 * MS);
    expect(maxP()).toBeCloseTo(0.11, 15);
    d.q.sync(1500 * MS);
    expect(maxP()).toBeCloseTo(0.13, 15);
    d.q.sync(30_000 * MS); // 60 updates: 0.1 + 40 x 0.01 reaches 0.5 and stays
    expect(maxP()).toBeCloseTo(0.5, 15);
    expect(d.q.aqmState().maxP).toBeCloseTo(0.5, 15);
  });

  it('a small max_p grows by a quarter of itself: 0.02 -> 0.025 -> 0.03125', () => {
    const d = held(20, { ...v, maxP: 0.02 });
    d.q.sync(500 * MS);
    expect((d.q as AredQueue).curMaxP).toBeCloseTo(0.025, 15);
    d.q.sync(1000 * MS);
    expect((d.q as AredQueue).curMaxP).toBeCloseTo(0.03125, 15);
  });

  it('below the band: max_p *= 0.9 every 0.5 s, down to bottom = 0.01', () => {
    const d = held(3);
    d.q.sync(2000 * MS); // 4 updates
    expect((d.q as AredQueue).curMaxP).toBeCloseTo(0.1 * 0.9 ** 4, 15);
    d.q.sync(20_000 * MS); // 0.1 x 0.9^40 < 0.01: clamped
    expect((d.q as AredQueue).curMaxP).toBe(0.01);
  });

  it('inside the band max_p does not move', () => {
    const d = held(10);
    d.q.sync(5000 * MS);
    expect((d.q as AredQueue).curMaxP).toBe(0.1);
  });

  it('ns-2 timing: updates at arrivals once interval has passed since the last change, no clamping at top', () => {
    const d = held(20, { ...v, adapt: 'ns2', maxP: 0.495 });
    d.q.sync(2000 * MS); // no arrival: nothing happens in ns-2 mode
    expect((d.q as AredQueue).curMaxP).toBe(0.495);
    d.arrive(2000 * MS);
    // 0.495 < top: + 0.01 gives 0.505 (ns-2 tests top > max_p before adding, and does not clamp)
    expect((d.q as AredQueue).curMaxP).toBeCloseTo(0.505, 15);
    d.arrive(2300 * MS); // within 0.5 s of the change
    expect((d.q as AredQueue).curMaxP).toBeCloseTo(0.505, 15);
    d.arrive(2600 * MS); // max_p >= top now: no further increase
    expect((d.q as AredQueue).curMaxP).toBeCloseTo(0.505, 15);
  });

  it('gentle line: the paper starts it at the current max_p, ns-2 at the initial one', () => {
    // avg 20 (gentle region 15..30): p_b = m + (1 - m)(20 - 15)/15
    for (const [line, m0] of [
      ['current', 0.11],
      ['initial', 0.1],
    ] as const) {
      const d = held(20, { ...v, gentleLine: line });
      d.q.sync(500 * MS); // max_p 0.1 -> 0.11
      d.arrive(501 * MS);
      const r = d.records[d.records.length - 1];
      expect(r.region).toBe('gentle');
      // the arrival saw the queue at 21 (one more was queued or dropped before): use the recorded avg
      expect(r.pb).toBeCloseTo(m0 + ((1 - m0) * (r.avg - 15)) / 15, 12);
    }
  });

  it('ns-2 mark_p: an ECT packet is marked only while the line p_b <= mark_p, dropped above', () => {
    // avg 10 with max_p 0.5: p_b = 0.5 x 5/10 = 0.25 > mark_p 0.1
    const d = new Drive('ared', { ...v, maxP: 0.5, ecn: true, markP: 0.1, adapt: 'ns2', interval: 100 });
    for (let i = 0; i < 400; i++) {
      d.arrive(i * MS, 1000, ECN_ECT0);
      if (d.q.lenPackets > 10) d.depart(i * MS);
    }
    const marked = d.records.filter((r) => r.outcome === 'mark');
    const dropped = d.records.filter((r) => r.outcome === 'drop');
    expect(dropped.length).toBeGreaterThan(10 * marked.length);
    for (const r of marked) expect(r.pb).toBeLessThanOrEqual(0.1);
    for (const r of dropped) {
      expect(r.pb).toBeGreaterThan(0.1);
      expect(r.rule).toMatch(/mark_p/);
    }
    const off = new Drive('ared', { ...v, maxP: 0.5, ecn: true, adapt: 'ns2', interval: 100 });
    for (let i = 0; i < 400; i++) {
      off.arrive(i * MS, 1000, ECN_ECT0);
      if (off.q.lenPackets > 10) off.depart(i * MS);
    }
    expect(off.q.marks).toBeGreaterThan(0);
    expect(off.records.filter((r) => r.outcome === 'drop').map((r) => r.rule)).toEqual([]);
  });
});

describe('long-lived flows (10 Mb/s, 1500-byte packets)', () => {
  const queue = { kind: 'ared', limit: 1000, meanPktSize: 1500 };
  const runs = [10, 50].map((n) => ({ n, ...runWithSeries(longLived(queue, n), ['aqm.maxP', 'aqm.avg'], 0.05) }));

  it('the average settles inside the target band and max_p stays within [bottom, top]', () => {
    for (const { n, result, t, cols } of runs) {
      const a = result.summary.bottleneck.aqm!;
      const [lo, hi] = [a.params.minTh as number, a.params.maxTh as number];
      const band = [lo + 0.4 * (hi - lo), hi - 0.4 * (hi - lo)];
      expect(a.means.avg, `${n} flows: mean avg ${a.means.avg} in band ${band}`).toBeGreaterThanOrEqual(band[0]);
      expect(a.means.avg).toBeLessThanOrEqual(band[1]);
      // every sample of max_p after the start is within [0.01, 0.5]
      const m = cols['aqm.maxP'];
      expect(Math.min(...m)).toBeGreaterThanOrEqual(0.01);
      expect(Math.max(...m)).toBeLessThanOrEqual(0.5);
      // settled: the average of avg over the last 40 s is in the band too
      const late = cols['aqm.avg'].filter((_, i) => t[i] >= 60);
      const lateMean = late.reduce((x, y) => x + y, 0) / late.length;
      expect(lateMean).toBeGreaterThanOrEqual(band[0] - 0.5);
      expect(lateMean).toBeLessThanOrEqual(band[1] + 0.5);
    }
  });

  it('more flows need a higher max_p', () => {
    const [ten, fifty] = runs.map((r) => r.result.summary.bottleneck.aqm!.means.maxP);
    expect(fifty).toBeGreaterThan(2 * ten);
  });
});

describe('the ARED step-through', () => {
  it('shows the band and redoes the last max_p update by hand: 0.1 + min(0.01, 0.1/4) = 0.11 with the average above [9, 11]', async () => {
    const { explain } = await import('../../../../src/engine/aqm/ared.explain');
    const d = new Drive('ared', { minTh: 5, maxTh: 15, wq: 1, limit: 1000, maxP: 0.1, interval: 0.5 });
    for (let i = 0; i <= 20; i++) d.arrive(1000 + i);
    d.q.sync(500 * MS);
    d.arrive(501 * MS);
    const e = explain(d.records[d.records.length - 1]);
    const band = e.steps.find((s) => s.label === 'Target band')!;
    expect(band.value).toBe('[9, 11]');
    const up = e.steps.find((s) => s.label.startsWith('max_p update'))!;
    expect(up.num).toBeCloseTo(0.11, 15);
    expect(up.numeric).toBe('0.1 + min(0.01, 0.1/4) = 0.1 + 0.01');
    // the average the update saw: the queue before the last arrival by 0.5 s (some were dropped in the gentle region)
    const avg = d.records[d.records.length - 1].extra!.lastAvg;
    expect(avg).toBeGreaterThan(11);
    expect(up.symbolic).toBe(`avg ${avg} > 11: max_p ← max_p + min(α, max_p/4), at most top`);
    expect(e.steps.find((s) => s.label === 'Next update')?.num).toBeCloseTo(1, 12);
    expect(e.mismatches).toEqual([]);
    // the record's extra, as --trace writes it: RED's settings first, then the adaptation's numbers
    expect(Object.keys(d.records[d.records.length - 1].extra!)).toEqual([
      'byteMode', 'meanPktSize', 'wait', 'countRestart', 'gentleMaxP', 'bandLow', 'bandHigh', 'interval', 'alpha', 'beta', 'bottom', 'top',
      'ns2Adapt', 'lastT', 'lastAvg', 'lastFrom', 'lastDir', 'nextT', 'targetDelay', 'C',
    ]);
  });
});
