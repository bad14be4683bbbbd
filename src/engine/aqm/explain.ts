/**
 * What every AQM's step-through explanation is made of (DESIGN §3 "Explanations live
 * with the algorithm"): each AQM file has a sibling `<kind>.explain.ts` exporting a pure
 * function from its decision record to an `Explanation` (the worked calculation with the
 * numbers in), tested against hand-computed numbers. The inspector renders any
 * Explanation generically: steps, a scale bar, the outcome; it has no per-AQM code.
 *
 * Explanations redo the arithmetic from the record's inputs and compare each recomputed
 * number with the engine's; a disagreement is listed in `mismatches` and shown next to
 * the step, so the inspector doubles as a check that what a student reads is what the
 * engine did.
 */
import type { DecisionRecord, Region } from './decision';

export interface Step {
  /** What is computed ("Average queue"). */
  label: string;
  /** The formula with the numbers in ("avg ← (1 − w_q)·avg + w_q·q = (1 − 0.002) × 7.49 + 0.002 × 12"). */
  formula: string;
  /** For a calculation, `formula` split in the symbolic part and the numbers, for display on two lines. */
  symbolic?: string;
  numeric?: string;
  /** The result in words or numbers ("7.509 packets"). */
  value: string;
  /** The result as a number, when it is one. */
  num?: number;
  /** Set when the engine's number differs from the recomputed one. */
  mismatch?: string;
}

export type OutcomeLabel = 'enqueue' | 'forward' | 'mark CE' | 'early drop' | 'forced drop' | 'overflow drop' | 'link loss';

/** Colour family of a zone or tick on the scale bar (the UI maps tones to colours). */
export type Tone = 'calm' | 'random' | 'gentle' | 'all' | 'low' | 'high' | 'top' | 'target' | 'band';

/**
 * A horizontal scale with coloured zones, threshold ticks, the quantity the AQM judged
 * (a triangle: RED's average, PI's queue, CoDel's sojourn time) and optionally a second
 * one (a dashed tick: the instantaneous queue). Drawn by the inspector for any AQM.
 */
export interface ScaleBar {
  /** What the axis measures, with its unit ("average queue (packets)", "sojourn time (ms)"). */
  axis: string;
  zones: { from: number; to: number; label: string; tone: Tone }[];
  ticks: { v: number; label: string; tone: Tone }[];
  pointer: { v: number; label: string };
  marker?: { v: number; label: string };
  /** One sentence for screen readers. */
  description: string;
}

export interface Explanation {
  /** "12.345678 s". */
  time: string;
  queue: string;
  aqm: string;
  /** "on arrival" or "at dequeue" (CoDel decides when a packet leaves). */
  stage: 'enqueue' | 'dequeue';
  packet: { uid: number; flow: number; bytes: number; ecn: number; ecnName: string; ect: boolean; kind: string };
  steps: Step[];
  /** The scale bar; null for queues without thresholds (drop-tail). */
  bar: ScaleBar | null;
  outcome: OutcomeLabel;
  outcomeKind: 'enqueue' | 'mark' | 'drop';
  /** Why an ECN-capable (or not) packet got this outcome; '' when nothing was dropped or marked. */
  ecnNote: string;
  /** The engine's rule text. */
  rule: string;
  /** Recomputed numbers that disagree with the engine's. */
  mismatches: string[];
}

/** An AQM's explanation function (exported by `<kind>.explain.ts`, referenced by its descriptor). */
export type Explainer = (rec: DecisionRecord) => Explanation;

// ------------------------------------------------------------------ formatting

/**
 * Up to `digits` significant digits, no trailing zeros; integers as they are, and numbers
 * with more integer digits than `digits` to the unit (10005.4 bytes as "10005", not
 * "10010", which reads as an exact number 4.6 away). Minus signs are typographic, the
 * exponent's too ("−6.2e−5").
 */
export function fmt(x: number, digits = 4): string {
  if (Number.isNaN(x)) return '—';
  if (!Number.isFinite(x)) return x > 0 ? '∞' : '−∞';
  const a = Math.abs(x);
  // the number shownAs rounds to, written in full; very small and very large ones with an
  // exponent (toExponential(digits − 1) rounds to the same `digits` significant digits as
  // shownAs's toPrecision(digits); written from x, as the digits of x rounded, not of the double nearest them)
  const text = x !== 0 && (a < 1e-4 || a >= 1e9) ? x.toExponential(digits - 1).replace(/\.?0+e/, 'e') : String(shownAs(x, digits));
  return text.replace(/-/g, '−');
}

/**
 * Significant digits (at least `digits`) for a number compared with others in a line, so
 * that the numbers as written compare as the numbers do: "avg = 11.99996 < min_th = 12",
 * not "avg = 12 < min_th = 12"; "u = 0.12336 < p = 0.12344", not "0.1234 < 0.1234".
 */
export function digitsApart(x: number, others: readonly number[], digits = 4): number {
  for (let d = digits; d < 17; d++) {
    const sx = shownAs(x, d);
    if (others.every((y) => Math.sign(sx - shownAs(y, d)) === Math.sign(x - y))) return d;
  }
  return 17;
}

/** Two numbers compared in a line, written with the digits that keep them apart (digitsApart). */
export function fmtApart(a: number, b: number, digits = 4): [string, string] {
  const d = digitsApart(a, [b], digits);
  return [fmt(a, d), fmt(b, d)];
}

/** The operands of a calculation line written with the digits `operandDigits` finds for them. */
export function fmtOperands(ops: readonly number[], f: (v: readonly number[]) => number, opts: { resultDigits?: number; ulp?: number; min?: number } = {}): string[] {
  const d = operandDigits(ops, f, opts);
  return ops.map((x, i) => fmt(x, d[i]));
}

/** Time in seconds to microseconds: "12.345678 s" (more decimals when a calculation needs them). */
export function fmtTime(t: number, decimals = 6): string {
  return `${t.toFixed(decimals)} s`;
}

/** Seconds as milliseconds: 0.0123 -> "12.3 ms" (up to `digits` significant digits). */
export function fmtMs(s: number, digits = 4): string {
  return `${fmt(s * 1e3, digits)} ms`;
}

/**
 * The rounding behind fmt: `x` as `fmt(x, digits)` writes it. Integers whole (below 1e9),
 * numbers with more integer digits than `digits` to the unit, others to `digits`
 * significant digits.
 */
export function shownAs(x: number, digits: number): number {
  if (!Number.isFinite(x) || x === 0 || (Number.isInteger(x) && Math.abs(x) < 1e9)) return x;
  const a = Math.abs(x);
  if (a >= Math.pow(10, digits) && a < 1e9) return Math.round(x);
  return Number(x.toPrecision(digits));
}

/**
 * How many significant digits each operand of a calculation line needs so that the line,
 * re-done by hand from the numbers as written, gives the result shown beside it: within a
 * tenth of a unit in the last place of that result (`resultDigits` significant digits, or
 * an absolute `ulp`). Headline values keep 4 digits; an operand gets more only where the
 * line amplifies its rounding (1 − count·p_b near 0, a·(q − q_ref) − b·(q_old − q_ref)
 * with a ≈ b, a sum whose rounding carries into the result's last digit). `f` computes the
 * line's result from its operands, in the order given. Greedy: the operand whose extra
 * digit helps most gets it, until the line agrees (at most 17 digits, a double's).
 */
export function operandDigits(ops: readonly number[], f: (v: readonly number[]) => number, opts: { resultDigits?: number; ulp?: number; min?: number } = {}): number[] {
  const min = opts.min ?? 4;
  const digits = ops.map(() => min);
  const exact = f(ops);
  if (!Number.isFinite(exact)) return digits;
  const rd = opts.resultDigits ?? 4;
  // the last place fmt(result, rd) shows: the unit for results of more than rd integer digits
  const ulp = opts.ulp ?? (exact === 0 ? 0 : Math.min(Math.abs(exact) >= Math.pow(10, rd) && Math.abs(exact) < 1e9 ? 1 : Infinity, Math.pow(10, Math.floor(Math.log10(Math.abs(exact))) - rd + 1)));
  const tol = exact === 0 ? 1e-13 * Math.max(1, ...ops.map((x) => (Number.isFinite(x) ? Math.abs(x) : 0))) : 0.1 * ulp;
  const shown = (d: readonly number[]) => ops.map((x, i) => shownAs(x, d[i]));
  for (;;) {
    const v = shown(digits);
    const got = f(v);
    if (Math.abs(got - exact) <= tol) break;
    // the operand whose rounding moves the result most gets a digit (an operand written
    // exactly moves it not at all and is never lengthened)
    let best = -1;
    let most = 0;
    for (let i = 0; i < ops.length; i++) {
      if (digits[i] >= 17 || v[i] === ops[i]) continue;
      const w = v.slice();
      w[i] = ops[i];
      const moves = Math.abs(f(w) - got);
      if (moves > most) {
        most = moves;
        best = i;
      }
    }
    if (best < 0) break;
    digits[best]++;
  }
  return digits;
}

const ECN_NAMES = ['Not-ECT', 'ECT(1)', 'ECT(0)', 'CE'] as const;

/** Codepoint name: 0 Not-ECT, 1 ECT(1), 2 ECT(0), 3 CE (RFC 3168 §5). */
export function ecnName(ecn: number): string {
  return ECN_NAMES[ecn] ?? `ECN ${ecn}`;
}

/**
 * Why a Not-ECT packet was dropped rather than marked, by what the packet is: under RFC
 * 3168 only data segments of a connection that negotiated ECN are ECN-capable; SYNs and
 * SYN-ACKs (§6.1.1) and pure ACKs (§6.1.4) never are, unless the SYN-ACK is sent
 * ECN-capable as ECN+ proposes (seeds/003).
 */
export function notEctDropped(rec: DecisionRecord): string {
  const end = 'so it cannot be marked: it is dropped.';
  switch (rec.kind) {
    case 'SYN-ACK':
      return `The packet is a SYN-ACK, which RFC 3168 §6.1.1 sends Not-ECT even when the connection will use ECN (ECN+ sends it ECN-capable, seeds/003), ${end} The handshake then waits for a retransmission timeout (the initial RTO, seconds rather than milliseconds).`;
    case 'SYN':
      return `The packet is a SYN, which is always Not-ECT (RFC 3168 §6.1.1), ${end} The handshake then waits for a retransmission timeout (the initial RTO, seconds rather than milliseconds).`;
    case 'ACK':
    case 'FIN':
      return `The packet is a pure ${rec.kind} (no data), which TCP sends Not-ECT (RFC 3168 §6.1.4), ${end}`;
    case 'UDP':
      return `The packet is a UDP datagram from a sender that does not do ECN, ${end}`;
    case 'data':
      return `The packet is a data segment of a connection that does not use ECN (Not-ECT), ${end}`;
    default:
      return `The packet is Not-ECT (its sender does not do ECN), ${end}`;
  }
}

export function unitWord(unit: 'packets' | 'bytes', n: number): string {
  if (unit === 'bytes') return n === 1 ? 'byte' : 'bytes';
  return n === 1 ? 'packet' : 'packets';
}

/** A formula written out twice, in symbols and with the numbers in. */
export function calc(symbolic: string, numeric: string): { formula: string; symbolic: string; numeric: string } {
  return { formula: `${symbolic} = ${numeric}`, symbolic, numeric };
}

/** Equal up to rounding (relative 1e-9); NaN equals NaN. */
export function close(a: number, b: number): boolean {
  if (Number.isNaN(a) || Number.isNaN(b)) return Number.isNaN(a) && Number.isNaN(b);
  return Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));
}

export function outcomeLabel(rec: DecisionRecord): OutcomeLabel {
  if (rec.outcome === 'enqueue') return rec.stage === 'dequeue' ? 'forward' : 'enqueue';
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

/**
 * Collects steps and compares recomputed numbers with the engine's. `push(step, engine)`
 * flags the step when `engine` differs from `step.num`.
 */
export class StepList {
  readonly steps: Step[] = [];
  readonly mismatches: string[] = [];

  push(s: Step, engine?: number, what?: string): Step {
    if (engine !== undefined && s.num !== undefined && !close(engine, s.num)) this.flag(s, `engine: ${what ?? s.label} = ${fmt(engine, 8)}, recomputed ${fmt(s.num, 8)}`);
    this.steps.push(s);
    return s;
  }

  /** Marks a step as disagreeing with the engine. */
  flag(s: Step, why: string): void {
    s.mismatch = why;
    this.mismatches.push(why);
  }
}

/** The queue step every explanation starts with. */
export function queueStep(rec: DecisionRecord): Step {
  return {
    label: rec.stage === 'dequeue' ? 'Queue behind the packet' : 'Queue on arrival',
    formula: rec.stage === 'dequeue' ? 'q = backlog still waiting when the packet leaves' : 'q = backlog waiting when the packet arrives',
    value: `${fmt(rec.q)} ${unitWord(rec.unit, rec.q)}`,
    num: rec.q,
  };
}

/** The draw step: u against a probability, flagged when the engine's outcome does not follow. */
export function drawStep(list: StepList, rec: DecisionRecord, u: number, p: number, pName = 'p'): void {
  const hit = u < p;
  const [su, sp] = fmtApart(u, p);
  const s: Step = {
    label: 'Random draw',
    formula: `u = ${su} ${hit ? '<' : '≥'} ${pName} = ${sp}`,
    value: hit ? `u < ${pName}: mark or drop` : `u ≥ ${pName}: the packet goes on`,
    num: u,
  };
  const acted = rec.outcome !== 'enqueue' && rec.reason !== 'overflow';
  if (rec.reason !== 'overflow' && hit !== acted) list.flag(s, `engine outcome ${rec.outcome} does not follow from u ${hit ? '<' : '≥'} ${pName}`);
  list.steps.push(s);
}

/** The buffer-limit step of an overflow drop. */
export function overflowStep(rec: DecisionRecord, afterDecision: boolean): Step | null {
  if (rec.reason !== 'overflow') return null;
  return {
    label: 'Buffer limit',
    formula: afterDecision ? 'tested after the AQM decision and overriding it: the packet does not fit' : 'the packet does not fit in the buffer',
    value: 'overflow drop',
  };
}

/**
 * Why a marked or dropped packet got that outcome, for AQMs without RED's regions: ECN
 * replaces early drops of ECT packets when the queue does ECN; overflow drops hit all.
 */
export function simpleEcnNote(rec: DecisionRecord, ecnOn: boolean, extra = ''): string {
  const ect = rec.ecn === 1 || rec.ecn === 2;
  const name = ecnName(rec.ecn);
  if (rec.outcome === 'enqueue') return '';
  if (rec.reason === 'overflow') return 'The buffer was full: overflow drops hit every packet, ECN-capable or not (ECN only replaces early drops).';
  if (rec.outcome === 'mark') return `The packet is ${name} (ECN-capable), so the queue sets CE instead of dropping it (RFC 3168 §5).${extra ? ' ' + extra : ''}`;
  if (rec.ecn === 3) return 'The packet already carries CE (marked upstream); it is dropped here.';
  if (!ect) return notEctDropped(rec);
  if (!ecnOn) return `The packet is ${name}, but ECN marking is off at this queue, so it is dropped.`;
  return `The packet is ${name}, but it is dropped.${extra ? ' ' + extra : ''}`;
}

/** The parts of an Explanation that come straight from the record. */
export function recordHeader(rec: DecisionRecord): Pick<Explanation, 'time' | 'queue' | 'aqm' | 'stage' | 'packet' | 'outcome' | 'outcomeKind' | 'rule'> {
  return {
    time: fmtTime(rec.t),
    queue: rec.queue,
    aqm: rec.aqm,
    stage: rec.stage ?? 'enqueue',
    packet: { uid: rec.uid, flow: rec.flow, bytes: rec.bytes, ecn: rec.ecn, ecnName: ecnName(rec.ecn), ect: rec.ecn === 1 || rec.ecn === 2, kind: rec.kind ?? '' },
    outcome: outcomeLabel(rec),
    outcomeKind: rec.outcome,
    rule: rec.rule,
  };
}

/** A number from the record's `extra`, NaN when absent. */
export function extraOf(rec: DecisionRecord, key: string): number {
  const v = rec.extra?.[key];
  return typeof v === 'number' ? v : NaN;
}

/**
 * The fallback for records of an AQM that brings no explainer: the queue, the numbers
 * the record carries, the outcome.
 */
export function explainGeneric(rec: DecisionRecord): Explanation {
  const list = new StepList();
  list.push(queueStep(rec));
  if (Number.isFinite(rec.avg) && rec.avg !== rec.q) list.push({ label: 'Average', formula: 'the AQM’s averaged queue', value: fmt(rec.avg), num: rec.avg });
  if (rec.pb > 0 || rec.pa > 0) {
    list.push({ label: 'p_b', formula: 'drop/mark probability before correction', value: fmt(rec.pb), num: rec.pb });
    list.push({ label: 'p_a', formula: 'drop/mark probability applied', value: fmt(rec.pa), num: rec.pa });
  }
  if (rec.u !== null) list.push({ label: 'Random draw', formula: `u = ${fmt(rec.u)} ${rec.u < rec.pa ? '<' : '≥'} p_a = ${fmt(rec.pa)}`, value: rec.u < rec.pa ? 'mark or drop' : 'queue', num: rec.u });
  for (const [k, v] of Object.entries(rec.extra ?? {})) list.push({ label: k, formula: `${rec.aqm} state`, value: fmt(v), num: v });
  const over = overflowStep(rec, false);
  if (over) list.push(over);
  return { ...recordHeader(rec), steps: list.steps, bar: null, ecnNote: simpleEcnNote(rec, true), mismatches: list.mismatches };
}

/** Regions of RED's average in words (used by RED's explanation and its scale bar). */
export const REGION_TEXT: Record<Exclude<Region, 'overflow'>, string> = {
  'below-min': 'below min_th',
  between: 'between min_th and max_th',
  gentle: 'gentle region (max_th to 2·max_th)',
  'above-max': 'above max_th',
  none: 'no thresholds',
};

export function regionText(r: Region): string {
  return r === 'overflow' ? 'buffer overflow' : REGION_TEXT[r];
}
