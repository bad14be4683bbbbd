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

/* seeds/003's ECN damage (SYN-ACKs dropped by a queue that marks the data) was in summary byKind alone */
describe('summary by packet kind', () => {
  const none = { arrivals: 0, drops: 0, marks: 0 };
  const kinds = (o: object) => ({ data: none, ack: none, syn: none, synack: none, fin: none, udp: none, ...o });
  it('web traffic: the kinds by drop share, the marked share where there are marks; none for long-lived flows', async () => {
    const spec = ['..', '..', '..', 'src', 'ui', 'SummaryTable.tsx'].join('/');
    const { kindDetail } = (await import(/* @vite-ignore */ spec)) as { kindDetail: (b: object, r: object) => string | null };
    const fwd = { byKind: kinds({ data: { arrivals: 93009, drops: 0, marks: 7582 }, ack: { arrivals: 1603, drops: 127, marks: 0 }, synack: { arrivals: 27365, drops: 2341, marks: 0 }, fin: { arrivals: 25725, drops: 2213, marks: 0 } }) };
    const rev = { byKind: kinds({ syn: { arrivals: 25563, drops: 0, marks: 0 } }) };
    expect(kindDetail(fwd, rev)).toBe('By packet kind: FIN 8.60 % dropped (of 25,725); SYN\u2011ACK 8.55 % dropped (of 27,365); ACK 7.92 % dropped (of 1,603); data 0.00 % dropped, 8.15 % marked (of 93,009).');
    const bulk = { byKind: kinds({ data: { arrivals: 28777, drops: 18, marks: 90 }, syn: { arrivals: 2, drops: 0, marks: 0 } }) };
    expect(kindDetail(bulk, { byKind: kinds({ synack: { arrivals: 2, drops: 0, marks: 0 } }) })).toBeNull();
  });
});
