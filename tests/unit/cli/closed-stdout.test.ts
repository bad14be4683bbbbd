import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * `aqm-lab --preset X | head -1`: the reader closes the pipe before the command has written
 * its summary. The command used to die on the unhandled EPIPE with a Node stack trace (and
 * exit status 1); it now goes on without standard output, still writes the files it was
 * asked for and exits 0. Each entry point is spawned as a user runs it, with the read end
 * of its standard output closed before it writes anything.
 */
const root = resolve(__dirname, '../../..');
const dir = mkdtempSync(join(tmpdir(), 'aqmlab-closed-stdout-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function runWithClosedStdout(command: string, args: string[]): Promise<{ status: number | null; stderr: string }> {
  return new Promise((done, fail) => {
    const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.destroy(); // the reader is gone: every write of the child fails with EPIPE
    let stderr = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (t: string) => (stderr += t));
    child.on('error', fail);
    child.on('close', (status) => done({ status, stderr }));
  });
}

describe('standard output closed by its reader (| head)', { timeout: 120_000 }, () => {
  const cases: [string, string, string[]][] = [
    ['the shell launcher (start-up snapshot)', 'sh', ['src/cli/aqm-lab']],
    ['node aqm-lab.mjs', process.execPath, ['src/cli/aqm-lab.mjs']],
  ];
  for (const [name, command, prefix] of cases) {
    it(`${name}: no stack trace, status 0, --out still written`, async () => {
      const out = join(dir, `${command === 'sh' ? 'sh' : 'node'}.json`);
      const r = await runWithClosedStdout(command, [...prefix, '--preset', 'ecn-finite-n2-dt-ql64', '--out', out]);
      expect(r.stderr).not.toMatch(/EPIPE|Error|at .*\.m?js/);
      expect(r.status).toBe(0);
      expect(existsSync(out)).toBe(true);
      const result = JSON.parse(readFileSync(out, 'utf8')) as { summary: { bottleneck: { drops: number } } };
      expect(result.summary.bottleneck.drops).toBe(30);
    });
  }

  it('a sweep: no stack trace, status 0', async () => {
    const r = await runWithClosedStdout(process.execPath, ['src/cli/aqm-lab.mjs', 'sweep', 'ecn-finite-n2-dt-ql64', '--jobs', '1']);
    expect(r.stderr).not.toMatch(/EPIPE|Error|at .*\.m?js/);
    expect(r.stderr).toContain('sweep 1/1');
    expect(r.status).toBe(0);
  });
});
