/* The network view on a phone (a ~404 px wide card): nothing overlaps the routers, no text leaves the picture. */
import { describe, expect, it } from 'vitest';
import { BoxPainter, overlap, type Box } from './box-painter';
import { rateText } from '../../../../src/ui/charts/topology-parts';
import { presetByName } from '../../../../src/engine/scenario/presets';
import { fmtNumber, fontsFor, SeriesScratch } from '../../../../src/ui/charts/plot';
import { topologyView } from '../../../../src/ui/charts/topology-view';
import type { ChartContext } from '../../../../src/ui/charts/types';
import { viewOf } from '../../../../src/ui/scenario-view';
import { SeriesStore } from '../../../../src/ui/store/series-store';




function draw(preset: string, width: number, height: number, flashes = 0): BoxPainter {
  const view = viewOf(presetByName(preset)!.scenario);
  const store = new SeriesStore();
  // drops and marks of the last moments, which the picture flashes above the queue
  if (flashes > 0) store.appendEvents({ t: Float64Array.from({ length: flashes }, (_, i) => 229.9 + i * 0.001), kind: Uint8Array.from({ length: flashes }, (_, i) => (i % 2 ? 3 : 0)), flow: new Int32Array(flashes) });
  // counters as a 230 s two-way web run leaves them (the reverse queue's label is then at its longest)
  const summary = { warmup: 30, bottleneck: { marks: 14316, dropsEarly: 27558, dropsForced: 0, dropsOverflow: 0, linkLosses: 0 }, bottleneckReverse: { drops: 21034, marks: 9376 }, flows: [] };
  const c = { store, view, markers: [], fonts: fontsFor(false), now: 230, end: 230, summary, highlight: [], wallMs: 0, speed: 1, running: false, cursorT: null, scratch: new SeriesScratch() } as unknown as ChartContext;
  const p = new BoxPainter(width, height);
  topologyView.draw(p, c);
  return p;
}

describe('network view on a narrow screen', () => {
  it.each([
    ['web-redecn5-80', 404, 300],
    ['web-redecn5-80', 340, 300],
    ['default', 404, 300],
    ['default', 340, 300],
  ])('%s at %i x %i: hosts clear of the routers, every text inside the picture', (preset, w, h) => {
    const p = draw(preset, w, h);
    expect(p.routers).toHaveLength(2);
    expect(p.hosts.length).toBeGreaterThan(0);
    for (const host of p.hosts) for (const r of p.routers) expect(overlap(host, r), host.what).toBe(false);
    for (const t of p.texts) {
      expect(t.x0, t.what).toBeGreaterThanOrEqual(0);
      expect(t.x1, t.what).toBeLessThanOrEqual(w);
    }
    // the reverse queue's counts are drawn in full (on two lines if need be)
    if (preset.startsWith('web')) expect(p.texts.map((t) => t.what).join(' ')).toContain(`${fmtNumber(21034)} drops, ${fmtNumber(9376)} marks`);
  });
});

describe('network view flashes', () => {
  it.each([
    ['web-redecn5-80', 900, 420],
    ['web-redecn5-80', 404, 300],
    ['default', 900, 420],
    ['default', 404, 300],
  ])('%s at %i x %i: the flashed drops and marks stay clear of the queue\'s name', (preset, w, h) => {
    const p = draw(preset, w, h, 10);
    const flashes = p.markers.filter((m) => m.y1 < h - 60);
    expect(flashes.length).toBeGreaterThan(0);
    for (const m of flashes) for (const t of p.texts) expect(overlap(m, t), `${m.what} over "${t.what}"`).toBe(false);
  });
});

/** Keeps the outlined boxes too (the queue bars). */
class FramePainter extends BoxPainter {
  readonly frames: Box[] = [];
  override strokeRect(x: number, y: number, w: number, h: number): void {
    this.frames.push({ x0: x, x1: x + w, y0: y, y1: y + h, what: `frame at ${x.toFixed(0)},${y.toFixed(0)}` });
  }
}

describe("the bottleneck link's label on a phone", () => {
  // a 390-px phone's card leaves the picture about 370 px; 320 px the narrowest phones
  it.each([
    ['default', 370, 300],
    ['default', 340, 300],
    ['default', 360, 300],
    ['web-dt148-80', 370, 300],
    ['web-dt148-80', 340, 300],
    // a 320-px phone: the label goes under the picture's middle (it was drawn across R2)
    ['default', 300, 300],
    ['web-dt148-80', 300, 300],
    ['web-redecn5-80', 300, 300],
    ['default', 900, 420],
  ])('%s at %i x %i: the rate and delay are drawn clear of the queue bar and the routers', (preset, w, h) => {
    const view = viewOf(presetByName(preset)!.scenario);
    const c = { store: new SeriesStore(), view, markers: [], fonts: fontsFor(false), now: 0, end: 230, summary: null, highlight: [], wallMs: 0, speed: 1, running: false, cursorT: null, scratch: new SeriesScratch() } as unknown as ChartContext;
    const p = new FramePainter(w, h);
    topologyView.draw(p, c);
    const rate = rateText(view.link.rate);
    const label = p.texts.filter((t) => t.what.startsWith(rate) || t.what.startsWith(`bottleneck ${rate}`) || t.what === `${fmtNumber(view.link.delay * 1000)} ms`);
    expect(label.length).toBeGreaterThan(0);
    expect(label.map((t) => t.what).join(' ')).toContain('ms');
    const queueBar = p.frames[0];
    expect(queueBar).toBeDefined();
    for (const t of label) {
      expect(overlap(t, queueBar), `"${t.what}" over the queue bar`).toBe(false);
      for (const r of p.routers) expect(overlap(t, r), `"${t.what}" over ${r.what}`).toBe(false);
      // nor over any other text (the queue's label, the counters under the picture), and inside it
      for (const o of p.texts) if (!label.includes(o)) expect(overlap(t, o), `"${t.what}" over "${o.what}"`).toBe(false);
      expect(t.x0).toBeGreaterThanOrEqual(0);
      expect(t.x1).toBeLessThanOrEqual(w);
    }
    // the queue bar keeps a readable width
    expect(queueBar.x1 - queueBar.x0).toBeGreaterThanOrEqual(40);
  });
});
