/**
 * A lesson's statement is about its scenario's things (its queue discipline, its traffic):
 * a run whose scenario has another kind there is not held to it (premiseChanges), while a
 * parameter changed is what the statements are there to judge.
 */
import { describe, expect, it } from 'vitest';
import { checkClaimOnRun, experimentScenario, premiseChanges, premiseNote, presetByName } from '../../../../src/engine/scenario/presets';
import type { RunResult, Summary } from '../../../../src/engine/metrics/types';
import type { Scenario } from '../../../../src/engine/scenario/schema';
import { scenarioWithSets } from '../../../support/scenario-sets';

const lesson = presetByName('default')!;

const edited = (sets: [string, unknown][]): Scenario => scenarioWithSets(lesson.scenario, sets);

const byText = (re: RegExp) => {
  const c = lesson.claims!.find((x) => re.test(x.text));
  if (!c) throw new Error(`no statement ${re}`);
  return c;
};

describe("a lesson's statements on a scenario whose kinds differ from the lesson's", () => {
  it("the default lesson made PIE: RED's statements are not checked, the traffic's still are", () => {
    const pie = edited([['topology.bottleneck.queue.kind', 'pie']]);
    const red = byText(/early, random RED drop/);
    expect(premiseChanges(red, lesson.scenario, pie)).toEqual(["the queue is PIE, the lesson's is RED"]);
    expect(premiseNote(premiseChanges(red, lesson.scenario, pie))).toBe("Not checked: the scenario differs (the queue is PIE, the lesson's is RED).");
    // utilization and fairness are about the four Reno flows, whatever the queue
    for (const re of [/link stays busy/, /equal shares/]) expect(premiseChanges(byText(re), lesson.scenario, pie), String(re)).toEqual([]);
    // some are held to the lesson's queue, some not: not all one way
    const lost = lesson.claims!.map((c) => premiseChanges(c, lesson.scenario, pie).length > 0);
    expect(lost).toContain(true);
    expect(lost).toContain(false);
  });

  it('a parameter changed (min_th, the flows) keeps every statement checked', () => {
    const s = edited([['topology.bottleneck.queue.minTh', 5], ['traffic.0.flows', 16]]);
    for (const c of lesson.claims!) expect(premiseChanges(c, lesson.scenario, s), c.text).toEqual([]);
  });

  it("the traffic made another kind: the statements about it are not checked, the queue's discipline being the same", () => {
    const s = edited([['traffic.0.kind', 'udp']]);
    expect(premiseChanges(byText(/equal shares/), lesson.scenario, s)).toEqual(["traffic item 1 is udp, the lesson's is bulk"]);
    expect(premiseChanges(byText(/link stays busy/), lesson.scenario, s)).toEqual(["traffic item 1 is udp, the lesson's is bulk"]);
  });
});

describe('the statements shown after an edit, on the run before it (checkClaimOnRun)', () => {
  // the panel keeps the last run's verdicts until the next run; a PIE run then the queue
  // swapped to CoDel showed the CoDel change's statements ticked and crossed on the PIE
  // run's drops and waits ("✗ ... Measured: mean wait 21.1 ms")
  const codel = lesson.experiments!.find((x) => /CoDel/.test(x.title))!;
  const codelScenario = experimentScenario(lesson, codel);
  const pieRun: RunResult = { version: 1, scenario: edited([['topology.bottleneck.queue.kind', 'pie'], ['topology.bottleneck.queue.target', 0.02]]), summary: {} as Summary };
  const codelRun: RunResult = { version: 1, scenario: codelScenario, summary: {} as Summary };

  it("CoDel's statements are not checked on a PIE run, whatever its numbers", () => {
    expect(codel.claims.length).toBeGreaterThan(0);
    for (const c of codel.claims) expect(checkClaimOnRun(c, codelScenario, pieRun), c.text).toBeNull();
  });

  it('on a run of the scenario they are about they are checked (a verdict, here on an empty summary)', () => {
    for (const c of codel.claims) expect(checkClaimOnRun(c, codelScenario, codelRun), c.text).not.toBeNull();
  });

  it("the lesson's statements about the flows are still checked on the PIE run, RED's are not", () => {
    expect(checkClaimOnRun(byText(/early, random RED drop/), lesson.scenario, pieRun)).toBeNull();
    expect(checkClaimOnRun(byText(/equal shares/), lesson.scenario, pieRun)).not.toBeNull();
  });
});
