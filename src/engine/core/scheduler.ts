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
 * Binary min-heap keyed on (time, sequence). Each entry is three doubles side by side in
 * one Float64Array: time, sequence, id at 3i, 3i + 1, 3i + 2. A sift step then reads the
 * two children from one place (48 bytes) instead of from three arrays: with 10,000 flows
 * the timer lane holds tens of thousands of retransmission timers, and every level below
 * the few cached ones is a cache miss per array touched. Cancelled events stay in the
 * heap as tombstones and are skipped when they reach the top (the simulator cancels its
 * timers by itself and never uses this, so the check costs one comparison).
 *
 * `next` is the simulator's hot path: it leaves the event in two number fields instead
 * of returning it, so no value is boxed per event (DESIGN §3).
 */
export class HeapScheduler implements Scheduler {
  /** The heap (3 doubles per entry) and its size, read directly by SplitScheduler.next (the hot path). */
  h: Float64Array;
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
    this.h = new Float64Array(capacity * 3);
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
    if (this.n * 3 === this.h.length) this.grow();
    let i = this.n++;
    const h = this.h;
    while (i > 0) {
      const p = (i - 1) >> 1;
      const pt = h[3 * p];
      if (pt < time || (pt === time && h[3 * p + 1] < seq)) break;
      h[3 * i] = pt;
      h[3 * i + 1] = h[3 * p + 1];
      h[3 * i + 2] = h[3 * p + 2];
      i = p;
    }
    h[3 * i] = time;
    h[3 * i + 1] = seq;
    h[3 * i + 2] = id;
  }

  peekTime(): number {
    if (this.cancelledCount > 0) this.dropCancelledTop();
    return this.n === 0 ? Infinity : this.h[0];
  }

  pop(): number {
    if (!this.next(Infinity)) throw new Error('pop from an empty scheduler');
    return this.lastId;
  }

  next(until: number): boolean {
    if (this.cancelledCount > 0) this.dropCancelledTop();
    if (this.n === 0) return false;
    const t = this.h[0];
    if (t > until) return false;
    this.lastTime = t;
    this.lastId = this.h[2];
    this.removeTop();
    return true;
  }

  cancel(handle: number): void {
    if (handle < 0 || handle >= this.counter.seq) return;
    if (this.cancelled === null) this.cancelled = new Set();
    if (this.cancelled.has(handle)) return;
    for (let i = 0; i < this.n; i++)
      if (this.h[3 * i + 1] === handle) {
        this.cancelled.add(handle);
        this.cancelledCount++;
        return;
      }
  }

  /** Time and sequence number of the earliest event (Infinity / -1 when empty; tombstones included). */
  headTime(): number {
    if (this.cancelledCount > 0) this.dropCancelledTop();
    return this.n === 0 ? Infinity : this.h[0];
  }

  headSeq(): number {
    return this.n === 0 ? -1 : this.h[1];
  }

  dropCancelledTop(): void {
    const c = this.cancelled as Set<number>;
    while (this.n > 0 && c.delete(this.h[1])) {
      this.cancelledCount--;
      this.removeTop();
    }
  }

  removeTop(): void {
    const n = --this.n;
    if (n === 0) return;
    const h = this.h;
    const t = h[3 * n];
    const s = h[3 * n + 1];
    const d = h[3 * n + 2];
    let i = 0;
    const half = n >> 1;
    while (i < half) {
      let c = 2 * i + 1;
      let ct = h[3 * c];
      if (c + 1 < n) {
        const rt = h[3 * c + 3];
        if (rt < ct || (rt === ct && h[3 * c + 4] < h[3 * c + 1])) {
          c++;
          ct = rt;
        }
      }
      if (t < ct || (t === ct && s < h[3 * c + 1])) break;
      h[3 * i] = ct;
      h[3 * i + 1] = h[3 * c + 1];
      h[3 * i + 2] = h[3 * c + 2];
      i = c;
    }
    h[3 * i] = t;
    h[3 * i + 1] = s;
    h[3 * i + 2] = d;
  }

  private grow(): void {
    const h = new Float64Array(this.h.length * 2);
    h.set(this.h);
    this.h = h;
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
      t = slow.h[0];
    } else if (slow.n === 0) {
      lane = fast;
      t = fast.h[0];
    } else {
      const a = fast.h[0];
      const b = slow.h[0];
      if (a < b || (a === b && fast.h[1] < slow.h[1])) {
        lane = fast;
        t = a;
      } else {
        lane = slow;
        t = b;
      }
    }
    if (t > until) return false;
    this.lastTime = t;
    this.lastId = lane.h[2];
    lane.removeTop();
    return true;
  }

  cancel(handle: number): void {
    this.fast.cancel(handle);
    this.slow.cancel(handle);
  }
}
