import type { PresetSource } from './types';

/** Scenarios of `npm run bench`. */
export function benchPresets(): PresetSource[] {
  const out: PresetSource[] = [];
  out.push({
    name: 'bench-100-red',
    title: 'Benchmark: 100 long-lived SACK flows through RED',
    paper: 'issue 2 §8 speed target (b)',
    lesson: '100 long-lived SACK flows, starting 10 ms apart, share a 10 Mb/s, 20 ms bottleneck with RED (min_th 30, max_th 90, limit 300, max_p 0.1) for 200 simulated seconds. Used by npm run bench; in class, watch how little each of 100 windows can be and how RED keeps the average near min_th.',
    group: 'bench',
    json: {
      version: 1,
      seed: 1,
      duration: 200,
      topology: {
        kind: 'dumbbell',
        bottleneck: { rate: 10e6, delay: 0.02, queue: { kind: 'red', limit: 300, minTh: 30, maxTh: 90, maxP: 0.1 } },
        left: { hosts: 100, rate: 100e6, delay: 0.001 },
        right: { hosts: 100, rate: 100e6, delay: 0.001 },
      },
      tcp: { variant: 'sack' },
      // flow k starts at k * startSpread / flows = k * 10 ms
      traffic: [{ kind: 'bulk', from: 'left', flows: 100, start: 0, startSpread: 1 }],
    },
  });
  return out;
}
