import type { Summary } from '../../engine/metrics/types';
import type { ParamMarker, ScenarioView } from '../scenario-view';
import type { SeriesStore } from '../store/series-store';
import type { Painter } from './painter';
import type { Fonts, SeriesScratch } from './plot';

/** Everything a chart reads to draw one frame. */
export interface ChartContext {
  store: SeriesStore;
  view: ScenarioView;
  markers: readonly ParamMarker[];
  fonts: Fonts;
  /** Simulated time reached and the run's end (Infinity if open-ended), seconds. */
  now: number;
  end: number;
  summary: Summary | null;
  /** Flows drawn as lines when there are more than MAX_LINES. */
  highlight: readonly number[];
  /** Wall clock, ms (animations such as the topology's flashes). */
  wallMs: number;
  /** Real-time multiple the run goes at (Infinity = max), for the flash window. */
  speed: number;
  running: boolean;
  /** Time of the decision shown in the inspector (drawn as a cursor line), or null. */
  cursorT: number | null;
  /** Per-chart reusable buffers. */
  scratch: SeriesScratch;
  /**
   * Drawn for paper (printing, src/ui/print.ts): a black-and-white printer keeps no colour, so
   * the per-flow lines take a dash pattern each (paperDash) and their flow's number at their end.
   */
  paper?: boolean;
}

export interface ChartDef {
  id: string;
  title: string;
  /** One or two sentences read by screen readers and shown as the chart's tooltip. */
  describe(c: ChartContext): string;
  /** Draws the chart; returns the number of data vertices and marks drawn. */
  draw(p: Painter, c: ChartContext): number;
  /** Store columns exported as CSV/JSON for this chart. */
  columns(store: SeriesStore): string[];
  /**
   * Columns the chart computes from the store and draws instead of the raw ones (e.g.
   * rates averaged over a window), exported beside them so the file holds what the
   * figure shows. Each array has one value per stored sample.
   */
  derived?(store: SeriesStore, end: number): [string, Float64Array][];
  /**
   * What the data export says instead when the run has samples but none of this chart's
   * columns (the chart then draws only a note), e.g. per-flow charts of web traffic.
   */
  noDataNote?: string | ((store: SeriesStore) => string);
  /**
   * The units of the data export's columns, shown under the export menu's items: the CSV
   * header has only the column names (`t,cwnd.0,...`, as the command line's --series), and a
   * spreadsheet showed goodput 1440000 and util 0.98 beside a chart in Mb/s and %.
   */
  units?: string;
  /** Redraw every frame while running (animations), not only when data changes. */
  animated?: boolean;
  /**
   * Draws only long-lived flows (one line per flow): a run without any (web traffic alone)
   * shows the card folded to its title and NO_FLOWS_NOTE instead of an empty canvas.
   */
  perFlowOnly?: boolean;
  /**
   * For a scenario where the chart has nothing to draw whatever the run does (the AQM state
   * of a drop-tail queue): the one line said instead. On paper the card prints its title and
   * this line, not an empty box of axes around it (ChartCard, styles.css @media print).
   */
  nothingToDraw?(view: ScenarioView): string | null;
}

/** Shown where per-flow lines would be when a run has none (web traffic: connections come and go). */
export const NO_FLOWS_NOTE = 'No long-lived flows: see Response times';

/** A run of UDP flows only (md1-poisson): flows, but no congestion window and no acknowledgement. */
export const udpOnly = (c: ChartContext): boolean => c.view.flows > 0 && c.view.tcpFlows === 0;

/** The per-flow charts' data export for such a run: there is nothing to export, and where the data is. */
export const NO_FLOWS_EXPORT_NOTE = "No data to export: this run has no long-lived flows. The web exchanges' data is in the Response times chart's export.";

/**
 * The cwnd chart of a run whose long-lived flows are all UDP (md1-poisson): there are
 * flows, but none has a window, and there is no Response times chart to point to.
 */
export const NO_TCP_NOTE = 'No TCP flows: a UDP sender has no congestion window';
export const NO_TCP_EXPORT_NOTE = 'No data to export: this run has no TCP flows, and a UDP sender has no congestion window. Its goodput is in the Throughput export.';

/** Up to this many flows get a line each; beyond, an aggregate band plus highlighted flows. */
export const MAX_LINES = 10;

/**
 * The visible time range: the whole run when its end is known, else what has been
 * simulated, rounded up to the next 1, 2 or 5 x 10^k. The end of an open-ended range so
 * moves in a few steps per decade instead of every frame: the axis stays still, and the
 * charts' per-pixel caches stay valid between the steps.
 */
export function timeDomain(c: ChartContext): [number, number] {
  if (Number.isFinite(c.end) && c.end > 0) return [0, c.end];
  const last = Math.max(c.now, c.store.lastTime);
  return [0, last > 0 ? niceCeil(last * 1.02) : 1];
}

/** The smallest 1, 2 or 5 x 10^k at or above x (x > 0). */
export function niceCeil(x: number): number {
  const p = 10 ** Math.floor(Math.log10(x));
  for (const m of [1, 2, 5, 10]) if (m * p >= x) return m * p;
  return 10 * p;
}
