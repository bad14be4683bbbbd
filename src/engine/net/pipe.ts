/**
 * The packets on the wire of one link, in the order they will arrive at its far end:
 * a growable ring of (arrival time, event sequence number, packet). A link serializes one
 * packet after another and delays each by the same propagation time, so its arrivals
 * come out in order; only the first of them needs a place in the event queue (see
 * Simulator.startTx). A 10 Gb/s path holds tens of thousands of packets in flight: kept
 * here, they no longer make every event walk a heap that deep.
 *
 * The three values of a slot sit side by side in one Float64Array (slot i at 3i, 3i + 1,
 * 3i + 2): with 40,000 links (10,000 hosts per side) a push or shift then touches one
 * array and one cache line, not three arrays scattered over the heap.
 */
const EMPTY = new Float64Array(0);

export class Pipe {
  private buf: Float64Array;
  /** Capacity in slots - 1 (the capacity is a power of two); -1 before the first push. */
  private mask: number;
  private head = 0;
  length = 0;

  /** Starts empty (most of 40,000 access links carry little) and doubles from 4 slots as needed. */
  constructor() {
    this.buf = EMPTY;
    this.mask = -1;
  }

  /** Arrival time of the last packet pushed (valid when length > 0). */
  tailTime(): number {
    return this.buf[((this.head + this.length - 1) & this.mask) * 3];
  }

  headTime(): number {
    return this.buf[this.head * 3];
  }

  headSeq(): number {
    return this.buf[this.head * 3 + 1];
  }

  push(time: number, seq: number, p: number): void {
    if (this.length === this.mask + 1) this.grow();
    const i = ((this.head + this.length) & this.mask) * 3;
    const b = this.buf;
    b[i] = time;
    b[i + 1] = seq;
    b[i + 2] = p;
    this.length++;
  }

  /** Removes and returns the first packet (length must be > 0). */
  shift(): number {
    const p = this.buf[this.head * 3 + 2];
    this.head = (this.head + 1) & this.mask;
    this.length--;
    return p;
  }

  private grow(): void {
    const n = Math.max(4, (this.mask + 1) * 2);
    const b = new Float64Array(n * 3);
    for (let k = 0; k < this.length; k++) {
      const j = ((this.head + k) & this.mask) * 3;
      b[3 * k] = this.buf[j];
      b[3 * k + 1] = this.buf[j + 1];
      b[3 * k + 2] = this.buf[j + 2];
    }
    this.buf = b;
    this.mask = n - 1;
    this.head = 0;
  }
}
