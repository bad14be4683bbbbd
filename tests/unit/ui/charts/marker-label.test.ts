/**
 * A live change's mark on the charts says what changed in the editor's words and units:
 * "rate = 3 Mb/s", "delay = 50 ms", "max_th = 30 packets". It said the field's internal
 * name and the raw SI number ("rate = 3M", "delay = 0.05", "maxTh = 30").
 */
import { describe, expect, it } from 'vitest';
import { presetByName } from '../../../../src/engine/scenario/presets';
import { cwndChart } from '../../../../src/ui/charts/cwnd-chart';
import { fontsFor, markerLabel, SeriesScratch } from '../../../../src/ui/charts/plot';
import { queueChart } from '../../../../src/ui/charts/queue-chart';
import type { ChartContext, ChartDef } from '../../../../src/ui/charts/types';
import { viewOf, type ParamMarker } from '../../../../src/ui/scenario-view';
import { SeriesStore } from '../../../../src/ui/store/series-store';
import { BoxPainter, overlap } from './box-painter';

const view = viewOf(presetByName('red-vs-dt')!.scenario);
const mark = (path: string, value: unknown): ParamMarker => ({ t: 50, path: `topology.bottleneck.${path}`, value });

describe('live-change marks', () => {
  it('name the setting as the editor does, with its unit', () => {
    expect(markerLabel(mark('rate', 3e6), view)).toBe('rate = 3 Mb/s');
    expect(markerLabel(mark('delay', 0.05), view)).toBe('delay = 50 ms');
    expect(markerLabel(mark('rate', 1.5e9), view)).toBe('rate = 1,500 Mb/s');
    expect(markerLabel(mark('loss', 0.01), view)).toBe('random loss = 0.01');
    expect(markerLabel(mark('queue.maxTh', 30), view)).toBe('max_th = 30 packets');
    expect(markerLabel(mark('queue.maxP', 0.2), view)).toBe('max_p = 0.2');
    expect(markerLabel(mark('queue.limit', 64), view)).toBe('buffer limit = 64 packets');
    expect(markerLabel(mark('queue.gentle', false), view)).toBe('gentle = off');
    expect(markerLabel(mark('queue.ecn', true), view)).toBe('ECN marking = on');
    expect(markerLabel(mark('reverseQueue.maxP', 0.05), view)).toBe('reverse max_p = 0.05');
  });

  it("a queue in bytes gives its thresholds in bytes; PIE's target is in ms", () => {
    const bytes = { ...view, queue: { ...view.queue, unit: 'bytes' as const } };
    expect(markerLabel(mark('queue.minTh', 7500), bytes)).toBe('min_th = 7,500 bytes');
    const pie = { ...view, queue: { ...view.queue, kind: 'pie' } };
    expect(markerLabel(mark('queue.target', 0.015), pie)).toBe('target delay = 15 ms');
  });

  for (const [name, chart] of [
    ['cwnd', cwndChart],
    ['queue', queueChart],
  ] as [string, ChartDef][]) {
    it(`the ${name} chart draws them so`, () => {
      const n = 100;
      const t = Float64Array.from({ length: n }, (_, i) => i);
      const store = new SeriesStore();
      store.append({ t, cols: { queue: new Float64Array(n).fill(10), avg: new Float64Array(n).fill(8), 'cwnd.0': new Float64Array(n).fill(20) } });
      const markers = [{ ...mark('rate', 3e6), t: 20 }, { ...mark('delay', 0.05), t: 60 }];
      const c = { store, view, markers, fonts: fontsFor(false), now: store.lastTime, end: 100, summary: null, highlight: [], wallMs: 0, speed: 1, running: false, cursorT: null, scratch: new SeriesScratch() } as unknown as ChartContext;
      const p = new BoxPainter(900, 400);
      chart.draw(p, c);
      const texts = p.texts.map((b) => b.what);
      expect(texts).toContain('rate = 3 Mb/s');
      expect(texts).toContain('delay = 50 ms');
    });
  }

  // a change late in the run: its label went under the queue chart's "now 15 · avg 15.7" note
  // (top right), which hid all but "rate"
  it("the queue chart labels a late change clear of its 'now' note", () => {
    const n = 100;
    const t = Float64Array.from({ length: n }, (_, i) => i);
    const store = new SeriesStore();
    store.append({ t, cols: { queue: new Float64Array(n).fill(10), avg: new Float64Array(n).fill(8) } });
    for (const at of [80, 90, 97]) {
      const c = { store, view, markers: [{ ...mark('rate', 3e6), t: at }], fonts: fontsFor(false), now: store.lastTime, end: 100, summary: null, highlight: [], wallMs: 0, speed: 1, running: false, cursorT: null, scratch: new SeriesScratch() } as unknown as ChartContext;
      const p = new BoxPainter(900, 400);
      queueChart.draw(p, c);
      const label = p.texts.find((b) => b.what === 'rate = 3 Mb/s')!;
      const note = p.texts.find((b) => b.what.startsWith('now '))!;
      expect(label).toBeDefined();
      expect(note).toBeDefined();
      expect(overlap(label, note), `t = ${at}`).toBe(false);
    }
  });
});
