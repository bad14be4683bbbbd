/** Jain's fairness index (sum x)^2 / (n sum x^2), DESIGN §5; 1 for an empty or all-zero set. */
export function jain(xs: readonly number[]): number {
  let s = 0;
  let s2 = 0;
  for (const x of xs) {
    s += x;
    s2 += x * x;
  }
  return s2 > 0 ? (s * s) / (xs.length * s2) : 1;
}
