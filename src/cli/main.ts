import { closeSync, existsSync, ftruncateSync, openSync, unlinkSync, writeFileSync, writeSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import type { DecisionRecord } from '../engine/aqm/decision';
import { decimalNumber } from '../engine/core/number-text';
import type { RunResult, RunSink, SeriesBatch } from '../engine/metrics/types';
import type { WebProgress } from '../engine/metrics/web';
import type { FlowEvent } from '../engine/net/agent';
import { loadScope, type CalibrationStep } from '../engine/traffic/calibrate';
import type { Scenario } from '../engine/scenario/schema';
import { claimsReport, runComparisons } from './claims';
import { formatSummary } from './format';
import { formatWeb, itemDirections, RESPONSES_HEADER, responseRows } from './web-format';
import { loadScenario, presetListText } from './load';
import { joinNegativeValues, missingValueMessage, repeatedOptions, unknownOptionHint, writeWhy } from './option-values';

/**
 * The AQM Lab command line: `npm run sim -- <scenario.json> | --preset <name> [options]`.
 * Exit codes: 0 done; 2 invalid input (messages on stderr name the field, the value and
 * the allowed range); 1 the run itself failed.
 */

export const USAGE = `Usage: npm run sim -- <scenario.json> [options]
       npm run sim -- --preset <name> [options]

Runs a scenario on the AQM Lab engine and prints a summary. The file is a scenario (the app's
File -> Save scenario writes one) or a saved run: a result written by --out, or the app's
Everything (JSON) export; a saved run runs the scenario it holds.

Options:
  --preset <name>          run a named preset instead of a file (--list-presets)
  --set <path>=<value>     override one field, e.g. --set topology.bottleneck.queue.maxP=0.02
                           (repeatable; value is JSON when it parses, else text; setting a
                           queue's kind swaps the discipline, keeping the parameters both
                           kinds have where they mean the same (limit, unit, countRule, ecn;
                           RED's min_th, max_th and max_p into ARED, which then does not
                           choose its thresholds: set them to 0 for that) and taking the new
                           kind's defaults for the rest (docs/scenario.md);
                           null removes an optional field, e.g. --set traffic.0.bytes=null;
                           a time, rate or size may carry a unit: 20ms, 100us, 10Mb/s,
                           64kbps, 1500B, 64KB (1 KB = 1024 bytes; rates decimal);
                           a bare number is SI: seconds, bits/s, bytes; one likely
                           meant in ms, as delay=5, gets a note on stderr)
  --out <result.json>      write the result (summary + the scenario as run) as JSON; "-"
                           writes it to stdout (the summary table then goes to stderr)
  --series <file.csv>      write time series (t, queue, avg, cwnd.i, ...) as CSV (each
                           column and its unit: docs/cli.md, Output files)
  --sample <seconds>       sampling interval of --series, which it needs (default duration /
                           2000, at least 0.001; 0.1 without a duration)
  --trace <file.jsonl>     write every AQM decision record, one JSON object per line
  --trace-flows            also write TCP flow events to the trace ({"type":"flow",...})
  --responses <file.csv>   web traffic: one row per completed exchange (start, request and
                           response bytes, response time, RTT, direction, drops seen;
                           its connection, and its user, session and page where the
                           workload has them)
  --baseline               web traffic: also run the same web traffic (alone) with the
                           bottleneck 10x faster (uncongested); print its response times beside
  --dry-run                validate, print the scenario as it would run (JSON), don't run
  --export-ns2 <file.tcl>  write the scenario as an ns-2.35 Tcl script (- for stdout) and
                           don't run; the script prints one JSON line with the summary's
                           field names and lists at its top what ns-2 does differently
                           (docs/ns2.md; npm run validate compares the two)
  --estimate               print the run-size estimate (events, packets, memory for the run
                           and for the whole process, time), don't run
  --max-events <n>         refuse a run estimated above n network events, and stop one that
                           reaches n (default 2.4e9, about 10 minutes)
  --force                  run however large the estimate (the caps below still hold)
  --max-packets <n>        cap on packets alive at once (default 4000000, about 600 MB)
  --max-trace <n>          stop writing --trace after n lines (default 1000000); the run goes on
  --progress               always show the progress line on stderr (default: runs
                           estimated over 2 s show it; --quiet hides it)
  --list-presets           list preset names and titles
  --quiet                  no summary on stdout, no estimate or progress on stderr
                           (notes on the input, as a unit note of --set, still show)
  -h, --help               this text

Before a run the CLI estimates its size from the scenario; long runs print the estimate and
a progress line with the time left on stderr.

Exit codes: 0 ok, 2 invalid input, 1 run failed (or stopped at a cap), 3 refused: larger
than the limits (the message names the limit and what to change).

Other commands, each with its own --help (after npm link: aqm-lab sweep|validate|bench ...):
  npm run sweep -- <preset or pattern with *>... [--seeds 1-5] [--against P]
                           many presets (and seeds) on every core, one table row each
  npm run validate -- [suite | case glob]...
                           the same scenarios in AQM Lab and in ns-2.35, metric by metric
  npm run bench            the engine's speed, beside ns-2.35 when it is installed`;

export interface CliOptions {
  file?: string;
  preset?: string;
  sets: string[];
  out?: string;
  series?: string;
  sample?: number;
  trace?: string;
  traceFlows: boolean;
  responses?: string;
  baseline: boolean;
  dryRun: boolean;
  exportNs2?: string;
  estimate: boolean;
  maxEvents?: number;
  force: boolean;
  maxPackets?: number;
  maxTrace: number;
  progress: boolean;
  listPresets: boolean;
  quiet: boolean;
  help: boolean;
}

export type ParsedArgs = { ok: true; opts: CliOptions } | { ok: false; errors: string[] };

/** Options that take a value (the others are flags). */
const VALUE_OPTIONS = new Set(['--preset', '--set', '--out', '--series', '--responses', '--sample', '--trace', '--max-events', '--max-packets', '--max-trace', '--export-ns2']);

export function parseCliArgs(argv: readonly string[]): ParsedArgs {
  let values: Record<string, string | boolean | string[] | undefined>;
  let positionals: string[];
  let tokens: { kind: string; name?: string; value?: string | undefined }[];
  try {
    ({ values, positionals, tokens } = parseArgs({
      args: joinNegativeValues(argv, VALUE_OPTIONS),
      allowPositionals: true,
      strict: true,
      tokens: true,
      options: {
        preset: { type: 'string' },
        set: { type: 'string', multiple: true },
        out: { type: 'string' },
        series: { type: 'string' },
        sample: { type: 'string' },
        trace: { type: 'string' },
        'trace-flows': { type: 'boolean' },
        responses: { type: 'string' },
        baseline: { type: 'boolean' },
        'dry-run': { type: 'boolean' },
        'export-ns2': { type: 'string' },
        estimate: { type: 'boolean' },
        'max-events': { type: 'string' },
        force: { type: 'boolean' },
        'max-packets': { type: 'string' },
        'max-trace': { type: 'string' },
        progress: { type: 'boolean' },
        'list-presets': { type: 'boolean' },
        quiet: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (e) {
    return { ok: false, errors: [argsMessage(e as Error & { code?: string })] };
  }
  const errors: string[] = [];
  errors.push(...repeatedOptions(tokens, ['set']));
  const opts: CliOptions = {
    preset: values.preset as string | undefined,
    sets: (values.set as string[] | undefined) ?? [],
    out: values.out as string | undefined,
    series: values.series as string | undefined,
    trace: values.trace as string | undefined,
    traceFlows: values['trace-flows'] === true,
    responses: values.responses as string | undefined,
    baseline: values.baseline === true,
    dryRun: values['dry-run'] === true,
    exportNs2: values['export-ns2'] as string | undefined,
    estimate: values.estimate === true,
    force: values.force === true,
    maxTrace: 1_000_000,
    progress: values.progress === true,
    listPresets: values['list-presets'] === true,
    quiet: values.quiet === true,
    help: values.help === true,
  };
  if (positionals.length > 1) errors.push(`one scenario file at a time; got ${positionals.length}: ${positionals.join(' ')}`);
  opts.file = positionals[0];
  if (opts.file !== undefined && opts.preset !== undefined) errors.push(`give a scenario file or --preset, not both (got ${opts.file} and --preset ${opts.preset})`);
  // a value that is not a decimal number ("fast", "0x10": Number() read hex) is called that, not out of range
  const decimal = (v: unknown): number => (typeof v === 'string' ? decimalNumber(v) : NaN);
  // a fraction in range is not whole, not out of range (--max-trace 1.5 said "out of range: allowed whole number 0 to ...")
  const badValue = (flag: string, v: unknown, whole?: { min: number; max: number }): string => {
    const n = decimal(v);
    if (v === '') return `${flag} = (empty)`;
    if (Number.isNaN(n)) return `${flag} = ${JSON.stringify(v)} is not a number`;
    return whole && n >= whole.min && n <= whole.max ? `${flag} = ${String(v)} is not a whole number` : `${flag} = ${String(v)} is out of range`;
  };
  if (values.sample !== undefined) {
    const s = decimal(values.sample);
    if (!(Number.isFinite(s) && s > 0 && s <= 1e6)) {
      errors.push(`${badValue('--sample', values.sample)}: allowed > 0 to 1000000 s (the sampling interval of --series)`);
    } else opts.sample = s;
  }
  const count = (flag: string, min: number, max: number, what: string): number | undefined => {
    const v = values[flag.slice(2)];
    if (v === undefined) return undefined;
    const n = decimal(v);
    if (Number.isInteger(n) && n >= min && n <= max) return n;
    errors.push(`${badValue(flag, v, { min, max })}: allowed whole number ${min} to ${max} (${what})`);
    return undefined;
  };
  opts.maxEvents = count('--max-events', 1, 1e15, 'network events');
  opts.maxPackets = count('--max-packets', 1000, 100_000_000, 'packets alive at once');
  opts.maxTrace = count('--max-trace', 0, 1e12, 'lines written to --trace') ?? opts.maxTrace;
  if (opts.traceFlows && opts.trace === undefined) errors.push('--trace-flows needs --trace <file.jsonl>');
  // --dry-run, --export-ns2 and --estimate each print instead of running: with two of them one was
  // dropped without a word, and a run's outputs (--out r.json --export-ns2 s.tcl) were never written
  const modes = [opts.dryRun && '--dry-run', opts.exportNs2 !== undefined && '--export-ns2', opts.estimate && '--estimate'].filter((m): m is string => typeof m === 'string');
  if (modes.length > 1) errors.push(`${modes.join(' and ')}: one at a time (each prints instead of running the scenario)`);
  const noRun = modes.find((m) => m !== '--estimate');
  if (noRun) {
    const outputs = (['out', 'series', 'trace', 'responses'] as const).filter((k) => opts[k] !== undefined).map((k) => `--${k}`);
    if (opts.baseline) outputs.push('--baseline');
    if (outputs.length) errors.push(`${outputs.join(', ')}: written by a run, and ${noRun} does not run the scenario; drop ${outputs.length > 1 ? 'them' : 'it'} or ${noRun}`);
  }
  // as --trace-flows: a sampling interval with no series to sample would be ignored without a word
  if (opts.sample !== undefined && opts.series === undefined) errors.push('--sample needs --series <file.csv> (it is the sampling interval of the series; no other output is sampled)');
  return errors.length ? { ok: false, errors } : { ok: true, opts };
}

/** The long options of the command, for "did you mean" after a mistyped one. */
const SIM_OPTIONS = ['preset', 'set', 'out', 'series', 'sample', 'trace', 'trace-flows', 'responses', 'baseline', 'dry-run', 'export-ns2', 'estimate', 'max-events', 'force', 'max-packets', 'max-trace', 'progress', 'list-presets', 'quiet', 'help'];
/** Scenario fields a user may type as options (--seed 3): the message names the --set that sets them. */
const SCENARIO_FIELD_OPTIONS = ['seed', 'duration', 'warmup', 'stopAfterExchanges', 'name', 'description'];

/** What each option accepts, for messages about a missing or bad value. */
const OPTION_VALUES: Record<string, string> = {
  '--preset': 'a preset name (--list-presets lists them)',
  '--set': '<dotted.path>=<value>, e.g. --set topology.bottleneck.queue.maxP=0.02',
  '--out': 'a file name for the result JSON ("-": standard output)',
  '--export-ns2': 'a file name for the ns-2 script, or - for stdout',
  '--series': 'a file name for the series CSV',
  '--sample': 'seconds, > 0 to 1000000',
  '--trace': 'a file name for the decision trace (JSON lines)',
  '--responses': 'a file name for the per-exchange CSV',
  '--max-events': 'a whole number of network events, e.g. 5e9',
  '--max-packets': 'a whole number of packets, 1000 to 100000000',
  '--max-trace': 'a whole number of trace lines',
};

/** parseArgs' error as one line that names the option and what it accepts. */
function argsMessage(e: Error & { code?: string }): string {
  const first = e.message.split('\n')[0];
  const missing = missingValueMessage(e, OPTION_VALUES);
  if (missing) return missing;
  if (e.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') return `${first.replace(/\. To specify a positional argument.*$/, '')}${unknownOptionHint(first, SIM_OPTIONS, SCENARIO_FIELD_OPTIONS)} (see --help for the options)`;
  return `${first} (see --help)`;
}

export interface CliIo {
  out(text: string): void;
  err(text: string): void;
  /** Seconds between progress lines (default: 1 on a terminal, 10 otherwise). */
  progressEvery?: number;
}

const processIo: CliIo = {
  out: (t) => void process.stdout.write(t),
  err: (t) => void process.stderr.write(t),
};

/**
 * A reader that stops early (`aqm-lab ... | head`) closes the pipe: the next write to
 * standard output fails with EPIPE, which Node throws as an unhandled 'error' event, a
 * stack trace instead of the rest of the run. The command goes on without standard output
 * instead (files named by --out, --series, ... are still written) and exits as it would
 * have. Called by every entry point of the command line (aqm-lab.mjs has its own copy).
 */
export function carryOnWhenStdoutCloses(stream: NodeJS.WriteStream = process.stdout): void {
  stream.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code === 'EPIPE' || e.code === 'ERR_STREAM_DESTROYED') return;
    throw e;
  });
}

/**
 * Buffered line writer over a file descriptor. A failed write (disk full, /dev/full)
 * is kept as `error` and stops further writing; close() reports it as a message naming
 * the option and the file instead of a stack trace.
 */
class LineFile {
  private buf: string[] = [];
  private size = 0;
  error: string | null = null;
  /**
   * fd < 0: standard output (the path "-"), written through `toStdout` and not closed.
   * `created`: the path did not exist before; `discard` removes it again.
   */
  constructor(
    readonly fd: number,
    readonly label: string,
    private readonly toStdout?: (text: string) => void,
    private readonly created?: string,
  ) {}
  /** Empties the file when the run starts (it was opened for appending, so that a run refused before it starts leaves it as it was). */
  truncate(): void {
    if (this.fd < 0) return;
    try {
      ftruncateSync(this.fd, 0);
    } catch {
      // a device or a pipe (/dev/null, >(gzip)) has nothing to empty
    }
  }
  /** Closes without writing what is buffered, and removes the file if this run created it: for a run that never started. */
  discard(): void {
    this.buf = [];
    this.size = 0;
    if (this.fd < 0) return;
    try {
      closeSync(this.fd);
      if (this.created !== undefined) unlinkSync(this.created);
    } catch {
      // nothing written, nothing to report
    }
  }
  line(text: string): void {
    if (this.error) return;
    this.buf.push(text);
    this.size += text.length + 1;
    if (this.size > 1 << 16) this.flush();
  }
  flush(): void {
    if (this.error) return;
    try {
      if (this.buf.length) {
        const text = this.buf.join('\n') + '\n';
        if (this.fd < 0) this.toStdout?.(text);
        else writeSync(this.fd, text);
      }
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
    if (this.fd < 0) return this.error;
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

/**
 * Opens an output for appending, not truncating: a run refused after this (too large, exit
 * 3) used to leave an earlier run's result.json or series.csv empty. The file is emptied
 * when the run starts (LineFile.truncate); `created` is set when the file is new.
 */
function openOutput(path: string, flag: string): { fd: number; created: boolean } | { error: string } {
  try {
    const created = !existsSync(path);
    return { fd: openSync(path, 'a'), created };
  } catch (e) {
    return { error: `${flag} ${path}: cannot write (${writeWhy(e, path)})` };
  }
}

/** Events per advance() call between progress checks. */
const CHUNK_EVENTS = 200_000;
/**
 * Events of the first advance() call: a few, so that the code after the event loop
 * (Simulator.run, Run.advance) has run once before V8 optimizes the loop. Otherwise the
 * loop's optimized code met that code without type feedback at its first exit and was
 * thrown away, with the largest compilation of the run (the loop with the packet path
 * inlined) done again (2 deoptimizations per seeds/001 run). The same events in the same
 * order: only where the run pauses for the progress line changes.
 */
const FIRST_CHUNK_EVENTS = 1_000;

/**
 * The runs a run brings with it, said after its estimate: a `load` not yet calibrated (not
 * in the calibration file nor shipped) first takes up to CALIBRATION_RUNS runs of the
 * workload on the uncongested link, each about the run's size; --baseline runs the web
 * items again, alone, after the run (runAndReport), estimated as those items on the
 * scenario's own link (the baseline's is 10x faster but carries the same exchanges, and a
 * `load` is of the real link). Neither was counted: "about 2 s" was said of runs that
 * calibrated for longer than they ran.
 */
async function extraRunsText(scenario: Scenario, opts: CliOptions): Promise<{ text: string; seconds: number }> {
  const est = await import('../engine/estimate');
  let text = '';
  let seconds = 0;
  if (scenario.traffic.some((t) => (t as { load?: number }).load !== undefined)) {
    const { useCalibrationFile } = await import('./calibration-cache');
    useCalibrationFile();
    const { pendingCalibrations, CALIBRATION_RUNS } = await import('../engine/traffic/calibrate');
    const pending = pendingCalibrations(scenario);
    if (pending.length > 0) {
      seconds += pending.reduce((a, p) => a + CALIBRATION_RUNS * est.estimateRun(p.twin).wallSeconds, 0);
      text += `; first the load's calibration, at most ${CALIBRATION_RUNS * pending.length} runs on the uncongested link: ${est.durationText(seconds)} at most`;
    }
  }
  if (opts.baseline) {
    const { trafficByKind } = await import('../engine/traffic/registry');
    const web = scenario.traffic.filter((t) => trafficByKind(t.kind)?.calibration !== undefined);
    if (web.length > 0) {
      const b = est.estimateRun({ ...scenario, traffic: web });
      seconds += b.wallSeconds;
      text += `; then the --baseline run, ${est.durationText(b.wallSeconds)} more`;
    }
  }
  return { text, seconds };
}

/**
 * Estimates the run, refuses it beyond the limits (exit 3), then runs it in chunks with
 * a progress line on stderr when it is long, stopping at --max-events. Returns the
 * result, or an exit code after printing why there is none.
 */
async function runWithLimits(scenario: Scenario, sink: RunSink, opts: CliOptions, io: CliIo, onStart: () => void = () => {}): Promise<RunResult | number> {
  const engine = await import('../engine/run');
  const { CapError } = await import('../engine/core/simulator');
  const est = await import('../engine/estimate');
  const e = est.estimateRun(scenario, { series: sink.series !== undefined, sampleInterval: opts.sample, maxPackets: opts.maxPackets });
  // --force lifts the refusal; an explicit --max-events still stops the run when reached
  const maxEvents = opts.maxEvents ?? (opts.force ? Infinity : est.DEFAULT_LIMITS.maxEvents);
  const limits = { ...est.DEFAULT_LIMITS, maxEvents: opts.force ? Infinity : maxEvents, maxMemoryBytes: opts.force ? Infinity : est.DEFAULT_LIMITS.maxMemoryBytes };
  // with a --max-events of the user's own, --force would start the run only to stop it at that
  // limit (the stop below): the way on is a larger --max-events alone
  const raise = `--max-events ${Math.ceil(e.events * 1.5).toExponential(1).replace('e+', 'e')}`;
  const problems = est.runSizeProblems(e, limits, { events: opts.maxEvents === undefined ? `${raise} (or --force)` : `${raise} (--force would stop it at your --max-events ${opts.maxEvents})`, series: '--sample', packets: '--max-packets' });
  if (problems.length) {
    io.err(`not run: ${problems.join('\n        ')}\n`);
    return 3;
  }
  const extra = await extraRunsText(scenario, opts);
  const long = e.wallSeconds + extra.seconds > 2;
  const show = !opts.quiet && (long || opts.progress);
  if (show) io.err(`estimate: ${est.estimateText(e, undefined, est.CLI_PROCESS_BASE_BYTES)}${extra.text}\n`);
  if (scenario.traffic.some((t) => (t as { load?: number }).load !== undefined)) {
    const { useCalibrationFile } = await import('./calibration-cache');
    useCalibrationFile();
  }
  // a load not in the calibration cache costs a few runs of the workload on the uncongested link first,
  // sometimes longer than the run itself: each is shown as it starts (not with --quiet)
  const onCalibration = opts.quiet
    ? undefined
    : (c: CalibrationStep) => {
        const what = (v: number) => (c.param === 'rate' ? `${v.toFixed(1)} connections/s` : `${v.toLocaleString('en-US')} ${c.param}`);
        if (c.run === 1) io.err(`offered load ${Math.round(c.load * 100)} % (traffic.${c.item}): calibrating on the uncongested link (bottleneck 10x faster; cached for the next run)\n`);
        io.err(`  calibration run ${c.run} of at most ${c.maxRuns}: ${what(c.value)} ${loadScope(itemDirections(scenario)[c.item])}${c.previous ? ` (${what(c.previous.value)} gave ${(c.previous.measured * 100).toFixed(1)} %)` : ''}\n`);
      };
  onStart();
  // Ctrl-C stops the run between chunks and says so (the files are then closed as after
  // --max-events); one during a load calibration (one piece of work) stops the run after
  // it; a second Ctrl-C ends the process at once. Before, the process died silently and
  // left --out empty with no word of why
  let interrupted = false;
  const onInterrupt = () => {
    if (interrupted) process.exit(130);
    interrupted = true;
  };
  process.on('SIGINT', onInterrupt);
  try {
    let run;
    try {
      run = engine.createRun(scenario, sink, { sampleInterval: opts.sample, maxPackets: opts.maxPackets, onCalibration });
    } catch (x) {
      if (x instanceof CapError) {
        io.err(`not run: ${x.message}\n`);
        return 3;
      }
      throw x;
    }
    const progress = new Progress(io, show, e.openEnded ? e.endSeconds : run.endTime);
    progress.web = () => run.webProgress;
    try {
      let chunk = FIRST_CHUNK_EVENTS;
      while (!run.done) {
        run.advance(Infinity, Math.min(chunk, maxEvents - run.events));
        chunk = CHUNK_EVENTS;
        progress.update(run.now, run.events);
        // the signal handler runs only when the event loop turns: once a chunk
        if (!run.done) await new Promise((r) => setImmediate(r));
        if (interrupted) {
          progress.end();
          // the series and trace files hold the run up to here
          run.flush();
          io.err(`interrupted (Ctrl-C) at t = ${run.now.toFixed(3)} s after ${run.events.toLocaleString('en-US')} events: the run stopped there\n`);
          return 130;
        }
        if (run.events >= maxEvents && !run.done) {
          progress.end();
          run.flush();
          io.err(`stopped at t = ${run.now.toFixed(3)} s after ${run.events.toLocaleString('en-US')} events: the limit is --max-events ${maxEvents} (the estimate was ${est.countText(e.events)}); ${opts.maxEvents !== undefined ? 'raise it (--force does not lift a --max-events given with it)' : 'raise it with --max-events N, or use --force'}\n`);
          return 1;
        }
      }
    } catch (x) {
      progress.end();
      if (x instanceof CapError) {
        io.err(`run stopped: ${x.message}\n`);
        return 1;
      }
      throw x;
    }
    progress.end();
    return run.result();
  } finally {
    process.off('SIGINT', onInterrupt);
  }
}

/** The progress line: simulated time, share done, event rate and time left; redrawn in place on a terminal. */
class Progress {
  /** Web runs: exchanges done and the stopAfterExchanges target, if any. */
  web: () => WebProgress | null = () => null;
  private readonly t0 = performance.now();
  private last = 0;
  private shown = false;
  private readonly tty = process.stderr.isTTY === true;
  private readonly every: number;
  constructor(
    private readonly io: CliIo,
    private readonly enabled: boolean,
    private readonly endTime: number,
  ) {
    this.every = io.progressEvery ?? (this.tty ? 1 : 10);
  }
  update(now: number, events: number): void {
    if (!this.enabled) return;
    const wall = (performance.now() - this.t0) / 1000;
    // a terminal line every second, a log line every 10 s
    if (wall - this.last < this.every) return;
    this.last = wall;
    const rate = now / wall;
    let left = rate > 0 && Number.isFinite(this.endTime) ? Math.max(0, (this.endTime - now) / rate) : NaN;
    let pct = Number.isFinite(this.endTime) && this.endTime > 0 ? ` (${Math.min(100, (100 * now) / this.endTime).toFixed(0)} %)` : '';
    // a run that stops after a number of web exchanges: progress in exchanges
    const w = this.web();
    let head = '';
    if (w !== null) {
      head = `${w.completed.toLocaleString('en-US')}${w.target !== null ? ` of ${w.target.toLocaleString('en-US')}` : ''} exchanges, `;
      if (w.target !== null && w.completed > 0) {
        const perWall = w.completed / Math.max(1e-9, wall - this.firstExchangeWall(wall, w.completed));
        const byExchanges = (w.target - w.completed) / perWall;
        left = Number.isFinite(left) ? Math.min(left, byExchanges) : byExchanges;
        pct = ` (${Math.min(100, (100 * w.completed) / w.target).toFixed(0)} %)`;
      }
    }
    const line = `${head}t = ${now.toFixed(1)}${w?.target != null ? '' : ` of ${Number.isFinite(this.endTime) ? this.endTime.toFixed(1) : '?'}`} s${pct}, ${(events / wall / 1e6).toFixed(1)} M events/s, ${Number.isFinite(left) ? `about ${left < 60 ? `${Math.ceil(left)} s` : `${(left / 60).toFixed(1)} min`} left` : 'time left unknown'}`;
    this.io.err(this.tty ? `\r${line}\x1b[K` : `${line}\n`);
    this.shown = true;
  }
  private exchangesFrom = -1;
  /** Wall time when counted exchanges started completing (after the warm-up), for the rate of exchanges. */
  private firstExchangeWall(wall: number, completed: number): number {
    if (this.exchangesFrom < 0 && completed > 0) this.exchangesFrom = Math.max(0, wall - this.every);
    return this.exchangesFrom;
  }
  end(): void {
    if (this.shown && this.tty) this.io.err('\n');
    this.shown = false;
  }
}

/** Runs the scenario on the engine, writing the requested files. */
async function runAndReport(scenario: Scenario, opts: CliOptions, io: CliIo): Promise<number> {
  const files: LineFile[] = [];
  // "-" writes to standard output; the summary table then goes to standard error
  const outputs: [string, string | undefined][] = [['--series', opts.series], ['--trace', opts.trace], ['--out', opts.out], ['--responses', opts.responses]];
  const dashes = outputs.filter(([, path]) => path === '-').map(([flag]) => flag);
  if (dashes.length > 1) {
    io.err(`${dashes.join(', ')}: only one of them can be "-" (standard output)\n`);
    return 2;
  }
  // two outputs to one file: the run wrote both into it, the result JSON followed by CSV rows, and said nothing
  const byFile = new Map<string, string[]>();
  for (const [flag, path] of outputs) if (path !== undefined && path !== '-') byFile.set(resolve(path), [...(byFile.get(resolve(path)) ?? []), flag]);
  for (const [path, flags] of byFile) {
    if (flags.length < 2) continue;
    io.err(`${flags.join(', ')}: all name the file ${path}; give each output a file of its own\n`);
    return 2;
  }
  const report = dashes.length ? io.err : io.out;
  const open = (path: string | undefined, flag: string): LineFile | null | string => {
    if (path === undefined) return null;
    if (path === '-') {
      const f = new LineFile(-1, `${flag} -`, io.out);
      files.push(f);
      return f;
    }
    const r = openOutput(path, flag);
    if ('error' in r) return r.error;
    const f = new LineFile(r.fd, `${flag} ${path}`, undefined, r.created ? path : undefined);
    files.push(f);
    return f;
  };
  const seriesFile = open(opts.series, '--series');
  const traceFile = open(opts.trace, '--trace');
  const outFile = open(opts.out, '--out');
  const responsesFile = open(opts.responses, '--responses');
  const bad = [seriesFile, traceFile, outFile, responsesFile].filter((x): x is string => typeof x === 'string');
  if (bad.length) {
    for (const f of files) f.discard();
    io.err(bad.join('\n') + '\n');
    return 2;
  }
  const sink: RunSink = {};
  if (seriesFile instanceof LineFile) {
    const csv = new SeriesCsv(seriesFile, (m) => io.err(m + '\n'));
    sink.series = (b) => csv.batch(b);
  }
  if (responsesFile instanceof LineFile) {
    responsesFile.line(RESPONSES_HEADER);
    sink.exchanges = (b) => {
      for (const row of responseRows(b)) responsesFile.line(row);
    };
  }
  // the trace is capped at --max-trace lines (a long run records millions of decisions)
  const trace = { written: 0, dropped: 0 };
  if (traceFile instanceof LineFile) {
    const line = (text: () => string): void => {
      if (trace.written >= opts.maxTrace) trace.dropped++;
      else {
        trace.written++;
        traceFile.line(text());
      }
    };
    sink.decision = (r: DecisionRecord) => line(() => JSON.stringify(r));
    if (opts.traceFlows) sink.flowEvent = (e: FlowEvent) => line(() => JSON.stringify({ type: 'flow', ...e }));
  }
  let result: RunResult;
  let started = false;
  const start = () => {
    started = true;
    for (const f of files) f.truncate();
  };
  try {
    const r = await runWithLimits(scenario, sink, opts, io, start);
    if (typeof r === 'number') {
      if (!started) {
        // refused before it started: the files are as they were (or not there at all)
        for (const f of files) f.discard();
        return r;
      }
      closeAll(files);
      // the file was opened (and emptied) before the run: say it holds no result
      if (outFile instanceof LineFile && opts.out !== '-') io.err(`--out ${opts.out}: no result written (the file is empty)\n`);
      return r;
    }
    result = r;
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
  let baseline: RunResult | undefined;
  if (opts.baseline) {
    if (!result.summary.web) io.err('--baseline: this scenario has no web traffic; no baseline run\n');
    else {
      const { baselineScenario } = await import('../engine/traffic/calibrate');
      const engine = await import('../engine/run');
      const base = baselineScenario(scenario, result.summary.web.calibration);
      const left = scenario.traffic.length - base.traffic.length;
      if (!opts.quiet) io.err(`baseline: the same web traffic with the bottleneck 10x faster${left > 0 ? ` (without the other ${left === 1 ? 'traffic item' : `${left} traffic items`}: long-lived flows would fill any link)` : ''}...\n`);
      baseline = engine.runScenario(base);
      (result as RunResult & { baseline?: unknown }).baseline = { summary: baseline.summary };
    }
  }
  // as --baseline does: an empty response file is the scenario's doing, not a failure to write
  if (responsesFile instanceof LineFile && !result.summary.web) io.err(`--responses: this scenario has no web traffic; ${opts.responses === '-' ? 'the output' : opts.responses} holds only the header line\n`);
  const openEnd = openEndNote(scenario, result, (await import('../engine/estimate')).MAX_OPEN_DURATION);
  if (openEnd) io.err(openEnd + '\n');
  if (trace.dropped > 0) io.err(`--trace: stopped writing after ${trace.written.toLocaleString('en-US')} lines (--max-trace ${opts.maxTrace}); ${trace.dropped.toLocaleString('en-US')} more records were left out, the run went on\n`);
  if (outFile instanceof LineFile) outFile.line(JSON.stringify(result, null, 2));
  const writeErrors = closeAll(files);
  if (writeErrors.length) {
    io.err(writeErrors.join('\n') + '\n');
    return 2;
  }
  if (!opts.quiet) {
    report(formatSummary(result, scenario) + '\n');
    const web = formatWeb(result.summary, baseline?.summary, itemDirections(scenario));
    if (web) report('\n' + web + '\n');
    // at another seed, the lessons the statements compare with run at that seed too (a few seconds each)
    const { runScenario } = await import('../engine/run');
    const compared = runComparisons(opts.preset, scenario, (s) => runScenario(s).summary, (line) => io.err(`${line}\n`));
    const claims = claimsReport(opts.preset, scenario, result, compared);
    if (claims) report('\n' + claims + '\n');
  }
  return 0;
}

/**
 * A scenario without a duration runs until its flows finish, but at most `maxOpen`
 * simulated seconds (estimate.ts MAX_OPEN_DURATION, 10 hours). A run cut there printed "until all flows finish" above
 * "unfinished" flows and said nothing of the cut: this names it and what to change.
 */
export function openEndNote(scenario: Scenario, result: RunResult, maxOpen: number): string | null {
  if (scenario.duration !== undefined || result.summary.simulatedSeconds < maxOpen - 1e-9) return null;
  const unfinished = result.summary.flows.filter((f) => f.completionTime === null).length;
  const what = scenario.stopAfterExchanges !== undefined ? `before ${scenario.stopAfterExchanges.toLocaleString('en-US')} exchanges (stopAfterExchanges) completed` : unfinished > 0 ? `with ${unfinished} flow${unfinished === 1 ? '' : 's'} unfinished` : 'before all traffic finished';
  return `stopped at t = ${maxOpen} s ${what}: a scenario without a duration runs at most ${maxOpen} s (${+(maxOpen / 3600).toPrecision(3)} hours simulated); to run longer, give one (--set duration=N, up to 1000000 s)`;
}

/** --export-ns2: the scenario as an ns-2.35 script (src/ns2); 2 if ns-2.35 cannot express it. */
async function writeNs2Script(scenario: Scenario, path: string, io: CliIo): Promise<number> {
  const { exportNs2, Ns2ExportError } = await import('../ns2/export');
  let script: string;
  let notes: number;
  try {
    // a web item's offered load becomes a connection rate by the engine's calibration runs
    let calibrations;
    if (scenario.traffic.some((t) => (t as { load?: number }).load !== undefined)) {
      const [{ calibrateLoads }, { runScenario }] = await Promise.all([import('../engine/traffic/calibrate'), import('../engine/run')]);
      calibrations = [...calibrateLoads(scenario, (s) => runScenario(s)).values()];
    }
    const x = exportNs2(scenario, { calibrations });
    script = x.script;
    notes = x.notes.length;
  } catch (e) {
    if (e instanceof Ns2ExportError) {
      io.err(`--export-ns2: ${e.message}\n`);
      return 2;
    }
    throw e;
  }
  if (path === '-') {
    io.out(script);
    return 0;
  }
  try {
    writeFileSync(path, script);
  } catch (e) {
    io.err(`--export-ns2 ${path}: cannot write (${writeWhy(e, path)})\n`);
    return 2;
  }
  io.out(`wrote ${path}: an ns-2.35 script of ${scenario.name ? `"${scenario.name}"` : 'the scenario'}; ${notes === 1 ? '1 field without an exact ns-2 equivalent is' : `${notes} fields without an exact ns-2 equivalent are`} listed at its top. Run it with: ns ${path}\n`);
  return 0;
}

/** Problems of one scenario printed in full up to this many; the rest are counted. */
export const MAX_ERROR_LINES = 100;

/**
 * A scenario's problems as printed: the first MAX_ERROR_LINES, then how many more. A file
 * with 100,000 unknown keys printed 100,000 lines (15 MB, 4 s of scrolling) and the first
 * ones, which say what is wrong, were gone from the terminal (the app lists five and a count).
 */
export function errorLines(errors: readonly string[]): string[] {
  if (errors.length <= MAX_ERROR_LINES) return [...errors];
  const more = errors.length - (MAX_ERROR_LINES - 1);
  return [...errors.slice(0, MAX_ERROR_LINES - 1), `... and ${more.toLocaleString('en-US')} more problems (${errors.length.toLocaleString('en-US')} in all)`];
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
    io.out(presetListText());
    return 0;
  }
  const loaded = loadScenario({ file: opts.file, preset: opts.preset, sets: opts.sets });
  if (!loaded.ok) {
    io.err(errorLines(loaded.errors).join('\n') + '\n');
    return 2;
  }
  if (loaded.notes) io.err(loaded.notes.join('\n') + '\n');
  if (opts.dryRun) {
    io.out(JSON.stringify(loaded.scenario, null, 2) + '\n');
    return 0;
  }
  if (opts.exportNs2 !== undefined) return writeNs2Script(loaded.scenario, opts.exportNs2, io);
  if (opts.estimate) {
    const est = await import('../engine/estimate');
    const e = est.estimateRun(loaded.scenario, { series: opts.series !== undefined, sampleInterval: opts.sample, maxPackets: opts.maxPackets });
    io.out(`${est.estimateText(e, undefined, est.CLI_PROCESS_BASE_BYTES)}${(await extraRunsText(loaded.scenario, opts)).text}\n`);
    return 0;
  }
  return runAndReport(loaded.scenario, opts, io);
}

const isMain = process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;
if (isMain) {
  carryOnWhenStdoutCloses();
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
