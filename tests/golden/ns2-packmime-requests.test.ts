import { describe, expect, it } from 'vitest';
import { findNs2, NS2_INSTALL_HINT } from '../../src/cli/ns2-run';
import { rngFor } from '../../src/engine/core/rng';
import { RequestSampler } from '../../src/engine/traffic/packmime-model';
import { normalScores, ns2Samples } from '../support/sampling';

/*
 * PackMime's request sizes against ns-2.35's own generator of them
 * (RandomVariable/PackMimeHTTPFileSize, request type 0, sampled from Tcl): the engine's
 * sizes must have its quantiles either way and, with `requestSizes: "farima"`, its
 * long-range dependence: the autocorrelation of the sizes' normal scores at lags 1, 10 and
 * 50, and the variance of their sums over windows of 100 and 1,000 requests.
 */
const RATE = 120;
const N = 200_000;

function stats(v: readonly number[]) {
  const s = normalScores(v);
  const ac = (k: number) => {
    let num = 0;
    let den = 0;
    for (let i = 0; i < s.length; i++) {
      den += s[i] * s[i]; // the scores have mean 0
      if (i >= k) num += s[i] * s[i - k];
    }
    return num / (s.length - k) / (den / s.length);
  };
  const blockVariance = (m: number) => {
    let sum2 = 0;
    let blocks = 0;
    for (let i = 0; i + m <= s.length; i += m, blocks++) {
      let t = 0;
      for (let j = i; j < i + m; j++) t += s[j];
      sum2 += t * t;
    }
    return sum2 / blocks / m;
  };
  const sorted = [...v].sort((a, b) => a - b);
  const q = (p: number) => sorted[Math.floor(p * sorted.length)];
  return { q10: q(0.1), q50: q(0.5), q90: q(0.9), q99: q(0.99), ac1: ac(1), ac10: ac(10), ac50: ac(50), var100: blockVariance(100), var1000: blockVariance(1000) };
}

describe("PackMime request sizes: the engine against ns-2.35's generator", () => {
  const bin = findNs2();

  it('same quantiles; with requestSizes "farima" the same short- and long-range dependence', { timeout: 120_000 }, () => {
    if (!bin) throw new Error(NS2_INSTALL_HINT);
    const ns = stats(ns2Samples(bin, `PackMimeHTTPFileSize ${RATE} 0`, N));
    // ns-2.35 at seed 7: lag-1 / 10 / 50 0.065 / 0.021 / 0.013; per-request variance of sums over 100 / 1,000: 2.7 / 8.1
    expect(ns.ac1).toBeGreaterThan(0.045);
    expect(ns.var1000).toBeGreaterThan(5);
    const draw = (correlated: boolean, seed: number) => {
      const g = new RequestSampler(rngFor(seed, 'ns2-requests'), RATE, correlated);
      return stats(Array.from({ length: N }, () => g.next()));
    };
    for (const seed of [1, 2]) {
      const indep = draw(false, seed);
      const farima = draw(true, seed);
      // (a long-range dependent sample's quantiles wander: ns-2's and farima's by about 4 % at the 90th percentile)
      for (const e of [indep, farima]) {
        for (const k of ['q10', 'q50'] as const) expect(Math.abs(e[k] / ns[k] - 1), `${k} seed ${seed}`).toBeLessThan(0.03);
        expect(Math.abs(e.q90 / ns.q90 - 1), `q90 seed ${seed}`).toBeLessThan(0.06);
        expect(Math.abs(e.q99 / ns.q99 - 1), `q99 seed ${seed}`).toBeLessThan(0.15);
      }
      expect(Math.abs(farima.ac1 - ns.ac1)).toBeLessThan(0.015);
      expect(Math.abs(farima.ac10 - ns.ac10)).toBeLessThan(0.012);
      expect(Math.abs(farima.ac50 - ns.ac50)).toBeLessThan(0.012);
      expect(Math.abs(indep.ac1)).toBeLessThan(0.01);
      for (const k of ['var100', 'var1000'] as const) {
        expect(farima[k] / ns[k], `${k} seed ${seed}`).toBeGreaterThan(0.6);
        expect(farima[k] / ns[k]).toBeLessThan(1.6);
        expect(indep[k], `independent ${k}`).toBeLessThan(1.35);
      }
    }
  });
});
