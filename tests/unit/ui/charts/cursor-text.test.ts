/**
 * The inspector's cursor, a vertical line on each time chart at the decision it shows, was
 * labelled "inspected" only, and no chart's text alternative spoke of it: a screen-reader user,
 * or a reader of the printed page, could not tell which time it marked. Each chart that draws
 * it now says it, with the decision's time as the inspector's header gives it (fmtTime:
 * "t = 2.500000 s"), and the drawn label carries that time too.
 */
import { describe, expect, it } from 'vitest';
import { fmtTime } from '../../../../src/engine/aqm/explain';
import { presetByName } from '../../../../src/engine/scenario/presets';
import { aqmChart } from '../../../../src/ui/charts/aqm-chart';
import { cwndChart } from '../../../../src/ui/charts/cwnd-chart';
import { chartSvg } from '../../../../src/ui/charts/export';
import { fontsFor, SeriesScratch } from '../../../../src/ui/charts/plot';
import { progressChart } from '../../../../src/ui/charts/progress-chart';
import { queueChart } from '../../../../src/ui/charts/queue-chart';
import { throughputChart } from '../../../../src/ui/charts/throughput-chart';
import type { ChartContext } from '../../../../src/ui/charts/types';
import { viewOf } from '../../../../src/ui/scenario-view';
import { SeriesStore } from '../../../../src/ui/store/series-store';

const f = (...v: number[]) => Float64Array.from(v);

function ctx(cursorT: number | null): ChartContext {
  const store = new SeriesStore();
  store.append({ t: f(0, 1, 2, 3, 4), cols: { queue: f(0, 10, 20, 10, 5), avg: f(0, 2, 6, 8, 7), pb: f(0, 0, 0.01, 0.02, 0), pa: f(0, 0, 0.01, 0.03, 0), util: f(0, 1, 1, 1, 1), 'cwnd.0': f(1, 4, 8, 6, 7), 'acked.0': f(0, 1e5, 2e5, 3e5, 4e5) } });
  const scenario = structuredClone(presetByName('default')!.scenario);
  return { store, view: viewOf(scenario), markers: [], fonts: fontsFor(false), now: 4, end: 4, summary: null, highlight: [], wallMs: 0, speed: 1, running: false, cursorT, scratch: new SeriesScratch() };
}

describe("the inspector's cursor line in the charts' text", () => {
  const charts = [queueChart, aqmChart, cwndChart, throughputChart, progressChart];
  const T = 2.5000123;

  it('each chart that draws the line says which decision it marks and when, as the inspector writes the time', () => {
    expect(fmtTime(T)).toBe('2.500012 s');
    for (const def of charts) {
      expect(def.describe(ctx(T)), def.id).toContain(`A vertical line marks the decision open in the inspector, at ${fmtTime(T)}.`);
      // no line, no sentence
      expect(def.describe(ctx(null)), def.id).not.toContain('vertical line');
    }
  });

  it('the drawn label (on screen, on paper, in an exported figure) carries the time too', () => {
    for (const def of charts) {
      const svg = chartSvg(def, ctx(T), 640, 420, def.title);
      expect(svg, def.id).toContain(`inspected ${fmtTime(T)}`);
      expect(chartSvg(def, ctx(null), 640, 420, def.title), def.id).not.toContain('inspected');
    }
  });
});
