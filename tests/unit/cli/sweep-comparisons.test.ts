import { describe, expect, it } from 'vitest';
import type { Summary } from '../../../src/engine/metrics/types';
import { lessonComparisons } from '../../../src/engine/scenario/lesson-compare';
import { presetScenario } from '../../../src/engine/scenario/presets';
import { capture } from './capture';
import { runSweep, sweepComparisons } from '../../../src/cli/sweep';

/*
 * `aqm-lab sweep` of lessons whose statements compare them with one another ends with those
 * statements checked at every seed (lesson-compare.ts), as Compare's family view does.
 */

/** A summary with the share within 1 s and the exchanges with a loss, as the comparisons read them. */
function summary(within1s: number, flowsWithLoss: number): Summary {
  return { web: { cdf: [[0.5, within1s / 2], [1, within1s]], flowsWithLoss }, bottleneck: { lossRate: 0.01 } } as unknown as Summary;
}
const member = (lesson: string) => ({ lesson, scenario: presetScenario(lesson)! });

describe('sweep: what the lessons say of one another', () => {
  it('each statement with the seeds it holds at, and what was measured where it does not', () => {
    const text = sweepComparisons([member('web-users-pi-ecn-90'), member('web-users-pi-90')], [[summary(0.9, 0.05), summary(0.8, 0.05)], [summary(0.85, 0.1), summary(0.82, 0.1)]], [4, 5]);
    expect(text).toBe(
      [
        'What the lessons say of one another, checked at each of seeds 4, 5:',
        '  [holds at 1 of 2] web-users-pi-ecn-90: ECN helps PI: more responses complete within 1 s than without ECN (web-users-pi-90).',
        '      not at seed 5: web-users-pi-ecn-90 80.0 % within 1 s; web-users-pi-90 82.0 %',
        '  [holds at 2 of 2] web-users-pi-ecn-90: Fewer exchanges lose a packet than without ECN (web-users-pi-90).',
        '  (2 more statements name a lesson this sweep does not run: left out)',
      ].join('\n'),
    );
    // one seed: holds or does not
    expect(sweepComparisons([member('web-users-pi-ecn-90'), member('web-users-pi-90')], [[summary(0.8, 0.05)], [summary(0.82, 0.1)]], [2])).toContain('  [does not hold] web-users-pi-ecn-90: ECN helps PI');
    // nothing to say: none
    expect(sweepComparisons([member('web-users-pi-90')], [[summary(0.8, 0.05)]], [2])).toBeNull();
  });

  it('a sweep of PI with and without ECN over two seeds checks them on its own runs, last', async () => {
    const io = capture();
    expect(await runSweep(['web-users-pi-ecn-90', 'web-users-pi-90', '--seeds', '1-2', '--jobs', '1', '--json'], io)).toBe(0);
    const rows = io.stdout.trim().split('\n').map((l) => JSON.parse(l) as { name: string; seed: number; web: { within: Record<string, number> } });
    expect(rows).toHaveLength(4);
    // the seeds at which PI with ECN has more responses within 1 s than without, from the rows
    const w1 = (name: string, seed: number) => rows.find((r) => r.name === name && r.seed === seed)!.web.within['1'];
    const held = [1, 2].filter((seed) => w1('web-users-pi-ecn-90', seed) > w1('web-users-pi-90', seed)).length;
    // --json prints the rows alone; the tables' run ends with the statements, judged as on those runs
    const table = capture();
    expect(await runSweep(['web-users-pi-ecn-90', 'web-users-pi-90', '--seeds', '1-2', '--jobs', '1'], table)).toBe(0);
    const tail = table.stdout.slice(table.stdout.indexOf('What the lessons say of one another'));
    expect(tail.startsWith('What the lessons say of one another, checked at each of seeds 1, 2:\n')).toBe(true);
    expect(tail).toContain(`[holds at ${held} of 2] web-users-pi-ecn-90: ECN helps PI: more responses complete within 1 s than without ECN (web-users-pi-90).`);
    expect(io.stdout).not.toContain('What the lessons say');
    // a --set other than the seed changes the lessons: no statement is theirs then
    const edited = capture();
    expect(await runSweep(['web-users-pi-ecn-90', 'web-users-pi-90', '--set', 'duration=60', '--jobs', '1'], edited)).toBe(0);
    expect(edited.stdout).not.toContain('What the lessons say');
    expect(lessonComparisons([member('web-users-pi-ecn-90'), member('web-users-pi-90')], [[], []]).rows).toHaveLength(2);
  });
});
