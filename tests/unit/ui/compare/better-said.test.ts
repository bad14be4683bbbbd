/**
 * The comparison tables mark the better side of a row in bold, and the caption says "bold:
 * better": a screen reader does not say bold, so a blind student moving through the cells
 * heard both numbers and the change with no side named better. Each bold cell now says
 * ", better" to screen readers (visually hidden), in the one-seed and the over-seeds table.
 */
import { describe, expect, it } from 'vitest';
import type { QueueSummary, Summary } from '../../../../src/engine/metrics/types';
import { compareSummaries, foldFlows } from '../../../../src/ui/compare/diff';
import { seedTable } from '../../../../src/ui/compare/seeds';
import { flow, queue } from './summary-fixtures';

function summary(q: Partial<QueueSummary>, flows = [flow(0), flow(1)]): Summary {
  return { events: 1, wallSeconds: 0, simulatedSeconds: 12, warmup: 0, bottleneck: queue(q), bottleneckReverse: queue(), flows, goodputEfficiency: 0.8, fairness: { jain: 0.95 } };
}

type Component = (p: Record<string, unknown>) => null;

/** src/ui/compare/CompareView.tsx, through a computed specifier (the node tsconfig that checks tests has no JSX; vitest loads it). */
async function render(name: 'DiffTable' | 'SeedDiffTable', props: Record<string, unknown>): Promise<string> {
  const { createElement } = await import('react');
  const { renderToStaticMarkup } = await import('react-dom/server');
  const spec = ['..', '..', '..', '..', 'src', 'ui', 'compare', 'CompareView.tsx'].join('/');
  const mod = (await import(/* @vite-ignore */ spec)) as Record<string, Component>;
  return renderToStaticMarkup(createElement(mod[name], props));
}

/** Per row with a bold cell: the metric, which of the two value cells is bold, and each one's visually hidden words. */
function better(html: string): { metric: string; bold: number; said: string[] }[] {
  return [...html.matchAll(/<tr [^>]*data-metric="([^"]+)"[^>]*>(.*?)<\/tr>/g)].flatMap(([, metric, row]) => {
    const cells = [...row.matchAll(/<td([^>]*)>(.*?)<\/td>/g)].slice(0, 2);
    const bold = cells.findIndex(([, attrs]) => /class="cmp-win"/.test(attrs));
    if (bold < 0) return [];
    return [{ metric, bold, said: cells.map(([, , body]) => [...body.matchAll(/<span class="sr-only">(.*?)<\/span>/g)].map((m) => m[1]).join('')) }];
  });
}

describe('the better side of a comparison row is said, not only bold', () => {
  // B queues less and drops less than A: B's cells are the better ones
  const A = summary({ meanQueuePackets: 50, maxQueuePackets: 90, meanQueueDelay: 0.06, drops: 40, dropsEarly: 40, lossRate: 0.02 });
  const B = summary({ meanQueuePackets: 12, maxQueuePackets: 30, meanQueueDelay: 0.015, drops: 10, dropsEarly: 10, lossRate: 0.005 });

  it('one seed: every bold cell, and only it, says ", better"', async () => {
    const html = await render('DiffTable', { ...foldFlows(compareSummaries(A, B), A, B), labelA: 'drop-tail', labelB: 'RED' });
    const rows = better(html);
    expect(rows.map((r) => r.metric)).toContain('meanQueue');
    for (const r of rows) {
      expect(r.said[r.bold], r.metric).toBe(', better');
      expect(r.said[1 - r.bold], r.metric).toBe('');
    }
    expect(rows.find((r) => r.metric === 'meanQueue')!.bold).toBe(1);
  });

  it('over seeds: the same for the mean ± sd cells', async () => {
    const pairs = [0, 1, 2].map((k) => ({ a: summary({ meanQueuePackets: 50 + k, drops: 40 + k }), b: summary({ meanQueuePackets: 12 + k, drops: 10 + k }) }));
    const html = await render('SeedDiffTable', { ...seedTable(pairs), labelA: 'drop-tail', labelB: 'RED', seeds: [1, 2, 3] });
    const rows = better(html);
    expect(rows.map((r) => r.metric)).toContain('meanQueue');
    for (const r of rows) {
      expect(r.said[r.bold], r.metric).toBe(', better');
      expect(r.said[1 - r.bold], r.metric).toBe('');
    }
  });
});
