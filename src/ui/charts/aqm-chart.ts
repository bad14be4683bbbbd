/**
 * The AQM's own state over time, for any discipline, from what it declares (its `vars`,
 * src/engine/aqm/queue-disc.ts AqmVar) and streams (`aqm.<name>`, `th.delayTarget`):
 * - probabilities on the left axis: RED's p_b and p_a (from the average; p_a after the
 *   count correction) and every declared probability (ARED's and sc-red's adapted max_p,
 *   PI's, REM's and PIE's p);
 * - one time or ratio variable on a right axis (CoDel's sojourn time and PIE's delay
 *   estimate in ms, with their target as a dark dashed line drawn over it and labelled with
 *   its value; REM's price) or, when there is no
 *   probability to show, on the left axis alone;
 * - 0/1 states (CoDel's dropping state) as shading along the top.
 * No per-AQM code: a new AQM's variables appear here by declaring them.
 */
import { format } from 'd3';
import type { AqmVar } from '../../engine/aqm/queue-disc';
import { aqmByKind } from '../../engine/aqm/registry';
import { PALETTE, SERIES } from '../colors';
import type { SeriesStore } from '../store/series-store';
import type { Painter, Rect } from './painter';
import { axes, cursorText, drawCursor, drawMarkers, drawSeries, emptyNote, fitYTicks, fmtNumber, legend, maxOver, plotRect, xScaleFor, yScaleFor, type LegendItem, type Scale } from './plot';
import { timeDomain, type ChartContext, type ChartDef } from './types';
import { aqmRunText } from './run-text';

function hasValues(store: SeriesStore, col: string): boolean {
  const c = store.column(col);
  if (!c) return false;
  for (let i = 0; i < store.length; i++) if (c[i] === c[i]) return true;
  return false;
}

const PROB_COLORS = [SERIES.maxP, PALETTE.bluishGreen, PALETTE.reddishPurple];
const SECOND_COLOR = PALETTE.vermillion;
const TARGET_STYLE = { color: SERIES.delayTarget, width: 2.5, dash: [8, 4] };
/** The probability axis's tick labels ("0.125"). */
const PROB_FMT = format('.3~f');

/** The last finite value of a column over samples with t <= t1 (NaN: none). */
function lastValue(store: SeriesStore, col: Float64Array, t1: number): number {
  for (let i = store.length - 1; i >= 0; i--) if (store.t[i] <= t1 && col[i] === col[i]) return col[i];
  return NaN;
}

/**
 * The delay target over the delay line it bounds (in the delay's own colour, and a 5 ms target
 * at the foot of an axis the sojourn's spikes stretch to 100 ms, it was lost under it), with its
 * value written at the right end, on a white ground, above the line (below it at the top).
 */
function drawTarget(p: Painter, r: Rect, x: Scale, y: Scale, c: ChartContext, target: Float64Array, scale: number, t1: number): number {
  const drawn = drawSeries(p, r, x, y, c.store, target, TARGET_STYLE, c.scratch, 'th.delayTarget', (v) => v * scale);
  const v = lastValue(c.store, target, t1) * scale;
  if (drawn === 0 || !Number.isFinite(v)) return drawn;
  const size = c.fonts.small;
  const label = `target ${+v.toPrecision(3)} ms`;
  const w = p.measure(label, size);
  const ly = y(v);
  const top = ly - size - 4 >= r.y ? ly - size - 4 : ly + 4;
  p.fillRect(r.x + r.w - w - 8, top - 1, w + 6, size + 2, SERIES.background, 0.85);
  p.text(label, r.x + r.w - 5, top, { size, color: SERIES.delayTarget, align: 'right', baseline: 'top' });
  return drawn;
}

/** From the right axis's line to its labels. */
const RIGHT_GAP = 8;
const rightTicks = (y2: Scale): number[] => y2.ticks(4);

/**
 * The top of the time or ratio axis for a largest value `max` (ms, or the ratio): 10 % above
 * it, a time at least 1 ms. Nothing to show yet (no data, or a REM price still 0): 0 to 1,
 * where a floor of 1e-9 labelled the axis "200p", "400p"...
 */
function secondTop(max: number, isTime: boolean): number {
  if (!(max > 0)) return 1;
  return isTime ? Math.max(max * 1.1, 1) : max * 1.1;
}

interface Layout {
  /** RED family: p_b and p_a from the average (when the AQM declares no probability of its own but max_p). */
  redProbs: boolean;
  probs: AqmVar[];
  second: AqmVar | null;
  states: AqmVar[];
}

function layoutOf(kind: string): Layout {
  const vars = aqmByKind(kind)?.vars ?? [];
  const probs = vars.filter((v) => v.unit === 'probability' && v.chart !== 'state');
  // RED and its variants report p_b / p_a from the average; the controllers (PI, REM, PIE) have their own p
  const redProbs = vars.some((v) => v.unit === 'queue-units');
  const second = vars.find((v) => v.unit === 's' && v.chart !== 'state') ?? vars.find((v) => v.unit === 'ratio' && v.chart !== 'state') ?? null;
  const states = vars.filter((v) => v.chart === 'state');
  return { redProbs, probs, second, states };
}

/** What the chart says for a queue that declares nothing to draw (drop-tail), or null. */
function nothingToDraw(kind: string): string | null {
  const L = layoutOf(kind);
  if (L.redProbs || L.probs.length > 0 || L.second || L.states.length > 0) return null;
  return `${kind === 'droptail' ? 'Drop-tail' : kind} has no drop probability: it drops only when full`;
}

export const aqmChart: ChartDef = {
  id: 'aqm',
  title: 'AQM state',
  // a drop-tail lesson printed an empty box of axes around this line
  nothingToDraw: (view) => nothingToDraw(view.queue.kind),
  describe(c) {
    const L = layoutOf(c.view.queue.kind);
    const parts = [...(L.redProbs ? ['p_b from the average queue', 'p_a after the count correction'] : []), ...L.probs.map((v) => v.label), ...(L.second ? [L.second.label] : []), ...L.states.map((v) => v.label)];
    if (!parts.length) return `The ${c.view.queue.kind} queue has no drop probability: it drops only when full.` + cursorText(c);
    // the same variables, as the chart draws them, with the run's numbers
    const vars: { col: string; label: string; unit: 'probability' | 'ms' | 'ratio' | 'state' }[] = [
      ...(L.redProbs ? [{ col: 'pb', label: 'p_b', unit: 'probability' as const }, { col: 'pa', label: 'p_a', unit: 'probability' as const }] : []),
      ...(L.redProbs && !L.probs.some((v) => v.name === 'maxP') ? [{ col: 'maxP', label: 'max_p', unit: 'probability' as const }] : []),
      ...L.probs.map((v) => ({ col: `aqm.${v.name}`, label: v.label, unit: 'probability' as const })),
      ...(L.second ? [{ col: `aqm.${L.second.name}`, label: L.second.label, unit: L.second.unit === 's' ? ('ms' as const) : ('ratio' as const) }] : []),
      ...(L.second?.unit === 's' ? [{ col: 'th.delayTarget', label: 'target', unit: 'ms' as const }] : []),
      ...L.states.map((v) => ({ col: `aqm.${v.name}`, label: v.label, unit: 'state' as const })),
    ];
    const run = aqmRunText(c, vars);
    return `The ${c.view.queue.kind} queue's own variables over time: ${parts.join(', ')}.${run ? ` ${run}` : ''}` + cursorText(c);
  },
  units: "t in s; pb, pa, maxP: probabilities 0-1; aqm.*: the AQM's own variables (probabilities 0-1, averages in the queue's unit, delays in s); th.delayTarget: s.",
  columns: (s: SeriesStore) => ['pb', 'pa', 'maxP', ...s.names().filter((k) => k.startsWith('aqm.') || k === 'th.delayTarget')].filter((k) => s.has(k)),
  draw(p: Painter, c: ChartContext): number {
    const f = c.fonts;
    const store = c.store;
    const L = layoutOf(c.view.queue.kind);
    const probCols: { col: string; label: string; color: string; width: number; dash?: number[] }[] = [];
    if (L.redProbs) {
      probCols.push({ col: 'pb', label: 'p_b (from avg)', color: SERIES.pb, width: 2.25 }, { col: 'pa', label: 'p_a (applied; spikes clipped)', color: SERIES.pa, width: 1.5 });
      // plain RED streams its constant max_p in the `maxP` column; the adaptive ones declare it
      if (!L.probs.some((v) => v.name === 'maxP')) probCols.push({ col: 'maxP', label: 'max_p', color: SERIES.maxP, width: 2.5, dash: [10, 5] });
    }
    L.probs.forEach((v, k) => probCols.push({ col: `aqm.${v.name}`, label: v.label, color: v.name === 'maxP' ? SERIES.maxP : PROB_COLORS[(k + 1) % PROB_COLORS.length], width: v.name === 'maxP' ? 2.5 : 2, dash: v.name === 'maxP' ? [10, 5] : undefined }));
    const second = L.second;
    const secondCol = second ? `aqm.${second.name}` : null;
    const secondIsTime = second?.unit === 's';
    const secondScale = secondIsTime ? 1e3 : 1;
    const secondUnit = secondIsTime ? `${second!.label} (ms)` : (second?.label ?? '');
    const target = secondIsTime ? store.column('th.delayTarget') : undefined;
    const onlySecond = probCols.length === 0 && second !== null;

    const items: LegendItem[] = probCols.map((pc) => ({ label: pc.label, color: pc.color, width: pc.width, dash: pc.dash }));
    if (second) items.push({ label: secondIsTime ? `${second.label} (ms${onlySecond ? '' : ', right axis'})` : `${second.label}${onlySecond ? '' : ' (right axis)'}`, color: SECOND_COLOR, width: 2 });
    if (target) items.push({ label: 'target', ...TARGET_STYLE });
    for (const s of L.states) items.push({ label: s.label, color: '#f2c4b5', width: 8 });
    const lh = legend(p, items, 8, 4, p.width - 16, f.legend);
    const [t0, t1] = timeDomain(c);
    let r0 = plotRect(p, lh + 10, f, '0.888');
    // the right axis (beside probabilities): its top, and a margin as wide as its widest label
    // (a fixed 48 px cut "800m" at the card's edge in classroom type)
    const sTop = second ? secondTop(maxOver(store, [store.column(secondCol!), target], t0, t1) * secondScale, secondIsTime) : 1;
    if (second && !onlySecond) {
      let widest = 0;
      for (const v of rightTicks(yScaleFor(r0, 0, sTop))) widest = Math.max(widest, p.measure(fmtNumber(v), f.tick));
      const right = Math.max(p.width - r0.x - r0.w, RIGHT_GAP + widest + f.tick * 0.5);
      r0 = { ...r0, w: Math.max(10, p.width - r0.x - right) };
    }
    // the left axis: the second quantity alone (CoDel's sojourn in ms), else the probabilities
    const cols = probCols.map((pc) => store.column(pc.col));
    let y: Scale;
    let yFmt: (v: number) => string;
    if (onlySecond) {
      y = yScaleFor(r0, 0, sTop);
      yFmt = fmtNumber;
    } else {
      // RED's p_a spikes towards 1 as count grows between drops: the axis follows the other
      // lines (max_p, p_b) so they stay readable, and p_a's spikes are clipped at the top
      const scaleCols = cols.filter((_, k) => probCols[k].col !== 'pa');
      const top = maxOver(store, scaleCols.length > 0 ? scaleCols : cols, t0, t1) * (L.redProbs ? 1.6 : 1);
      y = yScaleFor(r0, 0, Number.isFinite(top) && top > 0 ? Math.min(1, top * 1.1) : 0.1);
      yFmt = PROB_FMT;
    }
    // a sojourn of "1,200" ms was cut at the left edge by a margin sized to "0.888"
    const r = fitYTicks(p, r0, y, f, yFmt);
    const x = xScaleFor(r, t0, t1);
    let drawn = 0;

    // 0/1 states as shading along the top of the plot
    p.clip(r);
    for (const s of L.states) {
      const col = store.column(`aqm.${s.name}`);
      if (!col) continue;
      let from = -1;
      for (let i = 0; i <= store.length; i++) {
        const on = i < store.length && col[i] > 0.5;
        if (on && from < 0) from = i;
        if (!on && from >= 0) {
          const xa = x(store.t[from]);
          const xb = x(i < store.length ? store.t[i] : store.t[store.length - 1]);
          p.fillRect(xa, r.y, Math.max(1, xb - xa), Math.max(4, r.h * 0.06), '#f2c4b5');
          drawn++;
          from = -1;
        }
      }
    }
    p.unclip();

    if (onlySecond) {
      const col = store.column(secondCol!);
      axes(p, r, x, y, f, 'time (s)', secondUnit, yFmt);
      p.clip(r);
      const tr = secondScale === 1 ? undefined : (v: number) => v * secondScale;
      drawn += drawSeries(p, r, x, y, store, col, { color: SECOND_COLOR, width: 2 }, c.scratch, 'second', tr);
      if (target) drawn += drawTarget(p, r, x, y, c, target, secondScale, t1);
      p.unclip();
    } else {
      axes(p, r, x, y, f, 'time (s)', 'probability', yFmt);
      let targetOnTop: (() => number) | null = null;
      if (second) {
        const col = store.column(secondCol!);
        const y2 = yScaleFor(r, 0, sTop);
        // right axis: a few ticks, labelled as the left one's ("0.8", "1,500" ms: d3's SI
        // notation wrote "800m" and "1k" on an axis in ms)
        p.line(r.x + r.w, r.y, r.x + r.w, r.y + r.h, { color: SERIES.axis, width: 1 });
        for (const v of rightTicks(y2)) {
          const py = y2(v);
          p.line(r.x + r.w, py, r.x + r.w + 5, py, { color: SERIES.axis, width: 1 });
          p.text(fmtNumber(v), r.x + r.w + RIGHT_GAP, py, { size: f.tick, color: SECOND_COLOR, align: 'left', baseline: 'middle' });
        }
        p.clip(r);
        const tr = secondScale === 1 ? undefined : (v: number) => v * secondScale;
        drawn += drawSeries(p, r, x, y2, store, col, { color: SECOND_COLOR, width: 2 }, c.scratch, 'second', tr);
        p.unclip();
        // over the probability lines too (PIE's p)
        if (target) targetOnTop = () => drawTarget(p, r, x, y2, c, target, secondScale, t1);
      }
      p.clip(r);
      // p_a's thin spikes first, the other lines over them
      const order = probCols.map((_, k) => k).sort((a, b) => Number(probCols[b].col === 'pa') - Number(probCols[a].col === 'pa'));
      for (const k of order) {
        const pc = probCols[k];
        drawn += drawSeries(p, r, x, y, store, cols[k], { color: pc.color, width: pc.width, dash: pc.dash }, c.scratch, pc.col);
      }
      if (targetOnTop) drawn += targetOnTop();
      p.unclip();
    }
    drawMarkers(p, r, x, c.markers, f, c.view);
    drawCursor(p, r, x, c.cursorT, f);
    if (store.length === 0) emptyNote(p, r, 'No data yet', f);
    else if (!probCols.some((pc) => hasValues(store, pc.col)) && !(secondCol && hasValues(store, secondCol))) {
      emptyNote(p, r, nothingToDraw(c.view.queue.kind) ?? `${c.view.queue.kind} has no drop probability: it drops only when full`, f);
    }
    return drawn;
  },
};
