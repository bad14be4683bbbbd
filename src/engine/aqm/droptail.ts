import { explain } from './droptail.explain';
import { COMMON_QUEUE_PARAMS, QueueDisc, type AqmDescriptor, type QueueContext } from './queue-disc';

/** Drop-tail has only the parameters every queue has. */
export const DROPTAIL_PARAMS = { ...COMMON_QUEUE_PARAMS } as const;

/**
 * Drop-tail (FIFO with a hard limit): an arriving packet is dropped, reason 'overflow',
 * when it does not fit; otherwise it is queued. Nothing else is ever dropped or marked.
 *
 * Exact counting rule (QueueDisc.wouldOverflow), with `waiting` = packets (bytes) queued
 * behind the link, NOT counting the packet being transmitted, measured before the arrival:
 *
 * | unit    | countRule "waiting"              | countRule "ns2" (ns-2 DropTail)    |
 * |---------|----------------------------------|------------------------------------|
 * | packets | drop if waiting + 1 > limit      | drop if waiting + 1 >= limit       |
 * | bytes   | drop if waitingBytes + size > limit | drop if waitingBytes + size >= limit |
 *
 * So with "waiting" up to `limit` packets wait and one more is on the wire; with "ns2" at
 * most limit - 1 wait, i.e. waiting + in transmission <= limit, which is how ns-2's
 * DropTail::enque counts (queue/drop-tail.cc: `q_->length() + 1 >= qlim_` drops; in bytes
 * `byteLength() + size >= qlim_ * mean_pktsize_`, our limit being already in bytes).
 * seeds/001's single-flow baseline (QL = 39: no drops, QL = 38: drops) needs "ns2".
 * With "ns2" and limit = 1 (packets) every packet is dropped, which check() rejects.
 *
 * Live limit changes (setParams) do not evict packets already queued: arrivals are
 * refused until the backlog falls below the new limit.
 */
export class DropTail extends QueueDisc {
  readonly kind = 'droptail';

  constructor(ctx: QueueContext, values: Record<string, unknown>) {
    super(ctx, values as { limit: number; unit: string; countRule: string });
  }

  protected doEnqueue(p: number, now: number): boolean {
    const over = this.wouldOverflow(p);
    if (this.recorder !== null) this.recordDecision(p, now, over);
    if (over) {
      this.drop(p, 'overflow', now);
      return false;
    }
    this.store(p, now);
    return true;
  }

  protected doDequeue(): number {
    return this.take();
  }

  /**
   * Empty queue, idle link: p is counted in and straight out, without passing through the
   * FIFO (the per-packet path of every uncongested hop). Same counts as enqueue + dequeue.
   */
  passIdle(p: number, now: number): number {
    if (this.recorder !== null) return super.passIdle(p, now);
    const size = this.pool.size[p];
    this.arrivals++;
    this.arrivalBytes += size;
    if (this.wouldOverflow(p)) {
      this.drop(p, 'overflow', now);
      return -1;
    }
    this.pool.enqAt[p] = now;
    this.departures++;
    this.departureBytes += size;
    return p;
  }

  setParams(values: Record<string, unknown>): void {
    if (typeof values.limit === 'number') this.limit = values.limit;
    if (values.unit === 'packets' || values.unit === 'bytes') this.unit = values.unit;
    if (values.countRule === 'waiting' || values.countRule === 'ns2') this.countRule = values.countRule;
  }

  /** Only called when a consumer asked for decision records (never in fast runs). */
  private recordDecision(p: number, now: number, over: boolean): void {
    const q = this.length;
    const countRule = this.countRule;
    const unit = this.unit;
    const limit = this.limit;
    this.record(this.newRecord(p, now, q, {
      avgBefore: q,
      avg: q,
      wq: NaN,
      idleM: 0,
      minTh: NaN,
      maxTh: NaN,
      maxP: NaN,
      gentle: false,
      region: over ? 'overflow' : 'none',
      pb: 0,
      pa: 0,
      count: 0,
      u: null,
      outcome: over ? 'drop' : 'enqueue',
      reason: over ? 'overflow' : null,
      rule: () => dropTailRule(over, countRule, unit, q, limit),
    }));
  }
}

/** The record's rule sentence, from the numbers captured when the arrival was judged. */
function dropTailRule(over: boolean, countRule: string, unit: string, q: number, limit: number): string {
  const ns2 = countRule === 'ns2';
  const unitWord = unit === 'bytes' ? 'bytes' : 'packets';
  if (!over) return `drop-tail (${countRule} rule): the arrival fits (${q} ${unitWord} waiting, limit ${limit})`;
  const test = unit === 'bytes' ? `waiting bytes + size ${ns2 ? '≥' : '>'} limit` : `waiting + 1 ${ns2 ? '≥' : '>'} limit`;
  return `drop-tail (${countRule} rule): ${test} with ${q} ${unitWord} waiting and limit ${limit}, so the arrival is dropped`;
}

function checkDropTail(values: Record<string, unknown>): string[] {
  const out: string[] = [];
  if (values.countRule === 'ns2' && values.unit !== 'bytes' && typeof values.limit === 'number' && values.limit < 2) {
    out.push(`limit = ${values.limit} with countRule = "ns2" drops every packet (ns-2 DropTail keeps at most limit - 1 waiting): use limit ≥ 2 or countRule "waiting"`);
  }
  return out;
}

export const dropTail: AqmDescriptor<typeof DROPTAIL_PARAMS> = {
  kind: 'droptail',
  label: 'Drop-tail',
  doc: 'FIFO queue that drops arriving packets when the buffer is full (see countRule for how the limit is counted).',
  params: DROPTAIL_PARAMS,
  create: (values, ctx) => new DropTail(ctx, values),
  check: checkDropTail,
  explain,
  vars: [],
};
