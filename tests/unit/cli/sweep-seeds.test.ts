import { describe, expect, it } from 'vitest';
import { capture } from './capture';
import { MAX_SEEDS, parseSeeds, runSweep, signed } from '../../../src/cli/sweep';

/**
 * `aqm-lab sweep --seeds`: each preset once per seed, then each column's mean ± sample
 * standard deviation over the seeds (docs/cli.md). RED draws at random, so its runs differ
 * by seed; drop-tail with bulk flows draws nothing, so its runs are identical.
 */
describe('sweep --seeds', () => {
  it('parses seeds and ranges in the order given, without duplicates', () => {
    expect(parseSeeds('1-5')).toEqual({ seeds: [1, 2, 3, 4, 5] });
    expect(parseSeeds('1,4,7')).toEqual({ seeds: [1, 4, 7] });
    expect(parseSeeds('9, 2-4,3')).toEqual({ seeds: [9, 2, 3, 4] });
    expect(parseSeeds('0')).toEqual({ seeds: [0] });
  });

  it('names the wrong part and what is allowed', () => {
    for (const bad of ['5-1', 'a', '-1', '1,,2', '1.5', '4294967296']) {
      const r = parseSeeds(bad);
      expect('error' in r && r.error).toMatch(/is not a seed or a rising range; allowed: whole numbers 0 to 4294967295/);
    }
    expect('error' in parseSeeds(`1-${MAX_SEEDS + 1}`) && (parseSeeds(`1-${MAX_SEEDS + 1}`) as { error: string }).error).toMatch(/too many seeds/);
    expect(parseSeeds(`1-${MAX_SEEDS}`)).toMatchObject({ seeds: { length: MAX_SEEDS } });
  });

  it('a negative --seeds or --jobs is named with what is allowed, not taken for an option ("argument is ambiguous")', async () => {
    for (const [args, want] of [
      [['default', '--seeds', '-1'], /^--seeds = "-1": "-1" is not a seed or a rising range; allowed: whole numbers 0 to 4294967295/],
      [['default', '--jobs', '-2'], /^--jobs = "-2" is out of range: allowed whole number 1 to 256/],
      [['default', '--jobs', 'abc'], /^--jobs = "abc" is not a number: allowed whole number 1 to 256/],
      [['default', '--jobs', '1.5'], /^--jobs = "1.5" is not a whole number: allowed whole number 1 to 256/],
    ] as const) {
      const io = capture();
      expect(await runSweep([...args], io)).toBe(2);
      expect(io.stderr).toMatch(want);
      expect(io.stderr).not.toContain('ambiguous');
    }
  });

  it('refuses a case larger than the limits before running anything, naming it and the estimate (exit 3)', async () => {
    // hostile input: a sweep with duration=1e6 ran for hours without a word (npm run sim refuses it)
    const io = capture();
    expect(await runSweep(['default', '--set', 'duration=1000000', '--seeds', '1-2', '--jobs', '1'], io)).toBe(3);
    expect(io.stderr).toMatch(/^not run: default seed 1: this run needs about [\d.]+ G events .*; the limit is 2\.4 G events: shorten duration/);
    expect(io.stderr).toContain('\n        default seed 2: this run needs about');
    expect(io.stderr).toContain('run the sweep anyway with --force');
    expect(io.stdout).toBe('');
  });

  it('one seed prints its runs and no "mean ± sample standard deviation" table (it repeated the runs, with no ±)', async () => {
    const io = capture();
    expect(await runSweep(['lockout-dt', '--seeds', '7', '--jobs', '1'], io)).toBe(0);
    expect(io.stdout).toMatch(/^lockout-dt\s+7\s+225\.34\b/m);
    expect(io.stdout).not.toContain('Mean ± sample standard deviation');
    const two = capture();
    expect(await runSweep(['lockout-dt', '--seeds', '7,8', '--jobs', '1'], two)).toBe(0);
    expect(two.stdout).toContain('Mean ± sample standard deviation over seeds 7,8:');
  });

  it('rejects a bad list before running anything (exit 2)', async () => {
    const io = capture();
    expect(await runSweep(['lockout-dt', '--seeds', '3-1'], io)).toBe(2);
    expect(io.stderr).toContain('--seeds = "3-1": "3-1" is not a seed or a rising range');
    expect(io.stdout).toBe('');
  });

  const cases = ['ecn-finite-n2-red-a-ql32', 'ecn-finite-n2-dt-ql32'];
  const args = [...cases, '--set', 'duration=30', '--seeds', '1-3', '--jobs', '1'];

  it('runs each preset at each seed, preset by preset; RED differs by seed, drop-tail does not', async () => {
    const io = capture();
    expect(await runSweep([...args, '--json'], io)).toBe(0);
    const rows = io.stdout.trim().split('\n').map((l) => JSON.parse(l) as { name: string; seed: number; drops: number; arrivals: number });
    expect(rows.map((r) => [r.name, r.seed])).toEqual([
      [cases[0], 1], [cases[0], 2], [cases[0], 3],
      [cases[1], 1], [cases[1], 2], [cases[1], 3],
    ]);
    const red = rows.slice(0, 3);
    const dt = rows.slice(3);
    expect(new Set(red.map((r) => `${r.drops}/${r.arrivals}`)).size).toBeGreaterThan(1);
    expect(new Set(dt.map((r) => `${r.drops}/${r.arrivals}`)).size).toBe(1);
    expect(io.stderr).toMatch(/sweep 1\/6 {2}ecn-finite-n2-red-a-ql32 seed 1 /);
  });

  it('prints a seed column and a table of means whose entries are the mean ± sample sd of the runs', async () => {
    const json = capture();
    expect(await runSweep([...args, '--json'], json)).toBe(0);
    const rows = json.stdout.trim().split('\n').map((l) => JSON.parse(l) as { name: string; drops: number });
    const io = capture();
    expect(await runSweep(args, io)).toBe(0);
    const [runs, means] = io.stdout.split('Mean ± sample standard deviation over seeds 1-3:\n');
    expect(runs.split('\n')[0]).toMatch(/^preset\s+seed\s+sim s/);
    const head = means.split('\n')[0].trim().split(/\s{2,}/);
    expect(head.slice(0, 2)).toEqual(['preset', 'runs']);
    const dropsCol = head.indexOf('drops');
    for (const name of cases) {
      const d = rows.filter((r) => r.name === name).map((r) => r.drops);
      const mean = d.reduce((a, x) => a + x, 0) / d.length;
      const sd = Math.sqrt(d.reduce((a, x) => a + (x - mean) ** 2, 0) / (d.length - 1));
      const line = means.split('\n').find((l) => l.startsWith(name + ' '))!;
      const cells = line.trim().split(/\s{2,}/);
      expect(cells[1]).toBe('3');
      expect(cells[dropsCol]).toBe(`${mean.toFixed(0)} ± ${sd.toFixed(0)}`);
    }
  });
});

describe('sweep --against (differences paired by seed)', () => {
  it('a difference that rounds to zero at the column\'s precision reads 0, without a sign (it read "-0.000")', () => {
    const three = signed((x) => x.toFixed(3));
    expect(three(-0.0002)).toBe('0.000');
    expect(three(0.0002)).toBe('0.000');
    expect(three(0)).toBe('0.000');
    expect(three(-0.0012)).toBe('-0.001');
    expect(three(0.0012)).toBe('+0.001');
  });

  const cases = ['ecn-finite-n2-red-a-ql32', 'ecn-finite-n2-ecn-a-ql32', 'ecn-finite-n2-dt-ql32'];
  const args = [...cases, '--set', 'duration=30', '--seeds', '1-3', '--jobs', '1'];

  it('prints each other preset minus the reference at the same seed, as mean ± sd, starred when larger than the seeds’ spread', async () => {
    const json = capture();
    expect(await runSweep([...args, '--json'], json)).toBe(0);
    const rows = json.stdout.trim().split('\n').map((l) => JSON.parse(l) as { name: string; seed: number; drops: number; arrivals: number });
    const io = capture();
    expect(await runSweep([...args, '--against', 'ecn-finite-n2-dt-ql32'], io)).toBe(0);
    const paired = io.stdout.split(/Paired by seed: each run minus ecn-finite-n2-dt-ql32's run at the same seed[^\n]*\n/)[1];
    expect(paired).toBeDefined();
    const lines = paired.trim().split('\n');
    const head = lines[0].trim().split(/\s{2,}/);
    expect(head.slice(0, 2)).toEqual(['preset', 'seeds']);
    expect(lines.some((l) => l.startsWith('ecn-finite-n2-dt-ql32 '))).toBe(false);
    for (const name of cases.slice(0, 2)) {
      for (const key of ['drops', 'arrivals'] as const) {
        const d = [1, 2, 3].map((s) => rows.find((r) => r.name === name && r.seed === s)![key] - rows.find((r) => r.name === cases[2] && r.seed === s)![key]);
        const mean = d.reduce((a, x) => a + x, 0) / 3;
        const sd = Math.sqrt(d.reduce((a, x) => a + (x - mean) ** 2, 0) / 2);
        // starred when the mean is farther from 0 than two standard errors (the app's rule too)
        const scale = Math.max(...[1, 2, 3].map((s) => Math.abs(rows.find((r) => r.name === cases[2] && r.seed === s)![key])));
        const star = Math.abs(mean).toFixed(0) !== '0' && !d.every((x) => Math.abs(x) <= 1e-9 * scale) && Math.abs(mean) > (2 * sd) / Math.sqrt(3) ? '*' : '';
        const cells = lines.find((l) => l.startsWith(name + ' '))!.trim().split(/\s{2,}/);
        expect(cells[1]).toBe('3');
        expect(cells[head.indexOf(key)]).toBe(`${mean > 0 ? '+' : ''}${mean.toFixed(0)} ± ${sd.toFixed(0)}${star}`);
      }
    }
    // no star on a difference that reads 0 at its column's precision ("+0.0 ± 0.0*")
    for (const l of lines.slice(1)) for (const cell of l.trim().split(/\s{2,}/).slice(2)) expect(cell, l).not.toMatch(/^[+-]?0(\.0+)?( ± [\d.]+)?\*$/);
  });

  it('stars no difference that reads 0 at its precision (a utilization 0.004 points apart at every seed read "+0.0 ± 0.0*")', async () => {
    const io = capture();
    expect(await runSweep(['ecn-finite-n2-red-a-ql32', 'ecn-finite-n2-dt-ql32', '--seeds', '1-3', '--jobs', '1', '--against', 'ecn-finite-n2-dt-ql32'], io)).toBe(0);
    const paired = io.stdout.split(/Paired by seed[^\n]*\n/)[1];
    const lines = paired.trim().split('\n');
    expect(lines).toHaveLength(2);
    const cells = lines[1].trim().split(/\s{2,}/).slice(2);
    // the other columns keep their stars
    expect(cells.filter((c) => c.endsWith('*')).length).toBeGreaterThan(0);
    for (const cell of cells) expect(cell).not.toMatch(/^[+-]?0(\.0+)? ± [\d.]+\*$/);
  });

  it('refuses a reference the sweep does not run (exit 2, naming the presets it does)', async () => {
    const io = capture();
    expect(await runSweep(['lockout-dt', 'red-vs-dt', '--against', 'default'], io)).toBe(2);
    expect(io.stderr).toContain('--against default: not one of the presets this sweep runs (lockout-dt, red-vs-dt); name one of them');
  });
});
