import { describe, expect, it } from 'vitest';
import { presetScenario } from '../../../../src/engine/scenario/presets';
import { toMain } from '../../../../src/protocol/messages';
import { calibrationStepLine } from '../../../../src/ui/charts/calibration-text';
import { POOL_BYTES_PER_SLOT } from '../../../../src/engine/estimate';
import { APP_MAX_PACKETS } from '../../../../src/protocol/messages';
import { APP_SERIES_VALUES, appSampleInterval, calibrationShown, largeRunQuestion, RunController, SILENCE_MS, SILENT_TITLE, stepNoteHead, WATCH_MS } from '../../../../src/ui/run/controller';
import { stepTargets } from '../../../../src/ui/run/step-targets';
import { viewOf } from '../../../../src/ui/scenario-view';
import { AppStore } from '../../../../src/ui/store/app-store';
import { fakeWorkers } from '../../../support/fake-worker';

/** A controller whose workers are FakeWorkers (kept in `workers`, in the order made). */
function controller(confirm?: (q: string) => boolean, separateBaseline?: boolean, clock?: () => number) {
  const store = new AppStore();
  const { workers, make } = fakeWorkers();
  return { store, workers, c: new RunController(store, make, confirm, separateBaseline, clock) };
}

function setup() {
  const { store, c, workers } = controller();
  c.loadScenario(presetScenario('default'), 'default');
  return { store, c, workers };
}

const rec = (t: number, outcome: 'enqueue' | 'mark' | 'drop', flow = 0, reason: 'overflow' | 'early' | 'forced' | null = null) => ({
  t, queue: 'routerL->routerR', aqm: 'red', uid: Math.round(t * 1000), flow, bytes: 1500, ecn: 2, q: 10, unit: 'packets' as const, avgBefore: 5, avg: 5,
  wq: 0.002, idleM: 0, minTh: 5, maxTh: 15, maxP: 0.1, gentle: false, region: 'between' as const, pb: 0.01, pa: 0.01, count: 1, u: 0.5, outcome, reason, rule: '',
});

describe('RunController', () => {
  it('starts a run with the scenario and ignores messages from a run that was reset', () => {
    const { store, c, workers } = setup();
    c.play();
    const start = workers[0].sent[0];
    expect(start.type).toBe('start');
    if (start.type !== 'start') throw new Error();
    expect(start.scenario).toEqual(store.getState().scenario);
    c.onMessage(toMain({ type: 'batch', runId: start.runId, t: Float64Array.from([0, 1]), cols: { queue: Float64Array.from([1, 2]) }, queueEvents: null }));
    expect(store.series.length).toBe(2);
    c.reset();
    expect(store.series.length).toBe(0);
    // a straggler of the old run changes nothing
    c.onMessage(toMain({ type: 'batch', runId: start.runId, t: Float64Array.from([2]), cols: { queue: Float64Array.from([3]) }, queueEvents: null }));
    c.onMessage(toMain({ type: 'done', runId: start.runId, result: { version: 1, scenario: null, summary: {} as never } }));
    expect(store.series.length).toBe(0);
    expect(store.getState().status).toBe('idle');
  });

  it('shows each calibration run of an offered load until the run starts, and forgets it on reset', () => {
    const { store, c, workers } = setup();
    c.play();
    const runId = (workers[0].sent[0] as { runId: number }).runId;
    const step = { item: 0, load: 0.98, param: 'users' as const, value: 9211, run: 2, maxRuns: 4, previous: { value: 9000, measured: 0.958 } };
    c.onMessage(toMain({ type: 'calibrating', runId, step }));
    expect(store.getState().status).toBe('starting');
    expect(store.getState().calibrating).toEqual(step);
    // a no-break space between each number and its unit (src/ui/charts/calibration-text.ts)
    expect(calibrationStepLine(step)).toContain('how many users per direction offer 98\u00a0%\u00a0load');
    expect(calibrationStepLine(step)).toContain('run 2 of at most 4: 9,211\u00a0users; 9,000\u00a0users gave 95.8\u00a0%');
    // Pause during the calibration: the worker reads it only when the calibration ends, so the page says so
    c.pause();
    expect(workers[0].sent.at(-1)).toMatchObject({ type: 'pause' });
    expect(store.getState().stepNote).toBe('pausing after the calibration');
    c.onMessage(toMain({ type: 'started', runId, end: 40 }));
    expect(store.getState().calibrating).toBeNull();
    expect(store.getState().status).toBe('running');
    c.onMessage(toMain({ type: 'paused', runId, now: 0, reason: 'user' }));
    expect(store.getState()).toMatchObject({ status: 'paused', stepNote: null });
    // a reset during a calibration leaves no calibration shown
    c.reset();
    c.play();
    const second = (workers.at(-1)!.sent.at(-1) as { runId: number }).runId;
    c.onMessage(toMain({ type: 'calibrating', runId: second, step: { ...step, run: 1, previous: null } }));
    c.reset();
    expect(store.getState().calibrating).toBeNull();
  });

  it('a Step pressed before the run shows the load calibration, and Pause during it says it waits for it', () => {
    const { store, c, workers } = setup();
    c.stepForward(); // from idle: starts the run paused and steps
    const runId = (workers[0].sent[0] as { runId: number }).runId;
    expect(store.getState().status).toBe('stepping');
    const step = { item: 0, load: 0.5, param: 'rate' as const, value: 70, run: 1, maxRuns: 4, previous: null };
    c.onMessage(toMain({ type: 'calibrating', runId, step }));
    // the status line shows the calibration, not "finding the next AQM decision…" at t = 0
    expect(calibrationShown(store.getState())).toEqual(step);
    c.pause();
    expect(workers[0].sent.at(-1)).toMatchObject({ type: 'pause' });
    expect(store.getState().stepNote).toBe('pausing after the calibration');
    c.onMessage(toMain({ type: 'started', runId, end: 40 }));
    expect(calibrationShown(store.getState())).toBeNull();
    expect(store.getState().status).toBe('stepping');
  });

  it("keeps a worker's calibration (even a reset run's) and sends the known ones with every start", () => {
    const { c, workers } = setup();
    c.play();
    const runId = (workers[0].sent[0] as { runId: number }).runId;
    c.reset();
    // from the run just reset: still worth keeping
    c.onMessage(toMain({ type: 'calibrated', runId, key: 'model-x|0.8', value: { value: 106.6, measured: 0.801, fixed: { modelRate: 100 } } }));
    c.play();
    const start = workers.at(-1)!.sent.find((m) => m.type === 'start');
    expect(start?.type === 'start' && start.options.calibrations).toContainEqual(['model-x|0.8', { value: 106.6, measured: 0.801, fixed: { modelRate: 100 } }]);
  });

  it("the scenario's name and description change during a run without a word to the worker (labels: nothing to apply or restart)", () => {
    const { store, c, workers } = setup();
    c.play();
    const sent = workers[0].sent.length;
    expect(c.setParam('name', 'RTT unfairness')).toEqual([]);
    expect(c.setParam('description', 'Watch the throughput chart.')).toEqual([]);
    expect(store.getState().scenario!.name).toBe('RTT unfairness');
    expect(store.getState().scenario!.description).toBe('Watch the throughput chart.');
    expect(workers[0].sent.length).toBe(sent);
    // emptied: removed from the scenario
    expect(c.setParam('description', null)).toEqual([]);
    expect(store.getState().scenario!.description).toBeUndefined();
    expect(workers[0].sent.length).toBe(sent);
  });

  it('a live parameter change updates the scenario, reaches the worker, and is marked when applied', () => {
    const { store, c, workers } = setup();
    c.play();
    const runId = (workers[0].sent[0] as { runId: number }).runId;
    expect(c.setParam('topology.bottleneck.queue.maxP', 0.3)).toEqual([]);
    const s = store.getState().scenario!;
    expect(s.topology.kind === 'dumbbell' && s.topology.bottleneck.queue.maxP).toBe(0.3);
    expect(workers[0].sent.at(-1)).toMatchObject({ type: 'set-param', path: 'topology.bottleneck.queue.maxP', value: 0.3 });
    c.onMessage(toMain({ type: 'param-set', runId, t: 2.5, path: 'topology.bottleneck.queue.maxP', value: 0.3, error: null }));
    expect(store.getState().markers).toEqual([{ t: 2.5, path: 'topology.bottleneck.queue.maxP', value: 0.3 }]);
    // a refused live change is not marked; a banner says it applies on restart
    c.onMessage(toMain({ type: 'param-set', runId, t: 3, path: 'tcp.ecn', value: true, error: 'tcp.ecn cannot be changed during a run' }));
    expect(store.getState().markers.length).toBe(1);
    expect(store.getState().banners[0].lines[0]).toContain('cannot be changed');
    // once the run is reset the next Play has the change: "press Reset, then Play" goes (it
    // stayed after Reset, telling the user to do what they had just done), other banners stay
    const other = store.addBanner({ kind: 'info', title: 'something else', lines: [] });
    c.reset();
    expect(store.getState().banners.map((b) => b.id)).toEqual([other]);
    c.play();
    expect(store.getState().banners.map((b) => b.id)).toEqual([other]);
  });

  it('rejects an invalid value with the validator message and keeps the scenario', () => {
    const { store, c } = setup();
    const before = store.getState().scenario;
    const errs = c.setParam('topology.bottleneck.queue.maxP', 3);
    expect(errs[0]).toMatch(/maxP.*3.*out of range/);
    expect(store.getState().scenario).toBe(before);
  });

  it('Back before anything ran says so, instead of "no earlier decision in the last 1,000"', () => {
    const { store, c, workers } = setup();
    c.stepBack();
    expect(store.getState().stepNote).toMatch(/^Nothing has run yet: Step ▶ \(or Play\) first/);
    expect(stepNoteHead(store.getState().stepNote!)).toBe('Nothing has run yet');
    expect(store.getState().status).toBe('idle');
    expect(workers.length).toBe(0);
  });

  it('steps forward and back through the recorded history by target kind before asking the worker', () => {
    const { store, c, workers } = setup();
    c.start(true);
    const runId = (workers[0].sent[0] as { runId: number }).runId;
    c.onMessage(toMain({ type: 'decisions', runId, records: [rec(1, 'mark'), rec(2, 'enqueue'), rec(3, 'drop'), rec(4, 'mark', 1), rec(5, 'enqueue')], hit: 4 }));
    expect(store.getState().cursor).toBe(4);
    c.setStepTarget('mark');
    c.stepBack();
    expect(store.getState().cursor).toBe(3);
    c.stepBack();
    expect(store.getState().cursor).toBe(0);
    c.stepBack(); // nothing earlier: stays, with a note
    expect(store.getState().cursor).toBe(0);
    expect(store.getState().stepNote).toMatch(/No earlier ECN mark/);
    c.stepForward(); // next mark is in the history
    expect(store.getState().cursor).toBe(3);
    const sent = workers[0].sent.length;
    c.stepForward(); // none left after it: ask the engine
    expect(workers[0].sent.length).toBe(sent + 1);
    expect(workers[0].sent.at(-1)).toMatchObject({ type: 'step', what: 'mark', horizon: { sim: 30, wallMs: 4000 } });
    expect(store.getState().status).toBe('stepping');
  });

  // the student explaining why RED drops before the queue is full stepped with "drop" to the
  // slow-start overflows first ("the buffer was full"): "AQM drop" passes them by
  it('"AQM drop" steps to the drops the queue chose (early or forced), past the overflows, and asks the worker for one', () => {
    const { store, c, workers } = setup();
    c.start(true);
    const runId = (workers[0].sent[0] as { runId: number }).runId;
    const records = [rec(1, 'enqueue'), rec(2, 'drop', 0, 'overflow'), rec(3, 'drop', 1, 'early'), rec(4, 'drop', 0, 'overflow'), rec(5, 'drop', 0, 'forced'), rec(6, 'enqueue')];
    c.onMessage(toMain({ type: 'decisions', runId, records, hit: 0 }));
    c.setStepTarget('aqm-drop');
    c.stepForward();
    expect(store.getState().cursor).toBe(2);
    c.stepForward();
    expect(store.getState().cursor).toBe(4);
    c.stepBack();
    expect(store.getState().cursor).toBe(2);
    c.stepForward();
    c.stepForward(); // none left: the engine looks for the next one
    expect(workers[0].sent.at(-1)).toMatchObject({ type: 'step', what: 'aqm-drop' });
  });

  it('a step to a flow event (Transport bar or inspector) keeps the inspector on the decision it was on', () => {
    const { store, c, workers } = setup();
    c.start(true);
    const runId = (workers[0].sent[0] as { runId: number }).runId;
    c.onMessage(toMain({ type: 'decisions', runId, records: [rec(1, 'mark'), rec(2, 'enqueue'), rec(3, 'drop')], hit: 2 }));
    c.setStepTarget('decision');
    c.stepBack();
    expect(store.getState().cursor).toBe(1);
    // the Transport bar's Step with the target "flow event": no flow event in the history, so the engine steps
    c.setStepTarget('flow-event');
    c.stepForward();
    expect(workers[0].sent.at(-1)).toMatchObject({ type: 'step', what: 'flow-event' });
    // the engine's new history (older records gone, newer ones added) has no hit among the decisions
    c.onMessage(toMain({ type: 'decisions', runId, records: [rec(2, 'enqueue'), rec(3, 'drop'), rec(4, 'enqueue'), rec(5, 'drop')], hit: null }));
    c.onMessage(toMain({ type: 'paused', runId, now: 5, reason: 'step' })); // the history comes with the pause
    expect(store.getState().cursor).toBe(0); // still the decision at t = 2
    expect(store.getState().decisions[0].t).toBe(2);
    // a later history (e.g. after Play and Pause) goes to its latest decision, as before
    c.onMessage(toMain({ type: 'decisions', runId, records: [rec(4, 'enqueue'), rec(5, 'drop'), rec(6, 'enqueue')], hit: null }));
    expect(store.getState().cursor).toBe(2);
    // a decision step still goes to the decision the engine found
    c.setStepTarget('decision');
    c.onMessage(toMain({ type: 'decisions', runId, records: [rec(4, 'enqueue'), rec(5, 'drop'), rec(6, 'enqueue')], hit: 1 }));
    expect(store.getState().cursor).toBe(1);
  });

  it('Pause: the history and the status reach the page in one change (one render, not three, before the button says Play)', () => {
    const { store, c, workers } = setup();
    c.play();
    const runId = (workers[0].sent[0] as { runId: number }).runId;
    c.onMessage(toMain({ type: 'started', runId, end: 30 }));
    const seen: { status: string; decisions: number; events: number }[] = [];
    store.subscribe(() => {
      const s = store.getState();
      seen.push({ status: s.status, decisions: s.decisions.length, events: s.flowEvents.length });
    });
    c.pause();
    // what the worker sends when it pauses (workers/sim.worker.ts, pause)
    c.onMessage(toMain({ type: 'decisions', runId, records: [rec(1, 'enqueue'), rec(2, 'drop')], hit: null }));
    c.onMessage(toMain({ type: 'flow-events', runId, events: [{ t: 2.1, flow: 0, kind: 'dupack' }], hit: null }));
    c.onMessage(toMain({ type: 'paused', runId, now: 2.5, reason: 'user' }));
    expect(seen).toEqual([{ status: 'paused', decisions: 2, events: 1 }]);
    expect(store.getState()).toMatchObject({ cursor: 1, flowCursor: 0, now: 2.5 });
    // the end of a run likewise: the last history with "done"
    c.play();
    c.onMessage(toMain({ type: 'decisions', runId, records: [rec(3, 'drop')], hit: null }));
    expect(store.getState().decisions).toHaveLength(2);
    c.onMessage(toMain({ type: 'done', runId, result: { summary: { simulatedSeconds: 30 } } as never }));
    expect(store.getState()).toMatchObject({ status: 'done', cursor: 0 });
    expect(store.getState().decisions).toHaveLength(1);
  });

  it('steps to the next AQM decision by default and keeps only targets the scenario can produce', () => {
    const { store, c } = setup(); // default: RED without ECN
    expect(store.getState().stepWhat).toBe('decision');
    expect(stepTargets(viewOf(store.getState().scenario))).toEqual(['decision', 'drop', 'aqm-drop', 'flow-event']);
    c.loadScenario(presetScenario('ecn-marks'), 'ecn-marks');
    expect(stepTargets(viewOf(store.getState().scenario))).toEqual(['decision', 'mark', 'drop', 'aqm-drop', 'flow-event']);
    // drop-tail drops only when full: no "AQM drop"; a step target set to it goes back to the default
    c.loadScenario(presetScenario('lockout-dt'), 'lockout-dt');
    expect(stepTargets(viewOf(store.getState().scenario))).toEqual(['decision', 'drop', 'flow-event']);
    c.loadScenario(presetScenario('red-vs-dt'), 'red-vs-dt');
    c.setStepTarget('aqm-drop');
    c.setParam('topology.bottleneck.queue.kind', 'droptail');
    expect(store.getState().stepWhat).toBe('decision');
    c.loadScenario(presetScenario('ecn-marks'), 'ecn-marks');
    c.setStepTarget('mark', 1);
    // switching ECN off (or to a lesson without it) drops the mark target; a flow that no longer exists too
    c.setParam('topology.bottleneck.queue.ecn', false);
    expect(store.getState().stepWhat).toBe('decision');
    c.setStepTarget('drop', 1);
    c.setParam('traffic.0.flows', 1);
    expect(store.getState().stepFlow).toBeNull();
    expect(store.getState().stepWhat).toBe('drop');
    // UDP only: no flow events
    c.loadScenario(presetScenario('md1-poisson'), 'md1-poisson');
    expect(stepTargets(viewOf(store.getState().scenario))).toEqual(['decision', 'drop']);
  });

  it('a step that finds nothing within its horizon pauses there and says so', () => {
    const { store, c, workers } = setup();
    c.setStepTarget('drop');
    c.stepForward();
    const runId = (workers[0].sent[0] as { runId: number }).runId;
    // the worker first confirms the paused start: the step goes on
    c.onMessage(toMain({ type: 'paused', runId, now: 0, reason: 'user' }));
    expect(store.getState().status).toBe('stepping');
    c.onMessage(toMain({ type: 'paused', runId, now: 30.5, reason: 'step-horizon', searchedFrom: 0.5 }));
    expect(store.getState().status).toBe('paused');
    expect(store.getState().stepNote).toBe('No drop found from t = 0.50 s to 30.5 s; paused there. Step again to look further, or step to another target.');
    expect(stepNoteHead(store.getState().stepNote!)).toBe('No drop found');
    c.onMessage(toMain({ type: 'paused', runId, now: 60, reason: 'step-not-found', searchedFrom: 30.5 }));
    expect(store.getState().stepNote).toBe('No drop between t = 30.5 s and the end of the run.');
    expect(stepNoteHead(store.getState().stepNote!)).toBe('No later drop');
  });

  // cubic-vs-reno: the legends say "flow 1 · NewReno" (src/ui/flow-tags.ts); a step's note names the flow the same way
  it('a step to one flow\'s events names that flow as the legends do: with its tag where the items differ, bare otherwise', () => {
    for (const [lesson, want] of [['cubic-vs-reno', 'flow 1 · NewReno'], ['default', 'flow 1']] as const) {
      const { store, c, workers } = controller();
      c.loadScenario(presetScenario(lesson), lesson);
      c.setStepTarget('drop', 1);
      c.stepForward();
      const runId = (workers[0].sent[0] as { runId: number }).runId;
      c.onMessage(toMain({ type: 'paused', runId, now: 0, reason: 'user' }));
      c.onMessage(toMain({ type: 'paused', runId, now: 60, reason: 'step-not-found', searchedFrom: 30.5 }));
      expect(store.getState().stepNote).toBe(`No drop of ${want} between t = 30.5 s and the end of the run.`);
    }
  });

  it('reset and switching lessons terminate a live run\'s worker at once; the next run gets a fresh one', () => {
    const { store, c, workers } = setup();
    c.play();
    expect(workers.length).toBe(1);
    c.reset();
    expect(workers[0].terminated).toBe(true);
    expect(store.getState().status).toBe('idle');
    c.play();
    expect(workers.length).toBe(2);
    expect(workers[1].sent[0].type).toBe('start');
    c.loadScenario(presetScenario('ecn-marks'), 'ecn-marks');
    expect(workers[1].terminated).toBe(true);
    // with no live run, nothing is terminated (the idle worker stays for the next start)
    c.reset();
    c.play();
    expect(workers.length).toBe(3);
    const runId = (workers[2].sent[0] as { runId: number }).runId;
    c.onMessage(toMain({ type: 'done', runId, result: { version: 1, scenario: null, summary: { simulatedSeconds: 1 } as never } }));
    c.reset();
    expect(workers[2].terminated).toBe(false);
  });

  it('keeps each kind\'s settings for the session: RED -> drop-tail -> RED brings back max_p, ECN and thresholds', () => {
    const { store, c } = setup();
    c.loadScenario(presetScenario('ecn-marks'), 'ecn-marks'); // RED, max_p 2 %, ECN, min_th 20, limit 64
    const q = () => (store.getState().scenario!.topology as { bottleneck: { queue: Record<string, unknown> } }).bottleneck.queue;
    expect(c.setParam('topology.bottleneck.queue.maxTh', 50)).toEqual([]);
    expect(c.setParam('topology.bottleneck.queue.kind', 'droptail')).toEqual([]);
    expect(q().kind).toBe('droptail');
    expect(c.setParam('topology.bottleneck.queue.limit', 80)).toEqual([]);
    expect(c.setParam('topology.bottleneck.queue.kind', 'red')).toEqual([]);
    expect(q()).toMatchObject({ kind: 'red', maxP: 0.02, ecn: true, minTh: 20, maxTh: 50, limit: 80 });
    // a fresh lesson forgets them: its RED starts from the lesson's (or the defaults)
    c.loadScenario(presetScenario('lockout-dt'), 'lockout-dt');
    expect(c.setParam('topology.bottleneck.queue.kind', 'red')).toEqual([]);
    expect(q().ecn).toBe(false);
  });

  it('RED -> drop-tail -> unit switched to bytes -> RED: the remembered thresholds come back in bytes too', () => {
    const { store, c } = setup();
    c.loadScenario(presetScenario('ecn-marks'), 'ecn-marks'); // RED in packets: min_th 20, limit 64
    const q = () => (store.getState().scenario!.topology as { bottleneck: { queue: Record<string, unknown> } }).bottleneck.queue;
    const red = { ...q() };
    expect(c.setParam('topology.bottleneck.queue.kind', 'droptail')).toEqual([]);
    expect(c.setParam('topology.bottleneck.queue.unit', 'bytes')).toEqual([]);
    const limit = q().limit as number;
    expect(c.setParam('topology.bottleneck.queue.kind', 'red')).toEqual([]);
    // as switching RED itself to bytes would have made them: not 20 and 60 bytes in a buffer of thousands
    const size = red.meanPktSize as number;
    expect(q()).toMatchObject({ kind: 'red', unit: 'bytes', limit, minTh: Math.round((red.minTh as number) * size), maxTh: Math.round((red.maxTh as number) * size), maxP: red.maxP, ecn: red.ecn });
  });

  it('asks for a coarser series when a run has so many flows that its series would not fit the app', () => {
    const s = presetScenario('default')!;
    expect(appSampleInterval(s)).toBeUndefined(); // 4 flows: the engine's default sampling
    s.traffic[0] = { ...s.traffic[0], flows: 100000 } as typeof s.traffic[0];
    s.duration = 1;
    s.warmup = 0;
    const dt = appSampleInterval(s)!;
    // (9 + 5 x 100,000 columns) x (1 s / dt samples) stays within the app's budget
    expect(((9 + 5 * 100000) * 1) / dt).toBeLessThanOrEqual(APP_SERIES_VALUES * 1.0001);
    expect(dt).toBeGreaterThan(0.01);
  });

  it('a worker crash shows the error, keeps the scenario and uses a fresh worker next time', () => {
    const { store, c, workers } = setup();
    c.play();
    workers[0].onerror!({ message: 'boom', preventDefault() {} } as ErrorEvent);
    expect(store.getState().status).toBe('error');
    expect(store.getState().runError?.message).toContain('boom');
    expect(workers[0].terminated).toBe(true);
    expect(store.getState().scenario).not.toBeNull();
    c.play();
    expect(workers.length).toBe(2);
    expect(workers[1].sent[0].type).toBe('start');
  });
});

describe('RunController: very large runs', () => {
  const flood = { version: 1, duration: 5, topology: { kind: 'dumbbell' }, traffic: [{ kind: 'udp', rate: 1e12, packetSize: 1 }] };

  function setupAsking(answer: boolean) {
    const questions: string[] = [];
    const { store, c, workers } = controller((q) => {
      questions.push(q);
      return answer;
    });
    return { store, c, workers, questions };
  }

  it('asks before starting a very large run, with the estimate; "no" starts nothing and says why', () => {
    const { store, c, workers, questions } = setupAsking(false);
    expect(c.loadScenario(flood, null)).toEqual([]);
    c.play();
    expect(questions).toHaveLength(1);
    expect(questions[0]).toMatch(/This run is very large: it would keep this tab busy for a long time/);
    expect(questions[0]).toMatch(/Estimate: about 630 G events/);
    expect(workers.length === 0 || workers[0].sent.every((m) => m.type !== 'start')).toBe(true);
    expect(store.getState().status).toBe('idle');
    expect(store.getState().runError?.message).toBe('The run was not started: it is very large.');
  });

  it('"yes" starts it; an ordinary run is started without a question', () => {
    const yes = setupAsking(true);
    yes.c.loadScenario(flood, null);
    yes.c.play();
    expect(yes.workers[0].sent[0].type).toBe('start');
    const normal = setupAsking(false);
    normal.c.loadScenario(presetScenario('default'), 'default');
    normal.c.play();
    expect(normal.questions).toEqual([]);
    expect(normal.workers[0].sent[0].type).toBe('start');
  });

  it('a live change that makes the going run very large is asked about; a "yes" covers only the size it was given for', () => {
    // Reno flows on a 10 Mb/s bottleneck for 150,000 s: about 175 s of this tab (asked, accepted; 100,000 s
    // was 155 s when the estimate counted 15 % retransmissions, 117 s since: the run makes about 125 s)
    const answers: boolean[] = [];
    const questions: string[] = [];
    const { store, c, workers } = controller((q) => {
      questions.push(q);
      return answers.shift() ?? false;
    });
    c.loadScenario({ ...presetScenario('default')!, duration: 150_000 }, null);
    answers.push(true);
    c.play();
    expect(questions).toHaveLength(1);
    expect(workers[0].sent[0].type).toBe('start');
    // 10 -> 90 Mb/s while it runs: applied at once by the engine, 5x the events: asked, "no"
    const before = store.getState().scenario;
    const errs = c.setParam('topology.bottleneck.rate', 9e7);
    expect(questions).toHaveLength(2);
    expect(questions[1]).toMatch(/^With topology\.bottleneck\.rate = 90000000 the going run becomes very large: it would keep this tab busy for a long time\.\n\nEstimate: about [\d.]+ G events/);
    expect(questions[1]).toMatch(/Apply the change anyway\?$/);
    expect(errs).toHaveLength(1);
    expect(errs[0]).toMatch(/^topology\.bottleneck\.rate was not changed: the going run would become very large .*Estimate: about [\d.]+ G events.*Reset, change it, then Play\.$/);
    // marked as declined, so the editor shows the kept value again; a value that fails validation is not
    expect(errs.declined).toBe(true);
    const invalid = c.setParam('topology.bottleneck.rate', -1);
    expect(invalid.length).toBeGreaterThan(0);
    expect(invalid.declined).toBeUndefined();
    expect(questions).toHaveLength(2);
    expect(store.getState().scenario).toBe(before);
    expect(workers[0].sent.some((m) => m.type === 'set-param')).toBe(false);
    // a smaller change (slower link) is not asked about; nor is one the run applies only on restart
    expect(c.setParam('topology.bottleneck.rate', 5e6)).toEqual([]);
    expect(c.setParam('duration', 1e6)).toEqual([]);
    expect(questions).toHaveLength(2);
    // up to 30 Mb/s: asked, "yes": applied; the same size again is not asked about, more is
    answers.push(true);
    expect(c.setParam('topology.bottleneck.rate', 3e7)).toEqual([]);
    expect(questions).toHaveLength(3);
    expect(workers[0].sent.at(-1)).toMatchObject({ type: 'set-param', path: 'topology.bottleneck.rate', value: 3e7 });
    expect(c.setParam('topology.bottleneck.rate', 1e7)).toEqual([]);
    expect(c.setParam('topology.bottleneck.rate', 3e7)).toEqual([]);
    expect(questions).toHaveLength(3);
    expect(c.setParam('topology.bottleneck.rate', 9e7)).toHaveLength(1);
    expect(questions).toHaveLength(4);
    // the next start asks about the scenario as it now is (duration 1,000,000 s)
    c.reset();
    c.play();
    expect(questions).toHaveLength(5);
    expect(questions[4]).toMatch(/^This run is very large/);
  });

  it('a small run made very large by a live change is asked about too', () => {
    const { store, c, questions } = setupAsking(false);
    c.loadScenario({ ...presetScenario('default')!, duration: 30_000 }, null); // 35 s at 10 Mb/s, 170 s at 90
    c.play();
    expect(questions).toEqual([]);
    expect(store.getState().status).toBe('starting');
    expect(c.setParam('topology.bottleneck.rate', 9e7)[0]).toMatch(/was not changed: the going run would become very large/);
    expect(questions).toHaveLength(1);
  });

  it("10 Gb/s x 500 bulk flows for 300 s on the default preset's four 100 Mb/s hosts (the run made 58.6 M events): asked about at a slow tab's pace", () => {
    // The estimate said 19 M events (one host's 100 Mb/s as the path's rate): 73 s at the
    // 260 k events/s measured in a slow tab (docs/speed.md), under the 120 s that asks, so
    // the run started without a question. It now says about 73 M (the four hosts' 400 Mb/s).
    const s = presetScenario('default')!;
    const topology = { ...s.topology, bottleneck: { ...(s.topology as { bottleneck: object }).bottleneck, rate: 1e10 } };
    const big = { ...s, duration: 300, topology, traffic: [{ ...s.traffic[0], flows: 500 }] } as typeof s;
    expect(largeRunQuestion(big, 260e3)).toMatch(/^This run is very large: it would keep this tab busy for a long time\.\n\nEstimate: about 7\d M events, .*; about 5 min at 260 k events\/s/);
    // at the nominal 4 M events/s it is about 18 s: not very large
    expect(largeRunQuestion(big)).toBeNull();
  });

  it("a flood that fills a deep queue: the question counts the tab's packet cap (2 M), where the run stops, not the command line's", () => {
    // 1 Gb/s into 10 Mb/s with a 10^7-packet queue for 3000 s: busy long enough to be asked about
    const s = presetScenario('md1-poisson')!;
    const topo = s.topology as Extract<typeof s.topology, { kind: 'dumbbell' }>;
    const flood = { ...s, duration: 3000, warmup: 0, topology: { ...topo, bottleneck: { ...topo.bottleneck, rate: 1e7, queue: { kind: 'droptail', limit: 1e7, unit: 'packets' } }, left: { ...topo.left, rate: 1e10 } }, traffic: [{ ...s.traffic[0], rate: 1e9, packetSize: 1000 }] } as typeof s;
    const q = largeRunQuestion(flood);
    expect(q).toContain(`the cap of ${APP_MAX_PACKETS / 1e6} M: the run will stop when they reach it`);
    // the pool of 2 M packets (2^21 slots of POOL_BYTES_PER_SLOT), not the 4 M the command line holds
    const mb = Number(/, (\d+) MB of memory/.exec(q ?? '')?.[1]);
    expect(mb * 1e6).toBeGreaterThan(APP_MAX_PACKETS * POOL_BYTES_PER_SLOT * 0.95);
    expect(mb * 1e6).toBeLessThan(2 * APP_MAX_PACKETS * POOL_BYTES_PER_SLOT);
  });

  it('asks before a run whose browsing users would fill the tab: 80,000 users a side at 100 Mb/s (8.7x the link) held 1 GB of live heap', () => {
    const s = presetScenario('web100-users-dt-98')!;
    expect(largeRunQuestion(s)).toBeNull(); // the lesson: 9,141 users a side, 40 MB
    const many = { ...s, duration: 15, traffic: [{ ...s.traffic[0], users: 80_000 }] } as typeof s;
    expect(largeRunQuestion(many)).toMatch(/needs about 1(\.\d)? GB of memory/);
  });

  it('a run needing more memory than a tab holds is not offered at all (a "yes" crashed the tab): the message names the field and the cap', () => {
    // measured in Chromium: 200,000 users a side (2.6 GB estimated) ran; 300,000 (3.9 GB) crashed the tab
    const s = presetScenario('web-users-pi-90')!;
    const withUsers = (users: number) => ({ ...s, traffic: [{ ...s.traffic[0], load: undefined, users }] }) as typeof s;
    const { store, c, workers, questions } = setupAsking(true);
    expect(c.loadScenario(withUsers(300_000), null)).toEqual([]);
    c.play();
    expect(questions).toEqual([]);
    expect(workers.every((w) => w.sent.every((m) => m.type !== 'start'))).toBe(true);
    expect(store.getState().status).toBe('idle');
    const err = store.getState().runError!;
    expect(err.message).toBe('The run was not started: it needs more memory than a browser tab can hold.');
    expect(err.fields[0].message).toMatch(/needs about 4\.8 GB of memory .*; a browser tab holds at most 3\.5 GB: lower traffic\.0\.users .*npm run sim -- <scenario\.json> --force/);
    // below the tab's cap it is asked about, as before
    expect(c.loadScenario(withUsers(200_000), null)).toEqual([]);
    c.play();
    expect(questions).toHaveLength(1);
    expect(questions[0]).toMatch(/needs about 3(\.0)? GB of memory, more than a browser tab may have/);
  });

  /** A web lesson's run, on a machine with two cores or more (`separate`) or one. */
  const webRun = (separate: boolean) => {
    const { store, c, workers } = controller(() => true, separate);
    c.loadScenario(presetScenario('web-dt148-80'), 'web-dt148-80');
    c.play();
    return { store, c, workers };
  };

  it("a web run's baseline runs in a worker of its own and is shown as the run's clock passes each exchange's end", () => {
    const { store, c, workers } = webRun(true);
    const start = workers[0].sent[0];
    if (start.type !== 'start') throw new Error();
    expect(start.options.baseline).toBe('separate');
    const runId = start.runId;
    const baseScenario = { version: 1, note: 'the calibrated baseline' };
    c.onMessage(toMain({ type: 'started', runId, end: 230, baseline: baseScenario }));
    // a second worker runs the baseline flat out
    expect(workers.length).toBe(2);
    const bs = workers[1].sent[0];
    if (bs.type !== 'start') throw new Error();
    expect(bs).toMatchObject({ scenario: baseScenario, options: { baseline: 'is' }, speed: 'max' });
    const ex = (end: number[]) => toMain({ type: 'exchanges', runId, baseline: true, rt: Float64Array.from(end, () => 0.1), rsp: Float64Array.from(end, () => 1000), lost: new Uint8Array(end.length), end: Float64Array.from(end) });
    c.onBaselineMessage(ex([11, 12, 13.5]));
    c.onBaselineMessage(ex([14, 20, 24.5]));
    const shown = () => store.exchanges.baseline.all.n;
    expect(shown()).toBe(0); // the run is still at t = 0
    c.onMessage(toMain({ type: 'progress', runId, now: 13.5, end: 230, eventsPerSec: 0, simRate: 0, events: 0 }));
    expect(shown()).toBe(3);
    c.onMessage(toMain({ type: 'paused', runId, now: 19, reason: 'user' }));
    expect(shown()).toBe(4);
    // the run ends at 25 s (e.g. after its count of exchanges): the baseline's worker is still at 21 s
    c.onBaselineMessage(toMain({ type: 'progress', runId, now: 21, end: Infinity, eventsPerSec: 0, simRate: 0, events: 0 }));
    c.onMessage(toMain({ type: 'done', runId, result: { version: 1, scenario: null, summary: { simulatedSeconds: 25 } as never } }));
    expect(shown()).toBe(6);
    expect(workers[1].sent.some((m) => m.type === 'stop')).toBe(false);
    expect(store.getState().baselineBehind).toBe(true); // the chart says its baseline is still running
    c.onBaselineMessage(ex([24.9, 25.1]));
    expect(shown()).toBe(7); // 25.1 s is beyond the run's end: never shown
    c.onBaselineMessage(toMain({ type: 'progress', runId, now: 25.2, end: Infinity, eventsPerSec: 0, simRate: 0, events: 0 }));
    expect(workers[1].sent.at(-1)!.type).toBe('stop');
    expect(shown()).toBe(7);
    expect(store.getState().baselineBehind).toBe(false);
    // the next run keeps the baseline's worker (and its recorded baselines); a straggler of the old run is ignored
    c.play();
    c.onBaselineMessage(ex([1]));
    expect(workers.length).toBe(2);
    expect(shown()).toBe(0);
  });

  it('with one core the run\'s worker runs the baseline alongside', () => {
    const { workers } = webRun(false);
    const start = workers[0].sent[0];
    if (start.type !== 'start') throw new Error();
    expect(start.options.baseline).toBe(true);
  });
});

describe('RunController: a worker that goes silent (ended by the browser, no error event)', () => {
  /** A controller on a clock the test moves; `wait(ms)` moves it in the watch's steps, looking each time. */
  function watched() {
    let now = 1000;
    const { store, workers, c } = controller(() => true, true, () => now);
    c.loadScenario(presetScenario('default'), 'default');
    const wait = (ms: number, each?: () => void) => {
      for (let t = 0; t < ms; t += WATCH_MS) {
        now += WATCH_MS;
        each?.();
        c.watchWorker();
      }
    };
    const jump = (ms: number) => {
      now += ms;
    };
    const silent = () => store.getState().banners.find((b) => b.title === SILENT_TITLE);
    const runId = () => (workers.at(-1)!.sent.find((m) => m.type === 'start') as { runId: number }).runId;
    return { store, c, workers, wait, jump, silent, runId };
  }

  it('a running run that stops reporting gets a banner after a minute, not before; the scenario and the run stay; it goes when the worker speaks', () => {
    const { store, c, wait, silent, runId } = watched();
    c.play();
    const id = runId();
    c.onMessage(toMain({ type: 'started', runId: id, end: 30 }));
    // reporting: no banner however long
    let t = 0;
    wait(10 * SILENCE_MS, () => c.onMessage(toMain({ type: 'progress', runId: id, now: (t += 0.1), end: 30, eventsPerSec: 1e6, simRate: 1, events: 1000 })));
    expect(silent()).toBeUndefined();
    // silent: nothing at 55 s, the banner at 60 s
    wait(SILENCE_MS - WATCH_MS);
    expect(silent()).toBeUndefined();
    const before = store.getState().scenario;
    wait(WATCH_MS);
    expect(silent()?.lines).toEqual([
      'No word from it for 60 s, where a run reports several times a second: the browser may have ended it (short of memory, or a tab put to sleep).',
      'Reset, then Play to try again: the scenario, with your changes, is kept.',
    ]);
    expect(store.getState().status).toBe('running');
    expect(store.getState().scenario).toBe(before);
    // once shown, not repeated
    wait(5 * SILENCE_MS);
    expect(store.getState().banners.filter((b) => b.title === SILENT_TITLE)).toHaveLength(1);
    // it was only slow: the banner goes
    c.onMessage(toMain({ type: 'progress', runId: id, now: 5, end: 30, eventsPerSec: 1e6, simRate: 1, events: 1000 }));
    expect(silent()).toBeUndefined();
    // silent again, then Reset: the banner goes, the scenario stays, Play gets a fresh worker
    wait(SILENCE_MS);
    expect(silent()).toBeDefined();
    c.reset();
    expect(silent()).toBeUndefined();
    expect(store.getState().scenario).toBe(before);
    expect(store.getState().status).toBe('idle');
  });

  it('a worker ended while it builds the network (before "started") is reported too: the largest build takes about a second', () => {
    const { store, c, wait, silent } = watched();
    c.play();
    wait(SILENCE_MS - WATCH_MS);
    expect(store.getState().status).toBe('starting');
    expect(silent()).toBeUndefined();
    wait(WATCH_MS);
    expect(silent()).toBeDefined();
  });

  it('quiet by design is not silence: paused', () => {
    const { c, wait, silent, runId } = watched();
    c.play();
    const id = runId();
    c.onMessage(toMain({ type: 'started', runId: id, end: 30 }));
    c.onMessage(toMain({ type: 'paused', runId: id, now: 1, reason: 'user' }));
    wait(10 * SILENCE_MS);
    expect(silent()).toBeUndefined();
    // Play again: silence counts from then
    c.play();
    wait(SILENCE_MS - WATCH_MS);
    expect(silent()).toBeUndefined();
    wait(WATCH_MS);
    expect(silent()).toBeDefined();
  });

  it('a load calibration reports as it goes (15 s and more of calibration are not silence); it is watched like the run', () => {
    const { c, wait, silent, runId } = watched();
    c.play();
    const id = runId();
    const step = { item: 0, load: 0.98, param: 'users' as const, value: 9211, run: 1, maxRuns: 4, previous: null };
    c.onMessage(toMain({ type: 'calibrating', runId: id, step }));
    let at = 0;
    wait(3 * SILENCE_MS, () => c.onMessage(toMain({ type: 'calibrating', runId: id, step, at: (at += 1) })));
    expect(silent()).toBeUndefined();
    wait(SILENCE_MS);
    expect(silent()).toBeDefined();
  });

  it('a gap in the watch itself (a tab put to sleep) is not counted as silence', () => {
    const { c, wait, jump, silent, runId } = watched();
    c.play();
    c.onMessage(toMain({ type: 'started', runId: runId(), end: 30 }));
    wait(WATCH_MS);
    jump(10 * SILENCE_MS); // the page slept: its timer did not run, the worker's reports may wait behind it
    c.watchWorker();
    expect(silent()).toBeUndefined();
    wait(SILENCE_MS - WATCH_MS);
    expect(silent()).toBeUndefined();
    wait(WATCH_MS);
    expect(silent()).toBeDefined();
  });
});
