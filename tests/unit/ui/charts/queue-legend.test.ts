import { describe, expect, it } from 'vitest';
import { presetByName } from '../../../../src/engine/scenario/presets';
import { SvgPainter } from '../../../../src/ui/charts/painter';
import { fontsFor, SeriesScratch } from '../../../../src/ui/charts/plot';
import { queueChart } from '../../../../src/ui/charts/queue-chart';
import type { ChartContext } from '../../../../src/ui/charts/types';
import { viewOf } from '../../../../src/ui/scenario-view';
import { SeriesStore } from '../../../../src/ui/store/series-store';

/*
 * The queue chart's axis stops just above the buffer on purpose (neither queue nor average
 * can pass it), so a threshold above the buffer has no line: QA found red-vs-dt (max_th 60,
 * buffer 64) listing "2·max_th" in the legend with nothing drawn. The legend lists only the
 * lines the plot can show, before the run and during it (thresholds streamed by the engine).
 */
function svg(preset: string, store = new SeriesStore()): string {
  const view = viewOf(presetByName(preset)!.scenario);
  const c = { store, view, markers: [], fonts: fontsFor(false), now: store.lastTime || 0, end: Infinity, summary: null, highlight: [], wallMs: 0, speed: 1, running: false, cursorT: null, scratch: new SeriesScratch() } as unknown as ChartContext;
  const p = new SvgPainter(900, 420);
  queueChart.draw(p, c);
  return p.toString();
}

/** A run's samples with RED's streamed thresholds (the scenario's values) and a queue below the buffer. */
function running(preset: string): SeriesStore {
  const q = viewOf(presetByName(preset)!.scenario).queue;
  const n = 50;
  const t = Float64Array.from({ length: n }, (_, i) => i * 0.1);
  const fill = (v: number) => new Float64Array(n).fill(v);
  const s = new SeriesStore();
  s.append({ t, cols: { queue: Float64Array.from(t, (x) => (x * 7) % q.limit), avg: fill(q.minTh! + 1), 'th.minTh': fill(q.minTh!), 'th.maxTh': fill(q.maxTh!), 'th.gentleMax': fill(2 * q.maxTh!) } });
  return s;
}

describe('queue chart legend', () => {
  it('red-vs-dt (2·max_th 120 above the 64-packet buffer): no 2·max_th in the legend, before or during the run', () => {
    const q = viewOf(presetByName('red-vs-dt')!.scenario).queue;
    expect(q.gentle && 2 * q.maxTh! > q.limit && q.maxTh! < q.limit).toBe(true);
    for (const out of [svg('red-vs-dt'), svg('red-vs-dt', running('red-vs-dt'))]) {
      expect(out).toContain('>max_th<');
      expect(out).toContain('>min_th<');
      expect(out).not.toContain('2·max_th');
    }
  });

  it('a buffer below max_th itself (QL 16, max_th 24): neither max_th nor 2·max_th is listed', () => {
    const out = svg('ecn-finite-n1-red-c-ql16', running('ecn-finite-n1-red-c-ql16'));
    expect(out).toContain('>min_th<');
    expect(out).not.toContain('max_th<');
  });

  it('a buffer that holds 2·max_th (default: 2 × 45 < 100) keeps it in the legend', () => {
    const q = viewOf(presetByName('default')!.scenario).queue;
    expect(q.gentle && 2 * q.maxTh! < q.limit).toBe(true);
    expect(svg('default')).toContain('2·max_th');
    expect(svg('default', running('default'))).toContain('2·max_th');
  });

  it('a queue held far below its buffer (le-pi-240: q_ref 240, buffer 2000): the axis stops under the buffer, which is not listed; a full one is', () => {
    const q = viewOf(presetByName('le-pi-240')!.scenario).queue;
    expect(q.limit).toBeGreaterThan(5 * 240);
    const n = 50;
    const t = Float64Array.from({ length: n }, (_, i) => i * 0.1);
    const held = new SeriesStore();
    held.append({ t, cols: { queue: Float64Array.from(t, (x) => 200 + ((x * 70) % 100)) } });
    expect(svg('le-pi-240', held)).not.toContain('buffer limit');
    // before the run the axis shows the whole buffer, and its line
    expect(svg('le-pi-240')).toContain('buffer limit');
    const full = new SeriesStore();
    full.append({ t, cols: { queue: Float64Array.from(t, (x) => (x * 700) % q.limit) } });
    expect(svg('le-pi-240', full)).toContain('buffer limit');
  });
});
