import { beforeAll, describe, expect, it } from 'vitest';
import type { DecisionRecord } from '../../src/engine/aqm/decision';
import { runScenario } from '../../src/engine/run';
import { presetByName } from '../../src/engine/scenario/presets';

/*
 * Why seeds/002's "new gentle" rule (§V-B: mark ECN-capable packets in the gentle region
 * instead of dropping them) makes ARED in packet mode worse here, not better as in the
 * paper: marking the data in the gentle region lets the average stay there longer, and the
 * packets that cannot be marked (pure ACKs, FINs, SYNs and SYN-ACKs, Not-ECT by RFC 3168)
 * meet its high drop probability more often. A dropped SYN or SYN-ACK costs the initial
 * timeout. The mechanism is seeds/003's "TCP admission problem" of RED*. Checked on the
 * decision records of the two 10 Mb/s lessons (the same users and seed), shortened to 60 s (30 s after the warm-up)
 * and with the user count the lessons' calibration gives for 98 % (1,014 per direction; no server delay, as the lessons), so
 * the test does not calibrate.
 */
interface Tally {
  arrivals: number;
  gentle: number;
  handshakeDrops: number;
  ectGentleDrops: number;
  ectGentleMarks: number;
}

function tally(preset: string): Tally {
  const p = presetByName(preset);
  if (!p) throw new Error(`no preset ${preset}`);
  const t: Tally = { arrivals: 0, gentle: 0, handshakeDrops: 0, ectGentleDrops: 0, ectGentleMarks: 0 };
  const item: Record<string, unknown> = { ...(p.scenario.traffic[0] as Record<string, unknown>), users: 1014 };
  delete item.load;
  const scenario = { ...p.scenario, duration: 60, traffic: [item] } as typeof p.scenario;
  runScenario(scenario, {
    decision: (r: DecisionRecord) => {
      t.arrivals++;
      if (r.region === 'gentle') t.gentle++;
      if (r.outcome === 'drop' && r.reason === 'early' && (r.kind === 'SYN' || r.kind === 'SYN-ACK')) t.handshakeDrops++;
      if (r.region === 'gentle' && r.kind === 'data' && r.ecn === 2 && r.outcome === 'drop') t.ectGentleDrops++;
      if (r.region === 'gentle' && r.kind === 'data' && r.outcome === 'mark') t.ectGentleMarks++;
    },
  });
  return t;
}

describe('seeds/002 new gentle in packet mode (98 % load)', () => {
  const runs: Record<string, Tally> = {};
  beforeAll(() => {
    runs.rfc = tally('web-users-ared-packet-ecn-98');
    runs.ng = tally('web-users-ared-packet-newgentle-98');
  }, 600_000);

  it('the gentle region marks the data instead of dropping it', () => {
    expect(runs.ng.ectGentleDrops).toBe(0);
    expect(runs.ng.ectGentleMarks).toBeGreaterThan(1000);
    expect(runs.rfc.ectGentleDrops).toBeGreaterThan(1000);
    expect(runs.rfc.ectGentleMarks).toBe(0);
  });

  it('so the average spends more of the run in the gentle region, and SYNs and SYN-ACKs are dropped there far more often', () => {
    expect(runs.ng.gentle / runs.ng.arrivals).toBeGreaterThan(1.5 * (runs.rfc.gentle / runs.rfc.arrivals));
    expect(runs.ng.handshakeDrops).toBeGreaterThan(1.5 * runs.rfc.handshakeDrops);
    console.log(`[new gentle] gentle-region share ${(runs.rfc.gentle / runs.rfc.arrivals).toFixed(3)} -> ${(runs.ng.gentle / runs.ng.arrivals).toFixed(3)}, SYN/SYN-ACK early drops ${runs.rfc.handshakeDrops} -> ${runs.ng.handshakeDrops}`);
  });
});
