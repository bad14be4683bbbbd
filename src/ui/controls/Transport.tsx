/**
 * Transport: play/pause, step back/forward (to the next decision, mark, drop or flow
 * event), reset, speed (0.1x ... max) and progress with the time left when running
 * as fast as possible.
 */
import { format } from 'd3';
import { SPEEDS, type Speed, type StepWhat } from '../../protocol/messages';
import { useServices } from '../app-context';
import { useAppState } from '../store/app-store';

const STEP_LABELS: Record<StepWhat, string> = { decision: 'AQM decision', mark: 'ECN mark', drop: 'drop', 'flow-event': 'flow event' };

function speedLabel(s: Speed): string {
  return s === 'max' ? 'max' : `${s}×`;
}

function timeText(s: number): string {
  if (!Number.isFinite(s)) return '∞';
  if (s < 10) return `${format('.2f')(s)} s`;
  if (s < 600) return `${format('.1f')(s)} s`;
  return `${Math.floor(s / 60)} min ${Math.round(s % 60)} s`;
}

export function Transport() {
  const { store, controller } = useServices();
  const status = useAppState(store, (s) => s.status);
  const speed = useAppState(store, (s) => s.speed);
  const now = useAppState(store, (s) => s.now);
  const end = useAppState(store, (s) => s.end);
  const simRate = useAppState(store, (s) => s.simRate);
  const stepWhat = useAppState(store, (s) => s.stepWhat);
  const stepFlow = useAppState(store, (s) => s.stepFlow);
  const stepNote = useAppState(store, (s) => s.stepNote);
  const flows = useAppState(store, (s) => s.summary?.flows.length ?? 0);
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
  const active = status === 'running' || status === 'starting' || status === 'stepping';
  const finite = Number.isFinite(end) && end > 0;
  const frac = status === 'done' ? 1 : finite ? Math.min(1, now / end) : Number.isFinite(bytesFrac) ? bytesFrac : 0;
  const left = finite && simRate > 0 && active ? (end - now) / simRate : NaN;
  const what = STEP_LABELS[stepWhat];
  return (
    <div className="transport" role="toolbar" aria-label="Run controls">
      <button type="button" className="primary play" onClick={() => controller.toggle()} aria-label={active ? 'Pause' : 'Play'} title={active ? 'Pause (space)' : 'Play (space)'} aria-keyshortcuts="Space">
        <span aria-hidden="true">{active ? '❚❚' : '▶'}</span> {active ? 'Pause' : 'Play'}
      </button>
      <div className="step-group" role="group" aria-label="Step through decisions">
        <button type="button" onClick={() => controller.stepBack()} aria-label={`Step back to the previous ${what}`} title={`Previous ${what} (←)`} aria-keyshortcuts="ArrowLeft">
          <span aria-hidden="true">◀ Back</span>
        </button>
        <label className="sr-only" htmlFor="step-what">
          Step to
        </label>
        <select id="step-what" value={stepWhat} onChange={(e) => controller.setStepTarget(e.target.value as StepWhat, stepFlow)} aria-label="Step target">
          {(Object.keys(STEP_LABELS) as StepWhat[]).map((k) => (
            <option key={k} value={k}>
              {STEP_LABELS[k]}
            </option>
          ))}
        </select>
        <select
          value={stepFlow === null ? '' : String(stepFlow)}
          onChange={(e) => controller.setStepTarget(stepWhat, e.target.value === '' ? null : Number(e.target.value))}
          aria-label="Only events of flow"
          title="Only events of this flow"
        >
          <option value="">any flow</option>
          {Array.from({ length: Math.min(flows, 200) }, (_, i) => (
            <option key={i} value={i}>
              flow {i}
            </option>
          ))}
        </select>
        <button type="button" onClick={() => controller.stepForward()} aria-label={`Step to the next ${what}`} title={`Next ${what} (→)`} aria-keyshortcuts="ArrowRight">
          <span aria-hidden="true">Step ▶</span>
        </button>
      </div>
      <button type="button" onClick={() => controller.reset()} aria-label="Reset the run" title="Reset: clear the run, keep the settings">
        <span aria-hidden="true">↺</span> Reset
      </button>
      <div className="speed" role="radiogroup" aria-label="Speed">
        {SPEEDS.map((s) => (
          <button
            type="button"
            role="radio"
            aria-checked={speed === s}
            key={String(s)}
            className={speed === s ? 'on' : ''}
            onClick={() => controller.setSpeed(s)}
            aria-label={s === 'max' ? 'As fast as possible' : `${s} times real time`}
          >
            {speedLabel(s)}
          </button>
        ))}
      </div>
      <div className="progress" aria-live="off">
        <div className="bar" role="progressbar" aria-label="Simulated time" aria-valuemin={0} aria-valuemax={1} aria-valuenow={frac} aria-valuetext={finite ? `${timeText(now)} of ${timeText(end)}` : `${timeText(now)} simulated`}>
          <div className="fill" style={{ width: `${(frac * 100).toFixed(2)}%` }} />
        </div>
        <span className="time" data-testid="sim-time">
          t = {timeText(now)}
          {finite ? ` / ${timeText(end)}` : Number.isFinite(bytesFrac) ? ` · ${Math.floor(bytesFrac * 100)} % of the data delivered` : ''}
          {speed === 'max' && Number.isFinite(left) ? <span className="muted"> · {timeText(left)} left</span> : null}
          {active && speed !== 'max' && simRate > 0 && typeof speed === 'number' && simRate < speed * 0.7 ? <span className="muted"> · running at {format('.2~f')(simRate)}×</span> : null}
        </span>
      </div>
      <span className={`status status-${status}`} role="status" aria-live="polite">
        {stepNote ?? (status === 'stepping' ? `finding the next ${what}…` : status === 'done' ? 'finished' : status === 'error' ? 'error' : status === 'paused' ? 'paused' : '')}
      </span>
    </div>
  );
}
