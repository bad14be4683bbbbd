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
import { Component, lazy, Suspense, useMemo, useState, type ComponentType, type ReactNode } from 'react';
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

const Editor = Object.values(editorModules)[0] ?? null;
const Inspector = Object.values(inspectorModules)[0] ?? null;
const Compare = Object.values(compareModules)[0] ?? null;

/**
 * A slot that failed, to load (its chunk not fetched: the network dropped, or a tab of an
 * older build asked for a file the new one no longer has) or to draw: it says so in its place
 * and offers to try again. Without it the error unmounted the whole app: a blank page, the
 * run and its charts gone with it.
 */
class SlotBoundary extends Component<{ name: string; onRetry: () => void; children: ReactNode }, { error: unknown }> {
  state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown): { error: unknown } {
    return { error };
  }

  componentDidCatch(error: unknown): void {
    console.error(`${this.props.name} failed:`, error);
  }

  render(): ReactNode {
    const { error } = this.state;
    if (error === null) return this.props.children;
    const why = error instanceof Error ? error.message : String(error);
    return (
      <div className="pad slot-failed" role="alert">
        <p>
          {this.props.name} could not be shown: {why}. The rest of the lab, and the run, go on.
        </p>
        <p>
          <button
            type="button"
            onClick={() => {
              this.setState({ error: null });
              this.props.onRetry();
            }}
          >
            Try again
          </button>{' '}
          <span className="muted">(or reload the page)</span>
        </p>
      </div>
    );
  }
}

function Slot({ name, load, props }: { name: string; load: Loader | null; props: SlotProps }) {
  // a fresh lazy component per attempt: React keeps a failed one's error
  const [attempt, setAttempt] = useState(0);
  const Comp = useMemo(() => (load ? lazy(load) : null), [load, attempt]);
  if (!Comp) return <p className="muted pad">{name} will appear here.</p>;
  return (
    <SlotBoundary name={name} onRetry={() => setAttempt((n) => n + 1)}>
      <Suspense fallback={<p className="muted pad">Loading {name.toLowerCase()}…</p>}>
        <Comp {...props} />
      </Suspense>
    </SlotBoundary>
  );
}

export function EditorSlot(props: SlotProps) {
  return (
    <section className="card slot slot-editor" aria-label="Scenario editor" data-slot="editor">
      <Slot name="Scenario editor" load={Editor} props={props} />
    </section>
  );
}

export function InspectorSlot(props: SlotProps) {
  return (
    // tabIndex -1: "Why? ↓" gives it the focus, so that Tab goes on into the inspector
    <section className="card slot slot-inspector" aria-label="Decision inspector" data-slot="inspector" tabIndex={-1}>
      <Slot name="Decision inspector" load={Inspector} props={props} />
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
        <Slot name="Compare" load={Compare} props={props} />
      </details>
    </section>
  );
}
