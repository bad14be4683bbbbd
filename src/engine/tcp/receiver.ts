import { fromSeconds, NS_PER_S } from '../core/time';
import type { Agent, FlowEventKind, FlowEventSink, Net } from '../net/agent';
import { ECN_CE, ECN_ECT0, ECN_NOT_ECT, F_ACK, F_CWR, F_ECE, F_FIN, F_SYN, MAX_SACK_BLOCKS } from '../net/packet';
import { IntervalSet } from './intervals';
import type { TcpParams } from './params';
import { RtoEstimator } from './rto';
import { asDoubles } from '../core/doubles';

/** Fields that hold times (ns) or byte counts as doubles (see core/doubles.ts). */
const RECEIVER_DOUBLES = ['delackDeadline', 'delackTimerAt', 'echoAt', 'synDeadline', 'synTimerAt', 'bytesDelivered', 'rcvNxt', 'finSeq'];

export const R_LISTEN = 0;
export const R_SYN_SENT = 1;
export const R_ESTABLISHED = 2;
export const R_CLOSED = 3;

/** Timer kinds of the receiver. */
export const T_SYN = 0;
export const T_DELACK = 1;

export interface TcpReceiverOptions {
  flow: number;
  node: number;
  params: TcpParams;
  /** Send SACK blocks (RFC 2018); both ends agree because they share the variant. */
  sack: boolean;
  flowEvents?: FlowEventSink | null;
}

/** The sending end, as the receiver sees it. */
export interface TcpDataPeer {
  id: number;
  node: number;
}

/**
 * The data-receiving end (sink) of a TCP connection: cumulative ACKs, an out-of-order
 * buffer of received byte ranges, delayed ACKs (RFC 5681 §4.2), SACK blocks (RFC 2018)
 * and the ECN echo (RFC 3168 §6.1.3). The advertised window is the fixed `rwnd`
 * parameter, which the sender reads from the same parameter set (no window field is
 * carried in packets).
 */
export class TcpReceiver implements Agent {
  id = -1;
  readonly node: number;
  readonly flow: number;
  readonly net: Net;
  readonly params: TcpParams;
  readonly sack: boolean;
  peer: TcpDataPeer | null = null;

  state = R_LISTEN;
  ecnOk = false;
  /** Next byte expected (everything below has been delivered to the application). */
  rcvNxt = 0;
  /** Payload bytes delivered in order to the application (each byte once). */
  bytesDelivered = 0;
  /** Out-of-order data above rcvNxt. */
  readonly ooo = new IntervalSet();
  /** Echo ECE on every ACK until a CWR arrives (RFC 3168 §6.1.3). */
  ceLatch = false;
  /** The SYN-ACK arrived CE-marked (ECN+): ECE on the handshake ACK. */
  private synAckCe = false;
  /** ecnPlusSynAck "rfc5562": a CE-marked SYN-ACK was reported and a second one awaited (the handshake's RTT is then ambiguous). */
  synAckCeReported = false;
  /** The sender's FIN has been received (seq of the FIN, -1 before). */
  finSeq = -1;

  // --- delayed ACK ---
  private readonly delayed: boolean;
  private readonly delackNs: number;
  /** The delayed-ACK timer ticks at multiples of delackNs (4.4BSD, ns-2 FullTcp) instead of running per segment. */
  private readonly delackClock: boolean;
  /** In-order segments received since the last ACK. */
  private unacked = 0;
  private delackDeadline = -1;
  private delackTimerAt = -1;
  /** sentAt of the segment that triggers the next ACK (timestamp echo). */
  private echoAt = -1;

  // --- SACK: most recently reported blocks, by a byte each block contains (RFC 2018 §4) ---
  private readonly recent = new Float64Array(MAX_SACK_BLOCKS);
  private recentCount = 0;

  // --- SYN retransmission when the receiver opens the connection ---
  private readonly synRto: RtoEstimator;
  private synDeadline = -1;
  private synTimerAt = -1;

  /** Counters. */
  acksSent = 0;
  segmentsReceived = 0;
  duplicateSegments = 0;

  private readonly eventsOverride: FlowEventSink | null | undefined;

  constructor(net: Net, o: TcpReceiverOptions) {
    this.net = net;
    this.node = o.node;
    this.flow = o.flow;
    this.params = o.params;
    this.sack = o.sack;
    this.delayed = o.params.delayedAck;
    this.delackNs = fromSeconds(o.params.delayedAckTimeout);
    this.delackClock = o.params.delayedAckTimer === 'clock';
    this.eventsOverride = o.flowEvents;
    this.synRto = new RtoEstimator(fromSeconds(o.params.tick), fromSeconds(o.params.minRto), fromSeconds(o.params.maxRto), fromSeconds(o.params.initialRto));
    asDoubles(this, RECEIVER_DOUBLES);
  }

  /** Active open from the receiver's side (a client that then downloads). */
  open(now: number): void {
    if (this.state !== R_LISTEN) return;
    this.state = R_SYN_SENT;
    this.sendSyn(now);
  }

  private sendSyn(now: number): void {
    this.sendControl(F_SYN | (this.params.ecn ? F_ECE | F_CWR : 0), ECN_NOT_ECT, 0, now);
    this.synDeadline = now + this.synRto.value;
    if (this.synTimerAt < 0 || this.synTimerAt > this.synDeadline) {
      this.synTimerAt = this.synDeadline;
      this.net.setTimer(this, T_SYN, this.synDeadline);
    }
  }

  recv(p: number, now: number): void {
    const pool = this.net.pool;
    const flags = pool.flags[p];
    if ((flags & F_SYN) !== 0) {
      if ((flags & F_ACK) === 0) {
        // Passive open: answer the SYN (again, if it was retransmitted). RFC 3168 §6.1.1:
        // an ECN-setup SYN has ECE and CWR; the ECN-setup SYN-ACK has ECE only.
        const first = this.state === R_LISTEN;
        if (first) this.state = R_ESTABLISHED;
        this.ecnOk = this.params.ecn && (flags & (F_ECE | F_CWR)) === (F_ECE | F_CWR);
        // ECN+ (seeds/003): the SYN-ACK itself is ECT(0), so an AQM may mark it instead of
        // dropping it; under ecnPlusSynAck "rfc5562" only the first one (RFC 5562 §3.1: a
        // SYN-ACK sent again is Not-ECT), under "ns2" every one (ns-2 FullTcp ecn_syn_).
        const ect = this.ecnOk && this.params.ecnPlus && (first || this.params.ecnPlusSynAck === 'ns2') ? ECN_ECT0 : ECN_NOT_ECT;
        this.sendControl(F_SYN | F_ACK | (this.ecnOk ? F_ECE : 0), ect, 0, now);
      } else if (this.state === R_SYN_SENT || this.state === R_ESTABLISHED) {
        if (this.state === R_SYN_SENT && this.params.ecn && this.params.ecnPlus && this.params.ecnPlusSynAck === 'rfc5562' && (flags & F_ECE) !== 0 && pool.ecn[p] === ECN_CE) {
          // RFC 5562 §3.2 (ns-2 FullTcp ecn_syn_wait_ 2): a CE-marked SYN-ACK is reported with
          // ECE on an ACK and otherwise ignored: the client stays in SYN_SENT, its SYN timer
          // restarted, until the Not-ECT SYN-ACK the server sends on the report arrives.
          this.synAckCeReported = true;
          this.sendControl(F_ACK | F_ECE, ECN_NOT_ECT, this.rcvNxt, now);
          this.synDeadline = now + this.synRto.value;
          if (this.events() !== null) this.ev('ce-received', now, 0, 'CE on the SYN-ACK (ECN+): ECE on the ACK, waiting for a Not-ECT SYN-ACK (RFC 5562 §3.2)');
          return;
        }
        // SYN-ACK for our SYN (or a retransmitted one): acknowledge it
        if (this.state === R_SYN_SENT) {
          this.state = R_ESTABLISHED;
          this.synDeadline = -1;
          this.ecnOk = this.params.ecn && (flags & F_ECE) !== 0;
        }
        // ECN+ (seeds/003; RFC 5562 §3.2): report a CE-marked SYN-ACK with ECE on the ACK
        this.synAckCe = this.ecnOk && pool.ecn[p] === ECN_CE;
        this.sendControl(F_ACK | (this.synAckCe ? F_ECE : 0), ECN_NOT_ECT, this.rcvNxt, now);
      }
      return;
    }
    if ((flags & F_FIN) !== 0) {
      // FIN/ACK exchange: answer every FIN (also retransmitted ones), no TIME_WAIT.
      const seq = pool.seq[p];
      if (seq <= this.rcvNxt) {
        this.finSeq = seq;
        this.state = R_CLOSED;
        this.unacked = 0;
        this.delackDeadline = -1;
        this.sendControl(F_FIN | F_ACK, ECN_NOT_ECT, seq + 1, now);
      } else this.sendAck(now);
      return;
    }
    const len = pool.payload[p];
    if (len <= 0) return; // pure ACK (handshake)
    if (this.state === R_LISTEN || this.state === R_SYN_SENT) this.state = R_ESTABLISHED;
    this.segmentsReceived++;
    if (this.ecnOk) {
      // RFC 3168 §6.1.3: CWR stops the echo; a CE mark (even on the same packet) restarts it.
      if ((flags & F_CWR) !== 0) this.ceLatch = false;
      if (pool.ecn[p] === ECN_CE) {
        this.ceLatch = true;
        if (this.events() !== null) this.ev('ce-received', now, pool.seq[p], `CE on segment ${pool.seq[p]}: echo ECE until CWR`);
      }
    }
    this.echoAt = pool.sentAt[p];
    const seq = pool.seq[p];
    const end = seq + len;
    if (end <= this.rcvNxt) {
      this.duplicateSegments++;
      // ns-2's DelAckSink takes a duplicate of the last in-order segment for an in-order one
      if (this.params.duplicateAck === 'ns2' && this.delayed && end === this.rcvNxt && this.ooo.count === 0) {
        this.delayAck(now);
        return;
      }
      // duplicate: ACK at once (RFC 5681 §4.2)
      this.sendAck(now);
      return;
    }
    if (seq > this.rcvNxt) {
      // out of order: buffer, ACK at once (a duplicate ACK, RFC 5681 §4.2)
      this.ooo.add(seq, end);
      if (this.sack) this.noteRecent(seq);
      this.sendAck(now);
      return;
    }
    // in order (possibly overlapping what we have)
    const hadHoles = this.ooo.count > 0;
    const before = this.rcvNxt;
    this.rcvNxt = hadHoles ? this.ooo.takeFrom(end) : end;
    this.bytesDelivered += this.rcvNxt - before;
    if (hadHoles || !this.delayed) {
      // fills (part of) a gap: immediate ACK (RFC 5681 §4.2)
      this.sendAck(now);
      return;
    }
    this.delayAck(now);
  }

  /** Delayed ACK: every second segment, or when the timer fires (RFC 5681 §4.2; ns-2 DelAckSink). */
  private delayAck(now: number): void {
    if (++this.unacked >= 2) {
      this.sendAck(now);
      return;
    }
    // the first held segment: a second one releases the ACK above, else the timer does
    this.delackDeadline = this.delackClock ? (Math.floor(now / this.delackNs) + 1) * this.delackNs : now + this.delackNs;
    if (this.delackTimerAt < 0) {
      this.delackTimerAt = this.delackDeadline;
      this.net.setTimer(this, T_DELACK, this.delackDeadline);
    }
  }

  onTimer(kind: number, now: number): void {
    if (kind === T_DELACK) {
      this.delackTimerAt = -1;
      if (this.unacked === 0 || this.delackDeadline < 0) return;
      if (now >= this.delackDeadline) this.sendAck(now);
      else {
        this.delackTimerAt = this.delackDeadline;
        this.net.setTimer(this, T_DELACK, this.delackDeadline);
      }
      return;
    }
    // T_SYN
    this.synTimerAt = -1;
    if (this.state !== R_SYN_SENT || this.synDeadline < 0) return;
    if (now >= this.synDeadline) {
      this.synRto.backOff();
      this.sendSyn(now);
    } else {
      this.synTimerAt = this.synDeadline;
      this.net.setTimer(this, T_SYN, this.synDeadline);
    }
  }

  /** Moves the block containing `seq` to the front of the recently-reported list. */
  private noteRecent(seq: number): void {
    const r = this.recent;
    const block = this.ooo.find(seq);
    // drop entries that are stale or now fall into the same block, keeping order
    let w = 0;
    for (let i = 0; i < this.recentCount; i++) {
      const x = r[i];
      if (x < this.rcvNxt) continue;
      const b = this.ooo.find(x);
      if (b < 0 || b === block) continue;
      r[w++] = x;
    }
    const n = Math.min(w, MAX_SACK_BLOCKS - 1);
    r.copyWithin(1, 0, n);
    r[0] = seq;
    this.recentCount = n + 1;
  }

  /**
   * A full-duplex connection's data segment going the other way carries this receiver's
   * acknowledgment (RFC 793 §3.7: the ACK rides on data): stamps it on packet p (cumulative
   * ACK, ECE as due) and, the ACK being sent, clears the delayed-ACK state. SACK blocks are
   * not carried; with data out of order the receiver has ACKed at once anyway.
   */
  carryAck(p: number): void {
    const pool = this.net.pool;
    pool.ack[p] = this.finSeq >= 0 ? this.finSeq + 1 : this.rcvNxt;
    if (this.ecnOk && this.ceLatch) pool.flags[p] |= F_ECE;
    if (this.unacked > 0) {
      this.unacked = 0;
      this.delackDeadline = -1;
      this.acksSent++;
    }
  }

  /** Sends a cumulative ACK now (with ECE and SACK blocks as due) and clears the delayed-ACK state. */
  sendAck(now: number): void {
    const pool = this.net.pool;
    const p = pool.alloc();
    pool.flow[p] = this.flow;
    pool.size[p] = this.params.ackBytes;
    pool.payload[p] = 0;
    pool.seq[p] = 0;
    pool.ack[p] = this.finSeq >= 0 ? this.finSeq + 1 : this.rcvNxt; // the FIN takes one sequence number
    pool.flags[p] = F_ACK | (this.ecnOk && this.ceLatch ? F_ECE : 0);
    pool.ecn[p] = ECN_NOT_ECT; // pure ACKs are not ECN-capable (RFC 3168 §6.1.4)
    pool.echo[p] = this.echoAt;
    if (this.sack && this.ooo.count > 0) this.fillSack(p);
    this.address(p, now);
    this.unacked = 0;
    this.delackDeadline = -1;
    this.acksSent++;
    this.net.send(this.node, p);
  }

  /**
   * RFC 2018 §4: the first block holds the most recently received segment, the others
   * repeat the most recently reported blocks, none repeated and none below rcvNxt.
   */
  private fillSack(p: number): void {
    const pool = this.net.pool;
    const base = p * 2 * MAX_SACK_BLOCKS;
    const ooo = this.ooo;
    let n = 0;
    // indices of blocks already reported in this ACK (at most MAX_SACK_BLOCKS, checked linearly)
    for (let i = 0; i < this.recentCount && n < MAX_SACK_BLOCKS; i++) {
      const x = this.recent[i];
      if (x < this.rcvNxt) continue;
      const b = ooo.find(x);
      if (b < 0) continue;
      const s = ooo.starts[b];
      let dup = false;
      for (let j = 0; j < n; j++) if (pool.sack[base + 2 * j] === s) dup = true;
      if (dup) continue;
      pool.sack[base + 2 * n] = s;
      pool.sack[base + 2 * n + 1] = ooo.ends[b];
      n++;
    }
    pool.sackCount[p] = n;
  }

  /** Sends a SYN, SYN-ACK, handshake ACK or FIN-ACK (ackBytes on the wire, no payload). */
  private sendControl(flags: number, ecn: number, ack: number, now: number): void {
    const pool = this.net.pool;
    const p = pool.alloc();
    pool.flow[p] = this.flow;
    pool.size[p] = this.params.ackBytes;
    pool.flags[p] = flags;
    pool.ack[p] = ack;
    pool.ecn[p] = ecn;
    this.address(p, now);
    if ((flags & F_ACK) !== 0) this.acksSent++;
    this.net.send(this.node, p);
  }

  private address(p: number, now: number): void {
    const pool = this.net.pool;
    const peer = this.peer;
    if (peer !== null) {
      pool.dst[p] = peer.node;
      pool.agent[p] = peer.id;
    }
    pool.sentAt[p] = now;
  }

  events(): FlowEventSink | null {
    return this.eventsOverride !== undefined ? this.eventsOverride : this.net.flowEvents;
  }

  private ev(kind: FlowEventKind, now: number, seq: number, note: string): void {
    const fe = this.events();
    if (fe === null) return;
    fe.flowEvent({ t: now / NS_PER_S, flow: this.flow, kind, seq, note });
  }
}
