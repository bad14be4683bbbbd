import { describe, expect, it } from 'vitest';
import { runScenario } from '../../src/engine/run';
import { ecnFiniteJson, ecnFiniteName, presetScenario, type EcnFiniteMech } from '../../src/engine/scenario/presets';
import { ECN_FINITE_FIGS } from '../../src/ui/compare/grid';
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
/** The grid cell's run: the preset itself, as Compare's grid of seeds/001 (grid.ts, ECN_FINITE_FIGS) runs it. */
function get(n: number, m: EcnFiniteMech, ql: number): Summary {
  const k = key(n, m, ql);
  let s = results.get(k);
  if (!s) {
    const sc = presetScenario(ecnFiniteName(n, m, ql));
    if (!sc) throw new Error(`no preset ${ecnFiniteName(n, m, ql)}`);
    s = runScenario(sc).summary;
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

/**
 * The captions of Compare's seeds/001 figures (src/ui/compare/grid.ts, ECN_FINITE_FIGS: G and
 * drops against QL, one figure per N), each statement checked here against the same 35 runs
 * (the presets, at their seed). G from Tables I-III for two clients: G = n f / (B t_max) =
 * 2 x the slower goodput / 1.5 Mb/s (the paper's g = f / t, f = 20 MiB).
 */
describe('seeds/001: the G figures\' captions (Compare, this figure\'s grid)', () => {
  const G = (n: number, m: EcnFiniteMech, ql: number) => get(n, m, ql).goodputEfficiency!;
  const caption = (n: number) => ECN_FINITE_FIGS.find((f) => f.name.includes(` ${n} client`))!.caption.join(' ');
  const BIG = QLS.filter((q) => q >= 16);
  const timeouts = (s: Summary) => s.flows.reduce((a, f) => a + f.timeouts, 0);
  const tableG = (slower: number) => (2 * slower) / 1500;

  for (const n of [2, 5, 10]) {
    it(`n = ${n}: from QL 16 up G is above 98 % under every queue, all within 1.5 points at each QL`, () => {
      expect(caption(n)).toContain('above 98 % under every queue, all within 1.5 points');
      for (const ql of BIG) {
        const gs = MECHS.map((m) => G(n, m, ql));
        expect(Math.min(...gs), `QL ${ql}: ${gs}`).toBeGreaterThan(0.98);
        expect(Math.max(...gs) - Math.min(...gs), `QL ${ql}: ${gs}`).toBeLessThan(0.015);
      }
    });

    it(`n = ${n}: G is lower at QL 8 than at any QL from 16 up, lower again at 4, and lowest under drop-tail at 4 and 8`, () => {
      expect(caption(n)).toContain('lower at 8 than at any QL from 16 up, and lower again at 4');
      for (const m of MECHS) {
        const big = Math.min(...BIG.map((ql) => G(n, m, ql)));
        expect(G(n, m, 8), m).toBeLessThan(big);
        expect(G(n, m, 4), m).toBeLessThan(G(n, m, 8));
      }
      for (const ql of [4, 8]) for (const m of MECHS.filter((x) => x !== 'dt')) expect(G(n, m, ql), `${m} QL ${ql}`).toBeGreaterThan(G(n, 'dt', ql));
    });

    it(`n = ${n}: ECN moves RED's G by less than RED gains over drop-tail at QL 4 and 8; at QL 4 nothing is marked`, () => {
      expect(caption(n)).toContain('ECN moves RED\'s G by less than RED gains over drop-tail at QL 4 and 8');
      for (const ql of [4, 8])
        for (const x of ['c', 'a'] as const) {
          const red = G(n, `red-${x}`, ql);
          const ecn = G(n, `ecn-${x}`, ql);
          expect(Math.abs(ecn - red), `${x} QL ${ql}`).toBeLessThan(red - G(n, 'dt', ql));
        }
      for (const x of ['c', 'a'] as const) {
        expect(get(n, `ecn-${x}`, 4).bottleneck.marks).toBe(0);
        expect(G(n, `ecn-${x}`, 4)).toBe(G(n, `red-${x}`, 4));
      }
    });

    it(`n = ${n}: drops fall as the buffer grows under drop-tail and RED; RED+ECN (10 %) drops less than half of RED's at QL 32-128`, () => {
      expect(caption(n)).toContain('drops less than half of what RED does at QL 32-128');
      for (const m of ['dt', 'red-c', 'red-a'] as const) {
        const d = QLS.map((ql) => get(n, m, ql).bottleneck.drops);
        for (let i = 1; i < d.length; i++) expect(d[i], `${m}: ${d}`).toBeLessThanOrEqual(d[i - 1]);
      }
      for (const ql of [32, 64, 128]) expect(get(n, 'ecn-a', ql).bottleneck.drops, `QL ${ql}`).toBeLessThan(0.5 * get(n, 'red-a', ql).bottleneck.drops);
    });
  }

  it('n = 2, where the runs differ from Tables I-III: QL 8 (95.6 / 98.5 % there, 85 / 93 % here) and QL 4 drop-tail (76 % there, 84 % here)', () => {
    const c = caption(2);
    expect(c).toContain('at QL 8 Tables I-III give 95.6 % under drop-tail and 98.5 % under RED and RED+ECN with max_p 2 %, these runs 85 % and 93 %');
    // the tables' slower goodputs (Kb/s): Table I QL 8 716.9, QL 4 570.7; Tables II-III max_p 2 % QL 8 739.1; Table II max_p 10 % QL 8 740.7
    expect(tableG(716.9)).toBeCloseTo(0.956, 3);
    expect(tableG(739.1)).toBeCloseTo(0.9855, 3);
    expect(tableG(570.7)).toBeCloseTo(0.761, 3);
    expect(G(2, 'dt', 8)).toBeGreaterThan(0.845);
    expect(G(2, 'dt', 8)).toBeLessThan(0.855);
    for (const m of ['red-c', 'ecn-c'] as const) {
      expect(G(2, m, 8), m).toBeGreaterThan(0.925);
      expect(G(2, m, 8), m).toBeLessThan(0.935);
    }
    expect(c).toContain('146 to 168 retransmission timeouts each, where RED with max_p 10 % has 27 and gives 99.1 %, as its table\'s 98.8 %');
    for (const m of ['dt', 'red-c', 'ecn-c'] as const) {
      expect(timeouts(get(2, m, 8)), m).toBeGreaterThanOrEqual(146);
      expect(timeouts(get(2, m, 8)), m).toBeLessThanOrEqual(168);
    }
    expect(timeouts(get(2, 'red-a', 8))).toBe(27);
    expect(Math.round(1000 * G(2, 'red-a', 8))).toBe(991);
    expect(Math.round(1000 * tableG(740.7))).toBe(988);
    expect(c).toContain('at QL 4 drop-tail gives 84 % here, 76 % in Table I');
    expect(Math.round(100 * G(2, 'dt', 4))).toBe(84);
  });

  it('n = 1 (no figure in the paper): drop-tail drops nothing from QL 64 up at G = 99.68 %, every queue above 98.5 % from QL 16 up; at QL 8 RED with max_p 10 % falls below drop-tail', () => {
    const c = caption(1);
    expect(c).toContain('drops nothing from QL 64 up, at G = 99.68 %');
    for (const ql of [64, 128, 256]) {
      expect(get(1, 'dt', ql).bottleneck.drops).toBe(0);
      expect(G(1, 'dt', ql)).toBeCloseTo(0.9968, 4);
    }
    expect(get(1, 'dt', 32).bottleneck.drops).toBeGreaterThan(0);
    expect(c).toContain('every queue keeps G above 98.5 % from QL 16 up');
    for (const m of MECHS) for (const ql of BIG) expect(G(1, m, ql), `${m} QL ${ql}`).toBeGreaterThan(0.985);
    expect(c).toContain('at QL 4 drop-tail gives the lowest G, but at QL 8 RED with max_p 10 %, with or without ECN, falls below drop-tail');
    for (const m of MECHS.filter((x) => x !== 'dt')) expect(G(1, m, 4), m).toBeGreaterThan(G(1, 'dt', 4));
    for (const m of ['red-a', 'ecn-a'] as const) expect(G(1, m, 8), m).toBeLessThan(G(1, 'dt', 8));
  });
});
