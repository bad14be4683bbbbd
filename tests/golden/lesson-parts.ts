/**
 * The lessons' claim checks, split over several test files so that Vitest runs them on
 * every core (one file runs in one worker: as one file they were 380 s of a 28-minute CI
 * on 2 cores, a floor no worker count could lower).
 *
 * A statement that compares lessons (types.ts, Versus) needs the other lessons' runs: the
 * lessons are grouped by those comparisons first, and each group stays in one part, so no
 * lesson runs twice. The groups are then dealt to the parts by estimated work (events,
 * src/engine/estimate.ts), largest first, each to the part with the least so far.
 */
import { describe, expect, it } from 'vitest';
import type { Summary } from '../../src/engine/metrics/types';
import { estimateRun } from '../../src/engine/estimate';
import { runScenario, type EngineScenario } from '../../src/engine/sim-run';
import { checkVersus, experimentScenario, presetByName, PRESETS } from '../../src/engine/scenario/presets';
import type { Preset } from '../../src/engine/scenario/presets/types';

export const PARTS = 3;

const withClaims = PRESETS.filter((p) => (p.claims?.length ?? 0) > 0);
/** The lessons a part checks: those with claims or with experiments. */
const checked = PRESETS.filter((p) => (p.claims?.length ?? 0) > 0 || (p.experiments?.length ?? 0) > 0);

function work(p: Preset): number {
  const runs = [...((p.claims?.length ?? 0) > 0 ? [p.scenario] : []), ...(p.experiments ?? []).map((e) => experimentScenario(p, e))];
  return runs.reduce((sum, s) => sum + estimateRun(s as unknown as EngineScenario).events, 0);
}

/** The lessons with claims or experiments, in PARTS parts; lessons that compare with each other share a part. */
export function lessonParts(): Preset[][] {
  // union-find over "p's statements compare with q"
  const parent = new Map(checked.map((p) => [p.name, p.name]));
  const root = (n: string): string => {
    let r = n;
    while (parent.get(r) !== r) r = parent.get(r)!;
    parent.set(n, r);
    return r;
  };
  for (const p of checked)
    for (const c of p.claims ?? [])
      for (const q of c.versus?.lessons ?? []) if (parent.has(q)) parent.set(root(q), root(p.name));
  const groups = new Map<string, Preset[]>();
  for (const p of checked) groups.set(root(p.name), [...(groups.get(root(p.name)) ?? []), p]);
  const sized = [...groups.values()].map((g) => ({ g, w: g.reduce((s, p) => s + work(p), 0) })).sort((a, b) => b.w - a.w);
  const parts = Array.from({ length: PARTS }, () => ({ lessons: [] as Preset[], w: 0 }));
  for (const { g, w } of sized) {
    const least = parts.reduce((a, b) => (b.w < a.w ? b : a));
    least.lessons.push(...g);
    least.w += w;
  }
  // each part in the presets' order
  const order = new Map(checked.map((p, i) => [p.name, i]));
  return parts.map((x) => x.lessons.sort((a, b) => order.get(a.name)! - order.get(b.name)!));
}

/**
 * A lesson's text is a claim about its run. Every result sentence of a lesson is a `claim`
 * with a check (src/engine/scenario/presets/types.ts); this runs each lesson of part
 * `index` once, checks each of its claims against the run's numbers, then the claims that
 * compare lessons, and each of its "try it" experiments' claims on the changed run, so a
 * lesson's words and its simulation cannot drift apart.
 */
export function checkLessonPart(index: number): void {
  const part = lessonParts()[index];
  const lessons = part.filter((p) => (p.claims?.length ?? 0) > 0);
  const summaries = new Map<string, Summary>();

  describe(`lesson claims hold for their runs (part ${index + 1} of ${PARTS})`, () => {
    it('the part has lessons, and the parts hold every lesson with claims or experiments once', () => {
      expect(lessons.length).toBeGreaterThan(0);
      const all = lessonParts().flat().map((p) => p.name);
      expect(all.sort()).toEqual(checked.map((p) => p.name).sort());
      expect(withClaims.length).toBeGreaterThan(0);
    });
    for (const p of lessons) {
      it(`${p.name}`, () => {
        const result = runScenario(p.scenario as unknown as EngineScenario);
        summaries.set(p.name, result.summary);
        const failed = p.claims!.map((c) => ({ text: c.text, ...c.check(result) })).filter((v) => !v.pass);
        expect(failed, failed.map((f) => `"${f.text}" does not hold: ${f.measured}`).join('\n')).toEqual([]);
      });
    }
    // a statement's comparison with other lessons (types.ts, Versus) holds at the lesson's
    // seed too, where its number was measured; the lessons compared are in this part
    it("the statements that compare lessons hold as comparisons too, at the lessons' seed", () => {
      const inPart = new Map(part.map((p) => [p.name, p]));
      const summary = (name: string) => {
        const s = summaries.get(name);
        if (s) return s;
        // a lesson compared that no part checks (no claims, no experiments) is run here
        const p = inPart.get(name) ?? (checked.some((q) => q.name === name) ? undefined : presetByName(name));
        if (!p) throw new Error(`${name} is in another part: lessonParts() should have kept it with the lessons comparing with it`);
        return runScenario(p.scenario as unknown as EngineScenario).summary;
      };
      const failed = lessons.flatMap((p) =>
        p.claims!.flatMap((c) => {
          if (!c.versus) return [];
          const v = checkVersus(c, summary(p.name), new Map(c.versus.lessons.map((n) => [n, summary(n)])))!;
          return v.pass ? [] : [`${p.name}: "${c.versus.text}" does not hold: ${v.measured}`];
        }),
      );
      expect(failed, failed.join('\n')).toEqual([]);
      // run alone (vitest -t) it runs every lesson compared, about a second to 8 s each
    }, 900_000);
  });

  const experiments = part.flatMap((p) => (p.experiments ?? []).map((e) => ({ p, e })));
  describe(`lesson experiments ('try it') hold for their runs (part ${index + 1} of ${PARTS})`, () => {
    it("the hand-picked lessons offer experiments; the part's are each a real change with claims", () => {
      expect(PRESETS.flatMap((p) => p.experiments ?? []).length).toBeGreaterThanOrEqual(5);
      for (const { p, e } of experiments) {
        expect(e.claims.length, `${p.name}: ${e.title}`).toBeGreaterThan(0);
        expect(experimentScenario(p, e), `${p.name}: ${e.title}`).not.toEqual(p.scenario);
      }
    });
    for (const { p, e } of experiments) {
      it(`${p.name}: ${e.title}`, () => {
        const result = runScenario(experimentScenario(p, e) as unknown as EngineScenario);
        const failed = e.claims.map((c) => ({ text: c.text, ...c.check(result) })).filter((v) => !v.pass);
        expect(failed, failed.map((f) => `"${f.text}" does not hold: ${f.measured}`).join('\n')).toEqual([]);
      });
    }
  });
}
