/**
 * The dumbbell as a picture: senders on the left, the two routers, the bottleneck link
 * and receivers on the right. The bottleneck queue is a bar that fills from its head
 * (the link end) with the current backlog, with RED's thresholds and average drawn on
 * it; recent drops and marks flash above the queue and on the sender of the flow hit.
 */
import { eventStyle, flowColor, SERIES } from '../colors';
import type { Painter } from './painter';
import { fmtNumber } from './plot';
import type { ScenarioView } from '../scenario-view';
import { describeGeneral, drawGeneral } from './topology-general';
import { count, counterLegend, drawQueueBar, drawReverseQueueBar, rateText, recentEvents } from './topology-parts';
import type { ChartContext, ChartDef } from './types';
import { keepsAverage } from './queue-chart';
import { topologyRunText } from './run-text';

/** Host slots drawn per side: all hosts up to 8, else 6 and a "+N more" line. */
function hostSlots(n: number): { shown: number[]; more: number } {
  if (n <= 8) return { shown: Array.from({ length: n }, (_, i) => i), more: 0 };
  return { shown: [0, 1, 2, 3, 4, 5], more: n - 6 };
}

/** Per host of a side, the flows it sends and the flows it receives. */
function hostFlows(v: ScenarioView, side: 'left' | 'right', n: number): { sends: number[][]; recvs: number[][] } {
  const sends: number[][] = Array.from({ length: n }, () => []);
  const recvs: number[][] = Array.from({ length: n }, () => []);
  v.flowHosts.forEach((fh, flow) => {
    if (fh.side === side) sends[fh.host]?.push(flow);
    else recvs[fh.dst]?.push(flow);
  });
  return { sends, recvs };
}

/** `text` broken at spaces into lines of at most `width` px; [] if a word alone is wider. */
function wrapText(text: string, width: number, measure: (t: string) => number): string[] {
  const lines: string[] = [];
  // "+ servers" stays together: a line does not end with "+"
  for (const word of text.split(/(?<!\+) /)) {
    const last = lines.length > 0 ? `${lines[lines.length - 1]} ${word}` : '';
    if (lines.length > 0 && measure(last) <= width) lines[lines.length - 1] = last;
    else if (measure(word) <= width) lines.push(word);
    else return [];
  }
  return lines;
}

/** Web traffic's hosts of a side, in words (above the picture's hosts). */
const WEB_ROLE_WORDS: Record<string, string> = { servers: 'web servers', clients: 'web clients', both: 'web clients + servers' };

/**
 * The host labels of each side: a role letter (S sends, D receives, H both; with web
 * traffic S servers, C clients, H both) and the host's number, with "×n" for a host of n
 * flows. Two-way traffic puts the same role on both sides: the right side's hosts are then
 * numbered after the left's (the engine's node order), so no two hosts share a label.
 */
export function hostLabels(v: ScenarioView): { left: string[]; right: string[] } {
  const roles = (side: 'left' | 'right', n: number): { role: string; flows: number }[] => {
    const { sends, recvs } = hostFlows(v, side, n);
    const sideSends = sends.some((x) => x.length > 0);
    const wr = v.webRole[side];
    const webRole = wr === 'both' ? 'H' : wr === 'servers' ? 'S' : wr === 'clients' ? 'C' : null;
    return sends.map((snd, h) => {
      const rcv = recvs[h];
      const role = snd.length > 0 && rcv.length > 0 ? 'H' : snd.length > 0 ? 'S' : rcv.length > 0 ? 'D' : (webRole ?? (sideSends ? 'S' : 'D'));
      return { role, flows: snd.length > 0 ? snd.length : rcv.length };
    });
  };
  const left = roles('left', v.leftHosts);
  const right = roles('right', v.rightHosts);
  const shared = left.some((l) => right.some((r) => r.role === l.role));
  const text = (r: { role: string; flows: number }, k: number) => `${r.role}${k}${r.flows > 1 ? ` ×${r.flows}` : ''}`;
  return { left: left.map((r, h) => text(r, h)), right: right.map((r, h) => text(r, shared ? v.leftHosts + h : h)) };
}

/**
 * One side's hosts in words, by the roles the picture gives them (hostLabels): "4 senders",
 * "1 receiver", "4 hosts sending and receiving", "1 host running web clients and servers".
 */
function sideWords(v: ScenarioView, side: 'left' | 'right'): string {
  const n = side === 'left' ? v.leftHosts : v.rightHosts;
  const { sends, recvs } = hostFlows(v, side, n);
  const web = ({ servers: 'web servers', clients: 'web clients', both: 'web clients and servers' } as Record<string, string>)[v.webRole[side] ?? ''];
  const sideSends = sends.some((x) => x.length > 0);
  const roles = { S: 0, D: 0, H: 0, W: 0 };
  sends.forEach((snd, h) => {
    const rcv = recvs[h].length > 0;
    // a host without bulk flows is what the side's web traffic makes it, else like its neighbours
    roles[snd.length > 0 && rcv ? 'H' : snd.length > 0 ? 'S' : rcv ? 'D' : web ? 'W' : sideSends ? 'S' : 'D']++;
  });
  const parts: string[] = [];
  if (roles.S) parts.push(count(roles.S, 'sender', 'senders'));
  if (roles.D) parts.push(count(roles.D, 'receiver', 'receivers'));
  if (roles.H) parts.push(`${count(roles.H, 'host', 'hosts')} sending and receiving`);
  if (roles.W) parts.push(`${count(roles.W, 'host', 'hosts')} running ${web}`);
  const bulk = roles.S + roles.D + roles.H > 0;
  return parts.join(' and ') + (web && bulk ? ` (with ${web})` : '');
}

export const topologyView: ChartDef = {
  id: 'topology',
  title: 'Network',
  animated: true,
  describe(c) {
    const v = c.view;
    if (v.graph) {
      const run = topologyRunText(c, { hasAvg: keepsAverage(v.queue.kind) });
      return `${describeGeneral(v)}${run ? ` ${run}` : ''}`;
    }
    const left = sideWords(v, 'left');
    const right = sideWords(v, 'right');
    const hosts = left === right ? `${left} on each side` : `${left} on the left, ${right} on the right`;
    const run = topologyRunText(c, { hasAvg: keepsAverage(v.queue.kind) });
    return `Dumbbell network: ${hosts}, bottleneck ${rateText(v.link.rate)}${v.link.framing === 'ethernet' ? ' Ethernet' : ''} with ${fmtNumber(v.link.delay * 1000)} ms delay and ${/^[aeiou]/i.test(v.queue.kind) ? 'an' : 'a'} ${v.queue.kind} queue of ${v.queue.limit} ${v.queue.unit}${v.queue.ecn ? ', with ECN' : ''}${v.twoWay ? `; the reverse direction's queue is ${v.reverseQueue.kind}, ${v.reverseQueue.limit} ${v.reverseQueue.unit}${v.reverseQueue.ecn ? ', with ECN' : ''}` : ''}.${run ? ` ${run}` : ''}`;
  },
  units: "t in s; queue: packets; avg: the queue's unit (packets, or bytes in byte mode).",
  columns: () => ['queue', 'avg'],
  draw(p: Painter, c: ChartContext): number {
    if (c.view.graph) return drawGeneral(p, c);
    const f = c.fonts;
    const v = c.view;
    const W = p.width;
    const H = p.height;
    // the counters under the picture wrap onto more rows on a narrow screen
    const legend = counterLegend(p, c);
    const legendH = legend.height;
    const cy = (H - legendH) * 0.5 + 4;
    const hostR = Math.max(9, f.tick * 0.85, Math.min(22, H * 0.04));
    const routerS = Math.max(f.tick * 2.6, Math.min(56, H * 0.1));
    // room for the host labels ("S0 ×2") beside the outer hosts
    const labels = hostLabels(v);
    const labelW = (n: number, shown: string[]) => Math.max(p.measure(`S${Math.max(0, n - 1)} ×${Math.max(1, v.flows)}`, f.small), ...shown.map((l) => p.measure(l, f.small))) + 14;
    const xL = hostR + labelW(v.leftHosts, hostSlots(v.leftHosts).shown.map((h) => labels.left[h]));
    const xR = W - hostR - labelW(v.rightHosts, hostSlots(v.rightHosts).shown.map((h) => labels.right[h]));
    // the routers sit at a quarter and four fifths of the width, but never closer to the
    // hosts than a gap: on a phone the hosts' labels take a larger share of the width
    // (at 404 px the right-hand host was drawn over R2)
    const hostGap = 10;
    const xRL = Math.max(W * 0.24, xL + hostR + routerS / 2 + hostGap);
    const xRR = Math.min(W * 0.8, xR - hostR - routerS / 2 - hostGap);
    let drawn = 0;

    // recent events (flash window in simulated seconds)
    const { recent, hitFlows } = recentEvents(c);

    // hosts and access links; a host carrying exactly one flow wears that flow's colour
    const layout = (n: number) => {
      const { shown, more } = hostSlots(n);
      const rows = shown.length + (more > 0 ? 1 : 0);
      const avail = H - legendH - 2 * hostR - 8;
      const step = rows > 1 ? Math.min(hostR * 3.2, avail / (rows - 1)) : 0;
      return { shown, more, step, y0: cy - (step * (rows - 1)) / 2 };
    };
    const drawSide = (side: 'left' | 'right', n: number, x: number, xr: number) => {
      const left = side === 'left';
      const { sends, recvs } = hostFlows(v, side, n);
      const { shown, more, step, y0 } = layout(n);
      shown.forEach((h, k) => {
        const y = y0 + k * step;
        p.line(x, y, xr, cy, { color: '#8a939e', width: 1.5 });
        const mine = sends[h].length > 0 ? sends[h] : recvs[h];
        const color = mine.length === 1 ? flowColor(mine[0]) : '#6b7480';
        let hit: number | undefined;
        for (const fl of sends[h]) if (hitFlows.has(fl)) hit = hitFlows.get(fl);
        if (hit !== undefined) p.circle(x, y, hostR + 5, null, { color: eventStyle(hit).color, width: 4 });
        p.circle(x, y, hostR, color);
        p.text(labels[side][h], left ? x - hostR - 8 : x + hostR + 8, y, { size: f.small, color: SERIES.text, align: left ? 'right' : 'left', baseline: 'middle' });
        drawn++;
      });
      if (more > 0) {
        const y = y0 + shown.length * step;
        p.text(`+${more} more`, x, y, { size: f.small, color: SERIES.muted, align: 'center', baseline: 'middle' });
      }
    };
    drawSide('left', v.leftHosts, xL, xRL);
    drawSide('right', v.rightHosts, xR, xRR);
    // web traffic: what each side's hosts run, in words, above its first host, between the
    // picture's edge and the router (on two lines if one does not fit); on both sides or
    // neither, so a missing caption never reads as a side without web hosts
    const captions = (['left', 'right'] as const).map((side) => {
      const words = WEB_ROLE_WORDS[v.webRole[side] ?? ''];
      if (!words) return null;
      const left = side === 'left';
      const [x, xr] = left ? [xL, xRL] : [xR, xRR];
      const lo = left ? 4 : xr + routerS / 2 + 6;
      const hi = left ? xr - routerS / 2 - 6 : W - 4;
      const lines = wrapText(words, hi - lo, (t) => p.measure(t, f.small));
      const lineH = f.small * 1.2;
      const yTop = layout(left ? v.leftHosts : v.rightHosts).y0 - hostR - 4 - lines.length * lineH;
      const fits = lines.length > 0 && lines.length <= 2 && yTop >= 2;
      const draw = () =>
        lines.forEach((l, k) => {
          const half = p.measure(l, f.small) / 2;
          p.text(l, Math.min(hi - half, Math.max(lo + half, x)), yTop + k * lineH, { size: f.small, color: SERIES.muted, align: 'center', baseline: 'top' });
        });
      return { fits, draw };
    });
    if (captions.every((cap) => cap === null || cap.fits)) for (const cap of captions) cap?.draw();

    // queue bar between the left router and the link; on a phone the bar leaves the link
    // room for its label on two lines ("10 Mb/s" over "20 ms"): at 390 px the label ran into
    // the bar and R2
    const qx0 = xRL + routerS / 2 + 10;
    const rateStr = rateText(v.link.rate);
    const delayStr = `${fmtNumber(v.link.delay * 1000)} ms`;
    const labelNeed = Math.max(p.measure(rateStr, f.small, 'bold'), p.measure(delayStr, f.small, 'bold')) + 12;
    const barMin = Math.min(40, (xRR - xRL) * 0.42);
    // below about 340 px not even the two-line label fits beside a bar of barMin: it was drawn
    // over the bar's thresholds and R2 ("10 Mb/s" across R2 at 320 px). It goes under the
    // picture's middle instead, and the bar takes the room
    const beside = xRR - routerS / 2 - (qx0 + barMin) >= labelNeed;
    const qx1 = beside ? Math.max(qx0 + barMin, Math.min(qx0 + (xRR - xRL) * 0.42, xRR - routerS / 2 - labelNeed)) : Math.min(qx0 + (xRR - xRL) * 0.42, xRR - routerS / 2 - 14);
    const qh = Math.max(26, f.tick * 2.2, Math.min(70, H * 0.13));
    // the label under the bar is kept clear of the hosts' labels
    drawn += drawQueueBar(p, c, v.queue, { qx0, qx1, cy, qh, labelMin: xL + hostR + 6, labelMax: xRR - routerS / 2 }, recent);
    // the lowest text drawn in the middle so far: the queue's label under its bar
    let under = cy + qh / 2 + 8 + f.small * 1.2;

    // two-way traffic: the right-to-left queue, at R2's output, its head towards R1
    if (v.twoWay) {
      const rx1 = xRR - routerS / 2 - 8;
      const rx0 = rx1 - (qx1 - qx0) * 0.6;
      const boxes = drawReverseQueueBar(p, c, v, { rx0, rx1, ry: cy + qh / 2 + f.small * 2.6, rh: qh * 0.45, labelMin: 4, labelMax: W - 4 });
      under = Math.max(under, ...boxes.map((b) => b.y1));
      drawn++;
    }

    // link from the queue to the right router
    p.line(qx1, cy, xRR - routerS / 2, cy, { color: SERIES.axis, width: 5 });
    const rateLine = `${rateStr} · ${delayStr}`;
    if (beside) {
      // between the queue and the router, on two lines when one does not fit
      const linkMid = (qx1 + xRR - routerS / 2) / 2;
      const room = xRR - routerS / 2 - qx1 - 6;
      const one = p.measure(rateLine, f.small, 'bold') <= room;
      p.text(one ? rateLine : rateStr, linkMid, cy - 8, { size: f.small, color: SERIES.text, align: 'center', baseline: 'bottom', weight: 'bold' });
      if (one) p.text(v.link.framing === 'ethernet' ? 'bottleneck (Ethernet)' : 'bottleneck', linkMid, cy + 8, { size: f.small, color: SERIES.muted, align: 'center', baseline: 'top' });
      else p.text(delayStr, linkMid, cy + 8, { size: f.small, color: SERIES.text, align: 'center', baseline: 'top', weight: 'bold' });
    } else {
      // under the middle of the picture, between the hosts (or across the width once below
      // the lowest host: a second line ran into the counters at 320 px with web traffic both ways)
      const text = `${v.link.framing === 'ethernet' ? 'Ethernet ' : ''}bottleneck ${rateLine}`;
      const lowestHost = Math.max(
        ...[v.leftHosts, v.rightHosts].map((n) => {
          const l = layout(n);
          return l.y0 + l.step * (l.shown.length + (l.more > 0 ? 1 : 0) - 1) + hostR;
        }),
      );
      const width = under + 6 > lowestHost ? W - 8 : xR - xL - 2 * hostR - 12;
      const lines = p.measure(text, f.small, 'bold') <= width ? [text] : [`bottleneck ${rateStr}`, delayStr];
      lines.forEach((l, k) => p.text(l, (xL + xR) / 2, under + 6 + k * f.small * 1.2, { size: f.small, color: SERIES.text, align: 'center', baseline: 'top', weight: 'bold' }));
    }
    for (const [x, name] of [
      [xRL, 'R1'],
      [xRR, 'R2'],
    ] as const) {
      p.fillRect(x - routerS / 2, cy - routerS / 2, routerS, routerS, '#3b4450');
      p.text(name, x, cy, { size: f.small, color: '#ffffff', align: 'center', baseline: 'middle', weight: 'bold' });
    }

    // counters with the shapes used everywhere for drops and marks
    legend.draw();
    return drawn;
  },
};
