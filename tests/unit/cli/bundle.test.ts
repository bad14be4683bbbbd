import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error plain JavaScript module (run by node without a build step)
import { buildCli, isFresh, ROOT } from '../../../src/cli/build.mjs';
import { capture } from './capture';
import { runCli } from '../../../src/cli/main';

describe('bundled command line', () => {
  it('is fresh right after a build and stale as soon as one of its sources changes', async () => {
    const out = join(mkdtempSync(join(tmpdir(), 'aqmlab-build-')), 'cli');
    await buildCli(out);
    expect(isFresh(out)).toBe(true);
    const inputs = Object.keys((JSON.parse(readFileSync(join(out, 'inputs.json'), 'utf8')) as { files: Record<string, unknown> }).files);
    // every engine source the CLI reaches is recorded, not only the entry points
    expect(inputs).toContain('src/engine/core/simulator.ts');
    expect(inputs).toContain('src/engine/aqm/red.ts');
    const file = join(ROOT as string, 'src/engine/core/time.ts');
    const st = statSync(file);
    try {
      utimesSync(file, st.atime, new Date(st.mtimeMs + 1000));
      expect(isFresh(out)).toBe(false);
    } finally {
      utimesSync(file, st.atime, st.mtime);
    }
    expect(isFresh(out)).toBe(true);
    rmSync(out, { recursive: true, force: true });
  });

  it('runs with plain node and prints what the TypeScript CLI prints', async () => {
    const io = capture();
    expect(await runCli(['--list-presets'], io)).toBe(0);
    const text = execFileSync(process.execPath, [join(ROOT as string, 'src/cli/aqm-lab.mjs'), '--list-presets'], { encoding: 'utf8' });
    expect(text).toBe(io.stdout);
  });
});
