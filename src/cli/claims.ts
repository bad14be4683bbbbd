/**
 * The lesson's statements after a run from the command line, as the app's claims panel
 * shows them: for a preset (or a scenario file saved from one, named like it), each
 * statement of the lesson, or of its Try change when the scenario is exactly that change,
 * with whether it holds and what was measured; then the lesson's Try changes as --set
 * arguments.
 */
import type { RunResult } from '../engine/metrics/types';
import { checkClaim, experimentScenario, matchingExperiment, otherSeedNote, presetByName, type Claim } from '../engine/scenario/presets';
import type { Scenario } from '../engine/scenario/schema';
import { runChanges } from '../engine/scenario/url';

function verdictLines(claims: readonly Claim[], result: RunResult): string[] {
  return claims.map((c) => {
    const v = checkClaim(c, result);
    return `  ${v.pass ? '[holds]        ' : '[does not hold]'} ${c.text}\n                  measured: ${v.measured}`;
  });
}

/** The report, or null when the scenario is not a lesson's (or the lesson makes no statements). */
export function claimsReport(presetName: string | undefined, scenario: Scenario, result: RunResult): string | null {
  const preset = presetByName(presetName ?? scenario.name ?? '');
  if (!preset || !(preset.claims?.length || preset.experiments?.length)) return null;
  const experiments = preset.experiments ?? [];
  const tried = matchingExperiment(preset, scenario);
  const out: string[] = [];
  // the statements were measured at the lesson's seed (or its change's); at another, say what that means
  const ownSeed = tried ? experimentScenario(preset, tried).seed : preset.scenario.seed;
  const seedNote = scenario.seed !== ownSeed ? [`  (${otherSeedNote(ownSeed)})`] : [];
  if (tried) {
    out.push(`What this change should show (lesson ${preset.name}, tried: ${tried.title}):`, ...seedNote, ...verdictLines(tried.claims, result));
  } else if (preset.claims?.length) {
    const changed = runChanges(scenario, preset.name);
    out.push(`What this run should show (lesson ${preset.name}${changed.length ? `; your scenario differs from it: ${changed.slice(0, 6).join(' ')}${changed.length > 6 ? ` and ${changed.length - 6} more` : ''}; checked on your run` : ''}):`);
    out.push(...seedNote, ...verdictLines(preset.claims, result));
  }
  const others = experiments.filter((e) => e !== tried);
  if (others.length) {
    out.push('Try:');
    for (const e of others) out.push(`  ${Object.entries(e.set).map(([k, v]) => `--set ${k}=${String(v)}`).join(' ')}   (${e.title})`);
  }
  return out.join('\n');
}
