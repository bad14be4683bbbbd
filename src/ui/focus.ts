/**
 * Keeps the keyboard focus in a panel when the control that had it goes away or is disabled
 * under it: the inspector's Previous at the first decision, Close comparison once pressed.
 * The browser then dropped the focus to the page itself, and a screen reader said nothing
 * more (Chromium at least resumes Tab from there; the next focus was still a surprise).
 * After each render of the panel, if the focus was lost that way, `fallback()` gets it (tried
 * again at the next render while it is null or disabled, e.g. Compare until its runs stop).
 */
import { useEffect, useRef, type RefObject } from 'react';

function lost(el: HTMLElement): boolean {
  return !el.isConnected || (el as HTMLButtonElement).disabled === true;
}

export function useKeepFocus(ref: RefObject<HTMLElement | null>, fallback: () => HTMLElement | null | undefined): void {
  const last = useRef<HTMLElement | null>(null);
  useEffect(() => {
    // on the document: the panel's element may be replaced (the inspector's toolbar moves
    // between its empty and its full layout)
    const onIn = (e: FocusEvent) => {
      const box = ref.current;
      const t = e.target as HTMLElement;
      // focus inside the panel is remembered; focus anywhere else on the page forgets it
      last.current = box && box.contains(t) ? t : null;
    };
    // a click elsewhere moves the user on too, even where nothing takes the focus
    const onDown = (e: PointerEvent) => {
      if (!ref.current?.contains(e.target as Node)) last.current = null;
    };
    document.addEventListener('focusin', onIn);
    document.addEventListener('pointerdown', onDown);
    return () => {
      document.removeEventListener('focusin', onIn);
      document.removeEventListener('pointerdown', onDown);
    };
  }, [ref]);
  useEffect(() => {
    const had = last.current;
    if (!had || !lost(had)) return;
    const a = document.activeElement as HTMLElement | null;
    if (a && a !== document.body && a !== had) {
      last.current = null;
      return;
    }
    const to = fallback();
    if (to && !lost(to)) to.focus();
  });
}
