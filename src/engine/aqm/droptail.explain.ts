/**
 * Drop-tail's step-through: the backlog the packet met and, when it did not fit, the
 * buffer limit. There is no calculation: drop-tail decides by the limit alone.
 */
import type { DecisionRecord } from './decision';
import { overflowStep, queueStep, recordHeader, simpleEcnNote, StepList, type Explanation } from './explain';

export function explain(rec: DecisionRecord): Explanation {
  const list = new StepList();
  list.push(queueStep(rec));
  const over = overflowStep(rec, false);
  if (over) list.push(over);
  return { ...recordHeader(rec), steps: list.steps, bar: null, ecnNote: simpleEcnNote(rec, false), mismatches: list.mismatches };
}
