/**
 * Y tick labels never print over one another. The throughput chart of the default lesson (four
 * flows: a legend of two lines) on a 1280x720 projector in classroom type (canvas 774 x 380)
 * leaves its utilization panel about 35 px: d3 gives three ticks (0, 50, 100) for the two asked,
 * 16 px apart in 24-px type, and the panel read "100" over "50". A label too close to the one
 * under it is left out (its grid line stays).
 */
import { describe, expect, it } from 'vitest';
import { presetByName } from '../../../../src/engine/scenario/presets';
import type { Summary } from '../../../../src/engine/metrics/types';
import { fontsFor, SeriesScratch } from '../../../../src/ui/charts/plot';
import { queueChart } from '../../../../src/ui/charts/queue-chart';
import { throughputChart } from '../../../../src/ui/charts/throughput-chart';
import type { ChartContext, ChartDef } from '../../../../src/ui/charts/types';
import { viewOf } from '../../../../src/ui/scenario-view';
import { SeriesStore } from '../../../../src/ui/store/series-store';
import { BoxPainter, overlap } from './box-painter';

function draw(chart: ChartDef, preset: string, w: number, h: number, classroom: boolean): BoxPainter {
  const view = viewOf(presetByName(preset)!.scenario);
  const n = 300;
  const t = Float64Array.from({ length: n }, (_, i) => i * 0.1);
  const store = new SeriesStore();
  const cols: Record<string, Float64Array> = { util: new Float64Array(n).fill(0.97), queue: Float64Array.from(t, (x) => (x * 13) % 60), avg: new Float64Array(n).fill(25) };
  for (let k = 0; k < view.tcpFlows; k++) cols[`acked.${k}`] = Float64Array.from(t, (x) => 300_000 * x * (1 + k / 10));
  store.append({ t, cols });
  const summary = { flows: Array.from({ length: view.tcpFlows }, () => ({})), fairness: { jain: 0.984 } } as unknown as Summary;
  const c = { store, view, markers: [], fonts: fontsFor(classroom), now: store.lastTime, end: 30, summary, highlight: [], wallMs: 0, speed: 1, running: true, cursorT: null, scratch: new SeriesScratch() } as unknown as ChartContext;
  const p = new BoxPainter(w, h);
  chart.draw(p, c);
  return p;
}

/** The y tick labels: numbers right-aligned left of the plot (the x ticks lie under it, along one line). */
function yLabels(p: BoxPainter) {
  const nums = p.texts.filter((b) => /^-?\d[\d,.]*$/.test(b.what));
  const xLine = Math.max(...nums.map((b) => b.y0));
  return nums.filter((b) => b.y0 !== xLine);
}

describe('y tick labels do not overlap', () => {
  for (const [w, h, classroom] of [[774, 380, true], [980, 428, true], [1309, 480, true], [760, 300, false], [370, 440, true]] as const) {
    it(`throughput chart of the default lesson (4 flows), ${w} x ${h}${classroom ? ', classroom type' : ''}`, () => {
      const p = draw(throughputChart, 'default', w, h, classroom);
      expect(p.texts.some((b) => b.what === 'flow 3')).toBe(true);
      const labels = yLabels(p);
      // both panels have numbers: 100 % on the utilization panel, 0 at the goodput panel's foot
      expect(labels.map((b) => b.what)).toContain('100');
      expect(labels.filter((b) => b.what === '0').length).toBeGreaterThanOrEqual(1);
      for (let i = 0; i < labels.length; i++) for (let j = i + 1; j < labels.length; j++) expect(overlap(labels[i], labels[j]), `${labels[i].what} / ${labels[j].what}`).toBe(false);
    });
  }

  it('a tall plot keeps every tick\'s label (the queue chart of red-vs-dt, 1309 x 700)', () => {
    const labels = yLabels(draw(queueChart, 'red-vs-dt', 1309, 700, true))
      .map((b) => Number(b.what))
      .sort((a, b) => a - b);
    expect(labels.length).toBeGreaterThanOrEqual(6);
    expect(labels).toEqual(labels.map((_, i) => 10 * i));
  });
});
