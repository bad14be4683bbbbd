/**
 * A chart shown full screen is a step of the browser's history: the browser's (or a phone's)
 * Back closes it. Without this, Back from a full-screen chart on a tablet went to the lesson
 * before, behind the still open view (which then showed that lesson's empty chart): the
 * lesson the student was on and its finished run were gone.
 *
 * Opening pushes an entry with the same address (no hashchange: the URL sync does not see
 * it); Back to the entry before closes the view; closing it with ✕ or Escape goes back over
 * the entry, so the next Back is the lesson before, as if the view had never been opened.
 */
import { useEffect } from 'react';
import type { AppStore } from './store/app-store';

const KEY = 'aqmFullScreen';

function ownEntry(token: number): boolean {
  const st = history.state as Record<string, unknown> | null;
  return !!st && st[KEY] === token;
}

export function useFullScreenHistory(store: AppStore): void {
  useEffect(() => {
    let open = store.getState().fullscreen !== null;
    let token = 0;
    let closedByBack = false;
    const unsub = store.subscribe(() => {
      const now = store.getState().fullscreen !== null;
      if (now === open) return;
      open = now;
      if (now) {
        token = Date.now();
        history.pushState({ ...(history.state as object | null), [KEY]: token }, '', location.href);
      } else if (closedByBack) {
        closedByBack = false;
      } else if (ownEntry(token)) {
        history.back();
      }
    });
    const onPop = () => {
      if (store.getState().fullscreen !== null && !ownEntry(token)) {
        closedByBack = true;
        store.set({ fullscreen: null });
      }
    };
    window.addEventListener('popstate', onPop);
    return () => {
      unsub();
      window.removeEventListener('popstate', onPop);
    };
  }, [store]);
}
