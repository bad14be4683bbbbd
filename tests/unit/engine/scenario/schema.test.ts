import { describe, expect, it } from 'vitest';
import { AQMS } from '../../../../src/engine/aqm/registry';
import { defaultsOf, type NumberParam, type ParamSpec, type ParamSpecs } from '../../../../src/engine/core/params';
import { TCP_PARAMS } from '../../../../src/engine/tcp/params';
import { LINK_FIELDS, SIDE_FIELDS } from '../../../../src/engine/scenario/fields';
import { BULK_PARAMS as BULK_FIELDS } from '../../../../src/engine/traffic/bulk';
import { UDP_PARAMS as UDP_FIELDS } from '../../../../src/engine/traffic/udp';
import { cloneJson, jsonEqual } from '../../../../src/engine/scenario/paths';
import { PRESETS } from '../../../../src/engine/scenario/presets';
import { connectedParts, getPath, paramSpecAt, parseScenario, setPath, type Scenario } from '../../../../src/engine/scenario/schema';

/** A small valid scenario in raw form (most fields left to their defaults). */
function minimal(): Record<string, unknown> {
  return { version: 1, duration: 5, topology: { kind: 'dumbbell', bottleneck: { queue: { kind: 'red' } } }, traffic: [{ kind: 'bulk', flows: 2 }] };
}

function errorsOf(json: unknown): string[] {
  const r = parseScenario(json);
  if (r.ok) throw new Error('expected the scenario to be rejected');
  return r.errors;
}

function ok(json: unknown): Scenario {
  const r = parseScenario(json);
  if (!r.ok) throw new Error(r.errors.join('\n'));
  return r.scenario;
}

function numbersOf(specs: ParamSpecs): [string, NumberParam][] {
  return Object.entries(specs).filter((e): e is [string, NumberParam] => e[1].type === 'number');
}

describe('parseScenario: accepting and defaulting', () => {
  it('accepts every preset, and parsing a parsed preset changes nothing', () => {
    for (const p of PRESETS) {
      const again = parseScenario(cloneJson(p.scenario));
      expect(again.ok, p.name).toBe(true);
      if (again.ok) expect(jsonEqual(again.scenario, p.scenario), p.name).toBe(true);
    }
  });

  it('fills every default from the declarations', () => {
    const s = ok(minimal());
    expect(s.seed).toBe(1);
    expect(s.tcp).toEqual(defaultsOf(TCP_PARAMS));
    if (s.topology.kind !== 'dumbbell') throw new Error('dumbbell expected');
    const red = AQMS.find((d) => d.kind === 'red')!;
    expect(s.topology.bottleneck.queue).toEqual({ kind: 'red', ...defaultsOf(red.params) });
    expect(s.topology.bottleneck.rate).toBe(LINK_FIELDS.rate.default);
    expect(s.topology.bottleneck.loss).toBe(0);
    expect(s.topology.left).toEqual(defaultsOf(SIDE_FIELDS));
    expect(s.topology.bottleneck.reverseQueue).toBeUndefined();
    expect(s.topology.flowDelay).toBeUndefined();
    expect(s.traffic[0]).toEqual({ kind: 'bulk', from: 'left', flows: 2, start: 0, startSpread: 0 });
  });

  it('defaults a missing queue to drop-tail and keeps optional fields absent', () => {
    const s = ok({ version: 1, topology: { kind: 'dumbbell' }, traffic: [{ kind: 'bulk', bytes: 1000, tcp: { ecn: true } }] });
    if (s.topology.kind !== 'dumbbell') throw new Error('dumbbell expected');
    expect(s.topology.bottleneck.queue.kind).toBe('droptail');
    expect(s.duration).toBeUndefined();
    const t = s.traffic[0];
    expect(t.kind === 'bulk' && t.tcp).toEqual({ ecn: true }); // overrides stay partial
  });

  it('keeps a general topology without inventing a dumbbell side', () => {
    const s = ok({
      version: 1,
      duration: 1,
      topology: { kind: 'general', nodes: [{ name: 'a' }, { name: 'r' }, { name: 'b' }], links: [{ from: 'a', to: 'r' }, { from: 'r', to: 'b', rate: 1e6 }] },
      traffic: [{ kind: 'udp', src: 'a', dst: 'b' }],
    });
    expect(s.traffic[0].from).toBeUndefined();
    if (s.topology.kind !== 'general') throw new Error('general expected');
    expect(s.topology.links[0].queue).toBeUndefined(); // the engine's deep access queue
    expect(s.topology.links[1].rate).toBe(1e6);
  });
});

describe('parseScenario: every message names the field, the value and the range', () => {
  const paramSets: [string, ParamSpecs, (v: unknown) => Record<string, unknown>][] = [
    ['tcp', TCP_PARAMS, () => minimal()],
    ['topology.bottleneck', LINK_FIELDS, () => minimal()],
    ['topology.left', SIDE_FIELDS, () => minimal()],
    ['traffic.0', BULK_FIELDS, () => minimal()],
    ['traffic.0', UDP_FIELDS, () => ({ ...minimal(), traffic: [{ kind: 'udp' }] })],
    ...AQMS.map((d): [string, ParamSpecs, () => Record<string, unknown>] => [
      'topology.bottleneck.queue',
      d.params,
      () => ({ ...minimal(), topology: { kind: 'dumbbell', bottleneck: { queue: { kind: d.kind } } } }),
    ]),
  ];

  it('rejects a number above its maximum for every declared numeric parameter', () => {
    let checked = 0;
    for (const [prefix, specs, make] of paramSets) {
      for (const [key, spec] of numbersOf(specs)) {
        const json = make(undefined);
        const path = `${prefix}.${key}`;
        const bad = spec.max * 2 + 1;
        setPath(json, path, bad);
        const errs = errorsOf(json);
        expect(errs.length, path).toBe(1);
        expect(errs[0]).toContain(path);
        expect(errs[0]).toContain(String(bad));
        expect(errs[0]).toContain(`${spec.min} to ${spec.max}`);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(30);
  });

  it('rejects a value below the minimum, an excluded minimum and a fraction for a whole number', () => {
    const a = minimal();
    setPath(a, 'topology.bottleneck.queue.maxP', -0.5);
    expect(errorsOf(a)).toEqual(['topology.bottleneck.queue.maxP = -0.5 is out of range: allowed 0 to 1 probability']);
    const b = minimal();
    setPath(b, 'duration', 0);
    expect(errorsOf(b)[0]).toMatch(/^duration = 0 is out of range: allowed > 0 to 1000000 s$/);
    const r = minimal();
    setPath(r, 'topology.bottleneck.rate', 999);
    expect(errorsOf(r)[0]).toMatch(/^topology\.bottleneck\.rate = 999 is out of range: allowed 1000 to 1000000000000 bps$/);
    const c = minimal();
    setPath(c, 'traffic.0.flows', 2.5);
    expect(errorsOf(c)[0]).toMatch(/^traffic\.0\.flows = 2\.5 must be a whole number \(whole number 1 to 100000\)$/);
  });

  it('a time, rate or size written with a unit in a file gets the SI number to write; a quoted number is told to drop the quotes', () => {
    const a = minimal();
    setPath(a, 'topology.bottleneck.rate', '10Mb/s');
    setPath(a, 'topology.bottleneck.delay', '20ms');
    setPath(a, 'tcp.rwnd', '64KB');
    setPath(a, 'duration', ' 8 ');
    setPath(a, 'seed', 'x');
    const e = errorsOf(a);
    expect(e).toContain('topology.bottleneck.rate: expected a number (1000 to 1000000000000 bps), got "10Mb/s": in a scenario file write the number in bits/s, 10000000 (a unit such as 10Mb/s is read by --set and links, not in a file)');
    expect(e).toContain('topology.bottleneck.delay: expected a number (0 to 10 s), got "20ms": in a scenario file write the number in seconds, 0.02 (a unit such as 20ms is read by --set and links, not in a file)');
    expect(e).toContain('tcp.rwnd: expected a number (whole number 1 to 1000000000 bytes), got "64KB": in a scenario file write the number in bytes, 65536 (a unit such as 64KB is read by --set and links, not in a file)');
    expect(e).toContain('duration: expected a number (> 0 to 1000000 s), got " 8 ": write it without quotes, 8');
    // text that is neither: no hint
    expect(e).toContain('seed: expected a number (whole number 0 to 4294967295), got "x"');
  });

  it('names the allowed values of an enum and the type of a wrong-typed value', () => {
    const a = minimal();
    setPath(a, 'tcp.variant', 'cubic');
    setPath(a, 'tcp.ecn', 'yes');
    setPath(a, 'tcp.mss', '1460');
    expect(errorsOf(a)).toEqual([
      'tcp.variant = "cubic" is not allowed: one of "tahoe", "reno", "newreno", "sack"',
      'tcp.mss: expected a number (whole number 1 to 65495 bytes), got "1460": write it without quotes, 1460',
      'tcp.ecn: expected true or false, got "yes"',
    ]);
  });

  it('rejects unknown fields at every depth and lists what is allowed there', () => {
    const a = minimal();
    setPath(a, 'colour', 'red');
    setPath(a, 'topology.bottleneck.queue.maxp', 0.1);
    setPath(a, 'traffic.0.tcp.cwnd', 3);
    const errs = errorsOf(a);
    expect(errs).toHaveLength(3);
    expect(errs.find((e) => e.startsWith('colour: unknown field'))).toContain('topology');
    const q = errs.find((e) => e.startsWith('topology.bottleneck.queue.maxp: unknown field'))!;
    expect(q).toContain('maxP');
    expect(q).toContain('minTh');
    expect(errs.find((e) => e.startsWith('traffic.0.tcp.cwnd: unknown field'))).toContain('initialCwnd');
  });

  it("an unknown field in a file names the field it was probably meant for, or the queue kinds that have it", () => {
    const a = minimal();
    setPath(a, 'topology.bottleneck.queue', { kind: 'red', maxp: 0.1, target: 0.005 });
    const errs = errorsOf(a);
    expect(errs.find((e) => e.startsWith('topology.bottleneck.queue.maxp: unknown field'))).toMatch(/; did you mean maxP\?$/);
    expect(errs.find((e) => e.startsWith('topology.bottleneck.queue.target: unknown field'))).toMatch(/; target is a field of codel, pie: set topology\.bottleneck\.queue\.kind to one of them first$/);
  });

  it('lists the registered queue kinds for an unknown or missing kind', () => {
    const a = minimal();
    setPath(a, 'topology.bottleneck.queue', { kind: 'codel2' });
    const kinds = AQMS.map((d) => `"${d.kind}"`).join(', ');
    expect(errorsOf(a)).toEqual([`topology.bottleneck.queue.kind = "codel2" is not allowed: one of ${kinds}; did you mean "codel"?`]);
    setPath(a, 'topology.bottleneck.queue', { limit: 5 });
    expect(errorsOf(a)).toEqual([`topology.bottleneck.queue.kind: required, one of ${kinds}`]);
  });

  it("applies the AQM's cross-field rule: minTh must be below maxTh", () => {
    const a = minimal();
    setPath(a, 'topology.bottleneck.queue', { kind: 'red', minTh: 30, maxTh: 30 });
    const errs = errorsOf(a);
    expect(errs).toHaveLength(1);
    expect(errs[0]).toContain('topology.bottleneck.queue.minTh = 30');
    expect(errs[0]).toContain('maxTh = 30');
    setPath(a, 'topology.bottleneck.reverseQueue', { kind: 'red', minTh: 50, maxTh: 10 });
    setPath(a, 'topology.bottleneck.queue.maxTh', 31);
    expect(errorsOf(a)[0]).toContain('topology.bottleneck.reverseQueue.minTh = 50');
  });

  it('requires a duration when some traffic never ends', () => {
    const a = minimal();
    delete a.duration;
    const errs = errorsOf(a);
    expect(errs).toHaveLength(1);
    expect(errs[0]).toMatch(/^duration: required because traffic\.0 is unlimited/);
    expect(errs[0]).toContain('> 0 to 1000000 s');
    setPath(a, 'traffic.0.bytes', 1e6);
    expect(parseScenario(a).ok).toBe(true);
  });

  it('checks version, the top-level type and list lengths', () => {
    expect(errorsOf({ ...minimal(), version: 2 })[0]).toContain('version = 2');
    expect(errorsOf({ ...minimal(), version: undefined })[0]).toMatch(/^version: required/);
    expect(errorsOf([])[0]).toMatch(/^scenario: expected a JSON object/);
    expect(errorsOf({ ...minimal(), traffic: [] })).toEqual(['traffic: needs at least 1 item(s), got 0']);
    // the object expected is named by its fields, not "{ ... }"
    expect(errorsOf({ ...minimal(), topology: { kind: 'dumbbell', left: 3 } })).toEqual(['topology.left: expected an object {"hosts": ..., "rate": ..., "delay": ...}, got 3']);
  });

  it('general-topology nodes written as plain names are told the object they should be ({"name": "a"})', () => {
    const general = (nodes: unknown[]) => ({
      ...minimal(),
      topology: { kind: 'general', nodes, links: [{ from: 'a', to: 'b', rate: 1e6, delay: 0.01 }] },
      traffic: [{ kind: 'bulk', src: 'a', dst: 'b' }],
    });
    expect(parseScenario(general([{ name: 'a' }, { name: 'b' }])).ok).toBe(true);
    // all plain: one message for the list, with the example written out
    expect(errorsOf(general(['a', 'b', 'c']))).toEqual(['topology.nodes: each item is an object {"name": ...}, e.g. [{"name": "a"}, {"name": "b"}, ...]; got ["a","b","c"]']);
    // one plain among objects: that one, named by its index
    expect(errorsOf(general([{ name: 'a' }, 'b']))).toEqual(['topology.nodes.1: expected an object {"name": "b"}, got "b"']);
    expect(errorsOf({ ...general([{ name: 'a' }, { name: 'b' }]), topology: { kind: 'general', nodes: [{ name: 'a' }, { name: 'b' }], links: ['a-b'] } })).toEqual([
      'topology.links.0: expected an object {"from": ..., "to": ..., ...}, got "a-b"',
    ]);
  });

  it('checks the per-flow delay distributions', () => {
    const a = minimal();
    setPath(a, 'topology.flowDelay', { kind: 'uniform', min: 0.2, max: 0.1 });
    expect(errorsOf(a)).toEqual(['topology.flowDelay.min = 0.2 must not exceed topology.flowDelay.max = 0.1']);
    setPath(a, 'topology.flowDelay', { kind: 'empirical', points: [[0.01, 0.5], [0.005, 0.7], [0.1, 0.9]] });
    const errs = errorsOf(a);
    expect(errs.some((e) => e.startsWith('topology.flowDelay.points.1') && e.includes('must not decrease'))).toBe(true);
    expect(errs.some((e) => e.startsWith('topology.flowDelay.points.2') && e.includes('must be 1'))).toBe(true);
    setPath(a, 'topology.flowDelay', { kind: 'empirical', points: [[0.01, 0.5], [0.02, 0.5], [0.1, 1]] });
    expect(errorsOf(a)[0]).toContain('cumulative probability 0.5 must be above the previous (0.5)');
    setPath(a, 'topology.flowDelay', { kind: 'empirical', points: [[0.01, 0.5], [0.05, 1]] });
    expect(parseScenario(a).ok).toBe(true);
  });

  it('checks node names, links, routes and endpoints of a general topology', () => {
    const base = {
      version: 1,
      duration: 1,
      topology: {
        kind: 'general',
        nodes: [{ name: 'a' }, { name: 'b' }, { name: 'c' }, { name: 'a' }],
        links: [{ from: 'a', to: 'b' }, { from: 'b', to: 'x' }],
        bottleneck: { from: 'a', to: 'c' },
      },
      traffic: [{ kind: 'bulk', src: 'a', dst: 'c' }, { kind: 'bulk', from: 'left' }],
    };
    const errs = errorsOf(base);
    expect(errs).toContain('topology.nodes.3.name = "a" repeats topology.nodes.0.name; names must be unique');
    expect(errs).toContain('topology.links.1.to = "x" is not a node: one of "a", "b", "c"');
    expect(errs).toContain('topology.bottleneck = a -> c: no link joins these nodes');
    expect(errs).toContain('traffic.0: no path from "a" to "c"');
    expect(errs.some((e) => e.startsWith('traffic.1.from = "left"'))).toBe(true);
    expect(errs.some((e) => e.startsWith('traffic.1.src: required'))).toBe(true);
  });

  it('connectedParts: nodes joined by a path share a number, others differ, unlinked nodes have none', () => {
    // two parts, a-b-c (linked out of order, one link twice) and d-e; f is named by no link
    const part = connectedParts([['b', 'c'], ['d', 'e'], ['a', 'b'], ['c', 'b']]);
    expect(part.get('a')).toBe(part.get('c'));
    expect(part.get('a')).toBe(part.get('b'));
    expect(part.get('d')).toBe(part.get('e'));
    expect(part.get('a')).not.toBe(part.get('d'));
    expect(part.has('f')).toBe(false);
    expect(new Set(part.values()).size).toBe(2);
  });

  it('routes of a general topology with two parts: each item is told whether its src reaches its dst', () => {
    const nodes = ['a', 'b', 'c', 'd', 'e', 'lone'].map((name) => ({ name }));
    const links = [{ from: 'a', to: 'b' }, { from: 'c', to: 'b' }, { from: 'd', to: 'e' }];
    const traffic = [
      { kind: 'bulk', src: 'a', dst: 'c', bytes: 1000 },
      { kind: 'bulk', src: 'c', dst: 'd', bytes: 1000 },
      { kind: 'bulk', src: 'e', dst: 'd', bytes: 1000 },
      { kind: 'bulk', src: 'lone', dst: 'a', bytes: 1000 },
    ];
    const errs = errorsOf({ version: 1, duration: 1, topology: { kind: 'general', nodes, links }, traffic });
    expect(errs.filter((e) => e.includes('no path'))).toEqual(['traffic.1: no path from "c" to "d"', 'traffic.3: no path from "lone" to "a"']);
  });

  it('a message lists a few node names, not all 1,000 (a 280 KB file printed 400 MB of messages)', () => {
    const nodes = Array.from({ length: 1000 }, (_, i) => ({ name: `${'x'.repeat(199)}${i % 10}${i}`.slice(-200) }));
    const links = Array.from({ length: 2000 }, (_, i) => ({ from: `nope${i}`, to: nodes[0].name }));
    const errs = errorsOf({ version: 1, duration: 1, topology: { kind: 'general', nodes, links }, traffic: [{ kind: 'bulk', src: 'a', dst: nodes[1].name }] });
    expect(errs[0]).toBe(`topology.links.0.from = "nope0" is not a node: one of ${nodes.slice(0, 12).map((n) => `"${n.name.slice(0, 20)}…${n.name.slice(-20)}"`).join(', ')}, and 988 more (topology.nodes)`);
    expect(errs.some((e) => e.startsWith('traffic.0.src = "a" is not a node: one of "'))).toBe(true);
    expect(errs.join('\n').length).toBeLessThan(2_000_000);
  });

  it('rejects node names on a dumbbell and a UDP stop before its start', () => {
    const a = minimal();
    setPath(a, 'traffic.0', { kind: 'udp', src: 'h1', start: 3, stop: 2 });
    const errs = errorsOf(a);
    expect(errs).toContain('traffic.0.src = "h1": node names are for general topologies; a dumbbell item uses from = "left" or "right"');
    expect(errs).toContain('traffic.0.stop = 2 must be after traffic.0.start = 3');
  });
});

describe('paramSpecAt, getPath, setPath', () => {
  const s = ok({ ...minimal(), traffic: [{ kind: 'bulk', flows: 2 }, { kind: 'udp' }] });

  it('finds the declaration that governs a path, following the queue kind', () => {
    const red = AQMS.find((d) => d.kind === 'red')!;
    expect(paramSpecAt(s, 'topology.bottleneck.queue.maxP')).toBe(red.params.maxP);
    expect(paramSpecAt(s, 'tcp.ecn')).toBe(TCP_PARAMS.ecn);
    expect(paramSpecAt(s, 'traffic.0.tcp.rwnd')).toBe(TCP_PARAMS.rwnd);
    expect(paramSpecAt(s, 'traffic.0.flows')).toBe(BULK_FIELDS.flows);
    expect(paramSpecAt(s, 'traffic.1.rate')).toBe(UDP_FIELDS.rate);
    expect(paramSpecAt(s, 'traffic.1.flows')).toBeUndefined(); // a udp item has no flows
    // an absent reverseQueue is governed like the queue it would copy
    expect(paramSpecAt(s, 'topology.bottleneck.reverseQueue.minTh')).toBe(red.params.minTh);
    const kind = paramSpecAt(s, 'topology.bottleneck.queue.kind') as ParamSpec;
    expect(kind.type === 'enum' && kind.values).toEqual(AQMS.map((d) => d.kind));
    const dt = ok({ ...minimal(), topology: { kind: 'dumbbell' } });
    expect(paramSpecAt(dt, 'topology.bottleneck.queue.maxP')).toBeUndefined();
    expect(paramSpecAt(s, 'name')).toBeUndefined();
    expect(paramSpecAt(s, 'traffic.7.flows')).toBeUndefined();
  });

  it('reads and writes dotted paths with array indices', () => {
    const o: Record<string, unknown> = { a: { b: [{ c: 1 }, { c: 2 }] } };
    expect(getPath(o, 'a.b.1.c')).toBe(2);
    expect(getPath(o, 'a.b.2.c')).toBeUndefined();
    expect(getPath(o, 'a.x.y')).toBeUndefined();
    setPath(o, 'a.b.0.c', 5);
    setPath(o, 'a.n.m', true);
    expect(o).toEqual({ a: { b: [{ c: 5 }, { c: 2 }], n: { m: true } } });
    setPath(o, 'a.n', undefined);
    expect(o).toEqual({ a: { b: [{ c: 5 }, { c: 2 }] } });
    expect(() => setPath(o, 'a.b.2.c', 1)).toThrow();
  });
});

describe('a buffer counted in bytes holds at least one packet', () => {
  const base = (over: (j: Record<string, unknown>) => void) => {
    const j = cloneJson(PRESETS.find((p) => p.name === 'default')!.scenario) as unknown as Record<string, unknown>;
    over(j);
    return parseScenario(j);
  };
  const queue = (j: Record<string, unknown>) => (j.topology as { bottleneck: { queue: Record<string, unknown> } }).bottleneck.queue;

  it('refuses a limit under the largest packet sent, naming the field, the packet and what makes it that size', () => {
    const r = base((j) => Object.assign(queue(j), { unit: 'bytes', limit: 64, minTh: 10, maxTh: 30 }));
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors).toContain('topology.bottleneck.queue.limit = 64 bytes cannot hold the largest packet this scenario sends, 1500 bytes (tcp.mss 1460 + tcp.headerBytes 40): give at least 1500, or unit = "packets"');
    // exactly one packet fits: accepted; under ns-2's count rule one byte more is needed
    expect(base((j) => Object.assign(queue(j), { unit: 'bytes', limit: 1500, minTh: 200, maxTh: 600 })).ok).toBe(true);
    const ns2 = base((j) => Object.assign(queue(j), { unit: 'bytes', limit: 1500, minTh: 200, maxTh: 600, countRule: 'ns2' }));
    expect(ns2.ok).toBe(false);
    if (!ns2.ok) expect(ns2.errors.join('\n')).toContain('give at least 1501 (countRule "ns2")');
  });

  it('counts a UDP item’s packets and a traffic item’s own TCP settings', () => {
    const r = base((j) => {
      Object.assign(queue(j), { unit: 'bytes', limit: 1600, minTh: 200, maxTh: 600 });
      (j.traffic as unknown[]).push({ kind: 'udp', rate: 1e5, packetSize: 2000 });
    });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors.join('\n')).toMatch(/limit = 1600 bytes cannot hold the largest packet this scenario sends, 2000 bytes \(traffic\.1\.packetSize 2000\)/);
    const own = base((j) => {
      Object.assign(queue(j), { unit: 'bytes', limit: 1600, minTh: 200, maxTh: 600 });
      ((j.traffic as Record<string, unknown>[])[0]).tcp = { mss: 8960 };
    });
    expect(own.ok).toBe(false);
    if (!own.ok) expect(own.errors.join('\n')).toMatch(/9000 bytes \(traffic\.0\.tcp\.mss 8960 \+ traffic\.0\.tcp\.headerBytes 40\)/);
  });
});

describe('a scenario too large to hold (hostile input)', () => {
  it('refuses a name or description longer than its cap, naming the field, the length and the cap', () => {
    // a 20 MB name opened from a file froze the app's tab (the link held it all), then crashed it
    expect(errorsOf({ ...minimal(), name: 'x'.repeat(20_000_000) })).toEqual(['name: 20000000 characters; allowed at most 200']);
    expect(errorsOf({ ...minimal(), description: 'd'.repeat(5001) })).toEqual(['description: 5001 characters; allowed at most 5000']);
    expect(ok({ ...minimal(), name: 'x'.repeat(200), description: 'd'.repeat(5000) }).name).toHaveLength(200);
  });

  it('refuses more long-lived flows in all than one bulk item may have (bulk flows, one per UDP item)', () => {
    // two items of 100,000 flows each were valid; the command line's summary then overflowed the stack
    const two = { ...minimal(), traffic: [{ kind: 'bulk', flows: 100000 }, { kind: 'bulk', flows: 100000 }] };
    expect(errorsOf(two)).toEqual([`traffic: 200000 long-lived flows in all (the sum of traffic.N.flows, one per UDP item); allowed at most ${BULK_FIELDS.flows.max} in one scenario`]);
    const atCap = { ...minimal(), traffic: [{ kind: 'bulk', flows: 99999 }, { kind: 'udp' }] };
    expect(ok(atCap).traffic).toHaveLength(2);
    expect(errorsOf({ ...minimal(), traffic: [{ kind: 'bulk', flows: 100000 }, { kind: 'udp' }] })[0]).toMatch(/^traffic: 100001 long-lived flows in all/);
  });

  it('refuses more than 1000 traffic items, naming the list, its length and the cap', () => {
    // 10,000 one-flow items froze the app's tab for 18 s (a card each in the editor), 100,000 crashed it
    const items = (n: number) => ({ ...minimal(), traffic: Array.from({ length: n }, () => ({ kind: 'bulk', flows: 1 })) });
    expect(errorsOf(items(10000))).toEqual(['traffic: 10000 items; allowed at most 1000']);
    expect(ok(items(1000)).traffic).toHaveLength(1000);
  });

  it('refuses a general topology of more than 1000 nodes or 2000 links, naming the list, its length and the cap', () => {
    // a star of 20,000 hosts froze the app's tab for 50 s while it drew the network
    const star = (n: number, extraLinks = 0) => {
      const hosts = Array.from({ length: n }, (_, i) => `x${i}`);
      const links = [{ from: 'hub', to: 'sink' }, ...hosts.map((h) => ({ from: h, to: 'hub' })), ...Array.from({ length: extraLinks }, () => ({ from: 'x0', to: 'hub' }))];
      return { version: 1, duration: 5, topology: { kind: 'general', nodes: ['hub', 'sink', ...hosts].map((name) => ({ name })), links, bottleneck: { from: 'hub', to: 'sink' } }, traffic: [{ kind: 'bulk', src: 'x0', dst: 'sink' }] };
    };
    expect(errorsOf(star(20000))).toEqual(['topology.nodes: 20002 items; allowed at most 1000', 'topology.links: 20001 items; allowed at most 2000']);
    expect(errorsOf(star(998, 1002))).toEqual(['topology.links: 2001 items; allowed at most 2000']);
    expect(ok(star(998)).topology).toMatchObject({ kind: 'general' });
  });

  it('refuses a CDF table of more than 10000 pairs, naming the field, its length and the cap', () => {
    // 1,000,000 pairs (a 26 MB file) froze the app's tab for 16 s
    const table = (n: number) => ({ ...minimal(), topology: { kind: 'dumbbell', flowDelay: { kind: 'empirical', points: Array.from({ length: n }, (_, i) => [i * 1e-6, (i + 1) / n]) } } });
    expect(errorsOf(table(10001))).toEqual(['topology.flowDelay.points: 10001 items; allowed at most 10000']);
    expect(ok(table(10000)).topology).toMatchObject({ flowDelay: { kind: 'empirical' } });
  });
});
