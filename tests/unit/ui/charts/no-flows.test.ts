import { describe, expect, it } from 'vitest';
import type { Summary } from '../../../../src/engine/metrics/types';
import { presetByName } from '../../../../src/engine/scenario/presets';
import { cwndChart } from '../../../../src/ui/charts/cwnd-chart';
import { dataExportNote } from '../../../../src/ui/charts/export';
import { SvgPainter } from '../../../../src/ui/charts/painter';
import { fontsFor, SeriesScratch } from '../../../../src/ui/charts/plot';
import { progressChart } from '../../../../src/ui/charts/progress-chart';
import { throughputChart } from '../../../../src/ui/charts/throughput-chart';
import { NO_FLOWS_NOTE, NO_TCP_NOTE, type ChartContext, type ChartDef } from '../../../../src/ui/charts/types';
import { viewOf } from '../../../../src/ui/scenario-view';
import { SeriesStore } from '../../../../src/ui/store/series-store';

/*
 * Web traffic has no long-lived flows: the per-flow charts must say so instead of showing
 * empty axes (a class would think the run is broken), and Jain's index over no flows is
 * not "1".
 */
function context(store: SeriesStore, preset: string, flows: number): ChartContext {
  const summary = { flows: Array.from({ length: flows }, () => ({})), fairness: { jain: 1 } } as unknown as Summary;
  return { store, view: viewOf(presetByName(preset)!.scenario), markers: [], fonts: fontsFor(false), now: 1, end: 1, summary, highlight: [], wallMs: 0, speed: 1, running: false, cursorT: null, scratch: new SeriesScratch() };
}

function draw(def: ChartDef, c: ChartContext): string {
  const p = new SvgPainter(640, 360);
  def.draw(p, c);
  return p.toString();
}

const t = Float64Array.from([0, 0.5, 1]);

describe('per-flow charts without long-lived flows', () => {
  it('cwnd, progress and throughput say where the web connections are', () => {
    const s = new SeriesStore();
    s.append({ t, cols: { queue: Float64Array.from([0, 5, 9]), util: Float64Array.from([0, 0.5, 0.8]) } });
    const c = context(s, 'web-dt148-80', 0);
    for (const def of [cwndChart, progressChart, throughputChart]) expect(draw(def, c), def.id).toContain(NO_FLOWS_NOTE);
    expect(draw(throughputChart, c)).toContain('no long-lived flows');
    expect(draw(throughputChart, c)).not.toContain('J = 1.000');
  });

  it('UDP flows only (md1-poisson): the progress chart says delivered, not acked; the cwnd chart and its export say there is no TCP flow, not "see Response times" (there is none)', () => {
    const s = new SeriesStore();
    s.append({ t, cols: { queue: Float64Array.from([0, 5, 9]), util: Float64Array.from([0, 0.5, 0.8]), 'acked.0': Float64Array.from([0, 1000, 3000]), 'goodput.0': Float64Array.from([0, 8e3, 8e3]) } });
    const c = context(s, 'md1-poisson', 1);
    const svg = draw(cwndChart, c);
    expect(svg).toContain(NO_TCP_NOTE);
    expect(svg).not.toContain('Response times');
    expect(cwndChart.describe(c)).not.toMatch(/each of 0/);
    expect(dataExportNote(cwndChart, s, 1)).toMatch(/no TCP flows/);
    expect(dataExportNote(cwndChart, s, 1)).not.toMatch(/Response times/);
    // a UDP sender gets no acknowledgements: its progress is data delivered, with no lockout to point at
    expect(draw(progressChart, c)).toContain('data delivered (KB)');
    expect(draw(progressChart, c)).not.toContain('acked');
    expect(progressChart.describe(c)).toBe('Bytes delivered over time for the UDP flow. From 0 to 1 s: flow 0 3 KB delivered.');
  });

  it('with flows the note is absent and Jain’s index is shown', () => {
    const s = new SeriesStore();
    s.append({ t, cols: { queue: Float64Array.from([0, 5, 9]), util: Float64Array.from([0, 0.5, 0.8]), 'cwnd.0': Float64Array.from([1, 2, 4]), 'acked.0': Float64Array.from([0, 1000, 3000]) } });
    const c = context(s, 'default', 1);
    for (const def of [cwndChart, progressChart, throughputChart]) expect(draw(def, c), def.id).not.toContain(NO_FLOWS_NOTE);
    expect(draw(throughputChart, c)).toMatch(/J\s=\s1\.000/);
  });
});
