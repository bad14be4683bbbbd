/// <reference lib="dom" />
/**
 * Compare as a researcher checking a paper's figure uses it, in Chromium at a desktop's
 * 1920x1080 and a laptop's 1366x768: the per-flow cwnd panels of two seeds/001 lessons are
 * wide enough to read a sawtooth and can be exported; the table of two seeds/000 web lessons
 * (two-way traffic) has the reverse queue's numbers, equal to the runs' own in Node; runs of
 * different lengths are said to be, and the uncongested baseline named as A's traffic's then.
 * Screenshots go to /tmp/shots/.
 */
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { runScenario } from '../../src/engine/run';
import { presetScenario } from '../../src/engine/scenario/presets';
import { harnessPerFile, openApp, seriousViolations, SHOTS, viewAs } from './harness';

// one part of the browser tests, run by browser.test.ts (its name filters it: -t 'compare-view')
describe('compare-view', () => {
  const h = harnessPerFile();

  /** Opens Compare, picks the option labelled `label`, starts it and waits for the table. */
  async function compareWith(page: Page, label: string): Promise<void> {
    await page.locator('details.slot-compare > summary').click();
    const select = page.locator('.cmp-panel select.cmp-choice');
    await select.scrollIntoViewIfNeeded();
    await select.selectOption({ label });
    await page.locator('.cmp-panel button.primary').click();
    await page.locator('.cmp-table').first().waitFor({ timeout: 120_000 });
  }

  /** A row of the one-seed table as the eye reads it: each cell's text without what is said to a screen reader only (", better"). */
  const shownCells = (page: Page, key: string): Promise<string[]> =>
    page.locator(`.cmp-table tr[data-metric="${key}"] td`).evaluateAll((tds) =>
      tds.map((td) => {
        const c = td.cloneNode(true) as HTMLElement;
        c.querySelectorAll('.sr-only').forEach((e) => e.remove());
        return (c.textContent ?? '').trim();
      }),
    );

  /** Each cwnd panel's box, and the width the panels have to share. */
  const panels = (page: Page) =>
    page.locator('.cmp-multiples').evaluate((grid) => ({
      room: grid.getBoundingClientRect().width,
      boxes: [...grid.querySelectorAll('figure')].map((f) => {
        const r = f.querySelector('.cmp-chart-wrap > svg')!.getBoundingClientRect();
        return { left: r.left, right: r.right, top: Math.round(r.top), width: r.width, height: r.height };
      }),
    }));

  it('per-flow cwnd panels (seeds/001, 5 clients, RED against drop-tail): wide enough to read at 1920 and 1366 px, no empty column, each exportable', async () => {
    const page = await openApp(h(), 'p=ecn-finite-n5-red-a-ql64', { width: 1920, height: 1080 });
    await compareWith(page, 'seeds/001: 5 clients, drop-tail, QL 64');
    await page.locator('.cmp-multiples').scrollIntoViewIfNeeded();
    for (const [w, hgt] of [
      [1920, 1080],
      [1366, 768],
    ] as const) {
      await viewAs(page, w, hgt, false);
      await page.waitForTimeout(200);
      const { room, boxes } = await panels(page);
      expect(boxes.length).toBe(5);
      await page.locator('.cmp-multiples').screenshot({ path: `${SHOTS}/compare-view-cwnd-${w}.png` });
      // a 560 s run over 253 px (15em panels) was two seconds a pixel: no sawtooth to see
      for (const b of boxes) expect(b.width, `a cwnd panel at ${w} px`).toBeGreaterThanOrEqual(480);
      for (const b of boxes) expect(b.height).toBeGreaterThanOrEqual(200);
      // the first row fills the width (auto-fill left two empty columns beside five panels at 1920)
      const first = boxes.filter((b) => b.top === boxes[0].top);
      expect(first.length).toBeGreaterThanOrEqual(2);
      expect(first[first.length - 1].right - first[0].left, `row of ${first.length} panels in ${room} px`).toBeGreaterThan(room * 0.9);
    }
    // a panel exports as SVG: both runs' lines as drawn, and the legend naming them
    const flow0 = page.locator('.cmp-multiples figure').first();
    await flow0.locator('.cmp-chart-tools summary').click();
    const [dl] = await Promise.all([page.waitForEvent('download'), flow0.getByRole('button', { name: 'SVG image' }).click()]);
    expect(dl.suggestedFilename()).toMatch(/^aqm-lab-compare-.+-seed1-cwnd-flow0\.svg$/);
    const svg = readFileSync((await dl.path())!, 'utf8');
    expect(svg).toContain('<title>Flow 0</title>');
    expect(svg).toContain('seeds/001: 5 clients, RED, max_p 10 %, QL 64</text>');
    expect(svg).toContain('seeds/001: 5 clients, drop-tail, QL 64</text>');
    expect((svg.match(/<path /g) ?? []).length).toBe(await flow0.locator('.cmp-chart-wrap > svg path').count());
    // the panels' Export menus are named by their flow, for a screen reader as for the eye
    expect(await page.locator('.cmp-multiples .cmp-chart-tools summary').evaluateAll((ss) => ss.map((s) => s.getAttribute('aria-label')))).toEqual(['Export Flow 0', 'Export Flow 1', 'Export Flow 2', 'Export Flow 3', 'Export Flow 4']);
    expect(await seriousViolations(page, '.cmp-panel')).toEqual([]);
    await page.context().close();
  });

  it('web traffic both ways (seeds/000 DT-148q against ARED + ECN-5 ms at 80 %): the reverse queue in the table, as the runs give it; no Jain’s index without long-lived flows', async () => {
    const page = await openApp(h(), 'p=web-load-dt148-80', { width: 1366, height: 768 });
    await compareWith(page, 'seeds/000 load grid: ARED + ECN-5 ms at 80 % load');
    const a = runScenario(presetScenario('web-load-dt148-80')!).summary;
    const b = runScenario(presetScenario('web-load-redecn5-80')!).summary;
    const cells = (key: string) => shownCells(page, key);
    const pct = (v: number) => `${(v * 100).toFixed(2)} %`;
    // the reverse queue drops too (4.7 % under ARED + ECN): the table showed the forward queue only
    expect(b.bottleneckReverse.lossRate).toBeGreaterThan(0.01);
    expect((await cells('rev.loss')).slice(0, 2)).toEqual([pct(a.bottleneckReverse.lossRate), pct(b.bottleneckReverse.lossRate)]);
    expect((await cells('rev.util')).slice(0, 2)).toEqual([pct(a.bottleneckReverse.utilization), pct(b.bottleneckReverse.utilization)]);
    expect((await cells('loss')).slice(0, 2)).toEqual([pct(a.bottleneck.lossRate), pct(b.bottleneck.lossRate)]);
    // no long-lived flow: the index is "—" as in the single-run table, not "1.000"
    expect(a.flows.length + b.flows.length).toBe(0);
    expect(await cells('jain')).toEqual(['—', '—', '=']);
    // the table counts from the 30 s warm-up on (the charts show the whole run): its caption says so
    expect(await page.locator('.cmp-table caption').first().innerText()).toBe('Summaries, counted from 30 s on (warm-up left out) (highlighted: different; bold: better)');
    // with one seed, bold only from a 5 % change on, and the table says so under it
    expect(await page.locator('[data-testid=better-rule]').innerText()).toMatch(/^Bold: the better side, only where the change is 5 % or more .* several seeds\.$/);
    // both lessons run 230 s: no word about the lengths
    expect(await page.locator('[data-testid=run-length-note]').count()).toBe(0);
    // the same traffic on both sides: one baseline, both curves' reference
    await expect.poll(() => page.locator('[data-testid=compare-response] canvas').getAttribute('aria-label'), { timeout: 60_000 }).toMatch(/; uncongested, [\d,]+ responses/);
    await page.locator('.cmp-table').first().screenshot({ path: `${SHOTS}/compare-view-web-table.png` });
    await page.context().close();
  });

  it('a lesson shortened by its link against another lesson as it is: the view says the runs differ in length, which the table’s counts show', async () => {
    const page = await openApp(h(), 'p=web-load-dt148-80&duration=60&warmup=10', { width: 1920, height: 1080 });
    await compareWith(page, 'seeds/000 load grid: ARED + ECN-5 ms at 80 % load');
    expect(await page.locator('[data-testid=run-length-note]').innerText()).toMatch(/^The runs differ in length: A runs 60 s, warm-up 10 s, B 230 s, warm-up 30 s\. Counts/);
    // what it warns of: A's 50 s of statistics against B's 200 s
    // counts are grouped by thousands ("29,895"), as the app's other counts are
    const drops = (await shownCells(page, 'drops')).slice(0, 2).map((t) => Number(t.replace(/,/g, '')));
    expect(drops.every(Number.isFinite)).toBe(true);
    expect(drops[1]).toBeGreaterThan(10 * drops[0]);
    // the baseline is A's traffic's (50 s after the warm-up), not B's: its name says so, in the
    // progress line, the legend and the read-out (the canvas's name gives the legend's names)
    await expect.poll(() => page.locator('[data-testid=compare-response] canvas').getAttribute('aria-label'), { timeout: 60_000 }).toMatch(/; uncongested \(A’s traffic\), [\d,]+ responses/);
    expect(await page.locator('.cmp-head').innerText()).toContain('uncongested baseline (A’s traffic)');
    await page.locator('section.cmp').screenshot({ path: `${SHOTS}/compare-view-lengths.png` });
    await page.context().close();
  });

  it('the seeds/001 lesson against its Try change "other random draws: seed 4": two draws compared, not the lesson twice', async () => {
    const page = await openApp(h(), 'p=ecn-finite', { width: 1366, height: 768 });
    await compareWith(page, 'the lesson with: Same network, other random draws: seed 4');
    // B set to A's seed 1 was A's run again: "=" on every row under B's name
    expect(await page.locator('section.cmp > .cmp-seed').first().innerText()).toMatch(/runs with seed 1, Same network, other random draws: seed 4 with seed 4: the seed is all they differ in/);
    const a = runScenario(presetScenario('ecn-finite')!).summary;
    const b = runScenario({ ...presetScenario('ecn-finite')!, seed: 4 }).summary;
    // seed 4 marks other packets: 90 marks against 84, flow 1 done at 224.4 s against 209.4 s
    expect(b.bottleneck.marks).not.toBe(a.bottleneck.marks);
    expect((await shownCells(page, 'marks')).slice(0, 2)).toEqual([String(a.bottleneck.marks), String(b.bottleneck.marks)]);
    const done = (v: number | null) => `${v!.toFixed(3)} s`;
    expect((await shownCells(page, 'flow1.completion')).slice(0, 2)).toEqual([done(a.flows[1].completionTime), done(b.flows[1].completionTime)]);
    await page.context().close();
  });
});

