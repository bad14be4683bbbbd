import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { anchorsOf, brokenLinks, linkTargets, prose, undefinedReferences } from './markdown';

/*
 * The docs point at each other (README -> docs/*.md#section, docs/papers.md -> web.md#...)
 * and at files of the repository. Headings get renamed and files move; these checks fail
 * when a link or a named path of README.md or docs/*.md no longer leads anywhere.
 */

const ROOT = resolve(__dirname, '../../..');
const DOCS = ['README.md', ...readdirSync(join(ROOT, 'docs')).filter((f) => f.endsWith('.md')).sort().map((f) => `docs/${f}`)];
const exists = (p: string) => existsSync(join(ROOT, p));
const anchors = (p: string) => anchorsOf(join(ROOT, p));

describe('links of README.md and docs/*.md', () => {
  it('finds the docs and their links', () => {
    expect(DOCS).toContain('docs/papers.md');
    const all = DOCS.flatMap((d) => linkTargets(prose(readFileSync(join(ROOT, d), 'utf8'))));
    expect(all.length).toBeGreaterThan(40);
  });

  it('reports a missing file and a missing heading (the check itself)', () => {
    const text = '# Top\n\n[ok](#top) [ok2](cli.md) [bad](nowhere.md) [bad2](#no-such-heading) `[not a link](x.md)`\n\n```\n[in a block](y.md)\n```\n';
    const found = brokenLinks('docs/fake.md', text, (p) => p === 'docs/cli.md' || p === 'docs/fake.md', () => new Set(['top']));
    expect(found).toEqual(['nowhere.md', '#no-such-heading']);
  });

  for (const doc of DOCS) {
    describe(doc, () => {
      const text = readFileSync(join(ROOT, doc), 'utf8');

      it('every relative link leads to an existing file and heading', () => {
        expect(brokenLinks(doc, text, exists, anchors)).toEqual([]);
      });

      it('every reference-style link is defined', () => {
        expect(undefinedReferences(prose(text))).toEqual([]);
      });

      it('every repository path it names exists', () => {
        // src/..., tests/..., docs/..., workers/... in prose or code; globs and placeholders skipped
        const paths = [...text.matchAll(/(?<![\w/.-])((?:src|tests|docs|workers)\/[\w./-]*\w)/g)].map((m) => m[1]);
        expect(paths.filter((p) => !exists(p))).toEqual([]);
      });
    });
  }
});
