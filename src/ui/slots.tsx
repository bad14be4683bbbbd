/**
 * Slots for the scenario editor and the decision inspector, built separately
 * (src/ui/editor/**, src/ui/inspector/**). Each is picked up automatically when its
 * entry file exists:
 *
 *   src/ui/editor/index.tsx     export default function Editor(props: SlotProps)
 *   src/ui/inspector/index.tsx  export default function Inspector(props: SlotProps)
 *   src/ui/compare/index.tsx    export default function Compare(props: SlotProps)
 *
 * Props give the store (state: scenario, decisions + cursor, flowEvents + flowCursor,
 * stepWhat...; hook: useAppState) and the controller (setParam(path, value) -> errors,
 * loadScenario, stepForward/stepBack, setStepTarget, selectDecision). Until a file
 * exists, the slot shows a short placeholder.
 */
import { lazy, Suspense, type ComponentType } from 'react';
import type { RunController } from './run/controller';
import type { AppStore } from './store/app-store';

export interface SlotProps {
  store: AppStore;
  controller: RunController;
}

type Loader = () => Promise<{ default: ComponentType<SlotProps> }>;
const editorModules = import.meta.glob<{ default: ComponentType<SlotProps> }>('./editor/index.tsx');
const inspectorModules = import.meta.glob<{ default: ComponentType<SlotProps> }>('./inspector/index.tsx');
const compareModules = import.meta.glob<{ default: ComponentType<SlotProps> }>('./compare/index.tsx');

function lazySlot(mods: Record<string, Loader>): ComponentType<SlotProps> | null {
  const load = Object.values(mods)[0];
  return load ? lazy(load) : null;
}

const Editor = lazySlot(editorModules);
const Inspector = lazySlot(inspectorModules);
const Compare = lazySlot(compareModules);

function Slot({ name, Comp, props }: { name: string; Comp: ComponentType<SlotProps> | null; props: SlotProps }) {
  if (!Comp) return <p className="muted pad">{name} will appear here.</p>;
  return (
    <Suspense fallback={<p className="muted pad">Loading {name.toLowerCase()}…</p>}>
      <Comp {...props} />
    </Suspense>
  );
}

export function EditorSlot(props: SlotProps) {
  return (
    <section className="card slot slot-editor" aria-label="Scenario editor" data-slot="editor">
      <Slot name="Scenario editor" Comp={Editor} props={props} />
    </section>
  );
}

export function InspectorSlot(props: SlotProps) {
  return (
    <section className="card slot slot-inspector" aria-label="Decision inspector" data-slot="inspector">
      <Slot name="Decision inspector" Comp={Inspector} props={props} />
    </section>
  );
}

/** The compare panel, folded until opened (two scenarios side by side, or the response times of a lesson family). */
export function CompareSlot(props: SlotProps) {
  if (!Compare) return null;
  // a landmark round it: its controls were page content outside any (axe: region)
  return (
    <section aria-labelledby="compare-title">
      <details className="card slot slot-compare" data-slot="compare">
        <summary className="card-head">
          <h2 id="compare-title">Compare scenarios</h2>
        </summary>
        <Slot name="Compare" Comp={Compare} props={props} />
      </details>
    </section>
  );
}
