import type { Simulator } from '../core/simulator';
import type { WebDirection, WebStats } from '../metrics/web';
import type { Agent, FlowEventSink, Net } from '../net/agent';
import { F_ACK, F_ECE, F_FIN, F_SYN, type PacketPool } from '../net/packet';
import type { TcpParams } from '../tcp/params';
import type { TrafficContext } from './types';
import { R_LISTEN, R_ESTABLISHED, R_SYN_SENT, TcpReceiver } from '../tcp/receiver';
import { tcpVariant } from '../tcp/registry';
import { S_DONE, S_ESTABLISHED, S_SYN_RCVD, TcpSender } from '../tcp/sender';

/**
 * HTTP request/response exchanges over short TCP connections, shared by the web traffic
 * kinds (packmime, web-users, web-sessions).
 *
 * A connection joins a client host and a server host. It is full duplex, built from the
 * project's one-way TCP halves: the response travels server -> client (a TcpSender at
 * the server, a TcpReceiver at the client) and the request client -> server (a TcpSender
 * at the client, a TcpReceiver at the server). The response half carries the handshake:
 * the client sends the SYN, the server answers with the SYN-ACK (so ECN+ marks the SYN-ACK
 * on the data path, seeds/003), the client acknowledges it and writes its request; the
 * server waits its server delay after the whole request has arrived, writes the response
 * and, after the last response of the connection, closes (FIN; the client answers FIN-ACK).
 * Data segments carry the acknowledgment of the other direction, as in a full-duplex TCP:
 * each response segment acknowledges the request so far and each request segment the
 * response, so a delayed ACK of the request rides on the response when the server answers
 * before the delayed-ACK timer (the FIN is not carried on the last data segment).
 *
 * Each endpoint is one Agent (WebEnd) that hands each packet to the half it is for. Agent
 * slots are recycled when a connection has closed and none of its timers is pending, so a
 * run holds only the connections open at a time. Every exchange has its own flow id, so
 * packets of an exchange still in flight when its slot is reused (a late retransmission)
 * are recognised and dropped, and drops can be counted per exchange.
 *
 * On a persistent connection each further exchange starts fresh halves that take over the
 * connection's state (cwnd, ssthresh, RTT estimate, ECN), with the restart after idle of
 * RFC 5681 §4.1: a sender that has sent nothing for more than one RTO starts again from
 * min(cwnd, initial window).
 */

/** One request/response exchange, as the traffic model draws it. */
export interface WebExchange {
  /** Request bytes (>= 1). */
  req: number;
  /** Response bytes (>= 1). */
  rsp: number;
  /** Time the server takes between the last request byte and the first response byte, ns. */
  serverDelayNs: number;
  /** Wait after the previous response before this request is written, ns (ignored for the first exchange). */
  gapNs: number;
  /** The server closes the connection after this response. */
  last: boolean;
}

/** The traffic model behind a connection. */
export interface WebClient {
  /**
   * The k-th exchange (0, 1, ...): called at the open for k = 0, and when exchange k - 1
   * completes. For k >= 1 null means there is nothing more to ask: the server closes.
   */
  nextExchange(conn: WebConnection, k: number): WebExchange | null;
  /** Exchange k received its last response byte at `now`. */
  exchangeDone?(conn: WebConnection, k: number, now: number): void;
  /** The connection closed (the server's FIN was acknowledged). */
  connectionClosed?(conn: WebConnection, now: number): void;
}

export interface OpenOptions {
  clientNode: number;
  serverNode: number;
  /** Direction of the response on the bottleneck (statistics). */
  dir: WebDirection;
  tcp: TcpParams;
  /** Extra one-way delay of this connection (DelayBox), ns. */
  delayNs: number;
  /** What the connection belongs to, for the exchanges' records (WebHub.take ids; absent: -1, none). */
  user?: number;
  session?: number;
  page?: number;
}

/** Which way the responses of a web item cross the bottleneck. */
export const DIRECTION_PARAM = {
  type: 'enum',
  values: ['forward', 'reverse', 'both'],
  valueDocs: {
    forward: 'servers on the left (or at src), clients on the right (or at dst): responses cross the bottleneck left to right',
    reverse: 'servers on the right (dst), clients on the left (src): responses cross right to left',
    both: 'two-way traffic: clients and servers on both sides, the same workload in each direction (seeds/000 §5.1)',
  },
  default: 'forward',
  label: 'Direction',
  doc: 'Which way the responses cross the bottleneck; "both" runs one copy of the workload each way.',
  ref: 'seeds/000 §6.3 (two-way traffic)',
} as const;

/** The hosts of one direction: servers send the responses, clients the requests. */
export interface WebSides {
  servers: readonly number[];
  clients: readonly number[];
  dir: WebDirection;
}

/** forward: servers at the item's src side; reverse: at dst; both: one set each way. */
export function webSides(direction: string, ctx: TrafficContext): WebSides[] {
  const fwd: WebSides = { servers: ctx.src, clients: ctx.dst, dir: 0 };
  const rev: WebSides = { servers: ctx.dst, clients: ctx.src, dir: 1 };
  return direction === 'forward' ? [fwd] : direction === 'reverse' ? [rev] : [fwd, rev];
}

const TIMER_APP = 8;

/**
 * The network as one TCP half sees it: sends go to the simulator, timers are set on the
 * endpoint's agent with the half's own range of timer kinds, and the pending ones are
 * tracked so a closing connection can cancel them.
 */
class HalfNet implements Net {
  readonly pool: PacketPool;
  readonly flowEvents: FlowEventSink | null = null;
  /** Handle of the pending timer of each kind (0..3), -1 if none is known to be pending. */
  readonly pending = [-1, -1, -1, -1];
  /** Time the half last sent a data segment (ns), -1 before. */
  lastDataSend = -1;
  /** SYN segments sent (the client's response receiver: > 1 means the SYN was retransmitted). */
  syns = 0;
  /** The receiver of the other direction at this end: its ACK rides on this half's data segments. */
  carrier: TcpReceiver | null = null;

  constructor(
    private readonly sim: Simulator,
    private readonly end: WebEnd,
    private readonly base: number,
  ) {
    this.pool = sim.pool;
  }
  now(): number {
    return this.sim.clock;
  }
  send(fromNode: number, p: number): void {
    const pool = this.pool;
    if (pool.payload[p] > 0) {
      this.lastDataSend = this.sim.clock;
      if (this.carrier !== null && this.carrier.state === R_ESTABLISHED) this.carrier.carryAck(p);
    } else if ((pool.flags[p] & F_SYN) !== 0) this.syns++;
    this.sim.send(fromNode, p);
  }
  setTimer(_agent: Agent, kind: number, at: number): number {
    const h = this.sim.setTimer(this.end, this.base + kind, at);
    this.end.pendingTimers++;
    this.pending[kind] = h;
    return h;
  }
  cancelTimer(handle: number): void {
    this.sim.cancelTimer(handle);
    this.end.pendingTimers--;
    for (let k = 0; k < 4; k++) if (this.pending[k] === handle) this.pending[k] = -1;
  }
  /** A timer of `kind` fired (it may not have been the tracked one; forgetting is safe, cancelling a fired one is not). */
  fired(kind: number): void {
    this.pending[kind] = -1;
  }
  cancelAll(): void {
    for (let k = 0; k < 4; k++) {
      const h = this.pending[k];
      if (h >= 0) this.cancelTimer(h);
    }
  }
}

/** One endpoint of a web connection (client or server): the agent the simulator delivers to. */
class WebEnd implements Agent {
  id = -1;
  /** Timer events set on this agent and not yet run or cancelled: the slot is reused only at 0. */
  pendingTimers = 0;
  /** The connection has finished; release the slot when the last timer has run. */
  draining = false;
  constructor(
    readonly conn: WebConnection,
    readonly isServer: boolean,
    readonly node: number,
  ) {}
  recv(p: number, now: number): void {
    this.conn.recv(this, p, now);
  }
  onTimer(kind: number, now: number): void {
    this.pendingTimers--;
    if (this.draining) {
      if (this.pendingTimers === 0) this.conn.hub.release(this);
      return;
    }
    this.conn.timer(this, kind, now);
  }
}

/** Agent left in a released slot until it is reused: ignores everything. */
const IDLE_AGENT: Agent = { id: -1, node: -1, recv() {}, onTimer() {} };

/** The four TCP halves of one exchange and their networks. */
interface Halves {
  flow: number;
  rspSender: TcpSender;
  rspReceiver: TcpReceiver;
  reqSender: TcpSender;
  reqReceiver: TcpReceiver;
  nets: HalfNet[];
}

export class WebConnection {
  readonly client: WebEnd;
  readonly server: WebEnd;
  readonly dir: WebDirection;
  readonly tcp: TcpParams;
  readonly delayNs: number;
  /** Round-trip propagation delay of the connection (path both ways plus twice the DelayBox delay), ns. */
  readonly rttNs: number;
  /** Free for the traffic model (e.g. the page a browsing user is loading). */
  tag: unknown = null;
  /** Number of the connection in the run (0, 1, ... in the order they open), shared by the exchanges of a persistent connection. */
  readonly id: number;
  /** The browsing user (web-users), session (web-sessions) and page it belongs to, -1 where the model has none (packmime). */
  readonly user: number;
  readonly session: number;
  readonly page: number;

  /** Current exchange. */
  k = 0;
  ex!: WebExchange;
  private h!: Halves;
  private startNs = 0;
  private requestStarted = false;
  private responseScheduled = false;
  private responseDone = false;
  private next: WebExchange | null = null;
  private appHandle = [-1, -1];
  closed = false;

  constructor(
    readonly hub: WebHub,
    private readonly model: WebClient,
    o: OpenOptions,
  ) {
    this.dir = o.dir;
    this.tcp = o.tcp;
    this.delayNs = o.delayNs;
    this.id = hub.take('connection');
    this.user = o.user ?? -1;
    this.session = o.session ?? -1;
    this.page = o.page ?? -1;
    this.client = new WebEnd(this, false, o.clientNode);
    this.server = new WebEnd(this, true, o.serverNode);
    this.rttNs = hub.pathDelayNs(o.clientNode, o.serverNode) + hub.pathDelayNs(o.serverNode, o.clientNode) + 2 * o.delayNs;
  }

  /** Flow id of the current exchange. */
  get flow(): number {
    return this.h.flow;
  }

  /** Opens the connection now: the client's SYN goes out. */
  open(now: number): void {
    this.hub.acquire(this.client);
    this.hub.acquire(this.server);
    const first = this.model.nextExchange(this, 0);
    if (first === null) throw new Error('a web connection needs a first exchange');
    this.ex = first;
    this.h = this.makeHalves(null);
    this.beginExchange(now);
    // the response sender listens, and has the client's receiver send the SYN
    this.h.rspSender.start(now);
  }

  private makeHalves(prev: Halves | null): Halves {
    const sim = this.hub.sim;
    const flow = this.hub.newFlow(this.delayNs);
    const tcp = this.tcp;
    const variant = tcpVariant(tcp.variant);
    const nets = [new HalfNet(sim, this.server, 0), new HalfNet(sim, this.client, 4), new HalfNet(sim, this.client, 0), new HalfNet(sim, this.server, 4)];
    const rspSender = new TcpSender(nets[0], {
      flow,
      node: this.server.node,
      params: tcp,
      recovery: variant.create({}, { tcp }),
      bytes: 0,
      opener: 'receiver',
      autoClose: false,
    });
    const rspReceiver = new TcpReceiver(nets[1], { flow, node: this.client.node, params: tcp, sack: variant.sack });
    const reqSender = new TcpSender(nets[2], {
      flow,
      node: this.client.node,
      params: tcp,
      recovery: variant.create({}, { tcp }),
      bytes: 0,
      opener: 'sender',
      autoClose: false,
    });
    const reqReceiver = new TcpReceiver(nets[3], { flow, node: this.server.node, params: tcp, sack: variant.sack });
    const client = this.client;
    const server = this.server;
    rspSender.peer = { id: client.id, node: client.node, open: (now: number) => rspReceiver.open(now) };
    rspReceiver.peer = { id: server.id, node: server.node };
    reqSender.peer = { id: server.id, node: server.node, open: () => {} };
    reqReceiver.peer = { id: client.id, node: client.node };
    nets[0].carrier = reqReceiver;
    nets[2].carrier = rspReceiver;
    if (prev !== null) {
      // a later exchange on a persistent connection: the connection is established and keeps its state
      resume(rspSender, prev.rspSender);
      resume(reqSender, prev.reqSender);
      rspReceiver.state = R_ESTABLISHED;
      reqReceiver.state = R_ESTABLISHED;
      rspReceiver.ecnOk = reqReceiver.ecnOk = prev.rspSender.ecnOk;
      nets[0].lastDataSend = prev.nets[0].lastDataSend;
      nets[2].lastDataSend = prev.nets[2].lastDataSend;
    }
    return { flow, rspSender, rspReceiver, reqSender, reqReceiver, nets };
  }

  private beginExchange(now: number): void {
    this.startNs = now;
    this.responseScheduled = false;
    this.responseDone = false;
    this.hub.stats.exchangeStarted(now);
  }

  /** A packet for this connection reached one of its ends. */
  recv(end: WebEnd, p: number, now: number): void {
    const pool = this.hub.sim.pool;
    const h = this.h;
    if (this.closed || pool.flow[p] !== h.flow) return; // a late packet of an earlier exchange
    if (end.isServer) {
      if (pool.payload[p] > 0) {
        // request data (its ACK flag completes a handshake whose pure ACK was lost)
        if (h.rspSender.state === S_SYN_RCVD) h.rspSender.acceptHandshake(now, false);
        const r = h.reqReceiver;
        r.ecnOk = h.rspSender.ecnOk;
        r.recv(p, now);
        this.ackOnData(h.rspSender, p, now);
        if (!this.responseScheduled && r.bytesDelivered >= this.ex.req) this.scheduleResponse(now);
      } else {
        h.rspSender.recv(p, now);
        if (h.rspSender.state === S_DONE) this.finish(now);
      }
      return;
    }
    if (pool.payload[p] > 0 || (pool.flags[p] & (F_SYN | F_FIN)) !== 0) {
      const r = h.rspReceiver;
      r.recv(p, now);
      this.ackOnData(h.reqSender, p, now);
      if (!this.requestStarted && r.state !== R_SYN_SENT && r.state !== R_LISTEN) this.startFirstRequest(now);
      if (!this.responseDone && this.requestStarted && r.bytesDelivered >= this.ex.rsp) this.exchangeComplete(now);
    } else h.reqSender.recv(p, now);
  }

  /**
   * A data segment carried an acknowledgment for the sender of the other direction at this
   * end: hand it over as the ACK it is if it acknowledges new data (an ACK on a data segment
   * is never a duplicate ACK, RFC 5681 §2).
   */
  private ackOnData(s: TcpSender, p: number, now: number): void {
    const pool = this.hub.sim.pool;
    if (pool.payload[p] <= 0 || s.state !== S_ESTABLISHED || !(pool.ack[p] > s.sndUna)) return;
    const a = pool.alloc();
    pool.flow[a] = pool.flow[p];
    pool.ack[a] = pool.ack[p];
    pool.flags[a] = F_ACK | (pool.flags[p] & F_ECE);
    pool.echo[a] = -1;
    s.recv(a, now);
    pool.free(a);
  }

  /** The handshake is done (SYN-ACK received): the client writes its first request. */
  private startFirstRequest(now: number): void {
    this.requestStarted = true;
    const s = this.h.reqSender;
    s.state = S_ESTABLISHED;
    s.ecnOk = this.h.rspReceiver.ecnOk;
    // the handshake's RTT seeds the request sender's RTO, unless the SYN was retransmitted (Karn)
    // (nor when a CE-marked SYN-ACK was reported and a second one awaited, RFC 5562 §3.2)
    if (this.h.nets[1].syns === 1 && !this.h.rspReceiver.synAckCeReported) s.rtoEst.sample(now - this.startNs);
    s.write(this.ex.req, now);
  }

  private scheduleResponse(now: number): void {
    this.responseScheduled = true;
    if (this.ex.serverDelayNs <= 0) this.writeResponse(now);
    else this.setAppTimer(this.server, now + this.ex.serverDelayNs);
  }

  private writeResponse(now: number): void {
    const s = this.h.rspSender;
    restartIfIdle(s, this.h.nets[0], now);
    s.write(this.ex.rsp, now);
    if (this.ex.last) s.closeWhenDone(now);
  }

  private exchangeComplete(now: number): void {
    this.responseDone = true;
    const hub = this.hub;
    hub.stats.exchangeDone(this.startNs, now, this.ex.req, this.ex.rsp, this.rttNs, this.dir, hub.dropsOf(this.h.flow), this);
    this.model.exchangeDone?.(this, this.k, now);
    if (this.ex.last || this.closed) return;
    const next = this.model.nextExchange(this, this.k + 1);
    if (next === null) {
      // nothing more to ask on this persistent connection: the server closes it
      this.h.rspSender.closeWhenDone(now);
      return;
    }
    this.next = next;
    if (next.gapNs <= 0) this.nextRequest(now);
    else this.setAppTimer(this.client, now + next.gapNs);
  }

  /** Persistent connection: the client writes its next request on fresh halves that take over the connection's state. */
  private nextRequest(now: number): void {
    const next = this.next as WebExchange;
    this.next = null;
    for (const n of this.h.nets) n.cancelAll();
    this.h = this.makeHalves(this.h);
    this.k++;
    this.ex = next;
    this.beginExchange(now);
    this.requestStarted = true;
    const s = this.h.reqSender;
    restartIfIdle(s, this.h.nets[2], now);
    s.write(next.req, now);
  }

  private setAppTimer(end: WebEnd, at: number): void {
    const i = end.isServer ? 1 : 0;
    this.appHandle[i] = this.hub.sim.setTimer(end, TIMER_APP, at);
    end.pendingTimers++;
  }

  /** A timer set on one of the ends fired. */
  timer(end: WebEnd, kind: number, now: number): void {
    if (kind === TIMER_APP) {
      this.appHandle[end.isServer ? 1 : 0] = -1;
      if (this.closed) return;
      if (end.isServer) this.writeResponse(now);
      else this.nextRequest(now);
      return;
    }
    const h = this.h;
    const k = kind & 3;
    if (end.isServer) {
      if (kind < 4) {
        h.nets[0].fired(k);
        h.rspSender.onTimer(k, now);
      } else {
        h.nets[3].fired(k);
        h.reqReceiver.onTimer(k, now);
      }
    } else if (kind < 4) {
      h.nets[2].fired(k);
      h.reqSender.onTimer(k, now);
    } else {
      h.nets[1].fired(k);
      h.rspReceiver.onTimer(k, now);
    }
  }

  /** The server's FIN was acknowledged: the connection is over; its agent slots are freed once no timer of theirs is pending. */
  private finish(now: number): void {
    this.closed = true;
    for (const n of this.h.nets) n.cancelAll();
    const sim = this.hub.sim;
    for (const end of [this.client, this.server]) {
      const i = end.isServer ? 1 : 0;
      if (this.appHandle[i] >= 0) {
        sim.cancelTimer(this.appHandle[i]);
        end.pendingTimers--;
        this.appHandle[i] = -1;
      }
      if (end.pendingTimers === 0) this.hub.release(end);
      else end.draining = true;
    }
    this.model.connectionClosed?.(this, now);
  }
}

/** A later exchange's sender takes over the connection's sender state. */
function resume(s: TcpSender, prev: TcpSender): void {
  s.state = S_ESTABLISHED;
  s.ecnOk = prev.ecnOk;
  s.cwnd = prev.cwnd;
  s.ssthresh = prev.ssthresh;
  s.rtoEst.copyFrom(prev.rtoEst);
}

/** RFC 5681 §4.1: after more than one RTO without sending, cwnd restarts from min(cwnd, initial window). */
function restartIfIdle(s: TcpSender, net: HalfNet, now: number): void {
  if (net.lastDataSend >= 0 && now - net.lastDataSend > s.rtoEst.value) s.cwnd = Math.min(s.cwnd, s.params.initialCwnd);
}

/**
 * The web connections of one run: flow ids (one per exchange, after the run's fixed flows),
 * their DelayBox delays, drop counts per exchange, agent slots, and the statistics.
 */
export class WebHub {
  private base = -1;
  private nextFlow = 0;
  private drops = new Uint16Array(4096);
  private readonly freeSlots: number[] = [];
  private readonly paths = new Map<number, number>();
  /** Connections open now (for run-size checks and progress). */
  open = 0;
  /** The next id of each kind (take). */
  private readonly ids = { connection: 0, user: 0, session: 0, page: 0 };

  constructor(
    readonly sim: Simulator,
    /** Number of the run's fixed flows (bulk, UDP); web flow ids come after them. */
    private readonly fixedFlows: () => number,
    readonly stats: WebStats,
  ) {}

  /** Opens a connection now. */
  connect(model: WebClient, o: OpenOptions, now: number): WebConnection {
    const c = new WebConnection(this, model, o);
    this.open++;
    this.stats.connections++;
    c.open(now);
    return c;
  }

  /**
   * `n` new ids of a kind, unique in the run (the first returned; 0, 1, ... in the order
   * taken): the connections, browsing users, sessions and pages the exchanges' records name.
   * Counters only: no random draw, so taking them changes no run.
   */
  take(kind: 'connection' | 'user' | 'session' | 'page', n = 1): number {
    const id = this.ids[kind];
    this.ids[kind] = id + n;
    return id;
  }

  /** A new flow id with its extra one-way delay. */
  newFlow(delayNs: number): number {
    if (this.base < 0) {
      this.base = this.fixedFlows();
      this.nextFlow = this.base;
    }
    const f = this.nextFlow++;
    const sim = this.sim;
    if (f >= sim.flowDelayNs.length) {
      const a = new Float64Array(Math.max(f + 1, sim.flowDelayNs.length * 2, 1024));
      a.set(sim.flowDelayNs);
      sim.flowDelayNs = a;
    }
    sim.flowDelayNs[f] = delayNs;
    const i = f - this.base;
    if (i >= this.drops.length) {
      const d = new Uint16Array(this.drops.length * 2);
      d.set(this.drops);
      this.drops = d;
    }
    return f;
  }

  /** A packet of `flow` was dropped somewhere (the collector's queue listener calls this for flows it does not own). */
  noteDrop(flow: number): void {
    const i = flow - this.base;
    if (this.base >= 0 && i >= 0 && i < this.nextFlow - this.base && this.drops[i] < 65535) this.drops[i]++;
  }

  dropsOf(flow: number): number {
    return this.drops[flow - this.base];
  }

  acquire(end: WebEnd): void {
    const sim = this.sim;
    const id = this.freeSlots.pop();
    if (id === undefined) sim.addAgent(end);
    else {
      end.id = id;
      sim.agents[id] = end;
    }
  }

  release(end: WebEnd): void {
    if (end.id < 0) return;
    this.sim.agents[end.id] = IDLE_AGENT;
    this.freeSlots.push(end.id);
    end.id = -1;
    if (end.isServer) this.open--;
  }

  /** Sum of the propagation delays along the route from node a to node b, ns. */
  pathDelayNs(a: number, b: number): number {
    const sim = this.sim;
    const n = sim.nodeCount;
    const key = a * n + b;
    const cached = this.paths.get(key);
    if (cached !== undefined) return cached;
    let d = 0;
    let node = a;
    for (let hops = 0; node !== b && hops < n; hops++) {
      const li = sim.nextLink(node, b);
      if (li < 0) break;
      const l = sim.links[li];
      d += l.delayNs;
      node = l.to;
    }
    this.paths.set(key, d);
    return d;
  }
}
