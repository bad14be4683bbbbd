/**
 * The inspector's decisions as a CSV file: the records the worker kept (a ring of the last
 * HISTORY_DEFAULT, 1,000, of the run's forward bottleneck queue), one row each, with the
 * command line's `--trace` keys as column names and in its units (docs/cli.md, Trace JSONL),
 * so one script reads both. Pure functions (no DOM), unit-tested.
 */
import type { DecisionRecord } from '../../engine/aqm/decision';
import { grouped } from '../../engine/core/number-text';
import { cell, csvText } from '../charts/export';

/**
 * The `--trace` keys, in the order the documentation lists them. `extra` (an object there)
 * becomes one `extra.<key>` column per key the records carry, the names pandas'
 * json_normalize gives the JSONL's.
 */
export const TRACE_KEYS = ['t', 'queue', 'aqm', 'uid', 'flow', 'bytes', 'ecn', 'kind', 'seq', 'q', 'unit', 'avgBefore', 'avg', 'wq', 'idleM', 'minTh', 'maxTh', 'maxP', 'gentle', 'region', 'pb', 'pa', 'count', 'u', 'outcome', 'reason', 'rule'] as const;

function value(v: unknown): string {
  if (v === undefined || v === null) return '';
  if (typeof v === 'number') return cell(v);
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  return csvText(String(v));
}

/**
 * Which decisions of the run the records are: the first and last numbers (1-based, counted
 * over the run, as the file's `decision` column) and whether older ones were dropped.
 * `total` is how many the run had recorded when the records were sent (null: unknown, e.g.
 * records from before the worker counted them: taken as the records themselves).
 */
export function decisionsRange(n: number, total: number | null): { first: number; last: number; total: number; dropped: number } {
  const all = total !== null && total >= n ? total : n;
  return { first: all - n + 1, last: all, total: all, dropped: all - n };
}

/**
 * CSV text: a header row, then one row per record, oldest first. The first column,
 * `decision`, numbers each in the run (the inspector's "Decision N" once nothing was
 * dropped): a file that starts at 61,001 says by itself that the run's first 61,000 are not
 * in it, and the table keeps one shape (no comment line a csv reader would take for a row).
 */
export function decisionsCsv(records: readonly DecisionRecord[], total: number | null = null): string {
  const extras: string[] = [];
  const seen = new Set<string>();
  for (const r of records)
    for (const k of Object.keys(r.extra ?? {}))
      if (!seen.has(k)) {
        seen.add(k);
        extras.push(k);
      }
  const { first } = decisionsRange(records.length, total);
  const lines = [['decision', ...TRACE_KEYS, ...extras.map((k) => `extra.${k}`), 'stage'].map(csvText).join(',')];
  records.forEach((r, i) => {
    const row = [String(first + i)];
    for (const k of TRACE_KEYS) row.push(value(r[k]));
    for (const k of extras) row.push(value(r.extra?.[k]));
    // as in the JSONL, where the key is there only for a decision as the packet leaves
    row.push(value(r.stage));
    lines.push(row.join(','));
  });
  return lines.join('\n') + '\n';
}

/** The file's name: `<stem>.csv`, or `<stem>-61001-62000.csv` when the run's older decisions were dropped. */
export function decisionsCsvName(stem: string, n: number, total: number | null): string {
  const r = decisionsRange(n, total);
  return r.dropped > 0 ? `${stem}-${r.first}-${r.last}.csv` : `${stem}.csv`;
}

/**
 * The inspector's "Decision …" position of record `i` (0-based) of `n`: its number in the
 * run, as the CSV's `decision` column numbers it ("28,777 of 28,777 (the app keeps the last
 * 1,000)"), so the heading and the exported row agree. Without the run's count (`total`
 * null) a full history (`n >= historyLimit`) can only say it holds the last ones.
 */
export function decisionPosition(i: number, n: number, total: number | null, historyLimit = Infinity): string {
  const r = decisionsRange(n, total);
  if (r.dropped > 0) return `${grouped(r.first + i)} of ${grouped(r.total)} (the app keeps the last ${grouped(n)})`;
  if (total === null && n >= historyLimit) return `${grouped(i + 1)} of the last ${grouped(n)} recorded`;
  return `${grouped(i + 1)} of ${grouped(n)}`;
}

/** What the file holds, in a sentence, or null when there is nothing to export. `finished`: the run has ended (not "so far"). */
export function decisionsNote(n: number, total: number | null, finished = false): string | null {
  if (n === 0) return null;
  const r = decisionsRange(n, total);
  const made = finished ? 'made' : 'has made';
  const when = finished ? '' : ' so far';
  if (r.dropped === 0) return `All ${grouped(n)} decision${n === 1 ? '' : 's'} the run ${made} at the bottleneck${when}, one row each, with the columns of the command line’s --trace.`;
  return `Decisions ${grouped(r.first)}–${grouped(r.last)} of the ${grouped(r.total)} the run ${made} at the bottleneck${when}: the app keeps the last ${grouped(n)}. For every one, use the command line’s --trace (docs/cli.md).`;
}
