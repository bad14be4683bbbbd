/**
 * Run-size estimates (issue 8, "safe at any scale"): before a run starts, how much work
 * (network events, packets) and memory it will take, from the scenario alone. The CLI
 * prints the estimate of long runs and refuses runs beyond its limits unless told
 * otherwise; the app asks before starting a very large run. The numbers are rough (a
 * factor of two either way is normal), they only have to separate a one-second run from
 * a one-week run and a 100 MB run from a 100 GB one.
 *
 * Each traffic kind estimates its own items (the `estimate` function of its descriptor in
 * src/engine/traffic, given the path its packets take); this file adds the topology, the
 * time series and the fixed costs. A kind without an estimate counts as nothing.
 */
import { makeQueue } from './aqm/registry';
import { rngFor } from './core/rng';
import { DEFAULT_MAX_PACKETS } from './core/simulator';
import { seriesColumnNames } from './metrics/collector';
import { webRecordsBytes } from './metrics/web';
import { PacketPool } from './net/packet';
import { forwardBottleneck } from './net/topology';
import type { EngineScenario } from './sim-run';
import { trafficByKind } from './traffic/registry';
import type { TrafficEstimateContext } from './traffic/types';

/** Longest a run without a duration may go on while waiting for its finite flows (s). */
export const MAX_OPEN_DURATION = 36_000;

/** Events per wall second used to turn an event count into a time (bench-100-red on a 2-core machine, rounded down). */
export const NOMINAL_EVENTS_PER_SECOND = 4e6;

/**
 * The CPU a web exchange costs besides its packets' events, in events' worth of a bulk run's
 * CPU, is this times the square root of the run's exchanges per second. A web run's events
 * cost more than a bulk run's: each exchange opens connections (four TCP halves, their
 * timers, records), and the more are open at once the more the garbage collector works
 * (20-22 % of web100-users-pi24-98's and web100-redstar-90's CPU). Measured on a loaded
 * 2-core machine (CPU time, docs/speed.md "Safe at any scale"): a bulk run 0.30-0.37 µs an
 * event; beyond that, web exchanges 23-27 µs each at 200-300 exchanges/s (web-users-dt-98,
 * web-redstar-105), 60-110 µs at 1,800-2,700/s (web100-*): 1.2-2.5 µs x sqrt(rate), taken as
 * 1.6 µs, i.e. 4.8 events. Counted as events alone, web100-users-pi24-98 was said to take
 * "about 2 s" and took 7.4-10 s of CPU.
 */
export const EXCHANGE_EVENTS_PER_SQRT_RATE = 4.8;

/**
 * What a command-line process takes besides its run's own memory (RunEstimate.memoryBytes),
 * bytes: Node.js and the loaded bundle, 64 MB (the peak RSS of a 0.1 s run of the default
 * preset, Node.js 20, through `npm run sim`; 67 MB without the start-up snapshot), and 24 MB
 * for the garbage V8 has not collected yet, which no model here predicts: peak RSS less the
 * 64 MB and the run's live heap was 7-10 MB for default, ecn-finite-n10-dt-ql64 and
 * bench-100-red, 43 MB for web-dt148-80 and 57 MB for bench-seeds000-full (2026-11-29). With
 * it the whole-process figure was 0.76-1.25 of those five presets' peak RSS (docs/cli.md,
 * "Large runs"); for runs of gigabytes, where the limits bite, it is a few per cent.
 */
export const CLI_PROCESS_BASE_BYTES = 88e6;

/**
 * Garbage V8 lets pile up in a web run, as a multiple of its web connections' memory (the web
 * items' memoryBytes), besides the 24 MB of CLI_PROCESS_BASE_BYTES. A connection lives a few
 * hundred ms: long enough to survive the young generation's collections and be promoted, short
 * enough to die in the old generation, which V8 lets grow to several times what was live at
 * its last full collection before collecting it again. Measured 2026-11-30 (peak RSS through
 * the CLI less 64 MB of Node.js, the 24 MB and the run's live heap; docs/speed.md "Safe at any
 * scale"): 149 MB for web100-users-pi24-98 (5.4x its 27.7 MB of connections), 214 MB for
 * web100-redstar-90 (6.5x), 20 MB for web-dt148-80 (3.8x), 32 MB for bench-seeds000-full (6x).
 * Without it, the first two were said "about 130 MB for the whole process" and peaked at 278
 * and 331 MB. None for bulk or UDP runs (their garbage is within the 24 MB).
 */
export const WEB_GARBAGE_PER_CONNECTION_BYTE = 6;
/** At most this much web garbage: V8 grows its heap by smaller factors as it gets large (web100-redstar-ecnplus-105: 375 MB live, 50 MB more at the peak). */
export const WEB_GARBAGE_MAX_BYTES = 512e6;

/** Sampling interval of the time series when none is given: duration / 2000, at least 1 ms (0.1 s without a duration). */
export function defaultSampleInterval(duration: number | undefined): number {
  return duration !== undefined ? Math.max(0.001, duration / 2000) : 0.1;
}

/**
 * Series columns: 9 for the bottleneck, the bottleneck AQM's own aqm.* and th.* columns
 * (0 to 7: bottleneckAqmColumns), 5 per TCP flow (2 per UDP flow, none per web connection:
 * TrafficEstimate.seriesColumns), as the run samples them (seriesColumnNames).
 */
export const SERIES_BASE_COLUMNS = 9;
export const SERIES_COLUMNS_PER_FLOW = 5;

/** Memory model, bytes (measured with process.memoryUsage on 1,000 to 20,000-link dumbbells). */
const BYTES_PER_LINK = 1300;
const BYTES_PER_NODE = 100;
const BYTES_PER_FLOW = 7000;
const BASE_BYTES = 2e6;

/** Bytes of one packet's slot in the pool's parallel arrays (143: 7 int32, 6 float64, 3 bytes, 8 float64 of SACK blocks). */
export const POOL_BYTES_PER_SLOT = ((): number => {
  const pool = new PacketPool(1);
  return Object.values(pool).reduce((a: number, v: unknown) => a + (ArrayBuffer.isView(v) ? v.byteLength : 0), 0);
})();

/**
 * Memory of a packet pool that held `packets` at once: it starts with 4096 slots and
 * doubles when full (net/packet.ts), so it ends with the first 4096 x 2^k that is enough.
 */
export function poolBytes(packets: number): number {
  let capacity = 4096;
  while (capacity < packets) capacity *= 2;
  return capacity * POOL_BYTES_PER_SLOT;
}

export interface ItemEstimate {
  index: number;
  kind: string;
  events: number;
  packets: number;
  flows: number;
  /** Engine memory of the item's flows and connections, bytes. */
  memoryBytes: number;
  /** The item's field that sets how many flows or users it has (null: none, e.g. one UDP source). */
  sizeField: string | null;
  /** The item's fields that set how much work (events) it makes, to name in a too-large message. */
  workFields: string[];
}

/** The field of each kind that sets its number of flows, users or sessions (a `load` given sets it instead). */
const SIZE_FIELDS: Record<string, string> = { bulk: 'flows', 'web-users': 'users', 'web-sessions': 'sessions', packmime: 'rate' };

export interface RunEstimate {
  /** Simulated seconds: the duration, or when the finite transfers should be done. */
  endSeconds: number;
  /** No duration: the run ends when its finite flows do (endSeconds is a guess). */
  openEnded: boolean;
  events: number;
  packets: number;
  flows: number;
  nodes: number;
  links: number;
  /** Most packets alive at once (queued or on the wire), at most the packet cap. */
  packetsInFlight: number;
  /** More packets would be alive at once than the packet cap allows: the run stops there (a queue too deep for its load). */
  reachesPacketCap: boolean;
  /** Time series a consumer receives: columns x samples (0 when no series are asked for). */
  seriesColumns: number;
  seriesSamples: number;
  seriesValues: number;
  /** Exchanges whose records the run keeps for summary.web (started after the warm-up). */
  webExchanges: number;
  /**
   * The run's own memory at the peak (the engine's objects, its packet pool and its web
   * records; without the series a consumer keeps, nor the runtime that runs it), bytes.
   */
  memoryBytes: number;
  /**
   * Garbage the JavaScript runtime lets pile up before collecting it, beyond a small run's
   * (WEB_GARBAGE_PER_CONNECTION_BYTE): counted in the whole process's memory, not in memoryBytes.
   */
  garbageBytes: number;
  /**
   * The run's CPU work in events' worth (events of a bulk run): the events, plus what web
   * exchanges cost besides (EXCHANGE_EVENTS_PER_SQRT_RATE). Times are said from this.
   */
  work: number;
  /** Wall-clock time at NOMINAL_EVENTS_PER_SECOND: work / NOMINAL_EVENTS_PER_SECOND. */
  wallSeconds: number;
  items: ItemEstimate[];
}

interface PathInfo {
  rate: number;
  firstHopRate: number;
  hops: number;
  delay: number;
  loss: number;
  /** Identifies the slowest link, so items crossing the same one share its rate. */
  bottleneck: string;
}

type Edge = { to: string; rate: number; delay: number; loss: number; key: string };

/**
 * The slowest rate, first-hop rate, hop count and one-way delay between two named nodes of
 * a general topology, by a function made once per topology: the links' adjacency was built
 * again for each traffic item (500 items on 999 links: a quarter of a second before a run
 * started in the app).
 */
function generalPaths(topo: Extract<EngineScenario['topology'], { kind: 'general' }>): (src: string | undefined, dst: string | undefined) => PathInfo {
  const adj = new Map<string, Edge[]>();
  topo.links.forEach((l, i) => {
    for (const [a, b, dir] of [
      [l.from, l.to, 'f'],
      [l.to, l.from, 'r'],
    ]) {
      if (!adj.has(a)) adj.set(a, []);
      adj.get(a)!.push({ to: b, rate: l.rate, delay: l.delay, loss: l.loss ?? 0, key: `${i}${dir}` });
    }
  });
  const fallback: PathInfo = { rate: topo.links.reduce((m, l) => Math.min(m, l.rate), Infinity), firstHopRate: Infinity, hops: 3, delay: 0.05, loss: 0, bottleneck: 'slowest' };
  return (src, dst) => {
    if (src === undefined || dst === undefined) return { ...fallback };
    // breadth-first: fewest hops, as the routes; each node reached by which edge from which node
    const via = new Map<string, Edge>();
    const from = new Map<string, string>();
    const seen = new Set([src]);
    const queue = [src];
    for (let i = 0; i < queue.length && !seen.has(dst); i++) {
      for (const e of adj.get(queue[i]) ?? []) {
        if (seen.has(e.to)) continue;
        seen.add(e.to);
        via.set(e.to, e);
        from.set(e.to, queue[i]);
        queue.push(e.to);
      }
    }
    if (!seen.has(dst)) return { ...fallback };
    let rate = Infinity;
    let firstHopRate = Infinity;
    let hops = 0;
    let delay = 0;
    let loss = 0;
    let bottleneck = '';
    for (let v = dst; v !== src; ) {
      const e = via.get(v)!;
      const u: string = from.get(v)!;
      if (e.rate <= rate) {
        rate = e.rate;
        bottleneck = e.key;
      }
      delay += e.delay;
      loss += e.loss;
      hops++;
      if (u === src) firstHopRate = e.rate;
      v = u;
    }
    return { rate, firstHopRate, hops, delay, loss, bottleneck };
  };
}

function meanFlowDelay(s: EngineScenario): number {
  const fd = s.topology.flowDelay;
  if (!fd) return 0;
  if (fd.kind === 'constant') return fd.value;
  if (fd.kind === 'uniform') return (fd.min + fd.max) / 2;
  if (fd.kind === 'packmime') return 0.054; // half the mean of ns-2.35's PackMime DelayBox round trips (108 ms)
  if (fd.kind === 'list') return fd.values.reduce((a, x) => a + x, 0) / fd.values.length;
  return fd.points.reduce((a, [x]) => Math.max(a, x), 0) / 2;
}

/**
 * The series columns of the bottleneck queue's own variables and thresholds (aqm.maxP,
 * th.minTh ...): which it has depends on its kind and parameters (adaptive RED's band, RED
 * in gentle mode's 2 max_th), so the queue is made, alone, and asked (a few objects).
 */
function bottleneckAqmColumns(s: EngineScenario): number {
  const { link, queue } = forwardBottleneck(s.topology);
  const q = makeQueue(queue, { pool: new PacketPool(1), rng: rngFor(s.seed, 'estimate'), linkRateBps: link.rate, linkDelayS: link.delay, name: 'estimate' });
  return seriesColumnNames(q, []).length - SERIES_BASE_COLUMNS;
}

/**
 * Estimates the run of a validated scenario. `series`: a consumer asked for time series.
 * `maxPackets`: the run's packet cap (DEFAULT_MAX_PACKETS, the CLI's): a run stops when
 * more packets than this are alive, so it never holds more.
 */
export function estimateRun(s: EngineScenario, opts: { series?: boolean; sampleInterval?: number; maxPackets?: number } = {}): RunEstimate {
  const topo = s.topology;
  let nodes: number;
  let links: number;
  let coreNodes: number;
  const paths: PathInfo[] = [];
  const extraDelay = meanFlowDelay(s);
  const flowsOf = (t: (typeof s.traffic)[number]): number => {
    const f = (t as unknown as { flows?: unknown }).flows;
    return typeof f === 'number' ? f : 0;
  };
  if (topo.kind === 'dumbbell') {
    nodes = topo.left.hosts + topo.right.hosts + 2;
    links = 2 * (1 + topo.left.hosts + topo.right.hosts);
    coreNodes = 2;
    // An item's flows go round-robin over the hosts of its side, each host with its own
    // access link: n flows from a side use min(n, hosts) of them, and what they carry
    // together is that many access links' rate. The estimate took one host's link as the
    // path's rate: with the default preset's four 100 Mb/s hosts, 500 flows through a
    // 10 Gb/s bottleneck for 300 s were estimated at 19 M events (100 Mb/s); the run
    // carried 4 x 100 Mb/s and made 58.6 M. A UDP item is one source on one host; web
    // items spread their connections over every host.
    const flowsFrom = { left: 0, right: 0 };
    for (const t of s.traffic) flowsFrom[t.from ?? 'left'] += flowsOf(t);
    for (const t of s.traffic) {
      const from = t.from ?? 'left';
      const [a, b] = from === 'left' ? [topo.left, topo.right] : [topo.right, topo.left];
      const spread = (hosts: number): number => (flowsOf(t) > 0 ? Math.min(hosts, flowsFrom[from]) : t.kind === 'udp' ? 1 : hosts);
      const rate = Math.min(spread(a.hosts) * a.rate, topo.bottleneck.rate, spread(b.hosts) * b.rate);
      paths.push({ rate, firstHopRate: a.rate, hops: 3, delay: a.delay + topo.bottleneck.delay + b.delay + extraDelay, loss: topo.bottleneck.loss ?? 0, bottleneck: from });
    }
  } else {
    nodes = topo.nodes.length;
    links = 2 * topo.links.length;
    const degree = new Map<string, number>();
    for (const l of topo.links) for (const n of [l.from, l.to]) degree.set(n, (degree.get(n) ?? 0) + 1);
    coreNodes = topo.nodes.filter((n) => (degree.get(n.name) ?? 0) !== 1).length;
    const generalPath = generalPaths(topo);
    for (const t of s.traffic) {
      const p = generalPath(t.src, t.dst);
      paths.push({ ...p, delay: p.delay + extraDelay });
    }
  }

  // end of the run: the duration, or the finite transfers pushed through their paths
  const openEnded = s.duration === undefined;
  let endSeconds = s.duration ?? 0;
  if (openEnded) {
    // finite transfers that cross the same slowest link go through it one after the other
    const bytesVia = new Map<string, number>();
    let lastStart = 0;
    let end = 0;
    s.traffic.forEach((t, i) => {
      const item = t as unknown as { start?: number; startSpread?: number; flows?: number; bytes?: number; stop?: number };
      const key = paths[i].bottleneck;
      bytesVia.set(key, (bytesVia.get(key) ?? 0) + (item.flows ?? 1) * (item.bytes ?? 0));
      lastStart = Math.max(lastStart, (item.start ?? 0) + (item.startSpread ?? 0));
      end = Math.max(end, item.stop ?? 0);
    });
    s.traffic.forEach((_t, i) => {
      const p = paths[i];
      end = Math.max(end, lastStart + ((bytesVia.get(p.bottleneck) ?? 0) * 8 * 1.1) / p.rate + 20 * 2 * p.delay);
    });
    // web traffic with stopAfterExchanges: the run ends when that many exchanges have completed
    if (s.stopAfterExchanges !== undefined) {
      const capacity = topo.kind === 'dumbbell' ? topo.bottleneck.rate : Math.min(...paths.map((p) => p.rate));
      const perSecond = s.traffic.reduce((a, t) => a + (trafficByKind(t.kind)?.exchangeRate?.(t as never, capacity) ?? 0), 0);
      if (perSecond > 0) end = Math.max(end, (s.warmup ?? 0) + s.stopAfterExchanges / perSecond);
    }
    endSeconds = Math.min(MAX_OPEN_DURATION, end);
  }

  // items whose flows cross the same slowest link share its rate, by number of flows
  const crossing = new Map<string, number>();
  s.traffic.forEach((t, i) => crossing.set(paths[i].bottleneck, (crossing.get(paths[i].bottleneck) ?? 0) + flowsOf(t)));
  const bq = forwardBottleneck(s.topology).queue as { limit?: number; unit?: string };
  const bufferPackets = bq.unit === 'bytes' ? (bq.limit ?? 0) / 1500 : (bq.limit ?? 0);
  const bufferBytes = bq.unit === 'bytes' ? (bq.limit ?? 0) : undefined;
  // UDP sources crossing the same slowest link: when together they send more than it
  // carries, each gets its part of it by rate, and of its queue, which they fill together
  // (two 8 Mb/s sources into 10 Mb/s: each alone fits, so neither counted the queue)
  const udpSent = (t: (typeof s.traffic)[number], i: number): number => (t.kind === 'udp' ? Math.min((t as { rate: number }).rate, paths[i].firstHopRate) : 0);
  const udpVia = new Map<string, number>();
  s.traffic.forEach((t, i) => udpVia.set(paths[i].bottleneck, (udpVia.get(paths[i].bottleneck) ?? 0) + udpSent(t, i)));
  const udpShare = (i: number): number => {
    const total = udpVia.get(paths[i].bottleneck) ?? 0;
    return total > paths[i].rate ? udpSent(s.traffic[i], i) / total : 1;
  };
  const items: ItemEstimate[] = [];
  const itemExchanges: (number | undefined)[] = [];
  let packetsInFlight = 0;
  let itemMemory = 0;
  let webMemory = 0;
  let flowColumns = 0;
  s.traffic.forEach((t, index) => {
    const d = trafficByKind(t.kind);
    const p = paths[index];
    const f = flowsOf(t);
    const share = f > 0 ? f / (crossing.get(p.bottleneck) ?? f) : t.kind === 'udp' ? udpShare(index) : 1;
    const ctx: TrafficEstimateContext = { duration: s.duration, tcp: s.tcp, endSeconds, pathRate: p.rate * share, firstHopRate: p.firstHopRate, hops: p.hops, rtt: 2 * p.delay, loss: p.loss, bufferPackets: bufferPackets * share, bufferBytes: bufferBytes !== undefined ? bufferBytes * share : undefined };
    const e = d?.estimate?.(t as never, ctx);
    const sizeField = 'load' in t && t.load !== undefined ? 'load' : (SIZE_FIELDS[t.kind] ?? null);
    // a bulk item's work is its flows times its bytes when it has a byte count
    const workFields = t.kind === 'bulk' && 'bytes' in t && t.bytes !== undefined ? ['flows', 'bytes'] : sizeField ? [sizeField] : [];
    if (!e) {
      items.push({ index, kind: t.kind, events: 0, packets: 0, flows: 0, memoryBytes: 0, sizeField, workFields });
      return;
    }
    itemExchanges[index] = e.exchanges;
    const memory = e.memoryBytes ?? e.flows * BYTES_PER_FLOW;
    items.push({ index, kind: t.kind, events: e.events ?? e.packets * p.hops * 1.25, packets: e.packets, flows: e.flows, memoryBytes: memory, sizeField, workFields });
    packetsInFlight += e.packetsInFlight ?? 0;
    itemMemory += memory;
    if (d?.exchangeRate !== undefined) webMemory += memory;
    flowColumns += e.seriesColumns ?? SERIES_COLUMNS_PER_FLOW * e.flows;
  });
  const maxPackets = opts.maxPackets ?? DEFAULT_MAX_PACKETS;
  const reachesPacketCap = packetsInFlight > maxPackets;
  packetsInFlight = Math.min(packetsInFlight, maxPackets);
  const events = items.reduce((a, x) => a + x.events, 0);
  const packets = items.reduce((a, x) => a + x.packets, 0);
  const flows = items.reduce((a, x) => a + x.flows, 0);

  // summary.web's records: one per exchange started after the warm-up (metrics/web.ts),
  // until stopAfterExchanges of them are done. bench-seeds000-full (250,000 exchanges) was
  // estimated at 8.5 MB and holds 23 MB of live heap at its end, 15 MB of them these records.
  let webExchanges = 0;
  s.traffic.forEach((t, i) => {
    const rate = trafficByKind(t.kind)?.exchangeRate;
    if (rate === undefined) return;
    const item = t as unknown as { start?: number; stop?: number };
    const share = flowsOf(t) > 0 ? flowsOf(t) / (crossing.get(paths[i].bottleneck) ?? flowsOf(t)) : 1;
    const span = Math.max(0, Math.min(item.stop ?? Infinity, endSeconds) - Math.max(s.warmup ?? 0, item.start ?? 0));
    webExchanges += rate(t as never, paths[i].rate * share) * span;
  });
  if (s.stopAfterExchanges !== undefined && webExchanges > 0) webExchanges = s.stopAfterExchanges;
  webExchanges = Math.ceil(webExchanges);

  // the CPU of web exchanges besides their events: every exchange of the run (the warm-up's
  // too: the item's own count when it gives one), each at a cost that grows with the run's
  // exchanges per second
  let exchangesPerSecond = 0;
  let allExchanges = 0;
  s.traffic.forEach((t, i) => {
    const rate = trafficByKind(t.kind)?.exchangeRate;
    if (rate === undefined) return;
    const item = t as unknown as { start?: number; stop?: number };
    const share = flowsOf(t) > 0 ? flowsOf(t) / (crossing.get(paths[i].bottleneck) ?? flowsOf(t)) : 1;
    const r = rate(t as never, paths[i].rate * share);
    exchangesPerSecond += r;
    allExchanges += itemExchanges[i] ?? r * Math.max(0, Math.min(item.stop ?? Infinity, endSeconds) - (item.start ?? 0));
  });
  if (s.stopAfterExchanges !== undefined && allExchanges > 0) allExchanges = Math.min(allExchanges, s.stopAfterExchanges + exchangesPerSecond * (s.warmup ?? 0));
  const work = events + allExchanges * EXCHANGE_EVENTS_PER_SQRT_RATE * Math.sqrt(exchangesPerSecond);

  const interval = opts.sampleInterval ?? defaultSampleInterval(s.duration);
  const seriesColumns = SERIES_BASE_COLUMNS + (opts.series ? bottleneckAqmColumns(s) : 0) + flowColumns;
  const seriesSamples = opts.series ? Math.floor(endSeconds / interval) + 2 : 0;
  const memoryBytes = BASE_BYTES + nodes * BYTES_PER_NODE + links * BYTES_PER_LINK + 4 * coreNodes * coreNodes + itemMemory + poolBytes(packetsInFlight) + (webExchanges > 0 ? webRecordsBytes(webExchanges) : 0) + (opts.series ? seriesColumns * 64 * 8 : 0);
  const garbageBytes = Math.min(WEB_GARBAGE_MAX_BYTES, WEB_GARBAGE_PER_CONNECTION_BYTE * webMemory);
  return {
    endSeconds,
    openEnded,
    events,
    packets,
    flows,
    nodes,
    links,
    packetsInFlight,
    reachesPacketCap,
    seriesColumns,
    seriesSamples,
    seriesValues: seriesColumns * seriesSamples,
    webExchanges,
    memoryBytes,
    garbageBytes,
    work,
    wallSeconds: work / NOMINAL_EVENTS_PER_SECOND,
    items,
  };
}

/** 1234567 -> "1.2 M", 6.3e11 -> "630 G". */
export function countText(x: number): string {
  const units: [number, string][] = [
    [1e12, 'T'],
    [1e9, 'G'],
    [1e6, 'M'],
    [1e3, 'k'],
  ];
  for (const [u, name] of units) if (x >= u) return `${+(x / u).toPrecision(2)} ${name}`;
  return String(Math.round(x));
}

export function bytesText(b: number): string {
  if (b >= 1e9) return `${+(b / 1e9).toPrecision(2)} GB`;
  if (b >= 1e6) return `${+(b / 1e6).toPrecision(2)} MB`;
  return `${Math.max(1, Math.round(b / 1e3))} kB`;
}

/** "under a second", "about 12 s", "about 43 hours". */
export function durationText(s: number): string {
  if (s < 1) return 'under a second';
  if (s < 90) return `about ${Math.round(s)} s`;
  if (s < 5400) return `about ${Math.round(s / 60)} min`;
  if (s < 2 * 86400) return `about ${+(s / 3600).toPrecision(2)} hours`;
  return `about ${+(s / 86400).toPrecision(2)} days`;
}

/** 2.9e-6 -> "2.9e-6", 0.25 -> "0.25". */
function secondsValue(s: number): string {
  return s < 1e-3 ? s.toExponential(1).replace('e-', 'e-') : String(+s.toPrecision(2));
}

/**
 * One line: "about 1.3 M events, 300 k packets, 12 MB of memory for the run; about 1 s at 4 M
 * events/s". `measuredEventsPerSec`: the time at this rate, measured on the machine (the app's
 * runs so far), instead of the nominal one. `processBaseBytes`: what the process running it
 * takes besides (the CLI's CLI_PROCESS_BASE_BYTES), to give the whole process's memory too
 * (with the run's garbage, garbageBytes):
 * "2.6 MB" was read as what `top` would show for a process that peaked at 74 MB.
 */
export function estimateText(e: RunEstimate, measuredEventsPerSec?: number, processBaseBytes?: number): string {
  const series = e.seriesValues > 0 ? `, series ${countText(e.seriesValues)} values (${bytesText(8 * e.seriesValues)})` : '';
  const m = measuredEventsPerSec !== undefined && measuredEventsPerSec > 0 ? measuredEventsPerSec : undefined;
  // web exchanges' own work (connections, garbage collection) said, or the time would not follow from the events
  const extra = e.work > 1.05 * e.events ? ` with web connections' own work counted as ${countText(e.work - e.events)} events more` : '';
  const time = m !== undefined ? `${durationText(e.work / m)} at ${countText(m)} events/s, the pace measured in this tab's runs${extra ? `,${extra}` : ''}` : `${durationText(e.wallSeconds)} at ${countText(NOMINAL_EVENTS_PER_SECOND)} events/s${extra ? `,${extra}` : ''}`;
  const cap = e.reachesPacketCap ? `; its queues would hold more packets than the cap of ${countText(e.packetsInFlight)}: the run will stop when they reach it` : '';
  return `about ${countText(e.events)} events, ${countText(e.packets)} packets, ${bytesText(e.memoryBytes)} of memory for the run${processBaseBytes !== undefined ? ` (about ${bytesText(e.memoryBytes + e.garbageBytes + processBaseBytes)} for the whole process)` : ''}${series}; ${time}${e.openEnded ? ` (no duration: assumed to end near ${+e.endSeconds.toPrecision(3)} s)` : ''}${cap}`;
}

/** What a run may use before the CLI refuses it (unless forced) and the app asks. */
export interface RunLimits {
  maxEvents: number;
  maxMemoryBytes: number;
  maxSeriesValues: number;
}

/** The CLI's limits: about 10 minutes of work, 4 GB, 10^8 series values (a CSV file of ~1 GB). */
export const DEFAULT_LIMITS: RunLimits = { maxEvents: 2.4e9, maxMemoryBytes: 4e9, maxSeriesValues: 1e8 };

/**
 * Why the estimated run is beyond the limits: each message names the limit, the estimate
 * and what to change (the biggest traffic item's fields, the duration, the sampling).
 * `flags` names the command-line options that raise each limit (or lower the packet cap), when there are some.
 */
export function runSizeProblems(e: RunEstimate, limits: RunLimits, flags: { events?: string; series?: string; packets?: string } = {}): string[] {
  const out: string[] = [];
  if (e.events > limits.maxEvents) {
    const big = [...e.items].sort((a, b) => b.events - a.events)[0];
    const who = big && e.items.length > 1 ? `; traffic.${big.index} (${big.kind}) alone needs ${countText(big.events)}` : '';
    // named by the item's own fields: 500,000 browsing users were told "fewer flows or bytes"
    const what =
      big?.kind === 'udp'
        ? `traffic.${big.index}.rate or raise traffic.${big.index}.packetSize`
        : big && big.workFields.length > 0
          ? `${big.workFields.map((f) => `traffic.${big.index}.${f}`).join(' or ')} (traffic.${big.index}, ${big.kind})`
          : big
            ? `traffic.${big.index}`
            : 'the traffic';
    out.push(
      `this run needs about ${countText(e.events)} events (${durationText(e.wallSeconds)} at ${countText(NOMINAL_EVENTS_PER_SECOND)} events/s)${who}; the limit is ${countText(limits.maxEvents)} events: ${e.openEnded ? '' : 'shorten duration, '}lower ${what}${flags.events ? `, or run it anyway with ${flags.events}` : ''}`,
    );
  }
  if (e.seriesValues > limits.maxSeriesValues) {
    const minInterval = (e.endSeconds * e.seriesColumns) / limits.maxSeriesValues;
    out.push(
      `the time series would hold ${countText(e.seriesValues)} values (${countText(e.seriesSamples)} samples x ${e.seriesColumns} columns); the cap is ${countText(limits.maxSeriesValues)}: sample every ${secondsValue(minInterval)} s or more (${flags.series ?? 'the sampling interval'})${e.openEnded ? '' : ', or shorten duration'}`,
    );
  }
  if (e.memoryBytes > limits.maxMemoryBytes) {
    // the item that holds most of it, named by its own field (a million browsing users were
    // told to "use fewer hosts or flows")
    const big = [...e.items].sort((a, b) => b.memoryBytes - a.memoryBytes)[0];
    // most of it packets a flood piles up in deep queues: the queues and the rate, not hosts
    const what =
      big?.sizeField && big.memoryBytes > e.memoryBytes / 2
        ? `lower traffic.${big.index}.${big.sizeField} (traffic.${big.index}, ${big.kind}, needs ${bytesText(big.memoryBytes)})`
        : poolBytes(e.packetsInFlight) > e.memoryBytes / 2
          ? `lower the queue limits (topology.*.queue.limit) or the traffic's rate, or the packet cap${flags.packets ? ` (${flags.packets})` : ''}`
          : 'use fewer hosts (topology.left.hosts, topology.right.hosts) or flows, or smaller queue limits';
    out.push(
      `this run needs about ${bytesText(e.memoryBytes)} of memory (${countText(e.links)} links, ${countText(e.flows)} flows, ${countText(e.packetsInFlight)} packets in flight); the cap is ${bytesText(limits.maxMemoryBytes)}: ${what}`,
    );
  }
  return out;
}
