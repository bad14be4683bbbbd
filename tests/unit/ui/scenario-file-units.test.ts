import { describe, expect, it } from 'vitest';
import { setPath } from '../../../src/engine/scenario/paths';
import { presetScenario } from '../../../src/engine/scenario/presets';
import { RunController } from '../../../src/ui/run/controller';
import { AppStore } from '../../../src/ui/store/app-store';

/** src/ui/ScenarioFile.tsx, through a computed specifier (the node tsconfig that checks tests has no JSX; vitest loads it). */
async function openScenarioFile(file: File, store: AppStore, controller: RunController): Promise<boolean> {
  const spec = ['..', '..', '..', 'src', 'ui', 'ScenarioFile.tsx'].join('/');
  const m = (await import(/* @vite-ignore */ spec)) as { openScenarioFile: (f: File, s: AppStore, c: RunController) => Promise<boolean> };
  return m.openScenarioFile(file, store, controller);
}

/*
 * File → Open of a scenario whose bottleneck delay is 5 (5 s: a file's numbers are SI, likely
 * meant as 5 ms) opened without a word, where a link with delay=5 gets "Check the units in
 * this link". The file is opened as written, with a warning of its own beside "Opened".
 */
describe('File → Open: a number likely meant in ms', () => {
  function setup() {
    const store = new AppStore();
    const c = new RunController(store, () => ({ postMessage() {}, terminate() {} }) as unknown as Worker);
    expect(c.loadScenario(presetScenario('ecn-marks'), 'ecn-marks')).toEqual([]);
    return { store, c };
  }
  const file = (delay: number, saved = false) => {
    const s = structuredClone(presetScenario('default')) as unknown as Record<string, unknown>;
    setPath(s, 'topology.bottleneck.delay', delay);
    return new File([JSON.stringify(saved ? { scenario: s, summary: {} } : s)], 'slow.json', { type: 'application/json' });
  };

  it('opens the file as written, and a warning names the field, how it is read and what to write for ms', async () => {
    const { store, c } = setup();
    await expect(openScenarioFile(file(5), store, c)).resolves.toBe(true);
    expect((store.getState().scenario as unknown as { topology: { bottleneck: { delay: number } } }).topology.bottleneck.delay).toBe(5);
    const banners = store.getState().banners.map((b) => ({ kind: b.kind, title: b.title, lines: b.lines }));
    expect(banners).toEqual([
      expect.objectContaining({ kind: 'info', title: 'Opened slow.json' }),
      {
        kind: 'warning',
        title: 'Check the units in this file',
        lines: ["topology.bottleneck.delay = 5 is read as 5 s (a scenario file's numbers are in seconds); for 5 ms write 0.005", 'The file was opened as written.'],
      },
    ]);
  });

  it("a saved run's scenario names the field as the file has it; a delay in range as ms gets no warning", async () => {
    const { store, c } = setup();
    await openScenarioFile(file(5, true), store, c);
    expect(store.getState().banners.find((b) => b.kind === 'warning')?.lines[0]).toMatch(/^scenario\.topology\.bottleneck\.delay = 5 is read as 5 s/);
    const other = setup();
    await openScenarioFile(file(0.005), other.store, other.c);
    expect(other.store.getState().banners.map((b) => b.title)).toEqual(['Opened slow.json']);
  });
});
