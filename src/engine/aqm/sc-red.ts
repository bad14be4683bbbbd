import type { ParamSpecs, ParamValues } from '../core/params';
import { explain } from './sc-red.explain';
import type { AqmDescriptor, AqmVar, QueueContext } from './queue-disc';
import { checkRed, RED_PARAMS, RED_VARS, RedQueue } from './red';

/**
 * Self-configuring RED parameters (Feng, Kandlur, Saha & Shin, "A self-configuring RED
 * gateway", INFOCOM 1999; seeds/004 §3.3, Fig. 6): RED's, with max_p starting at 0.02,
 * and the two scaling factors.
 */
export const SC_RED_PARAMS = {
  ...RED_PARAMS,
  maxP: { ...RED_PARAMS.maxP, default: 0.02, label: 'initial max_p', doc: 'max_p at the start; divided by alpha when avg falls below min_th, multiplied by beta when it rises above max_th.', ref: 'seeds/004 §3.3 (0.020)' },
  alpha: { type: 'number', unit: 'ratio', default: 3, min: 1, max: 100, label: 'alpha', doc: 'max_p /= alpha when the average enters the region below min_th.', ref: 'seeds/004 §3.3, Fig. 6 (3)', kindOwn: true },
  beta: { type: 'number', unit: 'ratio', default: 2, min: 1, max: 100, label: 'beta', doc: 'max_p *= beta when the average enters the region above max_th (max_p is kept at most 1).', ref: 'seeds/004 §3.3, Fig. 6 (2)', kindOwn: true },
  startStatus: {
    type: 'enum',
    values: ['below', 'ns2'],
    valueDocs: {
      below: 'the status starts Below, as the queue starts empty: the first arrival leaves max_p as set',
      ns2: 'as ns-2.35: red.h never sets the status, which reads 0 (Above), so the first arrival, with the average under min_th, divides max_p by alpha (0.02 becomes 0.0067)',
    },
    default: 'below',
    label: 'Starting status',
    doc: 'Status of the average before the first arrival (seeds/004 Fig. 6 does not say).',
    ref: 'ns-2.35 red.h (struct edv, status), red.cc updateMaxPFeng',
  },
} as const satisfies ParamSpecs;

export type ScRedParams = Readonly<ParamValues<typeof SC_RED_PARAMS>>;

export const SC_RED_VARS: readonly AqmVar[] = [...RED_VARS, { name: 'maxP', label: 'max_p', unit: 'probability', doc: 'max_p as the status changes scale it.' }];

/** Status of the average (seeds/004 Fig. 6). */
export const ST_BELOW = 0;
export const ST_BETWEEN = 1;
export const ST_ABOVE = 2;

/**
 * Self-configuring RED (seeds/004 Fig. 6). On every average update:
 *   min_th < avg < max_th:                 status = Between
 *   avg < min_th and status != Below:      status = Below, max_p = max_p / alpha
 *   avg > max_th and status != Above:      status = Above, max_p = max_p * beta
 * so max_p moves once per crossing, not per packet: down when early detection was too
 * aggressive (the average fell under min_th), up when it was too timid (over max_th).
 * The figure is silent on the first status: it starts Below, as the queue starts empty
 * (so the first arrival does not divide max_p), or as ns-2.35's does (startStatus "ns2").
 * max_p is kept at most 1 (a probability).
 * Same as ns-2's feng_adaptive_ (red.cc updateMaxPFeng), run inside the estimator.
 */
export class ScRedQueue extends RedQueue {
  override readonly kind: string = 'sc-red';
  declare params: ScRedParams;
  status = ST_BELOW;
  /** Status before the last arrival, and max_p before it (for records). */
  private statusBefore = ST_BELOW;

  constructor(ctx: QueueContext, values: Record<string, unknown>) {
    super(ctx, values, SC_RED_VARS);
    this.status = this.statusBefore = this.params.startStatus === 'ns2' ? ST_ABOVE : ST_BELOW;
  }

  protected override afterAverage(now: number, avg: number): void {
    const P = this.params;
    this.statusBefore = this.status;
    if (this.minTh < avg && avg < this.maxTh) this.status = ST_BETWEEN;
    if (avg < this.minTh && this.status !== ST_BELOW) {
      this.status = ST_BELOW;
      this.setMaxP(now, this.curMaxP / P.alpha);
    }
    if (avg > this.maxTh && this.status !== ST_ABOVE) {
      this.status = ST_ABOVE;
      this.setMaxP(now, Math.min(1, this.curMaxP * P.beta));
    }
    this.gentleMaxP = this.curMaxP;
  }

  protected override liveChange(): void {
    super.liveChange();
    this.gentleMaxP = this.curMaxP;
  }

  override aqmState(): Record<string, number> {
    return { ...super.aqmState(), status: this.status };
  }

  protected override recordExtra(now: number, maxPBefore: number): Record<string, number> {
    // stores into RED's object, in this order (see RedQueue.recordExtra: no Object.assign)
    const out = super.recordExtra(now, maxPBefore);
    out.statusBefore = this.statusBefore;
    out.status = this.status;
    out.maxPBefore = maxPBefore;
    out.alpha = this.params.alpha;
    out.beta = this.params.beta;
    return out;
  }
}

export const scRed: AqmDescriptor<typeof SC_RED_PARAMS> = {
  kind: 'sc-red',
  label: 'Self-configuring RED',
  doc: 'Self-configuring RED (Feng et al. 1999, seeds/004 §3.3): RED whose max_p is divided by alpha when the average falls below min_th and multiplied by beta when it rises above max_th.',
  params: SC_RED_PARAMS,
  create: (values, ctx) => new ScRedQueue(ctx, values),
  check: checkRed,
  explain,
  vars: SC_RED_VARS,
  // status: where the average was at the last arrival, 0 below min_th, 1 between, 2 above max_th (ST_*)
  summaryUnits: { count: 'count', status: '' },
};
