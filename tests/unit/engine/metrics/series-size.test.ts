import { describe, expect, it } from 'vitest';
import type { SeriesBatch } from '../../../../src/engine/metrics/types';
import { createRun } from '../../../../src/engine/run';
import { presetScenario } from '../../../../src/engine/scenario/presets';

/**
 * The run's own check of the series' size counts every column it will sample, the AQM's
 * aqm.* and th.* ones included (0 to 7 by kind): it counted 9 + 5 per TCP flow, so a series
 * over the cap by those columns ran.
 */
describe('the series size check', () => {
  const sc = { ...presetScenario('default')!, duration: 30 };
  const interval = 0.1;
  const samples = Math.floor(30 / interval) + 2;

  it('counts the columns the run samples', () => {
    const batches: SeriesBatch[] = [];
    const run = createRun(sc, { series: (b) => batches.push(b) }, { sampleInterval: interval, batchSamples: 4 });
    run.advance(1);
    const columns = Object.keys(batches[0].cols).length;
    // the default lesson: 9 bottleneck columns, RED's own, 4 TCP flows x 5
    expect(columns).toBeGreaterThan(9 + 4 * 5);
    // a cap that the old count (9 + 20 columns) fitted under refuses the run, naming the real count
    const cap = (9 + 4 * 5) * samples;
    expect(() => createRun(sc, { series: () => {} }, { sampleInterval: interval, maxSeriesValues: cap })).toThrow(new RegExp(`x ${columns} columns\\); the cap is`));
    // and exactly enough room lets it run
    expect(() => createRun(sc, { series: () => {} }, { sampleInterval: interval, maxSeriesValues: columns * samples })).not.toThrow();
  });
});
