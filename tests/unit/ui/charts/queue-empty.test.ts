import { describe, expect, it } from 'vitest';
import { presetByName } from '../../../../src/engine/scenario/presets';
import { SvgPainter } from '../../../../src/ui/charts/painter';
import { fontsFor, SeriesScratch } from '../../../../src/ui/charts/plot';
import { queueChart } from '../../../../src/ui/charts/queue-chart';
import type { ChartContext } from '../../../../src/ui/charts/types';
import { viewOf } from '../../../../src/ui/scenario-view';
import { SeriesStore } from '../../../../src/ui/store/series-store';

/*
 * Before Play the queue chart is what a class looks at while the teacher explains the
 * lesson: its axis must hold the buffer, whatever the queue kind (a drop-tail queue has no
 * thresholds to size the axis by).
 */
function yTicks(preset: string): number[] {
  const view = viewOf(presetByName(preset)!.scenario);
  const c = { store: new SeriesStore(), view, markers: [], fonts: fontsFor(false), now: 0, end: Infinity, summary: null, highlight: [], wallMs: 0, speed: 1, running: false, cursorT: null, scratch: new SeriesScratch() } as unknown as ChartContext;
  const p = new SvgPainter(900, 420);
  queueChart.draw(p, c);
  // the y tick labels are right-aligned numbers
  return [...p.toString().matchAll(/text-anchor="end" dominant-baseline="central">([\d.]+)<\/text>/g)].map((m) => Number(m[1]));
}

describe('queue chart before the run', () => {
  it.each(['lockout-dt', 'ecn-finite-baseline', 'default'])('%s: the axis reaches the buffer limit', (preset) => {
    const limit = viewOf(presetByName(preset)!.scenario).queue.limit;
    const ticks = yTicks(preset);
    expect(ticks.length).toBeGreaterThan(2);
    expect(Math.max(...ticks)).toBeGreaterThanOrEqual(0.8 * limit);
  });
});
