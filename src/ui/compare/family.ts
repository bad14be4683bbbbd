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

/** The run window: when the summary starts counting and when the run stops. */
type Window = Pick<Scenario, 'warmup' | 'duration' | 'stopAfterExchanges'>;

/** `s` measured over `w`'s window (and with its seed): the family runs all members alike. */
export function withWindowOf(s: Scenario, w: Window & { seed: number }): Scenario {
  const out: Scenario = { ...s, seed: w.seed, warmup: w.warmup, duration: w.duration, stopAfterExchanges: w.stopAfterExchanges };
  if (out.duration === undefined) delete out.duration;
  if (out.stopAfterExchanges === undefined) delete out.stopAfterExchanges;
  return out;
}

/**
 * Equal for two web scenarios exactly when only their queues, TCP variants, ECN, seeds or
 * run windows differ: the text of the uncongested network (`uncongested` replaces the
 * first three; an offered `load` stays, so the calibration is the same too). The family
 * runs with one seed and one window, the current scenario's (`withWindowOf`), so a lesson
 * measured later, e.g. after PI has settled, still overlays its family over that same
 * window. Null without web traffic.
 */
export function familyKey(s: Scenario): string | null {
  if (!hasWebTraffic(s)) return null;
  const common = withWindowOf(s, { seed: 0, warmup: 0, duration: undefined, stopAfterExchanges: undefined });
  return baselineKey(uncongested(common as Scenario as EngineScenario));
}

/** The members of `current`'s family among `candidates`, in their order (current included when listed). */
export function familyOf<T extends { scenario: Scenario }>(current: Scenario, candidates: readonly T[]): T[] {
  const key = familyKey(current);
  return key === null ? [] : candidates.filter((c) => familyKey(c.scenario) === key);
}

/**
 * What "this lesson's family" overlays: the current scenario (as edited, under `title`)
 * first, then the other lessons of its family, each with the current seed and run window;
 * empty when there is no other. Benchmarks are not lessons to overlay: bench-seeds000-full
 * is seeds/000's 80 % family at full scale, and opened itself it finds the lessons, which
 * then run over its window (120 s of warm-up, 250,000 exchanges).
 */
export function familyRunList<T extends { name: string; title: string; group: string; scenario: Scenario }>(
  current: Scenario,
  title: string,
  preset: string | null | undefined,
  candidates: readonly T[],
): { id: string; title: string; scenario: Scenario }[] {
  const others = familyOf(current, candidates).filter((l) => l.name !== preset && l.group !== 'bench');
  if (others.length === 0) return [];
  return [{ id: 'current', title, scenario: current }, ...others.map((l) => ({ id: l.name, title: l.title, scenario: withWindowOf(l.scenario, current) }))];
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
