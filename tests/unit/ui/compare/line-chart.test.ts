import { createElement, type FunctionComponent } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

/** The props of LineChart this test gives (its own type lives in the .tsx, which this tsconfig cannot read). */
interface LineChartProps {
  title: string;
  yLabel: string;
  t0: number;
  t1: number;
  yMax?: number;
  lines: { key: string; label: string; color: string; t: Float64Array; y: Float64Array; n: number }[];
  refs?: { y: number; label: string; color: string }[];
}

/** src/ui/compare/LineChart.tsx, through a computed specifier (the node tsconfig that checks tests has no JSX; vitest loads it). */
async function lineChart(): Promise<FunctionComponent<LineChartProps>> {
  const spec = ['..', '..', '..', '..', 'src', 'ui', 'compare', 'LineChart.tsx'].join('/');
  return ((await import(/* @vite-ignore */ spec)) as { LineChart: FunctionComponent<LineChartProps> }).LineChart;
}

/*
 * The Compare view's queue chart wrote "min_th" and "max_th" at the right end of their
 * lines, over the queue curves that cross them. As in the app's queue chart, the
 * thresholds are now named in the legend; the plot draws only their lines.
 */
describe("Compare's line chart: threshold labels", () => {
  const n = 50;
  const t = Float64Array.from({ length: n }, (_, i) => i / 10);
  const y = Float64Array.from({ length: n }, (_, i) => 15 + 10 * Math.sin(i / 3));
  const props: LineChartProps = {
    title: 'Bottleneck queue',
    yLabel: 'queue (packets)',
    t0: 0,
    t1: 5,
    lines: [{ key: 'qa', label: 'A: queue', color: '#0072b2', t, y, n }],
    refs: [
      { y: 15, label: 'min_th', color: '#009e73' },
      { y: 45, label: 'max_th', color: '#d55e00' },
      { y: 1000, label: 'far above', color: '#000' },
    ],
    yMax: 50,
  };

  it('the plot draws the threshold lines but writes no label over the data; the legend names them', async () => {
    const html = renderToStaticMarkup(createElement(await lineChart(), props));
    const plot = html.slice(html.indexOf('<svg'), html.indexOf('</svg>'));
    const texts = [...plot.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]);
    expect(texts.length).toBeGreaterThan(0); // ticks and axis labels
    expect(texts.filter((x) => /min_th|max_th/.test(x))).toEqual([]);
    expect(plot.match(/stroke-dasharray="2 3"/g)?.length).toBe(2); // both lines in range, the third is off the axis
    const legend = html.slice(html.indexOf('<ul class="cmp-legend"'));
    expect(legend).toContain('min_th</li>');
    expect(legend).toContain('max_th</li>');
    expect(legend).not.toContain('far above');
    // screen readers get them with the chart
    expect(plot).toContain('lines at min_th = 15, max_th = 45');
  });
});

describe("Compare's line chart: the y axis' labels", () => {
  const n = 50;
  const t = Float64Array.from({ length: n }, (_, i) => i / 10);
  // a time-series whose ticks read "0.001", "0.002": five characters
  const y = Float64Array.from({ length: n }, (_, i) => 0.0012 + 0.0012 * Math.sin(i / 3));

  it('a long tick label ends clear of the rotated axis label: the plot starts further right', async () => {
    const html = renderToStaticMarkup(createElement(await lineChart(), { title: 'p', yLabel: 'probability', t0: 0, t1: 5, lines: [{ key: 'p', label: 'p', color: '#000', t, y, n }] }));
    const plot = html.slice(html.indexOf('<svg'), html.indexOf('</svg>'));
    const fs = 14;
    const ticks = [...plot.matchAll(/<text x="([\d.]+)"[^>]*text-anchor="end"[^>]*>([^<]*)<\/text>/g)].map((m) => ({ end: Number(m[1]), text: m[2] }));
    expect(ticks.map((k) => k.text)).toContain('0.002');
    // the rotated label is centred 0.9 fs from the left: about 1.4 fs of width; a digit or a point about 0.55 fs
    for (const k of ticks) expect(k.end - k.text.length * 0.55 * fs, k.text).toBeGreaterThan(1.4 * fs);
  });
});

/*
 * The chart's accessible name listed its lines only ("Bottleneck queue: A: queue, B:
 * queue"): a screen-reader user heard which curves there were, never where they went. Each
 * line now says its peak and mean, in the y axis's unit.
 */
describe("Compare's line chart: the text alternative says each line's numbers", () => {
  it('peak and mean of each line over its n points, NaN gaps left out, the unit named', async () => {
    const t = Float64Array.from([0, 1, 2, 3, 4, 5]);
    const props: LineChartProps = {
      title: 'Bottleneck queue',
      yLabel: 'queue (packets)',
      t0: 0,
      t1: 5,
      lines: [
        // the sixth point is beyond n: not drawn, not counted
        { key: 'qa', label: 'A: queue', color: '#0072b2', t, y: Float64Array.from([0, 10, 20, NaN, 30, 500]), n: 5 },
        { key: 'qb', label: 'B: queue', color: '#d55e00', t, y: Float64Array.from([50, 60, 70, 80, 90, 100]), n: 6 },
      ],
      refs: [{ y: 15, label: 'min_th', color: '#009e73' }],
    };
    const html = renderToStaticMarkup(createElement(await lineChart(), props));
    const name = html.match(/<svg[^>]*aria-label="([^"]*)"/)![1];
    expect(name).toBe('Bottleneck queue: A: queue at most 30, 15 on average; B: queue at most 100, 75 on average (y axis: queue (packets)); lines at min_th = 15');
  });
});
