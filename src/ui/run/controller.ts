/**
 * The run controller: the only code that talks to the simulation worker. UI actions
 * (play, pause, step, speed, live parameter changes, reset, new scenario) become
 * protocol messages; worker messages become store updates. A crashed worker is
 * replaced on the next start; the last good scenario is kept throughout.
 */
import type { DecisionRecord } from '../../engine/aqm/decision';
import type { FlowEvent } from '../../engine/net/agent';
import { APP_MAX_PACKETS, checkWorkerToMain, decisionMatches, toWorker, type MainToWorker, type Speed, type StepWhat, type WorkerToMain } from '../../protocol/messages';
import { bytesText, estimateRun, estimateText, runSizeProblems, type RunEstimate } from '../../engine/estimate';
import { liveParam } from '../../engine/scenario/live';
import { validate, withParam, withParams, type Scenario } from '../scenario-api';
import { cloneJson, getPath } from '../../engine/scenario/paths';
import type { EngineScenario } from '../../engine/sim-run';
import { viewOf } from '../scenario-view';
import { flowLabel } from '../flow-tags';
import { editorFields } from '../editor/fields';
import { noRun, type AppState, type AppStore } from '../store/app-store';
import { calibrations } from './calibrations';
import { Pace } from './pace';
import { queueUnitSwitch } from './queue-unit';
import { DEFAULT_STEP, STEP_HORIZON_SIM_S, STEP_HORIZON_WALL_MS, STEP_LABELS, stepTargets } from './step-targets';

export type WorkerFactory = () => Worker;

/**
 * The most time-series values the app asks a run for (about 160 MB as doubles). With many
 * flows (5 columns each) the app samples less often instead: 100,000 flows still run,
 * with a coarser series, and the charts draw a band over them anyway.
 */
export const APP_SERIES_VALUES = 2e7;

/** The sampling interval the app asks for, or undefined for the engine's default. */
export function appSampleInterval(scenario: Scenario): number | undefined {
  const e = estimateRun(scenario as unknown as EngineScenario, { series: true, maxPackets: APP_MAX_PACKETS });
  if (e.seriesValues <= APP_SERIES_VALUES) return undefined;
  return (e.endSeconds * e.seriesColumns) / APP_SERIES_VALUES;
}

export const defaultWorkerFactory: WorkerFactory = () => new Worker(new URL('../../../workers/sim.worker.ts', import.meta.url), { type: 'module', name: 'aqm-lab-sim' });

/** What setParam says of a change it did not make: its messages, and whether the user declined it (see setParam). */
export type ParamErrors = string[] & { declined?: true };

/** Asks the user a yes/no question (the browser's confirm dialog by default). */
export type Confirm = (question: string) => boolean;
const browserConfirm: Confirm = (q) => (typeof globalThis.confirm === 'function' ? globalThis.confirm(q) : true);

/** A run is "very large" when it would take longer than this in the tab (at the nominal rate), s... */
export const LARGE_RUN_SECONDS = 120;
/** ...or more engine memory than this, bytes. */
export const LARGE_RUN_BYTES = 1e9;

/**
 * ...and above this engine memory a run is not started at all, not even on a "yes": the tab
 * cannot hold it (V8 gives a worker at most 4 GB of heap). Measured in Chromium with
 * web-users-pi-90 at 200,000 users a side (estimated 2.6 GB then, 3.0 GB since the estimate
 * counts summary.web's records of each exchange): it ran to its end; at 300,000 (3.9 GB,
 * now 4.8) and 400,000 (5.2 GB, now 6.1) the tab crashed ("Aw, Snap!", the page and its
 * state gone) a few seconds to a minute after "Start it anyway?" was answered yes. The cap
 * was 3 GB; 3.5 GB keeps the same side of it for each of those runs.
 */
export const TAB_MEMORY_BYTES = 3.5e9;

/** Why a run of estimate `e` cannot run in a tab (its memory, naming the fields to lower), or null. */
export function tabMemoryRefusal(e: RunEstimate): string | null {
  if (e.memoryBytes <= TAB_MEMORY_BYTES) return null;
  const [why] = runSizeProblems(e, { maxEvents: Infinity, maxMemoryBytes: TAB_MEMORY_BYTES, maxSeriesValues: Infinity });
  return `${why.replace(/; the cap is /, '; a browser tab holds at most ')}. The command line runs it where there is the memory: npm run sim -- <scenario.json> --force (File → Save scenario).`;
}

/**
 * The question to ask before starting `scenario`, or null when it is not very large
 * (src/engine/estimate.ts). `eventsPerSec`: the engine's pace measured in this tab
 * (Pace.eventsPerSec), used for the time instead of the nominal rate when known: on a slow
 * laptop the nominal rate promised a fifth to a tenth of the time the run took, and runs of
 * many minutes there were started without a question.
 */
export function largeRunQuestion(scenario: Scenario, eventsPerSec = NaN): string | null {
  return startQuestion(estimateRun(scenario, { maxPackets: APP_MAX_PACKETS }), eventsPerSec);
}

function startQuestion(e: RunEstimate, eventsPerSec: number): string | null {
  const large = largeRun(e, eventsPerSec);
  return large && `This run is very large: ${large.why}.\n\n${large.estimate}\n\nYou can pause or reset it at any time. Start it anyway?`;
}

/** Why a run of estimate `e` is very large, and its estimate in words; null when it is not. */
function largeRun(e: RunEstimate, eventsPerSec: number): { why: string; estimate: string } | null {
  const measured = Number.isFinite(eventsPerSec) && eventsPerSec > 0 ? eventsPerSec : undefined;
  const wall = measured !== undefined ? e.work / measured : e.wallSeconds;
  if (wall <= LARGE_RUN_SECONDS && e.memoryBytes <= LARGE_RUN_BYTES) return null;
  const why = e.memoryBytes > LARGE_RUN_BYTES ? `it needs about ${bytesText(e.memoryBytes)} of memory, more than a browser tab may have` : 'it would keep this tab busy for a long time';
  return { why, estimate: `Estimate: ${estimateText(e, measured)}.` };
}

/** A field as the editor labels it ("Buffer limit", "ECN"), or its path when the editor has no such field. */
function fieldLabel(scenario: Scenario | null, path: string): string {
  const f = scenario ? editorFields(scenario).find((x) => x.path === path) : undefined;
  // the editor's Add and Remove change the whole list: its section's name, not the key ("traffic: the new value ...")
  return f ? (f.kind === 'param' ? f.spec.label : f.label) : path === 'traffic' ? 'Traffic items' : path;
}

/** The size a run was started (or asked about and accepted) at: a live change beyond it is asked about again. */
interface AcceptedSize {
  events: number;
  memoryBytes: number;
}

/** The status line after Pause during a load calibration, until the run pauses at its start. */
export const PAUSE_AFTER_CALIBRATION = 'pausing after the calibration';

/**
 * A step's note in a few words, for a phone's run controls (the whole note is read out by the
 * status and shown below the controls): "No drop found" for "No drop found from t = 0.15 s
 * to 30.2 s; paused there. Step again …", else the note up to its first ":" or ";". Wrapped
 * whole in the sticky controls it made them three lines (65 px) taller on a 390-px phone.
 */
export function stepNoteHead(note: string): string {
  const horizon = /^No (.+) found from t = [^;]*; paused there\./.exec(note);
  if (horizon) return `No ${horizon[1]} found`;
  const end = /^No (.+) between t = .* and the end of the run\.$/.exec(note);
  if (end) return `No later ${end[1]}`;
  const cut = note.search(/[:;] /);
  return (cut > 0 ? note.slice(0, cut) : note).replace(/\.$/, '');
}

/**
 * The load calibration going on before the run starts, to show instead of the run's time,
 * or null. A Step pressed first (or during the calibration) goes on calibrating as Play does:
 * shown only while 'starting', it read "finding the next AQM decision…" at t = 0 for the
 * whole calibration (3-15 s), and Pause then said nothing of waiting for it.
 */
export function calibrationShown(s: Pick<AppState, 'status' | 'calibrating'>): AppState['calibrating'] {
  return s.status === 'starting' || s.status === 'stepping' ? s.calibrating : null;
}

/**
 * Silence from a going run's worker after which the page says it may have stopped, ms. A
 * going run reports every 250 ms (workers/sim.worker.ts: PROGRESS_MS, from slices of 20 ms),
 * a load calibration as often (RunOptions.onCalibrationProgress): a minute of silence is
 * 240 reports missed. A worker the browser ends (short of memory) sends no error event: the
 * page showed "running" until Reset.
 */
export const SILENCE_MS = 60_000;
/** How often the page listens for that silence, ms. */
export const WATCH_MS = 5_000;
export const SILENT_TITLE = 'The simulation stopped responding';

/** A second core for a web run's baseline: the browser reports two or more. */
const twoCores = (): boolean => (globalThis.navigator?.hardwareConcurrency ?? 1) >= 2;

/** Baseline exchanges received from the baseline worker and not shown yet. */
interface PendingExchanges {
  rt: Float64Array;
  rsp: Float64Array;
  lost: Uint8Array;
  end: Float64Array;
  /** The first not yet shown. */
  from: number;
}

export class RunController {
  private worker: Worker | null = null;
  private runId = 0;
  /** The run is live in the worker (started, not done/stopped). */
  private live = false;

  /**
   * A web run's uncongested baseline (the same workload on a link 10x faster) carries as
   * many packets as the run. With a second core it runs in a worker of its own, flat out
   * (and replayed from that worker's cache when the same baseline was run before), while
   * its exchanges are shown as the run's clock passes their end, so the curve still
   * grows with the run. With one core, the run's worker runs it alongside.
   */
  private baseWorker: Worker | null = null;
  private basePending: PendingExchanges[] = [];
  /** How far the baseline worker has got, simulated s (Infinity: it has ended). */
  private baseNow = 0;
  /** The baseline worker is working for the current run. */
  private baseActive = false;
  /** The run's clock: baseline exchanges that ended by then are shown. */
  private runNow = 0;
  private runEnded = false;
  /**
   * The decision on screen when a step to a flow event went to the engine: the history it
   * sends back is put on that decision again (not on the latest one), wherever the step
   * was asked for (the Transport bar or the inspector's "Next event of flow").
   */
  private pinned: { uid: number; t: number } | null = null;

  /**
   * The history a going run sends when it pauses or ends (decisions, flow events), held
   * until the 'paused' or 'done' right behind it, so the inspector and the Pause button
   * change in one render: each was a render of its own, and on a slow machine the
   * inspector's (70-170 ms at 4x CPU throttling) held back the status by 200-400 ms.
   */
  private held: Partial<AppState> | null = null;

  /** The run is going: a history from the worker comes just before its 'paused' or 'done'. */
  private historyHeld(): boolean {
    const st = this.store.getState().status;
    return st === 'running' || st === 'starting' || st === 'stepping';
  }

  /** A history patch: applied now, or held for the status change that follows it. */
  private history(patch: Partial<AppState>): void {
    if (this.historyHeld()) this.held = { ...this.held, ...patch };
    else this.store.set(patch);
  }

  /** The held history, once (to go with the status change). */
  private takeHeld(): Partial<AppState> {
    const h = this.held ?? {};
    this.held = null;
    return h;
  }

  /** When the going run's worker was last heard (or the watch began), clock ms. */
  private lastHeard = 0;
  /** When the watch last looked, clock ms. */
  private lastWatch = 0;
  /** The worker has said 'started' for the going run (its build and calibrations are over). */
  private runStarted = false;
  private watchTimer: ReturnType<typeof setInterval> | null = null;
  /** The banner saying the worker went silent, while shown. */
  private silentBanner: number | null = null;

  /**
   * Whether the worker should be talking now: a going run after 'started' reports every
   * 250 ms while it runs or steps. Before 'started' it builds the network and calibrates
   * web loads: a calibration run reports every 250 ms once its network is built, and the
   * largest network the scenario allows (10,000 hosts a side, 100,000 flows) builds in
   * about 1 s in Node, far inside SILENCE_MS even on a slow machine, so a worker the
   * browser ends while building is watched too. Paused, it is quiet by design.
   */
  private shouldTalk(): boolean {
    if (!this.live) return false;
    const st = this.store.getState().status;
    if (this.runStarted) return st === 'running' || st === 'stepping';
    return st === 'starting' || st === 'stepping';
  }

  /**
   * Looks for a silent worker (every WATCH_MS; public for the tests, which drive the clock).
   * Silence counts only while the worker should talk, and not across a gap in the watch
   * itself (a tab put to sleep, the machine suspended: the worker's messages may be queued
   * behind this timer). It only says so, and the banner goes if the worker speaks again.
   */
  watchWorker(): void {
    const now = this.clock();
    const gap = now - this.lastWatch;
    this.lastWatch = now;
    if (!this.shouldTalk() || gap > 3 * WATCH_MS) {
      this.lastHeard = now;
      return;
    }
    if (now - this.lastHeard < SILENCE_MS || this.silentBanner !== null) return;
    this.silentBanner = this.store.addBanner({
      kind: 'error',
      title: SILENT_TITLE,
      lines: [
        `No word from it for ${Math.round((now - this.lastHeard) / 1000)} s, where a run reports several times a second: the browser may have ended it (short of memory, or a tab put to sleep).`,
        'Reset, then Play to try again: the scenario, with your changes, is kept.',
      ],
      untilNextLoad: true,
      untilNextRun: true,
    });
  }

  /** The worker spoke: silence starts again, and a banner saying it had gone silent goes. */
  private heard(): void {
    this.lastHeard = this.clock();
    this.dropSilentBanner();
  }

  private dropSilentBanner(): void {
    if (this.silentBanner === null) return;
    this.store.dismissBanner(this.silentBanner);
    this.silentBanner = null;
  }

  constructor(
    readonly store: AppStore,
    private readonly makeWorker: WorkerFactory = defaultWorkerFactory,
    private readonly confirm: Confirm = browserConfirm,
    private readonly separateBaseline: boolean = twoCores(),
    /** Wall clock, ms (the run's pace is measured on it). */
    private readonly clock: () => number = () => performance.now(),
  ) {}

  /** How fast runs go in this tab at max speed: the time left and the large-run question use it. */
  private readonly pace = new Pace();

  /** The engine's events per second measured at max speed in this tab (NaN until measured). */
  measuredEventsPerSec(): number {
    return this.pace.eventsPerSec();
  }

  /**
   * Makes the simulation worker ahead of the first Play (the page calls it once loaded):
   * loading and compiling the worker's script took 50-90 ms of the first run's time from
   * Play to done (ecn-finite-n10-dt-ql64: 0.3-0.4 s in all).
   */
  prewarm(): void {
    this.ensureWorker();
  }

  private send(m: MainToWorker): void {
    this.ensureWorker().postMessage(m);
  }

  private ensureWorker(): Worker {
    if (this.worker) return this.worker;
    const w = this.makeWorker();
    this.workersMade++;
    w.onmessage = (e: MessageEvent) => this.onMessage(e.data);
    w.onerror = (e: ErrorEvent) => {
      e.preventDefault();
      this.crash(`The simulation stopped with an error: ${e.message || 'unknown error'}`);
    };
    w.onmessageerror = () => this.crash('A message from the simulation could not be read.');
    this.worker = w;
    return w;
  }

  /**
   * The run was started paused (to step from t = 0): the worker's first "paused" only
   * confirms that, and must not end the step that was asked for right after.
   */
  private startPaused = false;

  /** Workers made so far (a new one after a crash or a reset of a live run). */
  workersMade = 0;

  private dropWorker(): void {
    if (!this.worker) return;
    this.worker.onmessage = null;
    this.worker.onerror = null;
    this.worker.onmessageerror = null;
    this.worker.terminate();
    this.worker = null;
  }

  private crash(message: string): void {
    this.stopBaseline();
    this.held = null;
    this.dropWorker();
    this.live = false;
    this.store.set({ status: 'error', runError: { message, fields: [] } });
  }

  // ------------------------------------------------------------ scenario

  /** Replaces the scenario (validated first); stops any run. Returns the errors, if any. */
  loadScenario(json: unknown, presetName: string | null, autoplay = false): string[] {
    const r = validate(json);
    if (!r.ok) {
      this.store.set({ runError: { message: 'The scenario is not valid; the previous one is kept.', fields: r.errors.map((m) => ({ path: '', message: m })) } });
      return r.errors;
    }
    this.reset();
    this.kindMemory.clear();
    this.store.set((s) => ({
      scenario: r.scenario,
      presetName,
      // flows picked in the last scenario's table are not this one's
      picked: [],
      scenarioRev: s.scenarioRev + 1,
      loadRev: s.loadRev + 1,
      runError: null,
      end: r.scenario.duration ?? Infinity,
      ...this.stepTargetFor(r.scenario),
      banners: s.banners.some((b) => b.untilNextLoad) ? s.banners.filter((b) => !b.untilNextLoad) : s.banners,
    }));
    if (autoplay) this.start();
    return [];
  }

  /**
   * Changes one scenario parameter (dotted path as in --set). The scenario is updated
   * (so the URL follows); during a run the change also goes to the engine, which either
   * applies it at once (marked on the time axis) or says it needs a restart.
   * Returns the validation errors (empty when accepted); `declined` is set on them when
   * the value was fine but the user answered "no" to the question it raised (the editor
   * then shows the scenario's value again, where a value that failed validation stays to
   * be fixed).
   */
  setParam(path: string, value: unknown): ParamErrors {
    const s = this.store.getState();
    if (!s.scenario) return ['no scenario loaded'];
    // a queue's unit switched packets <-> bytes: its limit and thresholds are converted with it
    const unitSwitch = queueUnitSwitch(s.scenario, path, value);
    const converted = unitSwitch ? withParam(s.scenario, unitSwitch.objPath, unitSwitch.next) : null;
    const r = (converted?.ok ? converted : null) ?? this.withKindMemory(s.scenario, path, value) ?? withParam(s.scenario, path, value);
    if (!r.ok) return r.errors;
    const changes: [string, unknown][] = converted?.ok && unitSwitch ? unitSwitch.changes : [[path, value]];
    if (this.live) {
      const refused = this.liveSizeRefusal(changes, path, value);
      if (refused !== null) return Object.assign([refused], { declined: true as const });
    }
    this.store.set((st) => ({ scenario: r.scenario, scenarioRev: st.scenarioRev + 1, ...this.stepTargetFor(r.scenario) }));
    // the scenario's name and description are labels: the going run has nothing to apply or restart for
    if (this.live) for (const [p, v] of changes) if (p !== 'name' && p !== 'description') this.send(toWorker({ type: 'set-param', path: p, value: v }));
    return [];
  }

  /**
   * Changes several parameters at once, validated as a whole: an edit with the companion
   * change that makes it valid (the editor's "Set congestion control to cubic and window
   * cut to rfc5681", companionFix), which one at a time would be refused in one order and
   * change a field the user did not ask for in the other. One scenario update (one link
   * written); during a run each change goes to the engine as setParam's would.
   */
  setParams(changes: readonly (readonly [string, unknown])[]): ParamErrors {
    if (changes.length === 1) return this.setParam(changes[0][0], changes[0][1]);
    const s = this.store.getState();
    if (!s.scenario || changes.length === 0) return s.scenario ? [] : ['no scenario loaded'];
    const r = withParams(s.scenario, changes);
    if (!r.ok) return r.errors;
    const list = changes.map(([p, v]): [string, unknown] => [p, v]);
    if (this.live) {
      const refused = this.liveSizeRefusal(list, list[0][0], list[0][1]);
      if (refused !== null) return Object.assign([refused], { declined: true as const });
    }
    this.store.set((st) => ({ scenario: r.scenario, scenarioRev: st.scenarioRev + 1, ...this.stepTargetFor(r.scenario) }));
    if (this.live) for (const [p, v] of list) this.send(toWorker({ type: 'set-param', path: p, value: v }));
    return [];
  }

  /**
   * The going run: its scenario as the engine has it (as started, with the live changes it
   * applied, without those waiting for a restart), and the size it was started at or
   * accepted at since (null: no run going). A live change the engine applies at once (a
   * faster bottleneck, a longer queue) can make the run far larger than the one the user
   * agreed to: such a change is asked about as a start is, and an earlier "yes" covers only
   * the size it was given for.
   */
  private going: { scenario: Scenario; accepted: AcceptedSize } | null = null;

  /**
   * The going run's scenario as the engine has it (null: no run going): the editor marks a
   * field of a queue whose discipline was changed during the run "applies on restart", as
   * the engine has no such parameter until then.
   */
  runningScenario(): Scenario | null {
    return this.live && this.going ? this.going.scenario : null;
  }

  /** Why a live change is not applied (the user declined it), or null: go ahead. */
  private liveSizeRefusal(changes: [string, unknown][], path: string, value: unknown): string | null {
    const g = this.going;
    // a change the run does not apply until it restarts is asked about at that start
    const live = changes.filter(([p]) => typeof liveParam(p) !== 'string');
    if (g === null || live.length === 0) return null;
    let next = g.scenario;
    for (const [p, v] of live) {
      const r = withParam(next, p, v);
      if (r.ok) next = r.scenario;
    }
    const e = estimateRun(next, { maxPackets: APP_MAX_PACKETS });
    if (e.events > g.accepted.events || e.memoryBytes > g.accepted.memoryBytes) {
      const large = largeRun(e, this.pace.eventsPerSec());
      const change = `${path} = ${typeof value === 'string' ? value : JSON.stringify(value)}`;
      const tooBig = tabMemoryRefusal(e);
      if (tooBig !== null) return `${path} was not changed: the going run would need more memory than a browser tab can hold: ${tooBig}`;
      if (large !== null && !this.confirm(`With ${change} the going run becomes very large: ${large.why}.\n\n${large.estimate}\n\nYou can pause or reset it at any time. Apply the change anyway?`))
        return `${path} was not changed: the going run would become very large (${large.why}). ${large.estimate} To run at that size: Reset, change it, then Play.`;
      g.accepted = { events: Math.max(e.events, g.accepted.events), memoryBytes: Math.max(e.memoryBytes, g.accepted.memoryBytes) };
    }
    g.scenario = next;
    return null;
  }

  /**
   * The settings each kind of an object (a queue, a traffic item, a per-flow delay) had
   * when the user switched away from it, for this scenario: switching RED -> drop-tail ->
   * RED brings back RED's thresholds, max_p and ECN instead of RED's defaults. Keyed by
   * "<object path>|<kind>"; emptied when another scenario is loaded.
   */
  private readonly kindMemory = new Map<string, Record<string, unknown>>();

  /** A kind swap that restores remembered settings of the new kind (null: not such a swap). */
  private withKindMemory(scenario: Scenario, path: string, value: unknown): ReturnType<typeof withParam> | null {
    if (!path.endsWith('.kind') || typeof value !== 'string') return null;
    const objPath = path.slice(0, -'.kind'.length);
    const cur = getPath(scenario, objPath);
    if (typeof cur !== 'object' || cur === null || Array.isArray(cur)) return null;
    const old = cur as Record<string, unknown>;
    if (old.kind === value) return null;
    this.kindMemory.set(`${objPath}|${String(old.kind)}`, cloneJson(old));
    const remembered = this.kindMemory.get(`${objPath}|${value}`);
    if (!remembered) return null;
    // the plain swap carries the fields both kinds have (a queue's limit); the rest comes back
    const swapped = withParam(scenario, path, value);
    if (!swapped.ok) return swapped;
    const next = getPath(swapped.scenario, objPath) as Record<string, unknown>;
    // the unit was switched meanwhile (RED -> drop-tail -> bytes -> RED): the remembered sizes
    // are converted as a switch of that kind would have (RED came back with 20 and 60 *bytes*)
    const unit = next.unit ?? 'packets';
    const inOwnUnit = (remembered.unit ?? 'packets') === unit ? null : withParam(scenario, objPath, remembered);
    const converted = inOwnUnit?.ok ? queueUnitSwitch(inOwnUnit.scenario, `${objPath}.unit`, unit) : null;
    const merged: Record<string, unknown> = { ...(converted?.next ?? remembered) };
    for (const k of Object.keys(old)) if (k !== 'kind' && k in next) merged[k] = next[k];
    const restored = withParam(scenario, objPath, merged);
    return restored.ok ? restored : swapped;
  }

  /** The step target kept if it can still happen in `scenario`, else the default (and any flow). */
  private stepTargetFor(scenario: Scenario): { stepWhat?: StepWhat; stepFlow?: number | null } {
    const s = this.store.getState();
    const view = viewOf(scenario);
    const what = stepTargets(view).includes(s.stepWhat) ? {} : { stepWhat: DEFAULT_STEP };
    const flow = s.stepFlow !== null && s.stepFlow >= view.flows ? { stepFlow: null } : {};
    return { ...what, ...flow };
  }

  // ------------------------------------------------------------ transport

  start(paused = false): void {
    const s = this.store.getState();
    if (!s.scenario) return;
    // a very large run starts only if the user says so (issue 8: an estimate and a question, never a frozen tab)
    const size = estimateRun(s.scenario, { maxPackets: APP_MAX_PACKETS });
    // beyond what a tab can hold, a "yes" would crash the tab and lose the page: not asked
    const tooBig = tabMemoryRefusal(size);
    if (tooBig !== null) {
      this.store.set({ runError: { message: 'The run was not started: it needs more memory than a browser tab can hold.', fields: [{ path: '', message: tooBig }] } });
      return;
    }
    const question = startQuestion(size, this.pace.eventsPerSec());
    if (question !== null && !this.confirm(question)) {
      this.store.set({ runError: { message: 'The run was not started: it is very large.', fields: [{ path: '', message: question.split('\n\n').slice(0, 2).join(' ') }] } });
      return;
    }
    this.runId++;
    this.live = true;
    this.going = { scenario: s.scenario, accepted: { events: size.events, memoryBytes: size.memoryBytes } };
    this.runStarted = false;
    this.silentBanner = null; // removed with the run's other banners below (untilNextRun)
    this.lastHeard = this.lastWatch = this.clock();
    if (this.watchTimer === null && typeof setInterval === 'function') {
      this.watchTimer = setInterval(() => this.watchWorker(), WATCH_MS);
      (this.watchTimer as { unref?: () => void }).unref?.();
    }
    this.startPaused = paused;
    this.stopBaseline();
    this.pace.stop();
    this.held = null;
    this.store.series.clear();
    this.store.exchanges.clear();
    this.pinned = null;
    this.store.set((st) => ({
      ...noRun(),
      runError: null,
      status: paused ? 'paused' : 'starting',
      end: s.scenario?.duration ?? Infinity,
      banners: st.banners.some((b) => b.untilNextRun) ? st.banners.filter((b) => !b.untilNextRun) : st.banners,
    }));
    const baseline = this.separateBaseline ? 'separate' : true;
    this.send(toWorker({ type: 'start', runId: this.runId, scenario: s.scenario as Scenario, options: { record: true, history: 1000, sampleInterval: appSampleInterval(s.scenario), baseline, calibrations: calibrations.entries() }, speed: s.speed, paused }));
  }

  play(): void {
    const st = this.store.getState().status;
    if (st === 'paused' && this.live) {
      this.pace.stop();
      this.lastHeard = this.clock();
      this.store.set({ status: 'running', stepNote: null, paceRate: NaN });
      this.send(toWorker({ type: 'resume' }));
    } else if (st === 'idle' || st === 'done' || st === 'error' || (st === 'paused' && !this.live)) this.start();
  }

  pause(): void {
    const s = this.store.getState();
    const st = s.status;
    if (!this.live || !(st === 'running' || st === 'starting' || st === 'stepping')) return;
    this.send(toWorker({ type: 'pause' }));
    // the worker calibrates a web load inside the run's construction and reads no message until
    // that ends (3 s on a busy machine, over 15 s on a slow one): Pause waits for it, so say so
    if (calibrationShown(s)) this.store.set({ stepNote: PAUSE_AFTER_CALIBRATION });
  }

  toggle(): void {
    const st = this.store.getState().status;
    if (st === 'running' || st === 'starting' || st === 'stepping') this.pause();
    else this.play();
  }

  /**
   * Stops the run and clears its data; the scenario (with live changes) stays. A live
   * run's worker is terminated rather than asked to stop: a worker busy building or
   * running a huge scenario reads no message until its current slice ends, which can be
   * minutes; a fresh worker is made on the next start.
   */
  reset(): void {
    this.dropSilentBanner();
    this.stopBaseline();
    this.pace.stop();
    this.held = null;
    if (this.live) this.dropWorker();
    this.live = false;
    this.runId++;
    this.store.series.clear();
    this.store.exchanges.clear();
    const sc = this.store.getState().scenario;
    this.pinned = null;
    // "the new value applies when the run restarts ... press Reset, then Play": with the run
    // reset, the next Play has it; kept, the banners told the user to do what they had just done
    this.store.set((st) => ({ ...noRun(), status: 'idle', end: sc?.duration ?? Infinity, ...(st.banners.some((b) => b.untilNextRun) ? { banners: st.banners.filter((b) => !b.untilNextRun) } : {}) }));
  }

  setSpeed(speed: Speed): void {
    // a stretch at another speed (or a new one at max) is measured afresh
    if (speed !== this.store.getState().speed) this.pace.stop();
    this.store.set({ speed, paceRate: NaN });
    if (this.live) this.send(toWorker({ type: 'set-speed', speed }));
  }

  setStepTarget(what: StepWhat, flow: number | null = null): void {
    this.store.set({ stepWhat: what, stepFlow: flow });
  }

  /**
   * Steps forward to the next decision / mark / drop / flow event: first through the
   * recorded history after the cursor, then by letting the engine run to the next one.
   */
  stepForward(): void {
    const s = this.store.getState();
    if (s.status === 'done' && !this.live) {
      if (!this.moveInHistory(+1)) this.store.set({ stepNote: 'The run has ended: no later event.' });
      return;
    }
    // while running, the history on screen is stale: let the engine find the next one
    const running = s.status === 'running' || s.status === 'starting' || s.status === 'stepping';
    if (!running && this.moveInHistory(+1)) return;
    if (!this.live) {
      this.start(true);
      if (!this.live) return; // the user declined a very large run
    }
    const on = s.cursor !== null ? s.decisions[s.cursor] : undefined;
    this.pinned = s.stepWhat === 'flow-event' && on ? { uid: on.uid, t: on.t } : null;
    this.lastHeard = this.clock();
    this.store.set({ status: 'stepping', stepNote: null });
    this.send(toWorker({ type: 'step', what: s.stepWhat, flow: s.stepFlow ?? undefined, horizon: { sim: STEP_HORIZON_SIM_S, wallMs: STEP_HORIZON_WALL_MS } }));
  }

  /** Steps back through the recorded history (the last 1,000 decisions and flow events). */
  stepBack(): void {
    const s = this.store.getState();
    if (s.status === 'running' || s.status === 'starting' || s.status === 'stepping') {
      // first press pauses; the worker then sends the history to step back through
      this.pause();
      return;
    }
    // before anything ran there is no history: "no earlier decision in the last 1,000" read as if 1,000 had been recorded
    if (s.status === 'idle') this.store.set({ stepNote: 'Nothing has run yet: Step ▶ (or Play) first; Back then goes through what was recorded.' });
    else if (!this.moveInHistory(-1)) this.store.set({ stepNote: `No earlier ${targetText(s.stepWhat, s.stepFlow, viewOf(s.scenario).flowTags)} in the recorded history (the last 1,000).` });
  }

  /** Moves the cursor to the next (dir = +1) or previous (-1) matching record; false if none. */
  private moveInHistory(dir: 1 | -1): boolean {
    const s = this.store.getState();
    if (s.stepWhat === 'flow-event') {
      const ev = s.flowEvents;
      if (s.flowCursor === null) return false;
      for (let i = s.flowCursor + dir; i >= 0 && i < ev.length; i += dir) {
        if (s.stepFlow === null || ev[i].flow === s.stepFlow) {
          this.store.set({ flowCursor: i, stepNote: null });
          return true;
        }
      }
      return false;
    }
    const d = s.decisions;
    if (s.cursor === null) return false;
    for (let i = s.cursor + dir; i >= 0 && i < d.length; i += dir) {
      if (decisionMatches(d[i], s.stepWhat, s.stepFlow)) {
        this.store.set({ cursor: i, stepNote: null });
        return true;
      }
    }
    return false;
  }

  /** Points the inspector at a given decision of the history. */
  selectDecision(index: number): void {
    const n = this.store.getState().decisions.length;
    if (index >= 0 && index < n) this.store.set({ cursor: index });
  }

  dispose(): void {
    if (this.watchTimer !== null) clearInterval(this.watchTimer);
    this.watchTimer = null;
    this.dropWorker();
    this.dropBaseWorker();
    this.live = false;
  }

  // ------------------------------------------------------------ the baseline's worker

  /** Starts the baseline (`scenario`, from the run's worker) in the baseline worker. */
  private startBaseline(scenario: unknown): void {
    this.basePending = [];
    this.baseNow = 0;
    let w = this.baseWorker;
    if (!w) {
      w = this.makeWorker();
      w.onmessage = (e: MessageEvent) => this.onBaselineMessage(e.data);
      // the baseline is a courtesy: if its worker fails, the run goes on without it
      w.onerror = (e: ErrorEvent) => {
        e.preventDefault();
        this.dropBaseWorker();
      };
      w.onmessageerror = () => this.dropBaseWorker();
      this.baseWorker = w;
    }
    w.postMessage(toWorker({ type: 'start', runId: this.runId, scenario, options: { record: false, baseline: 'is' }, speed: 'max' }));
    this.baseActive = true;
  }

  /** The baseline has reached the run's end (or ended, or failed): its worker may rest. */
  private baselineFinished(): void {
    if (this.baseActive) this.baseWorker?.postMessage(toWorker({ type: 'stop' }));
    this.baseActive = false;
    if (this.store.getState().baselineBehind) this.store.set({ baselineBehind: false });
  }

  /** Stops the baseline's work (its worker stays, with its cache of recorded baselines). */
  private stopBaseline(): void {
    this.baselineFinished();
    this.basePending = [];
    this.baseNow = 0;
    this.runNow = 0;
    this.runEnded = false;
  }

  private dropBaseWorker(): void {
    const w = this.baseWorker;
    if (!w) return;
    w.onmessage = null;
    w.onerror = null;
    w.onmessageerror = null;
    w.terminate();
    this.baseWorker = null;
  }

  onBaselineMessage(data: unknown): void {
    if (checkWorkerToMain(data) !== null) return;
    const m = data as WorkerToMain;
    if (m.runId !== this.runId) return;
    if (m.type === 'exchanges' && m.end) {
      this.basePending.push({ rt: m.rt, rsp: m.rsp, lost: m.lost, end: m.end, from: 0 });
      this.releaseBaseline(this.runNow);
    } else if (m.type === 'progress') {
      this.baseNow = m.now;
      // the run has ended and the baseline has passed its end: nothing more is needed
      if (this.runEnded && this.baseNow >= this.runNow) this.baselineFinished();
    } else if (m.type === 'error') {
      this.basePending = [];
      this.baselineFinished();
    }
  }

  /** Shows the baseline exchanges that ended by the run's simulated time `t`. */
  private releaseBaseline(t: number): void {
    this.runNow = Math.max(this.runNow, t);
    while (this.basePending.length > 0) {
      const p = this.basePending[0];
      let k = p.from;
      while (k < p.end.length && p.end[k] <= this.runNow) k++;
      if (k > p.from) this.store.exchanges.append(true, p.rt.subarray(p.from, k), p.rsp.subarray(p.from, k), p.lost.subarray(p.from, k));
      p.from = k;
      if (k < p.end.length) return;
      this.basePending.shift();
    }
  }

  // ------------------------------------------------------------ worker messages

  onMessage(data: unknown): void {
    const bad = checkWorkerToMain(data);
    if (bad) {
      console.error('bad message from the simulation worker:', bad);
      return;
    }
    const m = data as WorkerToMain;
    // a calibration is worth keeping whichever run made it
    if (m.type === 'calibrated') return calibrations.add(m.key, m.value);
    if (m.runId !== this.runId && !(m.type === 'error' && m.runId === -1)) return; // a reset run's stragglers
    this.heard();
    const store = this.store;
    switch (m.type) {
      case 'calibrating':
        // a report that the calibration run goes on (at) says nothing new to show
        if (m.at === undefined) store.set({ calibrating: m.step });
        return;
      case 'started':
        this.runStarted = true;
        store.set((s) => ({ end: m.end, calibrating: null, status: s.status === 'starting' ? 'running' : s.status }));
        if (m.baseline !== undefined) this.startBaseline(m.baseline);
        return;
      case 'batch':
        store.series.append({ t: m.t, cols: m.cols });
        if (m.queueEvents) store.series.appendEvents(m.queueEvents);
        return;
      case 'exchanges':
        store.exchanges.append(m.baseline, m.rt, m.rsp, m.lost, m.counts);
        return;
      case 'progress': {
        this.releaseBaseline(m.now);
        const st = store.getState();
        if (st.status === 'running') this.pace.sample(this.clock(), m.now, m.events, st.speed === 'max');
        else this.pace.stop();
        const paceRate = this.pace.simRate();
        store.set((s) => ({
          now: m.now,
          end: m.end,
          eventsPerSec: m.eventsPerSec,
          simRate: m.simRate,
          summary: m.summary ?? s.summary,
          flowsTotal: m.summary ? (m.flowsTotal ?? null) : s.flowsTotal,
          paceRate,
        }));
        return;
      }
      case 'decisions': {
        const pin = this.pinned;
        this.pinned = null;
        const kept = m.hit ?? (pin ? m.records.findIndex((r) => r.uid === pin.uid && r.t === pin.t) : -1);
        this.history({ decisions: m.records, decisionsTotal: m.total ?? m.records.length, cursor: kept !== null && kept >= 0 ? kept : m.records.length > 0 ? m.records.length - 1 : null });
        return;
      }
      case 'flow-events': {
        // against the decisions that come with it (held or shown)
        const s = { ...store.getState(), ...this.held };
        this.history({
          flowEvents: m.events,
          flowCursor: m.hit ?? (s.stepWhat === 'flow-event' || s.flowCursor === null ? (m.events.length > 0 ? m.events.length - 1 : null) : lastBefore(m.events, s.decisions, s.cursor)),
        });
        return;
      }
      case 'param-set':
        if (m.error === null) store.set((s) => ({ markers: [...s.markers, { t: m.t, path: m.path, value: m.value }] }));
        else
          store.addBanner({
            kind: 'info',
            title: `${fieldLabel(store.getState().scenario, m.path)}: the new value applies when the run restarts`,
            lines: [m.error, 'The scenario (and the link) already have the new value; press Reset, then Play.'],
            untilNextLoad: true,
            untilNextRun: true,
          });
        return;
      case 'paused': {
        const s = store.getState();
        if (m.reason === 'user' && this.startPaused) {
          this.startPaused = false;
          if (s.status === 'stepping') return;
        }
        const what = targetText(s.stepWhat, s.stepFlow, viewOf(s.scenario).flowTags);
        const from = m.searchedFrom ?? m.now;
        const note =
          m.reason === 'step-not-found'
            ? `No ${what} between t = ${secs(from)} and the end of the run.`
            : m.reason === 'step-horizon'
              ? // what happened first: at 1366 px the one line the header has for it showed "No drop in 30.0 s of…"
                `No ${what} found from t = ${secs(from)} to ${secs(m.now)}; paused there. Step again to look further${stepTargets(viewOf(s.scenario)).length > 1 ? ', or step to another target' : ''}.`
              : null;
        this.releaseBaseline(m.now);
        this.pace.stop();
        store.set({ ...this.takeHeld(), status: 'paused', now: m.now, stepNote: note, paceRate: NaN });
        return;
      }
      case 'done': {
        this.live = false;
        this.pace.stop();
        this.runEnded = true;
        this.releaseBaseline(m.result.summary.simulatedSeconds);
        if (this.baseNow >= this.runNow) this.baselineFinished();
        else if (this.baseActive) store.set({ baselineBehind: true });
        const held = this.takeHeld();
        store.set((s) => ({ ...held, status: 'done', result: m.result, resultRev: s.scenarioRev, flowsTotal: null, summary: m.result.summary, now: m.result.summary.simulatedSeconds, end: m.result.summary.simulatedSeconds }));
        return;
      }
      case 'error':
        this.live = false;
        this.held = null;
        store.set({ status: 'error', calibrating: null, runError: { message: m.message, fields: m.fields ?? [] } });
        return;
    }
  }
}

/** "ECN mark", "drop of flow 3", "drop of flow 0 · CUBIC" (the flow as the legends name it; `tags`: ScenarioView.flowTags). */
function targetText(what: StepWhat, flow: number | null, tags: readonly string[] = []): string {
  return `${STEP_LABELS[what]}${flow !== null ? ` of ${flowLabel(flow, tags)}` : ''}`;
}

function secs(x: number): string {
  return `${x < 10 ? x.toFixed(2) : x.toFixed(1)} s`;
}

/** Index of the last flow event at or before the decision under the cursor (keeps the two views in step). */
function lastBefore(events: FlowEvent[], decisions: DecisionRecord[], cursor: number | null): number | null {
  if (events.length === 0) return null;
  if (cursor === null || !decisions[cursor]) return events.length - 1;
  const t = decisions[cursor].t;
  let k: number | null = null;
  for (let i = 0; i < events.length; i++) if (events[i].t <= t) k = i;
  return k;
}
