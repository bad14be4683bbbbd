import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../../src/cli/main';
import type { RunResult } from '../../../src/engine/metrics/types';
import { quantileSorted } from '../../../src/engine/metrics/web';
import { capture } from './capture';
import { calibrationText, itemDirections } from '../../../src/cli/web-format';
import { presetScenario } from '../../../src/engine/scenario/presets';

/** Two-way PackMime at 40 connections/s per direction over 10 Mb/s drop-tail, 30 s after a 5 s warm-up. */
const SCENARIO = {
  version: 1,
  seed: 5,
  duration: 35,
  warmup: 5,
  topology: {
    kind: 'dumbbell',
    bottleneck: { rate: 10e6, delay: 0.001, queue: { kind: 'droptail', limit: 60 } },
    left: { hosts: 2, rate: 100e6, delay: 0 },
    right: { hosts: 2, rate: 100e6, delay: 0 },
    flowDelay: { kind: 'uniform', min: 0.005, max: 0.075 },
  },
  tcp: { variant: 'reno', mss: 1420, initialCwnd: 2, minRto: 1, initialRto: 6, delayedAck: false },
  traffic: [{ kind: 'packmime', direction: 'both', rate: 40 }],
};

describe('CLI: web traffic', () => {
  const dir = mkdtempSync(join(tmpdir(), 'aqmlab-web-'));
  const file = join(dir, 'web.json');
  writeFileSync(file, JSON.stringify(SCENARIO));

  it('--responses writes one row per counted exchange; its response times give the summary quantiles', async () => {
    const io = capture();
    const csv = join(dir, 'r.csv');
    const out = join(dir, 'r.json');
    expect(await runCli([file, '--responses', csv, '--out', out], io)).toBe(0);
    const result = JSON.parse(readFileSync(out, 'utf8')) as RunResult;
    const w = result.summary.web!;
    const lines = readFileSync(csv, 'utf8').trim().split('\n');
    expect(lines[0]).toBe('start_s,request_bytes,response_bytes,response_time_s,rtt_s,direction,drops,connection,user,session,page');
    const rows = lines.slice(1).map((l) => l.split(','));
    expect(rows.length).toBe(w.exchanges);
    expect(w.exchanges).toBeGreaterThan(1500);
    // the summary's line: exchanges open at the end are counted whenever they started, so with a
    // warm-up they may outnumber started - completed, and the line says why
    expect(io.stdout).toContain(`web exchanges: ${w.exchanges.toLocaleString('en-US')} completed of ${w.started.toLocaleString('en-US')} started after the warm-up`);
    expect(io.stdout).toContain(`, ${w.inProgress.toLocaleString('en-US')} in progress at the end (started at any time, the warm-up included)\n`);
    // every row started after the warm-up; both directions are there
    expect(rows.every((r) => Number(r[0]) >= 5)).toBe(true);
    expect(rows.filter((r) => r[5] === 'reverse').length).toBe(w.byDirection.reverse);
    const rt = Float64Array.from(rows.map((r) => Number(r[3]))).sort();
    expect(quantileSorted(rt, 0.5)).toBeCloseTo(w.responseTime!.p50, 9);
    expect(quantileSorted(rt, 0.9)).toBeCloseTo(w.responseTime!.p90, 9);
    expect(rows.filter((r) => Number(r[6]) > 0).length / rows.length).toBeCloseTo(w.flowsWithLoss, 9);
    // what docs/cli.md (Output files, Responses CSV) promises a script can recompute
    for (const [t, f] of w.cdf) expect(rows.filter((r) => Number(r[3]) <= t).length / rows.length, `cdf at ${t} s`).toBeCloseTo(f, 12);
    expect(rows.filter((r) => Number(r[2]) > 50_000).length).toBe(w.largeResponses.exchanges);
    expect(rows.reduce((a, r) => a + Number(r[2]), 0)).toBe(w.responseBytes);
    const ends = rows.map((r) => Number(r[0]) + Number(r[3]));
    expect(ends.every((e, i) => i === 0 || e >= ends[i - 1] - 1e-9)).toBe(true); // in the order they completed
    // each exchange's RTT is its path plus twice its DelayBox delay (uniform 5-75 ms one way): 10 to 150 ms plus 2 ms of links
    const rtts = rows.map((r) => Number(r[4]));
    expect(Math.min(...rtts)).toBeGreaterThanOrEqual(0.012 - 1e-6);
    expect(Math.max(...rtts)).toBeLessThanOrEqual(0.152 + 1e-6);
    // the ids: a connection number for every row, none above the connections opened, each its
    // own (this packmime is not persistent: one exchange per connection); packmime has no
    // users, sessions or pages, so those columns are empty
    expect(rows.every((r) => /^\d+$/.test(r[7]) && Number(r[7]) < w.connections)).toBe(true);
    expect(new Set(rows.map((r) => r[7])).size).toBe(rows.length);
    expect(rows.every((r) => r.length === 11 && r[8] === '' && r[9] === '' && r[10] === '')).toBe(true);
    expect(io.stdout).toContain('response time (ms)');
  });

  it('--responses (and --baseline) on a scenario without web traffic say so on stderr, still exit 0', async () => {
    const io = capture();
    const csv = join(dir, 'none.csv');
    expect(await runCli(['--preset', 'default', '--set', 'duration=1', '--set', 'warmup=0', '--responses', csv, '--baseline'], io)).toBe(0);
    expect(readFileSync(csv, 'utf8')).toBe('start_s,request_bytes,response_bytes,response_time_s,rtt_s,direction,drops,connection,user,session,page\n');
    expect(io.stderr).toContain(`--responses: this scenario has no web traffic; ${csv} holds only the header line\n`);
    expect(io.stderr).toContain('--baseline: this scenario has no web traffic; no baseline run\n');
  });

  it('--estimate counts the runs a run brings: a load calibration not yet made (at most CALIBRATION_RUNS runs) and the --baseline run', async () => {
    // the lesson's own window has a shipped calibration; at 15 s the load is calibrated first,
    // up to 4 runs of the uncongested twin, each about the run's size: said as nothing before
    const old = process.env.AQM_LAB_CALIBRATION_CACHE;
    process.env.AQM_LAB_CALIBRATION_CACHE = join(dir, 'calibrations-none.json');
    try {
      const words = async (...args: string[]) => {
        const io = capture();
        expect(await runCli(['--preset', 'web100-redstar-90', '--estimate', ...args], io)).toBe(0);
        return io.stdout;
      };
      const lesson = await words();
      expect(lesson).not.toContain('calibration');
      expect(lesson).not.toContain('--baseline');
      const short = await words('--set', 'duration=15');
      expect(short).toMatch(/; first the load's calibration, at most 4 runs on the uncongested link: (about \d+ s|under a second) at most\n$/);
      expect(await words('--baseline')).toMatch(/; then the --baseline run, (about \d+ s|under a second) more\n$/);
    } finally {
      if (old === undefined) delete process.env.AQM_LAB_CALIBRATION_CACHE;
      else process.env.AQM_LAB_CALIBRATION_CACHE = old;
    }
  });

  it('--baseline runs the same workload uncongested: no drops, and every quantile at or below the congested one', async () => {
    const io = capture();
    const out = join(dir, 'b.json');
    expect(await runCli([file, '--baseline', '--out', out], io)).toBe(0);
    const result = JSON.parse(readFileSync(out, 'utf8')) as RunResult & { baseline: { summary: RunResult['summary'] } };
    const run = result.summary.web!;
    const base = result.baseline.summary.web!;
    expect(result.baseline.summary.bottleneck.drops + result.baseline.summary.bottleneckReverse.drops).toBe(0);
    expect(base.flowsWithLoss).toBe(0);
    expect(run.flowsWithLoss).toBeGreaterThan(0);
    // the same connections start in both runs
    expect(Math.abs(base.started - run.started)).toBeLessThanOrEqual(2);
    for (const q of ['p25', 'p50', 'p75', 'p90'] as const) expect(base.responseTime![q]).toBeLessThanOrEqual(run.responseTime![q]);
    expect(io.stdout).toMatch(/\nuncongested +\d+/);
  });
});

describe('CLI: the calibrated load of a web item', () => {
  // web100-redstar-ecn-90's sessions all go forward: "2505 sessions per direction" read as
  // twice the load it offers; a two-way item's rate is each direction's
  const cal = { item: 0, load: 0.9, param: 'sessions' as const, value: 2505, measured: 0.875, runs: 0, fixed: {} };
  it('names the direction of a one-way item, and says "per direction" for a two-way one', () => {
    expect(calibrationText(cal, 'forward')).toMatch(/^traffic\.0: 90 % load = 2505 sessions in the forward direction \(/);
    expect(calibrationText({ ...cal, param: 'rate', value: 100.47 }, 'reverse')).toContain('100.5 connections/s in the reverse direction');
    expect(calibrationText(cal, 'both')).toContain('2505 sessions per direction');
    expect(itemDirections(presetScenario('web100-redstar-ecn-90')!)).toEqual(['forward']);
    expect(itemDirections(presetScenario('web-dt148-80')!)).toEqual(['both']);
  });
});
