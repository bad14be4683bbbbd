import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { scalingScenario } from '../../bench/bench';
import { presetByName } from '../../../src/engine/scenario/presets';
import type { Scenario } from '../../../src/engine/scenario/schema';

/**
 * The ns-2 scripts of the bench configure the same scenario as the presets they stand
 * beside: every knob of tests/bench/ns2/<name>.tcl is compared with the preset's value
 * (a speed comparison of two different scenarios would mean nothing).
 */
const NS2 = resolve(__dirname, '../../bench/ns2');

/** The `array set cfg { key value ... }` block of a script, as a map (Tcl words split on white space). */
function cfgOf(file: string): Map<string, string> {
  const text = readFileSync(join(NS2, file), 'utf8');
  const m = /array set cfg \{([\s\S]*?)\n\}/.exec(text) ?? /array set cfg \[list([\s\S]*?)\]\n/.exec(text);
  if (!m) throw new Error(`${file}: no cfg block`);
  const words = m[1]
    .replace(/\\\n/g, ' ')
    .replace(/\[expr \{([^}]*)\}\]/g, (_x, e: string) => `[expr{${e.replace(/\s/g, '')}}]`)
    .split(/\s+/)
    .filter((w) => w !== '');
  const out = new Map<string, string>();
  for (let i = 0; i + 1 < words.length; i += 2) out.set(words[i], words[i + 1]);
  return out;
}

/** ns-2 rates and delays: "10Mb" -> 1e7, "0.5ms" -> 0.0005. */
function tclNumber(v: string): number {
  const m = /^([\d.e+-]+)(Gb|Mb|Kb|ms|us)?$/.exec(v);
  if (!m) return NaN;
  const scale: Record<string, number> = { Gb: 1e9, Mb: 1e6, Kb: 1e3, ms: 1e-3, us: 1e-6 };
  return Number(m[1]) * (m[2] ? scale[m[2]] : 1);
}

function expectSame(cfg: Map<string, string>, s: Scenario, label: string): void {
  const t = s.tcp;
  const n = (k: string) => tclNumber(cfg.get(k) ?? 'NaN');
  const b = (k: string) => ['true', '1'].includes(cfg.get(k) ?? '');
  const eq = (k: string, got: number | boolean | string, want: number | boolean | string) => expect(got, `${label}: ${k}`).toBe(want);
  for (const k of ['mss', 'headerBytes', 'ackBytes', 'initialCwnd', 'rwnd', 'tick', 'minRto', 'maxRto', 'initialRto', 'dupackThreshold', 'delayedAckTimeout'] as const) eq(k, n(k), t[k]);
  eq('delayedAck', b('delayedAck'), t.delayedAck);
  eq('variant', cfg.get('variant')!, t.variant);
  eq('ecn', b('ecn'), t.ecn);
  if (s.topology.kind !== 'dumbbell') throw new Error('dumbbells only');
  const topo = s.topology;
  eq('leftHosts', n('leftHosts'), topo.left.hosts);
  eq('rightHosts', n('rightHosts'), topo.right.hosts);
  eq('leftRate', n('leftRate'), topo.left.rate);
  eq('rightRate', n('rightRate'), topo.right.rate);
  expect(n('leftDelay'), `${label}: leftDelay`).toBeCloseTo(topo.left.delay, 12);
  expect(n('rightDelay'), `${label}: rightDelay`).toBeCloseTo(topo.right.delay, 12);
  eq('bottleneckRate', n('bottleneckRate'), topo.bottleneck.rate);
  expect(n('bottleneckDelay'), `${label}: bottleneckDelay`).toBeCloseTo(topo.bottleneck.delay, 12);
  eq('loss', topo.bottleneck.loss, 0);
  const bulk = s.traffic.filter((x) => x.kind === 'bulk') as { flows: number; bytes?: number; start: number; startSpread: number; from?: string }[];
  expect(bulk.length, `${label}: one bulk item`).toBe(1);
  eq('flows', n('flows'), bulk[0].flows);
  eq('bytes', n('bytes'), bulk[0].bytes ?? -1);
  eq('start', n('start'), bulk[0].start);
  eq('startSpread', n('startSpread'), bulk[0].startSpread);
  eq('from', bulk[0].from ?? 'left', 'left');
  eq('duration', n('duration'), s.duration ?? 36000);
  const q = topo.bottleneck.queue;
  expect(topo.bottleneck.reverseQueue, `${label}: one queue spec for both directions`).toBeUndefined();
  eq('unit', q.unit, 'packets');
  if (q.kind === 'droptail') {
    eq('queue', cfg.get('queue')!, 'DropTail');
    // ns-2 DropTail drops when waiting + 1 >= limit_: our "ns2" rule; "waiting" needs limit_ = limit + 1
    eq('limit', n('limit'), q.countRule === 'ns2' ? (q.limit as number) : (q.limit as number) + 1);
  } else {
    eq('queue', cfg.get('queue')!, 'RED');
    eq('limit', n('limit'), q.limit as number);
    for (const k of ['minTh', 'maxTh', 'maxP', 'wq', 'meanPktSize'] as const) eq(k, n(k), q[k] as number);
    eq('gentle', b('gentle'), q.gentle as boolean);
    eq('wait', b('wait'), q.wait as boolean);
    eq('redEcn', b('redEcn'), q.ecn as boolean);
    eq('mode', q.mode as string, 'packet');
    eq('aboveMaxTh', q.aboveMaxTh as string, 'drop');
  }
}

describe('ns-2 twins of the bench scenarios', () => {
  for (const name of ['bench-100-red', 'ecn-finite-n10-dt-ql64', 'ecn-finite-n10-ecn-a-ql8', 'ecn-finite-n10-ecn-a-ql32'])
    it(`${name}.tcl sets every knob to the preset's value`, () => {
      expectSame(cfgOf(`${name}.tcl`), presetByName(name)!.scenario, name);
    });

  it('scaling.tcl with the arguments the bench passes is the scaling scenario', () => {
    for (const [flows, rate] of [
      [10, 1e9],
      [10000, 1e9],
      [100, 10e6],
      [100, 10e9],
    ]) {
      const { scenario, ns2Args } = scalingScenario(flows, rate);
      const [, f, r, d, limit, rwnd] = ns2Args;
      // substitute the script's $variables by the arguments, as Tcl would
      const vars: Record<string, string> = { flows: f, rate: r, duration: d, limit, rwnd };
      const cfg = new Map<string, string>();
      for (const [k, v] of cfgOf('scaling.tcl')) cfg.set(k, v === '[expr{10.0*$rate}]' ? String(10 * Number(r)) : v.startsWith('$') ? vars[v.slice(1)] : v);
      expectSame(cfg, scenario, `scaling ${flows} ${rate}`);
    }
  });
});
