/**
 * URL sync: the fragment always reflects the scenario (readable key=value pairs relative
 * to the chosen preset, via the engine's URL codec); opening or editing a link loads it.
 * Keys that are unknown or have bad values are listed in a dismissible banner, one line
 * per key and value; the good keys still apply. Query options: ?embed=1 (charts and
 * transport only, for slides), ?classroom=1 (large type).
 */
import { decodeLink, encodeLink, lessons, problemLine } from '../scenario-api';
import type { RunController } from '../run/controller';
import type { AppStore } from './app-store';

export const BAD_LINK_TITLE = 'Some settings in this link could not be used';

export function readQueryFlags(search: string): { embed: boolean; classroom: boolean } {
  const q = new URLSearchParams(search);
  const on = (k: string) => q.has(k) && q.get(k) !== '0' && q.get(k) !== 'false';
  return { embed: on('embed'), classroom: on('classroom') };
}

/** Loads the scenario a fragment describes (or the first lesson when empty). */
export function applyHash(hash: string, store: AppStore, controller: RunController): void {
  const h = hash.replace(/^#/, '');
  if (h.trim() === '') {
    const first = lessons()[0];
    if (first) controller.loadScenario(first.scenario, first.name);
    return;
  }
  let decoded;
  try {
    decoded = decodeLink(h);
  } catch (e) {
    store.addBanner({ kind: 'error', title: BAD_LINK_TITLE, lines: [`The link could not be read: ${e instanceof Error ? e.message : String(e)}`] });
    return;
  }
  if (decoded.problems.length > 0) {
    store.addBanner({
      kind: 'warning',
      title: BAD_LINK_TITLE,
      lines: decoded.problems.map(problemLine),
    });
  }
  if (decoded.scenario) {
    const errs = controller.loadScenario(decoded.scenario, decoded.presetName);
    if (errs.length) store.addBanner({ kind: 'error', title: 'The scenario in this link is not valid', lines: errs });
  } else if (!store.getState().scenario) {
    const first = lessons()[0];
    if (first) controller.loadScenario(first.scenario, first.name);
  }
}

/**
 * Keeps location.hash equal to the scenario's encoding, and loads links the user types
 * or navigates to. Returns a function that stops syncing.
 */
export function startUrlSync(store: AppStore, controller: RunController): () => void {
  let lastWritten = '';
  let lastRev = -1;
  const write = () => {
    const s = store.getState();
    if (!s.scenario || s.scenarioRev === lastRev) return;
    lastRev = s.scenarioRev;
    let h: string;
    try {
      h = encodeLink(s.scenario, s.presetName);
    } catch (e) {
      console.error('could not encode the scenario in the URL', e);
      return;
    }
    if (h === lastWritten && location.hash.replace(/^#/, '') === h) return;
    lastWritten = h;
    history.replaceState(history.state, '', `${location.pathname}${location.search}#${h}`);
  };
  const unsub = store.subscribe(write);
  const onHash = () => {
    const h = location.hash.replace(/^#/, '');
    if (h === lastWritten) return;
    lastWritten = h;
    applyHash(h, store, controller);
  };
  window.addEventListener('hashchange', onHash);
  lastWritten = location.hash.replace(/^#/, '');
  applyHash(location.hash, store, controller);
  write();
  return () => {
    unsub();
    window.removeEventListener('hashchange', onHash);
  };
}
