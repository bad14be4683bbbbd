/**
 * Printing a run (a teacher's handout, "Save as PDF"): charts draw only while in view
 * (ChartCard), and no animation frame runs between the browser's print event and the
 * page being laid out on paper, so without this every chart never scrolled to printed as
 * an empty box. Here every chart is drawn at once when printing starts, and the lesson's
 * statements are opened if a reader folded them; the layout on paper is styles.css's
 * `@media print`.
 *
 * Both events are needed: `beforeprint` comes with the screen's layout still in place,
 * the `print` media query's change with the paper's (Chromium, Save as PDF), so the
 * charts are drawn again at their size on paper there; emulated print media (tests)
 * brings only the media change.
 */
import type { FrameLoop } from './charts/frame-loop';

/** Marks a <details> this module opened for paper, to fold it again afterwards. */
const OPENED = 'printOpened';

function openForPaper(): void {
  for (const d of document.querySelectorAll<HTMLDetailsElement>('details.claims:not([open])')) {
    d.dataset[OPENED] = '';
    d.open = true;
  }
}

function restoreAfterPaper(): void {
  for (const d of document.querySelectorAll<HTMLDetailsElement>('details[data-print-opened]')) {
    delete d.dataset[OPENED];
    d.open = false;
  }
}

/** Installs the print hooks; returns a function that removes them. */
export function installPrintHooks(loop: FrameLoop): () => void {
  const before = () => {
    openForPaper();
    loop.drawAll();
  };
  const after = () => {
    restoreAfterPaper();
    // the charts in view go back to the screen's size and resolution
    loop.invalidate();
  };
  const media = window.matchMedia('print');
  const change = (e: MediaQueryListEvent) => (e.matches ? before() : after());
  window.addEventListener('beforeprint', before);
  window.addEventListener('afterprint', after);
  media.addEventListener('change', change);
  return () => {
    window.removeEventListener('beforeprint', before);
    window.removeEventListener('afterprint', after);
    media.removeEventListener('change', change);
  };
}
