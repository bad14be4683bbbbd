import { describe, expect, it } from 'vitest';
import { ECN_FINITE_CLIENTS, ECN_FINITE_MECHS, ECN_FINITE_QLS, PRESETS, presetByName, presetScenario } from '../../../../src/engine/scenario/presets';
import type { BulkTraffic, DumbbellTopology, Scenario } from '../../../../src/engine/scenario/schema';

function dumbbell(s: Scenario): DumbbellTopology {
  if (s.topology.kind !== 'dumbbell') throw new Error('dumbbell expected');
  return s.topology;
}

function get(name: string): Scenario {
  const p = presetByName(name);
  if (!p) throw new Error(`no preset ${name}`);
  return p.scenario;
}

describe('presets', () => {
  it('have unique names and a title and lesson each', () => {
    const names = PRESETS.map((p) => p.name);
    expect(new Set(names).size).toBe(names.length);
    for (const p of PRESETS) {
      expect(p.title.length, p.name).toBeGreaterThan(5);
      expect(p.lesson.length, p.name).toBeGreaterThan(40);
      expect(p.scenario.name).toBe(p.name);
    }
  });

  it("say how fast Reno's window grows as their run does: half a packet per round trip with delayed ACKs", () => {
    // the engine counts per ACK (cwnd += 1/cwnd, src/engine/tcp/sender.ts openCwnd): one ACK per
    // two segments halves the growth; rtt-unfair's text said one packet with delayed ACKs on
    for (const p of PRESETS) {
      const m = /grows its window by one packet per round trip( \(half a packet here, where delayed ACKs[^)]*\))?/.exec(p.lesson);
      if (!m) continue;
      expect(!!m[1], p.name).toBe(p.scenario.tcp?.delayedAck !== false);
    }
    expect(presetByName('rtt-unfair')!.lesson).toContain('half a packet here');
  });

  it('generate the whole seeds/001 grid: every n, mechanism and QL (ECN-at-one-client only for n = 2)', () => {
    for (const n of ECN_FINITE_CLIENTS)
      for (const mech of ECN_FINITE_MECHS)
        for (const ql of ECN_FINITE_QLS) {
          const name = `ecn-finite-n${n}-${mech}-ql${ql}`;
          expect(presetByName(name) !== undefined, name).toBe(!mech.startsWith('ecn1') || n === 2);
        }
  });

  it('reproduce the seeds/001 methodology', () => {
    for (const n of ECN_FINITE_CLIENTS) {
      const s = get(`ecn-finite-n${n}-dt-ql64`);
      const t = dumbbell(s);
      expect(t.bottleneck.rate).toBe(1.5e6);
      expect(t.bottleneck.delay).toBe(0.02);
      expect(t.left).toEqual({ hosts: 1, rate: 10e6, delay: 0.0005 }); // the server
      expect(t.right).toEqual({ hosts: n, rate: 10e6, delay: 0.0005 }); // the clients
      expect(t.bottleneck.queue).toEqual({ kind: 'droptail', limit: 64, unit: 'packets', countRule: 'ns2' });
      expect(s.duration).toBeUndefined(); // runs until all downloads finish
      expect(s.tcp).toMatchObject({ variant: 'reno', mss: 1460, headerBytes: 0, rwnd: 65536, delayedAck: true, tick: 0.1, ecn: false });
      expect(s.traffic).toEqual([{ kind: 'bulk', from: 'left', flows: n, bytes: 20 * 1048576, start: 0, startSpread: 0 }]);
    }
  });

  it('use min_th from Table II for RED and Tables III-IV for RED+ECN, max_th = 3 min_th, w_q = 0.002', () => {
    const tableII: Record<number, number> = { 256: 80, 128: 40, 64: 20, 32: 10, 16: 8, 8: 2, 4: 1 };
    for (const ql of ECN_FINITE_QLS) {
      for (const mech of ['red-c', 'red-a', 'ecn-c', 'ecn-a', 'ecn1-c', 'ecn1-a'] as const) {
        const q = dumbbell(get(`ecn-finite-n2-${mech}-ql${ql}`)).bottleneck.queue;
        const minTh = ql === 16 && mech.startsWith('ecn') ? 5 : tableII[ql];
        expect(q.minTh, `${mech} ${ql}`).toBe(minTh);
        expect(q.maxTh).toBe(3 * minTh);
        expect(q.wq).toBe(0.002);
        expect(q.limit).toBe(ql);
        expect(q.maxP).toBe(mech.endsWith('-a') ? 0.1 : 0.02);
        expect(q.ecn).toBe(mech.startsWith('ecn'));
      }
    }
  });

  it('turn on ECN at every endpoint for RED+ECN, and at client 1 only for Table IV', () => {
    expect(get('ecn-finite-n5-ecn-a-ql32').tcp.ecn).toBe(true);
    const t4 = get('ecn-finite-n2-ecn1-a-ql64');
    expect(t4.tcp.ecn).toBe(false);
    const items = t4.traffic as BulkTraffic[];
    expect(items.map((t) => t.flows)).toEqual([1, 1]);
    expect(items[0].tcp).toBeUndefined();
    expect(items[1].tcp).toEqual({ ecn: true });
  });

  it('alias ecn-finite to n = 2, RED+ECN max_p 10 %, QL 64 and the lessons to their grid points', () => {
    const strip = (s: Scenario) => ({ ...s, name: undefined, description: undefined });
    expect(strip(get('ecn-finite'))).toEqual(strip(get('ecn-finite-n2-ecn-a-ql64')));
    expect(strip(get('lockout-dt'))).toEqual(strip(get('ecn-finite-n2-dt-ql64')));
    const base = dumbbell(get('ecn-finite-baseline'));
    expect(base.right.hosts).toBe(1);
    expect(base.bottleneck.queue.limit).toBe(39);
  });

  it('define the benchmark: 100 SACK flows 10 ms apart through RED for 200 s', () => {
    const s = get('bench-100-red');
    const t = dumbbell(s);
    expect(s.duration).toBe(200);
    expect(s.tcp.variant).toBe('sack');
    expect(t.bottleneck).toMatchObject({ rate: 10e6, delay: 0.02 });
    expect(t.bottleneck.queue).toMatchObject({ kind: 'red', minTh: 30, maxTh: 90, limit: 300, maxP: 0.1 });
    expect(t.left).toEqual({ hosts: 100, rate: 100e6, delay: 0.001 });
    const b = s.traffic[0] as BulkTraffic;
    expect(b.flows).toBe(100);
    expect(b.bytes).toBeUndefined();
    expect(b.startSpread / b.flows).toBeCloseTo(0.01, 12); // flow k starts at k * startSpread / flows
  });

  it('hand out copies that do not change the preset', () => {
    const a = presetScenario('default')!;
    a.seed = 99;
    expect(get('default').seed).toBe(1);
  });
});
