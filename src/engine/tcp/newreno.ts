import type { LossRecovery, TcpVariantDescriptor } from './recovery';
import type { TcpSender } from './sender';

/**
 * NewReno (RFC 6582 §3.2). Enters fast recovery like Reno and records `recover` = the
 * highest sequence sent. A partial ACK (below recover) retransmits the next hole at
 * once, deflates cwnd by the amount acknowledged and adds one segment back (step 5);
 * only the first partial ACK restarts the retransmission timer ("Impatient" variant).
 * A full ACK ends recovery with cwnd = min(ssthresh, max(FlightSize, 1) + 1) (step 6,
 * option 1; tcp.recoveryExit "flight") or cwnd = ssthresh (option 2, "ssthresh", ns-2's
 * default). A new recovery needs the cumulative ACK to cover recover (step 2).
 *
 * Under windowCut "ns2" the window is kept as ns-2 keeps it (tcp-newreno.cc): the halved
 * window (s.cutCwnd, ns-2's cwnd_) plus the recovery inflation (dupwnd_); a partial ACK
 * takes the segments it acknowledges less one off the inflation first and off the halved
 * window only when the inflation is used up (partial_window_deflation_), and the ACK
 * that ends recovery also opens cwnd (recv_newack_helper -> opencwnd). During recovery
 * at most tcp.recoveryBurst new segments leave per ACK (ns-2: 2).
 */
export class NewRenoRecovery implements LossRecovery {
  readonly usesSack = false;
  inRecovery = false;
  private partialSeen = false;

  onAck(): void {}

  onNewAck(s: TcpSender, acked: number, now: number): boolean {
    if (!this.inRecovery) {
      s.openCwnd();
      return true;
    }
    if (s.sndUna >= s.recover) {
      // full acknowledgement
      this.inRecovery = false;
      const ns2 = s.params.windowCut === 'ns2';
      if (s.params.recoveryExit === 'ssthresh') s.cwnd = ns2 ? s.cutCwnd : s.ssthresh;
      // ns-2's exit_recovery_fix_ counts FlightSize + 1 (maxseq_ - ack + 1), even when nothing is outstanding
      else s.cwnd = Math.min(s.ssthresh, (ns2 ? s.flightSegments() : Math.max(s.flightSegments(), 1)) + 1);
      if (ns2) s.openCwnd();
      if (s.events() !== null) s.ev('recovery-exit', now, s.sndUna, `full ACK ${s.sndUna} >= recover ${s.recover}: cwnd ${s.cwnd.toFixed(2)}`);
      return true;
    }
    // partial acknowledgement: retransmit the first unacknowledged segment
    s.retransmit(s.sndUna, now);
    const segs = acked / s.mss;
    if (s.params.windowCut === 'ns2') this.deflateNs2(s, segs);
    else s.cwnd = Math.max(1, s.cwnd - segs + (acked >= s.mss ? 1 : 0));
    if (s.events() !== null) s.ev('partial-ack', now, s.sndUna, `partial ACK ${s.sndUna} < recover ${s.recover}: retransmit ${s.sndUna}, cwnd ${s.cwnd.toFixed(2)}`);
    const first = !this.partialSeen;
    this.partialSeen = true;
    return first;
  }

  /**
   * Partial window deflation as ns-2 does it (windowCut "ns2"): with W/2 = s.cutCwnd and the
   * inflation d = cwnd - W/2, an ACK of k segments leaves d - (k - 1) if d > k, else
   * shrinks W/2 by k - d (at least 1) and keeps one segment of inflation. The total is
   * cwnd - k + 1 either way, as RFC 6582 step 5; what differs is the window recovery ends with.
   */
  private deflateNs2(s: TcpSender, k: number): void {
    const d = s.cwnd - s.cutCwnd;
    if (d > k) {
      s.cwnd -= k - 1;
      return;
    }
    s.cutCwnd = Math.max(1, s.cutCwnd - (k - d));
    s.cwnd = s.cutCwnd + 1;
  }

  onDupAck(s: TcpSender, now: number): void {
    if (this.inRecovery) {
      s.cwnd += 1; // RFC 6582 §3.2 step 4
      return;
    }
    if (s.dupacks !== s.dupThresh || !s.mayFastRetransmit()) return;
    s.fastRetransmit(now);
    s.retransmit(s.sndUna, now);
    s.cwnd = s.cutCwnd + s.dupThresh;
    this.inRecovery = true;
    this.partialSeen = false;
    s.restartRtx(now);
  }

  onTimeout(): void {
    this.inRecovery = false;
  }

  send(s: TcpSender, now: number): void {
    // tcp.recoveryBurst: at most that many new segments per ACK during recovery (ns-2: 2)
    const burst = s.params.recoveryBurst;
    s.sendWindow(now, this.inRecovery && burst > 0 ? burst : Infinity);
  }
}

export const newreno: TcpVariantDescriptor = {
  kind: 'newreno',
  label: 'NewReno',
  doc: 'Stays in fast recovery until all data outstanding at the loss is acked; partial ACKs retransmit the next hole (RFC 6582).',
  params: {},
  sack: false,
  create: () => new NewRenoRecovery(),
};
