/**
 * The AQM cross-check against ns-2.35 (docs/aqm.md): ARED (Queue/RED adaptive_ 1), PI
 * (Queue/PI) and REM (Queue/REM) on the same long-lived-flow scenario in the engine and
 * in ns-2, through the ns-2 export (src/ns2). To the exported script it adds a sampler of
 * the AQM's own variable (cur_max_p_, PI's and REM's prob_) every 10 ms after the warm-up.
 * Prints one table; asserts nothing (run: npx tsx tests/ns2/aqm-crosscheck.ts [filter]).
 *
 * The scenario: 10 Mb/s, 20 ms dumbbell, n NewReno flows (1460-byte packets, no header
 * bytes, ns-2's TCP behaviours: windowCut, RTO estimator, recovery test, DelAck duplicate
 * rule, no FIN), 100 s with a 20 s warm-up. ARED is run twice in the engine: with the
 * paper's algorithm (the default) and with ns-2.35's quirks turned on (adapt "ns2",
 * gentleLine "initial").
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findNs2 } from '../../src/cli/ns2-run';
import { runScenario } from '../../src/engine/run';
import { parseScenario, type Scenario } from '../../src/engine/scenario/schema';
import { exportNs2 } from '../../src/ns2/export';
import { parseNs2Output } from '../../src/ns2/result';

const NS2_TCP = { windowCut: 'ns2', rtoEstimator: 'bsd-ticks', recoverRule: 'strict', duplicateAck: 'ns2', fin: false, headerBytes: 0 };

function scenario(queue: Record<string, unknown>, flows: number, ecn = false): Scenario {
  const r = parseScenario({
    version: 1,
    seed: 1,
    duration: 100,
    warmup: 20,
    topology: {
      kind: 'dumbbell',
      bottleneck: { rate: 10e6, delay: 0.02, queue: { ...queue, ...(ecn ? { ecn: true } : {}) } },
      left: { hosts: flows, rate: 100e6, delay: 0.001 },
      right: { hosts: flows, rate: 100e6, delay: 0.001 },
    },
    tcp: { variant: 'newreno', ...NS2_TCP, ecn },
    traffic: [{ kind: 'bulk', from: 'left', flows, start: 0, startSpread: 1 }],
  });
  if (!r.ok) throw new Error(r.errors.join('\n'));
  return r.scenario;
}

interface Case {
  name: string;
  /** The engine's variable (summary.bottleneck.aqm.means key) and ns-2's bound variable. */
  engineVar: string;
  nsVar: string;
  /** ns-2's variable to the engine's (REM: price from prob_). */
  fromNs?: (v: number) => number;
  scenario: Scenario;
  /** The engine run with ns-2's quirks, when they differ from the default. */
  quirks?: Scenario;
}

const PHI = 1.001;
const priceOf = (p: number) => (p > 0 ? -Math.log(1 - p) / Math.log(PHI) : 0);

function cases(): Case[] {
  const out: Case[] = [];
  // reference without AQM: how far TCP alone puts the two simulators apart
  for (const n of [10, 50]) out.push({ name: `drop-tail 240 (reference), ${n} flows`, engineVar: '', nsVar: 'limit_', scenario: scenario({ kind: 'droptail', limit: 240 }, n) });
  for (const n of [10, 50]) {
    const ared = { kind: 'ared', limit: 1000, meanPktSize: 1460 };
    out.push({ name: `ARED, ${n} flows`, engineVar: 'maxP', nsVar: 'cur_max_p_', scenario: scenario(ared, n), quirks: scenario({ ...ared, adapt: 'ns2', gentleLine: 'initial' }, n) });
  }
  for (const n of [10, 50]) out.push({ name: `PI q_ref 240, ${n} flows`, engineVar: 'p', nsVar: 'prob_', scenario: scenario({ kind: 'pi', limit: 1000, qRef: 240 }, n) });
  out.push({ name: 'PI q_ref 240, 50 flows, ECN', engineVar: 'p', nsVar: 'prob_', scenario: scenario({ kind: 'pi', limit: 1000, qRef: 240 }, 50, true) });
  for (const n of [10, 50]) out.push({ name: `REM b* 240, ${n} flows`, engineVar: 'price', nsVar: 'prob_', fromNs: priceOf, scenario: scenario({ kind: 'rem', limit: 1000, bStar: 240, meanPktSize: 1460 }, n) });
  out.push({
    name: 'REM b* 240, 50 flows, ECN',
    engineVar: 'price',
    nsVar: 'prob_',
    fromNs: priceOf,
    scenario: scenario({ kind: 'rem', limit: 1000, bStar: 240, meanPktSize: 1460, markAt: 'enqueue' }, 50, true),
    quirks: scenario({ kind: 'rem', limit: 1000, bStar: 240, meanPktSize: 1460, markAt: 'dequeue' }, 50, true),
  });
  return out;
}

/** Runs the exported script with a sampler of `v` on the bottleneck queue; the time average after the warm-up. */
function runNs(bin: string, s: Scenario, v: string, dir: string): { summary: ReturnType<typeof parseNs2Output>; mean: number } {
  const exp = exportNs2(s);
  const [a, b] = exp.bottleneck;
  const sampler = [
    `set aqmq [[$ns link $n(${a}) $n(${b})] queue]`,
    'set aqm_sum 0.0',
    'set aqm_n 0',
    `proc aqm_sample {} { global ns aqmq aqm_sum aqm_n; set aqm_sum [expr {$aqm_sum + [$aqmq set ${v}]}]; incr aqm_n; $ns at [expr {[$ns now] + 0.01}] aqm_sample }`,
    `$ns at ${s.warmup} aqm_sample`,
    `$ns at ${(s.duration ?? 0) - 1e-6} {puts "{\\"aqmMean\\":[expr {$aqm_n > 0 ? $aqm_sum / $aqm_n : 0}]}"}`,
    '',
  ].join('\n');
  const script = exp.script.replace('# ---- run ----', `${sampler}# ---- run ----`);
  const file = join(dir, 'x.tcl');
  writeFileSync(file, script);
  const out = execFileSync(bin, [file], { encoding: 'utf8', maxBuffer: 1 << 26 });
  const m = /\{"aqmMean":([-\d.e+]+)\}/.exec(out);
  return { summary: parseNs2Output(out), mean: m ? Number(m[1]) : NaN };
}

const f = (x: number | null | undefined, d = 1) => (x === null || x === undefined || !Number.isFinite(x) ? '-' : x.toFixed(d));

function main(): void {
  const bin = findNs2();
  if (!bin) throw new Error('ns-2.35 not found (apt-get install ns2)');
  const filter = new RegExp(process.argv[2] ?? '.', 'i');
  const dir = mkdtempSync(join(tmpdir(), 'aqm-xc-'));
  const rows: string[][] = [['case', 'run', 'util %', 'mean q', 'drops', 'early', 'marks', 'settled var']];
  try {
    for (const c of cases().filter((x) => filter.test(x.name))) {
      const ns = runNs(bin, c.scenario, c.nsVar, dir);
      const nb = ns.summary?.bottleneck;
      const nsVal = c.fromNs ? c.fromNs(ns.mean) : ns.mean;
      const show = (v: number) => (c.engineVar ? `${c.engineVar} ${v.toPrecision(4)}` : '');
      rows.push([c.name, 'ns-2.35', f((nb?.utilization ?? NaN) * 100), f(nb?.meanQueuePackets), String(nb?.drops ?? '-'), String(nb?.dropsEarly ?? '-'), String(nb?.marks ?? '-'), show(nsVal)]);
      for (const [label, s] of [['engine', c.scenario], ...(c.quirks ? [['engine, ns-2 quirks', c.quirks]] : [])] as [string, Scenario][]) {
        const b = runScenario(s).summary.bottleneck;
        rows.push(['', label, f(b.utilization * 100), f(b.meanQueuePackets), String(b.drops), String(b.dropsEarly), String(b.marks), show(b.aqm?.means[c.engineVar] ?? NaN)]);
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const w = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  for (const r of rows) console.log(r.map((c, i) => (i < 2 ? c.padEnd(w[i]) : c.padStart(w[i]))).join('  '));
}

main();
