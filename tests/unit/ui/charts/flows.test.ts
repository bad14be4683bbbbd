import { describe, expect, it } from 'vitest';
import { bandOf } from '../../../../src/ui/charts/downsample';
import { presetByName } from '../../../../src/engine/scenario/presets';
import { cwndChart } from '../../../../src/ui/charts/cwnd-chart';
import { BandCache, FADED, flowLegend } from '../../../../src/ui/charts/flows';
import { flowColor } from '../../../../src/ui/colors';
import { SvgPainter } from '../../../../src/ui/charts/painter';
import { fontsFor, SeriesScratch } from '../../../../src/ui/charts/plot';
import { progressChart } from '../../../../src/ui/charts/progress-chart';
import { throughputChart } from '../../../../src/ui/charts/throughput-chart';
import type { ChartContext, ChartDef } from '../../../../src/ui/charts/types';
import { viewOf } from '../../../../src/ui/scenario-view';
import { SeriesStore } from '../../../../src/ui/store/series-store';

describe('BandCache', () => {
  it('extended batch by batch, equals the band computed over the whole series at once', () => {
    const s = new SeriesStore();
    const cache = new BandCache();
    const flows = 13;
    let seed = 7;
    const rnd = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648) * 50;
    for (let b = 0; b < 6; b++) {
      const t = Float64Array.from({ length: 37 }, (_, i) => b * 37 + i);
      const cols: Record<string, Float64Array> = {};
      for (let f = 0; f < flows; f++) cols[`cwnd.${f}`] = Float64Array.from(t, () => (rnd() < 2 ? NaN : rnd()));
      s.append({ t, cols });
      cache.get(s, Array.from({ length: flows }, (_, f) => s.column(`cwnd.${f}`)!));
    }
    const got = cache.get(s, Array.from({ length: flows }, (_, f) => s.column(`cwnd.${f}`)!));
    const want = bandOf(Array.from({ length: flows }, (_, f) => s.column(`cwnd.${f}`)!), s.length);
    expect(Array.from(got.min.subarray(0, s.length))).toEqual(Array.from(want.min));
    expect(Array.from(got.median.subarray(0, s.length))).toEqual(Array.from(want.median));
    expect(Array.from(got.max.subarray(0, s.length))).toEqual(Array.from(want.max));
  });
});

describe('band legend with many flows', () => {
  // seeds/004 Figs. 7-8: cwnd and goodput are gaps outside a flow's run, so the band at a
  // moment spans the flows running then; the download progress counts every flow (0 before)
  const t = Float64Array.from([0, 1, 2]);
  const s = new SeriesStore();
  const cols: Record<string, Float64Array> = {};
  for (let k = 0; k < 12; k++) {
    cols[`cwnd.${k}`] = Float64Array.from([k < 4 ? 2 : NaN, 4, k < 4 ? 8 : NaN]);
    cols[`acked.${k}`] = Float64Array.from([0, 1000, 2000]);
    cols[`goodput.${k}`] = Float64Array.from([NaN, 8000, 8000]);
  }
  s.append({ t, cols });
  const c: ChartContext = { store: s, view: viewOf(presetByName('feng-fig8-adaptive')!.scenario), markers: [], fonts: fontsFor(false), now: 2, end: 2, summary: null, highlight: [], wallMs: 0, speed: 1, running: false, cursorT: null, scratch: new SeriesScratch() };
  const svg = (def: ChartDef) => {
    const p = new SvgPainter(900, 360);
    def.draw(p, c);
    return p.toString();
  };
  it('cwnd and goodput say the band spans the running flows; download progress, all flows', () => {
    expect(flowLegend([...Array(12).keys()], [], 12, true)[0].label).toBe('min–max of running flows');
    expect(svg(cwndChart)).toContain('min–max of running flows (first 12 of 56)');
    expect(svg(throughputChart)).toContain('min–max of running flows (first 12 of 56)');
    expect(svg(progressChart)).toContain('min–max of the first 12 of 56 flows');
    expect(cwndChart.describe(c)).toMatch(/flows running at each moment/);
  });
});

describe('a flow picked in the flow table, with a line per flow', () => {
  // rtt-unfair: "compare the cwnd of flows 0 and 1" among ten tangled lines
  const t = Float64Array.from([0, 1, 2, 3]);
  const s = new SeriesStore();
  const cols: Record<string, Float64Array> = {};
  for (let k = 0; k < 4; k++) cols[`cwnd.${k}`] = Float64Array.from([1, 2 + k, 3 + k, 1]);
  s.append({ t, cols });
  const ctx = (highlight: number[]): ChartContext => ({ store: s, view: viewOf(presetByName('default')!.scenario), markers: [], fonts: fontsFor(false), now: 3, end: 3, summary: null, highlight, wallMs: 0, speed: 1, running: false, cursorT: null, scratch: new SeriesScratch() });
  const lines = (highlight: number[]) => {
    const p = new SvgPainter(900, 360);
    cwndChart.draw(p, ctx(highlight));
    // each flow's line: its stroke colour, width and opacity, in drawing order
    return [...p.toString().matchAll(/<path d="[^"]*" stroke="([^"]+)" stroke-width="([\d.]+)"([^>]*)\/>/g)].map((m) => ({ color: m[1], width: Number(m[2]), alpha: Number(/stroke-opacity="([\d.]+)"/.exec(m[3])?.[1] ?? 1) }));
  };
  it('comes forward: drawn last and thicker, the other flows faded behind it; with none picked every line is as before', () => {
    const plain = lines([]).filter((l) => [0, 1, 2, 3].some((f) => l.color === flowColor(f)));
    expect(plain.length).toBe(4);
    expect(plain.every((l) => l.alpha === 1)).toBe(true);
    const picked = lines([1]).filter((l) => [0, 1, 2, 3].some((f) => l.color === flowColor(f)));
    expect(picked.length).toBe(4);
    expect(picked.at(-1)!.color).toBe(flowColor(1));
    expect(picked.at(-1)!.alpha).toBe(1);
    expect(picked.at(-1)!.width).toBeGreaterThan(plain[1].width);
    expect(picked.slice(0, 3).every((l) => l.color !== flowColor(1) && l.alpha === FADED)).toBe(true);
    expect(flowLegend([0, 1, 2, 3], [1]).map((i) => i.label)).toEqual(['flow 0', 'flow 1 ★', 'flow 2', 'flow 3']);
  });
});

describe("the flows the charts draw over the rest (chartContext)", () => {
  it('beyond 10 flows the stars of the band view (flows 0-2 at first); up to 10, only the flows picked, none at first', async () => {
    const { chartContext } = await import('../../../../src/ui/charts/context');
    const { INITIAL_STATE } = await import('../../../../src/ui/store/app-store');
    const ctx = (preset: string, patch: Record<string, unknown> = {}) => chartContext({ ...INITIAL_STATE, scenario: presetByName(preset)!.scenario, ...patch }, new SeriesStore(), new SeriesScratch(), 0).highlight;
    expect(ctx('default')).toEqual([]);
    expect(ctx('default', { picked: [1] })).toEqual([1]);
    expect(ctx('bench-100-red')).toEqual([0, 1, 2]);
    expect(ctx('bench-100-red', { picked: [1] })).toEqual([0, 1, 2]);
  });
});
