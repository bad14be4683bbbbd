import { describe, expect, test } from 'vitest';
import { fromSeconds } from '../../../../src/engine/core/time';
import { ECN_ECT0, ECN_NOT_ECT, F_ACK, F_CWR, F_ECE, F_SYN } from '../../../../src/engine/net/packet';
import { R_ESTABLISHED, R_SYN_SENT } from '../../../../src/engine/tcp/receiver';
import { type FakeNet, oneFlow, type Verdict } from './fake-net';

const MSS = 1000;
const NET = { forward: { rateBps: 10e6, delayS: 0.01 }, events: true };
const TCP = { mss: MSS, rwnd: 20 * MSS, delayedAck: false, tick: 0.01, minRto: 0.2, ecn: true };

/** Marks (as an AQM would: only ECT packets) the first transmission of the listed data segments; drops others. */
function script(mark: number[], drop: number[] = []) {
  const m = new Set(mark.map((k) => k * MSS));
  const d = new Set(drop.map((k) => k * MSS));
  return (net: FakeNet, p: number, from: number): Verdict => {
    const pool = net.pool;
    if (from !== 0 || pool.payload[p] === 0) return 'pass';
    const s = pool.seq[p];
    if (d.delete(s)) return 'drop';
    if (m.delete(s) && pool.ecn[p] === ECN_ECT0) return 'mark';
    return 'pass';
  };
}

const range = (a: number, b: number) => Array.from({ length: b - a }, (_, i) => a + i);

describe('ECN sender reaction (RFC 3168 §6.1.2)', () => {
  test('sixteen marks in one window give exactly one halving, one CWR, and ECE stops after the CWR', () => {
    const { net, sender, receiver } = oneFlow({ ...NET, filter: script(range(60, 76)) }, TCP, { bytes: 200 * MSS });
    const cwndAtCwr: number[] = [];
    net.onSend = (from, p) => {
      if (from === 0 && net.pool.payload[p] > 0 && (net.pool.flags[p] & F_CWR) !== 0) cwndAtCwr.push(sender.cwnd);
    };
    net.run(10);
    // every ACK between the cut and the CWR segment carried ECE: no window growth on them (as ns-2)
    expect(cwndAtCwr).toEqual([10]);
    expect(receiver.bytesDelivered).toBe(200 * MSS);
    expect([sender.ecnReductions, sender.retransmissions, sender.fastRetransmits, sender.timeouts]).toEqual([1, 0, 0, 0]);
    const cut = net.events('ecn-cut');
    expect(cut).toHaveLength(1);
    expect([cut[0].cwnd, cut[0].ssthresh]).toEqual([10, 10]); // FlightSize 20 / 2
    const cwr = net.dataSent(0).filter((d) => (d.view.flags & F_CWR) !== 0);
    expect(cwr).toHaveLength(1);
    expect(cwr[0].t).toBeGreaterThan(cut[0].t * 1e9 - 1);
    // ACKs carry ECE from the first CE segment until (not including) the CWR segment
    const cwrSeq = cwr[0].view.seq;
    const acks = net.log.filter((r) => r.from === 1 && r.view.payload === 0 && (r.view.flags & F_SYN) === 0 && r.view.ack > 0 && r.view.ack <= 200 * MSS);
    for (const a of acks) expect([a.view.ack, (a.view.flags & F_ECE) !== 0]).toEqual([a.view.ack, a.view.ack > 60 * MSS && a.view.ack <= cwrSeq]);
    expect(net.events('ece-received').length).toBe((cwrSeq - 60 * MSS) / MSS);
  });

  test('with every packet marked the sender cuts at most once per round trip', () => {
    const { net, sender } = oneFlow({ ...NET, filter: (nt, p, from) => (from === 0 && nt.pool.ecn[p] === ECN_ECT0 && nt.now() > fromSeconds(0.3) ? 'mark' : 'pass') }, TCP, { bytes: null });
    net.run(5);
    const cuts = net.events('ecn-cut');
    expect(cuts.length).toBeGreaterThan(10);
    for (let i = 1; i < cuts.length; i++) expect(cuts[i].t - cuts[i - 1].t).toBeGreaterThan(0.02); // propagation RTT
    expect(sender.retransmissions).toBe(0);
    // each cut waits for the ACK of data sent after the previous cut
    expect(sender.ecnReductions).toBe(cuts.length);
  });

  test('at cwnd = 1 an ECE holds the next segment back for one RTO', () => {
    const { net, sender } = oneFlow({ ...NET, filter: script([0]) }, { ...TCP, initialCwnd: 1 }, { bytes: 20 * MSS });
    net.run(10);
    const ece = net.events('ece-received');
    expect(ece).toHaveLength(1);
    expect(sender.ecnReductions).toBe(1);
    const data = net.dataSent(0);
    // handshake RTT ≈ 20 ms = 2 ticks: RTO = 0.02 + 4·0.01 = 0.06, raised to minRto 0.2
    expect(data[1].t).toBe(Math.round(ece[0].t * 1e9) + fromSeconds(0.2));
    expect(data[1].view.flags & F_CWR).toBe(F_CWR);
    expect(sender.timeouts).toBe(0);
  });

  test('no ECN cut during fast recovery: the loss response already reduced the window', () => {
    const { net, sender } = oneFlow({ ...NET, filter: script(range(70, 76), [60]) }, { ...TCP, variant: 'newreno' }, { bytes: 200 * MSS });
    net.run(10);
    expect(net.events('ece-received').length).toBeGreaterThan(0);
    expect([sender.ecnReductions, sender.fastRetransmits, sender.timeouts]).toEqual([0, 1, 0]);
    expect(net.events('recovery-exit')[0].ssthresh).toBe(10);
    // the fast retransmit's cut also sets CWR, on the next new segment (not on the retransmission)
    const cwr = net.dataSent(0).filter((d) => (d.view.flags & F_CWR) !== 0);
    expect(cwr).toHaveLength(1);
    expect(cwr[0].view.seq).toBeGreaterThanOrEqual(80 * MSS);
  });

  test('an ECN cut followed by a loss in the same window does not cut ssthresh again', () => {
    // the mark on 50 halves the window to 10; the loss of 65 (sent before the cut) is detected
    // when only 10 segments are in flight: a second cut would give ssthresh 5
    const { net, sender } = oneFlow({ ...NET, filter: script([50], [65]) }, { ...TCP, variant: 'reno' }, { bytes: 200 * MSS });
    net.run(10);
    expect([sender.ecnReductions, sender.fastRetransmits, sender.timeouts]).toEqual([1, 1, 0]);
    const fr = net.events('fast-retransmit')[0];
    expect(fr.seq).toBe(65 * MSS);
    expect(fr.ssthresh).toBe(10);
    expect(net.events('recovery-exit')[0].cwnd).toBe(10);
  });

  test('a loss in the window after an ECN cut is cut again', () => {
    const { net, sender } = oneFlow({ ...NET, filter: script([50], [100]) }, { ...TCP, variant: 'reno' }, { bytes: 200 * MSS });
    net.run(10);
    expect([sender.ecnReductions, sender.fastRetransmits]).toEqual([1, 1]);
    expect(net.events('fast-retransmit')[0].ssthresh).toBeLessThan(10);
  });
});

describe('ECN+ (seeds/003): a CE-marked SYN-ACK', () => {
  const marksSynAck = (net: FakeNet, p: number): Verdict => ((net.pool.flags[p] & F_SYN) !== 0 && net.pool.ecn[p] === ECN_ECT0 ? 'mark' : 'pass');

  for (const opener of ['sender', 'receiver'] as const) {
    test(`sets the initial window to one segment (opener: ${opener})`, () => {
      const firstFlight = (ecnPlus: boolean) => {
        const { net, sender } = oneFlow({ ...NET, filter: marksSynAck }, { ...TCP, ecnPlus, initialCwnd: 4 }, { bytes: 50 * MSS, opener });
        net.run(5);
        const data = net.dataSent(0);
        return { n: data.filter((d) => d.t === data[0].t).length, reductions: sender.ecnReductions, marked: net.log.filter((r) => r.verdict === 'mark').length };
      };
      // without ECN+ the SYN-ACK is Not-ECT, so an AQM could only drop it; here nothing happens
      expect(firstFlight(false)).toEqual({ n: 4, reductions: 0, marked: 0 });
      expect(firstFlight(true)).toEqual({ n: 1, reductions: 1, marked: 1 });
    });
  }

  const isSynAck = (flags: number) => (flags & (F_SYN | F_ACK)) === (F_SYN | F_ACK);
  const synAcks = (net: FakeNet) => net.log.filter((r) => isSynAck(r.view.flags));

  for (const opener of ['sender', 'receiver'] as const) {
    test(`a SYN-ACK sent again is Not-ECT under "rfc5562" (RFC 5562 §3.1), ECT(0) under "ns2" (opener: ${opener})`, () => {
      // the first SYN-ACK is lost: the server's timeout or the client's repeated SYN makes it send another
      const run = (ecnPlusSynAck: 'rfc5562' | 'ns2') => {
        let dropped = false;
        const dropFirstSynAck = (_net: FakeNet, p: number): Verdict => {
          if (dropped || !isSynAck(_net.pool.flags[p])) return 'pass';
          dropped = true;
          return 'drop';
        };
        const { net, receiver } = oneFlow({ ...NET, filter: dropFirstSynAck }, { ...TCP, ecnPlus: true, ecnPlusSynAck }, { bytes: 20 * MSS, opener });
        net.run(30);
        expect(receiver.bytesDelivered).toBe(20 * MSS);
        return synAcks(net).map((r) => r.view.ecn);
      };
      const rfc = run('rfc5562');
      expect(rfc.length).toBeGreaterThanOrEqual(2);
      expect(rfc).toEqual([ECN_ECT0, ...rfc.slice(1).map(() => ECN_NOT_ECT)]);
      const ns2 = run('ns2');
      expect(ns2.length).toBeGreaterThanOrEqual(2);
      expect(ns2.every((e) => e === ECN_ECT0)).toBe(true);
    });
  }

  test('reported CE-marked: "rfc5562" sends a Not-ECT SYN-ACK at once and starts with one segment when it is acknowledged (RFC 5562 §3.2); "ns2" starts on the report', () => {
    const run = (ecnPlusSynAck: 'rfc5562' | 'ns2') => {
      const { net, sender, receiver } = oneFlow({ ...NET, filter: marksSynAck }, { ...TCP, ecnPlus: true, ecnPlusSynAck, initialCwnd: 4 }, { bytes: 50 * MSS, opener: 'receiver' });
      // the client's state as it sends the ACK reporting the mark
      let stateAtReport = -1;
      net.onSend = (from, p) => {
        if (from === 1 && (net.pool.flags[p] & (F_SYN | F_ECE)) === F_ECE && stateAtReport < 0) stateAtReport = receiver.state;
      };
      net.run(5);
      const data = net.dataSent(0);
      const sa = synAcks(net);
      // the client's handshake ACKs (before any data reaches it): ECE on the report only
      const acks = net.log.filter((r) => r.from === 1 && r.t < data[0].t && (r.view.flags & F_SYN) === 0).map((r) => r.view.flags & F_ECE);
      return { sa, acks, stateAtReport, t0: data[0].t, n: data.filter((d) => d.t === data[0].t).length, reductions: sender.ecnReductions, marked: net.log.filter((r) => r.verdict === 'mark').length };
    };
    const rfc = run('rfc5562');
    const ns2 = run('ns2');
    // ns-2 (ecn_syn_wait_ 0): one SYN-ACK; the ACK with ECE completes the handshake, one segment goes out on it
    expect(ns2.sa.map((r) => r.verdict)).toEqual(['mark']);
    expect([ns2.n, ns2.reductions, ns2.marked]).toEqual([1, 1, 1]);
    expect(ns2.acks).toEqual([F_ECE]);
    // the client reports the mark, then acknowledges the Not-ECT SYN-ACK without ECE (it waited for it in SYN_SENT)
    expect(rfc.acks).toEqual([F_ECE, 0]);
    expect([rfc.stateAtReport, ns2.stateAtReport]).toEqual([R_SYN_SENT, R_ESTABLISHED]);
    // RFC 5562: the report (arriving when ns-2 sends its first segment) is answered by a Not-ECT SYN-ACK,
    // and the data waits for its acknowledgment: one round trip later, still one segment
    expect(rfc.sa.map((r) => [r.view.ecn === ECN_NOT_ECT, r.verdict])).toEqual([
      [false, 'mark'],
      [true, 'pass'],
    ]);
    expect(rfc.sa[1].view.flags & F_ECE).toBe(F_ECE); // still an ECN-setup SYN-ACK
    expect(rfc.sa[1].t).toBe(ns2.t0);
    expect(rfc.t0 - rfc.sa[1].t).toBeGreaterThanOrEqual(fromSeconds(0.02));
    expect(rfc.t0 - rfc.sa[1].t).toBeLessThan(fromSeconds(0.03));
    expect([rfc.n, rfc.reductions, rfc.marked]).toEqual([1, 1, 1]);
  });
});
