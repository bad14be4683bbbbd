/**
 * Parameter declarations. Every configurable parameter of every plug-in (AQM, TCP
 * variant, traffic source) is declared exactly once, as a ParamSpec. From these
 * declarations come the scenario schema and its error messages, the URL codec, the UI
 * controls, the CLI `--set` paths and the parameter table in the docs.
 */

import { nearNames } from '../scenario/near';

/**
 * The slowest rate a link or a traffic source may have, bits/s. Slower rates only make
 * one packet take longer than any run (a 64 KB packet at 1 kb/s already takes 9
 * minutes), and rates such as 1e-300 would put event times beyond what the clock holds.
 */
export const MIN_RATE = 1000;

/** SI units used in scenario JSON; the UI converts to friendly units for display. */
export type Unit =
  | 'bps' // bits per second
  | 's' // seconds
  | 'bytes'
  | 'packets'
  | 'segments'
  | 'probability' // 0..1
  | 'ratio' // dimensionless
  | 'count'
  | 'queue-units' // packets or bytes, following the queue's `unit`
  | '';

interface ParamBase {
  /** Short label for UI controls. */
  label: string;
  /** One-line explanation. */
  doc: string;
  /** Where the parameter comes from, e.g. "seeds/001 §Methodology" or "RFC 3168 §6.1.2". */
  ref?: string;
  /**
   * The kind's default is the kind's own choice, not a fact of the scenario: a kind swap
   * carries the value to a same-named field of another spec only when it was set away from
   * the old kind's default. RED's mean packet size defaults to ns-2's 500 bytes; carried
   * into REM, whose capacity is counted in packets of that size, it made REM hold the
   * default lesson's queue near three times b*. A size the lesson set (1000-byte packets)
   * still carries.
   */
  kindDefault?: true;
  /**
   * The kind's own quantity: a same-named field of another kind is another thing (PIE's
   * target is the delay its controller steers its estimate to, CoDel's the sojourn time a
   * whole interval must stay above before it drops; ARED's interval is how often max_p
   * adapts, REM's how often the price is updated, CoDel's its drop window), so a kind swap
   * never carries a value into it or out of it: the new kind's default is used, and the
   * editor says so when a value set away from the old default is left behind. A PIE target
   * of 20 ms used to become CoDel's target, four times RFC 8289's 5 ms.
   */
  kindOwn?: true;
}

export interface NumberParam extends ParamBase {
  type: 'number';
  unit: Unit;
  default: number;
  min: number;
  max: number;
  /** Only whole numbers allowed. */
  integer?: boolean;
  /** The minimum is excluded (value must be > min). */
  exclusiveMin?: boolean;
}

export interface BooleanParam extends ParamBase {
  type: 'boolean';
  default: boolean;
}

export interface EnumParam extends ParamBase {
  type: 'enum';
  values: readonly string[];
  /** One-line explanation per value. */
  valueDocs?: Readonly<Record<string, string>>;
  default: string;
}

export type ParamSpec = NumberParam | BooleanParam | EnumParam;
export type ParamSpecs = Readonly<Record<string, ParamSpec>>;

/** The value type a spec declares. */
export type ParamValue<S extends ParamSpec> = S extends NumberParam ? number : S extends BooleanParam ? boolean : S extends EnumParam ? string : never;
export type ParamValues<P extends ParamSpecs> = { -readonly [K in keyof P]: ParamValue<P[K]> };

/** The defaults of a set of declarations, as a values object. */
export function defaultsOf<P extends ParamSpecs>(specs: P): ParamValues<P> {
  const out: Record<string, unknown> = {};
  for (const [k, s] of Object.entries(specs)) out[k] = s.default;
  return out as ParamValues<P>;
}

/**
 * A values object from layers of partial values, later layers winning, built key by key in
 * the declarations' order. Not `{ ...a, ...b }`: a spread's object takes its shape (V8's
 * hidden class) from its sources, and the scenario's objects are shaped differently from
 * one run to the next (parsed, or built by the editor), so each new run in one process
 * (the app's worker, a sweep's worker, the bench's warm runs) met the senders' and
 * receivers' compiled code with a params object of another shape and threw that code away
 * ("wrong map" deoptimizations in recv, onAck, sendSegment and 8 more). Built in one
 * order, every params object of a set of declarations has one shape.
 */
export function valuesOf<P extends ParamSpecs>(specs: P, ...layers: (Partial<ParamValues<P>> | undefined)[]): ParamValues<P> {
  const out: Record<string, unknown> = {};
  for (const k in specs) {
    let v: unknown = specs[k].default;
    for (const l of layers) if (l !== undefined && Object.hasOwn(l, k)) v = (l as Record<string, unknown>)[k];
    out[k] = v;
  }
  // Keyed stores of values of changing types can leave `out` in dictionary mode (slow
  // property reads on the per-packet path); a copy adds the keys as named fields, in this
  // order, so it is a fast object of the one shape.
  return { ...out } as ParamValues<P>;
}

/**
 * Checks one value against its declaration. Returns null when valid, else a message that
 * names the field, the value (as `shown` when given) and the allowed range.
 */
export function checkParam(path: string, spec: ParamSpec, value: unknown, queueUnit?: QueueUnitContext, shown?: string): string | null {
  switch (spec.type) {
    case 'number': {
      const range = rangeText(spec, queueUnit);
      if (typeof value !== 'number' || !Number.isFinite(value)) return `${path}: expected a number (${range}), got ${shownValue(value)}`;
      const low = spec.exclusiveMin ? value <= spec.min : value < spec.min;
      // `shown`: the value as typed when it was converted ("20000ms (20 s)"), so the message says what the user wrote
      if (low || value > spec.max) return `${path} = ${shown ?? value} is out of range: allowed ${range}`;
      if (spec.integer && !Number.isInteger(value)) return `${path} = ${shown ?? value} must be a whole number (${range})`;
      return null;
    }
    case 'boolean':
      return typeof value === 'boolean' ? null : `${path}: expected true or false, got ${shownValue(value)}`;
    case 'enum': {
      if (typeof value === 'string' && spec.values.includes(value)) return null;
      // a slip of a letter or of case (`redd`, `RED`, `newReno`) gets the value it is near, as an unknown field or preset does
      const near = typeof value === 'string' ? nearNames(value, spec.values, 2) : [];
      const hint = near.length ? `; did you mean ${near.map((v) => `"${v}"`).join(' or ')}?` : '';
      return `${path} = ${shownValue(value)} is not allowed: one of ${spec.values.map((v) => `"${v}"`).join(', ')}${hint}`;
    }
  }
}

/**
 * A value as text for a message. JSON would print Infinity (what JSON.parse makes of
 * "1e400") and NaN as null; say what they are instead.
 */
export function shownValue(v: unknown): string {
  if (typeof v === 'number' && !Number.isFinite(v)) return Number.isNaN(v) ? 'not a number (NaN)' : v > 0 ? 'a number too large to represent (above 1.8e308)' : 'a number too large to represent (below -1.8e308)';
  if (v === undefined) return 'nothing';
  const j = jsonPrefix(v, 81);
  return j === undefined ? String(v) : j.length > 80 ? `${j.slice(0, 77)}...` : j;
}

/**
 * JSON.stringify(v), cut once it is longer than `max` characters (the rest is never
 * built). A message shows only the start of a value, and JSON.stringify of the whole of
 * what a file or a link holds fails on lists nested a few thousand deep ("Maximum call
 * stack size exceeded", a stack trace instead of the field's range) and builds megabytes
 * for a string of a million characters (the message then held it whole, the range after).
 * Each level adds at least one character, so the cut also bounds the depth.
 */
function jsonPrefix(v: unknown, max: number): string | undefined {
  if (typeof v !== 'object' || v === null) return JSON.stringify(typeof v === 'string' && v.length > max ? v.slice(0, max) : v);
  let out = '';
  const walk = (x: unknown): boolean => {
    if (typeof x !== 'object' || x === null) {
      const j = JSON.stringify(typeof x === 'string' && x.length > max ? x.slice(0, max) : x);
      out += j ?? 'null';
      return out.length <= max;
    }
    if (Array.isArray(x)) {
      out += '[';
      for (let i = 0; i < x.length; i++) {
        if (i > 0) out += ',';
        if (out.length > max || !walk(x[i])) return false;
      }
      out += ']';
      return out.length <= max;
    }
    out += '{';
    let first = true;
    for (const [k, e] of Object.entries(x)) {
      if (e === undefined || typeof e === 'function') continue;
      out += `${first ? '' : ','}${JSON.stringify(k)}:`;
      first = false;
      if (out.length > max || !walk(e)) return false;
    }
    out += '}';
    return out.length <= max;
  };
  walk(v);
  return out;
}

/**
 * What a size in 'queue-units' counts, where that is known: the `unit` of its queue
 * ("packets" or "bytes"); anything else (no queue at hand) reads "packets (bytes in byte mode)".
 */
export type QueueUnitContext = string | undefined;

/** The `unit` field of the queue object holding a parameter (its default "packets" when it has none); undefined when `queue` is not an object. */
export function queueUnitOf(queue: unknown): QueueUnitContext {
  if (typeof queue !== 'object' || queue === null || Array.isArray(queue)) return undefined;
  const u = (queue as Record<string, unknown>).unit;
  return u === 'bytes' ? 'bytes' : 'packets';
}

/**
 * A unit as a user reads it: a size in 'queue-units' (RED's min_th, PI's q_ref, a buffer's
 * limit) is packets or bytes as its queue counts; the messages said "queue-units", the
 * engine's word for that.
 */
export function unitText(unit: Unit, queueUnit?: QueueUnitContext): string {
  if (unit !== 'queue-units') return unit;
  return queueUnit === 'bytes' ? 'bytes' : queueUnit === 'packets' ? 'packets' : 'packets (bytes in byte mode)';
}

/** "0 to 1 probability", "> 0 to 1e12 bps", "whole number 1 to 100000 packets". */
export function rangeText(spec: NumberParam, queueUnit?: QueueUnitContext): string {
  const lo = spec.exclusiveMin ? `> ${spec.min}` : `${spec.min}`;
  return `${spec.integer ? 'whole number ' : ''}${lo} to ${spec.max}${spec.unit && spec.unit !== 'ratio' ? ' ' + unitText(spec.unit, queueUnit) : ''}`;
}

/** A plug-in: an AQM, a TCP congestion-control variant, a traffic source. */
export interface Descriptor<P extends ParamSpecs, Ctx, T> {
  kind: string;
  label: string;
  doc: string;
  params: P;
  create(params: ParamValues<P>, ctx: Ctx): T;
}
