import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { capture } from './capture';
import { runCli } from '../../../src/cli/main';
import { CLI_PROCESS_BASE_BYTES } from '../../../src/engine/estimate';

describe('CLI run-size limits', () => {
  const dir = mkdtempSync(join(tmpdir(), 'aqmlab-limits-'));

  it('refuses 1e12 b/s of 1-byte UDP packets (exit 3) with the estimate, the limit and what to change', async () => {
    const p = join(dir, 'flood.json');
    writeFileSync(p, '{"version":1,"duration":5,"topology":{"kind":"dumbbell"},"traffic":[{"kind":"udp","rate":1e12,"packetSize":1}]}');
    const io = capture();
    expect(await runCli([p], io)).toBe(3);
    expect(io.stderr).toMatch(/^not run: this run needs about 630 G events/);
    expect(io.stderr).toContain('traffic.0.rate');
    expect(io.stderr).toContain('--max-events');
    expect(io.stderr).toContain('--force');
    expect(io.stdout).toBe('');
  });

  it('refuses --sample 1e-9 before running, naming --sample and the smallest interval that fits', async () => {
    const io = capture();
    expect(await runCli(['--preset', 'default', '--series', join(dir, 's.csv'), '--sample', '1e-9'], io)).toBe(3);
    expect(io.stderr).toMatch(/time series would hold .* values .* the cap is 100 M: sample every [\d.]+e-6 s or more \(--sample\)/);
  });

  it('--max-events below the estimate refuses; with --force the run starts and stops when it reaches the limit (exit 1)', async () => {
    const refused = capture();
    expect(await runCli(['--preset', 'default', '--max-events', '1000'], refused)).toBe(3);
    expect(refused.stderr).toContain('the limit is 1 k events');
    // the way on is a larger --max-events: --force with this one would only stop the run at 1000
    expect(refused.stderr).toMatch(/or run it anyway with --max-events [\d.]+e\d+ \(--force would stop it at your --max-events 1000\)/);
    expect(refused.stderr).not.toContain('(or --force)');
    // --force lifts the refusal, not the stop: the run ends at the limit with a message
    const stopped = capture();
    expect(await runCli(['--preset', 'default', '--max-events', '1000', '--force'], stopped)).toBe(1);
    expect(stopped.stderr).toMatch(/^stopped at t = [\d.]+ s after [\d,]+ events: the limit is --max-events 1000/);
    // --force was given and cannot lift this stop: the advice must not be "use --force"
    expect(stopped.stderr).toContain('raise it (--force does not lift a --max-events given with it)');
    expect(stopped.stderr).not.toContain('or use --force');
    expect(stopped.stdout).toBe('');
    // an --out opened before the run holds nothing: said, not left for a reader to find empty
    const out = join(dir, 'stopped.json');
    const withOut = capture();
    expect(await runCli(['--preset', 'default', '--max-events', '1000', '--force', '--out', out], withOut)).toBe(1);
    expect(withOut.stderr).toContain(`--out ${out}: no result written (the file is empty)`);
  });

  it('10 Gb/s x 500 flows x 300 s on the default hosts (about 58 M events made): estimated near that, so --max-events 5e7 refuses it before it runs', async () => {
    // the estimate said 19 M (one 100 Mb/s host link for all 500 flows): the run started
    // and was stopped part way at the 50 M limit instead of refused with its estimate
    const args = ['--preset', 'default', '--set', 'topology.bottleneck.rate=1e10', '--set', 'traffic.0.flows=500', '--set', 'duration=300'];
    const io = capture();
    expect(await runCli([...args, '--max-events', '5e7'], io)).toBe(3);
    expect(io.stderr).toMatch(/^not run: this run needs about [5-9]\d M events .*the limit is 50 M events: shorten duration, lower traffic\.0\.flows/);
    expect(io.stdout).toBe('');
  });

  it('prints the estimate and progress lines with the time left when asked (--progress)', async () => {
    const io = Object.assign(capture(), { progressEvery: 0 });
    expect(await runCli(['--preset', 'bench-100-red', '--set', 'duration=20', '--progress', '--quiet'], io)).toBe(0);
    // --quiet hides them
    expect(io.stderr).toBe('');
    const io2 = Object.assign(capture(), { progressEvery: 0 });
    expect(await runCli(['--preset', 'bench-100-red', '--set', 'duration=20', '--progress'], io2)).toBe(0);
    // the run's own memory and, above it, the whole process's (Node.js and V8's uncollected garbage: CLI_PROCESS_BASE_BYTES)
    const m = /^estimate: about [\d.]+ [kM] events, .* packets, ([\d.]+) MB of memory for the run \(about ([\d.]+) MB for the whole process\); .* at 4 M events\/s\n/.exec(io2.stderr);
    expect(m).not.toBeNull();
    expect(Number(m![2]) - Number(m![1])).toBeCloseTo(CLI_PROCESS_BASE_BYTES / 1e6, -1);
    expect(io2.stderr).toMatch(/t = [\d.]+ of 20\.0 s \(\d+ %\), [\d.]+ M events\/s, about \d+ s left/);
  });

  it('stops writing --trace at --max-trace lines and says how many records were left out', async () => {
    const trace = join(dir, 't.jsonl');
    const io = capture();
    expect(await runCli(['--preset', 'default', '--set', 'duration=2', '--set', 'warmup=0', '--trace', trace, '--max-trace', '25', '--quiet'], io)).toBe(0);
    expect(readFileSync(trace, 'utf8').trim().split('\n')).toHaveLength(25);
    expect(io.stderr).toMatch(/--trace: stopped writing after 25 lines \(--max-trace 25\); [\d,]+ more records were left out, the run went on/);
  });

  it('names the range of a bad --max-events or --max-packets', async () => {
    const io = capture();
    expect(await runCli(['--preset', 'default', '--max-events', '-5', '--max-packets', '10'], io)).toBe(2);
    expect(io.stderr).toContain('--max-events = -5 is out of range: allowed whole number 1 to 1000000000000000 (network events)');
    expect(io.stderr).toContain('--max-packets = 10 is out of range: allowed whole number 1000 to 100000000 (packets alive at once)');
  });

  it('a run without a duration cut at the 10-hour cap says so and names duration (it printed "until all flows finish" above unfinished flows, and nothing more)', async () => {
    // 1e10 bytes over 100 Kb/s take 9 days: the cap ends the run
    const cut = capture();
    expect(await runCli(['--preset', 'red-vs-dt', '--set', 'traffic.0.bytes=1e10', '--set', 'topology.bottleneck.rate=1e5', '--quiet'], cut)).toBe(0);
    expect(cut.stderr).toMatch(/^stopped at t = 36000 s with 2 flows unfinished: a scenario without a duration runs at most 36000 s .*--set duration=N/m);
    // flows that finish, or a duration given: no note
    const done = capture();
    expect(await runCli(['--preset', 'red-vs-dt', '--quiet'], done)).toBe(0);
    expect(done.stderr).not.toContain('stopped at');
  });

  it('a run refused before it starts leaves the output files as they were, and creates none (an earlier result.json was emptied)', async () => {
    const old = join(dir, 'old-result.json');
    const oldCsv = join(dir, 'old-series.csv');
    const fresh = join(dir, 'fresh-responses.csv');
    writeFileSync(old, '{"an earlier run": true}\n');
    writeFileSync(oldCsv, 't,queue\n0,0\n');
    const io = capture();
    expect(await runCli(['--preset', 'default', '--out', old, '--series', oldCsv, '--sample', '1e-9', '--responses', fresh], io)).toBe(3);
    expect(io.stderr).toMatch(/^not run: the time series would hold/);
    expect(readFileSync(old, 'utf8')).toBe('{"an earlier run": true}\n');
    expect(readFileSync(oldCsv, 'utf8')).toBe('t,queue\n0,0\n');
    expect(existsSync(fresh)).toBe(false);
    // a run that starts replaces them
    const ran = capture();
    expect(await runCli(['--preset', 'md1-poisson', '--set', 'duration=1', '--out', old, '--quiet'], ran)).toBe(0);
    expect(JSON.parse(readFileSync(old, 'utf8')).summary.simulatedSeconds).toBe(1);
  });

  it("docs/cli.md's refusals under Large runs are what the CLI prints for those commands (they went stale: 870 G values, 29 columns)", async () => {
    const doc = readFileSync(join(__dirname, '../../../docs/cli.md'), 'utf8');
    const block = /## Large runs[\s\S]*?```\n(\$ aqm-lab[\s\S]*?)```/.exec(doc)?.[1];
    expect(block).toBeDefined();
    const lines = block!.trimEnd().split('\n');
    let checked = 0;
    for (let i = 0; i < lines.length; i += 2) {
      const m = /^\$ aqm-lab (.*?)\s*(?:#\s*(.*))?$/.exec(lines[i]);
      expect(m, lines[i]).not.toBeNull();
      const [, command, fileText] = m!;
      const argv = command.split(/\s+/).map((a) => (a.endsWith('.json') || a.endsWith('.csv') ? join(dir, a) : a));
      // the comment holds the file the command reads
      if (fileText) writeFileSync(join(dir, command.split(/\s+/)[0]), fileText);
      const io = capture();
      expect(await runCli(argv, io), command).toBe(3);
      expect(io.stderr.trimEnd(), command).toBe(lines[i + 1]);
      checked++;
    }
    expect(checked).toBe(2);
  });
});
