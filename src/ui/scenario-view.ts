/**
 * What the charts need to know about a scenario (queue thresholds, link, number of
 * flows), read in one place so the charts do not depend on the scenario's layout.
 * Thresholds changed live (param-set markers) are folded in as step functions of time.
 */
import type { Scenario } from '../engine/scenario/schema';

/** Traffic kinds made of request/response exchanges: a response-time chart and an uncongested baseline. */
export const WEB_KINDS: ReadonlySet<string> = new Set(['packmime', 'web-users', 'web-sessions']);

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
  /** Data crosses the bottleneck both ways (traffic from the right, or two-way web traffic): both queues matter. */
  twoWay: boolean;
  /** Web traffic (its connections come and go, so they are not in `flows`): what the hosts of each side are. */
  webRole: { left: 'servers' | 'clients' | 'both' | null; right: 'servers' | 'clients' | 'both' | null };
  kind: 'dumbbell' | 'general';
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
  let link: LinkView = { rate: 10e6, delay: 0.02, from: 'routerL', to: 'routerR', framing: 'none' };
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
    const l = b ? topo.links.find((x) => x.from === b.from && x.to === b.to) : topo.links.reduce((m, x) => (x.rate < m.rate ? x : m), topo.links[0]);
    if (l) {
      q = (l as { queue?: Record<string, unknown> }).queue ?? { kind: 'droptail', limit: 1000 };
      rq = (l as { reverseQueue?: Record<string, unknown> }).reverseQueue;
      link = { rate: l.rate, delay: l.delay, from: l.from, to: l.to, framing: l.framing ?? 'none' };
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
    const n = t.kind === 'bulk' ? t.flows : 1;
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
    twoWay: fromLeft && fromRight,
    webRole,
    kind: topo?.kind === 'general' ? 'general' : 'dumbbell',
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
