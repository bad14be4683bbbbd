import { describe, expect, it } from 'vitest';
import { defaultsOf } from '../../../../src/engine/core/params';
import { Rng } from '../../../../src/engine/core/rng';
import type { DecisionRecord } from '../../../../src/engine/aqm/decision';
import { DROPTAIL_PARAMS, dropTail } from '../../../../src/engine/aqm/droptail';
import type { QueueDisc } from '../../../../src/engine/aqm/queue-disc';
import { PacketPool } from '../../../../src/engine/net/packet';

function make(over: Record<string, unknown>): { pool: PacketPool; q: QueueDisc } {
  const pool = new PacketPool(16);
  const q = dropTail.create({ ...defaultsOf(DROPTAIL_PARAMS), ...over }, { pool, rng: new Rng(1, 1), linkRateBps: 1e6, name: 'dt' });
  return { pool, q };
}

function offer(pool: PacketPool, q: QueueDisc, size: number, now = 0): boolean {
  const p = pool.alloc();
  pool.size[p] = size;
  return q.enqueue(p, now);
}

/**
 * Models a link in front of the queue: each arrival is offered to the queue and, if the
 * transmitter is idle, taken at once (as the simulator does). Returns how many packets
 * the system (waiting + in transmission) holds after offering `n` packets back to back.
 */
function fillThroughIdleLink(pool: PacketPool, q: QueueDisc, n: number, size = 1000): { inSystem: number; accepted: number } {
  let inTx = -1;
  let accepted = 0;
  for (let i = 0; i < n; i++) {
    if (offer(pool, q, size)) accepted++;
    if (inTx < 0) inTx = q.dequeue(0);
  }
  return { inSystem: q.lenPackets + (inTx >= 0 ? 1 : 0), accepted };
}

describe('drop-tail counting rule', () => {
  for (const limit of [1, 2, 5, 39]) {
    it(`"waiting", limit ${limit} packets: exactly ${limit} wait, the next arrival is dropped`, () => {
      const { pool, q } = make({ limit, countRule: 'waiting' });
      for (let i = 0; i < limit; i++) expect(offer(pool, q, 1000)).toBe(true);
      expect(offer(pool, q, 1000)).toBe(false);
      expect(offer(pool, q, 40)).toBe(false);
      expect(q.lenPackets).toBe(limit);
      expect(q.dropsOverflow).toBe(2);
      expect(pool.live).toBe(limit); // the dropped packets were freed
    });
  }

  for (const limit of [2, 5, 39]) {
    it(`"ns2", limit ${limit} packets: drop when waiting + 1 >= limit, so ${limit - 1} wait`, () => {
      const { pool, q } = make({ limit, countRule: 'ns2' });
      for (let i = 0; i < limit - 1; i++) expect(offer(pool, q, 1000)).toBe(true);
      expect(offer(pool, q, 1000)).toBe(false);
      expect(q.lenPackets).toBe(limit - 1);
      expect(q.drops).toBe(1);
      expect(q.dropsOverflow).toBe(1);
    });
  }

  it('with a link in front, "ns2" holds limit packets in the system (waiting + 1 sending), "waiting" holds limit + 1', () => {
    for (const limit of [2, 8, 39]) {
      const a = make({ limit, countRule: 'ns2' });
      expect(fillThroughIdleLink(a.pool, a.q, 100).inSystem).toBe(limit);
      const b = make({ limit, countRule: 'waiting' });
      expect(fillThroughIdleLink(b.pool, b.q, 100).inSystem).toBe(limit + 1);
    }
  });

  it('"ns2" with limit 1 would drop every packet: check() rejects it, and it does drop everything', () => {
    const msgs = dropTail.check!({ ...defaultsOf(DROPTAIL_PARAMS), limit: 1, countRule: 'ns2' });
    expect(msgs.length).toBe(1);
    expect(msgs[0]).toContain('limit = 1');
    expect(msgs[0]).toContain('ns2');
    expect(dropTail.check!({ ...defaultsOf(DROPTAIL_PARAMS), limit: 1, countRule: 'waiting' })).toEqual([]);
    expect(dropTail.check!({ ...defaultsOf(DROPTAIL_PARAMS), limit: 2, countRule: 'ns2' })).toEqual([]);
    const { pool, q } = make({ limit: 1, countRule: 'ns2' });
    expect(fillThroughIdleLink(pool, q, 10).accepted).toBe(0);
  });

  it('bytes, "waiting": a packet is admitted while backlog + size <= limit', () => {
    const { pool, q } = make({ limit: 3000, unit: 'bytes', countRule: 'waiting' });
    expect(offer(pool, q, 1500)).toBe(true);
    expect(offer(pool, q, 1500)).toBe(true); // 3000 <= 3000
    expect(offer(pool, q, 1)).toBe(false);
    expect(q.lenBytes).toBe(3000);
    expect(q.length).toBe(3000);
  });

  it('bytes, "ns2": dropped when backlog + size >= limit (ns-2 qib_ rule)', () => {
    const { pool, q } = make({ limit: 3000, unit: 'bytes', countRule: 'ns2' });
    expect(offer(pool, q, 1500)).toBe(true);
    expect(offer(pool, q, 1500)).toBe(false); // 3000 >= 3000
    expect(offer(pool, q, 1499)).toBe(true); // 2999 < 3000
    expect(offer(pool, q, 1)).toBe(false);
    expect(q.lenBytes).toBe(2999);
    expect(q.lenPackets).toBe(2);
  });

  it('small packets still fit in a byte queue that refuses a large one', () => {
    const { pool, q } = make({ limit: 2000, unit: 'bytes' });
    expect(offer(pool, q, 1500)).toBe(true);
    expect(offer(pool, q, 1500)).toBe(false);
    expect(offer(pool, q, 40)).toBe(true);
    expect(q.lenBytes).toBe(1540);
  });

  it('dequeues in FIFO order and keeps the byte backlog', () => {
    const { pool, q } = make({ limit: 10 });
    const ids: number[] = [];
    for (const size of [100, 200, 300]) {
      const p = pool.alloc();
      pool.size[p] = size;
      ids.push(p);
      q.enqueue(p, 0);
    }
    expect(q.lenBytes).toBe(600);
    expect([q.dequeue(1), q.dequeue(2), q.dequeue(3), q.dequeue(4)]).toEqual([...ids, -1]);
    expect(q.lenBytes).toBe(0);
    expect(q.departures).toBe(3);
    expect(q.departureBytes).toBe(600);
  });

  it('a live limit change applies to the next arrival', () => {
    const { pool, q } = make({ limit: 5 });
    for (let i = 0; i < 4; i++) offer(pool, q, 100);
    q.setParams({ limit: 3 });
    expect(offer(pool, q, 100)).toBe(false);
    expect(q.lenPackets).toBe(4);
    q.setParams({ limit: 6, countRule: 'ns2' });
    expect(offer(pool, q, 100)).toBe(true); // ns2: 4 waiting + 1 < 6
    expect(offer(pool, q, 100)).toBe(false); // 5 waiting + 1 >= 6
    expect(q.lenPackets).toBe(5);
  });

  it('records one decision per arrival naming the rule, when asked', () => {
    const { pool, q } = make({ limit: 3, countRule: 'ns2' });
    const recs: DecisionRecord[] = [];
    q.recorder = { decision: (r) => recs.push(r) };
    offer(pool, q, 500, 1e9);
    offer(pool, q, 500, 2e9);
    offer(pool, q, 500, 3e9);
    expect(recs.map((r) => r.outcome)).toEqual(['enqueue', 'enqueue', 'drop']);
    expect(recs.map((r) => r.q)).toEqual([0, 1, 2]);
    expect(recs[2].reason).toBe('overflow');
    expect(recs[2].region).toBe('overflow');
    expect(recs[2].rule).toContain('waiting + 1 ≥ limit');
    expect(recs[2].t).toBe(3);
    expect(recs[0].reason).toBeNull();
  });
});
