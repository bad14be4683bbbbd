/**
 * PIE (RFC 8033): the drop-probability update by hand (scaled while p is small, capped,
 * decayed), the burst allowance, ECN below 10 %, and the queueing delay held near 15 ms
 * with long-lived flows.
 */
import { describe, expect, it } from 'vitest';
import { withRule } from '../../../../src/engine/aqm/decision';
import type { PieQueue } from '../../../../src/engine/aqm/pie';
import { explain, pieScale, scaleRule } from '../../../../src/engine/aqm/pie.explain';
import { ECN_ECT0, ECN_NOT_ECT } from '../../../../src/engine/net/packet';
import { Drive, MS } from './drive';
import { longLived, runScenario } from './longlived';

describe('the drop probability (RFC 8033 §4.2)', () => {
  it('scale table: /2048 below 1e-6 ... /2 below 0.1, 1 above', () => {
    expect([1e-7, 5e-6, 5e-5, 5e-4, 5e-3, 0.05, 0.5].map(pieScale)).toEqual([1 / 2048, 1 / 512, 1 / 128, 1 / 32, 1 / 8, 1 / 2, 1]);
  });

  it('p += (alpha (qdelay - target) + beta (qdelay - qdelay_old)) x scale, every 15 ms', () => {
    // timestamp estimate: the last departing packet waited 29 ms (a departure at the very
    // time of an update comes after it, as a timer event would)
    const d = new Drive('pie', { delayEstimate: 'timestamp', limit: 1000 });
    const q = d.q as PieQueue;
    for (let i = 0; i < 30; i++) d.arrive(0);
    d.depart(29 * MS);
    d.q.sync(30 * MS);
    // 0.125 x (0.029 - 0.015) + 1.25 x (0.029 - 0) = 0.038; p = 0 < 1e-6: / 2048
    expect(q.p).toBeCloseTo(0.038 / 2048, 15);
    d.q.sync(45 * MS);
    // 0.125 x 0.014 + 1.25 x 0 = 0.00175; p = 1.86e-5 < 1e-4: / 128
    expect(q.p).toBeCloseTo(0.038 / 2048 + 0.00175 / 128, 15);
    d.arrive(46 * MS);
    const e = explain(d.records[d.records.length - 1]);
    expect(e.steps.find((s) => s.label === 'p update')?.num).toBeCloseTo(q.p, 15);
    expect(e.mismatches).toEqual([]);
    // every tick under the inspector's bar says what it is, not just a number
    expect(e.bar!.ticks.map((t) => t.label)).toEqual(['7.5 ms = target/2', 'target 15 ms']);
  });

  it('a falling delay above target lowers p (the beta term): the "p rises" zone of the bar carries the footnote that says when it holds', () => {
    const d = new Drive('pie', { delayEstimate: 'timestamp', limit: 1000 });
    const q = d.q as PieQueue;
    for (let i = 0; i < 30; i++) d.arrive(0);
    for (let i = 0; i < 30; i++) d.depart(29 * MS); // every packet waited 29 ms
    d.q.sync(45 * MS); // updates at 30 and 45 ms: the delay 29 ms, above target, raises p
    const before = q.p;
    expect(before).toBeGreaterThan(0);
    d.arrive(40 * MS);
    d.depart(59 * MS); // waited 19 ms: still above the 15 ms target, but falling
    d.q.sync(60 * MS); // 0.125 x (0.019 - 0.015) + 1.25 x (0.019 - 0.029) < 0
    expect(q.p).toBeLessThan(before);
    d.arrive(61 * MS);
    const e = explain(d.records[d.records.length - 1]);
    expect(e.steps.find((s) => s.label === 'p update')?.num).toBeCloseTo(q.p, 15);
    const zone = e.bar!.zones.find((z) => z.from <= e.bar!.pointer!.v && e.bar!.pointer!.v < z.to)!;
    expect(zone.label).toBe('p rises*');
    expect(e.bar!.axis).toMatch(/\*while the delay holds steady/);
  });

  // "p = 0.0261 is small: Δ × 0.5" named neither the bound p is below nor the RFC's divisor;
  // at p = 0 the line read "Δ × 0.0004883" for the RFC's "p /= 2048"
  it('the scaled step names the bound p is below and the divisor (§4.2)', () => {
    const d = new Drive('pie', { delayEstimate: 'timestamp', limit: 1000 });
    for (let i = 0; i < 30; i++) d.arrive(0);
    d.depart(29 * MS);
    d.q.sync(30 * MS); // p was 0
    d.arrive(31 * MS);
    const s1 = explain(d.records[d.records.length - 1]).steps.find((s) => s.label === 'Step scaled')!;
    expect(s1.formula).toBe('p = 0 < 0.000001: Δ / 2048 (the smaller p, the smaller its steps: RFC 8033 §4.2)');
    expect(s1.num).toBeCloseTo(0.038 / 2048, 15);
    d.q.sync(45 * MS); // p was 0.038 / 2048 = 1.855e-5
    d.arrive(46 * MS);
    const s2 = explain(d.records[d.records.length - 1]).steps.find((s) => s.label === 'Step scaled')!;
    expect(s2.formula).toBe('p = 1.855e−5 < 0.0001: Δ / 128 (the smaller p, the smaller its steps: RFC 8033 §4.2)');
    expect(s2.num).toBeCloseTo(0.00175 / 128, 15);
    // p just below a bound is written with the digits that keep it below
    expect(scaleRule(0.0999996)).toBe('p = 0.0999996 < 0.1: Δ / 2');
    expect(scaleRule(0.2)).toBe('p = 0.2 ≥ 0.1: Δ unscaled');
  });

  it('from p >= 10 % a step is capped at 2 % (§5.5)', () => {
    // T_UPDATE 100 ms; the packet leaving at 99 ms waited 99 ms: the raw step is
    // 0.125 x 0.084 + 1.25 x 0.099 = 0.134, capped at 0.02
    const d = new Drive('pie', { delayEstimate: 'timestamp', limit: 1000, tUpdate: 0.1 });
    const q = d.q as PieQueue;
    for (let i = 0; i < 30; i++) d.arrive(0);
    d.depart(99 * MS);
    q.p = 0.2;
    d.q.sync(100 * MS);
    expect(q.p).toBeCloseTo(0.22, 15);
    const off = new Drive('pie', { delayEstimate: 'timestamp', limit: 1000, tUpdate: 0.1, capDrop: false });
    for (let i = 0; i < 30; i++) off.arrive(0);
    off.depart(99 * MS);
    (off.q as PieQueue).p = 0.2;
    off.q.sync(100 * MS);
    expect((off.q as PieQueue).p).toBeCloseTo(0.2 + 0.125 * 0.084 + 1.25 * 0.099, 12);
  });

  it('with both delays 0, p decays by 2 % per update after its step', () => {
    const d = new Drive('pie', { delayEstimate: 'timestamp', limit: 1000, tUpdate: 0.1 });
    const q = d.q as PieQueue;
    q.p = 0.2;
    d.q.sync(100 * MS);
    // step 0.125 x (0 - 0.015) = -0.001875 (p >= 0.1: not scaled), then x 0.98
    expect(q.p).toBeCloseTo((0.2 - 0.001875) * 0.98, 15);
  });
});

describe('the delay estimate in the step-through', () => {
  // the explanation paired the update's queue bytes with the avg_dq_time of the record's
  // moment: a measurement ending between the update and the decision made the line's
  // numbers give another qdelay than the one shown (and 0 ms beside a product of 13 ms
  // when no rate had been measured at the update yet)
  it("shows the update's own avg_dq_time, so queue bytes × avg_dq_time / DQ_THRESHOLD gives the qdelay shown", () => {
    const d = new Drive('pie', { limit: 1000 });
    const q = d.q as PieQueue;
    for (let i = 0; i < 20; i++) d.arrive(0, 4000);
    // a measurement: 1 ms apart, 20,000 bytes leave by 6 ms: 5 ms per DQ_THRESHOLD
    for (let i = 1; i <= 6; i++) d.depart(i * MS);
    expect(q.avgDqTime).toBeCloseTo(0.005, 12);
    d.q.sync(15 * MS); // the update: 56,000 bytes x 5 ms / 16384
    expect(q.qdelay).toBeCloseTo((56000 * 0.005) / 16384, 12);
    // a second measurement ends before the next update: avg_dq_time moves to 6.25 ms
    for (const t of [16, 18, 20, 22, 24, 26]) d.depart(t * MS);
    expect(q.avgDqTime).toBeCloseTo(0.25 * 0.01 + 0.75 * 0.005, 12);
    d.arrive(27 * MS, 4000);
    const e = explain(d.records[d.records.length - 1]);
    const est = e.steps.find((s) => s.label.startsWith('Delay estimate'))!;
    expect(est.numeric).toBe('56000 × 5 ms / 16384');
    expect(est.num).toBeCloseTo((56000 * 0.005) / 16384, 12);
    expect(e.mismatches).toEqual([]);

    // before any rate was measured the estimate is 0, and the line says why
    const first = new Drive('pie', { limit: 1000 });
    for (let i = 0; i < 20; i++) first.arrive(0, 4000);
    first.q.sync(15 * MS);
    for (let i = 1; i <= 6; i++) first.depart(i * MS + 15 * MS);
    first.arrive(22 * MS, 4000);
    const e0 = explain(first.records[first.records.length - 1]);
    const est0 = e0.steps.find((s) => s.label.startsWith('Delay estimate'))!;
    expect(est0.num).toBe(0);
    expect(est0.formula).toMatch(/^no departure rate measured yet/);
  });

  // α = 0.125 and β = 1.25 are per second; the line wrote the delays in ms
  // ("0.125 × (29 ms − 15 ms) + 1.25 × (29 ms − 0 ms)") beside Δ = 0.038: a student
  // multiplying the numbers as written got 38, a thousand times the step
  it('the step line, multiplied out with the numbers exactly as written, gives the Δ shown', () => {
    const d = new Drive('pie', { delayEstimate: 'timestamp', limit: 1000 });
    for (let i = 0; i < 30; i++) d.arrive(0);
    d.depart(29 * MS);
    d.q.sync(30 * MS);
    d.arrive(31 * MS);
    const step = explain(d.records[d.records.length - 1]).steps.find((s) => s.label === 'Step')!;
    // by hand: 0.125 × (0.029 − 0.015) + 1.25 × (0.029 − 0) = 0.00175 + 0.03625 = 0.038
    expect(step.num).toBeCloseTo(0.038, 12);
    const m = /^(\S+) × \((\S+)(?: (\w+))? − (\S+)(?: \w+)?\) \+ (\S+) × \((\S+)(?: \w+)? − (\S+)(?: \w+)?\)$/.exec(step.numeric!);
    expect(m).not.toBeNull();
    const n = (x: string) => Number(x.replace('−', '-'));
    const [a, c, t, b, c2, o] = [m![1], m![2], m![4], m![5], m![6], m![7]].map(n);
    expect(a * (c - t) + b * (c2 - o)).toBeCloseTo(0.038, 12);
    expect(m![3]).toBe('s');
  });

  it('the decay is in the numbers of the p update line', () => {
    const d = new Drive('pie', { delayEstimate: 'timestamp', limit: 1000, tUpdate: 0.1 });
    const q = d.q as PieQueue;
    q.p = 0.2;
    d.q.sync(100 * MS);
    d.arrive(101 * MS);
    const up = explain(d.records[d.records.length - 1]).steps.find((s) => s.label === 'p update')!;
    // a negative step is written as a subtraction (helper-47's operand formatting)
    expect(up.numeric).toBe('(0.2 − 0.001875) × 0.98');
    expect(up.num).toBeCloseTo((0.2 - 0.001875) * 0.98, 15);
  });
});

describe('burst allowance and ECN', () => {
  it('arrivals pass untouched for the first 150 ms (MAX_BURST), and the allowance shrinks by T_UPDATE per update', () => {
    const d = new Drive('pie', { delayEstimate: 'timestamp', limit: 1000 });
    const q = d.q as PieQueue;
    expect(q.burstAllowance).toBe(0.15);
    for (let i = 0; i < 100; i++) d.arrive(0);
    d.depart(10 * MS); // a 10 ms wait (> target / 2): the allowance is no longer restored
    d.q.sync(90 * MS); // updates at 15, 30, ..., 90 ms
    expect(q.burstAllowance).toBeCloseTo(0.15 - 6 * 0.015, 12);
    expect(d.records.every((r) => r.extra?.why === 1 || r.reason === 'overflow')).toBe(true);
  });

  it("the low-delay safeguard's rule writes the delays as the step does (0 ms, not 0.00 ms)", () => {
    const d = new Drive('pie', { delayEstimate: 'timestamp', limit: 1000, maxBurst: 0 });
    const q = d.q as PieQueue;
    q.p = 0.05;
    q.qdelayOld = 0;
    for (let i = 0; i < 10; i++) d.arrive(0);
    const low = d.records.filter((r) => r.extra?.why === 2).map((r) => withRule(r));
    expect(low.length).toBeGreaterThan(0);
    for (const r of low) {
      expect(r.rule).toBe("delay low (last update's estimate 0 ms < target/2 = 7.5 ms, p < 20 %): no random drop (RFC 8033 §4.1)");
      expect(explain(r).steps.find((s) => s.label === 'Safeguard')!.formula).toMatch(/^delay estimate of the last update 0 ms < target\/2 = 7.5 ms/);
    }
  });

  // RFC 8033 §4.1 tests qdelay_old, which the update has just set to its own estimate. The
  // safeguard read "previous delay 3 ms" two lines below a step whose qdelay_old was 12 ms:
  // a student took the safeguard to have used the 12 ms
  it("the low-delay safeguard names the delay it tests as the last update's estimate, the one the Step line calls qdelay", () => {
    const d = new Drive('pie', { delayEstimate: 'timestamp', limit: 1000, maxBurst: 0 });
    const q = d.q as PieQueue;
    q.p = 0.05;
    d.arrive(0);
    d.depart(12 * MS); // waited 12 ms
    d.q.sync(15 * MS); // update: qdelay 12 ms, qdelay_old ← 12 ms
    d.arrive(25 * MS);
    d.depart(28 * MS); // waited 3 ms
    d.q.sync(30 * MS); // update: qdelay 3 ms against qdelay_old 12 ms; then qdelay_old ← 3 ms
    d.arrive(31 * MS);
    const r = withRule(d.records[d.records.length - 1]);
    expect(r.extra?.why).toBe(2);
    // by hand: p = 0.05 + (0.125 × (0.012 − 0.015) + 1.25 × 0.012) / 2 = 0.0573125, then
    // + (0.125 × (0.003 − 0.015) + 1.25 × (0.003 − 0.012)) / 2 = 0.0509375
    expect(q.p).toBeCloseTo(0.0509375, 12);
    const e = explain(r);
    expect(e.steps.find((s) => s.label === 'Step')!.numeric).toBe('0.125 × (0.003 s − 0.015 s) + 1.25 × (0.003 s − 0.012 s)');
    const safe = e.steps.find((s) => s.label === 'Safeguard')!.formula;
    expect(safe).toBe('delay estimate of the last update 3 ms < target/2 = 7.5 ms, and p = 0.05094 < 0.2: no random drop (RFC 8033 §4.1)');
    expect(r.rule).toBe("delay low (last update's estimate 3 ms < target/2 = 7.5 ms, p < 20 %): no random drop (RFC 8033 §4.1)");
  });

  it('the allowance is used up after exactly MAX_BURST / T_UPDATE updates (150 ms), not one update later', () => {
    // 0.15 − 10 × 0.015 leaves 1.4e-17 in floating point; that remainder kept the burst
    // allowance open for an 11th update (165 ms)
    const d = new Drive('pie', { delayEstimate: 'timestamp', limit: 1000 });
    const q = d.q as PieQueue;
    for (let i = 0; i < 100; i++) d.arrive(0);
    d.depart(10 * MS);
    d.q.sync(149 * MS); // updates at 15, ..., 135 ms: 9 of them
    expect(q.burstAllowance).toBeGreaterThan(0);
    d.q.sync(150 * MS); // the 10th
    expect(q.burstAllowance).toBe(0);
  });

  it('ECT packets are marked while p < 10 % and dropped above', () => {
    for (const [p0, want] of [
      [0.05, 'mark'],
      [0.5, 'drop'],
    ] as const) {
      const d = new Drive('pie', { delayEstimate: 'timestamp', limit: 1000, ecn: true, maxBurst: 0 });
      const q = d.q as PieQueue;
      for (let i = 0; i < 50; i++) d.arrive(0, 1500, ECN_ECT0);
      d.depart(40 * MS);
      q.p = p0;
      q.qdelayOld = 0.04;
      for (let i = 0; i < 300; i++) d.arrive(40 * MS + i, 1500, ECN_ECT0);
      const acted = d.records.filter((r) => r.t >= 0.04 && r.outcome !== 'enqueue');
      expect(acted.length).toBeGreaterThan(0);
      expect(acted.every((r) => r.outcome === want)).toBe(true);
    }
  });

  it('with ECN on, a Not-ECT packet below 10 % is dropped, and the ECN step says why (not "ECT packets are marked" alone)', () => {
    const d = new Drive('pie', { delayEstimate: 'timestamp', limit: 1000, ecn: true, maxBurst: 0 });
    const q = d.q as PieQueue;
    for (let i = 0; i < 50; i++) d.arrive(0, 1500, ECN_ECT0);
    d.depart(40 * MS);
    q.p = 0.05;
    q.qdelayOld = 0.04;
    for (let i = 0; i < 300; i++) d.arrive(40 * MS + i, 1500, i % 2 === 0 ? ECN_ECT0 : ECN_NOT_ECT);
    const acted = d.records.filter((r) => r.t >= 0.04 && r.outcome !== 'enqueue');
    const notEct = acted.filter((r) => r.ecn === ECN_NOT_ECT);
    const ect = acted.filter((r) => r.ecn === ECN_ECT0);
    expect(notEct.length).toBeGreaterThan(0);
    expect(ect.length).toBeGreaterThan(0);
    for (const r of notEct) {
      expect(r.outcome).toBe('drop');
      const step = explain(r).steps.find((s) => s.label === 'ECN')!;
      expect(step.value).toBe('drop');
      expect(step.formula).toMatch(/this packet is Not-ECT: dropped/);
    }
    for (const r of ect) {
      expect(r.outcome).toBe('mark');
      expect(explain(r).steps.find((s) => s.label === 'ECN')!.formula).toMatch(/ECT packets are marked \(/);
    }
  });
});

describe('PIE on long-lived flows (10 Mb/s)', () => {
  for (const n of [10, 50]) {
    it(`${n} flows: the delay estimate averages near the 15 ms target`, () => {
      const b = runScenario(longLived({ kind: 'pie' }, n)).summary.bottleneck;
      expect(b.aqm!.means.qdelay).toBeGreaterThan(0.012);
      expect(b.aqm!.means.qdelay).toBeLessThan(0.018);
      expect(b.meanQueueDelay).toBeGreaterThan(0.01);
      expect(b.meanQueueDelay).toBeLessThan(0.02);
      expect(b.utilization).toBeGreaterThan(0.98);
    });
  }
});
