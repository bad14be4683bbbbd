import type { QueueDisc } from '../aqm/queue-disc';
import type { Rng } from '../core/rng';
import { asDoubles } from '../core/doubles';
import { NS_PER_S } from '../core/time';
import { Pipe } from './pipe';
import { KIND_KEYS } from './packet';

/**
 * The numbers every packet reads or writes on every hop (busyUntil, the serialization
 * credit, ns per byte, the propagation delay, the transmit counters) live in blocks of 8
 * doubles inside shared Float64Array chunks, one block per link, instead of as number
 * fields: V8 keeps a number field that holds a double in a heap box of its own, so a hop
 * touched the Link object plus up to eight boxes scattered over the heap. With 40,000
 * links (10,000 hosts per side) and a working set far larger than the caches, each was a
 * cache miss; a block is one or two adjacent cache lines. The Link exposes them as
 * ordinary properties (accessors below).
 */
const S_BUSY_UNTIL = 0;
const S_TX_CREDIT = 1;
const S_NS_PER_BYTE = 2;
const S_DELAY_NS = 3;
const S_BITS_SENT = 4;
const S_LAST_TX_BITS = 5;
const S_LAST_TX_START = 6;
const S_DELAY_SUM = 7;
const SLOTS = 8;
const CHUNK_LINKS = 1024;
let chunk = new Float64Array(0);
const NO_COUNTS = new Float64Array(0);
let chunkUsed = CHUNK_LINKS;

/** One link's block: the chunk and the offset in it (storage only; it carries no state between runs). */
function takeBlock(): { st: Float64Array; o: number } {
  if (chunkUsed === CHUNK_LINKS) {
    chunk = new Float64Array(CHUNK_LINKS * SLOTS);
    chunkUsed = 0;
  }
  return { st: chunk, o: SLOTS * chunkUsed++ };
}

/**
 * Link-layer framing per packet (the `framing` link parameter, src/engine/scenario/fields.ts):
 * bytes added to each packet and the IP size a shorter packet is padded to. Ethernet, IEEE
 * 802.3: preamble + start-of-frame delimiter 8 B, destination and source address, type 14 B,
 * FCS 4 B, inter-frame gap 96 bit times = 12 B, so 38 B; a frame is at least 64 B (header
 * and FCS 18 B + payload), so the payload (the IP packet) is padded to 46 B.
 */
export const FRAMINGS: Readonly<Record<string, { overheadBytes: number; padToBytes: number }>> = {
  none: { overheadBytes: 0, padToBytes: 0 },
  ethernet: { overheadBytes: 38, padToBytes: 46 },
};

/**
 * One direction of a link: a queue discipline feeding a transmitter of `rateBps`, then
 * `delayNs` of propagation. An optional error model loses each packet on the wire with
 * probability `lossProb` (drawn from the link's own stream). The simulator drives it;
 * this class holds its state and statistics.
 *
 * A Link is also the pipe of its wire (the packets in flight on it, see pipe.ts): it
 * extends Pipe rather than holding one, so the hop that puts a packet on the wire and the
 * event that takes it off touch one object fewer (with 40,000 links, one cache miss fewer
 * each time). `pipe` returns the link itself.
 */
export class Link extends Pipe {
  /** This link's block of per-packet numbers (see above): st[o + S_...]. */
  private readonly st: Float64Array;
  private readonly o: number;
  /** A "transmission done" event is pending (packets wait behind the one on the wire). */
  txDonePending = false;
  /**
   * Keep the backlog integrals (areaPackets, areaBytes), the arrivals by kind and the
   * transmit counters (bitsSent, lastTxBits, lastTxStart, delaySum, delayCount): only the
   * links the summary reports (the bottleneck's two directions) need them, the others skip
   * the arithmetic (4 of the 6 hops of a packet and its ACK in a dumbbell).
   */
  tracked = true;
  /** Add the per-flow extra delay (DelayBox) when packets leave on this link. */
  addFlowDelay = false;
  /** Packets that started transmission (see delaySum). */
  delayCount = 0;
  /** Packets lost by the error model. */
  losses = 0;
  /** Arrivals by kind (see arrivalsByKind); empty until the first counted arrival (40,000 access links need none). */
  private kindCounts: Float64Array = NO_COUNTS;
  /** Time-integral of the backlog (packets x ns, bytes x ns) and when it was last updated. */
  areaPackets = 0;
  areaBytes = 0;
  lastChange = 0;
  /**
   * Least and most packets the queue held for a positive time since the metrics' timeline
   * last reset them (tracked links only; Infinity and -Infinity: none yet).
   */
  winMinPackets = Infinity;
  winMaxPackets = -Infinity;
  private rate: number;
  /** Link-layer framing (see setFraming): bytes added to each packet, and the IP size a short packet is padded to. 0 and 0 = none. */
  private frameOverhead = 0;
  private framePadTo = 0;

  constructor(
    readonly id: number,
    readonly from: number,
    readonly to: number,
    rateBps: number,
    delayNs: number,
    public lossProb: number,
    public queue: QueueDisc,
    /** Makes the error model's random stream (only when a packet is first exposed to a loss probability). */
    private readonly makeLossRng: () => Rng,
  ) {
    super();
    const b = takeBlock();
    this.st = b.st;
    this.o = b.o;
    this.rate = rateBps;
    this.st[this.o + S_NS_PER_BYTE] = (8 * NS_PER_S) / rateBps;
    this.st[this.o + S_DELAY_NS] = delayNs;
    asDoubles(this, ['areaPackets', 'areaBytes', 'lastChange', 'winMinPackets', 'winMaxPackets']);
  }

  /** Packets on the wire, in arrival order: the link itself (see above). */
  get pipe(): Pipe {
    return this;
  }

  /** The transmitter is busy until this time (ns); idle when busyUntil <= now. */
  get busyUntil(): number {
    return this.st[this.o + S_BUSY_UNTIL];
  }
  set busyUntil(v: number) {
    this.st[this.o + S_BUSY_UNTIL] = v;
  }

  /** Propagation delay, ns. */
  get delayNs(): number {
    return this.st[this.o + S_DELAY_NS];
  }
  set delayNs(v: number) {
    this.st[this.o + S_DELAY_NS] = v;
  }

  /** Bits put on the wire, counted when each transmission starts (lost ones included); see bitsDone. */
  get bitsSent(): number {
    return this.st[this.o + S_BITS_SENT];
  }
  set bitsSent(v: number) {
    this.st[this.o + S_BITS_SENT] = v;
  }

  /** Size in bits of the last packet put on the wire, and when its transmission started (ns). */
  get lastTxBits(): number {
    return this.st[this.o + S_LAST_TX_BITS];
  }
  set lastTxBits(v: number) {
    this.st[this.o + S_LAST_TX_BITS] = v;
  }
  get lastTxStart(): number {
    return this.st[this.o + S_LAST_TX_START];
  }
  set lastTxStart(v: number) {
    this.st[this.o + S_LAST_TX_START] = v;
  }

  /**
   * Time (ns, in [0, 1)) by which the serialization times of this busy period were rounded
   * up beyond their exact sum: the next packet gets it back, so back-to-back packets take
   * exactly bits / rate in total and the link never carries more than its rate.
   */
  get txCredit(): number {
    return this.st[this.o + S_TX_CREDIT];
  }
  set txCredit(v: number) {
    this.st[this.o + S_TX_CREDIT] = v;
  }

  /** Sum of queueing delays (ns) of packets that started transmission (delayCount of them). */
  get delaySum(): number {
    return this.st[this.o + S_DELAY_SUM];
  }
  set delaySum(v: number) {
    this.st[this.o + S_DELAY_SUM] = v;
  }

  private lossRngMade: Rng | null = null;

  /** The error model's own random stream (made on first use: most links never lose). */
  get lossRng(): Rng {
    return (this.lossRngMade ??= this.makeLossRng());
  }

  /** Transmission rate, bits/s (may change during a run). */
  get rateBps(): number {
    return this.rate;
  }
  set rateBps(v: number) {
    this.rate = v;
    this.st[this.o + S_NS_PER_BYTE] = (8 * NS_PER_S) / v;
  }

  /**
   * Per-packet framing: a packet of `bytes` (IP size) occupies max(bytes, padTo) +
   * overhead bytes of wire time; what the link reports as carried (bitsSent, bitsAt)
   * stays the IP size. Ethernet (IEEE 802.3): overhead 38, padTo 46 (see FRAMINGS).
   */
  setFraming(overheadBytes: number, padToBytes: number): void {
    this.frameOverhead = overheadBytes;
    this.framePadTo = padToBytes;
  }

  /** Bytes of wire time a packet of `bytes` (IP size) occupies: exactly `bytes` without framing. */
  wireBytes(bytes: number): number {
    return (bytes < this.framePadTo ? this.framePadTo : bytes) + this.frameOverhead;
  }

  /** True while a packet is being serialized at time `now`. */
  busyAt(now: number): boolean {
    return now < this.busyUntil;
  }

  /** Bits whose transmission has ended by `now`. */
  bitsDone(now: number): number {
    return now < this.busyUntil ? this.bitsSent - this.lastTxBits : this.bitsSent;
  }

  /**
   * Bits put on the wire by `now`, the packet being serialized counted pro rata: the
   * difference between two times is what the link carried between them, never more than
   * rate x time (utilization over a window, e.g. after a warm-up that ends mid-packet).
   */
  bitsAt(now: number): number {
    if (now >= this.busyUntil) return this.bitsSent;
    const span = this.busyUntil - this.lastTxStart;
    const done = span > 0 && now > this.lastTxStart ? (now - this.lastTxStart) / span : 0;
    return this.bitsSent - this.lastTxBits * (1 - done);
  }

  /**
   * Whole nanoseconds to serialize a packet of `bytes` (IP size; its wire bytes with
   * framing) starting at `now`. Each time is the exact wire bytes x 8 / rate rounded up after taking back the previous round-up (txCredit), so
   * over any busy period the total is the exact total rounded up, never less: a 10 Gb/s
   * link with 3-byte packets alternates 3 ns and 2 ns (2.4 ns on average), where rounding
   * each packet to the nearest nanosecond would send them every 2 ns, 120 % of the rate.
   */
  serialize(bytes: number, now: number): number {
    if (now > this.busyUntil) this.txCredit = 0; // the link was idle: a new busy period
    const need = this.wireBytes(bytes) * this.st[this.o + S_NS_PER_BYTE] - this.txCredit;
    // the tolerance absorbs floating-point error in an exact quotient (1e-6 ns)
    let ns = Math.ceil(need - 1e-6);
    if (ns < 0) ns = 0;
    this.txCredit = ns - need;
    if (this.txCredit < 0) this.txCredit = 0;
    return ns;
  }

  /**
   * A packet of this kind (KIND_* index, packetKindIndex) arrives at this tracked link's
   * queue (Simulator.forward, before the queue sees it). Untracked links (every access hop)
   * are not asked. It takes no time argument: a time past 2^31 ns is a heap number, and
   * passing it to a call V8 does not inline allocates it (bench-100-red ran 2.7 % slower).
   */
  countArrival(kind: number): void {
    let c = this.kindCounts;
    if (c.length === 0) c = this.kindCounts = new Float64Array(KIND_KEYS.length);
    c[kind]++;
  }

  /** Arrivals at the queue by packet kind (KIND_* index; KIND_KEYS), counted on tracked links only (see countArrival). */
  get arrivalsByKind(): Float64Array {
    if (this.kindCounts.length === 0) this.kindCounts = new Float64Array(KIND_KEYS.length);
    return this.kindCounts;
  }

  /**
   * The backlog's time integrals up to `now` (packets x ns, bytes x ns), without folding
   * anything: a reader mid-run (the summary, which the app's worker takes every 500 ms of
   * wall time) must not split a constant stretch in two, or the sums round differently
   * once past 2^53 and the run's result depends on when it was read.
   */
  areasAt(now: number): { packets: number; bytes: number } {
    const dt = this.tracked ? now - this.lastChange : 0;
    if (!(dt > 0)) return { packets: this.areaPackets, bytes: this.areaBytes };
    return { packets: this.areaPackets + this.queue.lenPackets * dt, bytes: this.areaBytes + this.queue.lenBytes * dt };
  }

  /** Folds the backlog since the last change into the time integrals (and the window's least and most). Call before any queue change. */
  integrate(now: number): void {
    if (!this.tracked) return;
    const dt = now - this.lastChange;
    if (dt > 0) {
      const n = this.queue.lenPackets;
      this.areaPackets += n * dt;
      this.areaBytes += this.queue.lenBytes * dt;
      this.lastChange = now;
      if (n < this.winMinPackets) this.winMinPackets = n;
      if (n > this.winMaxPackets) this.winMaxPackets = n;
    }
  }
}
