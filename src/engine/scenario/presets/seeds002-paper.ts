import { grouped } from '../../core/number-text';
import type { Summary } from '../../metrics/types';
import { above, aheadBy, at, behindBy, below, between, fewer, more, near, notAhead, notBehind, versus, within, type Against } from './compare';
import { claim, claimOf, notReached, percent, timelineOf, windowsIn, type Claim, type Experiment, type PresetSource } from './types';

// ---- seeds/002 at the paper's scale: 100 Mb/s, q_ref / b* 24 and 240, general RTTs ------

/*
 * seeds/002 §III-VI as the paper ran it: browsing users on both sides of a 100 Mb/s link
 * (two-way, 1 Gb/s access links), 16 KB windows, RTTs uniform on 10-150 ms (§IV-V) or the
 * "general" distribution of §VI. Where the web-users lessons (seeds002-web.ts) run 10 Mb/s,
 * so that 24 packets there are delay-wise the paper's 240, these run the paper's link, so
 * q_ref = 24 is about 2 ms of queue (1000-byte packets) and 240 about 19 ms.
 * - PI and REM with the queue in bytes, as seeds/002 §II says is recommended for them:
 *   q_ref = b* = 24,000 or 240,000 bytes (24 or 240 packets of 1000 bytes), drop
 *   probability scaled by size / 1000 (eq. 3); PI with ns-2's gains (a 1.822e-5,
 *   b 1.816e-5, 170 Hz), REM with gamma 0.001, phi 1.001, alpha 0.1, 2 ms. In packet units
 *   REM counts every arriving packet against the capacity in 1000-byte packets; at
 *   100 Mb/s the two-way web traffic brings 20,000 packets a second (half of them ACKs)
 *   against a capacity of 12,500, so REM b* = 24 collapsed (12.8 % of the packets dropped,
 *   the link 54 % busy) and PI q_ref = 24 dropped 3.2 % (docs/web.md; measured before the
 *   users got a stationary start);
 * - ARED (12, 36) in packet mode (§VI only), gentle, max_p adapted (byte mode available to
 *   the code, measured in docs/web.md);
 * - drop-tail 240 packets, the paper's reference; the AQMs get a 2,400-packet buffer
 *   ("sufficient to ensure tail drops do not occur", §IV).
 * The user counts are committed, not calibrated on each run: calibrating 100 Mb/s users
 * takes three or four 1 Gb/s runs (about 40 s of CPU). They were found with the engine's
 * calibration (`--preset web100-users-dt-90 --set traffic.0.load=0.9`, and so on: the
 * lesson's seed and window on its framed 1 Gb/s twin) and the
 * `web100-users-uncongested-90` and `web100-users-general-uncongested-90` lessons check
 * the 90 % counts: on the 1 Gb/s link these users must offer 90 % within 3 points (the
 * 98 % ones offer 98.1 and 98.0 %; their lessons have no claims, to keep the lessons test
 * within its CPU budget). Recalibrated when the users got a stationary start (web-users.ts;
 * the counts found with the old start, 8215 / 8870 uniform, 8173 / 8916 general, were
 * fitted to its start-up surge), and again when each user got its own RTT and server-delay
 * streams (issue #7; the counts before, 8435 / 9141 uniform, 8247 / 9165 general, were
 * fitted to one arrangement of a shared stream's RTTs, docs/web.md "Why 88.2 %"), and the general
 * counts again when seeds/000's RTT table, their stand-in, was replaced by one shaped as
 * seeds/002's text says (SEEDS002_GENERAL_RTT_POINTS; the counts before, 8387 / 9156), and all
 * four when the lessons dropped PackMime's server delay for seeds/002 §III's "delays there are
 * insignificant" (the counts before, 8438 / 9211 uniform, 9344 / 10141 general: a user's pages
 * end a few ms sooner without it, so the same users offer about 0.25 % more), and all four again
 * after PackMime's rate laws were read as base-2 logits (commit 0be6d5f: the response sizes
 * changed; the counts before, 8416 / 9186 uniform and 9324 / 10118 general, then offered only
 * 89.45 / 97.6 and 89.1 / 97.4 %). That time the engine's calibration (which stops within half
 * a point) was followed by one or two secant runs of the 1 Gb/s twin (`--preset
 * web100-users-uncongested-98 --set traffic.0.users=N`), so that each count offers its load
 * within 0.1 point: 89.92 / 98.09 % uniform, 90.09 / 98.04 % general (docs/web.md).
 * The bottleneck (both directions) is framed as Ethernet (`framing: 'ethernet'`): the paper's
 * 100 Mb/s was Fast Ethernet, which carries about 93 Mb/s of this traffic's IP packets, and
 * the lessons reach the paper's throughputs only with it (docs/web.md). The uncongested twins'
 * 1 Gb/s link is framed too (the paper's was Gigabit Ethernet): the same network with a faster
 * link. Framing a link 9-10 % busy adds 0.3 us a packet and does not change the users'
 * load: calibrated framed, the counts offer the same unframed within 0.1 points (measured with
 * the server delay and the counts before: 89.75 / 89.74 % uniform 90 %, 90.38 / 90.38 % general
 * 90 %, 98.06 / 98.09 and 97.79 / 97.70 % at 98 %). Before each user drew its RTTs from its own stream it did not: the framing handed
 * the RTTs to other connections, and one 21 MB response drawing 127 ms instead of 12 ms cost
 * the general 90 % count 2.6 points (docs/web.md, "Why 88.2 %").
 * Shortened from the paper's 90 minutes: 30 s after a 10 s warm-up, one seed (about
 * 75,000 exchanges at 90 %), so that a lesson costs about 6 s of CPU.
 */

/**
 * seeds/002's "general" minimum-RTT distribution (§III-A, Fig. 2, used in §VI) as one-way
 * delays (s) for `empirical` flowDelay (half the RTT each way, as the uniform 5-75 ms is
 * 10-150 ms). The paper shows its measured distribution ([15], a campus-to-Internet
 * gateway) only as a plot; its text states:
 * - "the uniform distribution of minimum RTTs used in Sections IV and V is a good
 *   approximation for the body of the more general distribution (e.g., the 5th to 80th
 *   percentile)": here 5 % of the RTTs under 10 ms (1-10 ms), then uniform 10-150 ms up to
 *   the 80th percentile, 20 % above 150 ms;
 * - it "has a larger mean and variance" than the uniform one, and needs 10,570 users a side
 *   for 100 Mb/s against the uniform 9,520 (Fig. 3), 11.0 % more.
 * Assumed: the tail's shape and end. Its knots (RTT 150 / 250 / 500 ms / 1.5 s / 3.5 s at
 * 80 / 87 / 92 / 96.5 / 100 %, linear between; 3.5 s is seeds/000's longest RTT) were chosen
 * so that the engine's calibration needs about 11 % more users than with the uniform RTTs,
 * as the paper's did: the users that offer 98.1 % with uniform RTTs offer 88.6 % with this
 * table (x1.108; seeds 3 and 4: x1.117 each; re-measured 2026-11-27, docs/web.md). That pins the tail's weight
 * (mean RTT 226 ms against the uniform 80 ms, the links' 2 ms not counted), not its shape.
 * Lighter tails needed about 5 % more users (x1.049) (80 / 90 / 97 / 99.5 % at 150 / 250 / 500 ms / 1.5 s)
 * or 9.8 % (80 / 88 / 93 / 97 %).
 */
export const SEEDS002_GENERAL_RTT_POINTS: [number, number][] = [
  [0.0005, 1e-9],
  [0.005, 0.05],
  [0.075, 0.8],
  [0.125, 0.87],
  [0.25, 0.92],
  [0.75, 0.965],
  [1.75, 1],
];

export type Rtt = 'uniform' | 'general';
type Aqm = 'dt' | 'pi24' | 'pi240' | 'rem24' | 'rem240' | 'ared-packet' | 'ared-byte' | 'uncongested';
type Ecn = 'none' | 'ecn' | 'new-gentle';
type Load = 0.9 | 0.98;

/** Users per direction for each load, from the engine's calibration (see above). */
export const SEEDS002_USERS: Record<Rtt, Record<Load, number>> = {
  uniform: { 0.9: 8458, 0.98: 9247 },
  general: { 0.9: 9345, 0.98: 10195 },
};

const LINK = 100e6;
/** The bottleneck's link-layer framing in every lesson here: seeds/002's testbed was Fast / Gigabit Ethernet. */
const FRAMING = 'ethernet';

function queueOf(aqm: Aqm, ecn: Ecn): Record<string, unknown> {
  const mark = ecn !== 'none';
  const aboveMaxTh = ecn === 'new-gentle' ? 'new-gentle' : 'drop';
  switch (aqm) {
    case 'dt':
      return { kind: 'droptail', limit: 240, unit: 'packets' };
    case 'uncongested':
      return { kind: 'droptail', limit: 24_000, unit: 'packets' };
    case 'pi24':
    case 'pi240':
      return { kind: 'pi', limit: 2_400_000, unit: 'bytes', mode: 'byte', meanPktSize: 1000, qRef: aqm === 'pi24' ? 24_000 : 240_000, ecn: mark };
    case 'rem24':
    case 'rem240':
      return { kind: 'rem', limit: 2_400_000, unit: 'bytes', mode: 'byte', meanPktSize: 1000, bStar: aqm === 'rem24' ? 24_000 : 240_000, ecn: mark };
    case 'ared-packet':
      return { kind: 'ared', limit: 2400, unit: 'packets', mode: 'packet', minTh: 12, maxTh: 36, meanPktSize: 1000, ecn: mark, aboveMaxTh };
    case 'ared-byte':
      return { kind: 'ared', limit: 2_400_000, unit: 'bytes', mode: 'byte', minTh: 12_000, maxTh: 36_000, meanPktSize: 1000, ecn: mark, aboveMaxTh };
  }
}

export function seeds002PaperJson(aqm: Aqm, ecn: Ecn, load: Load, rtt: Rtt): Record<string, unknown> {
  const rate = aqm === 'uncongested' ? 10 * LINK : LINK;
  return {
    version: 1,
    seed: 2,
    duration: 40,
    warmup: 10,
    topology: {
      kind: 'dumbbell',
      // Ethernet framing on both directions of the bottleneck (see the header comment).
      bottleneck: { rate, delay: 0.001, framing: FRAMING, queue: queueOf(aqm, ecn) },
      left: { hosts: 1, rate: 1e9, delay: 0 },
      right: { hosts: 1, rate: 1e9, delay: 0 },
      flowDelay: rtt === 'uniform' ? { kind: 'uniform', min: 0.005, max: 0.075 } : { kind: 'empirical', points: SEEDS002_GENERAL_RTT_POINTS },
    },
    tcp: { variant: 'reno', rwnd: 16384, initialRto: 3, minRto: 1, ecn: ecn !== 'none' },
    // no server delay (seeds/002 §III: "delays there are insignificant"), as seeds002Json
    traffic: [{ kind: 'web-users', direction: 'both', serverDelay: 'none', ...(SEEDS002_USERS[rtt][load] > 0 ? { users: SEEDS002_USERS[rtt][load] } : { load }) }],
  };
}

/**
 * Packet loss rate of the left-to-right direction (Tables II and IV: loss rate). Its measured
 * value says the direction in words: the CLI's "(->)" read on the projector as a stray symbol.
 */
const lossRate = (lo: number, hi: number, words: string): Claim =>
  claim(words, (s) => s.bottleneck.lossRate, (l) => l > lo && l < hi, (l) => `${percent(l, 2)} of the packets lost, left to right`);
const queueIn = (lo: number, hi: number, words: string): Claim =>
  claim(words, (s) => s.bottleneck.meanQueuePackets, (q) => q > lo && q < hi, (q) => `mean queue ${q.toFixed(1)} packets`);
/** The offered load these users put on the 1 Gb/s link, as a share of 100 Mb/s (mean of both directions). */
const offered = (load: Load): Claim =>
  claimOf(`These users offer ${load * 100} % of 100 Mb/s within 3 points: the 1 Gb/s link is ${((load - 0.03) * 10).toFixed(1)} to ${((load + 0.03) * 10).toFixed(1)} % busy (mean of both directions).`, (s) => {
    const u = 5 * (s.bottleneck.utilization + s.bottleneckReverse.utilization);
    return { pass: Math.abs(u - load) <= 0.03, measured: `${percent(u)} of 100 Mb/s offered` };
  });

/**
 * PI with ECN measured after it has settled (general RTTs, 98 %): the lesson's 30 s start
 * with p near 0, and PI's integral needs about 100 s to bring it to where the marks hold the
 * queue. The same 30 s window taken from 100 s on, and what the other lessons of the family
 * give over it (response-time CDF at 200 ms, 500 ms, 1 s and 2 s; tests/golden/
 * lesson-experiments.test.ts reruns each of them and checks these figures).
 */
export const SETTLED_SET = { warmup: 100, duration: 130 } as const;
export const SETTLED_CDF_TIMES = [0.2, 0.5, 1, 2] as const;
export const SETTLED_98_GENERAL = {
  'web100-users-general-dt-98': [0.285, 0.645, 0.8, 0.898],
  'web100-users-general-pi24-98': [0.32, 0.66, 0.79, 0.902],
  'web100-users-general-rem24-ecn-98': [0.307, 0.673, 0.828, 0.916],
} as const;

const pcts = (xs: readonly number[]) => xs.map((x) => percent(x)).join(' / ');
const cdfAt = (s: Summary) => SETTLED_CDF_TIMES.map((t) => within(s, t));
const shown = (s: Summary) => `${pcts(cdfAt(s))} within 200 ms / 500 ms / 1 s / 2 s`;

const SETTLED_TITLE = 'Measure after PI has settled: 100-130 s instead of 10-40 s (a run three times as long)';

/** PI's own state once settled: its mean probability above `pMin` and its mean queue below `qMax` packets. */
const piSettled = (pMin: number, qMax: number, words: string): Claim =>
  claimOf(words, (s) => {
    const p = s.bottleneck.aqm?.means?.p ?? NaN;
    return { pass: p > pMin && s.bottleneck.meanQueuePackets < qMax, measured: `p ${percent(p, 1)} on average, mean queue ${s.bottleneck.meanQueuePackets.toFixed(1)} packets` };
  });

/*
 * "PI starts with p at 0 and takes about 100 s to settle at this load", on the timeline of
 * the 130 s run (it covers the warm-up too, in 5 s windows): p's mean over the 10 s before
 * 100 s against its mean over 100-130 s, and over the lesson's 10-40 s against it. Seeds 1-5:
 *   uniform RTTs, no ECN (web100-users-pi24-98): 0.87-0.97 before 100 s, 0.47-0.65 over 10-40 s
 *   general RTTs, ECN (web100-users-general-pi24-ecn-98): 0.78-0.96, 0.25-0.48
 * At seeds 1, 3 and 5 of the second p still climbs by a fifth after 100 s (6.77 % over 90-100 s,
 * 8.13 % over 100-130 s at seed 5): "settled" by 100 s was too strong, "near" holds. Where p
 * gets there sooner the check fails (seed 2): the uniform-RTT run with gains a and b ten times
 * as large (its integral ten times as fast) has 2.68 % over 10-40 s against 3.40 % over
 * 100-130 s (79 %); PIE in PI's place on the general-RTT ECN run 2.77 % against 3.85 % (72 %).
 * (With ECN, ten times the gains still leave p climbing, 6.3 % over 10-40 s to 13.1 % over
 * 100-130 s, while the queue comes down within 15 s.)
 */
const piTook100s = claimOf("PI takes about 100 s to get near there: p's mean in the 10 s before 100 s is over three quarters of its mean over 100-130 s (where it may still be climbing), while over the lesson's 10-40 s it averaged under 70 % of that.", (s) => {
  const t = timelineOf(s);
  const p = t.aqm.p;
  if (!p) throw new Error('the bottleneck queue has no p');
  const mean = (w: number[]) => w.reduce((a, k) => a + p[k], 0) / w.length;
  if (windowsIn(t, 100, 130).length === 0) return notReached(t, 100);
  const [settled, before, lesson] = [mean(windowsIn(t, 100, 130)), mean(windowsIn(t, 90, 100)), mean(windowsIn(t, 10, 40))];
  return {
    pass: before > 0.75 * settled && lesson < 0.7 * settled,
    measured: `p ${percent(lesson, 2)} over 10-40 s, ${percent(before, 2)} over 90-100 s, ${percent(settled, 2)} over 100-130 s`,
  };
});

const SETTLED_EXPERIMENT: Experiment = (() => {
  const dt = SETTLED_98_GENERAL['web100-users-general-dt-98'];
  const pi = SETTLED_98_GENERAL['web100-users-general-pi24-98'];
  const rem = SETTLED_98_GENERAL['web100-users-general-rem24-ecn-98'];
  return {
    title: SETTLED_TITLE,
    set: SETTLED_SET,
    claims: [
      piSettled(0.06, 100, 'PI has settled: its marking probability averages more than 6 % and its queue under 100 packets (in the lesson\'s first 30 s: over 150).'),
      piTook100s,
      claimOf(`Now PI with ECN is ahead of drop-tail at every time from 200 ms to 2 s (drop-tail over the same window: ${pcts(dt)}).`, (s) => {
        const c = cdfAt(s);
        return { pass: c.every((x, i) => x > dt[i]), measured: shown(s) };
      }),
      claimOf(`And ahead of PI without ECN from 500 ms on (${pcts(pi.slice(1))} within 500 ms / 1 s / 2 s); at 200 ms the two are within 2 points (without ECN ${percent(pi[0])}).`, (s) => {
        const c = cdfAt(s);
        return { pass: c.slice(1).every((x, i) => x > pi[i + 1]) && Math.abs(c[0] - pi[0]) < 0.02, measured: shown(s) };
      }),
      claimOf(`REM with ECN, over the same window, is level with it: within half a point at every time (${pcts(rem)}). As seeds/002 found, PI and REM with ECN perform best beyond about 250 ms.`, (s) => {
        const c = cdfAt(s);
        return { pass: c.every((x, i) => Math.abs(x - rem[i]) < 0.005), measured: shown(s) };
      }),
    ],
  };
})();

/**
 * PI q_ref 24 at 98 % with the uniform RTTs, measured after it has settled (as the general-RTT
 * lesson's try-it): its p and its losses rise toward Table II's (docs/web.md, Table II section).
 */
const SETTLED_LOSS_EXPERIMENT: Experiment = {
  title: SETTLED_TITLE,
  set: SETTLED_SET,
  claims: [
    piSettled(0.03, 80, 'PI has settled: its drop probability averages more than 3 % and its queue under 80 packets.'),
    piTook100s,
    lossRate(0.015, 0.03, 'So it drops more: 1.5 % to 3 % of the packets (the lesson\'s 10-40 s: 0.8 % to 1.5 %; seeds/002 Table II: 4.1 %), nearer the paper, though not at it.'),
  ],
};

// ---- the statements that compare lessons, as comparisons (compare.ts) ----------------------
// The user counts are committed, not calibrated on each run, so at another seed the same users
// offer another load (86.8-94.4 % for the nominal 90 %) and the numbers above, measured at the
// lessons' seed (2), move; what a statement says about one queue against another of the same
// users holds. Measured at seeds 1-4 (run one by one with the lessons' scenarios; the margins
// beside each are the run's number minus the other lesson's, in points, at seeds 1 / 2 / 3 / 4),
// then checked at seeds 5-10 (`npm run sweep -- 'web100-users-*' --seeds 5-10`): one failed
// there and was loosened (packet mode against drop-tail at 200 ms, general RTTs).
// tests/golden/lesson-versus.test.ts runs the general-RTT 90 % lessons and PI's two targets at
// 90 % with the uniform RTTs at seed 1, where their comparisons are closest.

/** The lesson of this family with that queue, load, RTTs and ECN setting. */
const lessonName = (aqm: Aqm, load: Load, rtt: Rtt, ecn: Ecn = 'none'): string => `web100-users-${rtt === 'general' ? 'general-' : ''}${aqm}${ECN_NAME[ecn]}-${load === 0.9 ? 90 : 98}`;
/** Compared by the packet loss rate (left to right). */
const lossVs = (c: Claim, text: string, against: Against): Claim =>
  versus(c, text, (s) => s.bottleneck.lossRate, (l) => `${percent(l, 2)} of the packets lost, left to right`, (l) => percent(l, 2), against);

interface Spec {
  aqm: Aqm;
  ecn: Ecn;
  load: Load;
  rtt: Rtt;
  figure: string;
  text?: string;
  claims: Claim[];
  experiments?: Experiment[];
}

function specs(): Spec[] {
  const u = (aqm: Aqm, load: Load, figure: string, claims: Claim[], text?: string, ecn: Ecn = 'none', experiments?: Experiment[]): Spec => ({ aqm, ecn, load, rtt: 'uniform', figure, claims, text, experiments });
  const g = (aqm: Aqm, load: Load, figure: string, claims: Claim[], text?: string, ecn: Ecn = 'none', experiments?: Experiment[]): Spec => ({ aqm, ecn, load, rtt: 'general', figure, claims, text, experiments });
  const [dt90, pi24at90, pi240at90, rem24at90, rem240at90] = (['dt', 'pi24', 'pi240', 'rem24', 'rem240'] as const).map((a) => lessonName(a, 0.9, 'uniform'));
  const [dt98, pi24at98, pi240at98, rem24at98, rem240at98] = (['dt', 'pi24', 'pi240', 'rem24', 'rem240'] as const).map((a) => lessonName(a, 0.98, 'uniform'));
  const [gDt90, gPi90, gPacket90] = (['dt', 'pi24', 'ared-packet'] as const).map((a) => lessonName(a, 0.9, 'general'));
  const [gDt98, gPi98] = (['dt', 'pi24'] as const).map((a) => lessonName(a, 0.98, 'general'));
  const gPiEcn98 = lessonName('pi24', 0.98, 'general', 'ecn');
  return [
    // ---- uniform RTTs 10-150 ms (§IV, Fig. 4 (a, b, e, f), Table II) ----
    // Claims measured with the users' stationary start (docs/web.md, web-users). Before it, a start-up
    // surge in the 10-40 s window made every run here about twice as lossy (drop-tail at 98 %: 1.36 % lost).
    u('uncongested', 0.9, '§III-B, Fig. 3, Table II', [
      offered(0.9),
      above(0.2, 0.35, 'The best possible curve: '),
      above(1, 0.97, 'And '),
    ], 'The "uncongested network" curve of every seeds/002 plot: the same users with the link 10 times faster (the paper\'s 1 Gb/s), so no queue forms.'),
    // no claims (not run by the lessons test, to keep CI short): these users offer 98.1 % (framed; 98.09)
    u('uncongested', 0.98, '§III-B, Fig. 3, Table II', [], 'The "uncongested network" curve at 98 % load: the same users with the link 10 times faster (these users offer 98.1 % of 100 Mb/s).'),
    u('dt', 0.9, '§IV-D, Fig. 4 (e), Table II', [
      queueIn(30, 240, 'The 240-packet queue holds more than 30 packets on average.'),
      above(1, 0.94, 'Close to the uncongested curve (97.8 %): '),
      lossRate(0.003, 0.01, 'Between 0.3 % and 1 % of the packets are lost (seeds/002 Table II: 1.9 %).'),
    ]),
    u('dt', 0.98, '§IV-D, Fig. 4 (f), Table II', [
      queueIn(60, 240, 'The 240-packet queue holds more than 60 packets on average.'),
      above(1, 0.87, 'Still '),
      lossRate(0.01, 0.02, 'Between 1 % and 2 % of the packets are lost (seeds/002 Table II: 5.8 %).'),
    ]),
    u('pi24', 0.9, '§IV-A, Fig. 4 (a, e), Table II', [
      // at 200 ms, against q_ref = 240: +1.0 / +4.1 / +4.2 / +7.3; against drop-tail: +0.6 / +0.7 / +1.3 / +0.9
      at(
        between(0.2, 0.35, 0.38, 'q_ref = 24 is ahead of q_ref = 240 for the short responses and level with drop-tail (see their lessons) at 200 ms: '),
        0.2,
        `q_ref = 24 is ahead of q_ref = 240 (${pi240at90}) for the short responses, more of them completing within 200 ms, and level with drop-tail (${dt90}) there: within 2 points of it.`,
        [[pi240at90, more], [dt90, near(0.02)]],
      ),
      // at 1 s, against q_ref = 240: -2.2 / -1.8 / -1.6 / -1.2; against drop-tail: -2.0 / -0.8 / -0.4 / +0.1 (so not "within a point" at seed 1)
      at(
        between(1, 0.935, 0.955, 'Behind q_ref = 240 at 1 s, and within a point of drop-tail: '),
        1,
        `Behind q_ref = 240 (${pi240at90}) at 1 s, and no better than drop-tail (${dt90}): behind it or within a point.`,
        [[pi240at90, fewer], [dt90, notAhead(0.01)]],
      ),
      lossRate(0.003, 0.0075, 'Between 0.3 % and 0.75 % of the packets are lost (seeds/002 Table II: 1.1 %).'),
      queueIn(60, 120, 'PI does not hold the queue at its target: it averages about what drop-tail\'s does, 60 to 120 packets.'),
    ], 'seeds/002 finds q_ref = 24 better "for all but the 10 % of request/response exchanges having the longest durations". So here against q_ref = 240: q_ref = 24 is ahead for the shorter responses (about 4 points at 200 ms), the two crossing between 500 ms and 1 s, where 79 to 94 % of the responses are done. But it gains nothing over drop-tail: with ns-2\'s gains PI\'s slow integral leaves the queue about as long as drop-tail\'s on average (about 43 KB, almost twice q_ref), and q_ref = 24 and drop-tail are within about a point of each other at every time.'),
    u('pi240', 0.9, '§IV-A, Fig. 4 (a), Table II', [
      // at 200 ms, against q_ref = 24: -1.0 / -4.1 / -4.2 / -7.3; against drop-tail: -0.4 / -3.4 / -2.9 / -6.4
      at(
        below(0.2, 0.34, 'The long target slows the short responses down, behind q_ref = 24 and drop-tail: '),
        0.2,
        `The long target slows the short responses down: fewer complete within 200 ms than with q_ref = 24 (${pi24at90}) or behind drop-tail (${dt90}).`,
        [[pi24at90, fewer], [dt90, fewer]],
      ),
      // at 1 s, against q_ref = 24: +2.2 / +1.8 / +1.6 / +1.2; against drop-tail: +0.1 / +1.0 / +1.1 / +1.3
      at(
        above(1, 0.955, 'And is ahead of them for the long ones: '),
        1,
        `And is ahead of q_ref = 24 (${pi24at90}) for the long ones, at 1 s, and not behind drop-tail (${dt90}): ahead of it or within a point.`,
        [[pi24at90, more], [dt90, notBehind(0.01)]],
      ),
      lossRate(0, 0.005, 'Under 0.5 % of the packets are lost (seeds/002 Table II: 0.4 %).'),
      queueIn(120, 240, 'The queue averages 120 to 240 packets.'),
    ]),
    u('pi24', 0.98, '§IV-A, Fig. 4 (a, f), Table II', [
      // against q_ref = 240 at 300 ms: +13.8 / +15.9 / +16.8 / +17.1; at 500 ms: +4.3 / +5.9 / +6.3 / +6.4; at 1 s: -3.4 / -1.6 / -1.4 / -1.0
      at(above(0.3, 0.5, 'q_ref = 24 speeds up the shorter responses, far ahead of q_ref = 240: '), 0.3, `q_ref = 24 speeds up the shorter responses, far ahead of q_ref = 240 (${pi240at98}): more than 10 points more complete within 300 ms.`, [[pi240at98, aheadBy(0.1)]]),
      at(above(0.5, 0.72, 'Still ahead at 500 ms: '), 0.5, `Still ahead of q_ref = 240 (${pi240at98}) at 500 ms.`, [[pi240at98, more]]),
      at(below(1, 0.91, 'Beyond it q_ref = 240 is ahead: '), 1, `Beyond it q_ref = 240 (${pi240at98}) is ahead: more of its responses complete within 1 s.`, [[pi240at98, fewer]]),
      // The text said q_ref = 24 is "ahead of drop-tail at every time here, by about 1 to 3 points", and no statement
      // checked it; it held at seed 2 only. Against drop-tail at seeds 1-5, at 200 ms: +3.0 / +2.2 / +1.9 / +2.2 / +2.1;
      // 300 ms: +3.5 / +3.2 / +3.0 / +3.4 / +2.5; 500 ms: +1.4 / +2.6 / +2.6 / +3.3 / +1.3; but 1 s: -0.7 / +1.4 / +1.8 /
      // +2.6 / -0.1 and 1.5 s: -0.2 / +1.1 / +1.2 / +1.5 / 0.0 (re-run 2026-11-29, differences of the unrounded shares). The text now says what holds at every seed.
      at(above(0.3, 0.57, 'Ahead of drop-tail too for the shorter responses (drop-tail: 55.1 %): '), 0.3, `Ahead of drop-tail (${dt98}) too for the shorter responses: more than 2 points more complete within 300 ms.`, [[dt98, aheadBy(0.02)]]),
      lossRate(0.008, 0.015, 'Between 0.8 % and 1.5 % of the packets are lost (seeds/002 Table II: 4.1 %).'),
    ], 'As seeds/002 finds at 98 % load, q_ref = 24 gives the shorter exchanges lower response times ("for only the shortest 70 %"); here too, the two targets crossing between 500 ms and 1 s, where 76 to 90 % of the responses are done. q_ref = 24 is also ahead of drop-tail up to half a second, by about 2 to 3 points; beyond, the two are within about 2 points (ahead here, level at some seeds). Its loss is about a quarter of Table II\'s partly because PI starts with p at 0 and takes about 100 s to come near where it settles at this load (the paper measured 90 minutes): try the run measured after 100 s (below).', 'none', [SETTLED_LOSS_EXPERIMENT]),
    u('pi240', 0.98, '§IV-A, Fig. 4 (a), Table II', [
      // against q_ref = 24 at 300 ms: -13.8 / -15.9 / -16.8 / -17.1; at 500 ms: -4.3 / -5.9 / -6.3 / -6.4; at 1 s: +3.4 / +1.6 / +1.4 / +1.0
      at(below(0.3, 0.55, 'The long queue slows the shorter responses down: '), 0.3, `The long queue slows the shorter responses down: more than 10 points fewer complete within 300 ms than with q_ref = 24 (${pi24at98}).`, [[pi24at98, behindBy(0.1)]]),
      at(below(0.5, 0.72, 'Still behind q_ref = 24 at 500 ms: '), 0.5, `Still behind q_ref = 24 (${pi24at98}) at 500 ms.`, [[pi24at98, fewer]]),
      at(above(1, 0.91, 'And saves the longer ones: '), 1, `And saves the longer ones: ahead of q_ref = 24 (${pi24at98}) at 1 s.`, [[pi24at98, more]]),
      lossRate(0.003, 0.0075, 'Between 0.3 % and 0.75 % of the packets are lost (seeds/002 Table II: 3.7 %).'),
    ]),
    u('rem24', 0.9, '§IV-B, Fig. 4 (b), Table II', [
      // against b* = 240 at 200 ms: +0.1 / +4.9 / +5.4 / +8.9 (level at seed 1); at 1 s: -0.8 / -1.8 / -1.1 / -1.3
      at(
        above(0.2, 0.3, 'b* = 24 is clearly faster than b* = 240 for the shortest responses: '),
        0.2,
        `b* = 24 is faster than b* = 240 (${rem240at90}) for the shortest responses: within 200 ms it is ahead of it or within a point (5 to 9 points ahead at seeds 2-4; level at seed 1, where these users offer the least).`,
        [[rem240at90, notBehind(0.01)]],
      ),
      // The text's "1.6 at 500 ms" and "0.7 at 2 s" were checked by no statement. Against b* = 240 at seeds 1-5, at
      // 500 ms: -0.4 / +1.7 / +2.3 / +4.5 / +0.7 (level at seed 1); at 2 s: -0.2 / -0.7 / -0.4 / -0.6 / -0.2 (and at
      // 200 ms +0.1 / +4.9 / +5.4 / +8.9 / +1.7; at 1 s -0.8 / -1.8 / -1.1 / -1.3 / -0.5). Seeds 6-10: at 500 ms +0.6 /
      // +3.3 / +0.6 / +0.5 / +2.4; at 2 s -0.55 / -0.75 / -0.11 / -0.45 / -0.86 (closest at seed 8)
      at(
        above(0.5, 0.785, 'Still ahead at 500 ms (b* = 240: 77.5 %): '),
        0.5,
        `Still ahead of b* = 240 (${rem240at90}) at 500 ms, or within a point (-0.4 to +4.5 points at seeds 1-5).`,
        [[rem240at90, notBehind(0.01)]],
      ),
      at(between(1, 0.935, 0.955, 'But about 2 points behind it at 1 s: '), 1, `But behind it (${rem240at90}) at 1 s.`, [[rem240at90, fewer]]),
      at(below(2, 0.993, 'And still behind it at 2 s (b* = 240: 99.6 %): '), 2, `And still behind it (${rem240at90}) at 2 s.`, [[rem240at90, fewer]]),
      lossRate(0.003, 0.0075, 'Between 0.3 % and 0.75 % of the packets are lost (seeds/002 Table II: 1.6 %).'),
    ], 'seeds/002 finds b* = 24 "significantly better" than 240 at 90 % load. Here it is for the shorter three quarters of the responses (about 5 points ahead at 200 ms, 1.6 at 500 ms), and 1.8 points behind b* = 240 at 1 s (0.7 at 2 s). Over seeds 1-5 the gap moves with the load these users offer: 0 to 9 points ahead at 200 ms and -0.4 to +4.5 at 500 ms (level at seed 1, the least loaded); 0.5 to 1.8 points behind at 1 s and 0.2 to 0.7 at 2 s, at every seed.'),
    u('rem240', 0.9, '§IV-B, Fig. 4 (b), Table II', [
      // against b* = 24 at 200 ms: -0.1 / -4.9 / -5.4 / -8.9 (level at seed 1); at 1 s: +0.8 / +1.8 / +1.1 / +1.3
      at(
        below(0.2, 0.33, 'The long target slows the shortest responses down: '),
        0.2,
        `The long target slows the shortest responses down: within 200 ms it is behind b* = 24 (${rem24at90}) or within a point (5 to 9 points behind at seeds 2-4; level at seed 1, where these users offer the least).`,
        [[rem24at90, notAhead(0.01)]],
      ),
      at(above(1, 0.95, 'And is ahead of b* = 24 for the long ones: '), 1, `And is ahead of b* = 24 (${rem24at90}) for the long ones, at 1 s.`, [[rem24at90, more]]),
      queueIn(150, 350, 'The queue averages 150 to 350 packets.'),
      lossRate(0, 0.005, 'Under 0.5 % of the packets are lost (seeds/002 Table II: 3.2 %).'),
    ]),
    u('rem24', 0.98, '§IV-B, Fig. 4 (b), Table II', [
      // against b* = 240 at 300 ms: +17.8 / +19.1 / +19.4 / +18.8; at 1 s: -2.1 / -1.5 / -0.4 / -0.3
      at(above(0.3, 0.5, 'b* = 24 is far faster than b* = 240 for the shorter responses: '), 0.3, `b* = 24 is far faster than b* = 240 (${rem240at98}) for the shorter responses: more than 10 points more complete within 300 ms.`, [[rem240at98, aheadBy(0.1)]]),
      at(
        between(1, 0.88, 0.905, 'By 1 s b* = 240 has caught up and is a little ahead (1.5 points here, 0.3 to 2.1 over seeds 1-5): '),
        1,
        `By 1 s b* = 240 (${rem240at98}) has caught up and is a little ahead.`,
        [[rem240at98, fewer]],
      ),
      // The text's "0.9 at 2 s" was checked by no statement. Against b* = 240 at 2 s at seeds 1-5: -1.2 / -0.9 / -0.4 /
      // -0.3 / -1.2 (at 1 s -2.1 / -1.5 / -0.4 / -0.3 / -1.8; at 300 ms +17.8 / +19.1 / +19.4 / +18.8 / +18.1); seeds
      // 6-10: -1.1 / -0.6 / -1.0 / -1.0 / -0.9
      at(below(2, 0.975, 'And still behind it at 2 s (b* = 240: 97.9 %): '), 2, `And still behind b* = 240 (${rem240at98}) at 2 s.`, [[rem240at98, fewer]]),
      lossRate(0.008, 0.018, 'Between 0.8 % and 1.8 % of the packets are lost (seeds/002 Table II: 4.9 %).'),
    ], 'seeds/002 finds b* = 24 "slightly better" than 240 at 98 % load; here it is much better for the shorter responses (about 19 points at 300 ms; 17.8 to 19.4 at seeds 1-5), and b* = 240 is a little ahead from 1 s on (1.5 points at 1 s, 0.9 at 2 s; over seeds 1-5, paired by seed, 1.2 ± 0.8 and 0.8 ± 0.4 points, ahead at every seed: 0.3 to 2.1 and 0.3 to 1.2).'),
    u('rem240', 0.98, '§IV-B, Fig. 4 (b), Table II', [
      // against b* = 24 at 300 ms: -17.8 / -19.1 / -19.4 / -18.8; at 1 s: +2.1 / +1.5 / +0.4 / +0.3
      at(below(0.3, 0.5, 'The long queue slows the shorter responses down: '), 0.3, `The long queue slows the shorter responses down: more than 10 points fewer complete within 300 ms than with b* = 24 (${rem24at98}).`, [[rem24at98, behindBy(0.1)]]),
      at(between(1, 0.88, 0.905, 'And only catches up with b* = 24 at 1 s, where it is a little ahead: '), 1, `And only catches up with b* = 24 (${rem24at98}) at 1 s, where it is a little ahead.`, [[rem24at98, more]]),
      queueIn(350, 600, 'The queue averages 350 to 600 packets.'),
    ]),
    // ---- the general RTT distribution (§VI, Fig. 10, Table IV): SEEDS002_GENERAL_RTT_POINTS ----
    // Claims measured with that table (before it, with seeds/000's RTTs as a stand-in, every response here was faster:
    // 97.3 % within 1 s uncongested, 94.2 % at drop-tail 90 %; docs/web.md).
    g('uncongested', 0.9, '§VI, Fig. 3, Table IV', [
      offered(0.9),
      above(0.2, 0.3, 'The best possible curve: '),
      below(1, 0.9, 'The 20 % of RTTs above 150 ms slow the longer responses down even with no queue (97.8 % within 1 s with the uniform RTTs): '),
    ], 'The uncongested curve with the general RTTs: the same users with the link 10 times faster.'),
    // no claims (not run by the lessons test, to keep CI short): these users offer 98.0 % (framed; 98.04)
    g('uncongested', 0.98, '§VI, Fig. 3, Table IV', [], 'The uncongested curve with the general RTTs at 98 % load (these users offer 98.0 % of 100 Mb/s).'),
    g('dt', 0.9, '§VI, Fig. 10 (a), Table IV', [
      // at 500 ms, against PI: +0.4 / -0.5 / +0.1 / -0.2; against packet mode: +5.0 / +4.8 / +5.3 / +4.7
      at(
        above(0.5, 0.65, 'Drop-tail does surprisingly well: level with PI and ahead of ARED in packet mode at 500 ms (see their lessons), '),
        0.5,
        `Drop-tail does surprisingly well: at 500 ms it is level with PI (${gPi90}), within a point, and ahead of ARED in packet mode (${gPacket90}).`,
        [[gPi90, near(0.01)], [gPacket90, more]],
      ),
      above(1, 0.84, 'And near the uncongested curve (88.5 %): '),
      lossRate(0.002, 0.01, 'Between 0.2 % and 1 % of the packets are lost (seeds/002 Table IV: 0.3 %).'),
    ]),
    g('pi24', 0.9, '§VI, Fig. 10 (a), Table IV', [
      // against drop-tail at 200 ms: +0.6 / +0.4 / +0.2 / +0.6; at 1 s: -1.4 / +0.1 / -0.6 / -0.4 (so not "within a point" at seed 1)
      at(between(0.2, 0.31, 0.35, 'Without ECN PI adds nothing: within 2 points of drop-tail at 200 ms, '), 0.2, `Without ECN PI adds nothing: within 2 points of drop-tail (${gDt90}) at 200 ms.`, [[gDt90, near(0.02)]]),
      at(between(1, 0.845, 0.87, 'And within a point of it at 1 s: '), 1, `Without ECN PI is within 2 points of drop-tail (${gDt90}) at 1 s too.`, [[gDt90, near(0.02)]]),
      lossRate(0.002, 0.0075, 'Between 0.2 % and 0.75 % of the packets are lost (seeds/002 Table IV: 0.1 %).'),
    ], 'seeds/002: "Without ECN, at 90% load, PI, REM, and ARED byte-mode provide response time performance indistinguishable from drop-tail". So here for PI: within about a point of drop-tail at every time.'),
    g('ared-packet', 0.9, '§VI, Fig. 10 (a), Table IV', [
      // against drop-tail at 200 ms: -0.6 / 0.0 / -0.6 / +0.5 (seeds 1-4), +1.1 at seed 7 (seeds 5-10 checked with the sweep); at 1 s: -8.4 / -8.3 / -8.8 / -8.9; against PI at 1 s: -7.0 / -8.4 / -8.2 / -8.5
      at(below(0.2, 0.34, 'Packet mode gains nothing over drop-tail even at 200 ms, where the two are level: '), 0.2, `Packet mode gains nothing over drop-tail (${gDt90}) even at 200 ms, where the two are level: within a point and a half.`, [[gDt90, near(0.015)]]),
      at(
        below(1, 0.8, 'And the worst of all here at 1 s, about 8 points behind drop-tail and PI: '),
        1,
        `And the worst of all here at 1 s: more than 5 points behind drop-tail (${gDt90}) and PI (${gPi90}).`,
        [[gDt90, behindBy(0.05)], [gPi90, behindBy(0.05)]],
      ),
      lossRate(0.015, 0.035, 'Between 1.5 % and 3.5 % of the packets are lost.'),
    ], 'seeds/002: "ARED packet-mode performs significantly worse than drop-tail and all other algorithms" (with the general RTTs at 90 % load): so here.'),
    g('dt', 0.98, '§VI, Fig. 10 (b, d), Table IV', [
      queueIn(60, 240, 'The 240-packet queue holds more than 60 packets on average.'),
      between(1, 0.79, 0.82, 'Drop-tail: '),
      lossRate(0.01, 0.025, 'Between 1 % and 2.5 % of the packets are lost (seeds/002 Table IV: 1.5 %).'),
    ]),
    g('pi24', 0.98, '§VI, Fig. 10 (b), Table IV', [
      // against drop-tail at 1 s: -0.1 / +1.3 / +1.4 / +1.9 (so "within 2 points" by 0.1 at seed 4: said as 2.5)
      at(between(1, 0.8, 0.83, 'Without ECN PI stays close to drop-tail: within 2 points at 1 s, '), 1, `Without ECN PI stays close to drop-tail (${gDt98}): within 2.5 points at 1 s.`, [[gDt98, near(0.025)]]),
      // loss rate, PI's over drop-tail's: 0.81 / 0.64 / 0.74 / 0.65
      lossVs(
        lossRate(0.008, 0.015, 'Fewer packets are lost than behind drop-tail: 0.8 % to 1.5 % (seeds/002 Table IV: 1.0 %, drop-tail 1.5 %).'),
        `Fewer packets are lost than behind drop-tail (${gDt98}), as in seeds/002 Table IV (1.0 % against 1.5 %).`,
        [[gDt98, fewer]],
      ),
    ]),
    g('pi24', 0.98, '§VI, Fig. 10 (d), Table IV', [
      // at 1 s, against drop-tail: +3.4 / +3.8 / +4.1 / +4.7; against PI without ECN: +3.5 / +2.4 / +2.7 / +2.8
      at(
        above(1, 0.83, 'With ECN PI is ahead of drop-tail and of PI without ECN at 1 s (see their lessons): '),
        1,
        `With ECN PI is ahead of drop-tail (${gDt98}) and of PI without ECN (${gPi98}) at 1 s.`,
        [[gDt98, more], [gPi98, more]],
      ),
      // at 2 s, against drop-tail: +1.9 / +2.3 / +2.4 / +3.0; against PI without ECN: +1.2 / +0.8 / +0.9 / +1.0
      at(above(2, 0.92, 'Also at 2 s: '), 2, `Also at 2 s: ahead of drop-tail (${gDt98}) and of PI without ECN (${gPi98}).`, [[gDt98, more], [gPi98, more]]),
      // loss rate against PI without ECN: 0.06 % / 1.12 %, 0.06 / 1.02, 0.06 / 1.01, 0.07 / 1.10
      lossVs(
        lossRate(0, 0.005, 'ECN removes most losses: under 0.5 % of the packets (seeds/002 Table IV: 0.2 %).'),
        `ECN removes most losses: fewer than half as many packets are lost as by PI without ECN (${gPi98}); seeds/002 Table IV: 0.2 % against 1.0 %.`,
        [[gPi98, (x, y) => x < y / 2]],
      ),
      queueIn(150, 300, 'Marks instead of drops let the queue grow past q_ref (24,000 bytes, about 41 of these packets): over 150 packets on average.'),
      // The text said PI with ECN is "behind drop-tail and PI without ECN for the shortest responses (about 2 to 3
      // points at 200 ms)", checked by no statement. At 200 ms at seeds 1-5, against PI without ECN: -1.0 / -3.1 /
      // -3.2 / -3.5 / -1.8; against drop-tail: +1.3 / -2.1 / -1.3 / -2.0 / -0.1 (ahead at seed 1, level at seed 5;
      // re-run 2026-11-29, differences of the unrounded shares)
      at(
        below(0.2, 0.28, 'With its long queue PI with ECN is behind PI without ECN for the shortest responses (without ECN: 29.9 %): '),
        0.2,
        `With its long queue PI with ECN is behind PI without ECN (${gPi98}) for the shortest responses: fewer complete within 200 ms.`,
        [[gPi98, fewer]],
      ),
    ], 'seeds/002: with ECN at 98 % load "PI and REM perform best" beyond about 250 ms. In this lesson\'s 30 s PI with ECN is behind PI without ECN for the shortest responses (about 3 points at 200 ms: its queue is the longest of them; here behind drop-tail too, by 2 points, though not at every seed), level with PI without ECN and about a point ahead of drop-tail at 500 ms, and ahead of both beyond, by about 2.5 and 3.5 points at 1 s. Its queue is long because PI has not settled yet: with the gains the paper used (ns-2\'s), 170 times a second p moves by only (a - b) = 6e-8 for every 1000 bytes the queue is over q_ref, so p takes about 100 s to climb to where the marks hold the queue (the paper measured 90 minutes, where this start does not count). Try the run measured after 100 s (below).', 'ecn', [SETTLED_EXPERIMENT]),
    g('rem24', 0.98, '§VI, Fig. 10 (d), Table IV', [
      // at 200 ms, against drop-tail: +3.2 / +1.8 / +2.2 / +2.1; against PI with ECN: +1.9 / +3.9 / +3.5 / +4.1
      at(
        between(0.2, 0.29, 0.32, 'REM with ECN is ahead of drop-tail and of PI with ECN at 200 ms: '),
        0.2,
        `REM with ECN is ahead of drop-tail (${gDt98}) and of PI with ECN (${gPiEcn98}) at 200 ms.`,
        [[gDt98, more], [gPiEcn98, more]],
      ),
      // at 1 s, against drop-tail: +2.0 / +3.0 / +3.1 / +3.9; against PI with ECN: -1.4 / -0.7 / -1.0 / -0.8
      at(
        between(1, 0.815, 0.843, 'At 1 s it is between drop-tail and PI with ECN: '),
        1,
        `At 1 s it is between drop-tail (${gDt98}) and PI with ECN (${gPiEcn98}): ahead of the one, behind the other.`,
        [[gDt98, more], [gPiEcn98, fewer]],
      ),
      lossRate(0, 0.01, 'Under 1 % of the packets are lost (seeds/002 Table IV: 0.2 %).'),
      // The text's "a shorter queue than PI with ECN (about 110 against 230 packets on average, left to right)" was
      // checked by no statement. Mean queue at seeds 1-5: 68.6, 110.0, 104.4, 134.9, 99.4 packets; PI with ECN 124.3,
      // 227.0, 178.2, 239.1, 162.8: 0.48 to 0.61 times PI's
      versus(
        queueIn(0, 150, 'It keeps a shorter queue than PI with ECN (about 230 packets): under 150 packets on average.'),
        `It keeps a shorter queue than PI with ECN (${gPiEcn98}): under three quarters of its mean queue.`,
        (s) => s.bottleneck.meanQueuePackets,
        (q) => `mean queue ${q.toFixed(1)} packets`,
        (q) => `${q.toFixed(1)} packets`,
        [[gPiEcn98, (x, y) => x < 0.75 * y]],
      ),
    ], 'seeds/002 finds REM with ECN as good as PI with ECN at 98 % load; here it keeps a shorter queue than PI with ECN (about 110 against 230 packets on average, left to right), wins the short responses and loses the long ones, by about 4 points at 200 ms and under a point at 1 s. That is PI still settling (see the PI with ECN lesson): measured from 100 s on, the two are level within 0.2 points at every time, as the paper has them.', 'ecn'),
  ];
}

const WORDS: Record<Aqm, string> = {
  uncongested: '',
  dt: 'A 240-packet drop-tail queue (about 19 ms of 1000-byte packets at 100 Mb/s): the reference every AQM should beat (seeds/002 §IV-D).',
  pi24: 'PI with q_ref = 24 packets (24,000 bytes: seeds/002\'s low-latency target, about 2 ms at 100 Mb/s), queue in bytes as the paper recommends for PI, drop probability scaled by packet size: 170 times a second p moves by a (q - q_ref) - b (q_old - q_ref).',
  pi240: 'PI with q_ref = 240 packets (240,000 bytes: seeds/002\'s high-utilization target, about 19 ms at 100 Mb/s), queue in bytes, drop probability scaled by packet size.',
  // the price moves by gamma (alpha (q - b*) + x - c), alpha 0.1: it can fall with the queue over b* or the
  // arrivals over capacity (27-31 % of such updates in le-rem-24 and web-users-rem-90: lesson-mechanics-2.test.ts)
  rem24: 'REM with b* = 24 packets (24,000 bytes), queue and arrivals in bytes as the paper recommends for REM: a price that grows while the arrivals\' excess over the link\'s capacity plus a tenth of the queue\'s excess over b* is positive (either may be negative), and p = 1 - 1.001^(-price), scaled by packet size.',
  rem240: 'REM with b* = 240 packets (240,000 bytes), queue and arrivals in bytes.',
  'ared-packet': 'Adaptive RED (12, 36) in packet mode: every packet, SYN, ACK or full segment, meets the same probability.',
  'ared-byte': 'Adaptive RED (12, 36) in byte mode: the average queue in bytes and each packet\'s probability scaled by its size over 1000 bytes (seeds/002 eq. 3).',
};
const ECN_WORDS: Record<Ecn, string> = {
  none: '',
  ecn: 'With ECN: data packets are marked instead of dropped; SYNs, SYN-ACKs and pure ACKs are not ECN-capable and are still dropped.',
  'new-gentle': 'With ECN and seeds/002\'s "new gentle" rule (ECN-capable packets marked, not dropped, above max_th).',
};
const RTT_WORDS: Record<Rtt, string> = {
  uniform: 'RTTs uniform on 10-150 ms (§IV-V)',
  general: 'RTTs from seeds/002\'s "general" distribution (§VI), which the paper measured at a campus gateway (ref. [15]) and shows only as a plot (its Fig. 2). The table here keeps what the paper\'s text says: the uniform 10-150 ms is "a good approximation for the body (e.g., the 5th to 80th percentile)", so 5 % of the RTTs are under 10 ms, uniform 10-150 ms up to the 80th percentile and 20 % above 150 ms; and the distribution needs 11 % more users for the same load (10,570 instead of 9,520 per 100 Mb/s). The tail is assumed: its shape (7 % of the RTTs 150-250 ms, 5 % 250-500 ms, 4.5 % 0.5-1.5 s, 3.5 % 1.5-3.5 s) and end (3.5 s) are not in the paper, and its weight was set so that the calibration needs about 11 % more users than with the uniform RTTs, as the paper\'s did (here 10.5 % at 90 %, 10.3 % at 98 %). Median RTT 94 ms, mean 226 ms (the uniform one\'s 80 ms)',
};
const SETUP = (x: Spec) =>
  `Browsing users on both sides (${grouped(SEEDS002_USERS[x.rtt][x.load])} per side, calibrated as the paper did: they keep a 1 Gb/s link ${x.load === 0.9 ? 9 : 9.8} % busy) offer ${x.load === 0.9 ? '90' : '98'} % of ${x.aqm === 'uncongested' ? 'the paper\'s' : 'a'} 100 Mb/s link, as in seeds/002; ${RTT_WORDS[x.rtt]}; 16 KB windows; servers answer as soon as a request is in (seeds/002 §III: "delays there are insignificant"). The bottleneck is framed as Ethernet, as the paper's testbed was (Fast Ethernet at 100 Mb/s, Gigabit Ethernet at 1 Gb/s): every packet takes 38 bytes more wire time than its IP size and a short one is padded to the 64-byte minimum frame, so a 100 Mb/s link carries only about 93 Mb/s of these IP packets, the paper's throughputs; loss, throughput and the users' load are counted in IP bytes, as the paper counted them. Shortened from the paper's 90 minutes: responses in 30 s after a 10 s warm-up (about 75,000), one seed; the same users in every lesson of this family at this load, so the CDFs compare directly: Compare, “this lesson’s family”, overlays them all (seeds/002 Fig. 4).`;

const LABEL: Record<Aqm, string> = {
  uncongested: 'uncongested 1 Gb/s link',
  dt: 'drop-tail 240',
  pi24: 'PI q_ref 24',
  pi240: 'PI q_ref 240',
  rem24: 'REM b* 24',
  rem240: 'REM b* 240',
  'ared-packet': 'ARED packet mode',
  'ared-byte': 'ARED byte mode',
};
const ECN_LABEL: Record<Ecn, string> = { none: '', ecn: ' + ECN', 'new-gentle': ' + ECN, new gentle' };
const ECN_NAME: Record<Ecn, string> = { none: '', ecn: '-ecn', 'new-gentle': '-newgentle' };

export function seeds002PaperPresets(): PresetSource[] {
  return specs().map((x) => {
    const load = x.load === 0.9 ? 90 : 98;
    return {
      name: lessonName(x.aqm, x.load, x.rtt, x.ecn),
      title: `Browsing users at ${load} % of 100 Mb/s, ${LABEL[x.aqm]}${ECN_LABEL[x.ecn]}${x.rtt === 'general' ? ', general RTTs' : ''} (seeds/002)`,
      paper: `seeds/002 ${x.figure}`,
      group: 'lesson',
      lesson: [WORDS[x.aqm], ECN_WORDS[x.ecn], x.text ?? '', SETUP(x)].filter((t) => t).join(' '),
      claims: x.claims,
      ...(x.experiments ? { experiments: x.experiments } : {}),
      json: seeds002PaperJson(x.aqm, x.ecn, x.load, x.rtt),
    };
  });
}
