/**
 * One edit, one encoding of the scenario's link. Counted in Chromium before the change
 * (a counter in encodeHash, an edit of tcp.variant on ecn-finite-n10-dt-ql64): five calls
 * per edit: url-sync's address bar and the printed handout's link (encodeLink, twice),
 * and runChanges for the lesson text's "edited" mark, the claims panel and Compare. Here a
 * spy on the engine's encodeHash counts what the app's per-edit paths ask for.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const calls = vi.hoisted(() => ({ n: 0 }));
vi.mock('../../../../src/engine/scenario/url', async (orig) => {
  const m = await orig<typeof import('../../../../src/engine/scenario/url')>();
  return {
    ...m,
    encodeHash: (...a: Parameters<typeof m.encodeHash>) => {
      calls.n++;
      return m.encodeHash(...a);
    },
  };
});

import { presetScenario } from '../../../../src/engine/scenario/presets';
import { RunController } from '../../../../src/ui/run/controller';
import { editedLesson, lessonByName, runChanges } from '../../../../src/ui/scenario-api';
import { AppStore } from '../../../../src/ui/store/app-store';
import { scenarioHref, startUrlSync } from '../../../../src/ui/store/url-sync';

/** The bits of a browser page startUrlSync touches: the address bar and its history. */
function fakePage(hash: string) {
  const loc = { pathname: '/', search: '', hash, href: `http://lab.test/${hash}` };
  const hist = {
    state: null as unknown,
    replaceState(_s: unknown, _t: string, url: string) {
      loc.hash = url.slice(url.indexOf('#'));
      loc.href = `http://lab.test/${loc.hash}`;
    },
    pushState(s: unknown, t: string, url: string) {
      hist.replaceState(s, t, url);
    },
  };
  vi.stubGlobal('location', loc);
  vi.stubGlobal('history', hist);
  vi.stubGlobal('window', { addEventListener() {}, removeEventListener() {} });
  return loc;
}

describe('the link of an edited scenario', () => {
  beforeEach(() => {
    calls.n = 0;
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('is encoded once per edit, for the address bar, the handout and the lesson panels together', () => {
    const name = 'ecn-finite-n10-dt-ql64';
    const loc = fakePage(`#p=${name}`);
    const store = new AppStore();
    const c = new RunController(store, () => ({ postMessage() {}, terminate() {} }) as unknown as Worker);
    const stop = startUrlSync(store, c);
    expect(store.getState().presetName).toBe(name);
    const lesson = lessonByName(name)!;
    const everyRender = () => {
      // App.tsx PrintSource, LessonText and Compare (editedLesson), LessonClaims (runChanges)
      scenarioHref(loc.href, store);
      editedLesson(lesson, store.getState().scenario);
      editedLesson(lesson, store.getState().scenario);
      runChanges(store.getState().scenario!, lesson.name);
    };
    everyRender();
    calls.n = 0;
    expect(c.setParam('tcp.variant', 'newreno')).toEqual([]);
    everyRender();
    everyRender();
    expect(loc.hash).toBe(`#p=${name}&tcp.variant=newreno&seed=1`);
    expect(runChanges(store.getState().scenario!, name)).toEqual(['tcp.variant=newreno']);
    expect(calls.n).toBe(1);
    stop();
  });

  it('a scenario not seen before is encoded (a new object, a new link)', () => {
    const a = presetScenario('default')!;
    expect(runChanges(a, 'default')).toEqual([]);
    const b = { ...a, seed: 7 };
    expect(runChanges(b, 'default')).toEqual(['seed=7']);
    expect(calls.n).toBe(2);
  });
});
