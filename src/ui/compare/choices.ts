/**
 * What Compare offers to compare the current scenario with, as the select's groups of
 * options, and which of them is chosen. Pure (no React), so the rules are tested.
 *
 * The chosen value must be an option that is offered and enabled: the panel kept
 * "the same with RED + ECN" chosen on a general topology (seeds/004), where the variants
 * are disabled (they change the dumbbell's bottleneck queue), and Compare then failed
 * with the engine's "topology.bottleneck.queue: unknown field". Likewise a Try change
 * that is the scenario on screen, the family of a lesson that has none, or a Try change
 * of the previous lesson.
 *
 * A variant that changes nothing (RED + ECN of a lesson that is RED + ECN: the ECN lesson,
 * where it was the default) is disabled too: Compare ran the scenario against itself and a
 * student asked to show how ECN changes RED saw two identical curves. There the default
 * goes to ECN switched off.
 */
import { aqmByKind } from '../../engine/aqm/registry';
import { jsonEqual } from '../../engine/scenario/paths';
import type { Scenario } from '../../engine/scenario/schema';
import type { Lesson } from '../scenario-api';
import { VARIANTS } from './variants';

export const FAMILY = 'f:family';
/** All points of the figure whose grid the lesson belongs to (grid.ts), drawn as the figure. */
export const GRID = 'g:grid';
/** The first choice when it is offered: the current scenario with RED + ECN. */
export const DEFAULT_CHOICE = 'v:red-ecn';
/** The choice when the default is the scenario itself (a RED + ECN lesson): ECN switched. */
export const ECN_CHOICE = 'v:ecn-toggle';

export interface ChoiceOption {
  value: string;
  label: string;
  disabled: boolean;
}

export interface ChoiceGroup {
  label: string;
  options: ChoiceOption[];
}

/** The variants change the dumbbell's bottleneck queue: a general topology has none of that name. */
export function variantsApply(s: Scenario): boolean {
  return s.topology.kind === 'dumbbell';
}

/**
 * The select's groups: variants, the lesson's Try changes, the figure whose grid the lesson
 * belongs to (`gridTitle`, when it does: before the family, so that on a grid point with
 * no variant it is the first enabled choice), its family (`familySize` lessons), every lesson.
 */
/** Whether the dumbbell's bottleneck queue can mark packets at all (its kind has an ECN switch). */
function queueCanMark(scenario: Scenario): boolean {
  if (scenario.topology.kind !== 'dumbbell') return true;
  const d = aqmByKind(scenario.topology.bottleneck.queue.kind);
  return d === undefined || 'ecn' in d.params;
}

export function compareChoices(scenario: Scenario, lesson: Lesson | undefined, familySize: number, lessons: readonly Pick<Lesson, 'name' | 'title'>[], gridTitle?: string): ChoiceGroup[] {
  // on a general topology (seeds/004) they are greyed out: the label says why, as the family's does
  const apply = variantsApply(scenario);
  const variantOption = (v: (typeof VARIANTS)[number]): ChoiceOption => {
    if (!apply) return { value: v.id, label: `${v.label} (dumbbell lessons only)`, disabled: true };
    const made = v.make(scenario);
    if (made.ok && jsonEqual(made.scenario, scenario)) return { value: v.id, label: `${v.label} (this scenario already)`, disabled: true };
    // ECN on or off through a queue that cannot mark (drop-tail) is the same run twice
    if (v.id === 'v:ecn-toggle' && !queueCanMark(scenario)) return { value: v.id, label: `${v.label} (a drop-tail queue never marks: the same run)`, disabled: true };
    return { value: v.id, label: v.label, disabled: false };
  };
  const groups: ChoiceGroup[] = [{ label: 'A variant of the current scenario', options: VARIANTS.map(variantOption) }];
  if (lesson && lesson.experiments.length > 0) {
    const options: ChoiceOption[] = [];
    if (!jsonEqual(lesson.scenario, scenario)) options.push({ value: 'x:lesson', label: 'the lesson as it is', disabled: false });
    lesson.experiments.forEach((e, i) => options.push({ value: `x:${i}`, label: `the lesson with: ${e.title}`, disabled: jsonEqual(e.scenario, scenario) }));
    groups.push({ label: 'This lesson’s Try changes', options });
  }
  if (gridTitle !== undefined) groups.push({ label: 'This figure’s grid', options: [{ value: GRID, label: `this figure’s grid: ${gridTitle}`, disabled: false }] });
  groups.push({
    label: 'Several lessons, response times overlaid',
    options: [{ value: FAMILY, label: familySize === 0 ? 'this lesson’s family (web lessons only)' : `this lesson’s family: ${familySize} lessons that differ only in queue, TCP or ECN`, disabled: familySize === 0 }],
  });
  groups.push({ label: 'A lesson', options: lessons.map((l) => ({ value: `l:${l.name}`, label: l.title, disabled: false })) });
  return groups;
}

/** `choice` when it is offered and enabled; else the default when it is, else ECN switched, else the first enabled option. */
export function usableChoice(choice: string, groups: readonly ChoiceGroup[]): string {
  const enabled = groups.flatMap((g) => g.options).filter((o) => !o.disabled);
  const pick = (v: string) => enabled.find((o) => o.value === v)?.value;
  return pick(choice) ?? pick(DEFAULT_CHOICE) ?? pick(ECN_CHOICE) ?? enabled[0]?.value ?? choice;
}

/**
 * The name Compare gives the scenario on screen (its select's label, the runs' legend, the
 * table's column, the exported charts' captions): the lesson's title, with the Try change
 * it is, or "edited" when it is the lesson edited into something else (editedLesson), or
 * the name the user gave it (`own`, from ownText; "Your scenario" when they gave only a
 * description).
 */
export function currentLabel(lesson: Pick<Lesson, 'title'> | undefined, presetName: string | null, tried: { title: string } | null, edited: boolean, own: string | null = null): string {
  // a scenario the user named (ownText) goes by that name
  if (own !== null) return own;
  if (!lesson) return presetName ?? 'current scenario';
  if (tried) return `${lesson.title}, with: ${tried.title}`;
  return edited ? `${lesson.title}, edited` : lesson.title;
}
