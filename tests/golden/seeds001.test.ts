import { describe, expect, it } from 'vitest';
import { runScenario } from '../../src/engine/run';
import { ecnFiniteJson, type EcnFiniteMech } from '../../src/engine/scenario/presets';
import { parseScenario } from '../../src/engine/scenario/schema';
import type { Summary } from '../../src/engine/metrics/types';

/**
 * seeds/001 (ECN for large finite TCP transfers) reproduced with the ns-2-compatible
 * presets: header bytes 0, ns-2 drop-tail counting, Reno + delayed ACKs, 100 ms tick.
 */
const MIB = 1048576;
// 14365 data segments per 20 MiB download (14364 full ones and a 48-byte tail). The paper's
// "Total packets (incl. SYNs)" of 28730 for two loss-free flows is 2 x 14365: ns-2 sends a
// 40-byte SYN and then 14364 packets. Our packetsSent counts data segments only.
const SEGMENTS = Math.ceil((20 * MIB) / 1460);

function run(n: number, mech: EcnFiniteMech, ql: number, limit = ql): Summary {
  const parsed = parseScenario(ecnFiniteJson(n, mech, ql, limit));
  if (!parsed.ok) throw new Error(parsed.errors.join('\n'));
  return runScenario(parsed.scenario).summary;
}

const within = (x: number, target: number, rel: number) => Math.abs(x / target - 1) <= rel;

describe('seeds/001 single-flow baseline', () => {
  // The paper's completion times lie on a 0.5 s grid (every t = f / g of Tables I-IV is
  // within 0.05 s of a multiple of 0.5 s), so 112.5 s means "finished in (112, 112.5]":
  // our 112.20 s is in that cell. Where our 0.355 s of start-up and tail goes: handshake
  // 44 ms, slow start with a 100 ms delayed ACK on the lone first segment 269 ms of idle
  // link, the last ACK 42 ms.
  it('one 20 MiB download takes 112.5 s at 1491.3 Kb/s, G = 99.42 % (each within 0.5 %)', () => {
    const s = run(1, 'dt', 256);
    const f = s.flows[0];
    expect(f.bytesDelivered).toBe(20 * MIB);
    expect(within(f.completionTime!, 112.5, 0.005)).toBe(true);
    expect(within(f.goodputBps, 1491.3e3, 0.005)).toBe(true);
    expect(within(s.goodputEfficiency!, 0.9942, 0.005)).toBe(true);
    // every data segment sent once: no retransmission
    expect(f.packetsSent).toBe(SEGMENTS);
    expect(f.retransmissions).toBe(0);
    expect(f.completionTime!).toBeGreaterThan(112);
    expect(f.completionTime!).toBeLessThanOrEqual(112.5);
  });

  it('drop-tail QL = 39 is the smallest buffer with no drops (QL = 38 drops)', () => {
    const at39 = run(1, 'dt', 64, 39);
    const at38 = run(1, 'dt', 64, 38);
    expect(at39.bottleneck.drops).toBe(0);
    expect(at38.bottleneck.drops).toBeGreaterThan(0);
    // the rwnd of 44 segments less ~5 in the pipe: the standing queue reaches QL - 1 waiting
    expect(at39.bottleneck.maxQueuePackets).toBe(38);
  });
});

const QLS = [4, 8, 16, 32, 64, 128, 256];
const MECHS: EcnFiniteMech[] = ['dt', 'red-c', 'red-a', 'ecn-c', 'ecn-a'];
const results = new Map<string, Summary>();
const key = (n: number, m: EcnFiniteMech, ql: number) => `${n}/${m}/${ql}`;
function get(n: number, m: EcnFiniteMech, ql: number): Summary {
  const k = key(n, m, ql);
  let s = results.get(k);
  if (!s) {
    s = run(n, m, ql);
    results.set(k, s);
  }
  return s;
}

describe('seeds/001 trends (Figs. 2-4, Tables I-III)', () => {
  for (const n of [2, 5, 10]) {
    it(`n = ${n}: G >= 0.97 for every mechanism when QL >= 16, and every download completes`, () => {
      for (const m of MECHS)
        for (const ql of QLS.filter((q) => q >= 16)) {
          const s = get(n, m, ql);
          expect(s.flows.every((f) => f.bytesDelivered === 20 * MIB && f.completionTime !== null), key(n, m, ql)).toBe(true);
          expect(s.goodputEfficiency!, key(n, m, ql)).toBeGreaterThanOrEqual(0.97);
        }
    });

    it(`n = ${n}: drops fall as QL grows under DT and RED`, () => {
      for (const m of ['dt', 'red-c', 'red-a'] as const) {
        const drops = QLS.map((ql) => get(n, m, ql).bottleneck.drops);
        for (let i = 1; i < drops.length; i++) expect(drops[i], `${m} ${QLS[i]} vs ${QLS[i - 1]}: ${drops}`).toBeLessThanOrEqual(drops[i - 1]);
      }
    });

    it(`n = ${n}: RED+ECN (max_p 10 %) drops far fewer packets than RED at the same QL, and counts marks apart`, () => {
      // With 10 flows a 16-packet buffer overflows whatever RED does (min_th = 5): the
      // comparison is about early drops replaced by marks, so it starts at QL = 32 there.
      for (const ql of n === 10 ? [32, 64, 128] : [16, 32, 64, 128]) {
        const red = get(n, 'red-a', ql).bottleneck;
        const ecn = get(n, 'ecn-a', ql).bottleneck;
        expect(ecn.drops, `QL ${ql}`).toBeLessThan(0.5 * red.drops);
        expect(red.marks).toBe(0);
        expect(ecn.marks).toBeGreaterThan(0);
        // marks are not drops: every arrival departed, was dropped, or still waits
        expect(ecn.arrivals).toBe(ecn.departures + ecn.drops + (ecn.arrivals - ecn.departures - ecn.drops));
        expect(ecn.dropsOverflow + ecn.dropsEarly + ecn.dropsForced).toBe(ecn.drops);
      }
    });
  }

  it('n = 5, QL = 64 (seeds/001 Figs. 10-12): DT ~370 drops, aggressive RED ~842, all-ECN 39', () => {
    // Order-of-magnitude comparison with the paper's text; the ECN case is nearly all
    // buffer overflow and hence nearly deterministic.
    const dt = get(5, 'dt', 64).bottleneck.drops;
    const red = get(5, 'red-a', 64).bottleneck.drops;
    const ecn = get(5, 'ecn-a', 64).bottleneck.drops;
    expect(dt).toBeGreaterThan(370 / 2);
    expect(dt).toBeLessThan(370 * 2);
    expect(red).toBeGreaterThan(842 / 1.5);
    expect(red).toBeLessThan(842 * 1.5);
    expect(ecn).toBeLessThan(39 * 2);
    expect(red).toBeGreaterThan(1.5 * dt); // "packet drops double" under RED
  });

  it('n = 2, drop-tail QL 64: lockout (Figs. 5-6), one download finishes far earlier; the slower one at 225.5 s', () => {
    // Table I: g0 = 876.1 Kb/s and g1 = 744.0 Kb/s, i.e. 20 MiB in 191.5 s and 225.5 s.
    // Lockouts hang on the exact timing of each overflow, and with ns-2's window cut and
    // RTO rules (the presets' tcp settings) this run matches ns-2.35 to the packet: 30
    // drops, 164.2 s and 225.3 s (tests/golden/ns2.test.ts, docs/ns2.md). The paper's
    // QL 8 lockout is not there in ns-2.35 either (both finish within 1 %).
    const s = get(2, 'dt', 64);
    const done = s.flows.map((f) => f.completionTime!);
    expect(1 - Math.min(...done) / Math.max(...done)).toBeGreaterThan(0.15);
    expect(within(Math.max(...done), 20 * MIB * 8 / 744.0e3, 0.01)).toBe(true);
    expect(s.fairness.jain).toBeLessThan(0.99);
  });

  it('n = 2 with no drops sends exactly 2 x 14365 = 28730 packets (Table I, QL 128 and 256)', () => {
    for (const ql of [128, 256]) {
      const s = get(2, 'dt', ql);
      expect(s.bottleneck.drops).toBe(0);
      expect(s.flows.reduce((a, f) => a + f.packetsSent, 0)).toBe(28730);
    }
  });

  it('n = 2 drop counts are of the order of the paper\'s Tables I-III (factor 2.5, or 15 packets)', () => {
    // The paper reports single ns-2 replications; RED's random draws differ from ours, so
    // only the order of magnitude of each cell can be compared.
    const paper: Record<EcnFiniteMech, number[]> = {
      dt: [656, 408, 242, 103, 38, 0, 0],
      'red-c': [615, 385, 218, 135, 38, 30, 0],
      'red-a': [615, 429, 310, 197, 102, 35, 2],
      'ecn-c': [615, 385, 77, 21, 18, 0, 0],
      'ecn-a': [615, 85, 15, 21, 18, 0, 0],
    } as Record<EcnFiniteMech, number[]>;
    for (const m of MECHS)
      QLS.forEach((ql, i) => {
        const ours = get(2, m, ql).bottleneck.drops;
        const theirs = paper[m][i];
        const ok = Math.abs(ours - theirs) <= 15 || (ours <= 2.5 * theirs && theirs <= 2.5 * ours);
        expect(ok, `${m} QL ${ql}: ours ${ours}, paper ${theirs}`).toBe(true);
      });
  });
});
