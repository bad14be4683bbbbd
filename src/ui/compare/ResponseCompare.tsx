/**
 * Response-time distributions of the compared runs overlaid (web traffic): each run's CDF
 * (or CCDF) and the uncongested baseline, with the same hover read-out as the live chart,
 * e.g. drop-tail against ARED+ECN at 80 % load (seeds/000 Figs. 19-20).
 */
import { useEffect, useId, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { SERIES } from '../colors';
import { CanvasPainter, SvgPainter } from '../charts/painter';
import { ExportAndFullScreen } from '../charts/ChartCard';
import { figureMargins, figureSvg, saveFigure, type FigureSource } from '../charts/export';
import { fontsFor } from '../charts/plot';
import { comparedCurves, curvesText, drawResponseTimes, moveReadout, readoutHint, responseHeight, type ComparedRun, type RtCurve, type RtLayout, type RtMode } from '../charts/response-plot';
import type { ExchangeStore } from '../store/exchange-store';
import { DEFAULT_RT_VIEW, readRtView, rememberRtView } from '../charts/rt-link';

export type { ComparedRun } from '../charts/response-plot';

/**
 * `baseline`: the store holding the uncongested baseline's exchanges (else the first run that has one).
 * `faint`: more runs drawn thin and pale behind (the other seeds of a comparison over seeds), with `title` saying so;
 * one with `baseline` draws its store's uncongested baseline (a family's baseline at another seed).
 */
export function ResponseCompare({
  runs,
  baseline,
  classroom = false,
  faint = [],
  title = 'Response times',
  exportAs,
  baselineLabel = 'uncongested',
}: {
  runs: readonly ComparedRun[];
  baseline?: ExchangeStore;
  classroom?: boolean;
  faint?: readonly { color: string; exchanges: ExchangeStore; baseline?: boolean }[];
  title?: string;
  /** An Export menu (PNG, SVG; captioned as a single-run chart's exports): the file name's stem and where the figure came from. */
  exportAs?: { stem: string; source: () => FigureSource };
  /** The baseline's name in the legend and the read-out (whose traffic it is, when not every run's). */
  baselineLabel?: string;
}) {
  const menuRef = useRef<HTMLDetailsElement>(null);
  // starts from the page link's view and writes it (rt-link.ts): a shared link reopens the CCDF
  const [view] = useState(() => (typeof location === 'undefined' ? DEFAULT_RT_VIEW : readRtView(location.search).view));
  const [mode, setModeOnly] = useState<RtMode>(view.mode);
  const [large, setLargeOnly] = useState(view.large);
  const setMode = (m: RtMode) => {
    setModeOnly(m);
    rememberRtView({ mode: m, large });
  };
  const setLarge = (l: boolean) => {
    setLargeOnly(l);
    rememberRtView({ mode, large: l });
  };
  const [hover, setHover] = useState<number | null>(null);
  const [readout, setReadout] = useState<string | null>(null);
  // the curves in words (half, 90 %, 99 % within...), as the live chart's name says them
  const [described, setDescribed] = useState('');
  const canvasRef = useRef<HTMLCanvasElement>(null);
  // the plot as last drawn, for moving the read-out with the keys (as on the live chart)
  const layoutRef = useRef<RtLayout | null>(null);
  // the read-out was moved with the keys (leaving the chart ends it; a tap's stays)
  const keyed = useRef(false);
  const readoutId = useId();
  // classroom: the large type needs room (the rotated axis label is longer than a 320-px plot);
  // taller still when the legend needs more lines (many lessons on a narrow screen)
  const baseHeight = classroom ? 480 : 320;
  const plotMin = classroom ? 330 : 220;

  // redrawn for the paper when the print media starts (the paper's layout is then in place,
  // and no frame runs before printing: src/ui/print.ts), and back on screen after it
  const [media, setMedia] = useState(0);
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const print = window.matchMedia('print');
    const change = () => flushSync(() => setMedia((k) => k + 1));
    print.addEventListener('change', change);
    return () => print.removeEventListener('change', change);
  }, []);

  const curvesNow = (): RtCurve[] => comparedCurves(runs, faint, baseline, large ? 'large' : 'all', typeof window.matchMedia === 'function' && window.matchMedia('print').matches, baselineLabel);

  // the chart at its size on screen, drawn again through SvgPainter (as the single-run
  // response chart's export), with no read-out, framed with its title and caption
  const exportFigure = async (kind: 'png' | 'svg') => {
    if (menuRef.current) menuRef.current.open = false;
    const canvas = canvasRef.current;
    if (!canvas || !exportAs) return;
    const fonts = fontsFor(classroom);
    const width = Math.max(320, Math.round(canvas.getBoundingClientRect().width));
    const height = Math.max(200, Math.round(canvas.getBoundingClientRect().height));
    const name = `${title}${large ? ' (responses above 50 KB)' : ''}${mode === 'ccdf' ? ', CCDF' : ''}`;
    const src = exportAs.source();
    const c = { fonts };
    const m = figureMargins(c, width, src, name);
    const total = m.top + height + m.bottom;
    const curves = curvesNow();
    const svg = figureSvg(c, width, total, name, src, (w, h) => {
      const p = new SvgPainter(w, h, fonts.line);
      p.fillRect(0, 0, w, h, SERIES.background);
      drawResponseTimes(p, curves, mode, fonts, null);
      return p.toString().replace(/^<svg[^>]*>/, '').replace(/<\/svg>$/, '');
    });
    const stem = `${exportAs.stem}${large ? '-large' : ''}${mode === 'ccdf' ? '-ccdf' : ''}`;
    await saveFigure(kind, stem, svg, width, total, name, src);
  };

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const width = Math.max(320, Math.floor(canvas.parentElement?.getBoundingClientRect().width ?? 640));
    const ctx = canvas.getContext('2d');
    if (!ctx) return;
    const curves = curvesNow();
    const fonts = fontsFor(classroom);
    const height = responseHeight(new CanvasPainter(ctx, width, baseHeight, fonts.line), curves, fonts, baseHeight, plotMin);
    const dpr = window.devicePixelRatio || 1;
    canvas.width = Math.round(width * dpr);
    canvas.height = Math.round(height * dpr);
    canvas.style.width = `${width}px`;
    canvas.style.height = `${height}px`;
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    ctx.fillStyle = SERIES.background;
    ctx.fillRect(0, 0, width, height);
    const out = drawResponseTimes(new CanvasPainter(ctx, width, height, fonts.line), curves, mode, fonts, hover);
    canvas.dataset.points = String(out.drawn);
    layoutRef.current = out.layout;
    setReadout(out.readout);
    setDescribed(curvesText(curves));
  }, [runs, faint, baseline, mode, large, hover, classroom, media, baselineLabel]);

  return (
    <div className={`cmp-response${exportAs ? ' cmp-exportable' : ''}`} data-testid="compare-response">
      <h3 className="cmp-h">{title}</h3>
      {exportAs ? (
        <div className="cmp-chart-tools">
          <ExportAndFullScreen title={title} menuRef={menuRef} kinds={['png', 'svg']} onExport={(k) => void exportFigure(k === 'png' ? 'png' : 'svg')} />
        </div>
      ) : null}
      <div className="cmp-layout" role="group" aria-label="Response-time view">
        <button type="button" aria-pressed={mode === 'cdf'} onClick={() => setMode('cdf')}>
          CDF
        </button>
        <button type="button" aria-pressed={mode === 'ccdf'} onClick={() => setMode('ccdf')}>
          CCDF
        </button>
        <button type="button" aria-pressed={large} onClick={() => setLarge(!large)}>
          &gt; 50 KB
        </button>
      </div>
      {/* the read-out from the keyboard as on the live chart: focused, ← → move it (Home,
          End to the ends) instead of stepping the run, and the line under it says it */}
      <canvas
        ref={canvasRef}
        role="img"
        tabIndex={0}
        aria-describedby={readoutId}
        aria-label={`Response-time distributions of ${runs.map((r) => r.label).join(' and ')}${large ? ', responses above 50 KB' : ''}: ${described} ${readout ?? ''}`}
        onKeyDown={(e) => {
          const to = moveReadout(e, layoutRef.current, hover);
          if (to === null) return;
          keyed.current = true;
          setHover(to);
        }}
        onBlur={() => {
          if (!keyed.current) return;
          keyed.current = false;
          setHover(null);
        }}
        onPointerDown={(e) => {
          keyed.current = false;
          setHover(e.clientX - e.currentTarget.getBoundingClientRect().left);
        }}
        onPointerMove={(e) => {
          keyed.current = false;
          setHover(e.clientX - e.currentTarget.getBoundingClientRect().left);
        }}
        // a tap's finger leaves at once: its read-out stays until the next tap
        onPointerLeave={(e) => {
          if (e.pointerType !== 'touch') setHover(null);
        }}
      />
      {/* the read-out is drawn in the plot: here it is for screen readers only, the hint shows when none is */}
      <p id={readoutId} className={`cmp-legend-line${readout === null ? ' cmp-hint' : ''}`} aria-live="polite">
        <span className={readout === null ? undefined : 'sr-only'}>{readout ?? readoutHint(mode)}</span>
      </p>
    </div>
  );
}
