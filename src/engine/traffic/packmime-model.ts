import type { Rng } from '../core/rng';
import { gamma, interpolate, lnGamma, logistic, normal, normalSurvival, weibull } from './dist';
import {
  GAP_FARIMA,
  GAP_SHAPE,
  REQ_FARIMA,
  REQ_LARGE,
  REQ_PROB_A,
  REQ_SMALL,
  RSP_CACHE,
  RSP_DOWNLOAD,
  RSP_RUN,
  RTT_CLIENT,
  RTT_SERVER,
  SERVER_DELAY,
  type InvCdfTable,
  type LogitLaw,
  type RttTable,
} from './packmime-data';

/**
 * Samplers of the PackMime-HTTP model (Cao et al. 2004; seeds/000 §5.1) over the data of
 * packmime-data.ts. The marginal distributions are those of the model. The model's
 * fractional-ARIMA correlation between successive gaps (long-range dependence) is
 * generated when asked (GapSampler's `correlated`, the traffic item's `arrivals:
 * "farima"`), and likewise between successive request sizes (RequestSampler's
 * `correlated`, `requestSizes: "farima"`); response sizes are independent within their
 * cache/download runs, as in ns-2.35. The correlated share of a gap's variance
 * is small (10 % at 120 connections/s), but it adds up over windows of seconds: the counts
 * per 10 s then vary 12-15 times as much as a Poisson process's, as in ns-2.35.
 */

/** Largest size the generator hands out (the log tables' linear extension grows without bound as p -> 1). */
export const MAX_SIZE = 2 ** 31 - 1;

/** A logit law's value at `rate`: 2^z / (1 + 2^z), z = a + b log2 rate (base 2, see LogitLaw). */
export function logitLaw(law: LogitLaw, rate: number): number {
  return logistic((law.a + law.b * Math.log2(rate)) * Math.LN2);
}

/** Value of an inverse-CDF table at cumulative probability p in [0, 1). */
export function tableQuantile(t: InvCdfTable, p: number): number {
  if (t.scale === 'linear') return interpolate(t.x, t.y, p);
  return 2 ** interpolate(t.x, t.y, Math.log2(1 - p));
}

/** Request size quantile (bytes, before rounding): mixture of the small table (prob REQ_PROB_A) and the heavy-tailed one. */
export function requestQuantile(p: number): number {
  return p <= REQ_PROB_A ? tableQuantile(REQ_SMALL, p / REQ_PROB_A) : tableQuantile(REQ_LARGE, (p - REQ_PROB_A) / (1 - REQ_PROB_A));
}

/** Sizes as the model hands them to TCP: whole bytes, at least 1 (ns-2 sends 1 byte for a 0-byte message), capped at MAX_SIZE. */
export function wholeBytes(v: number): number {
  const b = Math.floor(v);
  return b < 1 ? 1 : b > MAX_SIZE ? MAX_SIZE : b;
}

/**
 * Fractional Gaussian noise with differencing parameter d (0 < d < 0.5), unit innovation
 * scale: Hosking's (1984) exact recursion (Durbin-Levinson: phi_tt = d / (t - d), phi_tj =
 * phi_(t-1)j - phi_tt phi_(t-1)(t-j), v_t = (1 - phi_tt^2) v_(t-1), v_0 = Γ(1-2d) / Γ(1-d)^2),
 * x_t = sum_j phi_tj x_(t-j) + sqrt(v_t) e_t, with the coefficients frozen after `terms`
 * steps (a finite AR representation, as ns-2.35 does with 1,000). The first terms + 1
 * values are drawn and dropped on construction, so the process starts with a full past.
 */
export class FractionalNoise {
  /** Variance of x: v_0 = Γ(1-2d) / Γ(1-d)^2. */
  readonly variance: number;
  /** phi[j], j = 1..terms-1: the weights of x_(t-j). */
  private readonly phi: Float64Array;
  /** The last `terms` values, x_t at index t mod terms. */
  private readonly past: Float64Array;
  private v: number;
  private t = 0;
  constructor(
    private readonly rng: Rng,
    private readonly d: number,
    private readonly terms: number,
  ) {
    this.phi = new Float64Array(terms);
    this.past = new Float64Array(terms);
    this.variance = Math.exp(lnGamma(1 - 2 * d) - 2 * lnGamma(1 - d));
    this.v = this.variance;
    for (let i = 0; i <= terms; i++) this.next();
  }
  next(): number {
    const { phi, past, terms } = this;
    const t = this.t;
    if (t > 0 && t < terms) {
      const ptt = this.d / (t - this.d);
      for (let j = 1; 2 * j <= t; j++) {
        const a = phi[j] - ptt * phi[t - j];
        const b = phi[t - j] - ptt * phi[j];
        phi[j] = a;
        phi[t - j] = b;
      }
      phi[t] = ptt;
      this.v *= 1 - ptt * ptt;
    }
    // m_t = sum over j = 1..min(t, terms-1) of phi[j] x_(t-j); x_(t-j) sits at slot t-j mod terms
    const n = Math.min(t, terms - 1);
    const slot = t % terms;
    const head = Math.min(n, slot);
    let m = 0;
    for (let j = 1; j <= head; j++) m += phi[j] * past[slot - j];
    for (let j = head + 1; j <= n; j++) m += phi[j] * past[slot - j + terms];
    const x = m + Math.sqrt(this.v) * normal(this.rng);
    past[slot] = x;
    this.t = t + 1;
    return x;
  }
}

/**
 * The PackMime model's long-range dependent standard normals (Cao et al. 2004; ns-2.35's
 * FARIMA with one MA term): z_t = sEps (x_t + x_(t-1)) + sNoise n_t, where x is fractional
 * noise (d, `terms`), n white noise, and sNoise^2 = varRatio is the noise's share of z's unit
 * variance. The autocorrelation of z at lag k >= 1 is (1 - varRatio) (rho_(k-1) + 2 rho_k +
 * rho_(k+1)) / (2 + 2 rho_1), rho the fractional noise's (rho_0 = 1). A sampler takes z
 * through the normal CDF to its marginal's quantile, so the marginal stays the model's.
 */
export class FarimaNormals {
  private readonly noise: FractionalNoise;
  private readonly sEps: number;
  private readonly sNoise: number;
  private lastX: number;
  constructor(
    private readonly rng: Rng,
    params: { readonly d: number; readonly terms: number },
    readonly varRatio: number,
  ) {
    const { d, terms } = params;
    this.noise = new FractionalNoise(rng, d, terms);
    this.lastX = this.noise.next();
    // y = x_t + x_(t-1) has variance v_0 (2 + 2 rho_1), rho_1 = d / (1 - d): scale it to 1 - varRatio
    this.sEps = Math.sqrt((1 - varRatio) / (this.noise.variance * (2 + (2 * d) / (1 - d))));
    this.sNoise = Math.sqrt(varRatio);
  }
  next(): number {
    const x = this.noise.next();
    const z = this.sEps * (x + this.lastX) + this.sNoise * normal(this.rng);
    this.lastX = x;
    return z;
  }
}

/**
 * Connection gaps: Weibull with the rate-dependent shape (taken at `shapeRate`) and mean
 * 1 / rate (seconds). Independent by default; `correlated` gives them the model's
 * long-range dependence (GAP_FARIMA): the same Weibull, taken at the quantile of a
 * correlated normal instead of an independent uniform.
 */
export class GapSampler {
  readonly shape: number;
  readonly scale: number;
  private readonly z: FarimaNormals | null = null;
  constructor(
    private readonly rng: Rng,
    readonly rate: number,
    shapeRate = rate,
    correlated = false,
  ) {
    this.shape = logitLaw(GAP_SHAPE, shapeRate);
    this.scale = 1 / (rate * Math.exp(lnGamma(1 + 1 / this.shape)));
    if (correlated) this.z = new FarimaNormals(rng, GAP_FARIMA, logitLaw(GAP_FARIMA.varRatio, shapeRate));
  }
  next(): number {
    if (this.z === null) return weibull(this.rng, this.shape, this.scale);
    // the Weibull quantile at Φ(z): scale (-ln(1 - Φ(z)))^(1/shape), with 1 - Φ(z) = P(Z > z)
    return this.scale * Math.pow(-Math.log(normalSurvival(this.z.next())), 1 / this.shape);
  }
}

/**
 * Response sizes: runs of cache-validation responses and runs of downloads alternate,
 * each run ceil(Weibull) long with rate-dependent shapes; the first run is a download run.
 */
export class ResponseSampler {
  private state = 0;
  private runLeft = 0;
  private readonly runShape: [number, number];
  constructor(
    private readonly rng: Rng,
    rate: number,
  ) {
    this.runShape = [logitLaw(RSP_RUN[0].shape, rate), logitLaw(RSP_RUN[1].shape, rate)];
  }
  /** Next response size in bytes (whole, >= 1). */
  next(): number {
    if (this.runLeft <= 0) {
      this.state = 1 - this.state;
      this.runLeft = Math.ceil(weibull(this.rng, this.runShape[this.state], RSP_RUN[this.state].scale));
    }
    this.runLeft--;
    return wholeBytes(tableQuantile(this.state === 0 ? RSP_CACHE : RSP_DOWNLOAD, this.rng.uniform()));
  }
}

/** Request sizes (bytes, whole, >= 1). */
export function sampleRequest(rng: Rng): number {
  return wholeBytes(requestQuantile(rng.uniform()));
}

/**
 * Request sizes of one generator: independent draws (sampleRequest) by default;
 * `correlated` gives them the model's long-range dependence (REQ_FARIMA, noise share a
 * logit law of `rate`): the same quantile function, taken at Φ(z) of a correlated normal
 * instead of an independent uniform, as ns-2.35 does. Bytes, whole, >= 1.
 */
export class RequestSampler {
  private readonly z: FarimaNormals | null = null;
  constructor(
    private readonly rng: Rng,
    rate: number,
    correlated = false,
  ) {
    if (correlated) this.z = new FarimaNormals(rng, REQ_FARIMA, logitLaw(REQ_FARIMA.varRatio, rate));
  }
  /** The noise share of the correlated normals (null when independent). */
  get varRatio(): number | null {
    return this.z === null ? null : this.z.varRatio;
  }
  next(): number {
    if (this.z === null) return sampleRequest(this.rng);
    // Φ(z) = 1 - P(Z > z); requestQuantile takes p in [0, 1)
    return wholeBytes(requestQuantile(Math.min(1 - normalSurvival(this.z.next()), 1 - Number.EPSILON)));
  }
}

/** Server delay, seconds (at most 0.1). */
export function sampleServerDelay(rng: Rng): number {
  return 1 / Math.max(SERVER_DELAY.minInverse, weibull(rng, SERVER_DELAY.shape, SERVER_DELAY.scale));
}

/** One side's DelayBox round-trip contribution, seconds, at cumulative probability p. */
export function rttQuantile(t: RttTable, p: number): number {
  return interpolate(t.x, t.y, -Math.log10(1 - p)) ** t.k / 1000;
}

/** A flow's extra round-trip time under seeds/000's DelayBox set-up (client side + server side), seconds. */
export function samplePackMimeRtt(rng: Rng): number {
  return rttQuantile(RTT_CLIENT, rng.uniform()) + rttQuantile(RTT_SERVER, rng.uniform());
}

/**
 * 2^(loc + sqrt(s2) * N(0,1) * sqrt(vErr)) with loc ~ N(m, v) and s2 ~ Gamma(shape, 1/rate) drawn once per generator.
 * Given the generator, the values are log-normal: ln T ~ N(mu, sigma^2) with mu = loc ln 2 and
 * sigma^2 = s2 vErr (ln 2)^2, untruncated (callers only floor a value at 1 ns).
 */
export class LogNormalMix {
  /** Per-generator location (log2 seconds), drawn once. */
  readonly loc: number;
  /** Per-generator variance factor, drawn once. */
  readonly s2: number;
  constructor(
    private readonly rng: Rng,
    private readonly p: { m: number; v: number; shape: number; rate: number; vErr: number },
  ) {
    this.loc = normal(rng) * Math.sqrt(p.v) + p.m;
    this.s2 = gamma(rng, p.shape, 1 / p.rate);
  }
  next(): number {
    return 2 ** (this.loc + Math.sqrt(this.s2) * normal(this.rng) * Math.sqrt(this.p.vErr));
  }
  /** sigma^2 of ln T (see the class comment). */
  get sigma2(): number {
    return this.s2 * this.p.vErr * Math.LN2 * Math.LN2;
  }
  /**
   * The time left of the value in progress at a random instant of the renewal process whose
   * intervals are next()'s values (its stationary residual): U x T*, with U uniform on [0, 1)
   * and T* drawn from the length-biased law, density t f(t) / E[T]. For a log-normal
   * (mu, sigma) that law is log-normal (mu + sigma^2, sigma): here a shift of sigma^2 / ln 2
   * in log2 units, = s2 vErr ln 2. Mean E[T^2] / (2 E[T]) = exp(mu + 1.5 sigma^2) / 2.
   * (The location and variance are the generator's own, drawn once, so the length bias acts
   * on this log-normal, not on the population's mixture.)
   */
  residual(): number {
    const sd = Math.sqrt(this.s2 * this.p.vErr);
    return this.rng.uniform() * 2 ** (this.loc + this.s2 * this.p.vErr * Math.LN2 + sd * normal(this.rng));
  }
}

