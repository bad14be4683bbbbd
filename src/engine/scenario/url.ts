import { grouped } from '../core/number-text';
import { cloneJson, getPath, isIndex, joinPath, jsonEqual, own, pathText, splitPath } from './paths';
import { nearPresets, presetByName } from './presets';
import { companionFix, parseScenario, type Scenario } from './schema';
import { applySet, applySetText, createsItem, itemCreator, nodeAt, parseValueText, removalOrder, removesItem } from './set';
import { SCENARIO_TREE, type FieldNode } from './tree';
import { ambiguousBare, listElements, unambiguousText, usualText, valueOfText } from './units';

/**
 * The URL codec of the app. A link names a preset and lists, as readable key=value
 * pairs, only the leaves that differ from it, with the same dotted keys as the CLI's
 * --set:
 *
 *   #p=ecn-finite&topology.bottleneck.queue.maxP=0.02&traffic.0.flows=5&seed=7
 *
 * Keys are sorted (p first, seed last; the decoder applies `kind` keys first); numbers are written as JavaScript's shortest
 * round-trip text, in SI units. A hand-written link may give a time, rate or size with a
 * unit (`topology.bottleneck.delay=20ms`, `rate=10Mb/s`; units.ts), read as --set reads it. Setting a `kind` swaps the object for one of the new kind (as --set
 * does), `null` removes an optional field.
 *
 * Traffic items added or removed are pairs too. Every index in a link counts the preset's
 * items; new items take the numbers after them, each added by its kind (at that kind's
 * defaults) and then the fields that differ; `traffic.N=null` removes the preset's item N
 * (removals are applied last, so no other key's number shifts):
 *
 *   #p=default&traffic.1.from=right&traffic.1.kind=udp&traffic.1.rate=5000000&seed=1
 *   #p=<a lesson of 3 items>&traffic.0=null&traffic.2.flows=4&seed=1
 *
 * Nodes and links added to a general topology are said the same way, a node by its name
 * and a link by its `from` (the fields that add an item at the next index; set.ts,
 * itemCreator), then the fields that differ from a link's defaults:
 *
 *   #p=feng-fig1-a-8&topology.links.8.from=n9&topology.links.8.to=n5&topology.nodes.9.name=n9&seed=1
 *
 * A scenario whose shape differs from its preset in ways pairs cannot say (another
 * topology kind), or that would need more
 * pairs than a link may have (MAX_LINK_SETTINGS), falls back to a compact
 * form: #p=<preset>&v=1&s=<base64url of the JSON, defaults left out>.
 */
export const URL_VERSION = 1;

export interface DecodedHash {
  presetName: string;
  scenario: Scenario;
  /** One message per bad key or value (naming it, the value and what is allowed); the good keys are applied. */
  errors: string[];
  /**
   * The same problems with the key and value text they concern (for a banner that highlights them).
   * `duplicate`: not a failure but a notice that the key was given more than once; `value` is the one used.
   */
  problems: { key: string; value: string; message: string; duplicate?: boolean }[];
  /**
   * Values applied that are likely not what was meant (a bare `delay=5` is 5 s: units.ts,
   * bareNumberNotice). Not problems: the link opens as it says; the app shows them in a
   * banner that does not block.
   */
  notices: { key: string; value: string; message: string }[];
}

/** Values a duplicate notice lists, and the longest value it repeats whole. */
const DUPLICATES_LISTED = 3;
const DUPLICATE_TEXT = 48;

/** A value as a notice repeats it: whole when short, else its start and its length (an encoded scenario runs to kilobytes). */
function shortText(t: string): string {
  return t.length > DUPLICATE_TEXT ? `${t.slice(0, 24)}… (${t.length} characters)` : t;
}

/**
 * The notice for a key given more than once ("seed=1&seed=2"): it names the values and the
 * one used. A link giving one key 3000 times listed all 3000 values: a banner taller than
 * many screens; now the first few and how many more.
 */
function duplicateMessage(key: string, texts: readonly string[], used: string): string {
  const listed = texts.slice(0, DUPLICATES_LISTED).map((t) => JSON.stringify(shortText(t)));
  if (texts.length > DUPLICATES_LISTED) listed.push(`and ${texts.length - DUPLICATES_LISTED} more`);
  return `${pathText(key)} is given ${texts.length} times in the link (${listed.join(', ')}); used ${key}=${shortText(used)}`;
}

const DEFAULT_PRESET = 'default';

/**
 * The most key=value settings a link may have. The scenario with the most fields (of the
 * lessons: feng-fig8-adaptive) has 214, and a lesson's own link 1 or 2; a link of 20,000
 * settings (700 KB) took 3 s to read, with the tab frozen. One of 2,000 reads in under 40 ms.
 */
export const MAX_LINK_SETTINGS = 2000;

/** The settings (non-empty key=value parts) in a link's text, counted without splitting it. */
function settingsIn(text: string): number {
  let n = 0;
  let start = 0;
  while (start <= text.length) {
    let end = text.indexOf('&', start);
    if (end < 0) end = text.length;
    if (end > start) n++;
    start = end + 1;
  }
  return n;
}

/**
 * Thrown by decodeHash for a link with more than MAX_LINK_SETTINGS settings, before any is
 * read: no scenario has that many fields, and reading them would hold the tab for seconds.
 */
export class LinkTooLongError extends Error {
  constructor(readonly settings: number) {
    super(
      `the link has ${grouped(settings)} settings (key=value pairs); a link may have at most ${grouped(MAX_LINK_SETTINGS)} (the largest scenario has about 200 fields). Nothing in it was opened.`,
    );
    this.name = 'LinkTooLongError';
  }
}

// ---- values ---------------------------------------------------------------------------

/** A value a link writes with its unit (`delay=5s`): bare, it would be noticed as likely meant in ms (units.ts). */
class WithUnit {
  constructor(readonly text: string) {}
}

function valueText(v: unknown): string {
  if (v instanceof WithUnit) return v.text;
  if (v === null || v === undefined) return 'null';
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (typeof v === 'string') return v;
  return JSON.stringify(v);
}

/** Percent-encodes what would break a fragment's key=value&... syntax; keeps the rest readable. */
function encodeValue(text: string): string {
  return encodeURIComponent(text).replace(/%2C/g, ',').replace(/%5B/g, '[').replace(/%5D/g, ']').replace(/%3A/g, ':');
}

function decodeText(text: string): string | null {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
}

// ---- base64url ------------------------------------------------------------------------

function toBase64Url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let bin = '';
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): string {
  const b64 = text.replace(/-/g, '+').replace(/_/g, '/');
  const bin = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
  const bytes = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
  return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
}

// ---- readable diff --------------------------------------------------------------------

class Unsayable extends Error {}

type Rec = Record<string, unknown>;

function asRec(v: unknown): Rec | undefined {
  return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Rec) : undefined;
}

/**
 * Pass 0: lists shorter than the base's, said as removals. When the scenario's items are
 * the base's with some left out (a teacher removed item 1 of 3), those are removed
 * (`traffic.1=null`) and the rest keep their numbers; else the last ones are removed and
 * the others differ where they differ. Returns the scenario with each removed item put
 * back as the base has it (so it differs in nothing) and pushes the removal keys.
 */
function expandLists(node: FieldNode, sv: unknown, bv: unknown, segs: string[], removals: string[]): unknown {
  if (node.t === 'object' || node.t === 'union') {
    const o = asRec(sv);
    const b = asRec(bv);
    if (!o || !b) return sv;
    const fields = node.t === 'object' ? node.fields : o.kind === b.kind ? own(node.variants, String(o.kind)) : undefined;
    if (!fields) return sv;
    const out: Rec = { ...o };
    for (const [k, f] of Object.entries(fields)) if (o[k] !== undefined) out[k] = expandLists(f, o[k], b[k], [...segs, k], removals);
    return out;
  }
  if (node.t !== 'array' || !Array.isArray(sv) || !Array.isArray(bv)) return sv;
  if (sv.length >= bv.length) return sv.map((x, i) => expandLists(node.item, x, bv[i], [...segs, String(i)], removals));
  // the scenario's items in order among the base's (greedy matching finds a subsequence when there is one)
  const kept = new Set<number>();
  let j = 0;
  for (let i = 0; i < bv.length && j < sv.length; i++) if (jsonEqual(bv[i], sv[j])) (kept.add(i), j++);
  if (j < sv.length) {
    kept.clear();
    for (let i = 0; i < sv.length; i++) kept.add(i);
  }
  const out: unknown[] = [];
  let next = 0;
  for (let i = 0; i < bv.length; i++) {
    if (kept.has(i)) out.push(expandLists(node.item, sv[next++], bv[i], [...segs, String(i)], removals));
    else {
      out.push(cloneJson(bv[i]));
      removals.push(joinPath([...segs, String(i)]));
    }
  }
  return out;
}

/** Pass 1: make every `kind` of the base match the scenario's (outer objects first), emitting the kind keys; items added get their kind key. */
function alignKinds(node: FieldNode, sv: unknown, segs: string[], base: Rec, out: [string, unknown][]): void {
  if (sv === undefined) return;
  if (node.t === 'object') {
    const o = asRec(sv);
    if (o) for (const [k, f] of Object.entries(node.fields)) alignKinds(f, o[k], [...segs, k], base, out);
  } else if (node.t === 'union') {
    const o = asRec(sv);
    if (!o || typeof o.kind !== 'string') throw new Unsayable();
    const bv = asRec(getPath(base, segs));
    if (!bv || bv.kind !== o.kind) {
      const key = joinPath([...segs, 'kind']);
      if (node.fixedKind || applySet(base, key, o.kind) !== null) throw new Unsayable();
      out.push([key, o.kind]);
    }
    const fields = own(node.variants, o.kind);
    if (!fields) throw new Unsayable();
    for (const [k, f] of Object.entries(fields)) alignKinds(f, o[k], [...segs, k], base, out);
  } else if (node.t === 'array') {
    if (!Array.isArray(sv)) throw new Unsayable();
    const bv = getPath(base, segs);
    if (!Array.isArray(bv) || bv.length > sv.length) throw new Unsayable();
    // items added, at the next index: a traffic item by its kind, a node by its name, a link by its from
    const creator = itemCreator(node.item);
    for (let i = bv.length; i < sv.length; i++) {
      const o = asRec(sv[i]);
      if (creator === null || !o) throw new Unsayable();
      const key = joinPath([...segs, String(i), creator]);
      const v = o[creator];
      if (typeof v !== 'string' || applySet(base, key, v) !== null) throw new Unsayable();
      out.push([key, v]);
    }
    sv.forEach((x, i) => alignKinds(node.item, x, [...segs, String(i)], base, out));
  }
}

/** Pass 2: every leaf that differs (kinds now agree). */
function diffLeaves(node: FieldNode, sv: unknown, bv: unknown, segs: string[], out: [string, unknown][]): void {
  const key = joinPath(segs);
  switch (node.t) {
    case 'param':
      if (jsonEqual(sv, bv)) return;
      // a 5 s delay written `5s`: a bare 5 would open with a notice that it may be meant as 5 ms
      if (node.spec.type === 'number' && typeof sv === 'number' && ambiguousBare(node.spec, sv)) out.push([key, new WithUnit(unambiguousText(node.spec, sv))]);
      else out.push([key, sv === undefined ? null : sv]);
      return;
    case 'numbers':
      if (jsonEqual(sv, bv)) return;
      // per-flow delays of 5 s written [0.005,5s], as a single value is
      if (Array.isArray(sv) && sv.some((x) => typeof x === 'number' && ambiguousBare(node.spec, x))) out.push([key, new WithUnit(`[${sv.map((x) => unambiguousText(node.spec, x as number)).join(',')}]`)]);
      else out.push([key, sv === undefined ? null : sv]);
      return;
    case 'string':
    case 'literal':
    case 'points':
      if (!jsonEqual(sv, bv)) out.push([key, sv === undefined ? null : sv]);
      return;
    case 'object':
    case 'union': {
      if (sv === undefined) {
        if (bv !== undefined) out.push([key, null]);
        return;
      }
      const o = asRec(sv)!;
      const b = asRec(bv) ?? {};
      const fields = node.t === 'object' ? node.fields : (own(node.variants, String(o.kind)) ?? {});
      for (const [k, f] of Object.entries(fields)) diffLeaves(f, o[k], b[k], [...segs, k], out);
      return;
    }
    case 'array': {
      const a = sv as unknown[];
      const b = bv as unknown[];
      a.forEach((x, i) => diffLeaves(node.item, x, b[i], [...segs, String(i)], out));
      return;
    }
  }
}

function readablePairs(s: Scenario, base: Scenario): [string, unknown][] | null {
  const b = cloneJson(base) as unknown as Rec;
  const kinds: [string, unknown][] = [];
  const leaves: [string, unknown][] = [];
  const removals: string[] = [];
  try {
    const sx = expandLists(SCENARIO_TREE, s, b, [], removals);
    alignKinds(SCENARIO_TREE, sx, [], b, kinds);
    diffLeaves(SCENARIO_TREE, sx, b, [], leaves);
  } catch (e) {
    if (e instanceof Unsayable) return null;
    throw e;
  }
  return [...kinds, ...leaves.filter(([k]) => k !== 'seed'), ...removals.map((k): [string, unknown] => [k, null])];
}

// ---- compact form ---------------------------------------------------------------------

/** The scenario without the parameters that equal their defaults (parseScenario puts them back). */
function minimal(node: FieldNode, v: unknown): unknown {
  if (node.t === 'object' || node.t === 'union') {
    const o = asRec(v);
    if (!o) return v;
    const fields = node.t === 'object' ? node.fields : (own(node.variants, String(o.kind)) ?? {});
    const out: Rec = {};
    for (const [k, x] of Object.entries(o)) {
      const f = own(fields, k);
      if (!f) {
        out[k] = x;
        continue;
      }
      if (f.t === 'param' && f.optional === 'default' && jsonEqual(x, f.spec.default)) continue;
      const m = minimal(f, x);
      if (f.t === 'object' && f.optional === 'default' && asRec(m) && Object.keys(m as Rec).length === 0) continue;
      out[k] = m;
    }
    return out;
  }
  if (node.t === 'array' && Array.isArray(v)) return v.map((x) => minimal(node.item, x));
  return v;
}

function compactHash(s: Scenario, presetName: string): string {
  const p = presetByName(presetName) ? presetName : DEFAULT_PRESET;
  return `#p=${encodeValue(p)}&v=${URL_VERSION}&s=${toBase64Url(JSON.stringify(minimal(SCENARIO_TREE, s)))}`;
}

// ---- encode / decode ------------------------------------------------------------------

/**
 * The hash for `scenario` relative to the preset `presetName`: readable pairs when
 * possible, else the compact form. Always round-trips: decodeHash(encodeHash(s, p))
 * gives back s with no errors.
 */
export function encodeHash(scenario: Scenario, presetName: string): string {
  const preset = presetByName(presetName);
  if (preset) {
    const pairs = readablePairs(scenario, preset.scenario);
    // a link of more settings than a link may have (hundreds of items added) would be refused when opened
    if (pairs && pairs.length + 2 <= MAX_LINK_SETTINGS) {
      const sorted = [...pairs].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
      const parts = [`p=${encodeValue(presetName)}`, ...sorted.map(([k, v]) => `${k}=${encodeValue(valueText(v))}`), `seed=${scenario.seed}`];
      const hash = `#${parts.join('&')}`;
      const back = decodeHash(hash);
      if (back.errors.length === 0 && jsonEqual(back.scenario, scenario)) return hash;
    }
  }
  return compactHash(scenario, presetName);
}

/**
 * The keys of the link of `scenario` that differ from the preset `presetName`, as
 * "path=value" (decoded), without the seed when it is the preset's: what the app's claims
 * panel and the CLI's lesson report list as "your scenario differs".
 */
export function changedKeys(scenario: Scenario, presetName: string): string[] {
  return changedKeysOfHash(encodeHash(scenario, presetName), presetName);
}

/** changedKeys from a hash encodeHash already gave for `presetName` (the app encodes each scenario once). */
export function changedKeysOfHash(hash: string, presetName: string): string[] {
  const seed = presetByName(presetName)?.scenario.seed;
  return hash
    .replace(/^#/, '')
    .split('&')
    .filter((kv) => !kv.startsWith('p=') && kv !== `seed=${seed}`)
    .map((kv) => decodeURIComponent(kv));
}

/** The scenario's labels: its name and description change what it is called, not how it runs. */
const LABEL_KEYS: readonly string[] = ['name', 'description'];

/**
 * The keys of changedKeys in which `scenario` runs differently from the preset: without
 * its name and description (the app shows them as the scenario's own title; the lesson's
 * statements are checked against the run, which they do not change).
 */
export function runChanges(scenario: Scenario, presetName: string): string[] {
  return runChangesOfHash(encodeHash(scenario, presetName), presetName);
}

/**
 * A change "path=value" as the claims panel and the CLI's lesson report show it: a number
 * (or list of numbers) of a field with a usual unit in that unit, as the editor shows it and
 * a link or --set takes it ("queue.target=20ms", not "queue.target=0.02";
 * "topology.bottleneck.rate=15Mb/s"). Any other change as it is. `scenario` is the one the
 * change is in (for the field's spec).
 */
export function changeText(scenario: unknown, kv: string): string {
  const eq = kv.indexOf('=');
  if (eq < 0) return kv;
  const path = kv.slice(0, eq);
  const text = kv.slice(eq + 1);
  const node = nodeAt(scenario, path);
  if (node?.t === 'param' && node.spec.type === 'number') {
    const v = valueOfText(node.spec, text);
    return v !== undefined && Number.isFinite(v) ? `${path}=${usualText(node.spec, v)}` : kv;
  }
  if (node?.t === 'numbers') {
    const spec = node.spec;
    const values = (listElements(text) ?? []).map((el) => valueOfText(spec, el));
    if (values.length === 0 || values.some((v) => v === undefined || !Number.isFinite(v))) return kv;
    return `${path}=[${values.map((v) => usualText(spec, v!)).join(',')}]`;
  }
  return kv;
}

/** runChanges from a hash encodeHash already gave for `presetName`. */
export function runChangesOfHash(hash: string, presetName: string): string[] {
  return changedKeysOfHash(hash, presetName).filter((kv) => !LABEL_KEYS.includes(kv.slice(0, kv.indexOf('='))));
}

function depth(key: string): number {
  return splitPath(key).length;
}

/** Dotted keys in order, their index parts as numbers (traffic.2 before traffic.10). */
function byIndex(a: string, b: string): number {
  const x = splitPath(a);
  const y = splitPath(b);
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    if (x[i] === y[i]) continue;
    if (isIndex(x[i]) && isIndex(y[i])) return x[i].length - y[i].length || (x[i] < y[i] ? -1 : 1);
    return x[i] < y[i] ? -1 : 1;
  }
  return x.length - y.length;
}

/** The item of a list `key` is in when the link adds that item (its index is past the end in `base`): "topology.links.8". */
function addedItem(key: string, base: Rec): string | null {
  const segs = splitPath(key);
  for (let i = 1; i < segs.length; i++) {
    if (!isIndex(segs[i])) continue;
    const list = getPath(base, segs.slice(0, i));
    if (Array.isArray(list) && Number(segs[i]) >= list.length) return joinPath(segs.slice(0, i + 1));
  }
  return null;
}

function tryParse(obj: Rec): Scenario | null {
  const r = parseScenario(obj);
  return r.ok ? r.scenario : null;
}

/**
 * Opens a link: the preset, then each key applied in turn (kinds first). A bad key or
 * value is reported and skipped; the good ones still apply. Keys that are fine alone but
 * break a cross-field rule (min_th < max_th) are applied in whatever order works and
 * reported only if no order does. A link of more than MAX_LINK_SETTINGS settings throws
 * LinkTooLongError, naming the count and the cap.
 */
export function decodeHash(hash: string): DecodedHash {
  const problems: DecodedHash['problems'] = [];
  const errors: string[] = [];
  const notices: DecodedHash['notices'] = [];
  const problem = (key: string, value: string, message: string) => {
    problems.push({ key, value, message });
    errors.push(message);
  };
  const text = hash.replace(/^#/, '');
  const settings = settingsIn(text);
  if (settings > MAX_LINK_SETTINGS) throw new LinkTooLongError(settings);
  const pairs: { key: string; text: string }[] = [];
  for (const part of text.split('&')) {
    if (part === '') continue;
    const i = part.indexOf('=');
    const key = decodeText(i < 0 ? part : part.slice(0, i));
    const val = decodeText(i < 0 ? '' : part.slice(i + 1));
    if (key === null || val === null) {
      problem(part, '', `${pathText(part)}: malformed percent-encoding`);
      continue;
    }
    if (i < 0) {
      problem(key, '', `${pathText(key)}: no value (expected ${key || '<dotted.path>'}=<value>)`);
      continue;
    }
    pairs.push({ key, text: val });
  }

  const special = (k: string) => pairs.filter((p) => p.key === k).pop()?.text;
  // A key given more than once used to keep one value silently: say which (p, v and s: the last).
  const given = new Map<string, string[]>();
  for (const p of pairs) given.set(p.key, [...(given.get(p.key) ?? []), p.text]);
  const repeated = [...given].filter(([, texts]) => texts.length > 1);
  const noteDuplicate = (key: string, texts: readonly string[], used: string) => {
    problems.push({ key, value: used, message: duplicateMessage(key, texts, used), duplicate: true });
    errors.push(duplicateMessage(key, texts, used));
  };
  for (const [k, texts] of repeated) if (k === 'p' || k === 'v' || k === 's') noteDuplicate(k, texts, texts[texts.length - 1]);
  let presetName = special('p') ?? DEFAULT_PRESET;
  let preset = presetByName(presetName);
  if (!preset) {
    // links are opened in the app: point at its Lesson menu, and at the lessons the name resembles
    const near = nearPresets(presetName);
    const hint = near.length ? ` Did you mean ${near.map((x) => `p=${x.name} (“${x.title}”)`).join(', ')}?` : '';
    problem('p', presetName, `p = "${presetName}": no such preset; opened "${DEFAULT_PRESET}" instead.${hint} The Lesson menu lists them all.`);
    presetName = DEFAULT_PRESET;
    preset = presetByName(DEFAULT_PRESET)!;
  }
  const v = special('v');
  if (v !== undefined && v !== String(URL_VERSION)) {
    problem('v', v, `v = ${JSON.stringify(v)}: this build reads link version ${URL_VERSION}; the link is ignored`);
    return { presetName, scenario: cloneJson(preset.scenario), errors, problems, notices };
  }
  let base = cloneJson(preset.scenario) as unknown as Rec;
  const s = special('s');
  if (s !== undefined) {
    let json: unknown;
    try {
      json = JSON.parse(fromBase64Url(s));
    } catch {
      // "eyJ" is the encoding of '{"': a scenario that stops short was cut off when the link was copied
      const cut = s.startsWith('eyJ');
      problem('s', s, cut ? `s: the encoded scenario stops short: the link looks cut off (copy the whole link again); opened preset "${presetName}" instead` : `s: not a valid encoded scenario (base64url of JSON); opened preset "${presetName}" instead`);
    }
    if (json !== undefined) {
      const r = parseScenario(json);
      if (r.ok) base = r.scenario as unknown as Rec;
      else for (const e of r.errors) problem('s', s, `s: ${e}`);
    }
  }

  const keyed = pairs.filter((p) => p.key !== 'p' && p.key !== 'v' && p.key !== 's');
  // `traffic.1=null` removes an item: applied last, so every number in the link counts the preset's items
  const removing = (p: { key: string; text: string }) => p.text === 'null' && removesItem(p.key, null);
  const setting = keyed.filter((p) => !removing(p));
  // kinds and the fields that add items (a node's name, a link's from) first, outer objects
  // first, items in the order of their numbers (an item added at 2 before one at 3)
  const first = (p: { key: string }) => createsItem(base, p.key);
  const kinds = setting.filter(first).sort((a, b) => depth(a.key) - depth(b.key) || byIndex(a.key, b.key));
  const ordered = [...kinds, ...setting.filter((p) => !first(p))];

  // Each key alone: unknown keys and out-of-range values are reported here.
  let cur = cloneJson(base);
  const accepted: { key: string; value: unknown; text: string }[] = [];
  for (const p of ordered) {
    const value = parseValueText(p.text, nodeAt(cur, p.key));
    const said: string[] = [];
    const err = applySetText(cur, p.key, p.text, said);
    if (err) problem(p.key, p.text, err);
    else {
      accepted.push({ key: p.key, value, text: p.text });
      for (const message of said) notices.push({ key: p.key, value: p.text, message });
    }
  }
  const removed: string[] = [];
  for (const key of removalOrder(keyed.filter(removing).map((p) => p.key))) {
    const err = applySet(cur, key, null);
    if (err) problem(key, 'null', err);
    else removed.push(key);
  }
  /** A scenario with the link's removals done (the cross-field search below works on the items as numbered). */
  const finish = (o: Rec): Rec => {
    if (removed.length === 0) return o;
    const c = cloneJson(o);
    for (const key of removed) applySet(c, key, null);
    return c;
  };
  let scenario = tryParse(cur);
  if (!scenario) {
    // what is wrong with every key applied: an item added by several keys (a link's from and
    // to) is only whole with all of them, so its own problem (a node that does not exist) shows here
    const together = parseScenario(finish(cur));
    const allErrors = together.ok ? [] : together.errors;
    // Some keys break a cross-field rule: apply them one at a time, in any order that works.
    cur = cloneJson(base);
    let pending = accepted;
    let progress = true;
    while (progress && pending.length) {
      progress = false;
      const left: typeof pending = [];
      for (const p of pending) {
        const trial = cloneJson(cur);
        if (applySet(trial, p.key, p.value) === null && tryParse(finish(trial))) {
          cur = trial;
          progress = true;
        } else left.push(p);
      }
      pending = left;
    }
    for (const p of pending) {
      const trial = cloneJson(cur);
      applySet(trial, p.key, p.value);
      const r = parseScenario(finish(trial));
      // refused only because of another field with one known fix (companionFix): the link's
      // reader is told the key to add, and nothing they did not ask for is changed
      const fix = r.ok ? null : companionFix(cur as unknown as Scenario, p.key, p.value);
      const edits = (fix?.companions ?? []).map((c) => {
        const want = `${c.path}=${valueText(c.value)}`;
        // a companion the link already sets to another value: that key is to change, not to repeat
        const had = given.get(c.path);
        return had ? `change ${c.path}=${had[had.length - 1]} to ${want} in the link` : `add &${want} to the link`;
      });
      const add = edits.length ? `; to have ${p.key}=${p.text}, ${edits.join(' and ')}` : '';
      // a key of an item the link adds: what is wrong with that item as the link makes it
      const item = addedItem(p.key, base);
      const own = item ? allErrors.filter((e) => e.startsWith(`${item}.`) || e.startsWith(`${item}:`) || e.startsWith(`${item} `)) : [];
      const why = own.length ? own.join('; ') : r.ok ? 'conflicts with another key' : r.errors.join('; ');
      problem(p.key, p.text, `${p.key}=${p.text} not applied: ${why}${add}`);
    }
    scenario = tryParse(finish(cur)) ?? cloneJson(preset.scenario);
  }
  // which of a repeated key's values the scenario ended with (the last that applied); none: each was reported bad
  for (const [k, texts] of repeated) {
    if (k === 'p' || k === 'v' || k === 's') continue;
    if (removed.includes(k) && texts.every((t) => t === 'null')) {
      noteDuplicate(k, texts, 'null');
      continue;
    }
    const have = getPath(scenario, k) ?? null;
    const used = [...texts].reverse().find((t) => jsonEqual(parseValueText(t, nodeAt(scenario, k)) ?? null, have));
    if (used !== undefined) noteDuplicate(k, texts, used);
  }
  // notices of values the scenario kept (not of a repeated key's value that another replaced)
  const seen = new Set<string>();
  const kept = notices.filter((n) => !seen.has(n.message) && seen.add(n.message) && jsonEqual(getPath(scenario, n.key) ?? null, parseValueText(n.value, nodeAt(scenario, n.key)) ?? null));
  return { presetName, scenario, errors, problems, notices: kept };
}
