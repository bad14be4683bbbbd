/// <reference lib="dom" />
/**
 * The family view over several seeds, in Chromium: three lessons of seeds/000's 80 % family
 * (drop-tail, RED and ARED + ECN with a 5 ms target) on a short window, over 3 seeds. Each
 * lesson's mean of each figure in the table must equal the mean of its three single-seed
 * runs, run here in Node with runScenario at seeds s, s+1, s+2 (bit-identical to the worker,
 * DESIGN §3), and each verdict the paired rule on the per-seed differences from the first
 * lesson computed here: the test fails if the seeds are not varied, not paired or averaged
 * wrong. Screenshots go to /tmp/shots/.
 */
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Summary } from '../../src/engine/metrics/types';
import { runScenario } from '../../src/engine/run';
import type { Scenario } from '../../src/engine/scenario/schema';
import type { EngineScenario } from '../../src/engine/sim-run';
import { largeRunQuestion } from '../../src/ui/run/controller';
import { FAMILY_METRICS, familyRunList, shortLabels } from '../../src/ui/compare/family';
import { lessonComparisons } from '../../src/engine/scenario/lesson-compare';
import { presetScenario } from '../../src/engine/scenario/presets';
import { comparisonQuestion, seedList, verdictText } from '../../src/ui/compare/seeds';
import { lessons } from '../../src/ui/scenario-api';
import { expectCloseStopsRuns, openApp, recordSpeech, seriousViolations, harnessPerFile, SHOTS, WORKER_WAIT, pageWorkers } from './harness';

// one part of the browser tests, run by browser.test.ts (its name filters it: -t 'family-seeds')
describe('family-seeds', () => {
  const h = harnessPerFile();

  const PRESET = 'web-dt148-80';
  const OTHERS = ['web-red5-80', 'web-redecn5-80'];

  const open = (hash: string, query = '', width = 1366, height = 900): Promise<Page> => openApp(h(), hash, { query, width, height });

  /** The family's members as the panel lists them (the current scenario first), with `ids` ticked and the others not. */
  async function pickFamily(page: Page, ids: readonly string[], n: number): Promise<{ id: string; title: string; scenario: Scenario }[]> {
    const scenario = (await page.evaluate(() => JSON.parse(JSON.stringify(window.__aqmlab!.store.getState().scenario)))) as Scenario;
    const list = familyRunList(scenario, 'current', PRESET, lessons());
    await page.locator('details.slot-compare > summary').click();
    const select = page.locator('.cmp-panel select.cmp-choice');
    await select.scrollIntoViewIfNeeded();
    await select.selectOption('f:family');
    const boxes = page.locator('.cmp-family input[type=checkbox]');
    expect(await boxes.count()).toBe(list.length);
    for (let i = 0; i < list.length; i++) await boxes.nth(i).setChecked(ids.includes(list[i].id));
    await page.getByLabel('Repeat each run over').selectOption(String(n));
    return list.filter((m) => ids.includes(m.id));
  }

  const mean = (xs: number[]) => xs.reduce((a, x) => a + x, 0) / xs.length;
  const sd = (xs: number[]) => {
    const m = mean(xs);
    return Math.sqrt(xs.reduce((a, x) => a + (x - m) ** 2, 0) / (xs.length - 1));
  };

  describe('the lesson family over seeds', () => {
    it('each lesson’s mean equals its Node runs at seeds s, s+1, s+2, and each verdict the paired rule against the first lesson', async () => {
      const page = await open(`p=${PRESET}&duration=12&warmup=2&seed=3`);
      const members = await pickFamily(page, ['current', ...OTHERS], 3);
      expect(members.map((m) => m.id)).toEqual(['current', ...OTHERS]);
      await page.locator('.cmp-panel button.primary').click();
      // 3 lessons and the baseline at each of 3 seeds
      await expect.poll(() => page.locator('[data-testid=seed-runs]').innerText()).toMatch(/^(run ([1-9]|1[0-2]) of 12|all 12 runs done)$/);
      const table = page.locator('[data-testid=family-seed-table]');
      await table.waitFor({ timeout: 180_000 });
      expect(await page.locator('[data-testid=seed-runs]').innerText()).toBe('all 12 runs done');
      expect(await page.locator('.cmp-seed').filter({ hasText: 'All run with each of seeds 3 to 5' }).count()).toBe(1);

      // the same runs in Node, one seed at a time
      const seeds = seedList(3, 3);
      const node: Summary[][] = members.map((m) => seeds.map((seed) => runScenario({ ...m.scenario, seed } as unknown as EngineScenario).summary));
      // the rows: the lessons' short labels, the first said to be the reference
      const labels = shortLabels(members.map((m) => (m.id === 'current' ? lessons().find((l) => l.name === PRESET)!.title : m.title)));
      const heads = (await table.locator('tbody th').allInnerTexts()).map((t) => t.trim());
      expect(heads).toEqual(labels.map((l, i) => (i === 0 ? `${l} (reference)` : l)));

      for (const m of FAMILY_METRICS) {
        const ref = node[0].map((s) => m.value(s)!);
        for (let i = 0; i < members.length; i++) {
          const own = node[i].map((s) => m.value(s)!);
          const cell = table.locator(`tbody tr[data-member="${i}"] td[data-metric="${m.key}"]`);
          expect(Number(await cell.getAttribute('data-mean')), `${members[i].id} ${m.key}`).toBeCloseTo(mean(own), 9);
          expect(Number(await cell.getAttribute('data-sd')), `${members[i].id} ${m.key}`).toBeCloseTo(sd(own), 9);
          if (i === 0) {
            expect(await cell.locator('[data-testid=family-verdict]').count()).toBe(0);
            continue;
          }
          // paired by seed: this lesson's run at seed k minus the first lesson's at seed k
          const d = own.map((x, k) => x - ref[k]);
          const md = mean(d);
          const expected = d.every((x) => x === 0) ? 'same' : Math.abs(md) > (2 * sd(d)) / Math.sqrt(d.length) ? 'apart' : 'within';
          expect(await cell.getAttribute('data-verdict'), `${members[i].id} ${m.key}: differences ${d.join(', ')}`).toBe(expected);
          const said = cell.locator('[data-testid=family-verdict]');
          expect(await said.innerText()).toMatch(expected === 'same' ? /^the same$/ : new RegExp(`^[+−][\\d.]+, ${verdictText(expected, true)}$`));
          expect(await said.getAttribute('title')).toMatch(new RegExp(`: ${verdictText(expected)}$`));
        }
      }
      // the seeds do move the load: a table of one seed's runs could not match the means above
      for (let i = 0; i < members.length; i++) {
        const util = node[i].map((s) => s.bottleneck.utilization);
        expect(new Set(util).size, `${members[i].id}: utilization over seeds ${util.join(', ')}`).toBe(3);
        expect(Math.abs(mean(util) - util[0])).toBeGreaterThan(1e-4);
      }
      // the rule is stated under the table
      expect(await page.locator('[data-testid=spread-rule]').innerText()).toContain('2 × sd(lesson − first lesson)/√N');
      // the chart: seed 3 solid, the others faint, and it says so
      const chart = page.locator('[data-testid=compare-response]');
      expect(await chart.locator('h3').innerText()).toBe('Response times (seed 3; faint: seeds 4 to 5)');
      await chart.scrollIntoViewIfNeeded();
      const box = (await chart.locator('canvas').boundingBox())!;
      await page.mouse.move(box.x + box.width * 0.4, box.y + box.height * 0.5);
      // the read-out names the first seed's three lessons and the baseline, not the faint curves
      await expect.poll(() => chart.locator('.cmp-legend-line').innerText()).toMatch(/uncongested: [\d.]+ %$/);
      expect((await chart.locator('.cmp-legend-line').innerText()).match(/: [\d.]+ %/g)?.length).toBe(4);
      await page.locator('section.cmp').screenshot({ path: `${SHOTS}/family-seeds.png` });
      // the table exports as CSV: a row per lesson and figure, the means and each seed's run as computed here in Node
      const tools = page.locator('section.cmp [data-testid=compare-table-export]');
      await tools.locator('summary').click();
      const [dl] = await Promise.all([page.waitForEvent('download'), tools.getByRole('button', { name: 'CSV data' }).click()]);
      expect(dl.suggestedFilename()).toMatch(/^aqm-lab-family-.+-and-2-more-seeds3-5\.csv$/);
      const csv = readFileSync((await dl.path())!, 'utf8');
      expect(csv).not.toMatch(/NaN|undefined|null/);
      const lines = csv.trim().split('\n');
      expect(lines.length - 1).toBe(members.length * FAMILY_METRICS.length);
      // (a lesson's label may hold a comma, quoted: the key and metric follow it)
      const loss = lines.filter((l) => l.includes(',loss,Loss %,')).map((l) => l.split(','));
      expect(loss.length).toBe(members.length);
      loss.forEach((cells, i) => expect(cells.slice(-3).map(Number), members[i].id).toEqual(node[i].map((x) => Number((100 * x.bottleneck.lossRate).toPrecision(12)))));
      // the overlaid response times export as SVG, captioned with the reference lesson, the others and the seeds
      const chartMenu = chart.locator('.cmp-chart-tools');
      await chartMenu.locator('summary').click();
      const [svgDl] = await Promise.all([page.waitForEvent('download'), chartMenu.getByRole('button', { name: 'SVG image' }).click()]);
      expect(svgDl.suggestedFilename()).toMatch(/^aqm-lab-family-.+-seeds3-5-response-times\.svg$/);
      const svg = readFileSync((await svgDl.path())!, 'utf8');
      expect(svg).toContain(`lesson ${PRESET} · compared with ${labels.slice(1).join(', ')} · seed 3 of seeds 3 to 5`);
      expect(await page.evaluate((t) => new DOMParser().parseFromString(t, 'image/svg+xml').querySelector('parsererror') === null, svg)).toBe(true);
      expect(await seriousViolations(page, '.cmp-panel')).toEqual([]);
      await page.context().close();
    });

    it('one seed: the one-seed table as before, each row its lesson’s run at that seed', async () => {
      const page = await open(`p=${PRESET}&duration=12&warmup=2&seed=6`);
      const members = await pickFamily(page, ['current', OTHERS[1]], 1);
      await page.locator('.cmp-panel button.primary').click();
      await page.waitForFunction(() => document.querySelectorAll('[data-testid=family-table] tbody tr').length === 2, undefined, { timeout: 120_000, polling: 250 });
      expect(await page.locator('[data-testid=family-seed-table], [data-testid=seed-runs]').count()).toBe(0);
      expect(await page.locator('[data-testid=compare-response] h3').innerText()).toBe('Response times');
      const rows = (await page.locator('[data-testid=family-table] tbody tr').allInnerTexts()).map((r) => r.split('\t').map((c) => c.trim()));
      for (let i = 0; i < 2; i++) {
        const s = runScenario(members[i].scenario as unknown as EngineScenario).summary;
        expect(members[i].scenario.seed).toBe(6);
        expect(rows[i].slice(1)).toEqual(FAMILY_METRICS.map((m) => m.text(m.value(s)!)));
      }
      // the one-seed table exports as CSV: its rows, in the heads' units at full precision
      const tools = page.locator('section.cmp [data-testid=compare-table-export]');
      await tools.locator('summary').click();
      const [dl] = await Promise.all([page.waitForEvent('download'), tools.getByRole('button', { name: 'CSV data' }).click()]);
      const csv = readFileSync((await dl.path())!, 'utf8').trim().split('\n');
      expect(csv[0]).toBe('lesson,Loss %,Utilization %,Mean queue pkts,Exchanges,% with a drop,% within 200 ms,% within 500 ms,% within 1 s,% within 2 s');
      expect(csv.length).toBe(3);
      const s0 = runScenario(members[0].scenario as unknown as EngineScenario).summary;
      // counted from the end (a label may hold a comma): 200 ms, then the share with a drop, then the mean queue
      const cells = csv[1].split(',');
      expect(Number(cells.at(-4))).toBe(Number((100 * s0.web!.cdf.find(([t]) => t === 0.2)![1]).toPrecision(12)));
      expect(Number(cells.at(-5))).toBe(Number((100 * s0.web!.flowsWithLoss).toPrecision(12)));
      expect(Number(cells.at(-7))).toBe(Number(s0.bottleneck.meanQueuePackets.toPrecision(12)));
      await page.context().close();
    });

    it("what the lessons say of one another: each comparison of two ticked lessons checked at each seed, as the Node runs give it", async () => {
      // seeds/002's PI with and without ECN at 90 %, over seeds 2 and 3
      const page = await open('p=web-users-pi-ecn-90', '?compare=family&seeds=2&lessons=current,web-users-pi-90');
      await expect.poll(() => page.locator('.cmp-family input[type=checkbox]:checked').count()).toBe(2);
      const speech = await recordSpeech(page, 'section.cmp', '[data-testid=seed-runs]');
      await page.locator('.cmp-panel button.primary').click();
      await page.waitForFunction(() => document.querySelector('[data-testid=seed-runs]')?.textContent === 'all 6 runs done', undefined, { timeout: 180_000, polling: 250 });
      // the family's counter is no live region either: the start, the quarters and the end, which says what the table found
      await page.waitForFunction(() => /^All 6 runs done/.test(document.querySelector('[data-testid=seed-announce]')?.textContent ?? ''), undefined, { timeout: 10_000, polling: 100 });
      // (the response chart's read-out region says its hint once, when the chart appears: not the runs')
      const said = (await speech()).said.filter((t) => !t.startsWith('Point at the chart'));
      expect.soft(said.length, said.join('\n')).toBeLessThanOrEqual(5);
      expect.soft(said[0]).toMatch(/^Running 6 runs \(2 lessons and the uncongested baseline\) with each of seeds 2 to 3/);
      expect.soft(said[said.length - 1]).toMatch(/^All 6 runs done\. The table of means follows: each lesson against .*, (no figure differs|\d+ of \d+ figures differ) by more than the seeds’ spread/);
      const names = ['web-users-pi-ecn-90', 'web-users-pi-90'];
      const node = names.map((n) => [2, 3].map((seed) => runScenario({ ...presetScenario(n)!, seed } as unknown as EngineScenario).summary));
      const want = lessonComparisons(names.map((n) => ({ lesson: n, scenario: presetScenario(n)! })), node);
      expect(want.rows).toHaveLength(2);
      const items = page.locator('[data-testid=family-comparisons] li');
      expect(await items.count()).toBe(2);
      for (let i = 0; i < 2; i++) {
        const r = want.rows[i];
        const held = r.verdicts.filter((v) => v.pass).length;
        expect(await items.nth(i).getAttribute('data-held')).toBe(String(held));
        const text = await items.nth(i).innerText();
        expect(text).toContain(`${r.lesson}: ${r.text}`);
        expect(text).toContain(held === 2 ? `Holds at 2 of 2 seeds. Measured at seed 2: ${r.verdicts[0].measured}.` : `Holds at ${held} of 2 seeds. Not at seed`);
      }
      // PI's own statements name REM and drop-tail, not ticked
      expect(await page.getByTestId('family-comparisons').innerText()).toContain('2 statements name a lesson not ticked here, and are left out.');
      await page.getByTestId('family-comparisons').screenshot({ path: `${SHOTS}/family-comparisons.png` });
      await page.context().close();
    });

    it('a link keeps the family view and its number of seeds: opened, the family runs over those seeds', async () => {
      const page = await open(`p=${PRESET}&duration=12&warmup=2&seed=3`);
      await pickFamily(page, ['current', OTHERS[1]], 3);
      // what Copy link copies is the page's link (scenarioHref keeps the query)
      const link = new URL(page.url());
      expect(link.searchParams.get('compare')).toBe('family');
      expect(link.searchParams.get('seeds')).toBe('3');
      // the two ticked lessons, not the first six: named in the link, readably
      expect(link.search).toContain(`lessons=current,${OTHERS[1]}`);
      await page.context().close();

      // opened, the link ticks those two and no other
      const same = await open(`p=${PRESET}&duration=12&warmup=2&seed=3`, link.search);
      await expect.poll(() => same.locator('.cmp-family input[type=checkbox]:checked').count()).toBe(2);
      const checked = await same.locator('.cmp-family label').filter({ has: same.locator('input:checked') }).allInnerTexts();
      expect(checked[0]).toContain('(the current scenario)');
      expect(checked[1]).toContain(lessons().find((l) => l.name === OTHERS[1])!.title);
      expect(await same.locator('[data-testid^=banner-]').count()).toBe(0);
      await same.context().close();

      // a link typed with N = 3 (the ticked lessons are not in it: the first six, as on opening the family)
      const opened = await open(`p=${PRESET}&duration=12&warmup=2&seed=3`, '?compare=family&seeds=3');
      // Compare unfolds once its (lazily loaded) panel is there
      await expect.poll(() => opened.locator('details.slot-compare').evaluate((d) => (d as HTMLDetailsElement).open)).toBe(true);
      expect(await opened.locator('.cmp-panel select.cmp-choice').inputValue()).toBe('f:family');
      expect(await opened.getByLabel('Repeat each run over').inputValue()).toBe('3');
      const ticked = await opened.locator('.cmp-family input[type=checkbox]:checked').count();
      expect(ticked).toBeGreaterThanOrEqual(2);
      await opened.locator('.cmp-panel button.primary').click();
      const total = (ticked + 1) * 3;
      await opened.waitForFunction((t) => document.querySelector('[data-testid=seed-runs]')?.textContent === `all ${t} runs done`, total, { timeout: 180_000, polling: 250 });
      expect(await opened.locator('.cmp-seed').filter({ hasText: 'All run with each of seeds 3 to 5' }).count()).toBe(1);
      expect(await opened.locator('[data-testid=family-seed-table] tbody tr').count()).toBe(ticked);
      expect(await opened.locator('[data-testid^=banner-]').count()).toBe(0);
      await opened.context().close();
    });

    it('a link with a bad number of seeds or choice says which key, the value and what is allowed; the page works with the defaults', async () => {
      for (const [query, said] of [
        ['?compare=family&seeds=0', 'seeds=0: '],
        ['?compare=family&seeds=abc', 'seeds=abc: '],
        ['?compare=family&seeds=11', 'seeds=11: '],
      ] as const) {
        const page = await open(`p=${PRESET}&duration=12&warmup=2&seed=6`, query);
        const banner = page.getByTestId('banner-warning');
        await expect.poll(() => banner.count()).toBe(1);
        const text = await banner.innerText();
        expect(text).toContain('A Compare setting in this link could not be used');
        expect(text).toContain(said);
        expect(text).toContain('“Repeat each run over” (seeds) takes a whole number of seeds from 1 to 10; 1 seed is used.');
        // the good key still applies, the bad one is the default, and the scenario is the link's
        expect(await page.locator('.cmp-panel select.cmp-choice').inputValue()).toBe('f:family');
        expect(await page.getByLabel('Repeat each run over').inputValue()).toBe('1');
        expect(await page.evaluate(() => window.__aqmlab!.store.getState().scenario.seed)).toBe(6);
        // the address bar keeps what was used, so a link copied from it again opens without the banner
        expect(new URL(page.url()).search).toBe('?compare=family');
        if (query.endsWith('abc')) {
          await page.locator('.cmp-panel button.primary').click();
          await page.waitForFunction(() => document.querySelectorAll('[data-testid=family-table] tbody tr').length >= 2, undefined, { timeout: 120_000, polling: 250 });
          await page.addStyleTag({ content: '.app-header, .transport { position: static !important; }' });
          await banner.screenshot({ path: `${SHOTS}/family-bad-seeds-banner.png` });
          await page.locator('details.slot-compare').screenshot({ path: `${SHOTS}/family-bad-seeds-compare.png` });
        }
        await page.context().close();
      }
      // a choice that is not one, and one this lesson does not offer (a family on a lesson without web traffic)
      const bad = await open(`p=${PRESET}`, '?compare=famly');
      await expect.poll(() => bad.getByTestId('banner-warning').innerText()).toMatch(/compare=famly: Compare offers family, grid, .*; the first choice offered is used\./);
      expect(new URL(bad.url()).search).toBe('');
      await bad.context().close();
      // ticked lessons not of the family are named; the others are ticked
      const odd = await open(`p=${PRESET}`, `?compare=family&lessons=current,web-nope,${OTHERS[0]}`);
      await expect.poll(() => odd.getByTestId('banner-warning').innerText()).toContain('web-nope is not in this lesson’s family');
      expect(await odd.locator('.cmp-family input[type=checkbox]:checked').count()).toBe(2);
      expect(new URL(odd.url()).search).toBe(`?compare=family&lessons=current,${OTHERS[0]}`);
      await odd.context().close();
      const other = await open('p=lockout-dt', '?compare=family&seeds=2');
      await expect.poll(() => other.getByTestId('banner-warning').innerText()).toContain('compare=family: Compare does not offer that for this lesson');
      expect(await other.getByLabel('Repeat each run over').inputValue()).toBe('2');
      await other.context().close();
    });

    it('on a phone (390 px) the family view’s headings and the panel’s controls lie within the screen, over seeds and over one', async () => {
      /** What lies (partly) outside the 390 px viewport, by its text. */
      const outside = (page: Page) =>
        page.evaluate(() =>
          [...document.querySelectorAll<HTMLElement>('.cmp-panel-controls > *, .cmp-panel-controls select, .cmp-family legend, section.cmp h3, section.cmp caption, section.cmp .cmp-seed')]
            .map((e) => ({ r: e.getBoundingClientRect(), t: `${e.tagName.toLowerCase()} “${(e.textContent ?? '').slice(0, 40)}”` }))
            .filter(({ r }) => r.width > 0 && (r.left < 0 || r.right > innerWidth))
            .map(({ r, t }) => `${t} at ${Math.round(r.left)} to ${Math.round(r.right)} px`),
        );
      for (const n of [3, 1]) {
        const page = await open(`p=${PRESET}&duration=12&warmup=2&seed=3`, `?compare=family&seeds=${n}`, 390, 844);
        await page.locator('.cmp-panel button.primary').click();
        const table = page.locator(n > 1 ? '[data-testid=family-seed-table]' : '[data-testid=family-table]');
        await page.waitForFunction((sel) => document.querySelectorAll(`${sel} tbody tr`).length === 6, n > 1 ? '[data-testid=family-seed-table]' : '[data-testid=family-table]', { timeout: 180_000, polling: 250 });
        // the table's heading, by its bounding box
        const caption = (await table.locator('caption').boundingBox())!;
        expect(caption.x).toBeGreaterThanOrEqual(0);
        expect(caption.x + caption.width).toBeLessThanOrEqual(390);
        expect(await outside(page)).toEqual([]);
        // the page itself does not scroll sideways (a wide table scrolls in its own region)
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
        await page.addStyleTag({ content: '.app-header, .transport { position: static !important; }' });
        await table.locator('caption').scrollIntoViewIfNeeded();
        await page.screenshot({ path: `${SHOTS}/family-phone-${n}-seeds.png` });
        await page.context().close();
      }
    });

    it('asks before a large family over seeds, counting every lesson at every seed; Close stops every run', async () => {
      const page = await open(`p=${PRESET}&warmup=2&seed=1`);
      // a window where one run is not very large but 2 lessons × 10 seeds are
      const scenario = (await page.evaluate(() => JSON.parse(JSON.stringify(window.__aqmlab!.store.getState().scenario)))) as Scenario;
      const at = (d: number) => ({ ...scenario, duration: d, stopAfterExchanges: undefined });
      let duration = 20;
      while (comparisonQuestion([{ label: 'a', scenario: at(duration) }, { label: 'b', scenario: at(duration) }], 10, largeRunQuestion) === null) duration *= 2;
      expect(largeRunQuestion(at(duration) as Scenario)).toBeNull();
      const errs = await page.evaluate((d) => window.__aqmlab!.controller.setParam('duration', d), duration);
      expect(errs).toEqual([]);
      const members = await pickFamily(page, ['current', OTHERS[1]], 10);
      const asked: string[] = [];
      page.on('dialog', (d) => {
        asked.push(d.message());
        void d.dismiss();
      });
      await page.locator('.cmp-panel button.primary').click();
      await expect.poll(() => asked.length).toBe(1);
      const expected = comparisonQuestion(
        members.map((m, i) => ({ label: String(i), scenario: { ...m.scenario, seed: 1 } })),
        10,
        largeRunQuestion,
      )!;
      expect(asked[0]).toMatch(/^Compare over 10 seeds: /);
      expect(asked[0]).toContain('its 20 runs (2 scenarios × 10 seeds)');
      expect(asked[0]).toContain(expected.question.split('\n').find((l) => l.startsWith('All 20 runs together'))!);
      await expect.poll(() => page.locator('.cmp-panel .cmp-error').innerText()).toMatch(/^Not started: the comparison over 10 seeds is very large/);
      expect(await page.locator('section.cmp').count()).toBe(0);

      // a shorter window, still over 10 seeds: it starts; Close comparison ends its workers and none starts later
      expect(await page.evaluate(() => window.__aqmlab!.controller.setParam('duration', 60))).toEqual([]);
      const before = await pageWorkers(page);
      const cores = await page.evaluate(() => navigator.hardwareConcurrency || 2);
      await page.locator('.cmp-panel button.primary').click();
      await expect.poll(() => page.locator('[data-testid=seed-runs]').innerText()).toBe('run 1 of 30');
      // no more runs at once than the family takes over one seed
      await expect.poll(() => page.workers().length - before, { timeout: WORKER_WAIT }).toBe(Math.max(1, Math.min(4, cores - 1)));
      await expectCloseStopsRuns(page, before);
      await page.context().close();
    });
  });
});
