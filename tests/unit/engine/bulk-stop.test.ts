/**
 * A bulk item's `stop` (seeds/004 Figs. 7-8 switch flows on and off): at `stop` its flows
 * write nothing more; what was sent is delivered and they complete soon after, while the
 * other flows take the bandwidth back.
 */
import { describe, expect, it } from 'vitest';
import { runScenario } from '../../../src/engine/run';
import { parseScenario } from '../../../src/engine/scenario/schema';

function scenario(traffic: unknown[]) {
  return parseScenario({
    version: 1,
    duration: 30,
    topology: { kind: 'dumbbell', bottleneck: { rate: 10e6, delay: 0.02, queue: { kind: 'droptail', limit: 100 } }, left: { hosts: 4 }, right: { hosts: 4 } },
    traffic,
  });
}

describe('bulk stop', () => {
  it('stopped flows finish within a second of their stop time; the others then fill the link', () => {
    const p = scenario([
      { kind: 'bulk', flows: 2, start: 0, startSpread: 0 },
      { kind: 'bulk', flows: 2, start: 5, startSpread: 0, stop: 15 },
    ]);
    if (!p.ok) throw new Error(p.errors.join('\n'));
    const s = runScenario(p.scenario).summary;
    const [a, b, c, d] = s.flows;
    for (const f of [c, d]) {
      expect(f.completionTime).toBeGreaterThanOrEqual(15);
      expect(f.completionTime).toBeLessThan(16);
      // a share of 10 Mb/s for 10 s (a quarter once all four are going)
      expect(f.bytesDelivered).toBeGreaterThan((0.1 * 10e6 * 10) / 8);
    }
    expect(a.completionTime).toBeNull();
    expect(b.completionTime).toBeNull();
    // the two long-lived flows carry the link alone for 20 of the 30 s
    expect(a.bytesDelivered + b.bytesDelivered).toBeGreaterThan((0.9 * 10e6 * 20) / 8);
  });

  it('stop must come after start', () => {
    const p = scenario([{ kind: 'bulk', flows: 1, start: 3, stop: 1 }]);
    expect(p.ok ? [] : p.errors).toEqual(['traffic.0.stop = 1 must be after traffic.0.start = 3']);
  });
});
