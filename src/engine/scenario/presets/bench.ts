import { claim, claimOf, notReached, percent, timelineOf, windowsIn, type PresetSource } from './types';

/** Scenarios of `npm run bench`. */
export function benchPresets(): PresetSource[] {
  const out: PresetSource[] = [];
  out.push({
    name: 'bench-100-red',
    title: 'Benchmark: 100 long-lived SACK flows through RED',
    paper: 'issue 2 §8 speed target (b)',
    // "most of the 100 windows are one or two packets (three or four at times)": tests/golden/lesson-mechanics-6.test.ts.
    // It said "each of the 100 windows is one or two packets"; from 10 s on, 77 % of the flows' cwnd samples are at
    // one or two segments, 22 % at three or four, 1 % above (the path's 36.7 packets and RED's 73 make about 110)
    lesson:
      '100 long-lived SACK flows, starting 10 ms apart, share a 10 Mb/s, 20 ms bottleneck with RED (min_th 30, max_th 90, limit 300, max_p 0.1) for 200 simulated seconds. Used by npm run bench. In class: the path holds only about 35 packets plus the queue, so most of the 100 windows are one or two packets (three or four at times); watch where RED\'s average settles to hold that many flows back (seeds/004 §3 on why a fixed max_p suits only some numbers of flows).',
    claims: [
      claim('RED must drop a lot to hold 100 flows back: more than one packet in ten.', (s) => s.bottleneck.lossRate, (p) => p > 0.1, (p) => `${percent(p)} of arrivals dropped`),
      claim(
        'To drop that often, RED\'s average climbs far above min_th = 30, towards max_th = 90: the queue holds more than 60 packets on average.',
        (s) => s.bottleneck.meanQueuePackets,
        (q) => q > 60,
        (q) => `mean queue ${q.toFixed(1)} packets`,
      ),
      // seeds 1-5: 5 s means from 10 s on within 69.8-76.5 packets, at most 3.7 from the run's mean (72.7-73.5). With
      // the flows starting over the whole run (traffic.0.startSpread = 200) it climbs throughout: 30.5 to 74.2
      claimOf("RED's average settles within the first 10 s: from then on each of its 5 s means lies within 5 packets of its mean over the run.", (s) => {
        const t = timelineOf(s);
        const avg = t.aqm.avg;
        if (!avg) throw new Error('the bottleneck queue has no average');
        const mean = s.bottleneck.aqm?.means.avg ?? NaN;
        const a = windowsIn(t, 10).map((k) => avg[k]);
        if (a.length === 0) return notReached(t, 10);
        const [least, most] = [Math.min(...a), Math.max(...a)];
        return { pass: a.length > 0 && most - mean < 5 && mean - least < 5, measured: `5 s means from 10 s on ${least.toFixed(1)} to ${most.toFixed(1)} packets, mean ${mean.toFixed(1)}` };
      }),
      claimOf('With most windows at one or two packets there are too few duplicate ACKs: timeouts, not fast retransmits, repair most losses.', (s) => {
        const to = s.flows.reduce((a, f) => a + f.timeouts, 0);
        const fr = s.flows.reduce((a, f) => a + f.fastRetransmits, 0);
        return { pass: to > fr, measured: `${to} timeouts, ${fr} fast retransmits` };
      }),
      claim('The link stays busy: more than 99 % utilization.', (s) => s.bottleneck.utilization, (u) => u > 0.99, (u) => `${percent(u)} busy`),
      claim("Shares stay fair across 100 flows: Jain's index above 0.95.", (s) => s.fairness.jain, (j) => j > 0.95, (j) => `Jain's index ${j.toFixed(3)}`),
    ],
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
