/**
 * An integer with thousands separators, as toLocaleString('en-US') writes it ("12,345"),
 * without Intl: for the app and for lesson texts alike. The first Intl number format in a page sets up ICU's number formatting:
 * about 15 ms here, 60 ms of script at 4x CPU throttling (a slow laptop), paid by whatever
 * formats first: the inspector's "the last 1,000 recorded" on Pause. And
 * toLocaleString('en-US') builds a new formatter at every call (about 0.1 ms), in renders
 * and chart draws that happen many times a second.
 */
export function grouped(n: number): string {
  if (!Number.isFinite(n)) return String(n);
  return String(Math.round(n)).replace(/\B(?=(\d{3})+$)/g, ',');
}
