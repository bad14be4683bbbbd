import { describe, expect, it } from 'vitest';
import { presetScenario } from '../../../../src/engine/scenario/presets';
import { estimateRun } from '../../../../src/engine/estimate';
import { toMain } from '../../../../src/protocol/messages';
import { largeRunQuestion, RunController } from '../../../../src/ui/run/controller';
import { Pace, PACE_MIN_MS } from '../../../../src/ui/run/pace';
import { AppStore } from '../../../../src/ui/store/app-store';
import type { Scenario } from '../../../../src/ui/scenario-api';
import { fakeWorkers } from '../../../support/fake-worker';

/**
 * A web run at max speed as the worker reports it every 250 ms: the simulated time moves
 * by 0.5 s and by 5 s in turn (bursts of traffic, a busy machine), 11 s/s on average.
 */
function* bursty(from = 0, sim = 0, events = 0): Generator<{ wall: number; sim: number; events: number; simRate: number }> {
  for (let k = 0; ; k++) {
    const d = k % 2 === 0 ? 0.5 : 5;
    sim += d;
    events += d * 10_000;
    yield { wall: from + 250 * (k + 1), sim, events, simRate: d / 0.25 };
  }
}

describe('Pace', () => {
  it('takes the rate over the last seconds, not the last quarter second', () => {
    const p = new Pace();
    const g = bursty();
    p.sample(0, 0, 0);
    for (let k = 0; k < 3; k++) {
      const s = g.next().value!;
      p.sample(s.wall, s.sim, s.events);
    }
    expect(p.simRate()).toBeNaN(); // under PACE_MIN_MS measured: no time left yet
    for (let k = 0; k < 40; k++) {
      const s = g.next().value!;
      p.sample(s.wall, s.sim, s.events);
      // the worker's own rate is 2 or 20 s/s by turns; the pace stays near the 11 s/s average
      expect(s.simRate === 2 || s.simRate === 20).toBe(true);
      expect(p.simRate()).toBeGreaterThan(9);
      expect(p.simRate()).toBeLessThan(13.5);
    }
    // events: 20,000 a simulated second, at about 11 s/s
    expect(p.eventsPerSec()).toBeGreaterThan(100_000);
    expect(p.eventsPerSec()).toBeLessThan(120_000);
  });

  it('a pause is not counted: the stretch after it is measured afresh', () => {
    const p = new Pace();
    p.sample(0, 0, 0);
    p.sample(2000, 20, 1e6);
    expect(p.simRate()).toBe(10);
    p.stop();
    // resumed 60 s later, at the same pace
    p.sample(62_000, 20, 1e6);
    expect(p.simRate()).toBeNaN();
    p.sample(62_000 + PACE_MIN_MS, 30, 1.5e6);
    expect(p.simRate()).toBe(10);
    expect(p.eventsPerSec()).toBe(500_000);
  });
});


function setup(confirm: (q: string) => boolean = () => true) {
  const store = new AppStore();
  const { workers, make } = fakeWorkers();
  let wall = 0;
  const c = new RunController(store, make, confirm, true, () => wall);
  const runId = () => (workers.at(-1)!.sent.findLast((m) => m.type === 'start') as { runId: number }).runId;
  const progress = (at: number, now: number, events: number, simRate: number, end = 230) => {
    wall = at;
    c.onMessage(toMain({ type: 'progress', runId: runId(), now, end, eventsPerSec: 0, simRate, events }));
  };
  return { store, c, workers, runId, progress, setWall: (w: number) => (wall = w) };
}

describe('time left and the large-run question from the measured pace', () => {
  it('the time left at max speed follows the last seconds, not the worker\'s quarter-second rate', () => {
    const { store, c, runId, progress } = setup();
    c.loadScenario(presetScenario('default'), 'default');
    c.setSpeed('max');
    c.play();
    c.onMessage(toMain({ type: 'started', runId: runId(), end: 230 }));
    progress(0, 0, 0, 0);
    const g = bursty();
    for (let k = 0; k < 16; k++) {
      const s = g.next().value!;
      progress(s.wall, s.sim, s.events, s.simRate);
    }
    const st = store.getState();
    // 44 s of 230 done at 11 s/s: about 17 s left (the last report's 20 s/s said 9 s, the one before 2 s/s 93 s)
    expect((st.end - st.now) / st.paceRate).toBeGreaterThan(14);
    expect((st.end - st.now) / st.paceRate).toBeLessThan(21);
    // paused and resumed: the pause is not taken for slowness, the new stretch is measured afresh
    c.pause();
    c.onMessage(toMain({ type: 'paused', runId: runId(), now: st.now, reason: 'user' }));
    expect(store.getState().paceRate).toBeNaN();
    c.play();
    progress(60_000, st.now, 1e6, 0);
    expect(store.getState().paceRate).toBeNaN();
    progress(61_500, st.now + 15, 1.15e6, 10);
    expect(store.getState().paceRate).toBe(10);
    const events = c.measuredEventsPerSec();
    // at 10x on a machine that cannot keep up: the pace of the last seconds says how fast it goes
    // ("running at 4×"), whatever the quarter-second rate did; its events are not the engine's capacity
    c.setSpeed(10);
    progress(62_000, st.now + 15.5, 1.16e6, 1);
    expect(store.getState().paceRate).toBeNaN();
    const g10 = bursty(62_000, st.now + 15.5, 1.16e6);
    for (let k = 0; k < 12; k++) {
      const s = g10.next().value!;
      progress(s.wall, st.now + 15.5 + (s.sim - st.now - 15.5) * (4 / 11), s.events, s.simRate);
    }
    expect(store.getState().paceRate).toBeGreaterThan(3.3);
    expect(store.getState().paceRate).toBeLessThan(4.7);
    expect(c.measuredEventsPerSec()).toBe(events);
  });

  it('asks before a run that is long at the pace measured here, with that time, though the nominal rate makes it short', () => {
    const base = presetScenario('default')! as Scenario;
    const long = { ...base, duration: 15_000 } as Scenario;
    const e = estimateRun(long);
    expect(e.wallSeconds).toBeLessThan(120); // at the nominal 4 M events/s: not "very large"
    expect(largeRunQuestion(long)).toBeNull();
    expect(largeRunQuestion(long, 400_000)).toMatch(/Estimate: about .* events.*; about \d+ min at 400 k events\/s, the pace measured in this tab's runs/);
    // through the controller: a run at max speed measured 400 k events/s, then the long run is asked about
    const questions: string[] = [];
    const { c, runId, progress } = setup((q) => {
      questions.push(q);
      return false;
    });
    c.loadScenario(base, 'default');
    c.setSpeed('max');
    c.play();
    c.onMessage(toMain({ type: 'started', runId: runId(), end: 30 }));
    for (let k = 0; k <= 12; k++) progress(250 * k, 0.5 * k, 100_000 * k, 2, 30);
    expect(c.measuredEventsPerSec()).toBe(400_000);
    c.loadScenario(long, null);
    c.play();
    expect(questions).toHaveLength(1);
    expect(questions[0]).toMatch(/at 400 k events\/s, the pace measured in this tab's runs/);
  });
});
