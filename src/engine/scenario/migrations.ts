import { shownValue } from '../core/params';

/**
 * Scenario format versions. A scenario (file, preset, URL link) carries `version`; older
 * versions are brought up to CURRENT_VERSION one step at a time, so old links keep working.
 *
 * To add version 2: write `function v1to2(json: Record<string, unknown>): Record<string, unknown>`
 * (returning the scenario with `version: 2`), add `1: v1to2` to STEPS and set
 * CURRENT_VERSION = 2. Nothing else changes.
 */

export const CURRENT_VERSION = 1;

type Step = (json: Record<string, unknown>) => Record<string, unknown>;

/** STEPS[n] turns a version-n scenario into version n + 1. */
const STEPS: Readonly<Record<number, Step>> = {};

const KNOWN = CURRENT_VERSION === 1 ? 'version 1' : `versions 1 to ${CURRENT_VERSION}`;

export type MigrateResult = { ok: true; json: Record<string, unknown>; from: number } | { ok: false; errors: string[] };

export function migrate(json: unknown): MigrateResult {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    return { ok: false, errors: [`scenario: expected a JSON object { "version": ${CURRENT_VERSION}, ... }, got ${Array.isArray(json) ? 'a list' : json === undefined ? 'nothing (no such field)' : shownValue(json)}`] };
  }
  const obj = json as Record<string, unknown>;
  const v = obj.version;
  if (v === undefined) return { ok: false, errors: [`version: required (the scenario format version; this build reads ${KNOWN})`] };
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 1) {
    return { ok: false, errors: [`version = ${shownValue(v)} is not allowed: a whole number 1 to ${CURRENT_VERSION}`] };
  }
  if (v > CURRENT_VERSION) {
    return { ok: false, errors: [`version = ${v} is newer than this build of AQM Lab understands (${KNOWN}); update AQM Lab to open it`] };
  }
  let cur = obj;
  for (let n = v; n < CURRENT_VERSION; n++) {
    const step = STEPS[n];
    if (!step) return { ok: false, errors: [`version = ${v}: no migration from version ${n} to ${n + 1}`] };
    cur = step(cur);
  }
  return { ok: true, json: cur, from: v };
}
