/**
 * Lesson families for the overlaid response times: the web lessons that run the same
 * workload, on the same network apart from the bottleneck's queue, TCP variant and ECN,
 * with the same seed and window. Their runs differ only by what they teach (drop-tail
 * against PI against REM ...) and share one uncongested baseline, as each figure of the
 * papers does (seeds/000 Figs. 8-21, seeds/002 Figs. 4-10, seeds/003 Figs. 2-5).
 */
import type { Scenario } from '../../engine/scenario/schema';
import type { EngineScenario } from '../../engine/sim-run';
import { baselineKey, uncongested } from '../../engine/traffic/calibrate';
import { hasWebTraffic } from '../scenario-view';

/**
 * Equal for two web scenarios exactly when only their queues, TCP variants, ECN or seeds
 * differ: the text of the uncongested network (`uncongested` replaces the first three; an
 * offered `load` stays, so the calibration is the same too). The family runs with one
 * seed, so the seed is left out. Null without web traffic.
 */
export function familyKey(s: Scenario): string | null {
  return hasWebTraffic(s) ? baselineKey(uncongested({ ...s, seed: 0 } as Scenario as EngineScenario)) : null;
}

/** The members of `current`'s family among `candidates`, in their order (current included when listed). */
export function familyOf<T extends { scenario: Scenario }>(current: Scenario, candidates: readonly T[]): T[] {
  const key = familyKey(current);
  return key === null ? [] : candidates.filter((c) => familyKey(c.scenario) === key);
}

/**
 * Short labels for a set of titles: the words they all start and end with are cut
 * ("Browsing users at 98 % of 100 Mb/s, PI q_ref 24 (seeds/002)" -> "PI q_ref 24").
 * A title that would become empty keeps its whole text.
 */
export function shortLabels(titles: readonly string[]): string[] {
  if (titles.length < 2) return [...titles];
  const words = titles.map((t) => t.split(' '));
  const min = Math.min(...words.map((w) => w.length));
  let pre = 0;
  while (pre < min && words.every((w) => w[pre] === words[0][pre])) pre++;
  let post = 0;
  while (post < min - pre && words.every((w) => w[w.length - 1 - post] === words[0][words[0].length - 1 - post])) post++;
  return words.map((w, i) => {
    const s = w
      .slice(pre, w.length - post)
      .join(' ')
      .replace(/^[,;:\s]+|[,;:\s]+$/g, '');
    return s === '' ? titles[i] : s;
  });
}
