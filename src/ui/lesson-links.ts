/**
 * Lesson names in a lesson's text as links to those lessons. The texts name the lessons
 * they build on or compare with by their preset names ("compare ... with lockout-dt",
 * "the drop-tail lesson, bufferbloat-dt"), which the command line takes; in the
 * app such a name meant nothing to a student without the papers. Each becomes a link that
 * opens that lesson (the address's fragment, as the lesson menu sets it) with its title as
 * the link's title. The current lesson's own name stays text.
 */
/** A lesson's name and title, as the lesson list has them. */
export interface NamedLesson {
  name: string;
  title: string;
}

/** The pieces of `text`: plain strings, and the names of `lessons` (other than `current`) found as whole words. */
export function lessonNamePieces(text: string, lessons: readonly NamedLesson[], current: string | null): (string | NamedLesson)[] {
  const byName = new Map(lessons.map((l) => [l.name, l]));
  const out: (string | NamedLesson)[] = [];
  let last = 0;
  // a name: lower-case words joined by hyphens (dots within: "feng-fig4-n8-maxp-0.016"), not inside a longer word
  for (const m of text.matchAll(/(?<![\w.-])[a-z0-9]+(?:-[a-z0-9]+(?:\.[0-9]+)?)+(?![\w-])/g)) {
    const l = byName.get(m[0]);
    if (!l || l.name === current) continue;
    if (m.index > last) out.push(text.slice(last, m.index));
    out.push(l);
    last = m.index + m[0].length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

/** A number and its unit: "82.9 %", "2 s", "10 Mb/s" (the space may be a no-break one already). */
const NUMBER_UNIT = /\d[\d.,]*[ \u00a0](?:%|ms|s|KB|MB|[MG]b\/s)(?![A-Za-z])/g;

/**
 * `text` in pieces, each number with its unit a piece of its own (`unit`), for the page to
 * keep on one line: on a phone the statements broke "82.9" from its "%" and "2" from its "s".
 */
export function unitPieces(text: string): { text: string; unit: boolean }[] {
  const out: { text: string; unit: boolean }[] = [];
  let last = 0;
  for (const m of text.matchAll(NUMBER_UNIT)) {
    if (m.index > last) out.push({ text: text.slice(last, m.index), unit: false });
    out.push({ text: m[0], unit: true });
    last = m.index + m[0].length;
  }
  if (last < text.length) out.push({ text: text.slice(last), unit: false });
  return out;
}
