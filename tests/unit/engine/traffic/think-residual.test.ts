import { describe, expect, it } from 'vitest';
import { Rng } from '../../../../src/engine/core/rng';
import { PERSISTENT } from '../../../../src/engine/traffic/packmime-data';
import { LogNormalMix } from '../../../../src/engine/traffic/packmime-model';

/**
 * web-users start each user at the stationary residual of its think time (LogNormalMix.residual).
 * Theory (renewal theory): the residual at a random instant has mean E[T^2] / (2 E[T]), and a
 * renewal process started there (the equilibrium renewal process) has rate 1 / E[T] at every t.
 * The moments below come from the declared law, T = 2^(loc + sqrt(s2 vErr) N(0,1)) given the
 * generator's loc and s2: E[T^k] = 2^(k loc) exp(k^2 s2 vErr (ln 2)^2 / 2).
 */
const law = PERSISTENT.pageGap;
const moment = (g: LogNormalMix, k: number) => 2 ** (k * g.loc) * Math.exp((k * k * g.s2 * law.vErr * Math.LN2 * Math.LN2) / 2);

describe('stationary start of the think times (web-users)', () => {
  it('the mean residual is E[T^2] / (2 E[T]) of each generator, within sampling error', () => {
    const n = 200_000;
    let tested = 0;
    for (let seed = 1; seed <= 6; seed++) {
      const g = new LogNormalMix(new Rng(seed, 7), law);
      let s = 0;
      let s2 = 0;
      for (let i = 0; i < n; i++) {
        const r = g.residual();
        s += r;
        s2 += r * r;
      }
      const mean = s / n;
      const se = Math.sqrt((s2 / n - mean * mean) / n);
      const want = moment(g, 2) / (2 * moment(g, 1));
      expect(Math.abs(mean - want), `generator ${seed}: loc ${g.loc.toFixed(2)}, s2 ${g.s2.toFixed(2)}: mean ${mean} want ${want} (se ${se})`).toBeLessThan(4 * se);
      tested++;
    }
    expect(tested).toBe(6);
  });

  it('a population started at the residuals fetches pages at its stationary rate from t = 0 (no start-up surge)', () => {
    // (the earlier start, a uniform fraction of an ordinary think time, gives 46 % too many in [0, 4) s here)
    const users = 20_000;
    const bin = 4;
    const bins = 10;
    const counts = new Array<number>(bins).fill(0);
    let rate = 0;
    for (let i = 0; i < users; i++) {
      const g = new LogNormalMix(new Rng(1000 + i, 3), law);
      rate += 1 / moment(g, 1);
      for (let t = g.residual(); t < bin * bins; t += g.next()) counts[Math.floor(t / bin)]++;
    }
    const want = rate * bin;
    for (let b = 0; b < bins; b++) expect(Math.abs(counts[b] / want - 1), `pages in [${b * bin}, ${(b + 1) * bin}) s: ${counts[b]} against ${want.toFixed(0)}`).toBeLessThan(0.05);
  });
});
