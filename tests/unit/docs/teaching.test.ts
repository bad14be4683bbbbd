/**
 * docs/teaching.md walks a class through lessons by name: every lesson it names must exist,
 * and each "Try a change" it names must be one of that lesson's experiments.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { presetByName } from '../../../src/engine/scenario/presets';

const TEXT = readFileSync(join(__dirname, '../../../docs/teaching.md'), 'utf8');

describe('docs/teaching.md', () => {
  it('names only lessons that exist', () => {
    const names = new Set([...TEXT.matchAll(/#p=([a-z0-9-]+)/g), ...TEXT.matchAll(/`([a-z0-9]+(?:-[a-z0-9]+)+)`/g)].map((m) => m[1]));
    expect(names.size).toBeGreaterThanOrEqual(8);
    expect([...names].filter((n) => presetByName(n) === undefined)).toEqual([]);
  });

  it('each section\'s "Try a change" is one of its lesson\'s experiments', () => {
    const sections = TEXT.split(/\n## /).slice(1);
    let checked = 0;
    for (const s of sections) {
      const lesson = /`([a-z0-9]+(?:-[a-z0-9]+)+)`/.exec(s.split('\n')[0])?.[1];
      const tries = [...s.matchAll(/\*\*Try a change\*\* → "([^"]+)"/g)].map((m) => m[1]);
      if (!lesson || tries.length === 0) continue;
      const titles = (presetByName(lesson)?.experiments ?? []).map((e) => e.title);
      for (const t of tries) {
        expect(titles, lesson).toContain(t);
        checked++;
      }
    }
    expect(checked).toBeGreaterThanOrEqual(5);
  });
});
