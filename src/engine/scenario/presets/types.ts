import { aqmByKind } from '../../aqm/registry';
import type { RunResult, Summary, Timeline } from '../../metrics/types';
import { getPath } from '../paths';
import type { Scenario } from '../schema';

/**
 * A result sentence of a lesson, with the check that makes it true or false for a run.
 * A lesson's text is a claim about its run: tests/golden/lesson-parts.ts runs every
 * lesson and checks each claim, and the app ticks or crosses each claim at the end of a
 * run (so a student who changes a parameter sees which statements stop holding).
 */
export interface Claim {
  /** The sentence as the user reads it, e.g. "The link stays more than 95 % busy." */
  text: string;
  /** Reads the run's result: whether the sentence holds and what was measured, in words ("98.1 % busy"). */
  check(result: RunResult): ClaimVerdict;
  /** The same statement as a comparison with other lessons of the family, for a run at another seed. */
  versus?: Versus;
  /**
   * What of the lesson's scenario the statement is about, as the `kind` fields it takes
   * for granted, by dotted path prefix: 'traffic' (the lesson's traffic items, whatever the
   * queue), 'topology.bottleneck.queue'. Left out: all of them, its queue disciplines, its
   * traffic and its topology. A run whose scenario has another kind there (the queue made
   * PIE, in a RED lesson) or has lost the item (a traffic item removed) is not held to it:
   * "every drop is an early, random RED drop" was ticked on a PIE run. [] for a statement
   * any run can be held to. See premiseChanges.
   */
  premise?: readonly string[];
}

/**
 * A statement that compares the lesson with others of its family: the same users through
 * another queue ("ECN helps PI"). The claim's own check holds the comparison to a number
 * measured at the lesson's seed, where the other lessons gave theirs; at another seed that
 * number moves with the traffic (the seeds/002 browsing-users lessons' loads and queues
 * move by a third from seed to seed) while the comparison holds. So a run that differs
 * from its lesson only in the seed is checked against those lessons run at its seed (the
 * command line runs them after the run, the app once the run has ended): `text` is the
 * statement then. Compare's family view checks them at every seed it runs. Builders:
 * compare.ts.
 */
export interface Versus {
  /** The lessons compared with (preset names), each run at the same seed. */
  lessons: readonly string[];
  /** The statement as a comparison, naming the lessons ("ECN helps PI: more responses complete within 1 s than without ECN (web-users-pi-90)."). */
  text: string;
  /** Judges the run's summary against the others' (in the order of `lessons`). */
  check(own: Summary, others: readonly Summary[]): ClaimVerdict;
}

export interface ClaimVerdict {
  pass: boolean;
  /** The measured number(s) the verdict rests on, in words. */
  measured: string;
}

/** Menu groups: hand-picked lessons, paper reproductions by family, benchmarks. */
export type PresetGroup = 'lesson' | 'ecn-finite' | 'web-load' | 'feng-fig4' | 'feng-fig20' | 'bench';

/**
 * A "try it" of a lesson: one change a student can make in a click (the lesson's scenario
 * with `set` applied, dotted paths as in --set and links), and what the changed run should
 * show. Its claims are checked like the lesson's (tests/golden/lesson-parts.ts, and in
 * the app at the end of the run).
 */
export interface Experiment {
  /** The change as a student would say it, e.g. "Shrink the buffer to 8 packets". */
  title: string;
  set: Readonly<Record<string, unknown>>;
  claims: readonly Claim[];
}

/**
 * How the paper ran the experiment a short lesson stands for (seeds/000 §5: statistics from
 * the end of a 120 s warm-up until 250,000 exchanges have completed; the lesson runs 200 s
 * after a 30 s warm-up): the changes that make the lesson's scenario the paper's, dotted
 * paths as in --set and links. The app offers it as a button, the command line as --set
 * arguments; a run at that scale is still the lesson, and its statements that compare with
 * other lessons are checked against those run at the paper's scale too (lesson-compare.ts).
 */
export interface PaperScale {
  set: Readonly<Record<string, unknown>>;
  /** What the paper does, in words: "a 120 s warm-up, then 250,000 exchanges (seeds/000 §5.4)". */
  words: string;
}

export interface Preset {
  name: string;
  title: string;
  /** The seed paper (and table or figure) the preset reproduces. */
  paper?: string;
  /** What the scenario is and what to watch (setup, not results: results are claims). */
  lesson: string;
  /** The lesson's result sentences, each checked against the run. */
  claims?: readonly Claim[];
  /** Changes to try, each with its own checked claims. */
  experiments?: readonly Experiment[];
  /** The changes that run it as long as the paper does, when the lesson is shorter. */
  paperScale?: PaperScale;
  group: PresetGroup;
  scenario: Scenario;
}

/** A preset as written in the preset files: raw scenario JSON, parsed (and defaulted) on first use. */
export interface PresetSource extends Omit<Preset, 'scenario'> {
  json: Record<string, unknown>;
}

/** Re-titles a preset as a hand-picked lesson. */
export function named(src: PresetSource, name: string, extra: Partial<PresetSource>): PresetSource {
  return { ...src, name, group: 'lesson', ...extra };
}

/**
 * Said beside a lesson's statements when they are checked at another seed than the lesson's:
 * its numbers were measured at its own seed, and another seed is another sample of the same
 * random traffic (the seeds/002 browsing-users lessons' loads and queues, for one, move by a
 * third from seed to seed), so a statement whose number lies near its bound may not hold.
 */
export function otherSeedNote(lessonSeed: number): string {
  return `The lesson's numbers were measured at seed ${lessonSeed}; another seed is another sample of the same random traffic, and a statement whose number lies near its bound may not hold there.`;
}

/** Said with otherSeedNote when the comparisons with other lessons were checked against those lessons run at the same seed. */
export function comparedNote(seed: number): string {
  return `The statements that compare it with other lessons are checked against those lessons run at seed ${seed}.`;
}

/**
 * The `kind` fields of a scenario, by dotted path ("topology.bottleneck.queue.kind",
 * "traffic.0.kind", "topology.kind"): each names a thing of the scenario (a discipline, a
 * traffic item, a topology) that another kind replaces.
 */
function kindPaths(v: unknown, at: string, out: string[]): string[] {
  if (Array.isArray(v)) v.forEach((x, i) => kindPaths(x, at ? `${at}.${i}` : String(i), out));
  else if (typeof v === 'object' && v !== null) {
    for (const [k, x] of Object.entries(v)) {
      const p = at ? `${at}.${k}` : k;
      if (k === 'kind' && typeof x === 'string') out.push(p);
      else kindPaths(x, p, out);
    }
  }
  return out;
}

/** What a `kind` field's object is called in a sentence: "the queue", "traffic item 1". */
function kindFieldName(path: string): string {
  const at = path.replace(/\.kind$/, '');
  const item = /^traffic\.(\d+)$/.exec(at);
  if (item) return `traffic item ${Number(item[1]) + 1}`;
  const link = /^topology\.links\.(\d+)\.(queue|reverseQueue)$/.exec(at);
  if (link) return `link ${Number(link[1]) + 1}'s ${link[2] === 'queue' ? 'queue' : 'reverse queue'}`;
  const named: Record<string, string> = { 'topology.bottleneck.queue': 'the queue', 'topology.bottleneck.reverseQueue': 'the reverse queue', topology: 'the topology', 'topology.flowDelay': 'the per-flow delays' };
  return named[at] ?? at;
}

/** A discipline by its name (RED, PIE); another kind as the scenario writes it (bulk, web-users). */
const kindName = (kind: string): string => aqmByKind(kind)?.label ?? kind;

/**
 * How `run` lacks what the statement `c` takes from its lesson's scenario `lesson` (its
 * `premise`): each kind field of the lesson's it is about that the run has as another kind
 * or not at all, in words ("the queue is PIE, the lesson's is RED"); empty when the
 * statement can be checked on the run. A parameter changed (min_th, the buffer, the
 * number of flows) is not a premise lost: the statements are there to show what it does.
 */
export function premiseChanges(c: Claim, lesson: Scenario, run: Scenario): string[] {
  const about = c.premise;
  const out: string[] = [];
  for (const p of kindPaths(lesson, '', [])) {
    if (about && !about.some((a) => p === `${a}.kind` || p.startsWith(`${a}.`))) continue;
    const was = getPath(lesson, p) as string;
    const now = getPath(run, p);
    if (now === was) continue;
    const name = kindFieldName(p);
    out.push(typeof now === 'string' ? `${name} is ${kindName(now)}, the lesson's is ${kindName(was)}` : `${name} (${kindName(was)}) is removed`);
  }
  return out;
}

/** Said for a statement not checked because the run lacks what it is about (premiseChanges). */
export function premiseNote(changes: readonly string[]): string {
  return `Not checked: the scenario differs (${changes.join('; ')}).`;
}

/**
 * `c`'s verdict on `result`, or null when the scenario that run had lacks what `c` is about
 * (premiseChanges against `about`, the scenario the statement was written for). The panel
 * shows the last run's verdicts until the next run: after a PIE run the queue swapped to
 * CoDel made the CoDel change's statements the ones shown, and they were ticked and crossed
 * on the PIE run's drops and waits.
 */
export function checkClaimOnRun(c: Claim, about: Scenario, result: RunResult): ClaimVerdict | null {
  const ran = result.scenario;
  if (ran !== null && typeof ran === 'object' && premiseChanges(c, about, ran as Scenario).length > 0) return null;
  return checkClaim(c, result);
}

/**
 * Whole numbers of four digits or more in a verdict's text grouped by thousands, as the app
 * writes its other counts ("96,812 early drops, 48,988 marks" beside "250,000 exchanges":
 * the checks wrote 96812); a decimal's fraction and a number glued to a letter or a name
 * (web100, 0.01234) are left as they are. Applied where verdicts are made, so the app's
 * panel, the command line's report and the sweep read the same.
 */
export function groupDigits(text: string): string {
  return text.replace(/(?<![\w.,])\d{4,}(?![\w,])/g, (d) => d.replace(/\B(?=(\d{3})+$)/g, ','));
}

const grouped = (v: ClaimVerdict): ClaimVerdict => ({ ...v, measured: groupDigits(v.measured) });

/** A claim's verdict on a run; a check that throws is a verdict that does not hold, saying why. */
export function checkClaim(c: Claim, result: RunResult): ClaimVerdict {
  try {
    return grouped(c.check(result));
  } catch (e) {
    return { pass: false, measured: `could not be checked (${e instanceof Error ? e.message : String(e)})` };
  }
}

/**
 * `c`'s comparison verdict on `own` against the summaries of its `versus.lessons` (null: it
 * has none); a check that throws does not hold. `who` names the run's own number in what
 * was measured ("this run", or the lesson's name where several lessons' statements are
 * listed): the check words it first, unnamed, then each other lesson's by name ("86.3 %
 * within 1 s; web-users-dt-90 93.8 %"), and a reader could not tell whose the first was.
 */
export function checkVersus(c: Claim, own: Summary, others: ReadonlyMap<string, Summary>, who?: string): ClaimVerdict | null {
  if (!c.versus) return null;
  try {
    const v = c.versus.check(
      own,
      c.versus.lessons.map((n) => {
        const s = others.get(n);
        if (!s) throw new Error(`${n} has not been run`);
        return s;
      }),
    );
    return grouped(who === undefined ? v : { ...v, measured: `${who} ${v.measured}` });
  } catch (e) {
    return { pass: false, measured: `could not be checked (${e instanceof Error ? e.message : String(e)})` };
  }
}

/** The lessons a list of statements compares with, each once, in order of first mention. */
export function comparedLessons(claims: readonly Claim[]): string[] {
  return [...new Set(claims.flatMap((c) => c.versus?.lessons ?? []))];
}

// ---- claim builders -------------------------------------------------------------------

/**
 * A claim on one number of the summary: `measure` reads it, `holds` judges it, `show`
 * words it. Most lesson claims are of this form.
 */
export function claim(text: string, measure: (s: Summary) => number, holds: (x: number) => boolean, show: (x: number) => string): Claim {
  return {
    text,
    check(r) {
      const x = measure(r.summary);
      return { pass: Number.isFinite(x) && holds(x), measured: show(x) };
    },
  };
}

/** A claim on several numbers of the summary at once. */
export function claimOf(text: string, check: (s: Summary) => ClaimVerdict): Claim {
  return { text, check: (r) => check(r.summary) };
}

/**
 * The run's timeline (summary.timeline), for statements about when things happen; a
 * summary without one (ns-2's) cannot be checked, and the claim says so.
 */
export function timelineOf(s: Summary): Timeline {
  if (!s.timeline) throw new Error('the run has no timeline (summary.timeline)');
  return s.timeline;
}

/** Indices of the timeline's windows lying within [from, to] seconds (whole windows only). */
export function windowsIn(t: Timeline, from: number, to = Infinity): number[] {
  const out: number[] = [];
  for (let k = 0; k < t.end.length; k++) {
    const start = k === 0 ? 0 : t.end[k - 1];
    if (start >= from - 1e-9 && t.end[k] <= to + 1e-9) out.push(k);
  }
  return out;
}

/** The verdict of a statement about the run from `from` s on when the run ended before it (a student shortened it): nothing to measure there. */
export function notReached(t: Timeline, from: number): ClaimVerdict {
  return { pass: false, measured: `the run ended at ${+(t.end.at(-1) ?? 0).toFixed(3)} s, before ${from} s: nothing to measure there` };
}

/** 0.981 -> "98.1 %". */
export const percent = (x: number, digits = 1): string => `${(x * 100).toFixed(digits)} %`;
