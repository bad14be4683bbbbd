import { describe, expect, it } from 'vitest';
import { CHARTS } from '../../../../src/ui/charts/registry';
import { SeriesStore } from '../../../../src/ui/store/series-store';

/*
 * A chart's CSV header names its columns only (t,goodput.0,...,goodput.0.avg1s): a teacher
 * who opened it in a spreadsheet saw goodput 1440000 and util 0.98 beside a chart in Mb/s
 * and %. Each chart's export menu says its columns' units: every column it exports must be
 * named there (a flow's column as "x.i", an AQM's variables as "aqm.*", thresholds "th.*").
 */
function storeWithEverything(): SeriesStore {
  const s = new SeriesStore();
  const t = Float64Array.from([0, 0.5, 1]);
  const v = () => Float64Array.from([0, 1, 2]);
  const cols: Record<string, Float64Array> = {};
  for (const k of ['queue', 'queueBytes', 'avg', 'pb', 'pa', 'maxP', 'util', 'queueRev', 'qdelay', 'aqm.avg', 'aqm.p', 'th.minTh', 'th.maxTh', 'th.delayTarget']) cols[k] = v();
  // more flows than get a line each: the exports carry the band too
  for (let i = 0; i < 12; i++) for (const k of ['cwnd', 'ssthresh', 'acked', 'rtt', 'goodput']) cols[`${k}.${i}`] = v();
  s.append({ t, cols });
  return s;
}

function family(name: string): string {
  if (name === 'th.delayTarget') return name;
  if (/^aqm\./.test(name)) return 'aqm.*';
  if (/^th\./.test(name)) return 'th.*';
  if (/\.avg[\d.]+s$/.test(name)) return '.avg';
  const band = /^(\w+)\.(min|median|max)$/.exec(name);
  if (band) return band[2] === 'min' ? `${band[1]}.min` : `.${band[2]}`;
  const flow = /^(\w+)\.\d+$/.exec(name);
  if (flow) return `${flow[1]}.i`;
  return name;
}

describe('units of each chart’s data export', () => {
  const s = storeWithEverything();
  for (const def of CHARTS) {
    it(`${def.id}: every exported column is named with its unit`, () => {
      const names = ['t', ...def.columns(s).filter((c) => s.has(c)), ...(def.derived?.(s, 1) ?? []).map(([k]) => k)];
      const missing = [...new Set(names.map(family))].filter((f) => !new RegExp(`(^|[\\s,;(])${f.replace(/[.*]/g, (m) => `\\${m}`)}(?![\\w])`).test(def.units ?? ''));
      expect(missing, def.units).toEqual([]);
      expect(def.units).toMatch(/^t in s;/);
    });
  }
});
