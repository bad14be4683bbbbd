import type { ParamSpecs } from '../core/params';

/**
 * SUBTCP and the modified linear increases of seeds/004 §4 (Feng, Kandlur, Saha & Shin):
 * windows below one segment and increases that do not double a small window's rate.
 * Parameters (merged into TCP_PARAMS, so they are `tcp.*` for every variant):
 */
export const SUBTCP_PARAMS = {
  subtcp: {
    type: 'boolean',
    default: false,
    label: 'SUBTCP',
    doc: 'Windows below one segment: a cut at cwnd 1 doubles sub_scale, and the sender then sends one segment every sub_scale x RTT (paced by a timer); each new ACK at cwnd 1 halves sub_scale instead of opening cwnd.',
    ref: 'seeds/004 §4.1, Fig. 11',
  },
  increase: {
    type: 'enum',
    values: ['linear', 'scaled', 'bandwidth'],
    valueDocs: {
      linear: 'normal TCP: +1 segment per RTT in congestion avoidance; with SUBTCP, sub_scale halves per ACK at cwnd 1 (Fig. 11)',
      scaled: 'scaled sub-linear: with SUBTCP, sub_scale falls by scaledStep per ACK at cwnd 1, so a sub-segment window grows slowly (Fig. 15)',
      bandwidth: 'bandwidth-based linear: the effective window cwnd / sub_scale grows by bandwidthIncrease per ACK, i.e. the rate by bandwidthIncrease (1 %) per RTT, in congestion avoidance and below one segment (Fig. 16)',
    },
    default: 'linear',
    label: 'Window increase',
    doc: 'How the congestion window (and, with SUBTCP, the sub-segment window) opens in congestion avoidance.',
    ref: 'seeds/004 §4.2, Figs. 15-16',
  },
  scaledStep: { type: 'number', unit: 'ratio', default: 0.25, min: 0, exclusiveMin: true, max: 100, label: 'Scaled step', doc: 'increase = scaled: sub_scale -= scaledStep per new ACK at cwnd 1.', ref: 'seeds/004 §4.2 (1/4)' },
  bandwidthIncrease: {
    type: 'number',
    unit: 'ratio',
    default: 0.01,
    min: 0,
    exclusiveMin: true,
    max: 10,
    label: 'Bandwidth increase',
    doc: 'increase = bandwidth: growth of the sending rate per RTT (0.01 = 1 %).',
    ref: 'seeds/004 §4.2, Fig. 16 (1 %; 10-50 % in Fig. 20b)',
  },
} as const satisfies ParamSpecs;

/** Largest sub_scale (one segment per 1024 RTTs): a bound the paper does not need to state. */
export const MAX_SUB_SCALE = 1024;

/** What the rules read and change on a sender. */
export interface SubSender {
  cwnd: number;
  ssthresh: number;
  subScale: number;
  readonly ackEce: boolean;
  readonly params: { subtcp: boolean; increase: string; scaledStep: number; bandwidthIncrease: number };
}

/** True when the sender needs these rules (otherwise openCwnd is plain TCP). */
export function subtcpOn(p: SubSender['params']): boolean {
  return p.subtcp || p.increase !== 'linear';
}

/**
 * opencwnd on a new ACK (per ACK, like ns-2's tcp.cc, which seeds/004 modified):
 * - at cwnd 1 with sub_scale > 1: Fig. 11 halves sub_scale, Fig. 15 subtracts
 *   scaledStep (never below 1); the window itself does not open on that ACK;
 * - increase "bandwidth" in congestion avoidance (or below one segment), Fig. 16: the
 *   effective window w = cwnd / sub_scale grows by X per ACK. An RTT brings w ACKs (one
 *   every 1/w RTTs when w < 1), so the rate grows by X w per RTT: X per cent per RTT, the
 *   paper's stated aim ("each source only increases its transmission rate by X% every
 *   round-trip time"), in both regimes. (Fig. 16's pseudo-code multiplies w by 1 + X at
 *   each opencwnd call, which per ACK is X % per ACK: 1.01^20 = 22 % per RTT at w = 20.)
 *   Below 1 the window stays 1 and sub_scale = 1 / w carries the fraction;
 * - otherwise normal TCP (slow start +1, congestion avoidance +1/cwnd).
 * No growth on an ACK carrying ECE (as TcpSender.openCwnd).
 */
export function openWindow(s: SubSender): void {
  if (s.ackEce) return;
  const p = s.params;
  if (p.increase === 'bandwidth' && (s.cwnd >= s.ssthresh || s.subScale > 1)) {
    const next = s.cwnd / s.subScale + p.bandwidthIncrease;
    if (next < 1) {
      s.cwnd = 1;
      s.subScale = 1 / next;
    } else {
      s.cwnd = next;
      s.subScale = 1;
    }
    return;
  }
  if (s.cwnd <= 1 && s.subScale > 1) {
    s.subScale = p.increase === 'scaled' ? Math.max(1, s.subScale - p.scaledStep) : Math.max(1, s.subScale / 2);
    return;
  }
  if (s.cwnd < s.ssthresh) s.cwnd += 1;
  else s.cwnd += 1 / s.cwnd;
}

/** Fig. 11 closecwnd: a congestion signal while cwnd is already 1 doubles sub_scale (SUBTCP only). */
export function cutAtOne(s: SubSender): void {
  if (s.params.subtcp || s.params.increase === 'bandwidth') s.subScale = Math.min(MAX_SUB_SCALE, s.subScale * 2);
}

/** Time from one segment to the next below one segment per RTT: sub_scale x RTT (ns). */
export function paceNs(s: SubSender, rttNs: number): number {
  return s.subScale * rttNs;
}
