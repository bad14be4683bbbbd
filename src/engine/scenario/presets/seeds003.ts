import type { Summary } from '../../metrics/types';
import { grouped } from '../../core/number-text';
import { kindRate, within } from './compare';
import { claim, claimOf, percent, type PresetSource } from './types';

// ---- seeds/003 (the power of ECN: RED, RED*, ECN and ECN+ on web sessions) --------------

export type Seeds003Ecn = 'none' | 'ecn' | 'ecn+';

/**
 * seeds/003 §4.2 scaled to a 10 Mb/s bottleneck (the paper: 100 Mb/s): web sessions with
 * Pareto inter-page times and Pareto object sizes (mean 7.2 KB), one connection per
 * object, RTTs uniform 10-150 ms, the AQM on the server-to-client direction only (one-way
 * traffic). RED's 5 ms target on 10 Mb/s gives min_th 5 and max_th 15 packets (ARED's
 * rule) and w_q = 1 - exp(-1/C) = 0.0008; max_p 0.1, not gentle; 3 s initial RTO and
 * FullTcp's 100 ms delayed-ACK clock, as ns-2 (see seeds003-paper.ts).
 * `aboveMaxTh`: 'drop' is RED (RFC 3168: drop everything above max_th), 'mark' is RED*.
 */
export function seeds003Json(opts: { aboveMaxTh: 'drop' | 'mark'; ecn: Seeds003Ecn; load: number; seed?: number }): Record<string, unknown> {
  return {
    version: 1,
    seed: opts.seed ?? 2,
    duration: 140,
    warmup: 20,
    topology: {
      kind: 'dumbbell',
      bottleneck: {
        rate: 10e6,
        delay: 0.001,
        queue: { kind: 'red', limit: 100, unit: 'packets', minTh: 5, maxTh: 15, maxP: 0.1, wq: 0.0008, gentle: false, ecn: opts.ecn !== 'none', aboveMaxTh: opts.aboveMaxTh },
      },
      left: { hosts: 1, rate: 100e6, delay: 0 },
      right: { hosts: 1, rate: 100e6, delay: 0 },
      flowDelay: { kind: 'uniform', min: 0.005, max: 0.075 },
    },
    // ECN+ as seeds/003 ran it (ns-2's FullTcp): its SYN-ACKs "are marked ... and not dropped", retransmissions
    // included; RFC 5562's rules (a Not-ECT SYN-ACK after a mark or a timeout) are tcp.ecnPlusSynAck "rfc5562"
    tcp: { variant: 'newreno', initialRto: 3, delayedAckTimer: 'clock', ecn: opts.ecn !== 'none', ecnPlus: opts.ecn === 'ecn+', ...(opts.ecn === 'ecn+' ? { ecnPlusSynAck: 'ns2' as const } : {}) },
    traffic: [{ kind: 'web-sessions', direction: 'forward', load: opts.load }],
  };
}

const SCALE =
  'seeds/003 ran 100 Mb/s; here 10 Mb/s with the same 5 ms RED target. The damage the paper finds is smaller here and shows in the tail, at the 3 s SYN-ACK timeout, rather than at 0.5 s (as it does at the paper\'s scale: the web100 lessons).';

/** Responses completed within 2 s. */
const late = (s: Summary): number => within(s, 2);

export function seeds003Presets(): PresetSource[] {
  return [
    {
      name: 'web-redstar-105',
      title: 'RED* at 105 % load, no ECN (seeds/003)',
      paper: 'seeds/003 §4.3.1, Fig. 3',
      group: 'lesson',
      lesson: `Web sessions (pages of heavy-tailed objects, one connection each) at 105 % offered load through RED with a 5 ms target, no ECN: every early or forced decision is a drop, of data and SYN-ACKs alike. The reference for the two ECN lessons that follow. ${SCALE}`,
      claims: [
        claim('RED keeps the queue short: under 15 packets on average.', (s) => s.bottleneck.meanQueuePackets, (q) => q < 15, (q) => `${q.toFixed(1)} packets`),
        // seeds 1-10: 19.1, 17.7, 18.4, 22.1, 15.1, 14.6, 22.8, 14.2, 20.3, 17.1 % (more than 15 % failed at seeds 6 and 8)
        claim('Without ECN the signal is a drop: more than one exchange in eight loses a packet.', (s) => s.web?.flowsWithLoss ?? NaN, (f) => f > 0.125, (f) => `${percent(f)} saw a drop`),
      ],
      json: seeds003Json({ aboveMaxTh: 'mark', ecn: 'none', load: 1.05 }),
    },
    {
      name: 'web-redstar-ecn-105',
      title: 'RED* + ECN at 105 % load, SYN-ACKs not ECN-capable (seeds/003)',
      paper: 'seeds/003 §4.3.1, Fig. 3',
      group: 'lesson',
      lesson: `The same with ECN on the data but not on the SYN-ACKs (RFC 3168). RED* marks ECN-capable packets above max_th instead of dropping them, so the senders back off less and the average passes max_th more often, where every packet that cannot be marked is dropped: the servers' SYN-ACKs and FINs. A lost SYN-ACK costs the 3 s initial timeout: watch the step at about 3 s in the response-time chart's CCDF (the CDF's axis stops at 2 s), and the summary's "By packet kind" line: the data marked, the SYN-ACKs dropped. ${SCALE}`,
      claims: [
        claim('Above max_th RED* marks: there are forced marks or drops (decisions with the average above max_th).', (s) => s.bottleneck.dropsForced + s.bottleneck.marks, (n) => n > 0, (n) => `${grouped(n)} marks and forced drops`),
        claimOf('The SYN-ACK timeouts show as a step after 3 s: more responses complete between 3 and 5 s than between 1 and 3 s.', (s) => {
          const a = within(s, 3) - within(s, 1);
          const b = within(s, 5) - within(s, 3);
          return { pass: b > a, measured: `${percent(a)} between 1 and 3 s, ${percent(b)} between 3 and 5 s` };
        }),
        // seeds 1-8: data 0 to 0.007 % dropped; SYN-ACKs 7.45 to 13.0 %
        claimOf('The data is marked, hardly ever dropped (under 0.1 % of its packets), while more than 5 % of the SYN-ACKs are dropped.', (s) => {
          const data = kindRate(s, 'drops', ['data']);
          const synack = kindRate(s, 'drops', ['synack']);
          return { pass: data < 0.001 && synack > 0.05, measured: `${percent(data, 3)} of the data packets, ${percent(synack, 2)} of the SYN-ACKs dropped` };
        }),
      ],
      json: seeds003Json({ aboveMaxTh: 'mark', ecn: 'ecn', load: 1.05 }),
    },
    {
      name: 'web-redstar-ecnplus-105',
      title: 'RED* + ECN+ at 105 % load, ECN-capable SYN-ACKs (seeds/003)',
      paper: 'seeds/003 §4.3.1, Fig. 3',
      group: 'lesson',
      // Measured (lesson-mechanics-2.test.ts, seed 2): 180 of the 30,550 SYN-ACKs are still lost, each to the full
      // 100-packet buffer (none to RED), and sent again 3 s later, against 3,861 lost in web-redstar-ecn-105; and
      // the servers start with one segment marked or not (initialCwnd 1). The text said the timeouts "disappear"
      // and left the initial window out.
      lesson: `ECN+ sends the SYN-ACK ECN-capable, so RED* marks it instead of dropping it (a server told its SYN-ACK was marked starts with a window of one segment, RFC 5562; every server here starts with one anyway): the 3 s SYN-ACK timeouts all but disappear (only a full buffer still drops a SYN-ACK). ${SCALE}`,
      claims: [
        claim('With ECN-capable SYN-ACKs almost every response completes within 2 s: more than 96 %.', late, (f) => f > 0.96, (f) => `${percent(f)} within 2 s`),
        claimOf('Marks replace most drops: more packets are marked than dropped.', (s) => ({ pass: s.bottleneck.marks > s.bottleneck.drops, measured: `${s.bottleneck.marks} marks, ${s.bottleneck.drops} drops` })),
      ],
      json: seeds003Json({ aboveMaxTh: 'mark', ecn: 'ecn+', load: 1.05 }),
    },
  ];
}
