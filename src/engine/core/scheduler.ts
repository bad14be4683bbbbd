/**
 * The event queue. An event is a (time, id) pair: `time` in integer nanoseconds, `id` a
 * non-negative integer the simulator decodes (see simulator.ts). Events with equal
 * times come out in insertion order, so runs are deterministic.
 */
export interface Scheduler {
  /** Adds an event; returns a handle that `cancel` accepts. */
  insert(time: number, id: number): number;
  /** Time of the earliest event; Infinity when empty. */
  peekTime(): number;
  /** Removes the earliest event and returns its id; its time is then in `lastTime`. */
  pop(): number;
  /** Cancels a pending event by its handle (no-op if it already ran). */
  cancel(handle: number): void;
  isEmpty(): boolean;
  readonly size: number;
  readonly lastTime: number;
}

/**
 * Binary min-heap over typed arrays, keyed on (time, sequence). Cancelled events stay in
 * the heap as tombstones and are skipped when they reach the top.
 */
export class HeapScheduler implements Scheduler {
  private times: Float64Array;
  private seqs: Float64Array;
  private ids: Float64Array;
  private n = 0;
  private nextSeq = 0;
  private cancelled = new Set<number>();
  lastTime = 0;

  constructor(capacity = 1024) {
    this.times = new Float64Array(capacity);
    this.seqs = new Float64Array(capacity);
    this.ids = new Float64Array(capacity);
  }

  get size(): number {
    return this.n - this.cancelled.size;
  }

  isEmpty(): boolean {
    this.dropCancelledTop();
    return this.n === 0;
  }

  insert(time: number, id: number): number {
    if (this.n === this.times.length) this.grow();
    const seq = this.nextSeq++;
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
    return seq;
  }

  peekTime(): number {
    this.dropCancelledTop();
    return this.n === 0 ? Infinity : this.times[0];
  }

  pop(): number {
    this.dropCancelledTop();
    if (this.n === 0) throw new Error('pop from an empty scheduler');
    const id = this.ids[0];
    this.lastTime = this.times[0];
    this.removeTop();
    return id;
  }

  cancel(handle: number): void {
    if (handle >= 0 && handle < this.nextSeq) this.cancelled.add(handle);
  }

  private dropCancelledTop(): void {
    while (this.n > 0 && this.cancelled.size > 0 && this.cancelled.delete(this.seqs[0])) this.removeTop();
  }

  private removeTop(): void {
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
    const d = new Float64Array(cap);
    d.set(this.ids);
    this.times = t;
    this.seqs = s;
    this.ids = d;
  }
}
