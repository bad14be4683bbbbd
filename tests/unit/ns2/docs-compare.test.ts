import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { NS2_TCP } from '../../../src/ns2/suite';

/**
 * docs/ns2.md "Comparing a preset by hand" gives, as one `--set` line, the TCP settings under
 * which the engine follows ns-2's agents. A user who exports a preset other than seeds/001's
 * without them compares two different TCPs (feng-fig17-normal, seed 1: 10,401 against 5,269
 * drops); the line must be exactly what the validation uses, NS2_TCP.
 */
describe('docs/ns2.md: the --set line for comparing a preset with ns-2', () => {
  it('sets every NS2_TCP field to its value, and nothing else', () => {
    const doc = readFileSync(new URL('../../../docs/ns2.md', import.meta.url), 'utf8');
    const line = /^S='(--set [^']*)'$/m.exec(doc);
    expect(line, 'the S=\'--set ...\' line of "Comparing a preset by hand"').not.toBeNull();
    const sets = Object.fromEntries(line![1].split(/\s*--set\s+/).filter(Boolean).map((kv) => kv.split('=') as [string, string]));
    expect(sets).toEqual(Object.fromEntries(Object.entries(NS2_TCP).map(([k, v]) => [k, String(v)])));
  });
});
