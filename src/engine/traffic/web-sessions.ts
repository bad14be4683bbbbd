import type { ParamSpecs } from '../core/params';
import { rngFor, type Rng } from '../core/rng';
import type { AppHandler } from '../core/simulator';
import { fromSeconds } from '../core/time';
import type { TcpParams } from '../tcp/params';
import { drawFlowDelay } from './flow-delay';
import { MAX_SIZE, sampleRequest } from './packmime-model';
import { defineTraffic, needsDurationText, type TrafficContext, type TrafficItemOf } from './types';
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
  interPage: { type: 'number', unit: 's', default: 5, min: 0.001, max: 1e4, label: 'Inter-page time', doc: 'Mean time between the end of a page and the request of the next (Pareto).', ref: 'seeds/003 §4.2 (Pareto inter-page times)' },
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
  id: number;
  rng: Rng;
  client: number;
  server: number;
  pagesLeft: number;
  /** Objects of the current page: in all, not yet requested, not yet complete. */
  objects: number;
  toRequest: number;
  left: number;
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
 */
class Sessions implements AppHandler, WebClient {
  private readonly app: number;
  private readonly sessions: Session[] = [];
  private readonly sizeRng: Rng;
  private readonly rttRng: Rng;
  private readonly sizeScale: number;
  private readonly gapScale: number;
  private nextId = 0;

  constructor(
    private readonly ctx: TrafficContext,
    private readonly sides: WebSides,
    private readonly tcp: TcpParams,
    count: number,
    private readonly item: WebSessionsItem,
    private readonly name: string,
  ) {
    this.sizeRng = rngFor(ctx.seed, `${name}:req`);
    this.rttRng = rngFor(ctx.seed, `${name}:rtt`);
    this.sizeScale = paretoScale(item.objectSize, item.objectShape);
    this.gapScale = paretoScale(item.interPage, item.interPageShape);
    this.app = ctx.sim.addApp(this);
    for (let i = 0; i < count; i++) this.sessions.push(this.newSession(i));
  }

  private newSession(slot: number): Session {
    const rng = rngFor(this.ctx.seed, `${this.name}:session:${this.nextId++}`);
    const s = this.sides;
    return { id: slot, rng, client: s.clients[slot % s.clients.length], server: s.servers[Math.floor(rng.uniform() * s.servers.length)], pagesLeft: geometric(rng, this.item.pages), objects: 0, toRequest: 0, left: 0 };
  }

  begin(atNs: number): void {
    for (const s of this.sessions) this.ctx.sim.scheduleApp(this.app, s.id * 2, atNs + fromSeconds(s.rng.uniform()));
  }

  /** arg = 2 * session + 0: start the next page; + 1: request the next object of the page. */
  onApp(arg: number, now: number): void {
    const s = this.sessions[arg >> 1];
    if ((arg & 1) === 0) {
      s.pagesLeft--;
      s.objects = s.toRequest = s.left = geometric(s.rng, this.item.objects);
      if (this.item.persistent) {
        s.toRequest = 0;
        this.connect(s, now);
        return;
      }
    }
    s.toRequest--;
    this.connect(s, now);
    if (s.toRequest > 0) this.ctx.sim.scheduleApp(this.app, (s.id << 1) | 1, now + Math.max(1, fromSeconds(this.item.interObject > 0 ? s.rng.exponential(this.item.interObject) : 0)));
  }

  /** The session a connection is being opened for (connect asks for the first exchange before it returns). */
  private current: Session | null = null;

  private connect(s: Session, now: number): void {
    this.current = s;
    this.ctx.web().connect(this, { clientNode: s.client, serverNode: s.server, dir: this.sides.dir, tcp: this.tcp, delayNs: fromSeconds(drawFlowDelay(this.ctx.flowDelay, this.rttRng)) }, now);
    this.current = null;
  }

  private objectSize(s: Session): number {
    const v = s.rng.pareto(this.item.objectShape, this.sizeScale);
    return v > MAX_SIZE ? MAX_SIZE : Math.max(1, Math.round(v));
  }

  nextExchange(conn: WebConnection, k: number): WebExchange {
    if (k === 0) conn.tag = this.current;
    const s = conn.tag as Session;
    const persistentPage = this.item.persistent;
    const last = !persistentPage || k + 1 >= s.objects;
    return { req: sampleRequest(this.sizeRng), rsp: this.objectSize(s), serverDelayNs: 0, gapNs: persistentPage && k > 0 ? fromSeconds(this.item.interObject > 0 ? s.rng.exponential(this.item.interObject) : 0) : 0, last };
  }

  exchangeDone(conn: WebConnection, _k: number, now: number): void {
    const s = conn.tag as Session;
    s.left--;
    if (s.left > 0) return;
    // the page is complete: next page after a Pareto inter-page time, or a new session
    if (s.pagesLeft <= 0) {
      const fresh = this.newSession(s.id);
      this.sessions[s.id] = fresh;
      this.ctx.sim.scheduleApp(this.app, fresh.id << 1, now + fromSeconds(fresh.rng.pareto(this.item.interPageShape, this.gapScale)));
      return;
    }
    this.ctx.sim.scheduleApp(this.app, s.id << 1, now + fromSeconds(s.rng.pareto(this.item.interPageShape, this.gapScale)));
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
  exchangeRate: (item, capacity) => {
    const n = item.load !== undefined ? (item.load * capacity) / ((8 * item.objects * item.objectSize) / (item.interPage + 0.3)) : item.sessions;
    return ((n * item.objects) / (item.interPage + 0.3)) * (item.direction === 'both' ? 2 : 1);
  },
  estimate(item, ctx) {
    const perSession = item.objects / (item.interPage + 0.3);
    const n = item.load !== undefined ? (item.load * ctx.pathRate) / (8 * item.objectSize * perSession) : item.sessions;
    const dirs = item.direction === 'both' ? 2 : 1;
    const exchanges = n * perSession * dirs * Math.max(0, ctx.endSeconds - item.start);
    const packets = exchanges * (2 * Math.ceil(item.objectSize / ctx.tcp.mss) + 6);
    return { packets, flows: Math.ceil(n * dirs), events: packets * ctx.hops * 1.25 + exchanges * 4, memoryBytes: n * dirs * 400 };
  },
  create(item, ctx) {
    ctx.web(); // the run's response-time statistics exist from the start (summary.web, the baseline run)
    const tcp: TcpParams = { ...ctx.tcp, ...(item.tcp ?? {}) };
    for (const sides of webSides(item.direction, ctx)) {
      const s = new Sessions(ctx, sides, tcp, item.sessions, item as WebSessionsItem, `web-sessions:${ctx.index}:${sides.dir}`);
      s.begin(fromSeconds(item.start));
    }
  },
});
