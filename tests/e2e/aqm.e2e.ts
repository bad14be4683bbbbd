/// <reference lib="dom" />
/**
 * The AQM catalogue in the browser: for ARED, PI and CoDel a step stops at a drop, the
 * inspector shows that AQM's own worked calculation (the max_p update and the band; p from
 * the last two samples; the sojourn time and the control law) with no disagreement, and
 * the AQM chart draws the AQM's variables. Screenshots of each decision go to /tmp/shots/.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chartInk, SHOTS, harnessPerFile, waitForStatus } from './harness';

// one part of the browser tests, run by browser.test.ts (its name filters it: -t 'aqm')
describe('aqm', () => {
  const h = harnessPerFile();

  function scenario(queue: Record<string, unknown>): Record<string, unknown> {
    return {
      version: 1,
      seed: 1,
      duration: 30,
      topology: {
        kind: 'dumbbell',
        bottleneck: { rate: 10e6, delay: 0.02, queue },
        left: { hosts: 10, rate: 100e6, delay: 0.001 },
        right: { hosts: 10, rate: 100e6, delay: 0.001 },
      },
      tcp: { variant: 'newreno' },
      traffic: [{ kind: 'bulk', from: 'left', flows: 10, start: 0, startSpread: 1 }],
    };
  }

  async function open(): Promise<Page> {
    const ctx = await h().browser.newContext({ viewport: { width: 1500, height: 2600 } });
    const page = await ctx.newPage();
    page.on('pageerror', (e) => console.error('page error:', e.message));
    await page.goto(`${h().url}#p=default`);
    await page.waitForFunction(() => !!window.__aqmlab?.store.getState().scenario);
    return page;
  }

  const CASES = [
    { kind: 'ared', queue: { kind: 'ared', limit: 500, meanPktSize: 1500 }, labels: ['Target band', 'Average queue', 'p_b', 'p_a'], anyOf: ['max_p update', 'max_p'], chart: 'aqm.maxP' },
    { kind: 'pi', queue: { kind: 'pi', unit: 'bytes', limit: 750000, qRef: 75000 }, labels: ['p update', 'Random draw'], anyOf: ['p update'], chart: 'aqm.p' },
    { kind: 'codel', queue: { kind: 'codel' }, labels: ['Sojourn time', 'Against target'], anyOf: ['Next drop', 'Drop time', 'Enter dropping'], chart: 'aqm.sojourn' },
  ];

  describe('each AQM explains its own decisions in the inspector', () => {
    for (const c of CASES) {
      it(`${c.kind}: a drop stepped to shows ${c.kind}'s calculation, and the AQM chart draws its variables`, async () => {
        const page = await open();
        const errs = await page.evaluate((s) => window.__aqmlab!.controller.loadScenario(s, null, false), scenario(c.queue));
        expect(errs).toEqual([]);
        // run a while, then step to the next drop
        await page.getByRole('radio', { name: 'max: as fast as possible' }).click();
        await page.getByRole('combobox', { name: 'Step target' }).selectOption('drop');
        for (let i = 0; i < 3; i++) {
          await page.getByRole('button', { name: 'Step to the next drop' }).click();
          await waitForStatus(page, 'paused');
        }
        const rec = await page.evaluate(() => {
          const s = window.__aqmlab!.store.getState();
          return s.cursor === null ? null : s.decisions[s.cursor];
        });
        expect(rec).not.toBeNull();
        expect(rec.aqm).toBe(c.kind);
        expect(rec.outcome).toBe('drop');
        const insp = page.locator('[data-slot=inspector]');
        await expect.poll(() => insp.innerText(), { timeout: 5000 }).toContain(String(rec.uid));
        const text = await insp.innerText();
        for (const l of c.labels) expect(text, `${c.kind} inspector shows "${l}"`).toContain(l);
        expect(c.anyOf.some((l) => text.includes(l)), `${c.kind}: one of ${c.anyOf.join(', ')}`).toBe(true);
        expect(text).not.toContain('⚠');
        // every step's value stays inside the panel (a long label such as PI's "Samples (every
        // 1/w = 0.005882 s)" pushed its value past the right edge)
        const right = (await insp.boundingBox())!;
        for (const v of await insp.locator('.insp-value').all()) {
          const b = (await v.boundingBox())!;
          expect(b.x + b.width, `${c.kind}: "${await v.innerText()}" inside the inspector`).toBeLessThanOrEqual(right.x + right.width + 0.5);
        }
        // the scale bar is drawn
        expect(await insp.locator('svg.insp-bar').count()).toBe(1);
        await insp.screenshot({ path: `${SHOTS}/e2e-inspector-${c.kind}.png` });
        // play to the end: the AQM chart draws the AQM's own variable
        await page.getByRole('button', { name: 'Play' }).click();
        await waitForStatus(page, 'done');
        await page.waitForTimeout(200);
        const cols = await page.evaluate(() => window.__aqmlab!.store.series.names());
        expect(cols).toContain(c.chart);
        const ink = await chartInk(page);
        expect(ink.aqm.points).toBeGreaterThan(200);
        expect(ink.aqm.ink).toBeGreaterThan(300);
        expect(ink.queue.points).toBeGreaterThan(200);
        await page.locator('section[data-chart=aqm]').screenshot({ path: `${SHOTS}/e2e-aqm-chart-${c.kind}.png` });
        await page.locator('section[data-chart=queue]').screenshot({ path: `${SHOTS}/e2e-queue-chart-${c.kind}.png` });
        await page.context().close();
      });
    }
  });
});
