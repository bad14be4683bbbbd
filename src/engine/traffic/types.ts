import type { ParamSpecs, ParamValues } from '../core/params';
import type { Simulator } from '../core/simulator';
import type { FlowEntry } from '../metrics/collector';
import type { TcpParams } from '../tcp/params';

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
}

/** A rough size of the work an item causes, for run-size estimates (src/engine/estimate.ts). */
export interface TrafficEstimate {
  /** Packets the item puts on the network over the run (data and ACKs). */
  packets: number;
  /** Most flows open at once. */
  flows: number;
  /** Network events the item causes, if the kind can tell better than packets x hops (estimate.ts). */
  events?: number;
  /** Most packets of the item alive at once (queued or on the wire), if known. */
  packetsInFlight?: number;
  /** Memory the item's own objects take (sources, sinks, connections), bytes, if known. */
  memoryBytes?: number;
}

/** What a kind's estimate may use: the scenario's timing and the path its packets take. */
export interface TrafficEstimateContext {
  duration?: number;
  tcp: TcpParams;
  /** When the run is expected to end, s: `duration`, or when the finite transfers should be done. */
  endSeconds: number;
  /**
   * What the item can get through its path, bits/s: the rate of the slowest link on it,
   * times the item's share of the flows crossing that link (for items with `flows`).
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
  /** Why this item needs the scenario's `duration` (it would never end by itself), or null. */
  needsDuration?(item: TrafficItemOf<P, O>, path: string): string | null;
  /**
   * Rough work estimate for run-size checks (src/engine/estimate.ts): packets, flows and,
   * when the kind knows better than the generic rule, events. Kinds without one are
   * estimated as nothing (say so in the kind's docs) - give every kind one.
   */
  estimate?(item: TrafficItemOf<P, O>, ctx: TrafficEstimateContext): TrafficEstimate;
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
