import { describe, expect, it } from 'vitest';
import { Simulator } from '../../../../src/engine/core/simulator';
import { rngFor } from '../../../../src/engine/core/rng';
import { FRAMINGS, Link } from '../../../../src/engine/net/link';
import { runScenario } from '../../../../src/engine/run';
import { parseScenario } from '../../../../src/engine/scenario/schema';
import type { EngineScenario } from '../../../../src/engine/sim-run';
import { droptailQueue } from '../helpers/queues';
import { dumbbell } from '../helpers/scenarios';

/**
 * Per-packet link framing (`framing` on a link, src/engine/scenario/fields.ts): an Ethernet
 * frame takes max(IP size, 46) + 38 bytes of wire time (IEEE 802.3: preamble + SFD 8,
 * MAC header + FCS 18, inter-frame gap 12; 64-byte minimum frame), while throughput and
 * utilization stay in IP bytes, as seeds/002 measured them.
 */

/** What a saturated Ethernet link carries, as a share of its rate, by the frame arithmetic. */
const ethernetShare = (size: number) => size / (Math.max(size, 46) + 38);

/** A left-to-right UDP flood of `size`-byte packets at twice the bottleneck's rate, summarized after a warm-up. */
function flood(size: number, framing: string | undefined, rate = 100e6): EngineScenario {
  const s = dumbbell({
    rate,
    delay: 0.001,
    accessRate: 1e10,
    accessDelay: 0.00001,
    duration: 0.05,
    queue: { kind: 'droptail', limit: 1000 },
    traffic: [{ kind: 'udp', pattern: 'cbr', rate: 2 * rate, packetSize: size, from: 'left', start: 0 }],
  });
  if (framing !== undefined) (s.topology.bottleneck as { framing?: string }).framing = framing;
  return { ...s, warmup: 0.01 };
}

describe('Ethernet framing', () => {
  it('declares the IEEE 802.3 numbers: 38 bytes a frame, IP packets padded to 46', () => {
    expect(FRAMINGS.ethernet).toEqual({ overheadBytes: 8 + 14 + 4 + 12, padToBytes: 64 - 14 - 4 });
    expect(FRAMINGS.none).toEqual({ overheadBytes: 0, padToBytes: 0 });
  });

  it('a packet takes its frame time: 1500 B -> 1538 B, 40 B -> 84 B of wire at 100 Mb/s', () => {
    const sim = new Simulator();
    const link = new Link(0, 0, 1, 100e6, 0, 0, droptailQueue(sim, 'a->b'), () => rngFor(1, 'x'));
    link.setFraming(FRAMINGS.ethernet.overheadBytes, FRAMINGS.ethernet.padToBytes);
    expect(link.serialize(1500, 0)).toBe(1538 * 80);
    expect(link.serialize(40, 1e9)).toBe(84 * 80);
    expect(link.serialize(46, 2e9)).toBe(84 * 80);
    expect(link.serialize(47, 3e9)).toBe(85 * 80);
  });

  for (const size of [1500, 40]) {
    it(`a saturated 100 Mb/s Ethernet link carries rate x ${size} / (max(${size}, 46) + 38) of IP bytes, never more`, () => {
      const share = ethernetShare(size);
      const b = runScenario(flood(size, 'ethernet')).summary.bottleneck;
      // busy throughout the 40 ms window: IP bits carried / (rate x span) is the frame share
      expect(b.utilization).toBeLessThanOrEqual(share + 1e-9);
      expect(b.utilization).toBeGreaterThan(share * (1 - 1e-6));
      // and the same link without framing carries its whole rate
      const plain = runScenario(flood(size, 'none')).summary.bottleneck;
      expect(plain.utilization).toBeGreaterThan(1 - 1e-6);
    });
  }

  it('the exact rule holds at an awkward rate: no rounding lets the frames exceed it', () => {
    // 40 B at 7 Mb/s: 84 x 8 / 7e6 s = 96,000 ns exactly; at 7.3 Mb/s a fractional 92,054.79 ns
    for (const rate of [7e6, 7.3e6]) {
      const b = runScenario(flood(40, 'ethernet', rate)).summary.bottleneck;
      expect(b.utilization).toBeLessThanOrEqual(ethernetShare(40) + 1e-9);
      expect(b.utilization).toBeGreaterThan(ethernetShare(40) * (1 - 1e-4));
    }
  });

  it('framing "none" is the default and leaves a run identical to one without the field', () => {
    const base = flood(1500, undefined);
    const none = flood(1500, 'none');
    const strip = (s: ReturnType<typeof runScenario>['summary']) => ({ ...s, wallSeconds: 0 });
    expect(strip(runScenario(none).summary)).toEqual(strip(runScenario(base).summary));
    const parsed = parseScenario({ version: 1, duration: 1, topology: { kind: 'dumbbell' }, traffic: [{ kind: 'bulk', flows: 1 }] });
    expect(parsed.ok && parsed.scenario.topology.kind === 'dumbbell' && parsed.scenario.topology.bottleneck.framing).toBe('none');
  });

  it('an unknown framing is refused, naming the field and the choices', () => {
    const r = parseScenario({ version: 1, duration: 1, topology: { kind: 'dumbbell', bottleneck: { framing: 'wifi' } }, traffic: [{ kind: 'bulk', flows: 1 }] });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors.join('\n')).toMatch(/topology\.bottleneck\.framing.*"none".*"ethernet"/);
  });
});
