import { describe, expect, it } from 'vitest';
import { presetByName } from '../../../../src/engine/scenario/presets';
import { aqmChart } from '../../../../src/ui/charts/aqm-chart';
import { fontsFor, SeriesScratch } from '../../../../src/ui/charts/plot';
import type { ChartContext } from '../../../../src/ui/charts/types';
import { viewOf } from '../../../../src/ui/scenario-view';
import { SeriesStore } from '../../../../src/ui/store/series-store';
import { BoxPainter } from './box-painter';

/*
 * The AQM chart's right axis (PIE's delay estimate in ms, REM's price). A walk found it, on a
 * PIE lesson before Play, labelled "0, 200m, 400m, 600m, 800m, 1" in SI notation (800m = 0.8,
 * of an axis in ms: "800 m" read as 800 ms or metres), and in classroom type the labels ran
 * past the card's edge ("800m" cut). The right axis is labelled as the left one (0.8, 1,200),
 * in a margin as wide as its widest label; a queue with nothing to show yet (no data, or a
 * price still 0) gets an axis 0 to 1, not 0 to 1e-9 ("200p").
 */
function labels(preset: string, cols: Record<string, (t: number, i: number) => number>, n: number, classroom: boolean, width = 900) {
  const view = viewOf(presetByName(preset)!.scenario);
  const t = Float64Array.from({ length: n }, (_, i) => i * 0.3);
  const store = new SeriesStore();
  if (n > 0) store.append({ t, cols: Object.fromEntries(Object.entries(cols).map(([k, f]) => [k, Float64Array.from(t, f)])) });
  const c = { store, view, markers: [], fonts: fontsFor(classroom), now: store.lastTime, end: 120, summary: null, highlight: [], wallMs: 0, speed: 1, running: false, cursorT: null, scratch: new SeriesScratch() } as unknown as ChartContext;
  const p = new BoxPainter(width, 420);
  aqmChart.draw(p, c);
  // the right axis's labels: numbers right of the plot, not on the time axis's row (texts in a row of four and more)
  const rows = new Map<number, number>();
  for (const b of p.texts) rows.set(b.y0, (rows.get(b.y0) ?? 0) + 1);
  const right = p.texts.filter((b) => b.x0 > width * 0.6 && /^-?\d[^\s]*$/.test(b.what) && rows.get(b.y0)! < 4);
  return { right, texts: p.texts, width };
}

const pie = 'bufferbloat-pie';
// REM's price: a lesson with a REM queue
const rem = 'le-rem-24';

describe('the AQM chart’s right axis', () => {
  for (const classroom of [false, true]) {
    const type = classroom ? ' (classroom type)' : '';
    it(`PIE before any data${type}: ticks in plain ms (0.2, not 200m), each label whole on the card`, () => {
      const { right, width } = labels(pie, {}, 0, classroom);
      expect(right.map((b) => b.what)).toEqual(['0', '0.2', '0.4', '0.6', '0.8', '1']);
      for (const b of right) expect(b.x1, `"${b.what}" ends on the card`).toBeLessThanOrEqual(width);
    });
    it(`PIE with delays up to 1.5 s${type}: "1,500" whole on the card, no SI suffix`, () => {
      const { right, width } = labels(pie, { 'aqm.qdelay': (_t, i) => (i % 50 === 0 ? 1.5 : 0.012), 'aqm.p': () => 0.05, 'th.delayTarget': () => 0.015 }, 400, classroom);
      expect(right.length).toBeGreaterThanOrEqual(3);
      for (const b of right) {
        expect(b.what, 'no SI suffix (k, m)').toMatch(/^[\d,.]+$/);
        expect(b.x1, `"${b.what}" ends on the card`).toBeLessThanOrEqual(width);
      }
      expect(right.map((b) => b.what)).toContain('1,500');
    });
  }
  it('REM with its price still 0: an axis 0 to 1, not 0 to 1e-9', () => {
    if (!presetByName(rem)) throw new Error(`no preset ${rem}`);
    const { right } = labels(rem, { 'aqm.price': () => 0, 'aqm.p': () => 0 }, 100, false);
    expect(right.map((b) => b.what)).toEqual(['0', '0.2', '0.4', '0.6', '0.8', '1']);
  });
});
