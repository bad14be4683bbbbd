import { DEFAULT_SCENARIO_JSON } from '../defaults';
import { claimOf, type PresetSource } from './types';

/** The scenario the app opens with. */
export function defaultPreset(): PresetSource[] {
  const out: PresetSource[] = [];
  out.push({
    name: 'default',
    title: 'Four Reno flows, 10 Mb/s RED bottleneck',
    lesson: 'Four long-lived Reno flows share a 10 Mb/s, 20 ms link managed by RED. Watch each cwnd saw-tooth, the RED average settle between min_th and max_th, and the early drops keep the queue short while the link stays busy.',
    group: 'lesson',
    claims: [
      claimOf('RED drops more packets early, by chance, than by overflow.', (s) => ({
        pass: s.bottleneck.dropsEarly > s.bottleneck.dropsOverflow,
        measured: `${s.bottleneck.dropsEarly} early, ${s.bottleneck.dropsOverflow} overflow drops`,
      })),
    ],
    json: DEFAULT_SCENARIO_JSON as unknown as Record<string, unknown>,
  });
  return out;
}

/** Lessons on queueing and TCP basics checked against closed forms (M/D/1, the square-root law). */
export function basicsPresets(): PresetSource[] {
  const out: PresetSource[] = [];
  out.push({
    name: 'md1-poisson',
    title: 'Poisson UDP into a drop-tail queue (M/D/1)',
    lesson: 'Poisson arrivals of 1000-byte packets at 80 % of a 10 Mb/s link into a deep drop-tail queue. The time-averaged number waiting should approach the M/D/1 value rho^2 / (2 (1 - rho)) = 1.6 packets; change the rate to see the queue explode as the load nears 100 %.',
    group: 'lesson',
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
    lesson: 'A single long-lived Reno flow crosses a 10 Mb/s link that loses 1 % of packets at random. Its throughput is set by the loss rate, not the link: about (MSS / RTT) sqrt(3 / (2 b p)) (Mathis et al.), far below 10 Mb/s. Halve the loss and the rate grows by about sqrt(2).',
    group: 'lesson',
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
