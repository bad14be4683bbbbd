/**
 * What the lesson-mechanics test files share: a lesson and its text by name, its scenario
 * with a few fields set (a seed, a parameter), a run with a sink, and the bottleneck queue's
 * settings. Each file recomputes its mechanism from these; nothing here judges a run.
 */
import type { RunResult, RunSink } from '../../src/engine/metrics/types';
import { runScenario, type RunOptions } from '../../src/engine/run';
import { presetByName, presetScenario } from '../../src/engine/scenario/presets';
import { setPath } from '../../src/engine/scenario/paths';
import { parseScenario, type Scenario } from '../../src/engine/scenario/schema';

export const lesson = (name: string) => {
  const p = presetByName(name);
  if (!p) throw new Error(`no lesson ${name}`);
  return p;
};

/** The lesson's text (its setup and what to watch). */
export const textOf = (name: string) => lesson(name).lesson ?? '';

/** The lesson's scenario with `sets` applied (a seed, a parameter), validated. */
export function scenarioOf(name: string, sets: Record<string, unknown> = {}): Scenario {
  const s = presetScenario(name)! as unknown as Record<string, unknown>;
  for (const [k, v] of Object.entries(sets)) setPath(s, k, v);
  const p = parseScenario(s);
  if (!p.ok) throw new Error(p.errors.join('\n'));
  return p.scenario;
}

export function run(sc: Scenario, sink: RunSink, options: RunOptions = {}): RunResult {
  return runScenario(sc as unknown as Parameters<typeof runScenario>[0], sink, options);
}

/** The bottleneck queue's parameters as the lesson sets them. */
export function queueOf(sc: Scenario): Record<string, unknown> {
  const t = sc.topology as { kind: string; bottleneck?: { queue: Record<string, unknown> } };
  if (!t.bottleneck) throw new Error('not a dumbbell');
  return t.bottleneck.queue;
}

/** Relative closeness for recomputed doubles (the engine's and a test's arithmetic differ in order). */
export const close = (a: number, b: number) => Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));
