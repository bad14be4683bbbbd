/**
 * The app shell: header (lesson menu, transport, classroom toggle, share link), the
 * lesson text, the grid of charts, the side panel (scenario editor and decision
 * inspector slots), the summary table, and the full-screen view of any chart.
 * ?embed=1 keeps only the transport and the charts.
 */
import { useEffect, useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { useServices } from './app-context';
import { Banners } from './Banners';
import { ChartCard } from './charts/ChartCard';
import { CHARTS } from './charts/registry';
import { ResponseChart } from './charts/ResponseChart';
import { download, envelopeNote, eventsCsv, fileStem, seriesCsv, seriesCsvName, seriesJson } from './charts/export';
import { StepNoteBelow, Transport } from './controls/Transport';
import { HelpButton } from './Help';
import { LessonClaims, WithLessonLinks } from './LessonClaims';
import { useKeepFocus } from './focus';
import { useLessonFold } from './lesson-fold';
import { OpenScenarioInput, saveScenarioFile } from './ScenarioFile';
import { activeExperiment, comparisonRuns, editedLesson, lessonPaperScale, lessons, ownText, runChanges, runsAtPaperScale } from './scenario-api';
import { clickParts, clickTimeText } from './paper-scale-estimate';
import { comparedToRun } from './compared-runs';
import { calibrations } from './run/calibrations';
import { durationText, estimateRun } from '../engine/estimate';
import { APP_MAX_PACKETS } from '../protocol/messages';
import { CompareSlot, EditorSlot, InspectorSlot } from './slots';
import { useAppState } from './store/app-store';
import { asNewEntry, lessonStep, scenarioHref } from './store/url-sync';
import { useMenuDismiss } from './menu';
import { focusedByPointer, followPointerFocus } from './pointer-focus';
import { SummaryTable } from './SummaryTable';
import { followStep, sideToTop } from './side-panel';
import { useStickyScrollPadding } from './sticky-padding';
import { useFullScreenHistory } from './fullscreen-history';
import { markerLabel } from './charts/plot';
import { viewOf } from './scenario-view';

function isTyping(t: EventTarget | null): boolean {
  const el = t as HTMLElement | null;
  if (!el || !el.tagName) return false;
  const tag = el.tagName;
  return tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT' || el.isContentEditable;
}

/** Controls that use the arrow keys themselves (radio groups, sliders, tabs, menus): the arrows are theirs, not the step's. */
function ownsArrows(t: EventTarget | null): boolean {
  const el = t as HTMLElement | null;
  return !!el?.closest?.('[role=radiogroup],[role=radio],[role=slider],[role=tablist],[role=menu],[role=listbox],[role=grid]');
}

function useKeyboard() {
  const { store, controller } = useServices();
  useEffect(() => {
    // a button clicked with the mouse keeps the focus; the page's keys still work there (pointer-focus.ts)
    const unfollow = followPointerFocus(document);
    const onKey = (e: KeyboardEvent) => {
      // a drop-down keeps the focus after a choice made with the mouse (a lesson from the
      // Lesson menu, "drop" as the step target); there ← → changed the choice (Chromium on
      // Linux and Windows: the next lesson, losing the run; "flow event" instead of "drop")
      // where the help and docs/teaching.md say they step. ↑ ↓ and typing still choose.
      const arrow = e.key === 'ArrowRight' || e.key === 'ArrowLeft';
      const onSelect = (e.target as HTMLElement | null)?.tagName === 'SELECT';
      // and Space there opened the menu again (a lesson picked with the mouse, then Space to
      // play it): on a drop-down the mouse gave the focus to, Space plays and pauses
      const spaceOnClicked = e.key === ' ' && onSelect && focusedByPointer(e.target);
      if (e.ctrlKey || e.metaKey || e.altKey || (isTyping(e.target) && !(arrow && onSelect) && !spaceOnClicked)) return;
      // a modal dialog (the help) is open: the run behind it does not take keys
      if (document.querySelector('dialog[open]')) return;
      const onButton = ((e.target as HTMLElement | null)?.tagName === 'BUTTON' || (e.target as HTMLElement | null)?.tagName === 'SUMMARY') && !focusedByPointer(e.target);
      if (e.key === ' ' && !onButton) {
        e.preventDefault();
        // a held Space repeats its keydown ~30 times a second: it played and paused the run by
        // turns, leaving it in whichever state the last repeat hit; one press, one toggle
        if (!e.repeat) controller.toggle();
      } else if ((e.key === 'ArrowRight' || e.key === 'ArrowLeft') && ownsArrows(e.target) && !focusedByPointer(e.target)) {
        return;
      } else if (e.key === 'ArrowRight') {
        e.preventDefault();
        followStep(store, () => controller.stepForward());
      } else if (e.key === 'ArrowLeft') {
        e.preventDefault();
        followStep(store, () => controller.stepBack());
      } else if (e.key === 'Escape' && store.getState().fullscreen) {
        store.set({ fullscreen: null });
      }
    };
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('keydown', onKey);
      unfollow();
    };
  }, [store, controller]);
}

const GROUPS: [string, string][] = [
  ['lesson', 'Lessons'],
  ['ecn-finite', 'seeds/001: ECN for large finite transfers (all runs)'],
  ['web-load', 'seeds/000: web response times by offered load (all runs)'],
  ['feng-fig4', 'seeds/004 Fig. 4: RED-ECN max_p against the number of connections (all runs)'],
  ['feng-fig20', 'seeds/004 Fig. 20: schemes at 100 connections; SUBTCP increase and delay (all runs)'],
  ['bench', 'Benchmarks'],
];

function LessonMenu() {
  const { store, controller } = useServices();
  const preset = useAppState(store, (s) => s.presetName);
  const list = lessons();
  // moving through the closed menu with the keys loads each lesson passed (the select's own
  // behaviour): the first step adds a history entry, the next ones replace it, so Back returns
  // to the lesson before; a click, Enter or leaving the menu ends the walk
  const keyed = useRef(false);
  const walking = useRef(false);
  const endWalk = () => {
    keyed.current = false;
    walking.current = false;
  };
  return (
    <div className="lesson-menu">
      <label htmlFor="lesson-select">Lesson</label>
      <select
        id="lesson-select"
        value={preset ?? ''}
        onKeyDown={(e) => {
          if (e.key === 'Enter' || e.key === 'Escape' || e.key === 'Tab' || e.key === ' ') endWalk();
          else keyed.current = true;
        }}
        onMouseDown={endWalk}
        onBlur={endWalk}
        onChange={(e) => {
          const l = list.find((x) => x.name === e.target.value);
          if (!l) return;
          const step = keyed.current && walking.current;
          walking.current = keyed.current;
          keyed.current = false;
          if (step) lessonStep(() => controller.loadScenario(l.scenario, l.name));
          else controller.loadScenario(l.scenario, l.name);
          // the menu stays at the top of a scrolled page (the header sticks): chosen from the
          // summary or Compare, the new lesson opened there, its text and Play screens above
          window.scrollTo(0, 0);
        }}
      >
        {preset === null ? <option value="">Custom scenario</option> : null}
        {GROUPS.map(([g, label]) => (
          <optgroup key={g} label={label}>
            {list
              .filter((l) => l.group === g)
              .map((l) => (
                <option key={l.name} value={l.name}>
                  {l.title}
                </option>
              ))}
          </optgroup>
        ))}
      </select>
    </div>
  );
}

function LessonText() {
  const { store, controller } = useServices();
  const preset = useAppState(store, (s) => s.presetName);
  const scenario = useAppState(store, (s) => s.scenario);
  // a change chosen with the arrow keys, not picked from the open list
  const keyed = useRef(false);
  // folded to two lines while a classroom run goes on a short screen (src/ui/lesson-fold.ts);
  // "more" opens it for this run. The whole text stays in the page for a screen reader.
  const fold = useLessonFold();
  const [more, setMore] = useState(false);
  useLayoutEffect(() => setMore(false), [fold]);
  // "more" goes when the run ends: the focus it had goes to the change menu beside it, or the statements
  const box = useRef<HTMLElement>(null);
  useKeepFocus(box, () => document.getElementById('try-select') ?? document.querySelector<HTMLElement>('.claims > summary'));
  const l = lessons().find((x) => x.name === preset);
  // the name and description the user gave the scenario (the editor's "Name and description", a file's own)
  const own = ownText(scenario, l);
  const ownPara = own ? (
    <p className="lesson-body lesson-own">
      <strong>{own.title}.</strong> {own.text}
    </p>
  ) : null;
  if (!l) return ownPara ? <section className="lesson-text" aria-label="What to watch">{ownPara}</section> : null;
  const active = activeExperiment(l, scenario);
  // the lesson changed in the editor (or by a link or file), and not into one of its Try
  // changes: one click brings the lesson back, the edits staying one step back in history.
  // Before, nothing did: the Lesson menu already showed this lesson (choosing it again is no
  // change) and "Try a change" already showed its empty choice.
  const changed = !active && scenario !== null && runChanges(scenario, l.name).length > 0;
  const restore = changed ? (
    <button type="button" className="lesson-restore" title="Loads the lesson unchanged. Your scenario stays one step back in the browser's history: Back brings it again." onClick={() => asNewEntry(() => controller.loadScenario(l.scenario, l.name))}>
      Back to the lesson as it is
    </button>
  ) : null;
  return (
    <section className={`lesson-text${fold ? ' fold' : ''}${fold && !more ? ' folded' : ''}`} aria-label="What to watch" ref={box}>
      {ownPara}
      <p className="lesson-body">
        {/* the lesson edited into something else: its text is where the scenario came from, not what it is (on the printed handout too) */}
        {editedLesson(l, scenario) ? <span className="lesson-edited">Your scenario, edited from the lesson: </span> : own ? <span className="lesson-edited">The lesson it runs: </span> : null}
        <strong>{l.title}.</strong> <WithLessonLinks text={l.lesson} lessons={lessons()} current={l.name} />
      </p>
      {fold ? (
        <button type="button" className="lesson-more" aria-expanded={more} aria-label={more ? 'less of the lesson text' : 'more of the lesson text'} onClick={() => setMore(!more)}>
          {more ? 'less' : 'more'}
        </button>
      ) : null}
      {l.experiments.length > 0 ? (
        <div className="try-row">
          <label htmlFor="try-select" className="try-label">
            Try a change:
          </label>
          {/* one line however many changes a lesson offers (buttons took a line each on a projector); choosing one runs it */}
          <select
            id="try-select"
            value={active ? String(l.experiments.indexOf(active)) : ''}
            title="Runs the lesson with the change; the statements beside then say what that change should show"
            onKeyDown={(ev) => {
              // the arrow keys on the closed menu move through the changes one by one: each is
              // loaded but not run (a run for every change passed was started and dropped); Enter runs it
              if (ev.key === 'Enter' && active) {
                ev.preventDefault();
                controller.play();
              } else if (!ev.altKey && !ev.ctrlKey && !ev.metaKey && (/^(Arrow(Up|Down)|Home|End|Page(Up|Down))$/.test(ev.key) || ev.key.length === 1)) {
                // the change such a key makes is dispatched before this task ends
                keyed.current = true;
                setTimeout(() => (keyed.current = false), 0);
              }
            }}
            onChange={(ev) => {
              const run = !keyed.current;
              keyed.current = false;
              const e = ev.target.value === '' ? null : l.experiments[Number(ev.target.value)];
              const load = () => (e ? controller.loadScenario(e.scenario, l.name, run) : controller.loadScenario(l.scenario, l.name));
              // a change chosen, or the first one stepped to from the lesson or the user's own
              // scenario, adds a history entry: the browser's Back returns to what was there. It
              // replaced the entry, so Back from a change skipped the lesson (to the one before)
              // and a scenario edited in the editor was gone for good. Stepping on through the
              // changes with the arrow keys replaces it, as the lesson menu does
              if (run || !active) asNewEntry(load);
              else load();
            }}
          >
            <option value="">{active ? 'back to the lesson as it is' : l.experiments.length === 1 ? 'choose the one offered…' : `choose one of ${l.experiments.length}…`}</option>
            {l.experiments.map((e, i) => (
              <option key={e.title} value={String(i)}>
                {e.title}
              </option>
            ))}
          </select>
          {restore}
        </div>
      ) : restore ? (
        <div className="try-row">{restore}</div>
      ) : null}
      <PaperScaleRow name={l.name} />
    </section>
  );
}

/**
 * A lesson shorter than its paper's run (seeds/000's lessons: 200 s after a 30 s warm-up,
 * the paper's 120 s warm-up then 250,000 exchanges) runs at the paper's scale in one click,
 * at max speed, with the time it takes here said first (the pace measured in this tab when
 * there is one: the nominal rate is a fast machine's). Run at that scale, the row says so instead; the
 * statements are checked on that run (LessonClaims). The link says the change as keys.
 */
function PaperScaleRow({ name }: { name: string }) {
  const { store, controller } = useServices();
  const scenario = useAppState(store, (s) => s.scenario);
  const paper = lessonPaperScale(name);
  if (!paper) return null;
  if (runsAtPaperScale(name, scenario)) {
    return (
      <p className="small paper-scale-row" data-testid="paper-scale">
        Running at the paper's scale: {paper.words}.
      </p>
    );
  }
  const e = estimateRun(paper.scenario, { maxPackets: APP_MAX_PACKETS });
  const pace = controller.measuredEventsPerSec();
  // what the click runs: the load's calibration at this window when the page has none, the
  // run, then the lessons its statements compare with at the same scale (paper-scale-estimate.ts)
  // (a compared lesson already run at that scale in this page is not run again)
  const parts = clickParts(paper.scenario, comparedToRun(comparisonRuns(paper.scenario, name)).map((l) => l.scenario), (k) => calibrations.has(k), { maxPackets: APP_MAX_PACKETS });
  const rate = Number.isFinite(pace) && pace > 0 ? pace : e.work / e.wallSeconds;
  return (
    <div className="try-row paper-scale-row" data-testid="paper-scale">
      <button
        type="button"
        title={`Loads the lesson with ${paper.keys.join(', ')} and runs it at max speed; its statements are checked on that run`}
        onClick={() =>
          asNewEntry(() => {
            // at the lesson's real-time pace the paper's 1,600 simulated seconds would take as long: the estimate is max speed's
            controller.setSpeed('max');
            controller.loadScenario(paper.scenario, name, true);
          })
        }
      >
        Run at the paper's scale
      </button>
      <span className="small muted">
        {paper.words.charAt(0).toUpperCase() + paper.words.slice(1)}, at max speed ({clickTimeText(parts, rate, durationText)})
      </span>
    </div>
  );
}

/** Title of the note Copy link adds when the run changed parameters while it went. */
const LIVE_CHANGES_LINK_TITLE = 'The link applies your mid-run changes from the start';

function ShareButton() {
  const { store } = useServices();
  const [copied, setCopied] = useState(false);
  return (
    <>
      <button
        type="button"
        onClick={async () => {
          // the scenario on screen, not the address bar: after a link with problems that still shows what was typed
          const href = scenarioHref(location.href, store);
          try {
            await navigator.clipboard.writeText(href);
            setCopied(true);
            setTimeout(() => setCopied(false), 2000);
          } catch {
            window.prompt('Copy this link:', href);
          }
          // the link holds the final values: a run changed while it went gives other numbers when the link is opened
          const markers = store.getState().markers;
          if (markers.length > 0) {
            store.addBanner({
              kind: 'info',
              title: LIVE_CHANGES_LINK_TITLE,
              lines: [
                `This run set ${markers.slice(0, 3).map((m) => `${markerLabel(m, viewOf(store.getState().scenario))} at t = ${m.t.toFixed(1)} s`).join(', ')}${markers.length > 3 ? ` and ${markers.length - 3} more` : ''}; the link sets ${markers.length > 1 ? 'them' : 'it'} from t = 0, so its run (and its numbers) will differ from this one.`,
              ],
            });
          }
        }}
        aria-label="Copy link to this scenario"
      >
        {copied ? 'Link copied' : 'Copy link'}
      </button>
      {/* the button's name stays "Copy link to this scenario" (its text changes): a screen reader hears the copy here */}
      <span className="sr-only" role="status">
        {copied ? 'Link copied' : ''}
      </span>
    </>
  );
}

/**
 * The current scenario as an ns-2.35 script (src/ns2, loaded on first use). What ns-2.35
 * cannot express is reported in a banner naming the field; the app keeps working.
 */
async function exportNs2Script(store: ReturnType<typeof useServices>['store']): Promise<void> {
  const s = store.getState();
  if (!s.scenario) return;
  let mod: typeof import('../ns2/export');
  try {
    mod = await import('../ns2/export');
  } catch (e) {
    // its chunk not fetched (network dropped, an older build's tab): this was an unhandled rejection, nothing said
    store.addBanner({ kind: 'error', title: 'The ns-2 exporter could not be loaded', lines: [`${e instanceof Error ? e.message : String(e)}. Check the connection and choose File → ns-2 script again (or reload the page); nothing else is affected.`], topic: 'ns2-export' });
    return;
  }
  const { exportNs2, Ns2ExportError } = mod;
  try {
    const { script, notes } = exportNs2(s.scenario, { calibrations: s.summary?.web?.calibration });
    const name = `${fileStem('ns2', s.presetName, s.scenario)}.tcl`;
    download(name, new Blob([script], { type: 'text/x-tcl' }));
    store.addBanner({
      kind: 'info',
      title: `Saved ${name}: the scenario as an ns-2.35 script`,
      lines: [`Run it with: ns ${name} (Debian/Ubuntu: apt-get install ns2). It prints one JSON line with this lab's summary fields.`, `${notes.length} field${notes.length === 1 ? '' : 's'} without an exact ns-2 equivalent ${notes.length === 1 ? 'is' : 'are'} listed at its top: ${notes.map((n) => n.field).join(', ')}.`],
    });
  } catch (e) {
    if (!(e instanceof Ns2ExportError)) throw e;
    store.addBanner({ kind: 'error', title: 'This scenario cannot be exported as an ns-2 script', lines: [e.message] });
  }
}

/** The header's File menu: open and save scenario files, and export the run's data. */
function FileMenu() {
  const { store } = useServices();
  const menuRef = useRef<HTMLDetailsElement>(null);
  useMenuDismiss(menuRef);
  const openRef = useRef<() => void>(() => undefined);
  // on a run long enough that the series were halved, what All series' rows are then (read when the menu opens)
  const [envelope, setEnvelope] = useState<string | null>(null);
  const envelopeId = useId();
  const run = (kind: 'open' | 'csv' | 'json' | 'events' | 'ns2' | 'scenario') => {
    if (menuRef.current) menuRef.current.open = false;
    const s = store.getState();
    if (kind === 'open') return openRef.current();
    if (kind === 'ns2') return void exportNs2Script(store);
    if (kind === 'scenario') return saveScenarioFile(store);
    const stem = fileStem(kind === 'json' ? 'everything' : 'series', s.presetName, s.scenario);
    const names = store.series.names();
    if (kind === 'csv') download(seriesCsvName(stem, store.series), new Blob([seriesCsv(store.series, names)], { type: 'text/csv' }));
    else if (kind === 'events') download(`${fileStem('drops-marks', s.presetName, s.scenario)}.csv`, new Blob([eventsCsv(store.series)], { type: 'text/csv' }));
    else download(`${stem}.json`, new Blob([seriesJson(store.series, names, s.summary, { scenario: s.scenario, markers: s.markers })], { type: 'application/json' }));
  };
  return (
    <>
      <OpenScenarioInput openRef={openRef} />
      <details className="export-menu" ref={menuRef} onToggle={(e) => e.currentTarget.open && setEnvelope(envelopeNote(store.series))}>
        <summary aria-label="File: open or save a scenario, export the run's data">File</summary>
        <div className="export-items" role="group" aria-label="Scenario files and data">
          <button type="button" onClick={() => run('open')} title="Open a scenario file (.json) as the command line reads it, or a saved run's result; you can also drop the file on the page">
            Open scenario…
          </button>
          <button type="button" onClick={() => run('scenario')} title="The scenario as a file the command line runs (npm run sim -- file.json) and Open scenario reads back">
            Save scenario (JSON)
          </button>
          <hr />
          <button type="button" onClick={() => run('csv')} title={`Every chart's columns in one file, as the command line's --series: t in s, queue in packets, util and probabilities 0-1, delays in s (docs/cli.md, Output files)${envelope ? `. ${envelope}` : ''}`} aria-describedby={envelope ? envelopeId : undefined}>
            All series (CSV)
          </button>
          {envelope ? (
            <p className="export-note export-envelope" id={envelopeId} data-testid="file-envelope-note">
              {envelope}
            </p>
          ) : null}
          <button type="button" onClick={() => run('events')} title="One row per drop or ECN mark at the bottleneck (forward queue), warm-up included: t (s), kind (early-drop, forced-drop, overflow-drop, ecn-mark, link-loss), flow. Past 524,288 events thinned, as the charts' ticks: count drops with the summary">
            Drops and marks (CSV)
          </button>
          <button type="button" onClick={() => run('json')}>
            Everything (JSON)
          </button>
          <button type="button" onClick={() => run('ns2')} title="The scenario as an ns-2.35 Tcl script (run it with: ns file.tcl)">
            ns-2 script (Tcl)
          </button>
        </div>
      </details>
    </>
  );
}

/**
 * On paper only (styles.css, @media print): the seed and the link that runs this scenario
 * again, for a handout whose reader wants the live run (Save as PDF often prints no
 * address in its margins).
 */
function PrintSource() {
  const { store } = useServices();
  const scenario = useAppState(store, (s) => s.scenario);
  useAppState(store, (s) => s.presetName);
  // The link is read again as printing starts: Compare puts its choice in the address
  // (?compare=family&lessons=...) without changing the scenario, and a handout printed with
  // the comparison open gave the lesson's link alone, which opens no comparison.
  const [, reread] = useState(0);
  useEffect(() => {
    const media = window.matchMedia?.('print');
    const before = () => flushSync(() => reread((n) => n + 1));
    const change = (e: MediaQueryListEvent) => e.matches && before();
    window.addEventListener('beforeprint', before);
    media?.addEventListener('change', change);
    return () => {
      window.removeEventListener('beforeprint', before);
      media?.removeEventListener('change', change);
    };
  }, []);
  if (!scenario) return null;
  return (
    <p className="print-only print-source">
      Seed {scenario.seed}. Run it again: {scenarioHref(location.href, store)}
    </p>
  );
}

const FOCUSABLE = 'button, [href], input, select, textarea, summary, [tabindex]:not([tabindex="-1"])';

/**
 * A chart full screen: a modal view over the page. Focus goes into it (the view itself,
 * so Space still plays and pauses, as on the page; on its close button Space would close
 * it) and Tab and Shift+Tab stay in it, since focus on the page behind would be hidden
 * under it; when it closes, focus returns to what opened it.
 */
function FullScreenView({ label, children }: { label: string; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  // read while rendering, before the view's own effects run
  const [opener] = useState(() => document.activeElement as HTMLElement | null);
  useEffect(() => {
    ref.current?.focus();
    // on the window: Tab from wherever focus is (even behind the view) comes back into it
    const onKey = (e: KeyboardEvent) => {
      const box = ref.current;
      if (e.key !== 'Tab' || !box) return;
      const items = [...box.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => !el.matches(':disabled') && el.getClientRects().length > 0);
      if (items.length === 0) return;
      const first = items[0];
      const last = items[items.length - 1];
      const at = document.activeElement;
      if (!box.contains(at) || at === box || at === (e.shiftKey ? first : last)) {
        e.preventDefault();
        (e.shiftKey ? last : first).focus();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('keydown', onKey);
      if (opener?.isConnected && document.activeElement !== opener) opener.focus();
    };
  }, [opener]);
  return (
    <div ref={ref} className="fullscreen" role="dialog" aria-modal="true" aria-label={label} tabIndex={-1}>
      {children}
    </div>
  );
}

/** The inspector and the editor beside the charts: a new lesson opens its column at the top (src/ui/side-panel.ts). */
function SidePanel({ children }: { children: ReactNode }) {
  const { store } = useServices();
  const preset = useAppState(store, (s) => s.presetName);
  useLayoutEffect(() => sideToTop(), [preset]);
  return (
    <aside className="side" aria-label="Scenario and decisions">
      {children}
    </aside>
  );
}

/** The lesson's text and its statements; `fold` while a classroom run goes on a short screen (src/ui/lesson-fold.ts). */
function LessonRow() {
  const fold = useLessonFold();
  return (
    // a landmark round the lesson: its claims list was the only page content outside one (axe: region)
    <section className={`lesson-row${fold ? ' fold' : ''}`} aria-label="Lesson">
      <LessonText />
      <LessonClaims />
    </section>
  );
}

export function App() {
  const { store, controller } = useServices();
  const classroom = useAppState(store, (s) => s.classroom);
  const embed = useAppState(store, (s) => s.embed);
  const fullscreen = useAppState(store, (s) => s.fullscreen);
  // on paper, a comparison printed before this run was played leaves out its empty charts (styles.css @media print)
  const played = useAppState(store, (s) => s.status !== 'idle');
  useKeyboard();
  useEffect(() => {
    document.documentElement.classList.toggle('classroom', classroom);
  }, [classroom]);
  // after the class is set: classroom type changes which bar sticks and its height
  useStickyScrollPadding(classroom);
  useFullScreenHistory(store);
  const full = CHARTS.find((c) => c.id === fullscreen);
  const slotProps = { store, controller };
  return (
    <div className={`app${embed ? ' embed' : ''}`} data-played={played ? 'yes' : 'no'}>
      <header className="app-header">
        {!embed ? (
          <div className="brand-row">
            <h1 className="brand">AQM Lab</h1>
            <LessonMenu />
            <div className="header-tools">
              <HelpButton />
              <ShareButton />
              <FileMenu />
              <button type="button" aria-pressed={classroom} onClick={() => store.set({ classroom: !classroom })} title="Large type for a classroom">
                Classroom {classroom ? 'on' : 'off'}
              </button>
            </div>
          </div>
        ) : (
          // the embedded view (slides) shows no brand row; a screen reader still gets the page's heading
          <h1 className="sr-only">AQM Lab</h1>
        )}
        {!embed ? <PrintSource /> : null}
        <Transport />
      </header>
      <StepNoteBelow />
      <Banners />
      {!embed ? <LessonRow /> : null}
      <p className="print-only print-unplayed">This lesson's own run was not played before printing: its charts are left out, and the comparison below shows the runs.</p>
      <main className="layout">
        <div className="charts" aria-label="Charts">
          <ResponseChart />
          {CHARTS.map((def) => (
            <ChartCard key={def.id} def={def} />
          ))}
        </div>
        {!embed ? (
          <SidePanel>
            <InspectorSlot {...slotProps} />
            <EditorSlot {...slotProps} />
          </SidePanel>
        ) : null}
      </main>
      {!embed ? <SummaryTable /> : null}
      {!embed ? <CompareSlot {...slotProps} /> : null}
      {full ? (
        <FullScreenView key={full.id} label={`${full.title}, full screen`}>
          <ChartCard def={full} full />
        </FullScreenView>
      ) : fullscreen === 'response' ? (
        <FullScreenView key="response" label="Response times, full screen">
          <ResponseChart full />
        </FullScreenView>
      ) : null}
    </div>
  );
}
