/**
 * Compare says when the two runs differ in length: a lesson shortened by its link (60 s,
 * warm-up 10 s) against another lesson as it is (230 s, warm-up 30 s) set drops over 50 s
 * against drops over 200 s in the table with nothing to say so.
 */
import { describe, expect, it } from 'vitest';
import { presetScenario } from '../../../../src/engine/scenario/presets';
import { countedText, runLengthNote, runLengthText } from '../../../../src/ui/compare/run-length';

describe('runLengthNote', () => {
  const dt = presetScenario('web-load-dt148-80')!;
  const ecn = presetScenario('web-load-redecn5-80')!;

  it('two lessons of one grid run as long: nothing to say', () => {
    expect(dt.duration).toBe(ecn.duration);
    expect(runLengthNote(dt, ecn)).toBeNull();
  });

  it('a side shortened by its link: each side’s length and warm-up, and what that does to counts', () => {
    const note = runLengthNote({ ...dt, duration: 60, warmup: 10 }, ecn);
    expect(note).toBe(
      'The runs differ in length: A runs 60 s, warm-up 10 s, B 230 s, warm-up 30 s. Counts (drops, marks, responses) cover different times: compare rates, means and distributions, or give both the same length.',
    );
    // the warm-up alone differs
    expect(runLengthNote({ ...dt, warmup: 5 }, ecn)).toContain('A runs 230 s, warm-up 5 s, B 230 s, warm-up 30 s');
  });

  it('runs without a duration (until the downloads finish) and runs to a number of exchanges', () => {
    const n5 = presetScenario('ecn-finite-n5-red-a-ql64')!;
    expect(n5.duration).toBeUndefined();
    expect(runLengthText(n5)).toBe('until every flow finishes');
    expect(runLengthNote(n5, presetScenario('ecn-finite-n5-dt-ql64')!)).toBeNull();
    expect(runLengthText({ warmup: 120, stopAfterExchanges: 250_000 })).toBe('until 250,000 exchanges after a warm-up of 120 s');
  });
});

describe('countedText: the table counts from the warm-up on, the charts show the whole run', () => {
  it('says from when, as the single-run summary’s heading does', () => {
    expect(countedText(30, 30)).toBe(', counted from 30 s on (warm-up left out)');
    expect(countedText(0, 0)).toBe('');
    expect(countedText(10, 30)).toBe(', counted after each run’s warm-up (A: 10 s, B: 30 s)');
  });
});
