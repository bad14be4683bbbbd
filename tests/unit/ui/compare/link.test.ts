import { describe, expect, it } from 'vitest';
import { lessons } from '../../../../src/ui/scenario-api';
import { compareChoices, DEFAULT_CHOICE, FAMILY, GRID } from '../../../../src/ui/compare/choices';
import { familyRunList } from '../../../../src/ui/compare/family';
import { choiceText, choiceValue, notOfferedLine, readCompareLink, tickedFromLink, withCompareLink } from '../../../../src/ui/compare/link';
import { MAX_COMPARE_SEEDS } from '../../../../src/ui/compare/seeds';

/*
 * Compare's settings in the page's link (link.ts): a teacher's "family over 5 seeds" was
 * lost from a copied link. Every choice the select can offer goes through the link and back;
 * a bad number of seeds or choice is named with what is allowed.
 */
const all = lessons();

describe('Compare settings in a link', () => {
  it('every option any lesson offers reads back from its link text as itself', () => {
    const values = new Set<string>();
    for (const l of all) {
      const groups = compareChoices(l.scenario, l, familyRunList(l.scenario, l.name, l.name, all).length, all, 'a figure');
      for (const g of groups) for (const o of g.options) values.add(o.value);
    }
    // "the lesson as it is", offered once the scenario was edited
    values.add('x:lesson');
    expect([FAMILY, GRID, 'x:0', 'l:web-dt148-80'].filter((v) => !values.has(v))).toEqual([]);
    for (const v of values) {
      const text = choiceText(v);
      // readable in the query: no percent-escapes besides what a lesson name needs (none do)
      expect(withCompareLink('', v, 1), v).toBe(v === DEFAULT_CHOICE ? '' : `?compare=${text}`);
      expect(choiceValue(text), text).toBe(v);
      // the default choice is left out of the link, and is what the panel starts with
      expect(readCompareLink(withCompareLink('', v, 2))).toEqual(v === DEFAULT_CHOICE ? { seeds: 2, problems: [] } : { choice: v, seeds: 2, problems: [] });
    }
  });

  it('the seeds: 1 to the largest count read; the defaults are left out; other query keys stay', () => {
    for (let n = 1; n <= MAX_COMPARE_SEEDS; n++) expect(readCompareLink(`?seeds=${n}`)).toEqual({ seeds: n, problems: [] });
    expect(withCompareLink('?classroom=1', FAMILY, 5)).toBe('?classroom=1&compare=family&seeds=5');
    expect(withCompareLink('?classroom=1&compare=family&seeds=5', DEFAULT_CHOICE, 1)).toBe('?classroom=1');
    expect(withCompareLink('?seeds=3', DEFAULT_CHOICE, 1)).toBe('');
    expect(readCompareLink('?classroom=1')).toEqual({ problems: [] });
  });

  it('a bad number of seeds names the key, the value and the range, and is not used', () => {
    for (const bad of ['0', 'abc', '', '3.5', '-2', String(MAX_COMPARE_SEEDS + 1), '1e1', '0x3']) {
      const r = readCompareLink(`?compare=family&seeds=${encodeURIComponent(bad)}`);
      expect(r.seeds, bad).toBeUndefined();
      expect(r.choice).toBe(FAMILY);
      expect(r.problems).toEqual([`seeds=${bad}: Compare’s “Repeat each run over” (seeds) takes a whole number of seeds from 1 to ${MAX_COMPARE_SEEDS}; 1 seed is used.`]);
    }
  });

  it('a choice that is none names the key and the value and lists what is offered', () => {
    const r = readCompareLink('?compare=famly&seeds=4');
    expect(r.choice).toBeUndefined();
    expect(r.seeds).toBe(4);
    expect(r.problems).toHaveLength(1);
    expect(r.problems[0]).toMatch(/^compare=famly: Compare offers family, grid, droptail, red, red-ecn, ecn-toggle, cc-toggle, lesson:<lesson name>, as-is or try:<n>; the first choice offered is used\.$/);
    for (const bad of ['try:0', 'try:x', 'v:red', 'lesson:']) expect(readCompareLink(`?compare=${bad}`).choice, bad).toBeUndefined();
  });

  it('a choice that reads but is not offered for this lesson says why and what the lesson offers (it said only "does not offer that")', () => {
    const lesson = all.find((l) => l.name === 'default')!;
    const groups = compareChoices(lesson.scenario, lesson, 0, all);
    const n = lesson.experiments.length;
    expect(n).toBeGreaterThan(3);
    const offers = `it offers droptail, red-ecn, ecn-toggle, cc-toggle, try:1 to try:${n}, lesson:<lesson name>; the first choice offered is used.`;
    expect(notOfferedLine('x:98', groups)).toBe(`compare=try:99: Compare does not offer that for this lesson (this lesson has ${n} Try changes, try:1 to try:${n}); ${offers}`);
    expect(notOfferedLine('l:nope', groups)).toBe(`compare=lesson:nope: Compare does not offer that for this lesson (there is no lesson named “nope”; the Lesson menu lists them); ${offers}`);
    expect(notOfferedLine(FAMILY, groups)).toBe(`compare=family: Compare does not offer that for this lesson (web lessons only); ${offers}`);
    // the default lesson is RED already
    expect(notOfferedLine('v:red', groups)).toBe(`compare=red: Compare does not offer that for this lesson (this scenario already); ${offers}`);
    expect(notOfferedLine(GRID, groups)).toBe(`compare=grid: Compare does not offer that for this lesson (this lesson is not a point of a figure’s grid); ${offers}`);
    // a lesson without Try changes says so
    const bare = all.find((l) => l.experiments.length === 0);
    if (bare) expect(notOfferedLine('x:0', compareChoices(bare.scenario, bare, 0, all))).toContain('(this lesson has no Try changes)');
  });

  it('the family view’s ticked lessons: written readably for the family only, read back, checked against the family', () => {
    const lesson = all.find((l) => l.name === 'web-dt148-80')!;
    const ids = familyRunList(lesson.scenario, lesson.title, lesson.name, all).map((m) => m.id);
    expect(ids.length).toBeGreaterThan(3);
    const picked = [ids[0], ids[ids.length - 1]];
    const search = withCompareLink('?classroom=1', FAMILY, 3, picked);
    // commas and colons stay as they are: the link reads as it was written
    expect(search).toBe(`?classroom=1&compare=family&seeds=3&lessons=${picked.join(',')}`);
    const back = readCompareLink(search);
    expect(back).toEqual({ choice: FAMILY, seeds: 3, lessons: picked, problems: [] });
    expect(tickedFromLink(back.lessons!, ids)).toEqual({ ticked: new Set(picked), problems: [] });
    // another choice writes no lessons, and the defaults clear them
    expect(withCompareLink(search, GRID, 1, picked)).toBe('?classroom=1&compare=grid');
    expect(withCompareLink(search, FAMILY, 1)).toBe('?classroom=1&compare=family');
    // order and repeats do not matter; the family's order decides the reference
    expect(readCompareLink(`?lessons=${picked[1]},${picked[0]},${picked[1]}`).lessons).toEqual([picked[1], picked[0]]);
  });

  it('ticked lessons that are not of the family are named with what the family has; fewer than two known: the first ones', () => {
    const ids = ['current', 'web-red5-80', 'web-dt148-80'];
    const some = tickedFromLink(['current', 'web-nope', 'web-dt148-80'], ids);
    expect(some.ticked).toEqual(new Set(['current', 'web-dt148-80']));
    expect(some.problems).toEqual(['lessons=current,web-nope,web-dt148-80: web-nope is not in this lesson’s family, which has current, web-red5-80, web-dt148-80; the others are ticked.']);
    const one = tickedFromLink(['web-red5-80'], ids);
    expect(one.ticked).toBeNull();
    expect(one.problems).toEqual(['lessons=web-red5-80: it names fewer than two of the family’s lessons, which has current, web-red5-80, web-dt148-80; the first ones are ticked.']);
    const none = tickedFromLink(['x', 'y'], ids);
    expect(none.ticked).toBeNull();
    expect(none.problems[0]).toMatch(/^lessons=x,y: x, y are not in this lesson’s family, .*; the first ones are ticked\.$/);
    expect(readCompareLink('?lessons=,,').lessons).toEqual([]);
  });
});
