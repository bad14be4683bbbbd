/** The sentences that report a web item's load calibration: while it runs, and its result. */
import type { LoadCalibration } from '../../engine/metrics/types';
import type { CalibrationStep } from '../../engine/traffic/calibrate';

/** "80 % load = 112.8 connections/s per direction (80.0 % on the uncongested link)". */
export function calibrationLine(c: LoadCalibration): string {
  return `${Math.round(c.load * 100)} % load = ${paramText(c.param, c.value)} per direction (${(c.measured * 100).toFixed(1)} % measured on the uncongested link)`;
}

function paramText(param: LoadCalibration['param'], value: number): string {
  return param === 'rate' ? `${value.toFixed(1)} connections/s` : `${value.toLocaleString('en-US')} ${param}`;
}

/**
 * What the page says while a web item's `load` is being calibrated, before the run starts
 * (the calibration runs the workload on a 10x faster bottleneck and can take longer than
 * the run itself): "Before the run: finding how many users per direction offer 98 % load
 * ... run 2 of at most 4 (9,000 users gave 95.8 %)".
 */
export function calibrationStepLine(c: CalibrationStep): string {
  const what = c.param === 'rate' ? 'which connection rate' : `how many ${c.param}`;
  const prev = c.previous ? `; ${paramText(c.param, c.previous.value)} gave ${(c.previous.measured * 100).toFixed(1)} %` : '';
  return `Before the run: finding ${what} per direction ${c.param === 'rate' ? 'offers' : 'offer'} ${Math.round(c.load * 100)} % load, by running the workload with the bottleneck 10x faster (calibration run ${c.run} of at most ${c.maxRuns}: ${paramText(c.param, c.value)}${prev}). The result is kept for the next run.`;
}
