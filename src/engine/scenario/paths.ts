/**
 * Dotted paths into plain JSON values: "topology.bottleneck.queue.maxP", "traffic.0.flows".
 * A segment made of digits indexes an array. The same paths are the CLI's --set keys, the
 * URL codec's keys and the fields named in validation messages.
 */

export function splitPath(path: string): string[] {
  return path === '' ? [] : path.split('.');
}

export function joinPath(segments: readonly (string | number | symbol)[]): string {
  return segments.map((s) => String(s)).join('.');
}

const INDEX = /^(0|[1-9][0-9]*)$/;

export function isIndex(segment: string): boolean {
  return INDEX.test(segment);
}

/**
 * A dotted path as a message shows it: as typed, or quoted when it would be invisible or
 * ambiguous unquoted (empty, with spaces or punctuation, with an empty part such as
 * "topology.left.").
 */
export function pathText(path: string): string {
  return /^[\w$-]+(\.[\w$-]+)*$/.test(path) ? path : JSON.stringify(path);
}

/**
 * `obj[key]` when `key` is the object's own property, else undefined. Lookups keyed by
 * user text (a queue's kind, a field name from a link) must use this: a plain `obj[key]`
 * or `key in obj` finds Object.prototype's "constructor", "toString", "__proto__"...
 */
export function own<T>(obj: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.prototype.hasOwnProperty.call(obj, key) ? obj[key] : undefined;
}

function isContainer(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null;
}

/** The value at `path`, or undefined if any step is missing. */
export function getPath(obj: unknown, path: string | readonly (string | number)[]): unknown {
  const segs = typeof path === 'string' ? splitPath(path) : path.map(String);
  let cur: unknown = obj;
  for (const s of segs) {
    if (!isContainer(cur)) return undefined;
    if (Array.isArray(cur)) {
      if (!isIndex(s)) return undefined;
      cur = cur[Number(s)];
    } else {
      if (!Object.prototype.hasOwnProperty.call(cur, s)) return undefined;
      cur = cur[s];
    }
  }
  return cur;
}

/**
 * Sets the value at `path`, creating missing objects on the way (never arrays). `undefined`
 * deletes the key. Throws if a step goes through a non-object or past the end of an array.
 */
export function setPath(obj: unknown, path: string | readonly string[], value: unknown): void {
  const segs = typeof path === 'string' ? splitPath(path) : [...path];
  if (segs.length === 0) throw new Error('setPath: empty path');
  let cur: unknown = obj;
  for (let i = 0; i < segs.length; i++) {
    const s = segs[i];
    const last = i === segs.length - 1;
    if (!isContainer(cur)) throw new Error(`setPath: ${joinPath(segs.slice(0, i))} is not an object`);
    if (Array.isArray(cur)) {
      if (!isIndex(s) || Number(s) >= cur.length) throw new Error(`setPath: ${joinPath(segs.slice(0, i + 1))} is not an element of the array`);
      if (last) {
        if (value === undefined) throw new Error('setPath: cannot delete an array element');
        cur[Number(s)] = value;
      } else cur = cur[Number(s)];
    } else if (s === '__proto__') {
      // assigning to it would replace the object's prototype, and walking through it would
      // change Object.prototype for the whole program
      throw new Error(`setPath: ${joinPath(segs.slice(0, i + 1))}: "__proto__" is not a field name`);
    } else if (last) {
      if (value === undefined) delete cur[s];
      else cur[s] = value;
    } else {
      // an inherited member ("constructor", "toString") is not a field: replace it by an own object
      if (!Object.prototype.hasOwnProperty.call(cur, s) || !isContainer(cur[s])) cur[s] = {};
      cur = cur[s];
    }
  }
}

/** A deep copy of plain JSON data. */
export function cloneJson<T>(v: T): T {
  return v === undefined ? v : (JSON.parse(JSON.stringify(v)) as T);
}

/** Deep equality of plain JSON data (key order ignored; undefined-valued keys count as absent). */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== typeof b || a === null || b === null || typeof a !== 'object') return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const bb = b as unknown[];
    return a.length === bb.length && a.every((x, i) => jsonEqual(x, bb[i]));
  }
  const ao = a as Record<string, unknown>;
  const bo = b as Record<string, unknown>;
  const ka = Object.keys(ao).filter((k) => ao[k] !== undefined);
  const kb = Object.keys(bo).filter((k) => bo[k] !== undefined);
  return ka.length === kb.length && ka.every((k) => Object.prototype.hasOwnProperty.call(bo, k) && jsonEqual(ao[k], bo[k]));
}
