import { describe, expect, it } from 'vitest';
import { didYouMean, editDistance, nearNames } from '../../../../src/engine/scenario/near';

describe('names near a mistyped one', () => {
  it('editDistance counts insertions, deletions and substitutions, ignoring case', () => {
    expect(editDistance('maxp', 'maxP')).toBe(0);
    expect(editDistance('byte', 'bytes')).toBe(1);
    expect(editDistance('ecn-finte', 'ecn-finite')).toBe(1);
    expect(editDistance('redvsdt', 'red-vs-dt')).toBe(2);
    expect(editDistance('', 'abc')).toBe(3);
  });

  it('nearNames: the closest within a few characters for the length, then names that contain it or start it', () => {
    const tcp = ['variant', 'mss', 'initialCwnd', 'rwnd', 'minRto', 'maxRto'];
    expect(nearNames('Variant', tcp)).toEqual(['variant']);
    expect(nearNames('maxrto', tcp)).toEqual(['maxRto']);
    expect(nearNames('cwnd', tcp)).toEqual(['rwnd', 'initialCwnd']);
    // too far for a short name: nothing rather than a guess
    expect(nearNames('foo', tcp)).toEqual([]);
    expect(nearNames('output', ['out', 'series', 'set'])).toEqual(['out']);
    expect(nearNames('x', ['a', 'b', 'c', 'd'], 2)).toHaveLength(2);
  });

  it('didYouMean: one name, or a list joined with "or"; "" when none is near', () => {
    expect(didYouMean('maxp', ['maxP', 'minTh'])).toBe('; did you mean maxP?');
    expect(didYouMean('cwnd', ['initialCwnd', 'rwnd'])).toBe('; did you mean rwnd or initialCwnd?');
    expect(didYouMean('zzzz', ['maxP', 'minTh'])).toBe('');
  });
});
