/** Command-line argument helpers shared by `aqm-lab` (main.ts) and its sweep (sweep.ts). */

/**
 * Joins "--sample -1" into "--sample=-1": node's parseArgs takes a value that starts with
 * "-" for another option and gives up ("ambiguous"); a number is always the option's
 * value, so its range can be checked and named.
 */
export function joinNegativeValues(argv: readonly string[], valueOptions: ReadonlySet<string>): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const next = argv[i + 1];
    if (valueOptions.has(a) && next !== undefined && /^-(\d|\.\d|Infinity|inf)/i.test(next)) {
      out.push(`${a}=${next}`);
      i++;
    } else out.push(a);
  }
  return out;
}
