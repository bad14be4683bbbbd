import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/** The real command line, spawned as a user would run it (only error paths: no engine run). */
const root = resolve(__dirname, '../../..');
const tsx = join(root, 'node_modules', '.bin', 'tsx');

function sim(args: string[]): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync(tsx, ['src/cli/main.ts', ...args], { cwd: root, encoding: 'utf8', timeout: 60_000 });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('CLI exit codes', { timeout: 120_000 }, () => {
  const dir = mkdtempSync(join(tmpdir(), 'aqmlab-exit-'));

  it('exits 2 for a file with a JSON syntax error, naming the line and column', () => {
    const p = join(dir, 'broken.json');
    writeFileSync(p, '{\n  "version": 1,\n  "topology": { "kind": "dumbbell" ]\n}\n');
    const r = sim([p]);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain(`${p}: not valid JSON at line 3`);
    expect(r.stdout).toBe('');
  });

  it('exits 2 for an out-of-range --set, naming the field, the value and the range', () => {
    const r = sim(['--preset', 'ecn-finite', '--set', 'topology.bottleneck.queue.maxP=1.5']);
    expect(r.status).toBe(2);
    expect(r.stderr.trim()).toBe('--set topology.bottleneck.queue.maxP = 1.5 is out of range: allowed 0 to 1 probability');
  });

  it('exits 2 for an unknown option and for a bad --set path', () => {
    expect(sim(['--preset', 'ecn-finite', '--frobnicate']).status).toBe(2);
    const r = sim(['--preset', 'ecn-finite', '--set', 'topology.bottleneck.queue.minth=3']);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('topology.bottleneck.queue.minth: unknown field');
  });

  it('exits 0 for --help', () => {
    const r = sim(['--help']);
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('Usage: npm run sim');
  });
});
