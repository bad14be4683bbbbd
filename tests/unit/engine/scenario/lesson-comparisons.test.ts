import { describe, expect, it } from 'vitest';
import type { Summary } from '../../../../src/engine/metrics/types';
import { presetScenario } from '../../../../src/engine/scenario/presets';
import { lessonComparisons } from '../../../../src/engine/scenario/lesson-compare';

/*
 * What a set of lessons say of one another (Compare's family view, sweep --seeds): each
 * member lesson's statement that compares it with other members (presets/types.ts,
 * Versus), checked at each seed run.
 */

/** A summary with the share within 1 s and the exchanges with a loss, as the comparisons read them. */
function summary(within1s: number, flowsWithLoss: number): Summary {
  return { web: { cdf: [[0.5, within1s / 2], [1, within1s]], flowsWithLoss }, bottleneck: { lossRate: 0.01 } } as unknown as Summary;
}
const member = (lesson: string, seed = 2) => ({ lesson, scenario: { ...presetScenario(lesson)!, seed } });

describe('what the family lessons say of one another, over the seeds', () => {
  const pi = member('web-users-pi-90', 4);
  const ecn = member('web-users-pi-ecn-90', 4);

  it('each statement whose lessons are all members, with its verdict at each seed', () => {
    // seed 4: ECN ahead within 1 s and fewer losses; seed 5: ECN behind within 1 s
    const { rows, left } = lessonComparisons([ecn, pi], [[summary(0.9, 0.05), summary(0.8, 0.05)], [summary(0.85, 0.1), summary(0.82, 0.1)]]);
    expect(rows.map((r) => [r.lesson, r.text, r.verdicts.map((v) => v.pass)])).toEqual([
      ['web-users-pi-ecn-90', 'ECN helps PI: more responses complete within 1 s than without ECN (web-users-pi-90).', [true, false]],
      ['web-users-pi-ecn-90', 'Fewer exchanges lose a packet than without ECN (web-users-pi-90).', [true, true]],
    ]);
    expect(rows[0].verdicts[1].measured).toBe('web-users-pi-ecn-90 80.0 % within 1 s; web-users-pi-90 82.0 %');
    // PI's own two compare with REM and drop-tail, not members here
    expect(left).toBe(2);
  });

  it('a member that is not its lesson as it is (another change than the seed) says nothing, nor is it a lesson to compare with', () => {
    const edited = { ...pi, scenario: { ...pi.scenario, duration: 100 } };
    expect(lessonComparisons([ecn, edited], [[summary(0.9, 0.05)], [summary(0.85, 0.1)]]).rows).toEqual([]);
    // a name of one's own is a label: still the lesson
    const named = { ...pi, scenario: { ...pi.scenario, name: 'mine' } };
    expect(lessonComparisons([ecn, named], [[summary(0.9, 0.05)], [summary(0.85, 0.1)]]).rows).toHaveLength(2);
    // a scenario of no lesson
    expect(lessonComparisons([{ ...ecn, lesson: null }, pi], [[summary(0.9, 0.05)], [summary(0.85, 0.1)]]).rows).toEqual([]);
  });
});
