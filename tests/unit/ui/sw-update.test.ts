/**
 * The service worker's new builds (src/ui/sw-update.ts): offered to the user, never taken
 * over a page on its own, nothing said on the first install. With fakes of the browser's
 * service worker objects.
 */
import { describe, expect, it } from 'vitest';
import { AppStore } from '../../../src/ui/store/app-store';
import { UPDATE_ACTION, UPDATE_CHECK_MS, UPDATE_TITLE, watchForUpdates, type SwContainer, type SwRegistration, type SwWorker } from '../../../src/ui/sw-update';

class FakeWorker implements SwWorker {
  state = 'installing';
  posted: unknown[] = [];
  private fns: (() => void)[] = [];
  postMessage(m: unknown): void {
    this.posted.push(m);
  }
  addEventListener(_t: 'statechange', fn: () => void): void {
    this.fns.push(fn);
  }
  become(state: string): void {
    this.state = state;
    for (const f of this.fns) f();
  }
}

function fakes(controlled: boolean, waiting: FakeWorker | null = null) {
  const found: (() => void)[] = [];
  const changed: (() => void)[] = [];
  let updates = 0;
  const reg: SwRegistration = {
    waiting,
    installing: null,
    update: async () => void updates++,
    addEventListener: (_t, fn) => void found.push(fn),
  };
  const container: SwContainer = {
    controller: controlled ? {} : null,
    register: async () => reg,
    addEventListener: (_t, fn) => void changed.push(fn),
  };
  let reloads = 0;
  let tick: (() => void) | null = null;
  let every = 0;
  const opts = { url: '/sw.js', scope: '/', reload: () => void reloads++, every: (fn: () => void, ms: number) => ((tick = fn), (every = ms)) };
  return {
    reg,
    container,
    opts,
    install(w: FakeWorker) {
      reg.installing = w;
      for (const f of found) f();
      w.become('installed');
      reg.installing = null;
      reg.waiting = w;
    },
    controllerChange: () => changed.forEach((f) => f()),
    reloads: () => reloads,
    updates: () => updates,
    tick: () => tick?.(),
    every: () => every,
  };
}

const updateBanners = (store: AppStore) => store.getState().banners.filter((b) => b.title === UPDATE_TITLE);

describe('a new build of the lab', () => {
  it('the first install (no build controls the page) says nothing and reloads nothing', async () => {
    const store = new AppStore();
    const f = fakes(false);
    await watchForUpdates(store, f.container, f.opts);
    f.install(new FakeWorker());
    f.controllerChange(); // clientsClaim on the first install
    expect(updateBanners(store)).toEqual([]);
    expect(f.reloads()).toBe(0);
  });

  it('a build installed behind the page is offered, and taken (SKIP_WAITING, then one reload) only when the user asks', async () => {
    const store = new AppStore();
    const f = fakes(true);
    await watchForUpdates(store, f.container, f.opts);
    const w = new FakeWorker();
    f.install(w);
    const [b] = updateBanners(store);
    expect(b.action?.label).toBe(UPDATE_ACTION);
    expect(w.posted).toEqual([]);
    // another tab took the new build: this one is not reloaded under the user
    f.controllerChange();
    expect(f.reloads()).toBe(0);
    b.action!.run();
    expect(w.posted).toEqual([{ type: 'SKIP_WAITING' }]);
    f.controllerChange();
    expect(f.reloads()).toBe(1);
  });

  it('a build already waiting when the page opens (a reload does not take it) is offered at once, once', async () => {
    const store = new AppStore();
    const f = fakes(true, new FakeWorker());
    await watchForUpdates(store, f.container, f.opts);
    expect(updateBanners(store)).toHaveLength(1);
    f.install(new FakeWorker());
    expect(updateBanners(store)).toHaveLength(1);
  });

  it('an open tab asks for a new build every hour', async () => {
    const store = new AppStore();
    const f = fakes(true);
    await watchForUpdates(store, f.container, f.opts);
    expect(f.every()).toBe(UPDATE_CHECK_MS);
    f.tick();
    f.tick();
    expect(f.updates()).toBe(2);
  });

  it('a browser that refuses the service worker leaves the lab working, without it', async () => {
    const store = new AppStore();
    const container: SwContainer = { controller: null, register: () => Promise.reject(new Error('SecurityError')), addEventListener: () => undefined };
    await expect(watchForUpdates(store, container, { url: '/sw.js', scope: '/', reload: () => undefined })).resolves.toBeNull();
    expect(store.getState().banners).toEqual([]);
    // Playwright's "block service workers" resolves with nothing: no error on the page either
    const blocked: SwContainer = { controller: null, register: () => Promise.resolve(undefined as unknown as SwRegistration), addEventListener: () => undefined };
    await expect(watchForUpdates(store, blocked, { url: '/sw.js', scope: '/', reload: () => undefined })).resolves.toBeNull();
  });
});
