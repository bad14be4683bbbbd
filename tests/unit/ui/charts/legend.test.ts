/**
 * Chart legends on a narrow screen: a label longer than the chart is wide (a lesson's title
 * in the family view on a 390 px phone) wraps onto lines of its own instead of running off
 * the canvas, and the height the layout reserves covers every line drawn.
 */
import { describe, expect, it } from 'vitest';
import { legend } from '../../../../src/ui/charts/plot';
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
