/**
 * The side column (decision inspector above the scenario editor). Wider than 1100 px it
 * stays beside the charts and scrolls on its own (styles.css .side). Two things left a
 * student looking at the wrong part of it:
 *
 * - Step or Back pressed in the transport (or ← →) after scrolling the column down to the
 *   editor: the inspector above took the decision, out of view, and nothing on screen
 *   changed but a line on the queue chart ("Why? ↓" is for narrow screens only).
 * - Another lesson chosen: the column kept its scroll, so the new lesson opened on the
 *   middle of its editor ("Bytes per flow"), the inspector hidden above.
 */
import type { AppState, AppStore } from './store/app-store';

/** The side column, when it scrolls on its own (the wide layout); null otherwise. */
function ownScroller(): HTMLElement | null {
  const side = document.querySelector<HTMLElement>('.side');
  if (!side) return null;
  const o = getComputedStyle(side).overflowY;
  return (o === 'auto' || o === 'scroll') && side.scrollHeight > side.clientHeight + 1 ? side : null;
}

/** Scrolls the side column (only it, not the page) to the inspector if at most a sliver of it shows. */
export function revealInspectorInSide(): void {
  const side = ownScroller();
  const insp = side?.querySelector<HTMLElement>('.slot-inspector');
  if (!side || !insp) return;
  const s = side.getBoundingClientRect();
  const r = insp.getBoundingClientRect();
  const shown = Math.min(r.bottom, s.bottom) - Math.max(r.top, s.top);
  if (shown < Math.min(48, r.height)) side.scrollTop += r.top - s.top;
}

/** Back to the top of the side column (a new lesson: its inspector, then its editor from the start). */
export function sideToTop(): void {
  const side = document.querySelector<HTMLElement>('.side');
  if (side) side.scrollTop = 0;
}

const cursorKey = (s: AppState) => `${s.cursor}:${s.flowCursor}`;

/**
 * Called with a step (Step, Back, ← →) asked for from outside the inspector: when the
 * inspector's decision changes (at once from the recorded history, or when the worker finds
 * the next one), the side column shows it. Nothing moves if the step finds nothing, or the
 * run is played again first.
 */
export function followStep(store: AppStore, step: () => void): void {
  const before = cursorKey(store.getState());
  let done = false;
  const stop = () => {
    done = true;
    unsubscribe();
    clearTimeout(timer);
  };
  const check = () => {
    if (done) return;
    const s = store.getState();
    if (cursorKey(s) !== before) {
      stop();
      // after React has drawn the new decision (its height decides where the inspector ends)
      requestAnimationFrame(revealInspectorInSide);
    } else if (s.status === 'running' || s.status === 'idle') stop();
  };
  const unsubscribe = store.subscribe(check);
  const timer = setTimeout(stop, 30_000);
  step();
  check();
}
