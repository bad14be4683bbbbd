/**
 * The run's summary (RunResult.summary): bottleneck utilization, loss and mark rates,
 * goodput efficiency G and Jain's index, then one row per flow. Live while running
 * ("so far"), final when done. Exports as CSV or JSON.
 */
import { format } from 'd3';
import { useMemo } from 'react';
import { grouped } from '../engine/core/number-text';
import { KIND_NAMES, kindsWorthShowing } from '../engine/metrics/by-kind';
import type { QueueSummary } from '../engine/metrics/types';
import { KIND_KEYS } from '../engine/net/packet';
import { useServices } from './app-context';
import { download, fileStem, flowsCsv, FLOWS_UNITS, summaryCsv } from './charts/export';
import { flowColor } from './colors';
import { flowLabel } from './flow-tags';
import { MAX_LINES, NO_FLOWS_NOTE } from './charts/types';
import { ScrollRegion } from './ScrollRegion';
import { flowRtts, hasWebTraffic, viewOf } from './scenario-view';
import { useAppState } from './store/app-store';

const pct = format('.2%');
const pct1 = format('.1%');
const num3 = format('.3~f');
// formatters are parsed once: building one per cell made a 100-flow table a long task
const f0 = format('.0f');
const f1 = format('.1f');
const f2 = format('.2f');

/** While a run goes, at most this many flow rows are rendered; when paused or done, at most DONE_ROWS (the CSV has every flow). */
const LIVE_ROWS = 20;
const DONE_ROWS = 500;

// a fixed three decimals: the column is right-aligned, and with trailing zeros trimmed
// ("2.35" under "2.802") the decimal points did not line up
const fix3 = format('.3f');

/** A flow's goodput as the table shows it: "2.350 Mb/s". */
/**
 * The counts behind the summary's figures as one line of text (drops by kind, ECN marks,
 * the longest queue, the mean delay; the reverse queue's with two-way traffic), counts
 * grouped by thousands as the rest of the page writes them ("2,453 arrivals").
 */
export function queueDetail(b: QueueSummary, reverse: QueueSummary | null): string {
  const drops = (q: QueueSummary) => `${grouped(q.drops)} drops of ${grouped(q.arrivals)} arrivals (early ${grouped(q.dropsEarly)}, forced ${grouped(q.dropsForced)}, overflow ${grouped(q.dropsOverflow)}), ${grouped(q.marks)} ECN marks`;
  const fwd = `Queue: ${drops(b)}; at most ${grouped(b.maxQueuePackets)} packets, mean queueing delay ${f1(b.meanQueueDelay * 1000)} ms.`;
  return reverse ? `${fwd} Reverse queue: ${drops(reverse)}.` : fwd;
}

/**
 * The queue's drops and marks by packet kind, in words, when connections open and close
 * through it (web traffic): "By packet kind: SYN-ACK 8.55 % dropped (2,341 of 27,365), ...".
 * seeds/003's ECN damage is there: the data marked, never dropped, the SYN-ACKs dropped.
 * The kinds with the most drops first; null when kindsWorthShowing says no.
 */
export function kindDetail(b: QueueSummary, reverse: QueueSummary): string | null {
  if (!kindsWorthShowing(b, reverse) || !b.byKind) return null;
  const k = b.byKind;
  const parts = KIND_KEYS.filter((key) => k[key].arrivals > 0)
    .sort((x, y) => k[y].drops / k[y].arrivals - k[x].drops / k[x].arrivals)
    .map((key) => {
      const c = k[key];
      const share = (n: number) => `${((100 * n) / c.arrivals).toFixed(2)} %`;
      // "SYN‑ACK" with a non-breaking hyphen: the line broke inside it ("SYN-" / "ACK")
      return `${KIND_NAMES[key].replace('-', '\u2011')} ${share(c.drops)} dropped${c.marks > 0 ? `, ${share(c.marks)} marked` : ''} (of ${grouped(c.arrivals)})`;
    });
  return `By packet kind: ${parts.join('; ')}.`;
}

/**
 * The words after "Summary": final or so far, and from when it counts. A run with a warm-up
 * (rtt-unfair: 10 s) leaves its start out of every figure below; "60.0 s simulated" alone
 * read as if the goodput and the bytes delivered were over the whole run.
 */
export function summaryHeading(final: boolean, simulatedSeconds: number, warmup: number): string {
  const from = warmup > 0 ? `, counted from ${f1(warmup)} s on (warm-up left out)` : '';
  return final ? `final, ${f1(simulatedSeconds)} s simulated${from}` : `so far (t = ${f1(simulatedSeconds)} s)${from}`;
}

export function rate(bps: number): string {
  if (bps >= 1e6) return `${fix3(bps / 1e6)} Mb/s`;
  if (bps >= 1e3) return `${fix3(bps / 1e3)} kb/s`;
  return `${f0(bps)} b/s`;
}

function bytes(b: number): string {
  if (b >= 1e6) return `${f2(b / 1e6)} MB`;
  if (b >= 1e3) return `${f1(b / 1e3)} KB`;
  return `${b} B`;
}

export function SummaryTable() {
  const { store } = useServices();
  const summary = useAppState(store, (s) => s.summary);
  const status = useAppState(store, (s) => s.status);
  const preset = useAppState(store, (s) => s.presetName);
  const scenario = useAppState(store, (s) => s.scenario);
  // the flows starred: drawn over the band beyond MAX_LINES flows, else brought forward with the others faded (charts/context.ts)
  const bandView = useMemo(() => viewOf(scenario).tcpFlows > MAX_LINES, [scenario]);
  const highlight = useAppState(store, (s) => (bandView ? s.highlight : s.picked));
  const star = (flow: number) => {
    const next = highlight.includes(flow) ? highlight.filter((x) => x !== flow) : [...highlight, flow];
    store.set(bandView ? { highlight: next } : { picked: next });
  };
  const flowsTotal = useAppState(store, (s) => s.flowsTotal);
  const twoWay = useMemo(() => viewOf(scenario).twoWay, [scenario]);
  // "CUBIC", "ECN" beside a flow's number where the traffic items' TCP settings differ (flow-tags.ts)
  const tags = useMemo(() => viewOf(scenario).flowTags, [scenario]);
  // per-flow delays: each flow's round trip, so its goodput can be read against it
  // (the draws are made in flow order, so the first n are the same however many are drawn)
  const flowCount = useAppState(store, (s) => s.flowsTotal ?? s.summary?.flows.length ?? 0);
  const rtts = useMemo(() => flowRtts(scenario, flowCount), [scenario, flowCount]);
  if (!summary) {
    return (
      <section className="card summary" aria-labelledby="summary-title">
        <header className="card-head">
          <h2 id="summary-title">Summary</h2>
        </header>
        <p className="muted pad">The summary appears once the run starts.</p>
      </section>
    );
  }
  const b = summary.bottleneck;
  const r = summary.bottleneckReverse;
  // a column of ☆ buttons when some flow has a window to bring forward
  const anyTcp = summary.flows.some((f) => f.kind === 'tcp');
  const kindLine = kindDetail(b, r);
  const final = status === 'done';
  const stats: [string, string, string][] = [
    ['Utilization', pct1(b.utilization), 'bits sent on the bottleneck / (rate × time)'],
    ['Drop rate (queue)', pct(b.lossRate), `${b.drops} drops of ${b.arrivals} arrivals at the queue (early ${b.dropsEarly}, forced ${b.dropsForced}, overflow ${b.dropsOverflow})`],
    ['Link losses', `${b.linkLosses}${b.departures > 0 ? ` (${pct(b.linkLosses / b.departures)})` : ''}`, `packets lost on the wire by the link's random error model, of ${b.departures} sent; not counted as queue drops`],
    ['Mark rate', pct(b.markRate), `${b.marks} ECN marks`],
    // two-way traffic: the right-to-left queue drops too (seeds/000's web traffic: as much as the forward one)
    ...(twoWay
      ? ([['Drop rate (reverse queue)', pct(r.lossRate), `right-to-left queue: ${r.drops} drops of ${r.arrivals} arrivals (early ${r.dropsEarly}, forced ${r.dropsForced}, overflow ${r.dropsOverflow}), ${r.marks} marks; utilization ${pct1(r.utilization)}`]] as [string, string, string][])
      : []),
    ['Mean queue', `${f1(b.meanQueuePackets)} pkts`, `max ${b.maxQueuePackets} packets; mean delay ${f1(b.meanQueueDelay * 1000)} ms`],
    ['Goodput efficiency G', summary.goodputEfficiency === null ? '—' : pct(summary.goodputEfficiency), 'payload / (rate × longest completion), seeds/001; "—" until every flow finishes'],
    ["Jain's index", summary.flows.length === 0 ? '—' : num3(summary.fairness.jain), '(Σx)² / (n Σx²) over flow goodputs, each over its own flow’s lifetime (start to finish): 1 = equal shares. Two downloads of the same size that finish at different times still score near 1 (lockout-dt: 0.98): the throughput chart’s J, over 1 s windows, shows who had the link when'],
  ];
  const exportAs = (kind: 'csv' | 'flows' | 'json') => {
    const stem = fileStem('summary', preset, scenario);
    if (kind === 'csv') download(`${stem}.csv`, new Blob([summaryCsv(summary)], { type: 'text/csv' }));
    else if (kind === 'flows') download(`${fileStem('flows', preset, scenario)}.csv`, new Blob([flowsCsv(summary)], { type: 'text/csv' }));
    else download(`${stem}.json`, new Blob([JSON.stringify({ version: 1, scenario, summary }, null, 1)], { type: 'application/json' }));
  };
  return (
    <section className="card summary" aria-labelledby="summary-title">
      <header className="card-head">
        <h2 id="summary-title">
          Summary <span className="muted small">{summaryHeading(final, summary.simulatedSeconds, summary.warmup)}</span>
        </h2>
        <div className="card-tools">
          <button type="button" onClick={() => exportAs('csv')} aria-label="Export summary as CSV" title="metric,value,unit: one row per figure, in the summary JSON's units (fractions 0-1, seconds)">
            CSV
          </button>
          <button type="button" onClick={() => exportAs('flows')} aria-label="Export Flows CSV (one row per flow)" title={FLOWS_UNITS}>
            Flows CSV
          </button>
          <button type="button" onClick={() => exportAs('json')} aria-label="Export summary as JSON">
            JSON
          </button>
        </div>
      </header>
      <dl className="stats">
        {stats.map(([k, v, hint]) => (
          <div key={k} className="stat" title={hint}>
            <dt>{k}</dt>
            <dd>{v}</dd>
          </div>
        ))}
      </dl>
      {/* the counts behind the figures, in words on the page: in the figures' tooltips alone a
          keyboard or screen-reader user never got them (which kind of drop, how many marks) */}
      <p className="muted small pad stats-detail" data-testid="summary-detail">
        {queueDetail(b, twoWay ? r : null)}
      </p>
      {kindLine ? (
        <p className="muted small pad stats-detail" data-testid="summary-kinds">
          {kindLine}
        </p>
      ) : null}
      {summary.flows.length === 0 && hasWebTraffic(scenario) ? (
        // web traffic has exchanges, not long-lived flows: an empty table looked like a broken run
        <p className="muted pad no-flows" data-testid="summary-no-flows">
          {NO_FLOWS_NOTE}.
        </p>
      ) : (
        <ScrollRegion className="table-scroll" label="Per-flow results (scrolls)">
          <table className="flows">
            <caption className="sr-only">Per-flow results</caption>
            <thead>
              <tr>
                <th scope="col">Flow</th>
                {anyTcp ? (
                  <th scope="col" className="hl-cell">
                    <span className="sr-only">Highlight</span>
                  </th>
                ) : null}
                {rtts ? (
                  <th scope="col" title="Round-trip propagation time: the access, bottleneck and access delays both ways plus the flow's own extra delay (Per-flow delay) both ways; queueing not included">
                    RTT
                  </th>
                ) : null}
                <th scope="col">Done at</th>
                <th scope="col">Goodput</th>
                <th scope="col">Delivered</th>
                <th scope="col">Sent</th>
                <th scope="col">Retrans.</th>
                <th scope="col">Timeouts</th>
                <th scope="col">Fast retr.</th>
                <th scope="col">ECN cuts</th>
                <th scope="col">Drops</th>
                <th scope="col">Marks</th>
              </tr>
            </thead>
            <tbody>
              {summary.flows.slice(0, status === 'running' ? LIVE_ROWS : DONE_ROWS).map((f) => (
                <tr key={f.flow}>
                  <th scope="row">
                    <span className="swatch" style={{ background: flowColor(f.flow) }} aria-hidden="true" />
                    {f.flow} <span className="muted small">{tags[f.flow] || f.kind}</span>
                  </th>
                  {/* the ☆ in a cell of its own: inside the row header it was part of the header's
                      name, and a screen reader said "0 tcp Highlight flow 0 in the charts" before
                      every number of the row */}
                  {anyTcp ? (
                    <td className="hl-cell">
                    {f.kind === 'tcp' ? (
                      <button
                        type="button"
                        className="highlight-toggle"
                        aria-pressed={highlight.includes(f.flow)}
                        aria-label={`Highlight ${flowLabel(f.flow, tags)} in the charts`}
                        title={bandView ? 'Draw this flow as a line over the band in the per-flow charts' : 'Bring this flow forward in the per-flow charts, the others faded'}
                        onClick={() => star(f.flow)}
                      >
                        {highlight.includes(f.flow) ? '★' : '☆'}
                      </button>
                    ) : null}
                    </td>
                  ) : null}
                  {rtts ? <td>{f.kind !== 'tcp' || rtts[f.flow] === undefined ? '—' : `${f1(rtts[f.flow] * 1000)} ms`}</td> : null}
                  <td>{f.completionTime === null ? '—' : `${f2(f.completionTime)} s`}</td>
                  <td>{rate(f.goodputBps)}</td>
                  <td>{bytes(f.bytesDelivered)}</td>
                  <td>{f.packetsSent}</td>
                  <td>{f.retransmissions}</td>
                  <td>{f.timeouts}</td>
                  <td>{f.fastRetransmits}</td>
                  <td>{f.ecnReductions}</td>
                  <td>{f.drops}</td>
                  <td>{f.marks}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {anyTcp ? <p className="muted small highlight-note">{bandView ? '☆ marks a flow to draw as a line over the band in the per-flow charts.' : '☆ brings a flow forward in the per-flow charts, the others faded.'}</p> : null}
          {status === 'running' && (flowsTotal ?? summary.flows.length) > LIVE_ROWS ? (
            <p className="muted small">
              Showing {LIVE_ROWS} of {flowsTotal ?? summary.flows.length} flows while the run goes; pause or wait for the end to see more.
            </p>
          ) : null}
          {status !== 'running' && (flowsTotal ?? summary.flows.length) > DONE_ROWS ? (
            <p className="muted small">
              Showing the first {DONE_ROWS} of {flowsTotal ?? summary.flows.length} flows; the Flows CSV lists every one.
            </p>
          ) : null}
        </ScrollRegion>
      )}
    </section>
  );
}
