import type { Summary } from '../../metrics/types';
import { kindShare } from '../../metrics/by-kind';
import type { KindKey } from '../../net/packet';
import { claim, percent, type Claim } from './types';

/*
 * Builders of the web lessons' statements on response times (within, above, below,
 * between) and of a statement's comparison with other lessons of its family (types.ts, Versus):
 * the statement's own check holds the run to a number measured at the lesson's seed; its
 * comparison, checked at another seed, holds the run's number against the other lessons'
 * run at that seed, one rule per lesson.
 */

/** Fraction of responses completed within t seconds (from the summary's CDF points). */
export function within(s: Summary, t: number): number {
  const p = s.web?.cdf.find(([x]) => x === t);
  return p ? p[1] : NaN;
}

/** Share of the bottleneck's arrivals of these packet kinds (forward direction) that were dropped, or marked (metrics/by-kind.ts kindShare). */
export function kindRate(s: Summary, what: 'drops' | 'marks', kinds: readonly KindKey[]): number {
  return kindShare(s.bottleneck, what, kinds);
}

/** How the run's number must stand against another lesson's: x the run's, y the other's. */
export type Rule = (x: number, y: number) => boolean;
export const more: Rule = (x, y) => x > y;
export const fewer: Rule = (x, y) => x < y;
/** Behind, or ahead by less than `d` (shares of responses: 0.01 is a point). */
export const notAhead = (d: number): Rule => (x, y) => x < y + d;
/** Ahead, or behind by less than `d`. */
export const notBehind = (d: number): Rule => (x, y) => x > y - d;
export const near = (d: number): Rule => (x, y) => Math.abs(x - y) < d;
/** Ahead by more than `d` (shares of responses: 0.01 is a point). */
export const aheadBy = (d: number): Rule => (x, y) => x > y + d;
/** Behind by more than `d`. */
export const behindBy = (d: number): Rule => (x, y) => x < y - d;
/** More than k times the other's. */
export const times = (k: number): Rule => (x, y) => x > k * y;

/** A lesson and the rule the run's number keeps against its number. */
export type Against = readonly (readonly [string, Rule])[];

/** "500 ms", "2 s". */
export const timeText = (t: number): string => (t < 1 ? `${t * 1000} ms` : `${t} s`);

/** A bound as a share: 0.72 -> "72 %", 0.985 -> "98.5 %". */
export const share = (f: number): string => percent(f, Math.abs(f * 100 - Math.round(f * 100)) < 1e-9 ? 0 : 1);

// The web lessons' statements on the share of responses complete within t, at the lesson's
// seed ("more than 83 % ... within 1 s"): `why` begins the sentence. `at` gives them their comparison.
export const above = (t: number, f: number, why: string): Claim =>
  claim(`${why}more than ${share(f)} of the responses complete within ${timeText(t)}.`, (s) => within(s, t), (x) => x > f, (x) => `${percent(x)} within ${timeText(t)}`);
export const below = (t: number, f: number, why: string): Claim =>
  claim(`${why}fewer than ${share(f)} of the responses complete within ${timeText(t)}.`, (s) => within(s, t), (x) => x < f, (x) => `${percent(x)} within ${timeText(t)}`);
export const between = (t: number, lo: number, hi: number, why: string): Claim =>
  claim(`${why}${share(lo)} to ${share(hi)} of the responses complete within ${timeText(t)}.`, (s) => within(s, t), (x) => x > lo && x < hi, (x) => `${percent(x)} within ${timeText(t)}`);

/** A statement on the share of exchanges that saw a drop, between lo and hi. */
export const lossy = (lo: number, hi: number, words: string): Claim =>
  claim(words, (s) => s.web?.flowsWithLoss ?? NaN, (f) => f > lo && f < hi, (f) => `${percent(f)} of the exchanges saw a drop`);

/** `c` with its comparison: `measure` of the run against each lesson's, by each lesson's rule; `show` words the run's number, `value` the others'. */
export function versus(c: Claim, text: string, measure: (s: Summary) => number, show: (x: number) => string, value: (x: number) => string, against: Against): Claim {
  return {
    ...c,
    versus: {
      lessons: against.map(([name]) => name),
      text,
      check(own, others) {
        const x = measure(own);
        const ys = others.map(measure);
        return {
          pass: Number.isFinite(x) && ys.every((y, i) => Number.isFinite(y) && against[i][1](x, y)),
          measured: `${show(x)}; ${against.map(([name], i) => `${name} ${value(ys[i])}`).join(', ')}`,
        };
      },
    },
  };
}

/** Compared at time t: the share of responses complete. */
export const at = (c: Claim, t: number, text: string, against: Against): Claim =>
  versus(c, text, (s) => within(s, t), (x) => `${percent(x)} within ${timeText(t)}`, (x) => percent(x), against);

/** Compared by the share of exchanges that saw a drop. */
export const lossOf = (c: Claim, text: string, against: Against): Claim =>
  versus(c, text, (s) => s.web?.flowsWithLoss ?? NaN, (f) => `${percent(f)} of the exchanges saw a drop`, (f) => percent(f), against);
