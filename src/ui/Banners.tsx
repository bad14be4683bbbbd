import { useServices } from './app-context';
import { useAppState } from './store/app-store';

/** Dismissible banners (bad link keys, deferred parameter changes) and the run error. */
export function Banners() {
  const { store } = useServices();
  const banners = useAppState(store, (s) => s.banners);
  const runError = useAppState(store, (s) => s.runError);
  return (
    <div className="banners">
      {runError ? (
        <div className="banner banner-error" role="alert" data-testid="run-error">
          <div>
            <strong>{runError.message}</strong>
            {runError.fields.length > 0 ? (
              <ul>
                {runError.fields.map((f, i) => (
                  <li key={i}>{f.path ? `${f.path}: ${f.message}` : f.message}</li>
                ))}
              </ul>
            ) : null}
            <p className="small">The app still works: change the settings or pick a lesson, then press Play.</p>
          </div>
          <button type="button" className="icon-btn" aria-label="Dismiss the error" onClick={() => store.set({ runError: null })}>
            ✕
          </button>
        </div>
      ) : null}
      {banners.map((b) => (
        <div key={b.id} className={`banner banner-${b.kind}`} role={b.kind === 'info' ? 'status' : 'alert'} data-testid={`banner-${b.kind}`}>
          <div>
            <strong>{b.title}</strong>
            <ul>
              {b.lines.map((l, i) => (
                <li key={i}>{l}</li>
              ))}
            </ul>
          </div>
          <button type="button" className="icon-btn" aria-label={`Dismiss: ${b.title}`} onClick={() => store.dismissBanner(b.id)}>
            ✕
          </button>
        </div>
      ))}
    </div>
  );
}
