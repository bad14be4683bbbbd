import { describe, expect, it } from 'vitest';
import { Rng } from '../../../../src/engine/core/rng';
import { lnGamma } from '../../../../src/engine/traffic/dist';
import { drawFlowDelay, SEEDS000_RTT_POINTS } from '../../../../src/engine/traffic/flow-delay';
import { REQ_LARGE, REQ_PROB_A, REQ_SMALL, RSP_CACHE, RSP_DOWNLOAD, RSP_RUN, SERVER_DELAY, type InvCdfTable } from '../../../../src/engine/traffic/packmime-data';
import { GapSampler, logitLaw, ResponseSampler, sampleRequest, sampleServerDelay, tableQuantile } from '../../../../src/engine/traffic/packmime-model';

/*
 * The generators are checked against the declared tables through an independent path:
 * the CDF a table declares is found by bisection on its quantile function, and the share
 * of generated values at or below a size must match it.
 */

/** P(floor(Q(U)) <= x) for a table: the p at which the quantile reaches x + 1 (bisection). */
function tableCdf(t: InvCdfTable, x: number): number {
  let lo = 0;
  let hi = 1 - 1e-12;
  if (tableQuantile(t, lo) >= x + 1) return 0;
  if (tableQuantile(t, hi) < x + 1) return 1;
  for (let i = 0; i < 80; i++) {
    const mid = (lo + hi) / 2;
    if (tableQuantile(t, mid) < x + 1) lo = mid;
    else hi = mid;
  }
  return lo;
}

/** E[ceil(W)] for a Weibull W = sum over k >= 0 of P(W > k). */
function meanCeilWeibull(shape: number, scale: number): number {
  let s = 0;
  for (let k = 0; k < 10000; k++) {
    const t = Math.exp(-Math.pow(k / scale, shape));
    s += t;
    if (t < 1e-15) break;
  }
  return s;
}

function fractionAtMost(values: Float64Array, x: number): number {
  let c = 0;
  for (const v of values) if (v <= x) c++;
  return c / values.length;
}

describe('PackMime-HTTP generators against their declared distributions', () => {
  it('request sizes follow the 50/50 mixture of the small and the heavy-tailed table', () => {
    const rng = new Rng(11, 1);
    const n = 200_000;
    const v = new Float64Array(n);
    for (let i = 0; i < n; i++) v[i] = sampleRequest(rng);
    for (const x of [100, 200, 300, 400, 500, 1000, 2000, 10_000, 100_000]) {
      const want = REQ_PROB_A * tableCdf(REQ_SMALL, x) + (1 - REQ_PROB_A) * tableCdf(REQ_LARGE, x);
      expect(Math.abs(fractionAtMost(v, x) - want), `P(req <= ${x})`).toBeLessThan(0.005);
    }
    // seeds/000 §5.1: "almost 90 % of the HTTP requests are under 1 KB"
    expect(fractionAtMost(v, 999)).toBeGreaterThan(0.88);
  });

  it('response sizes: cache-validation and download runs in the share their run lengths give', () => {
    const rate = 100;
    const mean0 = meanCeilWeibull(logitLaw(RSP_RUN[0].shape, rate), RSP_RUN[0].scale);
    const mean1 = meanCeilWeibull(logitLaw(RSP_RUN[1].shape, rate), RSP_RUN[1].scale);
    const share1 = mean1 / (mean0 + mean1);
    const gen = new ResponseSampler(new Rng(12, 1), rate);
    const n = 400_000;
    const v = new Float64Array(n);
    for (let i = 0; i < n; i++) v[i] = gen.next();
    for (const x of [50, 150, 272, 500, 1420, 5000, 14_200, 50_000, 500_000]) {
      const want = (1 - share1) * tableCdf(RSP_CACHE, x) + share1 * tableCdf(RSP_DOWNLOAD, x);
      expect(Math.abs(fractionAtMost(v, x) - want), `P(rsp <= ${x})`).toBeLessThan(0.01);
    }
    // seeds/000 §5.1: 60 % of responses fit one 1420-byte packet, 90 % fit ten (the model gives 57 % and 89 %)
    expect(fractionAtMost(v, 1420)).toBeGreaterThan(0.54);
    expect(fractionAtMost(v, 1420)).toBeLessThan(0.64);
    expect(fractionAtMost(v, 14_200)).toBeGreaterThan(0.87);
    expect(fractionAtMost(v, 14_200)).toBeLessThan(0.92);
  });

  it('connection gaps are Weibull with the rate-dependent shape and mean 1 / rate', () => {
    for (const rate of [10, 106.6]) {
      const g = new GapSampler(new Rng(13, 1), rate);
      // the model's base-2 logit (ns-2.35 rng.h logitinv: 2^z / (1 + 2^z)): 0.88 at 106.6/s
      const z = 0.352 + 0.388 * Math.log2(rate);
      expect(g.shape).toBeCloseTo(2 ** z / (1 + 2 ** z), 12);
      const n = 200_000;
      const v = new Float64Array(n);
      let sum = 0;
      for (let i = 0; i < n; i++) sum += v[i] = g.next();
      expect(sum / n / (1 / rate)).toBeGreaterThan(0.99);
      expect(sum / n / (1 / rate)).toBeLessThan(1.01);
      for (const p of [0.1, 0.25, 0.5, 0.75, 0.9, 0.99]) {
        const q = g.scale * Math.pow(-Math.log(1 - p), 1 / g.shape);
        expect(Math.abs(fractionAtMost(v, q) - p), `rate ${rate} p ${p}`).toBeLessThan(0.005);
      }
    }
    // mean of a Weibull(k, lambda) is lambda * Gamma(1 + 1/k): check the log-gamma it rests on
    expect(Math.exp(lnGamma(5))).toBeCloseTo(24, 9);
    expect(Math.exp(lnGamma(0.5))).toBeCloseTo(Math.sqrt(Math.PI), 12);
  });

  it('server delays are 1 / max(10, Weibull(0.63, 305)) s: never above 0.1 s', () => {
    const rng = new Rng(14, 1);
    const n = 200_000;
    const v = new Float64Array(n);
    for (let i = 0; i < n; i++) v[i] = sampleServerDelay(rng);
    expect(Math.max(...v.subarray(0, 1000)) <= 0.1).toBe(true);
    for (const x of [0.002, 0.005, 0.01, 0.03, 0.0999]) {
      const want = Math.exp(-Math.pow(1 / x / SERVER_DELAY.scale, SERVER_DELAY.shape));
      expect(Math.abs(fractionAtMost(v, x) - want), `P(delay <= ${x})`).toBeLessThan(0.005);
    }
    expect(fractionAtMost(v, 0.1)).toBe(1);
  });

  it("seeds/000's round-trip times: 1 ms to 3.5 s, median 54 ms, mean 74 ms, 90th percentile 117 ms", () => {
    const rng = new Rng(15, 1);
    const n = 400_000;
    const v = new Float64Array(n);
    let sum = 0;
    for (let i = 0; i < n; i++) sum += v[i] = 2 * drawFlowDelay({ kind: 'empirical', points: SEEDS000_RTT_POINTS }, rng);
    v.sort();
    expect(v[0]).toBeGreaterThanOrEqual(0.001);
    expect(v[n - 1]).toBeLessThanOrEqual(3.5);
    expect(v[n / 2]).toBeCloseTo(0.054, 3);
    expect(sum / n).toBeCloseTo(0.074, 3);
    expect(v[0.9 * n]).toBeCloseTo(0.117, 3);
  });

  it("ns-2.35's PackMime DelayBox delays: the sum of a client-side and a server-side draw, half each way", () => {
    const rng = new Rng(16, 1);
    const n = 200_000;
    const v = new Float64Array(n);
    for (let i = 0; i < n; i++) v[i] = 2 * drawFlowDelay({ kind: 'packmime' }, rng);
    v.sort();
    // every draw is at least the two tables' smallest values (0.87741^5 + 0.79105^3 ms)
    expect(v[0]).toBeGreaterThan((0.87741 ** 5 + 0.79105 ** 3) / 1000 - 1e-9);
    // the server side alone has median T(log10 2)^3 = 3.87^3 ms = 58 ms; the client side adds a few ms
    expect(v[n / 2]).toBeGreaterThan(0.058);
    expect(v[n / 2]).toBeLessThan(0.075);
  });
});
