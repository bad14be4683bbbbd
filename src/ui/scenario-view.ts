/**
 * What the charts need to know about a scenario (queue thresholds, link, number of
 * flows), read in one place so the charts do not depend on the scenario's layout.
 * Thresholds changed live (param-set markers) are folded in as step functions of time.
 */
import type { Scenario } from '../engine/scenario/schema';
import { LINK_FIELDS } from '../engine/scenario/fields';
import { flowDelays } from '../engine/sim-run';
import { flowTags, itemFlows, WEB_KINDS } from './flow-tags';

/** Traffic kinds made of request/response exchanges: a response-time chart and an uncongested baseline. */
export { WEB_KINDS };

export const hasWebTraffic = (s: Scenario | null | undefined): boolean => !!s?.traffic.some((t) => WEB_KINDS.has(t.kind));

export interface ParamMarker {
  /** Simulation time of the change, seconds. */
  t: number;
  path: string;
  value: unknown;
}

export interface QueueView {
  kind: string;
  unit: 'packets' | 'bytes';
  limit: number;
  minTh: number | null;
  maxTh: number | null;
  maxP: number | null;
  gentle: boolean;
  ecn: boolean;
}

export interface LinkView {
  rate: number;
  delay: number;
  /** "routerL", "routerR" for the dumbbell, else the bottleneck's end names. */
  from: string;
  to: string;
  /** Link-layer framing ("none" or "ethernet"; see the `framing` link field). */
  framing: string;
}

export interface ScenarioView {
  queue: QueueView;
  /** The right-to-left (to-from) queue: its own `reverseQueue` if the scenario gives one, else a copy of `queue`. */
  reverseQueue: QueueView;
  link: LinkView;
  flows: number;
  /**
   * Dumbbell: per flow, the sender's side and host, and the receiver's host on the other
   * side (flow j of a traffic item goes from host j mod senders to host j mod receivers).
   */
  flowHosts: { side: 'left' | 'right'; host: number; dst: number }[];
  leftHosts: number;
  rightHosts: number;
  duration: number | null;
  tcpEcn: boolean;
  /** Flows that run TCP (every traffic kind but UDP). */
  tcpFlows: number;
  /**
   * Per flow, what its label adds when the traffic items' TCP settings differ ("CUBIC",
   * "ECN"; flow-tags.ts flowTags), else ''. Legends and lists name flows with flowLabel.
   */
  flowTags: string[];
  /**
   * Data crosses the bottleneck both ways (traffic from the right, or two-way web traffic; on
   * a general topology, a flow from the bottleneck's to side to its from side): both queues matter.
   */
  twoWay: boolean;
  /** Web traffic (its connections come and go, so they are not in `flows`): what the hosts of each side are. */
  webRole: { left: 'servers' | 'clients' | 'both' | null; right: 'servers' | 'clients' | 'both' | null };
  kind: 'dumbbell' | 'general';
  /** A general topology's nodes and links as the network view draws them; null for a dumbbell. */
  graph: GraphView | null;
}

/** A node of a general topology: a host (one link, as the engine counts hosts) or a router. */
export interface GraphNodeView {
  name: string;
  host: boolean;
  /** Flows this node sends and receives (bulk and UDP; web traffic is in `web`). */
  sends: number[];
  recvs: number[];
  /** Web traffic: the node serves (sends responses), is a client, or both. */
  web: 'servers' | 'clients' | 'both' | null;
  /**
   * The end of the bottleneck the node is nearer by hop count (the engine routes by hop
   * count): 'from' (its data crosses the bottleneck forward), 'to', or null (as near both).
   */
  side: 'from' | 'to' | null;
}

export interface GraphLinkView {
  from: string;
  to: string;
  rate: number;
  delay: number;
  framing: string;
  /** The from-to queue the scenario sets, or null for the engine's default drop-tail. */
  queue: QueueView | null;
  /** The to-from queue the scenario sets (`reverseQueue`, else `queue`), or null. */
  reverseQueue: QueueView | null;
  /** The summary's bottleneck (either direction; `ScenarioView.link` says which one). */
  bottleneck: boolean;
}

export interface GraphView {
  nodes: GraphNodeView[];
  links: GraphLinkView[];
}

/** Path of the bottleneck queue's parameters in scenarios and --set keys. */
export const QUEUE_PATH = 'topology.bottleneck.queue';

function num(x: unknown, d: number | null): number | null {
  return typeof x === 'number' && Number.isFinite(x) ? x : d;
}

const webOnly = new WeakMap<Scenario, boolean>();
/** Web traffic and no long-lived flow: the per-flow charts have nothing to draw (ChartCard folds them). */
export function noLongLivedFlows(s: Scenario | null): boolean {
  if (s === null) return false;
  let v = webOnly.get(s);
  if (v === undefined) webOnly.set(s, (v = hasWebTraffic(s) && viewOf(s).flows === 0));
  return v;
}

export function viewOf(s: Scenario | null): ScenarioView {
  const topo = s?.topology;
  let q: Record<string, unknown> = {};
  let rq: Record<string, unknown> | undefined;
  // no scenario yet: a link at the declared defaults
  let link: LinkView = { rate: LINK_FIELDS.rate.default, delay: LINK_FIELDS.delay.default, from: 'routerL', to: 'routerR', framing: LINK_FIELDS.framing.default };
  let left = 1;
  let right = 1;
  if (topo?.kind === 'dumbbell') {
    q = topo.bottleneck.queue;
    rq = topo.bottleneck.reverseQueue;
    link = { rate: topo.bottleneck.rate, delay: topo.bottleneck.delay, from: 'routerL', to: 'routerR', framing: topo.bottleneck.framing ?? 'none' };
    left = topo.left.hosts;
    right = topo.right.hosts;
  } else if (topo?.kind === 'general') {
    const b = (topo as { bottleneck?: { from: string; to: string } }).bottleneck;
    // a bottleneck named to -> from is the link's reverse direction (its reverseQueue, as the engine builds it)
    const l = b ? topo.links.find((x) => (x.from === b.from && x.to === b.to) || (x.from === b.to && x.to === b.from)) : topo.links.reduce((m, x) => (x.rate < m.rate ? x : m), topo.links[0]);
    if (l) {
      const lq = (l as { queue?: Record<string, unknown> }).queue ?? { kind: 'droptail', limit: 1000 };
      const lrq = (l as { reverseQueue?: Record<string, unknown> }).reverseQueue;
      const reversed = !!b && l.from !== b.from;
      q = reversed ? (lrq ?? lq) : lq;
      rq = reversed ? lq : lrq;
      link = { rate: l.rate, delay: l.delay, from: reversed ? l.to : l.from, to: reversed ? l.from : l.to, framing: l.framing ?? 'none' };
    }
  }
  let flows = 0;
  let tcpFlows = 0;
  const flowHosts: { side: 'left' | 'right'; host: number; dst: number }[] = [];
  let fromLeft = false;
  let fromRight = false;
  const webRole: ScenarioView['webRole'] = { left: null, right: null };
  const addRole = (side: 'left' | 'right', r: 'servers' | 'clients') => {
    const cur = webRole[side];
    webRole[side] = cur === null || cur === r ? r : 'both';
  };
  for (const t of s?.traffic ?? []) {
    const dir = (t as { direction?: string }).direction;
    if (dir !== undefined) {
      // web traffic (packmime, web-users, web-sessions): servers on the left for "forward"
      if (dir !== 'reverse') (fromLeft = true), addRole('left', 'servers'), addRole('right', 'clients');
      if (dir !== 'forward') (fromRight = true), addRole('right', 'servers'), addRole('left', 'clients');
      continue;
    }
    if (t.from === 'right') fromRight = true;
    else fromLeft = true;
    const n = itemFlows(t);
    const side = t.from === 'right' ? 'right' : 'left';
    const hosts = Math.max(1, side === 'left' ? left : right);
    const others = Math.max(1, side === 'left' ? right : left);
    for (let j = 0; j < n; j++) flowHosts.push({ side, host: j % hosts, dst: j % others });
    flows += n;
    if (t.kind !== 'udp') tcpFlows += n;
  }
  const tcpEcn = !!s?.tcp?.ecn || !!s?.traffic?.some((t) => t.kind === 'bulk' && t.tcp?.ecn);
  const queueView = (q: Record<string, unknown>): QueueView => ({
    kind: typeof q.kind === 'string' ? q.kind : 'droptail',
    unit: q.unit === 'bytes' ? 'bytes' : 'packets',
    limit: num(q.limit, 100) as number,
    minTh: num(q.minTh, null),
    maxTh: num(q.maxTh, null),
    maxP: num(q.maxP, null),
    gentle: q.gentle === true,
    ecn: q.ecn === true,
  });
  let graph: GraphView | null = null;
  if (topo?.kind === 'general') {
    const degree = new Map<string, number>();
    for (const l of topo.links) for (const n of [l.from, l.to]) degree.set(n, (degree.get(n) ?? 0) + 1);
    // hop counts from each end of the bottleneck: which side of it each node is on
    // (through each node's own links: a scan of every link for each node reached took a
    // fifth of a second on 1,000 nodes, and this runs on each edit)
    const adj = new Map<string, string[]>();
    for (const l of topo.links)
      for (const [a, b] of [[l.from, l.to], [l.to, l.from]]) {
        const list = adj.get(a);
        if (list) list.push(b);
        else adj.set(a, [b]);
      }
    const hops = (from: string): Map<string, number> => {
      const d = new Map([[from, 0]]);
      const todo = [from];
      for (let k = 0; k < todo.length; k++)
        for (const other of adj.get(todo[k]) ?? []) if (!d.has(other)) d.set(other, d.get(todo[k])! + 1), todo.push(other);
      return d;
    };
    const dFrom = hops(link.from);
    const dTo = hops(link.to);
    const sideOf = (name: string): GraphNodeView['side'] => {
      const a = dFrom.get(name) ?? Infinity;
      const b = dTo.get(name) ?? Infinity;
      return a < b ? 'from' : b < a ? 'to' : null;
    };
    const nodes: GraphNodeView[] = topo.nodes.map((n) => ({ name: n.name, host: degree.get(n.name) === 1, sends: [], recvs: [], web: null, side: sideOf(n.name) }));
    const byName = new Map(nodes.map((n) => [n.name, n]));
    let flow = 0;
    // data from one side of the bottleneck to the other: forward (from -> to) and reverse
    let forward = false;
    let reverse = false;
    const crosses = (a: GraphNodeView | undefined, b: GraphNodeView | undefined) => {
      if (a?.side === 'from' && b?.side === 'to') forward = true;
      if (a?.side === 'to' && b?.side === 'from') reverse = true;
    };
    for (const t of s?.traffic ?? []) {
      const src = t.src === undefined ? undefined : byName.get(t.src);
      const dst = t.dst === undefined ? undefined : byName.get(t.dst);
      const dir = (t as { direction?: string }).direction;
      if (dir !== undefined) {
        // web traffic: src serves "forward" responses to clients at dst
        const role = (n: GraphNodeView | undefined, r: 'servers' | 'clients') => n && (n.web = n.web === null || n.web === r ? r : 'both');
        if (dir !== 'reverse') role(src, 'servers'), role(dst, 'clients'), crosses(src, dst);
        if (dir !== 'forward') role(dst, 'servers'), role(src, 'clients'), crosses(dst, src);
        continue;
      }
      const n = itemFlows(t);
      for (let j = 0; j < n; j++, flow++) src?.sends.push(flow), dst?.recvs.push(flow);
      if (n > 0) crosses(src, dst);
    }
    fromLeft = forward;
    fromRight = reverse;
    const bl = (l: { from: string; to: string }) => (l.from === link.from && l.to === link.to) || (l.from === link.to && l.to === link.from);
    const links: GraphLinkView[] = topo.links.map((l) => {
      const lq = (l as { queue?: Record<string, unknown> }).queue;
      const lrq = (l as { reverseQueue?: Record<string, unknown> }).reverseQueue ?? lq;
      return { from: l.from, to: l.to, rate: l.rate, delay: l.delay, framing: l.framing ?? 'none', queue: lq ? queueView(lq) : null, reverseQueue: lrq ? queueView(lrq) : null, bottleneck: bl(l) };
    });
    graph = { nodes, links };
  }
  return {
    queue: queueView(q),
    reverseQueue: queueView(rq ?? q),
    link,
    flows,
    flowHosts,
    leftHosts: left,
    rightHosts: right,
    duration: s?.duration ?? null,
    tcpEcn,
    tcpFlows,
    flowTags: flowTags(s),
    twoWay: fromLeft && fromRight,
    webRole,
    kind: topo?.kind === 'general' ? 'general' : 'dumbbell',
    graph,
  };
}

/**
 * A queue parameter as a step function of time: the scenario's value until the first
 * live change of `topology.bottleneck.queue.<key>`, then each changed value.
 * Returns [[t0, value], ...] sorted by time, starting at t = 0.
 */
export function paramOverTime(initial: number | null, key: string, markers: readonly ParamMarker[]): [number, number | null][] {
  const out: [number, number | null][] = [[0, initial]];
  const path = `${QUEUE_PATH}.${key}`;
  for (const m of markers) if (m.path === path && typeof m.value === 'number') out.push([m.t, m.value]);
  return out;
}

/** Gentle on/off over time (it decides whether the 2 max_th line is drawn). */
export function flagOverTime(initial: boolean, key: string, markers: readonly ParamMarker[]): [number, boolean][] {
  const out: [number, boolean][] = [[0, initial]];
  const path = `${QUEUE_PATH}.${key}`;
  for (const m of markers) if (m.path === path && typeof m.value === 'boolean') out.push([m.t, m.value]);
  return out;
}

/**
 * Each flow's round-trip propagation time (s) on a dumbbell whose flows draw their own
 * extra delay (`topology.flowDelay`), in flow order: the access, bottleneck and access
 * delays both ways, plus the flow's draw both ways (the engine adds it on the sending and
 * the receiving host's uplink, src/engine/net/topology.ts), from the same draws the run
 * makes (flowDelays). Queueing and transmission are not in it. Null without per-flow delays
 * (every flow has the same RTT) or on a general topology (each flow's path differs).
 * A teacher showing how RTT skews TCP's shares saw goodputs of 0.8 and 0.3 Mb/s and could
 * not tell which flows had the long round trip.
 */
export function flowRtts(s: Scenario | null, flows: number): number[] | null {
  const topo = s?.topology;
  if (!s || topo?.kind !== 'dumbbell' || !topo.flowDelay) return null;
  const base = 2 * (topo.left.delay + topo.bottleneck.delay + topo.right.delay);
  return flowDelays(s.seed, topo.flowDelay, flows).map((d) => base + 2 * d);
}
