/**
 * A chart's note where it has nothing to draw ("Drop-tail has no drop probability: it
 * drops only when full") fits its plot: in classroom type on a 760-px card, and on a phone,
 * the one-line note ran off the right edge ("...it drops only when f").
 */
import { describe, expect, it } from 'vitest';
import { emptyNote, fontsFor } from '../../../../src/ui/charts/plot';
import { BoxPainter } from './box-painter';

const NOTE = 'Drop-tail has no drop probability: it drops only when full';

describe('emptyNote', () => {
  for (const [w, classroom] of [[330, false], [330, true], [700, true], [1200, false]] as const) {
    it(`at a ${w}-px plot${classroom ? ' in classroom type' : ''}: every word drawn, each line inside the plot, none over another`, () => {
      const p = new BoxPainter(w + 100, 400);
      const r = { x: 60, y: 20, w, h: 300 };
      emptyNote(p, r, NOTE, fontsFor(classroom));
      expect(p.texts.map((t) => t.what).join(' ')).toBe(NOTE);
      for (const t of p.texts) {
        expect(t.x0, t.what).toBeGreaterThanOrEqual(r.x);
        expect(t.x1, t.what).toBeLessThanOrEqual(r.x + r.w);
        expect(t.y0, t.what).toBeGreaterThanOrEqual(r.y);
        expect(t.y1, t.what).toBeLessThanOrEqual(r.y + r.h);
      }
      for (let i = 1; i < p.texts.length; i++) expect(p.texts[i].y0).toBeGreaterThanOrEqual(p.texts[i - 1].y1);
    });
  }

  it('a short note stays one line, in the middle of the plot', () => {
    const p = new BoxPainter(800, 400);
    emptyNote(p, { x: 0, y: 0, w: 800, h: 300 }, 'No data yet', fontsFor(false));
    expect(p.texts).toHaveLength(1);
    expect((p.texts[0].y0 + p.texts[0].y1) / 2).toBeCloseTo(150);
  });
});
