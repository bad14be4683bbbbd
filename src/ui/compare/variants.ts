/**
 * The variants Compare offers of the current scenario: the same with a drop-tail queue,
 * with RED, with RED + ECN, with ECN switched. Each is a few --set style changes of the
 * bottleneck queue and TCP, validated as a whole.
 *
 * RED's default thresholds (min_th 5, max_th 15 packets) do not fit a buffer of 5 packets
 * or less (min_th must be below the limit, or the average can never reach it): the RED
 * variants of such a scenario (seeds/001's 4-packet presets) take min_th = limit / 4 and
 * max_th = 3 min_th, the proportions seeds/001 Table II uses for its 4- and 8-packet
 * buffers (min_th 1 and 2), and say so in a note. Thresholds that fit are kept.
 *
 * The defaults are numbers of packets: a queue counted in bytes (seeds/002's 100 Mb/s
 * lessons) that becomes RED got min_th 5 and max_th 15 bytes, less than one packet, so
 * every arrival was above max_th. There the variant reads them in packets of meanPktSize,
 * as ns-2 does for a queue in bytes (red.cc: th_min = th_min_pkts x mean_pktsize).
 */
import { aqmByKind } from '../../engine/aqm/registry';
import { cloneJson, getPath } from '../../engine/scenario/paths';
import type { Scenario } from '../../engine/scenario/schema';
import { applySet } from '../../engine/scenario/set';
import { validate } from '../scenario-api';

export type VariantResult = { ok: true; scenario: Scenario; note?: string; labelNote?: string } | { ok: false; errors: string[] };

export interface Variant {
  id: string;
  label: string;
  make(current: Scenario): VariantResult;
}

const Q = 'topology.bottleneck.queue';

/** Applies several --set style changes in order (each checked as it is applied), then validates the whole. */
function variant(current: Scenario, sets: readonly [string, unknown][], fit?: (s: Record<string, unknown>, before: Scenario) => { note: string; labelNote: string } | null): VariantResult {
  const s = cloneJson(current) as unknown as Record<string, unknown>;
  for (const [p, v] of sets) {
    const err = applySet(s, p, v);
    if (err) return { ok: false, errors: [err] };
  }
  const fitted = fit ? fit(s, current) : null;
  const r = validate(s);
  if (!r.ok) return r;
  return fitted ? { ok: true, scenario: r.scenario, ...fitted } : { ok: true, scenario: r.scenario };
}

const num = (x: unknown): number | null => (typeof x === 'number' && Number.isFinite(x) ? x : null);
const short = (x: number): string => String(Number(x.toPrecision(4)));

/**
 * RED thresholds for the buffer. Defaults (the queue was of a kind without thresholds in
 * `before`) on a queue in bytes are read in packets of meanPktSize (the kind swap does it;
 * this says so in the variant's note). Then, when min_th is
 * not below the queue's limit, min_th = limit / 4 and max_th = 3 min_th (seeds/001 Table
 * II: 4 packets -> 1, 8 -> 2). Else unchanged.
 */
export function fitRedThresholds(s: Record<string, unknown>, before?: Scenario): { note: string; labelNote: string } | null {
  const limit = num(getPath(s, `${Q}.limit`));
  const minTh = num(getPath(s, `${Q}.minTh`));
  const maxTh = num(getPath(s, `${Q}.maxTh`));
  const unit = getPath(s, `${Q}.unit`) === 'bytes' ? 'bytes' : 'packets';
  const size = num(getPath(s, `${Q}.meanPktSize`));
  const defaults = before !== undefined && num(getPath(before, `${Q}.minTh`)) === null;
  let inPackets: string | null = null;
  if (defaults && unit === 'bytes' && size !== null && minTh !== null && maxTh !== null) {
    // the kind swap has already taken them so (engine/scenario/set.ts, bytesDefaults): say so
    inPackets = `RED’s default thresholds (min_th ${short(minTh / size)}, max_th ${short(maxTh / size)}) are packets: this queue counts bytes, so the RED variant takes them in packets of ${short(size)} bytes (meanPktSize), min_th ${short(minTh)} and max_th ${short(maxTh)} bytes, as ns-2 does for a queue in bytes.`;
  }
  if (limit === null || minTh === null || minTh < limit) return inPackets === null ? null : { labelNote: `min_th ${short(minTh ?? 0)}, max_th ${short(maxTh ?? 0)} bytes`, note: inPackets };
  const newMin = limit / 4;
  const newMax = 3 * newMin;
  applySet(s, `${Q}.minTh`, newMin);
  applySet(s, `${Q}.maxTh`, newMax);
  return {
    labelNote: `min_th ${short(newMin)}, max_th ${short(newMax)}`,
    note: `RED’s thresholds (min_th ${short(minTh)}${maxTh === null ? '' : `, max_th ${short(maxTh)}`}) do not fit this ${short(limit)}-${unit === 'bytes' ? 'byte' : 'packet'} buffer, so the RED variant uses min_th = limit / 4 = ${short(newMin)} and max_th = 3 × min_th = ${short(newMax)} ${unit} (the proportions seeds/001 uses for its 4- and 8-packet buffers).`,
  };
}

/**
 * The RED variants' fit: the thresholds (fitRedThresholds), and, when the scenario's queue
 * is another RED (adaptive, self-configuring), a note that the variant is plain RED: on an
 * adaptive RED lesson "the same with RED + ECN" read as "this queue with ECN", and the
 * student compared with a RED whose max_p no longer adapts without being told.
 */
function fitRed(s: Record<string, unknown>, before: Scenario): { note: string; labelNote: string } | null {
  const fitted = fitRedThresholds(s, before);
  const kind = getPath(before, `${Q}.kind`);
  // only a RED of another kind reads as "this queue": "RED + ECN" of a PI lesson says what it is
  const other = typeof kind === 'string' && kind !== 'red' ? aqmByKind(kind)?.label : undefined;
  if (!other || !/\bRED\b/.test(other)) return fitted;
  const plain = `plain RED, not ${other}`;
  const note = `This scenario’s queue is ${other}; this variant is plain RED (its max_p fixed, no adaptation) with the parameters RED shares with it. To keep ${other} and change only ECN, compare with “the same with ECN switched on/off”.`;
  return { labelNote: fitted ? `${plain}; ${fitted.labelNote}` : plain, note: fitted ? `${note} ${fitted.note}` : note };
}

/**
 * Senders switched between AIMD and CUBIC (tcp.cc, RFC 9438). CUBIC replaces the window
 * rules that ns-2's arithmetic (windowCut "ns2": seeds/001's and seeds/004's lessons) and
 * seeds/004's SUBTCP and modified increases change, so the CUBIC variant of such a lesson
 * takes RFC 5681's cut and the linear increase, and says so.
 */
function ccToggle(s: Scenario): VariantResult {
  const cubic = s.tcp.cc !== 'cubic';
  const sets: [string, unknown][] = [['tcp.cc', cubic ? 'cubic' : 'reno']];
  const dropped: string[] = [];
  if (cubic && s.tcp.windowCut === 'ns2') {
    sets.push(['tcp.windowCut', 'rfc5681']);
    dropped.push('ns-2’s window arithmetic (windowCut "ns2")');
  }
  if (cubic && (s.tcp.subtcp || s.tcp.increase !== 'linear')) {
    sets.push(['tcp.subtcp', false], ['tcp.increase', 'linear']);
    dropped.push('SUBTCP and the modified increase (seeds/004)');
  }
  const r = variant(s, sets);
  if (!r.ok) return r;
  const labelNote = cubic ? 'CUBIC senders' : 'Reno (AIMD) senders';
  if (dropped.length === 0) return { ...r, labelNote };
  return { ...r, labelNote: `${labelNote}, RFC 5681 window rules`, note: `CUBIC replaces the window rules this lesson changes, so the CUBIC variant leaves out ${dropped.join(' and ')}: a loss or ECN-Echo cuts the window to 0.7 of the FlightSize (RFC 9438 §4.6).` };
}

export const VARIANTS: readonly Variant[] = [
  { id: 'v:droptail', label: 'the same with a drop-tail queue', make: (s) => variant(s, [[`${Q}.kind`, 'droptail']]) },
  { id: 'v:red', label: 'the same with RED (no ECN)', make: (s) => variant(s, [[`${Q}.kind`, 'red'], [`${Q}.ecn`, false], ['tcp.ecn', false]], fitRed) },
  { id: 'v:red-ecn', label: 'the same with RED + ECN', make: (s) => variant(s, [[`${Q}.kind`, 'red'], [`${Q}.ecn`, true], ['tcp.ecn', true]], fitRed) },
  {
    id: 'v:ecn-toggle',
    label: 'the same with ECN switched on/off',
    make: (s) => {
      const on = !s.tcp.ecn;
      const q = s.topology.kind === 'dumbbell' ? s.topology.bottleneck.queue : null;
      const r = variant(s, [['tcp.ecn', on], ...(q && 'ecn' in q ? [[`${Q}.ecn`, on] as [string, unknown]] : [])]);
      // the run's label says which way: "ECN switched on/off" alone did not say whether the compared run had ECN
      return r.ok ? { ...r, labelNote: on ? 'ECN on' : 'ECN off' } : r;
    },
  },
  { id: 'v:cc-toggle', label: 'the same with CUBIC / Reno senders switched', make: ccToggle },
];
