import { valuesOf, type ParamSpecs } from '../core/params';
import { rngFor, type Rng } from '../core/rng';
import type { AppHandler } from '../core/simulator';
import { fromSeconds } from '../core/time';
import { TCP_PARAMS, type TcpParams } from '../tcp/params';
import { weibull } from './dist';
import { drawFlowDelay } from './flow-delay';
import { PERSISTENT } from './packmime-data';
import { GapSampler, LogNormalMix, RequestSampler, ResponseSampler, sampleServerDelay, wholeBytes } from './packmime-model';
import { BYTES_PER_OPEN_CONNECTION, defineTraffic, needsDurationText, overloadBacklog, type TrafficContext, type TrafficItemOf } from './types';
import { DIRECTION_PARAM, webSides, type WebClient, type WebConnection, type WebExchange, type WebSides } from './web';

/**
 * PackMime-HTTP traffic (Cao et al., "Stochastic models for generating synthetic HTTP
 * source traffic", INFOCOM 2004; seeds/000 §5.1; ns-2.35's PackMimeHTTP): connections arriving at a rate, each a request/response exchange over its
 * own TCP connection. The model's samplers are in packmime-model.ts, its tables in
 * packmime-data.ts. Parameters of an item (`{ kind: "packmime", ... }`), declared once:
 */
export const PACKMIME_PARAMS = {
  direction: DIRECTION_PARAM,
  rate: {
    type: 'number',
    unit: '',
    default: 20,
    min: 0,
    exclusiveMin: true,
    max: 1e5,
    label: 'Connections/s',
    doc: 'New HTTP connections per second in each direction, started whatever the earlier ones are doing. Ignored when load is given.',
    ref: 'seeds/000 §5.1 (PackMime connection rate)',
  },
  load: {
    type: 'number',
    unit: 'ratio',
    default: 0.8,
    min: 0,
    exclusiveMin: true,
    max: 2,
    label: 'Offered load',
    doc: 'Offered load as a fraction of the bottleneck rate: the connection rate is calibrated so that this workload keeps the bottleneck this busy when it is 10x faster (uncongested), as the papers did.',
    ref: 'seeds/000 §5.4',
  },
  persistent: {
    type: 'boolean',
    default: false,
    label: 'Persistent (HTTP/1.1)',
    doc: 'PackMime HTTP/1.1 model: 9 % of connections carry several pages of objects, with the model\'s gaps between requests; otherwise one request per connection (HTTP/1.0).',
    ref: 'ns-2.35 PackMime persistent model',
  },
  arrivals: {
    type: 'enum',
    values: ['independent', 'farima'],
    valueDocs: {
      independent: 'successive gaps independent: the connections arrive as a renewal process, close to Poisson at tens of connections per second',
      farima: "successive gaps long-range dependent as in the PackMime model and ns-2.35 (fractional ARIMA, d = 0.33): the connection rate itself wanders over seconds to minutes, so the same mean load brings more bursts of overload",
    },
    default: 'independent',
    label: 'Connection arrivals',
    doc: 'Whether the gaps between connections are independent or long-range dependent; both keep the same Weibull distribution of a gap and the same mean rate.',
    ref: 'Cao et al. 2004 (PackMime); ns-2.35 PackMimeHTTPFlowArriveRandomVariable',
  },
  requestSizes: {
    type: 'enum',
    values: ['independent', 'farima'],
    valueDocs: {
      independent: 'successive request sizes independent',
      farima: 'successive request sizes long-range dependent as in the PackMime model and ns-2.35 (fractional ARIMA, d = 0.31): runs of larger and of smaller requests; about 90 % of requests fit one packet either way',
    },
    default: 'independent',
    label: 'Request sizes',
    doc: 'Whether the sizes of successive requests are independent or long-range dependent; both keep the same distribution of a request size. Response sizes come in runs of cache validations and downloads either way.',
    ref: 'Cao et al. 2004 (PackMime); ns-2.35 PackMimeHTTPFileSizeRandomVariable',
  },
  start: { type: 'number', unit: 's', default: 0, min: 0, max: 1e6, label: 'Start', doc: 'Time of the first connection, seconds.' },
  stop: { type: 'number', unit: 's', default: 60, min: 0, exclusiveMin: true, max: 1e6, label: 'Stop', doc: 'No new connections after this time (open ones finish); omit to keep going until the run ends.' },
} as const satisfies ParamSpecs;

export type PackmimeItem = TrafficItemOf<typeof PACKMIME_PARAMS, 'load' | 'stop'> & {
  kind: 'packmime';
  direction: 'forward' | 'reverse' | 'both';
  /**
   * Set by the load calibration, not by scenarios: the rate the model's rate-dependent
   * shapes (gap and response-run Weibulls) are taken at, so that calibration runs at
   * different rates see the same sequence of connections; default: `rate`.
   */
  modelRate?: number;
};

/**
 * Bytes one connection puts on a link direction, roughly (about 9 KB of response and request
 * bytes, 40-byte headers and ACKs): the load -> rate first guess before calibration and the
 * estimate's offered load. Not a model parameter (the calibration finds the real rate).
 */
const BYTES_PER_CONNECTION_GUESS = 9_000;

/** Connections per second per direction: the rate, or a first guess from the load before calibration. */
function connectionRate(item: { rate: number; load?: number }, capacity: number): number {
  return item.load !== undefined ? (item.load * capacity) / (8 * BYTES_PER_CONNECTION_GUESS) : item.rate;
}

/**
 * One direction of a PackMime-HTTP cloud pair: connections arrive with Weibull gaps of
 * mean 1 / rate; each carries one request/response (or, persistent, the pages of the
 * HTTP/1.1 model) from a client host to a server host, round-robin over the hosts.
 */
class PackMimeSource implements AppHandler, WebClient {
  private readonly gaps: GapSampler;
  private readonly rsp: ResponseSampler;
  private readonly req: RequestSampler;
  private readonly delayRng: Rng;
  private readonly rttRng: Rng;
  private readonly persistRng: Rng;
  private readonly pageGap: LogNormalMix | null;
  private readonly objGap: LogNormalMix | null;
  private readonly app: number;
  private k = 0;

  constructor(
    private readonly ctx: TrafficContext,
    private readonly sides: WebSides,
    private readonly tcp: TcpParams,
    rate: number,
    modelRate: number,
    private readonly persistent: boolean,
    correlatedGaps: boolean,
    correlatedRequests: boolean,
    private readonly stopNs: number,
    name: string,
  ) {
    const seed = ctx.seed;
    this.gaps = new GapSampler(rngFor(seed, `${name}:gap`), rate, modelRate, correlatedGaps);
    this.rsp = new ResponseSampler(rngFor(seed, `${name}:rsp`), modelRate);
    this.req = new RequestSampler(rngFor(seed, `${name}:req`), modelRate, correlatedRequests);
    this.delayRng = rngFor(seed, `${name}:server`);
    this.rttRng = rngFor(seed, `${name}:rtt`);
    this.persistRng = rngFor(seed, `${name}:persistent`);
    this.pageGap = persistent ? new LogNormalMix(this.persistRng, PERSISTENT.pageGap) : null;
    this.objGap = persistent ? new LogNormalMix(this.persistRng, PERSISTENT.objectGap) : null;
    this.app = ctx.sim.addApp(this);
  }

  /** Schedules the first connection. */
  begin(atNs: number): void {
    if (atNs < this.stopNs) this.ctx.sim.scheduleApp(this.app, 0, atNs);
  }

  /** Time for a new connection. */
  onApp(_arg: number, now: number): void {
    const k = this.k++;
    const s = this.sides;
    const hub = this.ctx.web();
    hub.connect(
      this,
      {
        clientNode: s.clients[k % s.clients.length],
        serverNode: s.servers[k % s.servers.length],
        dir: s.dir,
        tcp: this.tcp,
        delayNs: fromSeconds(drawFlowDelay(this.ctx.flowDelay, this.rttRng)),
      },
      now,
    );
    const next = now + Math.max(1, fromSeconds(this.gaps.next()));
    if (next < this.stopNs) this.ctx.sim.scheduleApp(this.app, 0, next);
  }

  nextExchange(conn: WebConnection, k: number): WebExchange {
    if (k === 0) {
      const plan = this.persistent ? this.planPersistent() : null;
      conn.tag = plan;
      const req = this.req.next();
      const rsp = this.rsp.next();
      if (plan === null) return { req, rsp, serverDelayNs: fromSeconds(sampleServerDelay(this.delayRng)), gapNs: 0, last: true };
      plan.req = req;
      plan.first = rsp;
      plan.later = rsp > PERSISTENT.cacheCutoff && plan.gaps.length > 1 ? new LogNormalMix(this.persistRng, PERSISTENT.laterSize) : null;
      return { req, rsp, serverDelayNs: fromSeconds(sampleServerDelay(this.delayRng)), gapNs: 0, last: plan.gaps.length === 1 };
    }
    // a later request on a persistent connection: same request size, response per the model
    const plan = conn.tag as PersistentPlan;
    const rsp = plan.later !== null ? wholeBytes(plan.later.next()) : plan.first;
    return { req: plan.req, rsp, serverDelayNs: fromSeconds(sampleServerDelay(this.delayRng)), gapNs: fromSeconds(plan.gaps[k]), last: k === plan.gaps.length - 1 };
  }

  /** HTTP/1.1 model: is the connection persistent, how many pages and objects, and the gaps before each request. */
  private planPersistent(): PersistentPlan | null {
    const r = this.persistRng;
    if (r.uniform() >= PERSISTENT.probability) return null;
    let pages = 1;
    if (r.uniform() >= PERSISTENT.onePage) pages = Math.max(2, Math.ceil(weibull(r, PERSISTENT.pagesShape, PERSISTENT.pagesScale) + 1));
    const gaps: number[] = [];
    for (let pg = 0; pg < pages; pg++) {
      let objs = 1;
      if (pages === 1 || r.uniform() >= PERSISTENT.oneObject) objs = Math.max(2, Math.ceil(weibull(r, PERSISTENT.objectsShape, PERSISTENT.objectsScale) + 1));
      for (let o = 0; o < objs; o++) gaps.push(pg === 0 && o === 0 ? 0 : o === 0 ? (this.pageGap as LogNormalMix).next() : (this.objGap as LogNormalMix).next());
    }
    return { gaps, req: 0, first: 0, later: null };
  }
}

interface PersistentPlan {
  /** Gap before each request (s); gaps[0] = 0. */
  gaps: number[];
  req: number;
  first: number;
  later: LogNormalMix | null;
}

/**
 * PackMime-HTTP (seeds/000 §5.1; Cao et al. 2004): HTTP/1.0 request/response exchanges,
 * one TCP connection each, opened at `rate` per second (per direction) whatever earlier
 * connections are doing, with the model's request sizes (about 90 % under 1 KB), response
 * sizes (about 60 % fit one packet, 90 % ten; rare ones of many MB) and server delays.
 */
export const packmime = defineTraffic({
  kind: 'packmime',
  label: 'PackMime-HTTP web traffic (connections at a rate)',
  doc: 'HTTP request/response exchanges of the PackMime model, one TCP connection each, started at a rate per second; response times in summary.web.',
  params: PACKMIME_PARAMS,
  optional: { load: 'the connection rate as given', stop: 'connections keep starting until the run ends' },
  from: false,
  tcpOverride: true,
  check(item, path) {
    return item.stop !== undefined && !(item.stop > item.start) ? [`${path}.stop = ${item.stop} must be after ${path}.start = ${item.start}`] : [];
  },
  needsDuration(item, path, scenario) {
    return item.stop === undefined && scenario.stopAfterExchanges === undefined ? needsDurationText(`${path} (packmime) keeps opening connections`, ['stopAfterExchanges', `${path}.stop`]) : null;
  },
  calibration: {
    param: 'rate',
    guess: (_item, bps) => bps / (8 * BYTES_PER_CONNECTION_GUESS),
    fix: (guess) => ({ modelRate: guess }),
    directions: (item) => (item.direction === 'forward' ? [0] : item.direction === 'reverse' ? [1] : [0, 1]),
  },
  exchangeRate: (item, capacity) => connectionRate(item, capacity) * (item.direction === 'both' ? 2 : 1) * (item.persistent ? 1.3 : 1),
  estimate(item, ctx) {
    const span = Math.max(0, Math.min(item.stop ?? Infinity, ctx.endSeconds) - item.start);
    const conns = connectionRate(item, ctx.pathRate) * (item.direction === 'both' ? 2 : 1) * span;
    // per connection about 7 data segments, as many ACKs, and 6 control packets (SYN, SYN-ACK, ACK, request ACK, FIN, FIN-ACK)
    const packets = conns * 20;
    const rate = connectionRate(item, ctx.pathRate) * (item.direction === 'both' ? 2 : 1);
    // about 2 s per connection when the link keeps up; beyond it the excess piles up
    // (open loop: connections start whatever the earlier ones do)
    const rho = (connectionRate(item, ctx.pathRate) * 8 * BYTES_PER_CONNECTION_GUESS) / ctx.pathRate;
    const open = Math.ceil(rate * 2 + overloadBacklog(rate, rho, span));
    return { packets, flows: open, seriesColumns: 0, events: packets * ctx.hops * 1.25 + conns * 4, packetsInFlight: open * 10, memoryBytes: open * BYTES_PER_OPEN_CONNECTION };
  },
  create(item, ctx) {
    ctx.web(); // the run's response-time statistics exist from the start (summary.web, the baseline run)
    const tcp: TcpParams = valuesOf(TCP_PARAMS, ctx.tcp, item.tcp);
    const stopNs = item.stop !== undefined ? fromSeconds(item.stop) : Infinity;
    for (const sides of webSides(item.direction, ctx)) {
      const src = new PackMimeSource(ctx, sides, tcp, item.rate, (item as PackmimeItem).modelRate ?? item.rate, item.persistent, item.arrivals === 'farima', item.requestSizes === 'farima', stopNs, `packmime:${ctx.index}:${sides.dir}`);
      src.begin(fromSeconds(item.start));
    }
  },
});
