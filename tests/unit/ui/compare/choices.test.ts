import { describe, expect, it } from 'vitest';
import { lessons } from '../../../../src/ui/scenario-api';
import { compareChoices, DEFAULT_CHOICE, ECN_CHOICE, FAMILY, usableChoice, variantsApply } from '../../../../src/ui/compare/choices';
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
    expect(groupsOf('red-vs-dt')[0].options.some((o) => o.label.endsWith(' (dumbbell lessons only)'))).toBe(false);
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

  // in the ECN lesson (RED + ECN) the default "the same with RED + ECN" ran the lesson against
  // itself: two identical curves, for a student asked to show how ECN changes RED
  it('a variant that changes nothing is disabled and says so; the ECN lesson then compares with ECN switched off', () => {
    const groups = groupsOf('ecn-marks');
    const redEcn = groups[0].options.find((o) => o.value === DEFAULT_CHOICE)!;
    expect(redEcn).toMatchObject({ disabled: true, label: 'the same with RED + ECN (this scenario already)' });
    expect(usableChoice(DEFAULT_CHOICE, groups)).toBe(ECN_CHOICE);
    // RED without ECN: "the same with RED (no ECN)" is itself, RED + ECN differs and stays the default
    const red = groupsOf('red-vs-dt');
    expect(red[0].options.find((o) => o.value === 'v:red')!.disabled).toBe(true);
    expect(usableChoice(DEFAULT_CHOICE, red)).toBe(DEFAULT_CHOICE);
    // every lesson: no enabled variant builds the scenario itself
    for (const l of all) {
      for (const o of groupsOf(l.name)[0].options.filter((x) => !x.disabled)) {
        const made = VARIANTS.find((v) => v.id === o.value)!.make(l.scenario);
        if (made.ok) expect(JSON.stringify(made.scenario), `${l.name} ${o.value}`).not.toBe(JSON.stringify(l.scenario));
      }
    }
  });

  // helper-79: on a drop-tail web lesson "ECN switched on/off" ran the same run twice
  it('ECN switched on a drop-tail queue is disabled and says why; on a queue that marks it is offered', () => {
    const dt = groupsOf('lockout-dt')[0].options.find((o) => o.value === ECN_CHOICE)!;
    expect(dt).toMatchObject({ disabled: true, label: 'the same with ECN switched on/off (a drop-tail queue never marks: the same run)' });
    const dtWeb = all.find((l) => l.scenario.topology.kind === 'dumbbell' && l.scenario.topology.bottleneck.queue.kind === 'droptail' && l.scenario.traffic.some((t) => t.kind === 'packmime'))!;
    expect(groupsOf(dtWeb.name)[0].options.find((o) => o.value === ECN_CHOICE)!.disabled).toBe(true);
    expect(groupsOf('red-vs-dt')[0].options.find((o) => o.value === ECN_CHOICE)!.disabled).toBe(false);
    expect(groupsOf('ecn-marks')[0].options.find((o) => o.value === ECN_CHOICE)!.disabled).toBe(false);
  });
});

describe("Compare: the current scenario's name", () => {
  it('an edited lesson is not called by the lesson\'s title alone; a Try change and a seed change are named as before', async () => {
    const { currentLabel } = await import('../../../../src/ui/compare/choices');
    const { withParam, activeExperiment, editedLesson } = await import('../../../../src/ui/scenario-api');
    const l = lesson('default');
    const edit = (path: string, v: unknown, sc = l.scenario) => {
      const r = withParam(sc, path, v);
      if (!r.ok) throw new Error(r.errors.join('; '));
      return r.scenario;
    };
    const label = (sc: typeof l.scenario) => {
      const tried = activeExperiment(l, sc);
      return currentLabel(l, l.name, tried, editedLesson(l, sc));
    };
    expect(label(l.scenario)).toBe(l.title);
    expect(label(edit('seed', 7))).toBe(l.title);
    // a shorter run of the lesson (a family runs all its lessons over the same window) is the lesson
    expect(label(edit('warmup', 2, edit('duration', 12)))).toBe(l.title);
    // a teacher's own scenario: 20 flows through CoDel + ECN
    const own = edit('traffic.0.flows', 20, edit('topology.bottleneck.queue.kind', 'codel'));
    expect(label(own)).toBe(`${l.title}, edited`);
    // the CoDel Try change as it is: named by the change
    const codel = edit('topology.bottleneck.queue.kind', 'codel');
    expect(label(codel)).toBe(`${l.title}, with: ${activeExperiment(l, codel)!.title}`);
    expect(currentLabel(undefined, null, null, false)).toBe('current scenario');
  });

  it('a scenario the user named goes by its name; its name and description alone do not make the lesson "edited"', async () => {
    const { currentLabel } = await import('../../../../src/ui/compare/choices');
    const { withParam, activeExperiment, editedLesson, ownText, runChanges } = await import('../../../../src/ui/scenario-api');
    const l = lesson('default');
    const edit = (path: string, v: unknown, sc = l.scenario) => {
      const r = withParam(sc, path, v);
      if (!r.ok) throw new Error(r.errors.join('; '));
      return r.scenario;
    };
    const label = (sc: typeof l.scenario) => currentLabel(l, l.name, activeExperiment(l, sc), editedLesson(l, sc), ownText(sc, l)?.title ?? null);
    // a lesson's scenario carries the lesson's name and its title: not its own
    expect(l.scenario.name).toBe(l.name);
    expect(ownText(l.scenario, l)).toBeNull();
    const named = edit('description', 'Watch the queue.', edit('name', 'RTT unfairness'));
    expect(ownText(named, l)).toEqual({ title: 'RTT unfairness', text: 'Watch the queue.' });
    expect(label(named)).toBe('RTT unfairness');
    // labels change what the run is called, not how it runs: the statements still apply as they are
    expect(editedLesson(l, named)).toBe(false);
    expect(runChanges(named, l.name)).toEqual([]);
    // only a description of one's own: a title that says so
    expect(ownText(edit('description', 'Mine.'), l)).toEqual({ title: 'Your scenario', text: 'Mine.' });
    // a file with a name of its own and no lesson behind it
    expect(ownText(named, undefined)?.title).toBe('RTT unfairness');
    expect(currentLabel(undefined, null, null, false, 'RTT unfairness')).toBe('RTT unfairness');
    // edited as well as named: still its name, and the run's changes are listed without the labels
    const both = edit('traffic.0.flows', 20, named);
    expect(label(both)).toBe('RTT unfairness');
    expect(runChanges(both, l.name)).toEqual(['traffic.0.flows=20']);
  });
});
