import { describe, expect, it } from 'vitest';
import { parseScenario, type Scenario } from '../../../src/engine/scenario/schema';
import { flowRtts } from '../../../src/ui/scenario-view';
import { runWithSeries } from '../engine/aqm/longlived';

/*
 * The summary's RTT column: with per-flow delays (topology.flowDelay) the flows' goodputs
 * differ by their round trips, and the table gave the goodputs without the round trips, so
 * a teacher could not show which flows had the long one. The column's values must be the
 * round trips the run's flows really have.
 */
function twoGroups(extra: Record<string, unknown> = {}): Scenario {
  const r = parseScenario({
    version: 1,
    seed: 3,
    duration: 6,
    topology: {
      kind: 'dumbbell',
      // a fast, lightly loaded link (small windows): the smoothed RTT is the propagation RTT
      bottleneck: { rate: 100e6, delay: 0.02, queue: { kind: 'droptail', limit: 1000 } },
      left: { hosts: 2, rate: 1e9, delay: 0.001 },
      right: { hosts: 2, rate: 1e9, delay: 0.002 },
      // half the flows 5 ms more each way, half 75 ms
      flowDelay: {
        kind: 'empirical',
        points: [
          [0.005, 0.5],
          [0.075, 0.5001],
          [0.075, 1],
        ],
      },
      ...extra,
    },
    // RTT samples are measured in ticks: a fine one, so the smoothed RTT is not rounded to 10 ms
    tcp: { rwnd: 4 * 1460, tick: 0.0001 },
    traffic: [{ kind: 'bulk', flows: 8 }],
  });
  if (!r.ok) throw new Error(r.errors.join('\n'));
  return r.scenario;
}

describe('flowRtts: each flow’s round-trip propagation time', () => {
  it('is the access, bottleneck and access delays plus the flow’s own draw, both ways, as the run has them', () => {
    const s = twoGroups();
    const rtts = flowRtts(s, 8)!;
    expect(rtts).toHaveLength(8);
    // two groups: 2 x (1 + 20 + 2) ms + 2 x 5 ms or 2 x 75 ms
    for (const r of rtts) expect([0.056, 0.196].some((x) => Math.abs(r - x) < 1e-3)).toBe(true);
    expect(new Set(rtts.map((r) => Math.round(r * 1000))).size).toBe(2);
    // the engine's smoothed RTT at the end of the run: within 3 ms (transmission, delayed ACKs' first samples long gone)
    const cols = Array.from({ length: 8 }, (_, f) => `rtt.${f}`);
    const run = runWithSeries(s, cols, 0.1);
    for (let f = 0; f < 8; f++) {
      const srtt = run.cols[`rtt.${f}`].filter(Number.isFinite).at(-1)!;
      expect(Math.abs(srtt - rtts[f]), `flow ${f}: srtt ${srtt}, column ${rtts[f]}`).toBeLessThan(0.003);
    }
    // the first n of more draws are the same (a live table lists the first flows only)
    expect(flowRtts(s, 20)!.slice(0, 8)).toEqual(rtts);
  });

  it('is null when every flow has the same round trip', () => {
    const s = twoGroups();
    const plain = { ...s, topology: { ...s.topology, flowDelay: undefined } } as Scenario;
    expect(flowRtts(plain, 8)).toBeNull();
    expect(flowRtts(null, 8)).toBeNull();
  });
});
