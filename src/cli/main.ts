import { closeSync, openSync, writeSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import type { DecisionRecord } from '../engine/aqm/decision';
import type { RunResult, RunSink, SeriesBatch } from '../engine/metrics/types';
import type { FlowEvent } from '../engine/net/agent';
import { PRESETS } from '../engine/scenario/presets';
import type { Scenario } from '../engine/scenario/schema';
import { formatSummary } from './format';
import { loadScenario } from './load';

/**
 * The AQM Lab command line: `npm run sim -- <scenario.json> | --preset <name> [options]`.
 * Exit codes: 0 done; 2 invalid input (messages on stderr name the field, the value and
 * the allowed range); 1 the run itself failed.
 */

export const USAGE = `Usage: npm run sim -- <scenario.json> [options]
       npm run sim -- --preset <name> [options]

Runs a scenario on the AQM Lab engine and prints a summary.

Options:
  --preset <name>          run a named preset instead of a file (--list-presets)
  --set <path>=<value>     override one field, e.g. --set topology.bottleneck.queue.maxP=0.02
                           (repeatable; value is JSON when it parses, else text; setting a
                           queue's kind swaps the discipline, keeping limit/unit/countRule;
                           null removes an optional field, e.g. --set traffic.0.bytes=null)
  --out <result.json>      write the result (summary + the scenario as run) as JSON
  --series <file.csv>      write time series (t, queue, avg, cwnd.i, ...) as CSV
  --sample <seconds>       sampling interval of --series (default duration / 2000)
  --trace <file.jsonl>     write every AQM decision record, one JSON object per line
  --trace-flows            also write TCP flow events to the trace ({"type":"flow",...})
  --dry-run                validate, print the scenario as it would run (JSON), don't run
  --list-presets           list preset names and titles
  --quiet                  no summary on stdout
  -h, --help               this text

Exit codes: 0 ok, 2 invalid input, 1 run failed.`;

export interface CliOptions {
  file?: string;
  preset?: string;
  sets: string[];
  out?: string;
  series?: string;
  sample?: number;
  trace?: string;
  traceFlows: boolean;
  dryRun: boolean;
  listPresets: boolean;
  quiet: boolean;
  help: boolean;
}

export type ParsedArgs = { ok: true; opts: CliOptions } | { ok: false; errors: string[] };

/** Options that take a value (the others are flags). */
const VALUE_OPTIONS = new Set(['--preset', '--set', '--out', '--series', '--sample', '--trace']);

/**
 * Joins "--sample -1" into "--sample=-1": node's parseArgs takes a value that starts with
 * "-" for another option and gives up ("ambiguous"); a number is always the option's
 * value, so its range can be checked and named.
 */
export function joinNegativeValues(argv: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const next = argv[i + 1];
    if (VALUE_OPTIONS.has(a) && next !== undefined && /^-(\d|\.\d|Infinity|inf)/i.test(next)) {
      out.push(`${a}=${next}`);
      i++;
    } else out.push(a);
  }
  return out;
}

export function parseCliArgs(argv: readonly string[]): ParsedArgs {
  let values: Record<string, string | boolean | string[] | undefined>;
  let positionals: string[];
  try {
    ({ values, positionals } = parseArgs({
      args: joinNegativeValues(argv),
      allowPositionals: true,
      strict: true,
      options: {
        preset: { type: 'string' },
        set: { type: 'string', multiple: true },
        out: { type: 'string' },
        series: { type: 'string' },
        sample: { type: 'string' },
        trace: { type: 'string' },
        'trace-flows': { type: 'boolean' },
        'dry-run': { type: 'boolean' },
        'list-presets': { type: 'boolean' },
        quiet: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (e) {
    return { ok: false, errors: [argsMessage(e as Error & { code?: string })] };
  }
  const errors: string[] = [];
  const opts: CliOptions = {
    preset: values.preset as string | undefined,
    sets: (values.set as string[] | undefined) ?? [],
    out: values.out as string | undefined,
    series: values.series as string | undefined,
    trace: values.trace as string | undefined,
    traceFlows: values['trace-flows'] === true,
    dryRun: values['dry-run'] === true,
    listPresets: values['list-presets'] === true,
    quiet: values.quiet === true,
    help: values.help === true,
  };
  if (positionals.length > 1) errors.push(`one scenario file at a time; got ${positionals.length}: ${positionals.join(' ')}`);
  opts.file = positionals[0];
  if (opts.file !== undefined && opts.preset !== undefined) errors.push(`give a scenario file or --preset, not both (got ${opts.file} and --preset ${opts.preset})`);
  if (values.sample !== undefined) {
    const s = Number(values.sample);
    if (!(typeof values.sample === 'string' && values.sample.trim() !== '' && Number.isFinite(s) && s > 0 && s <= 1e6)) {
      errors.push(`--sample = ${values.sample === '' ? '(empty)' : values.sample} is out of range: allowed > 0 to 1000000 s (the sampling interval of --series)`);
    } else opts.sample = s;
  }
  if (opts.traceFlows && opts.trace === undefined) errors.push('--trace-flows needs --trace <file.jsonl>');
  return errors.length ? { ok: false, errors } : { ok: true, opts };
}

/** What each option accepts, for messages about a missing or bad value. */
const OPTION_VALUES: Record<string, string> = {
  '--preset': 'a preset name (--list-presets lists them)',
  '--set': '<dotted.path>=<value>, e.g. --set topology.bottleneck.queue.maxP=0.02',
  '--out': 'a file name for the result JSON',
  '--series': 'a file name for the series CSV',
  '--sample': 'seconds, > 0 to 1000000',
  '--trace': 'a file name for the decision trace (JSON lines)',
};

/** parseArgs' error as one line that names the option and what it accepts. */
function argsMessage(e: Error & { code?: string }): string {
  const first = e.message.split('\n')[0];
  const opt = /'(--?[\w-]+)/.exec(first)?.[1];
  if (e.code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE' && opt && OPTION_VALUES[opt]) return `${opt}: needs a value: ${OPTION_VALUES[opt]}`;
  if (e.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') return `${first.replace(/\. To specify a positional argument.*$/, '')} (see --help for the options)`;
  return `${first} (see --help)`;
}

export interface CliIo {
  out(text: string): void;
  err(text: string): void;
}

const processIo: CliIo = {
  out: (t) => void process.stdout.write(t),
  err: (t) => void process.stderr.write(t),
};

/**
 * Buffered line writer over a file descriptor. A failed write (disk full, /dev/full)
 * is kept as `error` and stops further writing; close() reports it as a message naming
 * the option and the file instead of a stack trace.
 */
class LineFile {
  private buf: string[] = [];
  private size = 0;
  error: string | null = null;
  constructor(
    readonly fd: number,
    readonly label: string,
  ) {}
  line(text: string): void {
    if (this.error) return;
    this.buf.push(text);
    this.size += text.length + 1;
    if (this.size > 1 << 16) this.flush();
  }
  flush(): void {
    if (this.error) return;
    try {
      if (this.buf.length) writeSync(this.fd, this.buf.join('\n') + '\n');
    } catch (e) {
      const err = e as NodeJS.ErrnoException;
      this.error = `${this.label}: cannot write (${err.code === 'ENOSPC' ? 'ENOSPC: no space left on the device' : (err.code ?? err.message)}); the file is incomplete`;
    }
    this.buf = [];
    this.size = 0;
  }
  /** Flushes and closes; returns the write error, if any. */
  close(): string | null {
    this.flush();
    try {
      closeSync(this.fd);
    } catch (e) {
      this.error ??= `${this.label}: cannot close (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`;
    }
    return this.error;
  }
}

function closeAll(files: readonly LineFile[]): string[] {
  return files.map((f) => f.close()).filter((x): x is string => x !== null);
}

function csvNumber(x: number): string {
  return Number.isFinite(x) ? String(x) : '';
}

/** Writes series batches as CSV: header `t,<columns>` from the first batch, one row per sample. */
export class SeriesCsv {
  private cols: string[] | null = null;
  private warned = new Set<string>();
  constructor(
    private readonly file: LineFile,
    private readonly warn: (msg: string) => void,
  ) {}
  batch(b: SeriesBatch): void {
    if (!this.cols) {
      this.cols = Object.keys(b.cols);
      this.file.line(['t', ...this.cols].join(','));
    }
    for (const k of Object.keys(b.cols)) {
      if (!this.cols.includes(k) && !this.warned.has(k)) {
        this.warned.add(k);
        this.warn(`--series: column "${k}" appeared after the header was written; it is left out`);
      }
    }
    const cols = this.cols.map((k) => b.cols[k]);
    for (let i = 0; i < b.t.length; i++) {
      let row = csvNumber(b.t[i]);
      for (const c of cols) row += ',' + (c ? csvNumber(c[i]) : '');
      this.file.line(row);
    }
  }
}

function openOutput(path: string, flag: string): { fd: number } | { error: string } {
  try {
    return { fd: openSync(path, 'w') };
  } catch (e) {
    return { error: `${flag} ${path}: cannot write (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})` };
  }
}

/** Runs the scenario on the engine, writing the requested files. */
async function runAndReport(scenario: Scenario, opts: CliOptions, io: CliIo): Promise<number> {
  const files: LineFile[] = [];
  const open = (path: string | undefined, flag: string): LineFile | null | string => {
    if (path === undefined) return null;
    const r = openOutput(path, flag);
    if ('error' in r) return r.error;
    const f = new LineFile(r.fd, `${flag} ${path}`);
    files.push(f);
    return f;
  };
  const seriesFile = open(opts.series, '--series');
  const traceFile = open(opts.trace, '--trace');
  const outFile = open(opts.out, '--out');
  const bad = [seriesFile, traceFile, outFile].filter((x): x is string => typeof x === 'string');
  if (bad.length) {
    closeAll(files);
    io.err(bad.join('\n') + '\n');
    return 2;
  }
  const sink: RunSink = {};
  if (seriesFile instanceof LineFile) {
    const csv = new SeriesCsv(seriesFile, (m) => io.err(m + '\n'));
    sink.series = (b) => csv.batch(b);
  }
  if (traceFile instanceof LineFile) {
    sink.decision = (r: DecisionRecord) => traceFile.line(JSON.stringify(r));
    if (opts.traceFlows) sink.flowEvent = (e: FlowEvent) => traceFile.line(JSON.stringify({ type: 'flow', ...e }));
  }
  let result: RunResult;
  try {
    const engine = await import('../engine/run');
    result = engine.runScenario(scenario, sink, opts.sample !== undefined ? { sampleInterval: opts.sample } : {});
  } catch (e) {
    const writeErrors = closeAll(files);
    const failed = files.find((f) => f.error !== null);
    if (failed) {
      // a file could not be written during the run (disk full...): that is the message
      io.err(writeErrors.join('\n') + '\n');
      return 2;
    }
    io.err(`run failed: ${(e as Error).stack ?? String(e)}\n`);
    return 1;
  }
  if (outFile instanceof LineFile) outFile.line(JSON.stringify(result, null, 2));
  const writeErrors = closeAll(files);
  if (writeErrors.length) {
    io.err(writeErrors.join('\n') + '\n');
    return 2;
  }
  if (!opts.quiet) io.out(formatSummary(result, scenario) + '\n');
  return 0;
}

/** The whole CLI; returns the exit code. */
export async function runCli(argv: readonly string[], io: CliIo = processIo): Promise<number> {
  const parsed = parseCliArgs(argv);
  if (!parsed.ok) {
    io.err(parsed.errors.join('\n') + '\n');
    return 2;
  }
  const opts = parsed.opts;
  if (opts.help) {
    io.out(USAGE + '\n');
    return 0;
  }
  if (opts.listPresets) {
    const w = Math.max(...PRESETS.map((p) => p.name.length));
    io.out(PRESETS.map((p) => `${p.name.padEnd(w)}  ${p.title}`).join('\n') + '\n');
    return 0;
  }
  const loaded = loadScenario({ file: opts.file, preset: opts.preset, sets: opts.sets });
  if (!loaded.ok) {
    io.err(loaded.errors.join('\n') + '\n');
    return 2;
  }
  if (opts.dryRun) {
    io.out(JSON.stringify(loaded.scenario, null, 2) + '\n');
    return 0;
  }
  return runAndReport(loaded.scenario, opts, io);
}

const isMain = process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;
if (isMain) {
  runCli(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (e: unknown) => {
      process.stderr.write(`${(e as Error).stack ?? String(e)}\n`);
      process.exitCode = 1;
    },
  );
}
