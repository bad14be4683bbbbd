import type { TcpParams } from '../engine/tcp/params';
import type { BulkTraffic, Scenario, TrafficItem, UdpTraffic } from '../engine/scenario/schema';
import { num, Ns2ExportError } from './tcl';
import { webTrafVariables, type WebTrafVariables } from './webtraf';
import { loadScope } from '../engine/traffic/calibrate';

/** One direction of a web-sessions item as ns-2's PagePool/WebTraf (src/ns2/webtraf.ts). */
export interface WebTrafExport {
  dir: 0 | 1;
  clients: number[];
  servers: number[];
  sessions: number;
  openLoop: boolean;
  vars: WebTrafVariables;
  requestBytes: number;
  params: TcpParams;
  path: string;
  start: number;
}

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
  /** One PagePool/WebTraf (web sessions of one direction). */
  addWebTraf(o: WebTrafExport): void;
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
 * (always with the fractional-ARIMA dependence of the gaps and of the request sizes, which
 * the engine generates only with `arrivals: "farima"` and `requestSizes: "farima"`), so
 * runs agree in distribution, not connection by connection.
 */

export function packmimeExport(item: TrafficItem, ctx: TrafficExportContext): void {
  const t = item as TrafficItem & { direction: 'forward' | 'reverse' | 'both'; arrivals: 'independent' | 'farima'; requestSizes: 'independent' | 'farima'; rate: number; load?: number; persistent: boolean; start: number; stop?: number; tcp?: Partial<TcpParams> };
  let rate = t.rate;
  if (t.load !== undefined) {
    const r = ctx.calibratedRate();
    if (r === undefined)
      throw new Ns2ExportError(`${ctx.path}.load`, `an offered load (${t.load}) becomes a connection rate only by calibration runs: run the scenario once in the app, or export with the CLI (which calibrates it), or give ${ctx.path}.rate instead`);
    rate = r;
    // measured: web-dt148-80 (seed 3, 2026-11-29) ran 86.8 % busy forward in the engine, 66.4 % in ns-2 on its export
    ctx.note(`${ctx.path}.load`, `load ${t.load} is exported as the connection rate the engine calibrated for it, ${num(r)} per second ${loadScope(t.direction)}; ns-2's PackMime draws its own connections, so its offered load differs, at one seed by tens of points (web-dt148-80, seed 3: ns-2 66 % busy forward, the engine 87 %; the full seeds/000 run over seeds 1-5: 59-86 % per direction against 63-83 %): compare response times and drops at equal utilization, not at the same rate`);
  }
  const params: TcpParams = { ...ctx.scenario.tcp, ...(t.tcp ?? {}) };
  const { src, dst } = ctx.hosts();
  const dirs: (0 | 1)[] = t.direction === 'forward' ? [0] : t.direction === 'reverse' ? [1] : [0, 1];
  for (const dir of dirs) {
    const servers = dir === 0 ? src : dst;
    const clients = dir === 0 ? dst : src;
    ctx.addPackMime({ dir, clients, servers, rate, persistent: t.persistent, params, path: t.tcp ? `${ctx.path}.tcp` : 'tcp', start: t.start, stop: t.stop ?? null });
  }
  const gaps =
    t.arrivals === 'farima'
      ? "the model's fractional-ARIMA dependence of the gaps, as arrivals: farima here"
      : "the model's fractional-ARIMA dependence of the gaps, which the engine leaves out with arrivals: independent: ns-2's connection counts over 10 s vary 10-30 times as much as a Poisson process's, and it loses about 14 % more at the same utilization; with arrivals: farima the two lose the same";
  const sizes = t.requestSizes === 'farima' ? 'and of the request sizes, as requestSizes: farima here' : 'and of the request sizes, which the engine leaves out with requestSizes: independent';
  const dependence = `${gaps}; ${sizes}`;
  ctx.note(ctx.path, `ns-2's PackMime-HTTP draws its own connection times and sizes (its RNG, and ${dependence}), uses full-duplex FullTcp agents (ACKs piggybacked on data, no separate one-way halves), records response times only for exchanges that started after a whole-second warm-up, and reports no 'started', 'inProgress' or 'flowsWithLoss': compare distributions, not exchanges`);
}

/**
 * The request every web-sessions object sends: the engine draws PackMime's request sizes
 * (median about 420 bytes); WebTraf sends one fixed-size request, so the script uses that
 * median.
 */
export const WEBTRAF_REQUEST_BYTES = 420;

/**
 * Web sessions (seeds/003 §4.2) as ns-2.35's PagePool/WebTraf, one pool per direction:
 * the item's active sessions become as many WebTraf sessions, each long enough to last
 * the run, with RandomVariables whose laws are the engine's (src/ns2/webtraf.ts).
 */
export function webSessionsExport(item: TrafficItem, ctx: TrafficExportContext): void {
  const t = item as TrafficItem & { direction: 'forward' | 'reverse' | 'both'; sessions: number; load?: number; pages: number; interPage: number; interPageShape: number; openLoop: boolean; objects: number; interObject: number; objectSize: number; objectShape: number; persistent: boolean; start: number; tcp?: Partial<TcpParams> };
  if (t.persistent)
    throw new Ns2ExportError(`${ctx.path}.persistent`, "persistent web sessions cannot be exported: ns-2.35's PagePool/WebTraf opens connections per object (its persistent mode is in EmpWebTraf, with other size models); set persistent to false");
  let sessions = t.sessions;
  if (t.load !== undefined) {
    const r = ctx.calibratedRate();
    if (r === undefined)
      throw new Ns2ExportError(`${ctx.path}.load`, `an offered load (${t.load}) becomes a number of sessions only by calibration runs: run the scenario once in the app, or export with the CLI (which calibrates it), or give ${ctx.path}.sessions instead`);
    sessions = Math.round(r);
    ctx.note(`${ctx.path}.load`, `load ${t.load} is exported as the number of sessions the engine calibrated for it, ${sessions} ${loadScope(t.direction)}; ns-2 draws its own pages and objects, so its offered load differs (heavy-tailed sizes: by 10 % or more on short runs)`);
  }
  const params: TcpParams = { ...ctx.scenario.tcp, ...(t.tcp ?? {}) };
  const vars = webTrafVariables(t);
  const { src, dst } = ctx.hosts();
  const dirs: (0 | 1)[] = t.direction === 'forward' ? [0] : t.direction === 'reverse' ? [1] : [0, 1];
  for (const dir of dirs)
    ctx.addWebTraf({ dir, clients: dir === 0 ? dst : src, servers: dir === 0 ? src : dst, sessions, openLoop: t.openLoop, vars, requestBytes: WEBTRAF_REQUEST_BYTES, params, path: t.tcp ? `${ctx.path}.tcp` : 'tcp', start: t.start });
  const p = ctx.path;
  ctx.note(`${p}.pages`, `each of the ${sessions} session slots is one WebTraf session whose pages last the whole run; the engine ends a session after a geometric number of pages (mean ${num(t.pages)}) and starts a new one at once${t.openLoop ? ' an inter-page time after the last page started' : ' an inter-page time after its last page ended'}, which is the same page process, but picks one server per session where WebTraf picks one per page (the same when there is one server host)`);
  ctx.note(`${p}.objects`, `objects per page: ceil of an exponential draw of mean ${vars.objects.kind === 'exponential' ? num(vars.objects.avg) : '-'}, a geometric count with the engine's mean ${num(t.objects)}`);
  ctx.note(`${p}.objectSize`, `object sizes: ceil of RandomVariable/Pareto (avg_ ${num(t.objectSize)} bytes, shape_ ${num(t.objectShape)}), the engine's law (it rounds instead of ceil and caps at 2^31 - 1 bytes)`);
  ctx.note(`${p}.openLoop`, t.openLoop ? 'open loop: set-interPageOption 0 (inter-page time from the start of a page to the start of the next)' : "closed loop: set-interPageOption 1, ns-2's default (inter-page time from the end of a page)");
  ctx.note(p, `ns-2's WebTraf schedules the sessions, pages and objects; each object is carried as in the engine (one FullTcp connection: the client's SYN, the server's SYN-ACK, the request, the response as soon as the request has arrived, FIN/ACK), by the script's own launch-req (WebTraf's own fulltcp mode never completes an object in ns-2.35: its FullTcp servers wait in CLOSE_WAIT for a close that never comes). Requests are ${WEBTRAF_REQUEST_BYTES} bytes (the engine draws PackMime's request sizes, median about 420 bytes). FullTcp acknowledges, recovers and times its RTT its own way (4.4BSD-like). flowsWithLoss is not reported`);
}

/** Every traffic kind with an ns-2.35 export. */
export const NS2_TRAFFIC: Readonly<Record<string, TrafficExporter>> = {
  bulk: bulkExport,
  udp: udpExport,
  packmime: packmimeExport,
  'web-sessions': webSessionsExport,
};

/** Kinds ns-2.35 has no model for, with the reason given to the user. */
const NOT_IN_NS2: Readonly<Record<string, string>> = {
  'web-users': "ns-2.35 has no model of seeds/002's browsing users (think times, pages, parallel persistent connections); its HTTP workloads are PackMime (kind packmime) and WebTraf's sessions (kind web-sessions)",
};

export function exportTraffic(item: TrafficItem, ctx: TrafficExportContext): void {
  const kind = (item as { kind: string }).kind;
  const f = NS2_TRAFFIC[kind];
  if (!f) throw new Ns2ExportError(`${ctx.path}.kind`, `"${kind}" cannot be exported: ${NOT_IN_NS2[kind] ?? 'no ns-2 export for this traffic kind yet'}; exportable kinds: ${Object.keys(NS2_TRAFFIC).join(', ')}`);
  f(item, ctx);
}
