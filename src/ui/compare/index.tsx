/**
 * A compare panel for the app (same props as the editor/inspector slots): the current
 * scenario against a variant of it (drop-tail, RED, RED+ECN, ECN toggled) or against a
 * lesson, both with the current seed, in <CompareView>. Nothing runs until "Compare".
 */
import { useId, useMemo, useState } from 'react';
import type { Scenario } from '../../engine/scenario/schema';
import { lessons, withParam } from '../scenario-api';
import type { SlotProps } from '../slots';
import { useAppState } from '../store/app-store';
import { CompareView } from './CompareView';

interface Choice {
  id: string;
  label: string;
  make(current: Scenario): { ok: true; scenario: Scenario } | { ok: false; errors: string[] };
}

const Q = 'topology.bottleneck.queue';

/** Applies several --set style changes in order, validating after each. */
function variant(current: Scenario, sets: [string, unknown][]): { ok: true; scenario: Scenario } | { ok: false; errors: string[] } {
  let s = current;
  for (const [p, v] of sets) {
    const r = withParam(s, p, v);
    if (!r.ok) return r;
    s = r.scenario;
  }
  return { ok: true, scenario: s };
}

export const VARIANTS: readonly Choice[] = [
  { id: 'v:droptail', label: 'the same with a drop-tail queue', make: (s) => variant(s, [[`${Q}.kind`, 'droptail']]) },
  { id: 'v:red', label: 'the same with RED (no ECN)', make: (s) => variant(s, [[`${Q}.kind`, 'red'], [`${Q}.ecn`, false], ['tcp.ecn', false]]) },
  { id: 'v:red-ecn', label: 'the same with RED + ECN', make: (s) => variant(s, [[`${Q}.kind`, 'red'], [`${Q}.ecn`, true], ['tcp.ecn', true]]) },
  {
    id: 'v:ecn-toggle',
    label: 'the same with ECN switched on/off',
    make: (s) => {
      const on = !s.tcp.ecn;
      const q = s.topology.kind === 'dumbbell' ? s.topology.bottleneck.queue : null;
      return variant(s, [['tcp.ecn', on], ...(q && 'ecn' in q ? [[`${Q}.ecn`, on] as [string, unknown]] : [])]);
    },
  },
];

export default function ComparePanel({ store }: SlotProps) {
  const scenario = useAppState(store, (s) => s.scenario);
  const preset = useAppState(store, (s) => s.presetName);
  const [choice, setChoice] = useState(VARIANTS[2].id);
  const [run, setRun] = useState<{ a: Scenario; b: Scenario; labelA: string; labelB: string; n: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const selectId = useId();
  const list = useMemo(() => lessons(), []);
  const labelA = preset ? (list.find((l) => l.name === preset)?.title ?? preset) : 'current scenario';

  if (!scenario) return <p className="muted pad">Load a scenario to compare it.</p>;

  const start = () => {
    setError(null);
    let b: Scenario;
    let labelB: string;
    if (choice.startsWith('v:')) {
      const v = VARIANTS.find((x) => x.id === choice)!;
      const r = v.make(scenario);
      if (!r.ok) {
        setError(`Cannot build “${v.label}”: ${r.errors.join('; ')}`);
        return;
      }
      b = r.scenario;
      labelB = v.label.replace(/^the same with /, '');
    } else {
      const l = list.find((x) => `l:${x.name}` === choice);
      if (!l) return;
      b = l.scenario;
      labelB = l.title;
    }
    setRun((prev) => ({ a: scenario, b, labelA, labelB, n: (prev?.n ?? 0) + 1 }));
  };

  return (
    <div className="cmp-panel">
      <div className="cmp-panel-controls">
        <label htmlFor={selectId}>Compare {labelA} with</label>
        <select id={selectId} value={choice} onChange={(e) => setChoice(e.target.value)}>
          <optgroup label="A variant of the current scenario">
            {VARIANTS.map((v) => (
              <option key={v.id} value={v.id} disabled={scenario.topology.kind !== 'dumbbell'}>
                {v.label}
              </option>
            ))}
          </optgroup>
          <optgroup label="A lesson">
            {list.map((l) => (
              <option key={l.name} value={`l:${l.name}`}>
                {l.title}
              </option>
            ))}
          </optgroup>
        </select>
        <button type="button" className="primary" onClick={start}>
          Compare
        </button>
        {run ? (
          <button type="button" onClick={() => setRun(null)}>
            Close comparison
          </button>
        ) : null}
      </div>
      {error ? (
        <p className="cmp-error" role="alert">
          {error}
        </p>
      ) : null}
      {run ? <CompareView key={run.n} a={run.a} b={run.b} labelA={run.labelA} labelB={run.labelB} /> : null}
    </div>
  );
}
