import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BUILD_ID } from '../../../../src/ui/build-id';
import { captionLines, captionText, chartSvg, titleLines, eventsCsv, figureMargins, figureSvg, fileStem, responseTimesCsv, responseTimesJson, screenSource, seriesCsv, seriesJson, summaryCsv, flowsCsv, withPngText } from '../../../../src/ui/charts/export';
import { runScenario, type EngineScenario } from '../../../../src/engine/sim-run';
import { presetByName } from '../../../../src/engine/scenario/presets';
import { BIN_COUNT, ExchangeStore } from '../../../../src/ui/store/exchange-store';
import { measureText, SvgPainter } from '../../../../src/ui/charts/painter';
import { fontsFor } from '../../../../src/ui/charts/plot';
import type { ChartContext, ChartDef } from '../../../../src/ui/charts/types';
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

describe('summary export', () => {
  it('has both directions of the bottleneck: with web traffic both ways the reverse queue drops too', () => {
    const sc = { ...presetByName('web-dt148-80')!.scenario, duration: 20, warmup: 2 } as unknown as EngineScenario;
    const s = runScenario(sc).summary;
    const rows = Object.fromEntries(summaryCsv(s).split('\n').map((l) => l.split(',')));
    expect(Number(rows['drops'])).toBe(s.bottleneck.drops);
    expect(Number(rows['reverse.drops'])).toBe(s.bottleneckReverse.drops);
    expect(s.bottleneckReverse.drops).toBeGreaterThan(0);
    expect(Number(rows['reverse.utilization'])).toBeCloseTo(s.bottleneckReverse.utilization, 12);
  });
});

describe('summary and flows CSV, read as a csv reader would', () => {
  const s = runScenario({ ...presetByName('default')!.scenario, duration: 10, warmup: 2 } as unknown as EngineScenario).summary;
  /** Rows as Python's csv.reader gives them (no quoted fields here), checked rectangular under one header. */
  const table = (text: string): Record<string, string>[] => {
    const [head, ...rows] = text.trimEnd().split('\n').map((l) => l.split(','));
    for (const r of rows) expect(r.length).toBe(head.length);
    return rows.map((r) => Object.fromEntries(head.map((h, i) => [h, r[i]])));
  };

  it('summary: one header row, metric,value,unit, every value a number or empty, in the JSON units', () => {
    const rows = table(summaryCsv(s));
    const by = Object.fromEntries(rows.map((r) => [r.metric, r]));
    for (const r of rows) expect(r.value === '' || Number.isFinite(Number(r.value))).toBe(true);
    expect(Number(by.utilization.value)).toBe(s.bottleneck.utilization);
    expect(by.utilization.unit).toBe('fraction');
    expect(Number(by.meanQueueDelay.value)).toBe(s.bottleneck.meanQueueDelay);
    expect(by.meanQueueDelay.unit).toBe('s');
    expect(Number(by.warmup.value)).toBe(2);
    // the flows did not finish: G is an empty cell, not "null" or "NaN"
    expect(s.goodputEfficiency).toBeNull();
    expect(by.goodputEfficiency.value).toBe('');
  });

  it('flows: one row per flow under one header, the summary JSON\'s numbers', () => {
    const rows = table(flowsCsv(s));
    expect(rows.length).toBe(s.flows.length);
    rows.forEach((r, i) => {
      expect(Number(r.flow)).toBe(s.flows[i].flow);
      expect(Number(r.goodputBps)).toBe(s.flows[i].goodputBps);
      expect(Number(r.bytesDelivered)).toBe(s.flows[i].bytesDelivered);
      expect(Number(r.drops)).toBe(s.flows[i].drops);
      expect(r.completionTime_s).toBe('');
    });
  });
});

describe('response-time export', () => {
  const ex = new ExchangeStore();
  // run: 0.1 s, 0.2 s, 3 s (the last above 50 KB); baseline: 0.05 s twice; no large baseline
  ex.append(false, Float64Array.from([0.1, 0.2, 3]), Float64Array.from([1000, 2000, 80_000]), Uint8Array.from([0, 0, 1]));
  ex.append(true, Float64Array.from([0.05, 0.05]), Float64Array.from([1000, 1000]), Uint8Array.from([0, 0]));

  it('CSV: a header, one row per bin, counts that add up to each set and CDFs rising to 1 (empty for an empty set)', () => {
    const lines = responseTimesCsv(ex).trimEnd().split('\n');
    expect(lines[0]).toBe('upper_s,run_count,run_cdf,baseline_count,baseline_cdf,run_large_count,run_large_cdf,baseline_large_count,baseline_large_cdf');
    expect(lines.length).toBe(BIN_COUNT + 1);
    const rows = lines.slice(1).map((l) => l.split(','));
    const col = (k: number) => rows.map((r) => r[k]);
    expect(col(1).reduce((a, v) => a + Number(v), 0)).toBe(3);
    expect(col(3).reduce((a, v) => a + Number(v), 0)).toBe(2);
    expect(col(5).reduce((a, v) => a + Number(v), 0)).toBe(1);
    const cdf = col(2).map(Number);
    for (let i = 1; i < cdf.length; i++) expect(cdf[i]).toBeGreaterThanOrEqual(cdf[i - 1]);
    expect(cdf.at(-1)).toBe(1);
    // the run's CDF at the bin that holds 0.2 s: two of three
    const i2 = rows.findIndex((r) => Number(r[0]) >= 0.2);
    expect(Number(rows[i2][2])).toBeCloseTo(2 / 3, 12);
    expect(col(8).every((v) => v === '')).toBe(true);
    // upper edges rise from about 1 ms to 1000 s
    expect(Number(rows[0][0])).toBeGreaterThan(0.001);
    expect(Number(rows.at(-1)![0])).toBeCloseTo(1000, 6);
  });

  it('JSON parses, with the bin edges, each set\'s counts and totals', () => {
    const j = JSON.parse(responseTimesJson(ex, null, { chart: 'response' }));
    expect(j.chart).toBe('response');
    expect(j.binUpperEdgeSeconds.length).toBe(BIN_COUNT);
    expect(j.run.all.n).toBe(3);
    expect(j.run.all.lost).toBe(1);
    expect(j.run.all.counts.reduce((a: number, v: number) => a + v, 0)).toBe(3);
    expect(j.baseline.large.n).toBe(0);
    expect(j.baseline.large.medianSeconds).toBeNull();
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

describe('figure source', () => {
  const src = { lesson: 'default', seed: 7, link: 'p=default&topology.bottleneck.queue.maxP=0.02&seed=7', date: new Date(2026, 10, 23, 14, 5) };

  it('the caption names the lesson, the seed, the date and the link', () => {
    expect(captionText(src)).toBe('AQM Lab · lesson default · seed 7 · 2026-11-23 14:05 · #p=default&topology.bottleneck.queue.maxP=0.02&seed=7');
    expect(captionText({ ...src, lesson: null })).toContain('custom scenario');
  });

  it("an edited lesson's figure says so, and a scenario the user named goes by its name, in the caption, the metadata and the file name", async () => {
    expect(captionText({ ...src, edited: true })).toMatch(/^AQM Lab · lesson default, edited · seed 7 ·/);
    expect(captionText({ ...src, title: 'RTT unfairness', edited: false })).toMatch(/^AQM Lab · RTT unfairness \(from lesson default\) · seed 7 ·/);
    expect(captionText({ ...src, lesson: null, title: 'RTT unfairness' })).toMatch(/^AQM Lab · RTT unfairness · seed 7 ·/);
    const { withParam } = await import('../../../../src/ui/scenario-api');
    const base = presetByName('default')!.scenario;
    const set = (sc: typeof base, path: string, v: unknown) => {
      const r = withParam(sc, path, v);
      if (!r.ok) throw new Error(r.errors.join('; '));
      return r.scenario;
    };
    // from the scenario itself: a change to the run is "edited"; a name is the scenario's own
    expect(screenSource(base, 'default')).toMatchObject({ lesson: 'default', edited: false });
    expect(screenSource(base, 'default').title).toBeUndefined();
    expect(screenSource(set(base, 'topology.bottleneck.queue.maxP', 0.02), 'default')).toMatchObject({ edited: true });
    const named = set(set(base, 'topology.bottleneck.queue.kind', 'codel'), 'name', 'RTT unfairness');
    const s = screenSource(named, 'default');
    expect(s).toMatchObject({ title: 'RTT unfairness', edited: true });
    const svg = chartSvg({ id: 'x', title: 'X', describe: () => '', columns: () => [], draw: () => 0 }, { fonts: fontsFor(false) } as unknown as ChartContext, 640, 420, 'X', s);
    expect(svg).toContain('lesson="default" title="RTT unfairness" edited="true"');
    expect(fileStem('queue', 'default', named)).toMatch(/^aqm-lab-RTT-unfairness-edited-[0-9a-f]{6}-queue$/);
  });

  // a researcher's exported compare chart read "#p=web-dt148-80&seed=3": the link reopened
  // lesson A alone, without the comparison with web-redecn5-80 the figure shows
  it("a Compare figure's link carries Compare's query: opened again, it reads the same comparison", async () => {
    const { withCompareLink, readCompareLink } = await import('../../../../src/ui/compare/link');
    const query = withCompareLink('', 'l:web-redecn5-80', 5);
    const cmp = { ...src, link: 'p=web-dt148-80&seed=3', compared: 'ARED + ECN', seeds: 'seeds 3 to 7', query };
    const caption = captionText(cmp);
    const link = caption.slice(caption.lastIndexOf(' · ') + 3);
    expect(link).toBe('?compare=lesson:web-redecn5-80&seeds=5#p=web-dt148-80&seed=3');
    const at = new URL(link, 'http://127.0.0.1/');
    expect(readCompareLink(at.search)).toEqual({ choice: 'l:web-redecn5-80', seeds: 5, problems: [] });
    expect(at.hash).toBe('#p=web-dt148-80&seed=3');
    const svg = figureSvg({ fonts: fontsFor(false) }, 640, 300, 'Response times', cmp, () => '');
    expect(svg).toContain('link="?compare=lesson:web-redecn5-80&amp;seeds=5#p=web-dt148-80&amp;seed=3"');
    // a single run's figure: the fragment alone, as before
    expect(captionText(src).endsWith(' · #p=default&topology.bottleneck.queue.maxP=0.02&seed=7')).toBe(true);
  });

  it('a Compare figure: the caption and the metadata also say what it is compared with and over which seeds; figureSvg frames any drawing', () => {
    const cmp = { ...src, compared: 'a drop-tail queue', seeds: 'seeds 7 to 9' };
    expect(captionText(cmp)).toBe('AQM Lab · lesson default · compared with a drop-tail queue · seed 7 of seeds 7 to 9 · 2026-11-23 14:05 · #p=default&topology.bottleneck.queue.maxP=0.02&seed=7');
    const c = { fonts: fontsFor(false) };
    const m = figureMargins(c, 640, cmp);
    let asked: [number, number] = [0, 0];
    const svg = figureSvg(c, 640, m.top + 200 + m.bottom, 'Queue', cmp, (w, h) => {
      asked = [w, h];
      return '<path d="M0,0L1,1"/>';
    });
    // the drawing gets the room left between the title and the caption, exactly
    expect(asked).toEqual([640, 200]);
    expect(svg).toContain(`<g transform="translate(0,${m.top})"><path d="M0,0L1,1"/></g>`);
    expect(svg).toContain('compared="a drop-tail queue" seeds="seeds 7 to 9"');
    expect(svg).toMatch(/<text[^>]*>AQM Lab · lesson default · compared with a drop-tail queue · seed 7 of seeds 7 to 9/);
  });

  it('a title wider than the figure is broken into lines that fit it, and the drawing moves down to make room (a grid chart’s title ran off the edge, cut mid-word)', () => {
    const title = "seeds/004 Fig. 20 (b): loss against SUBTCP's bandwidth increase, per bottleneck delay (all 12 runs): Loss rate at the bottleneck";
    const c = { fonts: fontsFor(false) };
    const size = 18;
    // the figure at 640 px: one line would not fit
    expect(measureText(title, size, 'bold')).toBeGreaterThan(640 - 16);
    const m = figureMargins(c, 640, src, title);
    let asked: [number, number] = [0, 0];
    const svg = figureSvg(c, 640, m.top + 200 + m.bottom, title, src, (w, h) => {
      asked = [w, h];
      return '<path d="M0,0L1,1"/>';
    });
    const drawn = [...svg.matchAll(/<text[^>]*font-weight="600"[^>]*>([^<]*)<\/text>/g)].map((x) => x[1]);
    expect(drawn.length).toBeGreaterThan(1);
    // every word of the title, in order, and each line within the figure
    expect(drawn.join(' ')).toBe(title);
    for (const l of drawn) expect(measureText(l, size, 'bold'), l).toBeLessThanOrEqual(640 - 16);
    expect(asked).toEqual([640, 200]);
    expect(m.top).toBe(figureMargins(c, 640, src, 'Queue').top + (drawn.length - 1) * Math.round(size * 1.25));
    // the whole title stays the SVG's <title>
    expect(svg).toContain(`<title>${title}</title>`);
    // a title too long for three lines: the third is cut with "…"
    const long = titleLines(Array.from({ length: 60 }, (_, i) => `word${i}`).join(' '), size, 300);
    expect(long.length).toBe(3);
    expect(long[2].endsWith('…')).toBe(true);
    for (const l of long) expect(measureText(l, size, 'bold')).toBeLessThanOrEqual(300);
  });

  it("the caption and the SVG's metadata name the lab's build, so a figure can be traced to the code that ran it", () => {
    const built = { ...src, build: '0.1.0 (3f334ca)' };
    expect(captionText(built)).toBe('AQM Lab 0.1.0 (3f334ca) · lesson default · seed 7 · 2026-11-23 14:05 · #p=default&topology.bottleneck.queue.maxP=0.02&seed=7');
    const def: ChartDef = { id: 'x', title: 'X', describe: () => '', columns: () => [], draw: () => 0 };
    const svg = chartSvg(def, { fonts: fontsFor(false) } as unknown as ChartContext, 640, 420, 'X', built);
    expect(svg).toContain('build="0.1.0 (3f334ca)"');
    expect(svg).toMatch(/<text[^>]*>AQM Lab 0\.1\.0 \(3f334ca\) · lesson default/);
  });

  it('the build is written in at build time: the package version and the commit checked out', () => {
    const version = (JSON.parse(readFileSync(new URL('../../../../package.json', import.meta.url), 'utf8')) as { version: string }).version;
    let commit = '';
    try {
      commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    } catch {
      // not a git checkout: the version alone
    }
    expect(BUILD_ID).toBe(commit ? `${version} (${commit})` : version);
  });

  it('a long caption wraps onto lines that fit, so every changed key shows on the figure', () => {
    const keys = ['tcp.variant=newreno', 'topology.bottleneck.queue.maxP=0.02', 'topology.bottleneck.queue.maxTh=40', 'topology.bottleneck.queue.minTh=10', 'topology.bottleneck.rate=5000000'];
    const long = { ...src, link: `p=default&${keys.join('&')}&seed=7` };
    const def: ChartDef = { id: 'x', title: 'X', describe: () => '', columns: () => [], draw: () => 0 };
    const c = { fonts: fontsFor(false) } as unknown as ChartContext;
    const svg = chartSvg(def, c, 640, 420, 'X', long);
    const shown = [...svg.matchAll(/<text x="8" y="[\d.]+" font-size="(\d+)"[^>]*>([^<]*)<\/text>/g)].filter((m) => m[2] !== 'X');
    expect(shown.length).toBeGreaterThan(1);
    const visible = shown.map((m) => m[2].replace(/&amp;/g, '&')).join('');
    for (const k of keys) expect(visible).toContain(k);
    expect(visible).toContain('seed=7');
    for (const m of shown) expect(measureText(m[2].replace(/&amp;/g, '&'), Number(m[1]))).toBeLessThanOrEqual(640 - 16);
    // lines go down the figure in order, inside it
    const ys = shown.map((m) => Number(/y="([\d.]+)"/.exec(m[0])![1]));
    for (let i = 1; i < ys.length; i++) expect(ys[i]).toBeGreaterThan(ys[i - 1]);
    expect(ys.at(-1)!).toBeLessThan(420);
    // a short one stays on one line; one too long for four lines ends cut with '…'
    expect(captionLines(captionText(src), 12, 2000)).toHaveLength(1);
    const huge = captionLines(captionText({ ...src, link: Array.from({ length: 60 }, (_, i) => `k${i}=v${i}`).join('&') }), 12, 400);
    expect(huge).toHaveLength(4);
    expect(huge[3].endsWith('…')).toBe(true);
  });

  it('PNG text chunks go after IHDR with a correct CRC', () => {
    // the smallest valid PNG header: signature + IHDR (13 bytes of data)
    const png = new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10, 0, 0, 0, 13, 73, 72, 68, 82, 0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0, 0x90, 0x77, 0x53, 0xde, 0, 0, 0, 0, 73, 69, 78, 68, 0xae, 0x42, 0x60, 0x82]);
    const out = withPngText(png, { Source: 'AQM Lab · seed 7' });
    const at = 33; // after the IHDR chunk
    const len = new DataView(out.buffer).getUint32(at);
    expect(String.fromCharCode(...out.subarray(at + 4, at + 8))).toBe('tEXt');
    const body = out.subarray(at + 8, at + 8 + len);
    expect(String.fromCharCode(...body)).toBe('Source\0AQM Lab · seed 7');
    // CRC-32 of "tEXt" + body (PNG spec §5.5); crcOf is checked on the fixture's IHDR, whose CRC is known
    expect(crcOf([...png.subarray(12, 29)])).toBe(0x907753de);
    const crc = new DataView(out.buffer).getUint32(at + 8 + len);
    expect(crc).toBe(crcOf([...out.subarray(at + 4, at + 8 + len)]));
    expect(out.length).toBe(png.length + 12 + len);
    expect([...out.subarray(out.length - 12)]).toEqual([...png.subarray(png.length - 12)]);
  });
});

/** Bitwise CRC-32 written out plainly for the check. */
function crcOf(bytes: number[]): number {
  let c = 0xffffffff;
  for (const b of bytes) {
    c = (c ^ b) >>> 0;
    for (let k = 0; k < 8; k++) c = c & 1 ? ((c >>> 1) ^ 0xedb88320) >>> 0 : c >>> 1;
  }
  return (c ^ 0xffffffff) >>> 0;
}

describe('export file names', () => {
  // the lesson as it is, reseeded, edited, both, and a scenario of no lesson
  const lesson = presetByName('red-vs-dt')!.scenario;
  it('name the lesson as it is as before; a reseeded or edited run apart, and the same edits alike', () => {
    const asIs = fileStem('queue', 'red-vs-dt', lesson);
    expect(asIs).toBe('aqm-lab-red-vs-dt-queue');
    expect(fileStem('queue', 'red-vs-dt')).toBe(asIs);
    const seeded = fileStem('queue', 'red-vs-dt', { ...lesson, seed: lesson.seed + 4 });
    expect(seeded).toBe(`aqm-lab-red-vs-dt-seed${lesson.seed + 4}-queue`);
    const edited = fileStem('queue', 'red-vs-dt', { ...lesson, duration: 50 });
    expect(edited).toMatch(/^aqm-lab-red-vs-dt-edited-[0-9a-f]{6}-queue$/);
    expect(fileStem('queue', 'red-vs-dt', { ...lesson, duration: 50 })).toBe(edited);
    expect(fileStem('queue', 'red-vs-dt', { ...lesson, duration: 60 })).not.toBe(edited);
    expect(fileStem('queue', 'red-vs-dt', { ...lesson, duration: 50, seed: 9 })).toBe(edited.replace('-edited', '-seed9-edited'));
    // no lesson: the seed and a digest of the scenario
    expect(fileStem('summary', null, { ...lesson, seed: 3 })).toMatch(/^aqm-lab-custom-seed3-edited-[0-9a-f]{6}-summary$/);
  });
});
