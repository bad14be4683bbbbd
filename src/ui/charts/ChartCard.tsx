/**
 * A chart in a card: title, full-screen and export buttons, and a canvas redrawn by the
 * shared frame loop when the data, the state or the size changes.
 */
import { useEffect, useId, useMemo, useRef, useState, type RefObject } from 'react';
import { useServices } from '../app-context';
import { useAppState } from '../store/app-store';
import { chartContext } from './context';
import { BUILD_ID } from '../build-id';
import { chartPng, chartSvg, dataExportNote, download, envelopeNote, fileStem, seriesCsv, seriesCsvName, seriesJson, screenSource, type FigureSource } from './export';
import { canvasScale } from './frame-loop';
import { CanvasPainter } from './painter';
import { SeriesScratch } from './plot';
import { NO_FLOWS_NOTE, type ChartContext, type ChartDef } from './types';
import { noLongLivedFlows, viewOf } from '../scenario-view';
import { SERIES } from '../colors';
import { useMenuDismiss } from '../menu';

/**
 * Full screen draws with classroom-size type (a projector) where it has the width: on a
 * 390-px phone that type left the queue plot narrower full screen than in its card (about
 * 160 px against 233: the ECN marks ran together), so narrower than this it keeps the page's type.
 */
const FULL_LARGE_MIN_WIDTH = 600;

let printMedia: MediaQueryList | null | undefined;
/** Whether the page is laid out for paper now (printing, or print media emulated). */
function printing(): boolean {
  if (printMedia === undefined) printMedia = typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia('print') : null;
  return !!printMedia?.matches;
}

export type ExportKind = 'png' | 'svg' | 'csv' | 'json';
const ALL_KINDS: readonly ExportKind[] = ['png', 'svg', 'csv', 'json'];

/**
 * A chart card's export menu (closed again by `onExport`'s caller through `menuRef`) and its
 * full-screen toggle (none without `onFullScreen`; `kinds` limits the items, as the
 * Compare view's tables offer only CSV). `dataNote`, asked each time the menu opens, says why there is no data
 * to export (the CSV and JSON items are then disabled and the note shown), or null.
 */
export function ExportAndFullScreen({ title, menuRef, onExport, full = false, onFullScreen, dataNote, units, envelope, kinds = ALL_KINDS }: { title: string; menuRef: RefObject<HTMLDetailsElement | null>; onExport: (kind: ExportKind) => void; full?: boolean; onFullScreen?: () => void; dataNote?: () => string | null; units?: string; envelope?: () => string | null; kinds?: readonly ExportKind[] }) {
  const [note, setNote] = useState<string | null>(null);
  const [env, setEnv] = useState<string | null>(null);
  const noteId = useId();
  const unitsId = useId();
  const envId = useId();
  useMenuDismiss(menuRef);
  // the data buttons are described by why they are off, or else by their columns' units
  // (and, on a run long enough that the series were halved, by what its rows are then: envelopeNote)
  const dataDesc = note !== null ? noteId : [units ? unitsId : '', env !== null ? envId : ''].filter(Boolean).join(' ') || undefined;
  // an item closes the menu (each exporter sets open = false) and with it hides the focused
  // button: the focus fell to the page's start, and a keyboard user who exported a chart
  // tabbed again from the header. It goes back to the menu's button, as Escape does.
  const pick = (kind: ExportKind) => {
    const d = menuRef.current;
    const had = d !== null && d.contains(document.activeElement);
    onExport(kind);
    if (had && d && !d.open) d.querySelector('summary')?.focus();
  };
  return (
    <>
      <details className="export-menu" ref={menuRef} onToggle={(e) => {
          if (!e.currentTarget.open) return;
          setNote(dataNote?.() ?? null);
          setEnv(envelope?.() ?? null);
        }}>
        <summary aria-label={`Export ${title}`}>Export</summary>
        <div className="export-items" role="group" aria-label={`Export ${title} as`}>
          {kinds.includes('png') ? <button type="button" onClick={() => pick('png')}>PNG image</button> : null}
          {kinds.includes('svg') ? <button type="button" onClick={() => pick('svg')}>SVG image</button> : null}
          {kinds.includes('csv') ? <button type="button" disabled={note !== null} aria-describedby={dataDesc} onClick={() => pick('csv')}>CSV data</button> : null}
          {kinds.includes('json') ? <button type="button" disabled={note !== null} aria-describedby={dataDesc} onClick={() => pick('json')}>JSON data</button> : null}
          {note !== null ? (
            <p className="export-note" id={noteId} data-testid="export-note">
              {note}
            </p>
          ) : units ? (
            <p className="export-note export-units" id={unitsId} data-testid="export-units">
              {units}
            </p>
          ) : null}
          {note === null && env !== null ? (
            <p className="export-note export-envelope" id={envId} data-testid="export-envelope">
              {env}
            </p>
          ) : null}
        </div>
      </details>
      {onFullScreen ? (
        <button type="button" className="icon-btn" aria-label={full ? `Close full screen ${title}` : `Show ${title} full screen`} title={full ? 'Close full screen (Esc)' : 'Full screen'} onClick={onFullScreen}>
          {full ? '✕' : '⤢'}
        </button>
      ) : null}
    </>
  );
}

/**
 * A chart card; a per-flow chart of a run with no long-lived flows (web traffic alone) is
 * folded to its title and a line saying where the data is, instead of a large empty
 * canvas between the charts a class is looking at.
 */
export function ChartCard({ def, full = false }: { def: ChartDef; full?: boolean }) {
  const { store } = useServices();
  const folded = useAppState(store, (s) => !!def.perFlowOnly && !full && noLongLivedFlows(s.scenario));
  if (folded) {
    const titleId = `chart-title-${def.id}`;
    return (
      <section className={`card chart-card chart-${def.id} folded`} aria-labelledby={titleId} data-chart={def.id} data-folded="">
        <header className="card-head">
          <h2 id={titleId}>{def.title}</h2>
          <p className="muted chart-folded-note">{NO_FLOWS_NOTE}.</p>
        </header>
      </section>
    );
  }
  return <ChartCanvasCard def={def} full={full} />;
}

function ChartCanvasCard({ def, full }: { def: ChartDef; full: boolean }) {
  const { store, loop } = useServices();
  const wrapRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const scratch = useRef(new SeriesScratch());
  const [desc, setDesc] = useState(def.title);
  const classroom = useAppState(store, (s) => s.classroom);
  const isFull = useAppState(store, (s) => s.fullscreen === def.id);
  // a chart with nothing to draw for this scenario (a drop-tail queue's AQM state) prints as its title and one line
  const scenario = useAppState(store, (s) => s.scenario);
  const paperNote = useMemo(() => def.nothingToDraw?.(viewOf(scenario)) ?? null, [def, scenario]);

  useEffect(() => {
    const wrap = wrapRef.current;
    const canvas = canvasRef.current;
    if (!wrap || !canvas) return;
    let width = 0;
    let height = 0;
    let lastState: unknown = null;
    let lastVersion = -1;
    let lastSize = '';
    let lastDesc = '';
    let descState: unknown = null;
    let descVersion = -1;
    const describe = (c: ChartContext) => {
      const d = def.describe(c);
      if (d !== lastDesc) {
        lastDesc = d;
        setDesc(d);
      }
    };
    const ro = new ResizeObserver(() => {
      const r = wrap.getBoundingClientRect();
      width = Math.max(0, Math.floor(r.width));
      height = Math.max(0, Math.floor(r.height));
      loop.invalidate();
    });
    ro.observe(wrap);
    // charts scrolled out of view are not drawn (redrawn when they come back), except
    // for printing (FrameLoop.drawAll), when every chart is drawn at once
    let visible = true;
    const io = new IntersectionObserver((entries) => {
      for (const e of entries) visible = e.isIntersecting;
      if (visible) loop.invalidate();
    });
    io.observe(wrap);
    const unsub = store.subscribe(() => loop.invalidate());
    const off = loop.add({
      wantsFrames: () => {
        const st = store.getState().status;
        return !!def.animated && (st === 'running' || st === 'stepping' || st === 'starting');
      },
      frame: (now, force) => {
        if (force) {
          // the print layout may differ from the screen's, and no resize observation
          // arrives before the page goes to paper
          const r = wrap.getBoundingClientRect();
          width = Math.max(0, Math.floor(r.width));
          height = Math.max(0, Math.floor(r.height));
        }
        if (width < 10 || height < 10 || (!visible && !force)) {
          // not drawn while out of view, but its text alternative follows the run all the
          // same: a screen reader reads the whole page, and read "AQM state. AQM state"
          const st = store.getState();
          if (st !== descState || store.series.version !== descVersion) {
            descState = st;
            descVersion = store.series.version;
            describe(chartContext(st, store.series, scratch.current, now, full && width >= FULL_LARGE_MIN_WIDTH));
          }
          return false;
        }
        const state = store.getState();
        const dpr = canvasScale(force);
        // drawn for paper when printing (force), and by any frame while the page is laid out for
        // paper (a resize there drew the screen's colours); the screen's next frame draws it again
        const paper = !!force || printing();
        const size = `${width}x${height}@${dpr}${paper ? ' paper' : ''}`;
        const running = !!def.animated && state.status === 'running';
        if (!running && state === lastState && store.series.version === lastVersion && size === lastSize) return false;
        lastState = state;
        lastVersion = store.series.version;
        if (size !== lastSize) {
          canvas.width = Math.round(width * dpr);
          canvas.height = Math.round(height * dpr);
          canvas.style.width = `${width}px`;
          canvas.style.height = `${height}px`;
          lastSize = size;
        }
        const ctx = canvas.getContext('2d');
        if (!ctx) return false;
        ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
        ctx.fillStyle = SERIES.background;
        ctx.fillRect(0, 0, width, height);
        const c = chartContext(state, store.series, scratch.current, now, full && width >= FULL_LARGE_MIN_WIDTH, paper);
        const t0 = performance.now();
        const n = def.draw(new CanvasPainter(ctx, width, height, c.fonts.line), c);
        canvas.dataset.drawMs = (performance.now() - t0).toFixed(2);
        canvas.dataset.points = String(n);
        canvas.dataset.samples = String(store.series.length);
        // paper's dashes and line-end names (ChartContext.paper) or the screen's colours
        canvas.dataset.drawnFor = paper ? 'paper' : 'screen';
        describe(c);
        return true;
      },
    });
    return () => {
      ro.disconnect();
      io.disconnect();
      unsub();
      off();
    };
  }, [def, store, loop, full]);

  const menuRef = useRef<HTMLDetailsElement>(null);
  const exportAs = async (kind: ExportKind) => {
    if (menuRef.current) menuRef.current.open = false;
    const state = store.getState();
    const wrap = wrapRef.current;
    const w = Math.max(640, Math.floor(wrap?.getBoundingClientRect().width ?? 800));
    const c = chartContext(state, store.series, new SeriesScratch(), performance.now());
    const h = Math.max(360, Math.floor(wrap?.getBoundingClientRect().height ?? 450)) + Math.round(c.fonts.label * 4.2);
    // no data file that holds only a time column: the menu says why instead (it disables these items)
    if ((kind === 'csv' || kind === 'json') && dataExportNote(def, store.series, c.end) !== null) return;
    const stem = fileStem(def.id, state.presetName, state.scenario);
    const src: FigureSource | undefined = state.scenario ? screenSource(state.scenario, state.presetName, BUILD_ID) : undefined;
    if (kind === 'png') download(`${stem}.png`, await chartPng(def, c, w, h, def.title, src));
    else if (kind === 'svg') download(`${stem}.svg`, new Blob([chartSvg(def, c, w, h, def.title, src)], { type: 'image/svg+xml' }));
    else if (kind === 'csv') download(seriesCsvName(stem, store.series), new Blob([seriesCsv(store.series, def.columns(store.series), def.derived?.(store.series, c.end))], { type: 'text/csv' }));
    else download(`${stem}.json`, new Blob([seriesJson(store.series, def.columns(store.series), state.summary, { chart: def.id, scenario: state.scenario }, def.derived?.(store.series, c.end))], { type: 'application/json' }));
  };

  const titleId = `chart-title-${def.id}${full ? '-full' : ''}`;
  return (
    <section className={`card chart-card chart-${def.id}${full ? ' full' : ''}${paperNote !== null ? ' paper-note-only' : ''}`} aria-labelledby={titleId} data-chart={def.id}>
      <header className="card-head">
        <h2 id={titleId}>{def.title}</h2>
        {paperNote !== null ? <p className="print-only chart-paper-note">{paperNote}.</p> : null}
        <div className="card-tools">
          <ExportAndFullScreen title={def.title} menuRef={menuRef} onExport={(k) => void exportAs(k)} full={isFull || full} onFullScreen={() => store.set({ fullscreen: isFull || full ? null : def.id })} dataNote={() => dataExportNote(def, store.series, chartContext(store.getState(), store.series, scratch.current, 0).end)} units={def.units} envelope={() => envelopeNote(store.series)} />
        </div>
      </header>
      <div className={`chart-canvas-wrap${classroom ? ' classroom' : ''}`} ref={wrapRef}>
        <canvas ref={canvasRef} role="img" aria-label={`${def.title}. ${desc}`} title={desc} />
      </div>
    </section>
  );
}
