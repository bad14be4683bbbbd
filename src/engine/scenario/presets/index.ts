import { cloneJson, jsonEqual } from '../paths';
import { parseScenario, type Scenario } from '../schema';
import { applySet } from '../set';
import { editDistance, nearNames } from '../near';
import { basicsPresets, defaultPreset } from './basics';
import { benchPresets } from './bench';
import { bufferbloatPresets } from './bufferbloat';
import { cubicPresets } from './cubic';
import { seeds001Grid, seeds001Lessons } from './seeds001';
import { seeds000Presets } from './seeds000';
import { seeds000AredPresets } from './seeds000-ared';
import { seeds002Presets } from './seeds002';
import { seeds002AqmPresets } from './seeds002-aqm';
import { seeds002PaperPresets } from './seeds002-paper';
import { seeds002WebPresets } from './seeds002-web';
import { seeds003Presets } from './seeds003';
import { seeds003PaperPresets } from './seeds003-paper';
import { seeds004Presets } from './seeds004';
import type { Experiment, Preset, PresetSource } from './types';

/**
 * Presets: named scenarios, each with a few sentences for a teacher on what to watch and
 * the claims its run must bear out. One file per paper or theme; this list fixes the
 * menu order. A preset's scenario is fully defaulted (parsed); treat it as read-only and
 * use presetScenario(name) for a copy to change.
 */
function sources(): PresetSource[] {
  return [
    ...defaultPreset(),
    ...seeds001Lessons(),
    ...basicsPresets(),
    ...bufferbloatPresets(),
    ...cubicPresets(),
    ...benchPresets(),
    ...seeds000Presets(),
    ...seeds000AredPresets(),
    ...seeds002Presets(),
    ...seeds002WebPresets(),
    ...seeds002AqmPresets(),
    ...seeds002PaperPresets(),
    ...seeds003Presets(),
    ...seeds003PaperPresets(),
    ...seeds004Presets(),
    ...seeds001Grid(),
  ];
}

export type { Claim, ClaimVerdict, Experiment, PaperScale, Preset, PresetGroup, PresetSource, Versus } from './types';
export { checkClaim, checkClaimOnRun, checkVersus, comparedLessons, comparedNote, otherSeedNote, premiseChanges, premiseNote } from './types';
export { ECN_FINITE_CLIENTS, ECN_FINITE_MECHS, ECN_FINITE_QLS, ecnFiniteJson, ecnFiniteName, type EcnFiniteMech } from './seeds001';

/** Presets are parsed on first use of `.scenario` (parsing all ~170 at start-up would cost ~80 ms). */
function build(): Preset[] {
  const list = sources().map((src) => {
    const { json, ...meta } = src;
    let parsed: Scenario | undefined;
    return Object.defineProperty({ ...meta }, 'scenario', {
      enumerable: true,
      get(): Scenario {
        if (!parsed) {
          const r = parseScenario({ ...json, name: meta.name, description: meta.title });
          if (!r.ok) throw new Error(`preset ${meta.name} is invalid:\n  ${r.errors.join('\n  ')}`);
          parsed = r.scenario;
        }
        return parsed;
      },
    }) as Preset;
  });
  const seen = new Set<string>();
  for (const p of list) {
    if (seen.has(p.name)) throw new Error(`two presets are named ${p.name}`);
    seen.add(p.name);
  }
  return list;
}

export const PRESETS: readonly Preset[] = build();

const BY_NAME = new Map(PRESETS.map((p) => [p.name, p]));

export function presetByName(name: string): Preset | undefined {
  return BY_NAME.get(name);
}

/**
 * Up to `max` presets a name that is not one may mean (a mistyped link or --preset): those
 * in which the most of its dash-separated parts appear (at least two, or the only part of a
 * one-part name), nearest first: the fewest typed characters away, then those holding the
 * most of its parts whole (`ecn-finite-n2-ecn-a-ql65` offers `ecn-finite-n2-ecn-a-ql64`
 * first; in the order of the list, the `red-a` cells, which hold as many of its parts,
 * `a` in `red-a`, `ecn` in `ecn-finite`, came first and it was left out); else those within a few typed
 * characters of it (`ecn-finte`, `redvsdt` share no whole part with `ecn-finite`,
 * `red-vs-dt`). The app's link banner, --preset and sweep all ask this one matcher.
 */
export function nearPresets(name: string, max = 3): Preset[] {
  const lower = name.toLowerCase();
  const parts = lower.split(/[-_\s]+/).filter(Boolean);
  const scored = PRESETS.map((p, i) => ({ p, i, s: parts.filter((x) => p.name.includes(x)).length }));
  const best = Math.max(0, ...scored.map((x) => x.s));
  if (best > 0 && best >= Math.min(2, parts.length)) {
    const ranked = scored
      .filter((x) => x.s === best)
      .map((x) => {
        const own = x.p.name.split('-');
        return { ...x, whole: parts.filter((y) => own.includes(y)).length, d: editDistance(lower, x.p.name) };
      });
    ranked.sort((a, b) => a.d - b.d || b.whole - a.whole || a.i - b.i);
    return ranked.slice(0, max).map((x) => x.p);
  }
  return nearNames(name, [...BY_NAME.keys()], max).map((n) => BY_NAME.get(n)!);
}

/** A copy of a preset's scenario, safe to change. */
export function presetScenario(name: string): Scenario | undefined {
  const p = BY_NAME.get(name);
  return p ? cloneJson(p.scenario) : undefined;
}

/** The default scenario (a copy). */
export function defaultScenario(): Scenario {
  return presetScenario('default')!;
}

/** A lesson's scenario with an experiment's changes applied (throws if they do not make a valid scenario: a preset bug). */
export function experimentScenario(p: Preset, e: Experiment): Scenario {
  const copy = cloneJson(p.scenario) as unknown as Record<string, unknown>;
  for (const [path, value] of Object.entries(e.set)) {
    const err = applySet(copy, path, value);
    if (err) throw new Error(`preset ${p.name}, experiment "${e.title}": ${err}`);
  }
  const r = parseScenario(copy);
  if (!r.ok) throw new Error(`preset ${p.name}, experiment "${e.title}":\n  ${r.errors.join('\n  ')}`);
  return r.scenario;
}

/** A lesson's scenario run as long as its paper ran it (types.ts, PaperScale), at `seed` (the lesson's when left out); null when the lesson has no paper scale. */
export function paperScaleScenario(p: Preset, seed?: number): Scenario | null {
  if (!p.paperScale) return null;
  const key = `${p.name}@${seed ?? ''}`;
  const known = PAPER_SCALE.get(key);
  if (known) return known;
  const copy = cloneJson(p.scenario) as unknown as Record<string, unknown>;
  for (const [path, value] of Object.entries({ ...p.paperScale.set, ...(seed !== undefined ? { seed } : {}) })) {
    const err = applySet(copy, path, value);
    if (err) throw new Error(`preset ${p.name}, paper scale: ${err}`);
  }
  const r = parseScenario(copy);
  if (!r.ok) throw new Error(`preset ${p.name}, paper scale:\n  ${r.errors.join('\n  ')}`);
  // asked at each render of the statements panel: parsed once per lesson and seed (read-only, as a preset's scenario)
  PAPER_SCALE.set(key, r.scenario);
  return r.scenario;
}
const PAPER_SCALE = new Map<string, Scenario>();

/** Whether `scenario` is lesson `p` run at its paper's scale, at any seed. */
export function atPaperScale(p: Preset, scenario: Scenario): boolean {
  const paper = paperScaleScenario(p, scenario.seed);
  // its labels (name, description) say what it is called, not how it runs: a copy renamed is still the lesson
  return paper !== null && jsonEqual(paper, { ...scenario, name: paper.name, description: paper.description });
}

/** The experiment of `p` whose scenario `scenario` is, exactly (undefined: none). */
export function matchingExperiment(p: Preset, scenario: Scenario): Experiment | undefined {
  return p.experiments?.find((e) => jsonEqual(experimentScenario(p, e), scenario));
}
