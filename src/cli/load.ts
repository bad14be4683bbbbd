import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { basename, isAbsolute } from 'node:path';
import { fileNotices, fileSizeText, lineColumn, MAX_SCENARIO_FILE_BYTES, parseJsonText, scenarioInFile } from '../engine/scenario/file';
import { cloneJson } from '../engine/scenario/paths';
import { nearPresets, presetByName, PRESETS } from '../engine/scenario/presets';
import { companionFix, parseScenario, type Scenario } from '../engine/scenario/schema';
import { hasWebTraffic } from '../engine/traffic/registry';
import { applySetTexts, nodeAt, parseValueText, splitAssignment } from '../engine/scenario/set';

/** Reading a scenario for the CLI: a file or a preset, then the --set overrides. */

export type Loaded = { ok: true; scenario: Scenario; notes?: string[] } | { ok: false; errors: string[] };

/** A web item's size field that its `load` overrides (the docs: "Ignored when load is given"). */
const SIZED_BY_LOAD: Readonly<Record<string, string>> = { packmime: 'rate', 'web-users': 'users', 'web-sessions': 'sessions' };

/**
 * Notes on --set values that the run will not use: a web item's rate, users or sessions
 * while its `load` is set (the load is calibrated into that field). Valid input, so not an
 * error, but a researcher changing the rate should know the run ignores it.
 */
export function ignoredSets(scenario: Scenario, sets: readonly string[]): string[] {
  const notes: string[] = [];
  for (const text of sets) {
    const m = /^\s*traffic\.(\d+)\.(\w+)\s*=/.exec(text);
    if (!m) continue;
    const item = scenario.traffic[Number(m[1])] as { kind: string; load?: number } | undefined;
    if (!item || item.load === undefined || SIZED_BY_LOAD[item.kind] !== m[2]) continue;
    notes.push(`--set traffic.${m[1]}.${m[2]}: not used while traffic.${m[1]}.load = ${item.load} sets it (it is calibrated for that load); add --set traffic.${m[1]}.load=null to run with your ${m[2]}`);
  }
  return notes;
}

/**
 * Notes on fields the run has nothing to apply to: stopAfterExchanges without web traffic
 * (no exchange is ever counted). The run went to its duration while the header read "until
 * 10 exchanges or 30 s", and nothing said the field was not used.
 */
export function unusedFieldNotes(scenario: Scenario): string[] {
  if (scenario.stopAfterExchanges === undefined || hasWebTraffic(scenario)) return [];
  const end = scenario.duration !== undefined ? `at duration = ${scenario.duration} s` : 'when the flows finish';
  return [`stopAfterExchanges = ${scenario.stopAfterExchanges}: not used: this scenario has no web traffic (a packmime, web-users or web-sessions item), so no exchange is counted and the run ends ${end}; remove it (--set stopAfterExchanges=null) or add a web item`];
}

export { lineColumn, parseJsonText };

/**
 * Why a scenario file named on the command line is not there: where a relative name was
 * looked for (through npm the directory the command was typed in, not the package's), and
 * when the name is a preset's, with or without .json, the --preset that runs it
 * (`npm run sim -- lockout-dt` said only "no such file").
 */
function missingFileText(path: string): string {
  const where = isAbsolute(path) ? '' : ` in ${process.cwd()}`;
  const name = basename(path).replace(/\.json$/i, '');
  const preset = path === name || path === `${name}.json` ? presetByName(name) : undefined;
  return `no such file${where}${preset ? `; ${name} is a preset: --preset ${name}` : ''}`;
}

/**
 * The scenario file's text, read up to MAX_SCENARIO_FILE_BYTES (the app's cap): a larger
 * file is refused with its size and the cap, without reading it. It was read whole first:
 * a 1 GB file took 4 s and 1.1 GB of memory to say "Cannot create a string longer than
 * 0x1fffffe8 characters", and /dev/zero (or a FIFO that never ends) grew until the
 * machine ran out of memory.
 */
function readCapped(path: string): { ok: true; text: string } | { ok: false; why: string } {
  const why = (e: unknown): string => {
    const code = (e as NodeJS.ErrnoException).code;
    return code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'is a directory' : code === 'EACCES' ? 'permission denied' : (e as Error).message;
  };
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch (e) {
    return { ok: false, why: why(e) };
  }
  const cap = `a scenario file is a few KB, a saved run (--out) at most ${fileSizeText(MAX_SCENARIO_FILE_BYTES)}`;
  try {
    const st = fstatSync(fd);
    if (st.isDirectory()) return { ok: false, why: 'is a directory' };
    if (st.isFile() && st.size > MAX_SCENARIO_FILE_BYTES) return { ok: false, why: `it is ${fileSizeText(st.size)}; ${cap}` };
    // a device or a pipe has no size: read until its end or the cap
    const chunks: Buffer[] = [];
    let total = 0;
    for (;;) {
      const buf = Buffer.allocUnsafe(1024 * 1024);
      const n = readSync(fd, buf, 0, buf.length, null);
      if (n === 0) break;
      total += n;
      if (total > MAX_SCENARIO_FILE_BYTES) return { ok: false, why: `it holds more than ${fileSizeText(MAX_SCENARIO_FILE_BYTES)}; ${cap}` };
      chunks.push(buf.subarray(0, n));
    }
    return { ok: true, text: Buffer.concat(chunks, total).toString('utf8') };
  } catch (e) {
    return { ok: false, why: why(e) };
  } finally {
    closeSync(fd);
  }
}

export function readScenarioFile(path: string): { ok: true; json: unknown } | { ok: false; error: string } {
  const r = readCapped(path);
  if (!r.ok) return { ok: false, error: `${path}: cannot read the scenario file (${r.why === 'no such file' ? missingFileText(path) : r.why})` };
  return parseJsonText(r.text.replace(/^\uFEFF/, ''), path);
}

/**
 * For each --set refused only because of another field with one known fix (schema.ts
 * companionFix, as the app's editor button and link banner use): the --set to add, e.g.
 * "--set tcp.cc=cubic needs --set tcp.windowCut=rfc5681 too (RFC 5681)". A companion the
 * command already sets is not repeated; nothing is changed for the user.
 */
function companionHints(base: Scenario, sets: readonly string[]): string[] {
  const given = new Set(sets.map((a) => splitAssignment(a)).flatMap((sp) => ('error' in sp ? [] : [sp.path])));
  const out: string[] = [];
  for (const a of sets) {
    const sp = splitAssignment(a);
    if ('error' in sp) continue;
    const fix = companionFix(base, sp.path, parseValueText(sp.text, nodeAt(base, sp.path)));
    const missing = (fix?.companions ?? []).filter((c) => !given.has(c.path));
    if (missing.length) out.push(`--set ${sp.path}=${sp.text} needs ${missing.map((c) => `--set ${c.path}=${String(c.value)}${c.ref ? ` (${c.ref})` : ''}`).join(' and ')} too`);
  }
  return out;
}

/** --list-presets (npm run sim and npm run sweep): each preset's name and title, a line each. */
export function presetListText(): string {
  const w = Math.max(...PRESETS.map((p) => p.name.length));
  return PRESETS.map((p) => `${p.name.padEnd(w)}  ${p.title}`).join('\n') + '\n';
}

/** The scenario from a file or a preset, with the --set assignments applied, validated. */
export function loadScenario(opts: { file?: string; preset?: string; sets: readonly string[] }): Loaded {
  let json: unknown;
  let source: string;
  if (opts.preset !== undefined) {
    // `--preset ""` (an empty shell variable): say the name is empty, not "--preset : no such preset"
    if (opts.preset.trim() === '') return { ok: false, errors: ['--preset: the name is empty: give a preset name (--list-presets lists them)'] };
    const p = presetByName(opts.preset);
    if (!p) {
      const near = nearPresets(opts.preset, 5).map((x) => x.name);
      return { ok: false, errors: [`--preset ${opts.preset}: no such preset${near.length ? `; did you mean ${near.join(', ')}?` : ''} (--list-presets lists them)`] };
    }
    json = cloneJson(p.scenario);
    source = `preset ${p.name}`;
  } else if (opts.file !== undefined) {
    const r = readScenarioFile(opts.file);
    if (!r.ok) return { ok: false, errors: [r.error] };
    const inner = scenarioInFile(r.json);
    json = inner.json;
    // a saved run's scenario: errors name its fields as the file has them (scenario.topology...)
    source = `${opts.file}: ${inner.prefix}`;
  } else {
    return { ok: false, errors: ['no scenario: give a scenario file or --preset <name> (see --help)'] };
  }
  const first = parseScenario(json);
  if (!first.ok) return { ok: false, errors: first.errors.map((e) => (opts.file !== undefined ? `${source}${e}` : e)) };
  // a file's number likely meant in ms (a delay of 5 is 5 s), as --set's: said on stderr, the run goes ahead
  const setPaths = opts.sets.map((a) => splitAssignment(a)).flatMap((sp) => ('error' in sp ? [] : [sp.path]));
  const fromFile = (s: Scenario) => (opts.file === undefined ? [] : fileNotices(s, '', (path) => !setPaths.some((p) => path === p || path.startsWith(`${p}.`))).map((n) => `${source}${n}`));
  if (opts.sets.length === 0) {
    const notes = [...fromFile(first.scenario), ...unusedFieldNotes(first.scenario)];
    return notes.length ? { ...first, notes } : first;
  }
  const obj = first.scenario as unknown as Record<string, unknown>;
  const unitNotes: string[] = [];
  const setErrors = applySetTexts(obj, opts.sets, unitNotes).map((e) => `--set ${e}`);
  if (setErrors.length) return { ok: false, errors: setErrors };
  const final = parseScenario(obj);
  if (!final.ok) return { ok: false, errors: [...final.errors.map((e) => `after --set: ${e}`), ...companionHints(cloneJson(first.scenario), opts.sets)] };
  // a bare number likely meant in ms (delay=5 is 5 s): said on stderr, the run goes ahead
  const notes = [...fromFile(final.scenario), ...unitNotes.map((n) => `--set ${n}`), ...ignoredSets(final.scenario, opts.sets), ...unusedFieldNotes(final.scenario)];
  return notes.length ? { ...final, notes } : final;
}
