import { asDoubles } from './doubles';

/** The time of the last event (ns) is a double from the start (see doubles.ts). */
const SCHED_DOUBLES = ['lastTime'];

/**
 * The event queue. An event is a (time, id) pair: `time` in integer nanoseconds, `id` a
 * non-negative 31-bit integer the simulator decodes (see simulator.ts). Events with equal
 * times come out in insertion order, so runs are deterministic.
 */
export interface Scheduler {
  /** Adds an event; returns a handle that `cancel` accepts. */
  insert(time: number, id: number): number;
  /** Time of the earliest event; Infinity when empty. */
  peekTime(): number;
  /** Removes the earliest event and returns its id; its time is then in `lastTime`. */
  pop(): number;
  /**
   * Removes the earliest event if its time is <= `until`: its time and id are then in
   * `lastTime` and `lastId`. Returns false (and removes nothing) otherwise.
   */
  next(until: number): boolean;
  /** Cancels a pending event by its handle (no-op if it already ran). */
  cancel(handle: number): void;
  isEmpty(): boolean;
  readonly size: number;
  readonly lastTime: number;
  readonly lastId: number;
}

/**
 * Binary min-heap over typed arrays, keyed on (time, sequence). Cancelled events stay in
 * the heap as tombstones and are skipped when they reach the top (the simulator cancels
 * its timers by itself and never uses this, so the check costs one comparison).
 *
 * `next` is the simulator's hot path: it leaves the event in two number fields instead
 * of returning it, so no value is boxed per event (DESIGN §3).
 */
export class HeapScheduler implements Scheduler {
  /** The heap's arrays and size, read directly by SplitScheduler.next (the hot path). */
  times: Float64Array;
  seqs: Float64Array;
  ids: Int32Array;
  n = 0;
  private readonly counter: { seq: number };
  private cancelled: Set<number> | null = null;
  cancelledCount = 0;
  lastTime = 0;
  lastId = 0;

  /** `counter` may be shared with other heaps so their events keep one insertion order. */
  constructor(capacity = 1024, counter: { seq: number } = { seq: 0 }) {
    this.counter = counter;
    asDoubles(this, SCHED_DOUBLES);
    this.times = new Float64Array(capacity);
    this.seqs = new Float64Array(capacity);
    this.ids = new Int32Array(capacity);
  }

  get size(): number {
    return this.n - this.cancelledCount;
  }

  isEmpty(): boolean {
    if (this.cancelledCount > 0) this.dropCancelledTop();
    return this.n === 0;
  }

  insert(time: number, id: number): number {
    const seq = this.counter.seq++;
    this.insertWithSeq(time, id, seq);
    return seq;
  }

  /** Adds an event that took its sequence number earlier (from the shared counter), keeping its place among equal times. */
  insertWithSeq(time: number, id: number, seq: number): void {
    if (this.n === this.times.length) this.grow();
    // sift up
    let i = this.n++;
    const times = this.times;
    const seqs = this.seqs;
    const ids = this.ids;
    while (i > 0) {
      const p = (i - 1) >> 1;
      const pt = times[p];
      if (pt < time || (pt === time && seqs[p] < seq)) break;
      times[i] = pt;
      seqs[i] = seqs[p];
      ids[i] = ids[p];
      i = p;
    }
    times[i] = time;
    seqs[i] = seq;
    ids[i] = id;
  }

  peekTime(): number {
    if (this.cancelledCount > 0) this.dropCancelledTop();
    return this.n === 0 ? Infinity : this.times[0];
  }

  pop(): number {
    if (!this.next(Infinity)) throw new Error('pop from an empty scheduler');
    return this.lastId;
  }

  next(until: number): boolean {
    if (this.cancelledCount > 0) this.dropCancelledTop();
    if (this.n === 0) return false;
    const t = this.times[0];
    if (t > until) return false;
    this.lastTime = t;
    this.lastId = this.ids[0];
    this.removeTop();
    return true;
  }

  cancel(handle: number): void {
    if (handle < 0 || handle >= this.counter.seq) return;
    if (this.cancelled === null) this.cancelled = new Set();
    if (this.cancelled.has(handle)) return;
    // only events still in the heap count (a handle that already ran is ignored)
    for (let i = 0; i < this.n; i++)
      if (this.seqs[i] === handle) {
        this.cancelled.add(handle);
        this.cancelledCount++;
        return;
      }
  }

  /** Time and sequence number of the earliest event (Infinity / -1 when empty; tombstones included). */
  headTime(): number {
    if (this.cancelledCount > 0) this.dropCancelledTop();
    return this.n === 0 ? Infinity : this.times[0];
  }

  headSeq(): number {
    return this.n === 0 ? -1 : this.seqs[0];
  }

  dropCancelledTop(): void {
    const c = this.cancelled as Set<number>;
    while (this.n > 0 && c.delete(this.seqs[0])) {
      this.cancelledCount--;
      this.removeTop();
    }
  }

  removeTop(): void {
    const n = --this.n;
    if (n === 0) return;
    const times = this.times;
    const seqs = this.seqs;
    const ids = this.ids;
    const t = times[n];
    const s = seqs[n];
    const d = ids[n];
    let i = 0;
    const half = n >> 1;
    while (i < half) {
      let c = 2 * i + 1;
      const r = c + 1;
      if (r < n && (times[r] < times[c] || (times[r] === times[c] && seqs[r] < seqs[c]))) c = r;
      if (t < times[c] || (t === times[c] && s < seqs[c])) break;
      times[i] = times[c];
      seqs[i] = seqs[c];
      ids[i] = ids[c];
      i = c;
    }
    times[i] = t;
    seqs[i] = s;
    ids[i] = d;
  }

  private grow(): void {
    const cap = this.times.length * 2;
    const t = new Float64Array(cap);
    t.set(this.times);
    const s = new Float64Array(cap);
    s.set(this.seqs);
    const d = new Int32Array(cap);
    d.set(this.ids);
    this.times = t;
    this.seqs = s;
    this.ids = d;
  }
}

/**
 * Two heaps sharing one insertion counter, merged at the top: the "fast" lane holds the
 * short-lived, frequent events (packet arrivals and transmissions), the other one the
 * rest (timers, applications, sampling). Most pending events are retransmission and
 * delayed-ACK timers far in the future; kept apart, they no longer deepen the heap every
 * packet event walks through (bench-100-red: 168 of 203 pending events are timers).
 * Events still come out in (time, insertion) order across both lanes.
 */
export class SplitScheduler implements Scheduler {
  private readonly counter = { seq: 0 };
  readonly fast: HeapScheduler;
  readonly slow: HeapScheduler;
  lastTime = 0;
  lastId = 0;

  constructor(capacity = 1024) {
    asDoubles(this, SCHED_DOUBLES);
    this.fast = new HeapScheduler(capacity, this.counter);
    this.slow = new HeapScheduler(capacity, this.counter);
  }

  get size(): number {
    return this.fast.size + this.slow.size;
  }

  isEmpty(): boolean {
    return this.fast.isEmpty() && this.slow.isEmpty();
  }

  /** Adds an event to the slow lane. */
  insert(time: number, id: number): number {
    return this.slow.insert(time, id);
  }

  /** Adds an event to the fast lane. */
  insertFast(time: number, id: number): number {
    return this.fast.insert(time, id);
  }

  /** Takes the next sequence number, for an event that enters the queue later (insertFastSeq). */
  takeSeq(): number {
    return this.counter.seq++;
  }

  /** Adds an event to the fast lane with a sequence number taken earlier: it sorts as if inserted then. */
  insertFastSeq(time: number, id: number, seq: number): void {
    this.fast.insertWithSeq(time, id, seq);
  }

  peekTime(): number {
    const a = this.fast.headTime();
    const b = this.slow.headTime();
    return a < b ? a : b;
  }

  pop(): number {
    if (!this.next(Infinity)) throw new Error('pop from an empty scheduler');
    return this.lastId;
  }

  next(until: number): boolean {
    const fast = this.fast;
    const slow = this.slow;
    // tombstones exist only when cancel() was used (never by the simulator)
    if (fast.cancelledCount > 0) fast.dropCancelledTop();
    if (slow.cancelledCount > 0) slow.dropCancelledTop();
    // the earlier head of the two lanes, read straight from their arrays
    let lane: HeapScheduler;
    let t: number;
    if (fast.n === 0) {
      if (slow.n === 0) return false;
      lane = slow;
      t = slow.times[0];
    } else if (slow.n === 0) {
      lane = fast;
      t = fast.times[0];
    } else {
      const a = fast.times[0];
      const b = slow.times[0];
      if (a < b || (a === b && fast.seqs[0] < slow.seqs[0])) {
        lane = fast;
        t = a;
      } else {
        lane = slow;
        t = b;
      }
    }
    if (t > until) return false;
    this.lastTime = t;
    this.lastId = lane.ids[0];
    lane.removeTop();
    return true;
  }

  cancel(handle: number): void {
    this.fast.cancel(handle);
    this.slow.cancel(handle);
  }
}
