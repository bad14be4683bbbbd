import { SEEDS000_RTT_POINTS } from '../../traffic/flow-delay';
import { SEEDS000_TCP } from './seeds000';
import type { Summary } from '../../metrics/types';
import { claim, claimOf, notReached, percent, timelineOf, windowsIn, type Claim, type Experiment, type PresetSource } from './types';

// ---- seeds/000 Adaptive RED settings on long-lived flows ---------------------------------

/*
 * seeds/000 §5.2.2 and Tables 1 and 3: ARED-5ms (ns-2's default target delay) and
 * ARED-60ms (thresholds like Christiansen et al.'s 30 / 90), each with and without ECN,
 * on its 10 Mb/s link: automatic min_th = max(5, target x C / 2) and max_th = 3 min_th
 * with C in the 1250-byte mean packets of its traffic, automatic w_q, gentle, packet
 * mode, max_p adapted in [0.01, 0.5] every 500 ms (alpha 0.01, beta 0.9), a 5 x BDP
 * buffer (370 packets) so ARED alone decides. Here 20 long-lived Reno flows with the TCP
 * of Table 2 and the paper's DelayBox RTTs replace its web traffic (the web lessons are
 * web-*), so the lesson shows what ARED holds the queue to.
 */

function json(target: 0.005 | 0.06, ecn: boolean): Record<string, unknown> {
  return {
    version: 1,
    seed: 1,
    duration: 120,
    warmup: 30,
    topology: {
      kind: 'dumbbell',
      bottleneck: { rate: 10e6, delay: 0, queue: { kind: 'ared', limit: 370, targetDelay: target, meanPktSize: 1250, ecn } },
      left: { hosts: 20, rate: 100e6, delay: 0 },
      right: { hosts: 20, rate: 100e6, delay: 0 },
      flowDelay: { kind: 'empirical', points: SEEDS000_RTT_POINTS },
    },
    tcp: { ...SEEDS000_TCP, ecn },
    traffic: [{ kind: 'bulk', from: 'left', flows: 20, start: 0, startSpread: 5 }],
  };
}

/*
 * The lesson's "watch max_p move until the average sits mid-way between min_th and max_th,
 * then hover there", on the timeline's 2 s windows. Seeds 1-5, max_p from its first 2 s to
 * the 2 s before 30 s, and the range of the average's 2 s means after the warm-up:
 *   5 ms: 0.086-0.100 -> 0.052-0.061 (-30 to -47 %), average 8.2-11.0 packets (band 7.5-12.5)
 *   60 ms: 0.086-0.088 -> 0.019-0.029, average 47.2-67.7 (band 45-75)
 *   ECN 5 ms: 0.086-0.100 -> 0.156-0.340, average 9.4-11.0
 *   ECN 60 ms: 0.086-0.091 -> 0.036-0.052, average 51.5-64.1
 * With the adaptation held off (queue.interval = 100 s) max_p stays at 0.1 and the average
 * sits below the band: 7.1-9.6 packets at 5 ms, 35.0-42.9 at 60 ms (seed 1).
 */
function hovers(minTh: number): Claim {
  const [lo, hi] = [1.5 * minTh, 2.5 * minTh];
  return claimOf(`max_p moves in the first seconds (its 2 s mean changes by more than a quarter before the warm-up ends) until the average sits mid-way between min_th and max_th; after the warm-up it hovers there: in every 2 s window its mean lies between ${lo} and ${hi} packets (a quarter of the way from each threshold).`, (s) => {
    const t = timelineOf(s);
    const mp = t.aqm.maxP;
    const avg = t.aqm.avg;
    if (!mp || !avg) throw new Error('the bottleneck queue has no max_p or average');
    const atWarmup = t.end.findIndex((e) => e >= s.warmup - 1e-9);
    if (atWarmup < 0 || windowsIn(t, s.warmup).length === 0) return notReached(t, s.warmup);
    const moved = Math.abs(mp[atWarmup] / mp[0] - 1);
    const w = windowsIn(t, s.warmup);
    const a = w.map((k) => avg[k]);
    const [least, most] = [Math.min(...a), Math.max(...a)];
    return { pass: moved > 0.25 && w.length > 0 && least >= lo && most <= hi, measured: `max_p ${mp[0].toPrecision(3)} in the first 2 s, ${mp[atWarmup].toPrecision(3)} in the 2 s before ${s.warmup} s; the average's 2 s means after ${least.toFixed(1)} to ${most.toFixed(1)} packets` };
  });
}

function preset(ms: 5 | 60, ecn: boolean): PresetSource {
  const minTh = ms === 5 ? 5 : 30;
  const band = [minTh + 0.8 * minTh, 3 * minTh - 0.8 * minTh];
  const claims: Claim[] = [
    claimOf(`ARED sets its thresholds from the ${ms} ms target: min_th ${minTh}, max_th ${3 * minTh} packets (${ms === 5 ? 'the floor of 5 packets, since 5 ms x 1000 packets/s / 2 = 2.5' : '60 ms x 1000 packets/s / 2'}).`, (s) => {
      const p = s.bottleneck.aqm?.params;
      const a = p?.minTh as number;
      const b = p?.maxTh as number;
      return { pass: Math.abs(a - minTh) < 1e-9 && Math.abs(b - 3 * minTh) < 1e-9, measured: `min_th ${a}, max_th ${b}` };
    }),
    claim(`max_p adapts so the average queue stays in the middle band, ${band[0]} to ${band[1]} packets.`, (s) => s.bottleneck.aqm?.means.avg ?? NaN, (a) => a >= band[0] && a <= band[1], (a) => `RED's average queue averaged ${a.toFixed(1)} packets`),
    hovers(minTh),
    ms === 5
      ? claim('Packets wait about 12 ms on average (under 20 ms).', (s) => s.bottleneck.meanQueueDelay, (d) => d < 0.02, (d) => `mean queueing delay ${(d * 1e3).toFixed(1)} ms`)
      : claim('Packets wait 50 to 90 ms on average: the 60 ms target counted in 1250-byte packets, while these flows send 1460-byte ones.', (s) => s.bottleneck.meanQueueDelay, (d) => d > 0.05 && d < 0.09, (d) => `mean queueing delay ${(d * 1e3).toFixed(1)} ms`),
    ms === 60
      ? claim('The link stays busy: more than 99 % utilization.', (s) => s.bottleneck.utilization, (u) => u > 0.99, (u) => `${percent(u)} busy`)
      : ecn
        ? claim('With ECN the short queue costs no throughput: more than 99 % utilization (compare ARED-5 ms without ECN).', (s) => s.bottleneck.utilization, (u) => u > 0.99, (u) => `${percent(u)} busy`)
        : claim('Without ECN the short target costs throughput: drops force timeouts and the link is less than 96 % busy.', (s) => s.bottleneck.utilization, (u) => u < 0.96, (u) => `${percent(u)} busy`),
    ecn
      ? claim('With ECN nothing is dropped: every signal is a mark.', (s) => s.bottleneck.drops, (d) => d === 0, (d) => `${d} drops`)
      : claim('Without ECN every signal is a drop: more than 0.5 % of packets are lost.', (s) => s.bottleneck.lossRate, (l) => l > 0.005, (l) => `${percent(l, 2)} lost`),
  ];
  return {
    name: `seeds000-ared${ecn ? '-ecn' : ''}-${ms}ms`,
    title: `seeds/000 ARED${ecn ? ' + ECN' : ''} with a ${ms} ms target, long-lived flows`,
    paper: 'seeds/000 §2.3, §5.2.2, Tables 1 and 3',
    group: 'lesson',
    lesson: `Adaptive RED as seeds/000 configures it ("ARED${ecn ? ' + ECN' : ''}-${ms} ms"): thresholds, weight and max_p set automatically from a ${ms} ms target on the 10 Mb/s link, gentle, 370-packet buffer. 20 long-lived Reno flows with the paper's TCP settings (Table 2) and DelayBox round trips stand in for its web traffic. Watch max_p on the AQM chart move until the average sits mid-way between min_th and max_th, then hover there. Statistics cover 90 s after a 30 s warm-up.${ms === 5 && !ecn ? ' Below, try the two ways seeds/000 compares out of the short target\'s lost throughput: ECN, or a 60 ms target.' : ''}`,
    claims,
    experiments: ms === 5 && !ecn ? ared5Experiments() : undefined,
    json: json(ms === 5 ? 0.005 : 0.06, ecn),
  };
}

/*
 * seeds000-ared-5ms's experiments. Measured with seeds 1-3. ECN on: 0 drops, 0 timeouts,
 * mean wait 12.1-12.6 ms, utilization 99.8-100 %. Target 60 ms: min_th 30, max_th 90, mean
 * wait 67.5-68.7 ms, utilization 99.9-100 %, loss 2.24-2.32 %, 309-322 timeouts. The lesson
 * itself (seed 1): 12.5 ms, 92.5 % busy, 3.66 % lost, 2709 drops, 719 timeouts.
 */
function ared5Experiments(): Experiment[] {
  const timeouts = (s: Summary): number => s.flows.reduce((a, f) => a + f.timeouts, 0);
  return [
    {
      title: 'Turn ECN on (senders and queue)',
      set: { 'topology.bottleneck.queue.ecn': true, 'tcp.ecn': true },
      claims: [
        claimOf('ARED now marks where it dropped: no packet is dropped and no sender times out (without ECN: 2,709 drops, 719 timeouts).', (s) => ({
          pass: s.bottleneck.drops === 0 && s.bottleneck.marks > 0 && timeouts(s) === 0,
          measured: `${s.bottleneck.drops} drops, ${s.bottleneck.marks} marks, ${timeouts(s)} timeouts`,
        })),
        claim('The queue is as short as before: packets wait under 20 ms on average (without ECN: 12.5 ms).', (s) => s.bottleneck.meanQueueDelay, (d) => d < 0.02, (d) => `mean wait ${(d * 1e3).toFixed(1)} ms`),
        claim(
          'But the link no longer idles after timeouts: more than 99 % utilization (without ECN: 92.5 %). The short queue now costs no throughput; seeds/000 (Figs. 13-14): "ECN has a more significant benefit when the ARED target queue is small".',
          (s) => s.bottleneck.utilization,
          (u) => u > 0.99,
          (u) => `${percent(u)} busy`,
        ),
      ],
    },
    {
      title: 'Raise the target delay to 60 ms',
      set: { 'topology.bottleneck.queue.targetDelay': 0.06 },
      claims: [
        claimOf('ARED derives its thresholds from the target: min_th 60 ms x 1000 packets/s / 2 = 30, max_th 90 packets.', (s) => {
          const p = s.bottleneck.aqm?.params;
          const a = p?.minTh as number;
          const b = p?.maxTh as number;
          return { pass: Math.abs(a - 30) < 1e-9 && Math.abs(b - 90) < 1e-9, measured: `min_th ${a}, max_th ${b}` };
        }),
        claim('So packets wait more than 50 ms on average (5 ms target: 12.5 ms).', (s) => s.bottleneck.meanQueueDelay, (d) => d > 0.05, (d) => `mean wait ${(d * 1e3).toFixed(1)} ms`),
        claimOf('The longer queue keeps the link busy and, lengthening every round trip, needs fewer drops: more than 99 % utilization and under 3 % of packets lost (5 ms target: 92.5 % and 3.7 %).', (s) => ({
          pass: s.bottleneck.utilization > 0.99 && s.bottleneck.lossRate < 0.03,
          measured: `${percent(s.bottleneck.utilization)} busy, ${percent(s.bottleneck.lossRate, 2)} lost`,
        })),
      ],
    },
  ];
}

export function seeds000AredPresets(): PresetSource[] {
  return [preset(5, false), preset(60, false), preset(5, true), preset(60, true)];
}
