/**
 * The editor slot (src/ui/slots.tsx): connects <ScenarioEditor> to the app store and the
 * run controller. A change goes through controller.setParam (the same validation as
 * --set and links); its messages are filed under the fields they name. While no
 * scenario is loaded the editor waits.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { SlotProps } from '../slots';
import { useAppState } from '../store/app-store';
import { companionFix, type CompanionFix } from '../../engine/scenario/schema';
import { companionButtonText, companionNotes, editorFields, fieldErrors, kindSwapNote } from './fields';
import { ScenarioEditor, type OneStepFix } from './ScenarioEditor';

export default function EditorSlot({ store, controller }: SlotProps) {
  const scenario = useAppState(store, (s) => s.scenario);
  const status = useAppState(store, (s) => s.status);
  const runError = useAppState(store, (s) => s.runError);
  const loadRev = useAppState(store, (s) => s.loadRev);
  // a field's messages are about the scenario they were typed into: another lesson, file or
  // link loaded drops them (min_th's "50 must be less than maxTh = 45" stayed under another
  // lesson's min_th, whose max_th is not 45)
  // `fix`: the refused edit with the companion change that makes it valid (companionFix)
  const [said, setMessages] = useState<{ path: string; list: string[]; loadRev: number; declined: boolean; fix: CompanionFix | null } | null>(null);
  const messages = said !== null && said.loadRev === loadRev ? said : null;
  // after a one-step fix: what it changed besides the field edited, noted beside those fields until the next edit;
  // after a kind swap, the set values it did not carry, under the kind's selector
  const [changedToo, setChangedToo] = useState<{ notes: Record<string, string>; loadRev: number } | null>(null);
  const notes = changedToo !== null && changedToo.loadRev === loadRev ? changedToo.notes : undefined;
  const live = status === 'running' || status === 'paused' || status === 'stepping' || status === 'starting';
  // a declined change's message is about the going run ("was not changed: the going run
  // would become very large ... Reset, change it, then Play"): it ends with that run. After
  // Reset it told the user to do what they had just done.
  useEffect(() => {
    if (!live) setMessages((m) => (m?.declined ? null : m));
  }, [live]);

  const onChange = useCallback(
    (path: string, value: unknown) => {
      const was = store.getState().scenario;
      const errs = controller.setParam(path, value);
      const before = store.getState().scenario;
      const fix = errs.length && !errs.declined && before ? companionFix(before, path, value) : null;
      setMessages(errs.length ? { path, list: errs, loadRev: store.getState().loadRev, declined: errs.declined === true, fix } : null);
      // a kind swap says, under the kind's selector, which set values it left behind (kindSwapNote)
      const swapNote = !errs.length && was && before && path.endsWith('.kind') ? kindSwapNote(was, before, path) : null;
      setChangedToo(swapNote ? { notes: { [path]: swapNote }, loadRev: store.getState().loadRev } : null);
      return errs.declined ? 'declined' : errs.length ? 'refused' : undefined;
    },
    [controller, store],
  );

  const fix = useMemo((): OneStepFix | undefined => {
    const f = messages?.fix;
    if (!f || !scenario || !messages) return undefined;
    return {
      path: messages.path,
      label: companionButtonText(scenario, f),
      apply: () => {
        const before = store.getState().scenario;
        const errs = controller.setParams(f.changes);
        const rev = store.getState().loadRev;
        if (errs.length) {
          setMessages({ path: messages.path, list: errs, loadRev: rev, declined: errs.declined === true, fix: null });
          return;
        }
        setMessages(null);
        if (before) setChangedToo({ notes: companionNotes(before, f), loadRev: rev });
      },
    };
  }, [messages, scenario, controller, store]);

  // number boxes holding a refused value (min_th 80 above max_th 60), by path: a run started
  // meanwhile goes without it, and a banner says so. Played from the header, with the box
  // out of sight in the side column, the run took the old 20 and nothing on screen said it
  const held = useRef(new Map<string, string>());
  const heldBanner = useRef<number | null>(null);
  const onHeld = useCallback(
    (path: string, line: string | null) => {
      if (line === null) held.current.delete(path);
      else held.current.set(path, line);
      if (held.current.size === 0 && heldBanner.current !== null) {
        store.dismissBanner(heldBanner.current);
        heldBanner.current = null;
      }
    },
    [store],
  );
  useEffect(() => {
    let was = store.getState().status;
    return store.subscribe(() => {
      const now = store.getState().status;
      const before = was;
      was = now;
      const ended = (x: string) => x === 'idle' || x === 'done' || x === 'error';
      const started = ended(before) && !ended(now);
      if (!started || held.current.size === 0) return;
      // the run's banner: gone when the next run starts (re-said if a box still holds one)
      heldBanner.current = store.addBanner({ kind: 'warning', title: 'This run goes without a value the editor refused', lines: [...held.current.values()], untilNextRun: true, topic: 'editor-held' });
    });
  }, [store]);

  const errors = useMemo(() => {
    if (!scenario) return {};
    const others = (runError?.fields ?? []).map((f) => (f.path && !f.message.startsWith(f.path) ? `${f.path}: ${f.message}` : f.message));
    // no message, nothing to file: the field list of a 1,000-link topology is not built twice an edit
    if (others.length === 0 && !messages?.list.length) return {};
    return fieldErrors(editorFields(scenario), messages, others);
  }, [scenario, messages, runError]);

  if (!scenario) return <p className="muted pad">Loading the scenario…</p>;
  // a fresh editor for a loaded scenario: a box still holding a refused value (the 50 above) shows the new scenario's
  return <ScenarioEditor key={loadRev} scenario={scenario} onChange={onChange} errors={errors} live={live} fix={fix} notes={notes} running={live ? controller.runningScenario() : null} onHeld={onHeld} />;
}
