import { describe, expect, it } from 'vitest';
import type { ParamSpecs } from '../../../../src/engine/core/params';
import { paramSpecAt, parseScenario } from '../../../../src/engine/scenario/schema';
import { allowedKeysAt } from '../../../../src/engine/scenario/tree';
import { TRAFFIC_KIND, TRAFFICS, trafficByKind } from '../../../../src/engine/traffic/registry';

/** A finite-duration dumbbell with one traffic item of `kind` (all parameters left to their defaults). */
function withItem(item: Record<string, unknown>): unknown {
  return { version: 1, duration: 5, topology: { kind: 'dumbbell' }, traffic: [item] };
}

describe('traffic registry: the scenario shape comes from the descriptors', () => {
  it('the kind enum lists every descriptor, in registry order, with its label', () => {
    expect(TRAFFIC_KIND.values).toEqual(TRAFFICS.map((d) => d.kind));
    for (const d of TRAFFICS) {
      expect(TRAFFIC_KIND.valueDocs?.[d.kind]).toBe(d.label);
      expect(trafficByKind(d.kind)).toBe(d);
    }
    expect(trafficByKind('nope')).toBeUndefined();
  });

  it('every declared parameter is a field of its kind: defaults filled in, optional ones left absent, the spec found by path', () => {
    for (const d of TRAFFICS) {
      const r = parseScenario(withItem({ kind: d.kind }));
      if (!r.ok) throw new Error(`${d.kind}: ${r.errors.join('; ')}`);
      const item = r.scenario.traffic[0] as unknown as Record<string, unknown>;
      const optional = Object.keys(d.optional ?? {});
      for (const [k, spec] of Object.entries(d.params as ParamSpecs)) {
        expect(paramSpecAt(r.scenario, `traffic.0.${k}`), `${d.kind}.${k}`).toBe(spec);
        if (optional.includes(k)) expect(item[k], `${d.kind}.${k}`).toBeUndefined();
        else expect(item[k], `${d.kind}.${k}`).toEqual(spec.default);
      }
      // the tcp override exists exactly for the kinds that declare it; `from` unless the kind places both ends
      const keys = allowedKeysAt(r.scenario, ['traffic', '0']);
      expect(keys.includes('tcp'), d.kind).toBe(!!d.tcpOverride);
      expect(keys.includes('from'), d.kind).toBe(d.from !== false);
    }
  });

  it('a kind rejects fields of another kind, naming the ones it allows', () => {
    const r = parseScenario(withItem({ kind: 'udp', flows: 3 }));
    expect(r.ok ? [] : r.errors).toEqual([expect.stringMatching(/^traffic\.0\.flows: unknown field; allowed here: kind, from, src, dst, pattern, rate/)]);
  });

  it("a kind's cross-field rule and its need for a duration reach the schema's messages", () => {
    const bad = parseScenario(withItem({ kind: 'udp', start: 3, stop: 2 }));
    expect(bad.ok ? [] : bad.errors).toEqual(['traffic.0.stop = 2 must be after traffic.0.start = 3']);
    const open = parseScenario({ version: 1, topology: { kind: 'dumbbell' }, traffic: [{ kind: 'bulk', bytes: 1000 }, { kind: 'udp' }] });
    expect(open.ok ? [] : open.errors).toEqual([
      'duration: required because traffic.1 (udp) has no stop time; give duration in seconds (> 0 to 1000000 s) or traffic.1.stop',
    ]);
    const finite = parseScenario({ version: 1, topology: { kind: 'dumbbell' }, traffic: [{ kind: 'bulk', bytes: 1000 }, { kind: 'udp', stop: 1 }] });
    expect(finite.ok).toBe(true);
  });
});
