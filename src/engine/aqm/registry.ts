import { ared } from './ared';
import { codel } from './codel';
import { dropTail } from './droptail';
import { pi } from './pi';
import { pie } from './pie';
import { defaultsOf } from '../core/params';
import type { QueueSpec } from '../net/topology';
import type { AqmDescriptor, QueueContext, QueueDisc } from './queue-disc';
import { red } from './red';
import { rem } from './rem';
import { scRed } from './sc-red';

/**
 * Every queue discipline, in the order the UI lists them. Adding an AQM = one file that
 * exports a descriptor + one entry here + its tests (the conformance test loops over this).
 */
export const AQMS: readonly AqmDescriptor[] = [dropTail, red, ared, scRed, pi, rem, codel, pie];

/** The descriptor of `kind` ("droptail", "red", ...), or undefined. */
export function aqmByKind(kind: string): AqmDescriptor | undefined {
  for (const d of AQMS) if (d.kind === kind) return d;
  return undefined;
}

/** The queue discipline a scenario's queue spec describes, its parameters not given at their defaults. */
export function makeQueue(spec: QueueSpec, ctx: QueueContext): QueueDisc {
  const d = aqmByKind(spec.kind);
  if (!d) throw new Error(`queue.kind = "${spec.kind}" is unknown`);
  const values: Record<string, unknown> = { ...defaultsOf(d.params) };
  for (const [k, v] of Object.entries(spec)) if (k !== 'kind') values[k] = v;
  return d.create(values, ctx);
}
