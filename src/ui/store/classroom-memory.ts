/**
 * Classroom on or off survives a reload of the tab. A teacher who pressed Classroom on at the
 * projector and reloaded (a stuck page, a new build) got the lab back in desk type, the class
 * reading nothing until the button was found again. The state is kept in the tab's
 * sessionStorage, not in the link: Copy link gives students a link without it (url-sync.ts
 * scenarioHref), and a tab opened from a link starts without it.
 *
 * `?classroom=1` (or `=0`) in the address still decides when present; the button then writes
 * its state into that query too, so a reload shows what was on screen, not what the address
 * said when the page was opened.
 */
import type { AppStore } from './app-store';

export const CLASSROOM_KEY = 'aqm-lab.classroom';

/** The query's classroom flag when the query has one, else what this tab last showed. */
export function initialClassroom(search: string, storage: Pick<Storage, 'getItem'> | null): boolean {
  const q = new URLSearchParams(search);
  if (q.has('classroom')) {
    const v = q.get('classroom');
    return v !== '0' && v !== 'false';
  }
  try {
    return storage?.getItem(CLASSROOM_KEY) === '1';
  } catch {
    return false;
  }
}

/** The page's address as far as this needs it (window.location and history.replaceState in the app). */
export interface AddressBar {
  search(): string;
  replaceSearch(search: string): void;
}

/** Keeps the store's classroom flag in `storage` (and in the query when it has the flag); returns the unsubscribe. */
export function rememberClassroom(store: AppStore, storage: Pick<Storage, 'setItem'> | null, address: AddressBar | null): () => void {
  let last = store.getState().classroom;
  return store.subscribe(() => {
    const on = store.getState().classroom;
    if (on === last) return;
    last = on;
    try {
      storage?.setItem(CLASSROOM_KEY, on ? '1' : '0');
    } catch {
      // storage refused (private mode, quota): the state is kept for this page only
    }
    if (address) {
      // only the flag's own part changes: Compare's settings beside it stay as they were written
      const parts = address.search().replace(/^\?/, '').split('&');
      const k = parts.findIndex((part) => part.split('=')[0] === 'classroom');
      if (k >= 0) {
        parts[k] = `classroom=${on ? '1' : '0'}`;
        address.replaceSearch(`?${parts.join('&')}`);
      }
    }
  });
}
