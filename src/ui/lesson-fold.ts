/**
 * Classroom mode on a short projector (1024x768, 1280x720, 1366x768): the lesson's text and
 * its statements filled the first screen and the charts the class watches began below it,
 * so the teacher scrolled down at every lesson and lost the text. While a run goes (from
 * Play or a step until it ends or is reset) the lesson row folds: the text to its first two
 * lines with "more", the statements to their one-line summary; when the run ends both open
 * again, the statements with their ticks. Nothing above the lesson row moves (Play stays
 * under the mouse), and a 1080-px screen, where the charts already show, keeps it all open.
 * Folded, the text and the statements sit side by side on a 1024-px projector too (the row
 * gets class `fold`, App.tsx), and the response-time chart's hint under its plot folds away
 * (ResponseChart.tsx); with the header on one row and plots sized to the screen (styles.css,
 * response-chart.css) the first chart is whole on a 1024x768 screen while a lesson runs.
 */
import { useSyncExternalStore } from 'react';
import { useServices } from './app-context';
import { useAppState } from './store/app-store';

/** Up to a 1400x1050 projector, and a 1080-px one in a browser window with its toolbars. */
const SHORT_SCREEN = '(max-height: 1050px)';

function subscribeShort(onChange: () => void): () => void {
  if (typeof window.matchMedia !== 'function') return () => undefined;
  const m = window.matchMedia(SHORT_SCREEN);
  m.addEventListener('change', onChange);
  return () => m.removeEventListener('change', onChange);
}

function isShort(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(SHORT_SCREEN).matches;
}

/** True while the lesson row should be folded: classroom mode, a short screen, a run going. */
export function useLessonFold(): boolean {
  const { store } = useServices();
  const classroom = useAppState(store, (s) => s.classroom);
  const inRun = useAppState(store, (s) => s.status === 'starting' || s.status === 'running' || s.status === 'stepping' || s.status === 'paused');
  const short = useSyncExternalStore(subscribeShort, isShort);
  return classroom && short && inRun;
}
