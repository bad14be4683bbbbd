import { describe, expect, it } from 'vitest';
import type { Summary } from '../../src/engine/metrics/types';
import { runScenario } from '../../src/engine/run';
import { checkVersus, experimentScenario, presetByName, PRESETS } from '../../src/engine/scenario/presets';

/*
 * A lesson's text is a claim about its run. Every result sentence of a lesson is a
 * `claim` with a check (src/engine/scenario/presets/types.ts); this runs each lesson
 * once and checks each of its claims against the run's numbers, so a lesson's words and
 * its simulation cannot drift apart.
 */
const withClaims = PRESETS.filter((p) => (p.claims?.length ?? 0) > 0);

/** The lessons' summaries as the tests below run them, for the comparisons at the end. */
const summaries = new Map<string, Summary>();

describe('lesson claims hold for their runs', () => {
  it('there are lessons with claims', () => {
    expect(withClaims.length).toBeGreaterThan(0);
  });
  for (const p of withClaims) {
    it(`${p.name}`, () => {
      const result = runScenario(p.scenario);
      summaries.set(p.name, result.summary);
      const failed = p.claims!.map((c) => ({ text: c.text, ...c.check(result) })).filter((v) => !v.pass);
      expect(failed, failed.map((f) => `"${f.text}" does not hold: ${f.measured}`).join('\n')).toEqual([]);
    });
  }
  // a statement's comparison with other lessons (types.ts, Versus) holds at the lesson's seed too, where its number was measured
  it('the statements that compare lessons hold as comparisons too, at the lessons\' seed', () => {
    const summary = (name: string) => summaries.get(name) ?? runScenario(presetByName(name)!.scenario).summary;
    const failed = withClaims.flatMap((p) =>
      p.claims!.flatMap((c) => {
        if (!c.versus) return [];
        const v = checkVersus(c, summary(p.name), new Map(c.versus.lessons.map((n) => [n, summary(n)])))!;
        return v.pass ? [] : [`${p.name}: "${c.versus.text}" does not hold: ${v.measured}`];
      }),
    );
    expect(failed, failed.join('\n')).toEqual([]);
    // run alone (vitest -t) it runs every lesson compared, about a second to 6 s each
  }, 900_000);
});

/* A lesson's "try it" (its experiments) makes claims about the changed run: each is checked the same way. */
const experiments = PRESETS.flatMap((p) => (p.experiments ?? []).map((e) => ({ p, e })));

describe("lesson experiments ('try it') hold for their runs", () => {
  it('the hand-picked lessons offer experiments, each a real change with claims', () => {
    expect(experiments.length).toBeGreaterThanOrEqual(5);
    for (const { p, e } of experiments) {
      expect(e.claims.length, `${p.name}: ${e.title}`).toBeGreaterThan(0);
      expect(experimentScenario(p, e), `${p.name}: ${e.title}`).not.toEqual(p.scenario);
    }
  });
  for (const { p, e } of experiments) {
    it(`${p.name}: ${e.title}`, () => {
      const result = runScenario(experimentScenario(p, e));
      const failed = e.claims.map((c) => ({ text: c.text, ...c.check(result) })).filter((v) => !v.pass);
      expect(failed, failed.map((f) => `"${f.text}" does not hold: ${f.measured}`).join('\n')).toEqual([]);
    });
  }
});
