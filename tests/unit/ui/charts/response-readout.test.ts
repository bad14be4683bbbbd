/**
 * The response-time chart's read-out where the pointer is: it names the time it was read
 * at and stays inside the canvas on a phone and in classroom type (the one-line label was
 * pushed off the left edge, "within 286 ms" with it), and on the CCDF it gives the share
 * the y axis shows, taking longer than the time (it gave the share within it: 96.8 % beside
 * a point drawn at 3.2 %).
 */
import { describe, expect, it, vi } from 'vitest';
import { fontsFor } from '../../../../src/ui/charts/plot';
import { curvesText, drawResponseTimes, readoutHint, type RtCurve } from '../../../../src/ui/charts/response-plot';
import { RtHistogram } from '../../../../src/ui/store/exchange-store';
import { BoxPainter, overlap, type Box } from './box-painter';

function hist(times: readonly [number, number][]): RtHistogram {
  const h = new RtHistogram();
  for (const [t, k] of times) for (let i = 0; i < k; i++) h.add(t, false);
  return h;
}

const curves = (): RtCurve[] => [
  { label: 'this run', hist: hist([[0.1, 97], [10, 3]]), color: '#0072b2' },
  { label: 'uncongested (10x faster link)', hist: hist([[0.05, 99], [3, 1]]), color: '#555c66', dash: [7, 4] },
];

describe('response-time read-out', () => {
  for (const [w, classroom] of [[390, false], [390, true], [760, true], [1200, false]] as const) {
    it(`at ${w} px${classroom ? ' in classroom type' : ''}: the time and each curve's share are drawn, all inside the canvas`, () => {
      const fonts = fontsFor(classroom);
      const cs = curves();
      const at = drawResponseTimes(new BoxPainter(w, 480), cs, 'cdf', fonts, null).layout;
      for (const t of [0.05, 0.3, 1.9]) {
        const p = new BoxPainter(w, 480);
        const out = drawResponseTimes(p, cs, 'cdf', fonts, at.xOf(t));
        expect(out.readout).toMatch(/^within \d/);
        // the read-out's lines: every text drawn within the plot's height but the axis labels
        const texts = p.texts.filter((b) => b.y0 > at.r.y - 1 && b.y1 < at.r.y + at.r.h + 1 && !/^\d+ %$|^responses /.test(b.what));
        const drawn = texts.map((b) => b.what).join(' ');
        expect(drawn).toMatch(/within \d+(\.\d+)? (ms|s)/);
        expect(drawn).toMatch(/this run: [\d.]+ %/);
        expect(drawn).toMatch(/uncongested \(10x faster link\): [\d.]+ %/);
        for (const b of texts) {
          expect(b.x0, `${b.what} at ${w} px`).toBeGreaterThanOrEqual(0);
          expect(b.x1, `${b.what} at ${w} px`).toBeLessThanOrEqual(w);
        }
      }
    });
  }

  it('on the CCDF reads the share taking longer than the time, as its y axis does', () => {
    const fonts = fontsFor(false);
    const cs = curves();
    const at = drawResponseTimes(new BoxPainter(1000, 480), cs, 'ccdf', fonts, null).layout;
    const out = drawResponseTimes(new BoxPainter(1000, 480), cs, 'ccdf', fonts, at.xOf(1));
    expect(out.readout).toBe('longer than 1 s: this run: 3.0 %, uncongested (10x faster link): 1.0 %');
    // and the CDF the share within it
    const cdf = drawResponseTimes(new BoxPainter(1000, 480), cs, 'cdf', fonts, drawResponseTimes(new BoxPainter(1000, 480), cs, 'cdf', fonts, null).layout.xOf(1));
    expect(cdf.readout).toBe('within 1 s: this run: 97.0 %, uncongested (10x faster link): 99.0 %');
    expect(readoutHint('ccdf')).toMatch(/took longer than a time/);
  });
});

describe('response-time CCDF', () => {
  /** The finite points of each polyline drawn. */
  class LinePainter extends BoxPainter {
    lines: { x: number; y: number }[][] = [];
    override polyline(xs: ArrayLike<number>, ys: ArrayLike<number>, n: number): number {
      const pts: { x: number; y: number }[] = [];
      for (let i = 0; i < n; i++) if (Number.isFinite(xs[i]) && Number.isFinite(ys[i])) pts.push({ x: xs[i], y: ys[i] });
      this.lines.push(pts);
      return n;
    }
  }

  it('leaves the plot where the share falls under its 0.01 % floor, not along the floor out to the last response', () => {
    const fonts = fontsFor(false);
    // 2 of 40,000 responses take 50 s: a share of 0.005 %, under the floor after 0.1 s
    const tiny: RtCurve = { label: 'this run', hist: hist([[0.1, 39_998], [50, 2]]), color: '#0072b2' };
    // 3 % take 10 s: above the floor up to 10 s
    const tail: RtCurve = { label: 'other', hist: hist([[0.1, 97], [10, 3]]), color: '#555c66' };
    const p = new LinePainter(1000, 480);
    const { layout } = drawResponseTimes(p, [tiny, tail], 'ccdf', fonts, null);
    const [a, b] = p.lines;
    const last = (pts: { x: number; y: number }[]) => pts[pts.length - 1].x;
    expect(last(a)).toBeLessThan(layout.xOf(0.2));
    expect(last(b)).toBeGreaterThan(layout.xOf(9));
  });
});

describe('response-time chart in words (the canvas\'s accessible name)', () => {
  it('gives each curve its count and the times within which half, 90 % and 99 % of its responses completed', () => {
    const text = curvesText(curves());
    // this run: 97 responses at 100 ms, 3 at 10 s; the baseline: 99 at 50 ms, 1 at 3 s (to within a 4 % bin)
    const m = /^this run, 100 responses: half within ([\d.]+) ms, 90 % within ([\d.]+) ms, 99 % within ([\d.]+) s; uncongested \(10x faster link\), 100 responses: half within ([\d.]+) ms, 90 % within ([\d.]+) ms, 99 % within ([\d.]+) (ms|s)\.$/.exec(text);
    expect(m, text).not.toBeNull();
    const [runHalf, run90, run99, baseHalf, base90] = m!.slice(1, 6).map(Number);
    for (const [got, want] of [[runHalf, 100], [run90, 100], [run99, 10], [baseHalf, 50], [base90, 50]]) {
      expect(got).toBeGreaterThan(want * 0.95);
      expect(got).toBeLessThan(want * 1.05);
    }
  });
  it('writes its counts without Intl, drawn many times a second as responses complete (toLocaleString(\'en-US\') builds a formatter at each call)', () => {
    const big = (): RtCurve[] => [{ label: 'this run', hist: hist([[0.1, 12_345]]), color: '#0072b2' }];
    const intl = vi.spyOn(Number.prototype, 'toLocaleString');
    const text = curvesText(big());
    const p = new BoxPainter(800, 480);
    drawResponseTimes(p, big(), 'cdf', fontsFor(false), null);
    expect(intl).not.toHaveBeenCalled();
    intl.mockRestore();
    expect(text).toMatch(/^this run, 12,345 responses/);
    expect(p.texts.map((b) => b.what)).toContain('this run (12,345)');
  });

  it('says so when nothing has completed', () => {
    expect(curvesText([{ label: 'this run', hist: new RtHistogram(), color: '#000' }])).toBe('No response completed yet.');
  });
});

describe('response-time axis name', () => {
  // classroom type on a 768-px projector gives the chart 360-430 px: the name of the y axis,
  // centred on the plot, ran up over the legend ("within" across "this run")
  for (const [w, h] of [[640, 360], [960, 428], [390, 270], [1200, 480]] as const) {
    for (const mode of ['cdf', 'ccdf'] as const) {
      it(`${mode} at ${w}x${h} in classroom type: the y axis's name stays beside the plot, over no other text`, () => {
        const p = new BoxPainter(w, h);
        const out = drawResponseTimes(p, curves(), mode, fontsFor(true), null);
        const name = p.texts.find((b) => /completed within|taking longer/.test(b.what));
        expect(name, 'the y axis is named').toBeDefined();
        expect(name!.y0).toBeGreaterThanOrEqual(out.layout.r.y - 0.5);
        expect(name!.y1).toBeLessThanOrEqual(h + 0.5);
        for (const b of p.texts) if (b !== name) expect(overlap(name!, b), `${name!.what} over ${b.what}`).toBe(false);
      });
    }
  }
});

describe('response-time read-out over the curves', () => {
  // classroom type on a 1366x768 projector (a canvas of 860 x 338): on web-dt148-80's CCDF
  // the read-out at 1.9 s, three lines across most of the plot's width, fitted neither above
  // nor below the two points (4.6 % and 0.47 %), was drawn at the top anyway and the
  // uncongested run's point sat on its text ("uncongest●d (10x faster link): 0.47 %")
  const web = (): RtCurve[] => [
    { label: 'this run', hist: hist([[0.3, 600], [1, 354], [6, 40], [20, 6]]), color: '#0072b2' },
    { label: 'uncongested (10x faster link)', hist: hist([[0.1, 980], [1, 153], [3, 4], [8, 1]]), color: '#555c66', dash: [7, 4] },
  ];
  for (const [w, h, classroom] of [[860, 338, true], [1300, 440, true], [376, 300, false], [760, 340, false]] as const) {
    for (const mode of ['ccdf', 'cdf'] as const) {
      it(`${mode} at ${w}x${h}${classroom ? ' in classroom type' : ''}: no point is drawn over the read-out's text`, () => {
        const fonts = fontsFor(classroom);
        const cs = web();
        const at = drawResponseTimes(new BoxPainter(w, h), cs, mode, fonts, null).layout;
        for (let px = at.r.x + 2; px < at.r.x + at.r.w; px += 7) {
          const p = new BoxPainter(w, h);
          const out = drawResponseTimes(p, cs, mode, fonts, px);
          if (out.readout === null) continue;
          // the read-out's lines: the texts drawn inside the plot (the ticks and names lie outside it)
          const lines = p.texts.filter((b) => b.x0 >= at.r.x - 0.5 && b.y0 >= at.r.y - 0.5 && b.y1 <= at.r.y + at.r.h + 0.5);
          expect(lines.length, `read-out at ${px}`).toBeGreaterThan(0);
          for (const dot of p.hosts) for (const l of lines) expect(overlap(dot, l), `${dot.what} over "${l.what}" (pointer at ${px} px)`).toBe(false);
        }
      });
    }
  }
});

describe('response-time read-out beside the curves, not over them', () => {
  /** Every polyline as drawn (NaN: a gap). */
  class CurvePainter extends BoxPainter {
    curves: { xs: number[]; ys: number[] }[] = [];
    override polyline(xs: ArrayLike<number>, ys: ArrayLike<number>, n: number): number {
      this.curves.push({ xs: Array.from({ length: n }, (_, i) => xs[i]), ys: Array.from({ length: n }, (_, i) => ys[i]) });
      return n;
    }
  }
  /** Points along each drawn segment that fall inside one of `boxes`. */
  const hidden = (p: CurvePainter, boxes: readonly Box[]): string[] => {
    const out: string[] = [];
    p.curves.forEach((c, k) => {
      for (let i = 0; i + 1 < c.xs.length; i++) {
        if (!(Number.isFinite(c.ys[i]) && Number.isFinite(c.ys[i + 1]))) continue;
        for (let s = 0; s <= 20; s++) {
          const x = c.xs[i] + ((c.xs[i + 1] - c.xs[i]) * s) / 20;
          const y = c.ys[i] + ((c.ys[i + 1] - c.ys[i]) * s) / 20;
          const b = boxes.find((b) => x >= b.x0 && x <= b.x1 && y >= b.y0 && y <= b.y1);
          if (b) out.push(`curve ${k} at ${x.toFixed(0)},${y.toFixed(0)} under "${b.what}"`);
        }
      }
    });
    return out;
  };
  // seeds/000 at 105 % load, seed 3, as Compare overlays them: DT-148q (61 % within 421 ms,
  // 89 % by 2 s), ARED + ECN-5 ms (46 %, 56 %) and the uncongested baseline (92 %, 99.9 %)
  const x50 = (pts: [number, number][]) => pts.map(([t, k]): [number, number] => [t, 50 * k]);
  const at105 = (): RtCurve[] => [
    { label: 'DT-148q at 105 % load', hist: hist([...x50([[0.1, 20], [0.2, 150], [0.3, 250], [0.4, 180], [0.6, 100], [1, 60], [1.4, 70], [1.9, 60], [6, 80], [20, 29]]), [30, 40], [50, 10]]), color: '#0072b2' },
    { label: 'ARED + ECN-5 ms at 105 % load', hist: hist([...x50([[0.05, 40], [0.1, 60], [0.2, 200], [0.3, 120], [0.4, 40], [0.8, 40], [1.3, 20], [1.9, 40], [7, 250], [30, 189]]), [60, 40], [90, 10]]), color: '#d55e00', dash: [7, 4] },
    { label: 'uncongested', hist: hist([...x50([[0.05, 100], [0.1, 250], [0.2, 350], [0.3, 150], [0.4, 70], [0.6, 50], [1, 20], [2.5, 9]]), [5, 30], [9, 15], [13, 5]]), color: '#555c66', dash: [2, 3] },
  ];
  for (const [mode, t] of [['cdf', 0.42], ['cdf', 1.2], ['ccdf', 0.84]] as const) {
    // at the top of the CDF the box hid the uncongested curve from the pointer on (it read as
    // ending there); at the top or bottom of the CCDF a tail or the slope under the pointer
    it(`${mode} at ${t} s, 1308 px wide: the read-out hides no stretch of a curve`, () => {
      const fonts = fontsFor(false);
      const cs = at105();
      const at = drawResponseTimes(new BoxPainter(1308, 330), cs, mode, fonts, null).layout;
      const p = new CurvePainter(1308, 330);
      const out = drawResponseTimes(p, cs, mode, fonts, at.xOf(t));
      expect(out.readout).not.toBeNull();
      const lines = p.texts.filter((b) => b.x0 >= at.r.x - 0.5 && b.y0 >= at.r.y - 0.5 && b.y1 <= at.r.y + at.r.h + 0.5);
      expect(lines.map((l) => l.what).join(' ')).toContain('uncongested: ');
      expect(hidden(p, lines)).toEqual([]);
    });
  }
});

describe('the read-out reads the shares at the time it says', () => {
  // seeds/002 PI 24: the pointer at 0.53238 s said "within 532 ms: 78.1 %", where the
  // responses within 0.532 s are 78.0 %: the share was read at the pointer, not at the time said
  it('"within 532 ms" is the share within 0.532 s, wherever in the rounding the pointer is', async () => {
    const { readoutText, shownTime } = await import('../../../../src/ui/charts/response-plot');
    // many responses in the bin around 0.532 s: the histogram's CDF climbs across it
    const h = hist([[0.1, 50], [0.5305, 40], [0.5318, 40], [0.5324, 40], [0.5331, 40], [2, 50]]);
    const c: RtCurve[] = [{ label: 'run', hist: h, color: '#0072b2' }];
    const want = `within 532 ms: run: ${(100 * h.cdf(0.532)).toFixed(1)} %`;
    for (const at of [0.53151, 0.532, 0.53249]) expect(readoutText(c, at, 'cdf').line, String(at)).toBe(want);
    // the pointer's own times would have read other shares (the test can tell)
    expect((100 * h.cdf(0.53249)).toFixed(1)).not.toBe((100 * h.cdf(0.532)).toFixed(1));
    expect(readoutText(c, 0.53249, 'ccdf').line).toBe(`longer than 532 ms: run: ${(100 * (1 - h.cdf(0.532))).toFixed(1)} %`);
    expect(shownTime(0.99996)).toBe(1);
  });
});
