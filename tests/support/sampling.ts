/**
 * Shared by the tests that check PackMime's samplers: values drawn from one of ns-2.35's
 * own random variables through a Tcl script, and the normal scores of a sample.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { normalSurvival } from '../../src/engine/traffic/dist';

/** `n` values of `new RandomVariable/<variable>` (e.g. "PackMimeHTTPFlowArrive 122.23") on an RNG seeded 7, from ns-2 at `bin`. */
export function ns2Samples(bin: string, variable: string, n: number): number[] {
  const dir = mkdtempSync(join(tmpdir(), 'aqmlab-rv-'));
  try {
    const f = join(dir, 'sample.tcl');
    writeFileSync(
      f,
      [
        'set ns [new Simulator]',
        'set rng [new RNG]',
        '$rng seed 7',
        `set rv [new RandomVariable/${variable}]`,
        '$rv use-rng $rng',
        `for {set i 0} {$i < ${n}} {incr i} { puts [$rv value] }`,
      ].join('\n'),
    );
    return execFileSync(bin, [f], { encoding: 'utf8', maxBuffer: 64 << 20 })
      .trim()
      .split('\n')
      .map(Number);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Normal scores of a sample: Φ^-1 of each value's mid-rank (ties share one). Sizes drawn
 * as a rising function of a generator's normal z give back z this way, without the table.
 */
export function normalScores(v: readonly number[]): Float64Array {
  const n = v.length;
  const idx = Array.from({ length: n }, (_, i) => i).sort((a, b) => v[a] - v[b]);
  const out = new Float64Array(n);
  const qnorm = (p: number): number => {
    let lo = -10;
    let hi = 10;
    for (let i = 0; i < 60; i++) {
      const m = (lo + hi) / 2;
      if (1 - normalSurvival(m) < p) lo = m;
      else hi = m;
    }
    return (lo + hi) / 2;
  };
  for (let i = 0; i < n; ) {
    let j = i;
    while (j + 1 < n && v[idx[j + 1]] === v[idx[i]]) j++;
    const z = qnorm(((i + j) / 2 + 0.5) / n);
    for (let k = i; k <= j; k++) out[idx[k]] = z;
    i = j + 1;
  }
  return out;
}
