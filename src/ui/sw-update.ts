/**
 * The service worker (vite.config.ts: the built site works offline after the first visit)
 * and a new build of the lab.
 *
 * The service worker used to take over as soon as a new build was installed (Workbox's
 * skipWaiting). A tab open on the old build (reloaded once after the new build went up: it
 * is served from the cache, and the new build installs behind it) then lost the old build's
 * files, which the new worker deletes from its cache and the server no longer has: the next
 * simulation worker it made (a Reset during a run, any Compare run) failed with "The
 * simulation stopped with an error: unknown error", and nothing said a new version was there.
 *
 * Now a new build waits (the old one keeps serving its own files to the open tab, which
 * works on) and the page says a new version is ready, with a button that switches to it and
 * reloads (the lesson on screen comes back from the link). An open tab looks for a new build
 * every hour, as a lab left open through a class would otherwise never notice one.
 */
import type { AppStore } from './store/app-store';

export const UPDATE_TITLE = 'A new version of AQM Lab is ready';
export const UPDATE_ACTION = 'Reload to update';
export const UPDATE_LINE =
  'This tab goes on with the version it opened. Reloading switches to the new one: the scenario on screen comes back from its link, a run in progress starts again.';
/** How often an open tab asks the server for a new build, ms. */
export const UPDATE_CHECK_MS = 60 * 60 * 1000;

/** The parts of a ServiceWorker used here. */
export interface SwWorker {
  state: string;
  postMessage(message: unknown): void;
  addEventListener(type: 'statechange', fn: () => void): void;
}

/** The parts of a ServiceWorkerRegistration used here. */
export interface SwRegistration {
  waiting: SwWorker | null;
  installing: SwWorker | null;
  update(): Promise<unknown>;
  addEventListener(type: 'updatefound', fn: () => void): void;
}

/** The parts of navigator.serviceWorker used here. */
export interface SwContainer {
  controller: unknown;
  register(url: string, options: { scope: string }): Promise<SwRegistration>;
  addEventListener(type: 'controllerchange', fn: () => void): void;
}

export interface UpdateOptions {
  url: string;
  scope: string;
  reload: () => void;
  /** Starts the hourly check (setInterval by default). */
  every?: (fn: () => void, ms: number) => void;
}

/**
 * Registers the service worker at `opts.url` and offers each new build it installs while
 * this page is controlled by an older one. Resolves with the registration (null when the
 * browser refused it: the lab works on, only not offline).
 */
export async function watchForUpdates(store: AppStore, container: SwContainer, opts: UpdateOptions): Promise<SwRegistration | null> {
  let reg: SwRegistration | undefined;
  try {
    reg = await container.register(opts.url, { scope: opts.scope });
  } catch {
    return null;
  }
  // (a browser automation that blocks service workers resolves with nothing)
  if (!reg) return null;
  const r = reg;
  let asked = false;
  const offer = (w: SwWorker) => {
    // the first install (no build controls the page yet) is nothing new to the user
    if (!container.controller) return;
    store.addBanner({
      kind: 'info',
      title: UPDATE_TITLE,
      lines: [UPDATE_LINE],
      topic: 'update',
      action: {
        label: UPDATE_ACTION,
        run: () => {
          asked = true;
          w.postMessage({ type: 'SKIP_WAITING' });
        },
      },
    });
  };
  // the new build takes over once asked: then the page loads it
  container.addEventListener('controllerchange', () => {
    if (asked) opts.reload();
  });
  if (r.waiting) offer(r.waiting);
  r.addEventListener('updatefound', () => {
    const w = r.installing;
    if (!w) return;
    w.addEventListener('statechange', () => {
      if (w.state === 'installed') offer(w);
    });
  });
  (opts.every ?? ((fn, ms) => setInterval(fn, ms)))(() => void r.update().catch(() => undefined), UPDATE_CHECK_MS);
  return r;
}
