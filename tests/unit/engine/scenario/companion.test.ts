/**
 * companionFix: an edit refused only because of another TCP parameter (TCP_PAIR_RULES)
 * comes with the one change of that parameter that makes it valid; the editor's one-step
 * button and the link banner's hint are built from it.
 */
import { describe, expect, it } from 'vitest';
import { presetScenario as preset } from '../../../../src/engine/scenario/presets';
import { cloneJson } from '../../../../src/engine/scenario/paths';
import { companionFix, parseScenario, TCP_PAIR_RULES, type Scenario } from '../../../../src/engine/scenario/schema';
import { applySet } from '../../../../src/engine/scenario/set';

function presetScenario(name: string): Scenario {
  const s = preset(name);
  if (!s) throw new Error(`no preset ${name}`);
  return s;
}

function edit(s: Scenario, sets: Record<string, unknown>): { ok: boolean; scenario?: Scenario; errors?: string[] } {
  const json = cloneJson(s) as unknown as Record<string, unknown>;
  for (const [p, v] of Object.entries(sets)) {
    const e = applySet(json, p, v);
    if (e) throw new Error(e);
  }
  const r = parseScenario(json);
  return r.ok ? { ok: true, scenario: r.scenario } : { ok: false, errors: r.errors };
}

function valid(s: Scenario, sets: Record<string, unknown>): Scenario {
  const r = edit(s, sets);
  if (!r.ok) throw new Error(r.errors!.join('\n'));
  return r.scenario!;
}

/** Applies a fix's changes together and says whether the result is valid. */
function applyFix(s: Scenario, fix: NonNullable<ReturnType<typeof companionFix>>): boolean {
  return edit(s, Object.fromEntries(fix.changes)).ok;
}

describe('companionFix', () => {
  for (const lesson of ['ecn-finite-n10-dt-ql64', 'feng-fig8-adaptive']) {
    it(`${lesson}: tcp.cc = cubic is refused for windowCut "ns2" alone, and comes with tcp.windowCut = rfc5681 (RFC 5681)`, () => {
      const s = presetScenario(lesson);
      expect(s.tcp.windowCut).toBe('ns2');
      const alone = edit(s, { 'tcp.cc': 'cubic' });
      expect(alone.ok).toBe(false);
      expect(alone.errors!.join('\n')).toContain('tcp.windowCut: windowCut = "ns2"');
      const fix = companionFix(s, 'tcp.cc', 'cubic');
      expect(fix).toEqual({ changes: [['tcp.cc', 'cubic'], ['tcp.windowCut', 'rfc5681']], companions: [{ path: 'tcp.windowCut', value: 'rfc5681', ref: 'RFC 5681' }] });
      expect(applyFix(s, fix!)).toBe(true);
    });
  }

  it('the other way round: windowCut = "ns2" under CUBIC comes with cc = reno', () => {
    const s = valid(presetScenario('default'), { 'tcp.cc': 'cubic' });
    const fix = companionFix(s, 'tcp.windowCut', 'ns2');
    expect(fix?.changes).toEqual([['tcp.windowCut', 'ns2'], ['tcp.cc', 'reno']]);
    expect(applyFix(s, fix!)).toBe(true);
  });

  it('SUBTCP and the modified increases (seeds/004) against CUBIC: each one companion', () => {
    const base = presetScenario('default');
    const sub = valid(base, { 'tcp.subtcp': true });
    expect(companionFix(sub, 'tcp.cc', 'cubic')?.changes).toEqual([['tcp.cc', 'cubic'], ['tcp.subtcp', false]]);
    const inc = valid(base, { 'tcp.increase': 'scaled' });
    expect(companionFix(inc, 'tcp.cc', 'cubic')?.changes).toEqual([['tcp.cc', 'cubic'], ['tcp.increase', 'linear']]);
    // two clashes at once: both companions, and the three changes together are valid
    const both = valid(base, { 'tcp.windowCut': 'ns2', 'tcp.subtcp': true });
    const fix = companionFix(both, 'tcp.cc', 'cubic');
    expect(fix?.changes).toEqual([['tcp.cc', 'cubic'], ['tcp.windowCut', 'rfc5681'], ['tcp.subtcp', false]]);
    expect(applyFix(both, fix!)).toBe(true);
  });

  it("a traffic item's own cc = cubic on an ns-2 lesson: the companion is the item's own windowCut, the scenario's stays", () => {
    const s = valid(presetScenario('ecn-finite-n10-dt-ql64'), { 'traffic.0.tcp': { cc: 'reno' } });
    expect(edit(s, { 'traffic.0.tcp.cc': 'cubic' }).ok).toBe(false);
    const fix = companionFix(s, 'traffic.0.tcp.cc', 'cubic');
    expect(fix?.changes).toEqual([['traffic.0.tcp.cc', 'cubic'], ['traffic.0.tcp.windowCut', 'rfc5681']]);
    expect(applyFix(s, fix!)).toBe(true);
    const after = valid(s, Object.fromEntries(fix!.changes));
    expect(after.tcp.windowCut).toBe('ns2');
  });

  it("scenario-wide CUBIC where an item has its own windowCut = ns2: that item's own field is the companion", () => {
    const s = valid(presetScenario('default'), { 'traffic.0.tcp': { windowCut: 'ns2' } });
    const fix = companionFix(s, 'tcp.cc', 'cubic');
    expect(fix?.changes).toEqual([['tcp.cc', 'cubic'], ['traffic.0.tcp.windowCut', 'rfc5681']]);
    expect(applyFix(s, fix!)).toBe(true);
  });

  it('minRto above maxRto raises maxRto to it, and maxRto below minRto lowers minRto (RFC 6298 §2.4-2.5)', () => {
    // (minRto is at most 10 s: below the default maxRto of 60 s, so a lower maxRto first)
    const s = valid(presetScenario('default'), { 'tcp.maxRto': 3 });
    expect(edit(s, { 'tcp.minRto': 5 }).ok).toBe(false);
    const up = companionFix(s, 'tcp.minRto', 5);
    expect(up?.changes).toEqual([['tcp.minRto', 5], ['tcp.maxRto', 5]]);
    expect(up?.companions[0].ref).toBe('RFC 6298 §2.5');
    expect(applyFix(s, up!)).toBe(true);
    const down = companionFix(s, 'tcp.maxRto', 0.1);
    expect(down?.changes).toEqual([['tcp.maxRto', 0.1], ['tcp.minRto', 0.1]]);
    expect(applyFix(s, down!)).toBe(true);
    // an item's own bound: the item's own other bound
    const own = valid(s, { 'traffic.0.tcp': { minRto: 0.2 } });
    expect(companionFix(own, 'traffic.0.tcp.minRto', 9)?.changes).toEqual([['traffic.0.tcp.minRto', 9], ['traffic.0.tcp.maxRto', 9]]);
  });

  it('no companion for an edit that is valid, out of range, or refused for its own sake', () => {
    const s = presetScenario('ecn-finite-n10-dt-ql64');
    expect(companionFix(s, 'tcp.cc', 'reno')).toBeNull();
    expect(companionFix(presetScenario('default'), 'tcp.cc', 'cubic')).toBeNull();
    expect(companionFix(s, 'tcp.cc', 'bbr')).toBeNull();
    expect(companionFix(s, 'tcp.minRto', 20)).toBeNull(); // above minRto's own range (10 s)
    expect(companionFix(s, 'tcp.mss', 0)).toBeNull();
    expect(companionFix(s, 'duration', 1)).toBeNull();
  });

  it('every rule names a fix for each of its two parameters', () => {
    for (const r of TCP_PAIR_RULES) for (const k of r.keys) expect(r.fix[k], `${r.keys.join('/')}: fix for ${k}`).toBeTypeOf('function');
  });
});
