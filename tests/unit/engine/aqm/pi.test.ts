/**
 * PI (seeds/002 eq. 1; Hollot et al. 2001): p from the last two samples, exactly; the lazy
 * sampling timer; and on long-lived flows the mean queue within 10 % of q_ref = 240.
 */
import { describe, expect, it } from 'vitest';
import type { PiQueue } from '../../../../src/engine/aqm/pi';
import { explain } from '../../../../src/engine/aqm/pi.explain';
import { ECN_ECT0 } from '../../../../src/engine/net/packet';
import { Drive, MS } from './drive';
import { longLived, runScenario } from './longlived';

describe('the control law, sample by sample', () => {
  // w = 100 Hz: samples at 10, 20, 30 ... ms; a = 0.001, b = 0.0009, q_ref = 10
  const v = { qRef: 10, a: 0.001, b: 0.0009, w: 100, limit: 1000 };

  it('p(kT) = p((k-1)T) + a (q - q_ref) - b (q_old - q_ref), clamped at 0', () => {
    const d = new Drive('pi', v, { seed: 3 });
    const q = d.q as PiQueue;
    for (let i = 0; i < 20; i++) d.arrive(1 * MS);
    d.q.sync(10 * MS);
    // 0 + 0.001 x (20 - 10) - 0.0009 x (0 - 10) = 0.019
    expect(q.p).toBeCloseTo(0.019, 15);
    d.q.sync(20 * MS);
    // + 0.001 x 10 - 0.0009 x 10 = 0.020
    expect(q.p).toBeCloseTo(0.02, 15);
    for (let i = 0; i < 15; i++) d.depart(25 * MS);
    d.q.sync(30 * MS);
    // 0.020 + 0.001 x (5 - 10) - 0.0009 x (20 - 10) = 0.006
    expect(q.p).toBeCloseTo(0.006, 15);
    d.q.sync(40 * MS);
    // 0.006 - 0.005 + 0.0045 = 0.0055
    expect(q.p).toBeCloseTo(0.0055, 15);
    for (let i = 0; i < 5; i++) d.depart(45 * MS);
    d.q.sync(200 * MS);
    expect(q.p).toBe(0); // q = 0 < q_ref: p falls and stays at 0
    expect(q.aqmState()).toEqual({ p: 0, qOld: 0 });
  });

  it('with the queue in bytes, q and q_ref enter in mean-size packets (as ns-2)', () => {
    const d = new Drive('pi', { ...v, unit: 'bytes', limit: 1e6, qRef: 5000, meanPktSize: 500 });
    for (let i = 0; i < 20; i++) d.arrive(1 * MS, 500);
    d.q.sync(10 * MS);
    // q = 10000 bytes = 20 packets, q_ref = 10 packets: same 0.019
    expect((d.q as PiQueue).p).toBeCloseTo(0.019, 15);
  });

  it('arrivals are dropped with probability p, marked when ECT and ECN is on; byte mode scales p by size / meanPktSize', () => {
    const d = new Drive('pi', { ...v, ecn: true, mode: 'byte', meanPktSize: 500 });
    for (let i = 0; i < 40; i++) d.arrive(1 * MS, 1000, ECN_ECT0);
    d.q.sync(10 * MS); // q = 40: p = 0.03 + 0.009 = 0.039
    let t = 10 * MS;
    for (let i = 0; i < 200; i++) {
      d.arrive((t += 10_000), 1000, ECN_ECT0);
      d.depart(t);
    }
    const recs = d.records.filter((r) => r.t >= 0.01 && r.t < 0.02);
    expect(recs.length).toBeGreaterThan(0);
    for (const r of recs) {
      expect(r.pa).toBeCloseTo(0.039 * 2, 12);
      expect(r.outcome).toBe(r.u !== null && r.u < r.pa ? 'mark' : 'enqueue');
      expect(explain(r).mismatches).toEqual([]);
    }
    expect(d.q.marks).toBeGreaterThan(0);
    expect(d.q.drops).toBe(0);
  });

  it('the explanation redoes the last update from its two samples', () => {
    const d = new Drive('pi', v);
    for (let i = 0; i < 20; i++) d.arrive(1 * MS);
    d.arrive(15 * MS); // after the 10 ms sample: q 20, q_old 0
    const e = explain(d.records[d.records.length - 1]);
    const up = e.steps.find((s) => s.label === 'p update')!;
    expect(up.num).toBeCloseTo(0.019, 15);
    expect(up.numeric).toBe('0 + 0.001 × (20 − 10) − 0.0009 × (0 − 10)');
    expect(e.mismatches).toEqual([]);
  });

  // the "Why" line was chosen by q against q_old alone: beside a p held at 0 by the clamp it
  // said "p creeps down", and when the queue grew but stayed far below q_ref (a step < 0)
  // it said "p rises" beside a p that fell
  it('the "Why" line says what p did: held at 0 by the clamp, or falling although the queue grew', () => {
    const d = new Drive('pi', v);
    d.arrive(15 * MS); // the 10 ms sample saw q = 0: 0 + 0.001 × (0 − 10) − 0.0009 × (0 − 10) = −0.001 → 0
    const r0 = d.records[d.records.length - 1];
    expect(r0.extra?.p).toBe(0);
    const why0 = explain(r0).steps.find((s) => s.label === 'Why')!.formula;
    expect(why0).not.toMatch(/p (creeps down|falls)/);
    expect(why0).toMatch(/already 0/);

    const w = new Drive('pi', { ...v, qRef: 100 }, { seed: 3 });
    const q = w.q as PiQueue;
    for (let i = 0; i < 170; i++) w.arrive(1 * MS);
    w.q.sync(10 * MS); // 0 + 0.001 × 70 − 0.0009 × (0 − 100) = 0.16
    for (let i = 0; i < 120; i++) w.depart(15 * MS);
    w.q.sync(20 * MS); // q 50: 0.16 + 0.001 × (50 − 100) − 0.0009 × (170 − 100) = 0.047
    expect(q.p).toBeCloseTo(0.047, 12);
    w.arrive(25 * MS);
    w.q.sync(30 * MS); // q 51 > q_old 50, but 0.001 × (51 − 100) − 0.0009 × (50 − 100) = −0.004
    expect(q.p).toBeCloseTo(0.043, 12);
    w.arrive(31 * MS);
    const e = explain(w.records[w.records.length - 1]);
    expect(e.steps.find((s) => s.label === 'p update')?.num).toBeCloseTo(0.043, 12);
    const why = e.steps.find((s) => s.label === 'Why')!.formula;
    expect(why).toMatch(/grew/);
    expect(why).not.toMatch(/p rises/);
    expect(why).toMatch(/p falls/);
  });

  it('a shrinking queue above q_ref lowers p: the "p rises" zone of the bar carries the footnote that says when it holds', () => {
    const d = new Drive('pi', v);
    const q = d.q as PiQueue;
    for (let i = 0; i < 20; i++) d.arrive(1 * MS);
    d.q.sync(20 * MS); // samples of 20 at 10 and 20 ms: p = 0.02
    for (let i = 0; i < 8; i++) d.depart(25 * MS);
    d.q.sync(30 * MS); // q 12, still above q_ref 10: 0.02 + 0.001 x 2 - 0.0009 x 10 = 0.013
    expect(q.p).toBeCloseTo(0.013, 15);
    d.arrive(31 * MS);
    const e = explain(d.records[d.records.length - 1]);
    expect(e.steps.find((s) => s.label === 'p update')?.num).toBeCloseTo(0.013, 15);
    const zone = e.bar!.zones.find((z) => z.from <= e.bar!.pointer!.v && e.bar!.pointer!.v < z.to)!;
    expect(zone.label).toBe('p rises*');
    expect(e.bar!.axis).toMatch(/\*while the queue holds steady/);
  });
});

describe('PI on long-lived flows (10 Mb/s, q_ref 240 packets)', () => {
  for (const n of [10, 30, 50]) {
    it(`${n} flows: the mean queue is within 10 % of q_ref`, () => {
      const b = runScenario(longLived({ kind: 'pi', limit: 1000, qRef: 240 }, n)).summary.bottleneck;
      expect(b.meanQueuePackets).toBeGreaterThan(216);
      expect(b.meanQueuePackets).toBeLessThan(264);
      expect(b.utilization).toBeGreaterThan(0.98);
    });
  }
});
