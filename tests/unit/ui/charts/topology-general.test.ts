/*
 * The network view of a general topology (seeds/004 Figs. 1 and 12) draws that network: its
 * nodes by name, its links, the bottleneck's queue; not a dumbbell with "R1", "R2" and "×100".
 * Checked at a desktop card, a phone card and classroom fonts: every node drawn, no two
 * nodes on top of each other, no text outside the picture or over a node.
 */
import { describe, expect, it } from 'vitest';
import { BoxPainter, inside, overlap, type Box } from './box-painter';
import { presetByName, presetScenario } from '../../../../src/engine/scenario/presets';
import type { GeneralTopology, Scenario } from '../../../../src/engine/scenario/schema';
import { fontsFor, SeriesScratch } from '../../../../src/ui/charts/plot';
import { graphColumns } from '../../../../src/ui/charts/topology-general';
import { topologyView } from '../../../../src/ui/charts/topology-view';
import type { ChartContext } from '../../../../src/ui/charts/types';
import { viewOf } from '../../../../src/ui/scenario-view';
import { SeriesStore } from '../../../../src/ui/store/series-store';




function ctx(sc: Scenario, classroom: boolean): ChartContext {
  const store = new SeriesStore();
  store.append({ t: Float64Array.of(1, 2), cols: { queue: Float64Array.of(12, 30), queueBytes: Float64Array.of(6000, 15000), avg: Float64Array.of(9.5, 25) } });
  store.appendEvents({ t: Float64Array.of(1.9, 1.95), kind: Uint8Array.of(0, 3), flow: Int32Array.of(0, 1) });
  const summary = { warmup: 100, bottleneck: { marks: 3, dropsEarly: 4, dropsForced: 0, dropsOverflow: 2, linkLosses: 0 }, flows: [] };
  return { store, view: viewOf(sc), markers: [], fonts: fontsFor(classroom), now: 2, end: 200, summary, highlight: [], wallMs: 0, speed: 1, running: false, cursorT: null, scratch: new SeriesScratch() } as unknown as ChartContext;
}

function draw(sc: Scenario, w: number, h: number, classroom = false): BoxPainter {
  const p = new BoxPainter(w, h);
  topologyView.draw(p, ctx(sc, classroom));
  return p;
}

/** Every text inside the w x h picture and over no node (a router's name inside its own square is fine). */
function textsFit(texts: readonly Box[], nodes: readonly Box[], w: number, h: number): void {
  for (const t of texts) {
    expect(t.x0, t.what).toBeGreaterThanOrEqual(0);
    expect(t.x1, t.what).toBeLessThanOrEqual(w);
    expect(t.y0, t.what).toBeGreaterThanOrEqual(0);
    expect(t.y1, t.what).toBeLessThanOrEqual(h);
    for (const n of nodes) if (!inside(t, n)) expect(overlap(t, n), `"${t.what}" over ${n.what}`).toBe(false);
  }
}

const SIZES: [number, number, boolean][] = [
  [900, 420, false],
  [1300, 460, false],
  [404, 300, false],
  [340, 300, false],
  [1300, 520, true],
  [404, 420, true],
];

describe.each([
  ['feng-fig12', 10, 2, 'A', 'B', 'RED'],
  ['feng-fig1-a-32', 6, 3, 'n5', 'n6', 'RED + ECN'],
])('network view of %s (a general topology)', (preset, hosts, routers, from, to, discipline) => {
  const sc = presetByName(preset)!.scenario;
  const topo = sc.topology as GeneralTopology;

  it.each(SIZES)('at %i x %i (classroom %s): every node by name, every link, no overlaps, no text outside', (w, h, classroom) => {
    const p = draw(sc, w, h, classroom);
    expect(p.hosts).toHaveLength(hosts);
    expect(p.routers).toHaveLength(routers);
    expect(p.links).toHaveLength(topo.links.length);
    const texts = p.texts.map((t) => t.what);
    for (const n of topo.nodes) expect(texts.some((t) => t === n.name || t.startsWith(`${n.name} ×`)), n.name).toBe(true);
    // a dumbbell's picture is not drawn
    expect(texts).not.toContain('R1');
    expect(texts.join(' ')).not.toContain('×100');
    // the bottleneck's queue: its discipline over a live bar
    expect(texts).toContain(discipline);
    expect(p.queueFills).toBe(1);
    const nodes = [...p.hosts, ...p.routers];
    for (let i = 0; i < nodes.length; i++) for (let j = i + 1; j < nodes.length; j++) expect(overlap(nodes[i], nodes[j]), `${nodes[i].what} / ${nodes[j].what}`).toBe(false);
    textsFit(p.texts, nodes, w, h);
  });

  it('hosts that send are in the first column, the receivers in the last, routers in between by hop distance', () => {
    const v = viewOf(sc);
    const cols = graphColumns(v.graph!).map((c) => c.map((i) => v.graph!.nodes[i].name));
    const senders = new Set(sc.traffic.map((t) => t.src!));
    const receivers = new Set(sc.traffic.map((t) => t.dst!));
    expect(new Set(cols[0])).toEqual(senders);
    expect(new Set(cols[cols.length - 1])).toEqual(receivers);
    // each link joins neighbouring columns, the bottleneck from its from end rightwards
    const colOf = new Map(cols.flatMap((c, k) => c.map((n) => [n, k] as const)));
    for (const l of topo.links) expect(Math.abs(colOf.get(l.from)! - colOf.get(l.to)!), `${l.from}-${l.to}`).toBe(1);
    expect(colOf.get(to)! - colOf.get(from)!).toBe(1);
  });

  it('the description says what is drawn: a general network, its size, the bottleneck by name and its queue', () => {
    const d = topologyView.describe!(ctx(sc, false));
    expect(d.startsWith(`General network: ${topo.nodes.length} nodes, ${topo.links.length} links`)).toBe(true);
    expect(d).toContain(`${hosts} hosts and ${routers} routers`);
    expect(d).toContain(`The bottleneck is the link ${from} to ${to}`);
    expect(d).toContain(`a red queue of ${viewOf(sc).queue.limit} packets`);
    expect(d).not.toMatch(/Dumbbell|left|right/);
  });
});

describe('network view of a general topology: the odd cases', () => {
  it('a host of one flow is named without a count; a host of many flows shows it', () => {
    const sc = presetScenario('feng-fig12')!;
    sc.traffic = sc.traffic.map((t, i) => ({ ...t, flows: i === 0 ? 1 : 3 })) as Scenario['traffic'];
    const texts = draw(sc, 900, 420).texts.map((t) => t.what);
    expect(texts).toContain('n0');
    expect(texts).toContain('n1 ×3');
    expect(texts).toContain('n5');
  });

  it('a bottleneck named against its link is that link’s reverse queue, and the picture still draws one bar', () => {
    const sc = presetScenario('feng-fig12')!;
    const topo = sc.topology as GeneralTopology;
    topo.bottleneck = { from: 'B', to: 'A' };
    const ab = topo.links.find((l) => l.from === 'A')!;
    ab.reverseQueue = { kind: 'pie', limit: 60 } as GeneralTopology['links'][number]['queue'];
    const v = viewOf(sc);
    expect([v.link.from, v.link.to, v.queue.kind]).toEqual(['B', 'A', 'pie']);
    const p = draw(sc, 900, 420);
    expect(p.queueFills).toBe(1);
    expect(p.texts.map((t) => t.what)).toContain('PIE');
  });

  it('many hosts: a column shows six and "+N more", and stays clear of the rest', () => {
    const sc = presetScenario('feng-fig12')!;
    const topo = sc.topology as GeneralTopology;
    for (let i = 10; i < 22; i++) {
      topo.nodes.push({ name: `x${i}` });
      topo.links.push({ ...topo.links[0], from: `x${i}`, to: 'A' });
      sc.traffic.push({ ...sc.traffic[0], src: `x${i}`, dst: 'n5' });
    }
    const p = draw(sc, 900, 420);
    expect(p.texts.map((t) => t.what)).toContain('+11 more');
    const nodes = [...p.hosts, ...p.routers];
    for (let i = 0; i < nodes.length; i++) for (let j = i + 1; j < nodes.length; j++) expect(overlap(nodes[i], nodes[j])).toBe(false);
  });
});

describe('network view of a big general topology', () => {
  // feng-fig12 with 12 more senders in the first column: it shows six of them and "+N more"
  const manySenders = (lastName: string): Scenario => {
    const sc = presetScenario('feng-fig12')!;
    const topo = sc.topology as GeneralTopology;
    for (let i = 10; i < 22; i++) {
      const name = i === 21 ? lastName : `x${i}`;
      topo.nodes.push({ name });
      topo.links.push({ ...topo.links[0], from: name, to: 'A' });
      sc.traffic.push({ ...sc.traffic[0], src: name, dst: 'n5' });
    }
    return sc;
  };

  it('a host not drawn (one of the "+N more") does not widen the room for the labels drawn', () => {
    // the labels of the 500 hosts of a side were measured each frame, drawn or not
    const short = draw(manySenders('x21'), 900, 420);
    const long = draw(manySenders(`x21-${'a-very-long-host-name-'.repeat(3)}`), 900, 420);
    expect(long.texts.map((t) => t.what)).toContain('+11 more');
    expect(long.texts.some((t) => t.what.startsWith('x21-'))).toBe(false);
    expect(long.hosts).toEqual(short.hosts);
    expect(long.routers).toEqual(short.routers);
  });
});

describe('network view of a general topology: two-way traffic', () => {
  // feng-fig12 with flows back from n9 to n4: data crosses A-B both ways, as in a two-way dumbbell run
  const twoWay = (): Scenario => {
    const sc = presetScenario('feng-fig12')!;
    sc.traffic.push({ ...sc.traffic[0], src: 'n9', dst: 'n4', flows: 4 } as Scenario['traffic'][number]);
    return sc;
  };

  it('is two-way; the host beyond the bottleneck that sends back is drawn with the receivers', () => {
    expect(viewOf(presetScenario('feng-fig12')!).twoWay).toBe(false);
    const v = viewOf(twoWay());
    expect(v.twoWay).toBe(true);
    const cols = graphColumns(v.graph!).map((c) => c.map((i) => v.graph!.nodes[i].name));
    expect(cols.map((c) => c.length)).toEqual([5, 1, 1, 5]);
    expect(cols[3]).toContain('n9');
    expect(cols[0]).toContain('n4');
    // the description says so, as the dumbbell's does; a one-way run's does not
    expect(topologyView.describe!(ctx(twoWay(), false))).toContain('Data crosses it both ways: the queue from B to A is red, 48 packets.');
    expect(topologyView.describe!(ctx(presetScenario('feng-fig12')!, false))).not.toContain('both ways');
  });

  it('two-way web traffic across the bottleneck is two-way; one-way web traffic is not', () => {
    const web = (direction: string): Scenario => {
      const sc = presetScenario('feng-fig12')!;
      sc.traffic = [{ kind: 'web-users', src: 'n0', dst: 'n5', direction, users: 10 }] as unknown as Scenario['traffic'];
      return sc;
    };
    expect(viewOf(web('both')).twoWay).toBe(true);
    expect(viewOf(web('forward')).twoWay).toBe(false);
    expect(viewOf(web('reverse')).twoWay).toBe(false);
  });

  it.each(SIZES)('at %i x %i (classroom %s): both queues drawn, the reverse one labelled, clear of the nodes and the other labels', (w, h, classroom) => {
    const sc = twoWay();
    const c = ctx(sc, classroom);
    c.store.append({ t: Float64Array.of(3), cols: { queue: Float64Array.of(20), queueBytes: Float64Array.of(1e4), avg: Float64Array.of(18), queueRev: Float64Array.of(9) } });
    (c.summary as unknown as Record<string, unknown>).bottleneckReverse = { drops: 186, marks: 0 };
    const p = new BoxPainter(w, h);
    topologyView.draw(p, c);
    expect(p.queueFills).toBe(1);
    expect(p.reverseFills).toBe(1);
    const texts = p.texts.map((t) => t.what);
    const rev = p.texts.filter((t) => t.what.includes('reverse queue 9 pkts') || t.what === '186 drops');
    expect(rev.length, texts.join(' | ')).toBeGreaterThan(0);
    expect(rev.map((t) => t.what).join(' ')).toContain('186 drops');
    // the reverse queue's discipline next to it (RED twice: the forward queue's and its own)
    expect(texts.filter((t) => t === 'RED')).toHaveLength(2);
    // the bottleneck's rate is still written somewhere
    expect(texts.some((t) => t.includes('1.5 Mb/s')), texts.join(' | ')).toBe(true);
    const nodes = [...p.hosts, ...p.routers];
    textsFit(p.texts, nodes, w, h);
    for (const r of rev) for (const t of p.texts) if (t !== r && !rev.includes(t)) expect(overlap(r, t), `"${r.what}" over "${t.what}"`).toBe(false);
  });
});

describe('network view of a general topology: a branch without traffic', () => {
  it('a host off a middle router is named under it; a link with its own AQM is named in the picture and the description', () => {
    const sc = presetScenario('feng-fig12')!;
    const topo = sc.topology as GeneralTopology;
    topo.nodes.push({ name: 'C' }, { name: 'h-idle' });
    topo.links.push({ ...topo.links[0], from: 'B', to: 'C', queue: { kind: 'codel', limit: 100 } as GeneralTopology['links'][number]['queue'] }, { ...topo.links[0], from: 'C', to: 'h-idle' });
    for (const [w, h, cls] of SIZES.filter(([w]) => w >= 900)) {
      const p = draw(sc, w, h, cls);
      const texts = p.texts.map((t) => t.what);
      expect(texts).toContain('h-idle');
      expect(texts).toContain('C');
      expect(texts).toContain('CODEL');
      expect(p.links).toHaveLength(topo.links.length);
    }
    expect(topologyView.describe!(ctx(sc, false))).toContain('Also with an AQM: B to C (CODEL)');
  });
});

describe('network view of a dumbbell is still the dumbbell', () => {
  it('two routers R1 and R2, hosts per side, the dumbbell description', () => {
    const sc = presetByName('default')!.scenario;
    expect(viewOf(sc).graph).toBeNull();
    const p = draw(sc, 900, 420);
    expect(p.texts.map((t) => t.what)).toEqual(expect.arrayContaining(['R1', 'R2']));
    expect(p.routers).toHaveLength(2);
    expect(topologyView.describe!(ctx(sc, false))).toMatch(/^Dumbbell network: /);
  });
});
