/**
 * The lesson's claims (src/engine/scenario/presets/types.ts): what its run should show,
 * each sentence checked against the run's result when it ends, ticked or crossed with
 * the measured value. A student who changes a parameter sees which statements stop
 * holding; the keys changed from the lesson are listed, as in the link.
 */
import { useEffect, useLayoutEffect, useMemo, useState, type ReactNode } from 'react';
import type { RunResult, Summary } from '../engine/metrics/types';
import { checkClaim, checkClaimOnRun, checkVersus, comparedNote, otherSeedNote, premiseChanges, premiseNote, type ClaimVerdict } from '../engine/scenario/presets';
import { useServices } from './app-context';
import { familyConcurrency, useRuns, type RunJob } from './compare/run-queue';
import { leftText, timeLeft } from './compare/time-left';
import { useLessonFold } from './lesson-fold';
import { lessonNamePieces, unitPieces, type NamedLesson } from './lesson-links';
import { activeExperiment, comparisonRuns, lessonByName, lessonPaperScale, lessons, runChanges, runsAtPaperScale } from './scenario-api';
import { changeText } from '../engine/scenario/url';
import { comparedRuns, comparedToRun, runId } from './compared-runs';
import { useAppState } from './store/app-store';
import { liveChangeNote } from './live-change-note';
import { viewOf } from './scenario-view';

/**
 * The statements of the lesson (or of the change tried) and their verdicts on the last
 * run's result (null: not checked); `comparisons`: the lessons to run at the run's seed
 * when it differs from its lesson only in the seed (scenario-api, comparisonRuns);
 * `lost`: for each statement, what the scenario no longer has of what it is about (the
 * queue made PIE in a RED lesson: premiseChanges), empty when it can be checked. A
 * statement with a premise lost is not checked: RED's "every drop is an early RED drop"
 * was ticked on a PIE run.
 */
function useClaimVerdicts() {
  const { store } = useServices();
  const presetName = useAppState(store, (s) => s.presetName);
  const scenario = useAppState(store, (s) => s.scenario);
  const result = useAppState(store, (s) => s.result);
  const lesson = lessonByName(presetName);
  // the lesson run with one of its "try" changes: that experiment's statements
  const experiment = activeExperiment(lesson, scenario);
  const claims = experiment?.claims ?? lesson?.claims ?? [];
  const about = experiment?.scenario ?? lesson?.scenario;
  const lost = useMemo(() => claims.map((c) => (about && scenario ? premiseChanges(c, about, scenario) : [])), [claims, about, scenario]);
  const verdicts = useMemo<(ClaimVerdict | null)[]>(() => {
    if (!result) return claims.map(() => null);
    // the result may be of the scenario before the last edit: a statement is checked on it only if that run had what it is about
    return claims.map((c, i) => (lost[i].length ? null : about ? checkClaimOnRun(c, about, result) : checkClaim(c, result)));
  }, [claims, result, lost]);
  const comparisons = useMemo(() => (lesson && scenario && !experiment ? comparisonRuns(scenario, lesson.name) : null), [lesson, scenario, experiment]);
  return { presetName, scenario, result, lesson, experiment, claims, verdicts, comparisons, lost };
}

/**
 * How many of the statements held on the run just ended, for the run's status line to say
 * (a screen-reader user hears it with "finished"); null when there is none or none checked,
 * or when some are yet to be checked against other lessons' runs (the panel says it then).
 * `unchecked`: the statements about what the scenario no longer has, not in `total`.
 */
export function useClaimTally(): { held: number; total: number; unchecked: number } | null {
  const { claims, verdicts, comparisons, lost } = useClaimVerdicts();
  const unchecked = lost.filter((l) => l.length > 0).length;
  if (claims.length === unchecked || comparisons || verdicts.some((v, i) => v === null && lost[i].length === 0)) return null;
  return { held: verdicts.filter((v) => v?.pass).length, total: claims.length - unchecked, unchecked };
}

/**
 * The lessons a run's statements compare with, run at its seed once the run has ended
 * (`ready`), each in a worker of its own (compare/run-queue.ts): their summaries when all
 * are in, how many are, and the first error.
 */
function useComparedRuns(comparisons: ReturnType<typeof comparisonRuns>, ready: boolean): { summaries: Map<string, Summary> | null; done: number; left: number | null; error: string | null } {
  const paper = comparisons?.paperScale === true;
  const want = comparisons && ready ? comparisons.lessons.map((l) => runId(l.name, comparisons.seed, paper)).join(' ') : '';
  // the runs still missing when asked for (the cache is read once per request, so that each result coming in does not restart the others)
  const todo = useMemo(() => (want ? comparedToRun(comparisons) : []), [want]);
  const jobs = useMemo<RunJob[]>(() => todo.map((l) => ({ scenario: l.scenario, baseline: false, light: true })), [todo]);
  const sides = useRuns(jobs, 0, familyConcurrency());
  const started = useMemo(() => performance.now(), [jobs]);
  useEffect(() => {
    sides.forEach((side, i) => {
      if (side.state === 'done' && todo[i]) comparedRuns.set(runId(todo[i].name, todo[i].scenario.seed, paper), side.result.summary);
    });
  }, [sides, todo]);
  if (!comparisons || !want) return { summaries: null, done: 0, left: null, error: null };
  const map = new Map<string, Summary>();
  for (const l of comparisons.lessons) {
    const i = todo.findIndex((t) => t.name === l.name);
    const side = i >= 0 ? sides[i] : undefined;
    const s = comparedRuns.get(runId(l.name, comparisons.seed, paper)) ?? (side?.state === 'done' ? side.result.summary : undefined);
    if (s) map.set(l.name, s);
  }
  const failed = sides.find((s) => s.state === 'error');
  return {
    summaries: map.size === comparisons.lessons.length ? map : null,
    done: map.size,
    // re-read at each progress report of the runs (a few a second)
    left: timeLeft(
      sides.map((x) => (x.state === 'done' ? 1 : x.state === 'running' ? x.progress : 0)),
      (performance.now() - started) / 1000,
    ),
    error: failed?.state === 'error' ? failed.message : null,
  };
}

export function LessonClaims() {
  const { store } = useServices();
  const status = useAppState(store, (s) => s.status);
  const markers = useAppState(store, (s) => s.markers);
  const stale = useAppState(store, (s) => s.resultRev !== null && s.resultRev !== s.scenarioRev);
  const { presetName, scenario, result, lesson, experiment, claims, verdicts: own, comparisons, lost } = useClaimVerdicts();
  // at another seed, the statements that compare with other lessons are checked against them run at that seed
  const compared = useComparedRuns(comparisons, result !== null && !stale);
  // whether the last run was checked by comparisons (at another seed, unchanged otherwise):
  // after a later edit its statements that compare are not judged by the lesson's numbers
  // (a seed-6 run then edited showed three crosses the run had never been held to)
  const [ranAs, setRanAs] = useState<{ result: RunResult; compared: boolean } | null>(null);
  useEffect(() => {
    if (result && !stale) setRanAs({ result, compared: comparisons !== null });
  }, [result, stale, comparisons]);
  const ranCompared = ranAs !== null && ranAs.result === result && ranAs.compared;
  const verdicts = useMemo<(ClaimVerdict | null)[]>(
    () =>
      comparisons && result
        ? claims.map((c, i) => (c.versus ? (compared.summaries ? checkVersus(c, result.summary, compared.summaries, 'this run') : null) : own[i]))
        : stale && ranCompared
          ? claims.map((c, i) => (c.versus ? null : own[i]))
          : own,
    [claims, own, comparisons, result, compared.summaries, stale, ranCompared],
  );
  // folded to the summary while a classroom run goes on a short screen, open again when it
  // ends (the class checks the ticks); a reader's own click is kept until then
  const fold = useLessonFold();
  const [open, setOpen] = useState(true);
  useLayoutEffect(() => setOpen(!fold), [fold]);
  // each value in its field's usual unit, as the editor shows it and a link takes it (queue.target=20ms, not 0.02)
  const changed = useMemo(() => (lesson && scenario ? runChanges(scenario, lesson.name).map((kv) => changeText(scenario, kv)) : []), [lesson, scenario]);
  if (!lesson || claims.length === 0) return null;
  // parameters changed while the run went: its numbers are not those of the values now in the editor alone
  const during = liveChangeNote(markers, viewOf(scenario));
  const checked = verdicts.filter((v) => v !== null).length;
  const held = verdicts.filter((v) => v?.pass).length;
  // statements about what the scenario no longer has: not checked, not counted
  const unchecked = lost.filter((l) => l.length > 0).length;
  const checkable = claims.length - unchecked;
  // checked at another seed than the one the statements were measured at (the lesson's, or its change's: a few changes are of seed)
  const ownSeed = experiment ? experiment.scenario.seed : lesson.scenario.seed;
  const otherSeed = scenario !== null && scenario.seed !== ownSeed;
  // the lesson run as its paper does (PaperScaleRow): still the lesson, not "your scenario differs"
  const paper = !experiment && runsAtPaperScale(lesson.name, scenario) ? lessonPaperScale(lesson.name) : null;
  // where the compared lessons run: "at seed 4", "at the paper's scale", "at the paper's scale, seed 4"
  const where = comparisons ? (comparisons.paperScale ? `at the paper's scale${otherSeed ? `, seed ${comparisons.seed}` : ''}` : `at seed ${comparisons.seed}`) : '';
  // the run's status line says "finished" without a tally while the compared lessons run
  // (useClaimTally): a screen-reader user hears that they run, and the tally when they are in
  const heard = comparisons && result && !stale
    ? compared.summaries
      ? `${held} of ${claims.length} of the lesson's statements hold, compared with the other lessons run ${where}.`
      : compared.error
        ? `The lessons compared with could not be run: ${compared.error}`
        : `Running the ${comparisons.lessons.length === 1 ? 'lesson' : `${comparisons.lessons.length} lessons`} the statements compare with, ${where}; they are checked when ${comparisons.lessons.length === 1 ? 'it ends' : 'those end'}.`
    : '';
  return (
    <>
    <p className="sr-only" aria-live="polite" data-testid="claims-heard">
      {heard}
    </p>
    <details className="claims" open={open} onToggle={(e) => setOpen(e.currentTarget.open)} data-testid="claims">
      <summary>
      <h2 id="claims-title">
        {experiment ? 'What this change should show' : 'What this run should show'}{' '}
        <span className="muted small">
          {/* a lesson whose statements all compare it with others has none checked until the compared lessons are in: not "press Play" after the run */}
          {comparisons && result && !compared.summaries && !stale
            ? compared.error
              ? `· ${held} of ${checked} checked hold; the lessons compared with could not be run`
              : `· running the lessons compared with ${where}: ${compared.done} of ${comparisons.lessons.length} done${compared.left !== null ? `, ${leftText(compared.left)} left` : ''}`
            : checkable === 0
              ? '· none checked: the scenario differs from the lesson'
              : checked === 0
                ? status === 'running' || status === 'starting' || status === 'stepping'
                  ? '· checked when the run ends'
                  : '· press Play: each statement is checked when the run ends'
                : stale && checked < checkable
                  ? `· ${held} of ${checked} checked hold (for the run before your last change; the others when you press Play)`
                  : `· ${held} of ${checkable} hold${unchecked ? `, ${unchecked} not checked` : ''}${stale ? ' (for the run before your last change)' : ''}`}
        </span>
      </h2>
      </summary>
      {experiment ? (
        <p className="small claims-changed">
          You tried: <strong>{experiment.title}</strong> (<code>{experiment.keys.join('  ')}</code>)
          {otherSeed ? `, at seed ${scenario.seed} instead of ${ownSeed}` : ''}. These statements are about that change.
          {otherSeed ? ` ${otherSeedNote(ownSeed)}` : ''}
        </p>
      ) : paper ? (
        <p className="small claims-changed" data-testid="claims-paper-scale">
          This run is the lesson at the paper's scale: {paper.words}. The statements are checked on it
          {comparisons ? ", those that compare it with other lessons against them run at the paper's scale too" : ''}; their numbers were measured on the lesson's shorter run.
          {otherSeed ? ` ${otherSeedNote(ownSeed)}` : ''}
          {compared.error ? ` The lessons compared with could not be run: ${compared.error}` : ''}
        </p>
      ) : changed.length > 0 ? (
        <p className="small claims-changed">
          Your scenario differs from the lesson: <code>{changed.slice(0, 6).join('  ')}</code>
          {changed.length > 6 ? ` and ${changed.length - 6} more` : ''}.{' '}
          {unchecked === 0
            ? 'The statements are checked on your run.'
            : checkable === 0
              ? 'The statements are about what your scenario no longer has, and are not checked.'
              : `The ${unchecked === 1 ? 'statement' : `${unchecked} statements`} about what your scenario no longer has ${unchecked === 1 ? 'is' : 'are'} not checked; the others are checked on your run.`}
          {otherSeed ? ` ${otherSeedNote(ownSeed)}` : ''}
          {comparisons ? ` ${comparedNote(comparisons.seed)}` : ''}
          {compared.error ? ` They could not be run: ${compared.error}` : ''}
        </p>
      ) : null}
      {during ? (
        <p className="small claims-changed" data-testid="claims-live-changes">
          {during}
        </p>
      ) : null}
      <ul>
        {claims.map((c, i) => {
          const v = verdicts[i];
          const state = lost[i].length ? 'unchecked' : v === null ? 'pending' : v.pass ? 'pass' : 'fail';
          return (
            <li key={i} className={`claim claim-${state}`} data-state={state}>
              <span className="claim-mark" aria-hidden="true">
                {state === 'pass' ? '✓' : state === 'fail' ? '✗' : state === 'unchecked' ? '–' : '•'}
              </span>
              <span className="sr-only">{state === 'pass' ? 'Holds: ' : state === 'fail' ? 'Does not hold: ' : state === 'unchecked' ? '' : 'Not checked yet: '}</span>
              <span className="claim-text">
                <WithLessonLinks text={comparisons && c.versus ? c.versus.text : c.text} lessons={lessons()} current={presetName} />
              </span>
              {state === 'unchecked' ? (
                <span className="claim-measured">
                  {' '}
                  {premiseNote(lost[i])}
                </span>
              ) : v ? (
                <span className="claim-measured">
                  {' '}
                  Measured: <KeepUnits text={v.measured} />.
                  {/* a crossed number of the lesson's at another seed: that number is its seed's, not a finding of this run */}
                  {!v.pass && otherSeed && !(comparisons && c.versus) ? ` The statement's number was measured at seed ${ownSeed}.` : ''}
                  {/* at the paper's scale a number of the lesson's is its shorter run's (docs/web.md: what changes at full scale) */}
                  {!v.pass && paper && !(comparisons && c.versus) ? " The statement's number was measured on the lesson's shorter run." : ''}
                </span>
              ) : comparisons && c.versus && result && !stale && !compared.error ? (
                <span className="claim-measured">
                  {' '}
                  Checked when {c.versus.lessons.join(', ')} {c.versus.lessons.length === 1 ? 'has' : 'have'} run {where}.
                </span>
              ) : null}
            </li>
          );
        })}
      </ul>
    </details>
    </>
  );
}

/**
 * `text` with each number and its unit kept on one line (lesson-links.ts, unitPieces: in a
 * span that does not wrap, so the text itself, as copied or read out, is unchanged).
 */
export function KeepUnits({ text }: { text: string }): ReactNode {
  return unitPieces(text).map((p, i) =>
    p.unit ? (
      <span key={i} className="nowrap">
        {p.text}
      </span>
    ) : (
      p.text
    ),
  );
}

/** `text` with the lesson names in it as links to the lessons (lesson-links.ts), numbers kept with their units. */
export function WithLessonLinks({ text, lessons, current }: { text: string; lessons: readonly NamedLesson[]; current: string | null }): ReactNode {
  return lessonNamePieces(text, lessons, current).map((p, i) =>
    typeof p === 'string' ? (
      <KeepUnits key={i} text={p} />
    ) : (
      <a key={i} href={`#p=${p.name}`} title={`Open the lesson “${p.title}”`} className="lesson-link">
        {p.name}
      </a>
    ),
  );
}
