import { describe, expect, it } from 'vitest';
import { lessons } from '../../../../src/ui/scenario-api';
import { baselineServesBoth, FAMILY_METRICS, familyKey, familyOf, familyRunList, shortLabels } from '../../../../src/ui/compare/family';
import { presetByName, presetScenario } from '../../../../src/engine/scenario/presets';

const byName = (name: string) => lessons().find((l) => l.name === name)!;
const names = (name: string) => familyOf(byName(name).scenario, lessons()).map((l) => l.name);

describe('lesson families for overlaid response times', () => {
  it('seeds/002 at 100 Mb/s: the five queues at one load and RTT distribution form a family', () => {
    expect(names('web100-users-pi24-98').sort()).toEqual(['web100-users-dt-98', 'web100-users-pi24-98', 'web100-users-pi240-98', 'web100-users-rem24-98', 'web100-users-rem240-98']);
    // another load, the general RTTs, the uncongested lesson (its own 1 Gb/s link) are other families
    expect(names('web100-users-dt-90')).not.toContain('web100-users-dt-98');
    expect(names('web100-users-general-dt-98')).not.toContain('web100-users-dt-98');
    expect(names('web100-users-dt-98')).not.toContain('web100-users-uncongested-98');
  });

  it('TCP variant and ECN do not split a family (seeds/000: SACK and ECN lessons beside drop-tail); seeds/003 RED* with and without ECN+ likewise', () => {
    const f = names('web-dt148-80');
    for (const n of ['web-dt148-80-sack', 'web-redecn5-80', 'web-red5-80']) expect(f).toContain(n);
    const g = names('web100-redstar-90');
    expect(g).toEqual(expect.arrayContaining(['web100-redstar-ecn-90', 'web100-redstar-ecnplus-90']));
  });

  // The settled-PI "try it" of web100-users-general-pi24-ecn-98 measures 100-130 s: its
  // family used to vanish (the window was part of the key), so it could not be overlaid.
  it("a lesson measured over another window keeps its family, and every member runs over that window", () => {
    const l = byName('web100-users-general-pi24-ecn-98');
    const settled = l.experiments.find((e) => e.keys.includes('warmup=100'))!.scenario;
    expect(settled.warmup).toBe(100);
    const list = familyRunList(settled, 'PI + ECN, settled', l.name, lessons());
    expect(list[0]).toEqual({ id: 'current', title: 'PI + ECN, settled', scenario: settled });
    expect(list.map((m) => m.id)).toEqual(expect.arrayContaining(['web100-users-general-dt-98', 'web100-users-general-pi24-98', 'web100-users-general-rem24-ecn-98']));
    for (const m of list) {
      expect([m.id, m.scenario.warmup, m.scenario.duration, m.scenario.seed]).toEqual([m.id, 100, 130, settled.seed]);
      // only the window and seed are taken from the current scenario: the queue is the member's own
      if (m.id !== 'current') expect(m.scenario.topology).toEqual(byName(m.id).scenario.topology);
    }
    // and the same family as the lesson's own window
    expect(familyRunList(l.scenario, 't', l.name, lessons()).map((m) => m.id)).toEqual(list.map((m) => m.id));
  });

  it('benchmarks are not offered as members, but a benchmark finds its lessons and gives them its window', () => {
    const f = familyRunList(byName('web-dt148-80').scenario, 't', 'web-dt148-80', lessons()).map((m) => m.id);
    expect(f).toContain('web-redecn5-80');
    expect(f).not.toContain('bench-seeds000-full');
    const full = byName('bench-seeds000-full');
    expect(presetByName('bench-seeds000-full')!.group).toBe('bench');
    const g = familyRunList(full.scenario, 'full', full.name, lessons());
    expect(g.map((m) => m.id)).toContain('web-redecn5-80');
    const red = g.find((m) => m.id === 'web-redecn5-80')!.scenario;
    expect([red.warmup, red.stopAfterExchanges]).toEqual([full.scenario.warmup, full.scenario.stopAfterExchanges]);
  });

  it('scenarios without web traffic have no family', () => {
    expect(familyKey(byName('lockout-dt').scenario)).toBeNull();
    expect(names('lockout-dt')).toEqual([]);
  });

  it('labels keep what differs between the titles', () => {
    expect(
      shortLabels(['Browsing users at 98 % of 100 Mb/s, drop-tail (seeds/002)', 'Browsing users at 98 % of 100 Mb/s, PI q_ref 24 (seeds/002)', 'Browsing users at 98 % of 100 Mb/s, PI q_ref 24 + ECN (seeds/002)']),
    ).toEqual(['drop-tail', 'PI q_ref 24', 'PI q_ref 24 + ECN']);
    // a title that is all common words keeps itself
    expect(shortLabels(['Web traffic at 80 %', 'Web traffic at 80 % load, SACK'])).toEqual(['Web traffic at 80 %', 'load, SACK']);
    expect(shortLabels(['only one'])).toEqual(['only one']);
    // seeds/003's family shares only the queue's name: cut, the labels began "+ ECN" and "at 105 %"
    expect(
      shortLabels(['RED* + ECN at 105 % load, SYN-ACKs not ECN-capable (seeds/003)', 'RED* at 105 % load, no ECN (seeds/003)', 'RED* + ECN+ at 105 % load, ECN-capable SYN-ACKs (seeds/003)']),
    ).toEqual(['RED* + ECN at 105 % load, SYN-ACKs not ECN-capable', 'RED* at 105 % load, no ECN', 'RED* + ECN+ at 105 % load, ECN-capable SYN-ACKs']);
    // the common words are cut up to the joining word, not past it
    expect(shortLabels(['Browsing users at 98 %, PI', 'Browsing users at 98 %, PI + ECN'])).toEqual(['PI', 'PI + ECN']);
  });
});

describe('the family table’s columns', () => {
  it('keep each time and its unit together ("% within 1 s" wrapped to "% / within 1 / s" in classroom type)', () => {
    const within = FAMILY_METRICS.filter((m) => m.key.startsWith('within'));
    expect(within.map((m) => m.label.replace(/\u00a0/g, '~'))).toEqual(['% within 200~ms', '% within 500~ms', '% within 1~s', '% within 2~s']);
  });
});

describe('baselineServesBoth: whose uncongested baseline Compare draws', () => {
  const dt80 = presetScenario('web-load-dt148-80')!;
  it('two queues under the same traffic (DT-148q against ARED + ECN-5 ms at 80 %): one baseline for both', () => {
    expect(baselineServesBoth(dt80, presetScenario('web-load-redecn5-80')!)).toBe(true);
  });
  it('another load (80 % against 105 %), or another window: the baseline is A’s traffic alone', () => {
    expect(baselineServesBoth(dt80, presetScenario('web-load-dt148-105')!)).toBe(false);
    expect(baselineServesBoth({ ...dt80, duration: 60, warmup: 10 }, presetScenario('web-load-redecn5-80')!)).toBe(false);
  });
  it('one side without web traffic: the baseline is the other’s, the only response curve', () => {
    expect(baselineServesBoth(dt80, presetScenario('default')!)).toBe(true);
  });
});
