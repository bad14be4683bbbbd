/// <reference lib="webworker" />
/**
 * The simulation worker: a thin adapter between the message protocol (src/protocol) and
 * the engine's RunHandle (src/engine/run.ts). It imports nothing else.
 *
 * It drives the run in slices of about 20 ms of wall time, yielding between slices
 * (MessageChannel when behind, setTimeout when ahead of the wall clock) so pause, step,
 * speed and parameter messages are handled promptly. At a real-time multiple s the
 * simulated clock follows anchorSim + s x (wall - anchorWall); "max" runs flat out.
 * After each slice the engine's buffered samples are flushed and posted as one batch of
 * transferable Float64Arrays. A web run's uncongested baseline is recorded once per
 * baseline scenario and replayed to later runs (baseline-cache.ts).
 */
import { withRule, type DecisionRecord } from '../src/engine/aqm/decision';
import type { QueueEventBatch, RunSink, SeriesBatch } from '../src/engine/metrics/types';
import type { FlowEvent } from '../src/engine/net/agent';
import { estimateRun } from '../src/engine/estimate';
import { createRun, type RunHandle } from '../src/engine/run';
import { baselineKey, baselineScenario, setCalibrationStore, type Calibrated, type CalibrationStep } from '../src/engine/traffic/calibrate';
import { BaselineCache, usedColumns, type BaselineSource, type WebBatch } from './baseline-cache';
import {
  checkMainToWorker,
  decisionMatches,
  APP_MAX_PACKETS,
  HISTORY_DEFAULT,
  toMain,
  transferables,
  type FieldError,
  type MainToWorker,
  type Speed,
  type StartMsg,
  type StepMsg,
  type WorkerToMain,
} from '../src/protocol/messages';

const ctx = self as unknown as DedicatedWorkerGlobalScope;

/** Wall-time budget of one slice, ms (16-33 ms keeps the worker responsive). */
const SLICE_MS = 20;
/** Events per advance() call inside a slice (a few ms of work at most). */
const CHUNK_EVENTS = 20_000;
/** Progress (and the summary so far) is posted at most this often, ms. */
const PROGRESS_MS = 250;
const SUMMARY_MS = 500;
/** Smallest wall-time gap between two series batches while running, ms. */
const BATCH_MS = 30;
/**
 * Time-series values a run may send the page (columns x samples, 8 bytes each): with many
 * flows the sampling interval is widened to stay under it (10,000 flows: 1,000 samples).
 */
const MAX_SERIES_VALUES = 50_000_000;
/**
 * Samples the engine keeps per column before it hands a batch to the worker (which also
 * takes whatever is buffered every BATCH_MS): the engine's default of 64 made
 * ecn-finite-n10-dt-ql64 (59 columns, 11,212 samples) slice 10,600 small arrays and merge
 * 176 batches, 40 ms of its 0.2 s in the app (Chromium profile). Larger batches up to
 * BATCH_VALUES values (8 MB), never fewer than 64 samples.
 */
const BATCH_VALUES = 1 << 20;
function batchSamplesFor(columns: number): number {
  return Math.max(64, Math.min(4096, Math.floor(BATCH_VALUES / Math.max(1, columns))));
}
/** Packets alive at once in a tab (the estimates of src/ui count the same cap). */
const MAX_PACKETS = APP_MAX_PACKETS;
/** The app's advice when a run reaches MAX_PACKETS (RunOptions.raiseMaxPackets). */
const RAISE_MAX_PACKETS = 'run it on the command line, where --max-packets raises the cap (File → Save scenario, then npm run sim -- <file> --max-packets N)';
/** Web runs' uncongested baselines, shared by the runs of this worker. */
const baselines = new BaselineCache();

function post(m: WorkerToMain): void {
  ctx.postMessage(m, transferables(m));
}

/**
 * Calibrations of web loads: those the page sent with the start message, and those made
 * here, each reported to the page (which keeps them in localStorage) under the id of the
 * run that made it.
 */
const calibrations = new Map<string, Calibrated>();
let calibratingRun = -1;
setCalibrationStore({
  get: (k) => calibrations.get(k),
  set: (k, v) => {
    calibrations.set(k, v);
    post(toMain({ type: 'calibrated', runId: calibratingRun, key: k, value: v }));
  },
});

/** A fixed-size ring of the most recent items, oldest first on read-out. */
class Ring<T> {
  private readonly buf: (T | undefined)[];
  private next = 0;
  private size = 0;
  /** How many items were ever pushed (the kept ones are the last `min(pushed, capacity)`). */
  pushed = 0;
  constructor(readonly capacity: number) {
    this.buf = new Array<T | undefined>(capacity);
  }
  push(x: T): void {
    this.buf[this.next] = x;
    this.next = (this.next + 1) % this.capacity;
    if (this.size < this.capacity) this.size++;
    this.pushed++;
  }
  toArray(): T[] {
    const out: T[] = [];
    const start = (this.next - this.size + this.capacity) % this.capacity;
    for (let i = 0; i < this.size; i++) out.push(this.buf[(start + i) % this.capacity] as T);
    return out;
  }
  clear(): void {
    this.buf.fill(undefined);
    this.next = 0;
    this.size = 0;
    this.pushed = 0;
  }
}

/**
 * Per-flow time series go to the UI for the first SERIES_FLOWS flows only: the charts
 * draw at most a few lines and a band, and a column per flow for 100,000 flows (500,000
 * columns) would take the UI's memory and main thread for nothing. The summary counts
 * every flow.
 */
export const SERIES_FLOWS = 200;
const PER_FLOW_COLUMN = /^[A-Za-z]+\.(\d+)$/;
/** keepColumn's answers (a regular expression per column per batch showed in profiles). */
const kept = new Map<string, boolean>();
function keepColumn(name: string): boolean {
  let k = kept.get(name);
  if (k === undefined) {
    const m = PER_FLOW_COLUMN.exec(name);
    k = !m || Number(m[1]) < SERIES_FLOWS;
    if (kept.size < 10_000) kept.set(name, k);
  }
  return k;
}

/** Flows listed in the summaries sent while a run goes (the final result lists all). */
const PROGRESS_FLOWS = 200;

/** Pending columns gathered from the engine's sink calls during a slice. */
class Pending {
  series: SeriesBatch[] = [];
  events: QueueEventBatch[] = [];

  take(runId: number): WorkerToMain | null {
    if (this.series.length === 0 && this.events.length === 0) return null;
    const n = this.series.reduce((s, b) => s + b.t.length, 0);
    const names = new Set<string>();
    for (const b of this.series) for (const k of Object.keys(b.cols)) if (keepColumn(k)) names.add(k);
    // the time and every column are views of one buffer: one transfer a batch (a transfer
    // per column cost 3 ms a batch at bench-100-red's 512 columns)
    const all = new Float64Array(n * (names.size + 1));
    const t = all.subarray(0, n);
    const cols: Record<string, Float64Array> = {};
    let j = 1;
    for (const k of names) cols[k] = all.subarray(n * j, n * ++j);
    let off = 0;
    for (const b of this.series) {
      t.set(b.t, off);
      for (const k of names) {
        const c = b.cols[k];
        if (c) cols[k].set(c, off);
        else cols[k].fill(NaN, off, off + b.t.length);
      }
      off += b.t.length;
    }
    let queueEvents = null;
    if (this.events.length > 0) {
      const m = this.events.reduce((s, b) => s + b.t.length, 0);
      queueEvents = { t: new Float64Array(m), kind: new Uint8Array(m), flow: new Int32Array(m) };
      let o = 0;
      for (const b of this.events) {
        queueEvents.t.set(b.t, o);
        queueEvents.kind.set(b.kind, o);
        queueEvents.flow.set(b.flow, o);
        o += b.t.length;
      }
    }
    this.series = [];
    this.events = [];
    return toMain({ type: 'batch', runId, t, cols, queueEvents });
  }
}

interface StepTarget {
  what: StepMsg['what'];
  flow?: number;
  /** Where the search started (simulated s, wall ms) and how far it may go. */
  fromSim: number;
  fromWall: number;
  horizon?: { sim: number; wallMs: number };
}

class Driver {
  private handle: RunHandle | null = null;
  private runId = -1;
  private running = false;
  private speed: Speed = 1;
  private anchorWall = 0;
  private anchorSim = 0;
  private scheduled = false;
  private readonly pending = new Pending();
  private decisions = new Ring<DecisionRecord>(1000);
  private flowEvents = new Ring<FlowEvent>(1000);
  private record = true;
  private queueName: string | null = null;
  private step: StepTarget | null = null;
  private hitDecision: DecisionRecord | null = null;
  private hitFlowEvent: FlowEvent | null = null;
  private lastProgressWall = 0;
  private lastBatchWall = 0;
  private lastSummaryWall = 0;
  private rateWall = 0;
  private rateEvents = 0;
  private rateSim = 0;
  private eventsPerSec = 0;
  private simRate = 0;
  private readonly channel = new MessageChannel();
  /** Web traffic: the same workload on the uncongested network (bottleneck 10x faster), kept at the run's simulated time. */
  private baseline: BaselineSource | null = null;
  /** StartOptions.baseline "is": this worker runs only a baseline, flat out, to simulated time `t`. */
  private baseOnly: { src: BaselineSource; t: number; step: number } | null = null;
  private exchanges: { baseline: boolean; b: WebBatch }[] = [];

  constructor() {
    this.channel.port1.onmessage = () => this.tick();
  }

  handle_(m: MainToWorker): void {
    switch (m.type) {
      case 'start':
        this.start(m);
        return;
      case 'pause':
        if (this.handle && (this.running || this.step)) this.pause('user');
        return;
      case 'resume':
        if (!this.handle || this.handle.done) return;
        this.step = null;
        this.running = true;
        this.reanchor();
        this.schedule(true);
        return;
      case 'step':
        if (!this.handle || this.handle.done) return;
        this.running = false;
        this.step = { what: m.what, flow: m.flow, fromSim: this.handle.now, fromWall: performance.now(), horizon: m.horizon };
        this.hitDecision = null;
        this.hitFlowEvent = null;
        this.schedule(true);
        return;
      case 'set-speed':
        this.speed = m.speed;
        this.reanchor();
        return;
      case 'set-param': {
        if (!this.handle) return;
        const h = this.handle;
        // samples taken before the change belong before the marker
        h.flush();
        this.postPending();
        let error: string | null;
        try {
          error = h.setParam(m.path, m.value);
        } catch (e) {
          error = e instanceof Error ? e.message : String(e);
        }
        post(toMain({ type: 'param-set', runId: this.runId, t: h.now, path: m.path, value: m.value, error }));
        return;
      }
      case 'stop':
        this.handle = null;
        this.baseline = null;
        this.baseOnly = null;
        this.running = false;
        this.step = null;
        return;
    }
  }

  private start(m: StartMsg): void {
    this.handle = null;
    this.baseline = null;
    this.baseOnly = null;
    this.exchanges = [];
    this.running = false;
    this.step = null;
    this.runId = m.runId;
    this.speed = m.speed;
    this.record = m.options.record !== false;
    const history = Math.max(1, Math.floor(m.options.history ?? HISTORY_DEFAULT));
    this.decisions = new Ring(history);
    this.flowEvents = new Ring(history);
    this.pending.series = [];
    this.pending.events = [];
    this.queueName = null; // set from the run handle below, before any event runs
    if (m.options.baseline === 'is') {
      this.startBaselineOnly(m);
      return;
    }
    const sink: RunSink = {
      series: (b) => this.pending.series.push(b),
      queueEvents: (b) => this.pending.events.push(b),
      exchanges: (b) => this.exchanges.push({ baseline: false, b: usedColumns(b) }),
    };
    if (this.record) {
      sink.decision = (r) => {
        // the data direction of the bottleneck only (the queue the charts show)
        if (this.queueName !== null && r.queue !== this.queueName) return;
        this.decisions.push(r);
        const s = this.step;
        if (s && !this.hitDecision && this.matches(s, r)) this.hitDecision = r;
      };
      sink.flowEvent = (e) => {
        this.flowEvents.push(e);
        const s = this.step;
        if (s && s.what === 'flow-event' && !this.hitFlowEvent && (s.flow === undefined || s.flow === e.flow)) this.hitFlowEvent = e;
      };
    }
    let separate: unknown;
    try {
      const scenario = m.scenario as Parameters<typeof createRun>[0];
      let sampleInterval = m.options.sampleInterval;
      const e = estimateRun(scenario, { series: true });
      if (sampleInterval === undefined && e.seriesValues > MAX_SERIES_VALUES) sampleInterval = (e.endSeconds * e.seriesColumns) / MAX_SERIES_VALUES;
      const runId = this.runId;
      for (const [k, v] of m.options.calibrations ?? []) calibrations.set(k, v);
      calibratingRun = runId;
      let calStep: CalibrationStep | null = null;
      let calWall = 0;
      this.handle = createRun(scenario, sink, {
        sampleInterval,
        batchSamples: m.options.batchSamples ?? batchSamplesFor(e.seriesColumns),
        maxSeriesValues: MAX_SERIES_VALUES * 2,
        maxPackets: MAX_PACKETS,
        // the app has no --max-packets: its advice named a flag the user had nowhere to give
        raiseMaxPackets: RAISE_MAX_PACKETS,
        // the inspector shows the data direction's queue: the reverse one's records would be thrown away
        decisionQueues: 'forward',
        // the ring keeps the last records of hundreds of thousands: their sentences are written when posted
        lazyRules: true,
        // posted while createRun still runs: the page shows each calibration run as it starts,
        // and hears (every PROGRESS_MS at most) that it goes on: its watchdog counts silence
        onCalibration: (step) => {
          calStep = step;
          calWall = performance.now();
          post(toMain({ type: 'calibrating', runId, step }));
        },
        onCalibrationProgress: (at) => {
          const wall = performance.now();
          if (calStep === null || wall - calWall < PROGRESS_MS) return;
          calWall = wall;
          post(toMain({ type: 'calibrating', runId, step: calStep, at }));
        },
      });
      this.queueName = this.handle.bottleneckQueue;
      // web traffic: run the uncongested baseline alongside (the papers' "uncongested network" curve)
      const web = this.handle.result().summary.web;
      if (web && m.options.baseline === 'separate') {
        separate = baselineScenario(scenario, web.calibration);
      } else if (web && m.options.baseline === 'only') {
        this.handle = createRun(baselineScenario(scenario, web.calibration), { exchanges: (b) => this.exchanges.push({ baseline: true, b: usedColumns(b) }) }, { maxPackets: MAX_PACKETS });
      } else if (web && m.options.baseline !== false) {
        const base = baselineScenario(scenario, web.calibration);
        this.baseline = baselines.open(baselineKey(base), (exchanges) => createRun(base, { exchanges }, { maxPackets: MAX_PACKETS }));
      }
    } catch (e) {
      this.fail(e);
      return;
    }
    post(toMain({ type: 'started', runId: this.runId, end: this.handle.endTime, ...(separate !== undefined ? { baseline: separate } : {}) }));
    this.rateWall = performance.now();
    this.rateEvents = 0;
    this.rateSim = 0;
    // the first samples (t = 0) go out at once, so the charts appear before the first slice ends
    try {
      this.handle.advance(0);
      this.handle.flush();
    } catch (e) {
      this.fail(e);
      return;
    }
    this.postPending();
    this.postProgress(true);
    if (m.paused) {
      post(toMain({ type: 'paused', runId: this.runId, now: this.handle.now, reason: 'user' }));
      return;
    }
    this.running = true;
    this.reanchor();
    this.schedule(true);
  }

  /**
   * A baseline for a run in another worker (StartOptions.baseline "is"): recorded once per
   * baseline scenario in this worker (baseline-cache.ts), replayed when asked again, and
   * sent as fast as it comes, each exchange with its end time: the page releases them at
   * the run's simulated time.
   */
  private startBaselineOnly(m: StartMsg): void {
    const scenario = m.scenario as Parameters<typeof createRun>[0];
    try {
      const src = baselines.open(baselineKey(scenario), (exchanges) => createRun(scenario, { exchanges }, { maxPackets: MAX_PACKETS }));
      this.baseOnly = { src, t: 0, step: 0.25 };
    } catch (e) {
      this.fail(e);
      return;
    }
    post(toMain({ type: 'started', runId: this.runId, end: scenario.duration ?? Infinity }));
    this.schedule(true);
  }

  private baselineSlice(b: { src: BaselineSource; t: number; step: number }): void {
    const t0 = performance.now();
    do {
      const w0 = performance.now();
      // what is recorded already comes at once; beyond it, steps of about 10 ms of work
      b.t = Math.max(b.t + b.step, b.src.recordedTo);
      for (const x of b.src.take(b.t)) this.exchanges.push({ baseline: true, b: x });
      const ms = performance.now() - w0;
      b.step = ms > 0.5 ? Math.min(2 * b.step, Math.max(b.step / 2, (b.step * 10) / ms)) : 2 * b.step;
    } while (!b.src.done && performance.now() - t0 < SLICE_MS);
    this.postPending();
    // now = Infinity: the baseline has ended (or failed): nothing more will come
    post(toMain({ type: 'progress', runId: this.runId, now: b.src.done ? Infinity : b.t, end: Infinity, eventsPerSec: 0, simRate: 0, events: 0 }));
    if (b.src.done) this.baseOnly = null;
    else this.schedule(true);
  }

  private matches(s: StepTarget, r: DecisionRecord): boolean {
    return decisionMatches(r, s.what, s.flow ?? null);
  }

  private reanchor(): void {
    this.anchorWall = performance.now();
    this.anchorSim = this.handle ? this.handle.now : 0;
  }

  /** Runs the next slice soon: at once (MessageChannel) or after `delay` ms. */
  private schedule(now: boolean, delay = 0): void {
    if (this.scheduled) return;
    this.scheduled = true;
    if (now) this.channel.port2.postMessage(0);
    else setTimeout(() => this.tick(), delay);
  }

  private tick(): void {
    this.scheduled = false;
    if (this.baseOnly) {
      this.baselineSlice(this.baseOnly);
      return;
    }
    const h = this.handle;
    if (!h) return;
    const runId = this.runId;
    try {
      if (this.step) this.stepSlice(h);
      else if (this.running) this.runSlice(h);
    } catch (e) {
      this.fail(e);
      return;
    }
    if (this.handle !== h || this.runId !== runId) return; // restarted meanwhile
    const base = this.baseline;
    if (base !== null && !base.done) for (const b of base.take(h.now)) this.exchanges.push({ baseline: true, b });
    // batches go out at most every BATCH_MS (one per display frame or two), and at once
    // when the run pauses, steps or ends
    const wall = performance.now();
    if (h.done || !this.running || wall - this.lastBatchWall >= BATCH_MS) {
      h.flush();
      this.postPending();
      this.lastBatchWall = wall;
    }
    if (h.done) {
      this.finish(h);
      return;
    }
    this.postProgress(false);
    if (this.step) this.schedule(true);
    else if (this.running) {
      if (this.speed === 'max') this.schedule(true);
      else {
        // ahead of the wall clock: sleep until the next frame is due
        const target = this.anchorSim + (this.speed * (performance.now() - this.anchorWall)) / 1000;
        if (h.now >= target) this.schedule(false, 16);
        else this.schedule(true);
      }
    }
  }

  private runSlice(h: RunHandle): void {
    const t0 = performance.now();
    if (this.speed === 'max') {
      do h.advance(Infinity, CHUNK_EVENTS);
      while (!h.done && performance.now() - t0 < SLICE_MS);
      return;
    }
    const speed = this.speed;
    for (;;) {
      const wall = performance.now();
      const target = this.anchorSim + (speed * (wall - this.anchorWall)) / 1000;
      if (h.now >= target || h.done) break;
      h.advance(Math.min(target, h.endTime), CHUNK_EVENTS);
      if (performance.now() - t0 >= SLICE_MS) {
        // cannot keep up: let the simulated clock lag instead of piling up debt
        if (target - h.now > speed * 0.25) this.reanchor();
        break;
      }
    }
  }

  private stepSlice(h: RunHandle): void {
    const t0 = performance.now();
    const step = this.step!;
    const limit = step.horizon ? Math.min(h.endTime, step.fromSim + step.horizon.sim) : h.endTime;
    const found = () => this.hitDecision !== null || this.hitFlowEvent !== null;
    do h.advance(limit, CHUNK_EVENTS, found);
    while (!found() && !h.done && h.now < limit && performance.now() - t0 < SLICE_MS);
    if (found()) {
      this.pause('step');
    } else if (h.done) {
      this.step = null;
      post(toMain({ type: 'paused', runId: this.runId, now: h.now, reason: 'step-not-found', searchedFrom: step.fromSim }));
    } else if (step.horizon && (h.now >= limit || performance.now() - step.fromWall >= step.horizon.wallMs)) {
      // searched as far as a step may: pause here, with the history, and say so
      this.running = false;
      this.step = null;
      h.flush();
      this.postPending();
      this.postHistory();
      this.postProgress(true);
      post(toMain({ type: 'paused', runId: this.runId, now: h.now, reason: 'step-horizon', searchedFrom: step.fromSim }));
    }
  }

  private pause(reason: 'user' | 'step'): void {
    const h = this.handle;
    if (!h) return;
    this.running = false;
    this.step = null;
    h.flush();
    this.postPending();
    this.postHistory();
    this.postProgress(true);
    post(toMain({ type: 'paused', runId: this.runId, now: h.now, reason }));
  }

  private postHistory(): void {
    if (!this.record) return;
    const records = this.decisions.toArray().map(withRule);
    const events = this.flowEvents.toArray();
    const hd = this.hitDecision ? records.lastIndexOf(this.hitDecision) : -1;
    const hf = this.hitFlowEvent ? events.lastIndexOf(this.hitFlowEvent) : -1;
    post(toMain({ type: 'decisions', runId: this.runId, records, total: this.decisions.pushed, hit: hd >= 0 ? hd : null }));
    post(toMain({ type: 'flow-events', runId: this.runId, events, hit: hf >= 0 ? hf : null }));
    this.hitDecision = null;
    this.hitFlowEvent = null;
  }

  private postPending(): void {
    const m = this.pending.take(this.runId);
    if (m) post(m);
    for (const which of [false, true]) {
      const list = this.exchanges.filter((e) => e.baseline === which);
      if (list.length === 0) continue;
      const n = list.reduce((a, e) => a + e.b.rt.length, 0);
      const rt = new Float64Array(n);
      const rsp = new Float64Array(n);
      const lost = new Uint8Array(n);
      const end = new Float64Array(n);
      let o = 0;
      for (const { b } of list) {
        rt.set(b.rt, o);
        rsp.set(b.rsp, o);
        for (let i = 0; i < b.rt.length; i++) {
          lost[o + i] = b.drops[i] > 0 ? 1 : 0;
          end[o + i] = b.start[i] + b.rt[i];
        }
        o += b.rt.length;
      }
      // the run's counters as of these exchanges (the chart's counters line goes with its curve)
      const wp = which ? null : (this.handle?.webProgress ?? null);
      const counts = wp ? { started: wp.started, inProgress: wp.startedAll - wp.completedAll } : undefined;
      post(toMain({ type: 'exchanges', runId: this.runId, baseline: which, rt, rsp, lost, end, ...(counts ? { counts } : {}) }));
    }
    this.exchanges = [];
  }

  private postProgress(force: boolean): void {
    const h = this.handle;
    if (!h) return;
    const wall = performance.now();
    if (!force && wall - this.lastProgressWall < PROGRESS_MS) return;
    this.lastProgressWall = wall;
    const dt = (wall - this.rateWall) / 1000;
    if (dt >= 0.2) {
      this.eventsPerSec = (h.events - this.rateEvents) / dt;
      this.simRate = (h.now - this.rateSim) / dt;
      this.rateWall = wall;
      this.rateEvents = h.events;
      this.rateSim = h.now;
    }
    let summary;
    let flowsTotal: number | undefined;
    if (force || wall - this.lastSummaryWall >= SUMMARY_MS) {
      this.lastSummaryWall = wall;
      summary = h.result().summary;
      // with very many flows only the first ones travel while the run goes
      if (summary.flows.length > PROGRESS_FLOWS) {
        flowsTotal = summary.flows.length;
        summary = { ...summary, flows: summary.flows.slice(0, PROGRESS_FLOWS) };
      }
    }
    post(toMain({ type: 'progress', runId: this.runId, now: h.now, end: h.endTime, eventsPerSec: this.eventsPerSec, simRate: this.simRate, events: h.events, summary, flowsTotal }));
  }

  private finish(h: RunHandle): void {
    this.running = false;
    this.step = null;
    this.postProgress(true);
    this.postHistory();
    post(toMain({ type: 'done', runId: this.runId, result: h.result() }));
    this.handle = null;
  }

  private fail(e: unknown): void {
    const message = e instanceof Error ? e.message : String(e);
    const fields = fieldsOf(e);
    this.handle = null;
    this.running = false;
    this.step = null;
    post(toMain({ type: 'error', runId: this.runId, message, fields }));
  }
}

/** Field-level messages from a validation error, whatever its shape ({issues} or {fields}). */
function fieldsOf(e: unknown): FieldError[] | undefined {
  const o = e as { fields?: unknown; issues?: unknown; errors?: unknown } | null;
  const list = o && (Array.isArray(o.fields) ? o.fields : Array.isArray(o.issues) ? o.issues : Array.isArray(o.errors) ? o.errors : null);
  if (!list) return undefined;
  return list.map((x: unknown) => {
    if (typeof x === 'string') return { path: '', message: x };
    const r = x as { path?: unknown; message?: unknown };
    const path = Array.isArray(r.path) ? r.path.join('.') : String(r.path ?? '');
    return { path, message: String(r.message ?? x) };
  });
}

const driver = new Driver();

ctx.onmessage = (ev: MessageEvent) => {
  const err = checkMainToWorker(ev.data);
  if (err) {
    const runId = typeof (ev.data as { runId?: unknown })?.runId === 'number' ? (ev.data as { runId: number }).runId : -1;
    post(toMain({ type: 'error', runId, message: `bad message to the simulation worker: ${err}` }));
    return;
  }
  driver.handle_(ev.data as MainToWorker);
};
