/**
 * What stays stuck at the top of the page (the header, or on a phone the transport alone)
 * is kept out of the way of the keyboard focus: the page's scroll padding is its height.
 *
 * Without it, Shift+Tab up the page scrolled each control to the very top of the window,
 * under the stuck bar: on a 768x1024 tablet (a 169-px header) the inspector's Next buttons,
 * the charts' Export and full-screen buttons and most editor fields were fully hidden when
 * they took the focus, on a 390x844 phone (a 130-px transport) the same, at 1366x768 an
 * editor field (WCAG 2.4.11, focus not obscured). The bar's height changes with the width,
 * classroom type, and a wrapped state or "Why? ↓": it is measured, not set in the CSS.
 */
import { useEffect } from 'react';

const GAP = 8;

/** Height of whatever sticks at the top of the page (0 where nothing does, e.g. a short screen). */
export function stuckHeight(): number {
  let h = 0;
  for (const el of document.querySelectorAll<HTMLElement>('.app-header, .transport')) {
    if (getComputedStyle(el).position === 'sticky') h = Math.max(h, el.getBoundingClientRect().height);
  }
  return h;
}

function apply(): void {
  const h = stuckHeight();
  document.documentElement.style.scrollPaddingTop = h > 0 ? `${Math.ceil(h + GAP)}px` : '';
}

/** Keeps the page's scroll-padding-top at the stuck bar's height; `dep` re-measures (classroom mode). */
export function useStickyScrollPadding(dep: unknown): void {
  useEffect(() => {
    apply();
    const ro = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(apply);
    for (const el of document.querySelectorAll('.app-header, .transport')) ro?.observe(el);
    // a breakpoint crossed sticks another bar (the transport alone under 641 px), or none
    window.addEventListener('resize', apply);
    return () => {
      ro?.disconnect();
      window.removeEventListener('resize', apply);
    };
  }, [dep]);
}
