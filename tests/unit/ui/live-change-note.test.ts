/**
 * The claims panel says when a run's parameters were changed while it went: the ticks are
 * measured on the whole run, the part with the earlier values included (a teacher who set
 * max_p to 0.5 at 24 s read "The statements are checked on your run" over numbers from a
 * run that had max_p 0.1 for 24 s).
 */
import { describe, expect, it } from 'vitest';
import { presetByName } from '../../../src/engine/scenario/presets';
import { liveChangeNote } from '../../../src/ui/live-change-note';
import { viewOf, type ParamMarker } from '../../../src/ui/scenario-view';

const view = viewOf(presetByName('red-vs-dt')!.scenario);
const mark = (t: number, path: string, value: unknown): ParamMarker => ({ t, path: `topology.bottleneck.${path}`, value });

describe('liveChangeNote', () => {
  it('nothing changed during the run: no note', () => {
    expect(liveChangeNote([], view)).toBeNull();
  });

  it('one change: what, when in the charts’ words, and that the time before it counts', () => {
    expect(liveChangeNote([mark(24.084, 'queue.maxP', 0.5)], view)).toBe(
      'This run changed max_p = 0.5 at t = 24.1 s while it went: the statements are checked on the whole run, its first 24.1 s with the earlier value included. Reset and Play for a run with the new value from the start.',
    );
  });

  it('several: the first three and a count, and the earliest time', () => {
    const n = liveChangeNote([mark(30, 'queue.maxTh', 30), mark(12.5, 'delay', 0.05), mark(40, 'queue.gentle', false), mark(50, 'rate', 3e6)], view)!;
    expect(n).toMatch(/^This run changed max_th = 30 packets at t = 30\.0 s, delay = 50 ms at t = 12\.5 s, gentle = off at t = 40\.0 s and 1 more while it went/);
    expect(n).toContain('its first 12.5 s with the earlier values included');
    expect(n).toContain('with the new values from the start');
  });
});
