/**
 * Small helpers for writing ns-2 Tcl: numbers in a form Tcl's expr and ns-2's bw/time
 * parsers read back exactly, and the error type every exporter throws.
 */

/** A number as Tcl text: JavaScript's shortest round-trip form (1e-7, 0.002, 20971520). */
export function num(x: number): string {
  if (!Number.isFinite(x)) throw new Error(`internal: ${x} cannot be written to Tcl`);
  return String(x);
}

/** Tcl boolean as ns-2's bind_bool reads it. */
export function bool(b: boolean): string {
  return b ? 'true' : 'false';
}

/** A Tcl word in double quotes (for names in comments and strings). */
export function quote(s: string): string {
  return `"${s.replace(/[\\"$[\]]/g, (c) => '\\' + c)}"`;
}

/**
 * A scenario that has no faithful ns-2.35 script. `field` is the dotted scenario path the
 * user has to change (e.g. "topology.bottleneck.queue.kind"), as in every other message.
 */
export class Ns2ExportError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(`${field}: ${message}`);
    this.name = 'Ns2ExportError';
  }
}

/**
 * A scenario field without an exact ns-2 equivalent and what the script does instead.
 * Every note is listed in the comment block at the top of the script.
 */
export interface Ns2Note {
  field: string;
  text: string;
}
