import { describe, expect, it } from 'vitest';
import { runBench, wholeProcessRuns } from '../../bench/bench';
import { capture } from '../cli/capture';

/**
 * `npm run bench` is a user-facing command (README, docs/speed.md): its options get a usage
 * text and bad values a message naming the option and the allowed values, exit 2, never a
 * stack trace. Only error paths here: nothing is timed or run.
 */
describe('bench options', () => {
  it('prints its usage for --help and -h, exit 0', async () => {
    for (const flag of ['--help', '-h']) {
      const io = capture();
      expect(await runBench([flag], io)).toBe(0);
      expect(io.stdout).toContain('Usage: npm run bench -- [--repeat N] [--no-ns2] [--no-scaling] [--only name,...]');
      expect(io.stdout).toContain('bench-100-red');
      expect(io.stderr).toBe('');
    }
  });

  it('refuses an unknown option with exit 2 and a pointer to --help', async () => {
    const io = capture();
    expect(await runBench(['--frobnicate'], io)).toBe(2);
    expect(io.stderr).toBe("Unknown option '--frobnicate' (see --help)\n");
    expect(io.stdout).toBe('');
  });

  it('names the option and what it takes when its value is missing, or is a negative number', async () => {
    const missing: [string, string][] = [
      ['--repeat', 'a whole number of warm runs, 1 to 1000'],
      ['--only', 'bench scenario names, comma-separated'],
      ['--ns2-timeout', 'seconds, > 0 to 86400'],
    ];
    for (const [opt, takes] of missing) {
      const io = capture();
      expect(await runBench([opt], io)).toBe(2);
      expect(io.stderr).toBe(`${opt}: needs a value: ${takes} (see --help)\n`);
    }
    // another option where the value should be: the value is missing too
    const io = capture();
    expect(await runBench(['--repeat', '--no-ns2'], io)).toBe(2);
    expect(io.stderr).toBe('--repeat: needs a value: a whole number of warm runs, 1 to 1000 (see --help)\n');
    const neg = capture();
    expect(await runBench(['--ns2-timeout', '-1'], neg)).toBe(2);
    expect(neg.stderr).toBe('--ns2-timeout = -1 is out of range: allowed > 0 to 86400 seconds\n');
  });

  it('names the option and the allowed range for a bad --repeat or --ns2-timeout', async () => {
    for (const v of ['abc', '0', '2.5', '']) {
      const io = capture();
      expect(await runBench(['--repeat', v], io)).toBe(2);
      expect(io.stderr).toBe(`--repeat = ${v} is out of range: allowed whole number 1 to 1000\n`);
    }
    const io = capture();
    expect(await runBench(['--ns2-timeout=0'], io)).toBe(2);
    expect(io.stderr).toBe('--ns2-timeout = 0 is out of range: allowed > 0 to 86400 seconds\n');
  });

  it('refuses an option given twice with two values before anything runs (the last was kept)', async () => {
    const io = capture();
    expect(await runBench(['--repeat', '2', '--no-ns2', '--repeat', '5'], io)).toBe(2);
    expect(io.stderr).toBe('--repeat given 2 times ("2", "5"): give it once (see --help)\n');
  });

  it('names an unknown --only scenario and lists the bench scenarios', async () => {
    const io = capture();
    expect(await runBench(['--only', 'bench-100-red,bench-100-rde'], io)).toBe(2);
    expect(io.stderr).toMatch(/^--only: "bench-100-rde" is not a bench scenario; allowed: bench-100-red, .*bench-seeds000-full, aqm\n$/);
  });

  it('says how the whole-process times were taken: a heavy case (bench-seeds000-full) is timed once, not as a median', () => {
    const light = { name: 'bench-100-red', heavy: false };
    const heavy = { name: 'bench-seeds000-full', heavy: true };
    expect(wholeProcessRuns(3, [light])).toBe('medians of 5 alternating runs');
    expect(wholeProcessRuns(3, [light, heavy])).toBe('medians of 5 alternating runs (bench-seeds000-full: one run)');
    // --only bench-seeds000-full printed "medians of 5 alternating runs" for its single run
    expect(wholeProcessRuns(3, [heavy])).toBe('one run each (too long to repeat)');
  });
});
