import type { AqmDescriptor } from '../engine/aqm/queue-disc';
import { aqmByKind } from '../engine/aqm/registry';
import type { Unit } from '../engine/core/params';
import type { FlowSummary, QueueSummary, RunResult } from '../engine/metrics/types';
import { ACCESS_QUEUE, generalBottleneck, type GeneralSpec } from '../engine/net/topology';
import { KIND_NAMES, kindsWorthShowing } from '../engine/metrics/by-kind';
import { KIND_KEYS } from '../engine/net/packet';
import { own } from '../engine/scenario/paths';
import type { QueueConfig, Scenario } from '../engine/scenario/schema';
import { hasWebTraffic } from '../engine/traffic/registry';

/** Human-readable text of a run result for the terminal. */

/** Lays out rows as columns: the first `leftColumns` left-aligned, the others right-aligned. */
export function table(header: string[], rows: string[][], leftColumns = 1): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) => cells.map((c, i) => (i < leftColumns ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ').trimEnd();
  return [line(header), ...rows.map(line)].join('\n');
}

function fixed(x: number | null | undefined, digits: number): string {
  return x === null || x === undefined || !Number.isFinite(x) ? '-' : x.toFixed(digits);
}

function pct(x: number | null | undefined, digits = 1): string {
  return x === null || x === undefined || !Number.isFinite(x) ? '-' : `${(x * 100).toFixed(digits)}%`;
}

/** 1500000 -> "1.5 Mb/s". */
export function rateText(bps: number): string {
  if (bps >= 1e9) return `${+(bps / 1e9).toPrecision(4)} Gb/s`;
  if (bps >= 1e6) return `${+(bps / 1e6).toPrecision(4)} Mb/s`;
  if (bps >= 1e3) return `${+(bps / 1e3).toPrecision(4)} Kb/s`;
  return `${bps} b/s`;
}

/** 0.02 -> "20 ms". */
export function delayText(s: number): string {
  return s >= 1 ? `${+s.toPrecision(4)} s` : `${+(s * 1000).toPrecision(4)} ms`;
}

function queueText(q: QueueConfig): string {
  const parts = [`${q.kind} limit ${q.limit} ${q.unit === 'bytes' ? 'B' : 'pkts'}`];
  if (q.kind === 'red') {
    parts.push(`minTh ${q.minTh} maxTh ${q.maxTh} maxP ${q.maxP} wq ${q.wq}${q.gentle ? ' gentle' : ''}${q.ecn ? ' ECN' : ''}`);
  }
  return parts.join(', ');
}

/** "4 TCP flows (reno+ECN)", "1 UDP source (poisson, 8 Mb/s)", or both: TCP is named only when there is TCP traffic. */
export function trafficText(s: Scenario): string {
  let tcp = 0;
  let udp = 0;
  const udpText: string[] = [];
  const other = new Map<string, number>();
  const ecn = s.tcp.ecn || s.traffic.some((x) => x.kind === 'bulk' && x.tcp?.ecn === true);
  for (const x of s.traffic) {
    if (x.kind === 'bulk') tcp += x.flows;
    else if (x.kind === 'udp') {
      udp++;
      udpText.push(`${x.pattern} ${rateText(x.rate)}`);
    } else {
      const k = (x as { kind: string }).kind;
      other.set(k, (other.get(k) ?? 0) + 1);
    }
  }
  const parts: string[] = [];
  if (tcp > 0) parts.push(`${tcp} TCP flow${tcp === 1 ? '' : 's'} (${s.tcp.variant}${ecn ? '+ECN' : ''})`);
  if (udp > 0) parts.push(`${udp} UDP source${udp === 1 ? '' : 's'} (${[...new Set(udpText)].join(', ')})`);
  for (const [k, n] of other) parts.push(`${n} ${k} item${n === 1 ? '' : 's'}`);
  return parts.join(' and ');
}

/** One line describing the network. */
export function scenarioLine(s: Scenario): string {
  const t = s.topology;
  const until = s.stopAfterExchanges !== undefined && hasWebTraffic(s) ? `, until ${s.stopAfterExchanges.toLocaleString('en-US')} exchanges${s.duration !== undefined ? ` or ${s.duration} s` : ''}` : s.duration !== undefined ? `, ${s.duration} s` : ', until all flows finish';
  const head = `${s.name ?? 'scenario'} (seed ${s.seed}${until}): ${trafficText(s)}`;
  if (t.kind === 'dumbbell') {
    const b = t.bottleneck;
    return `${head}, dumbbell ${t.left.hosts}x${t.right.hosts} hosts, bottleneck ${rateText(b.rate)} ${delayText(b.delay)}${b.loss ? ` loss ${b.loss}` : ''}, ${queueText(b.queue)}`;
  }
  // which link the queue rows below are: the named one, else the slowest (generalBottleneck)
  const b = generalBottleneck(t as unknown as GeneralSpec);
  const l = t.links[b.link];
  const [from, to] = b.reversed ? [l.to, l.from] : [l.from, l.to];
  const q = (b.reversed ? (l.reverseQueue ?? l.queue) : l.queue) as QueueConfig | undefined;
  return `${head}, ${t.nodes.length} nodes, ${t.links.length} links, bottleneck ${from}->${to} (${t.bottleneck ? 'named' : 'the slowest link'}) ${rateText(l.rate)} ${delayText(l.delay)}${l.loss ? ` loss ${l.loss}` : ''}, ${queueText(q ?? (ACCESS_QUEUE as QueueConfig))}${q ? '' : ' (no queue given)'}`;
}

function queueRow(name: string, q: QueueSummary): string[] {
  return [
    name,
    pct(q.utilization),
    String(q.arrivals),
    String(q.drops),
    String(q.dropsOverflow),
    String(q.dropsEarly),
    String(q.dropsForced),
    String(q.marks),
    String(q.linkLosses),
    pct(q.lossRate, 2),
    fixed(q.meanQueuePackets, 2),
    String(q.maxQueuePackets),
    fixed(q.meanQueueDelay * 1000, 2),
  ];
}

function num(x: number): string {
  return Number.isInteger(x) ? String(x) : Math.abs(x) >= 1e-4 && Math.abs(x) < 1e6 ? String(+x.toPrecision(4)) : x.toExponential(3);
}

/** A declared unit as printed after a number ('' for probabilities, ratios and counts). */
function unitSuffix(unit: Unit | NonNullable<AqmDescriptor['summaryUnits']>[string] | undefined, queueUnit: string): string {
  switch (unit) {
    case 'packets/s':
    case 'packets per interval':
    case 'Hz':
      return ` ${unit}`;
    case 's':
      return ' s';
    case 'bps':
      return ' b/s';
    case 'bytes':
    case 'packets':
    case 'segments':
      return ` ${unit}`;
    case 'queue-units':
      return queueUnit === 'bytes' ? ' bytes' : ' packets';
    default:
      return '';
  }
}

/**
 * The bottleneck AQM's resolved parameters, final state and means (summary.bottleneck.aqm),
 * when it has variables; each number with the unit its parameter or variable declares
 * (`target 0.005 s`, `minTh 20 packets`): they were bare numbers, which a reader had to
 * look up to tell seconds from packets.
 */
export function aqmLines(q: QueueSummary): string[] {
  const a = q.aqm;
  if (!a || Object.keys(a.means).length === 0) return [];
  const d = aqmByKind(a.kind);
  const queueUnit = String(a.params.unit ?? 'packets');
  const units: Record<string, string> = {};
  for (const [k, spec] of Object.entries(d?.params ?? {})) if (spec.type === 'number') units[k] = unitSuffix(spec.unit, queueUnit);
  for (const v of d?.vars ?? []) units[v.name] = unitSuffix(v.unit, queueUnit);
  for (const [k, u] of Object.entries(d?.summaryUnits ?? {})) units[k] = unitSuffix(u, queueUnit);
  const kv = (o: Record<string, number | string | boolean>) => Object.entries(o).map(([k, v]) => `${k} ${typeof v === 'number' ? `${num(v)}${own(units, k) ?? ''}` : v}`).join(', ');
  return [`${a.kind} at the bottleneck: ${kv(a.params)}`, `  final: ${kv(a.state)}`, `  time averages: ${kv(a.means)}`];
}

/**
 * The bottleneck's arrivals, drops and marks by packet kind (summary byKind), each way,
 * when connections open and close through it (kindsWorthShowing), else null.
 */
export function kindTable(fwd: QueueSummary, rev: QueueSummary): string | null {
  if (!kindsWorthShowing(fwd, rev)) return null;
  const rows: string[][] = [];
  for (const [dir, q] of [
    ['->', fwd],
    ['<-', rev],
  ] as const) {
    if (!q.byKind) continue;
    for (const k of KIND_KEYS) {
      const c = q.byKind[k];
      if (c.arrivals === 0) continue;
      rows.push([`bottleneck ${dir}`, KIND_NAMES[k], String(c.arrivals), String(c.drops), pct(c.drops / c.arrivals, 2), String(c.marks), pct(c.marks / c.arrivals, 2)]);
    }
  }
  return `by packet kind (after the warm-up)\n${table(['queue', 'kind', 'arrivals', 'drops', 'dropped', 'marks', 'marked'], rows, 2)}`;
}

function flowRow(f: FlowSummary): string[] {
  return [
    String(f.flow),
    f.kind,
    fixed(f.startTime, 3),
    f.completionTime === null ? 'unfinished' : fixed(f.completionTime, 3),
    fixed(f.goodputBps / 1000, 1),
    String(f.bytesDelivered),
    String(f.packetsSent),
    String(f.retransmissions),
    String(f.timeouts),
    String(f.drops),
    String(f.marks),
  ];
}

/** At most this many flow rows; the rest are summarised. */
const MAX_FLOW_ROWS = 40;

/** The summary printed to stdout after a run. */
export function formatSummary(result: RunResult, scenario: Scenario): string {
  const s = result.summary;
  const out: string[] = [];
  out.push(scenarioLine(scenario));
  out.push(`simulated ${fixed(s.simulatedSeconds, 3)} s in ${fixed(s.wallSeconds, 3)} s wall, ${s.events} events${s.warmup > 0 ? `; statistics below count from the end of the ${fixed(s.warmup, 3)} s warm-up` : ''}`);
  out.push('');
  out.push(
    table(
      ['queue', 'util', 'arrivals', 'drops', 'overflow', 'early', 'forced', 'marks', 'link loss', 'loss', 'mean q', 'max q', 'delay ms'],
      [queueRow('bottleneck ->', s.bottleneck), queueRow('bottleneck <-', s.bottleneckReverse)],
    ),
  );
  const aqm = aqmLines(s.bottleneck);
  if (aqm.length > 0) out.push('', ...aqm);
  const kinds = kindTable(s.bottleneck, s.bottleneckReverse);
  if (kinds !== null) out.push('', kinds);
  out.push('');
  const flows = s.flows;
  const shown = flows.length > MAX_FLOW_ROWS ? flows.slice(0, MAX_FLOW_ROWS) : flows;
  // web traffic alone has no long-lived flows: say so rather than print an empty table
  if (flows.length === 0) out.push('flows: none long-lived (web exchanges: see the response times below)');
  else out.push(table(['flow', 'kind', 'start s', 'done s', 'goodput Kb/s', 'delivered B', 'sent', 'retx', 'timeouts', 'drops', 'marks'], shown.map(flowRow), 2));
  if (shown.length < flows.length) {
    const rest = flows.slice(MAX_FLOW_ROWS);
    const sum = (k: 'retransmissions' | 'timeouts' | 'drops' | 'marks') => rest.reduce((a, f) => a + f[k], 0);
    const gp = rest.map((f) => f.goodputBps / 1000);
    out.push(
      `... ${rest.length} more flows: goodput ${fixed(Math.min(...gp), 1)} to ${fixed(Math.max(...gp), 1)} Kb/s, retx ${sum('retransmissions')}, timeouts ${sum('timeouts')}, drops ${sum('drops')}, marks ${sum('marks')}`,
    );
  }
  out.push('');
  // G (seeds/001 eq. 2) is defined over the TCP transfers, and only once every one has finished
  const noG = flows.length === 0 ? 'no long-lived flows' : flows.some((f) => f.kind === 'tcp') ? 'a flow did not finish' : 'no TCP flows';
  out.push(`goodput efficiency G = ${s.goodputEfficiency === null ? `- (${noG})` : pct(s.goodputEfficiency, 2)}   Jain's fairness index = ${s.flows.length === 0 ? '- (no long-lived flows)' : fixed(s.fairness.jain, 3)}`);
  return out.join('\n');
}
