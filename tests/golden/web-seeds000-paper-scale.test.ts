import { beforeAll, describe, expect, it } from 'vitest';
import type { Summary } from '../../src/engine/metrics/types';
import { runScenario } from '../../src/engine/run';
import { checkVersus, paperScaleScenario, presetByName } from '../../src/engine/scenario/presets';
import { within } from '../../src/engine/scenario/presets/compare';
import { comparisonRuns } from '../../src/engine/scenario/lesson-compare';

/*
 * seeds/000's headline finding at the paper's scale (§5.4: statistics from the end of a 120 s
 * warm-up until 250,000 exchanges have completed, about 1,600 simulated s; the lessons run
 * 200 s after 30 s): at 80 % load ARED + ECN with a 5 ms target (packet mode, Table 3) beats
 * drop-tail (148 packets) for short responses and loses for long ones (§6.5, Figs. 19-20).
 * The lesson at that scale, and drop-tail as its comparisons run it (comparisonRuns), about
 * 6 s of CPU each. Its statements that compare it with drop-tail are checked against that
 * run, as the app and the command line check them (docs/web.md lists what changes).
 */
const LESSON = 'web-redecn5-80';
let ecn: Summary;
let dt: Summary;

describe("seeds/000 at the paper's scale: ARED + ECN (5 ms) against drop-tail at 80 % load", () => {
  beforeAll(() => {
    const scenario = paperScaleScenario(presetByName(LESSON)!)!;
    const c = comparisonRuns(scenario, LESSON)!;
    expect(c.paperScale).toBe(true);
    expect(c.lessons.map((l) => l.name)).toEqual(['web-dt148-80']);
    ecn = runScenario(scenario).summary;
    dt = runScenario(c.lessons[0].scenario).summary;
  }, 600_000);

  it("both ran the paper's 250,000 exchanges, of the same connections at the same calibrated rate", () => {
    for (const s of [ecn, dt]) expect(s.web!.exchanges).toBe(250_000);
    expect(ecn.web!.calibration[0].value).toBe(dt.web!.calibration[0].value);
  });

  it('short responses finish sooner than with drop-tail, long ones later', () => {
    // short: the faster quarter and half, and the share within 200 ms (49 % against 34 % at seed 3)
    expect(ecn.web!.responseTime!.p25).toBeLessThan(dt.web!.responseTime!.p25);
    expect(ecn.web!.responseTime!.p50).toBeLessThan(dt.web!.responseTime!.p50);
    expect(within(ecn, 0.2)).toBeGreaterThan(within(dt, 0.2) + 0.05);
    // long: the slowest tenth, and the responses above 50 KB (median 1.5 s against 0.8 s at seed 3)
    expect(ecn.web!.responseTime!.p90).toBeGreaterThan(dt.web!.responseTime!.p90);
    expect(ecn.web!.largeResponses.responseTime!.p50).toBeGreaterThan(1.5 * dt.web!.largeResponses.responseTime!.p50);
  });

  it("the lesson's statements that compare it with drop-tail hold at the paper's scale", () => {
    const versus = presetByName(LESSON)!.claims!.filter((c) => c.versus);
    expect(versus.length).toBeGreaterThanOrEqual(4);
    for (const c of versus) {
      const v = checkVersus(c, ecn, new Map([['web-dt148-80', dt]]))!;
      expect(v.pass, `${c.versus!.text} (${v.measured})`).toBe(true);
    }
  });
});
