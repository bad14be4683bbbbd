/**
 * Runs one scenario headless, as fast as possible, in its own Web Worker
 * (workers/sim.worker.ts, the protocol of src/protocol/messages.ts) and collects its
 * series and final summary. Used by the compare view, which runs two at once.
 */
import type { Summary } from '../../engine/metrics/types';
import { checkWorkerToMain, toWorker, type WorkerToMain } from '../../protocol/messages';
import { ExchangeStore } from '../store/exchange-store';
import { SeriesStore } from '../store/series-store';
import { calibrations } from '../run/calibrations';

export interface CompareRunResult {
  summary: Summary;
  /** Every series column of the run ('queue', 'avg', 'cwnd.<i>', ...), bounded in memory. */
  series: SeriesStore;
  /** Web traffic: response times of the run and of its uncongested baseline. */
  exchanges: ExchangeStore;
}

export interface RunOptions {
  /** Called with the fraction done (0..1; NaN when the end is unknown) and the simulated time. */
  onProgress?: (fraction: number, now: number) => void;
  /** Aborting stops and terminates the worker; the promise rejects with an AbortError. */
  signal?: AbortSignal;
  /** Series sampling interval, seconds (default: duration / 1500). */
  sampleInterval?: number;
  /** Web traffic: run the uncongested baseline too (default true), or only it ("only"). */
  baseline?: boolean | 'only';
  /** Worker factory (tests pass a fake). */
  makeWorker?: () => Worker;
}

export const makeSimWorker = (): Worker => new Worker(new URL('../../../workers/sim.worker.ts', import.meta.url), { type: 'module', name: 'aqm-lab-compare' });

function abortError(): Error {
  const e = new Error('The comparison run was cancelled.');
  e.name = 'AbortError';
  return e;
}

/** Runs `scenario` (validated JSON) to its end in a fresh worker. */
export function runInWorker(scenario: unknown, opts: RunOptions = {}): Promise<CompareRunResult> {
  return new Promise<CompareRunResult>((resolve, reject) => {
    if (opts.signal?.aborted) {
      reject(abortError());
      return;
    }
    const worker = (opts.makeWorker ?? makeSimWorker)();
    const series = new SeriesStore(1 << 15);
    const exchanges = new ExchangeStore();
    const runId = 1;
    let settled = false;
    const finish = (fn: () => void) => {
      if (settled) return;
      settled = true;
      opts.signal?.removeEventListener('abort', onAbort);
      worker.terminate();
      fn();
    };
    const onAbort = () => {
      try {
        worker.postMessage(toWorker({ type: 'stop' }));
      } catch {
        /* the worker may already be gone */
      }
      finish(() => reject(abortError()));
    };
    opts.signal?.addEventListener('abort', onAbort);
    worker.onmessage = (e: MessageEvent) => {
      const bad = checkWorkerToMain(e.data);
      if (bad) {
        finish(() => reject(new Error(`bad message from the simulation worker: ${bad}`)));
        return;
      }
      const m = e.data as WorkerToMain;
      if (m.type === 'calibrated') return calibrations.add(m.key, m.value);
      if (m.runId !== runId && !(m.type === 'error' && m.runId === -1)) return;
      switch (m.type) {
        case 'batch':
          series.append({ t: m.t, cols: m.cols });
          if (m.queueEvents) series.appendEvents(m.queueEvents);
          return;
        case 'exchanges':
          exchanges.append(m.baseline, m.rt, m.rsp, m.lost);
          return;
        case 'progress':
          opts.onProgress?.(Number.isFinite(m.end) && m.end > 0 ? Math.min(1, m.now / m.end) : NaN, m.now);
          return;
        case 'done':
          opts.onProgress?.(1, m.result.summary.simulatedSeconds);
          finish(() => resolve({ summary: m.result.summary, series, exchanges }));
          return;
        case 'error': {
          const detail = (m.fields ?? []).map((f) => (f.path ? `${f.path}: ${f.message}` : f.message));
          finish(() => reject(new Error([m.message, ...detail].join('\n'))));
          return;
        }
        default:
          return;
      }
    };
    worker.onerror = (e: ErrorEvent) => {
      e.preventDefault();
      finish(() => reject(new Error(`The simulation stopped with an error: ${e.message || 'unknown error'}`)));
    };
    const duration = (scenario as { duration?: unknown } | null)?.duration;
    const sampleInterval = opts.sampleInterval ?? (typeof duration === 'number' && duration > 0 ? Math.max(0.001, duration / 1500) : undefined);
    worker.postMessage(toWorker({ type: 'start', runId, scenario, options: { record: false, sampleInterval, baseline: opts.baseline, calibrations: calibrations.entries() }, speed: 'max' }));
  });
}
