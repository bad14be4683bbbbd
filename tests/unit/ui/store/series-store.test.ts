import { describe, expect, it } from 'vitest';
import { SeriesStore } from '../../../../src/ui/store/series-store';

function batch(t0: number, m: number, cols: Record<string, (t: number) => number>) {
  const t = Float64Array.from({ length: m }, (_, i) => t0 + i);
  const out: Record<string, Float64Array> = {};
  for (const [k, f] of Object.entries(cols)) out[k] = Float64Array.from(t, f);
  return { t, cols: out };
}

describe('SeriesStore', () => {
  it('appends batches in order across growth of the buffers', () => {
    const s = new SeriesStore();
    for (let k = 0; k < 20; k++) s.append(batch(k * 64, 64, { queue: (t) => t * 2, 'cwnd.0': (t) => t + 0.5 }));
    expect(s.length).toBe(1280);
    const q = s.column('queue')!;
    const c = s.column('cwnd.0')!;
    for (let i = 0; i < s.length; i++) {
      expect(s.t[i]).toBe(i);
      expect(q[i]).toBe(2 * i);
      expect(c[i]).toBe(i + 0.5);
    }
    expect(s.last('queue')).toBe(2 * 1279);
  });

  it('fills a column that appears later (or is missing from a batch) with NaN', () => {
    const s = new SeriesStore();
    s.append(batch(0, 3, { queue: () => 1 }));
    s.append(batch(3, 2, { queue: () => 2, pb: () => 0.1 }));
    s.append(batch(5, 1, { pb: () => 0.2 }));
    expect(Array.from(s.column('pb')!.subarray(0, 6))).toEqual([NaN, NaN, NaN, 0.1, 0.1, 0.2]);
    expect(Array.from(s.column('queue')!.subarray(0, 6))).toEqual([1, 1, 1, 2, 2, NaN]);
  });

  it('stays within maxSamples and keeps the envelope when it halves', () => {
    const s = new SeriesStore(1000);
    // a saw-tooth with a single spike of 1000 at t = 777
    for (let k = 0; k < 50; k++) s.append(batch(k * 100, 100, { queue: (t) => (t === 777 ? 1000 : t % 10) }));
    expect(s.length).toBeLessThanOrEqual(1000);
    expect(s.compactions).toBeGreaterThan(0);
    const q = s.column('queue')!;
    let max = -Infinity;
    let min = Infinity;
    for (let i = 0; i < s.length; i++) {
      max = Math.max(max, q[i]);
      min = Math.min(min, q[i]);
    }
    expect(max).toBe(1000);
    expect(min).toBe(0);
    for (let i = 1; i < s.length; i++) expect(s.t[i]).toBeGreaterThan(s.t[i - 1]);
    expect(s.lastTime).toBe(4999);
  });

  it('appends queue events and thins them past maxEvents, keeping every kind', () => {
    const s = new SeriesStore(1 << 17, 5000);
    for (let k = 0; k < 10; k++) {
      const m = 1000;
      s.appendEvents({
        t: Float64Array.from({ length: m }, (_, i) => k + i / m),
        kind: Uint8Array.from({ length: m }, (_, i) => i % 4),
        flow: Int32Array.from({ length: m }, (_, i) => i % 3),
      });
    }
    expect(s.evLength).toBeLessThanOrEqual(5000);
    const kinds = new Set(Array.from(s.evKind.subarray(0, s.evLength)));
    expect([...kinds].sort()).toEqual([0, 1, 2, 3]);
    for (let i = 1; i < s.evLength; i++) expect(s.evT[i]).toBeGreaterThanOrEqual(s.evT[i - 1]);
  });

  it('lists flow ids from per-flow columns', () => {
    const s = new SeriesStore();
    s.append(batch(0, 1, { 'acked.2': () => 0, 'acked.0': () => 0, 'acked.10': () => 0, queue: () => 0 }));
    expect(s.flowIds()).toEqual([0, 2, 10]);
  });
});
