/**
 * Decision records say what the packet was in TCP terms, and the inspector uses it to
 * explain why a Not-ECT packet was dropped at an ECN queue: on the seeds/003 RED* lessons
 * the packets RED* cannot mark are the servers' SYN-ACKs and FINs (RFC 3168 §6.1.1,
 * §6.1.4), and ECN+ makes the SYN-ACKs markable.
 */
import { describe, expect, it } from 'vitest';
import type { DecisionRecord } from '../../../../src/engine/aqm/decision';
import { packetKind, F_ACK, F_FIN, F_SYN, F_UDP } from '../../../../src/engine/net/packet';
import { runScenario } from '../../../../src/engine/run';
import { presetByName } from '../../../../src/engine/scenario/presets';
import { explainDecision } from '../../../../src/ui/inspector/explain';

/** A short run of a seeds/003 lesson (its calibration is cached), recording the forward bottleneck's decisions. */
function records(preset: string): DecisionRecord[] {
  const p = presetByName(preset);
  if (!p) throw new Error(`no preset ${preset}`);
  const recs: DecisionRecord[] = [];
  runScenario({ ...p.scenario, duration: 6, warmup: 0 }, { decision: (r) => recs.push(r) });
  return recs.filter((r) => r.queue === 'routerL->routerR');
}

const count = (recs: DecisionRecord[], kind: string, outcome: string) => recs.filter((r) => r.kind === kind && r.outcome === outcome).length;

describe('packet kinds in decision records', () => {
  it('classifies flags and payload', () => {
    expect(packetKind(F_SYN, 0)).toBe('SYN');
    expect(packetKind(F_SYN | F_ACK, 0)).toBe('SYN-ACK');
    expect(packetKind(F_ACK, 1460)).toBe('data');
    expect(packetKind(F_ACK, 0)).toBe('ACK');
    expect(packetKind(F_FIN | F_ACK, 0)).toBe('FIN');
    expect(packetKind(F_UDP, 1000)).toBe('UDP');
  });

  it('RED* with ECN: data is marked; the SYN-ACKs and FINs it drops are explained as Not-ECT by RFC 3168', () => {
    const recs = records('web-redstar-ecn-105');
    expect(count(recs, 'data', 'mark')).toBeGreaterThan(100);
    expect(count(recs, 'data', 'drop')).toBe(recs.filter((r) => r.kind === 'data' && r.reason === 'overflow').length);
    const synAcks = recs.filter((r) => r.kind === 'SYN-ACK' && r.outcome === 'drop');
    expect(synAcks.length).toBeGreaterThan(10);
    for (const r of synAcks) {
      expect(r.ecn).toBe(0);
      const e = explainDecision(r);
      expect(e.packet.kind).toBe('SYN-ACK');
      if (r.reason !== 'overflow') expect(e.ecnNote).toMatch(/SYN-ACK.*RFC 3168 §6\.1\.1/);
    }
    expect(recs.filter((r) => r.kind === 'SYN-ACK' && r.outcome === 'mark')).toEqual([]);
    const fin = recs.find((r) => r.kind === 'FIN' && r.outcome === 'drop' && r.reason !== 'overflow');
    expect(fin && explainDecision(fin).ecnNote).toMatch(/pure FIN.*§6\.1\.4/);
  });

  it('RED* with ECN+: SYN-ACKs are ECN-capable and marked, never dropped early', () => {
    const recs = records('web-redstar-ecnplus-105');
    expect(count(recs, 'SYN-ACK', 'mark')).toBeGreaterThan(10);
    expect(recs.filter((r) => r.kind === 'SYN-ACK' && r.outcome === 'drop' && r.reason !== 'overflow')).toEqual([]);
    expect(recs.filter((r) => r.kind === 'SYN-ACK').every((r) => r.ecn === 2)).toBe(true);
  });
});
