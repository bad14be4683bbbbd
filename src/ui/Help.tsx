/**
 * "How to use this lab": a dialog opened by the header's "?" button or the "?" key, for a
 * student alone at home or a teacher before class. What to do first, the keys, and where
 * each part of the page is; nothing here is a claim about a run.
 */
import { useEffect, useRef } from 'react';
import { GLOSSARY } from './glossary';
import { historyStep, type HistoryStep } from './history-step';

export const HELP_KEY = '?';

export function HelpButton() {
  const dialog = useRef<HTMLDialogElement>(null);
  const title = useRef<HTMLHeadingElement>(null);
  // opened at the top: the first steps, not the Close button, get the focus
  // a step of the browser's history while open (history-step.ts): Back closes the help, as
  // Close or Escape do, instead of going to the lesson before behind it
  const step = useRef<HistoryStep | null>(null);
  const open = () => {
    const d = dialog.current;
    if (!d || d.open) return;
    d.showModal();
    step.current?.opened();
    title.current?.focus();
    d.scrollTo(0, 0);
  };
  useEffect(() => {
    const d = dialog.current;
    if (!d) return;
    const s = historyStep('aqmHelp', () => d.close());
    step.current = s;
    // every way it closes (Close, Escape, a click beside it, Back) ends here
    const onClose = () => s.closed();
    d.addEventListener('close', onClose);
    return () => {
      d.removeEventListener('close', onClose);
      s.dispose();
      step.current = null;
    };
  }, []);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const t = e.target as HTMLElement | null;
      const typing = t && (t.tagName === 'INPUT' || t.tagName === 'TEXTAREA' || t.tagName === 'SELECT' || t.isContentEditable);
      if (e.key === HELP_KEY && !typing && !e.ctrlKey && !e.metaKey && !e.altKey && !dialog.current?.open) {
        e.preventDefault();
        open();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  return (
    <>
      <button type="button" className="help-button" onClick={open} aria-label="How to use this lab" title="How to use this lab (?)" aria-keyshortcuts="?">
        ?
      </button>
      <dialog ref={dialog} className="help-dialog" aria-labelledby="help-title" onClick={(e) => e.target === dialog.current && dialog.current?.close()}>
        <div className="help-body">
          <h2 id="help-title" ref={title} tabIndex={-1}>
            How to use this lab
          </h2>
          <ol>
            <li>
              Pick a <strong>lesson</strong> at the top. Its text says what to watch; beside it, <strong>what the run should show</strong>: statements that are ticked or
              crossed, with the measured value, when the run ends. A word you do not know (min_th, cwnd, ECN, RTO…): see <strong>Words used in the lessons</strong> at the end of this help.
            </li>
            <li>
              Press <strong>Play</strong>. The speed buttons run it in real time (1×), slower or faster, or as fast as possible (max).
            </li>
            <li>
              Pause, then <strong>Step</strong> to the next decision of the queue (or mark, drop, AQM drop: one the queue chose before it was full, or event of one flow): the panel on the right (below the charts on a narrow
              screen: press <strong>Why? ↓</strong>) shows why the queue let the packet in, marked it or dropped it, with the numbers, and what the flow did next.
            </li>
            <li>
              Pick one under <strong>Try a change</strong>, below the lesson text, to run the lesson with one change (drop-tail instead of RED, a smaller buffer, ECN
              off…) and see what that change should show; or change any parameter in the panel on the right and watch which statements stop holding.
            </li>
            <li>
              <strong>Compare</strong> (at the bottom of the page, after the summary) runs two scenarios side by side, or overlays the response times of a web lesson's family. One run is one random draw: <strong>Repeat each run over</strong> several seeds to see whether a difference is larger than the seeds' spread. The page's link keeps what Compare compares with and the number of seeds.
            </li>
          </ol>
          <h3>Keys</h3>
          <dl className="help-keys">
            <dt>
              <kbd>Space</kbd>
            </dt>
            <dd>play / pause</dd>
            <dt>
              <kbd>→</kbd> <kbd>←</kbd>
            </dt>
            <dd>step to the next / back to the previous decision (on a response-time chart or Compare's overlay, once focused: move its read-out)</dd>
            <dt>
              <kbd>Esc</kbd>
            </dt>
            <dd>close a menu (File, Export), leave a full-screen chart, close this help</dd>
            <dt>
              <kbd>?</kbd>
            </dt>
            <dd>this help</dd>
          </dl>
          <h3>Sharing and saving</h3>
          <ul>
            <li>
              The address bar always holds the scenario: <strong>Copy link</strong> and send it; it opens the same lesson with the same changes and seed, and gives
              the same numbers. A change made while a run goes is in the link from the start, so that run's numbers differ.
            </li>
            <li>
              <strong>File</strong> saves the scenario as a file the command line runs (<code>npm run sim -- file.json</code>) or opens one, and exports the data
              (CSV, JSON) or an ns-2.35 script. Each chart's <strong>Export</strong> gives PNG, SVG, CSV or JSON, and its menu says each CSV column's unit (times in s); the
              summary's <strong>CSV</strong> is <code>metric,value,unit</code> (fractions 0-1, not %; delays in s, not ms) and its{' '}
              <strong>Flows CSV</strong> one row per flow; an empty cell is a value the run does not have. The inspector's <strong>Export decisions (CSV)</strong> saves the
              decisions it steps through (the last 1,000 the app keeps; its note says which of the run's) with the command line's <code>--trace</code> columns. Every column: docs/cli.md, Output files. In <strong>Compare</strong>, the
              overlaid charts and the tables have their own <strong>Export</strong> (PNG, SVG; tables as CSV).
            </li>
            <li>
              <strong>Classroom</strong> enlarges all type for a projector. The lab works offline once loaded.
            </li>
          </ul>
          <h3>Words used in the lessons</h3>
          <dl className="help-words">
            {GLOSSARY.map((g) => (
              <div key={g.term}>
                <dt>{g.term}</dt>
                <dd>{g.text}</dd>
              </div>
            ))}
          </dl>
          {/* kept at the foot of the dialog while its text scrolls: on a phone Close was a long scroll away */}
          <form method="dialog" className="help-close">
            <button type="submit" className="primary">
              Close
            </button>
          </form>
        </div>
      </dialog>
    </>
  );
}
