/**
 * The transport's status line (its role=status region, read out by screen readers) while a
 * step looks for its target, apart from React so that its timing can be tested with a fake
 * clock (tests/unit/ui/controls/step-status.test.ts).
 *
 * "finding the next drop…" only for a step that takes a while. Said at once, every step of
 * a quick run was read out three times: "finding the next AQM decision…", "paused", then the
 * inspector's decision (the one line that says something); the status stays as it was
 * ("paused") through a step that ends before a reader could hear it. A step whose target is
 * far away (seconds of search) says it is looking, or the reader hears nothing at all.
 */
import type { AppState, RunStatus } from '../store/app-store';

/** How long a step runs before the status says it is looking for its target, ms. */
export const SLOW_STEP_MS = 600;

/**
 * Watches a step: while `stepping`, calls `onSlow` once it has gone on for SLOW_STEP_MS.
 * Returns the cancel to call when the step ends (or the status changes) before that.
 */
export function watchSlowStep(stepping: boolean, onSlow: () => void): () => void {
  if (!stepping) return () => undefined;
  const id = setTimeout(onSlow, SLOW_STEP_MS);
  return () => clearTimeout(id);
}

export interface StatusInputs {
  status: RunStatus;
  /** A note that replaces the status (a step that found nothing, ...), or null. */
  stepNote: string | null;
  /** The load's calibration under way (calibrationShown), or null. */
  calibrating: AppState['calibrating'];
  /** The step under way has gone on for SLOW_STEP_MS (watchSlowStep). */
  slowStep: boolean;
  /** The status before the step began ('paused' after an earlier step). */
  settled: RunStatus;
  /** What the step looks for, in words: "AQM decision", "drop" (STEP_LABELS). */
  what: string;
}

/** The words of the status line. */
export function statusText(s: StatusInputs): string {
  if (s.stepNote !== null) return s.stepNote;
  if (s.calibrating) return `calibrating the load: run ${s.calibrating.run} of at most ${s.calibrating.maxRuns}`;
  if (s.status === 'stepping') return s.slowStep ? `finding the next ${s.what}…` : s.settled === 'paused' ? 'paused' : '';
  if (s.status === 'done') return 'finished';
  if (s.status === 'error') return 'error';
  if (s.status === 'paused') return 'paused';
  return '';
}
