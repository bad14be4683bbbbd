import { describe, expect, it } from 'vitest';
import { createRun, runScenario } from '../../../src/engine/run';
import { bulk, dumbbell } from './helpers/scenarios';

/**
 * The engine against closed-form results. Each scenario is chosen so that one formula
 * governs it; the tolerances are those of the formula or of sampling error, not of
 * our own previous output.
 */
describe('analytic checks', () => {
  it('Poisson UDP into a deep drop-tail queue gives the M/D/1 mean queue (Pollaczek-Khinchine)', () => {
    const rate = 10e6;
    const size = 1000; // bytes on the wire: service time 0.8 ms
    const rho = 0.8;
    const r = runScenario(
      dumbbell({
        rate,
        delay: 0.001,
        duration: 400,
        seed: 3,
        traffic: [{ kind: 'udp', pattern: 'poisson', rate: rho * rate, packetSize: size, start: 0, from: 'left' }],
      }),
    );
    const b = r.summary.bottleneck;
    // M/D/1: Lq = rho^2 / (2 (1 - rho)) waiting (not in service); Wq = Lq / lambda
    const lq = (rho * rho) / (2 * (1 - rho));
    const lambda = (rho * rate) / (size * 8);
    expect(b.drops).toBe(0);
    expect(b.meanQueuePackets / lq).toBeGreaterThan(0.96);
    expect(b.meanQueuePackets / lq).toBeLessThan(1.04);
    expect(b.meanQueueDelay / (lq / lambda)).toBeGreaterThan(0.96);
    expect(b.meanQueueDelay / (lq / lambda)).toBeLessThan(1.04);
    expect(b.utilization).toBeGreaterThan(rho - 0.01);
    expect(b.utilization).toBeLessThan(rho + 0.01);
  });

  it('CBR UDP below the link rate never queues; above it, the excess is dropped at the rate difference', () => {
    const under = runScenario(dumbbell({ rate: 10e6, delay: 0.001, duration: 10, traffic: [{ kind: 'udp', pattern: 'cbr', rate: 9e6, packetSize: 1000, start: 0, from: 'left' }] }));
    expect(under.summary.bottleneck.maxQueuePackets).toBe(0);
    const over = runScenario(
      dumbbell({ rate: 10e6, delay: 0.001, duration: 20, queue: { kind: 'droptail', limit: 50 }, traffic: [{ kind: 'udp', pattern: 'cbr', rate: 12.5e6, packetSize: 1000, start: 0, from: 'left' }] }),
    );
    // 20 % of what arrives cannot be served
    expect(over.summary.bottleneck.lossRate).toBeGreaterThan(0.19);
    expect(over.summary.bottleneck.lossRate).toBeLessThan(0.21);
    expect(over.summary.bottleneck.maxQueuePackets).toBe(50);
    expect(over.summary.bottleneck.utilization).toBeGreaterThan(0.99);
  });

  it('a lone long-lived TCP flow fills the bottleneck', () => {
    const r = runScenario(dumbbell({ rate: 10e6, delay: 0.02, duration: 60, queue: { kind: 'droptail', limit: 100 }, tcp: { variant: 'newreno', rwnd: 1 << 24 }, traffic: [bulk(1)] }));
    expect(r.summary.bottleneck.utilization).toBeGreaterThan(0.97);
    expect(r.summary.flows[0].goodputBps).toBeGreaterThan(0.97 * 10e6 * (1460 / 1500));
  });

  it('a window-limited flow gets rwnd / RTT', () => {
    const rwnd = 10 * 1460;
    const r = runScenario(
      dumbbell({ rate: 100e6, delay: 0.02, accessRate: 1e9, accessDelay: 0.001, duration: 30, tcp: { rwnd, delayedAck: false }, traffic: [bulk(1)] }),
    );
    // RTT = 2 x (1 + 20 + 1) ms propagation + serialization of a 1500 B segment at 1 Gb/s,
    // 100 Mb/s, 1 Gb/s and of the 40 B ACK on the way back
    const rtt = 0.044 + (1500 * 8) / 1e9 * 2 + (1500 * 8) / 100e6 + (40 * 8) / 1e9 * 2 + (40 * 8) / 100e6;
    const expected = (rwnd * 8) / rtt;
    const f = r.summary.flows[0];
    // measured over the whole run: slow start costs a few RTTs out of 30 s
    expect(f.goodputBps / expected).toBeGreaterThan(0.97);
    expect(f.goodputBps / expected).toBeLessThan(1.005);
  });

  it('a Reno flow with random loss p follows the Mathis et al. square-root law', () => {
    const p = 0.002;
    const mss = 1460;
    const r = runScenario(
      dumbbell({
        rate: 1e9,
        delay: 0.05,
        loss: p,
        duration: 300,
        seed: 5,
        tcp: { variant: 'reno', rwnd: 1 << 26, delayedAck: false, mss },
        traffic: [bulk(1)],
        accessRate: 1e9,
        accessDelay: 0.0005,
      }),
    );
    const f = r.summary.flows[0];
    const rtt = 2 * (0.05 + 0.001);
    // Mathis, Semke, Mahdavi, Ott 1997: BW = (MSS / RTT) * C / sqrt(p), C = sqrt(3/2)
    // (loss on both directions: ACK losses barely matter to cumulative ACKs)
    const mathis = ((mss * 8) / rtt) * Math.sqrt(1.5) / Math.sqrt(p);
    const ratio = f.goodputBps / mathis;
    expect(ratio).toBeGreaterThan(0.7);
    expect(ratio).toBeLessThan(1.3);
  });

  it('a per-flow extra delay (DelayBox) adds twice its value to the RTT of a window-limited flow', () => {
    const rwnd = 10 * 1460;
    const base = dumbbell({ rate: 100e6, delay: 0.02, duration: 30, tcp: { rwnd, delayedAck: false }, traffic: [bulk(1)] });
    const delayed = { ...base, topology: { ...base.topology, flowDelay: { kind: 'constant' as const, value: 0.03 } } };
    const g0 = runScenario(base).summary.flows[0].goodputBps;
    const g1 = runScenario(delayed).summary.flows[0].goodputBps;
    const rtt0 = (rwnd * 8) / g0;
    const rtt1 = (rwnd * 8) / g1;
    // one extra 30 ms each way: data on the sender's access link, ACKs on the receiver's
    expect(rtt1 - rtt0).toBeGreaterThan(0.06 * 0.97);
    expect(rtt1 - rtt0).toBeLessThan(0.06 * 1.06);
  });

  it('uniform per-flow delays give each flow its own RTT, and shorter-RTT flows get more throughput', () => {
    const sc = dumbbell({ rate: 10e6, delay: 0.005, duration: 60, queue: { kind: 'droptail', limit: 60 }, left: 8, right: 8, traffic: [bulk(8)] });
    const run = createRun({ ...sc, topology: { ...sc.topology, flowDelay: { kind: 'uniform', min: 0.005, max: 0.075 } } });
    while (!run.done) run.advance(Infinity);
    const delays = Array.from(run.sim.flowDelayNs);
    expect(new Set(delays).size).toBe(8);
    expect(Math.min(...delays)).toBeGreaterThanOrEqual(0.005e9);
    expect(Math.max(...delays)).toBeLessThanOrEqual(0.075e9);
    const g = run.result().summary.flows.map((f) => f.goodputBps);
    const fastest = delays.indexOf(Math.min(...delays));
    const slowest = delays.indexOf(Math.max(...delays));
    // TCP throughput falls with RTT (roughly as 1/RTT): the shortest-RTT flow beats the longest clearly
    expect(g[fastest] / g[slowest]).toBeGreaterThan(1.5);
  });
});
