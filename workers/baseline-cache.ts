/**
 * The uncongested baseline of web runs, kept between runs in one worker.
 *
 * A web run shows, beside its own response times, those of the same workload on the
 * uncongested network (the papers' reference curve; calibrate.ts `baselineScenario`). That
 * baseline carries as many packets as the run itself, so it doubled the time of every web
 * run in the app (web100-users-pi24-98 at the fastest speed: 3.6 s for the run, 6.9 s
 * from Play to done). It does not depend on the queue, the TCP variant or ECN
 * (`uncongested` replaces them), so the lessons of one family (drop-tail, PI, REM ... at
 * one load) share one baseline. This cache records the baseline's exchanges as a run
 * produces them and replays them to later runs with the same baseline scenario, at the
 * later run's simulated time, so the curve still grows with the run. When a later run
 * goes further than any earlier one did, the kept run handle continues from where it
 * stopped (the engine is deterministic: what it adds is what a fresh run would give).
 */
import type { ExchangeBatch } from '../src/engine/metrics/web';
import type { RunHandle } from '../src/engine/run';

/**
 * What the app uses of the engine's exchanges: when each started and how long it took, its
 * response's size and whether a packet of it was dropped (sim.worker.ts postPending sends rt,
 * rsp, lost and the end time; the page reads nothing else). The engine's batch also names each
 * exchange's connection, user, session and page, its request size, round trip and direction,
 * for the CLI's exchange log: the worker kept those 7 columns (33 of 59 bytes an exchange)
 * in every cached baseline and copied them whenever a run stopped inside a batch.
 */
export type WebBatch = Pick<ExchangeBatch, 'start' | 'rt' | 'rsp' | 'drops'>;

/** The columns of `b` the app uses (no copy). */
export function usedColumns(b: WebBatch): WebBatch {
  return { start: b.start, rt: b.rt, rsp: b.rsp, drops: b.drops };
}

interface Chunk {
  batch: WebBatch;
  /** The baseline's simulated time when the batch was flushed: every exchange in it ended by then, s. */
  upTo: number;
}

interface Entry {
  key: string;
  chunks: Chunk[];
  exchanges: number;
  /** The baseline run, while it can still go further (dropped when done, or to bound memory). */
  handle: RunHandle | null;
  /** Simulated time up to which `chunks` holds every exchange, s. */
  recordedTo: number;
  /** The baseline ran to its end: nothing exists beyond `recordedTo`. */
  complete: boolean;
}

/** One run's view of a cached baseline: what it has been given so far. */
export class BaselineSource {
  private chunk = 0;
  private offset = 0;
  private failed = false;

  constructor(
    private readonly entry: Entry,
    private readonly cache: BaselineCache,
  ) {}

  /** Simulated time up to which the baseline is recorded, s (later exchanges need it to run further). */
  get recordedTo(): number {
    return this.entry.recordedTo;
  }

  /** Nothing more will come: the baseline ended and everything recorded was given, or it failed. */
  get done(): boolean {
    const e = this.entry;
    return this.failed || (e.complete && this.chunk === e.chunks.length);
  }

  /**
   * The exchanges that ended by simulated time `t` (s) and were not given before, in the
   * order they ended. Runs the baseline further when `t` is beyond what it has recorded.
   */
  take(t: number): WebBatch[] {
    const e = this.entry;
    if (this.failed) return [];
    if (t > e.recordedTo && !e.complete) {
      try {
        this.cache.extend(e, t);
      } catch {
        this.failed = true; // the baseline is a courtesy: a failure there must not stop the run
        this.cache.forget(e);
        return [];
      }
    }
    const out: WebBatch[] = [];
    while (this.chunk < e.chunks.length) {
      const { batch, upTo } = e.chunks[this.chunk];
      const n = batch.rt.length;
      let end = n;
      if (upTo > t) {
        // the run stops (or is shown) inside this batch: the exchanges that ended by t
        end = this.offset;
        while (end < n && batch.start[end] + batch.rt[end] <= t) end++;
      }
      if (end > this.offset) out.push(this.offset === 0 && end === n ? batch : slice(batch, this.offset, end));
      if (end < n) {
        this.offset = end;
        break;
      }
      this.chunk++;
      this.offset = 0;
    }
    return out;
  }
}

function slice(b: WebBatch, from: number, to: number): WebBatch {
  return { start: b.start.slice(from, to), rt: b.rt.slice(from, to), rsp: b.rsp.slice(from, to), drops: b.drops.slice(from, to) };
}

/**
 * Recorded baselines, most recently used first. At most `entries` are kept, with at most
 * `maxExchanges` exchanges between them (26 bytes each: usedColumns), and at most one live run
 * handle (a baseline run holds as much memory as the run it stands beside).
 */
export class BaselineCache {
  private list: Entry[] = [];

  constructor(
    private readonly entries = 4,
    private readonly maxExchanges = 2_000_000,
  ) {}

  /**
   * The baseline for `key` (a stable text of the baseline scenario), recorded from the
   * start. `create` makes its run when none is kept; it gets the sink that records the
   * run's exchanges.
   */
  open(key: string, create: (exchanges: (b: ExchangeBatch) => void) => RunHandle): BaselineSource {
    let e = this.list.find((x) => x.key === key);
    if (e) {
      this.list = [e, ...this.list.filter((x) => x !== e)];
    } else {
      const entry: Entry = { key, chunks: [], exchanges: 0, handle: null, recordedTo: 0, complete: false };
      entry.handle = create((b) => {
        entry.chunks.push({ batch: usedColumns(b), upTo: entry.handle ? entry.handle.now : 0 });
        entry.exchanges += b.rt.length;
      });
      e = entry;
      this.list = [e, ...this.list];
    }
    // one live handle at most: the others keep what they recorded, and are dropped if
    // a later run would need more of them
    for (const x of this.list) if (x !== e && x.handle) this.dropHandle(x);
    this.trim();
    return new BaselineSource(e, this);
  }

  /** Keys kept, most recently used first (for tests). */
  keys(): string[] {
    return this.list.map((e) => e.key);
  }

  /** Runs `e`'s baseline to simulated time `t` (or its end), recording what ends on the way. */
  extend(e: Entry, t: number): void {
    const h = e.handle;
    if (!h) return; // its handle went to another baseline (open): only the current run's source extends
    h.advance(t);
    h.flush();
    e.recordedTo = h.now;
    if (h.done) {
      e.complete = true;
      e.handle = null;
    }
    this.trim();
  }

  forget(e: Entry): void {
    this.list = this.list.filter((x) => x !== e);
  }

  private dropHandle(e: Entry): void {
    // a baseline stopped part-way cannot be continued without its handle: it is recorded again when next needed
    e.handle = null;
    this.forget(e);
  }

  private trim(): void {
    let total = 0;
    this.list = this.list.filter((e, i) => {
      total += e.exchanges;
      return i === 0 || (i < this.entries && total <= this.maxExchanges);
    });
  }
}
