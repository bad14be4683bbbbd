import { describe, expect, it } from 'vitest';
import { capture } from './capture';
import { runSweep } from '../../../src/cli/sweep';

describe('sweep on worker threads', () => {
  const cases = ['ecn-finite-n1-dt-ql64', 'lockout-dt', 'ecn-finite-n2-red-a-ql32'];
  const args = [...cases, '--set', 'duration=3', '--json'];

  it('gives the same rows on 2 threads as in one thread, in the order of the patterns, with a progress line per case', async () => {
    const one = capture();
    expect(await runSweep([...args, '--jobs', '1'], one)).toBe(0);
    const two = capture();
    expect(await runSweep([...args, '--jobs', '2'], two)).toBe(0);
    const rows = (io: { stdout: string }) => io.stdout.trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    const strip = (r: Record<string, unknown>) => ({ ...r, wallSeconds: 0 });
    expect(rows(two).map((r) => r.name)).toEqual(cases);
    expect(rows(two).map(strip)).toEqual(rows(one).map(strip));
    expect(two.stderr).toContain('on 2 worker threads');
    const progress = two.stderr.split('\n').filter((l) => /^sweep \d+\/3 /.test(l));
    expect(progress).toHaveLength(3);
    expect(progress[2]).toMatch(/^sweep 3\/3 .*elapsed/);
  });

  it('rejects a bad --jobs with the allowed range', async () => {
    const io = capture();
    expect(await runSweep(['lockout-dt', '--jobs', '0'], io)).toBe(2);
    expect(io.stderr).toContain('--jobs = "0" is out of range: allowed whole number 1 to 256');
  });
});

describe('sweepThreads: cases run side by side fit in memory together', () => {
  it('lowers the threads until the largest cases fit the budget, and says why; never below one', async () => {
    const { sweepThreads } = await import('../../../src/cli/sweep');
    const GB = 1e9;
    // --jobs 32 over 40 cases of 0.8 GB on a 23 GB machine (budget 17.25 GB): 21 at once
    const r = sweepThreads(32, Array.from({ length: 40 }, () => 0.8 * GB), 0.75 * 23 * GB);
    expect(r.threads).toBe(21);
    expect(r.note).toBe('sweep: 21 worker threads, not 32: the largest cases need about 800 MB of memory each, 32 at once about 26 GB, more than 17 GB (3/4 of this machine\'s memory)');
    // small cases: as many threads as wanted (and no more than cases), no note
    expect(sweepThreads(8, [1e6, 2e6, 3e6], 17 * GB)).toEqual({ threads: 3, note: null });
    // the largest cases count first (any of them may run beside the others): 3 + 2 GB do not fit 4 GB, 3 + 0.5 + 0.1 + 0.1 do
    expect(sweepThreads(4, [1e8, 3 * GB, 1e8, 2 * GB], 4 * GB).threads).toBe(1);
    expect(sweepThreads(4, [1e8, 3 * GB, 1e8, 0.5 * GB], 4 * GB)).toEqual({ threads: 4, note: null });
    // a case larger than the budget alone (run with --force) still runs, one at a time
    expect(sweepThreads(2, [10 * GB, 10 * GB], 4 * GB).threads).toBe(1);
  });
});
