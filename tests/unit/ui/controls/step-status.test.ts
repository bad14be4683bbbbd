/**
 * A step (the inspector's "Next ▶", "Next drop") whose target is far away runs for seconds
 * with nothing new on screen: the status line, a live region, says "finding the next drop…"
 * once the step has gone on for 600 ms, so that a screen reader's user hears that something
 * is happening. A quick step says nothing until its decision (a11y.e2e.ts covers that in
 * Chromium); the slow one had no test. Here with a fake clock: the watch the Transport's
 * hook runs (watchSlowStep) and the words it shows (statusText).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { statusText, watchSlowStep } from '../../../../src/ui/controls/step-status';
import { STEP_LABELS } from '../../../../src/ui/run/step-targets';
import type { RunStatus } from '../../../../src/ui/store/app-store';
import type { StepWhat } from '../../../../src/protocol/messages';

/** A step as the Transport sees it: the status goes to 'stepping' from `settled`, and back after `ms`; what the status line said over it. */
function step(what: StepWhat, ms: number, settled: RunStatus = 'paused'): string[] {
  let slow = false;
  const said: string[] = [];
  const say = (status: RunStatus) => {
    const text = statusText({ status, stepNote: null, calibrating: null, slowStep: slow, settled, what: STEP_LABELS[what] });
    if (said[said.length - 1] !== text) said.push(text);
  };
  say(settled);
  const cancel = watchSlowStep(true, () => {
    slow = true;
    say('stepping');
  });
  say('stepping');
  vi.advanceTimersByTime(ms);
  // the step's target found: the watch is cancelled (the hook's cleanup) and the status settles
  cancel();
  slow = false;
  say('paused');
  // nothing more is said after the step, however long the page then stays
  vi.advanceTimersByTime(10_000);
  say('paused');
  return said;
}

describe('the status line of a step', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('a step that takes seconds (the next drop far away) says what it is looking for, from 600 ms on, then "paused"', () => {
    expect(step('decision', 3000)).toEqual(['paused', 'finding the next AQM decision…', 'paused']);
    expect(step('drop', 650)).toEqual(['paused', 'finding the next drop…', 'paused']);
    expect(step('aqm-drop', 5000)).toEqual(['paused', 'finding the next AQM drop…', 'paused']);
  });

  it('a quick step says nothing but "paused" (no "finding…" for a step a reader could not hear out), even a long time after it', () => {
    expect(step('decision', 0)).toEqual(['paused']);
    expect(step('decision', 300)).toEqual(['paused']);
    expect(step('drop', 590)).toEqual(['paused']);
  });

  it('the first step of a run (from idle, nothing said before it): silent while quick, "finding…" when slow', () => {
    expect(step('decision', 300, 'idle')).toEqual(['', 'paused']);
    expect(step('decision', 2000, 'idle')).toEqual(['', 'finding the next AQM decision…', 'paused']);
  });

  it('a note (a step that found nothing) and the load calibration take the line over a slow step', () => {
    const base = { status: 'stepping' as const, slowStep: true, settled: 'paused' as const, what: 'drop' };
    expect(statusText({ ...base, stepNote: null, calibrating: null })).toBe('finding the next drop…');
    expect(statusText({ ...base, stepNote: 'no drop before the end', calibrating: null })).toBe('no drop before the end');
    expect(statusText({ ...base, stepNote: null, calibrating: { run: 2, maxRuns: 6 } as never })).toBe('calibrating the load: run 2 of at most 6');
  });
});
