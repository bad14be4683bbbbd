import { describe, expect, it } from 'vitest';
import { lessons } from '../../../../src/ui/scenario-api';
import { familyKey, familyOf, shortLabels } from '../../../../src/ui/compare/family';

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
  });
});
