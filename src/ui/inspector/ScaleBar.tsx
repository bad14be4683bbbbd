/**
 * Any AQM's scale bar (src/engine/aqm/explain.ts ScaleBar): coloured zones (RED's "no
 * drops / random / gentle / all", PI's "p falls* / p rises*", CoDel's "fine / above
 * target"), threshold ticks, the quantity the AQM judged (a triangle) and optionally the
 * instantaneous queue (a dashed tick). Hand-made SVG drawn at the element's pixel width,
 * so the text keeps its size in a narrow side panel. No per-AQM code: the AQM's
 * explanation says what to draw.
 */
import { useEffect, useRef, useState } from 'react';
import type { ScaleBar as Bar, Tone } from '../../engine/aqm/explain';
import { SERIES } from '../colors';
import { wrapCaption } from './explain';

const PAD = 24;
/** Geometry and type at scale 1 (classroom mode scales them so the smallest text is 20 px, as on the charts). */
const H = 128;
const BAR_Y = 48;
const BAR_H = 28;
const FS = 14;
const SMALL = 12;
const CLASSROOM_SCALE = 20 / SMALL;

const ZONE_FILL: Record<Tone, string> = {
  calm: '#e6f4ee',
  random: '#fbe9cc',
  gentle: '#f7d3c2',
  all: '#eab8a4',
  band: '#e4ecf7',
  low: '#e6f4ee',
  high: '#fbe9cc',
  top: '#f7d3c2',
  target: '#e4ecf7',
};

const TICK_COLOR: Record<Tone, string> = {
  low: SERIES.minTh,
  high: SERIES.maxTh,
  top: SERIES.gentleTh,
  target: SERIES.avg,
  band: SERIES.bandLine,
  calm: SERIES.minTh,
  random: SERIES.maxTh,
  gentle: SERIES.gentleTh,
  all: SERIES.maxTh,
};

/** Width of the element in CSS pixels. */
function useWidth(initial: number): [React.RefObject<HTMLDivElement | null>, number] {
  const ref = useRef<HTMLDivElement>(null);
  const [w, setW] = useState(initial);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(() => setW(Math.max(220, Math.floor(el.getBoundingClientRect().width))));
    ro.observe(el);
    return () => ro.disconnect();
  }, []);
  return [ref, w];
}

/** Keeps a label of `chars` characters of `fs` px centred at x inside the drawing (`em`: average glyph width per font px). */
function clampX(x: number, chars: number, W: number, fs: number, em = 0.55): number {
  const half = (chars * fs * em) / 2;
  return Math.min(Math.max(x, half + 2), W - half - 2);
}

/** True if one of the xs falls on a label of `w` px centred at cx (the label would be crossed out). */
function covers(cx: number, w: number, xs: number[]): boolean {
  return xs.some((v) => Math.abs(v - cx) < w / 2 + 4);
}

/**
 * Where a zone's label of `w` px goes between x0 and x1: centred, unless the judged quantity's
 * triangle or the queue's tick (`avoid`) is on it; then at the end of the zone away from
 * them, if it fits there; null when the zone is too narrow or no place is free. Centred only,
 * the classroom bar of PIE's default lesson showed no label over either side of the target
 * (the 35 ms pointer sat on the middle of "p rises*").
 */
export function zoneLabelX(x0: number, x1: number, w: number, avoid: readonly number[], soft: readonly number[] = []): number | null {
  if (x1 - x0 <= w + 8) return null;
  const ends = [(x0 + x1) / 2, x0 + 4 + w / 2, x1 - 4 - w / 2];
  // clear of the ticks too where there is room (ARED's target band: two dashed lines inside
  // RED's "random" zone), in the middle of the widest gap between them
  const inside = [x0, ...soft.filter((v) => v > x0 && v < x1), x1].sort((a, b) => a - b);
  const gaps = inside.slice(1).map((b, i) => [inside[i], b] as const).sort((a, b) => b[1] - b[0] - (a[1] - a[0]));
  for (const cx of [...ends, ...gaps.map(([a, b]) => (a + b) / 2)]) if (!covers(cx, w, [...avoid, ...soft])) return cx;
  for (const cx of ends) if (!covers(cx, w, avoid as number[])) return cx;
  return null;
}

/** A box a tick line is broken around (a zone's label): x from x0 to x1, y from y0 to y1. */
export interface LabelBox {
  x0: number;
  x1: number;
  y0: number;
  y1: number;
}

/**
 * The pieces [y0, y1] of a vertical tick at x from top to bottom, broken where it would cross
 * a label (with 2 px to spare). ARED's band lines ran through the middle of "random".
 */
export function tickSegments(x: number, top: number, bottom: number, boxes: readonly LabelBox[]): [number, number][] {
  let out: [number, number][] = [[top, bottom]];
  for (const b of boxes) {
    if (x < b.x0 - 2 || x > b.x1 + 2) continue;
    const lo = b.y0 - 2;
    const hi = b.y1 + 2;
    out = out.flatMap(([a, z]): [number, number][] => (z <= lo || a >= hi ? [[a, z]] : [...(a < lo ? [[a, lo] as [number, number]] : []), ...(z > hi ? [[hi, z] as [number, number]] : [])]));
  }
  return out;
}

/** Rows the threshold labels under the bar may take. */
const LABEL_ROWS = 3;

/**
 * Places labels (centre `x`, `w` px wide, in order of x) in rows under the bar: each in the
 * first row where it clears the labels already there by `gap` px, kept within [0, W]. A
 * label that fits no row goes to the row whose labels end first. Rows alternated on the
 * previous label alone, so a third label returned to row 0 over the first: in classroom
 * type "2·max_th 30" was drawn over "min_th 5".
 */
export function tickLabelRows(labels: readonly { x: number; w: number }[], W: number, rows = LABEL_ROWS, gap = 4): { cx: number; row: number }[] {
  const ends = Array.from({ length: rows }, () => -Infinity);
  return labels.map(({ x, w }) => {
    const cx = Math.min(Math.max(x, w / 2 + 2), W - w / 2 - 2);
    let row = ends.findIndex((e) => cx - w / 2 >= e + gap);
    if (row < 0) row = ends.indexOf(Math.min(...ends));
    ends[row] = cx + w / 2;
    return { cx, row };
  });
}

export function ScaleBar({ bar, classroom = false }: { bar: Bar; classroom?: boolean }) {
  const [ref, W] = useWidth(360);
  const sc = classroom ? CLASSROOM_SCALE : 1;
  const fs = FS * sc;
  const small = SMALL * sc;
  const barY = BAR_Y * sc;
  const barH = BAR_H * sc;
  // the axis caption, right-aligned under the bar, in as many lines as the width needs
  const caption = wrapCaption(bar.axis, Math.max(8, Math.floor((W - 2 * PAD) / (small * 0.6))));
  const lineH = small + 3 * sc;
  const ends = [...bar.zones.map((z) => z.to), ...bar.ticks.map((t) => t.v * 1.1), bar.pointer.v * 1.08, (bar.marker?.v ?? 0) * 1.04, 1e-12];
  const xMax = Math.max(...ends.filter((v) => Number.isFinite(v)));
  const x = (v: number) => PAD + ((W - 2 * PAD) * Math.max(0, Math.min(Number.isFinite(v) ? v : 0, xMax))) / xMax;
  const pointers = [x(bar.pointer.v), ...(bar.marker ? [x(bar.marker.v)] : [])];
  // tick labels in rows, each clear of the others in its row; 0.6 em a glyph: digits and "_"
  // are wider than the 0.55 em average, and touching labels read as one
  const labelled = [...bar.ticks].filter((t) => t.label !== '').sort((a, b) => a.v - b.v);
  const rows = tickLabelRows(
    labelled.map((t) => ({ x: x(t.v), w: t.label.length * fs * 0.6 })),
    W,
  );
  const placed = labelled.map((t, k) => ({ ...t, ...rows[k] }));
  const rowH = 17 * sc;
  // the axis caption's first line below the last row of labels (its glyphs from 0.8 em over
  // the baseline, the labels' to 0.2 em under theirs), at the foot of the drawing
  const lastBaseline = barY + barH + 19 * sc + Math.max(0, ...placed.map((t) => t.row)) * rowH;
  const h = Math.max(H * sc, lastBaseline + 0.2 * fs + 0.8 * small + 2 * sc + 4) + (caption.length - 1) * lineH;
  // the zones' labels: clear of the pointers, and of the ticks where there is room; a tick
  // still on one is broken around it
  const tickXs = bar.ticks.map((t) => x(t.v));
  const zoneLabels = bar.zones.map((z) => {
    if (!(z.to > z.from)) return null;
    const w = z.label.length * 7 * sc;
    const lx = zoneLabelX(x(z.from), x(z.to), w, pointers, tickXs);
    return lx === null ? null : { lx, box: { x0: lx - w / 2, x1: lx + w / 2, y0: barY + barH / 2 + 4 * sc - small * 0.8, y1: barY + barH / 2 + 4 * sc + small * 0.2 } };
  });
  const boxes = zoneLabels.flatMap((l) => (l ? [l.box] : []));
  const pLabel = `${bar.pointer.label}${bar.pointer.v > xMax ? ' →' : ''}`;
  const mLabel = bar.marker ? `${bar.marker.label}${bar.marker.v > xMax ? ' →' : ''}` : '';
  return (
    <div ref={ref} className="insp-bar-wrap">
      <svg className="insp-bar" width={W} height={h} role="img" aria-label={bar.description}>
        <title>{bar.description}</title>
        {bar.zones.map((z, k) => {
          if (!(z.to > z.from)) return null;
          const lx = zoneLabels[k]?.lx ?? null;
          return (
            <g key={`${z.label}-${k}`}>
              <rect x={x(z.from)} y={barY} width={Math.max(0, x(z.to) - x(z.from))} height={barH} fill={ZONE_FILL[z.tone]} />
              {lx !== null ? (
                <text x={lx} y={barY + barH / 2 + 4 * sc} textAnchor="middle" fontSize={small} fill={SERIES.muted}>
                  {z.label}
                </text>
              ) : null}
            </g>
          );
        })}
        <rect x={PAD} y={barY} width={W - 2 * PAD} height={barH} fill="none" stroke={SERIES.axis} strokeWidth={1} />
        {bar.ticks
          .filter((t) => t.label === '')
          .flatMap((t, k) =>
            tickSegments(x(t.v), barY, barY + barH, boxes).map(([y1, y2], j) => (
              <line key={`unlabelled-${k}-${j}`} className="insp-tick" x1={x(t.v)} x2={x(t.v)} y1={y1} y2={y2} stroke={TICK_COLOR[t.tone]} strokeWidth={2} strokeDasharray="4 3" />
            )),
          )}
        {placed.map((t, k) => (
          <g key={`${t.label}-${k}`}>
            {tickSegments(x(t.v), barY - 4, barY + barH + 4, boxes).map(([y1, y2], j) => (
              <line key={j} className="insp-tick" x1={x(t.v)} x2={x(t.v)} y1={y1} y2={y2} stroke={TICK_COLOR[t.tone]} strokeWidth={t.tone === 'band' ? 2 : 3} strokeDasharray={t.tone === 'band' ? '4 3' : undefined} />
            ))}
            <text x={t.cx} y={barY + barH + 19 * sc + t.row * rowH} textAnchor="middle" fontSize={fs} fill={SERIES.text}>
              {t.label}
            </text>
          </g>
        ))}
        {bar.marker ? (
          <>
            {/* the instantaneous queue: a dashed dark tick inside the bar, labelled above */}
            <line x1={x(bar.marker.v)} x2={x(bar.marker.v)} y1={barY + 2} y2={barY + barH - 2} stroke={SERIES.text} strokeWidth={2} strokeDasharray="3 2" />
            <text x={clampX(x(bar.marker.v), mLabel.length, W, fs - 1)} y={13 * sc} textAnchor="middle" fontSize={fs - 1} fill={SERIES.muted}>
              {mLabel}
            </text>
          </>
        ) : null}
        {/* the judged quantity: a triangle above the bar */}
        <path d={`M ${x(bar.pointer.v)} ${barY - 2} l ${-8 * sc} ${-13 * sc} h ${16 * sc} z`} fill={SERIES.avg} />
        <text x={clampX(x(bar.pointer.v), pLabel.length, W, fs + 1, 0.66)} y={barY - 18 * sc} textAnchor="middle" fontSize={fs + 1} fontWeight={600} fill={SERIES.avg}>
          {pLabel}
        </text>
        {caption.map((line, k) => (
          <text key={`axis-${k}`} x={W - PAD} y={h - 4 - (caption.length - 1 - k) * lineH} textAnchor="end" fontSize={small} fill={SERIES.muted}>
            {line}
          </text>
        ))}
      </svg>
    </div>
  );
}

