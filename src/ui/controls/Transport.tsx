/**
 * Transport: play/pause, step back/forward (to the next decision, mark, drop or flow
 * event), reset, speed (0.1x ... max) and progress with the time left when running
 * as fast as possible.
 */
import { format } from 'd3';
import { useEffect, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { SPEEDS, type Speed, type StepWhat } from '../../protocol/messages';
import { useServices } from '../app-context';
import { STEP_LABELS, stepTargets } from '../run/step-targets';
import { calibrationShown, stepNoteHead } from '../run/controller';
import { viewOf } from '../scenario-view';
import { flowLabel } from '../flow-tags';
import { useAppState } from '../store/app-store';
import { exchangesDone } from '../store/exchange-store';
import { useClaimTally } from '../LessonClaims';
import { grouped } from '../../engine/core/number-text';
import { leftPhrase, timeText } from './time-text';
import { statusText, watchSlowStep } from './step-status';
import { focusedByPointer } from '../pointer-focus';
import { followStep } from '../side-panel';

function speedLabel(s: Speed): string {
  return s === 'max' ? 'max' : `${s}×`;
}

/** Accessible name: starts with the visible text (WCAG 2.5.3), then says what it means. */
function speedName(s: Speed): string {
  return s === 'max' ? 'max: as fast as possible' : `${s}× real time`;
}

/**
 * The speed buttons are one radio group: Tab reaches the chosen speed, the arrow keys
 * move the choice (and never step the run, which the arrow keys do elsewhere).
 */
function SpeedGroup({ speed, onSpeed }: { speed: Speed; onSpeed: (s: Speed) => void }) {
  const ref = useRef<HTMLDivElement>(null);
  const onKey = (e: KeyboardEvent<HTMLDivElement>) => {
    // a speed clicked with the mouse: ← → step the run, as elsewhere on the page (pointer-focus.ts)
    if ((e.key === 'ArrowRight' || e.key === 'ArrowLeft') && focusedByPointer(e.target)) return;
    const dir = e.key === 'ArrowRight' || e.key === 'ArrowDown' ? 1 : e.key === 'ArrowLeft' || e.key === 'ArrowUp' ? -1 : 0;
    if (!dir && e.key !== 'Home' && e.key !== 'End') return;
    e.preventDefault();
    e.stopPropagation();
    const i = SPEEDS.indexOf(speed);
    const j = e.key === 'Home' ? 0 : e.key === 'End' ? SPEEDS.length - 1 : Math.min(SPEEDS.length - 1, Math.max(0, i + dir));
    onSpeed(SPEEDS[j]);
    ref.current?.querySelectorAll<HTMLButtonElement>('button')[j]?.focus();
  };
  return (
    <div className="speed" role="radiogroup" aria-label="Speed" ref={ref} onKeyDown={onKey}>
      {SPEEDS.map((s) => (
        <button
          type="button"
          role="radio"
          aria-checked={speed === s}
          tabIndex={speed === s ? 0 : -1}
          key={String(s)}
          className={speed === s ? 'on' : ''}
          onClick={() => onSpeed(s)}
          aria-label={speedName(s)}
          title={s === 'max' ? 'As fast as possible' : `${s} simulated second${s === 1 ? '' : 's'} per second`}
        >
          {speedLabel(s)}
        </button>
      ))}
    </div>
  );
}

/**
 * Scrolls the decision inspector to just below whatever stays stuck at the top of the page,
 * and gives it the focus: left on "Why?", the next Tab went to the lesson's "Try a change"
 * at the top of the page, scrolling away from the inspector it had just shown.
 */
function showInspector(): void {
  const el = document.querySelector<HTMLElement>('.slot-inspector');
  if (!el) return;
  el.scrollIntoView({ block: 'start' });
  // the page's scroll padding (sticky-padding.ts) may already keep it below the bar: set it 8 px below either way
  const stuck = [...document.querySelectorAll('.app-header, .transport')].map((x) => x.getBoundingClientRect()).filter((r) => r.top <= 1 && r.bottom > 0);
  const cover = Math.max(0, ...stuck.map((r) => r.bottom));
  if (cover > 0) window.scrollBy(0, el.getBoundingClientRect().top - (cover + 8));
  el.focus({ preventScroll: true });
}

/** A phrase of the time line after the first: it wraps before its space, never inside it. */
function Phrase({ muted = false, children }: { muted?: boolean; children: ReactNode }) {
  return (
    <>
      {' '}
      <span className={`phrase${muted ? ' muted' : ''}`}>{children}</span>
    </>
  );
}


/** Whether the step under way has taken SLOW_STEP_MS (step-status.ts) already. */
function useSlowStep(stepping: boolean): boolean {
  const [slow, setSlow] = useState(false);
  useEffect(() => {
    setSlow(false);
    return watchSlowStep(stepping, () => setSlow(true));
  }, [stepping]);
  return slow;
}

export function Transport() {
  const { store, controller } = useServices();
  const status = useAppState(store, (s) => s.status);
  const speed = useAppState(store, (s) => s.speed);
  const now = useAppState(store, (s) => s.now);
  const end = useAppState(store, (s) => s.end);
  const paceRate = useAppState(store, (s) => s.paceRate);
  const stepWhat = useAppState(store, (s) => s.stepWhat);
  const stepFlow = useAppState(store, (s) => s.stepFlow);
  const stepNote = useAppState(store, (s) => s.stepNote);
  const noteHead = shortNote(stepNote);
  const tally = useClaimTally();
  // "finding the next drop…" only for a step that takes a while (step-status.ts)
  const slowStep = useSlowStep(status === 'stepping');
  const settled = useRef(status);
  useEffect(() => {
    if (status !== 'stepping') settled.current = status;
  }, [status]);
  const calibrating = useAppState(store, (s) => s.calibrating);
  // the load is being calibrated: the run has not started, so no time is shown, only how far it is
  const calibratingNow = calibrationShown({ status, calibrating });
  const inspected = useAppState(store, (s) => s.cursor !== null || s.flowCursor !== null);
  // the embedded view (slides) has no inspector to show
  const embed = useAppState(store, (s) => s.embed);
  const scenario = useAppState(store, (s) => s.scenario);
  const view = useMemo(() => viewOf(scenario), [scenario]);
  const flows = view.flows;
  // open-ended runs (until the last download completes): progress = share of the bytes delivered
  const bytesFrac = useAppState(store, (s) => {
    const fl = s.summary?.flows ?? [];
    let want = 0;
    let got = 0;
    for (const f of fl) {
      if (f.bytesRequested === null) return NaN;
      want += f.bytesRequested;
      got += Math.min(f.bytesDelivered, f.bytesRequested);
    }
    return want > 0 ? got / want : NaN;
  });
  // runs that stop after a number of web exchanges (seeds/000: 250,000 after the warm-up): progress = exchanges completed
  const target = scenario?.stopAfterExchanges ?? null;
  // as of the run's time shown beside it, as the response chart counts them (not the half-second-old summary's)
  const exchanges = useAppState(store, (s) => exchangesDone(s.summary?.web?.exchanges, store.exchanges));
  const exchFrac = target !== null && target > 0 ? Math.min(1, exchanges / target) : NaN;
  const active = status === 'running' || status === 'starting' || status === 'stepping';
  const finite = Number.isFinite(end) && end > 0;
  // a run that ends after N exchanges and has no duration has no end to show beside its time: the
  // one it gets when done is its time again ("t = 20 min 48 s / 20 min 48 s"), which pushed the
  // exchanges, the figure it ran for, behind the "…" at 1366 px ("· 250,000 of…")
  const endShown = finite && !(Number.isFinite(exchFrac) && scenario?.duration === undefined);
  const byTime = finite ? Math.min(1, now / end) : Number.isFinite(bytesFrac) ? bytesFrac : 0;
  const frac = status === 'done' ? 1 : Number.isFinite(exchFrac) ? Math.max(exchFrac, byTime) : byTime;
  // over the last seconds at max speed, not the worker's last quarter second (which jumps with the traffic)
  const left = finite && paceRate > 0 && active ? (end - now) / paceRate : NaN;
  const leftNow = leftPhrase(speed, left);
  const delivered = !finite && !Number.isFinite(exchFrac) && Number.isFinite(bytesFrac) ? `${Math.floor(bytesFrac * 100)} % of the data delivered` : null;
  // over the last seconds: the quarter-second rate made it come and go, and jump from 5.8× to 15.6× and back
  const slowPace = active && speed !== 'max' && paceRate > 0 && typeof speed === 'number' && paceRate < speed * 0.7;
  const timeTitle = calibratingNow
    ? undefined
    : [
        `t = ${timeText(now)}${endShown ? ` / ${timeText(end)}` : ''}`,
        delivered,
        Number.isFinite(exchFrac) ? `${grouped(exchanges)} of ${grouped(target!)} exchanges` : null,
        leftNow,
        slowPace ? `running at ${format('.2~f')(paceRate)}×` : null,
      ]
        .filter((x) => x !== null)
        .join(' · ');
  const targets = useMemo(() => stepTargets(view), [view]);
  const what = STEP_LABELS[stepWhat];
  return (
    <div className="transport" role="toolbar" aria-label="Run controls">
      <button type="button" className="primary play" onClick={() => controller.toggle()} aria-label={active ? 'Pause' : 'Play'} title={active ? 'Pause (space)' : 'Play (space)'} aria-keyshortcuts="Space">
        {/* both labels laid in one cell, the other one hidden: the button is as wide as the wider
            ("❚❚ Pause" was 6 px wider than "▶ Play", and the controls to its right moved at each press) */}
        <span className={`play-label${active ? ' off' : ''}`} aria-hidden={active}>
          <span aria-hidden="true">▶</span> Play
        </span>
        <span className={`play-label${active ? '' : ' off'}`} aria-hidden={!active}>
          <span aria-hidden="true">❚❚</span> Pause
        </span>
      </button>
      <div className="step-group" role="group" aria-label="Step through decisions">
        <button type="button" className="step-back" onClick={() => followStep(store, () => controller.stepBack())} aria-label={`Back to the previous ${what}`} title={`Previous ${what} (←)`} aria-keyshortcuts="ArrowLeft">
          <span aria-hidden="true">◀</span> Back
        </button>
        <select id="step-what" value={stepWhat} onChange={(e) => controller.setStepTarget(e.target.value as StepWhat, stepFlow)} aria-label="Step target" title="What Step and Back go to">
          {targets.map((k) => (
            <option key={k} value={k}>
              {STEP_LABELS[k]}
            </option>
          ))}
        </select>
        {flows > 0 ? (
          // web connections are not in `flows` (they come and go by the thousand): a web-only run has no flow to pick
          <select
            value={stepFlow === null ? '' : String(stepFlow)}
            onChange={(e) => controller.setStepTarget(stepWhat, e.target.value === '' ? null : Number(e.target.value))}
            aria-label="Only events of flow"
            title="Only events of this flow"
          >
            <option value="">any flow</option>
            {Array.from({ length: Math.min(flows, 200) }, (_, i) => (
              <option key={i} value={i}>
                {flowLabel(i, view.flowTags)}
              </option>
            ))}
          </select>
        ) : null}
        <button type="button" className="step-fwd" onClick={() => followStep(store, () => controller.stepForward())} aria-label={`Step to the next ${what}`} title={`Next ${what} (→)`} aria-keyshortcuts="ArrowRight">
          Step <span aria-hidden="true">▶</span>
        </button>
      </div>
      <button type="button" className="reset" onClick={() => controller.reset()} aria-label="Reset the run" title="Reset: clear the run, keep the settings">
        <span aria-hidden="true">↺</span> Reset
      </button>
      <SpeedGroup speed={speed} onSpeed={(v) => controller.setSpeed(v)} />
      {/* the progress and the state ("finished") wrap as one: at 1366 px the state alone went to a third row */}
      {/* a step's note ("No drop found from t = 0.15 s to 30.2 s; paused there. Step again …") is one
          line beside the progress, cut with "…", the whole of it in the tooltip and read out by
          the status: wrapped under the bar it made the sticky header 63 px taller at 1366x768
          (and 73 px in classroom type) and moved the page under it at each step */}
      <div className={`run-state${calibratingNow ? ' calibrating' : ''}${stepNote !== null ? ' noted' : ''}`}>
        <div className="progress" aria-live="off">
          <div className="bar" role="progressbar" aria-label="Simulated time" aria-valuemin={0} aria-valuemax={1} aria-valuenow={frac} aria-valuetext={Number.isFinite(exchFrac) ? `${exchanges} of ${target} exchanges, ${timeText(now)} simulated` : finite ? `${timeText(now)} of ${timeText(end)}` : `${timeText(now)} simulated`}>
            <div className="fill" style={{ width: `${(frac * 100).toFixed(2)}%` }} />
          </div>
          {/* each phrase on one line ("t = 57.5 s / 230.0 s", "· 3.28 s left"): squeezed beside the
              state, the text broke inside them ("t = 0.00 s /", "230.0 s" on three lines at 1280 px).
              While the load is calibrated the run has not started: no time, the state says how far it is */}
          {/* above 1100 px the time stays on one line while a run plays, pauses and ends: wrapped
              ("t = 3.10 s" over "· 0 % of the data delivered") it made the sticky header 10 px
              taller at Play and moved the page under it. The bar gives its room first; where even
              its least width leaves too little, the phrases after the time end in "…" and the
              whole text is the tooltip */}
          <span className="time" data-testid="sim-time" title={timeTitle}>
            {calibratingNow ? null : (
              <>
                <span className="phrase">
                  t = {timeText(now)}
                  {endShown ? ` / ${timeText(end)}` : ''}
                </span>
                <span className="more">
                {delivered !== null ? <Phrase>· {delivered}</Phrase> : null}
                {Number.isFinite(exchFrac) ? (
                  <Phrase>
                    · {grouped(exchanges)} of {grouped(target!)} exchanges
                  </Phrase>
                ) : null}
                {leftNow !== null ? <Phrase muted>· {leftNow}</Phrase> : null}
                {slowPace ? <Phrase muted>· running at {format('.2~f')(paceRate)}×</Phrase> : null}
                </span>
              </>
            )}
          </span>
        </div>
        <span className={`status status-${status}${stepNote !== null ? ' status-note' : ''}${noteHead !== null ? ' headed' : ''}`} role="status" aria-live="polite" title={stepNote ?? undefined}>
          {statusText({ status, stepNote, calibrating: calibratingNow, slowStep, settled: settled.current, what })}
          {/* heard with "finished": how the lesson's statements came out (the ticks are shown beside) */}
          {status === 'done' && stepNote === null && tally ? <span className="sr-only">{`: ${tally.held} of ${tally.total} of the lesson's statements hold${tally.unchecked ? `, ${tally.unchecked} not checked: the scenario differs from the lesson` : ''}`}</span> : null}
        </span>
        {/* a phone: the note in a few words here (the status above is read out, not shown), the
            whole of it below the controls (StepNoteBelow) */}
        {noteHead !== null ? (
          <span className="status-note-head" aria-hidden="true">
            {noteHead}
          </span>
        ) : null}
      </div>
      {(status === 'paused' || status === 'done') && inspected && !embed ? (
        // below 1100 px the inspector sits under the charts, screens away from the Step just pressed (hidden wider, where it is beside them).
        // Also once the run has ended: Back then walks the recorded decisions, and without it nothing on screen said where they were shown
        <button type="button" className="see-why" onClick={showInspector} aria-label="Why? Show the decision inspector">
          Why? <span aria-hidden="true">↓</span>
        </button>
      ) : null}
    </div>
  );
}

/** A step's note's few words, when they are fewer than the note (null: none, or the note is short). */
function shortNote(note: string | null): string | null {
  if (note === null) return null;
  const head = stepNoteHead(note);
  return head.length < note.replace(/\.$/, '').length ? head : null;
}

/**
 * A step's whole note below the run controls, on a phone (styles.css): the controls stay stuck
 * to the top with the note in a few words, and a phone has no tooltip for the rest. Hidden from
 * screen readers: the status in the controls reads the note out once.
 */
export function StepNoteBelow(): ReactNode {
  const { store } = useServices();
  const stepNote = useAppState(store, (s) => s.stepNote);
  if (shortNote(stepNote) === null) return null;
  return (
    <p className="step-note-below" aria-hidden="true">
      {stepNote}
    </p>
  );
}
