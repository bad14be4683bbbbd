/**
 * One conformance test for every queue discipline in the registry: random arrivals and
 * departures (fast-check), both units, both count rules, random discipline parameters.
 * Checked after every step:
 *   arrivals = departures + drops + backlog (packets and bytes);
 *   drops = overflow + early + forced; marks are not drops (a marked packet is queued);
 *   backlog never exceeds the limit;
 *   only ECN-capable packets are marked, and none when the discipline's ecn is off;
 *   every packet is freed exactly once (the pool's live count = backlog when the test
 *   frees what it dequeues);
 *   with a recorder attached, one decision record per arrival, agreeing with the outcome.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkParam, type ParamSpec } from '../../../../src/engine/core/params';
import { Rng } from '../../../../src/engine/core/rng';
import type { DecisionRecord, DropReason } from '../../../../src/engine/aqm/decision';
import { COMMON_QUEUE_PARAMS, type AqmDescriptor, type QueueDisc } from '../../../../src/engine/aqm/queue-disc';
import { AQMS, aqmByKind } from '../../../../src/engine/aqm/registry';
import { ECN_CE, ECN_NOT_ECT, PacketPool } from '../../../../src/engine/net/packet';

/** A pool that throws on a double free or a free of a packet it never handed out. */
class CheckedPool extends PacketPool {
  readonly liveSet = new Set<number>();
  override alloc(): number {
    const p = super.alloc();
    if (this.liveSet.has(p)) throw new Error(`packet ${p} handed out twice`);
    this.liveSet.add(p);
    return p;
  }
  override free(p: number): void {
    if (!this.liveSet.delete(p)) throw new Error(`packet ${p} freed twice (or never allocated)`);
    super.free(p);
  }
}

type Op = { kind: 'arrive'; dt: number; size: number; ecn: number } | { kind: 'depart'; dt: number };

const arriveArb = fc.record({ kind: fc.constant('arrive' as const), dt: fc.integer({ min: 0, max: 3_000_000 }), size: fc.integer({ min: 40, max: 1500 }), ecn: fc.integer({ min: 0, max: 3 }) });
const departArb = fc.record({ kind: fc.constant('depart' as const), dt: fc.integer({ min: 0, max: 3_000_000 }) });
/** Runs of arrivals and runs of departures, so queues both fill (congestion) and drain (idle periods). */
const opsArb: fc.Arbitrary<Op[]> = fc
  .array(fc.oneof(fc.array(arriveArb, { minLength: 1, maxLength: 12 }), fc.array(departArb, { minLength: 1, maxLength: 8 })), { minLength: 1, maxLength: 40 })
  .map((runs) => runs.flat());

/** A random value allowed by a spec (for the discipline's own parameters). */
function specArb(spec: ParamSpec): fc.Arbitrary<unknown> {
  switch (spec.type) {
    case 'boolean':
      return fc.boolean();
    case 'enum':
      return fc.constantFrom(...spec.values);
    case 'number': {
      if (spec.integer) {
        // the default, values near it (a quarter to four times), or anything in the range
        const lo = Math.ceil(spec.min + (spec.exclusiveMin ? 1e-9 : 0));
        const hi = Math.min(Math.floor(spec.max), 2 ** 31 - 1);
        const near = fc.integer({ min: Math.max(lo, Math.ceil(spec.default / 4)), max: Math.min(hi, Math.max(lo, Math.floor(spec.default * 4))) });
        return fc.oneof(fc.constant(spec.default), near, fc.integer({ min: lo, max: hi }));
      }
      // the default, values spread evenly over the range, and any double in the range
      const lo = spec.min;
      const hi = spec.max;
      const d = fc.oneof(
        fc.constant(spec.default),
        fc.integer({ min: 0, max: 1_000_000 }).map((i) => lo + ((hi - lo) * i) / 1_000_000),
        fc.double({ min: lo, max: hi, noNaN: true, noDefaultInfinity: true }),
      );
      return spec.exclusiveMin ? d.filter((v) => v > lo) : d;
    }
  }
}

/**
 * Values for descriptor `d`: limit/unit/countRule as given; parameters in queue units
 * (thresholds) scaled from their defaults in proportion to the limit so they keep their
 * relations; every other parameter random within its declared range.
 */
function valuesArb(d: AqmDescriptor, unit: 'packets' | 'bytes', countRule: 'waiting' | 'ns2'): fc.Arbitrary<Record<string, unknown>> {
  const limitArb = unit === 'packets' ? fc.integer({ min: 2, max: 40 }) : fc.integer({ min: 1500, max: 40_000 });
  const own: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [k, s] of Object.entries(d.params)) {
    if (k in COMMON_QUEUE_PARAMS) continue;
    if (s.type === 'number' && s.unit === 'queue-units') continue;
    // times (targets, intervals, bursts) often short, so timer- and delay-driven AQMs act within a test run
    if (s.type === 'number' && s.unit === 's') own[k] = fc.oneof(specArb(s), fc.double({ min: Math.max(s.min, 1e-5), max: Math.min(s.max, 0.02), noNaN: true }));
    else own[k] = specArb(s);
  }
  own.__auto = fc.boolean();
  return fc.tuple(limitArb, fc.record(own)).map(([limit, rest]) => {
    const v: Record<string, unknown> = {};
    for (const [k, s] of Object.entries(d.params)) v[k] = s.default;
    Object.assign(v, rest, { limit, unit, countRule });
    const defLimit = COMMON_QUEUE_PARAMS.limit.default;
    const qu = Object.entries(d.params).filter(([k, s]) => k !== 'limit' && s.type === 'number' && s.unit === 'queue-units');
    qu.forEach(([k, s], i) => {
      // defaults scaled to the limit; parameters that default to 0 (automatic) get ordered fractions of it
      if (s.type !== 'number') return;
      v[k] = s.default > 0 ? (s.default * limit) / defLimit : (rest as { __auto?: boolean }).__auto ? 0 : (limit * (i + 1)) / (qu.length + 2);
    });
    delete v.__auto;
    return v;
  });
}

interface Tally {
  drops: number;
  dropBytes: number;
  byReason: Record<DropReason, number>;
  marks: number;
  markedThisArrival: number[];
  droppedThisArrival: number[];
}

function runOps(d: AqmDescriptor, values: Record<string, unknown>, ops: Op[], withRecorder: boolean, seed: number): QueueDisc {
  // every generated value must pass the declared ranges and the cross-field rules
  for (const [k, s] of Object.entries(d.params)) expect(checkParam(k, s, values[k]), k).toBeNull();
  expect(d.check?.(values) ?? []).toEqual([]);

  const pool = new CheckedPool(16);
  const q: QueueDisc = d.create(values, { pool, rng: new Rng(seed, 3), linkRateBps: 10e6, name: 'conformance' });
  const tally: Tally = { drops: 0, dropBytes: 0, byReason: { overflow: 0, early: 0, forced: 0, 'link-loss': 0 }, marks: 0, markedThisArrival: [], droppedThisArrival: [] };
  q.listener = {
    onDrop(queue, p, reason) {
      expect(queue).toBe(q);
      expect(pool.liveSet.has(p)).toBe(true); // reported before it is freed
      tally.drops++;
      tally.dropBytes += pool.size[p];
      tally.byReason[reason]++;
      tally.droppedThisArrival.push(p);
    },
    onMark(queue, p) {
      expect(queue).toBe(q);
      tally.marks++;
      tally.markedThisArrival.push(p);
    },
  };
  const records: DecisionRecord[] = [];
  if (withRecorder) q.recorder = { decision: (r) => records.push(r) };

  const unit = values.unit as 'packets' | 'bytes';
  const limit = values.limit as number;
  const ecnOn = values.ecn === true;
  let now = 0;
  let arrivals = 0;
  let arrivalBytes = 0;
  let departures = 0;
  let departureBytes = 0;
  const arrivalEcn = new Map<number, number>();
  let uid = -1;

  for (const op of ops) {
    now += op.dt;
    if (op.kind === 'arrive') {
      const p = pool.alloc();
      pool.size[p] = op.size;
      pool.ecn[p] = op.ecn;
      pool.flow[p] = 0;
      uid = pool.uid[p];
      arrivals++;
      arrivalBytes += op.size;
      tally.markedThisArrival.length = 0;
      tally.droppedThisArrival.length = 0;
      const nRec = records.length;
      const accepted = q.enqueue(p, now);

      if (accepted) {
        expect(tally.droppedThisArrival).toEqual([]);
        arrivalEcn.set(p, op.ecn);
      } else {
        expect(tally.droppedThisArrival).toEqual([p]);
        expect(pool.liveSet.has(p)).toBe(false);
      }
      // marks: only the arriving packet, only if ECN-capable, only if the AQM does ECN; marked packets are queued
      if (tally.markedThisArrival.length > 0) {
        expect(tally.markedThisArrival).toEqual([p]);
        expect(accepted).toBe(true);
        expect(op.ecn).not.toBe(ECN_NOT_ECT);
        expect(ecnOn).toBe(true);
        expect(pool.ecn[p]).toBe(ECN_CE);
      } else if (accepted) {
        expect(pool.ecn[p]).toBe(op.ecn);
      }
      if (withRecorder) {
        expect(records.length).toBe(nRec + 1);
        const r = records[nRec];
        expect(r.uid).toBe(uid);
        expect(r.ecn).toBe(op.ecn);
        expect(r.outcome).toBe(!accepted ? 'drop' : tally.markedThisArrival.length > 0 ? 'mark' : 'enqueue');
        if (!accepted) expect(tally.byReason[r.reason as DropReason]).toBeGreaterThan(0);
        else expect(r.reason).toBeNull();
      }
    } else {
      const p = q.dequeue(now);
      if (p >= 0) {
        departures++;
        departureBytes += pool.size[p];
        // the codepoint is the arrival's, or CE if this queue marked it
        const e = arrivalEcn.get(p);
        expect(e).toBeDefined();
        expect(pool.ecn[p] === e || (pool.ecn[p] === ECN_CE && e !== ECN_NOT_ECT)).toBe(true);
        arrivalEcn.delete(p);
        pool.free(p);
      } else {
        expect(q.lenPackets).toBe(0);
      }
    }

    // counter identities
    expect(q.arrivals).toBe(arrivals);
    expect(q.arrivalBytes).toBe(arrivalBytes);
    expect(q.departures).toBe(departures);
    expect(q.departureBytes).toBe(departureBytes);
    expect(q.arrivals).toBe(q.departures + q.drops + q.lenPackets);
    expect(q.arrivalBytes).toBe(q.departureBytes + tally.dropBytes + q.lenBytes);
    expect(q.drops).toBe(q.dropsOverflow + q.dropsEarly + q.dropsForced);
    expect(q.drops).toBe(tally.drops);
    expect(q.dropsOverflow).toBe(tally.byReason.overflow);
    expect(q.dropsEarly).toBe(tally.byReason.early);
    expect(q.dropsForced).toBe(tally.byReason.forced);
    expect(q.marks).toBe(tally.marks);
    if (!ecnOn) expect(q.marks).toBe(0);
    // backlog within the limit, in the queue's unit
    expect(unit === 'bytes' ? q.lenBytes : q.lenPackets).toBeLessThanOrEqual(limit);
    expect(q.length).toBe(unit === 'bytes' ? q.lenBytes : q.lenPackets);
    // each packet freed exactly once: what is alive is exactly what is queued
    expect(pool.live).toBe(q.lenPackets);
    expect(pool.liveSet.size).toBe(q.lenPackets);
  }
  // drain: everything queued comes out once
  let p: number;
  while ((p = q.dequeue(now)) >= 0) pool.free(p);
  expect(pool.live).toBe(0);
  expect(q.arrivals).toBe(q.departures + q.drops);
  return q;
}

/**
 * About 0.6 s of alternating load (55 % then 70 % arrivals) into a 30-packet (24 KB)
 * buffer: every discipline's defaults, with delay targets and timers a tenth of their
 * defaults, queue targets scaled to the limit, ECN on, and PI's gains raised, so each one
 * drops early and marks within the run.
 */
function congested(d: AqmDescriptor, unit: 'packets' | 'bytes', countRule: 'waiting' | 'ns2'): { values: Record<string, unknown>; ops: Op[] } {
  const scale = unit === 'bytes' ? 800 : 1;
  const values: Record<string, unknown> = {};
  for (const [k, s] of Object.entries(d.params)) values[k] = s.default;
  Object.assign(values, { limit: 30 * scale, unit, countRule, ecn: true, gentle: true, wq: 0.05 });
  if ('minTh' in d.params) Object.assign(values, { minTh: 5 * scale, maxTh: 12 * scale });
  for (const [k, s] of Object.entries(d.params)) {
    if (s.type === 'number' && s.unit === 's') values[k] = s.default / 10;
    if (k !== 'limit' && k !== 'minTh' && k !== 'maxTh' && s.type === 'number' && s.unit === 'queue-units') values[k] = (s.default * 30 * scale) / 100;
  }
  if (d.kind === 'pi') Object.assign(values, { a: 0.002, b: 0.0018 });
  const rng = new Rng(99, 1);
  const ops: Op[] = [];
  for (let i = 0; i < 6000; i++) {
    ops.push(rng.uniform() < (i % 2000 < 1000 ? 0.55 : 0.7) ? { kind: 'arrive', dt: rng.int(200_000), size: 40 + rng.int(1461), ecn: rng.int(4) } : { kind: 'depart', dt: rng.int(200_000) });
  }
  return { values, ops };
}

describe('queue-discipline conformance (every AQM in the registry)', () => {
  it('the registry lists droptail and red, and aqmByKind finds them', () => {
    expect(AQMS.map((d) => d.kind)).toEqual(['droptail', 'red', 'ared', 'sc-red', 'pi', 'rem', 'codel', 'pie']);
    for (const d of AQMS) {
      expect(aqmByKind(d.kind)).toBe(d);
      for (const k of Object.keys(COMMON_QUEUE_PARAMS)) expect(d.params[k], `${d.kind}.${k}`).toBeDefined();
    }
    expect(aqmByKind('nope')).toBeUndefined();
  });

  for (const d of AQMS) {
    for (const unit of ['packets', 'bytes'] as const) {
      for (const countRule of ['waiting', 'ns2'] as const) {
        it(`${d.kind}, ${unit}, countRule ${countRule}: counters, limit, ECN and packet ownership hold`, () => {
          const seen = { overflow: 0, early: 0, forced: 0, marks: 0 };
          fc.assert(
            fc.property(valuesArb(d, unit, countRule), opsArb, fc.boolean(), fc.integer({ min: 1, max: 1e6 }), (values, ops, rec, seed) => {
              if (d.check && d.check(values).length > 0) return; // not a valid configuration (e.g. ns2 with limit 1)
              const q = runOps(d, values, ops, rec, seed);
              seen.overflow += q.dropsOverflow;
              seen.early += q.dropsEarly;
              seen.forced += q.dropsForced;
              seen.marks += q.marks;
            }),
            { numRuns: 120 },
          );
          // with one congested run of this unit and rule (the random ones alone rarely give a
          // delay- or timer-driven AQM the sustained congestion it reacts to), every branch was reached
          const c = congested(d, unit, countRule);
          const q = runOps(d, c.values, c.ops, true, 5);
          seen.overflow += q.dropsOverflow;
          seen.early += q.dropsEarly;
          seen.forced += q.dropsForced;
          seen.marks += q.marks;
          expect(seen.overflow).toBeGreaterThan(0);
          if (d.kind !== 'droptail') expect(seen.early + seen.forced).toBeGreaterThan(0);
          if ('ecn' in d.params) expect(seen.marks).toBeGreaterThan(0);
        });
      }
    }

    it(`${d.kind}: a long congested run keeps every identity`, () => {
      const { values, ops } = congested(d, 'packets', 'waiting');
      const q = runOps(d, values, ops, true, 5);
      expect(q.drops).toBeGreaterThan(0);
      if ('ecn' in d.params) expect(q.marks).toBeGreaterThan(0);
    });
  }
});
