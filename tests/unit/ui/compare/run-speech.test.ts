import { describe, expect, it } from 'vitest';
import { foundText, runMilestone, seedRunsAnnouncement } from '../../../../src/ui/compare/run-speech';

/** What the status region says over a whole comparison of `total` runs ending `step` at a time: one entry per milestone change, as useMilestoneSpeech speaks. */
function spoken(total: number, step: number, found: string | null): string[] {
  const said: string[] = [];
  let at = -1;
  for (let ended = 0; ; ended = Math.min(total, ended + step)) {
    const m = runMilestone(ended, total);
    if (m !== at) said.push(seedRunsAnnouncement({ done: ended, failed: 0, total, atOnce: 2, what: 'RED and drop-tail', seeds: 'seeds 1 to 10', found: ended === total ? found : null }));
    at = m;
    if (ended === total) break;
  }
  return said;
}

describe('what a screen reader hears while a comparison over seeds runs', () => {
  // the counter "run k of 20" was the live region: 20 announcements for Compare over 10 seeds
  it('the start, each quarter and the end: at most 5 announcements whatever the runs, not one per run', () => {
    for (const total of [4, 6, 9, 12, 20, 30, 40]) {
      for (const step of [1, 2, 3]) {
        const said = spoken(total, step, 'The table of means follows.');
        expect(said.length, `${total} runs, ${step} at a time`).toBeLessThanOrEqual(5);
        expect(said[0]).toBe(`Running ${total} runs (RED and drop-tail) with each of seeds 1 to 10, 2 at a time; the table of means appears when all are done.`);
        expect(said[said.length - 1]).toBe(`All ${total} runs done. The table of means follows.`);
        for (const s of said.slice(1, -1)) {
          const n = Number(s.match(new RegExp(`^(\\d+) of ${total} runs done\\.$`))?.[1]);
          expect(n, s).toBeGreaterThan(0);
          expect(n, s).toBeLessThan(total);
        }
      }
    }
    // one at a time, 20 runs: the quarters at 5, 10, 15
    expect(spoken(20, 1, null).slice(1, 4)).toEqual(['5 of 20 runs done.', '10 of 20 runs done.', '15 of 20 runs done.']);
    expect([0, 4, 5, 9, 10, 14, 15, 19, 20].map((n) => runMilestone(n, 20))).toEqual([0, 0, 1, 1, 2, 2, 3, 3, 4]);
  });

  it('the end says what the table found, or that runs failed', () => {
    const rows = [
      { label: 'loss rate', verdict: 'apart' as const },
      { label: 'mean queue', verdict: 'apart' as const },
      { label: 'utilization', verdict: 'within' as const },
      { label: 'completion', verdict: null },
    ];
    expect(foundText(rows, 'drop-tail against RED')).toBe('The table of means follows: drop-tail against RED, 2 of 3 figures differ by more than the seeds’ spread: loss rate and mean queue.');
    expect(foundText(rows.slice(2), 'B against A')).toBe('The table of means follows: B against A, no figure differs by more than the seeds’ spread (of 1).');
    expect(seedRunsAnnouncement({ done: 5, failed: 1, total: 6, atOnce: 2, what: 'x', seeds: 'seeds 1 to 3', found: null })).toBe('All 6 runs ended, 1 failed (see the error); no table of means.');
    expect(seedRunsAnnouncement({ done: 2, failed: 1, total: 6, atOnce: 2, what: 'x', seeds: 'seeds 1 to 3', found: null })).toBe('3 of 6 runs done, 1 failed.');
  });
});
