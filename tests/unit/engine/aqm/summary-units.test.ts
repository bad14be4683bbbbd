import { describe, expect, it } from 'vitest';
import { AQMS } from '../../../../src/engine/aqm/registry';
import { runScenario } from '../../../../src/engine/run';
import { presetScenario } from '../../../../src/engine/scenario/presets';
import { parseScenario } from '../../../../src/engine/scenario/schema';
import { applySet } from '../../../../src/engine/scenario/set';
import { aqmLines } from '../../../../src/cli/format';

describe('summary.bottleneck.aqm', () => {
  // the CLI prints each number with its unit (src/cli/format.ts aqmLines): a value the
  // discipline adds to its summary without declaring its unit printed bare (CoDel's
  // dropNext 119.8, PIE's avgDqTime 0.0132, REM's inAvg 2)
  it.each(AQMS.filter((d) => (d.vars ?? []).length > 0).map((d) => d.kind))('%s: every number in its parameters and final state has a declared unit', (kind) => {
    const s = presetScenario('default')! as unknown as Record<string, unknown>;
    expect(applySet(s, 'topology.bottleneck.queue.kind', kind)).toBeNull();
    expect(applySet(s, 'duration', 10)).toBeNull();
    const parsed = parseScenario(s);
    if (!parsed.ok) throw new Error(parsed.errors.join('\n'));
    const aqm = runScenario(parsed.scenario).summary.bottleneck.aqm!;
    const d = AQMS.find((x) => x.kind === kind)!;
    const declared = new Set([...Object.keys(d.params), ...(d.vars ?? []).map((v) => v.name), ...Object.keys(d.summaryUnits ?? {})]);
    const numbers = [...Object.entries(aqm.params), ...Object.entries(aqm.state)].filter(([, v]) => typeof v === 'number').map(([k]) => k);
    expect(numbers.length).toBeGreaterThan(2);
    expect(numbers.filter((k) => !declared.has(k))).toEqual([]);
  });

  it('CoDel prints its next drop time and PIE its dequeue time in seconds, REM its input rate per interval', () => {
    const lineOf = (kind: string) => {
      const s = presetScenario('default')! as unknown as Record<string, unknown>;
      applySet(s, 'topology.bottleneck.queue.kind', kind);
      applySet(s, 'duration', 10);
      const parsed = parseScenario(s);
      if (!parsed.ok) throw new Error(parsed.errors.join('\n'));
      return aqmLines(runScenario(parsed.scenario).summary.bottleneck)[1];
    };
    expect(lineOf('codel')).toMatch(/dropNext [\d.]+ s, firstAboveTime [\d.]+ s$/);
    expect(lineOf('pie')).toMatch(/qdelayOld [\d.e-]+ s, burstAllowance [\d.e-]+ s, avgDqTime [\d.e-]+ s$/);
    expect(lineOf('rem')).toMatch(/inAvg [\d.]+ packets per interval$/);
    expect(lineOf('pi')).toMatch(/qOld \d+ packets$/);
  });
});
