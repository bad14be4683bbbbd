/**
 * Chart legends on a narrow screen: a label longer than the chart is wide (a lesson's title
 * in the family view on a 390 px phone) wraps onto lines of its own instead of running off
 * the canvas, and the height the layout reserves covers every line drawn.
 */
import { describe, expect, it } from 'vitest';
import { fontsFor, legend } from '../../../../src/ui/charts/plot';
import { responseHeight, type RtCurve } from '../../../../src/ui/charts/response-plot';
import type { RtHistogram } from '../../../../src/ui/store/exchange-store';
import { BoxPainter, overlap } from './box-painter';

const ITEMS = [
  { label: 'uncongested (same connections, 10x link)', color: '#000' },
  { label: 'drop-tail, 148 packets', color: '#111' },
  { label: 'Web traffic at 80 % load, adaptive RED with a 5 ms target, no ECN (1,842 exchanges)', color: '#222' },
  { label: 'ARED + ECN 5 ms', color: '#333' },
];

describe('legend', () => {
  for (const w of [330, 600, 1200]) {
    it(`every label drawn lies within ${w} px, none over another, and the height returned covers them`, () => {
      const p = new BoxPainter(w + 20, 400);
      const fs = 14;
      const x = 10;
      const h = legend(p, ITEMS, x, 0, w, fs);
      // every word of every label is drawn
      expect(p.texts.map((t) => t.what).join(' ').split(' ').sort()).toEqual(ITEMS.flatMap((i) => i.label.split(' ')).sort());
      for (const t of p.texts) {
        expect(t.x1, t.what).toBeLessThanOrEqual(x + w + 1e-9);
        expect(t.y1, t.what).toBeLessThanOrEqual(h);
      }
      for (let i = 0; i < p.texts.length; i++) for (let j = i + 1; j < p.texts.length; j++) expect(overlap(p.texts[i], p.texts[j]), `${p.texts[i].what} / ${p.texts[j].what}`).toBe(false);
      // a dry run reserves the same height
      expect(legend(new BoxPainter(w + 20, 400), ITEMS, x, 0, w, fs, true)).toBe(h);
    });
  }

  it('short labels stay on one line each, side by side when they fit', () => {
    const p = new BoxPainter(620, 400);
    legend(p, [ITEMS[1], ITEMS[3]], 0, 0, 600, 14);
    expect(p.texts.length).toBe(2);
    expect(p.texts[0].y0).toBe(p.texts[1].y0);
  });
});

describe('the compare view response chart under a long legend', () => {
  const curves = (k: number): RtCurve[] =>
    Array.from({ length: k }, (_, i) => ({ label: `adaptive RED + ECN with a ${5 + i} ms target, lesson ${i}`, hist: { n: 1800 + i } as unknown as RtHistogram, color: '#000' }));
  const fonts = fontsFor(false);

  it('keeps its usual height when the legend is short, and grows to leave the plot its room when it is long', () => {
    expect(responseHeight(new BoxPainter(1200, 320), curves(2), fonts, 320, 220)).toBe(320);
    const p = new BoxPainter(390, 320);
    const lh = legend(new BoxPainter(390, 320), curves(7).map((c) => ({ label: `${c.label} (${c.hist.n.toLocaleString('en-US')})`, color: c.color })), 8, 4, 390 - 16, fonts.legend, true);
    expect(lh).toBeGreaterThan(100);
    expect(responseHeight(p, curves(7), fonts, 320, 220)).toBe(Math.ceil(lh + 10 + 220));
  });
});
