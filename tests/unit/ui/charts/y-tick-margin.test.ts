/**
 * The y axis's margin follows its widest tick label. It was sized to a sample ("888" for
 * the cwnd chart, "88.8" for the goodput panel), so a window of 3,000 segments had its
 * "3,000" drawn past the card's left edge, over the axis's name; likewise "1,200" Mb/s of
 * a gigabit link and "1,000" packets of a bufferbloat queue on a phone in classroom type.
 */
import { describe, expect, it } from 'vitest';
import { presetByName } from '../../../../src/engine/scenario/presets';
import { cwndChart } from '../../../../src/ui/charts/cwnd-chart';
import { fontsFor, SeriesScratch } from '../../../../src/ui/charts/plot';
import { queueChart } from '../../../../src/ui/charts/queue-chart';
import { throughputChart } from '../../../../src/ui/charts/throughput-chart';
import type { ChartContext, ChartDef } from '../../../../src/ui/charts/types';
import type { Summary } from '../../../../src/engine/metrics/types';
import { viewOf } from '../../../../src/ui/scenario-view';
import { SeriesStore } from '../../../../src/ui/store/series-store';
import { BoxPainter, overlap, type Box } from './box-painter';

function draw(chart: ChartDef, preset: string, cols: (t: Float64Array) => Record<string, Float64Array>, w: number, classroom: boolean): BoxPainter {
  const view = viewOf(presetByName(preset)!.scenario);
  const n = 300;
  const t = Float64Array.from({ length: n }, (_, i) => i * 0.5);
  const store = new SeriesStore();
  store.append({ t, cols: cols(t) });
  const summary = { flows: [{}, {}], fairness: { jain: 0.99 } } as unknown as Summary;
  const c = { store, view, markers: [], fonts: fontsFor(classroom), now: store.lastTime, end: 150, summary, highlight: [], wallMs: 0, speed: 1, running: false, cursorT: null, scratch: new SeriesScratch() } as unknown as ChartContext;
  const p = new BoxPainter(w, 480);
  chart.draw(p, c);
  return p;
}

/** The y tick labels: numbers drawn in the left margin (right-aligned against the plot). */
function yTicks(p: BoxPainter, yName: RegExp): { ticks: Box[]; names: Box[] } {
  const names = p.texts.filter((b) => yName.test(b.what));
  const ticks = p.texts.filter((b) => /^[\d,.]+k?$/.test(b.what) && b.x1 < p.width / 2 && b.y1 - b.y0 < b.x1 - b.x0 + 1e-9 && !names.includes(b));
  // the time ticks lie on the bottom row: keep only labels beside the plot
  const bottom = Math.max(...p.texts.filter((b) => /^[\d,.]+$/.test(b.what)).map((b) => b.y0));
  return { ticks: ticks.filter((b) => b.y0 < bottom - 1), names };
}

const cases: [string, () => (w: number, classroom: boolean) => BoxPainter, RegExp][] = [
  ['cwnd chart, a window of 3,000 segments', () => (w, cl) => draw(cwndChart, 'red-vs-dt', (t) => ({ 'cwnd.0': Float64Array.from(t, (x) => x * 20), 'cwnd.1': Float64Array.from(t, (x) => x * 10) }), w, cl), /^cwnd \(segments\)$/],
  ['throughput chart, 1.2 Gb/s of goodput', () => (w, cl) => draw(throughputChart, 'red-vs-dt', (t) => ({ util: new Float64Array(t.length).fill(0.9), 'acked.0': Float64Array.from(t, (x) => 150e6 * x), 'acked.1': Float64Array.from(t, (x) => 1e6 * x) }), w, cl), /^(goodput \(Mb\/s\)|Mb\/s|util\. \(%\)|%)$/],
  ['queue chart, a 1,000-packet queue', () => (w, cl) => draw(queueChart, 'bufferbloat-dt', (t) => ({ queue: Float64Array.from(t, (x) => Math.min(1000, x * 9)) }), w, cl), /^queue \(packets\)$/],
];

describe('y tick labels fit the margin', () => {
  for (const [what, make, yName] of cases) {
    for (const [w, classroom] of [[370, true], [760, true], [760, false], [1200, false]] as const) {
      it(`${what}, ${w} px${classroom ? ', classroom type' : ''}: every tick label inside the card, clear of the axis's name`, () => {
        const p = make()(w, classroom);
        const { ticks, names } = yTicks(p, yName);
        expect(names.length).toBeGreaterThan(0);
        // a label in the thousands among them ("3,000", whichever the nice ticks are)
        expect(ticks.some((b) => /^\d,\d{3}$/.test(b.what)), ticks.map((b) => b.what).join(' ')).toBe(true);
        for (const b of ticks) {
          expect(b.x0, b.what).toBeGreaterThanOrEqual(0);
          for (const n of names) expect(overlap(b, n), `${b.what} / ${n.what}`).toBe(false);
        }
      });
    }
  }
});
