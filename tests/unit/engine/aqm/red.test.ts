import { describe, expect, it } from 'vitest';
import { defaultsOf } from '../../../../src/engine/core/params';
import { Rng } from '../../../../src/engine/core/rng';
import type { DecisionRecord } from '../../../../src/engine/aqm/decision';
import { COMMON_QUEUE_PARAMS } from '../../../../src/engine/aqm/queue-disc';
import { RED_PARAMS, RedQueue, checkRed, red } from '../../../../src/engine/aqm/red';
import { explain as explainRed } from '../../../../src/engine/aqm/red.explain';
import { ECN_CE, ECN_ECT0, ECN_ECT1, ECN_NOT_ECT, PacketPool } from '../../../../src/engine/net/packet';

interface Harness {
  pool: PacketPool;
  q: RedQueue;
  recs: DecisionRecord[];
}

function makeRed(over: Record<string, unknown>, opts: { rate?: number; seed?: number; record?: boolean } = {}): Harness {
  const pool = new PacketPool(64);
  const values = { ...defaultsOf(RED_PARAMS), ...over };
  expect(checkRed(values)).toEqual([]);
  const q = red.create(values, { pool, rng: new Rng(opts.seed ?? 1, 9), linkRateBps: opts.rate ?? 10e6, name: 'red' }) as RedQueue;
  const recs: DecisionRecord[] = [];
  if (opts.record !== false) q.recorder = { decision: (r) => recs.push(r) };
  return { pool, q, recs };
}

function arrive(h: Harness, now = 0, size = 1000, ecn = ECN_NOT_ECT): boolean {
  const p = h.pool.alloc();
  h.pool.size[p] = size;
  h.pool.ecn[p] = ecn;
  return h.q.enqueue(p, now);
}

/** Fills the queue to Q packets without RED acting (thresholds moved out of the way meanwhile). */
function fillTo(h: Harness, Q: number, size = 1000): void {
  const { minTh, maxTh } = h.q.params;
  h.q.setParams({ minTh: 1e8, maxTh: 2e8 });
  while (h.q.lenPackets < Q) expect(arrive(h, 0, size)).toBe(true);
  h.q.setParams({ minTh, maxTh });
}

const ENQ = 0;
const MARK = 1;
const DROP = 2;

/**
 * n arrivals with the instantaneous queue held at its current length: an accepted arrival
 * is followed by one departure. With wq = 1 the average equals that length exactly.
 */
function steady(h: Harness, n: number, size = 1000, ecn = ECN_NOT_ECT): number[] {
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const marksBefore = h.q.marks;
    if (arrive(h, 0, size, ecn)) {
      out.push(h.q.marks > marksBefore ? MARK : ENQ);
      h.pool.free(h.q.dequeue(0));
    } else out.push(DROP);
  }
  return out;
}

/** Arrivals between consecutive congestion signals (drop or mark), the later one included. */
function gaps(outcomes: number[]): number[] {
  const g: number[] = [];
  let last = -1;
  outcomes.forEach((o, i) => {
    if (o === ENQ) return;
    if (last >= 0) g.push(i - last);
    last = i;
  });
  return g;
}

function chiSquareUniform(samples: number[], lo: number, hi: number): number {
  const k = hi - lo + 1;
  const counts = new Array<number>(k).fill(0);
  for (const x of samples) counts[x - lo]++;
  const e = samples.length / k;
  return counts.reduce((s, c) => s + ((c - e) * (c - e)) / e, 0);
}

/** p_a from p_b and count, straight from the rules (F&J 1993 §7; ns-2 red.cc modify_p for wait). */
function expectedPa(pb: number, count: number, wait: boolean): number {
  const cp = count * pb;
  const pa = wait ? (cp < 1 ? 0 : cp < 2 ? pb / (2 - cp) : 1) : cp < 1 ? pb / (1 - cp) : 1;
  return Math.min(1, pa);
}

describe('RED average', () => {
  it('follows the closed form of the EWMA of a ramp q_k = k - 1', () => {
    const wq = 0.05;
    const h = makeRed({ wq, minTh: 1000, maxTh: 3000, limit: 5000 });
    for (let n = 1; n <= 300; n++) {
      arrive(h);
      // avg_n = (n - 1) - (1 - wq)/wq * (1 - (1 - wq)^(n - 1))
      const expected = n - 1 - ((1 - wq) / wq) * (1 - Math.pow(1 - wq, n - 1));
      expect(Math.abs(h.q.average - expected)).toBeLessThan(1e-9 * Math.max(1, expected));
    }
  });

  it('equals sum_k wq (1 - wq)^(n - k) q_k for an arbitrary busy sequence (q = backlog before the arrival)', () => {
    const wq = 0.02;
    const h = makeRed({ wq, minTh: 1000, maxTh: 3000, limit: 5000 });
    const rng = new Rng(4, 4);
    arrive(h);
    arrive(h);
    for (let i = 0; i < 500; i++) {
      if (rng.uniform() < 0.45 && h.q.lenPackets > 1) h.pool.free(h.q.dequeue(0));
      else arrive(h);
    }
    const qs = h.recs.map((r) => r.q);
    const n = qs.length;
    let sum = 0;
    for (let k = 0; k < n; k++) sum += wq * Math.pow(1 - wq, n - 1 - k) * qs[k];
    expect(h.q.average).toBeCloseTo(sum, 9);
    expect(h.recs.every((r) => r.idleM === 0)).toBe(true);
  });

  describe('idle-time correction avg <- (1 - wq)^m avg, m = idle time x C / (8 meanPktSize)', () => {
    // 1 Mb/s and 500-byte mean packets: one "virtual packet" per 4 ms; a 500-byte packet takes 4 ms to send.
    const setup = (): { h: Harness; A: number } => {
      const h = makeRed({ wq: 0.01, minTh: 1000, maxTh: 3000, limit: 5000, meanPktSize: 500 }, { rate: 1e6 });
      for (let i = 0; i < 50; i++) arrive(h, 0, 500);
      const A = h.q.average;
      for (let i = 0; i < 50; i++) h.pool.free(h.q.dequeue(0)); // the last one is on the wire until 4 ms
      return { h, A };
    };

    it('folds in floor(150 ms / 4 ms) = 37 idle packets after the link has been idle 150 ms', () => {
      const { h, A } = setup();
      expect(h.q.dequeue(4e6)).toBe(-1); // the link asks again when the last packet is sent
      arrive(h, 154e6, 500);
      const r = h.recs[h.recs.length - 1];
      expect(r.idleM).toBe(37);
      expect(r.avgBefore).toBe(A);
      expect(r.q).toBe(0);
      expect(h.q.average).toBeCloseTo(A * Math.pow(0.99, 37) * 0.99, 12);
    });

    it('idle time starts when the last packet has left the wire, not when it was dequeued', () => {
      const { h, A } = setup();
      arrive(h, 3.9e6, 500); // still transmitting: not idle
      expect(h.recs[h.recs.length - 1].idleM).toBe(0);
      expect(h.q.average).toBeCloseTo(A * 0.99, 12);
    });

    it('also works when the link never polls the empty queue, and for the very first arrival', () => {
      const { h } = setup();
      arrive(h, 4e6 + 4e6 * 10.5, 500);
      expect(h.recs[h.recs.length - 1].idleM).toBe(10);
      const g = makeRed({ meanPktSize: 500 }, { rate: 1e6 });
      arrive(g, 1e9, 500); // idle since t = 0: 250 packet times
      expect(g.recs[0].idleM).toBe(250);
    });

    it('m scales with the link rate and the mean packet size', () => {
      const h = makeRed({ meanPktSize: 1000 }, { rate: 10e6 }); // 1250 packets/s
      arrive(h, 1e9, 1000);
      expect(h.recs[0].idleM).toBe(1250);
    });
  });
});

describe('RED drop probability', () => {
  const base = { wq: 1, minTh: 4, maxTh: 12, maxP: 0.1, limit: 100 };

  it('p_b lies on the line max_p (avg - min_th)/(max_th - min_th) between the thresholds', () => {
    for (let Q = 5; Q < 12; Q++) {
      const h = makeRed(base);
      fillTo(h, Q);
      steady(h, 50);
      const drawn = h.recs.filter((r) => r.u !== null);
      expect(drawn.length).toBeGreaterThan(0);
      for (const r of drawn) {
        expect(r.avg).toBe(Q);
        expect(r.region).toBe('between');
        expect(r.pb).toBeCloseTo((0.1 * (Q - 4)) / 8, 12);
      }
      expect(h.q.probabilities().pb).toBeCloseTo((0.1 * (Q - 4)) / 8, 12);
      expect(h.q.probabilities().maxP).toBe(0.1);
    }
  });

  it('gentle: p_b rises on the line from max_p at max_th to 1 at 2 max_th; forced drops from 2 max_th', () => {
    for (const Q of [12, 15, 18, 23]) {
      const h = makeRed({ ...base, gentle: true });
      fillTo(h, Q);
      steady(h, 40);
      const drawn = h.recs.filter((r) => r.u !== null);
      expect(drawn.length).toBeGreaterThan(0);
      for (const r of drawn) {
        expect(r.region).toBe('gentle');
        expect(r.pb).toBeCloseTo(0.1 + (0.9 * (Q - 12)) / 12, 12);
      }
    }
    for (const gentle of [true, false]) {
      const h = makeRed({ ...base, gentle });
      fillTo(h, gentle ? 24 : 12);
      const out = steady(h, 30);
      expect(out.every((o) => o === DROP)).toBe(true);
      expect(h.q.dropsForced).toBe(30);
      expect(h.recs.slice(-30).every((r) => r.region === 'above-max' && r.pb === 1 && r.u === null && r.reason === 'forced')).toBe(true);
    }
    expect(makeRed({ ...base, gentle: true }).q.thresholds()).toEqual({ minTh: 4, maxTh: 12, gentleMax: 24 });
    expect(makeRed(base).q.thresholds()).toEqual({ minTh: 4, maxTh: 12 });
  });

  it('p_a = p_b / (1 - count p_b), count restarting after each drop', () => {
    const h = makeRed(base);
    fillTo(h, 8);
    steady(h, 2000);
    const drawn = h.recs.filter((r) => r.u !== null);
    expect(drawn.length).toBeGreaterThan(1000);
    let prevSignal = false; // the first drawn arrival follows the region-entry arrival (count 1), so it has count 2
    for (const r of drawn) {
      expect(r.pa).toBeCloseTo(expectedPa(r.pb, r.count, false), 12);
      if (prevSignal) expect(r.count).toBe(1); // count includes the arrival; 0 after a drop
      prevSignal = r.outcome !== 'enqueue';
    }
  });
});

describe('RED spacing of drops (uniformised geometric law)', () => {
  // min_th 4, max_th 20, max_p 1/4, avg held at 8: p_b = 1/16 exactly.
  const cfg = { wq: 1, minTh: 4, maxTh: 20, maxP: 0.25, limit: 100 };

  it('without wait: arrivals between drops are uniform on 1..15 (p_a reaches 1 at count = 1/p_b - 1), 1 in 8 dropped', () => {
    const h = makeRed(cfg, { record: false, seed: 11 });
    fillTo(h, 8);
    const out = steady(h, 160_000);
    const g = gaps(out);
    expect(Math.min(...g)).toBe(1);
    expect(Math.max(...g)).toBe(15);
    // chi-square, 14 degrees of freedom: 36.1 is the 0.1 % critical value
    expect(chiSquareUniform(g, 1, 15)).toBeLessThan(36.1);
    const frac = out.filter((o) => o === DROP).length / out.length;
    expect(Math.abs(frac - 1 / 8) / (1 / 8)).toBeLessThan(0.02);
    // a geometric law with the same rate would give gaps > 15 with probability (7/8)^15 = 13 %
  });

  it('with wait: no drop before count p_b >= 1, gaps uniform on 16..31', () => {
    const h = makeRed({ ...cfg, wait: true }, { record: false, seed: 12 });
    fillTo(h, 8);
    const out = steady(h, 200_000);
    const g = gaps(out);
    expect(Math.min(...g)).toBe(16);
    expect(Math.max(...g)).toBe(31);
    expect(chiSquareUniform(g, 16, 31)).toBeLessThan(37.7); // 15 dof, 0.1 %
    const frac = out.filter((o) => o === DROP).length / out.length;
    expect(Math.abs(frac - 1 / 23.5) / (1 / 23.5)).toBeLessThan(0.02);
  });

  it('with ECN, ECT packets are marked with the same law and nothing is dropped', () => {
    const h = makeRed({ ...cfg, ecn: true }, { record: false, seed: 13 });
    fillTo(h, 8);
    const out = steady(h, 100_000, 1000, ECN_ECT0);
    expect(h.q.drops).toBe(0);
    const g = gaps(out);
    expect(Math.max(...g)).toBe(15);
    expect(chiSquareUniform(g, 1, 15)).toBeLessThan(36.1);
    expect(Math.abs(h.q.marks / out.length - 1 / 8) / (1 / 8)).toBeLessThan(0.03);
  });
});

describe('RED byte mode (seeds/002 eq. 3)', () => {
  const cfg = { wq: 1, minTh: 4, maxTh: 20, maxP: 0.25, limit: 100, mode: 'byte', meanPktSize: 500 };

  it('scales p_b by size / meanPktSize before the count correction', () => {
    for (const [size, pb] of [
      [250, 1 / 32],
      [500, 1 / 16],
      [1000, 1 / 8],
      [1500, 3 / 16],
      [10_000, 1],
    ] as const) {
      const h = makeRed(cfg);
      fillTo(h, 8);
      steady(h, 30, size);
      const drawn = h.recs.filter((r) => r.u !== null);
      expect(drawn.length).toBeGreaterThan(0);
      for (const r of drawn) {
        expect(r.pb).toBeCloseTo(pb, 12);
        expect(r.pa).toBeCloseTo(expectedPa(pb, r.count, false), 12);
      }
    }
  });

  it('small packets are dropped less often: 1 in 16 for 250 B, 1 in 4 for 1000 B (uniform gaps on 1..1/p_b - 1)', () => {
    for (const [size, mean] of [
      [250, 16],
      [1000, 4],
    ] as const) {
      const h = makeRed(cfg, { record: false, seed: size });
      fillTo(h, 8);
      const out = steady(h, 60_000, size);
      const frac = out.filter((o) => o === DROP).length / out.length;
      expect(Math.abs(frac * mean - 1)).toBeLessThan(0.04);
      expect(Math.max(...gaps(out))).toBe(2 * mean - 1);
    }
  });

  it('packet mode ignores the size', () => {
    const h = makeRed({ ...cfg, mode: 'packet' });
    fillTo(h, 8);
    steady(h, 30, 100);
    for (const r of h.recs.filter((x) => x.u !== null)) expect(r.pb).toBeCloseTo(1 / 16, 12);
  });
});

describe('RED with ECN: early marking and the behaviour above max_th', () => {
  // min_th 4, max_th 8: the gentle region is 8..16 (avg 12: p_b = 0.55), above it avg 20.
  const cfg = { wq: 1, minTh: 4, maxTh: 8, maxP: 0.1, limit: 100, ecn: true };
  const N = 400;
  type Expect = 'early-drops' | 'marks' | 'all-forced' | 'all-marked';
  const cases: [string, boolean, number, number, Expect][] = [
    // aboveMaxTh, gentle, Q, ecn codepoint, expectation
    ['drop', true, 12, ECN_NOT_ECT, 'early-drops'],
    ['mark', true, 12, ECN_NOT_ECT, 'early-drops'],
    ['new-gentle', true, 12, ECN_NOT_ECT, 'early-drops'],
    ['drop', true, 12, ECN_ECT0, 'early-drops'], // RFC 3168 §7: dropped even though ECT
    ['mark', true, 12, ECN_ECT1, 'marks'], // RED*
    ['new-gentle', true, 12, ECN_ECT0, 'marks'], // seeds/002
    ['drop', true, 20, ECN_NOT_ECT, 'all-forced'],
    ['mark', true, 20, ECN_NOT_ECT, 'all-forced'],
    ['new-gentle', true, 20, ECN_NOT_ECT, 'all-forced'],
    ['drop', true, 20, ECN_ECT0, 'all-forced'],
    ['mark', true, 20, ECN_ECT0, 'all-marked'],
    ['new-gentle', true, 20, ECN_ECT0, 'all-forced'], // above 2 max_th new gentle drops
    ['drop', false, 10, ECN_ECT0, 'all-forced'],
    ['mark', false, 10, ECN_ECT0, 'all-marked'],
    ['new-gentle', false, 10, ECN_ECT0, 'all-forced'], // no gentle region: as RFC 3168
    ['mark', false, 10, ECN_CE, 'all-marked'], // CE packets are ECN-capable too
  ];
  for (const [aboveMaxTh, gentle, Q, ecn, want] of cases) {
    it(`aboveMaxTh ${aboveMaxTh}, gentle ${gentle}, avg ${Q}, ${['Not-ECT', 'ECT(1)', 'ECT(0)', 'CE'][ecn]}: ${want}`, () => {
      const h = makeRed({ ...cfg, aboveMaxTh, gentle }, { seed: Q + ecn });
      fillTo(h, Q);
      steady(h, N, 1000, ecn);
      const q = h.q;
      switch (want) {
        case 'early-drops':
          expect(q.marks).toBe(0);
          expect(q.dropsEarly).toBeGreaterThan(N * 0.2);
          expect(q.dropsForced + q.dropsOverflow).toBe(0);
          break;
        case 'marks':
          expect(q.drops).toBe(0);
          expect(q.marks).toBeGreaterThan(N * 0.2);
          break;
        case 'all-forced':
          expect(q.marks).toBe(0);
          expect(q.dropsForced).toBe(N);
          break;
        case 'all-marked':
          expect(q.drops).toBe(0);
          expect(q.marks).toBe(N);
          break;
      }
      const signalled = h.recs.filter((r) => r.outcome !== 'enqueue');
      if (ecn !== ECN_NOT_ECT && aboveMaxTh === 'drop') for (const r of signalled) expect(r.rule).toContain('RFC 3168 §7');
      if (ecn !== ECN_NOT_ECT && aboveMaxTh === 'mark') for (const r of signalled) expect(r.rule).toContain('RED*');
      if (ecn !== ECN_NOT_ECT && aboveMaxTh === 'new-gentle') for (const r of signalled) expect(r.rule).toMatch(/new gentle|RFC 3168/);
    });
  }

  it('between the thresholds ECT packets are marked and Not-ECT packets dropped; without ecn everything is dropped', () => {
    for (const [ecnOn, ecn, marks] of [
      [true, ECN_ECT0, true],
      [true, ECN_NOT_ECT, false],
      [false, ECN_ECT0, false],
    ] as const) {
      const h = makeRed({ ...cfg, ecn: ecnOn, maxP: 0.5 });
      fillTo(h, 7);
      steady(h, N, 1000, ecn);
      if (marks) {
        expect(h.q.drops).toBe(0);
        expect(h.q.marks).toBeGreaterThan(N * 0.1);
      } else {
        expect(h.q.marks).toBe(0);
        expect(h.q.dropsEarly).toBeGreaterThan(N * 0.1);
      }
    }
  });
});

describe('RED (ns-2 red.cc branch order)', () => {
  it('the first arrival after avg enters the region resets count to 1 and is never dropped', () => {
    const h = makeRed({ wq: 1, minTh: 4, maxTh: 8, maxP: 1, limit: 100 });
    fillTo(h, 7); // p_b = 0.75
    steady(h, 3);
    expect(h.recs[h.recs.length - 3]).toMatchObject({ count: 1, u: null, pa: 0, outcome: 'enqueue' });
    expect(h.recs[h.recs.length - 2].count).toBe(2); // p_a = 0.75 / (1 - 1.5) -> 1
    expect(h.recs[h.recs.length - 2].outcome).toBe('drop');
  });

  it('no RED drop while at most one packet waits, even with avg above max_th', () => {
    const h = makeRed({ wq: 1, minTh: 0.2, maxTh: 0.5, limit: 100 });
    fillTo(h, 1);
    expect(steady(h, 50).every((o) => o === ENQ)).toBe(true);
    expect(h.recs.slice(-50).every((r) => r.rule.includes('at most one packet'))).toBe(true);
    fillTo(h, 2);
    expect(steady(h, 5).every((o) => o === DROP)).toBe(true);
  });

  // ns-2 tests qlen > 1 in the queue's unit: in bytes one waiting packet (q = 1000) is
  // already past it. The rule and the inspector said "at most one packet waits" there.
  it('in bytes the q > 1 test means a non-empty queue: the rule and the explanation say so', () => {
    const h = makeRed({ unit: 'bytes', wq: 1, minTh: 0, maxTh: 500, limit: 100000 });
    arrive(h, 0);
    h.pool.free(h.q.dequeue(0));
    const empty = h.recs[h.recs.length - 1];
    expect(empty).toMatchObject({ q: 0, outcome: 'enqueue' });
    expect(empty.rule).toMatch(/queue is empty/);
    expect(empty.rule).not.toMatch(/at most one packet/);
    const pb = explainRed(empty).steps.find((s) => s.label === 'p_b')!;
    expect(pb.formula).toMatch(/queue is empty/);
    expect(pb.formula).not.toMatch(/at most one packet/);
    // one packet waiting: q = 1000 bytes > 1, avg 1000 ≥ max_th 500: RED drops
    fillTo(h, 1);
    expect(steady(h, 3).every((o) => o === DROP)).toBe(true);
    expect(h.recs[h.recs.length - 1]).toMatchObject({ q: 1000, reason: 'forced' });
  });

  it('hard limit: RED holds `limit` waiting packets under both count rules (ns-2 qlen >= qlim), one more than ns-2 DropTail', () => {
    for (const countRule of ['waiting', 'ns2']) {
      const h = makeRed({ wq: 1e-6, minTh: 9, maxTh: 9.5, limit: 10, countRule });
      for (let i = 0; i < 10; i++) expect(arrive(h)).toBe(true);
      expect(arrive(h)).toBe(false);
      expect(h.q.dropsOverflow).toBe(1);
      expect(h.recs[10]).toMatchObject({ region: 'overflow', reason: 'overflow', outcome: 'drop', q: 10 });
    }
  });

  it('hard limit in bytes keeps the backlog within the limit', () => {
    const h = makeRed({ unit: 'bytes', limit: 3000, minTh: 2000, maxTh: 2500, wq: 1e-6 });
    expect(arrive(h, 0, 1500)).toBe(true);
    expect(arrive(h, 0, 1500)).toBe(true);
    expect(arrive(h, 0, 1)).toBe(false);
    expect(h.q.lenBytes).toBe(3000);
    expect(h.q.length).toBe(3000);
  });

  it('the average is updated for arrivals that overflow, and overflow overrides a mark', () => {
    const h = makeRed({ wq: 1, minTh: 1, maxTh: 2, limit: 3, ecn: true, aboveMaxTh: 'mark' });
    for (let i = 0; i < 3; i++) arrive(h, 0, 1000, ECN_ECT0);
    const marks = h.q.marks;
    expect(arrive(h, 0, 1000, ECN_ECT0)).toBe(false);
    expect(h.q.marks).toBe(marks);
    expect(h.q.average).toBe(3);
    expect(h.recs[3].reason).toBe('overflow');
  });

  it('thresholds in bytes when unit = "bytes"', () => {
    const h = makeRed({ unit: 'bytes', limit: 100_000, minTh: 4000, maxTh: 12_000, maxP: 0.1, wq: 1 });
    fillTo(h, 8); // 8000 bytes
    steady(h, 20);
    for (const r of h.recs.filter((x) => x.u !== null)) {
      expect(r.q).toBe(8000);
      expect(r.pb).toBeCloseTo(0.05, 12);
    }
  });
});

describe('RED decision records', () => {
  it('every number agrees with the rules over a random busy run (gentle, ECN mix, idle periods)', () => {
    for (const wait of [false, true]) {
      const wq = 0.05;
      const h = makeRed({ wq, minTh: 3, maxTh: 9, maxP: 0.2, gentle: true, ecn: true, aboveMaxTh: 'new-gentle', limit: 25, wait }, { rate: 1e7, seed: 21 });
      const rng = new Rng(5, 5);
      let now = 0;
      for (let i = 0; i < 20_000; i++) {
        now += rng.int(2_000_000);
        if (rng.uniform() < 0.56) arrive(h, now, 40 + rng.int(1461), rng.int(4));
        else {
          const p = h.q.dequeue(now);
          if (p >= 0) h.pool.free(p);
        }
      }
      expect(h.recs.length).toBe(h.q.arrivals);
      const seen = new Set<string>();
      for (const r of h.recs) {
        seen.add(`${r.region}/${r.outcome}`);
        expect(r.avg).toBeCloseTo(r.avgBefore * Math.pow(1 - wq, r.idleM + 1) + wq * r.q, 9);
        expect(r.pb).toBeGreaterThanOrEqual(0);
        expect(r.pb).toBeLessThanOrEqual(1);
        expect(r.wq).toBe(wq);
        if (r.region !== 'overflow') {
          const want = r.avg < 3 ? 'below-min' : r.avg < 9 ? 'between' : r.avg < 18 ? 'gentle' : 'above-max';
          expect(r.region).toBe(want);
        }
        if (r.u !== null) {
          const line = r.avg < 9 ? (0.2 * (r.avg - 3)) / 6 : 0.2 + (0.8 * (r.avg - 9)) / 9;
          expect(r.pb).toBeCloseTo(line, 12);
          expect(r.pa).toBeCloseTo(expectedPa(r.pb, r.count, wait), 12);
          if (r.reason !== 'overflow') expect(r.outcome !== 'enqueue').toBe(r.u < r.pa);
        }
        if (r.outcome === 'mark') expect(r.ecn).not.toBe(ECN_NOT_ECT);
        if (r.reason === 'early') expect(r.u !== null && r.u < r.pa).toBe(true);
        if (r.reason === 'forced') expect(r.region === 'above-max' && r.u === null).toBe(true);
        if (r.reason === 'early' && r.ecn !== ECN_NOT_ECT) throw new Error('new gentle never drops ECT packets early');
      }
      for (const k of ['below-min/enqueue', 'between/mark', 'between/drop', 'gentle/mark', 'gentle/drop', 'overflow/drop']) expect(seen.has(k), k).toBe(true);
    }
  });

  it('builds nothing when no recorder is attached', () => {
    const h = makeRed({ wq: 1, minTh: 1, maxTh: 3 }, { record: false });
    let built = 0;
    const spy = h.q as unknown as { record: (r: DecisionRecord) => void };
    const orig = spy.record.bind(h.q);
    spy.record = (r) => {
      built++;
      orig(r);
    };
    fillTo(h, 2);
    steady(h, 100);
    expect(built).toBe(0);
  });
});

describe('RED parameters', () => {
  it('check() names the fields for min_th >= max_th and min_th >= limit', () => {
    const d = defaultsOf(RED_PARAMS);
    expect(checkRed({ ...d, minTh: 20, maxTh: 10 })).toEqual(['minTh = 20 must be less than maxTh = 10']);
    expect(checkRed({ ...d, minTh: 10, maxTh: 10 })[0]).toContain('minTh = 10');
    const m = checkRed({ ...d, limit: 8, minTh: 8, maxTh: 24 });
    expect(m.length).toBe(1);
    expect(m[0]).toContain('limit = 8');
    // max_th above the limit is allowed: seeds/001 Table II runs QL = 16 with min_th 8, max_th 24
    expect(checkRed({ ...d, limit: 16, minTh: 8, maxTh: 24 })).toEqual([]);
    expect(red.check).toBe(checkRed);
  });

  it('declares the common queue parameters plus its own, each with a doc and a reference', () => {
    for (const k of ['limit', 'unit', 'countRule'] as const) expect(RED_PARAMS[k]).toBe(COMMON_QUEUE_PARAMS[k]);
    for (const k of ['minTh', 'maxTh', 'maxP', 'wq', 'gentle', 'wait', 'ecn', 'aboveMaxTh', 'mode', 'meanPktSize'] as const) {
      const s = RED_PARAMS[k];
      expect(s.doc.length).toBeGreaterThan(10);
      expect(s.ref, k).toBeTruthy();
    }
    expect(Object.keys(RED_PARAMS).length).toBe(13);
  });

  it('setParams replaces the parameters live and keeps the state', () => {
    const h = makeRed({ wq: 1, minTh: 4, maxTh: 12, maxP: 0.1 });
    fillTo(h, 8);
    steady(h, 5);
    const before = h.q.params;
    h.q.setParams({ maxP: 0.4 });
    expect(h.q.params).not.toBe(before);
    expect(before.maxP).toBe(0.1);
    expect(Object.isFrozen(h.q.params)).toBe(true);
    expect(h.q.average).toBe(8);
    expect(h.q.probabilities().pb).toBeCloseTo(0.2, 12);
    expect(h.q.probabilities().maxP).toBe(0.4);
  });

  it('setParams switches ECN, gentle and byte mode live: the next arrivals are judged by the new values', () => {
    // avg held at 8 between min_th 4 and max_th 12 (p_b = 0.5): of 40 arrivals some are acted
    // on, and drop versus mark shows whether the ECN switch was taken
    const h = makeRed({ wq: 1, minTh: 4, maxTh: 12, maxP: 1, ecn: false });
    fillTo(h, 8);
    const ect = () => steady(h, 40, 1000, ECN_ECT0);
    expect(ect()).toContain(DROP);
    expect(ect()).not.toContain(MARK);
    h.q.setParams({ ecn: true });
    expect(ect()).toContain(MARK);
    expect(ect()).not.toContain(DROP);
    // avg 16 between max_th 12 and 2 max_th: forced drops without gentle, p_b below 1 with it
    const g = makeRed({ wq: 1, minTh: 4, maxTh: 12, maxP: 0.01, gentle: false });
    fillTo(g, 16);
    steady(g, 2);
    expect(g.q.probabilities().pb).toBe(1);
    g.q.setParams({ gentle: true });
    expect(g.q.probabilities().pb).toBeCloseTo(0.01 + (0.99 * 4) / 12, 12);
    expect(steady(g, 40)).toContain(ENQ);
    // byte mode scales p_b by size / meanPktSize: a 50-byte packet at mean 1000 is twenty times less likely to go
    const b = makeRed({ wq: 1, minTh: 4, maxTh: 12, maxP: 1, meanPktSize: 1000 });
    fillTo(b, 11, 50);
    const dropsOf = (xs: number[]) => xs.filter((x) => x === DROP).length;
    const packetMode = dropsOf(steady(b, 400, 50));
    b.q.setParams({ mode: 'byte' });
    const byteMode = dropsOf(steady(b, 400, 50));
    expect(packetMode).toBeGreaterThan(4 * byteMode);
  });
});
