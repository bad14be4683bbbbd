import { closeSync, openSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { runScenario } from '../engine/run';
import { calibrateLoads } from '../engine/traffic/calibrate';
import { exportNs2 } from '../ns2/export';
import type { Ns2Result } from '../ns2/result';
import { caseScenario, judge, selectCases, SUITES, type MetricResult, type SummaryLike, type ValidationCase } from '../ns2/suite';
import type { CliIo } from './main';
import { joinNegativeValues, missingValueMessage, repeatedOptions, unknownOptionHint, writeWhy } from './option-values';
import { findNs2, NS2_INSTALL_HINT, runNs2 } from './ns2-run';

/**
 * `npm run validate -- [suite or case ...] [--quiet] [--json file] [--markdown file]`:
 * runs each case in the engine and in ns-2.35 and prints, per metric, both values, the
 * difference, the tolerance and a verdict. Exit 0 when every judged metric passes, 1 if
 * one fails, 2 on bad arguments or when ns-2 is not installed.
 */

export const VALIDATE_USAGE = `Usage: npm run validate -- [suite | case-glob ...] [options]

Runs scenarios in AQM Lab and in ns-2.35 and compares them metric by metric.
Suites: ${SUITES.join(', ')} (default: all but bench). A case glob selects cases by
name, e.g. 'seeds001 n2 *' or '*QL64'.

Options:
  --quiet            print only failing metrics and the totals
  --json <file>      write every result (both summaries, verdicts) as JSON
  --markdown <file>  write the agreement tables as Markdown (- for stdout, the report
                     then goes to stderr; docs/ns2.md shows them)
  --list             list the cases and exit
  --diverge          instead of comparing metrics, find the first arrival at the
                     bottleneck where the two simulators part (flow, packet, drop), and
                     show its neighbourhood in both (docs/ns2.md)
  --until <s>        with --diverge: look only until this time (default: the whole run)
  -h, --help         this text`;

export interface CaseOutcome {
  case: ValidationCase;
  /** Judged on the runs' means when the case has several seeds. */
  results: MetricResult[];
  /** The first run (seed 1 of a multi-seed case, else the preset's seed). */
  engine: SummaryLike;
  ns2: Ns2Result;
  /** Every run, in seed order (one for a single-seed case). */
  runs: { seed: number; engine: SummaryLike; ns2: Ns2Result }[];
  /** Wall time of the engine's runs (one after another) and of ns-2's (in parallel with them). */
  engineSeconds: number;
  ns2Seconds: number;
}

/**
 * Runs one case in both simulators: ns-2 in child processes (all seeds at once) while the
 * engine runs the seeds here one after another.
 */
export async function runCase(bin: string, c: ValidationCase): Promise<CaseOutcome> {
  const first = caseScenario(c);
  const seeds = c.seeds === undefined ? [first.seed] : Array.from({ length: c.seeds }, (_, i) => i + 1);
  const scenarios = seeds.map((seed) => ({ ...first, seed }));
  const t0 = performance.now();
  let ns2Done = 0;
  const ns2ps = scenarios.map((scenario) => {
    // a web item's offered load: the rate the engine calibrates (cached), exported to ns-2 as a rate
    const calibrations = scenario.traffic.some((t) => (t as { load?: number }).load !== undefined) ? [...calibrateLoads(scenario, (s) => runScenario(s)).values()] : undefined;
    const { script } = exportNs2(scenario, { calibrations });
    return runNs2(bin, script).then((r) => {
      ns2Done = Math.max(ns2Done, performance.now());
      return r;
    });
  });
  const e0 = performance.now();
  const engines = scenarios.map((s) => runScenario(s).summary as unknown as SummaryLike);
  const engineSeconds = (performance.now() - e0) / 1000;
  const ns2s = await Promise.all(ns2ps);
  const runs = seeds.map((seed, i) => ({ seed, engine: engines[i], ns2: ns2s[i] }));
  return { case: c, results: judge(c, engines, ns2s), engine: engines[0], ns2: ns2s[0], runs, engineSeconds, ns2Seconds: (ns2Done - t0) / 1000 };
}

function fmt(x: number | null, digits: number): string {
  if (x === null) return '-';
  return digits === 0 ? String(Math.round(x)) : x.toFixed(digits);
}

/** A value of a result: a mean over seeds shows its spread, "192.6 ± 6.1" (counts get one decimal). */
function val(r: MetricResult, which: 'engine' | 'ns2'): string {
  const x = r[which];
  if (r.seeds === undefined || x === null) return fmt(x, r.digits);
  const d = Math.max(r.digits, 1);
  const sd = which === 'engine' ? r.engineSd : r.ns2Sd;
  return `${fmt(x, d)} ± ${fmt(sd ?? null, d)}`;
}

function pct(x: number | null): string {
  return x === null ? '-' : `${x >= 0 ? '+' : ''}${(x * 100).toFixed(2)} %`;
}

/**
 * The report's column heads, printed once above the first case: the rows gave two numbers,
 * a percentage and a tolerance with nothing saying which simulator each number was or what
 * the percentage was taken of. Aligned with formatCase's rows of a one-seed case.
 */
export function reportHeader(): string {
  return [
    'Each metric: AQM Lab\'s value, ns-2.35\'s (a case over several seeds: mean ± sd of each), the difference',
    'AQM Lab / ns-2 - 1, the tolerance it must stay within, and the verdict (INFO: shown, not judged).',
    `  ${'metric'.padEnd(24)} ${'AQM Lab'.padStart(12)} ${'ns-2.35'.padStart(12)} ${'difference'.padStart(10)} ${'tol.'.padStart(7)}  verdict`,
  ].join('\n');
}

export function formatCase(o: CaseOutcome, quiet: boolean): string {
  const lines: string[] = [];
  const rows = quiet ? o.results.filter((r) => r.verdict === 'fail') : o.results;
  if (quiet && rows.length === 0) return '';
  const n = o.runs.length;
  lines.push(`${o.case.name}${o.case.seeds !== undefined ? ` (mean ± sd of ${n} seeds)` : ''}   (engine ${o.engineSeconds.toFixed(2)} s, ns-2 ${o.ns2Seconds.toFixed(2)} s)`);
  const w = o.case.seeds !== undefined ? 20 : 12;
  for (const r of rows) {
    const tol = r.rel === null ? '' : `±${(r.rel * 100).toFixed(r.rel < 0.01 ? 1 : 0)} %`;
    lines.push(`  ${r.label.padEnd(24)} ${val(r, 'engine').padStart(w)} ${val(r, 'ns2').padStart(w)} ${pct(r.diff).padStart(10)} ${tol.padStart(7)}  ${r.verdict.toUpperCase()}${r.note ? ` (${r.note})` : ''}`);
  }
  return lines.join('\n');
}

/** seeds/001 cases are named "seeds001 n<N> <mech> QL<ql>"; the baseline cases have no mechanism. */
const GRID_NAME = /^seeds001 n(\d+) (\S+) QL(\d+)$/;

function cellOf(o: CaseOutcome, key: string): MetricResult | undefined {
  return o.results.find((r) => r.key === key);
}

/** One grid table of the seeds/001 suite: rows n x mechanism, columns QL; `cell` formats a case. */
function gridTable(list: CaseOutcome[], title: string, cell: (o: CaseOutcome) => string, rows?: (mech: string) => boolean): string[] {
  const grid = new Map<string, Map<number, CaseOutcome>>();
  const qls = new Set<number>();
  for (const o of list) {
    const m = GRID_NAME.exec(o.case.name);
    if (!m || (rows && !rows(m[2]))) continue;
    const row = `n = ${m[1]}, ${m[2]}`;
    if (!grid.has(row)) grid.set(row, new Map());
    grid.get(row)!.set(Number(m[3]), o);
    qls.add(Number(m[3]));
  }
  const cols = [...qls].sort((a, b) => b - a);
  const out = [`**${title}**`, '', `| | ${cols.map((q) => `QL ${q}`).join(' | ')} |`, `|---|${cols.map(() => '---:').join('|')}|`];
  for (const [row, cells] of grid) out.push(`| ${row} | ${cols.map((q) => (cells.has(q) ? cell(cells.get(q)!) : '')).join(' | ')} |`);
  out.push('');
  return out;
}

const failMark = (r: MetricResult | undefined) => (r?.verdict === 'fail' ? ' ✗' : '');
const pair = (key: string) => (o: CaseOutcome) => {
  const r = cellOf(o, key);
  if (!r || r.engine === null || r.ns2 === null) return '';
  const d = r.seeds === undefined ? 0 : 1;
  const same = r.engine === r.ns2;
  return `${same ? '=' : ''}${fmt(r.engine, d)}${same ? '' : ` / ${fmt(r.ns2, d)}`}${failMark(r)}`;
};

/**
 * The Markdown agreement tables (docs/ns2.md): for the seeds/001 grid one table per
 * metric, rows n x mechanism and columns QL; for the other suites one row per case.
 */
export function markdownTable(outcomes: CaseOutcome[]): string {
  const bySuite = new Map<string, CaseOutcome[]>();
  for (const o of outcomes) bySuite.set(o.case.suite, [...(bySuite.get(o.case.suite) ?? []), o]);
  const out: string[] = [];
  for (const [suite, list] of bySuite) {
    const judged = list.flatMap((o) => o.results.filter((r) => r.verdict !== 'info'));
    const fails = judged.filter((r) => r.verdict === 'fail').length;
    out.push(`### ${suite}: ${list.length} cases, ${judged.length} judged metrics, ${judged.length - fails} within tolerance${fails ? `, ${fails} outside (✗)` : ''}`, '');
    const multi = list.filter((o) => o.case.seeds !== undefined);
    if (multi.length > 0) out.push(`${multi.length === list.length ? 'Every case' : `${multi.length} of the ${list.length} cases`} (RED-family queues): means over seeds 1-${multi[0].runs.length} of each simulator (mean ± sample standard deviation; counts with one decimal)${multi.length < list.length ? '; the others one run' : ''}.`, '');
    if (suite === 'seeds001') {
      out.push(
        ...gridTable(list, 'Longest completion time T, engine vs ns-2 (G differs by the same amount, opposite sign; tolerance ±1 %)', (o) => {
          const r = cellOf(o, 'tmax');
          return r?.diff === null || !r ? '' : `${pct(r.diff).replace(' ', '')}${failMark(r)}`;
        }),
        ...gridTable(list, 'Bottleneck drops, engine / ns-2 ("=" where identical; ±10 % where ns-2 counts more than 100 and QL ≥ 16)', pair('drops')),
        ...gridTable(list, 'Retransmissions, engine / ns-2 (same tolerance)', pair('retx')),
        ...gridTable(list, 'ECN marks, engine / ns-2 (same tolerance)', pair('marks'), (mech) => mech.startsWith('ecn')),
        ...gridTable(list, 'Retransmission timeouts, engine / ns-2 (information)', pair('timeouts')),
      );
      const base = list.filter((o) => !GRID_NAME.test(o.case.name));
      for (const o of base) out.push(`- ${o.case.name}: ${o.results.map((r) => `${r.label} ${fmt(r.engine, r.digits)} / ${fmt(r.ns2, r.digits)}`).join('; ')}`);
      out.push('');
      continue;
    }
    const keys = [...new Set(list.flatMap((o) => o.results.map((r) => r.key)))];
    const labels = new Map(list.flatMap((o) => o.results.map((r) => [r.key, r.label] as const)));
    out.push(`| case | ${keys.map((k) => labels.get(k)).join(' | ')} |`, `|---|${keys.map(() => '---').join('|')}|`);
    for (const o of list) {
      const cells = keys.map((k) => {
        const r = cellOf(o, k);
        if (!r) return '';
        return `${val(r, 'engine')} / ${val(r, 'ns2')}${r.diff !== null ? ` (${pct(r.diff).replace(' ', '')}${r.rel !== null ? `, ±${(r.rel * 100).toFixed(r.rel < 0.01 ? 1 : 0)}%` : ''})` : ''}${failMark(r)}`;
      });
      out.push(`| ${o.case.name} | ${cells.join(' | ')} |`);
    }
    out.push('');
  }
  return out.join('\n');
}

/** validate's options that take a value ("--until -1" is a value to check, not an option). */
const VALIDATE_VALUE_OPTIONS = new Set(['--json', '--markdown', '--until']);

/** What each of them takes, for "--json: needs a value: ...". */
const VALIDATE_OPTION_VALUES: Record<string, string> = {
  '--json': 'a file name for every result as JSON',
  '--markdown': 'a file name for the agreement tables as Markdown ("-": standard output)',
  '--until': 'seconds, > 0 (with --diverge)',
};

export async function validateCli(argv: readonly string[], io: CliIo = { out: (t) => void process.stdout.write(t), err: (t) => void process.stderr.write(t) }): Promise<number> {
  let values: Record<string, string | boolean | undefined>;
  let positionals: string[];
  let tokens: { kind: string; name?: string; value?: string | undefined }[];
  try {
    ({ values, positionals, tokens } = parseArgs({ args: joinNegativeValues(argv, VALIDATE_VALUE_OPTIONS), allowPositionals: true, strict: true, tokens: true, options: { quiet: { type: 'boolean' }, json: { type: 'string' }, markdown: { type: 'string' }, list: { type: 'boolean' }, diverge: { type: 'boolean' }, until: { type: 'string' }, help: { type: 'boolean', short: 'h' } } }));
  } catch (e) {
    const first = (e as Error).message.split('\n')[0].replace(/\. To specify a positional argument.*$/, '');
    const code = (e as { code?: string }).code;
    // an option with nothing after it: what it takes ("Option '--json <value>' argument missing." did not say)
    const missing = missingValueMessage(e as Error & { code?: string }, VALIDATE_OPTION_VALUES);
    if (missing) {
      io.err(`${missing} (see --help)\n`);
      return 2;
    }
    io.err(`${first}${code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' ? unknownOptionHint(first, ['quiet', 'json', 'markdown', 'list', 'diverge', 'until', 'help']) || '.' : '.'} (see --help)\n`);
    return 2;
  }
  const repeated = repeatedOptions(tokens, []);
  if (repeated.length) {
    io.err(`${repeated.join('\n')} (see --help)\n`);
    return 2;
  }
  if (values.help) {
    io.out(VALIDATE_USAGE + '\n');
    return 0;
  }
  // options of one mode given to the other were ignored without a word: `--until 5` ran every
  // case to its end, `--diverge --json f` wrote nothing
  if (values.until !== undefined && !values.diverge) {
    io.err(`--until ${String(values.until)}: read only with --diverge (it bounds the search for the first difference); a comparison runs each case to its end\n`);
    return 2;
  }
  for (const key of ['json', 'markdown'] as const)
    if (values.diverge && values[key] !== undefined) {
      io.err(`--${key} ${String(values[key])}: not written with --diverge, which prints the first difference only; drop one of them\n`);
      return 2;
    }
  let until = Infinity;
  if (values.until !== undefined) {
    until = Number(values.until);
    if (!(until > 0)) {
      const num = String(values.until).trim() !== '' && !Number.isNaN(until);
      io.err(`--until = ${String(values.until)} ${num ? 'is out of range' : 'is not a number'}: allowed > 0 seconds\n`);
      return 2;
    }
  }
  let cases: ValidationCase[];
  try {
    cases = selectCases(positionals);
  } catch (e) {
    io.err((e as Error).message + '\n');
    return 2;
  }
  if (values.list) {
    io.out(cases.map((c) => `${c.suite.padEnd(9)} ${c.name}`).join('\n') + '\n');
    return 0;
  }
  // the report files are opened before the cases run (minutes): a path that cannot be
  // written was found only at the end, as a stack trace, the runs lost
  const files: { json?: number; markdown?: number } = {};
  for (const key of ['json', 'markdown'] as const) {
    const path = values[key];
    if (values.diverge || typeof path !== 'string' || (key === 'markdown' && path === '-')) continue;
    try {
      files[key] = openSync(path, 'w');
    } catch (e) {
      io.err(`--${key} ${path}: cannot write (${writeWhy(e, path)})\n`);
      return 2;
    }
  }
  const bin = findNs2();
  if (!bin) {
    io.err(NS2_INSTALL_HINT + '\n');
    return 2;
  }
  if (values.diverge) {
    const { diverge, formatDivergence } = await import('./ns2-diverge');
    for (const c of cases) {
      const s = caseScenario(c);
      const end = Math.min(until, s.duration ?? 36_000);
      io.out(`${c.name}\n${formatDivergence(await diverge(bin, s, end))}\n\n`);
    }
    return 0;
  }
  const outcomes: CaseOutcome[] = [];
  let fails = 0;
  let judged = 0;
  let headed = false;
  // with --markdown - the tables are what stdout carries (as `aqm-lab --out -`): the report goes to stderr
  const report = values.markdown === '-' ? (t: string) => io.err(t) : (t: string) => io.out(t);
  for (const c of cases) {
    let o: CaseOutcome;
    try {
      o = await runCase(bin, c);
    } catch (e) {
      io.err(`${c.name}: ${(e as Error).message}\n`);
      fails++;
      continue;
    }
    outcomes.push(o);
    judged += o.results.filter((r) => r.verdict !== 'info').length;
    fails += o.results.filter((r) => r.verdict === 'fail').length;
    const text = formatCase(o, values.quiet === true);
    if (text && !headed) report(reportHeader() + '\n');
    if (text) headed = true;
    if (text) report(text + '\n');
  }
  report(`\n${cases.length} cases, ${judged} judged metrics: ${judged - fails} pass, ${fails} fail\n`);
  if (files.json !== undefined) writeFileSync(files.json, JSON.stringify(outcomes.map((o) => ({ case: o.case.name, suite: o.case.suite, results: o.results, runs: o.runs })), null, 1));
  if (typeof values.markdown === 'string') {
    if (values.markdown === '-') io.out(markdownTable(outcomes) + '\n');
    else if (files.markdown !== undefined) writeFileSync(files.markdown, markdownTable(outcomes));
  }
  for (const fd of Object.values(files)) closeSync(fd);
  return fails > 0 ? 1 : 0;
}

const isMain = process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;
if (isMain) {
  validateCli(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (e: unknown) => {
      process.stderr.write(`${(e as Error).stack ?? String(e)}\n`);
      process.exitCode = 1;
    },
  );
}
