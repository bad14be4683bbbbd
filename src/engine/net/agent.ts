import type { PacketPool } from './packet';

/**
 * An endpoint attached to a node: a TCP sender or receiver, a UDP source or sink.
 * The simulator calls `recv` for every packet addressed to the agent and frees the
 * packet when `recv` returns (an agent copies what it needs, never keeps the index).
 */
export interface Agent {
  /** Set by the simulator when the agent is added. */
  id: number;
  /** Node the agent lives on. */
  node: number;
  recv(p: number, now: number): void;
  /** A timer set through Net.setTimer fired. `kind` is the agent's own small integer (0..15). */
  onTimer(kind: number, now: number): void;
}

/** What an agent may ask of the network. */
export interface Net {
  readonly pool: PacketPool;
  /** Current simulation time, integer ns. */
  now(): number;
  /**
   * Sends packet p from `fromNode`. The caller fills size, flow, flags, seq/ack, ecn,
   * dst and agent (the receiving agent's id); the network routes it hop by hop.
   */
  send(fromNode: number, p: number): void;
  /** Calls agent.onTimer(kind) at time `at` (ns); returns a handle for cancelTimer. */
  setTimer(agent: Agent, kind: number, at: number): number;
  cancelTimer(handle: number): void;
  /** Optional trace of endpoint events (ECE seen, window cut, fast retransmit...); null unless asked for. */
  readonly flowEvents: FlowEventSink | null;
}

/** Endpoint events that explain what a sender did; recorded only when a consumer asks. */
export type FlowEventKind =
  | 'syn-sent'
  | 'established'
  | 'ece-received' // an ACK carrying ECN-Echo reached the sender
  | 'ecn-cut' // the sender reduced cwnd because of ECE (once per window)
  | 'cwr-sent' // the sender set CWR on a data segment
  | 'ce-received' // the receiver got a CE-marked segment and will echo ECE
  | 'dupack'
  | 'fast-retransmit'
  | 'partial-ack'
  | 'recovery-exit'
  | 'timeout'
  | 'ecn-stall-end' // ecnSmallWindow "ns2": the stall after an ECN response at cwnd < 2 ended on the timer, nothing outstanding
  | 'retransmit'
  | 'limited-transmit' // a new segment sent on the 1st or 2nd duplicate ACK (RFC 3042)
  | 'complete';

export interface FlowEvent {
  /** Simulation time, seconds. */
  t: number;
  flow: number;
  kind: FlowEventKind;
  /** Sequence/ack number the event concerns (bytes), if any. */
  seq?: number;
  /** Window state right after the event, in segments. */
  cwnd?: number;
  ssthresh?: number;
  /** Free text with the numbers in, e.g. "3rd duplicate ACK for 14600". */
  note?: string;
}

export interface FlowEventSink {
  flowEvent(e: FlowEvent): void;
}
