/**
 * The throughput chart on a phone in classroom type (a 370-px card): Jain's index ran off
 * the card's right edge ("J = 1.0"), and the goodput panel's name, longer than the panel,
 * ran below it. Every text now lies within the card, each panel's name beside its panel
 * (its unit alone where the whole name does not fit).
 */
import { describe, expect, it } from 'vitest';
import { presetByName } from '../../../../src/engine/scenario/presets';
import { fontsFor, SeriesScratch } from '../../../../src/ui/charts/plot';
import { throughputChart } from '../../../../src/ui/charts/throughput-chart';
import type { ChartContext } from '../../../../src/ui/charts/types';
import { viewOf } from '../../../../src/ui/scenario-view';
import { SeriesStore } from '../../../../src/ui/store/series-store';
import type { Summary } from '../../../../src/engine/metrics/types';
import { BoxPainter, overlap } from './box-painter';

function draw(w: number, h: number, classroom: boolean): BoxPainter {
  const view = viewOf(presetByName('red-vs-dt')!.scenario);
  const n = 400;
  const t = Float64Array.from({ length: n }, (_, i) => i * 0.5);
  const store = new SeriesStore();
  store.append({ t, cols: { util: new Float64Array(n).fill(0.97), 'acked.0': Float64Array.from(t, (x) => 120_000 * x), 'acked.1': Float64Array.from(t, (x) => 110_000 * x) } });
  const summary = { flows: [{}, {}], fairness: { jain: 0.99912 } } as unknown as Summary;
  const c = { store, view, markers: [], fonts: fontsFor(classroom), now: store.lastTime, end: 200, summary, highlight: [], wallMs: 0, speed: 1, running: false, cursorT: null, scratch: new SeriesScratch() } as unknown as ChartContext;
  const p = new BoxPainter(w, h);
  throughputChart.draw(p, c);
  return p;
}

describe('throughput chart on a narrow card', () => {
  for (const [w, h, classroom] of [[370, 560, true], [370, 440, true], [370, 440, false], [760, 440, true], [1200, 400, false]] as const) {
    it(`${w} x ${h} px${classroom ? ', classroom type' : ''}: Jain's index and every text within the card; each panel's name clear of the other texts`, () => {
      const p = draw(w, h, classroom);
      const all = p.texts.map((b) => b.what).join(' ');
      // the index and its value on one line, whatever the width
      expect(p.texts.some((b) => /J\s=\s0\.999$/.test(b.what))).toBe(true);
      expect(all).toContain('rates averaged over');
      for (const b of p.texts) {
        expect(b.x0, b.what).toBeGreaterThanOrEqual(0);
        expect(b.x1, b.what).toBeLessThanOrEqual(w);
        expect(b.y0, b.what).toBeGreaterThanOrEqual(0);
        expect(b.y1, b.what).toBeLessThanOrEqual(h);
      }
      const names = p.texts.filter((b) => /^(util\. \(%\)|%|goodput \(Mb\/s\)|Mb\/s)$/.test(b.what));
      expect(names).toHaveLength(2);
      for (const a of names) for (const b of p.texts) if (a !== b) expect(overlap(a, b), `${a.what} / ${b.what}`).toBe(false);
    });
  }
});
