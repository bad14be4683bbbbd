import { scaleLinear } from 'd3-scale';
import { describe, expect, it } from 'vitest';
import type { Summary } from '../../../../src/engine/metrics/types';
import { FIG20B_DELAY_MS, FIG20B_INCREASE, FIG4_FLOWS, FIG4_MAXP } from '../../../../src/engine/scenario/presets/seeds004';
import { ECN_FINITE_CLIENTS } from '../../../../src/engine/scenario/presets/seeds001';
import { presetScenario } from '../../../../src/engine/scenario/presets';
import { compareChoices, GRID, usableChoice } from '../../../../src/ui/compare/choices';
import { ECN_FINITE_CURVES, ECN_FINITE_FIGS, FENG_FIG20B, FENG_FIG4, GRID_FIGURES, gridAfterLesson, gridAnnouncement, gridCellText, gridCurves, gridFigureFor, gridHeading, gridMark, gridMarkText, gridMilestone, gridTickText, gridValueText, gridTableXHead, gridTicks, gridXPosition, gridXs, gridYDomain, log2Position } from '../../../../src/ui/compare/grid';
import { flowColor } from '../../../../src/ui/colors';
import { lessons } from '../../../../src/ui/scenario-api';

/** A summary with only the bottleneck figures the grid reads. */
const summary = (lossRate: number, utilization: number) => ({ bottleneck: { lossRate, utilization } }) as unknown as Summary;

/** On lesson `name`: Compare's "this figure's grid" option, and what Compare chooses when the default (a variant) was chosen. */
function gridChoice(name: string): { option: { label: string; disabled: boolean } | undefined; chosen: string } {
  const all = lessons();
  const l = all.find((x) => x.name === name)!;
  const groups = compareChoices(l.scenario, l, 0, all, gridFigureFor(l.group, l.name)?.title);
  return { option: groups.flatMap((g) => g.options).find((o) => o.value === GRID), chosen: usableChoice('v:red-ecn', groups) };
}

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
    const { option, chosen } = gridChoice('feng-fig4-n8-maxp-0.016');
    expect(option?.disabled).toBe(false);
    expect(option?.label).toContain('Fig. 4');
    expect(chosen).toBe(GRID);
    const all = lessons();
    const other = all.find((x) => x.name === 'feng-fig12')!;
    expect(gridFigureFor(other.group)).toBeUndefined();
    expect(compareChoices(other.scenario, other, 0, all).flatMap((g) => g.options).some((o) => o.value === GRID)).toBe(false);
  });
});

describe('seeds/004 Fig. 20 (b): loss against the bandwidth increase, one curve per bottleneck delay, on a linear axis', () => {
  it('names exactly the 12 (b) presets of the feng-fig20 group, each once, and is the group\'s figure', () => {
    const names = FENG_FIG20B.points.map((p) => p.name);
    expect(new Set(names).size).toBe(names.length);
    expect(names.length).toBe(12);
    const group = lessons().filter((l) => l.group === 'feng-fig20').map((l) => l.name);
    // the group holds Fig. 20 (a)'s schemes too, which are not points of (b)
    expect(group.some((n) => n.startsWith('feng-fig20a-'))).toBe(true);
    expect([...names].sort()).toEqual(group.filter((n) => n.startsWith('feng-fig20b-')).sort());
    for (const n of names) expect(presetScenario(n), n).toBeDefined();
    // no reference line, every point on the axis
    expect(FENG_FIG20B.points.every((p) => p.x !== null)).toBe(true);
    expect(FENG_FIG20B.refLabel).toBeUndefined();
    expect(gridFigureFor('feng-fig20')).toBe(FENG_FIG20B);
    expect(FENG_FIG20B.title).toContain('Fig. 20 (b)');
    // one figure per lesson: per group, or per the lessons a figure is offered on (seeds/001's N)
    for (const l of lessons()) expect(GRID_FIGURES.filter((f) => f.group === l.group && (!f.offeredOn || f.offeredOn(l.name))).length, l.name).toBeLessThanOrEqual(1);
  });

  it('shapes the runs into one curve per delay, in increase order, in percent', () => {
    // made-up summaries encoding the point: loss = inc / 10000 + ms / 100000, utilization = 1 - inc / 1000
    const done = new Map<string, Summary>();
    for (const p of [...FENG_FIG20B.points].reverse()) {
      if (p.name === 'feng-fig20b-inc30-d10') continue;
      const ms = FIG20B_DELAY_MS[p.curve];
      done.set(p.name, summary(p.x! / 10000 + ms / 100000, 1 - p.x! / 1000));
    }
    const [loss, util] = FENG_FIG20B.metrics;
    const lc = gridCurves(FENG_FIG20B, loss, done);
    const uc = gridCurves(FENG_FIG20B, util, done);
    expect(lc.map((c) => c.label)).toEqual(['5 ms bottleneck', '10 ms bottleneck', '50 ms bottleneck']);
    expect(lc.map((c) => c.color)).toEqual([0, 1, 2].map(flowColor));
    FIG20B_DELAY_MS.forEach((ms, i) => {
      const xs = FIG20B_INCREASE.filter((inc) => !(ms === 10 && inc === 30));
      expect(lc[i].points.map((q) => q.x)).toEqual(xs);
      expect(lc[i].points.map((q) => q.name)).toEqual(xs.map((inc) => `feng-fig20b-inc${inc}-d${ms}`));
      lc[i].points.forEach((q, k) => expect(q.y).toBeCloseTo(xs[k] / 100 + ms / 1000, 12));
      uc[i].points.forEach((q, k) => expect(q.y).toBeCloseTo(100 - xs[k] / 10, 12));
      expect(lc[i].ref).toBeUndefined();
    });
  });

  it('the linear axis: ticks at the four increases; positions proportional to the value, the ends off the axes', () => {
    const xs = gridXs(FENG_FIG20B);
    expect(xs).toEqual([...FIG20B_INCREASE]);
    expect(gridTicks(xs, 8)).toEqual([1, 10, 30, 50]);
    const at = gridXPosition(FENG_FIG20B, xs, 100, 500);
    // equal steps of value are equal steps of pixels (10 -> 30 as 30 -> 50; 1 -> 10 is 9/20 of it)
    expect(at(30) - at(10)).toBeCloseTo(at(50) - at(30), 9);
    expect((at(10) - at(1)) / (at(30) - at(10))).toBeCloseTo(9 / 20, 9);
    expect(at(1)).toBeGreaterThan(100);
    expect(at(50)).toBeLessThan(500);
    expect(at(1) - 100).toBeCloseTo(500 - at(50), 9);
    // the log-2 figure keeps its axis
    const at4 = gridXPosition(FENG_FIG4, gridXs(FENG_FIG4), 100, 500);
    expect(at4(0.008) - at4(0.004)).toBeCloseTo(at4(0.016) - at4(0.008), 9);
  });

  it('Compare offers the (b) figure on a (b) point, first among the enabled choices; on an (a) point its label says (b)', () => {
    const { option, chosen } = gridChoice('feng-fig20b-inc10-d5');
    expect(option?.disabled).toBe(false);
    expect(option?.label).toContain('Fig. 20 (b)');
    expect(chosen).toBe(GRID);
    expect(gridChoice('feng-fig20a-adaptive').option?.label).toContain('Fig. 20 (b)');
  });
});

describe('the y axis of a grid figure', () => {
  const util = FENG_FIG20B.metrics.find((m) => m.id === 'util')!;
  const loss = FENG_FIG20B.metrics.find((m) => m.id === 'loss')!;

  it('utilization spans at least 10 points, so tenths of a point do not fill the chart (Fig. 20 b: 99.1-100 %)', () => {
    const [lo, hi] = gridYDomain([99.11, 99.37, 99.92, 100], util);
    // bottom = 100 - 10 = 90, with 5 % of the 10-point span below and above
    expect(lo).toBeCloseTo(90 - 0.5, 12);
    expect(hi).toBeCloseTo(100 + 0.5, 12);
    // values spread wider than 10 points keep their own range
    const [lo2] = gridYDomain([70, 100], util);
    expect(lo2).toBeCloseTo(70 - 1.5, 12);
  });

  it('loss starts at 0; a missing value is left out; never below 0', () => {
    expect(gridYDomain([0.2, 0.54, NaN], loss)).toEqual([0, 0.54 + 0.54 * 0.05]);
    expect(gridYDomain([3, 4], { ...util, minSpan: 10 })[0]).toBe(0);
  });

  // helper-83: a grid with no loss anywhere drew its loss axis from 0 to 5e-11, ticks over the label
  it('no loss at any point: a 0 to 1 axis', () => {
    expect(gridYDomain([0, 0, 0], loss)).toEqual([0, 1]);
    expect(gridYDomain([0, 1e-12], loss)).toEqual([0, 1]);
    expect(gridYDomain([0, 0.003], loss)[1]).toBeCloseTo(0.00315, 12);
  });
});

describe('the y-axis tick labels of a grid figure', () => {
  const drops = ECN_FINITE_FIGS[0].metrics.find((m) => m.id === 'drops')!;

  // seeds/001's drop axis read "20000" and "40000" beside its table's "17,480"
  it('large counts grouped by thousands, as the table writes them', () => {
    const [lo, hi] = gridYDomain([362, 17480, 43210], drops);
    const labels = scaleLinear().domain([lo, hi]).nice(4).ticks(5).map(gridTickText);
    expect(labels).toContain('20,000');
    expect(labels).toContain('40,000');
    for (const l of labels) expect(l).toMatch(/^\d{1,3}(,\d{3})*$/);
    expect(gridTickText(1234567)).toBe('1,235,000');
    expect(gridTickText(-12000)).toBe('-12,000');
    expect(gridValueText(drops, 17480)).toBe('drops 17,480');
  });

  it('small numbers and decimals as they were: no separator, no fraction grouped', () => {
    expect(gridTickText(0)).toBe('0');
    expect(gridTickText(500)).toBe('500');
    expect(gridTickText(99.5)).toBe('99.5');
    expect(gridTickText(0.0025)).toBe('0.0025');
    expect(gridTickText(0.1 + 0.2)).toBe('0.3');
    expect(gridTickText(1234.5)).toBe('1,235');
    const util = FENG_FIG20B.metrics.find((m) => m.id === 'util')!;
    expect(gridValueText(util, 99.271)).toBe('utilization 99.27 %');
  });
});

describe('the head of a grid table’s x column', () => {
  it('keeps the x values’ unit and drops only the chart’s scale note', () => {
    expect(gridTableXHead(FENG_FIG20B)).toBe('bandwidth increase per round trip (%)');
    expect(gridTableXHead(FENG_FIG4)).toBe('max_p');
    expect(gridTableXHead(ECN_FINITE_FIGS[0])).toBe('queue limit QL (packets)');
  });
});

describe('a grid table’s numbers', () => {
  it('counts of four digits or more grouped by thousands (seeds/001’s drops read 17480), decimals as the metric has them, their fractions not grouped', () => {
    expect(gridCellText(17480, 0)).toBe('17,480');
    expect(gridCellText(362, 0)).toBe('362');
    expect(gridCellText(1234567, 0)).toBe('1,234,567');
    expect(gridCellText(99.956, 2)).toBe('99.96');
    expect(gridCellText(1234.5, 2)).toBe('1,234.50');
    expect(gridCellText(0.0012345, 5)).toBe('0.00123');
  });
});

describe('what the grid says while its runs go', () => {
  // a screen reader heard "run k of 40" for every one of Fig. 4's 40 runs: a flood
  it('the live region speaks at the start, at each quarter and at the end: 5 times for 40 runs or 12, whatever runs end together', () => {
    for (const fig of [FENG_FIG4, FENG_FIG20B]) {
      const total = fig.points.length;
      // the runs end one by one, and (a slower page) two or three between two renders
      for (const step of [1, 2, 3]) {
        // as GridView: the region's text is set again when the milestone changes, with that moment's counts
        const said: string[] = [];
        let at = -1;
        for (let ended = 0; ; ended = Math.min(total, ended + step)) {
          if (gridMilestone(ended, total) !== at) said.push(gridAnnouncement(fig, ended, 0, 3));
          at = gridMilestone(ended, total);
          if (ended === total) break;
        }
        expect(said.length, `${fig.group}, ${step} at a time`).toBe(5);
        expect(said[0]).toBe(`Running the ${total} runs of ${fig.name}, 3 at a time; the charts fill in as runs end.`);
        // each quarter with the runs ended when it was reached
        for (const [k, s] of said.slice(1, 4).entries()) {
          const n = Number(s.match(new RegExp(`^(\\d+) of ${total} runs done\\.$`))?.[1]);
          expect(n, s).toBeGreaterThanOrEqual(((k + 1) * total) / 4);
          expect(n, s).toBeLessThan(((k + 1) * total) / 4 + step);
        }
        expect(said[4]).toMatch(new RegExp(`^All ${total} runs done\\. The figure shows loss rate and utilization against `));
      }
    }
    expect([0, 9, 10, 19, 20, 29, 30, 39, 40].map((n) => gridMilestone(n, 40))).toEqual([0, 0, 1, 1, 2, 2, 3, 3, 4]);
    expect([0, 2, 3, 5, 6, 8, 9, 11, 12].map((n) => gridMilestone(n, 12))).toEqual([0, 0, 1, 1, 2, 2, 3, 3, 4]);
  });

  it('the end says what the figure shows, and runs that failed', () => {
    expect(gridAnnouncement(FENG_FIG4, 40, 0, 1)).toBe(
      'All 40 runs done. The figure shows loss rate and utilization against max_p, one curve each for 4 connections, 8 connections, 32 connections and 64 connections, with drop-tail as dashed lines. The paper\'s reading and the numbers follow the charts.',
    );
    expect(gridAnnouncement(FENG_FIG20B, 12, 0, 1)).toBe(
      'All 12 runs done. The figure shows loss rate and utilization against bandwidth increase per round trip, one curve each for 5 ms bottleneck, 10 ms bottleneck and 50 ms bottleneck. The paper\'s reading and the numbers follow the charts.',
    );
    // seeds/001's curve names have their own commas: the list is cut by semicolons
    expect(gridAnnouncement(ECN_FINITE_FIGS[3], 35, 0, 1)).toContain('one curve each for drop-tail; RED, max_p 2 %; RED, max_p 10 %; RED+ECN, max_p 2 %; and RED+ECN, max_p 10 %.');
    expect(gridAnnouncement(FENG_FIG4, 38, 2, 1)).toMatch(/^All 40 runs ended, 2 failed \(see the error above\)\. The figure shows/);
    expect(gridAnnouncement(FENG_FIG4, 18, 2, 1)).toBe('20 of 40 runs done, 2 failed.');
  });

  // the heading said "(all 40 runs)" over the first point drawn
  it('the heading says what is drawn so far, and "all" only once every run is', () => {
    expect(gridHeading(FENG_FIG4, 0, 0)).toBe("seeds/004 Fig. 4: loss and utilization against RED-ECN's max_p (0 of 40 runs so far)");
    expect(gridHeading(FENG_FIG4, 12, 0)).toBe("seeds/004 Fig. 4: loss and utilization against RED-ECN's max_p (12 of 40 runs so far)");
    expect(gridHeading(FENG_FIG4, 39, 0)).toContain('(39 of 40 runs so far)');
    expect(gridHeading(FENG_FIG4, 40, 0)).toBe("seeds/004 Fig. 4: loss and utilization against RED-ECN's max_p (all 40 runs)");
    expect(gridHeading(FENG_FIG4, 40, 0)).toBe(FENG_FIG4.title);
    expect(gridHeading(FENG_FIG20B, 12, 0)).toBe(FENG_FIG20B.title);
    expect(gridHeading(FENG_FIG20B, 5, 1)).toContain('(5 of 12 runs so far, 1 failed)');
    expect(gridHeading(FENG_FIG20B, 11, 1)).toContain('(11 of 12 runs; 1 failed)');
    for (const f of GRID_FIGURES) expect(f.title.startsWith(`${f.name} (all `)).toBe(true);
  });
});

describe('the grid when another lesson is chosen', () => {
  // moving from one point of Fig. 4 to another closed the figure: its 40 runs (about 19 s) started over
  it('stays for a lesson of the same figure, the same comparison (its runs and results); goes for another figure or a lesson of none', () => {
    const grid = { figure: FENG_FIG4, n: 3 };
    const of = (name: string) => lessons().find((l) => l.name === name)!.group;
    expect(gridAfterLesson(grid, of('feng-fig4-n32-maxp-0.016'))).toBe(grid);
    expect(gridAfterLesson(grid, of('feng-fig4-n64-dt'))).toBe(grid);
    expect(gridAfterLesson(grid, of('feng-fig20b-inc10-d5'))).toBeNull();
    expect(gridAfterLesson({ figure: FENG_FIG20B, n: 1 }, of('feng-fig20b-inc50-d50'))?.n).toBe(1);
    expect(gridAfterLesson({ figure: FENG_FIG20B, n: 1 }, of('feng-fig4-n8-maxp-0.016'))).toBeNull();
    expect(gridAfterLesson(grid, of('red-vs-dt'))).toBeNull();
    expect(gridAfterLesson(grid, undefined)).toBeNull();
    expect(gridAfterLesson(null, 'feng-fig4')).toBeNull();
  });
});

describe('seeds/001 Figs. 2-4: G and drops against the queue limit, one figure per number of clients', () => {
  const fig = (n: number) => ECN_FINITE_FIGS[ECN_FINITE_CLIENTS.indexOf(n as (typeof ECN_FINITE_CLIENTS)[number])];
  /** A made-up summary whose G and drops encode the point. */
  const g = (G: number, drops: number) => ({ goodputEfficiency: G, bottleneck: { drops } }) as unknown as Summary;

  it('each names the 35 presets of its N (drop-tail, RED and RED+ECN at max_p 2 % and 10 %; QL 4-256) once, and is offered on its own N only', () => {
    const all = lessons().filter((l) => l.group === 'ecn-finite');
    for (const n of ECN_FINITE_CLIENTS) {
      const f = fig(n);
      const names = f.points.map((p) => p.name);
      expect(new Set(names).size).toBe(35);
      for (const p of names) expect(presetScenario(p), p).toBeDefined();
      // the group's cells of this N but Table IV's one-ECN-client ones
      expect([...names].sort()).toEqual(all.map((l) => l.name).filter((x) => x.startsWith(`ecn-finite-n${n}-`) && !x.includes('-ecn1-')).sort());
      // the figure of a point is that N's: 10 clients' lessons were offered none (or would get another N's)
      for (const p of names) expect(gridFigureFor('ecn-finite', p), p).toBe(f);
      expect(f.title).toContain(`(all 35 runs)`);
    }
    expect(fig(2).name).toContain('Fig. 2');
    expect(fig(5).name).toContain('Fig. 3');
    expect(fig(10).name).toContain('Fig. 4');
    // Table IV's cells (2 clients) offer the 2-client figure, with no point of theirs to mark
    expect(gridFigureFor('ecn-finite', 'ecn-finite-n2-ecn1-a-ql64')).toBe(fig(2));
    expect(gridMark(fig(2), 'ecn-finite-n2-ecn1-a-ql64')).toBeNull();
    // the group without a lesson, and the hand-picked seeds/001 lessons (group 'lesson'): no figure
    expect(gridFigureFor('ecn-finite')).toBeUndefined();
    expect(gridFigureFor(lessons().find((l) => l.name === 'ecn-finite')!.group, 'ecn-finite')).toBeUndefined();
  });

  it('shapes the runs into one curve per queue, in QL order, G in percent, drops as counted', () => {
    const f = fig(10);
    const done = new Map<string, Summary>();
    for (const p of [...f.points].reverse()) done.set(p.name, g(1 - 1 / (p.x! * (p.curve + 1)), p.x! * 10 + p.curve));
    const [G, drops] = f.metrics;
    const gc = gridCurves(f, G, done);
    const dc = gridCurves(f, drops, done);
    expect(gc.map((c) => c.label)).toEqual(ECN_FINITE_CURVES.map((c) => c.label));
    gc.forEach((c, i) => {
      expect(c.points.map((q) => q.x)).toEqual([4, 8, 16, 32, 64, 128, 256]);
      expect(c.points.map((q) => q.name)).toEqual([4, 8, 16, 32, 64, 128, 256].map((ql) => `ecn-finite-n10-${ECN_FINITE_CURVES[i].mech}-ql${ql}`));
      c.points.forEach((q) => expect(q.y).toBeCloseTo(100 * (1 - 1 / (q.x * (i + 1))), 12));
      dc[i].points.forEach((q) => expect(q.y).toBe(q.x * 10 + i));
    });
    expect(f.xLog2).toBe(true);
    expect(gridXs(f)).toEqual([4, 8, 16, 32, 64, 128, 256]);
  });

  it('the grid stays when another lesson of the same N is chosen, and goes for another N', () => {
    const grid = { figure: fig(5), n: 2 };
    expect(gridAfterLesson(grid, 'ecn-finite', 'ecn-finite-n5-red-a-ql16')).toBe(grid);
    expect(gridAfterLesson(grid, 'ecn-finite', 'ecn-finite-n10-red-a-ql16')).toBeNull();
    expect(gridAfterLesson(grid, 'ecn-finite', 'ecn-finite-n1-dt-ql4')).toBeNull();
  });

  it('Compare offers the N clients\' figure on a lesson of N clients (after the variants, which apply on its dumbbell)', () => {
    for (const [lesson, figName] of [['ecn-finite-n10-ecn-a-ql32', 'Fig. 4'], ['ecn-finite-n2-dt-ql8', 'Fig. 2'], ['ecn-finite-n1-dt-ql64', '1 client']]) {
      const { option, chosen } = gridChoice(lesson);
      expect(option?.disabled, lesson).toBe(false);
      expect(option?.label, lesson).toContain(figName);
      expect(chosen).not.toBe(GRID);
    }
  });
});

describe('the lesson the grid is opened from is marked in the figure', () => {
  it('its point: the curve and x of the opened preset, named as the legend and the charts say it', () => {
    const m = gridMark(FENG_FIG4, 'feng-fig4-n8-maxp-0.016')!;
    expect(m).toEqual({ name: 'feng-fig4-n8-maxp-0.016', curve: FIG4_FLOWS.indexOf(8), x: 0.016, text: 'this lesson: 8 connections, max_p 0.016' });
    const other = gridMark(FENG_FIG4, 'feng-fig4-n64-maxp-0.25')!;
    expect([other.curve, other.x]).toEqual([FIG4_FLOWS.indexOf(64), 0.25]);
    // a reference (drop-tail): its curve, no x
    expect(gridMark(FENG_FIG4, 'feng-fig4-n32-dt')).toEqual({ name: 'feng-fig4-n32-dt', curve: FIG4_FLOWS.indexOf(32), x: null, text: 'this lesson: 32 connections, drop-tail' });
    // seeds/001: the queue's curve and the QL, with its unit
    const e = gridMark(ECN_FINITE_FIGS[ECN_FINITE_CLIENTS.indexOf(10)], 'ecn-finite-n10-ecn-a-ql32')!;
    expect([e.curve, e.x, e.text]).toEqual([4, 32, 'this lesson: RED+ECN, max_p 10 %, queue limit QL 32 packets']);
    expect(gridMark(FENG_FIG20B, 'feng-fig20b-inc10-d50')?.text).toBe('this lesson: 50 ms bottleneck, bandwidth increase per round trip 10 %');
    // not a point of the figure (an (a) scheme), or no lesson: nothing marked
    expect(gridMark(FENG_FIG20B, 'feng-fig20a-normal')).toBeNull();
    expect(gridMark(FENG_FIG4, null)).toBeNull();
  });

  it('each chart says the marked point\'s value once it has run', () => {
    const m = gridMark(FENG_FIG4, 'feng-fig4-n8-maxp-0.016')!;
    const [loss] = FENG_FIG4.metrics;
    const done = new Map<string, Summary>([['feng-fig4-n8-maxp-0.016', summary(0.01234, 0.97)], ['feng-fig4-n8-maxp-0.031', summary(0.5, 0.9)]]);
    expect(gridMarkText(m, loss, gridCurves(FENG_FIG4, loss, done))).toBe('this lesson: 8 connections, max_p 0.016: loss rate 1.234 %');
    expect(gridMarkText(m, loss, gridCurves(FENG_FIG4, loss, new Map()))).toBe('this lesson: 8 connections, max_p 0.016: not run yet');
    const dt = gridMark(FENG_FIG4, 'feng-fig4-n8-dt')!;
    expect(gridMarkText(dt, loss, gridCurves(FENG_FIG4, loss, new Map([['feng-fig4-n8-dt', summary(0.02, 1)]])))).toBe('this lesson: 8 connections, drop-tail: loss rate 2 %');
  });
});
