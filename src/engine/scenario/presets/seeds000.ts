import type { Summary } from '../../metrics/types';
import { SEEDS000_RTT_POINTS } from '../../traffic/flow-delay';
import { at, fewer, kindRate, more, near, notBehind, times, versus, within, type Rule } from './compare';
import { claim, claimOf, percent, type Claim, type PaperScale, type PresetSource } from './types';

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
      paperScale: SEEDS000_PAPER_SCALE,
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


const ms = (x: number) => `${(x * 1000).toFixed(0)} ms`;

/** The load, queue and how long the seeds/000 lessons run: 80 % load, 200 s after a 30 s warm-up, seed 3. */
const LESSON = { load: 0.8, warmup: 30, duration: 230, seed: 3 } as const;
const SHORT = `${LESSON.duration - LESSON.warmup} s after a ${LESSON.warmup} s warm-up instead of the paper's 250,000 exchanges (“Run at the paper's scale” runs it as the paper does: docs/web.md)`;

/**
 * seeds/000 §5.4's run length: statistics from the end of a 120 s warm-up until 250,000
 * request/response exchanges have completed, with no time limit (about 1,600 simulated s
 * at 80 % load). Every lesson and load-grid point offers it (the app's "Run at the paper's
 * scale", the command line's --set arguments); docs/web.md lists what changes at that scale.
 */
export const SEEDS000_PAPER_SCALE: PaperScale = {
  set: { warmup: 120, stopAfterExchanges: 250_000, duration: null },
  words: "a 120 s warm-up, then 250,000 exchanges, as seeds/000 §5.4",
};

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

// ---- the statements that compare lessons, as comparisons with the family's others (compare.ts) ----
// Their numbers are seed 3's, the lessons', where the other lessons gave theirs; at another seed
// the connections offer another load (drop-tail's mean queue 29-59 packets over seeds 1-5) and
// the numbers move, while the comparisons hold. Measured over seeds 1-5 (tests/golden/
// lesson-versus.test.ts runs them at seed 1); the margins beside each are the smallest and
// largest over the five seeds. All hold at seeds 6-10 too (`npm run sweep -- web-dt148-80
// web-dt148-80-sack web-red5-80 web-redecn5-80 web-redecn5-80-byte web-redecn60-80 --seeds
// 6-10`). The family: the same PackMime connections at 80 % through
// drop-tail (148 packets) or adaptive RED with or without ECN, and Reno or SACK.

/**
 * The drop-tail queue is long: more than `packets` on average, each packet waiting more than
 * `wait` seconds in it on average, both measured (the bottleneck's forward direction).
 */
function queueClaim(packets: number, wait: number): Claim {
  return claimOf(`The drop-tail queue is long: more than ${packets} packets on average, and over ${ms(wait)} of waiting in it for the average packet.`, (s) => {
    const q = s.bottleneck.meanQueuePackets;
    const d = s.bottleneck.meanQueueDelay;
    return { pass: q > packets && d > wait, measured: `${q.toFixed(1)} packets, ${(d * 1000).toFixed(1)} ms of waiting` };
  });
}

const DT = 'web-dt148-80';
const RED5 = 'web-redecn5-80';

/** Share of the responses above 50 KB complete within t seconds. */
const largeWithin = (s: Summary, t: number): number => s.web?.largeResponses.cdf.find(([x]) => x === t)?.[1] ?? NaN;
const largeMedian = (s: Summary): number => s.web?.largeResponses.responseTime?.p50 ?? NaN;
/** Within `d` of the other's number, as a share of it: 0.1 is 10 %. */
const nearRatio = (d: number): Rule => (x, y) => Math.abs(x / y - 1) < d;

/** `c` compared by the median response time of the responses above 50 KB. */
const largeMedianVs = (c: Claim, text: string, rule: Rule): Claim => versus(c, text, largeMedian, (t) => `responses above 50 KB: median ${ms(t)}`, ms, [[DT, rule]]);

/** Short responses gain over drop-tail: more than `f` within 200 ms, and more than drop-tail's at any seed. */
const shortGain = (f: number): Claim =>
  at(
    claim(`Short responses finish sooner than with drop-tail: more than ${percent(f, 0)} within 200 ms.`, (s) => within(s, 0.2), (x) => x > f, (x) => `${percent(x)} within 200 ms`),
    0.2,
    `Short responses finish sooner than with drop-tail (${DT}): more complete within 200 ms.`,
    [[DT, more]],
  );

/** Responses completed between 0.5 and 1 s, and between 1 and 1.5 s (the 1 s minimum RTO between them). */
const aroundRto = (s: Summary): [number, number] => [within(s, 1) - within(s, 0.5), within(s, 1.5) - within(s, 1)];

/**
 * The drop-based ARED lesson's stall until the 1 s minimum RTO (seeds/000 §6.2): at the
 * lesson's seed few responses between 0.5 s and 1 s and a jump after 1 s, by the 200 s run's
 * numbers; compared (another seed, the paper's scale) as fewer than drop-tail's before the
 * RTO and more after it.
 */
function stallClaim(): Claim {
  return {
    ...claimOf('Then the CDF stalls until the 1 s minimum RTO: under 5 % of responses complete between 0.5 s and 1 s, more than 8 % between 1 s and 1.5 s.', (s) => {
      const [a, b] = aroundRto(s);
      return { pass: a < 0.05 && b > 0.08, measured: `${percent(a)} between 0.5 and 1 s, ${percent(b)} between 1 and 1.5 s` };
    }),
    versus: {
      lessons: [DT],
      text: `Then the CDF stalls until the 1 s minimum RTO: fewer responses than with drop-tail (${DT}) complete between 0.5 s and 1 s, more between 1 s and 1.5 s.`,
      check(own, [dt]) {
        const [a, b] = aroundRto(own);
        const [c, d] = aroundRto(dt);
        return { pass: a < c && b > d, measured: `${percent(a)} between 0.5 and 1 s, ${percent(b)} between 1 and 1.5 s; ${DT} ${percent(c)} and ${percent(d)}` };
      },
    },
  };
}

function seeds000Lessons(): PresetSource[] {
  const base = { group: 'lesson' as const, paperScale: SEEDS000_PAPER_SCALE };
  return [
    {
      ...base,
      name: 'web-dt148-80',
      title: 'Web traffic at 80 % load, drop-tail (seeds/000)',
      paper: 'seeds/000 §6.1, Fig. 8',
      lesson: `Two-way PackMime web traffic (many short HTTP exchanges, a few long ones) at 80 % offered load over a 10 Mb/s link with a 148-packet drop-tail queue (2 x BDP), Reno, TCP as in seeds/000 Table 2. Watch the response-time CDF grow beside the uncongested baseline (the same connections on a link 10x faster); point at it to read how many responses finish within a time. Compare, “this lesson’s family”, overlays it with SACK and adaptive RED with and without ECN at this load, as Figs. 8-9 do. ${SHORT}.`,
      claims: [
        busy(0.7, 0.92),
        // mean queue at seeds 1-5: 38.3, 29.3, 59.4, 45.6, 47.1 packets, waiting 17.8, 14.9, 28.8, 21.7,
        // 21.2 ms (seeds 6-10: 18.7 to 25.7 ms). The text said "over 25 ms of waiting", which only
        // seed 3 showed, and checked only the packets: seed 2 ticked it with 14.9 ms
        queueClaim(25, 0.01),
        claim('Most responses are short: more than half complete within 300 ms.', (s) => within(s, 0.3), (f) => f > 0.5, (f) => `${percent(f)} within 300 ms`),
        claim('Few exchanges lose a packet: under 15 %.', (s) => s.web?.flowsWithLoss ?? NaN, (f) => f < 0.15, (f) => `${percent(f)} saw a drop`),
      ],
      json: seeds000Json({ queue: SEEDS000_DROPTAIL['dt-148q'], variant: 'reno', ...LESSON }),
    },
    {
      ...base,
      name: 'web-dt148-80-sack',
      title: 'Web traffic at 80 % load, drop-tail, SACK (seeds/000)',
      paper: 'seeds/000 §6.4, Figs. 16 and 18',
      lesson: `The drop-tail lesson with SACK instead of Reno. Most HTTP responses are a few segments long: a loss in them is repaired by a timeout whatever the recovery algorithm, so SACK can only help the long ones. Compare with the Reno lesson (Compare, "Web traffic at 80 % load, drop-tail (seeds/000)"). ${SHORT}.`,
      claims: [
        busy(0.7, 0.92),
        claim('Most responses are short: more than half complete within 300 ms.', (s) => within(s, 0.3), (f) => f > 0.5, (f) => `${percent(f)} within 300 ms`),
        // seeds/000 §6.4: "Overall, SACK provides no better performance than Reno". Within 1 s at seeds 1-5:
        // SACK 90.5, 92.8, 89.6, 89.4, 89.1 %, Reno 90.5, 93.8, 90.2, 89.8, 89.4 %: 0.0 to 1.0 points apart
        // (re-run 2026-11-29, after the SACK scoreboard fix; before it SACK's were 90.8, 92.8, 89.4, 88.8, 88.5)
        at(
          claim("SACK changes little for most responses: within 1 s it is within 2 points of Reno's 90.2 %.", (s) => within(s, 1), (f) => Math.abs(f - 0.902) < 0.02, (f) => `${percent(f)} within 1 s`),
          1,
          `SACK changes little for most responses: within 1 s it is within 2 points of Reno (${DT}).`,
          [[DT, near(0.02)]],
        ),
        // seeds/000 §6.4, Fig. 18: "With drop-tail, SACK improves performance of these long flows over that of Reno".
        // Responses above 50 KB within 2 s at seeds 1-5: SACK 77.2, 81.3, 72.4, 71.0, 75.3 %, Reno 65.4, 72.7, 63.0,
        // 58.2, 64.0 %: 8.6 to 12.9 points ahead (unrounded; re-run 2026-11-29, after the SACK scoreboard fix; before it SACK's
        // were 80.1, 82.3, 72.9, 72.8, 74.8, 9.6 to 14.7 points ahead)
        versus(
          claim('SACK helps the long responses: more than 70 % of those above 50 KB complete within 2 s (Reno: 63 %).', (s) => largeWithin(s, 2), (f) => f > 0.7, (f) => `${percent(f)} of the responses above 50 KB within 2 s`),
          `SACK helps the long responses: more of those above 50 KB complete within 2 s than with Reno (${DT}).`,
          (s) => largeWithin(s, 2),
          (f) => `${percent(f)} of the responses above 50 KB within 2 s`,
          (f) => percent(f),
          [[DT, more]],
        ),
      ],
      json: seeds000Json({ queue: SEEDS000_DROPTAIL['dt-148q'], variant: 'sack', ...LESSON }),
    },
    {
      ...base,
      name: 'web-red5-80',
      title: 'Web traffic at 80 % load, adaptive RED with a 5 ms target, no ECN (seeds/000)',
      paper: 'seeds/000 §6.2, Figs. 9-10',
      lesson: `Adaptive RED with a 5 ms target (min_th 5, max_th 15 packets on this link, gentle, max_p adapted every 500 ms) drops early to keep the queue short. Short responses gain; but a dropped packet of a short response (often its only one, or its SYN) can only be repaired by a timeout: watch the CDF stall until the 1 s minimum RTO and jump after it. ${SHORT}.`,
      claims: [
        claim('The queue stays short: under 15 packets on average.', (s) => s.bottleneck.meanQueuePackets, (q) => q < 15, (q) => `${q.toFixed(1)} packets`),
        // within 200 ms at seeds 1-5: web-red5-80 41.1, 45.7, 42.4, 43.6, 37.3 %; drop-tail (web-dt148-80)
        // 30.6, 35.6, 27.4, 25.8, 28.8 %: 8.5 to 17.8 points ahead
        shortGain(0.36),
        // at seeds 1-5 (absolute, it holds at each): 2.0-3.1 % between 0.5 and 1 s, 10.2-15.2 % between 1 and 1.5 s.
        // At the paper's scale (seed 3, 250,000 exchanges) 3.6 % and 7.9 %: the jump after the RTO is under the
        // 8 % of the 200 s runs (docs/web.md), while the shape holds against drop-tail (9.1 % and 2.4 % there).
        // So at another seed or at the paper's scale it is checked as that comparison
        stallClaim(),
        claim('More than a quarter of the exchanges lose a packet.', (s) => s.web?.flowsWithLoss ?? NaN, (f) => f > 0.25, (f) => `${percent(f)} saw a drop`),
        // one way at seeds 1-5: 76.3, 68.9, 75.5, 74.5, 78.9 %; drop-tail 77.6, 70.1, 86.8, 79.2, 82.4 %: 1.2 to 11.3 points less
        versus(
          claim('The link is less busy than with drop-tail: under 80 %.', (s) => s.bottleneck.utilization, (u) => u < 0.8, (u) => `${percent(u)} busy`),
          `The link is less busy than with drop-tail (${DT}).`,
          (s) => s.bottleneck.utilization,
          (u) => `${percent(u)} busy`,
          (u) => percent(u),
          [[DT, fewer]],
        ),
      ],
      json: seeds000Json({ queue: seeds000Red(5, false), variant: 'reno', ...LESSON }),
    },
    {
      ...base,
      name: 'web-redecn5-80',
      title: 'Web traffic at 80 % load, adaptive RED + ECN with a 5 ms target (seeds/000)',
      paper: 'seeds/000 §6.3 and §6.5, Figs. 13 and 19',
      lesson: `The 5 ms adaptive RED lesson with ECN, in packet mode as seeds/000 Table 3 says: every packet meets the same probability, whatever its size. Data segments are marked instead of dropped (unless the average is above max_th), but SYNs, SYN-ACKs and pure ACKs cannot carry a mark (only data is ECN-capable): RED drops them with the probability with which it marks data, and a lost SYN or SYN-ACK waits for the 6 s initial RTO. Short responses still gain over drop-tail; the slowest sixth wait more than 5 s (an eighth to over a quarter, from seed to seed; one in eleven at the paper's scale, still six times drop-tail's share). ns-2.35 run on the exported script shows the same (docs/web.md); the paper describes a milder trade-off, which the byte-mode lesson reproduces. ${SHORT}.`,
      claims: [
        claim('The queue stays short: under 15 packets on average.', (s) => s.bottleneck.meanQueuePackets, (q) => q < 15, (q) => `${q.toFixed(1)} packets`),
        claimOf('More packets are dropped early than marked: the SYNs and pure ACKs that cannot carry a mark are dropped instead.', (s) => {
          const b = s.bottleneck;
          return { pass: b.dropsEarly > b.marks, measured: `${b.dropsEarly} early drops, ${b.marks} marks` };
        }),
        // within 200 ms at seeds 1-5: web-redecn5-80 42.4, 47.5, 44.1, 44.3, 37.1 %; drop-tail (web-dt148-80)
        // 30.6, 35.6, 27.4, 25.8, 28.8 %: 8.3 to 18.5 points ahead
        shortGain(0.36),
        // seeds/000 §6.5 finds ARED + ECN-5 ms ahead for "nearly 75 % of responses" at 80 %; in packet mode here
        // the crossover comes near 300 ms (within 300 ms: 0.2 behind to 6.6 ahead, 6.2 behind at seed 5).
        // Within 500 ms at seeds 1-5: 68.1, 76.8, 72.0, 71.8, 59.3 %; drop-tail 81.5, 85.8, 80.4, 80.0, 80.5 %:
        // 8.1 to 21.2 points behind (the byte-mode lesson is ahead there, as the paper)
        at(
          claim('Past the crossover drop-tail is ahead: under 78 % of the responses complete within 500 ms (drop-tail: 80 %).', (s) => within(s, 0.5), (f) => f < 0.78, (f) => `${percent(f)} within 500 ms`),
          0.5,
          `Past the crossover drop-tail (${DT}) is ahead: fewer responses complete within 500 ms.`,
          [[DT, fewer]],
        ),
        // The text's "the slowest sixth wait more than 5 s" was checked as more than 8 %. Beyond 5 s at seeds 1-5:
        // 20.5, 12.4, 16.7, 17.6, 28.9 % (drop-tail 2.9, 1.7, 3.0, 3.1, 3.3 %: 5.6 to 8.8 times as many; byte
        // mode under 2 %). At the paper's scale (seed 3) 8.8 %, drop-tail 1.5 %: 5.9 times as many, under the
        // 12 % of the 200 s runs (docs/web.md); at another seed or at the paper's scale the comparison is checked
        versus(
          claim('A lost SYN or SYN-ACK costs the 6 s initial RTO: more than 12 % of responses take longer than 5 s.', (s) => 1 - within(s, 5), (f) => f > 0.12, (f) => `${percent(f)} beyond 5 s`),
          `A lost SYN or SYN-ACK costs the 6 s initial RTO: more than three times as many responses as with drop-tail (${DT}) take longer than 5 s.`,
          (s) => 1 - within(s, 5),
          (f) => `${percent(f)} beyond 5 s`,
          (f) => percent(f),
          [[DT, times(3)]],
        ),
        // median of the responses above 50 KB at seeds 1-5: 4061, 2244, 3011, 2795, 6741 ms; drop-tail 984, 821,
        // 1120, 1388, 1198 ms: 2.0 to 5.6 times drop-tail's
        largeMedianVs(
          claim('Long responses suffer: responses above 50 KB take a median of more than 1.5 s.', largeMedian, (t) => t > 1.5, (t) => `median ${ms(t)}`),
          `Long responses suffer: responses above 50 KB take a median more than one and a half times drop-tail's (${DT}).`,
          times(1.5),
        ),
      ],
      json: seeds000Json({ queue: seeds000Red(5, true), variant: 'reno', ...LESSON }),
    },
    {
      ...base,
      name: 'web-redecn5-80-byte',
      title: 'Web traffic at 80 % load, adaptive RED + ECN (5 ms) in byte mode (seeds/000)',
      paper: 'seeds/000 §6.5, Fig. 19; seeds/002 eq. 3',
      lesson: `The 5 ms adaptive RED + ECN lesson in byte mode: a packet's probability is scaled by its size over the 1250-byte mean before RED's count correction, so a 40-byte SYN or ACK meets a probability 36 times smaller than a full 1460-byte data segment, and the count correction, which raises a large probability more than a small one, widens the gap: in this run about one SYN or ACK in 600 is dropped, while one data segment in six is marked. The SYN timeouts of the packet-mode lesson disappear, and the trade-off of seeds/000 §6.5 appears as the paper describes it: most responses finish sooner than with drop-tail, and only the long ones lose. Compare it with the drop-tail and packet-mode lessons. ${SHORT}.`,
      claims: [
        claim('The queue stays short: under 15 packets on average.', (s) => s.bottleneck.meanQueuePackets, (q) => q < 15, (q) => `${q.toFixed(1)} packets`),
        claimOf('Marks now outnumber early drops: small control packets are rarely dropped.', (s) => {
          const b = s.bottleneck;
          return { pass: b.marks > 2 * b.dropsEarly, measured: `${b.marks} marks, ${b.dropsEarly} early drops` };
        }),
        // The text's "about one SYN or ACK in 600 is dropped, while one data segment in six is marked" (seed 3:
        // 0.173 % of the SYNs, SYN-ACKs and pure ACKs dropped, 15.8 % of the data marked). Seeds 1-5: 0.131, 0.072,
        // 0.173, 0.170, 0.263 % against 12.8, 5.7, 15.8, 13.6, 21.2 %: 1/98, 1/79, 1/91, 1/80, 1/80 of it
        claimOf('A SYN or an ACK meets a far smaller probability than a data segment: under 0.3 % of the SYNs, SYN-ACKs and pure ACKs are dropped, under a fiftieth of the share of data segments marked.', (s) => {
          const c = kindRate(s, 'drops', ['syn', 'synack', 'ack']);
          const d = kindRate(s, 'marks', ['data']);
          return { pass: c < 0.003 && c < d / 50, measured: `${percent(c, 3)} of the SYNs, SYN-ACKs and pure ACKs dropped, ${percent(d)} of the data segments marked` };
        }),
        // within 200 ms at seeds 1-5: 53.7, 54.9, 53.2, 54.0, 52.7 %; drop-tail 30.6, 35.6, 27.4, 25.8, 28.8 %: 19.3 to 28.2 points ahead
        shortGain(0.45),
        // seeds/000 §6.5: "Reno-ARED + ECN-5 ms offers better response-time performance for nearly 75% of responses".
        // Within 500 ms at seeds 1-5: 86.5, 88.4, 87.0, 87.4, 84.7 %; drop-tail 81.5, 85.8, 80.4, 80.0, 80.5 %: 2.6 to
        // 7.4 points ahead (within 1 s: 0.5 behind at seed 2, 0.7 to 2.9 ahead at the others)
        at(
          claim('Not only the shortest: more than 85 % of the responses complete within 500 ms (drop-tail: 80 %).', (s) => within(s, 0.5), (f) => f > 0.85, (f) => `${percent(f)} within 500 ms`),
          0.5,
          `Not only the shortest: more responses complete within 500 ms than with drop-tail (${DT}).`,
          [[DT, more]],
        ),
        claim('Few exchanges lose a packet: under 10 %.', (s) => s.web?.flowsWithLoss ?? NaN, (f) => f < 0.1, (f) => `${percent(f)} saw a drop`),
        claim('Hardly any response waits for the 6 s initial RTO: under 2 % take longer than 5 s.', (s) => 1 - within(s, 5), (f) => f < 0.02, (f) => `${percent(f)} beyond 5 s`),
        // median of the responses above 50 KB at seeds 1-5: 2791, 1642, 2415, 2434, 3724 ms; drop-tail 984, 821,
        // 1120, 1388, 1198 ms: 1.75 to 3.1 times drop-tail's
        largeMedianVs(
          claim('Long responses still lose: responses above 50 KB take a median of more than 1.5 s.', largeMedian, (t) => t > 1.5, (t) => `median ${ms(t)}`),
          `Long responses still lose: responses above 50 KB take a median more than one and a half times drop-tail's (${DT}).`,
          times(1.5),
        ),
      ],
      json: seeds000Json({ queue: { ...seeds000Red(5, true), mode: 'byte' }, variant: 'reno', ...LESSON }),
    },
    {
      ...base,
      name: 'web-redecn60-80',
      title: 'Web traffic at 80 % load, adaptive RED + ECN with a 60 ms target (seeds/000)',
      paper: 'seeds/000 §6.3, Fig. 13; §7',
      lesson: `Adaptive RED + ECN with a 60 ms target (min_th 30, max_th 90 packets): the queue is allowed to grow, and the response times come close to drop-tail's ("at all loads there is little difference between drop-tail and ARED with ECN and a 60 ms target"). Not everything is as under drop-tail: whenever the average passes max_th RED drops even ECN-capable packets, and SYNs and ACKs are never marked, so more packets are lost (2.8 % against 2.0 %) and more responses wait over 5 s (6 % against 3 %). ${SHORT}.`,
      claims: [
        // seeds 1-5: 39.3, 30.6, 50.0, 43.6, 47.3 packets; the 5 ms target (web-redecn5-80) 10.5, 9.7, 10.6, 10.5, 10.9: 3.2 to 4.7 times as long
        versus(
          claim('The queue is longer than with the 5 ms target: more than 25 packets on average.', (s) => s.bottleneck.meanQueuePackets, (q) => q > 25, (q) => `${q.toFixed(1)} packets`),
          `The queue is longer than with the 5 ms target (${RED5}): more than twice as long on average.`,
          (s) => s.bottleneck.meanQueuePackets,
          (q) => `${q.toFixed(1)} packets`,
          (q) => `${q.toFixed(1)} packets`,
          [[RED5, times(2)]],
        ),
        busy(0.7, 0.92),
        // within 1 s at seeds 1-5: 88.7, 91.7, 87.1, 85.8, 84.6 % (drop-tail 90.5, 93.8, 90.2, 89.8, 89.4 %; the 5 ms target 59.2-75.4 % without ECN, 62.6-80.9 % with):
        // behind drop-tail at every seed, by 1.8 to 4.8 points, so the comparison says "close to", not "as";
        // 10.8 to 22.0 points ahead of the 5 ms target with ECN
        at(
          claim('As with drop-tail, more than 80 % of responses complete within 1 s.', (s) => within(s, 1), (f) => f > 0.8, (f) => `${percent(f)} within 1 s`),
          1,
          `Close to drop-tail: within 1 s at most 6 points behind drop-tail (${DT}), and ahead of the 5 ms target (${RED5}).`,
          [[DT, notBehind(0.06)], [RED5, more]],
        ),
        // median at seeds 1-5: 262, 250, 276, 284, 281 ms; drop-tail 264, 245, 277, 281, 271 ms: 0.4 to 3.7 % apart
        versus(
          claim("The typical response takes as long as with drop-tail: the median response time is within 10 % of drop-tail's 277 ms.", (s) => s.web?.responseTime?.p50 ?? NaN, (t) => Math.abs(t / 0.277 - 1) < 0.1, (t) => `median ${ms(t)}`),
          `The typical response takes as long as with drop-tail: the median response time is within 10 % of drop-tail's (${DT}).`,
          (s) => s.web?.responseTime?.p50 ?? NaN,
          (t) => `median ${ms(t)}`,
          ms,
          [[DT, nearRatio(0.1)]],
        ),
        // The text's "more packets are lost (2.8 % against 2.0 %) and more responses wait over 5 s (6 % against 3 %)"
        // was checked by no statement. Loss left to right at seeds 1-5: 1.61, 1.11, 2.79, 2.52, 2.80 %; drop-tail
        // 1.27, 0.88, 2.03, 1.71, 1.73 %: more at every seed
        versus(
          claim('More packets are lost than behind drop-tail: over 2.4 % of those crossing the bottleneck left to right (drop-tail: 2.0 %).', (s) => s.bottleneck.lossRate, (f) => f > 0.024, (f) => `${percent(f, 2)} lost`),
          `More packets are lost than behind drop-tail (${DT}), left to right.`,
          (s) => s.bottleneck.lossRate,
          (f) => `${percent(f, 2)} lost`,
          (f) => percent(f, 2),
          [[DT, more]],
        ),
        // beyond 5 s at seeds 1-5: 5.0, 3.2, 5.8, 6.3, 7.6 %; drop-tail 2.9, 1.7, 3.0, 3.1, 3.3 %: 1.7 to 2.3 times as many
        versus(
          claim('More responses wait over 5 s: more than 4.5 % of them (drop-tail: 3.0 %).', (s) => 1 - within(s, 5), (f) => f > 0.045, (f) => `${percent(f)} beyond 5 s`),
          `More responses wait over 5 s than behind drop-tail (${DT}).`,
          (s) => 1 - within(s, 5),
          (f) => `${percent(f)} beyond 5 s`,
          (f) => percent(f),
          [[DT, more]],
        ),
      ],
      json: seeds000Json({ queue: seeds000Red(60, true), variant: 'reno', ...LESSON }),
    },
  ];
}
