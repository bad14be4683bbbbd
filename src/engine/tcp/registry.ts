import { newreno } from './newreno';
import type { TcpVariantDescriptor } from './recovery';
import { reno } from './reno';
import { sack } from './sack';
import { tahoe } from './tahoe';

/** Every TCP variant; `tcp.variant` names one of these kinds. A new variant = one file + one line here. */
export const TCP_VARIANTS: readonly TcpVariantDescriptor[] = [tahoe, reno, newreno, sack];

export function tcpVariant(kind: string): TcpVariantDescriptor {
  for (const d of TCP_VARIANTS) if (d.kind === kind) return d;
  throw new Error(`tcp.variant = ${JSON.stringify(kind)} is not allowed: one of ${TCP_VARIANTS.map((d) => `"${d.kind}"`).join(', ')}`);
}
