import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { getPath, jsonEqual } from '../../../../src/engine/scenario/paths';
import { presetScenario } from '../../../../src/engine/scenario/presets';
import { parseScenario, type Scenario } from '../../../../src/engine/scenario/schema';
import { applySet } from '../../../../src/engine/scenario/set';
import { SCENARIO_TREE, type FieldNode } from '../../../../src/engine/scenario/tree';
import { decodeHash, encodeHash } from '../../../../src/engine/scenario/url';

/** Settable places of a scenario: declared parameters (present or optional-absent) and union kinds. */
interface Place {
  path: string;
  node: FieldNode;
  kind: boolean;
}

function places(node: FieldNode, v: unknown, segs: string[], out: Place[], parent?: Record<string, unknown>): void {
  const path = segs.join('.');
  switch (node.t) {
    case 'param':
      out.push({ path, node, kind: false });
      return;
    case 'object': {
      if (v === undefined && node.optional === 'omit') return;
      const o = (v ?? {}) as Record<string, unknown>;
      for (const [k, f] of Object.entries(node.fields)) places(f, o[k], [...segs, k], out, o);
      return;
    }
    case 'union': {
      if (node.fixedKind) {
        const o = v as Record<string, unknown>;
        for (const [k, f] of Object.entries(node.variants[o.kind as string])) places(f, o[k], [...segs, k], out, o);
        return;
      }
      // an absent union can be created through its kind (reverseQueue copies queue; flowDelay gets defaults)
      out.push({ path: `${path}.kind`, node: { t: 'param', spec: node.spec, optional: 'default' }, kind: true });
      const o = (v ?? (node.copyOf ? parent?.[node.copyOf] : undefined)) as Record<string, unknown> | undefined;
      if (v === undefined || !o) return;
      for (const [k, f] of Object.entries(node.variants[o.kind as string])) places(f, o[k], [...segs, k], out, o);
      return;
    }
    case 'array':
      (v as unknown[]).forEach((x, i) => places(node.item, x, [...segs, String(i)], out));
      return;
    default:
      return;
  }
}

/** A value for a place from a number u in [0, 1). */
function valueFor(p: Place, u: number, remove: boolean): unknown {
  if (p.node.t !== 'param') return undefined;
  if (remove && p.node.optional === 'omit') return null;
  const spec = p.node.spec;
  if (spec.type === 'boolean') return u < 0.5;
  if (spec.type === 'enum') return spec.values[Math.floor(u * spec.values.length)];
  const hi = Math.min(spec.max, spec.min + 1e6);
  let x = spec.min + u * (hi - spec.min);
  if (spec.integer) x = Math.round(x);
  if (spec.exclusiveMin && x <= spec.min) x = spec.integer ? spec.min + 1 : spec.min + (hi - spec.min) / 2;
  return x;
}

const NAMES = ['default', 'ecn-finite', 'lockout-dt', 'ecn-finite-n2-ecn1-c-ql16', 'bench-100-red', 'md1-poisson', 'random-loss'];

const op = fc.record({ pick: fc.nat(), u: fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), remove: fc.boolean(), round: fc.boolean() });

/** Applies each op to a leaf of `s` picked among its places now (a refused setting leaves `s` as it was); `round` ops round numbers to 2 digits when asked. */
function applyOps(s: Record<string, unknown>, ops: readonly { pick: number; u: number; remove: boolean; round: boolean }[], rounding = false): void {
  for (const o of ops) {
    const list: Place[] = [];
    places(SCENARIO_TREE, s, [], list);
    const p = list[o.pick % list.length];
    let v = valueFor(p, o.u, o.remove);
    if (rounding && o.round && typeof v === 'number' && !Number.isInteger(v)) v = Number(v.toPrecision(2));
    applySet(s, p.path, v);
  }
}

/**
 * The edited scenario `s` (when valid) gives a readable link (no compact `s=`) that opens as
 * the same scenario with no problem and no notice, its keys as written and in any order
 * (`shuffleSeed` picks the order).
 */
function expectReadableRoundTrip(s: Record<string, unknown>, name: string, shuffleSeed: number): void {
  const parsed = parseScenario(s);
  fc.pre(parsed.ok);
  const scenario = (parsed as { ok: true; scenario: Scenario }).scenario;
  const hash = encodeHash(scenario, name);
  expect(hash.includes('&s=')).toBe(false);
  const [head, ...pairs] = hash.slice(1).split('&');
  const shuffled = pairs
    .map((x, i) => ({ x, k: (i * 2654435761 + shuffleSeed) % 1000003 }))
    .sort((a, b) => a.k - b.k)
    .map((e) => e.x);
  for (const h of [hash, `#${[head, ...shuffled].join('&')}`]) {
    const back = decodeHash(h);
    expect(back.errors).toEqual([]);
    expect(back.notices).toEqual([]);
    expect(jsonEqual(back.scenario, scenario)).toBe(true);
  }
}

describe('URL codec round trip', () => {
  it('decode(encode(s)) gives back s, with no errors, for mutated presets', () => {
    fc.assert(
      fc.property(fc.constantFrom(...NAMES), fc.array(op, { maxLength: 8 }), fc.integer({ min: 0, max: 2 ** 32 - 1 }), fc.boolean(), (name, ops, seed, addItem) => {
        const s = presetScenario(name)! as unknown as Record<string, unknown>;
        applyOps(s, ops, true); // a setting may be refused (e.g. a range the rounding left); the scenario stays as it was
        s.seed = seed;
        if (addItem) (s.traffic as unknown[]).push({ kind: 'udp', pattern: 'cbr', rate: 1e5, packetSize: 200, from: 'right', start: 0, stop: 1 });
        const parsed = parseScenario(s);
        fc.pre(parsed.ok);
        const scenario = (parsed as { ok: true; scenario: Scenario }).scenario;
        const hash = encodeHash(scenario, name);
        const back = decodeHash(hash);
        expect(back.errors).toEqual([]);
        expect(back.presetName).toBe(name);
        expect(jsonEqual(back.scenario, scenario)).toBe(true);
        // readable whenever the shape matches the preset
        if (!addItem) expect(hash.includes('&s=')).toBe(false);
      }),
      { numRuns: 300 },
    );
  });

  it('a readable link is decoded to the same scenario whatever the order of its pairs', () => {
    fc.assert(
      fc.property(fc.array(op, { minLength: 1, maxLength: 6 }), fc.nat(), (ops, shuffleSeed) => {
        const s = presetScenario('ecn-finite')! as unknown as Record<string, unknown>;
        applyOps(s, ops);
        const parsed = parseScenario(s);
        fc.pre(parsed.ok);
        const scenario = (parsed as { ok: true; scenario: Scenario }).scenario;
        const hash = encodeHash(scenario, 'ecn-finite');
        fc.pre(!hash.includes('&s='));
        const [head, ...pairs] = hash.slice(1).split('&');
        // deterministic shuffle
        const shuffled = pairs
          .map((x, i) => ({ x, k: (i * 2654435761 + shuffleSeed) % 1000003 }))
          .sort((a, b) => a.k - b.k)
          .map((e) => e.x);
        const back = decodeHash(`#${[head, ...shuffled].join('&')}`);
        expect(back.errors).toEqual([]);
        expect(jsonEqual(back.scenario, scenario)).toBe(true);
        expect(getPath(back.scenario, 'seed')).toBe(scenario.seed);
      }),
      { numRuns: 150 },
    );
  });

  /** Items as the editor adds them: a kind, where it goes, and (through the ops after) any of its fields changed. */
  const KINDS = ['bulk', 'udp', 'packmime', 'web-users', 'web-sessions'] as const;
  const edit = fc.record({ add: fc.boolean(), kind: fc.constantFrom(...KINDS), at: fc.nat(), right: fc.boolean() });
  // dumbbells of 1, 2 and 3 items and a general topology of 5 (items there go from src to dst)
  const SHAPED = ['default', 'ecn-finite-n2-ecn1-c-ql16', 'cubic-vs-reno', 'feng-fig1-a-8'];

  it('traffic items added and removed (middle or end) are said in readable pairs, and decode(encode(s)) gives back s in any order of the pairs', () => {
    fc.assert(
      fc.property(fc.constantFrom(...SHAPED), fc.array(edit, { minLength: 1, maxLength: 4 }), fc.array(op, { maxLength: 6 }), fc.nat(), (name, edits, ops, shuffleSeed) => {
        const s = presetScenario(name)! as unknown as Record<string, unknown>;
        const traffic = s.traffic as Record<string, unknown>[];
        const general = (s.topology as { kind: string }).kind === 'general';
        for (const e of edits) {
          if (e.add) traffic.push(general ? { kind: e.kind, src: 'n0', dst: 'n8' } : { kind: e.kind, from: e.right ? 'right' : 'left' });
          else if (traffic.length > 1) traffic.splice(e.at % traffic.length, 1);
        }
        applyOps(s, ops);
        expectReadableRoundTrip(s, name, shuffleSeed);
      }),
      { numRuns: 300 },
    );
  });
  /** A general topology grown as the editor grows one: a node joined to an existing one by a new link, or a leaf link and its node removed. */
  const grow = fc.record({ add: fc.boolean(), to: fc.nat(), rate: fc.constantFrom(1e6, 5e7), delay: fc.constantFrom(0.001, 0.005, 2), queue: fc.constantFrom(undefined, 'red', 'codel') });
  const GENERAL = ['feng-fig1-a-8', 'feng-fig12'];

  it('nodes and links added to and removed from a general topology are said in readable pairs, and decode(encode(s)) gives back s in any order', () => {
    fc.assert(
      fc.property(fc.constantFrom(...GENERAL), fc.array(grow, { minLength: 1, maxLength: 4 }), fc.array(op, { maxLength: 4 }), fc.nat(), (name, edits, ops, shuffleSeed) => {
        const s = presetScenario(name)! as unknown as Record<string, unknown>;
        const topo = s.topology as { nodes: { name: string }[]; links: Record<string, unknown>[] };
        const used = new Set((s.traffic as Record<string, unknown>[]).flatMap((t) => [t.src, t.dst]));
        let made = 0;
        for (const e of edits) {
          if (e.add) {
            const name = `x${made++}`;
            const to = topo.nodes[e.to % topo.nodes.length].name;
            topo.nodes.push({ name });
            topo.links.push({ from: name, to, rate: e.rate, delay: e.delay, ...(e.queue ? { queue: { kind: e.queue } } : {}) });
          } else {
            // a node at the end of one link that no traffic uses: the node and its link go
            const degree = (n: string) => topo.links.filter((l) => l.from === n || l.to === n).length;
            const leaf = topo.nodes.findIndex((n) => degree(n.name) === 1 && !used.has(n.name));
            if (leaf < 0) continue;
            const n = topo.nodes[leaf].name;
            topo.nodes.splice(leaf, 1);
            topo.links.splice(topo.links.findIndex((l) => l.from === n || l.to === n), 1);
          }
        }
        applyOps(s, ops);
        expectReadableRoundTrip(s, name, shuffleSeed);
      }),
      { numRuns: 200 },
    );
  });
});
