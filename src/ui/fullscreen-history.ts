/**
 * A chart shown full screen is a step of the browser's history (history-step.ts): the
 * browser's (or a phone's) Back closes it. Without this, Back from a full-screen chart on a
 * tablet went to the lesson before, behind the still open view (which then showed that
 * lesson's empty chart).
 */
import { useEffect } from 'react';
import { historyStep } from './history-step';
import type { AppStore } from './store/app-store';

export function useFullScreenHistory(store: AppStore): void {
  useEffect(() => {
    const step = historyStep('aqmFullScreen', () => store.set({ fullscreen: null }));
    let open = store.getState().fullscreen !== null;
    const unsub = store.subscribe(() => {
      const now = store.getState().fullscreen !== null;
      if (now === open) return;
      open = now;
      if (now) step.opened();
      else step.closed();
    });
    return () => {
      unsub();
      step.dispose();
    };
  }, [store]);
}
