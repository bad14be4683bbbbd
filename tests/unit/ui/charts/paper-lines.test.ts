/**
 * A lesson printed as a handout on a black-and-white office printer: the per-flow charts drew
 * flows 0-6 solid, told apart by colour alone, and the greys they print as (blue, orange, green,
 * vermillion... a few percent apart) merged into one. Drawn for paper (ChartContext.paper,
 * set while printing), each flow a chart draws as a line has a dash pattern of its own, its
 * legend swatch dashed the same, and its number written at the line's end; none in ssthresh's
 * dash, which is then drawn only beside a single, solid window. The screen keeps its drawing.
 */
import { describe, expect, it } from 'vitest';
import { chartContext } from '../../../../src/ui/charts/context';
import { cwndChart } from '../../../../src/ui/charts/cwnd-chart';
import type { LineStyle, TextStyle } from '../../../../src/ui/charts/painter';
import { fontsFor, SeriesScratch } from '../../../../src/ui/charts/plot';
import { progressChart } from '../../../../src/ui/charts/progress-chart';
import { queueChart } from '../../../../src/ui/charts/queue-chart';
import { SERIES } from '../../../../src/ui/colors';
import { throughputChart } from '../../../../src/ui/charts/throughput-chart';
import type { ChartContext, ChartDef } from '../../../../src/ui/charts/types';
import { presetByName } from '../../../../src/engine/scenario/presets';
import { viewOf } from '../../../../src/ui/scenario-view';
import { INITIAL_STATE } from '../../../../src/ui/store/app-store';
import { SeriesStore } from '../../../../src/ui/store/series-store';
import { BoxPainter } from './box-painter';

/** Besides BoxPainter's boxes: every stroke in the order drawn, with its style. */
class PaperPainter extends BoxPainter {
  readonly strokes: { kind: 'line' | 'polyline' | 'text'; color: string; width: number; dash: string; text?: string; maxX?: number }[] = [];
  override line(x1: number, y1: number, x2: number, y2: number, st: LineStyle): void {
    super.line(x1, y1, x2, y2, st);
    this.strokes.push({ kind: 'line', color: st.color, width: st.width, dash: (st.dash ?? []).join(',') });
  }
  override polyline(xs: ArrayLike<number>, ys: ArrayLike<number>, n: number, st?: LineStyle): number {
    super.polyline(xs, ys, n, st);
    let maxX = -Infinity;
    for (let i = 0; i < n; i++) if (Number.isFinite(xs[i]) && Number.isFinite(ys[i])) maxX = Math.max(maxX, xs[i]);
    if (st && n > 1) this.strokes.push({ kind: 'polyline', color: st.color, width: st.width, dash: (st.dash ?? []).join(','), maxX });
    return n;
  }
  override text(s: string, x: number, y: number, st: TextStyle): void {
    super.text(s, x, y, st);
    this.strokes.push({ kind: 'text', color: st.color, width: 0, dash: '', text: s });
  }
  /** The dash of the swatch drawn just before each legend label "flow k". */
  legendDashes(): Map<string, string> {
    const out = new Map<string, string>();
    this.strokes.forEach((s, i) => {
      const prev = this.strokes[i - 1];
      if (s.kind === 'text' && /^flow \d+/.test(s.text!) && prev?.kind === 'line') out.set(s.text!.match(/^flow \d+/)![0], prev.dash);
    });
    return out;
  }
}

/** A run of `flows` flows as the charts' columns: sawtooth windows, steady downloads. */
function ctx(preset: string, flows: number, paper: boolean, highlight: number[] = []): ChartContext {
  const view = viewOf(presetByName(preset)!.scenario);
  const n = 400;
  const t = Float64Array.from({ length: n }, (_, i) => i * 0.15);
  const cols: Record<string, Float64Array> = {};
  for (let k = 0; k < flows; k++) {
    cols[`cwnd.${k}`] = Float64Array.from(t, (x) => 5 + ((x * (k + 3)) % 30));
    cols[`ssthresh.${k}`] = new Float64Array(n).fill(10 + k);
    cols[`acked.${k}`] = Float64Array.from(t, (x) => x * (1e5 + 1e4 * k));
  }
  cols.util = new Float64Array(n).fill(0.97);
  const store = new SeriesStore();
  store.append({ t, cols });
  return { store, view, markers: [], fonts: fontsFor(false), now: store.lastTime, end: 60, summary: null, highlight, wallMs: 0, speed: 1, running: false, cursorT: null, scratch: new SeriesScratch(), paper } as unknown as ChartContext;
}

/** As printed on A4: a card of the paper's width, --chart-h tall (styles.css @media print). */
function draw(def: ChartDef, preset: string, flows: number, paper: boolean, highlight: number[] = []): PaperPainter {
  const p = new PaperPainter(740, 270);
  def.draw(p, ctx(preset, flows, paper, highlight));
  return p;
}

/** The flows' lines: full width (2.25 px), not ssthresh (1.5), utilization (2.5) or a grid line. */
const flowLines = (p: PaperPainter) => p.strokes.filter((s) => s.kind === 'polyline' && s.width === 2.25);

const CHARTS: [string, ChartDef][] = [
  ['cwnd', cwndChart],
  ['throughput', throughputChart],
  ['progress', progressChart],
];

describe('per-flow charts on paper: told apart without colour', () => {
  for (const [name, def] of CHARTS) {
    for (const [preset, flows] of [
      ['default', 4],
      ['rtt-unfair', 10],
    ] as const) {
      it(`${name}, ${preset} (${flows} flows): a dash pattern per flow, as its legend swatch, and its number at its end`, () => {
        const p = draw(def, preset, flows, true);
        const lines = flowLines(p);
        expect(lines.length).toBe(flows);
        // in grey every flow looks alike but for its dash: no two the same
        expect(new Set(lines.map((l) => l.dash)).size, lines.map((l) => `[${l.dash}]`).join(' ')).toBe(flows);
        // the legend shows each flow's dash as its line has it (flows drawn in order 0, 1, ...)
        const legend = p.legendDashes();
        for (let k = 0; k < flows; k++) expect(legend.get(`flow ${k}`), `flow ${k}'s swatch`).toBe(lines[k].dash);
        // its number at the line's end, right of the plot where the lines end, no label over another
        const right = Math.max(...lines.map((l) => l.maxX!));
        const names = p.texts.filter((t) => /^\d+$/.test(t.what) && t.x0 >= right);
        expect(names.map((t) => t.what).sort((a, b) => +a - +b)).toEqual(Array.from({ length: flows }, (_, k) => String(k)));
        for (const t of names) expect(t.x1, `"${t.what}" inside the card`).toBeLessThanOrEqual(p.width);
        const byY = [...names].sort((a, b) => a.y0 - b.y0);
        for (let i = 1; i < byY.length; i++) expect(byY[i].y0, `"${byY[i].what}" under "${byY[i - 1].what}"`).toBeGreaterThanOrEqual(byY[i - 1].y1 - 0.5);
        // ssthresh's dash is nowhere: a flow's line would be taken for it
        expect(p.strokes.filter((s) => s.kind === 'polyline' && s.dash === '6,4')).toEqual([]);
        expect(p.texts.map((t) => t.what)).not.toContain('ssthresh (dashed)');
      });
    }
  }

  for (const [name, def] of CHARTS) {
    it(`${name}, sixteen flows (the band): the highlighted flows dashed apart, each and the median named at its end`, () => {
      const p = draw(def, 'default', 16, true, [0, 1, 2]);
      // the highlighted flows' lines (2.75 px, over the band and the 2.5-px median)
      const hl = p.strokes.filter((s) => s.kind === 'polyline' && s.width === 2.75);
      expect(hl).toHaveLength(3);
      expect(new Set(hl.map((l) => l.dash)).size).toBe(3);
      const right = Math.max(...hl.map((l) => l.maxX!));
      expect(p.texts.filter((t) => t.x0 >= right).map((t) => t.what).sort()).toEqual(['0', '1', '2', 'median']);
    });
  }

  it('cwnd of a single flow on paper: its window solid, its ssthresh dashed and named so', () => {
    const p = draw(cwndChart, 'default', 1, true);
    expect(flowLines(p).map((l) => l.dash)).toEqual(['']);
    expect(p.strokes.filter((s) => s.kind === 'polyline' && s.dash === '6,4')).toHaveLength(1);
    expect(p.texts.map((t) => t.what)).toContain('ssthresh (dashed)');
  });

  it('on screen nothing changes: flows 0-6 solid in their colours, ssthresh dashed, no number at the ends', () => {
    for (const [, def] of CHARTS) {
      const p = draw(def, 'default', 4, false);
      const lines = flowLines(p);
      expect(lines.map((l) => l.dash)).toEqual(['', '', '', '']);
      expect(new Set(lines.map((l) => l.color)).size).toBe(4);
      expect(p.texts.filter((t) => /^\d+$/.test(t.what) && t.x0 >= Math.max(...lines.map((l) => l.maxX!)))).toEqual([]);
    }
    expect(draw(cwndChart, 'default', 4, false).strokes.filter((s) => s.kind === 'polyline' && s.dash === '6,4')).toHaveLength(4);
  });

  it('printed in classroom mode: the page’s type, not the projector’s (a queue plot 90 px tall under 24-px legend lines)', () => {
    const state = { ...INITIAL_STATE, classroom: true, scenario: presetByName('default')!.scenario };
    expect(chartContext(state, new SeriesStore(), new SeriesScratch(), 0, false, true).fonts).toEqual(fontsFor(false));
    // on screen the classroom's type stays
    expect(chartContext(state, new SeriesStore(), new SeriesScratch(), 0).fonts).toEqual(fontsFor(true));
  });
});

/** Which of the `width` px of a line from its start the dash pattern inks (a canvas' or SVG's dashes start at the line's start). */
function inked(dash: string, width: number): boolean[] {
  const d = dash === '' ? [] : dash.split(',').map(Number);
  const period = d.reduce((a, x) => a + x, 0);
  return Array.from({ length: Math.floor(width) }, (_, i) => {
    if (period === 0) return true;
    let at = (i + 0.5) % period;
    for (let k = 0; k < d.length; k++) {
      if (at < d[k]) return k % 2 === 0;
      at -= d[k];
    }
    return true;
  });
}

describe("the queue chart on paper: RED's thresholds told apart without colour", () => {
  /** The default lesson (RED, min_th 15, max_th 45, gentle, a 100-packet buffer) with a queue up to 70 packets: every threshold and the buffer drawn. */
  function queueOn(paper: boolean): PaperPainter {
    const view = viewOf(presetByName('default')!.scenario);
    const n = 400;
    const t = Float64Array.from({ length: n }, (_, i) => i * 0.15);
    const store = new SeriesStore();
    store.append({ t, cols: { queue: Float64Array.from(t, (x) => 35 + 35 * Math.sin(x)), avg: Float64Array.from(t, (x) => 35 + 10 * Math.sin(x / 4)) } });
    const c = { store, view, markers: [], fonts: fontsFor(false), now: store.lastTime, end: 60, summary: null, highlight: [], wallMs: 0, speed: 1, running: false, cursorT: null, scratch: new SeriesScratch(), paper } as unknown as ChartContext;
    const p = new PaperPainter(740, 270);
    queueChart.draw(p, c);
    return p;
  }
  const lineOf = (p: PaperPainter, color: string) => p.strokes.filter((s) => s.kind !== 'text' && s.color === color && s.width === 2);
  const swatchOf = (p: PaperPainter, label: string) => {
    const i = p.strokes.findIndex((s) => s.kind === 'text' && s.text === label);
    expect(p.strokes[i - 1]?.kind, `${label}'s swatch`).toBe('line');
    return p.strokes[i - 1].dash;
  };

  it("min_th and max_th each have a dash pattern of their own, as their legend swatches, which differ at the swatch's width", () => {
    const p = queueOn(true);
    const th = { min_th: SERIES.minTh, max_th: SERIES.maxTh, '2·max_th': SERIES.gentleTh, 'buffer limit': SERIES.limit };
    const dashes = Object.entries(th).map(([label, color]) => {
      const lines = lineOf(p, color);
      expect(lines.length, `${label}'s line`).toBeGreaterThan(0);
      // one pattern along the line, the same in the legend
      expect(new Set(lines.map((l) => l.dash)).size).toBe(1);
      expect(swatchOf(p, label), `${label}'s swatch`).toBe(lines[0].dash);
      return lines[0].dash;
    });
    // in grey the four lines differ only by their dashes: no two alike
    expect(new Set(dashes).size, dashes.join(' | ')).toBe(4);
    // and the swatches, 1.8 x the legend's type wide, show it: a few px inked in one and not the other
    const sw = 1.8 * fontsFor(false).legend;
    const a = inked(swatchOf(p, 'min_th'), sw);
    const b = inked(swatchOf(p, 'max_th'), sw);
    expect(a.filter((x, i) => x !== b[i]).length).toBeGreaterThanOrEqual(4);
  });

  it('on screen the thresholds keep their drawing (long dashes, told apart by colour)', () => {
    const p = queueOn(false);
    expect(lineOf(p, SERIES.minTh)[0].dash).toBe('10,5');
    expect(lineOf(p, SERIES.maxTh)[0].dash).toBe('10,5');
    expect(SERIES.minTh).not.toBe(SERIES.maxTh);
  });
});
