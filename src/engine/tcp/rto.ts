import { asDoubles } from '../core/doubles';

/**
 * Retransmission timeout estimator, RFC 6298.
 *
 * RTT samples are quantised to whole clock ticks before they enter the filter, as in
 * BSD and ns-2 (ns-2 tcp.cc rtt_update: ticks = round(rtt / tick), at least 1). With the
 * seeds/001 tick of 100 ms a 42 ms path therefore measures 1 tick. The filter itself is
 * RFC 6298 §2.2-2.3 with G = one tick:
 *   first sample R:  SRTT = R, RTTVAR = R / 2
 *   later samples:   RTTVAR = 3/4 RTTVAR + 1/4 |SRTT - R|;  SRTT = 7/8 SRTT + 1/8 R
 *   RTO = SRTT + max(G, 4 RTTVAR), clamped to [minRto, maxRto] (§2.4, §2.5)
 * Exponential backoff (§5.5) doubles the timeout on every expiry; it is kept until the
 * next valid sample (which, by Karn's rule, only comes from a segment that was never
 * retransmitted) and the backed-off value is also capped at maxRto.
 * All times are nanoseconds; the returned RTO is a whole number of nanoseconds.
 *
 * Mode "bsd-ticks" (tcp.rtoEstimator) is the estimator of 4.4BSD as ns-2 implements it
 * (tcp/tcp.cc rtt_update, rtt_timeout, rtt_backoff), which the seeds/001 runs used:
 * - a sample is the number of ticks of a coarse clock that pass between sending and the
 *   ACK, the clock ticking at whole multiples of the tick from t = 0 (one clock for every
 *   connection, as one host's kernel has; ns-2 gives each agent a random phase,
 *   boot_time_, which the exported scripts set to 0), so a 42 ms RTT with 100 ms ticks
 *   measures 0 or 1 tick, and 0 counts as 1;
 * - srtt and rttvar are kept in whole ticks in fixed point, 8 srtt and 4 rttvar, with
 *   truncating shifts: srtt8 += m - srtt8/8; rttvar4 += |m - srtt8/8| - rttvar4/4;
 *   first sample: srtt8 = 8 m, rttvar4 = 2 m. Small deviations therefore never decay:
 *   after a first sample of 1 tick rttvar stays at 1/2 tick and the RTO at 3 ticks,
 *   where the floating-point RFC 6298 filter decays to srtt + G = 2 ticks;
 * - RTO = floor(srtt8/8 + rttvar4) ticks (floor((8 rttvar4 + srtt8) / 8)), raised to
 *   minRto, times the backoff, capped at maxRto, and never below 2 ticks;
 * - once the backoff exceeds 8, srtt is folded into rttvar and cleared, so the next
 *   sample restarts the filter (BSD's "t_rxtshift > TCP_MAXRXTSHIFT / 4" rule).
 */
export type RtoMode = 'rfc6298' | 'bsd-ticks';

export class RtoEstimator {
  /** Smoothed RTT, ns (0 until the first sample). */
  srtt = 0;
  /** RTT variation, ns. */
  rttvar = 0;
  /** Samples taken so far. */
  samples = 0;
  /** RTO before backoff, ns. */
  private base = 0; // an initializer, so that asDoubles can make it a double field (sender.ts cwnd)
  /** Backoff multiplier (1, 2, 4, ...). */
  backoff = 1;

  /** "bsd-ticks": 8 srtt and 4 rttvar in whole ticks (0 = no srtt yet). */
  private srtt8 = 0;
  private rttvar4 = 0;

  constructor(
    private readonly tickNs: number,
    private readonly minNs: number,
    private readonly maxNs: number,
    initialNs: number,
    private readonly mode: RtoMode = 'rfc6298',
  ) {
    // RFC 6298 §2.1: RTO = initial value until the first measurement.
    this.base = initialNs;
    asDoubles(this, ['srtt', 'rttvar', 'base']);
  }

  /** Feeds one RTT measurement (ns) of a segment sent at `sentAt` (ns). Resets the backoff (a valid sample ends it). */
  sample(rttNs: number, sentAt = 0): void {
    if (this.mode === 'bsd-ticks') {
      this.sampleTicks(rttNs, sentAt);
      return;
    }
    const ticks = Math.max(1, Math.round(rttNs / this.tickNs));
    const r = ticks * this.tickNs;
    if (this.samples === 0) {
      this.srtt = r;
      this.rttvar = r / 2;
    } else {
      // RFC 6298 §2.3: RTTVAR first, using the old SRTT.
      this.rttvar = 0.75 * this.rttvar + 0.25 * Math.abs(this.srtt - r);
      this.srtt = 0.875 * this.srtt + 0.125 * r;
    }
    this.samples++;
    const rto = this.srtt + Math.max(this.tickNs, 4 * this.rttvar);
    this.base = Math.min(this.maxNs, Math.max(this.minNs, rto));
    this.backoff = 1;
  }

  /** "bsd-ticks" sample: ticks crossed on the phased clock, fixed-point filter (see the class comment). */
  private sampleTicks(rttNs: number, sentAt: number): void {
    const tick = this.tickNs;
    const offset = sentAt % tick;
    const m = Math.max(1, Math.floor((rttNs + offset) / tick));
    // the first sample's values, worked out at every sample: V8 keeps no type feedback for
    // a function's first few calls, so code met only in a connection's first sample (and
    // again after a timeout cleared srtt8) threw away the optimized onAck it is inlined in
    const firstSrtt8 = m << 3;
    const firstRttvar4 = m << 1;
    let srtt8 = firstSrtt8;
    let rttvar4 = firstRttvar4;
    if (this.srtt8 !== 0) {
      let delta = m - (this.srtt8 >> 3);
      srtt8 = this.srtt8 + delta;
      if (srtt8 <= 0) srtt8 = 1;
      if (delta < 0) delta = -delta;
      delta -= this.rttvar4 >> 2;
      rttvar4 = this.rttvar4 + delta;
      if (rttvar4 <= 0) rttvar4 = 1;
    }
    this.srtt8 = srtt8;
    this.rttvar4 = rttvar4;
    this.samples++;
    this.srtt = (this.srtt8 / 8) * tick;
    this.rttvar = (this.rttvar4 / 4) * tick;
    this.base = ((this.rttvar4 * 8 + this.srtt8) >> 3) * tick;
    this.backoff = 1;
  }

  /** Doubles the timeout (RFC 6298 §5.5); stops doubling once the cap is reached. */
  backOff(): void {
    if (this.mode === 'bsd-ticks') {
      if (this.backoff < 64 || this.value < this.maxNs) this.backoff *= 2;
      if (this.backoff > 8 && this.srtt8 !== 0) {
        this.rttvar4 += this.srtt8 >> 3;
        this.srtt8 = 0;
      }
      return;
    }
    if (this.base * this.backoff < this.maxNs) this.backoff *= 2;
  }

  /**
   * Takes over another estimator's state (SRTT, RTTVAR, samples, RTO, backoff): a later
   * request/response on a persistent connection keeps the connection's RTT estimate.
   */
  copyFrom(o: RtoEstimator): void {
    this.srtt = o.srtt;
    this.rttvar = o.rttvar;
    this.samples = o.samples;
    this.base = o.base;
    this.backoff = o.backoff;
  }

  /** Current timeout including backoff, whole ns. */
  get value(): number {
    if (this.mode === 'bsd-ticks') {
      // ns-2 rtt_timeout with rfc2988_: minRto applies before the backoff; at least 2 ticks
      const rto = Math.min(this.maxNs, (this.base < this.minNs ? this.minNs : this.base) * this.backoff);
      return Math.round(Math.max(rto, 2 * this.tickNs));
    }
    return Math.round(Math.min(this.maxNs, this.base * this.backoff));
  }
}
