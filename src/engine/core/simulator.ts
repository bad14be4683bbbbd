import type { QueueListener } from '../aqm/queue-disc';
import { asDoubles } from './doubles';
import { SplitScheduler } from './scheduler';
import type { Agent, FlowEventSink, Net } from '../net/agent';
import type { Link } from '../net/link';
import { PacketPool, packetKindIndex } from '../net/packet';

/** Something woken by an application event (a traffic source starting a flow, a UDP tick). */
export interface AppHandler {
  onApp(arg: number, now: number): void;
}

// Event ids: (arg * 8 + kind). Kinds:
const EV_TX_DONE = 0; // arg = link id: the link finished serializing; start the next queued packet
const EV_ARRIVE = 1; // arg = packet: it reaches pool.at[p] after serialization and propagation
const EV_TIMER = 2; // arg = timer record (see setTimer)
const EV_APP = 3; // arg = app event record (see scheduleApp)
const EV_HOOK = 4; // arg = hook id (sampling, stop, scheduled parameter changes)
const EV_PIPE = 5; // arg = link id: the first packet on the link's wire reaches its far end
/** Ids are 31-bit integers (cheap to decode): arg < 2^28. */
const MAX_ARG = 1 << 28;
/** Timer handles are record + TIMER_SPAN * generation, so a stale handle never cancels a reused record. */
const TIMER_SPAN = 1 << 24;

/** Thrown when a run would exceed one of its memory caps (see RunOptions and estimate.ts). */
export class CapError extends Error {
  constructor(
    message: string,
    /** Which cap: "packets", "timers", ... */
    readonly cap: string,
  ) {
    super(message);
    this.name = 'CapError';
  }
}

/** Default cap on packets alive at once (queued, on the wire, being delivered): ~140 bytes each. */
export const DEFAULT_MAX_PACKETS = 4_000_000;

/**
 * The discrete-event core: a clock, the event queue, the links with their queues, static
 * routes, and the agents. One event = (time, integer id) dispatched by a switch; no
 * closure or object is created per event.
 *
 * A hop costs one event when the link is idle: the packet's arrival at the next node is
 * scheduled the moment its transmission starts (serialization + propagation ahead), and
 * the link simply stays busy until `busyUntil`. A "transmission done" event is needed
 * only when packets wait behind the one on the wire (and then one per queued packet,
 * because the queue discipline decides at dequeue time which packet goes next).
 */
export class Simulator implements Net {
  readonly pool = new PacketPool();
  readonly sched = new SplitScheduler(4096);
  /** Current time, integer ns. */
  clock: number = 0;
  events = 0;
  /** Hook events run (sampling, stop); `networkEvents` excludes them. */
  hookEvents = 0;
  /** Cancelled timer events popped and skipped (not counted as events). */
  private skipped = 0;
  readonly links: Link[] = [];
  readonly agents: Agent[] = [];
  readonly apps: AppHandler[] = [];
  readonly hooks: (() => void)[] = [];
  nodeCount = 0;
  /**
   * Routes without an all-pairs table (10,000 hosts per side would need 400 M entries).
   * A node with a single outgoing link (a host) sends everything on it: uplink[node].
   * Other ("core") nodes look up coreRoute[coreIndex[node] * coreCount + coreIndex[attach[dst]]],
   * where attach[dst] is dst itself for a core node and, for a host, the node it hangs
   * off, reached over downlink[dst]. See net/topology.ts computeRoutes.
   */
  uplink = new Int32Array(0);
  attach = new Int32Array(0);
  downlink = new Int32Array(0);
  coreIndex = new Int32Array(0);
  coreCount = 0;
  coreRoute = new Int32Array(0);
  /** Per-flow extra one-way delay (DelayBox), ns, applied on links with addFlowDelay. */
  flowDelayNs = new Float64Array(0);
  flowEvents: FlowEventSink | null = null;
  /** Packets that reached a node with no route to their destination (a bug if non-zero). */
  unroutable = 0;
  stopped = false;
  /** Cap on live packets; exceeding it stops the run with a CapError naming what to change. */
  maxPackets = DEFAULT_MAX_PACKETS;
  /** How the user can raise maxPackets, the last advice of its CapError (RunOptions.raiseMaxPackets). */
  raiseMaxPackets = 'raise the cap (--max-packets)';

  // Timer records: setTimer takes one, its event carries the record index.
  private timerAgent = new Int32Array(256);
  private timerKind = new Uint8Array(256);
  private timerGen = new Float64Array(256);
  private timerCancelled = new Uint8Array(256);
  private timerFree = new Int32Array(256);
  private timerFreeTop = 0;
  private timerUsed = 0;
  // App event records: scheduleApp takes one, its event carries the record index.
  private appOf = new Int32Array(256);
  private appArg = new Float64Array(256);
  private appFree = new Int32Array(256);
  private appFreeTop = 0;
  private appUsed = 0;

  constructor() {
    asDoubles(this, ['clock', 'events', 'hookEvents']);
  }

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
    let rec: number;
    if (this.timerFreeTop > 0) rec = this.timerFree[--this.timerFreeTop];
    else {
      rec = this.timerUsed++;
      if (rec === this.timerAgent.length) this.growTimers();
    }
    this.timerAgent[rec] = agent.id;
    this.timerKind[rec] = kind;
    this.timerCancelled[rec] = 0;
    this.sched.insert(at < this.clock ? this.clock : at, rec * 8 + EV_TIMER);
    return rec + TIMER_SPAN * this.timerGen[rec];
  }

  cancelTimer(handle: number): void {
    const rec = handle % TIMER_SPAN;
    if (rec < this.timerUsed && this.timerGen[rec] === (handle - rec) / TIMER_SPAN) this.timerCancelled[rec] = 1;
  }

  private growTimers(): void {
    const n = this.timerAgent.length * 2;
    if (n > TIMER_SPAN || n > MAX_ARG) throw new CapError(`more than ${TIMER_SPAN} timers pending at once`, 'timers');
    const grow = <T extends Int32Array | Uint8Array | Float64Array>(a: T, ctor: new (n: number) => T): T => {
      const b = new ctor(n);
      b.set(a);
      return b;
    };
    this.timerAgent = grow(this.timerAgent, Int32Array);
    this.timerKind = grow(this.timerKind, Uint8Array);
    this.timerGen = grow(this.timerGen, Float64Array);
    this.timerCancelled = grow(this.timerCancelled, Uint8Array);
    this.timerFree = grow(this.timerFree, Int32Array);
  }

  /** Calls apps[app].onApp(arg) at time `at` (ns); `arg` is any number the app chooses. */
  scheduleApp(app: number, arg: number, at: number): void {
    let rec: number;
    if (this.appFreeTop > 0) rec = this.appFree[--this.appFreeTop];
    else {
      rec = this.appUsed++;
      if (rec === this.appOf.length) this.growApps();
    }
    this.appOf[rec] = app;
    this.appArg[rec] = arg;
    this.sched.insert(at, rec * 8 + EV_APP);
  }

  private growApps(): void {
    const n = this.appOf.length * 2;
    if (n > MAX_ARG) throw new CapError(`more than ${MAX_ARG} application events pending at once`, 'apps');
    const a = new Int32Array(n);
    a.set(this.appOf);
    const b = new Float64Array(n);
    b.set(this.appArg);
    const f = new Int32Array(n);
    f.set(this.appFree);
    this.appOf = a;
    this.appArg = b;
    this.appFree = f;
  }

  scheduleHook(hook: number, at: number): void {
    this.sched.insert(at, hook * 8 + EV_HOOK);
  }

  setQueueListener(listener: QueueListener): void {
    for (const l of this.links) l.queue.listener = listener;
  }

  send(fromNode: number, p: number): void {
    this.pool.sentAt[p] = this.clock;
    if (this.pool.live > this.maxPackets) this.tooManyPackets();
    this.forward(fromNode, p);
  }

  /** Runs events with time <= `until` (ns), at most `maxEvents`, until `stop()` is true. Returns events run. */
  run(until: number, maxEvents = Infinity, stop?: () => boolean): number {
    const sched = this.sched;
    const skipped0 = this.skipped;
    let n = 0;
    while (!this.stopped && n - (this.skipped - skipped0) < maxEvents) {
      if (!sched.next(until)) break;
      this.clock = sched.lastTime;
      n++;
      this.dispatch(sched.lastId);
      if (stop !== undefined && stop()) break;
    }
    n -= this.skipped - skipped0;
    this.events += n;
    return n;
  }

  private dispatch(id: number): void {
    const arg = id >>> 3;
    switch (id & 7) {
      case EV_TX_DONE:
        this.txDone(this.links[arg]);
        break;
      case EV_ARRIVE:
        this.forward(this.pool.at[arg], arg);
        break;
      case EV_PIPE: {
        const pipe = this.links[arg].pipe;
        const p = pipe.shift();
        // the next packet on the wire takes its place, with the sequence number it got when sent
        if (pipe.length > 0) this.sched.insertFastSeq(pipe.headTime(), arg * 8 + EV_PIPE, pipe.headSeq());
        this.forward(this.pool.at[p], p);
        break;
      }
      case EV_TIMER: {
        // free the record first: the agent may set a new timer from onTimer
        const agent = this.timerAgent[arg];
        const k = this.timerKind[arg];
        const cancelled = this.timerCancelled[arg];
        this.timerGen[arg]++;
        this.timerFree[this.timerFreeTop++] = arg;
        if (cancelled !== 0) this.skipped++;
        else this.agents[agent].onTimer(k, this.clock);
        break;
      }
      case EV_APP: {
        const app = this.appOf[arg];
        const a = this.appArg[arg];
        this.appFree[this.appFreeTop++] = arg;
        this.apps[app].onApp(a, this.clock);
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

  /** Next link from `node` towards `dst` (a link id), or -1 if there is no route. */
  nextLink(node: number, dst: number): number {
    const up = this.uplink[node];
    if (up >= 0) return up;
    const a = this.attach[dst];
    if (a === node) return this.downlink[dst];
    const ci = this.coreIndex[node];
    const ca = this.coreIndex[a];
    return ci < 0 || ca < 0 ? -1 : this.coreRoute[ci * this.coreCount + ca];
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
    const li = this.nextLink(node, dst);
    if (li < 0) {
      this.unroutable++;
      pool.free(p);
      return;
    }
    const link = this.links[li];
    const now = this.clock;
    link.integrate(now);
    if (link.tracked) link.countArrival(packetKindIndex(pool.flags[p], pool.payload[p]));
    const q = link.queue;
    if (link.txDonePending) q.enqueue(p, now);
    else if (now >= link.busyUntil && q.lenPackets === 0) {
      // idle link, empty queue (every uncongested hop): in and straight out in one call
      const next = q.passIdle(p, now);
      if (next >= 0) this.transmit(link, next);
    } else if (q.enqueue(p, now)) {
      if (now >= link.busyUntil) this.startTx(link);
      else {
        // the link is still sending an earlier packet: wake up when it is done
        link.txDonePending = true;
        this.sched.insertFast(link.busyUntil, link.id * 8 + EV_TX_DONE);
      }
    }
    q.noteBacklog();
  }

  /**
   * Takes the next packet from the link's queue (if any) and puts it on the wire, now. (The
   * time is read from the clock, not passed: a time beyond 2^31 ns is a heap number, and
   * passing one to a function V8 does not inline allocates it anew at every call.)
   */
  private startTx(link: Link): void {
    const p = link.queue.dequeue(this.clock);
    if (p >= 0) this.transmit(link, p);
  }

  /** Puts packet p, just taken from the link's queue, on the wire now. */
  private transmit(link: Link, p: number): void {
    const now = this.clock;
    const pool = this.pool;
    const size = pool.size[p];
    const done = now + link.serialize(size, now);
    link.busyUntil = done;
    if (link.tracked) {
      // what a summary reports of a link (queueing delay, bits carried) is read on the
      // tracked links only (the bottleneck's two directions): 4 of the 6 hops of a packet
      // and its ACK in a dumbbell skip it
      link.delaySum += now - pool.enqAt[p];
      link.delayCount++;
      link.lastTxStart = now;
      link.lastTxBits = size * 8;
      link.bitsSent += size * 8;
    }
    if (link.lossProb > 0 && link.lossRng.uniform() < link.lossProb) {
      // the error model loses it on the wire (reported when its transmission ends)
      link.losses++;
      link.queue.listener?.onDrop(link.queue, p, 'link-loss', done);
      pool.free(p);
    } else {
      pool.at[p] = link.to;
      let arrive = done + link.delayNs;
      if (link.addFlowDelay) {
        const f = pool.flow[p];
        if (f >= 0 && f < this.flowDelayNs.length) arrive += this.flowDelayNs[f];
      }
      // In the link's pipe when it arrives after everything already on the wire (always, but
      // for per-flow delays or a delay shortened during the run): only the pipe's first
      // packet has an event. The sequence number is taken now, so ties with other events are
      // ordered exactly as if every arrival had its own event.
      const seq = this.sched.takeSeq();
      const pipe = link.pipe;
      if (pipe.length === 0) {
        pipe.push(arrive, seq, p);
        this.sched.insertFastSeq(arrive, link.id * 8 + EV_PIPE, seq);
      } else if (arrive >= pipe.tailTime()) pipe.push(arrive, seq, p);
      else this.sched.insertFastSeq(arrive, p * 8 + EV_ARRIVE, seq);
    }
    if (link.queue.lenPackets > 0) {
      link.txDonePending = true;
      this.sched.insertFast(done, link.id * 8 + EV_TX_DONE);
    }
  }

  private txDone(link: Link): void {
    const now = this.clock;
    link.txDonePending = false;
    link.integrate(now);
    this.startTx(link);
  }

  private tooManyPackets(): void {
    // the fullest queue is the usual culprit: name it
    let worst: Link | null = null;
    for (const l of this.links) if (worst === null || l.queue.lenPackets > worst.queue.lenPackets) worst = l;
    const where = worst !== null && worst.queue.lenPackets > this.maxPackets / 4 ? ` (the queue ${worst.queue.ctx.name} holds ${worst.queue.lenPackets.toLocaleString('en-US')} of them: lower its limit)` : '';
    throw new CapError(
      `packets in flight reached the cap of ${this.maxPackets.toLocaleString('en-US')} at t = ${(this.clock / 1e9).toFixed(6)} s${where}; lower the traffic rate or the queue limits (topology.*.queue.limit), or ${this.raiseMaxPackets}`,
      'packets',
    );
  }
}
