import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { capture } from './capture';
import { loadScenario } from '../../../src/cli/load';
import { runCli } from '../../../src/cli/main';
import type { RunResult } from '../../../src/engine/metrics/types';
import { jsonEqual } from '../../../src/engine/scenario/paths';


describe('CLI run outputs', () => {
  const dir = mkdtempSync(join(tmpdir(), 'aqmlab-run-'));
  const out = join(dir, 'r.json');
  const series = join(dir, 's.csv');
  const trace = join(dir, 't.jsonl');
  const sets = ['duration=2', 'warmup=0', 'topology.bottleneck.queue.minTh=3', 'topology.bottleneck.queue.maxTh=9', 'topology.bottleneck.queue.limit=30'];

  it('writes the result, the series and the trace consistently with the summary', async () => {
    const io = capture();
    const args = ['--preset', 'default', ...sets.flatMap((s) => ['--set', s]), '--out', out, '--series', series, '--sample', '0.1', '--trace', trace, '--trace-flows'];
    expect(await runCli(args, io)).toBe(0);
    expect(io.stderr).toBe('');
    expect(io.stdout).toContain('bottleneck ->');

    // result JSON = the summary plus the scenario exactly as run
    const result = JSON.parse(readFileSync(out, 'utf8')) as RunResult;
    const loaded = loadScenario({ preset: 'default', sets });
    expect(loaded.ok && jsonEqual(result.scenario, loaded.scenario)).toBe(true);
    const sum = result.summary;
    expect(sum.flows).toHaveLength(4);
    expect(sum.simulatedSeconds).toBeCloseTo(2, 9);

    // series: header "t,<columns>", one row per sample at multiples of 0.1 s
    const lines = readFileSync(series, 'utf8').trim().split('\n');
    const header = lines[0].split(',');
    expect(header[0]).toBe('t');
    expect(header.length).toBeGreaterThan(1);
    const t = lines.slice(1).map((l) => Number(l.split(',')[0]));
    expect(lines.slice(1).every((l) => l.split(',').length === header.length)).toBe(true);
    for (let i = 1; i < t.length; i++) expect(t[i] - t[i - 1]).toBeGreaterThan(0);
    expect(t.filter((x) => Math.abs(x / 0.1 - Math.round(x / 0.1)) < 1e-6).length).toBeGreaterThanOrEqual(20);

    // trace: one decision per arrival at the bottleneck queue, drops matching the summary
    const recs = readFileSync(trace, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    const decisions = recs.filter((r) => r.type !== 'flow');
    const byQueue = new Map<string, Record<string, unknown>[]>();
    for (const r of decisions) byQueue.set(r.queue as string, [...(byQueue.get(r.queue as string) ?? []), r]);
    const bottleneck = [...byQueue.values()].find((rs) => rs.length === sum.bottleneck.arrivals && rs.every((r) => r.aqm === 'red'));
    expect(bottleneck).toBeDefined();
    expect(bottleneck!.filter((r) => r.outcome === 'drop').length).toBe(sum.bottleneck.drops);
    // only the bottleneck's two directions are traced, not the access links (docs/cli.md, Output files)
    expect([...byQueue.keys()].sort()).toEqual(['routerL->routerR', 'routerR->routerL']);
    expect(byQueue.get('routerR->routerL')!.length).toBe(sum.bottleneckReverse.arrivals);
    const flows = recs.filter((r) => r.type === 'flow');
    expect(new Set(flows.filter((r) => r.kind === 'established').map((r) => r.flow)).size).toBe(4);
  });

  it("CoDel's trace: a record per arrival and, as it decides at departure, one per departure marked stage dequeue", async () => {
    const io = capture();
    const t = join(dir, 'codel.jsonl');
    expect(await runCli(['--preset', 'default', '--set', 'duration=2', '--set', 'warmup=0', '--set', 'topology.bottleneck.queue.kind=codel', '--out', out, '--trace', t, '--quiet'], io)).toBe(0);
    const sum = (JSON.parse(readFileSync(out, 'utf8')) as RunResult).summary;
    const recs = readFileSync(t, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { queue: string; stage?: string; outcome: string });
    const fwd = recs.filter((r) => r.queue === 'routerL->routerR');
    expect(fwd.filter((r) => r.stage !== 'dequeue').length).toBe(sum.bottleneck.arrivals);
    expect(fwd.filter((r) => r.stage === 'dequeue').length).toBeGreaterThan(sum.bottleneck.arrivals / 2);
  });

  it('"-" sends one output to stdout (as a pipe would read it) and the summary table to stderr', async () => {
    const io = capture();
    expect(await runCli(['--preset', 'default', ...sets.flatMap((s) => ['--set', s]), '--out', '-'], io)).toBe(0);
    const result = JSON.parse(io.stdout) as RunResult;
    expect(result.summary.simulatedSeconds).toBe(2);
    expect(io.stderr).toContain('bottleneck ->');
    const csv = capture();
    expect(await runCli(['--preset', 'default', ...sets.flatMap((s) => ['--set', s]), '--series', '-', '--sample', '0.5', '--quiet'], csv)).toBe(0);
    expect(csv.stdout.trim().split('\n').map((l) => Number(l.split(',')[0]))).toEqual([NaN, 0, 0.5, 1, 1.5, 2]);
    expect(csv.stderr).toBe('');
    const two = capture();
    expect(await runCli(['--preset', 'default', '--out', '-', '--series', '-'], two)).toBe(2);
    expect(two.stderr).toBe('--series, --out: only one of them can be "-" (standard output)\n');
  });
});
