/**
 * The packets on the wire of one link, in the order they will arrive at its far end:
 * a growable ring of (arrival time, event sequence number, packet). A link serializes one
 * packet after another and delays each by the same propagation time, so its arrivals
 * come out in order; only the first of them needs a place in the event queue (see
 * Simulator.startTx). A 10 Gb/s path holds tens of thousands of packets in flight: kept
 * here, they no longer make every event walk a heap that deep.
 */
const EMPTY_F64 = new Float64Array(0);
const EMPTY_I32 = new Int32Array(0);

export class Pipe {
  private times: Float64Array;
  private seqs: Float64Array;
  private pkts: Int32Array;
  private mask: number;
  private head = 0;
  length = 0;

  /** Starts empty (most of 40,000 access links carry little) and doubles from 4 as needed. */
  constructor() {
    this.times = EMPTY_F64;
    this.seqs = EMPTY_F64;
    this.pkts = EMPTY_I32;
    this.mask = -1;
  }

  /** Arrival time of the last packet pushed (valid when length > 0). */
  tailTime(): number {
    return this.times[(this.head + this.length - 1) & this.mask];
  }

  headTime(): number {
    return this.times[this.head];
  }

  headSeq(): number {
    return this.seqs[this.head];
  }

  push(time: number, seq: number, p: number): void {
    if (this.length === this.times.length) this.grow();
    const i = (this.head + this.length) & this.mask;
    this.times[i] = time;
    this.seqs[i] = seq;
    this.pkts[i] = p;
    this.length++;
  }

  /** Removes and returns the first packet (length must be > 0). */
  shift(): number {
    const p = this.pkts[this.head];
    this.head = (this.head + 1) & this.mask;
    this.length--;
    return p;
  }

  private grow(): void {
    const n = Math.max(4, this.times.length * 2);
    const t = new Float64Array(n);
    const s = new Float64Array(n);
    const k = new Int32Array(n);
    for (let i = 0; i < this.length; i++) {
      const j = (this.head + i) & this.mask;
      t[i] = this.times[j];
      s[i] = this.seqs[j];
      k[i] = this.pkts[j];
    }
    this.times = t;
    this.seqs = s;
    this.pkts = k;
    this.mask = n - 1;
    this.head = 0;
  }
}
