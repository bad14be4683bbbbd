/** A scenario built in tests by `--set`-like changes to a base, checked as the app and the CLI check it. */
import { cloneJson } from '../../src/engine/scenario/paths';
import { parseScenario, type Scenario } from '../../src/engine/scenario/schema';
import { applySet } from '../../src/engine/scenario/set';

/** `base` with each [path, value] applied in order; throws the first refusal or the validation's errors. */
export function scenarioWithSets(base: unknown, sets: readonly [string, unknown][]): Scenario {
  const json = cloneJson(base) as Record<string, unknown>;
  for (const [p, v] of sets) {
    const err = applySet(json, p, v);
    if (err) throw new Error(err);
  }
  const r = parseScenario(json);
  if (!r.ok) throw new Error(r.errors.join('\n'));
  return r.scenario;
}
