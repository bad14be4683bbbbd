/** A RED decision record for the inspector's tests, the numbers consistent with RED's formulas. */
import type { DecisionRecord } from '../../src/engine/aqm/decision';
import { ECN_ECT0 } from '../../src/engine/net/packet';

/** A RED record with every field set; `over` replaces some. */
export function redRecord(over: Partial<DecisionRecord>): DecisionRecord {
  return {
    t: 1.5,
    queue: 'routerL->routerR',
    aqm: 'red',
    uid: 42,
    flow: 3,
    bytes: 1500,
    ecn: ECN_ECT0,
    q: 10,
    unit: 'packets',
    avgBefore: 5,
    avg: 7.5,
    wq: 0.5,
    idleM: 0,
    minTh: 5,
    maxTh: 15,
    maxP: 0.1,
    gentle: false,
    region: 'between',
    pb: 0.025,
    pa: 0.025 / (1 - 0.25),
    count: 10,
    u: 0.02,
    outcome: 'mark',
    reason: null,
    rule: 'u < p_a: ECT packet marked CE instead of dropped (RFC 3168 §5)',
    ...over,
  };
}
