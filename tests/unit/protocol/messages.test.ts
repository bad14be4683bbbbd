import { MessageChannel } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import {
  PROTOCOL_VERSION,
  checkMainToWorker,
  checkWorkerToMain,
  isMainToWorker,
  isWorkerToMain,
  toMain,
  toWorker,
  transferables,
  type MainToWorker,
  type WorkerToMain,
} from '../../../src/protocol/messages';

/** Sends a message through a real MessageChannel (structured clone + transfer), as postMessage does. */
async function roundTrip<T>(msg: T, transfer: ArrayBuffer[] = []): Promise<unknown> {
  const { port1, port2 } = new MessageChannel();
  const got = new Promise<unknown>((resolve) => port2.once('message', (e: unknown) => resolve(e)));
  port1.postMessage(msg, transfer as never);
  const out = await got;
  port1.close();
  port2.close();
  return out;
}

describe('protocol messages', () => {
  it('every main->worker message survives a postMessage round trip and still validates', async () => {
    const msgs: MainToWorker[] = [
      toWorker({ type: 'start', runId: 3, scenario: { version: 1, flows: 2 }, options: { record: true, history: 1000 }, speed: 1, paused: true }),
      toWorker({ type: 'pause' }),
      toWorker({ type: 'resume' }),
      toWorker({ type: 'step', what: 'mark' }),
      toWorker({ type: 'step', what: 'flow-event', flow: 2 }),
      toWorker({ type: 'step', what: 'aqm-drop' }),
      toWorker({ type: 'set-speed', speed: 'max' }),
      toWorker({ type: 'set-param', path: 'queue.maxP', value: 0.1 }),
      toWorker({ type: 'stop' }),
    ];
    for (const m of msgs) {
      expect(m.v).toBe(PROTOCOL_VERSION);
      const back = await roundTrip(m);
      expect(back).toEqual(m);
      expect(isMainToWorker(back)).toBe(true);
    }
  });

  it('a batch transfers its column buffers and arrives intact', async () => {
    const t = Float64Array.from([0.1, 0.2, 0.3]);
    const queue = Float64Array.from([1, 2, 3]);
    const cwnd = Float64Array.from([4, 5, 6]);
    const msg = toMain({
      type: 'batch',
      runId: 1,
      t,
      cols: { queue, 'cwnd.0': cwnd },
      queueEvents: { t: Float64Array.from([0.15]), kind: Uint8Array.from([3]), flow: Int32Array.from([0]) },
    }) as WorkerToMain;
    const tr = transferables(msg);
    expect(tr.length).toBe(6);
    const back = (await roundTrip(msg, tr)) as WorkerToMain;
    // transferred, not copied: the sender's arrays are detached
    expect(t.length).toBe(0);
    expect(queue.byteLength).toBe(0);
    expect(isWorkerToMain(back)).toBe(true);
    if (back.type !== 'batch') throw new Error('wrong type');
    expect(Array.from(back.t)).toEqual([0.1, 0.2, 0.3]);
    expect(Array.from(back.cols['cwnd.0'])).toEqual([4, 5, 6]);
    expect(back.queueEvents!.kind[0]).toBe(3);
  });

  it('decision records, progress, done and error messages round-trip', async () => {
    const rec = {
      t: 1.5, queue: 'bottleneck', aqm: 'red', uid: 17, flow: 2, bytes: 1500, ecn: 2, q: 12, unit: 'packets' as const,
      avgBefore: 7.9, avg: 8.01, wq: 0.002, idleM: 0, minTh: 5, maxTh: 15, maxP: 0.1, gentle: false, region: 'between' as const,
      pb: 0.03, pa: 0.035, count: 5, u: 0.01, outcome: 'mark' as const, reason: null, rule: 'RED: mark with p_a',
    };
    const msgs: WorkerToMain[] = [
      toMain({ type: 'decisions', runId: 1, records: [rec], hit: 0 }),
      toMain({ type: 'flow-events', runId: 1, events: [{ t: 1.6, flow: 2, kind: 'ecn-cut', cwnd: 4, ssthresh: 4 }], hit: null }),
      toMain({ type: 'progress', runId: 1, now: 2, end: Infinity, eventsPerSec: 1e6, simRate: 1, events: 1234 }),
      toMain({ type: 'calibrating', runId: 1, step: { item: 0, load: 0.9, param: 'users', value: 8438, run: 2, maxRuns: 4, previous: { value: 8000, measured: 0.853 } } }),
      toMain({ type: 'param-set', runId: 1, t: 2, path: 'queue.maxP', value: 0.2, error: null }),
      toMain({ type: 'paused', runId: 1, now: 2, reason: 'step' }),
      toMain({ type: 'error', runId: 1, message: 'bad scenario', fields: [{ path: 'flows', message: 'flows = -1 is out of range' }] }),
    ];
    for (const m of msgs) {
      const back = await roundTrip(m);
      expect(back).toEqual(m);
      expect(checkWorkerToMain(back)).toBeNull();
    }
  });

  it('rejects malformed messages with a reason', () => {
    expect(checkMainToWorker(null)).toMatch(/not an object/);
    expect(checkMainToWorker({ v: 99, type: 'pause' })).toMatch(/version/);
    expect(checkMainToWorker({ v: 1, type: 'jump' })).toMatch(/unknown message type/);
    expect(checkMainToWorker({ v: 1, type: 'set-speed', speed: 0 })).toMatch(/bad speed/);
    expect(checkMainToWorker({ v: 1, type: 'set-speed', speed: -1 })).toMatch(/bad speed/);
    expect(checkMainToWorker({ v: 1, type: 'step', what: 'mark', flow: -2 })).toMatch(/bad flow/);
    expect(checkMainToWorker({ v: 1, type: 'step', what: 'nothing' })).toMatch(/bad target/);
    expect(checkMainToWorker({ v: 1, type: 'set-param', path: '' })).toMatch(/path/);
    expect(checkWorkerToMain({ v: 1, type: 'batch', runId: 1, t: new Float64Array(2), cols: { q: new Float64Array(3) }, queueEvents: null })).toMatch(/3 samples/);
    expect(checkWorkerToMain({ v: 1, type: 'batch', runId: 1, t: new Float64Array(2), cols: { q: [1, 2] }, queueEvents: null })).toMatch(/Float64Array/);
    expect(checkWorkerToMain({ v: 1, type: 'done' })).toMatch(/runId/);
    expect(checkWorkerToMain({ v: 1, type: 'calibrating', runId: 1, step: { item: 0, load: 0.9, value: '8438', run: 1, maxRuns: 4 } })).toMatch(/calibrating: step needs numbers/);
    // the run's counters travel with its exchanges (the response chart's counters line)
    const ex = { v: 1, type: 'exchanges', runId: 1, baseline: false, rt: new Float64Array(1), rsp: new Float64Array(1), lost: new Uint8Array(1) };
    expect(checkWorkerToMain({ ...ex, counts: { started: 12, inProgress: 3 } })).toBeNull();
    expect(checkWorkerToMain({ ...ex, counts: { started: '12', inProgress: 3 } })).toMatch(/exchanges: counts needs numbers started and inProgress/);
  });
});
