import { describe, expect, it } from 'vitest';
import { bandOf } from '../../../../src/ui/charts/downsample';
import { BandCache } from '../../../../src/ui/charts/flows';
import { SeriesStore } from '../../../../src/ui/store/series-store';

describe('BandCache', () => {
  it('extended batch by batch, equals the band computed over the whole series at once', () => {
    const s = new SeriesStore();
    const cache = new BandCache();
    const flows = 13;
    let seed = 7;
    const rnd = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648) * 50;
    for (let b = 0; b < 6; b++) {
      const t = Float64Array.from({ length: 37 }, (_, i) => b * 37 + i);
      const cols: Record<string, Float64Array> = {};
      for (let f = 0; f < flows; f++) cols[`cwnd.${f}`] = Float64Array.from(t, () => (rnd() < 2 ? NaN : rnd()));
      s.append({ t, cols });
      cache.get(s, Array.from({ length: flows }, (_, f) => s.column(`cwnd.${f}`)!));
    }
    const got = cache.get(s, Array.from({ length: flows }, (_, f) => s.column(`cwnd.${f}`)!));
    const want = bandOf(Array.from({ length: flows }, (_, f) => s.column(`cwnd.${f}`)!), s.length);
    expect(Array.from(got.min.subarray(0, s.length))).toEqual(Array.from(want.min));
    expect(Array.from(got.median.subarray(0, s.length))).toEqual(Array.from(want.median));
    expect(Array.from(got.max.subarray(0, s.length))).toEqual(Array.from(want.max));
  });
});
