/**
 * The message protocol between the UI (main thread) and workers/sim.worker.ts: one
 * versioned discriminated union per direction. Every message carries `v` (the protocol
 * version) and `type`; worker messages also carry the `runId` of the run they belong to,
 * so the UI can ignore stragglers from a run it has already reset.
 *
 * Series travel as columns of Float64Array whose buffers are transferred, not copied
 * (DESIGN §3 "Speed"): `transferables(msg)` lists them for postMessage.
 */
import type { DecisionRecord } from '../engine/aqm/decision';
import type { RunResult, Summary } from '../engine/metrics/types';
import type { FlowEvent } from '../engine/net/agent';
import type { Calibrated, CalibrationStep } from '../engine/traffic/calibrate';

/** How many recent decisions and flow events a run keeps for stepping back, unless told otherwise. */
export const HISTORY_DEFAULT = 1000;

/** Packets alive at once in a tab (~300 MB of packet pool); the run stops there, and the app's estimates count no more. */
export const APP_MAX_PACKETS = 2_000_000;

export const PROTOCOL_VERSION = 1;
export type ProtocolVersion = typeof PROTOCOL_VERSION;

/** Real-time multiple (1 = one simulated second per wall second) or as fast as possible. */
export type Speed = number | 'max';
export const SPEEDS: readonly Speed[] = [0.1, 1, 10, 100, 'max'];

export interface StartOptions {
  /** Series sampling interval, seconds (engine default: duration / 2000). */
  sampleInterval?: number;
  /** Samples per engine batch (the worker flushes every slice anyway). */
  batchSamples?: number;
  /** Record AQM decisions and flow events for step-through (default true). */
  record?: boolean;
  /** How many recent decisions and flow events the worker keeps (default HISTORY_DEFAULT). */
  history?: number;
  /**
   * Web traffic's uncongested baseline (default true: the worker runs it alongside, at the
   * run's simulated time). false: none. "only": run the scenario's baseline instead of the
   * scenario (the compare view's third worker). "separate": not here; the 'started'
   * message carries the baseline scenario for another worker. "is": the scenario is a
   * baseline (from "separate"): run it as fast as possible through the worker's baseline
   * cache, its exchanges as the baseline's, with their end times.
   */
  baseline?: boolean | 'only' | 'separate' | 'is';
  /** Calibrations of web loads the page knows (key, result), so the worker need not run them again (ui/run/calibrations.ts). */
  calibrations?: [string, Calibrated][];
}

/**
 * What a step advances to. 'aqm-drop': a drop the queue chose (RED's early or forced drop,
 * PI's, CoDel's...), not a buffer overflow nor a link loss.
 */
export type StepWhat = 'decision' | 'mark' | 'drop' | 'aqm-drop' | 'flow-event';

/**
 * Does a decision record match a step target? One rule for the worker (stepping forward in
 * the run) and the controller (stepping through the recorded history). A flow event is no
 * decision: never.
 */
export function decisionMatches(r: DecisionRecord, what: StepWhat, flow: number | null): boolean {
  if (flow !== null && r.flow !== flow) return false;
  switch (what) {
    case 'decision':
      return true;
    case 'mark':
      return r.outcome === 'mark';
    case 'drop':
      return r.outcome === 'drop';
    case 'aqm-drop':
      return r.outcome === 'drop' && (r.reason === 'early' || r.reason === 'forced');
    case 'flow-event':
      return false;
  }
}

// ---------------------------------------------------------------- main -> worker

export interface StartMsg {
  v: ProtocolVersion;
  type: 'start';
  runId: number;
  scenario: unknown;
  options: StartOptions;
  speed: Speed;
  /** Create the run but do not advance it (e.g. to step from t = 0). */
  paused?: boolean;
}
export interface PauseMsg {
  v: ProtocolVersion;
  type: 'pause';
}
export interface ResumeMsg {
  v: ProtocolVersion;
  type: 'resume';
}
export interface StepMsg {
  v: ProtocolVersion;
  type: 'step';
  what: StepWhat;
  /** For 'flow-event' (and optionally the others): only events of this flow. */
  flow?: number;
  /** Give up after this many simulated seconds or this much wall time (ms) without the target. */
  horizon?: { sim: number; wallMs: number };
}
export interface SetSpeedMsg {
  v: ProtocolVersion;
  type: 'set-speed';
  speed: Speed;
}
export interface SetParamMsg {
  v: ProtocolVersion;
  type: 'set-param';
  /** Dotted path as in the CLI's --set, e.g. "queue.maxP". */
  path: string;
  value: unknown;
}
export interface StopMsg {
  v: ProtocolVersion;
  type: 'stop';
}

export type MainToWorker = StartMsg | PauseMsg | ResumeMsg | StepMsg | SetSpeedMsg | SetParamMsg | StopMsg;

// ---------------------------------------------------------------- worker -> main

export interface QueueEventColumns {
  t: Float64Array;
  kind: Uint8Array;
  flow: Int32Array;
}

export interface StartedMsg {
  v: ProtocolVersion;
  type: 'started';
  runId: number;
  /** Simulation end time, seconds (Infinity when the run ends with its last flow). */
  end: number;
  /** StartOptions.baseline "separate" with web traffic: the uncongested baseline scenario, calibrated, to run elsewhere. */
  baseline?: unknown;
}
/** A calibration run of a web item's `load` is starting (before `started`; see RunOptions.onCalibration). */
export interface CalibratingMsg {
  v: ProtocolVersion;
  type: 'calibrating';
  runId: number;
  step: CalibrationStep;
  /**
   * Absent: the calibration run `step` starts. Present: it is still going, at this simulated
   * time (sent every 250 ms or so: the page's watchdog hears the worker is alive).
   */
  at?: number;
}
/** A web load was calibrated in this worker: the page keeps it for later runs (ui/run/calibrations.ts). */
export interface CalibratedMsg {
  v: ProtocolVersion;
  type: 'calibrated';
  runId: number;
  key: string;
  value: Calibrated;
}
export interface BatchMsg {
  v: ProtocolVersion;
  type: 'batch';
  runId: number;
  /** Sample times, seconds; every column has the same length. */
  t: Float64Array;
  cols: Record<string, Float64Array>;
  /** Drops and marks at the bottleneck since the last batch (null if none). */
  queueEvents: QueueEventColumns | null;
}
/** Web exchanges completed since the last message (counted ones: started after the warm-up). */
export interface ExchangesMsg {
  v: ProtocolVersion;
  type: 'exchanges';
  runId: number;
  /** From the uncongested baseline run the worker runs alongside, not from the run itself. */
  baseline: boolean;
  /** Response time, s, and response bytes of each exchange; lost = 1 when a packet of it was dropped. */
  rt: Float64Array;
  rsp: Float64Array;
  lost: Uint8Array;
  /** When each exchange ended (its start + response time), s; ascending. */
  end?: Float64Array;
  /**
   * The run's (not the baseline's) exchanges started after the warm-up and all those in
   * progress, when these were posted: the response chart's counters go with the exchanges it
   * draws (the summary, posted every 500 ms, lagged them by thousands at 100x).
   */
  counts?: { started: number; inProgress: number };
}
export interface DecisionsMsg {
  v: ProtocolVersion;
  type: 'decisions';
  runId: number;
  /** The most recent decisions, oldest first (at most StartOptions.history). */
  records: DecisionRecord[];
  /**
   * How many decisions the run has recorded so far: `records` are the last of them, so the
   * inspector and its CSV export can say which (decisions 61,001-62,000 of 62,000). Absent:
   * taken as `records.length`.
   */
  total?: number;
  /** Index in `records` of the record a step stopped at, or null. */
  hit: number | null;
}
export interface FlowEventsMsg {
  v: ProtocolVersion;
  type: 'flow-events';
  runId: number;
  /** The most recent flow events, oldest first. */
  events: FlowEvent[];
  /** Index in `events` of the event a step stopped at, or null. */
  hit: number | null;
}
export interface ProgressMsg {
  v: ProtocolVersion;
  type: 'progress';
  runId: number;
  /** Simulated time reached and the end time, seconds. */
  now: number;
  end: number;
  /** Scheduler events per wall second over the last interval. */
  eventsPerSec: number;
  /** Simulated seconds per wall second over the last interval (the speed achieved). */
  simRate: number;
  events: number;
  /** The summary so far (sent a few times a second). */
  summary?: Summary;
  /** When the summary lists only the first flows (very many flows): how many there are. */
  flowsTotal?: number;
}
export interface ParamSetMsg {
  v: ProtocolVersion;
  type: 'param-set';
  runId: number;
  /** Simulation time at which the change took effect, seconds. */
  t: number;
  path: string;
  value: unknown;
  /** The engine's refusal, or null when applied. */
  error: string | null;
}
export interface PausedMsg {
  v: ProtocolVersion;
  type: 'paused';
  runId: number;
  now: number;
  /**
   * Why: the user paused, a step found its target, a step reached the end of the run
   * without one, or a step searched as far as it may (StepMsg.horizon) without one.
   */
  reason: 'user' | 'step' | 'step-not-found' | 'step-horizon';
  /** For step-not-found and step-horizon: the simulated time the search started from. */
  searchedFrom?: number;
}
export interface DoneMsg {
  v: ProtocolVersion;
  type: 'done';
  runId: number;
  result: RunResult;
}
export interface FieldError {
  path: string;
  message: string;
}
export interface ErrorMsg {
  v: ProtocolVersion;
  type: 'error';
  runId: number;
  message: string;
  fields?: FieldError[];
}

export type WorkerToMain = StartedMsg | CalibratingMsg | CalibratedMsg | BatchMsg | ExchangesMsg | DecisionsMsg | FlowEventsMsg | ProgressMsg | ParamSetMsg | PausedMsg | DoneMsg | ErrorMsg;

// ---------------------------------------------------------------- helpers

const MAIN_TYPES: ReadonlySet<string> = new Set(['start', 'pause', 'resume', 'step', 'set-speed', 'set-param', 'stop']);
const WORKER_TYPES: ReadonlySet<string> = new Set(['started', 'calibrating', 'calibrated', 'batch', 'exchanges', 'decisions', 'flow-events', 'progress', 'param-set', 'paused', 'done', 'error']);
const STEP_WHATS: ReadonlySet<string> = new Set(['decision', 'mark', 'drop', 'aqm-drop', 'flow-event']);

function isSpeed(x: unknown): x is Speed {
  return x === 'max' || (typeof x === 'number' && x > 0 && Number.isFinite(x));
}

function obj(x: unknown): Record<string, unknown> | null {
  return typeof x === 'object' && x !== null ? (x as Record<string, unknown>) : null;
}

/**
 * Checks a message received by the worker. Returns null when it is a well-formed
 * MainToWorker of this protocol version, else a reason.
 */
export function checkMainToWorker(x: unknown): string | null {
  const m = obj(x);
  if (!m) return 'message is not an object';
  if (m.v !== PROTOCOL_VERSION) return `protocol version ${String(m.v)} is not ${PROTOCOL_VERSION}`;
  if (typeof m.type !== 'string' || !MAIN_TYPES.has(m.type)) return `unknown message type ${JSON.stringify(m.type)}`;
  switch (m.type) {
    case 'start':
      if (typeof m.runId !== 'number') return 'start: runId must be a number';
      if (!obj(m.options)) return 'start: options must be an object';
      if (!isSpeed(m.speed)) return `start: bad speed ${JSON.stringify(m.speed)}`;
      return null;
    case 'step':
      if (typeof m.what !== 'string' || !STEP_WHATS.has(m.what)) return `step: bad target ${JSON.stringify(m.what)}`;
      if (m.flow !== undefined && !(typeof m.flow === 'number' && Number.isInteger(m.flow) && m.flow >= 0)) return `step: bad flow ${JSON.stringify(m.flow)}`;
      if (m.horizon !== undefined) {
        const hz = obj(m.horizon);
        if (!hz || !(typeof hz.sim === 'number' && hz.sim > 0) || !(typeof hz.wallMs === 'number' && hz.wallMs > 0)) return `step: bad horizon ${JSON.stringify(m.horizon)}`;
      }
      return null;
    case 'set-speed':
      return isSpeed(m.speed) ? null : `set-speed: bad speed ${JSON.stringify(m.speed)}`;
    case 'set-param':
      return typeof m.path === 'string' && m.path.length > 0 ? null : 'set-param: path must be a non-empty string';
    default:
      return null;
  }
}

export function isMainToWorker(x: unknown): x is MainToWorker {
  return checkMainToWorker(x) === null;
}

/** Checks a message received by the UI; same contract as checkMainToWorker. */
export function checkWorkerToMain(x: unknown): string | null {
  const m = obj(x);
  if (!m) return 'message is not an object';
  if (m.v !== PROTOCOL_VERSION) return `protocol version ${String(m.v)} is not ${PROTOCOL_VERSION}`;
  if (typeof m.type !== 'string' || !WORKER_TYPES.has(m.type)) return `unknown message type ${JSON.stringify(m.type)}`;
  if (typeof m.runId !== 'number') return `${m.type}: runId must be a number`;
  if (m.type === 'exchanges') {
    if (!(m.rt instanceof Float64Array) || !(m.rsp instanceof Float64Array) || !(m.lost instanceof Uint8Array)) return 'exchanges: rt and rsp must be Float64Arrays, lost a Uint8Array';
    if (m.rsp.length !== m.rt.length || m.lost.length !== m.rt.length) return 'exchanges: columns differ in length';
    if (typeof m.baseline !== 'boolean') return 'exchanges: baseline must be true or false';
    if (m.end !== undefined && !(m.end instanceof Float64Array && m.end.length === m.rt.length)) return 'exchanges: end must be a Float64Array as long as rt';
    if (m.counts !== undefined) {
      const c = obj(m.counts);
      if (!c || typeof c.started !== 'number' || typeof c.inProgress !== 'number') return 'exchanges: counts needs numbers started and inProgress';
    }
  }
  if (m.type === 'calibrating') {
    const st = obj(m.step);
    if (!st || typeof st.value !== 'number' || typeof st.run !== 'number' || typeof st.maxRuns !== 'number' || typeof st.load !== 'number') return 'calibrating: step needs numbers value, run, maxRuns and load';
    if (m.at !== undefined && typeof m.at !== 'number') return 'calibrating: at must be a number when given';
  }
  if (m.type === 'calibrated') {
    const v = obj(m.value);
    if (typeof m.key !== 'string' || !v || typeof v.value !== 'number' || typeof v.measured !== 'number' || !obj(v.fixed)) return 'calibrated: needs a key and a value { value, measured, fixed }';
  }
  if (m.type === 'batch') {
    if (!(m.t instanceof Float64Array)) return 'batch: t must be a Float64Array';
    const cols = obj(m.cols);
    if (!cols) return 'batch: cols must be an object';
    for (const [k, c] of Object.entries(cols)) {
      if (!(c instanceof Float64Array)) return `batch: column ${k} must be a Float64Array`;
      if (c.length !== m.t.length) return `batch: column ${k} has ${c.length} samples, t has ${m.t.length}`;
    }
    const q = m.queueEvents === null ? null : obj(m.queueEvents);
    if (m.queueEvents !== null) {
      if (!q || !(q.t instanceof Float64Array) || !(q.kind instanceof Uint8Array) || !(q.flow instanceof Int32Array)) return 'batch: bad queueEvents';
      if (q.kind.length !== q.t.length || q.flow.length !== q.t.length) return 'batch: queueEvents columns differ in length';
    }
  }
  return null;
}

export function isWorkerToMain(x: unknown): x is WorkerToMain {
  return checkWorkerToMain(x) === null;
}

/** The buffers of a message that postMessage should transfer (each at most once). */
export function transferables(msg: WorkerToMain | MainToWorker): ArrayBuffer[] {
  if (msg.type === 'exchanges') return [...new Set([msg.rt.buffer, msg.rsp.buffer, msg.lost.buffer, msg.end?.buffer].filter((b): b is ArrayBuffer => b instanceof ArrayBuffer))];
  if (msg.type !== 'batch') return [];
  const out = new Set<ArrayBuffer>();
  const add = (a: ArrayBufferView) => {
    if (a.buffer instanceof ArrayBuffer) out.add(a.buffer);
  };
  add(msg.t);
  for (const c of Object.values(msg.cols)) add(c);
  if (msg.queueEvents) {
    add(msg.queueEvents.t);
    add(msg.queueEvents.kind);
    add(msg.queueEvents.flow);
  }
  return [...out];
}

/** Builders that fill in the version, so callers cannot forget it. */
type WithoutV<T> = T extends unknown ? Omit<T, 'v'> : never;
export function toWorker(m: WithoutV<MainToWorker>): MainToWorker {
  return { ...m, v: PROTOCOL_VERSION } as MainToWorker;
}
export function toMain(m: WithoutV<WorkerToMain>): WorkerToMain {
  return { ...m, v: PROTOCOL_VERSION } as WorkerToMain;
}
