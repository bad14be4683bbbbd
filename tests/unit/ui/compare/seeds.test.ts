/**
 * Compare over several seeds (src/ui/compare/seeds.ts): the seeds run, the mean ± sample sd
 * of every table row over them, the verdict against the seeds' spread, and the question
 * before a large comparison that counts every run. Expected numbers are computed here from
 * the inputs, never copied from a run.
 */
import { describe, expect, it } from 'vitest';
import type { QueueSummary, Summary } from '../../../../src/engine/metrics/types';
import { RUN_FIELDS } from '../../../../src/engine/scenario/fields';
import { LARGE_RUN_SECONDS } from '../../../../src/ui/run/controller';
import { comparisonQuestion, diffText, MAX_COMPARE_SEEDS, seedCount, seedList, seedOfB, seedOnly, seedsText, seedTable, spreadBound, statText, verdict, type SeedRow } from '../../../../src/ui/compare/seeds';
import { lessons } from '../../../../src/ui/scenario-api';
import { jsonEqual } from '../../../../src/engine/scenario/paths';
import { FOLD_FLOWS } from '../../../../src/ui/compare/diff';
import { estimateRun } from '../../../../src/engine/estimate';
import { presetByName } from '../../../../src/engine/scenario/presets';
import type { Scenario } from '../../../../src/engine/scenario/schema';
import { flow, queue } from './summary-fixtures';

function summary(q: Partial<QueueSummary> = {}, flows = [flow(0), flow(1)], over: Partial<Summary> = {}): Summary {
  return { events: 1, wallSeconds: 0, simulatedSeconds: 12, warmup: 0, bottleneck: queue(q), bottleneckReverse: queue(), flows, goodputEfficiency: 0.8, fairness: { jain: 0.95 }, ...over };
}

const row = (rows: SeedRow[], key: string): SeedRow => {
  const r = rows.find((x) => x.key === key);
  if (!r) throw new Error(`no row ${key}`);
  return r;
};
const mean = (xs: number[]) => xs.reduce((a, x) => a + x, 0) / xs.length;
const sd = (xs: number[]) => {
  const m = mean(xs);
  return Math.sqrt(xs.reduce((a, x) => a + (x - m) ** 2, 0) / (xs.length - 1));
};

describe('the seeds of a comparison', () => {
  it('s, s+1, ..., s+N-1 from the scenario’s seed; past the largest seed they go on from 0', () => {
    expect(seedList(7, 4)).toEqual([7, 8, 9, 10]);
    expect(seedList(7, 1)).toEqual([7]);
    const max = RUN_FIELDS.seed.max;
    expect(seedList(max - 1, 3)).toEqual([max - 1, max, 0]);
    expect(seedsText(seedList(3, 5))).toBe('seeds 3 to 7');
    expect(seedsText([4])).toBe('seed 4');
  });

  it('the control’s count is a whole number from 1 to the most offered; anything else is 1', () => {
    expect(seedCount('5')).toBe(5);
    expect(seedCount(MAX_COMPARE_SEEDS + 5)).toBe(MAX_COMPARE_SEEDS);
    for (const bad of [0, -2, 2.5, 'x', undefined, null]) expect(seedCount(bad)).toBe(1);
  });
});

describe('the verdict against the seeds’ spread (paired by seed)', () => {
  it('is 2·sd(d)/√N of the per-seed differences d = B − A; a mean difference beyond it is "apart", within it "within"', () => {
    const d = [1, 3, 2, 4, 0];
    // mean 2, sample sd √2.5, N 5
    const b = spreadBound(d);
    expect(b).toBeCloseTo((2 * Math.sqrt(2.5)) / Math.sqrt(5), 12);
    expect(verdict(d, 10)).toBe('apart'); // 2 > 1.414
    expect(verdict(d.map((x) => -x), 10)).toBe('apart');
    // the same spread around a mean of 1: within (1 < 1.414)
    expect(verdict(d.map((x) => x - 1), 10)).toBe('within');
    expect(verdict([0, 0, 0], 10)).toBe('same');
    // every seed gives the same difference (the seed does not move it): apart
    expect(verdict([0.5, 0.5, 0.5, 0.5, 0.5], 10)).toBe('apart');
  });

  it('pairing tells apart two sides whose own spreads overlap, when each seed moves both alike', () => {
    // each seed shifts both sides by the same load effect; B is 2 below A at every seed
    const a = [50, 70, 44, 61, 58];
    const bSide = a.map((x) => x - 2);
    const d = bSide.map((x, k) => x - a[k]);
    expect(verdict(d, 60)).toBe('apart');
    // unpaired, the means' difference (2) is far inside two standard errors of the means (about 12)
    expect(2 * Math.sqrt((2 * sd(a) ** 2) / 5)).toBeGreaterThan(10);
  });
});

describe('seedTable', () => {
  // five seeds: A's utilization and drops vary a lot, B's queue is shorter by much more than its spread
  const utilA = [0.61, 0.86, 0.7, 0.79, 0.66];
  const utilB = [0.64, 0.83, 0.74, 0.77, 0.7];
  const dropsA = [50, 70, 44, 61, 58];
  const dropsB = [52, 66, 49, 59, 60];
  const qA = [30, 33, 28, 31, 35];
  const qB = [12, 11, 14, 12, 13];
  const pairs = utilA.map((_, k) => ({
    a: summary({ utilization: utilA[k], drops: dropsA[k], meanQueuePackets: qA[k] }),
    b: summary({ utilization: utilB[k], drops: dropsB[k], meanQueuePackets: qB[k] }),
  }));
  const t = seedTable(pairs);

  it('each row holds both sides’ values per seed, their mean and sample sd', () => {
    const u = row(t.rows, 'util');
    expect(u.a.values).toEqual(utilA);
    expect(u.a.mean).toBeCloseTo(mean(utilA), 12);
    expect(u.a.sd).toBeCloseTo(sd(utilA), 12);
    expect(u.b.mean).toBeCloseTo(mean(utilB), 12);
    expect(u.b.sd).toBeCloseTo(sd(utilB), 12);
    expect(u.diff).toBeCloseTo(mean(utilB) - mean(utilA), 12);
    const du = utilB.map((x, k) => x - utilA[k]);
    expect(u.bound).toBeCloseTo((2 * sd(du)) / Math.sqrt(5), 12);
  });

  it('a difference within the spread is said so and has no winner; one beyond it names the better side', () => {
    const u = row(t.rows, 'util');
    expect(u.verdict).toBe('within');
    expect(u.winner).toBeNull();
    expect(row(t.rows, 'drops')).toMatchObject({ verdict: 'within', winner: null });
    const q = row(t.rows, 'meanQueue');
    expect(q.verdict).toBe('apart');
    // a shorter queue is better
    expect(q.winner).toBe('b');
    expect(diffText(q)).toBe(`−${q.format(mean(qA) - mean(qB))}`);
    // a metric equal in every seed: the same, no spread
    expect(row(t.rows, 'jain')).toMatchObject({ verdict: 'same', winner: null });
    expect(row(t.rows, 'jain').a.sd).toBe(0);
    expect(diffText(row(t.rows, 'jain'))).toBe('=');
  });

  it('a difference smaller than the row’s decimals shows its first two digits, not “−0.000” beside “larger than the seeds’ spread”', () => {
    // Jain's index (3 decimals) 0.9998 in every seed against 0.9993: apart, by 0.0005
    const jainA = [0.9998, 0.9997, 0.9998];
    const jainB = [0.9993, 0.9993, 0.9993];
    const tt = seedTable(jainA.map((ja, k) => ({ a: summary({}, undefined, { fairness: { jain: ja } }), b: summary({}, undefined, { fairness: { jain: jainB[k] } }) })));
    const j = row(tt.rows, 'jain');
    expect(j.verdict).toBe('apart');
    expect(j.format(Math.abs(j.diff!))).toBe('0.000');
    expect(diffText(j)).toBe(`−${Math.abs(mean(jainB) - mean(jainA)).toFixed(5)}`);
    expect(diffText(j)).toBe('−0.00047');
    // a difference that shows at the row's own decimals keeps them
    expect(diffText(row(t.rows, 'meanQueue'))).toMatch(/^−\d+\.\d pkts$/);
  });

  it('shows mean ± sd in the row’s unit, counts with one decimal', () => {
    const d = row(t.rows, 'drops');
    expect(statText(d, d.a)).toBe(`${mean(dropsA).toFixed(1)} ± ${sd(dropsA).toFixed(1)}`);
    const u = row(t.rows, 'util');
    expect(statText(u, u.a)).toBe(`${(mean(utilA) * 100).toFixed(2)} % ± ${(sd(utilA) * 100).toFixed(2)} %`);
  });

  it('writes the sd with as many decimals as the mean, also where the unit alone would give it more', () => {
    // a loss rate of about 0.55 % whose sd is under 0.1 %: a percentage below 0.1 % alone reads with 4 decimals
    const lossA = [0.0043, 0.0061, 0.0058, 0.0049, 0.0064];
    // a loss rate below 0.1 % (4 decimals) with a larger sd: both with 4
    const lossB = [0, 0.0001, 0, 0.0002, 0.0041];
    const lt = seedTable(lossA.map((x, k) => ({ a: summary({ lossRate: x }), b: summary({ lossRate: lossB[k] }) })));
    const l = row(lt.rows, 'loss');
    expect(sd(lossA)).toBeLessThan(0.001);
    expect(statText(l, l.a)).toBe(`${(mean(lossA) * 100).toFixed(2)} % ± ${(sd(lossA) * 100).toFixed(2)} %`);
    expect(mean(lossB)).toBeLessThan(0.001);
    expect(sd(lossB)).toBeGreaterThan(0.001);
    expect(statText(l, l.b)).toBe(`${(mean(lossB) * 100).toFixed(4)} % ± ${(sd(lossB) * 100).toFixed(4)} %`);
    // the same number of decimals on both sides of the ±, whatever the unit
    for (const r of lt.rows) {
      for (const side of [r.a, r.b]) {
        const m = statText(r, side).match(/^-?\d+(?:\.(\d+))?\D* ± \d+(?:\.(\d+))?\D*$/);
        if (!m || side.sd === 0) continue;
        expect(m[2]?.length ?? 0, `${r.key}: ${statText(r, side)}`).toBe(m[1]?.length ?? 0);
      }
    }
  });

  it('an sd of exactly 0 (every seed the same) reads "± 0" in the unit, even where summing the values rounds', () => {
    // three seeds with the same utilization just below 1: the naive mean is one ulp lower and the sd 1.4e-16
    const u = 0.9999999999999998;
    const p = [0, 1, 2].map(() => ({ a: summary({ utilization: 0.9 }), b: summary({ utilization: u, meanQueuePackets: 75.3, drops: 5 }) }));
    const st = seedTable(p);
    const util = row(st.rows, 'util');
    expect(util.b.sd).toBe(0);
    expect(util.b.mean).toBe(u);
    expect(statText(util, util.b)).toBe(`${(u * 100).toFixed(2)} % ± 0 %`);
    const q = row(st.rows, 'meanQueue');
    expect(statText(q, q.b)).toBe('75.3 pkts ± 0 pkts');
    const d = row(st.rows, 'drops');
    expect(statText(d, d.b)).toBe('5.0 ± 0');
  });

  it('a flow unfinished in some seeds: no mean, and the table says in how many', () => {
    const p = [
      { a: summary({}, [flow(0), flow(1)]), b: summary() },
      { a: summary({}, [flow(0), flow(1, { completionTime: null })]), b: summary() },
      { a: summary({}, [flow(0), flow(1)]), b: summary() },
    ];
    const r = row(seedTable(p).rows, 'flow1.completion');
    expect(r.a.mean).toBeNull();
    expect(r.a.missing).toBe(1);
    expect(r.verdict).toBeNull();
    expect(statText(r, r.a)).toBe('unfinished in 1 of 3 seeds');
    expect(r.b.mean).toBe(11);
  });

  it('many flows: the per-flow rows fold into their spread as in the one-seed table, each averaged over the seeds', () => {
    const many = (g: number) => Array.from({ length: FOLD_FLOWS + 2 }, (_, i) => flow(i, { goodputBps: g * (i + 1) }));
    const p = [1e5, 2e5, 4e5].map((g) => ({ a: summary({}, many(g)), b: summary({}, many(2 * g)) }));
    const ft = seedTable(p);
    expect(ft.flows).toBe(FOLD_FLOWS + 2);
    expect(ft.rows.some((r) => r.key === 'flow0.goodput')).toBe(false);
    const lo = row(ft.rows, 'flows.goodput.min');
    expect(lo.a.mean).toBeCloseTo(mean([1e5, 2e5, 4e5]), 6);
    expect(lo.b.mean).toBeCloseTo(mean([2e5, 4e5, 8e5]), 6);
    expect(row(ft.flowRows, `flow${FOLD_FLOWS + 1}.goodput`).a.values).toEqual([1e5, 2e5, 4e5].map((g) => g * (FOLD_FLOWS + 2)));
  });

  it("the flows' rows carry each side's flow tags, as the one-seed table's (cubic-vs-reno: CUBIC, NewReno); none given, the bare numbers", () => {
    const p = [0, 1].map(() => ({ a: summary(), b: summary() }));
    const tags = ['CUBIC', 'NewReno'];
    expect(seedTable(p, tags, tags).rows.filter((r) => r.key.startsWith('flow')).map((r) => r.label)).toEqual(['Flow 0 · CUBIC completion', 'Flow 0 · CUBIC goodput', 'Flow 1 · NewReno completion', 'Flow 1 · NewReno goodput']);
    expect(seedTable(p).rows.filter((r) => r.key.startsWith('flow')).map((r) => r.label)).toEqual(['Flow 0 completion', 'Flow 0 goodput', 'Flow 1 completion', 'Flow 1 goodput']);
  });
});

describe('the question before a large comparison', () => {
  const small = presetByName('default')!.scenario as Scenario;
  const wall = estimateRun(small).wallSeconds;

  it('one seed: asks only about a run that is large alone, as before', () => {
    const never = () => null;
    expect(comparisonQuestion([{ label: 'A', scenario: small }, { label: 'B', scenario: small }], 1, never)).toBeNull();
    const q = comparisonQuestion([{ label: 'A', scenario: small }], 1, () => 'This run is very large: x.\n\nEstimate: about 1 G events.\n\nStart?');
    expect(q?.question).toMatch(/^Compare: “A”\n\nThis run is very large/);
    expect(q?.reason).toBe('“A” is very large (Estimate: about 1 G events)');
  });

  it('several seeds: every run counts; asks once N × the two runs’ work passes what one large run may take', () => {
    expect(wall).toBeGreaterThan(0);
    // the fewest seeds that make two copies of the preset a large comparison
    const n = Math.floor(LARGE_RUN_SECONDS / (2 * wall)) + 1;
    const runs = [
      { label: 'A', scenario: small },
      { label: 'B', scenario: small },
    ];
    const single = () => null;
    if (n > 1) expect(comparisonQuestion(runs, n - 1, single)).toBeNull();
    const q = comparisonQuestion(runs, Math.max(2, n), single);
    expect(q).not.toBeNull();
    expect(q!.question).toContain(`its ${2 * Math.max(2, n)} runs (2 scenarios × ${Math.max(2, n)} seeds)`);
    expect(q!.reason).toMatch(/^the comparison over \d+ seeds is very large \(all \d+ runs together: about/);
  });
});

describe('seedOfB: the seed B runs with', () => {
  const lesson = lessons().find((l) => l.name === 'ecn-finite')!;
  const other = lesson.experiments.find((e) => /other random draws/.test(e.title))!;
  it('a Try change that is the seed alone (seeds/001 "other random draws: seed 4"): B keeps its seed, or it ran A twice', () => {
    expect(other.scenario.seed).not.toBe(lesson.scenario.seed);
    expect(seedOfB(lesson.scenario, other.scenario)).toBe(other.scenario.seed);
  });
  it('anything else differs too (a Try change, a variant, another lesson): A’s seed, so that only the scenarios differ', () => {
    const changed = { ...other.scenario, warmup: other.scenario.warmup + 1 };
    expect(seedOfB(lesson.scenario, changed)).toBe(lesson.scenario.seed);
    expect(seedOfB(lesson.scenario, { ...lesson.scenario, seed: 13, duration: 99 })).toBe(lesson.scenario.seed);
    // a lesson at another seed with another queue (lockout-dt: drop-tail, seed 1 there too: moved)
    const lockout = lessons().find((l) => l.name === 'lockout-dt')!.scenario;
    expect(jsonEqual({ ...lockout, seed: lesson.scenario.seed }, lesson.scenario)).toBe(false);
    expect(seedOfB(lesson.scenario, { ...lockout, seed: 7 })).toBe(lesson.scenario.seed);
    expect(seedOfB(lesson.scenario, lesson.scenario)).toBe(lesson.scenario.seed);
  });
});

describe('seedOfB over several seeds', () => {
  it('a seed-only difference runs at A’s seeds: the paired rule has no shared draws to pair across two sets of seeds', () => {
    const lesson = lessons().find((l) => l.name === 'ecn-finite')!;
    const other = lesson.experiments.find((e) => /other random draws/.test(e.title))!;
    expect(seedOfB(lesson.scenario, other.scenario, 3)).toBe(lesson.scenario.seed);
    expect(seedOnly(lesson.scenario, other.scenario)).toBe(true);
    expect(seedOfB(lesson.scenario, other.scenario, 1)).toBe(other.scenario.seed);
  });
});
