import { checkParam, queueUnitOf, rangeText, shownValue, unitText, type QueueUnitContext } from '../core/params';
import { parseJsonText } from './file';
import { cloneJson, getPath, isIndex, joinPath, own, pathText, setPath, splitPath } from './paths';
import { allowedKeysAt, isRequired, objectText, plainItems, plainItemsMessage, resolvePath, stringExpected, unknownFieldHint, type ArrayNode, type FieldNode, type UnionNode } from './tree';
import { bareNumberHint, bareNumberNotice, listElements, listWithUnits, numberWithUnit, pointsWithUnits, unitProblem } from './units';

/**
 * Setting one field by dotted path: the CLI's `--set path=value`, the URL codec's
 * `path=value` pairs and the UI's controls all go through `applySet`, so they accept the
 * same paths and give the same messages.
 *
 * Rules:
 * - the path must exist in the schema (for a queue, the parameters of its current kind);
 * - a declared parameter is checked against its declaration (range, type);
 * - setting a `kind` swaps the object for one of the new kind with that kind's defaults,
 *   keeping the fields both kinds have (a queue keeps limit, unit and countRule; a traffic
 *   item keeps from/src/dst and start);
 * - `null` removes an optional field (`traffic.0.bytes=null` makes the flows unlimited,
 *   `topology.bottleneck.reverseQueue=null` makes both directions share `queue`);
 * - setting a field of an absent reverseQueue first copies queue into it;
 * - a list of items with a kind (traffic) grows by one when the kind of the next index is
 *   set: `traffic.2.kind=udp` on a scenario of 2 items adds a UDP item at that kind's
 *   defaults (then `traffic.2.rate=5e6`); any other index past the end is refused, naming
 *   the next one;
 * - `null` on a list item removes it (`traffic.1=null`). The callers that apply several
 *   settings (a link, the CLI's --set) apply removals last, highest index first, so every
 *   number in their keys counts the items as they were before any was removed.
 */

/**
 * Parses the text of a value: JSON when possible, else the text itself. Names and enum
 * values stay text unless quoted. A number with a unit for a time, rate or size field
 * (`20ms`, `10Mb/s`, `64KB`; units.ts) becomes the field's SI number; a unit it cannot
 * take stays text, for applySet to explain.
 */
export function parseValueText(text: string, node?: FieldNode): unknown {
  if (node?.t === 'param' && node.spec.type === 'number') {
    const v = numberWithUnit(node.spec, text);
    if (v !== undefined) return v;
  }
  if (node?.t === 'points') {
    // JSON as before; else pairs whose delay carries a unit ([[5ms,0.5],[75ms,1]])
    try {
      return JSON.parse(text) as unknown;
    } catch {
      const pts = pointsWithUnits('', node.x, text);
      return pts && 'values' in pts ? pts.values : text;
    }
  }
  if (node?.t === 'numbers') {
    // a JSON list as before; else elements with units (10ms,20ms, [10ms, 20ms]) or one number
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    if (Array.isArray(json) || json === null) return json;
    const list = listWithUnits('', node.spec, text);
    return list && 'values' in list ? list.values : text;
  }
  const textual = node && (node.t === 'string' || (node.t === 'param' && node.spec.type === 'enum'));
  if (textual) {
    if (text === 'null') return null;
    if (text.startsWith('"')) {
      try {
        const v: unknown = JSON.parse(text);
        if (typeof v === 'string') return v;
      } catch {
        /* not JSON: keep the text */
      }
    }
    return text;
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** Splits "path=value" (the first "=" separates). The error names the path when there is one. */
export function splitAssignment(arg: string): { path: string; text: string } | { error: string } {
  const i = arg.indexOf('=');
  if (i < 0) return { error: `${arg === '' ? '(empty)' : pathText(arg)}: no value; expected ${arg || '<dotted.path>'}=<value>, e.g. topology.bottleneck.queue.maxP=0.02` };
  if (i === 0) return { error: `${JSON.stringify(arg)}: no field name before "="; expected <dotted.path>=<value>, e.g. topology.bottleneck.queue.maxP=0.02` };
  return { path: arg.slice(0, i).trim(), text: arg.slice(i + 1) };
}

/**
 * The message for a path with an empty part ("topology.left.", ".seed", "a..b"): it names
 * the path, where the gap is, and the fields allowed there.
 */
function emptyPartMessage(scenario: unknown, path: string): string {
  const segs = splitPath(path);
  if (segs.length === 0) return `(empty): no field name; give a dotted path such as topology.bottleneck.queue.maxP (fields of the scenario: ${allowedKeysAt(scenario, []).join(', ')})`;
  const k = segs.indexOf('');
  const before = segs.slice(0, k);
  const allowed = allowedKeysAt(scenario, before);
  const where = before.length ? `after "${before.join('.')}."` : 'at the start';
  return `${JSON.stringify(path)}: empty field name ${where}${allowed.length ? `; fields of ${before.length ? before.join('.') : 'the scenario'}: ${allowed.join(', ')}` : ''}`;
}

function defaultsOfVariant(fields: Record<string, FieldNode>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, n] of Object.entries(fields)) {
    if (n.t === 'param' && n.optional === 'default') out[k] = n.spec.default;
    else if (n.t === 'points' || n.t === 'numbers') out[k] = cloneJson(n.default);
    else if (n.t === 'object' && n.optional === 'default') out[k] = defaultsOfVariant(n.fields);
    else if (n.t === 'union' && n.optional === 'default') out[k] = { kind: n.spec.default, ...defaultsOfVariant(n.variants[n.spec.default]) };
  }
  return out;
}

/** Ensures an absent union with `copyOf` (reverseQueue) exists as a copy of its sibling. */
function materialize(scenario: unknown, segs: readonly string[]): void {
  for (let i = 1; i <= segs.length; i++) {
    const prefix = segs.slice(0, i);
    const r = resolvePath(scenario, prefix);
    if (!r.ok || r.node.t !== 'union' || !r.node.copyOf) continue;
    if (getPath(scenario, prefix) !== undefined) continue;
    const sibling = getPath(scenario, [...prefix.slice(0, -1), r.node.copyOf]);
    if (sibling !== undefined) setPath(scenario, prefix, cloneJson(sibling));
  }
}

function swapKind(scenario: unknown, path: string, segs: string[], union: UnionNode, value: unknown): string | null {
  if (union.fixedKind) return `${path}: cannot be changed by a --set or a link; write a scenario file with the other kind`;
  const err = checkParam(path, union.spec, value);
  if (err) return err;
  const kind = value as string;
  const parent = segs.slice(0, -1);
  materialize(scenario, parent);
  const current = getPath(scenario, parent) as Record<string, unknown> | undefined;
  if (current && current.kind === kind) return null;
  const fields = union.variants[kind];
  const next: Record<string, unknown> = { kind, ...defaultsOfVariant(fields) };
  const was = current && typeof current.kind === 'string' ? own(union.variants, current.kind) : undefined;
  const carried = new Set<string>();
  if (current) for (const k of Object.keys(fields)) if (current[k] !== undefined && sameMeaning(was ? own(was, k) : undefined, fields[k], current[k])) (next[k] = cloneJson(current[k])), carried.add(k);
  bytesDefaults(next, fields, carried);
  setPath(scenario, parent, next);
  return null;
}

/**
 * A queue kept in bytes across a swap (`unit` carried over): the new kind's sizes left at
 * their defaults (RED's min_th 5 and max_th 15, PI's q_ref, REM's b*) are packets, so they
 * are taken as packets of `meanPktSize` bytes, as ns-2 reads RED's thresholds for a queue
 * in bytes. Unscaled, a PI lesson in bytes swapped to RED got thresholds of 5 and 15 bytes
 * and dropped a fifth of its packets.
 */
function bytesDefaults(next: Record<string, unknown>, fields: Record<string, FieldNode>, carried: ReadonlySet<string>): void {
  const size = next.meanPktSize;
  if (next.unit !== 'bytes' || typeof size !== 'number') return;
  for (const k of Object.keys(fields)) {
    const f = fields[k];
    if (carried.has(k) || f.t !== 'param' || !('unit' in f.spec) || f.spec.unit !== 'queue-units') continue;
    if (typeof next[k] === 'number') next[k] = (next[k] as number) * size;
  }
}

/**
 * Whether a field's value can be carried across a kind swap: the same name must mean the
 * same thing in both kinds. A UDP source's `rate` is bits/s while a PackMime item's is
 * connections/s, and one web kind's `persistent` is a yes/no while another's is a
 * probability: carried over, the new item failed validation on a field the user never
 * touched and the swap was refused. Params carry when type and unit agree and the value
 * is in the new kind's range, and a param whose default is its kind's own choice
 * (`kindDefault`: RED's mean packet size) only when it was set away from that default,
 * and never a param that is its kind's own quantity (`kindOwn`: PIE's and CoDel's targets,
 * the intervals, alphas and betas); other fields when they are the same kind of node.
 */
function sameMeaning(a: FieldNode | undefined, b: FieldNode, value: unknown): boolean {
  if (!a || a.t !== b.t) return false;
  if (a.t === 'param' && b.t === 'param') {
    // another kind's default is that kind's choice, not the scenario's (RED's ns-2 500 bytes into REM)
    if (a.spec !== b.spec && a.spec.kindDefault && value === a.spec.default) return false;
    // the same name for another quantity (PIE's target is not CoDel's): never carried, set or not
    if (a.spec !== b.spec && (a.spec.kindOwn || b.spec.kindOwn)) return false;
    return a.spec.type === b.spec.type && ('unit' in a.spec ? a.spec.unit : undefined) === ('unit' in b.spec ? b.spec.unit : undefined) && checkParam('', b.spec, value) === null;
  }
  return true;
}


/**
 * Checks a whole value given for a group of fields (`--set topology.bottleneck.queue={...}`,
 * a link's `key={...}`) against the tree, before it is put in place: unknown fields, kinds
 * that do not exist, parameters out of range and wrong types are reported with the full
 * dotted path of each. Fields left out are fine (they get their defaults later) unless
 * they are required. Returns every problem found.
 */
export function checkValue(node: FieldNode, value: unknown, path: string, queueUnit?: QueueUnitContext): string[] {
  const out: string[] = [];
  const at = (k: string) => (path ? `${path}.${k}` : k);
  const fields = (fs: Record<string, FieldNode>, o: Record<string, unknown>, allowed: string[], skip?: string) => {
    for (const k of Object.keys(o)) {
      if (k === skip) continue;
      const f = own(fs, k);
      if (!f) out.push(`${pathText(at(k))}: unknown field; allowed here: ${allowed.join(', ')}${unknownFieldHint(node, k, allowed, path)}`);
      else if (o[k] !== undefined) out.push(...checkValue(f, o[k], at(k), queueUnitOf(o)));
    }
    for (const [k, f] of Object.entries(fs)) {
      if (isRequired(f) && o[k] === undefined) out.push(`${at(k)}: required`);
    }
  };
  switch (node.t) {
    case 'param': {
      const e = checkParam(path, node.spec, value, queueUnit);
      if (e) out.push(e);
      break;
    }
    case 'string':
      if (typeof value !== 'string') out.push(`${path}: expected ${stringExpected(node)}, got ${shownValue(value)}`);
      else if (node.nonEmpty && value === '') out.push(`${path}: must not be empty`);
      else if (value.length > node.maxLength) out.push(`${path}: ${value.length} characters; allowed at most ${node.maxLength}`);
      break;
    case 'literal':
      if (value !== node.value) out.push(`${path}: must be ${node.value}, got ${shownValue(value)}`);
      break;
    case 'points':
      if (!Array.isArray(value) || value.length === 0 || !value.every((p) => Array.isArray(p) && p.length === 2 && p.every((x) => typeof x === 'number' && Number.isFinite(x)))) {
        out.push(`${path}: expected a list of [number, number] pairs, got ${shownValue(value)}`);
      } else if (value.length > node.max) out.push(`${path}: ${value.length} items; allowed at most ${node.max}`);
      break;
    case 'numbers':
      if (!Array.isArray(value)) out.push(`${path}: expected a list of numbers [ ... ] (each ${rangeText(node.spec, queueUnit)}), got ${shownValue(value)}`);
      else if (value.length === 0) out.push(`${path}: needs at least 1 item(s), got 0`);
      else if (value.length > node.max) out.push(`${path}: ${value.length} items; allowed at most ${node.max}`);
      else
        value.forEach((x, i) => {
          const e = checkParam(at(String(i)), node.spec, x, queueUnit);
          if (e) out.push(e);
        });
      break;
    case 'array':
      if (!Array.isArray(value)) out.push(`${path}: expected a list [ ... ], got ${shownValue(value)}`);
      else if (node.item.t === 'object' && plainItems(value)) out.push(plainItemsMessage(path, node.item.fields, value));
      else if (value.length < node.min) out.push(`${path}: needs at least ${node.min} item(s), got ${value.length}`);
      else if (node.max !== undefined && value.length > node.max) out.push(`${path}: ${value.length} items; allowed at most ${node.max}`);
      else value.forEach((x, i) => out.push(...checkValue(node.item, x, at(String(i)))));
      break;
    case 'object': {
      if (typeof value !== 'object' || value === null || Array.isArray(value)) {
        out.push(`${path}: expected an object ${objectText(node.fields, value)}, got ${shownValue(value)}`);
        break;
      }
      fields(node.fields, value as Record<string, unknown>, Object.keys(node.fields));
      break;
    }
    case 'union': {
      if (typeof value !== 'object' || value === null || Array.isArray(value)) {
        out.push(`${path}: expected an object { "kind": ..., ... }, got ${shownValue(value)}`);
        break;
      }
      const o = value as Record<string, unknown>;
      const kindErr = o.kind === undefined ? `${at('kind')}: required, one of ${node.spec.values.map((v) => `"${v}"`).join(', ')}` : checkParam(at('kind'), node.spec, o.kind);
      const variant = kindErr ? undefined : own(node.variants, o.kind as string);
      if (kindErr || !variant) {
        out.push(kindErr ?? `${at('kind')}: unknown kind ${shownValue(o.kind)}`);
        break;
      }
      fields(variant, o, ['kind', ...Object.keys(variant)], 'kind');
      break;
    }
  }
  return out;
}

/** Where a path steps into a list past its end, or removes one of its items. */
interface ListStep {
  /** The list's own path ("traffic"), its node and value. */
  list: string;
  node: ArrayNode;
  items: unknown[];
  /** The index as written (it may be too large for a number) and its value. */
  indexText: string;
  index: number;
  /** The path parts after the index. */
  rest: string[];
}

/** The first step of `segs` that indexes a list at or past its end, or the list item a path of null names (it is removed). */
function listStep(scenario: unknown, segs: readonly string[], removing: boolean): ListStep | null {
  for (let i = 1; i < segs.length; i++) {
    if (!isIndex(segs[i])) continue;
    const r = resolvePath(scenario, segs.slice(0, i));
    if (!r.ok || r.node.t !== 'array') continue;
    const items = getPath(scenario, segs.slice(0, i));
    if (!Array.isArray(items)) continue;
    const index = Number(segs[i]);
    const last = i === segs.length - 1;
    if (index >= items.length || (removing && last)) return { list: joinPath(segs.slice(0, i)), node: r.node, items, indexText: segs[i], index, rest: segs.slice(i + 1) };
  }
  return null;
}

/**
 * The field that adds an item to a list when set at the next index: a traffic item's `kind`
 * (the item starts at that kind's defaults), or the first required text of an item of fixed
 * fields (a node's `name`, a link's `from`: the item starts at its fields' defaults). Null
 * when items cannot be added by a --set or a link.
 */
export function itemCreator(item: FieldNode): string | null {
  if (item.t === 'union') return item.fixedKind ? null : 'kind';
  if (item.t !== 'object') return null;
  const first = Object.entries(item.fields).find(([, f]) => f.t === 'string' && isRequired(f));
  return first ? first[0] : null;
}

/**
 * Whether `key` sets the field that adds an item (itemCreator) of a list of `scenario`, or
 * any `kind`: a link applies these first, items in the order of their numbers.
 */
export function createsItem(scenario: unknown, key: string): boolean {
  const segs = splitPath(key);
  const field = segs[segs.length - 1];
  if (field === 'kind') return true;
  if (segs.length < 3 || !isIndex(segs[segs.length - 2])) return false;
  const r = resolvePath(scenario, segs.slice(0, -2));
  return r.ok && r.node.t === 'array' && r.node.item.t === 'object' && itemCreator(r.node.item) === field;
}

/** What a list's item indices are, and how one is added ("traffic has 2 item(s), indices 0 to 1; a new item is traffic.2, ..."). */
function listText(step: ListStep): string {
  const n = step.items.length;
  const have = `${step.list} has ${n} item(s)${n > 0 ? `, indices 0 to ${n - 1}` : ''}`;
  const item = step.node.item;
  const creator = itemCreator(item);
  if (creator === null) return `${have}; an item cannot be added by a --set or a link: write a scenario file`;
  if (step.node.max !== undefined && n >= step.node.max) return `${have}, the most allowed`;
  const what = item.t === 'union' ? `one of ${item.spec.values.join(', ')}` : 'a text string';
  return `${have}; a new item is ${step.list}.${n}, added by giving its ${creator} first: ${step.list}.${n}.${creator}=<${what}>`;
}

/** Adds an item, removes one, or explains the index; null when the path does not step past a list's end (and is no removal). */
function setListItem(scenario: Record<string, unknown>, path: string, segs: string[], value: unknown): string | null | undefined {
  const step = listStep(scenario, segs, value === null);
  if (!step) return undefined;
  const n = step.items.length;
  if (step.index < n) {
    // value null on an existing item: remove it
    if (n - 1 < step.node.min) return `${path}: cannot be removed: ${step.list} needs at least ${step.node.min} item(s) and has ${n}`;
    step.items.splice(step.index, 1);
    return null;
  }
  const item = step.node.item;
  const creator = itemCreator(item);
  const room = step.node.max === undefined || n < step.node.max;
  const adding = step.index === n && step.rest.length === 1 && creator !== null && step.rest[0] === creator && room;
  if (!adding) {
    const at = `${step.list}.${step.indexText}`;
    const why = step.index === n && creator !== null && step.rest.length > 0 && room ? `${at} does not exist yet: ` : '';
    return `${pathText(path)}: ${why}${listText(step)}`;
  }
  if (item.t === 'object') {
    // a node by its name, a link by its from: the other fields at their defaults, the required ones set next
    const errs = checkValue(item.fields[creator!], value, path);
    if (errs.length) return errs[0];
    step.items.push({ ...defaultsOfVariant(item.fields), [creator!]: value });
    return null;
  }
  if (item.t !== 'union') return `${pathText(path)}: ${listText(step)}`;
  const err = checkParam(path, item.spec, value);
  if (err) return err;
  const fields = own(item.variants, value as string);
  if (!fields) return `${path}: unknown kind ${shownValue(value)}`;
  step.items.push({ kind: value, ...defaultsOfVariant(fields) });
  return null;
}

/** Whether setting `path` to `value` removes a list item (`traffic.1=null`): applied after the other settings. */
export function removesItem(path: string, value: unknown): boolean {
  const segs = splitPath(path);
  return value === null && segs.length > 1 && isIndex(segs[segs.length - 1]);
}

/** Item removals in the order to apply them: each path once, highest index first (the others keep their numbers). */
export function removalOrder(paths: readonly string[]): string[] {
  const last = (p: string) => Number(p.slice(p.lastIndexOf('.') + 1));
  return [...new Set(paths)].sort((a, b) => last(b) - last(a) || (a < b ? -1 : a > b ? 1 : 0));
}

/**
 * Sets `path` to `value` in `scenario` (a plain scenario object, changed in place).
 * Returns null, or a message naming the path, the value and what is allowed. The
 * scenario as a whole should be validated again afterwards (cross-field rules).
 * `text`: what the value was read from (a link's or a --set's value, see applySetText),
 * so a message about a number typed with a unit shows it as typed ("20000ms (20 s)").
 */
export function applySet(scenario: Record<string, unknown>, path: string, value: unknown, text?: string): string | null {
  const segs = splitPath(path);
  if (segs.length === 0 || segs.some((s) => s === '')) return emptyPartMessage(scenario, path);
  if (/\s/.test(path)) return `${JSON.stringify(path)}: a dotted path has no spaces (fields of the scenario: ${allowedKeysAt(scenario, []).join(', ')})`;
  const listed = setListItem(scenario, path, segs, value);
  if (listed !== undefined) return listed;
  const r = resolvePath(scenario, segs);
  if (!r.ok) return r.error;
  if (r.kindOf) return swapKind(scenario, path, segs, r.kindOf, value);
  const node = r.node;
  // a size in the queue's unit is named by it in the messages ("packets", or "bytes")
  const queueUnit = queueUnitOf(getPath(scenario, segs.slice(0, -1)));
  const optional = 'optional' in node && node.optional === 'omit';
  if (value === null) {
    if (!optional) {
      // what may be set instead: a number's range, an enum's values (tcp.cc=null said only "cannot be removed"), true or false
      const spec = node.t === 'param' ? node.spec : null;
      const allowed = spec?.type === 'number' ? rangeText(spec, queueUnit) : spec?.type === 'enum' ? `one of ${spec.values.map((v) => `"${v}"`).join(', ')}` : spec?.type === 'boolean' ? 'true or false' : null;
      return `${path}: cannot be removed${allowed ? ` (allowed ${allowed})` : ''}`;
    }
    setPath(scenario, segs, undefined);
    pruneEmpty(scenario, segs.slice(0, -1));
    return null;
  }
  // a group of fields or a list given as JSON that does not parse reached here as its text:
  // say where the JSON breaks ("expected a list [ ... ], got "[1, 2"" did not)
  // ([10ms, 5min] is a list with a bad unit, explained below)
  if (typeof value === 'string' && /^\s*[[{]/.test(value) && node.t !== 'string' && node.t !== 'param' && node.t !== 'literal' && !(node.t === 'numbers' && listElements(value)) && !(node.t === 'points' && pointsWithUnits(path, node.x, value))) {
    const parsed = parseJsonText(value, path);
    if (!parsed.ok) return parsed.error;
  }
  switch (node.t) {
    case 'literal':
      return `${path}: cannot be set (it is ${node.value})`;
    case 'param': {
      if (node.spec.type === 'number' && typeof value === 'string') {
        // "5Mb/s" for a time, "5ms" for a count: name the units the field takes
        const wrong = unitProblem(path, node.spec, value, queueUnit);
        if (wrong) return wrong;
      }
      const spec = node.spec;
      const shown = spec.type === 'number' && text !== undefined && typeof value === 'number' && numberWithUnit(spec, text) !== undefined ? `${text.trim()} (${value} ${unitText(spec.unit, queueUnit)})` : undefined;
      const err = checkParam(path, spec, value, queueUnit, shown);
      if (err) return err;
      break;
    }
    case 'string':
      if (typeof value !== 'string') return `${path}: expected ${stringExpected(node)}, got ${shownValue(value)}`;
      if (value.length > node.maxLength) return `${path}: ${value.length} characters; allowed at most ${node.maxLength}`;
      break;
    case 'numbers':
    case 'points':
    case 'array': {
      // a list typed with units that did not read (10ms,20Mb/s): the element by its index
      const list = typeof value !== 'string' ? null : node.t === 'numbers' ? listWithUnits(path, node.spec, value) : node.t === 'points' ? pointsWithUnits(path, node.x, value) : null;
      if (list && 'error' in list) return list.error;
      const errs = checkValue(node, value, path, queueUnit);
      if (errs.length) return errs.length > 3 ? `${errs.slice(0, 3).join('; ')}; and ${errs.length - 3} more` : errs.join('; ');
      break;
    }
    case 'object':
    case 'union': {
      if (typeof value !== 'object' || Array.isArray(value)) {
        const first = node.t === 'object' ? Object.keys(node.fields)[0] : 'kind';
        return `${path}: is a group of fields; set one of them (e.g. ${path}.${first}=...) or give a JSON object${node.t === 'object' ? ` ${objectText(node.fields, value)}` : ''}${listKindHint(node, path, value)}`;
      }
      const errs = checkValue(node, value, path);
      if (errs.length) return errs.length > 3 ? `${errs.slice(0, 3).join('; ')}; and ${errs.length - 3} more` : errs.join('; ');
      break;
    }
  }
  materialize(scenario, segs.slice(0, -1));
  try {
    setPath(scenario, segs, cloneJson(value));
  } catch (e) {
    return `${path}: ${(e as Error).message}`;
  }
  return null;
}

/**
 * For a list given where a union is (`topology.flowDelay=10ms,20ms`): the kind whose one
 * field is a list of numbers, and how to set it ("; a list is topology.flowDelay.kind=list,
 * then topology.flowDelay.values=10ms,20ms"). "" when there is none.
 */
function listKindHint(node: FieldNode, path: string, value: unknown): string {
  if (node.t !== 'union') return '';
  const text = typeof value === 'string' ? value : Array.isArray(value) ? JSON.stringify(value) : typeof value === 'number' ? String(value) : null;
  if (text === null || !listElements(text)) return '';
  for (const [kind, fields] of Object.entries(node.variants)) {
    const entries = Object.entries(fields);
    if (entries.length === 1 && entries[0][1].t === 'numbers') return `; a list is ${path}.kind=${kind}, then ${path}.${entries[0][0]}=${text.trim()}`;
  }
  return '';
}

/**
 * After a removal: an optional group of fields left empty (`traffic.0.tcp` once its only
 * override, `ecn`, is removed) is removed too, and so on upwards. An empty group says the
 * same as none, but a link could not say it: the scenario fell back to the compact form.
 */
function pruneEmpty(scenario: Record<string, unknown>, segs: string[]): void {
  for (let n = segs.length; n > 0; n--) {
    const at = segs.slice(0, n);
    const v = getPath(scenario, at);
    if (v === null || typeof v !== 'object' || Array.isArray(v) || Object.keys(v).length > 0) return;
    const r = resolvePath(scenario, at);
    if (!r.ok || r.node.t !== 'object' || r.node.optional !== 'omit') return;
    setPath(scenario, at, undefined);
  }
}

/** What a field accepts, in words: "allowed whole number 1 to 65495 bytes", "one of "reno", ...". */
export function allowedText(node: FieldNode): string {
  switch (node.t) {
    case 'param':
      if (node.spec.type === 'number') return `allowed ${rangeText(node.spec)}`;
      if (node.spec.type === 'boolean') return 'allowed true or false';
      return `one of ${node.spec.values.map((v) => `"${v}"`).join(', ')}`;
    case 'string':
      return `a text string of at most ${node.maxLength} characters`;
    case 'literal':
      return `it is ${node.value}`;
    case 'points':
      return `a list of at most ${node.max} [number, number] pairs`;
    case 'numbers':
      return `a list of 1 to ${node.max} numbers, each ${rangeText(node.spec)}`;
    case 'array':
      return node.max === undefined ? 'a JSON list [ ... ]' : `a JSON list [ ... ] of at most ${node.max} items`;
    case 'object':
      return `a JSON object with fields ${Object.keys(node.fields).join(', ')}`;
    case 'union':
      return `a JSON object with "kind" one of ${node.spec.values.map((v) => `"${v}"`).join(', ')}`;
  }
}

/** The tree node governing a path (for parsing a value's text), if the path exists. */
export function nodeAt(scenario: unknown, path: string): FieldNode | undefined {
  const segs = splitPath(path);
  const r = resolvePath(scenario, segs);
  if (r.ok) return r.node;
  // the field that adds an item at the next index (a node's name "10" stays the text "10")
  if (segs.length < 3 || !isIndex(segs[segs.length - 2])) return undefined;
  const list = resolvePath(scenario, segs.slice(0, -2));
  if (!list.ok || list.node.t !== 'array') return undefined;
  const item = list.node.item;
  const field = segs[segs.length - 1];
  if (itemCreator(item) !== field) return undefined;
  return item.t === 'union' ? { t: 'param', spec: item.spec, optional: 'default' } : item.t === 'object' ? item.fields[field] : undefined;
}

/**
 * Sets `path` from the text of its value, as a link and --set give it: parseValueText, then
 * applySet. A bare number out of a time's range that is in range read as milliseconds
 * (CoDel's `target=20`, meant as 20 ms, is 20 s, above the 10 s allowed) gets
 * "(did you mean 20ms?)"; a rate's bare number read as Mb/s likewise.
 */
export function applySetText(scenario: Record<string, unknown>, path: string, text: string, notices?: string[]): string | null {
  const node = nodeAt(scenario, path);
  const value = parseValueText(text, node);
  const err = applySet(scenario, path, value, text);
  if (!err && notices) notices.push(...setNotices(node, path, text));
  if (!err || node?.t !== 'param' || node.spec.type !== 'number' || typeof value !== 'number') return err;
  const spec = node.spec;
  const queueUnit = queueUnitOf(getPath(scenario, splitPath(path).slice(0, -1)));
  const hint = bareNumberHint(spec, text, (v) => checkParam(path, spec, v, queueUnit) === null);
  return hint ? `${err} (${hint})` : err;
}

/**
 * The notices for a value that was applied but is likely not what was meant
 * (units.ts, bareNumberNotice): a bare 5 for a delay is 5 s. Not errors: the value is valid.
 */
export function setNotices(node: FieldNode | undefined, path: string, text: string): string[] {
  if (node?.t === 'param' && node.spec.type === 'number') {
    const n = bareNumberNotice(path, node.spec, text);
    return n ? [n] : [];
  }
  if (node?.t === 'numbers') {
    const spec = node.spec;
    return (listElements(text) ?? []).flatMap((el, i) => bareNumberNotice(`${path}.${i}`, spec, el) ?? []);
  }
  return [];
}

/**
 * Applies "path=value" texts in order; returns the messages of those that failed (the others
 * are applied). `notices` collects what applied but may not be what was meant (setNotices).
 */
export function applySetTexts(scenario: Record<string, unknown>, assignments: readonly string[], notices?: string[]): string[] {
  const errors: string[] = [];
  // removals last, highest index first: `--set traffic.0=null --set traffic.1=null` removes the first two items
  const removals: string[] = [];
  for (const a of assignments) {
    if (a.trim() === '') {
      errors.push(`(empty): no assignment; expected <dotted.path>=<value>, e.g. topology.bottleneck.queue.maxP=0.02`);
      continue;
    }
    const sp = splitAssignment(a);
    if ('error' in sp) {
      const node = a.includes('=') || a === '' ? undefined : nodeAt(scenario, a.trim());
      errors.push(node ? `${a.trim()}: no value; expected ${a.trim()}=<value>, ${allowedText(node)}` : sp.error);
      continue;
    }
    if (removesItem(sp.path, sp.text === 'null' ? null : undefined)) {
      removals.push(sp.path);
      continue;
    }
    const err = applySetText(scenario, sp.path, sp.text, notices);
    if (err) errors.push(err);
  }
  for (const path of removalOrder(removals)) {
    const err = applySet(scenario, path, null);
    if (err) errors.push(err);
  }
  return errors;
}


