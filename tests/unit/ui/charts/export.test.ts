import { describe, expect, it } from 'vitest';
import { eventsCsv, seriesCsv, seriesJson } from '../../../../src/ui/charts/export';
import { SvgPainter } from '../../../../src/ui/charts/painter';
import { SeriesStore } from '../../../../src/ui/store/series-store';

describe('data export', () => {
  const s = new SeriesStore();
  s.append({ t: Float64Array.from([0, 0.5, 1]), cols: { queue: Float64Array.from([0, 3, 7]), pb: Float64Array.from([NaN, 0.01, 0.02]) } });
  s.appendEvents({ t: Float64Array.from([0.7]), kind: Uint8Array.from([3]), flow: Int32Array.from([1]) });

  it('CSV has a t column, the asked columns in order, one row per sample, NaN as empty', () => {
    expect(seriesCsv(s, ['queue', 'pb', 'missing'])).toBe('t,queue,pb\n0,0,\n0.5,3,0.01\n1,7,0.02\n');
  });

  it('JSON carries the same numbers (NaN as null) and the summary', () => {
    const j = JSON.parse(seriesJson(s, ['pb'], null, { chart: 'aqm' }));
    expect(j.chart).toBe('aqm');
    expect(j.series.t).toEqual([0, 0.5, 1]);
    expect(j.series.pb).toEqual([null, 0.01, 0.02]);
  });

  it('events CSV names the kind', () => {
    expect(eventsCsv(s)).toBe('t,kind,flow\n0.7,ecn-mark,1\n');
  });
});

describe('SvgPainter', () => {
  it('breaks a polyline at NaN into separate subpaths and counts the vertices drawn', () => {
    const p = new SvgPainter(100, 50);
    const n = p.polyline([0, 10, 20, NaN, 40, 50], [1, 2, 3, 4, 5, 6], 6, { color: '#000', width: 2 });
    expect(n).toBe(5);
    const svg = p.toString();
    expect(svg).toContain('d="M0,1L10,2L20,3M40,5L50,6"');
  });

  it('closes clip groups and escapes text', () => {
    const p = new SvgPainter(100, 50);
    p.clip({ x: 0, y: 0, w: 10, h: 10 });
    p.text('a < b & c', 1, 2, { size: 12, color: '#000' });
    const svg = p.toString();
    expect(svg).toContain('a &lt; b &amp; c');
    expect(svg.match(/<g /g)?.length).toBe(svg.match(/<\/g>/g)?.length);
  });
});
