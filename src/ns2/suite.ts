import type { Summary } from '../engine/metrics/types';
import { ECN_FINITE_CLIENTS, ECN_FINITE_QLS, ecnFiniteName, PRESETS, presetByName, type EcnFiniteMech } from '../engine/scenario/presets';
import { cloneJson, setPath } from '../engine/scenario/paths';
import { parseScenario, type Scenario } from '../engine/scenario/schema';
import { trafficByKind } from '../engine/traffic/registry';
import { meanSd } from '../engine/metrics/stats';
import type { Ns2Result } from './result';

/** Re-exported for the validation's callers and tests. */
export { meanSd };

/**
 * The validation suite of `npm run validate`: scenarios run in the engine and in ns-2.35,
 * and per metric a tolerance and a verdict. A suite is a list of cases; each case names
 * its scenario (a preset, optionally with fields changed) and the metrics compared.
 *
 * Tolerances (issue 10): on the seeds/001 grid, with ns-2 configured like the presets,
 * the longest completion time and G within 1 % in every cell; drops, retransmissions and
 * marks within 10 % wherever ns-2 counts more than 100, for QL >= 16. Elsewhere a metric
 * is shown for information (verdict "info") unless its case gives a tolerance.
 */

/** What both simulators report, under the engine's field names. */
export type SummaryLike = Pick<Summary, 'flows' | 'goodputEfficiency' | 'simulatedSeconds'> & {
  bottleneck: { [K in keyof Summary['bottleneck']]: number | null };
  fairness: { jain: number };
  web?: { exchanges: number; responseTime: { mean: number; p10: number; p50: number; p90: number } | null };
};

export interface Metric {
  key: string;
  label: string;
  get(s: SummaryLike): number | null;
  /** Largest allowed |engine / ns-2 - 1|; undefined = information only. */
  rel?: number;
  /** Judge only when ns-2's value is above this (counts: small numbers vary too much). */
  above?: number;
  /** Format of the values in tables. */
  digits?: number;
}

export interface ValidationCase {
  name: string;
  suite: string;
  /** Preset and field changes (dotted path -> value) the scenario is made of. */
  preset: string;
  set?: Record<string, unknown>;
  metrics: Metric[];
  /**
   * Run seeds 1..seeds in both simulators and judge every metric on its mean over the
   * runs (undefined: one run at the preset's seed). For cells where a random AQM decides:
   * the two simulators draw different random numbers, so one seed's counts differ by
   * chance (see MULTI_SEED).
   */
  seeds?: number;
}

export type Verdict = 'pass' | 'fail' | 'info';

export interface MetricResult {
  key: string;
  label: string;
  engine: number | null;
  ns2: number | null;
  /** engine / ns-2 - 1, or null when either is missing or ns-2's is 0. */
  diff: number | null;
  rel: number | null;
  verdict: Verdict;
  /** Why a tolerance was not applied (e.g. "ns-2 count 42 <= 100"). */
  note?: string;
  digits: number;
  /** Multi-seed cases: the number of runs averaged and the sample standard deviation over them. */
  seeds?: number;
  engineSd?: number | null;
  ns2Sd?: number | null;
}

const sum = (s: SummaryLike, k: 'retransmissions' | 'timeouts' | 'fastRetransmits' | 'packetsSent'): number => s.flows.reduce((a, f) => a + (f.kind === 'tcp' ? f[k] : 0), 0);
const tmax = (s: SummaryLike): number | null => {
  const tcp = s.flows.filter((f) => f.kind === 'tcp');
  if (tcp.length === 0 || tcp.some((f) => f.completionTime === null)) return null;
  return Math.max(...tcp.map((f) => f.completionTime as number));
};

/** Metric builders. */
function evenOdd(s: SummaryLike): number | null {
  let even = 0;
  let odd = 0;
  for (const f of s.flows) {
    if (f.flow % 2 === 0) even += f.goodputBps;
    else odd += f.goodputBps;
  }
  return odd > 0 ? even / odd : null;
}

export const M = {
  tmax: (rel?: number): Metric => ({ key: 'tmax', label: 'longest completion (s)', get: tmax, rel, digits: 3 }),
  G: (rel?: number): Metric => ({ key: 'G', label: 'goodput efficiency G', get: (s) => s.goodputEfficiency, rel, digits: 4 }),
  drops: (rel?: number, above?: number): Metric => ({ key: 'drops', label: 'bottleneck drops', get: (s) => s.bottleneck.drops, rel, above, digits: 0 }),
  early: (rel?: number, above?: number): Metric => ({ key: 'early', label: 'early (RED) drops', get: (s) => s.bottleneck.dropsEarly, rel, above, digits: 0 }),
  marks: (rel?: number, above?: number): Metric => ({ key: 'marks', label: 'ECN marks', get: (s) => s.bottleneck.marks, rel, above, digits: 0 }),
  retx: (rel?: number, above?: number): Metric => ({ key: 'retx', label: 'retransmissions', get: (s) => sum(s, 'retransmissions'), rel, above, digits: 0 }),
  timeouts: (rel?: number, above?: number): Metric => ({ key: 'timeouts', label: 'timeouts', get: (s) => sum(s, 'timeouts'), rel, above, digits: 0 }),
  fastRetx: (): Metric => ({ key: 'fastRetx', label: 'fast retransmits', get: (s) => sum(s, 'fastRetransmits'), digits: 0 }),
  sent: (rel?: number): Metric => ({ key: 'sent', label: 'data packets sent', get: (s) => sum(s, 'packetsSent'), rel, digits: 0 }),
  meanQueue: (rel?: number): Metric => ({ key: 'meanQueue', label: 'mean queue (packets)', get: (s) => s.bottleneck.meanQueuePackets, rel, digits: 2 }),
  util: (rel?: number): Metric => ({ key: 'util', label: 'utilization', get: (s) => s.bottleneck.utilization, rel, digits: 4 }),
  goodput: (rel?: number): Metric => ({ key: 'goodput', label: 'total goodput (b/s)', get: (s) => s.flows.reduce((a, f) => a + f.goodputBps, 0), rel, digits: 0 }),
  jain: (rel?: number): Metric => ({ key: 'jain', label: "Jain's index", get: (s) => s.fairness.jain, rel, digits: 3 }),
  /** rtt-unfair: goodput of the even-numbered flows over the odd-numbered (short over long round trips). */
  evenOdd: (rel?: number): Metric => ({ key: 'evenOdd', label: 'goodput even / odd flows', get: (s) => evenOdd(s), rel, digits: 3 }),
  exchanges: (rel?: number): Metric => ({ key: 'exchanges', label: 'web exchanges', get: (s) => s.web?.exchanges ?? null, rel, digits: 0 }),
  rt: (q: 'mean' | 'p10' | 'p50' | 'p90', rel?: number): Metric => ({ key: `rt.${q}`, label: `response time ${q} (s)`, get: (s) => s.web?.responseTime?.[q] ?? null, rel, digits: 4 }),
};

/** Compares one metric; see Metric for the rules. */
export function judgeMetric(m: Metric, engine: SummaryLike, ns2: SummaryLike): MetricResult {
  return judgeValues(m, m.get(engine), m.get(ns2));
}

function judgeValues(m: Metric, e: number | null, n: number | null): MetricResult {
  const diff = e !== null && n !== null && n !== 0 ? e / n - 1 : e !== null && n === 0 ? (e === 0 ? 0 : null) : null;
  const base = { key: m.key, label: m.label, engine: e, ns2: n, diff, rel: m.rel ?? null, digits: m.digits ?? 3 };
  if (m.rel === undefined) return { ...base, verdict: 'info' };
  if (m.above !== undefined && (n === null || n <= m.above)) return { ...base, rel: null, verdict: 'info', note: `ns-2 count ${n} <= ${m.above}: no tolerance` };
  if (e === null || n === null) return { ...base, verdict: e === n ? 'pass' : 'fail', note: e === null ? 'engine has no value' : 'ns-2 has no value' };
  const ok = n === 0 ? e === 0 : Math.abs(e / n - 1) <= m.rel;
  return { ...base, verdict: ok ? 'pass' : 'fail' };
}

/**
 * Compares one metric over several runs of each simulator (the same seeds 1..N): the
 * tolerance and the "ns-2 counts more than" rule apply to the means.
 */
export function judgeMetricSeeds(m: Metric, engines: readonly SummaryLike[], ns2s: readonly SummaryLike[]): MetricResult {
  if (engines.length === 1 && ns2s.length === 1) return judgeMetric(m, engines[0], ns2s[0]);
  const e = meanSd(engines.map((x) => m.get(x)));
  const n = meanSd(ns2s.map((x) => m.get(x)));
  return { ...judgeValues(m, e.mean, n.mean), seeds: engines.length, engineSd: e.sd, ns2Sd: n.sd };
}

/** Judges a case on its runs (one per seed, engine and ns-2 in the same seed order). */
export function judge(c: ValidationCase, engine: SummaryLike | readonly SummaryLike[], ns2: Ns2Result | readonly Ns2Result[]): MetricResult[] {
  const es = Array.isArray(engine) ? (engine as readonly SummaryLike[]) : [engine as SummaryLike];
  const ns = (Array.isArray(ns2) ? ns2 : [ns2]) as unknown as SummaryLike[];
  if (es.length !== ns.length) throw new Error(`validation case ${c.name}: ${es.length} engine runs but ${ns.length} ns-2 runs`);
  return c.metrics.map((m) => judgeMetricSeeds(m, es, ns));
}

/** The scenario of a case (a parsed copy of its preset with its fields changed). */
export function caseScenario(c: ValidationCase): Scenario {
  const p = presetByName(c.preset);
  if (!p) throw new Error(`validation case ${c.name}: no preset ${c.preset}`);
  const obj = cloneJson(p.scenario) as unknown as Record<string, unknown>;
  for (const [path, v] of Object.entries(c.set ?? {})) setPath(obj, path, v);
  const r = parseScenario(obj);
  if (!r.ok) throw new Error(`validation case ${c.name}: ${r.errors.join('; ')}`);
  return r.scenario;
}

// ---- suites ------------------------------------------------------------------------------

/**
 * The TCP settings under which the engine's sender and receiver follow ns-2's agents (the
 * seeds/001 presets have them). Cases built on other presets add them, so both simulators
 * run the same TCP; the export lists each of these as a difference otherwise.
 */
export const NS2_TCP: Readonly<Record<string, unknown>> = {
  'tcp.windowCut': 'ns2',
  'tcp.rtoEstimator': 'bsd-ticks',
  'tcp.recoverRule': 'strict',
  'tcp.duplicateAck': 'ns2',
  'tcp.fin': false,
  'tcp.recoveryExit': 'ssthresh',
  'tcp.recoveryBurst': 2,
  'tcp.rttSampling': 'ns2',
  'tcp.cwrOnRetransmit': true,
  'tcp.ecnSmallWindow': 'ns2',
};

/**
 * The multi-seed rule: a case whose scenario has a RED-family queue (RED, with or without
 * ECN, SC-RED, Adaptive RED) decides with random numbers, which the engine and ns-2 draw
 * differently; one seed's drop and mark counts then differ by chance (seeds001 n10 ecn-c
 * QL16, marks on seed 1: 203 vs 184, +10.3 %; over 8 seeds 192.6 ± 6.1 vs 182.8 ± 16.4).
 * Such cases of the seeds001 and seeds004 suites run seeds 1..MULTI_SEED in both simulators
 * and are judged on the means. Drop-tail cells are deterministic and stay at one seed:
 * there the two simulators must agree run for run.
 */
export const MULTI_SEED = 5;
const RED_FAMILY: ReadonlySet<string> = new Set(['red', 'sc-red', 'ared']);

/** Whether a case's scenario has a queue of the RED family (see MULTI_SEED). */
export function hasRandomAqm(c: ValidationCase): boolean {
  const t = caseScenario(c).topology;
  const qs = t.kind === 'dumbbell' ? [t.bottleneck.queue, t.bottleneck.reverseQueue] : t.links.flatMap((l) => [l.queue, l.reverseQueue]);
  return qs.some((q) => q !== undefined && RED_FAMILY.has(q.kind));
}

const multiSeed = (cases: ValidationCase[]): ValidationCase[] => cases.map((c) => (hasRandomAqm(c) ? { ...c, seeds: MULTI_SEED } : c));

const SEEDS001_MECHS: EcnFiniteMech[] = ['dt', 'red-c', 'red-a', 'ecn-c', 'ecn-a'];

/** seeds/001 cell metrics with the tolerances. */
function seeds001Metrics(ql: number): Metric[] {
  const counted = ql >= 16;
  return [
    M.tmax(0.01),
    M.G(0.01),
    M.drops(counted ? 0.1 : undefined, 100),
    M.retx(counted ? 0.1 : undefined, 100),
    M.marks(counted ? 0.1 : undefined, 100),
    M.early(),
    M.timeouts(),
    M.fastRetx(),
    M.meanQueue(),
  ];
}

function seeds001(): ValidationCase[] {
  const out: ValidationCase[] = [];
  out.push({ name: 'seeds001 baseline n1 dt QL39', suite: 'seeds001', preset: ecnFiniteName(1, 'dt', 64), set: { 'topology.bottleneck.queue.limit': 39 }, metrics: [M.tmax(0.01), M.G(0.01), M.drops(0), M.sent(0)] });
  out.push({ name: 'seeds001 baseline n1 dt QL38', suite: 'seeds001', preset: ecnFiniteName(1, 'dt', 64), set: { 'topology.bottleneck.queue.limit': 38 }, metrics: [M.tmax(0.01), M.G(0.01), M.drops(0.5), M.sent()] });
  for (const n of ECN_FINITE_CLIENTS)
    for (const mech of SEEDS001_MECHS)
      for (const ql of ECN_FINITE_QLS) out.push({ name: `seeds001 n${n} ${mech} QL${ql}`, suite: 'seeds001', preset: ecnFiniteName(n, mech, ql), metrics: seeds001Metrics(ql) });
  return multiSeed(out);
}

function basics(): ValidationCase[] {
  return [
    // Poisson arrivals: both simulators should sit near the M/D/1 mean (1.6 packets)
    { name: 'M/D/1 Poisson UDP into drop-tail', suite: 'basics', preset: 'md1-poisson', metrics: [M.meanQueue(0.05), M.util(0.02), M.drops()] },
    { name: 'CBR UDP at 120 % of the link, drop-tail 50', suite: 'basics', preset: 'md1-poisson', set: { 'traffic.0.pattern': 'cbr', 'traffic.0.rate': 12e6, 'topology.bottleneck.queue.limit': 50, duration: 20 }, metrics: [M.drops(0.01), M.util(0.001), M.meanQueue(0.02)] },
    { name: 'one Reno flow, 1 % random loss (square-root law)', suite: 'basics', preset: 'random-loss', set: NS2_TCP, metrics: [M.goodput(0.15), M.retx(0.15, 100), M.timeouts()] },
    // a 25 s measurement of 4 flows through random RED: utilization varies by ±2 % over seeds in either simulator
    { name: 'default: four Reno flows through RED', suite: 'basics', preset: 'default', set: NS2_TCP, metrics: [M.util(0.05), M.goodput(0.05), M.drops(0.2, 100), M.early(), M.meanQueue(0.2), M.jain()] },
    // two fixed RTT groups (flowDelay list, written to ns-2 as per-flow constants): the short / long
    // goodput ratio. Through drop-tail the run has nothing random and the ratio turns on the flows'
    // phases (Floyd and Jacobson 1992): with these TCP settings engine 1.82 against ns-2 2.42, while
    // starts spread over 0.1 s give 2.04 / 2.03, over 1 s 2.11 / 2.24, a 40-packet buffer 2.49 / 2.57,
    // a 60-packet one 1.85 / 1.77 (and the engine's default TCP 2.44 / 2.42): shown, not judged
    { name: 'rtt-unfair: 34 and 174 ms round trips through drop-tail', suite: 'basics', preset: 'rtt-unfair', set: NS2_TCP, metrics: [M.util(0.02), M.evenOdd(), M.drops(0.2, 100), M.meanQueue(0.1), M.jain()] },
    // without delayed ACKs Reno's short-RTT flows lose several packets a window and time out: the bias reverses in both
    { name: 'rtt-unfair, delayed ACKs off', suite: 'basics', preset: 'rtt-unfair', set: { ...NS2_TCP, 'tcp.delayedAck': false }, metrics: [M.util(0.02), M.evenOdd(0.15), M.drops(0.2, 100), M.timeouts(0.2), M.meanQueue(0.1)] },
    { name: 'rtt-unfair through RED', suite: 'basics', preset: 'rtt-unfair', set: { ...NS2_TCP, 'topology.bottleneck.queue.kind': 'red' }, metrics: [M.util(0.03), M.evenOdd(0.15), M.drops(0.2, 100), M.meanQueue(0.2), M.jain()] },
  ];
}

/**
 * The bench scenarios. bench-100-red (long-lived flows) is judged like the basics. A web
 * bench (bench-seeds000-full) follows the web suite's rule: the connection rate the engine
 * calibrated gives each simulator's own connection sequence its own offered load (the
 * full seeds/000 run at seeds 1-5, after the base-2 fix: ns-2 59-86 % busy per direction,
 * the engine 63-83 %; docs/ns2.md, "Web traffic"), and drops, queue and utilization follow that load, so one
 * seed's figures are shown for information, with the response-time quantiles beside them.
 */
function bench(): ValidationCase[] {
  return PRESETS.filter((p) => p.group === 'bench').map((p) => {
    // the web kinds are the ones with a load calibration (packmime, web-users, web-sessions)
    const web = p.scenario.traffic.some((t) => trafficByKind(t.kind)?.calibration !== undefined);
    const metrics = web
      ? [M.util(), M.drops(), M.meanQueue(), M.exchanges(), M.rt('p10'), M.rt('p50'), M.rt('p90')]
      : [M.util(0.02), M.goodput(0.05), M.drops(0.2, 100), M.meanQueue(0.2), M.retx(), M.timeouts(), M.jain()];
    return { name: p.name, suite: 'bench', preset: p.name, set: NS2_TCP, metrics };
  });
}

function seeds004(): ValidationCase[] {
  // SUBTCP and the modified increases (feng-fig17-*, feng-fig19-*) have no ns-2.35 equivalent: the export refuses them
  // self-configuring RED starts as ns-2.35's does (startStatus "ns2": max_p / alpha at the first arrival)
  return multiSeed(PRESETS.filter((p) => p.name.startsWith('feng-') && !p.scenario.tcp.subtcp && p.scenario.tcp.increase === 'linear').map((p) => ({ name: p.name, suite: 'seeds004', preset: p.name, set: { ...NS2_TCP, ...scRedAsNs2(p.scenario) }, metrics: [M.util(0.05), M.goodput(0.05), M.drops(), M.marks(0.1, 100), M.meanQueue(0.1), M.jain()] })));
}

/** `--set` keys that start every self-configuring RED queue of a general topology as ns-2.35 does. */
export function scRedAsNs2(s: Scenario): Record<string, string> {
  const out: Record<string, string> = {};
  if (s.topology.kind !== 'general') return out;
  s.topology.links.forEach((l, i) => {
    if (l.queue?.kind === 'sc-red') out[`topology.links.${i}.queue.startStatus`] = 'ns2';
    if (l.reverseQueue?.kind === 'sc-red') out[`topology.links.${i}.reverseQueue.startStatus`] = 'ns2';
  });
  return out;
}

/**
 * Web traffic (PackMime-HTTP; DelayBox delays): ns-2 draws its own connections, whose
 * count over a run varies by about 20 % between random streams (the model's long-range
 * dependence), so exchange counts, utilization and drops are information; the response-time
 * quantiles of the uncongested cases are judged (docs/web.md gives their spread over seeds).
 */
function web(): ValidationCase[] {
  const traffic = [{ kind: 'packmime', rate: 60, direction: 'forward', start: 0 }];
  // FullTcp's delayed-ACK timer is a clock ticking every interval_ (tcp-full.cc)
  const base = { duration: 110, warmup: 10, 'topology.left.hosts': 2, 'topology.right.hosts': 3, 'topology.bottleneck.delay': 0.001, 'topology.left.delay': 0.001, 'topology.right.delay': 0.001, 'tcp.delayedAckTimer': 'clock', traffic };
  // response-time quantiles are judged: the two simulators draw different connections (so
  // utilization and exchange counts are information only), but the distribution of response
  // times must agree; a connection delayed twice or a delayed ACK held the whole timeout
  // instead of until FullTcp's clock tick moved the median by 75 % or more (docs/web.md)
  const judged = (tol: { p10: number; p50: number; p90: number }) => [M.exchanges(), M.rt('p10', tol.p10), M.rt('p50', tol.p50), M.rt('p90', tol.p90), M.rt('mean'), M.util(), M.drops()];
  // seeds/000's set-up (the web-dt148-80 lesson): two-way PackMime, its RTT table in DelayBox, Table 2 TCP
  const seeds000 = (rate: number, bottleneck: number, limit: number, duration: number) => ({
    ...NS2_TCP,
    duration,
    warmup: 10,
    'topology.bottleneck.rate': bottleneck,
    'topology.bottleneck.queue': { kind: 'droptail', limit, unit: 'packets' },
    traffic: [{ kind: 'packmime', rate, direction: 'both', start: 0 }],
  });
  return [
    { name: 'PackMime 60/s, uncongested 10 Mb/s, 6 ms RTT', suite: 'web', preset: 'default', set: { ...NS2_TCP, ...base }, metrics: judged({ p10: 0.05, p50: 0.15, p90: 0.12 }) },
    { name: 'PackMime 60/s, DelayBox RTTs 10-150 ms', suite: 'web', preset: 'default', set: { ...NS2_TCP, ...base, 'topology.flowDelay': { kind: 'uniform', min: 0.005, max: 0.075 } }, metrics: judged({ p10: 0.05, p50: 0.08, p90: 0.08 }) },
    { name: 'seeds000 two-way PackMime 50/s, uncongested 100 Mb/s', suite: 'web', preset: 'web-dt148-80', set: seeds000(50, 100e6, 1000, 50), metrics: judged({ p10: 0.12, p50: 0.05, p90: 0.08 }) },
    // congested, the response times follow the offered load, which each simulator's own
    // connection sequence sets: at one seed the two offer different loads (after the base-2
    // fix of PackMime's laws, 2026-11-26, seeds 1-5: ns-2's forward utilization 0.47-0.78,
    // the engine's 0.63-0.77, and single-seed quantiles up to 23 % apart in the direction
    // of the load difference; docs/web.md). Judged on the means over seeds 1-5, where the
    // loads even out (then p10 / p50 / p90 +0.9 / +1.1 / +3.3 %)
    { name: 'seeds000 two-way PackMime 100/s, DT-148q 10 Mb/s', suite: 'web', preset: 'web-dt148-80', set: seeds000(100, 10e6, 148, 40), seeds: MULTI_SEED, metrics: judged({ p10: 0.08, p50: 0.08, p90: 0.1 }) },
    // seeds/003's web sessions (ns-2's PagePool/WebTraf, each object one FullTcp connection),
    // 100 open-loop sessions on an uncongested 10 Mb/s link: session, page and object laws,
    // handshake, request, response. Over seeds 1-4 (engine vs ns-2, before open loop's
    // per-slot streams): p10 +2.5 to +11.5 %, p50 -1.3 to +3.5 %, p90 +0.1 to +5.1 %
    // (docs/web.md); judged on the preset's seed 2. With the per-slot streams (2026-11-30)
    // seeds 1-4 give p10 +5.6 to +13.7 %, p50 +0.5 to +5.6 %, p90 -3.1 to +7.7 %; seed 2's
    // engine link is the busiest (51 % against ns-2's 27 %): +8.1 / +5.6 / +7.7 %
    { name: 'seeds003 web sessions 100, uncongested 10 Mb/s', suite: 'web', preset: 'web100-redstar-90', set: { ...NS2_TCP, duration: 30, warmup: 10, 'topology.bottleneck.rate': 10e6, 'topology.bottleneck.queue': { kind: 'droptail', limit: 1000, unit: 'packets' }, 'tcp.ecn': false, 'tcp.delayedAckTimer': 'clock', traffic: [{ kind: 'web-sessions', sessions: 100, direction: 'forward', openLoop: true }] }, metrics: judged({ p10: 0.15, p50: 0.08, p90: 0.1 }) },
  ];
}

/**
 * The AQM catalogue on long-lived flows (docs/aqm.md): the seeds/002 PI, REM and ARED
 * lessons and seeds/000's ARED lessons, as ns-2.35's Queue/PI, Queue/REM and Queue/RED
 * adaptive_ 1 run them. Each AQM holds the queue where its parameters say, so the mean
 * queue and utilization are judged, and, with NewReno run as ns-2 runs it (NS2_TCP:
 * recoveryExit, recoveryBurst, rttSampling), the drops and marks too.
 */
function aqm(): ValidationCase[] {
  return PRESETS.filter((p) => /^(le-|seeds000-ared)/.test(p.name)).map((p) => ({
    name: p.name,
    suite: 'aqm',
    preset: p.name,
    set: NS2_TCP,
    metrics: [M.util(0.03), M.meanQueue(0.1), M.drops(0.1, 100), M.marks(0.1, 100), M.goodput(0.05), M.jain()],
  }));
}

/** Every case of every suite. */
export function allCases(): ValidationCase[] {
  return [...seeds001(), ...basics(), ...seeds004(), ...aqm(), ...web(), ...bench()];
}

/**
 * The subset `npm test` runs (a few minutes on two cores): the seeds/001 baseline, one
 * cell per mechanism and client count at small and large QL, and the basics.
 */
export const QUICK_CASES = [
  'seeds001 baseline n1 dt QL39',
  'seeds001 baseline n1 dt QL38',
  'seeds001 n2 dt QL16',
  'seeds001 n2 dt QL64',
  'seeds001 n2 red-c QL32',
  'seeds001 n2 ecn-a QL16',
  'seeds001 n5 red-a QL64',
  'seeds001 n5 ecn-c QL32',
  'seeds001 n10 dt QL16',
  'seeds001 n10 ecn-a QL32',
  'M/D/1 Poisson UDP into drop-tail',
  'CBR UDP at 120 % of the link, drop-tail 50',
  'seeds000-ared-5ms',
  'seeds000-ared-ecn-5ms',
  // 100 NewReno flows: ns-2's Newreno recovery (recoveryExit, recoveryBurst, rttSampling)
  'le-pi-240',
  // bulk flows that stop (24 of 32 connections leave at 80 s and 160 s): FTP stop in ns-2
  'feng-fig7-aggressive',
  // RED* (aboveMaxTh "mark"): ECT packets marked above max_th (mark_p_ 2 in ns-2)
  'feng-fig5-120',
  'seeds000 two-way PackMime 50/s, uncongested 100 Mb/s',
  // web response times through a congested drop-tail queue, over seeds 1-5 (one seed's loads differ)
  'seeds000 two-way PackMime 100/s, DT-148q 10 Mb/s',
];

export const SUITES = ['seeds001', 'basics', 'seeds004', 'aqm', 'web', 'bench', 'quick'] as const;

/** Cases of the named suites ("quick" = QUICK_CASES); names may also be case-name globs. */
export function selectCases(names: readonly string[]): ValidationCase[] {
  const all = allCases();
  if (names.length === 0) return all.filter((c) => c.suite !== 'bench');
  const out: ValidationCase[] = [];
  for (const n of names) {
    let hit: ValidationCase[];
    // the quick subset keeps each case's seeds: its seven RED-family cases at five seeds
    // took 16.7 s instead of 3.6 s (+13 s on `npm test`, 2 shared cores)
    if (n === 'quick') hit = all.filter((c) => QUICK_CASES.includes(c.name));
    else if ((SUITES as readonly string[]).includes(n)) hit = all.filter((c) => c.suite === n);
    else {
      const re = new RegExp('^' + n.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*').replace(/\?/g, '.') + '$', 'i');
      hit = all.filter((c) => re.test(c.name));
    }
    if (hit.length === 0) throw new Error(`no validation case or suite matches "${n}"; suites: ${SUITES.join(', ')}; a case glob matches the whole name, e.g. 'seeds001 n2 *' (--list lists the cases)`);
    for (const c of hit) if (!out.some((o) => o.name === c.name)) out.push(c);
  }
  return out;
}
