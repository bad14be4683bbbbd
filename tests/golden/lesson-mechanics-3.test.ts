import { describe, expect, it } from 'vitest';
import type { DecisionRecord } from '../../src/engine/aqm/decision';
import type { FlowEvent } from '../../src/engine/net/agent';
import type { RunResult } from '../../src/engine/metrics/types';
import { PRESETS } from '../../src/engine/scenario/presets';
import type { Scenario } from '../../src/engine/scenario/schema';
import { lesson, textOf, scenarioOf, run } from './mechanics-helpers';

/*
 * The lessons' sentences about TCP and the traffic, as lesson-mechanics.test.ts and -2 check
 * the AQMs': the timers a lost packet of a short web exchange waits for (the 1 s minimum
 * RTO, the initial RTO of a SYN or SYN-ACK, doubling at each repeat); Reno's window (half a
 * segment per round trip with delayed ACKs, halved at a loss repaired by fast retransmit, one
 * segment after a timeout) in rtt-unfair, random-loss, lockout-dt and bufferbloat-dt; the
 * random loss both ways; the web workloads' RTTs, object sizes and connections. Each lesson
 * runs with the bottleneck queues' decision records (every packet that reaches them, its
 * flow, kind and sequence number, and whether it was dropped), the senders' flow events, a
 * cwnd series or the web exchanges' records, and each sentence is checked loss by loss or
 * exchange by exchange, with the constants taken from the lesson's own parameters (minRto,
 * initialRto, dupackThreshold, delayedAck, windowCut, the loss, the delay and size
 * distributions) and the RFCs and papers they stand for.
 *
 * The lesson texts this changed (each with a comment at the text saying what was measured):
 * rtt-unfair's "halves it on a loss" (the short-RTT flows time out once for every two fast
 * retransmits, the long-RTT flows once for every four or five, and a timeout restarts the
 * window from one packet); lockout-dt's drops at 21 s (they cost flow 1 a timeout, the later
 * single drops halve its window, flow 0's keeps growing); bufferbloat-dt's "the overflow cuts
 * every window" (it drops several packets of every upload, and most uploads time out); the
 * web100 lessons' "mean 7.2 KB" (the Pareto's: a run's responses average about 4.5 KB).
 *
 * Each check was seen to fail: on a seeded bug in the engine (said at each describe) and,
 * inside this file, on a run or a statement where the sentence is false ("fails where ...").
 */

interface TcpSettings {
  mss: number;
  headerBytes: number;
  initialCwnd: number;
  dupackThreshold: number;
  minRto: number;
  initialRto: number;
  delayedAck: boolean;
}
const tcpOf = (sc: Scenario) => sc.tcp as unknown as TcpSettings;

// ---- 1. Web exchanges: a lost packet of a short exchange waits for a timer ------------------

/** What reached a bottleneck queue (either direction), in arrival order. */
interface Arrival {
  t: number;
  dropped: boolean;
  seq: number;
  /** Payload bytes (data), 0 otherwise. */
  len: number;
}

interface WebTrace {
  /** Data segments by stream: flow and queue (a web flow is one exchange; its request and its response cross opposite queues). */
  data: Map<string, Arrival[]>;
  syn: Map<number, Arrival[]>;
  synAck: Map<number, Arrival[]>;
  /** Response sizes (bytes) of the exchanges completed (started after the warm-up). */
  responses: number[];
  /** Their connections' round-trip propagation delays without the links' own (s): the DelayBox draw, both ways. */
  rtts: number[];
  result: RunResult;
}

/** Runs already traced in this file, by lesson and settings (two describes read one run). */
const traced = new Map<string, WebTrace>();

/** The lesson's run (with `sets`) traced, once per file. */
function traceLesson(name: string, sets: Record<string, unknown>): WebTrace {
  const key = `${name} ${JSON.stringify(sets)}`;
  let tr = traced.get(key);
  if (!tr) traced.set(key, (tr = traceWeb(scenarioOf(name, sets))));
  return tr;
}

function traceWeb(sc: Scenario): WebTrace {
  const hdr = tcpOf(sc).headerBytes;
  const top = sc.topology as unknown as { bottleneck: { delay: number }; left: { delay: number }; right: { delay: number } };
  const links = 2 * (top.left.delay + top.bottleneck.delay + top.right.delay);
  const rtts: number[] = [];
  const data = new Map<string, Arrival[]>();
  const syn = new Map<number, Arrival[]>();
  const synAck = new Map<number, Arrival[]>();
  const responses: number[] = [];
  const push = <K>(m: Map<K, Arrival[]>, k: K, a: Arrival) => {
    const l = m.get(k);
    if (l) l.push(a);
    else m.set(k, [a]);
  };
  const result = run(
    sc,
    {
      decision: (r: DecisionRecord) => {
        const a = { t: r.t, dropped: r.outcome === 'drop', seq: r.seq ?? 0, len: r.bytes - hdr };
        if (r.kind === 'data' && r.seq !== undefined) push(data, `${r.flow}/${r.queue}`, a);
        else if (r.kind === 'SYN') push(syn, r.flow, a);
        else if (r.kind === 'SYN-ACK') push(synAck, r.flow, a);
      },
      exchanges: (b) => {
        responses.push(...b.rsp);
        b.rtt.forEach((x) => rtts.push(x - links));
      },
    },
    { decisionQueues: 'both' },
  );
  return { data, syn, synAck, responses, rtts, result };
}

/**
 * A host's packets share its 100 Mb/s access link (one host per side carries every
 * connection, seeds000Json): a segment may wait there behind other connections' packets
 * (0.12 ms each) before it reaches the bottleneck, and its repeat may not, so a repeat can
 * reach the bottleneck up to that wait sooner than its timer says. 20 ms is 170 full packets
 * queued at the host (the runs here: at most 1.2 ms).
 */
const ACCESS_WAIT = 0.02;

interface RepeatGaps {
  /** Seconds from each dropped data segment to the next copy of it reaching the queue. */
  gaps: number[];
  /** Streams whose segments count (short or long, as asked). */
  streams: number;
}

/** The length of a data stream in segments, from what reached the queue (every segment does: one path). */
function segmentsOf(xs: Arrival[], mss: number): number {
  let lo = Infinity;
  let hi = 0;
  for (const x of xs) {
    lo = Math.min(lo, x.seq);
    hi = Math.max(hi, x.seq + x.len);
  }
  return Math.ceil((hi - lo) / mss);
}

/** The repeat gaps of the dropped data segments of streams of at most (or at least) `n` segments. */
function repeatGaps(tr: WebTrace, mss: number, keep: (segments: number) => boolean): RepeatGaps {
  const gaps: number[] = [];
  let streams = 0;
  for (const xs of tr.data.values()) {
    if (!keep(segmentsOf(xs, mss))) continue;
    streams++;
    xs.forEach((x, i) => {
      if (!x.dropped) return;
      const again = xs.slice(i + 1).find((y) => y.seq === x.seq);
      if (again) gaps.push(again.t - x.t);
    });
  }
  return { gaps, streams };
}

/** The gaps under `floor` (a repeat sooner than the timer allows), the first few in words. */
const under = (gaps: number[], floor: number) => gaps.filter((g) => g < floor).map((g) => `a repeat ${g.toFixed(4)} s after the drop`);

describe('web-red5-80: a dropped packet of a short exchange is repaired only by a timeout, after the 1 s minimum RTO', () => {
  // Seeded bugs, each seen failing both seeds: RtoEstimator.sample without the minRto floor
  // (rto.ts, max(0, rto): 1,063 repeats under 0.98 s at seed 3, "a repeat 0.1200 s after the
  // drop"); fast retransmit on the first duplicate ACK (sender.ts dupThresh = 1: 122 of them,
  // "a repeat 0.0433 s after the drop").
  const name = 'web-red5-80';
  const tcp = tcpOf(lesson(name).scenario);
  /*
   * A short stream is one of at most dupackThreshold segments: a loss in it is followed by
   * fewer than dupackThreshold duplicate ACKs, so no fast retransmit (RFC 5681 §3.2), and
   * only the retransmission timer repairs it, which never runs out before minRto (RFC 6298
   * §2.4: "Whenever RTO is computed, if it is less than 1 second, then the RTO SHOULD be
   * rounded up to 1 second"; seeds/000 Table 2 sets it, 1 s). A copy of a dropped segment
   * reaching the queue sooner than minRto (less the host's access wait) would be a repair
   * without the timeout; more than that is the timer, backed off for a copy dropped again.
   */
  const short = (n: number) => n <= tcp.dupackThreshold;
  it('the lesson says so, with the minimum RTO its TCP uses', () => {
    expect(textOf(name)).toContain(`a dropped packet of a short response (often its only one, or its SYN) can only be repaired by a timeout: watch the CDF stall until the ${tcp.minRto} s minimum RTO and jump after it`);
    expect(tcp.dupackThreshold).toBe(3);
  });
  // 80 s (50 s after the 30 s warm-up) at the lesson's seed and seed 1: 1.5-2 s each, hundreds of repeats
  for (const seed of [lesson(name).scenario.seed, 1]) {
    it(`seed ${seed}${seed === lesson(name).scenario.seed ? " (the lesson's)" : ''}: no copy of a dropped segment of a short stream comes before the 1 s minimum RTO`, () => {
      const tr = traceLesson(name, { seed, duration: 80 });
      const g = repeatGaps(tr, tcp.mss, short);
      expect(under(g.gaps, tcp.minRto - ACCESS_WAIT)).toEqual([]);
      expect(g.gaps.length).toBeGreaterThan(300);
      // and the typical repeat comes at the timer's floor itself: RTO = max(minRto, SRTT + 4
      // RTTVAR) is the 1 s floor for these round trips, so the median gap is within the
      // access wait under it and 10 % over it (measured: 1 s exactly at seeds 3 and 1; the
      // soonest 1 s less 1.2 ms, the original having waited behind other packets at the host)
      const median = [...g.gaps].sort((a, b) => a - b)[Math.floor(g.gaps.length / 2)];
      expect(median).toBeGreaterThanOrEqual(tcp.minRto - ACCESS_WAIT);
      expect(median).toBeLessThan(1.1 * tcp.minRto);
    });
  }
  it('fails where the statement is false: the long streams (10 segments or more), whose losses fast retransmit repairs within a round trip', () => {
    const tr = traceLesson(name, { seed: lesson(name).scenario.seed, duration: 80 });
    const g = repeatGaps(tr, tcp.mss, (n) => n >= 10);
    expect(under(g.gaps, tcp.minRto - ACCESS_WAIT).length).toBeGreaterThan(0.3 * g.gaps.length);
  });
});

/** The longest a packet can wait in a bottleneck queue: its limit of full packets, each sent at the bottleneck's rate. */
function longestWait(sc: Scenario): number {
  const b = (sc.topology as unknown as { bottleneck: { rate: number; queue: { limit: number; unit?: string } } }).bottleneck;
  if (b.queue.unit === 'bytes') throw new Error('the bound is written for a queue in packets');
  const t = tcpOf(sc);
  return (b.queue.limit * 8 * (t.mss + t.headerBytes)) / b.rate;
}

interface HandshakeProblems {
  /** A SYN sent again other than initialRto x 2^k after the one before (k earlier repeats). */
  syn: string[];
  /** The first SYN-ACK through after a dropped one coming sooner than the initial RTO allows. */
  synAck: string[];
  synRepeats: number;
  synAckDrops: number;
  /** The repeats' gaps, s, and the SYN-ACK waits. */
  synGaps: number[];
  synAckWaits: number[];
}

/**
 * The handshake's timer, RFC 6298: before any round trip is measured the RTO is the
 * initial one (§2.1; seeds/000 Table 2: 6 s, seeds/003: 3 s), and each expiry doubles it
 * (§5.5). So a client's SYNs reach the queue initialRto, 2 initialRto, 4 initialRto ...
 * apart (less or more the host's access wait); a server's SYN-ACK lost is sent again on its
 * own timer, initialRto later, or in answer to the client's repeated SYN, which the client
 * sent initialRto after its first: the first SYN-ACK to get through after a dropped one
 * comes no sooner than initialRto less the longest wait the client's first SYN can have
 * had that its repeat did not (a full queue, `queueWait`).
 */
function handshakeProblems(tr: WebTrace, initialRto: number, queueWait: number): HandshakeProblems {
  const out: HandshakeProblems = { syn: [], synAck: [], synRepeats: 0, synAckDrops: 0, synGaps: [], synAckWaits: [] };
  for (const [flow, xs] of tr.syn)
    for (let i = 1; i < xs.length; i++) {
      const gap = xs[i].t - xs[i - 1].t;
      const want = initialRto * 2 ** (i - 1);
      out.synRepeats++;
      out.synGaps.push(gap);
      if (!(Math.abs(gap - want) <= ACCESS_WAIT) && out.syn.length < 5) out.syn.push(`flow ${flow}: SYN ${i + 1} ${gap.toFixed(4)} s after SYN ${i}, not ${want} s`);
    }
  for (const [flow, xs] of tr.synAck) {
    const d = xs.findIndex((x) => x.dropped);
    if (d < 0) continue;
    const through = xs.slice(d + 1).find((x) => !x.dropped);
    if (!through) continue;
    out.synAckDrops++;
    const wait = through.t - xs[d].t;
    out.synAckWaits.push(wait);
    if (!(wait >= initialRto - queueWait - ACCESS_WAIT) && out.synAck.length < 5) out.synAck.push(`flow ${flow}: a SYN-ACK through ${wait.toFixed(4)} s after one was dropped, sooner than ${initialRto} s less ${queueWait.toFixed(3)} s`);
  }
  return out;
}

describe('web-dt148-80-sack: most responses are a few segments, whose losses wait for a timeout whatever the recovery; SACK helps the long ones', () => {
  // Seeded bug, seen failing both seeds: SACK recovery starting at the first duplicate ACK
  // (sack.ts, SackRecovery(1): "a repeat 0.1485 s after the drop"; a real early retransmit,
  // RFC 5827, which this engine does not have, would make the sentence false too). Where it is
  // false, in this file: the long responses, whose losses SACK repairs sooner (the last check
  // here, and web-red5-80's "fails where").
  const name = 'web-dt148-80-sack';
  const tcp = tcpOf(lesson(name).scenario);
  it('the lesson says so, and runs SACK', () => {
    expect((lesson(name).scenario.tcp as { variant: string }).variant).toBe('sack');
    expect(textOf(name)).toContain('Most HTTP responses are a few segments long: a loss in them is repaired by a timeout whatever the recovery algorithm, so SACK can only help the long ones.');
  });
  for (const seed of [lesson(name).scenario.seed, 1]) {
    it(`seed ${seed}${seed === lesson(name).scenario.seed ? " (the lesson's)" : ''}`, () => {
      const tr = traceWeb(scenarioOf(name, { seed, duration: 80 }));
      // "a few": too few for dupackThreshold duplicate ACKs after a loss (as web-red5-80 above),
      // and most responses are that short (72 % at seed 3: PackMime's sizes, seeds/000 §5.1)
      const few = tr.responses.filter((b) => Math.ceil(b / tcp.mss) <= tcp.dupackThreshold).length;
      expect(tr.responses.length).toBeGreaterThan(5000);
      expect(few / tr.responses.length).toBeGreaterThan(0.5);
      // their losses wait for the timer, under SACK as under Reno
      const short = repeatGaps(tr, tcp.mss, (n) => n <= tcp.dupackThreshold);
      expect(under(short.gaps, tcp.minRto - ACCESS_WAIT)).toEqual([]);
      expect(short.gaps.length).toBeGreaterThan(100);
      // and SACK repairs the long ones' losses sooner (most within a second), the help it can give
      const long = repeatGaps(tr, tcp.mss, (n) => n >= 10);
      expect(under(long.gaps, tcp.minRto - ACCESS_WAIT).length).toBeGreaterThan(0.5 * long.gaps.length);
    });
  }
});

/**
 * RTTs uniform on [lo, hi]: none outside (to 1 us: the engine keeps whole ns, the records
 * float32), and each decile within 5 ms of lo + k (hi - lo) / 10 (a decile of a few thousand
 * connections' draws is within about 1 ms of it).
 */
function uniformProblems(rtts: number[], lo: number, hi: number): string[] {
  const out: string[] = [];
  const s = [...rtts].sort((a, b) => a - b);
  if (s[0] < lo - 1e-6 || s[s.length - 1] > hi + 1e-6) out.push(`RTTs from ${(s[0] * 1000).toFixed(1)} to ${(s[s.length - 1] * 1000).toFixed(1)} ms, outside ${lo * 1000}-${hi * 1000} ms`);
  for (let k = 1; k <= 9; k++) {
    const d = s[Math.floor((k * s.length) / 10)];
    const want = lo + (k * (hi - lo)) / 10;
    if (!(Math.abs(d - want) <= 0.005)) out.push(`decile ${k}: ${(d * 1000).toFixed(1)} ms, not ${(want * 1000).toFixed(0)} ms`);
  }
  return out;
}

describe('web-users-dt-90: the connections\' RTTs are uniform on 10-150 ms (seeds/002 §III)', () => {
  // Seeded bug, seen failing both seeds: the uniform delay drawn as min + (max - min) u^2
  // (flow-delay.ts: "decile 1: 11.5 ms, not 24 ms").
  const name = 'web-users-dt-90';
  const fd = (lesson(name).scenario.topology as unknown as { flowDelay: { kind: string; min: number; max: number } }).flowDelay;
  // the DelayBox delay is added each way: a round trip gets twice the draw
  const [lo, hi] = [2 * fd.min, 2 * fd.max];
  it('the lesson says so, with the delays its topology draws', () => {
    expect(fd.kind).toBe('uniform');
    expect(textOf(name)).toContain(`RTTs ${Math.round(lo * 1000)}-${Math.round(hi * 1000)} ms`);
  });
  for (const seed of [lesson(name).scenario.seed, 1]) {
    it(`seed ${seed}${seed === lesson(name).scenario.seed ? " (the lesson's)" : ''}`, () => {
      const rtts = traceLesson(name, { seed, duration: 60 }).rtts;
      expect(rtts.length).toBeGreaterThan(3000);
      expect(uniformProblems(rtts, lo, hi)).toEqual([]);
    });
  }
  it('fails where the statement is false: the seeds/000 web lesson, whose DelayBox RTTs follow the paper\'s measured distribution', () => {
    const rtts = traceWeb(scenarioOf('web-dt148-80', { duration: 40 })).rtts;
    expect(uniformProblems(rtts, lo, hi).length).toBeGreaterThan(5);
  });
});

describe('web-redecn5-80: a lost SYN or SYN-ACK waits for the 6 s initial RTO, doubled at each repeat', () => {
  // Seeded bugs, each seen failing both seeds and the 3 s run's own check: the server's timer
  // starting at half the initial RTO (sender.ts RtoEstimator, initialRto / 2: "flow 74: a
  // SYN-ACK through 3.0000 s after one was dropped, sooner than 6 s less 0.432 s"); the
  // client's SYN timer not doubling (receiver.ts synRto.backOff removed: "flow 92: SYN 3
  // 6.0000 s after SYN 2, not 12 s").
  const name = 'web-redecn5-80';
  const tcp = tcpOf(lesson(name).scenario);
  it('the lesson says so, with the initial RTO its TCP uses', () => {
    expect(textOf(name)).toContain(`SYNs, SYN-ACKs and pure ACKs cannot carry a mark (only data is ECN-capable): RED drops them with the probability with which it marks data, and a lost SYN or SYN-ACK waits for the ${tcp.initialRto} s initial RTO`);
  });
  for (const seed of [lesson(name).scenario.seed, 1]) {
    it(`seed ${seed}${seed === lesson(name).scenario.seed ? " (the lesson's)" : ''}`, () => {
      const sc = scenarioOf(name, { seed, duration: 80 });
      const h = handshakeProblems(traceWeb(sc), tcp.initialRto, longestWait(sc));
      expect(h.syn).toEqual([]);
      expect(h.synAck).toEqual([]);
      // the rule was exercised: repeated SYNs, some more than once, and SYN-ACKs lost
      expect(h.synRepeats).toBeGreaterThan(200);
      expect(h.synGaps.filter((g) => g > 1.5 * tcp.initialRto).length).toBeGreaterThan(5);
      expect(h.synAckDrops).toBeGreaterThan(100);
    });
  }
  it('fails where the statement is false: web-redstar-ecn-105, whose SYNs and SYN-ACKs wait 3 s, read with 6 s', () => {
    const sc = scenarioOf('web-redstar-ecn-105', { duration: 60 });
    expect(tcpOf(sc).initialRto).toBe(3);
    const tr = traceLesson('web-redstar-ecn-105', { seed: lesson('web-redstar-ecn-105').scenario.seed, duration: 60 });
    const wrong = handshakeProblems(tr, 6, longestWait(sc));
    expect(wrong.syn.length).toBeGreaterThan(0);
    expect(wrong.synAck.length).toBeGreaterThan(0);
    // and with its own 3 s the same check passes
    const own = handshakeProblems(tr, 3, longestWait(sc));
    expect([...own.syn, ...own.synAck]).toEqual([]);
  });
});

describe('the other lessons that send short exchanges to the timers: web-redstar-ecn-105 (3 s SYN-ACK timeout), web-users-red-packet-98 (SYNs and single packets)', () => {
  // The seeded bugs of the describes above fail these too: the client's SYN timer not doubling
  // fails all four ("flow 437: SYN 3 3.0000 s after SYN 2, not 6 s"), the RTO without its 1 s
  // floor web-users-red-packet-98's ("a repeat 0.2700 s after the drop"). Where the same checks
  // fail in this file: read with 6 s (web-redecn5-80's "fails where"), and on long streams
  // (web-red5-80's).
  it('web-redstar-ecn-105 says a lost SYN-ACK costs its initial RTO', () => {
    const tcp = tcpOf(lesson('web-redstar-ecn-105').scenario);
    expect(textOf('web-redstar-ecn-105')).toContain(`A lost SYN-ACK costs the ${tcp.initialRto} s initial timeout`);
  });
  for (const seed of [lesson('web-redstar-ecn-105').scenario.seed, 1]) {
    it(`web-redstar-ecn-105, seed ${seed}: every lost SYN-ACK waits for the 3 s initial RTO (and every SYN)`, () => {
      const sc = scenarioOf('web-redstar-ecn-105', { seed, duration: 60 });
      const h = handshakeProblems(traceLesson('web-redstar-ecn-105', { seed, duration: 60 }), tcpOf(sc).initialRto, longestWait(sc));
      expect([...h.syn, ...h.synAck]).toEqual([]);
      expect(h.synAckDrops).toBeGreaterThan(100);
    });
  }
  it('web-users-red-packet-98 says short exchanges wait for timeouts', () => {
    expect(textOf('web-users-red-packet-98')).toContain('short exchanges lose their SYNs and single packets and wait for timeouts');
  });
  for (const seed of [lesson('web-users-red-packet-98').scenario.seed, 1]) {
    it(`web-users-red-packet-98, seed ${seed}: their lost SYNs wait for the initial RTO, their lost packets for the minimum RTO`, () => {
      const sc = scenarioOf('web-users-red-packet-98', { seed, duration: 60 });
      const tcp = tcpOf(sc);
      const tr = traceWeb(sc);
      const h = handshakeProblems(tr, tcp.initialRto, longestWait(sc));
      expect([...h.syn, ...h.synAck]).toEqual([]);
      expect(h.synRepeats).toBeGreaterThan(50);
      const short = repeatGaps(tr, tcp.mss, (n) => n <= tcp.dupackThreshold);
      expect(under(short.gaps, tcp.minRto - ACCESS_WAIT)).toEqual([]);
      expect(short.gaps.length).toBeGreaterThan(100);
    });
  }
});

// ---- 2. rtt-unfair: Reno's window grows half a packet per round trip and halves at a loss ----

interface Climb {
  flow: number;
  /** Recovery exit (the climb's start) and the next loss (or the run's end), s. */
  from: number;
  to: number;
  /** Segments gained per window acknowledged, the windows acknowledged, and cwnd at the start. */
  gain: number;
  windows: number;
  start: number;
}

interface Cut {
  flow: number;
  t: number;
  /** cwnd at the last sample before the fast retransmit; ssthresh it set; cwnd when recovery ended. */
  before: number;
  ssthresh: number;
  exit: number;
}

interface RenoRun {
  climbs: Climb[];
  cuts: Cut[];
  /** After the warm-up, per flow: fast retransmits, timeouts, and timeouts that left cwnd other than 1. */
  fastRetransmits: number[];
  timeouts: number[];
  timeoutsNotToOne: number;
}

/**
 * Reno's climbs and cuts after the warm-up, from the senders' events and a 10 ms series. A
 * round trip of an ACK-clocked flow is the time a window takes to be acknowledged, so the
 * round trips of a climb are counted as windows acknowledged: the bytes acknowledged in each
 * sample interval over the MSS and the window then. (The smoothed RTT lags the round trip
 * while the queue grows, by up to seven samples of RFC 6298's 1/8 gain: counted with it the
 * climbs gain 0.36-0.49 segments per "round trip" where they gain 0.49-0.55 per window.)
 */
function renoRun(sc: Scenario): RenoRun {
  const flows = (sc.traffic[0] as { flows: number }).flows;
  const mss = tcpOf(sc).mss;
  const warmup = sc.warmup ?? 0;
  const end = sc.duration ?? NaN;
  const t: number[] = [];
  const cwnd: number[][] = Array.from({ length: flows }, () => []);
  const acked: number[][] = Array.from({ length: flows }, () => []);
  const ev: FlowEvent[] = [];
  run(
    sc,
    {
      flowEvent: (e) => {
        if (e.t > warmup && (e.kind === 'fast-retransmit' || e.kind === 'recovery-exit' || e.kind === 'timeout')) ev.push(e);
      },
      series: (b) => {
        for (let i = 0; i < b.t.length; i++) {
          t.push(b.t[i]);
          for (let f = 0; f < flows; f++) {
            cwnd[f].push(b.cols[`cwnd.${f}`][i]);
            acked[f].push(b.cols[`acked.${f}`][i]);
          }
        }
      },
    },
    { sampleInterval: 0.01 },
  );
  const out: RenoRun = { climbs: [], cuts: [], fastRetransmits: new Array(flows).fill(0), timeouts: new Array(flows).fill(0), timeoutsNotToOne: 0 };
  for (let f = 0; f < flows; f++) {
    const e = ev.filter((x) => x.flow === f);
    e.forEach((x, j) => {
      if (x.kind === 'timeout') {
        out.timeouts[f]++;
        if (x.cwnd !== 1) out.timeoutsNotToOne++;
      } else if (x.kind === 'fast-retransmit') {
        out.fastRetransmits[f]++;
        const exit = e[j + 1];
        const i = t.findIndex((y) => y >= x.t);
        if (exit?.kind === 'recovery-exit' && i >= 1) out.cuts.push({ flow: f, t: x.t, before: cwnd[f][i - 1], ssthresh: x.ssthresh ?? NaN, exit: exit.cwnd ?? NaN });
      } else {
        const next = e[j + 1];
        const a = t.findIndex((y) => y > x.t);
        const b = (next ? t.findIndex((y) => y >= next.t) : t.length) - 1;
        if (a < 0 || b <= a) return;
        let windows = 0;
        for (let k = a; k < b; k++) windows += (acked[f][k + 1] - acked[f][k]) / mss / cwnd[f][k];
        out.climbs.push({ flow: f, from: x.t, to: next ? next.t : end, gain: (cwnd[f][b] - cwnd[f][a]) / windows, windows, start: cwnd[f][a] });
      }
    });
  }
  return out;
}

/**
 * A climb's gain per window with one ACK per `perAck` segments (RFC 5681 eq. 3: cwnd +=
 * SMSS * SMSS / cwnd per ACK, so W / perAck ACKs add 1 / perAck): within 10 % under it (the
 * window changes within a sample at either end) and, with delayed ACKs, over it by at most
 * one ACK more per window (the delayed-ACK timer acknowledging the odd segment at a
 * window's end alone), 1 / W, W the window at the climb's start (the smallest).
 * Climbs of at least ten windows.
 */
function climbProblems(r: RenoRun, perAck: number): { problems: string[]; checked: number } {
  const climbs = r.climbs.filter((c) => c.windows >= 10);
  const problems = climbs
    .filter((c) => !(c.gain >= 0.9 / perAck && c.gain <= 1 / perAck + (perAck > 1 ? 1 / c.start : 0)))
    .map((c) => `flow ${c.flow}, ${c.from.toFixed(2)}-${c.to.toFixed(2)} s: ${c.gain.toFixed(3)} segments per window acknowledged over ${c.windows.toFixed(0)} windows, not ${1 / perAck}`);
  return { problems, checked: climbs.length };
}

/**
 * Each fast retransmit halves the window (RFC 5681 §3.2 eq. 4: ssthresh = max(FlightSize /
 * 2, 2 SMSS); Reno deflates cwnd to ssthresh when recovery ends): twice ssthresh is the
 * window before the loss, less at most two segments (FlightSize is whole segments, at most
 * cwnd, and the sample before the loss is up to 10 ms old) and at most one more; and the
 * window after the recovery is ssthresh. Windows of at least 4 segments (under that the
 * 2-segment floor decides).
 */
function cutProblems(r: RenoRun): { problems: string[]; checked: number } {
  const cuts = r.cuts.filter((c) => c.before >= 4);
  const problems = cuts
    .filter((c) => !(2 * c.ssthresh >= c.before - 2 && 2 * c.ssthresh <= c.before + 1 && c.exit === c.ssthresh))
    .map((c) => `flow ${c.flow} at ${c.t.toFixed(3)} s: cwnd ${c.before.toFixed(2)} -> ssthresh ${c.ssthresh}, ${c.exit} after the recovery`);
  return { problems, checked: cuts.length };
}

/** The short-RTT flows (0, 2, ...: the delay list's 5 ms); the others have 75 ms. */
const EVEN = (f: number) => f % 2 === 0;
/** A per-flow count summed over a group of flows. */
const sum = (perFlow: number[], group: (f: number) => boolean) => perFlow.reduce((a, n, f) => a + (group(f) ? n : 0), 0);

/**
 * The text's timeouts: each sets the window to one packet (RFC 5681 §3.1, the loss window),
 * and there is one for every two fast retransmits of the short-RTT flows ("about": 1.5 to
 * 2.5) and every four or five of the long-RTT flows' (3.5 to 5.5).
 */
function timeoutProblems(r: RenoRun): string[] {
  const out: string[] = [];
  if (r.timeoutsNotToOne > 0) out.push(`${r.timeoutsNotToOne} timeouts left cwnd other than one packet`);
  const groups: [string, (f: number) => boolean, number, number][] = [
    ['short', EVEN, 1.5, 2.5],
    ['long', (f) => !EVEN(f), 3.5, 5.5],
  ];
  for (const [label, g, lo, hi] of groups) {
    const fr = sum(r.fastRetransmits, g);
    const to = sum(r.timeouts, g);
    if (!(fr / to >= lo && fr / to < hi)) out.push(`${label}-RTT flows: ${fr} fast retransmits, ${to} timeouts, not one timeout for every ${lo}-${hi}`);
  }
  return out;
}

describe('rtt-unfair: Reno grows its window half a packet per round trip (delayed ACKs) and halves it on a loss; the losses it cannot repair restart it from one packet', () => {
  // Seeded bugs, each seen failing both seeds: Reno opening 2 / cwnd per ACK (sender.ts openCwnd:
  // "flow 0, 22.05-24.04 s: 0.983 segments per window acknowledged over 24 windows, not 0.5");
  // the loss cut to 0.7 of the flight (lossSsthresh: "flow 0 at 12.326 s: cwnd 18.59 ->
  // ssthresh 12.6"); a timeout leaving cwnd at ssthresh instead of 1 ("84 timeouts left cwnd
  // other than one packet").
  const name = 'rtt-unfair';
  const tcp = tcpOf(lesson(name).scenario);
  it('the lesson says so, with the TCP it runs', () => {
    expect(tcp.delayedAck).toBe(true);
    expect((lesson(name).scenario.tcp as { variant: string }).variant).toBe('reno');
    expect(textOf(name)).toContain('Reno grows its window by one packet per round trip (half a packet here, where delayed ACKs acknowledge every second segment) and halves it on a loss');
    // the timeouts the cwnd chart shows as drops to one packet (the text said only "halves")
    expect(textOf(name)).toContain('Not every loss halves the window: one that fast retransmit cannot repair waits for a timeout and restarts the window from one packet, which the law leaves out (here the short-RTT flows time out about once for every two fast retransmits, the long-RTT flows once for every four or five).');
  });
  // nothing in the run is random (fixed delays, the flows start together): seed 2 gives seed 1's run
  for (const seed of [lesson(name).scenario.seed, 2]) {
    it(`seed ${seed}${seed === lesson(name).scenario.seed ? " (the lesson's)" : ''}`, () => {
      const r = renoRun(scenarioOf(name, { seed }));
      const climbs = climbProblems(r, 2);
      expect(climbs.problems).toEqual([]);
      expect(climbs.checked).toBeGreaterThan(50);
      // each timeout restarts the window from one packet (RFC 5681 §3.1: the loss window), and
      // they come about once for every two fast retransmits (short RTTs: 154 and 70) and every
      // four or five (long RTTs: 58 and 13), as the text says
      expect(timeoutProblems(r)).toEqual([]);
      const cuts = cutProblems(r);
      expect(cuts.problems).toEqual([]);
      expect(cuts.checked).toBeGreaterThan(100);
    });
  }
  it('fails where the statement is false: delayed ACKs off (the lesson\'s experiment), where the window grows a whole packet per round trip', () => {
    const r = renoRun(scenarioOf(name, { 'tcp.delayedAck': false }));
    const half = climbProblems(r, 2);
    expect(half.problems.length).toBe(half.checked);
    // and a packet per round trip, as the experiment says
    expect(climbProblems(r, 1).problems).toEqual([]);
    // its timeouts are not the lesson's: the short-RTT flows time out more often than they fast
    // retransmit, the long-RTT flows never (the experiment's claims)
    expect(timeoutProblems(r).length).toBe(2);
  });
});

// ---- 3. lockout-dt: the dropped flow's window, and the other's --------------------------------

interface LockoutRun {
  /** Overflow episodes after the slow start (drops less than a second apart): time, and each drop's flow and sequence number. */
  episodes: { t: number; drops: { flow: number; seq: number }[] }[];
  events: FlowEvent[];
  /** Each flow's cwnd at 0.5 s samples while it runs. */
  cwnd: number[][];
  rwnd: number;
}

/** After the slow start's overflows (the first 2 s; the claims place them at 1.3-1.6 s). */
const AFTER_SLOW_START = 5;

function lockoutRun(sc: Scenario): LockoutRun {
  const drops: { t: number; flow: number; seq: number }[] = [];
  const events: FlowEvent[] = [];
  const cwnd: number[][] = [[], []];
  run(
    sc,
    {
      decision: (r) => {
        if (r.outcome === 'drop' && r.t > AFTER_SLOW_START) drops.push({ t: r.t, flow: r.flow, seq: r.seq ?? -1 });
      },
      flowEvent: (e) => {
        if (e.t > AFTER_SLOW_START && (e.kind === 'fast-retransmit' || e.kind === 'recovery-exit' || e.kind === 'timeout')) events.push(e);
      },
      series: (b) => {
        for (let i = 0; i < b.t.length; i++) for (const f of [0, 1]) if (b.t[i] > AFTER_SLOW_START && !Number.isNaN(b.cols[`cwnd.${f}`][i])) cwnd[f].push(b.cols[`cwnd.${f}`][i]);
      },
    },
    { decisionQueues: 'forward', sampleInterval: 0.5 },
  );
  const episodes: LockoutRun['episodes'] = [];
  for (const d of drops) {
    const last = episodes[episodes.length - 1];
    if (last && d.t - last.t < 1) last.drops.push(d);
    else episodes.push({ t: d.t, drops: [d] });
  }
  const t = tcpOf(sc) as TcpSettings & { rwnd: number };
  return { episodes, events, cwnd, rwnd: t.rwnd / t.mss };
}

/**
 * What each overflow does to the windows, event by event: a single drop is repaired by a
 * fast retransmit of that very segment, which halves the window (windowCut "ns2", as the
 * seeds/001 runs use: cwnd = min(cwnd, rwnd) / 2, opened by 1 / cwnd by the ACK that ends
 * recovery, ns-2 tcp-reno.cc) and no timeout follows; two drops in a window cost Reno a fast
 * retransmit of the first and a timeout for the second (RFC 5681 §3.2 repairs one loss per
 * recovery), which sets the window to one segment. The flow not dropped has no loss event
 * and its window grows at every sample.
 */
function lockoutProblems(r: LockoutRun, dropped: number): string[] {
  const out: string[] = [];
  const other = 1 - dropped;
  r.episodes.forEach((ep, i) => {
    const until = r.episodes[i + 1]?.t ?? Infinity;
    const ev = r.events.filter((e) => e.flow === dropped && e.t > ep.t && e.t < until);
    const where = `the overflow at ${ep.t.toFixed(2)} s`;
    if (ep.drops.some((d) => d.flow !== dropped)) return out.push(`${where} drops flow ${ep.drops.map((d) => d.flow).join(', ')}`);
    const fr = ev.find((e) => e.kind === 'fast-retransmit');
    if (!fr || fr.seq !== ep.drops[0].seq) return out.push(`${where}: no fast retransmit of the segment dropped (${ep.drops[0].seq})`);
    const to = ev.filter((e) => e.kind === 'timeout');
    if (ep.drops.length === 1) {
      const exit = ev.find((e) => e.kind === 'recovery-exit');
      const w = Math.min(fr.cwnd ?? NaN, r.rwnd) / 2;
      if (!exit || !(Math.abs((exit.cwnd ?? NaN) - (w + 1 / w)) < 1e-9)) out.push(`${where}: cwnd ${fr.cwnd?.toFixed(2)} -> ${exit?.cwnd?.toFixed(2)} after the recovery, not half (${(w + 1 / w).toFixed(2)})`);
      if (to.length > 0) out.push(`${where}: one drop, and a timeout at ${to[0].t.toFixed(2)} s`);
    } else if (ep.drops.length === 2) {
      if (to.length !== 1 || to[0].seq !== ep.drops[1].seq || to[0].cwnd !== 1) out.push(`${where}: two drops, and not one timeout for the second (${ep.drops[1].seq}) setting cwnd to 1 (${to.map((e) => `${e.seq} cwnd ${e.cwnd}`).join(', ')})`);
    } else out.push(`${where} drops ${ep.drops.length} packets`);
  });
  const otherEvents = r.events.filter((e) => e.flow === other);
  if (otherEvents.length > 0) out.push(`flow ${other} has ${otherEvents.length} loss events, the first a ${otherEvents[0].kind} at ${otherEvents[0].t.toFixed(2)} s`);
  const w = r.cwnd[other];
  const shrinks = w.findIndex((x, i) => i > 0 && !(x > w[i - 1]));
  if (shrinks > 0) out.push(`flow ${other}'s window stops growing: ${w[shrinks - 1].toFixed(2)} then ${w[shrinks].toFixed(2)}`);
  return out;
}

describe('lockout-dt: the two drops at 21 s cost flow 1 a timeout, each later drop halves its window, and flow 0, never dropped, keeps growing', () => {
  // Seeded bugs, each seen failing both seeds: the loss cut to 0.35 of the window instead of
  // half (sender.ts halfWindow: "the overflow at 61.69 s: cwnd 70.33 -> 15.46 after the
  // recovery, not half (22.49)", and flow 0 dropped too); a timeout leaving cwnd at ssthresh
  // (flow 0 dropped from 109.80 s on); Reno retransmitting at a partial ACK as NewReno does
  // (the first overflow then drops one packet, not two: "expected [1, 1, ...] to deeply equal
  // [2, 1, ...]").
  const name = 'lockout-dt';
  it('the lesson says so', () => {
    expect(textOf(name)).toContain('Here it starts sooner: at 21 s an overflow drops two packets of flow 1, and every later overflow drops one packet of flow 1 only.');
    // what the windows do (the text said only where the drops fall)
    expect(textOf(name)).toContain("Reno's fast retransmit repairs one loss per window, so the first two cost flow 1 a timeout, which restarts its window from one packet; each later drop halves it, while flow 0, never dropped, keeps growing its window.");
    expect((lesson(name).scenario.tcp as { variant: string; windowCut: string }).variant).toBe('reno');
    expect((lesson(name).scenario.tcp as { variant: string; windowCut: string }).windowCut).toBe('ns2');
  });
  // drop-tail with two bulk flows starting together draws nothing at random: seeds 1-5 give one run
  for (const seed of [lesson(name).scenario.seed, 2]) {
    it(`seed ${seed}${seed === lesson(name).scenario.seed ? " (the lesson's)" : ''}`, () => {
      const r = lockoutRun(scenarioOf(name, { seed }));
      expect(lockoutProblems(r, 1)).toEqual([]);
      // the first overflow after the slow start drops two packets, then the single drops (the claim's)
      expect(r.episodes.map((e) => e.drops.length)).toEqual([2, ...new Array(r.episodes.length - 1).fill(1)]);
      expect(r.episodes.length).toBeGreaterThan(5);
    });
  }
  it("fails where the statement is false: the 8-packet buffer (the lesson's experiment), where overflows hit both flows", () => {
    const r = lockoutRun(scenarioOf(name, { 'topology.bottleneck.queue.limit': 8 }));
    const p = lockoutProblems(r, 1);
    expect(p.some((x) => /drops flow .*0/.test(x))).toBe(true);
    expect(p.some((x) => /^flow 0 has \d+ loss events/.test(x))).toBe(true);
  });
});

// ---- 4. bufferbloat-dt: what an overflow of the 1000-packet buffer does to the uploads -----

interface BloatRun {
  /** Overflow bursts (drops less than a second apart): start, and the drops of each upload. */
  bursts: { t: number; perFlow: number[] }[];
  events: FlowEvent[];
  /** Queue length (packets) at 0.25 s samples, and their times. */
  q: number[];
  t: number[];
  uploads: number;
  limit: number;
  end: number;
}

function bloatRun(sc: Scenario): BloatRun {
  const bulk = sc.traffic[0] as { kind: string; flows: number };
  if (bulk.kind !== 'bulk') throw new Error('the uploads are the first traffic item');
  const uploads = bulk.flows;
  const bursts: BloatRun['bursts'] = [];
  const events: FlowEvent[] = [];
  const q: number[] = [];
  const t: number[] = [];
  let last = -Infinity;
  run(
    sc,
    {
      decision: (r) => {
        if (r.outcome !== 'drop') return;
        if (r.t - last >= 1) bursts.push({ t: r.t, perFlow: new Array(uploads).fill(0) });
        last = r.t;
        if (r.flow < uploads) bursts[bursts.length - 1].perFlow[r.flow]++;
      },
      flowEvent: (e) => {
        if (e.flow < uploads && (e.kind === 'fast-retransmit' || e.kind === 'timeout')) events.push(e);
      },
      series: (b) => {
        for (let i = 0; i < b.t.length; i++) {
          t.push(b.t[i]);
          q.push(b.cols.queue[i]);
        }
      },
    },
    { decisionQueues: 'forward', sampleInterval: 0.25 },
  );
  return { bursts, events, q, t, uploads, limit: queueLimit(sc), end: sc.duration ?? NaN };
}

function queueLimit(sc: Scenario): number {
  return (sc.topology as unknown as { bottleneck: { queue: { limit: number } } }).bottleneck.queue.limit;
}

/** How long after an overflow burst starts its uploads' losses show (s): the burst's drops reach the receivers behind a full queue (1.2 s) and the duplicate ACKs come back in a round trip (under 0.1 s), with the burst itself lasting up to a second. */
const NOTICE = 3;
/** ... and the timeouts that follow: the RTO, at least the 1 s floor (RFC 6298 §2.4) and here a full queue's round trip and more, after the recovery began. */
const TIMEOUT_WITHIN = 6;
/** The queue has drained when under a tenth of the buffer, within this long after the burst. */
const DRAIN_WITHIN = 10;

/**
 * Each overflow burst of the buffer (the first one in slow start, and any later one that
 * ends DRAIN_WITHIN s before the run does): every upload loses several packets (two or
 * more) and detects it by a fast retransmit within NOTICE s; most of them (more than half)
 * then wait for a timeout within TIMEOUT_WITHIN s that sets the window to one segment
 * (NewReno repairs one loss per round trip, RFC 6582 §3.2, and a round trip is over a second
 * behind the full queue); and the queue falls under a tenth of the buffer within
 * DRAIN_WITHIN s.
 */
function bloatProblems(r: BloatRun): { problems: string[]; bursts: number } {
  const out: string[] = [];
  const bursts = r.bursts.filter((b) => b.t + DRAIN_WITHIN < r.end);
  for (const b of bursts) {
    const where = `the overflow at ${b.t.toFixed(2)} s`;
    const few = b.perFlow.map((n, f) => (n < 2 ? `${f}: ${n}` : '')).filter((x) => x);
    if (few.length > 0) out.push(`${where} drops fewer than two packets of uploads ${few.join(', ')}`);
    let timeouts = 0;
    for (let f = 0; f < r.uploads; f++) {
      const ev = r.events.filter((e) => e.flow === f && e.t >= b.t);
      const fr = ev.find((e) => e.kind === 'fast-retransmit');
      const to = ev.find((e) => e.kind === 'timeout');
      if (!fr || fr.t > b.t + NOTICE) out.push(`${where}: upload ${f} has no fast retransmit within ${NOTICE} s`);
      if (to && to.t <= b.t + TIMEOUT_WITHIN && to.cwnd === 1) timeouts++;
    }
    if (!(timeouts > r.uploads / 2)) out.push(`${where}: ${timeouts} of ${r.uploads} uploads wait for a timeout within ${TIMEOUT_WITHIN} s`);
    const i = r.t.findIndex((x) => x >= b.t);
    const drained = r.q.slice(i).findIndex((x, k) => r.t[i + k] <= b.t + DRAIN_WITHIN && x < r.limit / 10);
    if (drained < 0) out.push(`${where}: the queue stays over a tenth of the buffer for ${DRAIN_WITHIN} s`);
  }
  return { problems: out, bursts: bursts.length };
}

describe('bufferbloat-dt: an overflow of the 1000-packet buffer drops several packets of every upload, most wait for a timeout, and the queue drains', () => {
  // Seeded bugs, each seen failing the three seeds: NewReno restarting the timer at every
  // partial ACK (newreno.ts, RFC 6582's "Slow-but-Steady" in place of the engine's
  // "Impatient": "the overflow at 2.52 s: 0 of 4 uploads wait for a timeout within 6 s"); a
  // timeout leaving cwnd at ssthresh (the same, and later overflows that spare uploads).
  const name = 'bufferbloat-dt';
  it('the lesson says so', () => {
    expect((lesson(name).scenario.tcp as { variant: string }).variant).toBe('newreno');
    // the text said "the overflow cuts every window": it drops several packets of each, and most
    // uploads then time out (at seeds 1-10 all four after the slow start's overflow; after the
    // warm-up 3 of 4 at seed 2, 4 of 4 at seed 4)
    expect(textOf(name)).toContain('(should it reach them, the overflow drops several packets of every upload; NewReno repairs one per round trip, so most uploads wait for a timeout and restart from one packet, and the queue drains for a few seconds, then climbs again)');
  });
  // seeds 2 and 4 overflow after the warm-up too (at 84 and 35 s); every seed in its slow start
  for (const seed of [lesson(name).scenario.seed, 2, 4]) {
    it(`seed ${seed}${seed === lesson(name).scenario.seed ? " (the lesson's)" : ''}`, () => {
      const r = bloatRun(scenarioOf(name, { seed }));
      const p = bloatProblems(r);
      expect(p.problems).toEqual([]);
      expect(p.bursts).toBeGreaterThanOrEqual(seed === 3 ? 1 : 2);
    });
  }
  it('fails where the statement is false: the 50-packet buffer (the lesson\'s experiment), whose overflows come often and hit a few uploads each', () => {
    const r = bloatRun(scenarioOf(name, { 'topology.bottleneck.queue.limit': 50 }));
    const p = bloatProblems(r);
    expect(p.problems.filter((x) => /fewer than two packets/.test(x)).length).toBeGreaterThan(0.5 * p.bursts);
  });
});

// ---- 5. random-loss: the square-root law's p and b ------------------------------------------

describe("random-loss: the link loses 1 % of packets at random both ways, and b = 2 (delayed ACKs): the window gains half a segment per round trip", () => {
  // Seeded bugs, each seen failing the three seeds: the reverse link without the loss
  // (topology.ts: "bottleneckReverse: 0 of 7807 packets lost (0.00 %), not 1 % within 0.34
  // points"); Reno opening 2 / cwnd per ACK ("flow 0, 2.24-3.21 s: 0.978 segments per window
  // acknowledged over 18 windows, not 0.5").
  const name = 'random-loss';
  const loss = (lesson(name).scenario.topology as unknown as { bottleneck: { loss: number } }).bottleneck.loss;
  it('the lesson says so, with the loss and the ACKs its scenario sets', () => {
    expect(tcpOf(lesson(name).scenario).delayedAck).toBe(true);
    expect(textOf(name)).toContain(`loses ${loss * 100} % of packets at random (both directions)`);
    expect(textOf(name)).toContain(`b = 2 (delayed ACKs), p = ${loss}`);
  });
  /** Each direction's share of packets lost on the wire within 3 standard errors of a Bernoulli loss with probability p. */
  const lossProblems = (r: RunResult, p: number) =>
    (['bottleneck', 'bottleneckReverse'] as const).flatMap((k) => {
      const q = r.summary[k];
      const se = Math.sqrt((p * (1 - p)) / q.departures);
      return Math.abs(q.linkLosses / q.departures - p) <= 3 * se ? [] : [`${k}: ${q.linkLosses} of ${q.departures} packets lost (${((100 * q.linkLosses) / q.departures).toFixed(2)} %), not ${p * 100} % within ${(300 * se).toFixed(2)} points`];
    });
  for (const seed of [lesson(name).scenario.seed, 2, 3]) {
    it(`seed ${seed}${seed === lesson(name).scenario.seed ? " (the lesson's)" : ''}`, () => {
      const sc = scenarioOf(name, { seed });
      expect(lossProblems(run(sc, {}), loss)).toEqual([]);
      // b = 2 is the segments each ACK covers in the law's derivation, where it sets the
      // window's growth to 1 / b segment per round trip (RFC 5681 eq. 3 counts ACKs)
      const climbs = climbProblems(renoRun(sc), 2);
      expect(climbs.problems).toEqual([]);
      expect(climbs.checked).toBeGreaterThan(20);
    });
  }
  it('fails where the statement is false: half the loss (the experiment), and delayed ACKs off (b = 1)', () => {
    expect(lossProblems(run(scenarioOf(name, { 'topology.bottleneck.loss': loss / 2 }), {}), loss).length).toBe(2);
    const b1 = climbProblems(renoRun(scenarioOf(name, { 'tcp.delayedAck': false })), 2);
    expect(b1.problems.length).toBe(b1.checked);
  });
});

// ---- 6. web-redstar-105: the sessions' objects ----------------------------------------------

/** Deciles of the responses against a Pareto of the given mean and shape (xm = mean (shape - 1) / shape), each within 5 %. */
function paretoProblems(sizes: number[], mean: number, shape: number): string[] {
  const xm = (mean * (shape - 1)) / shape;
  const s = [...sizes].sort((a, b) => a - b);
  const out: string[] = [];
  for (let k = 1; k <= 9; k++) {
    const d = s[Math.floor((k * s.length) / 10)];
    const want = xm * Math.pow(1 - k / 10, -1 / shape);
    if (!(Math.abs(d / want - 1) <= 0.05)) out.push(`decile ${k}: ${d} bytes, not ${want.toFixed(0)}`);
  }
  return out;
}

/** Flows (exchanges) that carry data but open with no SYN or SYN-ACK: later requests on a connection kept open. */
function withoutHandshake(tr: WebTrace): { flows: number; without: number } {
  const flows = new Set([...tr.data.keys()].map((k) => Number(k.split('/')[0])));
  return { flows: flows.size, without: [...flows].filter((f) => !tr.syn.has(f) && !tr.synAck.has(f)).length };
}

describe('web-redstar-105: web sessions of heavy-tailed objects, one connection each (seeds/003 §4.2)', () => {
  // Seeded bugs, each seen failing both seeds: object sizes drawn with shape 1.45 for 1.15
  // (web-sessions.ts objectSize: "decile 3: 1200 bytes, not 1281"); every page fetched over one
  // persistent connection (web-sessions.ts: 8,483 exchanges without a handshake).
  const name = 'web-redstar-105';
  const item = lesson(name).scenario.traffic[0] as unknown as { kind: string; objectSize: number; objectShape: number; persistent: boolean };
  it('the lesson says so, and its sessions are Pareto objects on connections of their own', () => {
    expect(item.kind).toBe('web-sessions');
    expect(item.persistent).toBe(false);
    expect(textOf(name)).toContain('Web sessions (pages of heavy-tailed objects, one connection each)');
  });
  for (const seed of [lesson(name).scenario.seed, 1]) {
    it(`seed ${seed}${seed === lesson(name).scenario.seed ? " (the lesson's)" : ''}`, () => {
      const tr = traceWeb(scenarioOf(name, { seed, duration: 60 }));
      // the objects are the responses: Pareto with the paper's mean (7.2 KB) and the shape that
      // puts 80 % of the bytes in the largest 15 % of objects (1.15)
      expect(tr.responses.length).toBeGreaterThan(5000);
      expect(paretoProblems(tr.responses, item.objectSize, item.objectShape)).toEqual([]);
      // and every object has its own connection: a handshake for every exchange
      const h = withoutHandshake(tr);
      expect(h.flows).toBeGreaterThan(5000);
      expect(h.without).toBe(0);
    });
  }
  it("fails where the statement is false: seeds/002's browsing users, whose connections are 15 % persistent and whose objects follow PackMime's sizes", () => {
    const tr = traceLesson('web-users-dt-90', { seed: lesson('web-users-dt-90').scenario.seed, duration: 60 });
    expect(withoutHandshake(tr).without).toBeGreaterThan(500);
    expect(paretoProblems(tr.responses, item.objectSize, item.objectShape).length).toBeGreaterThan(5);
  });
});

describe("the web100 lessons: sessions of Pareto objects (mean 7.2 KB, a run's responses about 4.5 KB), one TCP connection each, RTTs 10-150 ms", () => {
  // The seeded bugs of web-users-dt-90 and web-redstar-105 above fail these too (seen, both
  // at once: object shape 1.45 and the uniform delay squared fail both seeds, "decile 3: 1202
  // bytes, not 1281", "the responses average 2.97 KB, not about 5 KB", and the RTT deciles).
  const name = 'web100-redstar-90';
  const WORDS = "Web sessions (pages of heavy-tailed objects: Pareto with mean 7.2 KB, a mean so dominated by rare huge objects that a run's responses average about 4.5 KB; one TCP connection each; RTTs 10-150 ms)";
  const item = lesson(name).scenario.traffic[0] as unknown as { objectSize: number; objectShape: number; persistent: boolean };
  const fd = (lesson(name).scenario.topology as unknown as { flowDelay: { min: number; max: number } }).flowDelay;
  it('every web100 lesson says so, with the sizes and delays its scenario draws', () => {
    const all = PRESETS.filter((p) => p.name.startsWith('web100-') && p.scenario.traffic.some((t) => (t as { kind: string }).kind === 'web-sessions'));
    expect(all.length).toBeGreaterThan(10);
    for (const p of all) expect(p.lesson, p.name).toContain(WORDS);
    expect(`${item.objectSize / 1000} KB`).toBe('7.2 KB');
    expect(item.persistent).toBe(false);
    expect([2 * fd.min, 2 * fd.max]).toEqual([0.01, 0.15]);
  });
  /** The responses' mean "about" `kb` KB: within 10 %. */
  const meanProblems = (sizes: number[], kb = 4.5) => {
    const m = sizes.reduce((a, b) => a + b, 0) / sizes.length;
    return Math.abs(m / (kb * 1000) - 1) <= 0.1 ? [] : [`the responses average ${(m / 1000).toFixed(2)} KB, not about ${kb} KB`];
  };
  it(`seed ${lesson(name).scenario.seed} (the lesson's): every exchange has its own connection, the sizes are the Pareto's, the RTTs uniform`, () => {
    const tr = traceLesson(name, {});
    const h = withoutHandshake(tr);
    expect(h.flows).toBeGreaterThan(30000);
    expect(h.without).toBe(0);
    expect(tr.responses.length).toBeGreaterThan(30000);
    expect([...paretoProblems(tr.responses, item.objectSize, item.objectShape), ...meanProblems(tr.responses), ...uniformProblems(tr.rtts, 2 * fd.min, 2 * fd.max)]).toEqual([]);
  });
  it('seed 1: the sizes and the RTTs', () => {
    const sizes: number[] = [];
    const rtts: number[] = [];
    const sc = scenarioOf(name, { seed: 1 });
    const top = sc.topology as unknown as { bottleneck: { delay: number }; left: { delay: number }; right: { delay: number } };
    const links = 2 * (top.left.delay + top.bottleneck.delay + top.right.delay);
    run(sc, { exchanges: (b) => { sizes.push(...b.rsp); b.rtt.forEach((x) => rtts.push(x - links)); } });
    expect([...paretoProblems(sizes, item.objectSize, item.objectShape), ...meanProblems(sizes), ...uniformProblems(rtts, 2 * fd.min, 2 * fd.max)]).toEqual([]);
  });
  it("fails where the statement is false: the run's responses do not average the Pareto's 7.2 KB (the text before)", () => {
    expect(meanProblems(traceLesson(name, {}).responses, item.objectSize / 1000).length).toBe(1);
  });
});
