import type { FlowSummary, QueueSummary } from '../engine/metrics/types';

/**
 * What an exported script prints: the engine's Summary field names, with null where the
 * ns-2 monitors have no equivalent (see the `summary` note in every script) and one
 * extra count, dropsNotEarly (overflow + forced drops together).
 */
type Nullable<T> = { [K in keyof T]: T[K] | null };

export type Ns2QueueSummary = Nullable<QueueSummary> & { dropsNotEarly: number };

export interface Ns2Result {
  simulator: string;
  simulatedSeconds: number;
  warmup: number;
  bottleneck: Ns2QueueSummary;
  bottleneckReverse: Ns2QueueSummary;
  flows: FlowSummary[];
  goodputEfficiency: number | null;
  fairness: { jain: number };
  /** With PackMime web traffic: the exchanges completed after the warm-up and their response times (s). */
  web?: { exchanges: number; responseTime: { mean: number; p10: number; p25: number; p50: number; p75: number; p90: number; p99: number } | null };
}

/** The last JSON line of ns-2's stdout (ns-2 may print warnings before it), or null. */
export function parseNs2Output(stdout: string): Ns2Result | null {
  const lines = stdout.split('\n').filter((l) => l.startsWith('{"simulator"'));
  if (lines.length === 0) return null;
  try {
    return JSON.parse(lines[lines.length - 1]) as Ns2Result;
  } catch {
    return null;
  }
}
