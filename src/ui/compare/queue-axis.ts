/**
 * The axis of Compare's queue chart, which draws two runs' queues on one scale. The runs
 * record the queue in packets ('queue') and in bytes ('queueBytes'); the average and
 * RED's thresholds are in the queue's own unit. A chart labelled in packets drew a
 * queue in bytes' average and thresholds in bytes (seeds/002's 100 Mb/s lessons: the RED
 * variant's average near 8000 'packets' over a queue of about 10). Pure, so it is tested.
 */
import { PALETTE } from '../colors';

export type QueueUnit = 'packets' | 'bytes';

export interface QueueAxis {
  /** The series column of the instantaneous queue. */
  column: 'queue' | 'queueBytes';
  /** Factor from the recorded unit to the axis's (bytes are shown in KB, as the app's queue chart). */
  scale: number;
  label: string;
  /** Whether a run whose queue counts `unit` has its average and thresholds drawn (only in the axis's unit). */
  ownUnit(unit: QueueUnit): boolean;
}

export function queueAxis(a: QueueUnit, b: QueueUnit): QueueAxis {
  if (a === 'bytes' && b === 'bytes') return { column: 'queueBytes', scale: 1e-3, label: 'queue (KB)', ownUnit: () => true };
  // both in packets, or one of each: packets, and a run in bytes shows its queue only
  return { column: 'queue', scale: 1, label: 'queue (packets)', ownUnit: (u) => u === 'packets' };
}

/** A threshold line of the queue chart (a LineChart ref). */
export interface QueueRef {
  y: number;
  label: string;
  color: string;
  dash: string;
}

/** Threshold lines on the queue chart: colours apart from the sides' (A blue, B vermillion). */
export const TH_COLORS = { minTh: PALETTE.bluishGreen, maxTh: PALETTE.reddishPurple } as const;
/** Dash of the thresholds (A's, or both sides' when the same): longer than the averages' dots. */
export const TH_DASH = '5 4';
/** B's thresholds, when they differ from A's: dash-dotted, so each threshold line says its side. */
export const TH_DASH_B = '9 3 2 3';

/**
 * The queue chart's threshold lines: one min_th and max_th when both sides have the same, else
 * each side's, tagged (A) and (B). Styled apart from the queue lines: with the app's colours
 * max_th was vermillion and dotted as B's average (B's colour, dash 2 3), so "max_th (B)" and
 * "B: average" had one swatch in the legend and A's max_th looked like one of B's lines.
 */
export function queueRefs(thA: { minTh: number | null; maxTh: number | null }, thB: { minTh: number | null; maxTh: number | null }, scale = 1): QueueRef[] {
  const refs: QueueRef[] = [];
  const sameTh = thA.minTh === thB.minTh && thA.maxTh === thB.maxTh;
  for (const [th, tag] of [[thA, sameTh ? '' : ' (A)'], [thB, ' (B)']] as const) {
    if (tag === ' (B)' && sameTh) continue;
    const dash = tag === ' (B)' ? TH_DASH_B : TH_DASH;
    if (th.minTh !== null) refs.push({ y: th.minTh * scale, label: `min_th${tag}`, color: TH_COLORS.minTh, dash });
    if (th.maxTh !== null) refs.push({ y: th.maxTh * scale, label: `max_th${tag}`, color: TH_COLORS.maxTh, dash });
  }
  return refs;
}
