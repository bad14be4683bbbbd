/**
 * flowDelay kind "list": fixed groups of RTTs (the RTT-unfairness set-up). The long-lived
 * flows take the values in turn, flow i gets values[i mod n] whatever the seed; a web
 * connection draws one value, each equally likely. The old kinds draw exactly as before
 * (golden runs and shipped calibrations depend on their draws); the kind is validated,
 * editable, kept by links and exported to ns-2.
 */
import { describe, expect, it } from 'vitest';
import { Rng, rngFor } from '../../../../src/engine/core/rng';
import { DEFAULT_SCENARIO_JSON } from '../../../../src/engine/scenario/defaults';
import { cloneJson } from '../../../../src/engine/scenario/paths';
import { parseScenario, type Scenario } from '../../../../src/engine/scenario/schema';
import { applySet, applySetTexts } from '../../../../src/engine/scenario/set';
import { decodeHash, encodeHash } from '../../../../src/engine/scenario/url';
import { drawFlowDelay, SEEDS000_RTT_POINTS } from '../../../../src/engine/traffic/flow-delay';
import { createRun, flowDelays } from '../../../../src/engine/sim-run';
import { exportNs2 } from '../../../../src/ns2/export';
import { editorFields, errorsByPath, formatDelays, labelledMessage, parseDelays, type DelayListField } from '../../../../src/ui/editor/fields';

function withDelay(flowDelay: unknown, extra: Record<string, unknown> = {}): Record<string, unknown> {
  const json = cloneJson(DEFAULT_SCENARIO_JSON) as Record<string, unknown>;
  json.topology = { ...(json.topology as object), flowDelay };
  return { ...json, ...extra };
}

function errorsOf(json: unknown): string[] {
  const r = parseScenario(json);
  return r.ok ? [] : r.errors;
}

function parsed(json: unknown): Scenario {
  const r = parseScenario(json);
  if (!r.ok) throw new Error(r.errors.join('\n'));
  return r.scenario;
}

function delayOf(s: Scenario): unknown {
  return s.topology.kind === 'dumbbell' ? s.topology.flowDelay : undefined;
}

describe('flowDelay list: the draws', () => {
  it('flow i gets values[i mod n], whatever the seed', () => {
    const spec = { kind: 'list' as const, values: [0.005, 0.075] };
    for (const seed of [1, 2, 99]) expect(flowDelays(seed, spec, 5)).toEqual([0.005, 0.075, 0.005, 0.075, 0.005]);
    expect(flowDelays(7, { kind: 'list', values: [0.01, 0.02, 0.03] }, 7)).toEqual([0.01, 0.02, 0.03, 0.01, 0.02, 0.03, 0.01]);
  });

  it('a web connection draws one of the values, each about equally often', () => {
    const rng = new Rng(5, 1);
    const values = [0.001, 0.002, 0.004];
    const counts = new Map<number, number>();
    for (let k = 0; k < 30000; k++) {
      const d = drawFlowDelay({ kind: 'list', values }, rng);
      counts.set(d, (counts.get(d) ?? 0) + 1);
    }
    expect([...counts.keys()].sort()).toEqual(values);
    for (const v of values) expect(Math.abs(counts.get(v)! / 30000 - 1 / 3)).toBeLessThan(0.015);
  });

  it('the old kinds draw exactly as the code before list (one rng stream, one draw per flow)', () => {
    // the draws as written before the list kind, kept here as the reference
    const before = (seed: number, spec: { kind: 'uniform'; min: number; max: number } | { kind: 'empirical'; points: [number, number][] }, n: number): number[] => {
      const rng = rngFor(seed, 'flowDelay');
      const out: number[] = [];
      for (let f = 0; f < n; f++) {
        if (spec.kind === 'uniform') out.push(rng.range(spec.min, spec.max));
        else {
          const u = rng.uniform();
          let prevX = spec.points[0][0];
          let prevP = 0;
          let v = spec.points[spec.points.length - 1][0];
          for (const [x, p] of spec.points) {
            if (u <= p) {
              v = p > prevP ? prevX + ((x - prevX) * (u - prevP)) / (p - prevP) : x;
              break;
            }
            prevX = x;
            prevP = p;
          }
          out.push(v);
        }
      }
      return out;
    };
    for (const seed of [1, 42]) {
      const u = { kind: 'uniform' as const, min: 0.005, max: 0.075 };
      expect(flowDelays(seed, u, 50)).toEqual(before(seed, u, 50));
      const e = { kind: 'empirical' as const, points: SEEDS000_RTT_POINTS };
      expect(flowDelays(seed, e, 50)).toEqual(before(seed, e, 50));
    }
    expect(flowDelays(3, { kind: 'constant', value: 0.02 }, 3)).toEqual([0.02, 0.02, 0.02]);
  });

  it('a run gives flow i the delay values[i mod n] (the engine, not only the helper)', () => {
    const s = parsed(withDelay({ kind: 'list', values: [0, 0.05] }, { duration: 10, traffic: [{ kind: 'bulk', flows: 4 }] }));
    expect([...createRun(s).sim.flowDelayNs]).toEqual([0, 50e6, 0, 50e6]);
  });
});

describe('flowDelay list: validation, --set and links', () => {
  it('names the field and the allowed range', () => {
    expect(errorsOf(withDelay({ kind: 'list', values: [0.005, 12] }))).toEqual(['topology.flowDelay.values.1 = 12 is out of range: allowed 0 to 10 s']);
    expect(errorsOf(withDelay({ kind: 'list', values: [-0.001] }))).toEqual(['topology.flowDelay.values.0 = -0.001 is out of range: allowed 0 to 10 s']);
    expect(errorsOf(withDelay({ kind: 'list', values: [] }))).toEqual(['topology.flowDelay.values: needs at least 1 item(s), got 0']);
    expect(errorsOf(withDelay({ kind: 'list', values: Array.from({ length: 1001 }, () => 0.01) }))).toEqual(['topology.flowDelay.values: 1001 items; allowed at most 1000']);
    expect(errorsOf(withDelay({ kind: 'list', values: ['5ms'] }))[0]).toMatch(/^topology\.flowDelay\.values\.0: expected a number \(0 to 10 s\), got "5ms": in a scenario file write the number in seconds, 0\.005 \(a unit such as 5ms is read by --set and links, not in a file\)$/);
    expect(errorsOf(withDelay({ kind: 'list' }))[0]).toMatch(/^topology\.flowDelay\.values: required/);
    expect(errorsOf(withDelay({ kind: 'list', values: [0.005, 0.075] }))).toEqual([]);
  });

  it('--set: a swap to list starts from two groups; values are checked entry by entry', () => {
    const json = cloneJson(DEFAULT_SCENARIO_JSON) as Record<string, unknown>;
    expect(applySet(json, 'topology.flowDelay.kind', 'list')).toBeNull();
    expect(delayOf(parsed(json))).toEqual({ kind: 'list', values: [0.005, 0.075] });
    expect(applySetTexts(json, ['topology.flowDelay.values=[0.002,0.1,0.2]'])).toEqual([]);
    expect(delayOf(parsed(json))).toEqual({ kind: 'list', values: [0.002, 0.1, 0.2] });
    expect(applySet(json, 'topology.flowDelay.values', [0.1, 11])).toBe('topology.flowDelay.values.1 = 11 is out of range: allowed 0 to 10 s');
    expect(applySet(json, 'topology.flowDelay.values', 0.1)).toMatch(/^topology\.flowDelay\.values: expected a list of numbers .*each 0 to 10 s/);
  });

  it('a link keeps the list', () => {
    const s = parsed(withDelay({ kind: 'list', values: [0.004, 0.03, 0.06] }));
    const back = decodeHash(encodeHash(s, 'default'));
    expect(back.errors).toEqual([]);
    expect(delayOf(back.scenario)).toEqual({ kind: 'list', values: [0.004, 0.03, 0.06] });
  });
});

describe('flowDelay list: the editor', () => {
  it('shows the list in ms and reads it back', () => {
    const s = parsed(withDelay({ kind: 'list', values: [0.005, 0.075] }));
    const f = editorFields(s).find((x): x is DelayListField => x.kind === 'delays')!;
    expect(f.path).toBe('topology.flowDelay.values');
    expect(formatDelays(f.value)).toBe('5, 75');
    const r = parseDelays('2.5, 100 ;300');
    expect(r).toEqual({ ok: true, value: [0.0025, 0.1, 0.3] });
    if (!r.ok) return;
    const json = withDelay({ kind: 'list', values: [0.005] });
    expect(applySet(json, f.path, r.value)).toBeNull();
    const again = editorFields(parsed(json)).find((x): x is DelayListField => x.kind === 'delays')!;
    expect(formatDelays(again.value)).toBe('2.5, 100, 300');
    // every message names the field and the allowed range (BRIEF: bad input)
    expect(parseDelays('')).toEqual({ ok: false, error: 'topology.flowDelay.values: give 1 to 1000 delays, each 0 to 10000, in ms, e.g. "5, 75"' });
    expect(parseDelays('5, x')).toEqual({ ok: false, error: 'topology.flowDelay.values: "x" is not a delay in ms (1 to 1000 delays, each 0 to 10000 ms; write e.g. "5, 75")' });
  });

  it('says flow 0 takes the first delay, as the flow table numbers them', () => {
    const s = parsed(withDelay({ kind: 'list', values: [0.005, 0.075] }));
    const f = editorFields(s).find((x): x is DelayListField => x.kind === 'delays')!;
    expect(f.doc).toContain('flow 0 the first, flow 1 the second');
  });

  it('puts a schema message on the field, in ms and counted from 1', () => {
    const s = parsed(withDelay({ kind: 'list', values: [0.005, 0.075] }));
    const fields = editorFields(s);
    const errs = errorsOf(withDelay({ kind: 'list', values: [0.005, 12] }));
    const by = errorsByPath(errs, fields);
    expect(Object.keys(by)).toEqual(['topology.flowDelay.values']);
    const f = fields.find((x) => x.path === 'topology.flowDelay.values')!;
    expect(labelledMessage(f, errs[0])).toBe('Delays: delay 2: 12000 ms is out of range: allowed 0 to 10000 ms');
  });
});

describe('flowDelay list: the ns-2 export', () => {
  it('writes each long-lived flow its delay from the list', () => {
    const s = parsed({
      version: 1,
      seed: 3,
      duration: 10,
      topology: { kind: 'dumbbell', bottleneck: { rate: 10e6, delay: 0.01, queue: { kind: 'droptail', limit: 100 } }, left: { hosts: 2 }, right: { hosts: 2 }, flowDelay: { kind: 'list', values: [0.005, 0.075] } },
      traffic: [{ kind: 'bulk', flows: 4 }],
    });
    const { script, notes } = exportNs2(s);
    [0.005, 0.075, 0.005, 0.075].forEach((x, f) => {
      expect(script).toContain(`$ns simplex-link $vs(${f}) $n(${f % 2}) 1000000000000 ${x} DropTail`);
      expect(script).toContain(`$ns simplex-link $vr(${f}) $n(${2 + (f % 2)}) 1000000000000 ${x} DropTail`);
    });
    expect(notes.find((n) => n.field === 'topology.flowDelay')?.text).toContain('values[i mod n]');
  });

  it('web connections: a step CDF of the values without interpolation (each 1/n)', () => {
    const s = parsed({
      version: 1,
      seed: 3,
      duration: 40,
      topology: { kind: 'dumbbell', bottleneck: { rate: 10e6, delay: 0.001, queue: { kind: 'droptail', limit: 100 } }, left: { hosts: 2 }, right: { hosts: 3 }, flowDelay: { kind: 'list', values: [0.005, 0.075, 0.2] } },
      traffic: [{ kind: 'packmime', rate: 60, direction: 'both', persistent: true }],
    });
    const { script } = exportNs2(s);
    expect(script).toContain('puts $ch "5 0 0.333333');
    expect(script).toContain('puts $ch "75 0 0.666666');
    expect(script).toContain('puts $ch "200 0 1"');
    expect(script).toContain('$db_rv set interpolation_ 0; $db_rv loadCDF $db_cdf');
  });
});
