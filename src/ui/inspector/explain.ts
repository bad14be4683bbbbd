/**
 * The decision inspector's text. The worked calculation of a decision comes from the
 * AQM that made it: each AQM in src/engine/aqm brings its own explanation (a sibling
 * `<kind>.explain.ts`, referenced by its registry descriptor), so this file holds no
 * per-AQM code. What it adds is the flow's side: the events that followed the decision
 * (CE, ECE, the window cut and CWR; or dupacks, fast retransmit, timeout).
 * Pure functions (no DOM, no React) so they can be unit-tested.
 */
import type { DecisionRecord } from '../../engine/aqm/decision';
import { explainGeneric, fmt, type Explanation } from '../../engine/aqm/explain';
import { aqmByKind } from '../../engine/aqm/registry';
import type { FlowEvent, FlowEventKind } from '../../engine/net/agent';
import { capitalized, flowLabel } from '../flow-tags';

export { ecnName, fmt, fmtTime, regionText, type Explanation, type OutcomeLabel, type ScaleBar, type Step } from '../../engine/aqm/explain';

/**
 * A scale bar's axis caption as lines of at most `maxChars` characters: whole if it fits,
 * else split at its " · " parts, then between words ("queueing delay estimate (ms) ·
 * *while the delay holds steady" ran off the left of a 360 px side panel).
 */
export function wrapCaption(text: string, maxChars: number): string[] {
  if (text.length <= maxChars) return [text];
  const lines: string[] = [];
  for (const part of text.split(' · ')) {
    let line = '';
    for (const word of part.split(' ')) {
      if (line !== '' && line.length + 1 + word.length > maxChars) {
        lines.push(line);
        line = word;
      } else line = line === '' ? word : `${line} ${word}`;
    }
    if (line !== '') lines.push(line);
  }
  return lines;
}

/** A time difference in the most readable unit: "+12.3 ms", "+1.25 s". */
export function fmtDelta(dt: number): string {
  const a = Math.abs(dt);
  const sign = dt < 0 ? '−' : '+';
  if (a < 1e-3) return `${sign}${fmt(a * 1e6, 3)} µs`;
  if (a < 1) return `${sign}${fmt(a * 1e3, 3)} ms`;
  return `${sign}${fmt(a, 4)} s`;
}

/** The worked calculation of one decision, by the AQM that took it (a generic listing for an AQM without an explainer). */
export function explainDecision(rec: DecisionRecord): Explanation {
  const explain = aqmByKind(rec.aqm)?.explain;
  return explain ? explain(rec) : explainGeneric(rec);
}

/** An outcome as said in a sentence. */
const OUTCOME_WORDS: Record<Explanation['outcome'], string> = {
  enqueue: 'queued',
  forward: 'forwarded',
  'mark CE': 'marked CE',
  'early drop': 'early drop',
  'forced drop': 'forced drop',
  'overflow drop': 'overflow drop',
  'link loss': 'lost on the link',
};

/**
 * The one line a screen reader hears at each step of the inspector: which decision, the
 * packet, what was done to it and the AQM's state that decided it (the scale bar's sentence,
 * or the rule where there is no bar: drop-tail). The whole inspector was the live region,
 * and each step read out its buttons, the packet table, the calculation and the timeline.
 * `position`: "3 of 40", or "28,777 of 28,777 (the app keeps the last 1,000)" (decisionPosition). `tags`: the run's flow tags
 * (ScenarioView.flowTags): the flow is named as the legends name it ("flow 0 · CUBIC").
 */
export function stepAnnouncement(ex: Explanation, position: string, web = false, tags: readonly string[] = []): string {
  const who = web ? `web connection ${ex.packet.flow}` : flowLabel(ex.packet.flow, tags);
  const state = ex.bar ? ex.bar.description : ex.rule ? `${ex.rule.charAt(0).toUpperCase()}${ex.rule.slice(1)}.` : '';
  return `Decision ${position}: packet #${ex.packet.uid} of ${who}, ${OUTCOME_WORDS[ex.outcome] ?? ex.outcome}${ex.stage === 'dequeue' ? ' at dequeue' : ''}.${state ? ` ${state}` : ''}`;
}

// ------------------------------------------------------------------ what happened next

export interface ConsequenceOptions {
  /** Round-trip time of the flow, seconds (default 0.2 s). The window is 2 RTTs after the decision. */
  rtt?: number;
  /** At most this many events (default 40). */
  maxEvents?: number;
}

const LOSS_REACTIONS: ReadonlySet<FlowEventKind> = new Set(['fast-retransmit', 'timeout', 'retransmit']);

/**
 * The events of the decision's flow in the ~2 RTTs after it (at or after its time), oldest
 * first. For a drop, when neither a fast retransmit nor a timeout falls in that window,
 * the window is stretched to the first of them within 3 s more (a retransmission timeout
 * takes at least min RTO, often longer than 2 RTTs).
 */
export function consequences(rec: DecisionRecord, flowEvents: readonly FlowEvent[], opts: ConsequenceOptions = {}): FlowEvent[] {
  const rtt = opts.rtt !== undefined && opts.rtt > 0 ? opts.rtt : 0.2;
  const max = opts.maxEvents ?? 40;
  const mine = flowEvents.filter((e) => e.flow === rec.flow && e.t >= rec.t).sort((a, b) => a.t - b.t);
  let end = rec.t + 2 * rtt;
  // a dropped data segment: reach its own retransmission (another segment's fast retransmit
  // in the window is not this drop's repair)
  const resend = rec.outcome === 'drop' && rec.seq !== undefined ? mine.find((e) => e.kind === 'retransmit' && e.seq === rec.seq) : undefined;
  if (resend) {
    if (resend.t > end && resend.t <= end + 3) end = resend.t;
  } else if (rec.outcome === 'drop' && !mine.some((e) => e.t <= end && LOSS_REACTIONS.has(e.kind))) {
    const reaction = mine.find((e) => e.t > end && e.t <= end + 3 && LOSS_REACTIONS.has(e.kind));
    if (reaction) end = reaction.t;
  }
  const out = mine.filter((e) => e.t <= end).slice(0, max);
  // many losses in one window: the segment's own resend may come after `max` events (dupacks,
  // partial ACKs); it is what the drop is about, so it takes the last place
  if (resend && resend.t <= end && out.length === max && !out.includes(resend)) out[max - 1] = resend;
  return out;
}

/** What each kind of flow event means, for a student. */
export const EVENT_TEXT: Record<FlowEventKind, string> = {
  'syn-sent': 'the sender opens the connection (SYN)',
  established: 'the connection is set up',
  'ce-received': 'the receiver gets a CE-marked segment and echoes ECE on its ACKs until it sees CWR (RFC 3168 §6.1.3)',
  'ece-received': 'an ACK with ECN-Echo reaches the sender',
  'ecn-cut': 'the sender reduces its window as for a loss, at most once per window of data (RFC 3168 §6.1.2)',
  'cwr-sent': 'the sender sets CWR on its next data segment, so the receiver stops echoing ECE',
  dupack: 'a duplicate ACK: a segment arrived out of order after a gap (a lost segment)',
  'fast-retransmit': 'enough duplicate ACKs: the sender retransmits the missing segment and halves its window (RFC 5681 §3.2)',
  'partial-ack': 'a partial ACK during recovery: another segment of the window was lost (RFC 6582)',
  'recovery-exit': 'the loss is repaired: the sender leaves fast recovery',
  timeout: 'the retransmission timer expired: window back to 1 segment, slow start (RFC 6298, RFC 5681)',
  'ecn-stall-end': 'ns-2 mode: the retransmission timer ends the stall after an ECN cut below two segments, with nothing outstanding (not counted as a timeout)',
  retransmit: 'a segment is sent again',
  'limited-transmit': 'a duplicate ACK lets one new segment out, so a small window can still collect three duplicate ACKs (RFC 3042)',
  complete: 'every byte of the transfer is acknowledged',
};

/** A run of consecutive events of one kind (e.g. three duplicate ACKs), for a short timeline. */
export interface TimelineItem {
  kind: FlowEventKind;
  /** Time of the first event, seconds, and relative to the decision. */
  t: number;
  dt: string;
  /** Events in the run. */
  n: number;
  first: FlowEvent;
  last: FlowEvent;
  text: string;
}

/** Groups consecutive events of the same kind (dupacks, ECE ACKs) into one timeline line. */
export function timeline(rec: DecisionRecord, events: readonly FlowEvent[]): TimelineItem[] {
  const out: TimelineItem[] = [];
  for (const e of events) {
    const prev = out[out.length - 1];
    if (prev && prev.kind === e.kind && (e.kind === 'dupack' || e.kind === 'ece-received' || e.kind === 'ce-received' || e.kind === 'retransmit')) {
      prev.n++;
      prev.last = e;
      continue;
    }
    out.push({ kind: e.kind, t: e.t, dt: fmtDelta(e.t - rec.t), n: 1, first: e, last: e, text: EVENT_TEXT[e.kind] ?? e.kind });
  }
  return out;
}

/**
 * A one-line summary of how the flow reacted (or that it has not yet). `pending`: the run
 * has not yet reached the end of the window of interest (2 RTTs after the decision), so
 * a missing reaction may still come. `tags`: the run's flow tags (ScenarioView.flowTags).
 */
export function reactionSummary(rec: DecisionRecord, events: readonly FlowEvent[], pending = false, tags: readonly string[] = []): string {
  if (rec.outcome === 'enqueue') return '';
  // the flow as the legends name it: "flow 0 · CUBIC" where the items' TCP settings differ
  const flow = flowLabel(rec.flow, tags);
  const flowAtStart = capitalized(flow);
  const later = `step to the next event of ${flow} to follow the ${rec.outcome}`;
  const find = (k: FlowEventKind) => events.find((e) => e.kind === k);
  if (rec.outcome === 'mark') {
    const cut = find('ecn-cut');
    if (cut) return `${flowAtStart} cut its window ${fmtDelta(cut.t - rec.t)} after the mark${cut.note ? ` (${cut.note})` : ''}.`;
    if (pending) return events.length === 0 ? `Not simulated yet: ${later}.` : `No window cut yet (the run has not gone further): ${later}.`;
    if (find('ece-received')) return `${flowAtStart} got the ECE but did not cut again: it already reduced its window for this window of data (RFC 3168 §6.1.2).`;
    return events.length === 0 ? `No event of ${flow} followed in the window shown.` : `No window cut of ${flow} in the window shown.`;
  }
  const fr = find('fast-retransmit');
  const to = find('timeout');
  const first = fr && (!to || fr.t <= to.t) ? fr : to;
  // a data segment: its own retransmission, and what set it off (several drops of one flow
  // in a window are repaired one by one: the first by fast retransmit, the next on partial
  // ACKs or after a timeout; each drop's line told of the first one's fast retransmit)
  if (rec.seq !== undefined) {
    const resend = events.find((e) => e.kind === 'retransmit' && e.seq === rec.seq);
    if (resend) {
      const cause = events.filter((e) => e.t <= resend.t && (e.kind === 'fast-retransmit' || e.kind === 'timeout' || e.kind === 'partial-ack')).pop();
      const how =
        cause?.kind === 'fast-retransmit' && cause.seq === rec.seq
          ? `, by fast retransmit${cause.note ? ` (${cause.note})` : ''}`
          : cause?.kind === 'partial-ack'
            ? ', on a partial ACK during recovery'
            : cause?.kind === 'timeout'
              ? ', after a retransmission timeout'
              : '';
      return `${flowAtStart} resent this segment (seq ${rec.seq}) ${fmtDelta(resend.t - rec.t)} after the drop${how}.`;
    }
    if (first && first.seq !== undefined && first.seq !== rec.seq) {
      return `${flowAtStart} ${first.kind === 'timeout' ? 'timed out' : 'fast-retransmitted'} ${fmtDelta(first.t - rec.t)} after the drop, for an earlier lost segment (seq ${first.seq}); this one (seq ${rec.seq}) is not resent yet: ${later}.`;
    }
  }
  if (first) return `${flowAtStart} ${first.kind === 'timeout' ? 'timed out' : 'fast-retransmitted'} ${fmtDelta(first.t - rec.t)} after the drop${first.note ? ` (${first.note})` : ''}.`;
  if (pending) return events.length === 0 ? `Not simulated yet: ${later}.` : `No retransmission yet (the run has not gone further): ${later}.`;
  if (find('dupack')) return `${flowAtStart} saw duplicate ACKs but did not retransmit in the window shown.`;
  return events.length === 0 ? `No event of ${flow} followed in the window shown.` : `No retransmission of ${flow} in the window shown.`;
}
