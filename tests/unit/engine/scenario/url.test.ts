import { describe, expect, it } from 'vitest';
import { getPath, jsonEqual } from '../../../../src/engine/scenario/paths';
import { presetByName, presetScenario } from '../../../../src/engine/scenario/presets';
import type { Scenario } from '../../../../src/engine/scenario/schema';
import { applySet } from '../../../../src/engine/scenario/set';
import { decodeHash, encodeHash, LinkTooLongError, MAX_LINK_SETTINGS } from '../../../../src/engine/scenario/url';

function changed(name: string, sets: [string, unknown][]): Scenario {
  const s = presetScenario(name)! as unknown as Record<string, unknown>;
  for (const [k, v] of sets) {
    const err = applySet(s, k, v);
    if (err) throw new Error(err);
  }
  return s as unknown as Scenario;
}

describe('encodeHash', () => {
  it('lists only what differs from the preset, sorted, with the seed last', () => {
    expect(encodeHash(presetScenario('ecn-finite')!, 'ecn-finite')).toBe('#p=ecn-finite&seed=1');
    const s = changed('ecn-finite', [
      ['traffic.0.flows', 32],
      ['topology.bottleneck.queue.maxP', 0.02],
      ['tcp.ecn', false],
      ['seed', 7],
    ]);
    expect(encodeHash(s, 'ecn-finite')).toBe('#p=ecn-finite&tcp.ecn=false&topology.bottleneck.queue.maxP=0.02&traffic.0.flows=32&seed=7');
  });

  it("writes numbers as JavaScript's shortest round-trip text", () => {
    const s = changed('default', [['topology.bottleneck.delay', 0.1 + 0.2]]);
    expect(encodeHash(s, 'default')).toBe('#p=default&topology.bottleneck.delay=0.30000000000000004&seed=1');
    const t = changed('default', [['topology.bottleneck.rate', 1e-7 + 1000]]);
    const back = decodeHash(encodeHash(t, 'default'));
    expect(getPath(back.scenario, 'topology.bottleneck.rate')).toBe(1e-7 + 1000);
  });

  it('says a queue swap as kind first, then the fields that differ from the new kind', () => {
    const s = changed('lockout-dt', [
      ['topology.bottleneck.queue.kind', 'red'],
      ['topology.bottleneck.queue.maxP', 0.05],
    ]);
    expect(encodeHash(s, 'lockout-dt')).toBe('#p=lockout-dt&topology.bottleneck.queue.kind=red&topology.bottleneck.queue.maxP=0.05&seed=1');
  });

  it('says a removed optional field as null', () => {
    const s = changed('ecn-finite', [
      ['traffic.0.bytes', null],
      ['duration', 60],
    ]);
    expect(encodeHash(s, 'ecn-finite')).toBe('#p=ecn-finite&duration=60&traffic.0.bytes=null&seed=1');
  });

  it('falls back to the compact form when the shape differs in a way pairs cannot say, and that round-trips', () => {
    // a traffic item added is said in pairs now (url-items.test.ts); a general topology against a dumbbell lesson is not
    const s = presetScenario('feng-fig1-a-8')!;
    const h = encodeHash(s, 'ecn-finite');
    expect(h).toMatch(/^#p=ecn-finite&v=1&s=[A-Za-z0-9_-]+$/);
    const back = decodeHash(h);
    expect(back.errors).toEqual([]);
    expect(back.presetName).toBe('ecn-finite');
    expect(jsonEqual(back.scenario, s)).toBe(true);
  });

  it('uses the compact form for an unknown preset name', () => {
    const s = presetScenario('default')!;
    const h = encodeHash(s, 'no-such-preset');
    expect(h.startsWith('#p=default&v=1&s=')).toBe(true);
    expect(jsonEqual(decodeHash(h).scenario, s)).toBe(true);
  });
});

describe('decodeHash', () => {
  it('opens a readable link', () => {
    const d = decodeHash('#p=ecn-finite&topology.bottleneck.queue.maxP=0.02&traffic.0.flows=32&seed=7');
    expect(d.errors).toEqual([]);
    expect(d.presetName).toBe('ecn-finite');
    expect(jsonEqual(d.scenario, changed('ecn-finite', [['topology.bottleneck.queue.maxP', 0.02], ['traffic.0.flows', 32], ['seed', 7]]))).toBe(true);
  });

  it('reports each bad key and value, naming key, value and range, and applies the good ones', () => {
    const d = decodeHash('#p=ecn-finite&topology.bottleneck.queue.maxp=0.3&topology.bottleneck.queue.maxP=3&tcp.ecn=yes&traffic.0.flows=5&seed=x');
    expect(d.errors).toHaveLength(4);
    expect(d.errors[0]).toMatch(/^topology\.bottleneck\.queue\.maxp: unknown field/);
    expect(d.errors[1]).toBe('topology.bottleneck.queue.maxP = 3 is out of range: allowed 0 to 1 probability');
    expect(d.errors[2]).toBe('tcp.ecn: expected true or false, got "yes"');
    expect(d.errors[3]).toBe('seed: expected a number (whole number 0 to 4294967295), got "x"');
    expect(d.problems.map((p) => [p.key, p.value])).toEqual([
      ['topology.bottleneck.queue.maxp', '0.3'],
      ['topology.bottleneck.queue.maxP', '3'],
      ['tcp.ecn', 'yes'],
      ['seed', 'x'],
    ]);
    expect(getPath(d.scenario, 'traffic.0.flows')).toBe(5);
    expect(getPath(d.scenario, 'topology.bottleneck.queue.maxP')).toBe(0.1); // the preset's
    expect(d.scenario.seed).toBe(1);
  });

  it('a value nested thousands deep (a pair or an s= scenario) is named with its field, the good keys still apply', () => {
    // the message used to JSON.stringify the whole value: "Maximum call stack size exceeded" thrown out of decodeHash
    const deep = '['.repeat(6000) + ']'.repeat(6000);
    const d = decodeHash(`#p=default&tcp.ecn=${encodeURIComponent(deep)}&seed=4`);
    expect(d.errors).toEqual([`tcp.ecn: expected true or false, got ${'['.repeat(77)}...`]);
    expect(d.scenario.seed).toBe(4);
    const b64 = Buffer.from(`{"version":1,"topology":{"kind":"dumbbell"},"traffic":[{"kind":"bulk","bytes":1000}],"tcp":{"ecn":${deep}}}`).toString('base64url');
    expect(decodeHash(`#p=default&v=1&s=${b64}`).errors).toEqual([`s: tcp.ecn: expected true or false, got ${'['.repeat(77)}...`]);
  });

  it('opens the default preset for an unknown preset name and still applies the keys', () => {
    const d = decodeHash('#p=feng-ared&traffic.0.flows=8');
    expect(d.presetName).toBe('default');
    expect(d.errors).toEqual([expect.stringContaining('p = "feng-ared": no such preset')]);
    expect(getPath(d.scenario, 'traffic.0.flows')).toBe(8);
  });

  it('an unknown preset name points at the Lesson menu (not the CLI) and at the lessons it resembles', () => {
    const d = decodeHash('#p=web-ared-ecn-5ms-80');
    expect(d.presetName).toBe('default');
    expect(d.errors[0]).toContain('The Lesson menu lists them all.');
    expect(d.errors[0]).not.toContain('--list-presets');
    expect(d.errors[0]).toMatch(/Did you mean p=web-redecn5-80 \(“Web traffic at 80 % load, adaptive RED \+ ECN with a 5 ms target \(seeds\/000\)”\)/);
    expect(decodeHash('#p=lockout').errors[0]).toContain('Did you mean p=lockout-dt (');
    // a slip of a letter or a dash shares no whole part, and is still recognised (as --preset does)
    expect(decodeHash('#p=ecn-finte').errors[0]).toContain('Did you mean p=ecn-finite (');
    expect(decodeHash('#p=redvsdt').errors[0]).toContain('Did you mean p=red-vs-dt (');
    // nothing alike: no guess
    expect(decodeHash('#p=nonexistent').errors[0]).not.toContain('Did you mean');
  });

  it('applies keys that only agree together, whatever their order', () => {
    // alone, minTh = 100 breaks minTh < maxTh (60) and minTh < limit (64)
    const d = decodeHash('#p=ecn-finite&topology.bottleneck.queue.minTh=100&topology.bottleneck.queue.maxTh=300&topology.bottleneck.queue.limit=200');
    expect(d.errors).toEqual([]);
    expect(getPath(d.scenario, 'topology.bottleneck.queue')).toMatchObject({ minTh: 100, maxTh: 300, limit: 200 });
  });

  it('reports a key that breaks a cross-field rule and keeps the preset value', () => {
    const d = decodeHash('#p=ecn-finite&topology.bottleneck.queue.minTh=70&tcp.mss=1000');
    expect(d.errors).toHaveLength(1);
    expect(d.errors[0]).toMatch(/^topology\.bottleneck\.queue\.minTh=70 not applied: topology\.bottleneck\.queue\.minTh = 70 must be less than maxTh = 60/);
    expect(getPath(d.scenario, 'topology.bottleneck.queue.minTh')).toBe(20);
    expect(d.scenario.tcp.mss).toBe(1000);
  });

  it('a key refused only because of another field names the key that would let it apply, and changes nothing else (companionFix)', () => {
    const d = decodeHash('#p=ecn-finite-n10-dt-ql64&tcp.cc=cubic');
    expect(d.errors).toHaveLength(1);
    expect(d.errors[0]).toMatch(/^tcp\.cc=cubic not applied: tcp\.windowCut: windowCut = "ns2" .*; to have tcp\.cc=cubic, add &tcp\.windowCut=rfc5681 to the link$/);
    // the field the link did not name is left as the lesson has it
    expect(d.scenario.tcp.cc).toBe('reno');
    expect(d.scenario.tcp.windowCut).toBe('ns2');
    // with the key it names, the link opens with no problem
    const both = decodeHash('#p=ecn-finite-n10-dt-ql64&tcp.cc=cubic&tcp.windowCut=rfc5681');
    expect(both.errors).toEqual([]);
    expect([both.scenario.tcp.cc, both.scenario.tcp.windowCut]).toEqual(['cubic', 'rfc5681']);
    // a companion the link already sets otherwise: that key is to change
    const rto = decodeHash('#p=default&tcp.maxRto=3&tcp.minRto=5');
    expect(rto.errors[0]).toMatch(/; to have tcp\.minRto=5, change tcp\.maxRto=3 to tcp\.maxRto=5 in the link$/);
    // a cross-field refusal with no single companion (RED's thresholds): no such hint
    expect(decodeHash('#p=ecn-finite&topology.bottleneck.queue.minTh=70').errors[0]).not.toContain('to have');
  });

  it('applies kind keys before the fields under them, in any order of the link', () => {
    const d = decodeHash('#p=lockout-dt&topology.bottleneck.queue.maxP=0.05&topology.bottleneck.queue.kind=red');
    expect(d.errors).toEqual([]);
    expect(getPath(d.scenario, 'topology.bottleneck.queue.kind')).toBe('red');
    expect(getPath(d.scenario, 'topology.bottleneck.queue.maxP')).toBe(0.05);
  });

  it('reports a corrupt compact scenario, an unknown link version and malformed escapes', () => {
    const bad = decodeHash('#p=lockout-dt&v=1&s=%%%');
    expect(bad.errors.length).toBeGreaterThan(0);
    expect(jsonEqual(bad.scenario, presetByName('lockout-dt')!.scenario)).toBe(true);
    const json = btoa(JSON.stringify({ version: 1, duration: 1, topology: { kind: 'dumbbell', bottleneck: { rate: -5 } }, traffic: [{ kind: 'bulk' }] }));
    const invalid = decodeHash(`#p=default&v=1&s=${json.replace(/=+$/, '')}`);
    expect(invalid.errors).toEqual(['s: topology.bottleneck.rate = -5 is out of range: allowed 1000 to 1000000000000 bps']);
    const future = decodeHash('#p=default&v=2&tcp.mss=1000');
    expect(future.errors).toEqual([expect.stringContaining('v = "2"')]);
    expect(future.scenario.tcp.mss).toBe(presetByName('default')!.scenario.tcp.mss);
  });

  it('treats an empty hash as the default preset', () => {
    const d = decodeHash('');
    expect(d.errors).toEqual([]);
    expect(d.presetName).toBe('default');
    expect(jsonEqual(d.scenario, presetByName('default')!.scenario)).toBe(true);
  });
});

describe('decodeHash: a link with more settings than any scenario has', () => {
  const link = (n: number) => `#p=default&${Array.from({ length: n - 1 }, (_, i) => `seed=${i}`).join('&')}`;

  it('is refused whole, naming its count and the cap (20,000 settings, 190 KB: 3 s of a frozen tab before)', () => {
    let thrown: unknown;
    try {
      decodeHash(link(20_000));
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeInstanceOf(LinkTooLongError);
    expect((thrown as Error).message).toBe(
      'the link has 20,000 settings (key=value pairs); a link may have at most 2,000 (the largest scenario has about 200 fields). Nothing in it was opened.',
    );
    // empty parts ("&&") are not settings
    expect(() => decodeHash(`${link(MAX_LINK_SETTINGS)}&&&&`)).not.toThrow();
    expect(() => decodeHash(`${link(MAX_LINK_SETTINGS + 1)}`)).toThrow(LinkTooLongError);
  });

  it('the cap is far above any lesson: each lesson, and each written against another lesson, has a few dozen at most', () => {
    expect(MAX_LINK_SETTINGS).toBe(2000);
    for (const p of ['default', 'ecn-marks', 'feng-fig8-adaptive']) {
      const h = encodeHash(presetScenario(p)!, 'default');
      expect(h.split('&').length).toBeLessThan(MAX_LINK_SETTINGS / 10);
      expect(decodeHash(h).errors).toEqual([]);
    }
  });
});
