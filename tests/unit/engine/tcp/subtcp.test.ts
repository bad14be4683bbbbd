/**
 * SUBTCP and the modified increases (seeds/004 §4, Figs. 11, 15, 16): the window rules by
 * hand, and a sender whose every segment is CE-marked going below one segment per RTT,
 * spacing its segments sub_scale x RTT apart.
 */
import { describe, expect, it } from 'vitest';
import { ECN_ECT0 } from '../../../../src/engine/net/packet';
import { cutAtOne, MAX_SUB_SCALE, openWindow, type SubSender } from '../../../../src/engine/tcp/subtcp';
import { oneFlow } from './fake-net';

function sender(over: Partial<SubSender> & { increase?: string; subtcp?: boolean } = {}): SubSender {
  return {
    cwnd: over.cwnd ?? 1,
    ssthresh: over.ssthresh ?? 2,
    subScale: over.subScale ?? 1,
    ackEce: false,
    params: { subtcp: over.subtcp ?? true, increase: over.increase ?? 'linear', scaledStep: 0.25, bandwidthIncrease: 0.01 },
  };
}

describe('window rules (Figs. 11, 15, 16)', () => {
  it('Fig. 11: a cut at cwnd 1 doubles sub_scale; each new ACK at cwnd 1 halves it (not reset), down to 1', () => {
    const s = sender();
    cutAtOne(s);
    cutAtOne(s);
    cutAtOne(s);
    expect(s.subScale).toBe(8);
    openWindow(s);
    expect([s.cwnd, s.subScale]).toEqual([1, 4]);
    openWindow(s);
    openWindow(s);
    expect([s.cwnd, s.subScale]).toEqual([1, 1]);
    openWindow(s); // now normal TCP: slow start below ssthresh 2
    expect([s.cwnd, s.subScale]).toEqual([2, 1]);
    for (let i = 0; i < 20; i++) cutAtOne(s);
    expect(s.subScale).toBe(MAX_SUB_SCALE);
  });

  it('Fig. 15: scaled sub-linear increase takes 1/4 off sub_scale per ACK', () => {
    const s = sender({ increase: 'scaled', subScale: 2 });
    openWindow(s);
    expect(s.subScale).toBe(1.75);
    for (let i = 0; i < 3; i++) openWindow(s);
    expect([s.cwnd, s.subScale]).toEqual([1, 1]);
  });

  it('Fig. 16: bandwidth-based increase grows the effective window 1 % per RTT, below one segment too', () => {
    // w = 10 in congestion avoidance: ten ACKs (one RTT) add 10 x 0.01: 1 % more
    const s = sender({ increase: 'bandwidth', cwnd: 10, ssthresh: 5 });
    for (let i = 0; i < 10; i++) openWindow(s);
    expect(s.cwnd).toBeCloseTo(10.1, 12);
    // w = 1/4 (one segment per 4 RTTs): the one ACK of 4 RTTs adds 0.01 = 4 x 1 % of 0.25
    const t = sender({ increase: 'bandwidth', cwnd: 1, subScale: 4 });
    openWindow(t);
    expect(t.cwnd).toBe(1);
    expect(1 / t.subScale).toBeCloseTo(0.26, 12);
    // crossing one segment: the window leaves sub_scale
    const v = sender({ increase: 'bandwidth', cwnd: 1, subScale: 1 / 0.995 });
    openWindow(v);
    expect(v.cwnd).toBeCloseTo(1.005, 12);
    expect(v.subScale).toBe(1);
    // slow start is left alone
    const u = sender({ increase: 'bandwidth', cwnd: 2, ssthresh: 64 });
    openWindow(u);
    expect(u.cwnd).toBe(3);
  });

  it('without SUBTCP a cut at cwnd 1 does not change sub_scale (linear or scaled)', () => {
    const s = sender({ subtcp: false, increase: 'scaled' });
    cutAtOne(s);
    expect(s.subScale).toBe(1);
  });
});

describe('a SUBTCP sender below one segment per RTT', () => {
  // windowCut ns2: an ECN cut halves W (ns-2 slowdown), so cwnd reaches 1 (RFC 5681's ssthresh floor of 2 would keep it at 2)
  const TCP = { mss: 1000, rwnd: 64000, delayedAck: false, tick: 0.001, minRto: 1, ecn: true, subtcp: true, windowCut: 'ns2' as const };
  it('every segment marked: sub_scale doubles at each cut at cwnd 1, and segments go out sub_scale x RTT apart', () => {
    // 20 ms RTT; from 0.5 s on every ECT data packet is CE-marked
    const { net, sender } = oneFlow({ forward: { rateBps: 100e6, delayS: 0.01 }, events: true, filter: (n, p, from) => (from === 0 && n.pool.ecn[p] === ECN_ECT0 && n.now() > 0.5e9 ? 'mark' : 'pass') }, TCP, { bytes: null });
    net.run(6);
    expect(sender.cwnd).toBe(1);
    expect(sender.subScale).toBeGreaterThanOrEqual(8);
    // after each cut at cwnd 1 the next data segment waits the announced sub_scale x RTT,
    // and the waits double from cut to cut (one segment per 2, 4, 8 ... RTTs)
    const cuts = net.events('ecn-cut').filter((e) => /SUBTCP/.test(e.note ?? ''));
    expect(cuts.length).toBeGreaterThanOrEqual(3);
    const sends = net.dataSent(0).map((r) => r.t / 1e9);
    const waits = cuts.map((c) => Number(/after ([\d.]+) s/.exec(c.note!)![1]));
    cuts.forEach((c, i) => {
      const next = sends.find((t) => t > c.t + 1e-9);
      if (next !== undefined) expect(next - c.t).toBeGreaterThanOrEqual(waits[i] - 1e-6);
    });
    for (let i = 1; i < waits.length; i++) expect(waits[i]).toBeGreaterThan(1.5 * waits[i - 1]);
    // no loss, no timeout: the sender just slowed down
    expect([sender.retransmissions, sender.timeouts]).toEqual([0, 0]);
    expect(net.events('ecn-cut').some((e) => /SUBTCP/.test(e.note ?? ''))).toBe(true);
  });
});
