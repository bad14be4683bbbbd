/**
 * RED's step-through (src/engine/aqm/red.explain.ts), checked against numbers computed by hand from the
 * RED formulas (Floyd & Jacobson 1993 §4, §7; gentle line seeds/002 §II; byte mode
 * seeds/002 eq. 3), and against the engine's own RED: every record the engine writes must
 * be explained without a disagreement.
 */
import { describe, expect, it } from 'vitest';
import type { DecisionRecord } from '../../../../src/engine/aqm/decision';
import { RED_PARAMS, red } from '../../../../src/engine/aqm/red';
import { defaultsOf } from '../../../../src/engine/core/params';
import { Rng } from '../../../../src/engine/core/rng';
import { ECN_ECT0, ECN_NOT_ECT, PacketPool } from '../../../../src/engine/net/packet';
import fc from 'fast-check';
import { fmt, shownAs, type Step } from '../../../../src/engine/aqm/explain';
import { explain as explainDecision } from '../../../../src/engine/aqm/red.explain';
import { redRecord } from '../../../support/red-record';

const rec = redRecord;

function step(steps: Step[], label: string): Step {
  const s = steps.find((x) => x.label === label);
  if (!s) throw new Error(`no step "${label}" in ${steps.map((x) => x.label).join(', ')}`);
  return s;
}

describe('explainDecision: hand-computed RED numbers', () => {
  it('avg 7.5 between min_th 5 and max_th 15, max_p 0.1: p_b = 0.025; count 10: p_a = 0.025 / (1 - 0.25) = 0.0333', () => {
    const e = explainDecision(rec({}));
    // avg <- (1 - 0.5) 5 + 0.5 x 10 = 7.5
    expect(step(e.steps, 'Average queue').num).toBeCloseTo(7.5, 12);
    expect(step(e.steps, 'Region').value).toBe('between min_th and max_th');
    const pb = step(e.steps, 'p_b');
    expect(pb.num).toBeCloseTo(0.025, 12);
    expect(pb.formula).toContain('0.1 × (7.5 − 5) / (15 − 5)');
    const pa = step(e.steps, 'p_a');
    expect(pa.num).toBeCloseTo(1 / 30, 12);
    expect(pa.value).toBe('0.03333');
    expect(pa.formula).toContain('0.025 / (1 − 10 × 0.025)');
    expect(step(e.steps, 'Random draw').formula).toBe('u = 0.02 < p_a = 0.03333');
    expect(e.outcome).toBe('mark CE');
    expect(e.packet.ecnName).toBe('ECT(0)');
    expect(e.ecnNote).toMatch(/RFC 3168 §5/);
    expect(e.bar?.ticks.map((t) => t.label)).toEqual(['min_th 5', 'max_th 15']);
    expect(e.bar?.pointer).toEqual({ v: 7.5, label: 'avg 7.5' });
    expect(e.bar?.marker).toEqual({ v: 10, label: 'q 10' });
    expect(e.mismatches).toEqual([]);
  });

  it('flags an engine number that does not follow from the formula', () => {
    // 0.031 is no byte-mode scaling of 0.025 for a 1500-byte packet (mean size 1209.7 bytes is not whole)
    const e = explainDecision(rec({ pb: 0.031, pa: 0.031 / (1 - 0.31) }));
    expect(e.mismatches.length).toBeGreaterThan(0);
    expect(step(e.steps, 'p_b').mismatch).toMatch(/engine: p_b = 0.031/);
    // 0.03 would be byte mode with mean 1250 bytes, unless the record says packet mode
    const declared = explainDecision(rec({ pb: 0.03, pa: 0.03 / (1 - 0.3), extra: { byteMode: 0 } }));
    expect(step(declared.steps, 'p_b').mismatch).toMatch(/engine: p_b = 0.03/);
    const wrongAvg = explainDecision(rec({ avg: 7.6 }));
    expect(step(wrongAvg.steps, 'Average queue').mismatch).toMatch(/avg/);
  });

  it('gentle region: p_b = max_p + (1 - max_p)(avg - max_th)/max_th = 0.1 + 0.9 x 3/15 = 0.28; count 2: p_a = 0.28/(1 - 0.56)', () => {
    // avg = 0.5 x 16 + 0.5 x 20 = 18
    const e = explainDecision(rec({ avgBefore: 16, q: 20, avg: 18, gentle: true, region: 'gentle', pb: 0.28, count: 2, pa: 0.28 / 0.44, u: 0.9, outcome: 'enqueue', rule: 'pass' }));
    expect(step(e.steps, 'Region').value).toMatch(/gentle/);
    const pb = step(e.steps, 'p_b (gentle line)');
    expect(pb.num).toBeCloseTo(0.28, 12);
    expect(pb.formula).toContain('0.1 + (1 − 0.1) × (18 − 15) / 15');
    expect(step(e.steps, 'p_a').num).toBeCloseTo(0.6363636, 6);
    expect(step(e.steps, 'Random draw').value).toMatch(/queue the packet/);
    expect(e.bar?.ticks.map((t) => t.label)).toContain('2·max_th 30');
    expect(e.outcome).toBe('enqueue');
    expect(e.mismatches).toEqual([]);
  });

  it('count·p_b >= 1 gives p_a = 1', () => {
    const e = explainDecision(rec({ count: 40, pa: 1, u: 0.99, outcome: 'mark' }));
    expect(step(e.steps, 'p_a').num).toBe(1);
    expect(step(e.steps, 'p_a').formula).toMatch(/≥ 1, so p_a = 1/);
    expect(e.mismatches).toEqual([]);
  });

  // count 68, p_b 0.01467: count·p_b = 0.998 < 1, and the quotient 0.01467 / 0.0023 = 6.4
  // is held at 1; the line showed the quotient's terms beside a p_a of 1 with no word why
  it('count·p_b just below 1: the quotient passes 1 and the line says p_a is held at 1', () => {
    const pb = 0.014672075574931203;
    // an engine record (ns-2 defaults, RED without ECN): avg from q 18 with w_q 0.002
    const e = explainDecision(rec({ q: 18, avgBefore: 6.444095748991103, avg: 6.46720755749312, wq: 0.002, pb, pa: 1, count: 68, u: 0.8958, outcome: 'drop', reason: 'early', ecn: ECN_NOT_ECT, rule: 'u < p_a: early drop' }));
    const pa = step(e.steps, 'p_a');
    expect(pa.num).toBe(1);
    expect(pa.symbolic).toBe('p_a = p_b / (1 − count·p_b), at most 1');
    // p_b with the digits the subtraction needs: "0.01467 / (1 − 68 × 0.01467)" re-done by
    // hand is 6.01, not the 6.382 shown (1 − count·p_b = 0.0023 amplifies p_b's rounding 430 times)
    expect(pa.numeric).toMatch(/^0\.014672\d* \/ \(1 − 68 × 0\.014672\d*\) = 6\.382, so 1$/);
    const written = Number(/^([\d.]+)/.exec(pa.numeric!)![1]);
    expect(Number((written / (1 - 68 * written)).toPrecision(4))).toBe(6.382);
    expect(pb / (1 - 68 * pb)).toBeGreaterThan(6);
    expect(e.mismatches).toEqual([]);
    // below the cap the line is the plain quotient
    expect(step(explainDecision(rec({})).steps, 'p_a').symbolic).toBe('p_a = p_b / (1 − count·p_b)');
    // the wait rule likewise: count 136 -> count·p_b = 1.995 < 2, and p_b / (2 − 1.995) = 3.2 is held at 1
    const w = explainDecision(rec({ q: 18, avgBefore: 6.444095748991103, avg: 6.46720755749312, wq: 0.002, pb, pa: 1, count: 136, u: 0.5, outcome: 'drop', reason: 'early', ecn: ECN_NOT_ECT, extra: { wait: 1 } }));
    expect(step(w.steps, 'p_a').symbolic).toBe('wait rule: p_a = p_b / (2 − count·p_b), at most 1');
  });

  it('idle-time correction: avg <- (1 - w_q)^m avg before the update (m = 100, w_q = 0.002)', () => {
    // 10 x 0.998^100 = 8.18566..., then x 0.998 + 0.002 x 0 = 8.16929...
    const e = explainDecision(rec({ avgBefore: 10, wq: 0.002, idleM: 100, q: 0, avg: 10 * Math.pow(0.998, 100) * 0.998, region: 'between', u: null, pb: 0, pa: 0, count: 1, outcome: 'enqueue' }));
    const idle = step(e.steps, 'Idle-time correction');
    expect(idle.num).toBeCloseTo(8.18566, 4);
    expect(idle.formula).toContain('(1 − 0.002)^100 × 10');
    // what m counts, and the unit of the value (it read "idle for m = 100 packet times" and "8.186")
    expect(idle.value).toBe('8.186 packets');
    const withMean = explainDecision(rec({ avgBefore: 10, wq: 0.002, idleM: 100, q: 0, avg: 10 * Math.pow(0.998, 100) * 0.998, region: 'between', u: null, pb: 0, pa: 0, count: 1, outcome: 'enqueue', extra: { meanPktSize: 500, byteMode: 0, wait: 0 } }));
    expect(step(withMean.steps, 'Idle-time correction').formula).toMatch(/^the link was idle long enough to send m = 100 packets of meanPktSize = 500 bytes: avg ← \(1 − w_q\)\^m · avg/);
    expect(step(e.steps, 'Average queue').num).toBeCloseTo(8.16929, 4);
    // q = 0 waiting: RED never drops with at most one packet queued
    expect(step(e.steps, 'p_b').value).toMatch(/not applied/);
  });

  it('byte mode: p_b scaled by size / meanPktSize (inferred from the engine number)', () => {
    // line p_b 0.025; 1500-byte packet, mean 500: 0.075; count 1: p_a = 0.075 / 0.925
    const e = explainDecision(rec({ pb: 0.075, count: 1, pa: 0.075 / 0.925, u: 0.5, outcome: 'enqueue' }));
    expect(step(e.steps, 'p_b').num).toBeCloseTo(0.025, 12);
    const bm = step(e.steps, 'p_b (byte mode)');
    expect(bm.formula).toContain('0.025 × 1500 / 500');
    expect(bm.num).toBeCloseTo(0.075, 12);
    expect(step(e.steps, 'p_a').num).toBeCloseTo(0.0810811, 6);
    expect(e.mismatches).toEqual([]);
  });

  it("ns-2's wait rule: count 50, p_b 0.025 -> count p_b = 1.25, p_a = 0.025 / (2 - 1.25) = 0.0333", () => {
    const e = explainDecision(rec({ count: 50, pa: 0.025 / 0.75, u: 0.5, outcome: 'enqueue' }));
    const pa = step(e.steps, 'p_a');
    expect(pa.formula).toMatch(/^wait rule/);
    expect(pa.num).toBeCloseTo(1 / 30, 12);
    expect(e.mismatches).toEqual([]);
  });

  it('first arrival in the region: count restarts, no draw', () => {
    // (the engine's record of this arrival holds the restarted count, 1: red.ts)
    const e = explainDecision(rec({ u: null, pa: 0, count: 1, outcome: 'enqueue' }));
    expect(step(e.steps, 'count').value).toBe('1');
    expect(step(e.steps, 'count').formula).toContain('count restarts at 1');
    expect(e.steps.some((s) => s.label === 'Random draw' || s.label === 'p_a')).toBe(false);
  });

  // the engine writes the record after restarting count, so its count is 1: the step read "1 → 1"
  it("first arrival in the region, from the engine's own record: count is shown as the 1 it restarts at, not '1 → 1'", () => {
    const pool = new PacketPool(64);
    const q = red.create({ ...defaultsOf(RED_PARAMS), minTh: 5, maxTh: 15, wq: 1, limit: 100 }, { pool, rng: new Rng(1, 1), linkRateBps: 10e6, name: 't' });
    const recs: DecisionRecord[] = [];
    q.recorder = { decision: (r) => recs.push(r) };
    for (let i = 0; i < 8; i++) {
      const p = pool.alloc();
      pool.size[p] = 1000;
      pool.ecn[p] = ECN_NOT_ECT;
      q.enqueue(p, i * 1e6);
    }
    // w_q = 1: avg = q; the 6th arrival (q = 5) is the first with avg ≥ min_th = 5 and q > 1
    const first = recs.find((r) => r.region === 'between')!;
    expect(first.q).toBe(5);
    expect(first.u).toBeNull();
    expect(first.count).toBe(1);
    expect(step(explainDecision(first).steps, 'count').value).toBe('1');
    // avg was 4 < min_th at the previous arrival: it has entered the region
    expect(step(explainDecision(first).steps, 'count').formula).toMatch(/^avg has just entered the RED region/);
    expect(first.rule).toMatch(/avg has just entered the RED region/);
  });

  // ns-2 red.cc also restarts count after an arrival that found q <= 1 with avg already past
  // min_th (most such records in a run: 2334 of 2335 in web100-red-ecn-105): the step said
  // "avg has just entered the RED region" beside an avg that had been there all along
  it('count restart after a (nearly) empty queue, avg already past min_th: says so, not "avg has just entered"', () => {
    const pool = new PacketPool(64);
    const q = red.create({ ...defaultsOf(RED_PARAMS), minTh: 0.5, maxTh: 15, wq: 1, limit: 100 }, { pool, rng: new Rng(1, 1), linkRateBps: 10e6, name: 't' });
    const recs: DecisionRecord[] = [];
    q.recorder = { decision: (r) => recs.push(r) };
    for (let i = 0; i < 3; i++) {
      const p = pool.alloc();
      pool.size[p] = 1000;
      pool.ecn[p] = ECN_NOT_ECT;
      q.enqueue(p, i * 1e6);
    }
    // w_q = 1: avg = q. q = 1: avg 1 ≥ min_th 0.5 but q ≤ 1 (no test); q = 2: count restarts
    expect(recs[1].q).toBe(1);
    expect(recs[1].region).toBe('between');
    const restart = recs[2];
    expect(restart.q).toBe(2);
    expect(restart.u).toBeNull();
    expect(restart.avgBefore).toBe(1);
    const e = explainDecision(restart);
    const count = step(e.steps, 'count');
    expect(count.value).toBe('1');
    expect(count.formula).not.toMatch(/just entered/);
    expect(count.formula).toMatch(/avg was already 1 ≥ min_th = 0\.5 at the previous arrival, but that arrival found at most one packet waiting \(q ≤ 1\)/);
    expect(restart.rule).not.toMatch(/just entered/);
    expect(restart.rule).toMatch(/previous arrival found at most one packet waiting \(q ≤ 1\)/);
    expect(e.mismatches).toEqual([]);
  });

  it('above max_th: p_b = 1 and the outcome explains the ECN rule', () => {
    const base = { avgBefore: 20, q: 20, avg: 20, region: 'above-max' as const, pb: 1, pa: 1, u: null };
    const star = explainDecision(rec({ ...base, outcome: 'mark', rule: 'RED*: above max_th ECT packets are marked (seeds/003)' }));
    expect(step(star.steps, 'p_b').num).toBe(1);
    expect(star.outcome).toBe('mark CE');
    expect(star.ecnNote).toMatch(/RED\*/);
    const rfc = explainDecision(rec({ ...base, outcome: 'drop', reason: 'forced', rule: 'RFC 3168 §7: above max_th the packet is dropped even though it is ECT' }));
    expect(rfc.outcome).toBe('forced drop');
    expect(rfc.ecnNote).toMatch(/RFC 3168 §7/);
    const notEct = explainDecision(rec({ ...base, ecn: ECN_NOT_ECT, outcome: 'drop', reason: 'forced', rule: 'avg ≥ max_th: forced drop' }));
    expect(notEct.ecnNote).toMatch(/Not-ECT/);
  });

  // with gentle on, "above-max" starts at 2·max_th: the step read "avg = 31 ≥ 2·max_th = 30 → above max_th"
  it('gentle: an average above 2·max_th is named "above 2·max_th", in the step and the bar', () => {
    const base = { avgBefore: 31, q: 31, avg: 31, region: 'above-max' as const, pb: 1, pa: 1, u: null, outcome: 'drop' as const, reason: 'forced' as const, ecn: ECN_NOT_ECT, rule: 'avg ≥ 2 max_th: forced drop' };
    const g = explainDecision(rec({ ...base, gentle: true }));
    expect(step(g.steps, 'Region').formula).toBe('avg = 31 ≥ 2·max_th = 30');
    expect(step(g.steps, 'Region').value).toBe('above 2·max_th');
    expect(g.bar?.description).toMatch(/^Average queue 31 packets: above 2·max_th \(/);
    expect(g.mismatches).toEqual([]);
    // without gentle the threshold is max_th itself
    const plain = explainDecision(rec({ ...base, avgBefore: 20, q: 20, avg: 20, rule: 'avg ≥ max_th: forced drop' }));
    expect(step(plain.steps, 'Region').value).toBe('above max_th');
    expect(plain.bar?.description).toMatch(/: above max_th \(/);
  });

  it('overflow overrides the RED decision and is named', () => {
    const e = explainDecision(rec({ region: 'overflow', outcome: 'drop', reason: 'overflow', u: 0.9, rule: 'buffer overflow' }));
    expect(e.outcome).toBe('overflow drop');
    expect(step(e.steps, 'Buffer limit').value).toBe('overflow drop');
    expect(step(e.steps, 'Region').value).toBe('between min_th and max_th');
    expect(e.bar?.pointer.v).toBe(7.5);
    expect(e.mismatches).toEqual([]);
  });

  it('formats numbers to 4 significant digits', () => {
    expect(fmt(1 / 30)).toBe('0.03333');
    expect(fmt(7.5)).toBe('7.5');
    expect(fmt(12)).toBe('12');
    expect(fmt(-0.5)).toBe('−0.5');
    expect(fmt(1.5e-7)).toBe('1.5e−7');
  });

  it('a comparison is written with the digits that keep its numbers apart', () => {
    // avg 11.99996 below min_th 12 read "avg = 12 < min_th = 12"
    const below = explainDecision(rec({ q: 12, avgBefore: 11.99992, avg: 11.99996, wq: 0.5, minTh: 12, maxTh: 36, region: 'below-min', pb: 0, pa: 0, count: 0, u: null, outcome: 'enqueue' }));
    expect(step(below.steps, 'Region').formula).toBe('avg = 11.99996 < min_th = 12');
    // u 0.12336 against p_a 0.12344 read "u = 0.1234 < p_a = 0.1234"
    const pa = 0.12344;
    const pb = pa / (1 + pa); // count 1: p_a = p_b / (1 − p_b)
    const draw = explainDecision(rec({ maxP: pb / 0.25, pb, pa, count: 1, u: 0.12336, outcome: 'drop', reason: 'early', ecn: ECN_NOT_ECT }));
    expect(draw.mismatches).toEqual([]);
    expect(step(draw.steps, 'Random draw').formula).toBe('u = 0.12336 < p_a = 0.12344');
  });

  it('writes minus signs typographically, the exponent’s too, and big numbers to the unit', () => {
    // "−6.228e-5" mixed two minus signs; a student's parser (or eye) reads "e-5" apart
    expect(fmt(-6.2277e-5)).toBe('−6.228e−5');
    // 4 significant digits of 10005.42 bytes gave "10010", which reads as an exact number
    expect(fmt(10005.42)).toBe('10005');
    expect(fmt(-123456.7)).toBe('−123457');
    expect(fmt(1234.56)).toBe('1235');
    expect(fmt(10005.42, 6)).toBe('10005.4');
  });

  it('what fmt writes reads back as shownAs, the rounding the comparisons and calculation lines use, at every digit count', () => {
    const read = (s: string) => Number(s.replace(/−/g, '-'));
    fc.assert(
      fc.property(fc.oneof(fc.double({ noNaN: true, noDefaultInfinity: true }), fc.double({ min: -1e10, max: 1e10, noNaN: true }), fc.integer().map((m) => m / 1000)), fc.integer({ min: 1, max: 17 }), (x, d) => Object.is(read(fmt(x, d)) + 0, shownAs(x, d) + 0)),
      { numRuns: 20_000 },
    );
  });
});

// ---------------------------------------------------------------- against the engine

interface Arrival {
  dtNs: number;
  size: number;
  ecn: number;
}

/** Drives the engine's RED with arrivals and departures and collects its records. */
function runRed(values: Record<string, unknown>, ops: ({ kind: 'arrive' } & Arrival | { kind: 'depart'; dtNs: number })[], linkRateBps = 1e6): DecisionRecord[] {
  const pool = new PacketPool(64);
  const all = { ...defaultsOf(RED_PARAMS), ...values };
  const q = red.create(all, { pool, rng: new Rng(7, 1), linkRateBps, name: 'test' });
  const records: DecisionRecord[] = [];
  q.recorder = { decision: (r) => records.push(r) };
  let now = 0;
  for (const op of ops) {
    now += op.dtNs;
    if (op.kind === 'arrive') {
      const p = pool.alloc();
      pool.size[p] = op.size;
      pool.ecn[p] = op.ecn;
      pool.flow[p] = 0;
      q.enqueue(p, now);
    } else {
      const p = q.dequeue(now);
      if (p >= 0) pool.free(p);
    }
  }
  return records;
}

function arrivals(n: number, ecn = ECN_ECT0): { kind: 'arrive'; dtNs: number; size: number; ecn: number }[] {
  return Array.from({ length: n }, () => ({ kind: 'arrive' as const, dtNs: 1000, size: 1000, ecn }));
}

describe('explainDecision on the engine’s RED records', () => {
  // w_q = 1 makes avg = q, so the queue walks through every region as it fills.
  const fill = { wq: 1, minTh: 2, maxTh: 4, limit: 100, ecn: true };

  it('aboveMaxTh = "drop" (RFC 3168 §7): ECT packets above max_th are forced drops', () => {
    const recs = runRed({ ...fill, aboveMaxTh: 'drop' }, arrivals(30));
    const above = recs.filter((r) => r.avg >= 4);
    expect(above.length).toBeGreaterThan(0);
    for (const r of above) {
      const e = explainDecision(r);
      expect(e.outcome).toBe('forced drop');
      expect(e.ecnNote).toMatch(/RFC 3168 §7/);
      expect(e.mismatches).toEqual([]);
    }
  });

  // an ECT packet at a queue without ECN, in the gentle region or above: the note gave two
  // reasons ("ECN marking off, or above max_th under RFC 3168 §7") where the record knows it is the first
  it('ECN off at the queue: an ECT packet dropped in the gentle region or above is dropped because ECN is off, not "or RFC 3168 §7"', () => {
    // gentle: the drops hold q at 6 < 2·max_th, so the forced drops come from a run without gentle
    const gentleDrops = runRed({ ...fill, ecn: false, gentle: true }, arrivals(40)).filter((r) => r.region === 'gentle' && r.reason === 'early');
    const forced = runRed({ ...fill, ecn: false, gentle: false }, arrivals(40)).filter((r) => r.region === 'above-max' && r.reason === 'forced');
    expect(gentleDrops.length).toBeGreaterThan(0);
    expect(forced.length).toBeGreaterThan(0);
    for (const r of [...gentleDrops, ...forced]) {
      const e = explainDecision(r);
      expect(e.ecnNote).toBe('The packet is ECT(0), but ECN marking is off at this queue, so it is dropped.');
      expect(e.mismatches).toEqual([]);
    }
    // with ECN on the same region still cites RFC 3168 §7
    const on = runRed({ ...fill, gentle: true, aboveMaxTh: 'drop' }, arrivals(40)).filter((r) => r.region === 'gentle' && r.reason === 'early');
    expect(on.length).toBeGreaterThan(0);
    for (const r of on) expect(explainDecision(r).ecnNote).toMatch(/RFC 3168 §7 drops instead of marking/);
  });

  // count runs from the last mark or drop OR from a restart at 1 (ns-2's `old` flag): the step
  // said "since the last mark or drop" for every draw, wrong for 2095 of the 6986 draws in a
  // trace of the default lesson
  it('count: says it runs from the restart at 1 when no mark or drop came since, from the mark or drop otherwise', () => {
    // max_p 0.02 keeps early drops rare, so draws after the restart come before any drop
    const recs = runRed({ ...fill, ecn: false, maxTh: 40, maxP: 0.02 }, arrivals(30, ECN_NOT_ECT));
    const restart = recs.findIndex((r) => r.u === null && r.region === 'between' && r.q > 1);
    expect(restart).toBeGreaterThan(-1);
    const drawn = recs.slice(restart + 1).filter((r) => r.u !== null);
    const firstAct = recs.findIndex((r, i) => i > restart && r.outcome !== 'enqueue');
    const beforeAct = drawn.filter((r) => firstAct < 0 || recs.indexOf(r) <= firstAct);
    expect(beforeAct.length).toBeGreaterThan(0);
    for (const r of beforeAct) expect(step(explainDecision(r).steps, 'count').formula).toBe('arrivals since count restarted at 1 (no mark or drop since), this one included');
    // after a drop the count runs from it
    const dropped = runRed({ ...fill, ecn: false, maxTh: 40, maxP: 1 }, arrivals(60, ECN_NOT_ECT));
    const act = dropped.findIndex((r) => r.reason === 'early');
    expect(act).toBeGreaterThan(-1);
    const next = dropped.slice(act + 1).find((r) => r.u !== null)!;
    expect(next.count).toBe(1);
    expect(step(explainDecision(next).steps, 'count').formula).toBe('arrivals since the last mark or drop, this one included');
  });

  it('aboveMaxTh = "mark" (RED*): ECT packets above max_th are marked, Not-ECT ones dropped', () => {
    const recs = runRed({ ...fill, aboveMaxTh: 'mark' }, arrivals(30));
    const above = recs.filter((r) => r.avg >= 4);
    expect(above.length).toBeGreaterThan(0);
    for (const r of above) {
      const e = explainDecision(r);
      expect(e.outcome).toBe('mark CE');
      expect(e.ecnNote).toMatch(/RED\*/);
      expect(e.mismatches).toEqual([]);
    }
    const notEct = runRed({ ...fill, aboveMaxTh: 'mark' }, arrivals(30, ECN_NOT_ECT)).filter((r) => r.avg >= 4);
    expect(notEct.length).toBeGreaterThan(0);
    for (const r of notEct) expect(explainDecision(r)).toMatchObject({ outcome: 'forced drop', mismatches: [] });
  });

  it('aboveMaxTh = "new-gentle": marks in the gentle region, drops above 2 max_th', () => {
    const recs = runRed({ ...fill, gentle: true, aboveMaxTh: 'new-gentle' }, arrivals(40));
    const gentle = recs.filter((r) => r.avg >= 4 && r.avg < 8);
    const over = recs.filter((r) => r.avg >= 8);
    expect(gentle.length).toBeGreaterThan(0);
    expect(over.length).toBeGreaterThan(0);
    for (const r of gentle) {
      const e = explainDecision(r);
      expect(step(e.steps, 'Region').value).toMatch(/gentle/);
      expect(e.outcomeKind).not.toBe('drop');
      if (e.outcomeKind === 'mark') expect(e.ecnNote).toMatch(/new gentle/);
      expect(e.mismatches).toEqual([]);
    }
    expect(gentle.some((r) => r.outcome === 'mark')).toBe(true);
    for (const r of over) {
      const e = explainDecision(r);
      expect(e.outcome).toBe('forced drop');
      expect(e.ecnNote).toMatch(/new gentle/);
    }
  });

  it('random traffic, every option: the recomputed calculation agrees with every engine record', () => {
    const rng = new Rng(2024, 9);
    let checked = 0;
    const seen = new Map<string, number>();
    const see = (k: string) => seen.set(k, (seen.get(k) ?? 0) + 1);
    for (let trial = 0; trial < 60; trial++) {
      const bytes = trial % 4 === 3;
      const values = {
        unit: bytes ? 'bytes' : 'packets',
        limit: bytes ? 40_000 : 40,
        minTh: bytes ? 5000 : 3 + (trial % 5),
        maxTh: bytes ? 15_000 : 12 + (trial % 7),
        maxP: [0.02, 0.1, 0.5][trial % 3],
        wq: [0.002, 0.05, 0.3][trial % 3],
        gentle: trial % 2 === 0,
        wait: trial % 5 === 1,
        ecn: trial % 3 !== 2,
        aboveMaxTh: (['drop', 'mark', 'new-gentle'] as const)[trial % 3],
        mode: trial % 4 >= 2 ? 'byte' : 'packet',
        meanPktSize: [500, 1000, 576][trial % 3],
      };
      const ops: Parameters<typeof runRed>[1] = [];
      for (let i = 0; i < 400; i++) {
        // bursts of arrivals against a slower drain, with idle gaps now and then
        const u = rng.uniform();
        if (u < 0.6) ops.push({ kind: 'arrive', dtNs: Math.floor(rng.uniform() * 2e6), size: 40 + Math.floor(rng.uniform() * 1461), ecn: Math.floor(rng.uniform() * 4) });
        else if (u < 0.97) ops.push({ kind: 'depart', dtNs: Math.floor(rng.uniform() * 3e6) });
        else ops.push({ kind: 'depart', dtNs: 2e8 });
      }
      for (const r of runRed(values, ops)) {
        const e = explainDecision(r);
        expect(e.mismatches, `trial ${trial} t=${r.t}: ${JSON.stringify(r)}`).toEqual([]);
        checked++;
        for (const s of e.steps) see(s.label === 'p_a' && s.formula.startsWith('wait') ? 'p_a wait' : s.label);
        see(e.outcome);
      }
    }
    expect(checked).toBeGreaterThan(10_000);
    // every branch of the calculation was exercised
    for (const k of ['Idle-time correction', 'p_b (gentle line)', 'p_b (byte mode)', 'p_a', 'p_a wait', 'Random draw', 'Buffer limit', 'mark CE', 'early drop', 'forced drop', 'overflow drop']) {
      expect(seen.get(k) ?? 0, k).toBeGreaterThan(0);
    }
  });

  it('the idle-time correction of an engine record is shown with its m', () => {
    // one packet, drained, then 1 s idle on a 1 Mb/s link with 500-byte mean packets:
    // m = floor(1 s x 1e6 / (8 x 500)) = 250 minus the last packet's transmission time
    const recs = runRed({ wq: 0.002, minTh: 5, maxTh: 15, meanPktSize: 500 }, [
      { kind: 'arrive', dtNs: 0, size: 500, ecn: 0 },
      { kind: 'depart', dtNs: 0 },
      { kind: 'arrive', dtNs: 1e9, size: 500, ecn: 0 },
    ]);
    const last = recs[recs.length - 1];
    // the link goes idle when the 500-byte packet has been sent (4 ms): idle 0.996 s = 249 packet times
    expect(last.idleM).toBe(249);
    const e = explainDecision(last);
    expect(step(e.steps, 'Idle-time correction').formula).toContain('^249');
    expect(e.mismatches).toEqual([]);
  });
});

