/**
 * A table that may be wider than the screen, in a region of its own that scrolls sideways
 * (keyboard: it takes the focus). On a phone a scroll container shows no scroll bar until it
 * is touched: the family's table showed its Lesson, Loss and Utilization columns and nothing
 * said that the response-time columns (% within 200 ms, 1 s...) were to the right. While the
 * table is wider than its room a line above it says so. It depends on the sizes only, not on
 * the scroll position, so the table never jumps as it scrolls.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';

export const SCROLL_HINT = 'The table is wider than the screen: swipe it sideways for more columns →';

export function ScrollRegion({ className, label, children }: { className: string; label: string; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const [wider, setWider] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const check = () => setWider(el.scrollWidth > el.clientWidth + 1);
    check();
    if (typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(check);
    ro.observe(el);
    if (el.firstElementChild) ro.observe(el.firstElementChild);
    return () => ro.disconnect();
  }, []);
  return (
    <>
      {wider ? (
        <p className="scroll-hint" aria-hidden="true">
          {SCROLL_HINT}
        </p>
      ) : null}
      <div ref={ref} className={className} tabIndex={0} role="region" aria-label={label}>
        {children}
      </div>
    </>
  );
}
