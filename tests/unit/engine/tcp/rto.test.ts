import { describe, expect, test } from 'vitest';
import { RtoEstimator } from '../../../../src/engine/tcp/rto';

const S = 1e9;

describe('RtoEstimator (RFC 6298)', () => {
  test('first samples follow SRTT/RTTVAR by hand, with tick quantisation', () => {
    // tick 0.1 s, minRto 0.2 s, maxRto 60 s, initial 1 s
    const e = new RtoEstimator(0.1 * S, 0.2 * S, 60 * S, 1 * S);
    expect(e.value).toBe(1 * S); // §2.1 before any sample
    e.sample(0.3 * S); // 3 ticks: SRTT 0.3, RTTVAR 0.15, RTO 0.3 + max(0.1, 0.6) = 0.9
    expect(e.srtt).toBeCloseTo(0.3 * S, 0);
    expect(e.rttvar).toBeCloseTo(0.15 * S, 0);
    expect(e.value).toBe(Math.round(0.9 * S));
    e.sample(0.12 * S); // rounds to 1 tick = 0.1 s
    // RTTVAR = 3/4 0.15 + 1/4 |0.3 - 0.1| = 0.1625; SRTT = 7/8 0.3 + 1/8 0.1 = 0.275
    expect(e.rttvar / S).toBeCloseTo(0.1625, 9);
    expect(e.srtt / S).toBeCloseTo(0.275, 9);
    expect(e.value / S).toBeCloseTo(0.275 + 4 * 0.1625, 9);
    e.sample(0.01 * S); // below half a tick: counted as 1 tick (at least one tick, as ns-2)
    // RTTVAR = 3/4 0.1625 + 1/4 |0.275 - 0.1| = 0.165625; SRTT = 7/8 0.275 + 1/8 0.1 = 0.253125
    expect(e.rttvar / S).toBeCloseTo(0.165625, 9);
    expect(e.srtt / S).toBeCloseTo(0.253125, 9);
  });

  test('G = one tick bounds the variance term; minRto and maxRto clamp', () => {
    const e = new RtoEstimator(0.1 * S, 0.001 * S, 60 * S, 1 * S);
    for (let i = 0; i < 200; i++) e.sample(0.1 * S);
    // RTTVAR decays to ~0, so RTO = SRTT + G = 0.2 s
    expect(e.value / S).toBeCloseTo(0.2, 6);
    const f = new RtoEstimator(0.01 * S, 0.2 * S, 60 * S, 1 * S);
    for (let i = 0; i < 200; i++) f.sample(0.02 * S);
    expect(f.value).toBe(0.2 * S); // 0.02 + 0.01 clamped up to minRto
    const g = new RtoEstimator(0.1 * S, 0.2 * S, 5 * S, 1 * S);
    g.sample(4 * S); // 4 + 4·2 = 12 s, clamped to maxRto
    expect(g.value).toBe(5 * S);
  });

  test('backoff doubles up to maxRto and a new sample ends it', () => {
    const e = new RtoEstimator(0.1 * S, 0.2 * S, 3 * S, 1 * S);
    const seen = [e.value];
    for (let i = 0; i < 4; i++) {
      e.backOff();
      seen.push(e.value);
    }
    expect(seen.map((v) => v / S)).toEqual([1, 2, 3, 3, 3]);
    e.sample(0.1 * S);
    expect(e.backoff).toBe(1);
    expect(e.value / S).toBeCloseTo(0.1 + 4 * 0.05, 9);
  });
});
