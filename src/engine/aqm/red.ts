import { drawTexts } from '../core/number-text';
import type { ParamSpecs, ParamValues } from '../core/params';
import { NS_PER_S, txTimeNs } from '../core/time';
import { ECN_NOT_ECT } from '../net/packet';
import type { DropReason, Outcome, Region } from './decision';
import { explain as explainRed } from './red.explain';
import { COMMON_QUEUE_PARAMS, QueueDisc, type AqmDescriptor, type AqmVar, type QueueContext, type QueueThresholds } from './queue-disc';

/**
 * RED (Floyd & Jacobson, "Random early detection gateways for congestion avoidance",
 * IEEE/ACM ToN 1993; seeds/001, seeds/002 §II; ns-2.35 queue/red.cc), the algorithm in
 * RedQueue below. Its parameters, declared once. Thresholds are in the queue's unit
 * (packets, or bytes when unit = "bytes"), like the limit.
 */
export const RED_PARAMS = {
  ...COMMON_QUEUE_PARAMS,
  minTh: {
    type: 'number',
    unit: 'queue-units',
    default: 5,
    min: 0,
    max: 1e9,
    label: 'min_th',
    doc: 'Average queue below which no packet is dropped or marked.',
    ref: 'Floyd & Jacobson 1993 §4; seeds/001 Table II',
  },
  maxTh: {
    type: 'number',
    unit: 'queue-units',
    default: 15,
    min: 0,
    exclusiveMin: true,
    max: 1e9,
    label: 'max_th',
    doc: 'Average queue at which p_b reaches max_p; above it (above 2 max_th when gentle) every packet is dropped or, per aboveMaxTh, marked.',
    ref: 'Floyd & Jacobson 1993 §4; seeds/001 (max_th = 3 min_th)',
  },
  maxP: {
    type: 'number',
    unit: 'probability',
    default: 0.1,
    min: 0,
    max: 1,
    label: 'max_p',
    doc: 'p_b at avg = max_th (the top of the linear part of the drop/mark curve).',
    ref: 'Floyd & Jacobson 1993 §4; ns-2 linterm_ = 1/max_p = 10; seeds/001 (2 % and 10 %)',
  },
  wq: {
    type: 'number',
    unit: 'ratio',
    default: 0.002,
    min: 0,
    exclusiveMin: true,
    max: 1,
    label: 'w_q',
    doc: 'Weight of the newest queue sample in the average: avg <- (1 - w_q) avg + w_q q.',
    ref: 'Floyd & Jacobson 1993 §4 and §6; seeds/001 (0.002)',
    kindDefault: true,
  },
  gentle: {
    type: 'boolean',
    default: false,
    label: 'Gentle',
    doc: 'Between max_th and 2 max_th, p_b rises linearly from max_p to 1 instead of jumping to 1.',
    ref: 'seeds/002 §II; ns-2 gentle_ (default true since 2001)',
  },
  wait: {
    type: 'boolean',
    default: false,
    label: 'Wait between drops',
    doc: 'Space drops further apart: p_a = 0 while count p_b < 1, p_b / (2 - count p_b) while count p_b < 2, else 1.',
    ref: 'ns-2 queue/red.cc modify_p, wait_ (ns-2 default true)',
  },
  ecn: {
    type: 'boolean',
    default: false,
    label: 'ECN marking',
    doc: 'Mark ECN-capable (ECT) packets with CE instead of dropping them early; Not-ECT packets are still dropped.',
    ref: 'RFC 3168 §5; ns-2 setbit_',
  },
  aboveMaxTh: {
    type: 'enum',
    values: ['drop', 'mark', 'new-gentle'],
    valueDocs: {
      drop: 'RFC 3168 §7: with avg above max_th every drop decision drops, even for ECT packets (also in the gentle region)',
      mark: 'RED* (seeds/003): above max_th ECT packets are marked, never dropped by RED; Not-ECT packets are dropped',
      'new-gentle': 'seeds/002 "new gentle": in the gentle region (max_th to 2 max_th) ECT packets are marked; above 2 max_th everything is dropped',
    },
    default: 'drop',
    label: 'Above max_th',
    doc: 'What ECN-capable packets get when avg is above max_th (only matters with ecn on).',
    ref: 'RFC 3168 §7; seeds/003 §4.3.1; seeds/002 §V-B',
  },
  mode: {
    type: 'enum',
    values: ['packet', 'byte'],
    valueDocs: {
      packet: 'every packet gets the same p_b',
      byte: 'p_b is scaled by packet size / meanPktSize before the count correction (seeds/002 eq. 3)',
    },
    default: 'packet',
    label: 'Drop mode',
    doc: 'Packet mode or byte mode (small packets are dropped less often in byte mode).',
    ref: 'seeds/002 eq. 3; Floyd & Jacobson 1993 §4',
  },
  meanPktSize: {
    type: 'number',
    unit: 'bytes',
    default: 500,
    min: 1,
    max: 1e6,
    integer: true,
    label: 'Mean packet size',
    doc: 'Typical packet size: sets the idle-time correction (packets the link could have sent) and the byte-mode scale.',
    ref: 'ns-2 mean_pktsize_ (default 500, tcl/lib/ns-default.tcl)',
    kindDefault: true,
  },
} as const satisfies ParamSpecs;

export type RedParams = Readonly<ParamValues<typeof RED_PARAMS>>;

// Indices of the hot doubles in RedQueue.s.
const S_AVG = 0;
/** Time (ns) the link went idle; meaningful while `idle`. */
const S_IDLE_START = 1;
/** Idle "virtual packets" per nanosecond: linkRate / (8 meanPktSize) / 1e9. */
const S_PTC_NS = 2;

// Regions (by the average) and decision branches, as small integers on the hot path.
/** Idle-correction factors (1 - w_q)^m kept for m below this (see RedQueue.idleDecay). */
const IDLE_POW_SLOTS = 32;

const RG_BELOW = 0;
const RG_BETWEEN = 1;
const RG_GENTLE = 2;
const RG_ABOVE = 3;
const REGION_NAMES: readonly Region[] = ['below-min', 'between', 'gentle', 'above-max', 'overflow'];

const ACT_ENQUEUE = 0;
const ACT_MARK = 1;
const ACT_EARLY = 2;
const ACT_FORCED = 3;
const ACT_OVERFLOW = 4;

// Rule codes: which sentence explains the decision (text only built when recording).
const R_BELOW = 0;
const R_SMALL_Q = 1;
const R_FIRST = 2;
const R_PASS = 3;
const R_EARLY_DROP = 4;
const R_EARLY_MARK = 5;
const R_GENTLE_DROP_ECT = 6;
const R_GENTLE_MARK_NEW = 7;
const R_GENTLE_MARK_STAR = 8;
const R_ABOVE_DROP = 9;
const R_ABOVE_DROP_ECT = 10;
const R_ABOVE_MARK = 11;
const R_OVERFLOW = 12;
const R_ABOVE_DROP_NEW = 13;
const R_MARKP_DROP = 14;
/** Like R_FIRST, but avg was already past min_th: the previous arrival found q <= 1 (ns-2 clears `old` then too). */
const R_FIRST_SMALL_Q = 15;

/** RED's one variable: the average queue. */
export const RED_VARS: readonly AqmVar[] = [{ name: 'avg', label: 'avg', unit: 'queue-units', doc: 'Averaged queue (EWMA with weight w_q), in the queue’s unit.' }];

/**
 * RED (Floyd & Jacobson 1993) with the options of issue 2 §4: idle-time correction,
 * count-based p_a, ns-2's `wait`, gentle mode, packet or byte mode, ECN marking, and the
 * behaviour above max_th (drop / RED* mark / new gentle).
 *
 * Per arrival, in ns-2's order (queue/red.cc, REDQueue::enque; papers silent on these):
 *  1. Idle correction: if the link went idle at t0, m = floor((now - t0) * C / (8 meanPktSize))
 *     virtual packets are folded in, avg <- (1 - wq)^m avg (F&J 1993 §4; ns-2 truncates m
 *     to an integer, `int(ptc * (now - idletime_))`). The link goes idle when the packet
 *     that emptied the queue has been sent (or when dequeue finds the queue empty).
 *  2. avg <- (1 - wq) avg + wq q, q = backlog before this arrival, for EVERY arrival,
 *     including ones that then overflow (ns-2 runs the estimator before any test).
 *  3. count <- count + 1 (ns-2 increments before deciding; F&J Fig. 2 likewise).
 *  4. If avg >= min_th and q > 1 (ns-2: `qavg >= th_min && qlen > 1`; no RED drop while at
 *     most one packet waits):
 *       avg >= max_th (>= 2 max_th when gentle): forced drop (or RED* mark);
 *       else if avg just crossed min_th (ns-2 `old` flag): count <- 1, no drop;
 *       else p_b from the line (scaled in byte mode), p_a from count, draw u in [0, 1):
 *       u < p_a marks or drops (early) and resets count to 0 (ns-2 tests u <= p_a; the
 *       strict test keeps p_a = 0 from ever dropping).
 *     Otherwise: no drop, the crossing flag is cleared.
 *  5. Hard limit, tested after the RED decision and overriding it (ns-2: `qlen >= qlim`
 *     forces a drop whatever RED chose): reason 'overflow'. ns-2's RED compares the
 *     backlog before the arrival with the limit, so in packets it holds up to `limit`
 *     waiting packets, one more than ns-2's DropTail with the same limit: both countRule
 *     values give that (the "waiting" rule); countRule does not change RED. In bytes ns-2
 *     admits a packet while backlog < limit (overshooting by up to one packet); we keep
 *     the backlog within the limit (backlog + size > limit drops).
 *  6. Any drop or mark resets count to 0 (ns-2 resets after forced drops too).
 *
 * Count convention: count includes the arriving packet, so after a drop the next packet
 * has count = 1 and p_a = p_b / (1 - p_b); at a fixed p_b the number of arrivals from one
 * drop to the next is uniform on 1 .. ceil(1/p_b) - 1 (F&J Fig. 2 and ns-2 alike; F&J §7
 * quotes 1 .. 1/p_b with count = unmarked packets since the last mark). With `wait` it
 * is uniform on ceil(1/p_b) .. ceil(2/p_b) - 1.
 *
 * Byte mode follows F&J 1993 §4 and seeds/002 eq. 3: p_b <- p_b size / meanPktSize, then
 * the count correction with count in packets. (ns-2 differs: it counts bytes / mean_pktsize
 * and scales after the correction.)
 *
 * Gentle line quirk (DESIGN §6): ns-2 and ns-3 compute the gentle line from the max_p
 * configured at reset, so an adaptive max_p moves only the lower line. For plain RED
 * max_p is constant, so both lines use the current maxP and there is no parameter;
 * `gentleMaxP` is kept separately for an adaptive subclass that wants the quirk.
 *
 * ns-2's use_mark_p_/mark_p_ (since late 2005, default on with mark_p 0.1: ECT packets are
 * marked only while the line's p_b <= mark_p, and the forced branch above max_th is
 * skipped so the draw decides with p_b = 1) is the `markP` field, off (1) for plain RED;
 * ARED declares it as a parameter (ared.ts). Not modelled: drop_front_/drop_rand_ victims
 * (default drop_tail_: the arrival is the victim, as here).
 *
 * Subclasses (ared.ts, sc-red.ts) adapt max_p: `resolve()` fixes the thresholds and w_q in
 * force (ARED computes automatic ones), `catchUp(now)` runs timer-driven updates due by
 * now, and `afterAverage(now, avg)` sees every new average (ns-2 updates max_p there).
 */
export class RedQueue extends QueueDisc {
  readonly kind: string = 'red';
  /** Configured parameters (immutable; setParams replaces the object). */
  params: RedParams;
  /** Hot doubles: avg, idle start, idle packet rate (see S_*). */
  readonly s = new Float64Array(3);
  /** Arrivals since the last drop or mark, including the current one (ns-2 edv_.count). */
  count = 0;
  /** avg was already in the RED region at the previous arrival (ns-2 edv_.old). */
  old = false;
  /** count was last restarted at 1 by entering the region (step 4), not reset by a mark or drop (for records only). */
  countRestarted = false;
  /** The link is idle since s[S_IDLE_START]. */
  idle = true;
  /** max_p of the linear part and of the gentle line (equal for plain RED). */
  curMaxP: number;
  gentleMaxP: number;
  /** Thresholds and weight in force (the parameters, or ARED's automatic values). */
  minTh = 0;
  maxTh = 0;
  wq = 0;
  /** ns-2 mark_p: ECT packets are marked only while the line's p_b <= markP; >= 1 = off (see class doc). */
  markP = 1;
  /**
   * The options the per-packet path tests, decoded from `params` when they are set
   * (decodeOptions): a field of the queue is one load, `params.ecn` two and a check of the
   * frozen params object's shape, and `mode === 'byte'` a string comparison, at every arrival.
   */
  private gentle = false;
  private ecnOn = false;
  private waitOn = false;
  private byteMode = false;
  private aboveMaxTh: RedParams['aboveMaxTh'] = 'drop';
  /** (1 - w_q)^m for m < IDLE_POW_SLOTS, 0 = not computed yet, valid for w_q = idlePowWq (NaN: none yet). */
  private readonly idlePow = new Float64Array(IDLE_POW_SLOTS);
  private idlePowWq = NaN;

  constructor(ctx: QueueContext, values: Record<string, unknown>, vars: readonly AqmVar[] = RED_VARS) {
    const v = values as RedParams;
    super(ctx, v);
    this.params = Object.freeze({ ...v });
    this.curMaxP = v.maxP;
    this.gentleMaxP = v.maxP;
    this.s[S_IDLE_START] = 0;
    this.decodeOptions();
    this.updatePtc();
    this.resolve();
    this.declareVars(vars, vars.map((x) => (x.name === 'maxP' ? v.maxP : 0)));
  }

  /** Sets minTh, maxTh, wq (and markP) from the parameters; ARED computes automatic ones. */
  protected resolve(): void {
    const P = this.params;
    this.minTh = P.minTh;
    this.maxTh = P.maxTh;
    this.wq = P.wq;
  }

  /** Runs periodic updates due by `now` (ARED's max_p timer); plain RED has none. */
  protected catchUp(_now: number): void {}

  /** Sees each new average right after the EWMA (ns-2 runs its max_p updates there). */
  protected afterAverage(_now: number, _avg: number): void {}

  override sync(now: number): void {
    this.catchUp(now);
  }

  override aqmParams(): Record<string, number | string | boolean> {
    return { ...(this.params as unknown as Record<string, number | string | boolean>), minTh: this.minTh, maxTh: this.maxTh, wq: this.wq };
  }

  override aqmState(): Record<string, number> {
    return { ...super.aqmState(), count: this.count, maxP: this.curMaxP };
  }

  /** Sets max_p (and its variable, when declared) at time `now`. */
  protected setMaxP(now: number, maxP: number): void {
    this.curMaxP = maxP;
    const k = this.maxPVar;
    if (k >= 0) {
      this.integrateVars(now);
      this.vars[k] = maxP;
    }
  }

  private get maxPVar(): number {
    return this.varSpecs.length > 1 && this.varSpecs[1].name === 'maxP' ? 1 : -1;
  }

  /** The average queue (in the queue's unit). */
  override get average(): number {
    return this.s[S_AVG];
  }

  override probabilities(): { pb: number; pa: number; maxP: number } {
    const pb = this.lineProbability(this.s[S_AVG]);
    return { pb, pa: pb >= 1 ? 1 : this.correctedProbability(pb, this.count + 1), maxP: this.curMaxP };
  }

  override thresholds(): QueueThresholds {
    return this.params.gentle ? { minTh: this.minTh, maxTh: this.maxTh, gentleMax: 2 * this.maxTh } : { minTh: this.minTh, maxTh: this.maxTh };
  }

  override values(): Record<string, unknown> {
    return { ...this.params };
  }

  setParams(values: Record<string, unknown>): void {
    const next: Record<string, unknown> = { ...this.params };
    for (const k of Object.keys(RED_PARAMS)) if (k in values && values[k] !== undefined) next[k] = values[k];
    const v = next as RedParams;
    this.params = Object.freeze(v);
    this.limit = v.limit;
    this.unit = v.unit as 'packets' | 'bytes';
    this.countRule = v.countRule as 'waiting' | 'ns2';
    this.curMaxP = v.maxP;
    this.gentleMaxP = v.maxP;
    this.decodeOptions();
    this.updatePtc();
    this.resolve();
    this.liveChange();
  }

  /** After setParams: subclasses restart their adaptation from the new values. */
  protected liveChange(): void {
    const k = this.maxPVar;
    if (k >= 0) this.vars[k] = this.curMaxP;
  }

  private decodeOptions(): void {
    const P = this.params;
    this.gentle = P.gentle;
    this.ecnOn = P.ecn;
    this.waitOn = P.wait;
    this.byteMode = P.mode === 'byte';
    this.aboveMaxTh = P.aboveMaxTh;
  }

  private updatePtc(): void {
    const rate = this.ctx.linkRateBps;
    this.s[S_PTC_NS] = rate > 0 && Number.isFinite(rate) ? rate / (8 * this.params.meanPktSize * NS_PER_S) : 0;
  }

  /**
   * p_b from the average alone: 0 below min_th, the line max_p (avg - min_th)/(max_th - min_th)
   * up to max_th, the gentle line max_p + (1 - max_p)(avg - max_th)/max_th up to 2 max_th
   * (ns-2 calculate_p_new: v_c avg + v_d, the same line), 1 above.
   */
  protected lineProbability(avg: number): number {
    const minTh = this.minTh;
    const maxTh = this.maxTh;
    if (avg < minTh) return 0;
    if (avg < maxTh) return (this.curMaxP * (avg - minTh)) / (maxTh - minTh);
    if (this.gentle && avg < 2 * maxTh) {
      const p = this.gentleMaxP + ((1 - this.gentleMaxP) * (avg - maxTh)) / maxTh;
      return p > 1 ? 1 : p;
    }
    return 1;
  }

  /** p_a from p_b and count: F&J 1993 §7 uniformisation, or ns-2's `wait` rule (red.cc modify_p). */
  protected correctedProbability(pb: number, count: number): number {
    const cp = count * pb;
    let pa: number;
    if (this.waitOn) pa = cp < 1 ? 0 : cp < 2 ? pb / (2 - cp) : 1;
    else pa = cp < 1 ? pb / (1 - cp) : 1;
    return pa > 1 ? 1 : pa;
  }

  /**
   * (1 - wq)^m, the idle correction's factor. The same few idle gaps recur (on the reverse
   * queue of bench-100-red m is 2 or 5 in 3 arrivals of 4), so each small m's factor is
   * computed once per w_q: exactly the same Math.pow, called once instead of per arrival.
   */
  private idleDecay(wq: number, m: number): number {
    if (m >= IDLE_POW_SLOTS) return Math.pow(1 - wq, m);
    if (wq !== this.idlePowWq) {
      this.idlePow.fill(0);
      this.idlePowWq = wq;
    }
    let f = this.idlePow[m];
    if (f === 0) f = this.idlePow[m] = Math.pow(1 - wq, m);
    return f;
  }

  /** Hard-limit test (step 5 above). */
  private overflows(p: number): boolean {
    return this.unit === 'bytes' ? this.lenBytes + this.pool.size[p] > this.limit : this.lenPackets >= this.limit;
  }

  protected doEnqueue(p: number, now: number): boolean {
    const pool = this.pool;
    const s = this.s;
    const size = pool.size[p];
    const q = this.unit === 'bytes' ? this.lenBytes : this.lenPackets;
    this.catchUp(now);

    // 1. idle-time correction (F&J 1993 §4; ns-2 REDQueue::enque)
    let m = 0;
    if (this.idle) {
      this.idle = false;
      const idleNs = now - s[S_IDLE_START];
      if (idleNs > 0) m = Math.floor(idleNs * s[S_PTC_NS]);
    }
    // 2. EWMA, for every arrival
    const avgBefore = s[S_AVG];
    const wq = this.wq;
    let avg = avgBefore;
    if (m > 0) avg *= this.idleDecay(wq, m);
    avg = avg * (1 - wq) + wq * q;
    s[S_AVG] = avg;
    this.integrateVars(now);
    this.vars[0] = avg;
    const maxPBefore = this.curMaxP;
    this.afterAverage(now, avg);
    // 3. count includes this arrival
    let count = ++this.count;

    const minTh = this.minTh;
    const maxTh = this.maxTh;
    const region = avg < minTh ? RG_BELOW : avg < maxTh ? RG_BETWEEN : this.gentle && avg < 2 * maxTh ? RG_GENTLE : RG_ABOVE;
    const ect = this.ecnOn && pool.ecn[p] !== ECN_NOT_ECT;
    let action = ACT_ENQUEUE;
    let rule = R_BELOW;
    let pb = 0;
    let pa = 0;
    let u = -1;

    // 4. RED decision (ns-2 red.cc branch order)
    const markP = this.markP;
    if (region !== RG_BELOW && q > 1) {
      if (region === RG_ABOVE && markP >= 1) {
        pb = 1;
        pa = 1;
        if (ect && this.aboveMaxTh === 'mark') {
          action = ACT_MARK;
          rule = R_ABOVE_MARK;
        } else {
          action = ACT_FORCED;
          rule = !ect ? R_ABOVE_DROP : this.aboveMaxTh === 'new-gentle' ? R_ABOVE_DROP_NEW : R_ABOVE_DROP_ECT;
        }
      } else {
        pb = this.lineProbability(avg);
        const line = pb;
        if (this.byteMode) {
          pb = (pb * size) / this.params.meanPktSize;
          if (pb > 1) pb = 1;
        }
        if (!this.old) {
          // ns-2: avg has just entered the region, or the queue just became non-trivial: the
          // previous arrival's average (avgBefore) was already >= min_th, so it found q <= 1
          this.count = count = 1;
          this.old = true;
          this.countRestarted = true;
          rule = avgBefore >= minTh ? R_FIRST_SMALL_Q : R_FIRST;
        } else {
          pa = this.correctedProbability(pb, count);
          u = this.ctx.rng.uniform();
          if (u < pa) {
            if (!ect) {
              action = ACT_EARLY;
              rule = R_EARLY_DROP;
            } else if (line > markP) {
              action = ACT_EARLY;
              rule = R_MARKP_DROP;
            } else if (region === RG_BETWEEN) {
              action = ACT_MARK;
              rule = R_EARLY_MARK;
            } else if (this.aboveMaxTh === 'drop' || region === RG_ABOVE) {
              action = ACT_EARLY;
              rule = R_GENTLE_DROP_ECT;
            } else {
              action = ACT_MARK;
              rule = this.aboveMaxTh === 'mark' ? R_GENTLE_MARK_STAR : R_GENTLE_MARK_NEW;
            }
          } else {
            rule = R_PASS;
          }
        }
      }
    } else {
      this.old = false;
      rule = region === RG_BELOW ? R_BELOW : R_SMALL_Q;
    }

    // 5. hard limit overrides the RED decision
    if (this.overflows(p)) {
      action = ACT_OVERFLOW;
      rule = R_OVERFLOW;
    }

    if (this.recorder !== null) this.recordDecision(p, now, q, avgBefore, avg, m, region, pb, pa, count, u, action, rule, maxPBefore);

    // 6. act; any drop or mark restarts the count
    if (action === ACT_ENQUEUE) {
      this.store(p, now);
      return true;
    }
    this.count = 0;
    this.countRestarted = false;
    if (action === ACT_MARK) {
      this.mark(p, now);
      this.store(p, now);
      return true;
    }
    this.drop(p, action === ACT_EARLY ? 'early' : action === ACT_FORCED ? 'forced' : 'overflow', now);
    return false;
  }

  protected doDequeue(now: number): number {
    this.catchUp(now);
    const p = this.take();
    if (p < 0) {
      if (!this.idle) {
        this.idle = true;
        this.s[S_IDLE_START] = now;
      }
      return -1;
    }
    if (this.lenPackets === 0) {
      // The link goes idle once this last packet has been serialized.
      this.idle = true;
      const rate = this.ctx.linkRateBps;
      this.s[S_IDLE_START] = rate > 0 && Number.isFinite(rate) ? now + txTimeNs(this.pool.size[p], rate) : now;
    }
    return p;
  }

  /** Builds the decision record; only called when a consumer asked for records. */
  private recordDecision(
    p: number,
    now: number,
    q: number,
    avgBefore: number,
    avg: number,
    m: number,
    region: number,
    pb: number,
    pa: number,
    count: number,
    u: number,
    action: number,
    rule: number,
    maxPBefore: number,
  ): void {
    const P = this.params;
    const S: RedRuleSettings = { gentle: P.gentle, ecn: P.ecn, markP: this.markP, unit: this.unit, limit: this.limit };
    const outcome: Outcome = action === ACT_ENQUEUE ? 'enqueue' : action === ACT_MARK ? 'mark' : 'drop';
    const reason: DropReason | null = action === ACT_EARLY ? 'early' : action === ACT_FORCED ? 'forced' : action === ACT_OVERFLOW ? 'overflow' : null;
    this.record(this.newRecord(p, now, q, {
      avgBefore,
      avg,
      wq: this.wq,
      idleM: m,
      minTh: this.minTh,
      maxTh: this.maxTh,
      maxP: this.curMaxP,
      gentle: P.gentle,
      region: action === ACT_OVERFLOW ? 'overflow' : REGION_NAMES[region],
      pb,
      pa,
      count,
      u: u < 0 ? null : u,
      outcome,
      reason,
      rule: () => redRule(rule, q, pa, u, S),
      // settings the inspector needs to redo the arithmetic without guessing
      extra: this.recordExtra(now, maxPBefore),
    }));
  }

  /**
   * The record's `extra`: the settings the inspector needs to redo the arithmetic and the
   * quirks in force; a subclass adds its own numbers (the max_p update) to this object.
   * Built by plain stores in a fixed order (an object merged from several with
   * Object.assign cost about 1.3 us per ARED record: two thirds of a web run's recording).
   */
  protected recordExtra(_now: number, _maxPBefore: number): Record<string, number> {
    const P = this.params;
    // countRestart: 1 when count runs from a restart at 1 (ns-2's `old` flag), 0 from a mark or drop
    const out: Record<string, number> = { byteMode: P.mode === 'byte' ? 1 : 0, meanPktSize: P.meanPktSize, wait: P.wait ? 1 : 0, countRestart: this.countRestarted ? 1 : 0 };
    if (this.markP < 1) out.markP = this.markP;
    if (this.gentleMaxP !== this.curMaxP && this.params.gentle) out.gentleMaxP = this.gentleMaxP;
    return out;
  }
}

/** The captured settings a RED record's rule sentence prints (RED.recordDecision). */
interface RedRuleSettings {
  gentle: boolean;
  ecn: boolean;
  markP: number;
  unit: 'packets' | 'bytes';
  limit: number;
}

/** A RED record's rule sentence, from the numbers captured when the packet was judged. */
function redRule(rule: number, q: number, pa: number, u: number, S: RedRuleSettings): string {
  const top = S.gentle ? '2 max_th' : 'max_th';
  const [uT, paT] = drawTexts(u, pa);
  switch (rule) {
    case R_BELOW:
      return 'avg < min_th: every packet is queued (F&J 1993)';
    case R_SMALL_Q:
      // ns-2 tests qlen > 1 in the queue's unit: in bytes that means "while the queue is empty"
      return S.unit === 'bytes' ? `ns-2 red.cc: no RED drop while the queue is empty (q = ${q} bytes; its test q > 1 counts bytes)` : `ns-2 red.cc: no RED drop while at most one packet waits (q = ${q})`;
    case R_FIRST:
      return 'ns-2 red.cc: avg has just entered the RED region; count restarts at 1 and this packet is queued';
    case R_FIRST_SMALL_Q:
      // avg was already in the region: what reset RED was the (nearly) empty queue of the previous arrival
      return `ns-2 red.cc: the previous arrival found ${S.unit === 'bytes' ? 'the queue empty' : 'at most one packet waiting'} (q ≤ 1), which stops RED's test; count restarts at 1 and this packet is queued without a draw`;
    case R_PASS:
      return `u = ${uT} ≥ p_a = ${paT}: the packet is queued`;
    case R_EARLY_DROP:
      return S.ecn ? `u = ${uT} < p_a = ${paT}: Not-ECT packet, early drop` : `u = ${uT} < p_a = ${paT}: early drop (ECN off)`;
    case R_EARLY_MARK:
      return `u = ${uT} < p_a = ${paT}: ECT packet marked CE instead of dropped (RFC 3168 §5)`;
    case R_GENTLE_DROP_ECT:
      return `RFC 3168 §7: avg is above max_th (gentle region), so the packet is dropped even though it is ECT (u = ${uT} < p_a = ${paT})`;
    case R_GENTLE_MARK_NEW:
      return `seeds/002 new gentle: in the gentle region ECT packets are marked, not dropped (u = ${uT} < p_a = ${paT})`;
    case R_GENTLE_MARK_STAR:
      return `RED*: above max_th ECT packets are marked (seeds/003) (u = ${uT} < p_a = ${paT})`;
    case R_ABOVE_DROP:
      return `avg ≥ ${top}: forced drop`;
    case R_ABOVE_DROP_ECT:
      return `RFC 3168 §7: above ${top} the packet is dropped even though it is ECT`;
    case R_ABOVE_DROP_NEW:
      return 'seeds/002 new gentle: above 2 max_th every packet is dropped, ECT or not';
    case R_MARKP_DROP:
      return `ns-2 mark_p: u = ${uT} < p_a = ${paT}, but the line's p_b is above mark_p = ${fmt(S.markP)}, so the ECT packet is dropped, not marked`;
    case R_ABOVE_MARK:
      return `RED*: above ${top} ECT packets are marked (seeds/003)`;
    case R_OVERFLOW:
      return S.unit === 'bytes'
        ? `buffer overflow: ${q} bytes waiting + this packet > limit ${S.limit} bytes`
        : `buffer overflow: ${q} packets waiting ≥ limit ${S.limit} (ns-2 red.cc qlen >= qlim)`;
    default:
      return '';
  }
}

function fmt(x: number): string {
  return Number.isFinite(x) ? x.toPrecision(4) : String(x);
}

/** Cross-field rules: min_th < max_th, and min_th below the buffer limit. */
export function checkRed(values: Record<string, unknown>): string[] {
  const out: string[] = [];
  const { minTh, maxTh, limit, unit } = values as Partial<RedParams>;
  if (typeof minTh === 'number' && typeof maxTh === 'number' && !(minTh < maxTh)) {
    out.push(`minTh = ${minTh} must be less than maxTh = ${maxTh}`);
  }
  if (typeof minTh === 'number' && typeof limit === 'number' && !(minTh < limit)) {
    out.push(`minTh = ${minTh} must be below limit = ${limit} ${unit === 'bytes' ? 'bytes' : 'packets'} (the average can never reach it)`);
  }
  return out;
}

export const red: AqmDescriptor<typeof RED_PARAMS> = {
  kind: 'red',
  label: 'RED',
  doc: 'Random Early Detection (Floyd & Jacobson 1993): drops or ECN-marks arrivals with a probability that grows with the averaged queue.',
  params: RED_PARAMS,
  create: (values, ctx) => new RedQueue(ctx, values),
  check: checkRed,
  explain: explainRed,
  vars: RED_VARS,
  summaryUnits: { count: 'count' },
};
