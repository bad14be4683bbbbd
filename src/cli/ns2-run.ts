import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Ns2Result } from '../ns2/result';
import { parseNs2Output } from '../ns2/result';

/** Running ns-2.35 (Node only): where the binary is, and one script -> its JSON result. */

export const NS2_INSTALL_HINT = 'ns-2.35 is not installed: on Debian or Ubuntu run `sudo apt-get install ns2` (binary `ns`), or set NS2_BIN to the ns binary';

/** The ns binary: $NS2_BIN, else `ns` on the PATH; null if neither runs. */
export function findNs2(): string | null {
  const candidates = [process.env.NS2_BIN, 'ns'].filter((x): x is string => !!x);
  for (const bin of candidates) {
    try {
      // `ns` with a script that exits at once; a missing binary throws ENOENT
      const dir = mkdtempSync(join(tmpdir(), 'aqmlab-ns2-'));
      const f = join(dir, 'probe.tcl');
      writeFileSync(f, 'puts [ns-version]\nexit 0\n');
      const out = execFileSync(bin, [f], { encoding: 'utf8', timeout: 10_000, stdio: ['ignore', 'pipe', 'pipe'] });
      rmSync(dir, { recursive: true, force: true });
      if (/^2\.\d+/m.test(out)) return bin;
    } catch {
      // try the next
    }
  }
  return null;
}

/** Runs one exported script; resolves to its JSON result (rejects with ns-2's own error text). */
export function runNs2(bin: string, script: string, timeoutMs = 30 * 60_000): Promise<Ns2Result> {
  const dir = mkdtempSync(join(tmpdir(), 'aqmlab-ns2-'));
  const file = join(dir, 'scenario.tcl');
  writeFileSync(file, script);
  return new Promise((resolve, reject) => {
    execFile(bin, [file], { encoding: 'utf8', timeout: timeoutMs, maxBuffer: 64 << 20 }, (err, stdout, stderr) => {
      rmSync(dir, { recursive: true, force: true });
      const parsed = parseNs2Output(stdout);
      if (parsed) resolve(parsed);
      else reject(new Error(`ns-2 gave no result${err ? ` (${err.message.split('\n')[0]})` : ''}: ${(stderr || stdout).trim().split('\n').slice(-8).join('\n')}`));
    });
  });
}
