/**
 * A sorted set of disjoint half-open byte ranges [start, end), kept in two growable
 * Float64Arrays. The receiver stores its out-of-order data here (everything above
 * rcv.nxt that has arrived). Segments mostly arrive in increasing order, so insertion
 * searches from the top and is O(1) in the common case; nothing is allocated per call
 * once the arrays have grown to the largest number of holes seen.
 */
export class IntervalSet {
  starts: Float64Array;
  ends: Float64Array;
  count = 0;

  constructor(capacity = 8) {
    this.starts = new Float64Array(capacity);
    this.ends = new Float64Array(capacity);
  }

  clear(): void {
    this.count = 0;
  }

  /** Adds [s, e), merging with overlapping or touching ranges. Returns the index of the range that now holds it. */
  add(s: number, e: number): number {
    const st = this.starts;
    const en = this.ends;
    // i = first range whose end >= s (candidate to merge), scanning down from the top
    let i = this.count;
    while (i > 0 && en[i - 1] >= s) i--;
    // j = one past the last range whose start <= e
    let j = i;
    while (j < this.count && st[j] <= e) j++;
    if (i === j) {
      // no overlap: insert at i
      if (this.count === st.length) this.grow();
      this.starts.copyWithin(i + 1, i, this.count);
      this.ends.copyWithin(i + 1, i, this.count);
      this.starts[i] = s;
      this.ends[i] = e;
      this.count++;
      return i;
    }
    // merge ranges i..j-1 with [s, e)
    const ns = Math.min(s, st[i]);
    const ne = Math.max(e, en[j - 1]);
    st[i] = ns;
    en[i] = ne;
    const removed = j - i - 1;
    if (removed > 0) {
      st.copyWithin(i + 1, j, this.count);
      en.copyWithin(i + 1, j, this.count);
      this.count -= removed;
    }
    return i;
  }

  /** Index of the range containing byte x, or -1. */
  find(x: number): number {
    const st = this.starts;
    const en = this.ends;
    for (let i = this.count - 1; i >= 0; i--) {
      if (st[i] <= x) return x < en[i] ? i : -1;
    }
    return -1;
  }

  /**
   * Removes every range that starts at or below `edge` and returns the largest end among
   * them that exceeds `edge` (the new in-order edge), or `edge` itself if none does.
   */
  takeFrom(edge: number): number {
    let k = 0;
    let out = edge;
    while (k < this.count && this.starts[k] <= out) {
      if (this.ends[k] > out) out = this.ends[k];
      k++;
    }
    if (k > 0) {
      this.starts.copyWithin(0, k, this.count);
      this.ends.copyWithin(0, k, this.count);
      this.count -= k;
    }
    return out;
  }

  private grow(): void {
    const n = this.starts.length * 2;
    const s = new Float64Array(n);
    const e = new Float64Array(n);
    s.set(this.starts);
    e.set(this.ends);
    this.starts = s;
    this.ends = e;
  }
}
