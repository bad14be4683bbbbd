import type { DropReason } from '../aqm/decision';
import { asDoubles } from '../core/doubles';
import { NS_PER_S } from '../core/time';
import type { Link } from '../net/link';
import type { Timeline } from './types';

/** At most this many windows in summary.timeline. */
export const TIMELINE_MAX_WINDOWS = 64;
/** The first this many drops at the bottleneck are listed with their time and flow. */
export const TIMELINE_FIRST_DROPS = 32;
/** Per-flow drops and marks per window only for runs of at most this many flows (the columns grow with the flows). */
export const TIMELINE_MAX_FLOWS = 8;
/**
 * Window of a run without a set duration, before merging: 1 s. Such a run learns its length
 * only at its end, so the hook closes a window every OPEN_BASE_NS and the windows merge
 * afterwards; for runs of 64 s and more the merged windows are the same as with any finer
 * base (nice lengths of 1 s and more are whole seconds). A 0.1 s base, 11,000 hook events
 * in a seeds/001 cell of 1,121 s, made that 0.2 s run 40 ms slower as a whole process
 * (hyperfine, 20 runs), for nothing a lesson reads.
 */
const OPEN_BASE_NS = 1_000_000_000;
/** A run without a set duration keeps at most this many windows; past it, pairs merge (windows twice as long). */
const MAX_STORED = 4096;

/**
 * The smallest 1, 2 or 5 times a power of ten of nanoseconds that is at least `ns` (and a
 * whole number of `unit` ns); `null` when none is within 64 times `ns`.
 */
function niceNs(ns: number, unit = 1): number | null {
  for (let p = 1; p <= 1e15; p *= 10) {
    for (const m of [1, 2, 5]) {
      const v = m * p;
      if (v > 64 * Math.max(ns, unit)) return null;
      if (v >= ns && v % unit === 0) return v;
    }
  }
  return null;
}

/** The timeline's window for a run of `durationS` seconds (undefined: open-ended), ns. */
export function timelineWindowNs(durationS: number | undefined): number {
  if (durationS === undefined) return OPEN_BASE_NS;
  const want = Math.max(1, Math.ceil((durationS * NS_PER_S) / TIMELINE_MAX_WINDOWS));
  return niceNs(want) ?? want;
}

/**
 * The counters a window is the difference of, at one instant. One of these is kept (the
 * last window's end) and one reused as scratch, so closing a window allocates no typed
 * array: with six per close, the 7,000 closes of a seeds/001 cell (no duration, 0.1 s
 * windows then) took the garbage collector from 22 to 58 ms of a 0.25 s run (--cpu-prof).
 */
interface Snap {
  ns: number;
  area: number;
  bits: number;
  arrivals: number;
  drops: number;
  overflow: number;
  marks: number;
  vars: Float64Array;
  flowDrops: Float64Array;
  flowMarks: Float64Array;
}

/** The number fields of a Win, held as doubles from the start (see below). */
const WIN_DOUBLES = ['endNs', 'spanNs', 'area', 'bits', 'rateBps', 'min', 'max', 'arrivals', 'drops', 'overflow', 'marks'];

/**
 * One window, as sums (areas in packet x ns, var areas in value x ns), so windows merge
 * exactly. A class whose number fields are doubles from the start (core/doubles.ts), not an
 * object literal: a literal's fields started as small integers (a 1 s span, no drops yet)
 * and became doubles in later windows or merged ones (spans past 2^31 ns, Infinity for an
 * empty window's least backlog), and each such change left every window made before with an
 * outdated shape. V8 then never optimized window() ("maps became deprecated during
 * optimization"), and merging 1,134 windows at a seeds/001 run's end missed its inline caches
 * at every read (35,000 misses, about 23 M instructions).
 */
class Win {
  constructor(
    readonly endNs: number,
    readonly spanNs: number,
    readonly area: number,
    readonly bits: number,
    readonly rateBps: number,
    readonly min: number,
    readonly max: number,
    readonly arrivals: number,
    readonly drops: number,
    readonly overflow: number,
    readonly marks: number,
    readonly vars: number[],
    readonly flowDrops: number[],
    readonly flowMarks: number[],
  ) {
    asDoubles(this, WIN_DOUBLES);
  }
}

const round = (x: number, digits: number): number => {
  const f = 10 ** digits;
  return Math.round(x * f) / f;
};
const sig = (x: number): number => (x === 0 || !Number.isFinite(x) ? x : Number(x.toPrecision(4)));
/** b - a, element by element, as a plain array. */
function diff(b: Float64Array, a: Float64Array): number[] {
  const out = new Array<number>(b.length);
  for (let k = 0; k < b.length; k++) out[k] = b[k] - a[k];
  return out;
}

/**
 * Cuts the run into fixed windows of time and keeps, per window, what the bottleneck's
 * forward queue did (summary.timeline). It reads counters the link and queue keep anyway
 * at each window's end (a hook, not per packet); only the least and most backlog come from
 * the link's per-change integration (Link.integrate), and the per-flow counts and first
 * drops from the queue listener (per drop or mark, not per packet).
 */
export class TimelineRecorder {
  /** Length of a stored window, ns (doubles when pairs merge). */
  private winNs: number;
  private readonly wins: Win[] = [];
  /** The counters at the last closed window's end, and scratch for the current ones. */
  private last: Snap;
  private cur: Snap;
  /** Drops and marks of each fixed flow at the bottleneck (cumulative); empty above TIMELINE_MAX_FLOWS flows. */
  private readonly flowDrops: Float64Array;
  private readonly flowMarks: Float64Array;
  private readonly firstT: number[] = [];
  private readonly firstFlow: number[] = [];
  private readonly firstReason: DropReason[] = [];

  constructor(
    private readonly link: Link,
    flows: number,
    /** The hook's step, ns: windows end at its multiples. */
    readonly stepNs: number,
  ) {
    this.winNs = stepNs;
    const n = flows <= TIMELINE_MAX_FLOWS ? flows : 0;
    this.flowDrops = new Float64Array(n);
    this.flowMarks = new Float64Array(n);
    this.last = this.newSnap();
    this.cur = this.newSnap();
    this.snap(0, this.last);
  }

  /** A drop at the bottleneck's forward queue (not a link loss) of flow `f` (-1: none) at `now` ns. */
  noteDrop(f: number, reason: DropReason, now: number): void {
    if (f >= 0 && f < this.flowDrops.length) this.flowDrops[f]++;
    if (this.firstT.length < TIMELINE_FIRST_DROPS) {
      this.firstT.push(round(now / NS_PER_S, 6));
      this.firstFlow.push(f);
      this.firstReason.push(reason);
    }
  }

  /** A mark at the bottleneck's forward queue. */
  noteMark(f: number): void {
    if (f >= 0 && f < this.flowMarks.length) this.flowMarks[f]++;
  }

  private newSnap(): Snap {
    const n = this.flowDrops.length;
    const v = this.link.queue.varSpecs.length;
    return { ns: 0, area: 0, bits: 0, arrivals: 0, drops: 0, overflow: 0, marks: 0, vars: new Float64Array(v), flowDrops: new Float64Array(n), flowMarks: new Float64Array(n) };
  }

  /** The counters at `now`, written into `out`. */
  private snap(now: number, out: Snap): Snap {
    const l = this.link;
    const q = l.queue;
    q.sync(now);
    const held = now > l.lastChange ? q.lenPackets * (now - l.lastChange) : 0;
    out.ns = now;
    out.area = l.areaPackets + held;
    out.bits = l.bitsAt(now);
    out.arrivals = q.arrivals;
    out.drops = q.drops;
    out.overflow = q.dropsOverflow;
    out.marks = q.marks;
    q.areaInto(now, out.vars);
    out.flowDrops.set(this.flowDrops);
    out.flowMarks.set(this.flowMarks);
    return out;
  }

  /** The window from the last closed one's end to `now` (read only: the run may go on). */
  private window(now: number): Win {
    const s = this.snap(now, this.cur);
    const a = this.last;
    const l = this.link;
    let min = l.winMinPackets;
    let max = l.winMaxPackets;
    if (now > l.lastChange) {
      min = Math.min(min, l.queue.lenPackets);
      max = Math.max(max, l.queue.lenPackets);
    }
    return new Win(
      now,
      now - a.ns,
      s.area - a.area,
      s.bits - a.bits,
      l.rateBps,
      min,
      max,
      s.arrivals - a.arrivals,
      s.drops - a.drops,
      s.overflow - a.overflow,
      s.marks - a.marks,
      diff(s.vars, a.vars),
      diff(s.flowDrops, a.flowDrops),
      diff(s.flowMarks, a.flowMarks),
    );
  }

  /** The hook, at every multiple of stepNs: closes the window if it ends now. */
  tick(now: number): void {
    if (now - this.last.ns < this.winNs) return;
    this.wins.push(this.window(now));
    // the scratch now holds the counters at `now`: it becomes the last window's end
    const t = this.last;
    this.last = this.cur;
    this.cur = t;
    this.link.winMinPackets = Infinity;
    this.link.winMaxPackets = -Infinity;
    if (this.wins.length >= MAX_STORED) {
      for (let i = 0; i < this.wins.length / 2; i++) this.wins[i] = merge([this.wins[2 * i], this.wins[2 * i + 1]]);
      this.wins.length /= 2;
      this.winNs *= 2;
    }
  }

  /** summary.timeline up to `endNs`: the stored windows and the current one, merged to at most TIMELINE_MAX_WINDOWS of a round length. */
  timeline(endNs: number): Timeline {
    const all = endNs > this.last.ns ? [...this.wins, this.window(endNs)] : this.wins.slice();
    let k = Math.max(1, Math.ceil(all.length / TIMELINE_MAX_WINDOWS));
    if (k > 1) {
      const nice = niceNs(k * this.winNs, this.winNs);
      if (nice !== null) k = nice / this.winNs;
    }
    const out: Win[] = [];
    for (let i = 0; i < all.length; i += k) out.push(merge(all.slice(i, i + k)));
    const names = this.link.queue.varSpecs.map((v) => v.name);
    const aqm: Record<string, number[]> = {};
    names.forEach((n, j) => (aqm[n] = out.map((w) => sig(w.spanNs > 0 ? w.vars[j] / w.spanNs : NaN))));
    const tl: Timeline = {
      window: (k * this.winNs) / NS_PER_S,
      end: out.map((w) => w.endNs / NS_PER_S),
      queueMean: out.map((w) => round(w.spanNs > 0 ? w.area / w.spanNs : 0, 3)),
      queueMin: out.map((w) => (Number.isFinite(w.min) ? w.min : 0)),
      queueMax: out.map((w) => (Number.isFinite(w.max) ? w.max : 0)),
      utilization: out.map((w) => round(w.spanNs > 0 ? Math.min(1, (w.bits * NS_PER_S) / (w.rateBps * w.spanNs)) : 0, 4)),
      arrivals: out.map((w) => w.arrivals),
      drops: out.map((w) => w.drops),
      dropsOverflow: out.map((w) => w.overflow),
      marks: out.map((w) => w.marks),
      aqm,
      firstDrops: { t: this.firstT.slice(), flow: this.firstFlow.slice(), reason: this.firstReason.slice() },
    };
    if (this.flowDrops.length > 0) {
      tl.flowDrops = Array.from(this.flowDrops, (_, f) => out.map((w) => w.flowDrops[f]));
      tl.flowMarks = Array.from(this.flowMarks, (_, f) => out.map((w) => w.flowMarks[f]));
    }
    return tl;
  }
}

/** Consecutive windows as one (sums, least of the least, most of the most). */
function merge(ws: Win[]): Win {
  if (ws.length === 1) return ws[0];
  const sum = (a: number[], b: number[]) => a.map((v, k) => v + b[k]);
  return ws.reduce(
    (a, b) =>
      new Win(
        b.endNs,
        a.spanNs + b.spanNs,
        a.area + b.area,
        a.bits + b.bits,
        // bits over (rate x time): a rate changed mid-run weighs each window's time at its own rate
        (a.rateBps * a.spanNs + b.rateBps * b.spanNs) / (a.spanNs + b.spanNs || 1),
        Math.min(a.min, b.min),
        Math.max(a.max, b.max),
        a.arrivals + b.arrivals,
        a.drops + b.drops,
        a.overflow + b.overflow,
        a.marks + b.marks,
        sum(a.vars, b.vars),
        sum(a.flowDrops, b.flowDrops),
        sum(a.flowMarks, b.flowMarks),
      ),
  );
}
