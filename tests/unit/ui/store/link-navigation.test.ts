import { describe, expect, it } from 'vitest';
import { presetScenario } from '../../../../src/engine/scenario/presets';
import { RunController } from '../../../../src/ui/run/controller';
import { AppStore } from '../../../../src/ui/store/app-store';
import { applyHash, BAD_LINK_TITLE, KEPT_LINE, usableLink } from '../../../../src/ui/store/url-sync';
import { decodeLink } from '../../../../src/ui/scenario-api';

/*
 * A student edits a lesson, then types into the address bar (or follows a link) one that
 * names no lesson or of which nothing can be used: the banner names the problem and the
 * scenario on screen, edits and all, stays (the brief: "no state is lost"). Before, such a
 * link replaced it with the first lesson.
 */
function edited() {
  const store = new AppStore();
  const c = new RunController(store, () => ({ postMessage() {}, terminate() {} }) as unknown as Worker);
  expect(c.loadScenario(presetScenario('ecn-marks'), 'ecn-marks')).toEqual([]);
  expect(c.setParam('topology.bottleneck.queue.maxP', 0.2)).toEqual([]);
  return { store, c, before: store.getState().scenario };
}

const bannerText = (store: AppStore) => store.getState().banners.map((b) => [b.title, ...b.lines].join('\n')).join('\n\n');

describe('a bad link opened over an edited scenario', () => {
  for (const hash of ['#p=nosuch', '#p=ecn-mark&seed=3', '#%ZZ', '#zzz', '#&&=&=', '#p=ecn-marks&v=9', '#seed=abc', '#no.such.key=1&seed=%E0%A4%A']) {
    it(`${hash}: keeps the scenario on screen and says so`, () => {
      const { store, before } = edited();
      expect(applyHash(hash, store, new RunController(store, () => ({ postMessage() {}, terminate() {} }) as unknown as Worker))).toBe(true);
      expect(store.getState().scenario).toEqual(before);
      expect(store.getState().presetName).toBe('ecn-marks');
      const text = bannerText(store);
      expect(text).toContain(BAD_LINK_TITLE);
      expect(text).toContain(KEPT_LINE);
      // nothing claims the first lesson was opened
      expect(text).not.toMatch(/opened "default" instead/);
    });
  }

  it('the unknown lesson is named, with the lessons it resembles', () => {
    const { store } = edited();
    applyHash('#p=ecn-mark', store, new RunController(store, () => ({ postMessage() {}, terminate() {} }) as unknown as Worker));
    const text = bannerText(store);
    expect(text).toContain('p = "ecn-mark": no such preset; nothing was opened.');
    expect(text).toContain('Did you mean p=ecn-marks');
  });

  it('a link with a usable key still opens, its bad keys listed (no "unchanged" line)', () => {
    const { store } = edited();
    const c = new RunController(store, () => ({ postMessage() {}, terminate() {} }) as unknown as Worker);
    expect(applyHash('#p=red-vs-dt&seed=abc', store, c)).toBe(true);
    expect(store.getState().presetName).toBe('red-vs-dt');
    expect(bannerText(store)).toContain('seed');
    expect(bannerText(store)).not.toContain(KEPT_LINE);
    // a key given twice, once well, was used
    expect(applyHash('#p=ecn-marks&seed=abc&seed=5', store, c)).toBe(true);
    expect(store.getState().scenario!.seed).toBe(5);
  });

  it('on first load (nothing on screen yet) a link naming no lesson opens the first one, as before', () => {
    const store = new AppStore();
    const c = new RunController(store, () => ({ postMessage() {}, terminate() {} }) as unknown as Worker);
    expect(applyHash('#p=nosuch', store, c)).toBe(true);
    expect(store.getState().presetName).toBe('default');
    expect(bannerText(store)).toContain('opened "default" instead');
  });

  it('usableLink: only the keys that failed count against a link', () => {
    const use = (h: string) => usableLink(h, decodeLink(h).problems);
    expect(use('seed=5')).toBe(true);
    expect(use('p=default')).toBe(true);
    expect(use('p=default&zzz')).toBe(true);
    expect(use('zzz')).toBe(false);
    expect(use('seed=abc&seed=%ZZ')).toBe(false);
    expect(use('p=nosuch&seed=5')).toBe(false);
  });
});
