import { describe, expect, test } from 'vitest';
import { fromSeconds } from '../../../../src/engine/core/time';
import { ECN_ECT0, ECN_NOT_ECT, F_ACK, F_CWR, F_FIN, F_SYN } from '../../../../src/engine/net/packet';
import type { TcpParams } from '../../../../src/engine/tcp/params';
import { TcpReceiver } from '../../../../src/engine/tcp/receiver';
import { RtoEstimator } from '../../../../src/engine/tcp/rto';
import { dropFirst, oneFlow, RecordingNet, tcpParams, type Verdict } from './fake-net';

/**
 * The TCP parameters that reproduce ns-2.35's agents (issue 10, docs/ns2.md): each is
 * checked against a hand computation from ns-2's rules (tcp.cc, tcp-reno.cc, tcp-sink.cc)
 * and against the standard behaviour it replaces.
 */

const S = 1e9;
const MSS = 1000;

describe('rtoEstimator "bsd-ticks" (4.4BSD / ns-2 tcp.cc rtt_update)', () => {
  test('ticks crossed, fixed-point 8 srtt and 4 rttvar, RTO = floor(srtt + 4 rttvar) ticks', () => {
    const e = new RtoEstimator(0.1 * S, 0.2 * S, 60 * S, 3 * S, 'bsd-ticks');
    expect(e.value).toBe(3 * S); // initial RTO until the first sample
    // sent at 0, back at 0.042555: no tick boundary crossed, counted as 1 tick.
    // srtt8 = 8, rttvar4 = 2: RTO = (8 * 2 + 8) >> 3 = 3 ticks
    e.sample(0.042555 * S, 0);
    expect(e.value).toBe(0.3 * S);
    // sent at 0.15, back at 0.35: crosses 0.2 and 0.3, so 2 ticks (rounding 0.2 s would also give 2);
    // delta = 2 - 1 = 1: srtt8 = 9; rttvar4 = 2 + (1 - (2 >> 2)) = 3; RTO = (24 + 9) >> 3 = 4 ticks
    e.sample(0.2 * S, 0.15 * S);
    expect(e.value).toBe(Math.round(0.4 * S));
    expect(e.srtt / S).toBeCloseTo(9 / 8 / 10, 12);
    // sent at 0.39, back at 0.45: 60 ms that cross the boundary at 0.4, so 1 tick
    e.sample(0.06 * S, 0.39 * S);
    // then forty 1-tick samples: delta 0 and rttvar4 >> 2 = 0, so rttvar never decays and the RTO
    // stays at 4 ticks, where the floating-point RFC 6298 filter falls to srtt + G = 2 ticks
    for (let i = 0; i < 40; i++) e.sample(0.05 * S, i * S);
    expect(e.value).toBe(Math.round(0.4 * S));
    const rfc = new RtoEstimator(0.1 * S, 0.2 * S, 60 * S, 3 * S);
    rfc.sample(0.042555 * S);
    rfc.sample(0.2 * S);
    for (let i = 0; i < 40; i++) rfc.sample(0.05 * S);
    expect(rfc.value / S).toBeCloseTo(0.2, 3);
  });

  test('never below 2 ticks; after more than 8x backoff srtt is cleared and the next sample restarts the filter', () => {
    // BSD's 500 ms tick with a 0.2 s minRto: a 0.1 s RTT is 1 tick, RTO 3 ticks
    const slow = new RtoEstimator(0.5 * S, 0.2 * S, 60 * S, 3 * S, 'bsd-ticks');
    slow.sample(0.1 * S, 0);
    expect(slow.value).toBe(1.5 * S);
    const e = new RtoEstimator(0.1 * S, 0.2 * S, 60 * S, 3 * S, 'bsd-ticks');
    e.sample(0.05 * S, 0); // srtt8 8, rttvar4 2
    e.sample(0.5 * S, 0); // 5 ticks: srtt8 = 8 + 4 = 12; rttvar4 = 2 + (4 - 0) = 6; RTO = (48 + 12) >> 3 = 7 ticks
    expect(e.value).toBe(Math.round(0.7 * S));
    for (let i = 0; i < 4; i++) e.backOff(); // backoff 16 > 8: rttvar4 += 12 >> 3, srtt8 = 0
    expect(e.value).toBe(Math.round(0.7 * 16 * S));
    e.sample(0.05 * S, 0); // treated as a first sample again
    expect(e.backoff).toBe(1);
    expect(e.value).toBe(Math.round(0.3 * S));
  });
});

/** Runs one Reno flow over a 10 Mb/s, 10 ms path losing the given first transmissions. */
function reno(params: Partial<TcpParams>, drop: number[] | ((p: number, from: number, pool: { seq: Float64Array; payload: Float64Array | Int32Array; flags: Uint8Array }) => Verdict), bytes = 200_000) {
  const filter = Array.isArray(drop) ? dropFirst(drop) : (net: { pool: unknown }, p: number, from: number) => drop(p, from, net.pool as never);
  const f = oneFlow({ forward: { rateBps: 10e6, delayS: 0.01 }, filter: filter as never, events: true }, { variant: 'reno', mss: MSS, headerBytes: 0, delayedAck: false, rwnd: 1e6, ...params }, { bytes });
  f.net.run(60);
  return f;
}

describe('windowCut: RFC 5681 flight size vs ns-2 slowdown()', () => {
  test('"ns2": ssthresh = floor(cwnd / 2), cwnd = cwnd / 2, and the exit ACK opens cwnd', () => {
    // the first loss ends slow start; the second one finds a fractional congestion-avoidance window
    const { net, sender } = reno({ windowCut: 'ns2' }, [40 * MSS, 200 * MSS], 400_000);
    const fr = net.events('fast-retransmit');
    expect(fr).toHaveLength(2);
    const w = fr[1].cwnd!; // cwnd when the third dupack arrived (before the cut)
    expect(w % 1).not.toBe(0);
    expect(fr[1].ssthresh).toBe(Math.floor(w / 2));
    const exit = net.events('recovery-exit')[1];
    // deflated to W / 2 (not to the whole-number ssthresh) and opened once: W/2 >= ssthresh, so + 1 / (W/2)
    expect(exit.cwnd!).toBeCloseTo(w / 2 + 1 / (w / 2), 12);
    expect(sender.completionTime).toBeGreaterThan(0);
  });

  test('"rfc5681": ssthresh = FlightSize / 2 and recovery deflates to exactly ssthresh', () => {
    const { net } = reno({ windowCut: 'rfc5681' }, [40 * MSS]);
    const fr = net.events('fast-retransmit')[0];
    const exit = net.events('recovery-exit')[0];
    expect(Number.isInteger(fr.ssthresh! * 2)).toBe(true); // half a whole number of segments in flight
    expect(exit.cwnd).toBe(fr.ssthresh);
  });

  test('"ns2": a timeout in recovery halves the deflated window, not the inflated one', () => {
    // lose two segments of one window: Reno leaves recovery on the partial ACK and times out
    const { net } = reno({ windowCut: 'ns2' }, [40 * MSS, 44 * MSS]);
    const fr = net.events('fast-retransmit')[0];
    const to = net.events('timeout')[0];
    const cut = fr.cwnd! / 2; // the window recovery started from
    const exitCwnd = cut + 1 / cut;
    expect(to.ssthresh).toBe(Math.max(2, Math.floor(exitCwnd / 2)));
  });
});

describe('limitedTransmit (RFC 3042, ns-2 singledup_)', () => {
  // Segment 1 of the initial window of 2 is lost. The ACK of segment 0 opens cwnd to 3 and
  // lets segments 2 and 3 out; they bring only two duplicate ACKs. Limited transmit sends
  // segments 4 and 5 on those, which bring the third dupack and a fast retransmit instead
  // of a timeout.
  test('on: two new segments on the first two dupacks, then fast retransmit; off: a timeout', () => {
    const on = reno({ limitedTransmit: true, initialCwnd: 2 }, [1 * MSS], 20_000);
    expect(on.net.events('limited-transmit').map((e) => e.seq! / MSS)).toEqual([4, 5]);
    expect([on.sender.fastRetransmits, on.sender.timeouts]).toEqual([1, 0]);
    const off = reno({ limitedTransmit: false, initialCwnd: 2 }, [1 * MSS], 20_000);
    expect(off.net.events('limited-transmit')).toHaveLength(0);
    expect([off.sender.fastRetransmits, off.sender.timeouts]).toEqual([0, 1]);
  });

  test('never more than cwnd + dupacks segments outstanding', () => {
    const on = reno({ limitedTransmit: true, initialCwnd: 2 }, [1 * MSS], 20_000);
    const lt = on.net.events('limited-transmit');
    // snd.una stays at segment 1: after sending segment k, k segments are outstanding
    expect(lt[0].cwnd).toBe(3);
    lt.forEach((e, i) => expect(e.seq! / MSS).toBeLessThanOrEqual(e.cwnd! + i + 1));
    expect(lt.at(-1)!.seq! / MSS).toBe(lt[0].cwnd! + 2);
  });
});

describe('SYN loss (RFC 5681 §3.1) and fin', () => {
  const synFilter = () => {
    let dropped = false;
    return (p: number, from: number, pool: { flags: Uint8Array }) => {
      if (!dropped && from === 0 && (pool.flags[p] & F_SYN) !== 0) {
        dropped = true;
        return 'drop' as Verdict;
      }
      return 'pass' as Verdict;
    };
  };

  test('after a lost SYN data starts with one segment; "ns2" also sets ssthresh to 2', () => {
    for (const windowCut of ['rfc5681', 'ns2'] as const) {
      const { net, sender } = reno({ windowCut, initialCwnd: 4 }, synFilter(), 20_000);
      const data = net.dataSent(0);
      // the first round holds one segment: the second leaves only after its ACK
      expect(data[1].t - data[0].t).toBeGreaterThan(fromSeconds(0.02));
      expect(sender.timeouts).toBe(1);
      if (windowCut === 'ns2') expect(net.events('timeout')[0].ssthresh).toBe(2);
      else expect(net.events('timeout')[0].ssthresh).toBe(Math.floor(1e6 / MSS));
    }
    // without the loss the first round holds the initial window of 4
    const { net } = reno({ initialCwnd: 4 }, [], 20_000);
    const d = net.dataSent(0);
    expect(d[3].t).toBe(d[0].t);
  });

  test('fin off: the sender stops after the last ACK without a FIN', () => {
    const off = reno({ fin: false }, [], 5_000);
    expect(off.net.log.some((r) => (r.view.flags & F_FIN) !== 0)).toBe(false);
    expect(off.sender.completionTime).toBeGreaterThan(0);
    const on = reno({ fin: true }, [], 5_000);
    expect(on.net.log.filter((r) => (r.view.flags & F_FIN) !== 0)).toHaveLength(2);
  });
});

describe('duplicateAck "ns2" (ns-2 DelAckSink)', () => {
  function setup(duplicateAck: 'immediate' | 'ns2') {
    const net = new RecordingNet();
    const r = new TcpReceiver(net, { flow: 0, node: 1, params: tcpParams({ mss: MSS, delayedAck: true, delayedAckTimeout: 0.1, duplicateAck }), sack: false });
    r.id = 1;
    r.peer = { id: 0, node: 0 };
    const seg = (k: number) =>
      net.deliver(r, (pool, p) => {
        pool.seq[p] = k * MSS;
        pool.payload[p] = MSS;
        pool.size[p] = MSS;
        pool.flags[p] = F_ACK;
        pool.ecn[p] = ECN_NOT_ECT;
      });
    return { net, r, seg };
  }

  test('a duplicate of the last in-order segment waits like a new one; older duplicates are acked at once', () => {
    const ns = setup('ns2');
    ns.seg(0);
    ns.seg(1); // ACK 2 (second segment)
    ns.seg(1); // duplicate of the last in-order segment: held by the delayed-ACK rule
    expect(ns.net.sent.map((a) => a.ack / MSS)).toEqual([2]);
    ns.seg(2); // the next in-order segment is the second unacked one: ACK at once
    expect(ns.net.sent.map((a) => a.ack / MSS)).toEqual([2, 3]);
    ns.seg(0); // an older duplicate: ACK at once
    expect(ns.net.sent.map((a) => a.ack / MSS)).toEqual([2, 3, 3]);

    const rfc = setup('immediate');
    rfc.seg(0);
    rfc.seg(1);
    rfc.seg(1); // every duplicate is acked at once
    rfc.seg(2); // first unacked in-order segment: delayed
    expect(rfc.net.sent.map((a) => a.ack / MSS)).toEqual([2, 2]);
    rfc.net.advance(fromSeconds(0.2));
    expect(rfc.net.sent.map((a) => a.ack / MSS)).toEqual([2, 2, 3]);
  });
});

describe('recoverRule', () => {
  test('"inclusive" allows a new fast retransmit at the recovery point, "strict" one segment past it', () => {
    const { sender } = oneFlow({ forward: { rateBps: 1e6, delayS: 0.01 } }, { recoverRule: 'inclusive' });
    const strict = oneFlow({ forward: { rateBps: 1e6, delayS: 0.01 } }, { recoverRule: 'strict' }).sender;
    for (const s of [sender, strict]) {
      s.recover = 50 * 1460;
      s.sndUna = 50 * 1460;
    }
    expect(sender.mayFastRetransmit()).toBe(true);
    expect(strict.mayFastRetransmit()).toBe(false);
    strict.sndUna = 51 * 1460;
    expect(strict.mayFastRetransmit()).toBe(true);
    // ns-2's bugfix_ss_: a loss of the first data segment may always be fast-retransmitted
    strict.sndUna = 0;
    expect(strict.mayFastRetransmit()).toBe(true);
  });
});

/** One NewReno flow over a 10 Mb/s, 10 ms path (windowCut "ns2") losing the given first transmissions (segment numbers). */
function newreno(params: Partial<TcpParams>, drop: number[]) {
  return oneFlow({ forward: { rateBps: 10e6, delayS: 0.01 }, filter: dropFirst(drop.map((k) => k * MSS)) as never, events: true }, { variant: 'newreno', mss: MSS, headerBytes: 0, delayedAck: false, rwnd: 1e6, windowCut: 'ns2', ...params }, { bytes: 200_000 });
}

describe('NewReno as ns-2 runs it (tcp-newreno.cc)', () => {
  // A window limited by rwnd = 11 segments loses segment 60: W = min(cwnd, 11) = 11, so
  // ssthresh = 5 and the halved window 5.5. The ten dupacks inflate cwnd but the receiver
  // window keeps the flight at 11, so the ACK that ends recovery finds nothing outstanding.
  test('recoveryExit: "flight" = min(ssthresh, FlightSize + 1), "ssthresh" = the halved window; the exit ACK opens cwnd (windowCut "ns2")', () => {
    const run = (recoveryExit: 'flight' | 'ssthresh', windowCut: 'ns2' | 'rfc5681' = 'ns2') => {
      const { net, sender } = newreno({ recoveryExit, windowCut, rwnd: 11 * MSS }, [60]);
      net.run(60);
      expect(sender.fastRetransmits).toBe(1);
      return { exit: net.events('recovery-exit')[0], net };
    };
    // flight: min(5, 0 + 1) = 1, then slow start's +1 (cwnd < ssthresh)
    expect(run('flight').exit.cwnd).toBe(2);
    // ssthresh: 5.5, then congestion avoidance's +1/5.5
    const s = run('ssthresh');
    expect(s.exit.cwnd).toBeCloseTo(5.5 + 1 / 5.5, 12);
    // ... and the five segments that window allows leave at once
    const after = s.net.dataSent(0).filter((r) => r.t === fromSeconds(s.exit.t));
    expect(after).toHaveLength(5);
    // RFC 6582 arithmetic (windowCut "rfc5681": ssthresh = FlightSize / 2 = 5.5, no opening on the exit ACK)
    expect(run('flight', 'rfc5681').exit.cwnd).toBe(2); // min(5.5, max(0, 1) + 1)
    expect(run('ssthresh', 'rfc5681').exit.cwnd).toBe(5.5);
  });

  // Segments 60 and 63 of an rwnd-limited window are lost. Nine dupacks inflate the
  // window to 5.5 + 9 = 14.5 while the flight stays at 11; the partial ACK for 60-62
  // deflates it by 3 - 1 to 12.5 and leaves 63-70 outstanding: room for 3 new segments.
  test('recoveryBurst: at most that many new segments per ACK in recovery (ns-2: 2)', () => {
    const burstAt = (recoveryBurst: number) => {
      const { net } = newreno({ recoveryBurst, rwnd: 11 * MSS }, [60, 63]);
      net.run(60);
      const partial = net.events('partial-ack')[0];
      expect(partial.cwnd).toBe(12.5);
      const sent = net.dataSent(0).filter((r) => r.t === fromSeconds(partial.t));
      expect(sent[0].view.seq).toBe(63 * MSS); // the retransmission, not counted
      return sent.length - 1;
    };
    expect(burstAt(0)).toBe(3);
    expect(burstAt(2)).toBe(2);
    expect(burstAt(1)).toBe(1);
  });

  // Segments 40 and 43 are lost; new segments sent on the dupacks are timed. The partial
  // ACK resends 43: Karn's rule as the engine applies it by default drops the timing,
  // ns-2 keeps timing the segment (only a fast retransmit or a timeout ends it there).
  test('rttSampling: a partial-ACK retransmission ends the timing under "karn", not under "ns2"', () => {
    const timingAtRetransmit = (rttSampling: 'karn' | 'ns2') => {
      const { net, sender } = newreno({ rttSampling }, [40, 43]);
      const seen: { timing: boolean; timed: number }[] = [];
      let sends43 = 0;
      net.onSend = (from, p) => {
        if (from === 0 && net.pool.payload[p] > 0 && net.pool.seq[p] === 43 * MSS && ++sends43 === 2) seen.push({ timing: sender.timing, timed: sender.timedSeq / MSS });
      };
      net.run(60);
      expect(net.events('partial-ack')).toHaveLength(1);
      return seen[0];
    };
    const ns2 = timingAtRetransmit('ns2');
    expect(ns2.timing).toBe(true);
    expect(ns2.timed).toBeGreaterThan(43); // a new segment sent during recovery
    expect(timingAtRetransmit('karn').timing).toBe(false);
  });
});

describe('cwrOnRetransmit (ns-2 SetCWRonRetransmit_)', () => {
  // ECN flow, initial window 2, segment 1 lost: one dupack only, so a timeout; the
  // timeout is a window reduction, so the next data packet should carry CWR.
  test('CWR rides on the go-back-N retransmission when on, on the first new segment when off', () => {
    const cwrSegments = (cwrOnRetransmit: boolean) => {
      const { net, sender } = reno({ ecn: true, initialCwnd: 2, cwrOnRetransmit }, [1 * MSS], 20_000);
      expect(sender.timeouts).toBe(1);
      const timeoutAt = fromSeconds(net.events('timeout')[0].t);
      return net.dataSent(0).filter((r) => (r.view.flags & F_CWR) !== 0).map((r) => ({ seg: r.view.seq / MSS, atTimeout: r.t === timeoutAt }));
    };
    expect(cwrSegments(true)).toEqual([{ seg: 1, atTimeout: true }]);
    const off = cwrSegments(false);
    expect(off).toHaveLength(1);
    expect(off[0].seg).toBeGreaterThanOrEqual(4); // segments 0-3 were sent before the timeout
    expect(off[0].atTimeout).toBe(false);
  });
});

describe('ecnSmallWindow (ns-2 tcp.cc ecn(): ecn_backoff_, rtt_backoff)', () => {
  // One ECN flow (10 Mb/s, 10 ms each way, no delayed ACK, minRto 0.2 s) whose every data
  // packet is marked from 0.3 s on: the window shrinks to one segment and each ACK brings ECE.
  const gapsAtOne = (ecnSmallWindow: 'hold' | 'ns2') => {
    const { net, sender } = oneFlow(
      { forward: { rateBps: 10e6, delayS: 0.01 }, events: true, filter: ((nt: { pool: { ecn: Uint8Array }; now(): number }, p: number, from: number) => (from === 0 && nt.pool.ecn[p] === ECN_ECT0 && nt.now() > fromSeconds(0.3) ? 'mark' : 'pass')) as never },
      { mss: MSS, rwnd: 20 * MSS, delayedAck: false, tick: 0.01, minRto: 0.2, ecn: true, windowCut: 'ns2', ecnSmallWindow },
      { bytes: null },
    );
    net.run(4);
    const cuts = net.events('ecn-cut');
    const stalls = cuts.filter((c) => (c.note ?? '').startsWith('ECE at cwnd 1'));
    const at = stalls.map((c) => c.t);
    const sends = net.dataSent(0).map((d) => d.t / 1e9);
    // the time from each cut below two segments to the next data segment
    return { sender, stalls: at.slice(0, 4).map((t) => Math.round((sends.find((x) => x > t + 1e-9)! - t) * 1000) / 1000), cwnd: stalls.map((c) => c.cwnd) };
  };

  test('"hold": every ECE at one segment stalls the sender one RTO (0.2 s), cwnd 1', () => {
    const h = gapsAtOne('hold');
    expect(h.stalls.length).toBe(4);
    for (const g of h.stalls) expect(g).toBeCloseTo(0.2, 2);
    expect(new Set(h.cwnd)).toEqual(new Set([1]));
  });

  test('"ns2": cwnd is halved below one segment and each further ECE at cwnd 1 doubles the stall (0.2, 0.4, 0.8 s ...)', () => {
    const n = gapsAtOne('ns2');
    expect(n.stalls.length).toBe(4);
    expect(n.cwnd.every((c) => c! < 1)).toBe(true);
    // the first cut comes from cwnd 1.25 (above one: no backoff), the second from cwnd 1 arms
    // ecn_backoff_, and every later one doubles the RTO: the ECE ACKs' RTT samples do not end
    // the backoff (ns-2 newack: not while ecn_backoff_ and ECE)
    expect(n.cwnd[0]).toBeCloseTo(0.625, 9);
    expect(n.stalls).toEqual([0.2, 0.2, 0.4, 0.8]);
  });
});

describe('ecnSmallWindow "ns2": the first ECE after a timeout (ns-2 tcp.cc ecn(): last_cwnd_action_ == CWND_ACTION_TIMEOUT)', () => {
  // Reno with ECN, IW 2, CWR on new data only: segment 0 is CE-marked (ECN cut to one
  // segment), segment 1 is lost, so the timer fires and resends segment 1, which is
  // CE-marked too. Its ACK (ECE) covers only data sent before the timeout.
  const afterTimeout = (ecnSmallWindow: 'hold' | 'ns2') => {
    const sent = new Set<number>();
    const filter = (p: number, from: number, pool: { seq: Float64Array; payload: Float64Array | Int32Array }): Verdict => {
      const { payload, seq } = pool;
      if (from !== 0 || payload[p] === 0) return 'pass';
      const s = seq[p];
      const first = !sent.has(s);
      sent.add(s);
      if (s === 0 && first) return 'mark';
      if (s === MSS) return first ? 'drop' : 'mark';
      return 'pass';
    };
    const f = reno({ ecn: true, initialCwnd: 2, cwrOnRetransmit: false, windowCut: 'ns2', tick: 0.01, minRto: 0.2, ecnSmallWindow }, filter, 20_000);
    const timeout = f.net.events('timeout')[0];
    const retx = f.net.dataSent(0).find((r) => r.view.seq === MSS && r.t >= fromSeconds(timeout.t))!;
    const next = f.net.dataSent(0).find((r) => r.view.seq === 2 * MSS)!;
    const cutsAfter = f.net.events('ecn-cut').filter((c) => c.t > timeout.t);
    return { timeouts: f.sender.timeouts, rto: timeout.note, gap: (next.t - retx.t) / S, cutsAfter, done: f.sender.completionTime > 0 };
  };

  test('"hold" (RFC 3168: one response per window) ignores it; "ns2" halves cwnd to 0.5 and waits for the timer', () => {
    const h = afterTimeout('hold');
    const n = afterTimeout('ns2');
    for (const r of [h, n]) {
      expect(r.timeouts).toBe(1);
      expect(r.done).toBe(true);
    }
    // hold: the retransmission's ACK (ECE) sends segment 2 at once: one RTT (20 ms + serialisation)
    expect(h.cutsAfter).toHaveLength(0);
    expect(h.gap).toBeLessThan(0.03);
    // ns2: an ECN response at cwnd 1 (to 0.5): nothing more until the timer, which the
    // timeout has doubled (2 x 0.2 s here), so segment 2 leaves one RTT + one RTO later
    expect(n.cutsAfter).toHaveLength(1);
    expect(n.cutsAfter[0].cwnd).toBeCloseTo(0.5, 12);
    expect(n.gap).toBeGreaterThan(0.4);
    expect(n.gap).toBeLessThan(0.45);
  });
});

describe('ecnSmallWindow "ns2" with CWR on new data only: a resend of the highest segment sent is new data (ns-2 tcp.cc output: seqno < maxseq_)', () => {
  // Reno with ECN and CWR on new data only. The timeout is a window reduction, so CWR is due.
  const cwrAfterTimeout = (ecnSmallWindow: 'hold' | 'ns2', initialCwnd: number, lost: number) => {
    const { net, sender } = reno({ ecn: true, initialCwnd, cwrOnRetransmit: false, ecnSmallWindow }, [lost * MSS], 20_000);
    expect(sender.timeouts).toBe(1);
    const timeoutAt = fromSeconds(net.events('timeout')[0].t);
    return net.dataSent(0).filter((r) => (r.view.flags & F_CWR) !== 0).map((r) => ({ seg: r.view.seq / MSS, atTimeout: r.t === timeoutAt }));
  };

  test('IW 1, segment 0 lost: "ns2" sets CWR on its resend at the timeout, "hold" on segment 1', () => {
    expect(cwrAfterTimeout('ns2', 1, 0)).toEqual([{ seg: 0, atTimeout: true }]);
    expect(cwrAfterTimeout('hold', 1, 0)).toEqual([{ seg: 1, atTimeout: false }]);
  });

  test('IW 2, segment 1 lost (segments 2-3 sent after it): its resend is a retransmission in both, CWR waits for new data', () => {
    for (const mode of ['ns2', 'hold'] as const) {
      const cwr = cwrAfterTimeout(mode, 2, 1);
      expect(cwr).toHaveLength(1);
      expect(cwr[0].seg).toBeGreaterThanOrEqual(4);
      expect(cwr[0].atTimeout).toBe(false);
    }
  });
});

describe('ecnSmallWindow "ns2": a stall that ends on the timer with nothing outstanding (ns-2 tcp.cc timeout(), no outstanding data)', () => {
  // The flow of "ecnSmallWindow" above: from 0.3 s every data packet is CE-marked, so each
  // ECN response below two segments leaves nothing outstanding and only the timer ends it.
  // ns-2 then runs timeout() without counting a timeout (nrexmit_) or a cut (ncwndcuts1_),
  // but sets last_cwnd_action_ to TIMEOUT; the engine marks the moment with an event.
  const run = (ecnSmallWindow: 'hold' | 'ns2') => {
    const { net, sender } = oneFlow(
      { forward: { rateBps: 10e6, delayS: 0.01 }, events: true, filter: ((nt: { pool: { ecn: Uint8Array }; now(): number }, p: number, from: number) => (from === 0 && nt.pool.ecn[p] === ECN_ECT0 && nt.now() > fromSeconds(0.3) ? 'mark' : 'pass')) as never },
      { mss: MSS, rwnd: 20 * MSS, delayedAck: false, tick: 0.01, minRto: 0.2, ecn: true, windowCut: 'ns2', ecnSmallWindow },
      { bytes: null },
    );
    net.run(4);
    const stalls = net.events('ecn-cut').filter((c) => (c.note ?? '').startsWith('ECE at cwnd 1'));
    return { sender, stalls, ends: net.events('ecn-stall-end'), sends: net.dataSent(0).map((d) => d.t / 1e9) };
  };

  test('"ns2": one ecn-stall-end per stall, when its next segment leaves, with cwnd 1 and no timeout counted', () => {
    const { sender, stalls, ends, sends } = run('ns2');
    expect(stalls.length).toBeGreaterThanOrEqual(4);
    // every stall but one still running at 4 s ends on the timer
    expect(ends.length).toBeGreaterThanOrEqual(stalls.length - 1);
    expect(ends.length).toBeLessThanOrEqual(stalls.length);
    for (let i = 0; i < ends.length; i++) {
      expect(ends[i].t).toBeGreaterThan(stalls[i].t);
      if (i + 1 < stalls.length) expect(ends[i].t).toBeLessThan(stalls[i + 1].t);
      expect(ends[i].cwnd).toBe(1);
      expect(ends[i].ssthresh).toBe(stalls[i].ssthresh); // ssthresh kept (no CLOSE_SSTHRESH_HALF)
      // the next data segment leaves at that moment: the window of 1 it reopens
      expect(sends.find((x) => x > stalls[i].t + 1e-9)).toBeCloseTo(ends[i].t, 9);
    }
    expect(sender.timeouts).toBe(0);
    expect(sender.ecnReductions).toBeGreaterThanOrEqual(stalls.length);
  });

  test('"hold" (RFC 3168) has no such event', () => {
    const { stalls, ends } = run('hold');
    expect(stalls.length).toBeGreaterThanOrEqual(4);
    expect(ends).toHaveLength(0);
  });
});
