/**
 * Flow labels that say what is a flow's own: a class watching cubic-vs-reno saw "flow 0" and
 * "flow 1" in every legend and had to remember which colour was CUBIC. Where the traffic
 * items' TCP settings differ, each flow's label names what differs ("flow 0 · CUBIC"); where
 * they do not (most lessons) the labels stay "flow 0".
 */
import { describe, expect, it } from 'vitest';
import { presetByName } from '../../../src/engine/scenario/presets';
import { ecnFiniteJson } from '../../../src/engine/scenario/presets/seeds001';
import { parseScenario, type Scenario } from '../../../src/engine/scenario/schema';
import { runScenario } from '../../../src/engine/sim-run';
import { cwndChart } from '../../../src/ui/charts/cwnd-chart';
import { progressChart } from '../../../src/ui/charts/progress-chart';
import { throughputChart } from '../../../src/ui/charts/throughput-chart';
import { fontsFor, SeriesScratch } from '../../../src/ui/charts/plot';
import type { ChartContext, ChartDef } from '../../../src/ui/charts/types';
import { capitalized, flowItems, flowLabel, flowNumber, flowPairLabel, flowTags, flowTagsTogether } from '../../../src/ui/flow-tags';
import { viewOf } from '../../../src/ui/scenario-view';
import { SeriesStore } from '../../../src/ui/store/series-store';
import { BoxPainter } from './charts/box-painter';

function parse(json: Record<string, unknown>): Scenario {
  const r = parseScenario(json);
  if (!r.ok) throw new Error(r.errors.join('\n'));
  return r.scenario;
}

const DUMBBELL = {
  kind: 'dumbbell',
  bottleneck: { rate: 10e6, delay: 0.01, queue: { kind: 'red', limit: 100, minTh: 5, maxTh: 15, ecn: true } },
  left: { hosts: 2, rate: 100e6, delay: 0.001 },
  right: { hosts: 2, rate: 100e6, delay: 0.001 },
};

describe('flowItems: the traffic item of each flow, numbered as the engine numbers them', () => {
  it("matches a run's per-flow results for a mix of bulk, UDP and web items", () => {
    // each bulk item asks for its own number of bytes, so a flow's bytesRequested names its item
    const s = parse({
      version: 1,
      seed: 4,
      duration: 1,
      topology: DUMBBELL,
      traffic: [
        { kind: 'bulk', flows: 2, bytes: 11_000 },
        { kind: 'udp', rate: 1e5, packetSize: 500 },
        { kind: 'packmime', rate: 5, direction: 'forward' },
        { kind: 'bulk', flows: 1, bytes: 22_000, tcp: { ecn: true } },
        { kind: 'bulk', flows: 3, bytes: 33_000, from: 'right' },
        { kind: 'udp', rate: 1e5, packetSize: 500 },
      ],
    });
    const items = flowItems(s);
    expect(items).toEqual([0, 0, 1, 3, 4, 4, 4, 5]);
    const flows = runScenario(s).summary.flows;
    expect(flows.map((f) => f.flow)).toEqual(items.map((_, f) => f));
    flows.forEach((f, id) => {
      const t = s.traffic[items[id]] as { kind: string; bytes?: number };
      expect(f.kind, `flow ${id}`).toBe(t.kind === 'udp' ? 'udp' : 'tcp');
      if (t.kind === 'bulk') expect(f.bytesRequested, `flow ${id}`).toBe(t.bytes);
    });
    // the views count the same flows
    expect(viewOf(s).flows).toBe(items.length);
    expect(viewOf(s).flowTags).toEqual(['no ECN', 'no ECN', 'UDP', 'ECN', 'no ECN', 'no ECN', 'no ECN', 'UDP']);
  });
});

describe('flowTags: what differs between the items', () => {
  const two = (a: Record<string, unknown> | undefined, b: Record<string, unknown> | undefined, tcp: Record<string, unknown> = {}) =>
    flowTags(parse({ version: 1, seed: 1, duration: 1, topology: DUMBBELL, tcp, traffic: [{ kind: 'bulk', flows: 1, ...(a ? { tcp: a } : {}) }, { kind: 'bulk', flows: 2, ...(b ? { tcp: b } : {}) }] }));
  it('names the congestion control, the variant or ECN, else the item number; nothing when the settings are the same', () => {
    expect(two({ cc: 'cubic' }, undefined)).toEqual(['CUBIC', 'NewReno', 'NewReno']);
    expect(two({ cc: 'cubic' }, undefined, { variant: 'reno' })).toEqual(['CUBIC', 'Reno', 'Reno']);
    expect(two({ variant: 'sack' }, { variant: 'tahoe' })).toEqual(['SACK', 'Tahoe', 'Tahoe']);
    expect(two({ cc: 'cubic', variant: 'sack' }, undefined)).toEqual(['CUBIC SACK', 'NewReno', 'NewReno']);
    expect(two(undefined, { ecn: true })).toEqual(['no ECN', 'ECN', 'ECN']);
    expect(two({ cc: 'cubic' }, { ecn: true })).toEqual(['CUBIC, no ECN', 'NewReno, ECN', 'NewReno, ECN']);
    expect(two({ mss: 536 }, undefined)).toEqual(['item 1', 'item 2', 'item 2']);
    // an own setting equal to the scenario's is no difference
    expect(two({ ecn: false }, undefined)).toEqual(['', '', '']);
    expect(two({ ecn: true }, undefined, { ecn: true })).toEqual(['', '', '']);
    expect(two(undefined, undefined)).toEqual(['', '', '']);
  });
  it('tells apart by number two items whose tags would be the same', () => {
    const s = parse({
      version: 1,
      seed: 1,
      duration: 1,
      topology: DUMBBELL,
      traffic: [
        { kind: 'bulk', flows: 1, tcp: { cc: 'cubic' } },
        { kind: 'bulk', flows: 1 },
        { kind: 'bulk', flows: 1, tcp: { mss: 536 } },
      ],
    });
    expect(flowTags(s)).toEqual(['CUBIC', 'NewReno, item 2', 'NewReno, item 3']);
  });
  it('flowLabel: "flow 0 · CUBIC", or "flow 0" without a tag', () => {
    expect(flowLabel(0, ['CUBIC'])).toBe('flow 0 · CUBIC');
    expect(flowLabel(3, ['CUBIC'])).toBe('flow 3');
    expect(flowLabel(0)).toBe('flow 0');
  });
  it('flowNumber (after a "Flow" heading) and capitalized (at the start of a sentence) say the same', () => {
    expect(flowNumber(1, ['no ECN', 'ECN'])).toBe('1 · ECN');
    expect(flowNumber(1, ['', ''])).toBe('1');
    expect(capitalized(flowLabel(0, ['CUBIC']))).toBe('Flow 0 · CUBIC');
    expect(capitalized(flowLabel(4))).toBe('Flow 4');
  });
  it('flowPairLabel: two runs side by side, each with its own tags', () => {
    const cubic = flowTags(presetByName('cubic-vs-reno')!.scenario);
    const plain = flowTags(presetByName('default')!.scenario);
    // the same lesson on both sides (a variant changes the queue, not the senders): as one run's label
    expect(flowPairLabel(0, cubic, cubic)).toBe('flow 0 · CUBIC');
    expect(flowPairLabel(2, cubic, cubic)).toBe('flow 2 · UDP');
    // most lessons: no tags on either side, the bare number
    expect(flowPairLabel(1, plain, plain)).toBe('flow 1');
    expect(flowPairLabel(1, [], [])).toBe('flow 1');
    // the sides' tags differ: each side's by its letter, a side without a tag left out
    expect(flowPairLabel(0, ['CUBIC', 'NewReno'], ['NewReno', 'CUBIC'])).toBe('flow 0 (A: CUBIC, B: NewReno)');
    expect(flowPairLabel(0, cubic, plain)).toBe('flow 0 (A: CUBIC)');
    expect(flowPairLabel(1, plain, ['no ECN', 'ECN'])).toBe('flow 1 (B: ECN)');
    // a flow only one side has
    expect(flowPairLabel(2, cubic, plain)).toBe('flow 2 (A: UDP)');
  });
});

describe('flowTagsTogether: two runs side by side are tagged by what differs across both', () => {
  const lesson = presetByName('cubic-vs-reno')!.scenario;
  // the lesson's "Make flow 0 NewReno too": every sender of B is NewReno, so alone B has no tags
  const allReno = parse({ ...JSON.parse(JSON.stringify(lesson)), traffic: lesson.traffic.map((t, i) => (i === 0 ? { ...t, tcp: { ...(t as { tcp?: object }).tcp, cc: 'reno' } } : t)) });
  it('alone, one run as flowTags tags it', () => {
    expect(flowTagsTogether([lesson])).toEqual([flowTags(lesson)]);
    expect(flowTags(allReno)).toEqual(['', '', '']);
  });
  it('together, B says what its flows are where A differs from it', () => {
    const [a, b] = flowTagsTogether([lesson, allReno]);
    expect(a).toEqual(['CUBIC', 'NewReno', 'UDP']);
    expect(b).toEqual(['NewReno', 'NewReno', 'UDP']);
    expect(flowPairLabel(0, a, b)).toBe('flow 0 (A: CUBIC, B: NewReno)');
    expect(flowPairLabel(1, a, b)).toBe('flow 1 · NewReno');
    expect(flowPairLabel(2, a, b)).toBe('flow 2 · UDP');
  });
  it('a setting that differs only between the runs (ECN on for every sender of B) is the comparison, not a tag', () => {
    const withEcn = parse({ ...JSON.parse(JSON.stringify(lesson)), tcp: { ...lesson.tcp, ecn: true } });
    const [a, b] = flowTagsTogether([lesson, withEcn]);
    expect(a).toEqual(['CUBIC', 'NewReno', 'UDP']);
    expect(b).toEqual(['CUBIC', 'NewReno', 'UDP']);
    expect(flowPairLabel(0, a, b)).toBe('flow 0 · CUBIC');
  });
  it('two runs whose senders all share settings stay untagged', () => {
    const plain = presetByName('default')!.scenario;
    expect(flowTagsTogether([plain, plain]).flat().every((t) => t === '')).toBe(true);
  });
});

/** The texts a per-flow chart draws for `s`, with a column per flow in the store (cwnd for the TCP flows). */
function legendTexts(def: ChartDef, s: Scenario, highlight: number[] = [], classroom = false): string[] {
  const view = viewOf(s);
  const t = Float64Array.from([0, 1, 2, 3]);
  const store = new SeriesStore();
  const cols: Record<string, Float64Array> = {};
  const items = flowItems(s);
  for (let f = 0; f < view.flows; f++) {
    if (s.traffic[items[f]].kind !== 'udp') cols[`cwnd.${f}`] = Float64Array.from([1, 2 + f, 3 + f, 4]);
    cols[`acked.${f}`] = Float64Array.from([0, 1000, 2000, 3000]);
  }
  store.append({ t, cols });
  const c: ChartContext = { store, view, markers: [], fonts: fontsFor(classroom), now: 3, end: 3, summary: null, highlight, wallMs: 0, speed: 1, running: false, cursorT: null, scratch: new SeriesScratch() };
  const p = new BoxPainter(1200, 480);
  def.draw(p, c);
  return p.texts.map((x) => x.what);
}

describe('the per-flow charts’ legends', () => {
  const cubic = presetByName('cubic-vs-reno')!.scenario;
  it('cubic-vs-reno: the CUBIC flow and the NewReno flow say so in the cwnd, goodput and progress legends; a star still marks a picked flow', () => {
    expect(legendTexts(cwndChart, cubic)).toEqual(expect.arrayContaining(['flow 0 · CUBIC', 'flow 1 · NewReno']));
    expect(legendTexts(throughputChart, cubic)).toEqual(expect.arrayContaining(['flow 0 · CUBIC', 'flow 1 · NewReno', 'flow 2 · UDP']));
    expect(legendTexts(progressChart, cubic, [], true)).toEqual(expect.arrayContaining(['flow 0 · CUBIC', 'flow 1 · NewReno']));
    expect(legendTexts(cwndChart, cubic, [1])).toEqual(expect.arrayContaining(['flow 0 · CUBIC', 'flow 1 · NewReno ★']));
  });
  it('a seeds/001 ecn1 cell: the ECN client is "flow 1 · ECN", the other "flow 0 · no ECN"', () => {
    const s = parse(ecnFiniteJson(2, 'ecn1-c', 64));
    expect(legendTexts(cwndChart, s)).toEqual(expect.arrayContaining(['flow 0 · no ECN', 'flow 1 · ECN']));
    expect(legendTexts(progressChart, s)).toEqual(expect.arrayContaining(['flow 0 · no ECN', 'flow 1 · ECN']));
  });
  it('the default lesson (flows with the same settings): "flow 0", "flow 1" as before', () => {
    const s = presetByName('default')!.scenario;
    const texts = legendTexts(cwndChart, s);
    expect(texts).toEqual(expect.arrayContaining(['flow 0', 'flow 1']));
    expect(texts.some((x) => x.includes('·'))).toBe(false);
  });
});
