/// <reference lib="dom" />
/**
 * A teacher in front of a class: what the projector shows while a lesson runs must not
 * contradict itself, and the screen's set-up (Classroom on) must survive what a teacher does
 * between two lessons (a reload).
 */
import { describe, expect, it } from 'vitest';
import { SHOTS, harnessPerFile, openApp, viewAs, waitForStatus } from './harness';

// one part of the browser tests, run by browser.test.ts (its name filters it: -t 'teach')
describe('teach', () => {
  const h = harnessPerFile();

  it('a web lesson running fast: the counters over the response chart say the count its legend says, and never fewer started than completed', async () => {
    // at 100x the counters (from the summary, posted every 500 ms) read "19,990 completed ·
    // 20,087 started" while the legend beside them read "this run (23,656)"
    // 140 s after the warm-up: 1.4 s at 100x, so that a loaded machine's slow frames still give
    // several samples (with 50 s, 0.5 s at 100x, one CI run sampled 3 frames)
    const page = await openApp(h(), 'p=web-dt148-80&duration=150&warmup=10', { width: 1400, height: 1000 });
    await page.evaluate(() => {
      const seen: { status: string; text: string; drawn: number }[] = [];
      (window as unknown as { seen: typeof seen }).seen = seen;
      const tick = () => {
        const c = document.querySelector<HTMLCanvasElement>('.chart-response canvas');
        const text = document.querySelector('[data-testid=response-counters]')?.textContent ?? '';
        if (c) seen.push({ status: window.__aqmlab!.store.getState().status, text, drawn: Number(c.dataset.exchanges ?? 0) });
        requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    });
    await page.evaluate(() => {
      window.__aqmlab!.controller.setSpeed(100);
      window.__aqmlab!.controller.start();
    });
    await page.waitForFunction(() => Number(document.querySelector<HTMLCanvasElement>('.chart-response canvas')?.dataset.exchanges ?? 0) > 3000, undefined, { timeout: 120_000, polling: 100 });
    await page.locator('.chart-response').screenshot({ path: `${SHOTS}/teach-web-counters-running.png` });
    // at 100x to the end: on a loaded machine the page drew 9 frames after the warm-up at 'max'
    await waitForStatus(page, 'done', 180_000);
    const seen = await page.evaluate(() => (window as unknown as { seen: { status: string; text: string; drawn: number }[] }).seen);
    const num = (s: string) => Number(s.replace(/[,\s\u00a0]/g, ''));
    const counted = seen
      .filter((x) => x.status === 'running')
      .map((x) => ({ ...x, m: /^([\d,]+) completed · ([\d,]+) started/.exec(x.text.replace(/\u00a0/g, ' ')) }))
      .filter((x) => x.m !== null && x.drawn > 0)
      .map((x) => ({ text: x.text, drawn: x.drawn, completed: num(x.m![1]), started: num(x.m![2]) }));
    expect(counted.length, 'frames sampled while running, after the warm-up').toBeGreaterThanOrEqual(5);
    const wrong = counted.filter((x) => x.completed !== x.drawn || x.drawn > x.started);
    console.log(`teach: ${counted.length} frames sampled after the warm-up, ${wrong.length} with the counters off the legend`);
    expect(wrong.slice(0, 3).map((x) => `legend ${x.drawn} · "${x.text.slice(0, 60)}"`), `${wrong.length} of ${counted.length} frames`).toEqual([]);
    // and at the end the counters are the summary's, the legend's count too
    const final = await page.evaluate(() => ({ text: document.querySelector('[data-testid=response-counters]')!.textContent ?? '', drawn: Number(document.querySelector<HTMLCanvasElement>('.chart-response canvas')!.dataset.exchanges), web: window.__aqmlab!.store.getState().summary.web }));
    expect(final.drawn).toBe(final.web.exchanges);
    expect(final.text).toContain(`${final.web.exchanges.toLocaleString('en-US')} completed · ${final.web.started.toLocaleString('en-US')} started`);
    await page.context().close();
  });

  it('after a click on a speed the right arrow steps the run (it chose the next speed); reached with the keyboard the arrows still move the speed', async () => {
    const page = await openApp(h(), 'p=default', { width: 1920, height: 1080 });
    await page.getByRole('radio', { name: '1× real time', exact: true }).click();
    await page.keyboard.press('ArrowRight');
    await waitForStatus(page, 'paused');
    expect(await page.evaluate(() => window.__aqmlab!.store.getState().speed)).toBe(1);
    expect(await page.evaluate(() => window.__aqmlab!.store.getState().decisions.length)).toBeGreaterThan(0);
    // Tab away and back: the group's own keys again
    await page.keyboard.press('Tab');
    await page.keyboard.press('Shift+Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('1×');
    await page.keyboard.press('ArrowRight');
    expect(await page.evaluate(() => window.__aqmlab!.store.getState().speed)).toBe(10);
    await page.context().close();
  });

  it('a lesson picked from the Lesson menu with the mouse: Space plays it (it opened the menu again)', async () => {
    const page = await openApp(h(), 'p=default', { width: 1920, height: 1080 });
    const menu = page.locator('#lesson-select');
    await menu.click();
    await page.keyboard.press('Escape');
    await menu.selectOption('red-vs-dt');
    await page.waitForFunction(() => window.__aqmlab!.store.getState().presetName === 'red-vs-dt');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('lesson-select');
    await page.keyboard.press(' ');
    await waitForStatus(page, 'running');
    // the lesson is still the one picked, and the next Space pauses
    expect(await menu.inputValue()).toBe('red-vs-dt');
    await page.keyboard.press(' ');
    await waitForStatus(page, 'paused');
    await page.context().close();
  });

  it('Space plays and pauses after a button was clicked with the mouse (Classroom on, a speed, Next drop); on a button reached with the keyboard it presses the button', async () => {
    // Chromium leaves a clicked button focused, and Space pressed it again: Classroom went off,
    // the speed was chosen again, the inspector went to the next drop; the run never started
    const page = await openApp(h(), 'p=default', { width: 1920, height: 1080 });
    const state = () => page.evaluate(() => ({ status: window.__aqmlab!.store.getState().status as string, classroom: window.__aqmlab!.store.getState().classroom as boolean }));
    await page.getByRole('button', { name: 'Classroom off' }).click();
    await page.keyboard.press(' ');
    await waitForStatus(page, 'running');
    expect(await state()).toEqual({ status: 'running', classroom: true });
    await page.getByRole('radio', { name: '10× real time' }).click();
    await page.keyboard.press(' ');
    await waitForStatus(page, 'paused');
    await page.getByRole('button', { name: 'Next drop' }).click();
    await waitForStatus(page, 'paused');
    const at = await page.evaluate(() => window.__aqmlab!.store.getState().now as number);
    await page.keyboard.press(' ');
    await waitForStatus(page, 'running');
    // the run goes on from the drop (waited for: pausing at once could leave the clock where it
    // was, on a fast machine, CI of 936020e)
    await expect.poll(() => page.evaluate(() => window.__aqmlab!.store.getState().now as number)).toBeGreaterThan(at);
    await page.keyboard.press(' ');
    await waitForStatus(page, 'paused');
    // the keyboard's way: Tab onto a button, Space presses it (here Classroom, off again), the run stays paused
    await page.getByRole('button', { name: 'Copy link' }).focus();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Classroom on');
    await page.keyboard.press(' ');
    await expect.poll(state).toEqual({ status: 'paused', classroom: false });
    await page.context().close();
  });

  it('Classroom on with the button stays on when the teacher reloads the page; the link Copy link gives students opens without it', async () => {
    const page = await openApp(h(), 'p=red-vs-dt', { width: 1280, height: 720 });
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.getByRole('button', { name: 'Classroom off' }).click();
    await page.waitForFunction(() => window.__aqmlab!.store.getState().classroom === true);
    await page.reload();
    await page.waitForFunction(() => !!window.__aqmlab?.store.getState().scenario);
    // it came back in desk type: 13-px chart ticks on the projector until the button was found again
    expect(await page.evaluate(() => window.__aqmlab!.store.getState().classroom)).toBe(true);
    expect(await page.getByRole('button', { name: 'Classroom on' }).getAttribute('aria-pressed')).toBe('true');
    expect(await page.evaluate(() => document.documentElement.classList.contains('classroom'))).toBe(true);
    await page.screenshot({ path: `${SHOTS}/teach-classroom-after-reload.png` });
    // the students' link: no classroom in it, and a new browser opens it in desk type
    await page.getByRole('button', { name: 'Copy link' }).click();
    const link = await page.evaluate(() => navigator.clipboard.readText());
    expect(link).not.toContain('classroom');
    const student = await h().browser.newContext({ viewport: { width: 1280, height: 720 } });
    const sp = await student.newPage();
    await sp.goto(link);
    await sp.waitForFunction(() => !!window.__aqmlab?.store.getState().scenario);
    expect(await sp.evaluate(() => window.__aqmlab!.store.getState().classroom)).toBe(false);
    await student.close();
    // turned off, it stays off across the next reload
    await page.getByRole('button', { name: 'Classroom on' }).click();
    await page.reload();
    await page.waitForFunction(() => !!window.__aqmlab?.store.getState().scenario);
    expect(await page.evaluate(() => window.__aqmlab!.store.getState().classroom)).toBe(false);
    await page.context().close();
  });
  it('Classroom on at 1920x1080: the scenario editor, where the teacher edits while the class watches, has no text under 20 px, as the rest of the page (ux: classroom mode at 1920x1080); at 1280x720 nothing in it runs out of the side column', async () => {
    // the field names and values were the page's 21 px, their help (with the allowed range) 17 px,
    // Add and Remove 18 px, the "until the last flow ends" box 13 px: the smallest on the screen
    const page = await openApp(h(), 'p=bufferbloat-pie', { width: 1920, height: 1080, query: '?classroom=1' });
    const measure = () =>
      page.evaluate(() => {
        const ed = document.querySelector<HTMLElement>('.slot-editor')!;
        const root = parseFloat(getComputedStyle(document.documentElement).fontSize);
        const small: string[] = [];
        let texts = 0;
        const walker = document.createTreeWalker(ed, NodeFilter.SHOW_TEXT);
        for (let n = walker.nextNode(); n; n = walker.nextNode()) {
          const e = n.parentElement!;
          if (!n.textContent!.trim() || !e.getClientRects().length || e.closest('.sr-only')) continue;
          texts++;
          const fs = parseFloat(getComputedStyle(e).fontSize);
          if (fs < 20) small.push(`${fs.toFixed(1)} px: ${e.className || e.tagName} "${n.textContent!.trim().slice(0, 30)}"`);
        }
        const boxes = [...ed.querySelectorAll('input[type=checkbox]')].filter((e) => e.getClientRects().length).map((e) => e.getBoundingClientRect().width);
        const right = ed.getBoundingClientRect().right;
        const out = [...ed.querySelectorAll('*')].filter((e) => e.getClientRects().length && e.getBoundingClientRect().right > right + 0.5).map((e) => `${e.className || e.tagName} "${(e.textContent ?? '').slice(0, 30)}"`);
        return { root, texts, small: [...new Set(small)], smallestBox: Math.min(...boxes), out, sideOver: document.querySelector('.side')!.scrollWidth - document.querySelector('.side')!.clientWidth };
      });
    // the editor is made while the page is idle after loading
    await page.locator('.slot-editor .sed-help').first().waitFor();
    const big = await measure();
    expect(big.texts, 'the editor’s texts measured').toBeGreaterThan(100);
    await page.locator('.slot-editor').screenshot({ path: `${SHOTS}/teach-1920-classroom-editor.png` });
    expect(big.root).toBe(21);
    expect(big.small, 'editor text under 20 px').toEqual([]);
    expect(big.smallestBox, 'a checkbox as large as the type').toBeGreaterThanOrEqual(big.root);
    expect(big.out).toEqual([]);
    await viewAs(page, 1280, 720, true);
    const small = await measure();
    expect(small.out, '1280x720: out of the editor').toEqual([]);
    expect(small.sideOver, '1280x720: the side column scrolled sideways').toBeLessThanOrEqual(0);
    await page.context().close();
  });

  it('a value the scenario refuses (min_th 80 above max_th 60) stays in its box when the teacher clicks away, beside the message about it; once another edit ends the message the box shows the value in force', async () => {
    // Tab (or a click elsewhere) put the old 20 back in the box while the message under it
    // still said "80 must be less than maxTh = 60": the number typed was gone and the screen
    // contradicted itself; the run then played min_th 20
    const page = await openApp(h(), 'p=red-vs-dt', { width: 1366, height: 768 });
    const box = (path: string) => page.locator(`[data-path="${path}"] input[inputmode=decimal]`).first();
    const minTh = box('topology.bottleneck.queue.minTh');
    const msg = page.locator('[data-path="topology.bottleneck.queue.minTh"] .sed-error');
    const applied = () => page.evaluate(() => window.__aqmlab!.store.getState().scenario.topology.bottleneck.queue.minTh as number);
    await minTh.fill('80');
    await minTh.press('Tab');
    await expect.poll(() => msg.innerText()).toMatch(/^min_th: 80 must be less than max_th = 60/);
    expect(await minTh.inputValue(), 'the box after Tab').toBe('80');
    expect(await minTh.getAttribute('aria-invalid')).toBe('true');
    expect(await applied()).toBe(20);
    await minTh.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/teach-refused-min-th.png` });
    // Play from the header while the box holds it: the run goes with min_th 20, and says so
    const banners = () => page.evaluate(() => window.__aqmlab!.store.getState().banners.map((b: { title: string; lines: string[] }) => `${b.title}: ${b.lines.join(' ')}`));
    expect(await banners()).toEqual([]);
    await page.getByRole('button', { name: 'Play' }).click();
    await expect.poll(banners).toEqual(['This run goes without a value the editor refused: min_th: "80" was refused and is not applied; the run has min_th = 20 packets.']);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `${SHOTS}/teach-refused-min-th-played.png` });
    await page.getByRole('button', { name: 'Reset the run' }).click();
    // a pause in typing commits too: the box keeps the text then as well
    await minTh.fill('70');
    await expect.poll(() => msg.innerText(), { timeout: 5000 }).toMatch(/^min_th: 70 must be less than max_th = 60/);
    await page.getByRole('textbox', { name: 'max_th' }).click();
    expect(await minTh.inputValue()).toBe('70');
    // another field edited: the message about min_th goes, and its box shows the 20 in force
    const wq = box('topology.bottleneck.queue.wq');
    await wq.fill('0.004');
    await wq.press('Enter');
    await expect.poll(() => msg.count()).toBe(0);
    expect(await minTh.inputValue()).toBe('20');
    expect(await minTh.getAttribute('aria-invalid')).toBeNull();
    // nothing held now: the next run has no such banner
    await page.getByRole('button', { name: 'Play' }).click();
    await waitForStatus(page, ['running', 'done']);
    expect(await banners()).toEqual([]);
    await page.getByRole('button', { name: 'Reset the run' }).click();
    // a value it takes is applied and shown as applied
    await minTh.fill('15');
    await minTh.press('Tab');
    await expect.poll(applied).toBe(15);
    expect(await minTh.inputValue()).toBe('15');
    await page.context().close();
  });

  it('max_p changed while the lesson runs: the statements panel says the ticks are for the whole run, the part before the change included; Reset ends the note', async () => {
    const page = await openApp(h(), 'p=red-vs-dt', { width: 1366, height: 768 });
    await page.evaluate(() => {
      window.__aqmlab!.controller.setSpeed(10);
      window.__aqmlab!.controller.start();
    });
    await page.waitForFunction(() => window.__aqmlab!.store.getState().now > 5, undefined, { timeout: 60_000 });
    const maxP = page.getByRole('textbox', { name: 'max_p' });
    await maxP.fill('0.5');
    await maxP.press('Enter');
    await page.waitForFunction(() => window.__aqmlab!.store.getState().markers.length === 1);
    const t = await page.evaluate(() => window.__aqmlab!.store.getState().markers[0].t as number);
    await page.evaluate(() => window.__aqmlab!.controller.setSpeed('max'));
    await waitForStatus(page, 'done', 120_000);
    const note = page.getByTestId('claims-live-changes');
    await expect.poll(() => note.count()).toBe(1);
    expect(await note.innerText()).toBe(`This run changed max_p = 0.5 at t = ${t.toFixed(1)} s while it went: the statements are checked on the whole run, its first ${t.toFixed(1)} s with the earlier value included. Reset and Play for a run with the new value from the start.`);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `${SHOTS}/teach-live-change-claims.png` });
    await page.getByRole('button', { name: 'Reset the run' }).click();
    await expect.poll(() => note.count()).toBe(0);
    await page.context().close();
  });

  it("a Try a change chosen adds a history entry: the browser's Back returns to the lesson as it was, the teacher's edits included; stepping on through the changes with the keyboard adds one", async () => {
    // the change replaced the entry: Back from it skipped the lesson (to the page before) and an edited scenario was gone for good
    const page = await openApp(h(), 'p=default', { width: 1366, height: 768 });
    const state = () => page.evaluate(() => ({ maxP: window.__aqmlab!.store.getState().scenario.topology.bottleneck.queue.maxP as number, hash: decodeURIComponent(location.hash), entries: history.length }));
    const maxP = page.getByRole('textbox', { name: 'max_p' });
    await maxP.fill('0.05');
    await maxP.press('Enter');
    await expect.poll(async () => (await state()).hash).toBe('#p=default&topology.bottleneck.queue.maxP=0.05&seed=1');
    const edited = await state();
    const tryIt = page.locator('#try-select');
    await tryIt.selectOption({ index: 1 });
    await expect.poll(async () => (await state()).entries).toBe(edited.entries + 1);
    const changed = await state();
    expect(changed.hash).not.toBe(edited.hash);
    await page.goBack();
    // (history.length counts the entries ahead too)
    await expect.poll(() => state()).toEqual({ ...edited, entries: changed.entries });
    expect(await tryIt.inputValue()).toBe('');
    await page.goForward();
    await expect.poll(async () => (await state()).hash).toBe(changed.hash);
    // from the lesson, the arrow keys through the closed menu: one entry for the lot
    await tryIt.selectOption('');
    await expect.poll(async () => (await state()).hash).toBe('#p=default&seed=1');
    const lesson = await state();
    await tryIt.focus();
    await page.keyboard.press('ArrowDown');
    await expect.poll(async () => (await state()).hash).not.toBe(lesson.hash);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await expect.poll(async () => await tryIt.inputValue()).toBe('2');
    expect((await state()).entries).toBe(lesson.entries + 1);
    await page.goBack();
    await expect.poll(async () => (await state()).hash).toBe(lesson.hash);
    await page.context().close();
  });
});
