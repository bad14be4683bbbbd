/**
 * What a screen reader hears while a comparison's runs go (the grid's figure, Compare and a
 * lesson family over seeds): the start, each quarter and the end, not every run. The visible
 * counters ("run 7 of 20") were aria-live regions, read at each of up to 40 runs, one after
 * another: a flood that hid everything else. The counters stay on screen, not live; a hidden
 * status region speaks at the milestones (useMilestoneSpeech), the end saying what was found.
 */
import { useEffect, useState } from 'react';
import type { Verdict } from '../../engine/metrics/stats';

/**
 * How far `ended` of `total` runs are: 0 until a quarter have ended, 1, 2, 3 at each further
 * quarter, 4 once all have. The live region speaks when this changes.
 */
export function runMilestone(ended: number, total: number): number {
  if (total <= 0 || ended >= total) return 4;
  return Math.min(3, Math.floor((4 * Math.max(0, ended)) / total));
}

/**
 * The text of a hidden status region: `say()` of the render in which the milestone of `ended`
 * of `total` runs (runMilestone) changed, kept until the next milestone. Empty when the view
 * mounts and filled just after, so that a screen reader hears the start too.
 */
export function useMilestoneSpeech(ended: number, total: number, say: () => string): string {
  const milestone = runMilestone(ended, total);
  const [said, setSaid] = useState('');
  useEffect(() => {
    setSaid(say());
    // eslint-disable-next-line react-hooks/exhaustive-deps -- spoken when the milestone changes, with the counts of that moment
  }, [milestone]);
  return said;
}

/** "3 of 9 runs done." and, when some failed, ", 1 failed" before the stop: a quarter's text. */
export function quarterText(ended: number, total: number, failed: number): string {
  return `${ended} of ${total} runs done${failed ? `, ${failed} failed` : ''}.`;
}

/**
 * What a comparison over seeds says at a milestone: at the start how many runs, of what, over
 * which seeds and how many at once; each quarter's count; at the end, how many ended and
 * `found` (what the table shows; null while it cannot be said, e.g. a run failed).
 */
export function seedRunsAnnouncement(o: { done: number; failed: number; total: number; atOnce: number; what: string; seeds: string; found: string | null }): string {
  const ended = o.done + o.failed;
  const m = runMilestone(ended, o.total);
  if (m === 0) return `Running ${o.total} runs (${o.what}) with each of ${o.seeds}, ${o.atOnce} at a time; the table of means appears when all are done.`;
  if (m < 4) return quarterText(ended, o.total, o.failed);
  if (o.failed) return `All ${o.total} runs ended, ${o.failed} failed (see the error); no table of means.`;
  return `All ${o.total} runs done.${o.found ? ` ${o.found}` : ''}`;
}

const listed = (xs: readonly string[]) => (xs.length < 2 ? xs.join('') : `${xs.slice(0, -1).join(', ')} and ${xs[xs.length - 1]}`);

/**
 * What the table over seeds found: which of its figures differ by more than the seeds' spread
 * (verdict 'apart'), out of those it could judge. `rows`: one per figure (and lesson), with
 * the label to say; `versus`: what is compared ("B against A").
 */
export function foundText(rows: readonly { label: string; verdict: Verdict | null }[], versus: string): string {
  const judged = rows.filter((r) => r.verdict !== null);
  const apart = judged.filter((r) => r.verdict === 'apart').map((r) => r.label);
  if (judged.length === 0) return 'The table of means follows.';
  if (apart.length === 0) return `The table of means follows: ${versus}, no figure differs by more than the seeds’ spread (of ${judged.length}).`;
  const names = apart.length <= 4 ? `: ${listed(apart)}` : '';
  return `The table of means follows: ${versus}, ${apart.length} of ${judged.length} figures differ by more than the seeds’ spread${names}.`;
}
