import { NS_PER_S } from '../core/time';

/**
 * Response-time statistics of web request/response exchanges (seeds/002 §III.A: from just
 * before connect(); seeds/000 §5.3, seeds/003 §4.2).
 *
 * An exchange's response time runs from the client's first SYN (or, on a persistent
 * connection, the write of the request) to the arrival of the last byte of the response.
 * As ns-2's PackMime records them, an exchange counts when it *started* at or after the
 * warm-up; it is recorded when it completes. `started` counts exchanges begun after the
 * warm-up, completed or not.
 */

/** Response sizes above this many bytes are the "large responses" of seeds/000 Fig. 18 (50 KB). */
export const LARGE_RESPONSE_BYTES = 50_000;

/** Response times (s) at which the summary reports the CDF. */
export const CDF_POINTS: readonly number[] = [0.01, 0.02, 0.05, 0.1, 0.2, 0.3, 0.4, 0.5, 0.7, 1, 1.5, 2, 3, 5, 10, 20];

/** Direction of an exchange's response on the bottleneck: 0 = forward (left to right, or src to dst), 1 = reverse. */
export type WebDirection = 0 | 1;

export interface ResponseTimeStats {
  /** Seconds. */
  mean: number;
  p10: number;
  p25: number;
  p50: number;
  p75: number;
  p90: number;
  p99: number;
}

export interface ResponseSet {
  /** Exchanges started after the warm-up and completed. */
  exchanges: number;
  /** Null when no exchange completed. */
  responseTime: ResponseTimeStats | null;
  /** [seconds, fraction of these exchanges completed within it] at CDF_POINTS. */
  cdf: [number, number][];
  /** Fraction of these exchanges during which a packet of theirs (data, ACK, SYN, FIN; either direction) was dropped. */
  flowsWithLoss: number;
}

export interface WebSummary extends ResponseSet {
  /** Exchanges started after the warm-up (completed or not). */
  started: number;
  /** Exchanges in progress at the end of the run (started at any time). */
  inProgress: number;
  /** TCP connections opened over the whole run (fewer than exchanges when connections are persistent). */
  connections: number;
  /** The same figures for responses above 50 KB (seeds/000 Fig. 18). */
  largeResponses: ResponseSet;
  /** Completed exchanges per direction of their response (forward, reverse). */
  byDirection: { forward: number; reverse: number };
  /** Response bytes delivered by the counted exchanges. */
  responseBytes: number;
}

/** One completed exchange, columnar, for --responses and the live chart. */
export interface ExchangeBatch {
  /** Start (first SYN or request write), s. */
  start: Float64Array;
  /** Response time, s. */
  rt: Float64Array;
  req: Float64Array;
  rsp: Float64Array;
  /** The connection's round-trip propagation delay (no queueing), s. */
  rtt: Float64Array;
  dir: Uint8Array;
  /** Packets of the exchange dropped anywhere. */
  drops: Uint16Array;
  /** The exchange's connection: an id unique in the run, shared by the exchanges of a persistent connection. */
  connection: Int32Array;
  /** Its browsing user (web-users), session (web-sessions) and page (both), ids unique in the run; -1 where the workload has none (packmime). */
  user: Int32Array;
  session: Int32Array;
  page: Int32Array;
}

/** What an exchange's record names besides its figures (a WebConnection). */
export interface ExchangeIds {
  readonly id: number;
  readonly user: number;
  readonly session: number;
  readonly page: number;
}

/** Counters for a progress line or the app's counters. */
export interface WebProgress {
  /** Exchanges started and completed since the start of the run. */
  startedAll: number;
  completedAll: number;
  /** Completed exchanges that count (started after the warm-up). */
  completed: number;
  /** Exchanges started after the warm-up (completed or not). */
  started: number;
  /** stopAfterExchanges, or null. */
  target: number | null;
}

function grow<T extends Float64Array | Float32Array | Uint8Array | Uint16Array | Uint32Array | Int32Array>(a: T, n: number): T {
  if (n <= a.length) return a;
  const b = new (a.constructor as new (n: number) => T)(Math.max(n, a.length * 2));
  b.set(a);
  return b;
}

/** Value at quantile q of sorted values (linear interpolation between order statistics, R's type 7). */
export function quantileSorted(sorted: ArrayLike<number>, q: number): number {
  const n = sorted.length;
  if (n === 0) return NaN;
  const h = (n - 1) * q;
  const lo = Math.floor(h);
  const hi = Math.min(n - 1, lo + 1);
  return sorted[lo] + (h - lo) * (sorted[hi] - sorted[lo]);
}

/** Fraction of sorted values <= x. */
export function cdfAt(sorted: ArrayLike<number>, x: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid] <= x) lo = mid + 1;
    else hi = mid;
  }
  return sorted.length > 0 ? lo / sorted.length : 0;
}

/** The summary figures of a set of response times (s) and their loss flags. */
export function responseSet(rts: Float64Array, lossCount: number): ResponseSet {
  const n = rts.length;
  const sorted = rts.slice().sort();
  let sum = 0;
  for (let i = 0; i < n; i++) sum += sorted[i];
  return {
    exchanges: n,
    responseTime:
      n === 0
        ? null
        : {
            mean: sum / n,
            p10: quantileSorted(sorted, 0.1),
            p25: quantileSorted(sorted, 0.25),
            p50: quantileSorted(sorted, 0.5),
            p75: quantileSorted(sorted, 0.75),
            p90: quantileSorted(sorted, 0.9),
            p99: quantileSorted(sorted, 0.99),
          },
    cdf: CDF_POINTS.map((x) => [x, cdfAt(sorted, x)]),
    flowsWithLoss: n > 0 ? lossCount / n : 0,
  };
}

/**
 * Collects the exchanges of every web traffic item of a run. Records are kept (for the
 * summary's quantiles) only for exchanges started after the warm-up, in typed arrays that
 * grow by doubling: WEB_RECORD_BYTES (51) per exchange.
 */
/** Record slots a WebStats starts with. */
const WEB_RECORDS_FIRST = 1024;

export class WebStats {
  private n = 0;
  private start = new Float64Array(WEB_RECORDS_FIRST);
  private rt = new Float64Array(WEB_RECORDS_FIRST);
  private req = new Uint32Array(WEB_RECORDS_FIRST);
  private rsp = new Float64Array(WEB_RECORDS_FIRST);
  private rtt = new Float32Array(WEB_RECORDS_FIRST);
  private dir = new Uint8Array(WEB_RECORDS_FIRST);
  private drops = new Uint16Array(WEB_RECORDS_FIRST);
  private conn = new Int32Array(WEB_RECORDS_FIRST);
  private user = new Int32Array(WEB_RECORDS_FIRST);
  private session = new Int32Array(WEB_RECORDS_FIRST);
  private page = new Int32Array(WEB_RECORDS_FIRST);
  /** Index of the first record not yet streamed out. */
  private streamed = 0;
  startedAll = 0;
  completedAll = 0;
  connections = 0;
  /** Started after the warm-up. */
  started = 0;
  /** Called once when `stopAfter` counted exchanges have completed. */
  onTarget: (() => void) | null = null;

  constructor(
    /** Exchanges starting before this time (ns) are not counted. */
    readonly warmupNs: number,
    /** Stop after this many counted exchanges (Infinity = never). */
    readonly stopAfter: number,
    /** Streams completed exchanges in batches (absent = not streamed). */
    private readonly sink: ((b: ExchangeBatch) => void) | null,
  ) {}

  get completed(): number {
    return this.n;
  }

  progress(): WebProgress {
    return { startedAll: this.startedAll, completedAll: this.completedAll, completed: this.n, started: this.started, target: Number.isFinite(this.stopAfter) ? this.stopAfter : null };
  }

  /** An exchange starts at `startNs` (now). */
  exchangeStarted(startNs: number): void {
    this.startedAll++;
    if (startNs >= this.warmupNs) this.started++;
  }

  /** An exchange that started at `startNs` got its last response byte at `endNs`. */
  exchangeDone(startNs: number, endNs: number, req: number, rsp: number, rttNs: number, dir: WebDirection, drops: number, ids: ExchangeIds): void {
    this.completedAll++;
    if (startNs < this.warmupNs) return;
    const i = this.n;
    if (i === this.start.length) {
      const m = i * 2;
      this.start = grow(this.start, m);
      this.rt = grow(this.rt, m);
      this.req = grow(this.req, m);
      this.rsp = grow(this.rsp, m);
      this.rtt = grow(this.rtt, m);
      this.dir = grow(this.dir, m);
      this.drops = grow(this.drops, m);
      this.conn = grow(this.conn, m);
      this.user = grow(this.user, m);
      this.session = grow(this.session, m);
      this.page = grow(this.page, m);
    }
    this.start[i] = startNs / NS_PER_S;
    this.rt[i] = (endNs - startNs) / NS_PER_S;
    this.req[i] = req;
    this.rsp[i] = rsp;
    this.rtt[i] = rttNs / NS_PER_S;
    this.dir[i] = dir;
    this.drops[i] = drops > 65535 ? 65535 : drops;
    this.conn[i] = ids.id;
    this.user[i] = ids.user;
    this.session[i] = ids.session;
    this.page[i] = ids.page;
    this.n = i + 1;
    if (this.sink !== null && this.n - this.streamed >= 512) this.flush();
    if (this.n === this.stopAfter && this.onTarget !== null) this.onTarget();
  }

  /** Streams the records not yet sent. */
  flush(): void {
    if (this.sink === null || this.streamed === this.n) return;
    const a = this.streamed;
    const b = this.n;
    this.streamed = b;
    this.sink({
      start: this.start.slice(a, b),
      rt: this.rt.slice(a, b),
      req: Float64Array.from(this.req.subarray(a, b)),
      rsp: this.rsp.slice(a, b),
      rtt: Float64Array.from(this.rtt.subarray(a, b)),
      dir: this.dir.slice(a, b),
      drops: this.drops.slice(a, b),
      connection: this.conn.slice(a, b),
      user: this.user.slice(a, b),
      session: this.session.slice(a, b),
      page: this.page.slice(a, b),
    });
  }

  /** Response times (s) of the counted exchanges, in completion order. */
  responseTimes(): Float64Array {
    return this.rt.slice(0, this.n);
  }

  summary(): WebSummary {
    const n = this.n;
    const rts = this.rt.subarray(0, n);
    let lost = 0;
    let nLarge = 0;
    let lostLarge = 0;
    let fwd = 0;
    let bytes = 0;
    for (let i = 0; i < n; i++) {
      const l = this.drops[i] > 0;
      if (l) lost++;
      bytes += this.rsp[i];
      if (this.dir[i] === 0) fwd++;
      if (this.rsp[i] > LARGE_RESPONSE_BYTES) {
        nLarge++;
        if (l) lostLarge++;
      }
    }
    const large = new Float64Array(nLarge);
    for (let i = 0, j = 0; i < n; i++) if (this.rsp[i] > LARGE_RESPONSE_BYTES) large[j++] = rts[i];
    return {
      ...responseSet(rts, lost),
      started: this.started,
      inProgress: this.startedAll - this.completedAll,
      connections: this.connections,
      largeResponses: responseSet(large, lostLarge),
      byDirection: { forward: fwd, reverse: n - fwd },
      responseBytes: bytes,
    };
  }
}

/**
 * Bytes of one exchange's record in WebStats' parallel arrays (51: 3 float64, 1 float32, 1
 * uint32, 1 uint16, 1 uint8, 4 int32), read off a fresh WebStats as estimate.ts reads the
 * packet pool's slot: a field added there is counted here.
 */
export const WEB_RECORD_BYTES = ((): number => {
  const stats = new WebStats(0, Infinity, null);
  return Object.values(stats).reduce((a: number, v: unknown) => a + (ArrayBuffer.isView(v) ? v.byteLength : 0), 0) / WEB_RECORDS_FIRST;
})();

/** Memory of WebStats' records after `n` exchanges: 1024 x 2^k slots, the first that holds them (they double when full). */
export function webRecordsBytes(n: number): number {
  let capacity = WEB_RECORDS_FIRST;
  while (capacity < n) capacity *= 2;
  return capacity * WEB_RECORD_BYTES;
}
