import { BAD_RT_LINK_TITLE, readRtView } from './charts/rt-link';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { AppContext, type AppServices } from './app-context';
import { FrameLoop } from './charts/frame-loop';
import { installPrintHooks } from './print';
import { RunController } from './run/controller';
import { AppStore } from './store/app-store';
import { readQueryFlags, startUrlSync } from './store/url-sync';
import { initialClassroom, rememberClassroom } from './store/classroom-memory';
import { watchForUpdates } from './sw-update';
import './styles.css';

const flags = readQueryFlags(location.search);
const session = (() => {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
})();
// Classroom on stays on when the tab reloads (classroom-memory.ts)
const rtLink = readRtView(location.search);
const store = new AppStore({ embed: flags.embed, classroom: initialClassroom(location.search, session), rtView: rtLink.view });
rememberClassroom(store, session, {
  search: () => location.search,
  replaceSearch: (search) => history.replaceState(history.state, '', `${location.pathname}${search}${location.hash}`),
});
const controller = new RunController(store);
const loop = new FrameLoop();
const services: AppServices = { store, controller, loop };

startUrlSync(store, controller);
if (rtLink.problem) store.addBanner({ kind: 'warning', title: BAD_RT_LINK_TITLE, lines: [rtLink.problem], untilNextLoad: true });
// every chart drawn for paper, in view or not (src/ui/print.ts)
installPrintHooks(loop);

/** Read-only hooks for tests and for the curious (frames per second of the charts). */
declare global {
  interface Window {
    __aqmlab?: { store: AppStore; controller: RunController; loop: FrameLoop };
  }
}
window.__aqmlab = { store, controller, loop };
// the simulation worker loads its script while the page is idle, not when Play is pressed
const idle = (f: () => void) => (typeof requestIdleCallback === 'function' ? requestIdleCallback(f, { timeout: 1000 }) : setTimeout(f, 200));
idle(() => controller.prewarm());
// the built site's service worker (offline use; a new build is offered, not forced: sw-update.ts)
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  window.addEventListener('load', () => {
    void watchForUpdates(store, navigator.serviceWorker, { url: `${import.meta.env.BASE_URL}sw.js`, scope: import.meta.env.BASE_URL, reload: () => location.reload() });
  });
}

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');
createRoot(root).render(
  <StrictMode>
    <AppContext.Provider value={services}>
      <App />
    </AppContext.Provider>
  </StrictMode>,
);
