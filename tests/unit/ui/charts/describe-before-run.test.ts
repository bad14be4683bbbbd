/**
 * A chart's description (its canvas's accessible name, read by screen readers) before the
 * run's first sample names the scenario's flows: it said "each of 0 TCP flows".
 */
import { describe, expect, it } from 'vitest';
import { presetByName } from '../../../../src/engine/scenario/presets';
import { cwndChart } from '../../../../src/ui/charts/cwnd-chart';
import { progressChart } from '../../../../src/ui/charts/progress-chart';
import type { ChartContext } from '../../../../src/ui/charts/types';
import { viewOf } from '../../../../src/ui/scenario-view';
import { SeriesStore } from '../../../../src/ui/store/series-store';

const before = (preset: string) => ({ store: new SeriesStore(), view: viewOf(presetByName(preset)!.scenario) }) as unknown as ChartContext;

describe('per-flow chart descriptions before the run', () => {
  it('name the lesson\'s four flows, not none', () => {
    const c = before('default');
    expect(cwndChart.describe(c)).toContain('each of 4 TCP flows');
    expect(progressChart.describe(c)).toContain('each of 4 flows');
  });
});
