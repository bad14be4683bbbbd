/**
 * The transport's time left: at max speed always; at a chosen speed only when the rest of
 * the run takes a minute or more of wall time (a 230 s web lesson at 1× gave no sign of its
 * four minutes), in minutes and seconds.
 */
import { describe, expect, it } from 'vitest';
import { leftPhrase, timeText } from '../../../../src/ui/controls/time-text';

describe('time left on the transport', () => {
  it('at max speed it is always shown, in seconds below ten minutes', () => {
    expect(leftPhrase('max', 3.281)).toBe('3.28 s left');
    expect(leftPhrase('max', 224.04)).toBe('224.0 s left');
  });
  it('at a chosen speed it is shown from a minute on, in minutes (the pace measured, which a "running at" phrase follows when slower than asked)', () => {
    expect(leftPhrase(1, 59.9)).toBeNull();
    expect(leftPhrase(1, 224.04)).toBe('3 min 44 s left');
    expect(leftPhrase(0.1, 60)).toBe('1 min 0 s left');
  });
  it('is not shown while the pace is unknown', () => {
    expect(leftPhrase('max', Number.NaN)).toBeNull();
    expect(leftPhrase(10, Number.POSITIVE_INFINITY)).toBeNull();
  });
  it('rounds to whole seconds before splitting into minutes (never "10 min 60 s")', () => {
    expect(timeText(659.7)).toBe('11 min 0 s');
    expect(timeText(119.6, 60)).toBe('2 min 0 s');
  });
  it('from an hour on, in hours, minutes and seconds (a 100,000 s run read "1666 min 40 s")', () => {
    expect(timeText(3599.6)).toBe('1 h 0 min 0 s');
    expect(timeText(3540)).toBe('59 min 0 s');
    expect(timeText(100_000)).toBe('27 h 46 min 40 s');
    expect(timeText(1e6)).toBe('277 h 46 min 40 s');
    expect(leftPhrase(1, 7325)).toBe('2 h 2 min 5 s left');
  });
});
