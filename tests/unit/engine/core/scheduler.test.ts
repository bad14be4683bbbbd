import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HeapScheduler, SplitScheduler } from '../../../../src/engine/core/scheduler';

describe('HeapScheduler', () => {
  it('pops in (time, insertion) order for any sequence of inserts', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 50 }), { maxLength: 300 }), (times) => {
        const s = new HeapScheduler(2); // tiny capacity exercises growth
        times.forEach((t, i) => s.insert(t, i));
        const out: [number, number][] = [];
        while (!s.isEmpty()) {
          const id = s.pop();
          out.push([s.lastTime, id]);
        }
        const expected = times.map((t, i) => [t, i] as [number, number]).sort((a, b) => a[0] - b[0] || a[1] - b[1]);
        expect(out).toEqual(expected);
      }),
    );
  });

  it('skips cancelled events, and interleaved insert/pop keeps the order', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ t: fc.integer({ min: 0, max: 20 }), cancel: fc.boolean(), popAfter: fc.boolean() }), { maxLength: 200 }),
        (ops) => {
          const s = new HeapScheduler(4);
          const live = new Map<number, number>(); // id -> time
          let floor = 0;
          const popped: number[] = [];
          ops.forEach((op, id) => {
            const t = floor + op.t;
            const h = s.insert(t, id);
            live.set(id, t);
            if (op.cancel) {
              s.cancel(h);
              live.delete(id);
            }
            if (op.popAfter && !s.isEmpty()) {
              const got = s.pop();
              floor = s.lastTime;
              popped.push(got);
              // the popped event is the minimum (time, id) of the live ones
              const min = [...live.entries()].sort((a, b) => a[1] - b[1] || a[0] - b[0])[0];
              expect(got).toBe(min[0]);
              live.delete(got);
            }
          });
          expect(s.size).toBe(live.size);
        },
      ),
    );
  });

  it('peekTime is Infinity when empty and pop throws', () => {
    const s = new HeapScheduler();
    expect(s.peekTime()).toBe(Infinity);
    const h = s.insert(5, 1);
    s.cancel(h);
    expect(s.isEmpty()).toBe(true);
    expect(() => s.pop()).toThrow();
  });
});

describe('SplitScheduler', () => {
  it('merges its two lanes in (time, insertion) order, whichever lane each event went to', () => {
    fc.assert(
      fc.property(fc.array(fc.record({ t: fc.integer({ min: 0, max: 30 }), fast: fc.boolean(), popAfter: fc.boolean() }), { maxLength: 300 }), (ops) => {
        const s = new SplitScheduler(2);
        const live: [number, number][] = []; // [time, id]
        let floor = 0;
        ops.forEach((op, id) => {
          const t = floor + op.t;
          if (op.fast) s.insertFast(t, id);
          else s.insert(t, id);
          live.push([t, id]);
          if (op.popAfter) {
            expect(s.next(Infinity)).toBe(true);
            live.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
            const [mt, mid] = live.shift()!;
            expect([s.lastTime, s.lastId]).toEqual([mt, mid]);
            floor = mt;
          }
        });
        expect(s.size).toBe(live.length);
        // next(until) leaves later events in place
        const firstT = s.peekTime();
        if (live.length > 0) expect(s.next(firstT - 1)).toBe(false);
        expect(s.size).toBe(live.length);
      }),
    );
  });
});
