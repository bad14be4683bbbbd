/**
 * V8 keeps each number field of an object in one of a few representations: small integer,
 * raw double, or tagged pointer. A field first set to a small integer (`busyUntil = 0`,
 * `cwnd = 1`) and later to a double (any time past 2^31 ns = 2.1 s, any fractional window)
 * changes representation mid-run, and every optimized function that read it is thrown away
 * ("wrong map" deoptimizations: 26 per run of ecn-finite-n10-dt-ql64, each followed by a
 * recompilation, a good part of a short run's cold-start cost). Calling this at the end of
 * a constructor gives the named fields the double representation from the start; their
 * values are unchanged.
 */
const done = new WeakMap<object, (readonly string[])[]>();

export function asDoubles(o: object, fields: readonly string[]): void {
  // once per class and list (a base class's constructor and its subclass's may each call
  // it): V8 then builds every later instance with the double fields
  let lists = done.get(o.constructor);
  if (lists === undefined) done.set(o.constructor, (lists = []));
  for (const l of lists) if (l === fields || sameFields(l, fields)) return; // (callers may pass a new array literal each time)
  lists.push(fields);
  const r = o as Record<string, number>;
  for (const f of fields) {
    const v = r[f];
    r[f] = 0.5;
    r[f] = v;
  }
}

function sameFields(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
