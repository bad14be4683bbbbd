import { DEFAULT_SCENARIO_JSON } from '../defaults';
import { claim, claimOf, percent, type PresetSource } from './types';

/** The scenario the app opens with. */
export function defaultPreset(): PresetSource[] {
  const out: PresetSource[] = [];
  out.push({
    name: 'default',
    title: 'Four Reno flows, 10 Mb/s RED bottleneck',
    lesson:
      'Four long-lived Reno flows share a 10 Mb/s, 20 ms link managed by RED (min_th 15, max_th 45, a 100-packet buffer). Watch each cwnd saw-tooth and the RED average (the thick line) against min_th and max_th: RED drops at random, early, only while the average is above min_th. In the first seconds slow start overshoots and the queue hits its limit; the summary counts from 5 s on (the warm-up), when RED is at work. Below, try drop-tail, CoDel or PIE in RED\'s place, or four times the flows.',
    group: 'lesson',
    claims: [
      claim('After slow start the link stays busy: more than 95 % utilization.', (s) => s.bottleneck.utilization, (u) => u > 0.95, (u) => `${percent(u)} busy`),
      claimOf('After slow start every drop is an early, random RED drop: no overflow and no forced drop.', (s) => {
        const b = s.bottleneck;
        return { pass: b.dropsEarly > 0 && b.dropsOverflow === 0 && b.dropsForced === 0, measured: `${b.dropsEarly} early, ${b.dropsOverflow} overflow, ${b.dropsForced} forced drops` };
      }),
      claimOf('The queue stays short: packets wait under 25 ms on average (the round trip is 44 ms), and the queue never comes near its 100-packet limit.', (s) => {
        const b = s.bottleneck;
        return { pass: b.meanQueueDelay < 0.025 && b.maxQueuePackets < 60, measured: `mean wait ${(b.meanQueueDelay * 1000).toFixed(1)} ms, longest queue ${b.maxQueuePackets} packets` };
      }),
      claim("The four flows get about equal shares: Jain's index above 0.95.", (s) => s.fairness.jain, (j) => j > 0.95, (j) => `Jain's index ${j.toFixed(3)}`),
    ],
    experiments: [
      {
        title: 'Replace RED with drop-tail (the same 100-packet buffer)',
        set: { 'topology.bottleneck.queue.kind': 'droptail' },
        claims: [
          claimOf('Drop-tail drops only when the buffer is full: every drop is an overflow.', (s) => {
            const b = s.bottleneck;
            return { pass: b.drops > 0 && b.dropsOverflow === b.drops, measured: `${b.dropsOverflow} overflow of ${b.drops} drops` };
          }),
          claimOf('So the queue stays long: packets wait more than 60 ms on average (RED: under 25 ms), and the queue reaches its 100-packet limit.', (s) => {
            const b = s.bottleneck;
            return { pass: b.meanQueueDelay > 0.06 && b.maxQueuePackets >= 100, measured: `mean wait ${(b.meanQueueDelay * 1000).toFixed(1)} ms, longest queue ${b.maxQueuePackets} packets` };
          }),
          claim('The link is as busy as with RED: more than 95 % utilization. The long queue buys no throughput, only delay.', (s) => s.bottleneck.utilization, (u) => u > 0.95, (u) => `${percent(u)} busy`),
        ],
      },
      {
        // measured with seeds 1-3: loss 2.63-2.73 %, 175-183 timeouts, mean queue 19.2-19.3 packets, 99.9-100 % busy
        title: 'Four times the flows: 16 instead of 4',
        set: { 'traffic.0.flows': 16 },
        claims: [
          claim(
            'Each flow\'s share, and so its window, shrinks to a quarter, and small windows need frequent signals to hold: the loss rate grows more than fourfold but less than sixteenfold from the 4-flow run\'s 0.41 % (seeds/004 §3.4 sees loss grow with the number of connections "somewhere between linear and quadratic").',
            (s) => s.bottleneck.lossRate,
            (l) => l > 4 * 0.0041 && l < 16 * 0.0041,
            (l) => `${percent(l, 2)} lost (${(l / 0.0041).toFixed(1)} times 0.41 %)`,
          ),
          claim('With windows of a few packets a loss often cannot be repaired by fast retransmit: more than 100 timeouts (4 flows: 14).', (s) => s.flows.reduce((a, f) => a + f.timeouts, 0), (n) => n > 100, (n) => `${n} timeouts`),
          claim('RED drops more only when its average is higher: the mean queue rises above 17 packets (4 flows: 13.9). Its queue depends on the load.', (s) => s.bottleneck.meanQueuePackets, (q) => q > 17, (q) => `mean queue ${q.toFixed(1)} packets`),
        ],
      },
      {
        title: 'Replace RED with CoDel (5 ms target, the same buffer)',
        set: { 'topology.bottleneck.queue.kind': 'codel' },
        claims: [
          claimOf('Every drop is CoDel\'s own, made as a packet leaves the queue after packets have waited more than 5 ms for a whole 100 ms interval: none is an overflow.', (s) => {
            const b = s.bottleneck;
            return { pass: b.drops > 0 && b.dropsOverflow === 0 && b.dropsForced === 0, measured: `${b.drops} drops, ${b.dropsOverflow} overflow` };
          }),
          claim('CoDel controls the time packets wait, not the queue\'s length: they wait under 10 ms on average, near its 5 ms target (RED: 17 ms).', (s) => s.bottleneck.meanQueueDelay, (d) => d < 0.01, (d) => `mean wait ${(d * 1000).toFixed(1)} ms`),
          claim('The short queue costs no throughput: more than 95 % utilization.', (s) => s.bottleneck.utilization, (u) => u > 0.95, (u) => `${percent(u)} busy`),
        ],
      },
      {
        title: 'Replace RED with PIE (15 ms target, the same buffer)',
        set: { 'topology.bottleneck.queue.kind': 'pie' },
        claims: [
          claim('PIE raises or lowers its drop probability every 15 ms to steer the queueing delay to its 15 ms target: packets wait 12 to 20 ms on average.', (s) => s.bottleneck.meanQueueDelay, (d) => d > 0.012 && d < 0.02, (d) => `mean wait ${(d * 1000).toFixed(1)} ms`),
          claimOf('Its drops are random and early, as RED\'s: none is an overflow.', (s) => {
            const b = s.bottleneck;
            return { pass: b.dropsEarly > 0 && b.dropsOverflow === 0, measured: `${b.dropsEarly} early, ${b.dropsOverflow} overflow drops` };
          }),
          claim('The link stays busy: more than 95 % utilization.', (s) => s.bottleneck.utilization, (u) => u > 0.95, (u) => `${percent(u)} busy`),
        ],
      },
    ],
    json: DEFAULT_SCENARIO_JSON as unknown as Record<string, unknown>,
  });
  return out;
}

/** M/D/1 mean number waiting, rho^2 / (2 (1 - rho)) (Pollaczek-Khinchine with deterministic service). */
export function md1Waiting(rho: number): number {
  return (rho * rho) / (2 * (1 - rho));
}

/**
 * The square-root law (Mathis, Semke, Mahdavi, Ott 1997): goodput = (MSS / RTT) sqrt(3 / (2 b p)),
 * b = segments acknowledged per ACK (2 with delayed ACKs), p = loss probability. Bits/s.
 */
export function mathisGoodput(mssBytes: number, rttSeconds: number, lossProbability: number, b: number): number {
  return ((mssBytes * 8) / rttSeconds) * Math.sqrt(3 / (2 * b * lossProbability));
}

/** random-loss: MSS 1460 B, propagation RTT 2 x (20 + 1 + 1) ms, 1 % loss, delayed ACKs. */
const RANDOM_LOSS_MATHIS = mathisGoodput(1460, 0.044, 0.01, 2);
/** The same at half the loss (the lesson's experiment). */
const RANDOM_LOSS_MATHIS_HALF = mathisGoodput(1460, 0.044, 0.005, 2);

/** Lessons on queueing and TCP basics checked against closed forms (M/D/1, the square-root law). */
export function basicsPresets(): PresetSource[] {
  const out: PresetSource[] = [];
  out.push({
    name: 'md1-poisson',
    title: 'Poisson UDP into a drop-tail queue (M/D/1)',
    lesson:
      'Poisson arrivals of 1000-byte packets at 8 Mb/s into a 10 Mb/s link with a deep drop-tail buffer: an M/D/1 queue at load rho = 0.8, whose mean number waiting is rho^2 / (2 (1 - rho)) = 1.6 packets. Try rho = 0.95 below: the last 15 % of load does more to the queue than the first 80 %.',
    group: 'lesson',
    claims: [
      claim('The link is busy 80 % of the time: the offered load (8 of 10 Mb/s).', (s) => s.bottleneck.utilization, (u) => Math.abs(u - 0.8) < 0.01, (u) => `${percent(u)} busy`),
      claimOf('The mean number waiting is within 5 % of the M/D/1 value rho^2 / (2 (1 - rho)) = 1.6 packets.', (s) => {
        const q = s.bottleneck.meanQueuePackets;
        return { pass: Math.abs(q / md1Waiting(0.8) - 1) < 0.05, measured: `${q.toFixed(2)} packets waiting on average` };
      }),
      claimOf("The mean wait is within 5 % of M/D/1's rho / (2 mu (1 - rho)) = 1.6 ms (Little's law: packets waiting / arrival rate).", (s) => {
        const w = s.bottleneck.meanQueueDelay;
        const mdw = 0.8 / (2 * 1250 * (1 - 0.8));
        return { pass: Math.abs(w / mdw - 1) < 0.05, measured: `${(w * 1000).toFixed(2)} ms mean wait` };
      }),
      claimOf('Nothing is dropped: the 10,000-packet buffer never comes close to full.', (s) => ({
        pass: s.bottleneck.drops === 0 && s.bottleneck.maxQueuePackets < 100,
        measured: `${s.bottleneck.drops} drops, longest queue ${s.bottleneck.maxQueuePackets} packets`,
      })),
    ],
    experiments: [
      {
        // 200 s at rho = 0.95 measured 7.94 packets waiting with seed 1 (12 % under M/D/1's 9.03), 9.37 and 9.18 with seeds 2 and 3
        title: 'Raise the load to rho = 0.95 (9.5 Mb/s), for 2000 s',
        set: { 'traffic.0.rate': 9.5e6, duration: 2000 },
        claims: [
          claim('The link is busy 95 % of the time.', (s) => s.bottleneck.utilization, (u) => Math.abs(u - 0.95) < 0.01, (u) => `${percent(u)} busy`),
          claimOf(`The mean number waiting grows about fivefold, to within 5 % of M/D/1's ${md1Waiting(0.95).toFixed(1)} packets: the last 15 % of load more than quintuples the queue. (In a 200 s run the average of so bursty a queue can still be 12 % off, as with this seed: hence 2000 s.)`, (s) => {
            const q = s.bottleneck.meanQueuePackets;
            return { pass: Math.abs(q / md1Waiting(0.95) - 1) < 0.05, measured: `${q.toFixed(2)} packets waiting on average (${(q / md1Waiting(0.8)).toFixed(1)} times the 1.6 at rho = 0.8)` };
          }),
        ],
      },
    ],
    json: {
      version: 1,
      seed: 1,
      duration: 200,
      topology: { kind: 'dumbbell', bottleneck: { rate: 10e6, delay: 0.01, queue: { kind: 'droptail', limit: 10000 } }, left: { hosts: 1 }, right: { hosts: 1 } },
      traffic: [{ kind: 'udp', pattern: 'poisson', rate: 8e6, packetSize: 1000, from: 'left' }],
    },
  });
  out.push({
    name: 'random-loss',
    title: 'One Reno flow over a lossy link (square-root law)',
    lesson:
      'A single long-lived Reno flow crosses a 10 Mb/s link that loses 1 % of packets at random (both directions). The square-root law of Mathis et al. predicts its goodput from the loss alone: (MSS / RTT) sqrt(3 / (2 b p)) = 2.3 Mb/s for MSS 1460 bytes, RTT 44 ms, b = 2 (delayed ACKs), p = 0.01. Try half the loss below: the law says the goodput grows by sqrt(2).',
    group: 'lesson',
    claims: [
      claim('The flow uses less than a quarter of the 10 Mb/s link: the loss rate, not the link, sets its pace.', (s) => s.bottleneck.utilization, (u) => u < 0.25, (u) => `${percent(u)} busy`),
      claimOf('The queue drops nothing: every loss is a random link loss.', (s) => ({
        pass: s.bottleneck.drops === 0 && s.bottleneck.linkLosses > 0,
        measured: `${s.bottleneck.linkLosses} link losses (${percent(s.bottleneck.linkLosses / Math.max(1, s.bottleneck.departures), 2)} of packets sent), ${s.bottleneck.drops} queue drops`,
      })),
      claim(
        `Goodput is below the square-root law's ${(RANDOM_LOSS_MATHIS / 1e6).toFixed(1)} Mb/s but within a factor of two of it: the law leaves out retransmission timeouts.`,
        (s) => s.flows[0]?.goodputBps ?? NaN,
        (g) => g < RANDOM_LOSS_MATHIS && g > RANDOM_LOSS_MATHIS / 2,
        (g) => `${(g / 1e6).toFixed(2)} Mb/s (${(g / RANDOM_LOSS_MATHIS).toFixed(2)} of the law)`,
      ),
      claimOf('Most losses are repaired by fast retransmit, but some cost a retransmission timeout.', (s) => {
        const f = s.flows[0];
        return { pass: !!f && f.fastRetransmits > f.timeouts && f.timeouts > 0, measured: f ? `${f.fastRetransmits} fast retransmits, ${f.timeouts} timeouts` : 'no flow' };
      }),
    ],
    experiments: [
      {
        title: 'Halve the loss rate (0.5 %)',
        set: { 'topology.bottleneck.loss': 0.005 },
        claims: [
          claim(
            `Goodput grows by more than the square-root law's sqrt(2): to between 2.4 and 3.0 Mb/s, about 1.7 times the 1.6 Mb/s at 1 % (the law: ${(RANDOM_LOSS_MATHIS_HALF / 1e6).toFixed(1)} Mb/s).`,
            (s) => s.flows[0]?.goodputBps ?? NaN,
            (g) => g > 2.4e6 && g < 3.0e6,
            (g) => `${(g / 1e6).toFixed(2)} Mb/s (${(g / RANDOM_LOSS_MATHIS_HALF).toFixed(2)} of the law)`,
          ),
          claim(
            'Because timeouts, which the law leaves out, become rare: fewer than 10 in the run (at 1 %: 27).',
            (s) => s.flows[0]?.timeouts ?? NaN,
            (t) => t < 10,
            (t) => `${t} timeouts`,
          ),
        ],
      },
    ],
    json: {
      version: 1,
      seed: 1,
      duration: 100,
      topology: { kind: 'dumbbell', bottleneck: { rate: 10e6, delay: 0.02, loss: 0.01, queue: { kind: 'droptail', limit: 1000 } }, left: { hosts: 1 }, right: { hosts: 1 } },
      tcp: { variant: 'reno' },
      traffic: [{ kind: 'bulk', from: 'left', flows: 1 }],
    },
  });
  return out;
}
