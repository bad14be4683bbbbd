import { describe, expect, it } from 'vitest';
import { calibrateLoads, calibrationKey, keyHash, setCalibrationStore, useShippedCalibrations } from '../../../../src/engine/traffic/calibrate';
import { SHIPPED_CALIBRATIONS } from '../../../../src/engine/traffic/shipped-calibrations';
import { runScenario } from '../../../../src/engine/run';
import { presetByName } from '../../../../src/engine/scenario/presets';
import { shippedRuns } from '../../../../src/cli/ship-calibrations';
import type { EngineScenario } from '../../../../src/engine/sim-run';

const noStore = () => setCalibrationStore({ get: () => undefined, set: () => {} });
const refuse = (): never => {
  throw new Error('not shipped: run `npm run calibrations`');
};

describe('shipped calibrations', () => {
  it('a field added later, at the default that keeps the workload, leaves the key as it was; another value changes it', () => {
    // requestSizes came after the calibrations were shipped; echoed at its default it
    // changed every PackMime key, and each web lesson calibrated again on its first Play
    const s = presetByName('web-dt148-80')!.scenario as unknown as EngineScenario;
    const item = s.traffic[0] as unknown as Record<string, unknown>;
    const without = { ...item };
    delete without.requestSizes;
    const key = (t: Record<string, unknown>) => calibrationKey({ ...s, traffic: [t as never] }, 0, 'rate', 0.8);
    expect(item.requestSizes).toBe('independent');
    expect(key(item)).toBe(key(without));
    expect(key({ ...item, requestSizes: 'farima' })).not.toBe(key(item));
    expect(key({ ...item, arrivals: 'farima' })).not.toBe(key(item));
  });

  it("an open-loop web-sessions key carries its model's version (per-slot streams), so calibrations of the old workload are never used; closed loop's key is as it was", () => {
    const s = presetByName('web100-redstar-90')!.scenario as unknown as EngineScenario;
    const item = s.traffic[0] as unknown as Record<string, unknown>;
    const key = (t: Record<string, unknown>) => calibrationKey({ ...s, traffic: [t as never] }, 0, 'sessions', 0.9);
    expect(item.openLoop).toBe(true);
    expect(key(item)).toContain('"modelVersion":2');
    expect(key({ ...item, openLoop: false })).not.toContain('modelVersion');
  });

  it('keyHash is 64-bit FNV-1a (the FNV test vectors)', () => {
    expect(keyHash('')).toBe('cbf29ce484222325');
    expect(keyHash('a')).toBe('af63dc4c8601ec8c');
    expect(keyHash('foobar')).toBe('85944171f73967e8');
  });

  it('every preset asking for a load finds its calibration shipped, at its own seed, the next four and seeds 1-5', () => {
    const asked = new Set<string>();
    setCalibrationStore({ get: (k) => void asked.add(keyHash(k)), set: () => {} });
    useShippedCalibrations(true);
    const missing: string[] = [];
    for (const r of shippedRuns()) {
      try {
        const c = [...calibrateLoads(r.scenario, refuse).values()];
        expect(c.every((x) => x.runs === 0)).toBe(true);
      } catch {
        missing.push(`${r.preset} seed ${r.scenario.seed}`);
      }
    }
    expect(missing, 'calibrations not shipped: run `npm run calibrations`').toEqual([]);
    // and every entry serves one of them (none left over from an older workload)
    expect(Object.keys(SHIPPED_CALIBRATIONS).filter((h) => !asked.has(h))).toEqual([]);
  });

  it('a shipped calibration is exactly what calibrating computes (each 10 Mb/s lesson at its own seed)', () => {
    noStore();
    const own = shippedRuns().filter((r) => {
      const p = presetByName(r.preset)!;
      const t = r.scenario.topology;
      return p.group !== 'bench' && r.scenario.seed === (p.scenario as unknown as EngineScenario).seed && t.kind === 'dumbbell' && t.bottleneck.rate <= 10e6;
    });
    const seen = new Set<string>();
    let checked = 0;
    for (const r of own) {
      useShippedCalibrations(true);
      const shipped = [...calibrateLoads(r.scenario, refuse).values()];
      const key = JSON.stringify(shipped.map((c) => [c.item, c.value, c.measured]));
      if (seen.has(key)) continue;
      seen.add(key);
      useShippedCalibrations(false);
      noStore();
      const fresh = [...calibrateLoads(r.scenario, (s) => runScenario(s)).values()];
      expect(fresh.map((c) => ({ value: c.value, measured: c.measured, fixed: c.fixed })), r.preset).toEqual(shipped.map((c) => ({ value: c.value, measured: c.measured, fixed: c.fixed })));
      expect(fresh.every((c) => c.runs > 0)).toBe(true);
      checked++;
    }
    expect(checked).toBeGreaterThanOrEqual(8);
    useShippedCalibrations(true);
  }, 300_000);
});
