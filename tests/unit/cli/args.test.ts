import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { capture } from './capture';
import { lineColumn, loadScenario, parseJsonText } from '../../../src/cli/load';
import { parseCliArgs, runCli } from '../../../src/cli/main';
import { defaultSampleInterval } from '../../../src/engine/estimate';
import { getPath } from '../../../src/engine/scenario/paths';
import { PRESETS } from '../../../src/engine/scenario/presets';


const dir = mkdtempSync(join(tmpdir(), 'aqmlab-cli-'));
function file(name: string, text: string): string {
  const p = join(dir, name);
  writeFileSync(p, text);
  return p;
}

describe('parseCliArgs', () => {
  it('collects repeated --set and the output options', () => {
    const r = parseCliArgs(['--preset', 'ecn-finite', '--set', 'tcp.ecn=false', '--set', 'seed=3', '--out', 'r.json', '--series', 's.csv', '--sample', '0.5', '--trace', 't.jsonl', '--trace-flows', '--quiet']);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.opts).toMatchObject({ preset: 'ecn-finite', sets: ['tcp.ecn=false', 'seed=3'], out: 'r.json', series: 's.csv', sample: 0.5, trace: 't.jsonl', traceFlows: true, quiet: true });
  });

  it('rejects unknown options, two scenarios, a bad --sample and --trace-flows alone', () => {
    const bad = (argv: string[]) => {
      const r = parseCliArgs(argv);
      if (r.ok) throw new Error('expected errors');
      return r.errors;
    };
    expect(bad(['--bogus'])[0]).toContain('--bogus');
    expect(bad(['a.json', 'b.json'])[0]).toContain('one scenario file at a time');
    expect(bad(['a.json', '--preset', 'x'])[0]).toContain('not both');
    expect(bad(['--preset', 'x', '--sample', '0'])).toEqual(['--sample = 0 is out of range: allowed > 0 to 1000000 s (the sampling interval of --series)']);
    expect(bad(['--preset', 'x', '--sample', 'fast'])[0]).toBe('--sample = "fast" is not a number: allowed > 0 to 1000000 s (the sampling interval of --series)');
    // hostile input: text that is not a decimal number is called that (Number() read "0x10" as 16)
    expect(bad(['--preset', 'x', '--max-events', 'abc'])).toEqual(['--max-events = "abc" is not a number: allowed whole number 1 to 1000000000000000 (network events)']);
    // a fraction in range is called not whole, not out of range
    expect(bad(['--preset', 'x', '--max-trace', '1.5'])).toEqual(['--max-trace = 1.5 is not a whole number: allowed whole number 0 to 1000000000000 (lines written to --trace)']);
    expect(bad(['--preset', 'x', '--max-packets', '0.5'])).toEqual(['--max-packets = 0.5 is out of range: allowed whole number 1000 to 100000000 (packets alive at once)']);
    expect(bad(['--preset', 'x', '--max-packets', '0x1000'])).toEqual(['--max-packets = "0x1000" is not a number: allowed whole number 1000 to 100000000 (packets alive at once)']);
    expect(bad(['--preset', 'x', '--max-events', '-5'])).toEqual(['--max-events = -5 is out of range: allowed whole number 1 to 1000000000000000 (network events)']);
    expect(bad(['--preset', 'x', '--max-events', ''])).toEqual(['--max-events = (empty): allowed whole number 1 to 1000000000000000 (network events)']);
    expect(bad(['--preset', 'x', '--trace-flows'])).toEqual(['--trace-flows needs --trace <file.jsonl>']);
    expect(bad(['--preset', 'x', '--sample', '0.5', '--out', 'r.json'])).toEqual(['--sample needs --series <file.csv> (it is the sampling interval of the series; no other output is sampled)']);
  });

  it('an option of one value given twice with two values is refused, not the last kept without a word', () => {
    // parseArgs keeps the last: this ran ecn-finite, and the first --out was never written
    const r = parseCliArgs(['--preset', 'default', '--set', 'seed=2', '--preset', 'ecn-finite', '--out', 'a.json', '--out=b.json', '--set', 'seed=3']);
    expect(r.ok ? r.opts : r.errors).toEqual([
      '--preset given 2 times ("default", "ecn-finite"): give it once (only --set repeats)',
      '--out given 2 times ("a.json", "b.json"): give it once (only --set repeats)',
    ]);
    // the same value twice (a pasted command line) changes nothing and runs
    expect(parseCliArgs(['--preset', 'default', '--preset', 'default', '--quiet', '--quiet']).ok).toBe(true);
  });
});

describe('loadScenario', () => {
  it('applies --set overrides to a preset, including a queue kind swap', () => {
    const r = loadScenario({ preset: 'lockout-dt', sets: ['topology.bottleneck.queue.kind=red', 'topology.bottleneck.queue.maxP=0.02', 'tcp.variant=sack', 'traffic.0.flows=3'] });
    if (!r.ok) throw new Error(r.errors.join('\n'));
    expect(getPath(r.scenario, 'topology.bottleneck.queue')).toMatchObject({ kind: 'red', limit: 64, maxP: 0.02 });
    expect(r.scenario.tcp.variant).toBe('sack');
    expect(getPath(r.scenario, 'traffic.0.flows')).toBe(3);
  });

  it('reports a bad --set path or value with the field and the range', () => {
    const r = loadScenario({ preset: 'ecn-finite', sets: ['topology.bottleneck.queue.maxPP=1', 'tcp.rwnd=0'] });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors[0]).toMatch(/^--set topology\.bottleneck\.queue\.maxPP: unknown field/);
    expect(r.errors[1]).toBe('--set tcp.rwnd = 0 is out of range: allowed whole number 1 to 1000000000 bytes');
  });

  it('reports a cross-field conflict made by --set', () => {
    const r = loadScenario({ preset: 'ecn-finite', sets: ['topology.bottleneck.queue.minTh=60'] });
    expect(!r.ok && r.errors[0]).toBe('after --set: topology.bottleneck.queue.minTh = 60 must be less than maxTh = 60');
  });

  it('suggests presets for an unknown name', () => {
    const r = loadScenario({ preset: 'lockout', sets: [] });
    expect(!r.ok && r.errors[0]).toMatch(/^--preset lockout: no such preset; did you mean lockout-dt/);
    // any case, and a name that is one part off (a buffer size the grid does not have)
    const cased = loadScenario({ preset: 'Lockout-DT', sets: [] });
    expect(!cased.ok && cased.errors[0]).toMatch(/^--preset Lockout-DT: no such preset; did you mean lockout-dt\?/);
    const ql = loadScenario({ preset: 'ecn-finite-n2-dt-ql63', sets: [] });
    expect(!ql.ok && ql.errors[0]).toMatch(/^--preset ecn-finite-n2-dt-ql63: no such preset; did you mean ecn-finite-n2-dt-ql64, /);
  });

  it('offers first the preset one typed character off among those holding as many of the name\'s parts', () => {
    // every ecn-finite-n2 RED+ECN and RED (A) cell holds "ecn", "finite", "n2" and "a" somewhere
    // ("ecn" in ecn-finite, "a" in red-a): the one a character away comes first, not the grid's first cells
    const r = loadScenario({ preset: 'ecn-finite-n2-ecn-a-ql65', sets: [] });
    expect(!r.ok && r.errors[0]).toMatch(/^--preset ecn-finite-n2-ecn-a-ql65: no such preset; did you mean ecn-finite-n2-ecn-a-ql64, /);
    // the lessons that only add a part to the name come before those that also change one (pi24 -> pi240)
    const pi = loadScenario({ preset: 'web100-users-pi24', sets: [] });
    expect(!pi.ok && pi.errors[0]).toMatch(/did you mean web100-users-pi24-90, web100-users-pi24-98, /);
  });

  it('says an empty --preset name is empty (an unset shell variable), not "no such preset"', () => {
    for (const empty of ['', '  ']) {
      const e = loadScenario({ preset: empty, sets: [] });
      expect(!e.ok && e.errors[0]).toBe('--preset: the name is empty: give a preset name (--list-presets lists them)');
    }
  });

  it('suggests a preset a few typed characters off, that shares no whole part with the name', () => {
    const r = loadScenario({ preset: 'ecn-finte', sets: [] });
    expect(!r.ok && r.errors[0]).toBe('--preset ecn-finte: no such preset; did you mean ecn-finite? (--list-presets lists them)');
    const dashes = loadScenario({ preset: 'redvsdt', sets: [] });
    expect(!dashes.ok && dashes.errors[0]).toMatch(/^--preset redvsdt: no such preset; did you mean red-vs-dt\?/);
  });

  it('an unknown option: a scenario field is set with --set; a mistyped option gets the ones near it', () => {
    const first = (argv: string[]) => {
      const r = parseCliArgs(argv);
      return r.ok ? '' : r.errors[0];
    };
    expect(first(['--preset', 'default', '--seed', '3'])).toBe("Unknown option '--seed': seed is a scenario field, set it with --set seed=<value> (see --help for the options)");
    expect(first(['--preset', 'default', '--duration=60'])).toContain('set it with --set duration=<value>');
    expect(first(['--preset', 'default', '--output', 'r.json'])).toBe("Unknown option '--output'; did you mean --out? (see --help for the options)");
    expect(first(['--preset', 'default', '-q'])).toContain('did you mean --quiet?');
    expect(first(['--preset', 'default', '--dryrun'])).toContain('did you mean --dry-run?');
    expect(first(['--preset', 'default', '--bogus'])).toBe("Unknown option '--bogus' (see --help for the options)");
  });

  it('reads a scenario file and prefixes its messages with the file name', () => {
    const good = file('good.json', JSON.stringify({ version: 1, topology: { kind: 'dumbbell' }, traffic: [{ kind: 'bulk', bytes: 100000 }] }));
    const r = loadScenario({ file: good, sets: ['tcp.ecn=true'] });
    expect(r.ok && r.scenario.tcp.ecn).toBe(true);
    const bad = file('bad.json', JSON.stringify({ version: 1, topology: { kind: 'dumbbell', bottleneck: { delay: 20 } }, traffic: [{ kind: 'bulk', bytes: 1 }] }));
    const rb = loadScenario({ file: bad, sets: [] });
    expect(!rb.ok && rb.errors).toEqual([`${bad}: topology.bottleneck.delay = 20 is out of range: allowed 0 to 10 s`]);
    const missing = loadScenario({ file: join(dir, 'nope.json'), sets: [] });
    expect(!missing.ok && missing.errors[0]).toBe(`${join(dir, 'nope.json')}: cannot read the scenario file (no such file)`);
  });

  it('a missing file named by a relative path says where it was looked for; a preset\'s name given as a file points at --preset', () => {
    const cwd = process.cwd();
    const rel = loadScenario({ file: 'no-such-scenario.json', sets: [] });
    expect(!rel.ok && rel.errors[0]).toBe(`no-such-scenario.json: cannot read the scenario file (no such file in ${cwd})`);
    // `npm run sim -- lockout-dt`, --preset forgotten
    for (const name of ['lockout-dt', 'lockout-dt.json']) {
      const r = loadScenario({ file: name, sets: [] });
      expect(!r.ok && r.errors[0]).toBe(`${name}: cannot read the scenario file (no such file in ${cwd}; lockout-dt is a preset: --preset lockout-dt)`);
    }
  });

  it("runs a saved run's scenario: a --out result file, or the app's Everything (JSON); its errors name scenario.<field>", () => {
    const preset = PRESETS.find((p) => p.name === 'default')!.scenario;
    const result = file('result.json', JSON.stringify({ version: 1, scenario: { ...preset, seed: 9 }, summary: { simulatedSeconds: 1 } }));
    const r = loadScenario({ file: result, sets: ['duration=12'] });
    expect(r.ok && [r.scenario.seed, r.scenario.duration]).toEqual([9, 12]);
    const app = file('everything.json', JSON.stringify({ scenario: { ...preset, seed: 4 }, markers: [], series: { t: [] }, summary: null }));
    const a = loadScenario({ file: app, sets: [] });
    expect(a.ok && a.scenario.seed).toBe(4);
    const broken = file('result-bad.json', JSON.stringify({ version: 1, scenario: { ...preset, seed: -1 }, summary: {} }));
    const b = loadScenario({ file: broken, sets: [] });
    expect(!b.ok && b.errors.length).toBe(1);
    expect(!b.ok && b.errors[0]).toMatch(new RegExp(`^${broken.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}: scenario\\.seed`));
    // a scenario that happens to have a field named like a result's is still read as a scenario
    const plain = loadScenario({ file: file('plain.json', JSON.stringify({ ...preset, summary: 1 })), sets: [] });
    expect(!plain.ok && plain.errors.join('\n')).toContain('summary: unknown field');
  });

  it("a saved run without a usable scenario says that its scenario is the problem, not that summary is an unknown field", () => {
    for (const [name, inner, got] of [
      ['run-null.json', null, 'got null'],
      ['run-list.json', [1], 'got a list'],
      ['run-none.json', undefined, 'got nothing (no such field)'],
    ] as const) {
      const f = file(name, JSON.stringify({ version: 1, scenario: inner, summary: {} }));
      const r = loadScenario({ file: f, sets: [] });
      expect(!r.ok && r.errors).toEqual([`${f}: scenario: expected a JSON object { "version": 1, ... }, ${got}`]);
    }
  });

  it('gives the line and column of a JSON syntax error', () => {
    expect(lineColumn('ab\ncd\nef', 4)).toEqual({ line: 2, column: 2 });
    const text = '{\n  "version": 1,\n  "seed": 2,,\n}';
    const r = parseJsonText(text, 'x.json');
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error).toMatch(/^x\.json: not valid JSON at line 3, column 13/);
    const cut = parseJsonText('{"version": 1', 'y.json');
    expect(!cut.ok && cut.error).toMatch(/^y\.json: not valid JSON at line 1, column 1[34]/);
  });

  it('calls a binary file not a text file, without quoting its bytes (hostile input)', () => {
    // a PNG's bytes as read as UTF-8: the message quoted them ("\uFFFDPNG\r\n\u001a..."), garbling the terminal
    const png = new TextDecoder().decode(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]));
    expect(parseJsonText(png, 'fig.png')).toEqual({ ok: false, error: 'fig.png: not valid JSON: it is not a text file (binary data at character 1); a scenario is JSON text, as File → Save scenario writes it' });
    // a valid file with such a character in a string still reads
    expect(parseJsonText('{"name": "a\uFFFDb"}', 'ok.json')).toEqual({ ok: true, json: { name: 'a\uFFFDb' } });
    const nul = parseJsonText('{"version": 1,\u0000}', 'nul.json');
    expect(!nul.ok && nul.error).toMatch(/^nul\.json: not valid JSON: it is not a text file \(binary data at character 15\)/);
  });

  it('a hand-edited file: the line of a .5, NaN or Infinity (V8 gives no position there), and what JSON wants instead', () => {
    const err = (t: string) => {
      const r = parseJsonText(t, 'h.json');
      return r.ok ? '' : r.error;
    };
    expect(err('{\n  // my run\n  "version": 1\n}')).toMatch(/^h\.json: not valid JSON at line 2, column 3: .*\(JSON has no comments: remove the \/\/ or \/\* \*\/ text; a scenario's "description" can hold a note\)$/);
    expect(err('{\n  "version": 1,\n  "duration": 5,\n}')).toMatch(/^h\.json: not valid JSON at line 4, column 1: .*\(JSON allows no comma before }: remove the last comma\)$/);
    expect(err("{'version': 1}")).toMatch(/\(JSON takes double quotes around names and text\)$/);
    expect(err('{"version": 1, "duration": .5}')).toMatch(/^h\.json: not valid JSON at line 1, column 28: .*\(a JSON number starts with a digit: 0\.5, not \.5\)$/);
    expect(err('{"a": NaN}')).toMatch(/^h\.json: not valid JSON at line 1, column 7: .*\(JSON has no NaN or Infinity: give a number\)$/);
    expect(err('{"version": 1,\n "duration": Infinity}')).toMatch(/^h\.json: not valid JSON at line 2, column 14: .*\(JSON has no NaN or Infinity/);
    expect(err('{"version": 1,\n "duration": -Infinity, "seed": 1}')).toMatch(/at line 2, column 15: .*\(JSON has no NaN or Infinity/);
    // no hint where none fits
    expect(err('{"a": tru}')).toBe('h.json: not valid JSON at line 1, column 10: Unexpected token \'}\', "{"a": tru}" is not valid JSON');
  });

  it('a hand-edited file of a real scenario\'s size: the line of a .5, NaN, tru or a first-line comment, in a message of one line', () => {
    // V8 cuts its quote of the text with "..." on both sides (or after it, near the start),
    // which only a file longer than about 20 characters shows: such errors had no line
    const lines = [
      '{',
      '  "version": 1,',
      '  "seed": 1,',
      '  "duration": 60,',
      '  "topology": {',
      '    "kind": "dumbbell",',
      '    "bottleneck": { "rate": 1500000, "delay": 0.02 }',
      '  },',
      '  "tcp": { "ecn": false },',
      '  "traffic": [{ "kind": "bulk", "flows": 2 }]',
      '}',
    ];
    const err = (from: string, to: string) => {
      const text = lines.join('\n').replace(from, to);
      expect(text).not.toBe(lines.join('\n'));
      const r = parseJsonText(text, 'big.json');
      return r.ok ? '' : r.error;
    };
    expect(parseJsonText(lines.join('\n'), 'big.json').ok).toBe(true);
    expect(err('"delay": 0.02', '"delay": .02')).toMatch(/^big\.json: not valid JSON at line 7, column 47: .*\(a JSON number starts with a digit: 0\.5, not \.5\)$/);
    expect(err('"duration": 60', '"duration": NaN')).toMatch(/^big\.json: not valid JSON at line 4, column 15: .*\(JSON has no NaN or Infinity: give a number\)$/);
    expect(err('"ecn": false', '"ecn": tru')).toMatch(/^big\.json: not valid JSON at line 9, column 22: Unexpected token ' ', /);
    expect(err('{\n  "version"', '// my run\n{\n  "version"')).toMatch(/^big\.json: not valid JSON at line 1, column 1: .*\(JSON has no comments: remove the \/\/ or \/\* \*\/ text; a scenario's "description" can hold a note\)$/);
    expect(err('"seed": 1', '"seed": .5')).toMatch(/^big\.json: not valid JSON at line 3, column 11: .*\(a JSON number starts with a digit/);
    // one line: V8's quote of the text around the error keeps its line breaks, written as \n
    for (const [from, to] of [['"ecn": false', '"ecn": tru'], ['{\n  "version"', '// my run\n{\n  "version"']]) expect(err(from, to)).not.toContain('\n');
    expect(err('{\n  "version"', '// my run\n{\n  "version"')).toContain('"// my run\\n"... is not valid JSON');
  });

  it('calls a UTF-16 scenario (Notepad\'s "Unicode") UTF-16 and says to save it as UTF-8, not "not a text file"', () => {
    const json = '{\n  "version": 1,\n  "duration": 5\n}\n';
    const le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(json, 'utf16le')]);
    const be = Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(json, 'utf16le').swap16()]);
    for (const [bytes, name] of [[le, 'le.json'], [be, 'be.json'], [Buffer.from(json, 'utf16le'), 'nobom.json']] as const) {
      const r = parseJsonText(new TextDecoder().decode(bytes), name);
      expect(r).toEqual({ ok: false, error: `${name}: not valid JSON: it is UTF-16 text (as Windows Notepad's "Unicode" saves it), read as UTF-8; save it as UTF-8, the encoding of a scenario file` });
    }
  });
});

describe('runCli without running the engine', () => {
  it('prints the help and the preset list', async () => {
    const io = capture();
    expect(await runCli(['--help'], io)).toBe(0);
    expect(io.stdout).toContain('--set <path>=<value>');
    const io2 = capture();
    expect(await runCli(['--list-presets'], io2)).toBe(0);
    const lines = io2.stdout.trim().split('\n');
    expect(lines).toHaveLength(PRESETS.length);
    expect(lines.some((l) => /^ecn-finite-n10-ecn-c-ql32\s+seeds\/001: 10 clients, RED\+ECN, max_p 2 %, QL 32$/.test(l))).toBe(true);
  });

  it('the help names the other commands (sweep, validate, bench) and the --sample default the run uses', async () => {
    const io = capture();
    expect(await runCli(['--help'], io)).toBe(0);
    for (const c of ['npm run sweep -- ', 'npm run validate -- ', 'npm run bench']) expect(io.stdout).toContain(c);
    // the default interval as estimate.ts takes it: duration / 2000, at least 1 ms, 0.1 s without a duration
    const help = io.stdout.replace(/\s+/g, ' ');
    expect(defaultSampleInterval(undefined)).toBe(0.1);
    expect(defaultSampleInterval(1)).toBe(0.001);
    expect(help).toContain(`(default duration / 2000, at least ${defaultSampleInterval(1)}; ${defaultSampleInterval(undefined)} without a duration)`);
    expect(help).toContain('docs/cli.md, Output files');
  });

  it('prints the scenario as it would run with --dry-run', async () => {
    const io = capture();
    expect(await runCli(['--preset', 'ecn-finite', '--set', 'topology.bottleneck.queue.maxP=0.02', '--dry-run'], io)).toBe(0);
    const s = JSON.parse(io.stdout) as unknown;
    expect(getPath(s, 'topology.bottleneck.queue.maxP')).toBe(0.02);
    expect(getPath(s, 'topology.bottleneck.queue.minTh')).toBe(20);
  });

  it('exits 2 with the messages on stderr for invalid input', async () => {
    const cases: [string[], RegExp][] = [
      [['--preset', 'no-such'], /no such preset/],
      [['--preset', 'ecn-finite', '--set', 'topology.bottleneck.rate=-1'], /topology\.bottleneck\.rate = -1 is out of range: allowed 1000 to 1000000000000 bps/],
      [[file('minmax.json', JSON.stringify({ version: 1, duration: 1, topology: { kind: 'dumbbell', bottleneck: { queue: { kind: 'red', minTh: 9, maxTh: 3 } } }, traffic: [{ kind: 'bulk' }] }))], /queue\.minTh = 9 must be less than maxTh = 3/],
      [[file('unknown.json', JSON.stringify({ version: 1, duration: 1, topology: { kind: 'dumbbell' }, traffic: [{ kind: 'bulk', flow: 2 }] }))], /traffic\.0\.flow: unknown field/],
      [[], /no scenario/],
      [['--preset', 'default', '--out', join(dir, 'no', 'such', 'dir', 'r.json')], /--out .*cannot write/],
    ];
    for (const [argv, re] of cases) {
      const io = capture();
      expect(await runCli(argv, io), argv.join(' ')).toBe(2);
      expect(io.stderr).toMatch(re);
      expect(io.stdout).toBe('');
    }
  });
});
