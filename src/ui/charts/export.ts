/**
 * Exports: each chart as PNG (canvas at 2x) or SVG (the same drawing code through
 * SvgPainter), and its data as CSV or JSON (full-resolution series from the store, plus
 * the run summary).
 */
import type { Summary } from '../../engine/metrics/types';
import { presetByName } from '../../engine/scenario/presets';
import type { Scenario } from '../../engine/scenario/schema';
import { changedKeys } from '../../engine/scenario/url';
import { keyHash } from '../../engine/traffic/calibrate';
import { SERIES } from '../colors';
import { editedLesson, encodeLink, lessonByName, ownText } from '../scenario-api';
import { BIN_COUNT, binEdge, type ExchangeStore, type RtHistogram } from '../store/exchange-store';
import type { SeriesStore } from '../store/series-store';
import { CanvasPainter, FONT_FAMILY, measureText, SvgPainter, xmlEscape } from './painter';
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
export function cell(v: number): string {
  return Number.isFinite(v) ? String(v) : '';
}

/** A CSV text field (RFC 4180): quoted when it holds a comma, quote or line break. */
export function csvText(s: string): string {
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/**
 * The most samples one stored pair of rows stands for once the store has halved its series
 * (SeriesStore.compact: every 4 rows become a min/max pair; the run's start, halved most
 * often, spans most), or 1 while the rows are the samples.
 */
export function envelopeSpan(store: SeriesStore): number {
  return store.compactions > 0 ? store.maxSpan : 1;
}

/**
 * A series CSV's file name: "<stem>.csv", or "<stem>-envelope.csv" once the store's rows are
 * min/max pairs (envelopeNote), so that a file whose rows are not samples says so by its name.
 */
export function seriesCsvName(stem: string, store: SeriesStore): string {
  return `${stem}${store.compactions > 0 ? '-envelope' : ''}.csv`;
}

/**
 * What the series CSV/JSON of a long run holds, or null while its rows are the samples. Past
 * the store's maxSamples (131,072: about 3.6 h of simulated time at the default 0.1 s) the
 * rows are min/max pairs, whose values are not samples at their t: a mean of the rows is
 * biased, and nothing said so. The export menus show this; the file stays one table.
 */
export function envelopeNote(store: SeriesStore): string | null {
  if (store.compactions === 0) return null;
  return `This run is longer than the ${store.maxSamples.toLocaleString('en-US')} samples the app keeps: each pair of rows is the least and the most of each column over up to ${envelopeSpan(store)} consecutive samples (that many at the run's start, fewer toward its end), not samples at their t, so a mean of the rows is biased. For evenly spaced samples use the command line's --series (docs/cli.md).`;
}

/** CSV with a `t` column and the given store columns, one row per stored sample. */
export function seriesCsv(store: SeriesStore, columns: readonly string[], derived: readonly [string, Float64Array][] = []): string {
  const cols = columns.filter((c) => store.has(c));
  const data = [...cols.map((c) => store.column(c) as Float64Array), ...derived.map(([, d]) => d)];
  const lines = [['t', ...cols, ...derived.map(([k]) => k)].join(',')];
  for (let i = 0; i < store.length; i++) {
    let row = cell(store.t[i]);
    for (const d of data) row += ',' + cell(d[i]);
    lines.push(row);
  }
  return lines.join('\n') + '\n';
}

/**
 * Why a chart's CSV/JSON export would hold nothing but the `t` column (none of its columns
 * is in the store and it derives none), or null when there is data to export. The export
 * menu then offers no data file but says this instead.
 */
export function dataExportNote(def: ChartDef, store: SeriesStore, end: number): string | null {
  if (def.columns(store).some((c) => store.has(c))) return null;
  if (def.derived && def.derived(store, end).length > 0) return null;
  if (store.length === 0) return 'No data to export yet: start the run.';
  const note = typeof def.noDataNote === 'function' ? def.noDataNote(store) : def.noDataNote;
  return note ?? 'No data to export: this chart has none in this run.';
}

/** Drop/mark events as CSV (t, kind, flow) with the kind spelled out. */
export function eventsCsv(store: SeriesStore): string {
  const names: Record<number, string> = { 0: 'early-drop', 1: 'forced-drop', 2: 'overflow-drop', 3: 'ecn-mark', 4: 'link-loss' };
  const lines = ['t,kind,flow'];
  for (let i = 0; i < store.evLength; i++) lines.push(`${cell(store.evT[i])},${names[store.evKind[i]] ?? store.evKind[i]},${store.evFlow[i]}`);
  return lines.join('\n') + '\n';
}

/** Series columns as a JSON document, with the summary. NaN becomes null. */
export function seriesJson(store: SeriesStore, columns: readonly string[], summary: Summary | null, extra: Record<string, unknown> = {}, derived: readonly [string, Float64Array][] = []): string {
  const series: Record<string, (number | null)[]> = { t: Array.from(store.t.subarray(0, store.length)) };
  const put = (name: string, col: Float64Array | undefined) => {
    if (col) series[name] = Array.from(col.subarray(0, store.length), (v) => (Number.isFinite(v) ? v : null));
  };
  for (const c of columns) put(c, store.column(c));
  for (const [k, d] of derived) put(k, d);
  // a long run's rows are min/max pairs (envelopeNote): the file says so beside its series
  const envelope = store.compactions > 0 ? { seriesEnvelope: { samplesPerPairUpTo: envelopeSpan(store), note: envelopeNote(store) } } : {};
  return JSON.stringify({ ...extra, ...envelope, series, summary }, null, 1);
}

/**
 * The summary's run-wide figures as CSV: one header row `metric,value,unit`, one row per
 * figure, in the summary JSON's units (fractions 0-1, not the table's %; seconds, not its
 * ms); an empty value is a figure the run does not have (G before every flow finishes).
 * The per-flow table is its own file (flowsCsv): the two used to share one file, a second
 * header row in the middle, which csv/pandas readers read as 13-column rows of a 2-column table.
 */
export function summaryCsv(summary: Summary): string {
  const b = summary.bottleneck;
  const lines = ['metric,value,unit'];
  const add = (k: string, v: number | null | undefined, unit: string) => lines.push(`${k},${v === null || v === undefined ? '' : cell(v)},${unit}`);
  add('simulatedSeconds', summary.simulatedSeconds, 's');
  add('warmup', summary.warmup, 's');
  add('utilization', b.utilization, 'fraction');
  add('lossRate', b.lossRate, 'fraction');
  add('markRate', b.markRate, 'fraction');
  add('arrivals', b.arrivals, 'packets');
  add('drops', b.drops, 'packets');
  add('dropsEarly', b.dropsEarly, 'packets');
  add('dropsForced', b.dropsForced, 'packets');
  add('dropsOverflow', b.dropsOverflow, 'packets');
  add('marks', b.marks, 'packets');
  add('linkLosses', b.linkLosses, 'packets');
  add('meanQueuePackets', b.meanQueuePackets, 'packets');
  add('maxQueuePackets', b.maxQueuePackets, 'packets');
  add('meanQueueDelay', b.meanQueueDelay, 's');
  add('goodputEfficiency', summary.goodputEfficiency, 'fraction');
  add('jain', summary.flows.length === 0 ? null : summary.fairness.jain, 'fraction');
  // the right-to-left direction (ACKs; with two-way traffic, data too)
  const r = summary.bottleneckReverse;
  if (r) {
    add('reverse.utilization', r.utilization, 'fraction');
    add('reverse.lossRate', r.lossRate, 'fraction');
    add('reverse.drops', r.drops, 'packets');
    add('reverse.marks', r.marks, 'packets');
    add('reverse.meanQueuePackets', r.meanQueuePackets, 'packets');
  }
  return lines.join('\n') + '\n';
}

/** The units of flowsCsv's columns, shown beside its export button. */
export const FLOWS_UNITS = 'One row per flow. startTime_s, completionTime_s: s from t = 0 (empty: the flow did not finish); goodputBps: bit/s (the table’s Kb/s × 1000); bytes*: bytes; the rest: packets or events. Counted after the warm-up.';

/** The summary's per-flow table as CSV: one header row (units in the names, FLOWS_UNITS), one row per flow. */
export function flowsCsv(summary: Summary): string {
  const lines = ['flow,kind,startTime_s,completionTime_s,goodputBps,bytesDelivered,bytesRequested,packetsSent,retransmissions,timeouts,fastRetransmits,ecnReductions,drops,marks'];
  const n = (v: number | null | undefined) => (v === null || v === undefined ? '' : cell(v));
  for (const f of summary.flows) {
    lines.push([f.flow, csvText(f.kind), n(f.startTime), n(f.completionTime), n(f.goodputBps), n(f.bytesDelivered), n(f.bytesRequested), n(f.packetsSent), n(f.retransmissions), n(f.timeouts), n(f.fastRetransmits), n(f.ecnReductions), n(f.drops), n(f.marks)].join(','));
  }
  return lines.join('\n') + '\n';
}

/**
 * Where a figure came from, printed under an exported chart so a slide says it: the
 * lesson (or "custom scenario") with the keys that differ from it, the seed, and when.
 * `link` is the scenario's URL fragment (the same keys as the address bar).
 */
export interface FigureSource {
  lesson: string | null;
  /** The scenario's own name (ownText), when the user gave it one: the caption names it first. */
  title?: string;
  /** The lesson edited into something else (editedLesson): "lesson default, edited". */
  edited?: boolean;
  seed: number;
  /** The scenario's link fragment, "p=default&topology.bottleneck.queue.maxP=0.02&seed=1". */
  link: string;
  date: Date;
  /** The lab's build, "0.1.0 (3f334ca)" (src/ui/build-id.ts); left out of the caption when absent. */
  build?: string;
  /** A Compare figure: what the scenario is compared with, "a drop-tail queue" (and over which seeds: `seeds`). */
  compared?: string;
  /** The seeds a Compare figure's runs are from, when more than `seed` ("seeds 4 to 6"; its charts draw the first). */
  seeds?: string;
  /**
   * A Compare figure's page query, "?compare=lesson:web-redecn5-80&seeds=5" (link.ts
   * withCompareLink), written before the link's fragment: the link alone reopened lesson A
   * without the comparison the figure shows.
   */
  query?: string;
}

/** The figure's link as the address bar has it: Compare's query, if any, then "#" and the scenario's fragment. */
export function figureLink(src: FigureSource): string {
  return `${src.query ?? ''}#${src.link}`;
}

/** "2026-11-23 14:05". */
export function dateText(d: Date): string {
  const two = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())} ${two(d.getHours())}:${two(d.getMinutes())}`;
}

/**
 * The caption line: "AQM Lab 0.1.0 (3f334ca) · lesson default · seed 1 · 2026-11-23 14:05 ·
 * #p=default&..."; an edited lesson's says "lesson default, edited", a scenario the user
 * named "RTT unfairness (from lesson default)".
 */
export function captionText(src: FigureSource): string {
  const compared = src.compared ? ` · compared with ${src.compared}` : '';
  const seed = src.seeds ? `seed ${src.seed} of ${src.seeds}` : `seed ${src.seed}`;
  const what = src.title ? `${src.title}${src.lesson ? ` (from lesson ${src.lesson})` : ''}` : src.lesson ? `lesson ${src.lesson}${src.edited ? ', edited' : ''}` : 'custom scenario';
  return `AQM Lab${src.build ? ` ${src.build}` : ''} · ${what}${compared} · ${seed} · ${dateText(src.date)} · ${figureLink(src)}`;
}

/** The source of a figure of the run on screen: its lesson, its own name or "edited", its seed and link. */
export function screenSource(scenario: Scenario, presetName: string | null, build?: string): FigureSource {
  const lesson = lessonByName(presetName);
  const own = ownText(scenario, lesson);
  return { lesson: presetName, ...(own ? { title: own.title } : {}), edited: editedLesson(lesson, scenario), seed: scenario.seed, link: encodeLink(scenario, presetName), date: new Date(), build };
}

/** Most lines of a figure's title; a longer title's last line is cut with "…" (the whole title stays in the SVG's <title>). */
const TITLE_LINES = 3;

/**
 * A figure's title broken at spaces into lines that fit `width` px in its bold type: a
 * paper grid's chart, "seeds/004 Fig. 20 (b): loss against SUBTCP's bandwidth increase, per
 * bottleneck delay (all 12 runs): Loss rate at the bottleneck", ran past a 919 px figure's
 * edge on one line and was cut mid-word.
 */
export function titleLines(title: string, size: number, width: number, max = TITLE_LINES): string[] {
  const words = title.split(' ');
  const lines: string[] = [];
  let line = '';
  for (const w of words) {
    const next = line === '' ? w : `${line} ${w}`;
    if (line === '' || measureText(next, size, 'bold') <= width) line = next;
    else {
      lines.push(line);
      line = w;
    }
  }
  lines.push(line);
  if (lines.length <= max) return lines;
  const kept = lines.slice(0, max - 1);
  const rest = lines.slice(max - 1).join(' ');
  if (measureText(rest, size, 'bold') <= width) return [...kept, rest];
  let lo = 0;
  let hi = rest.length;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (measureText(`${rest.slice(0, mid)}…`, size, 'bold') <= width) lo = mid;
    else hi = mid - 1;
  }
  return [...kept, `${rest.slice(0, lo)}…`];
}

/** Title and caption sizes (classroom figures get classroom type), the title's lines at `width` and the room above the drawing they take. */
function frame(c: Pick<ChartContext, 'fonts'>, title = '', width = Infinity): { title: number; caption: number; top: number; titles: string[]; step: number } {
  const size = Math.max(18, c.fonts.label);
  const caption = Math.max(11, c.fonts.small);
  const titles = Number.isFinite(width) ? titleLines(title, size, width - 16) : [title];
  const step = Math.round(size * 1.25);
  return { title: size, caption, top: Math.round(size * 1.9) + (titles.length - 1) * step, titles, step };
}

/** The caption cut to fit `width` px (the full link stays in the SVG's metadata). */
function fitCaption(text: string, size: number, width: number): string {
  if (measureText(text, size) <= width) return text;
  let lo = 0;
  let hi = text.length;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (measureText(`${text.slice(0, mid)}…`, size) <= width) lo = mid;
    else hi = mid - 1;
  }
  return `${text.slice(0, lo)}…`;
}

/** Most caption lines under a figure; a longer caption's last line is cut (the full link stays in the metadata). */
const CAPTION_LINES = 4;

/**
 * The caption broken into lines that fit `width` px, at " · " and after "&" where it can,
 * so every changed key of a scenario shows on the figure rather than being cut off after
 * the first one or two. At most `max` lines; the last is cut with "…" if more remain.
 */
export function captionLines(text: string, size: number, width: number, max = CAPTION_LINES): string[] {
  const tokens = text.split(/(?<=&)|(?<= · )/);
  const lines: string[] = [];
  let line = '';
  for (let i = 0; i < tokens.length; i++) {
    const tok = tokens[i];
    if (line === '' || measureText(line + tok, size) <= width) {
      line += tok;
      continue;
    }
    lines.push(line);
    line = tok;
    if (lines.length === max - 1) {
      line = tokens.slice(i).join('');
      break;
    }
  }
  lines.push(line);
  return lines.map((l) => fitCaption(l.trimEnd(), size, width));
}

/** Baselines of the caption's lines, from the figure's bottom edge up, and the room they take. */
function captionLayout(lines: number, size: number, height: number): { ys: number[]; bottom: number } {
  const step = Math.round(size * 1.3);
  const last = height - Math.round(size * 0.7);
  return { ys: Array.from({ length: lines }, (_, i) => last - (lines - 1 - i) * step), bottom: Math.round(size * 2.2) + (lines - 1) * step };
}

/** The chart as an SVG document of the given size, with its title on top and where it came from below. */
export function chartSvg(def: ChartDef, c: ChartContext, width: number, height: number, title: string, src?: FigureSource): string {
  return figureSvg(c, width, height, title, src, (w, h) => {
    const p = new SvgPainter(w, h, c.fonts.line);
    p.fillRect(0, 0, w, h, SERIES.background);
    def.draw(p, c);
    return p.toString().replace(/^<svg[^>]*>/, '').replace(/<\/svg>$/, '');
  });
}

/** Room a figure's title takes above its drawing and its caption below, for a drawing of a given size (figureSvg). */
export function figureMargins(c: Pick<ChartContext, 'fonts'>, width: number, src?: FigureSource, title = ''): { top: number; bottom: number } {
  const fr = frame(c, title, width);
  const lines = src ? captionLines(captionText(src), fr.caption, width - 16) : [];
  return { top: fr.top, bottom: src ? captionLayout(lines.length, fr.caption, 0).bottom : 0 };
}

/**
 * A figure as an SVG document: its title on top, `inner(w, h)` (SVG markup of a drawing
 * w × h px) under it, and where it came from below (text, and in the metadata). The
 * single-run charts' exports and the Compare view's (its SVG charts) both frame so.
 */
export function figureSvg(c: Pick<ChartContext, 'fonts'>, width: number, height: number, title: string, src: FigureSource | undefined, inner: (w: number, h: number) => string): string {
  const fr = frame(c, title, width);
  const lines = src ? captionLines(captionText(src), fr.caption, width - 16) : [];
  const cap = captionLayout(lines.length, fr.caption, height);
  const bottom = src ? cap.bottom : 0;
  const body = inner(width, height - fr.top - bottom);
  const esc = xmlEscape;
  const family = FONT_FAMILY.replace(/"/g, "'");
  const caption = src ? captionText(src) : '';
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `<title>${esc(title)}</title>` +
    (src ? `<desc>${esc(caption)}</desc><metadata><aqmlab lesson="${esc(src.lesson ?? '')}"${src.title ? ` title="${esc(src.title)}"` : ''}${src.edited ? ' edited="true"' : ''} seed="${src.seed}" date="${esc(src.date.toISOString())}" link="${esc(figureLink(src))}"${src.build ? ` build="${esc(src.build)}"` : ''}${src.compared ? ` compared="${esc(src.compared)}"` : ''}${src.seeds ? ` seeds="${esc(src.seeds)}"` : ''}/></metadata>` : '') +
    `<rect width="${width}" height="${height}" fill="${SERIES.background}"/>` +
    fr.titles.map((l, i) => `<text x="8" y="${Math.round(fr.title * 1.35) + i * fr.step}" font-size="${fr.title}" font-weight="600" font-family="${family}" fill="${SERIES.text}">${esc(l)}</text>`).join('') +
    `<g transform="translate(0,${fr.top})">${body}</g>` +
    lines.map((l, i) => `<text x="8" y="${cap.ys[i]}" font-size="${fr.caption}" font-family="${family}" fill="${SERIES.muted}">${esc(l)}</text>`).join('') +
    `</svg>`
  );
}

/**
 * An SVG figure (figureSvg) as a PNG at `scale` x, with its title and caption also as PNG
 * text chunks, as chartPng writes them: the browser draws the SVG into a canvas.
 */
export async function svgFigurePng(svg: string, width: number, height: number, title: string, src?: FigureSource, scale = 2): Promise<Blob> {
  const url = URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml' }));
  try {
    const img = new Image();
    img.src = url;
    await img.decode();
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(width * scale);
    canvas.height = Math.round(height * scale);
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('no 2D canvas');
    ctx.drawImage(img, 0, 0, canvas.width, canvas.height);
    const b = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
    if (!b) throw new Error('PNG encoding failed');
    const buf = new Uint8Array(await b.arrayBuffer());
    return new Blob([src ? withPngText(buf, { Title: title, Source: captionText(src) }) : buf], { type: 'image/png' });
  } finally {
    URL.revokeObjectURL(url);
  }
}

/** Downloads an SVG figure (figureSvg) as `${stem}.svg`, or as `${stem}.png` drawn by svgFigurePng. */
export async function saveFigure(kind: 'png' | 'svg', stem: string, svg: string, width: number, height: number, title: string, src?: FigureSource): Promise<void> {
  if (kind === 'svg') download(`${stem}.svg`, new Blob([svg], { type: 'image/svg+xml' }));
  else download(`${stem}.png`, await svgFigurePng(svg, width, height, title, src));
}

/** The chart as a PNG at `scale` x its size, with its title on top and where it came from below. */
export function chartPng(def: ChartDef, c: ChartContext, width: number, height: number, title: string, src?: FigureSource, scale = 2): Promise<Blob> {
  const fr = frame(c, title, width);
  const lines = src ? captionLines(captionText(src), fr.caption, width - 16) : [];
  const cap = captionLayout(lines.length, fr.caption, height);
  const bottom = src ? cap.bottom : 0;
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(width * scale);
  canvas.height = Math.round(height * scale);
  const ctx = canvas.getContext('2d');
  if (!ctx) return Promise.reject(new Error('no 2D canvas'));
  ctx.scale(scale, scale);
  ctx.fillStyle = SERIES.background;
  ctx.fillRect(0, 0, width, height);
  ctx.fillStyle = SERIES.text;
  ctx.font = `600 ${fr.title}px ${FONT_FAMILY}`;
  ctx.textBaseline = 'alphabetic';
  fr.titles.forEach((l, i) => ctx.fillText(l, 8, Math.round(fr.title * 1.35) + i * fr.step));
  if (src) {
    ctx.fillStyle = SERIES.muted;
    ctx.font = `${fr.caption}px ${FONT_FAMILY}`;
    lines.forEach((l, i) => ctx.fillText(l, 8, cap.ys[i]));
  }
  ctx.translate(0, fr.top);
  def.draw(new CanvasPainter(ctx, width, height - fr.top - bottom, c.fonts.line), c);
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (b) => {
        if (!b) return reject(new Error('PNG encoding failed'));
        // the caption's words also go into the file as PNG text chunks (tEXt), for tools that read them
        void b.arrayBuffer().then((buf) => resolve(new Blob([src ? withPngText(new Uint8Array(buf), { Title: title, Source: captionText(src) }) : buf], { type: 'image/png' })), reject);
      },
      'image/png',
    ),
  );
}

/** CRC-32 (ISO 3309, as PNG chunks use). */
function crc32(bytes: Uint8Array): number {
  let c = ~0;
  for (const b of bytes) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xedb88320 : c >>> 1;
  }
  return ~c >>> 0;
}

/**
 * A PNG with tEXt chunks (keyword, NUL, Latin-1 text) inserted after IHDR (PNG spec
 * §11.3.4.3). Characters outside Latin-1 are replaced by "?".
 */
export function withPngText(png: Uint8Array, texts: Record<string, string>): Uint8Array<ArrayBuffer> {
  const ihdrEnd = 8 + 4 + 4 + 13 + 4; // signature, IHDR length, type, data, crc
  const chunks: Uint8Array[] = [];
  for (const [key, value] of Object.entries(texts)) {
    const body = [...key, '\0', ...value].map((ch) => (ch.charCodeAt(0) < 256 ? ch.charCodeAt(0) : 63));
    const chunk = new Uint8Array(12 + body.length);
    const view = new DataView(chunk.buffer);
    view.setUint32(0, body.length);
    chunk.set([0x74, 0x45, 0x58, 0x74], 4); // "tEXt"
    chunk.set(body, 8);
    view.setUint32(8 + body.length, crc32(chunk.subarray(4, 8 + body.length)));
    chunks.push(chunk);
  }
  const size = png.length + chunks.reduce((a, x) => a + x.length, 0);
  const out = new Uint8Array(size);
  out.set(png.subarray(0, ihdrEnd), 0);
  let o = ihdrEnd;
  for (const ch of chunks) {
    out.set(ch, o);
    o += ch.length;
  }
  out.set(png.subarray(ihdrEnd), o);
  return out;
}

/**
 * A file-name-safe stem: "aqm-lab-red-vs-dt-queue" for a lesson as it is; with the run's
 * scenario given, "aqm-lab-red-vs-dt-seed5-queue" when reseeded, "...-edited-1f3a9c-queue"
 * when its link changes other keys, and the seed and a digest for a scenario of no lesson.
 */
export function fileStem(chart: string, preset: string | null, scenario?: Scenario | null): string {
  // a scenario the user named goes by its name ("aqm-lab-RTT-unfairness-...")
  const own = scenario ? ownText(scenario, lessonByName(preset)) : null;
  const parts = ['aqm-lab', own && own.title !== 'Your scenario' ? own.title.slice(0, 40) : (preset ?? 'custom')];
  if (scenario) {
    // a reseeded or edited run is named apart from the lesson as it is (a seed sweep's
    // exports all had the lesson's name, each download taking the last one's place): its
    // seed, and a short digest of the link keys it changes (the same edits, the same name)
    const changed = preset && presetByName(preset) ? changedKeys(scenario, preset) : [JSON.stringify(scenario)];
    const seedKey = `seed=${scenario.seed}`;
    if (changed.includes(seedKey) || !preset) parts.push(`seed${scenario.seed}`);
    const edits = changed.filter((k) => k !== seedKey);
    if (edits.length > 0) parts.push(`edited-${keyHash(edits.join('&')).slice(0, 6)}`);
  }
  parts.push(chart);
  return parts.join('-').replace(/[^a-zA-Z0-9._-]+/g, '-');
}

/**
 * The response-time distributions behind the response-time chart as CSV: one row per
 * histogram bin (upper edge in seconds; 60 bins per decade, 1 ms to 1000 s), with each
 * set's count in the bin and its CDF at the edge (share completed within it; empty while a
 * set has no exchange). Sets: this run and its uncongested baseline, all responses and
 * responses above 50 KB, as the chart's CDF, CCDF and "> 50 KB" views draw them.
 */
export function responseTimesCsv(ex: ExchangeStore): string {
  const sets: [string, RtHistogram][] = [
    ['run', ex.run.all],
    ['baseline', ex.baseline.all],
    ['run_large', ex.run.large],
    ['baseline_large', ex.baseline.large],
  ];
  const lines = [['upper_s', ...sets.flatMap(([k]) => [`${k}_count`, `${k}_cdf`])].join(',')];
  const acc = sets.map(() => 0);
  for (let i = 0; i < BIN_COUNT; i++) {
    let row = cell(binEdge(i));
    sets.forEach(([, h], k) => {
      acc[k] += h.counts[i];
      row += `,${h.counts[i]},${h.n > 0 ? cell(acc[k] / h.n) : ''}`;
    });
    lines.push(row);
  }
  return lines.join('\n') + '\n';
}

/** The same distributions as JSON: bin upper edges, counts per set, totals and quantiles. */
export function responseTimesJson(ex: ExchangeStore, summary: Summary | null, extra: Record<string, unknown> = {}): string {
  const set = (h: RtHistogram) => ({
    n: h.n,
    lost: h.lost,
    meanSeconds: h.n > 0 ? h.sum / h.n : null,
    medianSeconds: h.n > 0 ? h.quantile(0.5) : null,
    p90Seconds: h.n > 0 ? h.quantile(0.9) : null,
    counts: Array.from(h.counts),
  });
  const upper = Array.from({ length: BIN_COUNT }, (_, i) => binEdge(i));
  return JSON.stringify({ ...extra, binUpperEdgeSeconds: upper, run: { all: set(ex.run.all), large: set(ex.run.large) }, baseline: { all: set(ex.baseline.all), large: set(ex.baseline.large) }, summary }, null, 1);
}
