import { describe, expect, it } from 'vitest';
import { Rng, rngFor } from '../../../../src/engine/core/rng';

describe('Rng', () => {
  it('is a pure function of (seed, stream)', () => {
    const a = rngFor(7, 'udp:0');
    const b = rngFor(7, 'udp:0');
    const c = rngFor(7, 'udp:1');
    const xa = Array.from({ length: 100 }, () => a.nextU32());
    const xb = Array.from({ length: 100 }, () => b.nextU32());
    const xc = Array.from({ length: 100 }, () => c.nextU32());
    expect(xa).toEqual(xb);
    expect(xa).not.toEqual(xc);
  });

  it('uniform() has mean 1/2 and variance 1/12 within sampling error', () => {
    const r = new Rng(12345);
    const n = 200_000;
    let s = 0;
    let s2 = 0;
    let outside = 0;
    for (let i = 0; i < n; i++) {
      const u = r.uniform();
      if (!(u >= 0 && u < 1)) outside++;
      s += u;
      s2 += u * u;
    }
    expect(outside).toBe(0);
    const mean = s / n;
    const variance = s2 / n - mean * mean;
    // standard error of the mean = sqrt(1/12/n) ~ 0.00065; allow 5 sigma
    expect(Math.abs(mean - 0.5)).toBeLessThan(0.0033);
    expect(Math.abs(variance - 1 / 12)).toBeLessThan(0.002);
  });

  it('exponential() has the requested mean and P(X > mean) = 1/e', () => {
    const r = new Rng(99);
    const n = 200_000;
    let s = 0;
    let above = 0;
    for (let i = 0; i < n; i++) {
      const x = r.exponential(3);
      s += x;
      if (x > 3) above++;
    }
    expect(s / n).toBeCloseTo(3, 1);
    expect(Math.abs(above / n - Math.exp(-1))).toBeLessThan(0.005);
  });
});
