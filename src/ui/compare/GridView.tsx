/**
 * A paper's figure from its grid of presets (grid.ts): every point runs headless in a
 * worker of its own, a few at once (run-queue.ts, as the family view), keeping only its
 * summary; then one small chart per metric (e.g. loss and utilization against max_p, one
 * curve per connection count, the reference as a dashed line of the curve's colour), the
 * paper's reading of the figure as a caption, and the numbers in plain tables.
 * Closing the comparison unmounts the view, which stops the runs still going.
 */
import { scaleLinear, symbol, symbolCircle, symbolCross, symbolDiamond, symbolSquare, symbolTriangle } from 'd3';
import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { Summary } from '../../engine/metrics/types';
import { presetScenario } from '../../engine/scenario/presets';
import { BUILD_ID } from '../build-id';
import { ExportAndFullScreen } from '../charts/ChartCard';
import type { FigureSource } from '../charts/export';
import { SERIES } from '../colors';
import { encodeLink } from '../scenario-api';
import { TableExport, useReportRunning } from './CompareView';
import { gridAnnouncement, gridCellText, gridCurves, gridHeading, gridMark, gridMarkText, gridTickText, gridValueText, gridTableXHead, gridTicks, gridXPosition, gridXs, gridYDomain, type GridCurve, type GridFigure, type GridMark, type GridMetric } from './grid';
import { exportSvgChart, GridLines, useWidth, yAxisLeft } from './LineChart';
import { familyConcurrency, useRuns, type RunJob } from './run-queue';
import { useMilestoneSpeech } from './run-speech';
import { gridCsv } from './table-csv';

type ExportAs = { stem: string; source: () => FigureSource };

/** Dash of a curve's reference line (and of its legend entry). */
const REF_DASH = '7 4';

const fmtY = gridTickText;
/** The tables' decimals: the metric's own (drops: 0), else 3 from zero (loss), 2 from the data (utilization). */
const decimals = (metric: GridMetric) => metric.decimals ?? (metric.yFrom === 'zero' ? 3 : 2);

/** Each curve's marker, besides its colour (curves that coincide, e.g. at 100 % busy, and colour-blind readers). */
const MARKERS = [symbolCircle, symbolSquare, symbolTriangle, symbolDiamond, symbolCross];
const marker = (i: number, size: number) => symbol(MARKERS[i % MARKERS.length], size)() ?? '';

/**
 * An axis label as one line, or as two split at the space nearest its middle when it would
 * be wider than `room` px at `fs` px (DejaVu Sans, the widest of the fonts the app falls back
 * to, averages about 0.52 em a character): Fig. 20 b's "bandwidth increase per round trip (%)"
 * at a classroom's 20 px is 382 px, wider than a phone's chart.
 */
export function axisLabelLines(label: string, fs: number, room: number): string[] {
  if (label.length * fs * 0.56 <= room) return [label];
  const mid = label.length / 2;
  let cut = -1;
  for (let i = label.indexOf(' '); i >= 0; i = label.indexOf(' ', i + 1)) if (cut < 0 || Math.abs(i - mid) < Math.abs(cut - mid)) cut = i;
  return cut < 0 ? [label] : [label.slice(0, cut), label.slice(cut + 1)];
}

function GridChart({ fig, heading, metric, curves, classroom, exportAs, partial, mark }: { fig: GridFigure; heading: string; metric: GridMetric; curves: readonly GridCurve[]; classroom: boolean; exportAs: ExportAs; partial: string | null; mark: GridMark | null }) {
  const [wrapRef, width] = useWidth();
  const svgRef = useRef<SVGSVGElement>(null);
  const menuRef = useRef<HTMLDetailsElement>(null);
  // as the compare charts: no text under 20 px in a classroom, and a taller plot to keep its area
  const fs = classroom ? 20 : 13;
  const height = classroom ? 340 : 250;
  const values = curves.flatMap((c) => [...c.points.map((p) => p.y), ...(c.ref === undefined ? [] : [c.ref])]).filter((v) => Number.isFinite(v));
  // the y axis as below, for the labels its ticks may have (with the x label on one line or
  // two: the tick count follows the plot's height), which the left margin must hold
  const yFor = (ph: number) => {
    const top = Math.max(10, Math.ceil(fs * 0.7));
    const y = scaleLinear().domain(gridYDomain(values, metric)).range([top + ph, top]).nice(4);
    // a share ends at 100 %: nice() had the utilization axis run to 102 (a link busy all the
    // time can sum to 100 plus a rounding error: Fig. 20 b's axis ran to 100.2 without the tolerance)
    if (metric.yCap !== undefined && y.domain()[1] > metric.yCap && (values.length ? Math.max(...values) : 1) <= metric.yCap * (1 + 1e-9)) y.domain([y.domain()[0], metric.yCap]);
    return { y, yt: y.ticks(Math.max(2, Math.floor(ph / (fs * 3)))) };
  };
  const left = yAxisLeft([1, 2].flatMap((n) => yFor(height - Math.max(10, Math.ceil(fs * 0.7)) - fs * (2.9 + 1.2 * (n - 1))).yt.map(fmtY)), fs, fs * 3.8);
  const right = 16;
  // the x label is centred under the plot: it has the plot's width and the right margin either side
  const xLines = axisLabelLines(fig.xLabel, fs, width - left + right - 4);
  // the top tick's label is centred on the plot's top edge: half its height of room above
  // (in a classroom a fixed 10 px cut its top); a second line of the x label below
  const m = { top: Math.max(10, Math.ceil(fs * 0.7)), right, bottom: fs * (2.9 + 1.2 * (xLines.length - 1)), left };
  const pw = Math.max(10, width - m.left - m.right);
  const ph = Math.max(10, height - m.top - m.bottom);
  const xs = gridXs(fig);
  // the first tick's label is centred on the first point: where the axis' own room (half a
  // doubling, 6 % of the span) is less than half the label (Fig. 4's "0.004" in a classroom
  // on a phone), the axis starts further right, so that it does not run into the y axis' "0"
  const first = gridXPosition(fig, xs, 0, 1)(xs[0] ?? 1);
  const need = m.left + String(xs[0] ?? '').length * fs * 0.28 + 2;
  const x0 = Math.max(m.left, first < 1 ? (need - first * (m.left + pw)) / (1 - first) : m.left);
  const x = gridXPosition(fig, xs, x0, m.left + pw);
  const { y, yt } = yFor(ph);
  const xt = gridTicks(xs, pw / (fs * 3.2));
  const size = classroom ? 90 : 45;
  // the lesson the grid was opened from: its point ringed (or its reference line thicker), said in the text alternative
  const markText = mark ? gridMarkText(mark, metric, curves) : null;
  const markPoint = mark && mark.x !== null ? curves[mark.curve]?.points.find((p) => p.name === mark.name) : undefined;
  const markRef = mark && mark.x === null ? curves[mark.curve]?.ref : undefined;
  const ring = classroom ? 12 : 8;
  const label = `${metric.title}: ${metric.yLabel} against ${fig.xLabel}, ${curves.map((c) => c.label).join(', ')}${fig.refLabel ? `; ${fig.refLabel} dashed` : ''}${markText ? `; ringed: ${markText}` : ''}`;
  const exportFigure = async (kind: 'png' | 'svg') => {
    if (menuRef.current) menuRef.current.open = false;
    if (!svgRef.current) return;
    const legend = [
      ...curves.map((c) => ({ label: c.label, color: c.color, width: 3 })),
      ...(fig.refLabel ? [{ label: `dashed: ${fig.refLabel} (same colour)`, color: SERIES.axis, dash: REF_DASH, width: 2 }] : []),
      ...(markText ? [{ label: `${mark?.x === null ? 'thick dashed line' : 'ring'}: ${markText}`, color: SERIES.text, width: 3 }] : []),
    ];
    await exportSvgChart(kind, svgRef.current, legend, { width, height, fs, classroom, title: partial ? `${fig.name}: ${metric.title} (${partial})` : `${heading}: ${metric.title}` }, { stem: `${exportAs.stem}-${metric.id}`, source: exportAs.source });
  };
  return (
    <figure className="cmp-chart cmp-grid-chart cmp-exportable" data-metric={metric.id}>
      <figcaption>{metric.title}</figcaption>
      <div className="cmp-chart-tools">
        <ExportAndFullScreen title={metric.title} menuRef={menuRef} kinds={['png', 'svg']} onExport={(k) => void exportFigure(k === 'png' ? 'png' : 'svg')} />
      </div>
      <div ref={wrapRef} className="cmp-chart-wrap">
        <svg ref={svgRef} width={width} height={height} viewBox={`0 0 ${width} ${height}`} role="img" aria-label={label}>
          <GridLines xt={xt} yt={yt} x={x} y={y} left={m.left} top={m.top} pw={pw} ph={ph} fs={fs} fmtX={String} fmtY={fmtY} />
          <line x1={m.left} x2={m.left + pw} y1={m.top + ph} y2={m.top + ph} stroke={SERIES.axis} strokeWidth={1.5} />
          <line x1={m.left} x2={m.left} y1={m.top} y2={m.top + ph} stroke={SERIES.axis} strokeWidth={1.5} />
          {curves.map((c) =>
            c.ref === undefined ? null : (
              <line key={`ref:${c.label}`} x1={m.left} x2={m.left + pw} y1={y(c.ref)} y2={y(c.ref)} stroke={c.color} strokeWidth={1.5} strokeDasharray={REF_DASH} data-ref={c.label} data-y={c.ref}>
                <title>{`${c.label}, ${fig.refLabel}: ${fmtY(c.ref)}`}</title>
              </line>
            ),
          )}
          {curves.map((c, ci) => (
            <g key={c.label} data-curve={c.label}>
              <path d={c.points.map((p, i) => `${i ? 'L' : 'M'}${x(p.x).toFixed(1)},${y(p.y).toFixed(1)}`).join('')} fill="none" stroke={c.color} strokeWidth={2} strokeLinejoin="round" />
              {c.points.map((p) => (
                <path key={p.name} d={marker(ci, size)} transform={`translate(${x(p.x).toFixed(1)},${y(p.y).toFixed(1)})`} fill={c.color} data-name={p.name} data-y={p.y}>
                  <title>{`${c.label}, ${fig.xLabel.replace(/ \(.*\)$/, '')} ${p.x}${fig.xUnit ?? ''}: ${gridValueText(metric, p.y)}${p.name === mark?.name ? ' (this lesson)' : ''}`}</title>
                </path>
              ))}
            </g>
          ))}
          {/* the lesson's own point: a ring in the text's colour around its marker (on paper too),
              or, on a reference, the line drawn again thick; drawn last, over the curves */}
          {markPoint ? (
            <circle cx={x(markPoint.x)} cy={y(markPoint.y)} r={ring} fill="none" stroke={SERIES.text} strokeWidth={classroom ? 3.5 : 2.5} data-mark={mark?.name} data-x={markPoint.x} data-curve={curves[mark!.curve].label} data-y={markPoint.y}>
              <title>{markText}</title>
            </circle>
          ) : null}
          {markRef !== undefined ? (
            <line x1={m.left} x2={m.left + pw} y1={y(markRef)} y2={y(markRef)} stroke={curves[mark!.curve].color} strokeWidth={classroom ? 6 : 4.5} strokeDasharray={REF_DASH} data-mark={mark?.name} data-curve={curves[mark!.curve].label} data-y={markRef}>
              <title>{markText}</title>
            </line>
          ) : null}
          {/* the baselines keep the descenders (p, y, the parentheses) inside the drawing */}
          <text x={m.left + pw / 2} y={height - fs * 0.3 - fs * 1.2 * (xLines.length - 1)} textAnchor="middle" fontSize={fs} fill={SERIES.text}>
            {xLines.map((l, i) => (
              <tspan key={i} x={m.left + pw / 2} dy={i ? fs * 1.2 : 0}>
                {l}
              </tspan>
            ))}
          </text>
          <text transform={`translate(${fs * 1.05},${m.top + ph / 2}) rotate(-90)`} textAnchor="middle" fontSize={fs} fill={SERIES.text}>
            {metric.yLabel}
          </text>
        </svg>
      </div>
    </figure>
  );
}

/** What an export made while the grid's runs go on says: "partial: 5 of 40 runs done". */
export function gridPartialText(done: number, total: number): string {
  return `partial: ${done} of ${total} runs done`;
}

export function GridView({ figure, lesson, classroom = false, onRunning, query }: { figure: GridFigure; lesson: string | null; classroom?: boolean; onRunning?: (running: boolean) => void; query?: string }) {
  const [nonce, setNonce] = useState(0);
  // each point as its preset has it (seed, window): the figure is the grid's, not the scenario on screen's
  const jobs = useMemo<RunJob[]>(
    () =>
      figure.points.map((p) => {
        const s = presetScenario(p.name);
        if (!s) throw new Error(`the grid names a preset that does not exist: ${p.name}`);
        return { scenario: s, baseline: false, light: true };
      }),
    [figure],
  );
  const atOnce = familyConcurrency();
  const sides = useRuns(jobs, nonce, atOnce);
  const done = new Map<string, Summary>();
  const errors: string[] = [];
  sides.forEach((s, i) => {
    if (s.state === 'done') done.set(figure.points[i].name, s.result.summary);
    else if (s.state === 'error') errors.push(`${figure.points[i].name}: ${s.message}`);
  });
  const finished = done.size + errors.length;
  const running = sides.some((s) => s.state === 'running');
  useReportRunning(running, onRunning);
  // the heading says what is drawn so far ("(12 of 40 runs so far)"), "(all 40 runs)" at the end
  const heading = gridHeading(figure, done.size, errors.length);
  // a screen reader hears the start, each quarter and the end (with what the figure shows),
  // not each of the 40 runs as the visible counter counts them; the region is empty when it
  // mounts and filled after, so that the start is spoken too
  const said = useMilestoneSpeech(finished, jobs.length, () => gridAnnouncement(figure, done.size, errors.length, atOnce));
  const xs = gridXs(figure);
  // the lesson the grid was opened from (or moved to, the figure kept), if it is a point of it
  const mark = gridMark(figure, lesson);
  const byMetric = figure.metrics.map((metric) => ({ metric, curves: gridCurves(figure, metric, done) }));
  // an exported chart names the lesson the grid was opened from, with its link (the page's
  // Compare setting, in the address, opens the grid again), and what was run
  const stem = `aqm-lab-grid-${figure.group}`;
  const homeName = lesson && presetScenario(lesson) ? lesson : figure.points[0].name;
  const home = presetScenario(homeName);
  // an image exported while runs are still going says so (its title said "all 40 runs"),
  // and the numbers wait for all of them: a CSV of 10 rows out of 80 read as the figure's
  const partial = finished < jobs.length ? gridPartialText(done.size, jobs.length) : null;
  const exportAs: ExportAs = {
    stem,
    source: () => ({ lesson: homeName, seed: home?.seed ?? 1, link: home ? encodeLink(home, homeName) : `p=${homeName}`, date: new Date(), build: BUILD_ID, compared: `every point of its grid (${jobs.length} lessons, each at its own seed)`, query }),
  };

  // one table per metric, or, where it is wider than its room and the figure has column
  // groups, one per group: measured before the screen is painted, again after each resize,
  // change of type or finished run (a split table is measured whole again first)
  const [tablesRef, tablesWidth] = useWidth();
  const [split, setSplit] = useState(false);
  const tableGroups = split && figure.curveGroups ? figure.curveGroups : [{ label: '', curves: figure.curves.map((_, i) => i) }];
  useLayoutEffect(() => setSplit(false), [tablesWidth, classroom, done.size, figure]);
  useLayoutEffect(() => {
    const box = tablesRef.current;
    if (!split && figure.curveGroups && box && box.scrollWidth > box.clientWidth + 1) setSplit(true);
  });

  return (
    <section className="cmp cmp-grid" aria-label={figure.name}>
      <header className="cmp-head">
        <strong data-testid="grid-heading">{heading}</strong>
        <progress max={jobs.length} value={finished} aria-label="Runs of the grid done" />
        <span className="cmp-runs" data-testid="grid-runs">
          {finished < jobs.length ? `run ${finished + 1} of ${jobs.length}` : `all ${jobs.length} runs done`}
        </span>
        <span className="sr-only" role="status" data-testid="grid-announce">
          {said}
        </span>
        <button type="button" onClick={() => setNonce((k) => k + 1)} disabled={running}>
          Run again
        </button>
      </header>
      <p className="cmp-seed">Every point is its own lesson, run as it is (its seed and window), {atOnce === 1 ? 'one' : atOnce} at a time; the curves grow as runs end.</p>
      {errors.length ? (
        <p className="cmp-error" role="alert">
          {errors.join('\n')}
        </p>
      ) : null}
      <ul className="cmp-legend cmp-grid-legend" aria-label="Legend">
        {figure.curves.map((label, i) => (
          <li key={label}>
            <svg width={28} height={14} aria-hidden="true">
              <line x1={2} x2={26} y1={7} y2={7} stroke={byMetric[0]?.curves[i].color} strokeWidth={3} />
              <path d={marker(i, 45)} transform="translate(14,7)" fill={byMetric[0]?.curves[i].color} />
            </svg>
            {label}
          </li>
        ))}
        {figure.refLabel ? (
          <li>
            <svg width={28} height={12} aria-hidden="true">
              <line x1={2} x2={26} y1={6} y2={6} stroke={SERIES.axis} strokeWidth={2} strokeDasharray={REF_DASH} />
            </svg>
            dashed: {figure.refLabel} (same colour)
          </li>
        ) : null}
        {mark ? (
          <li data-testid="grid-mark" data-mark={mark.name}>
            <svg width={28} height={18} aria-hidden="true">
              {mark.x === null ? (
                <line x1={2} x2={26} y1={9} y2={9} stroke={byMetric[0]?.curves[mark.curve].color} strokeWidth={4.5} strokeDasharray={REF_DASH} />
              ) : (
                <>
                  <path d={marker(mark.curve, 45)} transform="translate(14,9)" fill={byMetric[0]?.curves[mark.curve].color} />
                  <circle cx={14} cy={9} r={7.5} fill="none" stroke={SERIES.text} strokeWidth={2.5} />
                </>
              )}
            </svg>
            {mark.x === null ? 'thick dashed line' : 'ring'}: {mark.text}
          </li>
        ) : null}
      </ul>
      <div className="cmp-grid-charts">
        {byMetric.map(({ metric, curves }) => (
          <GridChart key={metric.id} fig={figure} heading={heading} metric={metric} curves={curves} classroom={classroom} exportAs={exportAs} partial={partial} mark={mark} />
        ))}
      </div>
      <p className="cmp-grid-caption" data-testid="grid-caption">
        {figure.caption.join(' ')}
      </p>
      <TableExport title="the figure's numbers" filename={`${stem}.csv`} csv={() => gridCsv(figure, byMetric)} dataNote={() => (partial ? `${partial}: the numbers export once every run has ended.` : null)} units="One row per metric, curve and point: the x the figure plots it at and its value in the metric’s unit; a curve’s reference (e.g. drop-tail) has an empty x and its name in the reference column." />
      {figure.curveKey ? (
        <p className="cmp-grid-key" data-testid="grid-key">
          {figure.curveKey}
        </p>
      ) : null}
      {/* scrolls sideways when the tables are wider than the screen (Fig. 20 b in classroom
          mode on a phone): reachable by keyboard, as the run's per-flow table (SummaryTable);
          a figure with column groups splits its table instead (tableGroups) */}
      <div ref={tablesRef} className="cmp-grid-tables" tabIndex={0} role="region" aria-label="The figure's numbers (tables)">
        {byMetric.flatMap(({ metric, curves }) =>
          tableGroups.map((g) => (
            <table key={`${metric.id}:${g.label}`} className="cmp-table" data-testid={`grid-table-${metric.id}`} data-group={g.label || undefined}>
              <caption>
                {metric.yLabel[0].toUpperCase() + metric.yLabel.slice(1)} by {figure.curveUnit}
                {g.label ? `: ${g.label}` : ''}
              </caption>
              <thead>
                <tr>
                  <th scope="col">
                    {/* in lines no wider than 9em: the tables side by side where two fit (compare.css) */}
                    <span className="cmp-grid-xhead">
                      {figure.xShort ? (
                        <>
                          {/* the full head for screen readers and wide screens, the short one on a phone */}
                          <span className="cmp-grid-xlong">{gridTableXHead(figure)}</span>
                          <span className="cmp-grid-xshort" aria-hidden="true">
                            {figure.xShort}
                          </span>
                        </>
                      ) : (
                        gridTableXHead(figure)
                      )}
                    </span>
                  </th>
                  {g.curves.map((i) => (
                    <th scope="col" key={curves[i].label} className={figure.curveKey ? 'cmp-grid-abbr' : undefined}>
                      {figure.curveKey ? (
                        <>
                          {/* abbreviated ("ECN 10 %", the key above the tables), its full name read out ("RED+ECN, max_p 10 %") */}
                          <span aria-hidden="true">{figure.curveShort[i]}</span>
                          <span className="sr-only">{curves[i].label}</span>
                        </>
                      ) : (
                        <>
                          {figure.curveShort[i]}
                          <span className="sr-only"> {figure.curveUnit}</span>
                        </>
                      )}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {xs.map((v) => (
                  <tr key={v}>
                    <th scope="row">{v}</th>
                    {g.curves.map((i) => {
                      const c = curves[i];
                      const p = c.points.find((q) => q.x === v);
                      const own = p !== undefined && p.name === mark?.name;
                      return (
                        <td key={c.label} className={own ? 'cmp-grid-own' : undefined}>
                          {p ? gridCellText(p.y, decimals(metric)) : '–'}
                          {own ? <span className="sr-only"> (this lesson)</span> : null}
                        </td>
                      );
                    })}
                  </tr>
                ))}
                {figure.refLabel ? (
                  <tr>
                    <th scope="row">{figure.refLabel}</th>
                    {g.curves.map((i) => (
                      <td key={curves[i].label}>{curves[i].ref === undefined ? '–' : gridCellText(curves[i].ref!, decimals(metric))}</td>
                    ))}
                  </tr>
                ) : null}
              </tbody>
            </table>
          )),
        )}
      </div>
    </section>
  );
}
