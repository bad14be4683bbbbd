/** How long background runs have left, for the statements panel (LessonClaims.tsx). */

/**
 * Wall seconds left for runs going side by side, from how far each has got (a fraction of
 * its simulated time; a finished run 1) after `elapsed` wall seconds: the pace so far, over
 * what is left. Null until there is enough to go on (2 s and a tenth of the work): the first
 * fractions move in jumps (a web run calibrates its load first), and a 100 Mb/s family at
 * another seed takes 10-30 s with no word of how long.
 */
export function timeLeft(fractions: readonly number[], elapsed: number): number | null {
  if (fractions.length === 0) return null;
  // an open-ended run reports no fraction (NaN): it counts as not begun
  const done = fractions.reduce((a, f) => a + (Number.isFinite(f) ? Math.min(1, Math.max(0, f)) : 0), 0) / fractions.length;
  if (!(elapsed >= 2) || done < 0.1 || done >= 1) return null;
  return (elapsed * (1 - done)) / done;
}

/** "about 8 s", "about 25 s", "about 2 min": rounder as it is longer. */
export function leftText(seconds: number): string {
  if (seconds < 10) return `about ${Math.max(1, Math.ceil(seconds))} s`;
  if (seconds < 90) return `about ${Math.ceil(seconds / 5) * 5} s`;
  return `about ${Math.round(seconds / 60)} min`;
}
