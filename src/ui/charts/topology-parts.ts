/**
 * The pieces the network view draws the same way for a dumbbell and for a general
 * topology: the bottleneck queue's bar (filled from its head with the live backlog, RED's
 * thresholds and average on it, recent drops and marks flashed above it) and the drop and
 * mark counters under the picture.
 */
import { eventStyle, EVENT_STYLES, SERIES } from '../colors';
import { lowerBound } from './downsample';
import type { Painter } from './painter';
import { fmtCount, fmtNumber } from './plot';
import { keepsAverage } from './queue-chart';
import type { QueueView } from '../scenario-view';
import type { ChartContext } from './types';

export function rateText(bps: number): string {
  if (bps >= 1e9) return `${fmtNumber(bps / 1e9)} Gb/s`;
  if (bps >= 1e6) return `${fmtNumber(bps / 1e6)} Mb/s`;
  if (bps >= 1e3) return `${fmtNumber(bps / 1e3)} kb/s`;
  return `${fmtNumber(bps)} b/s`;
}

/** A queue's discipline as the picture names it: "RED + ECN". */
export function queueName(q: QueueView): string {
  return q.kind.toUpperCase() + (q.ecn ? ' + ECN' : '');
}

/** `k` and the noun, singular for one: "1 sender", "4 senders". */
export function count(k: number, one: string, many: string): string {
  return `${k} ${k === 1 ? one : many}`;
}

/** The radius of the flashed drop and mark shapes. */
export const flashRadius = (c: ChartContext): number => Math.max(5, c.fonts.tick * 0.45);

/**
 * The counters under the picture (the summary's bottleneck drops and marks, with the shapes
 * used everywhere for them), laid out in rows that fit the width: their height, and a
 * function that draws them at the picture's foot.
 */
export function counterLegend(p: Painter, c: ChartContext): { height: number; draw: () => void } {
  const f = c.fonts;
  const W = p.width;
  const H = p.height;
  const b = c.summary?.bottleneck;
  const counts: Record<number, number> = b ? { 3: b.marks, 0: b.dropsEarly, 1: b.dropsForced, 2: b.dropsOverflow, 4: b.linkLosses } : {};
  const fr = flashRadius(c);
  const legendItems: { st: (typeof EVENT_STYLES)[number] | null; label: string; w: number }[] = EVENT_STYLES.filter((st) => !(st.kind === 4 && !counts[4])).map((st) => {
    const label = `${st.label}${b ? ` ${fmtCount(counts[st.kind] ?? 0)}` : ''}`;
    return { st, label, w: fr * 2 + 5 + p.measure(label, f.small) + f.small * 1.4 };
  });
  // the counters are the summary's, which starts after the warm-up: say so, or the slow-start
  // overflow drops the queue chart shows at t < warm-up look missing from "overflow drop 0"
  const warmup = c.summary?.warmup ?? 0;
  if (b && warmup > 0) {
    const label = `(counted after the ${fmtNumber(warmup)} s warm-up)`;
    legendItems.push({ st: null, label, w: p.measure(label, f.small) + f.small * 1.4 });
  }
  const legendRows: (typeof legendItems)[] = [[]];
  let rowW = 8;
  for (const it of legendItems) {
    if (rowW + it.w > W - 4 && legendRows[legendRows.length - 1].length > 0) {
      legendRows.push([]);
      rowW = 8;
    }
    legendRows[legendRows.length - 1].push(it);
    rowW += it.w;
  }
  const legendRowH = f.small * 1.7;
  const legendH = Math.max(f.legend * 1.9, legendRows.length * legendRowH + f.small * 0.6);
  const draw = () =>
    legendRows.forEach((row, k) => {
      let lx = 8;
      const ly = H - legendH + f.small * 0.3 + (k + 0.5) * legendRowH;
      for (const { st, label, w } of row) {
        if (st) {
          p.marker(st.shape, lx + fr, ly, fr, st.color);
          p.text(label, lx + fr * 2 + 5, ly, { size: f.small, color: SERIES.text, baseline: 'middle' });
        } else p.text(label, lx, ly, { size: f.small, color: SERIES.muted, baseline: 'middle' });
        lx += w;
      }
    });
  return { height: legendH, draw };
}

/** The drops and marks of the last moments (the flash window, in simulated seconds), oldest first; and per flow the kind of its latest. */
export function recentEvents(c: ChartContext): { recent: { age: number; kind: number; flow: number }[]; hitFlows: Map<number, number> } {
  const store = c.store;
  const span = Number.isFinite(c.end) && c.end > 0 ? c.end : Math.max(1, c.now);
  const win = Number.isFinite(c.speed) ? Math.min(span / 20, Math.max(0.4 * c.speed, span / 400)) : span / 60;
  const now = Math.max(c.now, store.lastTime);
  const from = lowerBound(store.evT, store.evLength, now - win);
  const recent: { age: number; kind: number; flow: number }[] = [];
  for (let i = Math.max(from, store.evLength - 24); i < store.evLength; i++) recent.push({ age: (now - store.evT[i]) / win, kind: store.evKind[i], flow: store.evFlow[i] });
  const hitFlows = new Map<number, number>();
  for (const e of recent) hitFlows.set(e.flow, e.kind);
  return { recent, hitFlows };
}

/**
 * The backlog a full bar stands for: the buffer, or (`capped`) a little above the largest
 * recent backlog and RED's thresholds when the buffer is far larger than anything seen.
 */
export function queueScale(c: ChartContext, q: QueueView): { full: number; capped: boolean } {
  const store = c.store;
  let maxSeen = 0;
  const qc = store.column(q.unit === 'bytes' ? 'queueBytes' : 'queue');
  if (qc) for (let i = Math.max(0, store.length - 4000); i < store.length; i++) if (qc[i] > maxSeen) maxSeen = qc[i];
  const ref = Math.max((q.maxTh ?? 0) * (q.gentle ? 2.1 : 1.3), maxSeen * 1.2, 1);
  const capped = q.limit > 4 * ref;
  return { full: capped ? ref : q.limit, capped };
}

export interface QueueBarPlace {
  /** The bar's ends; the head (where packets leave for the link) is at qx1, or at qx0 with headLeft. */
  qx0: number;
  qx1: number;
  /** The bar's vertical centre and height. */
  cy: number;
  qh: number;
  headLeft?: boolean;
  /** The room for the label under the bar: it starts no further left than labelMin and gets the short form when wider than labelMax - labelMin. */
  labelMin: number;
  labelMax: number;
  /** Keep the label's right end at labelMax too, shorten it further (no average) if it does not fit, and keep the discipline's name in the same room. */
  clampRight?: boolean;
}

/**
 * The bottleneck queue as a bar at `g` with its live backlog, thresholds, average, label
 * ("queue 12 · avg 9.5 (buffer 100 pkts)"), discipline above it and the recent drops and
 * marks flashed above that. Returns the number of items drawn.
 */
export function drawQueueBar(p: Painter, c: ChartContext, q: QueueView, g: QueueBarPlace, recent: { age: number; kind: number; flow: number }[]): number {
  const f = c.fonts;
  const store = c.store;
  const { qx0, qx1, cy, qh } = g;
  const fr = flashRadius(c);
  let drawn = 0;
  const unit = q.unit === 'bytes' ? 1e-3 : 1;
  const unitName = q.unit === 'bytes' ? 'KB' : 'pkts';
  const qy = cy - qh / 2;
  const qNow = store.length > 0 ? store.last(q.unit === 'bytes' ? 'queueBytes' : 'queue') : 0;
  const avg = store.length > 0 ? store.last('avg') : NaN;
  const limit = q.limit;
  const { full, capped } = queueScale(c, q);
  const frac = (x: number) => Math.max(0, Math.min(1, x / full));
  // the x of a backlog `x`, measured from the head
  const at = (x: number) => (g.headLeft ? qx0 + (qx1 - qx0) * frac(x) : qx1 - (qx1 - qx0) * frac(x));
  p.fillRect(qx0, qy, qx1 - qx0, qh, '#eef1f4');
  const fillW = (qx1 - qx0) * frac(qNow);
  p.fillRect(g.headLeft ? qx0 : qx1 - fillW, qy, fillW, qh, SERIES.queue);
  drawn++;
  p.strokeRect(qx0, qy, qx1 - qx0, qh, { color: SERIES.axis, width: 1.5, dash: capped ? [4, 3] : undefined });
  const tick = (val: number | null, color: string, dash?: number[]) => {
    if (val === null || val > full) return;
    const px = at(val);
    p.line(px, qy - 5, px, qy + qh + 5, { color, width: 3, dash });
  };
  tick(q.minTh, SERIES.minTh);
  tick(q.maxTh, SERIES.maxTh);
  if (q.gentle && q.maxTh !== null) tick(2 * q.maxTh, SERIES.gentleTh, [3, 3]);
  const hasAvg = keepsAverage(q.kind);
  if (avg === avg && hasAvg) {
    const px = at(avg);
    p.line(px, qy + 2, px, qy + qh - 2, { color: SERIES.avg, width: 5 });
  }
  const avgText = hasAvg && avg === avg ? ` · avg ${fmtNumber(avg * unit)}` : '';
  let qLabel = `queue ${fmtNumber(qNow * unit)}${avgText} (${capped ? `bar 0–${fmtNumber(full * unit)}, ` : ''}buffer ${fmtNumber(limit * unit)} ${unitName})`;
  // a narrow picture gets the short form, kept clear of the hosts' labels
  const qRoom = g.labelMax - g.labelMin;
  if (p.measure(qLabel, f.small) > qRoom) qLabel = `q ${fmtNumber(qNow * unit)}${avgText} / ${fmtNumber(limit * unit)} ${unitName}`;
  // (kept to its room: the shortest form, without the average)
  if (g.clampRight && p.measure(qLabel, f.small) > qRoom) qLabel = `q ${fmtNumber(qNow * unit)} / ${fmtNumber(limit * unit)} ${unitName}`;
  const qw = p.measure(qLabel, f.small);
  let qcx = Math.max((qx0 + qx1) / 2, g.labelMin + qw / 2);
  if (g.clampRight) qcx = Math.max(g.labelMin + qw / 2, Math.min(qcx, g.labelMax - qw / 2));
  p.text(qLabel, qcx, qy + qh + 8, { size: f.small, color: SERIES.text, align: 'center', baseline: 'top' });
  const name = queueName(q);
  let nx = (qx0 + qx1) / 2;
  if (g.clampRight) {
    const nw = p.measure(name, f.small, 'bold');
    nx = Math.max(g.labelMin + nw / 2, Math.min(nx, g.labelMax - nw / 2));
  }
  p.text(name, nx, qy - 8, { size: f.small, color: SERIES.text, align: 'center', baseline: 'bottom', weight: 'bold' });

  // flashes of recent drops and marks, newest nearest the queue's head
  recent.slice(-10).reverse().forEach((e, k) => {
    if (e.age > 1) return;
    const st = eventStyle(e.kind);
    const ex = g.headLeft ? qx0 + fr + k * fr * 2.6 : qx1 - fr - k * fr * 2.6;
    if (g.headLeft ? ex > qx1 : ex < qx0) return;
    // above the queue's name (its baseline 8 px over the bar), clear of it at the largest size
    p.marker(st.shape, ex, qy - 8 - f.small * 1.15 - 3 - fr * 1.25, fr * (1.25 - 0.5 * e.age), st.color);
    drawn++;
  });
  return drawn;
}

export interface ReverseBarPlace {
  /** The bar's ends, vertical top and height; the head (where packets leave for the link) is at rx0, or at rx1 with headRight. */
  rx0: number;
  rx1: number;
  ry: number;
  rh: number;
  headRight?: boolean;
  /** The room for the label under the bar (each line is kept inside it). */
  labelMin: number;
  labelMax: number;
}

/**
 * Two-way traffic: the bottleneck's reverse (to-from) queue as a smaller bar filled from its
 * head with the live backlog, its discipline beside its head and a label under it with the
 * backlog and the reverse queue's own drops and marks ("← reverse queue 3 pkts · 12 drops").
 * Returns the boxes of what it drew: the bar with its discipline, and each line of the label.
 */
export function drawReverseQueueBar(p: Painter, c: ChartContext, v: { queue: QueueView; reverseQueue: QueueView }, g: ReverseBarPlace): { x0: number; x1: number; y0: number; y1: number }[] {
  const f = c.fonts;
  const store = c.store;
  const { rx0, rx1, ry, rh } = g;
  const rq = store.length > 0 ? store.last('queueRev') : 0;
  const rfull = v.queue.unit === 'bytes' ? Math.max(v.queue.limit / 1500, rq * 1.2, 1) : queueScale(c, v.queue).full;
  p.fillRect(rx0, ry, rx1 - rx0, rh, '#eef1f4');
  const rw = (rx1 - rx0) * Math.max(0, Math.min(1, rq / rfull));
  p.fillRect(g.headRight ? rx1 - rw : rx0, ry, rw, rh, SERIES.reverse);
  p.strokeRect(rx0, ry, rx1 - rx0, rh, { color: SERIES.axis, width: 1 });
  // its discipline, beside its head as the forward queue's is above it (the same as the forward
  // one unless the scenario gives the bottleneck a reverseQueue)
  const name = queueName(v.reverseQueue);
  const nameW = p.measure(name, f.small, 'bold') + 8;
  const drawn = [{ x0: g.headRight ? rx0 : rx0 - nameW, x1: g.headRight ? rx1 + nameW : rx1, y0: Math.min(ry, ry + rh / 2 - f.small / 2), y1: Math.max(ry + rh, ry + rh / 2 + f.small / 2) }];
  if (g.headRight) p.text(name, rx1 + 8, ry + rh / 2, { size: f.small, color: SERIES.text, align: 'left', baseline: 'middle', weight: 'bold' });
  else p.text(name, rx0 - 8, ry + rh / 2, { size: f.small, color: SERIES.text, align: 'right', baseline: 'middle', weight: 'bold' });
  // its own drops and marks: the counters under the picture are the forward queue's,
  // and with web traffic both ways the reverse queue drops as much again
  const r = c.summary?.bottleneckReverse;
  const rHead = `${g.headRight ? '→' : '←'} reverse queue ${fmtNumber(rq)} pkts`;
  const rCounts = r ? `${fmtNumber(r.drops)} drops${r.marks > 0 ? `, ${fmtNumber(r.marks)} marks` : ''}` : '';
  // one line under the bar if it fits in its room, else the counts on a second line;
  // each line is kept inside the room (on a phone its centre would put it past the edge)
  const one = rCounts ? `${rHead} · ${rCounts}` : rHead;
  const lines = p.measure(one, f.small) <= g.labelMax - g.labelMin ? [one] : [rHead, rCounts];
  lines.forEach((l, k) => {
    const half = p.measure(l, f.small) / 2;
    const x = Math.max(g.labelMin + half, Math.min(g.labelMax - half, (rx0 + rx1) / 2));
    const y = ry + rh + 4 + k * f.small * 1.2;
    p.text(l, x, y, { size: f.small, color: SERIES.text, align: 'center', baseline: 'top' });
    drawn.push({ x0: x - half, x1: x + half, y0: y, y1: y + f.small });
  });
  return drawn;
}
