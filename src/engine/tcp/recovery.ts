import type { Descriptor, ParamSpecs } from '../core/params';
import type { TcpParams } from './params';
import type { TcpSender } from './sender';

/**
 * A loss-recovery strategy: what a TCP variant does on duplicate ACKs, on new ACKs
 * (during and outside recovery) and after a timeout. The sender (sender.ts) owns the
 * shared state — windows, sequence numbers, RTO, ECN — and calls these hooks from its
 * ACK path; each variant is one small file (tahoe.ts, reno.ts, newreno.ts, sack.ts).
 * One instance per connection, so a strategy may keep its own state.
 */
export interface LossRecovery {
  /** The receiver must send SACK blocks (RFC 2018) for this variant. */
  readonly usesSack: boolean;
  /** True during fast recovery: the sender makes no ECN cut and no normal window growth. */
  inRecovery: boolean;
  /** Every ACK on an established connection, before cumulative processing (SACK: update the scoreboard). */
  onAck(s: TcpSender, p: number, now: number): void;
  /**
   * snd.una advanced by `acked` bytes (already applied to the sender). Outside recovery a
   * variant normally calls `s.openCwnd()`. Returns false to keep the retransmission timer
   * running instead of restarting it (RFC 6582 §3.2 step 5: only the first partial ACK restarts it).
   */
  onNewAck(s: TcpSender, acked: number, now: number): boolean;
  /** A duplicate ACK (RFC 5681 §2 definition); `s.dupacks` already counts it. */
  onDupAck(s: TcpSender, now: number): void;
  /** The retransmission timer expired; the sender has already set cwnd = 1 and gone back to snd.una. */
  onTimeout(s: TcpSender, now: number): void;
  /** Sends what the window allows (normally `s.sendWindow(now)`). */
  send(s: TcpSender, now: number): void;
}

export interface TcpVariantContext {
  tcp: TcpParams;
}

/** A TCP variant plug-in: one file + one line in registry.ts. */
export interface TcpVariantDescriptor extends Descriptor<ParamSpecs, TcpVariantContext, LossRecovery> {
  /** The variant needs SACK blocks from the receiver. */
  sack: boolean;
}
