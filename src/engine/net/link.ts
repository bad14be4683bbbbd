import type { QueueDisc } from '../aqm/queue-disc';
import type { Rng } from '../core/rng';

/**
 * One direction of a link: a queue discipline feeding a transmitter of `rateBps`, then
 * `delayNs` of propagation. An optional error model loses each packet on the wire with
 * probability `lossProb` (drawn from the link's own stream). The simulator drives it;
 * this class holds its state and statistics.
 */
export class Link {
  /** Packet being serialized, or -1 when idle. */
  txPkt = -1;
  /** Bits put on the wire (completed transmissions, lost ones included). */
  bitsSent = 0;
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

  constructor(
    readonly id: number,
    readonly from: number,
    readonly to: number,
    public rateBps: number,
    public delayNs: number,
    public lossProb: number,
    public queue: QueueDisc,
    readonly lossRng: Rng,
  ) {}

  get busy(): boolean {
    return this.txPkt >= 0;
  }

  /** Folds the backlog since the last change into the time integrals. Call before any queue change. */
  integrate(now: number): void {
    const dt = now - this.lastChange;
    if (dt > 0) {
      this.areaPackets += this.queue.lenPackets * dt;
      this.areaBytes += this.queue.lenBytes * dt;
      this.lastChange = now;
    }
  }
}
