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

/** Refuses a queue lacking a parameter its export reads (a renamed declaration), naming the field. */
function requireParams(q: QueueConfig, ctx: QueueExportContext, keys: readonly string[]): void {
  for (const k of keys) if (q[k] === undefined) throw new Ns2ExportError(`${ctx.path}.${k}`, `missing: the ns-2 export of "${q.kind}" (src/ns2/aqm.ts) reads this parameter`);
}

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
 *   drop_early picks when `!use_mark_p_ || p_b < mark_p_` (strictly less in Debian's
 *   ns-2.35; some later copies of red.cc have <=, a DCTCP patch), and with use_mark_p_ on
 *   it skips the forced-drop branch so everything above goes through drop_early with p = 1:
 *     "drop"  (RFC 3168 §7) -> use_mark_p_ 1, mark_p_ = max_p: marks only while p_b < max_p,
 *             i.e. below max_th; above it ECT packets are dropped like the others;
 *     "mark"  (RED*)        -> use_mark_p_ 1, mark_p_ = 2: ECT packets are always marked (with
 *             mark_p_ 1 the p = 1 above max_th fails the strict test and they are dropped:
 *             one ECN flow held above max_th in ns-2.35 got 20 marks and 39 drops in 10 s
 *             with mark_p_ 1, 233 marks and no drop with mark_p_ 2);
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
  const markP = above === 'mark' ? 2 : maxP;
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

/** RED's settings with some replaced (by name). */
function withSettings(base: QueueExport, over: [string, string][]): QueueExport {
  const keys = new Set(over.map(([k]) => k));
  return { ...base, settings: [...base.settings.filter(([k]) => !keys.has(k)), ...over] };
}

/**
 * Adaptive RED (FGS 2001, seeds/000 §2.3) as ns-2.35's Queue/RED with adaptive_ 1
 * (red.cc updateMaxP, initialize_params). Automatic min_th, max_th and w_q (0) stay 0 so
 * ns-2 computes them the same way (thresh_ = max(5, targetdelay_ C / 2) packets,
 * maxthresh_ = 3 thresh_, q_weight_ 0 = 1 - exp(-1/C), -1 = ns-2's RTT-based rule).
 * ns-2 adapts max_p at arrivals once `interval` has passed and keeps the gentle line of
 * the initial max_p: the engine's adapt "ns2" and gentleLine "initial"; other values are
 * listed as differences.
 */
export function aredExport(q: QueueConfig, ctx: QueueExportContext): QueueExport {
  requireParams(q, ctx, ['limit', 'unit', 'minTh', 'maxTh', 'wq', 'maxP', 'meanPktSize', 'targetDelay', 'interval', 'alpha', 'beta', 'top', 'bottom', 'adapt', 'gentleLine', 'wqRule', 'markP']);
  const bytes = q.unit === 'bytes';
  const scale = bytes ? n(q.meanPktSize) : 1;
  const base = redExport({ ...q, minTh: n(q.minTh) || 1, maxTh: n(q.maxTh) || 2 }, ctx);
  if (q.adapt !== 'ns2') ctx.note(`${ctx.path}.adapt`, `ns-2 adapts max_p at the first arrival after each interval and does not clamp it to [bottom, top] (adapt "ns2"); "${String(q.adapt)}" adapts on a timer every interval`);
  if (q.gentleLine !== 'initial') ctx.note(`${ctx.path}.gentleLine`, `ns-2's gentle line keeps the initial max_p (gentleLine "initial"); "${String(q.gentleLine)}" follows the adapted max_p`);
  if (n(q.bottom) === 0) ctx.note(`${ctx.path}.bottom`, 'bottom 0 means min(0.01, 80000 / bandwidth) in ns-2 (red.cc initialize_params)');
  const markP = n(q.markP);
  const over: [string, string][] = [
    ['adaptive_', '1'],
    ['feng_adaptive_', '0'],
    ['thresh_', num(n(q.minTh) / scale)],
    ['maxthresh_', num(n(q.maxTh) / scale)],
    ['q_weight_', n(q.wq) > 0 ? num(n(q.wq)) : q.wqRule === 'ns2' ? '-1' : '0'],
    ['gentle_', 'true'],
    ['targetdelay_', num(n(q.targetDelay))],
    ['interval_', num(n(q.interval))],
    ['alpha_', num(n(q.alpha))],
    ['beta_', num(n(q.beta))],
    ['top_', num(n(q.top))],
    ['bottom_', num(n(q.bottom))],
  ];
  if (markP < 1) over.push(['use_mark_p_', 'true'], ['mark_p_', num(markP)]);
  return withSettings(base, over);
}

/**
 * Feng et al.'s self-configuring RED (seeds/004 §3.3) as Queue/RED with adaptive_ 1 and
 * feng_adaptive_ 1 (red.cc updateMaxPFeng: max_p /= alpha_ on entering the region below
 * min_th, *= beta_ on entering the region above max_th, checked at every arrival).
 */
export function scRedExport(q: QueueConfig, ctx: QueueExportContext): QueueExport {
  requireParams(q, ctx, ['limit', 'unit', 'minTh', 'maxTh', 'wq', 'maxP', 'meanPktSize', 'alpha', 'beta', 'startStatus']);
  ctx.note(`${ctx.path}.beta`, 'ns-2 does not cap the adapted max_p at 1, and its gentle line keeps the initial max_p');
  // red.h leaves edv_.status unset: it reads 0, Above, so ns-2's first arrival divides max_p by alpha_
  if (q.startStatus !== 'ns2') ctx.note(`${ctx.path}.startStatus`, `ns-2's status starts as Above (never set), so its first arrival divides max_p by alpha_ (${num(n(q.maxP))} becomes ${num(n(q.maxP) / n(q.alpha))}); "ns2" runs the engine the same way`);
  return withSettings(redExport(q, ctx), [
    ['adaptive_', '1'],
    ['feng_adaptive_', '1'],
    ['alpha_', num(n(q.alpha))],
    ['beta_', num(n(q.beta))],
  ]);
}

/** The hard-limit settings every other queue shares (packets; bytes via mean_pktsize_). */
function limitSettings(q: QueueConfig, ctx: QueueExportContext): [string, string][] {
  const bytes = q.unit === 'bytes';
  const mps = n(q.meanPktSize);
  let limit = n(q.limit) / (bytes ? mps : 1);
  if (!Number.isInteger(limit)) {
    ctx.note(`${ctx.path}.limit`, `ns-2 counts a byte limit as limit_ x mean_pktsize_ with an integer limit_: ${q.limit} bytes become ${Math.round(limit)} x ${mps}`);
    limit = Math.max(1, Math.round(limit));
  }
  return [
    ['limit_', num(limit)],
    ['queue_in_bytes_', bool(bytes)],
    ['mean_pktsize_', num(mps)],
  ];
}

/**
 * PI (Hollot et al. 2001; seeds/002 eq. 1) as ns-2.35's Queue/PI (pi.cc): a_, b_, w_,
 * qref_ (in packets; a byte q_ref is written in mean-size packets as the control law
 * sees it), setbit_ for ECN, bytes_ for byte mode.
 */
export function piExport(q: QueueConfig, ctx: QueueExportContext): QueueExport {
  requireParams(q, ctx, ['limit', 'unit', 'meanPktSize', 'a', 'b', 'w', 'qRef']);
  const scale = q.unit === 'bytes' ? n(q.meanPktSize) : 1;
  return {
    nsClass: 'PI',
    settings: [
      ...limitSettings(q, ctx),
      ['a_', num(n(q.a))],
      ['b_', num(n(q.b))],
      ['w_', num(n(q.w))],
      ['qref_', num(n(q.qRef) / scale)],
      ['setbit_', bool(q.ecn === true)],
      ['bytes_', bool(q.mode === 'byte')],
    ],
  };
}

/**
 * REM (Athuraliya et al. 2001; seeds/002 eq. 2) as ns-2.35's Queue/REM (rem.cc): gamma_,
 * phi_, inw_, pupdtime_ (the update interval), pbo_ = b* (packets), markpkts_ for ECN
 * (ns-2 then marks departing ECT packets: the engine's markAt "dequeue"), qib_ for a byte
 * queue. ns-2 has no alpha_: it weighs the queue mismatch by 0.1 in rem.cc.
 */
export function remExport(q: QueueConfig, ctx: QueueExportContext): QueueExport {
  requireParams(q, ctx, ['limit', 'unit', 'meanPktSize', 'gamma', 'phi', 'alpha', 'interval', 'inw', 'bStar']);
  const scale = q.unit === 'bytes' ? n(q.meanPktSize) : 1;
  if (n(q.alpha) !== 0.1) ctx.note(`${ctx.path}.alpha`, `ns-2's REM weighs the queue mismatch by a fixed 0.1 (rem.cc); alpha = ${q.alpha} cannot be set there`);
  if (q.ecn === true && q.markAt !== 'dequeue') ctx.note(`${ctx.path}.markAt`, 'with ECN ns-2 marks departing ECT packets and drops nothing early (markAt "dequeue"); "enqueue" marks or drops arrivals');
  if (q.mode === 'byte') ctx.note(`${ctx.path}.mode`, "ns-2's REM has no byte mode: every packet gets the same probability");
  const lim = limitSettings(q, ctx).filter(([k]) => k !== 'queue_in_bytes_');
  return {
    nsClass: 'REM',
    settings: [
      ...lim,
      ['qib_', bool(q.unit === 'bytes')],
      ['gamma_', num(n(q.gamma))],
      ['phi_', num(n(q.phi))],
      ['inw_', num(n(q.inw))],
      ['pupdtime_', num(n(q.interval))],
      ['pbo_', num(n(q.bStar) / scale)],
      ['markpkts_', bool(q.ecn === true)],
    ],
  };
}

/**
 * Every queue kind with an ns-2.35 export. ared, sc-red, pi and rem follow the parameter
 * declarations of src/engine/aqm/{ared,sc-red,pi,rem}.ts; a parameter missing from a
 * queue raises an error rather than a wrong script.
 */
export const NS2_QUEUES: Readonly<Record<string, QueueExporter>> = {
  droptail: dropTailExport,
  red: redExport,
  ared: aredExport,
  'sc-red': scRedExport,
  pi: piExport,
  rem: remExport,
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
