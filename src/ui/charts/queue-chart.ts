/**
 * Bottleneck queue over time: instantaneous backlog and the AQM's average, RED's
 * thresholds (min_th, max_th and 2 max_th when gentle) and the buffer limit as lines
 * that follow live changes, and a strip of ticks for ECN marks, early, forced and
 * overflow drops along the time axis (one row per kind, distinct shapes and colours).
 * Thresholds the engine streams (`th.*`: ARED's automatic min_th / max_th and its target
 * band, PI's q_ref, REM's b*) are drawn where they are at each sample.
 */
import { aqmByKind } from '../../engine/aqm/registry';
import { EVENT_STYLES, SERIES, thresholdDash, type EventStyle } from '../colors';
import { flagOverTime, paramOverTime } from '../scenario-view';
import type { SeriesStore } from '../store/series-store';
import { EventPixels } from './event-pixels';
import type { Painter } from './painter';
import { axes, cursorText, drawCursor, fitYTicks, drawMarkers, drawSeries, drawSteps, emptyNote, fmtNumber, legend, maxOver, plotRect, xScaleFor, yScaleFor, type LegendItem } from './plot';
import { timeDomain, type ChartContext, type ChartDef } from './types';
import { queueRunText } from './run-text';

/** Whether a queue discipline keeps an average queue to draw (RED and its adaptive variants; PI, REM, CoDel and PIE act on the queue itself). */
export function keepsAverage(kind: string): boolean {
  return aqmByKind(kind)?.vars?.some((v) => v.unit === 'queue-units') ?? kind !== 'droptail';
}

/** Event kinds given a row in the strip, for a queue kind (and any other kind the run produced). */
function rowsFor(c: ChartContext, present: ReadonlySet<number>): EventStyle[] {
  const q = c.view.queue;
  const possible = new Set(q.kind === 'droptail' ? [2] : q.ecn ? [3, 0, 1, 2] : [0, 1, 2]);
  return EVENT_STYLES.filter((e) => possible.has(e.kind) || present.has(e.kind));
}

function unitOf(c: ChartContext): { cols: [string, string]; scale: number; label: string; unit: string } {
  return c.view.queue.unit === 'bytes'
    ? { cols: ['queueBytes', 'avg'], scale: 1e-3, label: 'queue (KB)', unit: 'KB' }
    : { cols: ['queue', 'avg'], scale: 1, label: 'queue (packets)', unit: 'packets' };
}

/**
 * The readout of the latest values, in the axis's unit: "now 28 · avg 16.8 packets" ("now 28
 * · avg 16.8" had no unit while the axis said packets, or KB in byte mode).
 */
export function nowNote(queue: string, avg: string | null, unit: string): string {
  return `now ${queue}${avg === null ? '' : ` · avg ${avg}`} ${unit}`;
}

export const queueChart: ChartDef = {
  id: 'queue',
  title: 'Bottleneck queue',
  describe(c) {
    const q = c.view.queue;
    const u = q.unit === 'bytes' ? 'bytes' : 'packets';
    const mn = c.store.last('th.minTh');
    const mx = c.store.last('th.maxTh');
    const th = Number.isFinite(mn) && Number.isFinite(mx) ? ` Thresholds min_th ${+mn.toPrecision(4)} and max_th ${+mx.toPrecision(4)} ${u}.` : q.minTh !== null && q.maxTh !== null ? ` RED thresholds min_th ${q.minTh} and max_th ${q.maxTh} ${u}.` : '';
    const hasAvg = keepsAverage(q.kind);
    const run = queueRunText(c, { kinds: rowsFor(c, new Set()).map((e) => e.kind), hasAvg });
    return `Queue length at the bottleneck (${q.kind}) over time: instantaneous${hasAvg ? ' and averaged' : ''}, in ${u}.${th} Ticks below mark ECN marks and drops.${run ? ` ${run}` : ''}` + cursorText(c);
  },
  units: "t in s; queue, queueRev: packets; queueBytes: bytes; avg, th.*: the queue's unit (packets, or bytes in byte mode), th.delayTarget: s; qdelay: s. An empty cell: no value there.",
  columns: (s: SeriesStore) => ['queue', 'queueBytes', 'avg', 'qdelay', 'queueRev', ...s.names().filter((k) => k.startsWith('th.'))].filter((k) => s.has(k)),
  draw(p: Painter, c: ChartContext): number {
    const f = c.fonts;
    const q = c.view.queue;
    const u = unitOf(c);
    const store = c.store;
    const [t0, t1] = timeDomain(c);
    const ev = c.scratch.cache('events', () => new EventPixels());
    const items: LegendItem[] = [
      { label: 'queue', color: SERIES.queue, width: 2 },
    ];
    const hasAvg = keepsAverage(q.kind);
    if (hasAvg) items.push({ label: 'average (avg)', color: SERIES.avg, width: 3.5 });
    // two-way traffic: the right-to-left queue too (kept in packets by the collector)
    const rev = c.view.twoWay && u.scale === 1 ? store.column('queueRev') : undefined;
    if (rev) items.push({ label: 'reverse queue (right to left)', color: SERIES.reverse, width: 2, dash: [6, 3] });
    const minSteps = paramOverTime(q.minTh, 'minTh', c.markers);
    const maxSteps = paramOverTime(q.maxTh, 'maxTh', c.markers);
    const gentle = flagOverTime(q.gentle, 'gentle', c.markers);
    const limitSteps = paramOverTime(q.limit, 'limit', c.markers);
    // streamed thresholds (where the engine has them at each sample) win over the scenario's values
    const thCol = (k: string) => store.column(`th.${k}`);
    const streamed = thCol('minTh') !== undefined;
    const hasTh = streamed || minSteps.some(([, v]) => v !== null);
    const gentleOn = streamed ? thCol('gentleMax') !== undefined : gentle.some(([, g]) => g);
    const target = thCol('target');
    const bandLow = thCol('bandLow');
    const bandHigh = thCol('bandHigh');
    const qcol = store.column(u.cols[0]);
    const acol = store.column(u.cols[1]);
    const dataMax = maxOver(store, [qcol, acol, rev], t0, t1, c.scratch, rev ? 'queue+rev' : 'queue') * u.scale;
    const thMax = streamed
      ? maxOver(store, [thCol('maxTh')], t0, t1) * (gentleOn ? 2 : 1.15)
      : Math.max(0, ...maxSteps.map(([, v]) => (v ?? 0) * (gentle.some(([, g]) => g) ? 2 : 1.15)), target ? maxOver(store, [target], t0, t1) * 1.3 : 0);
    const limMax = Math.max(...limitSteps.map(([, v]) => v ?? 0));
    let top = Math.max(dataMax || 0, thMax * u.scale, 1);
    // before any data (press Play) the axis shows the whole buffer: a drop-tail queue's had no
    // threshold to size it, so it read 0 to 1 packet with a "buffer limit" legend and no line
    if (store.length === 0 && limMax > 0) top = Math.max(top, limMax * u.scale * 1.05);
    if (top > 0.6 * limMax * u.scale) top = Math.max(top, limMax * u.scale * 1.05);
    // neither the queue nor its average can pass the buffer: a threshold above it (2 max_th
    // of a small buffer) would only squash the plot, so the axis stops just above the limit
    if (limMax > 0) top = Math.min(top, Math.max(dataMax || 0, limMax * u.scale) * 1.08);
    // the axis stops at the buffer, so a threshold wholly above it (2·max_th of a small
    // buffer) has no line on the chart: the legend lists only the lines drawn
    if (hasTh) {
      const lowMax = lowest(store, thCol('maxTh'), maxSteps, t0, t1) * u.scale;
      if (lowest(store, thCol('minTh'), minSteps, t0, t1) * u.scale <= top) items.push({ label: 'min_th', color: SERIES.minTh, dash: thresholdDash('minTh', c.paper) });
      if (lowMax <= top) items.push({ label: 'max_th', color: SERIES.maxTh, dash: thresholdDash('maxTh', c.paper) });
      if (gentleOn && 2 * lowMax <= top) items.push({ label: '2·max_th', color: SERIES.gentleTh, dash: [3, 4] });
    }
    if (bandLow) items.push({ label: 'target band', color: SERIES.bandLine, dash: [4, 3], width: 2 });
    if (target) items.push({ label: q.kind === 'rem' ? 'b* (target queue)' : q.kind === 'pi' ? 'q_ref (target queue)' : 'target queue', color: SERIES.avg, dash: [6, 4], width: 2.5 });
    // likewise the buffer: a queue held far below a large one (PI's 240 packets in a 2000-packet
    // buffer) gives an axis that stops under it
    const limits = limitSteps.map(([, v]) => v).filter((v): v is number => v !== null);
    if (limits.length > 0 && Math.min(...limits) * u.scale <= top) items.push({ label: 'buffer limit', color: SERIES.limit, dash: [2, 3], width: 2 });
    // the latest values ("now 20 · avg 28.5 packets") are read above the plot, at the right of the
    // legend's last row or on a line of their own under it: over the plot's top right, on a
    // white box at 85 %, the buffer limit, the grid and the queue at its peak ran through the
    // text. The room is sized to the widest value the queue can reach (its buffer) before any
    // data, so that the plot does not move when the run starts
    const noteH = f.small * 1.4;
    const most = limMax > 0 ? limMax * u.scale : top;
    const digits = '0'.repeat(Math.max(4, fmtNumber(most).length));
    const noteW = p.measure(nowNote(digits, hasAvg ? digits : null, u.unit), f.small);
    const end = { x: 0, y: 0 };
    const lh0 = legend(p, items, 8, 4, p.width - 16, f.legend, false, end);
    // the legend's gap between items (legend: 1.1 of its type) before the note
    // right-aligned with the plot (plotRect's right margin)
    const noteRight = p.width - Math.max(f.tick, 12);
    const beside = end.x > 8 && noteRight - (end.x - f.legend * 1.1) >= noteW + f.legend * 1.1;
    const lh = beside ? lh0 : lh0 + noteH;
    // the note's vertical middle: on the legend's last row (1.6 of its type), or on a line under it
    const noteMid = beside ? end.y + (f.legend * 1.6) / 2 : 4 + lh0 + noteH / 2;

    // the event rows are named in the y-axis margin; where their names would leave the plot
    // under about half the card (classroom type on a phone: a quarter, its time ticks run
    // together, "0 100200") each is named by its first word ("overflow"), the margin sized
    // to that name at the size it is drawn
    let r = plotRect(p, lh + 10, f, 'overflow drop ● ', 0);
    const shortRows = r.w < 0.55 * p.width;
    if (shortRows) {
      const mr = Math.max(3, Math.round(f.tick * 1.45) * 0.28);
      const rowsW = Math.max(...Object.values(SHORT_ROW_LABEL).map((l) => p.measure(l, f.small))) + 2 * mr + 4 + f.tick * 0.5;
      const ticksW = p.measure('0000', f.tick) + f.tick * 0.8;
      const left = f.label * 1.6 + Math.max(rowsW, ticksW);
      r = { ...r, x: left, w: r.x + r.w - left };
    }
    ev.update(store, t0, t1, r.w);
    const rows = rowsFor(c, ev.present);
    // a row is 1.45 ticks tall, but the strip takes at most about 30 % of the plot while each
    // row stays as tall as its name (small type and 2 px): in classroom type on a 1280x720
    // projector four rows of 35 px (ECN mark, early, forced, overflow) left the queue itself
    // 72 of 218 px, its axis read "0" and "50" only
    const rowH = Math.min(Math.round(f.tick * 1.45), Math.max(f.small + 2, Math.floor((0.3 * r.h - 6) / Math.max(1, rows.length))));
    const stripH = rows.length * rowH + 6;
    const mainH = Math.max(20, r.h - stripH);
    const y = yScaleFor({ ...r, h: mainH }, 0, top);
    // a margin sized to "0000" (the short rows) cut "1,000" of a bufferbloat buffer
    const fitted = fitYTicks(p, r, y, f);
    if (fitted !== r) {
      r = fitted;
      ev.update(store, t0, t1, r.w);
    }
    const main = { x: r.x, y: r.y, w: r.w, h: mainH };
    const x = xScaleFor(r, t0, t1);
    axes(p, r, x, y, f, 'time (s)', u.label);

    // event strip
    const stripTop = main.y + main.h + 4;
    p.fillRect(r.x, stripTop - 2, r.w, stripH - 2, '#f6f7f9');
    let drawn = 0;
    rows.forEach((e, k) => {
      const cy = stripTop + k * rowH + rowH / 2;
      // row label with the row's marker, right-aligned in the y-axis margin
      const mr = Math.max(3, rowH * 0.28);
      p.marker(e.shape, r.x - f.tick * 0.5 - mr, cy, mr, e.color);
      p.text(shortRows ? (SHORT_ROW_LABEL[e.kind] ?? e.label) : e.label, r.x - f.tick * 0.5 - 2 * mr - 4, cy, { size: f.small, color: SERIES.text, align: 'right', baseline: 'middle' });
      const mr2 = Math.max(3, rowH * 0.32);
      const xs = ev.columns(e.kind, r.x, Math.max(2, mr2 * 0.9), xsScratch);
      p.markerRow(e.shape, xs, xs.length, cy, mr2, e.color);
      drawn += xs.length;
    });

    p.clip(main);
    const tEnd = Math.max(t1, c.now);
    const lim = (v: number | null) => (v === null ? null : v * u.scale);
    drawn += drawSteps(p, main, x, y, limitSteps.map(([t, v]) => [t, lim(v)]), tEnd, { color: SERIES.limit, width: 2, dash: [2, 3] });
    const trTh = u.scale === 1 ? undefined : (v: number) => v * u.scale;
    if (streamed) {
      drawn += drawSeries(p, main, x, y, store, thCol('minTh'), { color: SERIES.minTh, width: 2, dash: thresholdDash('minTh', c.paper) }, c.scratch, 'th.minTh', trTh);
      drawn += drawSeries(p, main, x, y, store, thCol('maxTh'), { color: SERIES.maxTh, width: 2, dash: thresholdDash('maxTh', c.paper) }, c.scratch, 'th.maxTh', trTh);
      drawn += drawSeries(p, main, x, y, store, thCol('gentleMax'), { color: SERIES.gentleTh, width: 2, dash: [3, 4] }, c.scratch, 'th.gentleMax', trTh);
    } else if (hasTh) {
      drawn += drawSteps(p, main, x, y, minSteps.map(([t, v]) => [t, lim(v)]), tEnd, { color: SERIES.minTh, width: 2, dash: thresholdDash('minTh', c.paper) });
      drawn += drawSteps(p, main, x, y, maxSteps.map(([t, v]) => [t, lim(v)]), tEnd, { color: SERIES.maxTh, width: 2, dash: thresholdDash('maxTh', c.paper) });
      // 2 max_th only while gentle is on
      const g2: [number, number | null][] = [];
      const times = [...new Set([...maxSteps.map(([t]) => t), ...gentle.map(([t]) => t)])].sort((a, b) => a - b);
      for (const t of times) {
        const mt = [...maxSteps].reverse().find(([s]) => s <= t)?.[1] ?? null;
        const gt = [...gentle].reverse().find(([s]) => s <= t)?.[1] ?? false;
        g2.push([t, gt && mt !== null ? 2 * mt * u.scale : null]);
      }
      drawn += drawSteps(p, main, x, y, g2, tEnd, { color: SERIES.gentleTh, width: 2, dash: [3, 4] });
    }
    drawn += drawSeries(p, main, x, y, store, bandLow, { color: SERIES.bandLine, width: 2, dash: [4, 3] }, c.scratch, 'th.bandLow', trTh);
    drawn += drawSeries(p, main, x, y, store, bandHigh, { color: SERIES.bandLine, width: 2, dash: [4, 3] }, c.scratch, 'th.bandHigh', trTh);
    drawn += drawSeries(p, main, x, y, store, target, { color: SERIES.avg, width: 2.5, dash: [6, 4] }, c.scratch, 'th.target', trTh);
    const tr = u.scale === 1 ? undefined : (v: number) => v * u.scale;
    drawn += drawSeries(p, main, x, y, store, qcol, { color: SERIES.queue, width: 2 }, c.scratch, 'q', tr);
    if (hasAvg) drawn += drawSeries(p, main, x, y, store, acol, { color: SERIES.avg, width: 3 }, c.scratch, 'avg', tr);
    if (rev) drawn += drawSeries(p, main, x, y, store, rev, { color: SERIES.reverse, width: 2, dash: [6, 3] }, c.scratch, 'qrev');
    p.unclip();
    drawMarkers(p, r, x, c.markers, f, c.view);
    drawCursor(p, r, x, c.cursorT, f);
    if (store.length === 0) emptyNote(p, main, 'Press play to start the run', f);
    else {
      const last = store.last(u.cols[0]) * u.scale;
      const note = nowNote(fmtNumber(last), hasAvg ? fmtNumber(store.last(u.cols[1]) * u.scale) : null, u.unit);
      p.text(note, noteRight, noteMid, { size: f.small, color: SERIES.text, align: 'right', baseline: 'middle' });
    }
    return drawn;
  },
};

const xsScratch: number[] = [];

/** The event rows' names where the margin is short (EVENT_STYLES' kinds: 3 ECN mark, 0 early, 1 forced, 2 overflow drop, 4 link loss). */
const SHORT_ROW_LABEL: Record<number, string> = { 3: 'ECN', 0: 'early', 1: 'forced', 2: 'overflow', 4: 'loss' };

/**
 * The lowest value a threshold takes in [t0, t1]: from its streamed column where the engine
 * sends one and it has samples there, else from the scenario's values (live changes included).
 * Infinity when it has none.
 */
function lowest(store: SeriesStore, col: Float64Array | undefined, steps: readonly [number, number | null][], t0: number, t1: number): number {
  let m = Infinity;
  let seen = false;
  if (col) {
    const t = store.t;
    for (let i = 0; i < store.length; i++) {
      if (t[i] < t0 || t[i] > t1) continue;
      seen = true;
      const v = col[i];
      if (v < m) m = v;
    }
  }
  if (!seen) for (const [, v] of steps) if (v !== null && v < m) m = v;
  return m;
}
