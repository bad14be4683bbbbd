/**
 * URL sync: the fragment always reflects the scenario (readable key=value pairs relative
 * to the chosen preset, via the engine's URL codec); opening or editing a link loads it.
 * Choosing another lesson adds a browser history entry (Back returns to the previous
 * lesson); edits to the scenario replace the current entry.
 * Keys that are unknown or have bad values are listed in a dismissible banner, one line
 * per key and value; the good keys still apply. A key given more than once is listed too,
 * with the value that was used (the link still opens). A value that applied but is likely
 * not what was meant (a bare delay=5 is 5 s, not 5 ms) gets a banner of its own that
 * does not block. Query options: ?embed=1 (charts and
 * transport only, for slides), ?classroom=1 (large type); scenario keys typed in the query
 * move to the fragment (scenarioFromQuery).
 */
import { cloneJson, getPath, jsonEqual, setPath } from '../../engine/scenario/paths';
import { decodeLink, encodeLink, lessons, problemLine } from '../scenario-api';
import type { RunController } from '../run/controller';
import type { AppStore } from './app-store';
import { COMPARE_KEY, LESSONS_KEY, SEEDS_KEY } from '../compare/link';
import { RT_KEY } from '../charts/rt-link';

export const BAD_LINK_TITLE = 'Some settings in this link could not be used';
/** The banner of a link's values that were applied but are likely not what was meant (a bare delay=5 is 5 s). */
export const LINK_UNITS_TITLE = 'Check the units in this link';
export const UNITS_OPENED_LINE = 'The link was opened as written.';

export function readQueryFlags(search: string): { embed: boolean; classroom: boolean } {
  const q = new URLSearchParams(search);
  const on = (k: string) => q.has(k) && q.get(k) !== '0' && q.get(k) !== 'false';
  return { embed: on('embed'), classroom: on('classroom') };
}

export const KEPT_LINE = 'The scenario on screen is unchanged.';

/** The page query's own keys: display flags and Compare's settings (compare/link.ts). */
const QUERY_KEYS = new Set(['embed', 'classroom', COMPARE_KEY, SEEDS_KEY, LESSONS_KEY, RT_KEY]);

/**
 * A link typed with the scenario in its query (`?p=red-vs-dt&seed=3`, as a command line's
 * options read) instead of after `#`: the scenario's keys move to the fragment, where the
 * lab reads them (bad ones are then named in the banner as in any link); the query keeps
 * its own keys. Null when there is nothing to move, or the link already has a fragment,
 * which is what it opens.
 */
export function scenarioFromQuery(search: string, hash: string): { search: string; hash: string } | null {
  if (hash.replace(/^#/, '') !== '') return null;
  const kept: string[] = [];
  const moved: string[] = [];
  for (const part of search.replace(/^\?/, '').split('&')) {
    if (part === '') continue;
    const i = part.indexOf('=');
    let key = i < 0 ? part : part.slice(0, i);
    try {
      key = decodeURIComponent(key.replace(/\+/g, ' '));
    } catch {
      // an undecodable key is not one of the query's own: it goes to the fragment and its banner
    }
    (QUERY_KEYS.has(key) ? kept : moved).push(part);
  }
  if (moved.length === 0) return null;
  return { search: kept.length ? `?${kept.join('&')}` : '', hash: `#${moved.join('&')}` };
}

/** The key of each `key=value` part of a link, decoded where it can be (as decodeHash names them in its problems). */
function linkKeys(h: string): string[] {
  const keys: string[] = [];
  for (const part of h.split('&')) {
    if (part === '') continue;
    const i = part.indexOf('=');
    const raw = i < 0 ? part : part.slice(0, i);
    let key = part;
    try {
      key = decodeURIComponent(raw);
      decodeURIComponent(i < 0 ? '' : part.slice(i + 1));
    } catch {
      key = part;
    }
    keys.push(key);
  }
  return keys;
}

/**
 * Whether a link opens something of its own: it names a lesson this build has (or none,
 * meaning the first) and reads as this build's link version, and at least one of its
 * keys was used.
 */
export function usableLink(h: string, problems: readonly { key: string; duplicate?: boolean }[]): boolean {
  const bad = new Map<string, number>();
  for (const p of problems) if (!p.duplicate) bad.set(p.key, (bad.get(p.key) ?? 0) + 1);
  // a compact link's `s` is the whole scenario: cut off or invalid, the link holds nothing
  // of its own but the lesson it was made from (its keys would apply to that lesson instead)
  if (bad.has('p') || bad.has('v') || bad.has('s')) return false;
  // a key given twice, once badly ("seed=x&seed=5"), was still used
  const given = new Map<string, number>();
  for (const k of linkKeys(h)) given.set(k, (given.get(k) ?? 0) + 1);
  return [...given].some(([k, n]) => n > (bad.get(k) ?? 0));
}

/**
 * The keys of link `h` that were refused at every use (a key given twice, once well, was
 * used); their fields took the lesson's values.
 */
function refusedKeys(h: string, problems: readonly { key: string; duplicate?: boolean }[]): string[] {
  const bad = new Map<string, number>();
  for (const p of problems) if (!p.duplicate && p.key !== '') bad.set(p.key, (bad.get(p.key) ?? 0) + 1);
  const given = new Map<string, number>();
  for (const k of linkKeys(h)) given.set(k, (given.get(k) ?? 0) + 1);
  return [...bad].filter(([k, n]) => n >= (given.get(k) ?? 0)).map(([k]) => k);
}

/**
 * Whether link `h` asks for nothing but what it could not give: it names the lesson on
 * screen and what it opens differs from the scenario on screen only in fields of its refused
 * keys (the screen's own link with one value typed badly over: seed=9 made seed=-4; a scenario of
 * no lesson, opened from a file, has its link relative to "default"). Opening
 * it would put the lesson's values in those fields and stop the run on screen, a change no
 * key of the link asked for.
 */
export function onlyRefusedDiffer(h: string, decoded: { presetName: string | null; scenario: unknown; problems: readonly { key: string; duplicate?: boolean }[] }, onScreen: { presetName: string | null; scenario: unknown }): boolean {
  if (!onScreen.scenario || !decoded.scenario || decoded.presetName !== (onScreen.presetName ?? 'default')) return false;
  const refused = refusedKeys(h, decoded.problems);
  if (refused.length === 0) return false;
  const patched = cloneJson(decoded.scenario);
  try {
    for (const k of refused) {
      const want = getPath(onScreen.scenario, k);
      if (want === undefined && getPath(patched, k) === undefined) continue;
      setPath(patched, k, cloneJson(want));
    }
  } catch {
    return false;
  }
  return jsonEqual(patched, onScreen.scenario);
}

/**
 * The link of the scenario on screen, on the page at `href`: what Copy link copies. The
 * address bar may still hold a link the user typed that had problems (kept so the typo can
 * be fixed), whose bad keys were skipped, or that was not opened at all.
 * The page's query stays (Compare's settings), but not `classroom`: it is how this screen
 * shows the lab, not part of the run, and a teacher who opened the lab with ?classroom=1 on
 * the projector gave students links that opened at home in projector type (Classroom on
 * with the button left no trace in the link; now neither does the query).
 */
export function scenarioHref(href: string, store: AppStore): string {
  const s = store.getState();
  if (!s.scenario) return href;
  try {
    const page = href.replace(/#.*$/s, '').replace(/\?([^#]*)$/, (_, q: string) => {
      const kept = q.split('&').filter((part) => part !== '' && part.split('=')[0] !== 'classroom');
      return kept.length > 0 ? `?${kept.join('&')}` : '';
    });
    return `${page}#${encodeLink(s.scenario, s.presetName)}`;
  } catch {
    return href;
  }
}

function loadFirstLesson(store: AppStore, controller: RunController): void {
  if (store.getState().scenario) return;
  const first = lessons()[0];
  if (first) controller.loadScenario(first.scenario, first.name);
}

/** A link problem's message when the link was not opened: what it says was opened instead was not. */
function keptMessage<P extends { key: string; message: string }>(p: P): P {
  if (p.key === 'p') return { ...p, message: p.message.replace(/ opened "[^"]*" instead\./, ' nothing was opened.') };
  if (p.key === 's') return { ...p, message: p.message.replace(/; opened preset "[^"]*" instead$/, '; nothing was opened') };
  return p;
}

/**
 * Loads the scenario a fragment describes (or the first lesson when empty). Returns true
 * when the link had problems: the caller then leaves the address bar as the user typed
 * it (so the typo can be seen and fixed) until the scenario is changed.
 */
export function applyHash(hash: string, store: AppStore, controller: RunController): boolean {
  const h = hash.replace(/^#/, '');
  if (h.trim() === '') {
    loadFirstLesson(store, controller);
    return false;
  }
  let decoded;
  try {
    decoded = decodeLink(h);
  } catch (e) {
    // a scenario on screen (with the student's edits) stays; with none, the first lesson opens
    const kept = store.getState().scenario !== null;
    loadFirstLesson(store, controller);
    const lines = [`The link could not be read: ${e instanceof Error ? e.message : String(e)}`];
    store.addBanner({ kind: 'error', title: BAD_LINK_TITLE, lines: kept ? [...lines, KEPT_LINE] : lines, untilNextLoad: true });
    return true;
  }
  // A link opened while a scenario is on screen (typed into the address bar, followed from
  // a page) that names no lesson of this build, or none of whose keys could be used, would
  // replace that scenario and the student's edits with a guess (the first lesson): keep it.
  if (store.getState().scenario && !usableLink(h, decoded.problems)) {
    store.addBanner({
      kind: 'warning',
      title: BAD_LINK_TITLE,
      lines: [...decoded.problems.map((p) => problemLine(keptMessage(p))), KEPT_LINE],
      untilNextLoad: true,
    });
    return true;
  }
  // the screen's own link with a value typed badly over: nothing else to open, so keep the screen and its run
  if (onlyRefusedDiffer(h, decoded, store.getState())) {
    store.addBanner({ kind: 'warning', title: BAD_LINK_TITLE, lines: [...decoded.problems.map(problemLine), KEPT_LINE], untilNextLoad: true });
    return true;
  }
  // the banners come after the load: they are about the scenario the link opened, and go when another is loaded
  const problems = decoded.problems;
  const notices = decoded.notices;
  const listProblems = () => {
    if (problems.length > 0) store.addBanner({ kind: 'warning', title: BAD_LINK_TITLE, lines: problems.map(problemLine), untilNextLoad: true });
    // valid values that may mean something else (delay=5 is 5 s): said, not refused
    if (notices.length > 0) store.addBanner({ kind: 'warning', title: LINK_UNITS_TITLE, lines: [...notices, UNITS_OPENED_LINE], untilNextLoad: true });
  };
  if (decoded.scenario) {
    const errs = controller.loadScenario(decoded.scenario, decoded.presetName);
    if (errs.length) {
      listProblems();
      store.addBanner({ kind: 'error', title: 'The scenario in this link is not valid', lines: errs, untilNextLoad: true });
      return true;
    }
  } else loadFirstLesson(store, controller);
  listProblems();
  // with a notice too the address bar keeps the link as typed (the banner quotes it), until the scenario changes
  return problems.length > 0 || notices.length > 0;
}

// set while lessonStep() loads: a lesson change then replaces the address bar's entry
let browsedLesson = false;

/**
 * Runs `load` (a lesson change) as a step through the lesson menu with the keyboard (a closed
 * select changes its value, and the lab loads the lesson, on every arrow key): it replaces
 * the history entry instead of adding one, so Back does not walk through every lesson passed.
 */
export function lessonStep(load: () => void): void {
  browsedLesson = true;
  try {
    load();
  } finally {
    browsedLesson = false;
  }
}

// set while asNewEntry() loads: the scenario it loads adds a history entry even in the same lesson
let newEntry = false;

/**
 * Runs `load` (the lesson as it is, in place of the user's edits of it) so that the scenario
 * it loads adds a history entry: the browser's Back brings the edits back. An edit replaces
 * the entry, and a load in the same lesson did too, so a teacher's scenario built in the
 * editor, replaced by the lesson, was gone for good.
 */
export function asNewEntry(load: () => void): void {
  newEntry = true;
  try {
    load();
  } finally {
    newEntry = false;
  }
}

/**
 * Keeps location.hash equal to the scenario's encoding, and loads links the user types
 * or navigates to. Returns a function that stops syncing.
 */
export function startUrlSync(store: AppStore, controller: RunController): () => void {
  let lastWritten = '';
  let lastRev = -1;
  let applying = false;
  // the lesson the address bar shows: choosing another one adds a history entry, so the
  // browser's Back returns to the previous lesson instead of leaving the lab; edits replace it
  let lastPreset: string | null | undefined;
  const write = () => {
    const s = store.getState();
    if (applying || !s.scenario || s.scenarioRev === lastRev) return;
    lastRev = s.scenarioRev;
    const newLesson = (lastPreset !== undefined && s.presetName !== lastPreset && !browsedLesson) || newEntry;
    lastPreset = s.presetName;
    let h: string;
    try {
      h = encodeLink(s.scenario, s.presetName);
    } catch (e) {
      console.error('could not encode the scenario in the URL', e);
      return;
    }
    if (h === lastWritten && location.hash.replace(/^#/, '') === h) return;
    lastWritten = h;
    if (newLesson) history.pushState(null, '', `${location.pathname}${location.search}#${h}`);
    else history.replaceState(history.state, '', `${location.pathname}${location.search}#${h}`);
  };
  const unsub = store.subscribe(write);
  // a link with problems stays in the address bar as typed until the scenario changes
  const apply = (h: string) => {
    applying = true;
    let problems: boolean;
    try {
      problems = applyHash(h, store, controller);
    } finally {
      applying = false;
    }
    // what a link (typed, or reached with Back/Forward) opens replaces its own entry
    lastPreset = store.getState().presetName;
    if (problems) lastRev = store.getState().scenarioRev;
    else write();
  };
  const onHash = () => {
    const h = location.hash.replace(/^#/, '');
    if (h === lastWritten) return;
    lastWritten = h;
    apply(h);
  };
  window.addEventListener('hashchange', onHash);
  const fromQuery = scenarioFromQuery(location.search, location.hash);
  if (fromQuery) history.replaceState(history.state, '', `${location.pathname}${fromQuery.search}${fromQuery.hash}`);
  lastWritten = location.hash.replace(/^#/, '');
  apply(location.hash);
  return () => {
    unsub();
    window.removeEventListener('hashchange', onHash);
  };
}
