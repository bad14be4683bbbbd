import type { Scenario } from '../../engine/scenario/schema';
import { viewOf, type ScenarioView } from '../scenario-view';
import type { AppState } from '../store/app-store';
import type { SeriesStore } from '../store/series-store';
import { fontsFor, type SeriesScratch } from './plot';
import { MAX_LINES, type ChartContext } from './types';

let viewKey: Scenario | null | undefined;
let viewVal: ScenarioView;

function cachedView(s: Scenario | null): ScenarioView {
  if (s !== viewKey) {
    viewKey = s;
    viewVal = viewOf(s);
  }
  return viewVal;
}

/** The drawing context of a chart for the current state. */
/** `large`: classroom-size type regardless of the toggle (the full-screen view); `paper`: drawn for printing. */
export function chartContext(state: AppState, series: SeriesStore, scratch: SeriesScratch, wallMs: number, large = false, paper = false): ChartContext {
  const end = state.end > 0 ? state.end : (state.scenario?.duration ?? Infinity);
  const view = cachedView(state.scenario);
  return {
    store: series,
    view,
    markers: state.markers,
    // the flows drawn over the rest: over the band beyond MAX_LINES flows, else the ones picked (the others faded)
    highlight: view.tcpFlows > MAX_LINES ? state.highlight : state.picked,
    // a handout is read at arm's length, not from the back of a room: the page's type on paper (styles.css @media print sets html.classroom's too)
    fonts: fontsFor(!paper && (state.classroom || large)),
    now: state.now,
    end,
    summary: state.summary,
    wallMs,
    speed: state.speed === 'max' ? Infinity : state.speed,
    running: state.status === 'running' || state.status === 'starting' || state.status === 'stepping',
    cursorT: cursorTime(state),
    scratch,
    paper,
  };
}

/** The inspected decision's time while the user is stepping (paused, or browsing back after the end). */
function cursorTime(state: AppState): number | null {
  const k = state.cursor;
  if (k === null || !state.decisions[k]) return null;
  if (state.status === 'paused' || (state.status === 'done' && k < state.decisions.length - 1)) return state.decisions[k].t;
  return null;
}
