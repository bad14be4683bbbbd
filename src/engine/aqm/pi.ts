import { drawTexts } from '../core/number-text';
import type { ParamSpecs, ParamValues } from '../core/params';
import { NS_PER_S, fromSeconds } from '../core/time';
import { ECN_NOT_ECT } from '../net/packet';
import type { DecisionRecord } from './decision';
import { explain } from './pi.explain';
import { COMMON_QUEUE_PARAMS, QueueDisc, type AqmDescriptor, type AqmVar, type QueueContext, type QueueThresholds } from './queue-disc';

/**
 * PI controller parameters (Hollot, Misra, Towsley & Gong, "On designing improved
 * controllers for AQM routers supporting TCP flows", INFOCOM 2001; seeds/002 eq. 1).
 * Defaults are the paper's design example, also ns-2's (a_, b_, w_).
 */
export const PI_PARAMS = {
  ...COMMON_QUEUE_PARAMS,
  qRef: {
    type: 'number',
    unit: 'queue-units',
    default: 50,
    min: 0,
    max: 1e9,
    label: 'q_ref',
    doc: 'Queue the controller steers to, in the queue’s unit (seeds/002: 24 and 240 packets; seeds/003: 62 KB).',
    ref: 'seeds/002 eq. 1 and §IV; seeds/003 §4.2; ns-2 qref_ 50',
  },
  a: { type: 'number', unit: 'ratio', default: 1.822e-5, min: 0, max: 1, label: 'a', doc: 'Weight of the current sample’s error q - q_ref (per packet).', ref: 'Hollot et al. 2001 §VI; seeds/002 eq. 1 (alpha)' },
  b: { type: 'number', unit: 'ratio', default: 1.816e-5, min: 0, max: 1, label: 'b', doc: 'Weight of the previous sample’s error q_old - q_ref (per packet).', ref: 'Hollot et al. 2001 §VI; seeds/002 eq. 1 (beta)' },
  w: { type: 'number', unit: 'ratio', default: 170, min: 0.01, max: 1e6, label: 'w (Hz)', doc: 'Sampling frequency: p is updated every 1/w seconds.', ref: 'Hollot et al. 2001; ns-2 w_ 170' },
  ecn: { type: 'boolean', default: false, label: 'ECN marking', doc: 'Mark ECT packets with CE instead of dropping them; Not-ECT packets are still dropped.', ref: 'RFC 3168 §5; ns-2 setbit_' },
  mode: {
    type: 'enum',
    values: ['packet', 'byte'],
    valueDocs: { packet: 'every packet gets probability p', byte: 'p is scaled by packet size / meanPktSize (seeds/002 eq. 3)' },
    default: 'packet',
    label: 'Drop mode',
    doc: 'Packet mode or byte mode (small packets dropped less often in byte mode).',
    ref: 'seeds/002 eq. 3; ns-2 bytes_',
  },
  meanPktSize: {
    type: 'number',
    unit: 'bytes',
    default: 500,
    min: 1,
    max: 1e6,
    integer: true,
    label: 'Mean packet size',
    doc: 'With unit = bytes the queue and q_ref are divided by it before the control law (a and b are per packet); byte mode scales p by size / meanPktSize.',
    ref: 'ns-2 pi.cc (qib_), mean_pktsize_ 500',
    kindDefault: true,
  },
} as const satisfies ParamSpecs;

export type PiParams = Readonly<ParamValues<typeof PI_PARAMS>>;

export const PI_VARS: readonly AqmVar[] = [{ name: 'p', label: 'p', unit: 'probability', doc: 'The controller’s drop/mark probability.' }];

/**
 * PI (seeds/002 eq. 1), sampled every T = 1/w seconds with the instantaneous queue q:
 *   p(kT) = p((k-1)T) + a (q(kT) - q_ref) - b (q((k-1)T) - q_ref),  clamped to [0, 1].
 * Each arrival is dropped (or, ECT with ecn on, marked) with probability p (times
 * size / meanPktSize in byte mode); the buffer limit is tested first (as ns-2 pi.cc).
 * With unit = "bytes", q and q_ref enter the law in mean-size packets (ns-2 does the
 * same), so a and b keep their per-packet meaning.
 *
 * The sampling timer is run lazily: the updates due by an event are made, in order, with
 * the queue of their time, before the event; the queue only changes at events, so this is
 * exactly what a timer does (ns-2 PICalcTimer), at no event cost.
 */
export class PiQueue extends QueueDisc {
  readonly kind = 'pi';
  params: PiParams;
  /** Drop probability, and the queue at the previous sample (queue unit). */
  p = 0;
  qOld = 0;
  /** Samples taken so far; the next is at (k + 1) / w seconds. */
  k = 0;
  nextUpdate: number;
  /** The last update, for records: time (s), p before, the two samples. */
  lastT = NaN;
  lastPrev = NaN;
  lastQ = NaN;
  lastQOld = NaN;

  constructor(ctx: QueueContext, values: Record<string, unknown>) {
    const v = values as PiParams;
    super(ctx, v);
    this.params = Object.freeze({ ...v });
    this.nextUpdate = fromSeconds(1 / v.w);
    this.declareVars(PI_VARS, [0]);
    this.byteMode = v.mode === 'byte';
  }

  setParams(values: Record<string, unknown>): void {
    const next: Record<string, unknown> = { ...this.params };
    for (const k of Object.keys(PI_PARAMS)) if (k in values && values[k] !== undefined) next[k] = values[k];
    const v = next as PiParams;
    const wChanged = v.w !== this.params.w;
    this.params = Object.freeze(v);
    this.limit = v.limit;
    this.unit = v.unit as 'packets' | 'bytes';
    this.countRule = v.countRule as 'waiting' | 'ns2';
    this.byteMode = v.mode === 'byte';
    if (wChanged) {
      // restart the sampling clock at the new rate from the last sample
      const last = this.k === 0 ? 0 : this.nextUpdate - fromSeconds(1 / this.params.w);
      this.k = 0;
      this.timeBase = Math.max(0, last);
      this.nextUpdate = this.timeBase + fromSeconds(1 / v.w);
    }
  }

  /** Origin of the sampling clock (ns): samples at timeBase + k / w. */
  private timeBase = 0;

  /** Byte mode, decoded once from the parameters (constructor, setParams). */
  private byteMode = false;

  override values(): Record<string, unknown> {
    return { ...this.params };
  }

  override thresholds(): QueueThresholds {
    return { target: this.params.qRef };
  }

  override probabilities(): { pb: number; pa: number; maxP: number } {
    return { pb: this.p, pa: this.p, maxP: NaN };
  }

  override aqmState(): Record<string, number> {
    return { p: this.p, qOld: this.qOld };
  }

  /** One sample of the control law at time t (ns) with queue q (queue unit). */
  private update(t: number, q: number): void {
    const P = this.params;
    const scale = this.unit === 'bytes' ? P.meanPktSize : 1;
    const prev = this.p;
    // seeds/002 eq. 1 (ns-2 pi.cc calculate_p): errors in packets
    let p = prev + P.a * (q / scale - P.qRef / scale) - P.b * (this.qOld / scale - P.qRef / scale);
    if (p < 0) p = 0;
    else if (p > 1) p = 1;
    this.lastT = t / NS_PER_S;
    this.lastPrev = prev;
    this.lastQ = q;
    this.lastQOld = this.qOld;
    this.qOld = q;
    if (p !== prev) {
      this.integrateVars(t);
      this.vars[0] = p;
    }
    this.p = p;
  }

  private catchUp(now: number): void {
    if (this.nextUpdate > now) return;
    const q = this.length;
    const w = this.params.w;
    while (this.nextUpdate <= now) {
      this.update(this.nextUpdate, q);
      this.k++;
      this.nextUpdate = this.timeBase + fromSeconds((this.k + 1) / w);
    }
  }

  override sync(now: number): void {
    this.catchUp(now);
  }

  protected doEnqueue(p: number, now: number): boolean {
    this.catchUp(now);
    const P = this.params;
    const pool = this.ctx.pool;
    const q = this.length;
    const over = this.wouldOverflow(p);
    let prob = this.p;
    if (this.byteMode) {
      prob = (prob * pool.size[p]) / P.meanPktSize;
      if (prob > 1) prob = 1;
    }
    let u = -1;
    let action: 'enqueue' | 'mark' | 'early' | 'overflow' = 'enqueue';
    if (over) action = 'overflow';
    else if (prob > 0) {
      u = this.ctx.rng.uniform();
      if (u < prob) action = P.ecn && pool.ecn[p] !== ECN_NOT_ECT ? 'mark' : 'early';
    }
    if (this.recorder !== null) this.recordDecision(p, now, q, prob, u, action);
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
    return this.take();
  }

  private recordDecision(p: number, now: number, q: number, prob: number, u: number, action: string): void {
    const P = this.params;
    // what the rule sentence prints, captured now (it is written later for a lazy recorder)
    const { unit, limit } = this;
    const ecn = P.ecn;
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
            ? 'p = 0: PI leaves every packet alone'
            : action === 'enqueue'
              ? `u = ${uT} ≥ p = ${pT}: the packet is queued`
              : action === 'mark'
                ? `u = ${uT} < p = ${pT}: ECT packet marked CE instead of dropped (RFC 3168 §5)`
                : `u = ${uT} < p = ${pT}: ${ecn ? 'Not-ECT packet, ' : ''}early drop`;
      },
      extra: {
        p: this.p,
        qRef: P.qRef,
        a: P.a,
        b: P.b,
        w: P.w,
        lastT: this.lastT,
        lastPrev: this.lastPrev,
        lastQ: this.lastQ,
        lastQOld: this.lastQOld,
        nextT: this.nextUpdate / NS_PER_S,
        scale: this.unit === 'bytes' ? P.meanPktSize : 1,
        byteMode: P.mode === 'byte' ? 1 : 0,
        meanPktSize: P.meanPktSize,
        ecn: P.ecn ? 1 : 0,
      },
    });
    this.record(rec);
  }
}

export const pi: AqmDescriptor<typeof PI_PARAMS> = {
  kind: 'pi',
  label: 'PI controller',
  doc: 'Proportional-integral controller (Hollot et al. 2001, seeds/002 eq. 1): every 1/w s, p moves by a (q - q_ref) - b (q_old - q_ref); arrivals are dropped or marked with probability p.',
  params: PI_PARAMS,
  create: (values, ctx) => new PiQueue(ctx, values),
  explain,
  vars: PI_VARS,
  summaryUnits: { qOld: 'queue-units', w: 'Hz' },
};
