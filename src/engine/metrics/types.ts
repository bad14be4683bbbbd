import type { DecisionRecord, DropReason } from '../aqm/decision';
import type { AqmSummary } from '../aqm/queue-disc';
import type { FlowEvent } from '../net/agent';
import type { ExchangeBatch, WebSummary } from './web';
import type { KindKey } from '../net/packet';

/** Counters of one queue (one direction of a link) over the whole run. */
export interface QueueSummary {
  /** Bits sent on the link / (rate x simulated interval). */
  utilization: number;
  arrivals: number;
  departures: number;
  drops: number;
  dropsOverflow: number;
  dropsEarly: number;
  dropsForced: number;
  marks: number;
  /** drops / arrivals, marks / arrivals (0 when no arrivals). */
  lossRate: number;
  markRate: number;
  /** Time-averaged backlog (packets waiting, not the one in transmission). */
  meanQueuePackets: number;
  maxQueuePackets: number;
  meanQueueBytes: number;
  maxQueueBytes: number;
  /** Mean queueing delay of departed packets, seconds. */
  meanQueueDelay: number;
  /** Packets lost on the wire by the link's error model. */
  linkLosses: number;
  /**
   * The queue discipline: its parameters in force (automatic ones resolved, e.g. ARED's
   * minTh, maxTh, wq), the final values of its variables, and their time averages after
   * the warm-up (e.g. means.maxP, means.p, means.price, means.sojourn).
   */
  aqm?: AqmSummary;
  /**
   * The bottleneck's directions only: arrivals at the queue, drops (not link losses) and
   * marks by packet kind, after the warm-up. Kinds as the inspector's (net/packet.ts
   * packetKind): data (payload > 0), ack (pure ACK), syn, synack, fin, udp. Each of
   * arrivals, drops and marks sums over the kinds to the queue's own count.
   */
  byKind?: KindCounts;
}

/** Counts of one packet kind in a queue (QueueSummary.byKind). */
export interface KindCount {
  arrivals: number;
  drops: number;
  marks: number;
}

export type KindCounts = Record<KindKey, KindCount>;

export interface FlowSummary {
  flow: number;
  kind: 'tcp' | 'udp';
  /**
   * Seconds from t = 0 at which the last byte was acknowledged; null if unfinished. A UDP
   * flow whose source stopped before the end: its last arrival (or the stop, if later).
   */
  completionTime: number | null;
  startTime: number;
  /** Application payload bits delivered to the receiver / (completion - start), or / (end - start) if unfinished (start: the warm-up's end if later). */
  goodputBps: number;
  /** Application payload bytes delivered in order to the receiving application. */
  bytesDelivered: number;
  /** Bytes the application asked to send (null = unlimited). */
  bytesRequested: number | null;
  packetsSent: number;
  retransmissions: number;
  timeouts: number;
  fastRetransmits: number;
  ecnReductions: number;
  /** Drops and marks of this flow's packets in any queue (data and ACKs). */
  drops: number;
  marks: number;
}

export interface Summary {
  /** Network events processed by the scheduler (packet, timer and application events; sampling hooks excluded). */
  events: number;
  /** Wall-clock seconds the engine ran (the only non-deterministic field). */
  wallSeconds: number;
  simulatedSeconds: number;
  /** Seconds at the start left out of every statistic below (the scenario's warm-up, once reached; 0 = none). */
  warmup: number;
  /** Left-to-right direction of the bottleneck. */
  bottleneck: QueueSummary;
  /** Right-to-left direction. */
  bottleneckReverse: QueueSummary;
  flows: FlowSummary[];
  /** Sum of TCP payload delivered / (bottleneck rate x longest completion time), seeds/001 eq. 2, both from the first start or the warm-up's end if later; null if a flow is unfinished. */
  goodputEfficiency: number | null;
  fairness: { jain: number };
  /** Web traffic (packmime, web-users, web-sessions): response times of the request/response exchanges; absent without web traffic. */
  web?: WebSummary & { calibration: LoadCalibration[] };
  /** The bottleneck's forward queue over time, window by window, from t = 0 (the warm-up included); absent from summaries not made by this engine (ns-2's). */
  timeline?: Timeline;
}

/**
 * The run cut into fixed windows of time, for statements about when things happen (a
 * lesson's "max_p climbs while 32 connections are on"): what the bottleneck's forward
 * queue did in each window. Unlike the rest of the summary it covers the whole run from
 * t = 0, the warm-up included (summary.warmup says where that ended). Every array has one
 * entry per window, in time order. A few KB: at most 64 windows.
 */
export interface Timeline {
  /** Window length, s: 1, 2 or 5 times a power of ten, the least giving at most 64 windows (the last may be cut short by the run's end). */
  window: number;
  /** Each window's end, s; window k covers [end[k-1], end[k]), the first from 0. */
  end: number[];
  /** Time-averaged backlog (packets waiting), rounded to 0.001. */
  queueMean: number[];
  /** Least and most packets waiting for any positive time within the window. */
  queueMin: number[];
  queueMax: number[];
  /** Bits sent / (rate x window), rounded to 0.0001. */
  utilization: number[];
  /** Arrivals at the queue, drops (not link losses), overflow drops among them, and ECN marks. */
  arrivals: number[];
  drops: number[];
  dropsOverflow: number[];
  marks: number[];
  /** Time average of each of the bottleneck AQM's variables (the series' aqm.<name>: avg, maxP, p, price, sojourn ...), 4 significant digits; {} for drop-tail. */
  aqm: Record<string, number[]>;
  /** Per fixed flow (index = flow id), its drops and marks at this queue in each window; only for runs of at most 8 flows. */
  flowDrops?: number[][];
  flowMarks?: number[][];
  /** The first 32 drops at this queue (link losses not included), from t = 0: time (s, to 1 µs), flow id (-1: none; beyond summary.flows: a web connection), reason. */
  firstDrops: { t: number[]; flow: number[]; reason: DropReason[] };
}

/** How an offered `load` of a web traffic item was turned into a connection rate or a user count. */
export interface LoadCalibration {
  /** Index of the traffic item. */
  item: number;
  /** The offered load asked for (fraction of the bottleneck rate). */
  load: number;
  /** What it was turned into: `rate` (connections/s per direction), `users` or `sessions` (per direction). */
  param: 'rate' | 'users' | 'sessions';
  value: number;
  /** Utilization measured on the uncongested (10x faster) link with that value. */
  measured: number;
  /** Simulated runs the calibration took (0 when it came from the cache or the shipped calibrations). */
  runs: number;
  /** Item fields held fixed while the value was varied (packmime: `modelRate`, the rate its distribution shapes are taken at). */
  fixed: Record<string, number>;
}

export interface RunResult {
  version: 1;
  scenario: unknown;
  summary: Summary;
}

/**
 * A batch of time-series samples in columns. Each column has the same length as `t`.
 * Column names: 'queue' (packets), 'queueBytes', 'avg' (AQM average, queue unit),
 * 'pb', 'pa', 'maxP', 'util' (bottleneck utilization over the last interval),
 * 'queueRev', 'qdelay' (s), the bottleneck AQM's variables 'aqm.<name>' (e.g. aqm.maxP,
 * aqm.p, aqm.price, aqm.sojourn, aqm.qdelay: see each AQM's `vars`) and its thresholds
 * 'th.<key>' (th.minTh, th.maxTh, th.gentleMax, th.target, th.bandLow, th.bandHigh in the
 * queue's unit; th.delayTarget in s, where they are at each sample), and per flow i: 'cwnd.i', 'ssthresh.i' (segments),
 * 'acked.i' (bytes), 'rtt.i' (s, smoothed), 'goodput.i' (bits/s over the last interval); a TCP
 * flow's cwnd, ssthresh, rtt and goodput are NaN before it starts and after the sample that saw it complete.
 */
export interface SeriesBatch {
  t: Float64Array;
  cols: Record<string, Float64Array>;
}

/** Kinds of queue events for chart ticks. */
export const QEV_EARLY_DROP = 0;
export const QEV_FORCED_DROP = 1;
export const QEV_OVERFLOW_DROP = 2;
export const QEV_MARK = 3;
export const QEV_LINK_LOSS = 4;

/** Drops and marks at the bottleneck (left-to-right), for ticks on the time axis. */
export interface QueueEventBatch {
  t: Float64Array;
  kind: Uint8Array;
  flow: Int32Array;
}

/** Everything a run can stream out. All members optional; absent = not collected. */
export interface RunSink {
  series?(b: SeriesBatch): void;
  queueEvents?(b: QueueEventBatch): void;
  /** Presence turns decision recording on. */
  decision?(r: DecisionRecord): void;
  /** Presence turns flow-event recording on. */
  flowEvent?(e: FlowEvent): void;
  /** Completed web exchanges (started after the warm-up), in batches. */
  exchanges?(b: ExchangeBatch): void;
}
