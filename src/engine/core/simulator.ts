import type { QueueDisc, QueueListener } from '../aqm/queue-disc';
import { HeapScheduler, type Scheduler } from './scheduler';
import { txTimeNs } from './time';
import type { Agent, FlowEventSink, Net } from '../net/agent';
import type { Link } from '../net/link';
import { PacketPool } from '../net/packet';

/** Something woken by an application event (a traffic source starting a flow, a UDP tick). */
export interface AppHandler {
  onApp(arg: number, now: number): void;
}

// Event ids: (arg * 8 + kind). Kinds:
const EV_TX_DONE = 0; // arg = link id: the link finished serializing its packet
const EV_ARRIVE = 1; // arg = packet: it reaches pool.at[p] after propagation
const EV_TIMER = 2; // arg = agent id * 16 + timer kind
const EV_APP = 3; // arg = app id * 2^20 + app arg
const EV_HOOK = 4; // arg = hook id (sampling, stop, scheduled parameter changes)
const APP_ARG_SPAN = 1 << 20;

/**
 * The discrete-event core: a clock, the event queue, the links with their queues, static
 * routes, and the agents. One event = (time, integer id) dispatched by a switch; no
 * closure or object is created per event.
 */
export class Simulator implements Net {
  readonly pool = new PacketPool();
  readonly sched: Scheduler = new HeapScheduler(4096);
  /** Current time, integer ns. */
  clock = 0;
  events = 0;
  /** Hook events run (sampling, stop); `networkEvents` excludes them. */
  hookEvents = 0;
  readonly links: Link[] = [];
  readonly agents: Agent[] = [];
  readonly apps: AppHandler[] = [];
  readonly hooks: (() => void)[] = [];
  nodeCount = 0;
  /** route[node * nodeCount + dst] = id of the outgoing link towards dst, -1 if none. */
  route = new Int32Array(0);
  /** Per-flow extra one-way delay (DelayBox), ns, applied on links with addFlowDelay. */
  flowDelayNs = new Float64Array(0);
  flowEvents: FlowEventSink | null = null;
  /** Packets that reached a node with no route to their destination (a bug if non-zero). */
  unroutable = 0;
  stopped = false;

  /** Events of the network itself (packets, timers, applications), excluding sampling hooks. */
  get networkEvents(): number {
    return this.events - this.hookEvents;
  }

  now(): number {
    return this.clock;
  }

  addLink(link: Link): void {
    if (link.id !== this.links.length) throw new Error('links must be added in id order');
    this.links.push(link);
  }

  addAgent(a: Agent): number {
    a.id = this.agents.length;
    this.agents.push(a);
    return a.id;
  }

  addApp(h: AppHandler): number {
    this.apps.push(h);
    return this.apps.length - 1;
  }

  addHook(fn: () => void): number {
    this.hooks.push(fn);
    return this.hooks.length - 1;
  }

  setTimer(agent: Agent, kind: number, at: number): number {
    return this.sched.insert(at < this.clock ? this.clock : at, (agent.id * 16 + kind) * 8 + EV_TIMER);
  }

  cancelTimer(handle: number): void {
    this.sched.cancel(handle);
  }

  scheduleApp(app: number, arg: number, at: number): void {
    this.sched.insert(at, (app * APP_ARG_SPAN + arg) * 8 + EV_APP);
  }

  scheduleHook(hook: number, at: number): void {
    this.sched.insert(at, hook * 8 + EV_HOOK);
  }

  setQueueListener(listener: QueueListener): void {
    for (const l of this.links) l.queue.listener = listener;
  }

  send(fromNode: number, p: number): void {
    this.pool.sentAt[p] = this.clock;
    this.forward(fromNode, p);
  }

  /** Runs events with time <= `until` (ns), at most `maxEvents`, until `stop()` is true. Returns events run. */
  run(until: number, maxEvents = Infinity, stop?: () => boolean): number {
    const sched = this.sched;
    let n = 0;
    while (!this.stopped && n < maxEvents) {
      const t = sched.peekTime();
      if (t > until) break;
      const id = sched.pop();
      this.clock = t;
      n++;
      this.dispatch(id);
      if (stop !== undefined && stop()) break;
    }
    this.events += n;
    return n;
  }

  private dispatch(id: number): void {
    const kind = id % 8;
    const arg = (id - kind) / 8;
    switch (kind) {
      case EV_TX_DONE:
        this.txDone(this.links[arg]);
        break;
      case EV_ARRIVE:
        this.forward(this.pool.at[arg], arg);
        break;
      case EV_TIMER: {
        const k = arg % 16;
        this.agents[(arg - k) / 16].onTimer(k, this.clock);
        break;
      }
      case EV_APP: {
        const a = arg % APP_ARG_SPAN;
        this.apps[(arg - a) / APP_ARG_SPAN].onApp(a, this.clock);
        break;
      }
      case EV_HOOK:
        // sampling and stop hooks are bookkeeping, not network events: they are not counted,
        // so a run with series output reports the same event count as one without
        this.hookEvents++;
        this.hooks[arg]();
        break;
    }
  }

  /** Packet p is at `node`: deliver it if it is addressed here, else queue it on the next link. */
  private forward(node: number, p: number): void {
    const pool = this.pool;
    const dst = pool.dst[p];
    if (node === dst) {
      const a = this.agents[pool.agent[p]];
      a.recv(p, this.clock);
      pool.free(p);
      return;
    }
    const li = this.route[node * this.nodeCount + dst];
    if (li < 0) {
      this.unroutable++;
      pool.free(p);
      return;
    }
    const link = this.links[li];
    const now = this.clock;
    link.integrate(now);
    const q = link.queue;
    if (q.enqueue(p, now) && link.txPkt < 0) this.startTx(link, now);
    q.noteBacklog();
  }

  private startTx(link: Link, now: number): void {
    const q: QueueDisc = link.queue;
    const p = q.dequeue(now);
    if (p < 0) return;
    link.delaySum += now - this.pool.enqAt[p];
    link.delayCount++;
    link.txPkt = p;
    this.sched.insert(now + txTimeNs(this.pool.size[p], link.rateBps), link.id * 8 + EV_TX_DONE);
  }

  private txDone(link: Link): void {
    const p = link.txPkt;
    const pool = this.pool;
    const now = this.clock;
    link.txPkt = -1;
    link.bitsSent += pool.size[p] * 8;
    if (link.lossProb > 0 && link.lossRng.uniform() < link.lossProb) {
      link.losses++;
      link.queue.listener?.onDrop(link.queue, p, 'link-loss', now);
      pool.free(p);
    } else {
      pool.at[p] = link.to;
      let arrive = now + link.delayNs;
      if (link.addFlowDelay) {
        const f = pool.flow[p];
        if (f >= 0 && f < this.flowDelayNs.length) arrive += this.flowDelayNs[f];
      }
      this.sched.insert(arrive, p * 8 + EV_ARRIVE);
    }
    link.integrate(now);
    this.startTx(link, now);
  }
}
