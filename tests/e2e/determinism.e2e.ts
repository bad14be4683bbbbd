/// <reference lib="dom" />
/**
 * The browser's Web Worker and Node run the same engine: the same scenario and seed must
 * give bit-identical summaries (DESIGN §3), wall time aside.
 */
import { describe, expect, it } from 'vitest';
import { runScenario } from '../../src/engine/run';
import { presetScenario } from '../../src/engine/scenario/presets';
import { harnessPerFile, waitForStatus } from './harness';

// one part of the browser tests, run by browser.test.ts (its name filters it: -t 'determinism')
describe('determinism', () => {
  const h = harnessPerFile();

  describe('Node and the browser agree', () => {
    for (const name of ['ecn-finite-n2-ecn-a-ql32', 'default']) {
      it(`${name}: the worker's summary equals runScenario's in Node, number for number`, async () => {
        const page = await (await h().browser.newContext()).newPage();
        await page.goto(`${h().url}#p=${name}`);
        await page.waitForFunction(() => !!window.__aqmlab?.store.getState().scenario);
        await page.getByRole('radio', { name: 'max: as fast as possible' }).click();
        await page.getByRole('button', { name: 'Play' }).click();
        await waitForStatus(page, 'done', 120_000);
        const browser = await page.evaluate(() => JSON.stringify(window.__aqmlab!.store.getState().summary));
        const node = runScenario(presetScenario(name)!).summary;
        const strip = (s: Record<string, unknown>) => JSON.stringify({ ...s, wallSeconds: 0 });
        expect(strip(JSON.parse(browser))).toBe(strip(node as unknown as Record<string, unknown>));
        await page.context().close();
      });
    }
  });
});
