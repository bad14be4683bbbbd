/**
 * "The numbers add up": every calculation line of every AQM's step-through, re-done by
 * hand from the numbers it shows, gives the result it shows. Real runs (presets and
 * long-lived dumbbells, several per AQM, packet and byte mode, ECN on and off) give the
 * decision records; each record's explanation is built as the inspector builds it, and
 * each "symbolic = numeric" line is parsed, evaluated with the digits written and compared
 * with the value beside it (numeric-line.ts says how closely). A subtraction of nearly
 * equal terms (RED's 1 − count·p_b near 1, PI's a·(q − q_ref) − b·(q_old − q_ref), PIE's
 * Δ) amplifies the rounding of its operands: those must be shown with the digits it takes.
 */
import { describe, expect, it } from 'vitest';
import type { DecisionRecord } from '../../../../src/engine/aqm/decision';
import { AQMS } from '../../../../src/engine/aqm/registry';
import { runScenario } from '../../../../src/engine/run';
import { presetScenario } from '../../../../src/engine/scenario/presets';
import type { Scenario } from '../../../../src/engine/scenario/schema';
import { explainDecision } from '../../../../src/ui/inspector/explain';
import { longLived } from './longlived';
import { checkStep, wrongComparisons } from './numeric-line';

function preset(name: string, duration: number): Scenario {
  const s = presetScenario(name);
  if (!s) throw new Error(`no preset ${name}`);
  return { ...s, duration, warmup: 0 };
}

/** Per AQM, a few runs; each gives thousands of records. */
const RUNS: Record<string, { name: string; scenario: () => Scenario }[]> = {
  droptail: [{ name: 'long-lived', scenario: () => longLived({ kind: 'droptail', limit: 40 }, 8, { duration: 10, warmup: 0 }) }],
  red: [
    { name: 'preset default', scenario: () => preset('default', 15) },
    { name: 'gentle, packets', scenario: () => longLived({ kind: 'red', limit: 100, minTh: 5, maxTh: 15, gentle: true }, 16, { duration: 10, warmup: 0 }) },
    { name: 'byte mode, ECN', scenario: () => longLived({ kind: 'red', limit: 100, minTh: 5, maxTh: 15, mode: 'byte', ecn: true }, 16, { duration: 10, warmup: 0, tcp: { ecn: true } }) },
  ],
  ared: [
    { name: 'preset le-ared-12-byte-ecn', scenario: () => preset('le-ared-12-byte-ecn', 12) },
    { name: 'long-lived', scenario: () => longLived({ kind: 'ared', limit: 200, meanPktSize: 1500 }, 16, { duration: 12, warmup: 0 }) },
  ],
  'sc-red': [{ name: 'long-lived', scenario: () => longLived({ kind: 'sc-red', limit: 100, minTh: 5, maxTh: 30 }, 16, { duration: 12, warmup: 0 }) }],
  pi: [
    { name: 'preset le-pi-24 (bytes)', scenario: () => preset('le-pi-24', 12) },
    { name: 'long-lived, packets, ECN', scenario: () => longLived({ kind: 'pi', limit: 300, qRef: 50, ecn: true }, 16, { duration: 12, warmup: 0, tcp: { ecn: true } }) },
  ],
  rem: [
    { name: 'preset le-rem-24 (bytes)', scenario: () => preset('le-rem-24', 12) },
    { name: 'long-lived, packets', scenario: () => longLived({ kind: 'rem', limit: 300, bStar: 50 }, 16, { duration: 12, warmup: 0 }) },
  ],
  codel: [{ name: 'long-lived', scenario: () => longLived({ kind: 'codel', limit: 300 }, 16, { duration: 12, warmup: 0 }) }],
  pie: [
    { name: 'long-lived', scenario: () => longLived({ kind: 'pie', limit: 300 }, 16, { duration: 12, warmup: 0 }) },
    { name: 'long-lived, ECN', scenario: () => longLived({ kind: 'pie', limit: 300, ecn: true }, 16, { duration: 12, warmup: 0, tcp: { ecn: true } }) },
  ],
};

describe('every calculation line re-done from the numbers it shows gives the result it shows', () => {
  it('every AQM of the registry is run here', () => {
    expect(Object.keys(RUNS).sort()).toEqual(AQMS.map((d) => d.kind).sort());
  });

  for (const [kind, runs] of Object.entries(RUNS)) {
    for (const run of runs) {
      it(`${kind}, ${run.name}`, () => {
        const recs: DecisionRecord[] = [];
        runScenario(run.scenario(), { decision: (r) => recs.push(r) });
        expect(recs.length).toBeGreaterThan(2000);
        expect(recs.every((r) => r.aqm === kind)).toBe(true);
        let lines = 0;
        const bad: string[] = [];
        const badLabels = new Map<string, number>();
        let worst = 0;
        for (const r of recs) {
          for (const s of explainDecision(r).steps) {
            for (const w of wrongComparisons(s.numeric ?? s.formula)) {
              const label = `${s.label.replace(/ \(.*\)$/, '')} (comparison)`;
              badLabels.set(label, (badLabels.get(label) ?? 0) + 1);
              if (bad.length < 8) bad.push(`t=${r.t} ${s.label}: "${w}" does not hold for the numbers as written (${s.numeric ?? s.formula})`);
            }
            const c = checkStep(s);
            if (!c) continue;
            lines++;
            for (const k of c.checks) {
              if (k.ok) continue;
              if (k.shown.v !== 0) worst = Math.max(worst, Math.abs(k.got - k.shown.v) / Math.abs(k.shown.v));
              const label = s.label.replace(/ \(.*\)$/, '');
              badLabels.set(label, (badLabels.get(label) ?? 0) + 1);
              if (bad.length < 8) bad.push(`t=${r.t} ${s.label}: ${s.numeric} evaluates to ${k.got}, shown ${s.value} (off by ${(Math.abs(k.got - k.shown.v) / k.shown.ulp).toFixed(2)} of its last digit)`);
            }
          }
        }
        // a calculation with numbers in it is shown (not for drop-tail, which has none)
        if (kind !== 'droptail') expect(lines).toBeGreaterThan(1000);
        console.log(`${kind}, ${run.name}: ${recs.length} records, ${lines} calculation lines, ${[...badLabels.values()].reduce((a, b) => a + b, 0)} disagree ${JSON.stringify(Object.fromEntries(badLabels))}, worst off by ${(100 * worst).toPrecision(2)} %`);
        expect(bad, `${[...badLabels].map(([l, n]) => `${l}: ${n}`).join(', ')}`).toEqual([]);
      });
    }
  }
});
