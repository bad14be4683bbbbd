/**
 * Self-configuring RED (seeds/004 §3.3, Fig. 6): max_p changes only when the average
 * enters Below (/ alpha) or Above (x beta), once per crossing.
 */
import { describe, expect, it } from 'vitest';
import type { ScRedQueue } from '../../../../src/engine/aqm/sc-red';
import { explain } from '../../../../src/engine/aqm/sc-red.explain';
import { ECN_ECT0 } from '../../../../src/engine/net/packet';
import { Drive, MS } from './drive';

describe('sc-red status changes (Fig. 6, alpha 3, beta 2, initial max_p 0.02)', () => {
  it('x2 on entering Above, /3 on entering Below, nothing while the status stays', () => {
    // w_q = 1: avg = the queue before each arrival; min_th 5, max_th 15
    // ECT packets and RED* above max_th: nothing is dropped, so the queue goes where the test sends it
    const d = new Drive('sc-red', { minTh: 5, maxTh: 15, wq: 1, limit: 1000, ecn: true, aboveMaxTh: 'mark' });
    const q = d.q as ScRedQueue;
    let t = 0;
    const to = (n: number) => {
      while (q.lenPackets < n) d.arrive((t += MS), 1000, ECN_ECT0);
      while (q.lenPackets > n) d.depart((t += MS));
      d.arrive((t += MS), 1000, ECN_ECT0); // the arrival that sees avg = n
    };
    expect(q.curMaxP).toBe(0.02);
    to(10); // Between
    expect(q.curMaxP).toBe(0.02);
    to(20); // Above: x 2
    expect(q.curMaxP).toBe(0.04);
    to(25); // still Above
    expect(q.curMaxP).toBe(0.04);
    to(10); // Between
    to(16); // Above again: x 2
    expect(q.curMaxP).toBe(0.08);
    to(2); // Below: / 3
    expect(q.curMaxP).toBeCloseTo(0.08 / 3, 15);
    to(1); // still Below
    expect(q.curMaxP).toBeCloseTo(0.08 / 3, 15);
    expect(q.aqmState().status).toBe(0);
    // the arrival that entered Below carries the change in its record, and its explanation shows it
    const rec = d.records.find((r) => r.extra?.statusBefore !== 0 && r.extra?.status === 0)!;
    const e = explain(rec);
    expect(e.steps.find((s) => s.label === 'max_p (entered Below)')?.num).toBeCloseTo(0.08 / 3, 15);
    expect(e.mismatches).toEqual([]);
  });

  // entering Between is a status change that leaves max_p alone: the max_p step said "no
  // status change at this arrival" right under "status Below → Between"
  it('entering Between: the max_p step does not deny the status change the step above it shows', () => {
    const d = new Drive('sc-red', { minTh: 5, maxTh: 15, wq: 1, limit: 1000 });
    for (let i = 0; i < 10; i++) d.arrive(i * MS, 1000); // the 10th arrival sees avg = 8: Below → Between
    const rec = d.records.find((r) => r.extra?.statusBefore === 0 && r.extra?.status === 1)!;
    expect(rec.avg).toBeGreaterThan(5);
    const e = explain(rec);
    expect(e.steps.find((s) => s.label === 'Status')?.formula).toMatch(/Below → Between/);
    const mp = e.steps.find((s) => s.label === 'max_p')!;
    expect(mp.num).toBe(0.02);
    expect(mp.formula).not.toMatch(/no status change/);
    expect(mp.formula).toMatch(/Below → Between: max_p stays/);
    expect(e.mismatches).toEqual([]);
  });

  // "avg 6.116 > max_th 6: status Above → Above" read as a change, beside "no status change"
  it('no status change: the status step says the status stays, not "Between → Between"', () => {
    const d = new Drive('sc-red', { minTh: 5, maxTh: 15, wq: 1, limit: 1000 });
    for (let i = 0; i < 12; i++) d.arrive(i * MS, 1000);
    const rec = d.records.find((r) => r.extra?.statusBefore === 1 && r.extra?.status === 1)!;
    const e = explain(rec);
    const st = e.steps.find((s) => s.label === 'Status')!;
    expect(st.formula).toMatch(/within \[min_th, max_th\]: status stays Between$/);
    expect(st.formula).not.toMatch(/Between → Between/);
    expect(e.steps.find((s) => s.label === 'max_p')?.formula).toMatch(/^no status change at this arrival/);
    expect(e.mismatches).toEqual([]);
  });

  it('max_p is kept at most 1', () => {
    const d = new Drive('sc-red', { minTh: 5, maxTh: 15, wq: 1, limit: 1000, maxP: 0.7, ecn: true, aboveMaxTh: 'mark' });
    let t = 0;
    for (let i = 0; i < 20; i++) d.arrive((t += MS), 1000, ECN_ECT0);
    expect((d.q as ScRedQueue).curMaxP).toBe(1);
  });

  it('startStatus: "below" leaves max_p at the first arrival; "ns2" divides it by alpha there, as ns-2.35 (status never set, reads Above)', () => {
    for (const [start, expected] of [['below', 0.02], ['ns2', 0.02 / 3]] as const) {
      const d = new Drive('sc-red', { minTh: 5, maxTh: 15, wq: 1, limit: 1000, ecn: true, aboveMaxTh: 'mark', startStatus: start });
      const q = d.q as ScRedQueue;
      d.arrive(MS, 1000, ECN_ECT0);
      expect(q.curMaxP, start).toBeCloseTo(expected, 15);
      expect(q.aqmState().status, start).toBe(0);
      // and from there on the same rules: a second arrival below min_th changes nothing
      d.arrive(2 * MS, 1000, ECN_ECT0);
      expect(q.curMaxP, start).toBeCloseTo(expected, 15);
    }
  });
});
