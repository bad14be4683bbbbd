/**
 * A queue of compare runs: every job runs headless in a worker of its own (run.ts),
 * `limit` at a time, in order, as each ends the next starts. Used by the family view
 * (several lessons) and the compare view (two scenarios, over one seed or several).
 * Unmounting, or other jobs, stops the runs still going.
 */
import { useEffect, useState } from 'react';
import type { Scenario } from '../../engine/scenario/schema';
import { SeriesStore } from '../store/series-store';
import type { Side } from './CompareView';
import { runInWorker } from './run';

export interface RunJob {
  scenario: Scenario;
  baseline: boolean | 'only';
  /** Only the summary and response times are kept (no time series): a seed whose charts are not drawn. */
  light?: boolean;
}

/** Runs at once for a family: one core left for the page, at least one, at most four. */
export function familyConcurrency(): number {
  const cores = typeof navigator === 'undefined' ? 2 : navigator.hardwareConcurrency || 2;
  return Math.max(1, Math.min(4, cores - 1));
}

/** Runs every job in a worker, `limit` at a time, in order; one Side per job. */
export function useRuns(jobs: readonly RunJob[], nonce: number, limit: number): Side[] {
  const [sides, setSides] = useState<Side[]>(() => jobs.map(() => ({ state: 'running', progress: 0 })));
  const key = JSON.stringify(jobs);
  useEffect(() => {
    const list: RunJob[] = JSON.parse(key);
    const ctl = new AbortController();
    const state: Side[] = list.map(() => ({ state: 'running', progress: 0 }));
    setSides([...state]);
    let next = 0;
    let last = 0;
    const update = (i: number, s: Side, force = false) => {
      state[i] = s;
      // a few updates per second are enough for progress bars
      const now = performance.now();
      if (force || now - last > 150) {
        last = now;
        setSides([...state]);
      }
    };
    const launch = () => {
      if (ctl.signal.aborted || next >= list.length) return;
      const i = next++;
      runInWorker(list[i].scenario, { baseline: list[i].baseline, signal: ctl.signal, onProgress: (f) => update(i, { state: 'running', progress: f }) }).then(
        (result) => {
          // a seed whose charts are not drawn: its series go (memory for ten seeds of a many-flow run)
          update(i, { state: 'done', result: list[i].light ? { ...result, series: new SeriesStore(16) } : result }, true);
          launch();
        },
        (e: Error) => {
          if (e.name === 'AbortError') return;
          update(i, { state: 'error', message: e.message }, true);
          launch();
        },
      );
    };
    for (let k = 0; k < Math.max(1, limit); k++) launch();
    return () => ctl.abort();
  }, [key, nonce, limit]);
  // other jobs than the state holds (the first render after a change): all running
  return sides.length === jobs.length ? sides : jobs.map(() => ({ state: 'running', progress: 0 }));
}
