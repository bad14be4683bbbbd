/**
 * The command lines README.md and docs/*.md show (`npm run sim -- ...`, `aqm-lab ...`,
 * `npm run sweep -- ...`, in `sh` blocks and in code spans) are what a reader copies first.
 * Each one must still parse: its options exist, its presets and sweep patterns name
 * presets, and its `--set` assignments load on that preset (the same checks the CLI makes
 * before running; nothing is run). Lines with placeholders (`<name>`, `X`, `N`, `...`) are
 * usage patterns, not commands, and are left out.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadScenario } from '../../../src/cli/load';
import { parseCliArgs } from '../../../src/cli/main';
import { matchPresets, parseSeeds } from '../../../src/cli/sweep';

const ROOT = join(__dirname, '../../..');
const DOCS = ['README.md', ...readdirSync(join(ROOT, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)];

const SIM = /^(?:\$ )?(?:npm run (?:-s )?sim --|(?:src\/cli\/)?aqm-lab)(?= |$)/;
const SWEEP = /^(?:\$ )?(?:npm run (?:-s )?sweep --|(?:src\/cli\/)?aqm-lab sweep|npx tsx src\/cli\/sweep\.ts)(?= |$)/;

/** Command lines of a Markdown text: lines of sh blocks, and code spans (which may wrap) outside them. */
function commandLines(text: string): string[] {
  const out: string[] = [];
  let fenced = false;
  let sh = false;
  let para: string[] = [];
  const vars = new Map<string, string>();
  const flush = () => {
    for (const m of para.join(' ').matchAll(/`([^`]+)`/g)) out.push(m[1].trim());
    para = [];
  };
  for (const line of text.split('\n')) {
    if (line.startsWith('```')) {
      flush();
      fenced = !fenced;
      vars.clear();
      sh = fenced && /^```(sh|bash|shell)?\s*$/.test(line);
      continue;
    }
    if (fenced) {
      if (!sh) continue;
      // a variable the block sets (S='--set a=1 --set b=2') and later lines use ($S, unquoted:
      // the shell splits it into words), as docs/ns2.md gives the ns-2 TCP settings once
      const assign = /^([A-Za-z_]\w*)=(?:'([^']*)'|"([^"]*)"|(\S*))$/.exec(line.trim());
      if (assign) vars.set(assign[1], assign[2] ?? assign[3] ?? assign[4] ?? '');
      else out.push(line.trim().replace(/\$\{?([A-Za-z_]\w*)\}?/g, (m, name: string) => vars.get(name) ?? m));
    } else if (line.trim() === '') flush();
    else para.push(line.trim());
  }
  flush();
  return out.filter((c) => SIM.test(c) || SWEEP.test(c));
}

/** Shell words of a command line: quotes removed, a `# comment`, a `> file` redirection and what follows `&&`, `||`, `|` or `;` dropped. */
function shellWords(line: string): string[] {
  const words: string[] = [];
  let cur: string | null = null;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (c === "'" || c === '"') {
      const end = line.indexOf(c, i + 1);
      cur = (cur ?? '') + line.slice(i + 1, end < 0 ? undefined : end);
      i = end < 0 ? line.length : end;
    } else if (c === ' ') {
      if (cur !== null) words.push(cur);
      cur = null;
    } else if (c === '#' && cur === null) break;
    else cur = (cur ?? '') + c;
  }
  if (cur !== null) words.push(cur);
  const end = words.findIndex((w) => w === '>' || w === '&&' || w === '||' || w === '|' || w === ';');
  return end < 0 ? words : words.slice(0, end);
}

const isPattern = (line: string) => /<|\.\.\.|\[|=N\b|\bX\b|\bP\b/.test(line);

/** The arguments after the command itself. */
function argsOf(line: string, command: RegExp): string[] {
  return shellWords(line.replace(command, '')).filter((w) => w !== '--');
}

/** Why a sim command line would not run as written, or null. */
function simProblem(line: string): string | null {
  const args = argsOf(line, SIM);
  if (['sweep', 'bench', 'validate'].includes(args[0])) return null; // other commands
  const parsed = parseCliArgs(args);
  if (!parsed.ok) return parsed.errors.join('; ');
  const { preset, sets } = parsed.opts;
  if (preset === undefined) return null; // a file the reader makes (my.json, result.json ...)
  const loaded = loadScenario({ preset, sets: sets ?? [] });
  return loaded.ok ? null : loaded.errors.join('; ');
}

const SWEEP_VALUES = new Set(['--set', '--seeds', '--against', '--jobs']);
const SWEEP_FLAGS = new Set(['--json']);

/** Why a sweep command line would not run as written, or null. */
function sweepProblem(line: string): string | null {
  const args = argsOf(line, SWEEP);
  const patterns: string[] = [];
  const sets: string[] = [];
  let against: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (SWEEP_FLAGS.has(a)) continue;
    // lists the presets and runs nothing
    if (a === '--list-presets') return null;
    if (SWEEP_VALUES.has(a)) {
      const v = args[++i];
      if (v === undefined) return `${a} without a value`;
      if (a === '--set') sets.push(v);
      if (a === '--against') against = v;
      if (a === '--seeds' && 'error' in parseSeeds(v)) return `--seeds ${v}`;
      continue;
    }
    if (a.startsWith('-')) return `unknown option ${a}`;
    patterns.push(a);
  }
  if (patterns.length === 0) return 'no preset';
  const { names, errors } = matchPresets(patterns);
  if (errors.length) return errors.join('; ');
  if (against !== undefined && !names.includes(against)) return `--against ${against} is not among the presets swept`;
  const loaded = loadScenario({ preset: names[0], sets });
  return loaded.ok ? null : loaded.errors.join('; ');
}

describe('command lines in README.md and docs/*.md', () => {
  const all = DOCS.flatMap((doc) => commandLines(readFileSync(join(ROOT, doc), 'utf8')).map((line) => ({ doc, line })));

  it('finds the commands (the extraction itself)', () => {
    expect(all.length).toBeGreaterThan(50);
    const lines = all.map((c) => c.line);
    expect(lines).toContain("npm run sweep -- 'feng-fig20*' feng-fig12 feng-fig17-normal feng-fig17-bandwidth"); // a span wrapped over two lines
    expect(shellWords(`npm run sweep -- 'web-users-*-98' --seeds 1-5 --against web-users-dt-98   # ... and each one's difference`)).toEqual([
      'npm', 'run', 'sweep', '--', 'web-users-*-98', '--seeds', '1-5', '--against', 'web-users-dt-98',
    ]);
  });

  it('reports what is wrong with a bad line (the check itself)', () => {
    expect(simProblem('npm run sim -- --preset lockout')).toMatch(/no such preset/);
    expect(simProblem('npm run sim -- --preset default --set topology.bottleneck.queue.maxp=0.1')).toMatch(/unknown field/);
    expect(simProblem('npm run sim -- --preset default --frobnicate')).toMatch(/frobnicate/);
    expect(sweepProblem("npm run sweep -- 'nothing-*'")).toMatch(/matches no preset/);
    expect(sweepProblem("npm run sweep -- 'ecn-finite-n2-*-ql64' --against lockout-dt")).toMatch(/--against/);
    expect(sweepProblem('npm run sweep -- lockout-dt --seed 3')).toMatch(/unknown option/);
  });

  it('every sim and sweep command runs as written (options, presets, patterns, --set)', () => {
    const checked = all.filter(({ line }) => !isPattern(line));
    expect(checked.length).toBeGreaterThan(60);
    const problems = checked
      .map(({ doc, line }) => ({ doc, line, problem: SWEEP.test(line) ? sweepProblem(line) : simProblem(line) }))
      .filter((c) => c.problem !== null)
      .map((c) => `${c.doc}: ${c.line}\n  ${c.problem}`);
    expect(problems).toEqual([]);
  });
});
