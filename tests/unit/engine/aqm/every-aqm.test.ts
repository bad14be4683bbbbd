/**
 * What must hold for every discipline in the registry, on real runs:
 *  - every decision record the engine writes is explained by the AQM's own step-through
 *    with no disagreement between the recomputed and the engine's numbers;
 *  - recording decisions or sampling series does not change the run (timer-driven AQMs
 *    update lazily, and reading their variables brings them up to date the same way);
 *  - summary.bottleneck.aqm.means are time averages over [warm-up, end]: the integral over
 *    the whole run equals the integral up to the warm-up plus the one after it;
 *  - a record's rule sentence written later (lazy rules, the app's worker) is the one
 *    written at once, even when the parameters it prints changed in between.
 */
import { describe, expect, it } from 'vitest';
import { withRule, type DecisionRecord } from '../../../../src/engine/aqm/decision';
import { AQMS } from '../../../../src/engine/aqm/registry';
import { createRun, runScenario } from '../../../../src/engine/run';
import { explainDecision } from '../../../../src/ui/inspector/explain';
import { longLived } from './longlived';

const QUEUES: Record<string, Record<string, unknown>> = {
  droptail: { limit: 60 },
  red: { limit: 100, minTh: 5, maxTh: 15, gentle: true },
  ared: { limit: 200, meanPktSize: 1500 },
  'sc-red': { limit: 100, minTh: 5, maxTh: 30 },
  pi: { limit: 300, qRef: 50 },
  rem: { limit: 300, bStar: 50 },
  codel: { limit: 300 },
  pie: { limit: 300 },
};

describe('every AQM on real runs', () => {
  it('the registry and this table agree', () => {
    expect(Object.keys(QUEUES).sort()).toEqual(AQMS.map((d) => d.kind).sort());
  });

  for (const d of AQMS) {
    for (const ecn of [false, true]) {
      it(`${d.kind}${ecn ? ' + ECN' : ''}: every engine record is explained without disagreement`, () => {
        const recs: DecisionRecord[] = [];
        const s = longLived({ kind: d.kind, ...QUEUES[d.kind], ...('ecn' in d.params ? { ecn } : {}) }, 8, { duration: 12, warmup: 0, tcp: { ecn } });
        runScenario(s, { decision: (r) => recs.push(r) });
        expect(recs.length).toBeGreaterThan(1000);
        const outcomes = new Set<string>();
        // the inspector shows the engine's rule beside the step-through, which writes ≥ and ≤:
        // the rule does too (an ns-2 source line it quotes keeps its C)
        const ascii = new Set<string>();
        // a draw and its probability in the rule read as the steps write them (0, not 0.000) and
        // never alike when they differ (helper-81: "p_a = 0.000", and one draw equal to p_a at 4 digits)
        const drawText = new Set<string>();
        for (const r of recs) {
          const m = /u = ([^ ]+) [<≥] p(?:_a)? = ([^ :,)]+)/.exec(String(r.rule));
          if (m && (m[1] === m[2] || /^[01]\.0+$/.test(m[1]) || /^[01]\.0+$/.test(m[2]))) drawText.add(String(r.rule));
          const e = explainDecision(r);
          if (e.mismatches.length > 0) throw new Error(`${d.kind} t=${r.t}: ${e.mismatches.join('; ')}\n${JSON.stringify(r)}`);
          for (const text of [r.rule, ...e.steps.flatMap((st) => [st.formula, st.value])]) if (/[<>]=/.test(String(text).replace(/\(ns-2 [a-z-]+\.cc [^)]*\)/g, ''))) ascii.add(String(text).replace(/\d[\d.e+-]*/g, '#'));
          expect(e.steps.length).toBeGreaterThan(d.kind === 'droptail' ? 0 : 1);
          outcomes.add(e.outcome);
        }
        if (d.kind !== 'droptail') expect([...outcomes].some((o) => o === (ecn ? 'mark CE' : 'early drop'))).toBe(true);
        expect([...ascii]).toEqual([]);
        expect([...drawText].slice(0, 3)).toEqual([]);
      });
    }

    it(`${d.kind} + ECN: a rule sentence written after the run is the one written at once, though the limit changed mid-run`, () => {
      const s = longLived({ kind: d.kind, ...QUEUES[d.kind], ...('ecn' in d.params ? { ecn: true } : {}) }, 8, { duration: 8, warmup: 0, tcp: { ecn: true } });
      const limit = QUEUES[d.kind].limit as number;
      const record = (lazyRules: boolean) => {
        const recs: DecisionRecord[] = [];
        const run = createRun(s, { decision: (r) => recs.push(r) }, { lazyRules });
        run.advance(4);
        // a smaller buffer: overflow sentences print it, and the queue must hit it
        expect(run.setParam('topology.bottleneck.queue.limit', Math.round(limit * 0.4))).toBeNull();
        while (!run.done) run.advance(Infinity);
        return recs;
      };
      const eager = record(false);
      const lazy = record(true);
      expect(eager.every((r) => r.ruleText === undefined && r.rule !== '')).toBe(true);
      // CoDel's arrivals have a fixed sentence; every other sentence is written later
      expect(lazy.filter((r) => r.ruleText !== undefined).length).toBeGreaterThan(d.kind === 'codel' ? 1000 : lazy.length - 1);
      expect(lazy.map(withRule)).toEqual(eager);
      expect(lazy.every((r) => r.ruleText === undefined)).toBe(true);
      // drop-tail overflows before and after the change, and its sentences print both limits
      if (d.kind === 'droptail') expect(new Set(eager.filter((r) => r.reason === 'overflow').map((r) => /limit (\d+)/.exec(r.rule)?.[1])).size).toBe(2);
    });

    it(`${d.kind}: series and decision recording do not change the run; means cover [warm-up, end]`, () => {
      const s = longLived({ kind: d.kind, ...QUEUES[d.kind] }, 6, { duration: 12, warmup: 4 });
      const plain = runScenario(s).summary;
      const watched = runScenario(s, { series: () => {}, decision: () => {} }, { sampleInterval: 0.0007 }).summary;
      expect({ ...watched, wallSeconds: 0 }).toEqual({ ...plain, wallSeconds: 0 });
      // integral identity: whole run = up to the warm-up + after it
      const whole = runScenario({ ...s, warmup: 0 }).summary.bottleneck.aqm!;
      const head = runScenario({ ...s, warmup: 0, duration: 4 }).summary.bottleneck.aqm!;
      const tail = plain.bottleneck.aqm!;
      expect(Object.keys(tail.means)).toEqual(d.vars?.map((v) => v.name) ?? []);
      for (const k of Object.keys(tail.means)) {
        expect(tail.means[k] * 8, k).toBeCloseTo(whole.means[k] * 12 - head.means[k] * 4, 9);
      }
    });
  }
});
