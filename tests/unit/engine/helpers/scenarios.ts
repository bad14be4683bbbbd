import { defaultsOf } from '../../../../src/engine/core/params';
import type { EngineScenario, TrafficSpec } from '../../../../src/engine/sim-run';
import { TCP_PARAMS, type TcpParams } from '../../../../src/engine/tcp/params';

/** A dumbbell scenario for analytic checks, with every field explicit. */
export function dumbbell(opts: {
  rate: number;
  delay: number;
  loss?: number;
  queue?: Record<string, unknown> & { kind: string };
  accessRate?: number;
  accessDelay?: number;
  left?: number;
  right?: number;
  tcp?: Partial<TcpParams>;
  traffic: TrafficSpec[];
  duration?: number;
  seed?: number;
}): EngineScenario {
  return {
    seed: opts.seed ?? 1,
    duration: opts.duration,
    topology: {
      kind: 'dumbbell',
      bottleneck: { rate: opts.rate, delay: opts.delay, loss: opts.loss ?? 0, queue: opts.queue ?? { kind: 'droptail', limit: 100000 } },
      left: { hosts: opts.left ?? 1, rate: opts.accessRate ?? 1e9, delay: opts.accessDelay ?? 0.001 },
      right: { hosts: opts.right ?? 1, rate: opts.accessRate ?? 1e9, delay: opts.accessDelay ?? 0.001 },
    },
    tcp: { ...defaultsOf(TCP_PARAMS), ...(opts.tcp ?? {}) },
    traffic: opts.traffic,
  };
}

export const bulk = (flows: number, bytes?: number, extra: Partial<Extract<TrafficSpec, { kind: 'bulk' }>> = {}): TrafficSpec => ({
  kind: 'bulk',
  from: 'left',
  flows,
  bytes,
  start: 0,
  startSpread: 0,
  ...extra,
});
