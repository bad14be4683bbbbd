import { describe, expect, it } from 'vitest';
// @ts-expect-error plain JavaScript module (run by node without a build step)
import { inlineConstants } from '../../../src/cli/inline-consts.mjs';

const inline = inlineConstants as (code: string, script?: boolean) => Promise<string>;

/** Runs an ES module's text and returns its exports. */
async function load(code: string): Promise<Record<string, (...a: number[]) => unknown>> {
  return (await import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`)) as Record<string, (...a: number[]) => unknown>;
}

const SOURCE = `
const A = 5, B = -1, C = 1 << 3, HALF = 0.5;
let D = 2;
D++;
const E = 7;
function f(E) { return E + A; }
const F = 3;
const o = { F };
const G = 4;
const { q: G2 = G } = {};
class K { static H = A; m() { return A; } }
const s = "A is A";
export function g(x) { return x.A + A + B * C + D + o.F + F + f(1) + HALF + G2 + K.H + new K().m() + s.length; }
export function h() { return E; }
export { A as alias };
`;

describe('inlineConstants (the command line build writes numeric constants where they are used)', () => {
  it('writes the value of a top-level numeric constant in place of each use', async () => {
    const out = await inline(SOURCE);
    // uses of A, B, C, HALF, G are now literals; property names, strings and the export stay
    expect(out).toContain('return x.A + (5) + (-1) * (1 << 3)');
    expect(out).toContain('(0.5)');
    expect(out).toContain('q: G2 = (4)');
    expect(out).toContain('static H = (5)');
    expect(out).toContain('"A is A"');
    expect(out).toContain('export { A as alias }');
  });

  it('leaves alone a name that is assigned, bound again anywhere, or used as a shorthand property', async () => {
    const out = await inline(SOURCE);
    expect(out).toContain('+ D +'); // assigned (D++)
    expect(out).toContain('return E + (5)'); // E is also a parameter of f: no use of E is touched
    expect(out).toContain('return E; }');
    expect(out).toContain('{ F }'); // shorthand: F stays a variable everywhere
    expect(out).toContain('+ F +');
  });

  it('computes the same values as the code it was given', async () => {
    const before = await load(SOURCE);
    const after = await load(await inline(SOURCE));
    expect(after.g({ A: 100 } as never)).toBe(before.g({ A: 100 } as never));
    expect(after.h()).toBe(before.h());
    expect(after.alias).toBe(before.alias);
  });

  it('reads CommonJS scripts too (the start-up snapshot is one)', async () => {
    const out = await inline('const N = 3;\nmodule.exports = function () { return N * 2; };', true);
    expect(out).toContain('return (3) * 2');
  });

  it('gives back what it cannot parse unchanged', async () => {
    const odd = 'const N = 3;\nexport const f = () => N +;';
    expect(await inline(odd)).toBe(odd);
  });
});
