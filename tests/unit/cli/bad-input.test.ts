import { existsSync, mkdtempSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../../src/cli/main';
import { capture } from './capture';

/*
 * Issue 9's list of bad inputs, each as a user types it: exit code 2, one message that
 * names the field (or option) and what is allowed, and never a stack trace.
 */
const dir = mkdtempSync(join(tmpdir(), 'aqmlab-bad-'));

async function bad(argv: string[]): Promise<string> {
  const io = capture();
  const code = await runCli(argv, io);
  expect(code, io.stderr).toBe(2);
  expect(io.stderr).not.toMatch(/\n\s+at |TypeError|ReferenceError/);
  expect(io.stdout).toBe('');
  return io.stderr.trim();
}

describe('bad input to the CLI: exit 2, the field and the allowed range, no stack trace', () => {
  it('a whole queue object with a prototype name as its kind, then a field under it', async () => {
    for (const k of ['constructor', 'toString', 'valueOf', 'hasOwnProperty']) {
      const e = await bad(['--preset', 'default', '--set', `topology.bottleneck.queue={"kind":"${k}"}`, '--set', 'topology.bottleneck.queue.name=1']);
      expect(e).toContain(`--set topology.bottleneck.queue.kind = "${k}" is not allowed: one of "droptail", "red"`);
      expect(e).toContain('--set topology.bottleneck.queue.name: unknown field of topology.bottleneck.queue (red); allowed: kind, limit');
    }
  });

  it('a misspelt or wrongly cased choice names the allowed values and the one it is near', async () => {
    expect(await bad(['--preset', 'default', '--set', 'topology.bottleneck.queue.kind=redd'])).toBe(
      '--set topology.bottleneck.queue.kind = "redd" is not allowed: one of "droptail", "red", "ared", "sc-red", "pi", "rem", "codel", "pie"; did you mean "red"?',
    );
    expect(await bad(['--preset', 'default', '--set', 'topology.bottleneck.queue.unit=packet'])).toMatch(/; did you mean "packets"\?$/);
    expect(await bad(['--preset', 'default', '--set', 'tcp.variant=SACK'])).toMatch(/; did you mean "sack"\?$/);
    // the same in a scenario file
    const file = join(dir, 'enum.json');
    writeFileSync(file, JSON.stringify({ version: 1, duration: 1, topology: { kind: 'dumbbell', bottleneck: { queue: { kind: 'codell' } } }, traffic: [{ kind: 'bulk' }] }));
    expect(await bad([file])).toMatch(/topology\.bottleneck\.queue\.kind = "codell" is not allowed: one of .*; did you mean "codel"\?$/);
    // nothing near: the list alone
    expect(await bad(['--preset', 'default', '--set', 'topology.bottleneck.queue.kind=fq'])).toMatch(/"pie"$/);
  });

  it('a dumbbell key for the bottleneck on a general topology names the link that is the bottleneck', async () => {
    // seeds/004's feng-* lessons: topology.bottleneck is { from: n5, to: n6 }, the sixth link
    expect(await bad(['--preset', 'feng-fig8-adaptive', '--set', 'topology.bottleneck.queue.maxP=0.1'])).toBe(
      '--set topology.bottleneck.queue: unknown field of topology.bottleneck; allowed: from, to; on a general topology the bottleneck is the link n5 -> n6: its queue is topology.links.5.queue',
    );
    expect(await bad(['--preset', 'feng-fig8-adaptive', '--set', 'topology.bottleneck.rate=5Mb/s'])).toMatch(/: its rate is topology\.links\.5\.rate$/);
    // what the message points at works
    const io = capture();
    expect(await runCli(['--preset', 'feng-fig8-adaptive', '--set', 'topology.links.5.queue.maxP=0.1', '--dry-run'], io)).toBe(0);
    // a name no link has: no hint, the near name instead
    expect(await bad(['--preset', 'feng-fig8-adaptive', '--set', 'topology.bottleneck.fro=n5'])).toMatch(/allowed: from, to; did you mean from\?$/);
  });

  it('a whole object with a bad field inside', async () => {
    expect(await bad(['--preset', 'default', '--set', 'topology.bottleneck={"rate":-5e6}'])).toBe('--set topology.bottleneck.rate = -5000000 is out of range: allowed 1000 to 1000000000000 bps');
  });

  it('a whole object or list whose JSON does not parse says where it breaks, not "give a JSON object" or "got [...]"', async () => {
    expect(await bad(['--preset', 'default', '--set', 'topology.bottleneck.queue={"kind":"codel"'])).toMatch(/^--set topology\.bottleneck\.queue: not valid JSON at line 1, column 16\b/);
    expect(await bad(['--preset', 'default', '--set', "topology.bottleneck.queue={'kind':'codel'}"])).toMatch(/^--set topology\.bottleneck\.queue: not valid JSON at line 1, column 2: .*\(JSON takes double quotes around names and text\)$/);
    expect(await bad(['--preset', 'default', '--set', 'traffic=[{"kind":"bulk","flows":2}'])).toMatch(/^--set traffic: not valid JSON at line 1, column 27\b/);
    expect(await bad(['--preset', 'default', '--set', 'topology.flowDelay={"kind":"list","values":[0.005,0.075}'])).toMatch(/^--set topology\.flowDelay: not valid JSON at line 1, column 37\b/);
    // text that is not JSON where text is not expected keeps its message
    expect(await bad(['--preset', 'default', '--set', 'topology.bottleneck.queue=codel'])).toMatch(/^--set topology\.bottleneck\.queue: is a group of fields; set one of them/);
  });

  it('1e400 in --set and in a scenario file says the number is too large, not "null"', async () => {
    expect(await bad(['--preset', 'default', '--set', 'tcp.rwnd=1e400'])).toBe('--set tcp.rwnd: expected a number (whole number 1 to 1000000000 bytes), got a number too large to represent (above 1.8e308)');
    const f = join(dir, 'big.json');
    writeFileSync(f, JSON.stringify({ version: 1, duration: 1, topology: { kind: 'dumbbell', bottleneck: { rate: 1 } }, traffic: [{ kind: 'bulk' }] }).replace('"rate":1', '"rate":1e400'));
    expect(await bad([f])).toBe(`${f}: topology.bottleneck.rate: expected a number (1000 to 1000000000000 bps), got a number too large to represent (above 1.8e308)`);
  });

  it('lists nested thousands deep and megabyte strings: the field and its range in a short line, not "Maximum call stack size exceeded"', async () => {
    // JSON.parse reads 6,000 levels; the message used to JSON.stringify the whole value and overflowed the stack
    const deep = '['.repeat(6000) + ']'.repeat(6000);
    const f = join(dir, 'deep.json');
    writeFileSync(f, `{"version":1,"topology":{"kind":"dumbbell"},"tcp":{"ecn":${deep}},"traffic":[{"kind":"bulk","bytes":1000}]}`);
    expect(await bad([f])).toBe(`${f}: tcp.ecn: expected true or false, got ${'['.repeat(77)}...`);
    writeFileSync(f, `{"version":${deep},"topology":{"kind":"dumbbell"},"traffic":[{"kind":"bulk","bytes":1000}]}`);
    expect(await bad([f])).toBe(`${f}: version = ${'['.repeat(77)}... is not allowed: a whole number 1 to 1`);
    writeFileSync(f, `{"version":1,"topology":{"kind":"dumbbell"},"traffic":[{"kind":"bulk","bytes":1000}],"name":${deep}}`);
    expect(await bad([f])).toBe(`${f}: name: expected a text string (at most 200 characters), got ${'['.repeat(77)}...`);
    // a text field gives its length range as a number field gives its range
    writeFileSync(f, '{"version":1,"topology":{"kind":"general","nodes":[{"name":5},{"name":"b"}],"links":[{"a":"b","b":"b"}]},"traffic":[{"kind":"bulk","src":"b","dst":"b","bytes":1}]}');
    expect(await bad([f])).toMatch(/: topology\.nodes\.0\.name: expected a text string \(1 to 200 characters\), got 5$/m);
    expect(await bad(['--preset', 'default', '--set', `tcp.ecn=${deep}`])).toBe(`--set tcp.ecn: expected true or false, got ${'['.repeat(77)}...`);
    // a million-character value: the message showed it whole (1 MB), the allowed values after it
    const long = 'x'.repeat(1_000_000);
    writeFileSync(f, JSON.stringify({ version: 1, topology: { kind: 'dumbbell' }, tcp: { variant: long, ecn: long }, traffic: [{ kind: 'bulk', bytes: 1000 }] }));
    const lines = (await bad([f])).split('\n');
    expect(lines.length).toBe(2);
    for (const line of lines) expect(line.length).toBeLessThan(300);
    expect(lines.find((l) => l.includes('tcp.variant'))).toMatch(/^.*: tcp\.variant = "x{76}\.\.\. is not allowed: one of "tahoe", "reno", /);
    expect(lines.find((l) => l.includes('tcp.ecn'))).toBe(`${f}: tcp.ecn: expected true or false, got "${'x'.repeat(76)}...`);
  });

  it('a file with 300 unknown keys prints the first 99 and a count, not 300 lines (100,000 keys printed 15 MB)', async () => {
    const f = join(dir, 'many-keys.json');
    const sc: Record<string, unknown> = { version: 1, duration: 1, topology: { kind: 'dumbbell' }, traffic: [{ kind: 'bulk' }] };
    for (let i = 0; i < 300; i++) sc[`k${i}`] = i;
    writeFileSync(f, JSON.stringify(sc));
    const lines = (await bad([f])).split('\n');
    expect(lines).toHaveLength(100);
    expect(lines[0]).toBe(`${f}: k0: unknown field; allowed here: version, name, description, seed, duration, warmup, stopAfterExchanges, topology, tcp, traffic`);
    expect(lines[98]).toMatch(/: k98: unknown field/);
    expect(lines[99]).toBe('... and 201 more problems (300 in all)');
  });

  it('an empty scenario file says it is empty; one cut off says where it ends and that brackets are left open', async () => {
    const empty = join(dir, 'empty.json');
    writeFileSync(empty, '');
    expect(await bad([empty])).toBe(`${empty}: not valid JSON: it is empty; a scenario is one JSON object, { "version": 1, ... }`);
    writeFileSync(empty, '\n');
    expect(await bad([empty])).toBe(`${empty}: not valid JSON: it is empty (only white space); a scenario is one JSON object, { "version": 1, ... }`);
    const cut = join(dir, 'cut.json');
    // V8 names this one "Expected ',' or '}' after property value": it is the end of the text all the same
    writeFileSync(cut, '{"version": 1, "duration": 10,\n "topology": {"kind": "dumbbell"\n');
    expect(await bad([cut])).toMatch(/^.*cut\.json: not valid JSON at line 3, column 1 \(the end\): .*\(the text ends before every \{ and \[ is closed\)$/);
    writeFileSync(cut, '{"version": 1, "traffic": [');
    expect(await bad([cut])).toMatch(/^.*cut\.json: not valid JSON at line 1, column 28 \(the end\): .*\(the text ends before every \{ and \[ is closed\)$/);
    // an error before the end is not called the end
    writeFileSync(cut, '{"version": 1} x\n');
    expect(await bad([cut])).toMatch(/^.*cut\.json: not valid JSON at line 1, column 16: [^(]*$/);
  });

  it('a scenario file over 64 MB is refused with its size and the cap, before it is read (1 GB took 4 s and 1.1 GB to say "Cannot create a string longer than 0x1fffffe8 characters")', async () => {
    const f = join(dir, 'huge.json');
    writeFileSync(f, '');
    truncateSync(f, 65 * 1024 * 1024); // sparse: no disk used
    expect(await bad([f])).toBe(`${f}: cannot read the scenario file (it is 65 MB; a scenario file is a few KB, a saved run (--out) at most 64 MB)`);
  });

  it.runIf(existsSync('/dev/zero'))('a device that never ends (/dev/zero) is read up to the cap, not until memory runs out', async () => {
    expect(await bad(['/dev/zero'])).toBe('/dev/zero: cannot read the scenario file (it holds more than 64 MB; a scenario file is a few KB, a saved run (--out) at most 64 MB)');
  });

  it('an empty key or an empty part of a key', async () => {
    expect(await bad(['--preset', 'default', '--set', 'topology.left.=3'])).toBe('--set "topology.left.": empty field name after "topology.left."; fields of topology.left: hosts, rate, delay');
    expect(await bad(['--preset', 'default', '--set', '=3'])).toMatch(/^--set "=3": no field name before "="/);
  });

  it('minRto above maxRto', async () => {
    expect(await bad(['--preset', 'default', '--set', 'tcp.minRto=5', '--set', 'tcp.maxRto=2'])).toBe(
      'after --set: tcp.minRto: minRto = 5 s must not exceed maxRto = 2 s (the timeout is clamped to [minRto, maxRto], RFC 6298 §2.4-2.5)',
    );
  });

  it('a --set refused only for another field says the --set to add (the editor has a button for it, links a note)', async () => {
    expect((await bad(['--preset', 'ecn-finite-n10-dt-ql64', '--set', 'tcp.cc=cubic'])).split('\n')).toEqual([
      'after --set: tcp.windowCut: windowCut = "ns2" (ns-2\'s halving) cannot be combined with cc = "cubic", which cuts to β x FlightSize (RFC 9438 §4.6); use windowCut = "rfc5681" or cc = "reno"',
      '--set tcp.cc=cubic needs --set tcp.windowCut=rfc5681 (RFC 5681) too',
    ]);
    // with the companion given, it runs
    const io = capture();
    expect(await runCli(['--preset', 'ecn-finite-n10-dt-ql64', '--set', 'tcp.cc=cubic', '--set', 'tcp.windowCut=rfc5681', '--dry-run'], io), io.stderr).toBe(0);
    // a lone maxRto below the lesson's minRto (0.2 s): minRto follows it
    expect(await bad(['--preset', 'default', '--set', 'tcp.maxRto=0.1'])).toContain('--set tcp.maxRto=0.1 needs --set tcp.minRto=0.1 (RFC 6298 §2.4) too');
  });

  it("minRto above maxRto in a web item's own TCP settings (not only a bulk item's)", async () => {
    expect(await bad(['--preset', 'web-dt148-80', '--set', 'traffic.0.tcp.minRto=5', '--set', 'traffic.0.tcp.maxRto=2'])).toBe(
      'after --set: traffic.0.tcp.minRto: minRto = 5 s must not exceed maxRto = 2 s (the timeout is clamped to [minRto, maxRto], RFC 6298 §2.4-2.5)',
    );
  });

  it('a rate of 1e-300', async () => {
    expect(await bad(['--preset', 'default', '--set', 'topology.bottleneck.rate=1e-300'])).toBe('--set topology.bottleneck.rate = 1e-300 is out of range: allowed 1000 to 1000000000000 bps');
    expect(await bad(['--preset', 'md1-poisson', '--set', 'traffic.0.rate=1e-300'])).toBe('--set traffic.0.rate = 1e-300 is out of range: allowed 1000 to 1000000000000 bps');
  });

  it('an output in a missing directory or onto a directory says so in words', async () => {
    const missing = join(dir, 'no-such-dir', 'r.json');
    expect(await bad(['--preset', 'default', '--out', missing])).toBe(`--out ${missing}: cannot write (no such directory: ${join(dir, 'no-such-dir')})`);
    expect(await bad(['--preset', 'default', '--series', dir])).toBe(`--series ${dir}: cannot write (is a directory)`);
    expect(await bad(['--preset', 'lockout-dt', '--export-ns2', missing])).toBe(`--export-ns2 ${missing}: cannot write (no such directory: ${join(dir, 'no-such-dir')})`);
    // the directory exists but makes no files (ENOENT too): it is not called missing
    // (as root ENOENT, else permission denied)
    if (existsSync('/proc/self')) expect(await bad(['--preset', 'default', '--out', '/proc/r.json'])).toMatch(/^--out \/proc\/r\.json: cannot write \((no file can be created in \/proc|permission denied)\)$/);
  });

  it('--out to a full device', async () => {
    if (!existsSync('/dev/full')) return;
    expect(await bad(['--preset', 'default', '--set', 'duration=0.5', '--set', 'warmup=0', '--out', '/dev/full'])).toBe('--out /dev/full: cannot write (ENOSPC: no space left on the device); the file is incomplete');
    expect(await bad(['--preset', 'default', '--set', 'duration=0.5', '--set', 'warmup=0', '--series', '/dev/full'])).toBe('--series /dev/full: cannot write (ENOSPC: no space left on the device); the file is incomplete');
  });

  it('--set without a value, and --set or --sample with nothing after them', async () => {
    expect(await bad(['--preset', 'default', '--set', 'tcp.mss'])).toBe('--set tcp.mss: no value; expected tcp.mss=<value>, allowed whole number 1 to 65495 bytes');
    expect(await bad(['--preset', 'default', '--set'])).toBe('--set: needs a value: <dotted.path>=<value>, e.g. --set topology.bottleneck.queue.maxP=0.02');
    expect(await bad(['--preset', 'default', '--sample'])).toBe('--sample: needs a value: seconds, > 0 to 1000000');
  });

  it('two outputs to one file are refused before the run (the file held the result JSON and then CSV rows, exit 0)', async () => {
    const f = join(dir, 'both.json');
    expect(await bad(['--preset', 'default', '--set', 'duration=0.5', '--set', 'warmup=0', '--series', f, '--out', f])).toBe(`--series, --out: all name the file ${f}; give each output a file of its own`);
    expect(existsSync(f)).toBe(false);
    expect(await bad(['--preset', 'default', '--set', 'duration=0.5', '--set', 'warmup=0', '--trace', f, '--responses', join(dir, '.', 'both.json')])).toMatch(/^--trace, --responses: all name the file /);
  });

  it('--sample -1 is out of range, not "ambiguous"', async () => {
    expect(await bad(['--preset', 'default', '--sample', '-1'])).toBe('--sample = -1 is out of range: allowed > 0 to 1000000 s (the sampling interval of --series)');
  });
});

describe('options that print instead of running, with a run\'s outputs or with one another', () => {
  it('--export-ns2 or --dry-run with --out, --series, ... names the options that would not be written', async () => {
    const out = join(dir, 'never.json');
    expect(await bad(['--preset', 'default', '--export-ns2', join(dir, 's.tcl'), '--out', out])).toBe('--out: written by a run, and --export-ns2 does not run the scenario; drop it or --export-ns2');
    expect(existsSync(join(dir, 's.tcl'))).toBe(false);
    expect(await bad(['--preset', 'default', '--dry-run', '--series', join(dir, 's.csv'), '--trace', join(dir, 't.jsonl')])).toBe(
      '--series, --trace: written by a run, and --dry-run does not run the scenario; drop them or --dry-run',
    );
    expect(await bad(['--preset', 'default', '--export-ns2', '-', '--estimate'])).toBe('--export-ns2 and --estimate: one at a time (each prints instead of running the scenario)');
    // --estimate reads --series (its size is part of the estimate): still allowed
    const est = capture();
    expect(await runCli(['--preset', 'default', '--estimate', '--series', join(dir, 'e.csv')], est)).toBe(0);
  });
});

describe('a --set the run will not use is named on stderr (valid input: exit 0)', () => {
  it("a web item's rate or users while its load sets them", async () => {
    const io = capture();
    expect(await runCli(['--preset', 'web-dt148-80', '--set', 'traffic.0.rate=10', '--dry-run'], io)).toBe(0);
    expect(io.stderr).toBe('--set traffic.0.rate: not used while traffic.0.load = 0.8 sets it (it is calibrated for that load); add --set traffic.0.load=null to run with your rate\n');
    const users = capture();
    expect(await runCli(['--preset', 'web-users-dt-98', '--set', 'traffic.0.users=10', '--dry-run'], users)).toBe(0);
    expect(users.stderr).toContain('--set traffic.0.users: not used while traffic.0.load = 0.98 sets it');
    // with the load removed, the rate is used: no note
    const used = capture();
    expect(await runCli(['--preset', 'web-dt148-80', '--set', 'traffic.0.rate=10', '--set', 'traffic.0.load=null', '--dry-run'], used)).toBe(0);
    expect(used.stderr).toBe('');
    expect((JSON.parse(used.stdout) as { traffic: { rate: number; load?: number }[] }).traffic[0]).toMatchObject({ rate: 10 });
  });

  it('stopAfterExchanges without web traffic: named, in a --set and in a file (the run went to its duration, the header said "until 10 exchanges or 30 s")', async () => {
    const note = 'stopAfterExchanges = 10: not used: this scenario has no web traffic (a packmime, web-users or web-sessions item), so no exchange is counted and the run ends at duration = 30 s; remove it (--set stopAfterExchanges=null) or add a web item\n';
    const io = capture();
    expect(await runCli(['--preset', 'default', '--set', 'stopAfterExchanges=10', '--dry-run'], io)).toBe(0);
    expect(io.stderr).toBe(note);
    const f = join(dir, 'stop-after.json');
    writeFileSync(f, io.stdout);
    const file = capture();
    expect(await runCli([f, '--dry-run'], file)).toBe(0);
    expect(file.stderr).toBe(note);
    // with web traffic it is used: no note
    const web = capture();
    expect(await runCli(['--preset', 'web-dt148-80', '--set', 'stopAfterExchanges=10', '--dry-run'], web)).toBe(0);
    expect(web.stderr).toBe('');
  });
});
