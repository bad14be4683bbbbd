/**
 * Compare two scenarios run with the same seed (issue 3, "Compare"): both run headless,
 * as fast as possible, in two Web Workers at once; then their bottleneck queues (overlaid
 * or side by side), every flow's cwnd as small multiples, and their summaries in one
 * table with the differences highlighted.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import type { Scenario } from '../../engine/scenario/schema';
import { PALETTE } from '../colors';
import { hasWebTraffic, viewOf } from '../scenario-view';
import { BETTER_RULE, compareSummaries, foldFlows, relText, styleText, type DiffRow } from './diff';
import { capitalized, flowPairLabel, flowTagsTogether } from '../flow-tags';
import { LineChart, type ChartLine } from './LineChart';
import { BASELINE_COLOR } from '../charts/response-plot';
import { ResponseCompare } from './ResponseCompare';
import { baselineServesBoth } from './family';
import type { CompareRunResult } from './run';
import { queueAxis, queueRefs } from './queue-axis';
import { countedText, runLengthNote } from './run-length';
import { useRuns, type RunJob } from './run-queue';
import { diffStyle, diffText, faintTitle, runCounterText, seedCount, seedList, seedOfB, seedOnly, seedsText, seedTable, SPREAD_RULE, statText, verdictText, type SeedRow } from './seeds';
import { ExportAndFullScreen } from '../charts/ChartCard';
import { download, type FigureSource } from '../charts/export';
import { BUILD_ID } from '../build-id';
import { encodeLink } from '../scenario-api';
import { compareStem, runFileName } from './file-names';
import { foundText, seedRunsAnnouncement, useMilestoneSpeech } from './run-speech';
import { diffTableCsv, seedTableCsv } from './table-csv';
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
  /** Seeds each scenario runs over: a.seed, a.seed + 1, ... (default 1: a.seed alone). */
  seeds?: number;
  /** The lesson `a` is (or was edited from), for an exported chart's caption and link; null: a custom scenario. */
  lesson?: string | null;
  /** Compare's page query for this comparison ("?compare=lesson:web-redecn5-80"), in an exported chart's link. */
  query?: string;
  /** The lesson `b` is, when it is one (a lesson chosen by name), for the exported files' names. */
  lessonB?: string | null;
}

export type Side = { state: 'running'; progress: number } | { state: 'done'; result: CompareRunResult } | { state: 'error'; message: string };

const COLOR_A = PALETTE.blue;
const COLOR_B = PALETTE.vermillion;
const DASH_B = '7 3';

/** Dash of a side's average queue on the queue chart. */
const DASH_AVG = '2 3';
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

export function Progress({ label, side, color, seeds = 1 }: { label: string; side: Side; color: string; seeds?: number }) {
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
        <span>{seeds > 1 ? `done: ${seeds} seeds` : `done: ${side.result.summary.simulatedSeconds.toFixed(2)} s simulated`}</span>
      ) : (
        <span className="cmp-error" role="alert">
          {side.message}
        </span>
      )}
    </div>
  );
}

/**
 * A comparison over seeds' run counter ("run 7 of 20"), on screen and not live, and the
 * hidden status a screen reader hears at the start, each quarter and the end (`said`:
 * useMilestoneSpeech); Compare and the lesson family over seeds show the same.
 */
export function SeedRuns({ done, total, said }: { done: number; total: number; said: string }) {
  return (
    <>
      <span className="cmp-runs" data-testid="seed-runs">
        {runCounterText(done, total)}
      </span>
      <span className="sr-only" role="status" data-testid="seed-announce">
        {said}
      </span>
    </>
  );
}

/**
 * Said once every run of a one-seed comparison has ended (over seeds the run counter says it):
 * the progress lines are not a live region, so a screen-reader user, left on Close comparison,
 * heard nothing when the results came.
 */
export function DoneNote({ sides, what }: { sides: readonly Side[]; what: string }) {
  const done = sides.length > 0 && sides.every((s) => s.state === 'done');
  return (
    <span className="sr-only" role="status" data-testid="compare-done">
      {done ? `Comparison done: ${what}` : ''}
    </span>
  );
}

function column(r: CompareRunResult, name: string): ChartLine['y'] | null {
  const c = r.series.column(name);
  if (!c) return null;
  for (let i = 0; i < r.series.length; i++) if (c[i] === c[i]) return c;
  return null;
}

/** Units said in the Export menu of a comparison's table, as a chart's menu says its columns'. */
export const TABLE_UNITS = 'One row per metric, a column per run. Each row’s numbers are in its unit column (%, ms, pkts, s, Mb/s; blank: a plain number); an empty cell: no value (an unfinished flow).';

export { compareStem, fileSlug, runFileName, seedsSlug } from './file-names';

/** A comparison table's Export menu (the chart cards' menu, CSV only): `csv` builds the file when asked. */
export function TableExport({ title, filename, csv, units = TABLE_UNITS, dataNote }: { title: string; filename: string; csv: () => string; units?: string; dataNote?: () => string | null }) {
  const menuRef = useRef<HTMLDetailsElement>(null);
  return (
    <div className="cmp-table-tools" data-testid="compare-table-export">
      <ExportAndFullScreen
        title={title}
        menuRef={menuRef}
        kinds={['csv']}
        units={units}
        dataNote={dataNote}
        onExport={() => {
          if (menuRef.current) menuRef.current.open = false;
          download(filename, new Blob([csv()], { type: 'text/csv' }));
        }}
      />
    </div>
  );
}

/**
 * The names in flow `i`'s small multiple of cwnd: its title names the flow as the
 * single-run legends do, by the sides' tags (`tagsA`, `tagsB`: flow-tags.ts
 * flowTagsTogether over both scenarios; flowPairLabel): "Flow 0 · CUBIC" when the sides'
 * tags agree. Where they differ, each side's line (named in the chart's accessible name)
 * also carries its own tag: "cubic-vs-reno · CUBIC".
 */
export function cwndPanelNames(i: number, labelA: string, labelB: string, tagsA: readonly string[], tagsB: readonly string[]): { title: string; a: string; b: string } {
  const same = (tagsA[i] ?? '') === (tagsB[i] ?? '');
  const side = (label: string, tags: readonly string[]) => (!same && tags[i] ? `${label} · ${tags[i]}` : label);
  return { title: capitalized(flowPairLabel(i, tagsA, tagsB)), a: side(labelA, tagsA), b: side(labelB, tagsB) };
}

/**
 * The summaries as one table; with many flows (foldFlows) their rows are folded into their
 * spread, and listed one by one in a second table under a disclosure.
 */
export function DiffTable({ rows, labelA, labelB, flowRows = [], flows = 0, counted = '' }: { rows: DiffRow[]; labelA: string; labelB: string; flowRows?: DiffRow[]; flows?: number; counted?: string }) {
  return (
    <>
      <RowTable rows={rows} labelA={labelA} labelB={labelB} caption={`Summaries${counted} (highlighted: different; bold: better)`} />
      {flowRows.length > 0 ? (
        <details className="cmp-flow-rows">
          <summary>
            Every flow, one by one ({flows} flows, {flowRows.length} rows)
          </summary>
          <RowTable rows={flowRows} labelA={labelA} labelB={labelB} caption="Per flow (highlighted: different; bold: better)" />
        </details>
      ) : null}
      <p className="cmp-legend-line cmp-rule" data-testid="better-rule">
        {BETTER_RULE}
      </p>
    </>
  );
}

/**
 * What the bold of a table's better cell says, for a screen reader: the caption's "bold:
 * better" was the only word of it, and a student navigating the cells heard "12.4 pkts, 51.8
 * pkts, +319 %" with no side named better.
 */
export function BetterSaid({ than }: { than?: string }) {
  return <span className="sr-only">{than ? `, better than ${than}` : ', better'}</span>;
}

function RowTable({ rows, labelA, labelB, caption }: { rows: DiffRow[]; labelA: string; labelB: string; caption: string }) {
  return (
    <table className="cmp-table">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Metric</th>
          <th scope="col">
            <span className="cmp-swatch" style={{ background: COLOR_A }} aria-hidden="true" /> A: {labelA}
          </th>
          <th scope="col">
            <span className="cmp-swatch" style={{ background: COLOR_B }} aria-hidden="true" /> B: {labelB}
          </th>
          <th scope="col">Change</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.key} className={`cmp-${r.change} cmp-${r.group}`} data-metric={r.key}>
            <th scope="row">{r.label.trim()}</th>
            <td className={r.winner === 'a' ? 'cmp-win' : undefined}>
              {r.a === null ? r.missing : r.format(r.a)}
              {r.winner === 'a' ? <BetterSaid /> : null}
            </td>
            <td className={r.winner === 'b' ? 'cmp-win' : undefined}>
              {r.b === null ? r.missing : r.format(r.b)}
              {r.winner === 'b' ? <BetterSaid /> : null}
            </td>
            <td>{relText(r)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * The summaries over several seeds: per metric each side's mean ± sample sd, the difference
 * of the means and whether it is larger than the seeds' spread (seeds.ts, SPREAD_RULE);
 * with many flows their rows folded as in the one-seed table.
 */
export function SeedDiffTable({ rows, flowRows, flows, labelA, labelB, seeds, counted = '' }: { rows: SeedRow[]; flowRows: SeedRow[]; flows: number; labelA: string; labelB: string; seeds: readonly number[]; counted?: string }) {
  const over = `over ${seeds.length} seeds (${seedsText(seeds)})`;
  return (
    <>
      <SeedRowTable rows={rows} labelA={labelA} labelB={labelB} caption={`Summaries${counted}: mean ± sample standard deviation ${over}`} />
      {flowRows.length > 0 ? (
        <details className="cmp-flow-rows">
          <summary>
            Every flow, one by one ({flows} flows, {flowRows.length} rows)
          </summary>
          <SeedRowTable rows={flowRows} labelA={labelA} labelB={labelB} caption={`Per flow: mean ± sample standard deviation ${over}`} />
        </details>
      ) : null}
      <p className="cmp-legend-line cmp-rule" data-testid="spread-rule">
        Highlighted: the difference is larger than the seeds’ spread; bold: the better side there. {SPREAD_RULE}
      </p>
    </>
  );
}

function SeedRowTable({ rows, labelA, labelB, caption }: { rows: SeedRow[]; labelA: string; labelB: string; caption: string }) {
  return (
    <table className="cmp-table cmp-seeds-table" data-testid="seed-table">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Metric</th>
          <th scope="col">
            <span className="cmp-swatch" style={{ background: COLOR_A }} aria-hidden="true" /> A: {labelA}
          </th>
          <th scope="col">
            <span className="cmp-swatch" style={{ background: COLOR_B }} aria-hidden="true" /> B: {labelB}
          </th>
          <th scope="col">
            Difference of means, B − A
            {rows.some((r) => diffStyle(r.style) !== r.style) ? <span> (pp: percentage points)</span> : null}
          </th>
          <th scope="col" title={SPREAD_RULE}>
            Versus the seeds’ spread
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.key} className={`cmp-${r.verdict === 'apart' ? 'large' : 'same'} cmp-${r.group}`} data-metric={r.key} data-verdict={r.verdict ?? ''}>
            <th scope="row">{r.label.trim()}</th>
            <td className={r.winner === 'a' ? 'cmp-win' : undefined} data-mean={r.a.mean ?? ''} data-sd={r.a.sd ?? ''} title={r.a.values.map((v) => (v === null ? r.missingText : r.format(v))).join(', ')}>
              {statText(r, r.a)}
              {r.winner === 'a' ? <BetterSaid /> : null}
            </td>
            <td className={r.winner === 'b' ? 'cmp-win' : undefined} data-mean={r.b.mean ?? ''} data-sd={r.b.sd ?? ''} title={r.b.values.map((v) => (v === null ? r.missingText : r.format(v))).join(', ')}>
              {statText(r, r.b)}
              {r.winner === 'b' ? <BetterSaid /> : null}
            </td>
            <td title={r.bound === null ? undefined : `spread bound 2·sd(B − A)/√N over the per-seed differences = ${styleText(diffStyle(r.style), r.bound)}`}>{diffText(r)}</td>
            <td>{verdictText(r.verdict)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** One side over its seeds, as one Side: an error if any run failed, done (the first seed's result) when all are, else the mean progress. */
export function sideOver(sides: readonly Side[]): Side {
  const err = sides.find((s) => s.state === 'error');
  if (err) return err;
  if (sides.every((s) => s.state === 'done')) return sides[0];
  if (sides.length === 1) return sides[0];
  const f = sides.reduce((x, s) => x + (s.state === 'done' ? 1 : s.state === 'running' && Number.isFinite(s.progress) ? s.progress : 0), 0);
  return { state: 'running', progress: f / sides.length };
}

export function CompareView({ a, b, labelA, labelB, maxFlows = 12, classroom = false, onRunning, seeds = 1, lesson = null, query, lessonB = null }: CompareViewProps) {
  const [nonce, setNonce] = useState(0);
  const [layout, setLayout] = useState<'overlay' | 'side'>('overlay');
  const n = seedCount(seeds);
  // the same seed for both, so only the scenarios' differences differ
  // (unless the seed is all they differ in: then B keeps its own, seedOfB)
  const bSeed = useMemo(() => seedOfB(a, b, n), [a, b, n]);
  // over several seeds a seed-only difference runs at A's seeds, the same runs: said so
  const sameOverSeeds = n > 1 && seedOnly(a, b);
  const bSeeded = useMemo(() => (b.seed === bSeed ? b : { ...b, seed: bSeed }), [b, bSeed]);
  // one seed only (seedOfB): B's seed apart from A's
  const bOffset = bSeed - a.seed;
  // Web traffic: the response-time chart draws one uncongested baseline (the first web
  // scenario's). It carries as many packets as a run, so it runs in a third worker beside
  // the two runs instead of inside both (on a machine with 3 cores or more the comparison
  // takes the time of one run, not of two).
  const baseOf = [a, bSeeded].find(hasWebTraffic) ?? null;
  // and it is A's alone when B's traffic, network or window differ: named so
  const baseShared = useMemo(() => baselineServesBoth(a, bSeeded), [a, bSeeded]);
  const baseName = baseShared ? 'uncongested' : 'uncongested (A’s traffic)';
  // each side at seeds s .. s+n-1, the first seed's pair (and the baseline) first; no more
  // runs at once than one seed takes (2, or 3 with a baseline), so more seeds take longer
  // but never load the machine more than one comparison did
  const seedsRun = useMemo(() => seedList(a.seed, n), [a.seed, n]);
  const { jobs, idxA, idxB, idxBase } = useMemo(() => {
    const list: RunJob[] = [];
    const ia: number[] = [];
    const ib: number[] = [];
    let ibase = -1;
    seedsRun.forEach((seed, k) => {
      ia.push(list.push({ scenario: k === 0 ? a : { ...a, seed }, baseline: false, light: k > 0 }) - 1);
      ib.push(list.push({ scenario: k === 0 ? bSeeded : { ...bSeeded, seed: seed + bOffset }, baseline: false, light: k > 0 }) - 1);
      if (k === 0 && baseOf) ibase = list.push({ scenario: baseOf, baseline: 'only' }) - 1;
    });
    return { jobs: list, idxA: ia, idxB: ib, idxBase: ibase };
  }, [a, bSeeded, bOffset, baseOf, seedsRun]);
  const sides = useRuns(jobs, nonce, baseOf ? 3 : 2);
  const sidesA = idxA.map((i) => sides[i]);
  const sidesB = idxB.map((i) => sides[i]);
  const sa = sideOver(sidesA);
  const sb = sideOver(sidesB);
  const sbase = idxBase >= 0 ? sides[idxBase] : null;
  const running = sides.some((s) => s.state === 'running');
  const runsDone = sides.filter((s) => s.state === 'done').length;
  const runsFailed = sides.filter((s) => s.state === 'error').length;

  // the charts: the first seed's runs, as soon as both are done
  useReportRunning(running, onRunning);
  const va = useMemo(() => viewOf(a), [a]);
  const vb = useMemo(() => viewOf(bSeeded), [bSeeded]);
  // the sides' flows tagged together ("flow 0 · CUBIC", "flow 1 (A: NewReno, B: CUBIC)"; flow-tags.ts)
  const [tagsA, tagsB] = useMemo(() => flowTagsTogether([a, bSeeded]), [a, bSeeded]);
  const resA = sidesA[0].state === 'done' ? sidesA[0].result : null;
  const resB = sidesB[0].state === 'done' ? sidesB[0].result : null;
  // two-way traffic on either side: the table has the reverse queue's rows (as the single-run table)
  const reverse = va.twoWay || vb.twoWay;
  const table = useMemo(() => (resA && resB ? foldFlows(compareSummaries(resA.summary, resB.summary, tagsA, tagsB, { reverse }), resA.summary, resB.summary) : { rows: [], flowRows: [], flows: 0 }), [resA, resB, tagsA, tagsB, reverse]);
  // the table over seeds: once every run of both sides is done
  const allA = sidesA.every((s) => s.state === 'done') ? sidesA.map((s) => (s as Extract<Side, { state: 'done' }>).result) : null;
  const allB = sidesB.every((s) => s.state === 'done') ? sidesB.map((s) => (s as Extract<Side, { state: 'done' }>).result) : null;
  const doneKey = allA && allB ? sides.map((s) => s.state).join() : '';
  const overSeeds = useMemo(
    () => (n > 1 && allA && allB ? seedTable(allA.map((r, k) => ({ a: r.summary, b: allB[k].summary })), tagsA, tagsB, { reverse }) : null),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [n, doneKey, sides, tagsA, tagsB, reverse],
  );
  // over seeds a screen reader hears the start, each quarter and the end with what the table
  // found (run-speech.ts), not the counter's "run k of 20" at every run
  const said = useMilestoneSpeech(runsDone + runsFailed, jobs.length, () =>
    seedRunsAnnouncement({ done: runsDone, failed: runsFailed, total: jobs.length, atOnce: idxBase >= 0 ? 3 : 2, what: `A: ${labelA}; B: ${labelB}${idxBase >= 0 ? '; and an uncongested baseline' : ''}`, seeds: seedsText(seedsRun), found: overSeeds ? foundText(overSeeds.rows, 'B against A') : null }),
  );
  const seedTag = n > 1 ? ` (seed ${seedsRun[0]})` : '';
  // the seed is made the same; the lengths are each scenario's own, said when they differ
  const lengthNote = runLengthNote(a, b);
  // the table counts from the warm-up on, the charts show the whole run: the caption says so,
  // as the single-run summary's heading does (a web lesson's first 30 s are in the queue chart only)
  const counted = countedText(a.warmup, b.warmup);

  // an exported chart says where it came from as a single-run chart's does (export.ts
  // captionText): A's lesson, seed and link, what it is compared with, and over which seeds
  const stem = compareStem(runFileName(labelA, lesson, a), runFileName(labelB, lessonB, b), seedsRun);
  const figure = (chart: string) => ({
    stem: `${stem}-${chart}`,
    source: (): FigureSource => ({ lesson, seed: a.seed, link: encodeLink(a, lesson), date: new Date(), build: BUILD_ID, compared: labelB, seeds: n > 1 ? seedsText(seedsRun) : undefined, query }),
  });

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
    const queueA = [lineOf(A, axis.column, 'qa', `${labelA}: queue`, COLOR_A, undefined, undefined, axis.scale), avgA ? lineOf(A, 'avg', 'aa', `${labelA}: average`, COLOR_A, DASH_AVG, 1.5, axis.scale) : null].filter((l): l is ChartLine => l !== null);
    const queueB = [lineOf(B, axis.column, 'qb', `${labelB}: queue`, COLOR_B, DASH_B, undefined, axis.scale), avgB ? lineOf(B, 'avg', 'ab', `${labelB}: average`, COLOR_B, DASH_AVG, 1.5, axis.scale) : null].filter((l): l is ChartLine => l !== null);
    const thOf = (v: typeof va) => (axis.ownUnit(v.queue.unit) ? v.queue : { minTh: null, maxTh: null });
    const refs = queueRefs(thOf(va), thOf(vb), axis.scale);
    let qMax = 0;
    for (const l of [...queueA, ...queueB]) for (let i = 0; i < l.n; i++) if (l.y[i] > qMax) qMax = l.y[i];
    const queueUnit = axis.label;

    const nFlows = Math.max(A.summary.flows.length, B.summary.flows.length);
    const shown = Math.min(nFlows, maxFlows);
    let cwMax = 0;
    const cw: { i: number; title: string; lines: ChartLine[] }[] = [];
    for (let i = 0; i < shown; i++) {
      const names = cwndPanelNames(i, labelA, labelB, tagsA, tagsB);
      const lines = [lineOf(A, `cwnd.${i}`, `ca${i}`, names.a, COLOR_A), lineOf(B, `cwnd.${i}`, `cb${i}`, names.b, COLOR_B, DASH_B)].filter((l): l is ChartLine => l !== null);
      for (const l of lines) for (let k = 0; k < l.n; k++) if (l.y[k] > cwMax) cwMax = l.y[k];
      if (lines.length) cw.push({ i, title: names.title, lines });
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
          <LineChart classroom={classroom} exportAs={figure('queue')} title={`Bottleneck queue${seedTag}`} yLabel={queueUnit} t0={0} t1={t1} lines={[...queueA, ...queueB]} refs={refs} />
        ) : (
          <div className="cmp-side">
            <LineChart classroom={classroom} exportAs={figure('queue-a')} title={`Bottleneck queue: ${labelA}${seedTag}`} yLabel={queueUnit} t0={0} t1={t1} lines={queueA} yMax={qMax} refs={refs.filter((r) => !r.label.endsWith('(B)'))} />
            <LineChart classroom={classroom} exportAs={figure('queue-b')} title={`Bottleneck queue: ${labelB}${seedTag}`} yLabel={queueUnit} t0={0} t1={t1} lines={queueB} yMax={qMax} refs={refs.filter((r) => !r.label.endsWith('(A)'))} />
          </div>
        )}
        {A.summary.web || B.summary.web ? (
          <ResponseCompare
            runs={[
              { label: labelA, color: COLOR_A, exchanges: A.exchanges },
              { label: labelB, color: COLOR_B, dash: [7, 4], exchanges: B.exchanges },
            ]}
            faint={[...sidesA.slice(1).map((s) => ({ s, color: COLOR_A })), ...sidesB.slice(1).map((s) => ({ s, color: COLOR_B }))].flatMap(({ s, color }) => (s.state === 'done' ? [{ color, exchanges: s.result.exchanges }] : []))}
            title={faintTitle(seedsRun)}
            baseline={sbase?.state === 'done' ? sbase.result.exchanges : undefined}
            baselineLabel={baseName}
            classroom={classroom}
            exportAs={figure('response-times')}
          />
        ) : null}
        {/* web traffic alone has no long-lived flow, so no cwnd to draw: no empty heading either */}
        {cw.length > 0 ? (
          <>
            <h3 className="cmp-h">Congestion window per flow{seedTag}</h3>
            <p className="cmp-legend-line">
              <span className="cmp-swatch" style={{ background: COLOR_A }} aria-hidden="true" /> {labelA} (solid) &nbsp;
              <span className="cmp-swatch" style={{ background: COLOR_B }} aria-hidden="true" /> {labelB} (dashed); segments, same scale in every panel
              {nFlows > shown ? ` — first ${shown} of ${nFlows} flows` : ''}
            </p>
            <div className="cmp-multiples">
              {cw.map(({ i, title, lines }) => (
                <LineChart classroom={classroom} key={i} compact exportAs={figure(`cwnd-flow${i}`)} title={title} yLabel="cwnd (segments)" t0={0} t1={t1} lines={lines} yMax={cwMax} height={220} />
              ))}
            </div>
          </>
        ) : null}
        {n === 1 ? (
          <TableExport title="comparison table" filename={`${stem}.csv`} csv={() => diffTableCsv(table.rows, table.flowRows, labelA, labelB)} />
        ) : overSeeds ? (
          <TableExport title="table of means over seeds" filename={`${stem}.csv`} csv={() => seedTableCsv(overSeeds.rows, overSeeds.flowRows, labelA, labelB, seedsRun, seedList(bSeed, n))} />
        ) : null}
        {n === 1 ? (
          <DiffTable rows={table.rows} flowRows={table.flowRows} flows={table.flows} labelA={labelA} labelB={labelB} counted={counted} />
        ) : overSeeds ? (
          <SeedDiffTable rows={overSeeds.rows} flowRows={overSeeds.flowRows} flows={overSeeds.flows} labelA={labelA} labelB={labelB} seeds={seedsRun} counted={counted} />
        ) : (
          <p className="cmp-seed" data-testid="seed-table-wait">
            The table of means over {seedsText(seedsRun)} appears when all {jobs.length - (idxBase >= 0 ? 1 : 0)} runs are done.
          </p>
        )}
      </>
    );
  }

  return (
    <section className="cmp" aria-label={`Compare ${labelA} and ${labelB}`}>
      <header className="cmp-head">
        <Progress label={labelA} side={sa} color={COLOR_A} seeds={n} />
        <Progress label={labelB} side={sb} color={COLOR_B} seeds={n} />
        {sbase ? <Progress label={baseShared ? 'uncongested baseline' : 'uncongested baseline (A’s traffic)'} side={sbase} color={BASELINE_COLOR} /> : null}
        {n > 1 ? (
          <SeedRuns done={runsDone} total={jobs.length} said={said} />
        ) : (
          <DoneNote sides={sides} what="the charts and the table of summaries follow." />
        )}
        <button type="button" onClick={() => setNonce((k) => k + 1)} disabled={running}>
          Run again
        </button>
      </header>
      <p className="cmp-seed">
        {bOffset !== 0
          ? `${labelA} runs with seed ${a.seed}, ${labelB} with seed ${bSeed}: the seed is all they differ in, so this compares two random draws of one scenario`
          : n > 1
            ? `Both run with each of ${seedsText(seedsRun)}`
            : `Both run with seed ${a.seed}`}
        {b.seed !== bSeed ? ` (${labelB} had seed ${b.seed}; it was set to ${a.seed} so only the scenarios differ${sameOverSeeds ? ': the seed is all they differ in, so over several seeds the runs are the same; over 1 seed Compare runs the two draws' : ''})` : ''}
        {n > 1 ? `: ${2 * n} runs${sbase ? ' and one uncongested baseline' : ''}, ${sbase ? 3 : 2} at a time. The charts show seed ${seedsRun[0]}; the table, the mean over the seeds.` : '.'}
      </p>
      {lengthNote ? (
        <p className="cmp-seed cmp-length-note" data-testid="run-length-note">
          {lengthNote}
        </p>
      ) : null}
      {body}
    </section>
  );
}
