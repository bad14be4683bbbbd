import { describe, expect, it } from 'vitest';
import { decodeLink, encodeLink, lessons, runChanges, withParam, withParams, type Scenario } from '../../../src/ui/scenario-api';
import { changeText } from '../../../src/engine/scenario/url';
import { usualText } from '../../../src/engine/scenario/units';

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

/**
 * The claims panel and the CLI's report write a changed value in its field's usual unit, as
 * the editor shows it and a link or --set takes it: "queue.target=0.02" beside an editor
 * saying "20 ms" read as a different value.
 */
describe('changeText', () => {
  const codel = lessons().find((l) => l.name === 'bufferbloat-codel')!;

  it('a time in ms, a rate in Mb/s, a time of seconds in s; a field without a usual unit as it is', () => {
    const r = withParams(codel.scenario, [
      ['topology.bottleneck.queue.target', 0.02],
      ['topology.bottleneck.rate', 15e6],
      ['topology.bottleneck.delay', 5],
      ['topology.bottleneck.queue.limit', 12],
      ['topology.left.delay', 0.0025],
    ]);
    if (!r.ok) throw new Error(r.errors.join('; '));
    const changed = runChanges(r.scenario, codel.name).map((kv) => changeText(r.scenario, kv));
    expect(changed).toEqual(
      expect.arrayContaining(['topology.bottleneck.queue.target=20ms', 'topology.bottleneck.rate=15Mb/s', 'topology.bottleneck.delay=5s', 'topology.bottleneck.queue.limit=12', 'topology.left.delay=2.5ms']),
    );
    expect(changed).toHaveLength(5);
    // each text opens as the same value in a link (the keys are the link's)
    const link = decodeLink(`p=${codel.name}&${changed.map((kv) => kv.split('=').map(encodeURIComponent).join('=')).join('&')}`);
    expect(link.problems).toEqual([]);
    expect(link.notices).toEqual([]);
    expect(link.scenario).toEqual(r.scenario);
  });

  it('usualText: the number in the unit without float noise; an SI-unit field as a link writes it', () => {
    const spec = { type: 'number', label: 'x', doc: '', unit: 's', default: 0.005, min: 0, max: 10 } as const;
    expect(usualText(spec, 0.0035)).toBe('3.5ms');
    expect(usualText(spec, 1e-7)).toBe('0.0001ms');
    expect(usualText({ type: 'number', label: 'x', doc: '', unit: 'bps', default: 10e6, min: 1, max: 1e12 } as const, 1.5e5)).toBe('0.15Mb/s');
    expect(usualText({ type: 'number', label: 'x', doc: '', unit: 's', default: 60, min: 0, max: 1e6 } as const, 200)).toBe('200');
  });
});
