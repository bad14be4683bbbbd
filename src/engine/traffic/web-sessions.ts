import { valuesOf, type ParamSpecs } from '../core/params';
import { rngFor, type Rng } from '../core/rng';
import type { AppHandler } from '../core/simulator';
import { fromSeconds } from '../core/time';
import { TCP_PARAMS, type TcpParams } from '../tcp/params';
import { drawFlowDelay } from './flow-delay';
import { MAX_SIZE, sampleRequest } from './packmime-model';
import { BYTES_PER_OPEN_CONNECTION, defineTraffic, needsDurationText, overloadBacklog, type TrafficContext, type TrafficItemOf } from './types';
import { DIRECTION_PARAM, webSides, type WebClient, type WebConnection, type WebExchange, type WebSides } from './web';

/** Parameters of web sessions (`{ kind: "web-sessions", ... }`), seeds/003 §4.2. */
export const WEB_SESSIONS_PARAMS = {
  direction: DIRECTION_PARAM,
  sessions: {
    type: 'number',
    unit: 'count',
    default: 100,
    min: 1,
    max: 1e6,
    integer: true,
    label: 'Active sessions',
    doc: 'Web sessions active at any time in each direction; a session that ends is replaced by a new one at a random server. Ignored when load is given.',
    ref: 'seeds/003 §4.2',
  },
  load: {
    type: 'number',
    unit: 'ratio',
    default: 0.9,
    min: 0,
    exclusiveMin: true,
    max: 2,
    label: 'Offered load',
    doc: 'Offered load as a fraction of the bottleneck rate: the number of sessions is calibrated on the bottleneck made 10x faster (seeds/003 §4.2).',
    ref: 'seeds/003 §4.2',
  },
  pages: { type: 'number', unit: 'count', default: 10, min: 1, max: 1e4, label: 'Pages per session', doc: 'Mean number of pages a session downloads from its web site (geometric).', ref: 'seeds/003 §4.2 (several pages per site)' },
  interPage: { type: 'number', unit: 's', default: 5, min: 0.001, max: 1e4, label: 'Inter-page time', doc: 'Mean time between the end of a page (openLoop: the start of a page) and the request of the next (Pareto).', ref: 'seeds/003 §4.2 (Pareto inter-page times)' },
  openLoop: {
    type: 'boolean',
    default: false,
    label: 'Open loop',
    doc: 'Pages are requested on their own schedule: the next page an inter-page time after the previous one started, whether or not it has completed, and a session is replaced as soon as its last page starts. The offered load then does not shrink when responses slow down, so a load above 100 % keeps the link persistently congested (ns-2 webtraf without interPageOption_). Off: the user waits for a page before thinking about the next, and the load yields under congestion.',
    ref: 'seeds/003 §4.2 ("persistently congested" at 105 %); ns-2 webtraf.cc',
  },
  interPageShape: { type: 'number', unit: 'ratio', default: 1.5, min: 1.01, max: 10, label: 'Inter-page shape', doc: 'Pareto shape of the inter-page time (smaller: heavier tail).', ref: 'seeds/003 §4.2 (heavy-tailed think times)' },
  objects: { type: 'number', unit: 'count', default: 3, min: 1, max: 1e4, label: 'Objects per page', doc: 'Mean number of objects of a page (geometric), one TCP connection each.', ref: 'seeds/003 §4.2' },
  interObject: { type: 'number', unit: 's', default: 0.01, min: 0, max: 100, label: 'Inter-object time', doc: 'Mean gap between the requests of successive objects of a page (exponential).' },
  objectSize: { type: 'number', unit: 'bytes', default: 7200, min: 1, max: 1e9, label: 'Mean object size', doc: 'Mean object (response) size, bytes (Pareto).', ref: 'seeds/003 §4.2 (mean 7.2 KB)' },
  objectShape: {
    type: 'number',
    unit: 'ratio',
    default: 1.15,
    min: 1.01,
    max: 10,
    label: 'Object size shape',
    doc: 'Pareto shape of object sizes; 1.15 puts about 80 % of the bytes in the largest 15 % of objects.',
    ref: 'seeds/003 §4.2 (top 15 % of objects carry 80 % of the bytes)',
  },
  persistent: { type: 'boolean', default: false, label: 'Persistent', doc: 'Fetch all objects of a page over one persistent connection instead of one connection each.', ref: 'seeds/003 §7' },
  start: { type: 'number', unit: 's', default: 0, min: 0, max: 1e6, label: 'Start', doc: 'Sessions start within the first second after this time.' },
} as const satisfies ParamSpecs;

export type WebSessionsItem = TrafficItemOf<typeof WEB_SESSIONS_PARAMS, 'load'> & { kind: 'web-sessions'; direction: 'forward' | 'reverse' | 'both' };

/** Pareto(shape, xm) with the given mean: xm = mean (shape - 1) / shape. */
export function paretoScale(mean: number, shape: number): number {
  return (mean * (shape - 1)) / shape;
}

/** Geometric count >= 1 with the given mean. */
function geometric(rng: Rng, mean: number): number {
  if (mean <= 1) return 1;
  const q = 1 - 1 / mean;
  return 1 + Math.floor(Math.log(rng.uniformPositive()) / Math.log(q));
}

interface Session {
  /** Its slot (the i-th of the direction's sessions). */
  id: number;
  /** Id in the run (WebHub.take: each session that takes a slot a new one), for the exchanges' records. */
  uid: number;
  rng: Rng;
  /** The streams of its connections' RTTs and its requests' sizes (its slot's). */
  rtt: Rng;
  req: Rng;
  client: number;
  server: number;
  pagesLeft: number;
  /** The page whose objects are being requested, and when it started (ns). */
  page: Page | null;
  pageStart: number;
  /** Its objects not yet requested. */
  toRequest: number;
}

/** One page of a session: its objects in all, and those not yet complete. */
interface Page {
  /** Id in the run (WebHub.take), for the exchanges' records. */
  id: number;
  s: Session;
  objects: number;
  left: number;
  /**
   * Persistent connections: every object's request size, response size and gap before its
   * request, drawn when the page starts (null: one connection per object, each drawing its
   * own as it opens). Drawn as each response completes, they would be drawn in an order the
   * network's timing sets, and open loop, where a slot's pages overlap, hand sizes from one
   * of the slot's pages to another.
   */
  draws: { req: number[]; rsp: number[]; gap: number[] } | null;
}

/**
 * Web sessions (seeds/003 §4.2, after Feldmann et al.'s model with the heavy-tailed file
 * sizes of [23, 33]): a fixed number of sessions per direction; a session picks a web site
 * (server) and downloads a geometric number of pages from it, with Pareto inter-page times;
 * a page has a geometric number of objects requested `interObject` apart, one TCP
 * connection each; object sizes are Pareto with mean 7.2 KB. The paper gives the mean
 * object size, the Pareto inter-page times and the 15 %/80 % byte split, not the other
 * means: those are parameters here, with defaults chosen to be plausible (10 pages,
 * 5 s between pages, 3 objects).
 *
 * Random streams. Each slot (the i-th of the `sessions` sessions) has its own three
 * streams, which the sessions that occupy it in turn continue: the session's choices (server,
 * pages, objects, sizes, gaps), its connections' RTTs and its request sizes. Closed loop (the
 * default) a slot's sessions run one after another and a session fetches one page at a time,
 * so every draw of a slot is made in an order of its own, whatever the other slots and the
 * network's timing do. Open loop a slot's draws are all made on timers that no packet moves
 * (its pages, objects and replacements; a connection's sizes and RTT when it opens; a
 * persistent connection's objects when its page starts, see Page.draws), so they too are
 * made in the slot's own order, and N + k sessions are the N sessions plus k more: the
 * offered load grows with the count, which the load calibration's secant needs. Streams
 * shared by the direction, drawn in the order connections open, and a new session's stream
 * named by a counter taken in the order sessions end, handed RTTs and sizes to other
 * connections on any change of timing (Ethernet framing's 0.3 us a packet) and, open loop,
 * on any change of the count: one heavy object's RTT draw, moved to another connection by
 * 50 sessions more, swung the load of the web100 lessons by 32 points (issue #7, docs/web.md).
 */
class Sessions implements AppHandler, WebClient {
  private readonly app: number;
  private readonly sessions: Session[] = [];
  private readonly sizeScale: number;
  private readonly gapScale: number;

  constructor(
    private readonly ctx: TrafficContext,
    private readonly sides: WebSides,
    private readonly tcp: TcpParams,
    count: number,
    private readonly item: WebSessionsItem,
    private readonly name: string,
  ) {
    this.sizeScale = paretoScale(item.objectSize, item.objectShape);
    this.gapScale = paretoScale(item.interPage, item.interPageShape);
    this.app = ctx.sim.addApp(this);
    for (let i = 0; i < count; i++) this.sessions.push(this.newSession(i));
  }

  /** A new session in `slot`, continuing the streams of `prev`, the slot's previous session (if any). */
  private newSession(slot: number, prev?: Session): Session {
    const seed = this.ctx.seed;
    let rng: Rng, rtt: Rng, req: Rng;
    if (prev) {
      ({ rng, rtt, req } = prev);
    } else {
      rng = rngFor(seed, `${this.name}:slot:${slot}`);
      rtt = rngFor(seed, `${this.name}:rtt:${slot}`);
      req = rngFor(seed, `${this.name}:req:${slot}`);
    }
    const s = this.sides;
    return { id: slot, uid: this.ctx.web().take('session'), rng, rtt, req, client: s.clients[slot % s.clients.length], server: s.servers[Math.floor(rng.uniform() * s.servers.length)], pagesLeft: geometric(rng, this.item.pages), page: null, pageStart: 0, toRequest: 0 };
  }

  begin(atNs: number): void {
    for (const s of this.sessions) this.ctx.sim.scheduleApp(this.app, s.id * 2, atNs + fromSeconds(s.rng.uniform()));
  }

  /** arg = 2 * session + 0: start the next page; + 1: request the next object of the page. */
  onApp(arg: number, now: number): void {
    const s = this.sessions[arg >> 1];
    if ((arg & 1) === 0) {
      s.pagesLeft--;
      const objects = geometric(s.rng, this.item.objects);
      s.page = { id: this.ctx.web().take('page'), s, objects, left: objects, draws: this.item.persistent ? this.pageDraws(s, objects) : null };
      s.toRequest = this.item.persistent ? 1 : objects;
      s.pageStart = now;
      // open loop: the next page is due an inter-page time after this one starts, whatever becomes of it
      if (this.item.openLoop && s.pagesLeft > 0) this.ctx.sim.scheduleApp(this.app, s.id << 1, now + fromSeconds(s.rng.pareto(this.item.interPageShape, this.gapScale)));
    }
    s.toRequest--;
    this.connect(s, now);
    if (s.toRequest > 0) this.ctx.sim.scheduleApp(this.app, (s.id << 1) | 1, now + Math.max(1, fromSeconds(this.item.interObject > 0 ? s.rng.exponential(this.item.interObject) : 0)));
    // open loop: once the last page's objects are all requested, a new session takes the slot,
    // its first page an inter-page time after that last page started
    else if (this.item.openLoop && s.pagesLeft <= 0) this.replace(s, s.pageStart, now);
  }

  /** A new session in slot s.id, its first page a Pareto inter-page time after `from` (not before `now`). */
  private replace(s: Session, from: number, now: number): void {
    const fresh = this.newSession(s.id, s);
    this.sessions[s.id] = fresh;
    this.ctx.sim.scheduleApp(this.app, fresh.id << 1, Math.max(now, from + fromSeconds(fresh.rng.pareto(this.item.interPageShape, this.gapScale))));
  }

  /** The session a connection is being opened for (connect asks for the first exchange before it returns). */
  private current: Session | null = null;

  private connect(s: Session, now: number): void {
    this.current = s;
    this.ctx.web().connect(this, { clientNode: s.client, serverNode: s.server, dir: this.sides.dir, tcp: this.tcp, delayNs: fromSeconds(drawFlowDelay(this.ctx.flowDelay, s.rtt)), session: s.uid, page: (s.page as Page).id }, now);
    this.current = null;
  }

  /** A persistent page's draws (Page.draws), in object order. */
  private pageDraws(s: Session, objects: number): Page['draws'] {
    const d: NonNullable<Page['draws']> = { req: [], rsp: [], gap: [] };
    for (let k = 0; k < objects; k++) {
      d.req.push(sampleRequest(s.req));
      d.rsp.push(this.objectSize(s));
      d.gap.push(k > 0 && this.item.interObject > 0 ? fromSeconds(s.rng.exponential(this.item.interObject)) : 0);
    }
    return d;
  }

  private objectSize(s: Session): number {
    const v = s.rng.pareto(this.item.objectShape, this.sizeScale);
    return v > MAX_SIZE ? MAX_SIZE : Math.max(1, Math.round(v));
  }

  nextExchange(conn: WebConnection, k: number): WebExchange {
    if (k === 0) conn.tag = (this.current as Session).page;
    const pg = conn.tag as Page;
    const d = pg.draws;
    if (d !== null) return { req: d.req[k], rsp: d.rsp[k], serverDelayNs: 0, gapNs: d.gap[k], last: k + 1 >= pg.objects };
    return { req: sampleRequest(pg.s.req), rsp: this.objectSize(pg.s), serverDelayNs: 0, gapNs: 0, last: true };
  }

  exchangeDone(conn: WebConnection, _k: number, now: number): void {
    const pg = conn.tag as Page;
    pg.left--;
    // closed loop: the page is complete; the next page after a Pareto inter-page time, or a new session
    if (pg.left > 0 || this.item.openLoop) return;
    const s = pg.s;
    if (s.pagesLeft <= 0) this.replace(s, now, now);
    else this.ctx.sim.scheduleApp(this.app, s.id << 1, now + fromSeconds(s.rng.pareto(this.item.interPageShape, this.gapScale)));
  }
}

/**
 * Web sessions (seeds/003 §4.2): sessions of pages with Pareto inter-page times, objects
 * per page on one TCP connection each (persistent as an option), heavy-tailed object sizes
 * with mean 7.2 KB.
 */
export const webSessions = defineTraffic({
  kind: 'web-sessions',
  label: 'web sessions (pages of objects, Pareto sizes and gaps)',
  doc: 'Sessions downloading pages of heavy-tailed objects, one TCP connection per object (seeds/003); response times in summary.web.',
  params: WEB_SESSIONS_PARAMS,
  optional: { load: 'the number of sessions as given' },
  from: false,
  tcpOverride: true,
  needsDuration(_item, path, scenario) {
    return scenario.stopAfterExchanges === undefined ? needsDurationText(`${path} (web-sessions) browses without end`, ['stopAfterExchanges']) : null;
  },
  calibration: {
    param: 'sessions',
    integer: true,
    // a session asks for `objects` objects of `objectSize` bytes every inter-page time (plus the transfers)
    guess: (item, bps) => bps / ((8 * item.objects * item.objectSize) / (item.interPage + 0.3)),
    directions: (item) => (item.direction === 'forward' ? [0] : item.direction === 'reverse' ? [1] : [0, 1]),
  },
  // 2: open loop's per-slot streams (issue #7) changed every open-loop run's workload; closed loop's is as it was
  modelVersion: (item) => (item.openLoop ? 2 : undefined),
  exchangeRate: (item, capacity) => {
    const n = item.load !== undefined ? (item.load * capacity) / ((8 * item.objects * item.objectSize) / (item.interPage + 0.3)) : item.sessions;
    return ((n * item.objects) / (item.interPage + 0.3)) * (item.direction === 'both' ? 2 : 1);
  },
  estimate(item, ctx) {
    const perSession = item.objects / (item.interPage + 0.3);
    const n = item.load !== undefined ? (item.load * ctx.pathRate) / (8 * item.objectSize * perSession) : item.sessions;
    const dirs = item.direction === 'both' ? 2 : 1;
    // every session's first page starts within the run's first second (Sessions.begin), not
    // an inter-page time in: 2,500 sessions' 7,500 objects at once. Counted as steady pages
    // only, a 6 s run of web100-redstar-90's made 1.7x the events estimated, a 30 s one 1.2x
    const span = Math.max(0, ctx.endSeconds - item.start);
    const exchanges = n * dirs * (item.objects * Math.min(1, span) + perSession * span);
    const packets = exchanges * (2 * Math.ceil(item.objectSize / ctx.tcp.mss) + 6);
    // a session and its open objects: measured 3.4-11 KB per session (live heap; seeds/003
    // lessons at 90 % and 105 %, and at 3x the link, where a session waits for its page);
    // open loop, pages start whatever the earlier ones do, so in overload objects pile up
    const rho = (8 * item.objectSize * perSession * n) / ctx.pathRate;
    const backlog = item.openLoop ? overloadBacklog(n * perSession * dirs, rho, Math.max(0, ctx.endSeconds - item.start)) : 0;
    return { packets, flows: Math.ceil(n * dirs + backlog), seriesColumns: 0, events: packets * ctx.hops * 1.25 + exchanges * 4, memoryBytes: n * dirs * 12_000 + backlog * BYTES_PER_OPEN_CONNECTION, exchanges };
  },
  create(item, ctx) {
    ctx.web(); // the run's response-time statistics exist from the start (summary.web, the baseline run)
    const tcp: TcpParams = valuesOf(TCP_PARAMS, ctx.tcp, item.tcp);
    for (const sides of webSides(item.direction, ctx)) {
      const s = new Sessions(ctx, sides, tcp, item.sessions, item as WebSessionsItem, `web-sessions:${ctx.index}:${sides.dir}`);
      s.begin(fromSeconds(item.start));
    }
  },
});
