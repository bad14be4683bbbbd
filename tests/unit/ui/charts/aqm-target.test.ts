import { describe, expect, it } from 'vitest';
import { presetByName } from '../../../../src/engine/scenario/presets';
import { aqmChart } from '../../../../src/ui/charts/aqm-chart';
import { SvgPainter } from '../../../../src/ui/charts/painter';
import { fontsFor, SeriesScratch } from '../../../../src/ui/charts/plot';
import type { ChartContext } from '../../../../src/ui/charts/types';
import { viewOf } from '../../../../src/ui/scenario-view';
import { SeriesStore } from '../../../../src/ui/store/series-store';

/*
 * CoDel's and PIE's delay target on the AQM chart. A walk of the bufferbloat lessons found it
 * invisible: a dashed line in the delay line's own vermillion, drawn under it, at 5 ms at the
 * foot of an axis the sojourn's spikes stretch to 100 ms. The target is drawn after the delay
 * line (and after PIE's p), in another colour, with its value written beside it.
 */
function svg(preset: string, cols: Record<string, (t: number, i: number) => number>, classroom = false): string {
  const view = viewOf(presetByName(preset)!.scenario);
  const n = 400;
  const t = Float64Array.from({ length: n }, (_, i) => i * 0.3);
  const store = new SeriesStore();
  store.append({ t, cols: Object.fromEntries(Object.entries(cols).map(([k, f]) => [k, Float64Array.from(t, f)])) });
  const c = { store, view, markers: [], fonts: fontsFor(classroom), now: store.lastTime, end: 120, summary: null, highlight: [], wallMs: 0, speed: 1, running: false, cursorT: null, scratch: new SeriesScratch() } as unknown as ChartContext;
  const p = new SvgPainter(900, 420);
  aqmChart.draw(p, c);
  return p.toString();
}

/** The paths drawn, in order, with their stroke and whether dashed. */
function paths(out: string): { stroke: string; dashed: boolean }[] {
  return [...out.matchAll(/<path d="[^"]*" stroke="([^"]+)"[^>]*?(stroke-dasharray)?[^>]*\/>/g)].map((m) => ({ stroke: m[1], dashed: /stroke-dasharray/.test(m[0]) }));
}

// a delay with spikes to 100 ms, mostly near the target
const spiky = (base: number) => (_t: number, i: number) => (i % 37 === 0 ? 0.1 : base + ((i * 7) % 10) * 0.001);

describe('the AQM chart’s delay target', () => {
  for (const [preset, cols, delay, prob, label] of [
    ['bufferbloat-codel', { 'aqm.sojourn': spiky(0.003), 'aqm.dropping': (_t: number, i: number) => (i % 50 < 5 ? 1 : 0), 'th.delayTarget': () => 0.005 }, 'sojourn', null, 'target 5 ms'],
    ['bufferbloat-pie', { 'aqm.qdelay': spiky(0.012), 'aqm.p': (_t: number, i: number) => 0.02 + (i % 13) * 0.005, 'th.delayTarget': () => 0.015 }, 'qdelay', 'p', 'target 15 ms'],
  ] as const) {
    for (const classroom of [false, true]) {
      it(`${preset}${classroom ? ' (Classroom)' : ''}: the target is drawn over the ${delay} line${prob ? ' and p' : ''}, in another colour, labelled “${label}”`, () => {
        const out = svg(preset, cols, classroom);
        const drawn = paths(out);
        const target = drawn.findIndex((d) => d.dashed);
        expect(target, 'a dashed target line').toBeGreaterThanOrEqual(0);
        const solid = drawn.filter((d) => !d.dashed);
        // the delay line (and PIE's p) are solid paths, all drawn before the target
        expect(solid.length).toBe(prob ? 2 : 1);
        for (const s of solid) {
          expect(drawn.indexOf(s)).toBeLessThan(target);
          expect(s.stroke).not.toBe(drawn[target].stroke);
        }
        expect(out).toContain(`>${label}<`);
      });
    }
  }
});
