import { describe, expect, it } from 'vitest';
import { getPath } from '../../../../src/engine/scenario/paths';
import { presetScenario } from '../../../../src/engine/scenario/presets';
import { RunController } from '../../../../src/ui/run/controller';
import { AppStore } from '../../../../src/ui/store/app-store';
import { applyHash, BAD_LINK_TITLE, KEPT_LINE, scenarioFromQuery, scenarioHref, usableLink } from '../../../../src/ui/store/url-sync';
import { decodeLink, encodeLink } from '../../../../src/ui/scenario-api';

/** src/ui/ScenarioFile.tsx, through a computed specifier (the node tsconfig that checks tests has no JSX; vitest loads it). */
async function openScenarioFile(file: File, store: AppStore, controller: RunController): Promise<boolean> {
  const spec = ['..', '..', '..', '..', 'src', 'ui', 'ScenarioFile.tsx'].join('/');
  const m = (await import(/* @vite-ignore */ spec)) as { openScenarioFile: (f: File, s: AppStore, c: RunController) => Promise<boolean> };
  return m.openScenarioFile(file, store, controller);
}

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
  for (const hash of ['#p=nosuch', '#p=ecn-mark&seed=3', '#%ZZ', '#zzz', '#&&=&=', '#p=ecn-marks&v=9', '#seed=abc', '#no.such.key=1&seed=%E0%A4%A', '#p=ecn-marks&v=1&s=eyJ2ZXJzaW9uIjox', '#p=ecn-marks&v=1&s=!!!&seed=4', `#p=ecn-marks&v=1&s=${Buffer.from('{"version":1,"duration":-4}').toString('base64url')}`]) {
    it(`${hash}: keeps the scenario on screen and says so`, () => {
      const { store, before } = edited();
      expect(applyHash(hash, store, new RunController(store, () => ({ postMessage() {}, terminate() {} }) as unknown as Worker))).toBe(true);
      expect(store.getState().scenario).toEqual(before);
      expect(store.getState().presetName).toBe('ecn-marks');
      const text = bannerText(store);
      expect(text).toContain(BAD_LINK_TITLE);
      expect(text).toContain(KEPT_LINE);
      // nothing claims the first lesson was opened
      expect(text).not.toMatch(/opened (preset )?"[^"]*" instead/);
    });
  }

  it('a link of 20,000 settings is refused before it is read: the count and the cap named, the scenario kept', () => {
    const { store, before } = edited();
    const huge = `#p=default&${Array.from({ length: 19_999 }, (_, i) => `seed=${i}`).join('&')}`;
    expect(applyHash(huge, store, new RunController(store, () => ({ postMessage() {}, terminate() {} }) as unknown as Worker))).toBe(true);
    expect(store.getState().scenario).toEqual(before);
    expect(store.getState().presetName).toBe('ecn-marks');
    const text = bannerText(store);
    expect(text).toContain(`${BAD_LINK_TITLE}\nThe link could not be read: the link has 20,000 settings (key=value pairs); a link may have at most 2,000`);
    expect(text).toContain(KEPT_LINE);
    // opened with no scenario yet (the page's first load): the first lesson, and the same message
    const fresh = new AppStore();
    applyHash(huge, fresh, new RunController(fresh, () => ({ postMessage() {}, terminate() {} }) as unknown as Worker));
    expect(fresh.getState().scenario).not.toBeNull();
    expect(bannerText(fresh)).toContain('the link has 20,000 settings');
    expect(bannerText(fresh)).not.toContain(KEPT_LINE);
  });

  it("the screen's own link with one value typed badly over keeps the scenario and its run (the seed went back to the lesson's, the run stopped)", () => {
    const { store, c } = edited();
    expect(c.setParam('seed', 9)).toEqual([]);
    c.start();
    const before = store.getState().scenario!;
    const own = `#${encodeLink(before, 'ecn-marks')}`;
    expect(own).toContain('&seed=9');
    const loads = store.getState().loadRev;
    const status = store.getState().status;
    expect(status).not.toBe('idle');
    for (const typed of [own.replace('seed=9', 'seed=-4'), own.replace('seed=9', 'seed=9x'), `${own}&duration=1e9`, own.replace('maxP=0.2', 'maxP=2')]) {
      expect(applyHash(typed, store, c), typed).toBe(true);
      expect(store.getState().scenario, typed).toBe(before);
      expect(store.getState().loadRev).toBe(loads);
      expect(store.getState().status).toBe(status);
      const text = bannerText(store);
      expect(text).toContain(BAD_LINK_TITLE);
      expect(text).toContain(KEPT_LINE);
    }
    expect(bannerText(store)).toContain('topology.bottleneck.queue.maxP = 2 is out of range: allowed 0 to 1');
    // a link that also asks for something else opens, its bad key listed (the lesson's seed in its place)
    expect(applyHash(own.replace('seed=9', 'seed=-4').replace('maxP=0.2', 'maxP=0.3'), store, c)).toBe(true);
    expect(getPath(store.getState().scenario, 'topology.bottleneck.queue.maxP')).toBe(0.3);
    expect(store.getState().scenario!.seed).toBe(1);
    expect(bannerText(store)).not.toContain(KEPT_LINE);
    // a key given twice, once well: that value is used
    expect(applyHash(`${own}&seed=abc&seed=5`.replace('&seed=9', ''), store, c)).toBe(true);
    expect(store.getState().scenario!.seed).toBe(5);
  });

  it('the same for a scenario of no lesson (opened from a file): its link is relative to "default"', () => {
    const store = new AppStore();
    const c = new RunController(store, () => ({ postMessage() {}, terminate() {} }) as unknown as Worker);
    expect(c.loadScenario({ ...presetScenario('default')!, name: 'mine', seed: 9 }, null)).toEqual([]);
    const before = store.getState().scenario!;
    const own = `#${encodeLink(before, null)}`;
    expect(own).toMatch(/^#p=default&.*seed=9$/);
    expect(applyHash(own.replace('seed=9', 'seed=-4'), store, c)).toBe(true);
    expect(store.getState().scenario).toBe(before);
    expect(store.getState().presetName).toBeNull();
    expect(bannerText(store)).toContain(KEPT_LINE);
  });

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
    // a compact link cut off when copied: the lesson it names is not what it holds
    expect(use('p=default&v=1&s=eyJ2ZXJzaW9uIjox')).toBe(false);
    expect(use('p=default&v=1&s=eyJ2ZXJzaW9uIjox&seed=5')).toBe(false);
  });
});

/*
 * A banner about opening a link or a file names keys and a file of the scenario it
 * opened; once another scenario is loaded (a lesson chosen) it no longer applies, and
 * before it stayed until dismissed, over a lesson whose link had no such key.
 */
describe('banners about opening a scenario go when another is loaded', () => {
  const fresh = () => {
    const store = new AppStore();
    const c = new RunController(store, () => ({ postMessage() {}, terminate() {} }) as unknown as Worker);
    return { store, c };
  };

  it('a bad link\'s banner stays over the scenario it opened, and goes when a lesson is chosen', () => {
    const { store, c } = fresh();
    expect(applyHash('#p=default&seed=abc', store, c)).toBe(true);
    expect(bannerText(store)).toContain('got "abc"');
    // an edit is still that scenario: the banner stays
    expect(c.setParam('topology.bottleneck.queue.maxP', 0.05)).toEqual([]);
    expect(bannerText(store)).toContain('got "abc"');
    expect(c.loadScenario(presetScenario('ecn-marks'), 'ecn-marks')).toEqual([]);
    expect(store.getState().banners).toEqual([]);
    // a link kept off the screen says so until the next load, too
    applyHash('#p=nosuch', store, c);
    expect(bannerText(store)).toContain(KEPT_LINE);
    c.loadScenario(presetScenario('default'), 'default');
    expect(store.getState().banners).toEqual([]);
  });

  it('a link whose scenario the controller refuses still lists its bad keys beside the refusal', () => {
    const store = new AppStore();
    const refusing = { loadScenario: () => ['refused for the test'] } as unknown as RunController;
    expect(applyHash('#p=default&seed=abc', store, refusing)).toBe(true);
    const text = bannerText(store);
    expect(text).toContain('got "abc"');
    expect(text).toContain('refused for the test');
  });

  it('a file that was not opened, or was: its banner goes with the next load; other banners stay', async () => {
    const { store, c } = fresh();
    c.loadScenario(presetScenario('default'), 'default');
    store.addBanner({ kind: 'info', title: 'something else', lines: ['stays'] });
    expect(await openScenarioFile(new File(['{"version": 1,,'], 'broken.json'), store, c)).toBe(false);
    expect(bannerText(store)).toContain('broken.json was not opened');
    expect(await openScenarioFile(new File([JSON.stringify(presetScenario('red-vs-dt'))], 'good.json'), store, c)).toBe(true);
    expect(bannerText(store)).not.toContain('broken.json');
    expect(bannerText(store)).toContain('Opened good.json');
    c.loadScenario(presetScenario('ecn-marks'), 'ecn-marks');
    expect(store.getState().banners.map((b) => b.title)).toEqual(['something else']);
  });

  it('a file with a value nested 6,000 deep gets its banner (File → Open did nothing: the message overflowed the stack in a promise nobody awaited)', async () => {
    const { store, c } = fresh();
    c.loadScenario(presetScenario('default'), 'default');
    const before = store.getState().scenario;
    const deep = '['.repeat(6000) + ']'.repeat(6000);
    const text = `{"version":1,"topology":{"kind":"dumbbell"},"tcp":{"ecn":${deep}},"traffic":[{"kind":"bulk","bytes":1000}]}`;
    expect(await openScenarioFile(new File([text], 'deep.json'), store, c)).toBe(false);
    expect(bannerText(store)).toContain(`deep.json was not opened: it is not a valid scenario\ntcp.ecn: expected true or false, got ${'['.repeat(77)}...\n${KEPT_LINE}`);
    expect(store.getState().scenario).toBe(before);
  });

  it('files tried in turn that were not opened: only the last one\'s banner is on screen, beside the others', async () => {
    const { store, c } = fresh();
    c.loadScenario(presetScenario('default'), 'default');
    store.addBanner({ kind: 'info', title: 'something else', lines: ['stays'] });
    expect(await openScenarioFile(new File(['{ not json'], 'first.json'), store, c)).toBe(false);
    expect(await openScenarioFile(new File(['[1, 2]'], 'second.json'), store, c)).toBe(false);
    expect(await openScenarioFile(new File([''], 'third.json'), store, c)).toBe(false);
    expect(store.getState().banners.map((b) => b.title)).toEqual(['something else', 'third.json was not opened: it is not JSON']);
    expect(store.getState().presetName).toBe('default');
  });
});

/*
 * Copy link copied the address bar, which after a link with problems still holds what was
 * typed: "#p=ecn-mark" (kept off the screen) would open the first lesson for whoever got
 * it, not the edited ecn-marks on screen; bad keys were passed on with their banner.
 */
describe('Copy link copies the scenario on screen', () => {
  it('after a typo kept off the screen, and after a link whose bad keys were skipped', () => {
    const { store, before } = edited();
    const c = new RunController(store, () => ({ postMessage() {}, terminate() {} }) as unknown as Worker);
    const typed = 'http://lab.example/aqm/?classroom=1#p=ecn-mark';
    applyHash('#p=ecn-mark', store, c);
    const href = scenarioHref(typed, store);
    // the page's path stays; classroom mode is the projector's, not the students' (it is dropped)
    expect(href.startsWith('http://lab.example/aqm/#p=ecn-marks&')).toBe(true);
    const back = decodeLink(href.split('#')[1]);
    expect(back.problems).toEqual([]);
    expect(back.presetName).toBe('ecn-marks');
    expect(back.scenario).toEqual(before);
    applyHash('#p=default&seed=abc&topology.bottleneck.queue.maxP=0.05', store, c);
    const h2 = scenarioHref('http://lab.example/#p=default&seed=abc&topology.bottleneck.queue.maxP=0.05', store);
    expect(h2).toBe('http://lab.example/#p=default&topology.bottleneck.queue.maxP=0.05&seed=1');
    // Compare's settings stay, readably; only classroom goes, wherever it is in the query
    applyHash('#p=web-dt148-80', store, c);
    expect(scenarioHref('http://lab.example/?compare=family&classroom=1&lessons=current,web-red5-80#p=web-dt148-80', store)).toMatch(/^http:\/\/lab\.example\/\?compare=family&lessons=current,web-red5-80#p=web-dt148-80(&|$)/);
    expect(scenarioHref('http://lab.example/?classroom=0&embed=1#p=web-dt148-80', store)).toMatch(/^http:\/\/lab\.example\/\?embed=1#p=web-dt148-80/);
  });
});

describe('a scenario typed in the query (?p=…) instead of after #', () => {
  it('moves to the fragment and opens; the query keeps its own keys; a fragment wins', () => {
    // before, `?p=red-vs-dt` opened the first lesson without a word
    expect(scenarioFromQuery('?p=red-vs-dt&seed=3', '')).toEqual({ search: '', hash: '#p=red-vs-dt&seed=3' });
    expect(scenarioFromQuery('?classroom=1&p=red-vs-dt&compare=family&seeds=5', '#')).toEqual({ search: '?classroom=1&compare=family&seeds=5', hash: '#p=red-vs-dt' });
    expect(scenarioFromQuery('?classroom=1&embed=1', '')).toBeNull();
    expect(scenarioFromQuery('', '')).toBeNull();
    expect(scenarioFromQuery('?p=red-vs-dt', '#p=ecn-marks')).toBeNull();
    const moved = scenarioFromQuery('?p=red-vs-dt&seed=3', '')!;
    const store = new AppStore();
    const c = new RunController(store, () => ({ postMessage() {}, terminate() {} }) as unknown as Worker);
    expect(applyHash(moved.hash, store, c)).toBe(false);
    expect(store.getState().presetName).toBe('red-vs-dt');
    expect(store.getState().scenario!.seed).toBe(3);
    // a bad key moved with them is named in the banner like any link's
    expect(applyHash(scenarioFromQuery('?p=red-vs-dt&sed=3', '')!.hash, store, c)).toBe(true);
    expect(bannerText(store)).toContain('sed');
  });
});
