import { describe, expect, it } from 'vitest';
import { presetScenario } from '../../../../src/engine/scenario/presets';
import { compareStem, runFileName } from '../../../../src/ui/compare/file-names';
import { withParam } from '../../../../src/ui/scenario-api';

describe("a comparison's exported file names", () => {
  const pi24 = presetScenario('web100-users-pi24-98')!;
  const pi240 = presetScenario('web100-users-pi240-98')!;
  const labelA = 'Browsing users at 98 % of 100 Mb/s, PI q_ref 24 (seeds/002)';
  const labelB = 'Browsing users at 98 % of 100 Mb/s, PI q_ref 240 (seeds/002)';

  // the labels cut at 32 characters named both runs "browsing-users-at-98-of-100-mb-s"
  it('two lessons run as they are: named by their lessons, so the two runs differ in the name', () => {
    const stem = compareStem(runFileName(labelA, 'web100-users-pi24-98', { ...pi24, seed: 2 }), runFileName(labelB, 'web100-users-pi240-98', pi240), [2]);
    expect(stem).toBe('aqm-lab-compare-web100-users-pi24-98-vs-web100-users-pi240-98-seed2');
    const [a, b] = stem.replace(/^aqm-lab-compare-/, '').replace(/-seed2$/, '').split('-vs-');
    expect(a).not.toBe(b);
  });

  it('an edited lesson, a custom scenario or a variant keeps its label: the lesson name would say it ran the lesson', () => {
    const r = withParam(pi24, 'topology.bottleneck.queue.qRef', 100);
    if (!r.ok) throw new Error(r.errors.join('; '));
    expect(runFileName(labelA, 'web100-users-pi24-98', r.scenario)).toBe(labelA);
    expect(runFileName('RED + ECN', null, pi24)).toBe('RED + ECN');
    expect(runFileName('mine', 'no-such-lesson', pi24)).toBe('mine');
  });
});
