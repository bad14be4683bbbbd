import { NS_PER_S, fromSeconds } from '../core/time';
import type { Agent, FlowEventKind, FlowEventSink, Net } from '../net/agent';
import { ECN_CE, ECN_ECT0, ECN_NOT_ECT, F_ACK, F_CWR, F_ECE, F_FIN, F_SYN } from '../net/packet';
import type { TcpParams } from './params';
import type { LossRecovery } from './recovery';
import { RtoEstimator, type RtoMode } from './rto';
import { asDoubles } from '../core/doubles';
import { cutAtOne, openWindow, paceNs, subtcpOn } from './subtcp';
import { CubicState, cubicCut, cubicOpen } from './cubic';

/** Fields that hold times (ns), windows or byte counts as doubles (see core/doubles.ts). */
const SENDER_DOUBLES = ['cwnd', 'subScale', 'ssthresh', 'cutCwnd', 'holdUntil', 'timedAt', 'rtxDeadline', 'timerAt', 'synAt', 'completionTime', 'startTime', 'bytesAcked', 'dataEnd', 'completedEnd',
  // sequence numbers: ACK numbers come from the pool's Float64Array as doubles (the first ACK made these fields doubles mid-run)
  'sndUna', 'sndNxt', 'sndMax', 'timedSeq', 'recover', 'cutEnd', 'timerHandle'];

/** Connection states of the sender (a subset of RFC 793's, enough for a one-way transfer). */
export const S_CLOSED = 0;
export const S_SYN_SENT = 1;
export const S_LISTEN = 2;
export const S_SYN_RCVD = 3;
export const S_ESTABLISHED = 4;
export const S_FIN_WAIT = 5;
export const S_DONE = 6;

/** Timer kind used by the sender (retransmission, SYN / SYN-ACK / FIN retransmission, ECN hold). */
export const T_RTX = 0;

/** The receiving end the sender talks to (its id is set by the simulator). */
export interface TcpPeer {
  id: number;
  node: number;
  /** Active open by the receiver (used when the receiver is the connection's opener). */
  open(now: number): void;
}

export interface TcpSenderOptions {
  flow: number;
  node: number;
  params: TcpParams;
  recovery: LossRecovery;
  /** Payload bytes to send; Infinity = unlimited. */
  bytes: number;
  /** Who sends the SYN: the sender (default) or the receiver (as a web client does; the sender then sends the SYN-ACK). */
  opener: 'sender' | 'receiver';
  /** Send a FIN once every byte written so far is acknowledged (default true). */
  autoClose: boolean;
  onComplete?: (now: number) => void;
  /** Overrides net.flowEvents when given (null = no events). */
  flowEvents?: FlowEventSink | null;
}

/**
 * The data-sending end of a TCP connection: handshake, window-limited transmission,
 * RTO (RFC 6298), ECN (RFC 3168) and the shared half of loss recovery. The variant
 * specific half (what to do on duplicate and partial ACKs) is a LossRecovery strategy.
 *
 * Sequence numbers are bytes; data byte 0 is sequence 0 (SYN and FIN are control
 * packets outside the data space; the FIN is acknowledged with ack = end + 1). Every
 * segment starts on an MSS boundary, so segment k carries bytes [k·MSS, (k+1)·MSS).
 * cwnd and ssthresh are in segments (floats), as in ns-2.
 */
export class TcpSender implements Agent {
  id = -1;
  readonly node: number;
  readonly flow: number;
  readonly net: Net;
  readonly params: TcpParams;
  readonly recovery: LossRecovery;
  readonly mss: number;
  readonly dupThresh: number;
  /** Segments the receiver window allows outstanding: floor(rwnd / MSS), at least 1. */
  readonly rwndSegs: number;
  peer: TcpPeer | null = null;

  state = S_CLOSED;
  /** Negotiated ECN (both ends asked for it). */
  ecnOk = false;

  // --- sequence space (bytes) ---
  sndUna = 0;
  sndNxt = 0;
  /** One past the highest byte ever sent. */
  sndMax = 0;
  /** One past the last byte the application has written (Infinity = unlimited). */
  dataEnd = 0;

  // --- congestion state (segments) ---
  // (number fields set in the constructor get an initializer too: a class field without one
  // starts as undefined, and V8 then keeps it as a tagged value, a new heap number per store)
  cwnd = 0;
  ssthresh = 0;
  /** cwnd right after the last loss or ECN cut, without fast-recovery inflation (ssthresh under windowCut "rfc5681"). */
  cutCwnd = 0;
  dupacks = 0;
  /**
   * snd.max when the last loss response started (fast retransmit or timeout). A new fast
   * retransmit needs snd.una >= recover (RFC 6582 §3.2 step 2; ns-2's bugFix_ for Reno and Tahoe).
   */
  recover = 0;
  /** snd.max at the last window reduction of any kind; -1 before the first. */
  cutEnd = -1;
  /** The last reduction was an ECN one (RFC 3168 §6.1.2: do not cut ssthresh again in that window). */
  lastCutEcn = false;
  /**
   * tcp.ecnSmallWindow "ns2": the last window reduction was a timeout, so the next ECE gets a
   * response even for data sent before it (ns-2 tcp.cc ecn(): seqno > recover_ or
   * last_cwnd_action_ == CWND_ACTION_TIMEOUT).
   */
  private lastCutTimeout = false;
  /** Set CWR on the next new data segment. */
  cwrPending = false;
  /** The ACK being processed carried ECE (no window growth on it, as ns-2). */
  ackEce = false;
  /**
   * SUBTCP (seeds/004 Fig. 11): below one segment per RTT the window is 1 and the sender
   * waits subScale x RTT between segments; 1 = normal TCP. See subtcp.ts.
   */
  subScale = 1;
  private readonly subtcp: boolean;
  /** CUBIC's state (cc = "cubic", cubic.ts); null for Reno's AIMD. */
  private readonly cubic: CubicState | null;
  /** ECN at cwnd = 1 (RFC 3168 §6.1.2), or SUBTCP pacing: no new segment until holdUntil. */
  holding = false;
  /** tcp.ecnSmallWindow "ns2": an ECN response at cwnd <= 1 happened and no ACK without ECE since (ns-2 ecn_backoff_). */
  private ecnBackoff = false;
  holdUntil = 0;

  // --- RTT / RTO ---
  readonly rtoEst: RtoEstimator;
  /** One timed segment per RTT (BSD / ns-2 style); Karn: cancelled by any retransmission. */
  timing = false;
  timedSeq = 0;
  timedAt = 0;
  /** Retransmission deadline (ns), -1 when the timer is stopped. Lazy: the pending timer event re-arms itself. */
  rtxDeadline = -1;
  private timerAt = -1;
  private timerHandle = -1;
  /** When the SYN (or SYN-ACK) was first sent, and whether it was retransmitted (Karn). */
  private synAt = 0;
  private synRetx = false;
  /** tcp.ecnPlusSynAck "rfc5562": the client reported the ECT SYN-ACK CE-marked; the data starts with one segment. */
  private synAckCeReported = false;

  // --- counters read by metrics ---
  /** Data segments sent, retransmissions included (SYN, FIN and pure ACKs not counted). */
  packetsSent = 0;
  /** Payload bytes cumulatively acknowledged. */
  bytesAcked = 0;
  /** Data segments retransmitted (fast retransmit, partial ACK, SACK, go-back-N after timeout). */
  retransmissions = 0;
  timeouts = 0;
  fastRetransmits = 0;
  ecnReductions = 0;
  /** Time (ns) the last written byte was acknowledged, -1 until then. */
  completionTime = -1;
  /** Time (ns) start() was called, -1 before. */
  startTime = -1;

  private readonly opener: 'sender' | 'receiver';
  private readonly autoClose: boolean;
  private readonly onComplete: ((now: number) => void) | undefined;
  private readonly eventsOverride: FlowEventSink | null | undefined;
  private readonly headerBytes: number;
  private readonly ackBytes: number;

  constructor(net: Net, o: TcpSenderOptions) {
    this.net = net;
    this.node = o.node;
    this.flow = o.flow;
    this.params = o.params;
    this.recovery = o.recovery;
    this.mss = o.params.mss;
    this.dupThresh = o.params.dupackThreshold;
    this.rwndSegs = Math.max(1, Math.floor(o.params.rwnd / o.params.mss));
    this.dataEnd = o.bytes;
    this.cwnd = o.params.initialCwnd;
    // RFC 5681 §3.1: initial ssthresh "arbitrarily high", e.g. the largest advertised
    // window; ns-2 starts it at the receiver window wnd_ too.
    this.ssthresh = this.rwndSegs;
    this.opener = o.opener;
    this.autoClose = o.autoClose;
    this.onComplete = o.onComplete;
    this.eventsOverride = o.flowEvents;
    this.headerBytes = o.params.headerBytes;
    this.ackBytes = o.params.ackBytes;
    const tickNs = fromSeconds(o.params.tick);
    this.rtoEst = new RtoEstimator(tickNs, fromSeconds(o.params.minRto), fromSeconds(o.params.maxRto), fromSeconds(o.params.initialRto), o.params.rtoEstimator as RtoMode);
    this.subtcp = subtcpOn(o.params);
    this.cubic = o.params.cc === 'cubic' ? new CubicState() : null;
    asDoubles(this, SENDER_DOUBLES);
  }

  /** Smoothed RTT, seconds (0 before the first sample). */
  get srtt(): number {
    return this.rtoEst.srtt / NS_PER_S;
  }

  /** Current retransmission timeout including backoff, seconds. */
  get rto(): number {
    return this.rtoEst.value / NS_PER_S;
  }

  /** Segments that may be outstanding now: min(floor(cwnd), floor(rwnd / MSS)), 0 during an ECN hold. */
  window(): number {
    if (this.holding) return 0;
    const c = Math.floor(this.cwnd);
    return c < this.rwndSegs ? c : this.rwndSegs;
  }

  /** Outstanding data in segments (snd.max - snd.una): RFC 5681's FlightSize. */
  flightSegments(): number {
    return (this.sndMax - this.sndUna) / this.mss;
  }

  // ------------------------------------------------------------------ opening

  /** Opens the connection: sends the SYN, or asks the receiver to (opener = 'receiver'). */
  start(now: number): void {
    if (this.state !== S_CLOSED) return;
    this.startTime = now;
    if (this.opener === 'sender') {
      this.state = S_SYN_SENT;
      this.synAt = now;
      this.sendControl(F_SYN | (this.params.ecn ? F_ECE | F_CWR : 0), ECN_NOT_ECT, 0, now);
      if (this.events() !== null) this.ev('syn-sent', now, 0, this.params.ecn ? 'SYN with ECE+CWR (ECN setup)' : 'SYN');
      this.restartRtx(now);
    } else {
      this.state = S_LISTEN;
      if (this.peer !== null) this.peer.open(now);
    }
  }

  /** The application writes `bytes` more payload (persistent connections); restarts sending. */
  write(bytes: number, now: number): void {
    this.dataEnd += bytes;
    if (this.state === S_ESTABLISHED) this.recovery.send(this, now);
  }

  private establish(now: number, ecnPlusCe: boolean): void {
    this.state = S_ESTABLISHED;
    this.rtxDeadline = -1;
    // RFC 6298 §2.1 / Karn: the handshake gives the first RTT sample unless it was retransmitted.
    if (!this.synRetx) this.rtoEst.sample(now - this.synAt, this.synAt);
    if (ecnPlusCe || this.synAckCeReported) {
      // seeds/003 ECN+, RFC 5562 §3.2: a CE mark on the SYN-ACK is a congestion signal
      // before any data: the data sender starts with a window of one segment (under
      // ecnPlusSynAck "rfc5562" once the Not-ECT SYN-ACK resent on the report is acknowledged).
      this.cwnd = 1;
      this.ecnReductions++;
      if (this.events() !== null) this.ev('ecn-cut', now, 0, 'SYN-ACK was CE-marked (ECN+): initial cwnd 1');
    }
    if (this.events() !== null) this.ev('established', now, 0, this.ecnOk ? 'ECN negotiated' : 'no ECN');
    if (this.sndUna >= this.dataEnd) {
      // nothing to send: acknowledge the SYN-ACK and finish
      if (this.opener === 'sender') this.sendControl(F_ACK, ECN_NOT_ECT, 0, now);
      this.checkComplete(now);
      return;
    }
    // The first data segment carries the ACK of the SYN-ACK (RFC 793 §3.4 allows data on the third segment).
    this.recovery.send(this, now);
  }

  // ------------------------------------------------------------------ receiving

  recv(p: number, now: number): void {
    const pool = this.net.pool;
    const flags = pool.flags[p];
    switch (this.state) {
      case S_SYN_SENT:
        if ((flags & (F_SYN | F_ACK)) === (F_SYN | F_ACK)) {
          this.ecnOk = this.params.ecn && (flags & F_ECE) !== 0;
          this.establish(now, this.ecnOk && pool.ecn[p] === ECN_CE);
        }
        return;
      case S_LISTEN:
      case S_SYN_RCVD:
        if ((flags & F_SYN) !== 0 && (flags & F_ACK) === 0) {
          // (re)send the SYN-ACK; ECN setup SYN has ECE and CWR (RFC 3168 §6.1.1)
          const first = this.state === S_LISTEN;
          this.ecnOk = this.params.ecn && (flags & (F_ECE | F_CWR)) === (F_ECE | F_CWR);
          if (first) {
            this.synAt = now;
            this.state = S_SYN_RCVD;
          } else this.synRetx = true;
          this.sendSynAck(now, first);
          this.restartRtx(now);
        } else if (this.state === S_SYN_RCVD && (flags & F_ACK) !== 0 && (flags & F_SYN) === 0) {
          // ECE on the handshake ACK reports a CE-marked SYN-ACK (ECN+)
          const ece = this.ecnOk && (flags & F_ECE) !== 0;
          if (ece && this.params.ecnPlus && this.params.ecnPlusSynAck === 'rfc5562' && !this.synAckCeReported) this.synAckMarked(now);
          else this.establish(now, ece);
        }
        return;
      case S_ESTABLISHED:
        if ((flags & F_ACK) !== 0 && (flags & F_SYN) === 0) this.onAck(p, now);
        return;
      case S_FIN_WAIT:
        if ((flags & F_ACK) !== 0 && pool.ack[p] > this.dataEnd) {
          this.state = S_DONE;
          this.rtxDeadline = -1;
        }
        return;
      default:
        return;
    }
  }

  private onAck(p: number, now: number): void {
    const pool = this.net.pool;
    const ack = pool.ack[p];
    if (ack > this.sndMax) return; // acknowledges data never sent: ignore
    const ece = this.ecnOk && (pool.flags[p] & F_ECE) !== 0;
    this.ackEce = ece;
    const rec = this.recovery;
    rec.onAck(this, p, now);
    if (ece) this.onEce(ack, now);
    if (ack > this.sndUna) {
      const acked = ack - this.sndUna;
      this.sndUna = ack;
      if (this.sndNxt < ack) this.sndNxt = ack;
      this.dupacks = 0;
      this.bytesAcked += acked;
      if (this.timing && ack > this.timedSeq) {
        this.timing = false;
        if (this.rttSampleAllowed(ack)) {
          // tcp.ecnSmallWindow "ns2": an ECE ACK after a response at cwnd <= 1 gives a sample but keeps the backoff (ns-2 newack).
          // The backoff is read and written back on every sample, not only in that rare case:
          // a property access first met after V8 had optimized onAck threw its code away (a
          // deopt, and onAck compiled again) in every ECN run
          const est = this.rtoEst;
          const backoff = est.backoff;
          est.sample(now - this.timedAt, this.timedAt);
          est.backoff = this.ecnBackoff && this.ackEce ? backoff : est.backoff;
        }
        else this.rtoEst.backoff = 1;
      }
      if (this.cubic !== null) {
        this.cubic.now = now;
        this.cubic.ackedSegs = acked / this.mss;
      }
      const restart = rec.onNewAck(this, acked, now);
      // RFC 6298 §5.2-5.3: stop the timer when all data is acked, else restart it.
      if (this.sndUna >= this.sndMax) this.rtxDeadline = -1;
      else if (restart) this.restartRtx(now);
      if (this.sndUna >= this.dataEnd) {
        this.checkComplete(now);
        if (this.state !== S_ESTABLISHED) return;
      }
    } else if (ack === this.sndUna && this.sndMax > this.sndUna && pool.payload[p] === 0 && (pool.flags[p] & (F_SYN | F_FIN)) === 0) {
      // RFC 5681 §2: a duplicate ACK
      this.dupacks++;
      if (this.events() !== null) this.ev('dupack', now, ack, `duplicate ACK #${this.dupacks} for ${ack}`);
      rec.onDupAck(this, now);
      if (this.params.limitedTransmit && this.dupacks < this.dupThresh && !rec.inRecovery) this.limitedTransmit(now);
    }
    rec.send(this, now);
  }

  /**
   * rttSampling "ns2": a NewReno partial ACK that covers the timed segment ends the timing
   * without a sample (and ends the backoff), as ns-2's partialnewack does.
   */
  private rttSampleAllowed(ack: number): boolean {
    return this.params.rttSampling !== 'ns2' || this.params.variant !== 'newreno' || !this.recovery.inRecovery || ack >= this.recover;
  }

  /** An ACK with ECN-Echo (RFC 3168 §6.1.2): reduce at most once per window of data. */
  private onEce(ack: number, now: number): void {
    if (this.events() !== null) this.ev('ece-received', now, ack, `ECE on ACK ${ack}`);
    if (this.recovery.inRecovery) return; // already reduced for the loss
    // already reduced in this window (ns-2 answers the first ECE after a timeout anyway)
    if (ack <= this.cutEnd && !(this.lastCutTimeout && this.params.ecnSmallWindow === 'ns2')) return;
    this.ecnReductions++;
    const flight = this.flightSegments();
    const ns2 = this.params.windowCut === 'ns2';
    const half = this.halfWindow();
    this.ssthresh = ns2 ? Math.max(Math.floor(half), 2) : this.cubic !== null ? cubicCut(this, this.cubic, this.cwnd, flight, false) : Math.max(flight / 2, 2);
    if (Math.floor(this.cwnd) <= 1 && (this.params.subtcp || this.params.increase === 'bandwidth') && this.subCut(now)) {
      if (this.events() !== null) this.ev('ecn-cut', now, ack, `ECE at cwnd 1 (SUBTCP): sub_scale ${this.subScale}, next segment after ${((this.subScale * this.rttNs()) / NS_PER_S).toFixed(3)} s`);
    } else if (Math.floor(this.cwnd) <= 1) {
      // RFC 3168 §6.1.2: cwnd cannot halve below one segment, so the sender resets the
      // retransmission timer and sends its next segment only after one RTO.
      this.cwnd = this.params.ecnSmallWindow === 'ns2' ? this.ns2SmallWindowCut(half) : 1;
      this.holding = true;
      this.holdUntil = now + this.rtoEst.value;
      this.restartRtx(now);
      if (this.events() !== null) this.ev('ecn-cut', now, ack, `ECE at cwnd 1: next segment after RTO ${(this.rtoEst.value / NS_PER_S).toFixed(3)} s`);
    } else {
      const before = this.cwnd;
      this.cwnd = ns2 ? half : Math.min(this.cwnd, this.ssthresh);
      if (this.events() !== null) this.ev('ecn-cut', now, ack, ns2 ? `ECE: cwnd ${before.toFixed(2)} -> ${this.cwnd.toFixed(2)} = min(cwnd, rwnd) / 2, ssthresh ${this.ssthresh}` : `ECE: cwnd ${before.toFixed(2)} -> ${this.cwnd.toFixed(2)}, ssthresh = max(flight ${flight.toFixed(1)} ${this.cubic !== null ? `x β ${this.params.cubicBeta}` : '/ 2'}, 2)`);
    }
    this.cutCwnd = this.cwnd;
    this.noteCut(true);
  }

  /**
   * tcp.ecnSmallWindow "ns2" (tcp.cc ecn() and slowdown()): below two segments ns-2 halves
   * cwnd anyway, to under one segment, so its window of floor(cwnd) is 0 until the
   * retransmission timer fires or an ACK without ECE opens cwnd again (ns2SmallWindowAck);
   * a second ECE at cwnd <= 1 without such an ACK between doubles the timer (rtt_backoff).
   */
  private ns2SmallWindowCut(half: number): number {
    if (this.cwnd <= 1) {
      if (this.ecnBackoff) this.rtoEst.backOff();
      else this.ecnBackoff = true;
    } else this.ecnBackoff = false;
    return half;
  }

  /**
   * tcp.ecnSmallWindow "ns2": the stall after an ECN response below two segments ended on
   * the timer with nothing outstanding. ns-2 keeps its retransmission timer running while
   * cwnd < 1 (tcp.cc newtimer) and its timeout() takes the no-outstanding-data branch here:
   * cwnd 1; ssthresh, backoff, nrexmit_ and ncwndcuts1_ unchanged; but last_cwnd_action_
   * becomes CWND_ACTION_TIMEOUT, so ns-2 counts its next real timeout in nrexmit_ (one whose
   * last action is still the ECN response it leaves out; docs/ns2.md point 11). Only an
   * event here: the sender's state already acts as ns-2's does after that branch (ssthresh
   * is 2, and the window of the ECN cut, snd.max when it was made, is all acknowledged, so
   * the cut covers no later data and the next loss cuts ssthresh again).
   */
  private ns2EmptyExpiry(now: number): void {
    if (this.events() !== null) this.ev('ecn-stall-end', now, this.sndUna, `RTO expired with nothing outstanding: cwnd 1, ssthresh ${this.ssthresh.toFixed(2)} kept, not a timeout (ns-2 timeout() without outstanding data: last_cwnd_action_ = TIMEOUT)`);
  }

  /** tcp.ecnSmallWindow "ns2": a new ACK without ECE ends the stall (the ACK's cwnd increase follows). */
  private ns2SmallWindowAck(): void {
    this.ecnBackoff = false;
    this.holding = false;
  }

  // ------------------------------------------------------------------ window helpers for strategies

  /**
   * Per new ACK: slow start cwnd += 1 below ssthresh, congestion avoidance cwnd += 1/cwnd
   * above. This is ns-2's per-ACK counting (tcp.cc opencwnd): with delayed ACKs (one ACK
   * per two segments) the window grows about 1.5x per RTT in slow start and 1/2 segment per
   * RTT in congestion avoidance, slower than RFC 5681 §3.1 byte counting would allow.
   * No growth on an ACK carrying ECE (as ns-2).
   */
  openCwnd(): void {
    if (this.subtcp) return openWindow(this); // seeds/004 §4: SUBTCP and the modified increases
    if (this.ackEce) return;
    if (this.params.ecnSmallWindow === 'ns2') this.ns2SmallWindowAck();
    if (this.cwnd < this.ssthresh) this.cwnd += 1;
    else if (this.cubic !== null) cubicOpen(this, this.cubic); // RFC 9438 (cubic.ts)
    else this.cwnd += 1 / this.cwnd;
  }

  /**
   * ssthresh for a loss response: max(FlightSize / 2, 2) segments (RFC 5681 eq. 4), or
   * max(β x FlightSize, 2) under CUBIC (RFC 9438 §4.6, which also records the event),
   * except that it is not cut again when ECN already cut it in this window (RFC 3168 §6.1.2).
   */
  lossSsthresh(timeout = false): number {
    if (this.lastCutEcn && this.sndUna < this.cutEnd) return this.ssthresh;
    if (this.params.windowCut === 'ns2') return Math.max(Math.floor(this.halfWindow()), 2);
    if (this.cubic !== null) return cubicCut(this, this.cubic, this.recovery.inRecovery ? this.cutCwnd : this.cwnd, this.flightSegments(), timeout);
    return Math.max(this.flightSegments() / 2, 2);
  }

  /**
   * windowCut "ns2": half of W = min(cwnd, rwnd), cwnd taken without the fast-recovery
   * inflation (ns-2 Reno zeroes dupwnd_ before a timeout's slowdown(); tcp.cc slowdown
   * uses windowd() / 2 with precisionReduce_).
   */
  halfWindow(): number {
    const base = this.recovery.inRecovery ? this.cutCwnd : this.cwnd;
    return Math.min(base, this.rwndSegs) / 2;
  }

  /**
   * Whether duplicate ACKs may start a new fast retransmit: the cumulative ACK has reached
   * `recover` (RFC 6582 §3.2 step 1), or passed it by a segment under recoverRule "strict".
   */
  mayFastRetransmit(): boolean {
    if (this.params.recoverRule === 'strict') return this.sndUna > this.recover || this.sndUna === 0;
    return this.sndUna >= this.recover;
  }

  /** Records a window reduction: no ECN cut until snd.una passes today's snd.max; CWR on the next new segment. */
  noteCut(ecn: boolean): void {
    this.cutEnd = this.sndMax;
    this.lastCutEcn = ecn;
    this.lastCutTimeout = false;
    if (this.ecnOk) this.cwrPending = true;
  }

  /**
   * Fast retransmit bookkeeping shared by all variants: ssthresh cut, recover point,
   * counters and the retransmission of snd.una. Returns the new ssthresh.
   */
  fastRetransmit(now: number): number {
    const before = this.cwnd;
    if (this.subtcp && before <= 1) cutAtOne(this);
    const ecnWindow = this.lastCutEcn && this.sndUna < this.cutEnd;
    const half = this.halfWindow();
    this.ssthresh = this.lossSsthresh();
    // the window recovery starts from: ssthresh (RFC 5681), or W / 2 (ns-2; unchanged if ECN already cut it in this window)
    this.cutCwnd = this.params.windowCut === 'ns2' ? (ecnWindow ? Math.min(this.cwnd, this.rwndSegs) : half) : this.ssthresh;
    this.recover = this.sndMax;
    this.noteCut(false);
    this.timing = false; // ns-2 reset_rtx_timer; BSD t_rtt = 0
    this.fastRetransmits++;
    if (this.events() !== null) this.ev('fast-retransmit', now, this.sndUna, `${this.dupacks} duplicate ACKs for ${this.sndUna}: cwnd was ${before.toFixed(2)}, ssthresh ${this.ssthresh.toFixed(2)}${ecnWindow ? ' (in the window of the last ECN cut: not cut again)' : ''}`);
    return this.ssthresh;
  }

  /** Sends new (or go-back-N) segments while the window allows, at most `burst` of them. */
  sendWindow(now: number, burst = Infinity): void {
    if (this.state !== S_ESTABLISHED) return;
    const limit = this.sndUna + this.window() * this.mss;
    for (let n = 0; n < burst && this.sndNxt < this.dataEnd && this.sndNxt < limit; n++) {
      const len = this.sendSegment(this.sndNxt, now);
      this.sndNxt += len;
      if (this.sndNxt > this.sndMax) this.sndMax = this.sndNxt;
    }
  }

  /** True if one more new segment fits the receiver window (used by SACK's NextSeg rule 2). */
  canSendNew(): boolean {
    return this.sndMax < this.dataEnd && this.sndMax - this.sndUna < this.rwndSegs * this.mss;
  }

  /** Sends the next new segment at snd.max (SACK recovery). */
  sendNew(now: number): void {
    this.sndNxt = this.sndMax;
    const len = this.sendSegment(this.sndMax, now);
    this.sndMax += len;
    this.sndNxt = this.sndMax;
  }

  /**
   * RFC 3042 limited transmit on the first and second duplicate ACK: one segment at
   * snd.nxt if the receiver window allows and at most cwnd + dupacks segments would be
   * outstanding (ns-2 tcp.cc send_one: t_seqno_ <= highest_ack_ + cwnd_ + dupacks_).
   * cwnd itself is not changed.
   */
  private limitedTransmit(now: number): void {
    if (this.state !== S_ESTABLISHED || this.holding || this.sndNxt >= this.dataEnd) return;
    const outstanding = (this.sndNxt - this.sndUna) / this.mss + 1;
    if (outstanding > this.cwnd + this.dupacks || outstanding > this.rwndSegs) return;
    const seq = this.sndNxt;
    const len = this.sendSegment(seq, now);
    this.sndNxt += len;
    if (this.sndNxt > this.sndMax) this.sndMax = this.sndNxt;
    if (this.events() !== null) this.ev('limited-transmit', now, seq, `duplicate ACK #${this.dupacks}: limited transmit of ${seq} (RFC 3042)`);
  }

  /** Retransmits the segment starting at `seq` (does not move snd.nxt). */
  retransmit(seq: number, now: number): void {
    this.sendSegment(seq, now);
  }

  /** Builds and sends the data segment starting at `seq`; returns its payload length. */
  private sendSegment(seq: number, now: number): number {
    const net = this.net;
    const pool = net.pool;
    const len = Math.min(this.mss, this.dataEnd - seq);
    const retx = seq < this.sndMax;
    const p = pool.alloc();
    pool.flow[p] = this.flow;
    pool.size[p] = len + this.headerBytes;
    pool.payload[p] = len;
    pool.seq[p] = seq;
    pool.ack[p] = 0;
    let flags = F_ACK;
    // tcp.ecnSmallWindow "ns2": ns-2 calls a packet a retransmission only below the highest one
    // sent (tcp.cc output: seqno < maxseq_), so a resend of the highest segment counts as new data
    const cwrRetx = retx && !(this.params.ecnSmallWindow === 'ns2' && seq + len >= this.sndMax);
    if (this.cwrPending && (!cwrRetx || this.params.cwrOnRetransmit)) {
      // RFC 3168 §6.1.2: CWR on the first new data packet after a reduction (tcp.cwrOnRetransmit: or retransmitted, as ns-2)
      flags |= F_CWR;
      this.cwrPending = false;
      if (this.events() !== null) this.ev('cwr-sent', now, seq, `CWR on segment ${seq}`);
    }
    pool.flags[p] = flags;
    // RFC 3168 §6.1.5 allows ECT on retransmissions too; ns-2 sets it on every data packet.
    pool.ecn[p] = this.ecnOk ? ECN_ECT0 : ECN_NOT_ECT;
    this.address(p, now);
    this.packetsSent++;
    if (retx) {
      this.retransmissions++;
      // Karn's rule: abandon the timed segment on any retransmission; rttSampling "ns2" only
      // when the timed segment itself is resent (fast retransmits and timeouts end it anyway)
      if (this.params.rttSampling !== 'ns2' || seq === this.timedSeq) this.timing = false;
      if (this.events() !== null) this.ev('retransmit', now, seq, `retransmit ${seq} (${len} bytes)`);
    } else if (!this.timing) {
      this.timing = true;
      this.timedSeq = seq;
      this.timedAt = now;
    }
    // RFC 6298 §5.1: start the timer when sending data if it is not running
    if (this.rtxDeadline < 0) this.restartRtx(now);
    if (this.subScale > 1 && this.cwnd <= 1) this.subPace(now);
    net.send(this.node, p);
    return len;
  }

  // ------------------------------------------------------------------ SUBTCP (seeds/004 §4, subtcp.ts)

  /** The RTT SUBTCP paces by: the smoothed RTT, or the RTO before the first sample (ns). */
  /** Smoothed RTT in ns, or the RTO before the first sample. */
  rttNs(): number {
    return this.rtoEst.srtt > 0 ? this.rtoEst.srtt : this.rtoEst.value;
  }

  /** After a segment sent below one segment per RTT: the next waits sub_scale x RTT (Fig. 11 send()). */
  private subPace(now: number): void {
    this.holding = true;
    this.holdUntil = now + paceNs(this, this.rttNs());
    this.arm();
  }

  /** ECE at cwnd 1 under SUBTCP: sub_scale doubles and the next segment waits sub_scale x RTT (Fig. 11 closecwnd). */
  private subCut(now: number): boolean {
    this.cwnd = 1;
    cutAtOne(this);
    this.subPace(now);
    return true;
  }

  /**
   * Sends the (ECN-setup) SYN-ACK. With ecnPlus it is ECT(0); under ecnPlusSynAck "rfc5562"
   * only the first one is: RFC 5562 §3.1 sends a SYN-ACK again (after its retransmission
   * timeout; here also when answering a repeated SYN) Not-ECT, and §3.2 resends it Not-ECT
   * when the first is reported CE-marked. ns-2's FullTcp ("ns2") keeps every one ECT
   * (ecn_syn_next_ is cleared only by its ecn_syn_wait_ 2 on a report, never by a timeout).
   */
  private sendSynAck(now: number, first: boolean): void {
    const ect = this.ecnOk && this.params.ecnPlus && (first || this.params.ecnPlusSynAck === 'ns2');
    this.sendControl(F_SYN | F_ACK | (this.ecnOk ? F_ECE : 0), ect ? ECN_ECT0 : ECN_NOT_ECT, 0, now);
  }

  /**
   * RFC 5562 §3.2 (ecnPlusSynAck "rfc5562"): the handshake ACK carries ECN-Echo, so the
   * ECT SYN-ACK was CE-marked. The ACK does not complete the handshake: the server sends a
   * Not-ECT SYN-ACK at once, with its retransmission timer restarted, and when that is
   * acknowledged (by the pure ACK or by the client's first data) the data starts with a
   * window of one segment. The ACK of the first SYN-ACK is its RTT sample (RFC 6298 §2);
   * the resent one gives none (Karn).
   */
  private synAckMarked(now: number): void {
    this.synAckCeReported = true;
    if (!this.synRetx) this.rtoEst.sample(now - this.synAt, this.synAt);
    this.synRetx = true;
    if (this.events() !== null) this.ev('ece-received', now, 0, 'ECE on the handshake ACK: the SYN-ACK was CE-marked (ECN+); Not-ECT SYN-ACK sent again (RFC 5562 §3.2)');
    this.sendSynAck(now, false);
    this.restartRtx(now);
  }

  private sendControl(flags: number, ecn: number, seq: number, now: number): void {
    const pool = this.net.pool;
    const p = pool.alloc();
    pool.flow[p] = this.flow;
    pool.size[p] = this.ackBytes;
    pool.payload[p] = 0;
    pool.seq[p] = seq;
    pool.ack[p] = 0;
    pool.flags[p] = flags;
    pool.ecn[p] = ecn;
    this.address(p, now);
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

  // ------------------------------------------------------------------ completion

  /** Bytes acknowledged at the last completion (persistent connections complete once per write). */
  private completedEnd = -1;

  private checkComplete(now: number): void {
    if (this.sndUna < this.dataEnd) return;
    if (this.dataEnd > this.completedEnd) {
      this.completedEnd = this.dataEnd;
      this.completionTime = now;
      if (this.events() !== null) this.ev('complete', now, this.dataEnd, `all ${this.dataEnd} bytes acknowledged`);
      if (this.onComplete !== undefined) this.onComplete(now);
    }
    if ((this.autoClose || this.closeRequested) && this.state === S_ESTABLISHED) {
      this.state = S_FIN_WAIT;
      this.sendFin(now);
      this.restartRtx(now);
    }
  }

  /**
   * The application stops writing (a bulk item's `stop` time, seeds/004 Figs. 7-8): the
   * data already sent is all there is; it is delivered (retransmitted if need be), then
   * the connection completes and closes as usual.
   */
  stopWriting(now: number): void {
    if (this.sndMax < this.dataEnd) this.dataEnd = this.sndMax;
    if (this.state === S_ESTABLISHED && this.sndUna >= this.dataEnd) this.checkComplete(now);
  }

  /** Close asked for by the application (closeWhenDone). */
  private closeRequested = false;

  /**
   * The application closes its end (an HTTP/1.0 server after its response): the FIN goes
   * out as soon as every byte written so far is acknowledged (at once if it already is).
   * For connections created with autoClose = false.
   */
  closeWhenDone(now: number): void {
    this.closeRequested = true;
    if (this.state === S_ESTABLISHED && this.sndUna >= this.dataEnd) this.checkComplete(now);
  }

  /**
   * A segment acknowledging our SYN-ACK arrived in SYN_RCVD without being the pure
   * handshake ACK (the peer's first data segment carries the ACK when the pure ACK was
   * lost): the handshake is complete (RFC 793 §3.4). `ece`: the segment carried ECN-Echo.
   */
  acceptHandshake(now: number, ece: boolean): void {
    if (this.state === S_SYN_RCVD) this.establish(now, this.ecnOk && ece);
  }

  private sendFin(now: number): void {
    this.sendControl(F_FIN | F_ACK, ECN_NOT_ECT, this.dataEnd, now);
  }

  // ------------------------------------------------------------------ timers

  /** Sets the retransmission deadline to now + RTO. */
  restartRtx(now: number): void {
    this.rtxDeadline = now + this.rtoEst.value;
    this.arm();
  }

  /** Keeps exactly one pending timer event at or before the earliest deadline. */
  private arm(): void {
    let wake = this.rtxDeadline;
    if (this.holding && (wake < 0 || this.holdUntil < wake)) wake = this.holdUntil;
    if (wake < 0) return;
    if (this.timerAt >= 0) {
      if (this.timerAt <= wake) return; // fires early and re-arms
      this.net.cancelTimer(this.timerHandle);
    }
    this.timerAt = wake;
    this.timerHandle = this.net.setTimer(this, T_RTX, wake);
  }

  onTimer(_kind: number, now: number): void {
    this.timerAt = -1;
    if (this.holding && now >= this.holdUntil) {
      this.holding = false;
      if (this.cwnd < 1) this.cwnd = 1; // tcp.ecnSmallWindow "ns2": the timer restarts from one segment
      if (this.params.ecnSmallWindow === 'ns2' && !this.subtcp && this.state === S_ESTABLISHED && this.sndUna >= this.sndMax && this.events() !== null) this.ns2EmptyExpiry(now);
      if (this.state === S_ESTABLISHED) this.recovery.send(this, now);
    }
    if (this.rtxDeadline >= 0 && now >= this.rtxDeadline) this.onRtxTimeout(now);
    this.arm();
  }

  /**
   * The SYN (or SYN-ACK) timed out: data starts with one segment (RFC 5681 §3.1: after a
   * lost SYN the initial window MUST be one segment). Under windowCut "ns2" the timeout
   * also cuts ssthresh as any other does, to max(floor(1 / 2), 2) = 2 (ns-2 tcp.cc timeout()).
   */
  private synLost(): void {
    this.cwnd = 1;
    if (this.params.windowCut === 'ns2') this.ssthresh = 2;
  }

  private onRtxTimeout(now: number): void {
    this.rtxDeadline = -1;
    const est = this.rtoEst;
    switch (this.state) {
      case S_SYN_SENT:
        est.backOff();
        this.synRetx = true;
        this.timeouts++;
        this.synLost();
        this.sendControl(F_SYN | (this.params.ecn ? F_ECE | F_CWR : 0), ECN_NOT_ECT, 0, now);
        if (this.events() !== null) this.ev('timeout', now, 0, `SYN retransmitted, RTO now ${(est.value / NS_PER_S).toFixed(3)} s`);
        this.restartRtx(now);
        return;
      case S_SYN_RCVD:
        est.backOff();
        this.synRetx = true;
        this.timeouts++;
        this.synLost();
        this.sendSynAck(now, false);
        if (this.events() !== null) this.ev('timeout', now, 0, `SYN-ACK retransmitted, RTO now ${(est.value / NS_PER_S).toFixed(3)} s`);
        this.restartRtx(now);
        return;
      case S_FIN_WAIT:
        est.backOff();
        this.sendFin(now);
        this.restartRtx(now);
        return;
      case S_ESTABLISHED:
        break;
      default:
        return;
    }
    if (this.sndUna >= this.sndMax) return; // nothing outstanding
    this.timeouts++;
    const before = this.cwnd;
    if (this.subtcp && before <= 1) cutAtOne(this); // seeds/004 Fig. 11 closecwnd at cwnd 1
    // RFC 5681 §3.1 eq. 4 and loss window of one segment; RFC 6298 §5.5 backoff;
    // go back N: retransmit from snd.una (ns-2 reset_rtx_timer).
    this.ssthresh = this.lossSsthresh(true);
    this.cwnd = 1;
    this.holding = false;
    this.recover = this.sndMax; // RFC 6582 §3.2 step 2 / RFC 6675 §5.1: no fast retransmit for older data
    this.noteCut(false);
    this.lastCutTimeout = true;
    est.backOff();
    this.timing = false;
    this.dupacks = 0;
    this.sndNxt = this.sndUna;
    this.recovery.onTimeout(this, now);
    if (this.events() !== null) this.ev('timeout', now, this.sndUna, `RTO expired at ${this.sndUna}: cwnd ${before.toFixed(2)} -> 1, ssthresh ${this.ssthresh.toFixed(2)}, next RTO ${(est.value / NS_PER_S).toFixed(3)} s`);
    this.restartRtx(now);
    this.recovery.send(this, now);
  }

  // ------------------------------------------------------------------ events

  /** The flow-event sink, or null (events are free when nobody listens). */
  events(): FlowEventSink | null {
    return this.eventsOverride !== undefined ? this.eventsOverride : this.net.flowEvents;
  }

  /** Emits a flow event; callers check `events() !== null` first so the note is only built when needed. */
  ev(kind: FlowEventKind, now: number, seq: number, note: string): void {
    const fe = this.events();
    if (fe === null) return;
    fe.flowEvent({ t: now / NS_PER_S, flow: this.flow, kind, seq, cwnd: this.cwnd, ssthresh: this.ssthresh, note });
  }
}
