/**
 * The scenario the app opens with and `--preset default`: a small dumbbell that runs in
 * well under a second. Four long-lived Reno flows share a 10 Mb/s, 20 ms bottleneck
 * managed by RED; access links are 100 Mb/s, 1 ms, so the RTT is about 44 ms and the
 * bandwidth-delay product about 37 packets of 1500 bytes. It runs 30 s; the summary
 * counts from 5 s on (warm-up), after the slow-start overshoot, so its numbers describe
 * RED at work rather than the start-up transient.
 *
 * Raw JSON (not yet defaulted): parseScenario fills in everything left out.
 */
export const DEFAULT_SCENARIO_JSON = {
  version: 1,
  name: 'default',
  description: 'Four Reno flows through a 10 Mb/s, 20 ms RED bottleneck.',
  seed: 1,
  duration: 30,
  warmup: 5,
  topology: {
    kind: 'dumbbell',
    bottleneck: {
      rate: 10e6,
      delay: 0.02,
      queue: { kind: 'red', limit: 100, minTh: 15, maxTh: 45, maxP: 0.1, wq: 0.002, gentle: true },
    },
    left: { hosts: 4, rate: 100e6, delay: 0.001 },
    right: { hosts: 4, rate: 100e6, delay: 0.001 },
  },
  tcp: { variant: 'reno' },
  traffic: [{ kind: 'bulk', from: 'left', flows: 4 }],
} as const;
