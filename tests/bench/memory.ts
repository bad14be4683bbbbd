/**
 * Where a run's memory goes (issue 8, "safe at any scale"): runs a preset in this process in
 * chunks of events and, every `--every` simulated seconds, forces a collection (node
 * --expose-gc) and records the live heap beside the web connections open and the exchanges
 * recorded; between those it samples heapUsed (live heap plus garbage not yet collected) and
 * RSS after each chunk. Prints the estimate's parts beside them.
 *
 *   node --expose-gc --import tsx tests/bench/memory.ts <preset> [--every 5]
 *
 * With --every the peaks are not the run's own: each forced collection shrinks the heap V8
 * would have let grow (web100-redstar-90: heapUsed peaked at 134 MB with a collection every
 * 5 s, and higher without); measure the peaks without it.
 */
import { estimateRun, poolBytes } from '../../src/engine/estimate';
import { presetByName } from '../../src/engine/scenario/presets';
import { createRun } from '../../src/engine/sim-run';
import { webRecordsBytes } from '../../src/engine/metrics/web';

const name = process.argv[2];
const at = process.argv.indexOf('--every');
// forced collections shrink the heap V8 would otherwise let grow: without --every, one at the end only
const every = at > 0 ? Number(process.argv[at + 1]) : Infinity;
const preset = presetByName(name);
if (!preset) throw new Error(`no preset ${name}`);
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with node --expose-gc');
const s = preset.scenario;
const e = estimateRun(s);
const mb = (b: number): string => (b / 1e6).toFixed(1);
gc();
const base = process.memoryUsage();
console.log(`${name}: estimate ${mb(e.memoryBytes)} MB for the run (items ${e.items.map((i) => mb(i.memoryBytes)).join('+')}, pool ${mb(poolBytes(e.packetsInFlight))}, records ${mb(webRecordsBytes(e.webExchanges))} for ${e.webExchanges}); flows ${e.flows}; heap before ${mb(base.heapUsed)} MB, rss ${mb(base.rss)}`);
const run = createRun(s);
let next = every;
let maxHeap = 0;
let maxRss = 0;
let maxLive = 0;
let maxTotal = 0;
while (!run.done) {
  run.advance(Infinity, 100_000);
  const m = process.memoryUsage();
  maxHeap = Math.max(maxHeap, m.heapUsed);
  maxTotal = Math.max(maxTotal, m.heapTotal);
  maxRss = Math.max(maxRss, m.rss);
  if (run.now >= next || run.done) {
    next += every;
    gc();
    const g = process.memoryUsage();
    const live = g.heapUsed + g.arrayBuffers - base.heapUsed - base.arrayBuffers;
    maxLive = Math.max(maxLive, live);
    const w = (run as unknown as { webProgress: { startedAll: number; completedAll: number; completed: number } | null }).webProgress;
    console.log(`t=${run.now.toFixed(1)} live ${mb(live)} MB (heap ${mb(g.heapUsed)}, buffers ${mb(g.arrayBuffers)}), heapUsed max ${mb(maxHeap)}, rss ${mb(g.rss)}; open ${w ? w.startedAll - w.completedAll : '-'}, recorded ${w?.completed ?? '-'}, started ${w?.startedAll ?? '-'}`);
  }
}
console.log(`peak: live ${mb(maxLive)} MB, heapUsed ${mb(maxHeap)} MB, heapTotal ${mb(maxTotal)} MB (before ${mb(base.heapTotal)}), rss ${mb(maxRss)} MB (process maxRSS ${mb(process.resourceUsage().maxRSS * 1024)} MB)`);
