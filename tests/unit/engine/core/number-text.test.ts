import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { drawTexts, grouped } from '../../../../src/engine/core/number-text';

describe('grouped: an integer with thousands separators, without Intl', () => {
  it("writes what toLocaleString('en-US') writes for integers", () => {
    for (const n of [0, 7, 999, 1000, 1001, 12_345, 999_999, 1_000_000, 75_000, 123_456_789, -1, -1000, -1_234_567]) expect(grouped(n)).toBe(n.toLocaleString('en-US'));
  });
  it('rounds a fraction to the integer and leaves a non-finite number as String does', () => {
    expect(grouped(1234.6)).toBe('1,235');
    expect(grouped(NaN)).toBe('NaN');
    expect(grouped(Infinity)).toBe('Infinity');
  });
});

/*
 * A decision's rule sentence compares a random draw u with a probability ("u = 0.01234 <
 * p_a = 0.01235"): at 4 digits two different numbers could print alike, and 0 and 1 read
 * "0.000" and "1.000" where the worked steps say 0 and 1 (helper-81's inspector audit).
 */
describe('drawTexts: a draw and its probability as the rule sentence writes them', () => {
  it('two different numbers never print alike, and print in their order', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1, noNaN: true }), fc.double({ min: 0, max: 1, noNaN: true }), (u, p) => {
        const [a, b] = drawTexts(u, p);
        if (u === p) return a === b;
        return a !== b && Number(a) < Number(b) === u < p;
      }),
    );
  });
  it('4 significant digits without trailing zeros; more only where needed', () => {
    expect(drawTexts(0.5, 0)).toEqual(['0.5', '0']);
    expect(drawTexts(0.123456, 1)).toEqual(['0.1235', '1']);
    // alike at 4 digits (0.01234): one more tells them apart
    expect(drawTexts(0.0123401, 0.0123449)).toEqual(['0.01234', '0.012345']);
    expect(drawTexts(0.012341, 0.012342)).toEqual(['0.012341', '0.012342']);
  });
});
