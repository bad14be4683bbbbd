/**
 * Response times of web exchanges as they complete, for the live CDF chart: a histogram
 * on a logarithmic time axis (1 ms to 1000 s, 60 bins per decade: a bin is 4 % wide), for
 * the run and for its uncongested baseline, each for all responses and for responses
 * above 50 KB. Memory does not grow with the number of exchanges; the CDF and any
 * quantile are read from the cumulative counts (to within a bin).
 */

export const BINS_PER_DECADE = 60;
/** log10 of the first bin's lower edge (1 ms) and of the last bin's upper edge (1000 s). */
const LOG_MIN = -3;
const LOG_MAX = 3;
export const BIN_COUNT = (LOG_MAX - LOG_MIN) * BINS_PER_DECADE;
/** Response sizes above this many bytes are "large" (seeds/000 Fig. 18). */
const LARGE = 50_000;

/** Upper edge of bin i, seconds. */
export function binEdge(i: number): number {
  return Math.pow(10, LOG_MIN + (i + 1) / BINS_PER_DECADE);
}

/** Bin of a response time (s); below 1 ms in bin 0, above 1000 s in the last bin. */
export function binOf(seconds: number): number {
  if (!(seconds > 0)) return 0;
  const i = Math.floor((Math.log10(seconds) - LOG_MIN) * BINS_PER_DECADE);
  return i < 0 ? 0 : i >= BIN_COUNT ? BIN_COUNT - 1 : i;
}

/** Counts of one set of exchanges. */
export class RtHistogram {
  readonly counts = new Float64Array(BIN_COUNT);
  n = 0;
  sum = 0;
  lost = 0;

  add(rt: number, lost: boolean): void {
    this.counts[binOf(rt)]++;
    this.n++;
    this.sum += rt;
    if (lost) this.lost++;
  }

  clear(): void {
    this.counts.fill(0);
    this.n = 0;
    this.sum = 0;
    this.lost = 0;
  }

  /** Fraction of exchanges completed within t seconds (linear within the bin). */
  cdf(t: number): number {
    if (this.n === 0) return NaN;
    const b = binOf(t);
    let below = 0;
    for (let i = 0; i < b; i++) below += this.counts[i];
    const lo = b === 0 ? 0 : binEdge(b - 1);
    const hi = binEdge(b);
    const frac = t <= lo ? 0 : t >= hi ? 1 : Math.log(t / lo) / Math.log(hi / lo);
    return (below + frac * this.counts[b]) / this.n;
  }

  /** The response time within which a fraction q of the exchanges completed (s). */
  quantile(q: number): number {
    if (this.n === 0) return NaN;
    const target = q * this.n;
    let acc = 0;
    for (let i = 0; i < BIN_COUNT; i++) {
      const c = this.counts[i];
      if (acc + c >= target && c > 0) {
        const lo = i === 0 ? binEdge(0) / Math.pow(10, 1 / BINS_PER_DECADE) : binEdge(i - 1);
        const hi = binEdge(i);
        return lo * Math.pow(hi / lo, (target - acc) / c);
      }
      acc += c;
    }
    return binEdge(BIN_COUNT - 1);
  }
}

/**
 * The run's exchanges completed after the warm-up as of now, for the transport's "N of
 * 250,000 exchanges" and its bar: those received in 'exchanges' messages (posted every 30 ms
 * while a run goes, the chart's counters and legend count them), or the summary's count
 * when that is ahead. From the summary alone (posted every 500 ms) the count lagged the time beside
 * it and the response chart's counters: bench-seeds000-full at max read "t = 369.7 s ·
 * 43,901 of 250,000 exchanges" over a chart of 57,145 completed.
 */
export function exchangesDone(summaryExchanges: number | undefined, ex: ExchangeStore): number {
  return Math.max(summaryExchanges ?? 0, ex.run.all.n);
}

/** The exchanges of one run (and its baseline), fed by the worker's 'exchanges' messages. */
export class ExchangeStore {
  readonly run = { all: new RtHistogram(), large: new RtHistogram() };
  readonly baseline = { all: new RtHistogram(), large: new RtHistogram() };
  /** Bumped on every change (charts redraw when it moves). */
  version = 0;
  /** The run's exchanges started (after the warm-up) and in progress as of its last exchanges appended; null before any. */
  runCounts: { started: number; inProgress: number } | null = null;

  append(baseline: boolean, rt: Float64Array, rsp: Float64Array, lost: Uint8Array, counts?: { started: number; inProgress: number }): void {
    const h = baseline ? this.baseline : this.run;
    if (!baseline && counts) this.runCounts = { started: counts.started, inProgress: counts.inProgress };
    for (let i = 0; i < rt.length; i++) {
      const l = lost[i] !== 0;
      h.all.add(rt[i], l);
      if (rsp[i] > LARGE) h.large.add(rt[i], l);
    }
    this.version++;
  }

  clear(): void {
    for (const h of [this.run.all, this.run.large, this.baseline.all, this.baseline.large]) h.clear();
    this.runCounts = null;
    this.version++;
  }
}
