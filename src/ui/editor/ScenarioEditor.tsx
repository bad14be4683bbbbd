/**
 * The scenario editor, generated from the parameter declarations (fields.ts): sections
 * Run, Topology, Queue, TCP and Traffic; one native control per parameter with its label,
 * one-line doc and source paper, friendly units, and validation messages that name the
 * field and the allowed range. A new AQM in the registry appears with no code here.
 *
 * Values go out through onChange(path, value) in SI units with the same dotted paths as
 * the CLI's --set and the URL codec. A value outside its declared range is not sent: the
 * message shows next to the field and the scenario keeps its last good value.
 */
import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import type { Scenario } from '../../engine/scenario/schema';
import { displayRange, displayValue, ecnWithoutCapableFlows, editorFields, foldGroups, liveInRun, queuesSwitchedInRun, LIST_ITEMS_SHOWN, formatDelays, formatPoints, labelledMessage, newTrafficItem, nodeNameMessage, ownTcpChange, sameScale, parseDelays, parseDisplay, parsePoints, SECTION_TITLES, SECTIONS, type DelayListField, type EditorField, type NodeField, type OwnTcpField, type ParamField, type PointsField, type Section, type TextField } from './fields';
import type { NumberParam } from '../../engine/core/params';
import { grouped } from '../../engine/core/number-text';
import './editor.css';

/**
 * What became of a change: 'declined' when the value was fine but the user said "no" to
 * the question it raised (a live change making the going run very large). The scenario
 * and the run keep their value, so the box shows that one again, beside the message
 * saying why and how to apply it: a box still showing the declined number while the run,
 * the summary and the link used the old one was a screen that lied.
 * 'refused' when the scenario's own rules turned the value down (min_th 80 above max_th 60):
 * the box keeps the typed text beside the message about it, as for a value the box itself
 * refuses.
 */
export type ChangeOutcome = 'declined' | 'refused' | undefined;

export interface ScenarioEditorProps {
  scenario: Scenario;
  onChange: (path: string, value: unknown) => ChangeOutcome | void;
  /** Messages by dotted path (see errorsByPath); "" for messages that name no field. */
  errors: Record<string, string>;
  /** A run is in progress: fields the engine cannot change live say "applies on restart". */
  live: boolean;
  /**
   * A refused edit that one companion change would make valid (companionFix): its button,
   * shown under the message of the field at `path`, applies both at once.
   */
  fix?: OneStepFix;
  /** Notes beside fields a one-step fix changed besides the one edited, by path. */
  notes?: Readonly<Record<string, string>>;
  /** The going run's scenario as the engine has it (null or absent: none): a queue whose discipline differs there takes its parameters on restart. */
  running?: Scenario | null;
  /**
   * A number box holds text that is not applied (refused, with its message), or no longer
   * (null): `line` says what the box holds and what the scenario has instead, for a run
   * started meanwhile to say it goes without it.
   */
  onHeld?: (path: string, line: string | null) => void;
}

export interface OneStepFix {
  path: string;
  /** "Set congestion control to cubic and window cut to rfc5681 (RFC 5681)" (companionButtonText). */
  label: string;
  apply: () => void;
}

function Help({ id, doc, reference, extra, range }: { id: string; doc: string; reference?: string; extra?: ReactNode; range?: string }) {
  return (
    <div className="sed-help" id={id}>
      {doc}
      {/* what the field takes, before it is typed (it was said only once a value was refused) */}
      {range ? <span className="sed-range"> Allowed: {range}.</span> : null}
      {reference ? <span className="sed-ref"> Source: {reference}.</span> : null}
      {extra}
    </div>
  );
}

/** A field's message in the user's words, with the dotted key (as in links and --set) beside it. */
function ErrorText({ id, text, f, fix }: { id: string; text: string | undefined; f: EditorField; fix?: OneStepFix }) {
  if (!text) return null;
  const message = (
    <p className="sed-error" id={id} role="alert">
      {text.split('\n').map((line, k) => (
        <span key={k} className="sed-error-line">
          {labelledMessage(f, line)}
        </span>
      ))}{' '}
      <code className="sed-key" title="The key of this field in links and in the CLI's --set">
        {f.path}
      </code>
    </p>
  );
  if (!fix || fix.path !== f.path) return message;
  return (
    <>
      {message}
      <button type="button" className="sed-fix" aria-describedby={id} onClick={fix.apply}>
        {fix.label}
      </button>
    </>
  );
}

/** Under a queue's ECN marking that no flow can use: why it marks nothing, and the TCP setting in one click. */
function EcnHint({ text, tcp, onChange }: { text: string; tcp: boolean; onChange: ScenarioEditorProps['onChange'] }) {
  return (
    <>
      <p className="sed-companion" role="status">
        {text}
      </p>
      {tcp ? (
        <button
          type="button"
          className="sed-fix"
          onClick={(e) => {
            // the button goes with the hint: the focus stays in the field, on its checkbox
            e.currentTarget.closest('.sed-field')?.querySelector<HTMLInputElement>('input')?.focus();
            onChange('tcp.ecn', true);
          }}
        >
          Turn ECN on for every TCP flow
        </button>
      ) : null}
    </>
  );
}

/** Beside a field a one-step fix changed though it was not the one edited: what it became and why. */
function CompanionNote({ text }: { text: string | undefined }) {
  return text ? (
    <p className="sed-companion" role="status">
      {text}
    </p>
  ) : null;
}

/**
 * Inside the field's label, so it is part of the control's accessible name, set apart from
 * the label ("Seed (applies on restart)", where a screen reader read "Seedapplies on
 * restart"). The name comes from one hidden span holding the whole bracket, the tag seen is
 * left out of it: Chromium puts a space around each hidden (absolutely placed) span, and
 * hidden parentheses around the seen words read "Seed ( applies on restart )".
 */
function RestartTag({ show }: { show: boolean }) {
  return show ? (
    <span className="sed-restart">
      <span aria-hidden="true">applies on restart</span>
      <span className="sr-only"> (applies on restart)</span>
    </span>
  ) : null;
}

/** A typed number is applied after this long without a keystroke (or at once on Enter or leaving the field). */
export const COMMIT_PAUSE_MS = 1200;

/**
 * A number typed in display units. What is typed is applied on commit only: Enter,
 * leaving the field, or a pause in typing; never keystroke by keystroke (typing 150 must
 * not apply 1 and 15 on the way). A value that fails validation is never applied: the
 * text stays with its message until it is fixed or Escape brings the applied value back.
 */
function NumberInput({ f, id, describedBy, invalid, onValue, onError, onHeld, ariaLabel, className }: {
  f: ParamField;
  id?: string;
  describedBy: string;
  invalid: boolean;
  onValue: (v: number) => ChangeOutcome | void;
  onError: (msg: string | null) => void;
  /** The refused text the box holds beside its message (null: none). */
  onHeld?: (text: string | null) => void;
  ariaLabel?: string;
  className?: string;
}) {
  const shownValue = displayValue(f);
  const [draft, setDraft] = useState(shownValue);
  const [lastShown, setLastShown] = useState(shownValue);
  const [wasInvalid, setWasInvalid] = useState(invalid);
  const editing = useRef(false);
  // the box's refused text, told to the editor slot: a run started while it is here goes without it
  const held = invalid && draft.trim() !== shownValue ? draft.trim() : null;
  const heldTo = useRef(onHeld);
  heldTo.current = onHeld;
  useEffect(() => heldTo.current?.(held), [held]);
  useEffect(() => () => heldTo.current?.(null), []);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => {
    if (timer.current) clearTimeout(timer.current);
  }, []);
  if (shownValue !== lastShown) {
    // the scenario changed from outside (or our own commit came back): follow it unless
    // the user is typing, or the text already means that value
    setLastShown(shownValue);
    const r = parseDisplay(f, draft);
    if (!editing.current && (!r.ok || typeof f.value !== 'number' || r.value !== f.value)) setDraft(shownValue);
  }
  if (invalid !== wasInvalid) {
    // the message went (another field's edit made the scenario valid, or replaced the
    // message): a refused value kept in the box gives way to the value in force, so the box
    // never shows, without a word, a number the scenario does not have
    setWasInvalid(invalid);
    if (!invalid && !editing.current) setDraft(shownValue);
  }
  const commit = (text: string): ChangeOutcome | void => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    const r = parseDisplay(f, text);
    if (!r.ok) {
      onError(r.error);
      return;
    }
    onError(null);
    const out = r.value !== f.value ? onValue(r.value) : undefined;
    if (out === 'declined') {
      // the user said no: the box shows what the scenario (and the run) kept; the focus stays
      editing.current = false;
      setDraft(displayValue(f));
    }
    return out;
  };
  const spec = f.spec;
  // ↑ and ↓ step a whole-number field by one, as a number box did
  const stepsByOne = spec.type === 'number' && spec.integer && sameScale(f);
  // a text box, not type="number": Chromium's number box dropped a decimal comma ("1,5"
  // read as 15 without a word), and its spinner stepped by 1 where most fields take any value
  return (
    <input
      id={id}
      className={className}
      type="text"
      inputMode="decimal"
      autoComplete="off"
      spellCheck={false}
      value={draft}
      aria-label={ariaLabel}
      aria-describedby={describedBy}
      aria-invalid={invalid || undefined}
      onChange={(e) => {
        const text = e.target.value;
        editing.current = true;
        setDraft(text);
        if (timer.current) clearTimeout(timer.current);
        timer.current = setTimeout(() => commit(text), COMMIT_PAUSE_MS);
      }}
      onKeyDown={(e) => {
        if (e.key === 'Enter') {
          e.preventDefault();
          commit((e.target as HTMLInputElement).value);
        } else if (e.key === 'Escape') {
          if (timer.current) clearTimeout(timer.current);
          timer.current = null;
          editing.current = false;
          setDraft(displayValue(f));
          onError(null);
        } else if (stepsByOne && (e.key === 'ArrowUp' || e.key === 'ArrowDown')) {
          const r = parseDisplay(f, (e.target as HTMLInputElement).value);
          if (!r.ok) return;
          e.preventDefault();
          const next = String(r.value + (e.key === 'ArrowUp' ? 1 : -1));
          setDraft(next);
          commit(next);
        }
      }}
      onBlur={(e) => {
        const text = e.target.value;
        editing.current = false;
        const out = timer.current || text !== displayValue(f) ? commit(text) : undefined;
        // a value the scenario refused (min_th 80 above max_th 60) stays in the box beside its
        // message: put back to the old 20 on leaving the box, it showed 20 under a message
        // about 80, and the number typed was gone
        if (parseDisplay(f, text).ok && out !== 'refused') setDraft(displayValue(f));
      }}
    />
  );
}

/** A probability slider: moves freely, applies when let go (pointer up, key up, leaving it). */
function Slider({ f, describedBy, onValue }: { f: ParamField; describedBy: string; onValue: (v: number) => void }) {
  const spec = f.spec as NumberParam;
  const value = typeof f.value === 'number' ? f.value : spec.default;
  const [draft, setDraft] = useState<number | null>(null);
  const commit = () => {
    if (draft !== null && draft !== value) onValue(draft);
    setDraft(null);
  };
  return (
    <input
      type="range"
      min={spec.min}
      max={spec.max}
      step={0.001}
      value={draft ?? value}
      aria-label={`${spec.label} slider`}
      aria-describedby={describedBy}
      onChange={(e) => setDraft(Number(e.target.value))}
      onPointerUp={commit}
      onKeyUp={commit}
      onBlur={commit}
    />
  );
}

/** A parameter's label, with "applies on restart" while a run goes and the field cannot change it live. */
function FieldLabel({ id, text, restart }: { id: string; text: string; restart: boolean }) {
  return (
    <label htmlFor={id}>
      {text}
      <RestartTag show={restart} />
    </label>
  );
}

/** Under a parameter: its message (with the one-step fix's button) and what a fix changed here. */
function FieldFoot({ errId, text, f, fix, note }: { errId: string; text: string | undefined; f: EditorField; fix?: OneStepFix; note?: string }) {
  return (
    <>
      <ErrorText id={errId} text={text} f={f} fix={fix} />
      <CompanionNote text={note} />
    </>
  );
}

function ParamControl({ f, error, live, fieldLive, onChange, fix, note, hint, onHeld }: { f: ParamField; error: string | undefined; live: boolean; fieldLive: boolean; onChange: ScenarioEditorProps['onChange']; fix?: OneStepFix; note?: string; hint?: ReactNode; onHeld?: ScenarioEditorProps['onHeld'] }) {
  const id = useId();
  const helpId = `${id}-help`;
  const errId = `${id}-err`;
  const [local, setLocal] = useState<string | null>(null);
  const shownError = local ?? error;
  // a message typed here (a value the box itself refused) has no fix to offer
  const shownFix = local === null ? fix : undefined;
  const describedBy = shownError ? `${helpId} ${errId}` : helpId;
  const spec = f.spec;
  const absent = f.value === undefined;
  const restart = live && !fieldLive;
  const title = `${spec.doc}${spec.ref ? ` (source: ${spec.ref})` : ''}\n${f.path}`;
  const cls = `sed-field sed-${f.control}${shownError ? ' sed-invalid' : ''}`;

  if (spec.type === 'boolean' && f.optional) {
    // a setting that may be absent (a traffic item's own ECN): a checkbox has no third
    // state, so it is a select of the absent meaning ("as every TCP flow (off)"), on and off
    const NONE = '__none__';
    return (
      <div className={`sed-field sed-select${shownError ? ' sed-invalid' : ''}`} title={title} data-path={f.path}>
        <FieldLabel id={id} text={spec.label} restart={restart} />
        <select
          id={id}
          value={absent ? NONE : String(f.value === true)}
          aria-describedby={describedBy}
          onChange={(e) => {
            const v = e.target.value;
            if (v === NONE) onChange(f.optional!.removePath, null);
            else onChange(f.path, v === 'true');
          }}
        >
          <option value={NONE}>{f.optional.absentLabel}</option>
          <option value="true">on</option>
          <option value="false">off</option>
        </select>
        <Help id={helpId} doc={spec.doc} reference={spec.ref} />
        <FieldFoot errId={errId} text={shownError} f={f} fix={shownFix} note={note} />
      </div>
    );
  }

  if (spec.type === 'boolean') {
    return (
      <div className={cls} title={title} data-path={f.path}>
        <div className="sed-check">
          <input id={id} type="checkbox" checked={f.value === true} aria-describedby={describedBy} onChange={(e) => onChange(f.path, e.target.checked)} />
          <label htmlFor={id}>{spec.label}</label>
          <RestartTag show={restart} />
        </div>
        <Help id={helpId} doc={spec.doc} reference={spec.ref} />
        <FieldFoot errId={errId} text={shownError} f={f} fix={shownFix} note={note} />
        {hint}
      </div>
    );
  }

  if (spec.type === 'enum') {
    const NONE = '__none__';
    const value = absent ? NONE : String(f.value);
    // what the chosen value means, when that says more than the select already shows: an
    // absent value's label is the option's own text, and "red: RED" repeated the value
    const doc = absent ? undefined : spec.valueDocs?.[String(f.value)];
    const valueDoc = doc && doc.toLowerCase() !== String(f.value).toLowerCase() ? doc : undefined;
    return (
      <div className={cls} title={title} data-path={f.path}>
        <FieldLabel id={id} text={spec.label} restart={restart} />
        <select
          id={id}
          value={value}
          aria-describedby={describedBy}
          onChange={(e) => {
            const v = e.target.value;
            if (v === NONE && f.optional) onChange(f.optional.removePath, null);
            else onChange(f.path, v);
          }}
        >
          {f.optional ? <option value={NONE}>{f.optional.absentLabel}</option> : null}
          {spec.values.map((v) => (
            <option key={v} value={v} title={spec.valueDocs?.[v]}>
              {v}
            </option>
          ))}
        </select>
        <Help id={helpId} doc={spec.doc} reference={spec.ref} extra={valueDoc ? <span className="sed-valuedoc"> {String(f.value)}: {valueDoc}.</span> : null} />
        <FieldFoot errId={errId} text={shownError} f={f} fix={shownFix} note={note} />
      </div>
    );
  }

  // number
  const unit = f.unitLabel ? <span className="sed-unit">{f.unitLabel}</span> : null;
  const setError = (m: string | null) => setLocal(m);
  const optionalToggle = f.optional ? (
    <label className="sed-optional">
      <input
        type="checkbox"
        checked={absent}
        onChange={(e) => {
          setLocal(null);
          if (e.target.checked) onChange(f.optional!.removePath, null);
          else onChange(f.path, spec.default);
        }}
      />{' '}
      {f.optional.absentLabel}
    </label>
  ) : null;
  return (
    <div className={cls} title={title} data-path={f.path}>
      <FieldLabel id={id} text={spec.label} restart={restart} />
      <div className="sed-inputs">
        {f.control === 'probability' && !absent ? (
          <Slider
            f={f}
            describedBy={describedBy}
            onValue={(v) => {
              setLocal(null);
              onChange(f.path, v);
            }}
          />
        ) : null}
        {absent ? null : (
          <NumberInput
            f={f}
            id={id}
            describedBy={describedBy}
            invalid={!!shownError}
            onValue={(v) => onChange(f.path, v)}
            onError={setError}
            onHeld={onHeld ? (text) => onHeld(f.path, text === null ? null : `${spec.label}: "${text}" was refused and is not applied; the run has ${spec.label} = ${displayValue(f)}${f.unitLabel ? ` ${f.unitLabel}` : ''}.`) : undefined}
          />
        )}
        {absent ? null : unit}
        {optionalToggle}
      </div>
      <Help id={helpId} doc={spec.doc} reference={spec.ref} range={displayRange(f)} />
      <FieldFoot errId={errId} text={shownError} f={f} fix={shownFix} note={note} />
    </div>
  );
}

/**
 * "Own TCP setting for this item": a select of the TCP parameters the item does not set
 * and an Add button; Add gives the item the chosen parameter at the scenario-wide value
 * (ownTcpChange), and its field appears above. A button, not a change of the select: in a
 * closed select ↑ and ↓ change the value, so a keyboard user moving through the list
 * would have given the item one setting per key press.
 */
function OwnTcpControl({ f, error, live, onChange }: { f: OwnTcpField; error: string | undefined; live: boolean; onChange: (path: string, value: unknown) => void }) {
  const id = useId();
  const helpId = `${id}-help`;
  const errId = `${id}-err`;
  const [pick, setPick] = useState('');
  const chosen = f.choices.some((c) => c.key === pick) ? pick : '';
  return (
    <div className={`sed-field sed-select sed-own-tcp${error ? ' sed-invalid' : ''}`} data-path={f.path} title={f.path}>
      <label htmlFor={id}>
        {f.label}
        <RestartTag show={live} />
      </label>
      <div className="sed-inputs">
        <select id={id} value={chosen} aria-describedby={error ? `${helpId} ${errId}` : helpId} onChange={(e) => setPick(e.target.value)}>
          <option value="">Choose a TCP parameter…</option>
          {f.choices.map((c) => (
            <option key={c.key} value={c.key}>
              {c.label}
            </option>
          ))}
        </select>
        <button
          type="button"
          className="sed-add"
          disabled={chosen === ''}
          aria-describedby={helpId}
          onClick={() => {
            const c = ownTcpChange(f, chosen);
            if (!c) return;
            setPick('');
            onChange(c.path, c.value);
          }}
        >
          Add
        </button>
      </div>
      <Help id={helpId} doc={f.doc} />
      <ErrorText id={errId} text={error} f={f} />
    </div>
  );
}

/** A field typed as text: the delay CDF table (pairs) or the delay list. */
function PointsControl({ f, error, live, onChange }: { f: PointsField | DelayListField; error: string | undefined; live: boolean; onChange: (path: string, value: unknown) => void }) {
  const id = useId();
  const helpId = `${id}-help`;
  const errId = `${id}-err`;
  const pairs = f.kind === 'points';
  const [draft, setDraft] = useState(pairs ? formatPoints(f.value) : formatDelays(f.value));
  const [local, setLocal] = useState<string | null>(null);
  const shownError = local ?? error;
  return (
    <div className={`sed-field sed-points${shownError ? ' sed-invalid' : ''}`} data-path={f.path} title={f.path}>
      <label htmlFor={id}>
        {f.label} {pairs ? '(ms, probability)' : '(ms)'}
        <RestartTag show={live} />
      </label>
      <input
        id={id}
        type="text"
        value={draft}
        aria-describedby={shownError ? `${helpId} ${errId}` : helpId}
        aria-invalid={!!shownError || undefined}
        onChange={(e) => setDraft(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            (e.target as HTMLInputElement).blur();
          }
        }}
        onBlur={() => {
          const r = pairs ? parsePoints(draft) : parseDelays(draft);
          if (!r.ok) setLocal(r.error);
          else {
            setLocal(null);
            onChange(f.path, r.value);
          }
        }}
      />
      <Help id={helpId} doc={f.doc} extra={<span className="sed-ref"> e.g. {pairs ? '“10 0.5, 50 1”' : '“5, 75”'}.</span>} />
      <ErrorText id={errId} text={shownError} f={f} />
    </div>
  );
}

/**
 * The scenario's name or description: applied when the field is left (or on Enter in the
 * name); emptied, it is removed from the scenario. A label, so a run neither restarts nor
 * says it will.
 */
function TextControl({ f, error, onChange }: { f: TextField; error: string | undefined; onChange: (path: string, value: unknown) => void }) {
  const id = useId();
  const helpId = `${id}-help`;
  const errId = `${id}-err`;
  const [draft, setDraft] = useState(f.value ?? '');
  // another scenario loaded (or the field set elsewhere): show its text
  useEffect(() => setDraft(f.value ?? ''), [f.value]);
  const commit = () => {
    const text = draft.trim();
    if (text === (f.value ?? '')) return;
    onChange(f.path, text === '' ? null : text);
  };
  const common = {
    id,
    value: draft,
    maxLength: f.maxLength,
    'aria-describedby': error ? `${helpId} ${errId}` : helpId,
    'aria-invalid': !!error || undefined,
    onBlur: commit,
  };
  return (
    <div className={`sed-field sed-text${error ? ' sed-invalid' : ''}`} data-path={f.path} title={f.path}>
      <label htmlFor={id}>{f.label}</label>
      {f.multiline ? (
        <textarea {...common} rows={4} onChange={(e) => setDraft(e.target.value)} />
      ) : (
        <input
          {...common}
          type="text"
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              (e.target as HTMLInputElement).blur();
            }
          }}
        />
      )}
      <Help id={helpId} doc={`${f.doc} At most ${grouped(f.maxLength)} characters.`} />
      <ErrorText id={errId} text={error} f={f} />
    </div>
  );
}

/**
 * A traffic item's src or dst on a general topology: a node name, typed or picked from the
 * topology's nodes (the form's one <datalist>, `listId`). Applied on Enter, on leaving the
 * field or when a suggested name is picked; a name that is no node is refused beside it
 * with the names allowed, and the item keeps its node.
 */
function NodeControl({ f, error, live, listId, onChange }: { f: NodeField; error: string | undefined; live: boolean; listId: string; onChange: (path: string, value: unknown) => void }) {
  const id = useId();
  const helpId = `${id}-help`;
  const errId = `${id}-err`;
  const [draft, setDraft] = useState(f.value ?? '');
  const [local, setLocal] = useState<string | null>(null);
  // another scenario loaded, or the item's node set elsewhere: show it
  useEffect(() => {
    setDraft(f.value ?? '');
    setLocal(null);
  }, [f.value]);
  const shownError = local ?? error;
  const commit = (text: string) => {
    const name = text.trim();
    const bad = nodeNameMessage(f, name);
    setLocal(bad);
    if (!bad && name !== f.value) onChange(f.path, name);
  };
  return (
    <div className={`sed-field sed-node${shownError ? ' sed-invalid' : ''}`} data-path={f.path} title={f.path}>
      <label htmlFor={id}>
        {f.label}
        <RestartTag show={live} />
      </label>
      <input
        id={id}
        type="text"
        list={listId}
        autoComplete="off"
        spellCheck={false}
        value={draft}
        aria-describedby={shownError ? `${helpId} ${errId}` : helpId}
        aria-invalid={!!shownError || undefined}
        onChange={(e) => {
          const text = e.target.value;
          setDraft(text);
          // a name picked from the suggestions is applied at once, as a select would
          if ((e.nativeEvent as InputEvent).inputType === 'insertReplacementText' || !(e.nativeEvent instanceof InputEvent)) {
            if (f.names.includes(text)) commit(text);
          }
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            commit((e.target as HTMLInputElement).value);
          } else if (e.key === 'Escape') {
            setDraft(f.value ?? '');
            setLocal(null);
          }
        }}
        onBlur={(e) => commit(e.target.value)}
      />
      <Help id={helpId} doc={f.doc} />
      <ErrorText id={errId} text={shownError} f={f} />
    </div>
  );
}

function groupBy(fields: EditorField[]): { name: string; fields: EditorField[] }[] {
  const m = new Map<string, EditorField[]>();
  for (const f of fields) {
    const g = m.get(f.group);
    if (g) g.push(f);
    else m.set(f.group, [f]);
  }
  return [...m].map(([name, fields]) => ({ name, fields }));
}

/** What a folded list holds, in its section's words: the links under Topology, their queues under Queue. */
const listNoun = (sec: Section, list: 'links' | 'traffic') => (list === 'traffic' ? 'traffic items' : sec === 'queue' ? 'link queues' : 'links');

export function ScenarioEditor({ scenario, onChange, errors, live, fix, notes, running = null, onHeld }: ScenarioEditorProps) {
  const fields = useMemo(() => editorFields(scenario), [scenario]);
  const ecnHints = useMemo(() => ecnWithoutCapableFlows(scenario, fields), [scenario, fields]);
  const bySection = useMemo(() => {
    const m = new Map<Section, { name: string; fields: EditorField[] }[]>();
    const lists = new Map<Section, EditorField[]>();
    for (const f of fields) {
      const list = lists.get(f.section);
      if (list) list.push(f);
      else lists.set(f.section, [f]);
    }
    for (const [sec, list] of lists) m.set(sec, groupBy(list));
    return m;
  }, [fields]);
  // sections whose long list (links, traffic items) the user asked to see whole
  const [expanded, setExpanded] = useState<ReadonlySet<Section>>(new Set());
  // the text typed in a folded list's Find box, by section
  const [finds, setFinds] = useState<ReadonlyMap<Section, string>>(new Map());
  const formId = useId();
  const toggle = (sec: Section) =>
    setExpanded((old) => {
      const next = new Set(old);
      if (!next.delete(sec)) next.add(sec);
      return next;
    });
  const general = errors[''];
  const addTraffic = () => onChange('traffic', [...scenario.traffic, newTrafficItem(scenario)]);
  const nodeListId = `${formId}-nodes`;
  const nodeNames = scenario.topology.kind === 'general' ? scenario.topology.nodes : null;
  const removeTraffic = (i: number) => onChange('traffic', scenario.traffic.filter((_, k) => k !== i));

  return (
    <form className="sed" aria-label="Scenario editor" onSubmit={(e) => e.preventDefault()} noValidate>
      {/* for navigating by headings: the editor had none, and was passed by */}
      <h2 className="sr-only">Scenario editor</h2>
      {general ? (
        <div className="sed-general" role="alert">
          {general.split('\n').map((l, k) => (
            <p key={k}>{l}</p>
          ))}
        </div>
      ) : null}
      {nodeNames ? (
        <datalist id={nodeListId}>
          {nodeNames.map((n) => (
            <option key={n.name} value={n.name} />
          ))}
        </datalist>
      ) : null}
      {live ? (
        <p className="sed-livenote">
          A run is in progress: queue parameters and the bottleneck’s rate, delay and loss change it at once; the others apply on restart.
          {queuesSwitchedInRun(scenario, running) ? ' The queue discipline was changed during this run: the new discipline’s own parameters apply on restart too.' : null}
        </p>
      ) : null}
      {SECTIONS.map((sec) => {
        const groups = bySection.get(sec);
        if (!groups) return null;
        const find = finds.get(sec) ?? '';
        const fold = foldGroups(groups, errors, { expanded: expanded.has(sec), find });
        const noun = fold.list ? listNoun(sec, fold.list) : '';
        const findId = `${formId}-find-${sec}`;
        return (
          <details key={sec} className="sed-section" open={sec !== 'tcp' && sec !== 'about'}>
            <summary>{SECTION_TITLES[sec]}</summary>
            {fold.list && !expanded.has(sec) ? (
              <div className="sed-find">
                <label htmlFor={findId}>Find {noun} by name</label>
                <input
                  id={findId}
                  type="search"
                  value={find}
                  placeholder={fold.list === 'traffic' ? 'e.g. 12' : 'a node’s name'}
                  aria-describedby={`${findId}-said`}
                  onChange={(e) => {
                    const text = e.target.value;
                    setFinds((old) => new Map(old).set(sec, text));
                  }}
                />
                <span id={`${findId}-said`} className="sed-find-said" aria-live="polite">
                  {find.trim() ? (fold.matched === 0 ? `No ${noun} match “${find.trim()}”.` : `${fold.matched} match${fold.matched > LIST_ITEMS_SHOWN ? `; the first ${LIST_ITEMS_SHOWN} shown` : ''}.`) : null}
                </span>
              </div>
            ) : null}
            {fold.shown.map(({ name: group, fields: gf }) => {
              const m = /^Traffic item (\d+)$/.exec(group);
              // a group named like its section ("Run" under "Run") would show the word twice:
              // its legend stays for screen readers (the fieldset's name) but is not drawn,
              // and the section's heading frames its fields alone
              const bare = group.toLowerCase() === SECTION_TITLES[sec].toLowerCase();
              return (
                // keyed by its first field, not its name: a queue's group is renamed with its
                // kind, and a remounted group would take the focus off the select just used
                <fieldset key={gf[0].path} className={bare ? 'sed-group sed-group-bare' : 'sed-group'}>
                  <legend className={bare ? 'sr-only' : undefined}>
                    {group}
                    {m && scenario.traffic.length > 1 ? (
                      <button type="button" className="sed-remove" onClick={() => removeTraffic(Number(m[1]) - 1)} aria-label={`Remove ${group.toLowerCase()}`}>
                        Remove
                      </button>
                    ) : null}
                  </legend>
                  {gf[0].kind === 'param' && gf[0].groupDoc ? <p className="sed-groupdoc">{gf[0].groupDoc}</p> : null}
                  {gf.map((f) =>
                    f.kind === 'points' || f.kind === 'delays' ? (
                      <PointsControl key={f.path} f={f} error={errors[f.path]} live={live} onChange={onChange} />
                    ) : f.kind === 'node' ? (
                      <NodeControl key={f.path} f={f} error={errors[f.path]} live={live} listId={nodeListId} onChange={onChange} />
                    ) : f.kind === 'text' ? (
                      <TextControl key={f.path} f={f} error={errors[f.path]} onChange={onChange} />
                    ) : f.kind === 'own-tcp' ? (
                      <OwnTcpControl key={f.path} f={f} error={errors[f.path]} live={live} onChange={onChange} />
                    ) : (
                      // keyed by path and kind-dependent spec, so a control is rebuilt when the queue kind changes
                      <ParamControl key={`${f.path}:${f.spec.label}`} f={f} error={errors[f.path]} live={live} fieldLive={liveInRun(f, scenario, running)} onChange={onChange} fix={fix} note={notes?.[f.path]} hint={ecnHints[f.path] ? <EcnHint text={ecnHints[f.path].text} tcp={ecnHints[f.path].tcp} onChange={onChange} /> : undefined} onHeld={onHeld} />
                    ),
                  )}
                </fieldset>
              );
            })}
            {fold.list ? (
              <p className="sed-fold">
                {fold.hidden > 0 ? `${fold.total - fold.hidden} of ${fold.total} ${noun} shown. ` : null}
                <button type="button" className="sed-fold-button" aria-expanded={expanded.has(sec)} onClick={() => toggle(sec)}>
                  {expanded.has(sec) ? `Show the first ${LIST_ITEMS_SHOWN} ${noun} only` : `Show all ${fold.total} ${noun}`}
                </button>
              </p>
            ) : null}
            {sec === 'traffic' ? (
              <>
                <button type="button" className="sed-add" onClick={addTraffic} aria-describedby={errors.traffic ? 'sed-traffic-error' : undefined}>
                  Add a traffic item
                </button>
                {errors.traffic ? (
                  <p className="sed-error" id="sed-traffic-error" role="alert">
                    {errors.traffic.split('\n').map((line, k) => (
                      <span key={k} className="sed-error-line">
                        {line}
                      </span>
                    ))}
                  </p>
                ) : null}
              </>
            ) : null}
          </details>
        );
      })}
    </form>
  );
}
