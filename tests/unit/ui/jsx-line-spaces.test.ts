/**
 * JSX drops a line break between text and an element: "... and its" at a line's end and
 * "<strong>Flows CSV</strong>" on the next rendered "and itsFlows CSV" in the help. Every
 * .tsx file of the app is read for text that ends a line right before an inline element
 * on the next (it needs {' '} to keep the space).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../../..');

function tsxFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? tsxFiles(join(dir, e.name)) : e.name.endsWith('.tsx') ? [join(dir, e.name)] : []));
}

/** Lines of `text` (numbered from 1) whose words would run into the inline element opening the next line. */
function gluedLines(text: string): number[] {
  const lines = text.split('\n');
  const out: number[] = [];
  for (let i = 0; i + 1 < lines.length; i++) {
    const a = lines[i].trimEnd();
    const b = lines[i + 1].trimStart();
    if (!/^<(strong|code|em|a|span|kbd|b|i)\b/.test(b)) continue;
    // text ending in a word or punctuation after a word; not an entity (&nbsp;), a comment or code
    if (!/[\p{L}\p{N},;:)'’]$/u.test(a) || /&\w+;$/.test(a)) continue;
    if (/^\s*(\/\/|\*|\/\*)|=>|\breturn\b|\bconst\b|\?|&&|\|\|/.test(a)) continue;
    out.push(i + 1);
  }
  return out;
}

describe('JSX text keeps its space before an element on the next line', () => {
  it('the check finds the help\'s "and its" / <strong>Flows CSV</strong> and passes the fixed form', () => {
    expect(gluedLines("            and its\n              <strong>Flows CSV</strong> one row")).toEqual([1]);
    expect(gluedLines("            and its{' '}\n              <strong>Flows CSV</strong> one row")).toEqual([]);
    expect(gluedLines('  {labelA} (solid) &nbsp;\n  <span className="x" />')).toEqual([]);
    expect(gluedLines('  const x = (\n    <span />')).toEqual([]);
  });

  it('no .tsx file of the app glues a word to the next line’s element', () => {
    const files = tsxFiles(join(ROOT, 'src'));
    expect(files.length).toBeGreaterThan(20);
    const found = files.flatMap((f) => gluedLines(readFileSync(f, 'utf8')).map((n) => `${relative(ROOT, f)}:${n}`));
    expect(found).toEqual([]);
  });
});
