/**
 * Throughput: bottleneck utilization (top panel, %) and per-flow goodput (bottom panel,
 * Mb/s), both averaged over a sliding window so a class sees the trend rather than
 * packet quantisation, with Jain's fairness index (DESIGN §5) of the goodputs so far.
 */
import { format } from 'd3';
import { SERIES } from '../colors';
import type { SeriesStore } from '../store/series-store';
import { lowerBound } from './downsample';
import { BandCache, bandColumns, drawEndLabels, drawFlowFamily, endLabelNames, endLabelRoom, flowLegend, type LineEnd } from './flows';
import type { Painter } from './painter';
import { axes, cursorText, drawCursor, drawMarkers, fitYTicks, drawSeries, emptyNote, legend, maxOver, plotRect, wrapWords, xScaleFor, yAxisLabel, yScaleFor } from './plot';
import { NO_FLOWS_NOTE, timeDomain, type ChartContext, type ChartDef } from './types';
import { throughputRunText } from './run-text';

/**
 * Sliding-window rates derived from cumulative columns, kept up to date incrementally:
 * rate[i] = (P[i] - P[j]) / (t[i] - t[j]) with j the first sample at or after t[i] - W.
 * For goodput P is `acked.k` x 8 (bits); for utilization P is the running integral of
 * `util` over time.
 */
export class WindowRates {
  private epoch = -1;
  private done = 0;
  private window = 1;
  readonly out = new Map<string, Float64Array>();
  private readonly prefix = new Map<string, Float64Array>();

  /** Window length, seconds: 1 s, or 1/25 of a short run. */
  static windowFor(end: number): number {
    return Number.isFinite(end) && end > 0 ? Math.min(1, Math.max(0.05, end / 25)) : 1;
  }

  update(store: SeriesStore, window: number): void {
    if (store.epoch !== this.epoch || window !== this.window || store.length < this.done) {
      this.epoch = store.epoch;
      this.window = window;
      this.done = 0;
      this.out.clear();
      this.prefix.clear();
    }
    const n = store.length;
    if (this.done === n) return;
    const t = store.t;
    const cum = (name: string): Float64Array | undefined => {
      if (name === 'util') {
        const u = store.column('util');
        if (!u) return undefined;
        const P = this.grow(this.prefix, 'util', n);
        for (let i = this.done; i < n; i++) {
          const dt = i > 0 ? t[i] - t[i - 1] : 0;
          const v = u[i] === u[i] ? u[i] : 0;
          P[i] = (i > 0 ? P[i - 1] : 0) + v * dt;
        }
        return P;
      }
      return store.column(name);
    };
    const names = ['util', ...store.names().filter((k) => k.startsWith('acked.'))];
    for (const name of names) {
      const P = cum(name);
      if (!P) continue;
      const scale = name === 'util' ? 1 : 8;
      const R = this.grow(this.out, name, n);
      // A TCP flow's own goodput column is a gap (NaN) before it starts and after it
      // completes (the collector); its acked bytes stay numbers there (0, then the total).
      // Its rate is a gap there too: otherwise 48 idle flows of seeds/004 Figs. 7-8 count as
      // 0 b/s and pull the band's median to 0 while the 8 running flows get 1.5 Mb/s.
      const running = name === 'util' ? undefined : store.column(`goodput.${name.slice('acked.'.length)}`);
      for (let i = this.done; i < n; i++) {
        if (running && running[i] !== running[i]) {
          R[i] = NaN;
          continue;
        }
        let j = lowerBound(t, i, t[i] - window);
        if (j >= i) j = i - 1;
        if (j < 0) {
          R[i] = NaN;
          continue;
        }
        const dt = t[i] - t[j];
        R[i] = dt > 0 && P[i] === P[i] && P[j] === P[j] ? ((P[i] - P[j]) * scale) / dt : NaN;
      }
    }
    this.done = n;
  }

  private grow(m: Map<string, Float64Array>, name: string, n: number): Float64Array {
    let a = m.get(name);
    if (!a || a.length < n) {
      const b = new Float64Array(Math.max(n * 2, 256));
      if (a) b.set(a);
      m.set(name, (a = b));
    }
    return a;
  }
}

const rates = new WeakMap<object, WindowRates>();
const bands = new WeakMap<object, BandCache>();

function jainText(c: ChartContext): string {
  const j = c.summary?.fairness?.jain;
  if (c.summary && c.summary.flows.length === 0) return "Jain's fairness index: — (no long-lived flows)";
  return typeof j === 'number' && Number.isFinite(j) ? `Jain's fairness index J = ${j.toFixed(3)}` : "Jain's fairness index: —";
}

export const throughputChart: ChartDef = {
  id: 'throughput',
  title: 'Throughput and fairness',
  describe(c) {
    const run = throughputRunText(c);
    return `Bottleneck utilization in percent and goodput of each flow in megabits per second, averaged over ${WindowRates.windowFor(c.end)} s. ${jainText(c)}.${run ? ` ${run}` : ''}` + cursorText(c);
  },
  units: "t in s; util: busy fraction 0-1 (the chart's %); goodput.i: bit/s per sample, empty while flow i is not running; .avg columns: averaged over the window named, as drawn; goodput.min, .median, .max: across the running flows.",
  columns: (s: SeriesStore) => ['util', ...s.names().filter((k) => k.startsWith('goodput.'))].filter((k) => s.has(k)),
  // the raw columns are per sample interval (a 15 ms sample swings 0 to 9 Mb/s); the chart
  // draws them averaged over W seconds, so the export carries those too
  derived(s: SeriesStore, end: number): [string, Float64Array][] {
    const W = WindowRates.windowFor(end);
    const wr = new WindowRates();
    wr.update(s, W);
    const out: [string, Float64Array][] = [];
    for (const [name, rate] of wr.out) {
      const label = name === 'util' ? 'util' : `goodput.${name.slice('acked.'.length)}`;
      out.push([`${label}.avg${W}s`, rate.subarray(0, s.length)]);
    }
    // with many flows the goodput panel draws their band (min, median, max), so the export has it too
    out.push(...bandColumns(s, s.flowIds('acked').map((fl) => wr.out.get(`acked.${fl}`)), 'goodput', `.avg${W}s`));
    return out;
  },
  draw(p: Painter, c: ChartContext): number {
    const f = c.fonts;
    const store = c.store;
    let wr = rates.get(c.scratch);
    if (!wr) rates.set(c.scratch, (wr = new WindowRates()));
    let band = bands.get(c.scratch);
    if (!band) bands.set(c.scratch, (band = new BandCache()));
    const W = WindowRates.windowFor(c.end);
    wr.update(store, W);
    const flows = store.flowIds('acked');
    const paper = !!c.paper;
    const items = [{ label: 'link utilization', color: SERIES.util, width: 2.5 }, ...flowLegend(flows, c.highlight, c.view.tcpFlows, true, c.view.flowTags, paper)];
    const lh = legend(p, items, 8, 4, p.width - 16, f.legend);
    // Jain's index, prominent, under the legend (on lines of its own where the card is
    // narrow: classroom type on a phone cut it off at "J = 1.0")
    const lineH = f.legend * 1.3;
    let jy = lh + 6;
    // ("J = 0.998" kept on one line)
    const jLines = wrapWords(p, jainText(c).replace('J = ', 'J\u00a0=\u00a0'), f.legend, p.width - 16, 'bold');
    for (const l of jLines) {
      p.text(l, 8, jy, { size: f.legend, color: SERIES.text, baseline: 'top', weight: 'bold' });
      jy += lineH;
    }
    const avgText = `· rates averaged over ${W} s`;
    const jw = p.measure(jLines[jLines.length - 1], f.legend, 'bold') + f.legend * 0.5;
    if (8 + jw + p.measure(avgText, f.legend) <= p.width - 8) p.text(avgText, 8 + jw, jy - lineH, { size: f.legend, color: SERIES.muted, baseline: 'top' });
    else {
      p.text(avgText, 8, jy, { size: f.legend, color: SERIES.muted, baseline: 'top' });
      jy += lineH;
    }
    // on paper, room right of the goodput panel for each line's name at its end
    const endNames = paper ? endLabelNames(flows, c.highlight) : [];
    const r0 = plotRect(p, jy + f.legend * 0.3 + 4, f, '88.8', 0, endLabelRoom(p, endNames, f));
    const gap = f.tick * 2.2;
    const hUtil = Math.max(30, Math.round((r0.h - gap) * 0.35));
    const [t0, t1] = timeDomain(c);
    // 100 % a few pixels under the panel's top edge: a link busy all the time drew its line
    // on the edge, half cut off by the clip, and hard to tell from the frame
    const inset = Math.round(f.tick * 0.4);
    const yU = yScaleFor({ ...r0, y: r0.y + inset, h: hUtil - inset }, 0, 100, false);
    const gcols = flows.map((fl) => wr.out.get(`acked.${fl}`));
    const gmax = maxOver(store, gcols, t0, t1, c.scratch, 'goodput');
    const yG = yScaleFor({ ...r0, y: r0.y + hUtil + gap, h: r0.h - hUtil - gap }, 0, Number.isFinite(gmax) && gmax > 0 ? (gmax / 1e6) * 1.08 : 1);
    // the margin fits both panels' tick labels ("1,000" Mb/s on a gigabit link)
    const r = fitYTicks(p, fitYTicks(p, r0, yU, f), yG, f);
    const top = { x: r.x, y: r.y, w: r.w, h: hUtil };
    const bottom = { x: r.x, y: r.y + hUtil + gap, w: r.w, h: r.h - hUtil - gap };
    const x = xScaleFor(r, t0, t1);
    axes(p, { ...top, h: r.h }, x, yU, f, 'time (s)', '');
    // the goodput panel's own ticks and label (x ticks are drawn once, along the bottom)
    axes(p, bottom, x, yG, f, '', '', undefined, false);
    // each panel's name beside it (into half the gap between them at most)
    yAxisLabel(p, 'util. (%)', f, top.y + top.h / 2, top.y, top.y + top.h + gap / 2, '%');
    yAxisLabel(p, 'goodput (Mb/s)', f, bottom.y + bottom.h / 2, bottom.y - gap / 2, bottom.y + bottom.h, 'Mb/s');
    p.fillRect(r.x + 1, top.y + top.h + 1, r.w - 1, gap - 2, '#ffffff');
    let drawn = 0;
    p.clip(top);
    drawn += drawSeries(p, top, x, yU, store, wr.out.get('util'), { color: SERIES.util, width: 2.5 }, c.scratch, 'util', (v) => v * 100);
    p.unclip();
    p.clip(bottom);
    const ends: LineEnd[] = [];
    drawn += drawFlowFamily(p, bottom, x, yG, store, flows, (fl) => wr.out.get(`acked.${fl}`), c.highlight, c.scratch, band, 'gp', { transform: (v) => v / 1e6, paper, ends: paper ? ends : undefined });
    p.unclip();
    // the names may use the gap above the panel (the utilization panel's side has none)
    drawEndLabels(p, bottom, ends, f, bottom.y - gap * 0.75, bottom.y + bottom.h);
    drawMarkers(p, r, x, c.markers, f, c.view);
    drawCursor(p, r, x, c.cursorT, f);
    if (store.length === 0) emptyNote(p, r, 'No data yet', f);
    else if (flows.length === 0) emptyNote(p, bottom, NO_FLOWS_NOTE, f);
    return drawn;
  },
};

export const fmtPercent = format('.1%');
