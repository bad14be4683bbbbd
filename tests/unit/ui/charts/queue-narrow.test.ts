/**
 * The queue chart in classroom type on a phone (a 370-px card): the names of the event rows
 * in the y-axis margin ("overflow drop", 24-px type) left the plot a quarter of the card and
 * its time ticks ran together ("0 100200"). Where the margin would take that much, the rows
 * are named by their first word, the margin sized to it, and the plot keeps about half the card.
 */
import { describe, expect, it } from 'vitest';
import { overlap, type BoxPainter } from './box-painter';
import { drawQueue } from './queue-draw';

const draw = (w: number, classroom: boolean, h = 560): BoxPainter => drawQueue({ preset: 'red-vs-dt', w, h, classroom, step: 1.1, queue: (x) => (x * 7) % 60, avg: 22, end: 220, running: false });

/** The time ticks: the numbers drawn below the plot, on one line. */
function timeTicks(p: BoxPainter) {
  const nums = p.texts.filter((b) => /^\d+$/.test(b.what));
  const bottom = Math.max(...nums.map((b) => b.y0));
  return nums.filter((b) => b.y0 === bottom).sort((a, b) => a.x0 - b.x0);
}

describe('queue chart on a narrow card', () => {
  for (const [w, classroom] of [[370, true], [370, false], [760, true], [1200, false]] as const) {
    it(`${w} px${classroom ? ', classroom type' : ''}: the plot starts in the card's left half, its time ticks apart`, () => {
      const p = draw(w, classroom);
      const ticks = timeTicks(p);
      expect(ticks.length).toBeGreaterThanOrEqual(3);
      // the time axis starts at 0 within the left half
      expect(ticks[0].what).toBe('0');
      expect((ticks[0].x0 + ticks[0].x1) / 2).toBeLessThan(0.5 * w);
      for (let i = 1; i < ticks.length; i++) expect(overlap(ticks[i - 1], ticks[i]), `${ticks[i - 1].what} / ${ticks[i].what}`).toBe(false);
      // each event row is named beside its row, inside the card
      const rows = p.texts.filter((b) => /^(early|forced|overflow)( drop)?$/.test(b.what));
      expect(rows.map((b) => b.what.split(' ')[0]).sort()).toEqual(['early', 'forced', 'overflow']);
      for (const b of rows) {
        expect(b.x0, b.what).toBeGreaterThanOrEqual(0);
        expect(b.x1, b.what).toBeLessThan(ticks[0].x0);
      }
    });
  }

  it('a wide card keeps the rows\' full names; a narrow one in classroom type their first word', () => {
    expect(draw(1200, false).texts.map((b) => b.what)).toContain('overflow drop');
    expect(draw(370, false).texts.map((b) => b.what)).toContain('overflow drop');
    const narrow = draw(370, true).texts.map((b) => b.what);
    expect(narrow).toContain('overflow');
    expect(narrow).not.toContain('overflow drop');
  });

  for (const [w, h, classroom] of [[370, 440, true], [370, 560, true], [370, 440, false], [760, 440, true], [1200, 400, false]] as const) {
    it(`${w} x ${h} px${classroom ? ', classroom type' : ''}: the y axis's name lies beside the plot, clear of the legend and every other text`, () => {
      const p = draw(w, classroom, h);
      const label = p.texts.find((b) => b.what.startsWith('queue ('))!;
      expect(label).toBeDefined();
      expect(label.y0).toBeGreaterThanOrEqual(0);
      expect(label.y1).toBeLessThanOrEqual(p.height);
      for (const b of p.texts) if (b !== label) expect(overlap(label, b), `${label.what} / ${b.what}`).toBe(false);
      // below the legend's last line (its swatches run from the card's left edge, where the label is)
      const legend = p.texts.filter((b) => ['queue', 'average (avg)', 'min_th', 'max_th', 'buffer limit'].includes(b.what));
      expect(legend.length).toBeGreaterThanOrEqual(4);
      expect(label.y0).toBeGreaterThanOrEqual(Math.max(...legend.map((b) => b.y1)));
    });
  }
});
