import { describe, expect, it } from 'vitest';
import type { DecisionRecord } from '../../src/engine/aqm/decision';
import type { FlowEvent } from '../../src/engine/net/agent';
import type { RunResult } from '../../src/engine/metrics/types';
import { PRESETS } from '../../src/engine/scenario/presets';
import type { Scenario } from '../../src/engine/scenario/schema';
import { lesson, scenarioOf, run, queueOf, close } from './mechanics-helpers';

/*
 * The lessons' "watch ..." sentences say what a mechanism does during the run: RED drops
 * only while its average is above min_th, CoDel drops interval / sqrt(count) apart, each
 * ECN mark halves a window, CUBIC cuts to 0.7 and regrows as a cubic. The summary cannot
 * show these (lesson-parts.ts checks the result sentences against it); this runs the
 * lessons with the bottleneck queue's decision records, the senders' flow events and a
 * fine cwnd series, and checks each sentence against them, decision by decision, with the
 * numbers taken from the lesson's own parameters (min_th, target, interval, β, C).
 *
 * Each check was seen to fail: on a seeded bug in the engine (said at each describe) and,
 * inside this file, on a run or a statement where the sentence is false (the "fails
 * where ..." tests), so none of them passes whatever the run does.
 */

// ---- 1. RED: early drops and marks only while the average is above min_th ----------------

interface RedSettings {
  minTh: number;
  maxTh: number;
  maxP: number;
  wq: number;
  gentle: boolean;
  wait: boolean;
}

function redSettings(sc: Scenario): RedSettings {
  const q = queueOf(sc);
  if (q.kind !== 'red' || q.mode === 'byte' || q.unit === 'bytes') throw new Error('the check is written for RED in packets, packet mode');
  return { minTh: q.minTh as number, maxTh: q.maxTh as number, maxP: q.maxP as number, wq: q.wq as number, gentle: q.gentle === true, wait: q.wait === true };
}

/**
 * Follows RED's decisions at the bottleneck (data direction) with the lesson's parameters:
 *  - the average is the EWMA of the queue lengths the records show (each record's average
 *    is the previous one's, decayed over the idle packets, moved by w_q towards q), so the
 *    avg it is judged by is the lesson's average and not a number the engine made up;
 *  - every early drop or mark ("at random, only while its average is above min_th") has
 *    avg >= min_th, was drawn (u < p_a), with p_b on RED's line from the lesson's min_th,
 *    max_th and max_p (the gentle line between max_th and 2 max_th) and p_a from p_b and
 *    the count (F&J 1993 §7, or ns-2's wait rule); every draw at or above p_a lets the
 *    packet in; a forced drop only with avg at or above max_th (2 max_th when gentle);
 *  - the record's region is the one avg falls in.
 */
class RedFollower {
  prevAvg = 0;
  early = 0;
  marks = 0;
  forced = 0;
  /** The lowest average at an early drop or mark, in packets. */
  lowest = Infinity;
  /** Early drops and marks with the average under min_th. */
  belowMinTh = 0;
  readonly bad: string[] = [];
  private badCount = 0;

  constructor(readonly s: RedSettings) {}

  private fail(rec: DecisionRecord, what: string): void {
    this.badCount++;
    if (this.bad.length < 5) this.bad.push(`t ${rec.t.toFixed(4)} s, flow ${rec.flow}: ${what}`);
  }

  get violations(): number {
    return this.badCount;
  }

  line(avg: number): number {
    const { minTh, maxTh, maxP } = this.s;
    return avg < maxTh ? (maxP * (avg - minTh)) / (maxTh - minTh) : maxP + ((1 - maxP) * (avg - maxTh)) / maxTh;
  }

  pa(pb: number, count: number): number {
    const cp = count * pb;
    const pa = this.s.wait ? (cp < 1 ? 0 : cp < 2 ? pb / (2 - cp) : 1) : cp < 1 ? pb / (1 - cp) : 1;
    return Math.min(pa, 1);
  }

  feed(rec: DecisionRecord): void {
    const { minTh, maxTh, wq, gentle } = this.s;
    if (!close(rec.avgBefore, this.prevAvg)) this.fail(rec, `average before ${rec.avgBefore} is not the last decision's ${this.prevAvg}`);
    const avg = this.prevAvg * Math.pow(1 - wq, rec.idleM) * (1 - wq) + wq * rec.q;
    if (!close(rec.avg, avg)) this.fail(rec, `average ${rec.avg} is not the EWMA of the queue (${avg})`);
    this.prevAvg = rec.avg;
    const region = avg < minTh ? 'below-min' : avg < maxTh ? 'between' : gentle && avg < 2 * maxTh ? 'gentle' : 'above-max';
    if (rec.reason === 'overflow') return; // the buffer limit, not RED's rule
    if (rec.region !== region) this.fail(rec, `region ${rec.region} for avg ${avg.toFixed(3)} (${region} with min_th ${minTh}, max_th ${maxTh})`);
    const earlyDecision = rec.reason === 'early' || (rec.outcome === 'mark' && region !== 'above-max');
    if (earlyDecision) {
      this.early++;
      if (rec.outcome === 'mark') this.marks++;
      this.lowest = Math.min(this.lowest, avg);
      if (!(avg >= minTh)) this.belowMinTh++;
      if (!(avg >= minTh)) this.fail(rec, `early ${rec.outcome} with avg ${avg.toFixed(3)} below min_th ${minTh}`);
      const pb = this.line(avg);
      const pa = this.pa(pb, rec.count);
      if (!close(rec.pb, pb)) this.fail(rec, `p_b ${rec.pb} off RED's line (${pb})`);
      if (rec.u === null || !(rec.u < pa)) this.fail(rec, `early ${rec.outcome} without a draw under p_a ${pa} (u ${rec.u}, count ${rec.count})`);
    } else if (rec.reason === 'forced' || rec.outcome === 'mark') {
      this.forced++;
      if (!(avg >= (gentle ? 2 * maxTh : maxTh))) this.fail(rec, `forced ${rec.outcome} with avg ${avg.toFixed(3)} below ${gentle ? '2 max_th' : 'max_th'}`);
    } else if (rec.u !== null) {
      const pa = this.pa(this.line(avg), rec.count);
      if (!(avg >= minTh) || !(rec.u >= pa)) this.fail(rec, `a draw u ${rec.u} at avg ${avg.toFixed(3)} let the packet in (p_a ${pa})`);
    }
  }
}

function followRed(sc: Scenario, settings = redSettings(sc)): { red: RedFollower; result: RunResult } {
  const red = new RedFollower(settings);
  const result = run(sc, { decision: (r) => red.feed(r) }, { decisionQueues: 'forward' });
  return { red, result };
}

const RED_SENTENCE = /(RED drops at random, early, only while the average is above min_th|RED drop early, at random, while its average is above min_th|RED (drops|marks) early, at random, only while its average is above min_th)/;

/*
 * The lessons whose text states RED's rule: default, red-vs-dt and the seeds/001 grid
 * (ecn-finite-*, familyLesson's "RED drops/marks early, at random, only while its average is
 * above min_th (N packets)"). The grid holds 126 such cells (51 M events in all); the ones
 * with one, two and five clients run here (every mechanism and buffer), the ten-client ones
 * (1 M events each) at two buffers per mechanism.
 */
const RED_LESSONS = PRESETS.filter((p) => RED_SENTENCE.test(p.lesson ?? '')).filter((p) => !/-n10-/.test(p.name) || /-ql(64|8)$/.test(p.name));

describe('RED lessons: every early drop or mark comes while the average is above min_th (default, red-vs-dt, seeds/001 grid)', () => {
  // Seeded bugs, each seen failing here: RED run with min_th 2 packets under the lesson's
  // (RedQueue.resolve: `this.minTh = P.minTh - 2`) fails default, red-vs-dt and the grid ("region
  // between for avg 13.032 (below-min with min_th 15, max_th 45)", then early drops under
  // min_th); RED without ns-2's wait rule (correctedProbability) fails red-vs-dt and the grid
  // ("early drop without a draw under p_a 0 (u 0.0117, count 119)"), default (wait off) passes.
  it('the lessons that state the rule are found, and each names its min_th', () => {
    const names = RED_LESSONS.map((p) => p.name);
    expect(names).toContain('default');
    expect(names).toContain('red-vs-dt');
    expect(names.filter((n) => n.startsWith('ecn-finite-')).length).toBeGreaterThan(90);
    for (const p of RED_LESSONS.filter((p) => p.name.startsWith('ecn-finite-'))) {
      const m = /above min_th \((\d+) packets?\)/.exec(p.lesson ?? '');
      expect(m, p.name).not.toBeNull();
      expect(Number(m![1]), p.name).toBe(redSettings(p.scenario).minTh);
    }
  });

  for (const name of ['default', 'red-vs-dt']) {
    it(`${name}, its own seed and seeds 2 and 3`, () => {
      for (const seed of [lesson(name).scenario.seed, 2, 3]) {
        const { red } = followRed(scenarioOf(name, { seed }));
        expect(red.bad, `${name} seed ${seed}`).toEqual([]);
        // the rule was exercised: RED did drop early, some of it close to min_th (within a
        // tenth of the band), so a drop below min_th would have been among them
        const s = red.s;
        expect(red.early, `${name} seed ${seed}`).toBeGreaterThan(20);
        expect(red.lowest, `${name} seed ${seed}`).toBeLessThan(s.minTh + (s.maxTh - s.minTh) / 10);
      }
    });
  }

  it('every seeds/001 grid cell that states it, at its seed', () => {
    const failed: string[] = [];
    let early = 0;
    let cells = 0;
    for (const p of RED_LESSONS.filter((p) => p.name.startsWith('ecn-finite-'))) {
      const { red } = followRed(p.scenario);
      cells++;
      early += red.early;
      if (red.violations > 0) failed.push(`${p.name}: ${red.violations} decisions break the rule, e.g. ${red.bad[0]}`);
    }
    expect(failed, failed.join('\n')).toEqual([]);
    expect(cells).toBeGreaterThan(90);
    expect(early).toBeGreaterThan(1000);
  }, 120_000);

  it('fails where the statement is false: the default run read with min_th 20 instead of its 15', () => {
    // a lesson that said "above min_th 20" would be wrong: RED drops with avg in [15, 20)
    const sc = scenarioOf('default');
    const { red } = followRed(sc, { ...redSettings(sc), minTh: 20 });
    expect(red.belowMinTh).toBeGreaterThan(0);
  });
});

// ---- 2. CoDel: a whole interval above target, then drops interval / sqrt(count) apart -------

interface CodelSettings {
  /** s */
  target: number;
  interval: number;
}

/**
 * Follows CoDel's decisions (bufferbloat-codel, RFC 8289) from the records alone, with the
 * lesson's target and interval: the sojourn of each packet is its dequeue time minus its
 * arrival time (matched by uid), the backlog is counted from the records, MAXPACKET is the
 * largest packet that arrived. Then:
 *  - a dropping episode starts (an 'enter' drop) exactly when the packets leaving have all
 *    waited at least `target`, with more than MAXPACKET bytes behind them, for at least
 *    `interval` ("while the shortest wait stays above its 5 ms target for a whole 100 ms
 *    interval, it drops a packet as one leaves"): never sooner, and not later either;
 *  - in the episode the next drop is scheduled interval / sqrt(count) after the last
 *    scheduled one (count one more per drop; re-entry resumes the count as RFC 8289 §5.5
 *    says), and each drop is taken at the first departure at or after its scheduled time:
 *    a departure before it is forwarded, the first one at or after it is dropped;
 *  - the episode ends at the first packet whose wait is below target (or with at most
 *    MAXPACKET left, or an empty queue), and only then.
 * Times in integer ns as the engine keeps them (a departure every 1.2 ms; exact).
 */
class CodelFollower {
  private readonly targetNs: number;
  private readonly intervalNs: number;
  private readonly arrived = new Map<number, number>();
  private backlog = 0;
  private maxPacket = 0;
  /** Start (ns) of the current run of departures above target with more than MAXPACKET behind; -1 none. */
  private aboveSince = -1;
  private dropping = false;
  private count = 0;
  private lastCount = 0;
  private dropNext = 0;
  /** After a drop in the episode: the schedule waits for the next departure to be ok_to_drop. */
  private pendingNext = false;
  episodes = 0;
  drops = 0;
  /** Drops in the dropping state after the first (the control law's). */
  lawDrops = 0;
  /** Largest lateness of a drop after its scheduled time, and largest gap between two departures, ns. */
  late = 0;
  gap = 0;
  private lastDeparture = -1;
  /**
   * How the episodes ended: a wait below target; at most MAXPACKET left behind the packet
   * (or nothing: a drop emptied the queue); or a wait above target, but only since the packet
   * after the entering drop, whose short wait restarted the clock.
   */
  readonly endings = { below: 0, short: 0, rearmed: 0 };
  readonly bad: string[] = [];
  private badCount = 0;

  constructor(s: CodelSettings) {
    this.targetNs = Math.round(s.target * 1e9);
    this.intervalNs = Math.round(s.interval * 1e9);
  }

  get violations(): number {
    return this.badCount;
  }

  private fail(t: number, what: string): void {
    this.badCount++;
    if (this.bad.length < 5) this.bad.push(`t ${(t / 1e9).toFixed(4)} s: ${what}`);
  }

  private law(from: number, count: number): number {
    return from + Math.round((this.intervalNs / 1e9 / Math.sqrt(count)) * 1e9);
  }

  private end(how: 'below' | 'short' | 'rearmed'): void {
    this.dropping = false;
    this.pendingNext = false;
    this.endings[how]++;
  }

  private ending(sojourn: number): 'below' | 'short' | 'rearmed' {
    return sojourn < this.targetNs ? 'below' : this.backlog <= this.maxPacket ? 'short' : 'rearmed';
  }

  feed(rec: DecisionRecord): void {
    const t = Math.round(rec.t * 1e9);
    if (rec.stage !== 'dequeue') {
      if (rec.bytes > this.maxPacket) this.maxPacket = rec.bytes;
      if (rec.outcome !== 'drop') {
        this.arrived.set(rec.uid, t);
        this.backlog += rec.bytes;
      }
      return;
    }
    const at = this.arrived.get(rec.uid);
    if (at === undefined) return this.fail(t, `packet ${rec.uid} leaves without having arrived`);
    this.arrived.delete(rec.uid);
    this.backlog -= rec.bytes;
    if (this.lastDeparture >= 0) this.gap = Math.max(this.gap, t - this.lastDeparture);
    this.lastDeparture = t;
    const sojourn = t - at;
    if (rec.extra && rec.extra.bytes !== this.backlog) this.fail(t, `backlog ${rec.extra.bytes} bytes in the record, ${this.backlog} counted`);
    const above = sojourn >= this.targetNs && this.backlog > this.maxPacket;
    const okToDrop = above && this.aboveSince >= 0 && t >= this.aboveSince + this.intervalNs;
    if (!above) this.aboveSince = -1;
    else if (this.aboveSince < 0) this.aboveSince = t;
    if (this.afterEnter) {
      // RFC 8289: the packet dequeued right after the entering drop is forwarded whatever its
      // wait (its wait has moved the above-target clock); the next departure is judged
      this.afterEnter = false;
      if (rec.outcome !== 'enqueue') this.fail(t, `${rec.outcome} of the packet right after the entering drop`);
      return;
    }
    const what = rec.outcome === 'enqueue' ? 'forward' : rec.outcome;
    const signal = what !== 'forward';

    if (this.dropping && this.pendingNext) {
      // the departure after a drop: the state ends unless it is ok to drop, else the schedule moves on
      this.pendingNext = false;
      if (!okToDrop) {
        if (signal) this.fail(t, `${what} after the wait fell below target / the queue emptied`);
        this.end(this.ending(sojourn));
        return;
      }
      this.dropNext = this.law(this.dropNext, this.count);
    } else if (this.dropping && !okToDrop) {
      if (signal) this.fail(t, `${what} with sojourn ${(sojourn / 1e6).toFixed(2)} ms: not ok to drop, the state should end`);
      this.end(this.ending(sojourn));
      return;
    }

    if (this.dropping) {
      if (t < this.dropNext) {
        if (signal) this.fail(t, `${what} ${((this.dropNext - t) / 1e6).toFixed(3)} ms before its scheduled time (count ${this.count})`);
        return;
      }
      if (!signal) {
        this.fail(t, `forwarded at or after the scheduled drop (${((t - this.dropNext) / 1e6).toFixed(3)} ms late, count ${this.count})`);
        return;
      }
      this.late = Math.max(this.late, t - this.dropNext);
      this.count++;
      this.drops++;
      this.lawDrops++;
      if (rec.count !== this.count) this.fail(t, `drop with count ${rec.count}, expected ${this.count}`);
      if (what === 'mark') this.dropNext = this.law(this.dropNext, this.count);
      else if (this.backlog === 0) {
        // the drop left the queue empty: the state ends, and the above-target clock with it
        this.end('short');
        this.aboveSince = -1;
      } else this.pendingNext = true;
      return;
    }

    // not dropping: an entering drop exactly when ok to drop
    if (okToDrop !== signal) {
      const since = this.aboveSince >= 0 ? `above target for ${((t - this.aboveSince) / 1e6).toFixed(1)} ms` : 'not above target';
      this.fail(t, signal ? `${what} entering the dropping state ${since}` : `forwarded although ${since} (interval ${this.intervalNs / 1e6} ms)`);
      return;
    }
    if (!signal) return;
    const delta = this.count - this.lastCount;
    const count = delta > 1 && t - this.dropNext < 16 * this.intervalNs ? delta : 1;
    if (rec.count !== count) this.fail(t, `entering drop with count ${rec.count}, expected ${count} (RFC 8289 §5.5)`);
    this.episodes++;
    this.drops++;
    this.dropping = true;
    this.count = count;
    this.lastCount = count;
    this.dropNext = this.law(t, count);
    // a dropped packet's successor leaves at once; with none the state ends
    if (what === 'drop') {
      if (this.backlog === 0) {
        this.end('short');
        this.aboveSince = -1;
      } else this.afterEnter = true;
    }
  }

  /** The next departure is the packet dequeued right after an entering drop. */
  private afterEnter = false;
}

function followCodel(sc: Scenario, ...others: CodelSettings[]): CodelFollower[] {
  const q = queueOf(sc);
  if (q.kind !== 'codel' || q.ecn === true) throw new Error('the check is written for CoDel without ECN');
  const all = [{ target: q.target as number, interval: q.interval as number }, ...others].map((s) => new CodelFollower(s));
  run(sc, { decision: (r) => all.forEach((c) => c.feed(r)) }, { decisionQueues: 'forward' });
  return all;
}

describe('bufferbloat-codel: CoDel drops after a whole interval above target, then interval / sqrt(count) apart', () => {
  // Seeded bugs, each seen failing all three seeds: controlLaw with sqrt(count + 1) ("drop 29.200
  // ms before its scheduled time (count 1)"); ok_to_drop from first_above_time - interval / 2
  // ("drop entering the dropping state above target for 50.4 ms"); the dropping state kept when
  // a packet is not ok to drop ("drop entering the dropping state not above target").
  const name = 'bufferbloat-codel';
  for (const seed of [lesson(name).scenario.seed, 1, 2]) {
    it(`seed ${seed}${seed === lesson(name).scenario.seed ? " (the lesson's)" : ''}: every drop where and when RFC 8289's rules put it`, () => {
      const q = queueOf(lesson(name).scenario);
      // the lesson's numbers are the queue's: "its 5 ms target for a whole 100 ms interval"
      expect(lesson(name).lesson).toContain(`${(q.target as number) * 1000} ms target for a whole ${(q.interval as number) * 1000} ms interval`);
      const [c] = followCodel(scenarioOf(name, { seed }));
      expect(c.bad, `seed ${seed}`).toEqual([]);
      // exercised: many episodes, most of them with drops by the control law after the first
      expect(c.episodes).toBeGreaterThan(50);
      expect(c.lawDrops).toBeGreaterThan(c.episodes / 2);
      // "a drop happens at the first departure at or after its time": never later than the
      // longest time between two departures (here one 1500-byte packet at 10 Mb/s, 1.2 ms)
      expect(c.late).toBeLessThanOrEqual(c.gap);
      // the episodes end when a wait falls below target or, as often as one in four (the text
      // said only the first until this test counted), with at most one packet left
      expect(c.endings.below).toBeGreaterThan(0);
      if (c.endings.short > 0) expect(lesson(name).lesson).toContain('until the wait falls below the target or the queue is down to one packet');
    });
  }

  it('fails where the statement is false: the same decisions read with a 50 ms interval or a 10 ms target', () => {
    // a lesson saying "for a whole 50 ms interval" (or "its 10 ms target") would be wrong: CoDel
    // forwards packets that are then past such an interval, and drops at the real spacing
    const [right, halfInterval, doubleTarget] = followCodel(lesson(name).scenario, { target: 0.005, interval: 0.05 }, { target: 0.01, interval: 0.1 });
    expect(right.bad).toEqual([]);
    expect(halfInterval.violations).toBeGreaterThan(0);
    expect(doubleTarget.violations).toBeGreaterThan(0);
  });
});

// ---- 3. ECN: each mark halves the sender's window (once per window) and the sender sets CWR --

interface EcnTrace {
  /** Per flow, in time order: 'm' a mark at the bottleneck, 'c' an ECN window cut, 'w' a segment sent with CWR. */
  seq: Map<number, { t: number; k: 'm' | 'c' | 'w'; before?: number; after?: number }[]>;
  result: RunResult;
}

function traceEcn(sc: Scenario): EcnTrace {
  const seq = new Map<number, { t: number; k: 'm' | 'c' | 'w'; before?: number; after?: number }[]>();
  const add = (flow: number, x: { t: number; k: 'm' | 'c' | 'w'; before?: number; after?: number }) => {
    if (!seq.has(flow)) seq.set(flow, []);
    seq.get(flow)!.push(x);
  };
  const before = new Map<number, number>();
  const result = run(
    sc,
    {
      decision: (r) => {
        if (r.outcome === 'mark') add(r.flow, { t: r.t, k: 'm' });
      },
      flowEvent: (e: FlowEvent) => {
        // the ECE that causes a cut is reported first, with the window it found
        if (e.kind === 'ece-received') before.set(e.flow, e.cwnd ?? NaN);
        else if (e.kind === 'ecn-cut') add(e.flow, { t: e.t, k: 'c', before: before.get(e.flow), after: e.cwnd });
        else if (e.kind === 'cwr-sent') add(e.flow, { t: e.t, k: 'w' });
      },
    },
    { decisionQueues: 'forward' },
  );
  return { seq, result };
}

/**
 * "Each sender halves its window once per mark": per flow, marks and ECN cuts alternate,
 * mark first (every mark is followed by one cut before the flow's next mark, and no cut
 * comes without a mark), each cut halves min(cwnd, rwnd) (the preset's ns-2 window cut,
 * W / 2 with W = min(cwnd, rwnd)), and the summary's counts agree. "(once per window) and
 * sets CWR": two cuts of a flow are at least one propagation round trip apart, and each cut
 * is followed by a CWR segment before the next cut.
 */
function ecnProblems(sc: Scenario, trace: EcnTrace): string[] {
  const out: string[] = [];
  const tcp = sc.tcp as { rwnd: number; mss: number; windowCut?: string };
  const rwnd = Math.floor(tcp.rwnd / tcp.mss);
  const t = sc.topology as { bottleneck: { delay: number }; left: { delay: number }; right: { delay: number } };
  const rtt = 2 * (t.bottleneck.delay + t.left.delay + t.right.delay);
  for (const f of trace.result.summary.flows) {
    const s = (trace.seq.get(f.flow) ?? []).filter((x) => x.k !== 'w');
    const marks = s.filter((x) => x.k === 'm').length;
    const cuts = s.filter((x) => x.k === 'c');
    if (f.marks !== marks || f.ecnReductions !== cuts.length) out.push(`flow ${f.flow}: the summary counts ${f.marks} marks, ${f.ecnReductions} cuts; the run ${marks}, ${cuts.length}`);
    const order = s.map((x) => x.k).join('');
    const bad = order.search(/mm|cc|^c/);
    if (bad >= 0 || (marks !== cuts.length)) out.push(`flow ${f.flow}: ${marks} marks, ${cuts.length} cuts, not one cut per mark (the sequence ${order.slice(Math.max(0, bad - 2), bad + 4)} at ${s[Math.max(0, bad)]?.t.toFixed(2)} s)`);
    for (const c of cuts) {
      const want = Math.min(c.before ?? NaN, rwnd) / 2;
      if (!(Math.abs((c.after ?? NaN) - want) < 1e-9)) {
        out.push(`flow ${f.flow}: the cut at ${c.t.toFixed(3)} s took cwnd ${c.before} to ${c.after}, not half of min(cwnd, rwnd ${rwnd}) = ${want}`);
        break;
      }
    }
    for (let i = 1; i < cuts.length; i++)
      if (cuts[i].t - cuts[i - 1].t < rtt) {
        out.push(`flow ${f.flow}: cuts at ${cuts[i - 1].t.toFixed(3)} and ${cuts[i].t.toFixed(3)} s, less than a round trip (${rtt} s) apart`);
        break;
      }
    const withCwr = (trace.seq.get(f.flow) ?? []).filter((x) => x.k !== 'm').map((x) => x.k).join('');
    const noCwr = withCwr.search(/cc|c$/);
    if (noCwr >= 0) out.push(`flow ${f.flow}: a cut not followed by a CWR segment before the next cut (event ${noCwr})`);
  }
  return out;
}

describe('ecn-finite and ecn-marks: each mark halves the sender\'s window, once per window, and the sender sets CWR', () => {
  // Seeded bugs, each seen failing both lessons: TcpSender.onEce without its `ack <= cutEnd`
  // test cuts at every ECE ACK until CWR gets through ("flow 0: 10 marks, 185 cuts, not one cut
  // per mark", "cuts at 10.007 and 10.023 s, less than a round trip apart", "a cut not followed
  // by a CWR segment"); the ns-2 cut floored, cwnd = floor(W / 2) ("took cwnd 24.12 to 12, not
  // half of min(cwnd, rwnd 44) = 12.06").
  it('the lessons say so', () => {
    expect(lesson('ecn-finite').lesson).toContain('each sender halve its window once per mark');
    expect(lesson('ecn-marks').lesson).toContain('the sender halves cwnd (once per window) and sets CWR');
  });
  for (const name of ['ecn-finite', 'ecn-marks']) {
    it(`${name} at seeds 1 to 5 (the lesson's is 1)`, () => {
      const failed: string[] = [];
      let marks = 0;
      for (const seed of [1, 2, 3, 4, 5]) {
        const sc = scenarioOf(name, { seed });
        const tr = traceEcn(sc);
        failed.push(...ecnProblems(sc, tr).map((x) => `seed ${seed}: ${x}`));
        marks += tr.result.summary.bottleneck.marks;
      }
      expect(failed, failed.join('\n')).toEqual([]);
      expect(marks).toBeGreaterThan(5 * 50);
    });
  }

  it('fails where the statement is false: five clients under aggressive RED+ECN in 16 packets, where marks come twice in a window', () => {
    // ecn-finite-n5-ecn-a-ql16 (its text does not say "once per mark"): 2,420 marks, 2,395 cuts
    const sc = lesson('ecn-finite-n5-ecn-a-ql16').scenario;
    const problems = ecnProblems(sc, traceEcn(sc));
    expect(problems.some((x) => /not one cut per mark/.test(x))).toBe(true);
  });
});

// ---- 4. CUBIC against NewReno: the cuts and the shapes of the climbs ----------------------

const CUBIC_FLOW = 0;
const RENO_FLOW = 1;
/** Series sample, s: a tenth of the 100 ms propagation round trip. */
const SAMPLE = 0.01;

interface Epoch {
  flow: number;
  /** Fast retransmit (the loss), recovery exit (the climb's start), and the next loss or the run's end, s. */
  loss: number;
  exit: number;
  end: number;
  /** cwnd at the last sample before the loss and at the first after the recovery. */
  before: number;
  /** cwnd when the loss was detected (the fast retransmit's event: SACK recovery leaves it until the recovery ends). */
  atLoss: number;
  after: number;
}

interface WindowRun {
  t: number[];
  cwnd: number[][];
  rtt: number[][];
  epochs: Epoch[];
  timeoutsAfterWarmup: number;
  warmup: number;
}

function windows(sc: Scenario): WindowRun {
  const t: number[] = [];
  const cwnd: number[][] = [[], []];
  const rtt: number[][] = [[], []];
  const ev: FlowEvent[] = [];
  run(
    sc,
    {
      flowEvent: (e) => {
        if (e.flow <= 1 && (e.kind === 'fast-retransmit' || e.kind === 'recovery-exit' || e.kind === 'timeout')) ev.push(e);
      },
      series: (b) => {
        for (let i = 0; i < b.t.length; i++) {
          t.push(b.t[i]);
          for (const f of [0, 1]) {
            cwnd[f].push(b.cols[`cwnd.${f}`][i]);
            rtt[f].push(b.cols[`rtt.${f}`][i]);
          }
        }
      },
    },
    { sampleInterval: SAMPLE },
  );
  const warmup = sc.warmup ?? 0;
  const first = (x: number) => t.findIndex((y) => y >= x);
  const epochs: Epoch[] = [];
  for (const f of [0, 1]) {
    const e = ev.filter((x) => x.flow === f && x.t > warmup);
    e.forEach((x, j) => {
      if (x.kind !== 'fast-retransmit') return;
      const exit = e.slice(j + 1).find((y) => y.kind !== 'fast-retransmit');
      if (!exit || exit.kind !== 'recovery-exit') return;
      const next = e.slice(j + 1).find((y) => y.kind !== 'recovery-exit');
      const i = first(x.t);
      const k = first(exit.t + 1e-9);
      if (i < 1 || k < 0) return;
      epochs.push({ flow: f, loss: x.t, exit: exit.t, end: next ? next.t : t[t.length - 1], before: cwnd[f][i - 1], after: cwnd[f][k], atLoss: x.cwnd ?? NaN });
    });
  }
  return { t, cwnd, rtt, epochs, timeoutsAfterWarmup: ev.filter((x) => x.kind === 'timeout' && x.t > warmup).length, warmup };
}

/** cwnd of flow f at the first sample at or after time x. */
function wAt(w: WindowRun, f: number, x: number): number {
  const i = w.t.findIndex((y) => y >= x);
  return i < 0 ? NaN : w.cwnd[f][i];
}

/**
 * The cut at each loss: cwnd after the recovery over cwnd before the loss, against the
 * flow's factor (NewReno 0.5, CUBIC β). The tolerance, 0.02, is a tenth of the gap between
 * the two factors, so a CUBIC cut to half or a NewReno cut to 0.7 fails; what the samples
 * add is the window's change within one 10 ms sample either side (under 1 % of these
 * windows of 90 to 1500 segments: one segment per 100 ms round trip for NewReno, and CUBIC
 * is on its plateau at a loss) and the flight the cut applies to (RFC 5681 FlightSize, RFC
 * 9438 §4.6), which is cwnd to within a few segments.
 */
function cutProblems(w: WindowRun, flow: number, factor: number): string[] {
  return w.epochs
    .filter((e) => e.flow === flow)
    .filter((e) => !(Math.abs(e.after / e.before - factor) <= 0.02))
    .map((e) => `flow ${flow} at ${e.loss.toFixed(2)} s: cwnd ${e.before.toFixed(1)} -> ${e.after.toFixed(1)} = ${(e.after / e.before).toFixed(3)}, not ${factor}`);
}

/**
 * CUBIC's climb after each cut (RFC 9438 §4.2, W(t) = C (t - K)^3 + W_max, t from the
 * recovery's end): W_max is the window at the loss, or (1 + β) / 2 of it when it is below
 * the last W_max (fast convergence, §4.7); K = cbrt((W_max - cwnd_epoch) / C) with
 * cwnd_epoch = β W at the loss (= cbrt(W_max (1 - β) / C) when W_max is the window). Then
 *  - at K the window is W_max (within 2 %: the clock starts at the first ACK after recovery);
 *  - concave, then convex: the mean slope over the first K / 5 is more than ten times the
 *    slope over K ± 0.1 K (the cubic gives 2.44 C K^2 against 0.01 C K^2), and, for a climb
 *    lasting past 1.2 K, the slope from 1.1 K to the next loss is more than twice that
 *    around K (the cubic: at least 0.07 C K^2).
 */
function cubicShapeProblems(w: WindowRun, sc: Scenario): { problems: string[]; checked: number; fastConvergence: number } {
  const own = (sc.traffic[CUBIC_FLOW] as { tcp?: Record<string, unknown> }).tcp ?? {};
  const p = { ...(sc.tcp as unknown as Record<string, unknown>), ...own } as { cubicC: number; cubicBeta: number; fastConvergence: boolean };
  const { cubicC: C, cubicBeta: beta } = p;
  const problems: string[] = [];
  let checked = 0;
  let fastConvergence = 0;
  let lastWMax = NaN;
  for (const e of w.epochs.filter((x) => x.flow === CUBIC_FLOW)) {
    // W_max from the window at the loss, the event's (a sample 10 ms before it may be a segment
    // short, and fast convergence turns on a one-segment difference); the first climb after the
    // warm-up is left out, its last W_max being from the slow-start era
    const fc = p.fastConvergence && e.atLoss < lastWMax;
    const wMax = fc ? (e.atLoss * (1 + beta)) / 2 : e.atLoss;
    const first = Number.isNaN(lastWMax);
    lastWMax = wMax;
    if (first) continue;
    const k = Math.cbrt((wMax - beta * e.atLoss) / C);
    if (e.end - e.exit < 1.2 * k) continue; // the next loss came before the plateau was crossed
    checked++;
    if (fc) fastConvergence++;
    const at = (x: number) => wAt(w, CUBIC_FLOW, e.exit + x);
    const near = (at(1.1 * k) - at(0.9 * k)) / (0.2 * k);
    const early = (at(k / 5) - at(0)) / (k / 5);
    const last = w.t.findIndex((y) => y >= e.end) - 1;
    const late = (w.cwnd[CUBIC_FLOW][last] - at(1.1 * k)) / (e.end - e.exit - 1.1 * k);
    const where = `CUBIC after the loss at ${e.loss.toFixed(2)} s (W ${e.before.toFixed(0)}, W_max ${wMax.toFixed(0)}${fc ? ', fast convergence' : ''}, K ${k.toFixed(2)} s)`;
    if (!(Math.abs(at(k) / wMax - 1) <= 0.02)) problems.push(`${where}: window ${at(k).toFixed(0)} at K, not W_max`);
    if (!(early > 10 * near)) problems.push(`${where}: not concave: ${early.toFixed(1)} segments/s at first, ${near.toFixed(1)} around K`);
    if (!(late > 2 * near)) problems.push(`${where}: not convex beyond W_max: ${late.toFixed(1)} segments/s after 1.1 K, ${near.toFixed(1)} around K`);
  }
  return { problems, checked, fastConvergence };
}

/**
 * NewReno's climb: segments gained per round trip (cwnd's change over the round trips
 * elapsed, each sample interval over the flow's smoothed RTT then) is one, within 10 %, over
 * each climb of at least 20 round trips, and within 15 % over each half of it (straight:
 * the same pace early and late).
 */
function renoGrowth(w: WindowRun, flow: number): { problems: string[]; checked: number; rates: number[] } {
  const problems: string[] = [];
  const rates: number[] = [];
  let checked = 0;
  const perRtt = (a: number, b: number) => {
    let rtts = 0;
    for (let i = a; i < b; i++) rtts += (w.t[i + 1] - w.t[i]) / w.rtt[flow][i];
    return { gain: (w.cwnd[flow][b] - w.cwnd[flow][a]) / rtts, rtts };
  };
  for (const e of w.epochs.filter((x) => x.flow === flow)) {
    const a = w.t.findIndex((y) => y > e.exit);
    const b = w.t.findIndex((y) => y >= e.end) - 1;
    if (a < 0 || b <= a) continue;
    const all = perRtt(a, b);
    if (all.rtts < 20) continue;
    checked++;
    const mid = Math.floor((a + b) / 2);
    const [h1, h2] = [perRtt(a, mid).gain, perRtt(mid, b).gain];
    rates.push(all.gain);
    if (!(Math.abs(all.gain - 1) <= 0.1 && Math.abs(h1 - 1) <= 0.15 && Math.abs(h2 - 1) <= 0.15))
      problems.push(`flow ${flow} after the loss at ${e.loss.toFixed(2)} s: ${all.gain.toFixed(3)} segments per round trip over ${all.rtts.toFixed(0)} round trips (halves ${h1.toFixed(3)}, ${h2.toFixed(3)})`);
  }
  return { problems, checked, rates };
}

describe('cubic-vs-reno: NewReno halves and regains a segment per round trip; CUBIC cuts to 0.7 and regrows as a cubic', () => {
  // Seeded bugs, each seen failing the lesson's seed: cubicCut returning flight x 0.5 ("flow 0
  // at 20.23 s: cwnd 1394.2 -> 699.3 = 0.502, not 0.7"); cubicK from W_max alone, cbrt(W_max / C)
  // ("window 1014 at K, not W_max", "not concave: 4.1 segments/s at first, 45.6 around K");
  // NewReno opening 0.5 / cwnd per ACK (it then loses once after the warm-up, not the 3 asked
  // for; the per-round-trip check itself fails on the delayed-ACK run of the last test).
  const name = 'cubic-vs-reno';
  const text = lesson(name).lesson ?? '';
  it('the lesson says so, with the factors the scenario uses', () => {
    const sc = lesson(name).scenario;
    const own = (sc.traffic[CUBIC_FLOW] as { tcp?: Record<string, unknown> }).tcp ?? {};
    expect(own.cc).toBe('cubic');
    expect((sc.traffic[RENO_FLOW] as { tcp?: Record<string, unknown> }).tcp?.cc ?? (sc.tcp as { cc: string }).cc).toBe('reno');
    expect(text).toContain(`CUBIC cuts its window to ${(sc.tcp as { cubicBeta: number }).cubicBeta} of itself`);
    expect(text).toContain('NewReno halves its window and grows it by one segment per round trip');
    // one segment per round trip needs an ACK per segment (RFC 5681 eq. 3 counts ACKs)
    expect((sc.tcp as { delayedAck: boolean }).delayedAck).toBe(false);
  });
  for (const seed of [lesson(name).scenario.seed, 2, 3]) {
    it(`seed ${seed}${seed === lesson(name).scenario.seed ? " (the lesson's)" : ''}`, () => {
      const sc = scenarioOf(name, { seed });
      const w = windows(sc);
      const beta = (sc.tcp as { cubicBeta: number }).cubicBeta;
      expect(w.timeoutsAfterWarmup, 'a timeout is no halving').toBe(0);
      expect(w.epochs.filter((e) => e.flow === CUBIC_FLOW).length).toBeGreaterThanOrEqual(5);
      expect(w.epochs.filter((e) => e.flow === RENO_FLOW).length).toBeGreaterThanOrEqual(3);
      expect([...cutProblems(w, RENO_FLOW, 0.5), ...cutProblems(w, CUBIC_FLOW, beta)]).toEqual([]);
      const shape = cubicShapeProblems(w, sc);
      expect(shape.problems).toEqual([]);
      expect(shape.checked).toBeGreaterThanOrEqual(3);
      // W_max is the window of the last loss, but after a loss below the last W_max fast
      // convergence lowers it (2, 4 and 2 of the 4-5 climbs checked at seeds 1-3): the text must say so
      if (shape.fastConvergence > 0) expect(text).toContain(`sets W_max to ${(1 + beta) / 2} of that window (fast convergence)`);
      const reno = renoGrowth(w, RENO_FLOW);
      expect(reno.problems).toEqual([]);
      expect(reno.checked).toBeGreaterThanOrEqual(2);
    });
  }

  it('fails where the statement is false: the factors swapped, and NewReno with delayed ACKs', () => {
    const w = windows(lesson(name).scenario);
    // each flow's cuts read against the other's factor
    expect(cutProblems(w, RENO_FLOW, 0.7).length).toBe(w.epochs.filter((e) => e.flow === RENO_FLOW).length);
    expect(cutProblems(w, CUBIC_FLOW, 0.5).length).toBe(w.epochs.filter((e) => e.flow === CUBIC_FLOW).length);
    // CUBIC's climb is no straight line of one segment per round trip
    expect(renoGrowth(w, CUBIC_FLOW).problems.length).toBeGreaterThan(0);
    // with delayed ACKs NewReno gains half a segment per round trip (an ACK per two segments):
    // "one segment per round trip" would be false, and the check says so
    const delayed = windows(scenarioOf(name, { 'tcp.delayedAck': true }));
    const g = renoGrowth(delayed, RENO_FLOW);
    expect(g.problems.length).toBeGreaterThan(0);
    expect(Math.max(...g.rates)).toBeLessThan(0.7);
  });
});
