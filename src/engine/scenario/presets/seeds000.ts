import { SEEDS000_RTT_POINTS } from '../../traffic/flow-delay';
import type { PresetSource } from './types';

// ---- seeds/000 (SACK, (Adaptive) RED and ECN on two-way HTTP traffic) --------------------

/**
 * seeds/000 Table 2 as TCP parameters: initial window 2, 10 ms tick, minimum RTO 1 s,
 * initial RTO 6 s, RFC 2988 RTT estimation, no delayed ACK, MSS 1420 bytes; the send
 * window is the bandwidth-delay product, 74 packets (§5.1), i.e. 74 segments here.
 * Headers: 40 bytes per segment (ns-2 FullTcp's header size); SACK blocks ride free.
 */
export const SEEDS000_TCP = {
  variant: 'reno',
  mss: 1420,
  headerBytes: 40,
  ackBytes: 40,
  initialCwnd: 2,
  tick: 0.01,
  minRto: 1,
  initialRto: 6,
  delayedAck: false,
  rwnd: 74 * 1420,
} as const;

/** The queue settings of seeds/000 Table 1 that need no adaptive RED: drop-tail at 1.5 and 2 BDP. */
export const SEEDS000_DROPTAIL = {
  'dt-111q': { kind: 'droptail', limit: 111, unit: 'packets' },
  'dt-148q': { kind: 'droptail', limit: 148, unit: 'packets' },
} as const;

/**
 * The seeds/000 network: two PackMime clouds joined by a 10 Mb/s bottleneck; each cloud
 * is one host here (PackMime's cloud node), on a 100 Mb/s access link. All propagation
 * delay is in the per-connection DelayBox draw (§5.1: "RTTs ... represent only
 * propagation delay"), from the paper's RTT statistics; links add none.
 */
export function seeds000Json(opts: { queue: Record<string, unknown>; variant: 'reno' | 'sack'; load: number; seed?: number; warmup: number; duration?: number; exchanges?: number; direction?: 'both' | 'forward' }): Record<string, unknown> {
  return {
    version: 1,
    seed: opts.seed ?? 1,
    ...(opts.duration !== undefined ? { duration: opts.duration } : {}),
    warmup: opts.warmup,
    ...(opts.exchanges !== undefined ? { stopAfterExchanges: opts.exchanges } : {}),
    topology: {
      kind: 'dumbbell',
      bottleneck: { rate: 10e6, delay: 0, queue: opts.queue },
      left: { hosts: 1, rate: 100e6, delay: 0 },
      right: { hosts: 1, rate: 100e6, delay: 0 },
      flowDelay: { kind: 'empirical', points: SEEDS000_RTT_POINTS },
    },
    tcp: { ...SEEDS000_TCP, variant: opts.variant },
    traffic: [{ kind: 'packmime', direction: opts.direction ?? 'both', load: opts.load }],
  };
}

export function seeds000Presets(): PresetSource[] {
  return [
    {
      name: 'web-dt148-80',
      title: 'Web traffic: response times at 80 % load, drop-tail',
      paper: 'seeds/000 §6.1, Fig. 8',
      group: 'lesson',
      lesson:
        'Two-way PackMime web traffic (many short HTTP exchanges, a few long ones) at 80 % offered load over a 10 Mb/s link with a 148-packet drop-tail queue (2 x BDP), TCP as in seeds/000 Table 2. Watch the response-time CDF grow beside the uncongested baseline (the same connections on a link 10x faster); hover over it to read how many responses finish within a time. 150 s here instead of the paper\'s 250,000 exchanges (bench-seeds000-full).',
      json: seeds000Json({ queue: SEEDS000_DROPTAIL['dt-148q'], variant: 'reno', load: 0.8, warmup: 30, duration: 150 }),
    },
    {
      name: 'bench-seeds000-full',
      title: 'Benchmark: seeds/000 at full scale (250,000 exchanges)',
      paper: 'seeds/000 §5.4',
      group: 'bench',
      lesson:
        'The full seeds/000 experiment: two-way PackMime HTTP at 80 % offered load over a 10 Mb/s drop-tail link (148 packets), Reno, Table 2 TCP; statistics from the end of a 120 s warm-up until 250,000 request/response exchanges have completed (about 20 simulated minutes).',
      json: seeds000Json({ queue: SEEDS000_DROPTAIL['dt-148q'], variant: 'reno', load: 0.8, warmup: 120, exchanges: 250_000 }),
    },
  ];
}
