import type { Rng } from '../core/rng';
import type { AppHandler, Simulator } from '../core/simulator';
import { NS_PER_S } from '../core/time';
import type { Agent } from '../net/agent';
import { F_UDP, type PacketPool } from '../net/packet';

/** Counts what arrives; an unresponsive source needs nothing back. */
export class UdpSink implements Agent {
  id = -1;
  packets = 0;
  bytes = 0;
  constructor(
    readonly node: number,
    private readonly pool: PacketPool,
  ) {}
  recv(p: number): void {
    this.packets++;
    this.bytes += this.pool.payload[p];
  }
  onTimer(): void {}
}

/**
 * An unresponsive UDP source: constant bit rate (fixed gaps) or Poisson (exponential
 * gaps with the same mean), sending `packetSize` bytes on the wire per packet.
 * For Poisson arrivals into a FIFO served at a fixed rate, the mean queue follows the
 * M/D/1 Pollaczek-Khinchine formula (tests/unit/engine/analytic.test.ts).
 */
export class UdpSource implements Agent, AppHandler {
  id = -1;
  appId = -1;
  packetsSent = 0;
  bytesSent = 0;
  private readonly meanGapNs: number;
  private k = 0;

  constructor(
    private readonly sim: Simulator,
    readonly node: number,
    readonly flow: number,
    private readonly sink: UdpSink,
    private readonly pattern: 'cbr' | 'poisson',
    rateBps: number,
    private readonly packetSize: number,
    private readonly startNs: number,
    private readonly stopNs: number,
    private readonly rng: Rng,
  ) {
    this.meanGapNs = (packetSize * 8 * NS_PER_S) / rateBps;
  }

  /** Registers with the simulator and schedules the first packet. */
  install(): void {
    this.sim.addAgent(this);
    this.appId = this.sim.addApp(this);
    this.sim.scheduleApp(this.appId, 0, this.startNs);
  }

  recv(): void {}
  onTimer(): void {}

  onApp(_arg: number, now: number): void {
    if (now >= this.stopNs) return;
    const pool = this.sim.pool;
    const p = pool.alloc();
    pool.flow[p] = this.flow;
    pool.size[p] = this.packetSize;
    pool.payload[p] = this.packetSize;
    pool.flags[p] = F_UDP;
    pool.seq[p] = this.packetsSent;
    pool.dst[p] = this.sink.node;
    pool.agent[p] = this.sink.id;
    this.packetsSent++;
    this.bytesSent += this.packetSize;
    this.sim.send(this.node, p);
    let next: number;
    if (this.pattern === 'cbr') {
      // exact schedule start + k * gap, rounded per packet so gaps never drift
      this.k++;
      next = this.startNs + Math.round(this.k * this.meanGapNs);
    } else {
      next = now + Math.max(1, Math.round(this.rng.exponential(this.meanGapNs)));
    }
    if (next < this.stopNs) this.sim.scheduleApp(this.appId, 0, next);
  }
}
