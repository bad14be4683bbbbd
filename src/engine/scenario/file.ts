/**
 * Reading a scenario file, in the command line and in the app alike: JSON text with the
 * line and column of a syntax error, and the scenario a file carries. A file may be a
 * scenario, or a saved run that holds the scenario it ran: the command line's `--out`
 * result ({ version, scenario, summary }) and the app's "Everything (JSON)" export
 * ({ scenario, markers, series, summary }). No Node.js or DOM here.
 */
import type { NumberParam } from '../core/params';
import { own } from './paths';
import { SCENARIO_TREE, type FieldNode } from './tree';
import { fileNumberNotice } from './units';

/**
 * The largest scenario file read, in the app (File → Open) and the command line alike: a
 * scenario is a few KB, a saved run with its series can reach tens of MB.
 */
export const MAX_SCENARIO_FILE_BYTES = 64 * 1024 * 1024;

/** A file size as the messages about it give it ("1.0 GB", "80 MB", "3.5 MB"). */
export function fileSizeText(bytes: number): string {
  const mb = bytes / 1024 / 1024;
  if (mb >= 1024) return `${(mb / 1024).toFixed(1)} GB`;
  return `${mb.toFixed(mb < 10 ? 1 : 0)} MB`;
}

/** "line L, column C" of a character offset. */
export function lineColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  const column = offset - before.lastIndexOf('\n');
  return { line, column };
}

/**
 * Whether `text` is UTF-16 read as UTF-8: a NUL beside every ASCII character of its start
 * (after the byte-order mark, read as U+FFFD). A scenario saved by Notepad as "Unicode"
 * was called "not a text file (binary data)", which it is not.
 */
function utf16(text: string): boolean {
  const head = text.replace(/^\uFFFD{1,2}/, '').slice(0, 64);
  if (head.length < 8) return false;
  for (const start of [0, 1]) {
    let ok = true;
    for (let i = 0; i + 1 < head.length && ok; i += 2) ok = head[i + start] === '\u0000' && head[i + 1 - start] !== '\u0000';
    if (ok) return true;
  }
  return false;
}

/**
 * Where an "Unexpected token 'x', ..."<context>"... is not valid JSON" error is: V8 gives no
 * position there, only up to 10 characters of context each side (`.5`, `NaN` and `tru`
 * were reported with no line). The context is cut with "..." before it when the token is
 * more than 10 characters from the start (it then starts 10 before the token), and after
 * it when more than 10 from the end (it then ends 10 after the token): in a scenario file
 * of any size both, which the pattern once left out, so such a file's error had no line.
 * Null when the context cannot be found.
 */
function tokenPosition(text: string, msg: string): number | null {
  const m = /^Unexpected token '([\s\S])', (\.\.\.)?"([\s\S]*)"(\.\.\.)? is not valid JSON$/.exec(msg);
  if (!m) return null;
  const [, token, cutBefore, context, cutAfter] = m;
  let pos: number;
  if (cutBefore) {
    const at = text.indexOf(context);
    if (at < 0) return null;
    pos = at + 10;
  } else if (cutAfter) {
    // the context is the text's start
    if (!text.startsWith(context)) return null;
    pos = context.length - 10;
  } else {
    // the whole text
    pos = text.indexOf(token);
  }
  return text[pos] === token ? pos : null;
}

/** What a hand-edited file most likely got wrong at `pos`, in JSON's terms, or null. */
function handEditHint(text: string, pos: number): string | null {
  const c = text[pos];
  if (c === '/') return 'JSON has no comments: remove the // or /* */ text; a scenario\'s "description" can hold a note';
  if (c === "'") return 'JSON takes double quotes around names and text';
  if ((c === '}' || c === ']') && /,\s*$/.test(text.slice(0, pos))) return `JSON allows no comma before ${c}: remove the last comma`;
  if (c === '.') return 'a JSON number starts with a digit: 0.5, not .5';
  if (/^(NaN|-?Infinity)/.test(text.slice(pos - (text[pos - 1] === '-' ? 1 : 0)))) return 'JSON has no NaN or Infinity: give a number';
  return null;
}

/**
 * Parses JSON text; on error, a message with the line and column. A binary file (an image,
 * an archive, a result opened by mistake) is called that, without its bytes: its message
 * used to quote them ("Unexpected token '\u0089', "\u0089PNG\r\n..."), garbling the terminal.
 */
export function parseJsonText(text: string, source: string): { ok: true; json: unknown } | { ok: false; error: string } {
  try {
    return { ok: true, json: JSON.parse(text) as unknown };
  } catch (e) {
    // a NUL, or bytes that are not UTF-8 (read as U+FFFD), near the start: not text at all
    if (utf16(text)) return { ok: false, error: `${source}: not valid JSON: it is UTF-16 text (as Windows Notepad's "Unicode" saves it), read as UTF-8; save it as UTF-8, the encoding of a scenario file` };
    const binary = /[\u0000\uFFFD]/.exec(text.slice(0, 1024));
    if (binary) return { ok: false, error: `${source}: not valid JSON: it is not a text file (binary data at character ${binary.index + 1}); a scenario is JSON text, as File → Save scenario writes it` };
    // an empty file (a shell redirect that failed: `aqm-lab --preset x --dry-run > my.json`
    // with a bad --set leaves one) was "not valid JSON at line 1, column 1 (the end): Unexpected end of JSON input"
    if (text.trim() === '') return { ok: false, error: `${source}: not valid JSON: it is empty${text.length ? ' (only white space)' : ''}; a scenario is one JSON object, { "version": 1, ... }` };
    const msg = (e as Error).message;
    const m = /position (\d+)/.exec(msg);
    const pos = m ? Number(m[1]) : tokenPosition(text, msg);
    let where = '';
    // the text stops (or only white space follows) where the JSON still needs more: V8 says
    // "Unexpected end of JSON input" or, after a value, "Expected ',' or '}' after property value"
    const atEnd = pos === null ? /end of JSON input/i.test(msg) : text.slice(pos).trim() === '';
    if (pos !== null || atEnd) {
      const { line, column } = lineColumn(text, pos ?? text.length);
      where = ` at line ${line}, column ${column}${atEnd ? ' (the end)' : ''}`;
    }
    // V8 quotes the text around the error as it is: its line breaks, written as \n and \r,
    // keep the message on one line (it used to break across three in the terminal)
    const detail = msg.replace(/\s*\(line \d+ column \d+\)/, '').replace(/\r/g, '\\r').replace(/\n/g, '\\n');
    const hint = atEnd ? 'the text ends before every { and [ is closed' : pos === null ? null : handEditHint(text, pos);
    return { ok: false, error: `${source}: not valid JSON${where}: ${detail}${hint ? ` (${hint})` : ''}` };
  }
}

/**
 * The scenario in a file's JSON: the JSON itself, or the `scenario` of a saved run (see
 * above); `prefix` is what an error's field path needs in front to name the field in the
 * file ("scenario." for a saved run).
 */
export function scenarioInFile(json: unknown): { json: unknown; prefix: string } {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return { json, prefix: '' };
  const o = json as Record<string, unknown>;
  const inner = o.scenario;
  const savedRun = ('summary' in o || 'series' in o) && !('topology' in o) && !('traffic' in o);
  if (!savedRun) return { json, prefix: '' };
  // a saved run whose scenario is missing or not an object: that is the error to name
  // (validating the run itself would list "summary: unknown field" and fields it never had)
  return typeof inner === 'object' && inner !== null && !Array.isArray(inner) ? { json: inner, prefix: 'scenario.' } : { json: inner, prefix: '' };
}

/** The most unit notices a file gets, one line each; a list of 1,000 per-flow delays of 5 gave 1,000 lines. */
export const MAX_FILE_NOTICES = 10;

/**
 * The numbers of a scenario file, valid and so run, that are likely meant in their field's
 * usual unit (units.ts, ambiguousBare): a file's numbers are SI, so `"delay": 5` is 5 s. A
 * link's `delay=5` got a notice; the same number in a file opened without a word, in the app
 * and in the command line, and a teacher who meant 5 ms ran a 10 s round trip. `scenario` is
 * the file's scenario (validated: its kinds are known); `prefix` goes in front of each path
 * ("scenario." for a saved run, as its errors name fields); `keep` picks the paths to say
 * (the command line leaves out those its --set replaced). At most MAX_FILE_NOTICES lines,
 * then how many more. Defaults are never noticed (a value is noticed only at 10 times its
 * field's default or more, or under 1000 b/s for a rate of 1 Mb/s or more by default).
 */
export function fileNotices(scenario: unknown, prefix = '', keep: (path: string) => boolean = () => true): string[] {
  const out: string[] = [];
  const notice = (path: string, spec: NumberParam, v: unknown) => {
    const n = typeof v === 'number' && keep(path) ? fileNumberNotice(path, spec, v) : null;
    if (n) out.push(n);
  };
  const walk = (node: FieldNode | undefined, v: unknown, path: string): void => {
    if (node === undefined || v === undefined || v === null) return;
    const at = (k: string | number) => (path ? `${path}.${k}` : String(k));
    if (node.t === 'param' && node.spec.type === 'number') notice(path, node.spec, v);
    else if (node.t === 'numbers' && Array.isArray(v)) v.forEach((x, i) => notice(at(i), node.spec, x));
    else if ((node.t === 'object' || node.t === 'union') && typeof v === 'object' && !Array.isArray(v)) {
      const o = v as Record<string, unknown>;
      const fields = node.t === 'object' ? node.fields : own(node.variants, String(o.kind));
      for (const [k, f] of Object.entries(fields ?? {})) walk(f, o[k], at(k));
    } else if (node.t === 'array' && Array.isArray(v)) {
      v.forEach((x, i) => walk(node.item, x, at(i)));
    }
  };
  walk(SCENARIO_TREE, scenario, '');
  const lines = out.map((n) => `${prefix}${n}`);
  return lines.length > MAX_FILE_NOTICES ? [...lines.slice(0, MAX_FILE_NOTICES), `and ${lines.length - MAX_FILE_NOTICES} more numbers like these`] : lines;
}
