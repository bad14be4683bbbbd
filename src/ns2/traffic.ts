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
  /** A TCP connection for flow `flow`: sender at src, sink at dst, `bytes` (null = unlimited) from `start` s, the application stopping at `stop` s (null = never). */
  addTcpFlow(o: { flow: number; src: string; dst: string; params: TcpParams; path: string; start: number; bytes: number | null; stop: number | null }): void;
  /** Host nodes of the item as the engine's traffic context sees them: src (servers of "forward") and dst. */
  hosts(): { src: number[]; dst: number[] };
  /** The connection rate a `load` was calibrated to, if the caller gave calibrations. */
  calibratedRate(): number | undefined;
  /** One PackMime-HTTP cloud pair: the engine's rotation of clients and servers (node indices), rate, model, TCP. */
  addPackMime(o: { dir: 0 | 1; clients: number[]; servers: number[]; rate: number; persistent: boolean; params: TcpParams; path: string; start: number; stop: number | null }): void;
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
    ctx.addTcpFlow({ flow, src, dst, params, path: t.tcp ? `${ctx.path}.tcp` : 'tcp', start: t.start + (j * t.startSpread) / t.flows, bytes: t.bytes ?? null, stop: t.stop ?? null });
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

/**
 * PackMime-HTTP (ns-2.35 packmime/packmime_HTTP.cc): one PackMimeHTTP object per direction
 * of the item, with the engine's clients and servers in its rotation, the connection rate
 * (from `load`, the rate the engine calibrated), HTTP/1.1 when persistent, and FullTcp
 * agents of the item's TCP variant. ns-2 draws its own connections from the same model
 * (with the fractional-ARIMA dependence the engine leaves out), so runs agree in
 * distribution, not connection by connection.
 */
export function packmimeExport(item: TrafficItem, ctx: TrafficExportContext): void {
  const t = item as TrafficItem & { direction: 'forward' | 'reverse' | 'both'; rate: number; load?: number; persistent: boolean; start: number; stop?: number; tcp?: Partial<TcpParams> };
  let rate = t.rate;
  if (t.load !== undefined) {
    const r = ctx.calibratedRate();
    if (r === undefined)
      throw new Ns2ExportError(`${ctx.path}.load`, `an offered load (${t.load}) becomes a connection rate only by calibration runs: run the scenario once in the app, or export with the CLI (which calibrates it), or give ${ctx.path}.rate instead`);
    rate = r;
    ctx.note(`${ctx.path}.load`, `load ${t.load} is exported as the connection rate the engine calibrated for it, ${num(r)} per second per direction; ns-2's PackMime draws its own connections, so its offered load may differ by a few percent`);
  }
  const params: TcpParams = { ...ctx.scenario.tcp, ...(t.tcp ?? {}) };
  const { src, dst } = ctx.hosts();
  const dirs: (0 | 1)[] = t.direction === 'forward' ? [0] : t.direction === 'reverse' ? [1] : [0, 1];
  for (const dir of dirs) {
    const servers = dir === 0 ? src : dst;
    const clients = dir === 0 ? dst : src;
    ctx.addPackMime({ dir, clients, servers, rate, persistent: t.persistent, params, path: t.tcp ? `${ctx.path}.tcp` : 'tcp', start: t.start, stop: t.stop ?? null });
  }
  ctx.note(ctx.path, "ns-2's PackMime-HTTP draws its own connection times and sizes (its RNG, and the model's fractional-ARIMA dependence that the engine leaves out), uses full-duplex FullTcp agents (ACKs piggybacked on data, no separate one-way halves), records response times only for exchanges that started after a whole-second warm-up, and reports no 'started', 'inProgress' or 'flowsWithLoss': compare distributions, not exchanges");
}

/** Every traffic kind with an ns-2.35 export. */
export const NS2_TRAFFIC: Readonly<Record<string, TrafficExporter>> = {
  bulk: bulkExport,
  udp: udpExport,
  packmime: packmimeExport,
};

/** Kinds ns-2.35 has no model for, with the reason given to the user. */
const NOT_IN_NS2: Readonly<Record<string, string>> = {
  'web-users': "ns-2.35 has no model of seeds/002's browsing users (think times, pages, parallel persistent connections); its only HTTP workload is PackMime (kind packmime)",
  'web-sessions': "ns-2.35 has no model of seeds/003's web sessions (Pareto page gaps and object sizes); its only HTTP workload is PackMime (kind packmime)",
};

export function exportTraffic(item: TrafficItem, ctx: TrafficExportContext): void {
  const kind = (item as { kind: string }).kind;
  const f = NS2_TRAFFIC[kind];
  if (!f) throw new Ns2ExportError(`${ctx.path}.kind`, `"${kind}" cannot be exported: ${NOT_IN_NS2[kind] ?? 'no ns-2 export for this traffic kind yet'}; exportable kinds: ${Object.keys(NS2_TRAFFIC).join(', ')}`);
  f(item, ctx);
}
