/**
 * The step-through decision inspector (issue 3, "Step-through of RED/ECN decisions"):
 * one AQM decision as a worked calculation with the numbers filled in, and what the flow
 * did next (ECE, window cut, CWR; or dupacks, fast retransmit, timeout).
 *
 * Self-contained: it gets the recorded decisions, the position, the recorded flow events
 * and a callback for the step buttons; the app decides what a step does (move in the
 * recorded history or let the engine run to the next one).
 */
import { useId, useMemo, useRef, useState } from 'react';
import type { DecisionRecord } from '../../engine/aqm/decision';
import type { FlowEvent } from '../../engine/net/agent';
import { eventStyle, flowColor } from '../colors';
import { consequences, explainDecision, fmt, reactionSummary, stepAnnouncement, timeline, type OutcomeLabel } from './explain';
import { ScaleBar } from './ScaleBar';
import { capitalized, flowLabel, flowNumber } from '../flow-tags';
import { useKeepFocus } from '../focus';
import { aqmByKind } from '../../engine/aqm/registry';
import { decisionPosition, decisionsNote } from './decisions-csv';
import './inspector.css';

export type InspectorStep = 'prev' | 'next' | 'next-mark' | 'next-drop' | 'next-aqm-drop' | 'next-flow-event';

export interface InspectorProps {
  /** Whether the live region says the decision shown (default true; false at the end of a run, where nobody stepped to it). */
  announce?: boolean;
  /** Recorded decisions, oldest first. */
  records: readonly DecisionRecord[];
  /** The record shown (clamped to the list). */
  index: number;
  /** Recorded flow events, oldest first. */
  flowEvents: readonly FlowEvent[];
  onStep: (what: InspectorStep, flow?: number) => void;
  /** Round-trip time of the decision's flow around the decision, seconds: "what happened next" covers 2 RTTs (default 0.2 s). */
  rtt?: number | ((rec: DecisionRecord) => number | undefined);
  /** A flow event to highlight in the timeline (e.g. the one a step stopped at). */
  currentEvent?: FlowEvent | null;
  /** Simulated time the run has reached, seconds: before the end of the 2-RTT window the reaction may still come. */
  now?: number;
  /** Whether an ECN mark can happen in this scenario (offers "Next mark"); default true. */
  canMark?: boolean;
  /**
   * Whether the queue can drop before it is full (any AQM, not drop-tail): offers "Next AQM
   * drop", which passes the overflows by; default false.
   */
  canAqmDrop?: boolean;
  /**
   * Flow ids below this are the run's long-lived flows (bulk, UDP), the ones "Next event of
   * flow" can follow; ids from it up are web exchanges (one id per request/response, tens of
   * thousands in a run), whose TCP halves record no flow events, so following one would only
   * run 30 s and find nothing. Default: every flow is long-lived.
   */
  longLivedFlows?: number;
  /**
   * The run is going: its decisions are recorded but shown when it pauses (a step or
   * Pause), so the empty inspector says that rather than that none was made.
   */
  running?: boolean;
  /** Classroom mode: the scale bar's type as large as the charts'. */
  classroom?: boolean;
  /**
   * Whether the scenario has TCP flows, the only ones that record events to follow (a
   * UDP sender has no congestion control: nothing follows a drop). Default true.
   */
  tcpFlows?: boolean;
  /**
   * How many decisions the run keeps (the worker's history): once `records` holds that many,
   * they are the last ones, not all the run made, and the position says so ("Decision 1000
   * of 1000" at every step, on a run that had made 50,000, read as a count of the run's).
   * With `total` the position is the decision's number in the run, as the CSV's.
   */
  historyLimit?: number;
  /** Per flow, what the traffic items' differing TCP settings make it ("CUBIC", "ECN"; flow-tags.ts), shown beside its number. */
  flowTags?: readonly string[];
  /** How many decisions the run had made when `records` came (they are its last ones); null or absent: `records` are all. */
  total?: number | null;
  /** The run has ended: the export's note says what the run made, not "so far". */
  finished?: boolean;
  /** Saves `records` as a CSV file (decisions-csv.ts); absent: no export offered. */
  onExport?: () => void;
}

/** Colour of an outcome badge: the queue-event colours of the charts (colors.ts). */
function outcomeColor(o: OutcomeLabel): string {
  switch (o) {
    case 'mark CE':
      return eventStyle(3).color;
    case 'early drop':
      return eventStyle(0).color;
    case 'forced drop':
      return eventStyle(1).color;
    case 'overflow drop':
      return eventStyle(2).color;
    case 'link loss':
      return eventStyle(4).color;
    default:
      return '#2f6f4f';
  }
}

export function Inspector({ records, index, flowEvents, onStep, rtt, currentEvent = null, now, canMark = true, canAqmDrop = false, longLivedFlows = Infinity, classroom = false, tcpFlows = true, historyLimit = Infinity, running = false, announce = true, flowTags = [], total = null, finished = false, onExport }: InspectorProps) {
  const n = records.length;
  const i = Math.max(0, Math.min(index, n - 1));
  const rec = n > 0 ? records[i] : null;
  const [flowChoice, setFlowChoice] = useState<number | null>(null);
  const flowSelectId = useId();
  const exportNoteId = useId();
  // Previous is disabled under the focus at the first decision: Next takes it
  const navRef = useRef<HTMLDivElement>(null);
  useKeepFocus(navRef, () => navRef.current?.querySelector<HTMLElement>('button:not(:disabled)'));
  const flows = useMemo(() => {
    const s = new Set<number>();
    // UDP flows record no events: following one only runs on and finds nothing
    for (const r of records) if (r.flow >= 0 && r.flow < longLivedFlows && r.kind !== 'UDP') s.add(r.flow);
    for (const e of flowEvents) if (e.flow < longLivedFlows) s.add(e.flow);
    return [...s].sort((a, b) => a - b);
  }, [records, flowEvents, longLivedFlows]);
  const ex = useMemo(() => (rec ? explainDecision(rec) : null), [rec]);
  const rttOf = typeof rtt === 'function' ? (rec ? rtt(rec) : undefined) : rtt;
  const next = useMemo(() => (rec ? consequences(rec, flowEvents, { rtt: rttOf }) : []), [rec, flowEvents, rttOf]);
  const items = useMemo(() => (rec ? timeline(rec, next) : []), [rec, next]);
  const flow = flowChoice ?? (rec && rec.flow >= 0 && rec.flow < longLivedFlows && rec.kind !== 'UDP' ? rec.flow : undefined) ?? flows[0] ?? 0;
  const isWeb = (f: number) => f >= longLivedFlows;

  const nav = (
    <div className="insp-nav" role="toolbar" aria-label="Step through AQM decisions" ref={navRef}>
      <button type="button" onClick={() => onStep('prev')} disabled={n === 0 || i === 0} aria-label="Previous decision">
        ◀ Previous
      </button>
      <button type="button" onClick={() => onStep('next')} aria-label="Next decision">
        Next ▶
      </button>
      {canMark && (
        <button type="button" onClick={() => onStep('next-mark')} aria-label="Next mark (ECN)">
          Next mark
        </button>
      )}
      <button type="button" onClick={() => onStep('next-drop')} aria-label="Next drop">
        Next drop
      </button>
      {canAqmDrop && (
        <button type="button" onClick={() => onStep('next-aqm-drop')} aria-label="Next AQM drop" title="The next drop the queue chose before it was full (an early or forced drop), passing the buffer overflows by">
          Next AQM drop
        </button>
      )}
      {!tcpFlows && longLivedFlows === Infinity ? (
        <span className="insp-muted insp-webnote">UDP senders have no congestion control and record no events to follow: step by decision or drop.</span>
      ) : longLivedFlows > 0 && tcpFlows ? (
        <span className="insp-flowstep">
          <button type="button" onClick={() => onStep('next-flow-event', flow)} aria-label={`Next event of ${flowLabel(flow, flowTags)}`}>
            Next event of flow
          </button>
          <label className="insp-sr" htmlFor={flowSelectId}>
            Flow to follow
          </label>
          <select id={flowSelectId} value={flow} onChange={(e) => setFlowChoice(Number(e.target.value))}>
            {(flows.length ? flows : [flow]).map((f) => (
              <option key={f} value={f}>
                {flowNumber(f, flowTags)}
              </option>
            ))}
          </select>
        </span>
      ) : (
        <span className="insp-muted insp-webnote">Web connections come and go by the thousand and are not traced event by event: step by decision or drop.</span>
      )}
    </div>
  );

  // what a screen reader says at each step: one short line (src/ui/inspector/explain.ts,
  // stepAnnouncement), not the whole inspector. The region is there before the first decision
  // shows (a region that appears with its text is not read out), in the same place in both
  // views, so the pause that brings the first decision is announced too
  const position = rec ? decisionPosition(i, n, total, historyLimit) : '';
  const live = (
    <p className="insp-sr" role="status" aria-live="polite" aria-atomic="true" data-testid="insp-announce">
      {announce && rec && ex ? stepAnnouncement(ex, position, isWeb(ex.packet.flow), flowTags) : ''}
    </p>
  );

  if (!rec || !ex) {
    return (
      <div className="insp">
        {live}
        {nav}
        <p className="insp-empty">
          {running
            ? `The run is going: the queue’s latest decisions show here when it pauses. Press Pause, or ${canMark ? '“Next mark” to stop at the next ECN mark and see why the queue marked it' : '“Next ▶” (or “Next drop”) to stop at the next decision and see why the queue let that packet in or dropped it'}.`
            : canMark
              ? 'No AQM decision recorded yet. Press “Next mark” to run to the next ECN mark and see why the queue marked it, or Play and then Pause.'
              : `No AQM decision recorded yet. Press “Next ▶” (or “Next drop”) to run to the next decision and see why the queue let that packet in or dropped it, or Play and then Pause.${canAqmDrop ? ' “Next AQM drop” passes the drops of a full buffer by and stops where the queue chose to drop before it was full.' : ''}`}
        </p>
      </div>
    );
  }

  const color = outcomeColor(ex.outcome);
  return (
    <div className="insp">
      {live}
      {nav}
      <header className="insp-head">
        {/* a heading: navigating by headings, a screen reader went from the last chart's to
            "What happened next" (h3), past the decision, which it then seemed to belong to */}
        <h2 className="insp-pos">
          {/* "(the app keeps the last 1,000)" in the lighter type of the queue's name: the number is what the heading says */}
          Decision {position.replace(/ \(.*$/, '')}
          {position.includes(' (') ? <span className="insp-muted">{position.slice(position.indexOf(' ('))}</span> : null}
          <span className="insp-muted">
            {' '}
            {/* "routerL->routerR" broke into "routerL-" and ">routerR" in the narrow panel */}
            · {rec.queue.replace(/->/g, ' → ')} · {aqmByKind(rec.aqm)?.label ?? rec.aqm}
            {ex.stage === 'dequeue' ? ' · at dequeue' : ''}
          </span>
        </h2>
        <div className="insp-time">t = {ex.time}</div>
      </header>

      <dl className="insp-packet" aria-label="Packet">
        <div>
          <dt>Packet</dt>
          <dd>#{ex.packet.uid}</dd>
        </div>
        <div>
          <dt>Flow</dt>
          <dd>
            <span className="insp-swatch" style={{ background: flowColor(ex.packet.flow) }} aria-hidden="true" />
            {isWeb(ex.packet.flow) ? `web connection ${ex.packet.flow}` : flowNumber(ex.packet.flow, flowTags)}
          </dd>
        </div>
        {ex.packet.kind ? (
          <div>
            <dt>Kind</dt>
            <dd>{ex.packet.kind}</dd>
          </div>
        ) : null}
        <div>
          <dt>Size</dt>
          <dd>{ex.packet.bytes} bytes</dd>
        </div>
        <div>
          <dt>ECN codepoint</dt>
          <dd className={ex.packet.ect ? 'insp-ect' : 'insp-notect'}>{ex.packet.ecnName}</dd>
        </div>
      </dl>

      {ex.bar ? <ScaleBar bar={ex.bar} classroom={classroom} /> : null}

      <ol className="insp-steps" aria-label="The calculation, step by step">
        {ex.steps.map((s, k) => (
          <li key={`${s.label}-${k}`} className={s.mismatch ? 'insp-mismatch' : undefined}>
            <div className="insp-step-head">
              <span className="insp-label">{s.label}</span>
              <span className="insp-value">{s.value}</span>
            </div>
            {s.symbolic !== undefined && s.numeric !== undefined ? (
              <div className="insp-formula">
                <div>{s.symbolic}</div>
                <div className="insp-numeric">= {s.numeric}</div>
              </div>
            ) : (
              <div className="insp-formula">{s.formula}</div>
            )}
            {s.mismatch ? (
              <div className="insp-warn" role="note">
                ⚠ {s.mismatch}
              </div>
            ) : null}
          </li>
        ))}
      </ol>

      <section className="insp-outcome" style={{ borderColor: color }} aria-label="Outcome">
        <div className="insp-badge" style={{ background: color }}>
          {ex.outcome}
        </div>
        <div>
          <p className="insp-rule">{ex.rule}</p>
          {ex.ecnNote ? <p className="insp-note">{ex.ecnNote}</p> : null}
        </div>
      </section>

      {rec.outcome !== 'enqueue' ? (
        <section className="insp-next" aria-label="What happened next">
          <h3>What happened next</h3>
          <p className="insp-summary">
            {isWeb(rec.flow)
              ? `Web connection ${rec.flow} is not traced event by event, so what it did next is not shown.`
              : rec.kind === 'UDP'
                ? `${capitalized(flowLabel(rec.flow, flowTags))} is a UDP sender: it has no congestion control and goes on at its own rate after the ${rec.outcome}.`
                : reactionSummary(rec, next, now !== undefined && now < rec.t + 2 * (rttOf ?? 0.2), flowTags)}
          </p>
          {items.length > 0 ? (
            <ol className="insp-timeline">
              {items.map((it, k) => {
                const current = currentEvent !== null && next.indexOf(currentEvent) >= 0 && it.first.t <= currentEvent.t && currentEvent.t <= it.last.t && it.kind === currentEvent.kind;
                return (
                  <li key={`${it.kind}-${it.t}-${k}`} className={current ? 'insp-current' : undefined}>
                    <div className="insp-ev-head">
                      <span className="insp-dt">{it.dt}</span>
                      <span className="insp-kind">
                        {it.kind}
                        {it.n > 1 ? ` ×${it.n}` : ''}
                      </span>
                    </div>
                    <span className="insp-what">
                      {it.text}
                      {it.last.note ? <span className="insp-evnote"> — {it.last.note}</span> : null}
                      {it.last.cwnd !== undefined && !/cwnd/.test(it.last.note ?? '') ? (
                        <span className="insp-evnote">
                          {' '}
                          (cwnd {fmt(it.last.cwnd)}
                          {it.last.ssthresh !== undefined && Number.isFinite(it.last.ssthresh) ? `, ssthresh ${fmt(it.last.ssthresh)}` : ''})
                        </span>
                      ) : null}
                    </span>
                  </li>
                );
              })}
            </ol>
          ) : null}
        </section>
      ) : null}

      {onExport ? (
        <div className="insp-export">
          <button type="button" onClick={onExport} aria-describedby={exportNoteId}>
            Export decisions (CSV)
          </button>
          <p className="insp-muted" id={exportNoteId} data-testid="insp-export-note">
            {/* "--trace" broke after its "--" at 390 px */}
            {(decisionsNote(n, total, finished) ?? '').split(/(--trace)/).map((part, k) =>
              part === '--trace' ? (
                <code key={k} className="insp-nowrap">
                  {part}
                </code>
              ) : (
                part
              ),
            )}
          </p>
        </div>
      ) : null}
    </div>
  );
}
