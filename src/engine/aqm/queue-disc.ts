import type { ParamSpecs, Unit } from '../core/params';
import type { Rng } from '../core/rng';
import { asDoubles } from '../core/doubles';
import { toSeconds } from '../core/time';
import { PacketFifo } from '../net/fifo';
import { ECN_CE, packetKind, type PacketPool } from '../net/packet';
import type { DecisionRecord, DecisionSink, DropReason } from './decision';
import type { Explainer } from './explain';

/** Times (ns) held as doubles from the start (see core/doubles.ts). */
const QUEUE_DOUBLES = ['varSince'];
const NO_VARS: readonly AqmVar[] = Object.freeze([]);
const NO_VALUES = new Float64Array(0);

/** The fields every decision record starts with: the packet and the queue (QueueDisc.newRecord fills them). */
type RecordHeadKey = 't' | 'queue' | 'aqm' | 'uid' | 'flow' | 'bytes' | 'ecn' | 'kind' | 'seq' | 'q' | 'unit';

/**
 * What a discipline gives newRecord: its own fields, with the rule sentence either written or
 * as a function that writes it. A function must capture the numbers it prints when the
 * decision is taken (locals, never `this.` fields read later: parameters change during a run),
 * and is called at once unless the recorder asked for lazy rules (DecisionSink.lazyRules).
 */
export type RecordFields = Omit<DecisionRecord, RecordHeadKey | 'rule' | 'ruleText'> & { rule: string | (() => string) };

/** What a queue discipline is given when it is created. */
export interface QueueContext {
  pool: PacketPool;
  /** This queue's own random stream. */
  rng: Rng;
  /** Rate of the link the queue feeds, bits/s (RED's idle-time correction needs it). */
  linkRateBps: number;
  /** Propagation delay of that link, s (ns-2's automatic RED weight q_weight_ = -1 uses it); 0 when unknown. */
  linkDelayS?: number;
  /** A name for traces ("bottleneck", "bottleneck-reverse", "n3->n4"). */
  name: string;
}

/** Told about every drop and mark (metrics, chart ticks). */
export interface QueueListener {
  onDrop(queue: QueueDisc, p: number, reason: DropReason, now: number): void;
  onMark(queue: QueueDisc, p: number, now: number): void;
}

/**
 * A changing variable of an AQM (max_p, p, price, sojourn time...), declared once: it is
 * streamed as the series column `aqm.<name>`, drawn on the AQM chart, and reported in
 * summary.bottleneck.aqm.state (final value) and .means (time average after the warm-up).
 */
export interface AqmVar {
  name: string;
  /** Short label for charts and tables ("max_p", "price"). */
  label: string;
  /** probability (0..1), s (a time), queue-units (packets or bytes, as the queue), ratio (anything else). */
  unit: 'probability' | 's' | 'queue-units' | 'ratio';
  doc: string;
  /** 'state': a 0/1 flag, drawn as shading rather than a line (CoDel's dropping state). */
  chart?: 'state';
}

/** The AQM part of a queue's summary (summary.bottleneck.aqm). */
export interface AqmSummary {
  kind: string;
  /** Every parameter in force at the end of the run, the automatic ones resolved (ARED's minTh, maxTh, wq). */
  params: Record<string, number | string | boolean>;
  /** Final values of the AQM's variables (and counters such as RED's count). */
  state: Record<string, number>;
  /** Time averages of the variables over [warm-up end, run end]. */
  means: Record<string, number>;
}

/** Parameters every queue discipline has (declared once, merged into each AQM's params). */
export const COMMON_QUEUE_PARAMS = {
  limit: { type: 'number', unit: 'queue-units', default: 100, min: 1, max: 1e9, integer: true, label: 'Buffer limit', doc: 'Largest backlog the queue holds, in packets or bytes (see unit and countRule).' },
  unit: {
    type: 'enum',
    values: ['packets', 'bytes'],
    default: 'packets',
    label: 'Limit unit',
    doc: 'Whether limit (and AQM thresholds) count packets or bytes.',
  },
  countRule: {
    type: 'enum',
    values: ['waiting', 'ns2'],
    valueDocs: {
      waiting: 'limit = most packets (bytes) waiting; the packet being transmitted is not counted',
      ns2: "as ns-2's DropTail: drop when waiting + 1 ≥ limit, so the waiting packets plus the one in transmission never exceed limit (RED always follows ns-2's RED rule, waiting ≥ limit, whatever this says)",
    },
    default: 'waiting',
    label: 'Limit counting',
    doc: 'How a drop-tail buffer limit is counted; "ns2" matches ns-2 DropTail (seeds/001 baseline: no drops at QL = 39). RED always counts as ns-2 RED does (drop when waiting ≥ limit).',
    ref: 'DESIGN §6; ns-2 drop-tail.cc',
  },
} as const satisfies ParamSpecs;

/**
 * Base of every queue discipline. The public enqueue/dequeue keep the counters; the
 * discipline implements doEnqueue/doDequeue and reports every drop and mark through
 * `drop` and `mark`, so the identities
 *   arrivals = departures + drops + backlog        (packets; marks are not drops)
 * hold for every discipline (tests/unit/engine/aqm/conformance.test.ts).
 */
export abstract class QueueDisc {
  abstract readonly kind: string;
  // Fields in the order an uncongested hop reads them (passIdle, noteBacklog, forward's
  // check of lenPackets) come first: V8 lays an object out in declaration order, so with
  // 40,000 access queues (10,000 hosts per side) a hop touches the first two cache lines
  // of the queue and not four.
  /**
   * ctx.pool, kept here too: every hop reads packet sizes through it, and reading it
   * through ctx was one more object, and one more cache miss, per packet per hop.
   */
  protected readonly pool: PacketPool;
  /** Set by a consumer that wants decision records; null in fast runs. */
  recorder: DecisionSink | null = null;
  /** Backlog in packets and bytes (waiting, not the packet in transmission). */
  lenPackets = 0;
  lenBytes = 0;
  limit: number;
  unit: 'packets' | 'bytes';
  countRule: 'waiting' | 'ns2';
  arrivals = 0;
  arrivalBytes = 0;
  departures = 0;
  departureBytes = 0;
  maxLenPackets = 0;
  maxLenBytes = 0;

  readonly ctx: QueueContext;
  protected readonly fifo = new PacketFifo();
  drops = 0;
  dropsOverflow = 0;
  dropsEarly = 0;
  dropsForced = 0;
  marks = 0;
  listener: QueueListener | null = null;

  /**
   * The AQM's changing variables (see AqmVar) and their current values, kept by the
   * discipline. Until declareVars, shared empty values: drop-tail has none, and 10,000
   * hosts per side have 40,000 access queues.
   */
  varSpecs: readonly AqmVar[] = NO_VARS;
  vars: Float64Array = NO_VALUES;
  /** Time integrals of `vars` (value x ns) up to `varSince` (ns): summary means come from them. */
  varArea: Float64Array = NO_VALUES;
  varSince = 0;

  constructor(ctx: QueueContext, common: { limit: number; unit: string; countRule: string }) {
    this.ctx = ctx;
    this.pool = ctx.pool;
    this.limit = common.limit;
    this.unit = common.unit as 'packets' | 'bytes';
    this.countRule = common.countRule as 'waiting' | 'ns2';
    asDoubles(this, QUEUE_DOUBLES);
  }

  /** Declares the AQM's variables (call once, in the subclass constructor); values start at `initial`. */
  protected declareVars(specs: readonly AqmVar[], initial: readonly number[]): void {
    this.varSpecs = specs;
    this.vars = Float64Array.from(initial);
    this.varArea = new Float64Array(specs.length);
  }

  /**
   * Folds the variables' values since `varSince` into their time integrals. A discipline
   * calls it just before it changes a variable (with the time of the change), so the
   * integrals are exact for these piecewise-constant functions of time.
   */
  protected integrateVars(now: number): void {
    const dt = now - this.varSince;
    if (dt > 0) {
      const v = this.vars;
      const a = this.varArea;
      for (let i = 0; i < v.length; i++) a[i] += v[i] * dt;
      this.varSince = now;
    }
  }

  /**
   * Brings the AQM's state up to `now`: timer-driven disciplines run the periodic updates
   * due by then. Called by the metrics before reading variables; what it does does not
   * depend on when (or whether) it is called, so runs with and without series are
   * identical, bit for bit (it does not split the variables' integrals either).
   */
  sync(_now: number): void {}

  /** The variables' time integrals up to `now` (value x ns), without changing any state. */
  areaAt(now: number): Float64Array {
    return this.areaInto(now, new Float64Array(this.varArea.length));
  }

  /** areaAt written into `out` (of the variables' count), for a reader that asks often (summary.timeline). */
  areaInto(now: number, out: Float64Array): Float64Array {
    const dt = now - this.varSince;
    for (let i = 0; i < out.length; i++) out[i] = this.varArea[i] + (dt > 0 ? this.vars[i] * dt : 0);
    return out;
  }

  /** Parameters in force for summary.bottleneck.aqm.params (automatic ones resolved). */
  aqmParams(): Record<string, number | string | boolean> {
    return this.values() as Record<string, number | string | boolean>;
  }

  /** Final values for summary.bottleneck.aqm.state: the variables by name (disciplines add counters). */
  aqmState(): Record<string, number> {
    const out: Record<string, number> = {};
    this.varSpecs.forEach((v, i) => (out[v.name] = this.vars[i]));
    return out;
  }

  /** Offers packet p; returns true if it was queued (possibly marked), false if dropped (and freed). */
  enqueue(p: number, now: number): boolean {
    this.arrivals++;
    this.arrivalBytes += this.pool.size[p];
    return this.doEnqueue(p, now);
  }

  /** Next packet to transmit, or -1 if empty. */
  dequeue(now: number): number {
    const p = this.doDequeue(now);
    if (p >= 0) {
      this.departures++;
      this.departureBytes += this.pool.size[p];
    }
    return p;
  }

  /**
   * Offers p to this queue while it is empty and its link idle (the simulator's per-packet
   * path, `Simulator.forward`): the arrival, then at once the dequeue that puts the next
   * packet on the wire. Returns that packet, or -1 if there is none (p was dropped). The
   * same as enqueue() followed by dequeue(); a discipline may do it in one step (drop-tail).
   */
  passIdle(p: number, now: number): number {
    return this.enqueue(p, now) ? this.dequeue(now) : -1;
  }

  /** Current queue length in the queue's own unit. */
  get length(): number {
    return this.unit === 'bytes' ? this.lenBytes : this.lenPackets;
  }

  /**
   * True if packet p does not fit. "waiting": backlog + p > limit. "ns2": as ns-2's
   * DropTail, drop when waiting + 1 >= limit (in packets; in bytes, backlog + size >= limit).
   */
  protected wouldOverflow(p: number): boolean {
    if (this.unit === 'packets') {
      return this.countRule === 'ns2' ? this.lenPackets + 1 >= this.limit : this.lenPackets + 1 > this.limit;
    }
    const after = this.lenBytes + this.pool.size[p];
    return this.countRule === 'ns2' ? after >= this.limit : after > this.limit;
  }

  /** Appends p to the FIFO and updates the backlog. */
  protected store(p: number, now: number): void {
    this.pool.enqAt[p] = now;
    this.fifo.push(p);
    this.lenPackets++;
    this.lenBytes += this.pool.size[p];
  }

  /**
   * Updates the maximum backlog. The link calls it after an arrival has been queued and,
   * if the link was idle, moved straight into transmission: a packet that never waited
   * does not count as backlog (as ns-2 enqueues then immediately dequeues it).
   */
  noteBacklog(): void {
    if (this.lenPackets > this.maxLenPackets) this.maxLenPackets = this.lenPackets;
    if (this.lenBytes > this.maxLenBytes) this.maxLenBytes = this.lenBytes;
  }

  /** Removes the FIFO head and updates the backlog; -1 if empty. */
  protected take(): number {
    const p = this.fifo.shift();
    if (p >= 0) {
      this.lenPackets--;
      this.lenBytes -= this.pool.size[p];
    }
    return p;
  }

  /** Drops p (which must not be in the FIFO), counts it by reason, and frees it. */
  protected drop(p: number, reason: DropReason, now: number): void {
    this.drops++;
    if (reason === 'overflow') this.dropsOverflow++;
    else if (reason === 'early') this.dropsEarly++;
    else if (reason === 'forced') this.dropsForced++;
    this.listener?.onDrop(this, p, reason, now);
    this.pool.free(p);
  }

  /** Sets CE on p (an ECT packet) and counts the mark. */
  protected mark(p: number, now: number): void {
    this.marks++;
    this.pool.ecn[p] = ECN_CE;
    this.listener?.onMark(this, p, now);
  }

  /**
   * A whole decision record: the packet-and-queue head and the discipline's own fields, in
   * one literal of one shape for every discipline. Neither `{ ...head, ...fields }` nor
   * Object.assign: with every decision recorded (the app's inspector, --trace) a literal
   * that starts with a spread made bench-100-red with every decision recorded take 9.2 s in
   * Node 20 (0.4 s now, 0.16 s bare), and Object.assign onto the head was 1.6x slower in
   * Chromium's worker.
   */
  protected newRecord(p: number, now: number, q: number, f: RecordFields): DecisionRecord {
    const pool = this.pool;
    const rule = f.rule;
    const lazy = typeof rule !== 'string' && this.recorder?.lazyRules === true;
    const rec: DecisionRecord = {
      t: toSeconds(now),
      queue: this.ctx.name,
      aqm: this.kind,
      uid: pool.uid[p],
      flow: pool.flow[p],
      bytes: pool.size[p],
      ecn: pool.ecn[p],
      kind: packetKind(pool.flags[p], pool.payload[p]),
      q,
      unit: this.unit,
      avgBefore: f.avgBefore,
      avg: f.avg,
      wq: f.wq,
      idleM: f.idleM,
      minTh: f.minTh,
      maxTh: f.maxTh,
      maxP: f.maxP,
      gentle: f.gentle,
      region: f.region,
      pb: f.pb,
      pa: f.pa,
      count: f.count,
      u: f.u,
      outcome: f.outcome,
      reason: f.reason,
      rule: typeof rule === 'string' ? rule : lazy ? '' : rule(),
      ruleText: lazy ? (rule as () => string) : undefined,
      extra: f.extra,
    };
    if (rec.kind === 'data') rec.seq = pool.seq[p];
    if (f.stage !== undefined) rec.stage = f.stage;
    return rec;
  }

  protected record(rec: DecisionRecord): void {
    this.recorder?.decision(rec);
  }

  /** The parameter values in force now (live changes included). */
  values(): Record<string, unknown> {
    return { limit: this.limit, unit: this.unit, countRule: this.countRule };
  }

  /** Changes parameters during a run (live controls); unknown keys are ignored. */
  abstract setParams(values: Record<string, unknown>): void;

  /** The AQM's own averaged queue (RED's avg); for drop-tail the instantaneous length. */
  get average(): number {
    return this.length;
  }

  /** Current drop/mark probabilities for charts: p_b and p_a for RED; NaN where none. */
  probabilities(): { pb: number; pa: number; maxP: number } {
    return { pb: NaN, pa: NaN, maxP: NaN };
  }

  /**
   * Thresholds to draw on the queue chart, in the queue's unit (empty for drop-tail):
   * RED's min_th / max_th / 2 max_th, ARED's target band, PI's q_ref, REM's b*.
   */
  thresholds(): QueueThresholds {
    return {};
  }

  protected abstract doEnqueue(p: number, now: number): boolean;
  protected abstract doDequeue(now: number): number;
}

/** Lines on the queue chart, in the queue's unit; absent = none. Streamed as series `th.<key>` so moving thresholds are drawn where they are. */
export interface QueueThresholds {
  minTh?: number;
  maxTh?: number;
  gentleMax?: number;
  /** The queue the controller steers towards (PI's q_ref, REM's b*). */
  target?: number;
  /** ARED's target band for the average. */
  bandLow?: number;
  bandHigh?: number;
  /** A delay target, seconds (CoDel's and PIE's target), drawn on the AQM chart's time axis. */
  delayTarget?: number;
}

export const THRESHOLD_KEYS = ['minTh', 'maxTh', 'gentleMax', 'target', 'bandLow', 'bandHigh', 'delayTarget'] as const;

/** A queue-discipline plug-in. */
export interface AqmDescriptor<P extends ParamSpecs = ParamSpecs> {
  kind: string;
  label: string;
  doc: string;
  /** Every parameter, including the COMMON_QUEUE_PARAMS. */
  params: P;
  create(params: Record<string, unknown>, ctx: QueueContext): QueueDisc;
  /** Cross-field rules the per-field ranges can't express (min_th < max_th ...); each message names the fields and values. */
  check?(values: Record<string, unknown>): string[];
  /** The AQM's step-through: its decision record as a worked calculation (from `<kind>.explain.ts`). */
  explain?: Explainer;
  /** The AQM's changing variables (streamed as `aqm.<name>`), for charts and docs. */
  vars?: readonly AqmVar[];
  /**
   * Units of the summary values that are neither a declared parameter nor a variable
   * (what aqmParams and aqmState add: CoDel's dropNext, ARED's C), so the CLI's summary
   * prints each number with its unit; a phrase where no Unit fits.
   */
  summaryUnits?: Readonly<Record<string, Unit | 'packets/s' | 'packets per interval' | 'Hz'>>;
}
