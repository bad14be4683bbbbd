import { describe, expect, it } from 'vitest';
import { seriesCsv, seriesJson } from '../../../../src/ui/charts/export';
import { throughputChart, WindowRates } from '../../../../src/ui/charts/throughput-chart';
import { SeriesStore } from '../../../../src/ui/store/series-store';

describe('WindowRates (sliding-window goodput and utilization)', () => {
  it('gives 8 x bytes/s for a flow acking at a constant rate, and the mean utilization', () => {
    const s = new SeriesStore();
    const dt = 0.01;
    // flow 0 acks 1250 bytes/s (10 kb/s); flow 1 nothing until 2 s then 2500 bytes/s; util alternates 0.2 / 0.8
    for (let b = 0; b < 5; b++) {
      const n = 100;
      const t = Float64Array.from({ length: n }, (_, i) => (b * n + i) * dt);
      s.append({
        t,
        cols: {
          'acked.0': Float64Array.from(t, (x) => 1250 * x),
          'acked.1': Float64Array.from(t, (x) => (x < 2 ? 0 : 2500 * (x - 2))),
          util: Float64Array.from(t, (_, i) => (i % 2 === 0 ? 0.2 : 0.8)),
        },
      });
    }
    const w = new WindowRates();
    w.update(s, 0.5);
    const g0 = w.out.get('acked.0')!;
    const g1 = w.out.get('acked.1')!;
    const u = w.out.get('util')!;
    const at = (x: number) => Math.round(x / dt);
    expect(g0[at(1)]).toBeCloseTo(10_000, 6);
    expect(g0[at(4.5)]).toBeCloseTo(10_000, 6);
    expect(g1[at(1.5)]).toBe(0);
    expect(g1[at(3)]).toBeCloseTo(20_000, 6);
    // half way through the ramp-up window: half the rate
    expect(g1[at(2.25)]).toBeCloseTo(10_000, 6);
    expect(u[at(3)]).toBeCloseTo(0.5, 9);
    expect(Number.isNaN(g0[0])).toBe(true); // no interval yet
  });

  it('a flow that has not started or has completed (its goodput column a gap) has no rate there, so the band and median describe the running flows', () => {
    const s = new SeriesStore();
    const dt = 0.1;
    const t = Float64Array.from({ length: 100 }, (_, i) => i * dt);
    // flow 0 runs throughout at 10 kb/s; flows 1-4 run only from 4 s to 7 s at 10 kb/s (the
    // collector: acked 0 before, the total after; goodput NaN outside the run)
    const cols: Record<string, Float64Array> = {
      'acked.0': Float64Array.from(t, (x) => 1250 * x),
      'goodput.0': Float64Array.from(t, () => 10_000),
    };
    for (let k = 1; k <= 4; k++) {
      cols[`acked.${k}`] = Float64Array.from(t, (x) => 1250 * Math.min(3, Math.max(0, x - 4)));
      cols[`goodput.${k}`] = Float64Array.from(t, (x) => (x >= 4 && x <= 7 ? 10_000 : NaN));
    }
    s.append({ t, cols });
    const w = new WindowRates();
    w.update(s, 0.5);
    const at = (x: number) => Math.round(x / dt);
    expect(Number.isNaN(w.out.get('acked.1')![at(2)])).toBe(true);
    expect(Number.isNaN(w.out.get('acked.1')![at(9)])).toBe(true);
    expect(w.out.get('acked.1')![at(6)]).toBeCloseTo(10_000, 6);
    expect(w.out.get('acked.0')![at(2)]).toBeCloseTo(10_000, 6);
    // the exported band (as drawn): before flows 1-4 start, the median is flow 0's rate, not 0
    const many: Record<string, Float64Array> = { ...cols };
    for (let k = 5; k <= 11; k++) {
      many[`acked.${k}`] = cols['acked.1'];
      many[`goodput.${k}`] = cols['goodput.1'];
    }
    const s2 = new SeriesStore();
    s2.append({ t, cols: many });
    const band = new Map(throughputChart.derived!(s2, 10));
    const W = WindowRates.windowFor(10);
    expect(band.get(`goodput.median.avg${W}s`)![at(2)]).toBeCloseTo(10_000, 6);
    expect(band.get(`goodput.min.avg${W}s`)![at(9)]).toBeCloseTo(10_000, 6);
  });

  it('updates incrementally as batches arrive and starts over after the store is cleared', () => {
    const s = new SeriesStore();
    const w = new WindowRates();
    const add = (t0: number, rate: number) => {
      const t = Float64Array.from({ length: 50 }, (_, i) => t0 + i * 0.02);
      s.append({ t, cols: { 'acked.0': Float64Array.from(t, (x) => rate * x) } });
      w.update(s, 0.2);
    };
    add(0, 1000);
    add(1, 1000);
    expect(w.out.get('acked.0')![s.length - 1]).toBeCloseTo(8000, 6);
    s.clear();
    add(0, 3000);
    expect(w.out.get('acked.0')![s.length - 1]).toBeCloseTo(24_000, 6);
  });
});

describe('throughput chart export', () => {
  it('the CSV carries the averaged rates the chart draws beside the raw per-sample columns', () => {
    const s = new SeriesStore();
    const dt = 0.015;
    const n = 2001;
    const t = Float64Array.from({ length: n }, (_, i) => i * dt);
    // flow 0 acks a 1500-byte packet every other sample: the raw rate swings between 0 and 800 kb/s
    const acked = Float64Array.from(t, (_, i) => 1500 * Math.floor(i / 2));
    const gp = Float64Array.from(t, (_, i) => (i > 0 && i % 2 === 0 ? (1500 * 8) / dt : 0));
    s.append({ t, cols: { 'acked.0': acked, 'goodput.0': gp, util: Float64Array.from(t, () => 0.75) } });
    const end = t[n - 1];
    const W = WindowRates.windowFor(end);
    const lines = seriesCsv(s, throughputChart.columns(s), throughputChart.derived!(s, end)).trimEnd().split('\n');
    expect(lines[0]).toBe(`t,util,goodput.0,util.avg${W}s,goodput.0.avg${W}s`);
    expect(lines.length).toBe(n + 1);
    const last = lines[n].split(',').map(Number);
    // 1500 bytes per 2 samples of 15 ms: 400 kb/s averaged; the utilization's mean
    expect(last[4]).toBeCloseTo(400_000, -3);
    expect(last[3]).toBeCloseTo(0.75, 9);
    const j = JSON.parse(seriesJson(s, throughputChart.columns(s), null, {}, throughputChart.derived!(s, end)));
    expect(j.series[`goodput.0.avg${W}s`].length).toBe(n);
  });
});
