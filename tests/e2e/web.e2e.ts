import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runScenario, type EngineScenario } from '../../src/engine/sim-run';
import { baselineScenario } from '../../src/engine/traffic/calibrate';
import { SHOTS, expectRunLength, seriousViolations, startHarness, waitForStatus, type Harness, runToEnd } from './harness';

// one part of the browser tests, run by browser.test.ts (its name filters it: -t 'web')
describe('web', () => {
  /**
   * The response-time chart of web traffic: it appears for a web scenario, grows while the
   * run goes, shows the uncongested baseline beside it, reads off values under the pointer,
   * and its counters agree with the summary.
   */
  describe('web traffic in the browser', () => {
    let h: Harness;
    let page: Page;
    beforeAll(async () => {
      h = await startHarness();
      page = await h.browser.newPage({ viewport: { width: 1400, height: 1000 } });
    }, 180_000);
    afterAll(async () => {
      await h?.close();
    });

    it('the CDF grows live beside the baseline, hover reads it off, counters match the summary, which names no empty flow table', async () => {
      await page.goto(`${h.url}#p=web-dt148-80&duration=60&warmup=10`);
      await page.waitForSelector('.chart-response canvas');
      // (a warm-up of the lesson's 30 s or more would refuse the link's duration: the run would last 230 s)
      await expectRunLength(page, 60, 10);
      await page.evaluate(() => {
        window.__aqmlab!.controller.setSpeed('max');
        window.__aqmlab!.controller.start();
      });
      // while running: some exchanges drawn already
      await page.waitForFunction(() => Number(document.querySelector<HTMLCanvasElement>('.chart-response canvas')!.dataset.exchanges ?? 0) > 200, undefined, { timeout: 120_000, polling: 200 });
      const mid = await page.evaluate(() => Number(document.querySelector<HTMLCanvasElement>('.chart-response canvas')!.dataset.exchanges));
      await page.locator('.chart-response').screenshot({ path: `${SHOTS}/e2e-web-running.png` });
      await waitForStatus(page, 'done', 180_000);
      const c = page.locator('.chart-response canvas');
      await c.scrollIntoViewIfNeeded();
      const box = (await c.boundingBox())!;
      await page.mouse.move(box.x + box.width * 0.35, box.y + box.height * 0.5);
      await page.waitForFunction(() => /within .*this run: [\d.]+ %.*uncongested .*: [\d.]+ %/.test(document.querySelector('.chart-response .response-readout')!.textContent ?? ''), undefined, { timeout: 10_000 });
      // the baseline (run in a worker of its own, its exchanges shown by the run's clock) is
      // exactly the uncongested run of the same calibrated workload, as Node runs it; its last
      // exchanges may come after the run ends (on a busy machine, seconds after), so wait for all
      const scenario = await page.evaluate(() => window.__aqmlab!.store.getState().scenario);
      const calibration = await page.evaluate(() => window.__aqmlab!.store.getState().summary!.web!.calibration);
      const base = runScenario(baselineScenario(scenario as EngineScenario, calibration)).summary.web!;
      await page
        .waitForFunction((n) => Number(document.querySelector<HTMLCanvasElement>('.chart-response canvas')!.dataset.baseline) === n, base.exchanges, { timeout: 60_000, polling: 100 })
        .catch(async () => {
          const shown = await page.evaluate(() => document.querySelector<HTMLCanvasElement>('.chart-response canvas')!.dataset.baseline);
          throw new Error(`the baseline drawn stayed at ${shown} exchanges; the uncongested run in Node has ${base.exchanges}`);
        });
      const final = await page.evaluate(() => ({
        drawn: Number(document.querySelector<HTMLCanvasElement>('.chart-response canvas')!.dataset.exchanges),
        baseline: Number(document.querySelector<HTMLCanvasElement>('.chart-response canvas')!.dataset.baseline),
        counters: document.querySelector('.chart-response .response-counters')!.textContent ?? '',
        web: window.__aqmlab!.store.getState().summary.web,
      }));
      await page.locator('.chart-response').screenshot({ path: `${SHOTS}/e2e-web-done.png` });
      // two-way traffic: the topology shows both queues, the queue chart draws the reverse queue too
      await page.locator('.charts section[data-chart=topology]').screenshot({ path: `${SHOTS}/e2e-web-topology.png` });
      await page.locator('.charts section[data-chart=queue]').screenshot({ path: `${SHOTS}/e2e-web-queue.png` });
      const legendText = await page.locator('.charts section[data-chart=queue] canvas').getAttribute('aria-label');
      expect(legendText).toBeTruthy();
      expect(final.drawn).toBeGreaterThan(mid);
      // every counted exchange of the run is in the chart, and the counters say the summary's numbers
      expect(final.drawn).toBe(final.web.exchanges);
      expect(final.baseline).toBeGreaterThan(0.9 * final.drawn);
      expect(final.baseline).toBe(base.exchanges);
      expect(final.counters).toContain(`${final.web.exchanges.toLocaleString('en-US')} completed`);
      expect(final.counters).toMatch(/80\s%\sload\s=\s[\d.]+\sconnections\/s per direction/);
      // web traffic has no long-lived flows: the summary says where its exchanges are instead of an empty per-flow table
      await expect.poll(() => page.getByTestId('summary-no-flows').innerText()).toContain('No long-lived flows: see Response times');
      expect(await page.locator('.summary table.flows').count()).toBe(0);
      // and what its queue dropped and marked by packet kind, the SYN-ACKs' share as summary byKind gives it
      const synack = await page.evaluate(() => window.__aqmlab!.store.getState().summary!.bottleneck.byKind!.synack);
      expect(synack.arrivals).toBeGreaterThan(100);
      expect(await page.getByTestId('summary-kinds').innerText()).toContain(`SYN\u2011ACK ${((100 * synack.drops) / synack.arrivals).toFixed(2)} % dropped (of ${synack.arrivals.toLocaleString('en-US')})`);
      // CCDF view draws too
      await page.getByRole('button', { name: 'CCDF' }).click();
      await page.locator('.chart-response').screenshot({ path: `${SHOTS}/e2e-web-ccdf.png` });
      const pts = await page.evaluate(() => Number(document.querySelector<HTMLCanvasElement>('.chart-response canvas')!.dataset.points));
      expect(pts).toBeGreaterThan(50);
      // like every chart, it exports: the distributions as CSV/JSON, the figure as PNG/SVG with its caption
      const fetchDownload = async (kind: string): Promise<{ name: string; bytes: Buffer }> => {
        const menu = page.locator('.chart-response details.export-menu');
        if (!(await menu.evaluate((e: HTMLDetailsElement) => e.open))) await menu.locator('summary').click();
        const [dl] = await Promise.all([page.waitForEvent('download'), menu.getByRole('button', { name: kind }).click()]);
        const path = await dl.path();
        return { name: dl.suggestedFilename(), bytes: readFileSync(path!) };
      };
      const csv = await fetchDownload('CSV data');
      // the lesson over a shorter window (duration, warmup): named apart from the lesson as it is
      expect(csv.name).toMatch(/^aqm-lab-web-dt148-80-edited-[0-9a-f]{6}-response-times\.csv$/);
      const lines = csv.bytes.toString('utf8').trimEnd().split('\n');
      expect(lines[0].split(',').slice(0, 3)).toEqual(['upper_s', 'run_count', 'run_cdf']);
      const rows = lines.slice(1).map((l) => l.split(',').map(Number));
      expect(rows.reduce((a, r) => a + r[1], 0)).toBe(final.web.exchanges);
      expect(rows.at(-1)![2]).toBe(1);
      const json = JSON.parse((await fetchDownload('JSON data')).bytes.toString('utf8'));
      expect(json.run.all.n).toBe(final.web.exchanges);
      expect(json.scenario.seed).toBe(scenario.seed);
      const svg = (await fetchDownload('SVG image')).bytes.toString('utf8');
      expect(svg).toContain('<title>Response times, CCDF</title>');
      expect(svg).toContain(`lesson web-dt148-80 · seed ${scenario.seed}`);
      const png = (await fetchDownload('PNG image')).bytes;
      expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
      expect(png.readUInt32BE(16)).toBeGreaterThanOrEqual(1280);
      // and opens full screen like the others; Escape closes it
      await page.getByRole('button', { name: 'Show Response times full screen' }).click();
      const dialog = page.getByRole('dialog', { name: 'Response times, full screen' });
      await dialog.waitFor();
      await page.waitForFunction(() => Number(document.querySelector<HTMLCanvasElement>('.fullscreen .chart-response canvas')?.dataset.points ?? 0) > 50, undefined, { timeout: 10_000 });
      // on the view the page shows (CCDF, chosen above)
      expect(await dialog.getByRole('button', { name: 'CCDF' }).getAttribute('aria-pressed')).toBe('true');
      const fw = (await dialog.locator('canvas').boundingBox())!.width;
      expect(fw).toBeGreaterThan(box.width * 1.2);
      await page.screenshot({ path: `${SHOTS}/e2e-web-fullscreen.png` });
      await page.keyboard.press('Escape');
      await expect.poll(() => dialog.count()).toBe(0);
      // the per-flow charts have nothing to draw for web traffic: folded to their title and where
      // the data is (no empty canvas, no export); the throughput chart draws (and exports) the utilization
      for (const id of ['cwnd', 'progress']) {
        const card = page.locator(`.charts section[data-chart=${id}]`);
        expect(await card.getAttribute('data-folded'), id).toBe('');
        expect(await card.innerText(), id).toContain('No long-lived flows: see Response times');
        expect(await card.locator('canvas').count(), id).toBe(0);
        expect((await card.boundingBox())!.height, id).toBeLessThan(120);
        if (id === 'cwnd') await card.screenshot({ path: `${SHOTS}/e2e-web-cwnd-folded.png` });
      }
      const card = page.locator('.charts section[data-chart=throughput]');
      await card.scrollIntoViewIfNeeded();
      await card.getByText('Export', { exact: true }).click();
      const csvItem = card.getByRole('button', { name: 'CSV data' });
      await card.getByTestId('export-note').waitFor({ state: 'detached' });
      expect(await csvItem.isDisabled()).toBe(false);
      const [dl] = await Promise.all([page.waitForEvent('download'), csvItem.click()]);
      expect(readFileSync((await dl.path())!, 'utf8').split('\n')[0]).toMatch(/^t,util,util\.avg/);
    });

    it('the compare view overlays the response-time CDFs of drop-tail and RED + ECN with the baseline', async () => {
      await page.locator('details.slot-compare > summary').click();
      const select = page.locator('.cmp-panel select.cmp-choice');
      await select.scrollIntoViewIfNeeded();
      await select.selectOption('v:red-ecn');
      await page.locator('.cmp-panel button.primary').click();
      const chart = page.locator('[data-testid=compare-response] canvas');
      await chart.waitFor({ timeout: 240_000 });
      await chart.scrollIntoViewIfNeeded();
      // the view is the page's (?rt=): the test before switched the run's chart to CCDF, and
      // Compare's chart opens on it too; back to the CDF, read here as "within"
      expect(page.url()).toContain('rt=ccdf');
      await page.locator('[data-testid=compare-response]').getByRole('button', { name: 'CDF', exact: true }).click();
      const box = (await chart.boundingBox())!;
      await page.mouse.move(box.x + box.width * 0.3, box.y + box.height * 0.5);
      await page.waitForFunction(() => /within .*: [\d.]+ %.*: [\d.]+ %.*uncongested: [\d.]+ %/.test(document.querySelector('[data-testid=compare-response] .cmp-legend-line')?.textContent ?? ''), undefined, { timeout: 10_000 });
      await page.locator('[data-testid=compare-response]').screenshot({ path: `${SHOTS}/e2e-web-compare.png` });
      const pts = await chart.evaluate((c) => Number((c as HTMLCanvasElement).dataset.points));
      expect(pts).toBeGreaterThan(100);
      // the view shown (CDF or CCDF, all or > 50 KB) is visible on its buttons, as on the live chart
      const look = () =>
        page.locator('[data-testid=compare-response] .cmp-layout button').evaluateAll((bs) => bs.map((b) => { const cs = getComputedStyle(b); return `${cs.fontWeight}|${cs.outlineStyle}`; }));
      const [cdf, ccdf] = await look();
      expect(cdf).not.toBe(ccdf);
      await page.locator('[data-testid=compare-response]').getByRole('button', { name: 'CCDF' }).click();
      const after = await look();
      expect(after[1]).toBe(cdf);
      expect(after[0]).toBe(ccdf);
      // web traffic alone has no cwnd to compare: no empty "Congestion window per flow" heading
      expect(await page.locator('.cmp-h', { hasText: 'Congestion window per flow' }).count()).toBe(0);
    });

    it('a run that stops after a number of exchanges shows its progress in exchanges (seeds/000: 250,000 after the warm-up)', async () => {
      await page.goto(`${h.url}#p=web-dt148-80&warmup=5&stopAfterExchanges=3000`);
      await page.waitForSelector('.chart-response canvas');
      await page.evaluate(() => {
        window.__aqmlab!.controller.setSpeed(2);
        window.__aqmlab!.controller.start();
      });
      const bar = page.locator('.transport [role=progressbar]');
      // mid-run: the bar follows the exchanges, not the 230 s duration the run will not reach
      await page.waitForFunction(() => /[\d,]+ of 3,000 exchanges/.test(document.querySelector('[data-testid=sim-time]')!.textContent ?? '') && (window.__aqmlab!.store.getState().summary?.web?.exchanges ?? 0) > 600, undefined, { timeout: 60_000, polling: 100 });
      const mid = await page.evaluate(() => ({ frac: Number(document.querySelector('.transport [role=progressbar]')!.getAttribute('aria-valuenow')), done: window.__aqmlab!.store.getState().summary.web.exchanges as number, now: window.__aqmlab!.store.getState().now as number }));
      expect(mid.frac).toBeGreaterThanOrEqual(mid.done / 3000 - 0.05);
      expect(mid.frac).toBeGreaterThan(2 * (mid.now / 230));
      await page.evaluate(() => window.__aqmlab!.controller.setSpeed('max'));
      await waitForStatus(page, 'done', 60_000);
      expect(await page.locator('[data-testid=sim-time]').textContent()).toContain('3,000 of 3,000 exchanges');
      expect(Number(await bar.getAttribute('aria-valuenow'))).toBe(1);
    });

    it("a lesson family's response times overlaid: the lessons ticked run with one baseline, and each row is its lesson's own run", async () => {
      await page.goto(`${h.url}#p=web-dt148-80`);
      await page.waitForSelector('.chart-response canvas');
      if ((await page.locator('details.slot-compare').getAttribute('open')) === null) await page.locator('details.slot-compare > summary').click();
      await page.locator('.cmp-panel select.cmp-choice').selectOption('f:family');
      const boxes = page.locator('.cmp-family input[type=checkbox]');
      // the seeds/000 lessons at 80 % (queues, SACK, ECN) and the load grid's at 80 %
      expect(await boxes.count()).toBeGreaterThanOrEqual(6);
      const labels = (await page.locator('.cmp-family label').allInnerTexts()).map((l) => l.trim());
      expect(labels[0]).toBe('Web traffic at 80 % load, drop-tail (seeds/000) (the current scenario)');
      expect(labels).toContain('Web traffic at 80 % load, drop-tail, SACK (seeds/000)');
      // keep two: the current drop-tail and ARED + ECN with a 5 ms target
      for (let i = 0; i < (await boxes.count()); i++) {
        const want = i === 0 || labels[i] === 'Web traffic at 80 % load, adaptive RED + ECN with a 5 ms target (seeds/000)';
        if ((await boxes.nth(i).isChecked()) !== want) await boxes.nth(i).setChecked(want);
      }
      await page.locator('.cmp-panel button.primary').click();
      const table = page.locator('[data-testid=family-table]');
      await page.waitForFunction(() => document.querySelectorAll('[data-testid=family-table] tbody tr').length === 2 && document.querySelectorAll('.cmp-progress').length === 3 && [...document.querySelectorAll('.cmp-progress')].every((e) => /done/.test(e.textContent ?? '')), undefined, { timeout: 240_000, polling: 250 });
      const rows = (await table.locator('tbody tr').allInnerTexts()).map((r) => r.split('\t').map((c) => c.trim()));
      expect(rows.map((r) => r[0])).toEqual(['drop-tail', 'adaptive RED + ECN with a 5 ms target']);
      // the chart: two runs and the baseline
      const chart = page.locator('[data-testid=compare-response] canvas');
      await chart.scrollIntoViewIfNeeded();
      const box = (await chart.boundingBox())!;
      await page.mouse.move(box.x + box.width * 0.2, box.y + box.height * 0.5);
      await page.waitForFunction(() => /drop-tail: [\d.]+ %.*5 ms target: [\d.]+ %.*uncongested: [\d.]+ %/.test(document.querySelector('[data-testid=compare-response] .cmp-legend-line')?.textContent ?? ''), undefined, { timeout: 10_000 });
      await page.locator('[data-testid=compare-response]').screenshot({ path: `${SHOTS}/e2e-web-family.png` });
      // the first row is the lesson itself: the same numbers as running it in the main view
      await runToEnd(page, 120_000);
      const s = await page.evaluate(() => window.__aqmlab!.store.getState().summary);
      // columns: lesson, loss, utilization, mean queue, exchanges, % with a drop, % within 200 ms, 500 ms, 1 s, 2 s
      expect(rows[0][1]).toBe((100 * s.bottleneck.lossRate).toFixed(2));
      expect(rows[0][3]).toBe(s.bottleneck.meanQueuePackets.toFixed(1));
      expect(rows[0][4]).toBe(s.web.exchanges.toLocaleString('en-US'));
      expect(rows[0][5]).toBe((100 * s.web.flowsWithLoss).toFixed(1));
      expect(rows[0][7]).toBe((100 * s.web.cdf.find(([x]: [number, number]) => x === 0.5)[1]).toFixed(1));
      // seeds/000's finding in the table: ARED + ECN (5 ms) ahead within 200 ms, behind within 2 s, with a shorter queue
      expect(Number(rows[1][6])).toBeGreaterThan(Number(rows[0][6]));
      expect(Number(rows[1][9])).toBeLessThan(Number(rows[0][9]));
      expect(Number(rows[1][3])).toBeLessThan(Number(rows[0][3]));
      // another lesson closes the comparison (it was of the web lessons, not of this one) and stops its runs
      await page.locator('.lesson-menu select').selectOption('default');
      await page.waitForFunction(() => window.__aqmlab!.store.getState().presetName === 'default');
      await expect.poll(() => page.locator('[data-testid=family-table]').count()).toBe(0);
      expect(await page.locator('.cmp-panel').getByRole('button', { name: 'Close comparison' }).count()).toBe(0);
    });

    it('a load is calibrated once per browser: it shows each calibration run, and the next run, even after a reload, takes it from localStorage', async () => {
      const p = await h.browser.newPage({ viewport: { width: 1400, height: 1000 } });
      // a load no other test asks for, on a short run (the calibration runs as long as the run)
      const hash = '#p=web-dt148-80&duration=12&warmup=2&traffic.0.load=0.37';
      const run = async () => {
        await p.goto(`${h.url}${hash}`);
        await p.waitForSelector('.chart-response canvas');
        await expectRunLength(p, 12, 2);
        await runToEnd(p, 120_000);
        return p.evaluate(() => window.__aqmlab!.store.getState().summary.web.calibration[0]);
      };
      const seen: string[] = [];
      await p.exposeFunction('noteCalibrating', (t: string) => seen.push(t));
      await p.addInitScript(() => {
        const tick = () => {
          const t = document.querySelector('[data-testid=response-counters]')?.textContent ?? '';
          if (t.startsWith('Before the run')) (window as unknown as { noteCalibrating: (t: string) => void }).noteCalibrating(t);
          requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      });
      const first = await run();
      expect(first.runs).toBeGreaterThan(0);
      expect(seen.some((t) => /finding which connection rate per direction offers 37\s%\sload.*calibration run 1 of at most 4/.test(t))).toBe(true);
      seen.length = 0;
      const second = await run(); // a reload: a new page, a new worker
      expect(second.runs).toBe(0);
      expect(second.value).toBe(first.value);
      expect(seen).toEqual([]);
      await p.close();
    });

    it("a seeds/000 lesson runs at the paper's scale in one click: the estimate first, a readable link, still the lesson (its statements checked on that run)", async () => {
      const ctx = await h.browser.newContext({ viewport: { width: 1366, height: 768 } });
      const p = await ctx.newPage();
      await p.goto(`${h.url}#p=web-red5-80`);
      const row = p.getByTestId('paper-scale');
      const button = row.getByRole('button', { name: "Run at the paper's scale" });
      await button.waitFor({ timeout: 60_000 });
      // what it runs and how long that takes here, before the click (the estimate's nominal pace: no run measured yet):
      // the first click calibrates the load at that window (none is shipped for it) and runs the compared lessons too
      // (it said "about 5 s here", the run alone, for 52 s + 14 s measured)
      const said = await row.innerText();
      expect(said).toMatch(/A 120 s warm-up, then 250,000 exchanges, as seeds\/000 §5\.4, at max speed \(about \d+ s here at most: about \d+ s at most calibrating the load for this window \(4 runs at most, once in this browser\); about \d+ s for the run(; about \d+ s for the (lesson|\d+ lessons) it is compared with)?\)/);
      const [whole, ...parts] = [...said.matchAll(/about (\d+) s/g)].map((m) => Number(m[1]));
      expect(whole).toBeGreaterThanOrEqual(parts.reduce((a, b) => a + b, 0) - parts.length);
      expect(await seriousViolations(p, '.lesson-text')).toEqual([]);
      await row.screenshot({ path: `${SHOTS}/e2e-web-paper-scale.png` });
      await button.click();
      await p.waitForFunction(() => location.hash.includes('stopAfterExchanges'), undefined, { timeout: 60_000 });
      expect(await p.evaluate(() => location.hash)).toBe('#p=web-red5-80&duration=null&stopAfterExchanges=250000&warmup=120&seed=3');
      expect(await p.evaluate(() => window.__aqmlab!.store.getState().speed)).toBe('max');
      expect(await row.innerText()).toBe("Running at the paper's scale: a 120 s warm-up, then 250,000 exchanges, as seeds/000 §5.4.");
      // the statements are the lesson's, on this run: not "your scenario differs from the lesson"
      await expect.poll(() => p.getByTestId('claims-paper-scale').innerText(), { timeout: 60_000 }).toContain("This run is the lesson at the paper's scale");
      expect(await p.getByTestId('claims').innerText()).not.toContain('differs from the lesson');
      // the whole run takes 10-45 s here: not waited for (tests/golden/web-seeds000-paper-scale.test.ts checks its findings)
      await p.evaluate(() => window.__aqmlab!.controller.reset());
      await p.getByRole('button', { name: 'Back to the lesson as it is' }).click();
      await button.waitFor({ timeout: 60_000 });
      expect(await p.evaluate(() => location.hash)).toMatch(/^#p=web-red5-80(&seed=3)?$/);
      await ctx.close();
    });

    it('on a phone, a tap on the response-time chart reads it off and the read-out stays after the finger lifts', async () => {
      const ctx = await h.browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
      const phone = await ctx.newPage();
      phone.on('pageerror', (e) => console.error('page error:', e.message));
      await phone.goto(`${h.url}#p=web-dt148-80&duration=40&warmup=10`);
      await phone.waitForFunction(() => !!window.__aqmlab?.store.getState().scenario);
      await expectRunLength(phone, 40, 10);
      await runToEnd(phone, 180_000);
      const c = phone.locator('.chart-response canvas');
      await c.scrollIntoViewIfNeeded();
      const box = (await c.boundingBox())!;
      // a tap is pointerdown, pointerup, then pointerleave at once: no pointermove
      await phone.touchscreen.tap(box.x + box.width * 0.45, box.y + box.height * 0.6);
      await phone.waitForTimeout(300);
      expect(await phone.locator('.chart-response .response-readout').innerText()).toMatch(/^within \d.*this run: [\d.]+ %/);
      await phone.locator('.chart-response').screenshot({ path: `${SHOTS}/e2e-web-phone-tap.png` });
      await ctx.close();
    });
  });
});
