/**
 * The Compare view's lesson family printed on a black-and-white printer: its members'
 * response-time curves are solid on screen, told apart by colour (flowColor), and printed as
 * one grey ("drop-tail", "drop-tail, SACK" and "adaptive RED" alike). On paper each member's
 * curve has a dash of its own (memberPaperDash, which FamilyView gives each run), none the
 * uncongested baseline's dots; the screen keeps its solid curves. A and B of a two-run
 * comparison (solid, dashed) have no paper dash of their own and keep theirs.
 */
import { describe, expect, it } from 'vitest';
import { flowColor, flowDash, memberPaperDash } from '../../../../src/ui/colors';
import { comparedCurves, type ComparedRun } from '../../../../src/ui/charts/response-plot';
import type { ExchangeStore } from '../../../../src/ui/store/exchange-store';

/** An exchange store as the curves read it: a histogram per set, run and baseline. */
const exchanges = (n: number) => ({ run: { all: { n }, large: { n } }, baseline: { all: { n }, large: { n } } }) as unknown as ExchangeStore;

/** As FamilyView passes its members. */
const family = (k: number): ComparedRun[] => Array.from({ length: k }, (_, i) => ({ label: `lesson ${i}`, color: flowColor(i), dash: flowDash(i), paperDash: memberPaperDash(i), exchanges: exchanges(100) }));

const dash = (d?: number[]) => (d ?? []).join(',');

describe('a lesson family’s response times on paper', () => {
  for (const k of [3, 7]) {
    it(`${k} lessons: each curve dashed apart from the others and from the baseline’s dots`, () => {
      const curves = comparedCurves(family(k), [], undefined, 'all', true);
      const runs = curves.filter((c) => c.label.startsWith('lesson'));
      const base = curves.find((c) => c.label === 'uncongested')!;
      expect(runs).toHaveLength(k);
      expect(new Set(runs.map((c) => dash(c.dash))).size, runs.map((c) => `[${dash(c.dash)}]`).join(' ')).toBe(k);
      expect(runs.map((c) => dash(c.dash))).not.toContain(dash(base.dash));
    });
  }

  it('on screen: solid in their colours, as before', () => {
    const runs = comparedCurves(family(3), [], undefined, 'all', false).filter((c) => c.label.startsWith('lesson'));
    expect(runs.map((c) => dash(c.dash))).toEqual(['', '', '']);
  });

  it('A and B of a comparison keep solid and dashed on paper', () => {
    const ab: ComparedRun[] = [
      { label: 'A', color: '#000', exchanges: exchanges(10) },
      { label: 'B', color: '#111', dash: [7, 4], exchanges: exchanges(10) },
    ];
    expect(comparedCurves(ab, [], undefined, 'all', true).filter((c) => c.label.length === 1).map((c) => dash(c.dash))).toEqual(['', '7,4']);
  });
});
