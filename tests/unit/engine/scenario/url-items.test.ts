import { describe, expect, it } from 'vitest';
import { jsonEqual } from '../../../../src/engine/scenario/paths';
import { presetScenario } from '../../../../src/engine/scenario/presets';
import { parseScenario, type Scenario } from '../../../../src/engine/scenario/schema';
import { applySetTexts } from '../../../../src/engine/scenario/set';
import { decodeHash, encodeHash } from '../../../../src/engine/scenario/url';

/**
 * Traffic items added to or removed from a lesson are said in a link's readable pairs: a
 * teacher who added a UDP flood got `#p=default&v=1&s=eyJ2ZXJz...` (600 characters of
 * base64 nobody can read or edit). Every index counts the preset's items; a new item takes
 * the next number and is added by its kind; `traffic.N=null` removes the preset's item N.
 */

function parsed(json: unknown): Scenario {
  const r = parseScenario(json);
  if (!r.ok) throw new Error(r.errors.join('; '));
  return r.scenario;
}

function withTraffic(name: string, traffic: (old: Scenario['traffic']) => unknown[], more: Record<string, unknown> = {}): Scenario {
  const s = presetScenario(name)!;
  return parsed({ ...s, ...more, traffic: traffic(s.traffic) });
}

function roundTrips(s: Scenario, name: string): string {
  const h = encodeHash(s, name);
  const back = decodeHash(h);
  expect(back.errors).toEqual([]);
  expect(jsonEqual(back.scenario, s)).toBe(true);
  return h;
}

describe('links with traffic items added or removed', () => {
  it('a UDP flood added to the default lesson: its kind, then what differs from a UDP item at its defaults', () => {
    const s = withTraffic('default', (t) => [...t, { kind: 'udp', from: 'right', rate: 5e6 }]);
    expect(roundTrips(s, 'default')).toBe('#p=default&traffic.1.from=right&traffic.1.kind=udp&traffic.1.rate=5000000&seed=1');
  });

  it('the link as a teacher types it, keys in any order, opens the same scenario', () => {
    const s = withTraffic('default', (t) => [...t, { kind: 'udp', from: 'right', rate: 5e6 }]);
    const typed = decodeHash('#p=default&traffic.1.rate=5e6&traffic.1.from=right&traffic.1.kind=udp');
    expect(typed.errors).toEqual([]);
    expect(jsonEqual(typed.scenario, s)).toBe(true);
  });

  it('a second bulk group and web traffic: each new item numbered after the lesson\'s', () => {
    const s = withTraffic('default', (t) => [...t, { kind: 'bulk', from: 'right', flows: 2 }, { kind: 'web-users', users: 50 }]);
    const h = roundTrips(s, 'default');
    expect(h).toBe('#p=default&traffic.1.flows=2&traffic.1.from=right&traffic.1.kind=bulk&traffic.2.kind=web-users&traffic.2.users=50&seed=1');
  });

  it('items numbered 10 and more are added in the order of their numbers, not of the sorted keys (traffic.10 sorts before traffic.2)', () => {
    const s = withTraffic('default', (t) => [...t, ...Array.from({ length: 11 }, (_, i) => ({ kind: i % 2 ? 'udp' : 'bulk', from: 'left', start: i }))]);
    const h = roundTrips(s, 'default');
    expect(h.indexOf('traffic.10.kind=bulk')).toBeLessThan(h.indexOf('traffic.2.kind=udp'));
    expect(h).not.toContain('&s=');
  });

  it('an item removed from the middle is said as its removal, and the others keep the lesson\'s numbers', () => {
    const name = 'cubic-vs-reno';
    const three = presetScenario(name)!.traffic;
    expect(three).toHaveLength(3);
    const s = withTraffic(name, (t) => [t[0], t[2]]);
    expect(roundTrips(s, name)).toBe(`#p=${name}&traffic.1=null&seed=1`);
    // a change to the lesson's item 2 is still traffic.2 in the same link
    const both = decodeHash(`#p=${name}&traffic.1=null&traffic.2.start=4`);
    expect(both.errors).toEqual([]);
    expect(both.scenario.traffic).toHaveLength(2);
    expect(both.scenario.traffic[1]).toEqual({ ...three[2], start: 4 });
  });

  it('the last items removed and one added in their place; the removals may stand anywhere in the link', () => {
    const name = 'cubic-vs-reno';
    const s = withTraffic(name, (t) => [{ ...t[0], flows: 3 }, { kind: 'udp', from: 'right', rate: 2e6 }]);
    const h = roundTrips(s, name);
    expect(h).not.toContain('&s=');
    const [head, ...pairs] = h.slice(1).split('&');
    const back = decodeHash(`#${[head, ...pairs.reverse()].join('&')}`);
    expect(back.errors).toEqual([]);
    expect(jsonEqual(back.scenario, s)).toBe(true);
  });

  it('removing items of a general topology (a Feng lesson\'s five bulk groups): readable too', () => {
    const name = 'feng-fig1-a-8';
    const s = withTraffic(name, (t) => t.filter((_, i) => i !== 1 && i !== 3));
    expect(roundTrips(s, name)).toBe(`#p=${name}&traffic.1=null&traffic.3=null&seed=1`);
  });

  it('old compact links still open (one of ecn-finite with a UDP item, as the old encoder wrote it)', () => {
    const s = withTraffic('ecn-finite', (t) => [...t, { kind: 'udp', pattern: 'poisson', rate: 2e5, packetSize: 500, from: 'right', start: 1, stop: 9 }]);
    const b64 = Buffer.from(JSON.stringify(s)).toString('base64url');
    const back = decodeHash(`#p=ecn-finite&v=1&s=${b64}`);
    expect(back.errors).toEqual([]);
    expect(jsonEqual(back.scenario, s)).toBe(true);
    // and the encoder now says it in pairs
    expect(roundTrips(s, 'ecn-finite')).toMatch(/^#p=ecn-finite&traffic\.1\.from=right&traffic\.1\.kind=udp&/);
  });

  it('hundreds of items added, more pairs than a link may have (2,000): the compact form, not a link the app refuses to open', () => {
    const s = withTraffic('default', (t) => [...t, ...Array.from({ length: 700 }, (_, i) => ({ kind: 'udp', from: 'right', rate: 1000 + i, start: i }))]);
    expect(roundTrips(s, 'default')).toMatch(/^#p=default&v=1&s=/);
    const few = withTraffic('default', (t) => [...t, ...Array.from({ length: 400 }, (_, i) => ({ kind: 'udp', from: 'right', rate: 1000 + i, start: i }))]);
    expect(roundTrips(few, 'default')).not.toContain('&s=');
  });

  it('falls back to the compact form for what pairs still cannot say: another topology kind', () => {
    const general = presetScenario('feng-fig1-a-8')!;
    const h = roundTrips(general, 'default');
    expect(h).toMatch(/^#p=default&v=1&s=[A-Za-z0-9_-]+$/);
  });
});

describe('nodes and links added to a general topology', () => {
  const name = 'feng-fig1-a-8';
  /** feng-fig1-a-8 (nodes n0..n8) with a host n9 joined to router n5 by a 50 Mb/s, 5 ms link, and a flow from it. */
  function withHost(): Scenario {
    const s = presetScenario(name)!;
    return parsed({
      ...s,
      topology: { ...s.topology, nodes: [...(s.topology as { nodes: unknown[] }).nodes, { name: 'n9' }], links: [...(s.topology as { links: unknown[] }).links, { from: 'n9', to: 'n5', rate: 5e7, delay: 0.005 }] },
      traffic: [...s.traffic, { kind: 'bulk', src: 'n9', dst: 'n8' }],
    });
  }

  it('are said in readable pairs (a node by its name, a link by its from, then what differs), not the compact form', () => {
    expect(roundTrips(withHost(), name)).toBe(
      `#p=${name}&topology.links.8.delay=0.005&topology.links.8.from=n9&topology.links.8.rate=50000000&topology.links.8.to=n5&topology.nodes.9.name=n9&traffic.5.dst=n8&traffic.5.kind=bulk&traffic.5.src=n9&seed=1`,
    );
  });

  it('the link typed by hand, keys in any order, units on the link, opens the same scenario', () => {
    const d = decodeHash(`#p=${name}&traffic.5.src=n9&topology.links.8.to=n5&topology.links.8.rate=50Mb/s&traffic.5.kind=bulk&topology.links.8.delay=5ms&topology.nodes.9.name=n9&traffic.5.dst=n8&topology.links.8.from=n9`);
    expect(d.errors).toEqual([]);
    expect(jsonEqual(d.scenario, withHost())).toBe(true);
  });

  it('a link with its own queue and two new nodes, numbered 10 and more, and a node named "10"', () => {
    const s = presetScenario(name)!;
    const topo = s.topology as { nodes: { name: string }[]; links: unknown[] };
    const nodes = [...topo.nodes, { name: 'n9' }, { name: '10' }];
    const links = [...topo.links, { from: 'n9', to: 'n5' }, { from: '10', to: 'n9', delay: 2, queue: { kind: 'codel', target: 0.01 } }, { from: 'n0', to: 'n9' }];
    const more = parsed({ ...s, topology: { ...topo, nodes, links } });
    const h = roundTrips(more, name);
    expect(h).not.toContain('&s=');
    expect(h).toContain('topology.nodes.10.name=10&');
    expect(h).toContain('topology.links.9.delay=2s&');
    expect(h).toContain('topology.links.9.queue.kind=codel&');
  });

  it('removed: a link and the node only it joined, said as removals', () => {
    const s = presetScenario(name)!;
    const topo = s.topology as { nodes: { name: string }[]; links: { to: string }[] };
    const cut = parsed({ ...s, topology: { ...topo, nodes: topo.nodes.slice(0, 8), links: topo.links.slice(0, 7) }, traffic: s.traffic.map((t) => ({ ...t, dst: 'n7' })) });
    const h = roundTrips(cut, name);
    expect(h).toContain('topology.links.7=null');
    expect(h).toContain('topology.nodes.8=null');
  });

  it('a new link without its from, or past the next number, names the key that adds it', () => {
    const d = decodeHash(`#p=${name}&topology.links.8.to=n5`);
    expect(d.errors).toEqual(['topology.links.8.to: topology.links.8 does not exist yet: topology.links has 8 item(s), indices 0 to 7; a new item is topology.links.8, added by giving its from first: topology.links.8.from=<a text string>']);
    const gap = decodeHash(`#p=${name}&topology.nodes.12.name=x`);
    expect(gap.errors).toEqual(['topology.nodes.12.name: topology.nodes has 9 item(s), indices 0 to 8; a new item is topology.nodes.9, added by giving its name first: topology.nodes.9.name=<a text string>']);
  });

  it('a new link to a node that does not exist: each of its keys says so (it said "to: required" and "conflicts with another key")', () => {
    const d = decodeHash(`#p=${name}&topology.links.8.from=n9&topology.links.8.to=n5`);
    const why = 'topology.links.8.from = "n9" is not a node: one of "n0", "n1", "n2", "n3", "n4", "n5", "n6", "n7", "n8"';
    expect(d.errors).toEqual([`topology.links.8.from=n9 not applied: ${why}`, `topology.links.8.to=n5 not applied: ${why}`]);
    expect(d.scenario.topology).toEqual(presetScenario(name)!.topology);
  });
});

describe('bad item numbers in a link: each named, with what is allowed', () => {
  const kinds = 'bulk, udp, packmime, web-users, web-sessions';

  it('a gap (traffic.7 when the lesson has 3 items) names the next number', () => {
    const d = decodeHash('#p=cubic-vs-reno&traffic.7.kind=udp&tcp.mss=1000');
    expect(d.errors).toEqual([`traffic.7.kind: traffic has 3 item(s), indices 0 to 2; a new item is traffic.3, added by giving its kind first: traffic.3.kind=<one of ${kinds}>`]);
    expect(d.scenario.traffic).toHaveLength(3);
    expect(d.scenario.tcp.mss).toBe(1000);
  });

  it('a huge index', () => {
    const d = decodeHash('#p=default&traffic.99999999999999999999999.kind=udp');
    expect(d.errors).toEqual([`traffic.99999999999999999999999.kind: traffic has 1 item(s), indices 0 to 0; a new item is traffic.1, added by giving its kind first: traffic.1.kind=<one of ${kinds}>`]);
  });

  it('a new item without its kind', () => {
    const d = decodeHash('#p=default&traffic.1.rate=5000000&traffic.1.from=right');
    expect(d.errors).toEqual([
      `traffic.1.rate: traffic.1 does not exist yet: traffic has 1 item(s), indices 0 to 0; a new item is traffic.1, added by giving its kind first: traffic.1.kind=<one of ${kinds}>`,
      `traffic.1.from: traffic.1 does not exist yet: traffic has 1 item(s), indices 0 to 0; a new item is traffic.1, added by giving its kind first: traffic.1.kind=<one of ${kinds}>`,
    ]);
    expect(d.scenario.traffic).toHaveLength(1);
  });

  it('an unknown kind for a new item names the kinds', () => {
    const d = decodeHash('#p=default&traffic.1.kind=flood');
    expect(d.errors).toEqual(['traffic.1.kind = "flood" is not allowed: one of "bulk", "udp", "packmime", "web-users", "web-sessions"']);
  });

  it('removing every item, or one that is not there', () => {
    const all = decodeHash('#p=default&traffic.0=null');
    expect(all.errors).toEqual(['traffic.0: cannot be removed: traffic needs at least 1 item(s) and has 1']);
    expect(all.scenario.traffic).toHaveLength(1);
    const missing = decodeHash('#p=default&traffic.4=null');
    expect(missing.errors).toEqual([`traffic.4: traffic has 1 item(s), indices 0 to 0; a new item is traffic.1, added by giving its kind first: traffic.1.kind=<one of ${kinds}>`]);
  });

  it('a removal given twice removes one item, with the duplicate notice', () => {
    const d = decodeHash('#p=cubic-vs-reno&traffic.0=null&traffic.0=null');
    expect(d.scenario.traffic).toHaveLength(2);
    expect(d.problems).toEqual([expect.objectContaining({ key: 'traffic.0', duplicate: true })]);
  });
});

describe("the CLI's --set shares the rule (applySetTexts)", () => {
  it('adds an item by its kind and removes by the numbers the scenario had', () => {
    const s = presetScenario('cubic-vs-reno')! as unknown as Record<string, unknown>;
    const before = (s.traffic as unknown[]).map((x) => JSON.stringify(x));
    expect(applySetTexts(s, ['traffic.3.kind=udp', 'traffic.3.rate=5000000', 'traffic.0=null', 'traffic.1=null'])).toEqual([]);
    const after = parsed(s).traffic;
    expect(after.map((x) => x.kind)).toEqual(['udp', 'udp']);
    expect(JSON.stringify(after[0])).toBe(before[2]);
    expect(after[1]).toMatchObject({ kind: 'udp', rate: 5e6 });
  });

  it('a gap is refused with the next number', () => {
    const s = presetScenario('default')! as unknown as Record<string, unknown>;
    expect(applySetTexts(s, ['traffic.2.kind=udp'])).toEqual([`traffic.2.kind: traffic has 1 item(s), indices 0 to 0; a new item is traffic.1, added by giving its kind first: traffic.1.kind=<one of bulk, udp, packmime, web-users, web-sessions>`]);
  });
});
