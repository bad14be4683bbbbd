/**
 * What a lesson's statement reports as measured is read on the projector under a tick or a
 * cross: it says things in words. The seeds/002 loss statements reported
 * "0.55 % of the packets lost (->)", the CLI tables' arrow for the left-to-right direction,
 * which in a sentence read as a stray symbol.
 */
import { describe, expect, it } from 'vitest';
import type { RunResult, Summary } from '../../../../src/engine/metrics/types';
import { PRESETS, presetByName } from '../../../../src/engine/scenario/presets';

describe("a statement's measured value is in words", () => {
  it('web100-users-pi24-90: the loss statement says the direction as "left to right"', () => {
    const claims = presetByName('web100-users-pi24-90')!.claims!;
    const loss = claims.find((c) => /of the packets are lost/.test(c.text))!;
    expect(loss).toBeDefined();
    const v = loss.check({ summary: { bottleneck: { lossRate: 0.0055 } } as unknown as Summary } as RunResult);
    expect(v.pass).toBe(true);
    expect(v.measured).toBe('0.55 % of the packets lost, left to right');
  });

  it('no lesson of the seeds/002 families reports "(->)" or "(<-)"', () => {
    const lessons = PRESETS.filter((p) => /^web100-users-/.test(p.name));
    expect(lessons.length).toBeGreaterThan(20);
    let checked = 0;
    for (const p of lessons) {
      for (const c of p.claims ?? []) {
        if (!/of the packets are lost/.test(c.text)) continue;
        const v = c.check({ summary: { bottleneck: { lossRate: 0.011 } } as unknown as Summary } as RunResult);
        expect(v.measured, `${p.name}: ${c.text}`).not.toMatch(/\((->|<-)\)/);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(10);
  });
});
