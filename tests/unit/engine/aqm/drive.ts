/** Drives one queue discipline by hand: arrivals and departures at chosen times (ns). */
import type { DecisionRecord } from '../../../../src/engine/aqm/decision';
import type { QueueDisc } from '../../../../src/engine/aqm/queue-disc';
import { aqmByKind } from '../../../../src/engine/aqm/registry';
import { defaultsOf } from '../../../../src/engine/core/params';
import { Rng } from '../../../../src/engine/core/rng';
import { ECN_NOT_ECT, PacketPool } from '../../../../src/engine/net/packet';

export const MS = 1e6;

export class Drive {
  readonly pool = new PacketPool(64);
  readonly q: QueueDisc;
  readonly records: DecisionRecord[] = [];
  /** Times (ns) of drops and marks, with the reason. */
  readonly drops: { t: number; reason: string }[] = [];
  readonly marks: number[] = [];

  constructor(kind: string, values: Record<string, unknown>, opts: { linkRateBps?: number; linkDelayS?: number; seed?: number; record?: boolean } = {}) {
    const d = aqmByKind(kind);
    if (!d) throw new Error(kind);
    const all = { ...defaultsOf(d.params), ...values };
    const problems = d.check?.(all) ?? [];
    if (problems.length > 0) throw new Error(problems.join('; '));
    this.q = d.create(all, { pool: this.pool, rng: new Rng(opts.seed ?? 7, 1), linkRateBps: opts.linkRateBps ?? 10e6, linkDelayS: opts.linkDelayS, name: 'test' });
    this.q.listener = {
      onDrop: (_q, _p, reason, now) => this.drops.push({ t: now, reason }),
      onMark: (_q, _p, now) => this.marks.push(now),
    };
    if (opts.record !== false) this.q.recorder = { decision: (r) => this.records.push(r) };
  }

  /** Offers a packet at `now`; true if queued. */
  arrive(now: number, size = 1000, ecn = ECN_NOT_ECT, flow = 0): boolean {
    const p = this.pool.alloc();
    this.pool.size[p] = size;
    this.pool.ecn[p] = ecn;
    this.pool.flow[p] = flow;
    return this.q.enqueue(p, now);
  }

  /** Takes the next packet at `now` (and frees it); its index or -1. */
  depart(now: number): number {
    const p = this.q.dequeue(now);
    if (p >= 0) this.pool.free(p);
    return p;
  }

  /** Any field of the discipline (state that is not part of the QueueDisc interface). */
  get<T = number>(field: string): T {
    return (this.q as unknown as Record<string, T>)[field];
  }
}
