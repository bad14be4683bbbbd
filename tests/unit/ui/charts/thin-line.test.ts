import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { minMaxDownsample, thinPixelLine } from '../../../../src/ui/charts/downsample';

/*
 * thinPixelLine drops vertices a stroked line does not need (Chromium's software canvas
 * rasterizes a path in time proportional to its vertices). What it may not do: leave a
 * point more than tol px from the line drawn, lose a spike, or join pieces a NaN had
 * separated.
 */
const TOL = 1 / 3;

/** Pieces of a polyline between NaN breaks, as point lists. */
function pieces(x: ArrayLike<number>, y: ArrayLike<number>, n: number): [number, number][][] {
  const out: [number, number][][] = [];
  let cur: [number, number][] = [];
  for (let i = 0; i < n; i++) {
    if (y[i] !== y[i]) {
      if (cur.length) out.push(cur);
      cur = [];
    } else cur.push([x[i], y[i]]);
  }
  if (cur.length) out.push(cur);
  return out;
}

/** Smallest distance from (px, py) to the polyline `pts` (its segments, or its point). */
function distance(px: number, py: number, pts: [number, number][]): number {
  let best = Infinity;
  for (let i = 0; i < pts.length; i++) {
    const [ax, ay] = pts[i];
    const [bx, by] = pts[Math.min(i + 1, pts.length - 1)];
    const dx = bx - ax;
    const dy = by - ay;
    const l2 = dx * dx + dy * dy;
    const u = l2 === 0 ? 0 : Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / l2));
    best = Math.min(best, Math.hypot(px - (ax + u * dx), py - (ay + u * dy)));
  }
  return best;
}

/** A line as the charts draw it: min/max downsampled to `w` columns, then scaled to pixels. */
function drawnPoints(ys: number[], w: number, pxPerUnit: number) {
  const t = Float64Array.from(ys, (_, i) => i);
  const d = minMaxDownsample(t, Float64Array.from(ys), ys.length, 0, ys.length - 1, w);
  const x = Float64Array.from(d.x.subarray(0, d.n), (v) => (v * w) / (ys.length - 1));
  const y = Float64Array.from(d.y.subarray(0, d.n), (v) => (v === v ? 300 - v * pxPerUnit : NaN));
  return { x, y, n: d.n };
}

describe('thinPixelLine', () => {
  it('every point dropped lies within tol of the line kept; NaN breaks stay; spikes stay', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.double({ min: 0, max: 60, noNaN: true }), fc.constant(NaN), fc.constant(10)), { minLength: 2, maxLength: 2000 }),
        fc.integer({ min: 20, max: 400 }),
        fc.double({ min: 0.05, max: 20, noNaN: true }),
        (ys, w, scale) => {
          const { x, y, n } = drawnPoints(ys, w, scale);
          const before = pieces(x, y, n);
          const tx = Float64Array.from(x);
          const ty = Float64Array.from(y);
          const m = thinPixelLine(tx, ty, n, TOL);
          expect(m).toBeLessThanOrEqual(n);
          const after = pieces(tx, ty, m);
          // as many pieces, each starting in its own place
          expect(after.length).toBe(before.length);
          for (let k = 0; k < before.length; k++) {
            expect(after[k][0][0]).toBeCloseTo(before[k][0][0], 9);
            for (const [px, py] of before[k]) expect(distance(px, py, after[k])).toBeLessThanOrEqual(TOL + 1e-9);
            // the piece's vertical extent is kept within tol (a spike is never lost)
            const lo = (p: [number, number][]) => Math.min(...p.map((q) => q[1]));
            const hi = (p: [number, number][]) => Math.max(...p.map((q) => q[1]));
            expect(lo(after[k])).toBeLessThanOrEqual(lo(before[k]) + TOL + 1e-9);
            expect(hi(after[k])).toBeGreaterThanOrEqual(hi(before[k]) - TOL - 1e-9);
          }
          for (let i = 1; i < m; i++) if (tx[i] === tx[i] && tx[i - 1] === tx[i - 1]) expect(tx[i]).toBeGreaterThanOrEqual(tx[i - 1]);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('a growing window keeps a fraction of a point per column, its drops all there; a level line one point per 32', () => {
    // a congestion window in congestion avoidance: +1 segment per 50 samples, halved every 2,000
    const cwnd = Array.from({ length: 20_000 }, (_, i) => 10 + (i % 2000) / 50);
    const a = drawnPoints(cwnd, 800, 5);
    const m = thinPixelLine(a.x, a.y, a.n, TOL);
    expect(a.n).toBeGreaterThan(2 * 800);
    expect(m).toBeLessThan(0.2 * 800);
    // the ten drops of 40 segments (200 px) are all there
    let drops = 0;
    for (let i = 1; i < m; i++) if (a.y[i] - a.y[i - 1] > 150) drops++;
    expect(drops).toBe(9);
    const level = drawnPoints(Array.from({ length: 5000 }, () => 32), 800, 5);
    // at most one point per 32 (the bound on the work per point kept)
    expect(thinPixelLine(level.x, level.y, level.n, TOL)).toBeLessThanOrEqual(Math.ceil(level.n / 32) + 1);
  });
});
