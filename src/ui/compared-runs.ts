/**
 * The summaries of the lessons run for a run's statements that compare it with them
 * (LessonClaims, at a seed not the lesson's own or at the paper's scale), by "name@seed"
 * ("name@seed@paper"): a lesson and a seed give the same run every time, so each runs once a
 * page. "Run at the paper's scale" (App.tsx) reads it to count only what its click will run:
 * it counted the compared lesson again after that lesson had run.
 */
import type { Summary } from '../engine/metrics/types';
import type { comparisonRuns } from './scenario-api';

export const comparedRuns = new Map<string, Summary>();

export const runId = (name: string, seed: number, paper = false): string => `${name}@${seed}${paper ? '@paper' : ''}`;

/** The lessons of `c` not run yet in this page: those checking its statements will run. */
export function comparedToRun(c: ReturnType<typeof comparisonRuns>): NonNullable<ReturnType<typeof comparisonRuns>>['lessons'] {
  return c ? c.lessons.filter((l) => !comparedRuns.has(runId(l.name, c.seed, c.paperScale))) : [];
}
