import { describe, expect, it } from 'vitest';
import type { DecisionRecord } from '../../src/engine/aqm/decision';
import type { FlowEvent } from '../../src/engine/net/agent';
import { experimentScenario, PRESETS } from '../../src/engine/scenario/presets';
import type { Scenario } from '../../src/engine/scenario/schema';
import { lesson, textOf, scenarioOf, run } from './mechanics-helpers';

/*
 * The sentences the three other mechanics files leave out: seeds/004's SUBTCP and its
 * modified increases (feng-fig17-subtcp, -scaled, -bandwidth: how sub_scale paces the
 * segments, doubles at a cut and falls at each ACK), the seeds/001 grid's cells with one
 * ECN client (marks for it, drops for the other) and with a 4-packet buffer, the default
 * lesson's slow-start overflow and warm-up, ecn-finite-baseline's receive window, normal
 * TCP's floor of one segment per round trip but for a timer (feng-fig12, feng-fig17-normal),
 * md1-poisson's Poisson arrivals, feng-fig1's "no data packet is dropped early", and the
 * bufferbloat lessons' round trips of 34 to 94 ms. Each
 * lesson runs with the bottleneck's decision records, the senders' flow events or a cwnd and
 * RTT series, and each sentence is checked packet by packet against constants taken from the
 * lesson's own parameters (scaledStep, bandwidthIncrease, rwnd, the queue's limit) and the
 * paper it stands for.
 *
 * The lesson texts this changed (with a comment at the text saying what was measured): the
 * seeds/001 grid's QL 4 cells, which asked to see over which flows RED's early drops or marks
 * fall, where RED signals nothing early (every loss an overflow, at every mechanism and
 * number of clients); feng-fig17-normal's "the smallest rate is one segment per round trip",
 * which now adds that a sender goes slower by waiting an RTO, after a loss or after an ECN
 * mark at one segment (half its long silences are the latter).
 *
 * Each check was seen to fail: on a seeded bug in the engine (said at each describe) and,
 * inside this file, on a run or a statement where the sentence is false ("fails where ...").
 */

interface TcpSettings {
  mss: number;
  headerBytes: number;
  rwnd: number;
  subtcp: boolean;
  increase: string;
  scaledStep: number;
  bandwidthIncrease: number;
}
const tcpOf = (sc: Scenario) => sc.tcp as unknown as TcpSettings;
const flowsOf = (sc: Scenario) => sc.traffic.reduce((a, t) => a + ((t as { flows?: number }).flows ?? 1), 0);

// ---- 1. SUBTCP: sub_scale paces the segments, doubles at a cut and falls at each ACK -------

interface SubRun {
  /** Per flow: the times its data segments reach the bottleneck queue. */
  data: number[][];
  /** The senders' window events (ECN cuts, timeouts, fast retransmits, ECE received ...). */
  events: FlowEvent[];
  /** Smoothed RTT per flow at 10 ms samples, and the samples' times. */
  t: number[];
  srtt: number[][];
}

function subRun(sc: Scenario): SubRun {
  const n = flowsOf(sc);
  const out: SubRun = { data: Array.from({ length: n }, () => []), events: [], t: [], srtt: Array.from({ length: n }, () => []) };
  const skip = new Set(['dupack', 'retransmit', 'cwr-sent', 'ce-received', 'established', 'syn-sent']);
  run(
    sc,
    {
      decision: (r: DecisionRecord) => {
        if (r.kind === 'data') out.data[r.flow].push(r.t);
      },
      flowEvent: (e) => {
        if (!skip.has(e.kind)) out.events.push(e);
      },
      series: (b) => {
        for (let i = 0; i < b.t.length; i++) {
          out.t.push(b.t[i]);
          for (let f = 0; f < n; f++) out.srtt[f].push(b.cols[`rtt.${f}`][i]);
        }
      },
    },
    { decisionQueues: 'forward', sampleInterval: 0.01 },
  );
  return out;
}

/** sub_scale as the sender's ECN cut at one segment reports it ("ECE at cwnd 1 (SUBTCP): sub_scale S, ..."), or undefined for another event. */
function subScaleOf(e: FlowEvent): number | undefined {
  if (e.kind !== 'ecn-cut') return undefined;
  const m = /sub_scale ([0-9.e+-]+)/.exec(e.note ?? '');
  return m ? Number(m[1]) : undefined;
}

interface SubProblems {
  /** Segment gaps checked, those off the rule by more than 5 %, and the first few in words. */
  gaps: number;
  off: number;
  offWords: string[];
  /** Cuts following a cut (nothing else between) checked, those whose sub_scale is not twice the one before, and the first few in words. */
  doublings: number;
  notDoubled: number;
  notDoubledWords: string[];
}

/**
 * SUBTCP as seeds/004 Fig. 11 writes it: below one segment per round trip the sender sends
 * one segment and waits sub_scale x RTT before the next (send()); a congestion signal at
 * cwnd 1 doubles sub_scale (closecwnd()); each new ACK takes sub_scale down by `fall`
 * (opencwnd(): halved, Fig. 11; less 1/4, the scaled increase of Fig. 15; the effective
 * window 1 / sub_scale raised by X, the bandwidth-based increase of Fig. 16), never below 1.
 *
 * Read from the queue's records: after a cut to sub_scale S, the flow's next segment comes
 * S RTTs later; the one after it S RTTs later again (its ACK has not come back yet when it
 * leaves, each wait being at least two round trips), and each later one fall(S) RTTs after
 * the one before, until sub_scale is under 2 (then the ACKs clock the window again).
 * RTT is the sender's smoothed RTT at the sample before the segment; a gap is off when it is
 * more than 5 % from S x RTT. A chain stops at the flow's next event of any kind.
 *
 * And a cut that follows a cut, with k segments and no other event between: the k - 1 ACKs
 * before the last (whose ECE made the cut) took sub_scale down k - 1 times, so the cut's
 * sub_scale is twice that (capped at 1024, the engine's bound).
 */
function subProblems(r: SubRun, fall: (s: number) => number): SubProblems {
  const out: SubProblems = { gaps: 0, off: 0, offWords: [], doublings: 0, notDoubled: 0, notDoubledWords: [] };
  const byFlow = new Map<number, FlowEvent[]>();
  for (const e of r.events) byFlow.set(e.flow, [...(byFlow.get(e.flow) ?? []), e]);
  const srttAt = (f: number, t: number) => {
    let i = r.t.findIndex((x) => x > t);
    if (i < 0) i = r.t.length;
    return r.srtt[f][Math.max(0, i - 1)];
  };
  for (const [f, ev] of byFlow) {
    ev.forEach((e, j) => {
      const S = subScaleOf(e);
      if (S === undefined) return;
      const next = ev.slice(j + 1).find((x) => x.t > e.t);
      const end = next ? next.t : Infinity;
      const segs = r.data[f].filter((t) => t > e.t && t < end);
      let s = S;
      let prev = e.t;
      for (let k = 0; k < segs.length && s >= 2; k++) {
        const rtt = srttAt(f, prev + 1e-4);
        if (rtt > 0) {
          out.gaps++;
          const g = segs[k] - prev;
          if (Math.abs(g / (s * rtt) - 1) > 0.05 && out.off++ < 5) out.offWords.push(`flow ${f}: segment ${k + 1} after the cut at ${e.t.toFixed(3)} s came ${g.toFixed(3)} s after the one before, not ${s.toFixed(2)} x ${rtt.toFixed(3)} s`);
        }
        if (k >= 1) s = fall(s);
        prev = segs[k];
      }
      // the doubling: this cut's predecessor among the flow's events (ECE received at this very cut aside)
      const before = ev.slice(0, j).filter((x) => !(x.kind === 'ece-received' && x.t === e.t));
      const c1 = before[before.length - 1];
      const S1 = c1 ? subScaleOf(c1) : undefined;
      if (S1 === undefined) return;
      const k = r.data[f].filter((t) => t > c1.t && t < e.t).length;
      let s1 = S1;
      for (let i = 0; i < k - 1; i++) s1 = fall(s1);
      const want = Math.min(1024, 2 * s1);
      out.doublings++;
      if (Math.abs(S / want - 1) > 1e-9 && out.notDoubled++ < 5) out.notDoubledWords.push(`flow ${f}: sub_scale ${S1} at ${c1.t.toFixed(3)} s, ${k} segments, then ${S} at ${e.t.toFixed(3)} s, not ${want}`);
    });
  }
  return out;
}

const halve = (s: number) => Math.max(1, s / 2);
const lessQuarter = (step: number) => (s: number) => Math.max(1, s - step);
/** Fig. 16 below one segment: the effective window w = 1 / sub_scale gains X per ACK; at w >= 1 the window is whole again (sub_scale 1). */
const bandwidthFall = (x: number) => (s: number) => (1 / s + x >= 1 ? 1 : 1 / (1 / s + x));

describe('feng-fig17-subtcp: a cut at one segment doubles sub_scale, the sender waits sub_scale round trips between segments, and each ACK halves it (seeds/004 Fig. 11)', () => {
  // Seeded bugs, each seen failing both seeds: an ACK taking sub_scale to 2/3 of itself instead
  // of half (subtcp.ts openWindow, s.subScale / 1.5: 671 gaps off at seed 1, "flow 40: segment 3
  // after the cut at 11.469 s came 0.338 s after the one before, not 2.11 x 0.120 s"); a cut at
  // one segment tripling it (subtcp.ts cutAtOne, * 3: "flow 40: sub_scale 64.87... at 77.955 s,
  // 1 segments, then 194.6... at 84.362 s, not 129.7...", and the scaled and bandwidth lessons
  // below fail too); the wait of sub_scale RTTs counted in RTOs (sender.ts rttNs returning the
  // RTO: "segment 1 after the cut at 7.274 s came 1.034 s after the one before, not 2.00 x 0.096 s").
  const name = 'feng-fig17-subtcp';
  it('the lesson says so, and its senders run SUBTCP with ECN', () => {
    const tcp = tcpOf(lesson(name).scenario);
    expect([tcp.subtcp, tcp.increase]).toEqual([true, 'linear']);
    expect(textOf(name)).toContain('ECN senders using SUBTCP (seeds/004 Fig. 11): a cut at one segment doubles sub_scale and the sender waits sub_scale round trips between segments; each ACK halves sub_scale again.');
  });
  for (const seed of [lesson(name).scenario.seed, 2]) {
    it(`seed ${seed}${seed === lesson(name).scenario.seed ? " (the lesson's)" : ''}`, () => {
      const p = subProblems(subRun(scenarioOf(name, { seed })), halve);
      // measured at seeds 1 and 2: 6,560 and 6,040 gaps, 7 and 11 more than 5 % off (the cut came
      // with more than one segment still in flight, whose ACKs moved the smoothed RTT); 659 and
      // 574 doublings, all exact
      expect(p.gaps).toBeGreaterThan(3000);
      expect(p.off, p.offWords.join('\n')).toBeLessThan(0.01 * p.gaps);
      expect(p.doublings).toBeGreaterThan(300);
      expect(p.notDoubledWords).toEqual([]);
    });
  }
  it('fails where the statement is false: the same run read with the scaled increase (each ACK takes 1/4 off)', () => {
    const p = subProblems(subRun(scenarioOf(name)), lessQuarter(0.25));
    expect(p.off).toBeGreaterThan(0.05 * p.gaps);
    expect(p.notDoubled).toBeGreaterThan(0.05 * p.doublings);
  });
});

describe('feng-fig17-scaled: each ACK takes only 1/4 off sub_scale (seeds/004 Fig. 15)', () => {
  // Seeded bug, seen failing both seeds: the scaled step taken as 1/2 (subtcp.ts openWindow,
  // s.subScale - 2 * p.scaledStep: "flow 40: segment 3 after the cut at 17.406 s came 0.429 s
  // after the one before, not 3.75 x 0.123 s").
  const name = 'feng-fig17-scaled';
  const step = tcpOf(lesson(name).scenario).scaledStep;
  it('the lesson says so, with the step its senders use', () => {
    const tcp = tcpOf(lesson(name).scenario);
    expect([tcp.subtcp, tcp.increase, step]).toEqual([true, 'scaled', 0.25]);
    expect(textOf(name)).toContain('ECN senders using SUBTCP with the scaled sub-linear increase (Fig. 15): each ACK takes only 1/4 off sub_scale.');
  });
  for (const seed of [lesson(name).scenario.seed, 2]) {
    it(`seed ${seed}${seed === lesson(name).scenario.seed ? " (the lesson's)" : ''}`, () => {
      const p = subProblems(subRun(scenarioOf(name, { seed })), lessQuarter(step));
      // measured at seeds 1 and 2: 1,773 and 2,112 gaps, 3 and 2 more than 5 % off; 198 and 215
      // doublings, all exact
      expect(p.gaps).toBeGreaterThan(800);
      expect(p.off, p.offWords.join('\n')).toBeLessThan(0.01 * p.gaps);
      expect(p.doublings).toBeGreaterThan(80);
      expect(p.notDoubledWords).toEqual([]);
    });
  }
  it("fails where the statement is false: the same run read with SUBTCP's halving", () => {
    const p = subProblems(subRun(scenarioOf(name)), halve);
    expect(p.off).toBeGreaterThan(0.05 * p.gaps);
  });
});

describe('feng-fig17-bandwidth: each sender raises its rate by 1 % per round trip, below one segment per round trip too (seeds/004 Fig. 16)', () => {
  // Seeded bug, seen failing both seeds: the effective window gaining 2 X per ACK (subtcp.ts
  // openWindow, cwnd / subScale + 2 * bandwidthIncrease: "flow 40: segment 3 after the cut at
  // 6.175 s came 0.723 s after the one before, not 6.25 x 0.123 s").
  const name = 'feng-fig17-bandwidth';
  const x = tcpOf(lesson(name).scenario).bandwidthIncrease;
  it('the lesson says so, with the increase its senders use', () => {
    expect([tcpOf(lesson(name).scenario).increase, x]).toEqual(['bandwidth', 0.01]);
    expect(textOf(name)).toContain(`each sender raises its rate by ${x * 100} % per round trip, below one segment per round trip too`);
  });
  /*
   * Below one segment the rate is w = 1 / sub_scale segments per round trip and one ACK comes
   * back per segment, one every sub_scale round trips: w + X per ACK is X w per round trip, X
   * (1 %) of the rate per round trip. So the gaps follow sub_scale -> 1 / (1 / sub_scale + X).
   */
  for (const seed of [lesson(name).scenario.seed, 2]) {
    it(`seed ${seed}${seed === lesson(name).scenario.seed ? " (the lesson's)" : ''}`, () => {
      const p = subProblems(subRun(scenarioOf(name, { seed })), bandwidthFall(x));
      // measured at seeds 1 and 2: 32,791 and 31,073 gaps, 1 and 2 more than 5 % off; 1,709 and
      // 1,667 doublings, all exact
      expect(p.gaps).toBeGreaterThan(20000);
      expect(p.off, p.offWords.join('\n')).toBeLessThan(0.01 * p.gaps);
      expect(p.doublings).toBeGreaterThan(800);
      expect(p.notDoubledWords).toEqual([]);
    });
  }
  it("fails where the statement is false: the same run read with SUBTCP's halving, or with 2 % per round trip", () => {
    const r = subRun(scenarioOf(name));
    const half = subProblems(r, halve);
    expect(half.off).toBeGreaterThan(0.05 * half.gaps);
    const twice = subProblems(r, bandwidthFall(2 * x));
    expect(twice.off).toBeGreaterThan(0.05 * twice.gaps);
  });
});

// ---- 2. The seeds/001 grid: who is marked and who dropped; the 4-packet buffer --------------

interface Signals {
  /** Early (not overflow) marks and drops per flow, and overflows. */
  marks: number[];
  drops: number[];
  overflows: number;
}

/** The bottleneck's signals; with `dataOnly`, those of data packets alone. */
function signals(sc: Scenario, dataOnly = false): Signals {
  const n = flowsOf(sc);
  const out: Signals = { marks: new Array(n).fill(0), drops: new Array(n).fill(0), overflows: 0 };
  run(
    sc,
    {
      decision: (r) => {
        if (dataOnly && r.kind !== 'data') return;
        if (r.outcome === 'mark') out.marks[r.flow]++;
        else if (r.outcome === 'drop') {
          if (r.reason === 'overflow') out.overflows++;
          else out.drops[r.flow]++;
        }
      },
    },
    { decisionQueues: 'forward' },
  );
  return out;
}

/** The cells with one ECN client, but for the 4-packet buffers' (below: nothing is signalled early there). */
const ECN1 = PRESETS.filter((p) => /^ecn-finite-n2-ecn1-[ac]-ql\d+$/.test(p.name) && !/-ql4$/.test(p.name));

describe('the seeds/001 cells with one ECN client: RED marks the packets of the ECN client (flow 1) where it drops those of the other (flow 0)', () => {
  // Seeded bug, seen failing: RED marking every data packet, ECN-capable or not (red.ts doEnqueue,
  // ect = P.ecn && (ECT || payload > 0): "ecn-finite-n2-ecn1-c-ql128: flow 0 marked 28 times").
  it('every such cell says so, and its second client alone negotiates ECN', () => {
    expect(ECN1.length).toBe(12);
    for (const p of ECN1) {
      expect(p.lesson, p.name).toContain('it marks the packets of the ECN client (flow 1) where it drops those of the other (flow 0).');
      const t = p.scenario.traffic as unknown as { tcp?: { ecn?: boolean } }[];
      expect([(p.scenario.tcp as { ecn: boolean }).ecn, t[0].tcp?.ecn ?? false, t[1].tcp?.ecn], p.name).toEqual([false, false, true]);
    }
  });
  /** What contradicts the sentence: a mark on flow 0, an early drop of flow 1. */
  const problems = (name: string, s: Signals) => [
    ...(s.marks[0] > 0 ? [`${name}: flow 0 marked ${s.marks[0]} times`] : []),
    ...(s.drops[1] > 0 ? [`${name}: flow 1 dropped early ${s.drops[1]} times`] : []),
  ];
  it('every cell at its seed, and the busiest (max_p 10 %, 8 to 64 packets) at seeds 2 and 3', () => {
    const bad: string[] = [];
    let marks = 0;
    let drops = 0;
    for (const p of ECN1) {
      const s = signals(p.scenario as Scenario);
      bad.push(...problems(p.name, s));
      marks += s.marks[1];
      drops += s.drops[0];
    }
    const fewest: number[] = [];
    for (const ql of [8, 16, 32, 64])
      for (const seed of [2, 3]) {
        const name = `ecn-finite-n2-ecn1-a-ql${ql}`;
        const s = signals(scenarioOf(name, { seed }));
        bad.push(...problems(`${name} seed ${seed}`, s));
        fewest.push(Math.min(s.marks[1], s.drops[0]));
      }
    expect(bad).toEqual([]);
    // both rules exercised in each of these: dozens of marks and of early drops
    expect(Math.min(...fewest)).toBeGreaterThan(20);
    // measured at seed 1: 729 marks of flow 1 and 690 early drops of flow 0 over the 12 cells
    expect(Math.min(marks, drops)).toBeGreaterThan(300);
  });
  it('fails where the statement is false: the cell where both clients negotiate ECN (ecn-a), whose flow 0 is marked too', () => {
    const s = signals(lesson('ecn-finite-n2-ecn-a-ql16').scenario as Scenario);
    expect(problems('ecn-finite-n2-ecn-a-ql16', s).length).toBe(1);
    expect(s.marks[0]).toBeGreaterThan(50);
  });
});

const QL4 = PRESETS.filter((p) => /^ecn-finite-n\d+-(red|ecn|ecn1)-[ac]-ql4$/.test(p.name));

describe('the seeds/001 cells with a 4-packet buffer: RED drops or marks nothing early, every loss is an overflow', () => {
  // Seeded bug, seen failing: RED without ns-2's wait rule (red.ts correctedProbability, p_a
  // from the F&J uniformisation whatever the wait setting: 19 cells and seeds with early
  // signals, "ecn-finite-n1-red-a-ql4: 3 early drops or marks"). The text before this check
  // asked, at these cells as at every other, to "see over which flows the early drops fall".
  it('every such cell says so', () => {
    expect(QL4.length).toBe(18);
    for (const p of QL4) expect(p.lesson, p.name).toMatch(/With only 4 packets of buffer the average stays near min_th, where the probability is tiny, and the buffer overflows first: RED (drops|marks) nothing early here, every loss is an overflow\./);
  });
  /** Early signals of a run, in words, and whether the buffer overflowed. */
  const early = (name: string, s: Signals) => {
    const n = s.marks.reduce((a, b) => a + b, 0) + s.drops.reduce((a, b) => a + b, 0);
    return n > 0 ? [`${name}: ${n} early drops or marks`] : [];
  };
  it('every cell at its seed, and the 2- and 10-client cells with max_p 10 % at seeds 2 and 3', () => {
    const bad: string[] = [];
    for (const p of QL4) {
      const s = signals(p.scenario as Scenario);
      bad.push(...early(p.name, s));
      // the losses are there, all overflows: 137 for one client, 681 for two, 17,480 for ten
      expect(s.overflows, p.name).toBeGreaterThan(100);
    }
    for (const name of ['ecn-finite-n2-red-a-ql4', 'ecn-finite-n10-ecn-a-ql4'])
      for (const seed of [2, 3]) bad.push(...early(`${name} seed ${seed}`, signals(scenarioOf(name, { seed }))));
    expect(bad).toEqual([]);
  }, 60_000);
  it('fails where the statement is false: the 8-packet buffer, where RED does drop early (max_p 10 %: hundreds)', () => {
    expect(early('ecn-finite-n2-red-a-ql8', signals(lesson('ecn-finite-n2-red-a-ql8').scenario as Scenario)).length).toBe(1);
  });
});

// ---- 3. default: slow start overflows the buffer in the first seconds; after the warm-up RED is at work ----

interface Overflows {
  /** Times of the overflow drops, and the longest queue before and after the warm-up. */
  at: number[];
  early: number;
  longestBefore: number;
  longestAfter: number;
}

function overflows(sc: Scenario): Overflows {
  const out: Overflows = { at: [], early: 0, longestBefore: 0, longestAfter: 0 };
  const warmup = sc.warmup ?? 0;
  run(
    sc,
    {
      decision: (r) => {
        // q is the backlog found on arrival: a packet that finds the buffer full is the overflow
        if (r.t < warmup) out.longestBefore = Math.max(out.longestBefore, r.q + (r.outcome === 'drop' ? 0 : 1));
        else out.longestAfter = Math.max(out.longestAfter, r.q + (r.outcome === 'drop' ? 0 : 1));
        if (r.reason === 'overflow') out.at.push(r.t);
        else if (r.outcome === 'drop' && r.t >= warmup) out.early++;
      },
    },
    { decisionQueues: 'forward' },
  );
  return out;
}

describe('default: in the first seconds slow start overshoots and the queue hits its limit; from the warm-up on RED is at work', () => {
  // Seeded bugs, each seen failing the three seeds: RED's average moving a hundredth as fast
  // (red.ts resolve, wq / 100: "an overflow at 6.62 s, after the warm-up"); slow start handing
  // over to congestion avoidance at 16 segments (sender.ts initial ssthresh min(rwnd, 16): "no
  // overflow", "the queue reaches 38 packets before the warm-up, not its limit 100"). (RED's
  // probability a tenth of the lesson's passes: its forced drops above max_th still hold the
  // queue under the buffer.)
  const name = 'default';
  const limit = (lesson(name).scenario.topology as unknown as { bottleneck: { queue: { limit: number } } }).bottleneck.queue.limit;
  const warmup = lesson(name).scenario.warmup ?? 0;
  it('the lesson says so', () => {
    expect(warmup).toBe(5);
    expect(textOf(name)).toContain(`In the first seconds slow start overshoots and the queue hits its limit; the summary counts from ${warmup} s on (the warm-up), when RED is at work.`);
  });
  /** The sentence, against a run: overflows, all in the first seconds (before the warm-up) and at the limit; none after; RED's own drops after. */
  const problems = (o: Overflows) => [
    ...(o.at.length === 0 ? ['no overflow'] : []),
    ...(o.longestBefore < limit ? [`the queue reaches ${o.longestBefore} packets before the warm-up, not its limit ${limit}`] : []),
    ...o.at.filter((t) => t >= warmup).slice(0, 3).map((t) => `an overflow at ${t.toFixed(2)} s, after the warm-up`),
    ...(o.early === 0 ? ['no early drop after the warm-up'] : []),
  ];
  for (const seed of [lesson(name).scenario.seed, 2, 3]) {
    it(`seed ${seed}${seed === lesson(name).scenario.seed ? " (the lesson's)" : ''}`, () => {
      const o = overflows(scenarioOf(name, { seed }));
      expect(problems(o)).toEqual([]);
      // "the first seconds": the overshoot's overflows all come within the first 2 s (measured:
      // 0.68-0.75 s at seeds 1-3), and the queue after the warm-up stays well under the limit
      expect(Math.max(...o.at)).toBeLessThan(2);
      expect(o.longestAfter).toBeLessThan(limit);
    });
  }
  it("fails where the statement is false: drop-tail in RED's place (the lesson's first experiment), which overflows all through the run", () => {
    const p = lesson(name);
    const o = overflows(experimentScenario(p, p.experiments!.find((e) => /drop-tail/.test(e.title))!));
    expect(problems(o).filter((x) => /after the warm-up/.test(x)).length).toBeGreaterThan(1);
  });
});

// ---- 4. ecn-finite-baseline: the 64 KiB receive window caps the flight at 44 segments -------

interface Flight {
  /** The most segments in flight seen (data past the bottleneck's entrance not yet acknowledged), and the largest cwnd. */
  most: number;
  cwnd: number;
}

/**
 * In flight at each 1 ms sample: the highest byte that has reached the bottleneck queue less
 * the bytes acknowledged, in segments. A segment reaches the queue half a millisecond after
 * it leaves (the 10 Mb/s access link), and the acknowledgements counted lag by up to a sample:
 * at 1.5 Mb/s both make well under a segment.
 */
function flight(sc: Scenario): Flight {
  const mss = tcpOf(sc).mss;
  const hdr = tcpOf(sc).headerBytes;
  const arrivals: [number, number][] = [];
  const t: number[] = [];
  const acked: number[] = [];
  let cwnd = 0;
  run(
    sc,
    {
      decision: (r) => {
        if (r.kind === 'data' && r.seq !== undefined) arrivals.push([r.t, r.seq + r.bytes - hdr]);
      },
      series: (b) => {
        for (let i = 0; i < b.t.length; i++) {
          t.push(b.t[i]);
          acked.push(b.cols['acked.0'][i]);
          cwnd = Math.max(cwnd, b.cols['cwnd.0'][i]);
        }
      },
    },
    { decisionQueues: 'forward', sampleInterval: 0.001 },
  );
  let hi = 0;
  let j = 0;
  let most = 0;
  for (let i = 0; i < t.length; i++) {
    while (j < arrivals.length && arrivals[j][0] <= t[i]) hi = Math.max(hi, arrivals[j++][1]);
    most = Math.max(most, (hi - acked[i]) / mss);
  }
  return { most, cwnd };
}

describe('ecn-finite-baseline: the 64 KiB receive window (44 segments of 1460 bytes) caps what the sender has in flight', () => {
  // Seeded bug, seen failing: the sender ignoring the receive window (sender.ts window(), cwnd
  // alone: "expected 66 to be less than or equal to 44", the flight, and the buffer overflows).
  const name = 'ecn-finite-baseline';
  const tcp = tcpOf(lesson(name).scenario);
  const cap = Math.floor(tcp.rwnd / tcp.mss);
  it('the lesson says so, with the window and segment its TCP uses', () => {
    expect([tcp.rwnd, tcp.mss, cap]).toEqual([65536, 1460, 44]);
    expect(textOf(name)).toContain(`The ${tcp.rwnd / 1024} KiB receive window (${cap} segments of ${tcp.mss} bytes) caps what the sender has in flight.`);
  });
  it(`seed ${lesson(name).scenario.seed} (the lesson's; one flow, no loss: the seed draws nothing)`, () => {
    const f = flight(lesson(name).scenario as Scenario);
    // the window binds: cwnd grows far past it (measured: 127 segments) while the flight reaches
    // the 44 segments and never more
    expect(f.most).toBeLessThanOrEqual(cap);
    expect(f.most).toBeGreaterThan(cap - 1);
    expect(f.cwnd).toBeGreaterThan(2 * cap);
  });
  it('fails where the statement is false: a 128 KiB receive window, where the flight passes 44 segments', () => {
    expect(flight(scenarioOf(name, { 'tcp.rwnd': 131072 })).most).toBeGreaterThan(cap + 5);
  });
});

// ---- 5. feng-fig12, feng-fig17-normal: no slower than a segment per round trip but by an RTO ----

interface Silences {
  /** Times a flow went more than two smoothed RTTs between segments (after the warm-up), those with a timeout in them, with an ECN hold (a mark at one segment) and with neither. */
  long: number;
  byTimeout: number;
  byHold: number;
  neither: string[];
  neitherCount: number;
}

/**
 * A sender at one segment per round trip sends its next segment when the ACK of the last one
 * comes back, a round trip later (two smoothed RTTs leave room for the queue growing in
 * between). A longer silence has to be a timer: the retransmission timeout (a 'timeout'
 * event), or with ECN the RTO a sender waits after a mark at one segment (RFC 3168 §6.1.2:
 * the 'ecn-cut' event that says "next segment after RTO"). `holds` false counts the latter
 * as neither.
 */
function silences(sc: Scenario, holds: boolean): Silences {
  const n = flowsOf(sc);
  const warmup = sc.warmup ?? 0;
  const data: number[][] = Array.from({ length: n }, () => []);
  const timeouts: number[][] = Array.from({ length: n }, () => []);
  const held: number[][] = Array.from({ length: n }, () => []);
  const t: number[] = [];
  const srtt: number[][] = Array.from({ length: n }, () => []);
  run(
    sc,
    {
      decision: (r) => {
        if (r.kind === 'data') data[r.flow].push(r.t);
      },
      flowEvent: (e) => {
        if (e.kind === 'timeout') timeouts[e.flow].push(e.t);
        else if (e.kind === 'ecn-cut' && /next segment after RTO/.test(e.note ?? '')) held[e.flow].push(e.t);
      },
      series: (b) => {
        for (let i = 0; i < b.t.length; i++) {
          t.push(b.t[i]);
          for (let f = 0; f < n; f++) srtt[f].push(b.cols[`rtt.${f}`][i]);
        }
      },
    },
    { decisionQueues: 'forward', sampleInterval: 0.1 },
  );
  const out: Silences = { long: 0, byTimeout: 0, byHold: 0, neither: [], neitherCount: 0 };
  for (let f = 0; f < n; f++) {
    const d = data[f];
    let k = 0;
    for (let i = 1; i < d.length; i++) {
      if (d[i - 1] < warmup) continue;
      while (k + 1 < t.length && t[k + 1] <= d[i - 1]) k++;
      const rtt = srtt[f][k];
      const gap = d[i] - d[i - 1];
      if (!(rtt > 0) || gap <= 2 * rtt) continue;
      out.long++;
      const within = (xs: number[]) => xs.some((x) => x > d[i - 1] && x <= d[i]);
      if (within(timeouts[f])) out.byTimeout++;
      else if (holds && within(held[f])) out.byHold++;
      else if (out.neitherCount++ < 5) out.neither.push(`flow ${f}: no segment for ${gap.toFixed(3)} s from ${d[i - 1].toFixed(3)} s (smoothed RTT ${rtt.toFixed(3)} s), and no timeout`);
    }
  }
  return out;
}

describe('feng-fig12 and feng-fig17-normal: TCP cannot send slower than one segment per round trip, except by waiting a retransmission timeout (after a loss, or with ECN after a mark at one segment)', () => {
  // Seeded bug, seen failing both lessons and seeds: a timeout at one segment doubling sub_scale
  // for every sender, SUBTCP or not (sender.ts onTimeout and subtcp.ts cutAtOne without their
  // subtcp tests): normal TCP then paces itself below a segment per round trip without a timer
  // ("flow 1: no segment for 7.965 s from 102.961 s (smoothed RTT 0.124 s), and no timeout").
  it('the lessons say so', () => {
    expect(textOf('feng-fig12')).toContain('TCP cannot send slower than one segment per round trip, except by timing out.');
    expect(textOf('feng-fig17-normal')).toContain('normal TCP: the smallest rate is one segment per round trip, and slower only by waiting a retransmission timeout, after a loss or after a mark at one segment (RFC 3168 §6.1.2); each ACK after a timeout lets it double again');
  });
  for (const seed of [lesson('feng-fig12').scenario.seed, 2]) {
    it(`feng-fig12, seed ${seed}: every silence longer than two round trips has a timeout in it`, () => {
      const s = silences(scenarioOf('feng-fig12', { seed }), false);
      expect(s.neither).toEqual([]);
      // measured at seed 1: 3,568 such silences after the warm-up
      expect(s.long).toBeGreaterThan(1000);
    });
  }
  it(`feng-fig17-normal, seed ${lesson('feng-fig17-normal').scenario.seed}: every such silence has a timeout or a mark's RTO in it, and each kind is common`, () => {
    const s = silences(lesson('feng-fig17-normal').scenario as Scenario, true);
    expect(s.neither).toEqual([]);
    // measured: 5,580 timeouts and 5,774 marks' RTOs of 11,354 (the text said only "one segment per round trip")
    expect(Math.min(s.byTimeout, s.byHold)).toBeGreaterThan(0.3 * s.long);
  });
  it('fails where the statement is false: SUBTCP (feng-fig17-subtcp), which waits sub_scale round trips between segments with no timer; and feng-fig17-normal read with timeouts alone', () => {
    expect(silences(lesson('feng-fig17-subtcp').scenario as Scenario, true).neitherCount).toBeGreaterThan(1000);
    expect(silences(lesson('feng-fig17-normal').scenario as Scenario, false).neitherCount).toBeGreaterThan(1000);
  });
});

// ---- 6. md1-poisson: Poisson arrivals of 1000-byte packets at 8 Mb/s ------------------------

/** The gaps between arrivals at the queue against an exponential of mean 8 x size / rate: mean within 1 %, each decile within 5 %, every packet `size` bytes. */
function poissonProblems(sc: Scenario): string[] {
  const item = sc.traffic[0] as unknown as { rate: number; packetSize: number };
  const mean = (8 * item.packetSize) / item.rate;
  const t: number[] = [];
  const sizes = new Set<number>();
  run(sc, { decision: (r) => (t.push(r.t), sizes.add(r.bytes)) }, { decisionQueues: 'forward' });
  const g = t.slice(1).map((x, i) => x - t[i]).sort((a, b) => a - b);
  const m = g.reduce((a, b) => a + b, 0) / g.length;
  const out: string[] = [];
  if ([...sizes].some((b) => b !== item.packetSize)) out.push(`packets of ${[...sizes].join(', ')} bytes`);
  if (!(Math.abs(m / mean - 1) <= 0.01)) out.push(`mean gap ${(m * 1000).toFixed(4)} ms, not ${(mean * 1000).toFixed(4)} ms`);
  for (let k = 1; k <= 9; k++) {
    const d = g[Math.floor((k * g.length) / 10)];
    const want = -mean * Math.log(1 - k / 10);
    if (!(Math.abs(d / want - 1) <= 0.05)) out.push(`decile ${k}: ${(d * 1000).toFixed(4)} ms, not ${(want * 1000).toFixed(4)} ms`);
  }
  return out;
}

describe('md1-poisson: Poisson arrivals of 1000-byte packets at 8 Mb/s', () => {
  // Seeded bug, seen failing both seeds: the gaps drawn uniform on (0, 2 mean) instead of
  // exponential (udp.ts, the Poisson pattern's next arrival: "decile 1: 0.2005 ms, not 0.1054 ms").
  const name = 'md1-poisson';
  const item = lesson(name).scenario.traffic[0] as unknown as { pattern: string; rate: number; packetSize: number };
  it('the lesson says so, with the rate and size its source uses', () => {
    expect([item.pattern, item.rate, item.packetSize]).toEqual(['poisson', 8e6, 1000]);
    expect(textOf(name)).toContain('Poisson arrivals of 1000-byte packets at 8 Mb/s into a 10 Mb/s link');
  });
  for (const seed of [lesson(name).scenario.seed, 2]) {
    it(`seed ${seed}${seed === lesson(name).scenario.seed ? " (the lesson's)" : ''}: the gaps between arrivals are exponential with mean 1 ms`, () => {
      // measured: mean 1.0051 and 0.9999 ms, deciles 0.975-1.002 of the exponential's (the
      // first the lowest: a packet takes 0.08 ms to cross the 100 Mb/s access link, which
      // spaces the closest arrivals)
      expect(poissonProblems(scenarioOf(name, { seed }))).toEqual([]);
    });
  }
  it('fails where the statement is false: constant-rate arrivals (pattern cbr) at the same 8 Mb/s', () => {
    expect(poissonProblems(scenarioOf(name, { 'traffic.0.pattern': 'cbr' })).length).toBeGreaterThan(5);
  });
});

// ---- 7. feng-fig1: with max_th at the buffer, RED-ECN drops no data packet early -------------

const FIG1 = PRESETS.filter((p) => /^feng-fig1-[ac]-\d+$/.test(p.name));

describe('feng-fig1: RED marks with max_th equal to the 80-packet buffer, so no data packet is dropped early: a lost one overflowed the buffer', () => {
  // Seeded bug, seen failing every lesson: RED taking no packet as ECN-capable (red.ts doEnqueue,
  // ect = false: it drops what it would mark, "feng-fig1-a-8: 853 early drops").
  it('every such lesson says so, and its queue marks with max_th at the buffer', () => {
    expect(FIG1.length).toBe(4);
    for (const p of FIG1) {
      expect(p.lesson, p.name).toContain('and max_th equal to the 80-packet buffer (80 KB, as seeds/004 §3.2 implies), so no data packet is dropped early: a lost one overflowed the buffer.');
      const links = (p.scenario.topology as unknown as { links: { queue?: { kind: string; ecn?: boolean; maxTh?: number; limit?: number } }[] }).links;
      const red = links.map((l) => l.queue).filter((q) => q?.kind === 'red');
      expect(red.length, p.name).toBe(1);
      expect([red[0]!.ecn, red[0]!.maxTh], p.name).toEqual([true, red[0]!.limit]);
    }
  });
  /** Data packets dropped other than by overflow, in words. */
  const early = (name: string, s: Signals) => {
    const n = s.drops.reduce((a, b) => a + b, 0);
    return n > 0 ? [`${name}: ${n.toLocaleString('en-US')} early drops`] : [];
  };
  it('every lesson at its seed, and the 32-connection ones at seed 2', () => {
    const bad: string[] = [];
    let marks = 0;
    let overflows = 0;
    for (const p of FIG1) {
      const s = signals(p.scenario as Scenario, true);
      bad.push(...early(p.name, s));
      marks += s.marks.reduce((a, b) => a + b, 0);
      overflows += s.overflows;
    }
    for (const name of ['feng-fig1-a-32', 'feng-fig1-c-32']) bad.push(...early(`${name} seed 2`, signals(scenarioOf(name, { seed: 2 }), true)));
    expect(bad).toEqual([]);
    // the queue did signal (marks) and did lose packets (overflows), all of them at the full buffer
    expect(marks).toBeGreaterThan(1000);
    expect(overflows).toBeGreaterThan(1000);
  });
  it('fails where the statement is false: the same RED without ECN (feng-fig10), which drops what it would mark; and "no packet" for "no data packet"', () => {
    expect(early('feng-fig10-maxp-0.063', signals(lesson('feng-fig10-maxp-0.063').scenario as Scenario, true)).length).toBe(1);
    // a SYN cannot carry a mark: feng-fig1-a-32 drops one early at seeds 1 and 2 ("u = 0.02589 <
    // p_a = 0.03252: Not-ECT packet, early drop", at 2.57 s), which is why the text says "data"
    expect(early('feng-fig1-a-32', signals(lesson('feng-fig1-a-32').scenario as Scenario)).length).toBe(1);
  });
});

// ---- 8. The bufferbloat lessons: round trips of 34 to 94 ms without queueing -----------------

/** The web connections' round trips without queueing (s): the links' delays both ways and the per-connection DelayBox draw. */
function webRtts(sc: Scenario): number[] {
  const rtts: number[] = [];
  run(sc, { exchanges: (b) => rtts.push(...b.rtt) });
  return rtts;
}

/** RTTs uniform on [lo, hi]: none outside (to 1 us), each decile within 3 ms of lo + k (hi - lo) / 10. */
function uniformRttProblems(rtts: number[], lo: number, hi: number): string[] {
  const s = [...rtts].sort((a, b) => a - b);
  const out: string[] = [];
  if (s[0] < lo - 1e-6 || s[s.length - 1] > hi + 1e-6) out.push(`RTTs from ${(s[0] * 1000).toFixed(1)} to ${(s[s.length - 1] * 1000).toFixed(1)} ms, outside ${Math.round(lo * 1000)}-${Math.round(hi * 1000)} ms`);
  for (let k = 1; k <= 9; k++) {
    const d = s[Math.floor((k * s.length) / 10)];
    const want = lo + (k * (hi - lo)) / 10;
    if (!(Math.abs(d - want) <= 0.003)) out.push(`decile ${k}: ${(d * 1000).toFixed(1)} ms, not ${(want * 1000).toFixed(0)} ms`);
  }
  return out;
}

const BLOAT = ['bufferbloat-dt', 'bufferbloat-codel', 'bufferbloat-pie', 'bufferbloat-ared'];

describe('the bufferbloat lessons: the round trips without queueing are 34 to 94 ms', () => {
  // Seeded bug, seen failing: the uniform per-connection delay drawn as min + (max - min) u^2
  // (flow-delay.ts: "decile 1: 34.8 ms, not 40 ms").
  /** The bounds from the topology: the three links both ways, plus twice the per-connection delay's range. */
  const bounds = (sc: Scenario) => {
    const top = sc.topology as unknown as { bottleneck: { delay: number }; left: { delay: number }; right: { delay: number }; flowDelay: { kind: string; min: number; max: number } };
    const links = 2 * (top.left.delay + top.bottleneck.delay + top.right.delay);
    expect(top.flowDelay.kind).toBe('uniform');
    return [links + 2 * top.flowDelay.min, links + 2 * top.flowDelay.max];
  };
  it('every such lesson says so, with the delays its topology sets', () => {
    for (const name of BLOAT) {
      const [lo, hi] = bounds(lesson(name).scenario as Scenario);
      expect(textOf(name), name).toContain(`the round trips without queueing are ${Math.round(lo * 1000)} to ${Math.round(hi * 1000)} ms`);
      expect([Math.round(lo * 1000), Math.round(hi * 1000)]).toEqual([34, 94]);
    }
  });
  // the four share their connections (the same seed draws the same delays); 60 s: about 740 web connections
  for (const seed of [lesson('bufferbloat-codel').scenario.seed, 2]) {
    it(`bufferbloat-codel, seed ${seed}: the web connections' round trips are uniform on 34-94 ms`, () => {
      const sc = scenarioOf('bufferbloat-codel', { seed, duration: 60 });
      const rtts = webRtts(sc);
      expect(rtts.length).toBeGreaterThan(500);
      expect(uniformRttProblems(rtts, ...(bounds(sc) as [number, number]))).toEqual([]);
    });
  }
  it('fails where the statement is false: the seeds/002 users\' round trips (10-150 ms of DelayBox alone), read as 34-94 ms', () => {
    const rtts = webRtts(scenarioOf('web-users-dt-90', { duration: 35 }));
    expect(uniformRttProblems(rtts, 0.034, 0.094).length).toBeGreaterThan(5);
  });
});
