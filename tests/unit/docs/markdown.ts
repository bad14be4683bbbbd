import { readFileSync } from 'node:fs';

/*
 * What the docs tests need to read Markdown: heading anchors as GitHub makes them, and the
 * links of a page outside code (code spans and fenced blocks are examples, not links).
 */

/** GitHub's heading anchor: lower case, punctuation dropped, each space a hyphen. */
export function slug(heading: string): string {
  return heading.trim().toLowerCase().replace(/[^\p{L}\p{N}\s_-]/gu, '').replace(/\s/g, '-');
}

/** Every anchor a Markdown file's headings give (a repeated heading gets -1, -2, ...). */
export function anchorsOf(file: string): Set<string> {
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

/** The text with fenced blocks emptied and code spans replaced by empty ones. */
export function prose(text: string): string {
  return text.replace(/^```[^\n]*\n[\s\S]*?^```[^\n]*$/gm, '').replace(/`[^`\n]*`/g, '``');
}

/** Targets of inline links `](x)` and of reference definitions `[r]: x`, in the prose. */
export function linkTargets(proseText: string): string[] {
  return [...proseText.matchAll(/\]\(([^)\s]+)\)/g), ...proseText.matchAll(/^\[[^\]]+\]:\s+(\S+)/gm)].map((m) => m[1]);
}

/** Reference-style uses `][r]` whose `[r]:` definition is missing. */
export function undefinedReferences(proseText: string): string[] {
  const defined = new Set([...proseText.matchAll(/^\[([^\]]+)\]:/gm)].map((m) => m[1].toLowerCase()));
  return [...proseText.matchAll(/\]\[([^\]]+)\]/g)].map((m) => m[1]).filter((r) => !defined.has(r.toLowerCase()));
}

/**
 * The relative links of `file` (its text given) that lead nowhere: a missing file, or an
 * #anchor that no heading of the target makes. Links with a scheme (https:, mailto:) are
 * not followed.
 */
export function brokenLinks(file: string, text: string, exists: (path: string) => boolean, anchors: (path: string) => Set<string>): string[] {
  return linkTargets(prose(text))
    .filter((l) => !/^[a-z][a-z0-9+.-]*:/i.test(l))
    .filter((link) => {
      const hash = link.indexOf('#');
      const path = hash < 0 ? link : link.slice(0, hash);
      const anchor = hash < 0 ? undefined : link.slice(hash + 1);
      const target = path ? resolvePath(file, path) : file;
      if (!exists(target)) return true;
      return anchor !== undefined && (!target.endsWith('.md') || !anchors(target).has(anchor));
    });
}

function resolvePath(from: string, rel: string): string {
  const parts = from.split('/').slice(0, -1);
  for (const p of rel.split('/')) {
    if (p === '..') parts.pop();
    else if (p !== '.' && p !== '') parts.push(p);
  }
  return parts.join('/');
}
