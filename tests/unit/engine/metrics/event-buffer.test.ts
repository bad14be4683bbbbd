import { describe, expect, it } from 'vitest';
import { MAX_EVENT_BUFFER } from '../../../../src/engine/metrics/collector';
import { createRun } from '../../../../src/engine/run';
import { dumbbell } from '../helpers/scenarios';

describe('drop/mark event buffer', () => {
  it('a flood dropping far more than the buffer holds, run in one call, hands its events over in bounded batches, none lost', () => {
    // 20 Mb/s of UDP into a 1 Mb/s bottleneck for 60 s: ~95 % of ~150,000 packets dropped there
    const sizes: number[] = [];
    const run = createRun(
      dumbbell({ rate: 1e6, delay: 0.001, duration: 60, queue: { kind: 'droptail', limit: 10 }, traffic: [{ kind: 'udp', pattern: 'cbr', rate: 20e6, packetSize: 1000, from: 'left', start: 0 }] }),
      { queueEvents: (b) => void sizes.push(b.t.length) },
    );
    run.advance(Infinity);
    const drops = run.result().summary.bottleneck.drops;
    expect(drops).toBeGreaterThan(2 * MAX_EVENT_BUFFER);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(MAX_EVENT_BUFFER);
    expect(sizes.reduce((a, x) => a + x, 0)).toBe(drops);
  });
});
