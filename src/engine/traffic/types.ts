import type { ParamSpecs, ParamValues } from '../core/params';
import type { Simulator } from '../core/simulator';
import type { FlowEntry } from '../metrics/collector';
import type { TcpParams } from '../tcp/params';
import type { FlowDelaySpec } from './flow-delay';
import type { WebHub } from './web';

/**
 * Traffic sources are plug-ins like the AQMs: each kind is one file in src/engine/traffic
 * exporting a descriptor `{ kind, label, doc, params, create }` and one line in
 * registry.ts. The scenario tree (and from it the schema, the URL codec, --set, the
 * editor and the docs) is generated from the declarations.
 */

/** Where a traffic item's endpoints are: a dumbbell side (`from`) or named nodes (`src`, `dst`). */
export interface TrafficEndpoints {
  from?: 'left' | 'right';
  src?: string;
  dst?: string;
}

/**
 * A validated traffic item as the engine reads it: its kind, endpoints, declared
 * parameters (the optional ones `O` possibly absent) and an optional TCP override.
 */
export type TrafficItemOf<P extends ParamSpecs, O extends string = never> = { kind: string } & TrafficEndpoints & Omit<ParamValues<P>, O> & Partial<Pick<ParamValues<P>, O & keyof P>> & { tcp?: Partial<TcpParams> };

/** What a traffic source may use to build itself. */
export interface TrafficContext {
  readonly sim: Simulator;
  readonly seed: number;
  /** Index of the item in scenario.traffic (names its random streams, e.g. `udp:3`). */
  readonly index: number;
  /** Scenario-wide TCP parameters (the item's own `tcp` override is not merged in). */
  readonly tcp: TcpParams;
  /** Hosts that send (dumbbell: the `from` side; general topology: `src`) and that receive. */
  readonly src: readonly number[];
  readonly dst: readonly number[];
  /**
   * Flows reported one by one in the summary and the charts. A flow's id is its index
   * here: take `flows.length` as the id of the flow about to be pushed.
   */
  readonly flows: FlowEntry[];
  /** A finite flow starts / has finished: a run without a duration ends when every finite flow has. */
  openFinite(): void;
  finiteDone(): void;
  /** The per-flow extra delay of the topology (DelayBox), drawn per flow or per web connection. */
  readonly flowDelay: FlowDelaySpec | undefined;
  /** The run's web connections and response-time statistics (created on first use). */
  web(): WebHub;
}

/** What a traffic kind's rules may read of the whole scenario. */
export interface ScenarioView {
  duration?: number;
  warmup?: number;
  stopAfterExchanges?: number;
  tcp: TcpParams;
}

/**
 * Memory of one open web connection (its TCP sender and receiver, their buffers and the
 * exchange's records), bytes: measured 4.6-6.7 KB as the live heap of overloaded runs
 * divided by the connections open (packmime at 2x and 4x the link, web-sessions at 2x;
 * 2026-11-25), doubled to stay on the safe side of the app's question and the CLI's cap.
 */
export const BYTES_PER_OPEN_CONNECTION = 12_000;

/**
 * Connections of an open-loop source (started whatever the earlier ones do) still open at
 * the end of `span` seconds when it offers `rho` times what its path carries: the excess
 * of the arrival rate `rate` (per s) over the completion rate, rate x (1 - 1/rho), piles up.
 */
export function overloadBacklog(rate: number, rho: number, span: number): number {
  return rho > 1 ? rate * (1 - 1 / rho) * span : 0;
}

/** A rough size of the work an item causes, for run-size estimates (src/engine/estimate.ts). */
export interface TrafficEstimate {
  /** Packets the item puts on the network over the run (data and ACKs). */
  packets: number;
  /** Most flows open at once. */
  flows: number;
  /** Network events the item causes, if the kind can tell better than packets x hops (estimate.ts). */
  events?: number;
  /** Web kinds: the request/response exchanges the item starts over the whole run, if it can tell better than exchangeRate x time (estimate.ts counts each one's CPU). */
  exchanges?: number;
  /** Most packets of the item alive at once (queued or on the wire), if known. */
  packetsInFlight?: number;
  /** Memory the item's own objects take (sources, sinks, connections), bytes, if known. */
  memoryBytes?: number;
  /**
   * Columns the item adds to the time series, if not 5 per flow (a TCP flow's cwnd.i,
   * ssthresh.i, acked.i, rtt.i, goodput.i): a UDP flow has 2, web connections none (they
   * are not sampled one by one; their `flows` above are connections open at once).
   */
  seriesColumns?: number;
}

/** What a kind's estimate may use: the scenario's timing and the path its packets take. */
export interface TrafficEstimateContext {
  duration?: number;
  tcp: TcpParams;
  /** When the run is expected to end, s: `duration`, or when the finite transfers should be done. */
  endSeconds: number;
  /**
   * What the item can get through its path, bits/s: the rate of the slowest link on it,
   * times the item's share of the flows crossing that link (for items with `flows`), or,
   * for UDP sources that together send more than it carries, its share by rate.
   */
  pathRate: number;
  /** Rate of the first link of the path (a host's access link), bits/s. */
  firstHopRate: number;
  /** Links a packet crosses from source to destination. */
  hops: number;
  /** Round-trip propagation delay of the path (no queueing), s. */
  rtt: number;
  /** Random loss probability of the path (sum over its links). */
  loss: number;
  /** The bottleneck queue's limit in packets (a byte limit over 1500 B), for the windows its flows get. */
  bufferPackets?: number;
  /** The bottleneck queue's limit in bytes when it counts bytes (undefined when it counts packets): how many small packets it holds. */
  bufferBytes?: number;
}

export interface TrafficDescriptor<P extends ParamSpecs = ParamSpecs, O extends string = string> {
  kind: string;
  label: string;
  doc: string;
  params: P;
  /**
   * Parameters that may be left out, each with what absence means ("unlimited
   * (long-lived flow)"); absent ones stay absent instead of being filled with a default.
   */
  optional?: Readonly<Record<O, string>>;
  /** The item has the dumbbell `from` field (default true); kinds that place both ends themselves set false. */
  from?: boolean;
  /** The item may carry a `tcp` object overriding scenario-wide TCP parameters. */
  tcpOverride?: boolean;
  /** Cross-field rules; each message starts with the field's dotted path (`path` = "traffic.3"). */
  check?(item: TrafficItemOf<P, O>, path: string): string[];
  /**
   * Why this item needs the scenario's `duration` (it would never end by itself) and what
   * else would do, completing "duration: required because ..."; null if it ends by itself.
   * Use needsDurationText.
   */
  needsDuration?(item: TrafficItemOf<P, O>, path: string, scenario: ScenarioView): string | null;
  /**
   * Kinds with an offered `load` parameter: the parameter the calibration sets (e.g.
   * "rate"), a first guess of it for `bitsPerSecond` of offered load, and the bottleneck
   * directions the item's responses load (0 forward, 1 reverse). See calibrate.ts.
   */
  calibration?: {
    param: 'rate' | 'users' | 'sessions';
    integer?: boolean;
    guess(item: TrafficItemOf<P, O>, bitsPerSecond: number): number;
    /** Item fields to hold at their value for the first guess while the calibration varies the parameter. */
    fix?(guess: number): Record<string, number>;
    directions(item: TrafficItemOf<P, O>): (0 | 1)[];
  };
  /**
   * The version of the kind's workload model, for the load calibrations' cache keys
   * (calibrate.ts, calibrationKey): a change that moves what items of this kind offer bumps
   * it, so that their cached and shipped calibrations are not reused while every other
   * model's stay valid (CALIBRATION_VERSION is for changes to all of them). Undefined, or
   * no function: the model as it was at CALIBRATION_VERSION, and the key as it was.
   */
  modelVersion?(item: TrafficItemOf<P, O>): number | undefined;
  /**
   * Rough work estimate for run-size checks (src/engine/estimate.ts): packets, flows and,
   * when the kind knows better than the generic rule, events. Kinds without one are
   * estimated as nothing (say so in the kind's docs) - give every kind one.
   */
  estimate?(item: TrafficItemOf<P, O>, ctx: TrafficEstimateContext): TrafficEstimate;
  /** Web kinds: request/response exchanges completed per second on average, on a bottleneck of `capacity` bits/s (run-length estimates). */
  exchangeRate?(item: TrafficItemOf<P, O>, capacity: number): number;
  /** Builds the item's sources and sinks in the simulator. */
  create(item: TrafficItemOf<P, O>, ctx: TrafficContext): void;
}

/** Identity helper that keeps a descriptor's parameter types. */
export function defineTraffic<P extends ParamSpecs, O extends keyof P & string = never>(d: TrafficDescriptor<P, O>): TrafficDescriptor<P, O> {
  return d;
}

/** Any traffic descriptor, as the registry holds them. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyTrafficDescriptor = TrafficDescriptor<any, any>;

/** "<why>; give duration in seconds (> 0 to 1000000 s) or <alternatives>". */
export function needsDurationText(why: string, alternatives: readonly string[]): string {
  return `${why}; give duration in seconds (> 0 to 1000000 s)${alternatives.length ? ` or ${alternatives.join(' or ')}` : ''}`;
}
