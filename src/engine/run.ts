import type { RunResult } from './metrics/types';
import type { WebProgress } from './metrics/web';
import type { CalibrationStep } from './traffic/calibrate';

export interface RunOptions {
  /** Sampling interval of the time series, seconds (default: duration / 2000, at least 1 ms). */
  sampleInterval?: number;
  /** Emit series batches every this many samples (default 64). */
  batchSamples?: number;
  /**
   * Cap on packets alive at once (queued, on the wire); reaching it stops the run with a
   * CapError that names the fullest queue (default DEFAULT_MAX_PACKETS, 4 M: about 600 MB in the packet pool).
   */
  maxPackets?: number;
  /**
   * How the user can raise maxPackets, the last advice of its CapError (default the CLI's
   * "raise the cap (--max-packets)"; the app, whose cap is fixed, names the command line).
   */
  raiseMaxPackets?: string;
  /**
   * Cap on the time-series values a run emits (columns x samples); a run whose series
   * would exceed it is refused before it starts with a CapError naming the sampling
   * interval (default 10^8 values).
   */
  maxSeriesValues?: number;
  /**
   * Hears of each calibration run (web items given a `load`) before it starts; they run
   * before the run itself, inside createRun, and can take longer than it.
   */
  onCalibration?: (step: CalibrationStep) => void;
  /**
   * Hears, every CALIBRATION_CHUNK_EVENTS events or so, how far the calibration run going
   * on has got (its simulated seconds): a calibration can keep createRun busy for 15 s and
   * more, and the app's worker tells the page it is still at work. Only listens: the
   * calibration's runs and values are the same with it or without.
   */
  onCalibrationProgress?: (simSeconds: number) => void;
  /**
   * Which of the bottleneck's queues give decision records to `sink.decision`: both
   * directions (the default; the CLI's --trace) or only the data direction (the app's
   * inspector, which shows that queue; a record costs about 0.25 us to build).
   */
  decisionQueues?: 'both' | 'forward';
  /** Decision records carry `ruleText` instead of `rule` (DecisionSink.lazyRules; the app's worker). */
  lazyRules?: boolean;
}

/**
 * A run in progress. The CLI drives it to the end in one call; the worker drives it in
 * slices so it can pause, step, change parameters and stream batches.
 */
export interface RunHandle {
  /** Current simulation time, seconds. */
  readonly now: number;
  /** Time at which the run stops, seconds (Infinity until all finite flows finish when no duration is set). */
  readonly endTime: number;
  readonly done: boolean;
  readonly events: number;
  /** Name of the bottleneck's data-direction queue, as in DecisionRecord.queue (e.g. "routerL->routerR"). */
  readonly bottleneckQueue: string;
  /**
   * Processes events until simulation time reaches `untilSeconds`, `maxEvents` events
   * have run, `stop()` returns true (checked after each event), or the run ends.
   * Returns the number of events processed.
   */
  advance(untilSeconds: number, maxEvents?: number, stop?: () => boolean): number;
  /** Counters of the web exchanges (null without web traffic). */
  readonly webProgress: WebProgress | null;
  /** Changes a scenario parameter during the run (dotted path as in the CLI's --set); returns an error message or null. */
  setParam(path: string, value: unknown): string | null;
  /** Pushes out any buffered series samples and queue events. */
  flush(): void;
  /** The result so far (final once done). */
  result(): RunResult;
}

export { createRun, runScenario } from './sim-run';
