/**
 * A small SVG line chart for the compare view: several series over time, downsampled to
 * the pixel width (min/max per pixel column, src/ui/charts/downsample.ts), d3 scales and
 * ticks, axes labelled with units, a legend (which also names the threshold lines). `data-points` on the <svg> counts the
 * vertices drawn (for end-to-end tests).
 */
import { scaleLinear } from 'd3';
import { useEffect, useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { minMaxDownsample } from '../charts/downsample';
import { ExportAndFullScreen } from '../charts/ChartCard';
import { figureMargins, figureSvg, saveFigure, type FigureSource } from '../charts/export';
import { FONT_FAMILY, measureText, xmlEscape } from '../charts/painter';
import { fontsFor } from '../charts/plot';
import { spoken } from '../charts/run-text';
import { SERIES } from '../colors';

export interface ChartLine {
  key: string;
  label: string;
  color: string;
  /** SVG dash array, e.g. "6 4". */
  dash?: string;
  width?: number;
  t: ArrayLike<number>;
  y: ArrayLike<number>;
  n: number;
}

/** A horizontal reference line (a threshold): its value, its name in the legend, its colour and dash (default REF_DASH). */
export interface ChartRef {
  y: number;
  label: string;
  color: string;
  dash?: string;
}

/**
 * The chart's text alternative: each line's peak and mean, in the y axis's unit, and the
 * reference lines. It named the lines only ("Bottleneck queue: A: queue, A: average, B:
 * queue"): a screen-reader user heard which curves were drawn, never where they went.
 */
export function lineChartName(title: string, yLabel: string, lines: readonly Pick<ChartLine, 'label' | 'y' | 'n'>[], refs: readonly { y: number; label: string }[]): string {
  const said = lines.map((l) => {
    let n = 0;
    let sum = 0;
    let max = -Infinity;
    for (let i = 0; i < l.n; i++) {
      const v = l.y[i];
      if (!Number.isFinite(v)) continue;
      n++;
      sum += v;
      if (v > max) max = v;
    }
    return n === 0 ? `${l.label} (no data)` : `${l.label} at most ${spoken(max)}, ${spoken(sum / n)} on average`;
  });
  const refText = refs.length ? `; lines at ${refs.map((r) => `${r.label} = ${fmtTick(r.y)}`).join(', ')}` : '';
  return `${title}: ${said.join('; ')} (y axis: ${yLabel})${refText}`;
}

export interface LineChartProps {
  lines: readonly ChartLine[];
  title: string;
  yLabel: string;
  xLabel?: string;
  t0: number;
  t1: number;
  height?: number;
  /** Upper end of the y axis; default: the largest value drawn. */
  yMax?: number;
  /** Smaller type and no legend (small multiples). */
  compact?: boolean;
  /** Horizontal reference lines (thresholds). */
  refs?: readonly ChartRef[];
  /** Large type for a classroom (as the app's charts: no text under 20 px), and a taller plot to keep its area. */
  classroom?: boolean;
  /** An Export menu (PNG, SVG; captioned as a single-run chart's exports): the file name's stem and where the figure came from. */
  exportAs?: { stem: string; source: () => FigureSource };
}

/** An item of an exported figure's legend: a line (dashed as drawn) and its name. */
export interface LegendEntry {
  label: string;
  color: string;
  dash?: string;
  width: number;
}

/**
 * Saves a chart drawn as an <svg> (its children as drawn) with `legend` under it, framed as
 * the single-run charts' exports: its title on top, where it came from below (export.ts).
 */
export async function exportSvgChart(
  kind: 'png' | 'svg',
  el: SVGSVGElement,
  legend: readonly LegendEntry[],
  size: { width: number; height: number; fs: number; classroom: boolean; title: string },
  exportAs: { stem: string; source: () => FigureSource },
): Promise<void> {
  const { width, height, fs, classroom, title } = size;
  const ser = new XMLSerializer();
  const chart = Array.from(el.childNodes, (n) => ser.serializeToString(n)).join('');
  const leg = legendSvg(legend, width, fs);
  const src = exportAs.source();
  const c = { fonts: fontsFor(classroom) };
  const m = figureMargins(c, width, src);
  const total = m.top + height + leg.height + m.bottom;
  const svg = figureSvg(c, width, total, title, src, () => `<g font-family="${FONT_FAMILY.replace(/"/g, "'")}">${chart}</g><g transform="translate(0,${height})">${leg.svg}</g>`);
  await saveFigure(kind, exportAs.stem, svg, width, total, title, src);
}

/**
 * The legend under an exported chart as SVG markup, items side by side and wrapped at
 * `width` (the view's legend is HTML, not part of the <svg>). Returns the markup and its height.
 */
export function legendSvg(items: readonly LegendEntry[], width: number, fs: number): { svg: string; height: number } {
  const row = Math.round(fs * 1.6);
  const family = FONT_FAMILY.replace(/"/g, "'");
  let x = 8;
  let y = Math.round(fs * 1.1);
  let out = '';
  for (const it of items) {
    const w = 34 + measureText(it.label, fs) + fs;
    if (x > 8 && x + w > width - 8) {
      x = 8;
      y += row;
    }
    const mid = y - Math.round(fs * 0.35);
    out += `<line x1="${x}" x2="${x + 26}" y1="${mid}" y2="${mid}" stroke="${it.color}" stroke-width="${it.width}"${it.dash ? ` stroke-dasharray="${it.dash}"` : ''}/>`;
    out += `<text x="${x + 32}" y="${y}" font-size="${fs}" font-family="${family}" fill="${SERIES.text}">${xmlEscape(it.label)}</text>`;
    x += w;
  }
  return { svg: out, height: items.length ? y + Math.round(fs * 0.6) : 0 };
}

export function useWidth(): [React.RefObject<HTMLDivElement | null>, number] {
  const ref = useRef<HTMLDivElement>(null);
  const [w, setW] = useState(600);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(() => setW(Math.max(160, Math.floor(el.getBoundingClientRect().width))));
    ro.observe(el);
    return () => ro.disconnect();
  }, []);
  // Printing: no frame runs between the print media's change (reported with the paper's
  // layout in place) and the page going to paper, so a resize observer would answer too late
  // and the chart print at the screen's width; it is drawn again for the paper at once
  // (as the app's canvases are, src/ui/print.ts).
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof window.matchMedia !== 'function') return;
    const media = window.matchMedia('print');
    const measure = () => flushSync(() => setW(Math.max(160, Math.floor(el.getBoundingClientRect().width))));
    media.addEventListener('change', measure);
    return () => media.removeEventListener('change', measure);
  }, []);
  return [ref, w];
}

/** Dash of a threshold line (and of its legend entry). */
const REF_DASH = '2 3';

/** A chart's grid lines and tick labels: y ticks left of the plot, x ticks under it (the compare charts and the grid figures). */
export function GridLines({ xt, yt, x, y, left, top, pw, ph, fs, fmtX, fmtY }: { xt: readonly number[]; yt: readonly number[]; x: (v: number) => number; y: (v: number) => number; left: number; top: number; pw: number; ph: number; fs: number; fmtX: (v: number) => string; fmtY: (v: number) => string }) {
  return (
    <>
      {yt.map((v) => (
        <g key={`y${v}`}>
          <line x1={left} x2={left + pw} y1={y(v)} y2={y(v)} stroke={SERIES.grid} />
          <text x={left - 6} y={y(v)} textAnchor="end" dominantBaseline="middle" fontSize={fs} fill={SERIES.text}>
            {fmtY(v)}
          </text>
        </g>
      ))}
      {xt.map((v) => (
        <g key={`x${v}`}>
          <line x1={x(v)} x2={x(v)} y1={top} y2={top + ph} stroke={SERIES.grid} />
          <text x={x(v)} y={top + ph + fs * 1.2} textAnchor="middle" fontSize={fs} fill={SERIES.text}>
            {fmtX(v)}
          </text>
        </g>
      ))}
    </>
  );
}

/**
 * The plot's left edge: room for the rotated y label (centred at 0.9 fs) and the widest y
 * tick label (drawn ending 6 px left of the plot), at least `floor`. A fixed margin let a
 * long label ("12.5k", "0.0025") run into the y label. Text width is estimated at 0.62 em
 * per character (the digits of a sans-serif face are about 0.55 em).
 */
export function yAxisLeft(labels: readonly string[], fs: number, floor: number): number {
  const widest = Math.max(0, ...labels.map((l) => l.length));
  return Math.max(floor, Math.ceil(fs * 1.6 + 6 + widest * fs * 0.62 + 2));
}

const fmtTick = (v: number): string => (Math.abs(v) >= 1e4 ? `${v / 1e3}k` : String(Number(v.toPrecision(4))));

export function LineChart({ lines, title, yLabel, xLabel = 'time (s)', t0, t1, height: h = 240, yMax, compact = false, refs = [], classroom = false, exportAs }: LineChartProps) {
  const [wrapRef, width] = useWidth();
  const svgRef = useRef<SVGSVGElement>(null);
  const menuRef = useRef<HTMLDetailsElement>(null);
  const fs = classroom ? (compact ? 20 : 24) : compact ? 12 : 14;
  const height = classroom ? Math.round(h * 1.4) : h;
  const m = { top: compact ? 8 : 12, right: 14, bottom: fs * 2.8, left: fs * 4.2 };
  const ph = Math.max(10, height - m.top - m.bottom);
  // sampled at the widest the plot can be (the y ticks' labels may take more of the left)
  const drawn = useMemo(() => lines.map((l) => ({ l, ds: minMaxDownsample(l.t, l.y, l.n, t0, t1, Math.round(Math.max(10, width - m.left - m.right))) })), [lines, t0, t1, width, m.left, m.right]);
  let hi = yMax ?? 0;
  if (yMax === undefined) {
    for (const { ds } of drawn) for (let i = 0; i < ds.n; i++) if (ds.y[i] > hi) hi = ds.y[i];
    for (const r of refs) hi = Math.max(hi, r.y);
  }
  const y = scaleLinear()
    .domain([0, hi > 0 ? hi * 1.05 : 1])
    .range([m.top + ph, m.top])
    .nice(compact ? 3 : 5);
  const yt = y.ticks(compact ? 3 : Math.max(2, Math.floor(ph / 45)));
  m.left = yAxisLeft(yt.map(fmtTick), fs, m.left);
  const pw = Math.max(10, width - m.left - m.right);
  const x = scaleLinear().domain([t0, t1 > t0 ? t1 : t0 + 1]).range([m.left, m.left + pw]);
  let points = 0;
  const paths = drawn.map(({ l, ds }) => {
    let d = '';
    let pen = false;
    for (let i = 0; i < ds.n; i++) {
      const v = ds.y[i];
      if (v !== v) {
        pen = false;
        continue;
      }
      d += `${pen ? 'L' : 'M'}${x(ds.x[i]).toFixed(1)},${y(v).toFixed(1)}`;
      pen = true;
      points++;
    }
    return { l, d };
  });
  // thresholds are named in the legend, as the app's queue chart does: a label at the
  // line's end sat over the curves that cross it
  const shownRefs = refs.filter((r) => r.y <= y.domain()[1]);
  const xt = x.ticks(Math.max(2, Math.floor(pw / (fs * 6))));
  const exportFigure = async (kind: 'png' | 'svg') => {
    if (menuRef.current) menuRef.current.open = false;
    const el = svgRef.current;
    if (!el || !exportAs) return;
    const legend = [...lines.map((l) => ({ label: l.label, color: l.color, dash: l.dash, width: 3 })), ...shownRefs.map((r) => ({ label: r.label, color: r.color, dash: r.dash ?? REF_DASH, width: 2 }))];
    await exportSvgChart(kind, el, legend, { width, height, fs, classroom, title }, exportAs);
  };
  return (
    <figure className={`cmp-chart${compact ? ' cmp-compact' : ''}${exportAs ? ' cmp-exportable' : ''}`}>
      <figcaption>{title}</figcaption>
      {exportAs ? (
        <div className="cmp-chart-tools">
          <ExportAndFullScreen title={title} menuRef={menuRef} kinds={['png', 'svg']} onExport={(k) => void exportFigure(k === 'png' ? 'png' : 'svg')} />
        </div>
      ) : null}
      <div ref={wrapRef} className="cmp-chart-wrap">
        <svg ref={svgRef} width={width} height={height} viewBox={`0 0 ${width} ${height}`} role="img" aria-label={lineChartName(title, yLabel, lines, shownRefs)} data-points={points}>
          <GridLines xt={xt} yt={yt} x={x} y={y} left={m.left} top={m.top} pw={pw} ph={ph} fs={fs} fmtX={fmtTick} fmtY={fmtTick} />
          {shownRefs.map((r) => (
            <line key={r.label} x1={m.left} x2={m.left + pw} y1={y(r.y)} y2={y(r.y)} stroke={r.color} strokeWidth={1.5} strokeDasharray={r.dash ?? REF_DASH} />
          ))}
          <line x1={m.left} x2={m.left + pw} y1={m.top + ph} y2={m.top + ph} stroke={SERIES.axis} strokeWidth={1.5} />
          <line x1={m.left} x2={m.left} y1={m.top} y2={m.top + ph} stroke={SERIES.axis} strokeWidth={1.5} />
          {paths.map(({ l, d }) => (
            <path key={l.key} d={d} fill="none" stroke={l.color} strokeWidth={l.width ?? (compact ? 1.5 : 2)} strokeDasharray={l.dash} strokeLinejoin="round" />
          ))}
          <text x={m.left + pw / 2} y={height - 4} textAnchor="middle" fontSize={fs} fill={SERIES.text}>
            {xLabel}
          </text>
          <text transform={`translate(${fs * 0.9},${m.top + ph / 2}) rotate(-90)`} textAnchor="middle" fontSize={fs} fill={SERIES.text}>
            {yLabel}
          </text>
        </svg>
      </div>
      {compact ? null : (
        <ul className="cmp-legend">
          {lines.map((l) => (
            <li key={l.key}>
              <svg width={28} height={12} aria-hidden="true">
                <line x1={2} x2={26} y1={6} y2={6} stroke={l.color} strokeWidth={3} strokeDasharray={l.dash} />
              </svg>
              {l.label}
            </li>
          ))}
          {shownRefs.map((r) => (
            <li key={`ref:${r.label}`} className="cmp-legend-ref">
              <svg width={28} height={12} aria-hidden="true">
                <line x1={2} x2={26} y1={6} y2={6} stroke={r.color} strokeWidth={2} strokeDasharray={r.dash ?? REF_DASH} />
              </svg>
              {r.label}
            </li>
          ))}
        </ul>
      )}
    </figure>
  );
}
