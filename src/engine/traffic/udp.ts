import { MIN_RATE, type ParamSpecs } from '../core/params';
import { rngFor, type Rng } from '../core/rng';
import type { AppHandler, Simulator } from '../core/simulator';
import { fromSeconds, NS_PER_S } from '../core/time';
import type { Agent } from '../net/agent';
import { F_UDP, type PacketPool } from '../net/packet';
import { defineTraffic, needsDurationText, type TrafficEstimateContext, type TrafficItemOf } from './types';

/** Parameters of an unresponsive UDP source (`{ kind: "udp", ... }`). */
export const UDP_PARAMS = {
  pattern: {
    type: 'enum',
    values: ['cbr', 'poisson'],
    valueDocs: { cbr: 'constant bit rate: fixed gaps', poisson: 'exponential gaps with the same mean rate' },
    default: 'cbr',
    label: 'Pattern',
    doc: 'Inter-packet gap process.',
  },
  rate: { type: 'number', unit: 'bps', default: 1e6, min: MIN_RATE, max: 1e12, label: 'Rate', doc: 'Mean sending rate (packet bytes on the wire; at least 1 kb/s).' },
  packetSize: { type: 'number', unit: 'bytes', default: 1000, min: 1, max: 65535, integer: true, label: 'Packet size', doc: 'Bytes on the wire per packet.' },
  start: { type: 'number', unit: 's', default: 0, min: 0, max: 1e6, label: 'Start', doc: 'Time of the first packet, seconds.' },
  stop: { type: 'number', unit: 's', default: 10, min: 0, exclusiveMin: true, max: 1e6, label: 'Stop', doc: 'Time after which the source sends nothing; omit to send until the run ends.' },
} as const satisfies ParamSpecs;

/** Counts what arrives; an unresponsive source needs nothing back. */
export class UdpSink implements Agent {
  id = -1;
  packets = 0;
  bytes = 0;
  /** ns of the last arrival, -1 before the first. */
  lastArrivalNs = -1;
  constructor(
    readonly node: number,
    private readonly pool: PacketPool,
  ) {}
  recv(p: number, now: number): void {
    this.packets++;
    this.bytes += this.pool.payload[p];
    this.lastArrivalNs = now;
  }
  onTimer(): void {}
}

/**
 * An unresponsive UDP source: constant bit rate (fixed gaps) or Poisson (exponential
 * gaps with the same mean), sending `packetSize` bytes on the wire per packet.
 * For Poisson arrivals into a FIFO served at a fixed rate, the mean queue follows the
 * M/D/1 Pollaczek-Khinchine formula (tests/unit/engine/analytic.test.ts).
 */
export class UdpSource implements Agent, AppHandler {
  id = -1;
  appId = -1;
  packetsSent = 0;
  bytesSent = 0;
  private readonly meanGapNs: number;
  private k = 0;

  constructor(
    private readonly sim: Simulator,
    readonly node: number,
    readonly flow: number,
    private readonly sink: UdpSink,
    private readonly pattern: 'cbr' | 'poisson',
    rateBps: number,
    private readonly packetSize: number,
    private readonly startNs: number,
    /** ns after which nothing is sent (Infinity: sends until the run ends). */
    readonly stopNs: number,
    private readonly rng: Rng,
  ) {
    this.meanGapNs = (packetSize * 8 * NS_PER_S) / rateBps;
  }

  /** Registers with the simulator and schedules the first packet. */
  install(): void {
    this.sim.addAgent(this);
    this.appId = this.sim.addApp(this);
    this.sim.scheduleApp(this.appId, 0, this.startNs);
  }

  recv(): void {}
  onTimer(): void {}

  onApp(_arg: number, now: number): void {
    if (now >= this.stopNs) return;
    const pool = this.sim.pool;
    const p = pool.alloc();
    pool.flow[p] = this.flow;
    pool.size[p] = this.packetSize;
    pool.payload[p] = this.packetSize;
    pool.flags[p] = F_UDP;
    pool.seq[p] = this.packetsSent;
    pool.dst[p] = this.sink.node;
    pool.agent[p] = this.sink.id;
    this.packetsSent++;
    this.bytesSent += this.packetSize;
    this.sim.send(this.node, p);
    let next: number;
    if (this.pattern === 'cbr') {
      // exact schedule start + k * gap, rounded per packet so gaps never drift
      this.k++;
      next = this.startNs + Math.round(this.k * this.meanGapNs);
    } else {
      next = now + Math.max(1, Math.round(this.rng.exponential(this.meanGapNs)));
    }
    if (next < this.stopNs) this.sim.scheduleApp(this.appId, 0, next);
  }
}

/** A UDP item as the engine reads it. */
export type UdpItem = Omit<TrafficItemOf<typeof UDP_PARAMS, 'stop'>, 'pattern'> & { kind: 'udp'; pattern: 'cbr' | 'poisson' };

/** Packets of `size` bytes that fill the bottleneck queue: its byte limit over the size, or its packet limit. */
function udpQueued(size: number, ctx: TrafficEstimateContext): number {
  return ctx.bufferBytes !== undefined ? ctx.bufferBytes / size : (ctx.bufferPackets ?? 0);
}

/** One unresponsive UDP source and its sink: one flow. */
export const udp = defineTraffic({
  kind: 'udp',
  label: 'one unresponsive UDP source',
  doc: 'Constant-bit-rate or Poisson packets that ignore congestion (no feedback).',
  params: UDP_PARAMS,
  optional: { stop: 'sends until the run ends' },
  check(item, path) {
    return item.stop !== undefined && !(item.stop > item.start) ? [`${path}.stop = ${item.stop} must be after ${path}.start = ${item.start}`] : [];
  },
  needsDuration(item, path) {
    return item.stop === undefined ? needsDurationText(`${path} (udp) has no stop time`, [`${path}.stop`]) : null;
  },
  estimate(item, ctx) {
    const end = item.stop !== undefined ? Math.min(item.stop, ctx.endSeconds) : ctx.endSeconds;
    const packets = (Math.max(0, end - item.start) * item.rate) / (8 * item.packetSize);
    // every packet costs its sending event; those its first link can carry one more per hop,
    // those the slowest link can carry go all the way
    const first = Math.min(1, ctx.firstHopRate / item.rate);
    const through = Math.min(1, ctx.pathRate / item.rate);
    return {
      packets,
      flows: 1,
      seriesColumns: 2, // acked.i, goodput.i
      events: packets * (1 + 1.2 * first + 1.2 * through * Math.max(0, ctx.hops - 1)),
      // What the first link can carry over the path, plus a full access queue (1000
      // packets), plus the bottleneck's queue when what reaches it is more than its link
      // carries: a flood fills that queue to its limit and keeps it full. Without this
      // term 1 Gb/s into 10 Mb/s with a 10^7-packet queue was estimated at 3 MB and its
      // run held 4 M packets (the packet cap, 620 MB) after 32 s.
      packetsInFlight: Math.min(packets, (Math.min(item.rate, ctx.firstHopRate) * ctx.rtt) / 2 / (8 * item.packetSize) + 1000 + (Math.min(item.rate, ctx.firstHopRate) > ctx.pathRate ? udpQueued(item.packetSize, ctx) : 0)),
      memoryBytes: 1000,
    };
  },
  create(item, ctx) {
    const { sim, src, dst, flows } = ctx;
    const flow = flows.length;
    const startNs = fromSeconds(item.start ?? 0);
    const stopNs = item.stop !== undefined ? fromSeconds(item.stop) : Infinity;
    const sink = new UdpSink(dst[flow % dst.length], sim.pool);
    sim.addAgent(sink);
    const pattern = item.pattern as 'cbr' | 'poisson';
    const source = new UdpSource(sim, src[flow % src.length], flow, sink, pattern, item.rate, item.packetSize, startNs, stopNs, rngFor(ctx.seed, `udp:${ctx.index}`));
    source.install();
    flows.push({ kind: 'udp', flow, startNs, bytes: null, view: { source, sink } });
  },
});
