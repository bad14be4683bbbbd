import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { defaultsOf, valuesOf } from '../../../../src/engine/core/params';
import { TCP_PARAMS, type TcpParams } from '../../../../src/engine/tcp/params';

const KEYS = Object.keys(TCP_PARAMS) as (keyof TcpParams)[];

/** A layer: some of the TCP keys, in a shuffled order, with values told apart from the defaults. */
const layer = fc
  .shuffledSubarray(KEYS)
  .chain((keys) => fc.tuple(fc.constant(keys), fc.array(fc.integer({ min: 1000, max: 2000 }), { minLength: keys.length, maxLength: keys.length })))
  .map(([keys, vals]) => Object.fromEntries(keys.map((k, i) => [k, vals[i]])) as Partial<TcpParams>);

describe('valuesOf: params objects from layers', () => {
  it('gives the defaults with no layer, and a layer of undefined changes nothing', () => {
    expect(valuesOf(TCP_PARAMS)).toEqual(defaultsOf(TCP_PARAMS));
    expect(valuesOf(TCP_PARAMS, undefined, undefined)).toEqual(defaultsOf(TCP_PARAMS));
  });

  it('takes each key from the last layer that has it, else the default', () => {
    fc.assert(
      fc.property(fc.array(fc.option(layer, { nil: undefined }), { maxLength: 3 }), (layers) => {
        const v = valuesOf(TCP_PARAMS, ...layers) as Record<string, unknown>;
        for (const k of KEYS) {
          const last = [...layers].reverse().find((l) => l !== undefined && Object.hasOwn(l, k));
          expect(v[k]).toBe(last === undefined ? TCP_PARAMS[k].default : (last as Record<string, unknown>)[k]);
        }
      }),
    );
  });

  it('lists its keys in the declarations order whatever the order of the layers (one object shape per set of declarations)', () => {
    // The spread it replaced, { ...scenarioTcp, ...itemTcp }, took the first layer's key order.
    fc.assert(
      fc.property(layer, layer, (a, b) => {
        expect(Object.keys(valuesOf(TCP_PARAMS, a, b))).toEqual(KEYS);
      }),
    );
  });

  it('copies an own value of undefined, as the spread it replaced did', () => {
    const v = valuesOf(TCP_PARAMS, { mss: 1000 }, { mss: undefined });
    expect(v.mss).toBeUndefined();
  });
});
