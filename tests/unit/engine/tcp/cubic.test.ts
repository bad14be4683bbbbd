/**
 * CUBIC (RFC 9438, src/engine/tcp/cubic.ts): the window rules by hand against the RFC's
 * equations, then one flow through a drop-tail bottleneck, whose time between congestion
 * events is the analysis's: K = cbrt((W_max - cwnd_epoch) / C) on a long fat path, where
 * Reno would need hundreds of RTTs; (W_max - cwnd_epoch) / α_cubic RTTs in the Reno-friendly
 * region of a short path.
 */
import { describe, expect, it } from 'vitest';
import { CubicState, cubicCut, cubicK, cubicOpen, wCubic, type CubicSender } from '../../../../src/engine/tcp/cubic';
import { runScenario } from '../../../../src/engine/run';
import { parseScenario } from '../../../../src/engine/scenario/schema';
import type { FlowEvent } from '../../../../src/engine/net/agent';

const C = 0.4;
const BETA = 0.7;

function sender(cwnd: number, over: Partial<CubicSender['params']> = {}, rttS = 0.1, rwndSegs = 1e6): CubicSender {
  return { cwnd, ssthresh: 2, rwndSegs, params: { cubicC: C, cubicBeta: BETA, fastConvergence: true, ...over }, rttNs: () => rttS * 1e9 };
}

describe('the window rules (RFC 9438 §4)', () => {
  it('W_cubic(K) = W_max, concave before K and convex after (eq. 1, 2)', () => {
    const k = cubicK(C, 100, 70);
    expect(k).toBeCloseTo(Math.cbrt(30 / 0.4), 12);
    expect(wCubic(C, k, 100, 0)).toBeCloseTo(70, 9);
    expect(wCubic(C, k, 100, k)).toBe(100);
    // symmetric about K: as far below W_max at K - d as above it at K + d
    expect(100 - wCubic(C, k, 100, k - 1)).toBeCloseTo(wCubic(C, k, 100, k + 1) - 100, 12);
    expect(cubicK(C, 100, 120)).toBe(0);
  });

  it('a congestion event: ssthresh = β x FlightSize (at least 2), W_max = the window, lowered by fast convergence below the last W_max (§4.6-4.7)', () => {
    const s = sender(100);
    const st = new CubicState();
    expect(cubicCut(s, st, 100, 90, false)).toBeCloseTo(63, 12);
    expect(st.wMax).toBe(100);
    // the next event at a smaller window: fast convergence
    expect(cubicCut(s, st, 80, 80, false)).toBeCloseTo(56, 12);
    expect(st.wMax).toBeCloseTo((80 * (1 + BETA)) / 2, 12);
    // without it, W_max is the window
    const t = new CubicState();
    t.wMax = 100;
    cubicCut(sender(80, { fastConvergence: false }), t, 80, 80, false);
    expect(t.wMax).toBe(80);
    expect(cubicCut(s, st, 2, 1, false)).toBe(2);
  });

  it('per ACK cwnd moves (W_cubic(t + RTT) - cwnd) / cwnd, at most half a segment: 1.5 cwnd is the cap (§4.4)', () => {
    const s = sender(70, { fastConvergence: false });
    const st = new CubicState();
    cubicCut(s, st, 100, 100, false);
    st.now = 5e9;
    st.ackedSegs = 1;
    cubicOpen(s, st);
    // the stage starts at this ACK: K from W_max 100 and cwnd_epoch 70 (at t = 0 W_cubic = 70 is below W_est: Reno-friendly)
    expect(st.epochStart).toBe(5e9);
    expect(st.k).toBeCloseTo(Math.cbrt(30 / C), 12);
    // one second on, the cubic (86.6) is far above W_est (about 70.01): cwnd moves towards W_cubic(t + RTT)
    st.now = 6e9;
    const cwnd = s.cwnd;
    cubicOpen(s, st);
    const target = wCubic(C, st.k, 100, 1.1);
    expect(st.wEst).toBeLessThan(71);
    expect(s.cwnd).toBeCloseTo(cwnd + (target - cwnd) / cwnd, 12);
    // far past K the cubic is far above: the step is capped at (1.5 cwnd - cwnd) / cwnd = 0.5
    st.now = 5e9 + 60e9;
    const before = s.cwnd;
    cubicOpen(s, st);
    expect(s.cwnd - before).toBeCloseTo(0.5, 12);
  });

  it('the Reno-friendly region: while W_cubic(t) is below W_est, cwnd = W_est, grown α = 3(1 - β)/(1 + β) segments per window of ACKs (§4.3)', () => {
    const s = sender(14, { fastConvergence: false });
    const st = new CubicState();
    cubicCut(s, st, 20, 20, false);
    st.ackedSegs = 1;
    // one window of ACKs 1 ms apart (a 14 ms RTT): Reno's α per RTT is 38 segments/s, the
    // cubic's slope at its start 3 C K^2 = 7.3 segments/s (K = cbrt(6 / 0.4) = 2.5 s)
    let expected = 14;
    for (let i = 0; i < 14; i++) {
      st.now = i * 1e6;
      const cwnd = s.cwnd;
      cubicOpen(s, st);
      expected += (3 * (1 - BETA)) / (1 + BETA) / cwnd;
    }
    expect(st.wEst).toBeCloseTo(expected, 12);
    expect(s.cwnd).toBe(st.wEst);
    // about α in one window (a little less: cwnd grows within it)
    expect(s.cwnd - 14).toBeGreaterThan(0.5);
    expect(s.cwnd - 14).toBeLessThan((3 * (1 - BETA)) / (1 + BETA));
  });

  it('after a timeout the next stage starts with K = 0 and W_max = its first window (§4.8); a sender held by the receiver window does not grow', () => {
    const s = sender(5);
    const st = new CubicState();
    cubicCut(s, st, 100, 100, true);
    st.now = 1e9;
    st.ackedSegs = 1;
    cubicOpen(s, st);
    expect(st.wMax).toBe(5);
    expect(st.k).toBe(0);
    const held = sender(44, {}, 0.1, 44);
    const h = new CubicState();
    cubicOpen(held, h);
    expect(held.cwnd).toBe(44);
    expect(h.epochStart).toBe(-1);
  });
});

/** One CUBIC (or Reno) bulk flow through a drop-tail bottleneck; the flow's fast retransmits. */
function oneFlow(rate: number, bottleneckDelay: number, limit: number, duration: number, tcp: Record<string, unknown>) {
  const p = parseScenario({
    version: 1,
    duration,
    seed: 1,
    topology: {
      kind: 'dumbbell',
      bottleneck: { rate, delay: bottleneckDelay, queue: { kind: 'droptail', limit } },
      left: { hosts: 1, rate: 10 * rate, delay: 0.001 },
      right: { hosts: 1, rate: 10 * rate, delay: 0.001 },
    },
    tcp: { mss: 1460, headerBytes: 40, rwnd: 1e8, delayedAck: false, initialCwnd: 10, ...tcp },
    traffic: [{ kind: 'bulk', flows: 1, start: 0, startSpread: 0 }],
  });
  if (!p.ok) throw new Error(p.errors.join('\n'));
  const cuts: FlowEvent[] = [];
  const timeouts: FlowEvent[] = [];
  const r = runScenario(p.scenario, { flowEvent: (e) => (e.kind === 'fast-retransmit' ? cuts.push(e) : e.kind === 'timeout' ? timeouts.push(e) : undefined) });
  return { cuts, timeouts, summary: r.summary };
}

/** The window a fast retransmit happened at: its note says "cwnd was X". */
const windowAt = (e: FlowEvent) => Number(/cwnd was ([\d.]+)/.exec(e.note ?? '')![1]);

describe('one CUBIC flow through a drop-tail bottleneck', () => {
  it('100 Mb/s, 100 ms: the time between congestion events follows the cubic, about K = cbrt((W_max - β W_max) / C) = 9 s, where Reno needs W/2 RTTs', () => {
    // BDP 100 Mb/s x 100 ms = 833 segments of 1500 bytes, and 200 of buffer: W_max about 1,035
    const { cuts, timeouts, summary } = oneFlow(100e6, 0.048, 200, 80, { cc: 'cubic', fastConvergence: false, variant: 'sack' });
    expect(timeouts).toHaveLength(0);
    expect(summary.bottleneck.utilization).toBeGreaterThan(0.95);
    // the first cut ends slow start; the stages after it are CUBIC's own
    const stages = cuts.slice(1);
    expect(stages.length).toBeGreaterThanOrEqual(7);
    for (let i = 0; i + 1 < stages.length; i++) {
      const wMax = windowAt(stages[i]);
      expect(wMax).toBeGreaterThan(1000);
      expect(wMax).toBeLessThan(1070);
      // the stage starts from ssthresh = β x FlightSize; the window regrows along the cubic to
      // the next event's window after t* = K + cbrt((W_next - W_max) / C) (W_max is a little
      // above what the path holds, so the plateau makes t* a little shorter than K); that event
      // is seen an RTT (0.1-0.12 s) after the overflow, and the stage began at the recovery's
      // end, one to two RTTs after its event
      const k = cubicK(C, wMax, stages[i].ssthresh!);
      const tStar = k + Math.cbrt((windowAt(stages[i + 1]) - wMax) / C);
      const gap = stages[i + 1].t - stages[i].t;
      expect(tStar).toBeGreaterThan(7);
      expect(gap - tStar).toBeGreaterThan(0);
      expect(gap - tStar).toBeLessThan(0.5);
    }
    // Reno on the same path: +1 segment per RTT from 520 to 1,035 takes about 515 RTTs, over 50 s
    const reno = oneFlow(100e6, 0.048, 200, 80, { cc: 'reno', variant: 'sack' });
    const renoStages = reno.cuts.slice(1);
    expect(renoStages.length).toBeLessThanOrEqual(2);
    if (renoStages.length === 2) expect(renoStages[1].t - renoStages[0].t).toBeGreaterThan(50);
  });

  it('10 Mb/s, 20 ms: the Reno-friendly region, a congestion event every (W - β W) / α RTTs, well before K', () => {
    // BDP 10 Mb/s x 20 ms = 16.7 segments, and 20 of buffer: W about 38, K = cbrt(12 / 0.4) = 3.1 s
    const { cuts, timeouts } = oneFlow(10e6, 0.008, 20, 30, { cc: 'cubic', fastConvergence: false, variant: 'newreno' });
    // slow start's overshoot ends in timeouts; from 3 s on the flow is in its steady cycle
    expect(timeouts.every((e) => e.t < 3)).toBe(true);
    const stages = cuts.filter((e) => e.t > 3);
    expect(stages.length).toBeGreaterThan(20);
    const alpha = (3 * (1 - BETA)) / (1 + BETA);
    for (let i = 0; i + 1 < stages.length; i++) {
      const w = windowAt(stages[i]);
      const grow = w - stages[i].ssthresh!;
      const gap = stages[i + 1].t - stages[i].t;
      // grow / α RTTs (recovery leaves cwnd up to one segment below ssthresh), an RTT between
      // 20 ms (empty queue) and 44 ms (full), plus about two RTTs to see the loss and recover
      expect(gap).toBeGreaterThan((grow / alpha) * 0.02);
      expect(gap).toBeLessThan(((grow + 1) / alpha + 2) * 0.044);
      expect(gap).toBeLessThan(cubicK(C, w, stages[i].ssthresh!) / 2);
    }
  });
});

describe('CUBIC in a scenario', () => {
  it('cannot be combined with ns-2\'s window arithmetic or SUBTCP: the message names the field and what to use', () => {
    const base = { version: 1, duration: 5, topology: { kind: 'dumbbell' }, traffic: [{ kind: 'bulk', flows: 1 }] };
    const a = parseScenario({ ...base, tcp: { cc: 'cubic', windowCut: 'ns2' } });
    expect(a.ok).toBe(false);
    if (!a.ok) expect(a.errors).toEqual([expect.stringMatching(/^tcp\.windowCut: windowCut = "ns2" .* cannot be combined with cc = "cubic".*use windowCut = "rfc5681" or cc = "reno"$/)]);
    const b = parseScenario({ ...base, traffic: [{ kind: 'bulk', flows: 1, tcp: { cc: 'cubic', subtcp: true } }] });
    expect(b.ok).toBe(false);
    if (!b.ok) expect(b.errors).toEqual([expect.stringMatching(/^traffic\.0\.tcp\.subtcp: subtcp = true \(SUBTCP.* cc = "cubic"/)]);
    expect(parseScenario({ ...base, tcp: { cc: 'cubic' } }).ok).toBe(true);
  });

  it('a conflict is said once, not again for each item with a TCP override of its own (seeds/001 Table IV: { ecn: true } for one client)', () => {
    const base = { version: 1, duration: 5, topology: { kind: 'dumbbell' }, traffic: [{ kind: 'bulk', flows: 1 }, { kind: 'bulk', flows: 1, tcp: { ecn: true } }, { kind: 'bulk', flows: 1, tcp: { subtcp: true } }] };
    const r = parseScenario({ ...base, tcp: { cc: 'cubic', windowCut: 'ns2' } });
    expect(r.ok ? [] : r.errors).toEqual([
      'tcp.windowCut: windowCut = "ns2" (ns-2\'s halving) cannot be combined with cc = "cubic", which cuts to β x FlightSize (RFC 9438 §4.6); use windowCut = "rfc5681" or cc = "reno"',
      // the item's own subtcp is said, naming the scenario's cc it meets
      'traffic.2.tcp.subtcp: subtcp = true (SUBTCP, seeds/004) cannot be combined with tcp.cc = "cubic"; use subtcp = false or cc = "reno"',
    ]);
  });

  it("an item's own cc = cubic against the scenario's windowCut: the message starts with the item's field and says where the other is", () => {
    const base = { version: 1, duration: 5, topology: { kind: 'dumbbell' }, tcp: { windowCut: 'ns2', subtcp: true, increase: 'scaled' } };
    const r = parseScenario({ ...base, traffic: [{ kind: 'bulk', flows: 1 }, { kind: 'bulk', flows: 1, tcp: { cc: 'cubic' } }] });
    expect(r.ok ? [] : r.errors).toEqual([
      'traffic.1.tcp.cc: cc = "cubic", which cuts to β x FlightSize (RFC 9438 §4.6), cannot be combined with tcp.windowCut = "ns2" (ns-2\'s halving); use traffic.1.tcp.windowCut = "rfc5681" or cc = "reno"',
      'traffic.1.tcp.cc: cc = "cubic" cannot be combined with tcp.subtcp = true (SUBTCP, seeds/004); use traffic.1.tcp.subtcp = false or cc = "reno"',
      'traffic.1.tcp.cc: cc = "cubic", which has its own increase, cannot be combined with tcp.increase = "scaled" (seeds/004); use traffic.1.tcp.increase = "linear" or cc = "reno"',
    ]);
    // following the advice is accepted
    expect(parseScenario({ ...base, traffic: [{ kind: 'bulk', flows: 1 }, { kind: 'bulk', flows: 1, tcp: { cc: 'cubic', windowCut: 'rfc5681', subtcp: false, increase: 'linear' } }] }).ok).toBe(true);
  });
});
