import { checkParam, rangeText, unitText, type NumberParam, type QueueUnitContext, type Unit } from '../core/params';

/**
 * Numbers with a unit in a link or a `--set` value: `topology.bottleneck.delay=20ms`,
 * `topology.bottleneck.rate=10Mb/s`, `tcp.rwnd=64KB`. The scenario holds SI numbers
 * (seconds, bits/s, bytes) and links are still written that way; a value typed with a
 * unit is converted to the field's SI number when read, so a teacher who means 5 ms can
 * say so instead of getting 5 s. A unit of another dimension (a rate for a time) or one
 * not known is refused with the units the field takes.
 *
 * Rates are decimal, as in the papers and ns-2 (1 kb/s = 1000 bits/s, 1 Mb/s = 10^6).
 * Sizes are binary, as the app's editor shows them (1 KB = 1024 bytes, 1 MB = 1024 KB):
 * `kB`, `KB` and `KiB` are all 1024 bytes, so "16 KB" typed in a link is the 16 KB the
 * editor shows for PIE's 16384-byte DQ_THRESHOLD.
 */

export type Dimension = 'time' | 'rate' | 'size';

/** The dimension of a unit that takes a suffix; null for counts, ratios, packets and the queue's unit. */
export function dimensionOf(unit: Unit): Dimension | null {
  return unit === 's' ? 'time' : unit === 'bps' ? 'rate' : unit === 'bytes' ? 'size' : null;
}

/**
 * One unit: its spellings and how it converts to SI: a power of ten (`exp`, applied to the
 * decimal text so 4.1ms is exactly the number 0.0041, where 4.1 / 1000 is 0.0040999999999999995)
 * or a binary factor (`times`).
 */
interface UnitDef {
  names: readonly string[];
  exp?: number;
  times?: number;
}

const UNITS: Readonly<Record<Dimension, readonly UnitDef[]>> = {
  time: [
    { names: ['ns'], exp: -9 },
    // µ (micro sign, U+00B5) and μ (Greek mu, U+03BC) look the same; both are accepted
    { names: ['us', 'µs', 'μs'], exp: -6 },
    { names: ['ms'], exp: -3 },
    { names: ['s', 'sec'], exp: 0 },
  ],
  rate: [
    { names: ['bps', 'b/s'], exp: 0 },
    { names: ['kbps', 'kb/s', 'Kbps', 'Kb/s'], exp: 3 },
    { names: ['Mbps', 'Mb/s', 'mbps', 'mb/s'], exp: 6 },
    { names: ['Gbps', 'Gb/s', 'gbps', 'gb/s'], exp: 9 },
    { names: ['Tbps', 'Tb/s', 'tbps', 'tb/s'], exp: 12 },
  ],
  size: [
    { names: ['B', 'byte', 'bytes'], times: 1 },
    { names: ['KB', 'kB', 'KiB'], times: 1024 },
    { names: ['MB', 'MiB'], times: 1024 ** 2 },
    { names: ['GB', 'GiB'], times: 1024 ** 3 },
  ],
};

/** The units a dimension's message lists. */
const LISTED: Readonly<Record<Dimension, string>> = {
  time: 'ns, us (or µs), ms, s',
  rate: 'bps, kb/s, Mb/s, Gb/s (or kbps, Mbps, Gbps)',
  size: 'B, KB, MB, GB (1 KB = 1024 bytes)',
};

const WHAT: Readonly<Record<Dimension, string>> = {
  time: 'a time; give seconds or a unit',
  rate: 'a rate; give bits/s or a unit',
  size: 'a size; give bytes or a unit',
};

/** "<number><optional spaces><unit>": the number's mantissa, its exponent and the unit's text. */
const WITH_UNIT = /^([+-]?(?:\d+(?:\.\d*)?|\.\d+))(?:[eE]([+-]?\d+))?\s*([A-Za-zµμ][A-Za-zµμ/]*)$/;

export interface UnitNumber {
  /** The number as typed, without its unit ("20"). */
  number: string;
  /** The unit as typed ("ms"). */
  unit: string;
}

/** A value's text read as a number with a unit, or null when it is not of that form. */
export function splitUnit(text: string): UnitNumber | null {
  const m = WITH_UNIT.exec(text.trim());
  if (!m) return null;
  return { number: m[2] === undefined ? m[1] : `${m[1]}e${m[2]}`, unit: m[3] };
}

function findUnit(dim: Dimension, unit: string): UnitDef | undefined {
  return UNITS[dim].find((u) => u.names.includes(unit));
}

/** The SI value of a number with a known unit of `dim`, or undefined when the unit is not one of `dim`'s. */
export function convertUnit(dim: Dimension, n: UnitNumber): number | undefined {
  const def = findUnit(dim, n.unit);
  if (!def) return undefined;
  if (def.times !== undefined) return Number(n.number) * def.times;
  // shift the decimal exponent of the text itself: "4.1" "ms" -> Number("4.1e-3"), not 4.1 / 1000
  const [mant, e] = n.number.split(/[eE]/);
  return Number(`${mant}e${Number(e ?? 0) + (def.exp ?? 0)}`);
}

/**
 * The SI value of `text` for a number field with `spec`, when the text is a number with a
 * unit of the field's dimension (`20ms` for a time); undefined otherwise (a bare number is
 * JSON's to read; a wrong unit is unitProblem's to explain).
 */
export function numberWithUnit(spec: NumberParam, text: string): number | undefined {
  const dim = dimensionOf(spec.unit);
  const n = dim ? splitUnit(text) : null;
  return dim && n ? convertUnit(dim, n) : undefined;
}

/**
 * For the editor's message about a number typed with a unit its field does not take: the
 * units the field's dimension takes ("ns, us (or µs), ms, s"), or null for a field that
 * takes none; and what the unit typed is ("Mb/s is a rate", '"x" is not a unit known here').
 */
export function unitsTaken(spec: NumberParam): string | null {
  const dim = dimensionOf(spec.unit);
  return dim ? LISTED[dim] : null;
}

export function unitIs(spec: NumberParam, unit: string): string {
  const other = otherDimension(unit, dimensionOf(spec.unit));
  return other ? `${unit} is a ${other}` : `"${unit}" is not a unit known here`;
}

/** What a field without a unit suffix counts, for a message. */
function unitlessWhat(unit: Unit, queueUnit: QueueUnitContext): string {
  switch (unit) {
    case 'packets':
      return 'a number of packets';
    case 'segments':
      return 'a number of segments';
    case 'queue-units':
      return `a size in the queue's unit (${unitText(unit, queueUnit)})`;
    case 'probability':
      return 'a probability (0 to 1)';
    case 'count':
      return 'a count';
    default:
      return 'a plain number';
  }
}

/** Which other dimension a unit belongs to, for a message ("5Mb/s is a rate"). */
function otherDimension(unit: string, not: Dimension | null): Dimension | undefined {
  return (['time', 'rate', 'size'] as const).find((d) => d !== not && findUnit(d, unit));
}

/**
 * The message for a number field given a number with a unit it cannot take: a unit of
 * another dimension or an unknown one ("topology.bottleneck.delay=5Mb/s: a time; give
 * seconds or a unit: ns, us (or µs), ms, s; Mb/s is a rate"), or any unit on a field that
 * counts packets, segments or probabilities. Null when `text` is not a number with a unit
 * (the plain "expected a number" message applies) or when its unit is the field's.
 */
export function unitProblem(path: string, spec: NumberParam, text: string, queueUnit?: QueueUnitContext): string | null {
  const n = splitUnit(text);
  if (!n) return null;
  const dim = dimensionOf(spec.unit);
  const shown = `${path}=${text.trim()}`;
  if (!dim) return `${shown}: ${unitlessWhat(spec.unit, queueUnit)}; takes no unit, give a bare number (allowed ${rangeText(spec, queueUnit)})`;
  if (convertUnit(dim, n) !== undefined) return null;
  const other = otherDimension(n.unit, dim);
  // bytes per second for a rate: say what it is in bits (10MB/s is 80 Mb/s in decimal bytes)
  const bytesRate = dim === 'rate' && /^[kKMGT]?(?:B\/s|Bps)$/.test(n.unit) ? `; ${n.unit} is bytes per second, a rate here is in bits (b/s): 1 byte = 8 bits` : '';
  const bits = dim === 'size' && /^[kKMG]?(?:b|bit|bits)$/.test(n.unit) ? `; ${n.unit} is bits, a size here is in bytes (B)` : '';
  const why = bytesRate || bits || (other ? `; ${n.unit} is a ${other}` : `; "${n.unit}" is not a unit known here`);
  return `${shown}: ${WHAT[dim]}: ${LISTED[dim]}${why} (allowed ${rangeText(spec, queueUnit)})`;
}

/**
 * The hint for a bare number out of range that is in range in the unit the app shows
 * (a time typed in ms, a rate in Mb/s): "did you mean 20ms?". Null when there is none.
 */
export function bareNumberHint(spec: NumberParam, text: string, inRange: (v: number) => boolean): string | null {
  const t = text.trim();
  if (!/^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/.test(t)) return null;
  const asUnit = spec.unit === 's' ? 'ms' : spec.unit === 'bps' ? 'Mb/s' : null;
  if (!asUnit) return null;
  const dim = dimensionOf(spec.unit)!;
  const v = convertUnit(dim, splitUnit(`${t}${asUnit}`)!);
  return v !== undefined && inRange(v) ? `did you mean ${t}${asUnit}?` : null;
}

/** A bare number's text (no unit): "5", "0.02", "1e-3". */
const BARE = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

/**
 * The unit a field's values are usually written in, read from its declared default: ms for
 * a time whose default is under 1 s (a link's delay, an AQM's target), Mb/s for a rate
 * whose default is 1 Mb/s or more. Null when the SI unit is the usual one (a run's
 * duration, a start time of 0).
 */
export function usualUnit(spec: NumberParam): { unit: string; si: string; exp: number } | null {
  if (spec.unit === 's' && spec.default > 0 && spec.default < 1) return { unit: 'ms', si: 's', exp: -3 };
  if (spec.unit === 'bps' && spec.default >= 1e6) return { unit: 'Mb/s', si: 'b/s', exp: 6 };
  return null;
}

/** How far a bare time must be above the field's default before it is noticed (minRto=1, five times its 0.2 s, is RFC 6298's own value). */
const TIME_NOTICE_FACTOR = 10;

/**
 * Whether a bare number, valid and so applied, is likely meant in the field's usual unit:
 * a time of 1 s or more (and at least ten times the default) where the default is in ms,
 * or a rate under 1000 b/s where the default is in Mb/s; and in range read in that unit.
 * `topology.bottleneck.delay=5` is a 5 SECOND propagation delay, and a teacher who meant
 * 5 ms got a run with a 10 s round trip. The one rule for every field (from its default
 * and range); the URL encoder writes such a value with its unit (`5s`) so that the app's
 * own links are never noticed.
 */
export function ambiguousBare(spec: NumberParam, value: number): boolean {
  const u = usualUnit(spec);
  if (!u || !Number.isFinite(value)) return false;
  const big = u.si === 's' ? value >= 1 && value >= TIME_NOTICE_FACTOR * spec.default : value > 0 && value < 1000;
  return big && checkParam('', spec, Number(`${value}e${u.exp}`)) === null;
}

/**
 * The notice for a bare number that ambiguousBare finds ("topology.bottleneck.delay=5 is
 * read as 5 s (a bare number is in seconds); write 5ms for milliseconds, or 5s to keep
 * seconds without this notice"); null for any other text (a number with a unit, a value
 * not a number, a value out of range: that one is refused with its own message).
 */
export function bareNumberNotice(path: string, spec: NumberParam, text: string): string | null {
  const t = text.trim();
  if (!BARE.test(t)) return null;
  const value = Number(t);
  if (!ambiguousBare(spec, value) || checkParam('', spec, value) !== null) return null;
  const u = usualUnit(spec)!;
  const words = u.si === 's' ? ['seconds', 'milliseconds'] : ['bits/s', 'megabits/s'];
  return `${path}=${t} is read as ${value} ${u.si} (a bare number is in ${words[0]}); write ${t}${u.unit} for ${words[1]}, or ${t}${u.si} to keep ${words[0]} without this notice`;
}

/**
 * The notice for a number of a scenario FILE that ambiguousBare finds: a file's numbers are
 * SI and take no unit ("topology.bottleneck.delay = 5 is read as 5 s (a scenario file's
 * numbers are in seconds); for 5 ms write 0.005"); null when the number is not noticed.
 */
export function fileNumberNotice(path: string, spec: NumberParam, value: number): string | null {
  if (!ambiguousBare(spec, value) || checkParam('', spec, value) !== null) return null;
  const u = usualUnit(spec)!;
  const words = u.si === 's' ? 'seconds' : 'bits/s';
  return `${path} = ${value} is read as ${value} ${u.si} (a scenario file's numbers are in ${words}); for ${value} ${u.unit} write ${Number(`${value}e${u.exp}`)}`;
}

/** A value as a link writes it: with its SI unit when bare it would be noticed (`5s`), else the number. */
export function unambiguousText(spec: NumberParam, value: number): string {
  if (!ambiguousBare(spec, value)) return String(value);
  return `${value}${spec.unit === 's' ? 's' : 'bps'}`;
}

/**
 * A value in its field's usual unit (usualUnit), as a link and --set take it and as the
 * editor shows it: CoDel's target 0.02 is "20ms", a 15e6 bottleneck rate "15Mb/s" (a time of
 * 1 s or more stays in seconds: "5s"). A field
 * whose usual unit is the SI one is written as a link writes it (unambiguousText). The
 * decimal exponent of the number's own text is shifted (0.02 -> "20", not 0.02 * 1000).
 */
export function usualText(spec: NumberParam, value: number): string {
  const u = usualUnit(spec);
  if (!u || !Number.isFinite(value)) return unambiguousText(spec, value);
  // a time of a second or more in seconds ("5s", not "5000ms"), with its unit: a bare 5 is noticed
  if (u.si === 's' && Math.abs(value) >= 1) return `${value}s`;
  const [mant, e] = String(value).split('e');
  return `${Number(`${mant}e${Number(e ?? 0) - u.exp}`)}${u.unit}`;
}

/** A number of a field's value as a link writes it: bare (SI) or with a unit (`5s`); undefined for other text. */
export function valueOfText(spec: NumberParam, text: string): number | undefined {
  const t = text.trim();
  return BARE.test(t) ? Number(t) : numberWithUnit(spec, t);
}

/**
 * The elements of a list of numbers as typed: `10ms,20ms`, `[10ms, 20ms]`, `[0.01,0.02]`
 * (a single `10ms` is a list of one). Each element's text, trimmed; null when the text is
 * not of that form (nested brackets, an object).
 */
export function listElements(text: string): string[] | null {
  let t = text.trim();
  if (t.startsWith('[') && t.endsWith(']')) t = t.slice(1, -1);
  if (/[[\]{}"]/.test(t)) return null;
  if (t.trim() === '') return [];
  return t.split(',').map((x) => x.trim());
}

/**
 * A list of numbers for a field each of whose elements is `spec` (the per-flow delays of a
 * `list`): each element a bare SI number or a number with a unit (`10ms`). Returns the SI
 * numbers, or the message for the first element that is not one, naming it by its index
 * (`topology.flowDelay.values.1=20Mb/s: a time; ...`); the range is checked on the
 * converted values (`topology.flowDelay.values.1 = 20000ms (20 s) is out of range`).
 */
export function listWithUnits(path: string, spec: NumberParam, text: string): { values: number[] } | { error: string } | null {
  const els = listElements(text);
  if (els === null) return null;
  const values: number[] = [];
  for (let i = 0; i < els.length; i++) {
    const el = els[i];
    const at = `${path}.${i}`;
    if (el === '') return { error: `${at}: empty element in ${JSON.stringify(text.trim())}; give numbers separated by commas, e.g. 10ms,20ms (each ${rangeText(spec)})` };
    const withUnit = numberWithUnit(spec, el);
    const v = withUnit ?? (BARE.test(el) ? Number(el) : undefined);
    const commas = /\S\s+\S/.test(el) && !splitUnit(el) ? '; separate the numbers with commas (10ms,20ms)' : '';
    if (v === undefined) return { error: unitProblem(at, spec, el) ?? `${at}: expected a number (${rangeText(spec)}), got ${JSON.stringify(el)}${commas}` };
    const shown = withUnit !== undefined ? `${el} (${v} ${unitText(spec.unit)})` : undefined;
    const err = checkParam(at, spec, v, undefined, shown);
    if (err) return { error: err };
    values.push(v);
  }
  return { values };
}

/**
 * A table of [x, probability] pairs typed with units on x (the empirical per-flow delays,
 * `[[5ms,0.5],[75ms,1]]`): the pairs in SI, or the message for the first number that does
 * not read, named by its place (`topology.flowDelay.points.1.0=75Mb/s: a time; ...`); a
 * probability takes no unit. Null when the text is not a list of [ , ] pairs.
 */
export function pointsWithUnits(path: string, x: NumberParam, text: string): { values: [number, number][] } | { error: string } | null {
  const t = text.trim();
  if (!t.startsWith('[') || !t.endsWith(']')) return null;
  const inner = t.slice(1, -1);
  const pairs = [...inner.matchAll(/\[([^[\]]*)\]/g)];
  // only commas and spaces between the pairs
  if (pairs.length === 0 || inner.replace(/\[[^[\]]*\]/g, '').replace(/[\s,]/g, '') !== '') return null;
  const values: [number, number][] = [];
  for (let i = 0; i < pairs.length; i++) {
    const els = pairs[i][1].split(',').map((e) => e.trim());
    const at = `${path}.${i}`;
    if (els.length !== 2) return { error: `${at} = [${pairs[i][1].trim()}]: expected a pair [delay, cumulative probability], e.g. [5ms, 0.5]` };
    const withUnit = numberWithUnit(x, els[0]);
    const v = withUnit ?? (BARE.test(els[0]) ? Number(els[0]) : undefined);
    if (v === undefined) return { error: unitProblem(`${at}.0`, x, els[0]) ?? `${at}.0: expected a number (${rangeText(x)}), got ${JSON.stringify(els[0])}` };
    const err = checkParam(`${at}.0`, x, v, undefined, withUnit !== undefined ? `${els[0]} (${v} ${unitText(x.unit)})` : undefined);
    if (err) return { error: err };
    if (!BARE.test(els[1])) return { error: `${at}.1=${els[1]}: a cumulative probability (0 to 1); takes no unit, give a bare number` };
    values.push([v, Number(els[1])]);
  }
  return { values };
}
