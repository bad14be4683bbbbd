/**
 * The compared runs' lengths, when they differ. Compare sets B's seed to A's so that only the
 * scenarios differ, and says so; a run length it leaves as each scenario has it (a lesson
 * shortened by its link, `duration=60&warmup=10`, against another lesson as it is, 230 s),
 * and the table then set counts over 50 s against counts over 200 s (drops 530 against
 * 29,895, "+5541 %") with nothing to say why. Pure.
 */
import type { Scenario } from '../../engine/scenario/schema';
import { grouped } from '../../engine/core/number-text';

/** "60 s, warm-up 10 s", "until every flow finishes", "until 250,000 exchanges after the warm-up of 120 s". */
export function runLengthText(s: Pick<Scenario, 'duration' | 'warmup' | 'stopAfterExchanges'>): string {
  if (s.stopAfterExchanges !== undefined) return `until ${grouped(s.stopAfterExchanges)} exchanges after a warm-up of ${s.warmup} s${s.duration === undefined ? '' : ` (at most ${s.duration} s)`}`;
  const end = s.duration === undefined ? 'until every flow finishes' : `${s.duration} s`;
  return s.warmup > 0 ? `${end}, warm-up ${s.warmup} s` : end;
}

/** A line saying how long each side runs when the lengths differ; null when they are the same. */
export function runLengthNote(a: Pick<Scenario, 'duration' | 'warmup' | 'stopAfterExchanges'>, b: Pick<Scenario, 'duration' | 'warmup' | 'stopAfterExchanges'>): string | null {
  if (a.duration === b.duration && a.warmup === b.warmup && a.stopAfterExchanges === b.stopAfterExchanges) return null;
  return `The runs differ in length: A runs ${runLengthText(a)}, B ${runLengthText(b)}. Counts (drops, marks, responses) cover different times: compare rates, means and distributions, or give both the same length.`;
}

/**
 * What the table's caption says of the warm-up (the charts show the whole run, the table
 * counts after it): ", counted from 30 s on (warm-up left out)"; each side's when they differ;
 * nothing without a warm-up.
 */
export function countedText(warmupA: number, warmupB: number): string {
  if (warmupA === warmupB) return warmupA > 0 ? `, counted from ${warmupA} s on (warm-up left out)` : '';
  return `, counted after each run’s warm-up (A: ${warmupA} s, B: ${warmupB} s)`;
}
