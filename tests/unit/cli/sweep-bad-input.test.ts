import { describe, expect, it } from 'vitest';
import { capture } from './capture';
import { matchPresets, runSweep } from '../../../src/cli/sweep';
import { runCli } from '../../../src/cli/main';
import { PRESETS } from '../../../src/engine/scenario/presets';

/** Hostile input to `npm run sweep`: each refusal names the option or field and what is allowed, once. */
describe('sweep: bad input', () => {
  it('a --set refused by every matched preset is said once, with how many presets it applies to', async () => {
    const web = matchPresets(['web-*']).names.length;
    expect(web).toBeGreaterThan(20);
    const io = capture();
    expect(await runSweep(['web-*', '--set', 'tcp.mss=0'], io)).toBe(2);
    expect(io.stderr).toBe(`--set tcp.mss = 0 is out of range: allowed whole number 1 to 65495 bytes (all ${web} presets matched)\n`);
    expect(io.stdout).toBe('');
  });

  it('a --set refused by some presets only names those, grouped by message, and does not crash', async () => {
    // traffic.0.users exists only on web-users items: the others refuse it, each kind with its own fields
    const io = capture();
    expect(await runSweep(['web-users-pi-90', 'web-dt148-80', 'web-red5-80', 'lockout-dt', '--set', 'traffic.0.users=5'], io)).toBe(2);
    const lines = io.stderr.trim().split('\n');
    expect(lines).toEqual([
      expect.stringMatching(/^--set traffic\.0\.users: unknown field of traffic\.0 \(packmime\); allowed: kind, .*\(web-dt148-80, web-red5-80: 2 of 4 presets matched\)$/),
      expect.stringMatching(/^--set traffic\.0\.users: unknown field of traffic\.0 \(bulk\); allowed: kind, .*\(lockout-dt, 1 of 4 presets matched\)$/),
    ]);
  });

  it('--against with --json (no table to print) is refused; a mistyped option is named without Node\'s hint about positionals', async () => {
    const io = capture();
    expect(await runSweep(['lockout-dt', '--against', 'lockout-dt', '--json'], io)).toBe(2);
    expect(io.stderr).toBe('--against lockout-dt: prints a table of differences, which --json does not; drop one of them (--json lines carry each run, with its seed)\n');
    const opt = capture();
    expect(await runSweep(['lockout-dt', '--verbose'], opt)).toBe(2);
    expect(opt.stderr.split('\n')[0]).toBe("Unknown option '--verbose'.");
  });

  it('--seeds, --jobs or --against given twice with two values is refused before anything runs (the last was kept: --seeds 1-5 --seeds 7 ran seed 7 alone)', async () => {
    const io = capture();
    expect(await runSweep(['lockout-dt', '--seeds', '1-5', '--json', '--seeds', '7'], io)).toBe(2);
    expect(io.stderr).toBe('--seeds given 2 times ("1-5", "7"): give it once (only --set repeats)\n');
    expect(io.stdout).toBe('');
  });

  it('--seeds, --set, --jobs or --against with nothing after them (or another option) says what the option takes', async () => {
    // Node's own words named neither the values nor their range: "Option '--seeds' argument is ambiguous.."
    const first = async (argv: string[]) => {
      const io = capture();
      expect(await runSweep(argv, io)).toBe(2);
      expect(io.stdout).toBe('');
      return io.stderr.split('\n')[0];
    };
    expect(await first(['lockout-dt', '--seeds'])).toBe('--seeds: needs a value: seeds, e.g. 1-5 or 1,4,7 (whole numbers 0 to 4294967295, at most 1000)');
    expect(await first(['lockout-dt', '--seeds', '--json'])).toBe('--seeds: needs a value: seeds, e.g. 1-5 or 1,4,7 (whole numbers 0 to 4294967295, at most 1000)');
    expect(await first(['lockout-dt', '--set'])).toMatch(/^--set: needs a value: path=value/);
    expect(await first(['lockout-dt', '--jobs'])).toBe('--jobs: needs a value: a whole number of worker threads, 1 to 256');
    expect(await first(['lockout-dt', '--against', '--json'])).toBe('--against: needs a value: the name of one of the presets the sweep runs');
  });

  it('--list-presets lists the presets as npm run sim does (its usage and its errors point there)', async () => {
    const sweep = capture();
    expect(await runSweep(['--list-presets'], sweep)).toBe(0);
    const sim = capture();
    expect(await runCli(['--list-presets'], sim)).toBe(0);
    expect(sweep.stdout).toBe(sim.stdout);
    expect(sweep.stdout.trim().split('\n')).toHaveLength(PRESETS.length);
  });

  it('a mistyped option or preset name gets the one near it', async () => {
    const opt = capture();
    expect(await runSweep(['lockout-dt', '--seed', '1-3'], opt)).toBe(2);
    expect(opt.stderr.split('\n')[0]).toBe("Unknown option '--seed'; did you mean --seeds?");
    expect(matchPresets(['ecn-finte']).errors[0]).toMatch(/^ecn-finte: matches no preset; did you mean ecn-finite\?/);
  });
});
