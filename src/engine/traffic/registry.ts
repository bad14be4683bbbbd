import type { EnumParam } from '../core/params';
import { bulk, type BulkItem } from './bulk';
import type { AnyTrafficDescriptor } from './types';
import { packmime, type PackmimeItem } from './packmime';
import { udp, type UdpItem } from './udp';
import { webSessions, type WebSessionsItem } from './web-sessions';
import { webUsers, type WebUsersItem } from './web-users';

/**
 * Every traffic kind, in the order the UI lists them. Adding a kind = one file that
 * exports a descriptor + one entry here + its tests.
 */
export const TRAFFICS: readonly AnyTrafficDescriptor[] = [bulk, udp, packmime, webUsers, webSessions];

/** A validated traffic item of any kind (one member per descriptor above). */
export type TrafficItem = BulkItem | UdpItem | PackmimeItem | WebUsersItem | WebSessionsItem;

/** The descriptor of `kind` ("bulk", "udp", ...), or undefined. */
export function trafficByKind(kind: string): AnyTrafficDescriptor | undefined {
  for (const d of TRAFFICS) if (d.kind === kind) return d;
  return undefined;
}

/** The `kind` field of a traffic item, generated from the registry. */
export const TRAFFIC_KIND: EnumParam = {
  type: 'enum',
  values: TRAFFICS.map((d) => d.kind),
  valueDocs: Object.fromEntries(TRAFFICS.map((d) => [d.kind, d.label])),
  default: 'bulk',
  label: 'Traffic kind',
  doc: 'Kind of traffic item.',
};

/** Whether `traffic` has web items (kinds whose runs count request/response exchanges: packmime, web-users, web-sessions). */
export function hasWebTraffic(scenario: { traffic: readonly { kind: string }[] }): boolean {
  return scenario.traffic.some((t) => trafficByKind(t.kind)?.exchangeRate !== undefined);
}
