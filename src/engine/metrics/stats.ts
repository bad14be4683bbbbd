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
