import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PacketPool } from '../../../../src/engine/net/packet';
import { PacketFifo } from '../../../../src/engine/net/fifo';

describe('PacketPool', () => {
  it('never hands out a live index twice and keeps field values across growth', () => {
    fc.assert(
      fc.property(fc.array(fc.boolean(), { maxLength: 400 }), (ops) => {
        const pool = new PacketPool(2);
        const live = new Set<number>();
        for (const alloc of ops) {
          if (alloc || live.size === 0) {
            const p = pool.alloc();
            expect(live.has(p)).toBe(false);
            pool.seq[p] = p * 10;
            live.add(p);
          } else {
            const p = live.values().next().value as number;
            live.delete(p);
            pool.free(p);
          }
          expect(pool.live).toBe(live.size);
        }
        for (const p of live) expect(pool.seq[p]).toBe(p * 10);
      }),
    );
  });
});

describe('PacketFifo', () => {
  it('behaves as a FIFO under any push/shift sequence, across growth', () => {
    fc.assert(
      fc.property(fc.array(fc.option(fc.integer({ min: 0, max: 1000 }), { nil: undefined }), { maxLength: 500 }), (ops) => {
        const f = new PacketFifo(4);
        const model: number[] = [];
        for (const op of ops) {
          if (op === undefined) expect(f.shift()).toBe(model.length ? model.shift() : -1);
          else {
            f.push(op);
            model.push(op);
          }
          expect(f.length).toBe(model.length);
          expect(f.peek()).toBe(model.length ? model[0] : -1);
        }
      }),
    );
  });
});
