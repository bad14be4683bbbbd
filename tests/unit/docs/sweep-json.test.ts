import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runSweep } from '../../../src/cli/sweep';
import { capture } from '../cli/capture';

/** docs/cli.md lists the fields of `sweep --json`; a researcher scripting on them reads that list. */
describe('docs/cli.md: the fields of sweep --json', () => {
  const doc = readFileSync(resolve(__dirname, '../../../docs/cli.md'), 'utf8');

  it('names exactly the fields a run prints, and seed with --seeds', async () => {
    const m = /`--json` prints one object per run\s*\(`([^`]+)`/.exec(doc);
    expect(m).not.toBeNull();
    const documented = m![1].split(',').map((k) => k.trim().replace(/\[\]$/, ''));
    const io = capture();
    expect(await runSweep(['lockout-dt', '--set', 'duration=5', '--set', 'traffic.0.bytes=null', '--json', '--jobs', '1'], io)).toBe(0);
    expect(Object.keys(JSON.parse(io.stdout.trim()) as object).sort()).toEqual([...documented].sort());
    const seeded = capture();
    expect(await runSweep(['lockout-dt', '--set', 'duration=5', '--set', 'traffic.0.bytes=null', '--json', '--jobs', '1', '--seeds', '2'], seeded)).toBe(0);
    expect(Object.keys(JSON.parse(seeded.stdout.trim()) as object).sort()).toEqual([...documented, 'seed'].sort());
  });

  it('names every field of a web run\'s `web` object', () => {
    // the interface in src/cli/sweep.ts (SweepWebRow) is the source; a run would need a calibrated web load
    const src = readFileSync(resolve(__dirname, '../../../src/cli/sweep.ts'), 'utf8');
    const body = /export interface SweepWebRow \{([\s\S]*?)\n\}/.exec(src)![1];
    const fields = [...body.matchAll(/^\s*(\w+)\??:/gm)].map((x) => x[1]);
    expect(fields.length).toBeGreaterThan(5);
    const para = doc.slice(doc.indexOf('`--json` prints one object per run'), doc.indexOf('### Several seeds'));
    for (const f of fields) expect(para, f).toContain(`\`${f}\``);
  });
});
