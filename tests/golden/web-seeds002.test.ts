import { beforeAll, describe, expect, it } from 'vitest';
import type { Summary } from '../../src/engine/metrics/types';
import { runScenario } from '../../src/engine/run';
import { presetByName } from '../../src/engine/scenario/presets';
import { within } from '../../src/engine/scenario/presets/compare';

/*
 * seeds/002 with browsing users at 98 % load (the same users in every run): RED in byte
 * mode does better than in packet mode (fewer exchanges lose a packet, more responses
 * within 1 s; §IV.C and §VII), and packet-mode RED does worse than drop-tail for the
 * responses that take longer than half a second (§IV.C: "ARED in packet-mode ... worse
 * than drop-tail").
 */
const runs: Record<string, Summary> = {};
const NAMES = ['web-users-dt-98', 'web-users-red-packet-98', 'web-users-red-byte-98'] as const;

describe('seeds/002: RED packet mode against byte mode and drop-tail', () => {
  beforeAll(() => {
    for (const n of NAMES) runs[n] = runScenario(presetByName(n)!.scenario).summary;
  }, 600_000);

  it('byte mode beats packet mode: fewer exchanges with a loss, more responses within 1 s', () => {
    const p = runs['web-users-red-packet-98'];
    const b = runs['web-users-red-byte-98'];
    expect(b.web!.flowsWithLoss).toBeLessThan(0.8 * p.web!.flowsWithLoss);
    expect(within(b, 1)).toBeGreaterThan(within(p, 1) + 0.03);
    // the small packets are spared: byte mode drops fewer packets at the same load
    expect(b.bottleneck.drops).toBeLessThan(p.bottleneck.drops);
  });

  it('packet-mode RED is worse than drop-tail beyond half a second; both RED modes keep the queue far shorter', () => {
    const dt = runs['web-users-dt-98'];
    const p = runs['web-users-red-packet-98'];
    expect(within(p, 1)).toBeLessThan(within(dt, 1) - 0.05);
    expect(within(p, 2)).toBeLessThan(within(dt, 2) - 0.05);
    for (const n of ['web-users-red-packet-98', 'web-users-red-byte-98'] as const) expect(runs[n].bottleneck.meanQueuePackets).toBeLessThan(dt.bottleneck.meanQueuePackets / 3);
  });
});
