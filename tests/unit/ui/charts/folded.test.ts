import { describe, expect, it } from 'vitest';
import { presetByName } from '../../../../src/engine/scenario/presets';
import { noLongLivedFlows } from '../../../../src/ui/scenario-view';
import { cwndChart } from '../../../../src/ui/charts/cwnd-chart';
import { progressChart } from '../../../../src/ui/charts/progress-chart';
import { throughputChart } from '../../../../src/ui/charts/throughput-chart';
import { queueChart } from '../../../../src/ui/charts/queue-chart';

/* Per-flow charts fold to a line for a run with no long-lived flows (web traffic alone). */
describe('folded per-flow charts', () => {
  it('only web traffic alone has no long-lived flows', () => {
    expect(noLongLivedFlows(presetByName('web-dt148-80')!.scenario)).toBe(true);
    expect(noLongLivedFlows(presetByName('web100-users-general-pi24-ecn-98')!.scenario)).toBe(true);
    expect(noLongLivedFlows(presetByName('default')!.scenario)).toBe(false);
    expect(noLongLivedFlows(presetByName('md1-poisson')!.scenario)).toBe(false);
    // web traffic beside a bulk flow keeps the per-flow charts
    const web = presetByName('web-dt148-80')!.scenario;
    const mixed = { ...web, traffic: [...web.traffic, { kind: 'bulk', from: 'left', flows: 2, start: 0 } as never] };
    expect(noLongLivedFlows(mixed)).toBe(false);
    expect(noLongLivedFlows(null)).toBe(false);
  });
  it('the charts that fold are those that draw flows only', () => {
    expect([cwndChart, progressChart].every((d) => d.perFlowOnly)).toBe(true);
    // the throughput chart draws the link's utilization for web runs; the queue chart the queue
    expect([throughputChart, queueChart].some((d) => d.perFlowOnly)).toBe(false);
  });
});
