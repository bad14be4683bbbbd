import { describe, expect, it } from 'vitest';
import { presetByName } from '../../../../src/engine/scenario/presets';
import { SvgPainter } from '../../../../src/ui/charts/painter';
import { fontsFor, SeriesScratch } from '../../../../src/ui/charts/plot';
import { hostLabels, topologyView } from '../../../../src/ui/charts/topology-view';
import type { ChartContext } from '../../../../src/ui/charts/types';
import { viewOf } from '../../../../src/ui/scenario-view';
import { SeriesStore } from '../../../../src/ui/store/series-store';

/* A framed bottleneck carries fewer IP bytes than its rate: the network view must say so. */
function drawn(preset: string): { svg: string; text: string } {
  const view = viewOf(presetByName(preset)!.scenario);
  const c = { store: new SeriesStore(), view, markers: [], fonts: fontsFor(false), now: 0, end: 1, summary: null, highlight: [], wallMs: 0, speed: 1, running: false, cursorT: null, scratch: new SeriesScratch() } as unknown as ChartContext;
  const p = new SvgPainter(900, 420);
  topologyView.draw(p, c);
  return { svg: p.toString(), text: topologyView.describe!(c) };
}

describe('network view and link framing', () => {
  it('seeds/002 at 100 Mb/s: the bottleneck is labelled Ethernet, in the picture and its description', () => {
    const d = drawn('web100-users-dt-98');
    expect(d.svg).toContain('bottleneck (Ethernet)');
    expect(d.text).toContain('100 Mb/s Ethernet');
  });
  it('an unframed bottleneck keeps the plain label', () => {
    const d = drawn('web-dt148-80');
    expect(d.svg).not.toContain('Ethernet');
    expect(d.text).not.toContain('Ethernet');
  });
});

/* The drop and mark counters under the network are the summary's, counted after the warm-up. */
describe('network view counters', () => {
  function withSummary(warmup: number): string {
    const view = viewOf(presetByName('default')!.scenario);
    const summary = { warmup, bottleneck: { marks: 0, dropsEarly: 83, dropsForced: 0, dropsOverflow: 0, linkLosses: 0 }, flows: [] };
    const c = { store: new SeriesStore(), view, markers: [], fonts: fontsFor(false), now: 30, end: 30, summary, highlight: [], wallMs: 0, speed: 1, running: false, cursorT: null, scratch: new SeriesScratch() } as unknown as ChartContext;
    const p = new SvgPainter(900, 420);
    topologyView.draw(p, c);
    return p.toString();
  }
  it('say they start after the warm-up (the queue chart shows the slow-start overflows before it)', () => {
    const svg = withSummary(5);
    expect(svg).toContain('early drop 83');
    expect(svg).toContain('overflow drop 0');
    expect(svg).toContain('(counted after the 5 s warm-up)');
  });
  it('without a warm-up they say nothing more', () => {
    expect(withSummary(0)).not.toContain('warm-up');
  });
  it('large counts are written in full with thousands separators', () => {
    const view = viewOf(presetByName('default')!.scenario);
    const summary = { warmup: 0, bottleneck: { marks: 1_204_311, dropsEarly: 8527, dropsForced: 12, dropsOverflow: 0, linkLosses: 0 }, flows: [] };
    const c = { store: new SeriesStore(), view, markers: [], fonts: fontsFor(false), now: 30, end: 30, summary, highlight: [], wallMs: 0, speed: 1, running: false, cursorT: null, scratch: new SeriesScratch() } as unknown as ChartContext;
    const p = new SvgPainter(900, 420);
    topologyView.draw(p, c);
    const svg = p.toString();
    expect(svg).toContain('ECN mark 1,204,311');
    expect(svg).toContain('early drop 8,527');
    expect(svg).toContain('forced drop 12');
  });
});

/* Two-way traffic: the reverse queue drops as much as the forward one; the picture says how much. */
describe('network view, two-way traffic', () => {
  it("the reverse queue's label carries its own drop and mark counts", () => {
    const view = viewOf(presetByName('web-dt148-80')!.scenario);
    expect(view.twoWay).toBe(true);
    const summary = { warmup: 30, bottleneck: { marks: 0, dropsEarly: 0, dropsForced: 0, dropsOverflow: 8183, linkLosses: 0 }, bottleneckReverse: { drops: 7901, marks: 12 }, flows: [] };
    const c = { store: new SeriesStore(), view, markers: [], fonts: fontsFor(false), now: 30, end: 230, summary, highlight: [], wallMs: 0, speed: 1, running: false, cursorT: null, scratch: new SeriesScratch() } as unknown as ChartContext;
    const p = new SvgPainter(900, 420);
    topologyView.draw(p, c);
    const svg = p.toString();
    // counts in full with thousands separators, as the summary table has them (it read "8183")
    expect(svg).toContain('overflow drop 8,183');
    expect(svg).toMatch(/reverse queue 0 pkts · 7,?901 drops, 12 marks/);
  });
});

/* Two-way traffic: each side's hosts send and receive; the picture must tell them apart and name both queues. */
describe('network view, two-way labels', () => {
  function draw(scenario: Parameters<typeof viewOf>[0]): string {
    const c = { store: new SeriesStore(), view: viewOf(scenario), markers: [], fonts: fontsFor(false), now: 0, end: 230, summary: null, highlight: [], wallMs: 0, speed: 1, running: false, cursorT: null, scratch: new SeriesScratch() } as unknown as ChartContext;
    const p = new SvgPainter(900, 420);
    topologyView.draw(p, c);
    return p.toString();
  }
  const texts = (svg: string) => [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => m[1].replace(/&amp;/g, '&'));

  it('web traffic both ways: the two hosts have different labels and say they run clients and servers', () => {
    const sc = presetByName('web-redecn5-80')!.scenario;
    const labels = hostLabels(viewOf(sc));
    expect(labels.left).toHaveLength(1);
    expect(labels.right).toHaveLength(1);
    expect(labels.left[0]).not.toBe(labels.right[0]);
    const shown = texts(draw(sc));
    expect(shown).toContain(labels.left[0]);
    expect(shown).toContain(labels.right[0]);
    expect(shown.filter((x) => x === 'web clients + servers')).toHaveLength(2);
  });

  it('one-way web traffic keeps servers (S0) and clients (C0) apart by their letters', () => {
    const sc = presetByName('web-redecn5-80')!.scenario;
    const one = { ...sc, traffic: sc.traffic.map((t) => ({ ...t, direction: 'forward' })) } as typeof sc;
    expect(hostLabels(viewOf(one))).toEqual({ left: ['S0'], right: ['C0'] });
  });

  it('bulk flows one way keep their per-side numbers (S0.., D0..)', () => {
    const l = hostLabels(viewOf(presetByName('seeds000-ared-5ms')!.scenario));
    expect(l.left.slice(0, 2)).toEqual(['S0', 'S1']);
    expect(l.right.slice(0, 2)).toEqual(['D0', 'D1']);
  });

  it("the reverse queue is labelled with its own discipline: the forward one's unless the bottleneck has a reverseQueue", () => {
    const sc = presetByName('web-redecn5-80')!.scenario;
    expect(texts(draw(sc)).filter((x) => x === 'ARED + ECN')).toHaveLength(2);
    const topo = sc.topology as unknown as { bottleneck: object };
    const own = { ...sc, topology: { ...topo, bottleneck: { ...topo.bottleneck, reverseQueue: { kind: 'droptail', limit: 100 } } } } as unknown as typeof sc;
    const shown = texts(draw(own));
    expect(shown.filter((x) => x === 'ARED + ECN')).toHaveLength(1);
    expect(shown).toContain('DROPTAIL');
    // and so does the description screen readers get
    const c = { view: viewOf(own), store: new SeriesStore() } as unknown as ChartContext;
    expect(topologyView.describe(c)).toContain("the reverse direction's queue is droptail, 100 packets");
  });
});

/* The description screen readers get says what the picture shows, host by host role, in grammatical English. */
describe('network view description', () => {
  const describeOf = (sc: Parameters<typeof viewOf>[0]) => topologyView.describe!({ view: viewOf(sc), store: new SeriesStore() } as unknown as ChartContext);
  const web = presetByName('web-redecn5-80')!.scenario;

  it('two-way web traffic: one host each side, each running web clients and servers, never "1 senders, 1 receivers"', () => {
    const d = describeOf(web);
    expect(d).not.toMatch(/sender|receiver/);
    expect(d).not.toMatch(/\b1 \w+s\b/);
    expect(d).toContain('1 host running web clients and servers on each side');
    expect(d).toContain('an ared queue');
  });

  it('one-way web traffic: the servers on the left, the clients on the right', () => {
    const one = { ...web, traffic: web.traffic.map((t) => ({ ...t, direction: 'forward' })) } as typeof web;
    expect(describeOf(one)).toContain('1 host running web servers on the left, 1 host running web clients on the right');
  });

  it('bulk flows one way: senders and receivers, singular for one', () => {
    const sc = presetByName('default')!.scenario;
    expect(describeOf(sc)).toContain('4 senders on the left, 4 receivers on the right');
    const topo = sc.topology as unknown as { left: object; right: object };
    const single = { ...sc, topology: { ...topo, left: { ...topo.left, hosts: 1 }, right: { ...topo.right, hosts: 1 } } } as unknown as typeof sc;
    expect(describeOf(single)).toContain('1 sender on the left, 1 receiver on the right');
  });

  it('bulk flows both ways: the hosts that send and receive say so', () => {
    const sc = presetByName('default')!.scenario;
    const both = { ...sc, traffic: [...sc.traffic, { ...sc.traffic[0], from: 'right' }] } as typeof sc;
    expect(describeOf(both)).toContain('4 hosts sending and receiving on each side');
  });
});

/* The label under the queue shows an average only for a queue that keeps one (RED's family):
 * PI's "avg" column is its queue sample, and "queue 7.36 · avg 7.36" read as if PI averaged. */
describe('network view, the average in the queue label', () => {
  function label(preset: string): string {
    const view = viewOf(presetByName(preset)!.scenario);
    const store = new SeriesStore();
    store.append({ t: Float64Array.of(1), cols: { queue: Float64Array.of(12), queueBytes: Float64Array.of(7360), avg: Float64Array.of(9.5) } });
    const c = { store, view, markers: [], fonts: fontsFor(false), now: 1, end: 30, summary: null, highlight: [], wallMs: 0, speed: 1, running: false, cursorT: null, scratch: new SeriesScratch() } as unknown as ChartContext;
    const p = new SvgPainter(900, 420);
    topologyView.draw(p, c);
    return p.toString();
  }
  it('RED: queue and average', () => {
    expect(label('default')).toMatch(/queue 12 · avg 9\.5/);
  });
  it('PI, REM and drop-tail: the queue alone', () => {
    for (const name of ['web100-users-general-pi24-ecn-98', 'web100-users-rem24-98', 'lockout-dt']) expect(label(name), name).not.toContain('avg');
  });
});
