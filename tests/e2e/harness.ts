/// <reference lib="dom" />
/**
 * e2e harness: serves the app built by global-build.ts (once per test run) with
 * `vite preview` on a free localhost port and launches Debian's Chromium through
 * playwright-core (DESIGN §7). Everything is started and stopped by the test file.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { preview, type PreviewServer } from 'vite';

/** The app's test hook (src/ui/main.tsx), as far as the tests use it. */
export interface AppHook {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  store: { getState(): any; subscribe(fn: () => void): () => void; series: { length: number; t: Float64Array; column(n: string): Float64Array | undefined; names(): string[]; evLength: number } };
  controller: {
    setParam(path: string, value: unknown): string[];
    loadScenario(json: unknown, preset: string | null, autoplay?: boolean): string[];
    start(paused?: boolean): void;
    setSpeed(speed: number | 'max'): void;
    reset(): void;
    stepForward(): void;
    workersMade: number;
  };
  loop: { fps: number; drawnFrames: number; drawMs: number; firstDrawAt: number | null };
}
declare global {
  interface Window {
    __aqmlab?: AppHook;
  }
}

export const ROOT = resolve(import.meta.dirname, '../..');
export const SHOTS = '/tmp/shots';
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export interface Harness {
  url: string;
  browser: Browser;
  close(): Promise<void>;
}

/** A TCP port free on this machine now (for a preview server of our own). */
export function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const s = createServer();
    s.once('error', rej);
    s.listen(0, '127.0.0.1', () => {
      const a = s.address();
      const port = typeof a === 'object' && a ? a.port : 0;
      s.close(() => res(port));
    });
  });
}

export async function startHarness(): Promise<Harness> {
  // built once for every e2e file by global-build.ts (the project's globalSetup)
  const outDir = inject('e2eDist');
  const port = await freePort();
  const server: PreviewServer = await preview({ root: ROOT, logLevel: 'warn', build: { outDir }, preview: { port, strictPort: true, host: '127.0.0.1', open: false } });
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run', '--disable-component-update', '--disable-sync'],
  });
  mkdirSync(SHOTS, { recursive: true });
  return {
    url: `http://127.0.0.1:${port}/`,
    browser,
    async close() {
      await browser.close();
      await new Promise<void>((r) => server.httpServer.close(() => r()));
    },
  };
}

/** The app's status text ("finished", "paused"...). */
export async function status(page: Page): Promise<string> {
  return page.evaluate(() => window.__aqmlab!.store.getState().status);
}

export async function waitForStatus(page: Page, want: string | string[], timeout = 60_000): Promise<void> {
  const list = Array.isArray(want) ? want : [want];
  await page.waitForFunction((w) => w.includes(window.__aqmlab!.store.getState().status), list, { timeout, polling: 100 });
}

/** Starts the loaded scenario at the fastest speed and waits for it to finish. */
export async function runToEnd(page: Page, timeout = 60_000): Promise<void> {
  await page.evaluate(() => {
    window.__aqmlab!.controller.setSpeed('max');
    window.__aqmlab!.controller.start();
  });
  await waitForStatus(page, 'done', timeout);
}

/** Per chart: the vertices the chart reports drawing and the non-background pixels inside its plot. */
export async function chartInk(page: Page): Promise<Record<string, { points: number; ink: number }>> {
  // charts out of view are not drawn: bring each into view and let it draw a frame
  for (const sec of await page.locator('.charts section[data-chart]').all()) {
    await sec.scrollIntoViewIfNeeded();
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  }
  return page.evaluate(() => {
    const out: Record<string, { points: number; ink: number }> = {};
    for (const sec of document.querySelectorAll<HTMLElement>('.charts section[data-chart]')) {
      // a folded card (a per-flow chart of a web run) has no canvas
      const c = sec.querySelector('canvas');
      if (!c) continue;
      const ctx = c.getContext('2d')!;
      // sample the middle 60 % of the canvas (the plot, away from legend and axis labels)
      const x0 = Math.floor(c.width * 0.2);
      const y0 = Math.floor(c.height * 0.25);
      const w = Math.floor(c.width * 0.6);
      const h = Math.floor(c.height * 0.5);
      const img = ctx.getImageData(x0, y0, w, h).data;
      let ink = 0;
      for (let i = 0; i < img.length; i += 4) {
        const r = img[i];
        const g = img[i + 1];
        const b = img[i + 2];
        // coloured (not white, not the light grid grey)
        if (Math.max(r, g, b) - Math.min(r, g, b) > 40 || r + g + b < 300) ink++;
      }
      out[sec.dataset.chart!] = { points: Number(c.dataset.points ?? 0), ink };
    }
    return out;
  });
}

/** Starts the harness before a test file's tests and closes it after them; the getter returns it (once started). */
export function harnessPerFile(): () => Harness {
  let h: Harness | undefined;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h?.close();
  });
  return () => {
    if (!h) throw new Error('the e2e harness is not started yet');
    return h;
  };
}

/** A new page (its own context) on the app at `#hash`, once its scenario is loaded; `query` e.g. "?classroom=1". */
export async function openApp(h: Harness, hash: string, opts: { query?: string; width?: number; height?: number } = {}): Promise<Page> {
  const ctx = await h.browser.newContext({ viewport: { width: opts.width ?? 1366, height: opts.height ?? 900 } });
  const page = await ctx.newPage();
  page.on('pageerror', (e) => console.error('page error:', e.message));
  await page.goto(`${h.url}${opts.query ?? ''}#${hash}`);
  await page.waitForFunction(() => !!window.__aqmlab?.store.getState().scenario);
  return page;
}

/**
 * The same page in another screen and type: the viewport resized and Classroom switched with
 * its header button, as a teacher moving the lab to a projector or a student turning a tablet
 * would; then the charts have redrawn. What the page has run stays: a layout checked at several
 * sizes need not open the app and run it again for each (a grid's figure took 40 runs, about
 * 28 s, each time).
 */
export async function viewAs(page: Page, width: number, height: number, classroom: boolean): Promise<void> {
  await page.setViewportSize({ width, height });
  if ((await page.evaluate(() => window.__aqmlab!.store.getState().classroom)) !== classroom) {
    await page.getByRole('button', { name: /^Classroom (on|off)$/ }).click();
  }
  await page.waitForFunction((c) => window.__aqmlab!.store.getState().classroom === c, classroom);
  // the charts redraw at the new size and type
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
}

/**
 * The link's run length and warm-up are the scenario's, with no banner about the link. A warm-up
 * not shorter than the duration refuses the link's duration (a banner names the warm-up): a web
 * lesson's 30 s warm-up with `duration=20` left the runs at the lesson's whole 230 s.
 */
export async function expectRunLength(page: Page, duration: number, warmup: number): Promise<void> {
  const s = await page.evaluate(() => window.__aqmlab!.store.getState().scenario);
  expect({ duration: s.duration, warmup: s.warmup }).toEqual({ duration, warmup });
  expect(await page.evaluate(() => window.__aqmlab!.store.getState().banners.map((b: { title: string; lines: string[] }) => `${b.title}: ${b.lines.join('; ')}`))).toEqual([]);
}

/**
 * Close comparison stops every run of a comparison: the page is back to the `before`
 * workers it had, none starts later, and Compare can start again.
 */
/**
 * How long a test waits for workers to start or end as the page reports them: a worker busy
 * in a long slice on a loaded 2-core machine took more than expect.poll's default second to
 * be reported ended (a flake seen once in four runs), though it ends.
 */
export const WORKER_WAIT = 15_000;

/**
 * The page's own workers, once it has made its simulation worker (main.tsx makes it while
 * idle after loading, ahead of the first Play): count a comparison's workers against this.
 * Counted earlier, the prewarmed worker could appear during the comparison and pass for one
 * of its workers left running.
 */
export async function pageWorkers(page: Page): Promise<number> {
  await page.waitForFunction(() => (window.__aqmlab?.controller.workersMade ?? 0) >= 1, undefined, { timeout: WORKER_WAIT });
  await expect.poll(() => page.workers().length, { timeout: WORKER_WAIT }).toBeGreaterThanOrEqual(1);
  return page.workers().length;
}

export async function expectCloseStopsRuns(page: Page, before: number): Promise<void> {
  await page.getByRole('button', { name: 'Close comparison' }).click();
  await expect.poll(() => page.workers().length, { timeout: WORKER_WAIT }).toBe(before);
  // and none starts later
  await page.waitForTimeout(500);
  expect(page.workers().length).toBe(before);
  expect(await page.locator('.cmp-panel button.primary').isDisabled()).toBe(false);
}

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

type AxeViolation = { id: string; impact: string | null; nodes: { target: string[]; failureSummary?: string }[] };

/** axe-core's violations inside `include` (a selector), one line each; `seriousOnly`: serious or critical ones only. */
export async function axeViolations(page: Page, include: string, seriousOnly = false): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: AXE });
  const v = (await page.evaluate(async (sel) => {
    const r = await (window as unknown as { axe: { run(ctx: unknown, o: unknown): Promise<{ violations: unknown[] }> } }).axe.run({ include: [[sel]] }, { resultTypes: ['violations'] });
    return r.violations;
  }, include)) as AxeViolation[];
  return v
    .filter((x) => !seriousOnly || x.impact === 'serious' || x.impact === 'critical')
    .map((x) => `${x.id} (${x.impact}): ${x.nodes.map((n) => `${n.target.join(' ')} - ${(n.failureSummary ?? '').replace(/\s+/g, ' ')}`).join('; ')}`);
}

/** axe-core's serious or critical violations inside `include` (a selector). */
export const seriousViolations = (page: Page, include: string): Promise<string[]> => axeViolations(page, include, true);

/**
 * What the live regions (aria-live, role status/alert/log) inside the first `section` said,
 * one entry per change to a non-empty text, and the values its visible counter `counter`
 * showed, from now on: a screen reader's flood shows as many entries (the grid's figure,
 * Compare and a family over seeds speak at the start, each quarter and the end).
 */
export async function recordSpeech(page: Page, section: string, counter: string): Promise<() => Promise<{ said: string[]; counter: string[] }>> {
  await page.evaluate(
    ({ section, counter }) => {
      const log = { said: [] as string[], counter: [] as string[] };
      const last = new WeakMap<Element, string>();
      const read = () => {
        const sec = document.querySelector(section);
        if (!sec) return;
        for (const e of sec.querySelectorAll('[aria-live]:not([aria-live=off]), [role=status], [role=alert], [role=log]')) {
          const t = e.textContent?.trim() ?? '';
          if (t !== (last.get(e) ?? '') && t) log.said.push(t);
          last.set(e, t);
        }
        const c = sec.querySelector(counter)?.textContent ?? '';
        if (c !== log.counter[log.counter.length - 1]) log.counter.push(c);
      };
      new MutationObserver(read).observe(document.body, { childList: true, subtree: true, characterData: true });
      (window as unknown as { aqmSpeech: typeof log }).aqmSpeech = log;
    },
    { section, counter },
  );
  return () => page.evaluate(() => (window as unknown as { aqmSpeech: { said: string[]; counter: string[] } }).aqmSpeech);
}
