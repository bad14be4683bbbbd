/**
 * Compare's settings in a link: what to compare with and over how many seeds, as the page
 * query's `compare=` and `seeds=` (beside ?classroom=1 and ?embed=1; the fragment is the
 * scenario's, in the engine's URL codec). A teacher who set up "this lesson's family over
 * 5 seeds" and copied the page's link gave a page that compared over 1 seed.
 *
 *   ?compare=family&seeds=5&lessons=current,web-red5-80,web-dt148-80#p=web-dt148-80
 *
 * `lessons=` names the family view's ticked lessons (`current` is the scenario of the
 * fragment, the others are lesson names), in any order: the family's own order decides
 * which is the reference. Only settings that differ from the panel's defaults are written. The choice reads as
 * `family`, `grid`, a variant (`droptail`, `red`, `red-ecn`, `ecn-toggle`),
 * `lesson:<preset>`, `as-is` (the lesson as it is) or `try:<k>` (the lesson's k-th Try
 * change, from 1). A bad value gets a message naming the key, the value and what is
 * allowed, and the default is used (the rest of the page works as without it).
 * Pure (no DOM), so the rules are tested.
 */
import { DEFAULT_CHOICE, FAMILY, GRID, type ChoiceGroup } from './choices';
import { MAX_COMPARE_SEEDS } from './seeds';
import { VARIANTS } from './variants';

export const COMPARE_KEY = 'compare';
export const SEEDS_KEY = 'seeds';
export const LESSONS_KEY = 'lessons';

/** The banner's title for a Compare setting of a link that could not be used. */
export const BAD_COMPARE_LINK_TITLE = 'A Compare setting in this link could not be used';

export interface CompareLink {
  /** The choice's value as the panel's select has it (choices.ts), when the link gives one that reads. */
  choice?: string;
  /** The number of seeds, when the link gives a usable one. */
  seeds?: number;
  /** The family view's ticked lessons as the link names them (checked against the family by `tickedFromLink`). */
  lessons?: string[];
  /** One line per bad key: the key, the value, what is allowed and what is used instead. */
  problems: string[];
}

/** The choice's text in a link (`family`, `red-ecn`, `lesson:web-red5-80`...). */
export function choiceText(value: string): string {
  if (value === FAMILY) return 'family';
  if (value === GRID) return 'grid';
  if (value === 'x:lesson') return 'as-is';
  if (value.startsWith('v:')) return value.slice(2);
  if (value.startsWith('l:')) return `lesson:${value.slice(2)}`;
  if (/^x:\d+$/.test(value)) return `try:${Number(value.slice(2)) + 1}`;
  return value;
}

/** The select's value for a link's choice text, or null when it names nothing Compare offers. */
export function choiceValue(text: string): string | null {
  if (text === 'family') return FAMILY;
  if (text === 'grid') return GRID;
  if (text === 'as-is') return 'x:lesson';
  if (VARIANTS.some((v) => v.id === `v:${text}`)) return `v:${text}`;
  const lesson = /^lesson:(.+)$/.exec(text);
  if (lesson) return `l:${lesson[1]}`;
  const tried = /^try:([1-9]\d*)$/.exec(text);
  if (tried) return `x:${Number(tried[1]) - 1}`;
  return null;
}

export const CHOICE_HELP = `family, grid, ${VARIANTS.map((v) => choiceText(v.id)).join(', ')}, lesson:<lesson name>, as-is or try:<n>`;

const shown = (v: string) => (v.length > 40 ? `${v.slice(0, 24)}… (${v.length} characters)` : v);

/** Reads Compare's settings from a page query (`location.search`). */
export function readCompareLink(search: string): CompareLink {
  const q = new URLSearchParams(search);
  const out: CompareLink = { problems: [] };
  const c = q.getAll(COMPARE_KEY);
  if (c.length > 0) {
    const text = c[c.length - 1];
    const value = choiceValue(text);
    if (value === null) out.problems.push(`${COMPARE_KEY}=${shown(text)}: Compare offers ${CHOICE_HELP}; the first choice offered is used.`);
    else out.choice = value;
  }
  const s = q.getAll(SEEDS_KEY);
  if (s.length > 0) {
    const text = s[s.length - 1];
    // digits only: Number('') is 0, Number('0x3') is 3, Number('3.0') is 3
    const n = /^\d+$/.test(text.trim()) ? Number(text.trim()) : NaN;
    if (Number.isInteger(n) && n >= 1 && n <= MAX_COMPARE_SEEDS) out.seeds = n;
    else out.problems.push(`${SEEDS_KEY}=${shown(text)}: Compare’s “Repeat each run over” (${SEEDS_KEY}) takes a whole number of seeds from 1 to ${MAX_COMPARE_SEEDS}; 1 seed is used.`);
  }
  const l = q.getAll(LESSONS_KEY);
  if (l.length > 0) {
    const names = l[l.length - 1]
      .split(',')
      .map((x) => x.trim())
      .filter((x) => x !== '');
    out.lessons = [...new Set(names)];
  }
  return out;
}

/**
 * The family view's ticked lessons from a link's `lessons=` (`names`) among the family's
 * members (`ids`, `current` first): the set when at least two of them are members, else
 * null (the first ones are ticked, as on opening the family). Names that are not members
 * are said, with what the family has.
 */
export function tickedFromLink(names: readonly string[], ids: readonly string[]): { ticked: Set<string> | null; problems: string[] } {
  const known = names.filter((n) => ids.includes(n));
  const unknown = names.filter((n) => !ids.includes(n));
  const problems: string[] = [];
  const enough = known.length >= 2;
  if (unknown.length > 0 || !enough) {
    const what = unknown.length > 0 ? `${unknown.map(shown).join(', ')} ${unknown.length === 1 ? 'is' : 'are'} not in this lesson’s family` : 'it names fewer than two of the family’s lessons';
    problems.push(
      `${LESSONS_KEY}=${shown(names.join(','))}: ${what}, which has ${ids.join(', ')}; ${enough ? 'the others are ticked' : 'the first ones are ticked'}.`,
    );
  }
  return { ticked: enough ? new Set(known) : null, problems };
}

/**
 * The line for a link's choice that reads but is not offered for the lesson on screen
 * (`groups`: what Compare's select offers for it): why, and what this lesson offers, as
 * link texts. It said only "Compare does not offer that for this lesson", so a teacher's
 * try:5 on a lesson of four Try changes, or a misspelt lesson:, gave nothing to go on.
 */
export function notOfferedLine(value: string, groups: readonly ChoiceGroup[]): string {
  const options = groups.flatMap((g) => g.options);
  const option = options.find((o) => o.value === value);
  const tries = options.filter((o) => /^x:\d+$/.test(o.value));
  let why: string;
  if (option) why = /\(([^()]*)\)$/.exec(option.label)?.[1] ?? 'not for the scenario on screen';
  else if (value.startsWith('l:')) why = `there is no lesson named “${shown(value.slice(2))}”; the Lesson menu lists them`;
  else if (/^x:\d+$/.test(value)) why = tries.length ? `this lesson has ${tries.length} Try change${tries.length > 1 ? 's' : ''}, try:1 to try:${tries.length}` : 'this lesson has no Try changes';
  else if (value === 'x:lesson') why = 'the scenario on screen is the lesson as it is';
  else if (value === GRID) why = 'this lesson is not a point of a figure’s grid';
  else why = 'not for this lesson';
  const enabled = options.filter((o) => !o.disabled);
  const texts: string[] = [];
  for (const o of enabled) if (!o.value.startsWith('l:') && !/^x:\d+$/.test(o.value)) texts.push(choiceText(o.value));
  const tried = enabled.filter((o) => /^x:\d+$/.test(o.value)).map((o) => choiceText(o.value));
  if (tried.length) texts.push(tried.length > 3 ? `${tried[0]} to ${tried[tried.length - 1]}` : tried.join(', '));
  if (enabled.some((o) => o.value.startsWith('l:'))) texts.push('lesson:<lesson name>');
  return `${COMPARE_KEY}=${shown(choiceText(value))}: Compare does not offer that for this lesson (${why}); it offers ${texts.join(', ')}; the first choice offered is used.`;
}

/**
 * The page query `search` with Compare's settings set: keys of their own for the choice
 * and the seeds when they differ from the defaults (DEFAULT_CHOICE, 1 seed), and for the
 * family's ticked lessons when given (the family view with other lessons than the first
 * ones ticked); none when not; the query's other keys (classroom, embed) kept as they are.
 */
export function withCompareLink(search: string, choice: string, seeds: number, lessons?: readonly string[]): string {
  const q = new URLSearchParams(search);
  q.delete(COMPARE_KEY);
  q.delete(SEEDS_KEY);
  q.delete(LESSONS_KEY);
  if (choice !== DEFAULT_CHOICE) q.set(COMPARE_KEY, choiceText(choice));
  if (seeds !== 1) q.set(SEEDS_KEY, String(seeds));
  if (choice === FAMILY && lessons && lessons.length > 0) q.set(LESSONS_KEY, lessons.join(','));
  // ':' and ',' are allowed in a query (RFC 3986): `lesson:web-red5-80` and the lessons' list stay readable
  const text = q.toString().replace(/%3A/gi, ':').replace(/%2C/gi, ',');
  return text === '' ? '' : `?${text}`;
}
