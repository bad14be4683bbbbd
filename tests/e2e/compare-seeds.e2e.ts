/// <reference lib="dom" />
/**
 * Compare over several seeds, in Chromium: two short scenarios (RED against drop-tail)
 * over 3 seeds. The table's mean of a metric must equal the mean of the three single-seed
 * runs, each run here in Node with runScenario at seeds s, s+1, s+2 (bit-identical to the
 * worker, DESIGN §3): the test fails if the seeds are not varied or are averaged wrong.
 * Screenshots of the result in normal and classroom mode go to /tmp/shots/.
 */
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { runScenario } from '../../src/engine/run';
import type { EngineScenario } from '../../src/engine/sim-run';
import type { Scenario } from '../../src/engine/scenario/schema';
import { VARIANTS } from '../../src/ui/compare/variants';
import { expectCloseStopsRuns, expectRunLength, openApp, recordSpeech, seriousViolations, harnessPerFile, SHOTS, WORKER_WAIT, pageWorkers } from './harness';

// one part of the browser tests, run by browser.test.ts (its name filters it: -t 'compare-seeds')
describe('compare-seeds', () => {
  const h = harnessPerFile();

  const open = (hash: string, query = '', width = 1366, height = 900): Promise<Page> => openApp(h(), hash, { query, width, height });

  /** Opens Compare, picks "the same with a drop-tail queue" over `n` seeds and starts it. */
  async function compareOver(page: Page, n: number, shot?: string): Promise<void> {
    await page.locator('details.slot-compare > summary').click();
    const select = page.locator('.cmp-panel select.cmp-choice');
    await select.scrollIntoViewIfNeeded();
    await select.selectOption({ label: 'the same with a drop-tail queue' });
    await page.getByLabel('Repeat each run over').selectOption(String(n));
    if (shot) await page.locator('.cmp-panel').screenshot({ path: `${SHOTS}/${shot}` });
    await page.locator('.cmp-panel button.primary').click();
  }

  const mean = (xs: number[]) => xs.reduce((a, x) => a + x, 0) / xs.length;

  describe('Compare over seeds', () => {
    it('the table’s mean of each side equals the mean of the single-seed runs at seeds s, s+1, s+2', async () => {
      const page = await open('p=default&duration=8&seed=4');
      const scenario = (await page.evaluate(() => JSON.parse(JSON.stringify(window.__aqmlab!.store.getState().scenario)))) as Scenario;
      expect(scenario.seed).toBe(4);
      await compareOver(page, 3, 'compare-seeds-controls.png');
      // the counter says which run of how many
      await expect.poll(() => page.locator('[data-testid=seed-runs]').innerText()).toMatch(/^(run [1-6] of 6|all 6 runs done)$/);
      await page.locator('[data-testid=seed-table]').first().waitFor({ timeout: 180_000 });
      expect(await page.locator('[data-testid=seed-runs]').innerText()).toBe('all 6 runs done');

      // the same runs in Node, one seed at a time
      const dt = VARIANTS.find((v) => v.id === 'v:droptail')!.make(scenario);
      if (!dt.ok) throw new Error(dt.errors.join('; '));
      const seeds = [4, 5, 6];
      const node = (s: Scenario) => seeds.map((seed) => runScenario({ ...s, seed } as unknown as EngineScenario).summary);
      const A = node(scenario);
      const B = node(dt.scenario);
      for (const [key, of] of [
        ['drops', (x: (typeof A)[number]) => x.bottleneck.drops],
        ['meanQueue', (x: (typeof A)[number]) => x.bottleneck.meanQueuePackets],
      ] as const) {
        const a = A.map(of);
        const b = B.map(of);
        // the seeds do move this metric (else the test could not tell one seed from three)
        expect(new Set(a).size, `${key}: A over seeds ${a.join(', ')}`).toBeGreaterThan(1);
        const cells = page.locator(`[data-testid=seed-table] tr[data-metric="${key}"] td`);
        const shownA = Number(await cells.nth(0).getAttribute('data-mean'));
        const shownB = Number(await cells.nth(1).getAttribute('data-mean'));
        expect(shownA, `${key} A`).toBeCloseTo(mean(a), 9);
        expect(shownB, `${key} B`).toBeCloseTo(mean(b), 9);
        // and the text says it: "mean ± sd"
        // (and, to a screen reader only, ", better" where the cell is bold)
        expect(await cells.nth(0).innerText()).toMatch(/^[\d.]+( pkts)? ± [\d.]+( pkts)?(\n?, better)?$/);
        // the verdict, from the per-seed differences computed here (paired by seed)
        const d = b.map((x, k) => x - a[k]);
        const md = mean(d);
        const sdd = Math.sqrt(d.reduce((s, x) => s + (x - md) ** 2, 0) / (d.length - 1));
        const expected = d.every((x) => x === 0) ? 'the same' : Math.abs(md) > (2 * sdd) / Math.sqrt(d.length) ? 'larger than the seeds’ spread' : 'within the seeds’ spread';
        expect(await cells.nth(3).innerText(), `${key}: differences ${d.join(', ')}`).toBe(expected);
      }
      // the table exports as CSV through the chart cards' Export menu, by keyboard: the
      // file's means are the table's (data-mean, in the row's unit), a column per seed
      const tools = page.locator('[data-testid=compare-table-export]');
      await tools.locator('summary').focus();
      await page.keyboard.press('Enter');
      const csvItem = tools.getByRole('button', { name: 'CSV data' });
      await csvItem.waitFor();
      expect(await tools.locator('[data-testid=export-units]').innerText()).toContain('One row per metric');
      expect(await tools.getByRole('button', { name: 'PNG image' }).count()).toBe(0);
      await csvItem.focus();
      const [dl] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
      expect(dl.suggestedFilename()).toMatch(/^aqm-lab-compare-.+-seeds4-6\.csv$/);
      const csv = readFileSync((await dl.path())!, 'utf8');
      expect(csv).not.toMatch(/NaN|undefined|null/);
      const lines = csv.trim().split('\n');
      expect(lines[0]).toMatch(/^key,metric,unit,"A: Four Reno flows, .* \(mean\)",.*,A seed 4,A seed 5,A seed 6,B seed 4,B seed 5,B seed 6$/);
      expect(lines.length - 1).toBe(await page.locator('[data-testid=seed-table] tbody tr').count());
      const drops = lines.find((l) => l.startsWith('drops,'))!.split(',');
      const dropCells = page.locator('[data-testid=seed-table] tr[data-metric="drops"] td');
      expect(Number(drops[3])).toBeCloseTo(Number(await dropCells.nth(0).getAttribute('data-mean')), 9);
      expect(Number(drops[5])).toBeCloseTo(Number(await dropCells.nth(1).getAttribute('data-mean')), 9);
      expect(drops.slice(-6).map(Number)).toEqual([...A.map((x) => x.bottleneck.drops), ...B.map((x) => x.bottleneck.drops)]);
      expect(await tools.locator('details').getAttribute('open')).toBeNull();
      // the overlaid queue chart exports as SVG, captioned as a single-run chart's export:
      // lesson, what it is compared with, the seeds, and the link; its lines and legend drawn
      const queueMenu = page.locator('.cmp-chart.cmp-exportable').filter({ hasText: 'Bottleneck queue (seed 4)' }).locator('.cmp-chart-tools');
      await queueMenu.locator('summary').click();
      expect(await queueMenu.getByRole('button').allInnerTexts()).toEqual(['PNG image', 'SVG image']);
      const [svgDl] = await Promise.all([page.waitForEvent('download'), queueMenu.getByRole('button', { name: 'SVG image' }).click()]);
      expect(svgDl.suggestedFilename()).toMatch(/^aqm-lab-compare-.+-seeds4-6-queue\.svg$/);
      const svg = readFileSync((await svgDl.path())!, 'utf8');
      expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
      expect(svg).toContain('<title>Bottleneck queue (seed 4)</title>');
      expect(svg).toMatch(/<desc>AQM Lab [^<]* · lesson default · compared with a drop-tail queue · seed 4 of seeds 4 to 6 · [\d-]+ [\d:]+ · \?compare=droptail&amp;seeds=3#p=default&amp;duration=8&amp;seed=4<\/desc>/);
      // the link reopens the comparison, not lesson A alone
      expect(svg).toContain('link="?compare=droptail&amp;seeds=3#p=default&amp;duration=8&amp;seed=4"');
      expect((svg.match(/<path /g) ?? []).length).toBe(await page.locator('.cmp-chart.cmp-exportable').filter({ hasText: 'Bottleneck queue (seed 4)' }).locator('.cmp-chart-wrap > svg path').count());
      expect(svg).toContain('a drop-tail queue: queue</text>');
      // well-formed XML (a serialized React <svg> and its text escaped right)
      expect(await page.evaluate((t) => new DOMParser().parseFromString(t, 'image/svg+xml').querySelector('parsererror') === null, svg)).toBe(true);
      // the rule is stated under the table, the seeds over it
      expect(await page.locator('.cmp-seed').filter({ hasText: 'Both run with each of seeds 4 to 6' }).count()).toBe(1);
      expect(await page.locator('[data-testid=spread-rule]').innerText()).toContain('2 × sd(B − A)/√N');
      // the charts are the first seed's, and say so
      expect(await page.locator('.cmp figcaption, .cmp .cmp-chart').filter({ hasText: 'Bottleneck queue (seed 4)' }).count()).toBeGreaterThan(0);
      await page.locator('section.cmp').screenshot({ path: `${SHOTS}/compare-seeds.png` });
      expect(await seriousViolations(page, '.cmp-panel')).toEqual([]);
      await page.context().close();
    });

    it('classroom mode: the seeds control and the table of means at projector size', async () => {
      const page = await open('p=default&duration=8', '?classroom=1', 1920, 1080);
      await compareOver(page, 3, 'compare-seeds-controls-classroom.png');
      await page.locator('[data-testid=seed-table]').first().waitFor({ timeout: 180_000 });
      await page.locator('.cmp-panel').screenshot({ path: `${SHOTS}/compare-seeds-classroom.png` });
      // the table's text is classroom-sized (the page's type is 20 px and more there)
      const size = await page.locator('[data-testid=seed-table] td').first().evaluate((e) => parseFloat(getComputedStyle(e).fontSize));
      expect(size).toBeGreaterThanOrEqual(18);
      await page.context().close();
    });

    it('web traffic: the response-time chart draws the other seeds faintly behind the first, and says so', async () => {
      // a warm-up shorter than the lesson's 30 s, or the link's 20 s would be refused and each run last 230 s
      const page = await open('p=web-redecn5-80&duration=20&warmup=5');
      await expectRunLength(page, 20, 5);
      await compareOver(page, 3);
      await page.locator('[data-testid=seed-table]').first().waitFor({ timeout: 180_000 });
      const chart = page.locator('[data-testid=compare-response]');
      expect(await chart.locator('h3').innerText()).toMatch(/^Response times \(seed (\d+); faint: seeds \d+ to \d+\)$/);
      await chart.scrollIntoViewIfNeeded();
      await chart.screenshot({ path: `${SHOTS}/compare-seeds-web.png` });
      // the legend and the read-out name only the first seed's runs and the baseline
      const canvas = chart.locator('canvas');
      const box = (await canvas.boundingBox())!;
      await page.mouse.move(box.x + box.width * 0.4, box.y + box.height * 0.5);
      await expect.poll(() => chart.locator('.cmp-legend-line').innerText()).toMatch(/^within .*uncongested: [\d.]+ %$/);
      expect((await chart.locator('.cmp-legend-line').innerText()).match(/: [\d.]+ %/g)?.length).toBe(3);
      await page.context().close();
    });
    // the counter "run k of 12" was the live region: a screen reader heard each of the 12 runs
    it('a screen reader hears the start, each quarter and the end with what the table found, not each run', async () => {
      const page = await open('p=default&duration=4&seed=2');
      try {
        const speech = await recordSpeech(page, 'section.cmp', '[data-testid=seed-runs]');
        await compareOver(page, 6);
        await page.locator('[data-testid=seed-table]').first().waitFor({ timeout: 180_000 });
        await page.waitForFunction(() => document.querySelector('[data-testid=seed-runs]')?.textContent === 'all 12 runs done', undefined, { timeout: 15_000, polling: 100 });
        // the end's announcement follows in the next render
        await page.waitForTimeout(500);
        const { said, counter } = await speech();
        console.log(`compare over seeds: ${said.length} announcements while the counter showed ${counter.length} values:\n  ${said.join('\n  ')}`);
        // the counter did count the runs one by one (else the test could not see a flood)
        expect(counter.filter((c) => /^run \d+ of 12$/.test(c)).length, counter.join(' | ')).toBeGreaterThanOrEqual(6);
        expect(counter[counter.length - 1]).toBe('all 12 runs done');
        expect(said.length, said.join('\n')).toBeLessThanOrEqual(5);
        expect(said[0]).toMatch(/^Running 12 runs \(A: .*; B: .*\) with each of seeds 2 to 7, 2 at a time/);
        expect(said.slice(1, -1).every((t) => /^\d+ of 12 runs done\.$/.test(t)), said.join('\n')).toBe(true);
        expect(said[said.length - 1]).toMatch(/^All 12 runs done\. The table of means follows: B against A, (no figure differs|\d+ of \d+ figures differ) by more than the seeds’ spread/);
      } finally {
        await page.context().close();
      }
    });
    it('Close comparison stops every run of a comparison over seeds: its workers end, none of the later seeds starts', async () => {
      const page = await open('p=default&duration=30');
      const before = await pageWorkers(page);
      await compareOver(page, 10);
      await expect.poll(() => page.locator('[data-testid=seed-runs]').innerText()).toBe('run 1 of 20');
      // no more runs at once than one seed takes (two: no web traffic, no baseline)
      await expect.poll(() => page.workers().length - before, { timeout: WORKER_WAIT }).toBe(2);
      await expectCloseStopsRuns(page, before);
      await page.context().close();
    });
  });
});
