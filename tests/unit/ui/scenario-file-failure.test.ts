import { describe, expect, it } from 'vitest';
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
 * File → Open and a dropped file start openScenarioFile and await nothing: an exception
 * inside it (past the checks it makes itself: not JSON, not a scenario, too large) was an
 * unhandled rejection, and the student saw nothing happen. Now a banner names the file and
 * the problem.
 */
describe('File → Open: a failure inside the loading', () => {
  function setup(loadThrows: boolean) {
    const store = new AppStore();
    const c = new RunController(store, () => ({ postMessage() {}, terminate() {} }) as unknown as Worker);
    expect(c.loadScenario(presetScenario('ecn-marks'), 'ecn-marks')).toEqual([]);
    if (loadThrows)
      c.loadScenario = () => {
        throw new TypeError('the engine cannot set up this topology');
      };
    return { store, c, before: store.getState().scenario };
  }
  const file = () => new File([JSON.stringify(presetScenario('red-vs-dt'))], 'my-lab.json', { type: 'application/json' });

  it('resolves false with a banner naming the file and the error, and says the scenario on screen is unchanged', async () => {
    const { store, c, before } = setup(true);
    await expect(openScenarioFile(file(), store, c)).resolves.toBe(false);
    const banners = store.getState().banners;
    expect(banners).toHaveLength(1);
    expect(banners[0].kind).toBe('error');
    expect(banners[0].title).toBe('my-lab.json was not opened: loading it failed');
    expect(banners[0].lines).toEqual(['TypeError: the engine cannot set up this topology', 'The scenario on screen is unchanged.']);
    expect(store.getState().scenario).toBe(before);
  });

  it('a failure after the scenario on screen changed says so, not that it is unchanged', async () => {
    const { store, c, before } = setup(false);
    c.loadScenario = (json) => {
      store.set({ scenario: json as typeof before });
      throw new Error('worker gone');
    };
    await expect(openScenarioFile(file(), store, c)).resolves.toBe(false);
    expect(store.getState().banners.map((b) => b.lines)).toEqual([['Error: worker gone', 'The scenario on screen may be loaded only in part: check it, or open a lesson or the file again.']]);
  });

  it('a file that loads still loads (the same file, no failure)', async () => {
    const { store, c } = setup(false);
    await expect(openScenarioFile(file(), store, c)).resolves.toBe(true);
    expect(store.getState().banners.map((b) => b.title)).toEqual(['Opened my-lab.json']);
    expect(store.getState().presetName).toBe('red-vs-dt');
  });
});
