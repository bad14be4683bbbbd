import { describe, expect, it } from 'vitest';
import type { DecisionRecord } from '../../src/engine/aqm/decision';
import type { Summary } from '../../src/engine/metrics/types';
import { experimentScenario, PRESETS } from '../../src/engine/scenario/presets';
import type { Scenario } from '../../src/engine/scenario/schema';
import type { EngineScenario } from '../../src/engine/sim-run';
import { rngFor } from '../../src/engine/core/rng';
import { calibrationKey, keyHash } from '../../src/engine/traffic/calibrate';
import { drawFlowDelay, type FlowDelaySpec } from '../../src/engine/traffic/flow-delay';
import { SHIPPED_CALIBRATIONS } from '../../src/engine/traffic/shipped-calibrations';
import { lesson, textOf, scenarioOf, run } from './mechanics-helpers';

/*
 * Lesson sentences the five other mechanics files and the lessons' claims leave unchecked:
 * seeds/004 Fig. 5's deterministic marks above max_th and their reach, Fig. 4's "windows
 * that never bind", the bench lesson's "the path holds about 35 packets plus the queue, so
 * the windows are one or two packets", the byte-mode seeds/000 lesson's "one SYN or ACK in
 * 600 dropped, one data segment in six marked", what the seeds/002 browsing-user lessons
 * with ECN mark and drop, the le-* lessons' "the buffer is large enough that the AQM alone
 * decides", web-users-red-byte-98's rare control-packet drops and its 80 % against 70 %, the
 * round trips rtt-unfair and random-loss state, new gentle's longer stay in the gentle region
 * (web-users-ared-packet-newgentle-98), feng-fig10's loss against max_p, and cubic-vs-reno's
 * "the UDP lets the seed change who loses"; and, without a run, the seeds/004 lessons'
 * buffer sizes, the seeds/002 "general" RTTs' shares, median and mean, and the try-it titles
 * that state a quantity. Each lesson runs with the bottleneck's decision records, the
 * senders' flow events, a cwnd series or its summary, and each sentence is recomputed from
 * the lesson's own parameters (max_th, the link's rate and delays, rwnd, the MSS, the packet
 * sizes) and the paper or RFC it cites.
 *
 * The lesson texts this changed (with a comment at the text saying what was measured):
 * feng-fig5's "above max_th every packet is marked" (a data packet that finds the queue down
 * to one packet is let in, as ns's RED does: 5-7 % of those arriving above max_th, the queue
 * having run empty under the slow average); bench-100-red's "each of the 100 windows is one or
 * two packets" (three quarters of the time; three or four most of the rest); the seeds/002
 * PI and REM lessons with ECN, which said ARED's "in the gentle region (average above max_th)
 * RFC 3168 drops even the ECN-capable packets" of queues that have none (they mark every
 * ECN-capable packet they signal); the seeds/004 Fig. 12 lessons' "the 25 KB queue", a
 * 24 KB buffer (1.2 max_th = 48 packets of 500 bytes), now named with both.
 *
 * Each check was seen to fail: on a seeded bug in the engine or a preset (said at each
 * describe) and, for most, inside this file on a run or a statement where the sentence is
 * false ("fails where ...").
 */

const flowsOf = (sc: Scenario) => sc.traffic.reduce((a, t) => a + ((t as { flows?: number }).flows ?? 1), 0);

// ---- 1. feng-fig5: above max_th every data packet is marked, and the marks reach every sender --

interface Fig5 {
  /** Data packets arriving with the average at or above max_th (overflows aside), and the broken rules in words (the first few) and their number. */
  above: number;
  letIn: number;
  problems: string[];
  broken: number;
  /** Per burst after the warm-up (a stretch of arrivals with the average at or above max_th): the senders it marked, and its length (s). */
  bursts: { flows: number; length: number }[];
}

/**
 * Follows the bottleneck's decisions with the lesson's max_th: a data packet arriving while
 * the average is at or above max_th (RED without gentle: seeds/004 §3.2 "deterministically
 * marking every incoming packet") is marked, unless the instantaneous queue it finds holds at
 * most one packet, which RED lets in whatever the average (ns-2 red.cc signals only with
 * qlen > 1, and so does red.ts) or unless the buffer is full (an overflow). A burst is a
 * maximal run of arrivals with the average at or above max_th; its marks' flows are counted.
 */
function fig5(sc: Scenario): Fig5 {
  const out: Fig5 = { above: 0, letIn: 0, problems: [], broken: 0, bursts: [] };
  const maxTh = (sc.topology as unknown as { links: { queue?: { maxTh?: number } }[] }).links.find((l) => l.queue?.maxTh !== undefined)!.queue!.maxTh!;
  let burst: { from: number; flows: Set<number> } | null = null;
  const bad = (w: string) => {
    out.broken++;
    if (out.problems.length < 5) out.problems.push(w);
  };
  run(
    sc,
    {
      decision: (r: DecisionRecord) => {
        if (r.maxTh !== maxTh) bad(`${r.t.toFixed(3)} s: max_th ${r.maxTh}, not the lesson's ${maxTh}`);
        if (r.avg < maxTh) {
          if (burst && burst.from >= sc.warmup) out.bursts.push({ flows: burst.flows.size, length: r.t - burst.from });
          burst = null;
          return;
        }
        burst ??= { from: r.t, flows: new Set() };
        if (r.outcome === 'mark') burst.flows.add(r.flow);
        if (r.kind !== 'data' || r.reason === 'overflow') return;
        out.above++;
        const want = r.q > 1 ? 'mark' : 'enqueue';
        if (want === 'enqueue') out.letIn++;
        if (r.outcome !== want) bad(`${r.t.toFixed(3)} s, flow ${r.flow}: avg ${r.avg.toFixed(2)} >= max_th ${maxTh}, queue ${r.q}: ${r.outcome}${r.reason ? ` (${r.reason})` : ''}, not ${want}`);
      },
    },
    { decisionQueues: 'forward' },
  );
  return out;
}

describe('feng-fig5: above max_th every data packet is marked (but one that finds the queue down to one packet), and each burst of marks reaches every sender', () => {
  // Seeded bugs, each seen failing all three runs: red.ts marking above max_th only with
  // probability max_p (the random line's value at max_th) instead of always (feng-fig5-240
  // seed 1: "4.910 s, flow 13: avg 80.01 >= max_th 80, queue 88: enqueue, not mark"; the
  // bursts then fail alone too: 8 and 7 after the warm-up at 120 and 240 KB, not more than 20,
  // reaching 15-29 and 21-23 of the 32 senders); red.ts dropping its q > 1 condition
  // ("6.722 s, flow 2: avg 82.33 >= max_th 80, queue 0: mark, not enqueue").
  const FIG5 = ['feng-fig5-120', 'feng-fig5-240'];
  it('every such lesson says so, its queue RED-ECN without gentle, marking above max_th', () => {
    for (const name of FIG5) {
      expect(textOf(name), name).toContain('above max_th every data packet is marked, but for one that finds at most one packet queued (ns\'s RED lets it in): the queue runs empty before the average falls. The deterministic marks reach every sender at once');
      const q = (lesson(name).scenario.topology as unknown as { links: { queue?: Record<string, unknown> }[] }).links[5].queue!;
      expect([q.kind, q.gentle, q.ecn, q.aboveMaxTh, q.maxTh], name).toEqual(['red', false, true, 'mark', 80]);
    }
  });
  const cases: [string, number][] = [
    ['feng-fig5-120', lesson('feng-fig5-120').scenario.seed],
    ['feng-fig5-240', lesson('feng-fig5-240').scenario.seed],
    ['feng-fig5-240', 2],
  ];
  for (const [name, seed] of cases) {
    it(`${name}, seed ${seed}${seed === lesson(name).scenario.seed ? " (the lesson's)" : ''}`, () => {
      const sc = scenarioOf(name, { seed });
      const f = fig5(sc);
      expect(f.problems).toEqual([]);
      // measured at seed 1: 120 KB 51,270 arrivals above max_th, 2,458 let in at queue 0 or 1
      // (4.8 %); 240 KB 60,123 and 4,083 (6.8 %): the "but" is no rounding error, nor the rule
      expect(f.above).toBeGreaterThan(10000);
      expect(f.letIn).toBeGreaterThan(0.01 * f.above);
      expect(f.letIn).toBeLessThan(0.2 * f.above);
      // "at once": a burst after the warm-up every few seconds (the lesson's claim sees the queue
      // build and collapse in every 5 s window), each reaching every sender; one sender may be
      // silent through a burst, waiting out a timeout (79 of 80 bursts reach all 32 at 120 KB,
      // seed 1, the other 31), so: all but one in every burst, all in nine bursts of ten
      const n = flowsOf(sc);
      const span = sc.duration! - sc.warmup;
      expect(f.bursts.length).toBeGreaterThan(span / 5);
      expect(f.bursts.filter((b) => b.flows < n - 1)).toEqual([]);
      expect(f.bursts.filter((b) => b.flows === n).length).toBeGreaterThan(0.9 * f.bursts.length);
    });
  }
  it('fails where the statement is false: the queue dropping above max_th instead (aboveMaxTh drop), and Fig. 3b\'s queue, whose average never reaches max_th after the warm-up', () => {
    const drop = fig5(scenarioOf('feng-fig5-240', { 'topology.links.5.queue.aboveMaxTh': 'drop' }));
    expect(drop.broken).toBeGreaterThan(1000);
    expect(drop.problems[0]).toMatch(/drop \(forced\), not mark/);
    const fig3b = fig5(lesson('feng-fig1-c-32').scenario as Scenario);
    expect(fig3b.bursts.length).toBeLessThan(5);
  });
});

// ---- 2. feng-fig4: windows that never bind --------------------------------------------------

/** The largest cwnd (segments) any flow reached at a 10 ms sample, and what one sample interval can add to it in slow start (every segment the link delivers in it). */
function largestCwnd(sc: Scenario): { most: number; margin: number } {
  const n = flowsOf(sc);
  const interval = 0.01;
  let most = 0;
  run(
    sc,
    {
      series: (b) => {
        for (let f = 0; f < n; f++) for (const v of b.cols[`cwnd.${f}`]) if (v > most) most = v;
      },
    },
    { sampleInterval: interval },
  );
  const links = (sc.topology as unknown as { links: { rate: number; queue?: unknown }[] }).links;
  const rate = links.find((l) => l.queue)!.rate;
  return { most, margin: (rate * interval) / (8 * (sc.tcp as { mss: number }).mss) };
}

describe('feng-fig4: windows that never bind (the receive window is never what limits a sender)', () => {
  // Seeded bug, seen failing: FIG4_RWND in seeds004.ts at 1 << 18 (262 segments of 1000 bytes:
  // "feng-fig4-n4-maxp-0.004: cwnd 317.0 + 12.5 segments, rwnd 262", and the other nine; the
  // engine's cwnd grows past rwnd, which then limits what is sent).
  const GRID = PRESETS.filter((p) => p.group === 'feng-fig4');
  it('every point says so', () => {
    expect(GRID.length).toBe(40);
    for (const p of GRID) expect(p.lesson, p.name).toContain('windows that never bind');
  });
  const rwndSegs = (sc: Scenario) => Math.floor((sc.tcp as { rwnd: number }).rwnd / (sc.tcp as { mss: number }).mss);
  // The windows are largest with the fewest connections (the path and buffer shared by 4, not
  // 8 to 64), so the ten 4-connection points are the ones to check; each grows to 375
  // segments in its first slow start (all ten: the same start, before the first signal), then
  // stays lower.
  it('the 4-connection points: no window reaches the receive window, with a sample\'s growth to spare', () => {
    const bad: string[] = [];
    const n4 = GRID.filter((p) => p.name.startsWith('feng-fig4-n4-'));
    expect(n4.length).toBe(10);
    for (const p of n4) {
      const sc = p.scenario as Scenario;
      const { most, margin } = largestCwnd(sc);
      if (!(most + margin < rwndSegs(sc))) bad.push(`${p.name}: cwnd ${most.toFixed(1)} + ${margin} segments, rwnd ${rwndSegs(sc)}`);
    }
    expect(bad).toEqual([]);
  });
  it('fails where the statement is false: the 20 KB receive window of Figs. 1-3 (20 segments), which 4 connections outgrow', () => {
    const sc = scenarioOf('feng-fig4-n4-dt', { 'tcp.rwnd': (lesson('feng-fig5-120').scenario.tcp as { rwnd: number }).rwnd });
    expect(rwndSegs(sc)).toBe(20);
    const { most, margin } = largestCwnd(sc);
    expect(most + margin).toBeGreaterThan(rwndSegs(sc));
  });
});

// ---- 3. bench-100-red: the path holds about 35 packets plus the queue; most windows one or two --

interface Windows {
  /** Per-flow cwnd samples (segments) from `from` s on, by whole segments: the share at 1-2 and at 1-4. */
  upTo2: number;
  upTo4: number;
  meanQueue: number;
}

function windowsOf(sc: Scenario, from: number): Windows {
  const n = flowsOf(sc);
  let all = 0;
  let two = 0;
  let four = 0;
  let q = 0;
  let qn = 0;
  run(
    sc,
    {
      series: (b) => {
        for (let i = 0; i < b.t.length; i++) {
          if (b.t[i] < from) continue;
          q += b.cols.queue[i];
          qn++;
          for (let f = 0; f < n; f++) {
            const w = Math.floor(b.cols[`cwnd.${f}`][i]);
            if (!Number.isFinite(w)) continue;
            all++;
            if (w <= 2) two++;
            if (w <= 4) four++;
          }
        }
      },
    },
    { sampleInterval: 0.05 },
  );
  return { upTo2: two / all, upTo4: four / all, meanQueue: q / qn };
}

describe('bench-100-red: the path holds only about 35 packets plus the queue, so most of the 100 windows are one or two packets', () => {
  // Seeded bug, seen failing: the sender's congestion-avoidance increase at one segment per ACK
  // instead of 1 / cwnd (sender.ts openCwnd: "expected 0.892 to be greater than 0.95", the
  // share at most four).
  const name = 'bench-100-red';
  const sc = lesson(name).scenario as Scenario;
  it('the lesson says so', () => {
    expect(textOf(name)).toContain('the path holds only about 35 packets plus the queue, so most of the 100 windows are one or two packets (three or four at times)');
  });
  it('the path: the bottleneck\'s rate times the round trip without queueing, in full-size packets, is about 35', () => {
    const top = sc.topology as unknown as { bottleneck: { rate: number; delay: number }; left: { delay: number }; right: { delay: number } };
    const tcp = sc.tcp as { mss: number; headerBytes: number };
    const rtt = 2 * (top.left.delay + top.bottleneck.delay + top.right.delay);
    const bdp = (top.bottleneck.rate * rtt) / (8 * (tcp.mss + tcp.headerBytes));
    // 10 Mb/s x 44 ms / 1500 bytes = 36.7
    expect(Math.abs(bdp - 35)).toBeLessThan(0.1 * 35);
  });
  // RED's average settles within the first 10 s (the lesson's claim), so the windows are read from then on
  it("the lesson's run: from 10 s on, most windows are one or two packets, nearly all at most four", () => {
    const w = windowsOf(sc, 10);
    // measured: 77 % at one or two, 98.9 % at most four (mean queue 73 packets: the path and
    // queue hold about 110 packets for 100 flows)
    expect(w.upTo2).toBeGreaterThan(0.5);
    expect(w.upTo4).toBeGreaterThan(0.95);
  });
  it('fails where the statement is false: 10 flows instead of 100 share the same path', () => {
    const w = windowsOf(scenarioOf(name, { 'traffic.0.flows': 10 }), 10);
    expect(w.upTo2).toBeLessThan(0.5);
    expect(w.upTo4).toBeLessThan(0.95);
  });
});

// ---- 4. web-redecn5-80-byte: one SYN or ACK in 600 dropped, one data segment in six marked ------

/** The share of the forward bottleneck's arrivals of `kinds` that were `what` (drops or marks). */
function kindShare(s: Summary, what: 'drops' | 'marks', kinds: string[]): number {
  const by = (s.bottleneck as unknown as { byKind: Record<string, { arrivals: number; drops: number; marks: number }> }).byKind;
  let n = 0;
  let k = 0;
  for (const x of kinds) {
    n += by[x].arrivals;
    k += by[x][what];
  }
  return k / n;
}

describe('web-redecn5-80-byte: in this run about one SYN or ACK in 600 is dropped, while one data segment in six is marked', () => {
  // Seeded bug, seen failing: byte mode scaling p by size over 1250 after the count correction
  // instead of before (red.ts: "SYNs, SYN-ACKs and pure ACKs dropped: one in: expected 171.4
  // to be greater than 480": the correction then narrows the gap the text says it widens).
  const name = 'web-redecn5-80-byte';
  it('the lesson says so', () => {
    expect(textOf(name)).toContain('in this run about one SYN or ACK in 600 is dropped, while one data segment in six is marked');
  });
  /** "About one in k": one in k / 1.25 to k x 1.25 (within a fifth of 1 / k either way); the "one in" number, for the message. */
  const aboutOneIn = (share: number, k: number) => share * k > 1 / 1.25 && share * k < 1.25;
  const expectAboutOneIn = (share: number, k: number, what: string) => {
    expect(1 / share, what).toBeGreaterThan(k / 1.25);
    expect(1 / share, what).toBeLessThan(k * 1.25);
  };
  const shares = (sc: Scenario) => {
    const s = run(sc, {}).summary;
    return { synAck: kindShare(s, 'drops', ['syn', 'synack', 'ack']), data: kindShare(s, 'marks', ['data']) };
  };
  it("the lesson's run", () => {
    const x = shares(lesson(name).scenario as Scenario);
    // measured: 351 of 202,457 SYNs, SYN-ACKs and pure ACKs dropped (1 in 577), 24,238 of 153,495 data segments marked (1 in 6.3)
    expectAboutOneIn(x.synAck, 600, 'SYNs, SYN-ACKs and pure ACKs dropped: one in');
    expectAboutOneIn(x.data, 6, 'data segments marked: one in');
  });
  it('fails where the statement is false: the packet-mode lesson, where a SYN or ACK meets the probability a data segment does', () => {
    // measured: one SYN, SYN-ACK or pure ACK in 9.5 dropped (10.6 %), about the share of data marked (10.1 %)
    const x = shares(lesson('web-redecn5-80').scenario as Scenario);
    expect(aboutOneIn(x.synAck, 600)).toBe(false);
    expect(x.synAck).toBeGreaterThan(0.1 * x.data);
  });
});

/**
 * The lesson's users fixed at the count its load was calibrated to (the shipped calibration,
 * looked up as a run looks it up), so that a shortened run has the lesson's users instead of
 * calibrating a count of its own (as lesson-mechanics-5 does).
 */
const lessonUsers = (name: string): Record<string, unknown> => {
  const sc = lesson(name).scenario as unknown as EngineScenario;
  const item = { ...(sc.traffic[0] as unknown as Record<string, unknown>) };
  const shipped = SHIPPED_CALIBRATIONS[keyHash(calibrationKey(sc, 0, 'users', item.load as number))];
  if (!shipped) throw new Error(`${name}: no shipped calibration`);
  delete item.load;
  return { ...item, users: shipped.value };
};
const shortened = (name: string, duration: number) => scenarioOf(name, { duration, warmup: 10, 'traffic.0': lessonUsers(name) });

// ---- 5. The browsing-user lessons with ECN: what is marked, what is dropped ----------------------

type EcnRule = 'pi-rem' | 'ared';

interface EcnSignals {
  /** Signals (marks and drops other than overflows) to ECN-capable packets, to the others, and ECN-capable ones dropped in the gentle region. */
  ect: number;
  notEct: number;
  gentleDrops: number;
  problems: string[];
  broken: number;
}

/**
 * Every signal the bottleneck (forward direction) gives but an overflow, judged by the rule
 * the lesson states: a packet that is not ECN-capable (SYN, SYN-ACK, FIN, pure ACK: RFC 3168
 * §6.1.1, only data is sent ECT) is dropped, never marked; an ECN-capable one is marked, by
 * PI and REM whatever their probability (they have no gentle region); by ARED while its
 * average is between the thresholds, and dropped in the gentle region above max_th (RFC 3168
 * §7: a router "MAY drop" ECT packets under severe congestion, and RED's gentle region does;
 * seeds/002 §V-B's new gentle would mark them).
 */
function ecnSignals(records: readonly DecisionRecord[], rule: EcnRule): EcnSignals {
  const out: EcnSignals = { ect: 0, notEct: 0, gentleDrops: 0, problems: [], broken: 0 };
  for (const r of records) {
    if (r.outcome === 'enqueue' || r.reason === 'overflow') continue;
    const ect = r.ecn !== 0;
    let want: 'mark' | 'drop';
    if (!ect) {
      out.notEct++;
      want = 'drop';
    } else {
      out.ect++;
      const high = r.region === 'gentle' || r.region === 'above-max';
      want = rule === 'ared' && high ? 'drop' : 'mark';
      if (want === 'drop' && r.outcome === 'drop') out.gentleDrops++;
    }
    if (r.outcome !== want) {
      out.broken++;
      if (out.problems.length < 5) out.problems.push(`${r.t.toFixed(3)} s: ${r.kind}, ${ect ? 'ECN-capable' : 'not ECN-capable'}, ${r.aqm} region ${r.region}: ${r.outcome}${r.reason ? ` (${r.reason})` : ''}, not ${want}`);
    }
  }
  return out;
}

/** The forward bottleneck's signals (marks and drops) of a run, once per scenario. */
const signalRuns = new Map<string, DecisionRecord[]>();
function signalsOf(sc: Scenario): DecisionRecord[] {
  const key = JSON.stringify(sc);
  let out = signalRuns.get(key);
  if (!out) {
    const rs: DecisionRecord[] = [];
    run(sc, { decision: (r: DecisionRecord) => void (r.outcome !== 'enqueue' && rs.push(r)) }, { decisionQueues: 'forward' });
    signalRuns.set(key, (out = rs));
  }
  return out;
}

describe('the browsing-user lessons with ECN: data marked instead of dropped, the rest dropped; ARED drops even ECN-capable packets in its gentle region, PI and REM have none', () => {
  // Seeded bugs, each seen failing: pi.ts dropping an ECN-capable packet once p passes 0.01
  // (web-users-pi-ecn-98: "23.152 s: data, ECN-capable, pi region none: drop (early), not
  // mark"); red.ts marking ECN-capable packets in the gentle region, new gentle's rule, with
  // aboveMaxTh drop (web-users-ared-packet-ecn-98: "18.018 s: data, ECN-capable, ared region
  // gentle: mark, not drop").
  // The lesson text this changed: the PI and REM lessons said the ARED lessons' "in the gentle
  // region (average above max_th) RFC 3168 drops even the ECN-capable packets", of queues with
  // no average, no max_th and no gentle region (seed 1: web-users-pi-ecn-90 marked 1,835 data
  // packets and dropped none early; web-users-rem-ecn-90 4,261 and none).
  const ECN = PRESETS.filter((p) => /^web-users-.*-ecn-(90|98)$/.test(p.name));
  const ruleOf = (name: string): EcnRule => (/^web-users-(pi|rem)-/.test(name) ? 'pi-rem' : 'ared');
  it('every such lesson says so, for its queue', () => {
    expect(ECN.map((p) => p.name).sort()).toEqual(['web-users-ared-byte-ecn-98', 'web-users-ared-packet-ecn-98', 'web-users-pi-ecn-90', 'web-users-pi-ecn-98', 'web-users-rem-ecn-90', 'web-users-rem-ecn-98']);
    for (const p of ECN) {
      const q = (p.scenario.topology as unknown as { bottleneck: { queue: { kind: string; ecn: boolean; aboveMaxTh?: string; gentle?: boolean } } }).bottleneck.queue;
      expect(q.ecn, p.name).toBe(true);
      if (ruleOf(p.name) === 'ared') {
        expect([q.kind, q.gentle, q.aboveMaxTh], p.name).toEqual(['ared', true, 'drop']);
        expect(p.lesson, p.name).toContain('SYNs, SYN-ACKs and ACKs cannot be marked, and in the gentle region (average above max_th) RFC 3168 drops even the ECN-capable packets.');
      } else {
        expect(['pi', 'rem'], p.name).toContain(q.kind);
        expect(p.lesson, p.name).toContain('data packets are marked instead of dropped, however high the probability climbs (PI and REM have no gentle region where RFC 3168 drops them: only a full buffer does); SYNs, SYN-ACKs, FINs and ACKs cannot be marked and are dropped.');
        expect(p.lesson, p.name).not.toContain('gentle region (average above max_th)');
      }
    }
  });
  // 40 s (30 s for ARED, the costliest) of each: thousands of signals of each kind
  const cases: [string, number][] = [
    ['web-users-pi-ecn-98', 40],
    ['web-users-rem-ecn-90', 40],
    ['web-users-ared-packet-ecn-98', 30],
  ];
  for (const [name, duration] of cases) {
    it(`${name}, ${duration} s`, () => {
      const s = ecnSignals(signalsOf(shortened(name, duration)), ruleOf(name));
      expect(s.problems).toEqual([]);
      expect(s.ect).toBeGreaterThan(300);
      expect(s.notEct).toBeGreaterThan(300);
      if (ruleOf(name) === 'ared') expect(s.gentleDrops).toBeGreaterThan(100);
    });
  }
  it('fails where the statement is false: the ARED lesson read with the PI and REM rule (its gentle region drops ECN-capable packets)', () => {
    const s = ecnSignals(signalsOf(shortened('web-users-ared-packet-ecn-98', 30)), 'pi-rem');
    expect(s.broken).toBeGreaterThan(100);
    expect(s.problems[0]).toMatch(/ECN-capable, ared region (gentle|above-max): drop \(early\), not mark/);
  });
});

// ---- 6. The seeds/002 long-lived-flow lessons: the 2000-packet buffer never fills ------------

describe('the le-* lessons: the buffer (2000 packets) is large enough that the AQM alone decides', () => {
  // The statement holds by construction (the windows cap the queue at 1,100 packets), and a
  // single seeded bug does not break it: the sender ignoring the receive window (sender.ts
  // window() returning cwnd) still passes, PI and ARED holding the queue. Seen failing: a unit
  // bug, queue-disc.ts comparing the packet limit with the bytes queued (the queue holds one
  // packet, nothing overflows but the AQM never signals: "expected 0 to be greater than
  // 1000"); pi.ts taking a quarter of its limit
  // (500 packets) for the buffer, which the slow starts of the warm-up overflow ("expected 7
  // to be +0"; the queue peaks at 346 packets after the warm-up, above 500 before it); and the
  // run below, whose buffer is smaller than the queue PI aims at.
  const LE = PRESETS.filter((p) => /^le-/.test(p.name));
  interface Setup {
    flows: number;
    rwnd: number;
    mss: number;
    limit: number;
  }
  /** The lesson's setup; a byte-mode queue's limit in full-size packets (3,000,000 bytes of 1500-byte packets: 2000). */
  const setupOf = (sc: Scenario): Setup => {
    const q = (sc.topology as unknown as { bottleneck: { queue: { limit: number; unit: string } } }).bottleneck.queue;
    const tcp = sc.tcp as { rwnd: number; mss: number; headerBytes: number };
    return { flows: flowsOf(sc), rwnd: tcp.rwnd, mss: tcp.mss, limit: q.unit === 'bytes' ? q.limit / (tcp.mss + tcp.headerBytes) : q.limit };
  };
  /** The most data packets the flows can have out at once: each sender's receive window, in whole segments (every sender here bulk, one window each). */
  const mostInFlight = (s: Setup) => s.flows * Math.floor(s.rwnd / s.mss);
  it('every such lesson says so, and its windows could not fill the buffer even if all of them sat in it', () => {
    expect(LE.length).toBe(20);
    for (const p of LE) {
      expect(p.lesson, p.name).toContain('100 NewReno flows with 16 KB windows');
      expect(p.lesson, p.name).toContain('the buffer (2000 packets) is large enough that the AQM alone decides');
      const s = setupOf(p.scenario as Scenario);
      expect([s.flows, s.rwnd, s.limit], p.name).toEqual([100, 16 * 1024, 2000]);
      // 100 x floor(16384 / 1460) = 1,100 packets
      expect(mostInFlight(s), p.name).toBeLessThan(s.limit);
    }
  });
  /** Overflows at the bottleneck over the whole run, the slow starts of the warm-up included (the summary's totals count from the warm-up on, its timeline from 0), and the most packets waiting. */
  const overflowsOf = (sc: Scenario) => {
    const t = run(sc, {}).summary.timeline!;
    const sum = (xs: number[]) => xs.reduce((x, y) => x + y, 0);
    return { overflows: sum(t.dropsOverflow), longest: Math.max(...t.queueMax), aqmSignals: sum(t.marks) + sum(t.drops) - sum(t.dropsOverflow) };
  };
  // the run whose queue is held longest (q_ref 240, ECN senders that never time out) and the
  // ARED lesson with the highest thresholds (120, 360): no overflow, the queue within the bound
  for (const name of ['le-pi-240-ecn', 'le-ared-120-byte-ecn']) {
    it(`${name}: no packet overflows, and the queue never holds more than the windows allow`, () => {
      const sc = lesson(name).scenario as Scenario;
      const o = overflowsOf(sc);
      expect(o.overflows).toBe(0);
      expect(o.longest).toBeLessThanOrEqual(mostInFlight(setupOf(sc)));
      // and the AQM does decide: thousands of marks (5,022 and 5,162 after the warm-up)
      expect(o.aqmSignals).toBeGreaterThan(1000);
    });
  }
  it('fails where the statement is false: a 200-packet buffer, under the 240 packets PI steers the queue to', () => {
    const sc = scenarioOf('le-pi-240-ecn', { 'topology.bottleneck.queue.limit': 200 });
    expect(mostInFlight(setupOf(sc))).toBeGreaterThan(setupOf(sc).limit);
    expect(overflowsOf(sc).overflows).toBeGreaterThan(1000);
  });
});

// ---- 7. web-users-red-byte-98: SYNs, FINs and pure ACKs rarely dropped; 80 % within 1 s, against 70 % ----

describe('web-users-red-byte-98: byte mode scales the probability by size over the mean, so SYNs, FINs and pure ACKs are rarely dropped; 80 % of the responses complete within 1 s, against 70 % in packet mode', () => {
  // Seeded bug, seen failing: red.ts ignoring byte mode (its p_b scaling skipped: "syn: 5.056 %
  // dropped, data 5.387 % (bound 0.215 %)", and the same for the SYN-ACKs, FINs and ACKs;
  // within 1 s "expected 70 to be 80").
  const name = 'web-users-red-byte-98';
  const packet = 'web-users-red-packet-98';
  it('the lessons say so', () => {
    expect(textOf(name)).toContain("a packet's drop probability is scaled by its size over the mean packet size (seeds/002 eq. 3), so SYNs, FINs and pure ACKs are rarely dropped");
    expect(textOf(name)).toContain('80 % of the responses complete within 1 s, against 70 % in packet mode');
    const q = (lesson(name).scenario.topology as unknown as { bottleneck: { queue: { mode: string } } }).bottleneck.queue;
    expect(q.mode).toBe('byte');
  });
  const summaries = new Map<string, Summary>();
  const summaryOf = (n: string) => summaries.get(n) ?? summaries.set(n, run(lesson(n).scenario as Scenario, {}).summary).get(n)!;
  type Kinds = Record<string, { arrivals: number; drops: number }>;
  /** Each kind's share of its arrivals dropped, both directions. */
  const dropShares = (s: Summary): Record<string, number> => {
    const a = (s.bottleneck as unknown as { byKind: Kinds }).byKind;
    const b = (s.bottleneckReverse as unknown as { byKind: Kinds }).byKind;
    const out: Record<string, number> = {};
    for (const k of ['data', 'syn', 'synack', 'fin', 'ack']) out[k] = (a[k].drops + b[k].drops) / (a[k].arrivals + b[k].arrivals);
    return out;
  };
  /**
   * "Rarely": a SYN, FIN or pure ACK (ackBytes, 40) meets RED's line times 40 / meanPktSize
   * (1000) before the count correction, a full data segment 1500 / 1000, and the correction
   * raises a large probability more than a small one; so each control kind's drop share is
   * under 40 / 1000 of the data's.
   */
  const rareProblems = (n: string): string[] => {
    const sc = lesson(n).scenario;
    const ratio = (sc.tcp as { ackBytes: number }).ackBytes / (sc.topology as unknown as { bottleneck: { queue: { meanPktSize: number } } }).bottleneck.queue.meanPktSize;
    const d = dropShares(summaryOf(n));
    return ['syn', 'synack', 'fin', 'ack'].filter((k) => !(d[k] < ratio * d.data)).map((k) => `${k}: ${(d[k] * 100).toFixed(3)} % dropped, data ${(d.data * 100).toFixed(3)} % (bound ${(ratio * d.data * 100).toFixed(3)} %)`);
  };
  const within1s = (n: string) => summaryOf(n).web!.cdf.find(([t]) => t === 1)![1];
  it("the lesson's run: each control kind's drop share under 40/1000 of the data's", () => {
    // measured: 0.07-0.10 % of the SYNs, SYN-ACKs, FINs and pure ACKs, 7.5 % of the data segments
    expect(rareProblems(name)).toEqual([]);
  });
  it('within 1 s: 80 % in byte mode, 70 % in packet mode, to the text\'s rounding', () => {
    // measured: 79.96 % and 70.34 %
    expect(Math.round(within1s(name) * 100)).toBe(80);
    expect(Math.round(within1s(packet) * 100)).toBe(70);
  });
  it('fails where the statement is false: packet mode, where a SYN or ACK meets the data\'s probability', () => {
    expect(rareProblems(packet).length).toBe(4);
  });
});

// ---- 8. The round trips the basics lessons state, and the law's goodput from them ----------------

/** Per flow: its handshake's round trip (SYN sent to SYN-ACK received, s): the path's round trip with no queue but a few 40-byte packets. */
function handshakes(sc: Scenario): Map<number, number> {
  const sent = new Map<number, number>();
  const rtt = new Map<number, number>();
  run(sc, {
    flowEvent: (e) => {
      if (e.kind === 'syn-sent' && !sent.has(e.flow)) sent.set(e.flow, e.t);
      if (e.kind === 'established' && !rtt.has(e.flow) && sent.has(e.flow)) rtt.set(e.flow, e.t - sent.get(e.flow)!);
    },
  });
  return rtt;
}
/** The first second of a lesson, every handshake done by then. */
const firstSecond = (name: string, sets: Record<string, unknown> = {}) => handshakes(scenarioOf(name, { duration: 1, warmup: 0, ...sets }));
/** A round trip "before queueing" of `ms`: the handshake takes it, plus at most 1 ms (the 40-byte packets' serialization, and the SYNs of flows starting together queueing behind one another: 0.08-0.21 ms here). */
const before = (rtt: number, ms: number) => rtt * 1000 >= ms - 1e-6 && rtt * 1000 < ms + 1;

describe('rtt-unfair: round trips of 34 and 174 ms before queueing, 5.1 times apart; random-loss: the law\'s 2.3 Mb/s for RTT 44 ms', () => {
  // Seeded bug, seen failing: the per-flow delay added at half its value each way, as if the
  // list gave round trips (simulator.ts: "flow 0: 29.08 ms", and each other flow). Measured:
  // handshakes of 34.08-34.21 and 174.08-174.21 ms, random-loss 44.08 ms.
  it('the lessons say so', () => {
    expect(textOf('rtt-unfair')).toContain('round trips of 34 and 174 ms before queueing, 5.1 times apart');
    expect(textOf('random-loss')).toContain('(MSS / RTT) sqrt(3 / (2 b p)) = 2.3 Mb/s for MSS 1460 bytes, RTT 44 ms, b = 2 (delayed ACKs), p = 0.01');
  });
  it('rtt-unfair: the even-numbered flows\' handshakes take 34 ms, the odd-numbered ones\' 174 ms', () => {
    const hs = firstSecond('rtt-unfair');
    expect(hs.size).toBe(10);
    const bad = [...hs].filter(([f, r]) => !before(r, f % 2 === 0 ? 34 : 174)).map(([f, r]) => `flow ${f}: ${(r * 1000).toFixed(2)} ms`);
    expect(bad).toEqual([]);
    expect((174 / 34).toFixed(1)).toBe('5.1');
  });
  it("random-loss: the handshake takes 44 ms, and the law with the lesson's MSS, delayed ACKs and loss gives 2.3 Mb/s", () => {
    const hs = firstSecond('random-loss');
    expect(before(hs.get(0)!, 44)).toBe(true);
    const sc = lesson('random-loss').scenario;
    const tcp = sc.tcp as { mss: number; delayedAck: boolean };
    const p = (sc.topology as unknown as { bottleneck: { loss: number } }).bottleneck.loss;
    const b = tcp.delayedAck ? 2 : 1;
    expect([tcp.mss, b, p]).toEqual([1460, 2, 0.01]);
    const law = ((tcp.mss * 8) / 0.044) * Math.sqrt(3 / (2 * b * p));
    expect((law / 1e6).toFixed(1)).toBe('2.3');
  });
  it('fails where the statement is false: rtt-unfair with 10 ms more each way on the bottleneck (54 and 194 ms)', () => {
    const hs = firstSecond('rtt-unfair', { 'topology.bottleneck.delay': 0.02 });
    expect([...hs].filter(([f, r]) => !before(r, f % 2 === 0 ? 34 : 174)).length).toBe(10);
  });
});

// ---- 9. seeds/004: the buffers and thresholds the lessons state are their queues' ---------------

describe("seeds/004: the buffers and thresholds each lesson states, in KB and packets, are its bottleneck queue's", () => {
  // No run: the sizes are the scenario's (the queue's limit and max_th in packets, times the
  // packet size, tcp.mss with headerBytes 0), and the sentence is each lesson's. The text this
  // changed: the Fig. 12 lessons' "the 25 KB queue" (§4.2's name) is 1.2 max_th = 48 packets
  // of 500 bytes, 24 KB; they now say both.
  // Seen failing: fig12Queue's limit at 50, the 25 KB taken at its word ("feng-fig12: expected
  // [ 40, 50, 500 ] to deeply equal [ 40, 48, 500 ]", failing feng-fig12's own sentence first),
  // and feng-fig20a-droptail's at 48 ("feng-fig20a-droptail: buffer 24000 bytes, not 20000").
  const FENG = PRESETS.filter((p) => p.name.startsWith('feng-'));
  interface Q {
    kind: string;
    limit: number;
    unit: string;
    maxTh?: number;
  }
  const queueOfPreset = (p: (typeof FENG)[number]): Q => (p.scenario.topology as unknown as { links: { queue?: Q }[] }).links.find((l) => l.queue)!.queue!;
  const bytes = (p: (typeof FENG)[number], packets: number) => {
    const tcp = p.scenario.tcp as { mss: number; headerBytes: number };
    expect(tcp.headerBytes, p.name).toBe(0);
    return packets * tcp.mss;
  };
  it('each statement, lesson by lesson', () => {
    const bad: string[] = [];
    const want = (name: string, what: string, got: number, stated: number) => {
      if (got !== stated) bad.push(`${name}: ${what} ${got} bytes, not ${stated}`);
    };
    let checked = 0;
    for (const p of FENG) {
      const q = queueOfPreset(p);
      expect(q.unit, p.name).toBe('packets');
      const text = p.lesson;
      if (text.includes("25 KB")) {
        // §4.2's queue: 48 packets of 500 bytes (24 KB), 1.2 times max_th (20 KB)
        expect(text, p.name).toMatch(/§4\.2's 25 KB (RED-ECN )?queue \((max_th 20 KB, marking every packet above it; the buffer )?1\.2 max_th(, as §4\.2 sets it)?: 48 packets of 500 bytes,? 24 KB/);
        want(p.name, 'buffer', bytes(p, q.limit), 24000);
        want(p.name, 'max_th', bytes(p, q.maxTh!), 20000);
        want(p.name, '1.2 max_th', bytes(p, q.limit), 1.2 * bytes(p, q.maxTh!));
        checked++;
      }
      if (text.includes('a drop-tail queue of 40 packets (20 KB, the RED queues\' max_th')) {
        want(p.name, 'buffer', bytes(p, q.limit), 20000);
        const red = queueOfPreset(FENG.find((x) => x.name === 'feng-fig12')!);
        want(p.name, "feng-fig12's max_th", bytes(p, red.maxTh!), bytes(p, q.limit));
        checked++;
      }
      if (text.includes('max_th 80 KB in a 96 KB buffer')) {
        want(p.name, 'max_th', bytes(p, q.maxTh!), 80000);
        want(p.name, 'buffer', bytes(p, q.limit), 96000);
        checked++;
      }
      if (text.includes('The RED-ECN queue holds 100 KB (seeds/004 §3.3) with max_th 80 KB')) {
        want(p.name, 'buffer', bytes(p, q.limit), 100000);
        want(p.name, 'max_th', bytes(p, q.maxTh!), 80000);
        checked++;
      }
      if (text.includes('max_th 40 packets of 500 bytes, buffer 48')) {
        expect([q.maxTh, q.limit, (p.scenario.tcp as { mss: number }).mss], p.name).toEqual([40, 48, 500]);
        checked++;
      }
    }
    expect(bad).toEqual([]);
    // feng-fig17 x 4, feng-fig20a-adaptive and -bandwidth-adaptive, feng-fig20b x 12 (25 KB);
    // feng-fig20a-droptail; feng-fig19 x 2; feng-fig7 x 2 and feng-fig8; feng-fig12
    expect(checked).toBe(18 + 1 + 2 + 3 + 1);
  });
});

// ---- 10. The seeds/002 "general" RTTs: the shares, median and mean the lessons state ------------

describe('web100-users-general-*: 5 % of the RTTs under 10 ms, uniform 10-150 ms to the 80th percentile, the tail 7 / 5 / 4.5 / 3.5 % to 3.5 s; median 94 ms, mean 226 ms; 10.5 % and 10.3 % more users', () => {
  // No simulation: each web connection draws its one-way delay from the lesson's flowDelay
  // table (drawFlowDelay, web-users.ts), its RTT twice that (the links' 2 ms not counted, as the
  // text says of the mean); the shares, median and mean are the table's piecewise-linear CDF's,
  // and 200,000 draws of the engine's sampler agree with them.
  // Seeded bug, seen failing: flow-delay.ts returning each band's upper knot instead of
  // interpolating (the sampler's median 150 ms: "expected 56 to be less than 1"); the table
  // check itself fails on a table with another tail (below: the uniform RTTs).
  const GEN = PRESETS.filter((p) => /^web100-users-general-/.test(p.name));
  const UNI = PRESETS.filter((p) => /^web100-users-(dt|pi24|pi240|rem24|rem240|ared|uncongested)/.test(p.name));
  type Spec = { kind: string; points: [number, number][] };
  const specOf = (p: (typeof GEN)[number]) => (p.scenario.topology as unknown as { flowDelay: Spec }).flowDelay;
  /** RTT (s) at which the CDF reaches u: inverse of the table, doubled. */
  const rttAt = (pts: [number, number][], u: number) => {
    let [px, pp] = [pts[0][0], 0];
    for (const [x, p] of pts) {
      if (u <= p) return 2 * (px + ((x - px) * (u - pp)) / (p - pp));
      [px, pp] = [x, p];
    }
    return 2 * pts[pts.length - 1][0];
  };
  /** Share of RTTs below `rtt` s, and the mean RTT: the table's CDF, linear between knots. */
  const shareBelow = (pts: [number, number][], rtt: number) => {
    const x = rtt / 2;
    if (x <= pts[0][0]) return 0;
    let [px, pp] = [pts[0][0], 0];
    for (const [kx, kp] of pts) {
      if (x <= kx) return pp + ((kp - pp) * (x - px)) / (kx - px);
      [px, pp] = [kx, kp];
    }
    return 1;
  };
  const meanRtt = (pts: [number, number][]) => {
    let [px, pp, m] = [pts[0][0], 0, 0];
    for (const [x, p] of pts) {
      m += (p - pp) * (px + x);
      [px, pp] = [x, p];
    }
    return m;
  };
  const SENTENCES = [
    'so 5 % of the RTTs are under 10 ms, uniform 10-150 ms up to the 80th percentile and 20 % above 150 ms',
    'its shape (7 % of the RTTs 150-250 ms, 5 % 250-500 ms, 4.5 % 0.5-1.5 s, 3.5 % 1.5-3.5 s) and end (3.5 s)',
    'Median RTT 94 ms, mean 226 ms (the uniform one\'s 80 ms)',
    '(here 10.5 % at 90 %, 10.3 % at 98 %)',
  ];
  it('every such lesson says so, and uses the table', () => {
    expect(GEN.length).toBeGreaterThan(5);
    for (const p of GEN) {
      for (const s of SENTENCES) expect(p.lesson, p.name).toContain(s);
      expect(specOf(p).kind).toBe('empirical');
      expect(specOf(p).points).toEqual(specOf(GEN[0]).points);
    }
  });
  /** The statements' numbers recomputed from a table, in words where they differ. */
  const problems = (pts: [number, number][]): string[] => {
    const out: string[] = [];
    const band = (lo: number, hi: number, want: number) => {
      const got = shareBelow(pts, hi) - shareBelow(pts, lo);
      if (Math.abs(got - want) > 1e-9) out.push(`${lo * 1000}-${hi * 1000} ms: ${(got * 100).toFixed(2)} %, not ${want * 100}`);
    };
    band(0, 0.01, 0.05);
    band(0.15, 0.25, 0.07);
    band(0.25, 0.5, 0.05);
    band(0.5, 1.5, 0.045);
    band(1.5, 3.5, 0.035);
    band(3.5, 100, 0);
    if (Math.abs(shareBelow(pts, 0.15) - 0.8) > 1e-9) out.push(`${(shareBelow(pts, 0.15) * 100).toFixed(2)} % under 150 ms, not 80`);
    // uniform between 10 and 150 ms: the CDF a straight line there (a knot at each end, none between)
    if (pts.some(([x]) => 2 * x > 0.01 + 1e-12 && 2 * x < 0.15 - 1e-12)) out.push('a knot between 10 and 150 ms');
    const median = rttAt(pts, 0.5) * 1000;
    if (Math.round(median) !== 94) out.push(`median ${median.toFixed(1)} ms, not 94`);
    const mean = meanRtt(pts) * 1000;
    if (Math.round(mean) !== 226) out.push(`mean ${mean.toFixed(1)} ms, not 226`);
    return out;
  };
  it('the table gives each number', () => {
    // 10 + (0.5 - 0.05) / 0.75 x 140 = 94 ms; the mean 0.05 x 5.5 + 0.75 x 80 + 0.07 x 200 + 0.05 x 375 + 0.045 x 1000 + 0.035 x 2500 = 225.5 ms
    expect(problems(specOf(GEN[0]).points)).toEqual([]);
  });
  it("the engine's sampler draws that distribution: 200,000 draws' median within 1 ms, mean within 2 %", () => {
    const rng = rngFor(1, 'lesson-mechanics-6');
    const xs = Array.from({ length: 200000 }, () => 2 * drawFlowDelay(specOf(GEN[0]) as FlowDelaySpec, rng)).sort((a, b) => a - b);
    const median = xs[xs.length / 2];
    const mean = xs.reduce((a, b) => a + b, 0) / xs.length;
    expect(Math.abs(median * 1000 - 94)).toBeLessThan(1);
    expect(Math.abs(mean / 0.226 - 1)).toBeLessThan(0.02);
  });
  it('the users: the general count over the uniform one, at each load, rounds to the stated share', () => {
    const users = (name: string) => (lesson(name).scenario.traffic[0] as unknown as { users: number }).users;
    expect(((users('web100-users-general-dt-90') / users('web100-users-dt-90') - 1) * 100).toFixed(1)).toBe('10.5');
    expect(((users('web100-users-general-dt-98') / users('web100-users-dt-98') - 1) * 100).toFixed(1)).toBe('10.3');
  });
  it('fails where the statement is false: the uniform lessons\' RTTs (10-150 ms: median and mean 80 ms), as a table', () => {
    expect(UNI.length).toBeGreaterThan(5);
    expect(problems([[0.005, 0], [0.075, 1]]).length).toBeGreaterThan(5);
  });
});

// ---- 11. The "try it" titles: the changed run has what the title says -------------------------

describe('the try-it titles that state a quantity: the changed scenario has it (and two lessons\' own "one round trip of data" and "1.2 s of data")', () => {
  // No run: each experiment's scenario (experimentScenario, as the app and lesson-parts build
  // it) against its title's numbers, recomputed from the links (round trip: twice the three
  // links' delays, plus twice the per-connection delay where there is one; a round trip of
  // data: rate x RTT / (8 x (MSS + headers))). All held when written.
  // Seen failing: cubic-vs-reno's short path with the bottleneck delay at 0.005 ("expected '14
  // ms round trip' to be '10 ms round trip'"); CoDel's default target at 0.01 (codel.ts: the
  // swapped-in queue's target 0.01, expected 0.005); cubic-vs-reno's bottleneck delay at 0.058
  // ("expected 120 to be 100").
  type Q = { kind: string; limit: number; target?: number; minTh?: number; maxTh?: number; maxP?: number; alpha?: number; beta?: number };
  interface Dumbbell {
    bottleneck: { rate: number; delay: number; queue: Q };
    left: { delay: number };
    right: { delay: number };
    flowDelay?: { kind: string; min: number; max: number };
  }
  const exp = (name: string, title: string) => {
    const p = lesson(name);
    const e = p.experiments!.find((x) => x.title.startsWith(title));
    if (!e) throw new Error(`${name}: no experiment "${title}..."`);
    return { lesson: p.scenario as Scenario, changed: experimentScenario(p, e), title: e.title };
  };
  const top = (sc: Scenario) => sc.topology as unknown as Dumbbell;
  const linksRtt = (sc: Scenario) => 2 * (top(sc).left.delay + top(sc).bottleneck.delay + top(sc).right.delay);
  const packetsPerRtt = (sc: Scenario, rtt: number) => {
    const tcp = sc.tcp as { mss: number; headerBytes: number };
    return (top(sc).bottleneck.rate * rtt) / (8 * (tcp.mss + tcp.headerBytes));
  };
  it('cubic-vs-reno: a short path, 10 ms round trip, an 83-packet buffer (one round trip of data)', () => {
    const { changed, title } = exp('cubic-vs-reno', 'A short path');
    expect(title).toContain('10 ms round trip, an 83-packet buffer (one round trip of data)');
    expect(top(changed).flowDelay).toBeUndefined();
    expect(`${Math.round(linksRtt(changed) * 1000)} ms round trip`).toBe('10 ms round trip');
    expect(top(changed).bottleneck.queue.limit).toBe(Math.floor(packetsPerRtt(changed, linksRtt(changed))));
  });
  it('bufferbloat-dt: 50 packets, about one round trip of data (the round trips 34-94 ms: 64 ms on average)', () => {
    const { changed, title } = exp('bufferbloat-dt', 'Shrink the buffer to 50 packets');
    expect(title).toContain('(about one round trip of data)');
    const fd = top(changed).flowDelay!;
    expect(fd.kind).toBe('uniform');
    const meanRtt = linksRtt(changed) + (fd.min + fd.max);
    // 10 Mb/s x 64 ms / 1500 bytes = 53 packets: 50 is within a tenth of it
    expect(Math.abs(top(changed).bottleneck.queue.limit / packetsPerRtt(changed, meanRtt) - 1)).toBeLessThan(0.1);
  });
  it("default: CoDel's 5 ms target, PIE's 15 ms target, drop-tail, each in the same 100-packet buffer", () => {
    for (const [title, kind, target] of [
      ['Replace RED with CoDel (5 ms target, the same buffer)', 'codel', 0.005],
      ['Replace RED with PIE (15 ms target, the same buffer)', 'pie', 0.015],
      ['Replace RED with drop-tail (the same 100-packet buffer)', 'droptail', undefined],
    ] as const) {
      const { lesson: before, changed } = exp('default', title);
      const q = top(changed).bottleneck.queue;
      expect([title, q.kind, q.target, q.limit]).toEqual([title, kind, target, top(before).bottleneck.queue.limit]);
    }
    expect(top(exp('default', 'Replace RED with drop-tail').changed).bottleneck.queue.limit).toBe(100);
  });
  it('rtt-unfair: RED with min_th 5, max_th 15, in the same buffer', () => {
    const { lesson: before, changed } = exp('rtt-unfair', 'Replace drop-tail with RED (min_th 5, max_th 15, the same buffer)');
    const q = top(changed).bottleneck.queue;
    expect([q.kind, q.minTh, q.maxTh, q.limit]).toEqual(['red', 5, 15, top(before).bottleneck.queue.limit]);
  });
  it("and the lessons' own: cubic-vs-reno's 100 ms round trip and 800 packets, about one round trip of data; the bufferbloat lessons' 1000 packets, 1.2 s of data at 10 Mb/s", () => {
    const c = lesson('cubic-vs-reno').scenario as Scenario;
    expect(textOf('cubic-vs-reno')).toContain('the round trip is 100 ms and the buffer holds 800 packets, about one round trip of data');
    expect(top(c).flowDelay).toBeUndefined();
    expect(Math.round(linksRtt(c) * 1000)).toBe(100);
    // 100 Mb/s x 100 ms / 1500 bytes = 833 packets: 800 is within 5 % of it
    expect(top(c).bottleneck.queue.limit).toBe(800);
    expect(Math.abs(800 / packetsPerRtt(c, linksRtt(c)) - 1)).toBeLessThan(0.05);
    for (const name of ['bufferbloat-dt', 'bufferbloat-codel', 'bufferbloat-pie', 'bufferbloat-ared']) {
      const b = lesson(name).scenario as Scenario;
      expect(textOf(name), name).toContain('1000-packet buffer: 1.2 s of data at 10 Mb/s');
      expect([top(b).bottleneck.queue.limit, top(b).bottleneck.rate], name).toEqual([1000, 10e6]);
      // 1000 packets of 1500 bytes at 10 Mb/s
      expect((1000 / packetsPerRtt(b, 1)).toFixed(1), name).toBe('1.2');
    }
  });
  it('the PI lessons measured after 100 s: 100-130 s instead of 10-40 s, a run about three times as long', () => {
    for (const name of ['web100-users-pi24-98', 'web100-users-general-pi24-ecn-98']) {
      const { lesson: before, changed } = exp(name, 'Measure after PI has settled: 100-130 s instead of 10-40 s (a run three times as long)');
      expect([before.warmup, before.duration, changed.warmup, changed.duration], name).toEqual([10, 40, 100, 130]);
      expect(Math.round(changed.duration! / before.duration!), name).toBe(3);
    }
  });
});

// ---- 12. New gentle in packet mode: the average stays in the gentle region longer, and the
// packets that cannot be marked are dropped more often --------------------------------------

interface Gentle {
  /** Arrivals (from 10 s on) finding the average in the gentle region or above; the Not-ECT ones, and those of them dropped. */
  arrivals: number;
  gentle: number;
  notEct: number;
  notEctDropped: number;
}

function gentleOf(sc: Scenario): Gentle {
  const g: Gentle = { arrivals: 0, gentle: 0, notEct: 0, notEctDropped: 0 };
  run(
    sc,
    {
      decision: (r: DecisionRecord) => {
        if (r.t < 10) return;
        g.arrivals++;
        if (r.region === 'gentle' || r.region === 'above-max') g.gentle++;
        if (r.ecn === 0) {
          g.notEct++;
          if (r.outcome === 'drop') g.notEctDropped++;
        }
      },
    },
    { decisionQueues: 'forward' },
  );
  return g;
}

describe('web-users-ared-packet-newgentle-98: marking the data in the gentle region lets the average stay there longer, and the packets that cannot be marked meet its high drop probability more often', () => {
  // Against the same users through the RFC 3168 rule (web-users-ared-packet-ecn-98), 40 s of
  // each with the lessons' users. Measured: the average in the gentle region at 22.8 % of the
  // arrivals against 10.1 %, the Not-ECT packets dropped 12.6 % against 3.9 % (the lessons' own
  // 150 s: 18.0 / 9.9 % and 11.7 / 7.3 %).
  // Seeded bug, seen failing: red.ts applying the RFC 3168 rule for new-gentle too (aboveMaxTh
  // 'new-gentle' dropping ECN-capable packets in the gentle region: the two runs the same,
  // "expected 0.1013 to be greater than 0.1519").
  const NG = 'web-users-ared-packet-newgentle-98';
  const RFC = 'web-users-ared-packet-ecn-98';
  it('the lesson says so, and the two differ only in that rule', () => {
    expect(textOf(NG)).toContain('Marking the data in the gentle region lets the average stay there longer, and the packets that cannot be marked (pure ACKs, FINs, SYNs and SYN-ACKs: Not-ECT under RFC 3168) meet its high drop probability more often');
    const q = (n: string) => (lesson(n).scenario.topology as unknown as { bottleneck: { queue: Record<string, unknown> } }).bottleneck.queue;
    expect({ ...q(NG), aboveMaxTh: null }).toEqual({ ...q(RFC), aboveMaxTh: null });
    expect([q(NG).aboveMaxTh, q(RFC).aboveMaxTh]).toEqual(['new-gentle', 'drop']);
  });
  it('40 s of each: the gentle region half as often again, the Not-ECT packets dropped more often', () => {
    const ng = gentleOf(shortened(NG, 40));
    const rfc = gentleOf(shortened(RFC, 40));
    expect(ng.arrivals).toBeGreaterThan(30000);
    // "longer": at least half as long again (measured: more than twice)
    expect(ng.gentle / ng.arrivals).toBeGreaterThan(1.5 * (rfc.gentle / rfc.arrivals));
    expect(ng.notEctDropped / ng.notEct).toBeGreaterThan(1.5 * (rfc.notEctDropped / rfc.notEct));
  });
});

// ---- 13. feng-fig10: every signal a loss; the loss falls a little to max_p 0.063, then rises ----

describe('feng-fig10: every congestion signal is now a loss; the loss rate falls only a little with max_p (lowest at 0.063) and rises again at a large max_p, whose shorter queue means shorter round trips', () => {
  // The three lessons side by side (each claim holds its own number against a constant; this
  // compares the runs). Measured: loss 3.34 / 3.04 / 4.38 %, no mark.
  // Seeded bug, seen failing: red.ts taking every packet as ECN-capable (ect = true:
  // "feng-fig10-maxp-0.004: 108 marks", 2,938 and 30,036 at the others).
  const NAMES = ['feng-fig10-maxp-0.004', 'feng-fig10-maxp-0.063', 'feng-fig10-maxp-0.5'];
  it('the lessons say so, and differ only in max_p', () => {
    for (const n of NAMES) expect(textOf(n), n).toContain('Every congestion signal is now a loss: seeds/004 shows the loss rate can only fall a little with max_p (lowest at 0.063), and rises again when max_p is large because a shorter queue means shorter round trips and so more signals (its eq. 2)');
    const q = (n: string) => (lesson(n).scenario.topology as unknown as { links: { queue?: Record<string, unknown> }[] }).links[5].queue!;
    for (const n of NAMES) expect({ ...q(n), maxP: null }, n).toEqual({ ...q(NAMES[0]), maxP: null });
    expect(NAMES.map((n) => q(n).maxP)).toEqual([0.004, 0.063, 0.5]);
  });
  it('their runs', () => {
    const b = NAMES.map((n) => run(lesson(n).scenario as Scenario, {}).summary.bottleneck);
    expect(b.map((x, i) => (x.marks > 0 ? `${NAMES[i]}: ${x.marks.toLocaleString('en-US')} marks` : ''))).toEqual(['', '', '']);
    const [lo, mid, hi] = b.map((x) => x.lossRate);
    expect(mid).toBeLessThan(lo);
    expect(mid).toBeLessThan(hi);
    // "only a little": the lowest within a fifth of the smallest max_p's
    expect(mid).toBeGreaterThan(0.8 * lo);
    // the large max_p: the shortest queue (and so the shortest round trips) and the most loss;
    // and, as eq. 2 has it, the least loss where the queue is longest (0.063: 62.5 packets on
    // average against 56.5 at 0.004, whose overflows cost timeouts that empty it, and 29 at 0.5)
    const queues = b.map((x) => x.meanQueuePackets);
    expect(queues[2]).toBe(Math.min(...queues));
    expect(queues[1]).toBe(Math.max(...queues));
    expect(hi).toBeGreaterThan(lo);
  });
});

// ---- 14. cubic-vs-reno: the UDP traffic is what lets the seed change who loses at an overflow ----

describe('cubic-vs-reno: a little other traffic (2 Mb/s of UDP) shares the queue, so the seed changes who loses at an overflow', () => {
  // The first 60 s (four or five of CUBIC's losses) at seeds 1-3, with the lesson's UDP and
  // without it: with it the flows' drops differ from seed to seed (measured: 45 / 4, 63 / 6,
  // 41 / 2 drops of the CUBIC and the NewReno flow); without it nothing in the run is random
  // and every seed loses the same packets (47 / 4 each).
  // Seeded bug, seen failing: udp.ts drawing its Poisson gaps from a stream that ignores the
  // scenario's seed (rngFor(1, ...): "45 / 4, 45 / 4, 45 / 4: expected 1 to be 3").
  const name = 'cubic-vs-reno';
  /** Each TCP flow's drops, per seed, as "a / b". */
  const dropsBySeed = (udp: boolean): string[] =>
    [1, 2, 3].map((seed) => {
      const sc = scenarioOf(name, { seed, duration: 60 });
      const traffic = sc.traffic as unknown as { kind: string }[];
      expect(traffic.filter((t) => t.kind === 'udp').length).toBe(1);
      if (!udp) (sc as unknown as { traffic: unknown[] }).traffic = traffic.filter((t) => t.kind !== 'udp');
      const s = run(sc, {}).summary;
      return s.flows
        .slice(0, 2)
        .map((f) => f.drops)
        .join(' / ');
    });
  it('the lesson says so, and its UDP is 2 Mb/s of Poisson arrivals, the only random thing in it', () => {
    expect(textOf(name)).toContain('A little other traffic (2 Mb/s of UDP) shares the queue, so the seed changes who loses at an overflow.');
    const udp = (lesson(name).scenario.traffic as unknown as { kind: string; rate?: number; pattern?: string }[]).filter((t) => t.kind === 'udp');
    expect(udp.map((u) => [u.rate, u.pattern])).toEqual([[2e6, 'poisson']]);
  });
  it('with the UDP, the drops differ from seed to seed', () => {
    const d = dropsBySeed(true);
    expect(new Set(d).size, d.join(', ')).toBe(3);
  });
  it('fails where the statement is false: without the UDP every seed drops the same', () => {
    const d = dropsBySeed(false);
    expect(new Set(d).size, d.join(', ')).toBe(1);
  });
});
