/**
 * The claims panel's word on parameters changed while the run went (the dashed lines on the
 * charts). A teacher who set max_p to 0.5 at 24 s saw "Your scenario differs from the lesson:
 * ...maxP=0.5. The statements are checked on your run." under ticks measured on a run that
 * had max_p 0.1 for its first 24 s: the class took the numbers for max_p 0.5's.
 */
import { markerLabel } from './charts/plot';
import type { ParamMarker, ScenarioView } from './scenario-view';

/** What the run changed and when, in the charts' words ("max_p = 0.5 at t = 24.1 s"); null when nothing changed during it. */
export function liveChangeNote(markers: readonly ParamMarker[], view?: ScenarioView): string | null {
  if (markers.length === 0) return null;
  const shown = markers.slice(0, 3).map((m) => `${markerLabel(m, view)} at t = ${m.t.toFixed(1)} s`);
  const more = markers.length > 3 ? ` and ${markers.length - 3} more` : '';
  const first = Math.min(...markers.map((m) => m.t));
  const one = markers.length === 1;
  return `This run changed ${shown.join(', ')}${more} while it went: the statements are checked on the whole run, its first ${first.toFixed(1)} s with the earlier ${one ? 'value' : 'values'} included. Reset and Play for a run with the new ${one ? 'value' : 'values'} from the start.`;
}
