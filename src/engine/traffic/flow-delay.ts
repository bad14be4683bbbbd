import type { Rng } from '../core/rng';
import { samplePackMimeRtt } from './packmime-model';

/**
 * Per-flow extra one-way delay (ns-2 DelayBox, seeds/000 §5.1): every flow (each bulk
 * flow, each web connection) draws its own delay, added on the host access links in both
 * directions, so the flow's round-trip time grows by twice the draw.
 *  - constant: `value` s;
 *  - uniform: uniform in [min, max] s (seeds/002 and seeds/003: RTTs uniform 10-150 ms,
 *    i.e. one-way 5-75 ms);
 *  - empirical: inverse CDF through `points` [[delay s, cumulative probability], ...];
 *  - packmime: ns-2.35's DelayBox set-up for PackMime (a client-side and a server-side
 *    round-trip contribution from the model's tables, packmime-data.ts); one-way = half
 *    their sum;
 *  - list: fixed groups, no randomness for the long-lived flows: flow i (flow order) gets
 *    `values[i mod n]` (flowDelays), so [0.005, 0.075] makes even flows short-RTT and odd
 *    flows long-RTT whatever the seed (the RTT-unfairness set-up). A web connection, which
 *    has no fixed place in that order, draws one of the values at random, each equally
 *    likely (drawFlowDelay).
 */
export type FlowDelaySpec =
  | { kind: 'constant'; value: number }
  | { kind: 'uniform'; min: number; max: number }
  | { kind: 'empirical'; points: [number, number][] }
  | { kind: 'packmime' }
  | { kind: 'list'; values: number[] };

/**
 * One draw of the extra one-way delay, seconds (0 without a spec): a web connection's. For
 * `list` that is one of the values, each equally likely (the fixed flows take them in turn
 * instead, flowDelays in sim-run.ts).
 */
export function drawFlowDelay(spec: FlowDelaySpec | undefined, rng: Rng): number {
  if (!spec) return 0;
  switch (spec.kind) {
    case 'constant':
      return spec.value;
    case 'uniform':
      return rng.range(spec.min, spec.max);
    case 'empirical': {
      // inverse CDF with linear interpolation between the table's points
      const u = rng.uniform();
      const pts = spec.points;
      let prevX = pts[0][0];
      let prevP = 0;
      for (const [x, p] of pts) {
        if (u <= p) return p > prevP ? prevX + ((x - prevX) * (u - prevP)) / (p - prevP) : x;
        prevX = x;
        prevP = p;
      }
      return pts[pts.length - 1][0];
    }
    case 'packmime':
      return samplePackMimeRtt(rng) / 2;
    case 'list':
      return spec.values[Math.min(rng.int(spec.values.length), spec.values.length - 1)];
  }
}

/**
 * seeds/000's round-trip times as one-way delays (s) for `empirical`: a piecewise-linear
 * CDF through knots chosen to give the four statistics the paper quotes (§5.1: RTTs from
 * 1 ms to 3.5 s, median 54 ms, mean 74 ms, 90th percentile 117 ms); the paper does not
 * publish its table. Values are half the RTT (DelayBox adds the delay in each direction),
 * so use it with link delays near zero.
 */
export const SEEDS000_RTT_POINTS: [number, number][] = [
  [0.0005, 1e-9],
  [0.005, 0.05],
  [0.015, 0.2],
  [0.027, 0.5],
  [0.04, 0.75],
  [0.0585, 0.9],
  [0.08, 0.95],
  [0.125, 0.985],
  [0.4, 0.997],
  [1.75, 1],
];
