import type { PacketKind } from '../net/packet';

/**
 * An AQM decision, recorded only when a consumer asks (step-through mode, --trace).
 * A plain object: recording allocates, so the fast path never builds one.
 */
export type Region = 'below-min' | 'between' | 'gentle' | 'above-max' | 'overflow' | 'none';
export type Outcome = 'enqueue' | 'mark' | 'drop';
export type DropReason = 'overflow' | 'early' | 'forced' | 'link-loss';

export interface DecisionRecord {
  /** Simulation time, seconds. */
  t: number;
  /** Name of the queue (e.g. "bottleneck", "bottleneck-reverse"). */
  queue: string;
  /** AQM kind, e.g. "red". */
  aqm: string;
  /** Packet uid, flow index, bytes on the wire, ECN codepoint on arrival (0 Not-ECT, 1 ECT(1), 2 ECT(0), 3 CE). */
  uid: number;
  flow: number;
  bytes: number;
  ecn: number;
  /** What the packet is in TCP terms (a SYN-ACK, a pure ACK, data...); absent in records from before it was added. */
  kind?: PacketKind;
  /**
   * TCP data: the sequence number of the segment's first payload byte, so what the flow did
   * next can be matched to this very segment (its retransmission); absent for other packets
   * and in records from before it was added.
   */
  seq?: number;
  /** Instantaneous queue on arrival, in the queue's unit (packets or bytes), and the unit. */
  q: number;
  unit: 'packets' | 'bytes';
  /** Average before and after this arrival's update, the weight, and idle periods folded in. */
  avgBefore: number;
  avg: number;
  wq: number;
  /** Number of idle "virtual packets" m folded in by the idle-time correction (0 if none). */
  idleM: number;
  minTh: number;
  maxTh: number;
  maxP: number;
  gentle: boolean;
  region: Region;
  /** p_b from the linear (or gentle) line, after byte-mode scaling; p_a after count correction. */
  pb: number;
  pa: number;
  /** Packets since the last mark/drop, as used in p_a. */
  count: number;
  /** The uniform random draw compared with p_a, or null if none was drawn. */
  u: number | null;
  outcome: Outcome;
  reason: DropReason | null;
  /**
   * The rule that chose the outcome, in words, e.g. "RFC 3168: drop above max_th". Empty
   * while `ruleText` is set: call `withRule` before reading it.
   */
  rule: string;
  /**
   * For a recorder that asked for lazy rules (DecisionSink.lazyRules): the function that
   * writes `rule`, with every number it needs captured when the decision was taken.
   * Undefined otherwise, and after `withRule`.
   */
  ruleText?: (() => string) | undefined;
  /** Extra algorithm-specific numbers (PI's p, REM's price, CoDel's sojourn...). */
  extra?: Record<string, number>;
  /**
   * When the decision was taken: on arrival (every AQM's enqueue test; the default when
   * absent) or as the packet leaves (CoDel decides at dequeue, RFC 8289). For a dequeue
   * decision, outcome 'enqueue' means the packet was forwarded and `q` is the backlog
   * left behind it.
   */
  stage?: 'enqueue' | 'dequeue';
}

export interface DecisionSink {
  decision(rec: DecisionRecord): void;
  /**
   * Records come with `ruleText` instead of `rule`, and the consumer writes the sentence
   * (`withRule`) only for the records it shows. The app's worker keeps the last 1,000 of
   * hundreds of thousands: writing every sentence was about half of what recording cost
   * (bench-100-red: 148-153 ms of CPU without records, 232-240 with them, 193-201 with lazy
   * sentences; docs/speed.md).
   */
  lazyRules?: boolean;
}

/** The record with its rule sentence written (in place; the same object is returned). */
export function withRule(rec: DecisionRecord): DecisionRecord {
  const f = rec.ruleText;
  if (f !== undefined) {
    rec.rule = f();
    rec.ruleText = undefined;
  }
  return rec;
}
