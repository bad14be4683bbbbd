import type { ParamSpecs, ParamValues } from '../core/params';
import { fromSeconds, NS_PER_S } from '../core/time';
import { explain } from './ared.explain';
import type { AqmDescriptor, AqmVar, QueueContext, QueueThresholds } from './queue-disc';
import { RED_PARAMS, RED_VARS, RedQueue } from './red';

/**
 * Adaptive RED parameters (Floyd, Gummadi & Shenker 2001, "Adaptive RED: an algorithm for
 * increasing the robustness of RED's active queue management"; seeds/000 §2.3 and
 * Table 3). RED's parameters with ARED's defaults, plus the adaptation's own. min_th,
 * max_th and w_q are automatic when 0.
 */
export const ARED_PARAMS = {
  ...RED_PARAMS,
  minTh: {
    type: 'number',
    unit: 'queue-units',
    default: 0,
    min: 0,
    max: 1e9,
    label: 'min_th',
    doc: '0 = automatic: max(5, targetDelay x C / 2) packets (C = link rate in mean-size packets/s), times meanPktSize in bytes.',
    ref: 'seeds/000 §2.3; FGS 2001 §5',
    // its default 0 is ARED's own choice (automatic): a swap to RED takes RED's default, not a threshold (weight) of 0
    kindDefault: true,
  },
  maxTh: {
    type: 'number',
    unit: 'queue-units',
    default: 0,
    min: 0,
    max: 1e9,
    label: 'max_th',
    doc: '0 = automatic: 3 min_th (the target average 2 min_th sits mid-way).',
    ref: 'seeds/000 §2.3; FGS 2001 §5',
    // its default 0 is ARED's own choice (automatic): a swap to RED takes RED's default, not a threshold (weight) of 0
    kindDefault: true,
  },
  wq: {
    type: 'number',
    unit: 'ratio',
    default: 0,
    min: 0,
    max: 1,
    label: 'w_q',
    doc: '0 = automatic: 1 - exp(-1/C), C in mean-size packets/s (see wqRule for ns-2’s variant).',
    ref: 'seeds/000 §2.3; FGS 2001 §5',
    // its default 0 is ARED's own choice (automatic): a swap to RED takes RED's default, not a threshold (weight) of 0
    kindDefault: true,
  },
  maxP: { ...RED_PARAMS.maxP, default: 0.1, label: 'initial max_p', doc: 'max_p at the start; the adaptation moves it within [bottom, top].', ref: 'FGS 2001; ns-2 linterm_ 10' },
  gentle: { ...RED_PARAMS.gentle, default: true, doc: 'ARED is always gentle: between max_th and 2 max_th p_b rises from max_p to 1.', ref: 'seeds/000 §2.3' },
  targetDelay: {
    type: 'number',
    unit: 's',
    default: 0.005,
    min: 0,
    exclusiveMin: true,
    max: 10,
    label: 'Target delay',
    doc: 'Queueing delay the automatic min_th aims at: min_th = max(5, targetDelay x C / 2).',
    ref: 'seeds/000 §2.3 and §5.2.2 (5 ms, 60 ms); ns-2 targetdelay_',
  },
  interval: { type: 'number', unit: 's', default: 0.5, min: 0.001, max: 100, label: 'Interval', doc: 'max_p is adapted once every interval.', ref: 'seeds/000 Table 3 (500 ms)', kindOwn: true },
  alpha: {
    type: 'number',
    unit: 'probability',
    default: 0.01,
    min: 0,
    exclusiveMin: true,
    max: 1,
    label: 'alpha (cap)',
    doc: 'Additive increase of max_p when the average is above the band: min(alpha, max_p / 4).',
    ref: 'seeds/000 Table 3; FGS 2001 Fig. 5',
    kindOwn: true,
  },
  beta: { type: 'number', unit: 'ratio', default: 0.9, min: 0, exclusiveMin: true, max: 1, label: 'beta', doc: 'Multiplicative decrease of max_p when the average is below the band.', ref: 'seeds/000 Table 3', kindOwn: true },
  bottom: { type: 'number', unit: 'probability', default: 0.01, min: 0, max: 1, label: 'bottom', doc: 'Lowest max_p.', ref: 'seeds/000 Table 3 (min maxp 0.01); ns-2 bottom_ 0 = min(0.01, 80000 / bandwidth)' },
  top: { type: 'number', unit: 'probability', default: 0.5, min: 0, max: 1, label: 'top', doc: 'Highest max_p.', ref: 'seeds/000 Table 3 (max maxp 0.5)' },
  adapt: {
    type: 'enum',
    values: ['paper', 'ns2'],
    valueDocs: {
      paper: 'FGS 2001: every interval (a timer), max_p += min(alpha, max_p/4) if avg is above the band, max_p *= beta if below, kept within [bottom, top]',
      ns2: 'ns-2.35 red.cc: checked at each arrival once interval has passed since the last change (so leaving the band acts at the next arrival), while max_p < top / > bottom, without clamping',
    },
    default: 'paper',
    label: 'Adaptation timing',
    doc: 'When and how max_p is updated (paper or ns-2.35 behaviour).',
    ref: 'FGS 2001 Fig. 5; ns-2 red.cc updateMaxP',
  },
  gentleLine: {
    type: 'enum',
    values: ['current', 'initial'],
    valueDocs: {
      current: 'the gentle line runs from the current max_p at max_th to 1 at 2 max_th (the paper)',
      initial: 'ns-2 and ns-3: the gentle line keeps the max_p of the start, so adapting max_p only moves the lower line',
    },
    default: 'current',
    label: 'Gentle line',
    doc: 'Which max_p the gentle line starts from (a known ns-2 quirk, DESIGN §6).',
    ref: 'DESIGN §6; ns-2 red.cc reset (v_c, v_d)',
  },
  wqRule: {
    type: 'enum',
    values: ['paper', 'ns2'],
    valueDocs: {
      paper: 'automatic w_q = 1 - exp(-1/C)',
      ns2: 'ns-2 default q_weight_ = -1: w_q = 1 - exp(-1/(10 RTT C)) with RTT = max(0.1 s, 3 (link delay + 1/C))',
    },
    default: 'paper',
    label: 'Automatic w_q',
    doc: 'Formula of the automatic w_q (only used when wq = 0).',
    ref: 'seeds/000 §2.3; ns-2 red.cc initialize_params',
  },
  markP: {
    type: 'number',
    unit: 'probability',
    default: 1,
    min: 0,
    max: 1,
    label: 'mark_p (ns-2)',
    doc: '1 = off (the paper). Below 1, ns-2.35’s use_mark_p_: ECT packets are marked only while the line’s p_b ≤ markP (dropped above), and the forced drop above max_th is left to the draw. ns-2.35 default 0.1.',
    ref: 'ns-2 red.cc drop_early (use_mark_p_, mark_p_ 0.1)',
  },
} as const satisfies ParamSpecs;

export type AredParams = Readonly<ParamValues<typeof ARED_PARAMS>>;

export const ARED_VARS: readonly AqmVar[] = [...RED_VARS, { name: 'maxP', label: 'max_p', unit: 'probability', doc: 'The adapted max_p.' }];

/** Automatic parameters of ARED (FGS 2001 §5; seeds/000 §2.3), in the queue's unit. */
export function aredAuto(
  v: Pick<AredParams, 'minTh' | 'maxTh' | 'wq' | 'targetDelay' | 'meanPktSize' | 'unit' | 'wqRule'>,
  linkRateBps: number,
  linkDelayS = 0,
): { minTh: number; maxTh: number; wq: number; C: number } {
  // C: the link rate in mean-size packets per second
  const C = linkRateBps / (8 * v.meanPktSize);
  const scale = v.unit === 'bytes' ? v.meanPktSize : 1;
  const minTh = v.minTh > 0 ? v.minTh : Math.max(5, (v.targetDelay * C) / 2) * scale;
  const maxTh = v.maxTh > 0 ? v.maxTh : v.minTh > 0 ? 3 * v.minTh : 3 * minTh;
  let wq = v.wq;
  if (!(wq > 0)) {
    if (v.wqRule === 'ns2') {
      const rtt = Math.max(0.1, 3 * (linkDelayS + 1 / C));
      wq = 1 - Math.exp(-1 / (10 * rtt * C));
    } else wq = 1 - Math.exp(-1 / C);
  }
  return { minTh, maxTh, wq, C };
}

/**
 * Adaptive RED (FGS 2001; seeds/000 §2.3): gentle RED whose max_p is moved every
 * `interval` so the average stays in the target band
 *   [min_th + 0.4 (max_th - min_th), max_th - 0.4 (max_th - min_th)]:
 * above the band max_p += alpha' with alpha' = min(alpha, max_p / 4) (additive increase),
 * below it max_p *= beta (multiplicative decrease), kept within [bottom, top].
 * min_th, max_th and w_q are set automatically when 0 (aredAuto).
 *
 * The adaptation is a timer at interval, 2 interval, ... run lazily: the updates due by
 * an event are made (in order, with the average of their time) before the event is
 * handled, which is exactly what a timer would do since the average only changes at
 * arrivals. While the link idles, the average a timer would see is the stored one decayed
 * by RED's idle-time correction for the time idle (F&J 1993 §4).
 *
 * ns-2.35's quirks that change results are parameters (paper behaviour by default):
 * `adapt` = "ns2" (update at arrivals, no clamping), `gentleLine` = "initial", `wqRule` =
 * "ns2", `markP` < 1, and `bottom` (ns-2 uses min(0.01, 80000 / bandwidth) = 0.008 at
 * 10 Mb/s). See docs/aqm.md for the cross-check against ns-2.
 */
export class AredQueue extends RedQueue {
  override readonly kind: string = 'ared';
  declare params: AredParams;
  /** Time (ns) of the next timer update (paper mode). */
  nextUpdate = 0;
  /** The last change of max_p: time (s), the average it saw, max_p before, direction (+1, -1, 0 = none yet). */
  lastT = NaN;
  lastAvg = NaN;
  lastFrom = NaN;
  lastDir = 0;
  /** ns-2 lastset_: time (ns) of the last change (ns2 mode). */
  lastSetNs = 0;
  /** C, the link rate in mean-size packets per second. */
  C = 0;
  /** The parameters the per-packet path reads, decoded once (resolve). */
  private timerAdapt = true;
  private ns2Adapt = false;
  private intervalNs = 0;

  constructor(ctx: QueueContext, values: Record<string, unknown>) {
    super(ctx, values, ARED_VARS);
    this.resolve(); // again: this class's fields were initialised after RedQueue's constructor ran it
    this.nextUpdate = fromSeconds(this.params.interval);
  }

  protected override resolve(): void {
    const P = this.params;
    const a = aredAuto(P, this.ctx.linkRateBps, this.ctx.linkDelayS ?? 0);
    this.minTh = a.minTh;
    this.maxTh = a.maxTh;
    this.wq = a.wq;
    this.C = a.C;
    this.markP = P.markP;
    this.timerAdapt = P.adapt === 'paper';
    this.ns2Adapt = P.adapt === 'ns2';
    this.intervalNs = fromSeconds(P.interval);
  }

  protected override liveChange(): void {
    super.liveChange();
    // the adaptation restarts from the new max_p (and the gentle line with it)
    this.lastDir = 0;
    this.lastT = NaN;
  }

  /** The target band of the average, [low, high]. */
  band(): [number, number] {
    const part = 0.4 * (this.maxTh - this.minTh);
    return [this.minTh + part, this.maxTh - part];
  }

  override thresholds(): QueueThresholds {
    const [bandLow, bandHigh] = this.band();
    return { ...super.thresholds(), bandLow, bandHigh };
  }

  override aqmParams(): Record<string, number | string | boolean> {
    return { ...super.aqmParams(), C: this.C };
  }

  /** One update of max_p with average `avg` at time `now` (ns); returns the change direction. */
  private update(now: number, avg: number): number {
    const P = this.params;
    const [low, high] = this.band();
    const m = this.curMaxP;
    let next = m;
    let dir = 0;
    if (P.adapt === 'ns2') {
      // ns-2 red.cc updateMaxP: strict bounds, no clamping, decrease tested first
      if (avg < low && m > P.bottom) {
        next = m * P.beta;
        dir = -1;
      } else if (avg > high && P.top > m) {
        next = m + Math.min(P.alpha, 0.25 * m);
        dir = 1;
      }
    } else if (avg > high && m < P.top) {
      // FGS 2001 Fig. 5: alpha = min(0.01, max_p / 4), kept within [bottom, top]
      next = Math.min(P.top, m + Math.min(P.alpha, m / 4));
      dir = 1;
    } else if (avg < low && m > P.bottom) {
      next = Math.max(P.bottom, m * P.beta);
      dir = -1;
    }
    if (dir !== 0) {
      this.lastT = now / NS_PER_S;
      this.lastAvg = avg;
      this.lastFrom = m;
      this.lastDir = dir;
      this.lastSetNs = now;
      this.setMaxP(now, next);
      if (P.gentleLine === 'current') this.gentleMaxP = next;
    }
    return dir;
  }

  protected override catchUp(now: number): void {
    if (!this.timerAdapt || this.nextUpdate > now) return;
    const step = this.intervalNs;
    while (this.nextUpdate <= now) {
      const t = this.nextUpdate;
      let avg = this.s[0];
      if (this.idle && t > this.s[1]) {
        // the average a timer would see on an idle link: RED's idle-time decay so far
        const m = Math.floor((t - this.s[1]) * this.s[2]);
        if (m > 0) avg *= Math.pow(1 - this.wq, m);
      }
      this.update(t, avg);
      this.nextUpdate = t + step;
    }
  }

  protected override afterAverage(now: number, avg: number): void {
    // ns-2 runs updateMaxP inside its estimator, on arrivals, once `interval` has passed since the last change
    if (this.ns2Adapt && now > this.lastSetNs + this.intervalNs) this.update(now, avg);
  }

  protected override recordExtra(now: number, maxPBefore: number): Record<string, number> {
    const P = this.params;
    const [bandLow, bandHigh] = this.band();
    // stores into RED's object, in this order (see RedQueue.recordExtra: no Object.assign)
    const out = super.recordExtra(now, maxPBefore);
    out.gentleMaxP = this.gentleMaxP;
    out.bandLow = bandLow;
    out.bandHigh = bandHigh;
    out.interval = P.interval;
    out.alpha = P.alpha;
    out.beta = P.beta;
    out.bottom = P.bottom;
    out.top = P.top;
    out.ns2Adapt = P.adapt === 'ns2' ? 1 : 0;
    out.lastT = this.lastT;
    out.lastAvg = this.lastAvg;
    out.lastFrom = this.lastFrom;
    out.lastDir = this.lastDir;
    out.nextT = P.adapt === 'paper' ? this.nextUpdate / NS_PER_S : NaN;
    out.targetDelay = P.targetDelay;
    out.C = this.C;
    return out;
  }
}

/** Cross-field rules: explicit thresholds must be ordered; max_th alone needs min_th. */
export function checkAred(values: Record<string, unknown>): string[] {
  const out: string[] = [];
  const { minTh, maxTh, bottom, top, limit, unit } = values as Partial<AredParams>;
  if (typeof minTh === 'number' && typeof maxTh === 'number') {
    if (minTh === 0 && maxTh > 0) out.push(`maxTh = ${maxTh} needs minTh too (minTh = 0 means automatic, and the automatic min_th may exceed the given max_th): give minTh, or set maxTh = 0 for 3 min_th`);
    if (minTh > 0 && maxTh > 0 && !(minTh < maxTh)) out.push(`minTh = ${minTh} must be less than maxTh = ${maxTh}`);
  }
  if (typeof minTh === 'number' && minTh > 0 && typeof limit === 'number' && !(minTh < limit)) {
    out.push(`minTh = ${minTh} must be below limit = ${limit} ${unit === 'bytes' ? 'bytes' : 'packets'} (the average can never reach it)`);
  }
  if (typeof bottom === 'number' && typeof top === 'number' && !(bottom <= top)) out.push(`bottom = ${bottom} must not exceed top = ${top}`);
  return out;
}

export const ared: AqmDescriptor<typeof ARED_PARAMS> = {
  kind: 'ared',
  label: 'Adaptive RED',
  doc: 'Adaptive RED (Floyd, Gummadi & Shenker 2001): gentle RED with automatic thresholds and weight, and max_p adapted every interval so the average queue stays in the middle of [min_th, max_th].',
  params: ARED_PARAMS,
  create: (values, ctx) => new AredQueue(ctx, values),
  check: checkAred,
  explain,
  vars: ARED_VARS,
  // C, resolved from the link: the link rate in mean-size packets per second
  summaryUnits: { C: 'packets/s', count: 'count' },
};
