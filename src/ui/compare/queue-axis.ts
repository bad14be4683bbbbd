/**
 * The axis of Compare's queue chart, which draws two runs' queues on one scale. The runs
 * record the queue in packets ('queue') and in bytes ('queueBytes'); the average and
 * RED's thresholds are in the queue's own unit. A chart labelled in packets drew a
 * queue in bytes' average and thresholds in bytes (seeds/002's 100 Mb/s lessons: the RED
 * variant's average near 8000 'packets' over a queue of about 10). Pure, so it is tested.
 */
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
