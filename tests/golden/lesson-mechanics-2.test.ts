import { describe, expect, it } from 'vitest';
import type { DecisionRecord } from '../../src/engine/aqm/decision';
import type { RunResult } from '../../src/engine/metrics/types';
import type { Scenario } from '../../src/engine/scenario/schema';
import { lesson, textOf, scenarioOf, run, queueOf, close } from './mechanics-helpers';

/*
 * The other AQMs' mechanism sentences, as lesson-mechanics.test.ts checks RED's, CoDel's,
 * ECN's and CUBIC's: PIE's update every T_UPDATE towards its delay target, PI's
 * a (q - q_ref) - b (q_old - q_ref) 170 times a second, REM's price and 1 - phi^(-price),
 * Adaptive RED's max_p every interval, byte mode's probability scaled by size over the
 * mean, ECN+'s marked SYN-ACKs, self-configuring RED's max_p. Each lesson runs with the bottleneck queue's decision
 * records, and each sentence is checked against them, update by update and decision by
 * decision, with every constant taken from the lesson's own parameters (the scenario's
 * queue) or the paper / RFC the lesson names, never from the record being checked: a
 * record's own numbers (the last update's inputs) are only the inputs this file redoes
 * the arithmetic with, and each input is tied to the runs' other records where they show
 * it (the queue the arrivals found, the arrivals counted, the previous update's output) or
 * to the link (PIE's drain time; its queue bytes at an update are the record's).
 *
 * The lesson texts this changed (each with a comment at the text saying what was measured):
 * REM's price "grows while the arrivals exceed capacity or the queue exceeds b*" (it fell at
 * 27-31 % of such updates); ARED's "max_p moves every 0.5 s" / "every half second nudges
 * max_p" (it stayed at 42-123 of 119-459 checks, the average in the band); ECN+'s "the 3 s
 * SYN-ACK timeouts disappear" (the full buffer still drops a few) and its "the server starts
 * with a window of one segment" (every server does: the initial window is one segment).
 *
 * Each check was seen to fail: on a seeded bug in the engine (said at each describe) and,
 * inside this file, on a run or a statement where the sentence is false ("fails where ...").
 */

function durationOf(sc: Scenario): number {
  if (sc.duration === undefined) throw new Error('no duration');
  return sc.duration;
}
function rateOf(sc: Scenario): number {
  return (sc.topology as { bottleneck: { rate: number } }).bottleneck.rate;
}

/** Records every decision to all the followers given, forward queue only. */
function follow(sc: Scenario, ...followers: { feed(r: DecisionRecord): void }[]): RunResult {
  return run(sc, { decision: (r) => followers.forEach((f) => f.feed(r)) }, { decisionQueues: 'forward' });
}

/** A follower's list of broken rules: the first few in words, and how many. */
class Problems {
  readonly bad: string[] = [];
  count = 0;
  add(t: number, what: string): void {
    this.count++;
    if (this.bad.length < 5) this.bad.push(`t ${t.toFixed(4)} s: ${what}`);
  }
}

/** t (s) is on the grid k * step, to the engine's 1 ns clock. */
const onGrid = (t: number, step: number) => Math.abs(t / step - Math.round(t / step)) * step < 2e-9;

/**
 * The sample a periodic controller (PI, REM) took at time T of the queue: its timer runs at
 * the first event at or after T, before that event changes the queue. So the queue it saw
 * is at most what the last arrival before T left (its q, plus itself if it was queued: only
 * departures came between) and at least what the first arrival after T found (only
 * departures can come between T and it). Both from the records.
 */
function sandwich(prev: DecisionRecord | null, rec: DecisionRecord, q: number): boolean {
  const upper = prev === null ? Infinity : prev.q + (prev.outcome === 'drop' ? 0 : 1);
  return rec.q <= q && q <= upper;
}

// ---- 1. PIE: every T_UPDATE, p moves by alpha (qdelay - target) + beta (qdelay - qdelay_old) --

interface PieSettings {
  target: number;
  tUpdate: number;
  alpha: number;
  beta: number;
  maxBurst: number;
  meanPktSize: number;
  dqThreshold: number;
  capDrop: boolean;
  /** The link's rate, b/s: the rate the queue drains at while it is busy. */
  rate: number;
}

function pieSettings(sc: Scenario): PieSettings {
  const q = queueOf(sc);
  if (q.kind !== 'pie' || q.ecn === true || q.delayEstimate !== 'rate' || q.unit !== 'packets') throw new Error('the check is written for PIE without ECN, rate estimate');
  const n = (k: string) => q[k] as number;
  return { target: n('target'), tUpdate: n('tUpdate'), alpha: n('alpha'), beta: n('beta'), maxBurst: n('maxBurst'), meanPktSize: n('meanPktSize'), dqThreshold: n('dqThreshold'), capDrop: q.capDrop === true, rate: rateOf(sc) };
}

/** RFC 8033 §4.2: while p is small the step is divided down (by 2048 under 0.000001 ... by 2 under 0.1). */
function rfc8033Scale(p: number): number {
  const brackets: [number, number][] = [[1e-6, 2048], [1e-5, 512], [1e-4, 128], [1e-3, 32], [1e-2, 8], [1e-1, 2]];
  for (const [bound, div] of brackets) if (p < bound) return 1 / div;
  return 1;
}

/**
 * Follows PIE (bufferbloat-pie; RFC 8033) from the records and the lesson's parameters:
 *  - the updates come every T_UPDATE: each update a record shows ran at k T_UPDATE, and the
 *    next one seen T_UPDATE later (a record every few ms: nearly every update is seen);
 *  - each update's input is the delay estimate (RFC 8033 §5.2, "from the queue's length and
 *    the rate it drains at": queue bytes times the measured time to send DQ_THRESHOLD bytes
 *    over DQ_THRESHOLD), with the drain time within 10 % of DQ_THRESHOLD's at the link's rate
 *    (the measurement is off by up to a packet's difference), and qdelay_old
 *    the previous update's estimate;
 *  - p = p_old + scale(p_old) (alpha (qdelay - target) + beta (qdelay - qdelay_old)), the
 *    step capped at 0.02 once p_old >= 0.1 (§5.5), times 0.98 when both delays are 0,
 *    within [0, 1], chained: p_old is the previous update's p;
 *  - the burst allowance (§4.4) from MAX_BURST, less T_UPDATE per update, back to MAX_BURST
 *    when p = 0 and both delays are under target / 2;
 *  - "it drops at random as packets arrive": a drop only with u < p, outside the burst
 *    allowance, with the last estimate at least target / 2 or p >= 20 %, and more than two
 *    mean packets queued (§4.1); a draw at or above p queues the packet.
 */
class PieFollower {
  readonly problems = new Problems();
  p = 0;
  qdelay = 0;
  burst: number;
  lastT = NaN;
  updates = 0;
  /** Updates not seen (no arrival in between): the chain restarts from the record. */
  gaps = 0;
  rises = 0;
  falls = 0;
  drops = 0;
  draws = 0;
  /** Largest and smallest drain time over DQ_THRESHOLD's at the link rate. */
  drain = { lo: Infinity, hi: 0 };

  constructor(readonly s: PieSettings) {
    this.burst = s.maxBurst;
  }

  private updateSeen(rec: DecisionRecord, x: Record<string, number>): void {
    const s = this.s;
    const fail = (w: string) => this.problems.add(rec.t, w);
    if (!onGrid(x.lastT, s.tUpdate)) fail(`an update at ${x.lastT} s, off the ${s.tUpdate} s grid`);
    const steps = Math.round((x.lastT - (Number.isNaN(this.lastT) ? 0 : this.lastT)) / s.tUpdate);
    const chained = steps === 1;
    if (!chained) {
      // the first update, or updates with no arrival in between: start again from the record
      if (!Number.isNaN(this.lastT)) this.gaps++;
      this.p = x.lastPPrev;
      this.qdelay = x.lastQdelayOld;
      this.burst = x.burstAllowance;
    }
    this.lastT = x.lastT;
    if (close(this.p, x.lastPPrev) === false) fail(`update from p ${x.lastPPrev}, the last update left ${this.p}`);
    if (!close(this.qdelay, x.lastQdelayOld)) fail(`qdelay_old ${x.lastQdelayOld}, the last update's estimate was ${this.qdelay}`);
    // the estimate: queue bytes x drain time / DQ_THRESHOLD, the drain time near the link's
    const cur = x.lastQdelay;
    if (x.lastAvgDqTime > 0) {
      if (!close(cur, (x.lastBytes * x.lastAvgDqTime) / s.dqThreshold)) fail(`estimate ${cur} s is not bytes ${x.lastBytes} x ${x.lastAvgDqTime} / ${s.dqThreshold}`);
      const r = x.lastAvgDqTime / ((8 * s.dqThreshold) / s.rate);
      if (rec.t > 1) {
        this.drain.lo = Math.min(this.drain.lo, r);
        this.drain.hi = Math.max(this.drain.hi, r);
      }
    } else if (cur !== 0) fail(`estimate ${cur} s before any drain rate was measured`);
    const old = this.qdelay;
    let delta = rfc8033Scale(this.p) * (s.alpha * (cur - s.target) + s.beta * (cur - old));
    if (s.capDrop && this.p >= 0.1 && delta > 0.02) delta = 0.02;
    let p = this.p + delta;
    if (cur === 0 && old === 0) p *= 0.98;
    p = Math.min(1, Math.max(0, p));
    if (chained) {
      this.updates++;
      if (p > this.p) this.rises++;
      if (p < this.p) this.falls++;
      // RFC 8033 §4.4, in the engine's whole nanoseconds
      this.burst = Math.max(0, Math.round((this.burst - s.tUpdate) * 1e9) / 1e9);
      if (p === 0 && cur < s.target / 2 && old < s.target / 2) this.burst = s.maxBurst;
    }
    this.p = p;
    this.qdelay = cur;
  }

  feed(rec: DecisionRecord): void {
    const x = rec.extra ?? {};
    const fail = (w: string) => this.problems.add(rec.t, w);
    if (!Number.isNaN(x.lastT) && x.lastT !== this.lastT) this.updateSeen(rec, x);
    if (Number.isNaN(x.lastT) && rec.pb !== 0) fail(`p ${rec.pb} before the first update`);
    if (!close(rec.pb, this.p)) fail(`p ${rec.pb}, the update gave ${this.p}`);
    if (rec.reason === 'overflow') return;
    const s = this.s;
    const open = this.burst === 0 && !(this.qdelay < s.target / 2 && this.p < 0.2) && (x.bytes as number) > 2 * s.meanPktSize && this.p > 0;
    if (rec.u !== null) this.draws++;
    if (rec.outcome === 'drop') {
      this.drops++;
      if (!open || rec.u === null || !(rec.u < this.p)) fail(`drop with u ${rec.u}, p ${this.p}, burst ${this.burst}, last estimate ${this.qdelay}, ${x.bytes} bytes queued`);
    } else if (rec.outcome === 'mark') fail('a mark without ECN');
    else if (open !== (rec.u !== null)) fail(`${open ? 'no draw' : 'a draw'} with p ${this.p}, burst ${this.burst}, last estimate ${this.qdelay}`);
    else if (rec.u !== null && !(rec.u >= this.p)) fail(`queued with u ${rec.u} < p ${this.p}`);
  }
}

function followPie(sc: Scenario, ...others: PieSettings[]): PieFollower[] {
  const all = [pieSettings(sc), ...others].map((s) => new PieFollower(s));
  follow(sc, ...all);
  return all;
}

describe('bufferbloat-pie: every 15 ms PIE moves p by alpha (qdelay - target) + beta (qdelay - qdelay_old), and drops at random on arrival', () => {
  // Seeded bugs, each seen failing all three seeds: the step not scaled down for small p
  // (pie.ts update with scale 1: "p 0.0099078369140625, the update gave 0.0000048378..."); the
  // low-delay exemption at target / 4 instead of target / 2 ("a draw with p 0.0828, burst 0,
  // last estimate 0.00427", then a drop there); an update every 30 ms (nextUpdate at
  // 2 (k + 1) T_UPDATE: no two updates T_UPDATE apart, "expected 1 to be greater than 7600").
  // (An update skipped once, (k + 2) T_UPDATE from the second on, passes: one gap in 8,000.)
  const name = 'bufferbloat-pie';
  it("the lesson's numbers are the queue's", () => {
    const s = pieSettings(lesson(name).scenario);
    expect(textOf(name)).toContain(`estimates the queueing delay from the queue's length and the rate it drains at, and every ${s.tUpdate * 1000} ms moves its drop probability towards holding that estimate at ${s.target * 1000} ms`);
  });
  for (const seed of [lesson(name).scenario.seed, 1, 2]) {
    it(`seed ${seed}${seed === lesson(name).scenario.seed ? " (the lesson's)" : ''}`, () => {
      const [f] = followPie(scenarioOf(name, { seed }));
      expect(f.problems.bad, `seed ${seed}`).toEqual([]);
      // nearly every update seen and followed (a record every few ms), both ways, many drops
      const sc = scenarioOf(name, { seed });
      expect(f.updates).toBeGreaterThan(0.95 * (durationOf(sc) / f.s.tUpdate));
      // (16-27 of the 7,950 updates at seeds 1-3 come with no arrival between them and the next)
      expect(f.gaps).toBeLessThan(0.01 * f.updates);
      expect(Math.min(f.rises, f.falls)).toBeGreaterThan(1000);
      expect(f.drops).toBeGreaterThan(200);
      // the drain time measured is the link's, within 10 % (0.95-1.06 at seeds 1-3): a
      // measurement counts the bytes of the packets after the one it starts at, which may be
      // a 40-byte ACK or a 1500-byte segment
      expect(f.drain.lo).toBeGreaterThan(0.9);
      expect(f.drain.hi).toBeLessThan(1.1);
    });
  }

  it('fails where the statement is false: the same decisions read with a 30 ms target, or updates every 30 ms', () => {
    // a lesson saying "holding that estimate at 30 ms" or "every 30 ms" would be wrong
    const sc = lesson(name).scenario;
    const s = pieSettings(sc);
    const [right, target30, every30] = followPie(sc, { ...s, target: 0.03 }, { ...s, tUpdate: 0.03 });
    expect(right.problems.count).toBe(0);
    expect(target30.problems.bad.some((x) => /the update gave/.test(x))).toBe(true);
    expect(every30.problems.bad.some((x) => /off the 0.03 s grid/.test(x))).toBe(true);
  });
});

// ---- 2. PI: 170 times a second, p moves by a (q - q_ref) - b (q_old - q_ref) ----------------

interface PiSettings {
  qRef: number;
  a: number;
  b: number;
  w: number;
}

function piSettings(sc: Scenario): PiSettings {
  const q = queueOf(sc);
  if (q.kind !== 'pi' || q.unit !== 'packets' || q.mode !== 'packet') throw new Error('the check is written for PI in packets, packet mode');
  return { qRef: q.qRef as number, a: q.a as number, b: q.b as number, w: q.w as number };
}

/**
 * Follows PI (Hollot et al. 2001; seeds/002 eq. 1) from the records and the lesson's q_ref,
 * a, b and w:
 *  - a sample every 1 / w s: each update a record shows ran at k / w, the next seen 1 / w later;
 *  - the queue it sampled is the one the arrivals around it show (sandwich above), and
 *    q_old is the previous sample's queue;
 *  - p = p_old + a (q - q_ref) - b (q_old - q_ref) within [0, 1], chained from the previous
 *    update's p;
 *  - every arrival meets p: a drop (a mark with ECN on an ECT packet) only with u < p, a
 *    draw whenever p > 0, the packet queued with u >= p.
 */
class PiFollower {
  readonly problems = new Problems();
  p = 0;
  qOld = 0;
  lastT = NaN;
  updates = 0;
  gaps = 0;
  rises = 0;
  falls = 0;
  signals = 0;
  private prev: DecisionRecord | null = null;

  constructor(readonly s: PiSettings, readonly ecn: boolean) {}

  feed(rec: DecisionRecord): void {
    const x = rec.extra ?? {};
    const s = this.s;
    const fail = (w: string) => this.problems.add(rec.t, w);
    const period = 1 / s.w;
    if (!Number.isNaN(x.lastT) && x.lastT !== this.lastT) {
      if (!onGrid(x.lastT, period)) fail(`a sample at ${x.lastT} s, off the 1/${s.w} s grid`);
      const steps = Math.round((x.lastT - (Number.isNaN(this.lastT) ? 0 : this.lastT)) / period);
      const chained = steps === 1;
      if (!chained) {
        if (!Number.isNaN(this.lastT)) this.gaps++;
        this.p = x.lastPrev;
        this.qOld = x.lastQOld;
      } else this.updates++;
      this.lastT = x.lastT;
      if (!close(this.p, x.lastPrev)) fail(`update from p ${x.lastPrev}, the last update left ${this.p}`);
      if (x.lastQOld !== this.qOld) fail(`q_old ${x.lastQOld}, the last sample was ${this.qOld}`);
      if (!sandwich(this.prev, rec, x.lastQ)) fail(`sampled queue ${x.lastQ}, the arrivals around the sample show ${rec.q} to ${this.prev ? this.prev.q + 1 : '?'}`);
      const p = Math.min(1, Math.max(0, this.p + s.a * (x.lastQ - s.qRef) - s.b * (this.qOld - s.qRef)));
      if (chained && p > this.p) this.rises++;
      if (chained && p < this.p) this.falls++;
      this.p = p;
      this.qOld = x.lastQ;
    }
    this.prev = rec;
    if (!close(rec.pb, Number.isNaN(this.lastT) ? 0 : this.p)) fail(`p ${rec.pb}, the control law gave ${this.p}`);
    if (rec.reason === 'overflow') return;
    const signal = rec.outcome !== 'enqueue';
    if (signal) this.signals++;
    if (rec.outcome === 'mark' && !(this.ecn && rec.ecn !== 0)) fail('a mark of a Not-ECT packet, or without ECN');
    if (rec.outcome === 'drop' && this.ecn && rec.ecn !== 0) fail('an ECT packet dropped early');
    if ((this.p > 0) !== (rec.u !== null)) fail(`${rec.u === null ? 'no draw' : 'a draw'} with p ${this.p}`);
    else if (rec.u !== null && signal !== rec.u < this.p) fail(`${rec.outcome} with u ${rec.u}, p ${this.p}`);
  }
}

function followPi(sc: Scenario, ...others: PiSettings[]): PiFollower[] {
  const ecn = queueOf(sc).ecn === true;
  const all = [piSettings(sc), ...others].map((s) => new PiFollower(s, ecn));
  follow(sc, ...all);
  return all;
}

describe('PI lessons: 170 times a second p moves by a (q - q_ref) - b (q_old - q_ref) (le-pi-24, web-users-pi-90)', () => {
  // Seeded bugs, each seen failing both lessons at every seed: + b (q_old - q_ref) ("p 0, the
  // control law gave 0.00001678"); q_old never updated ("q_old 0, the last sample was 5");
  // the queue sampled one packet high ("sampled queue 4, the arrivals around the sample show 1
  // to 3"); sampling at w + 1 = 171 Hz ("a sample at 0.011695906 s, off the 1/170 s grid").
  const cases: [string, number[], string][] = [
    ['le-pi-24', [1, 2], 'PI samples the queue ${w} times a second and moves its drop probability by a (q - q_ref) - b (q_old - q_ref): it steers the instantaneous queue to q_ref = ${qRef} packets.'],
    ['web-users-pi-90', [2], 'PI with q_ref = ${qRef} packets (seeds/002\'s best setting): ${w} times a second it moves its drop probability by a (q - q_ref) - b (q_old - q_ref).'],
  ];
  for (const [name, seeds, sentence] of cases) {
    it(`${name}: the lesson's numbers are the queue's`, () => {
      const s = piSettings(lesson(name).scenario);
      expect(textOf(name)).toContain(sentence.replace('${w}', String(s.w)).replace('${qRef}', String(s.qRef)));
    });
    for (const seed of seeds) {
      it(`${name}, seed ${seed}${seed === lesson(name).scenario.seed ? " (the lesson's)" : ''}`, () => {
        const sc = scenarioOf(name, { seed });
        const [f] = followPi(sc);
        expect(f.problems.bad, `${name} seed ${seed}`).toEqual([]);
        expect(f.updates).toBeGreaterThan(0.95 * durationOf(sc) * f.s.w);
        expect(f.gaps).toBeLessThan(0.01 * f.updates);
        expect(Math.min(f.rises, f.falls)).toBeGreaterThan(500);
        expect(f.signals).toBeGreaterThan(500);
      });
    }
  }

  it('fails where the statement is false: the same decisions read with q_ref = 240, or 100 samples a second', () => {
    const sc = lesson('le-pi-24').scenario;
    const s = piSettings(sc);
    const [right, ref240, w100] = followPi(sc, { ...s, qRef: 240 }, { ...s, w: 100 });
    expect(right.problems.count).toBe(0);
    expect(ref240.problems.bad.some((x) => /the control law gave/.test(x))).toBe(true);
    expect(w100.problems.bad.some((x) => /off the 1\/100 s grid/.test(x))).toBe(true);
  });
});

// ---- 3. REM: a price from the rate and queue mismatches, p = 1 - phi^(-price) -------------------

interface RemSettings {
  bStar: number;
  gamma: number;
  phi: number;
  alpha: number;
  interval: number;
  /** c: packets of meanPktSize the link sends in one interval. */
  c: number;
}

function remSettings(sc: Scenario): RemSettings {
  const q = queueOf(sc);
  if (q.kind !== 'rem' || q.unit !== 'packets' || q.mode !== 'packet' || q.inw !== 1 || (q.ecn === true && q.markAt !== 'enqueue')) throw new Error('the check is written for REM in packets, packet mode, the last interval\'s arrivals (inw 1), deciding on arrival');
  const n = (k: string) => q[k] as number;
  return { bStar: n('bStar'), gamma: n('gamma'), phi: n('phi'), alpha: n('alpha'), interval: n('interval'), c: (n('interval') * rateOf(sc)) / (8 * n('meanPktSize')) };
}

/**
 * Follows REM (Athuraliya et al. 2001; seeds/002 eq. 2) from the records and the lesson's
 * b*, gamma, phi, alpha, update interval and the link's capacity:
 *  - an update every interval (on the k T grid, the next seen T later);
 *  - x, the arrivals of the interval, counted here from the records (every packet that
 *    arrived in [(k - 1) T, k T), dropped or not); q, the queue sampled, as the arrivals
 *    around the update show it (sandwich above);
 *  - price = max(0, price_old + gamma (alpha (q - b*) + x - c)), chained from the previous
 *    update's price, and every arrival meets p = 1 - phi^(-price): a drop (a mark with ECN
 *    on an ECT packet) only with u < p, a draw whenever p > 0, queued with u >= p.
 * And the lesson's words, "raises its price while arrivals exceed capacity or the queue
 * exceeds b*", counted: the updates with x > c or q > b* at which the price fell anyway.
 */
class RemFollower {
  readonly problems = new Problems();
  price = 0;
  lastT = NaN;
  updates = 0;
  gaps = 0;
  rises = 0;
  falls = 0;
  signals = 0;
  /** Updates with x > c or q > b* (either mismatch positive) whose price fell, and all of them. */
  fellWhileOver = 0;
  over = 0;
  private prev: DecisionRecord | null = null;
  private readonly arrivals = new Map<number, number>();
  private readonly intervalNs: number;

  constructor(readonly s: RemSettings, readonly ecn: boolean) {
    this.intervalNs = Math.round(s.interval * 1e9);
  }

  feed(rec: DecisionRecord): void {
    const x = rec.extra ?? {};
    const s = this.s;
    const fail = (w: string) => this.problems.add(rec.t, w);
    const tNs = Math.round(rec.t * 1e9);
    if (!Number.isNaN(x.lastT) && x.lastT !== this.lastT) {
      if (!onGrid(x.lastT, s.interval)) fail(`an update at ${x.lastT} s, off the ${s.interval} s grid`);
      const k = Math.round(x.lastT / s.interval);
      const chained = k - (Number.isNaN(this.lastT) ? 0 : Math.round(this.lastT / s.interval)) === 1;
      if (!chained) {
        if (!Number.isNaN(this.lastT)) this.gaps++;
        this.price = x.lastPrice;
      } else this.updates++;
      this.lastT = x.lastT;
      if (!close(this.price, x.lastPrice)) fail(`update from price ${x.lastPrice}, the last update left ${this.price}`);
      const arrived = this.arrivals.get(k - 1) ?? 0;
      if (arrived !== x.lastX) fail(`${x.lastX} arrivals in the interval to ${x.lastT} s; the records show ${arrived}`);
      if (!sandwich(this.prev, rec, x.lastQ)) fail(`sampled queue ${x.lastQ}, the arrivals around the update show ${rec.q} to ${this.prev ? this.prev.q + 1 : '?'}`);
      const price = Math.max(0, this.price + s.gamma * (s.alpha * (x.lastQ - s.bStar) + arrived - s.c));
      if (chained) {
        if (price > this.price) this.rises++;
        if (price < this.price) this.falls++;
        if (arrived > s.c || x.lastQ > s.bStar) {
          this.over++;
          if (price < this.price) this.fellWhileOver++;
        }
      }
      this.price = price;
      for (const key of this.arrivals.keys()) if (key < k) this.arrivals.delete(key);
    }
    this.prev = rec;
    if (rec.stage !== 'dequeue') {
      const bin = Math.floor(tNs / this.intervalNs);
      this.arrivals.set(bin, (this.arrivals.get(bin) ?? 0) + 1);
    }
    const p = 1 - Math.pow(s.phi, -this.price);
    if (!close(rec.pb, p)) fail(`p ${rec.pb}, 1 - ${s.phi}^(-${this.price}) = ${p}`);
    if (rec.reason === 'overflow') return;
    const signal = rec.outcome !== 'enqueue';
    if (signal) this.signals++;
    if (rec.outcome === 'mark' && !(this.ecn && rec.ecn !== 0)) fail('a mark of a Not-ECT packet, or without ECN');
    if (rec.outcome === 'drop' && this.ecn && rec.ecn !== 0) fail('an ECT packet dropped early');
    if ((p > 0) !== (rec.u !== null)) fail(`${rec.u === null ? 'no draw' : 'a draw'} with p ${p}`);
    else if (rec.u !== null && signal !== rec.u < p) fail(`${rec.outcome} with u ${rec.u}, p ${p}`);
  }
}

function followRem(sc: Scenario, ...others: RemSettings[]): RemFollower[] {
  const ecn = queueOf(sc).ecn === true;
  const all = [remSettings(sc), ...others].map((s) => new RemFollower(s, ecn));
  follow(sc, ...all);
  return all;
}

describe('REM lessons: every 2 ms the price moves by gamma (alpha (q - b*) + x - c), and p = 1 - 1.001^(-price) (le-rem-24, web-users-rem-90)', () => {
  // Seeded bugs, each seen failing le-rem-24 at seed 1 (the others too): the arrival count
  // never reset ("1 arrivals in the interval to 0.032 s; the records show 0"); alpha
  // weighting the rate mismatch too, gamma alpha (q - b* + x - c) ("p 0, 1 - 1.001^(-0.00993)
  // = 0.00000993"); p = 1 - phi^(-price / 2) ("p 0.00000496, 1 - 1.001^(-0.00993) = 0.00000993").
  const cases: [string, number[], string][] = [
    ['le-rem-24', [1, 2], "REM raises its price while the arrivals' excess over capacity plus a tenth of the queue's excess over b* = ${bStar} packets is positive (either excess may be negative), and drops or marks with probability 1 - ${phi}^(-price)."],
    ['web-users-rem-90', [2], "REM with b* = ${bStar} packets (seeds/002's best setting): a price that grows while the arrivals' excess over the link's capacity plus a tenth of the queue's excess over b* is positive (either may be negative), and p = 1 - ${phi}^(-price)."],
  ];
  for (const [name, seeds, sentence] of cases) {
    it(`${name}: the lesson's numbers are the queue's`, () => {
      const s = remSettings(lesson(name).scenario);
      // "a tenth": alpha, the weight of the queue's mismatch against the rate's
      expect(s.alpha).toBe(0.1);
      expect(textOf(name)).toContain(sentence.replace('${bStar}', String(s.bStar)).replace('${phi}', String(s.phi)));
    });
    for (const seed of seeds) {
      it(`${name}, seed ${seed}${seed === lesson(name).scenario.seed ? " (the lesson's)" : ''}`, () => {
        const sc = scenarioOf(name, { seed });
        const [f] = followRem(sc);
        expect(f.problems.bad, `${name} seed ${seed}`).toEqual([]);
        // nearly every update seen and followed: at 100 Mb/s (le-rem-24) all but 77-92 of
        // 29,800; at 10 Mb/s (web-users-rem-90, 2.5 packets per interval) 3,360 of 71,400
        // intervals have no arrival, and the chain restarts after them
        const all = durationOf(sc) / f.s.interval;
        expect(f.updates).toBeGreaterThan(0.9 * all);
        expect(f.gaps).toBeLessThan(0.06 * all);
        expect(Math.min(f.rises, f.falls)).toBeGreaterThan(500);
        expect(f.signals).toBeGreaterThan(500);
        // the price falls at some updates with the arrivals over capacity or the queue over b*
        // (27-31 % of them): "grows while the arrivals exceed capacity or the queue exceeds b*",
        // the text until this test counted, was wrong
        if (f.fellWhileOver > 0) expect(textOf(name)).not.toMatch(/grows while (the )?arrivals exceed|raises its price while arrivals exceed/);
      });
    }
  }

  it('fails where the statement is false: the same decisions read with b* = 240 or phi = 1.01, and the price\'s "or"', () => {
    const sc = lesson('le-rem-24').scenario;
    const s = remSettings(sc);
    const [right, b240, phi101] = followRem(sc, { ...s, bStar: 240 }, { ...s, phi: 1.01 });
    expect(right.problems.count).toBe(0);
    expect(b240.problems.bad.some((x) => /^t [\d.]+ s: p /.test(x))).toBe(true);
    expect(phi101.problems.bad.some((x) => /^t [\d.]+ s: p /.test(x))).toBe(true);
    // "raises its price while arrivals exceed capacity or the queue exceeds b*": false at a quarter of those updates
    expect(right.fellWhileOver).toBeGreaterThan(0.2 * right.over);
  });
});

// ---- 4. Adaptive RED: max_p moves every interval, byte mode scales p by size ---------------

interface AredSettings {
  minTh: number;
  maxTh: number;
  wq: number;
  interval: number;
  alpha: number;
  beta: number;
  bottom: number;
  top: number;
  byteMode: boolean;
  meanPktSize: number;
  wait: boolean;
}

/**
 * The lesson's ARED, its automatic settings worked out as FGS 2001 §5 and seeds/000 §2.3 give
 * them: C the link rate in mean-size packets a second, min_th = max(5, target delay x C / 2)
 * packets (times the mean size in bytes), max_th = 3 min_th, w_q = 1 - exp(-1 / C).
 */
function aredSettings(sc: Scenario): AredSettings {
  const q = queueOf(sc);
  if (q.kind !== 'ared' || q.adapt !== 'paper' || q.gentleLine !== 'current' || q.markP !== 1 || q.gentle !== true) throw new Error('the check is written for the paper\'s ARED (timer, the gentle line from the current max_p, no mark_p)');
  const n = (k: string) => q[k] as number;
  const C = rateOf(sc) / (8 * n('meanPktSize'));
  const scale = q.unit === 'bytes' ? n('meanPktSize') : 1;
  const minTh = n('minTh') > 0 ? n('minTh') : Math.max(5, (n('targetDelay') * C) / 2) * scale;
  const maxTh = n('maxTh') > 0 ? n('maxTh') : 3 * minTh;
  const wq = n('wq') > 0 ? n('wq') : 1 - Math.exp(-1 / C);
  if (q.wqRule !== 'paper' && !(n('wq') > 0)) throw new Error('the paper\'s automatic w_q');
  return { minTh, maxTh, wq, interval: n('interval'), alpha: n('alpha'), beta: n('beta'), bottom: n('bottom'), top: n('top'), byteMode: q.mode === 'byte', meanPktSize: n('meanPktSize'), wait: q.wait === true };
}

/**
 * Follows Adaptive RED (FGS 2001 Fig. 5 as seeds/000 §2.3 and Table 3 set it) from the
 * records and the lesson's parameters:
 *  - the average is the EWMA of the queue the arrivals found, with w_q (idle periods folded in);
 *  - max_p changes only when a multiple of the interval has passed (a record's max_p is the
 *    last record's unless such a time came between them), and at each such time, with the
 *    average then (the last arrival's; decayed if the link was idle, when the record after
 *    shows idle packets: then either end of the decay is accepted), by
 *    max_p += min(alpha, max_p / 4) up to top when the average is above the band's top,
 *    max_p *= beta down to bottom when below its bottom, the band being
 *    [min_th + 0.4 (max_th - min_th), max_th - 0.4 (max_th - min_th)];
 *  - every draw against RED's line with that max_p (the gentle line from max_p at max_th to
 *    1 at 2 max_th), scaled in byte mode by the packet's size over the mean packet size
 *    before the count correction (seeds/002 eq. 3; F&J 1993 §4), p_a = p_b / (1 - count p_b):
 *    a drop or mark only with u < p_a, the packet queued with u >= p_a.
 */
class AredFollower {
  readonly problems = new Problems();
  prevAvg = 0;
  maxP: number;
  prevT = 0;
  ups = 0;
  downs = 0;
  /** Interval ends followed, and those left open by an idle link (either outcome accepted). */
  ends = 0;
  idleEnds = 0;
  /** Interval ends with the average in the band (no change), and with max_p at the limit it would move past. */
  inBand = 0;
  atLimit = 0;
  draws = 0;
  signals = 0;
  /** Early drops and marks, and draws, by packet size: small (under 100 bytes) and data. */
  readonly bySize = { small: { draws: 0, signals: 0 }, data: { draws: 0, signals: 0 } };
  private readonly intervalNs: number;

  constructor(readonly s: AredSettings, maxP0: number) {
    this.maxP = maxP0;
    this.intervalNs = Math.round(s.interval * 1e9);
  }

  band(): [number, number] {
    const part = 0.4 * (this.s.maxTh - this.s.minTh);
    return [this.s.minTh + part, this.s.maxTh - part];
  }

  private adapt(m: number, avg: number): number {
    const { alpha, beta, bottom, top } = this.s;
    const [low, high] = this.band();
    if (avg > high && m < top) return Math.min(top, m + Math.min(alpha, m / 4));
    if (avg < low && m > bottom) return Math.max(bottom, m * beta);
    return m;
  }

  line(avg: number): number {
    const { minTh, maxTh } = this.s;
    if (avg < maxTh) return (this.maxP * (avg - minTh)) / (maxTh - minTh);
    return Math.min(1, this.maxP + ((1 - this.maxP) * (avg - maxTh)) / maxTh);
  }

  feed(rec: DecisionRecord): void {
    const s = this.s;
    const fail = (w: string) => this.problems.add(rec.t, w);
    // the interval ends since the last record: prevT < k interval <= t
    const ends = Math.floor(Math.round(rec.t * 1e9) / this.intervalNs) - Math.floor(Math.round(this.prevT * 1e9) / this.intervalNs);
    let m = this.maxP;
    if (ends > 0) {
      const before = m;
      for (let i = 0; i < ends; i++) {
        const [low, high] = this.band();
        if (this.prevAvg >= low && this.prevAvg <= high) this.inBand++;
        else if ((this.prevAvg > high && m >= s.top) || (this.prevAvg < low && m <= s.bottom)) this.atLimit++;
        m = this.adapt(m, this.prevAvg);
      }
      this.ends += ends;
      if (!close(m, rec.maxP) && rec.idleM > 0) {
        // the link idled: the timer saw the average decayed by up to (1 - w_q)^m
        const decayed = this.prevAvg * Math.pow(1 - s.wq, rec.idleM);
        let alt = before;
        for (let i = 0; i < ends; i++) alt = this.adapt(alt, decayed);
        this.idleEnds += ends;
        if (close(alt, rec.maxP) || close(before * Math.pow(s.beta, ends), rec.maxP) || close(rec.maxP, before)) m = rec.maxP;
      }
      if (m > before) this.ups++;
      if (m < before) this.downs++;
    }
    if (!close(m, rec.maxP)) fail(`max_p ${rec.maxP}, expected ${m} (${ends} interval ends since the last arrival, average ${this.prevAvg.toFixed(3)}, band ${this.band().map((x) => x.toFixed(2)).join('-')})`);
    this.maxP = rec.maxP;
    this.prevT = rec.t;
    // the average
    if (!close(rec.avgBefore, this.prevAvg)) fail(`average before ${rec.avgBefore} is not the last decision's ${this.prevAvg}`);
    const avg = this.prevAvg * Math.pow(1 - s.wq, rec.idleM) * (1 - s.wq) + s.wq * rec.q;
    if (!close(rec.avg, avg)) fail(`average ${rec.avg} is not the EWMA of the queue (${avg})`);
    this.prevAvg = rec.avg;
    if (rec.u === null || rec.reason === 'overflow') return;
    // a draw: against the line, scaled by size in byte mode, then the count correction
    let pb = this.line(avg);
    if (s.byteMode) pb = Math.min(1, (pb * rec.bytes) / s.meanPktSize);
    const cp = rec.count * pb;
    const pa = Math.min(1, s.wait ? (cp < 1 ? 0 : cp < 2 ? pb / (2 - cp) : 1) : cp < 1 ? pb / (1 - cp) : 1);
    if (!close(rec.pb, pb)) fail(`p_b ${rec.pb} for ${rec.bytes} bytes at avg ${avg.toFixed(3)}, the line${s.byteMode ? ' scaled by size' : ''} gives ${pb}`);
    const signal = rec.outcome !== 'enqueue';
    if (signal !== rec.u < pa) fail(`${rec.outcome} with u ${rec.u}, p_a ${pa}`);
    this.draws++;
    if (signal) this.signals++;
    const k = rec.bytes < 100 ? this.bySize.small : this.bySize.data;
    k.draws++;
    if (signal) k.signals++;
  }
}

function followAred(sc: Scenario, ...others: AredSettings[]): AredFollower[] {
  const maxP0 = queueOf(sc).maxP as number;
  const all = [aredSettings(sc), ...others].map((s) => new AredFollower(s, maxP0));
  follow(sc, ...all);
  return all;
}

/** The most common size of the packets of a kind in a run's records, bytes. */
function commonSize(sizes: Map<number, number>): number {
  return [...sizes.entries()].sort((a, b) => b[1] - a[1])[0][0];
}

describe('Adaptive RED lessons: every interval max_p moves up by min(alpha, max_p / 4) above the band, times beta below it, and not otherwise', () => {
  // The sentences, with the numbers from the lesson's queue (a: the settings worked out, q: the queue's parameters)
  const says: Record<string, (a: AredSettings, q: Record<string, number>) => string[]> = {
    'seeds000-ared-5ms': (_a, q) => [`set automatically from a ${q.targetDelay * 1000} ms target on the ${rateOf(lesson('seeds000-ared-5ms').scenario) / 1e6} Mb/s link`, 'Watch max_p on the AQM chart move until the average sits mid-way between min_th and max_th'],
    'bufferbloat-ared': (a) => [`every half second, unless its average queue is in the middle fifth of them, nudges max_p (up if the average is above it, down if below, within ${a.bottom} to ${a.top}) so that it stays between them`],
    'le-ared-12-packet': (a) => [`min_th = ${a.minTh} and max_th = ${a.maxTh} packets: every ${a.interval} s, unless the average is in the middle fifth of the thresholds, max_p moves (up if the average is above it, down if below) to bring the average back there`],
    'web-redecn5-80-byte': (a) => [`scaled by its size over the ${a.meanPktSize}-byte mean before RED's count correction`],
    'web-users-ared-byte-90': (a) => [`the average queue in bytes and each packet's probability scaled by its size over ${a.meanPktSize} bytes (seeds/002 eq. 3), so SYNs, FINs and ACKs are rarely dropped`],
  };
  const cases: [string, number[]][] = [
    ['seeds000-ared-5ms', [1, 2]],
    ['bufferbloat-ared', [3]],
    ['le-ared-12-packet', [1]],
    ['web-redecn5-80-byte', [3]],
    ['web-users-ared-byte-90', [2]],
  ];
  // Seeded bugs, each seen failing every run here: max_p += alpha instead of min(alpha,
  // max_p / 4) (seeds000-ared-5ms: "max_p 0.04830, expected 0.04788 (1 interval ends ...,
  // average 11.573, band 9.00-11.00)"); the band 0.3 of the way in from each threshold
  // instead of 0.4 (le-ared-12-packet: "max_p 0.05314, expected 0.04783 ... average 19.521,
  // band 21.60-26.40"); the timer every interval / 2 (bufferbloat-ared: "max_p 0.12, expected
  // 0.11 (0 interval ends since the last arrival ..."). Byte mode scaling p_a after the count
  // correction instead of p_b before it (red.ts) fails both byte-mode runs ("p_b 0.000327 for
  // 1460 bytes at avg 5.040, the line scaled by size gives 0.000382"; "p_b 0.0000689 for 40
  // bytes ..., the line scaled by size gives 0.00000275").
  for (const [name] of cases) {
    it(`${name}: the lesson's numbers are the queue's`, () => {
      const sc = lesson(name).scenario;
      const a = aredSettings(sc);
      expect(a.interval).toBe(0.5); // "every 0.5 s", "every half second"
      for (const x of says[name](a, queueOf(sc) as Record<string, number>)) expect(textOf(name)).toContain(x);
    });
  }
  for (const [name, seeds] of cases) {
    for (const seed of seeds) {
      it(`${name}, seed ${seed}${seed === lesson(name).scenario.seed ? " (the lesson's)" : ''}`, () => {
        const sc = scenarioOf(name, { seed });
        const sizes = { small: new Map<number, number>(), data: new Map<number, number>() };
        const f = new AredFollower(aredSettings(sc), queueOf(sc).maxP as number);
        const size = { feed: (r: DecisionRecord) => { const m = r.kind === 'data' ? sizes.data : sizes.small; m.set(r.bytes, (m.get(r.bytes) ?? 0) + 1); } };
        follow(sc, f, size);
        expect(f.problems.bad, `${name} seed ${seed}`).toEqual([]);
        // every interval end followed, a few on an idle link (0-1 of 119-459 here), max_p
        // moved both ways (1-186 ups, 13-150 downs), many draws against the line
        expect(f.ends).toBeGreaterThanOrEqual(Math.floor(durationOf(sc) / f.s.interval) - 2);
        expect(f.idleEnds).toBeLessThan(0.05 * f.ends);
        expect(f.ups).toBeGreaterThan(0);
        expect(f.downs).toBeGreaterThan(5);
        expect(f.signals).toBeGreaterThan(500);
        // at many checks max_p stayed, the average in the band (42-123 of 119-459): "moves every
        // 0.5 s" / "every half second nudges" said more than the runs show, the texts say when
        expect(f.inBand).toBeGreaterThan(0);
        if (/le-ared|bufferbloat/.test(name)) expect(textOf(name)).toContain('unless');
        if (f.s.byteMode) {
          // "so a 40-byte SYN or ACK meets a probability 36 times smaller than a full 1460-byte
          // data segment": the sizes the run's packets have, and their ratio
          const [small, data] = [commonSize(sizes.small), commonSize(sizes.data)];
          if (name === 'web-redecn5-80-byte') expect(textOf(name)).toContain(`a ${small}-byte SYN or ACK meets a probability ${Math.floor(data / small)} times smaller than a full ${data}-byte data segment`);
          // "rarely dropped": at the same average and count a small packet's p_b is small / data
          // of a segment's, and the count correction widens the gap; over the run the small
          // packets' share of signals per draw is under twice that ratio of the segments'
          const { small: sm, data: dt } = f.bySize;
          expect(sm.draws).toBeGreaterThan(10_000);
          expect(sm.signals / sm.draws).toBeLessThan((2 * small) / data * (dt.signals / dt.draws));
        }
      });
    }
  }

  it('fails where the statement is false: the decisions read with beta 0.5, a 1 s interval, packet mode, or a 1500-byte mean', () => {
    const sc = lesson('web-redecn5-80-byte').scenario;
    const a = aredSettings(sc);
    const [right, beta, interval, packet, mean] = followAred(sc, { ...a, beta: 0.5 }, { ...a, interval: 1 }, { ...a, byteMode: false }, { ...a, meanPktSize: 1500 });
    expect(right.problems.count).toBe(0);
    expect(beta.problems.bad.some((x) => /max_p .* expected/.test(x))).toBe(true);
    expect(interval.problems.bad.some((x) => /max_p .* expected .*\(0 interval ends/.test(x))).toBe(true);
    // packet mode ("every packet meets the same probability") and another mean size: the line's p_b is not the record's
    expect(packet.problems.bad.some((x) => /p_b .* the line gives/.test(x))).toBe(true);
    expect(mean.problems.bad.some((x) => /p_b .* scaled by size gives/.test(x))).toBe(true);
  });
});

// ---- 5. ECN+: the SYN-ACKs are ECN-capable, marked instead of dropped -----------------------

interface SynAckTrace {
  synAcks: number;
  /** SYN-ACKs arriving Not-ECT, marked, and dropped by RED (early or forced) or by the buffer. */
  notEct: number;
  marks: number;
  redDrops: number;
  overflowDrops: number;
  /** Dropped SYN-ACKs sent again an initial RTO later (the same flow's next SYN-ACK), and the first few that were not. */
  resent: number;
  notResent: string[];
}

/**
 * The servers' SYN-ACKs at the bottleneck. A dropped one is sent again after the server's
 * initial RTO (RFC 6298 §2.1; the lesson's tcp.initialRto, 3 s), doubled for each loss of
 * it before (§5.5): the same flow's SYN-ACK comes again between that and 100 ms more after
 * it (a web flow's connections share its number, so any of its SYN-ACKs then counts).
 */
function traceSynAcks(sc: Scenario): SynAckTrace {
  const rto = (sc.tcp as { initialRto: number }).initialRto;
  const byFlow = new Map<number, number[]>();
  const dropped: DecisionRecord[] = [];
  const out: SynAckTrace = { synAcks: 0, notEct: 0, marks: 0, redDrops: 0, overflowDrops: 0, resent: 0, notResent: [] };
  follow(sc, {
    feed: (r) => {
      if (r.kind !== 'SYN-ACK') return;
      out.synAcks++;
      if (!byFlow.has(r.flow)) byFlow.set(r.flow, []);
      byFlow.get(r.flow)!.push(r.t);
      if (r.ecn === 0) out.notEct++;
      if (r.outcome === 'mark') out.marks++;
      if (r.outcome === 'drop') {
        dropped.push(r);
        if (r.reason === 'overflow') out.overflowDrops++;
        else out.redDrops++;
      }
    },
  });
  for (const d of dropped) {
    // a SYN-ACK lost again waits twice as long (RFC 6298 §5.5), four times after a third loss
    const waits = [rto, 2 * rto, 4 * rto].filter((w) => d.t + w + 0.1 <= durationOf(sc));
    if (waits.length < 3) continue; // the run ends before every repeat is due
    // or at once: a repeat sent on the server's timer can cross the client's repeated SYN (its
    // own 3 s timer), which the server answers with one more SYN-ACK
    if ((byFlow.get(d.flow) ?? []).some((t) => [0, ...waits].some((w) => t > d.t + w - (w > 0 ? 0.01 : 0) && t <= d.t + w + 0.1))) out.resent++;
    else if (out.notResent.length < 5) out.notResent.push(`flow ${d.flow}: SYN-ACK dropped at ${d.t.toFixed(3)} s, not sent again ${rto} s later`);
  }
  return out;
}

describe('web-redstar-ecnplus-105: ECN+ SYN-ACKs are marked, not dropped, and the 3 s SYN-ACK timeouts all but disappear', () => {
  // Seeded bugs, each seen failing both seeds: ECN+ ignored, the SYN-ACK sent Not-ECT
  // (sender.ts: "expected 32965 to be +0", the Not-ECT SYN-ACKs); RED taking a 40-byte packet
  // for Not-ECT (red.ts `ect`: "expected 3818 to be +0", the SYN-ACKs RED dropped).
  const name = 'web-redstar-ecnplus-105';
  it('the lessons say so, and every server starts with one segment, marked or not', () => {
    expect(textOf(name)).toContain(`ECN+ sends the SYN-ACK ECN-capable, so RED* marks it instead of dropping it (a server told its SYN-ACK was marked starts with a window of one segment, RFC 5562; every server here starts with one anyway): the ${(lesson(name).scenario.tcp as { initialRto: number }).initialRto} s SYN-ACK timeouts all but disappear (only a full buffer still drops a SYN-ACK).`);
    // the paper-scale ECN+ lessons say the same of their servers
    for (const n of ['web-redstar-ecnplus-105', 'web100-red-ecnplus-105', 'web100-redstar-ecnplus-105', 'web100-rem-ecnplus-105', 'web100-pi-ecnplus-105']) {
      const tcp = lesson(n).scenario.tcp as { initialCwnd: number; ecnPlus: boolean };
      expect([n, tcp.ecnPlus, tcp.initialCwnd]).toEqual([n, true, 1]);
      expect(textOf(n)).toContain('starts with a window of one segment, RFC 5562; every server here starts with one anyway');
    }
  });
  for (const seed of [lesson(name).scenario.seed, 3]) {
    it(`seed ${seed}${seed === lesson(name).scenario.seed ? " (the lesson's)" : ''}`, () => {
      const tr = traceSynAcks(scenarioOf(name, { seed }));
      expect(tr.notEct).toBe(0);
      expect(tr.redDrops).toBe(0);
      expect(tr.marks).toBeGreaterThan(0.1 * tr.synAcks);
      // each lost SYN-ACK costs the 3 s timeout; only the buffer's overflows lose one, under
      // 1 % of them (180 of 30,550 at seed 2): "all but disappear", and the text says why any remain
      expect(tr.notResent).toEqual([]);
      expect(tr.resent).toBeGreaterThan(0.9 * tr.overflowDrops);
      expect(tr.overflowDrops).toBeLessThan(0.01 * tr.synAcks);
      if (tr.overflowDrops > 0) expect(textOf(name)).toContain('only a full buffer still drops a SYN-ACK');
    });
  }

  // RFC 5562 §3.2 answers a reported mark with a Not-ECT SYN-ACK, which RED* drops like any Not-ECT
  // packet above max_th: seeds/003's ECN+ (its SYN-ACKs "are marked ... and not dropped") is ns-2's,
  // every SYN-ACK ECT (tcp.ecnPlusSynAck "ns2"). Seeded bug: the lessons without the pin (the
  // engine's default "rfc5562") make the first test fail, and the statement with them.
  it('keeps ns-2\'s ECN+ (tcp.ecnPlusSynAck "ns2"): under RFC 5562\'s rules (seed 2: 3,063 SYN-ACKs dropped by RED*, 9.3 %) the statement would be false', () => {
    for (const n of ['web-redstar-ecnplus-105', 'web100-red-ecnplus-105', 'web100-redstar-ecnplus-105', 'web100-rem-ecnplus-105', 'web100-pi-ecnplus-105', 'web100-redstar-ecnplus-90'])
      expect([n, (lesson(n).scenario.tcp as { ecnPlusSynAck?: string }).ecnPlusSynAck]).toEqual([n, 'ns2']);
    const tr = traceSynAcks(scenarioOf(name, { 'tcp.ecnPlusSynAck': 'rfc5562' }));
    // every mark brings a Not-ECT SYN-ACK (§3.2), and so does every timeout (§3.1)
    expect(tr.notEct).toBeGreaterThanOrEqual(tr.marks);
    expect(tr.redDrops).toBeGreaterThan(0.05 * tr.synAcks);
  });

  it('fails where the statement is false: ECN without ECN+ (web-redstar-ecn-105), where RED drops the SYN-ACKs (3,861 at seed 2) and they wait 3 s', () => {
    const tr = traceSynAcks(lesson('web-redstar-ecn-105').scenario);
    expect(tr.notEct).toBe(tr.synAcks);
    expect(tr.marks).toBe(0);
    // (here some lost repeats are not sent again: a SYN-ACK answering the client's repeated
    // SYN got through just before the server's own repeat was dropped)
    expect(tr.redDrops).toBeGreaterThan(0.05 * tr.synAcks);
    expect(tr.resent).toBeGreaterThan(0.05 * tr.synAcks);
  });
});

// ---- 6. Self-configuring RED: max_p doubled on crossing above max_th, divided by 3 below min_th --

interface ScRedSettings {
  minTh: number;
  maxTh: number;
  wq: number;
  maxP: number;
  /** max_p /= alpha on entering the region below min_th, *= beta (at most 1) above max_th. */
  alpha: number;
  beta: number;
}

/** The self-configuring RED queue of a general topology's bottleneck link. */
function scRedSettings(sc: Scenario): ScRedSettings {
  const t = sc.topology as { kind: string; links?: { from: string; to: string; queue?: Record<string, unknown> }[]; bottleneck?: { from: string; to: string } };
  const link = t.links?.find((l) => l.from === t.bottleneck?.from && l.to === t.bottleneck?.to);
  const q = link?.queue;
  if (!q || q.kind !== 'sc-red' || q.startStatus !== 'below' || q.unit !== 'packets') throw new Error('the check is written for self-configuring RED in packets, starting below min_th');
  const n = (k: string) => q[k] as number;
  return { minTh: n('minTh'), maxTh: n('maxTh'), wq: n('wq'), maxP: n('maxP'), alpha: n('alpha'), beta: n('beta') };
}

/**
 * Follows self-configuring RED (Feng et al. 1999; seeds/004 §3.3, Fig. 6): the average is the
 * EWMA of the queue the arrivals found; the status (below min_th, between, above max_th)
 * starts below, as the queue does; when an average update takes it below min_th from another
 * status max_p is divided by alpha, above max_th from another status multiplied by beta (at
 * most 1), and at no other arrival does max_p change: once per crossing, not per packet.
 */
class ScRedFollower {
  readonly problems = new Problems();
  prevAvg = 0;
  status: 'below' | 'between' | 'above' = 'below';
  maxP: number;
  ups = 0;
  downs = 0;

  constructor(readonly s: ScRedSettings) {
    this.maxP = s.maxP;
  }

  feed(rec: DecisionRecord): void {
    const s = this.s;
    const fail = (w: string) => this.problems.add(rec.t, w);
    const avg = this.prevAvg * Math.pow(1 - s.wq, rec.idleM) * (1 - s.wq) + s.wq * rec.q;
    if (!close(rec.avg, avg)) fail(`average ${rec.avg} is not the EWMA of the queue (${avg})`);
    this.prevAvg = rec.avg;
    if (s.minTh < avg && avg < s.maxTh) this.status = 'between';
    if (avg < s.minTh && this.status !== 'below') {
      this.status = 'below';
      this.maxP /= s.alpha;
      this.downs++;
    }
    if (avg > s.maxTh && this.status !== 'above') {
      this.status = 'above';
      this.maxP = Math.min(1, this.maxP * s.beta);
      this.ups++;
    }
    if (!close(rec.maxP, this.maxP)) fail(`max_p ${rec.maxP}, expected ${this.maxP} (average ${avg.toFixed(3)}, status ${this.status})`);
  }
}

describe('self-configuring RED: max_p doubled each time the average rises above max_th, divided by 3 each time it falls below min_th (feng-fig20a-adaptive, feng-fig19-300)', () => {
  // Seeded bugs: max_p doubled at every arrival above max_th, not once per crossing (sc-red.ts
  // without `status !== ST_ABOVE`), fails all three runs ("max_p 0.16, expected 0.04 (average
  // 40.042, status above)"); max_p divided by beta (2) instead of alpha (3) below min_th fails
  // feng-fig19-300 ("max_p 0.08, expected 0.0533 (average 39.999, status below)"); the
  // feng-fig20a-adaptive runs, never below min_th again, pass it.
  const name = 'feng-fig20a-adaptive';
  it("the lesson's numbers are the queue's", () => {
    const s = scRedSettings(lesson(name).scenario);
    expect(s.beta).toBe(2); // "doubled"
    expect(textOf(name)).toContain(`max_p starts at ${s.maxP} and is doubled each time the average rises above max_th, divided by ${s.alpha} each time it falls below min_th`);
    expect(scRedSettings(lesson('feng-fig19-300').scenario)).toMatchObject({ maxP: s.maxP, alpha: s.alpha, beta: s.beta });
    expect(textOf('feng-fig19-300')).toContain('self-configuring RED-ECN queue (max_p adapted as in Fig. 6');
  });
  // feng-fig20a-adaptive's average, once up, never falls back under min_th (its lowest after
  // 5 s: 26 packets, min_th 10): max_p is only doubled there (5 times at seed 1, to 0.64);
  // feng-fig19-300 (min_th 40) crosses both ways
  const cases: [string, number, number][] = [
    [name, lesson(name).scenario.seed, 0],
    [name, 2, 0],
    ['feng-fig19-300', lesson('feng-fig19-300').scenario.seed, 1],
  ];
  for (const [n, seed, downs] of cases) {
    it(`${n}, seed ${seed}${seed === lesson(n).scenario.seed ? " (the lesson's)" : ''}`, () => {
      const sc = scenarioOf(n, { seed });
      const f = new ScRedFollower(scRedSettings(sc));
      follow(sc, f);
      expect(f.problems.bad).toEqual([]);
      expect(f.ups).toBeGreaterThan(2);
      expect(f.downs).toBeGreaterThanOrEqual(downs);
    });
  }
  it('fails where the statement is false: the decisions read with max_p halved below min_th, or starting at 0.05', () => {
    const sc = lesson('feng-fig19-300').scenario;
    const s = scRedSettings(sc);
    const all = [s, { ...s, alpha: 2 }, { ...s, maxP: 0.05 }].map((x) => new ScRedFollower(x));
    follow(sc, ...all);
    expect(all.map((f) => f.problems.count > 0)).toEqual([false, true, true]);
  });
});
