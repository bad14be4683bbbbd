import { describe, expect, it } from 'vitest';
import { withRule, type DecisionRecord } from '../../../../src/engine/aqm/decision';
import { createRun } from '../../../../src/engine/run';
import { presetScenario } from '../../../../src/engine/scenario/presets';
import { csvParseRows as parseCsv } from 'd3';
import { decisionsCsv, decisionsCsvName, decisionPosition, decisionsNote, decisionsRange } from '../../../../src/ui/inspector/decisions-csv';

/** The CSV's rows as objects by header name. */
function table(text: string): { head: string[]; rows: Record<string, string>[] } {
  const [head, ...rows] = parseCsv(text);
  for (const r of rows) expect(r.length, `row ${r[0]}: as many cells as the header`).toBe(head.length);
  return { head, rows: rows.map((r) => Object.fromEntries(head.map((h, i) => [h, r[i]]))) };
}

/**
 * A CSV cell against the value of the same key in a `--trace` line (JSON.parse of what the
 * CLI writes, JSON.stringify of the record): the same text for strings, the same number, an
 * empty cell for null.
 */
function sameAsJson(cell: string, v: unknown): boolean {
  if (v === null) return cell === '';
  if (typeof v === 'number') return cell !== '' && Number(cell) === v;
  if (typeof v === 'boolean') return cell === String(v);
  return cell === v;
}

function traced(name: string, seconds: number, lazy: boolean): DecisionRecord[] {
  const recs: DecisionRecord[] = [];
  const s = presetScenario(name);
  if (!s) throw new Error(name);
  // the worker's way (lazy sentences, the data queue only) or the CLI's (sentences written, both queues)
  const h = createRun(s, { decision: (r) => recs.push(r) }, lazy ? { lazyRules: true, decisionQueues: 'forward' } : {});
  h.advance(seconds);
  return recs;
}

describe('decisions CSV (the inspector export)', () => {
  // RED + ECN (marks, u null or not), CoDel (drops, decisions at dequeue: `stage`, `extra`), PI (its `extra.p`)
  it.each([
    ['ecn-marks', 15],
    ['bufferbloat-codel', 4],
    ['web-users-pi-90', 3],
  ] as const)('%s: each row reads back as the --trace line of the same decision, by column name; the rule is the CLI’s sentence', (name, seconds) => {
    const app = traced(name, seconds, true);
    const cli = traced(name, seconds, false);
    const queue = app[0].queue;
    const cliLines = cli.filter((r) => r.queue === queue).map((r) => JSON.parse(JSON.stringify(r)) as Record<string, unknown>);
    expect(app.length).toBeGreaterThan(1000);
    expect(cliLines.length).toBe(app.length);
    // the worker's ring: the last 1,000, their sentences written when posted
    const kept = app.slice(-1000).map(withRule);
    const { head, rows } = table(decisionsCsv(kept, app.length));
    expect(rows.length).toBe(1000);
    expect(head[0]).toBe('decision');
    const lines = cliLines.slice(-1000);
    const outcomes = new Set<string>();
    rows.forEach((row, i) => {
      const line = lines[i];
      expect(Number(row.decision)).toBe(app.length - 1000 + 1 + i);
      for (const [k, v] of Object.entries(line)) {
        if (k === 'extra') {
          for (const [x, xv] of Object.entries(v as Record<string, number>)) expect(sameAsJson(row[`extra.${x}`], xv), `row ${i} extra.${x}: ${row[`extra.${x}`]} vs ${String(xv)}`).toBe(true);
        } else {
          expect(head, `column ${k}`).toContain(k);
          expect(sameAsJson(row[k], v), `row ${i} ${k}: ${row[k]} vs ${JSON.stringify(v)}`).toBe(true);
        }
      }
      // a key the line lacks (seq of an ACK, stage of an arrival) is an empty cell
      for (const k of head) if (k !== 'decision' && !k.startsWith('extra.') && !(k in line)) expect(row[k], `row ${i} ${k}`).toBe('');
      outcomes.add(row.outcome);
    });
    expect(rows.every((r) => r.rule.length > 0)).toBe(true);
    if (name === 'ecn-marks') expect(outcomes).toEqual(new Set(['enqueue', 'mark']));
    if (name === 'bufferbloat-codel') {
      expect(rows.some((r) => r.stage === 'dequeue')).toBe(true);
      expect(outcomes.has('drop')).toBe(true);
    }
    if (name === 'web-users-pi-90') expect(head).toContain('extra.p');
  });

  it('a rule with commas, quotes and a line break stays one cell and reads back whole', () => {
    const rec: DecisionRecord = {
      t: 1.25,
      queue: 'routerL->routerR',
      aqm: 'red',
      uid: 7,
      flow: 0,
      bytes: 1500,
      ecn: 2,
      kind: 'data',
      seq: 1461,
      q: 12,
      unit: 'packets',
      avgBefore: 5.5,
      avg: 5.6,
      wq: 0.002,
      idleM: 0,
      minTh: 5,
      maxTh: 15,
      maxP: 0.1,
      gentle: false,
      region: 'between',
      pb: 0.006,
      pa: 0.0061,
      count: 3,
      u: null,
      outcome: 'mark',
      reason: null,
      rule: 'u < p_a, so "mark" it,\nnot drop',
    };
    const { rows } = table(decisionsCsv([rec, { ...rec, uid: 8, rule: 'plain' }]));
    expect(rows.length).toBe(2);
    expect(rows[0].rule).toBe('u < p_a, so "mark" it,\nnot drop');
    expect(rows[0].u).toBe('');
    expect(rows[0].reason).toBe('');
    expect(rows[0].gentle).toBe('false');
    expect(rows[0].seq).toBe('1461');
    expect(rows[1].uid).toBe('8');
    expect(rows[1].decision).toBe('2');
  });

  it('says which of the run’s decisions the file holds: all of them, or the last 1,000 of 62,000 (in its decision column, its name and the note)', () => {
    expect(decisionsRange(1000, 62_000)).toEqual({ first: 61_001, last: 62_000, total: 62_000, dropped: 61_000 });
    expect(decisionsRange(312, 312)).toEqual({ first: 1, last: 312, total: 312, dropped: 0 });
    // unknown total: the records are taken as all
    expect(decisionsRange(5, null)).toEqual({ first: 1, last: 5, total: 5, dropped: 0 });
    expect(decisionsCsvName('aqm-lab-ecn-marks-decisions', 1000, 62_000)).toBe('aqm-lab-ecn-marks-decisions-61001-62000.csv');
    expect(decisionsCsvName('aqm-lab-ecn-marks-decisions', 312, 312)).toBe('aqm-lab-ecn-marks-decisions.csv');
    expect(decisionsNote(1000, 62_000)).toBe('Decisions 61,001–62,000 of the 62,000 the run has made at the bottleneck so far: the app keeps the last 1,000. For every one, use the command line’s --trace (docs/cli.md).');
    expect(decisionsNote(312, 312)).toMatch(/^All 312 decisions the run has made/);
    expect(decisionsNote(1, 1)).toMatch(/^All 1 decision the run/);
    expect(decisionsNote(0, 0)).toBeNull();
    // a finished run has made them: not "so far"
    expect(decisionsNote(1000, 62_000, true)).toBe('Decisions 61,001–62,000 of the 62,000 the run made at the bottleneck: the app keeps the last 1,000. For every one, use the command line’s --trace (docs/cli.md).');
    expect(decisionsNote(312, 312, true)).toBe('All 312 decisions the run made at the bottleneck, one row each, with the columns of the command line’s --trace.');
    // the inspector's position is the CSV's decision number
    expect(decisionPosition(999, 1000, 62_000, 1000)).toBe('62,000 of 62,000 (the app keeps the last 1,000)');
    expect(decisionPosition(0, 1000, 62_000, 1000)).toBe('61,001 of 62,000 (the app keeps the last 1,000)');
    expect(decisionPosition(3, 6, 6, 1000)).toBe('4 of 6');
    expect(decisionPosition(999, 1000, null, 1000)).toBe('1,000 of the last 1,000 recorded');
    const recs = traced('ecn-marks', 1, true).slice(-3).map(withRule);
    const { rows } = table(decisionsCsv(recs, 62_000));
    expect(rows.map((r) => r.decision)).toEqual(['61998', '61999', '62000']);
  });
});
