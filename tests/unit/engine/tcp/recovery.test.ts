import { describe, expect, test } from 'vitest';
import { fromSeconds } from '../../../../src/engine/core/time';
import { dropFirst, oneFlow } from './fake-net';

const MSS = 1000;
const SEGS = 200;
/** 10 Mb/s, 10 ms each way; rwnd = 20 segments, so the flight is exactly 20 when a loss is detected. */
const NET = { forward: { rateBps: 10e6, delayS: 0.01 }, events: true };
const TCP = { mss: MSS, rwnd: 20 * MSS, delayedAck: false, tick: 0.01, minRto: 0.2 };

function run(variant: string, drops: number[]) {
  const f = oneFlow({ ...NET, filter: dropFirst(drops.map((k) => k * MSS)) }, { ...TCP, variant }, { bytes: SEGS * MSS });
  // window state at the moment each segment is retransmitted
  const atRetx: { seq: number; t: number; cwnd: number; ssthresh: number }[] = [];
  f.net.onSend = (from, p, t) => {
    const pool = f.net.pool;
    if (from === 0 && pool.payload[p] > 0 && pool.seq[p] < f.sender.sndMax) atRetx.push({ seq: pool.seq[p] / MSS, t, cwnd: f.sender.cwnd, ssthresh: f.sender.ssthresh });
  };
  f.net.run(30);
  expect(f.receiver.bytesDelivered).toBe(SEGS * MSS);
  expect(f.sender.completionTime).toBeGreaterThan(0);
  return { ...f, atRetx };
}

describe('one drop: fast retransmit repairs it and halves the window', () => {
  for (const variant of ['reno', 'newreno', 'sack']) {
    test(variant, () => {
      const { sender, net, atRetx } = run(variant, [60]);
      expect([sender.fastRetransmits, sender.timeouts, sender.retransmissions]).toEqual([1, 0, 1]);
      expect(atRetx.map((r) => r.seq)).toEqual([60]);
      // RFC 5681 eq. 4 with FlightSize = 20 segments
      expect(atRetx[0].ssthresh).toBe(10);
      const fr = net.events('fast-retransmit')[0];
      expect(fr.seq).toBe(60 * MSS);
      const exit = net.events('recovery-exit');
      expect(exit).toHaveLength(1);
      if (variant === 'newreno') expect(exit[0].cwnd).toBeLessThanOrEqual(10); // min(ssthresh, FlightSize + 1)
      else expect(exit[0].cwnd).toBe(10);
      expect(net.events('timeout')).toHaveLength(0);
    });
  }
});

describe('two drops in one window', () => {
  test('Reno leaves recovery on the partial ACK and needs a timeout for the second hole', () => {
    const { sender, net } = run('reno', [60, 63]);
    expect([sender.fastRetransmits, sender.timeouts]).toEqual([1, 1]);
    const exit = net.events('recovery-exit')[0];
    expect(exit.seq).toBe(63 * MSS); // the partial ACK
    expect(net.events('timeout')[0].seq).toBe(63 * MSS);
  });

  test('NewReno repairs both without a timeout: the partial ACK retransmits the second hole', () => {
    const { sender, net, atRetx } = run('newreno', [60, 63]);
    expect([sender.fastRetransmits, sender.timeouts, sender.retransmissions]).toEqual([1, 0, 2]);
    expect(atRetx.map((r) => r.seq)).toEqual([60, 63]);
    const partial = net.events('partial-ack');
    expect(partial.map((e) => e.seq)).toEqual([63 * MSS]);
    // one hole per round trip: the second retransmission waits for the first one's ACK (> 20 ms propagation)
    expect(atRetx[1].t - atRetx[0].t).toBeGreaterThan(fromSeconds(0.02));
    expect(net.events('recovery-exit')[0].seq).toBe(80 * MSS);
  });

  test('SACK repairs both holes in about one round trip', () => {
    const { sender, net, atRetx } = run('sack', [60, 63]);
    expect([sender.fastRetransmits, sender.timeouts, sender.retransmissions]).toEqual([1, 0, 2]);
    expect(atRetx.map((r) => r.seq)).toEqual([60, 63]);
    // the second hole is retransmitted as soon as three SACKed segments lie above it,
    // well before the first retransmission could be acknowledged
    expect(atRetx[1].t - atRetx[0].t).toBeLessThan(fromSeconds(0.02));
    const fr = net.events('fast-retransmit')[0];
    const exit = net.events('recovery-exit')[0];
    expect(exit.t - fr.t).toBeLessThan(1.5 * sender.srtt + 0.002);
    expect(exit.cwnd).toBe(10);
  });
});

describe('Tahoe', () => {
  test('goes back to cwnd = 1 after a fast retransmit and slow-starts to ssthresh', () => {
    const { sender, net, atRetx } = run('tahoe', [60]);
    expect([sender.fastRetransmits, sender.timeouts, sender.retransmissions]).toEqual([1, 0, 1]);
    expect(atRetx[0]).toMatchObject({ seq: 60, cwnd: 1, ssthresh: 10 });
    expect(net.events('recovery-exit')).toHaveLength(0);
    // after the retransmission: 2, 4, 8 new segments per round trip (slow start from 1);
    // a round is a burst of sends separated from the next by more than half the 20 ms propagation RTT
    const after = net.dataSent(0).filter((d) => d.t > atRetx[0].t);
    const rounds = [1];
    for (let i = 1; i < after.length && rounds.length <= 3; i++) {
      if (after[i].t - after[i - 1].t > fromSeconds(0.01)) rounds.push(0);
      rounds[rounds.length - 1]++;
    }
    expect(rounds.slice(0, 3)).toEqual([2, 4, 8]);
  });

  test('with two holes it retransmits everything from the second hole on (go-back-N) but needs no timeout', () => {
    const { sender } = run('tahoe', [60, 63]);
    expect(sender.timeouts).toBe(0);
    expect(sender.retransmissions).toBeGreaterThan(2);
  });
});
