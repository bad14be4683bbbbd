/**
 * The Compare view's tables as CSV (table-csv.ts): the header names the runs and the
 * units, every number is the table's number in the table's unit (at full precision), and
 * a value a run does not have is an empty cell, never "NaN", "null" or "undefined".
 */
import { describe, expect, it } from 'vitest';
import type { QueueSummary, Summary } from '../../../../src/engine/metrics/types';
import { compareSummaries, foldFlows, relText, styleText } from '../../../../src/ui/compare/diff';
import { seedTable, statText } from '../../../../src/ui/compare/seeds';
import { diffTableCsv, seedTableCsv } from '../../../../src/ui/compare/table-csv';
import { flow, queue } from './summary-fixtures';

function summary(q: Partial<QueueSummary> = {}, flows = [flow(0), flow(1)], over: Partial<Summary> = {}): Summary {
  return { events: 1, wallSeconds: 0, simulatedSeconds: 12, warmup: 0, bottleneck: queue(q), bottleneckReverse: queue(), flows, goodputEfficiency: 0.8, fairness: { jain: 0.95 }, ...over };
}

/** RFC 4180 fields: quoted fields may hold commas and doubled quotes. */
function parse(csv: string): string[][] {
  expect(csv.endsWith('\n')).toBe(true);
  return csv
    .slice(0, -1)
    .split('\n')
    .map((line) => {
      const out: string[] = [];
      let i = 0;
      while (i <= line.length) {
        if (line[i] === '"') {
          let s = '';
          i++;
          while (i < line.length) {
            if (line[i] === '"' && line[i + 1] === '"') (s += '"'), (i += 2);
            else if (line[i] === '"') break;
            else s += line[i++];
          }
          out.push(s);
          i += 2;
        } else {
          const j = line.indexOf(',', i);
          out.push(line.slice(i, j < 0 ? line.length : j));
          i = j < 0 ? line.length + 1 : j + 1;
        }
      }
      return out;
    });
}

const A = summary({ utilization: 0.9512, meanQueueDelay: 0.0241, drops: 50 }, [flow(0), flow(1, { completionTime: null })]);
const B = summary({ utilization: 0.87, meanQueueDelay: 0.0105, drops: 71 }, [flow(0, { completionTime: 9.25, goodputBps: 2.5e6 }), flow(1, { completionTime: 14 })]);

describe('diffTableCsv (one seed)', () => {
  const table = foldFlows(compareSummaries(A, B), A, B);
  const rows = parse(diffTableCsv(table.rows, table.flowRows, 'RED, ECN "on"', 'drop-tail'));

  it('header: the metric, its unit, a column per run (labels quoted as CSV), the difference and the change', () => {
    expect(rows[0]).toEqual(['key', 'metric', 'unit', 'A: RED, ECN "on"', 'B: drop-tail', 'B − A', 'change (%)']);
    expect(rows.every((r) => r.length === 7)).toBe(true);
    expect(rows.length - 1).toBe(table.rows.length + table.flowRows.length);
  });

  it('every value is the table’s number in its unit; a missing one is an empty cell', () => {
    for (const r of table.rows) {
      const line = rows.find((x) => x[0] === r.key)!;
      expect(line[2]).toBe(r.style.unit.trim());
      for (const [v, text] of [
        [r.a, line[3]],
        [r.b, line[4]],
      ] as const) {
        if (v === null) expect(text).toBe('');
        // the table's text, from the CSV's number with the table's decimals and unit
        else expect(`${Number(text).toFixed(r.style.decimals(v))}${r.style.unit}`, r.key).toBe(r.format(v));
      }
      if (r.change === 'same') expect(Number(line[6] || 0)).toBe(0);
      else if (r.rel !== null) expect(`${Number(line[6]) > 0 ? '+' : '−'}${Math.abs(Number(line[6])).toFixed(Math.abs(r.rel * 100) < 10 ? 1 : 0)} %`).toBe(relText(r));
    }
    const util = rows.find((x) => x[0] === 'util')!;
    expect(util.slice(2)).toEqual(['%', '95.12', '87', '-8.12', String(Number((((0.87 - 0.9512) / 0.9512) * 100).toPrecision(12)))]);
    expect(rows.find((x) => x[0] === 'meanDelay')!.slice(2, 6)).toEqual(['ms', '24.1', '10.5', '-13.6']);
    // flow 1 unfinished in A: no completion, no difference, no change; a sub-row names its parent
    expect(rows.find((x) => x[0] === 'flow1.completion')!.slice(1)).toEqual(['Flow 1 completion', 's', '', '14', '', '']);
    expect(rows.find((x) => x[0] === 'longest')!.slice(3, 5)).toEqual(['', '14']);
    expect(rows.find((x) => x[0] === 'dropsEarly')![1]).toBe('Drops, early');
    expect(rows.find((x) => x[0] === 'flow0.goodput')!.slice(2, 5)).toEqual(['Mb/s', '2', '2.5']);
    expect(rows.flat().some((c) => /NaN|null|undefined|Infinity/.test(c))).toBe(false);
  });
});

describe('seedTableCsv (over seeds)', () => {
  const pairs = [
    { a: summary({ meanQueueDelay: 0.02 }), b: summary({ meanQueueDelay: 0.01 }) },
    { a: summary({ meanQueueDelay: 0.03 }), b: summary({ meanQueueDelay: 0.012 }, [flow(0), flow(1, { completionTime: null })]) },
    { a: summary({ meanQueueDelay: 0.025 }), b: summary({ meanQueueDelay: 0.011 }) },
  ];
  const t = seedTable(pairs);
  const rows = parse(seedTableCsv(t.rows, t.flowRows, 'RED', 'drop-tail', [4, 5, 6]));

  it('header: each side’s mean and sd, the difference, the verdict, then every seed', () => {
    expect(rows[0]).toEqual(['key', 'metric', 'unit', 'A: RED (mean)', 'A: RED (sd)', 'B: drop-tail (mean)', 'B: drop-tail (sd)', 'B − A (difference of means)', 'versus the seeds’ spread', 'A seed 4', 'A seed 5', 'A seed 6', 'B seed 4', 'B seed 5', 'B seed 6']);
    expect(rows.every((r) => r.length === 15)).toBe(true);
  });

  it('means and sds are the table’s; per-seed values are the runs’; a seed without a value is an empty cell', () => {
    for (const r of t.rows) {
      const line = rows.find((x) => x[0] === r.key)!;
      for (const [s, mean, sd] of [
        [r.a, line[3], line[4]],
        [r.b, line[5], line[6]],
      ] as const) {
        if (s.mean === null || s.sd === null) {
          expect([mean, sd]).toEqual(['', '']);
          continue;
        }
        const d = r.style.decimals(s.mean);
        const text = `${Number(mean).toFixed(d)}${r.style.unit} ± ${s.sd === 0 ? `0${r.style.unit}` : styleText(r.style, Number(sd) / r.style.shown(1), d)}`;
        expect(text, r.key).toBe(statText(r, s));
      }
    }
    const delay = rows.find((x) => x[0] === 'meanDelay')!;
    expect(delay[2]).toBe('ms');
    expect(Number(delay[3])).toBeCloseTo(25, 9);
    expect(Number(delay[5])).toBeCloseTo(11, 9);
    expect(Number(delay[7])).toBeCloseTo(-14, 9);
    expect(delay[8]).toBe('larger than the seeds’ spread');
    expect(delay.slice(9)).toEqual(['20', '30', '25', '10', '12', '11']);
    const done = rows.find((x) => x[0] === 'flow1.completion')!;
    expect(done.slice(5, 9)).toEqual(['', '', '', '']);
    expect(done.slice(12)).toEqual(['11', '', '11']);
    expect(rows.flat().some((c) => /NaN|null|undefined|Infinity/.test(c))).toBe(false);
  });
});
