import type { TcpParams } from '../engine/tcp/params';
import type { BulkTraffic, Scenario, TrafficItem, UdpTraffic } from '../engine/scenario/schema';
import { num, Ns2ExportError } from './tcl';

/**
 * Traffic items in ns-2.35, one entry per traffic kind of the scenario. Adding a kind's
 * export = one function here + one line in NS2_TRAFFIC. The builder (export.ts) gives
 * each exporter the flow numbering of the engine, the nodes each flow runs between and
 * the helpers that write agents; flows are numbered in scenario order, as the engine does.
 */

export interface TrafficExportContext {
  scenario: Scenario;
  /** Dotted path of the item ("traffic.0"). */
  path: string;
  /** Index of the next flow (the engine's flow number). */
  nextFlow(): number;
  /** Tcl expressions of the nodes flow `flow` of this item runs between (its host or the flow's delay node). */
  endpoints(flow: number): { src: string; dst: string };
  /** A TCP connection for flow `flow`: sender at src, sink at dst, `bytes` (null = unlimited) from `start` s. */
  addTcpFlow(o: { flow: number; src: string; dst: string; params: TcpParams; path: string; start: number; bytes: number | null }): void;
  /** A UDP source (CBR or Poisson) for flow `flow`. */
  addUdpFlow(o: { flow: number; src: string; dst: string; pattern: 'cbr' | 'poisson'; rate: number; packetSize: number; start: number; stop: number | null }): void;
  note(field: string, text: string): void;
}

export type TrafficExporter = (item: TrafficItem, ctx: TrafficExportContext) => void;

/** Bulk TCP: `flows` one-way agents with FTP sources, flow k starting at start + k spread / flows. */
export function bulkExport(item: TrafficItem, ctx: TrafficExportContext): void {
  const t = item as BulkTraffic;
  const params: TcpParams = { ...ctx.scenario.tcp, ...(t.tcp ?? {}) };
  for (let j = 0; j < t.flows; j++) {
    const flow = ctx.nextFlow();
    const { src, dst } = ctx.endpoints(flow);
    ctx.addTcpFlow({ flow, src, dst, params, path: t.tcp ? `${ctx.path}.tcp` : 'tcp', start: t.start + (j * t.startSpread) / t.flows, bytes: t.bytes ?? null });
  }
  if (t.bytes !== undefined && t.bytes % params.mss !== 0)
    ctx.note(`${ctx.path}.bytes`, `ns-2 one-way TCP sends whole packets: ${t.bytes} bytes become ${Math.ceil(t.bytes / params.mss)} packets of ${params.mss} bytes, so the last packet carries ${params.mss - (t.bytes % params.mss)} bytes more than here (goodput and G are computed from the scenario's bytes)`);
}

/** UDP: Agent/UDP with Application/Traffic/CBR, or for Poisson gaps the exponential on/off source with zero-length bursts. */
export function udpExport(item: TrafficItem, ctx: TrafficExportContext): void {
  const t = item as UdpTraffic;
  const flow = ctx.nextFlow();
  const { src, dst } = ctx.endpoints(flow);
  ctx.addUdpFlow({ flow, src, dst, pattern: t.pattern, rate: t.rate, packetSize: t.packetSize, start: t.start ?? 0, stop: t.stop ?? null });
  if (t.pattern === 'poisson')
    ctx.note(`${ctx.path}.pattern`, `Poisson gaps come from ns-2's Application/Traffic/Exponential with burst_time_ 0 (one packet per burst) and idle_time_ = the mean gap ${num((t.packetSize * 8) / t.rate)} s; its random stream differs from the engine's`);
}

/** Every traffic kind with an ns-2.35 export. */
export const NS2_TRAFFIC: Readonly<Record<string, TrafficExporter>> = {
  bulk: bulkExport,
  udp: udpExport,
};

export function exportTraffic(item: TrafficItem, ctx: TrafficExportContext): void {
  const kind = (item as { kind: string }).kind;
  const f = NS2_TRAFFIC[kind];
  if (!f) throw new Ns2ExportError(`${ctx.path}.kind`, `"${kind}" cannot be exported: no ns-2 export for this traffic kind yet; exportable kinds: ${Object.keys(NS2_TRAFFIC).join(', ')}`);
  f(item, ctx);
}
