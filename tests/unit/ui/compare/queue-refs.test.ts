/**
 * The threshold lines of Compare's queue chart can be told from the queue lines and from one
 * another by their look alone, as the legend shows them: max_th was drawn in B's vermillion,
 * dotted as B's average queue, so "max_th (B)" and "B: average" had one swatch, and A's
 * max_th read as a line of B's.
 */
import { describe, expect, it } from 'vitest';
import { PALETTE } from '../../../../src/ui/colors';
import { queueRefs } from '../../../../src/ui/compare/queue-axis';

// the queue chart's lines: A blue (solid queue, dotted average), B vermillion (dashed queue, dotted average)
const LINE_STYLES = [`${PALETTE.blue}|`, `${PALETTE.blue}|2 3`, `${PALETTE.vermillion}|7 3`, `${PALETTE.vermillion}|2 3`];
const style = (r: { color: string; dash?: string }) => `${r.color}|${r.dash ?? '2 3'}`;

describe('queueRefs', () => {
  it('RED against drop-tail (seeds/001): A’s thresholds, in colours that are neither side’s', () => {
    const refs = queueRefs({ minTh: 20, maxTh: 60 }, { minTh: null, maxTh: null });
    expect(refs.map((r) => r.label)).toEqual(['min_th (A)', 'max_th (A)']);
    for (const r of refs) expect(LINE_STYLES, r.label).not.toContain(style(r));
    for (const r of refs) expect([PALETTE.blue, PALETTE.vermillion], r.label).not.toContain(r.color.toUpperCase());
    // nor dotted as the averages (min_th's bluish green, dotted, passed for A's blue average)
    for (const r of refs) expect(r.dash, r.label).not.toBe('2 3');
  });

  it('two REDs with other thresholds: each line of the legend its own look, A’s and B’s apart', () => {
    const refs = queueRefs({ minTh: 20, maxTh: 60 }, { minTh: 5, maxTh: 15 }, 1.5);
    expect(refs.map((r) => [r.label, r.y])).toEqual([
      ['min_th (A)', 30],
      ['max_th (A)', 90],
      ['min_th (B)', 7.5],
      ['max_th (B)', 22.5],
    ]);
    const all = [...LINE_STYLES, ...refs.map(style)];
    expect(new Set(all).size).toBe(all.length);
  });

  it('the same thresholds on both sides: drawn once, untagged', () => {
    expect(queueRefs({ minTh: 20, maxTh: 60 }, { minTh: 20, maxTh: 60 }).map((r) => r.label)).toEqual(['min_th', 'max_th']);
  });
});
