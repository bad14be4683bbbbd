import { describe, expect, it } from 'vitest';
import { AQMS } from '../../../src/engine/aqm/registry';
import type { ParamSpec } from '../../../src/engine/core/params';
import { LINK_FIELDS } from '../../../src/engine/scenario/fields';
import { TCP_PARAMS } from '../../../src/engine/tcp/params';
import { TRAFFICS } from '../../../src/engine/traffic/registry';

/*
 * The editor shows each parameter by its label: two fields of one form with the same label
 * (TCP's delayed-ACK timeout and its timing rule were both "Delayed-ACK timer") leave a
 * student guessing which is which, and a message naming the field by its label names two.
 */
function duplicates(params: Record<string, ParamSpec>): string[] {
  const seen = new Map<string, string>();
  const out: string[] = [];
  for (const [k, p] of Object.entries(params)) {
    const prev = seen.get(p.label);
    if (prev) out.push(`"${p.label}": ${prev} and ${k}`);
    else seen.set(p.label, k);
  }
  return out;
}

describe('parameter labels', () => {
  it('are unique within each form: TCP, the link, each queue discipline, each traffic kind', () => {
    expect(duplicates(TCP_PARAMS)).toEqual([]);
    expect(duplicates(LINK_FIELDS as unknown as Record<string, ParamSpec>)).toEqual([]);
    for (const d of AQMS) expect(duplicates(d.params as Record<string, ParamSpec>), d.kind).toEqual([]);
    for (const t of TRAFFICS) expect(duplicates(t.params as Record<string, ParamSpec>), t.kind).toEqual([]);
  });
});
