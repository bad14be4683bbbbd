import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Pipe } from '../../../../src/engine/net/pipe';

describe('Pipe', () => {
  it('gives back (time, seq, packet) in push order across wrap-around and growth', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 3 }), { maxLength: 500 }), (ops) => {
        const pipe = new Pipe();
        const ref: [number, number, number][] = [];
        let k = 0;
        for (const op of ops) {
          if (op > 0 || ref.length === 0) {
            // times beyond 2^31 ns and sequence numbers beyond 2^32 survive as doubles
            const t = 3e9 + k * 1234.5;
            const s = 2 ** 33 + k;
            pipe.push(t, s, k);
            ref.push([t, s, k]);
            k++;
            expect(pipe.tailTime()).toBe(t);
          } else {
            const [t, s, p] = ref.shift()!;
            expect(pipe.headTime()).toBe(t);
            expect(pipe.headSeq()).toBe(s);
            expect(pipe.shift()).toBe(p);
          }
          expect(pipe.length).toBe(ref.length);
        }
      }),
    );
  });
});
