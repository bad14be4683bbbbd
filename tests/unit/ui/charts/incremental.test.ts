import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EventPixels } from '../../../../src/ui/charts/event-pixels';
import { maxOver, RunningMax } from '../../../../src/ui/charts/plot';
import { niceCeil } from '../../../../src/ui/charts/types';
import { SeriesStore } from '../../../../src/ui/store/series-store';

/*
 * The queue chart's per-frame work must be bounded by its pixels and the data that
 * arrived since the last frame, not by the length of the run: the caches below see each
 * sample or event once while the store only grows, and agree with a full recomputation.
 */

function events(n: number, t0: number, dt: number, kind = 0) {
  const t = new Float64Array(n);
  const k = new Uint8Array(n);
  const f = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    t[i] = t0 + i * dt;
    k[i] = (kind + i) % 4;
    f[i] = i % 3;
  }
  return { t, kind: k, flow: f };
}

describe('EventPixels', () => {
  it('marks the pixel columns holding events, each event examined once across frames', () => {
    const store = new SeriesStore();
    const px = new EventPixels();
    let total = 0;
    for (let frame = 0; frame < 50; frame++) {
      store.appendEvents(events(1000, frame * 2, 0.002, frame));
      total += 1000;
      px.update(store, 0, 100, 400);
    }
    expect(px.examined).toBe(total);
    // the same as marking every event afresh
    const fresh = new EventPixels();
    fresh.update(store, 0, 100, 400);
    for (const k of [0, 1, 2, 3]) expect(px.columns(k, 10, 0, [])).toEqual(fresh.columns(k, 10, 0, []));
    expect([...px.present].sort()).toEqual([0, 1, 2, 3]);
  });

  it('a column holds a marker if and only if some event of that kind falls in its time slice', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.double({ min: 0, max: 10, noNaN: true }), fc.integer({ min: 0, max: 4 })), { maxLength: 200 }), fc.integer({ min: 1, max: 300 }), (evs, width) => {
        evs.sort((a, b) => a[0] - b[0]);
        const store = new SeriesStore();
        store.appendEvents({ t: Float64Array.from(evs.map((e) => e[0])), kind: Uint8Array.from(evs.map((e) => e[1])), flow: new Int32Array(evs.length) });
        const px = new EventPixels();
        px.update(store, 0, 10, width);
        for (let k = 0; k <= 4; k++) {
          const want = new Set(evs.filter((e) => e[1] === k).map((e) => Math.min(width - 1, Math.floor((e[0] / 10) * width))));
          expect(new Set(px.columns(k, 0, 0, []).map((x) => x - 0.5))).toEqual(want);
        }
      }),
      { numRuns: 200, seed: 9 },
    );
  });

  it('keeps markers at least minGap apart and rebuilds after the store thins or clears its events', () => {
    const store = new SeriesStore(1 << 17, 4096);
    const px = new EventPixels();
    store.appendEvents(events(4000, 0, 0.001));
    px.update(store, 0, 10, 100);
    const xs = px.columns(0, 0, 3, []);
    for (let i = 1; i < xs.length; i++) expect(xs[i] - xs[i - 1]).toBeGreaterThanOrEqual(3);
    const before = px.examined;
    store.appendEvents(events(4000, 4, 0.001)); // over maxEvents: the store thins what it holds
    px.update(store, 0, 10, 100);
    expect(px.examined).toBe(before + store.evLength); // rebuilt from the thinned events
    store.clear();
    px.update(store, 0, 10, 100);
    expect(px.present.size).toBe(0);
  });
});

describe('RunningMax', () => {
  it('agrees with a full pass and examines each sample once while the store only grows', () => {
    const store = new SeriesStore();
    const m = new RunningMax();
    let n = 0;
    for (let frame = 0; frame < 40; frame++) {
      const t = Float64Array.from({ length: 50 }, (_, i) => n + i);
      const q = Float64Array.from(t, (x) => Math.abs(Math.sin(x / 7)) * 100 + (x === 1234 ? 1e3 : 0));
      store.append({ t, cols: { queue: q } });
      n += 50;
      const cols = [store.column('queue')];
      expect(m.get(store, cols, 0, 2000)).toBe(maxOver(store, cols, 0, 2000));
    }
    expect(m.get(store, [store.column('queue')], 0, 2000)).toBe(1e3 + Math.abs(Math.sin(1234 / 7)) * 100);
    // column arrays are reallocated as they grow; every reallocation restarts the pass, a
    // doubling each time, so the total stays within a few passes over the data
    expect(m.examined).toBeLessThan(4 * n);
  });
});

describe('the time axis of an open-ended run', () => {
  it('ends at the next 1, 2 or 5 x 10^k, so it moves a few times per decade', () => {
    expect([0.3, 1, 1.01, 3, 7, 12, 99, 101, 2345].map(niceCeil)).toEqual([0.5, 1, 2, 5, 10, 20, 100, 200, 5000]);
  });
});
