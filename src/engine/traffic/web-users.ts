import { valuesOf, type ParamSpecs } from '../core/params';
import { rngFor, type Rng } from '../core/rng';
import type { AppHandler } from '../core/simulator';
import { fromSeconds } from '../core/time';
import { TCP_PARAMS, type TcpParams } from '../tcp/params';
import { weibull } from './dist';
import { drawFlowDelay } from './flow-delay';
import { PERSISTENT } from './packmime-data';
import { LogNormalMix, ResponseSampler, sampleRequest, sampleServerDelay } from './packmime-model';
import { defineTraffic, needsDurationText, type TrafficContext, type TrafficItemOf } from './types';
import { DIRECTION_PARAM, webSides, type WebClient, type WebConnection, type WebExchange, type WebSides } from './web';

/** Parameters of a browsing-user population (`{ kind: "web-users", ... }`), seeds/002 §III.A and Table I. */
export const WEB_USERS_PARAMS = {
  direction: DIRECTION_PARAM,
  users: {
    type: 'number',
    unit: 'count',
    default: 200,
    min: 1,
    max: 1e6,
    integer: true,
    label: 'Users',
    doc: 'Emulated browsing users in each direction, each alternating think time and page retrievals. Ignored when load is given.',
    ref: 'seeds/002 §III.B (users per side)',
  },
  load: {
    type: 'number',
    unit: 'ratio',
    default: 0.9,
    min: 0,
    exclusiveMin: true,
    max: 2,
    label: 'Offered load',
    doc: 'Offered load as a fraction of the bottleneck rate: the user count is calibrated so that these users keep the bottleneck this busy when it is 10x faster (seeds/002 Fig. 3).',
    ref: 'seeds/002 §III.B',
  },
  parallel: {
    type: 'number',
    unit: 'count',
    default: 2,
    min: 1,
    max: 16,
    integer: true,
    label: 'Parallel connections',
    doc: 'Connections a browser opens at once for the embedded objects of a page (Internet Explorer 2, Netscape 4).',
    ref: 'seeds/002 §III.A',
  },
  persistent: {
    type: 'number',
    unit: 'probability',
    default: 0.15,
    min: 0,
    max: 1,
    label: 'Persistent share',
    doc: 'Share of new connections that are persistent (carry several requests, as many as drawn from the requests-per-connection distribution).',
    ref: 'seeds/002 §III.A (15 %)',
  },
  serverDelay: {
    type: 'enum',
    values: ['packmime', 'none'],
    valueDocs: {
      packmime: "each response waits PackMime-HTTP's server delay, 1 / max(10, Weibull(0.63, 305)) s (at most 0.1 s, median about 6 ms; packmime-data.ts), once the whole request is in",
      none: 'the server answers as soon as the whole request is in, as seeds/002 §III describes its testbed ("End systems are configured to ensure no resource constraints were present, hence delays there are insignificant")',
    },
    default: 'packmime',
    label: 'Server delay',
    doc: 'How long a server waits between the end of a request and the start of its response.',
    ref: 'seeds/002 §III; PackMime-HTTP server delay (seeds/000 §5.1)',
  },
  start: { type: 'number', unit: 's', default: 0, min: 0, max: 1e6, label: 'Start', doc: 'Users start their first think time at this time, seconds.' },
} as const satisfies ParamSpecs;

export type WebUsersItem = TrafficItemOf<typeof WEB_USERS_PARAMS, 'load'> & { kind: 'web-users'; direction: 'forward' | 'reverse' | 'both'; serverDelay: 'packmime' | 'none' };

/** A page being loaded by a user. */
interface Page {
  /** Id in the run (WebHub.take), for the exchanges' records. */
  id: number;
  user: User;
  server: number;
  /** The top-level object has been handed to a connection / has arrived. */
  topAssigned: boolean;
  topDone: boolean;
  /** Embedded objects not yet handed to a connection. */
  unassigned: number;
  /** Objects whose response has not arrived yet. */
  left: number;
  /** Connections open for this page. */
  open: number;
}

interface User {
  id: number;
  /** Id in the run (WebHub.take: unique across directions and items), for the exchanges' records. */
  uid: number;
  client: number;
  server: number;
  /** Pages left to fetch from the current server. */
  pagesOnServer: number;
  /** The user's own random streams (think times, pages, objects; sizes), so that adding users leaves the others' sequences alone. */
  rng: Rng;
  thinkGen: LogNormalMix;
  sizes: Rng;
  rsp: ResponseSampler;
  /**
   * The user's own streams for its connections' RTTs and its responses' server delays. One
   * stream shared by the population, drawn in the order connections open, made a user's
   * draws depend on every other user's timing: a change of 0.3 us a packet (Ethernet
   * framing) gave one connection a 127 ms RTT instead of 12 ms and moved the offered load
   * by 2.6 points, and the load did not grow monotonically with the user count (issue #7).
   */
  rtt: Rng;
  srv: Rng;
}

/** What a connection is for: its page and how many requests it may carry. */
interface ConnPlan {
  page: Page;
  max: number;
  done: number;
  /** The exchange in progress asked for the top-level object. */
  top: boolean;
}

/**
 * A population of browsing users (seeds/002 §III.A): each user thinks, then retrieves a
 * page: the top-level object on one connection, then the embedded objects over up to
 * `parallel` connections; a connection is persistent with probability `persistent` and
 * then carries up to a drawn number of requests. After the last object the user thinks
 * again. A number of consecutive pages come from the same server, then the user picks
 * another server at random.
 *
 * seeds/002 names the model's elements (Table I) but not their distributions. Where it is
 * silent, the distributions are those of the PackMime-HTTP model (same research group,
 * same kind of traces; packmime-data.ts): request and response sizes (median response
 * 895 B against the paper's "approximately 1,000 bytes"), think time = PackMime's time
 * between pages (per-user log-normal mixture, median about 9 s), objects per page: 69 % of
 * pages only the top-level object (PackMime's P(one object), PERSISTENT.oneObject), the
 * others 1 + ceil(Weibull(1, 1.578)), at least 2 (mean about 1.66 objects a page),
 * consecutive pages per server = PackMime's pages per connection, requests per persistent
 * connection = 2 + Weibull(1, 1.578) rounded up. The server delay is PackMime's unless
 * `serverDelay` is "none" (seeds/002 §III: no delays at the end systems).
 */
class UserPopulation implements AppHandler, WebClient {
  private readonly users: User[] = [];
  private readonly app: number;

  constructor(
    private readonly ctx: TrafficContext,
    private readonly sides: WebSides,
    private readonly tcp: TcpParams,
    count: number,
    private readonly parallel: number,
    private readonly persistent: number,
    /** Draw PackMime's server delay for each response (false: the server answers at once). */
    private readonly serverDelay: boolean,
    name: string,
  ) {
    const seed = ctx.seed;
    this.app = ctx.sim.addApp(this);
    const uid = ctx.web().take('user', count);
    for (let i = 0; i < count; i++) {
      const rng = rngFor(seed, `${name}:user:${i}`);
      const sizes = rngFor(seed, `${name}:sizes:${i}`);
      this.users.push({
        id: i,
        uid: uid + i,
        client: sides.clients[i % sides.clients.length],
        server: 0,
        pagesOnServer: 0,
        rng,
        thinkGen: new LogNormalMix(rng, PERSISTENT.pageGap),
        sizes,
        rsp: new ResponseSampler(sizes, 100),
        rtt: rngFor(seed, `${name}:rtt:${i}`),
        srv: rngFor(seed, `${name}:server:${i}`),
      });
    }
  }

  /**
   * Every user starts as if the population had been browsing for ever: its first page comes
   * after the stationary residual of its think time (LogNormalMix.residual: U x a
   * length-biased think time). A uniform fraction of an ordinary think time (the earlier
   * start) makes users with long think times fetch too early: the offered load surged to
   * 150-160 % in the first seconds and settled only after about 16 s (docs/web.md).
   * Users who would be mid-page at the start are not modelled: all start thinking; a user
   * spends a few per cent of its time retrieving (docs/web.md), which bounds the error.
   */
  begin(atNs: number): void {
    for (const u of this.users) this.ctx.sim.scheduleApp(this.app, u.id, atNs + fromSeconds(u.thinkGen.residual()));
  }

  /** A user's think time is over: fetch a page. */
  onApp(arg: number, now: number): void {
    const u = this.users[arg];
    const r = u.rng;
    if (u.pagesOnServer <= 0) {
      u.server = this.sides.servers[Math.floor(r.uniform() * this.sides.servers.length)];
      u.pagesOnServer = r.uniform() < PERSISTENT.onePage ? 1 : Math.max(2, Math.ceil(weibull(r, PERSISTENT.pagesShape, PERSISTENT.pagesScale) + 1));
    }
    u.pagesOnServer--;
    const objects = r.uniform() < PERSISTENT.oneObject ? 1 : Math.max(2, Math.ceil(weibull(r, PERSISTENT.objectsShape, PERSISTENT.objectsScale) + 1));
    const page: Page = { id: this.ctx.web().take('page'), user: u, server: u.server, topAssigned: false, topDone: false, unassigned: objects - 1, left: objects, open: 0 };
    this.open(page, now);
  }

  /** Opens a connection for the page (persistent with the given probability). */
  private open(page: Page, now: number): void {
    const r = page.user.rng;
    const max = r.uniform() < this.persistent ? Math.max(2, Math.ceil(2 + weibull(r, PERSISTENT.objectsShape, PERSISTENT.objectsScale))) : 1;
    page.open++;
    this.pendingPlan = { page, max, done: 0, top: false };
    this.ctx.web().connect(
      this,
      { clientNode: page.user.client, serverNode: page.server, dir: this.sides.dir, tcp: this.tcp, delayNs: fromSeconds(drawFlowDelay(this.ctx.flowDelay, page.user.rtt)), user: page.user.uid, page: page.id },
      now,
    );
  }

  /** The plan of the connection being opened (read by nextExchange(k = 0) inside connect). */
  private pendingPlan: ConnPlan | null = null;

  nextExchange(conn: WebConnection, k: number): WebExchange | null {
    if (k === 0) {
      conn.tag = this.pendingPlan;
      this.pendingPlan = null;
    }
    const plan = conn.tag as ConnPlan;
    const page = plan.page;
    if (!page.topAssigned) {
      page.topAssigned = true;
      plan.top = true;
    } else {
      if (page.unassigned === 0) return null; // other connections took the rest
      page.unassigned--;
      plan.top = false;
    }
    // the server closes after this response if the connection may carry no more, or nothing is left to ask
    const last = plan.done + 1 >= plan.max || page.unassigned === 0;
    const u = page.user;
    return { req: sampleRequest(u.sizes), rsp: u.rsp.next(), serverDelayNs: this.serverDelay ? fromSeconds(sampleServerDelay(u.srv)) : 0, gapNs: 0, last };
  }

  exchangeDone(conn: WebConnection, _k: number, now: number): void {
    const plan = conn.tag as ConnPlan;
    const page = plan.page;
    plan.done++;
    page.left--;
    if (plan.top) {
      page.topDone = true;
      // the top-level object is in: the embedded ones go over up to `parallel` connections
      const continuing = plan.done < plan.max && page.unassigned > 0 ? 1 : 0;
      const n = Math.min(this.parallel - continuing, page.unassigned - continuing);
      for (let i = 0; i < n; i++) this.open(page, now);
    }
    if (page.left === 0) this.pageDone(page, now);
  }

  connectionClosed(conn: WebConnection, now: number): void {
    const page = (conn.tag as ConnPlan).page;
    page.open--;
    // the next embedded objects go on new connections, `parallel` at most at a time
    if (page.topDone && page.unassigned > 0 && page.open < this.parallel) this.open(page, now);
  }

  private pageDone(page: Page, now: number): void {
    const u = page.user;
    this.ctx.sim.scheduleApp(this.app, u.id, now + Math.max(1, fromSeconds(u.thinkGen.next())));
  }
}

/**
 * Browsing users (seeds/002 §III.A, Table I): a fixed population per direction, each
 * alternating think times and page retrievals over parallel, partly persistent HTTP
 * connections. The load they offer follows the user count (seeds/002 Fig. 3).
 */
/**
 * What one user offers, measured on the uncongested link (the calibrations: 98 % of 10 Mb/s
 * takes about 1,000 users per side, 98 % of 100 Mb/s about 9,100; the 100 Mb/s runs complete
 * about 0.15 exchanges per user per second). Only first guesses and run-size estimates use
 * them; a run's `load` is calibrated by running the workload.
 */
const USER_BPS = 10_000;
const USER_EXCHANGES_PER_S = 0.15;

export const webUsers = defineTraffic({
  kind: 'web-users',
  label: 'browsing users (pages, think times, parallel connections)',
  doc: 'A fixed population of web users alternating think time and page retrievals (seeds/002); response times in summary.web.',
  params: WEB_USERS_PARAMS,
  optional: { load: 'the user count as given' },
  from: false,
  tcpOverride: true,
  needsDuration(_item, path, scenario) {
    return scenario.stopAfterExchanges === undefined ? needsDurationText(`${path} (web-users) browses without end`, ['stopAfterExchanges']) : null;
  },
  calibration: {
    param: 'users',
    integer: true,
    // a first guess (the guess bps / 2500 used before was 4x off, and 4 calibration runs then
    // ended 1.5 points off the target: 99.5 % for 98 %)
    guess: (_item, bps) => bps / USER_BPS,
    directions: (item) => (item.direction === 'forward' ? [0] : item.direction === 'reverse' ? [1] : [0, 1]),
  },
  exchangeRate: (item, capacity) => (item.load !== undefined ? (item.load * capacity) / USER_BPS : item.users) * USER_EXCHANGES_PER_S * (item.direction === 'both' ? 2 : 1),
  estimate(item, ctx) {
    const users = item.load !== undefined ? (item.load * ctx.pathRate) / USER_BPS : item.users;
    const dirs = item.direction === 'both' ? 2 : 1;
    const exchanges = users * USER_EXCHANGES_PER_S * dirs * Math.max(0, ctx.endSeconds - item.start);
    const packets = exchanges * 20;
    // a user and its open connections: measured (live heap, web100-users-dt-98 with 1x, 2.2x
    // and 8.7x its users) 1.4, 4.2 and 6.3 KB per user: a user waits for its page, so the
    // connections open per user grow with the overload up to the page's parallel ones
    const rho = (users * USER_BPS) / ctx.pathRate;
    const perUser = 1_500 + 5_000 * Math.min(1, Math.max(0, (rho - 1) / 2));
    return { packets, flows: Math.ceil(users * dirs * 0.2), seriesColumns: 0, events: packets * ctx.hops * 1.25 + exchanges * 4, memoryBytes: users * dirs * perUser, exchanges };
  },
  create(item, ctx) {
    ctx.web(); // the run's response-time statistics exist from the start (summary.web, the baseline run)
    const tcp: TcpParams = valuesOf(TCP_PARAMS, ctx.tcp, item.tcp);
    for (const sides of webSides(item.direction, ctx)) {
      const pop = new UserPopulation(ctx, sides, tcp, item.users, item.parallel, item.persistent, item.serverDelay !== 'none', `web-users:${ctx.index}:${sides.dir}`);
      pop.begin(fromSeconds(item.start));
    }
  },
});
