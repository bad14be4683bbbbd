import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { IntervalSet } from '../../../../src/engine/tcp/intervals';
import { SackScoreboard } from '../../../../src/engine/tcp/scoreboard';
import { TCP_PARAMS } from '../../../../src/engine/tcp/params';
import { TCP_VARIANTS, tcpVariant } from '../../../../src/engine/tcp/registry';

describe('IntervalSet', () => {
  test('merges overlapping and touching ranges and takes the in-order prefix', () => {
    const s = new IntervalSet(2);
    s.add(10, 20);
    s.add(30, 40);
    s.add(50, 60);
    expect(s.count).toBe(3);
    s.add(20, 30); // touches both neighbours
    expect([s.count, s.starts[0], s.ends[0]]).toEqual([2, 10, 40]);
    expect(s.find(39)).toBe(0);
    expect(s.find(40)).toBe(-1);
    expect(s.takeFrom(5)).toBe(5); // 10 > 5: nothing contiguous
    expect(s.takeFrom(10)).toBe(40);
    expect([s.count, s.starts[0]]).toEqual([1, 50]);
  });

  test('matches a naive byte set for any insertion order', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.integer({ min: 0, max: 60 }), fc.integer({ min: 1, max: 8 })), { maxLength: 40 }), (adds) => {
        const s = new IntervalSet(1);
        const naive = new Set<number>();
        for (const [a, len] of adds) {
          s.add(a, a + len);
          for (let x = a; x < a + len; x++) naive.add(x);
        }
        for (let i = 1; i < s.count; i++) expect(s.starts[i]).toBeGreaterThan(s.ends[i - 1]); // disjoint, sorted, not touching
        for (let x = 0; x < 70; x++) expect(s.find(x) >= 0).toBe(naive.has(x));
      }),
    );
  });
});

describe('SackScoreboard', () => {
  test('counts SACKed segments, forgets them as snd.una passes, grows its ring', () => {
    const b = new SackScoreboard(16);
    expect(b.mark(3, 5)).toBe(2);
    expect(b.mark(4, 6)).toBe(1); // 4 already SACKed
    expect([b.sackedCount, b.highSacked]).toEqual([3, 6]);
    b.mark(40, 42); // beyond the initial ring: grows
    expect(b.isSacked(41) && b.isSacked(3) && !b.isSacked(2)).toBe(true);
    b.advance(5);
    expect([b.sackedCount, b.isSacked(4), b.isSacked(5)]).toEqual([3, false, true]);
    b.clear();
    expect([b.sackedCount, b.isSacked(41)]).toEqual([0, false]);
  });

  test('a segment above the highest SACK is not SACKed, however far above: it does not read another segment\'s bit of the ring', () => {
    const b = new SackScoreboard(16);
    b.mark(3, 5);
    // 16 + 3 and 32 + 4 share ring slots with 3 and 4; more than the ring is outstanding (RFC 6675 pipe scans up to snd.max)
    expect([b.isSacked(19), b.isSacked(36), b.isSacked(5)]).toEqual([false, false, false]);
    expect([b.isSacked(3), b.isSacked(4)]).toEqual([true, true]);
  });
});

describe('variant registry', () => {
  test('every tcp.variant value has exactly one strategy, and only sack asks for SACK blocks', () => {
    expect(TCP_VARIANTS.map((d) => d.kind).sort()).toEqual([...TCP_PARAMS.variant.values].sort());
    for (const v of TCP_PARAMS.variant.values) expect(tcpVariant(v).sack).toBe(v === 'sack');
    expect(() => tcpVariant('vegas')).toThrow(/tcp.variant/);
  });
});
