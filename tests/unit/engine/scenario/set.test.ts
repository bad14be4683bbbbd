import { describe, expect, it } from 'vitest';
import { AQMS } from '../../../../src/engine/aqm/registry';
import { defaultsOf } from '../../../../src/engine/core/params';
import { migrate } from '../../../../src/engine/scenario/migrations';
import { getPath } from '../../../../src/engine/scenario/paths';
import { presetScenario } from '../../../../src/engine/scenario/presets';
import { parseScenario } from '../../../../src/engine/scenario/schema';
import { applySet, applySetTexts, nodeAt, parseValueText, splitAssignment } from '../../../../src/engine/scenario/set';
import { encodeHash } from '../../../../src/engine/scenario/url';

function scenario(name = 'ecn-finite'): Record<string, unknown> {
  return presetScenario(name) as unknown as Record<string, unknown>;
}

describe('parseValueText', () => {
  const s = scenario();
  it('reads JSON numbers, booleans and lists, else keeps the text', () => {
    expect(parseValueText('0.02', nodeAt(s, 'topology.bottleneck.queue.maxP'))).toBe(0.02);
    expect(parseValueText('1e7', nodeAt(s, 'topology.bottleneck.rate'))).toBe(1e7);
    expect(parseValueText('true', nodeAt(s, 'tcp.ecn'))).toBe(true);
    expect(parseValueText('[[0.1,1]]')).toEqual([[0.1, 1]]);
    expect(parseValueText('fast', nodeAt(s, 'topology.bottleneck.rate'))).toBe('fast');
  });
  it('keeps names and enum values as text unless quoted', () => {
    expect(parseValueText('reno', nodeAt(s, 'tcp.variant'))).toBe('reno');
    expect(parseValueText('123', nodeAt(s, 'name'))).toBe('123');
    expect(parseValueText('"a b"', nodeAt(s, 'name'))).toBe('a b');
    expect(parseValueText('null', nodeAt(s, 'name'))).toBeNull();
  });
  it('splits at the first "="', () => {
    expect(splitAssignment('name=a=b')).toEqual({ path: 'name', text: 'a=b' });
    expect('error' in splitAssignment('tcp.ecn')).toBe(true);
    expect('error' in splitAssignment('=3')).toBe(true);
  });
});

describe('applySet', () => {
  it('removing the last field of an optional group removes the group: an empty one says the same and a link could not say it', () => {
    // found by the url property test: ecn-finite-n2-ecn1-c-ql16 without its first item, then
    // traffic.0.tcp.ecn=null, left tcp: {} and the link fell back to the compact form
    const s = scenario('ecn-finite-n2-ecn1-c-ql16');
    expect(getPath(s, 'traffic.1.tcp')).toEqual({ ecn: true });
    expect(applySet(s, 'traffic.1.tcp.ecn', null)).toBeNull();
    expect(Object.keys(getPath(s, 'traffic.1') as object)).not.toContain('tcp');
    const parsed = parseScenario(s);
    expect(parsed.ok).toBe(true);
    if (parsed.ok) expect(encodeHash(parsed.scenario, 'ecn-finite-n2-ecn1-c-ql16')).not.toContain('&s=');
    // a group that keeps a field stays
    const t = scenario('ecn-finite-n2-ecn1-c-ql16');
    expect(applySet(t, 'traffic.1.tcp.mss', 1000)).toBeNull();
    expect(applySet(t, 'traffic.1.tcp.ecn', null)).toBeNull();
    expect(getPath(t, 'traffic.1.tcp')).toEqual({ mss: 1000 });
  });

  it('nodes set as plain names are told the object each should be ({"name": "a"})', () => {
    const g = scenario('feng-fig12');
    expect(applySet(g, 'topology.nodes', ['a', 'b'])).toBe('topology.nodes: each item is an object {"name": ...}, e.g. [{"name": "a"}, {"name": "b"}]; got ["a","b"]');
    expect(applySet(g, 'topology.nodes.0', 'a')).toBe('topology.nodes.0: is a group of fields; set one of them (e.g. topology.nodes.0.name=...) or give a JSON object {"name": "a"}');
  });
  it('sets a declared parameter and rejects an out-of-range value with its range', () => {
    const s = scenario();
    expect(applySet(s, 'topology.bottleneck.queue.maxP', 0.02)).toBeNull();
    expect(getPath(s, 'topology.bottleneck.queue.maxP')).toBe(0.02);
    expect(applySet(s, 'topology.bottleneck.queue.maxP', 1.5)).toBe('topology.bottleneck.queue.maxP = 1.5 is out of range: allowed 0 to 1 probability');
    expect(getPath(s, 'topology.bottleneck.queue.maxP')).toBe(0.02);
  });

  it('rejects unknown paths, naming what is allowed there', () => {
    const s = scenario();
    const e1 = applySet(s, 'topology.bottleneck.queue.maxp', 0.1)!;
    expect(e1).toMatch(/^topology\.bottleneck\.queue\.maxp: unknown field of topology\.bottleneck\.queue \(red\); allowed: kind, /);
    expect(e1).toContain('maxP');
    expect(applySet(s, 'traffic.3.flows', 2)).toBe('traffic.3.flows: traffic has 1 item(s), indices 0 to 0; a new item is traffic.1, added by giving its kind first: traffic.1.kind=<one of bulk, udp, packmime, web-users, web-sessions>');
    expect(applySet(s, 'tcp.ecn.x', 2)).toMatch(/^tcp\.ecn\.x: tcp\.ecn is a single value/);
    expect(applySet(s, 'topology.flowDelay.value', 0.01)).toMatch(/set topology\.flowDelay\.kind first/);
    expect(applySet(s, 'version', 2)).toMatch(/^version: cannot be set/);
    expect(applySet(s, 'topology.kind', 'general')).toMatch(/^topology\.kind: cannot be changed/);
  });

  it('an unknown field names the field it was probably meant for, or the queue kinds that have it', () => {
    const s = scenario();
    expect(applySet(s, 'topology.bottleneck.queue.maxp', 0.1)).toMatch(/; did you mean maxP\?$/);
    expect(applySet(s, 'traffic.0.byte', 5)).toMatch(/; did you mean bytes\?$/);
    expect(applySet(s, 'durration', 5)).toMatch(/^durration: unknown field of the scenario; allowed: .*; did you mean duration\?$/);
    // CoDel's target on a RED queue: which kinds have it, and how to get one
    expect(applySet(s, 'topology.bottleneck.queue.target', 0.005)).toMatch(/; target is a field of codel, pie: set topology\.bottleneck\.queue\.kind to one of them first$/);
    // a general topology's nodes on a dumbbell: that kind cannot be switched to by a --set
    expect(applySet(s, 'topology.nodes', [])).toMatch(/; nodes is a field of topology\.kind general, which a --set or a link cannot switch to: write a scenario file with that kind$/);
    // a whole object given: each unknown field in it gets the same help
    expect(applySet(s, 'topology.bottleneck.queue', { kind: 'red', maxp: 0.1 })).toMatch(/^topology\.bottleneck\.queue\.maxp: unknown field; allowed here: .*; did you mean maxP\?$/);
    // nothing near: the list alone
    expect(applySet(s, 'tcp.foo', 1)).toMatch(/bandwidthIncrease$/);
  });

  it("swaps a queue's kind, keeping the common parameters and defaulting the rest", () => {
    const s = scenario('lockout-dt'); // drop-tail, limit 64, ns2 counting
    expect(applySet(s, 'topology.bottleneck.queue.kind', 'red')).toBeNull();
    const red = AQMS.find((d) => d.kind === 'red')!;
    expect(getPath(s, 'topology.bottleneck.queue')).toEqual({ ...defaultsOf(red.params), kind: 'red', limit: 64, countRule: 'ns2' });
    expect(applySet(s, 'topology.bottleneck.queue.kind', 'droptail')).toBeNull();
    expect(getPath(s, 'topology.bottleneck.queue')).toEqual({ kind: 'droptail', limit: 64, unit: 'packets', countRule: 'ns2' });
    expect(applySet(s, 'topology.bottleneck.queue.kind', 'fq')).toMatch(/^topology\.bottleneck\.queue\.kind = "fq" is not allowed: one of "droptail", "red"/);
  });

  it("a queue in bytes swapped to another kind takes that kind's default sizes as packets of meanPktSize", () => {
    // web100-users-pi24-98: PI with the queue in bytes, meanPktSize 1000, limit 2,400,000 bytes
    const s = scenario('web100-users-pi24-98');
    expect(applySet(s, 'topology.bottleneck.queue.kind', 'red')).toBeNull();
    const q = getPath(s, 'topology.bottleneck.queue') as Record<string, unknown>;
    const red = defaultsOf(AQMS.find((d) => d.kind === 'red')!.params);
    expect([q.unit, q.limit, q.meanPktSize]).toEqual(['bytes', 2_400_000, 1000]);
    expect([q.minTh, q.maxTh]).toEqual([(red.minTh as number) * 1000, (red.maxTh as number) * 1000]);
    expect(parseScenario(s).ok).toBe(true);
    // and back to PI: q_ref's default as packets too; in packets nothing is scaled (the test above)
    expect(applySet(s, 'topology.bottleneck.queue.kind', 'pi')).toBeNull();
    const pi = defaultsOf(AQMS.find((d) => d.kind === 'pi')!.params);
    expect(getPath(s, 'topology.bottleneck.queue.qRef')).toBe((pi.qRef as number) * 1000);
  });

  it('creates reverseQueue as a copy of queue when one of its fields is set', () => {
    const s = scenario();
    expect(applySet(s, 'topology.bottleneck.reverseQueue.maxP', 0.5)).toBeNull();
    const q = getPath(s, 'topology.bottleneck.queue') as Record<string, unknown>;
    expect(getPath(s, 'topology.bottleneck.reverseQueue')).toEqual({ ...q, maxP: 0.5 });
    expect(applySet(s, 'topology.bottleneck.reverseQueue', null)).toBeNull();
    expect(getPath(s, 'topology.bottleneck.reverseQueue')).toBeUndefined();
  });

  it('swaps a traffic item to another kind, keeping its side and start', () => {
    const s = scenario('default');
    expect(applySet(s, 'traffic.0.start', 2)).toBeNull();
    expect(applySet(s, 'traffic.0.kind', 'udp')).toBeNull();
    expect(getPath(s, 'traffic.0')).toEqual({ kind: 'udp', pattern: 'cbr', rate: 1e6, packetSize: 1000, start: 2, from: 'left' });
    expect(parseScenario(s).ok).toBe(true);
  });

  it('a traffic kind swap carries only the fields that mean the same in both kinds, so every swap gives a valid item', () => {
    // UDP's rate is bits/s, PackMime's connections/s: 1 Mb/s must not become 10^6 connections/s
    const s = scenario('default');
    expect(applySet(s, 'traffic.0.kind', 'udp')).toBeNull();
    expect(applySet(s, 'traffic.0.kind', 'packmime')).toBeNull();
    expect(parseScenario(s).ok).toBe(true);
    // web-sessions' persistent is yes/no, web-users' a probability
    expect(applySet(s, 'traffic.0.kind', 'web-sessions')).toBeNull();
    expect(applySet(s, 'traffic.0.kind', 'web-users')).toBeNull();
    expect(typeof getPath(s, 'traffic.0.persistent')).toBe('number');
    expect(parseScenario(s).ok).toBe(true);
    // every kind to every other kind
    const kinds = ['bulk', 'udp', 'packmime', 'web-sessions', 'web-users'];
    for (const a of kinds)
      for (const b of kinds) {
        const t = scenario('default');
        expect(applySet(t, 'traffic.0.kind', a)).toBeNull();
        expect(applySet(t, 'traffic.0.kind', b)).toBeNull();
        const r = parseScenario(t);
        expect(r.ok ? [] : r.errors, `${a} -> ${b}`).toEqual([]);
      }
  });

  it("a queue kind swap carries a mean packet size the scenario set, not another kind's default", () => {
    // RED's ns-2 default of 500 bytes is not the traffic's packet size: carried into REM, whose
    // capacity is counted in packets of that size, REM held the default lesson's queue near 56
    // packets against b* = 20 (with its own 1500 bytes, 22)
    const pkt = () => getPath(s, 'topology.bottleneck.queue.meanPktSize');
    const s = scenario('default');
    expect(pkt()).toBe(500);
    expect(applySet(s, 'topology.bottleneck.queue.kind', 'rem')).toBeNull();
    expect(pkt()).toBe(1500);
    expect(applySet(s, 'topology.bottleneck.queue.kind', 'pie')).toBeNull();
    expect(pkt()).toBe(1500);
    // back to RED: REM's and PIE's 1500 were their defaults too
    expect(applySet(s, 'topology.bottleneck.queue.kind', 'red')).toBeNull();
    expect(pkt()).toBe(500);
    // a size set (the lessons' 1000-byte packets) is the traffic's, and carries to every kind
    expect(applySet(s, 'topology.bottleneck.queue.meanPktSize', 1000)).toBeNull();
    for (const kind of ['rem', 'pi', 'pie', 'ared', 'sc-red', 'red']) {
      expect(applySet(s, 'topology.bottleneck.queue.kind', kind)).toBeNull();
      expect(pkt(), kind).toBe(1000);
    }
    expect(parseScenario(s).ok).toBe(true);
  });

  it("a queue kind swap does not carry one kind's default into a same-named parameter of another (PIE's 15 ms target into CoDel)", () => {
    // a teacher going RED -> PIE -> CoDel got CoDel with a 15 ms target (PIE's QDELAY_REF)
    // where RED -> CoDel gives RFC 8289's 5 ms; via REM, a 2 ms CoDel interval (REM's price
    // update period); via SC-RED, PIE's alpha at 3 (1/s) instead of 1/8
    // the kind reached from drop-tail, which has no parameter but the common ones
    const direct = (kind: string) => {
      const d = scenario('default');
      expect(applySet(d, 'topology.bottleneck.queue.kind', 'droptail')).toBeNull();
      expect(applySet(d, 'topology.bottleneck.queue.kind', kind)).toBeNull();
      return getPath(d, 'topology.bottleneck.queue') as Record<string, unknown>;
    };
    for (const via of AQMS.map((a) => a.kind))
      for (const to of AQMS.map((a) => a.kind)) {
        if (via === to || via === 'droptail') continue;
        const s = scenario('default');
        expect(applySet(s, 'topology.bottleneck.queue.kind', via)).toBeNull();
        expect(applySet(s, 'topology.bottleneck.queue.kind', to)).toBeNull();
        const q = getPath(s, 'topology.bottleneck.queue') as Record<string, unknown>;
        const d = direct(to);
        // the RED family shares its thresholds, max_p and gentle: the lesson's RED values carry, as they mean the same
        // (RED's default w_q of 0.002 does not: into ARED it turned off ARED's automatic w_q)
        const same = ['red', 'ared', 'sc-red'];
        const differ = Object.keys(d).filter((k) => q[k] !== d[k] && !(same.includes(via) && same.includes(to) && ['minTh', 'maxTh', 'maxP', 'gentle'].includes(k)));
        expect(differ, `${via} -> ${to}`).toEqual([]);
      }
  });

  it("a value set for one kind's own quantity does not carry to another kind's same-named one (PIE's 20 ms target is not CoDel's)", () => {
    // PIE's target is the delay its controller steers its estimate to; CoDel's the sojourn a
    // whole 100 ms interval must stay above before it drops: a PIE target of 20 ms set, then
    // CoDel chosen, gave CoDel a 20 ms target, four times RFC 8289's 5 ms
    const Q = 'topology.bottleneck.queue';
    const s = scenario('default');
    expect(applySet(s, `${Q}.kind`, 'pie')).toBeNull();
    expect(applySet(s, `${Q}.target`, 0.02)).toBeNull();
    expect(applySet(s, `${Q}.kind`, 'codel')).toBeNull();
    expect(getPath(s, `${Q}.target`)).toBe(0.005);
    // every name two kinds share whose defaults differ by kind: a value set away from the old
    // default, within the new kind's range, lands at the new kind's default
    const checked: string[] = [];
    for (const a of AQMS)
      for (const b of AQMS) {
        if (a === b) continue;
        for (const [k, sa] of Object.entries(a.params)) {
          const sb = (b.params as Record<string, typeof sa>)[k];
          if (!sb || sa === sb || sa.type !== 'number' || sb.type !== 'number' || sa.default === sb.default || sa.unit !== sb.unit || !(sa.kindOwn || sb.kindOwn)) continue;
          const t = scenario('default');
          expect(applySet(t, `${Q}.kind`, a.kind)).toBeNull();
          // a value both kinds allow, away from both defaults
          const v = [sa.default * 1.5, sb.default * 1.5, (sa.default + sb.default) / 2].find((x) => x !== sa.default && x !== sb.default && x > sa.min && x > sb.min && x <= sa.max && x <= sb.max);
          // none (ARED's beta is at most 1, SC-RED's at least 1): the range alone keeps it
          if (v === undefined) continue;
          checked.push(`${a.kind}.${k} -> ${b.kind}`);
          expect(applySet(t, `${Q}.${k}`, v), `${a.kind}.${k}=${v}`).toBeNull();
          expect(applySet(t, `${Q}.kind`, b.kind)).toBeNull();
          expect(getPath(t, `${Q}.${k}`), `${a.kind}.${k}=${v} -> ${b.kind}`).toBe(sb.default);
        }
      }
    // the targets, intervals, alphas and betas both ways
    expect(checked).toEqual(expect.arrayContaining(['pie.target -> codel', 'codel.target -> pie', 'rem.interval -> codel', 'ared.interval -> rem', 'sc-red.alpha -> pie', 'pie.beta -> sc-red']));
  });

  it('creates a per-flow delay distribution through its kind, valid at once', () => {
    const s = scenario();
    expect(applySet(s, 'topology.flowDelay.kind', 'empirical')).toBeNull();
    expect(parseScenario(s).ok).toBe(true);
    expect(applySet(s, 'topology.flowDelay.kind', 'uniform')).toBeNull();
    expect(getPath(s, 'topology.flowDelay')).toEqual({ kind: 'uniform', min: 0.005, max: 0.075 });
    expect(applySet(s, 'topology.flowDelay.max', 11)).toBe('topology.flowDelay.max = 11 is out of range: allowed 0 to 10 s');
  });

  it('removes optional fields with null and refuses to remove required ones', () => {
    const s = scenario();
    expect(applySet(s, 'traffic.0.bytes', null)).toBeNull();
    expect(getPath(s, 'traffic.0.bytes')).toBeUndefined();
    expect(applySet(s, 'traffic.0.flows', null)).toBe('traffic.0.flows: cannot be removed (allowed whole number 1 to 100000)');
    // a choice and a switch name what may be set instead (tcp.cc=null said only "cannot be removed")
    expect(applySet(s, 'tcp.cc', null)).toBe('tcp.cc: cannot be removed (allowed one of "reno", "cubic")');
    expect(applySet(s, 'tcp.fastConvergence', null)).toBe('tcp.fastConvergence: cannot be removed (allowed true or false)');
    // unlimited flows now need a duration
    expect(parseScenario(s).ok).toBe(false);
    expect(applySet(s, 'duration', 30)).toBeNull();
    expect(parseScenario(s).ok).toBe(true);
  });

  it('sets a per-item TCP override, creating the override object', () => {
    const s = scenario();
    expect(applySet(s, 'traffic.0.tcp.ecn', false)).toBeNull();
    expect(getPath(s, 'traffic.0.tcp')).toEqual({ ecn: false });
  });

  it('applies texts in order and reports each bad one', () => {
    const s = scenario();
    const errs = applySetTexts(s, ['tcp.variant=sack', 'tcp.mss=abc', 'nonsense', 'traffic.0.flows=5', 'tcp.variant=cubic']);
    expect(errs).toEqual([
      'tcp.mss: expected a number (whole number 1 to 65495 bytes), got "abc"',
      'nonsense: no value; expected nonsense=<value>, e.g. topology.bottleneck.queue.maxP=0.02',
      'tcp.variant = "cubic" is not allowed: one of "tahoe", "reno", "newreno", "sack"',
    ]);
    expect(getPath(s, 'tcp.variant')).toBe('sack');
    expect(getPath(s, 'traffic.0.flows')).toBe(5);
  });
});

describe('migrate', () => {
  it('passes the current version through and refuses future or malformed versions', () => {
    const r = migrate({ version: 1, a: 1 });
    expect(r.ok && r.json).toEqual({ version: 1, a: 1 });
    const future = migrate({ version: 9 });
    expect(!future.ok && future.errors[0]).toMatch(/^version = 9 is newer than this build/);
    const frac = migrate({ version: 1.5 });
    expect(!frac.ok && frac.errors[0]).toBe('version = 1.5 is not allowed: a whole number 1 to 1');
    const none = migrate({});
    expect(!none.ok && none.errors[0]).toMatch(/^version: required/);
    expect(migrate(null).ok).toBe(false);
  });
});

describe('text fields have a length cap (hostile input)', () => {
  it('a --set or link value longer than the cap is refused, naming the field, the length and the cap', () => {
    const s = scenario();
    expect(applySet(s, 'name', 'n'.repeat(201))).toBe('name: 201 characters; allowed at most 200');
    expect(applySet(s, 'description', 'd'.repeat(5001))).toBe('description: 5001 characters; allowed at most 5000');
    expect(applySet(s, 'name', 'n'.repeat(200))).toBeNull();
    expect(applySet(s, 'traffic', Array.from({ length: 1001 }, () => ({ kind: 'udp' })))).toBe('traffic: 1001 items; allowed at most 1000');
  });
});
