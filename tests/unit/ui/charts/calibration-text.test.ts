/**
 * The calibration sentences keep each number with its unit: wrapped in the response chart's
 * counters line (a 690-px card at 1280 px, classroom type) "103.1" ended a line and
 * "connections/s" began the next, "74" and "% load" likewise.
 */
import { describe, expect, it } from 'vitest';
import { calibrationLine, calibrationStepLine } from '../../../../src/ui/charts/calibration-text';

/** A breakable space between a number and what it counts or measures. */
const SPLIT = /\d[ \t\n](%|connections\/s|users|sessions)/;

describe('calibration text', () => {
  it('the result: "74 % load = 91.2 connections/s" in pieces that do not break inside', () => {
    const line = calibrationLine({ item: 0, load: 0.74, param: 'rate', value: 91.2, measured: 0.738, runs: 2 } as Parameters<typeof calibrationLine>[0]);
    expect(line.replace(/\u00a0/g, ' ')).toBe('74 % load = 91.2 connections/s per direction (73.8 % measured on the uncongested link)');
    expect(line).not.toMatch(SPLIT);
    // the load and what it was turned into stay together
    expect(line).toContain('74\u00a0%\u00a0load\u00a0=\u00a091.2\u00a0connections/s');
    const users = calibrationLine({ item: 0, load: 0.98, param: 'users', value: 9211, measured: 0.981, runs: 3 } as Parameters<typeof calibrationLine>[0]);
    expect(users).toContain('9,211\u00a0users');
    expect(users).not.toMatch(SPLIT);
  });

  it('the steps: each number with its unit', () => {
    for (const param of ['rate', 'users', 'sessions'] as const) {
      const line = calibrationStepLine({ item: 0, load: 0.83, param, value: 106.6, run: 2, maxRuns: 4, previous: { value: 115.3, measured: 0.898 } });
      expect(line, line).not.toMatch(SPLIT);
      expect(line).toContain('83\u00a0%\u00a0load');
      expect(line).toContain('gave 89.8\u00a0%');
    }
  });
});
