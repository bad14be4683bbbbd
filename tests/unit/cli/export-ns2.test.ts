import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../../src/cli/main';
import { validateCli } from '../../../src/cli/validate';
import { capture } from './capture';

describe('CLI --export-ns2 and npm run validate arguments', () => {
  it('writes the script of the scenario as run (with --set applied) and does not run the engine', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'aqmlab-cli-'));
    const file = join(dir, 'out.tcl');
    const io = capture();
    expect(await runCli(['--preset', 'lockout-dt', '--set', 'topology.bottleneck.queue.limit=48', '--export-ns2', file], io)).toBe(0);
    const script = readFileSync(file, 'utf8');
    expect(script).toMatch(/^# ns-2\.35 script exported by AQM Lab from scenario "lockout-dt"/);
    expect(script).toMatch(/apply_conf \[\[\$ns link \$n\(3\) \$n\(4\)\] queue\] \{limit_ 48 /);
    expect(io.stdout).toContain(`wrote ${file}`);
    // the script lists its one approximation at its top; the message counts it in good English
    expect(script.match(/^# - /gm) ?? []).toHaveLength(1);
    expect(io.stdout).toContain('; 1 field without an exact ns-2 equivalent is listed at its top.');
    expect(io.stdout).not.toContain('goodput'); // no summary: nothing was run
  });

  it('- writes the script to stdout; an unwritable path is a message and exit 2', async () => {
    const io = capture();
    expect(await runCli(['--preset', 'md1-poisson', '--export-ns2', '-'], io)).toBe(0);
    expect(io.stdout).toContain('udp_flow 0 poisson');
    const bad = capture();
    expect(await runCli(['--preset', 'md1-poisson', '--export-ns2', '/nonexistent-dir/x.tcl'], bad)).toBe(2);
    expect(bad.stderr).toMatch(/^--export-ns2 \/nonexistent-dir\/x\.tcl: cannot write \(no such directory: \/nonexistent-dir\)/);
    const none = capture();
    expect(await runCli(['--preset', 'md1-poisson', '--export-ns2'], none)).toBe(2);
    expect(none.stderr).toContain('--export-ns2');
  });

  it('validate: an unknown suite or case is named with the suites there are; --list lists the cases', async () => {
    const io = capture();
    expect(await validateCli(['no-such-suite'], io)).toBe(2);
    expect(io.stderr).toMatch(/no validation case or suite matches "no-such-suite"; suites: seeds001, basics, seeds004, aqm, web, bench, quick/);
    const list = capture();
    expect(await validateCli(['seeds001', '--list'], list)).toBe(0);
    expect(list.stdout.trim().split('\n')).toHaveLength(142);
    expect(list.stdout).toContain('seeds001 n10 ecn-a QL4');
  });

  it('validate: an option given twice with two values is refused before any case runs (the last was kept: --json a.json --json b.json wrote b.json alone)', async () => {
    const io = capture();
    expect(await validateCli(['quick', '--json', 'a.json', '--json', 'b.json'], io)).toBe(2);
    expect(io.stderr).toBe('--json given 2 times ("a.json", "b.json"): give it once (see --help)\n');
    expect(io.stdout).toBe('');
  });

  it('validate: a report file that cannot be written is named before any case runs (it was a stack trace after the whole suite); --until -1 is named', async () => {
    const io = capture();
    expect(await validateCli(['quick', '--json', '/nonexistent-dir/v.json'], io)).toBe(2);
    expect(io.stderr).toBe('--json /nonexistent-dir/v.json: cannot write (no such directory: /nonexistent-dir)\n');
    expect(io.stdout).toBe('');
    const md = capture();
    expect(await validateCli(['quick', '--markdown', '/nonexistent-dir/v.md'], md)).toBe(2);
    expect(md.stderr).toMatch(/^--markdown \/nonexistent-dir\/v\.md: cannot write/);
    const until = capture();
    await validateCli(['quick', '--diverge', '--until', '-1'], until);
    expect(until.stderr).not.toContain('ambiguous');
  });

  it('validate: an option of the other mode is refused, not ignored; --until abc is not a number; a glob without its suite is told the whole name', async () => {
    const cases: [string[], string][] = [
      [['quick', '--until', '5'], '--until 5: read only with --diverge (it bounds the search for the first difference); a comparison runs each case to its end\n'],
      [['quick', '--diverge', '--json', 'v.json'], '--json v.json: not written with --diverge, which prints the first difference only; drop one of them\n'],
      [['quick', '--diverge', '--until', 'abc'], '--until = abc is not a number: allowed > 0 seconds\n'],
      [['quick', '--diverge', '--until', '-1'], '--until = -1 is out of range: allowed > 0 seconds\n'],
    ];
    for (const [args, want] of cases) {
      const io = capture();
      expect(await validateCli(args, io)).toBe(2);
      expect(io.stderr).toBe(want);
      expect(io.stdout).toBe('');
    }
    // an option with nothing after it says what it takes (Node's words: "Option '--json <value>' argument missing.")
    for (const [args, want] of [
      [['quick', '--json'], '--json: needs a value: a file name for every result as JSON (see --help)\n'],
      [['quick', '--markdown', '--quiet'], '--markdown: needs a value: a file name for the agreement tables as Markdown ("-": standard output) (see --help)\n'],
      [['quick', '--diverge', '--until'], '--until: needs a value: seconds, > 0 (with --diverge) (see --help)\n'],
    ] as const) {
      const io = capture();
      expect(await validateCli([...args], io)).toBe(2);
      expect(io.stderr).toBe(want);
    }
    const opt = capture();
    expect(await validateCli(['quick', '--bogus'], opt)).toBe(2);
    expect(opt.stderr).toBe("Unknown option '--bogus'. (see --help)\n");
    const typo = capture();
    expect(await validateCli(['quick', '--quite'], typo)).toBe(2);
    expect(typo.stderr).toBe("Unknown option '--quite'; did you mean --quiet? (see --help)\n");
    const glob = capture();
    expect(await validateCli(['n2 dt *', '--list'], glob)).toBe(2);
    expect(glob.stderr).toContain("a case glob matches the whole name, e.g. 'seeds001 n2 *' (--list lists the cases)");
  });
});
