import { describe, expect, it } from 'vitest';
import { cwndChart } from '../../../../src/ui/charts/cwnd-chart';
import { dataExportNote, seriesCsv, seriesJson } from '../../../../src/ui/charts/export';
import { progressChart } from '../../../../src/ui/charts/progress-chart';
import { throughputChart, WindowRates } from '../../../../src/ui/charts/throughput-chart';
import { MAX_LINES, type ChartDef } from '../../../../src/ui/charts/types';
import { SeriesStore } from '../../../../src/ui/store/series-store';

/*
 * A chart's CSV/JSON export holds what the chart draws: with more than MAX_LINES flows the
 * per-flow charts draw the band (min, median, max across flows), so the file has those
 * columns; and a chart that draws no data (per-flow charts of web traffic) offers no file
 * of bare times but says why.
 */

const N = 40;
const t = Float64Array.from({ length: N }, (_, i) => i * 0.1);

/** `flows` flows with distinct, crossing cwnd and acked series; flow 3 has no value at the first samples. */
function store(flows: number): SeriesStore {
  const s = new SeriesStore();
  const cols: Record<string, Float64Array> = { util: Float64Array.from(t, (_, i) => (i % 3) / 3) };
  for (let f = 0; f < flows; f++) {
    cols[`cwnd.${f}`] = Float64Array.from(t, (_, i) => (f === 3 && i < 2 ? NaN : ((f * 7 + i * 3) % 23) + 1));
    cols[`ssthresh.${f}`] = Float64Array.from(t, () => 64);
    cols[`acked.${f}`] = Float64Array.from(t, (x) => 1000 * (f + 1) * x * x);
  }
  s.append({ t, cols });
  return s;
}

/** CSV as a map column -> cells. */
function parse(csv: string): Map<string, string[]> {
  const [head, ...rows] = csv.trimEnd().split('\n');
  const names = head.split(',');
  return new Map(names.map((n, k) => [n, rows.map((r) => r.split(',')[k])]));
}

const csvOf = (def: ChartDef, s: SeriesStore, end = 4) => parse(seriesCsv(s, def.columns(s), def.derived?.(s, end)));

/** min, median, max of the finite values. */
function stats(vals: number[]): [number, number, number] {
  const v = vals.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
  const m = v.length;
  return [v[0], m % 2 ? v[(m - 1) >> 1] : (v[m / 2 - 1] + v[m / 2]) / 2, v[m - 1]];
}

describe('per-flow charts with more flows than lines: the export has the band the chart draws', () => {
  const flows = MAX_LINES + 2;
  const s = store(flows);

  it('cwnd: min, median and max across the flows at every sample, beside the flows themselves', () => {
    const csv = csvOf(cwndChart, s);
    for (const k of ['cwnd.min', 'cwnd.median', 'cwnd.max', 'cwnd.0', `cwnd.${flows - 1}`]) expect(csv.has(k), k).toBe(true);
    for (let i = 0; i < N; i++) {
      const want = stats(Array.from({ length: flows }, (_, f) => s.column(`cwnd.${f}`)![i]));
      expect([csv.get('cwnd.min')![i], csv.get('cwnd.median')![i], csv.get('cwnd.max')![i]].map(Number)).toEqual(want);
    }
    // JSON carries the same band
    const j = JSON.parse(seriesJson(s, cwndChart.columns(s), null, {}, cwndChart.derived!(s, 4)));
    expect(j.series['cwnd.median']).toEqual(csv.get('cwnd.median')!.map(Number));
  });

  it('download progress: the band of bytes acked', () => {
    const csv = csvOf(progressChart, s);
    const i = N - 1;
    expect([csv.get('acked.min')![i], csv.get('acked.max')![i]].map(Number)).toEqual([s.column('acked.0')![i], s.column(`acked.${flows - 1}`)![i]]);
  });

  it('throughput: the band of the windowed goodputs the chart draws, in b/s like the flows', () => {
    const W = WindowRates.windowFor(4);
    const csv = csvOf(throughputChart, s);
    const i = N - 1;
    const rates = Array.from({ length: flows }, (_, f) => Number(csv.get(`goodput.${f}.avg${W}s`)![i]));
    const [lo, med, hi] = stats(rates);
    expect(Number(csv.get(`goodput.min.avg${W}s`)![i])).toBeCloseTo(lo, 6);
    expect(Number(csv.get(`goodput.median.avg${W}s`)![i])).toBeCloseTo(med, 6);
    expect(Number(csv.get(`goodput.max.avg${W}s`)![i])).toBeCloseTo(hi, 6);
    expect(hi).toBeGreaterThan(lo);
  });

  it('up to MAX_LINES flows the chart draws each one and the export adds no band', () => {
    const few = store(MAX_LINES);
    for (const def of [cwndChart, progressChart, throughputChart]) {
      expect([...csvOf(def, few).keys()].filter((k) => /\.(min|median|max)(\.|$)/.test(k)), def.id).toEqual([]);
    }
  });
});

describe('charts with nothing to export', () => {
  // a web run: queue and link columns, no per-flow ones
  const web = new SeriesStore();
  web.append({ t, cols: { queue: Float64Array.from(t, () => 3), util: Float64Array.from(t, () => 0.8) } });

  it('cwnd and download progress of a run without long-lived flows: a note that says where the data is', () => {
    for (const def of [cwndChart, progressChart]) {
      expect(parse(seriesCsv(web, def.columns(web), def.derived?.(web, 4))).size, def.id).toBe(1); // only t: the file would be empty
      const note = dataExportNote(def, web, 4);
      expect(note, def.id).toMatch(/no long-lived flows/);
      expect(note).toMatch(/Response times/);
    }
  });

  it('throughput still draws (and exports) the link utilization', () => {
    expect(dataExportNote(throughputChart, web, 4)).toBeNull();
    expect(csvOf(throughputChart, web).has('util')).toBe(true);
  });

  it('with flows there is data; before the run there is none yet', () => {
    for (const def of [cwndChart, progressChart, throughputChart]) {
      expect(dataExportNote(def, store(2), 4), def.id).toBeNull();
      expect(dataExportNote(def, new SeriesStore(), 4), def.id).toMatch(/yet/);
    }
  });
});
