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
