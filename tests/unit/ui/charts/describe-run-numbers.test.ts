/**
 * A chart's text alternative (its canvas's accessible name) carries the run's numbers once the
 * run has stopped: before, each was a fixed sentence about the axes ("Queue length at the
 * bottleneck over time...") the same after the run as before it, and a screen-reader user
 * learnt nothing of what the lesson asks everyone to watch. The series here are made up so
 * that each number is known: a queue that peaks at 100 packets at 1 s, a flow whose
 * acknowledged bytes stay flat from 2 s to the end, RED's average above min_th 15 in 2 of 5
 * samples.
 */
import { describe, expect, it } from 'vitest';
import type { Summary } from '../../../../src/engine/metrics/types';
import { presetByName } from '../../../../src/engine/scenario/presets';
import { aqmChart } from '../../../../src/ui/charts/aqm-chart';
import { cwndChart } from '../../../../src/ui/charts/cwnd-chart';
import { fontsFor, SeriesScratch } from '../../../../src/ui/charts/plot';
import { progressChart } from '../../../../src/ui/charts/progress-chart';
import { queueChart } from '../../../../src/ui/charts/queue-chart';
import { throughputChart } from '../../../../src/ui/charts/throughput-chart';
import { topologyView } from '../../../../src/ui/charts/topology-view';
import type { ChartContext } from '../../../../src/ui/charts/types';
import { viewOf } from '../../../../src/ui/scenario-view';
import { SeriesStore } from '../../../../src/ui/store/series-store';

const f = (...v: number[]) => Float64Array.from(v);

function run(): SeriesStore {
  const s = new SeriesStore();
  s.append({
    t: f(0, 1, 2, 3, 4),
    cols: {
      queue: f(0, 100, 20, 10, 30),
      avg: f(0, 10, 20, 16, 14),
      pb: f(0, 0, 0.02, 0.005, 0),
      pa: f(0, 0, 0.05, 0.01, 0),
      maxP: f(0.1, 0.1, 0.1, 0.1, 0.1),
      util: f(0, 1, 1, 0.5, 0.5),
      'cwnd.0': f(1, 10, 20, 10, 11),
      'cwnd.1': f(1, 4, 6, 8, 2),
      'acked.0': f(0, 1e6, 2e6, 3e6, 4e6),
      // flat from 2 s to the end
      'acked.1': f(0, 5e5, 1e6, 1e6, 1e6),
    },
  });
  s.appendEvents({ t: f(0.9, 1, 2.5, 3), kind: Uint8Array.from([2, 2, 0, 0]), flow: Int32Array.from([0, 1, 0, 1]) });
  return s;
}

const summary = {
  warmup: 1,
  bottleneck: { utilization: 0.75, marks: 0, dropsEarly: 2, dropsForced: 0, dropsOverflow: 1, linkLosses: 0 },
  flows: [
    { flow: 0, goodputBps: 2.5e6, completionTime: null },
    { flow: 1, goodputBps: 1.25e6, completionTime: null },
  ],
  fairness: { jain: 0.9 },
} as unknown as Summary;

function ctx(store: SeriesStore, over: Partial<ChartContext> = {}): ChartContext {
  const scenario = structuredClone(presetByName('default')!.scenario);
  return { store, view: viewOf(scenario), markers: [], fonts: fontsFor(false), now: 4, end: 4, summary, highlight: [], wallMs: 0, speed: 1, running: false, cursorT: null, scratch: new SeriesScratch(), ...over };
}

describe("charts' text alternatives say the run's numbers", () => {
  it('the queue: its mean and peak with the time of the peak, how long the average was above min_th, the ticks by kind', () => {
    const d = queueChart.describe(ctx(run()));
    expect(d).toContain('From 0 to 4 s: the queue was 32 packets on average and at most 100 packets (at 1 s)');
    // avg 0, 10, 20, 16, 14 against min_th 15: 2 of 5 samples above
    expect(d).toContain('the average queue (avg) at most 20 packets, above min_th 40 % of the time');
    // the lesson has no ECN: no row of marks, as on the strip
    expect(d).toContain('Ticks: 2 early drops, 0 forced drops, 2 overflow drops.');
  });

  it('each flow\'s window, goodput and progress, with the longest flat stretch of its acknowledged bytes', () => {
    const c = ctx(run());
    expect(cwndChart.describe(c)).toContain('flow 0 at most 20, 10.4 on average; flow 1 at most 8, 4.2 on average (segments)');
    expect(throughputChart.describe(c)).toContain('the link was busy 60 % of the time; after the 1 s warm-up, 75 % busy; goodput flow 0 2.5 Mb/s, flow 1 1.25 Mb/s');
    // flow 0 moves at every sample: no flat stretch to report
    expect(progressChart.describe(c)).toContain('From 0 to 4 s: flow 0 4 MB acknowledged; flow 1 1 MB acknowledged, flat for at most 2 s (from 2 s).');
  });

  it("RED's probabilities and the network's counters after the warm-up", () => {
    const c = ctx(run());
    expect(aqmChart.describe(c)).toContain('p_b at most 0.02 (at 2 s), 0.005 on average; p_a at most 0.05 (at 2 s), 0.012 on average; max_p 0.1 throughout.');
    expect(topologyView.describe(c)).toContain('At 4 s the queue holds 30 packets, average 14. After the 1 s warm-up: 0 ECN marks, 2 early drops, 0 forced drops, 1 overflow drop.');
  });

  it('paused: the numbers are said to be so far; playing: none (the name would change every frame)', () => {
    const paused = queueChart.describe(ctx(run(), { end: 10 }));
    expect(paused).toContain('So far, from 0 to 4 s: the queue was 32 packets');
    const playing = ctx(run(), { end: 10, running: true });
    for (const def of [queueChart, cwndChart, aqmChart, throughputChart, progressChart, topologyView]) expect(def.describe(playing), def.id).not.toMatch(/from 0 to|at most|Ticks:/i);
  });

  it('a flat stretch shorter than 0.1 s (the sampling, a round trip) is not said', () => {
    const s = new SeriesStore();
    s.append({ t: f(0, 0.05, 0.1, 0.15, 0.2), cols: { 'acked.0': f(0, 1e5, 1e5, 2e5, 3e5) } });
    expect(progressChart.describe(ctx(s, { end: 0.2, now: 0.2 }))).toContain('From 0 to 0.2 s: flow 0 300 KB acknowledged.');
  });

  it("a flow's flat stretch counts from its start: the zeros before it are not a stall", () => {
    const s = new SeriesStore();
    // flow 0 starts at 2 s (the column holds 0 before), then moves at every sample
    s.append({ t: f(0, 1, 2, 3, 4), cols: { 'acked.0': f(0, 0, 0, 1e5, 2e5) } });
    const late = { ...summary, flows: [{ flow: 0, goodputBps: 4e5, completionTime: null, startTime: 2 }] } as unknown as Summary;
    expect(progressChart.describe(ctx(s, { summary: late }))).toContain('From 0 to 4 s: flow 0 200 KB acknowledged.');
  });

  it('a run whose strip was thinned says its counts are lower bounds', () => {
    const s = new SeriesStore(1 << 17, 8);
    s.append({ t: f(0, 1), cols: { queue: f(0, 1) } });
    for (let i = 0; i < 4; i++) s.appendEvents({ t: f(i * 0.1, i * 0.1 + 0.01, i * 0.1 + 0.02), kind: Uint8Array.from([2, 2, 2]), flow: Int32Array.from([0, 0, 0]) });
    expect(s.eventsThinned).toBe(true);
    expect(queueChart.describe(ctx(s, { end: 1, now: 1 }))).toMatch(/overflow drops \(at least/);
  });
});
