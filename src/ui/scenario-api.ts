/**
 * The UI's one door to the scenario modules of the engine (schema, presets, URL codec),
 * normalised to the few shapes the app uses.
 */
import { parseScenario, type Scenario } from '../engine/scenario/schema';
import { applySet } from '../engine/scenario/set';
import { cloneJson } from '../engine/scenario/paths';
import { atPaperScale, experimentScenario, paperScaleScenario, presetByName, PRESETS, type Claim } from '../engine/scenario/presets';
import { jsonEqual } from '../engine/scenario/paths';
import { decodeHash, encodeHash, runChangesOfHash } from '../engine/scenario/url';
export { comparisonRuns } from '../engine/scenario/lesson-compare';

export type { Scenario };

export interface Lesson {
  name: string;
  title: string;
  /** Menu group: hand-picked lessons, the seeds/001 grid, benchmarks. */
  group: string;
  /** Two or three sentences on what to watch. */
  lesson: string;
  /** The lesson's result sentences, each with its check over a run's result. */
  claims: readonly Claim[];
  /** Changes to try in a click, each with the scenario it makes and its own claims. */
  experiments: readonly LessonExperiment[];
  scenario: Scenario;
}

export interface LessonExperiment {
  title: string;
  /** The keys it changes, as in a link ("topology.bottleneck.queue.limit=8"). */
  keys: string[];
  claims: readonly Claim[];
  scenario: Scenario;
}

export interface LinkProblem {
  key: string;
  value: string;
  message: string;
  /** A key given more than once: a notice naming the value used, not a failure of the key. */
  duplicate?: boolean;
}

/** Longest value a banner line repeats whole; longer ones (an encoded scenario) are shortened. */
const LONG_VALUE = 48;

/** A banner line naming the key and value (unless the message already does), then the message. */
export function problemLine(p: LinkProblem): string {
  if (!p.key) return p.message;
  const named = p.message.includes(p.key) && (p.value === '' || p.message.includes(p.value));
  // a cut s=... repeated whole filled the banner with hundreds of characters of base64
  const value = p.value.length > LONG_VALUE ? `${p.value.slice(0, 24)}… (${p.value.length} characters)` : p.value;
  return named ? p.message : `${p.key}=${value}: ${p.message}`;
}

export interface DecodedLink {
  presetName: string | null;
  scenario: Scenario | null;
  problems: LinkProblem[];
  /** Values applied that are likely not what was meant (a bare `delay=5` is 5 s), one message each. */
  notices: string[];
}

export function validate(json: unknown): { ok: true; scenario: Scenario } | { ok: false; errors: string[] } {
  return parseScenario(json);
}

let lessonsCache: Lesson[] | null = null;
/** The presets, validated (a preset that fails validation is left out and logged). */
export function lessons(): Lesson[] {
  if (lessonsCache) return lessonsCache;
  const out: Lesson[] = [];
  for (const p of PRESETS) {
    const r = parseScenario(p.scenario);
    if (!r.ok) {
      console.error(`preset ${p.name} is invalid:`, r.errors);
      continue;
    }
    const experiments = (p.experiments ?? []).map((e) => ({ title: e.title, keys: Object.entries(e.set).map(([k, v]) => `${k}=${String(v)}`), claims: e.claims, scenario: experimentScenario(p, e) }));
    out.push({ name: p.name, title: p.title, group: p.group, lesson: p.lesson, claims: p.claims ?? [], experiments, scenario: r.scenario });
  }
  lessonsCache = out;
  return out;
}

/** The experiment of `lesson` whose scenario `scenario` is, exactly or at another seed (null: none). */
export function activeExperiment(lesson: Lesson | undefined, scenario: Scenario | null): LessonExperiment | null {
  if (!lesson || !scenario) return null;
  const exact = lesson.experiments.find((e) => jsonEqual(e.scenario, scenario));
  if (exact) return exact;
  // the change run again at another seed (to see whether its statements hold there too) is
  // still that change: its statements, not the lesson's. Not for a change that is only a seed
  // (the lesson itself at any seed would match it).
  const seedless = (sc: Scenario) => ({ ...sc, seed: 0 });
  const here = seedless(scenario);
  return lesson.experiments.find((e) => !jsonEqual(seedless(e.scenario), seedless(lesson.scenario)) && jsonEqual(seedless(e.scenario), here)) ?? null;
}

/**
 * The lesson `name` as its paper ran it (presets/types.ts, PaperScale: seeds/000's 120 s
 * warm-up and 250,000 exchanges for the 200 s lessons), at the lesson's seed: its scenario,
 * the keys it changes as in a link, and the paper's run in words; null when the lesson runs
 * as long as its paper (or has no paper scale).
 */
export function lessonPaperScale(name: string): { scenario: Scenario; keys: string[]; words: string } | null {
  const p = presetByName(name);
  const scenario = p ? paperScaleScenario(p) : null;
  if (!p?.paperScale || !scenario) return null;
  return { scenario, keys: Object.entries(p.paperScale.set).map(([k, v]) => `${k}=${v === null ? 'null' : String(v)}`), words: p.paperScale.words };
}

/** Whether `scenario` is lesson `name` run at its paper's scale (at any seed). */
export function runsAtPaperScale(name: string | null, scenario: Scenario | null): boolean {
  const p = name === null ? undefined : presetByName(name);
  return p !== undefined && scenario !== null && atPaperScale(p, scenario);
}

/** Keys of the run's seed and window: a lesson run at another seed or over another window is still the lesson. */
const RUN_WINDOW_KEYS = ['seed', 'duration', 'warmup', 'stopAfterExchanges'];

/**
 * Whether `scenario` is the lesson edited into something else: it differs from the lesson
 * in more than its seed and run window (a lesson family runs all its lessons over the
 * current window, so a shorter run is still the lesson), and it is none of the lesson's Try
 * changes. Then the lesson's title and text are where it came from, not what it is: a
 * teacher's 20 flows through CoDel + ECN were named "Four Reno flows, 10 Mb/s RED
 * bottleneck" in Compare and headed by that lesson's text on the printed handout.
 */
export function editedLesson(lesson: Lesson | undefined, scenario: Scenario | null): boolean {
  if (!lesson || !scenario || activeExperiment(lesson, scenario)) return false;
  return runChanges(scenario, lesson.name).some((kv) => !RUN_WINDOW_KEYS.includes(kv.slice(0, kv.indexOf('='))));
}

/**
 * The scenario's own title and text, when it has its own: a teacher's name and description
 * for a scenario built in the editor or written in a file. A lesson's scenario carries the
 * lesson's name and its title as description, which are not its own; nor is an empty one.
 * The title is the name, or "Your scenario" when only the description is the user's.
 */
export function ownText(scenario: Scenario | null, lesson: Pick<Lesson, 'name' | 'title'> | undefined): { title: string; text: string } | null {
  if (!scenario) return null;
  const name = scenario.name?.trim() ?? '';
  const description = scenario.description?.trim() ?? '';
  // with no lesson on screen, a preset's own scenario (a benchmark, a file saved from one) is still not the user's
  const base = lesson ?? (name !== '' ? presetByName(name) : undefined);
  const ownName = name !== '' && name !== base?.name;
  const ownDescription = description !== '' && description !== base?.title;
  if (!ownName && !ownDescription) return null;
  return { title: ownName ? name : 'Your scenario', text: ownDescription ? description : '' };
}

export function lessonByName(name: string | null): Lesson | undefined {
  return name === null ? undefined : lessons().find((l) => l.name === name);
}

/**
 * Each scenario's link, by lesson, encoded once: an edit had the same link encoded five
 * times (the address bar's, the printed handout's, and through runChanges the lesson text's
 * "edited" mark, the claims panel's and Compare's), each encoding with a decode to check it
 * round-trips. Keyed by the scenario object: the app never changes a scenario in place
 * (an edit makes a new one, withParam), so an object's link does not change.
 */
const linkCache = new WeakMap<Scenario, Map<string, string>>();

function hashOf(scenario: Scenario, presetName: string): string {
  let byPreset = linkCache.get(scenario);
  if (!byPreset) linkCache.set(scenario, (byPreset = new Map()));
  let h = byPreset.get(presetName);
  if (h === undefined) byPreset.set(presetName, (h = encodeHash(scenario, presetName)));
  return h;
}

/** The URL fragment (without '#') for a scenario, relative to its preset ("default" when custom). */
export function encodeLink(scenario: Scenario, presetName: string | null): string {
  return hashOf(scenario, presetName ?? 'default').replace(/^#/, '');
}

/**
 * The keys in which `scenario` runs differently from the lesson `presetName` (the engine's
 * runChanges, from the link encoded once). A scenario the link's keys cannot say (another
 * topology kind than the lesson's; traffic items added or removed were, before links said
 * them as keys) is linked in the compact form, one key `s` of base64: listed as
 * it is, the claims panel told a teacher and their students that the scenario differed from
 * the lesson in "v=1 s=eyJ2ZXJzaW9uIjoxLC..." (700 characters of it). Then the changes are
 * the fields that differ from the lesson's, each as "path=value" like a link's keys.
 */
export function runChanges(scenario: Scenario, presetName: string): string[] {
  const hash = hashOf(scenario, presetName);
  const base = presetByName(presetName)?.scenario;
  if (!base || !/[#&]s=/.test(hash)) return runChangesOfHash(hash, presetName);
  const { ref, kinds } = referenceOf(scenario, base);
  const out: string[] = [];
  fieldChanges(scenario, ref, '', out, kinds);
  return out.filter((kv) => !LABEL_FIELDS.includes(kv.slice(0, kv.indexOf('='))));
}

/** The scenario's labels (its name and description): they change what it is called, not how it runs. */
const LABEL_FIELDS: readonly string[] = ['name', 'description'];

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * What `scenario`'s fields are compared with: the lesson with each kind `scenario` chose
 * swapped in (a queue made PIE has PIE's defaults, not RED's fields, to differ from) and
 * each traffic item it added at its kind's defaults; `kinds` are the paths of the objects
 * so swapped or added, whose kind is a change itself. As a link's keys say it: "kind=pie",
 * not PIE's fifteen parameters and RED's fourteen gone.
 */
function referenceOf(scenario: Scenario, base: Scenario): { ref: unknown; kinds: Set<string> } {
  const ref = cloneJson(base) as unknown as Record<string, unknown>;
  const kinds = new Set<string>();
  const swaps: [string, string][] = [];
  const walk = (now: unknown, was: unknown, path: string) => {
    if (Array.isArray(now)) {
      const old = Array.isArray(was) ? was : [];
      now.forEach((x, i) => walk(x, old[i], path === '' ? String(i) : `${path}.${i}`));
      return;
    }
    if (!isRecord(now)) return;
    if (typeof now.kind === 'string' && isRecord(was) && was.kind !== now.kind) {
      swaps.push([path, now.kind]);
      kinds.add(path);
    }
    const old = isRecord(was) ? was : {};
    for (const k of Object.keys(now)) if (k !== 'kind') walk(now[k], old[k], path === '' ? k : `${path}.${k}`);
  };
  walk(scenario, base, '');
  for (const [path, kind] of swaps) applySet(ref, `${path}.kind`, kind);
  // traffic items added: each at its kind's defaults (where it goes, from its own item)
  const traffic = ref.traffic as unknown[];
  for (let i = traffic.length; i < scenario.traffic.length; i++) {
    const t = scenario.traffic[i] as Record<string, unknown>;
    const bare: Record<string, unknown> = { kind: t.kind };
    for (const k of ['from', 'src', 'dst']) if (k in t) bare[k] = t[k];
    traffic.push(bare);
    kinds.add(`traffic.${i}`);
  }
  const parsed = parseScenario(ref);
  return { ref: parsed.ok ? parsed.scenario : ref, kinds };
}

/**
 * Each field of `now` that differs from `was` as "path=value" (a value as a link writes it:
 * text as it is, the rest as JSON), in the scenario's order; an object at a path of `kinds`
 * (a kind swapped or an item added) says its kind first. A field or list item `was` has and
 * `now` has not is "path=null", as a link removes it.
 */
function fieldChanges(now: unknown, was: unknown, path: string, out: string[], kinds: ReadonlySet<string>): void {
  const at = (k: string | number) => (path === '' ? String(k) : `${path}.${k}`);
  if (isRecord(now) && kinds.has(path)) out.push(`${at('kind')}=${String(now.kind)}`);
  // (an item added at its kind's defaults equals its reference: its kind is still said)
  const kindInside = [...kinds].some((k) => path === '' || k.startsWith(`${path}.`));
  if (!kindInside && jsonEqual(now, was)) return;
  if (now === undefined) {
    out.push(`${path}=null`);
    return;
  }
  // a list of values (per-flow delays, a CDF's pairs) is one value, as in a link: values=[0.005,0.075]
  if (Array.isArray(now) && !now.some(isRecord)) {
    out.push(`${path}=${JSON.stringify(now as Json)}`);
    return;
  }
  if (Array.isArray(now)) {
    const old = Array.isArray(was) ? was : [];
    for (let i = 0; i < Math.max(now.length, old.length); i++) fieldChanges(now[i], old[i], at(i), out, kinds);
    return;
  }
  if (isRecord(now)) {
    const old = isRecord(was) ? was : {};
    const keys = [...new Set([...Object.keys(now), ...Object.keys(old)])].sort((a, b) => Number(b === 'kind') - Number(a === 'kind'));
    for (const k of keys) if (!(k === 'kind' && kinds.has(path))) fieldChanges(now[k], old[k], at(k), out, kinds);
    return;
  }
  out.push(`${path}=${typeof now === 'string' ? now : JSON.stringify(now as Json)}`);
}

/** Decodes a URL fragment (with or without '#'): the good keys applied, one problem per bad key. */
export function decodeLink(hash: string): DecodedLink {
  const r = decodeHash(hash.replace(/^#/, ''));
  const problems = r.problems ?? r.errors.map((message) => ({ key: '', value: '', message }));
  return { presetName: r.presetName, scenario: r.scenario, problems, notices: (r.notices ?? []).map((n) => n.message) };
}

/** A copy of `scenario` with every change applied, validated once as a whole (an edit with its companion, companionFix). */
export function withParams(scenario: Scenario, changes: readonly (readonly [string, unknown])[]): { ok: true; scenario: Scenario } | { ok: false; errors: string[] } {
  const copy = cloneJson(scenario) as unknown as Record<string, unknown>;
  for (const [path, value] of changes) {
    const err = applySet(copy, path, value);
    if (err) return { ok: false, errors: [err] };
  }
  return parseScenario(copy);
}

/**
 * A copy of `scenario` with `path` set to `value`, validated as a whole. Returns the
 * new scenario or the messages that name what is wrong.
 */
export function withParam(scenario: Scenario, path: string, value: unknown): { ok: true; scenario: Scenario } | { ok: false; errors: string[] } {
  const copy = cloneJson(scenario) as unknown as Record<string, unknown>;
  const err = applySet(copy, path, value);
  if (err) return { ok: false, errors: [err] };
  return parseScenario(copy);
}
