import { describe, expect, it } from 'vitest';
import { aqmLines, delayText, formatSummary, kindTable, rateText, scenarioLine, table } from '../../../src/cli/format';
import type { FlowSummary, QueueSummary, RunResult } from '../../../src/engine/metrics/types';
import { presetScenario } from '../../../src/engine/scenario/presets';
import { parseScenario } from '../../../src/engine/scenario/schema';

function queue(over: Partial<QueueSummary> = {}): QueueSummary {
  return {
    utilization: 0.9942,
    arrivals: 28730,
    departures: 28692,
    drops: 38,
    dropsOverflow: 38,
    dropsEarly: 0,
    dropsForced: 0,
    marks: 0,
    lossRate: 38 / 28730,
    markRate: 0,
    meanQueuePackets: 31.25,
    maxQueuePackets: 63,
    meanQueueBytes: 45625,
    maxQueueBytes: 91980,
    meanQueueDelay: 0.2437,
    linkLosses: 0,
    ...over,
  };
}

function flow(i: number, over: Partial<FlowSummary> = {}): FlowSummary {
  return {
    flow: i,
    kind: 'tcp',
    completionTime: 112.5,
    startTime: 0,
    goodputBps: 1491300,
    bytesDelivered: 20971520,
    bytesRequested: 20971520,
    packetsSent: 14365,
    retransmissions: 2,
    timeouts: 1,
    fastRetransmits: 1,
    ecnReductions: 0,
    drops: 3,
    marks: 4,
    ...over,
  };
}

function result(flows: FlowSummary[], G: number | null): RunResult {
  return {
    version: 1,
    scenario: null,
    summary: { events: 1234, wallSeconds: 0.05, simulatedSeconds: 112.5, warmup: 0, bottleneck: queue(), bottleneckReverse: queue({ utilization: 0.014 }), flows, goodputEfficiency: G, fairness: { jain: 0.9931 } },
  };
}

describe('summary text', () => {
  it('aligns a table: first columns left, numbers right', () => {
    expect(table(['a', 'bb', 'n'], [['xyz', 'q', '1'], ['p', 'rr', '100']], 2)).toBe(['a    bb    n', 'xyz  q     1', 'p    rr  100'].join('\n'));
  });

  it('shows rates and delays in friendly units', () => {
    expect(rateText(1.5e6)).toBe('1.5 Mb/s');
    expect(rateText(10e9)).toBe('10 Gb/s');
    expect(rateText(64000)).toBe('64 Kb/s');
    expect(delayText(0.0005)).toBe('0.5 ms');
    expect(delayText(2)).toBe('2 s');
  });

  it('prints goodput in Kb/s, G and utilization in percent, unfinished flows and Jain', () => {
    const text = formatSummary(result([flow(0), flow(1, { completionTime: null, goodputBps: 744000 })], 0.9942), presetScenario('lockout-dt')!);
    expect(text).toContain('1.5 Mb/s 20 ms, droptail limit 64 pkts');
    expect(text).toMatch(/^0\s+tcp\s+0\.000\s+112\.500\s+1491\.3\s+20971520\s+14365\s+2\s+1\s+3\s+4$/m);
    expect(text).toMatch(/^1\s+tcp\s+0\.000\s+unfinished\s+744\.0\s/m);
    expect(text).toMatch(/^bottleneck ->\s+99\.4%\s+28730\s+38\s+38\s+0\s+0\s+0\s+0\s+0\.13%\s+31\.25\s+63\s+243\.70$/m);
    expect(text).toContain('2 TCP flows (reno), dumbbell 1x2 hosts');
    expect(text).toContain('G = 99.42%');
    expect(text).toContain("Jain's fairness index = 0.993");
    const open = formatSummary(result([flow(0)], null), presetScenario('lockout-dt')!);
    expect(open).toContain('G = - (a flow did not finish)');
  });

  it('says why G is missing: no long-lived flows (web traffic alone), no TCP flows, or an unfinished one', () => {
    const web = formatSummary(result([], null), presetScenario('web-dt148-80')!);
    expect(web).toContain("G = - (no long-lived flows)   Jain's fairness index = - (no long-lived flows)");
    expect(web).not.toContain('a flow did not finish');
    // no empty per-flow table: a line that says where the exchanges are
    expect(web).not.toMatch(/^flow\s+kind\s+start s/m);
    expect(web).toContain('flows: none long-lived (web exchanges: see the response times below)');
    const udp = formatSummary(result([flow(0, { kind: 'udp', completionTime: null })], null), presetScenario('md1-poisson')!);
    expect(udp).toContain('G = - (no TCP flows)');
    expect(udp).toMatch(/^0\s+udp\s+0\.000\s+unfinished/m);
  });

  it('counts random link losses in their own column, apart from queue drops', () => {
    const r = result([flow(0)], 0.5);
    r.summary.bottleneck = { ...r.summary.bottleneck, linkLosses: 224 };
    const text = formatSummary(r, presetScenario('random-loss')!);
    expect(text).toMatch(/^queue\s+util\s+arrivals\s+drops\s+overflow\s+early\s+forced\s+marks\s+link loss\s+loss\s+mean q/m);
    expect(text).toMatch(/^bottleneck ->\s+99\.4%\s+28730\s+38\s+38\s+0\s+0\s+0\s+224\s+0\.13%/m);
  });

  it('names TCP in the header only when there is TCP traffic', () => {
    expect(scenarioLine(presetScenario('md1-poisson')!)).toMatch(/^md1-poisson \(seed 1, 200 s\): 1 UDP source \(poisson 8 Mb\/s\), dumbbell/);
    expect(scenarioLine(presetScenario('md1-poisson')!)).not.toContain('TCP');
    expect(scenarioLine(presetScenario('ecn-finite')!)).toContain('2 TCP flows (reno+ECN)');
    // stopAfterExchanges ends only a run with web traffic: the header said "until 10 exchanges or 30 s" for bulk flows
    expect(scenarioLine({ ...presetScenario('default')!, stopAfterExchanges: 10 })).toMatch(/^default \(seed 1, 30 s\): /);
    expect(scenarioLine({ ...presetScenario('web-dt148-80')!, stopAfterExchanges: 10 })).toContain(', until 10 exchanges or 230 s)');
  });

  it('a general topology names the link its queue rows are: the named bottleneck, or the slowest link', () => {
    const general = (bottleneck?: { from: string; to: string }) =>
      parseScenario({
        version: 1,
        duration: 10,
        topology: {
          kind: 'general',
          nodes: [{ name: 'a' }, { name: 'r1' }, { name: 'r2' }, { name: 'b' }],
          links: [
            { from: 'a', to: 'r1', rate: 1e8, delay: 0.001 },
            { from: 'r1', to: 'r2', rate: 5e6, delay: 0.02, queue: { kind: 'red', limit: 50, minTh: 5, maxTh: 15 } },
            { from: 'r2', to: 'b', rate: 1e8, delay: 0.001 },
          ],
          ...(bottleneck ? { bottleneck } : {}),
        },
        traffic: [{ kind: 'bulk', flows: 1, src: 'a', dst: 'b' }],
      });
    const slowest = general();
    if (!slowest.ok) throw new Error(slowest.errors.join('\n'));
    expect(scenarioLine(slowest.scenario)).toMatch(/, 4 nodes, 3 links, bottleneck r1->r2 \(the slowest link\) 5 Mb\/s 20 ms, red limit 50 pkts, minTh 5 maxTh 15/);
    // named from its far end: that direction, and the link's queue for it (none given: the default drop-tail)
    const named = general({ from: 'b', to: 'r2' });
    if (!named.ok) throw new Error(named.errors.join('\n'));
    expect(scenarioLine(named.scenario)).toMatch(/bottleneck b->r2 \(named\) 100 Mb\/s 1 ms, droptail limit 1000 pkts \(no queue given\)$/);
  });

  it('summarises flows beyond the first 40', () => {
    const flows = Array.from({ length: 100 }, (_, i) => flow(i, { goodputBps: 1000 * (i + 1), drops: 1 }));
    const text = formatSummary(result(flows, 0.5), presetScenario('bench-100-red')!);
    expect(text).toMatch(/^39\s+tcp/m);
    expect(text).not.toMatch(/^40\s+tcp/m);
    expect(text).toContain('... 60 more flows: goodput 41.0 to 100.0 Kb/s, retx 120, timeouts 60, drops 60, marks 240');
  });
});

describe('the AQM lines', () => {
  it('print each number with the unit its parameter or variable declares: seconds, packets or bytes', () => {
    const codel = aqmLines(queue({ aqm: { kind: 'codel', params: { limit: 1000, unit: 'packets', target: 0.005, interval: 0.1, ecn: false }, state: { sojourn: 0.0073, count: 8 }, means: { sojourn: 0.0116 } } }));
    expect(codel[0]).toBe('codel at the bottleneck: limit 1000 packets, unit packets, target 0.005 s, interval 0.1 s, ecn false');
    expect(codel[1]).toBe('  final: sojourn 0.0073 s, count 8');
    expect(codel[2]).toBe('  time averages: sojourn 0.0116 s');
    // a queue counted in bytes: its thresholds and average are bytes; probabilities stay bare
    const red = aqmLines(queue({ aqm: { kind: 'red', params: { limit: 96000, unit: 'bytes', minTh: 30000, maxTh: 90000, maxP: 0.1, meanPktSize: 1500 }, state: { avg: 31000.5, maxP: 0.1 }, means: { avg: 29000 } } }));
    expect(red[0]).toBe('red at the bottleneck: limit 96000 bytes, unit bytes, minTh 30000 bytes, maxTh 90000 bytes, maxP 0.1, meanPktSize 1500 bytes');
    expect(red[1]).toBe('  final: avg 31000 bytes, maxP 0.1');
  });
});

describe('the packet-kind table', () => {
  const none = { arrivals: 0, drops: 0, marks: 0 };
  const kinds = (o: Partial<NonNullable<QueueSummary['byKind']>>): NonNullable<QueueSummary['byKind']> => ({ data: none, ack: none, syn: none, synack: none, fin: none, udp: none, ...o });
  it('web traffic: each kind that came, with its drop and mark shares, both ways', () => {
    const fwd = queue({ byKind: kinds({ data: { arrivals: 93009, drops: 0, marks: 7582 }, synack: { arrivals: 27365, drops: 2341, marks: 0 } }) });
    const rev = queue({ byKind: kinds({ syn: { arrivals: 25563, drops: 0, marks: 0 } }) });
    const lines = kindTable(fwd, rev)!.split('\n');
    expect(lines[0]).toBe('by packet kind (after the warm-up)');
    expect(lines[1].split(/\s+/)).toEqual(['queue', 'kind', 'arrivals', 'drops', 'dropped', 'marks', 'marked']);
    expect(lines.slice(2).map((l) => l.split(/\s{2,}/))).toEqual([
      ['bottleneck ->', 'data', '93009', '0', '0.00%', '7582', '8.15%'],
      ['bottleneck ->', 'SYN-ACK', '27365', '2341', '8.55%', '0', '0.00%'],
      ['bottleneck <-', 'SYN', '25563', '0', '0.00%', '0', '0.00%'],
    ]);
  });
  it('long-lived flows alone (a few SYNs and FINs): no table', () => {
    const fwd = queue({ byKind: kinds({ data: { arrivals: 28000, drops: 18, marks: 90 }, syn: { arrivals: 2, drops: 0, marks: 0 }, fin: { arrivals: 2, drops: 0, marks: 0 } }) });
    expect(kindTable(fwd, queue({ byKind: kinds({ synack: { arrivals: 2, drops: 0, marks: 0 } }) }))).toBeNull();
    expect(kindTable(queue(), queue())).toBeNull();
  });
});
