/**
 * AQM internals over time: RED's p_b (from the average on the linear or gentle line),
 * p_a (after the count correction, Floyd & Jacobson 1993) and max_p (constant for RED,
 * moving for adaptive variants).
 */
import { SERIES } from '../colors';
import type { SeriesStore } from '../store/series-store';
import type { Painter } from './painter';
import { axes, drawCursor, drawMarkers, drawSeries, emptyNote, legend, maxOver, plotRect, xScaleFor, yScaleFor, type LegendItem } from './plot';
import { timeDomain, type ChartContext, type ChartDef } from './types';
import { format } from 'd3';

const COLS = ['pb', 'pa', 'maxP'] as const;

function hasValues(store: SeriesStore, col: string): boolean {
  const c = store.column(col);
  if (!c) return false;
  for (let i = 0; i < store.length; i++) if (c[i] === c[i]) return true;
  return false;
}

export const aqmChart: ChartDef = {
  id: 'aqm',
  title: 'AQM drop/mark probability',
  describe(c) {
    return `The ${c.view.queue.kind} queue's drop or mark probability over time: p_b from the average queue, p_a after the count correction, and max_p.`;
  },
  columns: (s: SeriesStore) => COLS.filter((k) => s.has(k)),
  draw(p: Painter, c: ChartContext): number {
    const f = c.fonts;
    const store = c.store;
    const items: LegendItem[] = [
      { label: 'p_b (from avg)', color: SERIES.pb, width: 2 },
      { label: 'p_a (applied)', color: SERIES.pa, width: 1.5 },
      { label: 'max_p', color: SERIES.maxP, dash: [10, 5], width: 2.5 },
    ];
    const lh = legend(p, items, 8, 4, p.width - 16, f.legend);
    const r = plotRect(p, lh + 10, f, '0.888');
    const [t0, t1] = timeDomain(c);
    const x = xScaleFor(r, t0, t1);
    const cols = COLS.map((k) => store.column(k));
    const top = maxOver(store, cols, t0, t1);
    const y = yScaleFor(r, 0, Number.isFinite(top) && top > 0 ? Math.min(1, top * 1.1) : 0.1);
    axes(p, r, x, y, f, 'time (s)', 'probability', format('.3~f'));
    p.clip(r);
    let drawn = 0;
    drawn += drawSeries(p, r, x, y, store, cols[2], { color: SERIES.maxP, width: 2.5, dash: [10, 5] }, c.scratch, 'maxP');
    drawn += drawSeries(p, r, x, y, store, cols[1], { color: SERIES.pa, width: 1.5 }, c.scratch, 'pa');
    drawn += drawSeries(p, r, x, y, store, cols[0], { color: SERIES.pb, width: 2.25 }, c.scratch, 'pb');
    p.unclip();
    drawMarkers(p, r, x, c.markers, f);
    drawCursor(p, r, x, c.cursorT, f);
    if (store.length === 0) emptyNote(p, r, 'No data yet', f);
    else if (!COLS.some((k) => hasValues(store, k))) emptyNote(p, r, `${c.view.queue.kind === 'droptail' ? 'Drop-tail' : c.view.queue.kind} has no drop probability: it drops only when full`, f);
    return drawn;
  },
};
