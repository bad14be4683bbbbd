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

/** `x` to `digits` significant digits without trailing zeros ("0", "1", "0.0123"). */
function significant(x: number, digits: number): string {
  return Number.isFinite(x) ? String(Number(x.toPrecision(digits))) : String(x);
}

/**
 * Two numbers a decision's rule sentence compares (a random draw u and the probability p,
 * CoDel's sojourn time and target), as the sentence writes them: 4 significant digits, without trailing zeros (0 and 1 read as the worked steps
 * write them, not "0.000", "1.000"), and more digits where 4 would print two different numbers
 * the same ("u = 0.01234 ≥ p_a = 0.01234" left the class to guess which was larger).
 */
export function drawTexts(u: number, p: number): [string, string] {
  for (let d = 4; d < 17; d++) {
    const a = significant(u, d);
    const b = significant(p, d);
    if (a !== b || u === p) return [a, b];
  }
  return [String(u), String(p)];
}

/**
 * A number typed in decimal notation ("12", "-0.5", ".5", "1e-3"), else NaN. Number() also
 * reads "0x10" as 16 (and "0b11", "0o7", "" as 0): the editor's boxes and the command
 * line's numeric flags read what a person types with this, as links and --set (JSON) do.
 */
export function decimalNumber(text: string): number {
  const t = text.trim();
  return /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(t) ? Number(t) : NaN;
}
