/**
 * What a step can go to in a scenario. A target is offered only when it can happen:
 * an ECN mark needs a queue that marks (ecn on) and ECN-capable senders; flow events
 * need TCP flows. Every queue records its decisions and can drop (at least by overflow),
 * so "AQM decision" and "drop" are always there; "AQM decision" is the default, the one
 * that never runs far. "AQM drop" (a drop the queue chose, not an overflow) needs a queue
 * that drops before it is full: any but drop-tail. "drop" alone stopped first at the
 * slow-start overflows (18 of them in red-vs-dt), where a student asked to explain why RED
 * drops before the queue is full read "the buffer was full".
 */
import type { StepWhat } from '../../protocol/messages';
import type { ScenarioView } from '../scenario-view';

export const STEP_LABELS: Record<StepWhat, string> = { decision: 'AQM decision', mark: 'ECN mark', drop: 'drop', 'aqm-drop': 'AQM drop', 'flow-event': 'flow event' };

export const DEFAULT_STEP: StepWhat = 'decision';

export function stepTargets(view: ScenarioView): StepWhat[] {
  const out: StepWhat[] = ['decision', 'drop'];
  if (view.queue.ecn && view.tcpEcn) out.splice(1, 0, 'mark');
  if (view.queue.kind !== 'droptail' || view.reverseQueue.kind !== 'droptail') out.push('aqm-drop');
  if (view.tcpFlows > 0) out.push('flow-event');
  return out;
}

/**
 * How far one step searches before it gives up and pauses with a message: this much
 * simulated time, or this much wall time (large scenarios), whichever comes first.
 */
export const STEP_HORIZON_SIM_S = 30;
export const STEP_HORIZON_WALL_MS = 4000;
