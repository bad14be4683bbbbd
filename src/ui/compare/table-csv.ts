/**
 * The Compare view's tables as CSV, for a slide or a write-up: one row per metric (the
 * folded table's rows, then every flow's), a column per run, the difference and its
 * unit. Numbers are in the unit the table shows them in (a percentage as 95.1, a delay in
 * ms), at full precision rather than the table's rounding; a value a run does not have
 * (an unfinished flow's completion, NaN) is an empty cell. Pure.
 */
import type { Summary } from '../../engine/metrics/types';
import { cell, csvText } from '../charts/export';
import type { DiffRow, NumberStyle } from './diff';
import type { FamilyMetric } from './family';
import { gridTableXHead, type GridCurve, type GridFigure, type GridMetric } from './grid';
import { POINTS_UNIT, verdictText, type SeedRow } from './seeds';

/** The unit of a row's numbers, without its leading space ("%", "ms", "" for a plain number). */
function unitOf(style: NumberStyle): string {
  return style.unit.trim();
}

/** `v` in the unit shown, as a CSV cell: 12 significant digits (0.95 × 100 is 95, not 95.00000000000001), empty when missing. */
function shownCell(style: NumberStyle, v: number | null): string {
  if (v === null || !Number.isFinite(v)) return '';
  const x = style.shown(v);
  return Number.isFinite(x) ? cell(Number(x.toPrecision(12))) : '';
}

/** A row's metric name; an indented sub-row ("  early" under "Drops") gets its parent's name. */
function names<R extends { label: string }>(rows: readonly R[]): string[] {
  let parent = '';
  return rows.map((r) => {
    if (!r.label.startsWith(' ')) {
      parent = r.label;
      return r.label;
    }
    return `${parent}, ${r.label.trim()}`;
  });
}

/**
 * A difference column's head: the unit column names a row's values, and a difference of two
 * percentages is in percentage points, not "%" (the one-seed table's "change (%)" is the
 * relative change): said in the head, as the cells are numbers.
 */
const inPoints = (head: string): string => `${head} (${POINTS_UNIT}, percentage points, where the unit is %)`;

const lines = (rows: string[][]): string => rows.map((r) => r.map(csvText).join(',')).join('\n') + '\n';

/**
 * The one-seed table: key, metric, unit, A, B, B − A (in the unit) and the relative change
 * in percent (the table's "Change" column; empty when A is 0 or a side is missing).
 */
export function diffTableCsv(rows: readonly DiffRow[], flowRows: readonly DiffRow[], labelA: string, labelB: string): string {
  const all = [...rows, ...flowRows];
  const metric = names(all);
  const out = [['key', 'metric', 'unit', `A: ${labelA}`, `B: ${labelB}`, inPoints('B − A'), 'change (%)']];
  all.forEach((r, i) => {
    out.push([r.key, metric[i], unitOf(r.style), shownCell(r.style, r.a), shownCell(r.style, r.b), shownCell(r.style, r.delta), r.rel === null ? '' : cell(Number((r.rel * 100).toPrecision(12)))]);
  });
  return lines(out);
}

/**
 * The table over seeds: key, metric, unit, each side's mean and sample sd, the difference
 * of the means (B − A) and whether it is larger than the seeds' spread, then each side's
 * value at every seed (the single runs behind the means).
 */
export function seedTableCsv(rows: readonly SeedRow[], flowRows: readonly SeedRow[], labelA: string, labelB: string, seeds: readonly number[], seedsB: readonly number[] = seeds): string {
  const all = [...rows, ...flowRows];
  const metric = names(all);
  const head = ['key', 'metric', 'unit', `A: ${labelA} (mean)`, `A: ${labelA} (sd)`, `B: ${labelB} (mean)`, `B: ${labelB} (sd)`, inPoints('B − A, difference of means'), 'versus the seeds’ spread'];
  for (const s of seeds) head.push(`A seed ${s}`);
  // B's own seeds when the seed is all the two differ in (seeds.ts seedOfB)
  for (const s of seedsB) head.push(`B seed ${s}`);
  const out = [head];
  all.forEach((r, i) => {
    // every style is a scale (shown(v) = k·v), so an sd or a difference converts as a value does
    const shown = (v: number | null) => shownCell(r.style, v);
    out.push([r.key, metric[i], unitOf(r.style), shown(r.a.mean), shown(r.a.sd), shown(r.b.mean), shown(r.b.sd), shown(r.diff), r.verdict === null ? '' : verdictText(r.verdict), ...r.a.values.map(shown), ...r.b.values.map(shown)]);
  });
  return lines(out);
}

/** A metric's column head without the no-break spaces that keep it whole on screen ("% within 200 ms"). */
const headText = (label: string): string => label.replace(/\u00a0/g, ' ');

/**
 * The family view's one-seed table (FamilyView, family.ts): a row per lesson, a column per
 * figure of FAMILY_METRICS (its head names its unit, "Loss %"), at full precision; a lesson
 * without the figure (no web traffic: no response times) has an empty cell.
 */
export function familyTableCsv(metrics: readonly FamilyMetric[], lessons: readonly { label: string; summary: Summary }[]): string {
  const out = [['lesson', ...metrics.map((m) => headText(m.label))]];
  for (const l of lessons) out.push([l.label, ...metrics.map((m) => shownCell(m.style, m.value(l.summary)))]);
  return lines(out);
}

/**
 * The family view's table over seeds: a row per lesson and figure, with the mean and sample
 * sd over the seeds, for each lesson after the first its difference from the first (the
 * reference) and whether that is larger than the seeds' spread, then the value at every seed.
 * `rows[i]` is lesson i's (familySeedTable: `b` is the lesson's own figures).
 */
export function familySeedTableCsv(labels: readonly string[], rows: readonly (readonly SeedRow[])[], seeds: readonly number[]): string {
  const head = ['lesson', 'key', 'metric', 'mean', 'sd', inPoints(`difference from ${labels[0]}, of the means`), 'versus the seeds’ spread'];
  for (const s of seeds) head.push(`seed ${s}`);
  const out = [head];
  rows.forEach((cells, i) => {
    for (const r of cells) {
      const shown = (v: number | null) => shownCell(r.style, v);
      out.push([labels[i], r.key, headText(r.label), shown(r.b.mean), shown(r.b.sd), i === 0 ? '' : shown(r.diff), r.verdict === null ? '' : verdictText(r.verdict), ...r.b.values.map(shown)]);
    }
  });
  return lines(out);
}

/**
 * A paper's grid figure (GridView, grid.ts) as its numbers: a row per metric, curve and
 * point (the x the figure plots it at and the value), and a row per curve for its
 * reference (e.g. drop-tail at the same connection count), its x cell empty and the
 * `reference` column naming it. The x column holds numbers only: with "drop-tail" in it a
 * csv reader (pandas) took the whole column as text and would not plot it.
 */
export function gridCsv(fig: GridFigure, byMetric: readonly { metric: GridMetric; curves: readonly GridCurve[] }[]): string {
  const value = (y: number | undefined) => (y !== undefined && Number.isFinite(y) ? cell(Number(y.toPrecision(12))) : '');
  const out = [['metric', fig.curveUnit, gridTableXHead(fig), 'reference', 'value']];
  for (const { metric, curves } of byMetric) {
    for (const c of curves) {
      for (const p of c.points) out.push([metric.yLabel, c.label, cell(p.x), '', value(p.y)]);
      if (c.ref !== undefined && fig.refLabel) out.push([metric.yLabel, c.label, '', fig.refLabel, value(c.ref)]);
    }
  }
  return lines(out);
}
