import { useServices } from './app-context';
import { useRef } from 'react';
import { useAppState } from './store/app-store';
import { useKeepFocus } from './focus';

/** A banner lists this many lines; the rest fold under "and N more" (a link with 300 bad keys stays one short banner). */
export const BANNER_LINES = 5;

/** The first BANNER_LINES lines, then the rest folded under "and N more". */
function CappedList({ lines }: { lines: readonly string[] }) {
  return (
    <>
      <ul>
        {lines.slice(0, BANNER_LINES).map((l, i) => (
          <li key={i}>{l}</li>
        ))}
      </ul>
      {lines.length > BANNER_LINES ? (
        <details className="banner-more">
          <summary>
            and {lines.length - BANNER_LINES} more ({lines.length} in all)
          </summary>
          <ul>
            {lines.slice(BANNER_LINES).map((l, i) => (
              <li key={i}>{l}</li>
            ))}
          </ul>
        </details>
      ) : null}
    </>
  );
}

/** Dismissible banners (bad link keys, deferred parameter changes) and the run error. */
export function Banners() {
  const { store } = useServices();
  const banners = useAppState(store, (s) => s.banners);
  const runError = useAppState(store, (s) => s.runError);
  // a banner dismissed from the keyboard takes its button away: the focus goes to the next
  // banner's, else to Play (it fell to the page itself)
  const ref = useRef<HTMLDivElement>(null);
  useKeepFocus(ref, () => ref.current?.querySelector<HTMLElement>('button') ?? document.querySelector<HTMLElement>('.transport button.primary'));
  return (
    <div className="banners" ref={ref}>
      {runError ? (
        <div className="banner banner-error" role="alert" data-testid="run-error">
          <div>
            <strong>{runError.message}</strong>
            {runError.fields.length > 0 ? <CappedList lines={runError.fields.map((f) => (f.path ? `${f.path}: ${f.message}` : f.message))} /> : null}
            <p className="small">The app still works: change the settings or pick a lesson, then press Play.</p>
          </div>
          <button type="button" className="icon-btn" aria-label="Dismiss the error" onClick={() => store.set({ runError: null })}>
            ✕
          </button>
        </div>
      ) : null}
      {banners.map((b) => (
        <div key={b.id} className={`banner banner-${b.kind}`} role={b.kind === 'info' ? 'status' : 'alert'} data-testid={`banner-${b.kind}`}>
          <div className="banner-body">
            <strong>{b.title}</strong>
            <CappedList lines={b.lines} />
            {b.action ? (
              <p>
                <button type="button" onClick={b.action.run}>
                  {b.action.label}
                </button>
              </p>
            ) : null}
          </div>
          <button type="button" className="icon-btn" aria-label={`Dismiss: ${b.title}`} onClick={() => store.dismissBanner(b.id)}>
            ✕
          </button>
        </div>
      ))}
    </div>
  );
}
