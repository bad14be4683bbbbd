/** The sentences that report a web item's load calibration: while it runs, and its result. */
import type { LoadCalibration } from '../../engine/metrics/types';
import { loadScope, type CalibrationStep } from '../../engine/traffic/calibrate';

/**
 * A no-break space: a number and its unit ("91.2 connections/s", "74 %") stay on one line.
 * Wrapped in the response chart's narrow counters line they were split, "103.1" ending one
 * line and "connections/s" starting the next (1280 px, classroom type).
 */
const NB = '\u00a0';

/**
 * "80 % load = 112.8 connections/s per direction (80.0 % on the uncongested link)"; a one-way
 * item ("forward", "reverse": `direction`) says "in the forward direction" instead.
 */
export function calibrationLine(c: LoadCalibration, direction?: string): string {
  return `${Math.round(c.load * 100)}${NB}%${NB}load${NB}=${NB}${paramText(c.param, c.value)} ${loadScope(direction)} (${(c.measured * 100).toFixed(1)}${NB}% measured on the uncongested link)`;
}

/** The `direction` of the scenario's traffic item `item` (a web item's), if it has one. */
export function itemDirection(scenario: { traffic: readonly unknown[] } | null | undefined, item: number): string | undefined {
  return (scenario?.traffic[item] as { direction?: string } | undefined)?.direction;
}

function paramText(param: LoadCalibration['param'], value: number): string {
  return param === 'rate' ? `${value.toFixed(1)}${NB}connections/s` : `${value.toLocaleString('en-US')}${NB}${param}`;
}

/**
 * What the page says while a web item's `load` is being calibrated, before the run starts
 * (the calibration runs the workload on a 10x faster bottleneck and can take longer than
 * the run itself): "Before the run: finding how many users per direction offer 98 % load
 * ... run 2 of at most 4 (9,000 users gave 95.8 %)".
 */
export function calibrationStepLine(c: CalibrationStep, direction?: string): string {
  const what = c.param === 'rate' ? 'which connection rate' : `how many ${c.param}`;
  const prev = c.previous ? `; ${paramText(c.param, c.previous.value)} gave ${(c.previous.measured * 100).toFixed(1)}${NB}%` : '';
  return `Before the run: finding ${what} ${loadScope(direction)} ${c.param === 'rate' ? 'offers' : 'offer'} ${Math.round(c.load * 100)}${NB}%${NB}load, by running the workload with the bottleneck 10x faster (calibration run ${c.run} of at most ${c.maxRuns}: ${paramText(c.param, c.value)}${prev}). The result is kept for the next run.`;
}

/**
 * The response chart's counters. `started` and `exchanges` count only exchanges started
 * after the warm-up, while `inProgress` counts every open one: during the warm-up the line
 * read "0 completed · 0 started · 237 in progress", which looked like a fault. While the run's
 * clock is inside the warm-up it says so instead.
 */
export function countersLine(web: { exchanges: number; started: number; inProgress: number }, warmup: number, warmingUp: boolean, grouped: (n: number) => string): string {
  if (warmup > 0 && warmingUp) return `Warming up: ${grouped(web.inProgress)} in progress; exchanges are counted from t${NB}=${NB}${warmup}${NB}s`;
  return `${grouped(web.exchanges)} completed · ${grouped(web.started)} started · ${grouped(web.inProgress)} in progress${warmup > 0 ? ` (counted after the ${warmup}${NB}s warm-up)` : ''}`;
}
