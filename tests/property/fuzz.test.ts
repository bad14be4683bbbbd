import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseCliArgs } from '../../src/cli/main';
import { loadScenario } from '../../src/cli/load';
import { runScenario } from '../../src/engine/run';
import { cloneJson, getPath, jsonEqual, setPath } from '../../src/engine/scenario/paths';
import { PRESETS, presetScenario } from '../../src/engine/scenario/presets';
import type { ParamSpec } from '../../src/engine/core/params';
import { paramSpecAt, parseScenario, type Scenario } from '../../src/engine/scenario/schema';
import { applySet, applySetTexts } from '../../src/engine/scenario/set';
import { SCENARIO_TREE, type FieldNode } from '../../src/engine/scenario/tree';
import { decodeHash, encodeHash } from '../../src/engine/scenario/url';

/*
 * Fuzzing what a user can type: scenario JSON, --set assignments, links and command
 * lines, built from the real field names mixed with junk (prototype names, empty parts,
 * indices past the end) and values at and beyond every edge (1e400, 1e-300, -0, huge
 * strings, objects where numbers go). Seeded, so a failure reproduces. For every case:
 * nothing throws, every error message starts by naming a field (a dotted path of the
 * scenario, or the option / key it concerns), and what is accepted is a valid scenario.
 * A few hundred of the accepted scenarios, made small, are also run on the engine.
 */

/** Fixed so CI is reproducible; FUZZ_SEED=<n> explores other cases locally. */
const SEED = Number(process.env.FUZZ_SEED ?? 20240917);

// ---- vocabulary ----------------------------------------------------------------------

/** Every field name of the scenario tree (all variants), so fuzzed paths hit real fields often. */
function treeNames(node: FieldNode, out: Set<string>): void {
  if (node.t === 'object') for (const [k, f] of Object.entries(node.fields)) out.add(k), treeNames(f, out);
  else if (node.t === 'union') {
    out.add('kind');
    for (const v of Object.values(node.variants)) for (const [k, f] of Object.entries(v)) out.add(k), treeNames(f, out);
  } else if (node.t === 'array') treeNames(node.item, out);
}
const NAMES = [...(() => {
  const s = new Set<string>();
  treeNames(SCENARIO_TREE, s);
  return s;
})()];
const JUNK_SEGMENTS = ['constructor', 'toString', 'valueOf', 'hasOwnProperty', '__proto__', 'prototype', '', '0', '1', '7', '-1', '01', 'x', 'Kind', ' kind', 'maxp'];
const KIND_NAMES = ['red', 'droptail', 'bulk', 'udp', 'constant', 'uniform', 'empirical', 'dumbbell', 'general', 'constructor', 'toString', '__proto__', ''];

const PRESET_NAMES = ['default', 'ecn-finite', 'md1-poisson', 'random-loss', 'lockout-dt', 'feng-fig12', 'feng-fig1-a-8'].filter((n) => PRESETS.some((p) => p.name === n));

const segment = fc.oneof({ weight: 6, arbitrary: fc.constantFrom(...NAMES) }, { weight: 2, arbitrary: fc.constantFrom(...JUNK_SEGMENTS) }, { weight: 1, arbitrary: fc.string({ maxLength: 6 }) });

/** Leaf paths of a preset (real paths: the fuzzer starts from them and bends them). */
function leafPaths(v: unknown, segs: string[] = [], out: string[] = []): string[] {
  if (typeof v === 'object' && v !== null) {
    const entries = Array.isArray(v) ? v.map((x, i) => [String(i), x] as const) : Object.entries(v);
    if (segs.length) out.push(segs.join('.'));
    for (const [k, x] of entries) leafPaths(x, [...segs, k], out);
  } else out.push(segs.join('.'));
  return out;
}
const REAL_PATHS = [...new Set(PRESET_NAMES.flatMap((n) => leafPaths(presetScenario(n))))];

const path = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...REAL_PATHS) },
  { weight: 2, arbitrary: fc.tuple(fc.constantFrom(...REAL_PATHS), segment).map(([p, s]) => `${p}.${s}`) },
  { weight: 2, arbitrary: fc.array(segment, { minLength: 1, maxLength: 5 }).map((a) => a.join('.')) },
  { weight: 1, arbitrary: fc.string({ maxLength: 12 }) },
);

const number = fc.oneof(
  fc.constantFrom(0, -0, 1, -1, 0.5, 2, 3, 100, 1e-300, 1e-9, 1e300, Infinity, -Infinity, NaN, 4294967296, 1e15, 1e16, Number.MAX_SAFE_INTEGER, 0.1 + 0.2),
  fc.double({ noNaN: false }),
  fc.integer({ min: -1000, max: 100000 }),
);
const jsonValue: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  v: fc.oneof(
    { weight: 5, arbitrary: number },
    { weight: 2, arbitrary: fc.constantFrom(...KIND_NAMES) },
    { weight: 1, arbitrary: fc.constantFrom(true, false, null, 'left', 'right', 'packets', 'bytes', 'ns2') },
    { weight: 1, arbitrary: fc.string({ maxLength: 8 }) },
    { weight: 1, arbitrary: fc.array(tie('v'), { maxLength: 3 }) },
    { weight: 2, arbitrary: fc.dictionary(fc.oneof(fc.constantFrom(...NAMES), fc.constantFrom(...JUNK_SEGMENTS)), tie('v'), { maxKeys: 4 }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constantFrom(...KIND_NAMES) }) },
  ),
})).v;

/** The text of a value as typed in --set or a link (JSON, bare words, and numbers JSON cannot hold). */
const valueText = fc.oneof(
  { weight: 4, arbitrary: jsonValue.map((v) => (typeof v === 'string' ? v : String(JSON.stringify(v)))) },
  { weight: 2, arbitrary: fc.constantFrom('1e400', '-1e400', '1e-300', 'NaN', 'Infinity', '0x10', '1_000', ' 5 ', '', '=', 'null', '{', '[1,', '"red"', '{"kind":"constructor"}', '{"kind":"red","minTh":50,"maxTh":45}') },
  { weight: 1, arbitrary: fc.string({ maxLength: 10 }) },
);

// ---- what a good message looks like -----------------------------------------------------

const TOP = new Set(Object.keys((SCENARIO_TREE as { fields: Record<string, unknown> }).fields));

/**
 * A message names its field: it starts with a dotted path (optionally quoted, e.g.
 * "topology.left." for a path with an empty part) that is a field of the scenario or
 * one the user gave (or a part of it), an option (--set, --out) or a link key, possibly
 * after a source prefix ("--set ", "after --set: ", "s: ").
 */
function namesField(msg: string, given: readonly string[] = []): boolean {
  const stripped = msg.replace(/^(--set |after --set: |s: )/, '');
  return namesAtStart(msg, given) || (stripped !== msg && namesAtStart(stripped, given));
}

function namesAtStart(m: string, given: readonly string[]): boolean {
  if (m.startsWith('(empty)') || m.startsWith('"')) return true;
  const token = /^([^\s:=",;]*)/.exec(m)?.[1] ?? '';
  if (token === '') return false;
  if (token.startsWith('--')) return true;
  if (given.some((g) => g === token || g.startsWith(token + '.') || token.startsWith(g + '.'))) return true;
  return TOP.has(token.split('.')[0]) || token === 'p' || token === 'v' || token === 's';
}

function expectNamed(msgs: readonly string[], context: string, given: readonly string[] = []): void {
  for (const m of msgs) {
    expect(typeof m, context).toBe('string');
    expect(namesField(m, given), `${context}: "${m}" does not name its field`).toBe(true);
    expect(m, context).not.toMatch(/TypeError|ReferenceError|at [\w.]+ \(|undefined is not|Cannot read/);
  }
}

// ---- the properties -------------------------------------------------------------------

const NUM_RUNS = { scenarios: 1500, sets: 1500, links: 1500, cli: 800, engine: 300 };

describe('fuzz: what users type never crashes and every error names its field', () => {
  it('scenario JSON: presets with fields replaced, added or bent', () => {
    fc.assert(
      fc.property(fc.constantFrom(...PRESET_NAMES), fc.array(fc.tuple(path, jsonValue), { minLength: 1, maxLength: 4 }), (name, edits) => {
        const json = cloneJson(presetScenario(name)) as unknown as Record<string, unknown>;
        for (const [p, v] of edits) {
          try {
            setPath(json, p, v);
          } catch {
            /* the path goes through a non-object: leave the scenario as it is */
          }
        }
        const r = parseScenario(json);
        if (!r.ok) {
          expect(r.errors.length).toBeGreaterThan(0);
          expectNamed(r.errors, JSON.stringify(edits), edits.map(([p]) => p));
        } else expect(parseScenario(r.scenario).ok).toBe(true);
      }),
      { seed: SEED, numRuns: NUM_RUNS.scenarios },
    );
  });

  it('--set: assignments with real, bent and junk paths and values', () => {
    fc.assert(
      fc.property(fc.constantFrom(...PRESET_NAMES), fc.array(fc.oneof(fc.tuple(path, valueText).map(([p, v]) => `${p}=${v}`), path), { minLength: 1, maxLength: 4 }), (name, sets) => {
        const given = sets.map((a) => a.split('=')[0].trim());
        const r = loadScenario({ preset: name, sets });
        if (!r.ok) expectNamed(r.errors, JSON.stringify(sets), given);
        else expect(parseScenario(r.scenario).ok).toBe(true);
        // the same assignments one by one on a plain object: no throw, messages named
        const obj = cloneJson(presetScenario(name)) as unknown as Record<string, unknown>;
        expectNamed(applySetTexts(obj, sets), JSON.stringify(sets), given);
      }),
      { seed: SEED + 1, numRuns: NUM_RUNS.sets },
    );
  });

  it('links: key=value pairs, percent-encoding and junk; the result is valid and re-encodes', () => {
    const pair = fc.oneof(
      { weight: 6, arbitrary: fc.tuple(path, valueText).map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`) },
      { weight: 1, arbitrary: fc.tuple(path, valueText).map(([k, v]) => `${k}=${v}`) },
      { weight: 1, arbitrary: fc.constantFrom('p=default', 'p=nope', 'p=constructor', 'v=2', 's=%%%', 's=e30', 'seed=-1', 'seed=1e400', '%E0%A4%A', '=', '&&', 'x') },
      { weight: 1, arbitrary: fc.string({ maxLength: 12 }) },
    );
    fc.assert(
      fc.property(fc.array(pair, { minLength: 1, maxLength: 6 }), (pairs) => {
        const hash = pairs.join('&');
        const d = decodeHash(hash);
        expectNamed(d.errors, hash, d.problems.map((p) => p.key));
        for (const p of d.problems) expect(typeof p.key).toBe('string');
        expect(parseScenario(d.scenario).ok, hash).toBe(true);
        const back = decodeHash(encodeHash(d.scenario, d.presetName));
        expect(back.errors, hash).toEqual([]);
        expect(jsonEqual(back.scenario, d.scenario), hash).toBe(true);
      }),
      { seed: SEED + 2, numRuns: NUM_RUNS.links },
    );
  });

  it('command lines: options with missing, negative and junk values', () => {
    const token = fc.oneof(
      fc.constantFrom('--preset', '--set', '--out', '--series', '--sample', '--trace', '--trace-flows', '--dry-run', '--quiet', '--list-presets', '-h', '--frob', '-x', '--'),
      fc.constantFrom('-1', '-0.5', '0', '1e400', '-1e400', 'NaN', 'default', 'tcp.mss', 'tcp.mss=1', 'a.json', '=', ''),
      fc.string({ maxLength: 6 }),
    );
    fc.assert(
      fc.property(fc.array(token, { maxLength: 6 }), (argv) => {
        const r = parseCliArgs(argv);
        if (!r.ok) {
          for (const e of r.errors) {
            expect(e, JSON.stringify(argv)).toMatch(/^(--?[\w-]+|one scenario file|give a scenario file|Unexpected argument|Unknown option)/);
            expect(e).not.toMatch(/ambiguous|at [\w.]+ \(/);
          }
        }
      }),
      { seed: SEED + 3, numRuns: NUM_RUNS.cli },
    );
  });

  it('the engine runs accepted fuzzed scenarios (made small) without an exception', () => {
    const small = (s: Scenario): Scenario | null => {
      const j = cloneJson(s) as unknown as Record<string, unknown>;
      // small and quick: at most 0.3 s, few flows, rates up to 100 Mb/s (the run-size cap handles the rest)
      j.duration = Math.min(Number(j.duration ?? 0.3), 0.3);
      j.warmup = 0;
      const traffic = j.traffic as Record<string, unknown>[];
      for (const t of traffic) {
        if (t.kind === 'bulk') t.flows = Math.min(Number(t.flows), 4);
        if (typeof t.rate === 'number') t.rate = Math.min(t.rate, 1e8);
      }
      const topo = j.topology as Record<string, unknown>;
      const cap = (o: unknown) => {
        if (o && typeof o === 'object' && typeof (o as Record<string, unknown>).rate === 'number') (o as Record<string, number>).rate = Math.min((o as Record<string, number>).rate, 1e8);
      };
      if (topo.kind === 'dumbbell') {
        for (const k of ['bottleneck', 'left', 'right']) cap(topo[k]);
        for (const k of ['left', 'right']) (topo[k] as Record<string, number>).hosts = Math.min((topo[k] as Record<string, number>).hosts, 4);
      } else for (const l of topo.links as unknown[]) cap(l);
      const r = parseScenario(j);
      return r.ok ? r.scenario : null;
    };
    // the preset's own leaves with values near their ranges, so most cases are accepted and run
    // every value allowed by the declaration, edges included, spread over its range on a log scale
    const valueFor = (spec: ParamSpec): fc.Arbitrary<string> => {
      if (spec.type === 'boolean') return fc.boolean().map(String);
      if (spec.type === 'enum') return fc.constantFrom(...spec.values);
      const lo = spec.exclusiveMin ? (spec.min === 0 ? 1e-9 : spec.min * (1 + 1e-9)) : spec.min;
      const hi = spec.max;
      const mid = fc.double({ min: Math.log10(Math.max(lo, 1e-9)), max: Math.log10(Math.max(hi, 1e-9)), noNaN: true }).map((e) => Math.min(hi, Math.max(lo, 10 ** e)));
      const v = fc.oneof(fc.constant(lo), fc.constant(hi), mid, mid);
      return (spec.integer ? v.map((x) => Math.min(hi, Math.max(Math.ceil(lo), Math.round(x)))) : v).map(String);
    };
    const paramLeaves = (name: string) => {
      const sc = presetScenario(name)!;
      return leafPaths(sc).flatMap((p) => {
        const spec = paramSpecAt(sc, p);
        return spec ? [{ p, spec }] : [];
      });
    };
    const caseOf = fc.constantFrom(...PRESET_NAMES).chain((name) =>
      fc.tuple(fc.constant(name), fc.array(fc.constantFrom(...paramLeaves(name)).chain(({ p, spec }) => valueFor(spec).map((v) => `${p}=${v}`)), { minLength: 1, maxLength: 3 })),
    );
    let ran = 0;
    fc.assert(
      fc.property(caseOf, ([name, sets]) => {
        const r = loadScenario({ preset: name, sets });
        if (!r.ok) return void (process.env.FUZZ_DEBUG && console.log('rejected', sets, r.errors));
        const s = small(r.scenario);
        if (!s) return void (process.env.FUZZ_DEBUG && console.log('small failed', sets));
        const res = runScenario(s);
        ran++;
        expect(res.summary.simulatedSeconds).toBeLessThanOrEqual(0.3 + 1e-9);
      }),
      { seed: SEED + 4, numRuns: NUM_RUNS.engine },
    );
    console.log(`fuzz: ${ran} accepted scenarios ran on the engine`);
    expect(ran).toBeGreaterThan(10);
  });

  it('whole objects given to a field are checked before they are put in place', () => {
    const s = presetScenario('default') as unknown as Record<string, unknown>;
    for (const k of ['constructor', 'toString', 'valueOf', 'hasOwnProperty', '__proto__']) {
      const e = applySet(s, 'topology.bottleneck.queue', { kind: k });
      expect(e).toMatch(new RegExp(`^topology\\.bottleneck\\.queue\\.kind = "${k}" is not allowed: one of "droptail", "red"`));
      // the next key still resolves against the queue that was kept
      expect(applySet(s, 'topology.bottleneck.queue.name', 1)).toMatch(/^topology\.bottleneck\.queue\.name: unknown field of topology\.bottleneck\.queue \(red\)/);
    }
    expect(applySet(s, 'topology.bottleneck.queue', { kind: 'red', minTh: 'x', foo: 1 })).toBe(
      'topology.bottleneck.queue.minTh: expected a number (0 to 1000000000 packets), got "x"; topology.bottleneck.queue.foo: unknown field; allowed here: kind, limit, unit, countRule, minTh, maxTh, maxP, wq, gentle, wait, ecn, aboveMaxTh, mode, meanPktSize',
    );
    expect(getPath(s, 'topology.bottleneck.queue.kind')).toBe('red');
    expect(applySet(s, 'topology.bottleneck', { rate: 1e400 })).toMatch(/^topology\.bottleneck\.rate: expected a number .*got a number too large to represent/);
    expect(applySet(s, 'traffic', [{ kind: 'bulk', flows: 0 }])).toMatch(/^traffic\.0\.flows = 0 is out of range/);
  });
});
