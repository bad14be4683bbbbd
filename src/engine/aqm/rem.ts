import { drawTexts } from '../core/number-text';
import type { ParamSpecs, ParamValues } from '../core/params';
import { NS_PER_S, fromSeconds } from '../core/time';
import { ECN_NOT_ECT } from '../net/packet';
import type { DecisionRecord } from './decision';
import { COMMON_QUEUE_PARAMS, QueueDisc, type AqmDescriptor, type AqmVar, type QueueContext, type QueueThresholds } from './queue-disc';
import { explain } from './rem.explain';

/**
 * REM parameters (Athuraliya, Li, Low & Yin, "REM: active queue management", IEEE
 * Network 2001; seeds/002 eq. 2). Defaults are the paper's and ns-2's (gamma_, phi_,
 * pupdtime_, the 0.1 queue weight).
 */
export const REM_PARAMS = {
  ...COMMON_QUEUE_PARAMS,
  bStar: {
    type: 'number',
    unit: 'queue-units',
    default: 20,
    min: 0,
    max: 1e9,
    label: 'b*',
    doc: 'Target queue, in the queue’s unit (seeds/002: 24 and 240 packets; seeds/003: 62 KB).',
    ref: 'seeds/002 eq. 2 (q_ref); seeds/003 §4.2 (b*); ns-2 pbo_ 20',
  },
  gamma: { type: 'number', unit: 'ratio', default: 0.001, min: 0, max: 1, label: 'gamma', doc: 'Step size of the price update.', ref: 'Athuraliya et al. 2001; ns-2 gamma_' },
  phi: { type: 'number', unit: 'ratio', default: 1.001, min: 1, exclusiveMin: true, max: 100, label: 'phi', doc: 'Base of the marking law p = 1 - phi^(-price).', ref: 'seeds/002 §II; ns-2 phi_' },
  alpha: { type: 'number', unit: 'ratio', default: 0.1, min: 0, max: 100, label: 'alpha', doc: 'Weight of the queue mismatch q - b* against the rate mismatch x - c.', ref: 'seeds/002 eq. 2; ns-2 rem.cc (0.1)', kindOwn: true },
  interval: { type: 'number', unit: 's', default: 0.002, min: 0.0001, max: 10, label: 'Update interval', doc: 'The price is updated once per interval.', ref: 'ns-2 pupdtime_ 0.002', kindOwn: true },
  inw: {
    type: 'number',
    unit: 'ratio',
    default: 1,
    min: 0,
    exclusiveMin: true,
    max: 1,
    label: 'Input weight',
    doc: 'Weight of the newest interval in the arrival count x (1 = the last interval only; ns-2 inw_).',
    ref: 'ns-2 rem.cc inw_ 1',
  },
  ecn: { type: 'boolean', default: false, label: 'ECN marking', doc: 'Mark ECT packets with CE instead of dropping them; Not-ECT packets are still dropped (see markAt).', ref: 'RFC 3168 §5; ns-2 markpkts_' },
  markAt: {
    type: 'enum',
    values: ['enqueue', 'dequeue'],
    valueDocs: {
      enqueue: 'with ECN the arrival is marked (ECT) or dropped (Not-ECT) with probability p, as without ECN',
      dequeue: 'ns-2.35 markpkts_: with ECN nothing is dropped early; departing ECT packets are marked with probability p',
    },
    default: 'enqueue',
    label: 'ECN marking point',
    doc: 'Where REM marks when ECN is on (only matters with ecn).',
    ref: 'ns-2 rem.cc deque (markpkts_)',
  },
  mode: {
    type: 'enum',
    values: ['packet', 'byte'],
    valueDocs: { packet: 'every packet gets probability p', byte: 'p is scaled by packet size / meanPktSize (seeds/002 eq. 3)' },
    default: 'packet',
    label: 'Drop mode',
    doc: 'Packet mode or byte mode.',
    ref: 'seeds/002 eq. 3',
  },
  meanPktSize: {
    type: 'number',
    unit: 'bytes',
    default: 1500,
    min: 1,
    max: 1e6,
    integer: true,
    label: 'Mean packet size',
    doc: 'Sets the capacity c = rate x interval / (8 meanPktSize) packets per interval; with unit = bytes, queue and arrivals are divided by it. Set it to the data packet size, or the price settles with the queue off b*.',
    ref: 'ns-2 rem.cc mean_pktsize_ (default 1000)',
    kindDefault: true,
  },
} as const satisfies ParamSpecs;

export type RemParams = Readonly<ParamValues<typeof REM_PARAMS>>;

export const REM_VARS: readonly AqmVar[] = [
  { name: 'price', label: 'price', unit: 'ratio', doc: 'The congestion price: grows while arrivals exceed capacity or the queue exceeds b*.' },
  { name: 'p', label: 'p', unit: 'probability', doc: 'Drop/mark probability 1 - phi^(-price).' },
];

/**
 * REM (seeds/002 eq. 2): every `interval`,
 *   price <- max(0, price + gamma (alpha (q - b*) + x - c)),   p = 1 - phi^(-price),
 * with q the queue, x the arrivals in the interval (filtered with weight inw) and c the
 * packets of meanPktSize the link can send in one interval. q, x and b* are in the queue's
 * unit: in packet mode they count packets of any size (so x and c are in different units
 * unless every packet has meanPktSize: ns-2.35's rem.cc does the same), in byte mode bytes
 * divided by meanPktSize. Arrivals are
 * dropped (or ECT-marked) with probability p, p scaled by size / meanPktSize in byte
 * mode. Arrivals are counted whether or not they are then dropped (as ns-2).
 *
 * The update timer runs lazily, like PI's (see pi.ts): updates due by an event are made
 * first, in order, with the queue of their time and the arrivals of their interval.
 */
export class RemQueue extends QueueDisc {
  readonly kind = 'rem';
  params: RemParams;
  price = 0;
  p = 0;
  /** Arrivals (packets, or bytes when unit = bytes) in the current interval, and the filtered input. */
  inCount = 0;
  inAvg = 0;
  k = 0;
  nextUpdate: number;
  /** The last update, for records. */
  lastT = NaN;
  lastPrice = NaN;
  lastQ = NaN;
  lastX = NaN;
  private timeBase = 0;
  /** Decoded once from the parameters (the per-packet path reads these). */
  private markAtDequeue = false;
  private byteMode = false;

  constructor(ctx: QueueContext, values: Record<string, unknown>) {
    const v = values as RemParams;
    super(ctx, v);
    this.params = Object.freeze({ ...v });
    this.decode();
    this.nextUpdate = fromSeconds(v.interval);
    this.declareVars(REM_VARS, [0, 0]);
  }

  setParams(values: Record<string, unknown>): void {
    const next: Record<string, unknown> = { ...this.params };
    for (const k of Object.keys(REM_PARAMS)) if (k in values && values[k] !== undefined) next[k] = values[k];
    const v = next as RemParams;
    const changed = v.interval !== this.params.interval;
    this.params = Object.freeze(v);
    this.limit = v.limit;
    this.unit = v.unit as 'packets' | 'bytes';
    this.countRule = v.countRule as 'waiting' | 'ns2';
    this.decode();
    if (changed) {
      this.timeBase = Math.max(0, this.nextUpdate - fromSeconds(v.interval));
      this.k = 0;
      this.nextUpdate = this.timeBase + fromSeconds(v.interval);
    }
  }

  private decode(): void {
    this.markAtDequeue = this.params.ecn && this.params.markAt === 'dequeue';
    this.byteMode = this.params.mode === 'byte';
  }

  override values(): Record<string, unknown> {
    return { ...this.params };
  }

  override thresholds(): QueueThresholds {
    return { target: this.params.bStar };
  }

  override probabilities(): { pb: number; pa: number; maxP: number } {
    return { pb: this.p, pa: this.p, maxP: NaN };
  }

  override aqmParams(): Record<string, number | string | boolean> {
    return { ...(this.values() as Record<string, number | string | boolean>), c: this.capacity() };
  }

  override aqmState(): Record<string, number> {
    return { price: this.price, p: this.p, inAvg: this.inAvg };
  }

  /** Packets (of meanPktSize) the link sends in one interval. */
  capacity(): number {
    return (this.params.interval * this.ctx.linkRateBps) / (8 * this.params.meanPktSize);
  }

  private update(t: number): void {
    const P = this.params;
    const scale = this.unit === 'bytes' ? P.meanPktSize : 1;
    const x = this.inCount / scale;
    this.inAvg = this.inAvg * (1 - P.inw) + P.inw * x;
    const q = this.length / scale;
    const prev = this.price;
    let price = prev + P.gamma * (P.alpha * (q - P.bStar / scale) + this.inAvg - this.capacity());
    if (price < 0) price = 0;
    this.lastT = t / NS_PER_S;
    this.lastPrice = prev;
    this.lastQ = this.length;
    this.lastX = x;
    this.inCount = 0;
    if (price !== prev) {
      this.integrateVars(t);
      this.price = price;
      this.p = 1 - Math.pow(P.phi, -price);
      this.vars[0] = price;
      this.vars[1] = this.p;
    }
  }

  private catchUp(now: number): void {
    if (this.nextUpdate > now) return;
    const interval = this.params.interval;
    while (this.nextUpdate <= now) {
      this.update(this.nextUpdate);
      this.k++;
      this.nextUpdate = this.timeBase + fromSeconds((this.k + 1) * interval);
    }
  }

  override sync(now: number): void {
    this.catchUp(now);
  }

  /** The probability for packet p (byte mode scaling). */
  private probFor(p: number): number {
    const P = this.params;
    let prob = this.p;
    if (this.byteMode) {
      prob = (prob * this.ctx.pool.size[p]) / P.meanPktSize;
      if (prob > 1) prob = 1;
    }
    return prob;
  }

  protected doEnqueue(p: number, now: number): boolean {
    this.catchUp(now);
    const P = this.params;
    const pool = this.ctx.pool;
    this.inCount += this.unit === 'bytes' ? pool.size[p] : 1;
    const q = this.length;
    const over = this.wouldOverflow(p);
    const atDequeue = this.markAtDequeue;
    const prob = this.probFor(p);
    let u = -1;
    let action: 'enqueue' | 'mark' | 'early' | 'overflow' = 'enqueue';
    if (over) action = 'overflow';
    else if (prob > 0 && !atDequeue) {
      u = this.ctx.rng.uniform();
      if (u < prob) action = P.ecn && pool.ecn[p] !== ECN_NOT_ECT ? 'mark' : 'early';
    }
    if (this.recorder !== null) this.recordDecision(p, now, q, prob, u, action, 'enqueue');
    if (action === 'enqueue' || action === 'mark') {
      if (action === 'mark') this.mark(p, now);
      this.store(p, now);
      return true;
    }
    this.drop(p, action, now);
    return false;
  }

  protected doDequeue(now: number): number {
    this.catchUp(now);
    const p = this.take();
    if (p >= 0 && this.markAtDequeue) {
      // ns-2 rem.cc deque with markpkts_: departing ECT packets are marked with probability p
      const pool = this.ctx.pool;
      const prob = this.probFor(p);
      if (prob > 0 && pool.ecn[p] !== ECN_NOT_ECT && pool.ecn[p] !== 3) {
        const u = this.ctx.rng.uniform();
        const hit = u < prob;
        if (this.recorder !== null) this.recordDecision(p, now, this.length, prob, u, hit ? 'mark' : 'enqueue', 'dequeue');
        if (hit) this.mark(p, now);
      }
    }
    return p;
  }

  private recordDecision(p: number, now: number, q: number, prob: number, u: number, action: string, stage: 'enqueue' | 'dequeue'): void {
    const P = this.params;
    // what the rule sentence prints, captured now (it is written later for a lazy recorder)
    const { unit, limit } = this;
    const ecn = P.ecn;
    const markAtDequeue = P.markAt === 'dequeue';
    const rec: DecisionRecord = this.newRecord(p, now, q, {
      avgBefore: NaN,
      avg: NaN,
      wq: NaN,
      idleM: 0,
      minTh: NaN,
      maxTh: NaN,
      maxP: NaN,
      gentle: false,
      region: action === 'overflow' ? 'overflow' : 'none',
      pb: this.p,
      pa: prob,
      count: 0,
      u: u < 0 ? null : u,
      outcome: action === 'enqueue' ? 'enqueue' : action === 'mark' ? 'mark' : 'drop',
      reason: action === 'early' ? 'early' : action === 'overflow' ? 'overflow' : null,
      rule: () => {
        const [uT, pT] = drawTexts(u, prob);
        return action === 'overflow'
          ? `buffer overflow: ${q} ${unit} waiting, limit ${limit}`
          : u < 0
            ? ecn && markAtDequeue
              ? 'ns-2 markpkts_: with ECN, REM marks departing packets and drops nothing early'
              : 'p = 0: REM leaves every packet alone'
            : action === 'enqueue'
              ? `u = ${uT} ≥ p = ${pT}: the packet ${stage === 'dequeue' ? 'leaves unmarked' : 'is queued'}`
              : action === 'mark'
                ? `u = ${uT} < p = ${pT}: ECT packet marked CE${stage === 'dequeue' ? ' as it leaves (ns-2 markpkts_)' : ' instead of dropped (RFC 3168 §5)'}`
                : `u = ${uT} < p = ${pT}: ${ecn ? 'Not-ECT packet, ' : ''}early drop`;
      },
      stage,
      extra: {
        price: this.price,
        p: this.p,
        bStar: P.bStar,
        gamma: P.gamma,
        phi: P.phi,
        alpha: P.alpha,
        inw: P.inw,
        c: this.capacity(),
        interval: P.interval,
        lastT: this.lastT,
        lastPrice: this.lastPrice,
        lastQ: this.lastQ,
        lastX: this.lastX,
        inAvg: this.inAvg,
        scale: this.unit === 'bytes' ? P.meanPktSize : 1,
        byteMode: P.mode === 'byte' ? 1 : 0,
        meanPktSize: P.meanPktSize,
        ecn: P.ecn ? 1 : 0,
      },
    });
    this.record(rec);
  }
}

export const rem: AqmDescriptor<typeof REM_PARAMS> = {
  kind: 'rem',
  label: 'REM',
  doc: 'Random Exponential Marking (Athuraliya et al. 2001, seeds/002 eq. 2): a price grows with the rate mismatch x - c and the queue mismatch q - b*; arrivals are dropped or marked with probability 1 - phi^(-price).',
  params: REM_PARAMS,
  create: (values, ctx) => new RemQueue(ctx, values),
  explain,
  vars: REM_VARS,
  // the input rate and the capacity in packets of meanPktSize per update interval (capacity())
  summaryUnits: { inAvg: 'packets per interval', c: 'packets per interval' },
};
