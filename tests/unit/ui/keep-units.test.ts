import { describe, expect, it } from 'vitest';
import { unitPieces } from '../../../src/ui/lesson-links';

describe('a statement keeps each number with its unit on one line', () => {
  it('numbers with %, ms, s and a rate are pieces of their own; the pieces make the text', () => {
    const text = 'Measured: 82.9 % within 2 s; web-users-dt-98 96.3\u00a0%, a 10 Mb/s link, 500 ms, 5 seconds, 3 samples, 1,000 KB.';
    const pieces = unitPieces(text);
    expect(pieces.filter((p) => p.unit).map((p) => p.text)).toEqual(['82.9 %', '2 s', '96.3\u00a0%', '10 Mb/s', '500 ms', '1,000 KB']);
    expect(pieces.map((p) => p.text).join('')).toBe(text);
    expect(unitPieces('no numbers here')).toEqual([{ text: 'no numbers here', unit: false }]);
  });
});
