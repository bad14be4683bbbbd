import { beforeAll, describe, expect, it } from 'vitest';
import type { Summary } from '../../src/engine/metrics/types';
import { runScenario } from '../../src/engine/run';
import { presetByName } from '../../src/engine/scenario/presets';
import { within } from '../../src/engine/scenario/presets/compare';

/*
 * seeds/003's finding on RED* (marks above max_th) with web sessions at 105 % load: with
 * ECN but Not-ECT SYN-ACKs, response times are worse than without ECN (SYN-ACKs dropped
 * above max_th wait for the initial timeout); ECN+ (ECN-capable SYN-ACKs) removes the
 * damage and beats both. The same connections in the three runs (same seed and rate).
 */
const runs: Record<string, Summary> = {};
const NAMES = ['web-redstar-105', 'web-redstar-ecn-105', 'web-redstar-ecnplus-105'] as const;

describe('seeds/003: RED* with ECN and ECN+', () => {
  beforeAll(() => {
    for (const n of NAMES) runs[n] = runScenario(presetByName(n)!.scenario).summary;
  }, 600_000);

  it('RED* + ECN with Not-ECT SYN-ACKs is worse than RED* without ECN; ECN+ is better than both', () => {
    const none = within(runs['web-redstar-105'], 2);
    const ecn = within(runs['web-redstar-ecn-105'], 2);
    const plus = within(runs['web-redstar-ecnplus-105'], 2);
    expect(ecn).toBeLessThan(none - 0.02);
    expect(plus).toBeGreaterThan(none + 0.02);
  });

  it("the damage is the SYN-ACKs' 3 s timeout: a step between 3 and 5 s that ECN+ removes", () => {
    const step = (s: Summary) => within(s, 5) - within(s, 3);
    expect(step(runs['web-redstar-ecn-105'])).toBeGreaterThan(0.05);
    expect(step(runs['web-redstar-ecnplus-105'])).toBeLessThan(step(runs['web-redstar-ecn-105']) / 3);
  });
});
