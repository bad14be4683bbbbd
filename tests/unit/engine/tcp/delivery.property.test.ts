import fc from 'fast-check';
import { expect, test } from 'vitest';
import { Rng } from '../../../../src/engine/core/rng';
import { fromSeconds } from '../../../../src/engine/core/time';
import { ECN_ECT0, F_SYN } from '../../../../src/engine/net/packet';
import { S_DONE } from '../../../../src/engine/tcp/sender';
import { oneFlow } from './fake-net';

/**
 * Whatever the network does (random drops of any packet in either direction, CE marks,
 * reordering by random extra delay), every variant delivers each byte exactly once, the
 * connection closes, and new data never exceeds the windows.
 */
test('each byte is delivered exactly once, in order, under random loss, marks and reordering', () => {
  fc.assert(
    fc.property(
      fc.record({
        seed: fc.integer({ min: 0, max: 2 ** 31 - 1 }),
        variant: fc.constantFrom('tahoe', 'reno', 'newreno', 'sack'),
        bytes: fc.integer({ min: 0, max: 120_000 }),
        mss: fc.constantFrom(536, 1000, 1460),
        rwndSegs: fc.integer({ min: 1, max: 40 }),
        drop: fc.double({ min: 0, max: 0.15, noNaN: true }),
        mark: fc.double({ min: 0, max: 0.3, noNaN: true }),
        jitterMs: fc.integer({ min: 0, max: 30 }),
        ecn: fc.boolean(),
        delayedAck: fc.boolean(),
        opener: fc.constantFrom('sender' as const, 'receiver' as const),
        initialCwnd: fc.integer({ min: 1, max: 4 }),
      }),
      (c) => {
        const rng = new Rng(c.seed, 1);
        const f = oneFlow(
          {
            forward: { rateBps: 5e6, delayS: 0.01 },
            filter: (net, p) => {
              const u = rng.uniform();
              if (u < c.drop) return 'drop';
              if (net.pool.ecn[p] === ECN_ECT0 && rng.uniform() < c.mark) return 'mark';
              return 'pass';
            },
            jitter: () => Math.floor(rng.uniform() * fromSeconds(c.jitterMs / 1000)),
          },
          { variant: c.variant, mss: c.mss, rwnd: c.rwndSegs * c.mss, ecn: c.ecn, delayedAck: c.delayedAck, initialCwnd: c.initialCwnd, tick: 0.01, minRto: 0.2 },
          { bytes: c.bytes, opener: c.opener },
        );
        const { net, sender, receiver } = f;
        const limit = c.rwndSegs * c.mss;
        let lastAck = 0;
        let violations = 0;
        net.onSend = (from, p) => {
          const pool = net.pool;
          if (from === 0 && pool.payload[p] > 0) {
            const end = pool.seq[p] + pool.payload[p];
            if (end > c.bytes) violations++;
            if (pool.seq[p] >= sender.sndMax) {
              // new data: receiver window always; cwnd too, except SACK's pipe-driven recovery
              if (end - sender.sndUna > limit) violations++;
              const sackRecovery = c.variant === 'sack' && sender.recovery.inRecovery;
              if (!sackRecovery && end - sender.sndUna > Math.min(Math.floor(sender.cwnd), c.rwndSegs) * c.mss) violations++;
            }
          }
          if (from === 1 && (pool.flags[p] & F_SYN) === 0) {
            if (pool.ack[p] < lastAck) violations++;
            lastAck = Math.max(lastAck, pool.ack[p]);
            if (receiver.bytesDelivered !== receiver.rcvNxt) violations++;
          }
        };
        net.run(5000);
        expect(violations).toBe(0);
        expect(receiver.bytesDelivered).toBe(c.bytes);
        expect(sender.bytesAcked).toBe(c.bytes);
        expect(sender.completionTime).toBeGreaterThanOrEqual(0);
        expect(sender.state).toBe(S_DONE);
        expect(net.pool.live).toBe(0);
        // every payload byte the receiver buffered was new: duplicates are only counted, never delivered
        expect(receiver.ooo.count).toBe(0);
      },
    ),
    { numRuns: 150, seed: 20240601 },
  );
});
