/**
 * Mean and sample standard deviation (n - 1; 0 for one value) of runs' values; null if a run
 * has none. Values all equal give that value and an sd of exactly 0 (summing them rounds:
 * three runs of utilization 0.9999999999999998 gave a mean one ulp lower and an sd of 1.4e-16).
 */
export function meanSd(xs: readonly (number | null)[]): { mean: number | null; sd: number | null } {
  if (xs.length === 0 || xs.some((x) => x === null)) return { mean: null, sd: null };
  const v = xs as number[];
  if (v.every((x) => x === v[0])) return { mean: v[0], sd: 0 };
  const mean = v.reduce((a, x) => a + x, 0) / v.length;
  const sd = v.length > 1 ? Math.sqrt(v.reduce((a, x) => a + (x - mean) ** 2, 0) / (v.length - 1)) : 0;
  return { mean, sd };
}

/**
 * Twice the standard error of the mean of per-seed differences (two runs paired by seed):
 * 2·sd(d)/√n, with sd the sample standard deviation of the n differences.
 */
export function spreadBound(diffs: readonly number[]): number {
  const { sd } = meanSd(diffs);
  return diffs.length === 0 || sd === null ? NaN : (2 * sd) / Math.sqrt(diffs.length);
}

export type Verdict = 'apart' | 'within' | 'same';

/**
 * The rule the app's Compare over seeds and `sweep --against` share, from the per-seed
 * differences B − A: 'same' when each is 0 (to 9 significant digits of `scale`, the size of
 * the values compared), 'apart' when their mean is farther from 0 than spreadBound, else
 * 'within'. A rule of thumb, not a significance test.
 */
export function verdict(diffs: readonly number[], scale: number): Verdict {
  if (diffs.every((d) => Math.abs(d) <= 1e-9 * Math.abs(scale))) return 'same';
  const mean = diffs.reduce((a, d) => a + d, 0) / diffs.length;
  return Math.abs(mean) > spreadBound(diffs) ? 'apart' : 'within';
}
