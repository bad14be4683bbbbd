/**
 * The scenario editor's field list, generated from the parameter declarations: the
 * scenario's own fields (src/engine/scenario/fields.ts), TCP_PARAMS and the parameters of
 * the selected queue discipline in the AQM registry. Nothing here names an AQM parameter,
 * so a new AQM in the registry gets its controls with no UI code.
 *
 * Every field carries the dotted path the CLI's --set and the URL codec use, its
 * declaration, its value (SI units, as in scenario JSON) and the friendly display unit
 * (Mb/s, ms, KB, packets) with exact conversions both ways. Pure: no DOM, no React.
 */
import { AQMS, aqmByKind } from '../../engine/aqm/registry';
import type { EnumParam, NumberParam, ParamSpec, ParamSpecs } from '../../engine/core/params';
import { decimalNumber } from '../../engine/core/number-text';
import { numberWithUnit, splitUnit, unitIs, unitsTaken } from '../../engine/scenario/units';
import { FLOW_DELAY_FIELDS, FLOW_DELAY_KIND, FLOW_DELAY_VALUE, FROM_SPEC, LINK_FIELDS, RUN_FIELDS, SIDE_FIELDS } from '../../engine/scenario/fields';
import { BULK_PARAMS } from '../../engine/traffic/bulk';
import { TRAFFIC_KIND, trafficByKind } from '../../engine/traffic/registry';
import { getPath } from '../../engine/scenario/paths';
import { paramSpecAt, type CompanionFix, type Scenario } from '../../engine/scenario/schema';
import { MAX_DESCRIPTION_LENGTH, MAX_LIST_VALUES, MAX_NAME_LENGTH } from '../../engine/scenario/tree';
import { TCP_PARAMS } from '../../engine/tcp/params';

export type Section = 'run' | 'topology' | 'tcp' | 'queue' | 'traffic' | 'about';

export const SECTION_TITLES: Record<Section, string> = {
  run: 'Run',
  topology: 'Topology',
  tcp: 'TCP',
  queue: 'Queue',
  traffic: 'Traffic',
  about: 'Name and description',
};

export const SECTIONS: readonly Section[] = ['run', 'topology', 'queue', 'tcp', 'traffic', 'about'];

/** A friendly unit: display value = toDisplay(SI value), and back. */
export interface DisplayUnit {
  /** "Mb/s", "ms", "KB", "packets", "" */
  label: string;
  toDisplay(v: number): number;
  fromDisplay(x: number): number;
}

export type Control = 'number' | 'probability' | 'checkbox' | 'select';

export interface ParamField {
  kind: 'param';
  path: string;
  spec: ParamSpec;
  /** Value at `path` in SI units; undefined when an optional field is absent. */
  value: unknown;
  section: Section;
  /** Sub-heading inside the section ("Bottleneck link", "RED", "Traffic item 1"). */
  group: string;
  /** One line about the group (the AQM's description for its parameters). */
  groupDoc?: string;
  /** Display unit ("Mb/s", "ms", "KB", "packets", ""), and the conversions from and to SI. */
  unitLabel: string;
  toDisplay(v: number): number;
  fromDisplay(x: number): number;
  control: Control;
  /** Can change during a run (the engine's RunHandle.setParam accepts it). */
  live: boolean;
  /** The field may be absent; absence has a meaning ("unlimited", "none"). Removing it sets `removePath` to null. */
  optional?: { absentLabel: string; removePath: string };
}

/** The empirical per-flow delay table [[delay s, cumulative probability], ...]. */
export interface PointsField {
  kind: 'points';
  path: string;
  value: [number, number][] | undefined;
  section: Section;
  group: string;
  label: string;
  doc: string;
  live: false;
}

/**
 * The scenario's own name and description: a teacher's title and instructions for a
 * scenario of their own, shown above the lesson text (App.tsx LessonText), saved in its
 * file and carried by its link. Labels only: the run does not read them.
 */
export interface TextField {
  kind: 'text';
  path: 'name' | 'description';
  value: string | undefined;
  section: Section;
  group: string;
  label: string;
  doc: string;
  maxLength: number;
  multiline: boolean;
  live: false;
}

/** The per-flow delays of a flowDelay `list` (seconds), shown as "5, 75" in ms. */
export interface DelayListField {
  kind: 'delays';
  path: string;
  value: number[] | undefined;
  section: Section;
  group: string;
  label: string;
  doc: string;
  live: false;
}

/**
 * A traffic item's `src` or `dst` on a general topology: a node name, typed or picked from
 * the topology's nodes (`names`). A name that is no node is refused beside the field
 * (nodeNameMessage) and never applied.
 */
export interface NodeField {
  kind: 'node';
  path: string;
  value: string | undefined;
  section: Section;
  group: string;
  label: string;
  doc: string;
  names: readonly string[];
  live: false;
}

/**
 * "Own TCP setting for this item": gives a traffic item whose kind makes TCP flows its own
 * value of a TCP parameter it does not set yet. Choosing one sets `path` (the item's `tcp`
 * object, traffic.N.tcp) to `value` with that parameter added at the scenario-wide value
 * (ownTcpChange), after which the item's field traffic.N.tcp.<key> appears.
 */
export interface OwnTcpField {
  kind: 'own-tcp';
  path: string;
  /** The item's own TCP settings now (the object at `path`), undefined when it has none. */
  value: Readonly<Record<string, unknown>> | undefined;
  /** The TCP parameters the item does not set, in TCP_PARAMS order, each with its label and the scenario-wide value it would start from. */
  choices: readonly { key: string; label: string; value: unknown }[];
  section: Section;
  group: string;
  label: string;
  doc: string;
  live: false;
}

export type EditorField = ParamField | PointsField | DelayListField | TextField | NodeField | OwnTcpField;

// ------------------------------------------------------------------ units

/**
 * Rounds away binary noise from a unit conversion (0.007 x 1000 = 7.000000000000001):
 * 15 significant digits is beyond what any control shows and within a double's precision,
 * so values typed or stored with up to 15 significant digits round-trip exactly.
 */
function clean(x: number): number {
  return Number.isFinite(x) && x !== 0 ? Number(x.toPrecision(15)) : x;
}

function scaled(label: string, perUnit: number): DisplayUnit {
  // display = SI / perUnit. Powers of two (KB, MB) scale exactly; decimal factors are
  // applied as a multiplication or division by an integer and cleaned.
  if (Number.isInteger(Math.log2(perUnit))) return { label, toDisplay: (v) => v / perUnit, fromDisplay: (x) => x * perUnit };
  if (perUnit < 1) {
    const k = Math.round(1 / perUnit);
    return { label, toDisplay: (v) => clean(v * k), fromDisplay: (x) => clean(x / k) };
  }
  return { label, toDisplay: (v) => clean(v / perUnit), fromDisplay: (x) => clean(x * perUnit) };
}

const IDENTITY = (label: string): DisplayUnit => ({ label, toDisplay: (v) => v, fromDisplay: (x) => x });

/** Times of the run itself (seconds read better); delays and timers are shown in ms. */
const SECONDS_KEYS: ReadonlySet<string> = new Set(['duration', 'start', 'stop', 'startSpread']);

export const KIB = 1024;
export const MIB = 1024 * 1024;

/**
 * The display unit of a number parameter: bits/s as Mb/s; delays and timers as ms
 * (run times stay in s); large byte counts as KB (1024 bytes) or MB (1024 KB), packet
 * sizes in bytes; thresholds and limits in the queue's unit.
 */
export function displayUnit(key: string, spec: NumberParam, queueUnit: 'packets' | 'bytes' = 'packets'): DisplayUnit {
  switch (spec.unit) {
    case 'bps':
      return scaled('Mb/s', 1e6);
    case 's':
      return SECONDS_KEYS.has(key) ? IDENTITY('s') : scaled('ms', 1e-3);
    case 'bytes':
      if (spec.default >= MIB) return scaled('MB', MIB);
      if (spec.default >= 10 * KIB) return scaled('KB', KIB);
      return IDENTITY('bytes');
    case 'queue-units':
      return IDENTITY(queueUnit);
    case 'packets':
    case 'segments':
      return IDENTITY(spec.unit);
    case 'probability':
    case 'ratio':
    case 'count':
    case '':
      return IDENTITY('');
  }
}

/**
 * A bound of a range in display units, readable: at most 6 significant digits below a
 * million, a whole number above, rounded toward the inside of the range so the number
 * shown is itself allowed (1 byte is 0.0009765625 KB: shown 0.000976563; 10^15 bytes is
 * 953674316.40625 MB: shown 953674316).
 */
export function boundText(x: number, lower: boolean): string {
  if (!Number.isFinite(x) || x === 0 || Number(x.toPrecision(6)) === x) return String(x);
  if (Math.abs(x) >= 1e6) return String(lower ? Math.ceil(x) : Math.floor(x));
  const step = 10 ** (Math.floor(Math.log10(Math.abs(x))) - 5);
  const r = (lower ? Math.ceil(x / step) : Math.floor(x / step)) * step;
  return String(Number(r.toPrecision(6)));
}

/** The allowed range in display units: "> 0 to 1000000 Mb/s", "whole number 1 to 100000". */
export function displayRange(f: ParamField): string {
  const s = f.spec;
  if (s.type !== 'number') return '';
  const lo = boundText(f.toDisplay(s.min), true);
  const hi = boundText(f.toDisplay(s.max), false);
  return `${s.integer && sameScale(f) ? 'whole number ' : ''}${s.exclusiveMin ? '> ' : ''}${lo} to ${hi}${f.unitLabel ? ' ' + f.unitLabel : ''}`;
}

/** The display unit counts the same things as the SI unit (packets, bytes, plain numbers): whole numbers stay whole. */
export function sameScale(f: ParamField): boolean {
  return f.toDisplay(1) === 1 && f.toDisplay(1000) === 1000;
}

/** Parameters the engine changes during a run (sim-run.ts setParam): the bottleneck queue's parameters except its kind, and the bottleneck's rate, delay and loss. */
export function isLiveParam(path: string): boolean {
  return /^topology\.bottleneck\.(queue|reverseQueue)\.(?!kind$)\w+$/.test(path) || /^topology\.bottleneck\.(rate|delay|loss)$/.test(path);
}

/**
 * Whether field `f` of the scenario on screen changes the going run at once: a live
 * parameter (isLiveParam) of a queue that still has the discipline the run started with, or
 * one that discipline has too.
 * A queue switched to CoDel during a RED run is RED in the engine until the restart, and
 * CoDel's target set then was refused ("not a parameter of this scenario") while its field
 * had no "applies on restart" and the form said queue parameters change the run at once.
 */
export function liveInRun(f: EditorField, scenario: Scenario, running: Scenario | null): boolean {
  if (!f.live) return false;
  const kind = running === null ? null : queueKindOf(f.path, running);
  if (kind === null || kind === queueKindOf(f.path, scenario)) return true;
  // a field both disciplines have (the buffer limit, ECN) is the running queue's too, and changes it
  const params = aqmByKind(kind)?.params;
  return params !== undefined && Object.hasOwn(params, f.path.slice(f.path.lastIndexOf('.') + 1));
}

/** The discipline of the queue a path is in ("topology.bottleneck.reverseQueue.x": the reverse queue's, the forward one's when it has none of its own), or null. */
function queueKindOf(path: string, scenario: Scenario): string | null {
  const m = /^(topology\.bottleneck)\.(queue|reverseQueue)\./.exec(path);
  if (!m) return null;
  const q = (getPath(scenario, `${m[1]}.${m[2]}`) ?? getPath(scenario, `${m[1]}.queue`)) as { kind?: unknown } | undefined;
  return typeof q?.kind === 'string' ? q.kind : null;
}

/** Whether a queue of the scenario on screen has another discipline than in the going run (the form's note about the run says so). */
export function queuesSwitchedInRun(scenario: Scenario, running: Scenario | null): boolean {
  if (running === null) return false;
  return ['topology.bottleneck.queue.kind', 'topology.bottleneck.reverseQueue.kind'].some((p) => queueKindOf(p, scenario) !== queueKindOf(p, running));
}

/**
 * Queue fields that mark with ECN while no flow of the scenario is ECN-capable, by path,
 * with what to say: a teacher ticked "ECN marking" in the Queue section, ran, and saw no
 * mark (RED dropped early as before, 17 drops and 0 marks in 10 s of the default lesson),
 * with no word that the endpoints' ECN is a TCP setting, in the TCP section, closed.
 * Flows are ECN-capable through tcp.ecn or a traffic item's own; UDP never is.
 */
export function ecnWithoutCapableFlows(scenario: Scenario, fields: readonly EditorField[]): Record<string, { text: string; tcp: boolean }> {
  const every = (scenario.tcp as { ecn?: unknown } | undefined)?.ecn === true;
  const capable = scenario.traffic.some((t) => {
    if (!trafficByKind(t.kind)?.tcpOverride) return false;
    const own = ownTcp(t)?.ecn;
    return own === undefined ? every : own === true;
  });
  if (capable) return {};
  // `tcp`: there are TCP flows, which tcp.ecn would make ECN-capable
  const tcp = scenario.traffic.some((t) => trafficByKind(t.kind)?.tcpOverride);
  const text = tcp
    ? 'No flow is ECN-capable: ECN is off for every TCP flow (the TCP section’s ECN), so this queue marks nothing and drops instead.'
    : 'No flow is ECN-capable (UDP never is): this queue marks nothing and drops instead.';
  const out: Record<string, { text: string; tcp: boolean }> = {};
  for (const f of fields) if (f.kind === 'param' && f.value === true && f.section === 'queue' && /\.ecn$/.test(f.path)) out[f.path] = { text, tcp };
  return out;
}

// ------------------------------------------------------------------ the field list// ------------------------------------------------------------------ the field list

function paramField(scenario: Scenario, path: string, key: string, spec: ParamSpec, section: Section, group: string, queueUnit: 'packets' | 'bytes', optional?: ParamField['optional']): ParamField {
  const unit = spec.type === 'number' ? displayUnit(key, spec, queueUnit) : IDENTITY('');
  const control: Control = spec.type === 'boolean' ? 'checkbox' : spec.type === 'enum' ? 'select' : spec.unit === 'probability' ? 'probability' : 'number';
  return {
    kind: 'param',
    path,
    spec,
    value: getPath(scenario, path),
    section,
    group,
    unitLabel: unit.label,
    toDisplay: unit.toDisplay,
    fromDisplay: unit.fromDisplay,
    control,
    live: isLiveParam(path),
    optional,
  };
}

function addParams(out: EditorField[], scenario: Scenario, prefix: string, specs: ParamSpecs, section: Section, group: string, queueUnit: 'packets' | 'bytes' = 'packets', skip: readonly string[] = []): void {
  for (const [key, spec] of Object.entries(specs)) {
    if (skip.includes(key)) continue;
    out.push(paramField(scenario, `${prefix}.${key}`, key, spec, section, group, queueUnit));
  }
}

/**
 * The queue's kind selector, then every parameter of that kind (from its registry
 * descriptor), in one group named after the kind ("Bottleneck queue: RED"): a group of the
 * selector alone above it read "Bottleneck queue" and then "Bottleneck queue: RED".
 */
function addQueue(out: EditorField[], scenario: Scenario, prefix: string, group: string, kindSpec: EnumParam, optional?: ParamField['optional']): void {
  const q = getPath(scenario, prefix) as Record<string, unknown> | undefined;
  const d = q ? aqmByKind(String(q.kind)) : undefined;
  const start = out.length;
  out.push(paramField(scenario, `${prefix}.kind`, 'kind', kindSpec, 'queue', d ? `${group}: ${d.label}` : group, 'packets', optional));
  if (!q || !d) return;
  const unit = q.unit === 'bytes' ? 'bytes' : 'packets';
  addParams(out, scenario, prefix, d.params, 'queue', `${group}: ${d.label}`, unit);
  for (let i = start; i < out.length; i++) (out[i] as ParamField).groupDoc = d.doc;
}

/** The queue-kind declaration the schema uses at `path` (its values are the registry's kinds). */
function queueKindSpec(scenario: Scenario, path: string): EnumParam {
  const s = paramSpecAt(scenario, path);
  if (s && s.type === 'enum') return s;
  const kinds = AQMS.map((d) => d.kind);
  return { type: 'enum', values: kinds, valueDocs: Object.fromEntries(AQMS.map((d) => [d.kind, d.label])), default: kinds[0], label: 'Queue discipline', doc: 'Queue discipline (AQM) of this direction of the link.' };
}

/**
 * Every editable field of `scenario`, in display order, with section and group. Flows:
 * with a single bulk traffic item its `flows` is listed under Topology ("number of
 * flows"); with several items each item's `flows` is under Traffic.
 */
export function editorFields(scenario: Scenario): EditorField[] {
  const out: EditorField[] = [];
  const traffic = scenario.traffic;
  const singleBulk = traffic.length === 1 && traffic[0].kind === 'bulk';

  // About: the scenario's own title and text (a lesson's are its name and title)
  const about = 'Name and description';
  out.push({ kind: 'text', path: 'name', value: scenario.name, section: 'about', group: about, label: 'Name', doc: 'A short title, shown above the lesson text and saved with the scenario.', maxLength: MAX_NAME_LENGTH, multiline: false, live: false });
  out.push({ kind: 'text', path: 'description', value: scenario.description, section: 'about', group: about, label: 'Description', doc: 'What to watch, in your words: shown under the name, for whoever opens the link or the file.', maxLength: MAX_DESCRIPTION_LENGTH, multiline: true, live: false });

  // Run
  out.push(paramField(scenario, 'seed', 'seed', RUN_FIELDS.seed, 'run', 'Run', 'packets'));
  out.push(paramField(scenario, 'duration', 'duration', RUN_FIELDS.duration, 'run', 'Run', 'packets', { absentLabel: 'until the last flow ends', removePath: 'duration' }));

  // Topology
  const topo = scenario.topology;
  if (singleBulk) out.push(paramField(scenario, 'traffic.0.flows', 'flows', BULK_PARAMS.flows, 'topology', 'Number of flows', 'packets'));
  if (topo.kind === 'dumbbell') {
    addParams(out, scenario, 'topology.bottleneck', LINK_FIELDS, 'topology', 'Bottleneck link');
    addParams(out, scenario, 'topology.left', SIDE_FIELDS, 'topology', 'Left side (senders)');
    addParams(out, scenario, 'topology.right', SIDE_FIELDS, 'topology', 'Right side (receivers)');
    const fdGroup = 'Per-flow RTT';
    out.push(paramField(scenario, 'topology.flowDelay.kind', 'kind', FLOW_DELAY_KIND, 'topology', fdGroup, 'packets', { absentLabel: 'none (every flow has the same RTT)', removePath: 'topology.flowDelay' }));
    const fd = topo.flowDelay;
    if (fd) {
      if (fd.kind === 'empirical') {
        out.push({
          kind: 'points',
          path: 'topology.flowDelay.points',
          value: fd.points,
          section: 'topology',
          group: fdGroup,
          label: 'Delay CDF',
          // a teacher read "5 0.5, 75 1" as two groups of flows, 5 and 75 ms: between two pairs the
          // delay is interpolated, so the second half drew anything from 5 to 75 ms
          doc: 'Extra one-way delay per flow drawn from this table: pairs "delay (ms) cumulative probability", delays non-decreasing, probabilities increasing, the last 1. Between two pairs the delay is interpolated: "5 0.5, 75 1" gives half the flows 5 ms and the others 5 to 75 ms. Two groups, half at 5 ms and half at 75 ms: "5 0.5, 75 0.5001, 75 1".',
          live: false,
        });
      } else if (fd.kind === 'list') {
        out.push({
          kind: 'delays',
          path: 'topology.flowDelay.values',
          value: fd.values,
          section: 'topology',
          group: fdGroup,
          label: 'Delays',
          doc: 'Extra one-way delay of each flow, in ms, 0 to 10000 each: the long-lived flows take them in turn (flow 0 the first, flow 1 the second, ..., then from the start again), whatever the seed. "5, 75" gives half the flows 5 ms and half 75 ms, alternating. A web connection draws one of them at random, each equally likely.',
          live: false,
        });
      } else addParams(out, scenario, 'topology.flowDelay', FLOW_DELAY_FIELDS[fd.kind], 'topology', fdGroup);
    }
    addQueue(out, scenario, 'topology.bottleneck.queue', 'Bottleneck queue', queueKindSpec(scenario, 'topology.bottleneck.queue.kind'));
  } else {
    // (every link's queue has the one declaration: looked up once, not per link)
    const kindSpec = topo.links.length > 0 ? queueKindSpec(scenario, 'topology.links.0.queue.kind') : null;
    topo.links.forEach((l, i) => {
      const group = `Link ${l.from} – ${l.to}`;
      addParams(out, scenario, `topology.links.${i}`, LINK_FIELDS, 'topology', group);
      addQueue(out, scenario, `topology.links.${i}.queue`, `Queue ${l.from} → ${l.to}`, kindSpec!, {
        absentLabel: 'default (1000-packet drop-tail)',
        removePath: `topology.links.${i}.queue`,
      });
    });
  }

  // TCP
  const tcpStart = out.length;
  addParams(out, scenario, 'tcp', TCP_PARAMS, 'tcp', 'Every TCP flow');
  // a teacher opening cubic-vs-reno read "Congestion control: reno" here and nothing said
  // that its first item is CUBIC: the items that set their own values are named above the group
  const owners = traffic.flatMap((t, i) => {
    const own = ownTcp(t);
    return own && trafficByKind(t.kind)?.tcpOverride ? [`traffic item ${i + 1} (${Object.keys(TCP_PARAMS).filter((k) => k in own).map((k) => TCP_PARAMS[k as keyof typeof TCP_PARAMS].label).join(', ')})`] : [];
  });
  if (owners.length > 0) (out[tcpStart] as ParamField).groupDoc = `Except where a traffic item sets its own value (under Traffic): ${owners.join('; ')}.`;

  // Traffic
  // (the choices of an item with no own TCP setting, shared: a list of 1,000 items made 1,000 copies an edit)
  const everyChoice = ownTcpChoices(scenario, {});
  traffic.forEach((t, i) => {
    const p = `traffic.${i}`;
    const group = `Traffic item ${i + 1}`;
    out.push(paramField(scenario, `${p}.kind`, 'kind', TRAFFIC_KIND, 'traffic', group, 'packets'));
    // the item's fields come from its kind's declaration (src/engine/traffic/registry.ts)
    const d = trafficByKind(t.kind);
    if (!d) return;
    if (topo.kind === 'dumbbell' && d.from !== false) out.push(paramField(scenario, `${p}.from`, 'from', FROM_SPEC, 'traffic', group, 'packets'));
    if (topo.kind === 'general') {
      // a general topology's items need both (schema.ts checkGeneral): without them here an
      // item could be neither added nor pointed at other nodes from the editor
      const names = topo.nodes.map((n) => n.name);
      out.push({ kind: 'node', path: `${p}.src`, value: t.src, section: 'traffic', group, label: 'Source node', doc: 'Node the flows of this item send from: a node of the topology.', names, live: false });
      out.push({ kind: 'node', path: `${p}.dst`, value: t.dst, section: 'traffic', group, label: 'Destination node', doc: 'Node the flows of this item send to: a node of the topology, other than the source, joined to it by links.', names, live: false });
    }
    const optional: Record<string, string> = d.optional ?? {};
    for (const [key, spec] of Object.entries(d.params as ParamSpecs)) {
      if (key === 'flows' && singleBulk) continue;
      const absent = optional[key];
      out.push(paramField(scenario, `${p}.${key}`, key, spec, 'traffic', group, 'packets', absent !== undefined ? { absentLabel: absent, removePath: `${p}.${key}` } : undefined));
    }
    if (d.tcpOverride) addOwnTcp(out, scenario, i, group, everyChoice);
  });
  return out;
}

/** A traffic item's own TCP settings (`tcp`, overriding the scenario's for its flows), or undefined. */
function ownTcp(t: Scenario['traffic'][number]): Readonly<Record<string, unknown>> | undefined {
  const own = (t as { tcp?: Record<string, unknown> }).tcp;
  return own && Object.keys(own).length > 0 ? own : undefined;
}

/** A TCP value as the editor shows it: numbers in the field's display unit, booleans as on / off. */
function tcpValueText(key: string, spec: ParamSpec, v: unknown): string {
  if (typeof v === 'boolean') return v ? 'on' : 'off';
  if (typeof v === 'number' && spec.type === 'number') {
    const u = displayUnit(key, spec);
    return `${u.toDisplay(v)}${u.label ? ` ${u.label}` : ''}`;
  }
  return String(v);
}

/**
 * The TCP parameters traffic item `i` sets itself (traffic.N.tcp.<key>, the TCP_PARAMS
 * declaration relabelled "(this item only)"), each removable back to the scenario-wide
 * value, then the choice of one more ("Own TCP setting for this item").
 */
function addOwnTcp(out: EditorField[], scenario: Scenario, i: number, group: string, everyChoice: OwnTcpField['choices']): void {
  const p = `traffic.${i}.tcp`;
  const own = ownTcp(scenario.traffic[i]);
  const keys = Object.keys(own ?? {});
  const choices = own ? ownTcpChoices(scenario, own) : everyChoice;
  for (const [key, spec] of Object.entries(TCP_PARAMS) as [string, ParamSpec][]) {
    if (!own || !(key in own)) continue;
    const every = (scenario.tcp as Record<string, unknown>)[key];
    // the same ranges, values and docs as tcp.<key>; the label says whose value it is.
    // Removing the last one removes the item's `tcp` object, not to leave an empty one.
    const mine = { ...spec, label: `${spec.label} (this item only)` } as ParamSpec;
    const removePath = keys.length === 1 ? p : `${p}.${key}`;
    out.push(paramField(scenario, `${p}.${key}`, key, mine, 'traffic', group, 'packets', { absentLabel: `as every TCP flow (${tcpValueText(key, spec, every)})`, removePath }));
  }
  if (choices.length === 0) return;
  out.push({
    kind: 'own-tcp',
    path: p,
    value: own,
    choices,
    section: 'traffic',
    group,
    label: 'Own TCP setting for this item',
    doc: "Choose a TCP parameter and Add: this item's flows get their own value of it, starting from the value every TCP flow has (TCP section), while the other items keep that one. E.g. ECN on for one of two flows.",
    live: false,
  });
}

/** The TCP parameters an item with the own settings `own` does not set, with the scenario-wide values. */
function ownTcpChoices(scenario: Scenario, own: Readonly<Record<string, unknown>>): OwnTcpField['choices'] {
  return (Object.entries(TCP_PARAMS) as [string, ParamSpec][]).filter(([key]) => !(key in own)).map(([key, spec]) => ({ key, label: spec.label, value: (scenario.tcp as Record<string, unknown>)[key] }));
}

/** The change that gives the item of `f` its own `key`, at the scenario-wide value: the path and the item's new `tcp` object. */
export function ownTcpChange(f: OwnTcpField, key: string): { path: string; value: Record<string, unknown> } | null {
  const c = f.choices.find((x) => x.key === key);
  return c ? { path: f.path, value: { ...f.value, [key]: c.value } } : null;
}

// ------------------------------------------------------------------ traffic items

/**
 * The item "Add a traffic item" appends: one bulk flow with the declared defaults, sized
 * when the run has no duration (it then ends with the last flow). On a dumbbell it sends
 * from the left; on a general topology it needs src and dst (schema.ts): those of the first
 * item that has both, else the first and the last host (a node of one link) joined by
 * links, else the first two nodes. Without them the item was refused ("traffic.5.src:
 * required in a general topology") and the editor had no field to give them in.
 */
export function newTrafficItem(scenario: Scenario): Record<string, unknown> {
  const item: Record<string, unknown> = {
    kind: 'bulk',
    flows: BULK_PARAMS.flows.default,
    start: BULK_PARAMS.start.default,
    startSpread: BULK_PARAMS.startSpread.default,
    ...(scenario.duration === undefined ? { bytes: BULK_PARAMS.bytes.default } : {}),
  };
  const topo = scenario.topology;
  if (topo.kind === 'dumbbell') return { ...item, from: 'left' };
  const like = scenario.traffic.find((t) => t.src !== undefined && t.dst !== undefined);
  if (like) return { ...item, src: like.src, dst: like.dst };
  const [src, dst] = defaultEnds(topo.nodes.map((n) => n.name), topo.links);
  return { ...item, ...(src !== undefined ? { src } : {}), ...(dst !== undefined ? { dst } : {}) };
}

/** The first host and the last host joined to it by links (hosts: nodes of one link); else the first two nodes. */
function defaultEnds(names: readonly string[], links: readonly { from: string; to: string }[]): [string | undefined, string | undefined] {
  const degree = new Map<string, number>();
  const next = new Map<string, string[]>();
  for (const l of links) {
    degree.set(l.from, (degree.get(l.from) ?? 0) + 1);
    degree.set(l.to, (degree.get(l.to) ?? 0) + 1);
    (next.get(l.from) ?? next.set(l.from, []).get(l.from)!).push(l.to);
    (next.get(l.to) ?? next.set(l.to, []).get(l.to)!).push(l.from);
  }
  const hosts = names.filter((n) => degree.get(n) === 1);
  if (hosts.length >= 2) {
    const src = hosts[0]!;
    const seen = new Set([src]);
    const todo = [src];
    for (let k = 0; k < todo.length; k++) for (const m of next.get(todo[k]!) ?? []) if (!seen.has(m)) (seen.add(m), todo.push(m));
    const dst = [...hosts].reverse().find((h) => h !== src && seen.has(h));
    if (dst !== undefined) return [src, dst];
  }
  return [names[0], names[1]];
}

/**
 * The message for a node name typed into a src or dst field that names no node: the
 * field, the name and the allowed names (the first 20, then how many more).
 */
export function nodeNameMessage(f: NodeField, text: string): string | null {
  const name = text.trim();
  if (f.names.includes(name)) return null;
  const listed = f.names.slice(0, 20).map((n) => `"${n}"`).join(', ') + (f.names.length > 20 ? ` and ${f.names.length - 20} more (topology.nodes)` : '');
  return name === '' ? `${f.label}: empty; allowed: a node name, one of ${listed}` : `${f.label}: "${name}" is not a node of this topology; allowed: one of ${listed}`;
}

// ------------------------------------------------------------------ validation

/** A number as a message shows it: up to 6 significant digits, no exponent for everyday sizes. */
function shown(x: number): string {
  return Number.isFinite(x) ? String(Number(x.toPrecision(6))) : String(x);
}

/**
 * Checks a value typed in display units. Returns the SI value, or a message in the
 * user's terms: the field's label, the value as typed with its unit, and the allowed
 * range in the same unit ("Rate: 2000000 Mb/s is out of range; allowed 0.001 to
 * 1000000 Mb/s"). The dotted key (for the URL and --set) is shown beside it by the editor.
 */
export function parseDisplay(f: ParamField, text: string): { ok: true; value: number } | { ok: false; error: string } {
  const spec = f.spec;
  if (spec.type !== 'number') return { ok: false, error: `${spec.label}: not a number field` };
  const trimmed = text.trim();
  const range = `allowed ${displayRange(f)}`;
  const unit = f.unitLabel ? ` ${f.unitLabel}` : '';
  if (trimmed === '') return { ok: false, error: `${spec.label}: empty; ${range}` };
  let typed = trimmed;
  if (typed.includes(',')) {
    // A decimal comma (a phone's decimal keypad in much of Europe has no point) is read as
    // a point where it cannot be a thousands separator: one comma, no point, and not
    // exactly three digits after it. "1,500" could be either, so it is asked about.
    const how = 'write decimals with a point and no thousands separator (1.5, 1500)';
    const m = /^([+-]?\d*),(\d+)$/.exec(typed);
    if (m && m[2]!.length === 3) return { ok: false, error: `${spec.label}: "${trimmed}" could be ${m[1]}.${m[2]!.replace(/0+$/, '') || '0'} or ${m[1]}${m[2]}: ${how}; ${range}` };
    if (!m) return { ok: false, error: `${spec.label}: "${trimmed}" is not a number: ${how}; ${range}` };
    typed = `${m[1]}.${m[2]}`;
  }
  // a number with a unit, as a link and --set take it ("20ms", "1.5 Mb/s", "64 KB"; and the
  // box's own, "64 packets"; a probability as a percentage, "2 %", as the lessons write
  // max_p): "20ms" in the Delay box was refused as "not a number", though ms is printed
  // beside it and the same text works in a link
  const percent = spec.unit === 'probability' ? /^([+-]?(?:\d+(?:\.\d*)?|\.\d+))\s*%$/.exec(typed) : null;
  const withUnit = percent ? null : splitUnit(typed);
  let x: number;
  let si: number | undefined;
  if (percent) {
    // the text's own decimal exponent moved: "0.1 %" is exactly 0.001, where 0.1 / 100 is not
    si = Number(`${percent[1]}e-2`);
    x = f.toDisplay(si);
  } else if (withUnit && f.unitLabel !== '' && withUnit.unit === f.unitLabel) {
    x = decimalNumber(withUnit.number);
  } else if (withUnit) {
    si = numberWithUnit(spec, typed);
    if (si === undefined) {
      const takes = unitsTaken(spec);
      const bare = f.unitLabel ? `a number of ${f.unitLabel}` : spec.unit === 'probability' ? 'a probability from 0 to 1 or a percentage (2 %)' : 'a plain number';
      return { ok: false, error: `${spec.label}: "${trimmed}": ${unitIs(spec, withUnit.unit)}; give ${bare}${takes ? ` or one with a unit: ${takes}` : ''}; ${range}` };
    }
    x = f.toDisplay(si);
  } else x = decimalNumber(typed);
  if (!Number.isFinite(x)) return { ok: false, error: `${spec.label}: "${trimmed}" is not a number; ${range}` };
  let v = si ?? f.fromDisplay(x);
  if (spec.integer && !sameScale(f) && Math.abs(v - Math.round(v)) < 1e-6 * Math.max(1, Math.abs(v))) v = Math.round(v);
  const low = spec.exclusiveMin ? v <= spec.min : v < spec.min;
  if (low || v > spec.max) return { ok: false, error: `${spec.label}: ${shown(x)}${unit} is out of range; ${range}` };
  if (spec.integer && !Number.isInteger(v)) return { ok: false, error: `${spec.label}: ${shown(x)}${unit} must be a whole number${sameScale(f) ? '' : ` of ${spec.unit}`}; ${range}` };
  return { ok: true, value: v };
}

/**
 * A message from the engine (a cross-field rule, a refused live change) about field `f`,
 * in the editor's words: its label first, then the message without the dotted key it
 * starts with ("topology.bottleneck.queue.minTh = 50 must be less than maxTh = 45" ->
 * "Min threshold: 50 must be less than maxTh = 45"). The key is shown beside it.
 */
/** A message that starts with a field's label, as fieldErrors names another field ("Window cut: ..."); the schema's own start with a dotted key or a lower-case word. */
const OTHER_LABEL = /^[A-Z][A-Za-z0-9 _()'/-]{0,40}: /;

export function labelledMessage(f: EditorField, msg: string): string {
  const label = f.kind === 'param' ? f.spec.label : f.label;
  // a rule about the item a node field belongs to ("traffic.1: src and dst are both "n4"")
  const item = f.kind === 'node' ? f.path.replace(/\.\w+$/, '') : null;
  if (item && msg.startsWith(`${item}: `)) return `${label}: ${msg.slice(item.length + 2)}`;
  // a message about another field, shown here because this edit caused it, already starts
  // with that field's label (fieldErrors: "Window cut: windowCut = "ns2" cannot be combined
  // with cc = "cubic""): prefixed again it read "Congestion control: Window cut: ..."
  if (!msg.startsWith(f.path)) return msg.startsWith(`${label}:`) || OTHER_LABEL.test(msg) ? msg : `${label}: ${msg}`;
  const rest = msg.slice(f.path.length).replace(/^\s*(=\s*|:\s*)/, '');
  return `${label}: ${f.kind === 'points' ? pointsMessage(rest) : f.kind === 'delays' ? delaysMessage(rest) : rest}`;
}

/**
 * A schema message about one pair of the delay table (".1 = [0.005,1]: delays must not
 * decrease (previous 0.01)", seconds, pairs from 0) in the table's own terms: the pair
 * numbered from 1 as typed, delays in ms ('pair 2 "5 1": delays must not decrease
 * (previous 10 ms)').
 */
function pointsMessage(rest: string): string {
  const m = /^\.(\d+)(?: = \[([^,\]]*),([^\]]*)\])?:\s*([\s\S]*)$/.exec(rest);
  if (!m) return rest;
  const ms = (s: string) => String(clean(Number(s) * 1000));
  const what = m[4]
    .replace(/^delay (\S+) is out of range: allowed (\S+) to (\S+) s\b/, (_, x: string, lo: string, hi: string) => `delay ${ms(x)} ms is out of range: allowed ${ms(lo)} to ${ms(hi)} ms`)
    .replace(/\(previous (\S+)\)/, (_, x: string) => `(previous ${ms(x)} ms)`);
  return `pair ${Number(m[1]) + 1}${m[2] !== undefined ? ` "${ms(m[2])} ${m[3]}"` : ''}: ${what}`;
}

/**
 * A schema message about one entry of the delay list (".2 = 12 is out of range: allowed 0
 * to 10 s", seconds, entries from 0) in the field's own terms: the entry numbered from 1 as
 * typed, delays in ms ('delay 3: 12000 ms is out of range: allowed 0 to 10000 ms').
 */
function delaysMessage(rest: string): string {
  const m = /^\.(\d+) = (\S+) is out of range: allowed (\S+) to (\S+) s$/.exec(rest);
  if (!m) return rest;
  const ms = (x: string) => String(clean(Number(x) * 1000));
  return `delay ${Number(m[1]) + 1}: ${ms(m[2])} ms is out of range: allowed ${ms(m[3])} to ${ms(m[4])} ms`;
}

/** Parses the delay list text "5, 75" (ms) into [0.005, 0.075] (s); ranges are the schema's. */
export function parseDelays(text: string): { ok: true; value: number[] } | { ok: false; error: string } {
  const items = text
    .split(/[,;\s]+/)
    .map((x) => x.trim())
    .filter((x) => x.length > 0);
  // the schema checks the count and each value after this (in ms on the field): these two name the range too
  const range = `1 to ${MAX_LIST_VALUES} delays, each ${clean(FLOW_DELAY_VALUE.min * 1000)} to ${clean(FLOW_DELAY_VALUE.max * 1000)}`;
  if (items.length === 0) return { ok: false, error: `topology.flowDelay.values: give ${range}, in ms, e.g. "5, 75"` };
  const out: number[] = [];
  for (const it of items) {
    const x = decimalNumber(it);
    if (!Number.isFinite(x)) return { ok: false, error: `topology.flowDelay.values: "${it}" is not a delay in ms (${range} ms; write e.g. "5, 75")` };
    out.push(clean(x / 1000));
  }
  return { ok: true, value: out };
}

export function formatDelays(values: readonly number[] | undefined): string {
  return (values ?? []).map((x) => String(clean(x * 1000))).join(', ');
}

/** Parses the empirical table text "10 0.5, 50 1" (delays in ms) into [[0.01, 0.5], [0.05, 1]]. */
export function parsePoints(text: string): { ok: true; value: [number, number][] } | { ok: false; error: string } {
  const pairs = text
    .split(/[,;\n]/)
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
  if (pairs.length === 0) return { ok: false, error: 'topology.flowDelay.points: give at least one pair "delay_ms probability"' };
  const out: [number, number][] = [];
  for (const pr of pairs) {
    const nums = pr.split(/\s+/).map(decimalNumber);
    if (nums.length !== 2 || !nums.every(Number.isFinite)) return { ok: false, error: `topology.flowDelay.points: "${pr}" is not a pair "delay_ms probability"` };
    out.push([clean(nums[0] / 1000), nums[1]]);
  }
  return { ok: true, value: out };
}

export function formatPoints(points: readonly [number, number][] | undefined): string {
  return (points ?? []).map(([x, p]) => `${clean(x * 1000)} ${p}`).join(', ');
}

/**
 * Files each validation message under the field it names: the longest field path that
 * starts the message and is followed by a space, ".", ":" or "=" ("topology.bottleneck.
 * queue.minTh = 20 must be less than maxTh = 15" -> minTh). Messages that name no field
 * go under "". Several messages for one field are joined by newlines.
 */
export function errorsByPath(messages: readonly string[], fields: readonly EditorField[]): Record<string, string> {
  const paths = fields.map((f) => f.path).sort((a, b) => b.length - a.length);
  const out: Record<string, string> = {};
  for (const m of messages) {
    const hit = paths.find((p) => m.startsWith(p) && (m.length === p.length || ' .:='.includes(m[p.length])));
    const key = hit ?? '';
    out[key] = out[key] ? `${out[key]}\n${m}` : m;
  }
  return out;
}

/**
 * The editor's messages by field: `changed` is a rejected change (the field edited and its
 * messages), `others` the rest (a run's errors). A rejected change shows at the field
 * edited even when its message names another field ("minTh = 15 must be less than maxTh =
 * 10" after max_th was set to 10) or none: filed under min_th, the box just typed in
 * showed nothing and the value silently stayed.
 */
export function fieldErrors(fields: readonly EditorField[], changed: { path: string; list: readonly string[] } | null, others: readonly string[]): Record<string, string> {
  const out = errorsByPath(others, fields);
  if (!changed || changed.list.length === 0) return keysAsLabels(out, fields);
  let mine = errorsByPath(changed.list, fields);
  if (!mine[changed.path] && fields.some((f) => f.path === changed.path)) {
    // shown at another field, a message names the field it is about by its label, not its
    // dotted key ("min_th = 15 must be less than maxTh = 10", not "topology.bottleneck.queue.minTh = 15 ...")
    const byPath = new Map(fields.map((f) => [f.path, f]));
    const named = Object.entries(mine).flatMap(([path, text]) => {
      const f = byPath.get(path);
      const label = f ? (f.kind === 'param' ? f.spec.label : f.label) : null;
      return text.split('\n').map((m) => (label && m.startsWith(path) ? label + m.slice(path.length) : m));
    });
    mine = { [changed.path]: named.join('\n') };
  } else if (!fields.some((f) => f.path === changed.path)) {
    // a change of no one field (Add a traffic item, Remove): its messages go beside the
    // button that made it, not to the top of the form, out of sight of the click
    mine = { [changed.path]: changed.list.join('\n') };
  }
  for (const [k, v] of Object.entries(mine)) out[k] = out[k] ? `${v}\n${out[k]}` : v;
  return keysAsLabels(out, fields);
}

/**
 * A field's label inside a sentence: "Buffer limit" as "buffer limit" (as the charts' markers
 * say it, plot.ts markerName), "max_th", "ECN" as they are; without a closing qualifier
 * ("Congestion control (this item only)" said three times in one message).
 */
function labelInText(label: string): string {
  const bare = label.replace(/ \([^()]*\)$/, '');
  return /^[A-Z][a-z]/.test(bare) ? bare[0].toLowerCase() + bare.slice(1) : bare;
}

/**
 * The engine's messages name a field's neighbours by their keys ("minTh = 80 must be less
 * than maxTh = 60", "must be below limit = 40 packets"); the editor's boxes are labelled
 * max_th and "Buffer limit", and a student looked for a box called maxTh. In each message
 * filed under a field, a key of a field of the same item (same dotted prefix) becomes that
 * field's label: a camelCase key wherever it stands, a one-word key ("limit", "unit") only
 * where it is set or compared ("limit = 4", "limit ≥ 2", "limit - 1"), not as an English
 * word. Dotted paths are left to labelledMessage. The CLI's --set messages keep the keys.
 */
function keysAsLabels(byPath: Record<string, string>, fields: readonly EditorField[]): Record<string, string> {
  const labels = new Map(fields.map((f) => [f.path, f.kind === 'param' ? f.spec.label : f.label]));
  const out: Record<string, string> = {};
  for (const [path, text] of Object.entries(byPath)) {
    const item = path.includes('.') ? path.slice(0, path.lastIndexOf('.') + 1) : '';
    out[path] =
      path === '' || !labels.has(path)
        ? text
        : text.replace(/(?<![.\w])([a-z][A-Za-z0-9]*)\b(?!\.\w)(?=(\s*(?:=|≥|≤|<|>|- ))?)/g, (key: string, _k: string, compared: string | undefined) => {
            const label = labels.get(item + key);
            return label && label !== key && (compared !== undefined || /[A-Z]/.test(key)) ? labelInText(label) : key;
          });
  }
  return out;
}

/** The friendly display string of a field's current value (numbers in display units). */
export function displayValue(f: ParamField): string {
  const v = f.value;
  if (v === undefined || v === null) return '';
  if (typeof v === 'number') return String(f.toDisplay(v));
  return String(v);
}

// ------------------------------------------------------------------ long lists

/**
 * Items of a long list shown before "Show all": a general topology's links (each a link
 * group and a queue group) and the traffic items. 1,000 links drawn at once were 5,000
 * controls that froze the page for seconds on load and on each edit.
 */
export const LIST_ITEMS_SHOWN = 10;

/** A list is folded when it has more items than this: a lesson's lists (at most 15 items, 11 links) stay whole. */
export const LIST_FOLD_ABOVE = 30;

/** The list item a field belongs to ("topology.links.3.rate": link 3), or null. */
export function listItemOf(path: string): { list: 'links' | 'traffic'; index: number } | null {
  const m = /^(topology\.links|traffic)\.(\d+)\./.exec(path);
  return m ? { list: m[1] === 'traffic' ? 'traffic' : 'links', index: Number(m[2]) } : null;
}

/**
 * The groups of a section to draw: all when `expanded` or when no list in it has more than
 * `above` items; else the groups of the first `limit` items (of those whose heading holds
 * `find`, when given: "L250" finds "Link L250 – ra"), the groups outside any list, and
 * every group with a message (a refused value in link 700 shows beside its field). `list`
 * is the list folded, `total` its items, `matched` those `find` picks and `hidden` those
 * left out.
 */
export function foldGroups<G extends { name: string; fields: readonly EditorField[] }>(
  groups: readonly G[],
  errors: Record<string, string>,
  { expanded = false, find = '', limit = LIST_ITEMS_SHOWN, above = LIST_FOLD_ABOVE }: { expanded?: boolean; find?: string; limit?: number; above?: number } = {},
): { shown: G[]; hidden: number; total: number; matched: number; list: 'links' | 'traffic' | null } {
  // (each group's item read once: a regular expression per group, three times over 2,000 groups, showed in an edit's profile)
  const itemOf = groups.map((g) => (g.fields.length > 0 ? listItemOf(g.fields[0].path) : null));
  const items = { links: new Set<number>(), traffic: new Set<number>() };
  for (const it of itemOf) if (it) items[it.list].add(it.index);
  // (a section holds one long list: the links under Topology, the items under Traffic)
  const list = items.links.size > above ? 'links' : items.traffic.size > above ? 'traffic' : null;
  if (list === null) return { shown: [...groups], hidden: 0, total: 0, matched: 0, list };
  const total = items[list].size;
  if (expanded) return { shown: [...groups], hidden: 0, total, matched: total, list };
  const needle = find.trim().toLowerCase();
  const matching = new Set<number>();
  groups.forEach((g, k) => {
    const it = itemOf[k];
    if (it?.list === list && (needle === '' || g.name.toLowerCase().includes(needle))) matching.add(it.index);
  });
  const picked = new Set([...matching].sort((a, b) => a - b).slice(0, limit));
  const shownItems = new Set<number>();
  const shown = groups.filter((g, k) => {
    const it = itemOf[k];
    if (it === null || it.list !== list) return true;
    if (picked.has(it.index) || g.fields.some((f) => errors[f.path])) {
      shownItems.add(it.index);
      return true;
    }
    return false;
  });
  return { shown, hidden: total - shownItems.size, total, matched: matching.size, list };
}

// ---- one-step fixes (companionFix in the engine's schema) -----------------------------

/**
 * A TCP parameter's name in a sentence: "window cut"; a traffic item's own "this item's
 * window cut" beside that item's fields, else "traffic item 2's window cut" (`at`: the
 * path of the field the sentence is shown at).
 */
function tcpName(scenario: Scenario, path: string, at: string = path): string {
  const key = path.slice(path.lastIndexOf('.') + 1);
  const spec = (TCP_PARAMS as Record<string, ParamSpec | undefined>)[key] ?? paramSpecAt(scenario, path);
  const label = spec?.label ?? key;
  // labels that are acronyms (MSS, ECN, SUBTCP, "Min RTO") keep their capitals
  const name = /^[A-Z]{2}/.test(label) ? label : label.charAt(0).toLowerCase() + label.slice(1);
  const item = /^traffic\.(\d+)\./.exec(path);
  if (!item) return name;
  return at.startsWith(item[0]) ? `this item's ${name}` : `traffic item ${Number(item[1]) + 1}'s ${name}`;
}

/** A value as the editor shows it: numbers in the field's display unit (5 s -> "5000 ms"). */
function tcpValueShown(path: string, v: unknown): string {
  const key = path.slice(path.lastIndexOf('.') + 1);
  const spec = (TCP_PARAMS as Record<string, ParamSpec | undefined>)[key];
  if (typeof v === 'number' && spec?.type === 'number') {
    const u = displayUnit(key, spec);
    return `${clean(u.toDisplay(v))}${u.label ? ` ${u.label}` : ''}`;
  }
  return typeof v === 'boolean' ? (v ? 'on' : 'off') : String(v);
}

/**
 * The button that applies a refused edit with its companion change(s) in one step:
 * "Set congestion control to cubic and window cut to rfc5681 (RFC 5681)".
 */
export function companionButtonText(scenario: Scenario, fix: CompanionFix): string {
  const [[path, value]] = fix.changes;
  const rest = fix.companions.map((c) => `${tcpName(scenario, c.path, path)} to ${tcpValueShown(c.path, c.value)}${c.ref ? ` (${c.ref})` : ''}`);
  const others = rest.length > 1 ? `${rest.slice(0, -1).join(', ')} and ${rest[rest.length - 1]}` : rest[0];
  return `Set ${tcpName(scenario, path)} to ${tcpValueShown(path, value)} and ${others}`;
}

/**
 * What the editor notes beside each field a one-step fix changed besides the one edited,
 * by path: "Changed to rfc5681 with congestion control = cubic (was ns2)". `before` is the
 * scenario the fix was offered on.
 */
export function companionNotes(before: Scenario, fix: CompanionFix): Record<string, string> {
  const [[path, value]] = fix.changes;
  const out: Record<string, string> = {};
  for (const c of fix.companions) {
    const old = getPath(before, c.path);
    const was = old === undefined ? 'it followed every TCP flow' : `was ${tcpValueShown(c.path, old)}`;
    out[c.path] = `Changed to ${tcpValueShown(c.path, c.value)} with ${tcpName(before, path, c.path)} = ${tcpValueShown(path, value)} (${was}).`;
  }
  return out;
}

/**
 * What a kind swap at `kindPath` (a queue's or a traffic item's `kind`) did not carry: each
 * field both kinds have whose value was set away from the old kind's default and is now
 * another, in one line said under the kind's selector ("Target reset to CoDel's default
 * 5 ms (PIE's was 20 ms)."). The swap (engine/scenario/set.ts) keeps a value only where the
 * name means the same in both kinds; a PIE target of 20 ms, left behind without a word, was
 * a setting the teacher believed still in force. Null when nothing set was left behind.
 */
export function kindSwapNote(before: Scenario, after: Scenario, kindPath: string): string | null {
  const parent = kindPath.replace(/\.kind$/, '');
  const was = getPath(before, parent) as Record<string, unknown> | undefined;
  const now = getPath(after, parent) as Record<string, unknown> | undefined;
  if (!was || !now || typeof was.kind !== 'string' || typeof now.kind !== 'string' || was.kind === now.kind) return null;
  const name = (kind: string) => aqmByKind(kind)?.label ?? trafficByKind(kind)?.label ?? kind;
  const out: string[] = [];
  for (const k of Object.keys(now)) {
    if (k === 'kind' || was[k] === undefined || jsonText(was[k]) === jsonText(now[k])) continue;
    const oldSpec = paramSpecAt(before, `${parent}.${k}`);
    const newSpec = paramSpecAt(after, `${parent}.${k}`);
    if (!oldSpec || !newSpec || jsonText(was[k]) === jsonText(oldSpec.default)) continue;
    const unit = (q: Record<string, unknown>) => (q.unit === 'bytes' ? 'bytes' : 'packets');
    const shown = (spec: ParamSpec, v: unknown, q: Record<string, unknown>) => {
      if (typeof v !== 'number' || spec.type !== 'number') return typeof v === 'boolean' ? (v ? 'on' : 'off') : String(v);
      const u = displayUnit(k, spec, unit(q));
      return `${clean(u.toDisplay(v))}${u.label ? ` ${u.label}` : ''}`;
    };
    // "Target", "Alpha (1/s)"; a symbol stays as written (w_q)
    const label = newSpec.label.includes('_') ? newSpec.label : newSpec.label.charAt(0).toUpperCase() + newSpec.label.slice(1);
    const isDefault = jsonText(now[k]) === jsonText(newSpec.default);
    out.push(`${label} ${isDefault ? 'reset to' : 'is'} ${name(now.kind)}'s ${isDefault ? 'default ' : ''}${shown(newSpec, now[k], now)} (${name(was.kind)}'s was ${shown(oldSpec, was[k], was)}).`);
  }
  return out.length ? out.join(' ') : null;
}

const jsonText = (v: unknown): string => JSON.stringify(v);
