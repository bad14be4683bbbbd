/**
 * The summary's per-flow goodput column is right-aligned: its figures need the same number
 * of decimals, or the decimal points wander ("2.35 Mb/s" under "2.802 Mb/s").
 * SummaryTable is a .tsx file compiled by the app's tsconfig, so it is loaded through a
 * computed specifier (as tests/unit/ui/editor/render.test.ts does).
 */
import { describe, expect, it } from 'vitest';

async function loadRate(): Promise<(bps: number) => string> {
  const spec = ['..', '..', '..', 'src', 'ui', 'SummaryTable.tsx'].join('/');
  const mod = (await import(/* @vite-ignore */ spec)) as { rate: (bps: number) => string };
  return mod.rate;
}

describe('summary goodput column', () => {
  it('every rate of one unit has three decimals, trailing zeros kept', async () => {
    const rate = await loadRate();
    const shown = [2.802e6, 2.35e6, 1.954e6, 2.28e6, 3e6].map(rate);
    expect(shown).toContain('2.350 Mb/s');
    expect(shown).toContain('3.000 Mb/s');
    for (const s of shown) expect(s).toMatch(/^\d+\.\d{3} Mb\/s$/);
    for (const s of [512e3, 40e3].map(rate)) expect(s).toMatch(/^\d+\.\d{3} kb\/s$/);
  });
});

/* helper-79's detail line wrote "23 drops of 2453 arrivals" where the page groups counts ("2,453") */
describe('summary detail line', () => {
  it('counts grouped by thousands, the reverse queue only when given', async () => {
    const spec = ['..', '..', '..', 'src', 'ui', 'SummaryTable.tsx'].join('/');
    const { queueDetail } = (await import(/* @vite-ignore */ spec)) as { queueDetail: (b: object, r: object | null) => string };
    const q = { drops: 1234, arrivals: 245_301, dropsEarly: 1000, dropsForced: 0, dropsOverflow: 234, marks: 12_000, maxQueuePackets: 1500, meanQueueDelay: 0.1908 };
    expect(queueDetail(q, null)).toBe('Queue: 1,234 drops of 245,301 arrivals (early 1,000, forced 0, overflow 234), 12,000 ECN marks; at most 1,500 packets, mean queueing delay 190.8 ms.');
    expect(queueDetail(q, { ...q, drops: 5 })).toContain(' Reverse queue: 5 drops of 245,301 arrivals');
  });
});

/* rtt-unfair's text says "the summary counts from 10 s on": the summary itself did not say so */
describe('summary heading', () => {
  it('says from when the figures count when the run has a warm-up', async () => {
    const spec = ['..', '..', '..', 'src', 'ui', 'SummaryTable.tsx'].join('/');
    const { summaryHeading } = (await import(/* @vite-ignore */ spec)) as { summaryHeading: (final: boolean, t: number, warmup: number) => string };
    expect(summaryHeading(true, 60, 10)).toBe('final, 60.0 s simulated, counted from 10.0 s on (warm-up left out)');
    expect(summaryHeading(false, 30, 10)).toBe('so far (t = 30.0 s), counted from 10.0 s on (warm-up left out)');
    expect(summaryHeading(true, 60, 0)).toBe('final, 60.0 s simulated');
  });
});
