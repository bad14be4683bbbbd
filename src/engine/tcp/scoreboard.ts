/**
 * The SACK scoreboard of a sender (RFC 6675 §3), one bit per segment in a growable ring
 * indexed by segment number (segment k carries bytes [k·MSS, (k+1)·MSS)). The window
 * [base, top) runs from the first unacknowledged segment to one past the highest sent.
 *
 * The receiver's SACK blocks always cover whole segments (every segment the sender
 * emits starts on an MSS boundary), so a block [s, e) marks segments s/MSS .. ceil(e/MSS)-1.
 */
export class SackScoreboard {
  private bits: Uint8Array;
  private mask: number;
  /** Segment number of snd.una. */
  base = 0;
  /** Number of SACKed segments in [base, ∞). */
  sackedCount = 0;
  /** One past the highest SACKed segment (≤ base when nothing is SACKed). */
  highSacked = 0;

  constructor(capacity = 64) {
    let c = 16;
    while (c < capacity) c *= 2;
    this.bits = new Uint8Array(c);
    this.mask = c - 1;
  }

  /**
   * Nothing at or above highSacked is SACKed, and the ring covers [base, highSacked) only
   * (mark grows it that far): a segment above it would read another segment's bit. With
   * more than the ring's length outstanding, segments above the highest SACK read as
   * SACKed, the segments below them as lost, pipe fell, and the sender sent new data up to
   * the receiver's window (a 1,000-segment window with a 100 MB receive window).
   */
  isSacked(k: number): boolean {
    return k >= this.base && k < this.highSacked && this.bits[k & this.mask] !== 0;
  }

  /** Marks segments [k0, k1) as SACKed (those below base are ignored). Returns how many were new. */
  mark(k0: number, k1: number): number {
    if (k0 < this.base) k0 = this.base;
    if (k1 - this.base > this.bits.length) this.grow(k1 - this.base);
    let fresh = 0;
    for (let k = k0; k < k1; k++) {
      const i = k & this.mask;
      if (this.bits[i] === 0) {
        this.bits[i] = 1;
        fresh++;
      }
    }
    this.sackedCount += fresh;
    if (k1 > this.highSacked) this.highSacked = k1;
    return fresh;
  }

  /** The cumulative ACK moved snd.una to segment `k`: forget everything below it. */
  advance(k: number): void {
    if (k <= this.base) return;
    const end = Math.min(k, this.base + this.bits.length);
    for (let j = this.base; j < end; j++) {
      const i = j & this.mask;
      if (this.bits[i] !== 0) {
        this.bits[i] = 0;
        this.sackedCount--;
      }
    }
    this.base = k;
    if (this.highSacked < k) this.highSacked = k;
  }

  /** Forgets every SACK (after a retransmission timeout, RFC 2018 §8 / RFC 6675 §5.1). */
  clear(): void {
    this.bits.fill(0);
    this.sackedCount = 0;
    this.highSacked = this.base;
  }

  private grow(span: number): void {
    let c = this.bits.length;
    while (c < span) c *= 2;
    const nb = new Uint8Array(c);
    const nm = c - 1;
    const old = this.bits.length;
    for (let j = this.base; j < this.base + old; j++) nb[j & nm] = this.bits[j & this.mask];
    this.bits = nb;
    this.mask = nm;
  }
}
