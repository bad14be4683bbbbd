import { describe, expect, it } from 'vitest';
import { readRtView, withRtView, type RtView } from '../../../../src/ui/charts/rt-link';
import { readCompareLink } from '../../../../src/ui/compare/link';
import { scenarioFromQuery } from '../../../../src/ui/store/url-sync';

describe("the response-time view in the page's link", () => {
  const views: RtView[] = [
    { mode: 'cdf', large: false },
    { mode: 'ccdf', large: false },
    { mode: 'cdf', large: true },
    { mode: 'ccdf', large: true },
  ];

  it('every view written reads back the same, beside Compare’s keys, which stay as they were', () => {
    const base = '?compare=lesson:web-redecn5-80&seeds=3';
    for (const v of views) {
      const search = withRtView(base, v);
      expect(readRtView(search)).toEqual({ view: v, problem: null });
      expect(readCompareLink(search)).toEqual({ choice: 'l:web-redecn5-80', seeds: 3, problems: [] });
    }
    expect(withRtView(base, { mode: 'ccdf', large: false })).toBe('?compare=lesson:web-redecn5-80&seeds=3&rt=ccdf');
    expect(withRtView('', { mode: 'ccdf', large: true })).toBe('?rt=ccdf,large');
  });

  it('the default view (the CDF of all responses) writes no key, and removes one', () => {
    expect(withRtView('', { mode: 'cdf', large: false })).toBe('');
    expect(withRtView('?classroom=1&rt=ccdf', { mode: 'cdf', large: false })).toBe('?classroom=1');
    expect(readRtView('')).toEqual({ view: { mode: 'cdf', large: false }, problem: null });
  });

  it('a bad value: the default view and a line naming the key, the value and what is allowed', () => {
    for (const bad of ['?rt=log', '?rt=', '?rt=cdf,ccdf', '?rt=ccdf,huge']) {
      const r = readRtView(bad);
      expect(r.view, bad).toEqual({ mode: 'cdf', large: false });
      expect(r.problem, bad).toMatch(/^rt=.*: allowed are cdf, ccdf, large, or ccdf,large/);
    }
    // the last of a repeated key is used, case does not matter
    expect(readRtView('?rt=large&rt=CCDF').view).toEqual({ mode: 'ccdf', large: false });
  });

  it('a link typed with the scenario in its query keeps rt= in the query, where it is read', () => {
    expect(scenarioFromQuery('?p=web-dt148-80&rt=ccdf&seed=3', '')).toEqual({ search: '?rt=ccdf', hash: '#p=web-dt148-80&seed=3' });
  });
});
