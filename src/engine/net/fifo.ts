const EMPTY = new Int32Array(0);

/** A growable ring buffer of packet indices: the storage behind every FIFO queue. */
export class PacketFifo {
  private buf: Int32Array;
  /** Capacity - 1; the capacity is a power of two, so positions wrap with a mask, not a division. */
  private mask: number;
  private head = 0;
  private n = 0;

  /**
   * Starts empty, with no buffer of its own (40,000 queues of 10,000 hosts per side, most of
   * which never hold a packet: an idle link passes its packet straight through), and doubles
   * from 4 (or from `capacity`) at the first push that needs room.
   */
  constructor(capacity = 0) {
    if (capacity > 0) {
      let c = 4;
      while (c < capacity) c *= 2;
      this.buf = new Int32Array(c);
      this.mask = c - 1;
    } else {
      this.buf = EMPTY;
      this.mask = -1;
    }
  }

  get length(): number {
    return this.n;
  }

  push(p: number): void {
    if (this.n === this.buf.length) this.grow();
    this.buf[(this.head + this.n) & this.mask] = p;
    this.n++;
  }

  /** Removes and returns the head; -1 when empty. */
  shift(): number {
    if (this.n === 0) return -1;
    const p = this.buf[this.head];
    this.head = (this.head + 1) & this.mask;
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
    return this.buf[(this.head + this.n) & this.mask];
  }

  /** The i-th packet from the head (0 = head). */
  at(i: number): number {
    return this.buf[(this.head + i) & this.mask];
  }

  private grow(): void {
    const b = new Int32Array(Math.max(4, this.buf.length * 2));
    for (let i = 0; i < this.n; i++) b[i] = this.buf[(this.head + i) & this.mask];
    this.buf = b;
    this.mask = b.length - 1;
    this.head = 0;
  }
}
