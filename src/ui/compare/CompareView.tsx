/**
 * Compare two scenarios run with the same seed (issue 3, "Compare"): both run headless,
 * as fast as possible, in two Web Workers at once; then their bottleneck queues (overlaid
 * or side by side), every flow's cwnd as small multiples, and their summaries in one
 * table with the differences highlighted.
 */
import { useEffect, useMemo, useState } from 'react';
import type { Scenario } from '../../engine/scenario/schema';
import { OKABE_ITO, SERIES } from '../colors';
import { hasWebTraffic, viewOf } from '../scenario-view';
import { compareSummaries, foldFlows, relText, type DiffRow } from './diff';
import { LineChart, type ChartLine } from './LineChart';
import { BASELINE_COLOR } from '../charts/response-plot';
import { ResponseCompare } from './ResponseCompare';
import { runInWorker, type CompareRunResult } from './run';
import { queueAxis } from './queue-axis';
import './compare.css';

export interface CompareViewProps {
  a: Scenario;
  b: Scenario;
  labelA: string;
  labelB: string;
  /** Flows drawn as small multiples (default 12). */
  maxFlows?: number;
  /** Large type on the canvas charts (the app's classroom mode). */
  classroom?: boolean;
  /** Told whether any run of the comparison is still running (false again when it closes). */
  onRunning?: (running: boolean) => void;
}

export type Side = { state: 'running'; progress: number } | { state: 'done'; result: CompareRunResult } | { state: 'error'; message: string };

const COLOR_A = OKABE_ITO.blue;
const COLOR_B = OKABE_ITO.vermillion;
const DASH_B = '7 3';

/** Runs `scenario` in a worker whenever its content (not its identity) or `nonce` changes; null runs nothing. */
function useRun(scenario: Scenario | null, nonce: number, baseline: boolean | 'only'): Side | null {
  const [side, setSide] = useState<Side>({ state: 'running', progress: 0 });
  const key = scenario === null ? null : JSON.stringify(scenario);
  useEffect(() => {
    if (key === null) return;
    const json: unknown = JSON.parse(key);
    const ctl = new AbortController();
    setSide({ state: 'running', progress: 0 });
    let last = 0;
    runInWorker(json, {
      baseline,
      signal: ctl.signal,
      onProgress: (f) => {
        // a few updates per second are enough for a progress bar
        const now = performance.now();
        if (now - last > 150 || f === 1) {
          last = now;
          setSide({ state: 'running', progress: f });
        }
      },
    }).then(
      (result) => setSide({ state: 'done', result }),
      (e: Error) => {
        if (e.name !== 'AbortError') setSide({ state: 'error', message: e.message });
      },
    );
    return () => ctl.abort();
  }, [key, nonce, baseline]);
  return key === null ? null : side;
}

/** Reports `running` to `onRunning` as it changes, and false when the view goes (Close comparison stops its runs). */
export function useReportRunning(running: boolean, onRunning?: (running: boolean) => void): void {
  useEffect(() => {
    onRunning?.(running);
  }, [running, onRunning]);
  useEffect(
    () => () => {
      onRunning?.(false);
    },
    [onRunning],
  );
}

export function Progress({ label, side, color }: { label: string; side: Side; color: string }) {
  return (
    <div className="cmp-progress">
      <span className="cmp-swatch" style={{ background: color }} aria-hidden="true" />
      <strong>{label}</strong>
      {side.state === 'running' ? (
        <>
          <progress max={1} value={Number.isFinite(side.progress) ? side.progress : undefined} aria-label={`${label}: progress`} />
          <span>{Number.isFinite(side.progress) ? `${Math.round(side.progress * 100)} %` : 'running…'}</span>
        </>
      ) : side.state === 'done' ? (
        <span>done: {side.result.summary.simulatedSeconds.toFixed(2)} s simulated</span>
      ) : (
        <span className="cmp-error" role="alert">
          {side.message}
        </span>
      )}
    </div>
  );
}

function column(r: CompareRunResult, name: string): ChartLine['y'] | null {
  const c = r.series.column(name);
  if (!c) return null;
  for (let i = 0; i < r.series.length; i++) if (c[i] === c[i]) return c;
  return null;
}

/**
 * The summaries as one table; with many flows (foldFlows) their rows are folded into their
 * spread, and listed one by one in a second table under a disclosure.
 */
export function DiffTable({ rows, labelA, labelB, flowRows = [], flows = 0 }: { rows: DiffRow[]; labelA: string; labelB: string; flowRows?: DiffRow[]; flows?: number }) {
  return (
    <>
      <RowTable rows={rows} labelA={labelA} labelB={labelB} caption="Summaries (highlighted: different; bold: better)" />
      {flowRows.length > 0 ? (
        <details className="cmp-flow-rows">
          <summary>
            Every flow, one by one ({flows} flows, {flowRows.length} rows)
          </summary>
          <RowTable rows={flowRows} labelA={labelA} labelB={labelB} caption="Per flow (highlighted: different; bold: better)" />
        </details>
      ) : null}
    </>
  );
}

function RowTable({ rows, labelA, labelB, caption }: { rows: DiffRow[]; labelA: string; labelB: string; caption: string }) {
  return (
    <table className="cmp-table">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Metric</th>
          <th scope="col">
            <span className="cmp-swatch" style={{ background: COLOR_A }} aria-hidden="true" /> {labelA}
          </th>
          <th scope="col">
            <span className="cmp-swatch" style={{ background: COLOR_B }} aria-hidden="true" /> {labelB}
          </th>
          <th scope="col">Change</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.key} className={`cmp-${r.change} cmp-${r.group}`} data-metric={r.key}>
            <th scope="row">{r.label.trim()}</th>
            <td className={r.winner === 'a' ? 'cmp-win' : undefined}>{r.a === null ? r.missing : r.format(r.a)}</td>
            <td className={r.winner === 'b' ? 'cmp-win' : undefined}>{r.b === null ? r.missing : r.format(r.b)}</td>
            <td>{relText(r)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function CompareView({ a, b, labelA, labelB, maxFlows = 12, classroom = false, onRunning }: CompareViewProps) {
  const [nonce, setNonce] = useState(0);
  const [layout, setLayout] = useState<'overlay' | 'side'>('overlay');
  // the same seed for both, so only the scenarios' differences differ
  const bSeeded = useMemo(() => (b.seed === a.seed ? b : { ...b, seed: a.seed }), [a, b]);
  // Web traffic: the response-time chart draws one uncongested baseline (the first web
  // scenario's). It carries as many packets as a run, so it runs in a third worker beside
  // the two runs instead of inside both (on a machine with 3 cores or more the comparison
  // takes the time of one run, not of two).
  const baseOf = [a, bSeeded].find(hasWebTraffic) ?? null;
  const sa = useRun(a, nonce, false)!;
  const sb = useRun(bSeeded, nonce, false)!;
  const sbase = useRun(baseOf, nonce, 'only');
  const running = sa.state === 'running' || sb.state === 'running' || sbase?.state === 'running';
  useReportRunning(running, onRunning);
  const va = viewOf(a);
  const vb = viewOf(bSeeded);

  const resA = sa.state === 'done' ? sa.result : null;
  const resB = sb.state === 'done' ? sb.result : null;
  const table = useMemo(() => (resA && resB ? foldFlows(compareSummaries(resA.summary, resB.summary), resA.summary, resB.summary) : { rows: [], flowRows: [], flows: 0 }), [resA, resB]);

  let body = null;
  if (resA && resB) {
    const A = resA;
    const B = resB;
    const t1 = Math.max(A.summary.simulatedSeconds, B.summary.simulatedSeconds, 1e-3);
    const lineOf = (r: CompareRunResult, name: string, key: string, label: string, color: string, dash?: string, width?: number, scale = 1): ChartLine | null => {
      const y = column(r, name);
      if (!y) return null;
      const n = r.series.length;
      return { key, label, color, dash, width, t: r.series.t, y: scale === 1 ? y : Float64Array.from({ length: n }, (_, i) => y[i] * scale), n };
    };
    // one axis for both queues: KB when both count bytes, else packets (queue-axis.ts)
    const axis = queueAxis(va.queue.unit, vb.queue.unit);
    const avgA = va.queue.minTh !== null && axis.ownUnit(va.queue.unit);
    const avgB = vb.queue.minTh !== null && axis.ownUnit(vb.queue.unit);
    const queueA = [lineOf(A, axis.column, 'qa', `${labelA}: queue`, COLOR_A, undefined, undefined, axis.scale), avgA ? lineOf(A, 'avg', 'aa', `${labelA}: average`, COLOR_A, '2 3', 1.5, axis.scale) : null].filter((l): l is ChartLine => l !== null);
    const queueB = [lineOf(B, axis.column, 'qb', `${labelB}: queue`, COLOR_B, DASH_B, undefined, axis.scale), avgB ? lineOf(B, 'avg', 'ab', `${labelB}: average`, COLOR_B, '2 3', 1.5, axis.scale) : null].filter((l): l is ChartLine => l !== null);
    const refs: { y: number; label: string; color: string }[] = [];
    const thOf = (v: typeof va) => (axis.ownUnit(v.queue.unit) ? v.queue : { minTh: null, maxTh: null });
    const sameTh = thOf(va).minTh === thOf(vb).minTh && thOf(va).maxTh === thOf(vb).maxTh;
    for (const [v, tag] of [[va, sameTh ? '' : ' (A)'], [vb, ' (B)']] as const) {
      if (tag === ' (B)' && sameTh) continue;
      const th = thOf(v);
      if (th.minTh !== null) refs.push({ y: th.minTh * axis.scale, label: `min_th${tag}`, color: SERIES.minTh });
      if (th.maxTh !== null) refs.push({ y: th.maxTh * axis.scale, label: `max_th${tag}`, color: SERIES.maxTh });
    }
    let qMax = 0;
    for (const l of [...queueA, ...queueB]) for (let i = 0; i < l.n; i++) if (l.y[i] > qMax) qMax = l.y[i];
    const queueUnit = axis.label;

    const nFlows = Math.max(A.summary.flows.length, B.summary.flows.length);
    const shown = Math.min(nFlows, maxFlows);
    let cwMax = 0;
    const cw: { i: number; lines: ChartLine[] }[] = [];
    for (let i = 0; i < shown; i++) {
      const lines = [lineOf(A, `cwnd.${i}`, `ca${i}`, labelA, COLOR_A), lineOf(B, `cwnd.${i}`, `cb${i}`, labelB, COLOR_B, DASH_B)].filter((l): l is ChartLine => l !== null);
      for (const l of lines) for (let k = 0; k < l.n; k++) if (l.y[k] > cwMax) cwMax = l.y[k];
      if (lines.length) cw.push({ i, lines });
    }

    body = (
      <>
        <div className="cmp-layout" role="group" aria-label="Queue chart layout">
          <label>
            <input type="radio" name="cmp-layout" checked={layout === 'overlay'} onChange={() => setLayout('overlay')} /> Overlaid
          </label>
          <label>
            <input type="radio" name="cmp-layout" checked={layout === 'side'} onChange={() => setLayout('side')} /> Side by side
          </label>
        </div>
        {layout === 'overlay' ? (
          <LineChart classroom={classroom} title="Bottleneck queue" yLabel={queueUnit} t0={0} t1={t1} lines={[...queueA, ...queueB]} refs={refs} />
        ) : (
          <div className="cmp-side">
            <LineChart classroom={classroom} title={`Bottleneck queue: ${labelA}`} yLabel={queueUnit} t0={0} t1={t1} lines={queueA} yMax={qMax} refs={refs.filter((r) => !r.label.endsWith('(B)'))} />
            <LineChart classroom={classroom} title={`Bottleneck queue: ${labelB}`} yLabel={queueUnit} t0={0} t1={t1} lines={queueB} yMax={qMax} refs={refs.filter((r) => !r.label.endsWith('(A)'))} />
          </div>
        )}
        {A.summary.web || B.summary.web ? (
          <ResponseCompare
            runs={[
              { label: labelA, color: COLOR_A, exchanges: A.exchanges },
              { label: labelB, color: COLOR_B, dash: [7, 4], exchanges: B.exchanges },
            ]}
            baseline={sbase?.state === 'done' ? sbase.result.exchanges : undefined}
            classroom={classroom}
          />
        ) : null}
        {/* web traffic alone has no long-lived flow, so no cwnd to draw: no empty heading either */}
        {cw.length > 0 ? (
          <>
            <h3 className="cmp-h">Congestion window per flow</h3>
            <p className="cmp-legend-line">
              <span className="cmp-swatch" style={{ background: COLOR_A }} aria-hidden="true" /> {labelA} (solid) &nbsp;
              <span className="cmp-swatch" style={{ background: COLOR_B }} aria-hidden="true" /> {labelB} (dashed); segments, same scale in every panel
              {nFlows > shown ? ` — first ${shown} of ${nFlows} flows` : ''}
            </p>
            <div className="cmp-multiples">
              {cw.map(({ i, lines }) => (
                <LineChart classroom={classroom} key={i} compact title={`Flow ${i}`} yLabel="cwnd (segments)" t0={0} t1={t1} lines={lines} yMax={cwMax} height={160} />
              ))}
            </div>
          </>
        ) : null}
        <DiffTable rows={table.rows} flowRows={table.flowRows} flows={table.flows} labelA={labelA} labelB={labelB} />
      </>
    );
  }

  return (
    <section className="cmp" aria-label={`Compare ${labelA} and ${labelB}`}>
      <header className="cmp-head">
        <Progress label={labelA} side={sa} color={COLOR_A} />
        <Progress label={labelB} side={sb} color={COLOR_B} />
        {sbase ? <Progress label="uncongested baseline" side={sbase} color={BASELINE_COLOR} /> : null}
        <button type="button" onClick={() => setNonce((k) => k + 1)} disabled={running}>
          Run again
        </button>
      </header>
      <p className="cmp-seed">
        Both run with seed {a.seed}
        {b.seed !== a.seed ? ` (${labelB} had seed ${b.seed}; it was set to ${a.seed} so only the scenarios differ)` : ''}.
      </p>
      {body}
    </section>
  );
}
