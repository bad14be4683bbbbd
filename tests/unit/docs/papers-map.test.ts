import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { presetByName } from '../../../src/engine/scenario/presets';

/*
 * docs/papers.md is a map: every entry points at a preset and at a section of the detailed
 * docs. Headings get renamed and presets renamed or dropped as the work goes on; these
 * checks fail when a pointer of the map no longer leads anywhere (its links, as every doc's:
 * links.test.ts).
 */

const ROOT = resolve(__dirname, '../../..');
const MAP = join(ROOT, 'docs/papers.md');

/** Expands `a-{x,y}-{1,2}` into every name it stands for. */
function expandBraces(pattern: string): string[] {
  const m = /\{([^{}]*)\}/.exec(pattern);
  if (!m) return [pattern];
  const head = pattern.slice(0, m.index);
  const tail = pattern.slice(m.index + m[0].length);
  return m[1].split(',').flatMap((alt) => expandBraces(head + alt + tail));
}

const text = readFileSync(MAP, 'utf8');

describe('docs/papers.md', () => {
  it('every preset it names exists', () => {
    // names in backticks, with {a,b} alternatives; globs (*, <load>, ranges) are skipped
    const patterns = [...text.matchAll(/`([a-z0-9][a-z0-9.{},-]*)`/g)].map((m) => m[1]).filter((p) => !p.includes('..'));
    const looksLikePreset = /^(web|web100|le|feng|ecn|seeds000|bench|lockout|red)-/;
    const names = patterns.flatMap(expandBraces).filter((n) => looksLikePreset.test(n));
    expect(names.length).toBeGreaterThan(50);
    expect(names.filter((n) => presetByName(n) === undefined)).toEqual([]);
  });
});
