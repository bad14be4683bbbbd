/*
 * The queue chart drawn into a BoxPainter from a lesson's scenario and a made-up queue: 200
 * samples (unless told) `step` s apart, the queue a function of time, the average a constant. Shared by the
 * queue chart's layout tests (short card, narrow card, the "now · avg" readout).
 */
import { presetByName } from '../../../../src/engine/scenario/presets';
import { fontsFor, SeriesScratch } from '../../../../src/ui/charts/plot';
import { queueChart } from '../../../../src/ui/charts/queue-chart';
import type { ChartContext } from '../../../../src/ui/charts/types';
import { viewOf } from '../../../../src/ui/scenario-view';
import { SeriesStore } from '../../../../src/ui/store/series-store';
import { BoxPainter } from './box-painter';

export interface QueueDraw {
  preset: string;
  w: number;
  h: number;
  classroom: boolean;
  /** Time between samples, s. */
  step: number;
  queue: (t: number) => number;
  avg: number;
  /** The run's end, s (the time axis). */
  end: number;
  running: boolean;
  /** How many samples (200 unless given; 0: before Play). */
  samples?: number;
  /** The queue counted in bytes (byte mode): `queue` and `avg` are then bytes. */
  bytes?: boolean;
}

export function drawQueue(o: QueueDraw): BoxPainter {
  const scenario = structuredClone(presetByName(o.preset)!.scenario);
  if (o.bytes && scenario.topology.kind === 'dumbbell') {
    // the same buffer and thresholds, counted in bytes (1500-byte packets)
    const q = scenario.topology.bottleneck.queue as Record<string, unknown>;
    q.unit = 'bytes';
    for (const k of ['limit', 'minTh', 'maxTh']) if (typeof q[k] === 'number') q[k] = (q[k] as number) * 1500;
  }
  const view = viewOf(scenario);
  const n = o.samples ?? 200;
  const t = Float64Array.from({ length: n }, (_, i) => i * o.step);
  const store = new SeriesStore();
  if (n > 0) store.append({ t, cols: { [o.bytes ? 'queueBytes' : 'queue']: Float64Array.from(t, o.queue), avg: new Float64Array(n).fill(o.avg) } });
  const c = { store, view, markers: [], fonts: fontsFor(o.classroom), now: store.lastTime, end: o.end, summary: null, highlight: [], wallMs: 0, speed: 1, running: o.running, cursorT: null, scratch: new SeriesScratch() } as unknown as ChartContext;
  const p = new BoxPainter(o.w, o.h);
  queueChart.draw(p, c);
  return p;
}
