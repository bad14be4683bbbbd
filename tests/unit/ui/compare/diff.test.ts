/**
 * The compare view's summary table (which side is better, what counts as a difference)
 * and its worker runner (protocol handling), with a scripted fake worker.
 */
import { describe, expect, it } from 'vitest';
import type { QueueSummary, Summary } from '../../../../src/engine/metrics/types';
import { toMain, type MainToWorker, type WorkerToMain } from '../../../../src/protocol/messages';
import { BETTER_RULE, compareSummaries, FOLD_FLOWS, foldFlows, int, LARGE_CHANGE, longestCompletion, relText, styleText, type DiffRow, type NumberStyle } from '../../../../src/ui/compare/diff';
import { runInWorker } from '../../../../src/ui/compare/run';
import { flow, queue } from './summary-fixtures';
import { presetByName } from '../../../../src/engine/scenario/presets';
import { viewOf } from '../../../../src/ui/scenario-view';

function summary(over: Partial<Summary> = {}, q: Partial<QueueSummary> = {}, flows = [flow(0), flow(1)]): Summary {
  return {
    events: 1,
    wallSeconds: 0,
    simulatedSeconds: 12,
    warmup: 0,
    bottleneck: queue(q),
    bottleneckReverse: queue(),
    flows,
    goodputEfficiency: 0.8,
    fairness: { jain: 0.95 },
    ...over,
  };
}

function byKey(rows: DiffRow[], key: string): DiffRow {
  const r = rows.find((x) => x.key === key);
  if (!r) throw new Error(`no row ${key}`);
  return r;
}

describe('compareSummaries', () => {
  it('web traffic: a row per packet kind with its drop share (seeds/003: ECN moves the drops onto the SYN-ACKs); none for long-lived flows', () => {
    const none = { arrivals: 0, drops: 0, marks: 0 };
    const kinds = (o: object) => ({ data: none, ack: none, syn: none, synack: none, fin: none, udp: none, ...o }) as NonNullable<QueueSummary['byKind']>;
    const red = summary({}, { byKind: kinds({ data: { arrivals: 90000, drops: 4500, marks: 0 }, synack: { arrivals: 27000, drops: 1350, marks: 0 } }) });
    const ecn = summary({}, { byKind: kinds({ data: { arrivals: 93009, drops: 0, marks: 7582 }, synack: { arrivals: 27365, drops: 2341, marks: 0 } }) });
    const rows = compareSummaries(red, ecn);
    expect(rows.filter((r) => r.key.startsWith('kind.')).map((r) => r.key)).toEqual(['kind.data.drops', 'kind.synack.drops']);
    const synack = byKey(rows, 'kind.synack.drops');
    expect(synack.label).toBe('Drop rate, SYN-ACK');
    expect(synack.a).toBeCloseTo(0.05, 12);
    expect(synack.b).toBeCloseTo(2341 / 27365, 12);
    expect(synack.winner).toBe('a');
    expect(byKey(rows, 'kind.data.drops').winner).toBe('b');
    // long-lived flows: a handful of SYNs say nothing
    const bulk = summary({}, { byKind: kinds({ data: { arrivals: 28000, drops: 18, marks: 0 }, syn: { arrivals: 2, drops: 0, marks: 0 } }) });
    expect(compareSummaries(bulk, bulk).some((r) => r.key.startsWith('kind.'))).toBe(false);
  });

  it('equal summaries: nothing highlighted, no winner', () => {
    const rows = compareSummaries(summary(), summary());
    expect(rows.every((r) => r.change === 'same' && r.winner === null)).toBe(true);
    expect(relText(rows[0])).toBe('=');
  });

  it('drop-tail vs RED+ECN: fewer drops and a shorter queue win, more utilization wins', () => {
    const dt = summary({}, { utilization: 0.95, drops: 80, lossRate: 0.08, meanQueuePackets: 55, marks: 0 });
    const ecn = summary({}, { utilization: 0.93, drops: 4, lossRate: 0.004, meanQueuePackets: 18, marks: 70, markRate: 0.07 });
    const rows = compareSummaries(dt, ecn);
    expect(byKey(rows, 'drops')).toMatchObject({ a: 80, b: 4, delta: -76, change: 'large', winner: 'b' });
    expect(byKey(rows, 'drops').rel).toBeCloseTo(-0.95, 12);
    expect(relText(byKey(rows, 'drops'))).toBe('−95 %');
    expect(byKey(rows, 'meanQueue').winner).toBe('b');
    // 0.95 -> 0.93 is a 2.1 % change: highlighted as a difference, not a large one, and
    // neither side is called better (BETTER_RULE: one seed moves utilization about as much)
    expect(byKey(rows, 'util')).toMatchObject({ change: 'differs', winner: null });
    expect(relText(byKey(rows, 'util'))).toBe('−2.1 %');
    // marks have no "better" direction
    expect(byKey(rows, 'marks')).toMatchObject({ change: 'large', winner: null });
    expect(relText(byKey(rows, 'marks'))).toBe('up from 0');
  });

  it('web traffic alone (no long-lived flow): Jain’s index is missing on both sides, not "1.000 = 1.000"', () => {
    // the engine gives 1 over no flow; the single-run table and the CLI say "—"
    const web = summary({ goodputEfficiency: null, fairness: { jain: 1 } }, {}, []);
    const row = byKey(compareSummaries(web, web), 'jain');
    expect(row).toMatchObject({ a: null, b: null, winner: null });
    // one side with flows: that side's index, the other missing
    expect(byKey(compareSummaries(web, summary()), 'jain')).toMatchObject({ a: null, b: 0.95 });
  });

  it('numbers that read the same in the table: no side is bold, though they differ further down', () => {
    // seeds/001 2 clients, RED+ECN against drop-tail: G 99.27 % on both sides, B was bold
    const rows = compareSummaries(summary({ goodputEfficiency: 0.99271, fairness: { jain: 0.99996 } }), summary({ goodputEfficiency: 0.99268, fairness: { jain: 0.99991 } }));
    expect(byKey(rows, 'G').format(0.99271)).toBe(byKey(rows, 'G').format(0.99268));
    expect(byKey(rows, 'G')).toMatchObject({ change: 'differs', winner: null });
    expect(byKey(rows, 'jain')).toMatchObject({ change: 'differs', winner: null });
    // a difference the table shows, and large enough, still has its winner
    expect(byKey(compareSummaries(summary({ goodputEfficiency: 0.9927 }), summary({ goodputEfficiency: 0.9317 })), 'G').winner).toBe('a');
  });

  // a teacher's class read bold as a finding: mean queue 21.9 against 22.0 packets, and a
  // completion time "0.0 %" apart, with one seed
  it('a small difference, shown or not, has no better side; from LARGE_CHANGE on it has', () => {
    const tiny = compareSummaries(summary({}, { meanQueuePackets: 21.94 }, [flow(0, { completionTime: 10.0 })]), summary({}, { meanQueuePackets: 22.01 }, [flow(0, { completionTime: 10.004 })]));
    expect(byKey(tiny, 'meanQueue').format(21.94)).not.toBe(byKey(tiny, 'meanQueue').format(22.01));
    expect(byKey(tiny, 'meanQueue')).toMatchObject({ change: 'differs', winner: null });
    expect(relText(byKey(tiny, 'flow0.completion'))).toBe('0.0 %');
    expect(byKey(tiny, 'flow0.completion')).toMatchObject({ change: 'differs', winner: null });
    // either side of the threshold (relative to A, as the Change column): 4.9 % no, 5.1 % yes
    const at = (b: number) => byKey(compareSummaries(summary({}, { meanQueuePackets: 20 }), summary({}, { meanQueuePackets: b })), 'meanQueue');
    expect(LARGE_CHANGE).toBe(0.05);
    expect(at(20 * 1.049).winner).toBeNull();
    expect(at(20 * 0.949).winner).toBe('b');
    expect(at(20 * 1.051).winner).toBe('a');
  });

  it("the one-seed table's note says the rule, with its threshold", async () => {
    const { createElement } = await import('react');
    const { renderToStaticMarkup } = await import('react-dom/server');
    const { DiffTable } = await compareView();
    const a = summary({}, { meanQueuePackets: 21.94 });
    const html = renderToStaticMarkup(createElement(DiffTable, { ...foldFlows(compareSummaries(a, summary({}, { meanQueuePackets: 22.01 })), a, a), labelA: 'A', labelB: 'B' }));
    expect(html).not.toContain('cmp-win');
    const note = /<p [^>]*data-testid="better-rule"[^>]*>(.*?)<\/p>/.exec(html)?.[1] ?? '';
    expect(note).toBe(BETTER_RULE);
    expect(note).toContain(`${LARGE_CHANGE * 100} % or more`);
    expect(note).toMatch(/several seeds/);
  });

  it('two-way traffic: the reverse queue’s utilization, drop rate and mean queue, as the single-run table shows them', () => {
    const a = summary();
    a.bottleneckReverse = queue({ utilization: 0.743, lossRate: 0.0109, meanQueuePackets: 34.3 });
    const b = summary();
    b.bottleneckReverse = queue({ utilization: 0.70, lossRate: 0.072, meanQueuePackets: 10.1 });
    const rows = compareSummaries(a, b, [], [], { reverse: true });
    expect(byKey(rows, 'rev.loss')).toMatchObject({ label: 'Drop rate (reverse queue)', a: 0.0109, b: 0.072, winner: 'a' });
    expect(byKey(rows, 'rev.util')).toMatchObject({ a: 0.743, b: 0.7, winner: 'a' });
    expect(byKey(rows, 'rev.meanQueue')).toMatchObject({ a: 34.3, b: 10.1, winner: 'b' });
    // one-way traffic (the reverse queue carries ACKs only): no such rows
    expect(compareSummaries(a, b).some((r) => r.key.startsWith('rev.'))).toBe(false);
  });

  it('a change too small for one decimal reads 0.0 %, without a sign', () => {
    const a = summary({}, { utilization: 0.95, meanQueuePackets: 20 });
    const rows = compareSummaries(a, summary({}, { utilization: 0.95 * (1 - 1e-4), meanQueuePackets: 20 * (1 + 2e-4) }));
    expect(byKey(rows, 'util').change).toBe('differs');
    expect(relText(byKey(rows, 'util'))).toBe('0.0 %');
    expect(relText(byKey(rows, 'meanQueue'))).toBe('0.0 %');
    // from half a tenth on, the sign is shown
    expect(relText(compareSummaries(a, summary({}, { utilization: 0.95 * (1 - 6e-4) })).find((r) => r.key === 'util')!)).toBe('−0.1 %');
  });

  it('an unfinished flow: completion is missing, the finished side wins, G and the longest completion are missing', () => {
    const a = summary({ goodputEfficiency: null }, {}, [flow(0), flow(1, { completionTime: null })]);
    const b = summary();
    expect(longestCompletion(a)).toBeNull();
    expect(longestCompletion(b)).toBe(11);
    const rows = compareSummaries(a, b);
    expect(byKey(rows, 'flow1.completion')).toMatchObject({ a: null, b: 11, change: 'large', winner: 'b' });
    expect(byKey(rows, 'G')).toMatchObject({ a: null, winner: 'b' });
    expect(byKey(rows, 'longest').winner).toBe('b');
    expect(byKey(rows, 'flow0.completion').change).toBe('same');
  });

  it('unlimited flows have no completion row; goodput rows for every flow of either side', () => {
    const a = summary({}, {}, [flow(0, { bytesRequested: null, completionTime: null })]);
    const b = summary({}, {}, [flow(0, { bytesRequested: null, completionTime: null }), flow(1, { bytesRequested: null, completionTime: null, goodputBps: 1e6 })]);
    const rows = compareSummaries(a, b);
    expect(rows.some((r) => r.key.endsWith('.completion'))).toBe(false);
    expect(byKey(rows, 'flow1.goodput')).toMatchObject({ a: null, b: 1e6, winner: 'b' });
  });
});

// ---------------------------------------------------------------- runInWorker

/** A fake worker that answers `start` with a scripted list of messages. */
class FakeWorker {
  onmessage: ((e: MessageEvent) => void) | null = null;
  onerror: ((e: ErrorEvent) => void) | null = null;
  sent: MainToWorker[] = [];
  terminated = false;
  constructor(private readonly script: (start: MainToWorker) => WorkerToMain[]) {}
  postMessage(m: MainToWorker): void {
    this.sent.push(m);
    if (m.type === 'start') {
      const out = this.script(m);
      queueMicrotask(() => {
        for (const x of out) if (!this.terminated) this.onmessage?.({ data: x } as MessageEvent);
      });
    }
  }
  terminate(): void {
    this.terminated = true;
  }
}

const asWorker = (f: FakeWorker) => () => f as unknown as Worker;

describe("the compare table's numbers", () => {
  // a researcher's table of web-dt148-80 against web-redecn5-80 read drops "8527" and
  // "29895", early drops "29895", beside the response chart's "(40,112)"
  it('counts and large values grouped by thousands; decimals, units and small numbers as they were', () => {
    expect(styleText(int, 8527)).toBe('8,527');
    expect(styleText(int, 29895)).toBe('29,895');
    expect(styleText(int, -21368)).toBe('-21,368');
    expect(styleText(int, 1234567)).toBe('1,234,567');
    expect(styleText(int, 362)).toBe('362');
    expect(styleText(int, 0)).toBe('0');
    const ms: NumberStyle = { shown: (v) => v * 1000, decimals: () => 1, unit: ' ms' };
    expect(styleText(ms, 1.2345)).toBe('1,234.5 ms');
    expect(styleText(ms, 0.0288)).toBe('28.8 ms');
    const share: NumberStyle = { shown: (v) => v * 100, decimals: () => 4, unit: ' %' };
    expect(styleText(share, 0.0000123)).toBe('0.0012 %');
  });
});

describe('foldFlows: a many-flow comparison stays readable', () => {
  // 100 flows (feng-fig12's count): goodputs 1..100 kb/s in A, twice that in B; B's last flow unfinished
  const many = (k: number, unfinishedLast: boolean) =>
    Array.from({ length: 100 }, (_, i) => flow(i, { goodputBps: (i + 1) * 1000 * k, completionTime: unfinishedLast && i === 99 ? null : 10 + ((i * 37) % 100) }));
  const A = summary({}, {}, many(1, false));
  const B = summary({}, {}, many(2, true));

  it('past FOLD_FLOWS flows the per-flow rows fold into the lowest, median and highest of each run', () => {
    const all = compareSummaries(A, B);
    expect(all.filter((r) => r.group === 'flow')).toHaveLength(200);
    const { rows, flowRows, flows } = foldFlows(all, A, B);
    expect(flows).toBe(100);
    // every per-flow row is still there, to expand; none in the table itself but the spread
    expect(flowRows).toEqual(all.filter((r) => r.group === 'flow'));
    const spread = rows.filter((r) => r.group === 'flow');
    expect(spread.map((r) => r.key)).toEqual(['flows.goodput.min', 'flows.goodput.median', 'flows.goodput.max', 'flows.completion.min', 'flows.completion.median']);
    expect(rows.filter((r) => r.group !== 'flow')).toEqual(all.filter((r) => r.group !== 'flow'));
    expect([byKey(rows, 'flows.goodput.min').a, byKey(rows, 'flows.goodput.median').a, byKey(rows, 'flows.goodput.max').a]).toEqual([1000, 50_500, 100_000]);
    expect([byKey(rows, 'flows.goodput.min').b, byKey(rows, 'flows.goodput.max').b]).toEqual([2000, 200_000]);
    expect(byKey(rows, 'flows.goodput.median').winner).toBe('b');
    expect(byKey(rows, 'flows.goodput.min').label).toBe('Flow goodput, lowest of 100 flows');
    // completion: A's times are 10..109 s; B's unfinished flow sorts last (its median moves half a step)
    expect([byKey(rows, 'flows.completion.min').a, byKey(rows, 'flows.completion.median').a]).toEqual([10, 59.5]);
    expect(byKey(rows, 'flows.completion.median').b).toBe(59.5);
    expect(rows.length).toBeLessThan(25);
  });

  it('FOLD_FLOWS flows or fewer: the table is unchanged', () => {
    const few = summary({}, {}, Array.from({ length: FOLD_FLOWS }, (_, i) => flow(i)));
    const all = compareSummaries(few, few);
    expect(foldFlows(all, few, few)).toEqual({ rows: all, flowRows: [], flows: FOLD_FLOWS });
  });

  it('the table renders the spread and a closed disclosure with every flow', async () => {
    const { createElement } = await import('react');
    const { renderToStaticMarkup } = await import('react-dom/server');
    const spec = ['..', '..', '..', '..', 'src', 'ui', 'compare', 'CompareView.tsx'].join('/');
    const { DiffTable } = (await import(/* @vite-ignore */ spec)) as { DiffTable: (p: Record<string, unknown>) => null };
    const html = renderToStaticMarkup(createElement(DiffTable, { ...foldFlows(compareSummaries(A, B), A, B), labelA: 'drop-tail', labelB: 'RED' }));
    const summaryTable = html.slice(0, html.indexOf('<details'));
    expect(summaryTable).toContain('Flow goodput, lowest of 100 flows');
    expect(summaryTable).not.toContain('Flow 7 goodput');
    expect(html).toMatch(/<details class="cmp-flow-rows"><summary>Every flow, one by one \(100 flows, 200 rows\)<\/summary>/);
    expect((html.match(/Flow \d+ goodput/g) ?? []).length).toBe(100);
  });
});

describe('runInWorker', () => {
  it('starts at full speed without recording, collects batches, reports progress and resolves with the summary', async () => {
    const s = summary();
    const fake = new FakeWorker((start) => {
      const runId = (start as { runId: number }).runId;
      return [
        toMain({ type: 'started', runId, end: 10 }),
        toMain({ type: 'batch', runId, t: new Float64Array([0, 1]), cols: { queue: new Float64Array([0, 3]) }, queueEvents: null }),
        toMain({ type: 'progress', runId: runId + 1, now: 9, end: 10, eventsPerSec: 0, simRate: 0, events: 0 }), // another run's: ignored
        toMain({ type: 'progress', runId, now: 5, end: 10, eventsPerSec: 0, simRate: 0, events: 0 }),
        toMain({ type: 'batch', runId, t: new Float64Array([2]), cols: { queue: new Float64Array([7]) }, queueEvents: null }),
        toMain({ type: 'done', runId, result: { version: 1, scenario: {}, summary: s } }),
      ];
    });
    const progress: number[] = [];
    const r = await runInWorker({ duration: 10 }, { makeWorker: asWorker(fake), onProgress: (f) => progress.push(f) });
    expect(r.summary).toBe(s);
    expect(r.series.length).toBe(3);
    expect(Array.from(r.series.column('queue')!.subarray(0, 3))).toEqual([0, 3, 7]);
    expect(progress).toEqual([0.5, 1]);
    const start = fake.sent[0] as Extract<MainToWorker, { type: 'start' }>;
    expect(start).toMatchObject({ type: 'start', speed: 'max', options: { record: false } });
    expect(start.options.sampleInterval).toBeCloseTo(10 / 1500, 12);
    expect(fake.terminated).toBe(true);
  });

  it('rejects with the field messages of an error', async () => {
    const fake = new FakeWorker((start) => [toMain({ type: 'error', runId: (start as { runId: number }).runId, message: 'invalid scenario', fields: [{ path: 'topology.bottleneck.rate', message: 'must be > 0' }] })]);
    await expect(runInWorker({}, { makeWorker: asWorker(fake) })).rejects.toThrow('invalid scenario\ntopology.bottleneck.rate: must be > 0');
    expect(fake.terminated).toBe(true);
  });

  it('abort: sends stop, terminates the worker, rejects with an AbortError', async () => {
    const fake = new FakeWorker(() => []);
    const ctl = new AbortController();
    const p = runInWorker({}, { makeWorker: asWorker(fake), signal: ctl.signal });
    ctl.abort();
    await expect(p).rejects.toMatchObject({ name: 'AbortError' });
    expect(fake.sent.map((m) => m.type)).toEqual(['start', 'stop']);
    expect(fake.terminated).toBe(true);
  });
});

// the single-run views name a flow by what is its own where the items' TCP settings differ
// ("flow 0 · CUBIC", src/ui/flow-tags.ts); the compare view names them the same way, each
// side by its own scenario's tags
describe('flow tags in the comparison', () => {
  const cubic = viewOf(presetByName('cubic-vs-reno')!.scenario).flowTags;
  const plain = viewOf(presetByName('default')!.scenario).flowTags;
  const three = summary({}, {}, [flow(0), flow(1), flow(2, { kind: 'udp', bytesRequested: null, completionTime: null })]);
  const labels = (rows: DiffRow[]) => rows.filter((r) => r.group === 'flow').map((r) => r.label);

  it('cubic-vs-reno against a variant of itself: the rows say CUBIC, NewReno and UDP', () => {
    expect(labels(compareSummaries(three, three, cubic, cubic))).toEqual(['Flow 0 · CUBIC completion', 'Flow 0 · CUBIC goodput', 'Flow 1 · NewReno completion', 'Flow 1 · NewReno goodput', 'Flow 2 · UDP goodput']);
  });
  it('flows with the same settings (most lessons), or no tags given: the bare numbers as before', () => {
    expect(plain.every((t) => t === '')).toBe(true);
    const bare = ['Flow 0 completion', 'Flow 0 goodput', 'Flow 1 completion', 'Flow 1 goodput'];
    expect(labels(compareSummaries(summary(), summary(), plain, plain))).toEqual(bare);
    expect(labels(compareSummaries(summary(), summary()))).toEqual(bare);
  });
  it("the sides' tags differ: each side's by its letter", () => {
    expect(labels(compareSummaries(three, summary(), cubic, plain))).toEqual(['Flow 0 (A: CUBIC) completion', 'Flow 0 (A: CUBIC) goodput', 'Flow 1 (A: NewReno) completion', 'Flow 1 (A: NewReno) goodput', 'Flow 2 (A: UDP) goodput']);
  });
  it('the table shows the tagged rows under the A and B columns', async () => {
    const { createElement } = await import('react');
    const { renderToStaticMarkup } = await import('react-dom/server');
    const { DiffTable } = await compareView();
    const html = renderToStaticMarkup(createElement(DiffTable, { ...foldFlows(compareSummaries(three, three, cubic, cubic), three, three), labelA: 'cubic-vs-reno', labelB: 'PIE' }));
    const rowHeads = [...html.matchAll(/<th scope="row">([^<]*)<\/th>/g)].map((m) => m[1]);
    expect(rowHeads).toEqual(expect.arrayContaining(['Flow 0 · CUBIC goodput', 'Flow 1 · NewReno goodput', 'Flow 2 · UDP goodput']));
    const colHeads = [...html.matchAll(/<th scope="col">(.*?)<\/th>/g)].map((m) => m[1].replace(/<[^>]*>/g, '').trim());
    expect(colHeads).toEqual(['Metric', 'A: cubic-vs-reno', 'B: PIE', 'Change']);
  });
  it('the cwnd small multiples: titled by the flow, each line by its side (and its tag where the tags differ)', async () => {
    const { cwndPanelNames } = await compareView();
    expect(cwndPanelNames(0, 'cubic-vs-reno', 'PIE', cubic, cubic)).toEqual({ title: 'Flow 0 · CUBIC', a: 'cubic-vs-reno', b: 'PIE' });
    expect(cwndPanelNames(1, 'default', 'PIE', plain, plain)).toEqual({ title: 'Flow 1', a: 'default', b: 'PIE' });
    expect(cwndPanelNames(0, 'cubic-vs-reno', 'default', cubic, plain)).toEqual({ title: 'Flow 0 (A: CUBIC)', a: 'cubic-vs-reno · CUBIC', b: 'default' });
  });
});

/** src/ui/compare/CompareView.tsx, through a computed specifier (the node tsconfig that checks tests has no JSX; vitest loads it). */
async function compareView(): Promise<{ DiffTable: (p: Record<string, unknown>) => null; cwndPanelNames: (i: number, la: string, lb: string, ta: readonly string[], tb: readonly string[]) => { title: string; a: string; b: string } }> {
  const spec = ['..', '..', '..', '..', 'src', 'ui', 'compare', 'CompareView.tsx'].join('/');
  return (await import(/* @vite-ignore */ spec)) as Awaited<ReturnType<typeof compareView>>;
}
