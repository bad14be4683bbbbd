import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { presetByName } from '../../../src/engine/scenario/presets';

/*
 * docs/papers.md is a map: every entry points at a preset and at a section of the detailed
 * docs. Headings get renamed and presets renamed or dropped as the work goes on; these
 * checks fail when a pointer of the map no longer leads anywhere.
 */

const ROOT = resolve(__dirname, '../../..');
const MAP = join(ROOT, 'docs/papers.md');

/** GitHub's heading anchor: lower case, punctuation dropped, each space a hyphen. */
function slug(heading: string): string {
  return heading.trim().toLowerCase().replace(/[^\p{L}\p{N}\s_-]/gu, '').replace(/\s/g, '-');
}

function anchorsOf(file: string): Set<string> {
  const seen = new Map<string, number>();
  const out = new Set<string>();
  let fenced = false;
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (line.startsWith('```')) fenced = !fenced;
    const m = fenced ? null : /^#{1,6}\s+(.*)$/.exec(line);
    if (!m) continue;
    const s = slug(m[1]);
    const n = seen.get(s) ?? 0;
    seen.set(s, n + 1);
    out.add(n === 0 ? s : `${s}-${n}`);
  }
  return out;
}

/** Expands `a-{x,y}-{1,2}` into every name it stands for. */
function expandBraces(pattern: string): string[] {
  const m = /\{([^{}]*)\}/.exec(pattern);
  if (!m) return [pattern];
  const head = pattern.slice(0, m.index);
  const tail = pattern.slice(m.index + m[0].length);
  return m[1].split(',').flatMap((alt) => expandBraces(head + alt + tail));
}

const text = readFileSync(MAP, 'utf8');
// inline code is not a link, and its brackets (e.g. `le-pi-24[-ecn]`) are not references
const prose = text.replace(/`[^`\n]*`/g, '``');

describe('docs/papers.md', () => {
  it('every relative link leads to an existing file and heading', () => {
    const targets = [...prose.matchAll(/\]\(([^)\s]+)\)/g), ...prose.matchAll(/^\[[^\]]+\]:\s+(\S+)/gm)].map((m) => m[1]).filter((l) => !/^[a-z]+:/.test(l));
    expect(targets.length).toBeGreaterThan(10);
    const broken = targets.filter((link) => {
      const [path, anchor] = link.split('#');
      const file = path ? resolve(dirname(MAP), path) : MAP;
      return !existsSync(file) || (anchor !== undefined && !anchorsOf(file).has(anchor));
    });
    expect(broken).toEqual([]);
  });

  it('every reference-style link is defined', () => {
    const defined = new Set([...prose.matchAll(/^\[([^\]]+)\]:/gm)].map((m) => m[1].toLowerCase()));
    const undefinedRefs = [...prose.matchAll(/\]\[([^\]]+)\]/g)].map((m) => m[1]).filter((r) => !defined.has(r.toLowerCase()));
    expect(undefinedRefs).toEqual([]);
  });

  it('every preset it names exists', () => {
    // names in backticks, with {a,b} alternatives; globs (*, <load>, ranges) are skipped
    const patterns = [...text.matchAll(/`([a-z0-9][a-z0-9.{},-]*)`/g)].map((m) => m[1]).filter((p) => !p.includes('..'));
    const looksLikePreset = /^(web|web100|le|feng|ecn|seeds000|bench|lockout|red)-/;
    const names = patterns.flatMap(expandBraces).filter((n) => looksLikePreset.test(n));
    expect(names.length).toBeGreaterThan(50);
    expect(names.filter((n) => presetByName(n) === undefined)).toEqual([]);
  });
});
