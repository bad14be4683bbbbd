/**
 * The statements panel's "about N s left" while the lessons compared with run at another seed
 * (a 100 Mb/s family takes 10-30 s in the background): the pace so far over what is left.
 */
import { describe, expect, it } from 'vitest';
import { leftText, timeLeft } from '../../../src/ui/compare/time-left';

describe('time left for the compared lessons', () => {
  it('is the pace so far over the work left', () => {
    // four runs, a quarter of the work done in 5 s: three quarters left at that pace
    expect(timeLeft([1, 0, 0, 0], 5)).toBeCloseTo(15, 9);
    expect(timeLeft([0.5, 0.5, 0, 0], 5)).toBeCloseTo(15, 9);
    // half done in 8 s: 8 s more
    expect(timeLeft([1, 0.5, 0.5, 0], 8)).toBeCloseTo(8, 9);
  });
  it('says nothing before there is enough to go on, or when all is done', () => {
    expect(timeLeft([0.05, 0, 0], 10)).toBeNull();
    expect(timeLeft([0.5, 0.5], 1.5)).toBeNull();
    expect(timeLeft([1, 1], 10)).toBeNull();
    expect(timeLeft([], 10)).toBeNull();
  });
  it('counts a run with no fraction (open-ended) as not begun, and clamps the others', () => {
    expect(timeLeft([NaN, 1], 4)).toBeCloseTo(4, 9);
    expect(timeLeft([1.2, -0.1], 4)).toBeCloseTo(4, 9);
  });
  it('words it rounder as it is longer', () => {
    expect(leftText(0.2)).toBe('about 1 s');
    expect(leftText(7.1)).toBe('about 8 s');
    expect(leftText(21)).toBe('about 25 s');
    expect(leftText(150)).toBe('about 3 min');
  });
});
