import { valuesOf, type ParamSpecs } from '../core/params';
import { fromSeconds } from '../core/time';
import { createTcpConnection } from '../tcp/connection';
import { TCP_PARAMS, type TcpParams } from '../tcp/params';
import { defineTraffic, needsDurationText, type TrafficEstimateContext, type TrafficItemOf } from './types';

/** Parameters of a bulk TCP traffic item (`{ kind: "bulk", ... }`). */
export const BULK_PARAMS = {
  flows: { type: 'number', unit: '', default: 1, min: 1, max: 100000, integer: true, label: 'Flows', doc: 'Number of TCP connections of this item.' },
  bytes: {
    type: 'number',
    unit: 'bytes',
    default: 20971520,
    min: 0,
    exclusiveMin: true,
    max: 1e15,
    integer: true,
    label: 'Bytes per flow',
    doc: 'Application bytes each flow sends; omit for an unlimited (long-lived) flow.',
    ref: 'seeds/001: 20 MB',
  },
  start: { type: 'number', unit: 's', default: 0, min: 0, max: 1e6, label: 'Start', doc: 'Time the first flow of the item opens its connection, seconds.' },
  startSpread: {
    type: 'number',
    unit: 's',
    default: 0,
    min: 0,
    max: 1e6,
    label: 'Start spread',
    doc: 'Flow k (0-based) of the item starts at start + k * startSpread / flows, so the starts are evenly spaced over this many seconds.',
  },
  stop: {
    type: 'number',
    unit: 's',
    default: 60,
    min: 0,
    exclusiveMin: true,
    max: 1e6,
    label: 'Stop',
    doc: 'Time at which the flows stop writing: what was sent is delivered and the connection closes. Omit to send until the bytes are done or the run ends.',
    ref: 'seeds/004 §3.3, Figs. 7-8 (flows switching between 8 and 32 every 40 s)',
  },
} as const satisfies ParamSpecs;

/**
 * Segments that flows starting together can send in `active` seconds, when their start
 * overflows the bottleneck's buffer; Infinity when it does not. More flows than the buffer
 * holds, started within one round trip, send their SYNs and first windows at once: about a
 * buffer's worth of them get through each round, the rest time out and try again together
 * after the initial RTO, 2x, 4x ... (up to the max RTO), so a buffer more flows join at
 * 1, 3, 7, 15, 31 s ... Each joined flow sends a window per round trip, all of them at most
 * the path's rate. Only where the joined ones cannot fill the path does it matter: measured
 * with 1,000 flows through 10 Gb/s and a 100-packet buffer (tests/bench/estimate-grid.ts),
 * utilization 13 % at 4 s, 44 % at 10 s, 63 % at 30 s, 77 % at 40 s; 250 flows had sent
 * nothing at 20 s, 586 had timed out 4 times. The full-rate estimate was 2-30x the events
 * of 2-30 s runs; this gives 0.72x at 10 s, 1.0x at 30 and 120 s.
 */
function synchronisedStart(item: { flows: number; startSpread: number }, p: TcpParams, ctx: TrafficEstimateContext, windowSegs: number, active: number): number {
  const perRound = Math.max(1, Math.floor(ctx.bufferPackets ?? 0));
  const perFlow = windowSegs / Math.max(ctx.rtt, 1e-6); // segments/s
  const capacity = ctx.pathRate / (8 * (p.mss + p.headerBytes));
  if (item.flows <= perRound || item.startSpread >= ctx.rtt || perRound * perFlow >= capacity) return Infinity;
  let segs = 0;
  let joined = perRound;
  let t = 0;
  for (let k = 0; t < active; k++) {
    const next = joined >= item.flows ? active : Math.min(active, t + Math.min(p.maxRto, p.initialRto * 2 ** k));
    segs += Math.min(capacity, joined * perFlow) * (next - t);
    t = next;
    joined = Math.min(item.flows, joined + perRound);
  }
  return segs;
}

/** A bulk item as the engine reads it. */
export type BulkItem = TrafficItemOf<typeof BULK_PARAMS, 'bytes' | 'stop'> & { kind: 'bulk' };

/**
 * Bulk TCP transfers: `flows` connections from the item's senders to its receivers, each
 * sending `bytes` (or without end), started evenly over `startSpread` seconds. Flow k of
 * the run (counting all items) uses sender host k mod (number of senders), so flows are
 * spread round-robin over the hosts.
 */
export const bulk = defineTraffic({
  kind: 'bulk',
  label: 'TCP bulk transfers (finite or unlimited)',
  doc: 'Long-lived or fixed-size TCP transfers (FTP-like), as in seeds/001 and seeds/004.',
  params: BULK_PARAMS,
  optional: { bytes: 'unlimited (long-lived flow)', stop: 'never stops early' },
  tcpOverride: true,
  check(item, path) {
    return item.stop !== undefined && !(item.stop > item.start) ? [`${path}.stop = ${item.stop} must be after ${path}.start = ${item.start}`] : [];
  },
  needsDuration(item, path) {
    return item.bytes === undefined ? needsDurationText(`${path} is unlimited (bytes omitted)`, [`${path}.bytes`]) : null;
  },
  estimate(item, ctx) {
    // data packets: what the path's slowest link, the receive windows or the bytes allow
    const p: TcpParams = valuesOf(TCP_PARAMS, ctx.tcp, item.tcp);
    const active = Math.max(0, ctx.endSeconds - item.start - item.startSpread / 2);
    const windowSegs = Math.max(1, Math.floor(p.rwnd / p.mss));
    const byRate = (ctx.pathRate * active) / (8 * (p.mss + p.headerBytes));
    const byWindow = (item.flows * windowSegs * active) / Math.max(ctx.rtt, 1e-6);
    // with random loss, Mathis et al.: about 1.22 / sqrt(loss) segments per RTT per flow
    const byLoss = ctx.loss > 0 ? (item.flows * 1.22 * active) / (Math.max(ctx.rtt, 1e-6) * Math.sqrt(ctx.loss)) : Infinity;
    let data = Math.min(byRate, byWindow, byLoss, synchronisedStart(item, p, ctx, windowSegs, active));
    if (item.bytes !== undefined) data = Math.min(data, item.flows * Math.ceil(item.bytes / p.mss));
    // Retransmitted share of the segments sent. Flows sharing the slowest link hold its
    // round trip's worth of packets plus its buffer between them, w segments each; below
    // their receive window they lose about (1.22 / w)^2 of their segments (Mathis et al.),
    // at the window nothing. Measured (tests/bench/estimate-grid.ts, 44 ms round trip,
    // 100-packet buffer): 10 Mb/s x 10 flows 1.1-1.9 % (this gives 0.8 %), x 100 flows
    // 15-17 % and x 1,000 19-24 % (capped at 25 %), 100 Mb/s x 100 2.3-3.1 % (6.8 %),
    // x 1,000 5-13 % (25 %), window-limited flows (1 Gb/s x 10) 0.0 %.
    const w = (ctx.pathRate * Math.max(ctx.rtt, 1e-6)) / (8 * (p.mss + p.headerBytes)) / item.flows + (ctx.bufferPackets ?? 0) / item.flows;
    const retx = w >= windowSegs || byWindow < byRate ? 0 : Math.min(0.25, (1.22 / Math.max(w, 1e-9)) ** 2);
    const sent = data * (1 + Math.max(retx, ctx.loss)) + 2 * item.flows; // and SYN and FIN
    // one ACK per two segments with delayed ACKs (measured 2.00 segments per ACK without
    // loss); duplicate ACKs for out-of-order segments make it 1.7-1.85 at 15-24 % retransmitted
    const acks = sent * (p.delayedAck ? 0.5 + 0.4 * retx : 1);
    return {
      packets: sent + acks,
      flows: item.flows,
      // A hop costs one event, two when the packet waits: measured 3.7-4.2 events per data
      // or ACK packet over the dumbbell's 3 hops (1.23-1.4 a hop), the same at 10 Mb/s and
      // 10 Gb/s, 1 flow and 1,000 (5.5-6.6 events per data segment sent). Losses add timer
      // and recovery events: about 3 per retransmission (6.6 events per segment at 10 Mb/s x
      // 1,000 flows, 19 % retransmitted, against 5.9 from the hops).
      events: (sent + acks) * ctx.hops * 1.25 + 3 * retx * sent + 3 * item.flows,
      // at most every flow's window, and at most what the path holds: its round trip at the
      // slowest link's rate and the bottleneck's buffer (each maybe full of ACKs too, x 2), an
      // access queue (1000 packets) and a packet (SYN) per flow. Windows alone were 440 k
      // packets (123 MB) for 10,000 flows through 1 Gb/s, whose run held a few thousand.
      packetsInFlight: Math.min(item.flows * windowSegs, sent, item.flows + 2 * ((ctx.pathRate * ctx.rtt) / (8 * (p.mss + p.headerBytes)) + (ctx.bufferPackets ?? 0)) + 1000),
      memoryBytes: item.flows * 7000,
    };
  },
  create(item, ctx) {
    const { sim, src, dst, flows } = ctx;
    const params: TcpParams = valuesOf(TCP_PARAMS, ctx.tcp, item.tcp);
    const bytes = item.bytes ?? null;
    for (let j = 0; j < item.flows; j++) {
      const flow = flows.length;
      const startNs = fromSeconds(item.start + (item.flows > 0 ? (j * item.startSpread) / item.flows : 0));
      if (bytes !== null) ctx.openFinite();
      const conn = createTcpConnection(sim, {
        flow,
        srcNode: src[flow % src.length],
        dstNode: dst[flow % dst.length],
        params,
        bytes,
        onComplete: bytes !== null ? () => ctx.finiteDone() : undefined,
      });
      sim.addAgent(conn.sender);
      sim.addAgent(conn.receiver);
      flows.push({ kind: 'tcp', flow, startNs, bytes, view: conn });
      // app arg 0: open the connection; 1: the application stops writing (item.stop)
      const app = sim.addApp({ onApp: (a, now) => (a === 0 ? conn.sender.start(now) : conn.sender.stopWriting(now)) });
      sim.scheduleApp(app, 0, startNs);
      if (item.stop !== undefined) sim.scheduleApp(app, 1, fromSeconds(item.stop));
    }
  },
});
