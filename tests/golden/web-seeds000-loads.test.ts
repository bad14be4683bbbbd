import { beforeAll, describe, expect, it } from 'vitest';
import type { Summary } from '../../src/engine/metrics/types';
import { runScenario } from '../../src/engine/run';
import { presetByName } from '../../src/engine/scenario/presets';
import { within } from '../../src/engine/scenario/presets/compare';

/*
 * The two ends of seeds/000's load grid (web-load-*: DT-148q against ARED + ECN-5 ms,
 * the same connections at each load). §6.6: at 50 % "there is no difference in link
 * utilization between any of the queue management techniques", "very little packet loss
 * (no average loss over 3%)", and ARED + ECN is at most marginally better for short
 * responses; §6.1-6.2 at 105 %: the short responses are faster with the short queue, and
 * drop-tail is better for every response that takes longer than a few hundred ms.
 */
const runs: Record<string, Summary> = {};
const NAMES = ['web-load-dt148-50', 'web-load-redecn5-50', 'web-load-dt148-105', 'web-load-redecn5-105'] as const;
const util = (s: Summary) => (s.bottleneck.utilization + s.bottleneckReverse.utilization) / 2;

describe('seeds/000 load grid: 50 % and 105 %', () => {
  beforeAll(() => {
    for (const n of NAMES) runs[n] = runScenario(presetByName(n)!.scenario).summary;
  }, 600_000);

  it('at 50 % load the queues make no difference to utilization, lose little, and ARED + ECN gains little for short responses', () => {
    const dt = runs['web-load-dt148-50'];
    const red = runs['web-load-redecn5-50'];
    expect(Math.abs(util(dt) - util(red))).toBeLessThan(0.02);
    expect(dt.bottleneck.lossRate).toBeLessThan(0.03);
    expect(red.bottleneck.lossRate).toBeLessThan(0.03);
    const gain = within(red, 0.2) - within(dt, 0.2);
    expect(gain).toBeGreaterThan(-0.02);
    expect(gain).toBeLessThan(0.1);
  });

  it('at 105 % load ARED + ECN wins the short responses and drop-tail every response beyond a few hundred ms', () => {
    const dt = runs['web-load-dt148-105'];
    const red = runs['web-load-redecn5-105'];
    expect(within(red, 0.2)).toBeGreaterThan(within(dt, 0.2) + 0.05);
    for (const t of [0.5, 1, 2]) expect(within(dt, t)).toBeGreaterThan(within(red, t));
    // the drop-tail queue is the busier and the longer one
    expect(util(dt)).toBeGreaterThan(util(red));
    expect(dt.bottleneck.meanQueuePackets).toBeGreaterThan(3 * red.bottleneck.meanQueuePackets);
  });
});
