import { describe, expect, it } from 'vitest';
import { loadScenario } from '../../../src/cli/load';
import { getPath } from '../../../src/engine/scenario/paths';

/*
 * `--set topology.bottleneck.queue.kind=...` as --help and docs/cli.md describe it: the
 * fields both disciplines have carry where they mean the same, the rest take the new kind's
 * defaults. Adaptive RED's 0 for min_th, max_th and w_q means "choose it yourself"; carried
 * into plain RED it was a threshold of 0 (seeds000-ared-5ms as RED: min_th 0, max_th 15, so
 * every packet above an empty average was a candidate for an early drop).
 */
const Q = 'topology.bottleneck.queue';
function queueAfter(preset: string, sets: string[]): Record<string, unknown> {
  const r = loadScenario({ preset, sets });
  if (!r.ok) throw new Error(r.errors.join('\n'));
  return getPath(r.scenario, Q) as Record<string, unknown>;
}

describe('a queue kind swap by --set', () => {
  it('Adaptive RED with automatic thresholds and weight, swapped to RED, gets RED\'s defaults, not 0', () => {
    expect(queueAfter('seeds000-ared-5ms', [])).toMatchObject({ kind: 'ared', minTh: 0, maxTh: 0, wq: 0 });
    expect(queueAfter('seeds000-ared-5ms', [`${Q}.kind=red`])).toMatchObject({ kind: 'red', limit: 370, minTh: 5, maxTh: 15, wq: 0.002 });
  });

  it('Adaptive RED\'s own thresholds, when set, go into RED', () => {
    expect(queueAfter('seeds000-ared-5ms', [`${Q}.minTh=10`, `${Q}.maxTh=30`, `${Q}.wq=0.001`, `${Q}.kind=red`])).toMatchObject({ kind: 'red', minTh: 10, maxTh: 30, wq: 0.001 });
  });

  it('RED into Adaptive RED keeps min_th, max_th and max_p (ARED then does not choose its thresholds); w_q only when set away from RED\'s 0.002', () => {
    expect(queueAfter('default', [`${Q}.maxP=0.05`, `${Q}.kind=ared`])).toMatchObject({ kind: 'ared', limit: 100, minTh: 15, maxTh: 45, maxP: 0.05, wq: 0 });
    expect(queueAfter('default', [`${Q}.wq=0.001`, `${Q}.kind=ared`])).toMatchObject({ kind: 'ared', wq: 0.001 });
    // set to 0 afterwards, ARED chooses them
    expect(queueAfter('default', [`${Q}.kind=ared`, `${Q}.minTh=0`, `${Q}.maxTh=0`])).toMatchObject({ kind: 'ared', minTh: 0, maxTh: 0 });
  });
});
