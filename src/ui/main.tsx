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
const store = new AppStore({ embed: flags.embed, classroom: initialClassroom(location.search, session) });
rememberClassroom(store, session, {
  search: () => location.search,
  replaceSearch: (search) => history.replaceState(history.state, '', `${location.pathname}${search}${location.hash}`),
});
const controller = new RunController(store);
const loop = new FrameLoop();
const services: AppServices = { store, controller, loop };

startUrlSync(store, controller);
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

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');
createRoot(root).render(
  <StrictMode>
    <AppContext.Provider value={services}>
      <App />
    </AppContext.Provider>
  </StrictMode>,
);
