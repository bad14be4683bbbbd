/**
 * Lesson names in lesson texts become links (lesson-links.tsx): every name the texts use is
 * found whole, nothing else is, and the lesson's own name stays text.
 */
import { describe, expect, it } from 'vitest';
import { lessonNamePieces } from '../../../src/ui/lesson-links';
import { lessons } from '../../../src/ui/scenario-api';

const all = lessons();
const names = (pieces: ReturnType<typeof lessonNamePieces>) => pieces.filter((p) => typeof p !== 'string').map((p) => (p as { name: string }).name);

describe('lesson names in lesson texts', () => {
  it('finds whole names only: not inside a longer name, a glob or a word', () => {
    const text = "Compare with lockout-dt (lockout-dt: 48); run npm run sweep -- 'feng-fig20a-*' feng-fig12; not lockout-dt-x, not xlockout-dt, not feng-fig4-n8-maxp-0.016x.";
    expect(names(lessonNamePieces(text, all, null))).toEqual(['lockout-dt', 'lockout-dt', 'feng-fig12']);
  });

  it('keeps every character of the text, in order', () => {
    const text = 'The lockout-dt scenario with RED, and bench-seeds000-full.';
    const pieces = lessonNamePieces(text, all, null);
    expect(pieces.map((p) => (typeof p === 'string' ? p : p.name)).join('')).toBe(text);
    expect(pieces.length).toBe(5);
  });

  it('leaves the current lesson’s own name as text', () => {
    expect(names(lessonNamePieces('lockout-dt and red-vs-dt', all, 'red-vs-dt'))).toEqual(['lockout-dt']);
  });

  it('links a name with a decimal point whole', () => {
    const n = all.find((l) => /\.\d/.test(l.name))!.name;
    expect(names(lessonNamePieces(`see ${n}.`, all, null))).toEqual([n]);
  });

  it('finds the names the shipped lesson texts use, each a lesson that exists', () => {
    const found = new Set<string>();
    for (const l of all) for (const t of [l.lesson, ...l.claims.map((c) => c.text)]) for (const n of names(lessonNamePieces(t, all, l.name))) found.add(n);
    // red-vs-dt refers to lockout-dt; the bufferbloat lessons to one another (the seeds/000 lessons
    // named bench-seeds000-full as their full run until each offered its own: "Run at the paper's scale")
    expect(found.has('lockout-dt')).toBe(true);
    expect(found.has('bufferbloat-dt')).toBe(true);
  });
});
