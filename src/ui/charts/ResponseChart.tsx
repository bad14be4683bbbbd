/**
 * The response-time chart of web traffic: the CDF of the run's request/response response
 * times growing live as exchanges complete, the uncongested baseline beside it (the worker
 * runs the same connections with the bottleneck 10x faster), a CCDF view for the tail,
 * responses above 50 KB on their own (seeds/000 Fig. 18), a hover read-out
 * ("x % of responses within t ms") and counters of exchanges started, completed and in
 * progress. Shown only for scenarios with web traffic.
 */
import { rememberRtView } from './rt-link';
import { useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useServices } from '../app-context';
import { SERIES } from '../colors';
import { hasWebTraffic } from '../scenario-view';
import { useAppState } from '../store/app-store';
import { canvasScale } from './frame-loop';
import { CanvasPainter } from './painter';
import { fontsFor, SeriesScratch } from './plot';
import { chartContext } from './context';
import { ExportAndFullScreen, type ExportKind } from './ChartCard';
import { BUILD_ID } from '../build-id';
import { chartPng, chartSvg, download, fileStem, responseTimesCsv, responseTimesJson, screenSource, type FigureSource } from './export';
import type { ChartDef } from './types';
import { calibrationLine, calibrationStepLine, countersLine, itemDirection } from './calibration-text';
import { BASELINE_COLOR, curvesText, drawResponseTimes, moveReadout, readoutHint, RUN_COLOR, type RtCurve, type RtLayout, type RtMode } from './response-plot';
import './response-chart.css';
import { grouped } from '../../engine/core/number-text';
import { useLessonFold } from '../lesson-fold';

/** The units of the data export's columns (responseTimesCsv), shown under its menu. */
export const RESPONSE_UNITS = "upper_s: each bin's upper edge, s; *_count: responses in the bin; *_cdf: share done within upper_s, 0-1; baseline: the uncongested link; large: responses over 50 KB.";

/** `full`: the copy shown full screen (the ⤢ button, as every chart has). */

export function ResponseChart({ full = false }: { full?: boolean } = {}) {
  const { store, loop } = useServices();
  const scenario = useAppState(store, (s) => s.scenario);
  const web = useAppState(store, (s) => s.summary?.web ?? null);
  const calibrating = useAppState(store, (s) => s.calibrating);
  // a boolean, not the clock: the chart re-renders once when the warm-up ends, not every tick
  const warmingUp = useAppState(store, (s) => s.now < (s.scenario?.warmup ?? 0));
  const classroom = useAppState(store, (s) => s.classroom);
  const running = useAppState(store, (s) => s.status === 'running');
  // while the run goes: the counters as of the exchanges the curve draws (see the frame below)
  const [live, setLive] = useState<{ exchanges: number; started: number; inProgress: number } | null>(null);
  // in the store, so the full-screen copy opens on the view the page shows
  const { mode, large } = useAppState(store, (s) => s.rtView);
  // the view goes in the page's link (rt-link.ts), so a shared link opens on it
  const setView = (v: { mode: RtMode; large: boolean }) => {
    store.set({ rtView: v });
    rememberRtView(v);
  };
  const setMode = (m: RtMode) => setView({ mode: m, large });
  const setLarge = (l: boolean) => setView({ mode, large: l });
  const [readout, setReadout] = useState<string | null>(null);
  const [described, setDescribed] = useState('No response completed yet.');
  const wrapRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const hover = useRef<number | null>(null);
  // the plot as last drawn, for moving the read-out with the keys
  const layoutRef = useRef<RtLayout | null>(null);
  // the read-out was moved with the keys (leaving the chart ends it; a tap's stays)
  const keyed = useRef(false);
  const hasWeb = hasWebTraffic(scenario);
  // a classroom run on a short screen folds the lesson row (src/ui/lesson-fold.ts): the hint
  // under the chart ("Point at the chart...", three lines in classroom type) goes too, kept for
  // a screen reader, so the chart is whole on a 1024x768 projector; it is back when the run ends
  const fold = useLessonFold() && !full;
  const menuRef = useRef<HTMLDetailsElement>(null);

  /** The curves as drawn now: this run and its baseline, all responses or those above 50 KB. */
  const curvesNow = (): RtCurve[] => {
    const ex = store.exchanges;
    const set = large ? 'large' : 'all';
    return [
      { label: 'this run', hist: ex.run[set], color: RUN_COLOR },
      { label: store.getState().baselineBehind ? 'uncongested (10x faster link; still running)' : 'uncongested (10x faster link)', hist: ex.baseline[set], color: BASELINE_COLOR, dash: [7, 4] },
    ];
  };

  // the same exports as every other chart (README: PNG, SVG captioned with where it came from, CSV, JSON)
  const exportAs = async (kind: ExportKind) => {
    if (menuRef.current) menuRef.current.open = false;
    const state = store.getState();
    const stem = fileStem(large ? 'response-times-large' : 'response-times', state.presetName, state.scenario);
    if (kind === 'csv') return download(`${stem}.csv`, new Blob([responseTimesCsv(store.exchanges)], { type: 'text/csv' }));
    if (kind === 'json') return download(`${stem}.json`, new Blob([responseTimesJson(store.exchanges, state.summary, { chart: 'response', scenario: state.scenario })], { type: 'application/json' }));
    const title = `Response times${large ? ' (responses above 50 KB)' : ''}${mode === 'ccdf' ? ', CCDF' : ''}`;
    const curves = curvesNow();
    const def: ChartDef = { id: 'response', title, describe: () => title, columns: () => [], draw: (p, c) => drawResponseTimes(p, curves, mode, c.fonts, null).drawn };
    const wrap = wrapRef.current;
    const c = chartContext(state, store.series, new SeriesScratch(), performance.now());
    const w = Math.max(640, Math.floor(wrap?.getBoundingClientRect().width ?? 800));
    const h = Math.max(360, Math.floor(wrap?.getBoundingClientRect().height ?? 450)) + Math.round(c.fonts.label * 4.2);
    const src: FigureSource | undefined = state.scenario ? screenSource(state.scenario, state.presetName, BUILD_ID) : undefined;
    if (kind === 'png') download(`${stem}.png`, await chartPng(def, c, w, h, title, src));
    else download(`${stem}.svg`, new Blob([chartSvg(def, c, w, h, title, src)], { type: 'image/svg+xml' }));
  };

  const liveRef = useRef(live);
  const setLiveNow = (next: typeof live) => {
    const was = liveRef.current;
    if (was === next || (was && next && was.exchanges === next.exchanges && was.started === next.started && was.inProgress === next.inProgress)) return;
    liveRef.current = next;
    flushSync(() => setLive(next));
  };

  useEffect(() => {
    const wrap = wrapRef.current;
    const canvas = canvasRef.current;
    if (!wrap || !canvas || !hasWeb) return;
    let width = 0;
    let height = 0;
    let last = '';
    const ro = new ResizeObserver(() => {
      const r = wrap.getBoundingClientRect();
      width = Math.floor(r.width);
      height = Math.floor(r.height);
      loop.invalidate();
    });
    ro.observe(wrap);
    const move = (e: PointerEvent) => {
      keyed.current = false;
      hover.current = e.clientX - canvas.getBoundingClientRect().left;
      loop.invalidate();
    };
    // a finger leaves the screen at once after a tap (pointerleave follows pointerup): the
    // read-out it asked for stays until the next tap, or a mouse leaves the chart
    const leave = (e: PointerEvent) => {
      if (e.pointerType === 'touch') return;
      hover.current = null;
      loop.invalidate();
    };
    canvas.addEventListener('pointerdown', move);
    canvas.addEventListener('pointermove', move);
    canvas.addEventListener('pointerleave', leave);
    const unsub = store.subscribe(() => loop.invalidate());
    const off = loop.add({
      wantsFrames: () => false,
      frame: (_now, force) => {
        if (force) {
          // printing: the size on paper, measured now (no resize observation comes first)
          const r = wrap.getBoundingClientRect();
          width = Math.floor(r.width);
          height = Math.floor(r.height);
        }
        if (width < 10 || height < 10) return false;
        const ex = store.exchanges;
        const dpr = canvasScale(force);
        const key = `${ex.version}|${width}x${height}@${dpr}|${hover.current}|${mode}|${large}|${store.getState().classroom}|${store.getState().baselineBehind}`;
        if (key === last) return false;
        last = key;
        canvas.width = Math.round(width * dpr);
        canvas.height = Math.round(height * dpr);
        canvas.style.width = `${width}px`;
        canvas.style.height = `${height}px`;
        const ctx = canvas.getContext('2d');
        if (!ctx) return false;
        ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
        ctx.fillStyle = SERIES.background;
        ctx.fillRect(0, 0, width, height);
        const fonts = fontsFor(store.getState().classroom);
        const curves = curvesNow();
        const out = drawResponseTimes(new CanvasPainter(ctx, width, height, fonts.line), curves, mode, fonts, hover.current);
        canvas.dataset.points = String(out.drawn);
        canvas.dataset.exchanges = String(ex.run.all.n);
        canvas.dataset.baseline = String(ex.baseline.all.n);
        layoutRef.current = out.layout;
        setReadout(out.readout);
        setDescribed(curvesText(curves));
        // the counters line says the legend's count: the summary it came from is posted every
        // 500 ms and at 100x read "19,990 completed · 20,087 started" beside "this run (23,656)".
        // Committed in this frame, so the line and the curve never show two different counts
        const rc = ex.runCounts;
        const next = rc ? { exchanges: ex.run.all.n, started: rc.started, inProgress: rc.inProgress } : null;
        setLiveNow(next);
        return true;
      },
    });
    loop.invalidate();
    return () => {
      ro.disconnect();
      canvas.removeEventListener('pointerdown', move);
      canvas.removeEventListener('pointermove', move);
      canvas.removeEventListener('pointerleave', leave);
      unsub();
      off();
    };
  }, [store, loop, hasWeb, mode, large]);

  /**
   * The read-out from the keyboard: the chart takes the focus, ← → move the read-out line
   * (Home and End to its ends: moveReadout), and the line under the chart says what it
   * reads. The keys stay here: elsewhere ← → step the run.
   */
  const onKey = (e: React.KeyboardEvent<HTMLCanvasElement>) => {
    const to = moveReadout(e, layoutRef.current, hover.current);
    if (to === null) return;
    hover.current = to;
    keyed.current = true;
    loop.invalidate();
  };

  if (!hasWeb) return null;
  const titleId = `chart-title-response${full ? '-full' : ''}`;
  return (
    <section className={`card chart-card chart-response${full ? ' full' : ''}`} aria-labelledby={titleId} data-chart={full ? undefined : 'response'}>
      <header className="card-head">
        <h2 id={titleId}>
          Response times
          {/* on paper the view buttons are hidden: the title says which view was printed */}
          <span className="print-only">{`${mode === 'ccdf' ? ', CCDF (the tail)' : ''}${large ? ', responses above 50 KB' : ''}`}</span>
        </h2>
        <div className="card-tools" role="group" aria-label="Response-time view">
          <button type="button" aria-pressed={mode === 'cdf'} onClick={() => setMode('cdf')} title="Share of responses completed within a time, up to 2 s (as the papers plot it)">
            CDF
          </button>
          <button type="button" aria-pressed={mode === 'ccdf'} onClick={() => setMode('ccdf')} title="Share of responses taking longer than a time, log-log: the tail">
            CCDF
          </button>
          <button type="button" aria-pressed={large} onClick={() => setLarge(!large)} title="Only responses above 50 KB (seeds/000 Fig. 18)">
            &gt; 50 KB
          </button>
          <ExportAndFullScreen title="Response times" menuRef={menuRef} onExport={(k) => void exportAs(k)} full={full} onFullScreen={() => store.set({ fullscreen: full ? null : 'response' })} units={RESPONSE_UNITS} />
        </div>
      </header>
      {/* not a live region: it changes many times a second while a run goes, and a screen
          reader read it out over and over; the run's status line says when the run ends */}
      <p className="response-counters" data-testid="response-counters">
        {running && live
          ? countersLine(live, scenario?.warmup ?? 0, warmingUp, grouped)
          : web
          ? countersLine(web, scenario?.warmup ?? 0, warmingUp, grouped)
          : calibrating
            ? calibrationStepLine(calibrating, itemDirection(scenario, calibrating.item))
            : 'No exchange completed yet.'}
        {web?.calibration.map((c) => (
          <span key={c.item} className="response-calibration">
            {' '}
            · {calibrationLine(c, itemDirection(scenario, c.item))}
          </span>
        ))}
      </p>
      <div className={`chart-canvas-wrap${classroom ? ' classroom' : ''}`} ref={wrapRef}>
        <canvas
          ref={canvasRef}
          role="img"
          tabIndex={0}
          aria-describedby={`${titleId}-readout`}
          onKeyDown={onKey}
          onBlur={() => {
            if (!keyed.current) return;
            keyed.current = false;
            hover.current = null;
            loop.invalidate();
          }}
          aria-label={`Response times: ${mode === 'cdf' ? 'cumulative distribution' : 'complementary distribution'} of the run and of the uncongested baseline${large ? ', responses above 50 KB' : ''}. ${described}${readout ? ` ${readout}` : ''}`}
        />
      </div>
      {/* the read-out is drawn in the plot: here it is for screen readers only (said once on
          screen, not again in a line of big type in classroom mode); the hint shows when none is */}
      <p className={`response-readout${fold ? ' sr-only' : ''}`} id={`${titleId}-readout`} aria-live="polite">
        <span className={readout === null ? undefined : 'sr-only'}>{readout ?? readoutHint(mode)}</span>
      </p>
    </section>
  );
}
