/// <reference lib="dom" />
/**
 * The browser lab end to end, in Debian's Chromium: a lesson runs and every chart draws
 * its data; a step stops at an ECN mark and the inspector shows that record; a live
 * parameter change reaches the engine and is marked; a shared link reproduces the same
 * scenario and summary; a corrupted link names its bad keys; CSV export carries the
 * series; an invalid scenario leaves the app usable. Screenshots go to /tmp/shots/.
 * Frame rate and time to first chart are printed (measured, never asserted).
 */
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { findNs2, NS2_INSTALL_HINT, runNs2 } from '../../src/cli/ns2-run';
import { exportNs2 } from '../../src/ns2/export';
import { chartInk, SHOTS, harnessPerFile, waitForStatus } from './harness';

// one part of the browser tests, run by browser.test.ts (its name filters it: -t 'app')
describe('app', () => {
  const h = harnessPerFile();

  async function open(hash: string, opts: { width?: number; height?: number; query?: string } = {}): Promise<Page> {
    const ctx = await h().browser.newContext({ viewport: { width: opts.width ?? 1500, height: opts.height ?? 1000 }, acceptDownloads: true });
    const page = await ctx.newPage();
    page.on('pageerror', (e) => console.error('page error:', e.message));
    await page.goto(`${h().url}${opts.query ?? ''}#${hash}`);
    await page.waitForFunction(() => !!window.__aqmlab?.store.getState().scenario);
    return page;
  }

  /** Summary without the one non-deterministic field. */
  function stable(summary: Record<string, unknown>): Record<string, unknown> {
    const { wallSeconds: _w, ...rest } = summary;
    return rest;
  }

  describe('AQM Lab in the browser', () => {
    it('runs a lesson and draws data in every chart', async () => {
      const page = await open('p=default&seed=1');
      await page.waitForFunction(() => window.__aqmlab!.loop.firstDrawAt !== null);
      console.log(`time from navigation to the first drawn chart: ${(await page.evaluate(() => window.__aqmlab!.loop.firstDrawAt!)).toFixed(0)} ms`);
      await page.getByRole('radio', { name: 'max: as fast as possible' }).click();
      const t0 = Date.now();
      await page.getByRole('button', { name: 'Play' }).click();
      await page.waitForFunction(() => Number(document.querySelector<HTMLCanvasElement>('section[data-chart=queue] canvas')?.dataset.samples ?? 0) > 0);
      console.log(`time from Play to first chart samples: ${Date.now() - t0} ms`);
      await waitForStatus(page, 'done');
      await page.waitForTimeout(200); // the last frame
      const ink = await chartInk(page);
      const state = await page.evaluate(() => {
        const s = window.__aqmlab!.store;
        return { n: s.series.length, flows: s.getState().summary.flows.length, drops: s.getState().summary.bottleneck.drops };
      });
      expect(state.n).toBeGreaterThan(500);
      // a line per flow (4 flows) in cwnd, goodput and progress: several vertices per flow
      expect(ink.cwnd.points).toBeGreaterThan(4 * 200);
      expect(ink.progress.points).toBeGreaterThan(4 * 50);
      expect(ink.throughput.points).toBeGreaterThan(5 * 100);
      expect(ink.queue.points).toBeGreaterThan(200);
      expect(ink.aqm.points).toBeGreaterThan(200);
      // the topology draws its hosts and queue, and every chart has coloured pixels in its plot
      expect(ink.topology.points).toBeGreaterThanOrEqual(8);
      // (the AQM probability is spiky in the default run, after the warm-up mostly near 0: fewer coloured pixels mid-plot)
      for (const [id, v] of Object.entries(ink)) expect(v.ink, `ink in ${id}`).toBeGreaterThan(id === 'aqm' ? 30 : 300);
      // the summary table lists every flow
      await expect(page.locator('table.flows tbody tr').count()).resolves.toBe(state.flows);
      await page.screenshot({ path: `${SHOTS}/e2e-default-done.png`, fullPage: true });
      await page.getByRole('button', { name: 'Show Bottleneck queue full screen' }).first().click();
      await page.screenshot({ path: `${SHOTS}/e2e-fullscreen-queue.png` });
      await page.keyboard.press('Escape');
      await page.context().close();
    });

    it('steps to the next ECN mark and shows that decision in the inspector', async () => {
      const page = await open('p=ecn-marks&seed=1');
      await page.getByRole('combobox', { name: 'Step target' }).selectOption('mark');
      await page.getByRole('button', { name: 'Step to the next ECN mark' }).click();
      await waitForStatus(page, 'paused');
      const rec = await page.evaluate(() => {
        const s = window.__aqmlab!.store.getState();
        return s.cursor === null ? null : s.decisions[s.cursor];
      });
      expect(rec).not.toBeNull();
      expect(rec.outcome).toBe('mark');
      expect(rec.avg).toBeGreaterThanOrEqual(rec.minTh);
      // the inspector shows this record: its packet number appears
      await expect.poll(() => page.locator('[data-slot=inspector]').innerText(), { timeout: 5000 }).toContain(String(rec.uid));
      // a second step lands on a later mark; stepping back returns to the first
      await page.keyboard.press('ArrowRight');
      await waitForStatus(page, 'paused');
      const rec2 = await page.evaluate(() => {
        const s = window.__aqmlab!.store.getState();
        return s.decisions[s.cursor];
      });
      expect(rec2.outcome).toBe('mark');
      expect(rec2.t).toBeGreaterThan(rec.t);
      await page.keyboard.press('ArrowLeft');
      const back = await page.evaluate(() => {
        const s = window.__aqmlab!.store.getState();
        return s.decisions[s.cursor];
      });
      expect(back.uid).toBe(rec.uid);
      await page.screenshot({ path: `${SHOTS}/e2e-step-mark.png` });
      await page.context().close();
    });

    it('changes max_p live: the engine applies it from that moment, the chart marks it and the URL follows', async () => {
      const page = await open('p=default&seed=3');
      await page.getByRole('radio', { name: '1× real time', exact: true }).click();
      await page.getByRole('button', { name: 'Play' }).click();
      await page.waitForFunction(() => window.__aqmlab!.store.getState().now > 1, undefined, { timeout: 15_000 });
      const errors = await page.evaluate(() => window.__aqmlab!.controller.setParam('topology.bottleneck.queue.maxP', 0.5));
      expect(errors).toEqual([]);
      await page.waitForFunction(() => window.__aqmlab!.store.getState().markers.length === 1);
      await page.waitForFunction(() => window.__aqmlab!.store.getState().now > window.__aqmlab!.store.getState().markers[0].t + 1, undefined, { timeout: 15_000 });
      const check = await page.evaluate(() => {
        const s = window.__aqmlab!.store;
        const m = s.getState().markers[0];
        const t = s.series.t;
        const maxP = s.series.column('maxP')!;
        let before = NaN;
        let after = NaN;
        for (let i = 0; i < s.series.length; i++) {
          if (t[i] < m.t) before = maxP[i];
          else if (Number.isNaN(after) && t[i] > m.t) after = maxP[i];
        }
        return { marker: m, before, after, hash: location.hash };
      });
      expect(check.marker.path).toBe('topology.bottleneck.queue.maxP');
      expect(check.before).toBe(0.1); // the preset's max_p
      expect(check.after).toBe(0.5);
      expect(check.hash).toContain('topology.bottleneck.queue.maxP=0.5');
      const fps = await page.evaluate(() => window.__aqmlab!.loop.fps);
      console.log(`charts at 1x, 4 flows: ${fps.toFixed(1)} frames/s`);
      await page.screenshot({ path: `${SHOTS}/e2e-live-maxp.png` });
      // Copy link: the link holds max_p = 0.5 from t = 0, not this run's change at t > 1 s: a note says so
      await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
      await page.getByRole('button', { name: 'Copy link to this scenario' }).click();
      const note = page.locator('[data-testid^=banner-]').filter({ hasText: 'The link applies your mid-run changes from the start' });
      await expect.poll(() => note.count()).toBe(1);
      expect(await note.innerText()).toMatch(/This run set max_p = 0\.5 at t = \d+\.\d s; the link sets it from t = 0/);
      await page.context().close();
    });

    it('a shared link restores the same scenario and gives the same summary', async () => {
      const page = await open('p=default&topology.bottleneck.queue.maxP=0.05&traffic.0.flows=3&seed=7');
      await page.getByRole('radio', { name: 'max: as fast as possible' }).click();
      await page.getByRole('button', { name: 'Play' }).click();
      await waitForStatus(page, 'done');
      const first = await page.evaluate(() => ({ href: location.href, scenario: window.__aqmlab!.store.getState().scenario, summary: window.__aqmlab!.store.getState().summary }));
      expect(first.scenario.seed).toBe(7);
      expect(first.scenario.topology.bottleneck.queue.maxP).toBe(0.05);
      expect(first.scenario.traffic[0].flows).toBe(3);
      const page2 = await open(first.href.split('#')[1]);
      await page2.getByRole('radio', { name: 'max: as fast as possible' }).click();
      await page2.getByRole('button', { name: 'Play' }).click();
      await waitForStatus(page2, 'done');
      const second = await page2.evaluate(() => ({ scenario: window.__aqmlab!.store.getState().scenario, summary: window.__aqmlab!.store.getState().summary }));
      expect(second.scenario).toEqual(first.scenario);
      expect(stable(second.summary)).toEqual(stable(first.summary));
      await page.context().close();
      await page2.context().close();
    });

    it('a corrupted link opens with a banner naming each bad key and value; the good keys apply', async () => {
      const page = await open('p=default&topology.bottleneck.queue.maxP=7&no.such.key=3&traffic.0.flows=2&seed=5');
      const banner = page.getByTestId('banner-warning');
      await expect.poll(() => banner.innerText()).toContain('maxP');
      const text = await banner.innerText();
      expect(text).toContain('7');
      expect(text).toContain('no.such.key');
      const sc = await page.evaluate(() => window.__aqmlab!.store.getState().scenario);
      expect(sc.seed).toBe(5);
      expect(sc.traffic[0].flows).toBe(2);
      expect(sc.topology.bottleneck.queue.maxP).toBe(0.1); // the preset's, the bad value was skipped
      await page.screenshot({ path: `${SHOTS}/e2e-bad-link.png` });
      await banner.getByRole('button').click();
      await expect(page.getByTestId('banner-warning').count()).resolves.toBe(0);
      await page.context().close();
    });

    it('exports a chart as CSV containing the series; past the samples the app keeps, the file and the menus say its rows are min/max pairs', async () => {
      const page = await open('p=default&seed=1');
      await page.getByRole('radio', { name: 'max: as fast as possible' }).click();
      await page.getByRole('button', { name: 'Play' }).click();
      await waitForStatus(page, 'done');
      const card = page.locator('.charts section[data-chart=queue]');
      await card.getByText('Export', { exact: true }).click();
      const [dl] = await Promise.all([page.waitForEvent('download'), card.getByRole('button', { name: 'CSV data' }).click()]);
      const csv = readFileSync((await dl.path())!, 'utf8').trim().split('\n');
      const header = csv[0].split(',');
      expect(header[0]).toBe('t');
      expect(header).toContain('queue');
      expect(header).toContain('avg');
      const expected = await page.evaluate(() => {
        const s = window.__aqmlab!.store.series;
        const q = s.column('queue')!;
        return { n: s.length, t5: s.t[5], q5: q[5], tl: s.t[s.length - 1] };
      });
      expect(csv.length).toBe(expected.n + 1);
      const row5 = csv[6].split(',');
      expect(Number(row5[0])).toBe(expected.t5);
      expect(Number(row5[header.indexOf('queue')])).toBe(expected.q5);
      expect(Number(csv[csv.length - 1].split(',')[0])).toBe(expected.tl);
      expect(dl.suggestedFilename()).not.toMatch(/envelope/);

      // a run longer than the store keeps (131,072 samples, about 3.6 h at 0.1 s): the rows
      // become min/max pairs, and the file was named and read as samples. Samples appended
      // here, as the worker's batches would, past the limit:
      const kept = await page.evaluate(() => {
        const s = window.__aqmlab!.store.series as unknown as { length: number; t: Float64Array; compactions: number; maxSamples: number; append(b: { t: Float64Array; cols: Record<string, Float64Array> }): void };
        let t0 = s.t[s.length - 1];
        while (s.compactions === 0) {
          const t = Float64Array.from({ length: 1000 }, (_, k) => t0 + 0.1 * (k + 1));
          s.append({ t, cols: { queue: t.map((x) => (Math.round(x * 10) % 4 === 0 ? 100 : 0)) } });
          t0 = t[t.length - 1];
        }
        return { max: s.maxSamples, compactions: s.compactions };
      });
      expect(kept).toEqual({ max: 131072, compactions: 1 });
      await card.getByText('Export', { exact: true }).click({ timeout: 10_000 });
      const note = card.getByTestId('export-envelope');
      expect(await note.innerText({ timeout: 10_000 })).toMatch(/^This run is longer than the 131,072 samples the app keeps: each pair of rows is the least and the most of each column over up to 4 consecutive samples .*--series/);
      expect(await card.getByRole('button', { name: 'CSV data' }).getAttribute('aria-describedby')).toContain(await note.getAttribute('id'));
      const [env] = await Promise.all([page.waitForEvent('download', { timeout: 15_000 }), card.getByRole('button', { name: 'CSV data' }).click({ timeout: 10_000 })]);
      expect(env.suggestedFilename()).toMatch(/-envelope\.csv$/);
      const rows = readFileSync((await env.path())!, 'utf8').trimEnd().split('\n');
      // still one table: no comment line, every row as many cells as the header
      expect(rows.every((r) => r.split(',').length === rows[0].split(',').length)).toBe(true);
      // File → All series says it too, in its menu and its file's name
      await page.locator('summary[aria-label^="File:"]').click({ timeout: 10_000 });
      expect(await page.getByTestId('file-envelope-note').innerText({ timeout: 10_000 })).toContain('each pair of rows is the least and the most');
      const [all] = await Promise.all([page.waitForEvent('download', { timeout: 15_000 }), page.getByRole('button', { name: 'All series (CSV)' }).click({ timeout: 10_000 })]);
      expect(all.suggestedFilename()).toMatch(/^aqm-lab-.*series-envelope\.csv$/);
      await page.context().close();
    });

    it('exports the summary as one metric,value,unit table and the flows as another, each one header row with the summary\'s numbers', async () => {
      const page = await open('p=default&seed=1');
      await page.getByRole('radio', { name: 'max: as fast as possible' }).click();
      await page.getByRole('button', { name: 'Play' }).click();
      await waitForStatus(page, 'done');
      const summary = await page.evaluate(() => window.__aqmlab!.store.getState().summary!);
      const get = async (name: string) => {
        const [dl] = await Promise.all([page.waitForEvent('download', { timeout: 15_000 }), page.getByRole('button', { name, exact: true }).click({ timeout: 10_000 })]);
        const [head, ...rows] = readFileSync((await dl.path())!, 'utf8').trimEnd().split('\n').map((l) => l.split(','));
        // one table: every row as wide as the header (a csv reader's view)
        for (const r of rows) expect(r.length).toBe(head.length);
        return { name: dl.suggestedFilename(), rows: rows.map((r) => Object.fromEntries(head.map((h, i) => [h, r[i]]))) };
      };
      const sum = await get('Export summary as CSV');
      expect(sum.name).toBe('aqm-lab-default-summary.csv');
      const by = Object.fromEntries(sum.rows.map((r) => [r.metric, r]));
      expect(Number(by.utilization.value)).toBe(summary.bottleneck.utilization);
      expect(by.utilization.unit).toBe('fraction');
      expect(Number(by.meanQueueDelay.value)).toBe(summary.bottleneck.meanQueueDelay);
      const flows = await get('Export Flows CSV (one row per flow)');
      expect(flows.name).toBe('aqm-lab-default-flows.csv');
      expect(flows.rows.map((r) => Number(r.goodputBps))).toEqual(summary.flows.map((f: { goodputBps: number }) => f.goodputBps));
      await page.context().close();
    });

    it('exports the scenario as an ns-2 script, the same the CLI writes, which ns-2.35 runs', async () => {
      const page = await open('p=lockout-dt&topology.bottleneck.queue.limit=48');
      await page.locator('.header-tools summary', { hasText: 'File' }).click();
      await page.screenshot({ path: `${SHOTS}/e2e-export-menu.png` });
      const [dl] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'ns-2 script (Tcl)' }).click()]);
      // the lesson with its buffer changed: named apart from the lesson as it is
      expect(dl.suggestedFilename()).toMatch(/^aqm-lab-lockout-dt-edited-[0-9a-f]{6}-ns2\.tcl$/);
      const script = readFileSync((await dl.path())!, 'utf8');
      expect(script).toMatch(/^# ns-2\.35 script exported by AQM Lab from scenario "lockout-dt"/);
      expect(script).toContain('{limit_ 48 ');
      const scenario = await page.evaluate(() => window.__aqmlab!.store.getState().scenario);
      expect(script).toBe(exportNs2(scenario).script);
      await expect.poll(() => page.getByTestId('banner-info').innerText()).toContain('the scenario as an ns-2.35 script');
      await page.screenshot({ path: `${SHOTS}/e2e-export-ns2.png` });
      const bin = findNs2();
      expect(bin, NS2_INSTALL_HINT).not.toBeNull();
      const r = await runNs2(bin!, script);
      expect(r.flows).toHaveLength(2);
      expect(r.flows.every((f) => f.completionTime !== null)).toBe(true);
      await page.context().close();
    });

    it('an invalid scenario shows a clear message, keeps the last good one, and the app still runs', async () => {
      const page = await open('p=default&seed=1');
      const before = await page.evaluate(() => window.__aqmlab!.store.getState().scenario);
      const errs = await page.evaluate(() => window.__aqmlab!.controller.loadScenario({ version: 1, seed: 1, topology: { kind: 'dumbbell', bottleneck: { rate: -5 } }, traffic: [] }, null));
      expect(errs.length).toBeGreaterThan(0);
      await expect.poll(() => page.getByTestId('run-error').innerText()).toContain('rate');
      const after = await page.evaluate(() => window.__aqmlab!.store.getState().scenario);
      expect(after).toEqual(before);
      await page.getByRole('radio', { name: 'max: as fast as possible' }).click();
      await page.getByRole('button', { name: 'Play' }).click();
      await waitForStatus(page, 'done');
      await page.context().close();
    });

    it('keeps charts smooth at 1x with 10 flows (frames per second measured), embed and classroom views render', async () => {
      const page = await open('p=default&topology.left.hosts=10&topology.right.hosts=10&traffic.0.flows=10&seed=2', { query: '?embed=1' });
      await expect(page.locator('[data-slot=editor]').count()).resolves.toBe(0);
      await page.getByRole('radio', { name: '1× real time', exact: true }).click();
      await page.getByRole('button', { name: 'Play' }).click();
      await page.waitForFunction(() => window.__aqmlab!.store.getState().now > 1, undefined, { timeout: 15_000 });
      const f0 = await page.evaluate(() => window.__aqmlab!.loop.drawnFrames);
      await page.waitForTimeout(4000);
      const f1 = await page.evaluate(() => window.__aqmlab!.loop.drawnFrames);
      const ms = await page.evaluate(() => window.__aqmlab!.loop.drawMs);
      console.log(`charts at 1x, 10 flows: ${((f1 - f0) / 4).toFixed(1)} frames/s drawn over 4 s, ${ms.toFixed(1)} ms per drawn frame`);
      const ink = await chartInk(page);
      expect(ink.cwnd.points).toBeGreaterThan(10 * 20);
      await page.screenshot({ path: `${SHOTS}/e2e-embed-10flows.png` });
      await page.context().close();

      const cls = await open('p=lockout-dt&seed=1', { query: '?classroom=1' });
      await cls.getByRole('radio', { name: '10× real time' }).click();
      await cls.getByRole('button', { name: 'Play' }).click();
      await cls.waitForFunction(() => window.__aqmlab!.store.getState().now > 30, undefined, { timeout: 30_000 });
      await cls.getByRole('button', { name: 'Pause' }).click();
      await waitForStatus(cls, 'paused');
      const clsInk = await chartInk(cls);
      expect(clsInk.queue.points).toBeGreaterThan(100);
      await cls.screenshot({ path: `${SHOTS}/e2e-classroom.png` });
      for (const id of ['queue', 'cwnd', 'topology', 'throughput', 'progress']) {
        await cls.locator(`.charts section[data-chart=${id}]`).screenshot({ path: `${SHOTS}/e2e-classroom-${id}.png` });
      }
      await cls.context().close();
    });

    it('beyond 10 flows a star in the summary table highlights a flow in the per-flow charts', async () => {
      const page = await open('p=feng-fig1-a-32');
      await page.getByRole('radio', { name: 'max: as fast as possible' }).click();
      await page.getByRole('button', { name: 'Play' }).click();
      await waitForStatus(page, 'done');
      const star = page.getByRole('button', { name: 'Highlight flow 17 in the charts' });
      await expect(star.getAttribute('aria-pressed')).resolves.toBe('false');
      const before = await chartInk(page);
      await star.click();
      await expect(star.getAttribute('aria-pressed')).resolves.toBe('true');
      expect(await page.evaluate(() => window.__aqmlab!.store.getState().highlight)).toContain(17);
      // one more highlighted line is drawn in the cwnd chart
      const after = await chartInk(page);
      expect(after.cwnd.points).toBeGreaterThan(before.cwnd.points);
      await page.context().close();
    });

    it('up to 10 flows a star brings a flow forward: none at first; starred, its line is on top and the others fade', async () => {
      const page = await open('p=rtt-unfair');
      await page.getByRole('radio', { name: 'max: as fast as possible' }).click();
      await page.getByRole('button', { name: 'Play' }).click();
      await waitForStatus(page, 'done');
      const star = page.getByRole('button', { name: 'Highlight flow 1 in the charts' });
      await expect(star.getAttribute('aria-pressed')).resolves.toBe('false');
      // every flow starts unstarred here (the band view's first three are its own)
      expect(await page.getByRole('button', { name: /^Highlight flow \d+ in the charts$/, pressed: true }).count()).toBe(0);
      await star.click();
      await expect(star.getAttribute('aria-pressed')).resolves.toBe('true');
      expect(await page.evaluate(() => window.__aqmlab!.store.getState().picked)).toEqual([1]);
      await page.locator('section[data-chart=cwnd]').screenshot({ path: `${SHOTS}/app-picked-flow.png` });
      // another lesson starts with none picked
      await page.evaluate(() => window.__aqmlab!.controller.loadScenario(window.__aqmlab!.store.getState().scenario, 'rtt-unfair'));
      expect(await page.evaluate(() => window.__aqmlab!.store.getState().picked)).toEqual([]);
      await page.context().close();
    });
  });
});
