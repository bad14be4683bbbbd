import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { droptailQueue } from '../helpers/queues';
import { Simulator } from '../../../../src/engine/core/simulator';
import { Link } from '../../../../src/engine/net/link';
import { buildDumbbell, computeRoutes } from '../../../../src/engine/net/topology';
import { rngFor } from '../../../../src/engine/core/rng';
import { runScenario } from '../../../../src/engine/run';
import type { Agent } from '../../../../src/engine/net/agent';
import { dumbbell } from '../helpers/scenarios';

/** All-pairs routes by the definition: a breadth-first search from every destination over incoming links in link-id order. */
function referenceRoutes(sim: Simulator, n: number): Int32Array {
  const route = new Int32Array(n * n).fill(-1);
  const incoming: number[][] = Array.from({ length: n }, () => []);
  for (const l of sim.links) incoming[l.to].push(l.id);
  for (let dst = 0; dst < n; dst++) {
    const seen = new Uint8Array(n);
    seen[dst] = 1;
    const q = [dst];
    for (let i = 0; i < q.length; i++)
      for (const li of incoming[q[i]]) {
        const u = sim.links[li].from;
        if (!seen[u]) {
          seen[u] = 1;
          route[u * n + dst] = li;
          q.push(u);
        }
      }
  }
  return route;
}

function graph(n: number, edges: [number, number][]): Simulator {
  const sim = new Simulator();
  for (const [a, b] of edges)
    for (const [from, to] of [
      [a, b],
      [b, a],
    ]) {
      const id = sim.links.length;
      sim.addLink(new Link(id, from, to, 1e6, 0, 0, droptailQueue(sim, `${from}->${to}`), () => rngFor(1, `l${id}`)));
    }
  computeRoutes(sim, n);
  return sim;
}

describe('routes', () => {
  it('hosts and core tables give every route a search from each destination gives (random graphs, hosts included)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 12 }).chain((n) => fc.tuple(fc.constant(n), fc.array(fc.tuple(fc.integer({ min: 0, max: n - 1 }), fc.integer({ min: 0, max: n - 1 })), { maxLength: 20 }))),
        ([n, raw]) => {
          const edges = raw.filter(([a, b]) => a !== b);
          const sim = graph(n, edges);
          const ref = referenceRoutes(sim, n);
          for (let u = 0; u < n; u++)
            for (let d = 0; d < n; d++) {
              if (u === d) continue;
              const ours = sim.nextLink(u, d);
              const want = ref[u * n + d];
              // a host sends everything up its one link, even towards a node it cannot reach (the
              // next node then finds no route); everywhere else the tables must agree exactly
              if (want < 0 && sim.uplink[u] >= 0) expect(ours).toBe(sim.uplink[u]);
              else expect(ours, `${u} -> ${d} in ${JSON.stringify(edges)}`).toBe(want);
            }
        },
      ),
    );
  });

  it('a dumbbell with 10,000 hosts per side keeps a 2 x 2 table (no all-pairs table) and routes host to host', () => {
    const sim = new Simulator();
    const topo = buildDumbbell(sim, { bottleneck: { rate: 1e9, delay: 0.01, queue: { kind: 'droptail', limit: 100 } }, left: { hosts: 10000, rate: 1e9, delay: 0.001 }, right: { hosts: 10000, rate: 1e9, delay: 0.001 } }, 1, (spec, ctx) => droptailQueue(sim, ctx.name, spec.limit as number));
    expect(sim.coreCount).toBe(2);
    expect(sim.coreRoute.length).toBe(4);
    const l = topo.leftHosts[1234];
    const r = topo.rightHosts[9876];
    // host -> its uplink -> bottleneck -> the right host's downlink
    const up = sim.nextLink(l, r);
    expect(sim.links[up].from).toBe(l);
    const bn = sim.nextLink(sim.links[up].to, r);
    expect(bn).toBe(topo.bottleneck);
    const down = sim.nextLink(sim.links[bn].to, r);
    expect(sim.links[down].to).toBe(r);
  });
});

describe('timers', () => {
  it('a cancelled timer never fires and a stale handle does not cancel the record it once named', () => {
    const sim = new Simulator();
    const fired: [number, number][] = [];
    const agent: Agent = { id: -1, node: 0, recv() {}, onTimer: (k, now) => void fired.push([k, now]) };
    sim.addAgent(agent);
    const h1 = sim.setTimer(agent, 1, 100);
    sim.cancelTimer(h1);
    sim.run(Infinity);
    expect(fired).toEqual([]);
    // the record of h1 is reused by the next timer; cancelling h1 again must not touch it
    sim.setTimer(agent, 2, 200);
    sim.cancelTimer(h1);
    sim.run(Infinity);
    expect(fired).toEqual([[2, 200]]);
    // a cancelled timer is not counted as an event
    expect(sim.events).toBe(1);
  });
});

describe('exact serialization', () => {
  it('a 10 Gb/s link fed 3-byte packets above its rate carries exactly its rate, never more', () => {
    // 2.4 ns per packet: rounding each to the nearest ns (2 ns) would send 120 % of the rate
    const r = runScenario(
      dumbbell({ rate: 10e9, delay: 0.0001, accessRate: 20e9, accessDelay: 0.00001, duration: 0.0002, queue: { kind: 'droptail', limit: 1000 }, traffic: [{ kind: 'udp', pattern: 'cbr', rate: 11e9, packetSize: 3, from: 'left', start: 0 }] }),
    );
    const b = r.summary.bottleneck;
    expect(b.utilization).toBeLessThanOrEqual(1);
    expect(b.utilization).toBeGreaterThan(0.999 * (1 - 0.00001 / 0.0002)); // busy from the first arrival (after the 10 us access delay) on
    // departures x 24 bits fit in the busy time at 10 Gb/s
    expect(b.departures * 24).toBeLessThanOrEqual(10e9 * 0.0002);
  });

  it('back-to-back packets take bits / rate in total (1460 bytes at 1.5 Mb/s: 7786666.67 ns each)', () => {
    const sim = new Simulator();
    const link = new Link(0, 0, 1, 1.5e6, 0, 0, droptailQueue(sim, 'a->b'), () => rngFor(1, 'x'));
    let t = 0;
    const times: number[] = [];
    for (let i = 0; i < 3; i++) {
      const d = link.serialize(1460, t);
      times.push(d);
      t += d;
      link.busyUntil = t;
    }
    expect(times).toEqual([7786667, 7786667, 7786666]);
    expect(t).toBe((3 * 1460 * 8 * 1e9) / 1.5e6);
    // after an idle gap the carried round-up is dropped (a new busy period starts)
    expect(link.serialize(1460, t + 5)).toBe(7786667);
  });
});
