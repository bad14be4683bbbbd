import { describe, expect, it } from 'vitest';
import { grouped } from '../../../../src/engine/core/number-text';

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
