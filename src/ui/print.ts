/**
 * Printing a run (a teacher's handout, "Save as PDF"): charts draw only while in view
 * (ChartCard), and no animation frame runs between the browser's print event and the
 * page being laid out on paper, so without this every chart never scrolled to printed as
 * an empty box. Here every chart is drawn at once when printing starts, the lesson's
 * statements are opened if a reader folded them, and a comparison's tables too tall to move
 * whole to the next page are marked to break between rows; the layout on paper is
 * styles.css's `@media print`.
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

/** Marks a comparison's table too tall to be moved whole to the next page (styles.css lets it break between rows). */
const LONG = 'printLong';

/**
 * About 40 % of a printed page, in CSS px (A4 less 12 mm margins is 1032 px tall, Letter 964).
 * A table up to this tall is moved whole to the next page rather than cut, leaving at most
 * this much blank (Fig. 4's grid tables, 11 rows, are 345 px at A4's width); a taller one (a
 * seeds table of 15 metrics, 900 px, left half a page blank before it) breaks between rows,
 * its head repeated.
 */
const LONG_TABLE_PX = 400;

function markLongTables(): void {
  for (const t of document.querySelectorAll<HTMLElement>('table.cmp-table')) {
    if (t.getBoundingClientRect().height > LONG_TABLE_PX) t.dataset[LONG] = '';
    else delete t.dataset[LONG];
  }
}

function unmarkTables(): void {
  for (const t of document.querySelectorAll<HTMLElement>('table[data-print-long]')) delete t.dataset[LONG];
}

/** Installs the print hooks; returns a function that removes them. */
export function installPrintHooks(loop: FrameLoop): () => void {
  // measured again at the media's change, with the paper's layout (beforeprint has the screen's)
  const before = () => {
    openForPaper();
    loop.drawAll();
    markLongTables();
  };
  const after = () => {
    restoreAfterPaper();
    unmarkTables();
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
