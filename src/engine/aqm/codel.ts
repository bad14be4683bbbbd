import { drawTexts } from '../core/number-text';
import type { ParamSpecs, ParamValues } from '../core/params';
import { NS_PER_S, fromSeconds } from '../core/time';
import { ECN_CE, ECN_NOT_ECT } from '../net/packet';
import { explain } from './codel.explain';
import type { DecisionRecord } from './decision';
import { COMMON_QUEUE_PARAMS, QueueDisc, type AqmDescriptor, type AqmVar, type QueueContext, type QueueThresholds } from './queue-disc';

/** CoDel parameters (RFC 8289 §4.3-4.4 defaults). */
export const CODEL_PARAMS = {
  ...COMMON_QUEUE_PARAMS,
  limit: { ...COMMON_QUEUE_PARAMS.limit, default: 1000, doc: 'Largest backlog the queue holds (CoDel needs a large buffer: it controls delay, not length).' },
  target: { type: 'number', unit: 's', default: 0.005, min: 0, exclusiveMin: true, max: 10, label: 'Target', doc: 'Acceptable standing queueing delay (sojourn time).', ref: 'RFC 8289 §4.4 (5 ms)', kindOwn: true },
  interval: {
    type: 'number',
    unit: 's',
    default: 0.1,
    min: 0,
    exclusiveMin: true,
    max: 100,
    label: 'Interval',
    doc: 'The sojourn time must stay above target this long before CoDel drops; the control law divides it by sqrt(count).',
    ref: 'RFC 8289 §4.3 (100 ms)',
    kindOwn: true,
  },
  ecn: { type: 'boolean', default: false, label: 'ECN marking', doc: 'Mark ECT packets with CE instead of dropping them.', ref: 'RFC 8289 §5; RFC 3168' },
} as const satisfies ParamSpecs;

export type CodelParams = Readonly<ParamValues<typeof CODEL_PARAMS>>;

export const CODEL_VARS: readonly AqmVar[] = [
  { name: 'sojourn', label: 'sojourn time', unit: 's', doc: 'Time the last departing packet spent in the queue.' },
  { name: 'dropping', label: 'dropping state', unit: 'ratio', doc: '1 while CoDel is in its dropping state (its mean is the share of time spent there).', chart: 'state' },
];

/**
 * CoDel (RFC 8289), decided at dequeue. Each departing packet's sojourn time is compared
 * with `target`: once it has stayed at or above target (with more than one MTU queued)
 * for `interval`, CoDel enters the dropping state, drops the head packet and schedules
 * the next drop after interval / sqrt(count) (the control law, §4.5); while the sojourn
 * time stays above target it keeps dropping at that shrinking spacing, and it leaves the
 * state as soon as a packet's sojourn time is below target. On re-entry soon after
 * leaving, count resumes from the drops of the last cycle (§5.5). With ECN, an ECT
 * packet is marked instead of dropped and forwarded (the pass ends there, as in Linux
 * codel_dequeue). MAXPACKET is the largest packet seen so far (RFC 8289 uses the MTU).
 *
 * Drops at dequeue go through the base class's `drop` with reason 'early', so the counter
 * identities hold. Arrivals are only tested against the buffer limit. Decision records:
 * one per arrival (stage 'enqueue') and one per packet the dequeue logic examines (stage
 * 'dequeue': forwarded, marked or dropped).
 */
export class CodelQueue extends QueueDisc {
  readonly kind = 'codel';
  params: CodelParams;
  /** RFC 8289 state: first_above_time (ns, 0 = none), drop_next (ns), count, lastcount, dropping. */
  firstAboveTime = 0;
  dropNext = 0;
  count = 0;
  lastCount = 0;
  dropping = false;
  /** Largest packet seen (bytes): RFC 8289's MAXPACKET. */
  maxPacket = 0;
  /** Sojourn time of the last departing packet, ns. */
  sojourn = 0;
  /** target and interval in ns (decoded once). */
  private targetNs = 0;
  private intervalNs = 0;

  constructor(ctx: QueueContext, values: Record<string, unknown>) {
    const v = values as CodelParams;
    super(ctx, v);
    this.params = Object.freeze({ ...v });
    this.declareVars(CODEL_VARS, [0, 0]);
    this.decode();
  }

  private decode(): void {
    this.targetNs = fromSeconds(this.params.target);
    this.intervalNs = fromSeconds(this.params.interval);
  }

  setParams(values: Record<string, unknown>): void {
    const next: Record<string, unknown> = { ...this.params };
    for (const k of Object.keys(CODEL_PARAMS)) if (k in values && values[k] !== undefined) next[k] = values[k];
    const v = next as CodelParams;
    this.params = Object.freeze(v);
    this.limit = v.limit;
    this.unit = v.unit as 'packets' | 'bytes';
    this.countRule = v.countRule as 'waiting' | 'ns2';
    this.decode();
  }

  override values(): Record<string, unknown> {
    return { ...this.params };
  }

  override thresholds(): QueueThresholds {
    return { delayTarget: this.params.target };
  }

  override aqmState(): Record<string, number> {
    return { sojourn: this.sojourn / NS_PER_S, dropping: this.dropping ? 1 : 0, count: this.count, lastCount: this.lastCount, dropNext: this.dropNext / NS_PER_S, firstAboveTime: this.firstAboveTime / NS_PER_S };
  }

  protected doEnqueue(p: number, now: number): boolean {
    const size = this.ctx.pool.size[p];
    if (size > this.maxPacket) this.maxPacket = size;
    const over = this.wouldOverflow(p);
    if (this.recorder !== null) this.recordArrival(p, now, over);
    if (over) {
      this.drop(p, 'overflow', now);
      return false;
    }
    this.store(p, now);
    return true;
  }

  /** control_law(t) = t + interval / sqrt(count) (RFC 8289 §4.5, §5.5). */
  private controlLaw(t: number, count: number): number {
    return t + fromSeconds(this.params.interval / Math.sqrt(count));
  }

  /**
   * RFC 8289 dodequeue: takes the head and judges its sojourn time. Returns the packet
   * (-1 if empty) and sets `okToDrop`.
   */
  private okToDrop = false;
  private doDequeueOne(now: number): number {
    const p = this.take();
    this.okToDrop = false;
    if (p < 0) {
      this.firstAboveTime = 0;
      return -1;
    }
    const sojourn = now - this.ctx.pool.enqAt[p];
    this.setSojourn(now, sojourn);
    if (sojourn < this.targetNs || this.lenBytes <= this.maxPacket) {
      this.firstAboveTime = 0;
    } else if (this.firstAboveTime === 0) {
      this.firstAboveTime = now + this.intervalNs;
    } else if (now >= this.firstAboveTime) {
      this.okToDrop = true;
    }
    return p;
  }

  private setSojourn(now: number, s: number): void {
    this.integrateVars(now);
    this.sojourn = s;
    this.vars[0] = s / NS_PER_S;
  }

  private setDropping(now: number, d: boolean): void {
    if (d === this.dropping) return;
    this.integrateVars(now);
    this.dropping = d;
    this.vars[1] = d ? 1 : 0;
  }

  /** ECT packet and ECN on: mark it (returns true) instead of dropping. */
  private tryMark(p: number, now: number): boolean {
    const e = this.ctx.pool.ecn[p];
    if (!this.params.ecn || e === ECN_NOT_ECT || e === ECN_CE) return false;
    this.mark(p, now);
    return true;
  }

  protected doDequeue(now: number): number {
    let p = this.doDequeueOne(now);
    if (p < 0) {
      this.setDropping(now, false);
      return -1;
    }
    if (this.dropping) {
      if (!this.okToDrop) {
        this.setDropping(now, false);
        if (this.recorder !== null) this.recordDeparture(p, now, 'forward', 'left-dropping');
      } else if (now < this.dropNext) {
        if (this.recorder !== null) this.recordDeparture(p, now, 'forward', 'wait-next');
      }
      while (this.dropping && now >= this.dropNext) {
        this.count++;
        if (this.params.ecn && this.ctx.pool.ecn[p] !== ECN_NOT_ECT && this.ctx.pool.ecn[p] !== ECN_CE) {
          if (this.recorder !== null) this.recordDeparture(p, now, 'mark', 'drop-next');
          this.tryMark(p, now);
          this.dropNext = this.controlLaw(this.dropNext, this.count);
          return p;
        }
        if (this.recorder !== null) this.recordDeparture(p, now, 'drop', 'drop-next');
        this.drop(p, 'early', now);
        p = this.doDequeueOne(now);
        if (p < 0) {
          this.setDropping(now, false);
          return -1;
        }
        if (!this.okToDrop) {
          this.setDropping(now, false);
          if (this.recorder !== null) this.recordDeparture(p, now, 'forward', 'left-dropping');
        } else {
          this.dropNext = this.controlLaw(this.dropNext, this.count);
          if (now < this.dropNext && this.recorder !== null) this.recordDeparture(p, now, 'forward', 'wait-next');
        }
      }
    } else if (this.okToDrop) {
      // enter the dropping state: drop (or mark) this packet, restart count (RFC 8289 §5.5)
      const delta = this.count - this.lastCount;
      const count = delta > 1 && now - this.dropNext < fromSeconds(16 * this.params.interval) ? delta : 1;
      const ect = this.params.ecn && this.ctx.pool.ecn[p] !== ECN_NOT_ECT && this.ctx.pool.ecn[p] !== ECN_CE;
      if (this.recorder !== null) this.recordDeparture(p, now, ect ? 'mark' : 'drop', 'enter', count);
      if (ect) this.tryMark(p, now);
      else {
        this.drop(p, 'early', now);
        p = this.doDequeueOne(now);
      }
      this.setDropping(now, true);
      this.count = count;
      this.dropNext = this.controlLaw(now, count);
      this.lastCount = count;
      if (!ect && p >= 0 && this.recorder !== null) this.recordDeparture(p, now, 'forward', 'after-enter');
      if (p < 0) this.setDropping(now, false);
    } else if (this.recorder !== null) {
      this.recordDeparture(p, now, 'forward', 'ok');
    }
    return p;
  }

  private recordArrival(p: number, now: number, over: boolean): void {
    const { length, unit, limit } = this;
    const rule = over ? () => `buffer overflow: ${length} ${unit} waiting, limit ${limit}` : 'CoDel judges packets when they leave: the arrival is timestamped and queued';
    this.record(Object.assign<DecisionRecord, Partial<DecisionRecord>>(this.blank(p, now, length, rule), {
      region: over ? 'overflow' : 'none',
      outcome: over ? 'drop' : 'enqueue',
      reason: over ? 'overflow' : null,
      stage: 'enqueue',
      extra: this.extra(now),
    }));
  }

  /**
   * A dequeue decision. `why`: ok (sojourn fine or not long enough above target), enter
   * (entered the dropping state), after-enter (the packet after the entering drop),
   * drop-next (dropped or marked at drop_next), wait-next (dropping state, before
   * drop_next), left-dropping (sojourn back below target: dropping state ends).
   */
  private recordDeparture(p: number, now: number, what: 'forward' | 'drop' | 'mark', why: string, count = this.count): void {
    // what the rule sentence prints, captured now (it is written later for a lazy recorder)
    const S: CodelRuleSettings = { sojourn: this.sojourn / NS_PER_S, target: this.params.target, lenBytes: this.lenBytes, maxPacket: this.maxPacket, count: this.count, aboveSinceNow: this.firstAboveTime === now + this.intervalNs };
    const rec: DecisionRecord = Object.assign<DecisionRecord, Partial<DecisionRecord>>(this.blank(p, now, this.length, () => codelRule(why, what, count, S)), {
      outcome: what === 'forward' ? 'enqueue' : what,
      reason: what === 'drop' ? 'early' : null,
      count,
      stage: 'dequeue',
      extra: Object.assign(this.extra(now), { why: ['ok', 'enter', 'after-enter', 'drop-next', 'wait-next', 'left-dropping'].indexOf(why), countUsed: count }),
    });
    this.record(rec);
  }

  private extra(now: number): Record<string, number> {
    const P = this.params;
    return {
      sojourn: this.sojourn / NS_PER_S,
      target: P.target,
      interval: P.interval,
      firstAboveTime: this.firstAboveTime / NS_PER_S,
      dropping: this.dropping ? 1 : 0,
      count: this.count,
      lastCount: this.lastCount,
      dropNext: this.dropNext / NS_PER_S,
      now: now / NS_PER_S,
      bytes: this.lenBytes,
      maxPacket: this.maxPacket,
      okToDrop: this.okToDrop ? 1 : 0,
      ecn: P.ecn ? 1 : 0,
    };
  }

  private blank(p: number, now: number, q: number, rule: string | (() => string)): DecisionRecord {
    return this.newRecord(p, now, q, {
      avgBefore: NaN,
      avg: NaN,
      wq: NaN,
      idleM: 0,
      minTh: NaN,
      maxTh: NaN,
      maxP: NaN,
      gentle: false,
      region: 'none',
      pb: 0,
      pa: 0,
      count: this.count,
      u: null,
      outcome: 'enqueue',
      reason: null,
      rule,
    });
  }
}

/** The numbers a CoDel departure record's rule sentence prints, captured when the packet left. */
interface CodelRuleSettings {
  /** Sojourn time, s. */
  sojourn: number;
  target: number;
  lenBytes: number;
  maxPacket: number;
  /** The state's count after the decision (count_used is the record's own). */
  count: number;
  /** first_above_time was set by this packet (none before it: an earlier packet reset it). */
  aboveSinceNow: boolean;
}

/**
 * The rule text for a departure record: only the sentence for `why` is built (building
 * all six for every recorded packet cost more than the rest of the record).
 */
function codelRule(why: string, what: 'forward' | 'drop' | 'mark', count: number, S: CodelRuleSettings): string {
  const soj = S.sojourn;
  // sojourn and target in ms as the steps write them ("0.004 ms", "0 ms"; toFixed(2) wrote
  // "0.00 ms" beside the step's 0.004 ms), with the digits that keep the two apart
  const [sojMs, targetMs] = drawTexts(soj * 1e3, S.target * 1e3);
  switch (why) {
    case 'ok':
      return soj < S.target
        ? `sojourn ${sojMs} ms < target ${targetMs} ms: forwarded`
        : S.lenBytes <= S.maxPacket
          ? 'at most one packet left in the queue: no drop (RFC 8289)'
          : `sojourn above target, but not yet for a whole interval: forwarded`;
    case 'enter':
      return `sojourn above target for a whole interval: CoDel enters the dropping state and ${what === 'mark' ? 'marks' : 'drops'} this packet (count ${count})`;
    case 'after-enter':
      return 'the packet after the entering drop is forwarded';
    case 'drop-next':
      return `dropping state and now ≥ drop_next: ${what === 'mark' ? 'ECT packet marked' : 'dropped'} (count ${S.count}); next drop after interval / sqrt(count)`;
    case 'wait-next':
      return 'dropping state, but drop_next has not come yet: forwarded';
    case 'left-dropping':
      // say which of the two tests ended it: a short queue ends the state whatever the sojourn
      // time ("sojourn 12.84 ms fell below target" was written beside a 5 ms target)
      return soj < S.target
        ? `sojourn ${sojMs} ms < target ${targetMs} ms: the dropping state ends`
        : S.lenBytes <= S.maxPacket
          ? `at most one packet left in the queue (${S.lenBytes} bytes ≤ MAXPACKET ${S.maxPacket}): the dropping state ends, although the sojourn time ${sojMs} ms is above target (RFC 8289)`
          : S.aboveSinceNow
            ? // in the dropping state a packet above target is not ok_to_drop only when an earlier
              // one reset first_above_time (RFC 8289 §5.4-5.5): "not yet for a whole interval" alone
              // left a class asking how the state could end with the delay still high
              `sojourn ${sojMs} ms above target again, but only from this packet on (an earlier packet was fine and reset first_above_time): the dropping state ends`
            : `sojourn above target, but not yet for a whole interval: the dropping state ends`;
    default:
      return why;
  }
}

export const codel: AqmDescriptor<typeof CODEL_PARAMS> = {
  kind: 'codel',
  label: 'CoDel',
  doc: 'Controlled Delay (RFC 8289): drops at dequeue once packets have waited longer than target (5 ms) for a whole interval (100 ms), then ever faster, interval / sqrt(count) apart, until the delay falls back.',
  params: CODEL_PARAMS,
  create: (values, ctx) => new CodelQueue(ctx, values),
  explain,
  vars: CODEL_VARS,
  summaryUnits: { count: 'count', lastCount: 'count', dropNext: 's', firstAboveTime: 's' },
};
