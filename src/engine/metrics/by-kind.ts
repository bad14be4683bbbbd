import type { KindKey } from '../net/packet';
import type { QueueSummary } from './types';

/** The kinds as the trace and the inspector name them (summary byKind's keys are lower case). */
export const KIND_NAMES: Readonly<Record<KindKey, string>> = { data: 'data', ack: 'ACK', syn: 'SYN', synack: 'SYN-ACK', fin: 'FIN', udp: 'UDP' };

/**
 * Whether the counts by packet kind are worth showing: connections open and close through
 * the bottleneck (web traffic: at least 100 SYNs and SYN-ACKs either way). seeds/003's
 * ECN damage is SYN-ACKs (never ECN-capable) dropped by a queue that marks the data;
 * long-lived flows alone have a handful of SYNs and FINs, which say nothing.
 */
export function kindsWorthShowing(fwd: QueueSummary, rev: QueueSummary): boolean {
  const handshakes = (q: QueueSummary) => (q.byKind ? q.byKind.syn.arrivals + q.byKind.synack.arrivals : 0);
  return handshakes(fwd) + handshakes(rev) >= 100;
}

/**
 * Share of the queue's arrivals of these kinds that were dropped, or marked (summary byKind,
 * after the warm-up); NaN without counts by kind or without arrivals.
 */
export function kindShare(q: QueueSummary, what: 'drops' | 'marks', kinds: readonly KindKey[]): number {
  const k = q.byKind;
  if (k === undefined) return NaN;
  let n = 0;
  let a = 0;
  for (const kind of kinds) {
    n += k[kind][what];
    a += k[kind].arrivals;
  }
  return a > 0 ? n / a : NaN;
}
