/**
 * The response-time charts' view in the page's link: `?rt=ccdf`, `?rt=large` or
 * `?rt=ccdf,large` (the CDF of all responses, the default, writes nothing). A researcher who
 * switched a comparison to its CCDF (the tail, log-log) and shared the page's link gave a page
 * that opened on the CDF. The single-run chart and Compare's response-time chart both start
 * from it and both write it. Pure (no DOM), so the rules are tested.
 */
export const RT_KEY = 'rt';

export interface RtView {
  mode: 'cdf' | 'ccdf';
  large: boolean;
}

export const DEFAULT_RT_VIEW: RtView = { mode: 'cdf', large: false };

/** The banner's title for a response-time view in a link that could not be used. */
export const BAD_RT_LINK_TITLE = 'The response-time view in this link could not be used';

const RT_HELP = 'cdf, ccdf, large, or ccdf,large';

/** Reads the view from a page query (`location.search`); a bad value gives the default and a line naming the key, the value and what is allowed. */
export function readRtView(search: string): { view: RtView; problem: string | null } {
  const all = new URLSearchParams(search).getAll(RT_KEY);
  if (all.length === 0) return { view: { ...DEFAULT_RT_VIEW }, problem: null };
  const text = all[all.length - 1];
  const parts = text.split(',').map((p) => p.trim().toLowerCase());
  const ok = parts.every((p) => p === 'cdf' || p === 'ccdf' || p === 'large') && !(parts.includes('cdf') && parts.includes('ccdf'));
  if (!ok || text.trim() === '') {
    const shown = text.length > 40 ? `${text.slice(0, 24)}… (${text.length} characters)` : text;
    return { view: { ...DEFAULT_RT_VIEW }, problem: `${RT_KEY}=${shown}: allowed are ${RT_HELP}; the CDF of all responses is shown.` };
  }
  return { view: { mode: parts.includes('ccdf') ? 'ccdf' : 'cdf', large: parts.includes('large') }, problem: null };
}

/** The page query `search` with the view set (no key for the default view); its other keys kept as they are. */
export function withRtView(search: string, view: RtView): string {
  const q = new URLSearchParams(search);
  q.delete(RT_KEY);
  const parts = [...(view.mode === 'ccdf' ? ['ccdf'] : []), ...(view.large ? ['large'] : [])];
  if (parts.length > 0) q.set(RT_KEY, parts.join(','));
  // ':' and ',' are allowed in a query (RFC 3986): compare=lesson:... and rt=ccdf,large stay readable
  const text = q.toString().replace(/%3A/gi, ':').replace(/%2C/gi, ',');
  return text === '' ? '' : `?${text}`;
}

/** Writes the view into the address bar (replacing the entry: a view is not a step Back goes through). */
export function rememberRtView(view: RtView): void {
  if (typeof history === 'undefined' || typeof location === 'undefined') return;
  const search = withRtView(location.search, view);
  if (search !== location.search) history.replaceState(history.state, '', `${location.pathname}${search}${location.hash}`);
}
