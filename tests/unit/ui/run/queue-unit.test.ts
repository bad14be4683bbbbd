import { describe, expect, it } from 'vitest';
import { presetScenario } from '../../../../src/engine/scenario/presets';
import { runScenario } from '../../../../src/engine/run';
import type { EngineScenario } from '../../../../src/engine/sim-run';
import { RunController } from '../../../../src/ui/run/controller';
import { AppStore } from '../../../../src/ui/store/app-store';
import { fakeWorkers } from '../../../support/fake-worker';
import { packetBytes } from '../../../../src/ui/run/queue-unit';
import { TCP_PARAMS } from '../../../../src/engine/tcp/params';


function setup(preset: string) {
  const store = new AppStore();
  const { workers, make } = fakeWorkers();
  const c = new RunController(store, make);
  c.loadScenario(presetScenario(preset), preset);
  const queue = () => {
    const t = store.getState().scenario!.topology;
    if (t.kind !== 'dumbbell') throw new Error('dumbbell expected');
    return t.bottleneck.queue as unknown as Record<string, unknown>;
  };
  return { store, c, workers, queue };
}

describe("the editor's switch of a queue's unit (packets <-> bytes) converts its sizes", () => {
  it('RED: limit and thresholds go to bytes at meanPktSize each, and back', () => {
    const { c, queue } = setup('ecn-finite-n10-ecn-a-ql64');
    expect(queue()).toMatchObject({ limit: 64, minTh: 20, maxTh: 60, meanPktSize: 500, unit: 'packets' });
    expect(c.setParam('topology.bottleneck.queue.unit', 'bytes')).toEqual([]);
    expect(queue()).toMatchObject({ unit: 'bytes', limit: 32_000, minTh: 10_000, maxTh: 30_000, maxP: 0.1 });
    expect(c.setParam('topology.bottleneck.queue.unit', 'packets')).toEqual([]);
    expect(queue()).toMatchObject({ unit: 'packets', limit: 64, minTh: 20, maxTh: 60 });
  });

  it("seeds/002's byte-mode ARED switched to packets is its packet-mode twin's 240 / 12 / 36", () => {
    const { c, queue } = setup('web-users-ared-byte-98');
    expect(queue()).toMatchObject({ unit: 'bytes', limit: 240_000, minTh: 12_000, maxTh: 36_000 });
    expect(c.setParam('topology.bottleneck.queue.unit', 'packets')).toEqual([]);
    expect(queue()).toMatchObject({ unit: 'packets', limit: 240, minTh: 12, maxTh: 36 });
  });

  it('drop-tail (no mean packet size): one full-size data packet (MSS + headers) a packet', () => {
    const { c, queue } = setup('ecn-finite-n10-dt-ql64');
    expect(c.setParam('topology.bottleneck.queue.unit', 'bytes')).toEqual([]);
    expect(queue()).toMatchObject({ unit: 'bytes', limit: 64 * 1460 });
  });

  it('the converted queue still carries the downloads (switched alone it held no packet and none finished)', () => {
    const { store, c } = setup('ecn-finite-n10-dt-ql64');
    c.setParam('topology.bottleneck.queue.unit', 'bytes');
    const s = structuredClone(store.getState().scenario!) as unknown as EngineScenario;
    const r = runScenario(s).summary;
    expect(r.bottleneck.utilization).toBeGreaterThan(0.9);
    expect(r.flows.every((f) => f.completionTime !== null)).toBe(true);
  });

  it('during a run the worker gets each converted size, in an order that keeps min_th < max_th < limit, then the unit', () => {
    const { c, workers } = setup('ecn-finite-n10-ecn-a-ql64');
    c.play();
    c.setParam('topology.bottleneck.queue.unit', 'bytes');
    const sets = workers[0].sent.filter((m) => m.type === 'set-param').map((m) => (m.type === 'set-param' ? [m.path.split('.').at(-1), m.value] : null));
    expect(sets).toEqual([
      ['limit', 32_000],
      ['maxTh', 30_000],
      ['minTh', 10_000],
      ['unit', 'bytes'],
    ]);
  });

  it('other changes, and a unit set to what it is, apply as they are', () => {
    const { c, queue } = setup('ecn-finite-n10-ecn-a-ql64');
    c.setParam('topology.bottleneck.queue.unit', 'packets');
    c.setParam('topology.bottleneck.queue.limit', 100);
    expect(queue()).toMatchObject({ unit: 'packets', limit: 100, minTh: 20, maxTh: 60 });
  });
});

describe('packetBytes: one full-size data packet as the engine sizes it', () => {
  it('a scenario without tcp sizes takes both from TCP_PARAMS (MSS 1460 + 40 header bytes), not a copy of one', () => {
    const s = structuredClone(presetScenario('ecn-finite-n10-dt-ql64')) as unknown as Record<string, unknown>;
    delete s.tcp;
    expect(packetBytes(s as never)).toBe(TCP_PARAMS.mss.default + TCP_PARAMS.headerBytes.default);
  });
});
