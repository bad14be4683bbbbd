/**
 * The cwnd chart draws each flow's ssthresh dashed in the flow's colour, and names it
 * "ssthresh (dashed)". Past the palette's seven colours a flow's window is itself dashed
 * (flow 7: blue, dashed, as flow 0's ssthresh): rtt-unfair's ten flows on the projector could
 * not be told from the ssthresh lines. ssthresh is drawn only while every window is solid.
 */
import { describe, expect, it } from 'vitest';
import { flowDash } from '../../../../src/ui/colors';
import { cwndChart } from '../../../../src/ui/charts/cwnd-chart';
import type { LineStyle } from '../../../../src/ui/charts/painter';
import { fontsFor, SeriesScratch } from '../../../../src/ui/charts/plot';
import type { ChartContext } from '../../../../src/ui/charts/types';
import { presetByName } from '../../../../src/engine/scenario/presets';
import { viewOf } from '../../../../src/ui/scenario-view';
import { SeriesStore } from '../../../../src/ui/store/series-store';
import { BoxPainter } from './box-painter';

/** Keeps the style of every line drawn through the plot. */
class StylePainter extends BoxPainter {
  readonly styles: { color: string; dash: string }[] = [];
  override polyline(_xs: ArrayLike<number>, _ys: ArrayLike<number>, n: number, st?: LineStyle): number {
    if (st && n > 1) this.styles.push({ color: st.color, dash: (st.dash ?? []).join(',') });
    return n;
  }
}

function ctx(preset: string, flows: number): ChartContext {
  const view = viewOf(presetByName(preset)!.scenario);
  const n = 200;
  const t = Float64Array.from({ length: n }, (_, i) => i * 0.3);
  const cols: Record<string, Float64Array> = {};
  for (let k = 0; k < flows; k++) {
    cols[`cwnd.${k}`] = Float64Array.from(t, (x) => 5 + ((x * (k + 3)) % 30));
    cols[`ssthresh.${k}`] = new Float64Array(n).fill(10 + k);
  }
  const store = new SeriesStore();
  store.append({ t, cols });
  return { store, view, markers: [], fonts: fontsFor(true), now: store.lastTime, end: 60, summary: null, highlight: [], wallMs: 0, speed: 1, running: false, cursorT: null, scratch: new SeriesScratch() } as unknown as ChartContext;
}

function draw(preset: string, flows: number): StylePainter {
  const p = new StylePainter(1309, 480);
  cwndChart.draw(p, ctx(preset, flows));
  return p;
}

describe('cwnd chart: ssthresh dashes never look like a flow', () => {
  it('rtt-unfair, ten flows: flows 7-9 are dashed; no ssthresh is drawn or named', () => {
    expect(flowDash(7).length).toBeGreaterThan(0);
    const p = draw('rtt-unfair', 10);
    const legend = p.texts.map((b) => b.what);
    expect(legend).toContain('flow 9');
    expect(legend).not.toContain('ssthresh (dashed)');
    // every line drawn is a window, in its flow's own style: none in ssthresh's [6, 4]
    expect(p.styles.filter((s) => s.dash === '6,4')).toEqual([]);
    // nor does the screen reader's description promise it
    expect(cwndChart.describe(ctx('rtt-unfair', 10))).not.toContain('threshold dashed');
    expect(cwndChart.describe(ctx('default', 4))).toContain('with the slow-start threshold dashed');
  });

  it('the default lesson, four solid windows: each flow has its ssthresh, dashed, and the legend says so', () => {
    const p = draw('default', 4);
    expect(p.texts.map((b) => b.what)).toContain('ssthresh (dashed)');
    expect(p.styles.filter((s) => s.dash === '6,4').length).toBe(4);
    expect(p.styles.filter((s) => s.dash === '').length).toBe(4);
  });
});
