/**
 * The lesson's statements after a run from the command line, as the app's claims panel
 * shows them: for a preset (or a scenario file saved from one, named like it), each
 * statement of the lesson, or of its Try change when the scenario is exactly that change,
 * with whether it holds and what was measured; then the lesson's Try changes as --set
 * arguments.
 */
import type { RunResult, Summary } from '../engine/metrics/types';
import { checkClaim, checkVersus, comparedNote, experimentScenario, matchingExperiment, otherSeedNote, premiseChanges, premiseNote, presetByName, type Claim } from '../engine/scenario/presets';
import type { Scenario } from '../engine/scenario/schema';
import { comparisonRuns, lessonAtPaperScale } from '../engine/scenario/lesson-compare';
import { changeText, runChanges } from '../engine/scenario/url';

/**
 * Each statement with its verdict; with `compared`, a comparison with other lessons is
 * checked against their runs. `otherSeed`: the lesson's seed when the run is at another,
 * said beside a number of the lesson's that does not hold there. `about`: the scenario
 * the statements were written for (the lesson's, or its change's); a statement about what
 * the run's `scenario` no longer has (the queue made PIE in a RED lesson) is not checked.
 */
function verdictLines(claims: readonly Claim[], result: RunResult, otherSeed: number | null, about: Scenario, scenario: Scenario, compared: ReadonlyMap<string, Summary> | null = null, paperScale = false): string[] {
  return claims.map((c) => {
    const lost = premiseChanges(c, about, scenario);
    if (lost.length) return `  [not checked]   ${c.text}\n                  ${premiseNote(lost)}`;
    const against = compared ? checkVersus(c, result.summary, compared, 'this run') : null;
    const v = against ?? checkClaim(c, result);
    const text = against && c.versus ? c.versus.text : c.text;
    const seedBound = !v.pass && !against ? (otherSeed !== null ? ` (the statement's number was measured at seed ${otherSeed})` : paperScale ? " (the statement's number was measured on the lesson's shorter run)" : '') : '';
    return `  ${v.pass ? '[holds]        ' : '[does not hold]'} ${text}\n                  measured: ${v.measured}${seedBound}`;
  });
}

/** A lesson's paper scale (presets/types.ts, PaperScale) as --set arguments: "--set warmup=120 --set stopAfterExchanges=250000 --set duration=null". */
export function paperScaleArgs(set: Readonly<Record<string, unknown>>): string {
  return Object.entries(set).map(([k, v]) => `--set ${k}=${v === null ? 'null' : String(v)}`).join(' ');
}

const lessonName = (presetName: string | undefined, scenario: Scenario): string => presetName ?? scenario.name ?? '';

/**
 * For a run that differs from its lesson only in the seed: the lessons its statements
 * compare with (lesson-compare.ts, comparisonRuns), each run at that seed by `run`, saying so first;
 * null when there are none.
 */
export function runComparisons(presetName: string | undefined, scenario: Scenario, run: (s: Scenario) => Summary, say: (line: string) => void): Map<string, Summary> | null {
  const name = lessonName(presetName, scenario);
  const c = presetByName(name) ? comparisonRuns(scenario, name) : null;
  if (!c) return null;
  const out = new Map<string, Summary>();
  c.lessons.forEach((l, i) => {
    say(`checking the lesson's comparisons ${c.paperScale ? `at the paper's scale, seed ${c.seed}` : `at seed ${c.seed}`}: running ${l.name} (${i + 1} of ${c.lessons.length})`);
    out.set(l.name, run(l.scenario));
  });
  return out;
}

/**
 * The report, or null when the scenario is not a lesson's (or the lesson makes no
 * statements). `compared`: the summaries of runComparisons.
 */
export function claimsReport(presetName: string | undefined, scenario: Scenario, result: RunResult, compared: ReadonlyMap<string, Summary> | null = null): string | null {
  const preset = presetByName(lessonName(presetName, scenario));
  if (!preset || !(preset.claims?.length || preset.experiments?.length)) return null;
  const experiments = preset.experiments ?? [];
  const tried = matchingExperiment(preset, scenario);
  const out: string[] = [];
  // the statements were measured at the lesson's seed (or its change's); at another, say what that means
  const ownSeed = tried ? experimentScenario(preset, tried).seed : preset.scenario.seed;
  const seedNote = scenario.seed !== ownSeed ? [`  (${otherSeedNote(ownSeed)}${compared ? ` ${comparedNote(scenario.seed)}` : ''})`] : [];
  if (tried) {
    out.push(`What this change should show (lesson ${preset.name}, tried: ${tried.title}):`, ...seedNote, ...verdictLines(tried.claims, result, scenario.seed !== ownSeed ? ownSeed : null, experimentScenario(preset, tried), scenario));
  } else if (preset.claims?.length && preset.paperScale && lessonAtPaperScale(scenario, preset.name)) {
    // the lesson as the paper runs it: not "your scenario differs"; its comparisons are checked against the others at that scale
    out.push(`What this run should show (lesson ${preset.name} at the paper's scale: ${preset.paperScale.words}; checked on your run${compared ? ', the comparisons with other lessons against them run at the paper\'s scale too' : ''}):`);
    out.push(...seedNote, ...verdictLines(preset.claims, result, scenario.seed !== ownSeed ? ownSeed : null, preset.scenario, scenario, compared, true));
  } else if (preset.claims?.length) {
    // each changed value in its field's usual unit, as the app's claims panel writes it (queue.target=20ms)
    const changed = runChanges(scenario, preset.name).map((kv) => changeText(scenario, kv));
    out.push(`What this run should show (lesson ${preset.name}${changed.length ? `; your scenario differs from it: ${changed.slice(0, 6).join(' ')}${changed.length > 6 ? ` and ${changed.length - 6} more` : ''}; checked on your run` : ''}):`);
    out.push(...seedNote, ...verdictLines(preset.claims, result, scenario.seed !== ownSeed ? ownSeed : null, preset.scenario, scenario, compared));
  }
  if (preset.paperScale && !lessonAtPaperScale(scenario, preset.name) && !tried && runChanges(scenario, preset.name).every((kv) => kv.startsWith('seed='))) {
    out.push(`At the paper's scale (${preset.paperScale.words}):`, `  ${paperScaleArgs(preset.paperScale.set)}`);
  }
  const others = experiments.filter((e) => e !== tried);
  if (others.length) {
    out.push('Try:');
    for (const e of others) out.push(`  ${Object.entries(e.set).map(([k, v]) => `--set ${k}=${String(v)}`).join(' ')}   (${e.title})`);
  }
  return out.join('\n');
}
