/**
 * The queue chart on a short card in classroom type: the 1280x720 projector gives it a canvas
 * of 774 x 380 px (measured in Chromium, ecn-marks, Classroom on, the lesson row folded while
 * it runs). Its four event rows (ECN mark, early, forced, overflow drop) were 35 px each, 146 px
 * of strip under a 72-px queue plot whose axis read only "0" and "50": from the back of the room
 * the queue, the thing the lesson is about, was a sliver. The strip now takes about 30 % of the
 * plot, each row still as tall as its name.
 */
import { describe, expect, it } from 'vitest';
import { fontsFor } from '../../../../src/ui/charts/plot';
import { overlap, type Box, type BoxPainter } from './box-painter';
import { drawQueue } from './queue-draw';

const ROWS = /^(ECN mark|early drop|forced drop|overflow drop|ECN|early|forced|overflow)$/;

const draw = (preset: string, w: number, h: number, classroom: boolean): BoxPainter => drawQueue({ preset, w, h, classroom, step: 0.1, queue: (x) => (x * 13) % 60, avg: 25, end: 20, running: true });

const mid = (b: Box) => (b.y0 + b.y1) / 2;

/** The queue plot's height (its top to its 0) and the event strip's (the 0 to the last row's name). */
function heights(p: BoxPainter) {
  const rows = p.texts.filter((b) => ROWS.test(b.what)).sort((a, b) => a.y0 - b.y0);
  const rowTop = rows[0].y0;
  // the y ticks: numbers left of the plot, above the rows
  const yTicks = p.texts.filter((b) => /^\d[\d,]*$/.test(b.what) && mid(b) < rowTop && b.x1 < rows[0].x1 + 60).sort((a, b) => a.y0 - b.y0);
  const zero = yTicks.find((b) => b.what === '0')!;
  // the plot's top: where its y axis starts (the longest vertical line in the axis colour)
  const yAxis = p.links.filter((l) => l.x1 === l.x2).sort((a, b) => Math.abs(b.y2 - b.y1) - Math.abs(a.y2 - a.y1))[0];
  return { rows, yTicks, plot: mid(zero) - Math.min(yAxis.y1, yAxis.y2), strip: mid(rows[rows.length - 1]) + (rows[1].y0 - rows[0].y0) / 2 - mid(zero) };
}

describe('queue chart on a short card: the event strip leaves the queue most of the plot', () => {
  it('classroom type, 774 x 380 (1280x720 projector), four event rows: the queue plot is taller than the strip', () => {
    const p = draw('ecn-marks', 774, 380, true);
    const { rows, yTicks, plot, strip } = heights(p);
    expect(rows.map((b) => b.what)).toEqual(['ECN mark', 'early drop', 'forced drop', 'overflow drop']);
    expect(yTicks.map((b) => b.what)).toContain('50');
    // it was 68 px against 146
    expect(plot).toBeGreaterThan(strip);
    expect(plot).toBeGreaterThanOrEqual(110);
    // the rows' names do not run into each other, nor into their markers
    for (let i = 1; i < rows.length; i++) expect(overlap(rows[i - 1], rows[i]), `${rows[i - 1].what} / ${rows[i].what}`).toBe(false);
    for (const r of rows) for (const m of p.markers) expect(overlap(r, m), `${r.what} / ${m.what}`).toBe(false);
    for (const r of rows) expect(r.y1 - r.y0).toBeGreaterThanOrEqual(20);
  });

  it('classroom type, 980 x 428 (1024x768 projector): the queue has twice the strip\'s height', () => {
    const { plot, strip } = heights(draw('ecn-marks', 980, 428, true));
    // it was 155 px against 146
    expect(plot).toBeGreaterThan(2 * strip);
  });

  it('a tall card keeps its rows as they were (1.45 ticks apart)', () => {
    for (const [w, h, classroom] of [[1309, 700, true], [1000, 420, false]] as const) {
      const { rows } = heights(draw('ecn-marks', w, h, classroom));
      const gap = mid(rows[1]) - mid(rows[0]);
      expect(gap, `${w} x ${h}`).toBe(Math.round(fontsFor(classroom).tick * 1.45));
    }
  });
});
