/**
 * A kind swap in the editor keeps a value only where the name means the same in both kinds
 * (engine/scenario/set.ts); what it left behind of a value the user had set is said in one
 * line under the kind's selector (kindSwapNote).
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_SCENARIO_JSON } from '../../../../src/engine/scenario/defaults';
import type { Scenario } from '../../../../src/engine/scenario/schema';
import { scenarioWithSets } from '../../../support/scenario-sets';
import { kindSwapNote } from '../../../../src/ui/editor/fields';

const Q = 'topology.bottleneck.queue';

const scenarioWith = (sets: [string, unknown][]): Scenario => scenarioWithSets(DEFAULT_SCENARIO_JSON, sets);

describe('kindSwapNote', () => {
  it("PIE's target set to 20 ms, then CoDel: the target is CoDel's 5 ms, and the note says so", () => {
    const pie = scenarioWith([[`${Q}.kind`, 'pie'], [`${Q}.target`, 0.02]]);
    const codel = scenarioWith([[`${Q}.kind`, 'pie'], [`${Q}.target`, 0.02], [`${Q}.kind`, 'codel']]);
    expect(codel.topology.kind === 'dumbbell' && codel.topology.bottleneck.queue).toMatchObject({ kind: 'codel', target: 0.005 });
    expect(kindSwapNote(pie, codel, `${Q}.kind`)).toBe("Target reset to CoDel's default 5 ms (PIE's was 20 ms).");
  });

  it('says nothing when no value set away from the old default was left behind', () => {
    // PIE at its defaults: CoDel's 5 ms replaces PIE's own default 15 ms, nothing the user set
    const pie = scenarioWith([[`${Q}.kind`, 'pie']]);
    const codel = scenarioWith([[`${Q}.kind`, 'pie'], [`${Q}.kind`, 'codel']]);
    expect(kindSwapNote(pie, codel, `${Q}.kind`)).toBeNull();
    // a buffer limit set carries (it is the link's, in every kind): not reset, not said
    const pie50 = scenarioWith([[`${Q}.kind`, 'pie'], [`${Q}.limit`, 50]]);
    const codel50 = scenarioWith([[`${Q}.kind`, 'pie'], [`${Q}.limit`, 50], [`${Q}.kind`, 'codel']]);
    expect(codel50.topology.kind === 'dumbbell' && codel50.topology.bottleneck.queue.limit).toBe(50);
    expect(kindSwapNote(pie50, codel50, `${Q}.kind`)).toBeNull();
  });
});
