/**
 * The family view over seeds (family.ts, familySeedTable): per lesson each figure's mean ±
 * sd over the seeds, and each lesson after the first against the first, paired by seed with
 * the rule of src/engine/metrics/stats.ts. Expected numbers are computed here from the inputs.
 */
import { describe, expect, it } from 'vitest';
import type { Summary } from '../../../../src/engine/metrics/types';
import { FAMILY_METRICS, FAMILY_TIMES, familySeedTable } from '../../../../src/ui/compare/family';
import { faintTitle, runCounterText, SPREAD_RULE, spreadRule, statText } from '../../../../src/ui/compare/seeds';
import { flow, queue } from './summary-fixtures';

/** A web run's summary: the bottleneck's loss and utilization, the exchanges and the CDF at FAMILY_TIMES. */
function web(lossRate: number, utilization: number, exchanges: number, within: number[]): Summary {
  const cdf = FAMILY_TIMES.map((t, k) => [t, within[k]] as [number, number]);
  // the backlog and the exchanges hit by a drop follow the loss here, as they do in a run
  const meanQueuePackets = 1000 * lossRate + 0.25;
  return {
    events: 1,
    wallSeconds: 0,
    simulatedSeconds: 12,
    warmup: 2,
    bottleneck: queue({ lossRate, utilization, meanQueuePackets }),
    bottleneckReverse: queue(),
    flows: [flow(0)],
    goodputEfficiency: 0.8,
    fairness: { jain: 1 },
    web: { exchanges, cdf, flowsWithLoss: 3 * lossRate } as unknown as Summary['web'],
  };
}

const mean = (xs: number[]) => xs.reduce((a, x) => a + x, 0) / xs.length;
const sd = (xs: number[]) => {
  const m = mean(xs);
  return Math.sqrt(xs.reduce((a, x) => a + (x - m) ** 2, 0) / (xs.length - 1));
};
/** The paired rule, written out here: mean of the differences beyond 2·sd/√N. */
const rule = (d: number[]) => (d.every((x) => x === 0) ? 'same' : Math.abs(mean(d)) > (2 * sd(d)) / Math.sqrt(d.length) ? 'apart' : 'within');

describe('the family table over seeds', () => {
  // three lessons over four seeds: the load (utilization) swings with the seed for all alike
  const util = [0.61, 0.86, 0.7, 0.79];
  const lossRef = [0.01, 0.03, 0.015, 0.022];
  // lesson 1 loses a little less at every seed (beyond the spread, paired); lesson 2 scatters around the first
  const loss1 = lossRef.map((x) => x - 0.004);
  const loss2 = [0.012, 0.026, 0.017, 0.021];
  const w = (u: number, k: number) => FAMILY_TIMES.map((_, j) => Math.min(1, 0.5 + 0.1 * j + 0.02 * k - 0.2 * (u - 0.7)));
  const runs = [
    util.map((u, k) => web(lossRef[k], u, 1000 + 100 * k, w(u, 0))),
    util.map((u, k) => web(loss1[k], u, 1000 + 100 * k, w(u, 1))),
    util.map((u, k) => web(loss2[k], u + 0.01 * (k % 2 ? 1 : -1), 1200 + 10 * k * k, w(u, 0))),
  ];
  const t = familySeedTable(runs);
  const cell = (i: number, key: string) => t[i].find((c) => c.key === key)!;

  it('one row per lesson, one cell per column, each holding that lesson’s values over the seeds, mean and sample sd', () => {
    expect(t.length).toBe(3);
    for (const row of t) expect(row.map((c) => c.key)).toEqual(FAMILY_METRICS.map((m) => m.key));
    expect(cell(1, 'loss').b.values).toEqual(loss1);
    expect(cell(1, 'loss').b.mean).toBeCloseTo(mean(loss1), 12);
    expect(cell(1, 'loss').b.sd).toBeCloseTo(sd(loss1), 12);
    expect(cell(2, 'exchanges').b.mean).toBeCloseTo(mean([1200, 1210, 1240, 1290]), 9);
    const w05 = runs[2].map((s) => s.web!.cdf[1][1]);
    expect(cell(2, 'within0.5').b.mean).toBeCloseTo(mean(w05), 12);
    // the first lesson's own row: its values, no verdict against itself
    expect(cell(0, 'util').b.values).toEqual(util);
    expect(t[0].every((c) => c.verdict === null && c.diff === null && c.winner === null)).toBe(true);
  });

  it('each later lesson against the first, paired by seed: the difference of the means and the rule’s verdict', () => {
    for (const i of [1, 2]) {
      for (const m of FAMILY_METRICS) {
        const ref = runs[0].map((s) => m.value(s)!);
        const own = runs[i].map((s) => m.value(s)!);
        const d = own.map((x, k) => x - ref[k]);
        const c = cell(i, m.key);
        expect(c.a.values, m.key).toEqual(ref);
        expect(c.verdict, `${i} ${m.key}: ${d.join(', ')}`).toBe(rule(d));
        expect(c.diff!).toBeCloseTo(mean(own) - mean(ref), 12);
      }
    }
    // lesson 1 loses less at every seed: beyond the spread, and lower loss is better
    expect(cell(1, 'loss')).toMatchObject({ verdict: 'apart', winner: 'b' });
    // lesson 2 scatters around the first: within, no winner, though unpaired means differ
    expect(cell(2, 'loss')).toMatchObject({ verdict: 'within', winner: null });
    // the same exchanges at every seed: the same
    expect(cell(1, 'exchanges').verdict).toBe('same');
  });

  it('writes mean ± sd as the one-seed table writes a value: shares in percent without the sign, counts with one decimal', () => {
    const l = cell(1, 'loss');
    expect(statText(l, l.b)).toBe(`${(100 * mean(loss1)).toFixed(2)} ± ${(100 * sd(loss1)).toFixed(2)}`);
    const x = cell(2, 'exchanges');
    // grouped by thousands as the one-seed column's 1,000 is
    expect(statText(x, x.b)).toBe(`${mean([1200, 1210, 1240, 1290]).toLocaleString('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 })} ± ${sd([1200, 1210, 1240, 1290]).toFixed(1)}`);
    // the one-seed text of the same columns
    const one = runs[0][0];
    expect(FAMILY_METRICS.map((m) => m.text(m.value(one)!))).toEqual([
      (100 * lossRef[0]).toFixed(2),
      (100 * util[0]).toFixed(1),
      (1000 * lossRef[0] + 0.25).toFixed(1),
      (1000).toLocaleString('en-US'),
      (300 * lossRef[0]).toFixed(1),
      ...w(util[0], 0).map((v) => (100 * v).toFixed(1)),
    ]);
  });

  it('a run without a CDF point has no value there: no mean, no verdict', () => {
    const gap = runs.map((r) => r.map((s) => s));
    gap[1] = [...gap[1]];
    gap[1][2] = { ...gap[1][2], web: { exchanges: 0, cdf: [] } as unknown as Summary['web'] };
    const c = familySeedTable(gap)[1].find((x) => x.key === 'within1')!;
    expect(c.b.mean).toBeNull();
    expect(c.b.missing).toBe(1);
    expect(c.verdict).toBeNull();
  });
});

describe('what the views over seeds say', () => {
  it('the rule names who is paired and the difference it judges', () => {
    const r = spreadRule('All lessons', 'lesson − first lesson');
    expect(r).toMatch(/^All lessons run at the same seeds/);
    expect(r).toContain('2 × sd(lesson − first lesson)/√N');
    expect(SPREAD_RULE).toContain('each seed gives one difference B − A');
    expect(SPREAD_RULE).toContain('2 × sd(B − A)/√N');
  });

  it('the chart’s title over seeds, none for one seed; the run counter', () => {
    expect(faintTitle([4])).toBeUndefined();
    expect(faintTitle([4, 5, 6])).toBe('Response times (seed 4; faint: seeds 5 to 6)');
    expect(runCounterText(0, 9)).toBe('run 1 of 9');
    expect(runCounterText(8, 9)).toBe('run 9 of 9');
    expect(runCounterText(9, 9)).toBe('all 9 runs done');
  });
});
