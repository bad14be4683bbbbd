/**
 * The inspector rendered to HTML (react-dom/server): the worked calculation of a mark
 * shows the hand-computed numbers, the outcome, the region bar and the flow's reaction.
 * The .tsx component is loaded through a computed specifier (the node tsconfig that
 * checks the tests does not compile JSX).
 */
import { createElement, type ComponentType } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import type { DecisionRecord } from '../../../../src/engine/aqm/decision';
import type { FlowEvent } from '../../../../src/engine/net/agent';
import { redBar } from '../../../../src/engine/aqm/red.explain';

interface Props {
  records: DecisionRecord[];
  index: number;
  flowEvents: FlowEvent[];
  onStep: () => void;
  rtt?: number;
  now?: number;
  canMark?: boolean;
  canAqmDrop?: boolean;
  longLivedFlows?: number;
  tcpFlows?: boolean;
  historyLimit?: number;
  running?: boolean;
  flowTags?: readonly string[];
  total?: number | null;
  finished?: boolean;
  onExport?: () => void;
}

async function loadInspector(): Promise<ComponentType<Props>> {
  const spec = ['..', '..', '..', '..', 'src', 'ui', 'inspector', 'Inspector.tsx'].join('/');
  return ((await import(/* @vite-ignore */ spec)) as { Inspector: ComponentType<Props> }).Inspector;
}

const mark: DecisionRecord = {
  t: 2.5,
  queue: 'routerL->routerR',
  aqm: 'red',
  uid: 1234,
  flow: 2,
  bytes: 1000,
  ecn: 2,
  q: 10,
  unit: 'packets',
  avgBefore: 5,
  avg: 7.5,
  wq: 0.5,
  idleM: 0,
  minTh: 5,
  maxTh: 15,
  maxP: 0.1,
  gentle: true,
  region: 'between',
  pb: 0.025,
  pa: 0.025 / 0.75,
  count: 10,
  u: 0.01,
  outcome: 'mark',
  reason: null,
  rule: 'u = 0.01000 < p_a = 0.03333: ECT packet marked CE instead of dropped (RFC 3168 §5)',
};

const unescape = (s: string) => s.replace(/&#x27;/g, "'").replace(/&quot;/g, '"').replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>');

describe('Inspector markup', () => {
  it('a mark: numbers, outcome and the sender’s reaction', async () => {
    const Inspector = await loadInspector();
    const events: FlowEvent[] = [
      { t: 2.53, flow: 2, kind: 'ce-received', seq: 14600 },
      { t: 2.56, flow: 2, kind: 'ece-received', seq: 14600 },
      { t: 2.56, flow: 2, kind: 'ecn-cut', cwnd: 8, ssthresh: 8, note: 'ECE: cwnd 16.00 -> 8.00' },
      { t: 2.57, flow: 2, kind: 'cwr-sent', seq: 20440 },
      { t: 2.56, flow: 1, kind: 'dupack' },
    ];
    const html = unescape(renderToStaticMarkup(createElement(Inspector, { records: [mark], index: 0, flowEvents: events, onStep: () => {}, rtt: 0.05, now: 3 })));
    expect(html).toContain('Decision 1 of 1');
    // a full history is the run's last decisions, not all of them
    const many = Array.from({ length: 1000 }, () => mark);
    // without Intl: the page's first Intl number format (this one, on Pause) set ICU up, 60 ms of script at 4x throttling
    const intl = vi.spyOn(Number.prototype, 'toLocaleString');
    const full = unescape(renderToStaticMarkup(createElement(Inspector, { records: many, index: 999, flowEvents: events, onStep: () => {}, rtt: 0.05, now: 3, historyLimit: 1000 })));
    expect(intl).not.toHaveBeenCalled();
    intl.mockRestore();
    // without the run's count, a full history can only say it is the last ones
    expect(full).toContain('Decision 1,000 of the last 1,000 recorded');
    // with it, the decision's number in the run, as the exported CSV's decision column (row 28,777, not "1,000")
    const counted = unescape(renderToStaticMarkup(createElement(Inspector, { records: many, index: 999, flowEvents: events, onStep: () => {}, rtt: 0.05, now: 3, historyLimit: 1000, total: 28_777, onExport: () => {} })));
    expect(counted).toContain('Decision 28,777 of 28,777 (the app keeps the last 1,000)');
    expect(counted).toContain('the run has made at the bottleneck so far');
    const ended = unescape(renderToStaticMarkup(createElement(Inspector, { records: many, index: 0, flowEvents: events, onStep: () => {}, rtt: 0.05, now: 3, historyLimit: 1000, total: 28_777, finished: true, onExport: () => {} })));
    expect(ended).toContain('Decision 27,778 of 28,777 (the app keeps the last 1,000)');
    expect(ended).toContain('Decisions 27,778–28,777 of the 28,777 the run made at the bottleneck: the app keeps');
    expect(ended).not.toContain('so far');
    const partial = unescape(renderToStaticMarkup(createElement(Inspector, { records: many.slice(0, 999), index: 3, flowEvents: events, onStep: () => {}, rtt: 0.05, now: 3, historyLimit: 1000 })));
    expect(partial).toContain('Decision 4 of 999');
    expect(html).toContain('2.500000 s');
    expect(html).toContain('ECT(0)');
    expect(html).toContain('= 0.1 × (7.5 − 5) / (15 − 5)');
    expect(html).toContain('0.025');
    expect(html).toContain('= 0.025 / (1 − 10 × 0.025)');
    expect(html).toContain('0.03333');
    expect(html).toContain('mark CE');
    expect(html).toMatch(/avg 7\.5/); // the region bar's marker
    expect(html).toContain('2·max_th 30');
    expect(html).toContain('Flow 2 cut its window +60 ms after the mark (ECE: cwnd 16.00 -> 8.00)');
    expect(html).toContain('cwr-sent');
    expect(html).not.toContain('dupack'); // another flow's event
    expect(html).not.toContain('⚠');
  });

  it('names the queue with an arrow a line can break around, never inside ("routerL-" / ">routerR")', async () => {
    const Inspector = await loadInspector();
    const html = unescape(renderToStaticMarkup(createElement(Inspector, { records: [mark], index: 0, flowEvents: [], onStep: () => {}, rtt: 0.05, now: 3 })));
    expect(html).toContain('routerL → routerR');
    expect(html).not.toContain('routerL->routerR');
  });

  it('names the queue discipline as the editor does ("Drop-tail", "Adaptive RED"), not its kind in capitals ("DROPTAIL")', async () => {
    const Inspector = await loadInspector();
    const dt: DecisionRecord = { ...mark, aqm: 'droptail', wq: NaN, minTh: NaN, maxTh: NaN, maxP: NaN, region: 'overflow', pb: 0, pa: 0, u: null, outcome: 'drop', reason: 'overflow', rule: 'drop-tail' };
    const head = (r: DecisionRecord) => unescape(renderToStaticMarkup(createElement(Inspector, { records: [r], index: 0, flowEvents: [], onStep: () => {}, rtt: 0.05, now: 3 }))).match(/routerL → routerR · ([^<]*)</)?.[1];
    expect(head(dt)).toBe('Drop-tail');
    expect(head({ ...mark, aqm: 'ared' })).toBe('Adaptive RED');
    expect(head(mark)).toBe('RED');
  });

  it('no records: says how to get one', async () => {
    const Inspector = await loadInspector();
    const html = unescape(renderToStaticMarkup(createElement(Inspector, { records: [], index: 0, flowEvents: [], onStep: () => {} })));
    expect(html).toContain('No AQM decision recorded yet');
    expect(html).toContain('aria-label="Next mark (ECN)"');
  });

  it('while the run goes it says the decisions show when it pauses, not that none was made', async () => {
    const Inspector = await loadInspector();
    const going = unescape(renderToStaticMarkup(createElement(Inspector, { records: [], index: 0, flowEvents: [], onStep: () => {}, canMark: false, running: true })));
    expect(going).not.toContain('No AQM decision recorded yet');
    expect(going).toContain('The run is going: the queue’s latest decisions show here when it pauses. Press Pause, or “Next ▶” (or “Next drop”) to stop at the next decision');
    const idle = unescape(renderToStaticMarkup(createElement(Inspector, { records: [], index: 0, flowEvents: [], onStep: () => {}, canMark: false })));
    expect(idle).toContain('No AQM decision recorded yet. Press “Next ▶”');
    expect(idle).not.toContain('Pause the run');
  });

  it('without ECN it offers no "Next mark" and points to the next decision instead', async () => {
    const Inspector = await loadInspector();
    const html = unescape(renderToStaticMarkup(createElement(Inspector, { records: [], index: 0, flowEvents: [], onStep: () => {}, canMark: false })));
    expect(html).not.toContain('Next mark');
    expect(html).toContain('“Next ▶”');
    expect(html).toContain('aria-label="Next drop"');
  });

  // "Next drop" stopped first at the slow-start overflows ("the buffer was full"), where a
  // student explaining why RED drops before the queue is full wanted RED's own drops
  it('a queue that drops before it is full offers "Next AQM drop" and says what it passes by; drop-tail does not', async () => {
    const Inspector = await loadInspector();
    const red = unescape(renderToStaticMarkup(createElement(Inspector, { records: [], index: 0, flowEvents: [], onStep: () => {}, canMark: false, canAqmDrop: true })));
    expect(red).toContain('aria-label="Next AQM drop"');
    expect(red).toContain('“Next AQM drop” passes the drops of a full buffer by');
    const dt = unescape(renderToStaticMarkup(createElement(Inspector, { records: [], index: 0, flowEvents: [], onStep: () => {}, canMark: false })));
    expect(dt).not.toContain('AQM drop');
  });

  // web exchanges (flow ids from the number of long-lived flows up) record no flow events:
  // offering their raw ids to follow only ran 30 s and found nothing (QA, #p=web-dt148-80)
  it('web connections are not offered to follow; the long-lived flows of a mixed run still are', async () => {
    const Inspector = await loadInspector();
    const web = (flow: number, uid: number): DecisionRecord => ({ ...mark, flow, uid });
    const records = [web(46717, 1), web(1978, 2), web(3, 3)];
    const select = (html: string) => [...(/<select[^>]*>(.*?)<\/select>/.exec(html)?.[1] ?? '').matchAll(/<option[^>]*>([^<]*)<\/option>/g)].map((m) => m[1]);
    // a web-only run: no flow to follow, and the nav says why
    const only = unescape(renderToStaticMarkup(createElement(Inspector, { records: records.slice(0, 2), index: 0, flowEvents: [], onStep: () => {}, longLivedFlows: 0 })));
    expect(only).not.toContain('Next event of flow');
    expect(select(only)).toEqual([]);
    expect(only).toContain('not traced event by event');
    expect(only).toContain('web connection 46717');
    expect(only).toContain('Web connection 46717 is not traced event by event');
    expect(only).not.toContain('No event of flow 46717');
    // web traffic beside 4 long-lived flows: only flow 3 is listed, and it is the one followed
    const mixed = unescape(renderToStaticMarkup(createElement(Inspector, { records, index: 0, flowEvents: [], onStep: () => {}, longLivedFlows: 4 })));
    expect(select(mixed)).toEqual(['3']);
    expect(mixed).toContain('aria-label="Next event of flow 3"');
    // long-lived lessons (no limit given): every flow seen, as before
    const plain = unescape(renderToStaticMarkup(createElement(Inspector, { records, index: 0, flowEvents: [], onStep: () => {} })));
    expect(select(plain)).toEqual(['3', '1978', '46717']);
  });

  // UDP senders record no flow events: in #p=md1-poisson "Next event of flow" ran 30 s and
  // paused with "No flow event of flow 0", and a drop said "step to flow 0's next event"
  it('UDP: no flow to follow, and a drop says the sender does not react', async () => {
    const Inspector = await loadInspector();
    const udpDrop: DecisionRecord = { ...mark, flow: 0, kind: 'UDP', ecn: 0, outcome: 'drop', reason: 'early', rule: 'u < p_a: early drop' };
    const select = (html: string) => [...(/<select[^>]*>(.*?)<\/select>/.exec(html)?.[1] ?? '').matchAll(/<option[^>]*>([^<]*)<\/option>/g)].map((m) => m[1]);
    const only = unescape(renderToStaticMarkup(createElement(Inspector, { records: [udpDrop], index: 0, flowEvents: [], onStep: () => {}, now: 10, tcpFlows: false })));
    expect(only).not.toContain('Next event of flow');
    expect(only).toContain('record no events to follow: step by decision or drop');
    expect(only).toContain('Flow 0 is a UDP sender: it has no congestion control and goes on at its own rate after the drop.');
    expect(only).not.toContain('step to the next event of flow 0');
    // UDP beside TCP: the UDP flow is not offered to follow, the TCP flow is
    const tcp: DecisionRecord = { ...mark, flow: 1, uid: 7, kind: 'data' };
    const mixed = unescape(renderToStaticMarkup(createElement(Inspector, { records: [udpDrop, tcp], index: 0, flowEvents: [], onStep: () => {}, now: 10 })));
    expect(select(mixed)).toEqual(['1']);
    expect(mixed).toContain('aria-label="Next event of flow 1"');
    expect(mixed).toContain('Flow 0 is a UDP sender');
  });

  // "queueing delay estimate (ms) · *while the delay holds steady" was one right-aligned
  // line: in the 360 px side panel it ran off the left ("eing delay estimate..."), more so
  // in classroom type
  it('the scale bar wraps a long axis caption into lines that fit its width, in normal and classroom type', async () => {
    const spec = ['..', '..', '..', '..', 'src', 'ui', 'inspector', 'ScaleBar.tsx'].join('/');
    const { ScaleBar } = (await import(/* @vite-ignore */ spec)) as { ScaleBar: ComponentType<{ bar: unknown; classroom?: boolean }> };
    const axis = 'queueing delay estimate (ms) · *while the delay holds steady';
    const bar = { axis, zones: [{ from: 0, to: 0.0075, label: 'low', tone: 'low' }, { from: 0.0075, to: 0.1, label: 'p rises*', tone: 'high' }], ticks: [{ v: 0.015, label: 'target 15 ms', tone: 'target' }], pointer: { v: 0.098, label: 'qdelay 97.94 ms' }, description: 'PIE' };
    for (const classroom of [false, true]) {
      const html = unescape(renderToStaticMarkup(createElement(ScaleBar, { bar, classroom })));
      const width = Number(/<svg[^>]* width="(\d+)"/.exec(html)![1]);
      const lines = [...html.matchAll(/<text[^>]*text-anchor="end"[^>]*font-size="([\d.]+)"[^>]*>([^<]*)<\/text>/g)].map((m) => ({ fs: Number(m[1]), text: m[2] }));
      expect(lines.map((l) => l.text).join(' ')).toBe(axis.replace(' · ', ' '));
      expect(lines.length).toBeGreaterThan(1);
      // right-aligned at width - 24: each line, at 0.6 em a glyph, starts inside the drawing
      for (const l of lines) expect(l.text.length * l.fs * 0.6, `${classroom ? 'classroom' : 'normal'}: "${l.text}"`).toBeLessThanOrEqual(width - 24);
    }
  });

  // the default lesson's PIE variation in classroom mode: the 35 ms pointer sat on the middle
  // of "p rises*", the label was left out, and neither side of the target was named
  it('a zone label the pointer would sit on moves to the free end of its zone instead of vanishing', async () => {
    const spec = ['..', '..', '..', '..', 'src', 'ui', 'inspector', 'ScaleBar.tsx'].join('/');
    const mod = (await import(/* @vite-ignore */ spec)) as { ScaleBar: ComponentType<{ bar: unknown; classroom?: boolean }>; zoneLabelX: (x0: number, x1: number, w: number, avoid: number[]) => number | null };
    const bar = {
      axis: 'queueing delay estimate (ms)',
      zones: [
        { from: 0, to: 7.5, label: 'low', tone: 'calm' },
        { from: 7.5, to: 15, label: 'p falls*', tone: 'band' },
        { from: 15, to: 45, label: 'p rises*', tone: 'random' },
      ],
      ticks: [{ v: 15, label: 'target 15 ms', tone: 'target' }],
      pointer: { v: 35.05, label: 'qdelay 35.05 ms' },
      description: 'PIE',
    };
    for (const classroom of [false, true]) {
      const html = unescape(renderToStaticMarkup(createElement(mod.ScaleBar, { bar, classroom })));
      expect(html, classroom ? 'classroom' : 'normal').toContain('>p rises*</text>');
    }
    // centred when free; else the end away from the pointer; null when nothing fits
    expect(mod.zoneLabelX(100, 300, 60, [])).toBe(200);
    expect(mod.zoneLabelX(100, 300, 60, [210])).toBe(134);
    expect(mod.zoneLabelX(100, 300, 60, [130, 210])).toBe(266);
    expect(mod.zoneLabelX(100, 160, 60, [])).toBeNull();
  });

  // ARED's target band is drawn as two dashed lines at 40 % and 60 % of the way from min_th to
  // max_th, right through the middle of RED's "random" zone: they crossed out its label
  it("ARED's band lines leave the zone labels readable, in normal and classroom type", async () => {
    const spec = ['..', '..', '..', '..', 'src', 'ui', 'inspector', 'ScaleBar.tsx'].join('/');
    const mod = (await import(/* @vite-ignore */ spec)) as { ScaleBar: ComponentType<{ bar: unknown; classroom?: boolean }>; tickSegments: (x: number, top: number, bottom: number, boxes: { x0: number; x1: number; y0: number; y1: number }[]) => [number, number][] };
    for (const [minTh, maxTh, avg] of [
      [5, 15, 7],
      [5, 15, 13],
      [20, 60, 12],
    ]) {
      const rec = { ...mark, aqm: 'ared', minTh, maxTh, avg, q: maxTh * 1.2, extra: { bandLow: minTh + 0.4 * (maxTh - minTh), bandHigh: minTh + 0.6 * (maxTh - minTh) } };
      const bar = redBar(rec, [
        { v: rec.extra.bandLow, label: '', tone: 'band' },
        { v: rec.extra.bandHigh, label: '', tone: 'band' },
      ]);
      for (const classroom of [false, true]) {
        const html = unescape(renderToStaticMarkup(createElement(mod.ScaleBar, { bar, classroom })));
        const what = `min_th ${minTh}, avg ${avg}${classroom ? ', classroom' : ''}`;
        const labels = [...html.matchAll(/<text x="([\d.]+)" y="([\d.]+)" text-anchor="middle" font-size="([\d.]+)"[^>]*>(no drops|random|gentle|all)<\/text>/g)].map((m) => {
          const [x, y, fs] = [Number(m[1]), Number(m[2]), Number(m[3])];
          // 0.6 em a glyph; the glyphs from 0.8 em above the baseline to 0.2 em below
          const w = m[4].length * fs * 0.6;
          return { x0: x - w / 2, x1: x + w / 2, y0: y - 0.8 * fs, y1: y + 0.2 * fs, what: m[4] };
        });
        // (in classroom type the narrow zone of min_th 5 to max_th 15 has no room for its name)
        if (!classroom || minTh === 20) expect(labels.map((l) => l.what), what).toContain('random');
        const lines = [...html.matchAll(/<line[^>]* x1="([\d.]+)" x2="([\d.]+)" y1="([\d.]+)" y2="([\d.]+)"/g)].map((m) => m.slice(1).map(Number)).filter(([x1, x2]) => x1 === x2);
        // the band's two lines are there (in pieces if need be)
        expect(new Set(lines.map(([x1]) => x1)).size, what).toBeGreaterThanOrEqual(5);
        for (const l of labels) for (const [lx, , y1, y2] of lines) {
          const crosses = lx > l.x0 && lx < l.x1 && y1 < l.y1 && y2 > l.y0;
          expect(crosses, `${what}: the line at x = ${lx.toFixed(1)} (y ${y1.toFixed(1)} to ${y2.toFixed(1)}) over "${l.what}"`).toBe(false);
        }
      }
    }
    // a tick is broken around a box it crosses, and kept whole beside one
    expect(mod.tickSegments(50, 0, 30, [{ x0: 40, x1: 60, y0: 10, y1: 20 }])).toEqual([
      [0, 8],
      [22, 30],
    ]);
    expect(mod.tickSegments(80, 0, 30, [{ x0: 40, x1: 60, y0: 10, y1: 20 }])).toEqual([[0, 30]]);
  });

  // classroom type, a queue far above the thresholds (the bar stretched to q): the labels
  // alternated rows on the previous label alone, so the third went back to row 0 and
  // "2·max_th 30" was drawn over "min_th 5"
  it('the threshold labels under the bar never overlap, in normal and classroom type', async () => {
    const spec = ['..', '..', '..', '..', 'src', 'ui', 'inspector', 'ScaleBar.tsx'].join('/');
    const mod = (await import(/* @vite-ignore */ spec)) as { ScaleBar: ComponentType<{ bar: unknown; classroom?: boolean }>; tickLabelRows: (labels: { x: number; w: number }[], W: number, rows?: number) => { cx: number; row: number }[] };
    for (const [minTh, maxTh, q] of [
      [5, 15, 100],
      [5, 15, 20],
      [5, 10, 60],
      [30, 90, 400],
    ]) {
      const bar = redBar({ ...mark, minTh, maxTh, gentle: true, avg: minTh * 1.5, q });
      for (const classroom of [false, true]) {
        const what = `min_th ${minTh}, max_th ${maxTh}, q ${q}${classroom ? ', classroom' : ''}`;
        const html = unescape(renderToStaticMarkup(createElement(mod.ScaleBar, { bar, classroom })));
        const height = Number(/<svg[^>]* height="([\d.]+)"/.exec(html)![1]);
        const labels = [...html.matchAll(/<text x="([\d.]+)" y="([\d.]+)" text-anchor="middle" font-size="([\d.]+)"[^>]*>((?:2·)?m(?:in|ax)_th [\d.]+)<\/text>/g)].map((m) => {
          const [x, y, fs] = [Number(m[1]), Number(m[2]), Number(m[3])];
          const w = m[4].length * fs * 0.6;
          return { x0: x - w / 2, x1: x + w / 2, y0: y - 0.8 * fs, y1: y + 0.2 * fs, what: m[4] };
        });
        expect(labels.map((l) => l.what.split(' ')[0]).sort(), what).toEqual(['2·max_th', 'max_th', 'min_th']);
        for (const a of labels)
          for (const b of labels) {
            if (a === b) continue;
            const over = a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;
            expect(over, `${what}: "${a.what}" over "${b.what}"`).toBe(false);
          }
        // the axis caption (right-aligned, at the foot) stays below every label, inside the drawing
        const caption = [...html.matchAll(/<text[^>]* y="([\d.]+)" text-anchor="end" font-size="([\d.]+)"/g)].map((m) => ({ y: Number(m[1]), fs: Number(m[2]) }));
        expect(caption.length).toBeGreaterThan(0);
        const captionTop = Math.min(...caption.map((c) => c.y - 0.8 * c.fs));
        for (const l of labels) expect(captionTop, `${what}: "${l.what}" and the caption`).toBeGreaterThan(l.y1);
        expect(Math.max(...caption.map((c) => c.y))).toBeLessThanOrEqual(height);
      }
    }
    // the layout: each label in the first row where it clears the others; kept in [0, W]
    const rows = mod.tickLabelRows([{ x: 47, w: 112 }, { x: 93, w: 126 }, { x: 162, w: 154 }], 220);
    expect(rows.map((r) => r.row)).toEqual([0, 1, 2]);
    expect(rows[0].cx).toBe(58);
    expect(rows[2].cx).toBe(220 - 77 - 2);
    expect(mod.tickLabelRows([{ x: 50, w: 40 }, { x: 70, w: 40 }, { x: 120, w: 40 }], 300).map((r) => r.row)).toEqual([0, 1, 0]);
    // no room in any row: the row whose labels end first
    expect(mod.tickLabelRows([{ x: 50, w: 60 }, { x: 55, w: 60 }, { x: 60, w: 60 }], 300, 2).map((r) => r.row)).toEqual([0, 1, 0]);
  });

  // A web run has no long-lived TCP flow either (tcpFlows false), but its senders are TCP:
  // #p=web100-users-general-pi24-ecn-98 said "UDP senders have no congestion control".
  it('web runs say web connections are not traced, never that the senders are UDP', async () => {
    const Inspector = await loadInspector();
    const webRec: DecisionRecord = { ...mark, flow: 353185, kind: 'data' };
    for (const [longLivedFlows, tcpFlows] of [[0, false], [1, false]] as const) {
      const html = unescape(renderToStaticMarkup(createElement(Inspector, { records: [webRec], index: 0, flowEvents: [], onStep: () => {}, now: 10, tcpFlows, longLivedFlows })));
      expect(html).not.toContain('UDP senders');
      expect(html).toContain('Web connections come and go by the thousand');
      expect(html).not.toContain('Next event of flow');
    }
  });

  // A screen reader read the whole inspector at each step (it was one aria-live region): the
  // buttons, the packet table, the calculation and the timeline. One short line is live now.
  it('a step announces one short line (decision, packet, outcome, the AQM state), not the whole inspector', async () => {
    const Inspector = await loadInspector();
    const drop: DecisionRecord = { ...mark, uid: 4321, avg: 16.2, avgBefore: 16, region: 'above-max', outcome: 'drop', reason: 'forced', rule: 'avg ≥ 2 max_th: forced drop' };
    const live = (html: string) => [...html.matchAll(/<([a-z]+)[^>]*aria-live="(?!off)[^"]*"[^>]*>(.*?)<\/\1>/g)].map((m) => m[2]);
    for (const [records, want] of [
      [[mark], /^Decision 1 of 1: packet #1234 of flow 2, marked CE\. Average queue 7\.5 packets: .*min_th 5, max_th 15.*\.$/],
      [[mark, drop], /^Decision 2 of 2: packet #4321 of flow 2, forced drop\. Average queue 16\.2 packets: .*\.$/],
    ] as const) {
      const html = unescape(renderToStaticMarkup(createElement(Inspector, { records: [...records], index: records.length - 1, flowEvents: [], onStep: () => {}, rtt: 0.05, now: 3 })));
      // the only live region in the inspector, and it holds that line alone
      expect(live(html)).toHaveLength(1);
      expect(live(html)[0]).toMatch(want);
      expect(live(html)[0].length).toBeLessThan(220);
      expect(html).toMatch(/^<div class="insp">/);
      // the whole content is still there to read
      expect(html).toContain('The calculation, step by step');
    }
    // before any decision the region is there, empty, so the first one is announced
    const empty = unescape(renderToStaticMarkup(createElement(Inspector, { records: [], index: 0, flowEvents: [], onStep: () => {}, running: true })));
    expect(live(empty)).toEqual(['']);
  });
});

// cubic-vs-reno, seeds/001 ecn1: where the traffic items' TCP settings differ the flows are
// named by what is their own (src/ui/flow-tags.ts), in the inspector as in the legends
describe('flow tags in the inspector', () => {
  it('the packet\'s flow and the flows to follow carry their tag; without tags, the bare numbers', async () => {
    const Inspector = await loadInspector();
    const a: DecisionRecord = { ...mark, flow: 1, uid: 7, kind: 'data' };
    const b: DecisionRecord = { ...mark, flow: 0, uid: 8, kind: 'data' };
    const select = (html: string) => [...(/<select[^>]*>(.*?)<\/select>/.exec(html)?.[1] ?? '').matchAll(/<option[^>]*>([^<]*)<\/option>/g)].map((m) => m[1]);
    const flowCell = (html: string) => /<dt>Flow<\/dt><dd>(.*?)<\/dd>/.exec(html)?.[1].replace(/<[^>]*>/g, '');
    const tagged = unescape(renderToStaticMarkup(createElement(Inspector, { records: [a, b], index: 0, flowEvents: [], onStep: () => {}, now: 10, flowTags: ['no ECN', 'ECN'] })));
    expect(flowCell(tagged)).toBe('1 · ECN');
    expect(select(tagged)).toEqual(['0 · no ECN', '1 · ECN']);
    const plain = unescape(renderToStaticMarkup(createElement(Inspector, { records: [a, b], index: 0, flowEvents: [], onStep: () => {}, now: 10 })));
    expect(flowCell(plain)).toBe('1');
    expect(select(plain)).toEqual(['0', '1']);
  });
  it('the flow named in the "Next event" button, the step\'s announcement and the UDP sentence carries its tag; without tags, "flow 1"', async () => {
    const Inspector = await loadInspector();
    const a: DecisionRecord = { ...mark, flow: 1, uid: 7, kind: 'data' };
    const live = (html: string) => [...html.matchAll(/<([a-z]+)[^>]*aria-live="(?!off)[^"]*"[^>]*>(.*?)<\/\1>/g)].map((m) => m[2]).join('');
    const tagged = unescape(renderToStaticMarkup(createElement(Inspector, { records: [a], index: 0, flowEvents: [], onStep: () => {}, now: 10, flowTags: ['CUBIC', 'NewReno', 'UDP'] })));
    expect(tagged).toContain('aria-label="Next event of flow 1 · NewReno"');
    expect(live(tagged)).toMatch(/^Decision 1 of 1: packet #7 of flow 1 · NewReno, /);
    const plain = unescape(renderToStaticMarkup(createElement(Inspector, { records: [a], index: 0, flowEvents: [], onStep: () => {}, now: 10 })));
    expect(plain).toContain('aria-label="Next event of flow 1"');
    expect(live(plain)).toMatch(/^Decision 1 of 1: packet #7 of flow 1, /);
    const udp: DecisionRecord = { ...mark, flow: 2, kind: 'UDP', ecn: 0, outcome: 'drop', reason: 'early', rule: 'u < p_a: early drop' };
    const udpHtml = unescape(renderToStaticMarkup(createElement(Inspector, { records: [udp], index: 0, flowEvents: [], onStep: () => {}, now: 10, tcpFlows: false, flowTags: ['CUBIC', 'NewReno', 'UDP'] })));
    expect(udpHtml).toContain('Flow 2 · UDP is a UDP sender');
  });
});
