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
 */
export class RtoEstimator {
  /** Smoothed RTT, ns (0 until the first sample). */
  srtt = 0;
  /** RTT variation, ns. */
  rttvar = 0;
  /** Samples taken so far. */
  samples = 0;
  /** RTO before backoff, ns. */
  private base: number;
  /** Backoff multiplier (1, 2, 4, ...). */
  backoff = 1;

  constructor(
    private readonly tickNs: number,
    private readonly minNs: number,
    private readonly maxNs: number,
    initialNs: number,
  ) {
    // RFC 6298 §2.1: RTO = initial value until the first measurement.
    this.base = initialNs;
  }

  /** Feeds one RTT measurement (ns). Resets the backoff (a valid sample ends it). */
  sample(rttNs: number): void {
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

  /** Doubles the timeout (RFC 6298 §5.5); stops doubling once the cap is reached. */
  backOff(): void {
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
    return Math.round(Math.min(this.maxNs, this.base * this.backoff));
  }
}
