import { describe, expect, test } from 'vitest';
import { exportQueue } from '../../../src/ns2/aqm';
import { exportNs2, Ns2ExportError } from '../../../src/ns2/export';
import { exportTraffic } from '../../../src/ns2/traffic';
import { presetScenario } from '../../../src/engine/scenario/presets';
import { parseScenario, type QueueConfig, type Scenario } from '../../../src/engine/scenario/schema';
import { flowDelays } from '../../../src/engine/sim-run';

/**
 * The ns-2 export (src/ns2): the script sets every knob the scenario fixes, lists what has
 * no exact ns-2 equivalent, and refuses what ns-2.35 cannot express with a message naming
 * the field. Running the scripts in ns-2 is tests/golden/ns2.test.ts.
 */

function preset(name: string): Scenario {
  const s = presetScenario(name);
  if (!s) throw new Error(name);
  return s;
}

/** The `apply_conf` settings written for the queue of link a -> b, as a map. */
function queueConf(script: string, a: number, b: number): Record<string, string> {
  const m = new RegExp(`apply_conf \\[\\[\\$ns link \\$n\\(${a}\\) \\$n\\(${b}\\)\\] queue\\] \\{([^}]*)\\}`).exec(script);
  if (!m) throw new Error(`no queue settings for ${a} -> ${b}`);
  const w = m[1].split(' ');
  const out: Record<string, string> = {};
  for (let i = 0; i < w.length; i += 2) out[w[i]] = w[i + 1];
  return out;
}

function tcpConf(script: string, k = 0): Record<string, string> {
  const m = new RegExp(`set agentConf\\(${k}\\) \\{([^}]*)\\}`).exec(script);
  if (!m) throw new Error('no agent settings');
  const w = m[1].split(' ');
  const out: Record<string, string> = {};
  for (let i = 0; i < w.length; i += 2) out[w[i]] = w[i + 1];
  return out;
}

describe('ns-2 export of the seeds/001 presets', () => {
  test('RED with the paper\'s thresholds, ns-2 hard limit, explicit knobs, and the bottleneck in both directions', () => {
    const { script, notes } = exportNs2(preset('ecn-finite-n2-red-c-ql32'));
    // dumbbell: L0, R0, R1, routerL (3), routerR (4)
    expect(script).toContain('$ns simplex-link $n(3) $n(4) 1500000 0.02 RED');
    expect(script).toContain('$ns simplex-link $n(4) $n(3) 1500000 0.02 RED');
    const q = queueConf(script, 3, 4);
    expect(q).toMatchObject({ limit_: '32', thresh_: '10', maxthresh_: '30', linterm_: '50', q_weight_: '0.002', gentle_: 'true', wait_: 'true', setbit_: 'false', use_mark_p_: 'false', bytes_: 'false', queue_in_bytes_: 'false', mean_pktsize_: '500', adaptive_: '0' });
    // access links: 10 Mb/s, 0.5 ms, 1000-packet drop-tail ("waiting" rule = ns-2 limit_ 1001)
    expect(script).toContain('$ns simplex-link $n(0) $n(3) 10000000 0.0005 DropTail');
    expect(queueConf(script, 0, 3).limit_).toBe('1001');
    // both flows from L0 to R0 and R1, 20 MiB each, starting at 0
    expect(script).toMatch(/tcp_flow 0 \$agentClass\(0\) \$agentConf\(0\) \$sinkClass\(0\) \$sinkConf\(0\) \$n\(0\) \$n\(1\) 0 20971520/);
    expect(script).toMatch(/tcp_flow 1 .* \$n\(0\) \$n\(2\) 0 20971520/);
    expect(script).toContain('set agentClass(0) Agent/TCP/Reno');
    expect(script).toContain('set sinkClass(0) Agent/TCPSink/DelAck');
    expect(tcpConf(script)).toMatchObject({ packetSize_: '1460', useHeaders_: 'false', window_: '44', windowInit_: '1', tcpTick_: '0.1', minrto_: '0.2', singledup_: '0', ecn_: '0', precisionReduce_: 'true', bugFix_: 'true', maxburst_: '0' });
    expect(script).toMatch(/set sinkConf\(0\) \{packetSize_ 40 .*interval_ 0.1\}/);
    expect(script).toContain('set fwd [watch_link $n(3) $n(4) 1]');
    // the presets set the TCP rules ns-2 uses, so only the whole-packet note remains for TCP
    expect(notes.map((n) => n.field)).toEqual(['traffic.0.bytes']);
    expect(script).toMatch(/^# Result fields: maxQueuePackets, /m);
    expect(script).toMatch(/^# - traffic\.0\.bytes: ns-2 one-way TCP sends whole packets/m);
  });

  test('drop-tail: countRule "ns2" is ns-2\'s rule; "waiting" is the same rule with limit_ one larger', () => {
    const s = preset('ecn-finite-n1-dt-ql64');
    expect(queueConf(exportNs2(s).script, 2, 3)).toMatchObject({ limit_: '64', queue_in_bytes_: 'false' });
    (s.topology as { bottleneck: { queue: QueueConfig } }).bottleneck.queue.countRule = 'waiting';
    expect(queueConf(exportNs2(s).script, 2, 3).limit_).toBe('65');
    // bytes: mean_pktsize_ 1 makes limit_ a byte count
    const b = exportQueue({ kind: 'droptail', limit: 30000, unit: 'bytes', countRule: 'ns2' }, { path: 'q', linkRateBps: 1e6, note: () => {} });
    expect(Object.fromEntries(b.settings)).toMatchObject({ limit_: '30000', queue_in_bytes_: 'true', mean_pktsize_: '1' });
  });

  test('ECN above max_th: "drop" marks only while p_b < max_p (use_mark_p_, mark_p_ = max_p), RED* always marks (mark_p_ above the p = 1 of that region: ns-2.35 tests p_b < mark_p_), new gentle uses the forced branch', () => {
    const base = { kind: 'red', limit: 100, unit: 'packets', countRule: 'waiting', minTh: 10, maxTh: 30, maxP: 0.1, wq: 0.002, gentle: true, wait: true, ecn: true, mode: 'packet', meanPktSize: 500 };
    const conf = (above: string) => Object.fromEntries(exportQueue({ ...base, aboveMaxTh: above } as QueueConfig, { path: 'q', linkRateBps: 1e6, note: () => {} }).settings);
    expect(conf('drop')).toMatchObject({ setbit_: 'true', use_mark_p_: 'true', mark_p_: '0.1' });
    expect(conf('mark')).toMatchObject({ use_mark_p_: 'true', mark_p_: '2' });
    expect(conf('new-gentle')).toMatchObject({ use_mark_p_: 'false' });
  });

  test('the default scenario lists every TCP rule ns-2 does differently', () => {
    const { script, notes } = exportNs2(preset('default'));
    const fields = notes.map((n) => n.field);
    for (const f of ['tcp.fin', 'tcp.windowCut', 'tcp.rtoEstimator', 'tcp.recoverRule', 'tcp.duplicateAck']) expect(fields).toContain(f);
    for (const n of notes) expect(script).toContain(`# - ${n.field}:`);
    expect(tcpConf(script)).toMatchObject({ useHeaders_: 'true', tcpip_base_hdr_size_: '40', tcpTick_: '0.01' });
  });
});

describe('ns-2 export of other scenario features', () => {
  test('per-flow delays: each flow end gets a private node whose outgoing link carries the engine\'s draw', () => {
    const r = parseScenario({
      version: 1,
      seed: 3,
      duration: 10,
      topology: { kind: 'dumbbell', bottleneck: { rate: 10e6, delay: 0.01, queue: { kind: 'droptail', limit: 100 } }, left: { hosts: 2 }, right: { hosts: 2 }, flowDelay: { kind: 'uniform', min: 0.005, max: 0.075 } },
      traffic: [{ kind: 'bulk', flows: 3 }],
    });
    if (!r.ok) throw new Error(r.errors.join());
    const { script } = exportNs2(r.scenario);
    const d = flowDelays(3, { kind: 'uniform', min: 0.005, max: 0.075 }, 3);
    d.forEach((x, f) => {
      expect(script).toContain(`$ns simplex-link $vs(${f}) $n(${f % 2}) 1000000000000 ${x} DropTail`);
      expect(script).toContain(`$ns simplex-link $vr(${f}) $n(${2 + (f % 2)}) 1000000000000 ${x} DropTail`);
      expect(script).toContain(`$ns simplex-link $n(${f % 2}) $vs(${f}) 1000000000000 0 DropTail`);
      expect(script).toMatch(new RegExp(`tcp_flow ${f} .* \\$vs\\(${f}\\) \\$vr\\(${f}\\) 0 -1`));
    });
  });

  test('random loss, UDP CBR and Poisson, general topology', () => {
    const loss = exportNs2(preset('random-loss')).script;
    expect(loss).toContain('$em set rate_ 0.01');
    expect(loss).toContain('$em set bandwidth_ 10000000');
    expect(loss.match(/\$ns lossmodel \$em/g)).toHaveLength(2); // each direction
    const md1 = exportNs2(preset('md1-poisson'));
    expect(md1.script).toContain('udp_flow 0 poisson 8000000 1000 $n(0) $n(1) 0 ""');
    expect(md1.notes.map((n) => n.field)).toContain('traffic.0.pattern');
    const feng = exportNs2(preset('feng-fig12')).script;
    expect(feng).toMatch(/set n\(\d+\) \[\$ns node\] ;# A/);
    expect(feng).toMatch(/set fwd \[watch_link \$n\(\d+\) \$n\(\d+\) 1\]/);
  });

  test('what ns-2.35 cannot express is refused, naming the field', () => {
    const ctx = { path: 'topology.bottleneck.queue', linkRateBps: 1e6, note: () => {} };
    const codel = () => exportQueue({ kind: 'codel', limit: 100 } as QueueConfig, ctx);
    expect(codel).toThrow(Ns2ExportError);
    expect(codel).toThrow(/^topology\.bottleneck\.queue\.kind: "codel" cannot be exported: ns-2\.35 has no CoDel/);
    expect(() => exportQueue({ kind: 'fancy' } as QueueConfig, ctx)).toThrow(/^topology\.bottleneck\.queue\.kind: "fancy" cannot be exported: no ns-2 export for queue kind "fancy" yet; exportable kinds: droptail, red, ared/);
    const tctx = { path: 'traffic.2' } as Parameters<typeof exportTraffic>[1];
    expect(() => exportTraffic({ kind: 'telepathy' } as never, tctx)).toThrow(/^traffic\.2\.kind: "telepathy" cannot be exported/);
    expect(() => exportTraffic({ kind: 'web-users' } as never, tctx)).toThrow(/^traffic\.2\.kind: "web-users" cannot be exported: ns-2\.35 has no model of seeds\/002's browsing users/);
  });

  test('a link with framing is refused, naming the field: ns-2.35 links have no per-packet overhead', () => {
    const framed = (path: string, json: Record<string, unknown>) => {
      const r = parseScenario(json);
      if (!r.ok) throw new Error(r.errors.join('; '));
      expect(() => exportNs2(r.scenario)).toThrow(new RegExp(`^${path.replace(/\./g, '\\.')}\\.framing: "ethernet" cannot be exported: ns-2\\.35 links have no per-packet framing`));
      return r.scenario;
    };
    const bulk = { kind: 'bulk', flows: 1 };
    framed('topology.bottleneck', { version: 1, duration: 1, topology: { kind: 'dumbbell', bottleneck: { framing: 'ethernet' } }, traffic: [bulk] });
    framed('topology.links.1', {
      version: 1,
      duration: 1,
      topology: { kind: 'general', nodes: [{ name: 'a' }, { name: 'r' }, { name: 'b' }], links: [{ from: 'a', to: 'r' }, { from: 'r', to: 'b', framing: 'ethernet' }] },
      traffic: [{ kind: 'bulk', flows: 1, src: 'a', dst: 'b' }],
    });
    // "none" (the default) exports as before
    const plain = parseScenario({ version: 1, duration: 1, topology: { kind: 'dumbbell', bottleneck: { framing: 'none' } }, traffic: [bulk] });
    expect(plain.ok && exportNs2(plain.scenario).script).toMatch(/\$ns simplex-link/);
  });

  test('PackMime web traffic: one PackMimeHTTP per direction with the engine\'s client/server rotation, DelayBox routers with per-connection delays', () => {
    const json = {
      version: 1,
      seed: 3,
      duration: 40,
      warmup: 10,
      topology: { kind: 'dumbbell', bottleneck: { rate: 10e6, delay: 0.001, queue: { kind: 'droptail', limit: 100 } }, left: { hosts: 2 }, right: { hosts: 3 }, flowDelay: { kind: 'uniform', min: 0.005, max: 0.075 } },
      traffic: [{ kind: 'packmime', rate: 60, direction: 'both', persistent: true }],
    };
    const r = parseScenario(json);
    if (!r.ok) throw new Error(r.errors.join());
    const { script, notes } = exportNs2(r.scenario);
    // hosts L0 L1 (0, 1), R0 R1 R2 (2, 3, 4); router 5 is the one DelayBox node: a rule
    // matches its host pair both ways, so a second DelayBox with rules would delay every
    // packet twice (ns-2's response times came out twice as long)
    expect(script).toContain('set n(5) [$ns DelayBox]');
    expect(script).toContain('set n(6) [$ns node]');
    const rules = [...script.matchAll(/^\$n\((\d+)\) add-rule \[\$n\((\d+)\) id\] \[\$n\((\d+)\) id\]/gm)];
    expect(new Set(rules.map((r) => r[1]))).toEqual(new Set(['5']));
    // one rule per client/server host pair (2 x 3), whichever direction first used it
    const pairs = rules.map((r) => [Number(r[2]), Number(r[3])].sort().join('-'));
    expect(pairs.length).toBe(6);
    expect(new Set(pairs).size).toBe(6);
    // forward: servers on the left, clients on the right; engine connection k uses client k % 3, server k % 2,
    // ns-2 starts its rotation at entry 1, so entry 0 holds the engine's last pair (k = 5)
    expect(script).toContain('pm_flow 0 [list $n(4) $n(2) $n(3) $n(4) $n(2) $n(3)] [list $n(1) $n(0) $n(1) $n(0) $n(1) $n(0)] 60 1 Newreno 0 "" 3');
    expect(script).toMatch(/pm_flow 1 \[list \$n\(1\) \$n\(0\) \$n\(1\) .*\] 60 1 Newreno/);
    // delays in ms, one draw per connection, applied by the client-side router both ways
    expect(script).toContain('$db_rv set min_ 5; $db_rv set max_ 75');
    expect(script).toContain('$n(5) add-rule [$n(2) id] [$n(0) id] $db_rv $db_zero');
    // ns-2's own PackMime set-up keeps a client-side and a server-side draw, one per router
    const own = parseScenario({ ...json, topology: { ...json.topology, flowDelay: { kind: 'packmime' } } });
    if (!own.ok) throw new Error(own.errors.join());
    const two = exportNs2(own.scenario).script;
    expect(two).toContain('set n(6) [$ns DelayBox]');
    expect(two).toContain('$n(6) add-rule [$n(2) id] [$n(0) id] $db_rvc $db_zero');
    expect(two).toContain('$n(5) add-rule [$n(2) id] [$n(0) id] $db_rvs $db_zero');
    expect(script).toMatch(/Agent\/TCP\/FullTcp set \$k \$v/);
    expect(notes.map((n) => n.field)).toEqual(expect.arrayContaining(['traffic.0', 'topology.flowDelay']));
  });

  test('web traffic: a load needs the engine\'s calibration', () => {
    const base = { version: 1, seed: 1, duration: 20, topology: { kind: 'dumbbell', bottleneck: { rate: 10e6, delay: 0.01, queue: { kind: 'droptail', limit: 100 } }, left: { hosts: 1 }, right: { hosts: 1 } } };
    const r = parseScenario({ ...base, traffic: [{ kind: 'packmime', load: 0.5 }] });
    if (!r.ok) throw new Error(r.errors.join());
    expect(() => exportNs2(r.scenario)).toThrow(/^traffic\.0\.load: an offered load \(0\.5\) becomes a connection rate only by calibration runs/);
    const cal = { item: 0, load: 0.5, param: 'rate' as const, value: 71.5, measured: 0.5, runs: 3, fixed: {} };
    // packmime's default direction is forward: one cloud pair, and the rate is that direction's
    const one = exportNs2(r.scenario, { calibrations: [cal] });
    expect(one.script).toContain('pm_flow 0 [list $n(1)] [list $n(0)] 71.5 0 Newreno');
    expect(one.script.match(/^pm_flow /gm) ?? []).toHaveLength(1);
    const note = one.notes.find((n) => n.field === 'traffic.0.load')!.text;
    expect(note).toContain('71.5 per second in the forward direction');
    // ns-2 offers another load at the same rate, by tens of points at one seed (web-dt148-80,
    // seed 3: 66 % busy forward against the engine's 87 %): the note must not promise a few percent
    expect(note).toContain('at equal utilization');
    expect(note).not.toMatch(/a few percent/);
    const two = parseScenario({ ...base, traffic: [{ kind: 'packmime', load: 0.5, direction: 'both' }] });
    if (!two.ok) throw new Error(two.errors.join());
    const both = exportNs2(two.scenario, { calibrations: [cal] });
    expect(both.script.match(/^pm_flow /gm) ?? []).toHaveLength(2);
    expect(both.notes.find((n) => n.field === 'traffic.0.load')!.text).toContain('71.5 per second per direction');
  });

  test('the AQM catalogue: ARED and self-configuring RED as Queue/RED adaptive_, PI as Queue/PI, REM as Queue/REM; a missing parameter is named', () => {
    const ctx = { path: 'topology.bottleneck.queue', linkRateBps: 10e6, note: () => {} };
    const red = { kind: 'red', limit: 200, unit: 'packets', countRule: 'waiting', minTh: 0, maxTh: 0, maxP: 0.1, wq: 0, gentle: true, wait: false, ecn: false, aboveMaxTh: 'drop', mode: 'packet', meanPktSize: 500 };
    const ared = { ...red, kind: 'ared', targetDelay: 0.005, interval: 0.5, alpha: 0.01, beta: 0.9, top: 0.5, bottom: 0.01, adapt: 'ns2', gentleLine: 'initial', wqRule: 'paper', markP: 1 };
    const a = Object.fromEntries(exportQueue(ared as QueueConfig, ctx).settings);
    // automatic thresholds and weight left to ns-2's identical rule (0), the adaptation's knobs explicit
    expect(a).toMatchObject({ adaptive_: '1', feng_adaptive_: '0', thresh_: '0', maxthresh_: '0', q_weight_: '0', gentle_: 'true', targetdelay_: '0.005', interval_: '0.5', alpha_: '0.01', beta_: '0.9', top_: '0.5', bottom_: '0.01', linterm_: '10' });
    expect(Object.fromEntries(exportQueue({ ...ared, wqRule: 'ns2' } as QueueConfig, ctx).settings).q_weight_).toBe('-1');
    const notes: string[] = [];
    exportQueue({ ...ared, adapt: 'paper', gentleLine: 'current' } as QueueConfig, { ...ctx, note: (f) => notes.push(f) });
    expect(notes).toEqual(['topology.bottleneck.queue.adapt', 'topology.bottleneck.queue.gentleLine']);
    const scq = { ...red, kind: 'sc-red', minTh: 20, maxTh: 100, maxP: 0.02, alpha: 3, beta: 2, startStatus: 'below' } as QueueConfig;
    const scNotes: string[] = [];
    const sc = Object.fromEntries(exportQueue(scq, { ...ctx, note: (f) => scNotes.push(f) }).settings);
    expect(sc).toMatchObject({ adaptive_: '1', feng_adaptive_: '1', alpha_: '3', beta_: '2', thresh_: '20', maxthresh_: '100', linterm_: '50' });
    // ns-2's status starts Above (never set in red.h): only startStatus "ns2" runs the engine alike
    expect(scNotes).toContain('topology.bottleneck.queue.startStatus');
    const nsNotes: string[] = [];
    exportQueue({ ...scq, startStatus: 'ns2' } as QueueConfig, { ...ctx, note: (f) => nsNotes.push(f) });
    expect(nsNotes).not.toContain('topology.bottleneck.queue.startStatus');
    const pi = exportQueue({ kind: 'pi', limit: 600, unit: 'bytes', countRule: 'waiting', meanPktSize: 1000, a: 1.822e-5, b: 1.816e-5, w: 170, qRef: 62000, ecn: true, mode: 'packet' } as QueueConfig, ctx);
    expect(pi.nsClass).toBe('PI');
    expect(Object.fromEntries(pi.settings)).toMatchObject({ limit_: '1', queue_in_bytes_: 'true', mean_pktsize_: '1000', a_: '0.00001822', b_: '0.00001816', w_: '170', qref_: '62', setbit_: 'true', bytes_: 'false' });
    const rem = exportQueue({ kind: 'rem', limit: 300, unit: 'packets', countRule: 'waiting', meanPktSize: 1500, bStar: 20, gamma: 0.001, phi: 1.001, alpha: 0.1, interval: 0.002, inw: 1, ecn: false, markAt: 'enqueue', mode: 'packet' } as QueueConfig, ctx);
    expect(rem.nsClass).toBe('REM');
    expect(Object.fromEntries(rem.settings)).toMatchObject({ limit_: '300', qib_: 'false', gamma_: '0.001', phi_: '1.001', inw_: '1', pupdtime_: '0.002', pbo_: '20', markpkts_: 'false' });
    expect(() => exportQueue({ kind: 'pi', limit: 100, unit: 'packets', meanPktSize: 500, a: 1e-5, b: 1e-5, w: 170 } as QueueConfig, ctx)).toThrow(/^topology\.bottleneck\.queue\.qRef: missing/);
    expect(() => exportQueue({ kind: 'codel' } as QueueConfig, ctx)).toThrow(/exportable kinds: droptail, red, ared, sc-red, pi, rem/);
  });
});

describe('ns-2 export of NewReno', () => {
  const newreno = (tcp: Record<string, unknown>) => {
    const base = preset('default') as unknown as Record<string, unknown>;
    const r = parseScenario({ ...base, tcp: { ...(base.tcp as object), variant: 'newreno', ...tcp } });
    if (!r.ok) throw new Error(r.errors.join('; '));
    return exportNs2(r.scenario);
  };

  test('recoveryExit maps to exit_recovery_fix_; the recovery rules ns-2 cannot change are listed', () => {
    const std = newreno({});
    expect(tcpConf(std.script)).toMatchObject({ newreno_changes_: '0', newreno_changes1_: '1', partial_window_deflation_: '1', exit_recovery_fix_: '1', SetCWRonRetransmit_: 'false' });
    const fields = std.notes.map((n) => n.field);
    for (const f of ['tcp.recoveryBurst', 'tcp.rttSampling']) expect(fields).toContain(f);
    // as ns-2 runs it: no note about recovery left
    const ns2 = newreno({ recoveryExit: 'ssthresh', recoveryBurst: 2, rttSampling: 'ns2', cwrOnRetransmit: true, windowCut: 'ns2', rtoEstimator: 'bsd-ticks', recoverRule: 'strict', duplicateAck: 'ns2', fin: false });
    expect(tcpConf(ns2.script)).toMatchObject({ exit_recovery_fix_: '0', SetCWRonRetransmit_: 'true' });
    expect(ns2.notes.map((n) => n.field).filter((f) => f.startsWith('tcp.') && f !== 'tcp.variant')).toEqual([]);
  });
});

describe('ns-2 export of ECN senders that set CWR on new data only', () => {
  const fig17 = (tcp: Record<string, unknown>) => {
    const base = preset('feng-fig17-normal') as unknown as Record<string, unknown>;
    const r = parseScenario({ ...base, tcp: { ...(base.tcp as object), ...tcp } });
    if (!r.ok) throw new Error(r.errors.join('; '));
    return exportNs2(r.scenario);
  };

  // With CWR on new data only, ns-2 also sets CWR on a resend of the highest packet sent; the
  // engine does that only under ecnSmallWindow "ns2" (seeds/004 Fig. 17's normal TCP lost 21 %
  // fewer packets in ns-2 without it, seed 1): with "hold" the script says what to set
  test('cwrOnRetransmit false with ECN is listed at the top of the script unless ecnSmallWindow is "ns2"', () => {
    const rfc = fig17({ cwrOnRetransmit: false, ecnSmallWindow: 'hold' });
    expect(tcpConf(rfc.script)).toMatchObject({ SetCWRonRetransmit_: 'false', ecn_: '1' });
    const note = rfc.notes.find((n) => n.field === 'tcp.cwrOnRetransmit');
    expect(note?.text).toContain('tcp.ecnSmallWindow=ns2');
    expect(rfc.script).toContain('# - tcp.cwrOnRetransmit:');
    // with ns-2's rules for ECN senders, or CWR on retransmissions (as npm run validate runs it),
    // or without ECN (no CWR at all): nothing to list
    const ns2 = fig17({ cwrOnRetransmit: false, ecnSmallWindow: 'ns2' });
    expect(tcpConf(ns2.script)).toMatchObject({ SetCWRonRetransmit_: 'false' });
    expect(ns2.notes.map((n) => n.field)).not.toContain('tcp.cwrOnRetransmit');
    expect(fig17({ cwrOnRetransmit: true }).notes.map((n) => n.field)).not.toContain('tcp.cwrOnRetransmit');
    const noEcn = fig17({ cwrOnRetransmit: false, ecn: false, ecnSmallWindow: 'hold' });
    expect(noEcn.notes.map((n) => n.field)).not.toContain('tcp.cwrOnRetransmit');
  });
});
