/**
 * `npm run bench` (`aqm-lab bench`): the engine's speed, measured, never asserted.
 *
 * 1. The bench scenarios, each as a whole process as a user runs it (`aqm-lab --preset X
 *    --quiet`, the shell launcher a user runs: Node start-up and loading included) beside ns-2.35 running the same
 *    scenario, alternating, medians: the lean hand-written twins of tests/bench/ns2/*.tcl
 *    (every knob set explicitly, nothing measured but the simulation: the yardstick) and
 *    the script `--export-ns2` generates (src/ns2, with the monitors its summary needs);
 *    and the engine alone, in a child process: events/s, simulated seconds per wall
 *    second, bottleneck packets per second, peak memory.
 * 2. Scaling: 10 to 10,000 flows (one per host pair) and 10 Mb/s to 10 Gb/s bottlenecks,
 *    each sized to about the same number of bottleneck packets, so the cost per packet
 *    can be compared down the columns; ns-2 beside it where it finishes in time.
 *
 *   aqm-lab bench [--repeat N] [--no-ns2] [--no-scaling] [--only name,...]
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { CliIo } from '../../src/cli/main';
import { useCalibrationFile } from '../../src/cli/calibration-cache';
import { joinNegativeValues, missingValueMessage, repeatedOptions } from '../../src/cli/option-values';
import { createRun, runScenario } from '../../src/engine/run';
import { calibrateLoads } from '../../src/engine/traffic/calibrate';
import { presetByName } from '../../src/engine/scenario/presets';
import { parseScenario, type Scenario } from '../../src/engine/scenario/schema';
import { exportNs2 } from '../../src/ns2/export';

/** The repository root: the nearest folder above this file with the aqm-lab package.json (source or bundle). */
function repoRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 8; i++) {
    const pkg = join(dir, 'package.json');
    if (existsSync(pkg) && (JSON.parse(readFileSync(pkg, 'utf8')) as { name?: string }).name === 'aqm-lab') return dir;
    dir = dirname(dir);
  }
  throw new Error('aqm-lab bench: cannot find the repository root');
}

interface BenchCase {
  /** Preset name, or a label for a generated scenario. */
  name: string;
  scenario: Scenario;
  /** How ns-2 runs the same scenario (arguments after `ns`), relative to tests/bench/ns2; null = no twin. */
  ns2: string[] | null;
  /** Why there is no ns-2 figure, when ns2 is null. */
  ns2Note?: string;
}

/** What the engine child reports. */
interface EngineFigures {
  events: number;
  simulated: number;
  departures: number;
  drops: number;
  /** Best wall time of the repeats (after one warm-up run), s. */
  wall: number;
  /** Wall time of the first run in the process (cold JIT), s. */
  cold: number;
  /** Best CPU time (user + system) of the repeats, s: steadier than wall time on a busy machine. */
  cpu: number;
  /** Time to build the network (createRun) on the first run, s. */
  build: number;
  /** Peak resident memory of the child process, bytes. */
  peak: number;
  /** Web exchanges completed after the warm-up (null without web traffic). */
  exchanges: number | null;
}

/** The bench scenarios; `tcl` = the hand-written ns-2 twin (null: none yet); `heavy`: timed once, not repeated. */
const BENCH_PRESETS: { name: string; tcl: string | null; heavy?: boolean; ns2Note?: string }[] = [
  { name: 'bench-100-red', tcl: 'bench-100-red.tcl' },
  { name: 'ecn-finite-n10-dt-ql64', tcl: 'ecn-finite-n10-dt-ql64.tcl' },
  { name: 'ecn-finite-n10-ecn-a-ql8', tcl: 'ecn-finite-n10-ecn-a-ql8.tcl' },
  { name: 'ecn-finite-n10-ecn-a-ql32', tcl: 'ecn-finite-n10-ecn-a-ql32.tcl' },
  // seeds/000 at full scale; ns-2 runs the script --export-ns2 writes (PackMime-HTTP with
  // DelayBox, at the connection rate the engine calibrated for the 80 % load), marked "(gen)"
  { name: 'bench-seeds000-full', tcl: null, heavy: true, ns2Note: 'no ns-2 script' },
];

/** Bottleneck packets each scaling run is sized for (duration = this many 1500-byte packets at the rate). */
const SCALING_PACKETS = 400_000;

/**
 * A scaling scenario: `flows` long-lived NewReno flows, one per host pair, through a
 * drop-tail bottleneck of `rate` (10 ms; buffer one bandwidth-delay product, at least 100
 * packets), access links 10x faster (1 ms), starts spread over the first second, receive
 * windows large enough not to limit, duration sized for SCALING_PACKETS. Its ns-2 twin is
 * tests/bench/ns2/scaling.tcl.
 */
export function scalingScenario(flows: number, rate: number): { scenario: Scenario; ns2Args: string[] } {
  const wire = 1500;
  const duration = Math.max(1.5, +((SCALING_PACKETS * wire * 8) / rate).toPrecision(3));
  const rtt = 2 * (0.001 + 0.01 + 0.001);
  const bdp = Math.ceil((rate * rtt) / (8 * wire));
  const limit = Math.max(100, bdp);
  const rwnd = Math.max(65536, Math.ceil((2 * bdp * 1460) / flows));
  const json = {
    version: 1,
    name: `scaling-${flows}-${rate}`,
    seed: 1,
    duration,
    topology: {
      kind: 'dumbbell',
      bottleneck: { rate, delay: 0.01, queue: { kind: 'droptail', limit, countRule: 'ns2' } },
      left: { hosts: flows, rate: 10 * rate, delay: 0.001 },
      right: { hosts: flows, rate: 10 * rate, delay: 0.001 },
    },
    tcp: { variant: 'newreno', mss: 1460, headerBytes: 40, rwnd, initialCwnd: 1, delayedAck: true, tick: 0.01, minRto: 0.2 },
    traffic: [{ kind: 'bulk', from: 'left', flows, start: 0, startSpread: 1 }],
  };
  const r = parseScenario(json);
  if (!r.ok) throw new Error(r.errors.join('\n'));
  return { scenario: r.scenario, ns2Args: ['scaling.tcl', String(flows), String(rate), String(duration), String(limit), String(rwnd)] };
}

// ---------------------------------------------------------------- child: the engine alone

/** Runs the scenario in this process: one cold run, then `repeat` timed runs; prints the figures as JSON. */
function engineChild(file: string, repeat: number, io: CliIo): number {
  const scenario = JSON.parse(readFileSync(file, 'utf8')) as Scenario;
  // a web load's calibration was made (and cached) by the parent, as `aqm-lab` caches it
  useCalibrationFile();
  const once = (): { summary: ReturnType<ReturnType<typeof createRun>['result']>['summary']; wall: number; build: number; cpu: number } => {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    const run = createRun(scenario);
    const t1 = performance.now();
    while (!run.done) run.advance(Infinity);
    const t2 = performance.now();
    const c = process.cpuUsage(c0);
    return { summary: run.result().summary, wall: (t2 - t0) / 1000, build: (t1 - t0) / 1000, cpu: (c.user + c.system) / 1e6 };
  };
  const first = once();
  let best = first.wall;
  let bestCpu = first.cpu;
  for (let i = 0; i < repeat; i++) {
    const r = once();
    best = Math.min(best, r.wall);
    bestCpu = Math.min(bestCpu, r.cpu);
  }
  const s = first.summary;
  const out: EngineFigures = {
    events: s.events,
    simulated: s.simulatedSeconds,
    departures: s.bottleneck.departures,
    drops: s.bottleneck.drops,
    wall: best,
    cold: first.wall,
    cpu: bestCpu,
    build: first.build,
    peak: process.resourceUsage().maxRSS * 1024,
    exchanges: s.web?.exchanges ?? null,
  };
  io.out(JSON.stringify(out) + '\n');
  return 0;
}

// ---------------------------------------------------------------- parent

interface Timed {
  /** What the command printed on stdout. */
  stdout: string;
  wall: number;
  /** User + system CPU seconds (when GNU time can tell): steadier than wall time on a busy machine. */
  cpu: number | null;
  ok: boolean;
  /** Peak resident memory, bytes (when /usr/bin/time can tell). */
  peak: number | null;
}

const GNU_TIME = '/usr/bin/time';

/** Runs a command as a whole process; wall time from outside, peak memory from GNU time when installed. */
function timed(cmd: string, args: string[], cwd: string, timeoutS: number): Timed {
  const useTime = existsSync(GNU_TIME);
  const t0 = performance.now();
  const r = useTime
    ? spawnSync(GNU_TIME, ['-f', '@@time %U %S %M', cmd, ...args], { cwd, encoding: 'utf8', timeout: timeoutS * 1000, maxBuffer: 1 << 26 })
    : spawnSync(cmd, args, { cwd, encoding: 'utf8', timeout: timeoutS * 1000, maxBuffer: 1 << 26 });
  const wall = (performance.now() - t0) / 1000;
  const m = useTime ? /@@time ([\d.]+) ([\d.]+) (\d+)/.exec(r.stderr ?? '') : null;
  return { stdout: r.stdout ?? '', wall, cpu: m ? Number(m[1]) + Number(m[2]) : null, ok: r.status === 0 && r.error === undefined, peak: m ? Number(m[3]) * 1024 : null };
}

/** True if a traffic item gives an offered load (which the engine turns into a rate by calibration). */
function hasLoad(s: Scenario): boolean {
  return s.traffic.some((t) => (t as { load?: number }).load !== undefined);
}

/** The JSON summary line a script written by --export-ns2 prints (the fields the bench compares), or null. */
function genSummary(stdout: string): { simulatedSeconds: number; bottleneck: { departures: number; drops: number }; web?: { exchanges: number } } | null {
  const line = stdout
    .trim()
    .split('\n')
    .reverse()
    .find((l) => l.startsWith('{'));
  if (line === undefined) return null;
  try {
    return JSON.parse(line) as ReturnType<typeof genSummary>;
  } catch {
    return null;
  }
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? NaN : s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
}

function hasNs2(): boolean {
  const r = spawnSync('sh', ['-c', 'command -v ns'], { encoding: 'utf8' });
  return r.status === 0 && r.stdout.trim() !== '';
}

function fmt(x: number, digits: number): string {
  return Number.isFinite(x) ? x.toFixed(digits) : '-';
}

function mb(bytes: number | null): string {
  return bytes === null || !Number.isFinite(bytes) ? '-' : `${Math.round(bytes / 1e6)}`;
}

function table(header: string[], rows: string[][]): string {
  const w = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(w[i]) : c.padStart(w[i]))).join('  ');
  return [line(header), line(w.map((n) => '-'.repeat(n))), ...rows.map(line)].join('\n');
}

export const BENCH_USAGE = `Usage: npm run bench -- [--repeat N] [--no-ns2] [--no-scaling] [--only name,...] [--ns2-timeout S]

Times the engine on the bench scenarios as whole processes, beside ns-2.35 when it is
installed, then the scaling tables (docs/speed.md). Nothing asserts a time.

Options:
  --repeat N          warm runs per median (whole number 1 to 1000; default 3)
  --no-ns2            do not run ns-2.35 even if it is installed
  --no-scaling        leave out the scaling tables (10 to 10,000 flows, 10 Mb/s to 10 Gb/s)
  --only a,b,...      only these bench scenarios, of: ${[...BENCH_PRESETS.map((b) => b.name), 'aqm'].join(', ')}
                      (aqm: the queue disciplines on the same traffic)
  --ns2-timeout S     give up on an ns-2 run after S seconds (default 120)
  -h, --help          this text`;

/** Why a bench option's value is refused (null: it is fine). */
/** What each bench option with a value takes, for the message when the value is missing (the ranges benchOptionError checks). */
const BENCH_OPTION_VALUES: Readonly<Record<string, string>> = {
  '--repeat': 'a whole number of warm runs, 1 to 1000',
  '--only': 'bench scenario names, comma-separated',
  '--ns2-timeout': 'seconds, > 0 to 86400',
};

function benchOptionError(values: { repeat?: string; only?: string; 'ns2-timeout'?: string; child?: string }): string | null {
  if (values.repeat !== undefined) {
    const n = Number(values.repeat);
    // the parent asks its engine child for 0 repeats (one cold run) for a heavy case
    const min = values.child !== undefined ? 0 : 1;
    if (values.repeat.trim() === '' || !Number.isInteger(n) || n < min || n > 1000) return `--repeat = ${values.repeat} is out of range: allowed whole number ${min} to 1000`;
  }
  if (values['ns2-timeout'] !== undefined) {
    const t = Number(values['ns2-timeout']);
    if (values['ns2-timeout'].trim() === '' || !(t > 0 && t <= 86400)) return `--ns2-timeout = ${values['ns2-timeout']} is out of range: allowed > 0 to 86400 seconds`;
  }
  if (values.only !== undefined) {
    const known = [...BENCH_PRESETS.map((b) => b.name), 'aqm'];
    const unknown = values.only.split(',').filter((n) => !known.includes(n));
    if (unknown.length > 0) return `--only: ${unknown.map((n) => JSON.stringify(n)).join(', ')} ${unknown.length === 1 ? 'is not a bench scenario' : 'are not bench scenarios'}; allowed: ${known.join(', ')}`;
  }
  return null;
}

/** How the whole-process times were taken, for the header: a heavy case is timed once, the others repeat + 2 times. */
export function wholeProcessRuns(repeat: number, cases: readonly { name: string; heavy: boolean }[]): string {
  const heavy = cases.filter((c) => c.heavy).map((c) => c.name);
  if (heavy.length > 0 && heavy.length === cases.length) return 'one run each (too long to repeat)';
  return `medians of ${repeat + 2} alternating runs${heavy.length ? ` (${heavy.join(', ')}: one run)` : ''}`;
}

export async function runBench(argv: readonly string[], io: CliIo): Promise<number> {
  let values: { child?: string; repeat?: string; 'no-ns2'?: boolean; 'no-scaling'?: boolean; only?: string; 'ns2-timeout'?: string; help?: boolean };
  let tokens: { kind: string; name?: string; value?: string | undefined }[];
  try {
    ({ values, tokens } = parseArgs({
      tokens: true,
      // "--ns2-timeout -1": a number is the option's value, so its range can be named
      args: joinNegativeValues(argv, new Set(['--repeat', '--ns2-timeout'])),
      strict: true,
      options: {
        child: { type: 'string' },
        repeat: { type: 'string' },
        'no-ns2': { type: 'boolean' },
        'no-scaling': { type: 'boolean' },
        only: { type: 'string' },
        'ns2-timeout': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (e) {
    // an option with nothing after it: what it takes (node's "argument missing" does not say)
    const missing = missingValueMessage(e as Error & { code?: string }, BENCH_OPTION_VALUES);
    if (missing) {
      io.err(`${missing} (see --help)\n`);
      return 2;
    }
    // node's message can run over lines ("... is ambiguous. Did you forget ...?"): keep it whole
    io.err(`${(e as Error).message.replace(/\s*\n\s*/g, ' ')} (see --help)\n`);
    return 2;
  }
  const repeated = repeatedOptions(tokens, []);
  if (repeated.length) {
    io.err(`${repeated.join('\n')} (see --help)\n`);
    return 2;
  }
  if (values.help) {
    io.out(BENCH_USAGE + '\n');
    return 0;
  }
  const bad = benchOptionError(values);
  if (bad !== null) {
    io.err(bad + '\n');
    return 2;
  }
  const repeat = Math.max(1, Number(values.repeat ?? 3));
  if (values.child) return engineChild(values.child, repeat, io);

  const root = repoRoot();
  const launcher = join(root, 'src/cli/aqm-lab.mjs');
  // what a user's `aqm-lab` / `npm run sim` runs: the shell launcher (start-up snapshot)
  const command = join(root, 'src/cli/aqm-lab');
  const ns2Dir = join(root, 'tests/bench/ns2');
  const ns2 = !values['no-ns2'] && hasNs2();
  const ns2Timeout = Number(values['ns2-timeout'] ?? 120);
  const tmp = mkdtempSync(join(tmpdir(), 'aqm-lab-bench-'));
  const only = values.only?.split(',');
  const log = (t: string) => io.out(t + '\n');

  const engine = (c: BenchCase, times = repeat): EngineFigures | null => {
    const file = join(tmp, `${c.name}.json`);
    writeFileSync(file, JSON.stringify(c.scenario));
    const r = spawnSync(process.execPath, [launcher, 'bench', '--child', file, '--repeat', String(times)], { encoding: 'utf8', maxBuffer: 1 << 26 });
    if (r.status !== 0) {
      log(`  ${c.name}: the engine run failed: ${(r.stderr || r.stdout).trim().split('\n').slice(-3).join(' | ')}`);
      return null;
    }
    return JSON.parse(r.stdout.trim().split('\n').pop() as string) as EngineFigures;
  };

  // ---- 1. the bench scenarios
  const cases: (BenchCase & { heavy: boolean })[] = BENCH_PRESETS.filter((b) => !only || only.includes(b.name)).map((b) => ({
    name: b.name,
    scenario: presetByName(b.name)!.scenario,
    ns2: b.tcl === null ? null : [b.tcl],
    ns2Note: b.ns2Note,
    heavy: b.heavy === true,
  }));
  log(`AQM Lab bench: node ${process.version}, ${ns2 ? 'ns-2 found' : values['no-ns2'] ? 'ns-2 not run (--no-ns2)' : 'ns-2 not installed: no comparison'}; whole-process times are ${wholeProcessRuns(repeat, cases)}`);
  log('');
  const rows: string[][] = [];
  const same: string[][] = [];
  for (const c of cases) {
    // A web item's offered load becomes a connection rate by two calibration runs, which the
    // command line caches: calibrate once here, so neither our timed runs nor the engine child
    // include them, and ns-2's script gets the same rate (both simulators run the same scenario).
    useCalibrationFile();
    const calibrations = hasLoad(c.scenario) ? [...calibrateLoads(c.scenario, (s) => runScenario(s)).values()] : undefined;
    const e = engine(c, c.heavy ? 0 : repeat);
    if (!e) continue;
    const ours: number[] = [];
    const theirs: number[] = [];
    const oursCpu: number[] = [];
    const theirsCpu: number[] = [];
    let oursPeak: number | null = null;
    let theirsPeak: number | null = null;
    let nsLine = '';
    // the script the exporter generates for the same scenario
    const genFile = join(tmp, `${c.name}.gen.tcl`);
    let gen: string[] | null = null;
    try {
      writeFileSync(genFile, exportNs2(c.scenario, { calibrations }).script);
      gen = [genFile];
    } catch {
      gen = null;
    }
    const generated: number[] = [];
    let genFailed: string | null = null;
    let genLine = '';
    for (let i = 0; i < (c.heavy ? 1 : repeat + 2); i++) {
      const a = timed('sh', [command, '--preset', c.name, '--quiet'], root, 600);
      if (a.ok) ours.push(a.wall);
      if (a.ok && a.cpu !== null) oursCpu.push(a.cpu);
      oursPeak = a.peak ?? oursPeak;
      if (ns2 && c.ns2) {
        const b = timed('ns', c.ns2, ns2Dir, ns2Timeout);
        if (b.ok) theirs.push(b.wall);
        if (b.ok) nsLine = b.stdout;
        if (b.ok && b.cpu !== null) theirsCpu.push(b.cpu);
        theirsPeak = b.peak ?? theirsPeak;
      }
      if (ns2 && gen) {
        // a heavy case without a hand-written twin is compared with the generated script
        const g = timed('ns', gen, ns2Dir, c.heavy ? Math.max(ns2Timeout, 1800) : ns2Timeout);
        if (g.ok && g.cpu !== null) generated.push(g.cpu);
        if (g.ok) genLine = g.stdout;
        if (g.ok && !c.ns2) {
          theirs.push(g.wall);
          if (g.cpu !== null) theirsCpu.push(g.cpu);
          theirsPeak = g.peak ?? theirsPeak;
        }
        if (!g.ok && !c.ns2) genFailed = `(gen) failed after ${fmt(g.cpu ?? g.wall, 1)} s`;
      }
    }
    // ns-2's own summary line: end time, bottleneck arrivals, departures, drops; without a
    // twin, the JSON summary the generated script prints (web exchanges too)
    const m = /ns2 end ([\d.]+) arrivals (\d+) departures (\d+) drops (\d+)/.exec(nsLine);
    const gj = !m && !c.ns2 ? genSummary(genLine) : null;
    const ex = (x: number | null | undefined) => (x === null || x === undefined ? '-' : String(x));
    if (m) same.push([c.name, fmt(e.simulated, 1), fmt(Number(m[1]), 1), String(e.departures), m[3], String(e.drops), m[4], ex(e.exchanges), '-']);
    else if (gj) same.push([`${c.name} (gen)`, fmt(e.simulated, 1), fmt(gj.simulatedSeconds, 1), String(e.departures), String(gj.bottleneck.departures), String(e.drops), String(gj.bottleneck.drops), ex(e.exchanges), ex(gj.web?.exchanges)]);
    const ow = median(ours);
    const tw = median(theirs);
    const oc = median(oursCpu);
    const tc = median(theirsCpu);
    rows.push([
      c.name,
      fmt(e.events / 1e6, 2),
      fmt(e.events / e.wall / 1e6, 2),
      fmt(e.simulated / e.wall, 0),
      fmt(e.departures / e.wall / 1e3, 0),
      fmt(e.wall, 3),
      fmt(e.cold, 3),
      mb(e.peak),
      fmt(ow, 3),
      fmt(oc, 3),
      mb(oursPeak),
      ns2 ? (theirs.length ? `${c.ns2 ? '' : '(gen) '}${fmt(tw, 3)}` : (genFailed ?? c.ns2Note ?? '-')) : '-',
      ns2 ? fmt(tc, 3) : '-',
      ns2 ? mb(theirsPeak) : '-',
      ns2 ? fmt(tw / ow, 2) : '-',
      ns2 ? fmt(tc / oc, 2) : '-',
      ns2 && generated.length ? fmt(median(generated), 3) : '-',
      ns2 && generated.length ? fmt(median(generated) / oc, 2) : '-',
    ]);
  }
  log('Bench scenarios. Engine alone (in one process, best of the repeats after a cold run): events, events/s,');
  log('simulated s per wall s, bottleneck packets per wall s, wall s (warm / cold), peak memory. Whole process:');
  log('`aqm-lab --preset X --quiet` and `ns X.tcl`: wall s, CPU s (user + system), peak memory; ns-2/ours = ns-2\'s time');
  log('over ours, by wall and by CPU time (> 1: faster than ns-2; CPU time is the steadier on a busy machine). ns-2 runs');
  log('the lean hand-written twin (tests/bench/ns2); "gen" is the CPU time of the script --export-ns2 writes, and its ratio.');
  log(
    table(
      ['scenario', 'M events', 'M ev/s', 'sim s/s', 'k pkt/s', 'engine s', 'cold s', 'MB', 'ours s', 'cpu s', 'MB', 'ns-2 s', 'cpu s', 'MB', 'wall x', 'cpu x', 'gen cpu', 'gen x'],
      rows,
    ),
  );
  log('');
  if (same.length > 0) {
    log('The same scenario in both (bottleneck, forward direction; web exchanges completed). Drops differ where RED draws');
    log('its own random numbers; web runs agree in distribution only (each simulator draws its own connections), and');
    log('count from the end of the warm-up:');
    log(table(['scenario', 'sim s', 'ns-2', 'departures', 'ns-2', 'drops', 'ns-2', 'exchanges', 'ns-2'], same));
    log('');
  }
  // ---- 1b. queue disciplines on the same traffic (issue 6: none more than 20 % slower than drop-tail)
  if (!only || only.includes('aqm')) {
    const queues: [string, Record<string, unknown>][] = [
      ['droptail', { kind: 'droptail', limit: 300 }],
      ['red', { kind: 'red', limit: 300, minTh: 30, maxTh: 90, maxP: 0.1 }],
      ['ared', { kind: 'ared', limit: 300, minTh: 30, maxTh: 90 }],
      ['sc-red', { kind: 'sc-red', limit: 300, minTh: 30, maxTh: 90 }],
      ['pi', { kind: 'pi', limit: 300, qRef: 60 }],
      ['rem', { kind: 'rem', limit: 300, bStar: 60 }],
      ['codel', { kind: 'codel', limit: 300 }],
      ['pie', { kind: 'pie', limit: 300 }],
    ];
    // (a) bench-100-red's TCP flows; (b) ten Poisson UDP sources at 120 % of the link: the same
    // arrivals whatever the queue does, so the difference is the discipline's own cost
    const tcpBase = presetByName('bench-100-red')!.scenario as unknown as Record<string, any>;
    const udpBase = {
      version: 1,
      seed: 1,
      duration: 600,
      topology: { kind: 'dumbbell', bottleneck: { rate: 10e6, delay: 0.02, queue: {} }, left: { hosts: 10, rate: 100e6, delay: 0.001 }, right: { hosts: 10, rate: 100e6, delay: 0.001 } },
      traffic: Array.from({ length: 10 }, () => ({ kind: 'udp', pattern: 'poisson', rate: 1.2e6, packetSize: 1000, from: 'left' })),
    };
    for (const [label, base] of [
      ['bench-100-red: 100 SACK flows, 10 Mb/s, 200 s', tcpBase],
      ['10 Poisson UDP sources at 120 % of a 10 Mb/s link, 600 s', udpBase],
    ] as const) {
      const arows: string[][] = [];
      let dtWall = NaN;
      for (const [kind, queue] of queues) {
        const json = JSON.parse(JSON.stringify(base)) as Record<string, any>;
        json.topology.bottleneck.queue = queue;
        const parsed = parseScenario(json);
        if (!parsed.ok) {
          log(`  aqm ${kind}: ${parsed.errors.join('; ')}`);
          continue;
        }
        const e = engine({ name: `aqm-${kind}`, scenario: parsed.scenario, ns2: null });
        if (!e) continue;
        if (kind === 'droptail') dtWall = e.cpu;
        arows.push([kind, fmt(e.events / 1e6, 2), String(e.departures), String(e.drops), fmt(e.cpu, 3), fmt(e.cpu / dtWall, 2), fmt((e.cpu / e.departures) * 1e9, 0)]);
      }
      log(`Queue disciplines on the same traffic: ${label}, the queue swapped. Engine alone, best of the repeats:`);
      log('CPU s, its ratio to drop-tail, CPU ns per bottleneck packet. (With TCP the disciplines change the traffic: more drops');
      log('mean more recovery work in the senders; the UDP table is the discipline\'s own cost.)');
      log(table(['queue', 'M events', 'departures', 'drops', 'cpu s', 'x droptail', 'ns/pkt'], arows));
      log('');
    }
  }
  if (values['no-scaling']) return 0;

  // ---- 2. scaling
  const scaling = (title: string, points: { label: string; flows: number; rate: number }[]): void => {
    const srows: string[][] = [];
    for (const p of points) {
      const { scenario, ns2Args } = scalingScenario(p.flows, p.rate);
      const name = `scaling-${p.flows}-${p.rate}`;
      const e = engine({ name, scenario, ns2: ns2Args });
      if (!e) continue;
      let nsCell = '-';
      if (ns2) {
        if (p.flows > 1000) nsCell = 'not run';
        else {
          const b = timed('ns', ns2Args, ns2Dir, ns2Timeout);
          nsCell = b.ok ? fmt(b.wall, 2) : b.wall >= ns2Timeout ? `> ${ns2Timeout}` : 'failed';
        }
      }
      srows.push([
        p.label,
        fmt(scenario.duration ?? NaN, 2),
        fmt(e.build * 1000, 0),
        fmt(e.events / 1e6, 2),
        fmt(e.departures / 1e3, 0),
        fmt(e.events / e.departures, 2),
        fmt((100 * e.drops) / (e.departures + e.drops), 1),
        fmt(e.wall, 2),
        fmt(e.events / e.wall / 1e6, 2),
        fmt((e.wall * 1e9) / e.departures, 0),
        mb(e.peak),
        nsCell,
      ]);
    }
    log(title);
    log(table(['', 'sim s', 'build ms', 'M events', 'k pkts', 'ev/pkt', 'drop %', 'wall s', 'M ev/s', 'ns/pkt', 'MB', 'ns-2 s'], srows));
    log('');
  };
  log(`Scaling: NewReno flows, one per host pair, drop-tail bottleneck (10 ms, buffer 1 BDP), runs sized for ~${SCALING_PACKETS / 1000} k`);
  log('bottleneck packets. ns/pkt = engine wall time per bottleneck packet (all the events a packet and its ACK cause),');
  log('building the network included; ev/pkt = events per bottleneck packet; drop % = bottleneck drops / arrivals.');
  log('Wall times are the best of the warm runs in the engine child (a busy machine only inflates them).');
  log('ns-2 (whole process) is not run for 10,000 flows: it builds routes between all 20,002 nodes.');
  scaling(
    'Flows (1 Gb/s bottleneck):',
    [10, 100, 1000, 10000].map((flows) => ({ label: `${flows} flows`, flows, rate: 1e9 })),
  );
  scaling(
    'Bottleneck rate (100 flows):',
    [10e6, 100e6, 1e9, 10e9].map((rate) => ({ label: rate >= 1e9 ? `${rate / 1e9} Gb/s` : `${rate / 1e6} Mb/s`, flows: 100, rate })),
  );
  return 0;
}
