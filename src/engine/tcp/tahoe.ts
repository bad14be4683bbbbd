import type { LossRecovery, TcpVariantDescriptor } from './recovery';
import type { TcpSender } from './sender';

/**
 * Tahoe: fast retransmit without fast recovery. On the third duplicate ACK the sender
 * halves ssthresh, sets cwnd = 1 and goes back to snd.una, then slow-starts (as ns-2's
 * Agent/TCP does on dupacks: slowdown(CLOSE_SSTHRESH_HALF | CLOSE_CWND_ONE) and
 * t_seqno_ = highest_ack_ + 1). Segments above the hole that had arrived are sent again.
 */
export class TahoeRecovery implements LossRecovery {
  readonly usesSack = false;
  inRecovery = false;

  onAck(): void {}

  onNewAck(s: TcpSender): boolean {
    s.openCwnd();
    return true;
  }

  onDupAck(s: TcpSender, now: number): void {
    if (s.dupacks !== s.dupThresh || !s.mayFastRetransmit()) return;
    s.fastRetransmit(now);
    s.cwnd = 1;
    s.timing = false; // Karn: the segments about to go out are retransmissions
    s.sndNxt = s.sndUna;
    s.restartRtx(now);
  }

  onTimeout(): void {}

  send(s: TcpSender, now: number): void {
    s.sendWindow(now);
  }
}

export const tahoe: TcpVariantDescriptor = {
  kind: 'tahoe',
  label: 'Tahoe',
  doc: 'Fast retransmit, then slow start from cwnd = 1 (no fast recovery).',
  params: {},
  sack: false,
  create: () => new TahoeRecovery(),
};
