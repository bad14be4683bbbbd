import { describe, expect, test } from 'vitest';
import { fromSeconds } from '../../../../src/engine/core/time';
import { ECN_CE, ECN_ECT0, ECN_NOT_ECT, F_ACK, F_CWR, F_ECE, F_SYN, MAX_SACK_BLOCKS } from '../../../../src/engine/net/packet';
import { TcpReceiver } from '../../../../src/engine/tcp/receiver';
import type { TcpParams } from '../../../../src/engine/tcp/params';
import { RecordingNet, tcpParams } from './fake-net';

const MSS = 1000;

function setup(over: Partial<TcpParams> = {}, sack = false) {
  const net = new RecordingNet();
  const params = tcpParams({ mss: MSS, ...over });
  const r = new TcpReceiver(net, { flow: 7, node: 1, params, sack });
  r.id = 1;
  r.peer = { id: 0, node: 0 };
  const syn = (flags = F_SYN) => net.deliver(r, (pool, p) => (pool.flags[p] = flags));
  const seg = (k: number, opts: { ce?: boolean; cwr?: boolean; ect?: boolean } = {}) =>
    net.deliver(r, (pool, p) => {
      pool.seq[p] = k * MSS;
      pool.payload[p] = MSS;
      pool.size[p] = MSS;
      pool.flags[p] = F_ACK | (opts.cwr ? F_CWR : 0);
      pool.ecn[p] = opts.ce ? ECN_CE : opts.ect ? ECN_ECT0 : ECN_NOT_ECT;
      pool.sentAt[p] = net.clock;
    });
  const acks = () => net.sent.filter((x) => (x.flags & F_SYN) === 0);
  return { net, r, syn, seg, acks };
}

describe('TcpReceiver: cumulative and delayed ACKs (RFC 5681 §4.2)', () => {
  test('one in-order segment waits for the delayed-ACK timer; the second is acked at once', () => {
    const { net, r, seg, acks } = setup({ delayedAck: true, delayedAckTimeout: 0.1 });
    seg(0);
    expect(acks()).toHaveLength(0);
    net.advance(fromSeconds(0.099));
    expect(acks()).toHaveLength(0);
    net.advance(fromSeconds(0.5));
    expect(acks().map((a) => [a.t, a.ack])).toEqual([[fromSeconds(0.1), 1 * MSS]]);
    net.advance(fromSeconds(1));
    seg(1);
    net.advance(fromSeconds(1.01));
    seg(2); // second unacked segment: immediate
    expect(acks().slice(1).map((a) => [a.t, a.ack])).toEqual([[fromSeconds(1.01), 3 * MSS]]);
    net.advance(fromSeconds(2)); // the timer armed for segment 1 finds nothing to send
    expect(acks()).toHaveLength(2);
    expect(r.bytesDelivered).toBe(3 * MSS);
  });

  test('delayedAckTimer "clock": a held ACK leaves at the next multiple of the timeout from t = 0 (4.4BSD, ns-2 FullTcp)', () => {
    const { net, seg, acks } = setup({ delayedAck: true, delayedAckTimeout: 0.1, delayedAckTimer: 'clock' });
    net.advance(fromSeconds(0.23));
    seg(0); // held until the tick at 0.3 s, 70 ms later (per-segment: 0.33 s)
    net.advance(fromSeconds(0.299));
    expect(acks()).toHaveLength(0);
    net.advance(fromSeconds(0.35));
    expect(acks().map((a) => [a.t, a.ack])).toEqual([[fromSeconds(0.3), MSS]]);
    net.advance(fromSeconds(0.3999));
    seg(1); // 0.1 ms before a tick: its ACK goes at the tick
    net.advance(fromSeconds(0.5));
    expect(acks().slice(1).map((a) => [a.t, a.ack])).toEqual([[fromSeconds(0.4), 2 * MSS]]);
    // a second segment still releases the ACK at once
    net.advance(fromSeconds(0.61));
    seg(2);
    seg(3);
    expect(acks().slice(2).map((a) => [a.t, a.ack])).toEqual([[fromSeconds(0.61), 4 * MSS]]);
  });

  test('carryAck: the ACK rides on a data segment of the other direction and clears the pending delayed ACK', () => {
    const { net, r, seg, acks } = setup({ delayedAck: true, delayedAckTimeout: 0.1 });
    seg(0);
    const p = net.pool.alloc();
    r.carryAck(p);
    expect(net.pool.ack[p]).toBe(MSS);
    net.pool.free(p);
    net.advance(fromSeconds(1)); // the delayed ACK was carried: no pure ACK follows
    expect(acks()).toHaveLength(0);
  });

  test('out-of-order segments, duplicates and hole fills are acked immediately', () => {
    const { net, r, seg, acks } = setup({ delayedAck: true });
    seg(0);
    seg(1); // ACK 2
    seg(3); // out of order: dupack 2
    seg(4); // dupack 2
    seg(2); // fills the hole: ACK 5 at once
    seg(1); // duplicate: ACK 5 at once
    expect(acks().map((a) => a.ack / MSS)).toEqual([2, 2, 2, 5, 5]);
    expect(acks().every((a) => a.t === 0)).toBe(true);
    expect(r.bytesDelivered).toBe(5 * MSS);
    expect(r.duplicateSegments).toBe(1);
    net.advance(fromSeconds(1));
    expect(acks()).toHaveLength(5);
  });

  test('without delayed ACKs every segment is acked', () => {
    const { seg, acks } = setup({ delayedAck: false });
    for (let k = 0; k < 5; k++) seg(k);
    expect(acks().map((a) => a.ack / MSS)).toEqual([1, 2, 3, 4, 5]);
  });
});

describe('TcpReceiver: SACK blocks (RFC 2018 §4)', () => {
  const blocks = (a: { sack: [number, number][] }) => a.sack.map(([s, e]) => [s / MSS, e / MSS]);

  test('the first block holds the latest segment, then the most recently reported ones', () => {
    const { seg, acks } = setup({ delayedAck: false }, true);
    seg(0);
    seg(2);
    seg(4);
    seg(6);
    seg(5); // joins [4,5) and [6,7) into [4,7)
    seg(3); // joins everything from 2 to 7
    seg(1); // fills the last hole: no SACK blocks left
    const a = acks();
    expect(blocks(a[0])).toEqual([]);
    expect(blocks(a[1])).toEqual([[2, 3]]);
    expect(blocks(a[2])).toEqual([
      [4, 5],
      [2, 3],
    ]);
    expect(blocks(a[3])).toEqual([
      [6, 7],
      [4, 5],
      [2, 3],
    ]);
    expect(blocks(a[4])).toEqual([
      [4, 7],
      [2, 3],
    ]);
    expect(blocks(a[5])).toEqual([[2, 7]]);
    expect(a[6].ack).toBe(7 * MSS);
    expect(blocks(a[6])).toEqual([]);
  });

  test(`at most ${MAX_SACK_BLOCKS} blocks, newest first; older holes reappear when blocks merge`, () => {
    const { seg, acks } = setup({ delayedAck: false }, true);
    for (const k of [2, 4, 6, 8, 10, 12]) seg(k);
    const last = acks().at(-1)!;
    expect(blocks(last)).toEqual([
      [12, 13],
      [10, 11],
      [8, 9],
      [6, 7],
    ]);
    seg(3); // first block [2,5); [12,13), [10,11) repeated; [8,9) kept, [6,7) dropped
    expect(blocks(acks().at(-1)!)).toEqual([
      [2, 5],
      [12, 13],
      [10, 11],
      [8, 9],
    ]);
  });

  test('no SACK blocks unless the connection uses SACK', () => {
    const { seg, acks } = setup({ delayedAck: false }, false);
    seg(0);
    seg(2);
    expect(acks()[1].sack).toEqual([]);
  });
});

describe('TcpReceiver: ECN (RFC 3168 §6.1)', () => {
  test('negotiates on an ECN-setup SYN; the SYN-ACK is ECT(0) only with ecnPlus', () => {
    for (const ecnPlus of [false, true]) {
      const { net, r, syn } = setup({ ecn: true, ecnPlus });
      syn(F_SYN | F_ECE | F_CWR);
      const sa = net.sent[0];
      expect(sa.flags).toBe(F_SYN | F_ACK | F_ECE);
      expect(sa.ecn).toBe(ecnPlus ? ECN_ECT0 : ECN_NOT_ECT);
      expect(r.ecnOk).toBe(true);
    }
    // a SYN without ECE+CWR, or a receiver without ECN: no negotiation
    const a = setup({ ecn: true });
    a.syn(F_SYN);
    expect([a.r.ecnOk, a.net.sent[0].flags]).toEqual([false, F_SYN | F_ACK]);
    const b = setup({ ecn: false });
    b.syn(F_SYN | F_ECE | F_CWR);
    expect([b.r.ecnOk, b.net.sent[0].flags]).toEqual([false, F_SYN | F_ACK]);
  });

  test('after a CE mark every ACK carries ECE until a CWR segment arrives; ACKs are Not-ECT', () => {
    const { net, seg, syn, acks } = setup({ ecn: true, delayedAck: false });
    syn(F_SYN | F_ECE | F_CWR);
    seg(0, { ect: true });
    seg(1, { ce: true });
    seg(2, { ect: true });
    seg(3, { ect: true });
    seg(4, { ect: true, cwr: true });
    seg(5, { ect: true });
    seg(6, { ce: true, cwr: true }); // CWR clears, the CE on the same packet sets it again
    seg(7, { ect: true });
    expect(acks().map((a) => (a.flags & F_ECE) !== 0)).toEqual([false, true, true, true, false, false, true, true]);
    expect(net.sent.every((a) => a.ecn === ECN_NOT_ECT || (a.flags & F_SYN) !== 0)).toBe(true);
  });

  test('CE marks are ignored on a connection that did not negotiate ECN', () => {
    const { seg, syn, acks } = setup({ ecn: false, delayedAck: false });
    syn(F_SYN | F_ECE | F_CWR);
    seg(0, { ce: true });
    expect(acks()[0].flags & F_ECE).toBe(0);
  });
});
