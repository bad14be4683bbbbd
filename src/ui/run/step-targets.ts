/**
 * What a step can go to in a scenario. A target is offered only when it can happen:
 * an ECN mark needs a queue that marks (ecn on) and ECN-capable senders; flow events
 * need TCP flows. Every queue records its decisions and can drop (at least by overflow),
 * so "AQM decision" and "drop" are always there; "AQM decision" is the default, the one
 * that never runs far.
 */
import type { StepWhat } from '../../protocol/messages';
import type { ScenarioView } from '../scenario-view';

export const STEP_LABELS: Record<StepWhat, string> = { decision: 'AQM decision', mark: 'ECN mark', drop: 'drop', 'flow-event': 'flow event' };

export const DEFAULT_STEP: StepWhat = 'decision';

export function stepTargets(view: ScenarioView): StepWhat[] {
  const out: StepWhat[] = ['decision', 'drop'];
  if (view.queue.ecn && view.tcpEcn) out.splice(1, 0, 'mark');
  if (view.tcpFlows > 0) out.push('flow-event');
  return out;
}

/**
 * How far one step searches before it gives up and pauses with a message: this much
 * simulated time, or this much wall time (large scenarios), whichever comes first.
 */
export const STEP_HORIZON_SIM_S = 30;
export const STEP_HORIZON_WALL_MS = 4000;
