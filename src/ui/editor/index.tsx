/**
 * The editor slot (src/ui/slots.tsx): connects <ScenarioEditor> to the app store and the
 * run controller. A change goes through controller.setParam (the same validation as
 * --set and links); its messages are filed under the fields they name. While no
 * scenario is loaded the editor waits.
 */
import { useCallback, useMemo, useState } from 'react';
import type { SlotProps } from '../slots';
import { useAppState } from '../store/app-store';
import { editorFields, fieldErrors } from './fields';
import { ScenarioEditor } from './ScenarioEditor';

export default function EditorSlot({ store, controller }: SlotProps) {
  const scenario = useAppState(store, (s) => s.scenario);
  const status = useAppState(store, (s) => s.status);
  const runError = useAppState(store, (s) => s.runError);
  const [messages, setMessages] = useState<{ path: string; list: string[] } | null>(null);
  const live = status === 'running' || status === 'paused' || status === 'stepping' || status === 'starting';

  const onChange = useCallback(
    (path: string, value: unknown) => {
      const errs = controller.setParam(path, value);
      setMessages(errs.length ? { path, list: errs } : null);
      return errs.declined ? 'declined' : undefined;
    },
    [controller],
  );

  const errors = useMemo(() => {
    if (!scenario) return {};
    const others = (runError?.fields ?? []).map((f) => (f.path && !f.message.startsWith(f.path) ? `${f.path}: ${f.message}` : f.message));
    return fieldErrors(editorFields(scenario), messages, others);
  }, [scenario, messages, runError]);

  if (!scenario) return <p className="muted pad">Loading the scenario…</p>;
  return <ScenarioEditor scenario={scenario} onChange={onChange} errors={errors} live={live} />;
}
