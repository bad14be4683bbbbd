/**
 * What a chart shows of the run, in words: the numbers a sighted student reads off the
 * curves (how high the queue went, each flow's window, how long a flow stalled), appended
 * to the chart's text alternative once the run has stopped (paused or ended). Before, every
 * chart's accessible name was a fixed sentence about its axes ("Queue length at the
 * bottleneck over time..."), the same before and after the run: a screen-reader user
 * learnt nothing from the charts the lesson tells everyone to watch.
 *
 * While a run plays nothing is added: the name would change every frame (a re-render per
 * frame for nothing anyone can hear; it is not a live region). The numbers cover what the
 * chart draws, the whole run from 0 s, not the summary's span after the warm-up, except
 * where a sentence says "after the warm-up".
 */
import type { SeriesStore } from '../store/series-store';
import { flowLabel } from '../flow-tags';
import { MAX_LINES, type ChartContext } from './types';

/** A number as a reader hears it: 3 significant digits, thousands grouped, no "1e-5". */
export function spoken(v: number): string {
  if (!Number.isFinite(v)) return '—';
  const a = Math.abs(v);
  if (a === 0) return '0';
  if (a >= 1000) return Math.round(v).toLocaleString('en-US');
  if (a < 1e-4) return v.toExponential(1).replace('e', ' × 10^');
  return String(+v.toPrecision(3));
}

/** Seconds as "12.3 s" (whole seconds and tenths for a run's times). */
const secs = (t: number) => `${spoken(t)} s`;

export interface ColStats {
  min: number;
  max: number;
  mean: number;
  /** Time of the first sample at the maximum. */
  tMax: number;
  /** Finite samples counted. */
  n: number;
}

/** Minimum, maximum and sample mean of a column's finite values (stored samples are evenly spaced in time). */
export function colStats(store: SeriesStore, col: Float64Array | undefined, scale = 1): ColStats | null {
  if (!col) return null;
  let n = 0;
  let sum = 0;
  let min = Infinity;
  let max = -Infinity;
  let tMax = NaN;
  for (let i = 0; i < store.length; i++) {
    const v = col[i];
    if (v !== v) continue;
    n++;
    sum += v;
    if (v < min) min = v;
    if (v > max) {
      max = v;
      tMax = store.t[i];
    }
  }
  return n === 0 ? null : { min: min * scale, max: max * scale, mean: (sum / n) * scale, tMax, n };
}

/**
 * "From 0 to 10 s" (ended) or "So far, 0 to 4.2 s" (paused): the span the numbers cover, or
 * null when there is nothing to say (no sample yet, or the run is playing).
 */
export function runSpan(c: ChartContext): string | null {
  if (c.running || c.store.length < 2) return null;
  const last = c.store.lastTime;
  const ended = Number.isFinite(c.end) ? last >= c.end - 1e-9 || c.now >= c.end - 1e-9 : false;
  return ended || !Number.isFinite(c.end) ? `From 0 to ${secs(last)}` : `So far, from 0 to ${secs(last)}`;
}

interface Memo {
  version: number;
  epoch: number;
  summary: unknown;
  span: string;
  value: string;
}
const memos = new WeakMap<SeriesStore, Map<string, Memo>>();

/**
 * A chart's run text computed once per state of the run: a paused run is described again at
 * every state change (a step back through the decisions), and a 100-flow run's per-flow
 * numbers go over 100 columns of up to 131,072 samples.
 */
function memo(c: ChartContext, key: string, make: (span: string) => string): string {
  const span = runSpan(c);
  if (!span) return '';
  let m = memos.get(c.store);
  if (!m) memos.set(c.store, (m = new Map()));
  const hit = m.get(key);
  if (hit && hit.version === c.store.version && hit.epoch === c.store.epoch && hit.summary === c.summary && hit.span === span) return hit.value;
  const value = make(span);
  m.set(key, { version: c.store.version, epoch: c.store.epoch, summary: c.summary, span, value });
  return value;
}

/** Event kinds (QEV_* of the engine's metrics) as the queue chart's tick rows name them. */
const EVENT_WORDS: Record<number, [string, string]> = {
  3: ['ECN mark', 'ECN marks'],
  0: ['early drop', 'early drops'],
  1: ['forced drop', 'forced drops'],
  2: ['overflow drop', 'overflow drops'],
  4: ['link loss', 'link losses'],
};

/** How many events of each kind the chart's tick strip holds. */
export function eventCounts(store: SeriesStore): Map<number, number> {
  const out = new Map<number, number>();
  for (let i = 0; i < store.evLength; i++) out.set(store.evKind[i], (out.get(store.evKind[i]) ?? 0) + 1);
  return out;
}

/** "27 early drops, 0 forced drops": each kind in `kinds` and any other the run had, in the strip's order. */
export function eventsText(store: SeriesStore, kinds: readonly number[]): string {
  const counts = eventCounts(store);
  const all = [3, 0, 1, 2, 4].filter((k) => kinds.includes(k) || (counts.get(k) ?? 0) > 0);
  const words = all.map((k) => {
    const n = counts.get(k) ?? 0;
    return `${n.toLocaleString('en-US')} ${EVENT_WORDS[k][n === 1 ? 0 : 1]}`;
  });
  return `${words.join(', ')}${store.eventsThinned ? ' (at least: the strip keeps fewer ticks on a run this long)' : ''}`;
}

/** The queue chart's numbers: peak and mean of the queue and of its average, time above min_th, the ticks. */
function queueRunTextNow(c: ChartContext, opts: { kinds: readonly number[]; hasAvg: boolean }): string {
  const span = runSpan(c);
  if (!span) return '';
  const bytes = c.view.queue.unit === 'bytes';
  const u = bytes ? 'KB' : 'packets';
  const q = colStats(c.store, c.store.column(bytes ? 'queueBytes' : 'queue'), bytes ? 1e-3 : 1);
  const parts: string[] = [];
  if (q) parts.push(`the queue was ${spoken(q.mean)} ${u} on average and at most ${spoken(q.max)} ${u} (at ${secs(q.tMax)})`);
  const avgCol = opts.hasAvg ? c.store.column('avg') : undefined;
  const avg = colStats(c.store, avgCol, bytes ? 1e-3 : 1);
  if (avg && avgCol) {
    let above = '';
    const mn = c.store.column('th.minTh');
    const fixedMin = c.view.queue.minTh;
    if (mn || fixedMin !== null) {
      let n = 0;
      let k = 0;
      for (let i = 0; i < c.store.length; i++) {
        const v = avgCol[i];
        const th = mn ? mn[i] : fixedMin!;
        if (v !== v || th !== th) continue;
        n++;
        if (v > th) k++;
      }
      if (n > 0) above = `, above min_th ${spoken((100 * k) / n)} % of the time`;
    }
    parts.push(`the average queue (avg) at most ${spoken(avg.max)} ${u}${above}`);
  }
  const rev = c.view.twoWay ? colStats(c.store, c.store.column('queueRev')) : null;
  if (rev) parts.push(`the reverse queue at most ${spoken(rev.max)} packets`);
  return `${span}: ${parts.join('; ')}. Ticks: ${eventsText(c.store, opts.kinds)}.`;
}

export function queueRunText(c: ChartContext, opts: { kinds: readonly number[]; hasAvg: boolean }): string {
  return memo(c, `queue ${opts.kinds.join()} ${opts.hasAvg}`, () => queueRunTextNow(c, opts));
}

/** Per-flow peaks and means of a per-flow column (cwnd), each flow named, or across flows beyond MAX_LINES. */
function perFlowTextNow(c: ChartContext, prefix: string, unit: string): string {
  const span = runSpan(c);
  if (!span) return '';
  const ids = c.store.flowIds(prefix);
  const stats = ids.map((id) => ({ id, s: colStats(c.store, c.store.column(`${prefix}.${id}`)) })).filter((x): x is { id: number; s: ColStats } => x.s !== null);
  if (stats.length === 0) return '';
  if (stats.length <= MAX_LINES) {
    return `${span}: ${stats.map(({ id, s }) => `${flowLabel(id, c.view.flowTags)} at most ${spoken(s.max)}, ${spoken(s.mean)} on average`).join('; ')} (${unit}).`;
  }
  const means = stats.map((x) => x.s.mean).sort((a, b) => a - b);
  const median = means[Math.floor(means.length / 2)];
  const top = stats.reduce((a, b) => (b.s.max > a.s.max ? b : a));
  return `${span}: the ${stats.length} flows' mean windows range from ${spoken(means[0])} to ${spoken(means[means.length - 1])} ${unit} (median ${spoken(median)}); the largest window, ${spoken(top.s.max)}, was ${flowLabel(top.id, c.view.flowTags)}'s.`;
}

export function perFlowText(c: ChartContext, prefix: string, unit: string): string {
  return memo(c, `flows ${prefix} ${unit}`, () => perFlowTextNow(c, prefix, unit));
}

/** The AQM state's numbers: each variable's peak and mean, a 0/1 state's share of the time. */
function aqmRunTextNow(c: ChartContext, vars: readonly { col: string; label: string; unit: 'probability' | 'ms' | 'ratio' | 'state' }[]): string {
  const span = runSpan(c);
  if (!span) return '';
  const parts: string[] = [];
  for (const v of vars) {
    const s = colStats(c.store, c.store.column(v.col), v.unit === 'ms' ? 1000 : 1);
    if (!s) continue;
    const u = v.unit === 'ms' ? ' ms' : '';
    if (v.unit === 'state') parts.push(`${v.label} on ${spoken(100 * s.mean)} % of the time`);
    else if (s.max - s.min <= 1e-12 * Math.max(1, Math.abs(s.max))) parts.push(`${v.label} ${spoken(s.max)}${u} throughout`);
    else parts.push(`${v.label} at most ${spoken(s.max)}${u} (at ${secs(s.tMax)}), ${spoken(s.mean)}${u} on average`);
  }
  return parts.length ? `${span}: ${parts.join('; ')}.` : '';
}

export function aqmRunText(c: ChartContext, vars: readonly { col: string; label: string; unit: 'probability' | 'ms' | 'ratio' | 'state' }[]): string {
  return memo(c, `aqm ${vars.map((v) => v.col).join()}`, () => aqmRunTextNow(c, vars));
}

/** The throughput chart's numbers: how busy the link was, each flow's goodput after the warm-up (the summary's). */
function throughputRunTextNow(c: ChartContext): string {
  const span = runSpan(c);
  if (!span) return '';
  const parts: string[] = [];
  const util = colStats(c.store, c.store.column('util'), 100);
  if (util) parts.push(`the link was busy ${spoken(util.mean)} % of the time`);
  const sum = c.summary;
  if (sum) {
    const w = sum.warmup > 0 ? `after the ${spoken(sum.warmup)} s warm-up` : 'over the run';
    const flows = sum.flows.filter((f) => Number.isFinite(f.goodputBps));
    const mb = (bps: number) => `${spoken(bps / 1e6)} Mb/s`;
    let fl = '';
    if (flows.length > 0 && flows.length <= MAX_LINES) fl = `; goodput ${flows.map((f) => `${flowLabel(f.flow, c.view.flowTags)} ${mb(f.goodputBps)}`).join(', ')}`;
    else if (flows.length > MAX_LINES) {
      const g = flows.map((f) => f.goodputBps).sort((a, b) => a - b);
      fl = `; the ${flows.length} flows' goodput from ${mb(g[0])} to ${mb(g[g.length - 1])}, median ${mb(g[Math.floor(g.length / 2)])}`;
    }
    parts.push(`${w}, ${spoken(100 * sum.bottleneck.utilization)} % busy${fl}`);
  }
  return parts.length ? `${span}: ${parts.join('; ')}.` : '';
}

export function throughputRunText(c: ChartContext): string {
  return memo(c, 'throughput', () => throughputRunTextNow(c));
}

/**
 * The longest stretch over which a non-decreasing column stays flat, from `since` (the flow's
 * start: before it the column holds 0, not a stall) to `until` (its completion): from the first sample at a value to the last sample
 * still at it (the stretch the samples show; a flow that moves at every sample has none).
 */
export function longestFlat(store: SeriesStore, col: Float64Array, until = Infinity, since = -Infinity): { len: number; from: number } {
  let best = { len: 0, from: NaN };
  let start = NaN;
  let startV = NaN;
  for (let i = 0; i < store.length; i++) {
    const t = store.t[i];
    if (t > until) break;
    if (t < since) continue;
    const v = col[i];
    if (v !== v) continue;
    if (start !== start || v !== startV) {
      start = t;
      startV = v;
    } else if (t - start > best.len) best = { len: t - start, from: start };
  }
  return best;
}

/** The shortest flat stretch of a flow's bytes worth saying (s): TCP's least retransmission timeout is 0.2 s. */
export const MIN_STALL = 0.1;

/** The progress chart's numbers: what each flow got acknowledged and its longest flat stretch (a lockout or a timeout). */
function progressRunTextNow(c: ChartContext, udp: boolean): string {
  const span = runSpan(c);
  if (!span) return '';
  const ids = c.store.flowIds('acked');
  const flows = new Map((c.summary?.flows ?? []).map((f) => [f.flow, f]));
  const per = ids.flatMap((id) => {
    const col = c.store.column(`acked.${id}`)!;
    const s = colStats(c.store, col);
    if (!s) return [];
    const f = flows.get(id);
    const flat = longestFlat(c.store, col, f?.completionTime ?? Infinity, f?.startTime ?? -Infinity);
    return [{ id, bytes: s.max, flat }];
  });
  if (per.length === 0) return '';
  const mb = (b: number) => (b >= 1e6 ? `${spoken(b / 1e6)} MB` : `${spoken(b / 1e3)} KB`);
  const verb = udp ? 'delivered' : 'acknowledged';
  // a flat stretch shorter than MIN_STALL is the sampling or a round trip, not a stall
  const stall = (f: { len: number; from: number }) => (f.len >= MIN_STALL ? `, flat for at most ${secs(f.len)} (from ${secs(f.from)})` : '');
  if (per.length <= MAX_LINES) return `${span}: ${per.map((p) => `${flowLabel(p.id, c.view.flowTags)} ${mb(p.bytes)} ${verb}${stall(p.flat)}`).join('; ')}.`;
  const b = per.map((p) => p.bytes).sort((x, y) => x - y);
  const worst = per.reduce((x, y) => (y.flat.len > x.flat.len ? y : x));
  return `${span}: the ${per.length} flows got from ${mb(b[0])} to ${mb(b[b.length - 1])} ${verb} (median ${mb(b[Math.floor(b.length / 2)])}); the longest flat stretch, ${secs(worst.flat.len)} from ${secs(worst.flat.from)}, was ${flowLabel(worst.id, c.view.flowTags)}'s.`;
}

export function progressRunText(c: ChartContext, udp: boolean): string {
  return memo(c, `progress ${udp}`, () => progressRunTextNow(c, udp));
}

/** The network view's counters (the summary's, after the warm-up) and the queue it shows at the end, in words. */
function topologyRunTextNow(c: ChartContext, opts: { hasAvg: boolean }): string {
  const span = runSpan(c);
  const b = c.summary?.bottleneck;
  if (!span || !b) return '';
  const bytes = c.view.queue.unit === 'bytes';
  const q = c.store.last(bytes ? 'queueBytes' : 'queue');
  // drop-tail streams an "average" equal to the queue; the view shows none
  const avg = opts.hasAvg ? c.store.last('avg') : NaN;
  const u = bytes ? 'KB' : 'packets';
  const s = bytes ? 1e-3 : 1;
  const now = Number.isFinite(q) ? `At ${secs(c.store.lastTime)} the queue holds ${spoken(q * s)} ${u}${Number.isFinite(avg) ? `, average ${spoken(avg * s)}` : ''}. ` : '';
  const w = c.summary!.warmup > 0 ? `After the ${spoken(c.summary!.warmup)} s warm-up` : 'Over the run';
  const n = (v: number, one: string, many: string) => `${v.toLocaleString('en-US')} ${v === 1 ? one : many}`;
  const counts = [n(b.marks, 'ECN mark', 'ECN marks'), n(b.dropsEarly, 'early drop', 'early drops'), n(b.dropsForced, 'forced drop', 'forced drops'), n(b.dropsOverflow, 'overflow drop', 'overflow drops'), ...(b.linkLosses ? [n(b.linkLosses, 'link loss', 'link losses')] : [])];
  return `${now}${w}: ${counts.join(', ')}.`;
}

export function topologyRunText(c: ChartContext, opts: { hasAvg: boolean }): string {
  return memo(c, `topology ${opts.hasAvg}`, () => topologyRunTextNow(c, opts));
}
