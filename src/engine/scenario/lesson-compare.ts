/**
 * A lesson's statements that compare it with other lessons of its family (presets/types.ts,
 * Versus, builders in presets/compare.ts), and the runs they are checked against: for one
 * run at another seed (the app's statements panel, the command line's report) and for
 * several lessons over several seeds (Compare's family view, `npm run sweep --seeds`).
 */
import type { Summary } from '../metrics/types';
import { atPaperScale, checkVersus, comparedLessons, matchingExperiment, paperScaleScenario, presetByName, type ClaimVerdict } from './presets';
import type { Scenario } from './schema';
import { runChanges } from './url';

/**
 * Whether `scenario` runs lesson `presetName` as it is apart from its seed (and is none of
 * its Try changes), or runs it at the paper's scale (presets/types.ts, PaperScale) at any seed.
 */
function lessonAsIs(scenario: Scenario, presetName: string): boolean {
  const p = presetByName(presetName);
  if (p === undefined) return false;
  return (runChanges(scenario, presetName).every((kv) => kv.startsWith('seed=')) && matchingExperiment(p, scenario) === undefined) || atPaperScale(p, scenario);
}

/** Whether `scenario` is lesson `presetName` run at the paper's scale (presets/types.ts, PaperScale), at any seed. */
export function lessonAtPaperScale(scenario: Scenario, presetName: string): boolean {
  const p = presetByName(presetName);
  return p !== undefined && atPaperScale(p, scenario);
}

/**
 * The lessons to run for a lesson's comparisons (presets/types.ts, Versus): for a run that
 * differs from its lesson only in the seed, each lesson its statements compare with, at
 * that seed; for the lesson run at the paper's scale (at any seed: its numbers are the
 * short run's), each of them at the paper's scale and that seed (`paperScale` true); null
 * for any other run (at the lesson's own seed its numbers are checked, and after another
 * change the comparison is not the lesson's).
 */
export function comparisonRuns(scenario: Scenario, presetName: string): { seed: number; paperScale: boolean; lessons: { name: string; scenario: Scenario }[] } | null {
  const p = presetByName(presetName);
  const names = comparedLessons(p?.claims ?? []);
  if (!p || names.length === 0) return null;
  const paper = atPaperScale(p, scenario);
  if (!paper && (scenario.seed === p.scenario.seed || !lessonAsIs(scenario, presetName))) return null;
  const lessons = names.map((name) => {
    const other = presetByName(name);
    if (!other) throw new Error(`lesson ${presetName} compares with ${name}, which is no lesson`);
    const at = paper ? paperScaleScenario(other, scenario.seed) : { ...other.scenario, seed: scenario.seed };
    if (!at) throw new Error(`lesson ${presetName} at the paper's scale compares with ${name}, which has no paper scale`);
    return { name, scenario: at };
  });
  return { seed: scenario.seed, paperScale: paper, lessons };
}

/** A lesson's statement that compares it with other lessons of its family, checked at each seed run. */
export interface LessonComparison {
  /** The lesson that makes it. */
  lesson: string;
  /** The statement as a comparison (presets/types.ts, Versus). */
  text: string;
  /** Its verdict at each seed, in the order of the runs (what was measured names the lesson's own number by the lesson). */
  verdicts: ClaimVerdict[];
}

/**
 * What a set of lessons say of one another, over the seeds run (Compare's family view,
 * `npm run sweep --seeds`): every statement of a member lesson that compares it with
 * others when each lesson it names is a member too, checked at each seed against their runs
 * at that seed (the papers' findings, seed by seed). `summaries[i][k]` is member i's summary at seed k. A
 * member counts only when it runs its lesson as it is, apart from the seed (a scenario
 * edited in other ways is not what the statement is about). `left`: the statements left
 * out because they name a lesson that is not a member.
 */
export function lessonComparisons(members: readonly { lesson: string | null; scenario: Scenario }[], summaries: readonly (readonly Summary[])[]): { rows: LessonComparison[]; left: number } {
  const index = new Map<string, number>();
  members.forEach((m, i) => {
    if (m.lesson && lessonAsIs(m.scenario, m.lesson)) index.set(m.lesson, i);
  });
  const rows: LessonComparison[] = [];
  let left = 0;
  for (const [lesson, i] of index) {
    for (const c of presetByName(lesson)!.claims ?? []) {
      const v = c.versus;
      if (!v) continue;
      if (!v.lessons.every((l) => index.has(l))) {
        left++;
        continue;
      }
      const verdicts = summaries[i].map((own, k) => checkVersus(c, own, new Map(v.lessons.map((l) => [l, summaries[index.get(l)!][k]])), lesson)!);
      rows.push({ lesson, text: v.text, verdicts });
    }
  }
  return { rows, left };
}
