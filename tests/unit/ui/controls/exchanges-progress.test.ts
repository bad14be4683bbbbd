/**
 * The transport of a run that stops after a number of web exchanges (seeds/000:
 * 250,000 after the warm-up) says how many have completed beside the run's time. It took
 * the count from the summary, which the worker posts every 500 ms, while the time comes
 * every 250 ms and the exchanges every 30 ms: bench-seeds000-full at max showed
 * "t = 369.7 s · 43,901 of 250,000 exchanges" above a response chart of 57,145 completed.
 * Rendered to HTML (react-dom/server) from the real controller fed the worker's messages.
 */
import { createElement, type ComponentType } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { presetScenario } from '../../../../src/engine/scenario/presets';
import { toMain } from '../../../../src/protocol/messages';
import { AppContext } from '../../../../src/ui/app-context';
import type { FrameLoop } from '../../../../src/ui/charts/frame-loop';
import { RunController } from '../../../../src/ui/run/controller';
import { AppStore } from '../../../../src/ui/store/app-store';
import { fakeWorkers } from '../../../support/fake-worker';

async function loadTransport(): Promise<ComponentType> {
  const spec = ['..', '..', '..', '..', 'src', 'ui', 'controls', 'Transport.tsx'].join('/');
  return ((await import(/* @vite-ignore */ spec)) as { Transport: ComponentType }).Transport;
}

/** n exchanges of the run (or its baseline) as the worker posts them. */
function exchanges(runId: number, n: number, baseline = false, counts?: { started: number; inProgress: number }) {
  return toMain({ type: 'exchanges', runId, baseline, rt: new Float64Array(n).fill(0.3), rsp: new Float64Array(n).fill(5000), lost: new Uint8Array(n), ...(baseline ? { end: new Float64Array(n).fill(100) } : {}), ...(counts ? { counts } : {}) });
}

describe('the transport of a run that stops after N exchanges', () => {
  it('counts the exchanges received up to the time it shows, not the half-second-old summary; done, it shows no end it did not have', async () => {
    const Transport = await loadTransport();
    const store = new AppStore();
    const { workers, make } = fakeWorkers();
    const c = new RunController(store, make);
    const scenario = presetScenario('bench-seeds000-full');
    c.loadScenario(scenario, 'bench-seeds000-full');
    expect(store.getState().scenario?.stopAfterExchanges).toBe(250_000);
    c.setSpeed('max');
    c.play();
    const runId = (workers[0].sent.find((m) => m.type === 'start') as { runId: number }).runId;
    const html = () => renderToStaticMarkup(createElement(AppContext.Provider, { value: { store, controller: c, loop: {} as FrameLoop } }, createElement(Transport)));
    const timeText = () => /data-testid="sim-time"[^>]*>(.*?)<\/span><\/div>/s.exec(html())![1].replace(/<[^>]+>/g, '');
    const barNow = () => Number(/aria-valuenow="([\d.]+)"/.exec(html())![1]);
    c.onMessage(toMain({ type: 'started', runId, end: Infinity }));
    // the worker's order in one tick: the exchanges completed so far, then the progress (a summary every other time)
    c.onMessage(exchanges(runId, 43_901, false, { started: 44_000, inProgress: 99 }));
    c.onMessage(toMain({ type: 'progress', runId, now: 319.6, end: Infinity, eventsPerSec: 4e6, simRate: 180, events: 6e6, summary: { web: { exchanges: 43_901 } } as never }));
    expect(timeText()).toContain('43,901 of 250,000 exchanges');
    // 250 ms later: 13,244 more exchanges, a progress without a summary; the baseline's exchanges are not the run's
    c.onMessage(exchanges(runId, 13_244, false, { started: 57_300, inProgress: 155 }));
    c.onMessage(exchanges(runId, 9_000, true));
    c.onMessage(toMain({ type: 'progress', runId, now: 369.7, end: Infinity, eventsPerSec: 4e6, simRate: 180, events: 7e6 }));
    expect(store.exchanges.run.all.n).toBe(57_145);
    expect(timeText()).toContain('t = 369.7 s');
    expect(timeText()).toContain('57,145 of 250,000 exchanges');
    expect(barNow()).toBeCloseTo(57_145 / 250_000, 6);
    // a summary that is ahead of the exchanges received (posted in the same tick, before them) counts
    c.onMessage(toMain({ type: 'progress', runId, now: 380, end: Infinity, eventsPerSec: 4e6, simRate: 180, events: 7.2e6, summary: { web: { exchanges: 60_000 } } as never }));
    expect(timeText()).toContain('60,000 of 250,000 exchanges');
    // done: the run's own count, and no end beside the time (it has no duration: the end it gets is its time again)
    c.onMessage(exchanges(runId, 250_000 - 57_145, false, { started: 250_203, inProgress: 203 }));
    c.onMessage(toMain({ type: 'done', runId, result: { version: 1, scenario: null, summary: { simulatedSeconds: 1248.39, web: { exchanges: 250_000 }, flows: [] } as never } }));
    expect(store.getState().status).toBe('done');
    expect(timeText()).toBe('t = 20 min 48 s · 250,000 of 250,000 exchanges');
    expect(barNow()).toBe(1);
    // reset: nothing counted any more
    c.reset();
    expect(timeText()).not.toMatch(/[1-9][\d,]* of 250,000/);
  });
});
