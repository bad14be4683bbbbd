import { describe, expect, it } from 'vitest';
import { activeExperiment, lessons } from '../../../src/ui/scenario-api';

/**
 * Which "Try a change" a scenario is: the statements shown are that change's. A change run
 * again at another seed is still the change (a student checks whether its statements hold at
 * another seed); a change that is only a seed is matched exactly, or the lesson itself at any
 * seed would take its statements.
 */
describe('activeExperiment', () => {
  const all = lessons();
  const lockout = all.find((l) => l.name === 'lockout-dt')!;
  const finite = all.find((l) => l.name === 'ecn-finite')!;

  it('is the change exactly as offered, and the same change at another seed', () => {
    const change = lockout.experiments[0];
    expect(change.keys.some((k) => k.startsWith('seed='))).toBe(false);
    expect(activeExperiment(lockout, change.scenario)).toBe(change);
    expect(activeExperiment(lockout, { ...change.scenario, seed: 2 })).toBe(change);
  });

  it('is none for the lesson itself at any seed, nor for the change with another parameter changed too', () => {
    expect(activeExperiment(lockout, lockout.scenario)).toBeNull();
    expect(activeExperiment(lockout, { ...lockout.scenario, seed: 7 })).toBeNull();
    const change = lockout.experiments[0].scenario;
    expect(activeExperiment(lockout, { ...change, duration: (change.duration ?? 100) + 1 })).toBeNull();
  });

  it('a change that is only a seed matches that seed alone', () => {
    const seedOnly = finite.experiments.find((e) => e.keys.length === 1 && e.keys[0].startsWith('seed='))!;
    expect(seedOnly).toBeDefined();
    expect(activeExperiment(finite, seedOnly.scenario)).toBe(seedOnly);
    expect(activeExperiment(finite, { ...seedOnly.scenario, seed: 5 })).toBeNull();
    expect(activeExperiment(finite, finite.scenario)).toBeNull();
  });
});
