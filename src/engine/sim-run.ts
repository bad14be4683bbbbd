import { aqmByKind, makeQueue } from './aqm/registry';
import { checkParam, queueUnitOf } from './core/params';
import { getPath, splitPath } from './scenario/paths';
import { liveParam } from './scenario/live';
import { paramSpecAt } from './scenario/schema';
import { rngFor } from './core/rng';
import { CapError, DEFAULT_MAX_PACKETS, Simulator } from './core/simulator';
import { countText, DEFAULT_LIMITS, defaultSampleInterval, estimateRun, MAX_OPEN_DURATION } from './estimate';
import { fromSeconds, NS_PER_S } from './core/time';
import { Collector, seriesColumnNames, type FlowEntry } from './metrics/collector';
import { timelineWindowNs } from './metrics/timeline';
import type { LoadCalibration, RunResult, RunSink } from './metrics/types';
import { WebStats, type WebProgress } from './metrics/web';
import { buildDumbbell, buildGeneral, type BuiltTopology, type DumbbellSpec, type GeneralSpec } from './net/topology';
import type { RunHandle, RunOptions } from './run';
import type { TcpParams } from './tcp/params';
import { calibrateLoads } from './traffic/calibrate';
import { drawFlowDelay, type FlowDelaySpec } from './traffic/flow-delay';
import { trafficByKind, type TrafficItem } from './traffic/registry';
export type { FlowDelaySpec } from './traffic/flow-delay';
import type { TrafficContext } from './traffic/types';
import { WebHub } from './traffic/web';

/** A validated traffic item: `kind` names a descriptor of src/engine/traffic/registry.ts, the other fields are its parameters. */
export type TrafficSpec = TrafficItem;

/** The validated scenario as the engine reads it (src/engine/scenario/schema.ts produces it). */
export interface EngineScenario {
  seed: number;
  duration?: number;
  /** Seconds excluded from the summary statistics (default 0). */
  warmup?: number;
  /** Web traffic: the run ends when this many exchanges started after the warm-up have completed. */
  stopAfterExchanges?: number;
  topology: ({ kind: 'dumbbell' } & DumbbellSpec & { flowDelay?: FlowDelaySpec }) | ({ kind: 'general'; flowDelay?: FlowDelaySpec } & GeneralSpec);
  tcp: TcpParams;
  traffic: TrafficSpec[];
  /**
   * When items were left out of the scenario this one was made from (the uncongested
   * baseline keeps only the web traffic: calibrate.ts `baselineScenario`), the index each
   * item of `traffic` had there. An item's random streams are named by its index, so with
   * its old index it draws the same connections as in the run it is the baseline of.
   */
  trafficOrigin?: readonly number[];
}

export { MAX_OPEN_DURATION } from './estimate';

/**
 * The extra one-way delay (s) of each of `flows` flows, in flow order: the draws the engine
 * makes for a scenario (the ns-2 export writes the same per-flow delays). A `list` is not
 * drawn: flow i gets values[i mod n], whatever the seed.
 */
export function flowDelays(seed: number, spec: FlowDelaySpec | undefined, flows: number): number[] {
  if (spec?.kind === 'list') return Array.from({ length: flows }, (_, f) => spec.values[f % spec.values.length]);
  const rng = rngFor(seed, 'flowDelay');
  const out: number[] = [];
  for (let f = 0; f < flows; f++) out.push(drawFlowDelay(spec, rng));
  return out;
}

class Run implements RunHandle {
  readonly sim = new Simulator();
  readonly topo: BuiltTopology;
  readonly flows: FlowEntry[] = [];
  readonly collector: Collector;
  private readonly durationNs: number;
  private openFinite = 0;
  private endNs = Infinity;
  private wallMs = 0;
  private finished = false;
  /** The web connections and their statistics, when the scenario has web traffic. */
  private webHub: WebHub | null = null;
  /** How each web item's `load` was turned into a rate or user count. */
  readonly calibrations: LoadCalibration[] = [];

  constructor(
    readonly scenario: EngineScenario,
    readonly sink: RunSink,
    options: RunOptions,
  ) {
    const sim = this.sim;
    const sc = scenario;
    const topo = sc.topology;
    this.topo = topo.kind === 'dumbbell' ? buildDumbbell(sim, topo, sc.seed, makeQueue) : buildGeneral(sim, topo, sc.seed, makeQueue);
    if (sink.flowEvent) {
      const fe = sink.flowEvent.bind(sink);
      sim.flowEvents = { flowEvent: fe };
    }
    if (sink.decision) {
      // the bottleneck's two directions: access-link queues would drown the trace
      const dec = sink.decision.bind(sink);
      const recorder = { decision: dec, lazyRules: options.lazyRules === true };
      sim.links[this.topo.bottleneck].queue.recorder = recorder;
      if (options.decisionQueues !== 'forward') sim.links[this.topo.bottleneckReverse].queue.recorder = recorder;
    }
    this.durationNs = sc.duration !== undefined ? fromSeconds(sc.duration) : fromSeconds(MAX_OPEN_DURATION);
    // web items asking for an offered load get their rate (or user count) from a run on an uncongested twin
    const heard = options.onCalibrationProgress;
    const calibrationRun = heard === undefined ? (s: EngineScenario) => runScenario(s) : (s: EngineScenario) => runScenario(s, {}, {}, heard);
    for (const c of calibrateLoads(sc, calibrationRun, options.onCalibration).values()) this.calibrations.push(c);
    this.buildTraffic();
    sim.flowDelayNs = Float64Array.from(flowDelays(sc.seed, topo.flowDelay, this.flows.length), fromSeconds);

    const bl = sim.links[this.topo.bottleneck];
    const br = sim.links[this.topo.bottleneckReverse];
    // only the bottleneck's backlog integrals are reported
    for (const l of sim.links) l.tracked = l === bl || l === br;
    const sampleS = options.sampleInterval ?? defaultSampleInterval(sc.duration);
    sim.maxPackets = Math.min(options.maxPackets ?? DEFAULT_MAX_PACKETS, 1 << 27);
    if (options.raiseMaxPackets !== undefined) sim.raiseMaxPackets = options.raiseMaxPackets;
    if (sink.series) this.checkSeriesSize(seriesColumnNames(bl.queue, this.flows).length, sampleS, options.maxSeriesValues ?? DEFAULT_LIMITS.maxSeriesValues);
    const timelineNs = timelineWindowNs(sc.duration);
    this.collector = new Collector(sim, this.flows, bl, br, sink, options.batchSamples ?? 64, timelineNs);
    sim.setQueueListener(this.collector);
    // drops of web exchanges (flow ids beyond the fixed flows) go to the web hub, once there is one
    this.collector.extraDrop = (f) => this.webHub?.noteDrop(f);
    if (sink.series) {
      const stepNs = Math.max(1, fromSeconds(sampleS));
      let k = 0;
      const hook = sim.addHook(() => {
        this.collector.sample();
        k++;
        sim.scheduleHook(hook, k * stepNs);
      });
      sim.scheduleHook(hook, 0);
    }
    {
      // summary.timeline's windows end at multiples of the step (a hook, not a network event)
      let k = 1;
      const hook = sim.addHook(() => {
        this.collector.timeline.tick(sim.clock);
        k++;
        sim.scheduleHook(hook, k * timelineNs);
      });
      sim.scheduleHook(hook, timelineNs);
    }
    const warmup = sc.warmup ?? 0;
    if (warmup > 0) {
      const w = sim.addHook(() => this.collector.markWarmup());
      sim.scheduleHook(w, fromSeconds(warmup));
    }
    const stop = sim.addHook(() => {
      sim.stopped = true;
    });
    sim.scheduleHook(stop, this.durationNs);
    if (sc.duration !== undefined) this.endNs = this.durationNs;
  }

  /** Refuses (CapError) a run whose time series would exceed `cap` values. */
  private checkSeriesSize(columns: number, sampleS: number, cap: number): void {
    const sc = this.scenario;
    const end = sc.duration ?? estimateRun(sc).endSeconds;
    const samples = Math.floor(end / sampleS) + 2;
    if (columns * samples > cap) {
      const min = (end * columns) / cap;
      throw new CapError(
        `the time series would hold ${countText(columns * samples)} values (${countText(samples)} samples every ${sampleS} s x ${columns} columns); the cap is ${countText(cap)} values: sample every ${min < 1e-3 ? min.toExponential(1) : +min.toPrecision(2)} s or more (--sample, sampleInterval) or shorten duration`,
        'series',
      );
    }
  }

  private hostsFor(t: TrafficSpec): { src: number[]; dst: number[] } {
    const topo = this.topo;
    if (this.scenario.topology.kind === 'dumbbell') {
      const fromLeft = (t.from ?? 'left') === 'left';
      return fromLeft ? { src: topo.leftHosts, dst: topo.rightHosts } : { src: topo.rightHosts, dst: topo.leftHosts };
    }
    const idx = (name: string | undefined, field: string): number => {
      const i = topo.nodeNames.indexOf(name ?? '');
      if (i < 0) throw new Error(`traffic.${field} = "${name}" is not a node of the topology`);
      return i;
    };
    return { src: [idx(t.src, 'src')], dst: [idx(t.dst, 'dst')] };
  }

  private buildTraffic(): void {
    const sc = this.scenario;
    sc.traffic.forEach((t, at) => {
      const index = sc.trafficOrigin?.[at] ?? at;
      const d = trafficByKind(t.kind);
      if (!d) throw new Error(`traffic.${index}.kind = "${t.kind}" is unknown`);
      const { src, dst } = this.hostsFor(t);
      const cal = this.calibrations.find((c) => c.item === index);
      const item = cal ? { ...t, [cal.param]: cal.value, ...cal.fixed } : t;
      const ctx: TrafficContext = {
        sim: this.sim,
        seed: sc.seed,
        index,
        tcp: sc.tcp,
        src,
        dst,
        flows: this.flows,
        openFinite: () => {
          this.openFinite++;
        },
        finiteDone: () => this.flowFinished(),
        flowDelay: sc.topology.flowDelay,
        web: () => this.web(),
      };
      d.create(item as never, ctx);
    });
  }

  /** The run's web hub, created when the first web item asks for it. */
  private web(): WebHub {
    if (this.webHub === null) {
      const sc = this.scenario;
      const ex = this.sink.exchanges;
      const stats = new WebStats(fromSeconds(sc.warmup ?? 0), sc.stopAfterExchanges ?? Infinity, ex ? ex.bind(this.sink) : null);
      stats.onTarget = () => {
        this.sim.stopped = true;
        this.endNs = this.sim.clock;
      };
      this.webHub = new WebHub(this.sim, () => this.flows.length, stats);
    }
    return this.webHub;
  }

  get webProgress(): WebProgress | null {
    return this.webHub?.stats.progress() ?? null;
  }

  private flowFinished(): void {
    this.openFinite--;
    if (this.openFinite === 0 && this.scenario.duration === undefined) {
      this.sim.stopped = true;
      this.endNs = this.sim.clock;
    }
  }

  get now(): number {
    return this.sim.clock / NS_PER_S;
  }
  get endTime(): number {
    return this.endNs / NS_PER_S;
  }
  get done(): boolean {
    return this.finished;
  }
  get events(): number {
    return this.sim.networkEvents;
  }
  get bottleneckQueue(): string {
    return this.sim.links[this.topo.bottleneck].queue.ctx.name;
  }

  advance(untilSeconds: number, maxEvents = Infinity, stop?: () => boolean): number {
    if (this.finished) return 0;
    const t0 = performance.now();
    const until = untilSeconds === Infinity ? Infinity : fromSeconds(untilSeconds);
    const n = this.sim.run(until, maxEvents, stop);
    if (this.sim.stopped || this.sim.sched.isEmpty()) {
      this.finished = true;
      if (this.endNs === Infinity) this.endNs = this.sim.clock;
      if (this.sink.series) this.collector.sample();
      this.collector.flush();
      this.webHub?.stats.flush();
    } else if (until !== Infinity && this.sim.sched.peekTime() > until) {
      this.sim.clock = Math.max(this.sim.clock, until);
    }
    this.wallMs += performance.now() - t0;
    return n;
  }

  setParam(path: string, value: unknown): string | null {
    const live = liveParam(path);
    if (typeof live === 'string') return live;
    const spec = paramSpecAt(this.scenario, path);
    if (!spec) return `${path} is not a parameter of this scenario`;
    const err = checkParam(path, spec, value, queueUnitOf(getPath(this.scenario, splitPath(path).slice(0, -1))));
    if (err) return err;
    const links = this.sim.links;
    const fwd = links[this.topo.bottleneck];
    const rev = links[this.topo.bottleneckReverse];
    const topo = this.scenario.topology;
    const sharedQueue = topo.kind === 'dumbbell' && !topo.bottleneck.reverseQueue;
    if (live.part === 'queue' || live.part === 'reverseQueue') {
      const field = live.field as string;
      const targets = live.part === 'reverseQueue' ? [rev] : sharedQueue ? [fwd, rev] : [fwd];
      const candidate = { ...targets[0].queue.values(), [field]: value };
      const problems = aqmByKind(targets[0].queue.kind)?.check?.(candidate) ?? [];
      if (problems.length > 0) return problems.join('; ');
      for (const l of targets) l.queue.setParams({ [field]: value });
    } else {
      const v = value as number;
      for (const l of [fwd, rev]) {
        if (live.part === 'rate') l.rateBps = v;
        else if (live.part === 'delay') l.delayNs = fromSeconds(v);
        else l.lossProb = v;
      }
    }
    return null;
  }

  flush(): void {
    this.collector.flush();
    this.webHub?.stats.flush();
  }

  result(): RunResult {
    const end = this.finished ? this.endNs : this.sim.clock;
    const summary = this.collector.summary(end, this.wallMs / 1000);
    if (this.webHub !== null) summary.web = { ...this.webHub.stats.summary(), calibration: this.calibrations };
    return { version: 1, scenario: this.scenario, summary };
  }
}

/** Builds the network of a validated scenario and returns a handle to drive it. */
export function createRun(scenario: EngineScenario, sink: RunSink = {}, options: RunOptions = {}): RunHandle & { readonly sim: Simulator } {
  return new Run(scenario, sink, options);
}

/** Events between two reports of RunOptions.onCalibrationProgress (10-50 ms of work). */
export const CALIBRATION_CHUNK_EVENTS = 100_000;

/**
 * Runs a validated scenario to its end: the CLI's and the tests' entry point. With
 * `progress`, it runs in chunks of CALIBRATION_CHUNK_EVENTS events and reports the
 * simulated time after each (the same events in the same order: only when it looks changes).
 */
export function runScenario(scenario: EngineScenario, sink: RunSink = {}, options: RunOptions = {}, progress?: (simSeconds: number) => void): RunResult {
  const run = createRun(scenario, sink, options);
  if (progress === undefined) while (!run.done) run.advance(Infinity);
  else
    while (!run.done) {
      run.advance(Infinity, CALIBRATION_CHUNK_EVENTS);
      progress(run.now);
    }
  return run.result();
}
