import { describe, expect, it } from 'vitest';
import { durationText, estimateRun } from '../../../src/engine/estimate';
import { CALIBRATION_RUNS, pendingCalibrations } from '../../../src/engine/traffic/calibrate';
import { presetByName } from '../../../src/engine/scenario/presets';
import type { Summary } from '../../../src/engine/metrics/types';
import { comparedRuns, comparedToRun, runId } from '../../../src/ui/compared-runs';
import { clickParts, clickTimeText } from '../../../src/ui/paper-scale-estimate';
import { comparisonRuns, lessonPaperScale } from '../../../src/ui/scenario-api';

/**
 * "Run at the paper's scale" (seeds/000's web lessons) said "about 5 s here": the run alone.
 * The first click also calibrated the load at that window (the shipped calibrations are for
 * the lessons' own window) and ran the compared drop-tail lesson at the same scale: 52 s +
 * 14 s on a loaded machine. The button's figure is now the sum of what the click runs.
 */
describe("the paper's-scale click's time", () => {
  const name = 'web-redecn5-80';
  const paper = lessonPaperScale(name)!;
  const compared = comparisonRuns(paper.scenario, name)!.lessons;
  // the parts are the runs' work (events plus web exchanges' own CPU, RunEstimate.work): what their time is said from
  const events = (s: Parameters<typeof estimateRun>[0]) => estimateRun(s).work;

  it('the lesson compares with the drop-tail lesson at the same scale; its load has no calibration for that window, the lesson’s own window has one shipped', () => {
    expect(compared.map((l) => l.name)).toEqual(['web-dt148-80']);
    const pending = pendingCalibrations(paper.scenario);
    expect(pending.length).toBeGreaterThan(0);
    // at the lesson's own window the shipped calibration serves: nothing to calibrate
    expect(pendingCalibrations(presetByName(name)!.scenario)).toEqual([]);
    // the drop-tail lesson's workload is the same: its calibration is the one the run makes (uncongested twins ignore the queue and ECN)
    expect(pendingCalibrations(compared[0].scenario).map((p) => p.key)).toEqual(pending.map((p) => p.key));
  });

  it('nothing cached: up to CALIBRATION_RUNS twin runs per item, the run, and the compared lesson once (its calibration is the run’s)', () => {
    const parts = clickParts(paper.scenario, compared.map((l) => l.scenario), () => false);
    const pending = pendingCalibrations(paper.scenario);
    expect(parts.run).toBe(events(paper.scenario));
    expect(parts.calibrationRuns).toBe(CALIBRATION_RUNS * pending.length);
    expect(parts.calibration).toBeCloseTo(CALIBRATION_RUNS * pending.reduce((a, p) => a + events(p.twin), 0), 0);
    expect(parts.comparisons).toBe(events(compared[0].scenario));
    // the twin carries the same web traffic as the run: each calibration run is about a run's work,
    // so the click is some 6 runs (5 s said for 52 s + 14 s measured, about 6.5 x 10 s)
    expect(parts.calibration / parts.run).toBeGreaterThan(2);
    const total = parts.run + parts.calibration + parts.comparisons;
    expect(total / parts.run).toBeGreaterThan(4);
  });

  it('the calibration cached in this browser: the run and the compared lesson only', () => {
    const keys = new Set(pendingCalibrations(paper.scenario).map((p) => p.key));
    const parts = clickParts(paper.scenario, compared.map((l) => l.scenario), (k) => keys.has(k));
    expect(parts.calibration).toBe(0);
    expect(parts.calibrationRuns).toBe(0);
    expect(parts.comparisons).toBe(events(compared[0].scenario));
  });

  it('the compared lesson already run at that scale in this page (another lesson of the family ran it): not run again, not counted', () => {
    // it was counted all the same: "about 34 s here at most: ...; about 17 s for the lesson it is compared with" for a click that ran 17 s
    const c = comparisonRuns(paper.scenario, name)!;
    const keys = new Set(pendingCalibrations(paper.scenario).map((p) => p.key));
    comparedRuns.clear();
    try {
      // the same lesson run short, or at the paper's scale at another seed, is another run
      comparedRuns.set(runId('web-dt148-80', c.seed, false), {} as Summary);
      comparedRuns.set(runId('web-dt148-80', c.seed + 1, true), {} as Summary);
      expect(comparedToRun(c).map((l) => l.name)).toEqual(['web-dt148-80']);
      comparedRuns.set(runId('web-dt148-80', c.seed, true), {} as Summary);
      expect(comparedToRun(c)).toEqual([]);
      const parts = clickParts(paper.scenario, comparedToRun(c).map((l) => l.scenario), (k) => keys.has(k));
      expect(parts).toEqual({ run: events(paper.scenario), calibration: 0, calibrationRuns: 0, comparisons: 0, compared: 0 });
      expect(clickTimeText(parts, parts.run / 17, durationText)).toBe('about 17 s here');
    } finally {
      comparedRuns.clear();
    }
    // no comparisons (a run at the lesson's own seed and scale): nothing to run
    expect(comparedToRun(null)).toEqual([]);
  });

  it('the words: the whole click at most, then its parts in the order they run; the run alone when that is all', () => {
    const parts = { run: 5e6, calibration: 20e6, calibrationRuns: 4, comparisons: 5e6, compared: 1 };
    expect(clickTimeText(parts, 1e6, durationText)).toBe(
      'about 30 s here at most: about 20 s at most calibrating the load for this window (4 runs at most, once in this browser); about 5 s for the run; about 5 s for the lesson it is compared with',
    );
    expect(clickTimeText({ ...parts, calibration: 0, calibrationRuns: 0 }, 1e6, durationText)).toBe('about 10 s here at most: about 5 s for the run; about 5 s for the lesson it is compared with');
    expect(clickTimeText({ ...parts, calibration: 0, calibrationRuns: 0, comparisons: 0, compared: 0 }, 1e6, durationText)).toBe('about 5 s here');
  });
});
