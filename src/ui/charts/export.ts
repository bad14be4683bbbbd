/**
 * Exports: each chart as PNG (canvas at 2x) or SVG (the same drawing code through
 * SvgPainter), and its data as CSV or JSON (full-resolution series from the store, plus
 * the run summary).
 */
import type { Summary } from '../../engine/metrics/types';
import { SERIES } from '../colors';
import type { SeriesStore } from '../store/series-store';
import { CanvasPainter, FONT_FAMILY, SvgPainter } from './painter';
import type { ChartContext, ChartDef } from './types';

export function download(filename: string, data: Blob): void {
  const url = URL.createObjectURL(data);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Number text for CSV/JSON: shortest exact form; NaN and infinities as empty cells. */
function cell(v: number): string {
  return Number.isFinite(v) ? String(v) : '';
}

/** CSV with a `t` column and the given store columns, one row per stored sample. */
export function seriesCsv(store: SeriesStore, columns: readonly string[]): string {
  const cols = columns.filter((c) => store.has(c));
  const data = cols.map((c) => store.column(c) as Float64Array);
  const lines = [['t', ...cols].join(',')];
  for (let i = 0; i < store.length; i++) {
    let row = cell(store.t[i]);
    for (const d of data) row += ',' + cell(d[i]);
    lines.push(row);
  }
  return lines.join('\n') + '\n';
}

/** Drop/mark events as CSV (t, kind, flow) with the kind spelled out. */
export function eventsCsv(store: SeriesStore): string {
  const names: Record<number, string> = { 0: 'early-drop', 1: 'forced-drop', 2: 'overflow-drop', 3: 'ecn-mark', 4: 'link-loss' };
  const lines = ['t,kind,flow'];
  for (let i = 0; i < store.evLength; i++) lines.push(`${cell(store.evT[i])},${names[store.evKind[i]] ?? store.evKind[i]},${store.evFlow[i]}`);
  return lines.join('\n') + '\n';
}

/** Series columns as a JSON document, with the summary. NaN becomes null. */
export function seriesJson(store: SeriesStore, columns: readonly string[], summary: Summary | null, extra: Record<string, unknown> = {}): string {
  const series: Record<string, (number | null)[]> = { t: Array.from(store.t.subarray(0, store.length)) };
  for (const c of columns) {
    const col = store.column(c);
    if (col) series[c] = Array.from(col.subarray(0, store.length), (v) => (Number.isFinite(v) ? v : null));
  }
  return JSON.stringify({ ...extra, series, summary }, null, 1);
}

/** Rows of the summary table, flattened to CSV. */
export function summaryCsv(summary: Summary): string {
  const b = summary.bottleneck;
  const lines = ['metric,value'];
  const add = (k: string, v: unknown) => lines.push(`${k},${v === null || v === undefined ? '' : String(v)}`);
  add('simulatedSeconds', summary.simulatedSeconds);
  add('utilization', b.utilization);
  add('lossRate', b.lossRate);
  add('markRate', b.markRate);
  add('drops', b.drops);
  add('dropsEarly', b.dropsEarly);
  add('dropsForced', b.dropsForced);
  add('dropsOverflow', b.dropsOverflow);
  add('marks', b.marks);
  add('linkLosses', b.linkLosses);
  add('meanQueuePackets', b.meanQueuePackets);
  add('meanQueueDelay', b.meanQueueDelay);
  add('goodputEfficiency', summary.goodputEfficiency);
  add('jain', summary.fairness.jain);
  lines.push('');
  lines.push('flow,kind,startTime,completionTime,goodputBps,bytesDelivered,packetsSent,retransmissions,timeouts,fastRetransmits,ecnReductions,drops,marks');
  for (const f of summary.flows) {
    lines.push([f.flow, f.kind, f.startTime, f.completionTime ?? '', f.goodputBps, f.bytesDelivered, f.packetsSent, f.retransmissions, f.timeouts, f.fastRetransmits, f.ecnReductions, f.drops, f.marks].join(','));
  }
  return lines.join('\n') + '\n';
}

const TITLE_H = 34;

/** The chart as an SVG document of the given size, with its title on top. */
export function chartSvg(def: ChartDef, c: ChartContext, width: number, height: number, title: string): string {
  const p = new SvgPainter(width, height - TITLE_H, c.fonts.line);
  p.fillRect(0, 0, width, height - TITLE_H, SERIES.background);
  def.draw(p, c);
  const inner = p.toString().replace(/^<svg[^>]*>/, '').replace(/<\/svg>$/, '');
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `<rect width="${width}" height="${height}" fill="${SERIES.background}"/>` +
    `<text x="8" y="24" font-size="18" font-weight="600" font-family="${FONT_FAMILY.replace(/"/g, "'")}" fill="${SERIES.text}">${esc(title)}</text>` +
    `<g transform="translate(0,${TITLE_H})">${inner}</g></svg>`
  );
}

/** The chart as a PNG at `scale` x its size, with its title on top. */
export function chartPng(def: ChartDef, c: ChartContext, width: number, height: number, title: string, scale = 2): Promise<Blob> {
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(width * scale);
  canvas.height = Math.round(height * scale);
  const ctx = canvas.getContext('2d');
  if (!ctx) return Promise.reject(new Error('no 2D canvas'));
  ctx.scale(scale, scale);
  ctx.fillStyle = SERIES.background;
  ctx.fillRect(0, 0, width, height);
  ctx.fillStyle = SERIES.text;
  ctx.font = `600 18px ${FONT_FAMILY}`;
  ctx.textBaseline = 'alphabetic';
  ctx.fillText(title, 8, 24);
  ctx.translate(0, TITLE_H);
  def.draw(new CanvasPainter(ctx, width, height - TITLE_H, c.fonts.line), c);
  return new Promise((resolve, reject) => canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('PNG encoding failed'))), 'image/png'));
}

/** A file-name-safe stem: "aqm-lab-queue-red-ecn". */
export function fileStem(chart: string, preset: string | null): string {
  return ['aqm-lab', preset ?? 'custom', chart].join('-').replace(/[^a-zA-Z0-9._-]+/g, '-');
}
