/**
 * Names close to a mistyped one, for "did you mean ...?" in messages: an unknown field
 * (`maxp` for `maxP`, `byte` for `bytes`), an unknown preset (`ecn-finte`) or an unknown
 * command-line option (`--outt`).
 */

/** Edit distance (insertions, deletions, substitutions, each 1) between two texts, ignoring case. */
export function editDistance(a: string, b: string): number {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  let prev = Array.from({ length: y.length + 1 }, (_, j) => j);
  for (let i = 1; i <= x.length; i++) {
    const cur = [i];
    for (let j = 1; j <= y.length; j++) cur[j] = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (x[i - 1] === y[j - 1] ? 0 : 1));
    prev = cur;
  }
  return prev[y.length];
}

/**
 * The candidates nearest to `name` (at most `max`): those at the smallest edit distance,
 * ignoring case, when it is small for the name's length (1 up to 4 characters, 2 up to 8,
 * else 3), then those that contain the name or that it contains (4 characters or more:
 * `cwnd` finds `rwnd`, then `initialCwnd`) or that it starts with (`output`: `out`). None
 * when nothing is that close.
 */
export function nearNames(name: string, candidates: readonly string[], max = 3): string[] {
  if (name === '') return [];
  const limit = name.length <= 4 ? 1 : name.length <= 8 ? 2 : 3;
  const scored = candidates.filter((c) => c !== name).map((c) => ({ c, d: editDistance(name, c) }));
  const best = Math.min(Infinity, ...scored.map((s) => s.d));
  const out = best <= limit ? scored.filter((s) => s.d === best).map((s) => s.c) : [];
  const n = name.toLowerCase();
  const related = (c: string) => (c.length >= 4 && (c.includes(n) || n.includes(c))) || (c.length >= 3 && n.startsWith(c));
  if (name.length >= 4) for (const c of candidates) if (c !== name && !out.includes(c) && related(c.toLowerCase())) out.push(c);
  return out.slice(0, max);
}

/** "; did you mean maxP?" (or "maxP or maxTh?"), or "" when no name is near. */
export function didYouMean(name: string, candidates: readonly string[], max = 3): string {
  const near = nearNames(name, candidates, max);
  if (near.length === 0) return '';
  return `; did you mean ${near.length === 1 ? near[0] : `${near.slice(0, -1).join(', ')} or ${near[near.length - 1]}`}?`;
}
