import { describe, expect, it } from 'vitest';
import { rngFor } from '../../../../src/engine/core/rng';
import { lnGamma, normalSurvival } from '../../../../src/engine/traffic/dist';
import { GAP_FARIMA } from '../../../../src/engine/traffic/packmime-data';
import { FractionalNoise, GapSampler } from '../../../../src/engine/traffic/packmime-model';

/*
 * PackMime's long-range dependent connection arrivals (arrivals: "farima"), checked
 * against theory: the autocorrelations of fractional noise (Hosking 1981), the gaps'
 * Weibull mean, and the over-dispersion of connection counts that the dependence causes
 * (and independent gaps do not).
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
      expect(Math.abs(sorted[sorted.length >> 1] / median - 1)).toBeLessThan(0.03);
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
