import { describe, expect, it } from 'vitest';
import { getPath } from '../../../../src/engine/scenario/paths';
import { queueAxis } from '../../../../src/ui/compare/queue-axis';
import { VARIANTS } from '../../../../src/ui/compare/variants';
import { lessons } from '../../../../src/ui/scenario-api';
import { viewOf } from '../../../../src/ui/scenario-view';

/*
 * Compare's queue chart was labelled in packets and drew the 'queue' column (packets), but
 * a queue counted in bytes records its average and RED's thresholds in bytes: the RED
 * variant of a 100 Mb/s seeds/002 lesson showed an average of thousands of "packets" over
 * a queue of about ten. Both in bytes: the axis is KB and every line and threshold is in
 * KB; one of each: packets, and the byte-counted run's average and thresholds are left out.
 */
describe("Compare's queue axis", () => {
  it('two queues in bytes: KB, from the byte column; in packets: packets', () => {
    const b = queueAxis('bytes', 'bytes');
    expect([b.column, b.scale, b.label, b.ownUnit('bytes')]).toEqual(['queueBytes', 1e-3, 'queue (KB)', true]);
    const p = queueAxis('packets', 'packets');
    expect([p.column, p.scale, p.label, p.ownUnit('packets')]).toEqual(['queue', 1, 'queue (packets)', true]);
    const m = queueAxis('packets', 'bytes');
    expect([m.column, m.label, m.ownUnit('packets'), m.ownUnit('bytes')]).toEqual(['queue', 'queue (packets)', true, false]);
  });

  it('the RED variant of a byte-counted lesson is drawn in KB, its thresholds with it', () => {
    const l = lessons().find((x) => x.name === 'web100-users-general-pi24-ecn-98')!;
    const r = VARIANTS.find((v) => v.id === 'v:red')!.make(l.scenario);
    if (!r.ok) throw new Error(r.errors.join('; '));
    const va = viewOf(l.scenario);
    const vb = viewOf(r.scenario);
    expect([va.queue.unit, vb.queue.unit]).toEqual(['bytes', 'bytes']);
    const axis = queueAxis(va.queue.unit, vb.queue.unit);
    expect(axis.label).toBe('queue (KB)');
    expect(axis.ownUnit(vb.queue.unit)).toBe(true);
    // max_th in KB on the axis, inside the buffer drawn in KB
    expect(vb.queue.maxTh! * axis.scale).toBe((getPath(r.scenario, 'topology.bottleneck.queue.maxTh') as number) / 1000);
    expect(vb.queue.maxTh! * axis.scale).toBeLessThan((getPath(r.scenario, 'topology.bottleneck.queue.limit') as number) / 1000);
  });
});
