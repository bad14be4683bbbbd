import type { QueueDisc, QueueContext } from '../aqm/queue-disc';
import { rngFor, type Rng } from '../core/rng';
import type { Simulator } from '../core/simulator';
import { fromSeconds } from '../core/time';
import { FRAMINGS, Link } from './link';

/** A queue configuration as in the scenario: `{ kind, ...params }`. */
export type QueueSpec = { kind: string } & Record<string, unknown>;
export type MakeQueue = (spec: QueueSpec, ctx: QueueContext) => QueueDisc;

export interface LinkSpec {
  rate: number; // bits/s
  delay: number; // s
  loss?: number;
  /** Per-packet link-layer framing, a key of FRAMINGS; omitted = "none". */
  framing?: string;
  queue?: QueueSpec;
  reverseQueue?: QueueSpec;
}

export interface DumbbellSpec {
  bottleneck: LinkSpec & { queue: QueueSpec };
  left: { hosts: number; rate: number; delay: number };
  right: { hosts: number; rate: number; delay: number };
}

export interface GeneralSpec {
  nodes: { name: string }[];
  links: (LinkSpec & { from: string; to: string })[];
  bottleneck?: { from: string; to: string };
}

/** What a builder made: node names, hosts by side, and the bottleneck's two directions. */
export interface BuiltTopology {
  nodeNames: string[];
  leftHosts: number[];
  rightHosts: number[];
  /** Link ids of the bottleneck, forward (left-to-right / from-to) and reverse. */
  bottleneck: number;
  bottleneckReverse: number;
  /** Ids of links that leave a host (where a per-flow extra delay is applied). */
  hostUplinks: number[];
}

/**
 * Queues on access links when the scenario gives none: drop-tail deep enough never to
 * be the bottleneck in the lessons (1000 packets, far above any window used here).
 */
export const ACCESS_QUEUE: QueueSpec = { kind: 'droptail', limit: 1000, unit: 'packets', countRule: 'waiting' };

/**
 * What a link's queue discipline is given. A class, not an object literal with a getter:
 * every such literal gets a hidden class of its own (its getter is a new function), so
 * `ctx.pool` on the per-packet path would read through hundreds of shapes, a generic
 * property lookup at every packet.
 */
class LinkQueueContext implements QueueContext {
  private rngMade: Rng | null = null;

  constructor(
    readonly pool: Simulator['pool'],
    private readonly seed: number,
    readonly linkRateBps: number,
    readonly linkDelayS: number,
    readonly name: string,
  ) {}

  /** The queue's random stream, made the first time the discipline asks for it (drop-tail never does: 10,000 hosts per side have 40,000 queues). */
  get rng(): Rng {
    return (this.rngMade ??= rngFor(this.seed, `queue:${this.name}`));
  }
}

function addDuplex(sim: Simulator, seed: number, makeQueue: MakeQueue, a: number, b: number, spec: LinkSpec, names: string[]): [number, number] {
  const ids: number[] = [];
  for (const [from, to, qspec] of [
    [a, b, spec.queue ?? ACCESS_QUEUE],
    [b, a, spec.reverseQueue ?? spec.queue ?? ACCESS_QUEUE],
  ] as const) {
    const id = sim.links.length;
    const name = `${names[from]}->${names[to]}`;
    const queue = makeQueue(qspec, new LinkQueueContext(sim.pool, seed, spec.rate, spec.delay, name));
    const link = new Link(id, from, to, spec.rate, fromSeconds(spec.delay), spec.loss ?? 0, queue, () => rngFor(seed, `loss:${name}`));
    if (spec.framing !== undefined && spec.framing !== 'none') {
      const f = FRAMINGS[spec.framing];
      if (!f) throw new Error(`framing = "${spec.framing}" is unknown: one of ${Object.keys(FRAMINGS).join(', ')}`);
      link.setFraming(f.overheadBytes, f.padToBytes);
    }
    sim.addLink(link);
    ids.push(id);
  }
  return [ids[0], ids[1]];
}

/**
 * Static shortest-path routes by hop count; among equal paths the one a breadth-first
 * search from the destination over incoming links (in link-id order) finds first.
 *
 * No all-pairs table: a node with one outgoing link (a host) sends everything on it,
 * and only the other ("core") nodes get a table, core x core. A host destination is
 * reached through the node it hangs off (its `attach` node), which then uses the link
 * down to it. Leaves never relay traffic, so this gives exactly the routes of a search
 * from every destination over the whole graph, in O(core^2) memory instead of O(nodes^2):
 * a dumbbell with 10,000 hosts per side has 2 core nodes.
 */
export function computeRoutes(sim: Simulator, nodeCount: number): void {
  sim.nodeCount = nodeCount;
  const out = new Int32Array(nodeCount);
  const only = new Int32Array(nodeCount).fill(-1);
  for (const l of sim.links) {
    out[l.from]++;
    only[l.from] = l.id;
  }
  const uplink = new Int32Array(nodeCount).fill(-1);
  const attach = new Int32Array(nodeCount);
  const downlink = new Int32Array(nodeCount).fill(-1);
  const coreIndex = new Int32Array(nodeCount).fill(-1);
  const core: number[] = [];
  for (let v = 0; v < nodeCount; v++) {
    attach[v] = v;
    if (out[v] === 1) uplink[v] = only[v];
    else {
      coreIndex[v] = core.length;
      core.push(v);
    }
  }
  for (const l of sim.links) {
    if (out[l.to] === 1) {
      attach[l.to] = l.from;
      downlink[l.to] = l.id;
    }
  }
  // breadth-first search from each core destination over incoming core-to-core links
  const C = core.length;
  const coreRoute = new Int32Array(C * C).fill(-1);
  const incoming: number[][] = core.map(() => []);
  for (const l of sim.links) if (coreIndex[l.from] >= 0 && coreIndex[l.to] >= 0) incoming[coreIndex[l.to]].push(l.id);
  const seen = new Int32Array(C).fill(-1);
  const queue = new Int32Array(C);
  for (let d = 0; d < C; d++) {
    seen[d] = d;
    let head = 0;
    let tail = 0;
    queue[tail++] = d;
    while (head < tail) {
      const v = queue[head++];
      for (const li of incoming[v]) {
        const u = coreIndex[sim.links[li].from];
        if (seen[u] !== d) {
          seen[u] = d;
          coreRoute[u * C + d] = li;
          queue[tail++] = u;
        }
      }
    }
  }
  sim.uplink = uplink;
  sim.attach = attach;
  sim.downlink = downlink;
  sim.coreIndex = coreIndex;
  sim.coreCount = C;
  sim.coreRoute = coreRoute;
}

/**
 * Dumbbell: left hosts -- left router == bottleneck == right router -- right hosts.
 * Node ids: left hosts 0..L-1, right hosts L..L+R-1, left router L+R, right router L+R+1.
 * The bottleneck's `queue` serves both directions unless `reverseQueue` is given.
 */
export function buildDumbbell(sim: Simulator, spec: DumbbellSpec, seed: number, makeQueue: MakeQueue): BuiltTopology {
  const L = spec.left.hosts;
  const R = spec.right.hosts;
  const names: string[] = [];
  for (let i = 0; i < L; i++) names.push(`L${i}`);
  for (let i = 0; i < R; i++) names.push(`R${i}`);
  const ra = L + R;
  const rb = L + R + 1;
  names.push('routerL', 'routerR');
  const [fwd, rev] = addDuplex(sim, seed, makeQueue, ra, rb, spec.bottleneck, names);
  const hostUplinks: number[] = [];
  const leftHosts: number[] = [];
  const rightHosts: number[] = [];
  for (let i = 0; i < L; i++) {
    const [up] = addDuplex(sim, seed, makeQueue, i, ra, { rate: spec.left.rate, delay: spec.left.delay }, names);
    hostUplinks.push(up);
    leftHosts.push(i);
  }
  for (let i = 0; i < R; i++) {
    const [up] = addDuplex(sim, seed, makeQueue, L + i, rb, { rate: spec.right.rate, delay: spec.right.delay }, names);
    hostUplinks.push(up);
    rightHosts.push(L + i);
  }
  for (const id of hostUplinks) sim.links[id].addFlowDelay = true;
  computeRoutes(sim, names.length);
  return { nodeNames: names, leftHosts, rightHosts, bottleneck: fwd, bottleneckReverse: rev, hostUplinks };
}

/**
 * Which link of a general topology is the bottleneck: the named one (`reversed` when it is
 * named to -> from, so its forward direction is the link's second) or else the slowest
 * (the first of equal rates), forward from -> to.
 */
export function generalBottleneck(spec: GeneralSpec): { link: number; reversed: boolean } {
  let slowest = -1;
  let found: { link: number; reversed: boolean } | null = null;
  spec.links.forEach((l, i) => {
    if (slowest < 0 || l.rate < spec.links[slowest].rate) slowest = i;
    if (spec.bottleneck && spec.bottleneck.from === l.from && spec.bottleneck.to === l.to) found = { link: i, reversed: false };
    if (spec.bottleneck && spec.bottleneck.from === l.to && spec.bottleneck.to === l.from) found = { link: i, reversed: true };
  });
  if (spec.bottleneck && !found) throw new Error(`topology.bottleneck: no link from "${spec.bottleneck.from}" to "${spec.bottleneck.to}"`);
  return found ?? { link: slowest, reversed: false };
}

/** The queue and link of a topology's bottleneck in its forward direction (the queue the summary and the series report). */
export function forwardBottleneck(spec: DumbbellSpec | GeneralSpec): { link: LinkSpec; queue: QueueSpec } {
  if ('left' in spec) return { link: spec.bottleneck, queue: spec.bottleneck.queue };
  const b = generalBottleneck(spec);
  const l = spec.links[b.link];
  return { link: l, queue: (b.reversed ? (l.reverseQueue ?? l.queue) : l.queue) ?? ACCESS_QUEUE };
}

/**
 * General topology: named nodes, duplex links, shortest-path routes (hop count). The
 * bottleneck is the named link or, by default, the slowest link (first on ties).
 * Expresses e.g. the topologies of seeds/004 Figs. 1 and 12.
 */
export function buildGeneral(sim: Simulator, spec: GeneralSpec, seed: number, makeQueue: MakeQueue): BuiltTopology {
  const names = spec.nodes.map((n) => n.name);
  const index = new Map(names.map((n, i) => [n, i]));
  const node = (name: string): number => {
    const i = index.get(name);
    if (i === undefined) throw new Error(`topology.links: unknown node "${name}"`);
    return i;
  };
  const degree = new Int32Array(names.length);
  const pairs: [number, number][] = [];
  for (const l of spec.links) {
    const a = node(l.from);
    const b = node(l.to);
    degree[a]++;
    degree[b]++;
    pairs.push(addDuplex(sim, seed, makeQueue, a, b, l, names));
  }
  const bn = generalBottleneck(spec);
  const [f, r] = pairs[bn.link];
  const [fwd, rev] = bn.reversed ? [r, f] : [f, r];
  // hosts = nodes of degree 1; their outgoing links get the per-flow delay
  const hostUplinks = sim.links.filter((l) => degree[l.from] === 1).map((l) => l.id);
  for (const id of hostUplinks) sim.links[id].addFlowDelay = true;
  computeRoutes(sim, names.length);
  return { nodeNames: names, leftHosts: [], rightHosts: [], bottleneck: fwd, bottleneckReverse: rev, hostUplinks };
}
