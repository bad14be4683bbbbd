import { asDoubles } from '../core/doubles';
import { MAX_SACK_BLOCKS } from '../net/packet';
import type { LossRecovery, TcpVariantDescriptor } from './recovery';
import { SackScoreboard } from './scoreboard';
import type { TcpSender } from './sender';

const SACK_DOUBLES = ['recoveryPoint', 'rxtNext'];

/**
 * SACK-based loss recovery, RFC 6675, over the RFC 2018 blocks sent by the receiver.
 *
 * - Scoreboard: one bit per segment (scoreboard.ts).
 * - IsLost(k): at least DupThresh SACKed segments above k (§4; with whole segments this
 *   is the same as "more than (DupThresh - 1)·SMSS bytes SACKed above").
 * - Entry (§5 step 4): on the DupThresh-th duplicate ACK, or when IsLost(snd.una), if the
 *   cumulative ACK is at or above the previous recovery point: RecoveryPoint = HighData,
 *   cwnd = ssthresh = max(FlightSize / 2, 2), retransmit snd.una.
 * - In recovery, on every ACK: pipe = SetPipe() (§4), then while cwnd - pipe >= 1 send
 *   NextSeg() (§4 rules 1-3; the optional rescue retransmission of rule 4 is not done).
 * - Exit when the cumulative ACK reaches RecoveryPoint; a timeout clears the scoreboard
 *   (RFC 2018 §8) and falls back to go-back-N.
 */
export class SackRecovery implements LossRecovery {
  readonly usesSack = true;
  inRecovery = false;
  readonly sb = new SackScoreboard();
  recoveryPoint = 0;
  /** One past the highest segment retransmitted in this recovery (RFC 6675 HighRxt + 1 segment). */
  rxtNext = 0;

  constructor(private readonly dupThresh: number) {
    asDoubles(this, SACK_DOUBLES); // sequence numbers (see sender.ts SENDER_DOUBLES)
  }

  onAck(s: TcpSender, p: number): void {
    const pool = s.net.pool;
    const mss = s.mss;
    const sb = this.sb;
    sb.advance(Math.ceil(pool.ack[p] / mss));
    const n = pool.sackCount[p];
    if (n === 0) return;
    const base = p * 2 * MAX_SACK_BLOCKS;
    for (let i = 0; i < n; i++) {
      const a = pool.sack[base + 2 * i];
      let b = pool.sack[base + 2 * i + 1];
      if (b > s.sndMax) b = s.sndMax;
      if (b <= a) continue;
      sb.mark(Math.floor(a / mss), Math.ceil(b / mss));
    }
  }

  onNewAck(s: TcpSender, _acked: number, now: number): boolean {
    if (!this.inRecovery) {
      s.openCwnd();
      return true;
    }
    if (s.sndUna >= this.recoveryPoint) {
      this.inRecovery = false;
      if (s.events() !== null) s.ev('recovery-exit', now, s.sndUna, `ACK ${s.sndUna} reached the recovery point ${this.recoveryPoint}`);
    } else if (s.events() !== null) s.ev('partial-ack', now, s.sndUna, `partial ACK ${s.sndUna} < recovery point ${this.recoveryPoint}; ${this.sb.sackedCount} segments SACKed above`);
    return true;
  }

  onDupAck(s: TcpSender, now: number): void {
    if (this.inRecovery || !s.mayFastRetransmit()) return;
    const una = this.sb.base;
    if (s.dupacks < s.dupThresh && !this.isLost(una)) return;
    // RFC 6675 §5 step 4
    this.recoveryPoint = s.sndMax;
    s.fastRetransmit(now);
    s.cwnd = s.cutCwnd;
    this.inRecovery = true;
    s.retransmit(s.sndUna, now);
    this.rxtNext = una + 1;
    s.restartRtx(now);
  }

  onTimeout(s: TcpSender): void {
    this.inRecovery = false;
    this.sb.clear();
    this.rxtNext = Math.ceil(s.sndUna / s.mss);
  }

  /** IsLost for one segment (RFC 6675 §4): DupThresh or more SACKed segments above it. */
  isLost(k: number): boolean {
    const sb = this.sb;
    if (sb.sackedCount < 1) return false;
    let above = 0;
    for (let j = sb.highSacked - 1; j > k; j--) if (sb.isSacked(j)) above++;
    return above >= this.dupThresh;
  }

  /** RFC 6675 SetPipe, in segments: one pass from the top counting SACKed segments above. */
  pipe(s: TcpSender): number {
    const sb = this.sb;
    const top = Math.ceil(s.sndMax / s.mss);
    let pipe = 0;
    let above = 0;
    for (let k = top - 1; k >= sb.base; k--) {
      if (sb.isSacked(k)) {
        above++;
        continue;
      }
      if (above < this.dupThresh) pipe++; // not lost: still in the network
      if (k < this.rxtNext) pipe++; // retransmitted in this recovery
    }
    return pipe;
  }

  send(s: TcpSender, now: number): void {
    if (!this.inRecovery) {
      s.sendWindow(now);
      return;
    }
    const sb = this.sb;
    const mss = s.mss;
    let pipe = this.pipe(s);
    // NextSeg rule 1 scans upward from max(HighRxt + 1, snd.una); `below` = SACKed segments under the cursor.
    let k = Math.max(this.rxtNext, sb.base);
    let below = 0;
    for (let j = sb.base; j < k; j++) if (sb.isSacked(j)) below++;
    while (s.cwnd - pipe >= 1) {
      // rule 1: the lowest unSACKed segment above HighRxt, below the highest SACK, that IsLost
      while (k < sb.highSacked && sb.isSacked(k)) {
        below++;
        k++;
      }
      if (k < sb.highSacked && sb.sackedCount - below >= this.dupThresh) {
        s.retransmit(k * mss, now);
        this.rxtNext = k + 1;
        k++;
        pipe++;
        continue;
      }
      // rule 2: new data, if the receiver window allows
      if (s.canSendNew()) {
        s.sendNew(now);
        pipe++;
        continue;
      }
      // rule 3: an unSACKed segment above HighRxt below the highest SACK, even if not deemed lost
      if (k < sb.highSacked) {
        s.retransmit(k * mss, now);
        this.rxtNext = k + 1;
        k++;
        pipe++;
        continue;
      }
      break;
    }
  }
}

export const sack: TcpVariantDescriptor = {
  kind: 'sack',
  label: 'SACK',
  doc: 'Selective acknowledgements (RFC 2018) with scoreboard, pipe and NextSeg (RFC 6675).',
  params: {},
  sack: true,
  create: (_params, ctx) => new SackRecovery(ctx.tcp.dupackThreshold),
};
