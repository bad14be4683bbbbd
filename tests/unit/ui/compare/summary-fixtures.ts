/** Run summaries for the compare view's tests (diff.test.ts, seeds.test.ts): one queue and one flow with plausible numbers, any field overridden. */
import type { FlowSummary, QueueSummary } from '../../../../src/engine/metrics/types';

export function queue(over: Partial<QueueSummary> = {}): QueueSummary {
  return {
    utilization: 0.9,
    arrivals: 1000,
    departures: 950,
    drops: 50,
    dropsOverflow: 10,
    dropsEarly: 40,
    dropsForced: 0,
    marks: 0,
    lossRate: 0.05,
    markRate: 0,
    meanQueuePackets: 20,
    maxQueuePackets: 60,
    meanQueueBytes: 30000,
    maxQueueBytes: 90000,
    meanQueueDelay: 0.024,
    linkLosses: 0,
    ...over,
  };
}

export function flow(i: number, over: Partial<FlowSummary> = {}): FlowSummary {
  return {
    flow: i,
    kind: 'tcp',
    completionTime: 10 + i,
    startTime: 0,
    goodputBps: 2e6,
    bytesDelivered: 1e6,
    bytesRequested: 1e6,
    packetsSent: 700,
    retransmissions: 5,
    timeouts: 0,
    fastRetransmits: 3,
    ecnReductions: 0,
    drops: 5,
    marks: 0,
    ...over,
  };
}
