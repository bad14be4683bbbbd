/**
 * Congestion window per flow over time (segments), with ssthresh dashed when there are
 * few enough flows to tell the lines apart (seeds/001 cwnd plots): every window solid, one
 * colour each.
 */
import { flowDash, paperDash, SERIES } from '../colors';
import type { SeriesStore } from '../store/series-store';
import { BandCache, bandColumns, drawEndLabels, drawFlowFamily, endLabelNames, endLabelRoom, flowLegend, type LineEnd } from './flows';
import type { Painter } from './painter';
import { axes, cursorText, drawCursor, fitYTicks, drawMarkers, emptyNote, legend, maxOver, plotRect, xScaleFor, yScaleFor } from './plot';
import { MAX_LINES, NO_FLOWS_EXPORT_NOTE, NO_FLOWS_NOTE, NO_TCP_EXPORT_NOTE, NO_TCP_NOTE, timeDomain, udpOnly, type ChartContext, type ChartDef } from './types';
import { perFlowText } from './run-text';

const bands = new WeakMap<object, BandCache>();

/**
 * ssthresh is dashed in its flow's colour: drawn only while every window is drawn solid. Past
 * the palette's colours a window is dashed itself (flow 7 dashed blue, as flow 0's ssthresh),
 * and rtt-unfair's ten flows could not be told from the ssthresh lines the legend named "dashed".
 * On paper every window but flow 0's is dashed (paperDash: a printer has no colour), so there
 * ssthresh is drawn beside a single flow's window only.
 */
function drawsSsthresh(flows: readonly number[], paper = false): boolean {
  const dash = paper ? paperDash : flowDash;
  return flows.length <= MAX_LINES && flows.every((fl) => dash(fl).length === 0);
}

export const cwndChart: ChartDef = {
  id: 'cwnd',
  perFlowOnly: true,
  title: 'Congestion window per flow',
  describe(c) {
    // before the run's first sample: the scenario's flows (it said "each of 0 TCP flows")
    const n = c.store.flowIds('cwnd').length || c.view.tcpFlows;
    if (n === 0) return `Congestion window per flow: ${c.view.flows > 0 ? 'this run has no TCP flows (a UDP sender has none)' : 'this run has no long-lived flows'}.` + cursorText(c);
    const ids = c.store.flowIds('cwnd');
    const ss = drawsSsthresh(ids.length > 0 ? ids : Array.from({ length: n }, (_, i) => i));
    const run = perFlowText(c, 'cwnd', 'segments');
    return `Congestion window of each of ${n} TCP flows over time, in segments${n <= MAX_LINES ? (ss ? ', with the slow-start threshold dashed' : '') : ', as the range and median across the flows running at each moment plus highlighted flows'}.${run ? ` ${run}` : ''}` + cursorText(c);
  },
  units: 't in s; cwnd.i, ssthresh.i: segments, empty while flow i is not running (ssthresh also while unbounded); cwnd.min, .median, .max: across the running flows.',
  columns: (s: SeriesStore) => s.names().filter((k) => k.startsWith('cwnd.') || k.startsWith('ssthresh.')),
  // with many flows the chart draws their band (min, median, max), so the export has it too
  derived: (s: SeriesStore) => bandColumns(s, s.flowIds('cwnd').map((fl) => s.column(`cwnd.${fl}`)), 'cwnd'),
  // UDP flows only (md1-poisson): flows, but no window; web traffic only: no flows at all
  noDataNote: (s: SeriesStore) => (s.flowIds('acked').length > 0 ? NO_TCP_EXPORT_NOTE : NO_FLOWS_EXPORT_NOTE),
  // UDP flows only: a box of empty axes around NO_TCP_NOTE on paper, so the title and the note alone
  nothingToDraw: (view) => (view.flows > 0 && view.tcpFlows === 0 ? NO_TCP_NOTE : null),
  draw(p: Painter, c: ChartContext): number {
    const f = c.fonts;
    const store = c.store;
    const flows = store.flowIds('cwnd');
    const paper = !!c.paper;
    const withSsthresh = drawsSsthresh(flows, paper);
    const items = flowLegend(flows, c.highlight, c.view.tcpFlows, true, c.view.flowTags, paper);
    if (withSsthresh && flows.length > 0) items.push({ label: 'ssthresh (dashed)', color: SERIES.muted, dash: [6, 4], width: 1.5 });
    const lh = legend(p, items, 8, 4, p.width - 16, f.legend);
    // on paper, room right of the plot for each line's name at its end
    const endNames = paper ? endLabelNames(flows, c.highlight) : [];
    const r0 = plotRect(p, lh + 10, f, '888', 0, endLabelRoom(p, endNames, f));
    const [t0, t1] = timeDomain(c);
    const cw = flows.map((fl) => store.column(`cwnd.${fl}`));
    const top = maxOver(store, cw, t0, t1, c.scratch, 'cwnd');
    const y = yScaleFor(r0, 0, Number.isFinite(top) ? top * 1.08 : 10);
    const r = fitYTicks(p, r0, y, f);
    const x = xScaleFor(r, t0, t1);
    axes(p, r, x, y, f, 'time (s)', 'cwnd (segments)');
    let band = bands.get(c.scratch);
    if (!band) bands.set(c.scratch, (band = new BandCache()));
    p.clip(r);
    let drawn = 0;
    if (withSsthresh) {
      drawn += drawFlowFamily(p, r, x, y, store, flows, (fl) => store.column(`ssthresh.${fl}`), [], c.scratch, band, 'ss', { width: 1.5, dash: [6, 4], alpha: 0.75 });
    }
    const ends: LineEnd[] = [];
    drawn += drawFlowFamily(p, r, x, y, store, flows, (fl) => store.column(`cwnd.${fl}`), c.highlight, c.scratch, band, 'cwnd', { paper, ends: paper ? ends : undefined });
    p.unclip();
    drawEndLabels(p, r, ends, f);
    drawMarkers(p, r, x, c.markers, f, c.view);
    drawCursor(p, r, x, c.cursorT, f);
    if (store.length === 0) emptyNote(p, r, 'No data yet', f);
    else if (flows.length === 0) emptyNote(p, r, udpOnly(c) ? NO_TCP_NOTE : NO_FLOWS_NOTE, f);
    return drawn;
  },
};
