/**
 * The response chart's counters during and after the warm-up. `started` and `completed`
 * count exchanges started after it, `in progress` every open one: inside the warm-up the
 * line read "0 completed · 0 started · 237 in progress", which looked like a fault.
 */
import { describe, expect, it } from 'vitest';
import { countersLine } from '../../../../src/ui/charts/calibration-text';
import { grouped } from '../../../../src/engine/core/number-text';

const plain = (s: string) => s.replace(/\u00a0/g, ' ');

describe('response counters', () => {
  it('inside the warm-up they say it is warming up and when counting starts, not "0 started"', () => {
    const line = plain(countersLine({ exchanges: 0, started: 0, inProgress: 237 }, 30, true, grouped));
    expect(line).toBe('Warming up: 237 in progress; exchanges are counted from t = 30 s');
    expect(line).not.toContain('0 started');
  });
  it('after it they give the three counts and what they count', () => {
    expect(plain(countersLine({ exchanges: 39749, started: 40234, inProgress: 485 }, 30, false, grouped))).toBe('39,749 completed · 40,234 started · 485 in progress (counted after the 30 s warm-up)');
  });
  it('without a warm-up there is nothing to wait for', () => {
    expect(plain(countersLine({ exchanges: 12, started: 20, inProgress: 8 }, 0, true, grouped))).toBe('12 completed · 20 started · 8 in progress');
  });
});
