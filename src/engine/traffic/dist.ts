import type { Rng } from '../core/rng';

/**
 * Small numeric helpers for the workload models: table inverse CDFs, Weibull, log-gamma,
 * normal and gamma variates. Pure functions of their arguments and the given stream.
 */

/** Piecewise-linear function through knots (x[i], y[i]), extended linearly past both ends (x increasing). */
export function interpolate(x: readonly number[], y: readonly number[], v: number): number {
  const n = x.length;
  // segment i covers [x[i], x[i+1]); below x[0] the first segment, above x[n-1] the last one
  let lo = 0;
  let hi = n - 2;
  if (v >= x[n - 2]) lo = n - 2;
  else if (v > x[0]) {
    while (hi - lo > 1) {
      const mid = (lo + hi) >> 1;
      if (x[mid] <= v) lo = mid;
      else hi = mid;
    }
    if (v >= x[hi]) lo = hi;
  }
  const slope = (y[lo + 1] - y[lo]) / (x[lo + 1] - x[lo]);
  return y[lo] + slope * (v - x[lo]);
}

/** 1 / (1 + e^-z). */
export function logistic(z: number): number {
  return 1 / (1 + Math.exp(-z));
}

/** Weibull quantile: scale * (-ln(1 - p))^(1 / shape). */
export function weibullQuantile(p: number, shape: number, scale: number): number {
  return scale * Math.pow(-Math.log(1 - p), 1 / shape);
}

/** Weibull variate from the stream (u in [0, 1), so 1 - u > 0). */
export function weibull(rng: Rng, shape: number, scale: number): number {
  return weibullQuantile(rng.uniform(), shape, scale);
}

/** ln Γ(x) for x > 0 (Lanczos approximation, g = 7, 9 terms; relative error < 1e-13). */
export function lnGamma(x: number): number {
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - lnGamma(1 - x);
  const c = [0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059, 12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7];
  const z = x - 1;
  let a = c[0];
  const t = z + 7.5;
  for (let i = 1; i < 9; i++) a += c[i] / (z + i);
  return 0.5 * Math.log(2 * Math.PI) + (z + 0.5) * Math.log(t) - t + Math.log(a);
}

/** Standard normal variate (Box-Muller, one value per call; uses two uniforms). */
export function normal(rng: Rng): number {
  const u = rng.uniformPositive();
  const v = rng.uniform();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}

/**
 * P(Z > z) for a standard normal Z, with small relative error in both tails (so that a
 * quantile taken at 1 - p stays finite and accurate far out): 0.5 erfc(z / sqrt 2), erfc
 * from the Chebyshev fit of Numerical Recipes (2nd ed., §6.2, "erfcc"), fractional error
 * below 1.2e-7 everywhere.
 */
export function normalSurvival(z: number): number {
  const x = z / Math.SQRT2;
  const a = Math.abs(x);
  const t = 1 / (1 + 0.5 * a);
  const poly = -a * a - 1.26551223 + t * (1.00002368 + t * (0.37409196 + t * (0.09678418 + t * (-0.18628806 + t * (0.27886807 + t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277))))))));
  const erfcA = t * Math.exp(poly);
  return x >= 0 ? 0.5 * erfcA : 1 - 0.5 * erfcA;
}

/** Gamma(shape, scale) variate (Marsaglia & Tsang 2000; shape < 1 by the u^(1/shape) boost). */
export function gamma(rng: Rng, shape: number, scale: number): number {
  if (shape < 1) return gamma(rng, shape + 1, scale) * Math.pow(rng.uniformPositive(), 1 / shape);
  const d = shape - 1 / 3;
  const c = 1 / Math.sqrt(9 * d);
  for (;;) {
    let x: number;
    let v: number;
    do {
      x = normal(rng);
      v = 1 + c * x;
    } while (v <= 0);
    v = v * v * v;
    const u = rng.uniformPositive();
    if (Math.log(u) < 0.5 * x * x + d - d * v + d * Math.log(v)) return d * v * scale;
  }
}
