import type { AqmDescriptor } from '../aqm/queue-disc';
import { AQMS } from '../aqm/registry';
import { shownValue, type EnumParam, type NumberParam, type ParamSpec, type ParamSpecs } from '../core/params';
import { TCP_PARAMS } from '../tcp/params';
import { TRAFFIC_KIND, TRAFFICS } from '../traffic/registry';
import { FLOW_DELAY_FIELDS, FLOW_DELAY_KIND, FLOW_DELAY_VALUE, FROM_SPEC, LINK_FIELDS, RUN_FIELDS, RUN_OPTIONAL, SIDE_FIELDS } from './fields';
import { didYouMean } from './near';
import { isIndex, joinPath, own, pathText } from './paths';

/**
 * The shape of a scenario, as a tree built from the parameter declarations. The zod
 * schema (schema.ts), the path lookups behind --set and the URL codec (set.ts, url.ts)
 * and the docs tables (src/cli/docs.ts) are all generated from this one tree, so a new
 * AQM in the registry or a new TCP parameter appears everywhere without further code.
 *
 * `optional`: 'omit' = the field may be left out and then stays absent (absence has a
 * meaning of its own); 'default' = left out, it is filled with its default.
 */
export type Optional = 'omit' | 'default';

export interface ParamNode {
  t: 'param';
  spec: ParamSpec;
  optional: Optional;
}
export interface StringNode {
  t: 'string';
  label: string;
  doc: string;
  optional?: 'omit';
  nonEmpty?: boolean;
  /** Longest text allowed (characters): a 20 MB name opened from a file froze the tab, then crashed it. */
  maxLength: number;
}
export interface LiteralNode {
  t: 'literal';
  value: number;
  doc: string;
}
/** An empirical CDF table [[x, cumulative probability], ...]. */
export interface PointsNode {
  t: 'points';
  label: string;
  doc: string;
  /** What a swap to this kind starts from. */
  default: [number, number][];
  /** Most pairs allowed. */
  max: number;
  /** What the first number of each pair is (a delay in s: it may carry a unit in a link, `[[5ms,0.5],[75ms,1]]`). */
  x: NumberParam;
}
/** A list of numbers, each checked against `spec` (the per-flow delays of a `list`). */
export interface NumbersNode {
  t: 'numbers';
  label: string;
  doc: string;
  /** What each entry allows (range, unit). */
  spec: NumberParam;
  /** What a swap to this kind starts from. */
  default: number[];
  /** Most entries allowed (at least 1). */
  max: number;
}
export interface ObjectNode {
  t: 'object';
  doc: string;
  fields: Record<string, FieldNode>;
  optional?: Optional;
}
/** Objects told apart by their `kind` field; `spec` declares the allowed kinds. */
export interface UnionNode {
  t: 'union';
  doc: string;
  spec: EnumParam;
  variants: Record<string, Record<string, FieldNode>>;
  optional?: Optional;
  /** When absent and a field under it is set, start from a copy of this sibling (reverseQueue copies queue). */
  copyOf?: string;
  /** `kind` cannot be changed by --set / URL keys (the topology kind). */
  fixedKind?: boolean;
}
export interface ArrayNode {
  t: 'array';
  doc: string;
  item: FieldNode;
  min: number;
  /** Most items allowed, when capped. */
  max?: number;
}
export type FieldNode = ParamNode | StringNode | LiteralNode | PointsNode | NumbersNode | ObjectNode | UnionNode | ArrayNode;

/** An AQM descriptor with the optional cross-field rule (e.g. RED's minTh < maxTh). */
export type AqmEntry = AqmDescriptor & { check?(values: Record<string, unknown>): string[] };

export function aqmList(): readonly AqmEntry[] {
  return AQMS as readonly AqmEntry[];
}

function params(specs: ParamSpecs, omit: readonly string[] = [], allOmit = false): Record<string, FieldNode> {
  const out: Record<string, FieldNode> = {};
  for (const [k, spec] of Object.entries(specs)) out[k] = { t: 'param', spec, optional: allOmit || omit.includes(k) ? 'omit' : 'default' };
  return out;
}

function queueNode(doc: string, optional: Optional | undefined, copyOf?: string): UnionNode {
  const list = aqmList();
  const kinds = list.map((d) => d.kind);
  const spec: EnumParam = {
    type: 'enum',
    values: kinds,
    valueDocs: Object.fromEntries(list.map((d) => [d.kind, d.label])),
    default: kinds.includes('droptail') ? 'droptail' : kinds[0],
    label: 'Queue discipline',
    doc: 'Queue discipline (AQM) of this direction of the link.',
  };
  return { t: 'union', doc, spec, variants: Object.fromEntries(list.map((d) => [d.kind, params(d.params)])), optional, copyOf };
}

const TOPOLOGY_KIND: EnumParam = {
  type: 'enum',
  values: ['dumbbell', 'general'],
  valueDocs: {
    dumbbell: 'left hosts - router - bottleneck - router - right hosts',
    general: 'named nodes and duplex links, shortest-path (hop count) routes',
  },
  default: 'dumbbell',
  label: 'Topology',
  doc: 'Kind of network.',
};

/** Longest name (of a scenario, a node) and description, in characters: far above any real one. */
export const MAX_NAME_LENGTH = 200;

/** What a text field allows, for a message: "a text string (at most 200 characters)" ("1 to 200" when it must not be empty). */
export function stringExpected(n: StringNode): string {
  return `a text string (${n.nonEmpty ? '1 to' : 'at most'} ${n.maxLength} characters)`;
}
export const MAX_DESCRIPTION_LENGTH = 5000;
/**
 * Most traffic items (the lessons have at most 15): a file of 10,000 one-flow items froze the
 * app's tab for 18 s while the editor drew a card for each, and 100,000 crashed it.
 */
export const MAX_TRAFFIC_ITEMS = 1000;
/**
 * Most nodes and links of a general topology (the lessons have at most 12 nodes): a star of
 * 20,000 hosts froze the app's tab for 50 s while it drew the network; 2000 take 1 s.
 */
export const MAX_NODES = 1000;
export const MAX_LINKS = 2000;
/** Most pairs of a CDF table (the lessons' have at most 10): 1,000,000 froze the app's tab for 16 s. */
export const MAX_POINTS = 10000;
/** Most entries of a flowDelay `list`: one per flow covers any class demonstration. */
export const MAX_LIST_VALUES = 1000;

function buildTree(): ObjectNode {
  const str = (label: string, doc: string, optional?: 'omit', maxLength = MAX_NAME_LENGTH): StringNode => ({ t: 'string', label, doc, optional, nonEmpty: optional === undefined, maxLength });
  const endpoints = {
    from: { t: 'param', spec: FROM_SPEC, optional: 'omit' } as ParamNode,
    src: str('Source node', 'General topology: name of the sending node.', 'omit'),
    dst: str('Destination node', 'General topology: name of the receiving node.', 'omit'),
  };
  const dumbbell: Record<string, FieldNode> = {
    bottleneck: {
      t: 'object',
      doc: 'The link between the two routers.',
      optional: 'default',
      fields: {
        ...params(LINK_FIELDS),
        queue: queueNode('Queue of the bottleneck, both directions unless reverseQueue is given.', 'default'),
        reverseQueue: queueNode('Queue of the right-to-left direction, if different.', 'omit', 'queue'),
      },
    },
    left: { t: 'object', doc: 'Hosts on the left and their access links.', optional: 'default', fields: params(SIDE_FIELDS) },
    right: { t: 'object', doc: 'Hosts on the right and their access links.', optional: 'default', fields: params(SIDE_FIELDS) },
    flowDelay: {
      t: 'union',
      doc: 'Per-flow extra one-way delay on the host access links (ns-2 DelayBox).',
      spec: FLOW_DELAY_KIND,
      optional: 'omit',
      variants: {
        constant: params(FLOW_DELAY_FIELDS.constant),
        uniform: params(FLOW_DELAY_FIELDS.uniform),
        packmime: params(FLOW_DELAY_FIELDS.packmime),
        empirical: {
          points: {
            t: 'points',
            label: 'CDF table',
            max: MAX_POINTS,
            x: FLOW_DELAY_VALUE,
            doc: '[[delay s, cumulative probability], ...]: delays non-decreasing, probabilities increasing, the last 1; delays between points are interpolated linearly.',
            default: [
              [0.005, 0.5],
              [0.075, 1],
            ],
          },
        },
        list: {
          values: {
            t: 'numbers',
            label: 'Delays',
            spec: FLOW_DELAY_VALUE,
            max: MAX_LIST_VALUES,
            doc: `[delay s, ...], 1 to ${MAX_LIST_VALUES} entries, each ${FLOW_DELAY_VALUE.min} to ${FLOW_DELAY_VALUE.max} s: the long-lived flows take them in turn (flow i gets values[i mod n], whatever the seed), so [0.005, 0.075] gives even flows 5 ms and odd flows 75 ms; a web connection draws one of them at random, each equally likely.`,
            default: [0.005, 0.075],
          },
        },
      },
    },
  };
  const general: Record<string, FieldNode> = {
    nodes: { t: 'array', doc: 'Nodes (hosts and routers alike).', min: 2, max: MAX_NODES, item: { t: 'object', doc: 'A node.', fields: { name: str('Name', 'Unique node name.') } } },
    links: {
      t: 'array',
      doc: 'Duplex links; routes follow the fewest hops.',
      min: 1,
      max: MAX_LINKS,
      item: {
        t: 'object',
        doc: 'A duplex link.',
        fields: {
          from: str('From', 'Node at one end (the "forward" direction starts here).'),
          to: str('To', 'Node at the other end.'),
          ...params(LINK_FIELDS),
          queue: queueNode('Queue of the from-to direction (and to-from unless reverseQueue); omitted = a 1000-packet drop-tail.', 'omit'),
          reverseQueue: queueNode('Queue of the to-from direction, if different.', 'omit', 'queue'),
        },
      },
    },
    bottleneck: {
      t: 'object',
      doc: 'Which link the summary calls the bottleneck (from-to is its forward direction); default: the slowest link.',
      optional: 'omit',
      fields: { from: str('From', 'Node at the forward end.'), to: str('To', 'Node at the other end.') },
    },
  };
  const trafficItem: UnionNode = {
    t: 'union',
    doc: 'A traffic item.',
    spec: TRAFFIC_KIND,
    variants: Object.fromEntries(
      TRAFFICS.map((d) => [
        d.kind,
        {
          ...(d.from === false ? { src: endpoints.src, dst: endpoints.dst } : endpoints),
          ...params(d.params, Object.keys(d.optional ?? {})),
          ...(d.tcpOverride
            ? { tcp: { t: 'object', doc: 'TCP parameters of these flows that differ from the scenario-wide `tcp`.', optional: 'omit', fields: params(TCP_PARAMS, [], true) } as ObjectNode }
            : {}),
        },
      ]),
    ),
  };
  return {
    t: 'object',
    doc: 'A scenario.',
    fields: {
      version: { t: 'literal', value: 1, doc: 'Scenario format version.' },
      name: str('Name', 'Short name.', 'omit'),
      description: str('Description', 'What the scenario shows.', 'omit', MAX_DESCRIPTION_LENGTH),
      ...params(RUN_FIELDS, RUN_OPTIONAL),
      topology: { t: 'union', doc: 'The network.', spec: TOPOLOGY_KIND, variants: { dumbbell, general }, fixedKind: true },
      tcp: { t: 'object', doc: 'TCP parameters of every flow (a traffic item may override some).', optional: 'default', fields: params(TCP_PARAMS) },
      traffic: { t: 'array', doc: 'Traffic items; flows are numbered in the order of the items.', min: 1, max: MAX_TRAFFIC_ITEMS, item: trafficItem },
    },
  };
}

export const SCENARIO_TREE: ObjectNode = buildTree();

/** Where a path leads in the tree. */
export type Resolved =
  | { ok: true; node: FieldNode; /** set when the path ends at a union's `kind` */ kindOf?: UnionNode }
  | { ok: false; error: string };

function fieldsOf(node: ObjectNode | UnionNode, value: unknown): Record<string, FieldNode> | null {
  if (node.t === 'object') return node.fields;
  const kind = typeof value === 'object' && value !== null ? (value as Record<string, unknown>).kind : undefined;
  return typeof kind === 'string' ? (own(node.variants, kind) ?? null) : null;
}

/** Whether an object's field must be given (the other fields have defaults or may be omitted). */
export function isRequired(f: FieldNode): boolean {
  return (f.t === 'string' && !f.optional) || (f.t === 'object' && !f.optional) || (f.t === 'union' && !f.optional) || f.t === 'array';
}

/**
 * The object a message expects, by its fields: {"name": "a"} for a plain "a" where the object's
 * one required field is a text (a node written as its name), else its required fields (or its
 * first few) as {"rate": ..., "delay": ...}.
 */
export function objectText(fields: Record<string, FieldNode>, value: unknown): string {
  const all = Object.entries(fields);
  const req = all.filter(([, f]) => isRequired(f));
  if (typeof value === 'string' && req.length === 1 && req[0][1].t === 'string') return `{"${req[0][0]}": ${JSON.stringify(value)}}`;
  const shown = (req.length ? req : all).slice(0, 4);
  if (shown.length === 0) return '{}';
  return `{${shown.map(([k]) => `"${k}": ...`).join(', ')}${all.length > shown.length ? ', ...' : ''}}`;
}

/** A list of two or more items none of which is an object ("nodes": ["a", "b"]). */
export function plainItems(value: readonly unknown[]): boolean {
  return value.length > 1 && value.every((x) => typeof x !== 'object' || x === null);
}

/**
 * One message for a list of plain values where objects are expected: "nodes": ["a", "b"] got
 * one "expected an object { ... }" per node, without saying which object.
 */
export function plainItemsMessage(path: string, fields: Record<string, FieldNode>, value: readonly unknown[]): string {
  const eg = value.slice(0, 2).map((x) => objectText(fields, x));
  return `${path}: each item is an object ${objectText(fields, undefined)}, e.g. [${eg.join(', ')}${value.length > 2 ? ', ...' : ''}]; got ${shownValue(value)}`;
}

/**
 * Resolves a dotted path against the tree, reading `scenario` where the shape depends on a
 * value (a queue's kind picks its parameters). An absent union with `copyOf` resolves
 * through its sibling (an absent reverseQueue through queue).
 */
export function resolvePath(scenario: unknown, segments: readonly string[], root: FieldNode = SCENARIO_TREE): Resolved {
  let node: FieldNode = root;
  let value: unknown = scenario;
  let parentValue: unknown = undefined;
  for (let i = 0; i < segments.length; i++) {
    const seg = segments[i];
    const here = joinPath(segments.slice(0, i));
    const full = pathText(joinPath(segments.slice(0, i + 1)));
    if (node.t === 'array') {
      const arr = Array.isArray(value) ? value : [];
      if (!isIndex(seg)) return { ok: false, error: `${full}: "${seg}" is not an index of ${here} (0 to ${arr.length - 1})` };
      if (Number(seg) >= arr.length) return { ok: false, error: `${full}: ${here} has ${arr.length} item(s), indices 0 to ${arr.length - 1}` };
      parentValue = value;
      value = arr[Number(seg)];
      node = node.item;
      continue;
    }
    if (node.t === 'union' && seg === 'kind') {
      if (i !== segments.length - 1) return { ok: false, error: `${full}: kind has no fields` };
      return { ok: true, node: { t: 'param', spec: node.spec, optional: 'default' }, kindOf: node };
    }
    if (node.t === 'object' || node.t === 'union') {
      let v = value;
      if (node.t === 'union' && (v === undefined || v === null) && node.copyOf && parentValue && typeof parentValue === 'object') {
        v = (parentValue as Record<string, unknown>)[node.copyOf];
      }
      const fields = fieldsOf(node, v);
      if (!fields) return { ok: false, error: `${full}: ${here} has no kind yet; set ${here}.kind first (one of ${node.t === 'union' ? node.spec.values.join(', ') : ''})` };
      if (!Object.prototype.hasOwnProperty.call(fields, seg)) {
        const what = node.t === 'union' ? `${here} (${String((v as Record<string, unknown>).kind)})` : here || 'the scenario';
        const allowed = node.t === 'union' ? ['kind', ...Object.keys(fields)] : Object.keys(fields);
        const hint = (root === SCENARIO_TREE ? generalBottleneckHint(scenario, here, seg) : '') || unknownFieldHint(node, seg, allowed, here);
        return { ok: false, error: `${full}: unknown field of ${what}; allowed: ${allowed.join(', ')}${hint}` };
      }
      parentValue = v;
      value = typeof v === 'object' && v !== null ? (v as Record<string, unknown>)[seg] : undefined;
      node = fields[seg];
      continue;
    }
    return { ok: false, error: `${full}: ${here} is a single value, it has no field "${seg}"` };
  }
  return { ok: true, node };
}

/**
 * On a general topology `topology.bottleneck` only names a link ({ from, to }): its queue,
 * rate, delay and loss are that link's, in `topology.links`. A dumbbell's
 * `--set topology.bottleneck.queue.maxP=...` tried on such a lesson (seeds/004's feng-*)
 * got "unknown field of topology.bottleneck; allowed: from, to" and no way on; this names the
 * link's key ("; on a general topology the bottleneck is the link n5 -> n6: its queue is
 * topology.links.5.queue"). "" when it does not apply.
 */
export function generalBottleneckHint(scenario: unknown, here: string, field: string): string {
  if (here !== 'topology.bottleneck') return '';
  const topo = (scenario as { topology?: { kind?: unknown; bottleneck?: { from?: unknown; to?: unknown }; links?: unknown } } | undefined)?.topology;
  if (!topo || topo.kind !== 'general' || !Array.isArray(topo.links)) return '';
  const b = topo.bottleneck;
  const links = topo.links as { from?: unknown; to?: unknown }[];
  const i = b ? links.findIndex((l) => l && l.from === b.from && l.to === b.to) : -1;
  const linkFields = linkItemFields();
  if (!linkFields || !Object.prototype.hasOwnProperty.call(linkFields, field)) return '';
  if (i < 0) return `; on a general topology the bottleneck is one of topology.links, named by its from and to: set its ${field} there (topology.links.<n>.${field})`;
  return `; on a general topology the bottleneck is the link ${String(b!.from)} -> ${String(b!.to)}: its ${field} is topology.links.${i}.${field}`;
}

/** The fields of a general topology's link (queue, rate, delay, loss, ...), from the tree. */
function linkItemFields(): Record<string, FieldNode> | undefined {
  const r = resolvePath({ topology: { kind: 'general', links: [{}] } }, ['topology', 'links', '0']);
  if (!r.ok) return undefined;
  const n = r.node;
  return n.t === 'object' ? n.fields : undefined;
}

/**
 * What to add to an "unknown field" message: the field of another kind of the union, with
 * how to get it ("; target is a field of codel, pie: set topology.bottleneck.queue.kind
 * to one of them first"), else the allowed names close to it ("; did you mean maxP?").
 * `here` is the dotted path of the object; "" when nothing helps.
 */
export function unknownFieldHint(node: FieldNode | undefined, field: string, allowed: readonly string[], here: string): string {
  if (node?.t === 'union') {
    const kinds = Object.entries(node.variants)
      .filter(([, fields]) => own(fields, field) !== undefined)
      .map(([kind]) => kind);
    const kindPath = `${here ? `${here}.` : ''}kind`;
    if (kinds.length > 0 && node.fixedKind) return `; ${field} is a field of ${kindPath} ${kinds.join(', ')}, which a --set or a link cannot switch to: write a scenario file with that kind`;
    if (kinds.length > 0) return `; ${field} is a field of ${kinds.join(', ')}: set ${kindPath} to ${kinds.length === 1 ? kinds[0] : 'one of them'} first`;
  }
  return didYouMean(field, allowed);
}

/** The field names allowed in the object at `segments` (for "unknown field" messages). */
export function allowedKeysAt(scenario: unknown, segments: readonly string[]): string[] {
  const r = resolvePath(scenario, segments);
  if (!r.ok) return [];
  const n = r.node;
  if (n.t === 'object') return Object.keys(n.fields);
  if (n.t === 'union') {
    let v: unknown = scenario;
    for (const s of segments) v = typeof v === 'object' && v !== null ? (v as Record<string, unknown>)[s] : undefined;
    const f = fieldsOf(n, v);
    return f ? ['kind', ...Object.keys(f)] : ['kind'];
  }
  return [];
}
