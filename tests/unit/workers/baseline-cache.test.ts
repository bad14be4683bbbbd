import { describe, expect, it } from 'vitest';
import { type ExchangeBatch } from '../../../src/engine/metrics/web';
import { createRun } from '../../../src/engine/run';
import { presetScenario } from '../../../src/engine/scenario/presets';
import { parseScenario, type Scenario } from '../../../src/engine/scenario/schema';
import type { EngineScenario } from '../../../src/engine/sim-run';
import { baselineKey, baselineScenario } from '../../../src/engine/traffic/calibrate';
import { BaselineCache, usedColumns, type BaselineSource, type WebBatch } from '../../../workers/baseline-cache';

/** A small browsing-user run: 12 s, a 2 s warm-up, a few thousand exchanges. */
function webScenario(over: { seed?: number; queue?: Record<string, unknown>; duration?: number } = {}): EngineScenario {
  const r = parseScenario({
    version: 1,
    seed: over.seed ?? 3,
    duration: over.duration ?? 12,
    warmup: 2,
    topology: {
      kind: 'dumbbell',
      bottleneck: { rate: 10e6, delay: 0.001, queue: over.queue ?? { kind: 'droptail', limit: 100 } },
      left: { hosts: 2, rate: 100e6, delay: 0 },
      right: { hosts: 2, rate: 100e6, delay: 0 },
      flowDelay: { kind: 'uniform', min: 0.005, max: 0.075 },
    },
    tcp: { variant: 'reno', rwnd: 16384 },
    traffic: [{ kind: 'web-users', users: 300, direction: 'both' }],
  });
  if (!r.ok) throw new Error(r.errors.join('\n'));
  return r.scenario as Scenario as EngineScenario;
}

/** One exchange per row: start, response time, response size, drops (what the app's charts get). */
function rows(batches: WebBatch[]): number[][] {
  const out: number[][] = [];
  for (const b of batches) for (let i = 0; i < b.rt.length; i++) out.push([b.start[i], b.rt[i], b.rsp[i], b.drops[i]]);
  return out;
}

/** The baseline as the worker ran it before the cache: its own run, advanced with the run's clock. */
function fresh(s: EngineScenario, until: number): number[][] {
  const got: ExchangeBatch[] = [];
  const h = createRun(baselineScenario(s, []), { exchanges: (b) => got.push(b) });
  h.advance(until);
  h.flush();
  return rows(got);
}

/** What a source gives a run whose clock reads `ticks` (s), one take per tick. */
function play(src: BaselineSource, ticks: number[]): number[][] {
  const got: WebBatch[] = [];
  for (const t of ticks) got.push(...src.take(t));
  return rows(got);
}

const open = (cache: BaselineCache, s: EngineScenario, made: { n: number }) => {
  const base = baselineScenario(s, []);
  return cache.open(baselineKey(base), (exchanges) => {
    made.n++;
    return createRun(base, { exchanges });
  });
};

describe('the worker keeps web baselines between runs (workers/baseline-cache.ts)', () => {
  it('a replayed baseline gives a later run, tick by tick, what a fresh baseline run would, and runs nothing', () => {
    const s = webScenario();
    const cache = new BaselineCache();
    const made = { n: 0 };
    const first = play(open(cache, s, made), [0.5, 3, 3.7, 6, 12]);
    const want = fresh(s, 12);
    expect(want.length).toBeGreaterThan(500);
    expect(first).toEqual(want);
    // a later run, another queue (the baseline replaces it), other ticks: nothing is run again
    const other = webScenario({ queue: { kind: 'red', minTh: 5, maxTh: 15, limit: 100 } });
    const src = open(cache, other, made);
    expect(made.n).toBe(1);
    // at each tick exactly the exchanges that ended by then, as the live baseline gave them
    const got: number[][] = [];
    for (const t of [2.25, 5.5, 9.125]) {
      got.push(...play(src, [t]));
      expect(got).toEqual(fresh(s, t));
    }
    got.push(...play(src, [12]));
    expect(got).toEqual(want);
    expect(src.done).toBe(true);
  });

  it('a run that goes further than the recorded part continues the kept run from where it stopped', () => {
    const s = webScenario();
    const cache = new BaselineCache();
    const made = { n: 0 };
    // the first run is stopped at 4 s (the user pressed Reset or chose another lesson)
    play(open(cache, s, made), [1, 4]);
    const src = open(cache, s, made);
    expect(play(src, [2, 7.5, 12])).toEqual(fresh(s, 12));
    expect(made.n).toBe(1);
  });

  it('another baseline takes the live run; one stopped part-way is run again when next needed, finished ones stay', () => {
    const a = webScenario();
    const b = webScenario({ seed: 4 });
    const c = webScenario({ seed: 5 });
    expect(baselineKey(baselineScenario(a, []))).not.toBe(baselineKey(baselineScenario(b, [])));
    const cache = new BaselineCache();
    const made = { n: 0 };
    play(open(cache, a, made), [12]); // complete
    play(open(cache, b, made), [5]); // stopped part-way
    play(open(cache, c, made), [1]); // takes the one live handle: b cannot be continued
    expect(made.n).toBe(3);
    expect(play(open(cache, a, made), [12])).toEqual(fresh(a, 12));
    expect(made.n).toBe(3);
    expect(play(open(cache, b, made), [12])).toEqual(fresh(b, 12));
    expect(made.n).toBe(4);
  });

  it("gives only the columns the app uses (start, rt, rsp, drops), in whole batches and in batches cut at a run's clock", () => {
    const s = webScenario();
    const cache = new BaselineCache();
    const made = { n: 0 };
    // a first run records the baseline in the engine's batches of 512 exchanges (and the rest)
    play(open(cache, s, made), [12]);
    // a later one's clock stops inside them: each tick but the last cuts one
    const src = open(cache, s, made);
    const ticks = [0.5, 2.1, 3, 3.7, 4.05, 6, 9.5, 12];
    const batches: WebBatch[][] = ticks.map((t) => src.take(t));
    const all = batches.flat();
    expect(made.n).toBe(1);
    expect(all.filter((b) => b.rt.length < 512).length).toBeGreaterThanOrEqual(ticks.length - 1);
    for (const b of all) {
      expect(Object.keys(b).sort()).toEqual(['drops', 'rsp', 'rt', 'start']);
      for (const col of [b.start, b.rsp, b.drops]) expect(col.length).toBe(b.rt.length);
    }
    // with the figures of a fresh run, in order, and each one ended by its tick
    expect(rows(all)).toEqual(fresh(s, 12));
    ticks.forEach((t, k) => {
      for (const b of batches[k]) for (let i = 0; i < b.rt.length; i++) expect(b.start[i] + b.rt[i]).toBeLessThanOrEqual(t);
    });
    // the live run's batches too: the engine's full batch narrowed without a copy
    const full: ExchangeBatch[] = [];
    const h = createRun(s, { exchanges: (b) => full.push(b) });
    h.advance(4);
    h.flush();
    const used = usedColumns(full[0]);
    expect(Object.keys(used).sort()).toEqual(['drops', 'rsp', 'rt', 'start']);
    expect(used.rt).toBe(full[0].rt);
  });

  it('keeps at most the given number of baselines, most recently used first', () => {
    const cache = new BaselineCache(2);
    const made = { n: 0 };
    for (const seed of [1, 2, 3]) play(open(cache, webScenario({ seed, duration: 4 }), made), [4]);
    expect(cache.keys()).toEqual([3, 2].map((seed) => baselineKey(baselineScenario(webScenario({ seed, duration: 4 }), []))));
  });

  it('the lessons of one seeds/002 family share one baseline; another load does not', () => {
    const key = (name: string) => baselineKey(baselineScenario(presetScenario(name)! as EngineScenario, []));
    expect(key('web100-users-pi24-98')).toBe(key('web100-users-dt-98'));
    expect(key('web100-users-rem240-98')).toBe(key('web100-users-dt-98'));
    expect(key('web100-users-dt-90')).not.toBe(key('web100-users-dt-98'));
  });
});
