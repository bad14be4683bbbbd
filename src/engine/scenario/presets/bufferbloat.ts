import type { Summary } from '../../metrics/types';
import { claim, claimOf, notReached, percent, timelineOf, windowsIn, type Claim, type PresetSource } from './types';
import { fewer, lossOf, lossy, more, versus, within, type Against } from './compare';

/*
 * Bufferbloat: long-lived uploads fill a deep drop-tail buffer and every other packet waits
 * behind it (Gettys and Nichols, "Bufferbloat: Dark Buffers in the Internet", ACM Queue 2011);
 * CoDel (RFC 8289, Nichols and Jacobson, "Controlling Queue Delay", ACM Queue 2012), PIE
 * (RFC 8033) and Adaptive RED with a delay target (Floyd, Gummadi and Shenker 2001, seeds/000's
 * ARED-5ms) keep the queue short in the same buffer. None of the five papers runs this; it is
 * the lesson a course on AQM gives today, and the family the catalogue's two newest queues
 * belong to.
 *
 * One scenario, four queues: 10 Mb/s, 10 ms bottleneck with a 1000-packet buffer (1.2 s of
 * 1500-byte packets at 10 Mb/s); four NewReno bulk uploads (a 4 MB receive window, as window
 * scaling allows, so the buffer and not the window limits them) and one-way PackMime web
 * traffic at 10 % load through the same queue; per-connection delays uniform 5-35 ms each
 * way, so round trips of 34-94 ms without queueing; an initial window of 10 segments (RFC
 * 6928), as senders use today. 120 s, statistics after a 20 s warm-up.
 *
 * Ranges beside the statements: the four lessons and the experiments at seeds 1-10, measured
 * 2026-11-27 (the lessons' seed is 3).
 */

const SEED = 3;

type Queue = 'droptail' | 'codel' | 'pie' | 'ared';

/** The bottleneck's queue of each lesson, in the same 1000-packet buffer. */
const QUEUES: Record<Queue, Record<string, unknown>> = {
  droptail: { kind: 'droptail', limit: 1000 },
  // RFC 8289 §4.2's target 5 ms and interval 100 ms (the engine's defaults)
  codel: { kind: 'codel', limit: 1000, target: 0.005, interval: 0.1 },
  // RFC 8033 §4's QDELAY_REF 15 ms and T_UPDATE 15 ms (the engine's defaults)
  pie: { kind: 'pie', limit: 1000, target: 0.015, tUpdate: 0.015 },
  // seeds/000's ARED-5ms: thresholds from the 5 ms target and the link's rate in 1500-byte packets
  ared: { kind: 'ared', limit: 1000, targetDelay: 0.005, meanPktSize: 1500 },
};

export function bufferbloatJson(queue: Queue): Record<string, unknown> {
  return {
    version: 1,
    seed: SEED,
    duration: 120,
    warmup: 20,
    topology: {
      kind: 'dumbbell',
      bottleneck: { rate: 10e6, delay: 0.01, queue: QUEUES[queue] },
      left: { hosts: 1, rate: 100e6, delay: 0.001 },
      right: { hosts: 1, rate: 100e6, delay: 0.001 },
      flowDelay: { kind: 'uniform', min: 0.005, max: 0.035 },
    },
    tcp: { variant: 'newreno', mss: 1460, rwnd: 4_000_000, initialCwnd: 10, delayedAck: true },
    traffic: [
      { kind: 'bulk', from: 'left', flows: 4, start: 0, startSpread: 1 },
      { kind: 'packmime', direction: 'forward', load: 0.1 },
    ],
  };
}

const DT = 'bufferbloat-dt';
const CODEL = 'bufferbloat-codel';

const median = (s: Summary): number => s.web?.responseTime?.p50 ?? NaN;
/** 0.184 -> "184 ms", 1.352 -> "1.35 s". */
const ms = (x: number): string => (x < 1 ? `${(x * 1000).toFixed(0)} ms` : `${x.toFixed(2)} s`);
/** A run cut short may have no completed response yet: its median is NaN. */
const medianText = (x: number): string => (Number.isFinite(x) ? `median response ${ms(x)}` : 'no response completed yet');

/** A statement on the median response time, with its comparison. */
const medianVs = (c: Claim, text: string, against: Against): Claim => versus(c, text, median, medianText, (x) => (Number.isFinite(x) ? ms(x) : 'no response yet'), against);

const busy = (s: Summary): number => s.bottleneck.utilization;
/** A statement on the bottleneck's utilization, with its comparison. */
const busyVs = (c: Claim, text: string, against: Against): Claim => versus(c, text, busy, (u) => `${percent(u)} busy`, (u) => percent(u), against);

const wait = (s: Summary): number => s.bottleneck.meanQueueDelay;
/** A statement on the mean wait in the queue, with its comparison. */
const waitVs = (c: Claim, text: string, against: Against): Claim => versus(c, text, wait, (d) => `mean wait ${ms(d)}`, ms, against);


/** The median response at least k times shorter than drop-tail's. */
const sooner = (k: number): Against => [[DT, (x, y) => k * x < y]];

/** Each AQM's ECN experiment: marks replace its drops, and the web exchanges stop losing packets. */
function ecnExperiment(waitBelow: number, waitText: string): PresetSource['experiments'] {
  return [
    {
      title: 'Turn ECN on (the senders and the queue)',
      set: { 'tcp.ecn': true, 'topology.bottleneck.queue.ecn': true },
      claims: [
        // seeds 1-10: CoDel 9-18 drops against 289-462 marks, PIE 9-61 against 269-449
        claimOf('Marks replace the drops: more than three in four of the queue\'s signals are marks.', (s) => {
          const b = s.bottleneck;
          return { pass: b.marks > 3 * b.drops, measured: `${b.marks} marks, ${b.drops} drops` };
        }),
        // seeds 1-10: CoDel 0.3-0.7 %, PIE 0.4-0.9 % (without ECN 2.0-4.8 %)
        lossy(0, 0.015, 'So the web exchanges hardly ever lose a packet: under 1.5 % of them.'),
        claim(`The queue stays as short as without ECN: ${waitText}.`, wait, (d) => d < waitBelow, (d) => `mean wait ${ms(d)}`),
      ],
    },
  ];
}

const SETUP =
  'Four bulk uploads share a 10 Mb/s link whose router has a 1000-packet buffer: 1.2 s of data at 10 Mb/s, as in many home routers and cable modems. Web users (10 % of the link, one-way PackMime) load pages through the same queue; the round trips without queueing are 34 to 94 ms.';
const WATCH =
  'Watch the queue chart and the response-time chart, where the uncongested curve is the same web traffic alone on a link ten times faster. Compare\'s family view overlays the four queues on these same connections: drop-tail (bufferbloat-dt), CoDel (bufferbloat-codel), PIE (bufferbloat-pie) and Adaptive RED (bufferbloat-ared).';

export function bufferbloatPresets(): PresetSource[] {
  return [
    {
      name: DT,
      title: 'Bufferbloat: bulk uploads fill a 1000-packet drop-tail buffer',
      group: 'lesson',
      // "the overflow cuts every window" was short of what the cwnd chart shows: each overflow
      // drops 2-33 packets of every upload after the warm-up (12-456 in the slow start's), each
      // fast retransmits, and most then time out to one segment (seeds 1-10: all four after the
      // slow start; after the warm-up 3 of 4 at seed 2, 4 of 4 at seed 4); the queue then falls
      // under 100 packets 4.4-5.0 s after the overflow's first drop (tests/golden/lesson-mechanics-3.test.ts)
      lesson: `${SETUP} With drop-tail, TCP grows its window until the buffer overflows, so the queue climbs towards the buffer's 1000 packets and stays hundreds of packets long (should it reach them, the overflow drops several packets of every upload; NewReno repairs one per round trip, so most uploads wait for a timeout and restart from one packet, and the queue drains for a few seconds, then climbs again), and every web packet waits behind it: bufferbloat. ${WATCH} Then try a buffer of 50 packets, or CUBIC senders, below, and the lessons with CoDel, PIE and Adaptive RED in the same 1000-packet buffer.`,
      claims: [
        // seeds 1-10: mean queue 327-519 packets, wait 378-583 ms
        claimOf('The bulk flows keep the deep buffer filled: the queue holds over 300 packets on average, so a packet waits over a third of a second in it, several times the round trip.', (s) => {
          const b = s.bottleneck;
          return { pass: b.meanQueuePackets > 300 && b.meanQueueDelay > 0.33, measured: `mean queue ${b.meanQueuePackets.toFixed(0)} packets, mean wait ${ms(b.meanQueueDelay)}` };
        }),
        // seeds 1-5: longest 855, 1000, 724, 1000, 720 packets after the warm-up; over 100 on average in 50, 46, 50, 47, 50
        // of the 50 2 s windows (seeds 2 and 4 overflow at 36-38 s and 82-84 s and drain for a few seconds). CoDel
        // (bufferbloat-codel) and the 50-packet experiment: 0 of 50
        claimOf('After the warm-up the queue climbs towards the 1000-packet limit (its longest over 600 packets) and stays hundreds of packets long: over 100 packets on average in at least 80 % of its 2 s windows.', (s) => {
          const t = timelineOf(s);
          const w = windowsIn(t, s.warmup);
          if (w.length === 0) return notReached(t, s.warmup);
          const longest = Math.max(...w.map((k) => t.queueMax[k]));
          const long = w.filter((k) => t.queueMean[k] > 100).length;
          return { pass: w.length > 0 && longest > 600 && long >= 0.8 * w.length, measured: `longest ${longest} packets after ${s.warmup} s; over 100 on average in ${long} of ${w.length} ${t.window} s windows` };
        }),
        // seeds 1-10: 99.9-100.0 %
        claim('The link is always busy (over 99.5 %): the 1000 packets of buffer buy no throughput, only delay.', busy, (u) => u > 0.995, (u) => `${percent(u)} busy`),
        // seeds 1-10: 0 to 0.42 % of the packets
        claim('TCP slows down only at a loss, and a buffer this deep seldom overflows: under 0.5 % of the packets are dropped.', (s) => s.bottleneck.lossRate, (l) => l < 0.005, (l) => `${percent(l, 2)} dropped`),
        // seeds 1-10: median 0.93-1.38 s; within 0.5 s 0 to 13 %
        claim('Every web exchange waits behind the queue: half the responses take more than 0.9 s.', median, (x) => x > 0.9, medianText),
        claim('Fewer than 15 % of the responses complete within half a second.', (s) => within(s, 0.5), (x) => x < 0.15, (x) => `${percent(x)} within 500 ms`),
      ],
      experiments: [
        {
          // seeds 1-10: wait 24-32 ms, 96.7-99.2 % busy, median 203-225 ms
          title: 'Shrink the buffer to 50 packets (about one round trip of data)',
          set: { 'topology.bottleneck.queue.limit': 50 },
          claims: [
            claim('Now the buffer overflows often enough to hold the queue short: packets wait under 40 ms on average.', wait, (d) => d < 0.04, (d) => `mean wait ${ms(d)}`),
            claim('The link stays over 96 % busy.', busy, (u) => u > 0.96, (u) => `${percent(u)} busy`),
            claim('Half the responses complete within 0.25 s. But 50 packets suit these round trips and these four flows; CoDel, PIE and Adaptive RED need no buffer size.', median, (x) => x < 0.25, medianText),
          ],
        },
        {
          // seeds 1-10 (NewReno's figures in brackets): mean queue 420-462 packets [327-519],
          // wait 477-525 ms [378-583], 1.54-2.04 % dropped [0-0.42 %], median 0.88-1.04 s
          // [0.93-1.38 s], 2.5-6.7 % of the exchanges with a drop [0-1.0 %]
          title: 'Send with CUBIC, as Linux, macOS and Windows do (RFC 9438)',
          set: { 'tcp.cc': 'cubic' },
          claims: [
            claimOf('CUBIC fills the deep buffer too: the queue holds over 380 packets on average, and a packet waits over 0.4 s in it.', (s) => {
              const b = s.bottleneck;
              return { pass: b.meanQueuePackets > 380 && b.meanQueueDelay > 0.4, measured: `mean queue ${b.meanQueuePackets.toFixed(0)} packets, mean wait ${ms(b.meanQueueDelay)}` };
            }),
            claim('Unlike NewReno, it overflows even 1000 packets again and again: after each loss CUBIC regrows its window to where the loss came within seconds and then probes beyond it, so over 1 % of the packets are dropped.', (s) => s.bottleneck.lossRate, (l) => l > 0.01, (l) => `${percent(l, 2)} dropped`),
            // seeds 1-5: 6, 5, 6, 6, 6 overflow bursts after the warm-up (NewReno, the lesson: 0, 1, 0, 1, 0)
            claimOf('Again and again: the buffer overflows in at least three separate bursts after the warm-up (NewReno: hardly ever).', (s) => {
              const t = timelineOf(s);
              const w = windowsIn(t, s.warmup);
              // an episode: a run of consecutive windows with overflow drops
              const episodes = w.filter((k, i) => t.dropsOverflow[k] > 0 && (i === 0 || t.dropsOverflow[w[i - 1]] === 0)).length;
              return { pass: episodes >= 3, measured: `${episodes} separate overflow bursts after ${s.warmup} s (in ${t.window} s windows)` };
            }),
            claim('The web still waits behind the queue: half the responses take more than 0.8 s.', median, (x) => x > 0.8, medianText),
          ],
        },
      ],
      json: bufferbloatJson('droptail'),
    },
    {
      name: CODEL,
      title: 'Bufferbloat under CoDel: the same buffer, a short queue',
      group: 'lesson',
      // CoDel's rule is checked decision by decision (tests/golden/lesson-mechanics.test.ts). The
      // text ended "until the wait falls below the target": at seeds 3, 1, 2, 49 of 245, 47 of 180
      // and 52 of 177 dropping episodes end instead with at most one packet (MAXPACKET) left behind
      // a packet that waited over the target (RFC 8289), so the text names both endings.
      lesson: `${SETUP} CoDel (RFC 8289) watches how long each packet waited. While the shortest wait stays above its 5 ms target for a whole 100 ms interval, it drops a packet as one leaves, then drops faster (interval / sqrt(count)) until the wait falls below the target or the queue is down to one packet. ${WATCH} Step to its decisions with the inspector, and try ECN below.`,
      claims: [
        // seeds 1-10: 9.3-11.9 ms (drop-tail 378-583 ms)
        waitVs(
          claim('CoDel keeps the queue short whatever the buffer: packets wait 8 to 14 ms on average. Its 5 ms target bounds the shortest wait in each 100 ms, not the mean: bursts may wait longer.', wait, (d) => d > 0.008 && d < 0.014, (d) => `mean wait ${ms(d)}`),
          `CoDel keeps the queue short: packets wait under a twentieth of the time they wait behind drop-tail (${DT}).`,
          [[DT, (x, y) => 20 * x < y]],
        ),
        claimOf('Every drop is CoDel\'s own, made as a packet leaves the queue: none is an overflow.', (s) => {
          const b = s.bottleneck;
          return { pass: b.drops > 0 && b.dropsOverflow === 0, measured: `${b.drops} drops, ${b.dropsOverflow} overflow` };
        }),
        // seeds 1-10: 92.4-96.9 % (drop-tail 99.9-100.0 %)
        busyVs(
          claim('It gives up a little of the link: 92 % to 98 % busy.', busy, (u) => u > 0.92 && u < 0.98, (u) => `${percent(u)} busy`),
          `It gives up a little of the link: busy within 8 points of drop-tail (${DT}).`,
          [[DT, (x, y) => x > y - 0.08]],
        ),
        // seeds 1-10: median 174-184 ms, 5.4-7.8 times shorter than drop-tail's
        medianVs(
          claim('The web gets its speed back: half the responses complete within 0.2 s.', median, (x) => x < 0.2, medianText),
          `The web gets its speed back: the median response is over five times shorter than behind drop-tail (${DT}).`,
          sooner(5),
        ),
        // seeds 1-10: 2.9-4.8 % (drop-tail 0-1.0 %)
        lossOf(
          lossy(0.02, 0.06, 'The price: its drops fall on web exchanges too, 2 % to 6 % of them lose a packet.'),
          `The price: more web exchanges lose a packet than behind drop-tail (${DT}).`,
          [[DT, more]],
        ),
      ],
      experiments: ecnExperiment(0.014, 'packets wait under 14 ms'),
      json: bufferbloatJson('codel'),
    },
    {
      name: 'bufferbloat-pie',
      title: 'Bufferbloat under PIE: a 15 ms target',
      group: 'lesson',
      lesson: `${SETUP} PIE (RFC 8033) estimates the queueing delay from the queue's length and the rate it drains at, and every 15 ms moves its drop probability towards holding that estimate at 15 ms; it drops at random as packets arrive, as RED does. ${WATCH} Try ECN below.`,
      claims: [
        // seeds 1-10: 19.7-21.3 ms (CoDel 9.3-11.9)
        waitVs(
          claim('PIE holds the wait near its 15 ms target: 15 to 25 ms on average.', wait, (d) => d > 0.015 && d < 0.025, (d) => `mean wait ${ms(d)}`),
          `PIE's target is three times CoDel's, and its queue is longer: packets wait longer than under CoDel (${CODEL}).`,
          [[CODEL, more]],
        ),
        claimOf('Its drops are random and early, as RED\'s: none is an overflow.', (s) => {
          const b = s.bottleneck;
          return { pass: b.dropsEarly > 0 && b.dropsOverflow === 0, measured: `${b.dropsEarly} early, ${b.dropsOverflow} overflow drops` };
        }),
        // seeds 1-10: 94.6-97.2 % (CoDel 92.4-96.9, below PIE at every seed: by 0.3 to 3.2 points)
        busyVs(
          claim('The longer queue keeps the link busy: over 94 %.', busy, (u) => u > 0.94, (u) => `${percent(u)} busy`),
          `The longer queue keeps the link busier than under CoDel (${CODEL}).`,
          [[CODEL, more]],
        ),
        // seeds 1-10: median 194-199 ms, 14-23 ms more than CoDel's; 4.8-7.0 times shorter than drop-tail's
        medianVs(
          claim('Half the responses complete within 0.25 s.', median, (x) => x < 0.25, medianText),
          `The median response is over four times shorter than behind drop-tail (${DT}), and a little longer than under CoDel (${CODEL}): by under 50 ms.`,
          [...sooner(4), [CODEL, (x, y) => x > y && x < y + 0.05]],
        ),
      ],
      experiments: ecnExperiment(0.025, 'packets wait under 25 ms'),
      json: bufferbloatJson('pie'),
    },
    {
      name: 'bufferbloat-ared',
      title: 'Bufferbloat under Adaptive RED with a 5 ms target',
      group: 'lesson',
      paper: 'seeds/000 §3 (ARED-5ms)',
      // max_p is checked every half second and moves only with the average outside the band [min_th + 0.4 (max_th - min_th),
      // max_th - 0.4 (...)]: at seed 3 it stayed at 106 of the 239 checks (62 with the average in the band, 44 at its 0.01 floor
      // with the average below), so "every half second nudges max_p" said more than the run shows (lesson-mechanics-2.test.ts).
      lesson: `${SETUP} Adaptive RED (seeds/000's ARED-5ms) sets its thresholds from a 5 ms target delay and the link's rate, and every half second, unless its average queue is in the middle fifth of them, nudges max_p (up if the average is above it, down if below, within 0.01 to 0.5) so that it stays between them. ${WATCH}`,
      claims: [
        // seeds 1-10: 10.1-11.2 ms
        claim('Adaptive RED holds the queue short too: packets wait under 12 ms on average.', wait, (d) => d < 0.012, (d) => `mean wait ${ms(d)}`),
        // seeds 1-10: 88.6-94.6 %, below CoDel at every seed (by 1.1 to 3.8 points)
        busyVs(
          claim('It gives up more of the link than the others: 88 % to 95 % busy.', busy, (u) => u > 0.88 && u < 0.95, (u) => `${percent(u)} busy`),
          `It gives up more of the link than CoDel (${CODEL}).`,
          [[CODEL, fewer]],
        ),
        // seeds 1-10: median 175-182 ms, 5.3-7.7 times shorter than drop-tail's
        medianVs(
          claim('Half the responses complete within 0.2 s.', median, (x) => x < 0.2, medianText),
          `The median response is over five times shorter than behind drop-tail (${DT}).`,
          sooner(5),
        ),
        claimOf('Every drop is an early, random one: none forced, none an overflow.', (s) => {
          const b = s.bottleneck;
          return { pass: b.drops > 0 && b.dropsEarly === b.drops, measured: `${b.dropsEarly} early of ${b.drops} drops` };
        }),
      ],
      json: bufferbloatJson('ared'),
    },
  ];
}

