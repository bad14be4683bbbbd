/**
 * The application state: a small external store read by React through
 * useSyncExternalStore. `state` is an immutable snapshot replaced on every change; the
 * large, fast-changing series live in `series` (mutable typed arrays with a version
 * counter) and are read by the charts' animation-frame loop, not through React.
 */
import { useSyncExternalStore } from 'react';
import type { DecisionRecord } from '../../engine/aqm/decision';
import type { RunResult, Summary } from '../../engine/metrics/types';
import type { FlowEvent } from '../../engine/net/agent';
import type { CalibrationStep } from '../../engine/traffic/calibrate';
import type { Scenario } from '../../engine/scenario/schema';
import type { FieldError, Speed, StepWhat } from '../../protocol/messages';
import type { ParamMarker } from '../scenario-view';
import { ExchangeStore } from './exchange-store';
import { SeriesStore } from './series-store';

export type RunStatus = 'idle' | 'starting' | 'running' | 'stepping' | 'paused' | 'done' | 'error';

export interface Banner {
  id: number;
  kind: 'error' | 'warning' | 'info';
  title: string;
  /** One line per problem (e.g. each bad key and value of a link). */
  lines: string[];
  /**
   * About opening the scenario on screen (a link, a file): it goes when another scenario
   * is loaded (a lesson chosen, a file or link opened), which would leave it naming keys
   * and files that are no longer there.
   */
  untilNextLoad?: boolean;
  /**
   * About the run: it goes when the next run starts (a change "will apply when the run
   * restarts" has applied then; it kept saying "press Reset, then Play" over the new run).
   */
  untilNextRun?: boolean;
  /**
   * What the banner answers (e.g. "file": the last file opened): a new banner on the same
   * topic replaces the old one, which is out of date (three files tried in turn left three
   * "was not opened" banners, the first two about files no longer in question).
   */
  topic?: string;
  /** A button beside the text (e.g. "Reload to update", src/ui/sw-update.ts). */
  action?: { label: string; run: () => void };
}

export interface RunError {
  message: string;
  fields: FieldError[];
}

export interface AppState {
  /** Name of the preset the scenario started from (null = custom). */
  presetName: string | null;
  /** The last valid scenario (what runs and what the URL encodes). */
  scenario: Scenario | null;
  /** Bumped whenever `scenario` is replaced (editor and URL sync watch it). */
  scenarioRev: number;
  /**
   * Bumped when a whole scenario is loaded (a lesson, a file, a link), not by an edit: the
   * editor drops what was typed and said for the scenario before.
   */
  loadRev: number;
  status: RunStatus;
  speed: Speed;
  /** Simulated time reached and the run's end time, seconds. */
  now: number;
  end: number;
  eventsPerSec: number;
  /** Simulated seconds per wall second achieved. */
  simRate: number;
  /**
   * Simulated seconds per wall second over the last few seconds at the current speed (NaN:
   * not measured yet): the time left at max and "running at N×" are taken from it (src/ui/run/pace.ts).
   */
  paceRate: number;
  summary: Summary | null;
  result: RunResult | null;
  /** scenarioRev when `result` came in (a later edit makes the result stale). */
  resultRev: number | null;
  /** Flows in the run when the live summary lists only the first ones (null: it lists all). */
  flowsTotal: number | null;
  /** Live parameter changes, drawn as vertical lines on the time axis. */
  markers: ParamMarker[];
  /** Recent AQM decisions (oldest first) and the inspector's position among them. */
  decisions: DecisionRecord[];
  /** How many decisions the run had recorded when `decisions` came (they are the last of them), or null when unknown. */
  decisionsTotal: number | null;
  cursor: number | null;
  flowEvents: FlowEvent[];
  flowCursor: number | null;
  stepWhat: StepWhat;
  /** Only events of this flow when stepping (null = any flow). */
  stepFlow: number | null;
  /** A note after a step ("no mark before the end of the run"). */
  stepNote: string | null;
  /** The calibration run of a web item's `load` in progress before the run starts (null otherwise). */
  calibrating: CalibrationStep | null;
  banners: Banner[];
  runError: RunError | null;
  classroom: boolean;
  /** The run has ended but its baseline, in a worker of its own, has not reached the run's end yet: its curve still grows. */
  baselineBehind: boolean;
  embed: boolean;
  /** Id of the chart shown full screen, or null. */
  fullscreen: string | null;
  /** The response-time chart's view (CDF or CCDF, all responses or those above 50 KB), shared by its full-screen copy. */
  rtView: { mode: 'cdf' | 'ccdf'; large: boolean };
  /** Flows drawn as lines when there are too many for one line each. */
  highlight: number[];
  /** With a line per flow: the flows brought forward, the others faded (none: all alike); emptied when a scenario is loaded. */
  picked: number[];
}

/** What a run leaves in the state, emptied (fresh arrays): applied when a run starts or is reset. */
export function noRun(): Pick<AppState, 'now' | 'eventsPerSec' | 'simRate' | 'paceRate' | 'summary' | 'result' | 'resultRev' | 'flowsTotal' | 'markers' | 'decisions' | 'decisionsTotal' | 'cursor' | 'flowEvents' | 'flowCursor' | 'stepNote' | 'calibrating'> {
  return { now: 0, eventsPerSec: 0, simRate: 0, paceRate: NaN, summary: null, result: null, resultRev: null, flowsTotal: null, markers: [], decisions: [], decisionsTotal: null, cursor: null, flowEvents: [], flowCursor: null, stepNote: null, calibrating: null };
}

export const INITIAL_STATE: AppState = {
  presetName: null,
  scenario: null,
  scenarioRev: 0,
  loadRev: 0,
  status: 'idle',
  speed: 1,
  now: 0,
  end: 0,
  eventsPerSec: 0,
  simRate: 0,
  paceRate: NaN,
  summary: null,
  result: null,
  resultRev: null,
  flowsTotal: null,
  markers: [],
  decisions: [],
  decisionsTotal: null,
  cursor: null,
  flowEvents: [],
  flowCursor: null,
  stepWhat: 'decision',
  stepFlow: null,
  stepNote: null,
  calibrating: null,
  banners: [],
  runError: null,
  classroom: false,
  baselineBehind: false,
  embed: false,
  fullscreen: null,
  rtView: { mode: 'cdf', large: false },
  highlight: [0, 1, 2],
  picked: [],
};

export class AppStore {
  private state: AppState;
  private readonly listeners = new Set<() => void>();
  readonly series = new SeriesStore();
  /** Response times of web exchanges (run and uncongested baseline), for the response-time chart. */
  readonly exchanges = new ExchangeStore();
  private bannerId = 0;

  constructor(initial: Partial<AppState> = {}) {
    this.state = { ...INITIAL_STATE, ...initial };
  }

  getState = (): AppState => this.state;

  subscribe = (fn: () => void): (() => void) => {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  };

  set(patch: Partial<AppState> | ((s: AppState) => Partial<AppState>)): void {
    const p = typeof patch === 'function' ? patch(this.state) : patch;
    let changed = false;
    for (const k of Object.keys(p) as (keyof AppState)[]) {
      if (this.state[k] !== p[k]) {
        changed = true;
        break;
      }
    }
    if (!changed) return;
    this.state = { ...this.state, ...p };
    for (const fn of this.listeners) fn();
  }

  addBanner(b: Omit<Banner, 'id'>): number {
    const id = ++this.bannerId;
    this.set((s) => ({ banners: [...s.banners.filter((x) => x.title !== b.title && (b.topic === undefined || x.topic !== b.topic)), { ...b, id }] }));
    return id;
  }

  dismissBanner(id: number): void {
    this.set((s) => ({ banners: s.banners.filter((b) => b.id !== id) }));
  }
}

/** React hook: a slice of the state, re-rendering only when the selected value changes. */
export function useAppState<T>(store: AppStore, select: (s: AppState) => T): T {
  const get = () => select(store.getState());
  // the same state when rendered to HTML (the unit tests render components with react-dom/server)
  return useSyncExternalStore(store.subscribe, get, get);
}
