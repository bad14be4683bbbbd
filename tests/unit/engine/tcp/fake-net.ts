/**
 * A tiny two-node network for TCP tests: node 0 and node 1 joined by one link per
 * direction, each with a rate (serialisation, FIFO), a fixed propagation delay and an
 * optional per-packet extra delay (to reorder). A scripted filter may drop or CE-mark
 * packets as they enter a link. It has its own small event loop (objects and closures
 * are fine here: this is test code).
 */
import { defaultsOf } from '../../../../src/engine/core/params';
import { fromSeconds, txTimeNs } from '../../../../src/engine/core/time';
import type { Agent, FlowEvent, FlowEventSink, Net } from '../../../../src/engine/net/agent';
import { ECN_CE, PacketPool, type PacketView } from '../../../../src/engine/net/packet';
import { createTcpConnection, type TcpConnectionConfig } from '../../../../src/engine/tcp/connection';
import { TCP_PARAMS, type TcpParams } from '../../../../src/engine/tcp/params';

export type Verdict = 'pass' | 'drop' | 'mark';

export interface LinkSpec {
  rateBps: number;
  delayS: number;
}

export interface FakeNetOptions {
  /** Link from node 0 to node 1 (data direction in most tests). */
  forward: LinkSpec;
  /** Link from node 1 to node 0 (default: same as forward). */
  reverse?: LinkSpec;
  /** Decides the fate of each packet entering a link. */
  filter?: (net: FakeNet, p: number, fromNode: number) => Verdict;
  /** Extra delay (ns) added to one packet's propagation, e.g. to reorder. */
  jitter?: (net: FakeNet, p: number, fromNode: number) => number;
  /** Collect flow events. */
  events?: boolean;
}

interface Ev {
  t: number;
  seq: number;
  fn: () => void;
  cancelled: boolean;
}

/** One record per packet handed to net.send. */
export interface SentRecord {
  t: number;
  from: number;
  view: PacketView;
  verdict: Verdict;
}

export class FakeNet implements Net, FlowEventSink {
  readonly pool = new PacketPool(256);
  readonly flowEvents: FlowEventSink | null;
  readonly log: SentRecord[] = [];
  readonly flowLog: FlowEvent[] = [];
  /** Called after each packet is handed to send (before delivery). */
  onSend: ((from: number, p: number, t: number) => void) | null = null;
  private readonly agents: Agent[] = [];
  private heap: Ev[] = [];
  private seqNo = 0;
  private clock = 0;
  private readonly linkFree = [0, 0];
  private readonly links: LinkSpec[];

  constructor(private readonly opts: FakeNetOptions) {
    this.links = [opts.forward, opts.reverse ?? opts.forward];
    this.flowEvents = opts.events ? this : null;
  }

  flowEvent(e: FlowEvent): void {
    this.flowLog.push(e);
  }

  now(): number {
    return this.clock;
  }

  addAgent(a: Agent): void {
    a.id = this.agents.length;
    this.agents.push(a);
  }

  send(fromNode: number, p: number): void {
    const pool = this.pool;
    const t = this.clock;
    const verdict = this.opts.filter ? this.opts.filter(this, p, fromNode) : 'pass';
    if (verdict === 'mark') pool.ecn[p] = ECN_CE;
    this.log.push({ t, from: fromNode, view: pool.describe(p), verdict });
    if (this.onSend) this.onSend(fromNode, p, t);
    if (verdict === 'drop') {
      pool.free(p);
      return;
    }
    const dir = fromNode === 0 ? 0 : 1;
    const link = this.links[dir];
    const start = Math.max(t, this.linkFree[dir]);
    const done = start + txTimeNs(pool.size[p], link.rateBps);
    this.linkFree[dir] = done;
    const extra = this.opts.jitter ? this.opts.jitter(this, p, fromNode) : 0;
    const arrive = done + fromSeconds(link.delayS) + extra;
    this.schedule(arrive, () => {
      const a = this.agents[pool.agent[p]];
      a.recv(p, this.clock);
      pool.free(p);
    });
  }

  setTimer(agent: Agent, kind: number, at: number): number {
    const ev = this.schedule(at, () => agent.onTimer(kind, this.clock));
    return ev.seq;
  }

  cancelTimer(handle: number): void {
    for (const e of this.heap) if (e.seq === handle) e.cancelled = true;
  }

  /** Runs a function at time t (ns). */
  at(t: number, fn: () => void): void {
    this.schedule(t, fn);
  }

  /** Runs events until the queue is empty or time passes `untilS` seconds. */
  run(untilS: number): void {
    const until = fromSeconds(untilS);
    while (this.heap.length > 0) {
      const e = this.pop();
      if (e.t > until) {
        this.push(e);
        this.clock = until;
        return;
      }
      this.clock = e.t;
      if (!e.cancelled) e.fn();
    }
  }

  private schedule(t: number, fn: () => void): Ev {
    const e: Ev = { t, seq: this.seqNo++, fn, cancelled: false };
    this.push(e);
    return e;
  }

  private less(a: Ev, b: Ev): boolean {
    return a.t < b.t || (a.t === b.t && a.seq < b.seq);
  }

  private push(e: Ev): void {
    const h = this.heap;
    h.push(e);
    let i = h.length - 1;
    while (i > 0) {
      const q = (i - 1) >> 1;
      if (!this.less(h[i], h[q])) break;
      [h[i], h[q]] = [h[q], h[i]];
      i = q;
    }
  }

  private pop(): Ev {
    const h = this.heap;
    const top = h[0];
    const last = h.pop()!;
    if (h.length > 0) {
      h[0] = last;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < h.length && this.less(h[l], h[m])) m = l;
        if (r < h.length && this.less(h[r], h[m])) m = r;
        if (m === i) break;
        [h[i], h[m]] = [h[m], h[i]];
        i = m;
      }
    }
    return top;
  }

  /** Data segments (payload > 0) sent from `node`, in order. */
  dataSent(node = 0): SentRecord[] {
    return this.log.filter((r) => r.from === node && r.view.payload > 0);
  }

  events(kind: FlowEvent['kind']): FlowEvent[] {
    return this.flowLog.filter((e) => e.kind === kind);
  }
}

/** TCP parameters: the declared defaults with overrides. */
export function tcpParams(over: Partial<TcpParams> = {}): TcpParams {
  return { ...defaultsOf(TCP_PARAMS), ...over };
}

/** A FakeNet with one connection from node 0 (sender) to node 1 (receiver), started at t = 0. */
export function oneFlow(opts: FakeNetOptions, params: Partial<TcpParams>, cfg: Partial<TcpConnectionConfig> = {}) {
  const net = new FakeNet(opts);
  const p = tcpParams(params);
  const conn = createTcpConnection(net, { flow: 0, srcNode: 0, dstNode: 1, params: p, bytes: 100_000, ...cfg });
  net.addAgent(conn.sender);
  net.addAgent(conn.receiver);
  net.at(0, () => conn.sender.start(0));
  return { net, ...conn, params: p };
}

/** Drops the first transmission of the data segments starting at the given byte offsets. */
export function dropFirst(seqs: number[]): (net: FakeNet, p: number, from: number) => Verdict {
  const left = new Set(seqs);
  return (net, p, from) => {
    const pool = net.pool;
    if (from === 0 && pool.payload[p] > 0 && left.has(pool.seq[p])) {
      left.delete(pool.seq[p]);
      return 'drop';
    }
    return 'pass';
  };
}

/**
 * A Net that delivers nothing: it records every packet an agent sends (and frees it) and
 * keeps timers in a list that the test fires by hand. For testing one endpoint alone.
 */
export class RecordingNet implements Net {
  readonly pool = new PacketPool(64);
  readonly flowEvents: FlowEventSink | null = null;
  readonly sent: (PacketView & { t: number; echo: number })[] = [];
  private timers: { at: number; agent: Agent; kind: number; handle: number; live: boolean }[] = [];
  private nextHandle = 0;
  clock = 0;

  now(): number {
    return this.clock;
  }

  send(_from: number, p: number): void {
    this.sent.push({ ...this.pool.describe(p), t: this.clock, echo: this.pool.echo[p] });
    this.pool.free(p);
  }

  setTimer(agent: Agent, kind: number, at: number): number {
    const handle = this.nextHandle++;
    this.timers.push({ at, agent, kind, handle, live: true });
    return handle;
  }

  cancelTimer(handle: number): void {
    for (const t of this.timers) if (t.handle === handle) t.live = false;
  }

  /** Advances the clock to `t` (ns), firing due timers in time order. */
  advance(t: number): void {
    for (;;) {
      const due = this.timers.filter((x) => x.live && x.at <= t).sort((a, b) => a.at - b.at || a.handle - b.handle);
      if (due.length === 0) break;
      const x = due[0];
      x.live = false;
      this.clock = x.at;
      x.agent.onTimer(x.kind, x.at);
    }
    this.clock = t;
  }

  /** Hands a packet to an agent as if it had arrived now, then frees it as the simulator does. */
  deliver(agent: Agent, fill: (pool: PacketPool, p: number) => void): void {
    const p = this.pool.alloc();
    this.pool.agent[p] = agent.id;
    fill(this.pool, p);
    agent.recv(p, this.clock);
    this.pool.free(p);
  }
}
