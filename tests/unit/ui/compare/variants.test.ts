import { describe, expect, it } from 'vitest';
import { getPath } from '../../../../src/engine/scenario/paths';
import { lessons } from '../../../../src/ui/scenario-api';
import { VARIANTS } from '../../../../src/ui/compare/variants';

/*
 * Compare's "RED" and "RED + ECN" variants of seeds/001's 4-packet presets failed with
 * "minTh = 5 must be below limit = 4 packets": RED's default thresholds do not fit that
 * buffer. They now take min_th = limit / 4, max_th = 3 min_th, and say so; thresholds that
 * fit are kept.
 */
const Q = 'topology.bottleneck.queue';
const red = VARIANTS.filter((v) => v.id === 'v:red' || v.id === 'v:red-ecn');
const lesson = (name: string) => lessons().find((l) => l.name === name)!.scenario;

describe('Compare variants', () => {
  // the compared run was labelled "ECN switched on/off": which way, the student could not tell
  it('ECN switched: the label note says whether the compared run has ECN', () => {
    const v = VARIANTS.find((x) => x.id === 'v:ecn-toggle')!;
    const off = v.make(lesson('ecn-marks'));
    const on = v.make(lesson('red-vs-dt'));
    if (!off.ok || !on.ok) throw new Error('variant failed');
    expect([off.scenario.tcp.ecn, off.labelNote]).toEqual([false, 'ECN off']);
    expect([on.scenario.tcp.ecn, on.labelNote]).toEqual([true, 'ECN on']);
  });
  it('CUBIC / Reno switched: the senders change and nothing else; a lesson with ns-2\'s window arithmetic or SUBTCP gets RFC 5681\'s, and a note says so', () => {
    const v = VARIANTS.find((x) => x.id === 'v:cc-toggle')!;
    const base = lesson('default');
    const c = v.make(base);
    if (!c.ok) throw new Error(c.errors.join('; '));
    expect([c.scenario.tcp.cc, c.labelNote, c.note]).toEqual(['cubic', 'CUBIC senders', undefined]);
    expect({ ...c.scenario, tcp: { ...c.scenario.tcp, cc: 'reno' } }).toEqual(base);
    // and back
    const r = v.make(c.scenario);
    expect(r.ok && [r.scenario.tcp.cc, r.labelNote]).toEqual(['reno', 'Reno (AIMD) senders']);
    // seeds/001: windowCut "ns2"
    const n = v.make(lesson('ecn-finite-n2-dt-ql4'));
    if (!n.ok) throw new Error(n.errors.join('; '));
    expect([n.scenario.tcp.cc, n.scenario.tcp.windowCut]).toEqual(['cubic', 'rfc5681']);
    expect(n.labelNote).toBe('CUBIC senders, RFC 5681 window rules');
    expect(n.note).toContain('windowCut "ns2"');
    // seeds/004's SUBTCP
    const f = v.make(lesson('feng-fig17-subtcp'));
    if (!f.ok) throw new Error(f.errors.join('; '));
    expect([f.scenario.tcp.cc, f.scenario.tcp.subtcp, f.scenario.tcp.increase]).toEqual(['cubic', false, 'linear']);
    expect(f.note).toContain('SUBTCP');
  });
  // on an adaptive RED lesson "the same with RED + ECN" was plain RED, and did not say so
  for (const v of red)
    it(`${v.label} of an adaptive RED lesson says it is plain RED, and which variant keeps adaptive RED`, () => {
      const s = lessons().find((l) => getPath(l.scenario, `${Q}.kind`) === 'ared' && l.scenario.topology.kind === 'dumbbell')!.scenario;
      const r = v.make(s);
      if (!r.ok) throw new Error(r.errors.join('; '));
      expect(getPath(r.scenario, `${Q}.kind`)).toBe('red');
      expect(r.labelNote).toMatch(/^plain RED, not Adaptive RED/);
      expect(r.note).toContain('the same with ECN switched on/off');
      // the ECN variant keeps adaptive RED
      const e = VARIANTS.find((x) => x.id === 'v:ecn-toggle')!.make(s);
      expect(e.ok && getPath(e.scenario, `${Q}.kind`)).toBe('ared');
    });
  it('a RED or drop-tail lesson’s RED variants carry no such note', () => {
    for (const name of ['red-vs-dt', 'lockout-dt'])
      for (const v of red) {
        const r = v.make(lesson(name));
        if (!r.ok) throw new Error(r.errors.join('; '));
        expect(r.labelNote ?? '', `${name} ${v.id}`).not.toContain('plain RED');
      }
  });
  for (const v of red) {
    it(`${v.label}: a 4-packet drop-tail buffer gets thresholds that fit, and a note says so`, () => {
      const s = lesson('ecn-finite-n2-dt-ql4');
      expect(getPath(s, `${Q}.kind`)).toBe('droptail');
      const r = v.make(s);
      if (!r.ok) throw new Error(r.errors.join('; '));
      expect(getPath(r.scenario, `${Q}.kind`)).toBe('red');
      expect(getPath(r.scenario, `${Q}.limit`)).toBe(4);
      expect(getPath(r.scenario, `${Q}.minTh`)).toBe(1);
      expect(getPath(r.scenario, `${Q}.maxTh`)).toBe(3);
      expect(r.labelNote).toBe('min_th 1, max_th 3');
      expect(r.note).toContain('do not fit this 4-packet buffer');
      expect(r.note).toContain('min_th = limit / 4 = 1');
    });

    it(`${v.label}: thresholds that fit the buffer are kept, with no note`, () => {
      const s = lesson('ecn-finite-n2-dt-ql64');
      const r = v.make(s);
      if (!r.ok) throw new Error(r.errors.join('; '));
      expect(getPath(r.scenario, `${Q}.minTh`)).toBe(5);
      expect(getPath(r.scenario, `${Q}.maxTh`)).toBe(15);
      expect(r.note).toBeUndefined();
      // a queue that is RED already keeps its own thresholds
      const own = lesson('ecn-finite-n2-red-c-ql4');
      const r2 = v.make(own);
      if (!r2.ok) throw new Error(r2.errors.join('; '));
      expect(getPath(r2.scenario, `${Q}.minTh`)).toBe(getPath(own, `${Q}.minTh`));
      expect(getPath(r2.scenario, `${Q}.maxTh`)).toBe(getPath(own, `${Q}.maxTh`));
      expect(r2.note).toBeUndefined();
    });
  }

  // seeds/002's 100 Mb/s lessons count their queue in bytes: RED's default thresholds
  // (5 and 15, numbers of packets) became 5 and 15 bytes, below one packet, so every
  // arrival was above max_th and the RED variant dropped or marked all of them
  for (const v of red) {
    it(`${v.label}: a queue in bytes takes the default thresholds in packets of meanPktSize`, () => {
      const s = lesson('web100-users-general-pi24-ecn-98');
      expect(getPath(s, `${Q}.unit`)).toBe('bytes');
      const size = getPath(s, `${Q}.meanPktSize`) as number;
      const r = v.make(s);
      if (!r.ok) throw new Error(r.errors.join('; '));
      expect(getPath(r.scenario, `${Q}.kind`)).toBe('red');
      const minTh = getPath(r.scenario, `${Q}.minTh`) as number;
      const maxTh = getPath(r.scenario, `${Q}.maxTh`) as number;
      // at least a packet each, in the proportion of the defaults, below the buffer
      expect(minTh).toBeGreaterThanOrEqual(size);
      expect(maxTh).toBe(3 * minTh);
      expect(maxTh).toBeLessThan(getPath(s, `${Q}.limit`) as number);
      expect(r.note).toContain('packets of');
      expect(r.labelNote).toBe(`min_th ${minTh}, max_th ${maxTh} bytes`);
      // a RED-family queue in bytes keeps its own thresholds (byte-counted ARED lessons, if any)
      for (const l of lessons()) {
        const q = getPath(l.scenario, Q) as { unit?: string; minTh?: number } | undefined;
        if (l.scenario.topology.kind !== 'dumbbell' || q?.unit !== 'bytes' || q.minTh === undefined) continue;
        const r2 = v.make(l.scenario);
        if (!r2.ok) throw new Error(r2.errors.join('; '));
        expect(getPath(r2.scenario, `${Q}.minTh`), l.name).toBe(q.minTh);
      }
    });
  }

  it('every variant builds for every dumbbell lesson', () => {
    for (const l of lessons()) {
      if (l.scenario.topology.kind !== 'dumbbell') continue;
      for (const v of VARIANTS) {
        const r = v.make(l.scenario);
        expect(r.ok ? [] : r.errors, `${l.name}: ${v.label}`).toEqual([]);
      }
    }
  });
});
