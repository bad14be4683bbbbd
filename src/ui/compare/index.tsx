/**
 * A compare panel for the app (same props as the editor/inspector slots): the current
 * scenario against a variant of it (drop-tail, RED, RED+ECN, ECN toggled) or against a
 * lesson, both with the current seed, in <CompareView>; or, for web traffic, the response
 * times of several lessons of the current lesson's family overlaid (<FamilyView>, family.ts);
 * or, on a point of a paper's grid of presets (grid.ts), the whole figure (<GridView>).
 * Nothing runs until "Compare".
 */
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import type { Scenario } from '../../engine/scenario/schema';
import { estimateRun } from '../../engine/estimate';
import { APP_MAX_PACKETS } from '../../protocol/messages';
import { largeRunQuestion, tabMemoryRefusal } from '../run/controller';
import { activeExperiment, editedLesson, lessons, ownText } from '../scenario-api';
import type { SlotProps } from '../slots';
import { useAppState } from '../store/app-store';
import { CompareView } from './CompareView';
import { familyRunList, shortLabels } from './family';
import { FamilyView, type FamilyMember } from './FamilyView';
import { VARIANTS } from './variants';
import { compareChoices, currentLabel, DEFAULT_CHOICE, FAMILY, GRID, usableChoice } from './choices';
import { gridAfterLesson, gridFigureFor, type GridFigure } from './grid';
import { GridView } from './GridView';
import { comparisonQuestion, MAX_COMPARE_SEEDS, seedCount, seedList, seedsText } from './seeds';
import { BAD_COMPARE_LINK_TITLE, notOfferedLine, readCompareLink, tickedFromLink, withCompareLink } from './link';
import { useKeepFocus } from '../focus';

/** Lessons of a family ticked at first (the chart stays readable; more can be ticked). */
const FAMILY_TICKED = 6;

export default function ComparePanel({ store, controller }: SlotProps) {
  const scenario = useAppState(store, (s) => s.scenario);
  const preset = useAppState(store, (s) => s.presetName);
  const classroom = useAppState(store, (s) => s.classroom);
  // what the page's link says to compare with and over how many seeds (link.ts), read once
  const [fromLink] = useState(() => (typeof location === 'undefined' ? { problems: [] } : readCompareLink(location.search)));
  const [choice, setChoice] = useState(fromLink.choice ?? DEFAULT_CHOICE);
  const [run, setRun] = useState<{ a: Scenario; b: Scenario; labelA: string; labelB: string; note?: string; n: number; seeds: number; query: string; lessonB: string | null } | null>(null);
  // each compared scenario runs over this many seeds (1: the scenario's seed alone)
  const [seeds, setSeeds] = useState(fromLink.seeds ?? 1);
  const [familyRun, setFamilyRun] = useState<{ members: FamilyMember[]; seed: number; n: number; seeds: number; query: string } | null>(null);
  const [gridRun, setGridRun] = useState<{ figure: GridFigure; n: number; query: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  // a comparison is running: Compare waits for it (Close comparison stops it)
  const [busy, setBusy] = useState(false);
  const selectId = useId();
  const seedsId = useId();
  const seedsHelpId = useId();
  const list = useMemo(() => lessons(), []);
  const lesson = preset ? list.find((l) => l.name === preset) : undefined;
  const tried = activeExperiment(lesson, scenario);
  const edited = useMemo(() => editedLesson(lesson, scenario), [lesson, scenario]);
  const own = ownText(scenario, lesson)?.title ?? null;
  const labelA = currentLabel(lesson, preset, tried, edited, own);
  // the current scenario (as edited) first, then the other lessons of its family
  const family = useMemo(() => (scenario ? familyRunList(scenario, labelA, preset, list) : []), [scenario, list, preset, labelA]);
  // the paper's figure whose grid the lesson is a point of, if any
  const figure = gridFigureFor(lesson?.group, lesson?.name);
  // another lesson closes the comparison: it was of the previous lesson (a family of web
  // lessons stayed on screen under the new lesson's name), and unmounting it stops its runs,
  // which otherwise went on in the background beside the new lesson's run. A grid's figure
  // stays, its runs finished or going on, when the new lesson is a point of the same figure
  // (grid.ts, gridAfterLesson): moving through Fig. 4's points ran its 40 runs again each time.
  useEffect(() => {
    setRun(null);
    setFamilyRun(null);
    setGridRun((g) => gridAfterLesson(g, lesson?.group, lesson?.name));
    setError(null);
  }, [preset]);
  const [ticked, setTicked] = useState<ReadonlySet<string> | null>(null);
  // the link's Compare settings were checked (once, when the scenario is first there)
  const linkChecked = useRef(false);
  // another family: back to the first ones ticked
  const familyIds = family.map((m) => m.id).join(',');
  useEffect(() => {
    setTicked(null);
    // and the link no longer names the previous family's lessons (once the link's own were read)
    if (linkChecked.current) remember(chosen, seedCount(seeds));
  }, [familyIds]);
  const isTicked = (id: string, i: number) => (ticked ? ticked.has(id) : i < FAMILY_TICKED);
  /** The ticked lessons for the link, in the family's order; none when they are the first ones (the default). */
  const tickedForLink = (t: ReadonlySet<string> | null): string[] | undefined => {
    if (!t) return undefined;
    const ids = family.filter((m) => t.has(m.id)).map((m) => m.id);
    const first = family.slice(0, FAMILY_TICKED).map((m) => m.id);
    return ids.length === first.length && ids.every((id, i) => id === first[i]) ? undefined : ids;
  };
  const tick = (id: string, on: boolean) => {
    const s = new Set(ticked ?? family.slice(0, FAMILY_TICKED).map((m) => m.id));
    if (on) s.add(id);
    else s.delete(id);
    setTicked(s);
    remember(chosen, seedCount(seeds), tickedForLink(s));
  };

  // memoized: each variant is built and validated to see whether it changes anything
  const groups = useMemo(() => (scenario ? compareChoices(scenario, lesson, family.length, list, figure?.title) : []), [scenario, lesson, family.length, list, figure?.title]);
  // what the select shows and Compare runs: the choice if it is offered and enabled here
  const chosen = usableChoice(choice, groups);

  // a link with Compare settings opens Compare, set as the link says; what it gave that
  // could not be used is said once, in a banner naming the key, the value and what is allowed
  const panelRef = useRef<HTMLDivElement>(null);
  // pressed, Compare is disabled while it runs and Close comparison goes: the focus goes to
  // the other of the two (Compare once its runs have stopped)
  useKeepFocus(panelRef, () => [...(panelRef.current?.querySelectorAll<HTMLButtonElement>('.cmp-panel-controls button') ?? [])].find((b) => !b.disabled));
  useEffect(() => {
    if (linkChecked.current || !scenario) return;
    linkChecked.current = true;
    const problems = [...fromLink.problems];
    const offered = fromLink.choice === undefined || chosen === fromLink.choice;
    if (!offered) problems.push(notOfferedLine(fromLink.choice!, groups));
    let linkTicked: Set<string> | null = null;
    if (fromLink.lessons) {
      const r = tickedFromLink(fromLink.lessons, family.map((m) => m.id));
      // the lessons apply to the family view only (a family is offered only to web lessons)
      if (chosen === FAMILY) {
        linkTicked = r.ticked;
        problems.push(...r.problems);
      } else problems.push(`lessons=…: the ticked lessons are for Compare’s family view, which this link does not open; they are not used.`);
      if (linkTicked) setTicked(linkTicked);
    }
    if (problems.length > 0) {
      store.addBanner({ kind: 'warning', title: BAD_COMPARE_LINK_TITLE, lines: problems, untilNextLoad: true });
      // the address bar keeps only what was used: a link copied from it again opens without the banner
      remember(offered ? chosen : DEFAULT_CHOICE, fromLink.seeds ?? 1, chosen === FAMILY ? tickedForLink(linkTicked) : undefined);
    }
    if (fromLink.choice !== undefined || fromLink.seeds !== undefined) {
      const details = panelRef.current?.closest('details');
      if (details) details.open = true;
    }
  }, [scenario, chosen, fromLink, store]);

  /** The choice and the seeds as the user sets them go in the page's link (link.ts), so a copied link keeps them. */
  const remember = (c: string, n: number, lessons?: readonly string[]) => {
    if (typeof history === 'undefined') return;
    const search = withCompareLink(location.search, c, n, lessons);
    if (search !== location.search) history.replaceState(history.state, '', `${location.pathname}${search}${location.hash}`);
  };

  if (!scenario) return <p className="muted pad">Load a scenario to compare it.</p>;

  /**
   * A comparison runs each of its scenarios in full, over `n` seeds: a very large one is
   * asked about first, with its estimate, as Play does (issue 8); all n runs of each count
   * (seeds.ts, comparisonQuestion). False (with a message) when the user declines.
   */
  const confirmLarge = (runs: { label: string; scenario: Scenario }[], n = 1): boolean => {
    // the time at the pace measured in this tab when there is one (the estimate's nominal rate is a fast machine's)
    const pace = controller.measuredEventsPerSec();
    // a run beyond what a tab can hold is not offered: a "yes" crashed the tab (controller.ts, TAB_MEMORY_BYTES)
    for (const r of runs) {
      const tooBig = tabMemoryRefusal(estimateRun(r.scenario, { maxPackets: APP_MAX_PACKETS }));
      if (tooBig !== null) {
        setError(`Not started: “${r.label}” needs more memory than a browser tab can hold: ${tooBig}`);
        return false;
      }
    }
    const q = comparisonQuestion(runs, n, (sc) => largeRunQuestion(sc, pace), pace);
    if (q === null) return true;
    const yes = typeof globalThis.confirm === 'function' ? globalThis.confirm(q.question) : true;
    if (!yes) setError(`Not started: ${q.reason}.`);
    return yes;
  };

  const start = () => {
    setError(null);
    if (chosen === GRID) {
      if (!figure) return;
      setRun(null);
      setFamilyRun(null);
      setGridRun((prev) => ({ figure, n: (prev?.n ?? 0) + 1, query: withCompareLink('', chosen, 1) }));
      return;
    }
    setGridRun(null);
    if (chosen === FAMILY) {
      const picked = family.filter((m, i) => isTicked(m.id, i));
      // the chart's labels: what the ticked titles do not all share
      const labels = shortLabels(picked.map((m) => m.title));
      const members: FamilyMember[] = picked.map((m, i) => ({ label: labels[i], scenario: m.scenario, lesson: m.id === 'current' ? preset : m.id }));
      if (members.length < 2) {
        setError('Tick at least two lessons of the family to overlay their response times.');
        return;
      }
      // every lesson at each seed: all of them count (the family's baseline runs beside them)
      const n = seedCount(seeds);
      if (!confirmLarge(members.map((m) => ({ label: m.label, scenario: { ...m.scenario, seed: scenario.seed } })), n)) return;
      setRun(null);
      setFamilyRun((prev) => ({ members, seed: scenario.seed, n: (prev?.n ?? 0) + 1, seeds: n, query: withCompareLink('', chosen, n, tickedForLink(ticked)) }));
      return;
    }
    setFamilyRun(null);
    let b: Scenario;
    let labelB: string;
    let note: string | undefined;
    // B's lesson name, when B is a lesson as it is (the exported files are named by it)
    let lessonB: string | null = null;
    if (chosen.startsWith('v:')) {
      const v = VARIANTS.find((x) => x.id === chosen)!;
      const r = v.make(scenario);
      if (!r.ok) {
        setError(`Cannot build “${v.label}”: ${r.errors.join('; ')}`);
        return;
      }
      b = r.scenario;
      labelB = v.label.replace(/^the same with /, '') + (r.labelNote ? ` (${r.labelNote})` : '');
      note = r.note;
    } else if (chosen.startsWith('x:')) {
      // the lesson itself, or the lesson with one of its Try changes
      if (!lesson) return;
      const e = chosen === 'x:lesson' ? null : lesson.experiments[Number(chosen.slice(2))];
      if (chosen !== 'x:lesson' && !e) return;
      b = e ? e.scenario : lesson.scenario;
      labelB = e ? e.title : 'the lesson as it is';
    } else {
      const l = list.find((x) => `l:${x.name}` === chosen);
      if (!l) return;
      b = l.scenario;
      labelB = l.title;
      lessonB = l.name;
    }
    const n = seedCount(seeds);
    if (!confirmLarge([{ label: labelA, scenario }, { label: labelB, scenario: { ...b, seed: scenario.seed } }], n)) return;
    setRun((prev) => ({ a: scenario, b, labelA, labelB, note, n: (prev?.n ?? 0) + 1, seeds: n, query: withCompareLink('', chosen, n), lessonB }));
  };

  return (
    <div className="cmp-panel" ref={panelRef}>
      <div className="cmp-panel-controls">
        <label htmlFor={selectId}>Compare {labelA} with</label>
        <select
          id={selectId}
          className="cmp-choice"
          value={chosen}
          // a long choice is cut at the closed select's edge (narrow panels): the whole label on hover
          title={groups.flatMap((g) => g.options).find((o) => o.value === chosen)?.label}
          onChange={(e) => {
            setChoice(e.target.value);
            remember(e.target.value, seedCount(seeds), tickedForLink(ticked));
          }}
        >
          {groups.map((g) => (
            <optgroup key={g.label} label={g.label}>
              {g.options.map((o) => (
                <option key={o.value} value={o.value} disabled={o.disabled}>
                  {o.label}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
        {chosen !== GRID ? (
          <span className="cmp-seeds-control">
            <label htmlFor={seedsId}>Repeat each run over</label>{' '}
            <select
              id={seedsId}
              value={seeds}
              onChange={(e) => {
                setSeeds(seedCount(e.target.value));
                remember(chosen, seedCount(e.target.value), tickedForLink(ticked));
              }}
              aria-describedby={seedsHelpId}
            >
              {Array.from({ length: MAX_COMPARE_SEEDS }, (_, i) => i + 1).map((k) => (
                <option key={k} value={k}>
                  {k === 1 ? `1 seed (${scenario.seed})` : `${k} seeds (${seedsText(seedList(scenario.seed, k)).replace(/^seeds /, '')})`}
                </option>
              ))}
            </select>
          </span>
        ) : null}
        <button type="button" className="primary" onClick={start} disabled={busy} title={busy ? 'A comparison is running: wait for it, or press Close comparison to stop it' : undefined}>
          {busy ? 'Comparing…' : 'Compare'}
        </button>
        {run || familyRun || gridRun ? (
          <button
            type="button"
            onClick={() => {
              setRun(null);
              setFamilyRun(null);
              setGridRun(null);
            }}
          >
            Close comparison
          </button>
        ) : null}
      </div>
      {chosen === GRID && figure ? (
        <p className="cmp-seed cmp-seed-help">
          Runs all {figure.points.length} points of the figure, each as its own lesson (its seed and window), and draws the figure from their summaries.
        </p>
      ) : null}
      {chosen !== GRID ? (
        <p className="cmp-seed cmp-seed-help" id={seedsHelpId}>
          One run is one random draw: random drops and marks, and a web workload’s load, change with the seed. Over several seeds the table gives each figure’s mean ± spread and says whether a difference{chosen === FAMILY ? ' from the first lesson' : ''} is larger than the seeds’ spread.
        </p>
      ) : null}
      {chosen === FAMILY ? (
        <fieldset className="cmp-family">
          <legend>
            {seedCount(seeds) > 1
              ? `Lessons to overlay (each runs in full at each of ${seedsText(seedList(scenario.seed, seedCount(seeds)))}, the same seeds for all; the first ticked is the reference)`
              : `Lessons to overlay (each runs in full; the same seed, ${scenario.seed}, for all)`}
          </legend>
          {family.map((m, i) => (
            <label key={m.id}>
              <input type="checkbox" checked={isTicked(m.id, i)} onChange={(e) => tick(m.id, e.target.checked)} /> {m.title}
              {m.id === 'current' ? ' (the current scenario)' : ''}
            </label>
          ))}
        </fieldset>
      ) : null}
      {error ? (
        <p className="cmp-error" role="alert">
          {error}
        </p>
      ) : null}
      {run?.note ? <p className="cmp-seed cmp-note">{run.note}</p> : null}
      {run ? <CompareView key={run.n} query={run.query} lessonB={run.lessonB} lesson={preset} seeds={run.seeds} a={run.a} b={run.b} labelA={run.labelA} labelB={run.labelB} classroom={classroom} onRunning={setBusy} /> : null}
      {gridRun ? <GridView key={gridRun.n} query={gridRun.query} figure={gridRun.figure} lesson={preset} classroom={classroom} onRunning={setBusy} /> : null}
      {familyRun ? <FamilyView key={familyRun.n} query={familyRun.query} members={familyRun.members} seed={familyRun.seed} seeds={familyRun.seeds} classroom={classroom} onRunning={setBusy} /> : null}
    </div>
  );
}
