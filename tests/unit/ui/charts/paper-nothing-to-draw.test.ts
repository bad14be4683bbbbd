/**
 * A drop-tail lesson printed as a handout had an "AQM state" box of empty axes around one line
 * ("Drop-tail has no drop probability: it drops only when full"), and a run of UDP flows only a
 * congestion-window box around "No TCP flows". A chart says when it has nothing to draw for a
 * scenario (ChartDef.nothingToDraw); its card then prints its title and that line only
 * (ChartCard, styles.css @media print; tests/e2e/print.e2e.ts prints rtt-unfair). The line is
 * the one the chart draws on screen.
 */
import { describe, expect, it } from 'vitest';
import { aqmChart } from '../../../../src/ui/charts/aqm-chart';
import { cwndChart } from '../../../../src/ui/charts/cwnd-chart';
import { fontsFor, SeriesScratch } from '../../../../src/ui/charts/plot';
import type { ChartContext, ChartDef } from '../../../../src/ui/charts/types';
import { presetByName } from '../../../../src/engine/scenario/presets';
import { viewOf } from '../../../../src/ui/scenario-view';
import { SeriesStore } from '../../../../src/ui/store/series-store';
import { BoxPainter } from './box-painter';

const view = (preset: string) => viewOf(presetByName(preset)!.scenario);

/** The text the chart draws in its plot for a finished run of the preset (with a little data). */
function drawnNote(def: ChartDef, preset: string): string {
  const store = new SeriesStore();
  const t = Float64Array.from({ length: 50 }, (_, i) => i * 0.1);
  store.append({ t, cols: { 'acked.0': Float64Array.from(t, (x) => x * 1e5), util: new Float64Array(50).fill(0.9) } });
  const c = { store, view: view(preset), markers: [], fonts: fontsFor(false), now: 5, end: 5, summary: null, highlight: [], wallMs: 0, speed: 1, running: false, cursorT: null, scratch: new SeriesScratch() } as unknown as ChartContext;
  const p = new BoxPainter(800, 300);
  def.draw(p, c);
  return p.texts.map((b) => b.what).join(' ');
}

describe('a chart with nothing to draw prints its note, not a box', () => {
  it('AQM state of a drop-tail lesson (rtt-unfair): nothing to draw, and the line says why, as on screen', () => {
    const note = aqmChart.nothingToDraw?.(view('rtt-unfair'));
    expect(note).toBe('Drop-tail has no drop probability: it drops only when full');
    // (the screen wraps it over lines of its plot's width)
    expect(drawnNote(aqmChart, 'rtt-unfair')).toContain('it drops only when full');
  });

  it('AQM state of RED, CoDel and PIE lessons: drawn', () => {
    for (const preset of ['default', 'bufferbloat-pie', 'ecn-marks']) expect(aqmChart.nothingToDraw?.(view(preset)) ?? null, preset).toBeNull();
  });

  it('cwnd of UDP flows only (md1-poisson): nothing to draw; of TCP flows: drawn', () => {
    expect(cwndChart.nothingToDraw?.(view('md1-poisson'))).toMatch(/^No TCP flows/);
    expect(drawnNote(cwndChart, 'md1-poisson')).toContain('No TCP flows');
    expect(cwndChart.nothingToDraw?.(view('default')) ?? null).toBeNull();
    expect(cwndChart.nothingToDraw?.(view('rtt-unfair')) ?? null).toBeNull();
  });
});
