import { describe, expect, it } from 'vitest';
import { encodeLink, lessons, runChanges, withParam, withParams, type Scenario } from '../../../src/ui/scenario-api';

/**
 * "Your scenario differs from the lesson: ..." (the claims panel) lists what the teacher
 * changed in words a link uses: the link's keys, items added and removed included (those
 * were the compact form, and the panel listed "v=1 s=eyJ2ZXJz..." then).
 */
describe('runChanges', () => {
  const lesson = lessons().find((l) => l.name === 'default')!;
  const edit = (s: Scenario, changes: [string, unknown][]): Scenario => {
    const r = withParams(s, changes);
    if (!r.ok) throw new Error(r.errors.join('; '));
    return r.scenario;
  };

  it('a link in keys: the keys, as before', () => {
    const s = edit(lesson.scenario, [['topology.bottleneck.rate', 20e6]]);
    expect(runChanges(s, 'default')).toEqual(['topology.bottleneck.rate=20000000']);
  });

  it('traffic items added: each changed field by path and value, no base64', () => {
    let s = edit(lesson.scenario, [['topology.bottleneck.queue.kind', 'pie'], ['topology.bottleneck.rate', 20e6], ['name', 'My PIE class'], ['seed', 42]]);
    const udp = withParam(s, 'traffic', [...s.traffic, { kind: 'udp', from: 'left', rate: 5e6 }]);
    if (!udp.ok) throw new Error(udp.errors.join('; '));
    s = udp.scenario;
    // the link says an added item in its keys (it was the compact form, one key s of base64)
    expect(encodeLink(s, 'default')).not.toMatch(/&s=/);
    const changed = runChanges(s, 'default');
    expect(changed.some((kv) => kv.startsWith('s=') || kv.startsWith('v='))).toBe(false);
    // as the link's keys say it: the queue's new kind (not PIE's defaults nor RED's fields gone),
    // the new item's kind and what differs from that kind's defaults; the name is a label, not a change of the run
    expect(changed).toEqual(['topology.bottleneck.queue.kind=pie', 'topology.bottleneck.rate=20000000', 'traffic.1.from=left', 'traffic.1.kind=udp', 'traffic.1.rate=5000000', 'seed=42']);
  });

  it('a per-flow delay list given with an item added: the list as one value, as a link writes it', () => {
    const s = edit(lesson.scenario, [['topology.flowDelay.kind', 'list'], ['topology.flowDelay.values', [0.01, 0.05]]]);
    const r = withParam(s, 'traffic', [...s.traffic, { kind: 'bulk', from: 'left' }]);
    if (!r.ok) throw new Error(r.errors.join('; '));
    expect(runChanges(r.scenario, 'default')).toEqual(['topology.flowDelay.kind=list', 'topology.flowDelay.values=[0.01,0.05]', 'traffic.1.from=left', 'traffic.1.kind=bulk']);
  });

  it('a traffic item removed from a lesson with several: said as the link would remove it', () => {
    const multi = lessons().find((l) => l.scenario.traffic.length >= 2 && l.scenario.topology.kind === 'dumbbell')!;
    const r = withParam(multi.scenario, 'traffic', multi.scenario.traffic.slice(0, -1));
    if (!r.ok) throw new Error(r.errors.join('; '));
    const n = multi.scenario.traffic.length - 1;
    const changed = runChanges(r.scenario, multi.name);
    expect(changed).toContain(`traffic.${n}=null`);
    expect(changed.every((kv) => !kv.startsWith('s='))).toBe(true);
  });
});
