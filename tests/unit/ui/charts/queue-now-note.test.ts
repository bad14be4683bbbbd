/**
 * The queue chart's readout of the latest values ("now 64 · avg 40"). It was written over the
 * plot's top right on a white box at 85 %: the buffer limit's dotted line, the grid and the
 * queue itself (at the buffer, where a drop-tail queue sits) ran through its text, in every
 * layout (seen in Chromium at 1366x768 and in classroom type at 1920x1080). It now stands
 * above the plot, beside the legend or on a line of its own, where no line of the chart passes.
 */
import { describe, expect, it } from 'vitest';
import { crosses, overlap, type BoxPainter } from './box-painter';
import { drawQueue } from './queue-draw';

/** The lessons' buffers (packets) and whether the queue keeps an average. */
const LESSONS = [
  ['ecn-marks', 64, true],
  ['red-vs-dt', 64, true],
  ['lockout-dt', 64, false],
  ['bufferbloat-pie', 1000, false],
] as const;

/** The cards the chart gets: a phone, the 1280x720 projector in classroom type, 1366x768, a 1920 screen. */
const CARDS = [
  [370, 440],
  [774, 380],
  [931, 388],
  [1309, 700],
] as const;

/** A run whose queue climbs to its buffer and stays there for its last third, the average at 40 % of it. */
function draw(preset: string, limit: number, w: number, h: number, classroom: boolean, samples?: number): BoxPainter {
  return drawQueue({ preset, w, h, classroom, step: 0.5, queue: (t) => Math.min(limit, (t / 60) * limit), avg: 0.4 * limit, end: 100, running: true, samples });
}

const plotTop = (p: BoxPainter) => {
  const yAxis = p.links.filter((l) => l.x1 === l.x2).sort((a, b) => Math.abs(b.y2 - b.y1) - Math.abs(a.y2 - a.y1))[0];
  return Math.min(yAxis.y1, yAxis.y2);
};

describe("queue chart: the 'now · avg' readout", () => {
  for (const [preset, limit, avg] of LESSONS)
    for (const [w, h] of CARDS)
      for (const classroom of [false, true])
        it(`${preset}, ${w} x ${h}${classroom ? ', classroom type' : ''}: no line of the chart crosses it, no text touches it`, () => {
          const p = draw(preset, limit, w, h, classroom);
          const note = p.texts.find((b) => b.what.startsWith('now '))!;
          expect(note).toBeDefined();
          expect(note.what).toBe(avg ? `now ${limit} · avg ${0.4 * limit} packets` : `now ${limit.toLocaleString('en-US')} packets`);
          // on the card, above the plot
          expect(note.x0).toBeGreaterThanOrEqual(0);
          expect(note.x1).toBeLessThanOrEqual(w);
          expect(note.y0).toBeGreaterThanOrEqual(0);
          expect(note.y1).toBeLessThanOrEqual(plotTop(p));
          // the queue at its buffer, the buffer limit, thresholds, grid and axes pass clear of it
          const through = p.segments.filter((s) => crosses(s, note));
          expect(through.map((s) => `${s.color} ${s.x1.toFixed(0)},${s.y1.toFixed(0)} to ${s.x2.toFixed(0)},${s.y2.toFixed(0)}`)).toEqual([]);
          for (const b of p.texts) if (b !== note) expect(overlap(note, b), `${note.what} / ${b.what}`).toBe(false);
          for (const m of p.markers) expect(overlap(note, m), `${note.what} / ${m.what}`).toBe(false);
        });

  // "now 28 · avg 16.8" had no unit while the axis said packets (a teacher's class asked which)
  it('it says the unit of the axis: packets, or KB when the queue is counted in bytes', () => {
    const axisUnit = (p: BoxPainter) => /^queue \((\w+)\)$/.exec(p.texts.find((b) => b.what.startsWith('queue ('))!.what)![1];
    const packets = draw('red-vs-dt', 64, 931, 388, false);
    expect(axisUnit(packets)).toBe('packets');
    expect(packets.texts.find((b) => b.what.startsWith('now '))!.what).toBe('now 64 · avg 25.6 packets');
    // byte mode: 64 packets of 1500 bytes is 96 KB
    const bytes = drawQueue({ preset: 'red-vs-dt', w: 931, h: 388, classroom: false, step: 0.5, queue: (t) => Math.min(96_000, (t / 60) * 96_000), avg: 38_400, end: 100, running: true, bytes: true });
    expect(axisUnit(bytes)).toBe('KB');
    expect(bytes.texts.find((b) => b.what.startsWith('now '))!.what).toBe('now 96 · avg 38.4 KB');
  });

  it('its room is kept before Play: the plot does not move when the first values come', () => {
    for (const [preset, limit] of LESSONS)
      for (const [w, h] of CARDS)
        for (const classroom of [false, true]) {
          const before = draw(preset, limit, w, h, classroom, 0);
          expect(before.texts.some((b) => b.what.startsWith('now ')), preset).toBe(false);
          expect(plotTop(draw(preset, limit, w, h, classroom)), `${preset} ${w} x ${h} ${classroom}`).toBe(plotTop(before));
        }
  });
});
