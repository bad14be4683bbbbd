import type { LossRecovery, TcpVariantDescriptor } from './recovery';
import type { TcpSender } from './sender';

/**
 * NewReno (RFC 6582 §3.2). Enters fast recovery like Reno and records `recover` = the
 * highest sequence sent. A partial ACK (below recover) retransmits the next hole at
 * once, deflates cwnd by the amount acknowledged and adds one segment back (step 5);
 * only the first partial ACK restarts the retransmission timer ("Impatient" variant).
 * A full ACK ends recovery with cwnd = min(ssthresh, max(FlightSize, 1) + 1) (step 6,
 * option 1). A new recovery needs the cumulative ACK to cover recover (step 2).
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
      s.cwnd = Math.min(s.ssthresh, Math.max(s.flightSegments(), 1) + 1);
      if (s.events() !== null) s.ev('recovery-exit', now, s.sndUna, `full ACK ${s.sndUna} >= recover ${s.recover}: cwnd ${s.cwnd.toFixed(2)}`);
      return true;
    }
    // partial acknowledgement: retransmit the first unacknowledged segment
    s.retransmit(s.sndUna, now);
    const segs = acked / s.mss;
    s.cwnd = Math.max(1, s.cwnd - segs + (acked >= s.mss ? 1 : 0));
    if (s.events() !== null) s.ev('partial-ack', now, s.sndUna, `partial ACK ${s.sndUna} < recover ${s.recover}: retransmit ${s.sndUna}, cwnd ${s.cwnd.toFixed(2)}`);
    const first = !this.partialSeen;
    this.partialSeen = true;
    return first;
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
    s.sendWindow(now);
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
