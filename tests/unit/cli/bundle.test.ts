import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
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
    // times as seconds from mtimeMs: the Date in st.mtime is rounded to the nearest ms, and
    // setting it back moved a fresh clone's sub-ms mtime (x.6 ms -> x+1 ms) past what the build recorded
    try {
      utimesSync(file, st.atimeMs / 1000, (st.mtimeMs + 1000) / 1000);
      expect(isFresh(out)).toBe(false);
    } finally {
      utimesSync(file, st.atimeMs / 1000, st.mtimeMs / 1000);
    }
    expect(isFresh(out)).toBe(true);

    // a source saved while a build reads the sources may be bundled in its old form: the
    // build records it as unknown, so the next launch builds again instead of running it stale
    try {
      utimesSync(file, st.atimeMs / 1000, Date.now() / 1000 + 5); // "saved during the build", and kept
      const racing = join(out, '..', 'racing');
      await buildCli(racing);
      expect(isFresh(racing)).toBe(false);
      rmSync(racing, { recursive: true, force: true });
    } finally {
      utimesSync(file, st.atimeMs / 1000, st.mtimeMs / 1000);
    }

    // the start-up snapshot made beside the bundle runs a scenario exactly as the bundle does
    const blob = join(out, 'snapshot.blob');
    expect(existsSync(blob)).toBe(true);
    const launcher = join(ROOT as string, 'src/cli/aqm-lab.mjs');
    const result = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as { summary: Record<string, unknown> };
    const [a, b] = [join(out, 'a.json'), join(out, 'b.json')];
    const text = execFileSync(process.execPath, ['--snapshot-blob', blob, launcher, '--preset', 'ecn-finite-n2-dt-ql64', '--out', a], { encoding: 'utf8' });
    const io = capture();
    expect(await runCli(['--preset', 'ecn-finite-n2-dt-ql64', '--out', b], io)).toBe(0);
    const [fromSnapshot, inProcess] = [result(a), result(b)];
    expect(text.split('\n')[0]).toBe(io.stdout.split('\n')[0]);
    const noClock = (r: { summary: Record<string, unknown> }) => ({ ...r, summary: { ...r.summary, wallSeconds: 0 } });
    expect(noClock(fromSnapshot)).toEqual(noClock(inProcess));

    // a snapshot whose sources are not where it was built from (changed, missing) is stale: it
    // hands the run, arguments unchanged, to aqm-lab.mjs beside it (which rebuilds, then runs)
    const elsewhere = mkdtempSync(join(tmpdir(), 'aqmlab-stale-'));
    mkdirSync(join(elsewhere, 'src/cli'), { recursive: true });
    const fake = join(elsewhere, 'src/cli/aqm-lab.mjs');
    writeFileSync(fake, 'process.stdout.write(JSON.stringify(process.argv.slice(2))); process.exitCode = 7;\n');
    let handed = '';
    let status = 0;
    try {
      execFileSync(process.execPath, ['--snapshot-blob', blob, fake, '--preset', 'x y'], { encoding: 'utf8' });
    } catch (e) {
      handed = (e as { stdout: string }).stdout;
      status = (e as { status: number }).status;
    }
    expect([handed, status]).toEqual([JSON.stringify(['--preset', 'x y']), 7]);
    rmSync(elsewhere, { recursive: true, force: true });
    rmSync(out, { recursive: true, force: true });
  }, 60_000);

  it('runs with plain node and prints what the TypeScript CLI prints, from the shell launcher too', async () => {
    const io = capture();
    expect(await runCli(['--list-presets'], io)).toBe(0);
    const text = execFileSync(process.execPath, [join(ROOT as string, 'src/cli/aqm-lab.mjs'), '--list-presets'], { encoding: 'utf8' });
    expect(text).toBe(io.stdout);
    const viaShell = execFileSync('sh', [join(ROOT as string, 'src/cli/aqm-lab'), '--list-presets'], { encoding: 'utf8' });
    expect(viaShell).toBe(io.stdout);
  });
});
