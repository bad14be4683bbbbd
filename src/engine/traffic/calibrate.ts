import type { LoadCalibration, RunResult } from '../metrics/types';
import type { EngineScenario, TrafficSpec } from '../sim-run';
import { trafficByKind } from './registry';
import { SHIPPED_CALIBRATIONS } from './shipped-calibrations';

/**
 * Offered load -> connection rate (or user count), as the papers calibrate it
 * (seeds/000 §5.4, seeds/002 §III.B, seeds/003 §4.2): the same workload runs on the same
 * network with the bottleneck 10x faster (uncongested: deep drop-tail queues, access
 * links at least as fast), and the rate is the one that keeps the real bottleneck's
 * capacity busy `load` of the time, i.e. gives utilization load / 10 on the fast link.
 *
 * The calibration run uses the scenario's own seed and measuring window (warm-up to the
 * end), so the sequence of connections measured is the one the experiment then runs:
 * with heavy-tailed response sizes, two seeds' sequences differ in offered load by several
 * percent, and this keeps "80 % load" exact for the run at hand. The utilization is
 * close to linear in the rate; up to four runs refine it (proportional step, then secant),
 * keeping the closest. A single huge response entering or leaving the window can make the
 * utilization jump, so the measured value is reported with the result.
 * Results are cached per workload model (scenario without the item's rate and load).
 */

/** A calibration result: the parameter's value, the utilization it gave, and fields the item keeps fixed while its value changes. */
export interface Calibrated {
  value: number;
  measured: number;
  fixed: Record<string, number>;
}

/** Where calibrations are kept between runs (the CLI puts a file behind it, src/cli/calibration-cache.ts; the app localStorage, src/ui/run/calibrations.ts). */
export interface CalibrationStore {
  get(key: string): Calibrated | undefined;
  set(key: string, v: Calibrated): void;
}

const memory = new Map<string, Calibrated>();
let store: CalibrationStore = { get: (k) => memory.get(k), set: (k, v) => void memory.set(k, v) };

export function setCalibrationStore(s: CalibrationStore): void {
  store = s;
}

/**
 * The lessons' calibrations, made in advance (`npm run calibrations`, src/cli/ship-calibrations.ts)
 * so that a lesson opened for the first time, in a browser or on a fresh machine, runs at
 * once instead of calibrating first (2-3 s in the app for a 10 Mb/s web lesson). Keyed by
 * `keyHash` of the cache key, so an entry is used only for the exact workload, seed, window
 * and CALIBRATION_VERSION it was made for; tests/unit/engine/traffic/shipped-calibrations.test.ts
 * recomputes them. Consulted after the store; null turns them off (the generator, the test).
 */
let shipped: Readonly<Record<string, Calibrated>> | null = SHIPPED_CALIBRATIONS;

export function useShippedCalibrations(on: boolean): void {
  shipped = on ? SHIPPED_CALIBRATIONS : null;
}

/**
 * FNV-1a with 64 bits (offset basis 0xcbf29ce484222325, prime 0x100000001b3: Fowler, Noll and
 * Vo, as given in draft-eastlake-fnv) over the key's UTF-16 code units, as 16 hex digits.
 */
export function keyHash(key: string): string {
  let h = 0xcbf29ce484222325n;
  for (let i = 0; i < key.length; i++) h = ((h ^ BigInt(key.charCodeAt(i))) * 0x100000001b3n) & 0xffffffffffffffffn;
  return h.toString(16).padStart(16, '0');
}

/**
 * Part of every cache key: bump it when the engine changes what every calibration would
 * measure; a change to one traffic kind's workload bumps that kind's `modelVersion` instead
 * (types.ts), which changes only the keys of scenarios with such an item.
 */
export const CALIBRATION_VERSION = 8;

/**
 * Traffic-item fields added after the calibrations of CALIBRATION_VERSION were made, with
 * the default at which the workload is what it was: at that value a field is left out of
 * the key, so the shipped calibrations stay valid (a scenario echoes every default, so a new
 * field would otherwise change every key). A field added later goes here, or the version
 * is bumped and `npm run calibrations` run.
 */
const ADDED_AT_DEFAULT: Readonly<Record<string, unknown>> = {
  requestSizes: 'independent', // packmime, after version 8
};

/** The cache key of item `index`'s calibration at `load`: its uncongested twin, whole. */
export function calibrationKey(s: EngineScenario, index: number, param: string, load: number): string {
  const model = uncongestedTwin(s, index, param, 0) as EngineScenario & { name?: string; description?: string };
  const traffic = model.traffic.map((t) => {
    const item = { ...(t as Record<string, unknown>) };
    for (const [k, v] of Object.entries(ADDED_AT_DEFAULT)) if (item[k] === v) delete item[k];
    const mv = (trafficByKind(String(item.kind))?.modelVersion as ((i: unknown) => number | undefined) | undefined)?.(t);
    if (mv !== undefined) item.modelVersion = mv;
    return item as TrafficSpec;
  });
  return stable({ v: CALIBRATION_VERSION, model: { ...model, traffic, name: undefined, description: undefined }, load });
}

/** How far from the asked load (absolute utilization) a calibration may stop. */
export const CALIBRATION_TOLERANCE = 0.005;
/** Calibration runs at most. */
export const CALIBRATION_RUNS = 4;

function stable(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(stable).join(',')}]`;
  if (v !== null && typeof v === 'object') {
    const o = v as Record<string, unknown>;
    return `{${Object.keys(o)
      .filter((k) => o[k] !== undefined)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${stable(o[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(v);
}

function bottleneckRate(s: EngineScenario): number {
  const t = s.topology;
  if (t.kind === 'dumbbell') return t.bottleneck.rate;
  const named = t.bottleneck;
  const link = named ? t.links.find((l) => (l.from === named.from && l.to === named.to) || (l.from === named.to && l.to === named.from)) : undefined;
  return link ? link.rate : Math.min(...t.links.map((l) => l.rate));
}

/**
 * The same scenario on an uncongested network: the bottleneck 10x faster with deep
 * drop-tail queues in both directions, and no link slower than that bottleneck.
 */
export function uncongested(s: EngineScenario): EngineScenario {
  const deep = { kind: 'droptail', limit: 1_000_000, unit: 'packets', countRule: 'waiting' };
  const t = s.topology;
  // nothing is lost or marked on the uncongested network, so the loss-recovery variant, ECN
  // and the congestion control (no window leaves slow start there) change nothing: one
  // calibration serves Reno and SACK, with and without ECN, AIMD and CUBIC. The CUBIC
  // fields are left out, not set to their defaults, so that every calibration key and
  // family made before they existed stays the same; so is ECN+'s SYN-ACK rule (ecnPlusSynAck).
  const { cc: _cc, cubicC: _c, cubicBeta: _b, fastConvergence: _f, ecnPlusSynAck: _e, ...tcp } = s.tcp;
  s = { ...s, tcp: { ...tcp, variant: 'newreno', ecn: false, ecnPlus: false } as EngineScenario['tcp'] };
  if (t.kind === 'dumbbell') {
    const fast = 10 * t.bottleneck.rate;
    return {
      ...s,
      topology: {
        ...t,
        bottleneck: { ...t.bottleneck, rate: fast, queue: deep, reverseQueue: undefined },
        left: { ...t.left, rate: Math.max(t.left.rate, fast) },
        right: { ...t.right, rate: Math.max(t.right.rate, fast) },
      },
    };
  }
  const c = bottleneckRate(s);
  return { ...s, topology: { ...t, links: t.links.map((l) => (l.rate === c ? { ...l, rate: 10 * c, queue: deep, reverseQueue: undefined } : { ...l, rate: Math.max(l.rate, 10 * c) })) } };
}

/**
 * The scenario with only item `index`, its parameter set to `value` (and `extra`), on the
 * uncongested network. The item keeps its index (`trafficOrigin`), which names its random
 * streams, so the calibration measures the connections the run will make.
 */
export function uncongestedTwin(s: EngineScenario, index: number, param: string, value: number, extra: Record<string, unknown> = {}): EngineScenario {
  const item = { ...(s.traffic[index] as Record<string, unknown>), [param]: value, ...extra };
  delete item.load;
  const twin = uncongested({ ...s, traffic: [item as TrafficSpec] });
  return index === 0 ? twin : { ...twin, trafficOrigin: [index] };
}

/**
 * The web traffic of the scenario on the uncongested network, every calibrated item at its
 * calibrated value: the "uncongested baseline" of the papers' response-time plots. Items
 * that are not web traffic (long-lived bulk flows, UDP) are left out: they would fill any
 * link, so with them no network is uncongested (the bufferbloat lessons run web traffic
 * beside bulk flows). The web items keep their indices (`trafficOrigin`), so they draw the
 * same connections as in the run.
 */
export function baselineScenario(s: EngineScenario, calibrations: readonly LoadCalibration[]): EngineScenario {
  const traffic: TrafficSpec[] = [];
  const origin: number[] = [];
  s.traffic.forEach((t, i) => {
    if (!trafficByKind(t.kind)?.calibration) return;
    const c = calibrations.find((x) => x.item === i);
    const item = c ? { ...(t as Record<string, unknown>), [c.param]: c.value, ...c.fixed } : { ...t };
    delete (item as { load?: number }).load;
    traffic.push(item as TrafficSpec);
    origin.push(i);
  });
  const out = uncongested({ ...s, traffic });
  return origin.every((o, at) => o === at) ? out : { ...out, trafficOrigin: origin };
}

/**
 * A text that is equal for two baseline scenarios exactly when their runs are (the
 * engine is deterministic): the whole scenario, keys sorted, without its name and
 * description. The app's worker keys its recorded baselines by it (workers/baseline-cache.ts).
 */
export function baselineKey(s: EngineScenario): string {
  return stable({ ...s, name: undefined, description: undefined });
}

/**
 * The calibrations calibrateLoads would have to run for `s`: one per web item asking a
 * `load` whose calibration neither `known` (the caller's cache: the app's localStorage),
 * this module's store nor the shipped ones hold. Each with its key and the uncongested twin
 * of its first run (at the item's guess); it runs at most CALIBRATION_RUNS such twins. For
 * a time estimate before the run (the app's "Run at the paper's scale": the shipped
 * calibrations are for the lessons' own window, so a run at the paper's calibrates first).
 */
export function pendingCalibrations(s: EngineScenario, known: (key: string) => boolean = () => false): { item: number; key: string; twin: EngineScenario }[] {
  const out: { item: number; key: string; twin: EngineScenario }[] = [];
  s.traffic.forEach((raw, index) => {
    const item = raw as Record<string, unknown>;
    const load = item.load;
    const cal = trafficByKind(String(item.kind))?.calibration;
    if (typeof load !== 'number' || !cal) return;
    const key = calibrationKey(s, index, cal.param, load);
    if (known(key) || store.get(key) || shipped?.[keyHash(key)]) return;
    const guess = cal.guess(item as never, bottleneckRate(s) * load);
    const value = cal.integer ? Math.max(1, Math.round(guess)) : guess;
    out.push({ item: index, key, twin: uncongestedTwin(s, index, cal.param, value, cal.fix?.(value) ?? {}) });
  });
  return out;
}

/** One calibration run about to start (RunOptions.onCalibration): which item, which value, and how the previous run did. */
/**
 * Where a web item's calibrated rate or count applies, in words: to each direction of a
 * two-way item ("per direction"), or to a one-way item's only direction (web100-redstar-*'s
 * sessions all go forward: "2505 sessions per direction" read as twice the load it offers).
 */
export function loadScope(direction: string | undefined): string {
  return direction === 'forward' || direction === 'reverse' ? `in the ${direction} direction` : 'per direction';
}

export interface CalibrationStep {
  item: number;
  load: number;
  param: LoadCalibration['param'];
  /** The value this run tries. */
  value: number;
  /** 1 for the first run of the item; at most `maxRuns`. */
  run: number;
  maxRuns: number;
  /** The previous run of this item: its value and the load it measured (null before the first). */
  previous: { value: number; measured: number } | null;
}

/**
 * The rate (or user count) for every web item of `s` that asks for a `load`, with the
 * calibration record. `run` runs a scenario (sim-run's runScenario; passed in to keep the
 * modules acyclic). `onStep` hears of each calibration run before it starts (the app and
 * the command line show it: a calibration can take longer than the run it is for).
 */
export function calibrateLoads(s: EngineScenario, run: (s: EngineScenario) => RunResult, onStep?: (step: CalibrationStep) => void): Map<number, LoadCalibration> {
  const out = new Map<number, LoadCalibration>();
  s.traffic.forEach((raw, index) => {
    const item = raw as Record<string, unknown>;
    const load = item.load;
    const d = trafficByKind(String(item.kind));
    if (typeof load !== 'number' || !d?.calibration) return;
    const cal = d.calibration;
    const capacity = bottleneckRate(s);
    const key = calibrationKey(s, index, cal.param, load);
    const hit = store.get(key) ?? shipped?.[keyHash(key)];
    if (hit) {
      out.set(index, { item: index, load, param: cal.param, value: hit.value, measured: hit.measured, runs: 0, fixed: hit.fixed });
      return;
    }
    const dirs = cal.directions(item as never);
    const round = (v: number) => (cal.integer ? Math.max(1, Math.round(v)) : v);
    let value = round(cal.guess(item as never, capacity * load));
    // what stays fixed while the value moves (packmime: the rate its distributions' shapes are taken at),
    // so every calibration run measures the same sequence of connections, only more or less densely
    const fixed = cal.fix?.(value) ?? {};
    const measure = (value: number): number => {
      const r = run(uncongestedTwin(s, index, cal.param, value, fixed)).summary;
      const util = dirs.map((dir) => (dir === 0 ? r.bottleneck.utilization : r.bottleneckReverse.utilization));
      // utilization of the fast link x 10 = utilization the same traffic would put on the real one
      return (10 * util.reduce((a, b) => a + b, 0)) / util.length;
    };
    let best: Calibrated = { value, measured: NaN, fixed };
    let prev: { value: number; u: number } | null = null;
    let runs = 0;
    for (; runs < CALIBRATION_RUNS; ) {
      onStep?.({ item: index, load, param: cal.param, value, run: runs + 1, maxRuns: CALIBRATION_RUNS, previous: prev === null ? null : { value: prev.value, measured: prev.u } });
      const u = measure(value);
      runs++;
      if (!Number.isFinite(best.measured) || Math.abs(u - load) < Math.abs(best.measured - load)) best = { value, measured: u, fixed };
      if (Math.abs(u - load) <= CALIBRATION_TOLERANCE || !(u > 0)) break;
      // secant through the last two runs while the utilization rises with the value, else proportional
      let next = (value * load) / u;
      if (prev !== null && u !== prev.u && (u - prev.u) / (value - prev.value) > 0) next = value + ((load - u) * (value - prev.value)) / (u - prev.u);
      if (!(next > 0)) next = (value * load) / u;
      prev = { value, u };
      next = round(next);
      if (next === value) break;
      value = next;
    }
    store.set(key, best);
    out.set(index, { item: index, load, param: cal.param, value: best.value, measured: best.measured, runs, fixed });
  });
  return out;
}
