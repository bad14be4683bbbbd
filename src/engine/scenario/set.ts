import { checkParam, rangeText } from '../core/params';
import { cloneJson, getPath, setPath, splitPath } from './paths';
import { resolvePath, type FieldNode, type UnionNode } from './tree';

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
 * - setting a field of an absent reverseQueue first copies queue into it.
 */

/** Parses the text of a value: JSON when possible, else the text itself. Names and enum values stay text unless quoted. */
export function parseValueText(text: string, node?: FieldNode): unknown {
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

/** Splits "path=value" (the first "=" separates). */
export function splitAssignment(arg: string): { path: string; text: string } | { error: string } {
  const i = arg.indexOf('=');
  if (i <= 0) return { error: `--set ${JSON.stringify(arg)}: expected <dotted.path>=<value>, e.g. topology.bottleneck.queue.maxP=0.02` };
  return { path: arg.slice(0, i).trim(), text: arg.slice(i + 1) };
}

function defaultsOfVariant(fields: Record<string, FieldNode>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, n] of Object.entries(fields)) {
    if (n.t === 'param' && n.optional === 'default') out[k] = n.spec.default;
    else if (n.t === 'points') out[k] = cloneJson(n.default);
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
  if (current) for (const k of Object.keys(fields)) if (current[k] !== undefined) next[k] = cloneJson(current[k]);
  setPath(scenario, parent, next);
  return null;
}

/**
 * Sets `path` to `value` in `scenario` (a plain scenario object, changed in place).
 * Returns null, or a message naming the path, the value and what is allowed. The
 * scenario as a whole should be validated again afterwards (cross-field rules).
 */
export function applySet(scenario: Record<string, unknown>, path: string, value: unknown): string | null {
  const segs = splitPath(path);
  if (segs.length === 0 || segs.some((s) => s === '')) return `${JSON.stringify(path)}: not a dotted path (e.g. topology.bottleneck.queue.maxP)`;
  const r = resolvePath(scenario, segs);
  if (!r.ok) return r.error;
  if (r.kindOf) return swapKind(scenario, path, segs, r.kindOf, value);
  const node = r.node;
  const optional = 'optional' in node && node.optional === 'omit';
  if (value === null) {
    if (!optional) return `${path}: cannot be removed${node.t === 'param' && node.spec.type === 'number' ? ` (allowed ${rangeText(node.spec)})` : ''}`;
    setPath(scenario, segs, undefined);
    return null;
  }
  switch (node.t) {
    case 'literal':
      return `${path}: cannot be set (it is ${node.value})`;
    case 'param': {
      const err = checkParam(path, node.spec, value);
      if (err) return err;
      break;
    }
    case 'string':
      if (typeof value !== 'string') return `${path}: expected a text string, got ${JSON.stringify(value)}`;
      break;
    case 'points':
    case 'array':
      if (!Array.isArray(value)) return `${path}: expected a list [ ... ], got ${JSON.stringify(value)}`;
      break;
    case 'object':
    case 'union':
      if (typeof value !== 'object' || Array.isArray(value)) {
        const first = node.t === 'object' ? Object.keys(node.fields)[0] : 'kind';
        return `${path}: is a group of fields; set one of them (e.g. ${path}.${first}=...) or give a JSON object`;
      }
      break;
  }
  materialize(scenario, segs.slice(0, -1));
  try {
    setPath(scenario, segs, cloneJson(value));
  } catch (e) {
    return `${path}: ${(e as Error).message}`;
  }
  return null;
}

/** The tree node governing a path (for parsing a value's text), if the path exists. */
export function nodeAt(scenario: unknown, path: string): FieldNode | undefined {
  const r = resolvePath(scenario, splitPath(path));
  return r.ok ? r.node : undefined;
}

/** Applies "path=value" texts in order; returns the messages of those that failed (the others are applied). */
export function applySetTexts(scenario: Record<string, unknown>, assignments: readonly string[]): string[] {
  const errors: string[] = [];
  for (const a of assignments) {
    const sp = splitAssignment(a);
    if ('error' in sp) {
      errors.push(sp.error);
      continue;
    }
    const err = applySet(scenario, sp.path, parseValueText(sp.text, nodeAt(scenario, sp.path)));
    if (err) errors.push(err);
  }
  return errors;
}


