/**
 * What a click on "Run at the paper's scale" (App.tsx, PaperScaleRow) runs, in events, so
 * that the time it says is the time it takes: the lesson at the paper's scale; first, the
 * load's calibration at that window (the shipped calibrations are for the lessons' own
 * window: up to CALIBRATION_RUNS runs of the uncongested twin per web item, once per
 * browser); then the lessons its statements compare with, at the same scale (LessonClaims),
 * which calibrate what the run has not. Said as "about 5 s here" it was the run alone, and
 * the first click took 52 s + 14 s on a loaded machine. Pure (no DOM), unit-tested.
 */
import { estimateRun } from '../engine/estimate';
import { CALIBRATION_RUNS, pendingCalibrations } from '../engine/traffic/calibrate';
import type { Scenario } from '../engine/scenario/schema';

export interface ClickParts {
  /** Events of the lesson's own run (its work in events' worth: RunEstimate.work). */
  run: number;
  /** Events of the calibration runs, counted at their most (CALIBRATION_RUNS per item); 0 when every calibration is known. */
  calibration: number;
  /** How many calibration runs at most. */
  calibrationRuns: number;
  /** Events of the compared lessons' runs and of the calibrations they need that the run will not have made. */
  comparisons: number;
  /** How many lessons are compared with. */
  compared: number;
}

/**
 * The parts of a click: `scenario` the lesson at the paper's scale, `compared` the lessons
 * it is compared with at that scale (scenario-api comparisonRuns; those already run in this
 * page left out: compared-runs.ts, comparedToRun), `known` whether a calibration key is in
 * the page's cache.
 */
export function clickParts(scenario: Scenario, compared: readonly Scenario[], known: (key: string) => boolean, opts: { maxPackets?: number } = {}): ClickParts {
  // work, not events: a web run's exchanges cost more than their events (estimate.ts)
  const events = (s: Scenario) => estimateRun(s, { maxPackets: opts.maxPackets }).work;
  const made = new Set<string>();
  const calibrate = (s: Scenario) => {
    let ev = 0;
    let runs = 0;
    for (const p of pendingCalibrations(s, (k) => known(k) || made.has(k))) {
      made.add(p.key);
      ev += CALIBRATION_RUNS * events(p.twin as Scenario);
      runs += CALIBRATION_RUNS;
    }
    return { ev, runs };
  };
  const own = calibrate(scenario);
  let comparisons = 0;
  for (const c of compared) comparisons += calibrate(c).ev + events(c);
  return { run: events(scenario), calibration: own.ev, calibrationRuns: own.runs, comparisons, compared: compared.length };
}

/**
 * The button's words on time, from the parts and a pace (events per second): the run's
 * time alone when it is all the click runs, else the whole click's at most, then its parts
 * in the order they run. `duration` formats seconds (estimate.ts durationText).
 */
export function clickTimeText(p: ClickParts, eventsPerSec: number, duration: (s: number) => string): string {
  const t = (ev: number) => duration(ev / eventsPerSec);
  if (p.calibration === 0 && p.comparisons === 0) return `${t(p.run)} here`;
  const parts: string[] = [];
  if (p.calibration > 0) parts.push(`${t(p.calibration)} at most calibrating the load for this window (${p.calibrationRuns} runs at most, once in this browser)`);
  parts.push(`${t(p.run)} for the run`);
  if (p.comparisons > 0) parts.push(`${t(p.comparisons)} for the ${p.compared === 1 ? 'lesson' : `${p.compared} lessons`} it is compared with`);
  return `${t(p.run + p.calibration + p.comparisons)} here at most: ${parts.join('; ')}`;
}
