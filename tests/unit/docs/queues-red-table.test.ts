import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ParamSpec } from '../../../src/engine/core/params';
import { COMMON_QUEUE_PARAMS } from '../../../src/engine/aqm/queue-disc';
import { RED_PARAMS } from '../../../src/engine/aqm/red';

/*
 * docs/queues.md keeps a hand-written table of RED's parameters (with the meaning and the
 * source of each) beside the generated field reference of docs/scenario.md. Its default and
 * range columns are copies of RED_PARAMS; this check keeps them equal to the declaration,
 * so a changed default or range fails here instead of leaving the page wrong.
 */

const DOC = readFileSync(resolve(__dirname, '../../../docs/queues.md'), 'utf8');

/** Rows `| \`name\` | unit | default | range | ... |` of the table under "## RED". */
function redRows(): Map<string, { def: string; range: string }> {
  const section = DOC.slice(DOC.indexOf('## RED'), DOC.indexOf('### Per arrival'));
  const rows = new Map<string, { def: string; range: string }>();
  for (const line of section.split('\n')) {
    const m = /^\|\s*`(\w+)`\s*\|[^|]*\|([^|]*)\|([^|]*)\|/.exec(line);
    if (m) rows.set(m[1], { def: m[2].trim().replace(/`/g, ''), range: m[3].trim() });
  }
  return rows;
}

function rangeOf(spec: ParamSpec): string {
  if (spec.type === 'enum') return spec.values.join(', ');
  if (spec.type === 'boolean') return '';
  return `${spec.exclusiveMin ? '> ' : ''}${spec.min} .. ${spec.max}`;
}

/** "1e9" and "1000000000" alike: numbers in the range text compared as numbers. */
const normal = (text: string) => text.replace(/\d+(\.\d+)?(e\d+)?/g, (x) => String(Number(x)));

describe("docs/queues.md's RED parameter table", () => {
  const rows = redRows();
  const own = Object.keys(RED_PARAMS).filter((k) => !(k in COMMON_QUEUE_PARAMS));

  it("lists every parameter RED declares beyond the common ones, and no other", () => {
    expect([...rows.keys()].sort()).toEqual([...own].sort());
  });

  it.each(own)('%s: default and range as RED_PARAMS declares them', (name) => {
    const spec = (RED_PARAMS as Record<string, ParamSpec>)[name];
    const row = rows.get(name)!;
    expect(row.def).toBe(String(spec.default));
    expect(normal(row.range)).toBe(normal(rangeOf(spec)));
  });
});
