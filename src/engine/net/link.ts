import type { QueueDisc } from '../aqm/queue-disc';
import type { Rng } from '../core/rng';
import { asDoubles } from '../core/doubles';
import { NS_PER_S } from '../core/time';
import { Pipe } from './pipe';

/**
 * One direction of a link: a queue discipline feeding a transmitter of `rateBps`, then
 * `delayNs` of propagation. An optional error model loses each packet on the wire with
 * probability `lossProb` (drawn from the link's own stream). The simulator drives it;
 * this class holds its state and statistics.
 */
export class Link {
  /** The transmitter is busy until this time (ns); idle when busyUntil <= now. */
  busyUntil = 0;
  /** A "transmission done" event is pending (packets wait behind the one on the wire). */
  txDonePending = false;
  /** Bits put on the wire, counted when each transmission starts (lost ones included); see bitsDone. */
  bitsSent = 0;
  /** Size in bits of the last packet put on the wire, and when its transmission started (ns). */
  lastTxBits = 0;
  lastTxStart = 0;
  /**
   * Time (ns, in [0, 1)) by which the serialization times of this busy period were rounded
   * up beyond their exact sum: the next packet gets it back, so back-to-back packets take
   * exactly bits / rate in total and the link never carries more than its rate.
   */
  txCredit = 0;
  /** Packets lost by the error model. */
  losses = 0;
  /** Time-integral of the backlog (packets x ns, bytes x ns) and when it was last updated. */
  areaPackets = 0;
  areaBytes = 0;
  lastChange = 0;
  /** Sum of queueing delays (ns) of packets that started transmission, and their count. */
  delaySum = 0;
  delayCount = 0;
  /** Add the per-flow extra delay (DelayBox) when packets leave on this link. */
  addFlowDelay = false;
  /** Packets on the wire, in arrival order (see pipe.ts). */
  readonly pipe = new Pipe();
  /**
   * Keep the backlog integrals (areaPackets, areaBytes): only the links the summary reports
   * (the bottleneck's two directions) need them, the others skip the arithmetic.
   */
  tracked = true;
  private rate: number;
  /** Nanoseconds per byte at `rateBps` (a multiplication per packet instead of a division). */
  private nsPerByte: number;

  constructor(
    readonly id: number,
    readonly from: number,
    readonly to: number,
    rateBps: number,
    public delayNs: number,
    public lossProb: number,
    public queue: QueueDisc,
    /** Makes the error model's random stream (only when a packet is first exposed to a loss probability). */
    private readonly makeLossRng: () => Rng,
  ) {
    this.rate = rateBps;
    this.nsPerByte = (8 * NS_PER_S) / rateBps;
    asDoubles(this, ['busyUntil', 'bitsSent', 'lastTxBits', 'lastTxStart', 'txCredit', 'areaPackets', 'areaBytes', 'lastChange', 'delaySum', 'delayNs']);
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
    this.nsPerByte = (8 * NS_PER_S) / v;
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
   * Whole nanoseconds to serialize `bytes` starting at `now`. Each time is the exact
   * bytes x 8 / rate rounded up after taking back the previous round-up (txCredit), so
   * over any busy period the total is the exact total rounded up, never less: a 10 Gb/s
   * link with 3-byte packets alternates 3 ns and 2 ns (2.4 ns on average), where rounding
   * each packet to the nearest nanosecond would send them every 2 ns, 120 % of the rate.
   */
  serialize(bytes: number, now: number): number {
    if (now > this.busyUntil) this.txCredit = 0; // the link was idle: a new busy period
    const need = bytes * this.nsPerByte - this.txCredit;
    // the tolerance absorbs floating-point error in an exact quotient (1e-6 ns)
    let ns = Math.ceil(need - 1e-6);
    if (ns < 0) ns = 0;
    this.txCredit = ns - need;
    if (this.txCredit < 0) this.txCredit = 0;
    return ns;
  }

  /** Folds the backlog since the last change into the time integrals. Call before any queue change. */
  integrate(now: number): void {
    if (!this.tracked) return;
    const dt = now - this.lastChange;
    if (dt > 0) {
      this.areaPackets += this.queue.lenPackets * dt;
      this.areaBytes += this.queue.lenBytes * dt;
      this.lastChange = now;
    }
  }
}
