/**
 * The Compare view's tables as CSV (table-csv.ts): the header names the runs and the
 * units, every number is the table's number in the table's unit (at full precision), and
 * a value a run does not have is an empty cell, never "NaN", "null" or "undefined".
 */
import { describe, expect, it } from 'vitest';
import type { QueueSummary, Summary } from '../../../../src/engine/metrics/types';
import { compareSummaries, foldFlows, relText, styleText } from '../../../../src/ui/compare/diff';
import { FAMILY_METRICS, FAMILY_TIMES, familySeedTable } from '../../../../src/ui/compare/family';
import { FENG_FIG4, gridCurves } from '../../../../src/ui/compare/grid';
import { seedTable, statText, verdictText } from '../../../../src/ui/compare/seeds';
import { diffTableCsv, familySeedTableCsv, familyTableCsv, gridCsv, seedTableCsv } from '../../../../src/ui/compare/table-csv';
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
    expect(rows[0]).toEqual(['key', 'metric', 'unit', 'A: RED, ECN "on"', 'B: drop-tail', 'B − A (pp, percentage points, where the unit is %)', 'change (%)']);
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
    expect(rows[0]).toEqual(['key', 'metric', 'unit', 'A: RED (mean)', 'A: RED (sd)', 'B: drop-tail (mean)', 'B: drop-tail (sd)', 'B − A, difference of means (pp, percentage points, where the unit is %)', 'versus the seeds’ spread', 'A seed 4', 'A seed 5', 'A seed 6', 'B seed 4', 'B seed 5', 'B seed 6']);
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

/** A web run's summary: loss, utilization, exchanges and the CDF at FAMILY_TIMES (`within`); no web figures when `within` is null. */
function web(lossRate: number, utilization: number, exchanges: number, within: number[] | null): Summary {
  const cdf = within ? FAMILY_TIMES.map((t, k) => [t, within[k]] as [number, number]) : null;
  return summary({ lossRate, utilization, meanQueuePackets: 1000 * lossRate }, [flow(0)], cdf ? { web: { exchanges, cdf, flowsWithLoss: 2 * lossRate } as unknown as Summary['web'] } : {});
}

describe('familyTableCsv (the family view, one seed)', () => {
  const lessons = [
    { label: 'drop-tail, 240', summary: web(0.0581, 0.919, 9120, [0.41, 0.62, 0.8, 0.9]) },
    { label: 'PI, "24"', summary: web(0.041, 0.9, 8990, [0.5, 0.7, 0.85, 0.93]) },
    { label: 'bulk only', summary: web(0.01, 0.5, 0, null) },
  ];
  const rows = parse(familyTableCsv(FAMILY_METRICS, lessons));

  it('a row per lesson, a column per figure with its unit in the head (no no-break spaces)', () => {
    expect(rows[0]).toEqual(['lesson', 'Loss %', 'Utilization %', 'Mean queue pkts', 'Exchanges', '% with a drop', '% within 200 ms', '% within 500 ms', '% within 1 s', '% within 2 s']);
    expect(rows.map((r) => r[0])).toEqual(['lesson', 'drop-tail, 240', 'PI, "24"', 'bulk only']);
    expect(rows.every((r) => r.length === 10)).toBe(true);
  });

  it('numbers in the head’s unit at full precision; a figure a run lacks is empty', () => {
    expect(rows[1].slice(1)).toEqual(['5.81', '91.9', '58.1', '9120', '11.62', '41', '62', '80', '90']);
    // the table shows 4.10 and 90.0: the file keeps what the run gave
    expect(rows[2].slice(1, 3)).toEqual(['4.1', '90']);
    // without web traffic: no exchange hit by a drop, no response-time figure
    expect(rows[3].slice(5)).toEqual(['', '', '', '', '']);
  });
});

describe('familySeedTableCsv (the family view over seeds)', () => {
  const seeds = [3, 4, 5];
  const runs = [
    [web(0.05, 0.9, 100, [0.4, 0.6, 0.8, 0.9]), web(0.06, 0.92, 110, [0.42, 0.6, 0.8, 0.9]), web(0.055, 0.91, 105, [0.41, 0.6, 0.8, 0.9])],
    [web(0.03, 0.89, 101, [0.5, 0.7, 0.8, 0.9]), web(0.035, 0.9, 108, [0.52, 0.7, 0.8, 0.9]), web(0.031, 0.9, 104, [0.51, 0.7, 0.8, 0.9])],
  ];
  const table = familySeedTable(runs);
  const rows = parse(familySeedTableCsv(['drop-tail', 'PI'], table, seeds));

  it('a row per lesson and figure, a column per seed', () => {
    expect(rows[0]).toEqual(['lesson', 'key', 'metric', 'mean', 'sd', 'difference from drop-tail, of the means (pp, percentage points, where the unit is %)', 'versus the seeds’ spread', 'seed 3', 'seed 4', 'seed 5']);
    expect(rows.length - 1).toBe(2 * FAMILY_METRICS.length);
  });

  it('the reference has no difference; the others their mean minus the reference’s and the verdict', () => {
    const ref = rows.find((r) => r[0] === 'drop-tail' && r[1] === 'loss')!;
    expect(ref.slice(5, 7)).toEqual(['', '']);
    expect(ref.slice(7).map(Number)).toEqual([5, 6, 5.5]);
    expect(Number(ref[3])).toBeCloseTo(5.5, 9);
    expect(Number(ref[4])).toBeCloseTo(0.5, 9);
    const pi = rows.find((r) => r[0] === 'PI' && r[1] === 'loss')!;
    const cell = table[1].find((c) => c.key === 'loss')!;
    expect(Number(pi[5])).toBeCloseTo(100 * (0.032 - 0.055), 9);
    // every seed lower by 1.9 to 2.5 points: larger than the spread
    expect(pi[6]).toBe(verdictText(cell.verdict!));
    expect(cell.verdict).toBe('apart');
  });
});

describe('gridCsv (a paper’s figure from its grid)', () => {
  // drop-tail at every connection count, and two max_p points of the first curve
  const done = new Map<string, Summary>();
  const pts = FENG_FIG4.points;
  const first = pts.filter((p) => p.curve === 0);
  const dt = first.find((p) => p.x === null)!;
  const [p1, p2] = first.filter((p) => p.x !== null);
  done.set(dt.name, summary({ lossRate: 0.08, utilization: 0.97 }));
  done.set(p1.name, summary({ lossRate: 0.05, utilization: 0.93 }));
  done.set(p2.name, summary({ lossRate: 0.06, utilization: 0.95 }));
  const byMetric = FENG_FIG4.metrics.map((metric) => ({ metric, curves: gridCurves(FENG_FIG4, metric, done) }));
  const rows = parse(gridCsv(FENG_FIG4, byMetric));

  it('a row per metric, curve and point run, and one for the curve’s reference', () => {
    // the x column is named without the axis's "(log scale)" and holds numbers only (or empty):
    // a reader that types columns (pandas) keeps it numeric and plots it
    expect(rows[0]).toEqual(['metric', FENG_FIG4.curveUnit, 'max_p', 'reference', 'value']);
    expect(rows.length - 1).toBe(FENG_FIG4.metrics.length * 3);
    expect(rows.slice(1).every((r) => r[2] === '' || Number.isFinite(Number(r[2])))).toBe(true);
    for (const { metric, curves } of byMetric) {
      const mine = rows.filter((r) => r[0] === metric.yLabel);
      expect(mine.map((r) => r[2])).toEqual([String(p1.x), String(p2.x), '']);
      expect(mine.map((r) => r[3])).toEqual(['', '', FENG_FIG4.refLabel]);
      expect(mine.map((r) => Number(r[4]))).toEqual([...curves[0].points.map((p) => p.y), curves[0].ref]);
      expect(mine.every((r) => r[1] === FENG_FIG4.curves[0])).toBe(true);
    }
  });
});
