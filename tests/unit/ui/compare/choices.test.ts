import { describe, expect, it } from 'vitest';
import { lessons } from '../../../../src/ui/scenario-api';
import { compareChoices, DEFAULT_CHOICE, FAMILY, usableChoice, variantsApply } from '../../../../src/ui/compare/choices';
import { familyRunList } from '../../../../src/ui/compare/family';
import { VARIANTS } from '../../../../src/ui/compare/variants';

/*
 * On a seeds/004 lesson (a general topology) Compare kept "the same with RED + ECN"
 * chosen although the variants are disabled there, and pressing Compare said "Cannot build
 * ...: topology.bottleneck.queue: unknown field of topology.bottleneck". The chosen value is
 * now always an offered, enabled option, and it builds.
 */
const all = lessons();
const lesson = (name: string) => all.find((l) => l.name === name)!;
const groupsOf = (name: string, scenario = lesson(name).scenario) => compareChoices(scenario, lesson(name), familyRunList(scenario, name, name, all).length, all);
const enabled = (groups: ReturnType<typeof compareChoices>) => groups.flatMap((g) => g.options).filter((o) => !o.disabled).map((o) => o.value);

describe('Compare: the chosen option', () => {
  it('a general topology: the variants are disabled and not chosen; the choice is a Try change that differs', () => {
    const l = lesson('feng-fig12');
    expect(variantsApply(l.scenario)).toBe(false);
    // the variants indeed cannot be built there
    const v = VARIANTS.find((x) => x.id === DEFAULT_CHOICE)!;
    expect(v.make(l.scenario).ok).toBe(false);
    const groups = groupsOf('feng-fig12');
    expect(groups[0].options.every((o) => o.disabled)).toBe(true);
    // greyed out with a reason, as the family's "(web lessons only)"
    expect(groups[0].options.every((o) => o.label.endsWith(' (dumbbell lessons only)'))).toBe(true);
    expect(groupsOf('red-vs-dt')[0].options.map((o) => o.label)).toEqual(VARIANTS.map((v) => v.label));
    const chosen = usableChoice(DEFAULT_CHOICE, groups);
    expect(chosen.startsWith('v:')).toBe(false);
    expect(enabled(groups)).toContain(chosen);
    if (l.experiments.length > 0) expect(chosen).toBe('x:0');
  });

  it('every lesson: the default choice is enabled and, when a variant, builds', () => {
    for (const l of all) {
      const groups = groupsOf(l.name);
      const chosen = usableChoice(DEFAULT_CHOICE, groups);
      expect(enabled(groups), l.name).toContain(chosen);
      if (chosen.startsWith('v:')) expect(VARIANTS.find((x) => x.id === chosen)!.make(l.scenario).ok, l.name).toBe(true);
    }
  });

  it('a dumbbell lesson keeps RED + ECN; a choice made stays while it is enabled', () => {
    expect(usableChoice(DEFAULT_CHOICE, groupsOf('default'))).toBe(DEFAULT_CHOICE);
    expect(usableChoice('v:droptail', groupsOf('default'))).toBe('v:droptail');
    expect(usableChoice('l:red-vs-dt', groupsOf('default'))).toBe('l:red-vs-dt');
  });

  it('a Try change that is the scenario on screen, a family where there is none, a Try change of another lesson: not chosen', () => {
    const l = all.find((x) => x.experiments.length > 0 && x.scenario.topology.kind === 'dumbbell')!;
    const tried = l.experiments[0].scenario;
    expect(usableChoice('x:0', groupsOf(l.name, tried))).toBe(DEFAULT_CHOICE);
    expect(usableChoice(FAMILY, groupsOf('default'))).toBe(DEFAULT_CHOICE);
    expect(usableChoice('x:99', groupsOf('default'))).toBe(DEFAULT_CHOICE);
  });
});
