/// <reference lib="dom" />
/**
 * The engine in Chromium's Web Worker against the same engine in Node (issue 8): the
 * events per second of each are printed to the test log (nothing is asserted about time);
 * what is asserted is that both did the same work. And a very large run is not started
 * without a question.
 */
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { runScenario } from '../../src/engine/run';
import { presetScenario } from '../../src/engine/scenario/presets';
import { toWorker } from '../../src/protocol/messages';
import { harnessPerFile, waitForStatus } from './harness';

// one part of the browser tests, run by browser.test.ts (its name filters it: -t 'speed')
describe('speed', () => {
  const h = harnessPerFile();

  describe('worker speed', () => {
    for (const name of ['bench-100-red', 'ecn-finite-n10-dt-ql64']) {
      it(`${name}: the worker runs the engine at Node's pace (printed), with the same events`, async () => {
        const page = await (await h().browser.newContext()).newPage();
        await page.goto(`${h().url}#p=${name}`);
        await page.waitForFunction(() => !!window.__aqmlab?.store.getState().scenario);
        await page.getByRole('radio', { name: 'As fast as possible' }).click();
        // the page makes its worker once idle (as for a user, who reads the page before Play)
        await page.waitForFunction(() => window.__aqmlab!.controller.workersMade > 0);
        // Play to done timed in the page: from the click to the store's "done" (not the test's polling)
        await page.evaluate(() => {
          const w = window as unknown as { __playAt?: number; __doneAt?: number };
          document.addEventListener('click', () => (w.__playAt ??= performance.now()), true);
          const store = window.__aqmlab!.store;
          store.subscribe(() => {
            if (store.getState().status === 'done') w.__doneAt ??= performance.now();
          });
        });
        await page.getByRole('button', { name: 'Play' }).click();
        await waitForStatus(page, 'done', 300_000);
        const pageWall = (await page.evaluate(() => {
          const w = window as unknown as { __playAt: number; __doneAt: number };
          return w.__doneAt - w.__playAt;
        })) / 1000;
        const worker = (await page.evaluate(() => window.__aqmlab!.store.getState().summary)) as { events: number; wallSeconds: number; simulatedSeconds: number };
        const sc = presetScenario(name)!;
        // the engine alone in a worker of its own, as the compare view runs it: no decision
        // records for the inspector, no charts drawing on the other core (the app's worker script)
        const script = await page.evaluate(() => performance.getEntriesByType('resource').map((r) => r.name).find((n) => /sim\.worker/.test(n)) ?? '');
        expect(script).not.toBe('');
        // twice in one worker: the first run is cold (V8 compiles and tiers up as it goes), the
        // second runs the code the first left optimized
        const msg = (runId: number) => toWorker({ type: 'start', runId, scenario: sc, options: { record: false }, speed: 'max' });
        const [cold, warm] = (await page.evaluate(
          ([url, first, second]) =>
            new Promise((resolve, reject) => {
              const w = new Worker(url as string, { type: 'module' });
              const got: { events: number; wallSeconds: number }[] = [];
              w.onmessage = (e: MessageEvent) => {
                if (e.data.type === 'done') {
                  got.push(e.data.result.summary);
                  if (got.length === 2) {
                    w.terminate();
                    resolve(got);
                  } else w.postMessage(second);
                } else if (e.data.type === 'error') reject(new Error(e.data.message));
              };
              w.postMessage(first);
            }),
          [script, msg(1), msg(2)] as const,
        )) as { events: number; wallSeconds: number }[];
        // Node the same two ways: a fresh process (the command line; its summary's wall time is
        // the engine's, start-up excluded), and this process after a run to warm it up
        const cli = spawnSync(process.execPath, ['src/cli/aqm-lab.mjs', '--preset', name, '--quiet', '--out', '-'], { encoding: 'utf8', maxBuffer: 64 << 20 });
        expect(cli.status, cli.stderr).toBe(0);
        const nodeCold = (JSON.parse(cli.stdout) as { summary: { events: number; wallSeconds: number } }).summary;
        runScenario(sc);
        const node = runScenario(sc).summary;
        const rate = (events: number, wall: number) => `${(events / wall / 1e6).toFixed(2)} M events/s`;
        console.log(
          `[speed] ${name}: engine alone, first run in a fresh worker ${rate(cold!.events, cold!.wallSeconds)} (${cold!.wallSeconds.toFixed(3)} s) ` +
            `against a fresh Node process ${rate(nodeCold.events, nodeCold.wallSeconds)} (${nodeCold.wallSeconds.toFixed(3)} s): worker / Node time ${(cold!.wallSeconds / nodeCold.wallSeconds).toFixed(2)}; ` +
            `second run in the same worker ${rate(warm!.events, warm!.wallSeconds)} (${warm!.wallSeconds.toFixed(3)} s) against warm Node ${rate(node.events, node.wallSeconds)} (${node.wallSeconds.toFixed(3)} s): ${(warm!.wallSeconds / node.wallSeconds).toFixed(2)}; ` +
            `in the app with the inspector's records and live charts ${rate(worker.events, worker.wallSeconds)} (${worker.wallSeconds.toFixed(3)} s, ${pageWall.toFixed(2)} s from Play to done)`,
        );
        expect(nodeCold.events).toBe(node.events);
        expect(cold!.events).toBe(node.events);
        expect(warm!.events).toBe(node.events);
        expect(worker.events).toBe(node.events);
        expect(worker.simulatedSeconds).toBe(node.simulatedSeconds);
        await page.context().close();
      });
    }
  });

  describe('very large runs', () => {
    it('the app shows the estimate and asks before starting 1e12 b/s of 1-byte packets; "cancel" starts nothing', async () => {
      const page = await (await h().browser.newContext()).newPage();
      await page.goto(h().url);
      await page.waitForFunction(() => !!window.__aqmlab?.store.getState().scenario);
      const flood = { version: 1, duration: 5, topology: { kind: 'dumbbell' }, traffic: [{ kind: 'udp', rate: 1e12, packetSize: 1 }] };
      expect(await page.evaluate((j) => window.__aqmlab!.controller.loadScenario(j, null), flood)).toEqual([]);
      const questions: string[] = [];
      page.once('dialog', (d) => {
        questions.push(d.message());
        void d.dismiss();
      });
      await page.getByRole('button', { name: 'Play' }).click();
      await page.getByTestId('run-error').waitFor();
      expect(questions[0]).toMatch(/This run is very large/);
      expect(questions[0]).toMatch(/Estimate: about 630 G events/);
      expect(await page.getByTestId('run-error').textContent()).toContain('The run was not started: it is very large.');
      expect(await page.evaluate(() => window.__aqmlab!.store.getState().status)).toBe('idle');
      await page.context().close();
    });
  });
});
