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
import { SERIES } from '../../../../src/ui/colors';
import type { LineStyle, Rect } from '../../../../src/ui/charts/painter';
import { BoxPainter, overlap } from './box-painter';

/** Keeps the utilization line's points and the rectangles drawing was clipped to. */
class UtilPainter extends BoxPainter {
  utilYs: number[] = [];
  clips: Rect[] = [];
  override polyline(_xs: ArrayLike<number>, ys: ArrayLike<number>, n: number, st: LineStyle): number {
    if (st.color === SERIES.util) for (let i = 0; i < n; i++) if (Number.isFinite(ys[i])) this.utilYs.push(ys[i]);
    return n;
  }
  override clip(r: Rect): void {
    this.clips.push(r);
  }
}

function draw(w: number, h: number, classroom: boolean, util = 0.97): UtilPainter {
  const view = viewOf(presetByName('red-vs-dt')!.scenario);
  const n = 400;
  const t = Float64Array.from({ length: n }, (_, i) => i * 0.5);
  const store = new SeriesStore();
  store.append({ t, cols: { util: new Float64Array(n).fill(util), 'acked.0': Float64Array.from(t, (x) => 120_000 * x), 'acked.1': Float64Array.from(t, (x) => 110_000 * x) } });
  const summary = { flows: [{}, {}], fairness: { jain: 0.99912 } } as unknown as Summary;
  const c = { store, view, markers: [], fonts: fontsFor(classroom), now: store.lastTime, end: 200, summary, highlight: [], wallMs: 0, speed: 1, running: false, cursorT: null, scratch: new SeriesScratch() } as unknown as ChartContext;
  const p = new UtilPainter(w, h);
  throughputChart.draw(p, c);
  return p;
}

describe('a link busy all the time', () => {
  for (const classroom of [false, true]) {
    it(`draws its 100 % line inside the panel, clear of the top edge${classroom ? ' (classroom type)' : ''}`, () => {
      const p = draw(760, 440, classroom, 1);
      const top = p.clips[0];
      expect(p.utilYs.length).toBeGreaterThan(0);
      // the 2.5-px line whole within the clip: at least its half-width under the edge
      for (const y of p.utilYs) expect(y - top.y).toBeGreaterThanOrEqual(2);
      expect(Math.max(...p.utilYs)).toBeLessThan(top.y + top.h / 4);
    });
  }
});

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
