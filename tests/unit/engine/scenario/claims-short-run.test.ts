/**
 * A statement's measured text when the run is cut short (a student sets duration=20 on a
 * lesson whose downloads take 200 s): red-vs-dt said "Measured: NaN s apart (unfinished
 * and unfinished)". The statement may fail, but what it says it measured must read: no
 * NaN, Infinity, undefined or null, for every lesson's and every Try change's statements.
 */
import { describe, expect, it } from 'vitest';
import { runScenario } from '../../../../src/engine/run';
import { checkClaim, experimentScenario, PRESETS } from '../../../../src/engine/scenario/presets';
import type { EngineScenario } from '../../../../src/engine/sim-run';

const BAD = /\bNaN\b|\bInfinity\b|\bnull\b|\bundefined\b(?!:)/;
/** Short enough that no download of a lesson finishes, long enough that something happens. */
const SHORT = 2;

const cases = PRESETS.flatMap((p) => [
  ...(p.claims?.length ? [{ name: p.name, scenario: p.scenario, claims: p.claims }] : []),
  ...(p.experiments ?? []).map((e) => ({ name: `${p.name}: ${e.title}`, scenario: experimentScenario(p, e), claims: e.claims })),
]);

describe('statements of a run cut short say what they measured in words', () => {
  it('there are statements to check', () => {
    expect(cases.length).toBeGreaterThan(50);
  });
  for (const c of cases)
    it(c.name, () => {
      const sc = c.scenario as unknown as EngineScenario & { warmup?: number; stopAfterExchanges?: number };
      const short = { ...sc, duration: SHORT, warmup: Math.min(sc.warmup ?? 0, SHORT / 2), stopAfterExchanges: undefined };
      const result = runScenario(short as EngineScenario);
      const bad = c.claims.map((cl) => ({ text: cl.text, measured: checkClaim(cl, result).measured })).filter((v) => BAD.test(v.measured));
      expect(bad, bad.map((b) => `"${b.text}": ${b.measured}`).join('\n')).toEqual([]);
    });
});

describe('a ratio a run too short to measure reads as a sentence', () => {
  it("rtt-unfair stopped before any data crosses: 'no ratio yet (...)', not 'no ratio yet (...) as much'", () => {
    const p = PRESETS.find((x) => x.name === 'rtt-unfair')!;
    const sc = { ...(p.scenario as unknown as EngineScenario), duration: 0.001, warmup: 0 };
    const measured = p.claims!.map((cl) => checkClaim(cl, runScenario(sc as EngineScenario)).measured);
    expect(measured[0]).toBe('no ratio yet (a group has no goodput or no loss)');
  });
});
