import type { ParamSpecs } from '../core/params';
import { NS_PER_S } from '../core/time';

/**
 * CUBIC congestion control (RFC 9438; Ha, Rhee & Xu 2008), the default of Linux, macOS
 * and Windows: after a congestion event the window grows as a cubic function of the time
 * since it, W_cubic(t) = C (t - K)^3 + W_max, concave up to the window of the last event
 * (W_max, reached after K seconds whatever the RTT) and convex beyond, with a multiplicative
 * decrease by β = 0.7 instead of Reno's 1/2. Loss recovery (Reno, NewReno, SACK) is the
 * variant's; CUBIC changes only how the window opens in congestion avoidance and how far
 * a congestion event cuts it. Slow start is unchanged (no HyStart, RFC 9438 §4.10 leaves it
 * optional).
 *
 * Parameters (merged into TCP_PARAMS, so they are `tcp.*` for every variant):
 */
export const CUBIC_PARAMS = {
  cc: {
    type: 'enum',
    values: ['reno', 'cubic'],
    valueDocs: {
      reno: 'AIMD: +1 segment per RTT in congestion avoidance (counted per ACK, as ns-2), halved on a loss or ECN-Echo (RFC 5681)',
      cubic: 'CUBIC: the window grows as C (t - K)^3 + W_max in the time t since the last congestion event, never slower than Reno would (the Reno-friendly region), and is cut to β = 0.7 of itself (RFC 9438)',
    },
    default: 'reno',
    label: 'Congestion control',
    doc: 'How the congestion window opens in congestion avoidance and how far a loss or an ECN-Echo cuts it. The loss-recovery variant (Reno, NewReno, SACK) is the same for both.',
    ref: 'RFC 5681; RFC 9438',
  },
  cubicC: { type: 'number', unit: '', default: 0.4, min: 0, exclusiveMin: true, max: 100, label: 'CUBIC C', doc: 'cc = cubic: how fast the cubic function grows away from W_max, in segments per second cubed.', ref: 'RFC 9438 §4.1.1, §5 (0.4)' },
  cubicBeta: { type: 'number', unit: 'ratio', default: 0.7, min: 0.5, max: 0.95, label: 'CUBIC β', doc: 'cc = cubic: the window after a congestion event, as a fraction of the window before it (ssthresh = β x FlightSize).', ref: 'RFC 9438 §4.6 (0.7)' },
  fastConvergence: {
    type: 'boolean',
    default: true,
    label: 'CUBIC fast convergence',
    doc: 'cc = cubic: a congestion event below the last W_max sets W_max = cwnd (1 + β) / 2 instead of cwnd, so a flow losing ground releases bandwidth to newer flows sooner.',
    ref: 'RFC 9438 §4.7',
  },
} as const satisfies ParamSpecs;

/** What CUBIC reads and changes on a sender. */
export interface CubicSender {
  cwnd: number;
  ssthresh: number;
  readonly rwndSegs: number;
  readonly params: { cubicC: number; cubicBeta: number; fastConvergence: boolean };
  /** Smoothed RTT in ns (0 before the first sample: the RTO then stands in). */
  rttNs(): number;
}

/**
 * One sender's CUBIC state (RFC 9438 §4.1 names): allocated only for cc = "cubic", so a
 * Reno sender carries none of it.
 */
export class CubicState {
  /** Window just before the last congestion event, segments (0: none yet). */
  wMax = 0;
  /** Start of the current congestion avoidance stage, ns (-1: starts with the next ACK in congestion avoidance). */
  epochStart = -1;
  /** Time the cubic function takes to grow back to wMax, seconds. */
  k = 0;
  /** The Reno-friendly estimate W_est, segments. */
  wEst = 0;
  /** The last congestion event was a retransmission timeout: the next stage starts with K = 0 and W_max = cwnd (§4.8). */
  afterTimeout = false;
  /** Time of the ACK being processed, ns, and the segments it newly acknowledges (set by the sender before it opens the window). */
  now = 0;
  ackedSegs = 0;
}

/** W_cubic(t) = C (t - K)^3 + W_max (RFC 9438 eq. 1), t in seconds since the stage began. */
export function wCubic(c: number, k: number, wMax: number, t: number): number {
  const d = t - k;
  return c * d * d * d + wMax;
}

/** K = cbrt((W_max - cwnd_epoch) / C) (RFC 9438 eq. 2): 0 when the stage starts at or above W_max. */
export function cubicK(c: number, wMax: number, cwndEpoch: number): number {
  return wMax > cwndEpoch ? Math.cbrt((wMax - cwndEpoch) / c) : 0;
}

/**
 * A congestion event (RFC 9438 §4.6-4.7): W_max remembers the window it happened at
 * (lowered by fast convergence when below the previous W_max), the next congestion
 * avoidance stage starts afresh, and the new ssthresh is β x FlightSize, at least two
 * segments. `window` is cwnd at the event (without fast recovery's inflation).
 */
export function cubicCut(s: CubicSender, st: CubicState, window: number, flight: number, timeout: boolean): number {
  const beta = s.params.cubicBeta;
  st.wMax = s.params.fastConvergence && window < st.wMax ? (window * (1 + beta)) / 2 : window;
  st.epochStart = -1;
  st.afterTimeout = timeout;
  return Math.max(flight * beta, 2);
}

/**
 * One new ACK in congestion avoidance (RFC 9438 §4.2-4.4): the target is W_cubic one RTT
 * ahead, clamped to [cwnd, 1.5 cwnd], and cwnd moves (target - cwnd) / cwnd towards it; in
 * the Reno-friendly region (W_cubic(t) below W_est, the window AIMD with α = 3 (1 - β) /
 * (1 + β) would have) cwnd is W_est. A sender held back by the receiver's window does not
 * open cwnd further (§4.2: not cwnd-limited), and its stage restarts when that ends.
 */
export function cubicOpen(s: CubicSender, st: CubicState): void {
  if (s.cwnd >= s.rwndSegs) {
    st.epochStart = -1;
    return;
  }
  const c = s.params.cubicC;
  const beta = s.params.cubicBeta;
  if (st.epochStart < 0) {
    st.epochStart = st.now;
    if (st.afterTimeout || st.wMax < s.cwnd) {
      // §4.8 after a timeout, and a stage that starts above the last W_max (or with none): K = 0 from here
      st.wMax = s.cwnd;
      st.afterTimeout = false;
    }
    st.k = cubicK(c, st.wMax, s.cwnd);
    st.wEst = s.cwnd;
  }
  const t = (st.now - st.epochStart) / NS_PER_S;
  const rtt = s.rttNs() / NS_PER_S;
  // §4.3: α_cubic until W_est reaches W_max, then Reno's 1
  const alpha = st.wEst < st.wMax ? (3 * (1 - beta)) / (1 + beta) : 1;
  st.wEst += (alpha * st.ackedSegs) / s.cwnd;
  if (wCubic(c, st.k, st.wMax, t) < st.wEst) {
    if (st.wEst > s.cwnd) s.cwnd = st.wEst;
    return;
  }
  let target = wCubic(c, st.k, st.wMax, t + rtt);
  if (target < s.cwnd) target = s.cwnd;
  else if (target > 1.5 * s.cwnd) target = 1.5 * s.cwnd;
  s.cwnd += (target - s.cwnd) / s.cwnd;
}
