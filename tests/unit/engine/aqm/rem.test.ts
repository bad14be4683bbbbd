/**
 * REM (seeds/002 eq. 2; Athuraliya et al. 2001): the price update by hand, the marking
 * law, and on long-lived flows a settled price with the queue near b*; with ECN, PI and
 * REM drop nothing (seeds/002 Table II: ECN cuts their loss to almost nothing).
 */
import { describe, expect, it } from 'vitest';
import type { RemQueue } from '../../../../src/engine/aqm/rem';
import { explain, remProbability } from '../../../../src/engine/aqm/rem.explain';
import { Drive, MS } from './drive';
import { longLived, runScenario, runWithSeries } from './longlived';

describe('the price update, interval by interval', () => {
  // 10 Mb/s, 1250-byte mean packets, 2 ms: c = 0.002 x 1e7 / (8 x 1250) = 2 packets per interval
  const v = { bStar: 10, gamma: 0.001, alpha: 0.1, phi: 1.001, interval: 0.002, meanPktSize: 1250, limit: 1000 };

  it('price <- max(0, price + gamma (alpha (q - b*) + x - c)), p = 1 - phi^-price', () => {
    const d = new Drive('rem', v);
    const q = d.q as RemQueue;
    expect(q.capacity()).toBeCloseTo(2, 12);
    for (let i = 1; i <= 5; i++) d.arrive(i * 0.1 * MS, 1250);
    d.q.sync(2 * MS);
    // x = 5, q = 5: 0.001 x (0.1 x (5 - 10) + 5 - 2) = 0.0025
    expect(q.price).toBeCloseTo(0.0025, 15);
    expect(q.p).toBeCloseTo(1 - Math.pow(1.001, -0.0025), 15);
    for (let i = 0; i < 25; i++) d.arrive(2.5 * MS, 1250);
    d.q.sync(4 * MS);
    // x = 25, q = 30: 0.0025 + 0.001 x (0.1 x 20 + 25 - 2) = 0.0275
    expect(q.price).toBeCloseTo(0.0275, 15);
    d.q.sync(6 * MS);
    // no arrivals, q = 30: 0.0275 + 0.001 x (2 - 2) = 0.0275
    expect(q.price).toBeCloseTo(0.0275, 15);
    for (let i = 0; i < 30; i++) d.depart(6.5 * MS);
    d.q.sync(8 * MS);
    // q = 0, x = 0: 0.0275 + 0.001 x (-1 - 2) = 0.0245
    expect(q.price).toBeCloseTo(0.0245, 15);
    d.q.sync(100 * MS);
    expect(q.price).toBe(0); // never below 0
  });

  it('p = 1 - phi^-price: price 100 with phi 1.001 gives 9.51 %', () => {
    expect(remProbability(100, 1.001)).toBeCloseTo(1 - 1 / Math.pow(1.001, 100), 15);
    expect(remProbability(100, 1.001)).toBeCloseTo(0.0951, 4);
  });

  it('the explanation recomputes the last price update from the rate and queue mismatch', () => {
    const d = new Drive('rem', v);
    for (let i = 1; i <= 5; i++) d.arrive(i * 0.1 * MS, 1250);
    d.arrive(3 * MS, 1250);
    const e = explain(d.records[d.records.length - 1]);
    expect(e.steps.find((s) => s.label === 'Price update')?.num).toBeCloseTo(0.0025, 15);
    expect(e.steps.find((s) => s.label === 'Queue mismatch')?.num).toBeCloseTo(-0.5, 15);
    expect(e.mismatches).toEqual([]);
    // before any update the price is 0: "1 − 1.001^0", not "1.001^(−0)"
    const first = explain(d.records[0]);
    expect(first.steps.find((s) => s.label === 'p')?.numeric).toBe('1 − 1.001^0');
    // what the bar shows (zones, ticks, axis; its description is only a tooltip): an asterisk has its footnote
    const shown = [...e.bar!.zones.map((z) => z.label), ...e.bar!.ticks.map((t) => t.label)];
    expect(shown.some((l) => l.endsWith('*'))).toBe(true);
    expect(e.bar!.axis).toMatch(/\*when arrivals match capacity/);
  });

  // In packet mode x counts arrivals of any size and c packets of meanPktSize (ns-2 rem.cc):
  // a stream of 40-byte ACKs through an empty queue raises the price. The explanation showed
  // "x − c = 8" with q = 0 and nothing telling why (web100-rem-ecn-105's reverse queue:
  // 4735 of its 5093 early drops at q = 0).
  it('packet mode: the explanation says x counts packets of every size and c full-size packets', () => {
    const d = new Drive('rem', v);
    // 10 ACKs of 40 bytes in the first interval, each gone before the next: 400 bytes against a capacity of 2500
    for (let i = 1; i <= 10; i++) {
      d.arrive(i * 0.15 * MS, 40);
      d.depart(i * 0.15 * MS + 0.05 * MS);
    }
    d.arrive(2.5 * MS, 40);
    const rec = d.records[d.records.length - 1];
    const e = explain(rec);
    const at = e.steps.find((s) => s.label.startsWith('At the last update'))!;
    expect(at.num).toBeCloseTo(10 - 2, 12); // x − c = 10 − 2: "arrivals above capacity"
    expect(rec.extra!.lastQ).toBe(0);
    expect(at.formula).toMatch(/x counts packets of every size, c packets of 1250 bytes \(ns-2 rem\.cc\)/);
    expect(e.mismatches).toEqual([]);
    // in bytes x and c are both in mean-size packets: no such note, the division is shown
    const b = new Drive('rem', { ...v, unit: 'bytes', bStar: 12500, limit: 1e6 });
    for (let i = 1; i <= 5; i++) b.arrive(i * 0.1 * MS, 1250);
    b.arrive(3 * MS, 1250);
    const eb = explain(b.records[b.records.length - 1]);
    const atB = eb.steps.find((s) => s.label.startsWith('At the last update'))!;
    expect(atB.formula).not.toMatch(/every size/);
    expect(atB.formula).toMatch(/x = 5 \(bytes \/ 1250\)/);
    expect(eb.mismatches).toEqual([]);
  });

  it('ns-2 markpkts_: with ECN at dequeue nothing is dropped early and departing ECT packets are marked', () => {
    const d = new Drive('rem', { ...v, ecn: true, markAt: 'dequeue', gamma: 0.1 });
    let t = 0;
    for (let i = 0; i < 2000; i++) {
      d.arrive((t += 0.3 * MS), 1250, i % 2 === 0 ? 2 : 0);
      if (i % 2 === 0) d.depart(t);
    }
    expect(d.q.dropsEarly).toBe(0);
    expect(d.q.marks).toBeGreaterThan(0);
    expect(d.records.some((r) => r.stage === 'dequeue' && r.outcome === 'mark')).toBe(true);
  });
});

describe('REM on long-lived flows (10 Mb/s, 1500-byte packets)', () => {
  const window = (t: number[], v: number[], a: number, b: number) => {
    const w = v.filter((_, i) => t[i] >= a && t[i] < b);
    return w.reduce((x, y) => x + y, 0) / w.length;
  };
  for (const [n, bStar] of [
    [10, 240],
    [50, 240],
    [10, 24],
  ] as const) {
    it(`${n} flows, b* = ${bStar}: the price settles and the mean queue lands within 10 % of b*`, () => {
      const { result, t, cols } = runWithSeries(longLived({ kind: 'rem', limit: 1000, bStar }, n), ['aqm.price'], 0.01);
      const b = result.summary.bottleneck;
      expect(Math.abs(b.meanQueuePackets - bStar)).toBeLessThan(0.1 * bStar);
      const p = cols['aqm.price'];
      const [w1, w2] = [window(t, p, 60, 80), window(t, p, 80, 100)];
      expect(Math.abs(w2 - w1)).toBeLessThan(0.3 * ((w1 + w2) / 2));
      expect(b.aqm!.means.price).toBeGreaterThan(0);
    });
  }
});

describe('with ECN, PI and REM drop almost nothing (seeds/002 Table II)', () => {
  for (const queue of [
    { kind: 'pi', limit: 1000, qRef: 240, ecn: true },
    { kind: 'rem', limit: 1000, bStar: 240, ecn: true },
  ]) {
    it(`${queue.kind}: 50 ECN flows, marks instead of drops`, () => {
      const ecn = runScenario(longLived(queue, 50, { tcp: { ecn: true } })).summary.bottleneck;
      const drop = runScenario(longLived({ ...queue, ecn: false }, 50)).summary.bottleneck;
      expect(drop.lossRate).toBeGreaterThan(0.01);
      expect(ecn.lossRate).toBeLessThan(0.001);
      expect(ecn.marks).toBeGreaterThan(0.5 * drop.drops);
      expect(ecn.utilization).toBeGreaterThan(0.98);
    });
  }
});
