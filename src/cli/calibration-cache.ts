import { createHash } from 'node:crypto';
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setCalibrationStore, type Calibrated } from '../engine/traffic/calibrate';

/**
 * The CLI keeps load calibrations (src/engine/traffic/calibrate.ts) in a small JSON file,
 * so a scenario run again (a sweep, a benchmark) does not calibrate again. The file is
 * AQM_LAB_CALIBRATION_CACHE, or aqm-lab-calibration-v1.json in the temp directory; a file
 * that cannot be read or written only costs the calibration runs.
 */
export function useCalibrationFile(path = process.env.AQM_LAB_CALIBRATION_CACHE ?? join(tmpdir(), 'aqm-lab-calibration-v1.json')): void {
  let table: Record<string, Calibrated> = {};
  try {
    table = JSON.parse(readFileSync(path, 'utf8')) as Record<string, Calibrated>;
  } catch {
    table = {};
  }
  const hash = (key: string) => createHash('sha256').update(key).digest('hex').slice(0, 32);
  setCalibrationStore({
    get: (key) => table[hash(key)],
    set: (key, v) => {
      table[hash(key)] = v;
      try {
        writeFileSync(`${path}.tmp`, JSON.stringify(table));
        renameSync(`${path}.tmp`, path);
      } catch {
        // not writable: the calibration is kept for this process only
      }
    },
  });
}
