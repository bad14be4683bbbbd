import type { LossRecovery, TcpVariantDescriptor } from './recovery';
import type { TcpSender } from './sender';

/**
 * Reno: fast retransmit and fast recovery (RFC 5681 §3.2). On the DupThresh-th duplicate
 * ACK: ssthresh = max(FlightSize / 2, 2), retransmit snd.una, cwnd = ssthresh + DupThresh;
 * each further duplicate ACK inflates cwnd by one; the first ACK of new data (even a
 * partial one) deflates cwnd to ssthresh and ends recovery. A second loss in the same
 * window then usually waits for the retransmission timer, because a new fast retransmit
 * needs snd.una >= recover (ns-2 Reno with bugFix_, the default).
 */
export class RenoRecovery implements LossRecovery {
  readonly usesSack = false;
  inRecovery = false;

  onAck(): void {}

  onNewAck(s: TcpSender, _acked: number, now: number): boolean {
    if (this.inRecovery) {
      this.inRecovery = false;
      // deflate to ssthresh (RFC 5681) or to the halved window (windowCut "ns2"), where
      // the exit ACK also opens cwnd (ns-2 tcp-reno.cc recv -> recv_newack_helper -> opencwnd)
      s.cwnd = s.cutCwnd;
      if (s.params.windowCut === 'ns2') s.openCwnd();
      if (s.events() !== null) s.ev('recovery-exit', now, s.sndUna, `${s.sndUna < s.recover ? 'partial' : 'full'} ACK ${s.sndUna}: cwnd deflated to ${s.cwnd.toFixed(2)} (ssthresh ${s.ssthresh.toFixed(2)})`);
      return true;
    }
    s.openCwnd();
    return true;
  }

  onDupAck(s: TcpSender, now: number): void {
    if (this.inRecovery) {
      s.cwnd += 1; // RFC 5681 §3.2 step 4: inflate by one segment per duplicate ACK
      return;
    }
    if (s.dupacks !== s.dupThresh || !s.mayFastRetransmit()) return;
    s.fastRetransmit(now);
    s.retransmit(s.sndUna, now);
    s.cwnd = s.cutCwnd + s.dupThresh; // RFC 5681 §3.2 step 3 (cutCwnd = ssthresh there)
    this.inRecovery = true;
    s.restartRtx(now);
  }

  onTimeout(): void {
    this.inRecovery = false;
  }

  send(s: TcpSender, now: number): void {
    s.sendWindow(now);
  }
}

export const reno: TcpVariantDescriptor = {
  kind: 'reno',
  label: 'Reno',
  doc: 'Fast retransmit and fast recovery; leaves recovery on the first new ACK (RFC 5681).',
  params: {},
  sack: false,
  create: () => new RenoRecovery(),
};
