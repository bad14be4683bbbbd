/**
 * The button (or drop-down) a press of the mouse (or a finger) last gave the focus to, while it keeps it;
 * none once the focus has moved by the keyboard or a script. Chromium leaves a clicked button
 * focused, and a key meant for the page then went to the button: Space after a click on
 * Classroom on turned it off again (after Next drop: the next drop) instead of playing, and
 * the right arrow after a click on a speed chose the next speed instead of stepping, Space after
 * a lesson picked from the Lesson menu opened the menu again. On such a
 * button Space plays and pauses and the arrows step, as the help's Keys say; on a button
 * reached with Tab the keys are the button's (Space presses it, the arrows move a radio group).
 */
let focused: Element | null = null;

const down = (e: PointerEvent) => {
  focused = (e.target as Element | null)?.closest?.('button, summary, select') ?? null;
};
const focusIn = (e: FocusEvent) => {
  if (e.target !== focused) focused = null;
};

/** Starts following pointer presses and focus changes on `doc`; returns the function that stops. */
export function followPointerFocus(doc: Document): () => void {
  doc.addEventListener('pointerdown', down, true);
  doc.addEventListener('focusin', focusIn, true);
  return () => {
    doc.removeEventListener('pointerdown', down, true);
    doc.removeEventListener('focusin', focusIn, true);
    focused = null;
  };
}

/** Whether `el` is a button or drop-down that has the focus from a pointer press (not from the keyboard or a script). */
export function focusedByPointer(el: EventTarget | null): boolean {
  return el !== null && el === focused;
}
