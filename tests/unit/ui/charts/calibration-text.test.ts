/**
 * The calibration sentences keep each number with its unit: wrapped in the response chart's
 * counters line (a 690-px card at 1280 px, classroom type) "103.1" ended a line and
 * "connections/s" began the next, "74" and "% load" likewise.
 */
import { describe, expect, it } from 'vitest';
import { calibrationLine, calibrationStepLine, itemDirection } from '../../../../src/ui/charts/calibration-text';
import { presetScenario } from '../../../../src/engine/scenario/presets';

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

  // web100-redstar-ecn-90's sessions all go forward: "2505 sessions per direction" read as
  // twice the load the run offers (the command line said it too, until 5fd692e)
  it('a one-way item names its direction; a two-way item says "per direction"', () => {
    const cal = { item: 0, load: 0.9, param: 'sessions', value: 2505, measured: 0.9, runs: 2 } as Parameters<typeof calibrationLine>[0];
    const step = { item: 0, load: 0.9, param: 'sessions' as const, value: 2505, run: 1, maxRuns: 4, previous: null };
    const oneWay = presetScenario('web100-redstar-ecn-90');
    const twoWay = presetScenario('web-dt148-80');
    expect(itemDirection(oneWay, 0)).toBe('forward');
    expect(itemDirection(twoWay, 0)).toBe('both');
    expect(calibrationLine(cal, itemDirection(oneWay, 0))).toContain('sessions in the forward direction (');
    expect(calibrationStepLine(step, itemDirection(oneWay, 0))).toContain('how many sessions in the forward direction offer');
    expect(calibrationLine(cal, itemDirection(twoWay, 0))).toContain('sessions per direction (');
    expect(calibrationLine(cal, 'reverse')).toContain('in the reverse direction');
  });
});
