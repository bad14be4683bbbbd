import { describe, expect, it } from 'vitest';
import { aqmByKind } from '../../../../src/engine/aqm/registry';
import { defaultsOf } from '../../../../src/engine/core/params';
import { Simulator } from '../../../../src/engine/core/simulator';
import { WebStats, type ExchangeBatch } from '../../../../src/engine/metrics/web';
import { buildDumbbell, type QueueSpec } from '../../../../src/engine/net/topology';
import { TCP_PARAMS, type TcpParams } from '../../../../src/engine/tcp/params';
import { WebHub, type WebClient, type WebExchange } from '../../../../src/engine/traffic/web';
import type { QueueContext } from '../../../../src/engine/aqm/queue-disc';

const makeQueue = (spec: QueueSpec, ctx: QueueContext) => {
  const d = aqmByKind(spec.kind)!;
  return d.create({ ...defaultsOf(d.params), ...spec }, ctx);
};

/** Three 10 Mb/s, 5 ms hops: client (right host) - router - router - server (left host). */
function net(opts: { limit?: number; loss?: number } = {}) {
  const sim = new Simulator();
  const topo = buildDumbbell(
    sim,
    {
      bottleneck: { rate: 10e6, delay: 0.005, loss: opts.loss ?? 0, queue: { kind: 'droptail', limit: opts.limit ?? 1000, unit: 'packets' } },
      left: { hosts: 1, rate: 10e6, delay: 0.005 },
      right: { hosts: 1, rate: 10e6, delay: 0.005 },
    },
    1,
    makeQueue,
  );
  const batches: ExchangeBatch[] = [];
  const stats = new WebStats(0, Infinity, (b) => batches.push(b));
  const hub = new WebHub(sim, () => 0, stats);
  // drops reach the hub as the run's collector passes them on
  sim.setQueueListener({ onDrop: (_q, p) => hub.noteDrop(sim.pool.flow[p]), onMark() {} });
  return { sim, hub, stats, batches, server: topo.leftHosts[0], client: topo.rightHosts[0] };
}

const TCP: TcpParams = { ...defaultsOf(TCP_PARAMS), variant: 'reno', mss: 1000, headerBytes: 40, ackBytes: 40, initialCwnd: 2, delayedAck: false, minRto: 1, initialRto: 3, tick: 0.01 };

/** A client that plays a fixed list of exchanges on one connection. */
function script(list: Omit<WebExchange, 'last'>[], log: number[] = []): WebClient {
  return {
    nextExchange: (_c, k) => ({ ...list[k], last: k === list.length - 1 }),
    exchangeDone: (_c, k) => void log.push(k),
  };
}

describe('web connections: one exchange, by hand', () => {
  it('response time = SYN out to last response byte in: handshake, ACK + request, ACK + two response segments', () => {
    const { sim, hub, stats, batches, server, client } = net();
    hub.connect(script([{ req: 100, rsp: 1500, serverDelayNs: 0, gapNs: 0 }]), { clientNode: client, serverNode: server, dir: 0, tcp: TCP, delayNs: 0 }, 0);
    sim.run(1e15);
    stats.flush();
    // serialization at 10 Mb/s: 40 B = 32 us, 140 B (request) = 112 us, 1040 B and 540 B (response segments) = 832 and 432 us; 3 hops of 5 ms
    const tx = (bytes: number) => bytes * 800; // ns at 10 Mb/s
    const d = 5e6;
    const path = (bytes: number) => 3 * (tx(bytes) + d);
    const synAck = 2 * path(40); // SYN there, SYN-ACK back
    const request = synAck + tx(40) + path(140); // the handshake ACK goes first, the request right behind it
    // the server ACKs the request and sends both segments of the initial window (2): 40 B, 1040 B, 540 B back to back;
    // the 540 B segment waits behind the 1040 B one at each later hop
    const last = request + tx(40) + 3 * tx(1040) + tx(540) + 3 * d;
    expect(last).toBe(63_520_000);
    const s = stats.summary();
    expect(s.exchanges).toBe(1);
    expect(s.responseTime!.p50).toBeCloseTo(last / 1e9, 9);
    expect(s.flowsWithLoss).toBe(0);
    expect(batches[0].rtt[0]).toBeCloseTo(0.03, 6); // 3 hops of 5 ms each way
    expect(batches[0].rsp[0]).toBe(1500);
    // the server closed, the client answered, every slot is free and nothing is left in flight
    expect(hub.open).toBe(0);
    expect(sim.pool.live).toBe(0);
  });

  it('a server delay adds to the response time exactly', () => {
    const a = net();
    a.hub.connect(script([{ req: 100, rsp: 1500, serverDelayNs: 0, gapNs: 0 }]), { clientNode: a.client, serverNode: a.server, dir: 0, tcp: TCP, delayNs: 0 }, 0);
    a.sim.run(1e15);
    const b = net();
    b.hub.connect(script([{ req: 100, rsp: 1500, serverDelayNs: 37_000_000, gapNs: 0 }]), { clientNode: b.client, serverNode: b.server, dir: 0, tcp: TCP, delayNs: 0 }, 0);
    b.sim.run(1e15);
    // ...less the 32 us the first response segment no longer waits behind the server's ACK of the request
    expect(b.stats.summary().responseTime!.mean - a.stats.summary().responseTime!.mean).toBeCloseTo(0.037 - 32e-6, 9);
  });

  it('a DelayBox delay of D adds 2 D per round trip: four one-way trips before the last byte, so 4 D', () => {
    const a = net();
    a.hub.connect(script([{ req: 100, rsp: 1500, serverDelayNs: 0, gapNs: 0 }]), { clientNode: a.client, serverNode: a.server, dir: 0, tcp: TCP, delayNs: 0 }, 0);
    a.sim.run(1e15);
    const b = net();
    b.hub.connect(script([{ req: 100, rsp: 1500, serverDelayNs: 0, gapNs: 0 }]), { clientNode: b.client, serverNode: b.server, dir: 0, tcp: TCP, delayNs: 20_000_000 }, 0);
    b.sim.run(1e15);
    expect(b.stats.summary().responseTime!.mean - a.stats.summary().responseTime!.mean).toBeCloseTo(0.08, 9);
  });
});

describe('web connections: ACKs ride on data (full-duplex TCP)', () => {
  /** Runs one exchange and logs every packet the server sends: [time ns, payload bytes, ack]. */
  function serverPackets(tcp: TcpParams, serverDelayNs: number, rsp = 1000) {
    const n = net();
    const log: [number, number, number][] = [];
    const send = n.sim.send.bind(n.sim);
    n.sim.send = (from: number, p: number) => {
      if (from === n.server) log.push([n.sim.clock, n.sim.pool.payload[p], n.sim.pool.ack[p]]);
      send(from, p);
    };
    n.hub.connect(script([{ req: 100, rsp, serverDelayNs, gapNs: 0 }]), { clientNode: n.client, serverNode: n.server, dir: 0, tcp, delayNs: 0 }, 0);
    n.sim.run(1e15);
    return { log, n };
  }
  const DELACK: TcpParams = { ...TCP, delayedAck: true, delayedAckTimeout: 0.1 };

  it("with delayed ACKs the server's ACK of the request rides on the response: no pure ACK of the request", () => {
    const { log, n } = serverPackets(DELACK, 20_000_000);
    // SYN-ACK, the response segment acknowledging the 100 request bytes, the FIN
    expect(log.map(([, len, ack]) => [len, ack])).toEqual([
      [0, 0],
      [1000, 100],
      [0, 0],
    ]);
    // the client's request sender took that as its ACK: the request was sent once, nothing is left over
    expect(n.hub.open).toBe(0);
    expect(n.sim.pool.live).toBe(0);
    expect(n.stats.summary().flowsWithLoss).toBe(0);
  });

  it('a server slower than the delayed-ACK timer sends the pure ACK when the timer fires, then the response', () => {
    const { log } = serverPackets(DELACK, 150_000_000);
    const requestIn = 2 * 3 * (40 * 800 + 5e6) + 40 * 800 + 3 * (140 * 800 + 5e6);
    expect(log.map(([, len, ack]) => [len, ack])).toEqual([
      [0, 0],
      [0, 100],
      [1000, 100],
      [0, 0],
    ]);
    expect(log[1][0]).toBe(requestIn + 100_000_000);
    expect(log[2][0]).toBe(requestIn + 150_000_000);
  });

  it('without delayed ACKs the request is acknowledged at once, before the response (the server delay separates them)', () => {
    const { log } = serverPackets(TCP, 20_000_000);
    expect(log.map(([, len]) => len)).toEqual([0, 0, 1000, 0]);
  });
});

describe('web connections: persistent connections and slot reuse', () => {
  it('a later request on a persistent connection starts at its write and needs no handshake', () => {
    const log: number[] = [];
    const { sim, hub, stats, batches, server, client } = net();
    hub.connect(
      script(
        [
          { req: 100, rsp: 1500, serverDelayNs: 0, gapNs: 0 },
          { req: 100, rsp: 1500, serverDelayNs: 0, gapNs: 50_000_000 },
        ],
        log,
      ),
      { clientNode: client, serverNode: server, dir: 0, tcp: TCP, delayNs: 0 },
      0,
    );
    sim.run(1e15);
    stats.flush();
    expect(log).toEqual([0, 1]);
    const rt = batches.flatMap((b) => [...b.rt]);
    const start = batches.flatMap((b) => [...b.start]);
    // second exchange: request (140 B, 3 hops), then the server's ACK and two segments as before, no SYN round trip
    const tx = (bytes: number) => bytes * 800;
    const d = 5e6;
    const second = 3 * (tx(140) + d) + tx(40) + 3 * tx(1040) + tx(540) + 3 * d;
    expect(rt[1]).toBeCloseTo(second / 1e9, 9);
    expect(start[1]).toBeCloseTo(start[0] + rt[0] + 0.05, 9);
    expect(hub.open).toBe(0);
    expect(sim.pool.live).toBe(0);
  });

  it('after more than one RTO idle the window restarts from the initial window (RFC 5681 §4.1)', () => {
    // a 30 KB response grows cwnd well past 2; the same 30 KB again after a short and after a long pause
    const run = (gapS: number) => {
      const { sim, hub, stats, batches, server, client } = net();
      hub.connect(
        script([
          { req: 100, rsp: 30_000, serverDelayNs: 0, gapNs: 0 },
          { req: 100, rsp: 30_000, serverDelayNs: 0, gapNs: gapS * 1e9 },
        ]),
        { clientNode: client, serverNode: server, dir: 0, tcp: TCP, delayNs: 0 },
        0,
      );
      sim.run(1e15);
      stats.flush();
      return batches.flatMap((b) => [...b.rt]);
    };
    const short = run(0.1); // less than the RTO (1 s minimum): the window is kept
    const long = run(5); // more than the RTO: restart from 2 segments
    // a fresh connection's slow start from cwnd 2 (without the handshake) takes as long as the first exchange minus one RTT
    expect(long[1]).toBeGreaterThan(short[1] + 0.02);
    const handshake = 2 * 3 * (40 * 800 + 5e6) / 1e9;
    expect(long[1]).toBeCloseTo(long[0] - handshake - (40 * 800) / 1e9 - 0, 2);
  });

  it('connections reuse agent slots: thousands of exchanges, agents bounded by the connections open at once', () => {
    const { sim, hub, stats, server, client } = net();
    let opened = 0;
    let maxOpen = 0;
    const app = sim.addApp({
      onApp(_a, now) {
        hub.connect(script([{ req: 300, rsp: 5000, serverDelayNs: 1_000_000, gapNs: 0 }]), { clientNode: client, serverNode: server, dir: 0, tcp: TCP, delayNs: 0 }, now);
        maxOpen = Math.max(maxOpen, hub.open);
        if (++opened < 3000) sim.scheduleApp(app, 0, now + 5_000_000);
      },
    });
    sim.scheduleApp(app, 0, 0);
    sim.run(1e15);
    const s = stats.summary();
    expect(s.exchanges).toBe(3000);
    expect(s.inProgress).toBe(0);
    expect(s.responseBytes).toBe(3000 * 5000);
    expect(hub.open).toBe(0);
    expect(sim.pool.live).toBe(0);
    // 2 agents per open connection (+ closing ones), not 2 per connection ever opened
    expect(sim.agents.length).toBeLessThanOrEqual(2 * maxOpen + 20);
    expect(sim.agents.length).toBeLessThan(200);
  });

  it('under loss every exchange still completes, each counts its drops, and the bytes add up', () => {
    const { sim, hub, stats, server, client } = net({ loss: 0.05 });
    let opened = 0;
    const app = sim.addApp({
      onApp(_a, now) {
        hub.connect(script([{ req: 200, rsp: 20_000, serverDelayNs: 0, gapNs: 0 }]), { clientNode: client, serverNode: server, dir: 0, tcp: TCP, delayNs: 0 }, now);
        if (++opened < 400) sim.scheduleApp(app, 0, now + 20_000_000);
      },
    });
    sim.scheduleApp(app, 0, 0);
    sim.run(1e15);
    const s = stats.summary();
    expect(s.exchanges).toBe(400);
    expect(s.responseBytes).toBe(400 * 20_000);
    // about 22 packets per exchange each lost with 5 % probability (on the bottleneck only): most exchanges see a loss
    expect(s.flowsWithLoss).toBeGreaterThan(0.5);
    expect(s.flowsWithLoss).toBeLessThan(1);
    expect(hub.open).toBe(0);
    expect(sim.pool.live).toBe(0);
  });
});
