/// <reference lib="dom" />
/**
 * A new build of the lab put up while a tab is open on the old one (src/ui/sw-update.ts).
 *
 * The "new build" is the test build with its simulation worker's file renamed (as a change
 * to the engine renames it), the references to it and the service worker's precache list
 * changed with it: a new sw.js, and the old worker's file gone from the server. It is
 * served on the same address as the old one, as a redeploy is.
 */
import { cpSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { preview, type PreviewServer } from 'vite';
import { describe, expect, inject, it } from 'vitest';
import { UPDATE_ACTION, UPDATE_TITLE } from '../../src/ui/sw-update';
import { freePort, harnessPerFile, ROOT } from './harness';


const serve = (outDir: string, port: number): Promise<PreviewServer> => preview({ root: ROOT, logLevel: 'warn', build: { outDir }, preview: { port, strictPort: true, host: '127.0.0.1', open: false } });
const stop = (s: PreviewServer) => new Promise<void>((r) => s.httpServer.close(() => r()));

/**
 * A copy of the build at `from` as a new build of changed code would be: its simulation
 * worker's file renamed, and every file that names a renamed file renamed in turn (hashed
 * names change with their content; the service worker keeps a file of an unchanged name),
 * index.html with a new revision in the precache list. Returns the worker's new name.
 */
function newBuild(from: string, to: string): string {
  cpSync(from, to, { recursive: true });
  const assets = join(to, 'assets');
  const files = readdirSync(assets).filter((f) => f.endsWith('.js'));
  const text = new Map(files.map((f) => [f, readFileSync(join(assets, f), 'utf8')]));
  const worker = files.find((f) => /^sim\.worker-.*\.js$/.test(f))!;
  const renamed = new Set([worker]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const f of files) {
      if (renamed.has(f) || ![...renamed].some((r) => text.get(f)!.includes(r))) continue;
      renamed.add(f);
      grew = true;
    }
  }
  const rename = (t: string) => [...renamed].reduce((acc, r) => acc.split(r).join(r.replace(/\.js$/, 'x2.js')), t);
  for (const f of files) {
    writeFileSync(join(assets, f), rename(text.get(f)!));
    if (renamed.has(f)) renameSync(join(assets, f), join(assets, f.replace(/\.js$/, 'x2.js')));
  }
  writeFileSync(join(to, 'index.html'), rename(readFileSync(join(to, 'index.html'), 'utf8')));
  const sw = rename(readFileSync(join(to, 'sw.js'), 'utf8')).replace(/(url:"index\.html",revision:")[0-9a-f]+"/, '$1new-build"');
  expect(sw).toContain('revision:"new-build"');
  writeFileSync(join(to, 'sw.js'), sw);
  return worker.replace(/\.js$/, 'x2.js');
}

// one part of the browser tests, run by browser.test.ts (its name filters it: -t 'update')
describe('update', () => {
  const h = harnessPerFile();

  it('a tab on the old build keeps running after a new build goes up, says a new version is ready, and takes it on request', async () => {
    const dist = inject('e2eDist');
    const tmp = mkdtempSync(join(tmpdir(), 'aqm-lab-update-'));
    const v1 = join(tmp, 'v1');
    const v2 = join(tmp, 'v2');
    cpSync(dist, v1, { recursive: true });
    const newName = newBuild(dist, v2);
    const port = await freePort();
    let server = await serve(v1, port);
    const ctx = await h().browser.newContext({ viewport: { width: 1366, height: 900 }, serviceWorkers: 'allow' });
    try {
      const page = await ctx.newPage();
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      const url = `http://127.0.0.1:${port}/#p=web-dt148-80&duration=6&warmup=1`;
      const ready = () => page.waitForFunction(() => !!window.__aqmlab?.store.getState().scenario);
      await page.goto(url);
      await ready();
      // the first visit: the service worker installs and controls the page (no "new version" for it)
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
      await page.waitForTimeout(500);
      expect(await page.evaluate(() => window.__aqmlab!.store.getState().banners.map((b: { title: string }) => b.title))).toEqual([]);

      // the new build goes up; the tab reloads (served the old build from its cache)
      await stop(server);
      server = await serve(v2, port);
      await page.reload();
      await ready();
      // the page looks for a new build (as it does every hour; a navigation may not yet have)
      // and the new build installs behind it: waiting for the user, or (before the fix) taking over
      await page.evaluate(async () => {
        await (await navigator.serviceWorker.getRegistration())!.update();
      });
      await page.waitForFunction(
        async () => {
          const r = await navigator.serviceWorker.getRegistration();
          return !!r && !r.installing && (!!r.waiting || r.active?.state === 'activated');
        },
        undefined,
        { timeout: 30_000, polling: 200 },
      );
      await page.waitForTimeout(500);
      // a run reset while going makes a new simulation worker from the old build's file
      await page.evaluate(() => {
        window.__aqmlab!.controller.setSpeed(1);
        window.__aqmlab!.controller.start();
      });
      await page.waitForFunction(() => window.__aqmlab!.store.getState().now > 0.05);
      await page.evaluate(() => window.__aqmlab!.controller.reset());
      await page.evaluate(() => {
        window.__aqmlab!.controller.setSpeed('max');
        window.__aqmlab!.controller.start();
      });
      await page.waitForFunction(() => ['done', 'error'].includes(window.__aqmlab!.store.getState().status), undefined, { timeout: 60_000 });
      expect(await page.evaluate(() => window.__aqmlab!.store.getState().runError?.message ?? null)).toBeNull();
      expect(await page.evaluate(() => window.__aqmlab!.store.getState().status)).toBe('done');

      // the page says so, and its button switches to the new build
      const banner = page.getByTestId('banner-info').filter({ hasText: UPDATE_TITLE });
      await expect.poll(() => banner.count()).toBe(1);
      await Promise.all([page.waitForEvent('load'), banner.getByRole('button', { name: UPDATE_ACTION }).click()]);
      await ready();
      expect(await page.evaluate(() => window.__aqmlab!.store.getState().presetName)).toBe('web-dt148-80');
      await page.evaluate(() => {
        window.__aqmlab!.controller.setSpeed('max');
        window.__aqmlab!.controller.start();
      });
      await page.waitForFunction(() => window.__aqmlab!.store.getState().status === 'done', undefined, { timeout: 60_000 });
      // the run's worker is the new build's
      expect(page.workers().map((w) => w.url()).filter((u) => u.includes('sim.worker-'))).toContain(`http://127.0.0.1:${port}/assets/${newName}`);
      expect(await page.getByText(UPDATE_TITLE).count()).toBe(0);
      expect(errors).toEqual([]);
    } finally {
      await ctx.close();
      await stop(server);
      rmSync(tmp, { recursive: true, force: true });
    }
  });
});
