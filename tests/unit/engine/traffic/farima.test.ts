import { describe, expect, it } from 'vitest';
import { rngFor } from '../../../../src/engine/core/rng';
import { lnGamma, normalSurvival } from '../../../../src/engine/traffic/dist';
import { GAP_FARIMA, REQ_FARIMA } from '../../../../src/engine/traffic/packmime-data';
import { FractionalNoise, GapSampler, logitLaw, RequestSampler, sampleRequest } from '../../../../src/engine/traffic/packmime-model';
import { normalScores } from '../../../support/sampling';

/*
 * PackMime's long-range dependent connection arrivals (arrivals: "farima"), checked
 * against theory: the autocorrelations of fractional noise (Hosking 1981), the gaps'
 * Weibull mean, and the over-dispersion of connection counts that the dependence causes
 * (and independent gaps do not). Likewise the long-range dependent request sizes
 * (requestSizes: "farima"): their marginal, the autocorrelation of their normal scores and
 * the growth of the variance of their sums, against the FARIMA + noise mix's theory.
 */

/** Autocorrelation of fractional noise at lag k: rho_k = prod_{i=1..k} (i - 1 + d) / (i - d). */
function fnAutocorrelation(d: number, k: number): number {
  let r = 1;
  for (let i = 1; i <= k; i++) r *= (i - 1 + d) / (i - d);
  return r;
}

function sampleAutocorrelation(x: Float64Array, k: number): number {
  let mean = 0;
  for (const v of x) mean += v;
  mean /= x.length;
  let num = 0;
  let den = 0;
  for (let i = 0; i < x.length; i++) {
    den += (x[i] - mean) ** 2;
    if (i >= k) num += (x[i] - mean) * (x[i - k] - mean);
  }
  return num / (x.length - k) / (den / x.length);
}

/** Variance / mean of the number of arrivals in consecutive windows of `window` seconds. */
function countDispersion(gaps: number[], window: number): number {
  const counts: number[] = [];
  let t = 0;
  let n = 0;
  let edge = window;
  for (const g of gaps) {
    t += g;
    while (t >= edge) {
      counts.push(n);
      n = 0;
      edge += window;
    }
    n++;
  }
  const mean = counts.reduce((a, b) => a + b, 0) / counts.length;
  const v = counts.reduce((a, b) => a + (b - mean) ** 2, 0) / (counts.length - 1);
  return v / mean;
}

describe('normalSurvival', () => {
  it('matches the standard normal tail in both directions, relative to its size far out', () => {
    // reference values of P(Z > z) (Abramowitz & Stegun table 26.1 and its asymptotic series)
    const cases: [number, number][] = [
      [0, 0.5],
      [1, 0.15865525393145707],
      [1.959963984540054, 0.025],
      [-1.959963984540054, 0.975],
      [3, 0.0013498980316301],
      [5, 2.866515718791939e-7],
      [8, 6.22096057427178e-16],
    ];
    for (const [z, p] of cases) expect(Math.abs(normalSurvival(z) - p) / p, `z = ${z}`).toBeLessThan(2e-7);
  });
});

describe('FractionalNoise (Hosking recursion, d = 0.33, 1,000 terms)', () => {
  const d = GAP_FARIMA.d;
  const fn = new FractionalNoise(rngFor(1, 'farima-test'), d, GAP_FARIMA.terms);
  const x = new Float64Array(100_000);
  for (let i = 0; i < x.length; i++) x[i] = fn.next();

  it('has the variance Γ(1-2d) / Γ(1-d)^2', () => {
    const v0 = Math.exp(lnGamma(1 - 2 * d) - 2 * lnGamma(1 - d));
    let s = 0;
    for (const v of x) s += v * v; // the mean is 0 by construction
    expect(s / x.length / v0).toBeGreaterThan(0.85);
    expect(s / x.length / v0).toBeLessThan(1.15);
  });

  it('has the autocorrelations of fractional noise: d / (1 - d) at lag 1, slowly decaying after', () => {
    for (const k of [1, 2, 10, 50]) {
      const want = fnAutocorrelation(d, k);
      expect(Math.abs(sampleAutocorrelation(x, k) - want), `lag ${k}: want ${want.toFixed(3)}`).toBeLessThan(0.06);
    }
    // long memory: at lag 50 the correlation is still 0.13 in theory, where a short-memory
    // AR(1) with the same lag-1 value would have 0.49^50 ~ 1e-16 left
    expect(sampleAutocorrelation(x, 50)).toBeGreaterThan(0.05);
  });
});

describe('GapSampler: independent and long-range dependent connection gaps', () => {
  const rate = 120;
  const draw = (correlated: boolean): number[] => {
    const g = new GapSampler(rngFor(3, 'gaps-test'), rate, rate, correlated);
    return Array.from({ length: 200_000 }, () => g.next());
  };
  const indep = draw(false);
  const corr = draw(true);

  it('both keep the mean gap 1 / rate and the Weibull median', () => {
    const g = new GapSampler(rngFor(3, 'x'), rate);
    const median = g.scale * Math.pow(Math.LN2, 1 / g.shape);
    for (const gaps of [indep, corr]) {
      const mean = gaps.reduce((a, b) => a + b, 0) / gaps.length;
      expect(Math.abs(mean * rate - 1)).toBeLessThan(0.04);
      const sorted = [...gaps].sort((a, b) => a - b);
      // (the dependent gaps' sample median wanders more: their normals are long-range dependent)
      expect(Math.abs(sorted[sorted.length >> 1] / median - 1)).toBeLessThan(0.05);
    }
  });

  it('only the dependent gaps make counts over 10 s vary much more than a Poisson process', () => {
    // ns-2.35's PackMime at 122 connections/s: variance / mean 10-28 over 10 s (docs/web.md)
    expect(countDispersion(indep, 10)).toBeLessThan(1.6);
    expect(countDispersion(corr, 10)).toBeGreaterThan(3);
    // and the dispersion grows with the window, the mark of long-range dependence
    expect(countDispersion(corr, 10)).toBeGreaterThan(1.5 * countDispersion(corr, 1));
  });
});

/** The autocorrelation at lag k >= 1 of z = sEps (x_t + x_(t-1)) + sNoise n_t (see FarimaNormals). */
function mixAutocorrelation(d: number, varRatio: number, k: number): number {
  return ((1 - varRatio) * (fnAutocorrelation(d, k - 1) + 2 * fnAutocorrelation(d, k) + fnAutocorrelation(d, k + 1))) / (2 + 2 * fnAutocorrelation(d, 1));
}

/** Var(sum of m consecutive values) / m, from the sample (non-overlapping blocks). */
function blockVariance(x: Float64Array, m: number): number {
  const sums: number[] = [];
  for (let i = 0; i + m <= x.length; i += m) {
    let s = 0;
    for (let j = i; j < i + m; j++) s += x[j];
    sums.push(s);
  }
  const mu = sums.reduce((a, b) => a + b, 0) / sums.length;
  return sums.reduce((a, b) => a + (b - mu) ** 2, 0) / (sums.length - 1) / m;
}

describe('RequestSampler: independent and long-range dependent request sizes (requestSizes: "farima")', () => {
  const n = 200_000;
  const draw = (rate: number, correlated: boolean) => {
    const g = new RequestSampler(rngFor(5, 'req-test'), rate, correlated);
    return { g, v: Array.from({ length: n }, () => g.next()) };
  };
  // at 10 connections/s the dependent share is 23 %, at 120/s (the web lessons' rate) 8 %
  const slow = draw(10, true);
  const fast = draw(120, true);
  const indep = draw(120, false);
  const scores = { slow: normalScores(slow.v), fast: normalScores(fast.v), indep: normalScores(indep.v) };

  it('keeps the declared size distribution: the same quantiles as independent sizes', () => {
    const fractionAtMost = (v: readonly number[], x: number) => v.filter((s) => s <= x).length / v.length;
    const reference = sampleRequestsIndependently(n);
    for (const x of [100, 200, 300, 400, 500, 1000, 2000, 10_000]) {
      const want = fractionAtMost(reference, x);
      for (const e of [slow, fast]) expect(Math.abs(fractionAtMost(e.v, x) - want), `P(req <= ${x})`).toBeLessThan(0.015);
    }
    // (and these are the dependent sizes: the same marginal, not the same sequence law)
    expect(sampleAutocorrelation(scores.slow, 1)).toBeGreaterThan(0.15);
  });

  it("the noise share follows ns-2.35's base-2 logit law of the rate, 0.123 + 0.494 log2 r", () => {
    expect(fast.g.varRatio).toBeCloseTo(0.921, 3);
    expect(slow.g.varRatio).toBeCloseTo(0.773, 3);
    expect(indep.g.varRatio).toBeNull();
    expect(logitLaw(REQ_FARIMA.varRatio, 120)).toBe(fast.g.varRatio);
  });

  it("successive sizes' normal scores have the autocorrelation of the declared FARIMA + noise mix; independent ones none", () => {
    for (const [name, rate, s] of [['slow', 10, scores.slow], ['fast', 120, scores.fast]] as const) {
      const vr = logitLaw(REQ_FARIMA.varRatio, rate);
      for (const k of [1, 2, 10, 50]) {
        const want = mixAutocorrelation(REQ_FARIMA.d, vr, k);
        expect(Math.abs(sampleAutocorrelation(s, k) - want), `${name} lag ${k}: want ${want.toFixed(4)}`).toBeLessThan(0.012);
      }
    }
    expect(sampleAutocorrelation(scores.slow, 1)).toBeGreaterThan(0.15);
    expect(sampleAutocorrelation(scores.fast, 1)).toBeGreaterThan(0.045);
    for (const k of [1, 2, 10, 50]) expect(Math.abs(sampleAutocorrelation(scores.indep, k)), `independent lag ${k}`).toBeLessThan(0.01);
  });

  it('sums over windows vary more than in proportion to the window (Hurst > 0.5); independent ones in proportion', () => {
    const theory = (rate: number, m: number) => {
      const vr = logitLaw(REQ_FARIMA.varRatio, rate);
      let s = 1;
      for (let k = 1; k < m; k++) s += 2 * (1 - k / m) * mixAutocorrelation(REQ_FARIMA.d, vr, k);
      return s;
    };
    for (const [rate, s] of [[10, scores.slow], [120, scores.fast]] as const) {
      for (const m of [10, 100, 1000]) {
        const r = blockVariance(s, m) / theory(rate, m);
        expect(r, `rate ${rate} window ${m}: want ${theory(rate, m).toFixed(2)}`).toBeGreaterThan(0.7);
        expect(r).toBeLessThan(1.35);
      }
      // Var(S_m) / m ~ m^(2H - 1): from windows of 100 to 1,000
      const hurst = (Math.log10(blockVariance(s, 1000) / blockVariance(s, 100)) + 1) / 2;
      expect(hurst, `rate ${rate}`).toBeGreaterThan(0.68);
    }
    for (const m of [10, 100, 1000]) {
      expect(blockVariance(scores.indep, m), `independent window ${m}`).toBeGreaterThan(0.8);
      expect(blockVariance(scores.indep, m)).toBeLessThan(1.25);
    }
  });
});

/** Independent request sizes from a stream of their own (the reference marginal). */
function sampleRequestsIndependently(n: number): number[] {
  const rng = rngFor(6, 'req-reference');
  return Array.from({ length: n }, () => sampleRequest(rng));
}
