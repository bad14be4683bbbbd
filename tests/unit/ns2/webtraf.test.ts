import { describe, expect, test } from 'vitest';
import { exportNs2 } from '../../../src/ns2/export';
import { geometricAsExponentialMean, pagesToCover, webTrafVariables } from '../../../src/ns2/webtraf';
import { parseScenario, type Scenario } from '../../../src/engine/scenario/schema';
import { paretoScale } from '../../../src/engine/traffic/web-sessions';

/**
 * Export of seeds/003's web sessions to ns-2.35's PagePool/WebTraf (src/ns2/webtraf.ts):
 * the RandomVariables ns-2 draws from must have the laws the engine declares. Running the
 * scripts in ns-2 is docs/web.md's cross-check.
 */

function scenario(traffic: Record<string, unknown>, extra: Record<string, unknown> = {}): Scenario {
  const r = parseScenario({
    version: 1,
    seed: 4,
    duration: 30,
    warmup: 10,
    topology: { kind: 'dumbbell', bottleneck: { rate: 10e6, delay: 0.001, queue: { kind: 'droptail', limit: 100 } }, left: { hosts: 2 }, right: { hosts: 1 }, flowDelay: { kind: 'uniform', min: 0.005, max: 0.075 } },
    traffic: [{ kind: 'web-sessions', ...traffic }],
    ...extra,
  });
  if (!r.ok) throw new Error(r.errors.join());
  return r.scenario;
}

/** ns-2's ceil(Exponential(avg a)) has P(K > k) = exp(-k a^-1): its mean, summed. */
function meanOfCeilExponential(a: number): number {
  let m = 0;
  for (let k = 0; k < 100000; k++) {
    const p = Math.exp(-k / a);
    if (p < 1e-15) break;
    m += p;
  }
  return m;
}

describe('web sessions as PagePool/WebTraf', () => {
  test('objects per page: ceil of an exponential has the geometric law and mean the engine declares', () => {
    for (const mean of [1.5, 3, 7, 20]) {
      const a = geometricAsExponentialMean(mean);
      if (a === null) throw new Error('expected an exponential');
      expect(meanOfCeilExponential(a)).toBeCloseTo(mean, 9);
      // the engine's geometric: P(K > k) = (1 - 1/mean)^k, term by term
      for (const k of [1, 2, 5]) expect(Math.exp(-k / a)).toBeCloseTo((1 - 1 / mean) ** k, 12);
    }
    // a mean of one object is the constant 1 (an exponential cannot give it)
    expect(geometricAsExponentialMean(1)).toBeNull();
    expect(webTrafVariables({ interPage: 5, interPageShape: 1.5, objects: 1, interObject: 0, objectSize: 7200, objectShape: 1.15 })).toMatchObject({ objects: { kind: 'constant', value: 1 }, interObject: { kind: 'constant', value: 0 } });
  });

  test('Pareto inter-page times and object sizes: ns-2\'s avg_ and shape_ give the engine\'s scale, so the same mean', () => {
    const v = webTrafVariables({ interPage: 5, interPageShape: 1.5, objects: 3, interObject: 0.01, objectSize: 7200, objectShape: 1.15 });
    // ranvar.cc: Pareto value = avg (shape - 1) / shape / u^(1/shape): scale and mean as the engine's sampler
    const nsScale = (p: { avg: number; shape: number }) => (p.avg * (p.shape - 1)) / p.shape;
    expect(nsScale(v.interPage)).toBeCloseTo(paretoScale(5, 1.5), 12);
    expect(nsScale(v.objectSize)).toBeCloseTo(paretoScale(7200, 1.15), 9);
    // mean of a Pareto = scale shape / (shape - 1)
    expect((nsScale(v.objectSize) * 1.15) / 0.15).toBeCloseTo(7200, 6);
    expect(v.interObject).toEqual({ kind: 'exponential', avg: 0.01 });
  });

  test('a session slot outlasts the run: even at the shortest gaps its pages cover the span', () => {
    for (const [span, mean, shape] of [[30, 5, 1.5], [20, 0.5, 1.2], [1000, 10, 3]]) {
      const n = pagesToCover(span, mean, shape);
      const minGap = paretoScale(mean, shape);
      expect((n - 1) * minGap).toBeGreaterThanOrEqual(span);
      expect((n - 2) * minGap).toBeLessThan(span);
    }
  });

  test('the script: one pool per direction, the declared sessions with the declared laws, open or closed loop, DelayBox per host pair', () => {
    const { script, notes } = exportNs2(scenario({ direction: 'both', sessions: 40, pages: 10, interPage: 4, interPageShape: 1.5, objects: 3, interObject: 0.02, objectSize: 5000, objectShape: 1.2, openLoop: true }, { tcp: { variant: 'newreno', ecn: true, ecnPlus: true } }));
    // forward: servers on the left (0, 1), clients on the right (2); reverse the other way
    expect(script).toContain('set wtp [wt_pool 0 [list $n(2)] [list $n(0) $n(1)] FullTcp/Newreno 420]');
    expect(script).toContain('set wtp [wt_pool 1 [list $n(0) $n(1)] [list $n(2)] FullTcp/Newreno 420]');
    expect(script).toContain('$wt_ip0 set avg_ 4; $wt_ip0 set shape_ 1.5');
    expect(script).toContain(`$wt_ps0 set avg_ ${geometricAsExponentialMean(3)}`);
    expect(script).toContain('set wt_io0 [new RandomVariable/Exponential]; $wt_io0 set avg_ 0.02');
    expect(script).toContain('$wt_os1 set avg_ 5000; $wt_os1 set shape_ 1.2');
    const sessions = [...script.matchAll(/\$wtp set-num-session (\d+)\n.*create-session \$i (\d+) /g)];
    expect(sessions.map((m) => [Number(m[1]), Number(m[2])])).toEqual([
      [40, pagesToCover(30, 4, 1.5)],
      [40, pagesToCover(30, 4, 1.5)],
    ]);
    expect(script.match(/\$wtp set-interPageOption 0/g)?.length).toBe(2);
    // ECN+ makes the SYN-ACK ECN-capable in FullTcp
    expect(script).toMatch(/ecn_ 1 ecn_syn_ true/);
    // one DelayBox router, one rule per client/server host pair
    expect(script).toContain('set n(3) [$ns DelayBox]');
    expect([...script.matchAll(/^\$n\(3\) add-rule/gm)].length).toBe(2);
    expect(script).toContain('PagePool/WebTraf set fulltcp_ 1');
    expect(notes.map((n) => n.field)).toEqual(expect.arrayContaining(['traffic.0', 'traffic.0.pages', 'traffic.0.openLoop']));
    expect(notes.map((n) => n.field)).not.toContain('tcp.fin');
    // closed loop is ns-2's default option
    expect(exportNs2(scenario({ sessions: 5, openLoop: false })).script).toContain('$wtp set-interPageOption 1');
  });

  test('refused: persistent sessions, and a load without the engine\'s calibration; with it the calibrated sessions', () => {
    expect(() => exportNs2(scenario({ sessions: 5, persistent: true }))).toThrow(/^traffic\.0\.persistent: persistent web sessions cannot be exported/);
    const s = scenario({ load: 0.9 });
    expect(() => exportNs2(s)).toThrow(/^traffic\.0\.load: an offered load \(0\.9\) becomes a number of sessions only by calibration runs/);
    const cal = { item: 0, load: 0.9, param: 'sessions' as const, value: 237, measured: 0.9, runs: 2, fixed: {} };
    expect(exportNs2(s, { calibrations: [cal] }).script).toContain('$wtp set-num-session 237');
  });
});
