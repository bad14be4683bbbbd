import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * npm runs a package script from the package's root. `npm run sim -- my.json --out r.json`
 * typed in another directory used to look for my.json beside package.json ("cannot read the
 * scenario file") and write r.json there. The launcher now works where npm was typed
 * (INIT_CWD). Run through npm itself, as a user does (`--prefix` names the package from
 * outside it, the way a subdirectory would find it).
 */
const root = resolve(__dirname, '../../..');
const dir = mkdtempSync(join(tmpdir(), 'aqmlab-npm-cwd-'));
const name = `npm-cwd-${process.pid}.json`;
const mdName = `npm-cwd-validate-${process.pid}.md`;
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
  rmSync(join(root, name), { force: true }); // where the old launcher wrote it
  rmSync(join(root, mdName), { force: true });
});

describe('npm run sim from another directory', { timeout: 120_000 }, () => {
  it('reads the scenario file and writes --out relative to where npm was typed', () => {
    const scenario = {
      version: 1,
      duration: 2,
      topology: { kind: 'dumbbell' },
      traffic: [{ kind: 'bulk', from: 'left', flows: 1 }],
    };
    writeFileSync(join(dir, 'my.json'), JSON.stringify(scenario));
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
    const r = spawnSync(npm, ['--prefix', root, 'run', 'sim', '--', 'my.json', '--out', name, '--quiet'], { cwd: dir, encoding: 'utf8' });
    expect(r.stderr).not.toContain('cannot read');
    expect(r.status).toBe(0);
    expect(existsSync(join(root, name))).toBe(false);
    const result = JSON.parse(readFileSync(join(dir, name), 'utf8')) as { scenario: { duration: number } };
    expect(result.scenario.duration).toBe(2);
  });

  // validate names its output files on the command line (one short case; ns-2.35 is installed wherever the tests run: .ci/run)
  it('npm run validate writes --markdown where npm was typed too', () => {
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
    const r = spawnSync(npm, ['--prefix', root, 'run', '-s', 'validate', '--', 'seeds001 n1 dt QL64', '--markdown', mdName], { cwd: dir, encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
    expect(existsSync(join(root, mdName))).toBe(false);
    expect(readFileSync(join(dir, mdName), 'utf8')).toContain('### seeds001: 1 cases');
  });
});
