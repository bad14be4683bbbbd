import { describe, expect, test } from 'vitest';
import { fromSeconds, txTimeNs } from '../../../../src/engine/core/time';
import { ECN_ECT0, ECN_NOT_ECT, F_ACK, F_CWR, F_ECE, F_FIN, F_SYN } from '../../../../src/engine/net/packet';
import { R_CLOSED } from '../../../../src/engine/tcp/receiver';
import { S_DONE, type TcpSender } from '../../../../src/engine/tcp/sender';
import { oneFlow, tcpParams, type FakeNet } from './fake-net';

const MSS = 1000;

/** Data segments sent in each round trip after the first data segment (bursts are short next to the RTT). */
function perRound(net: FakeNet, rtt: number, rounds: number): number[] {
  const data = net.dataSent(0);
  const t0 = data[0].t;
  const out = new Array<number>(rounds).fill(0);
  for (const d of data) {
    const r = Math.floor((d.t - t0 + rtt / 2) / rtt);
    if (r < rounds) out[r]++;
  }
  return out;
}

describe('TcpSender: connection life cycle', () => {
  test('SYN, SYN-ACK, data with the third segment, FIN/ACK close after the last byte is acked', () => {
    const delay = 0.01;
    const { net, sender, receiver } = oneFlow({ forward: { rateBps: 8e6, delayS: delay } }, { mss: MSS, headerBytes: 40, ackBytes: 40, delayedAck: false }, { bytes: 10_500 });
    net.run(10);
    const log = net.log;
    expect(log[0].from).toBe(0);
    expect(log[0].view.flags).toBe(F_SYN);
    expect(log[0].view.size).toBe(40);
    expect(log[1].from).toBe(1);
    expect(log[1].view.flags).toBe(F_SYN | F_ACK);
    // first data leaves when the SYN-ACK arrives: two 40-byte serialisations and two delays
    const synAckArrives = 2 * txTimeNs(40, 8e6) + 2 * fromSeconds(delay);
    expect(log[2].t).toBe(synAckArrives);
    expect(log[2].view.flags & F_ACK).toBe(F_ACK);
    expect([log[2].view.seq, log[2].view.payload, log[2].view.size]).toEqual([0, MSS, MSS + 40]);
    const data = net.dataSent(0);
    expect(data).toHaveLength(11); // 10 full segments and one of 500 bytes
    expect(data.at(-1)!.view.payload).toBe(500);
    expect(receiver.bytesDelivered).toBe(10_500);
    expect(sender.bytesAcked).toBe(10_500);
    const fin = log.findIndex((r) => r.from === 0 && (r.view.flags & F_FIN) !== 0);
    const lastAck = log.map((r) => r.from === 1 && r.view.ack === 10_500).lastIndexOf(true);
    expect(fin).toBeGreaterThan(lastAck);
    expect(log[fin].t).toBe(sender.completionTime);
    expect(log[fin].view.seq).toBe(10_500);
    expect(log.at(-1)!.view.flags).toBe(F_FIN | F_ACK);
    expect(log.at(-1)!.view.ack).toBe(10_501);
    expect(sender.state).toBe(S_DONE);
    expect(receiver.state).toBe(R_CLOSED);
    expect([sender.packetsSent, sender.retransmissions, sender.timeouts]).toEqual([11, 0, 0]);
    expect(net.pool.live).toBe(0);
  });

  test('when the receiver opens, the sender answers with the SYN-ACK and sends data after the ACK', () => {
    const { net, receiver } = oneFlow({ forward: { rateBps: 8e6, delayS: 0.01 } }, { mss: MSS }, { bytes: 5000, opener: 'receiver' });
    net.run(10);
    const first = net.log.slice(0, 4).map((r) => [r.from, r.view.flags, r.view.payload]);
    expect(first).toEqual([
      [1, F_SYN, 0],
      [0, F_SYN | F_ACK, 0],
      [1, F_ACK, 0],
      [0, F_ACK, MSS],
    ]);
    expect(receiver.bytesDelivered).toBe(5000);
  });

  test('a lost SYN is sent again after initialRto, then after twice that (RFC 6298 §5.5)', () => {
    let n = 0;
    const { net, sender, receiver } = oneFlow(
      { forward: { rateBps: 8e6, delayS: 0.01 }, filter: (nt, p, from) => (from === 0 && nt.pool.flags[p] === F_SYN && n++ < 2 ? 'drop' : 'pass') },
      { mss: MSS, initialRto: 1 },
      { bytes: 3000 },
    );
    net.run(20);
    const syns = net.log.filter((r) => r.from === 0 && r.view.flags === F_SYN).map((r) => r.t);
    expect(syns).toEqual([0, fromSeconds(1), fromSeconds(3)]);
    expect(sender.timeouts).toBe(2);
    expect(receiver.bytesDelivered).toBe(3000);
  });

  test('bytes = null sends forever', () => {
    const { net, sender, receiver } = oneFlow({ forward: { rateBps: 1e6, delayS: 0.01 } }, { mss: MSS }, { bytes: null });
    net.run(5);
    expect(sender.completionTime).toBe(-1);
    expect(receiver.bytesDelivered).toBeGreaterThan(0.9 * (1e6 / 8) * 4.9);
  });
});

describe('TcpSender: windows', () => {
  const fast = { forward: { rateBps: 1e9, delayS: 0.03 } };
  const rtt = fromSeconds(0.06);

  test('slow start doubles cwnd every RTT without delayed ACKs (one ACK per segment)', () => {
    const { net } = oneFlow(fast, { mss: MSS, rwnd: 1e8, delayedAck: false }, { bytes: null });
    net.run(0.5);
    expect(perRound(net, rtt, 7)).toEqual([1, 2, 4, 8, 16, 32, 64]);
  });

  test('with delayed ACKs per-ACK counting grows the window about 1.5x per RTT', () => {
    const { net, sender } = oneFlow(fast, { mss: MSS, rwnd: 1e8, delayedAck: true, delayedAckTimeout: 0.1 }, { bytes: null });
    net.run(1.2);
    const data = net.dataSent(0);
    // the lone first segment is acked only when the 100 ms delayed-ACK timer fires
    expect(data[1].t - data[0].t).toBe(rtt + fromSeconds(0.1) + txTimeNs(MSS + 40, 1e9) + txTimeNs(40, 1e9));
    // rounds measured from the second flight on: each ACK covers two segments and opens cwnd by one
    const t1 = data[1].t;
    const counts = new Array<number>(14).fill(0);
    for (const d of data) if (d.t >= t1) counts[Math.floor((d.t - t1 + rtt / 2) / rtt)]++;
    // after the first rounds (where a held odd segment shifts ACKs into the next round)
    for (let r = 5; r < 13; r++) {
      expect(counts[r + 1] / counts[r]).toBeGreaterThan(1.4);
      expect(counts[r + 1] / counts[r]).toBeLessThan(1.6);
    }
    const perRtt = Math.pow(counts[13] / counts[5], 1 / 8);
    expect(perRtt).toBeGreaterThan(1.45);
    expect(perRtt).toBeLessThan(1.55); // vs 2.0 without delayed ACKs
    // every new ACK added exactly one segment (cwnd = 1 + ACKs that advanced snd.una)
    const arrived = net.log.filter((r) => r.from === 1 && (r.view.flags & F_SYN) === 0 && r.t + rtt / 2 + txTimeNs(40, 1e9) <= net.now());
    let newAcks = 0;
    let top = 0;
    for (const a of arrived) if (a.view.ack > top) (top = a.view.ack), newAcks++;
    expect(sender.sndUna).toBe(top);
    expect(sender.cwnd).toBe(1 + newAcks);
  });

  test('the receiver window caps the flight at floor(rwnd / MSS) segments: window-limited rate = rwnd / RTT', () => {
    const { net, sender, receiver } = oneFlow(fast, { mss: MSS, rwnd: 10_500, delayedAck: false }, { bytes: null });
    let maxOut = 0;
    net.onSend = (from, p) => {
      if (from !== 0 || net.pool.payload[p] === 0) return;
      maxOut = Math.max(maxOut, net.pool.seq[p] + net.pool.payload[p] - sender.sndUna);
    };
    net.run(3);
    expect(maxOut).toBe(10 * MSS);
    // after the ramp, 10 segments per 60 ms RTT (plus a few microseconds of serialisation)
    const bytes0 = receiver.bytesDelivered;
    net.run(9);
    const rate = (receiver.bytesDelivered - bytes0) / 6;
    expect(rate / ((10 * MSS) / 0.06)).toBeGreaterThan(0.98); // 100 round trips counted whole: 1 % granularity
    expect(rate / ((10 * MSS) / 0.06)).toBeLessThan(1.001);
  });
});

describe('TcpSender: RTT and RTO', () => {
  test('SRTT converges to the path RTT measured in ticks; the handshake gives the first sample', () => {
    const { net, sender } = oneFlow({ forward: { rateBps: 1e9, delayS: 0.025 } }, { mss: MSS, tick: 0.001, minRto: 0.001, delayedAck: false, rwnd: 4000 }, { bytes: null });
    net.run(0.051);
    expect(sender.srtt).toBeCloseTo(0.05, 3); // handshake sample: 50 ticks
    net.run(10);
    expect(sender.srtt).toBeCloseTo(0.05, 3);
    expect(sender.rto).toBeGreaterThanOrEqual(0.05 + 0.001 - 1e-9);
    expect(sender.rto).toBeLessThan(0.06);
  });

  test("Karn's rule: no RTT sample from a timed segment that had to be retransmitted", () => {
    for (const variant of ['reno', 'sack']) {
      let drops = 0;
      const box: { s?: TcpSender } = {};
      const { net, sender } = oneFlow(
        {
          forward: { rateBps: 10e6, delayS: 0.01 },
          // drop the timed segment itself, five times over the run
          filter: (nt, p, from) => {
            const s = box.s!;
            const hit = from === 0 && nt.pool.payload[p] > 0 && s.timing && s.timedSeq === nt.pool.seq[p] && s.timedAt === nt.now() && nt.now() > fromSeconds(0.5) && drops < 5;
            if (hit) drops++;
            return hit ? 'drop' : 'pass';
          },
        },
        { mss: MSS, variant, tick: 0.001, rwnd: 20 * MSS, delayedAck: false },
        { bytes: 2000 * MSS },
      );
      box.s = sender;
      const samples: number[] = [];
      const est = sender.rtoEst;
      const orig = est.sample.bind(est);
      est.sample = (r: number) => {
        samples.push(r);
        orig(r);
      };
      net.run(30);
      expect(drops).toBe(5);
      expect(sender.retransmissions).toBeGreaterThanOrEqual(5);
      // path RTT is 20 ms plus at most 20 queued segments of 0.83 ms: every sample is below 40 ms
      expect(Math.max(...samples)).toBeLessThan(fromSeconds(0.04));
    }
  });

  test('a black hole gives timeouts spaced RTO, 2 RTO, 4 RTO, ... up to maxRto, each from snd.una with cwnd 1', () => {
    const hole = fromSeconds(1);
    const { net, sender } = oneFlow(
      { forward: { rateBps: 1e7, delayS: 0.01 }, filter: (nt, p, from) => (from === 0 && nt.pool.payload[p] > 0 && nt.now() >= hole ? 'drop' : 'pass'), events: true },
      { mss: MSS, tick: 0.01, minRto: 0.2, maxRto: 2, delayedAck: false, rwnd: 20_000 },
      { bytes: null },
    );
    net.run(12);
    const to = net.events('timeout');
    const gaps = to.slice(1).map((e, i) => +(e.t - to[i].t).toFixed(6));
    expect(gaps.slice(0, 5)).toEqual([0.4, 0.8, 1.6, 2, 2]);
    const una = sender.sndUna;
    for (const e of to) {
      expect(e.seq).toBe(una);
      expect(e.cwnd).toBe(1);
    }
    // each timeout retransmits exactly one segment: snd.una
    const retx = net.dataSent(0).filter((d) => d.t >= to[0].t * 1e9 - 1);
    expect(retx.every((d) => d.view.seq === una)).toBe(true);
    expect(retx).toHaveLength(to.length);
    // ssthresh = half the flight (20 segments) at the first timeout, not cut again by repeated ones
    expect(to.map((e) => e.ssthresh)).toEqual(to.map(() => 10));
  });
});

describe('TcpSender: packet fields', () => {
  test('data is ECT(0) when ECN is negotiated; SYN, pure ACKs and FIN are Not-ECT; no CWR without a cut', () => {
    const { net, sender } = oneFlow({ forward: { rateBps: 8e6, delayS: 0.01 } }, { mss: MSS, ecn: true }, { bytes: 20_000 });
    net.run(5);
    expect(sender.ecnOk).toBe(true);
    expect(net.log[0].view.flags).toBe(F_SYN | F_ECE | F_CWR);
    for (const r of net.log) {
      if (r.view.payload > 0) expect(r.view.ecn).toBe(ECN_ECT0);
      else expect(r.view.ecn).toBe(ECN_NOT_ECT);
      if (r.view.payload > 0) expect(r.view.flags & F_CWR).toBe(0);
    }
  });

  test('ECN stays off when the receiving end is not ECN-capable', () => {
    const net0 = oneFlow({ forward: { rateBps: 8e6, delayS: 0.01 } }, { mss: MSS, ecn: true }, { bytes: 5000, receiverParams: tcpParams({ mss: MSS, ecn: false }) });
    net0.net.run(5);
    expect(net0.sender.ecnOk).toBe(false);
    expect(net0.net.log[1].view.flags & F_ECE).toBe(0);
    expect(net0.net.dataSent(0).every((d) => d.view.ecn === ECN_NOT_ECT)).toBe(true);
    // and the other way round
    const net1 = oneFlow({ forward: { rateBps: 8e6, delayS: 0.01 } }, { mss: MSS, ecn: false }, { bytes: 5000, receiverParams: tcpParams({ mss: MSS, ecn: true }) });
    net1.net.run(5);
    expect(net1.net.log[0].view.flags).toBe(F_SYN);
    expect(net1.receiver.ecnOk).toBe(false);
    expect(net1.net.dataSent(0).every((d) => d.view.ecn === ECN_NOT_ECT)).toBe(true);
  });
});
