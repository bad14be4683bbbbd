import { drawTexts } from '../core/number-text';
import type { ParamSpecs, ParamValues } from '../core/params';
import { NS_PER_S, fromSeconds } from '../core/time';
import { ECN_CE, ECN_NOT_ECT } from '../net/packet';
import type { DecisionRecord } from './decision';
import { explain, pieScale } from './pie.explain';
import { COMMON_QUEUE_PARAMS, QueueDisc, type AqmDescriptor, type AqmVar, type QueueContext, type QueueThresholds } from './queue-disc';

/** PIE parameters (RFC 8033 §4-5 defaults). */
export const PIE_PARAMS = {
  ...COMMON_QUEUE_PARAMS,
  limit: { ...COMMON_QUEUE_PARAMS.limit, default: 1000, doc: 'Largest backlog the queue holds (PIE controls delay, not length).' },
  target: { type: 'number', unit: 's', default: 0.015, min: 0, exclusiveMin: true, max: 10, label: 'Target delay', doc: 'QDELAY_REF: the queueing delay PIE steers to.', ref: 'RFC 8033 §4.2 (15 ms)', kindOwn: true },
  tUpdate: { type: 'number', unit: 's', default: 0.015, min: 0.0001, max: 10, label: 'T_UPDATE', doc: 'The drop probability is recomputed every T_UPDATE.', ref: 'RFC 8033 §4.2 (15 ms)' },
  alpha: { type: 'number', unit: 'ratio', default: 0.125, min: 0, max: 100, label: 'alpha (1/s)', doc: 'Weight of the delay error (current delay - target).', ref: 'RFC 8033 §4.2 (1/8)', kindOwn: true },
  beta: { type: 'number', unit: 'ratio', default: 1.25, min: 0, max: 100, label: 'beta (1/s)', doc: 'Weight of the delay trend (current delay - previous delay).', ref: 'RFC 8033 §4.2 (1 + 1/4)', kindOwn: true },
  maxBurst: { type: 'number', unit: 's', default: 0.15, min: 0, max: 100, label: 'Max burst', doc: 'MAX_BURST: after a quiet spell, arrivals pass without the random drop for this long.', ref: 'RFC 8033 §4.4 (150 ms)' },
  ecn: { type: 'boolean', default: false, label: 'ECN marking', doc: 'Mark ECT packets instead of dropping them while the drop probability is below ecnThreshold.', ref: 'RFC 8033 §5.1' },
  ecnThreshold: { type: 'number', unit: 'probability', default: 0.1, min: 0, max: 1, label: 'ECN threshold', doc: 'Above this drop probability ECT packets are dropped, not marked.', ref: 'RFC 8033 §5.1 (10 %)' },
  delayEstimate: {
    type: 'enum',
    values: ['rate', 'timestamp'],
    valueDocs: {
      rate: 'departure-rate estimation (RFC 8033 §5.2): delay = queue bytes x (time to send DQ_THRESHOLD bytes) / DQ_THRESHOLD',
      timestamp: 'the sojourn time of the last departing packet (RFC 8033 §4.3)',
    },
    default: 'rate',
    label: 'Delay estimate',
    doc: 'How the current queueing delay is measured.',
    ref: 'RFC 8033 §4.3, §5.2',
  },
  dqThreshold: { type: 'number', unit: 'bytes', default: 16384, min: 1, max: 1e9, integer: true, label: 'DQ_THRESHOLD', doc: 'Bytes per departure-rate measurement (starts only with at least this much queued).', ref: 'RFC 8033 §5.2 (2^14)' },
  meanPktSize: { type: 'number', unit: 'bytes', default: 1500, min: 1, max: 1e6, integer: true, label: 'Mean packet size', doc: 'No random drop while at most 2 x meanPktSize bytes wait (MEAN_PKTSIZE).', ref: 'RFC 8033 §4.1', kindDefault: true },
  capDrop: { type: 'boolean', default: true, label: 'Cap drop adjustment', doc: 'Above a 10 % drop probability, p grows by at most 2 % per update.', ref: 'RFC 8033 §5.5' },
} as const satisfies ParamSpecs;

export type PieParams = Readonly<ParamValues<typeof PIE_PARAMS>>;

export const PIE_VARS: readonly AqmVar[] = [
  { name: 'qdelay', label: 'delay estimate', unit: 's', doc: 'PIE’s current queueing-delay estimate.' },
  { name: 'p', label: 'p', unit: 'probability', doc: 'PIE’s drop probability.' },
];

/**
 * PIE (RFC 8033). Every T_UPDATE the drop probability moves by
 *   delta = alpha (qdelay - target) + beta (qdelay - qdelay_old),
 * scaled down while p is small (pieScale), capped at 2 % when p >= 10 % (§5.5), decayed
 * by 2 % when both delays are 0, kept within [0, 1]. Arrivals are dropped with
 * probability p unless the burst allowance is left, or the delay is low
 * (qdelay_old < target / 2 and p < 20 %), or at most 2 mean packets wait (§4.1); ECT
 * packets are marked instead while p < ecnThreshold (§5.1). The burst allowance starts at
 * MAX_BURST, shrinks by T_UPDATE per update and is restored when p = 0 and both delays are
 * below target / 2 (§4.4). The delay is estimated from the departure rate (§5.2) or the
 * last sojourn time. Timer run lazily as in pi.ts. Not modelled: derandomization (§5.4)
 * and the active/inactive switch (§5.3).
 */
export class PieQueue extends QueueDisc {
  readonly kind = 'pie';
  params: PieParams;
  p = 0;
  qdelay = 0;
  qdelayOld = 0;
  burstAllowance: number;
  /** Departure-rate measurement (§5.2): in progress, its start (ns), bytes so far, the averaged time to send DQ_THRESHOLD bytes (s). */
  inMeasurement = false;
  measStart = 0;
  dqCount = 0;
  avgDqTime = 0;
  /** Sojourn time of the last departing packet, s. */
  lastSojourn = 0;
  k = 0;
  nextUpdate: number;
  /** The last update, for records. */
  last = { t: NaN, pPrev: NaN, qdelay: NaN, qdelayOld: NaN, delta: NaN, scale: NaN, capped: 0, decayed: 0, bytes: NaN, avgDqTime: NaN };
  private timeBase = 0;

  constructor(ctx: QueueContext, values: Record<string, unknown>) {
    const v = values as PieParams;
    super(ctx, v);
    this.params = Object.freeze({ ...v });
    this.burstAllowance = v.maxBurst;
    this.nextUpdate = fromSeconds(v.tUpdate);
    this.declareVars(PIE_VARS, [0, 0]);
  }

  setParams(values: Record<string, unknown>): void {
    const next: Record<string, unknown> = { ...this.params };
    for (const k of Object.keys(PIE_PARAMS)) if (k in values && values[k] !== undefined) next[k] = values[k];
    const v = next as PieParams;
    const changed = v.tUpdate !== this.params.tUpdate;
    this.params = Object.freeze(v);
    this.limit = v.limit;
    this.unit = v.unit as 'packets' | 'bytes';
    this.countRule = v.countRule as 'waiting' | 'ns2';
    if (changed) {
      this.timeBase = Math.max(0, this.nextUpdate - fromSeconds(v.tUpdate));
      this.k = 0;
      this.nextUpdate = this.timeBase + fromSeconds(v.tUpdate);
    }
  }

  override values(): Record<string, unknown> {
    return { ...this.params };
  }

  override thresholds(): QueueThresholds {
    return { delayTarget: this.params.target };
  }

  override probabilities(): { pb: number; pa: number; maxP: number } {
    return { pb: this.p, pa: this.p, maxP: NaN };
  }

  override aqmState(): Record<string, number> {
    return { qdelay: this.qdelay, p: this.p, qdelayOld: this.qdelayOld, burstAllowance: this.burstAllowance, avgDqTime: this.avgDqTime };
  }

  /** The current delay estimate, s. */
  currentDelay(): number {
    if (this.params.delayEstimate === 'timestamp') return this.lastSojourn;
    return this.avgDqTime > 0 ? (this.lenBytes * this.avgDqTime) / this.params.dqThreshold : 0;
  }

  /** RFC 8033 calculate_drop_prob, at time t (ns). */
  private update(t: number): void {
    const P = this.params;
    const cur = this.currentDelay();
    const prev = this.p;
    let delta = P.alpha * (cur - P.target) + P.beta * (cur - this.qdelayOld);
    const scale = pieScale(prev);
    delta *= scale;
    let capped = 0;
    if (P.capDrop && prev >= 0.1 && delta > 0.02) {
      delta = 0.02;
      capped = 1;
    }
    let p = prev + delta;
    let decayed = 0;
    if (cur === 0 && this.qdelayOld === 0) {
      p *= 0.98;
      decayed = 1;
    }
    if (p < 0) p = 0;
    else if (p > 1) p = 1;
    // avg_dq_time as this update used it: it moves on with every measurement cycle, and the
    // record's current value beside the update's queue bytes did not give the update's qdelay
    this.last = { t: t / NS_PER_S, pPrev: prev, qdelay: cur, qdelayOld: this.qdelayOld, delta, scale, capped, decayed, bytes: this.lenBytes, avgDqTime: this.avgDqTime };
    // burst allowance (§4.4)
    // rounded to whole nanoseconds, the engine's clock: 0.15 − 10 × 0.015 leaves 1.4e-17 in
    // floating point, which would keep the allowance open for one more update (165 ms)
    this.burstAllowance = Math.max(0, Math.round((this.burstAllowance - P.tUpdate) * NS_PER_S) / NS_PER_S);
    if (p === 0 && cur < P.target / 2 && this.qdelayOld < P.target / 2) this.burstAllowance = P.maxBurst;
    this.integrateVars(t);
    this.qdelayOld = cur;
    this.qdelay = cur;
    this.p = p;
    this.vars[0] = cur;
    this.vars[1] = p;
  }

  private catchUp(now: number): void {
    if (this.nextUpdate > now) return;
    const step = this.params.tUpdate;
    while (this.nextUpdate <= now) {
      this.update(this.nextUpdate);
      this.k++;
      this.nextUpdate = this.timeBase + fromSeconds((this.k + 1) * step);
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
    let action: 'enqueue' | 'mark' | 'early' | 'overflow' = 'enqueue';
    let why = 0; // 0 draw, 1 burst, 2 low delay, 3 short queue
    let u = -1;
    if (this.wouldOverflow(p)) action = 'overflow';
    else if (this.burstAllowance > 0) why = 1;
    else if (this.qdelayOld < P.target / 2 && this.p < 0.2) why = 2;
    else if (this.lenBytes <= 2 * P.meanPktSize) why = 3;
    else if (this.p > 0) {
      u = this.ctx.rng.uniform();
      if (u < this.p) {
        const e = pool.ecn[p];
        action = P.ecn && e !== ECN_NOT_ECT && e !== ECN_CE && this.p < P.ecnThreshold ? 'mark' : 'early';
      }
    }
    if (this.recorder !== null) this.recordDecision(p, now, q, u, action, why);
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
    if (p < 0) return -1;
    const P = this.params;
    this.lastSojourn = (now - this.ctx.pool.enqAt[p]) / NS_PER_S;
    // departure-rate estimation (RFC 8033 §5.2)
    if (!this.inMeasurement) {
      if (this.lenBytes >= P.dqThreshold) {
        this.inMeasurement = true;
        this.measStart = now;
        this.dqCount = 0;
      }
    } else {
      this.dqCount += this.ctx.pool.size[p];
      if (this.dqCount >= P.dqThreshold) {
        const dqTime = (now - this.measStart) / NS_PER_S;
        if (this.avgDqTime === 0) this.avgDqTime = dqTime;
        else {
          const w = P.dqThreshold / 65536;
          this.avgDqTime = dqTime * w + this.avgDqTime * (1 - w);
        }
        this.inMeasurement = false;
      }
    }
    return p;
  }

  private recordDecision(p: number, now: number, q: number, u: number, action: string, why: number): void {
    const P = this.params;
    const L = this.last;
    // what the rule sentence prints, captured now (it is written later for a lazy recorder)
    const S: PieRuleSettings = {
      p: this.p,
      ecnThreshold: P.ecnThreshold,
      ectDropped: action === 'early' && this.p >= P.ecnThreshold && P.ecn && this.ctx.pool.ecn[p] !== ECN_NOT_ECT,
      burstAllowance: this.burstAllowance,
      qdelayOld: this.qdelayOld,
      target: P.target,
      lenBytes: this.lenBytes,
      q,
      unit: this.unit,
      limit: this.limit,
    };
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
      pa: this.p,
      count: 0,
      u: u < 0 ? null : u,
      outcome: action === 'enqueue' ? 'enqueue' : action === 'mark' ? 'mark' : 'drop',
      reason: action === 'early' ? 'early' : action === 'overflow' ? 'overflow' : null,
      rule: () => pieRule(why, u, action, S),
      extra: {
        p: this.p,
        qdelay: this.qdelay,
        qdelayOld: this.qdelayOld,
        target: P.target,
        tUpdate: P.tUpdate,
        alpha: P.alpha,
        beta: P.beta,
        burstAllowance: this.burstAllowance,
        maxBurst: P.maxBurst,
        why,
        bytes: this.lenBytes,
        meanPktSize: P.meanPktSize,
        avgDqTime: this.avgDqTime,
        dqThreshold: P.dqThreshold,
        rateEstimate: P.delayEstimate === 'rate' ? 1 : 0,
        ecn: P.ecn ? 1 : 0,
        ecnThreshold: P.ecnThreshold,
        lastT: L.t,
        lastPPrev: L.pPrev,
        lastQdelay: L.qdelay,
        lastQdelayOld: L.qdelayOld,
        lastDelta: L.delta,
        lastScale: L.scale,
        lastCapped: L.capped,
        lastDecayed: L.decayed,
        lastBytes: L.bytes,
        lastAvgDqTime: L.avgDqTime,
        capDrop: P.capDrop ? 1 : 0,
      },
    });
    this.record(rec);
  }
}

/** The numbers a PIE record's rule sentence prints, captured when the packet was judged. */
interface PieRuleSettings {
  p: number;
  ecnThreshold: number;
  /** An ECT packet dropped because p is at or above the ECN threshold (RFC 8033 §5.1). */
  ectDropped: boolean;
  burstAllowance: number;
  qdelayOld: number;
  target: number;
  lenBytes: number;
  q: number;
  unit: string;
  limit: number;
}

/**
 * A PIE record's rule sentence; `why` says which test decided (0 the random test, 1 burst
 * allowance, 2 delay low, 3 a short queue). Only the one sentence the record shows is built.
 */
function pieRule(why: number, u: number, action: string, S: PieRuleSettings): string {
  if (action === 'overflow') return `buffer overflow: ${S.q} ${S.unit} waiting, limit ${S.limit}`;
  if (S.ectDropped) return `u < p = ${S.p.toPrecision(4)}, and p ≥ ${S.ecnThreshold}: dropped even though ECT (RFC 8033 §5.1)`;
  const [uT, pT] = drawTexts(u, S.p);
  switch (why) {
    case 0:
      if (u < 0) return 'p = 0: no random drop';
      if (action === 'enqueue') return `u = ${uT} ≥ p = ${pT}: queued`;
      if (action === 'mark') return `u = ${uT} < p = ${pT} < ${S.ecnThreshold}: ECT packet marked (RFC 8033 §5.1)`;
      return `u = ${uT} < p = ${pT}: random drop`;
    case 1:
      // times in ms as the steps write them (4 significant digits: "0 ms", not "0.00 ms")
      return `burst allowance ${Number((S.burstAllowance * 1e3).toPrecision(4))} ms left: the packet passes without the random drop (RFC 8033 §4.4)`;
    case 2: {
      const [oldMs, halfMs] = drawTexts(S.qdelayOld * 1e3, (S.target / 2) * 1e3);
      // qdelay_old is the last update's own estimate by now ("previous" read as the one before it)
      return `delay low (last update's estimate ${oldMs} ms < target/2 = ${halfMs} ms, p < 20 %): no random drop (RFC 8033 §4.1)`;
    }
    default:
      return `at most 2 mean packets queued (${S.lenBytes} bytes): no random drop (RFC 8033 §4.1)`;
  }
}

export const pie: AqmDescriptor<typeof PIE_PARAMS> = {
  kind: 'pie',
  label: 'PIE',
  doc: 'Proportional Integral controller Enhanced (RFC 8033): every 15 ms the drop probability moves with the queueing delay estimate’s error from 15 ms and its trend; arrivals are dropped (or ECT-marked below 10 %) with that probability.',
  params: PIE_PARAMS,
  create: (values, ctx) => new PieQueue(ctx, values),
  explain,
  vars: PIE_VARS,
  // RFC 8033: qdelay_old, burst_allowance and avg_dq_time are times
  summaryUnits: { qdelayOld: 's', burstAllowance: 's', avgDqTime: 's' },
};
