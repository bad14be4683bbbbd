import { describe, expect, it } from 'vitest';
import type { QueueSummary, Summary } from '../../../../src/engine/metrics/types';
import { KIND_KEYS } from '../../../../src/engine/net/packet';
import { runScenario } from '../../../../src/engine/run';
import { parseScenario } from '../../../../src/engine/scenario/schema';
import { seeds003Json } from '../../../../src/engine/scenario/presets/seeds003';
import { bulk, dumbbell } from '../helpers/scenarios';

/*
 * summary.bottleneck.byKind (and bottleneckReverse.byKind): the queue's arrivals, drops and
 * marks split by packet kind, after the warm-up. Over the kinds they add up to the queue's
 * own counts; a kind that is never ECN-capable is never marked.
 */

function run(json: Record<string, unknown>): Summary {
  const p = parseScenario(json);
  if (!p.ok) throw new Error(p.errors.join('; '));
  return runScenario(p.scenario).summary;
}

function sums(q: QueueSummary): { arrivals: number; drops: number; marks: number } {
  const k = q.byKind;
  if (k === undefined) throw new Error('no byKind');
  let arrivals = 0;
  let drops = 0;
  let marks = 0;
  for (const key of KIND_KEYS) {
    arrivals += k[key].arrivals;
    drops += k[key].drops;
    marks += k[key].marks;
  }
  return { arrivals, drops, marks };
}

function expectSums(s: Summary): void {
  for (const q of [s.bottleneck, s.bottleneckReverse]) {
    expect(sums(q)).toEqual({ arrivals: q.arrivals, drops: q.drops, marks: q.marks });
  }
}

/** A web scenario of seeds/003 (RED*, one-way web traffic), cut short. */
const web = (ecn: 'none' | 'ecn' | 'ecn+') => ({ ...seeds003Json({ aboveMaxTh: 'mark', ecn, load: 1.05 }), duration: 40, warmup: 10 });

describe('summary byKind', () => {
  // bulk both ways through RED with ECN, and a UDP flood: data and pure ACKs in both
  // directions, drops and marks, a warm-up to subtract
  const bulkRun = runScenario({
    ...dumbbell({
      rate: 10e6,
      delay: 0.01,
      queue: { kind: 'red', limit: 60, unit: 'packets', countRule: 'waiting', minTh: 5, maxTh: 20, maxP: 0.1, wq: 0.002, gentle: true, wait: true, ecn: true, aboveMaxTh: 'drop', mode: 'packet', meanPktSize: 500 },
      left: 3,
      right: 3,
      tcp: { ecn: true },
      traffic: [bulk(3), bulk(2, undefined, { from: 'right' }), { kind: 'udp', pattern: 'poisson', rate: 3e6, packetSize: 500, from: 'left', start: 0 }],
      duration: 12,
    }),
    warmup: 3,
  }).summary;
  const ecn = run(web('ecn'));
  const ecnPlus = run(web('ecn+'));

  it('sums over the kinds to the queue counts (bulk + UDP, after a warm-up)', () => {
    const b = bulkRun.bottleneck.byKind!;
    expect(b.data.arrivals).toBeGreaterThan(0);
    expect(b.ack.arrivals).toBeGreaterThan(0); // the right-to-left flows' ACKs
    expect(b.udp.arrivals).toBeGreaterThan(0);
    expect(bulkRun.bottleneck.drops).toBeGreaterThan(0);
    expect(bulkRun.bottleneck.marks).toBeGreaterThan(0);
    expect(b.udp.marks).toBe(0); // UDP is not ECN-capable
    expectSums(bulkRun);
  });

  it('sums over the kinds to the queue counts (web sessions)', () => {
    expectSums(ecn);
    expectSums(ecnPlus);
    const b = ecn.bottleneck.byKind!;
    expect(b.synack.arrivals).toBeGreaterThan(0);
    expect(b.fin.arrivals).toBeGreaterThan(0);
    expect(ecn.bottleneck.drops).toBeGreaterThan(0);
  });

  it('never marks a Not-ECT SYN-ACK (ECN without ECN+); ECN+ SYN-ACKs can be marked', () => {
    const b = ecn.bottleneck.byKind!;
    expect(b.data.marks).toBeGreaterThan(0);
    expect(b.synack.drops).toBeGreaterThan(0);
    expect(b.synack.marks).toBe(0);
    expect(ecnPlus.bottleneck.byKind!.synack.marks).toBeGreaterThan(0);
  });
});
