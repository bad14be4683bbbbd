import { describe, expect, it } from 'vitest';
import { PERSISTENT } from '../../src/engine/traffic/packmime-data';
import { PRESETS } from '../../src/engine/scenario/presets';
import type { Scenario } from '../../src/engine/scenario/schema';
import type { EngineScenario } from '../../src/engine/sim-run';
import { calibrationKey, keyHash } from '../../src/engine/traffic/calibrate';
import { SHIPPED_CALIBRATIONS } from '../../src/engine/traffic/shipped-calibrations';
import { lesson, textOf, scenarioOf, run } from './mechanics-helpers';

/*
 * The browsing users' structure (seeds/002 §III.A, Table I; src/engine/traffic/web-users.ts),
 * as the lessons state it and the web-users item declares it: a user thinks, fetches a page
 * (its top-level object, then the embedded ones over up to `parallel` connections), thinks
 * again; a `persistent` share of the connections carries several requests, as many as
 * 2 + Weibull(1, 1.578) rounded up (PackMime's requests per persistent connection); the
 * servers answer as soon as a request is in (seeds/002 §III: "delays there are
 * insignificant"). lesson-mechanics-3 checks the same lessons' RTTs and sizes; these checks
 * need what an exchange's record names since 2026-11 (the --responses columns `connection`,
 * `user`, `page`, docs/cli.md): each exchange's connection, user and page, so the exchanges
 * regroup as the users fetched them. The constants are the lesson's declared parameters.
 *
 * The runs record every exchange from t = 0 (warm-up 0: a page or connection that straddles
 * the warm-up would lose its first exchanges); the queue, the users and their draws are the
 * lesson's. No lesson sentence was found false: "up to two parallel connections" and
 * "servers answer at once" hold exchange by exchange.
 *
 * Each check was seen to fail: on a seeded bug in the engine (said at each describe) and,
 * inside this file, on a run where the sentence is false ("fails where ...").
 */

/** One exchange as its record gives it. */
interface Ex {
  start: number;
  /** Its last response byte's arrival, s. */
  end: number;
  req: number;
  rsp: number;
  rtt: number;
  conn: number;
  user: number;
  session: number;
  page: number;
}

/** Two times from the records are the same instant within 1 ns (they are whole ns divided by 1e9, and `end` a sum). */
const NS = 1e-9;

function exchangesOf(sc: Scenario): Ex[] {
  const out: Ex[] = [];
  run(sc, {
    exchanges: (b) => {
      for (let i = 0; i < b.rt.length; i++) out.push({ start: b.start[i], end: b.start[i] + b.rt[i], req: b.req[i], rsp: b.rsp[i], rtt: b.rtt[i], conn: b.connection[i], user: b.user[i], session: b.session[i], page: b.page[i] });
    },
  });
  return out;
}

function groupBy(xs: Ex[], key: (e: Ex) => number): Map<number, Ex[]> {
  const m = new Map<number, Ex[]>();
  for (const e of xs) {
    const l = m.get(key(e));
    if (l) l.push(e);
    else m.set(key(e), [e]);
  }
  for (const l of m.values()) l.sort((a, b) => a.start - b.start);
  return m;
}

interface UsersItem {
  kind: string;
  users: number;
  load?: number;
  parallel: number;
  persistent: number;
  serverDelay: string;
}
const itemOf = (sc: Scenario) => sc.traffic[0] as unknown as UsersItem;

const NAME = 'web-users-dt-98';

/**
 * The lesson's users fixed at the count its load was calibrated to at its seed (the shipped
 * calibration, looked up as a run looks it up), so that every run here, the warm-up dropped or
 * a parameter changed (parallel, persistent, the link), has the lesson's users instead of
 * calibrating a count of its own.
 */
function usersItem(): UsersItem {
  const sc = lesson(NAME).scenario as unknown as EngineScenario;
  const item = { ...itemOf(lesson(NAME).scenario) };
  const shipped = SHIPPED_CALIBRATIONS[keyHash(calibrationKey(sc, 0, 'users', item.load!))];
  if (!shipped) throw new Error(`${NAME}: no shipped calibration`);
  delete item.load;
  return { ...item, users: shipped.value };
}

/** The lesson's run (seed, duration and other fields set) with the lesson's users, every exchange recorded; `item` changes the users' parameters. */
const runs = new Map<string, Ex[]>();
function lessonRun(sets: Record<string, unknown>, item: Partial<UsersItem> = {}): Ex[] {
  const key = JSON.stringify([sets, item]);
  let xs = runs.get(key);
  if (!xs) runs.set(key, (xs = exchangesOf(scenarioOf(NAME, { warmup: 0, ...sets, 'traffic.0': { ...usersItem(), ...item } }))));
  return xs;
}

const SEEDS = [lesson(NAME).scenario.seed, 1];
const seedName = (seed: number) => `seed ${seed}${seed === lesson(NAME).scenario.seed ? " (the lesson's)" : ''}`;

it('every browsing-user lesson declares the workload these checks read: two parallel connections, 15 % persistent, no server delay', () => {
  const all = PRESETS.filter((p) => p.scenario.traffic.some((t) => (t as { kind: string }).kind === 'web-users'));
  expect(all.length).toBeGreaterThan(30);
  for (const p of all) {
    const w = itemOf(p.scenario as unknown as Scenario);
    expect([p.name, w.parallel, w.persistent, w.serverDelay]).toEqual([p.name, 2, 0.15, 'none']);
  }
  // the requests per persistent connection: 2 + Weibull(1, scale) rounded up, memoryless (shape 1)
  expect(PERSISTENT.objectsShape).toBe(1);
});

// ---- 1. A user fetches one page at a time, over at most `parallel` connections at once -------

/** A user's exchanges in progress at once (at most), and the users that reached `parallel`. */
function parallelProblems(xs: Ex[], parallel: number): { problems: string[]; users: number; atMost: number; reached: number } {
  const problems: string[] = [];
  let atMost = 0;
  let reached = 0;
  const byUser = groupBy(xs, (e) => e.user);
  for (const [u, l] of byUser) {
    // +1 at a start, -1 at an end; an end at the instant of a start (an embedded object's
    // connection opened as the top-level response arrives) is counted first
    const ev: [number, number][] = [];
    for (const e of l) ev.push([e.start, 1], [e.end - NS, -1]);
    ev.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    let n = 0;
    let most = 0;
    for (const [t, d] of ev) {
      n += d;
      if (n > most) most = n;
      if (n > parallel && problems.length < 5) problems.push(`user ${u}: ${n} exchanges in progress at ${t.toFixed(6)} s`);
    }
    atMost = Math.max(atMost, most);
    if (most === parallel) reached++;
  }
  return { problems, users: byUser.size, atMost, reached };
}

/** A page's exchanges belong to one user, a connection's to one page; a user's pages do not overlap ("think again"). */
function idProblems(xs: Ex[]): string[] {
  const out: string[] = [];
  for (const [c, l] of groupBy(xs, (e) => e.conn)) if (new Set(l.map((e) => e.page)).size !== 1) out.push(`connection ${c} serves pages ${[...new Set(l.map((e) => e.page))].join(', ')}`);
  const pages = groupBy(xs, (e) => e.page);
  for (const [p, l] of pages) if (new Set(l.map((e) => e.user)).size !== 1) out.push(`page ${p} has exchanges of several users`);
  for (const [u, l] of groupBy(xs, (e) => e.user)) {
    const spans = [...new Set(l.map((e) => e.page))].map((p) => {
      const pl = pages.get(p)!;
      return { p, from: pl[0].start, to: Math.max(...pl.map((e) => e.end)) };
    });
    spans.sort((a, b) => a.from - b.from);
    for (let i = 1; i < spans.length; i++) if (spans[i].from < spans[i - 1].to - NS && out.length < 10) out.push(`user ${u}: page ${spans[i].p} starts at ${spans[i].from} s, before page ${spans[i - 1].p} ends at ${spans[i - 1].to} s`);
  }
  return out.slice(0, 10);
}

describe(`${NAME}: a user fetches a page of objects over up to two parallel connections, then thinks again`, () => {
  // Seeded bugs, each seen failing both seeds: the top-level response opening one connection
  // more than `parallel` (web-users.ts exchangeDone, n = parallel + 1 - continuing: "user 537:
  // 3 exchanges in progress at 24.967467 s"); a second connection opened with the top-level
  // one (3. below: "user 537: 3 exchanges in progress at 94.216454 s"); the records' ids
  // themselves: WebHub.take handing every connection the same id fails the id check (a
  // connection "serving" many pages) and every check after it.
  const item = itemOf(lesson(NAME).scenario);
  it('the lesson says so, with the parallel connections its users declare', () => {
    expect(item.parallel).toBe(2);
    expect(textOf(NAME)).toContain('(think, fetch a page of objects over up to two parallel connections, think again;');
  });
  for (const seed of SEEDS) {
    it(seedName(seed), () => {
      const xs = lessonRun({ seed });
      expect(xs.length).toBeGreaterThan(30000);
      const p = parallelProblems(xs, item.parallel);
      expect(p.problems).toEqual([]);
      // "up to": most users do reach two at once (1,621 of 2,016 at seed 2, 1,637 of 2,012 at seed 1)
      expect(p.atMost).toBe(item.parallel);
      expect(p.reached).toBeGreaterThan(0.5 * p.users);
      expect(idProblems(xs)).toEqual([]);
    });
  }
  it('fails where the statement is false: the same users with three parallel connections', () => {
    const p = parallelProblems(lessonRun({ seed: lesson(NAME).scenario.seed }, { parallel: 3 }), item.parallel);
    expect(p.atMost).toBe(3);
    expect(p.problems.length).toBe(5);
  });
});

// ---- 2. The persistent connections: 15 % of them, 2 + Weibull(1, 1.578) rounded up requests --

/**
 * The decisions a connection's requests show. After its k-th exchange ends at t, a connection
 * whose page still has objects to ask for (some exchange of the page, on it or another
 * connection, starts at t or later: an object is handed out when its request starts) carries
 * a (k+1)-th request if and only if it may carry more than k: k = 1, if it is persistent
 * (probability `persistent`); k >= 2, if its drawn number of requests, 2 + ceil(Weibull(1,
 * s)), is over k: never at k = 2 (it is at least 3), and at k >= 3 it stops with probability
 * 1 - exp(-1 / s) whatever k (the exponential is memoryless). A connection whose page has
 * nothing left after its k-th says nothing of its plan, and is not counted; nor are those of
 * the last 30 s (an exchange in progress at the end is not recorded).
 */
interface Hazards {
  /** [stopped, could have continued] after the first request, the second, and any later one. */
  first: [number, number];
  second: [number, number];
  later: [number, number];
  connections: number;
  /** Connections that carried two requests or more. */
  several: number;
}

function hazards(xs: Ex[], until: number): Hazards {
  const h: Hazards = { first: [0, 0], second: [0, 0], later: [0, 0], connections: 0, several: 0 };
  const pages = groupBy(xs, (e) => e.page);
  for (const [c, l] of groupBy(xs, (e) => e.conn)) {
    if (l[0].start > until) continue;
    h.connections++;
    if (l.length > 1) h.several++;
    const pl = pages.get(l[0].page)!;
    for (let k = 1; k <= l.length; k++) {
      const t = l[k - 1].end;
      if (!pl.some((e) => e.start >= t - NS && !(e.conn === c && e.start < t - NS))) continue;
      const at = k === 1 ? h.first : k === 2 ? h.second : h.later;
      at[1]++;
      if (k === l.length) at[0]++;
    }
  }
  return h;
}

/** `x` of `n` within 3 standard errors of a binomial share p. */
function binomialProblem(what: string, [x, n]: [number, number], p: number): string[] {
  const se = Math.sqrt((p * (1 - p)) / n);
  return Math.abs(x / n - p) <= 3 * se ? [] : [`${what}: ${x} of ${n} (${((100 * x) / n).toFixed(1)} %), not ${(100 * p).toFixed(1)} % within ${(300 * se).toFixed(1)} points`];
}

function persistentProblems(h: Hazards, persistent: number): string[] {
  const stopLater = 1 - Math.exp(-1 / PERSISTENT.objectsScale);
  return [
    ...binomialProblem('connections that could carry a second request and did', [h.first[1] - h.first[0], h.first[1]], persistent),
    ...(h.second[0] === 0 ? [] : [`${h.second[0]} of ${h.second[1]} persistent connections stopped after two requests with objects left`]),
    ...binomialProblem('persistent connections stopping after a third or later request with objects left', h.later, stopLater),
  ];
}

describe(`${NAME}: 15 % of the connections are persistent and carry 2 + Weibull(1, 1.578) rounded up requests (seeds/002 §III.A)`, () => {
  // Seeded bugs, each seen failing both seeds: persistent drawn with probability 2 x persistent
  // (web-users.ts open: "connections that could carry a second request and did: 2868 of 9527
  // (30.1 %), not 15.0 % within 1.1 points"); requests per persistent connection 1 + Weibull
  // rounded up, at least 2 ("212 of 520 persistent connections stopped after two requests with
  // objects left").
  const item = itemOf(lesson(NAME).scenario);
  for (const seed of SEEDS) {
    it(seedName(seed), () => {
      const sc = lesson(NAME).scenario;
      const h = hazards(lessonRun({ seed }), (sc.duration ?? NaN) - 30);
      // measured at seed 2: 1,491 of 10,228 continued after the first (14.6 %), 0 of 504 stopped after
      // the second, 131 of 308 after a later one (42.5 %, against 1 - exp(-1 / 1.578) = 46.9 %);
      // seed 1: 1,548 of 10,206 (15.2 %), 0 of 476, 133 of 296 (44.9 %)
      expect(persistentProblems(h, item.persistent)).toEqual([]);
      expect(h.first[1]).toBeGreaterThan(5000);
      expect(h.later[1]).toBeGreaterThan(150);
      // what a count of all connections shows instead: a connection serves only the rest of its
      // page (69 % of pages are one object), so under 5 % carry two requests or more (docs/web.md,
      // the audit: 4.6 %; here 4.6 % and 4.8 %), a third of the persistent share
      expect(h.several / h.connections).toBeLessThan(item.persistent / 2);
    });
  }
  it('fails where the statement is false: the same users with 30 % persistent', () => {
    const sc = lesson(NAME).scenario;
    const p = persistentProblems(hazards(lessonRun({ seed: lesson(NAME).scenario.seed }, { persistent: 0.3 }), (sc.duration ?? NaN) - 30), item.persistent);
    expect(p.length).toBe(1);
    expect(p[0]).toMatch(/^connections that could carry a second request and did/);
  });
});

// ---- 3. A page's embedded objects after its top-level object ---------------------------------

/** Pages of two objects or more whose later objects start before the first one's response is in. */
function topFirstProblems(xs: Ex[], pageOf: (e: Ex) => number): { problems: string[]; pages: number } {
  const problems: string[] = [];
  let pages = 0;
  for (const [p, l] of groupBy(xs, pageOf)) {
    if (l.length < 2) continue;
    pages++;
    const top = l[0];
    const early = l.slice(1).filter((e) => e.start < top.end - NS);
    if (early.length > 0) problems.push(`page ${p}: ${early.length} object(s) requested from ${early[0].start.toFixed(6)} s, before the first object's response ended at ${top.end.toFixed(6)} s`);
  }
  return { problems, pages };
}

describe(`${NAME}: a page's embedded objects are requested once its top-level object is in`, () => {
  // Seeded bug, seen failing both seeds: a second connection opened with the top-level one
  // (web-users.ts onApp, this.open twice for pages of two objects or more: 8,026 of 8,033 pages
  // at seed 2, "page 1: 1 object(s) requested from 0.004674 s, before the first object's
  // response ended at 0.106816 s").
  for (const seed of SEEDS) {
    it(seedName(seed), () => {
      const t = topFirstProblems(lessonRun({ seed }), (e) => e.page);
      expect(t.problems.slice(0, 5)).toEqual([]);
      expect(t.pages).toBeGreaterThan(5000);
    });
  }
  it("fails where the statement is false: seeds/003's web sessions, whose objects are requested 10 ms apart whatever the first one does", () => {
    const xs = exchangesOf(scenarioOf('web-redstar-105', { duration: 20, warmup: 0 }));
    expect(xs.every((e) => e.user === -1 && e.session >= 0 && e.page >= 0)).toBe(true);
    const t = topFirstProblems(xs, (e) => e.page);
    expect(t.problems.length).toBeGreaterThan(0.5 * t.pages);
  });
});

// ---- 4. The servers answer at once -----------------------------------------------------------

/**
 * A new connection's first exchange of one segment each way takes two round trips (the
 * handshake, then the request and its response) plus the packets' transmission and any wait
 * in a queue or at the server. On the lesson's link made 10 times faster (its uncongested
 * baseline, with the same users) the queues are nearly always empty, so what is left over two
 * round trips is the transmission: the SYN, SYN-ACK, request and response each crossing the
 * path's three links, at most two full packets' worth each way (1.44 ms at 100 Mb/s). A server delay (PackMime's:
 * median 1 / (305 ln(2)^(1/0.63)) = 5.9 ms) would add to most of them.
 */
function excessOverTwoRtts(xs: Ex[], mss: number): number[] {
  const out: number[] = [];
  for (const l of groupBy(xs, (e) => e.conn).values()) {
    const e = l[0];
    if (e.req <= mss && e.rsp <= mss) out.push(e.end - e.start - 2 * e.rtt);
  }
  return out.sort((a, b) => a - b);
}

describe(`${NAME}: the servers answer as soon as a request is in (seeds/002 §III)`, () => {
  // Seeded bug, seen failing: every response waiting PackMime's server delay whatever
  // serverDelay says (web-users.ts nextExchange: the median 6.41 ms over two round trips, not
  // under the 1.44 ms bound).
  const sc = lesson(NAME).scenario;
  const tcp = sc.tcp as unknown as { mss: number; headerBytes: number };
  const top = sc.topology as unknown as { bottleneck: { rate: number }; left: { rate: number }; right: { rate: number } };
  const fast = 10 * top.bottleneck.rate;
  // two full packets each way across the three links
  const transmission = 2 * 2 * ((tcp.mss + tcp.headerBytes) * 8) * (1 / top.left.rate + 1 / fast + 1 / top.right.rate);
  const median = (xs: number[]) => xs[Math.floor(xs.length / 2)];
  it('the lesson says so, and its users declare no server delay', () => {
    expect(itemOf(sc).serverDelay).toBe('none');
    expect(textOf(NAME)).toContain("servers answer at once, as seeds/002's did");
  });
  it('uncongested: no exchange comes in under two round trips, and the typical one within the transmission over them', () => {
    const e = excessOverTwoRtts(lessonRun({ duration: 60, 'topology.bottleneck.rate': fast }, {}), tcp.mss);
    expect(e.length).toBeGreaterThan(5000);
    // measured: 0.07 ms the least, median 0.36 ms, 90 % within 0.66 ms (the bound: 1.44 ms)
    expect(e[0]).toBeGreaterThan(0);
    expect(median(e)).toBeLessThan(transmission);
  });
  it("fails where the statement is false: the same users' servers waiting PackMime's server delay", () => {
    const e = excessOverTwoRtts(lessonRun({ duration: 60, 'topology.bottleneck.rate': fast }, { serverDelay: 'packmime' }), tcp.mss);
    // measured: median 6.41 ms, near the server delay's own 5.9 ms
    expect(median(e)).toBeGreaterThan(2 * transmission);
  });
});
