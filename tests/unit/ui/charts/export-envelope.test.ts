import { describe, expect, it } from 'vitest';
import { envelopeNote, envelopeSpan, seriesCsv, seriesCsvName, seriesJson } from '../../../../src/ui/charts/export';
import { SeriesStore } from '../../../../src/ui/store/series-store';

/** A queue that is 0 but every 4th sample, 100: its mean over the samples is 25. */
const q = (i: number) => (i % 4 === 3 ? 100 : 0);
const DT = 0.1;

/** A store keeping at most `max` samples, fed `n` samples one at a time, as the worker's batches do. */
function fed(max: number, n: number): SeriesStore {
  const s = new SeriesStore(max);
  for (let i = 0; i < n; i++) s.append({ t: Float64Array.of(i * DT), cols: { queue: Float64Array.of(q(i)) } });
  return s;
}

const rows = (csv: string) => csv.trimEnd().split('\n');

describe('the series CSV of a run longer than the store keeps (min/max pairs)', () => {
  it('while the rows are the samples: the plain name, no note, the samples as they were', () => {
    const s = fed(16, 16);
    expect(s.compactions).toBe(0);
    expect(seriesCsvName('aqm-lab-series-default', s)).toBe('aqm-lab-series-default.csv');
    expect(envelopeNote(s)).toBeNull();
    expect(rows(seriesCsv(s, ['queue'])).slice(1).map((r) => Number(r.split(',')[1]))).toEqual(Array.from({ length: 16 }, (_, i) => q(i)));
  });

  // the file was named and read as samples: a mean over its rows came out 50 for a queue of mean 25
  it('once halved: the name says envelope, the note says each pair is the least and most over up to N samples, and N is what the rows hold', () => {
    const n = 64;
    const s = fed(16, n);
    expect(s.compactions).toBeGreaterThanOrEqual(2);
    const span = envelopeSpan(s);
    expect(seriesCsvName('aqm-lab-series-default', s)).toBe('aqm-lab-series-default-envelope.csv');
    const note = envelopeNote(s)!;
    expect(note).toContain('longer than the 16 samples the app keeps');
    expect(note).toContain(`the least and the most of each column over up to ${span} consecutive samples`);
    expect(note).toContain('--series');

    const csv = seriesCsv(s, ['queue']);
    const lines = rows(csv);
    // still one rectangular table: a header and rows of as many cells, no comment lines
    expect(lines[0]).toBe('t,queue');
    expect(lines.every((l) => l.split(',').length === 2 && !l.startsWith('#'))).toBe(true);
    const table = lines.slice(1).map((l) => l.split(',').map(Number));
    // each pair of rows covers the samples from its first t up to the next pair's: the first
    // pair (the run's start, halved every time) covers exactly `span`, none covers more, and
    // its two values are the least and most of them
    let covered = 0;
    for (let r = 0; r + 2 < table.length && Math.round(table[r + 2][0] / DT) - Math.round(table[r][0] / DT) > 2; r += 2) {
      const from = Math.round(table[r][0] / DT);
      const to = Math.round(table[r + 2][0] / DT);
      const xs = Array.from({ length: to - from }, (_, k) => q(from + k));
      expect(to - from, `rows ${r}-${r + 1}`).toBeLessThanOrEqual(span);
      if (r === 0) expect(to - from).toBe(span);
      expect([Math.min(table[r][1], table[r + 1][1]), Math.max(table[r][1], table[r + 1][1])]).toEqual([Math.min(...xs), Math.max(...xs)]);
      covered++;
    }
    expect(covered).toBeGreaterThanOrEqual(2);
    // the JSON says it beside its series; a run that kept its samples says nothing
    expect(JSON.parse(seriesJson(s, ['queue'], null)).seriesEnvelope).toEqual({ samplesPerPairUpTo: span, note });
    expect(JSON.parse(seriesJson(fed(16, 16), ['queue'], null))).not.toHaveProperty('seriesEnvelope');
    // why it must be said: a mean taken over the rows is not the samples' mean (25)
    const meanRows = table.reduce((a, r) => a + r[1], 0) / table.length;
    expect(Math.abs(meanRows - 25)).toBeGreaterThan(10);
  });
});
