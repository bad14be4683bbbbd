import { z } from 'zod';
import { checkParam, queueUnitOf, shownValue, unitText, type ParamSpec, type ParamValues } from '../core/params';
import { numberWithUnit } from './units';
import type { TcpParams } from '../tcp/params';
import { BULK_PARAMS, type BulkItem } from '../traffic/bulk';
import type { FlowDelaySpec } from '../traffic/flow-delay';
import { trafficByKind, type TrafficItem as AnyTrafficItem } from '../traffic/registry';
import type { AnyTrafficDescriptor } from '../traffic/types';
import type { UdpItem } from '../traffic/udp';
import type { LINK_FIELDS, SIDE_FIELDS } from './fields';
import { migrate } from './migrations';
import { cloneJson, getPath, joinPath, pathText, splitPath } from './paths';
import { applySet } from './set';
import { aqmList, allowedKeysAt, generalBottleneckHint, objectText, plainItems, plainItemsMessage, resolvePath, SCENARIO_TREE, stringExpected, unknownFieldHint, type FieldNode } from './tree';

export { getPath, setPath } from './paths';

/*
 * The scenario schema: a zod 4 schema generated from the parameter declarations (via the
 * tree in tree.ts), plus the cross-field rules zod's per-field checks cannot express.
 * Every message names the dotted field, the value and the allowed range; messages for
 * declared parameters come from checkParam (src/engine/core/params.ts) so they read alike
 * everywhere (schema, --set, URL links, live changes).
 */

// ---- The scenario type (fully defaulted) ---------------------------------------------

/** A queue: `{ kind, ...params }` with every parameter of that kind filled in. */
export type QueueConfig = { kind: string } & Record<string, number | boolean | string>;

export type LinkValues = ParamValues<typeof LINK_FIELDS>;
export type SideValues = ParamValues<typeof SIDE_FIELDS>;

export type FlowDelay = FlowDelaySpec;

export interface DumbbellTopology {
  kind: 'dumbbell';
  bottleneck: LinkValues & { queue: QueueConfig; reverseQueue?: QueueConfig };
  left: SideValues;
  right: SideValues;
  flowDelay?: FlowDelay;
}

export interface GeneralLink extends LinkValues {
  from: string;
  to: string;
  /** Omitted: a 1000-packet drop-tail (never the bottleneck in practice). */
  queue?: QueueConfig;
  reverseQueue?: QueueConfig;
}

export interface GeneralTopology {
  kind: 'general';
  nodes: { name: string }[];
  links: GeneralLink[];
  /** The link the summary reports as "bottleneck"; omitted = the slowest link. */
  bottleneck?: { from: string; to: string };
}


// One type per traffic kind, from src/engine/traffic/registry.ts (the parameters come from each kind's declaration).
export type BulkTraffic = BulkItem;
export type UdpTraffic = UdpItem;
export type TrafficItem = AnyTrafficItem;

export interface Scenario {
  version: 1;
  name?: string;
  description?: string;
  seed: number;
  duration?: number;
  /** Seconds excluded from the summary statistics (0 = none). */
  warmup: number;
  /** Web traffic: stop after this many exchanges completed after the warm-up. */
  stopAfterExchanges?: number;
  topology: DumbbellTopology | GeneralTopology;
  tcp: TcpParams;
  traffic: TrafficItem[];
}

export type ParseResult = { ok: true; scenario: Scenario } | { ok: false; errors: string[] };

// ---- zod generation -------------------------------------------------------------------

/** Marks a zod issue raised by a declared parameter; the message is made by checkParam. */
interface ParamIssueParams {
  aqmlabSpec: ParamSpec;
}

function paramSchema(spec: ParamSpec) {
  return z.unknown().superRefine((v, ctx) => {
    if (checkParam('', spec, v) !== null) ctx.addIssue({ code: 'custom', message: 'invalid parameter', params: { aqmlabSpec: spec } satisfies ParamIssueParams });
  });
}

function objectShape(fields: Record<string, FieldNode>): Record<string, z.ZodType> {
  const shape: Record<string, z.ZodType> = {};
  for (const [k, n] of Object.entries(fields)) shape[k] = toZod(n);
  return shape;
}

function toZod(node: FieldNode): z.ZodType {
  switch (node.t) {
    case 'param': {
      const s = paramSchema(node.spec);
      return node.optional === 'omit' ? s.optional() : s.default(node.spec.default as never);
    }
    case 'string': {
      const s = (node.nonEmpty ? z.string().min(1) : z.string()).max(node.maxLength);
      return node.optional ? s.optional() : s;
    }
    case 'literal':
      return z.literal(node.value);
    case 'points':
      return z.array(z.tuple([z.number(), z.number()])).min(1).max(node.max);
    case 'numbers':
      return z.array(paramSchema(node.spec)).min(1).max(node.max);
    case 'object': {
      const s = z.strictObject(objectShape(node.fields));
      return node.optional === 'omit' ? s.optional() : node.optional === 'default' ? s.prefault({}) : s;
    }
    case 'union': {
      const options = Object.entries(node.variants).map(([kind, fields]) => z.strictObject({ kind: z.literal(kind), ...objectShape(fields) }));
      const s = z.discriminatedUnion('kind', options as unknown as [z.ZodObject, ...z.ZodObject[]]);
      return node.optional === 'omit' ? s.optional() : node.optional === 'default' ? s.prefault({ kind: node.spec.default }) : s;
    }
    case 'array':
      return node.max === undefined ? z.array(toZod(node.item)).min(node.min) : z.array(toZod(node.item)).min(node.min).max(node.max);
  }
}

/** The zod schema of a (migrated) scenario: structure, per-field ranges and defaults. */
export const scenarioZod: z.ZodType = toZod(SCENARIO_TREE);

// ---- messages -------------------------------------------------------------------------

const show = shownValue;

type Issue = z.core.$ZodIssue;

function describeExpected(issue: Issue): string {
  if (issue.code === 'invalid_type') {
    const e = issue.expected;
    return e === 'object' ? 'an object { ... }' : e === 'array' ? 'a list [ ... ]' : e === 'string' ? 'a text string' : `a ${e}`;
  }
  return '';
}

/**
 * A time, rate or size written with a unit in a scenario file ("rate": "10Mb/s"): units are
 * read by --set and links, while a file holds SI numbers, so the message gives the number to
 * write. It said only `expected a number (1000 to 1000000000000 bps), got "10Mb/s"`, which
 * reads as if the unit were wrong, after docs/cli.md had shown `--set ...rate=10Mb/s`.
 */
function unitInFileHint(spec: ParamSpec, value: unknown): string {
  if (spec.type !== 'number' || typeof value !== 'string') return '';
  // a number in quotes ("duration": "8"): JSON text, not a number
  if (/^\s*-?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?\s*$/i.test(value)) return `: write it without quotes, ${value.trim()}`;
  const n = numberWithUnit(spec, value.trim());
  return n === undefined || !Number.isFinite(n) ? '' : `: in a scenario file write the number in ${spec.unit === 's' ? 'seconds' : spec.unit === 'bps' ? 'bits/s' : unitText(spec.unit)}, ${n} (a unit such as ${value.trim()} is read by --set and links, not in a file)`;
}

function issueMessages(issue: Issue, input: unknown): string[] {
  const segs = issue.path.map((s) => String(s));
  const path = joinPath(segs);
  const value = getPath(input, segs);
  switch (issue.code) {
    case 'custom': {
      const spec = (issue.params as ParamIssueParams | undefined)?.aqmlabSpec;
      if (spec) return [(checkParam(path, spec, value, queueUnitOf(getPath(input, segs.slice(0, -1)))) ?? `${path}: invalid value ${show(value)}`) + unitInFileHint(spec, value)];
      return [`${path}: ${issue.message}`];
    }
    case 'unrecognized_keys': {
      const allowed = allowedKeysAt(input, segs);
      const at = resolvePath(input, segs);
      return issue.keys.map((k) => `${pathText(joinPath([...segs, k]))}: unknown field${allowed.length ? `; allowed here: ${allowed.join(', ')}${generalBottleneckHint(input, path, k) || unknownFieldHint(at.ok ? at.node : undefined, k, allowed, path)}` : ''}`);
    }
    case 'invalid_union': {
      const parent = resolvePath(input, segs.slice(0, -1));
      if (segs[segs.length - 1] === 'kind' && parent.ok && parent.node.t === 'union') {
        const spec = parent.node.spec;
        if (value === undefined) return [`${path}: required, one of ${spec.values.map((v) => `"${v}"`).join(', ')}`];
        return [checkParam(path, spec, value) ?? `${path}: invalid kind ${show(value)}`];
      }
      return [`${path || 'scenario'}: ${issue.message} (got ${show(value)})`];
    }
    case 'invalid_type': {
      if (value === undefined) return [`${path}: required (${describeExpected(issue)})`];
      // an object is named by its fields ({"name": "a"} for a node written "a"), and a list of
      // plain values where objects belong gets one message for the list
      const here = issue.expected === 'object' && segs.length > 0 ? resolvePath(input, segs) : undefined;
      if (here?.ok && here.node.t === 'object') {
        const up = segs.slice(0, -1);
        const list = getPath(input, up);
        if (Array.isArray(list) && plainItems(list)) return [plainItemsMessage(joinPath(up), here.node.fields, list)];
        return [`${path}: expected an object ${objectText(here.node.fields, value)}, got ${show(value)}`];
      }
      // a text field says how long it may be, as a number field gives its range
      const str = issue.expected === 'string' && segs.length > 0 ? resolvePath(input, segs) : undefined;
      if (str?.ok && str.node.t === 'string') return [`${path}: expected ${stringExpected(str.node)}, got ${show(value)}`];
      return [`${path || 'scenario'}: expected ${describeExpected(issue)}, got ${show(value)}`];
    }
    case 'too_small':
      if (issue.origin === 'array') return [`${path}: needs at least ${String(issue.minimum)} item(s), got ${Array.isArray(value) ? value.length : show(value)}`];
      if (issue.origin === 'string') return [`${path}: must not be empty`];
      return [`${path} = ${show(value)}: ${issue.message}`];
    case 'too_big':
      if (issue.origin === 'string') return [`${path}: ${typeof value === 'string' ? value.length : '?'} characters; allowed at most ${String(issue.maximum)}`];
      if (issue.origin === 'array') return [`${path}: ${Array.isArray(value) ? value.length : '?'} items; allowed at most ${String(issue.maximum)}`];
      return [`${path || 'scenario'}: ${issue.message}`];
    case 'invalid_value':
      return [`${path} = ${show(value)} is not allowed: must be ${issue.values.map((v) => JSON.stringify(v)).join(' or ')}`];
    default:
      return [`${path || 'scenario'}: ${issue.message} (got ${show(value)})`];
  }
}

// ---- cross-field rules ----------------------------------------------------------------

/** The largest packet the scenario's traffic sends (bytes on the wire) and what makes it so. */
function largestPacket(s: Scenario): { bytes: number; what: string } {
  let best = { bytes: 0, what: '' };
  const tcpSize = (mss: number, hdr: number, at: string) => ({ bytes: mss + hdr, what: `${at}mss ${mss} + ${at}headerBytes ${hdr}` });
  s.traffic.forEach((t, i) => {
    const item = t as { kind: string; packetSize?: number; tcp?: { mss?: number; headerBytes?: number } };
    const c =
      item.kind === 'udp'
        ? { bytes: item.packetSize ?? 0, what: `traffic.${i}.packetSize ${item.packetSize}` }
        : item.tcp?.mss !== undefined || item.tcp?.headerBytes !== undefined
          ? tcpSize(item.tcp.mss ?? s.tcp.mss, item.tcp.headerBytes ?? s.tcp.headerBytes, `traffic.${i}.tcp.`)
          : tcpSize(s.tcp.mss, s.tcp.headerBytes, 'tcp.');
    if (c.bytes > best.bytes) best = c;
  });
  return best;
}

function checkQueue(path: string, q: QueueConfig | undefined, out: string[], largest?: { bytes: number; what: string }): void {
  if (!q) return;
  // a buffer counted in bytes smaller than a packet drops every packet of that size, and
  // nothing said why (a 64-packet queue switched to bytes alone became a 64-byte buffer)
  // (ns-2's count rule refuses an arrival that would fill the limit exactly: one byte more)
  const need = largest ? largest.bytes + (q.countRule === 'ns2' ? 1 : 0) : 0;
  if (largest && q.unit === 'bytes' && typeof q.limit === 'number' && q.limit < need)
    out.push(`${path}.limit = ${q.limit} bytes cannot hold the largest packet this scenario sends, ${largest.bytes} bytes (${largest.what}): give at least ${need}${q.countRule === 'ns2' ? ' (countRule "ns2")' : ''}, or unit = "packets"`);
  const d = aqmList().find((x) => x.kind === q.kind);
  if (!d?.check) return;
  for (const msg of d.check(q)) {
    const first = /^[A-Za-z]\w*/.exec(msg)?.[0];
    out.push(first && Object.prototype.hasOwnProperty.call(d.params, first) ? `${path}.${msg}` : `${path}: ${msg}`);
  }
}

function checkFlowDelay(fd: FlowDelay | undefined, out: string[]): void {
  const path = 'topology.flowDelay';
  if (!fd) return;
  if (fd.kind === 'uniform' && !(fd.min <= fd.max)) out.push(`${path}.min = ${fd.min} must not exceed ${path}.max = ${fd.max}`);
  if (fd.kind === 'empirical') {
    let prevX = -Infinity;
    let prevP = 0;
    fd.points.forEach(([x, p], i) => {
      const at = `${path}.points.${i}`;
      if (!(Number.isFinite(x) && x >= 0 && x <= 10)) out.push(`${at} = ${JSON.stringify([x, p])}: delay ${x} is out of range: allowed 0 to 10 s`);
      else if (x < prevX) out.push(`${at} = ${JSON.stringify([x, p])}: delays must not decrease (previous ${prevX})`);
      if (!(p > prevP && p <= 1)) out.push(`${at} = ${JSON.stringify([x, p])}: cumulative probability ${p} must be above ${i === 0 ? '0' : `the previous (${prevP})`} and at most 1`);
      prevX = Math.max(prevX, x);
      prevP = Math.max(prevP, p);
    });
    const last = fd.points[fd.points.length - 1];
    if (last && last[1] !== 1) out.push(`${path}.points.${fd.points.length - 1}: the last cumulative probability is ${last[1]}, must be 1`);
  }
}

/** Node names a message lists, and the longest name it repeats whole. */
const NAMES_LISTED = 12;
const NAME_TEXT = 40;

/**
 * The node names a message offers: the first few, a long one shortened, then how many more.
 * Every name listed in every message made a topology of 1,000 nodes with 200-character
 * names and 2,000 misspelt link ends (a 280 KB file) print 400 MB of messages.
 */
function nodeNameList(names: readonly string[]): string {
  // a long name keeps its start and its end, where names made by a script differ
  const shown = names.slice(0, NAMES_LISTED).map((n) => `"${n.length > NAME_TEXT ? `${n.slice(0, NAME_TEXT / 2)}…${n.slice(-NAME_TEXT / 2)}` : n}"`);
  if (names.length > NAMES_LISTED) shown.push(`and ${names.length - NAMES_LISTED} more (topology.nodes)`);
  return shown.join(', ');
}

/**
 * The connected part of each node that some link joins: two nodes are joined by a path
 * exactly when their numbers are equal (nodes no link joins are not in the map). One pass
 * over the links: a search from each traffic item's src went through the whole network
 * again for each item (500 items on 1,000 nodes froze the app's editor).
 */
export function connectedParts(links: readonly (readonly [string, string])[]): Map<string, number> {
  const adj = new Map<string, string[]>();
  for (const [a, b] of links) {
    for (const [x, y] of [[a, b], [b, a]]) {
      const l = adj.get(x);
      if (l) l.push(y);
      else adj.set(x, [y]);
    }
  }
  const part = new Map<string, number>();
  let k = 0;
  for (const start of adj.keys()) {
    if (part.has(start)) continue;
    part.set(start, k);
    const todo = [start];
    while (todo.length) for (const n of adj.get(todo.pop()!)!) if (!part.has(n)) part.set(n, k), todo.push(n);
    k++;
  }
  return part;
}

function checkGeneral(topo: GeneralTopology, s: Scenario, out: string[]): void {
  const names = new Map<string, number>();
  topo.nodes.forEach((n, i) => {
    if (names.has(n.name)) out.push(`topology.nodes.${i}.name = "${n.name}" repeats topology.nodes.${names.get(n.name)}.name; names must be unique`);
    else names.set(n.name, i);
  });
  const list = nodeNameList([...names.keys()]);
  const known = (path: string, v: string | undefined): boolean => {
    if (v === undefined) {
      out.push(`${path}: required in a general topology (a node name: ${list})`);
      return false;
    }
    if (!names.has(v)) {
      out.push(`${path} = "${v}" is not a node: one of ${list}`);
      return false;
    }
    return true;
  };
  const joined: [string, string][] = [];
  // (once, not per link: per link it went through every traffic item, and 1,000 links with
  // 500 items took a fifth of a second of each edit in the app)
  const largest = largestPacket(s);
  topo.links.forEach((l, i) => {
    const ok = known(`topology.links.${i}.from`, l.from) && known(`topology.links.${i}.to`, l.to);
    if (ok && l.from === l.to) out.push(`topology.links.${i}: from and to are both "${l.from}"; a link joins two different nodes`);
    if (ok) joined.push([l.from, l.to]);
    checkQueue(`topology.links.${i}.queue`, l.queue, out, largest);
    checkQueue(`topology.links.${i}.reverseQueue`, l.reverseQueue, out, largest);
  });
  if (topo.bottleneck) {
    const b = topo.bottleneck;
    if (known('topology.bottleneck.from', b.from) && known('topology.bottleneck.to', b.to) && !topo.links.some((l) => (l.from === b.from && l.to === b.to) || (l.from === b.to && l.to === b.from))) {
      out.push(`topology.bottleneck = ${b.from} -> ${b.to}: no link joins these nodes`);
    }
  }
  const part = connectedParts(joined);
  const reach = (a: string, b: string): boolean => part.get(a) !== undefined && part.get(a) === part.get(b);
  s.traffic.forEach((t, i) => {
    if (t.from !== undefined) out.push(`traffic.${i}.from = "${t.from}": "from" is for dumbbell topologies; use src and dst (node names: ${list})`);
    const ok = known(`traffic.${i}.src`, t.src) && known(`traffic.${i}.dst`, t.dst);
    if (ok && t.src === t.dst) out.push(`traffic.${i}: src and dst are both "${t.src}"`);
    else if (ok && !reach(t.src!, t.dst!)) out.push(`traffic.${i}: no path from "${t.src}" to "${t.dst}"`);
  });
}

/**
 * Cross-field TCP rules of two parameters, declared once: checkRto and checkCc refuse a
 * scenario where `clash` holds, and companionFix offers the one change of the other
 * parameter that makes an edit valid (the editor's "Use CUBIC and set window cut to rfc5681"
 * button, the link banner's "add &tcp.windowCut=rfc5681"). `fix[k]` is the value parameter k
 * takes when the other one was just set, from the effective values after that edit; `ref`
 * is where the fixed value comes from.
 */
export interface TcpPairRule {
  readonly keys: readonly [keyof TcpParams, keyof TcpParams];
  readonly clash: (p: TcpParams) => boolean;
  readonly fix: Readonly<Partial<Record<keyof TcpParams, (p: TcpParams) => unknown>>>;
  readonly ref: Readonly<Partial<Record<keyof TcpParams, string>>>;
}

/**
 * CUBIC (tcp.cc "cubic", RFC 9438) replaces RFC 5681's window arithmetic, so it does not
 * combine with ns-2's (windowCut "ns2") or with seeds/004's SUBTCP and modified increases,
 * which change the same window rules. `text` and `why` are checkCc's words for the field.
 */
const CUBIC_CLASHES: readonly { key: 'windowCut' | 'subtcp' | 'increase'; bad: (p: TcpParams) => boolean; good: unknown; text: (p: TcpParams) => string; why: string; ref: string }[] = [
  { key: 'windowCut', bad: (p) => p.windowCut === 'ns2', good: 'rfc5681', text: () => 'windowCut = "ns2" (ns-2\'s halving)', why: 'cuts to β x FlightSize (RFC 9438 §4.6)', ref: 'RFC 5681' },
  { key: 'subtcp', bad: (p) => p.subtcp, good: false, text: () => 'subtcp = true (SUBTCP, seeds/004)', why: '', ref: 'RFC 5681' },
  { key: 'increase', bad: (p) => p.increase !== 'linear', good: 'linear', text: (p) => `increase = "${p.increase}" (seeds/004)`, why: 'has its own increase', ref: 'RFC 5681' },
];

export const TCP_PAIR_RULES: readonly TcpPairRule[] = [
  // RFC 6298 §2.4-2.5: the RTO is clamped to [minRto, maxRto]; the bound not typed follows the one typed
  { keys: ['minRto', 'maxRto'], clash: (p) => !(p.minRto <= p.maxRto), fix: { maxRto: (p) => p.minRto, minRto: (p) => p.maxRto }, ref: { maxRto: 'RFC 6298 §2.5', minRto: 'RFC 6298 §2.4' } },
  ...CUBIC_CLASHES.map((c): TcpPairRule => ({ keys: ['cc', c.key], clash: (p) => p.cc === 'cubic' && c.bad(p), fix: { cc: () => 'reno', [c.key]: () => c.good }, ref: { cc: 'RFC 5681', [c.key]: c.ref } })),
];

const rtoRule = TCP_PAIR_RULES[0];

/** RFC 6298 §2.4-2.5: the RTO is clamped to [minRto, maxRto], so the bounds must be in order (scenario-wide and per traffic item). */
function checkRto(s: Scenario, out: string[]): void {
  const check = (prefix: string, own: Partial<TcpParams>) => {
    const p = { ...s.tcp, ...own };
    if (!rtoRule.clash(p)) return;
    const which = own.minRto !== undefined ? `${prefix}.minRto` : own.maxRto !== undefined ? `${prefix}.maxRto` : `${prefix}.minRto`;
    out.push(`${which}: minRto = ${p.minRto} s must not exceed maxRto = ${p.maxRto} s (the timeout is clamped to [minRto, maxRto], RFC 6298 §2.4-2.5)`);
  };
  check('tcp', {});
  s.traffic.forEach((t, i) => {
    // every kind that makes TCP flows may carry its own (the web kinds too: the editor offers it)
    const own = (t as { tcp?: Partial<TcpParams> }).tcp;
    if (!own || (own.minRto === undefined && own.maxRto === undefined)) return;
    check(`traffic.${i}.tcp`, own);
  });
}

/** CUBIC_CLASHES, scenario-wide and per traffic item. */
function checkCc(s: Scenario, out: string[]): void {
  const check = (prefix: string, own: Partial<TcpParams>) => {
    const p = { ...s.tcp, ...own };
    if (p.cc !== 'cubic') return;
    const at = (k: keyof TcpParams) => (own[k] !== undefined ? `${prefix}.${k}` : `tcp.${k}`);
    const item = prefix !== 'tcp';
    for (const c of CUBIC_CLASHES) {
      if (!c.bad(p)) continue;
      const k = c.key;
      const text = c.text(p);
      const use = `${k} = ${JSON.stringify(c.good)}`;
      const which = c.why ? `, which ${c.why}` : '';
      // an item that sets neither field repeats the scenario's own conflict, said once under
      // tcp (a preset with one item's { ecn: true } said it twice)
      if (item && own.cc === undefined && own[k] === undefined) continue;
      if (item && own[k] === undefined) {
        // this item chose CUBIC, the other field is the scenario's: the message starts with the
        // field the user set (traffic.0.tcp.cc), not with tcp.windowCut, which they did not touch
        out.push(`${prefix}.cc: cc = "cubic"${which}${which ? ',' : ''} cannot be combined with tcp.${text}; use ${prefix}.${use} or cc = "reno"`);
      } else out.push(`${at(k)}: ${text} cannot be combined with ${item && own.cc === undefined ? 'tcp.cc' : 'cc'} = "cubic"${which}; use ${use} or cc = "reno"`);
    }
  };
  check('tcp', {});
  s.traffic.forEach((t, i) => {
    const own = (t as { tcp?: Partial<TcpParams> }).tcp;
    if (own) check(`traffic.${i}.tcp`, own);
  });
}

/** One change that makes an edit valid: the edit itself, then what TCP_PAIR_RULES change with it. */
export interface CompanionFix {
  /** The edit asked for, then each companion change: [dotted path, value]. */
  readonly changes: readonly (readonly [string, unknown])[];
  /** The companion changes alone, each with the source of its value ("RFC 5681"). */
  readonly companions: readonly { readonly path: string; readonly value: unknown; readonly ref: string }[];
}

/**
 * When setting `path` to `value` in the valid `scenario` is refused only because of another
 * TCP parameter (TCP_PAIR_RULES: tcp.cc = "cubic" where tcp.windowCut is "ns2"), the
 * companion change of that parameter with which the edit is valid; else null (a value out
 * of range, a rule with no single fix, an edit that is already valid). For a traffic item's
 * own setting (traffic.N.tcp.cc) the companion is that item's own too. Checked: the scenario
 * with the edit and its companions passes parseScenario.
 */
export function companionFix(scenario: Scenario, path: string, value: unknown): CompanionFix | null {
  const m = /^(tcp|traffic\.(\d+)\.tcp)\.(\w+)$/.exec(path);
  if (!m) return null;
  const [, prefix, itemText, key] = m;
  const rules = TCP_PAIR_RULES.filter((r) => (r.keys as readonly string[]).includes(key));
  if (rules.length === 0) return null;
  const json = cloneJson(scenario) as unknown as Record<string, unknown>;
  if (applySet(json, path, value) !== null) return null;
  if (parseScenario(json).ok) return null;
  const edited = json as unknown as Scenario;
  // where each rule is checked: the scenario's TCP, and each item with its own (an item that
  // sets neither parameter follows the scenario's, fixed there)
  const scopes: { prefix: string; own: Partial<TcpParams> }[] = [];
  if (itemText === undefined) {
    scopes.push({ prefix: 'tcp', own: {} });
    edited.traffic.forEach((t, i) => {
      const own = (t as { tcp?: Partial<TcpParams> }).tcp;
      if (own) scopes.push({ prefix: `traffic.${i}.tcp`, own });
    });
  } else {
    const own = (edited.traffic[Number(itemText)] as { tcp?: Partial<TcpParams> } | undefined)?.tcp;
    if (!own) return null;
    scopes.push({ prefix, own });
  }
  const companions = new Map<string, { path: string; value: unknown; ref: string }>();
  for (const r of rules) {
    const other = r.keys[0] === key ? r.keys[1] : r.keys[0];
    const fix = r.fix[other];
    if (!fix) continue;
    for (const sc of scopes) {
      const p = { ...edited.tcp, ...sc.own } as TcpParams;
      if (!r.clash(p)) continue;
      if (sc.prefix !== prefix && sc.own[other] === undefined) continue;
      const at = `${sc.prefix}.${other}`;
      companions.set(at, { path: at, value: fix(p), ref: r.ref[other] ?? '' });
    }
  }
  if (companions.size === 0) return null;
  const list = [...companions.values()];
  for (const c of list) if (applySet(json, c.path, c.value) !== null) return null;
  if (!parseScenario(json).ok) return null;
  return { changes: [[path, value], ...list.map((c) => [c.path, c.value] as const)], companions: list };
}

/**
 * At most as many long-lived flows in all as one bulk item may have (a bulk item has `flows`,
 * a UDP item one): two items of 100,000 flows each ran, then the command line's summary
 * overflowed the stack; a list of 200,000 one-flow items likewise.
 */
function checkFlowTotal(s: Scenario, out: string[]): void {
  const max = BULK_PARAMS.flows.max;
  let total = 0;
  for (const t of s.traffic) total += t.kind === 'bulk' ? (t as BulkItem).flows : t.kind === 'udp' ? 1 : 0;
  if (total > max) out.push(`traffic: ${total} long-lived flows in all (the sum of traffic.N.flows, one per UDP item); allowed at most ${max} in one scenario`);
}

function crossChecks(s: Scenario): string[] {
  const out: string[] = [];
  const topo = s.topology;
  if (topo.kind === 'dumbbell') {
    checkQueue('topology.bottleneck.queue', topo.bottleneck.queue, out, largestPacket(s));
    checkQueue('topology.bottleneck.reverseQueue', topo.bottleneck.reverseQueue, out, largestPacket(s));
    checkFlowDelay(topo.flowDelay, out);
    s.traffic.forEach((t, i) => {
      for (const k of ['src', 'dst'] as const) if (t[k] !== undefined) out.push(`traffic.${i}.${k} = "${t[k]}": node names are for general topologies; a dumbbell item uses from = "left" or "right"`);
    });
  } else checkGeneral(topo, s, out);

  s.traffic.forEach((t, i) => {
    const d = trafficByKind(t.kind) as AnyTrafficDescriptor;
    if (d.check) out.push(...d.check(t as never, `traffic.${i}`));
    const why = s.duration === undefined ? d.needsDuration?.(t as never, `traffic.${i}`, s) : null;
    if (why) out.push(`duration: required because ${why}`);
  });
  checkRto(s, out);
  checkCc(s, out);
  checkFlowTotal(s, out);
  if (s.duration !== undefined && s.warmup >= s.duration) out.push(`warmup = ${s.warmup} must be less than duration = ${s.duration} s (the summary counts only what happens after the warm-up)`);
  return out;
}

/** Fills what depends on the topology kind (a dumbbell item's side defaults to "left"). */
function normalize(s: Scenario): Scenario {
  if (s.topology.kind === 'dumbbell') for (const t of s.traffic) if (trafficByKind(t.kind)?.from !== false && t.from === undefined && t.src === undefined && t.dst === undefined) t.from = 'left';
  return s;
}

/**
 * Validates scenario JSON (any supported version, migrated first) and fills every default.
 * On failure returns every message found; structural errors are reported before the
 * cross-field rules (min_th < max_th, node names, duration) are checked.
 */
export function parseScenario(json: unknown): ParseResult {
  const m = migrate(json);
  if (!m.ok) return { ok: false, errors: m.errors };
  const r = scenarioZod.safeParse(m.json);
  if (!r.success) {
    const errors = r.error.issues.flatMap((i) => issueMessages(i, m.json));
    return { ok: false, errors: [...new Set(errors)] };
  }
  const s = normalize(r.data as Scenario);
  const errors = crossChecks(s);
  return errors.length ? { ok: false, errors } : { ok: true, scenario: s };
}

/**
 * The parameter declaration governing a dotted path ("topology.bottleneck.queue.maxP",
 * "traffic.0.tcp.ecn", "topology.bottleneck.queue.kind"), or undefined for paths that are
 * not single declared parameters (names, node references, unknown paths).
 */
export function paramSpecAt(scenario: unknown, path: string): ParamSpec | undefined {
  const r = resolvePath(scenario, splitPath(path));
  return r.ok && r.node.t === 'param' ? r.node.spec : undefined;
}

