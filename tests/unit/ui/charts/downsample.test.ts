import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { bandOf, lowerBound, minMaxDownsample } from '../../../../src/ui/charts/downsample';

/** Min and max of the y values whose t falls in bucket b of [t0, t1) cut in `buckets`. */
function bucketExtent(t: ArrayLike<number>, y: ArrayLike<number>, n: number, t0: number, t1: number, buckets: number, b: number) {
  let lo = Infinity;
  let hi = -Infinity;
  for (let i = 0; i < n; i++) {
    const k = Math.floor(((t[i] - t0) * buckets) / (t1 - t0));
    if (k !== b || y[i] !== y[i]) continue;
    lo = Math.min(lo, y[i]);
    hi = Math.max(hi, y[i]);
  }
  return [lo, hi];
}

describe('minMaxDownsample', () => {
  it('keeps the minimum and maximum of every pixel bucket (random series)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: -1e6, max: 1e6, noNaN: true }), { minLength: 50, maxLength: 3000 }),
        fc.integer({ min: 1, max: 40 }),
        (ys, buckets) => {
          const n = ys.length;
          const t = Float64Array.from(ys, (_, i) => i * 0.01);
          const y = Float64Array.from(ys);
          const t0 = 0;
          const t1 = (n - 1) * 0.01 + 1e-9;
          const d = minMaxDownsample(t, y, n, t0, t1, buckets);
          expect(d.n).toBeLessThanOrEqual(Math.max(n, 4 * buckets + 8));
          for (let b = 0; b < buckets; b++) {
            const [lo, hi] = bucketExtent(t, y, n, t0, t1, buckets, b);
            const [dlo, dhi] = bucketExtent(d.x, d.y, d.n, t0, t1, buckets, b);
            expect(dlo).toBe(lo);
            expect(dhi).toBe(hi);
          }
        },
      ),
    );
  });

  it('reduces a long series to at most 4 points per bucket, in time order', () => {
    const n = 100_000;
    const t = Float64Array.from({ length: n }, (_, i) => i / 1000);
    const y = Float64Array.from({ length: n }, (_, i) => Math.sin(i / 37) * 10 + (i % 1000 === 0 ? 50 : 0));
    const d = minMaxDownsample(t, y, n, 0, 100, 500);
    expect(d.n).toBeLessThanOrEqual(4 * 500 + 8);
    for (let i = 1; i < d.n; i++) expect(d.x[i]).toBeGreaterThanOrEqual(d.x[i - 1]);
    // all 100 spikes of +50 survive
    let spikes = 0;
    for (let i = 0; i < d.n; i++) if (d.y[i] > 40) spikes++;
    expect(spikes).toBe(100);
  });

  it('includes one sample beyond each end of the visible range', () => {
    const t = Float64Array.from([0, 1, 2, 3, 4, 5]);
    const y = Float64Array.from([0, 10, 20, 30, 40, 50]);
    const d = minMaxDownsample(t, y, 6, 1.5, 3.5, 100);
    expect(Array.from(d.x.subarray(0, d.n))).toEqual([1, 2, 3, 4]);
  });

  it('keeps gaps: a run of NaN becomes one NaN point between the pieces', () => {
    const n = 10_000;
    const t = Float64Array.from({ length: n }, (_, i) => i);
    const y = Float64Array.from({ length: n }, (_, i) => (i >= 4000 && i < 6000 ? NaN : 1));
    const d = minMaxDownsample(t, y, n, 0, n, 100);
    let gaps = 0;
    for (let i = 0; i < d.n; i++) if (Number.isNaN(d.y[i])) gaps++;
    expect(gaps).toBe(1);
  });

  it('lowerBound finds the first index at or above x', () => {
    const t = [0, 1, 1, 2, 5];
    expect(lowerBound(t, 5, 1)).toBe(1);
    expect(lowerBound(t, 5, 1.5)).toBe(3);
    expect(lowerBound(t, 5, 9)).toBe(5);
    expect(lowerBound(t, 5, -1)).toBe(0);
  });
});

describe('bandOf', () => {
  it('gives per-sample min, median and max across series, ignoring NaN', () => {
    const a = [1, 5, NaN];
    const b = [3, 1, NaN];
    const c = [2, NaN, NaN];
    const { min, median, max } = bandOf([a, b, c], 3);
    expect([min[0], median[0], max[0]]).toEqual([1, 2, 3]);
    expect([min[1], median[1], max[1]]).toEqual([1, 3, 5]);
    expect(Number.isNaN(median[2])).toBe(true);
  });
});
