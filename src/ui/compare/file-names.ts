/**
 * The names of a comparison's exported files (pure): the runs and the seeds, so two exports
 * of different comparisons do not overwrite each other and a reader knows which run is which.
 */
import type { Scenario } from '../../engine/scenario/schema';
import { lessonByName, runChanges } from '../scenario-api';

/** A run's label in a file name: "red-ecn-5-ms" (32 characters at most). */
export function fileSlug(label: string): string {
  return label.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 32).replace(/-$/, '') || 'run';
}

/** The seeds in a file name: "seed4", "seeds4-6". */
export function seedsSlug(seeds: readonly number[]): string {
  return seeds.length > 1 ? `seeds${seeds[0]}-${seeds[seeds.length - 1]}` : `seed${seeds[0]}`;
}

/**
 * A run's name in a file name: its lesson's name ("web100-users-pi24-98", as the command
 * line's --preset takes it) when it runs that lesson as it is, but for its seed; else its
 * label. Two seeds/002 lessons' labels, "Browsing users at 98 % of 100 Mb/s, PI q_ref 24"
 * and "... 240", cut at 32 characters, named both runs the same
 * ("...-browsing-users-at-98-of-100-mb-s-vs-browsing-users-at-98-of-100-mb-s-seed2").
 */
export function runFileName(label: string, lesson: string | null | undefined, scenario: Scenario): string {
  if (!lesson || !lessonByName(lesson)) return label;
  return runChanges(scenario, lesson).every((kv) => kv.startsWith('seed=')) ? lesson : label;
}

/** "aqm-lab-compare-red-vs-drop-tail-seed4", "...-seeds4-6": the runs and the seeds in the file name. */
export function compareStem(labelA: string, labelB: string, seeds: readonly number[]): string {
  return `aqm-lab-compare-${fileSlug(labelA)}-vs-${fileSlug(labelB)}-${seedsSlug(seeds)}`;
}
