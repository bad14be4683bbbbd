/// <reference lib="dom" />
/**
 * Accessibility of the main views, in Chromium: axe-core finds no violation at all (any
 * impact: a landmark gap is reported as moderate) on the default lesson before and after a
 * run, the inspector showing a decision, the editor holding an invalid value, a web lesson
 * with its response-time chart, and a comparison; and what a keyboard or screen-reader user
 * meets where it was wrong: the File and Export menus close on Escape (focus back on their
 * button) and when the focus leaves them, the focus stays on a control when the one that
 * had it is disabled or goes, the focus ring contrasts with the page, a copied link is
 * announced, and the charts' text alternatives say what is drawn.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { presetByName } from '../../src/engine/scenario/presets';
import { harnessPerFile, openApp, SHOTS, viewAs, waitForStatus, runToEnd } from './harness';

// one part of the browser tests, run by browser.test.ts (its name filters it: -t 'a11y')
describe('a11y', () => {
  const h = harnessPerFile();
  const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

  /**
   * axe-core's violations on the whole page. Run on the document, not inside a selector: axe
   * leaves out its page-level rules (one main landmark, a level-one heading) for a part.
   */
  async function pageViolations(page: Page): Promise<string[]> {
    if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: AXE });
    const v = (await page.evaluate(async () => {
      const axe = (window as unknown as { axe: { run(ctx: Document, o: unknown): Promise<{ violations: { id: string; impact: string | null; nodes: { target: string[] }[] }[] }> } }).axe;
      return (await axe.run(document, { resultTypes: ['violations'] })).violations;
    })) as { id: string; impact: string | null; nodes: { target: string[] }[] }[];
    return v.map((x) => `${x.id} (${x.impact}): ${x.nodes.map((n) => n.target.join(' ')).join('; ')}`);
  }

  /** The element that has the focus: its tag and accessible label (aria-label, else its text). */
  const focused = (page: Page) => page.evaluate(() => {
    const a = document.activeElement as HTMLElement | null;
    return a ? `${a.tagName.toLowerCase()}: ${a.getAttribute('aria-label') ?? a.innerText.trim()}` : '';
  });

  /** Open <details> drop-down menus (File, Export), by their button's label. */
  /** How wide the box holding a line's text is on screen (a visually hidden one is 1 px). */
  const textWidth = (line: Locator) =>
    line.evaluate((p) => {
      const text = [...p.querySelectorAll('*'), p].find((e) => [...e.childNodes].some((c) => c.nodeType === 3 && c.textContent!.trim() !== ''));
      return text ? text.getBoundingClientRect().width : 0;
    });
  /**
   * Watches for a comparison's "done" status region to appear: the returned function gives the
   * text it had when it was put in the page (a region that appears with its text is not read out).
   */
  async function noteWhenShown(page: Page): Promise<() => Promise<string | null>> {
    await page.evaluate(() => {
      const w = window as unknown as { __doneNoteAtInsert?: string };
      delete w.__doneNoteAtInsert;
      const seen = () => {
        const e = document.querySelector('[data-testid=compare-done]');
        if (e && w.__doneNoteAtInsert === undefined) w.__doneNoteAtInsert = e.textContent ?? '';
      };
      new MutationObserver(seen).observe(document.body, { childList: true, subtree: true, characterData: true });
    });
    return () => page.evaluate(() => (window as unknown as { __doneNoteAtInsert?: string }).__doneNoteAtInsert ?? null);
  }
  const openMenus = (page: Page) => page.evaluate(() => [...document.querySelectorAll('details.export-menu[open] > summary')].map((s) => s.getAttribute('aria-label')));

  /** WCAG contrast ratio of two CSS rgb() colours. */
  function contrast(a: string, b: string): number {
    const lum = (c: string) => {
      const [r, g, bl] = (c.match(/[\d.]+/g) ?? []).slice(0, 3).map((v) => {
        const s = Number(v) / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
    };
    const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p);
    return (x + 0.05) / (y + 0.05);
  }

  describe('axe-core on the main views', () => {
    it('no violation on the default lesson before and after a run, with the inspector on a decision, and with an invalid value in the editor', async () => {
      const page = await openApp(h(), 'p=default&duration=10&warmup=2');
      expect(await pageViolations(page)).toEqual([]);
      await runToEnd(page, 90_000);
      expect(await pageViolations(page)).toEqual([]);
      // the counts behind the summary's figures are on the page, not only in their hover
      // tooltips (which kind of drop, how many marks: what a student is asked for)
      const detail = page.locator('section.summary [data-testid=summary-detail]');
      expect(await detail.innerText()).toMatch(/^Queue: [\d,]+ drops of [\d,]+ arrivals \(early [\d,]+, forced [\d,]+, overflow [\d,]+\), [\d,]+ ECN marks; at most [\d,]+ packets, mean queueing delay [\d.]+ ms\.$/);
      expect(await textWidth(detail)).toBeGreaterThan(100);
      await page.getByRole('button', { name: 'Reset the run' }).click();
      await page.getByRole('button', { name: 'Step to the next AQM decision' }).click();
      await waitForStatus(page, 'paused');
      await expect.poll(() => page.locator('.insp-pos').count()).toBe(1);
      expect(await pageViolations(page)).toEqual([]);
      const minTh = page.getByRole('textbox', { name: 'min_th' });
      await minTh.fill('500');
      await minTh.press('Enter');
      await expect.poll(() => minTh.getAttribute('aria-invalid')).toBe('true');
      expect(await pageViolations(page)).toEqual([]);
      await page.context().close();
    });

    it('a link with a bare delay likely meant in ms: the units banner, no violation, and the run still plays', async () => {
      const page = await openApp(h(), 'p=default&topology.bottleneck.delay=5&duration=10&warmup=2');
      const banner = page.getByTestId('banner-warning');
      await expect.poll(() => banner.innerText()).toContain('Check the units in this link');
      expect(await banner.innerText()).toContain('topology.bottleneck.delay=5 is read as 5 s (a bare number is in seconds); write 5ms for milliseconds');
      expect(await pageViolations(page)).toEqual([]);
      // a notice, not a refusal: the 5 s delay runs
      await runToEnd(page);
      expect(await pageViolations(page)).toEqual([]);
      await page.context().close();
    });

    it('no violation in the embedded view (?embed=1, for slides)', async () => {
      const page = await openApp(h(), 'p=default', { query: '?embed=1' });
      expect(await pageViolations(page)).toEqual([]);
      await page.context().close();
    });

    it('no violation on a web lesson after its run (response-time chart) nor on a comparison; the response chart says its quantiles and reads out from the keyboard', async () => {
      const page = await openApp(h(), 'p=web-dt148-80&duration=12&warmup=3');
      await runToEnd(page, 90_000);
      expect(await pageViolations(page)).toEqual([]);
      // the read-out needs a pointer: the canvas's name gives the curves in words
      const name = await page.locator('.chart-response canvas').getAttribute('aria-label');
      expect(name).toMatch(/this run, [\d,]+ responses: half within [\d.]+ m?s, 90 % within [\d.]+ m?s, 99 % within [\d.]+ m?s; uncongested/);
      // the read-out from the keyboard: ← → move it (and do not step the run), Home goes to 0
      const canvas = page.locator('.chart-response canvas');
      const readout = page.locator('.chart-response .response-readout');
      await canvas.focus();
      await page.keyboard.press('ArrowRight');
      await expect.poll(() => readout.innerText()).toMatch(/^within [\d.]+ m?s: this run: [\d.]+ %/);
      const first = await readout.innerText();
      await page.keyboard.press('ArrowRight');
      await expect.poll(() => readout.innerText()).not.toBe(first);
      await page.keyboard.press('Home');
      await expect.poll(() => readout.innerText()).toMatch(/^within 0 ms/);
      expect(await page.evaluate(() => window.__aqmlab!.store.getState().status)).toBe('done');
      expect(await readout.getAttribute('aria-live')).toBe('polite');
      // the read-out is drawn in the plot: the line says it to screen readers only, not twice on screen
      expect(await textWidth(readout)).toBeLessThanOrEqual(1);
      await page.locator('.chart-response canvas').screenshot({ path: `${SHOTS}/a11y-response-keyed.png` });
      await page.keyboard.press('Shift+Tab');
      await expect.poll(() => readout.innerText()).toMatch(/^Point at the chart/);
      expect(await textWidth(readout)).toBeGreaterThan(100);
      await page.locator('.chart-response').screenshot({ path: `${SHOTS}/a11y-response.png` });
      // the view shown (CDF) has no ring of its own: its blue outline looked like the focus
      // beside the real one and, focused, replaced the focus ring's dark outline
      const cdf = page.locator('.chart-response .card-tools').getByRole('button', { name: 'CDF', exact: true });
      const look = () => cdf.evaluate((b) => ({ pressed: b.getAttribute('aria-pressed'), outline: getComputedStyle(b).outlineStyle, color: getComputedStyle(b).outlineColor, focused: b === document.activeElement }));
      expect(await look()).toMatchObject({ pressed: 'true', outline: 'none', focused: false });
      for (let i = 0; i < 4 && !(await look()).focused; i++) await page.keyboard.press('Shift+Tab');
      expect(await look()).toEqual({ pressed: 'true', outline: 'solid', color: 'rgb(27, 31, 36)', focused: true });
      await page.context().close();

      const cmp = await openApp(h(), 'p=default&duration=6&warmup=1');
      await cmp.locator('details.slot-compare > summary').focus();
      await cmp.keyboard.press('Enter');
      await cmp.locator('.cmp-panel select.cmp-choice').selectOption({ label: 'the same with a drop-tail queue' });
      await cmp.locator('.cmp-panel button.primary').focus();
      const doneNote = await noteWhenShown(cmp);
      await cmp.keyboard.press('Enter');
      await cmp.getByRole('table', { name: /^Summaries/ }).waitFor({ timeout: 120_000 });
      // the end of the runs is said: a status region, there (empty) before it said it
      await expect.poll(() => cmp.getByRole('status').filter({ hasText: /^Comparison done: the charts and the table of summaries follow\.$/ }).count()).toBe(1);
      expect(await doneNote()).toBe('');
      expect(await pageViolations(cmp)).toEqual([]);
      // the table's Export menu, open, as a chart's: Enter opens it, Escape closes it, the focus back on its button
      const menu = cmp.locator('[data-testid=compare-table-export] summary[aria-label="Export comparison table"]');
      await menu.focus();
      await cmp.keyboard.press('Enter');
      await cmp.getByRole('group', { name: 'Export comparison table as' }).getByRole('button', { name: 'CSV data' }).waitFor();
      expect(await pageViolations(cmp)).toEqual([]);
      await cmp.keyboard.press('Escape');
      expect(await cmp.locator('[data-testid=compare-table-export] details').getAttribute('open')).toBeNull();
      expect(await cmp.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Export comparison table');
      await cmp.context().close();
    });
  });

  describe("the compare and family overlays' response-time read-out", () => {
    /** Focus the overlay's canvas and move its read-out with the keys, as on the live chart. */
    async function keyedReadout(page: Page, shot: string): Promise<void> {
      const canvas = page.locator('[data-testid=compare-response] canvas');
      const line = page.locator('[data-testid=compare-response] .cmp-legend-line');
      await canvas.scrollIntoViewIfNeeded();
      await canvas.focus();
      expect(await line.getAttribute('aria-live')).toBe('polite');
      expect(await canvas.getAttribute('aria-describedby')).toBe(await line.getAttribute('id'));
      await page.keyboard.press('ArrowRight');
      await expect.poll(() => line.innerText()).toMatch(/^within [\d.]+ m?s: .+: [\d.]+ %.*uncongested: [\d.]+ %/);
      const first = await line.innerText();
      await page.keyboard.press('ArrowRight');
      await expect.poll(() => line.innerText()).not.toBe(first);
      await page.keyboard.press('Home');
      await expect.poll(() => line.innerText()).toMatch(/^within 0 ms/);
      await page.keyboard.press('End');
      await expect.poll(() => line.innerText()).toMatch(/^within 2 s/);
      await page.keyboard.press('ArrowLeft');
      expect(await textWidth(line)).toBeLessThanOrEqual(1);
      await page.locator('[data-testid=compare-response]').screenshot({ path: `${SHOTS}/a11y-${shot}-readout.png` });
      // the keys moved the read-out, not the main run (← → step it elsewhere)
      expect(await page.evaluate(() => window.__aqmlab!.store.getState().status)).not.toBe('paused');
      // leaving the chart ends a read-out the keys made
      await page.keyboard.press('Shift+Tab');
      await expect.poll(() => line.innerText()).toMatch(/^Point at the chart/);
      expect(await textWidth(line)).toBeGreaterThan(100);
    }

    it('Compare (drop-tail against RED + ECN) and a lesson family: the overlay takes the focus, ← → Home End move its read-out', async () => {
      const page = await openApp(h(), 'p=web-dt148-80&duration=8&warmup=2');
      await page.locator('details.slot-compare > summary').click();
      const choice = page.locator('.cmp-panel select.cmp-choice');
      await choice.selectOption('v:red-ecn');
      // the closed select cuts a long choice at its edge: its title carries the whole label
      expect(await choice.getAttribute('title')).toBe(await choice.locator('option:checked').textContent());
      expect(await choice.getAttribute('title')).toMatch(/ECN/);
      await page.locator('.cmp-panel button.primary').click();
      await page.locator('[data-testid=compare-response] canvas').waitFor({ timeout: 120_000 });
      await page.getByRole('table', { name: /^Summaries/ }).waitFor({ timeout: 120_000 });
      // the overlay's name says each curve's numbers, as the live chart's does: no pointer needed
      const quantiles = /[\d,]+ responses: half within [\d.]+ m?s, 90 % within [\d.]+ m?s, 99 % within [\d.]+ m?s/;
      const overlayName = () => page.locator('[data-testid=compare-response] canvas').getAttribute('aria-label');
      // the uncongested curve comes from a run of its own, which may end after the compared
      // ones (seen in CI with the cores busy): the name grows to include it
      await expect.poll(overlayName, { timeout: 120_000 }).toMatch(new RegExp(`^Response-time distributions of .+: .+, ${quantiles.source}; .+, ${quantiles.source}; uncongested, ${quantiles.source}\\.`));
      await keyedReadout(page, 'compare');
      expect(await pageViolations(page)).toEqual([]);
      await page.getByRole('button', { name: 'Close comparison' }).click();

      await page.locator('.cmp-panel select.cmp-choice').selectOption('f:family');
      const boxes = page.locator('.cmp-family input[type=checkbox]');
      for (let i = 0; i < (await boxes.count()); i++) if ((await boxes.nth(i).isChecked()) !== i < 2) await boxes.nth(i).setChecked(i < 2);
      const familyNote = await noteWhenShown(page);
      await page.locator('.cmp-panel button.primary').click();
      await page.waitForFunction(() => document.querySelectorAll('.cmp-progress').length === 3 && [...document.querySelectorAll('.cmp-progress')].every((e) => /done/.test(e.textContent ?? '')), undefined, { timeout: 180_000, polling: 250 });
      await expect.poll(() => page.getByRole('status').filter({ hasText: /^Comparison done: the response-time chart and the table follow\.$/ }).count()).toBe(1);
      expect(await familyNote()).toBe('');
      await expect.poll(overlayName, { timeout: 120_000 }).toMatch(new RegExp(`^Response-time distributions of .+: .+, ${quantiles.source}; .+, ${quantiles.source}; uncongested, ${quantiles.source}\\.`));
      await keyedReadout(page, 'family');
      // the family's table scrolls in a region of its own: its focus ring is the app's two-tone one
      // (the orange alone had 2.2:1 contrast with the card)
      const table = page.locator('.cmp-table-scroll').first();
      await table.focus();
      expect(await table.evaluate((e) => e === document.activeElement && e.matches(':focus-visible'))).toBe(true);
      const ring = await table.evaluate((e) => getComputedStyle(e).outlineColor);
      expect(contrast(ring, 'rgb(255, 255, 255)'), ring).toBeGreaterThanOrEqual(3);
      await page.context().close();
    });
  });

  describe('projector', () => {
    it('classroom mode at 1024x768: the side panel below the charts is part of the page, not a box scrolling inside it; beside the charts (1280) it still scrolls on its own', async () => {
      const sideBox = (page: Page) => page.locator('aside.side').evaluate((e) => ({ scrolls: e.scrollHeight > e.clientHeight + 1, maxHeight: getComputedStyle(e).maxHeight }));
      const page = await openApp(h(), 'p=default', { query: '?classroom=1', width: 1024, height: 768 });
      expect(await sideBox(page)).toEqual({ scrolls: false, maxHeight: 'none' });
      // the same page on a wider projector
      await viewAs(page, 1280, 768, true);
      expect((await sideBox(page)).maxHeight).not.toBe('none');
      await page.context().close();
    });
  });

  describe('keyboard and screen reader', () => {
    it('the File menu: Enter opens it, Escape closes it and gives the focus back; tabbing out of it or a click elsewhere closes it', async () => {
      const page = await openApp(h(), 'p=default');
      const file = page.locator('summary[aria-label^="File"]');
      await file.focus();
      await page.keyboard.press('Enter');
      expect(await openMenus(page)).toHaveLength(1);
      await page.keyboard.press('Tab');
      expect(await focused(page)).toBe('button: Open scenario…');
      await page.keyboard.press('Escape');
      expect(await openMenus(page)).toEqual([]);
      expect(await focused(page)).toMatch(/^summary: File/);
      // through its six items and on: it closes behind the focus (it stayed open over the header)
      await page.keyboard.press('Enter');
      for (let i = 0; i < 7; i++) await page.keyboard.press('Tab');
      expect(await focused(page)).toMatch(/^button: Classroom/);
      expect(await openMenus(page)).toEqual([]);
      await file.click();
      expect(await openMenus(page)).toHaveLength(1);
      await page.locator('.lesson-text').click();
      expect(await openMenus(page)).toEqual([]);
      await page.context().close();
    });

    it("a chart's Export menu: Escape closes it (and only it: a full-screen chart stays open), the focus back on its button", async () => {
      const page = await openApp(h(), 'p=default');
      const exp = page.locator('section[data-chart=queue] summary[aria-label="Export Bottleneck queue"]');
      await exp.focus();
      await page.keyboard.press('Enter');
      expect(await openMenus(page)).toEqual(['Export Bottleneck queue']);
      await page.keyboard.press('Escape');
      expect(await openMenus(page)).toEqual([]);
      expect(await focused(page)).toBe('summary: Export Bottleneck queue');
      await page.getByRole('button', { name: 'Show Bottleneck queue full screen' }).first().click();
      await page.locator('.fullscreen summary[aria-label="Export Bottleneck queue"]').focus();
      await page.keyboard.press('Enter');
      await page.keyboard.press('Escape');
      expect(await openMenus(page)).toEqual([]);
      expect(await page.locator('.fullscreen').count()).toBe(1);
      await page.keyboard.press('Escape');
      await expect.poll(() => page.locator('.fullscreen').count()).toBe(0);
      await page.context().close();
    });

    it('the focus stays on a control when the one that had it goes: the inspector\'s Previous at the first decision, Compare and Close comparison, a dismissed banner', async () => {
      const page = await openApp(h(), 'p=default&duration=6&warmup=1&nosuchkey=1');
      const next = page.getByRole('button', { name: 'Next decision' });
      await next.focus();
      await page.keyboard.press('Enter');
      await waitForStatus(page, 'paused');
      await page.keyboard.press('Enter');
      await expect.poll(() => page.locator('.insp-pos').innerText()).toMatch(/^Decision 2 of/);
      await page.getByRole('button', { name: 'Previous decision' }).focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => page.locator('.insp-pos').innerText()).toMatch(/^Decision 1 of/);
      // Previous is disabled now; the focus was dropped to the page
      await expect.poll(() => focused(page)).toBe('button: Next decision');

      await page.locator('details.slot-compare > summary').focus();
      await page.keyboard.press('Enter');
      await page.locator('.cmp-panel select.cmp-choice').selectOption({ label: 'the same with a drop-tail queue' });
      await page.locator('.cmp-panel button.primary').focus();
      await page.keyboard.press('Enter');
      // Compare is disabled while it runs: Close comparison has the focus
      await expect.poll(() => focused(page)).toBe('button: Close comparison');
      await page.getByRole('table', { name: /^Summaries/ }).waitFor({ timeout: 120_000 });
      await page.keyboard.press('Enter');
      await expect.poll(() => focused(page)).toBe('button: Compare');

      // the link's unknown key has a banner; dismissed from the keyboard, Play gets the focus
      const dismiss = page.getByRole('button', { name: /^Dismiss/ });
      expect(await dismiss.count()).toBe(1);
      await dismiss.focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => dismiss.count()).toBe(0);
      await expect.poll(() => focused(page)).toBe('button: Play');
      await page.context().close();
    });

    it("a step of the inspector is announced in one short line: Chromium's accessibility tree has no live region round the rest of it", async () => {
      // the whole inspector was one aria-live region: each step read out its buttons, the packet
      // table, the calculation and the timeline (633 characters on the first SYN of the default lesson)
      const page = await openApp(h(), 'p=default&duration=6&warmup=1');
      const cdp = await page.context().newCDPSession(page);
      /** The live regions as Chromium exposes them: each root's text, and whether it holds the inspector's calculation. */
      const liveRegions = async () => {
        const { nodes } = (await cdp.send('Accessibility.getFullAXTree')) as { nodes: { backendDOMNodeId?: number; properties?: { name: string; value: { value: unknown } }[] }[] };
        const out: { text: string; calculation: boolean }[] = [];
        for (const n of nodes) {
          const live = n.properties?.find((p) => p.name === 'live')?.value.value;
          if (live === undefined || live === 'off' || n.backendDOMNodeId === undefined) continue;
          const { object } = (await cdp.send('DOM.resolveNode', { backendNodeId: n.backendDOMNodeId })) as { object: { objectId: string } };
          const { result } = (await cdp.send('Runtime.callFunctionOn', { objectId: object.objectId, functionDeclaration: 'function () { return { text: this.textContent, calculation: !!this.querySelector(".insp-steps") }; }', returnByValue: true })) as { result: { value: { text: string; calculation: boolean } } };
          out.push(result.value);
        }
        return out;
      };
      await page.getByRole('button', { name: 'Next decision' }).click();
      await waitForStatus(page, 'paused');
      await page.getByRole('button', { name: 'Next drop' }).click();
      await waitForStatus(page, 'paused', 60_000);
      await expect.poll(() => page.locator('.insp-badge').innerText()).toMatch(/drop$/);
      const regions = await liveRegions();
      expect(regions.filter((r) => r.calculation), 'no live region holds the calculation').toEqual([]);
      const said = regions.filter((r) => /^Decision /.test(r.text));
      expect(said).toHaveLength(1);
      const line = said[0].text;
      console.log(`inspector announcement: ${line} (${line.length} characters)`);
      expect(line).toMatch(/^Decision \d+ of \d+: packet #\d+ of flow \d+, (early|forced|overflow) drop\. Average queue [\d.]+ packets: .*min_th \d+, max_th \d+/);
      expect(line.length).toBeLessThan(220);
      // the whole decision is still on the page to read, outside any live region
      expect(await page.locator('.insp-steps li').count()).toBeGreaterThan(2);
      expect(await page.locator('.insp').getAttribute('aria-live')).toBeNull();
      expect(await pageViolations(page)).toEqual([]);
      await page.context().close();
    });

    it('the focus ring has 3:1 contrast with the page behind it (WCAG 1.4.11)', async () => {
      const page = await openApp(h(), 'p=default');
      await page.getByRole('button', { name: 'Play' }).focus();
      // focus() from a script does not set :focus-visible; a key press does
      await page.keyboard.press('Shift+Tab');
      await page.keyboard.press('Tab');
      expect(await focused(page)).toBe('button: Play');
      const { ring, page: behind } = await page.evaluate(() => {
        const a = document.activeElement!;
        let bg = 'rgb(255, 255, 255)';
        for (let e: Element | null = a.parentElement; e; e = e.parentElement) {
          const c = getComputedStyle(e).backgroundColor;
          if (c !== 'rgba(0, 0, 0, 0)' && c !== 'transparent') {
            bg = c;
            break;
          }
        }
        return { ring: getComputedStyle(a).outlineColor, page: bg };
      });
      expect(contrast(ring, behind), `${ring} on ${behind}`).toBeGreaterThanOrEqual(3);
      await page.screenshot({ path: `${SHOTS}/a11y-focus-ring.png`, clip: { x: 0, y: 40, width: 700, height: 50 } });
      // an editor field holding a refused value keeps the same ring when focused by keyboard
      // (its orange "invalid" outline had taken the place of the ring's dark edge)
      const field = page.getByRole('textbox', { name: 'Duration' });
      await field.fill('abc');
      await field.press('Tab');
      await page.keyboard.press('Shift+Tab');
      expect(await field.evaluate((e) => [e === document.activeElement, !!e.closest('.sed-invalid'), getComputedStyle(e).outlineColor])).toEqual([true, true, 'rgb(27, 31, 36)']);
      await page.keyboard.press('Tab');
      // not focused: the invalid mark
      expect(await field.evaluate((e) => getComputedStyle(e).outlineColor)).toBe('rgb(213, 94, 0)');
      await page.context().close();
    });

    it("an editor field's 'applies on restart' tag is part of its name as Chromium computes it, in brackets without inner spaces", async () => {
      const page = await openApp(h(), 'p=default&duration=30&warmup=2');
      await page.evaluate(() => window.__aqmlab!.controller.start());
      await page.locator('.sed-restart').first().waitFor();
      // Chromium's own accessible name (Playwright's role queries compute theirs): hidden
      // parentheses around the seen tag read "Seed ( applies on restart )"
      const cdp = await page.context().newCDPSession(page);
      const { root } = await cdp.send('DOM.getDocument', { depth: -1 });
      const name = async (sel: string) => {
        const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector: sel });
        const { nodes } = await cdp.send('Accessibility.getPartialAXTree', { nodeId, fetchRelatives: false });
        return (nodes[0].name?.value as string | undefined) ?? '';
      };
      expect(await name('.sed-field[data-path=seed] input')).toBe('Seed (applies on restart)');
      expect(await name('.sed-field[data-path="topology.bottleneck.queue.kind"] select')).toBe('Queue discipline (applies on restart)');
      await page.context().close();
    });

    it('the end of a run is said in one line, "finished" with how many of the lesson\'s statements hold; the inspector reads out its last decision only when stepped to', async () => {
      const page = await openApp(h(), 'p=default&duration=6&warmup=1');
      await page.evaluate(() => window.__aqmlab!.controller.setSpeed('max'));
      await page.getByRole('button', { name: 'Play' }).focus();
      await page.keyboard.press('Enter');
      await waitForStatus(page, 'done');
      // the default lesson's statements, as many as the preset has
      const n = presetByName('default')!.claims!.length;
      const held = (await page.locator('#claims-title').innerText()).match(new RegExp(`(\\d+) of ${n} hold`))?.[1];
      expect(held).toBeDefined();
      const status = page.locator('.transport [role=status]');
      await expect.poll(() => status.textContent()).toBe(`finished: ${held} of ${n} of the lesson's statements hold`);
      // on screen it still says just "finished"
      expect(await status.evaluate((e) => [...e.childNodes].filter((n) => !(n instanceof HTMLElement && n.classList.contains('sr-only'))).map((n) => n.textContent).join(''))).toBe('finished');
      // the decision the run ended on was read out after "finished" (some 200 characters nobody asked for)
      const said = page.getByTestId('insp-announce');
      expect(await said.textContent()).toBe('');
      await page.getByRole('button', { name: 'Previous decision' }).focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => said.textContent()).toMatch(/^Decision [\d,]+ of [\d,]+ \(the app keeps the last 1,000\): packet #\d+ of flow \d+/);
      await page.context().close();
    });

    it('Copy link is announced: a status region says the link was copied', async () => {
      const page = await openApp(h(), 'p=default');
      await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(h().url).origin });
      await page.getByRole('button', { name: 'Copy link to this scenario' }).focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => page.getByRole('status').filter({ hasText: 'Link copied' }).count()).toBe(1);
      await page.context().close();
    });

    it('the fold triangles of the claims and Compare headings are not read out (a summary says open or closed itself)', async () => {
      const page = await openApp(h(), 'p=default');
      const claims = await page.locator('.claims > summary').ariaSnapshot();
      expect(claims).toContain('heading "What this run should show');
      const compare = await page.locator('.slot-compare > summary').ariaSnapshot();
      expect(compare).toContain('heading "Compare scenarios"');
      for (const t of [claims, compare, await page.locator('summary[aria-label^="File"]').ariaSnapshot()]) expect(t).not.toMatch(/[▾▸]/);
      await page.context().close();
    });

    it("the charts' text alternatives carry the run's numbers when it pauses and when it ends, charts never scrolled to included", async () => {
      // each name was a fixed sentence about the chart's axes, the same before and after the run
      const page = await openApp(h(), 'p=default&duration=6&warmup=1');
      const name = (chart: string) => page.locator(`section[data-chart=${chart}] canvas[role=img]`).getAttribute('aria-label');
      const before = await name('queue');
      await page.getByRole('button', { name: 'Play' }).focus();
      await page.keyboard.press('Enter');
      await page.waitForFunction(() => window.__aqmlab!.store.getState().now > 0.5);
      await page.keyboard.press('Enter');
      await waitForStatus(page, 'paused');
      await expect.poll(() => name('queue')).toMatch(/So far, from 0 to [\d.]+ s: the queue was [\d.]+ packets on average and at most \d+ packets/);
      await page.evaluate(() => window.__aqmlab!.controller.setSpeed('max'));
      await page.keyboard.press('Enter');
      await waitForStatus(page, 'done');
      const run = await page.evaluate(() => {
        const s = window.__aqmlab!.store;
        const q = s.series.column('queue')!.subarray(0, s.series.length);
        return { peak: Math.max(...q), summary: s.getState().summary };
      });
      await expect.poll(() => name('queue')).toContain(`From 0 to 6 s: the queue was`);
      const queue = (await name('queue'))!;
      expect(queue).not.toBe(before);
      expect(queue).toContain(`at most ${run.peak} packets`);
      expect(queue).toMatch(/above min_th [\d.]+ % of the time\. Ticks: [\d,]+ early drops, [\d,]+ forced drops, [\d,]+ overflow drops\.$/);
      // the network's counters are the summary's (after the warm-up), as its canvas draws them
      const b = run.summary.bottleneck;
      expect(await name('topology')).toContain(`After the 1 s warm-up: 0 ECN marks, ${b.dropsEarly} early drop${b.dropsEarly === 1 ? '' : 's'}, ${b.dropsForced} forced drop`);
      expect(await name('throughput')).toContain(`after the 1 s warm-up, ${+(100 * b.utilization).toPrecision(3)} % busy; goodput flow 0 ${+(run.summary.flows[0].goodputBps / 1e6).toPrecision(3)} Mb/s`);
      // the last card, below the fold and never drawn, says each of its 4 flows' bytes
      expect(await page.locator('section[data-chart=progress] canvas').evaluate((c) => c.dataset.samples ?? null)).toBeNull();
      expect((await name('progress'))!.match(/flow \d [\d.]+ [KM]B acknowledged/g)).toHaveLength(4);
      expect((await name('cwnd'))!.match(/flow \d at most \d+, [\d.]+ on average/g)).toHaveLength(4);
      expect(await name('aqm')).toMatch(/p_b at most [\d.]+ \(at [\d.]+ s\)/);
      await page.context().close();
    });

    it('a quick step is heard once, as its decision: the status stays "paused" instead of saying "finding the next AQM decision…" and "paused" again before it', async () => {
      const page = await openApp(h(), 'p=default&duration=6&warmup=1');
      const step = page.getByRole('button', { name: 'Step to the next AQM decision' });
      await step.focus();
      await page.keyboard.press('Enter');
      await waitForStatus(page, 'paused');
      const said = page.getByTestId('insp-announce');
      await expect.poll(() => said.textContent()).toMatch(/^Decision 1 of/);
      // every text the two live regions take from now on
      await page.evaluate(() => {
        const w = window as unknown as { heard: string[] };
        w.heard = [];
        for (const sel of ['.transport [role=status]', '[data-testid=insp-announce]']) {
          const e = document.querySelector(sel)!;
          new MutationObserver(() => w.heard.push(`${sel.startsWith('.transport') ? 'status' : 'inspector'}: ${e.textContent}`)).observe(e, { childList: true, subtree: true, characterData: true });
        }
      });
      for (let k = 2; k <= 4; k++) {
        await page.keyboard.press('Enter');
        await expect.poll(() => said.textContent()).toMatch(new RegExp(`^Decision ${k} of`));
        await waitForStatus(page, 'paused');
      }
      const heard = await page.evaluate(() => (window as unknown as { heard: string[] }).heard);
      expect(heard.filter((x) => x.startsWith('status')), heard.join('\n')).toEqual([]);
      expect(new Set(heard.filter((x) => x.startsWith('inspector: Decision'))).size).toBe(3);
      expect(await page.locator('.transport [role=status]').textContent()).toBe('paused');
      await page.context().close();
    });

    it('a slow step (no drop for many seconds) says "finding the next drop…" from 600 ms on, then what it found', async () => {
      // a 10 Gb/s bottleneck that 100 flows do not fill: no drop in the 30 s a step looks
      // through, seconds of work (4.5 s on the 2-core machine), where the quick step above takes tens of ms
      const page = await openApp(h(), 'p=default&duration=60&warmup=1&topology.bottleneck.rate=1e10&traffic.0.flows=100');
      await page.getByRole('button', { name: 'Next decision' }).click();
      await waitForStatus(page, 'paused');
      const region = page.locator('.transport [role=status]');
      await page.evaluate(() => {
        const w = window as unknown as { heard: [number, string][]; clicked: number };
        w.heard = [];
        const e = document.querySelector('.transport [role=status]')!;
        new MutationObserver(() => w.heard.push([performance.now(), e.textContent ?? ''])).observe(e, { childList: true, subtree: true, characterData: true });
        document.querySelector('button[aria-label="Next drop"]')!.addEventListener('click', () => (w.clicked = performance.now()), { capture: true });
      });
      await page.getByRole('button', { name: 'Next drop' }).click();
      await waitForStatus(page, 'stepping');
      await expect.poll(() => region.textContent(), { timeout: 60_000 }).toBe('finding the next drop…');
      await waitForStatus(page, ['paused', 'done'], 60_000);
      const { heard, clicked } = await page.evaluate(() => {
        const w = window as unknown as { heard: [number, string][]; clicked: number };
        return { heard: w.heard, clicked: w.clicked };
      });
      const said = heard.map(([, x]) => x);
      // said once, after the step had gone on 600 ms (a quick step is not told so), and followed by what the step found
      expect(said.filter((x) => x === 'finding the next drop…'), said.join('\n')).toHaveLength(1);
      const at = heard.find(([, x]) => x === 'finding the next drop…')![0];
      expect(at - clicked).toBeGreaterThanOrEqual(550);
      expect(said[said.length - 1]).toMatch(/^No drop found from t = [\d.]+ s to [\d.]+ s; paused there/);
      await page.context().close();
    });

    it('navigating by headings reaches the decision (a level-2 heading, over its "What happened next") and the scenario editor', async () => {
      const page = await openApp(h(), 'p=default&duration=6&warmup=1');
      await page.getByRole('button', { name: 'Next decision' }).click();
      await waitForStatus(page, 'paused');
      await page.getByRole('button', { name: 'Next drop' }).click();
      await expect.poll(() => page.locator('.insp-badge').innerText(), { timeout: 60_000 }).toMatch(/drop$/);
      await page.locator('.slot-editor form').waitFor();
      // the headings in the order a screen reader's heading keys meet them, from the accessibility tree
      const tree = await page.locator('body').ariaSnapshot();
      const headings = [...tree.matchAll(/heading "([^"]*)" \[level=(\d)\]/g)].map((m) => `${m[2]} ${m[1].slice(0, 24)}`);
      const at = (re: RegExp) => headings.findIndex((x) => re.test(x));
      const decision = at(/^2 Decision \d+ of/);
      expect(decision, headings.join('\n')).toBeGreaterThan(at(/^2 Download progress/));
      // the h3 after the decision's h2, not straight after the last chart's
      expect(at(/^3 What happened next/), headings.join('\n')).toBe(decision + 1);
      expect(at(/^2 Scenario editor/), headings.join('\n')).toBeGreaterThan(decision);
      await page.context().close();
    });

    it("the per-flow table's row headers are the flow alone: its ☆ button is in a cell of its own, not read before every number of the row", async () => {
      const page = await openApp(h(), 'p=default&duration=3&warmup=1');
      await runToEnd(page, 90_000);
      const table = page.getByRole('table', { name: 'Per-flow results' });
      // Chromium's own names (the header's name is what a screen reader says before each cell of the row)
      const cdp = await page.context().newCDPSession(page);
      const { nodes } = (await cdp.send('Accessibility.getFullAXTree')) as { nodes: { role?: { value: string }; name?: { value: string }; ignored?: boolean }[] };
      const headers = nodes.filter((n) => !n.ignored && n.role?.value.toLowerCase() === 'rowheader').map((n) => n.name?.value ?? '');
      expect(headers).toEqual(['0 tcp', '1 tcp', '2 tcp', '3 tcp']);
      // each row still has its button, named for its flow
      for (let i = 0; i < 4; i++) expect(await table.getByRole('row', { name: new RegExp(`^${i} tcp`) }).getByRole('button', { name: `Highlight flow ${i} in the charts` }).count()).toBe(1);
      await page.locator('section.summary').screenshot({ path: `${SHOTS}/a11y-flows-table.png` });
      await page.context().close();
    });

    it('every chart has a text alternative beyond its title before it was ever scrolled to, naming the lesson\'s four flows', async () => {
      const page = await openApp(h(), 'p=default');
      const names = await page.locator('section[data-chart] canvas[role=img]').evaluateAll((cs) => cs.map((c) => c.getAttribute('aria-label') ?? ''));
      expect(names.length).toBeGreaterThanOrEqual(5);
      for (const n of names) expect(n, n).toMatch(/^[^.]+\. \S.{20,}/);
      for (const n of names) expect(n).not.toMatch(/^(.+)\. \1$/);
      expect(names.find((n) => n.startsWith('Congestion window'))).toContain('each of 4 TCP flows');
      await page.context().close();
    });
  });
});
