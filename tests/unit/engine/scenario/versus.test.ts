import { describe, expect, it } from 'vitest';
import type { Summary } from '../../../../src/engine/metrics/types';
import { cloneJson } from '../../../../src/engine/scenario/paths';
import { checkVersus, comparedLessons, presetByName, presetScenario, PRESETS } from '../../../../src/engine/scenario/presets';
import { comparisonRuns } from '../../../../src/engine/scenario/lesson-compare';

/*
 * A lesson's statement that compares it with other lessons of its family (presets/types.ts,
 * Versus) is checked, at another seed, against those lessons run at that seed. These check
 * which runs get that check, that the lessons compared are the same traffic through another
 * queue, and how a comparison is judged.
 */

const owners = PRESETS.filter((p) => p.claims?.some((c) => c.versus));

/** A summary with only what the comparisons read: the share within 1 s and the exchanges with a loss. */
function summary(within1s: number, flowsWithLoss: number): Summary {
  return { web: { cdf: [[0.5, within1s / 2], [1, within1s]], flowsWithLoss }, bottleneck: { lossRate: 0.01 } } as unknown as Summary;
}

describe('which runs are checked against other lessons', () => {
  it('a run that differs from its lesson only in the seed: the lessons compared with, at that seed', () => {
    const s = { ...presetScenario('web-users-pi-90')!, seed: 3 };
    const c = comparisonRuns(s, 'web-users-pi-90');
    expect(c?.seed).toBe(3);
    expect(c?.lessons.map((l) => l.name)).toEqual(['web-users-rem-90', 'web-users-dt-90']);
    expect(c?.lessons[1].scenario).toEqual({ ...presetByName('web-users-dt-90')!.scenario, seed: 3 });
    // a name and description of one's own are labels, not a change of the run
    expect(comparisonRuns({ ...s, name: 'mine', description: 'my copy' }, 'web-users-pi-90')?.seed).toBe(3);
  });

  it('none at the lesson\'s own seed, after another change, or for a lesson that compares with none', () => {
    expect(comparisonRuns(presetScenario('web-users-pi-90')!, 'web-users-pi-90')).toBeNull();
    const changed = cloneJson(presetScenario('web-users-pi-90')!);
    changed.seed = 3;
    changed.duration = 100;
    expect(comparisonRuns(changed, 'web-users-pi-90')).toBeNull();
    expect(comparisonRuns({ ...presetScenario('red-vs-dt')!, seed: 3 }, 'red-vs-dt')).toBeNull();
  });
});

describe('the lessons compared with', () => {
  it('some lessons compare, and each names lessons that exist', () => {
    expect(owners.length).toBeGreaterThanOrEqual(15);
    for (const p of owners) for (const name of comparedLessons(p.claims!)) expect(presetByName(name), `${p.name} compares with ${name}`).toBeDefined();
  });

  // The TCP variant may differ too: seeds/000 compares Reno with SACK over the same traffic and
  // queue (§6.4, Figs. 16-18), and web-dt148-80-sack's statements compare it with the Reno lesson.
  it('are the same traffic through another queue or TCP: everything but the queue, ECN (or ECN+) and the TCP variant is the lesson\'s', () => {
    const rest = (name: string) => {
      const s = cloneJson(presetByName(name)!.scenario) as unknown as { name?: string; description?: string; topology: { bottleneck: { queue?: unknown } }; tcp: { ecn?: unknown; ecnPlus?: unknown; ecnPlusSynAck?: unknown; variant?: unknown } };
      delete s.name;
      delete s.description;
      delete s.topology.bottleneck.queue;
      delete s.tcp.ecn;
      delete s.tcp.ecnPlus;
      delete s.tcp.ecnPlusSynAck; // ECN+'s SYN-ACK rules (seeds/003's ECN+ pins ns-2's)
      delete s.tcp.variant;
      return s;
    };
    for (const p of owners) for (const name of comparedLessons(p.claims!)) expect(rest(name), `${p.name} against ${name}`).toEqual(rest(p.name));
  });
});

describe('a comparison is judged against the other lessons\' numbers', () => {
  const pi = presetByName('web-users-pi-90')!.claims!.find((c) => c.versus?.lessons.includes('web-users-rem-90'))!;
  it('ahead of REM and not ahead of drop-tail by a point: holds, and shows the three numbers', () => {
    const v = checkVersus(pi, summary(0.9, 0.05), new Map([['web-users-rem-90', summary(0.85, 0.1)], ['web-users-dt-90', summary(0.905, 0.01)]]))!;
    expect(v.pass).toBe(true);
    expect(v.measured).toBe('90.0 % within 1 s; web-users-rem-90 85.0 %, web-users-dt-90 90.5 %');
  });
  it('behind REM, or more than a point ahead of drop-tail: does not hold', () => {
    expect(checkVersus(pi, summary(0.84, 0.05), new Map([['web-users-rem-90', summary(0.85, 0.1)], ['web-users-dt-90', summary(0.9, 0.01)]]))!.pass).toBe(false);
    expect(checkVersus(pi, summary(0.92, 0.05), new Map([['web-users-rem-90', summary(0.85, 0.1)], ['web-users-dt-90', summary(0.9, 0.01)]]))!.pass).toBe(false);
  });
  it('a lesson not run yet: does not hold, and says which', () => {
    const v = checkVersus(pi, summary(0.9, 0.05), new Map([['web-users-rem-90', summary(0.85, 0.1)]]))!;
    expect(v.pass).toBe(false);
    expect(v.measured).toContain('web-users-dt-90 has not been run');
  });
  it("the measured numbers name the run's own, as they name the other lessons'; a check that could not be made is said as it is", () => {
    const c = presetByName('web-users-pi-ecn-90')!.claims![0];
    const v = checkVersus(c, summary(0.9, 0.05), new Map([['web-users-pi-90', summary(0.8, 0.1)]]), 'this run')!;
    expect(v.measured).toBe('this run 90.0 % within 1 s; web-users-pi-90 80.0 %');
    const missing = checkVersus(c, summary(0.9, 0.05), new Map(), 'this run')!;
    expect(missing.measured).toBe('could not be checked (web-users-pi-90 has not been run)');
  });

  // web100-rem-ecnplus-105: "of the three queues, ECN+ helps REM the most", as the gain within 2 s over each queue
  // without ECN (the numbers: the lessons' runs at seed 2)
  describe('a comparison of gains: ECN+ helps REM the most', () => {
    const most = presetByName('web100-rem-ecnplus-105')!.claims!.find((c) => c.versus?.text.includes('the most'))!;
    const at2s = (f: number) => ({ web: { cdf: [[2, f]], flowsWithLoss: 0 }, bottleneck: { lossRate: 0 } }) as unknown as Summary;
    const others = (pi: number) =>
      new Map([
        ['web100-rem-105', at2s(0.753)],
        ['web100-red-105', at2s(0.951)],
        ['web100-red-ecnplus-105', at2s(0.993)],
        ['web100-pi-105', at2s(pi)],
        ['web100-pi-ecnplus-105', at2s(0.995)],
      ]);
    it('compares with REM without ECN and with RED and PI each without and with ECN+', () => {
      expect(most.versus!.lessons).toEqual(['web100-rem-105', 'web100-red-105', 'web100-red-ecnplus-105', 'web100-pi-105', 'web100-pi-ecnplus-105']);
    });
    it("REM's gain more than 5 points above RED's and PI's: holds, and says each gain", () => {
      const v = checkVersus(most, at2s(0.892), others(0.944))!;
      expect(v.pass).toBe(true);
      expect(v.measured).toBe(
        '+13.9 points within 2 s (89.2 % against web100-rem-105 75.3 %); web100-red-ecnplus-105 +4.2 points (99.3 % against web100-red-105 95.1 %), web100-pi-ecnplus-105 +5.1 points (99.5 % against web100-pi-105 94.4 %)',
      );
    });
    it("REM with ECN alone's run (73.3 %, below REM without ECN), or PI's gain within 5 points of REM's: does not hold", () => {
      expect(checkVersus(most, at2s(0.733), others(0.944))!.pass).toBe(false);
      // PI without ECN at 90.0 %: ECN+ adds 9.5 points to PI, 13.9 to REM
      expect(checkVersus(most, at2s(0.892), others(0.9))!.pass).toBe(false);
    });
  });

  it('a statement with no comparison: none', () => {
    const plain = presetByName('web-users-dt-90')!.claims![0];
    expect(checkVersus(plain, summary(0.9, 0.05), new Map())).toBeNull();
  });
});
