import type { QueueConfig } from '../engine/scenario/schema';
import { bool, num, Ns2ExportError } from './tcl';

/**
 * Queue disciplines in ns-2.35, one entry per AQM kind of the engine's registry. Adding
 * an AQM's export = one function here + one line in NS2_QUEUES (and its case in the
 * validate suite, src/ns2/suite.ts). A kind without an entry is refused with a message
 * naming the field, never exported as something else.
 *
 * Facts about ns-2.35 used here are from its source (queue/drop-tail.cc, queue/red.cc)
 * and the defaults it prints for `Queue/RED info vars`; each is cited where used.
 */

export interface QueueExportContext {
  /** Dotted scenario path of the queue, e.g. "topology.bottleneck.queue". */
  path: string;
  /** Rate of the link the queue feeds, bits/s. */
  linkRateBps: number;
  /** Records a field without an exact ns-2 equivalent (listed at the top of the script). */
  note(field: string, text: string): void;
}

export interface QueueExport {
  /** The ns-2 queue class used in the link command, without "Queue/" ("DropTail", "RED"). */
  nsClass: string;
  /** Instance variables of the queue object, set before the run: [name, Tcl value]. */
  settings: [string, string][];
  /** The ns-2 queue reports early drops apart (it takes an early-drop-target, as RED does). */
  earlyDrops?: boolean;
}

export type QueueExporter = (q: QueueConfig, ctx: QueueExportContext) => QueueExport;

const n = (x: unknown): number => x as number;

/**
 * Drop-tail. ns-2's DropTail::enque drops an arrival when `length + 1 >= limit_` (packets)
 * or `bytes + size >= limit_ * mean_pktsize_` (bytes) (queue/drop-tail.cc), which is the
 * engine's countRule "ns2"; countRule "waiting" (drop when waiting + 1 > limit) is the
 * same rule with limit_ one larger. In bytes mean_pktsize_ = 1 makes limit_ a byte count.
 */
export function dropTailExport(q: QueueConfig): QueueExport {
  const bytes = q.unit === 'bytes';
  const limit = n(q.limit) + (q.countRule === 'ns2' ? 0 : 1);
  return {
    nsClass: 'DropTail',
    settings: [
      ['limit_', num(limit)],
      ['queue_in_bytes_', bool(bytes)],
      ['mean_pktsize_', bytes ? '1' : '500'],
      ['drop_front_', 'false'],
      ['summarystats_', 'false'],
    ],
  };
}

/**
 * RED (queue/red.cc, REDQueue::enque and drop_early). Mapping of the engine's parameters:
 * - minTh, maxTh -> thresh_, maxthresh_ (in packets; in bytes ns-2 multiplies them by
 *   mean_pktsize_, so they are written divided by meanPktSize); maxP -> linterm_ = 1/maxP;
 *   wq -> q_weight_; gentle -> gentle_; wait -> wait_; ecn -> setbit_; mode "byte" ->
 *   bytes_; unit "bytes" -> queue_in_bytes_; meanPktSize -> mean_pktsize_ (also sets the
 *   idle-time packet rate, as here).
 * - The hard limit: ns-2 drops when the backlog before the arrival is >= limit_ (x
 *   mean_pktsize_ in bytes), which is the engine's RED rule in packets.
 * - aboveMaxTh (what ECT packets get above max_th, ecn on): ns-2 marks an ECT packet that
 *   drop_early picks when `!use_mark_p_ || p_b <= mark_p_`, and with use_mark_p_ on it
 *   skips the forced-drop branch so everything above goes through drop_early with p = 1:
 *     "drop"  (RFC 3168 §7) -> use_mark_p_ 1, mark_p_ = max_p: marks only while p_b <= max_p,
 *             i.e. below max_th; above it ECT packets are dropped like the others;
 *     "mark"  (RED*)        -> use_mark_p_ 1, mark_p_ = 1: ECT packets are always marked;
 *     "new-gentle"          -> use_mark_p_ 0: marks up to 2 max_th, forced drops above.
 *   With ecn off use_mark_p_ is 0, so drops above max_th are counted as forced, as here.
 */
export function redExport(q: QueueConfig, ctx: QueueExportContext): QueueExport {
  const bytes = q.unit === 'bytes';
  const mps = n(q.meanPktSize);
  const maxP = n(q.maxP);
  const scale = bytes ? mps : 1;
  let limit = n(q.limit) / scale;
  if (bytes && !Number.isInteger(limit)) {
    ctx.note(`${ctx.path}.limit`, `ns-2 RED counts a byte limit as limit_ x mean_pktsize_ with an integer limit_; ${q.limit} bytes / ${mps} is not whole, so limit_ = ${Math.round(limit)} (${Math.round(limit) * mps} bytes)`);
    limit = Math.max(1, Math.round(limit));
  }
  if (bytes) ctx.note(`${ctx.path}.limit`, 'ns-2 RED admits a packet while the byte backlog is below the limit (overshooting by up to one packet); the engine keeps backlog + size within it');
  if (q.mode === 'byte')
    ctx.note(`${ctx.path}.mode`, 'byte mode: ns-2 scales p by size / mean_pktsize_ after the count correction and counts bytes / mean_pktsize_ (red.cc modify_p); the engine scales before it (F&J 1993 §4, seeds/002 eq. 3)');
  let linterm = maxP > 0 ? 1 / maxP : 1e300;
  if (maxP <= 0) ctx.note(`${ctx.path}.maxP`, 'max_p = 0: ns-2 needs linterm_ = 1/max_p, written as 1e300 (p_b ~ 1e-300, so no early drop happens in practice)');
  if (!Number.isFinite(linterm)) linterm = 1e300;
  const ecn = q.ecn === true;
  const above = q.aboveMaxTh as string;
  const useMarkP = ecn && (above === 'drop' || above === 'mark');
  const markP = above === 'mark' ? 1 : maxP;
  return {
    nsClass: 'RED',
    earlyDrops: true,
    settings: [
      ['limit_', num(limit)],
      ['queue_in_bytes_', bool(bytes)],
      ['bytes_', bool(q.mode === 'byte')],
      ['mean_pktsize_', num(mps)],
      ['thresh_', num(n(q.minTh) / scale)],
      ['maxthresh_', num(n(q.maxTh) / scale)],
      ['linterm_', num(linterm)],
      ['q_weight_', num(n(q.wq))],
      ['gentle_', bool(q.gentle === true)],
      ['wait_', bool(q.wait === true)],
      ['setbit_', bool(ecn)],
      ['use_mark_p_', bool(useMarkP)],
      ['mark_p_', num(markP)],
      // everything else at the plain-RED setting (ns-2.35 defaults shown in `Queue/RED info vars`)
      ['adaptive_', '0'],
      ['feng_adaptive_', '0'],
      ['cautious_', '0'],
      ['doubleq_', 'false'],
      ['drop_tail_', 'true'],
      ['drop_front_', 'false'],
      ['drop_rand_', 'false'],
      ['ns1_compat_', 'false'],
      ['summarystats_', 'false'],
    ],
  };
}

/** Every queue kind with an ns-2.35 export. */
export const NS2_QUEUES: Readonly<Record<string, QueueExporter>> = {
  droptail: dropTailExport,
  red: redExport,
};

/** Kinds ns-2.35 itself lacks, with the reason given to the user. */
const NOT_IN_NS2: Readonly<Record<string, string>> = {
  codel: 'ns-2.35 has no CoDel (Queue/CoDel is not in the 2.35 release that Debian packages)',
  pie: 'ns-2.35 has no PIE (Queue/PIE is not in the 2.35 release that Debian packages)',
};

/** The export of one queue, or an Ns2ExportError naming `<path>.kind`. */
export function exportQueue(q: QueueConfig, ctx: QueueExportContext): QueueExport {
  const f = NS2_QUEUES[q.kind];
  if (f) return f(q, ctx);
  const why = NOT_IN_NS2[q.kind] ?? `no ns-2 export for queue kind "${q.kind}" yet`;
  throw new Ns2ExportError(`${ctx.path}.kind`, `"${q.kind}" cannot be exported: ${why}; exportable kinds: ${Object.keys(NS2_QUEUES).join(', ')}`);
}
