import { describe, expect, it } from 'vitest';
import type { Summary } from '../../../../src/engine/metrics/types';
import { FIG4_FLOWS, FIG4_MAXP } from '../../../../src/engine/scenario/presets/seeds004';
import { presetScenario } from '../../../../src/engine/scenario/presets';
import { compareChoices, GRID, usableChoice } from '../../../../src/ui/compare/choices';
import { FENG_FIG4, gridCurves, gridFigureFor, gridTicks, gridXs, log2Position } from '../../../../src/ui/compare/grid';
import { flowColor } from '../../../../src/ui/colors';
import { lessons } from '../../../../src/ui/scenario-api';

/** A summary with only the bottleneck figures the grid reads. */
const summary = (lossRate: number, utilization: number) => ({ bottleneck: { lossRate, utilization } }) as unknown as Summary;

describe('a figure from a grid of presets (seeds/004 Fig. 4)', () => {
  it('names every preset of the feng-fig4 group once, and only those', () => {
    const names = FENG_FIG4.points.map((p) => p.name);
    expect(new Set(names).size).toBe(names.length);
    expect(names.length).toBe(FIG4_FLOWS.length * (FIG4_MAXP.length + 1));
    const group = lessons()
      .filter((l) => l.group === 'feng-fig4')
      .map((l) => l.name)
      .sort();
    expect([...names].sort()).toEqual(group);
    for (const n of names) expect(presetScenario(n), n).toBeDefined();
    expect(gridFigureFor('feng-fig4')).toBe(FENG_FIG4);
    expect(gridFigureFor('lesson')).toBeUndefined();
    expect(gridFigureFor(undefined)).toBeUndefined();
  });

  it('shapes the runs into one curve per connection count, in max_p order, with drop-tail as its reference, in percent', () => {
    // made-up summaries whose values encode the point: loss = n * p / 1000, utilization = 1 - p / (2 n)
    const done = new Map<string, Summary>();
    // in reverse order, and without one point, to see the sorting and the gap
    for (const p of [...FENG_FIG4.points].reverse()) {
      const n = FIG4_FLOWS[p.curve];
      if (p.name === 'feng-fig4-n8-maxp-0.25') continue;
      done.set(p.name, p.x === null ? summary(n / 500, 0.999) : summary((n * p.x) / 1000, 1 - p.x / (2 * n)));
    }
    const [loss, util] = FENG_FIG4.metrics;
    const lc = gridCurves(FENG_FIG4, loss, done);
    const uc = gridCurves(FENG_FIG4, util, done);
    expect(lc.map((c) => c.label)).toEqual(['4 connections', '8 connections', '32 connections', '64 connections']);
    expect(lc.map((c) => c.color)).toEqual([0, 1, 2, 3].map(flowColor));
    FIG4_FLOWS.forEach((n, i) => {
      const xs = FIG4_MAXP.filter((p) => !(n === 8 && p === 0.25));
      expect(lc[i].points.map((q) => q.x)).toEqual(xs);
      lc[i].points.forEach((q, k) => expect(q.y).toBeCloseTo((100 * n * xs[k]) / 1000, 12));
      uc[i].points.forEach((q, k) => expect(q.y).toBeCloseTo(100 * (1 - xs[k] / (2 * n)), 12));
      expect(lc[i].ref).toBeCloseTo((100 * n) / 500, 12);
      expect(uc[i].ref).toBeCloseTo(99.9, 12);
      expect(lc[i].points.map((q) => q.name)).toEqual(xs.map((p) => `feng-fig4-n${n}-maxp-${p}`));
    });
    // nothing run yet: no points, no reference
    for (const c of gridCurves(FENG_FIG4, loss, new Map())) {
      expect(c.points).toEqual([]);
      expect(c.ref).toBeUndefined();
    }
  });

  it('the log-2 axis: ticks at the values run, thinned by doubling strides; doubling steps are evenly spaced', () => {
    const xs = gridXs(FENG_FIG4);
    expect(xs).toEqual([...FIG4_MAXP]);
    expect(gridTicks(xs, 20)).toEqual(xs);
    expect(gridTicks(xs, 9)).toEqual(xs);
    // 9 values in at most 8, 5 ticks: every other one
    expect(gridTicks(xs, 8)).toEqual([xs[0], xs[2], xs[4], xs[6], xs[8]]);
    expect(gridTicks(xs, 5)).toEqual([0.004, 0.016, 0.063, 0.25, 1]);
    // 4 ticks: every fourth one
    expect(gridTicks(xs, 4)).toEqual([0.004, 0.063, 1]);
    expect(gridTicks([], 4)).toEqual([]);
    // positions: ends at the ends, and 0.004 -> 0.008 -> 0.016 (exact doublings) equal steps
    const at = (v: number) => log2Position(v, 0.004, 1, 50, 450);
    expect(at(0.004)).toBeCloseTo(50, 9);
    expect(at(1)).toBeCloseTo(450, 9);
    const step = 400 / Math.log2(1 / 0.004);
    expect(at(0.008) - at(0.004)).toBeCloseTo(step, 9);
    expect(at(0.016) - at(0.008)).toBeCloseTo(step, 9);
    expect(at(0.5) - at(0.25)).toBeCloseTo(step, 9);
    expect(at(Math.sqrt(0.004))).toBeCloseTo(250, 9);
  });

  it('Compare offers the grid on a point of the figure, first among the enabled choices there, and not elsewhere', () => {
    const all = lessons();
    const l = all.find((x) => x.name === 'feng-fig4-n8-maxp-0.016')!;
    const groups = compareChoices(l.scenario, l, 0, all, gridFigureFor(l.group)?.title);
    const opt = groups.flatMap((g) => g.options).find((o) => o.value === GRID);
    expect(opt?.disabled).toBe(false);
    expect(opt?.label).toContain('Fig. 4');
    expect(usableChoice('v:red-ecn', groups)).toBe(GRID);
    const other = all.find((x) => x.name === 'feng-fig12')!;
    expect(gridFigureFor(other.group)).toBeUndefined();
    expect(compareChoices(other.scenario, other, 0, all).flatMap((g) => g.options).some((o) => o.value === GRID)).toBe(false);
  });
});
