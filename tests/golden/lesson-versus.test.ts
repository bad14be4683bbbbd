import { describe, expect, it } from 'vitest';
import type { Summary } from '../../src/engine/metrics/types';
import { runScenario } from '../../src/engine/run';
import { checkVersus, comparedLessons, presetByName, PRESETS } from '../../src/engine/scenario/presets';
import { comparisonRuns } from '../../src/engine/scenario/lesson-compare';

/*
 * The web lessons' statements carry numbers measured at their seed; at another seed the users
 * offer another load and the numbers move (the seeds/002 browsing-users lessons' by up to a
 * third: seed 2, theirs, is the most congested of seeds 1-5). What they say about one queue
 * against another holds at every seed: at another seed each such statement is checked as a
 * comparison with the other lessons run at that seed (presets/types.ts, Versus). This runs
 * them at seed 1, as the app and the command line do, and checks every comparison. (Seeds
 * 1-5 were measured when they were written: the margins are in the preset files.)
 * - seeds002-web.ts, every lesson (about 1 s each): at seed 1 the numbers move most (PI at
 *   90 %: 90.0 % within 1 s against the lesson's 75-84 %) and a few comparisons are closest
 *   (REM level with drop-tail at 500 ms);
 * - seeds003-paper.ts, the RED family at 105 % (about 5 s each), the paper's finding: RED*
 *   with ECN and Not-ECT SYN-ACKs worse than without ECN, ECN+ removing the damage. With open
 *   loop's per-slot streams (2026-11-30) seed 1 is about as congested as the lessons' seed 2
 *   (their own statements hold there too); the comparisons were checked at seeds 1-5, and
 *   the closest at seed 1 is RED* + ECN against RED + ECN (1.4 points within 2 s, 3 allowed).
 *   The rest of the family (REM, PI, the 90 % runs) is left out for CI's time;
 * - seeds002-paper.ts, the 100 Mb/s browsing-users lessons (web100-users-*, about 6 s each):
 *   only those whose comparisons are closest at seed 1, the general-RTT lessons at 90 % (packet
 *   mode and drop-tail 0.6 points apart at 200 ms, where the rule allows 1; drop-tail and PI 0.4
 *   apart at 500 ms, 1 allowed; PI 1.4 behind drop-tail at 1 s, 2 allowed) and PI's two targets
 *   at 90 % with the uniform RTTs (q_ref = 240 0.4 points behind drop-tail at 200 ms and 0.1
 *   ahead at 1 s; q_ref = 24 1 point ahead of it at 200 ms): six runs, about 32 s. The family's
 *   other comparisons were measured at seeds 1-4 and are left out for CI's time;
 * - seeds000.ts, the whole 80 % family (six lessons, about 2 s each, 11 s in all): the
 *   paper's findings as comparisons with drop-tail (ARED + ECN-5 ms ahead within 200 ms,
 *   behind for the responses above 50 KB; SACK no better than Reno, except for those) and
 *   the 60 ms target close to drop-tail; at seed 1 the 60 ms target is nearest drop-tail's
 *   median and the 5 ms target without ECN nearest its utilization (1.3 points less);
 * - bufferbloat.ts, the four lessons (under a second each): CoDel, PIE and Adaptive RED
 *   against drop-tail's 1000-packet queue and against each other (measured at seeds 1-10;
 *   at seed 1 CoDel's link is 6.7 points below drop-tail's, where 8 are allowed).
 */
const SEED = 1;
const WEB100_USERS_IN_CI = [
  'web100-users-general-dt-90',
  'web100-users-general-pi24-90',
  'web100-users-general-ared-packet-90',
  'web100-users-pi24-90',
  'web100-users-pi240-90',
];
const IN_CI = /^(bufferbloat-|web-users-|web100-(dt|red|redstar)(-ecn|-ecnplus)?-105$|web-(dt148|red5|redecn5|redecn60)-80(-sack|-byte)?$)/;
const owners = PRESETS.filter((p) => p.claims?.some((c) => c.versus) && p.scenario.seed !== SEED && (IN_CI.test(p.name) || WEB100_USERS_IN_CI.includes(p.name)));

describe(`the lessons' comparisons hold at seed ${SEED}`, () => {
  const summaries = new Map<string, Summary>();
  const summary = (name: string): Summary => {
    let s = summaries.get(name);
    if (!s) {
      s = runScenario({ ...presetByName(name)!.scenario, seed: SEED }).summary;
      summaries.set(name, s);
    }
    return s;
  };
  it('there are lessons that compare with others', () => {
    expect(owners.length).toBeGreaterThanOrEqual(20);
    expect(owners.map((p) => p.name)).toEqual(expect.arrayContaining(WEB100_USERS_IN_CI));
  });
  for (const p of owners) {
    it(p.name, () => {
      // what the app and the command line run for this lesson at this seed
      const runs = comparisonRuns({ ...p.scenario, seed: SEED }, p.name)!;
      expect(runs.lessons.map((l) => l.name)).toEqual(comparedLessons(p.claims!));
      const failed = p.claims!.flatMap((c) => {
        if (!c.versus) return [];
        const v = checkVersus(c, summary(p.name), new Map(runs.lessons.map((l) => [l.name, summary(l.name)])))!;
        return v.pass ? [] : [`"${c.versus.text}" does not hold: ${v.measured}`];
      });
      expect(failed, failed.join('\n')).toEqual([]);
    });
  }
});
