/**
 * The decision inspector's text: an AQM decision record (src/engine/aqm/decision.ts) as a
 * worked calculation with the numbers filled in, and the flow events that followed it.
 * Pure functions (no DOM, no React) so they can be unit-tested against hand-computed
 * numbers.
 *
 * The calculation is redone here from the record's inputs (avg before, w_q, q, the
 * thresholds, max_p, count, u) with the formulas of Floyd & Jacobson 1993 §4 and §7
 * (avg update, idle correction, p_b line, p_a = p_b / (1 - count p_b)), the gentle line
 * (seeds/002 §II) and byte mode (seeds/002 eq. 3). Every recomputed number is compared with
 * the engine's; a disagreement is listed in `mismatches` and shown next to the step, so the
 * inspector doubles as a check that what the student reads is what the engine did.
 */
import type { DecisionRecord, Region } from '../../engine/aqm/decision';
import type { FlowEvent, FlowEventKind } from '../../engine/net/agent';

export interface Step {
  /** What is computed ("Average queue"). */
  label: string;
  /** The formula with the numbers in ("avg ← (1 − w_q)·avg + w_q·q = (1 − 0.002) × 7.49 + 0.002 × 12"). */
  formula: string;
  /** For a calculation, `formula` split in the symbolic part and the numbers ("(1 − 0.002) × 7.49 + ..."), for display on two lines. */
  symbolic?: string;
  numeric?: string;
  /** The result in words or numbers ("7.509 packets"). */
  value: string;
  /** The result as a number, when it is one. */
  num?: number;
  /** Set when the engine's number differs from the recomputed one. */
  mismatch?: string;
}

export type OutcomeLabel = 'enqueue' | 'mark CE' | 'early drop' | 'forced drop' | 'overflow drop' | 'link loss';

export interface RegionBar {
  /** Region of the average (never 'overflow': the buffer limit is a separate test). */
  region: Exclude<Region, 'overflow'>;
  avg: number;
  q: number;
  minTh: number;
  maxTh: number;
  /** 2 max_th when gentle, else null. */
  gentleTop: number | null;
  unit: 'packets' | 'bytes';
}

export interface Explanation {
  /** "12.345678 s". */
  time: string;
  queue: string;
  aqm: string;
  packet: { uid: number; flow: number; bytes: number; ecn: number; ecnName: string; ect: boolean };
  steps: Step[];
  /** Data for the region bar; null for queues without thresholds (drop-tail). */
  bar: RegionBar | null;
  outcome: OutcomeLabel;
  outcomeKind: 'enqueue' | 'mark' | 'drop';
  /** Why an ECN-capable (or not) packet got this outcome; '' when nothing was dropped or marked. */
  ecnNote: string;
  /** The engine's rule text. */
  rule: string;
  /** Recomputed numbers that disagree with the engine's. */
  mismatches: string[];
}

// ------------------------------------------------------------------ formatting

/** Up to `digits` significant digits, no trailing zeros; integers as they are. */
export function fmt(x: number, digits = 4): string {
  if (Number.isNaN(x)) return '—';
  if (!Number.isFinite(x)) return x > 0 ? '∞' : '−∞';
  if (x === 0) return '0';
  if (Number.isInteger(x) && Math.abs(x) < 1e9) return String(x).replace('-', '−');
  const a = Math.abs(x);
  if (a < 1e-4 || a >= 1e9) return x.toExponential(digits - 1).replace(/\.?0+e/, 'e').replace('-', '−');
  return String(Number(x.toPrecision(digits))).replace('-', '−');
}

/** Time in seconds to microseconds: "12.345678 s". */
export function fmtTime(t: number): string {
  return `${t.toFixed(6)} s`;
}

/** A time difference in the most readable unit: "+12.3 ms", "+1.25 s". */
export function fmtDelta(dt: number): string {
  const a = Math.abs(dt);
  const sign = dt < 0 ? '−' : '+';
  if (a < 1e-3) return `${sign}${fmt(a * 1e6, 3)} µs`;
  if (a < 1) return `${sign}${fmt(a * 1e3, 3)} ms`;
  return `${sign}${fmt(a, 4)} s`;
}

const ECN_NAMES = ['Not-ECT', 'ECT(1)', 'ECT(0)', 'CE'] as const;

/** Codepoint name: 0 Not-ECT, 1 ECT(1), 2 ECT(0), 3 CE (RFC 3168 §5). */
export function ecnName(ecn: number): string {
  return ECN_NAMES[ecn] ?? `ECN ${ecn}`;
}

function unitWord(unit: 'packets' | 'bytes', n: number): string {
  if (unit === 'bytes') return n === 1 ? 'byte' : 'bytes';
  return n === 1 ? 'packet' : 'packets';
}

const REGION_TEXT: Record<Exclude<Region, 'overflow'>, string> = {
  'below-min': 'below min_th',
  between: 'between min_th and max_th',
  gentle: 'gentle region (max_th to 2·max_th)',
  'above-max': 'above max_th',
  none: 'no thresholds',
};

export function regionText(r: Region): string {
  return r === 'overflow' ? 'buffer overflow' : REGION_TEXT[r];
}

// ------------------------------------------------------------------ the RED calculation

/** A formula written out twice, in symbols and with the numbers in. */
function calc(symbolic: string, numeric: string): { formula: string; symbolic: string; numeric: string } {
  return { formula: `${symbolic} = ${numeric}`, symbolic, numeric };
}

function close(a: number, b: number): boolean {
  if (Number.isNaN(a) || Number.isNaN(b)) return Number.isNaN(a) && Number.isNaN(b);
  return Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));
}

/** Region of the average: F&J 1993 §4, gentle per seeds/002 §II. */
export function regionOf(avg: number, minTh: number, maxTh: number, gentle: boolean): Exclude<Region, 'overflow' | 'none'> {
  if (avg < minTh) return 'below-min';
  if (avg < maxTh) return 'between';
  if (gentle && avg < 2 * maxTh) return 'gentle';
  return 'above-max';
}

/** p_b from the average alone (before byte-mode scaling). */
export function lineProbability(avg: number, minTh: number, maxTh: number, maxP: number, gentle: boolean): number {
  const r = regionOf(avg, minTh, maxTh, gentle);
  if (r === 'below-min') return 0;
  if (r === 'between') return (maxP * (avg - minTh)) / (maxTh - minTh);
  if (r === 'gentle') return Math.min(1, maxP + ((1 - maxP) * (avg - maxTh)) / maxTh);
  return 1;
}

/** p_a from p_b and count: F&J 1993 §7, or ns-2's `wait` rule (space drops further apart). */
export function correctedProbability(pb: number, count: number, wait: boolean): number {
  const cp = count * pb;
  const pa = wait ? (cp < 1 ? 0 : cp < 2 ? pb / (2 - cp) : 1) : cp < 1 ? pb / (1 - cp) : 1;
  return Math.min(1, pa);
}

type Branch = 'generic' | 'below' | 'small-q' | 'above' | 'first' | 'draw';

function outcomeLabel(rec: DecisionRecord): OutcomeLabel {
  if (rec.outcome === 'enqueue') return 'enqueue';
  if (rec.outcome === 'mark') return 'mark CE';
  switch (rec.reason) {
    case 'early':
      return 'early drop';
    case 'forced':
      return 'forced drop';
    case 'link-loss':
      return 'link loss';
    default:
      return 'overflow drop';
  }
}

/** Why the packet was marked rather than dropped (or not), in terms of its codepoint and the region. */
function ecnNoteOf(rec: DecisionRecord, region: Region): string {
  const ect = rec.ecn === 1 || rec.ecn === 2;
  const name = ecnName(rec.ecn);
  if (rec.outcome === 'enqueue') return '';
  if (rec.reason === 'overflow') return 'The buffer was full: overflow drops hit every packet, ECN-capable or not (ECN only replaces early drops).';
  if (rec.outcome === 'mark') {
    if (region === 'between') return `The packet is ${name} (ECN-capable), so RED sets CE instead of dropping it (RFC 3168 §5).`;
    if (region === 'gentle') {
      return /new gentle/i.test(rec.rule)
        ? `The packet is ${name}: with "new gentle" ECN-capable packets are still marked between max_th and 2·max_th (seeds/002 §IV).`
        : `The packet is ${name}: with RED* ECN-capable packets are marked, never dropped by RED, above max_th (seeds/003).`;
    }
    return `The packet is ${name}: with RED* ECN-capable packets are marked, never dropped by RED, even above max_th (seeds/003).`;
  }
  if (rec.ecn === 3) return 'The packet already carries CE (marked upstream); it is dropped here.';
  if (!ect) return `The packet is Not-ECT (its sender does not do ECN), so it cannot be marked: it is dropped.`;
  if (region === 'between') return `The packet is ${name}, but ECN marking is off at this queue, so it is dropped.`;
  if (/new gentle/i.test(rec.rule)) return `The packet is ${name}, but with "new gentle" every packet above 2·max_th is dropped (seeds/002 §IV).`;
  if (/RFC 3168/.test(rec.rule)) return `The packet is ${name}, but RFC 3168 §7 drops instead of marking once avg is above max_th.`;
  return `The packet is ${name}, but it is dropped (ECN marking off, or above max_th under RFC 3168 §7).`;
}

/**
 * The worked calculation of one decision. Steps, in order: queue on arrival, idle-time
 * correction (if any), average update, region, p_b (gentle line, byte mode), count and
 * p_a, the random draw, the buffer limit. For queues without RED thresholds (drop-tail,
 * or an AQM that reports other numbers) the steps are the queue and the `extra` numbers.
 */
export function explainDecision(rec: DecisionRecord): Explanation {
  const steps: Step[] = [];
  const mismatches: string[] = [];
  const unit = rec.unit;
  const ect = rec.ecn === 1 || rec.ecn === 2;
  const push = (s: Step, engine?: number, what?: string): void => {
    if (engine !== undefined && s.num !== undefined && !close(engine, s.num)) {
      s.mismatch = `engine: ${what ?? s.label} = ${fmt(engine, 8)}, recomputed ${fmt(s.num, 8)}`;
      mismatches.push(s.mismatch);
    }
    steps.push(s);
  };

  push({
    label: 'Queue on arrival',
    formula: 'q = backlog waiting when the packet arrives',
    value: `${fmt(rec.q)} ${unitWord(unit, rec.q)}`,
    num: rec.q,
  });

  const hasRed = Number.isFinite(rec.minTh) && Number.isFinite(rec.maxTh) && Number.isFinite(rec.wq);
  let branch: Branch = 'generic';
  let bar: RegionBar | null = null;
  let avgRegion: Region = rec.region;

  if (hasRed) {
    const wq = rec.wq;
    // 1. idle-time correction (F&J 1993 §4)
    let avg = rec.avgBefore;
    if (rec.idleM > 0) {
      const decayed = avg * Math.pow(1 - wq, rec.idleM);
      push({
        label: 'Idle-time correction',
        ...calc(`the link was idle for m = ${rec.idleM} packet times: avg ← (1 − w_q)^m · avg`, `(1 − ${fmt(wq)})^${rec.idleM} × ${fmt(avg)}`),
        value: fmt(decayed),
        num: decayed,
      });
      avg = decayed;
    }
    // 2. EWMA
    const next = avg * (1 - wq) + wq * rec.q;
    push(
      {
        label: 'Average queue',
        ...calc('avg ← (1 − w_q)·avg + w_q·q', `(1 − ${fmt(wq)}) × ${fmt(avg)} + ${fmt(wq)} × ${fmt(rec.q)}`),
        value: `${fmt(next)} ${unitWord(unit, next)}`,
        num: next,
      },
      rec.avg,
      'avg',
    );
    // From here on the engine's average is used, so one disagreement does not cascade.
    const A = rec.avg;
    const { minTh, maxTh, maxP, gentle } = rec;
    const region = regionOf(A, minTh, maxTh, gentle);
    avgRegion = region;
    bar = { region, avg: A, q: rec.q, minTh, maxTh, gentleTop: gentle ? 2 * maxTh : null, unit };
    const top = gentle ? 2 * maxTh : maxTh;
    const regionFormula =
      region === 'below-min'
        ? `avg = ${fmt(A)} < min_th = ${fmt(minTh)}`
        : region === 'between'
          ? `min_th = ${fmt(minTh)} ≤ avg = ${fmt(A)} < max_th = ${fmt(maxTh)}`
          : region === 'gentle'
            ? `max_th = ${fmt(maxTh)} ≤ avg = ${fmt(A)} < 2·max_th = ${fmt(2 * maxTh)}`
            : `avg = ${fmt(A)} ≥ ${gentle ? '2·max_th' : 'max_th'} = ${fmt(top)}`;
    const regionStep: Step = { label: 'Region', formula: regionFormula, value: REGION_TEXT[region] };
    if (rec.region !== 'overflow' && rec.region !== region) {
      regionStep.mismatch = `engine: region ${rec.region}, recomputed ${region}`;
      mismatches.push(regionStep.mismatch);
    }
    steps.push(regionStep);

    if (region === 'below-min') branch = 'below';
    else if (!(rec.q > 1)) branch = 'small-q';
    else if (region === 'above-max') branch = 'above';
    else if (rec.u === null) branch = 'first';
    else branch = 'draw';

    // 3. p_b
    if (branch === 'below') {
      steps.push({ label: 'p_b', formula: 'avg < min_th: RED leaves the packet alone', value: '0', num: 0 });
    } else if (branch === 'small-q') {
      steps.push({
        label: 'p_b',
        formula: `q = ${fmt(rec.q)} ≤ 1: no RED drop or mark while at most one packet waits (ns-2 red.cc)`,
        value: '0 (not applied)',
        num: 0,
      });
    } else if (branch === 'above') {
      push(
        {
          label: 'p_b',
          formula: `avg ≥ ${gentle ? '2·max_th' : 'max_th'}: every packet is dropped (or marked)`,
          value: '1',
          num: 1,
        },
        rec.pb,
        'p_b',
      );
    } else {
      const line = lineProbability(A, minTh, maxTh, maxP, gentle);
      const lineStep: Step =
        region === 'between'
          ? {
              label: 'p_b',
              ...calc('p_b = max_p·(avg − min_th)/(max_th − min_th)', `${fmt(maxP)} × (${fmt(A)} − ${fmt(minTh)}) / (${fmt(maxTh)} − ${fmt(minTh)})`),
              value: fmt(line),
              num: line,
            }
          : {
              label: 'p_b (gentle line)',
              ...calc('p_b = max_p + (1 − max_p)·(avg − max_th)/max_th', `${fmt(maxP)} + (1 − ${fmt(maxP)}) × (${fmt(A)} − ${fmt(maxTh)}) / ${fmt(maxTh)}`),
              value: fmt(line),
              num: line,
            };
      let pb = line;
      // byte mode: declared in `extra`, or inferred from the engine's p_b
      const ex = rec.extra ?? {};
      let mean: number | null = typeof ex.meanPktSize === 'number' && ex.byteMode === 1 ? ex.meanPktSize : null;
      const declaredMean = mean !== null;
      if (mean === null && ex.byteMode !== 0 && line > 0 && !close(rec.pb, line) && rec.pb < 1) {
        const m = (rec.bytes * line) / rec.pb;
        if (m >= 1 && Math.abs(m - Math.round(m)) < 1e-6 * m) mean = Math.round(m);
      }
      const byteCapped = mean === null && ex.byteMode !== 0 && line > 0 && line < 1 && rec.pb === 1 && rec.bytes > 0;
      if (mean !== null) {
        steps.push(lineStep);
        pb = Math.min(1, (line * rec.bytes) / mean);
        push(
          {
            label: 'p_b (byte mode)',
            ...calc(`p_b ← p_b · size / meanPktSize${declaredMean ? '' : ' (meanPktSize inferred from the engine’s p_b)'}`, `${fmt(line)} × ${rec.bytes} / ${fmt(mean)}${pb === 1 ? ', at most 1' : ''}`),
            value: fmt(pb),
            num: pb,
          },
          rec.pb,
          'p_b',
        );
      } else if (byteCapped) {
        steps.push(lineStep);
        pb = 1;
        steps.push({ label: 'p_b (byte mode)', formula: `p_b ← p_b · size / meanPktSize = ${fmt(line)} × ${rec.bytes} / meanPktSize, capped at 1`, value: '1', num: 1 });
      } else {
        push(lineStep, rec.pb, 'p_b');
        pb = rec.pb;
      }

      // 4. count and p_a
      if (branch === 'first') {
        steps.push({
          label: 'count',
          formula: 'avg has just entered the RED region: count restarts at 1 and no random draw is made (ns-2 red.cc)',
          value: `${rec.count} → 1`,
          num: rec.count,
        });
      } else {
        steps.push({ label: 'count', formula: 'arrivals since the last mark or drop, this one included', value: String(rec.count), num: rec.count });
        const cp = rec.count * pb;
        const std = correctedProbability(pb, rec.count, false);
        const wait = correctedProbability(pb, rec.count, true);
        const useWait = ex.wait === 1 || (ex.wait === undefined && !close(std, rec.pa) && close(wait, rec.pa));
        let formula: { formula: string; symbolic?: string; numeric?: string };
        if (!useWait) {
          formula =
            cp < 1
              ? calc('p_a = p_b / (1 − count·p_b)', `${fmt(pb)} / (1 − ${rec.count} × ${fmt(pb)})`)
              : { formula: `count·p_b = ${rec.count} × ${fmt(pb)} = ${fmt(cp)} ≥ 1, so p_a = 1` };
        } else {
          formula =
            cp < 1
              ? { formula: `wait rule: count·p_b = ${fmt(cp)} < 1, so p_a = 0` }
              : cp < 2
                ? calc('wait rule: p_a = p_b / (2 − count·p_b)', `${fmt(pb)} / (2 − ${rec.count} × ${fmt(pb)})`)
                : { formula: `wait rule: count·p_b = ${fmt(cp)} ≥ 2, so p_a = 1` };
        }
        const pa = useWait ? wait : std;
        push({ label: 'p_a', ...formula, value: fmt(pa), num: pa }, rec.pa, 'p_a');

        // 5. the draw
        const u = rec.u as number;
        const hit = u < rec.pa;
        const drawStep: Step = {
          label: 'Random draw',
          formula: `u = ${fmt(u)} ${hit ? '<' : '≥'} p_a = ${fmt(rec.pa)}`,
          value: hit ? 'u < p_a: mark or drop' : 'u ≥ p_a: queue the packet',
          num: u,
        };
        const acted = rec.outcome !== 'enqueue' && rec.reason !== 'overflow';
        if (rec.reason !== 'overflow' && hit !== acted) {
          drawStep.mismatch = `engine outcome ${rec.outcome} does not follow from u ${hit ? '<' : '≥'} p_a`;
          mismatches.push(drawStep.mismatch);
        }
        steps.push(drawStep);
      }
    }
  } else {
    avgRegion = rec.region === 'overflow' ? 'overflow' : 'none';
    if (Number.isFinite(rec.avg) && rec.avg !== rec.q) steps.push({ label: 'Average', formula: 'the AQM’s averaged queue', value: fmt(rec.avg), num: rec.avg });
    if (rec.pb > 0 || rec.pa > 0) {
      steps.push({ label: 'p_b', formula: 'drop/mark probability before correction', value: fmt(rec.pb), num: rec.pb });
      steps.push({ label: 'p_a', formula: 'drop/mark probability applied', value: fmt(rec.pa), num: rec.pa });
    }
    if (rec.u !== null) steps.push({ label: 'Random draw', formula: `u = ${fmt(rec.u)} ${rec.u < rec.pa ? '<' : '≥'} p_a = ${fmt(rec.pa)}`, value: rec.u < rec.pa ? 'mark or drop' : 'queue', num: rec.u });
  }
  for (const [k, v] of Object.entries(rec.extra ?? {})) {
    if (k === 'byteMode' || k === 'meanPktSize' || k === 'wait') continue;
    steps.push({ label: k, formula: `${rec.aqm} state`, value: fmt(v), num: v });
  }

  if (rec.reason === 'overflow') {
    steps.push({
      label: 'Buffer limit',
      formula: hasRed ? 'tested after the RED decision and overriding it: the packet does not fit' : 'the packet does not fit in the buffer',
      value: 'overflow drop',
    });
  }

  return {
    time: fmtTime(rec.t),
    queue: rec.queue,
    aqm: rec.aqm,
    packet: { uid: rec.uid, flow: rec.flow, bytes: rec.bytes, ecn: rec.ecn, ecnName: ecnName(rec.ecn), ect },
    steps,
    bar,
    outcome: outcomeLabel(rec),
    outcomeKind: rec.outcome,
    ecnNote: branch === 'generic' && rec.outcome === 'drop' && rec.reason !== 'overflow' ? '' : ecnNoteOf(rec, avgRegion),
    rule: rec.rule,
    mismatches,
  };
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
  if (rec.outcome === 'drop' && !mine.some((e) => e.t <= end && LOSS_REACTIONS.has(e.kind))) {
    const reaction = mine.find((e) => e.t > end && e.t <= end + 3 && LOSS_REACTIONS.has(e.kind));
    if (reaction) end = reaction.t;
  }
  return mine.filter((e) => e.t <= end).slice(0, max);
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
 * a missing reaction may still come.
 */
export function reactionSummary(rec: DecisionRecord, events: readonly FlowEvent[], pending = false): string {
  if (rec.outcome === 'enqueue') return '';
  const later = `step to flow ${rec.flow}'s next event to follow the ${rec.outcome}`;
  const find = (k: FlowEventKind) => events.find((e) => e.kind === k);
  if (rec.outcome === 'mark') {
    const cut = find('ecn-cut');
    if (cut) return `Flow ${rec.flow} cut its window ${fmtDelta(cut.t - rec.t)} after the mark${cut.note ? ` (${cut.note})` : ''}.`;
    if (pending) return events.length === 0 ? `Not simulated yet: ${later}.` : `No window cut yet (the run has not gone further): ${later}.`;
    if (find('ece-received')) return `Flow ${rec.flow} got the ECE but did not cut again: it already reduced its window for this window of data (RFC 3168 §6.1.2).`;
    return events.length === 0 ? `No event of flow ${rec.flow} followed in the window shown.` : `No window cut of flow ${rec.flow} in the window shown.`;
  }
  const fr = find('fast-retransmit');
  const to = find('timeout');
  const first = fr && (!to || fr.t <= to.t) ? fr : to;
  if (first) return `Flow ${rec.flow} ${first.kind === 'timeout' ? 'timed out' : 'fast-retransmitted'} ${fmtDelta(first.t - rec.t)} after the drop${first.note ? ` (${first.note})` : ''}.`;
  if (pending) return events.length === 0 ? `Not simulated yet: ${later}.` : `No retransmission yet (the run has not gone further): ${later}.`;
  if (find('dupack')) return `Flow ${rec.flow} saw duplicate ACKs but did not retransmit in the window shown.`;
  return events.length === 0 ? `No event of flow ${rec.flow} followed in the window shown.` : `No retransmission of flow ${rec.flow} in the window shown.`;
}
