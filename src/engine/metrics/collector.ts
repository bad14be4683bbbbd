import type { DropReason } from '../aqm/decision';
import { THRESHOLD_KEYS, type AqmSummary, type QueueDisc, type QueueListener } from '../aqm/queue-disc';
import type { Simulator } from '../core/simulator';
import { NS_PER_S } from '../core/time';
import type { Link } from '../net/link';
import { KIND_KEYS, packetKindIndex } from '../net/packet';
import { jain } from './fairness';
import { TimelineRecorder } from './timeline';
import {
  QEV_EARLY_DROP,
  QEV_FORCED_DROP,
  QEV_LINK_LOSS,
  QEV_MARK,
  QEV_OVERFLOW_DROP,
  type FlowSummary,
  type KindCounts,
  type QueueSummary,
  type RunSink,
  type Summary,
} from './types';

/** What the collector reads from a TCP sender/receiver pair (the TCP classes satisfy it structurally). */
export interface TcpFlowView {
  readonly sender: {
    readonly cwnd: number;
    readonly ssthresh: number;
    /** Smoothed RTT, seconds (0 before the first sample). */
    readonly srtt: number;
    readonly bytesAcked: number;
    readonly packetsSent: number;
    readonly retransmissions: number;
    readonly timeouts: number;
    readonly fastRetransmits: number;
    readonly ecnReductions: number;
    /** ns, -1 while unfinished. */
    readonly completionTime: number;
    /** ns the connection was opened, -1 before. */
    readonly startTime: number;
  };
  readonly receiver: { readonly bytesDelivered: number };
}

export interface UdpFlowView {
  /** stopNs: Infinity when the source sends until the run ends. */
  readonly source: { readonly packetsSent: number; readonly bytesSent: number; readonly stopNs: number };
  /** lastArrivalNs: -1 before the first arrival. */
  readonly sink: { readonly bytes: number; readonly lastArrivalNs: number };
}

/** The thresholds the bottleneck queue has (th.minTh ...), in THRESHOLD_KEYS order. */
function thresholdKeys(q: QueueDisc): (typeof THRESHOLD_KEYS)[number][] {
  const th = q.thresholds();
  return THRESHOLD_KEYS.filter((k) => typeof th[k] === 'number');
}

/**
 * The series' column names, as sampled: the bottleneck's 9, the AQM's own variables
 * (aqm.maxP, aqm.price, aqm.sojourn ...), its thresholds where it has them (th.minTh ...),
 * then per TCP flow cwnd, ssthresh, acked, rtt, goodput and per UDP flow acked, goodput.
 * The run's size check counts these before the run (SimRun).
 */
export function seriesColumnNames(q: QueueDisc, flows: readonly FlowEntry[]): string[] {
  const cols = ['queue', 'queueBytes', 'avg', 'pb', 'pa', 'maxP', 'util', 'queueRev', 'qdelay'];
  for (const v of q.varSpecs) cols.push(`aqm.${v.name}`);
  for (const k of thresholdKeys(q)) cols.push(`th.${k}`);
  for (const f of flows) {
    if (f.kind === 'tcp') cols.push(`cwnd.${f.flow}`, `ssthresh.${f.flow}`, `acked.${f.flow}`, `rtt.${f.flow}`, `goodput.${f.flow}`);
    else cols.push(`acked.${f.flow}`, `goodput.${f.flow}`);
  }
  return cols;
}

/**
 * When a UDP flow is over, ns: its source stopped before `endNs` and its last packet has
 * arrived (the later of the stop and the last arrival; packets still in flight at the stop
 * arrive within a queue's delay). -1 while it runs or when it sends until the end.
 */
function udpDoneNs(v: UdpFlowView, endNs: number): number {
  const stop = v.source.stopNs;
  if (!(stop <= endNs)) return -1;
  return Math.max(stop, v.sink.lastArrivalNs);
}

export type FlowEntry =
  | { kind: 'tcp'; flow: number; startNs: number; bytes: number | null; view: TcpFlowView }
  | { kind: 'udp'; flow: number; startNs: number; bytes: null; view: UdpFlowView };

/** Counters of one link and its queue at the end of the warm-up (subtracted in the summary). */
interface LinkBase {
  arrivals: number;
  departures: number;
  drops: number;
  dropsOverflow: number;
  dropsEarly: number;
  dropsForced: number;
  marks: number;
  bitsSent: number;
  areaPackets: number;
  areaBytes: number;
  delaySum: number;
  delayCount: number;
  losses: number;
}

function linkBase(link: Link | null, now = 0): LinkBase {
  const q = link?.queue;
  return {
    arrivals: q?.arrivals ?? 0,
    departures: q?.departures ?? 0,
    drops: q?.drops ?? 0,
    dropsOverflow: q?.dropsOverflow ?? 0,
    dropsEarly: q?.dropsEarly ?? 0,
    dropsForced: q?.dropsForced ?? 0,
    marks: q?.marks ?? 0,
    bitsSent: link?.bitsAt(now) ?? 0,
    areaPackets: link?.areaPackets ?? 0,
    areaBytes: link?.areaBytes ?? 0,
    delaySum: link?.delaySum ?? 0,
    delayCount: link?.delayCount ?? 0,
    losses: link?.losses ?? 0,
  };
}

/** Per-flow counters at the end of the warm-up. */
interface FlowBase {
  delivered: number;
  packetsSent: number;
  retransmissions: number;
  timeouts: number;
  fastRetransmits: number;
  ecnReductions: number;
  drops: number;
  marks: number;
}

/** Most drop/mark events buffered between flushes (a UDP flood drops millions per second). */
export const MAX_EVENT_BUFFER = 1 << 16;

const REASON_KIND: Record<DropReason, number> = {
  early: QEV_EARLY_DROP,
  forced: QEV_FORCED_DROP,
  overflow: QEV_OVERFLOW_DROP,
  'link-loss': QEV_LINK_LOSS,
};

/**
 * Gathers per-flow drop/mark counts (via the queue listener), samples time series at a
 * fixed interval into column batches, and builds the run summary (DESIGN §5).
 */
export class Collector implements QueueListener {
  readonly flowDrops: Float64Array;
  readonly flowMarks: Float64Array;
  private readonly columns: string[];
  private readonly buf: Float64Array[];
  private readonly tBuf: Float64Array;
  private n = 0;
  private evT: Float64Array;
  private evKind: Uint8Array;
  private evFlow: Int32Array;
  private evN = 0;
  private lastSampleNs = 0;
  private lastBits = 0;
  private readonly lastAcked: Float64Array;
  /** End of the warm-up (ns) and the counters then; zero baselines until markWarmup runs. */
  private warmupNs = 0;
  private baseFwd: LinkBase = linkBase(null);
  private baseRev: LinkBase = linkBase(null);
  private baseFlows: FlowBase[] | null = null;
  /** Drops then marks by kind (KIND_KEYS order) in the bottleneck's queue, each direction, and at the warm-up's end. */
  private readonly kindFwd = new Float64Array(2 * KIND_KEYS.length);
  private readonly kindRev = new Float64Array(2 * KIND_KEYS.length);
  private baseKindFwd = new Float64Array(2 * KIND_KEYS.length);
  private baseKindRev = new Float64Array(2 * KIND_KEYS.length);
  private baseArrFwd = new Float64Array(KIND_KEYS.length);
  private baseArrRev = new Float64Array(KIND_KEYS.length);
  /** The AQM variables' time integrals at the end of the warm-up, per direction. */
  private baseAreaFwd: Float64Array | null = null;
  private baseAreaRev: Float64Array | null = null;
  /** Thresholds streamed as `th.<key>` (those the bottleneck queue has at the start). */
  private readonly thKeys: (typeof THRESHOLD_KEYS)[number][];

  constructor(
    private readonly sim: Simulator,
    readonly flows: FlowEntry[],
    private readonly bottleneck: Link,
    private readonly bottleneckReverse: Link,
    private readonly sink: RunSink,
    readonly batchSamples: number,
    /** Step of the timeline's hook, ns (timelineWindowNs). */
    timelineStepNs: number,
  ) {
    this.timeline = new TimelineRecorder(bottleneck, flows.length, timelineStepNs);
    this.flowDrops = new Float64Array(flows.length);
    this.flowMarks = new Float64Array(flows.length);
    this.lastAcked = new Float64Array(flows.length);
    this.thKeys = thresholdKeys(bottleneck.queue);
    // per-flow columns and sample buffers only when someone takes the series (10,000 flows x 5 columns add up)
    this.columns = seriesColumnNames(bottleneck.queue, sink.series ? flows : []);
    this.buf = sink.series ? this.columns.map(() => new Float64Array(batchSamples)) : [];
    this.tBuf = new Float64Array(batchSamples);
    this.evT = new Float64Array(256);
    this.evKind = new Uint8Array(256);
    this.evFlow = new Int32Array(256);
  }

  /** summary.timeline: the bottleneck's forward queue window by window (its hook: timeline.tick). */
  readonly timeline: TimelineRecorder;

  /** Told of drops of flows beyond the fixed ones (the web connections' exchanges). */
  extraDrop: ((flow: number) => void) | null = null;

  onDrop(queue: QueueDisc, p: number, reason: DropReason, now: number): void {
    const f = this.sim.pool.flow[p];
    if (reason !== 'link-loss') this.countKind(queue, p, 0);
    if (f >= 0 && f < this.flowDrops.length) this.flowDrops[f]++;
    else if (f >= 0 && this.extraDrop !== null) this.extraDrop(f);
    if (queue === this.bottleneck.queue) {
      if (reason !== 'link-loss') this.timeline.noteDrop(f, reason, now);
      if (this.sink.queueEvents) this.pushEvent(now, REASON_KIND[reason], f);
    }
  }

  onMark(queue: QueueDisc, p: number, now: number): void {
    const f = this.sim.pool.flow[p];
    this.countKind(queue, p, 1);
    if (f >= 0 && f < this.flowMarks.length) this.flowMarks[f]++;
    if (queue === this.bottleneck.queue) {
      this.timeline.noteMark(f);
      if (this.sink.queueEvents) this.pushEvent(now, QEV_MARK, f);
    }
  }

  /** A drop (what 0) or mark (1) of p in a bottleneck queue, counted by p's kind (summary byKind). */
  private countKind(queue: QueueDisc, p: number, what: 0 | 1): void {
    const c = queue === this.bottleneck.queue ? this.kindFwd : queue === this.bottleneckReverse.queue ? this.kindRev : null;
    if (c !== null) c[what * KIND_KEYS.length + packetKindIndex(this.sim.pool.flags[p], this.sim.pool.payload[p])]++;
  }

  private pushEvent(now: number, kind: number, flow: number): void {
    // the buffer never holds more than MAX_EVENT_BUFFER events: a full one goes to the sink at once
    if (this.evN === MAX_EVENT_BUFFER) this.flushEvents();
    if (this.evN === this.evT.length) {
      const t = new Float64Array(this.evN * 2);
      t.set(this.evT);
      const k = new Uint8Array(this.evN * 2);
      k.set(this.evKind);
      const f = new Int32Array(this.evN * 2);
      f.set(this.evFlow);
      this.evT = t;
      this.evKind = k;
      this.evFlow = f;
    }
    this.evT[this.evN] = now / NS_PER_S;
    this.evKind[this.evN] = kind;
    this.evFlow[this.evN] = flow;
    this.evN++;
  }

  /** Takes one sample of every column at the current time. */
  sample(): void {
    if (!this.sink.series) return;
    const now = this.sim.clock;
    const b = this.bottleneck;
    const q = b.queue;
    const dtS = (now - this.lastSampleNs) / NS_PER_S;
    const i = this.n;
    q.sync(now);
    const probs = q.probabilities();
    // bits on the wire since the last sample, including the packet in transmission pro rata is
    // not attempted: utilization is measured over completed transmissions (DESIGN §5)
    const bits = b.bitsAt(now);
    let c = 0;
    const buf = this.buf;
    buf[c++][i] = q.lenPackets;
    buf[c++][i] = q.lenBytes;
    buf[c++][i] = q.average;
    buf[c++][i] = probs.pb;
    buf[c++][i] = probs.pa;
    buf[c++][i] = probs.maxP;
    buf[c++][i] = dtS > 0 ? Math.min(1, (bits - this.lastBits) / (b.rateBps * dtS)) : 0;
    buf[c++][i] = this.bottleneckReverse.queue.lenPackets;
    buf[c++][i] = q.lenBytes * 8 / b.rateBps; // delay a packet arriving now would wait, s
    const vars = q.vars;
    for (let k = 0; k < vars.length; k++) buf[c++][i] = vars[k];
    if (this.thKeys.length > 0) {
      const th = q.thresholds();
      for (const k of this.thKeys) buf[c++][i] = th[k] ?? NaN;
    }
    for (let k = 0; k < this.flows.length; k++) {
      const f = this.flows[k];
      if (f.kind === 'tcp') {
        const s = f.view.sender;
        const acked = s.bytesAcked;
        // A flow has a window, an RTT and a goodput only while it runs: from its start to
        // the sample after its transfer completed. Before and after, these are gaps (NaN),
        // so a chart draws no line there and the band across flows (min, median, max)
        // describes the flows that are running, not 48 idle ones (seeds/004 Figs. 7-8).
        // The acknowledged bytes stay numbers throughout (0 before, the total after).
        const running = s.startTime >= 0 && !(s.completionTime >= 0 && s.completionTime <= this.lastSampleNs);
        buf[c++][i] = running ? s.cwnd : NaN;
        buf[c++][i] = running && s.ssthresh <= 1e9 ? s.ssthresh : NaN;
        buf[c++][i] = acked;
        buf[c++][i] = running ? s.srtt : NaN;
        buf[c++][i] = !running ? NaN : dtS > 0 ? ((acked - this.lastAcked[k]) * 8) / dtS : 0;
        this.lastAcked[k] = acked;
      } else {
        const got = f.view.sink.bytes;
        // as for TCP: no goodput before the source starts, nor after the sample that saw it done
        const done = udpDoneNs(f.view, now);
        const running = f.startNs <= now && !(done >= 0 && done <= this.lastSampleNs);
        buf[c++][i] = got;
        buf[c++][i] = !running ? NaN : dtS > 0 ? ((got - this.lastAcked[k]) * 8) / dtS : 0;
        this.lastAcked[k] = got;
      }
    }
    this.tBuf[i] = now / NS_PER_S;
    this.lastBits = bits;
    this.lastSampleNs = now;
    this.n++;
    if (this.n === this.batchSamples) this.flush();
  }

  /** Sends buffered samples and queue events to the sink. */
  flush(): void {
    if (this.n > 0 && this.sink.series) {
      const cols: Record<string, Float64Array> = {};
      for (let c = 0; c < this.columns.length; c++) cols[this.columns[c]] = this.buf[c].slice(0, this.n);
      this.sink.series({ t: this.tBuf.slice(0, this.n), cols });
    }
    this.n = 0;
    this.flushEvents();
  }

  private flushEvents(): void {
    if (this.evN > 0 && this.sink.queueEvents) {
      this.sink.queueEvents({ t: this.evT.slice(0, this.evN), kind: this.evKind.slice(0, this.evN), flow: this.evFlow.slice(0, this.evN) });
    }
    this.evN = 0;
  }

  /**
   * The warm-up ends now: remember every counter the summary reports, so the summary
   * counts only what happens from here on, and restart the maximum backlogs.
   */
  markWarmup(): void {
    const now = this.sim.clock;
    this.warmupNs = now;
    for (const l of [this.bottleneck, this.bottleneckReverse]) {
      l.integrate(now);
      l.queue.maxLenPackets = l.queue.lenPackets;
      l.queue.maxLenBytes = l.queue.lenBytes;
      l.queue.sync(now);
    }
    this.baseAreaFwd = this.bottleneck.queue.areaAt(now);
    this.baseAreaRev = this.bottleneckReverse.queue.areaAt(now);
    this.baseFwd = linkBase(this.bottleneck, now);
    this.baseRev = linkBase(this.bottleneckReverse, now);
    this.baseKindFwd = this.kindFwd.slice();
    this.baseKindRev = this.kindRev.slice();
    this.baseArrFwd = this.bottleneck.arrivalsByKind.slice();
    this.baseArrRev = this.bottleneckReverse.arrivalsByKind.slice();
    this.baseFlows = this.flows.map((f, k) => {
      const common = { drops: this.flowDrops[k], marks: this.flowMarks[k] };
      if (f.kind === 'tcp') {
        const s = f.view.sender;
        return { ...common, delivered: f.view.receiver.bytesDelivered, packetsSent: s.packetsSent, retransmissions: s.retransmissions, timeouts: s.timeouts, fastRetransmits: s.fastRetransmits, ecnReductions: s.ecnReductions };
      }
      return { ...common, delivered: f.view.sink.bytes, packetsSent: f.view.source.packetsSent, retransmissions: 0, timeouts: 0, fastRetransmits: 0, ecnReductions: 0 };
    });
  }

  /** Seconds excluded from the summary (0 until the warm-up has ended). */
  get warmupSeconds(): number {
    return this.warmupNs / NS_PER_S;
  }

  queueSummary(link: Link, endNs: number): QueueSummary {
    // read, not folded: the summary is taken mid-run too (Link.areasAt)
    const area = link.areasAt(endNs);
    const q = link.queue;
    const b = link === this.bottleneck ? this.baseFwd : link === this.bottleneckReverse ? this.baseRev : linkBase(null);
    const from = link === this.bottleneck || link === this.bottleneckReverse ? this.warmupNs : 0;
    const spanNs = endNs - from;
    const span = spanNs > 0 ? spanNs : 1;
    const arrivals = q.arrivals - b.arrivals;
    const drops = q.drops - b.drops;
    const marks = q.marks - b.marks;
    const delayCount = link.delayCount - b.delayCount;
    return {
      utilization: spanNs > 0 ? (link.bitsAt(endNs) - b.bitsSent) / ((link.rateBps * spanNs) / NS_PER_S) : 0,
      arrivals,
      departures: q.departures - b.departures,
      drops,
      dropsOverflow: q.dropsOverflow - b.dropsOverflow,
      dropsEarly: q.dropsEarly - b.dropsEarly,
      dropsForced: q.dropsForced - b.dropsForced,
      marks,
      lossRate: arrivals > 0 ? drops / arrivals : 0,
      markRate: arrivals > 0 ? marks / arrivals : 0,
      meanQueuePackets: (area.packets - b.areaPackets) / span,
      maxQueuePackets: q.maxLenPackets,
      meanQueueBytes: (area.bytes - b.areaBytes) / span,
      maxQueueBytes: q.maxLenBytes,
      meanQueueDelay: delayCount > 0 ? (link.delaySum - b.delaySum) / delayCount / NS_PER_S : 0,
      linkLosses: link.losses - b.losses,
      aqm: this.aqmSummary(link, endNs, from),
      ...(link === this.bottleneck || link === this.bottleneckReverse ? { byKind: this.kindSummary(link) } : {}),
    };
  }

  /** summary.<direction>.byKind: arrivals, drops and marks of the bottleneck's queue by packet kind, after the warm-up. */
  private kindSummary(link: Link): KindCounts {
    const fwd = link === this.bottleneck;
    const c = fwd ? this.kindFwd : this.kindRev;
    const bc = fwd ? this.baseKindFwd : this.baseKindRev;
    const a = link.arrivalsByKind;
    const ba = fwd ? this.baseArrFwd : this.baseArrRev;
    const n = KIND_KEYS.length;
    const out = {} as KindCounts;
    KIND_KEYS.forEach((k, i) => {
      out[k] = { arrivals: a[i] - ba[i], drops: c[i] - bc[i], marks: c[n + i] - bc[n + i] };
    });
    return out;
  }

  /** summary.<direction>.aqm: parameters in force, final state, time averages after the warm-up. */
  private aqmSummary(link: Link, endNs: number, fromNs: number): AqmSummary {
    const q = link.queue;
    q.sync(endNs);
    const base = link === this.bottleneck ? this.baseAreaFwd : link === this.bottleneckReverse ? this.baseAreaRev : null;
    const span = endNs - fromNs;
    const area = q.areaAt(endNs);
    const means: Record<string, number> = {};
    q.varSpecs.forEach((v, k) => {
      means[v.name] = span > 0 ? (area[k] - (base?.[k] ?? 0)) / span : q.vars[k];
    });
    return { kind: q.kind, params: q.aqmParams(), state: q.aqmState(), means };
  }

  summary(endNs: number, wallSeconds: number): Summary {
    // after a warm-up, counts and goodput cover [max(start, warm-up end), completion or end]
    const w = this.warmupNs / NS_PER_S;
    const zero: FlowBase = { delivered: 0, packetsSent: 0, retransmissions: 0, timeouts: 0, fastRetransmits: 0, ecnReductions: 0, drops: 0, marks: 0 };
    const flows: FlowSummary[] = this.flows.map((f, k) => {
      const start = f.startNs / NS_PER_S;
      const b = this.baseFlows?.[k] ?? zero;
      const from = Math.max(start, w);
      const drops = this.flowDrops[k] - b.drops;
      const marks = this.flowMarks[k] - b.marks;
      if (f.kind === 'tcp') {
        const s = f.view.sender;
        const done = s.completionTime >= 0 ? s.completionTime / NS_PER_S : null;
        const delivered = f.view.receiver.bytesDelivered - b.delivered;
        const span = (done ?? endNs / NS_PER_S) - from;
        return {
          flow: f.flow,
          kind: 'tcp',
          completionTime: done,
          startTime: start,
          goodputBps: span > 0 ? (delivered * 8) / span : 0,
          bytesDelivered: delivered,
          bytesRequested: f.bytes,
          packetsSent: s.packetsSent - b.packetsSent,
          retransmissions: s.retransmissions - b.retransmissions,
          timeouts: s.timeouts - b.timeouts,
          fastRetransmits: s.fastRetransmits - b.fastRetransmits,
          ecnReductions: s.ecnReductions - b.ecnReductions,
          drops,
          marks,
        };
      }
      // a source with a stop time is done at its last arrival after the stop: goodput over the time it sent
      const doneNs = udpDoneNs(f.view, endNs);
      const done = doneNs >= 0 ? doneNs / NS_PER_S : null;
      const span = (done ?? endNs / NS_PER_S) - from;
      const delivered = f.view.sink.bytes - b.delivered;
      return {
        flow: f.flow,
        kind: 'udp',
        completionTime: done,
        startTime: start,
        goodputBps: span > 0 ? (delivered * 8) / span : 0,
        bytesDelivered: delivered,
        bytesRequested: null,
        packetsSent: f.view.source.packetsSent - b.packetsSent,
        retransmissions: 0,
        timeouts: 0,
        fastRetransmits: 0,
        ecnReductions: 0,
        drops,
        marks,
      };
    });
    const tcp = flows.filter((f) => f.kind === 'tcp');
    // Goodput efficiency G, seeds/001 eq. (2): payload of all flows / (B x longest connection time).
    // After a warm-up the payload counts from its end, so the time must too (else a run that
    // kept the link full reads G far below its utilization).
    let G: number | null = null;
    if (tcp.length > 0 && tcp.every((f) => f.completionTime !== null)) {
      const t0 = Math.max(w, Math.min(...tcp.map((f) => f.startTime)));
      const tmax = Math.max(...tcp.map((f) => f.completionTime as number)) - t0;
      const payload = tcp.reduce((a, f) => a + f.bytesDelivered, 0);
      G = tmax > 0 ? (payload * 8) / (this.bottleneck.rateBps * tmax) : null;
    }
    return {
      events: this.sim.networkEvents,
      wallSeconds,
      simulatedSeconds: endNs / NS_PER_S,
      warmup: w,
      bottleneck: this.queueSummary(this.bottleneck, endNs),
      bottleneckReverse: this.queueSummary(this.bottleneckReverse, endNs),
      flows,
      goodputEfficiency: G,
      fairness: { jain: jain((tcp.length > 0 ? tcp : flows).map((f) => f.goodputBps)) },
      timeline: this.timeline.timeline(endNs),
    };
  }
}
