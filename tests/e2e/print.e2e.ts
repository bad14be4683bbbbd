/// <reference lib="dom" />
/**
 * Printing a run (a teacher's handout, Save as PDF): charts draw only while in view, so
 * every chart never scrolled to printed as an empty box. After a run, with nothing
 * scrolled, print media must bring every chart up to date, lay the page out for paper
 * (no run controls or editor, statements and summary kept, charts not cut across pages)
 * and give the screen back afterwards. An open comparison prints its results: its controls
 * hidden, its SVG charts and response-time canvas drawn at the paper's width, a long table
 * (the seeds table) broken between rows rather than moved whole to the next page, a short one
 * kept whole. (A grid's figure, Compare's "this figure's grid", is printed in
 * tests/e2e/grid-figure.e2e.ts, on the page where its 40 runs are already done.) The PDFs and
 * a print-media screenshot go to /tmp/shots/ to be looked at.
 */
import { writeFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { SHOTS, expectRunLength, harnessPerFile, runToEnd } from './harness';

// one part of the browser tests, run by browser.test.ts (its name filters it: -t 'print')
describe('print', () => {
  const h = harnessPerFile();

  interface CanvasState {
    chart: string;
    points: number;
    samples: number;
    /** Non-background pixels in the middle of the canvas. */
    ink: number;
  }

  /**
   * Switches the page to print media (`'print'`) or back to the screen (`null`, not 'screen':
   * an emulated screen medium would also hold for a PDF), and waits for the next rendering
   * step: the media query's change is reported there (Save as PDF reports it at once, with
   * the paper's layout in place).
   */
  async function media(page: Page, m: 'print' | null): Promise<void> {
    await page.emulateMedia({ media: m });
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  }

  /** By name, whether any element a selector finds is laid out (not display: none, not in a closed box). */
  function shown<K extends string>(page: Page, selectors: Record<K, string>): Promise<Record<K, boolean>> {
    return page.evaluate(
      (sels) =>
        Object.fromEntries(
          Object.entries(sels).map(([k, sel]) => [k, [...document.querySelectorAll<HTMLElement>(sel)].some((e) => getComputedStyle(e).display !== 'none' && e.getClientRects().length > 0)]),
        ) as Record<K, boolean>,
      selectors as Record<string, string>,
    );
  }

  /** The `break-inside` of every element a selector finds. */
  function breaks(page: Page, sel: string): Promise<string[]> {
    return page.locator(sel).evaluateAll((es) => es.map((e) => getComputedStyle(e).breakInside));
  }

  /** Per chart card on the page (folded cards have no canvas): what its canvas last drew, read without scrolling. */
  function canvases(page: Page): Promise<CanvasState[]> {
    return page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>('.charts section[data-chart]')].flatMap((sec) => {
        const c = sec.querySelector('canvas');
        if (!c) return [];
        let ink = 0;
        if (c.width > 0 && c.height > 0) {
          const img = c.getContext('2d')!.getImageData(Math.floor(c.width * 0.1), Math.floor(c.height * 0.1), Math.floor(c.width * 0.8), Math.floor(c.height * 0.8)).data;
          for (let i = 0; i < img.length; i += 4) if (img[i] + img[i + 1] + img[i + 2] < 600) ink++;
        }
        return [{ chart: sec.dataset.chart!, points: Number(c.dataset.points ?? 0), samples: Number(c.dataset.samples ?? -1), ink }];
      }),
    );
  }

  describe('printing a run', () => {
    it('draws every chart for paper, in view or not, hides the screen-only controls, and gives the screen back', async () => {
      const ctx = await h().browser.newContext({ viewport: { width: 1280, height: 800 } });
      const page = await ctx.newPage();
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await page.goto(`${h().url}#p=ecn-marks&seed=1`);
      await page.waitForFunction(() => !!window.__aqmlab?.store.getState().scenario);
      await runToEnd(page);
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      const total = await page.evaluate(() => window.__aqmlab!.store.series.length);
      expect(total).toBeGreaterThan(100);
      // the case printing has to deal with: charts below the fold that never drew the run
      const onScreen = await canvases(page);
      expect(onScreen.length).toBeGreaterThanOrEqual(5);
      expect(onScreen.filter((c) => c.samples !== total).map((c) => c.chart), 'some chart should be out of view and not drawn').not.toEqual([]);
      // a reader folded the lesson's statements: paper shows them anyway
      await page.locator('details.claims > summary').click();
      expect(await page.locator('details.claims').evaluate((d) => (d as HTMLDetailsElement).open)).toBe(false);

      await media(page, 'print');
      const printed = await canvases(page);
      for (const c of printed) {
        expect(c.samples, `${c.chart} drawn with the whole run`).toBe(total);
        expect(c.points, `${c.chart} drew something`).toBeGreaterThan(0);
        expect(c.ink, `${c.chart} has ink on its canvas`).toBeGreaterThan(0);
      }
      const layout = await shown(page, { transport: '.transport', side: '.side', cardTools: '.card-tools', lessonText: '.lesson-text', summary: '.summary .stats' });
      const paper = await page.evaluate(() => ({
        claimsOpen: document.querySelector<HTMLDetailsElement>('details.claims')!.open,
        ticks: [...document.querySelectorAll('.claim-mark')].map((m) => m.textContent),
        source: document.querySelector('.print-source')?.textContent ?? '',
        // what the page says about its ☆ buttons, which paper does not have
        stars: [...document.querySelectorAll<HTMLElement>('.summary *')].filter((e) => e.getClientRects().length > 0 && [...e.childNodes].some((n) => n.nodeType === 3 && /[☆★]/.test(n.textContent ?? ''))).map((e) => e.textContent),
        background: getComputedStyle(document.body).backgroundColor,
      }));
      expect(layout.transport, 'run controls hidden on paper').toBe(false);
      expect(layout.side, 'editor and inspector hidden on paper').toBe(false);
      expect(layout.cardTools, 'export and full-screen buttons hidden on paper').toBe(false);
      expect(paper.stars, 'no ☆ button, nor the line saying what it does, on paper').toEqual([]);
      expect(layout.lessonText).toBe(true);
      expect(paper.claimsOpen, 'folded statements opened for paper').toBe(true);
      expect(paper.ticks.length).toBeGreaterThan(0);
      expect(paper.ticks.every((t) => t === '✓' || t === '✗')).toBe(true);
      expect(layout.summary).toBe(true);
      expect(paper.source).toMatch(/Seed 1\. Run it again: http:\/\/.*#p=ecn-marks/);
      expect((await breaks(page, '.chart-card')).every((b) => b === 'avoid')).toBe(true);
      expect(paper.background).toBe('rgb(255, 255, 255)');
      await page.screenshot({ path: `${SHOTS}/e2e-print-media.png`, fullPage: true });

      // back on screen: the statements fold again as the reader left them, the page keeps working
      await media(page, null);
      expect(await page.locator('details.claims').evaluate((d) => (d as HTMLDetailsElement).open)).toBe(false);
      expect(await page.locator('.transport').isVisible()).toBe(true);

      // the real thing: Chromium's Save as PDF, which lays the page out at the paper's width;
      // what the canvases hold when printing ends (the screen's redraw waits for a frame)
      await page.evaluate(() => {
        const w = window as unknown as { printedCanvases?: { chart: string; samples: number; cssWidth: number }[] };
        window.addEventListener(
          'afterprint',
          () => {
            w.printedCanvases = [...document.querySelectorAll<HTMLElement>('.charts section[data-chart]')].flatMap((sec) => {
              const c = sec.querySelector('canvas');
              return c ? [{ chart: sec.dataset.chart!, samples: Number(c.dataset.samples ?? -1), cssWidth: parseFloat(c.style.width) }] : [];
            });
          },
          { once: true },
        );
      });
      const pdf = await page.pdf({ format: 'A4', printBackground: true });
      writeFileSync(`${SHOTS}/e2e-print.pdf`, pdf);
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
      const onPaper = await page.evaluate(() => (window as unknown as { printedCanvases?: { chart: string; samples: number; cssWidth: number }[] }).printedCanvases ?? []);
      expect(onPaper.length).toBe(printed.length);
      // A4 is 794 CSS px wide, less its margins: every chart drawn at the paper's width, not the screen's
      for (const c of onPaper) {
        expect(c.samples, `${c.chart} on paper`).toBe(total);
        expect(c.cssWidth, `${c.chart} drawn for the paper's width`).toBeLessThan(794);
      }
      expect(errors).toEqual([]);
      await ctx.close();
    });

    it('a drop-tail lesson of ten flows: no empty AQM box on paper, and the per-flow charts drawn for a printer without colour', async () => {
      const ctx = await h().browser.newContext({ viewport: { width: 1280, height: 800 } });
      const page = await ctx.newPage();
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await page.goto(`${h().url}#p=rtt-unfair&seed=1`);
      await page.waitForFunction(() => !!window.__aqmlab?.store.getState().scenario);
      await runToEnd(page);
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      const aqm = page.locator('section[data-chart=aqm]');
      // on screen the AQM card keeps its plot and the note drawn in it
      expect(await aqm.locator('canvas').isVisible()).toBe(true);
      expect(await aqm.locator('.chart-paper-note').isVisible()).toBe(false);

      await media(page, 'print');
      // on paper: the card's title and the note as one line, no box of empty axes
      expect((await shown(page, { plot: 'section[data-chart=aqm] .chart-canvas-wrap' })).plot, 'the empty AQM plot left out on paper').toBe(false);
      expect(await aqm.locator('.chart-paper-note').isVisible()).toBe(true);
      expect(await aqm.locator('.chart-paper-note').textContent()).toBe('Drop-tail has no drop probability: it drops only when full.');
      const aqmHeight = (await aqm.boundingBox())!.height;
      expect(aqmHeight, 'one line, not a chart').toBeLessThan(60);
      // the per-flow charts drawn for paper (dashes and line-end numbers, tests/unit/ui/charts/paper-lines.test.ts)
      const drawnFor = () => page.evaluate(() => Object.fromEntries(['cwnd', 'throughput', 'progress'].map((id) => [id, document.querySelector<HTMLCanvasElement>(`section[data-chart=${id}] canvas`)?.dataset.drawnFor ?? ''])));
      expect(await drawnFor()).toEqual({ cwnd: 'paper', throughput: 'paper', progress: 'paper' });
      const pdf = await page.pdf({ format: 'A4', printBackground: true });
      writeFileSync(`${SHOTS}/e2e-print-droptail.pdf`, pdf);

      // back on screen: the AQM card's plot is back, and the charts in view are drawn in colour again
      await media(page, null);
      expect(await aqm.locator('canvas').isVisible()).toBe(true);
      await page.locator('section[data-chart=cwnd]').scrollIntoViewIfNeeded();
      await page.waitForFunction(() => document.querySelector<HTMLCanvasElement>('section[data-chart=cwnd] canvas')?.dataset.drawnFor === 'screen');
      expect(errors).toEqual([]);
      await ctx.close();
    });

    /** What the comparison's charts hold on paper. */
    interface PrintedChart {
      kind: 'svg' | 'canvas';
      title: string;
      /** Drawn width (the SVG's width attribute, the canvas's CSS width) and the room it had. */
      width: number;
      room: number;
      points: number;
    }

    it('an open comparison prints its charts and table for paper, not its controls', async () => {
      const ctx = await h().browser.newContext({ viewport: { width: 1280, height: 800 } });
      const page = await ctx.newPage();
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      // web traffic: the queue and the response times (a canvas); 2 seeds: the table of means
      // a warm-up shorter than the lesson's 30 s, or the link's 12 s would be refused and each run last 230 s
      await page.goto(`${h().url}#p=web-redecn5-80&duration=12&warmup=2&seed=1`);
      await page.waitForFunction(() => !!window.__aqmlab?.store.getState().scenario);
      await expectRunLength(page, 12, 2);
      // the page's height on paper when printing starts, before the charts' own listeners
      // (registered later, when they mount) redraw them: the pages are counted from this
      // layout, so what grows after it falls off the last page
      await page.evaluate(() => {
        const w = window as unknown as { paperStart?: number; recordPaper?: boolean };
        window.matchMedia('print').addEventListener('change', (e) => {
          if (e.matches && w.recordPaper && w.paperStart === undefined) w.paperStart = document.body.getBoundingClientRect().height;
        });
      });
      await page.locator('details.slot-compare > summary').click();
      await page.locator('.cmp-panel select.cmp-choice').selectOption({ label: 'the same with a drop-tail queue' });
      await page.getByLabel('Repeat each run over').selectOption('2');
      await page.locator('.cmp-panel button.primary').click();
      await page.locator('[data-testid=seed-table]').first().waitFor({ timeout: 180_000 });
      const charts = page.locator('.cmp .cmp-chart-wrap > svg');
      expect(await charts.count()).toBeGreaterThan(0);
      expect(await page.locator('.cmp-response canvas').count()).toBe(1);

      await media(page, 'print');
      // the handout's link opens the comparison too (Compare set the address after the page drew it)
      const source = (await page.locator('.print-source').textContent()) ?? '';
      expect(source).toMatch(/Run it again: http:\/\/\S*\?\S*seeds=2\S*#p=web-redecn5-80/);
      expect(source).toContain(new URL(page.url()).search);
      const layout = await shown(page, {
        controls: '.cmp-panel-controls',
        seedsHelp: '.cmp-seed-help',
        toggles: '.cmp-layout',
        buttons: '.cmp button',
        hint: '.cmp-hint',
        runs: '.cmp-head',
        table: '[data-testid=seed-table]',
        rule: '[data-testid=spread-rule]',
        charts: '.cmp-chart-wrap > svg',
        response: '.cmp-response canvas',
        exports: '.cmp .export-menu',
        ownCharts: '.layout .charts',
        summary: '.summary',
        unplayed: '.print-unplayed',
      });
      const rowBreaks = await breaks(page, '.cmp-table tr');
      const chartBreaks = await breaks(page, '.cmp-chart, .cmp-response');
      expect(layout.controls, 'the choice, seeds and Compare hidden on paper').toBe(false);
      expect(layout.seedsHelp, 'the seeds control’s help hidden on paper').toBe(false);
      expect(layout.toggles, 'view toggles hidden on paper').toBe(false);
      expect(layout.buttons, 'no button of the comparison on paper').toBe(false);
      expect(layout.hint, '“point at the chart” hidden on paper').toBe(false);
      expect(layout.exports, 'no Export menu of the comparison on paper').toBe(false);
      // the lesson's own run was never played: its charts would be pages of empty axes
      expect(layout.ownCharts, 'the unplayed run’s charts left out').toBe(false);
      expect(layout.summary, 'the unplayed run’s empty summary left out').toBe(false);
      expect(layout.unplayed, 'a line says why they are left out').toBe(true);
      expect(layout.runs).toBe(true);
      expect(layout.table).toBe(true);
      expect(layout.rule).toBe(true);
      expect(layout.charts).toBe(true);
      expect(layout.response).toBe(true);
      expect(rowBreaks.every((b) => b === 'avoid')).toBe(true);
      expect(chartBreaks.length).toBeGreaterThan(0);
      expect(chartBreaks.every((b) => b === 'avoid')).toBe(true);
      await page.locator('.slot-compare').screenshot({ path: `${SHOTS}/e2e-print-compare-media.png` });
      await media(page, null);
      expect(await page.locator('.cmp-panel-controls').isVisible()).toBe(true);
      expect(await page.locator('.layout .charts').isVisible()).toBe(true);

      // Save as PDF at A4: every chart of the comparison drawn again for the paper's width as
      // printing starts, read once the charts' listeners (registered before this one) have run
      await page.evaluate(() => {
        const w = window as unknown as { printedCompare?: PrintedChart[]; recordPaper?: boolean; paperEnd?: number; seedTable?: { height: number; breakInside: string; rows: string[]; head: string } };
        w.recordPaper = true;
        const media = window.matchMedia('print');
        const end = (e: MediaQueryListEvent) => {
          if (!e.matches) return;
          media.removeEventListener('change', end);
          w.paperEnd = document.body.getBoundingClientRect().height;
          const t = document.querySelector<HTMLElement>('[data-testid=seed-table]')!;
          w.seedTable = { height: t.getBoundingClientRect().height, breakInside: getComputedStyle(t).breakInside, rows: [...t.querySelectorAll('tr')].map((r) => getComputedStyle(r).breakInside), head: getComputedStyle(t.querySelector('thead')!).display };
          const room = (e: Element) => e.parentElement!.getBoundingClientRect().width;
          w.printedCompare = [
            ...[...document.querySelectorAll<SVGSVGElement>('.cmp-chart-wrap > svg')].map((s) => ({ kind: 'svg' as const, title: s.closest('figure')?.querySelector('figcaption')?.textContent ?? '', width: Number(s.getAttribute('width')), room: room(s), points: Number(s.dataset.points ?? 0) })),
            ...[...document.querySelectorAll<HTMLCanvasElement>('.cmp-response canvas')].map((c) => ({ kind: 'canvas' as const, title: 'response times', width: parseFloat(c.style.width), room: room(c), points: Number(c.dataset.points ?? 0) })),
          ];
        };
        media.addEventListener('change', end);
      });
      const pdf = await page.pdf({ format: 'A4', printBackground: true });
      writeFileSync(`${SHOTS}/e2e-print-compare.pdf`, pdf);
      const onPaper = await page.evaluate(() => (window as unknown as { printedCompare?: PrintedChart[] }).printedCompare ?? []);
      const paper = await page.evaluate(() => {
        const w = window as unknown as { paperStart?: number; paperEnd?: number };
        return { start: w.paperStart, end: w.paperEnd };
      });
      expect(paper.start, 'print media started').toBeGreaterThan(0);
      // redrawn for the paper, the comparison is no taller than when its pages were counted
      // (a canvas that grew in its redraw pushed the table's end off the last page)
      expect(paper.end, `page height ${paper.start} px when printing started`).toBeLessThanOrEqual(paper.start! + 1);
      // the seeds table of 15 metrics is most of a page: moved whole to the next page it left
      // half a page blank, so it breaks between rows (each row whole, the head on every page)
      const seedTable = await page.evaluate(() => (window as unknown as { seedTable?: { height: number; breakInside: string; rows: string[]; head: string } }).seedTable);
      expect(seedTable!.height, 'the seeds table is long on paper').toBeGreaterThan(400);
      expect(seedTable!.breakInside, 'a long table breaks between rows').toBe('auto');
      expect(seedTable!.rows.every((b) => b === 'avoid')).toBe(true);
      expect(seedTable!.head).toBe('table-header-group');
      expect(onPaper.filter((c) => c.kind === 'svg').length).toBe(await charts.count());
      expect(onPaper.filter((c) => c.kind === 'canvas').length).toBe(1);
      for (const c of onPaper) {
        expect(c.points, `${c.title} drew something`).toBeGreaterThan(0);
        // A4 is 794 CSS px wide, less its margins: drawn at the paper's width, not the screen's
        expect(c.width, `${c.title} drawn for the paper's width`).toBeLessThan(794);
        expect(c.width, `${c.title} fits its room on paper`).toBeLessThanOrEqual(Math.ceil(c.room));
      }
      expect(errors).toEqual([]);
      await ctx.close();
    });
  });
});
