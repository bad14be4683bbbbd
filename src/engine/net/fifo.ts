/** A growable ring buffer of packet indices: the storage behind every FIFO queue. */
export class PacketFifo {
  private buf: Int32Array;
  private head = 0;
  private n = 0;

  constructor(capacity = 64) {
    this.buf = new Int32Array(Math.max(4, capacity));
  }

  get length(): number {
    return this.n;
  }

  push(p: number): void {
    if (this.n === this.buf.length) this.grow();
    this.buf[(this.head + this.n) % this.buf.length] = p;
    this.n++;
  }

  /** Removes and returns the head; -1 when empty. */
  shift(): number {
    if (this.n === 0) return -1;
    const p = this.buf[this.head];
    this.head = (this.head + 1) % this.buf.length;
    this.n--;
    return p;
  }

  /** The head without removing it; -1 when empty. */
  peek(): number {
    return this.n === 0 ? -1 : this.buf[this.head];
  }

  /** Removes and returns the tail (most recently pushed); -1 when empty. */
  pop(): number {
    if (this.n === 0) return -1;
    this.n--;
    return this.buf[(this.head + this.n) % this.buf.length];
  }

  /** The i-th packet from the head (0 = head). */
  at(i: number): number {
    return this.buf[(this.head + i) % this.buf.length];
  }

  private grow(): void {
    const b = new Int32Array(this.buf.length * 2);
    for (let i = 0; i < this.n; i++) b[i] = this.buf[(this.head + i) % this.buf.length];
    this.buf = b;
    this.head = 0;
  }
}
