/**
 * The Compare view's tables as CSV, for a slide or a write-up: one row per metric (the
 * folded table's rows, then every flow's), a column per run, the difference and its
 * unit. Numbers are in the unit the table shows them in (a percentage as 95.1, a delay in
 * ms), at full precision rather than the table's rounding; a value a run does not have
 * (an unfinished flow's completion, NaN) is an empty cell. Pure.
 */
import { cell, csvText } from '../charts/export';
import type { DiffRow, NumberStyle } from './diff';
import { verdictText, type SeedRow } from './seeds';

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

const lines = (rows: string[][]): string => rows.map((r) => r.map(csvText).join(',')).join('\n') + '\n';

/**
 * The one-seed table: key, metric, unit, A, B, B − A (in the unit) and the relative change
 * in percent (the table's "Change" column; empty when A is 0 or a side is missing).
 */
export function diffTableCsv(rows: readonly DiffRow[], flowRows: readonly DiffRow[], labelA: string, labelB: string): string {
  const all = [...rows, ...flowRows];
  const metric = names(all);
  const out = [['key', 'metric', 'unit', `A: ${labelA}`, `B: ${labelB}`, 'B − A', 'change (%)']];
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
export function seedTableCsv(rows: readonly SeedRow[], flowRows: readonly SeedRow[], labelA: string, labelB: string, seeds: readonly number[]): string {
  const all = [...rows, ...flowRows];
  const metric = names(all);
  const head = ['key', 'metric', 'unit', `A: ${labelA} (mean)`, `A: ${labelA} (sd)`, `B: ${labelB} (mean)`, `B: ${labelB} (sd)`, 'B − A (difference of means)', 'versus the seeds’ spread'];
  for (const side of ['A', 'B']) for (const s of seeds) head.push(`${side} seed ${s}`);
  const out = [head];
  all.forEach((r, i) => {
    // every style is a scale (shown(v) = k·v), so an sd or a difference converts as a value does
    const shown = (v: number | null) => shownCell(r.style, v);
    out.push([r.key, metric[i], unitOf(r.style), shown(r.a.mean), shown(r.a.sd), shown(r.b.mean), shown(r.b.sd), shown(r.diff), r.verdict === null ? '' : verdictText(r.verdict), ...r.a.values.map(shown), ...r.b.values.map(shown)]);
  });
  return lines(out);
}
