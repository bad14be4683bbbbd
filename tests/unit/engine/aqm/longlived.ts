/**
 * The long-lived-flow scenario the AQM tests share: n NewReno flows from n left hosts to
 * n right hosts across a dumbbell (100 Mb/s, 1 ms access links; bottleneck `rate`, 20 ms),
 * starting in the first second, 100 s with a 20 s warm-up by default.
 */
import { runScenario } from '../../../../src/engine/run';
import type { RunResult, RunSink } from '../../../../src/engine/metrics/types';
import { parseScenario, type Scenario } from '../../../../src/engine/scenario/schema';

export function longLived(queue: Record<string, unknown>, flows: number, opts: { rate?: number; duration?: number; warmup?: number; tcp?: Record<string, unknown>; seed?: number } = {}): Scenario {
  const json = {
    version: 1,
    seed: opts.seed ?? 1,
    duration: opts.duration ?? 100,
    warmup: opts.warmup ?? 20,
    topology: {
      kind: 'dumbbell',
      bottleneck: { rate: opts.rate ?? 10e6, delay: 0.02, queue },
      left: { hosts: flows, rate: 100e6, delay: 0.001 },
      right: { hosts: flows, rate: 100e6, delay: 0.001 },
    },
    tcp: { variant: 'newreno', ...(opts.tcp ?? {}) },
    traffic: [{ kind: 'bulk', from: 'left', flows, start: 0, startSpread: 1 }],
  };
  const r = parseScenario(json);
  if (!r.ok) throw new Error(r.errors.join('\n'));
  return r.scenario;
}

/** Runs a scenario keeping the listed series columns (sampled every `sample` s). */
export function runWithSeries(s: Scenario, columns: string[], sample = 0.01): { result: RunResult; t: number[]; cols: Record<string, number[]> } {
  const t: number[] = [];
  const cols: Record<string, number[]> = Object.fromEntries(columns.map((c) => [c, [] as number[]]));
  const sink: RunSink = {
    series(b) {
      for (let i = 0; i < b.t.length; i++) t.push(b.t[i]);
      for (const c of columns) {
        const col = b.cols[c];
        if (!col) throw new Error(`no series column ${c}; have ${Object.keys(b.cols).join(', ')}`);
        for (let i = 0; i < col.length; i++) cols[c].push(col[i]);
      }
    },
  };
  const result = runScenario(s, sink, { sampleInterval: sample });
  return { result, t, cols };
}

export { runScenario };
