import { describe, expect, it } from 'vitest';
import { decodeLink, encodeLink, problemLine } from '../../../../src/ui/scenario-api';
import { presetScenario } from '../../../../src/engine/scenario/presets';

/*
 * A link whose encoded scenario was cut off when copied (a chat window, a slide): the banner
 * says so in a line a student can read, not with the whole base64 text.
 */
describe('banner lines for a bad link', () => {
  const full = (() => {
    const s = presetScenario('default')!;
    // two traffic items: not expressible as key=value changes, so the link carries s=...
    s.traffic = [...s.traffic, { kind: 'bulk', from: 'left', flows: 1 }] as typeof s.traffic;
    return encodeLink(s, 'default');
  })();

  it('a cut encoded scenario is called cut off, and its value is shortened in the line', () => {
    expect(full).toMatch(/(^|&)s=eyJ/);
    const d = decodeLink(full.slice(0, full.length - 12));
    expect(d.problems).toHaveLength(1);
    const line = problemLine(d.problems[0]);
    expect(line).toContain('the link looks cut off (copy the whole link again)');
    expect(line.length).toBeLessThan(200);
    expect(line).toMatch(/^s=eyJ.{21}… \(\d+ characters\): /);
  });

  it('short values are repeated whole; garbage is not called cut off', () => {
    const d = decodeLink('p=default&s=garbage');
    expect(problemLine(d.problems[0])).toBe('s=garbage: s: not a valid encoded scenario (base64url of JSON); opened preset "default" instead');
    expect(problemLine({ key: 'seed', value: 'abc', message: 'expected a number' })).toBe('seed=abc: expected a number');
  });
});
