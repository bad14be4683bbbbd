import { describe, expect, it } from 'vitest';
import { calibrationsArgs } from '../../../src/cli/ship-calibrations';
import { capture } from './capture';

/**
 * `npm run calibrations` runs for many minutes and rewrites a committed source file
 * (src/engine/traffic/shipped-calibrations.ts), so a user who asks for --help, or mistypes
 * --list, must get words and an exit code, not that run.
 */
describe('npm run calibrations: options', () => {
  it('--help and -h print the usage and run nothing (exit 0)', () => {
    for (const flag of ['--help', '-h']) {
      const io = capture();
      expect(calibrationsArgs([flag], io)).toBe(0);
      expect(io.stdout).toContain('Usage: npm run calibrations [-- --list | --keep]');
      expect(io.stdout).toContain('rewrites src/engine/traffic/shipped-calibrations.ts');
    }
  });

  it('an unknown option is refused before anything runs (exit 2)', () => {
    const io = capture();
    expect(calibrationsArgs(['--lsit'], io)).toBe(2);
    expect(io.stderr).toBe('"--lsit": not an option of npm run calibrations (allowed: --list, --keep, --help); nothing was run\n');
  });

  it('--list lists; --keep runs keeping the entries still asked for; no option runs', () => {
    expect(calibrationsArgs(['--list'], capture())).toBe('list');
    expect(calibrationsArgs(['--keep'], capture())).toBe('keep');
    expect(calibrationsArgs([], capture())).toBe('run');
  });
});
