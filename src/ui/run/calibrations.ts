/**
 * The page's calibrations of web loads (calibrate.ts), kept in localStorage so that a
 * lesson's offered load is calibrated once per browser, not on each visit: a worker's own
 * cache dies with the worker, and the page ends a worker at every Reset and lesson change.
 * Each run's worker gets the known calibrations with its start message and reports the
 * new ones ('calibrated'). Keys are calibrate.ts's (the workload model, the load and
 * CALIBRATION_VERSION), so a stale entry is never used; the newest MAX_ENTRIES are kept.
 */
import { CALIBRATION_VERSION, type Calibrated } from '../../engine/traffic/calibrate';

export const STORAGE_KEY = 'aqm-lab:calibrations';
/** About 1-3 KB each (the key is the workload model as JSON). */
export const MAX_ENTRIES = 200;

type Store = Pick<Storage, 'getItem' | 'setItem'>;

function isCalibrated(v: unknown): v is Calibrated {
  const o = v as Calibrated | null;
  return typeof o === 'object' && o !== null && typeof o.value === 'number' && typeof o.measured === 'number' && typeof o.fixed === 'object' && o.fixed !== null;
}

export class BrowserCalibrations {
  private readonly map = new Map<string, Calibrated>();

  constructor(private readonly storage: Store | null) {
    try {
      const saved = JSON.parse(storage?.getItem(STORAGE_KEY) ?? 'null') as { v?: unknown; entries?: unknown } | null;
      if (saved?.v === CALIBRATION_VERSION && Array.isArray(saved.entries))
        for (const e of saved.entries) if (Array.isArray(e) && typeof e[0] === 'string' && isCalibrated(e[1])) this.map.set(e[0], e[1]);
    } catch {
      // unreadable (or no storage): start empty
    }
  }

  /** Whether the calibration of `key` is kept (a run needing it will not calibrate). */
  has(key: string): boolean {
    return this.map.has(key);
  }

  entries(): [string, Calibrated][] {
    return [...this.map];
  }

  add(key: string, v: Calibrated): void {
    if (!isCalibrated(v)) return;
    this.map.delete(key);
    this.map.set(key, v);
    while (this.map.size > MAX_ENTRIES) this.map.delete(this.map.keys().next().value!);
    try {
      this.storage?.setItem(STORAGE_KEY, JSON.stringify({ v: CALIBRATION_VERSION, entries: [...this.map] }));
    } catch {
      // storage full or refused: the page still has them until it is closed
    }
  }
}

function localStore(): Store | null {
  try {
    return typeof localStorage !== 'undefined' ? localStorage : null;
  } catch {
    return null;
  }
}

/** The page's one cache. */
export const calibrations = new BrowserCalibrations(localStore());
