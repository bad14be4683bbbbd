/**
 * Download progress: bytes acknowledged vs time per flow (seeds/001 Fig. 5). A flat
 * stretch is a flow locked out or waiting for a timeout; parallel lines mean fairness.
 */
import type { SeriesStore } from '../store/series-store';
import { BandCache, bandColumns, drawEndLabels, drawFlowFamily, endLabelNames, endLabelRoom, flowLegend, type LineEnd } from './flows';
import type { Painter } from './painter';
import { axes, cursorText, drawCursor, drawMarkers, fitYTicks, emptyNote, legend, maxOver, plotRect, xScaleFor, yScaleFor } from './plot';
import { NO_FLOWS_EXPORT_NOTE, NO_FLOWS_NOTE, timeDomain, udpOnly, type ChartContext, type ChartDef } from './types';
import { progressRunText } from './run-text';

const bands = new WeakMap<object, BandCache>();

/**
 * Bytes to the unit that keeps the axis numbers short. `what`: "acked" for TCP; a run of
 * UDP flows only (md1-poisson) has no acknowledgements, its column counts bytes delivered.
 */
function unitFor(maxBytes: number, what: string): { div: number; label: string } {
  if (maxBytes >= 2e6) return { div: 1e6, label: `data ${what} (MB)` };
  if (maxBytes >= 2e3) return { div: 1e3, label: `data ${what} (KB)` };
  return { div: 1, label: `data ${what} (bytes)` };
}

export const progressChart: ChartDef = {
  id: 'progress',
  perFlowOnly: true,
  title: 'Download progress',
  describe(c) {
    const n = c.store.flowIds('acked').length || c.view.flows;
    const udp = udpOnly(c);
    const run = progressRunText(c, udp);
    const tail = run ? ` ${run}` : '';
    if (udp) return `Bytes delivered over time for ${n === 1 ? 'the UDP flow' : `each of ${n} UDP flows`}.${tail}` + cursorText(c);
    return `Bytes acknowledged over time for each of ${n} flows (as in seeds/001 Fig. 5): a flat stretch is a flow that is locked out or waiting for a timeout.${tail}` + cursorText(c);
  },
  units: 't in s; acked.i: bytes acknowledged (UDP: delivered), 0 before the flow starts; acked.min, .median, .max: across the flows.',
  columns: (s: SeriesStore) => s.names().filter((k) => k.startsWith('acked.')),
  // with many flows the chart draws their band (min, median, max), so the export has it too
  derived: (s: SeriesStore) => bandColumns(s, s.flowIds('acked').map((fl) => s.column(`acked.${fl}`)), 'acked'),
  noDataNote: NO_FLOWS_EXPORT_NOTE,
  draw(p: Painter, c: ChartContext): number {
    const f = c.fonts;
    const store = c.store;
    const flows = store.flowIds('acked');
    const paper = !!c.paper;
    const items = flowLegend(flows, c.highlight, c.view.tcpFlows, false, c.view.flowTags, paper);
    const lh = legend(p, items, 8, 4, p.width - 16, f.legend);
    // on paper, room right of the plot for each line's name at its end
    const endNames = paper ? endLabelNames(flows, c.highlight) : [];
    const r0 = plotRect(p, lh + 10, f, '88.8', 0, endLabelRoom(p, endNames, f));
    const [t0, t1] = timeDomain(c);
    const cols = flows.map((fl) => store.column(`acked.${fl}`));
    const top = maxOver(store, cols, t0, t1, c.scratch, 'acked');
    const u = unitFor(Number.isFinite(top) ? top : 0, udpOnly(c) ? 'delivered' : 'acked');
    const y = yScaleFor(r0, 0, Number.isFinite(top) && top > 0 ? (top / u.div) * 1.05 : 1);
    const r = fitYTicks(p, r0, y, f);
    const x = xScaleFor(r, t0, t1);
    axes(p, r, x, y, f, 'time (s)', u.label);
    let band = bands.get(c.scratch);
    if (!band) bands.set(c.scratch, (band = new BandCache()));
    p.clip(r);
    const tr = u.div === 1 ? undefined : (v: number) => v / u.div;
    const ends: LineEnd[] = [];
    const drawn = drawFlowFamily(p, r, x, y, store, flows, (fl) => store.column(`acked.${fl}`), c.highlight, c.scratch, band, `acked${u.div}`, { transform: tr, paper, ends: paper ? ends : undefined });
    p.unclip();
    drawEndLabels(p, r, ends, f);
    drawMarkers(p, r, x, c.markers, f, c.view);
    drawCursor(p, r, x, c.cursorT, f);
    if (store.length === 0) emptyNote(p, r, 'No data yet', f);
    else if (flows.length === 0) emptyNote(p, r, NO_FLOWS_NOTE, f);
    return drawn;
  },
};
