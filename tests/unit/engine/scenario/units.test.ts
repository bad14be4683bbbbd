import { describe, expect, it } from 'vitest';
import { runCli } from '../../../../src/cli/main';
import { getPath } from '../../../../src/engine/scenario/paths';
import { presetScenario } from '../../../../src/engine/scenario/presets';
import { applySetTexts } from '../../../../src/engine/scenario/set';
import { decodeHash, encodeHash } from '../../../../src/engine/scenario/url';
import { bareNumberNotice } from '../../../../src/engine/scenario/units';
import { capture } from '../../cli/capture';

/**
 * Numbers typed with a unit in a --set or a link (src/engine/scenario/units.ts): a time,
 * a rate or a size converts to the field's SI number; a unit of another dimension, an
 * unknown one, or any unit on a field of packets or probabilities is refused with a
 * message naming the field, the value and the units it takes.
 */

function scenario(name = 'default'): Record<string, unknown> {
  return presetScenario(name) as unknown as Record<string, unknown>;
}

/** The value `path` gets from `--set path=text` on `preset` (throws the message when refused). */
function viaSet(path: string, text: string, preset = 'default', before: string[] = []): unknown {
  const s = scenario(preset);
  const errs = applySetTexts(s, [...before, `${path}=${text}`]);
  if (errs.length) throw new Error(errs.join('; '));
  return getPath(s, path);
}

/** The value `path` gets from a link `#p=<preset>&...&path=text` (throws the messages when refused). */
function viaLink(path: string, text: string, preset = 'default', before: string[] = []): unknown {
  const d = decodeHash(`#p=${preset}&${[...before, `${path}=${encodeURIComponent(text)}`].join('&')}`);
  if (d.errors.length) throw new Error(d.errors.join('; '));
  return getPath(d.scenario, path);
}

/** The message for `path=text` by --set and by a link: the same, the link's without the "--set" the CLI adds. */
function refusal(path: string, text: string, preset = 'default', before: string[] = []): string {
  const s = scenario(preset);
  const errs = applySetTexts(s, [...before, `${path}=${text}`]);
  const d = decodeHash(`#p=${preset}&${[...before, `${path}=${encodeURIComponent(text)}`].join('&')}`);
  expect(errs).toHaveLength(1);
  expect(d.errors).toEqual(errs);
  // the refused key leaves the value it had before it (the preset's, or the swapped-in kind's default)
  const without = scenario(preset);
  expect(applySetTexts(without, before)).toEqual([]);
  expect(getPath(d.scenario, path)).toEqual(getPath(without, path));
  return errs[0];
}

const DELAY = 'topology.bottleneck.delay';
const RATE = 'topology.bottleneck.rate';
const CODEL = ['topology.bottleneck.queue.kind=codel'];
const TARGET = 'topology.bottleneck.queue.target';

describe('a number with a unit converts to the SI value', () => {
  const cases: [string, string, number][] = [
    // times: seconds
    [DELAY, '5ms', 0.005],
    [DELAY, '35ms', 0.035],
    [DELAY, '0.5 s', 0.5],
    [DELAY, '2s', 2],
    [DELAY, '100us', 0.0001],
    [DELAY, '100µs', 0.0001], // micro sign U+00B5
    [DELAY, '100μs', 0.0001], // Greek mu U+03BC
    [DELAY, '250000ns', 0.00025],
    // the decimal text shifted: 4.1 * 0.001 and 4.1 / 1000 are both 0.0040999999999999995, 9 * 0.001 is 0.009000000000000001
    [DELAY, '4.1ms', 0.0041],
    [DELAY, '9ms', 0.009],
    [DELAY, '1e1ms', 0.01],
    // rates: bits/s, decimal prefixes
    [RATE, '10Mb/s', 1e7],
    [RATE, '10Mbps', 1e7],
    [RATE, '1.5Gb/s', 1.5e9],
    [RATE, '64kb/s', 64000],
    [RATE, '64 kbps', 64000],
    [RATE, '2500bps', 2500],
    // sizes: bytes, binary prefixes (as the editor shows KB and MB)
    ['tcp.mss', '1500B', 1500],
    ['tcp.rwnd', '64KB', 65536],
    ['tcp.rwnd', '64kB', 65536],
    ['tcp.rwnd', '64KiB', 65536],
    ['tcp.rwnd', '1MB', 1048576],
  ];
  for (const [path, text, want] of cases) {
    it(`${path}=${text} is ${want} by --set and by a link`, () => {
      expect(viaSet(path, text)).toBe(want);
      expect(viaLink(path, text)).toBe(want);
    });
  }

  it("a field of a traffic item and of a queue kind swapped in by the same link converts too", () => {
    expect(viaSet(TARGET, '20ms', 'default', CODEL)).toBe(0.02);
    expect(viaLink(TARGET, '20ms', 'default', CODEL)).toBe(0.02);
    expect(viaSet('duration', '90s')).toBe(90);
    expect(viaLink('traffic.0.start', '250ms')).toBe(0.25);
  });

  it('a link is still written in SI numbers: 35ms opens as 0.035 and is written back as delay=0.035', () => {
    const d = decodeHash(`#p=default&${DELAY}=35ms&seed=1`);
    expect(d.errors).toEqual([]);
    expect(encodeHash(d.scenario, 'default')).toBe(`#p=default&${DELAY}=0.035&seed=1`);
  });
});

describe('a unit the field cannot take is refused, naming the field, the value and the units', () => {
  it('a rate for a time', () => {
    expect(refusal(DELAY, '5Mb/s')).toBe(`${DELAY}=5Mb/s: a time; give seconds or a unit: ns, us (or µs), ms, s; Mb/s is a rate (allowed 0 to 10 s)`);
  });
  it('a time for a rate, a time for a size', () => {
    expect(refusal(RATE, '10ms')).toBe(`${RATE}=10ms: a rate; give bits/s or a unit: bps, kb/s, Mb/s, Gb/s (or kbps, Mbps, Gbps); ms is a time (allowed 1000 to 1000000000000 bps)`);
    expect(refusal('tcp.mss', '5ms')).toContain('tcp.mss=5ms: a size; give bytes or a unit: B, KB, MB, GB (1 KB = 1024 bytes); ms is a time');
  });
  it('an unknown unit', () => {
    expect(refusal(DELAY, '5min')).toBe(`${DELAY}=5min: a time; give seconds or a unit: ns, us (or µs), ms, s; "min" is not a unit known here (allowed 0 to 10 s)`);
  });
  it('bytes per second for a rate, bits for a size', () => {
    expect(refusal(RATE, '10MB/s')).toContain(`${RATE}=10MB/s: a rate; give bits/s or a unit`);
    expect(refusal(RATE, '10MB/s')).toContain('MB/s is bytes per second, a rate here is in bits (b/s)');
    expect(refusal('tcp.mss', '1500b')).toContain('b is bits, a size here is in bytes (B)');
  });
  it('any unit on a field of packets, a probability, a ratio or the queue unit', () => {
    expect(refusal('topology.bottleneck.queue.limit', '5ms')).toBe(
      "topology.bottleneck.queue.limit=5ms: a size in the queue's unit (packets); takes no unit, give a bare number (allowed whole number 1 to 1000000000 packets)",
    );
    expect(refusal('topology.bottleneck.queue.maxP', '5ms')).toBe('topology.bottleneck.queue.maxP=5ms: a probability (0 to 1); takes no unit, give a bare number (allowed 0 to 1 probability)');
    expect(refusal('tcp.initialCwnd', '2KB')).toContain('tcp.initialCwnd=2KB: a number of segments; takes no unit, give a bare number');
    expect(refusal('traffic.0.flows', '4s')).toContain('traffic.0.flows=4s: ');
    expect(refusal('traffic.0.flows', '4s')).toContain('takes no unit, give a bare number');
  });
});

describe('the range is checked on the converted value', () => {
  it('20000ms is 20 s, above the 10 s allowed; 10000ms is 10 s, allowed', () => {
    expect(refusal(DELAY, '20000ms')).toBe(`${DELAY} = 20000ms (20 s) is out of range: allowed 0 to 10 s`);
    expect(viaSet(DELAY, '10000ms')).toBe(10);
  });
  it("CoDel's target: 20ms is in range, 11 s is not, 0ms is not (> 0)", () => {
    expect(viaLink(TARGET, '20ms', 'default', CODEL)).toBe(0.02);
    expect(refusal(TARGET, '11s', 'default', CODEL)).toBe(`${TARGET} = 11s (11 s) is out of range: allowed > 0 to 10 s`);
    expect(refusal(TARGET, '0ms', 'default', CODEL)).toBe(`${TARGET} = 0ms (0 s) is out of range: allowed > 0 to 10 s`);
  });
  it('a rate below 1 kb/s and a size that is not a whole number of bytes', () => {
    expect(refusal(RATE, '0.5kb/s')).toBe(`${RATE} = 0.5kb/s (500 bps) is out of range: allowed 1000 to 1000000000000 bps`);
    expect(refusal('tcp.mss', '0.3KB')).toBe('tcp.mss = 0.3KB (307.2 bytes) must be a whole number (whole number 1 to 65495 bytes)');
    expect(refusal('tcp.mss', '64KB')).toBe('tcp.mss = 64KB (65536 bytes) is out of range: allowed whole number 1 to 65495 bytes');
  });
});

describe('a bare number out of range that fits as ms (a time) or Mb/s (a rate) gets a hint', () => {
  it('target=20 (meant 20 ms) is refused with "did you mean 20ms?"', () => {
    expect(refusal(TARGET, '20', 'default', CODEL)).toBe(`${TARGET} = 20 is out of range: allowed > 0 to 10 s (did you mean 20ms?)`);
  });
  it('delay=20 and rate=10 likewise', () => {
    expect(refusal(DELAY, '20')).toBe(`${DELAY} = 20 is out of range: allowed 0 to 10 s (did you mean 20ms?)`);
    expect(refusal(RATE, '10')).toBe(`${RATE} = 10 is out of range: allowed 1000 to 1000000000000 bps (did you mean 10Mb/s?)`);
  });
  it('no hint when the value had a unit, when ms is out of range too, or for a field that is not a time or a rate', () => {
    expect(refusal(TARGET, '20s', 'default', CODEL)).not.toContain('did you mean');
    expect(refusal(DELAY, '20000')).toBe(`${DELAY} = 20000 is out of range: allowed 0 to 10 s`);
    expect(refusal(TARGET, '-5', 'default', CODEL)).not.toContain('did you mean');
    expect(refusal('topology.bottleneck.queue.maxP', '20')).not.toContain('did you mean');
  });
});

describe('the CLI: npm run sim -- --set with units', () => {
  it('--dry-run shows the SI values; a wrong unit exits 2 with the message after "--set"', async () => {
    const io = capture();
    expect(await runCli(['--preset', 'default', '--set', `${DELAY}=35ms`, '--set', `${RATE}=15Mb/s`, '--set', 'tcp.rwnd=32KB', '--dry-run'], io)).toBe(0);
    const s = JSON.parse(io.stdout) as unknown;
    expect([getPath(s, DELAY), getPath(s, RATE), getPath(s, 'tcp.rwnd')]).toEqual([0.035, 1.5e7, 32768]);
    const bad = capture();
    expect(await runCli(['--preset', 'default', '--set', `${DELAY}=5Mb/s`], bad)).toBe(2);
    expect(bad.stderr.trim()).toBe(`--set ${DELAY}=5Mb/s: a time; give seconds or a unit: ns, us (or µs), ms, s; Mb/s is a rate (allowed 0 to 10 s)`);
  });
});

/** The notices `path=text` gets by --set and by a link (the same messages); both apply the value. */
function notices(path: string, text: string, preset = 'default', before: string[] = []): string[] {
  const s = scenario(preset);
  const said: string[] = [];
  expect(applySetTexts(s, [...before, `${path}=${text}`], said)).toEqual([]);
  const d = decodeHash(`#p=${preset}&${[...before, `${path}=${encodeURIComponent(text)}`].join('&')}`);
  expect(d.errors).toEqual([]);
  expect(getPath(d.scenario, path)).toEqual(getPath(s, path));
  expect(d.notices.map((n) => n.message)).toEqual(said);
  return said;
}

describe('a bare number in range that is likely meant in ms is applied, with a notice', () => {
  it('delay=5 is 5 s: applied, and the notice names the field, the value as read and the likely intent', () => {
    expect(notices(DELAY, '5')).toEqual([`${DELAY}=5 is read as 5 s (a bare number is in seconds); write 5ms for milliseconds, or 5s to keep seconds without this notice`]);
    expect(viaSet(DELAY, '5')).toBe(5);
    const d = decodeHash(`#p=default&${DELAY}=5`);
    expect(d.notices).toEqual([expect.objectContaining({ key: DELAY, value: '5' })]);
  });

  it("CoDel's target=2, an access link's delay=1, a flow delay's max=3: the rule comes from each field's default (under 1 s)", () => {
    expect(notices(TARGET, '2', 'default', CODEL)).toHaveLength(1);
    expect(notices('topology.left.delay', '1')).toHaveLength(1);
    expect(notices('topology.flowDelay.max', '3', 'default', ['topology.flowDelay.kind=uniform'])).toHaveLength(1);
  });

  it('no notice: a unit given (5s, 5ms), a number under 1 s, a field whose default is in seconds, a value near its default', () => {
    expect(notices(DELAY, '5s')).toEqual([]);
    expect(notices(DELAY, '5ms')).toEqual([]);
    expect(notices(DELAY, '0.5')).toEqual([]);
    expect(notices('duration', '50')).toEqual([]);
    expect(notices('traffic.0.start', '5')).toEqual([]);
    // RFC 6298's minimum RTO is 1 s: five times the 0.2 s default is no slip of the unit
    expect(notices('tcp.minRto', '1')).toEqual([]);
    expect(notices('tcp.minRto', '3')).toHaveLength(1);
  });

  it('a value refused (out of range) gets its refusal, not a notice', () => {
    const said: string[] = [];
    expect(applySetTexts(scenario(), [`${DELAY}=20`], said)).toEqual([`${DELAY} = 20 is out of range: allowed 0 to 10 s (did you mean 20ms?)`]);
    expect(said).toEqual([]);
  });

  it('a key given twice: only the value used is noticed', () => {
    expect(decodeHash(`#p=default&${DELAY}=5&${DELAY}=0.01`).notices).toEqual([]);
    expect(decodeHash(`#p=default&${DELAY}=0.01&${DELAY}=5`).notices).toHaveLength(1);
  });

  it('a rate under 1000 b/s where the default is in Mb/s, by the same rule (no such field is declared today: all rates start at 1 kb/s)', () => {
    const spec = { type: 'number', unit: 'bps', default: 1e7, min: 1, max: 1e12, label: 'r', doc: '' } as const;
    expect(bareNumberNotice('x.rate', spec, '10')).toBe('x.rate=10 is read as 10 b/s (a bare number is in bits/s); write 10Mb/s for megabits/s, or 10b/s to keep bits/s without this notice');
    expect(bareNumberNotice('x.rate', spec, '5000')).toBeNull();
    expect(bareNumberNotice('x.rate', { ...spec, default: 5e5 }, '10')).toBeNull();
  });

  it("the app's own link says a 5 s delay as 5s, which opens without a notice and round-trips", () => {
    const s = scenario();
    expect(applySetTexts(s, [`${DELAY}=5s`, 'tcp.minRto=1'])).toEqual([]);
    const h = encodeHash(s as never, 'default');
    expect(h).toBe(`#p=default&tcp.minRto=1&${DELAY}=5s&seed=1`);
    const back = decodeHash(h);
    expect(back.errors).toEqual([]);
    expect(back.notices).toEqual([]);
    expect(getPath(back.scenario, DELAY)).toBe(5);
  });

  it('the CLI: the notice on stderr after "--set", and the run goes ahead (also with --quiet)', async () => {
    for (const quiet of [[], ['--quiet']]) {
      const io = capture();
      expect(await runCli(['--preset', 'default', '--set', `${DELAY}=5`, '--dry-run', ...quiet], io)).toBe(0);
      expect(getPath(JSON.parse(io.stdout), DELAY)).toBe(5);
      expect(io.stderr).toBe(`--set ${DELAY}=5 is read as 5 s (a bare number is in seconds); write 5ms for milliseconds, or 5s to keep seconds without this notice\n`);
    }
    const io = capture();
    expect(await runCli(['--preset', 'default', '--set', `${DELAY}=5ms`, '--dry-run'], io)).toBe(0);
    expect(io.stderr).toBe('');
  });
});

describe('a list of numbers (the per-flow delays of a `list`) takes units like a single value', () => {
  const VALUES = 'topology.flowDelay.values';
  const LIST = ['topology.flowDelay.kind=list'];

  it('10ms,20ms and [10ms, 20ms] are [0.01, 0.02] by --set and by a link; JSON and bare numbers as before', () => {
    for (const text of ['10ms,20ms', '[10ms, 20ms]', '[10ms,20000us]', '[0.01,0.02]', '0.01, 0.02']) {
      expect(viaSet(VALUES, text, 'default', LIST)).toEqual([0.01, 0.02]);
      expect(viaLink(VALUES, text, 'default', LIST)).toEqual([0.01, 0.02]);
    }
    expect(viaSet(VALUES, '75ms', 'default', LIST)).toEqual([0.075]);
  });

  it('a wrong unit, a bad or empty element, or one out of range names the element by its index', () => {
    expect(refusal(VALUES, '10ms,20Mb/s', 'default', LIST)).toBe(`${VALUES}.1=20Mb/s: a time; give seconds or a unit: ns, us (or µs), ms, s; Mb/s is a rate (allowed 0 to 10 s)`);
    expect(refusal(VALUES, '[10ms, 5min, 1ms]', 'default', LIST)).toBe(`${VALUES}.1=5min: a time; give seconds or a unit: ns, us (or µs), ms, s; "min" is not a unit known here (allowed 0 to 10 s)`);
    expect(refusal(VALUES, '10ms,,20ms', 'default', LIST)).toBe(`${VALUES}.1: empty element in "10ms,,20ms"; give numbers separated by commas, e.g. 10ms,20ms (each 0 to 10 s)`);
    expect(refusal(VALUES, '1ms,2ms,20000ms', 'default', LIST)).toBe(`${VALUES}.2 = 20000ms (20 s) is out of range: allowed 0 to 10 s`);
    expect(refusal(VALUES, '10ms 20ms', 'default', LIST)).toBe(`${VALUES}.0: expected a number (0 to 10 s), got "10ms 20ms"; separate the numbers with commas (10ms,20ms)`);
  });

  it('a bare element likely meant in ms gets the notice, by its index', () => {
    expect(notices(VALUES, '[0.005,5]', 'default', LIST)).toEqual([`${VALUES}.1=5 is read as 5 s (a bare number is in seconds); write 5ms for milliseconds, or 5s to keep seconds without this notice`]);
    expect(notices(VALUES, '5ms,5s', 'default', LIST)).toEqual([]);
  });

  it("the app's link writes such a list with s on the element that needs it, and it opens without a notice", () => {
    const s = scenario();
    expect(applySetTexts(s, [...LIST, `${VALUES}=5ms,5s`])).toEqual([]);
    const h = encodeHash(s as never, 'default');
    expect(h).toBe(`#p=default&topology.flowDelay.kind=list&${VALUES}=[0.005,5s]&seed=1`);
    const back = decodeHash(h);
    expect([back.errors, back.notices]).toEqual([[], []]);
    expect(getPath(back.scenario, VALUES)).toEqual([0.005, 5]);
  });

  it('the list given for flowDelay itself says how to set it', () => {
    expect(refusal('topology.flowDelay', '10ms,20ms')).toBe(
      'topology.flowDelay: is a group of fields; set one of them (e.g. topology.flowDelay.kind=...) or give a JSON object; a list is topology.flowDelay.kind=list, then topology.flowDelay.values=10ms,20ms',
    );
  });
});

describe('the CDF table of per-flow delays (`empirical` points) takes units on its delays', () => {
  const POINTS = 'topology.flowDelay.points';
  const EMPIRICAL = ['topology.flowDelay.kind=empirical'];

  it('[[5ms,0.5],[75ms,1]] is [[0.005,0.5],[0.075,1]] by --set and by a link; JSON as before', () => {
    for (const text of ['[[5ms,0.5],[75ms,1]]', '[[5ms, 0.5], [0.075, 1]]', '[[0.005,0.5],[0.075,1]]']) {
      expect(viaSet(POINTS, text, 'default', EMPIRICAL)).toEqual([[0.005, 0.5], [0.075, 1]]);
      expect(viaLink(POINTS, text, 'default', EMPIRICAL)).toEqual([[0.005, 0.5], [0.075, 1]]);
    }
  });

  it('a wrong unit, a unit on a probability, a pair of one number or a delay out of range: named by its place', () => {
    expect(refusal(POINTS, '[[5ms,0.5],[75Mb/s,1]]', 'default', EMPIRICAL)).toBe(`${POINTS}.1.0=75Mb/s: a time; give seconds or a unit: ns, us (or µs), ms, s; Mb/s is a rate (allowed 0 to 10 s)`);
    expect(refusal(POINTS, '[[5ms,0.5],[75ms,1%]]', 'default', EMPIRICAL)).toBe(`${POINTS}.1.1=1%: a cumulative probability (0 to 1); takes no unit, give a bare number`);
    expect(refusal(POINTS, '[[5ms,0.5],[75ms]]', 'default', EMPIRICAL)).toBe(`${POINTS}.1 = [75ms]: expected a pair [delay, cumulative probability], e.g. [5ms, 0.5]`);
    expect(refusal(POINTS, '[[5ms,0.5],[20000ms,1]]', 'default', EMPIRICAL)).toBe(`${POINTS}.1.0 = 20000ms (20 s) is out of range: allowed 0 to 10 s`);
  });
});
