/**
 * Switching a queue's limit unit in the editor (packets <-> bytes) converts the queue's
 * sizes with it: the buffer limit and every threshold counted in the queue's unit (RED's
 * min_th and max_th, PI's q_ref, REM's b*) are taken at the queue's mean packet size each
 * where it has one (RED, ARED, PI: as ns-2 reads qlim_ and the thresholds of a queue in
 * bytes, and as seeds/002's byte-mode ARED has 240 packets become 240,000 bytes at 1000
 * bytes a packet), else at one full-size data packet (tcp.mss + tcp.headerBytes).
 * Switched alone, a 64-packet buffer with thresholds 20 and 60 became a 64-byte buffer
 * that holds no packet: every packet was dropped, no download finished, and nothing said why.
 *
 * Only the editor does this. A link or --set that gives `unit` means the numbers given
 * beside it as they are (the keys of a link are applied in order of name, `limit` before
 * `unit`, so converting there would scale a limit already typed in bytes).
 */
import { resolvePath } from '../../engine/scenario/tree';
import { getPath, joinPath, splitPath } from '../../engine/scenario/paths';
import type { Scenario } from '../scenario-api';
import { TCP_PARAMS } from '../../engine/tcp/params';

export interface UnitSwitch {
  /** Path of the queue object and its new value (unit and sizes converted). */
  objPath: string;
  next: Record<string, unknown>;
  /** The same as single changes for a running engine, in an order in which each one keeps min_th < max_th and min_th < limit; the unit last. */
  changes: [string, unknown][];
}

/** Bytes of one full-size data packet of the scenario (MSS plus headers; absent ones at their declared defaults, as the engine reads them). */
export function packetBytes(scenario: Scenario): number {
  const tcp = (scenario as { tcp?: { mss?: unknown; headerBytes?: unknown } }).tcp;
  const mss = typeof tcp?.mss === 'number' ? tcp.mss : TCP_PARAMS.mss.default;
  const hdr = typeof tcp?.headerBytes === 'number' ? tcp.headerBytes : TCP_PARAMS.headerBytes.default;
  return mss + hdr;
}

/** Six significant digits: 20 packets of 1460 bytes and back is 20, not 19.999999999999996. */
function tidy(x: number): number {
  return Number(x.toPrecision(6));
}

/**
 * The conversion for setting `path` to `value`, or null when it is not a change of a
 * queue's limit unit (the plain change then applies).
 */
export function queueUnitSwitch(scenario: Scenario, path: string, value: unknown): UnitSwitch | null {
  if (!path.endsWith('.unit') || (value !== 'packets' && value !== 'bytes')) return null;
  const objSegs = splitPath(path).slice(0, -1);
  const obj = getPath(scenario, objSegs);
  if (typeof obj !== 'object' || obj === null || Array.isArray(obj)) return null;
  const cur = obj as Record<string, unknown>;
  const was = cur.unit ?? 'packets';
  if (was === value || typeof cur.limit !== 'number') return null;
  const node = resolvePath(scenario, objSegs);
  if (!node.ok || node.node.t !== 'union' || typeof cur.kind !== 'string') return null;
  const fields = node.node.variants[cur.kind];
  if (!fields) return null;
  const size = typeof cur.meanPktSize === 'number' && cur.meanPktSize > 0 ? cur.meanPktSize : packetBytes(scenario);
  const next: Record<string, unknown> = { ...cur, unit: value };
  const scaled: [string, number][] = [];
  for (const [k, f] of Object.entries(fields)) {
    const v = cur[k];
    if (f.t !== 'param' || f.spec.type !== 'number' || f.spec.unit !== 'queue-units' || typeof v !== 'number') continue;
    let x = value === 'bytes' ? Math.round(v * size) : tidy(v / size);
    if (value === 'packets' && f.spec.integer && v > 0) x = Math.max(1, Math.round(x));
    next[k] = x;
    scaled.push([k, x]);
  }
  // growing (to bytes): largest first; shrinking (to packets): smallest first
  scaled.sort((a, b) => (value === 'bytes' ? b[1] - a[1] : a[1] - b[1]));
  const objPath = joinPath(objSegs);
  const changes: [string, unknown][] = [...scaled.map(([k, x]): [string, unknown] => [`${objPath}.${k}`, x]), [path, value]];
  return { objPath, next, changes };
}
