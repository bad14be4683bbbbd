/**
 * A view over the page (a chart full screen, the help dialog) as a step of the browser's
 * history: the browser's (or a phone's) Back closes it, not the lesson behind it. Without
 * this, Back went to the lesson before, behind the still open view: the lesson the student
 * was on and its finished run were gone.
 *
 * Opening pushes an entry with the same address (no hashchange: the URL sync does not see
 * it), marked under the view's own key; Back to the entry before closes the view; closing it
 * any other way (✕, Escape, a click outside) goes back over the entry, so the next Back is
 * the lesson before, as if the view had never been opened. Views with different keys nest:
 * each entry keeps the marks of the entries under it.
 */

export interface HistoryStep {
  /** The view has just opened: push its entry. */
  opened(): void;
  /** The view has just closed (by whatever means): drop its entry unless Back did. */
  closed(): void;
  /** Stop listening to Back. */
  dispose(): void;
}

/** `key`: the mark in history.state; `close`: closes the view (Back while it is open). */
export function historyStep(key: string, close: () => void): HistoryStep {
  let open = false;
  let token = 0;
  let closedByBack = false;
  const ownEntry = () => {
    const st = history.state as Record<string, unknown> | null;
    return !!st && st[key] === token;
  };
  const onPop = () => {
    if (open && !ownEntry()) {
      closedByBack = true;
      open = false;
      close();
    }
  };
  window.addEventListener('popstate', onPop);
  return {
    opened() {
      if (open) return;
      open = true;
      closedByBack = false;
      token = Date.now();
      history.pushState({ ...(history.state as object | null), [key]: token }, '', location.href);
    },
    closed() {
      if (closedByBack) {
        closedByBack = false;
        return;
      }
      if (!open) return;
      open = false;
      if (ownEntry()) history.back();
    },
    dispose() {
      window.removeEventListener('popstate', onPop);
    },
  };
}
