import { existsSync } from 'node:fs';
import { dirname } from 'node:path';
import { nearNames } from '../engine/scenario/near';

/** Command-line helpers shared by `aqm-lab` (main.ts), its sweep (sweep.ts) and validate (validate.ts). */

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

/** Why a file could not be opened for writing, in words (as load.ts says why one could not be read). */
export function writeWhy(e: unknown, path: string): string {
  const code = (e as NodeJS.ErrnoException).code;
  // ENOENT in a directory that exists: a file system where files cannot be made (/proc)
  if (code === 'ENOENT') return existsSync(dirname(path)) ? `no file can be created in ${dirname(path)}` : `no such directory: ${dirname(path)}`;
  if (code === 'ENOTDIR') return 'a part of the path is not a directory';
  if (code === 'EISDIR') return 'is a directory';
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied';
  if (code === 'EROFS') return 'read-only file system';
  return code ?? (e as Error).message;
}

/**
 * parseArgs' error for an option given without its value ("Option '--seeds' argument is
 * ambiguous..", "argument missing") as "--seeds: needs a value: <what it takes>", from the
 * command's table of what each option takes; null for any other error.
 */
export function missingValueMessage(e: { message: string; code?: string }, takes: Readonly<Record<string, string>>): string | null {
  const opt = /'(--?[\w-]+)/.exec(e.message.split('\n')[0])?.[1];
  return e.code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE' && opt && takes[opt] ? `${opt}: needs a value: ${takes[opt]}` : null;
}

/**
 * What to add to parseArgs' "Unknown option '--x'": a scenario field typed as an option
 * (`--seed 3`, `--duration 60`) is set with --set; a mistyped option gets the options close
 * to it (`--output`: --out; `-q`: --quiet). `options` are the long names without dashes;
 * "" when nothing is near.
 */
export function unknownOptionHint(message: string, options: readonly string[], fields: readonly string[] = []): string {
  const typed = /'(--?[^'=]+)/.exec(message)?.[1];
  if (!typed) return '';
  const name = typed.replace(/^--?/, '');
  if (fields.includes(name)) return `: ${name} is a scenario field, set it with --set ${name}=<value>`;
  // one letter after one dash: the options it starts (-q: --quiet), when they are few
  const near = /^-[a-zA-Z]$/.test(typed) ? options.filter((o) => o.startsWith(name.toLowerCase())) : nearNames(name, options);
  if (near.length === 0 || near.length > 3) return '';
  return `; did you mean ${near.map((o) => `--${o}`).join(' or ')}?`;
}

/**
 * An option of one value given twice with two different values (parseArgs keeps the last
 * without a word: `--preset default ... --preset ecn-finite` ran ecn-finite, `--out a.json
 * --out b.json` wrote b.json alone, `--seeds 1-5 --seeds 7` ran seed 7): one message per
 * such option. `tokens` are parseArgs' (`tokens: true`); `repeatable` the options that may repeat.
 */
export function repeatedOptions(tokens: readonly { kind: string; name?: string; value?: string | undefined }[], repeatable: readonly string[]): string[] {
  const given = new Map<string, string[]>();
  for (const t of tokens) if (t.kind === 'option' && t.name !== undefined && !repeatable.includes(t.name) && typeof t.value === 'string') given.set(t.name, [...(given.get(t.name) ?? []), t.value]);
  return [...given].filter(([, vs]) => new Set(vs).size > 1).map(([name, vs]) => `--${name} given ${vs.length} times (${vs.map((v) => JSON.stringify(v)).join(', ')}): give it once${repeatable.length ? ` (only ${repeatable.map((r) => `--${r}`).join(', ')} repeats)` : ''}`);
}
