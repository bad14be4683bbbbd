import { describe, expect, it } from 'vitest';
import { getPath } from '../../../../src/engine/scenario/paths';
import { lessons } from '../../../../src/ui/scenario-api';
import { VARIANTS } from '../../../../src/ui/compare/variants';

/*
 * Compare's "RED" and "RED + ECN" variants of seeds/001's 4-packet presets failed with
 * "minTh = 5 must be below limit = 4 packets": RED's default thresholds do not fit that
 * buffer. They now take min_th = limit / 4, max_th = 3 min_th, and say so; thresholds that
 * fit are kept.
 */
const Q = 'topology.bottleneck.queue';
const red = VARIANTS.filter((v) => v.id === 'v:red' || v.id === 'v:red-ecn');
const lesson = (name: string) => lessons().find((l) => l.name === name)!.scenario;

describe('Compare variants', () => {
  for (const v of red) {
    it(`${v.label}: a 4-packet drop-tail buffer gets thresholds that fit, and a note says so`, () => {
      const s = lesson('ecn-finite-n2-dt-ql4');
      expect(getPath(s, `${Q}.kind`)).toBe('droptail');
      const r = v.make(s);
      if (!r.ok) throw new Error(r.errors.join('; '));
      expect(getPath(r.scenario, `${Q}.kind`)).toBe('red');
      expect(getPath(r.scenario, `${Q}.limit`)).toBe(4);
      expect(getPath(r.scenario, `${Q}.minTh`)).toBe(1);
      expect(getPath(r.scenario, `${Q}.maxTh`)).toBe(3);
      expect(r.labelNote).toBe('min_th 1, max_th 3');
      expect(r.note).toContain('do not fit this 4-packet buffer');
      expect(r.note).toContain('min_th = limit / 4 = 1');
    });

    it(`${v.label}: thresholds that fit the buffer are kept, with no note`, () => {
      const s = lesson('ecn-finite-n2-dt-ql64');
      const r = v.make(s);
      if (!r.ok) throw new Error(r.errors.join('; '));
      expect(getPath(r.scenario, `${Q}.minTh`)).toBe(5);
      expect(getPath(r.scenario, `${Q}.maxTh`)).toBe(15);
      expect(r.note).toBeUndefined();
      // a queue that is RED already keeps its own thresholds
      const own = lesson('ecn-finite-n2-red-c-ql4');
      const r2 = v.make(own);
      if (!r2.ok) throw new Error(r2.errors.join('; '));
      expect(getPath(r2.scenario, `${Q}.minTh`)).toBe(getPath(own, `${Q}.minTh`));
      expect(getPath(r2.scenario, `${Q}.maxTh`)).toBe(getPath(own, `${Q}.maxTh`));
      expect(r2.note).toBeUndefined();
    });
  }

  it('every variant builds for every dumbbell lesson', () => {
    for (const l of lessons()) {
      if (l.scenario.topology.kind !== 'dumbbell') continue;
      for (const v of VARIANTS) {
        const r = v.make(l.scenario);
        expect(r.ok ? [] : r.errors, `${l.name}: ${v.label}`).toEqual([]);
      }
    }
  });
});
