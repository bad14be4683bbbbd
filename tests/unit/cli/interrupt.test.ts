import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error plain JavaScript module (run by node without a build step)
import { ROOT } from '../../../src/cli/build.mjs';

describe('Ctrl-C during a run', () => {
  it('stops the run, says where, keeps the series written so far and says --out holds no result', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'aqmlab-int-'));
    const out = join(dir, 'r.json');
    const series = join(dir, 's.csv');
    // a run of several minutes: interrupted long before its end
    const child = spawn(process.execPath, [join(ROOT as string, 'src/cli/aqm-lab.mjs'), '--preset', 'default', '--set', 'duration=20000', '--force', '--progress', '--out', out, '--series', series], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    let sent = false;
    child.stderr.on('data', (d: Buffer) => {
      stderr += d.toString();
      // the estimate is printed just before the run starts
      if (!sent && stderr.includes('estimate:')) {
        sent = true;
        setTimeout(() => child.kill('SIGINT'), 700);
      }
    });
    const code = await new Promise<number | null>((r) => child.on('exit', (c) => r(c)));
    expect(code, stderr).toBe(130);
    const m = /^interrupted \(Ctrl-C\) at t = ([\d.]+) s after ([\d,]+) events: the run stopped there$/m.exec(stderr);
    expect(m, stderr).not.toBeNull();
    const t = Number(m![1]);
    expect(t).toBeGreaterThan(0);
    expect(t).toBeLessThan(20000);
    expect(stderr).toContain(`--out ${out}: no result written (the file is empty)`);
    expect(readFileSync(out, 'utf8')).toBe('');
    // the series holds the run up to where it stopped
    const rows = readFileSync(series, 'utf8').trim().split('\n').slice(1);
    expect(rows.length).toBeGreaterThan(0);
    expect(Number(rows.at(-1)!.split(',')[0])).toBeLessThanOrEqual(t);
  });
});
