import type { Summary } from '../../metrics/types';
import { SEEDS000_RTT_POINTS } from '../../traffic/flow-delay';
import { claim, claimOf, percent, type Claim, type PresetSource } from './types';

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
 * seeds/000 Table 1's adaptive RED settings: ARED with a 5 ms or 60 ms target delay on
 * this 10 Mb/s link (automatic thresholds from 1250-byte mean packets: (5, 15) and
 * (30, 90) packets; automatic w_q; gentle; max_p adapted in [0.01, 0.5] every 500 ms;
 * buffer 5 x BDP so ARED alone decides), with or without ECN.
 */
export function seeds000Red(target: 5 | 60, ecn: boolean): Record<string, unknown> {
  return { kind: 'ared', limit: 370, unit: 'packets', targetDelay: target / 1000, meanPktSize: 1250, ecn };
}

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
    tcp: { ...SEEDS000_TCP, variant: opts.variant, ecn: opts.queue.ecn === true },
    traffic: [{ kind: 'packmime', direction: opts.direction ?? 'both', load: opts.load }],
  };
}

/** seeds/000 §5.4's offered loads (percent of 10 Mb/s). */
export const SEEDS000_LOADS = [50, 60, 70, 80, 85, 90, 95, 100, 105] as const;

/**
 * The load family of seeds/000 (§5.4, §6.6, Figs. 8-21): the six queue settings of Tables 1
 * and 4 (DT-111q, DT-148q, ARED-5 ms, ARED-60 ms, ARED + ECN-5 ms, ARED + ECN-60 ms; ARED
 * in packet mode as Table 3) at every offered load of §5.4, Reno (SACK: --set
 * tcp.variant=sack), the lessons' 200 s after a 30 s warm-up. Named
 * web-load-<queue>-<load>, so `npm run sweep -- 'web-load-dt148-*' 'web-load-redecn5-*'`
 * runs the drop-tail against ARED + ECN grid (docs/web.md lists what it gives).
 */
function seeds000LoadGrid(): PresetSource[] {
  const queues = [
    { key: 'dt111', label: 'DT-111q', queue: SEEDS000_DROPTAIL['dt-111q'] },
    { key: 'dt148', label: 'DT-148q', queue: SEEDS000_DROPTAIL['dt-148q'] },
    { key: 'red5', label: 'ARED-5 ms', queue: seeds000Red(5, false) },
    { key: 'red60', label: 'ARED-60 ms', queue: seeds000Red(60, false) },
    { key: 'redecn5', label: 'ARED + ECN-5 ms', queue: seeds000Red(5, true) },
    { key: 'redecn60', label: 'ARED + ECN-60 ms', queue: seeds000Red(60, true) },
  ];
  return queues.flatMap((q) =>
    SEEDS000_LOADS.map((load) => ({
      name: `web-load-${q.key}-${load}`,
      title: `seeds/000 load grid: ${q.label} at ${load} % load`,
      paper: 'seeds/000 §5.4, §6.6',
      group: 'web-load' as const,
      lesson: `Two-way PackMime web traffic at ${load} % offered load over 10 Mb/s, ${q.label}, Reno, TCP of Table 2 (one point of the seeds/000 load grid; ${SHORT}).`,
      json: seeds000Json({ queue: q.queue, variant: 'reno', ...LESSON, load: load / 100 }),
    })),
  );
}

export function seeds000Presets(): PresetSource[] {
  return [
    ...seeds000Lessons(),
    ...seeds000LoadGrid(),
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

/** Fraction of responses completed within t seconds (from the summary's CDF points). */
export function within(s: Summary, t: number): number {
  const p = s.web?.cdf.find(([x]) => x === t);
  return p ? p[1] : NaN;
}

const ms = (x: number) => `${(x * 1000).toFixed(0)} ms`;

/** The load, queue and how long the seeds/000 lessons run: 80 % load, 200 s after a 30 s warm-up, seed 3. */
const LESSON = { load: 0.8, warmup: 30, duration: 230, seed: 3 } as const;
const SHORT = `${LESSON.duration - LESSON.warmup} s after a ${LESSON.warmup} s warm-up instead of the paper's 250,000 exchanges (the full run is the bench-seeds000-full preset)`;

/*
 * The mean of both directions' utilization moves with the seed (heavy-tailed responses: the
 * calibration holds the fast link's, not this link's): web-dt148-80 at seeds 1-5 80.3, 75.0,
 * 80.6, 81.6, 82.0 %; web-redecn60-80 79.1, 74.9, 79.0, 80.3, 81.4 %. Hence 70 %, not 75 %.
 */
function busy(lo: number, hi: number): Claim {
  return claimOf(`The link carries about the offered load: ${percent(lo, 0)} to ${percent(hi, 0)} busy on average over the two directions.`, (s) => {
    const a = s.bottleneck.utilization;
    const b = s.bottleneckReverse.utilization;
    return { pass: (a + b) / 2 > lo && (a + b) / 2 < hi, measured: `${percent(a)} one way, ${percent(b)} the other` };
  });
}

function seeds000Lessons(): PresetSource[] {
  const base = { group: 'lesson' as const };
  return [
    {
      ...base,
      name: 'web-dt148-80',
      title: 'Web traffic at 80 % load, drop-tail',
      paper: 'seeds/000 §6.1, Fig. 8',
      lesson: `Two-way PackMime web traffic (many short HTTP exchanges, a few long ones) at 80 % offered load over a 10 Mb/s link with a 148-packet drop-tail queue (2 x BDP), Reno, TCP as in seeds/000 Table 2. Watch the response-time CDF grow beside the uncongested baseline (the same connections on a link 10x faster); point at it to read how many responses finish within a time. Compare, “this lesson’s family”, overlays it with SACK and adaptive RED with and without ECN at this load, as Figs. 8-9 do. ${SHORT}.`,
      claims: [
        busy(0.7, 0.92),
        // mean queue at seeds 1-5: 38.3, 29.3, 59.4, 45.6, 47.1 packets
        claim('The drop-tail queue is long: more than 25 packets on average (over 25 ms of waiting).', (s) => s.bottleneck.meanQueuePackets, (q) => q > 25, (q) => `${q.toFixed(1)} packets`),
        claim('Most responses are short: more than half complete within 300 ms.', (s) => within(s, 0.3), (f) => f > 0.5, (f) => `${percent(f)} within 300 ms`),
        claim('Few exchanges lose a packet: under 15 %.', (s) => s.web?.flowsWithLoss ?? NaN, (f) => f < 0.15, (f) => `${percent(f)} saw a drop`),
      ],
      json: seeds000Json({ queue: SEEDS000_DROPTAIL['dt-148q'], variant: 'reno', ...LESSON }),
    },
    {
      ...base,
      name: 'web-dt148-80-sack',
      title: 'Web traffic at 80 % load, drop-tail, SACK',
      paper: 'seeds/000 §6.4, Figs. 16 and 18',
      lesson: `The drop-tail lesson with SACK instead of Reno. Most HTTP responses are a few segments long: a loss in them is repaired by a timeout whatever the recovery algorithm, so SACK can only help the long ones. Compare with the Reno lesson (Compare, "Web traffic at 80 % load, drop-tail"). ${SHORT}.`,
      claims: [busy(0.7, 0.92), claim('Most responses are short: more than half complete within 300 ms.', (s) => within(s, 0.3), (f) => f > 0.5, (f) => `${percent(f)} within 300 ms`)],
      json: seeds000Json({ queue: SEEDS000_DROPTAIL['dt-148q'], variant: 'sack', ...LESSON }),
    },
    {
      ...base,
      name: 'web-red5-80',
      title: 'Web traffic at 80 % load, adaptive RED with a 5 ms target, no ECN',
      paper: 'seeds/000 §6.2, Figs. 9-10',
      lesson: `Adaptive RED with a 5 ms target (min_th 5, max_th 15 packets on this link, gentle, max_p adapted every 500 ms) drops early to keep the queue short. Short responses gain; but a dropped packet of a short response (often its only one, or its SYN) can only be repaired by a timeout: watch the CDF stall until the 1 s minimum RTO and jump after it. ${SHORT}.`,
      claims: [
        claim('The queue stays short: under 15 packets on average.', (s) => s.bottleneck.meanQueuePackets, (q) => q < 15, (q) => `${q.toFixed(1)} packets`),
        // within 200 ms at seeds 1-5: web-red5-80 41.1, 45.7, 42.4, 43.6, 37.3 %; web-redecn5-80 42.4, 47.5,
        // 44.1, 44.3, 37.1 %; drop-tail (web-dt148-80) 30.6, 35.6, 27.4, 25.8, 28.8 %
        claim('Short responses finish sooner than with drop-tail: more than 36 % within 200 ms.', (s) => within(s, 0.2), (f) => f > 0.36, (f) => `${percent(f)} within 200 ms`),
        claimOf('Then the CDF stalls until the 1 s minimum RTO: under 5 % of responses complete between 0.5 s and 1 s, more than 8 % between 1 s and 1.5 s.', (s) => {
          const a = within(s, 1) - within(s, 0.5);
          const b = within(s, 1.5) - within(s, 1);
          return { pass: a < 0.05 && b > 0.08, measured: `${percent(a)} between 0.5 and 1 s, ${percent(b)} between 1 and 1.5 s` };
        }),
        claim('More than a quarter of the exchanges lose a packet.', (s) => s.web?.flowsWithLoss ?? NaN, (f) => f > 0.25, (f) => `${percent(f)} saw a drop`),
        claim('The link is less busy than with drop-tail: under 80 %.', (s) => s.bottleneck.utilization, (u) => u < 0.8, (u) => `${percent(u)} busy`),
      ],
      json: seeds000Json({ queue: seeds000Red(5, false), variant: 'reno', ...LESSON }),
    },
    {
      ...base,
      name: 'web-redecn5-80',
      title: 'Web traffic at 80 % load, adaptive RED + ECN with a 5 ms target',
      paper: 'seeds/000 §6.3 and §6.5, Figs. 13 and 19',
      lesson: `The 5 ms adaptive RED lesson with ECN, in packet mode as seeds/000 Table 3 says: every packet meets the same probability, whatever its size. Data segments are marked instead of dropped (unless the average is above max_th), but SYNs, SYN-ACKs and pure ACKs cannot carry a mark (only data is ECN-capable): RED drops them with the probability with which it marks data, and a lost SYN or SYN-ACK waits for the 6 s initial RTO. Short responses still gain over drop-tail; the slowest sixth wait more than 5 s. ns-2.35 run on the exported script shows the same (docs/web.md); the paper describes a milder trade-off, which the byte-mode lesson reproduces. ${SHORT}.`,
      claims: [
        claim('The queue stays short: under 15 packets on average.', (s) => s.bottleneck.meanQueuePackets, (q) => q < 15, (q) => `${q.toFixed(1)} packets`),
        claimOf('More packets are dropped early than marked: the SYNs and pure ACKs that cannot carry a mark are dropped instead.', (s) => {
          const b = s.bottleneck;
          return { pass: b.dropsEarly > b.marks, measured: `${b.dropsEarly} early drops, ${b.marks} marks` };
        }),
        // within 200 ms at seeds 1-5: web-red5-80 41.1, 45.7, 42.4, 43.6, 37.3 %; web-redecn5-80 42.4, 47.5,
        // 44.1, 44.3, 37.1 %; drop-tail (web-dt148-80) 30.6, 35.6, 27.4, 25.8, 28.8 %
        claim('Short responses finish sooner than with drop-tail: more than 36 % within 200 ms.', (s) => within(s, 0.2), (f) => f > 0.36, (f) => `${percent(f)} within 200 ms`),
        claim('A lost SYN or SYN-ACK costs the 6 s initial RTO: more than 8 % of responses take longer than 5 s.', (s) => 1 - within(s, 5), (f) => f > 0.08, (f) => `${percent(f)} beyond 5 s`),
        claim('Long responses suffer: responses above 50 KB take a median of more than 1.5 s.', (s) => s.web?.largeResponses.responseTime?.p50 ?? NaN, (t) => t > 1.5, (t) => `median ${ms(t)}`),
      ],
      json: seeds000Json({ queue: seeds000Red(5, true), variant: 'reno', ...LESSON }),
    },
    {
      ...base,
      name: 'web-redecn5-80-byte',
      title: 'Web traffic at 80 % load, adaptive RED + ECN (5 ms) in byte mode',
      paper: 'seeds/000 §6.5, Fig. 19; seeds/002 eq. 3',
      lesson: `The 5 ms adaptive RED + ECN lesson in byte mode: a packet's probability is scaled by its size over the 1250-byte mean, so a 40-byte SYN or ACK is dropped about 35 times less often than a full 1460-byte data segment is marked. The SYN timeouts of the packet-mode lesson disappear, and the trade-off of seeds/000 §6.5 appears as the paper describes it: most responses finish sooner than with drop-tail, and only the long ones lose. Compare it with the drop-tail and packet-mode lessons. ${SHORT}.`,
      claims: [
        claim('The queue stays short: under 15 packets on average.', (s) => s.bottleneck.meanQueuePackets, (q) => q < 15, (q) => `${q.toFixed(1)} packets`),
        claimOf('Marks now outnumber early drops: small control packets are rarely dropped.', (s) => {
          const b = s.bottleneck;
          return { pass: b.marks > 2 * b.dropsEarly, measured: `${b.marks} marks, ${b.dropsEarly} early drops` };
        }),
        claim('Short responses finish sooner than with drop-tail: more than 45 % within 200 ms.', (s) => within(s, 0.2), (f) => f > 0.45, (f) => `${percent(f)} within 200 ms`),
        claim('Few exchanges lose a packet: under 10 %.', (s) => s.web?.flowsWithLoss ?? NaN, (f) => f < 0.1, (f) => `${percent(f)} saw a drop`),
        claim('Hardly any response waits for the 6 s initial RTO: under 2 % take longer than 5 s.', (s) => 1 - within(s, 5), (f) => f < 0.02, (f) => `${percent(f)} beyond 5 s`),
        claim('Long responses still lose: responses above 50 KB take a median of more than 1.5 s.', (s) => s.web?.largeResponses.responseTime?.p50 ?? NaN, (t) => t > 1.5, (t) => `median ${ms(t)}`),
      ],
      json: seeds000Json({ queue: { ...seeds000Red(5, true), mode: 'byte' }, variant: 'reno', ...LESSON }),
    },
    {
      ...base,
      name: 'web-redecn60-80',
      title: 'Web traffic at 80 % load, adaptive RED + ECN with a 60 ms target',
      paper: 'seeds/000 §6.3, Figs. 13 and 19',
      lesson: `Adaptive RED + ECN with a 60 ms target (min_th 30, max_th 90 packets): the queue is allowed to grow, and the response times come close to drop-tail's ("at all loads there is little difference between drop-tail and ARED with ECN and a 60 ms target"). Not everything is as under drop-tail: whenever the average passes max_th RED drops even ECN-capable packets, and SYNs and ACKs are never marked, so more packets are lost (2.8 % against 2.0 %) and more responses wait over 5 s (6 % against 3 %). ${SHORT}.`,
      claims: [
        claim('The queue is longer than with the 5 ms target: more than 25 packets on average.', (s) => s.bottleneck.meanQueuePackets, (q) => q > 25, (q) => `${q.toFixed(1)} packets`),
        busy(0.7, 0.92),
        // within 1 s at seeds 1-5: 88.7, 91.7, 87.1, 85.8, 84.6 % (drop-tail 90.5, 93.8, 90.2, 89.8, 89.4 %; the 5 ms target 59.2-75.4 % without ECN, 62.6-80.9 % with)
        claim('As with drop-tail, more than 80 % of responses complete within 1 s.', (s) => within(s, 1), (f) => f > 0.8, (f) => `${percent(f)} within 1 s`),
        claim("The typical response takes as long as with drop-tail: the median response time is within 10 % of drop-tail's 277 ms.", (s) => s.web?.responseTime?.p50 ?? NaN, (t) => Math.abs(t / 0.277 - 1) < 0.1, (t) => `median ${ms(t)}`),
      ],
      json: seeds000Json({ queue: seeds000Red(60, true), variant: 'reno', ...LESSON }),
    },
  ];
}
