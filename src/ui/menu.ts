/**
 * A drop-down menu made of <details> (the File menu, each chart's Export menu) behaves like
 * a menu: Escape closes it and gives the focus back to its button, and it closes when the
 * focus or a click goes elsewhere. Without this it stayed open over the page until its
 * button was pressed again: a keyboard user who tabbed on left it covering the header's
 * controls, and Escape did nothing.
 */
import { useEffect, type RefObject } from 'react';

export function useMenuDismiss(ref: RefObject<HTMLDetailsElement | null>): void {
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || !d.open) return;
      // the menu's Escape, not the page's (which would also close a full-screen chart)
      e.stopPropagation();
      e.preventDefault();
      d.open = false;
      d.querySelector('summary')?.focus();
    };
    const onFocusOut = (e: FocusEvent) => {
      const to = e.relatedTarget as Node | null;
      // no target: the window lost the focus, or a click on plain text (the click closes it below)
      if (d.open && to && !d.contains(to)) d.open = false;
    };
    const onPointerDown = (e: PointerEvent) => {
      if (d.open && !d.contains(e.target as Node)) d.open = false;
    };
    d.addEventListener('keydown', onKey);
    d.addEventListener('focusout', onFocusOut);
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      d.removeEventListener('keydown', onKey);
      d.removeEventListener('focusout', onFocusOut);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [ref]);
}
