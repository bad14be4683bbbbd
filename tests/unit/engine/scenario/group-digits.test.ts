import { describe, expect, it } from 'vitest';
import type { RunResult, Summary } from '../../../../src/engine/metrics/types';
import { checkClaim, checkVersus, groupDigits, type Claim } from '../../../../src/engine/scenario/presets/types';

describe("a statement's measured numbers are grouped by thousands, as the app writes its counts", () => {
  it('groups whole numbers of four digits or more, and leaves fractions, names and glued units alone', () => {
    expect(groupDigits('96812 early drops, 48988 marks')).toBe('96,812 early drops, 48,988 marks');
    expect(groupDigits('1121.1 s, 1234567 packets, 999 marks, 1000 timeouts')).toBe('1,121.1 s, 1,234,567 packets, 999 marks, 1,000 timeouts');
    expect(groupDigits('0.01234 lost; web100-users-dt-98 93.8 %; ql1024x; 250,000 exchanges')).toBe('0.01234 lost; web100-users-dt-98 93.8 %; ql1024x; 250,000 exchanges');
    expect(groupDigits('-12345 change')).toBe('-12,345 change');
  });

  it('on the verdicts of a statement and of its comparison (the app, the command line and the sweep show these)', () => {
    const c: Claim = {
      text: 'More packets are dropped early than marked.',
      check: () => ({ pass: true, measured: '96812 early drops, 48988 marks' }),
      versus: { lessons: ['other'], text: 'More than the other lesson.', check: () => ({ pass: true, measured: '12345 drops; other 2345' }) },
    };
    expect(checkClaim(c, {} as RunResult).measured).toBe('96,812 early drops, 48,988 marks');
    const others = new Map<string, Summary>([['other', {} as Summary]]);
    expect(checkVersus(c, {} as Summary, others, 'this run')?.measured).toBe('this run 12,345 drops; other 2,345');
  });
});
