/**
 * A general topology as a picture: its nodes (hosts as circles, routers as squares, each
 * with its name) and links in columns by hop distance from the hosts that send (senders on
 * the left, hosts that only receive on the right, routers in between), the bottleneck's
 * queue as the dumbbell draws it (a live bar on the link, at its from end), other links
 * that carry an AQM named by their discipline, and rate and delay labels where they fit.
 */
import { eventStyle, flowColor, SERIES } from '../colors';
import type { Painter } from './painter';
import { fmtNumber } from './plot';
import type { GraphLinkView, GraphNodeView, GraphView, ScenarioView } from '../scenario-view';
import { counterLegend, drawQueueBar, drawReverseQueueBar, flashRadius, queueName, rateText, recentEvents } from './topology-parts';
import type { ChartContext } from './types';

const sends = (n: GraphNodeView) => n.sends.length > 0 || n.web === 'servers' || n.web === 'both';
const receives = (n: GraphNodeView) => n.recvs.length > 0 || n.web === 'clients' || n.web === 'both';
// the picture reads left to right as the bottleneck's forward direction: a host beyond the
// bottleneck that sends (two-way traffic) is drawn with the receivers, as the dumbbell's right side
const sendsForward = (n: GraphNodeView) => sends(n) && n.side !== 'to';

/**
 * The columns of a general topology, left to right, each a list of node indices top to
 * bottom. A node's column is its hop distance from the nearest sending node (the first host
 * if nothing sends); hosts that receive and do not send go to a last column of their own.
 * With two-way traffic only the senders on the bottleneck's from side count as sending: the
 * senders beyond it go to the last column with the receivers.
 * Within a column nodes are ordered by the mean row of their neighbours in the columns
 * before (so links cross little), then by their order in the scenario. Deterministic.
 */
export function graphColumns(g: GraphView): number[][] {
  const N = g.nodes.length;
  const index = new Map(g.nodes.map((n, i) => [n.name, i]));
  const adj: number[][] = Array.from({ length: N }, () => []);
  for (const l of g.links) {
    const a = index.get(l.from);
    const b = index.get(l.to);
    if (a === undefined || b === undefined) continue;
    adj[a].push(b);
    adj[b].push(a);
  }
  // (all senders if none is on the from side)
  const sender = g.nodes.some(sendsForward) ? sendsForward : sends;
  let sources = g.nodes.map((n, i) => (sender(n) ? i : -1)).filter((i) => i >= 0);
  if (sources.length === 0) sources = [Math.max(0, g.nodes.findIndex((n) => n.host))];
  const dist = new Array<number>(N).fill(-1);
  const todo: number[] = [];
  for (const s of sources) if (s < N) (dist[s] = 0), todo.push(s);
  for (let k = 0; k < todo.length; k++) for (const m of adj[todo[k]]) if (dist[m] < 0) (dist[m] = dist[todo[k]] + 1), todo.push(m);
  const sink = (i: number) => g.nodes[i].host && (receives(g.nodes[i]) || sends(g.nodes[i])) && !sender(g.nodes[i]);
  const col = dist.map((d) => Math.max(0, d));
  let last = 0;
  for (let i = 0; i < N; i++) if (!sink(i)) last = Math.max(last, col[i]);
  const sinkCol = Math.max(last + 1, ...col.filter((_, i) => sink(i)));
  for (let i = 0; i < N; i++) if (sink(i)) col[i] = sinkCol;
  const K = N === 0 ? 0 : Math.max(...col) + 1;
  const columns: number[][] = Array.from({ length: K }, () => []);
  for (let i = 0; i < N; i++) columns[col[i]].push(i);
  const row = new Array<number>(N).fill(0);
  columns.forEach((nodes, k) => {
    const key = nodes.map((i) => {
      const before = adj[i].filter((m) => col[m] < k);
      return before.length > 0 ? before.reduce((s, m) => s + row[m], 0) / before.length : i / Math.max(1, N);
    });
    const order = nodes.map((_, j) => j).sort((a, b) => key[a] - key[b] || nodes[a] - nodes[b]);
    const sorted = order.map((j) => nodes[j]);
    sorted.forEach((i, r) => (row[i] = sorted.length > 1 ? r / (sorted.length - 1) : 0.5));
    columns[k] = sorted;
  });
  return columns.filter((c) => c.length > 0);
}

/** A node's label: its name and, for a host of several flows, "×n". */
function nodeLabel(n: GraphNodeView): string {
  const flows = n.sends.length > 0 ? n.sends.length : n.recvs.length;
  return `${n.name}${n.host && flows > 1 ? ` ×${flows}` : ''}`;
}

/** An AQM (anything but the default drop-tail) in either direction of a non-bottleneck link. */
function linkAqm(l: GraphLinkView): string | null {
  const qs = [l.queue, l.reverseQueue].filter((q) => q !== null && q.kind !== 'droptail');
  return qs.length > 0 ? [...new Set(qs.map((q) => queueName(q!)))].join(' / ') : null;
}

const linkText = (l: { rate: number; delay: number }) => `${rateText(l.rate)} · ${fmtNumber(l.delay * 1000)} ms`;

interface Box {
  x0: number;
  x1: number;
  y0: number;
  y1: number;
}
const overlaps = (a: Box, b: Box) => a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;

export function drawGeneral(p: Painter, c: ChartContext): number {
  const v = c.view;
  const g = v.graph!;
  const f = c.fonts;
  const W = p.width;
  const H = p.height;
  let drawn = 0;
  const legend = counterLegend(p, c);
  const { recent, hitFlows } = recentEvents(c);
  const columns = graphColumns(g);
  const K = columns.length;
  const index = new Map(g.nodes.map((n, i) => [n.name, i]));
  const colOf = new Array<number>(g.nodes.length).fill(0);
  columns.forEach((nodes, k) => nodes.forEach((i) => (colOf[i] = k)));

  // a row of link labels above the counters; the nodes in the rest
  const lineH = f.small * 1.2;
  const linkRowH = 2 * lineH + 6;
  const areaBottom = H - legend.height - linkRowH;
  let hostR = Math.max(9, f.tick * 0.85, Math.min(22, H * 0.04));
  let routerS = Math.max(f.tick * 2.6, Math.min(56, H * 0.1));

  // the bottleneck: its ends, and the gap between their columns gets room for the queue bar
  const bl = g.links.find((l) => l.bottleneck);
  const bFrom = bl ? index.get(v.link.from) : undefined;
  const bTo = bl ? index.get(v.link.to) : undefined;
  const bGap = bFrom !== undefined && bTo !== undefined && colOf[bFrom] !== colOf[bTo] ? Math.min(colOf[bFrom], colOf[bTo]) : -1;

  // the nodes a column may draw (the rows below): all up to 8, else the first 6 and the bottleneck's ends
  const drawable = (nodes: number[]) => (nodes.length > 8 ? nodes.filter((i, r) => r < 6 || i === bFrom || i === bTo) : nodes);
  // x of each column: host labels left of the first column and right of the last (the labels
  // drawn: measuring the 500 hosts of a side each frame took most of the picture's time)
  const labelW = (k: number) => Math.max(0, ...drawable(columns[k]).filter((i) => g.nodes[i].host).map((i) => p.measure(nodeLabel(g.nodes[i]), f.small)));
  const half0 = columns[0]?.some((i) => g.nodes[i].host) ? hostR : routerS / 2;
  const halfL = columns[K - 1]?.some((i) => g.nodes[i].host) ? hostR : routerS / 2;
  const xFirst = 4 + (labelW(0) > 0 ? labelW(0) + 8 : 0) + half0;
  const xLast = W - 4 - (K > 1 && labelW(K - 1) > 0 ? labelW(K - 1) + 8 : 0) - halfL;
  const weights = Array.from({ length: Math.max(0, K - 1) }, (_, k): number => (k === bGap ? 2.4 : 1));
  let unitW = (xLast - xFirst) / Math.max(1, weights.reduce((s, w) => s + w, 0));
  // on a narrow picture the bottleneck's gap (its queue bar) takes what the other gaps can spare
  const barRoom = f.small * 16;
  if (bGap >= 0 && K > 2 && weights[bGap] * unitW < barRoom) {
    const other = Math.max(2 * hostR + 16, (xLast - xFirst - barRoom) / (K - 2));
    if (other < unitW) {
      weights[bGap] = (xLast - xFirst - other * (K - 2)) / other;
      unitW = other;
    }
  }
  // routers shrink to fit narrow gaps (a phone with five columns)
  // (never below what a short router name needs inside: "n5" in classroom type)
  const nameW = Math.max(0, ...g.nodes.filter((n) => !n.host).map((n) => p.measure(n.name, f.small, 'bold')));
  routerS = Math.max(f.small * 1.6, Math.min(routerS, unitW * 0.7), Math.min(nameW + 6, f.small * 2.2, unitW - 8));
  const colX: number[] = [];
  for (let k = 0, x = K > 1 ? xFirst : W / 2; k < K; x += (weights[k] ?? 0) * unitW, k++) colX.push(x);

  // rows: up to 8 nodes a column, else 6 (and the bottleneck's ends) and "+N more"; fewer
  // if they do not fit the height, and the hosts smaller first (a phone in classroom mode)
  const pos = new Map<number, { x: number; y: number }>();
  const more: { x: number; y: number; n: number }[] = [];
  const topRoom = f.small * 2.4 + 14;
  // the bottleneck queue bar's height
  const qh = Math.max(26, f.tick * 2.2, Math.min(70, H * 0.13));
  let cy = (topRoom + areaBottom) / 2;
  // two-way traffic puts the reverse queue's bar and label under the bottleneck's: the
  // picture's middle moves up to make room for them above the link labels' row (never so far
  // that the drops flashed over the forward bar leave the picture), and the columns keep to
  // the height left on both sides of it (a phone in classroom mode: the hosts get smaller)
  if (v.twoWay && bGap >= 0) {
    const below = qh / 2 + f.small * 2.6 + qh * 0.45 + 4 + 2 * lineH + 4;
    const above = qh / 2 + 8 + f.small * 1.15 + 3 + 2.5 * flashRadius(c) + 2;
    cy = Math.max(above, Math.min(cy, areaBottom - below));
  }
  const spanH = Math.min(areaBottom - topRoom, 2 * (cy - 2), 2 * (areaBottom - cy));
  const rowsOf = (n: number) => (n > 8 ? 7 : n);
  const tallest = Math.max(1, ...columns.map((nodes) => rowsOf(nodes.length)));
  if (tallest > 1) hostR = Math.max(f.small * 0.5, Math.min(hostR, (spanH / tallest - 4) / 2));
  columns.forEach((nodes, k) => {
    let shown = nodes;
    const fitRows = Math.max(2, Math.floor(spanH / (2 * hostR + 4)));
    const cap = nodes.length > 8 ? 6 : nodes.length > fitRows ? fitRows - 1 : nodes.length;
    if (cap < nodes.length) {
      const keep = new Set(nodes.slice(0, cap));
      for (const e of [bFrom, bTo]) if (e !== undefined && nodes.includes(e)) keep.add(e);
      shown = nodes.filter((i) => keep.has(i));
    }
    const rest = nodes.length - shown.length;
    const rows = shown.length + (rest > 0 ? 1 : 0);
    const size = nodes.some((i) => !g.nodes[i].host) ? Math.max(routerS, 2 * hostR) : 2 * hostR;
    // a host in a middle column carries its name under it
    const under = k > 0 && k < K - 1 && nodes.some((i) => g.nodes[i].host) ? lineH + 5 : 0;
    // (less the flash rings round the outer hosts, so the link labels under them fit)
    const avail = spanH - size - 16;
    const step = rows > 1 ? Math.min(Math.max(hostR * 3.2, size + under + 8), Math.max(size + 4, avail / (rows - 1))) : 0;
    const y0 = cy - (step * (rows - 1)) / 2;
    shown.forEach((i, r) => pos.set(i, { x: colX[k], y: y0 + r * step }));
    if (rest > 0) more.push({ x: colX[k], y: y0 + shown.length * step, n: rest });
  });
  const halfOf = (i: number) => (g.nodes[i].host ? hostR : routerS / 2);

  // what is drawn, so labels placed later keep clear of it
  const boxes: Box[] = [];
  // (a host's box holds the ring flashed round it when its flow is hit)
  const boxHalf = (i: number) => (g.nodes[i].host ? hostR + 7 : routerS / 2);
  for (const [i, q] of pos) boxes.push({ x0: q.x - boxHalf(i), x1: q.x + boxHalf(i), y0: q.y - boxHalf(i), y1: q.y + boxHalf(i) });
  const fits = (b: Box) => b.y0 >= 2 && b.y1 <= H - legend.height && !boxes.some((o) => overlaps(o, b));
  const textBox = (s: string, x: number, y: number, bold: boolean, baseline: 'top' | 'middle' | 'bottom'): Box => {
    const w = p.measure(s, f.small, bold ? 'bold' : 'normal');
    const y0 = baseline === 'top' ? y : baseline === 'middle' ? y - f.small / 2 : y - f.small;
    return { x0: x - w / 2, x1: x + w / 2, y0, y1: y0 + f.small };
  };
  /** Centred lines at (x, y down), drawn only if all fit clear of what is drawn. */
  const tryLines = (lines: string[], x: number, y: number, o: { bold?: boolean; color?: string; baseline?: 'top' | 'bottom' } = {}): boolean => {
    const bl = o.baseline ?? 'top';
    const bx = lines.map((s, k) => textBox(s, x, bl === 'top' ? y + k * lineH : y - (lines.length - 1 - k) * lineH, !!o.bold, bl));
    // labels keep a space between them
    if (!bx.every((b) => fits({ ...b, x0: b.x0 - 6, x1: b.x1 + 6 }) && b.x0 >= 2 && b.x1 <= W - 2)) return false;
    lines.forEach((s, k) => p.text(s, x, bl === 'top' ? y + k * lineH : y - (lines.length - 1 - k) * lineH, { size: f.small, color: o.color ?? SERIES.text, align: 'center', baseline: bl, weight: o.bold ? 'bold' : 'normal' }));
    boxes.push(...bx);
    return true;
  };

  // the bottleneck's queue bar, from its from end along the link
  let bar: { qx0: number; qx1: number; y: number; head: number } | null = null;
  const pF = bFrom !== undefined ? pos.get(bFrom) : undefined;
  const pT = bTo !== undefined ? pos.get(bTo) : undefined;
  if (pF && pT && bFrom !== undefined && bTo !== undefined && pF.x !== pT.x) {
    const right = pT.x > pF.x;
    const start = pF.x + (right ? 1 : -1) * (halfOf(bFrom) + 10);
    const len = (Math.abs(pT.x - pF.x) - halfOf(bFrom) - halfOf(bTo) - 10) * 0.5;
    if (len >= 16) {
      const [qx0, qx1] = right ? [start, start + len] : [start - len, start];
      bar = { qx0, qx1, y: pF.y, head: right ? qx1 : qx0 };
    }
  }

  // links under the nodes: the bottleneck thick, from the bar's head; links with an AQM of their own thicker
  for (const l of g.links) {
    const a = index.get(l.from);
    const b = index.get(l.to);
    const pa = a !== undefined ? pos.get(a) : undefined;
    const pb = b !== undefined ? pos.get(b) : undefined;
    if (!pa || !pb) continue;
    if (l.bottleneck) {
      const [p0, p1] = l.from === v.link.from ? [pa, pb] : [pb, pa];
      if (bar) p.line(bar.head, bar.y, p1.x, p1.y, { color: SERIES.axis, width: 5 });
      else p.line(p0.x, p0.y, p1.x, p1.y, { color: SERIES.axis, width: 5 });
    } else p.line(pa.x, pa.y, pb.x, pb.y, { color: linkAqm(l) ? SERIES.axis : '#8a939e', width: linkAqm(l) ? 3 : 1.5 });
    drawn++;
  }

  // nodes: routers as named squares, hosts as circles named beside them (a host of one flow in its colour)
  for (const [i, q] of pos) {
    const n = g.nodes[i];
    const k = colOf[i];
    if (!n.host) {
      p.fillRect(q.x - routerS / 2, q.y - routerS / 2, routerS, routerS, '#3b4450');
      if (p.measure(n.name, f.small, 'bold') <= routerS - 3) p.text(n.name, q.x, q.y, { size: f.small, color: '#ffffff', align: 'center', baseline: 'middle', weight: 'bold' });
      else tryLines([n.name], q.x, q.y + routerS / 2 + 3, { bold: true });
    } else {
      const mine = n.sends.length > 0 ? n.sends : n.recvs;
      let hit: number | undefined;
      for (const fl of n.sends) if (hitFlows.has(fl)) hit = hitFlows.get(fl);
      if (hit !== undefined) p.circle(q.x, q.y, hostR + 5, null, { color: eventStyle(hit).color, width: 4 });
      p.circle(q.x, q.y, hostR, mine.length === 1 ? flowColor(mine[0]) : '#6b7480');
      const label = nodeLabel(n);
      const w = p.measure(label, f.small);
      if (k === 0 && K > 1) p.text(label, q.x - hostR - 8, q.y, { size: f.small, color: SERIES.text, align: 'right', baseline: 'middle' });
      else if (k === K - 1 && K > 1) p.text(label, q.x + hostR + 8, q.y, { size: f.small, color: SERIES.text, align: 'left', baseline: 'middle' });
      // under the host, below the ring its box keeps for flashes
      else tryLines([label], q.x, q.y + hostR + 8);
      if (k === 0 && K > 1) boxes.push({ x0: q.x - hostR - 8 - w, x1: q.x, y0: q.y - f.small / 2, y1: q.y + f.small / 2 });
      else if (k === K - 1 && K > 1) boxes.push({ x0: q.x, x1: q.x + hostR + 8 + w, y0: q.y - f.small / 2, y1: q.y + f.small / 2 });
    }
    drawn++;
  }
  for (const m of more) p.text(`+${m.n} more`, m.x, m.y, { size: f.small, color: SERIES.muted, align: 'center', baseline: 'middle' });

  // the bottleneck queue, as in the dumbbell; its label kept between the columns around it
  if (bar && bFrom !== undefined && bTo !== undefined) {
    // the label under the bar spans the room between the nodes and host labels drawn at its height
    const ly0 = bar.y + qh / 2 + 8;
    const mid = (bar.qx0 + bar.qx1) / 2;
    // (and, on a wide picture, no further than the link's own two nodes)
    let leftEnd = Math.max(4, Math.min(pF!.x, pT!.x) - routerS / 2);
    let rightEnd = Math.min(W - 4, Math.max(pF!.x, pT!.x) + routerS / 2);
    for (const b of boxes)
      if (b.y0 < ly0 + f.small && b.y1 > ly0) {
        if (b.x1 <= mid) leftEnd = Math.max(leftEnd, b.x1 + 6);
        else if (b.x0 >= mid) rightEnd = Math.min(rightEnd, b.x0 - 6);
      }
    drawn += drawQueueBar(p, c, v.queue, { qx0: bar.qx0, qx1: bar.qx1, cy: bar.y, qh, headLeft: bar.head === bar.qx0, labelMin: leftEnd, labelMax: rightEnd, clampRight: true }, recent);
    boxes.push({ x0: bar.qx0, x1: bar.qx1, y0: bar.y - qh / 2 - 8 - f.small, y1: bar.y + qh / 2 + 8 + f.small });
  }

  // two-way traffic: the reverse queue, as the dumbbell draws it: a smaller bar under the
  // bottleneck at its to end, its head towards the from end, labelled under it
  if (v.twoWay && bar && pT && bTo !== undefined) {
    const headRight = bar.head === bar.qx0;
    const rlen = (bar.qx1 - bar.qx0) * 0.6;
    const [rx0, rx1] = headRight ? [pT.x + halfOf(bTo) + 8, pT.x + halfOf(bTo) + 8 + rlen] : [pT.x - halfOf(bTo) - 8 - rlen, pT.x - halfOf(bTo) - 8];
    const ry = bar.y + qh / 2 + f.small * 2.6;
    const rh = qh * 0.45;
    // the label's room: between what is drawn at its height (one line if that fits, as the dumbbell's)
    const ly0 = ry + rh + 4;
    const ly1 = ly0 + 2 * lineH;
    const mid = (rx0 + rx1) / 2;
    let leftEnd = 4;
    let rightEnd = W - 4;
    for (const b of boxes)
      if (b.y0 < ly1 && b.y1 > ly0) {
        if (b.x1 <= mid) leftEnd = Math.max(leftEnd, b.x1 + 6);
        else if (b.x0 >= mid) rightEnd = Math.min(rightEnd, b.x0 - 6);
      }
    boxes.push(...drawReverseQueueBar(p, c, v, { rx0, rx1, ry, rh, headRight, labelMin: leftEnd, labelMax: rightEnd }));
    drawn++;
  }

  // link labels: the bottleneck's beside it, after the bar; the other links' under their columns, one label for links alike
  const bottomY = areaBottom + 4;
  const gapLabel = (k: number, text: string, bold = false): boolean => {
    const x = (colX[k] + colX[k + 1]) / 2;
    const [rate, delay] = text.split(' · ');
    return tryLines([text], x, bottomY, { bold, color: bold ? SERIES.text : SERIES.muted }) || tryLines([rate, delay], x, bottomY, { bold, color: bold ? SERIES.text : SERIES.muted });
  };
  if (bl && pT && bar) {
    const x0 = bar.head === bar.qx1 ? bar.qx1 : pT.x + halfOf(bTo!);
    const x1 = bar.head === bar.qx1 ? pT.x - halfOf(bTo!) : bar.qx0;
    const mid = (x0 + x1) / 2;
    const y = (bar.y + pT.y) / 2;
    const text = linkText(bl);
    const under = bl.framing === 'ethernet' ? 'bottleneck (Ethernet)' : 'bottleneck';
    const [rate, delay] = text.split(' · ');
    const room = x1 - x0 - 6;
    const ok =
      (p.measure(text, f.small, 'bold') <= room && tryLines([text], mid, y - 8, { bold: true, baseline: 'bottom' }) && (tryLines([under], mid, y + 8, { color: SERIES.muted }) || true)) ||
      (Math.max(p.measure(rate, f.small, 'bold'), p.measure(delay, f.small, 'bold')) <= room && tryLines([rate], mid, y - 8, { bold: true, baseline: 'bottom' }) && tryLines([delay], mid, y + 8, { bold: true }));
    if (!ok && bGap >= 0) gapLabel(bGap, text, true);
  }
  const byGap = new Map<number, GraphLinkView[]>();
  for (const l of g.links) {
    const a = index.get(l.from)!;
    const b = index.get(l.to)!;
    if (l.bottleneck || !pos.has(a) || !pos.has(b)) continue;
    const k = Math.min(colOf[a], colOf[b]);
    if (colOf[a] === colOf[b]) continue;
    byGap.set(k, [...(byGap.get(k) ?? []), l]);
  }
  for (const [k, links] of [...byGap].sort((a, b) => a[0] - b[0])) {
    const texts = [...new Set(links.map(linkText))];
    if (texts.length === 1 && k !== bGap) gapLabel(k, texts[0]);
    else
      for (const l of links) {
        const pa = pos.get(index.get(l.from)!)!;
        const pb = pos.get(index.get(l.to)!)!;
        tryLines([linkText(l)], (pa.x + pb.x) / 2, (pa.y + pb.y) / 2 - 4, { baseline: 'bottom', color: SERIES.muted });
      }
  }
  // links with an AQM of their own (no live queue: the run records the bottleneck's)
  for (const l of g.links) {
    const aqm = linkAqm(l);
    if (l.bottleneck || !aqm) continue;
    const pa = pos.get(index.get(l.from)!);
    const pb = pos.get(index.get(l.to)!);
    if (pa && pb) tryLines([aqm], (pa.x + pb.x) / 2, (pa.y + pb.y) / 2 + 4, { bold: true });
  }

  legend.draw();
  return drawn;
}

/** Names in words: "n0, n1 and n2"; past eight, the first six and how many more. */
function names(list: string[]): string {
  const shown = list.length > 8 ? [...list.slice(0, 6), `${list.length - 6} more`] : list;
  return shown.length > 1 ? `${shown.slice(0, -1).join(', ')} and ${shown[shown.length - 1]}` : (shown[0] ?? '');
}

/** The description screen readers get: the nodes, who sends to whom through what, the bottleneck and its queue, the other links. */
export function describeGeneral(v: ScenarioView): string {
  const g = v.graph!;
  const hosts = g.nodes.filter((n) => n.host);
  const routers = g.nodes.filter((n) => !n.host);
  const hostWord = (l: GraphNodeView[]) => `${l.length === 1 ? 'host' : 'hosts'} ${names(l.map((n) => n.name))}`;
  const parts: string[] = [`General network: ${g.nodes.length} ${g.nodes.length === 1 ? 'node' : 'nodes'}, ${g.links.length} ${g.links.length === 1 ? 'link' : 'links'}`];
  parts.push(`${hosts.length} ${hosts.length === 1 ? 'host' : 'hosts'} and ${routers.length} ${routers.length === 1 ? 'router' : 'routers'}${routers.length > 0 ? ` (${names(routers.map((n) => n.name))})` : ''}.`);
  const bulkFrom = g.nodes.filter((n) => n.sends.length > 0);
  const bulkTo = g.nodes.filter((n) => n.recvs.length > 0);
  const flows = bulkFrom.reduce((s, n) => s + n.sends.length, 0);
  const said: string[] = [];
  if (flows > 0) said.push(`${hostWord(bulkFrom).replace(/^./, (x) => x.toUpperCase())} ${bulkFrom.length === 1 ? 'sends' : 'send'} ${flows} ${flows === 1 ? 'flow' : 'flows'} to ${hostWord(bulkTo)}.`);
  const servers = g.nodes.filter((n) => n.web === 'servers' || n.web === 'both');
  const clients = g.nodes.filter((n) => n.web === 'clients' || n.web === 'both');
  if (servers.length > 0) said.push(`Web servers on ${names(servers.map((n) => n.name))}, web clients on ${names(clients.map((n) => n.name))}.`);
  const q = v.queue;
  said.push(
    `The bottleneck is the link ${v.link.from} to ${v.link.to}: ${rateText(v.link.rate)}${v.link.framing === 'ethernet' ? ' Ethernet' : ''} with ${fmtNumber(v.link.delay * 1000)} ms delay and ${/^[aeiou]/i.test(q.kind) ? 'an' : 'a'} ${q.kind} queue of ${q.limit} ${q.unit}${q.ecn ? ', with ECN' : ''}.`,
  );
  // two-way traffic: the reverse queue is drawn too (as the dumbbell's description says it)
  const rq = v.reverseQueue;
  if (v.twoWay) said.push(`Data crosses it both ways: the queue from ${v.link.to} to ${v.link.from} is ${rq.kind}, ${rq.limit} ${rq.unit}${rq.ecn ? ', with ECN' : ''}.`);
  const aqms = g.links.filter((l) => !l.bottleneck && linkAqm(l));
  if (aqms.length > 0) said.push(`Also with an AQM: ${aqms.map((l) => `${l.from} to ${l.to} (${linkAqm(l)})`).join(', ')}.`);
  const others = g.links.filter((l) => !l.bottleneck);
  const byText = new Map<string, number>();
  for (const l of others) {
    const t = `${rateText(l.rate)} with ${fmtNumber(l.delay * 1000)} ms delay`;
    byText.set(t, (byText.get(t) ?? 0) + 1);
  }
  if (byText.size === 1) said.push(`The other ${others.length === 1 ? 'link is' : `${others.length} links are`} ${[...byText.keys()][0]}.`);
  else if (byText.size > 1) said.push(`The other links: ${[...byText].map(([t, k]) => `${k} of ${t}`).join(', ')}.`);
  return `${parts.join(', ')} ${said.join(' ')}`;
}
