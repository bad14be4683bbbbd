/**
 * Per-flow drawing shared by the cwnd, goodput and download-progress charts: a line per
 * flow (flow colours from colors.ts) up to MAX_LINES flows; beyond, the min-max band and
 * median across flows plus the highlighted flows as lines.
 */
import { flowColor, flowDash, SERIES } from '../colors';
import type { SeriesStore } from '../store/series-store';
import { bandOf, bucketEnvelope } from './downsample';
import type { Painter, Rect } from './painter';
import { drawSeries, type LegendItem, type Scale, type SeriesScratch } from './plot';
import { MAX_LINES } from './types';

export function flowLabel(flow: number): string {
  return `flow ${flow}`;
}

/** Legend entries for the flows a chart draws. */
export function flowLegend(flows: readonly number[], highlight: readonly number[]): LegendItem[] {
  if (flows.length <= MAX_LINES) return flows.map((f) => ({ label: flowLabel(f), color: flowColor(f), dash: flowDash(f) }));
  const hl = highlight.filter((f) => flows.includes(f));
  return [
    { label: `min–max of ${flows.length} flows`, color: SERIES.band, fill: true },
    { label: 'median', color: SERIES.median, width: 2.5 },
    ...hl.map((f) => ({ label: flowLabel(f), color: flowColor(f), dash: flowDash(f) })),
  ];
}

/** A cache of band columns, recomputed when the store changes. */
export class BandCache {
  private version = -1;
  private band: { min: Float64Array; median: Float64Array; max: Float64Array } | null = null;
  get(store: SeriesStore, cols: Float64Array[], transform?: (v: number) => number): { min: Float64Array; median: Float64Array; max: Float64Array } {
    if (this.band && this.version === store.version) return this.band;
    const src = transform ? cols.map((c) => Float64Array.from(c.subarray(0, store.length), transform)) : cols;
    this.band = bandOf(src, store.length);
    this.version = store.version;
    return this.band;
  }
}

/**
 * Draws a per-flow family of columns `${prefix}.${flow}` (or precomputed columns from
 * `columnOf`). Returns the vertices drawn.
 */
export function drawFlowFamily(
  p: Painter,
  r: Rect,
  x: Scale,
  y: Scale,
  store: SeriesStore,
  flows: readonly number[],
  columnOf: (flow: number) => Float64Array | undefined,
  highlight: readonly number[],
  scratch: SeriesScratch,
  bandCache: BandCache,
  key: string,
  opts: { width?: number; dash?: number[]; alpha?: number; transform?: (v: number) => number; allThin?: boolean } = {},
): number {
  let drawn = 0;
  const width = opts.width ?? 2.25;
  if (flows.length <= MAX_LINES) {
    for (const f of flows) {
      drawn += drawSeries(p, r, x, y, store, columnOf(f), { color: flowColor(f), width, dash: opts.dash ?? flowDash(f), alpha: opts.alpha }, scratch, `${key}.${f}`, opts.transform);
    }
    return drawn;
  }
  if (opts.allThin) {
    // every flow as a thin grey line (download progress: flat lines show lock-outs)
    for (const f of flows.slice(0, 300)) drawn += drawSeries(p, r, x, y, store, columnOf(f), { color: SERIES.band, width: 1, alpha: 0.6 }, scratch, `${key}.${f}`, opts.transform);
  } else {
    const cols = flows.map(columnOf).filter((c): c is Float64Array => !!c);
    if (cols.length > 0 && store.length > 0) {
      const band = bandCache.get(store, cols, opts.transform);
      const [t0, t1] = x.domain();
      // one bucket per 2 px: the band's lower edge is the lowest minimum, the upper the highest maximum
      const env = bucketEnvelope(store.t, band.min, band.max, store.length, t0, t1, Math.max(1, Math.round(r.w / 2)));
      const n = env.x.length;
      const xs = new Float64Array(n);
      const ylo = new Float64Array(n);
      const yhi = new Float64Array(n);
      for (let i = 0; i < n; i++) {
        xs[i] = x(env.x[i]);
        ylo[i] = env.lo[i] === env.lo[i] ? y(env.lo[i]) : NaN;
        yhi[i] = env.hi[i] === env.hi[i] ? y(env.hi[i]) : NaN;
      }
      p.band(xs, ylo, yhi, n, SERIES.band, 0.5);
      drawn += n;
      drawn += drawSeries(p, r, x, y, store, band.median, { color: SERIES.median, width: 2.5 }, scratch, `${key}.median`);
    }
  }
  for (const f of highlight) {
    if (!flows.includes(f)) continue;
    drawn += drawSeries(p, r, x, y, store, columnOf(f), { color: flowColor(f), width: width + 0.5, dash: flowDash(f) }, scratch, `${key}.hl.${f}`, opts.transform);
  }
  return drawn;
}
