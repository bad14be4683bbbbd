import type { Summary } from '../../metrics/types';
import { claim, claimOf, notReached, percent, timelineOf, windowsIn, type Claim, type Experiment, type PresetSource } from './types';

// ---- seeds/002 (Le, Aikat, Jeffay, Smith): the AQM parameter sets on long-lived flows ----

/*
 * seeds/002 compares PI, REM and ARED on a 100 Mb/s link loaded by web users, each with
 * and without ECN (Table II), and ARED's "new gentle" ECN forwarding (Table III). These
 * lessons run its parameter sets on long-lived flows instead, to show what each
 * controller holds the queue to (the web workload has its own lessons):
 * - 100 Mb/s bottleneck, 100 NewReno flows with the 16 KB window of seeds/002 §III and
 *   minimum RTTs drawn uniformly from 10 to 150 ms (DelayBox-style per-flow delays, §III);
 * - PI: q_ref 24 or 240 packets, a = 1.822e-5, b = 1.816e-5, w = 170 Hz (eq. 1, the
 *   coefficients of Hollot et al. as used by seeds/002);
 * - REM: b* = 24 or 240, gamma 0.001, phi 1.001, alpha 0.1, 2 ms updates (eq. 2);
 * - ARED: (min_th, max_th) = (12, 36) or (120, 360) packets, gentle, in packet mode or in
 *   byte mode (queue and thresholds in bytes, p scaled by size, eq. 3);
 * - a buffer large enough that tail drops do not occur (§IV: "set the maximum queue size
 *   to a number of packets sufficient to ensure tail drops do not occur"): 2000 packets.
 * Statistics: 40 s after a 20 s warm-up. Data packets are 1500 bytes; ACKs 40.
 */

const LINK = 100e6;
const FLOWS = 100;
const PKT = 1500;

function json(queue: Record<string, unknown>, ecn: boolean): Record<string, unknown> {
  return {
    version: 1,
    seed: 1,
    duration: 60,
    warmup: 20,
    topology: {
      kind: 'dumbbell',
      bottleneck: { rate: LINK, delay: 0, queue },
      left: { hosts: FLOWS, rate: 1e9, delay: 0 },
      right: { hosts: FLOWS, rate: 1e9, delay: 0 },
      // each flow's one-way extra delay, both ways: minimum RTT uniform on [10, 150] ms
      flowDelay: { kind: 'uniform', min: 0.0025, max: 0.0375 },
    },
    tcp: { variant: 'newreno', mss: PKT - 40, headerBytes: 40, rwnd: 16384, ecn },
    traffic: [{ kind: 'bulk', from: 'left', flows: FLOWS, start: 0, startSpread: 2 }],
  };
}

const SETUP = `100 NewReno flows with 16 KB windows and minimum RTTs uniform on 10-150 ms share a 100 Mb/s link (seeds/002 §III, with long-lived flows instead of web users); the buffer (2000 packets) is large enough that the AQM alone decides. Statistics cover 40 s after a 20 s warm-up.`;

/**
 * A statement that the queue (or RED's average, `avg`, in packets: `scale` bytes each)
 * settles: its mean over the run after the warm-up, and over each half of that (20-40 s and
 * 40-60 s, from the timeline's windows), are all `ok`. Or, with `falling`, that it is still
 * coming down: the run's mean and the second half's are `ok`, and the second half's is
 * under `falling` times the first's (the text says so). Measured over seeds 1-5 (see the
 * claims); each fails once the flows stop halfway (traffic.0.stop = 40: the second half's
 * queue empties).
 */
function settles(text: string, read: 'queue' | 'avg', ok: (q: number) => boolean, scale = 1, falling?: number): Claim {
  return claimOf(falling === undefined ? `${text} It stays there: so it is in each half of the 40 s measured.` : text, (s: Summary) => {
    const t = timelineOf(s);
    const col = read === 'queue' ? t.queueMean : t.aqm.avg;
    if (!col) throw new Error('the bottleneck queue has no average');
    const end = t.end.at(-1) ?? 0;
    const mid = (s.warmup + end) / 2;
    const mean = (w: number[]) => w.reduce((a, k) => a + col[k], 0) / w.length / scale;
    if (windowsIn(t, mid, end).length === 0 || windowsIn(t, s.warmup, mid).length === 0) return notReached(t, s.warmup);
    const [h1, h2] = [mean(windowsIn(t, s.warmup, mid)), mean(windowsIn(t, mid, end))];
    const whole = (read === 'queue' ? s.bottleneck.meanQueuePackets : (s.bottleneck.aqm?.means.avg ?? NaN)) / scale;
    const what = read === 'queue' ? 'mean queue' : "RED's average queue averaged";
    const pass = falling === undefined ? ok(whole) && ok(h1) && ok(h2) : ok(whole) && ok(h2) && h2 < falling * h1;
    return { pass, measured: `${what} ${whole.toFixed(1)} packets; ${h1.toFixed(1)} in ${s.warmup}-${mid} s, ${h2.toFixed(1)} in ${mid}-${end} s` };
  });
}

const noLossWithEcn = (): Claim =>
  claimOf('With ECN the queue marks instead of dropping: under 0.01 % of packets are lost.', (s) => ({ pass: s.bottleneck.lossRate < 0.0001 && s.bottleneck.marks > 0, measured: `${percent(s.bottleneck.lossRate, 3)} lost, ${s.bottleneck.marks} marks` }));
const losesWithoutEcn = (): Claim => claim('Without ECN every congestion signal is a drop: more than 0.1 % of packets are lost.', (s) => s.bottleneck.lossRate, (l) => l > 0.001, (l) => `${percent(l, 2)} lost`);
const busy = (u: number): Claim => claim(`The link stays busy: more than ${percent(u, 0)} utilization.`, (s) => s.bottleneck.utilization, (x) => x > u, (x) => `${percent(x)} busy`);

/*
 * le-pi-24's experiment. Measured with seeds 1-3: mean queue 240.2-243.3 packets, mean wait
 * 28.8-29.2 ms, loss 1.24-1.53 %, 383-656 timeouts, utilization 99.96 % and up (q_ref 24,
 * seed 1: 35.9 packets, 4.4 ms, 2.86 % lost, 2486 timeouts, 98.4 % busy).
 */
const piQrefTenfold: Experiment = {
  title: 'Raise q_ref tenfold, to 240 packets',
  set: { 'topology.bottleneck.queue.qRef': 240 },
  claims: [
    // halves at seeds 1-5 within 238.3-244.4 packets (the same run as le-pi-240); the lesson's q_ref 24: 30-52
    settles('PI moves its drop probability until the queue sits at the new reference: the mean queue is within 10 % of 240 packets (q_ref 24: 36).', 'queue', (q) => q > 216 && q < 264),
    claim('Every packet pays for it in delay: the mean wait grows from 4 ms to more than 25 ms.', (s) => s.bottleneck.meanQueueDelay, (d) => d > 0.025, (d) => `mean wait ${(d * 1000).toFixed(1)} ms`),
    claimOf('In return the longer round trips need fewer drops to hold the flows to the link (seeds/004 eq. 2): under 2 % of packets are lost and fewer than 1,000 timeouts occur (q_ref 24: 2.9 % and 2,486).', (s) => {
      const t = s.flows.reduce((a, f) => a + f.timeouts, 0);
      return { pass: s.bottleneck.lossRate < 0.02 && t < 1000, measured: `${percent(s.bottleneck.lossRate, 2)} lost, ${t} timeouts` };
    }),
    busy(0.995),
  ],
};

function controller(kind: 'pi' | 'rem', target: 24 | 240, ecn: boolean): PresetSource {
  const queue = kind === 'pi' ? { kind, limit: 2000, qRef: target, ecn } : { kind, limit: 2000, bStar: target, ecn, meanPktSize: PKT };
  const name = kind === 'pi' ? 'q_ref' : 'b*';
  // the short target is held only roughly: PI's gains (Hollot et al.'s design example was a
  // 15 Mb/s link) and REM's step are not retuned for 100 Mb/s, and ECN senders push harder
  const queueClaim: Claim =
    target === 240
      ? // halves at seeds 1-5 within 235.8-247.6 packets (PI and REM, with and without ECN)
        settles(`The mean queue settles within 10 % of ${name} = 240 packets.`, 'queue', (q) => q > 216 && q < 264)
      : // mean queue at seeds 1-5: le-rem-24 24.6, 24.2, 23.9, 24.8, 25.1; le-rem-24-ecn 27.2, 32.9, 37.6,
        // 33.7, 34.4; le-pi-24 35.9, 41.6, 41.8, 40.9, 42.1; le-pi-24-ecn 59.3, 74.7, 81.8, 77.0, 77.8 packets
        kind === 'rem'
        ? ecn
          ? // halves at seeds 1-5: 27.9 -> 26.5, 36.3 -> 29.5, 41.9 -> 33.4, 37.0 -> 30.5, 37.9 -> 30.8 packets
            settles(`The mean queue settles a little above ${name} = 24 packets (20 to 40): ECN senders, which never time out, push it higher. It is still coming down: lower in the second half of the 40 s measured than in the first.`, 'queue', (q) => q > 20 && q < 40, 1, 1)
          : // halves at seeds 1-5 within 23.5-26.2 packets
            settles(`The mean queue settles near ${name} = 24 packets (20 to 32).`, 'queue', (q) => q > 20 && q < 32)
        : // halves at seeds 1-5: 41.8 -> 30.0, 52.0 -> 31.2, 51.9 -> 31.7, 48.5 -> 33.3, 51.8 -> 32.5 packets (0.60-0.72);
          // with ECN 70.2 -> 48.3, 86.6 -> 62.8, 94.8 -> 68.7, 88.8 -> 65.2, 89.9 -> 65.7 (0.69-0.73)
          settles(
            `The queue stays short, within a few times ${name} = 24 (under ${ecn ? 96 : 72} packets on average), a tenth of the 240 setting's; the gains, designed for a slower link, hold it only roughly${ecn ? ' (ECN senders, which never time out, push it highest)' : ''}, and slowly: over the 40 s measured it is still coming down, by a fifth or more from the first half to the second.`,
            'queue',
            (q) => q > 12 && q < (ecn ? 96 : 72),
            1,
            0.8,
          );
  return {
    name: `le-${kind}-${target}${ecn ? '-ecn' : ''}`,
    title: `seeds/002: ${kind.toUpperCase()} with ${name} = ${target}${ecn ? ' and ECN' : ''}, long-lived flows`,
    paper: 'seeds/002 §II eq. ' + (kind === 'pi' ? '1' : '2') + ', §IV-V, Table II',
    group: 'lesson',
    lesson: `${
      kind === 'pi'
        ? `PI samples the queue 170 times a second and moves its drop probability by a (q - q_ref) - b (q_old - q_ref): it steers the instantaneous queue to q_ref = ${target} packets.`
        : // REM's price moves by gamma (alpha (q - b*) + x - c): tests/golden/lesson-mechanics-2.test.ts
          // measured that of the 2 ms updates with the arrivals over capacity or the queue over b*, 27-31 % lowered
          // the price (le-rem-24 seeds 1-2, web-users-rem-90 seed 2), so "raises its price while arrivals exceed
          // capacity or the queue exceeds b*" was wrong; the sentence gives the sum, alpha = 0.1.
          `REM raises its price while the arrivals' excess over capacity plus a tenth of the queue's excess over b* = ${target} packets is positive (either excess may be negative), and drops or marks with probability 1 - 1.001^(-price).`
    } ${ecn ? 'Senders and queue use ECN: ECT packets are marked instead of dropped.' : ''} ${SETUP}`,
    claims: [queueClaim, busy(target === 240 ? 0.97 : 0.95), ecn ? noLossWithEcn() : losesWithoutEcn()],
    experiments: kind === 'pi' && target === 24 && !ecn ? [piQrefTenfold] : undefined,
    json: json(queue, ecn),
  };
}

/**
 * ARED with ECN keeps its average under max_th, so the gentle region (where RFC 3168 drops
 * ECT packets, and new gentle marks them) is almost never reached. Checked on the timeline:
 * the average's time average in every window after the warm-up stays under max_th, and
 * (RFC 3168's drops above max_th) no packet is dropped. The run's mean average (23.9
 * packets), which the sentence was checked with before, did not show it: a mean under 36
 * holds with whole seconds above 36. Seeds 1-3, every mode and threshold: highest window
 * 24.1-25.9 packets (max_th 36) and 234.3-242.4 (360), no drop.
 */
function belowMaxTh(maxTh: number, scale: number, newGentle: boolean): Claim {
  return claimOf(
    `ARED keeps the average below max_th = ${maxTh}, so the gentle region where RFC 3168 drops ECT packets${newGentle ? ' (and where new gentle marks them instead)' : ''} is almost never reached: ${newGentle ? "new gentle changes nothing for long-lived flows; it matters for seeds/002's bursty web traffic (Table III)." : 'with long-lived flows ECN removes every drop.'}`,
    (s) => {
      const t = timelineOf(s);
      const avg = t.aqm.avg;
      if (!avg) throw new Error('the bottleneck queue has no average');
      const w = windowsIn(t, s.warmup, t.end.at(-1) ?? 0);
      if (w.length === 0) return notReached(t, s.warmup);
      const top = Math.max(...w.map((k) => avg[k])) / scale;
      const drops = s.bottleneck.drops;
      const window = `${+t.window.toFixed(6)} s`;
      return {
        pass: top < maxTh && (newGentle || drops === 0),
        measured: `RED's average queue, averaged over each ${window} after the warm-up: at most ${top.toFixed(1)} packets${newGentle ? '' : `; ${drops} ${drops === 1 ? 'drop' : 'drops'}`}`,
      };
    },
  );
}

function ared(th: 12 | 120, mode: 'packet' | 'byte', ecn: boolean, newGentle = false): PresetSource {
  const bytes = mode === 'byte';
  const scale = bytes ? PKT : 1;
  const queue = {
    kind: 'ared',
    limit: 2000 * scale,
    unit: bytes ? 'bytes' : 'packets',
    mode,
    minTh: th * scale,
    maxTh: 3 * th * scale,
    meanPktSize: PKT,
    gentle: true,
    ecn,
    aboveMaxTh: newGentle ? 'new-gentle' : 'drop',
  };
  const band = [th + 0.4 * 2 * th, 3 * th - 0.4 * 2 * th];
  const claims: Claim[] = [
    // halves at seeds 1-5 within 23.0-25.1 packets (min_th 12: band 21.6-26.4) and 224.8-238.2 (min_th 120: 216-264), every mode
    settles(`The average queue settles in ARED's target band, ${band[0].toFixed(1)} to ${band[1].toFixed(1)} packets.`, 'avg', (a) => a >= band[0] && a <= band[1], scale),
    busy(th === 12 ? 0.95 : 0.97),
  ];
  if (!ecn) claims.push(losesWithoutEcn());
  else {
    claims.push(noLossWithEcn());
    claims.push(belowMaxTh(3 * th, scale, newGentle));
  }
  return {
    name: `le-ared-${th}-${mode}${ecn ? (newGentle ? '-ecn-newgentle' : '-ecn') : ''}`,
    title: `seeds/002: ARED (${th}, ${3 * th}) in ${mode} mode${ecn ? (newGentle ? ', ECN, new gentle' : ', ECN') : ''}, long-lived flows`,
    paper: `seeds/002 §II eq. 3, §IV-C, §V-B, Tables II${newGentle ? '-III' : ''}`,
    group: 'lesson',
    // max_p is checked every 0.5 s and moves only with the average outside the middle fifth of [min_th, max_th]: in
    // le-ared-12-packet (seed 1) it stayed at 105 of the 119 checks, the average in that band, so "max_p moves every 0.5 s"
    // said more than the run shows (lesson-mechanics-2.test.ts).
    lesson: `Adaptive RED with min_th = ${th} and max_th = ${3 * th} packets${bytes ? ` (in bytes: ${th * PKT} and ${3 * th * PKT}; p scaled by packet size, seeds/002 eq. 3)` : ''}: every 0.5 s, unless the average is in the middle fifth of the thresholds, max_p moves (up if the average is above it, down if below) to bring the average back there. ${
      newGentle ? 'With "new gentle" (seeds/002 §V-B), ECT packets are marked, not dropped, while the average is between max_th and 2 max_th.' : ecn ? 'With ECN, RFC 3168 drops even ECT packets once the average passes max_th.' : ''
    } ${SETUP}`,
    claims,
    json: json(queue, ecn),
  };
}

/** seeds/002's AQM settings on long-lived flows. */
export function seeds002AqmPresets(): PresetSource[] {
  const out: PresetSource[] = [];
  for (const kind of ['pi', 'rem'] as const) for (const t of [24, 240] as const) for (const ecn of [false, true]) out.push(controller(kind, t, ecn));
  for (const th of [12, 120] as const) for (const mode of ['packet', 'byte'] as const) for (const ecn of [false, true]) out.push(ared(th, mode, ecn));
  for (const th of [12, 120] as const) for (const mode of ['packet', 'byte'] as const) out.push(ared(th, mode, true, true));
  return out;
}
