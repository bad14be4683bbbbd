/**
 * The editor's one-step fix for an edit refused only because of another field (the
 * engine's companionFix): the button's words, the note beside the field it changes too,
 * the controller applying both edits as one change, and the markup showing both.
 */
import { createElement, type ComponentType } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { presetScenario } from '../../../../src/engine/scenario/presets';
import { companionFix, type CompanionFix, type Scenario } from '../../../../src/engine/scenario/schema';
import { companionButtonText, companionNotes, editorFields, fieldErrors } from '../../../../src/ui/editor/fields';
import { RunController } from '../../../../src/ui/run/controller';
import { AppStore } from '../../../../src/ui/store/app-store';

interface EditorProps {
  scenario: Scenario;
  onChange: (path: string, value: unknown) => void;
  errors: Record<string, string>;
  live: boolean;
  fix?: { path: string; label: string; apply: () => void };
  notes?: Record<string, string>;
}

async function loadEditor(): Promise<ComponentType<EditorProps>> {
  const spec = ['..', '..', '..', '..', 'src', 'ui', 'editor', 'ScenarioEditor.tsx'].join('/');
  return ((await import(/* @vite-ignore */ spec)) as { ScenarioEditor: ComponentType<EditorProps> }).ScenarioEditor;
}

function block(html: string, path: string): string {
  const start = html.indexOf(`data-path="${path}"`);
  if (start < 0) throw new Error(`no control for ${path}`);
  const next = html.indexOf('data-path="', start + 10);
  return html.slice(start, next < 0 ? undefined : next);
}

const decode = (s: string) => s.replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

function lesson(name: string): { store: AppStore; c: RunController } {
  const store = new AppStore();
  const c = new RunController(store, () => ({ postMessage() {}, terminate() {} }) as unknown as Worker);
  expect(c.loadScenario(presetScenario(name), name)).toEqual([]);
  return { store, c };
}

const LESSON = 'ecn-finite-n10-dt-ql64';

describe('one-step fix: words', () => {
  it('the button says both changes and where the companion value comes from', () => {
    const s = presetScenario(LESSON)!;
    const fix = companionFix(s, 'tcp.cc', 'cubic')!;
    expect(companionButtonText(s, fix)).toBe('Set congestion control to cubic and window cut to rfc5681 (RFC 5681)');
    expect(companionNotes(s, fix)).toEqual({ 'tcp.windowCut': 'Changed to rfc5681 with congestion control = cubic (was ns2).' });
  });

  it("a traffic item's own cc: the item's own window cut, which followed every TCP flow", () => {
    const { store, c } = lesson(LESSON);
    expect(c.setParam('traffic.0.tcp', { cc: 'reno' })).toEqual([]);
    const s = store.getState().scenario!;
    const fix = companionFix(s, 'traffic.0.tcp.cc', 'cubic')!;
    expect(companionButtonText(s, fix)).toBe("Set this item's congestion control to cubic and this item's window cut to rfc5681 (RFC 5681)");
    expect(companionNotes(s, fix)).toEqual({ 'traffic.0.tcp.windowCut': "Changed to rfc5681 with this item's congestion control = cubic (it followed every TCP flow)." });
  });

  it("a scenario-wide edit whose companion is an item's own field names that item; the note there names the scenario's field", () => {
    const { store, c } = lesson('cubic-vs-reno');
    const s = store.getState().scenario!;
    const i = s.traffic.findIndex((t) => (t as { tcp?: { cc?: string } }).tcp?.cc === 'cubic');
    expect(i).toBeGreaterThanOrEqual(0);
    expect(c.setParam('tcp.windowCut', 'ns2').join('\n')).toContain('cannot be combined');
    const fix = companionFix(s, 'tcp.windowCut', 'ns2')!;
    expect(fix.changes).toEqual([['tcp.windowCut', 'ns2'], [`traffic.${i}.tcp.cc`, 'reno']]);
    expect(companionButtonText(s, fix)).toBe(`Set window cut to ns2 and traffic item ${i + 1}'s congestion control to reno (RFC 5681)`);
    expect(companionNotes(s, fix)).toEqual({ [`traffic.${i}.tcp.cc`]: 'Changed to reno with window cut = ns2 (was cubic).' });
  });

  it('numbers in the unit the editor shows them in', () => {
    const { store, c } = lesson('default');
    expect(c.setParam('tcp.maxRto', 3)).toEqual([]);
    const s = store.getState().scenario!;
    const fix = companionFix(s, 'tcp.minRto', 5)!;
    expect(companionButtonText(s, fix)).toBe('Set min RTO to 5000 ms and max RTO to 5000 ms (RFC 6298 §2.5)');
  });
});

describe('one-step fix: the controller applies both edits as one change', () => {
  it('cc = cubic alone is refused; with its companion it is one scenario update (one scenarioRev: url-sync writes one link)', () => {
    const { store, c } = lesson(LESSON);
    const before = store.getState();
    const errs = c.setParam('tcp.cc', 'cubic');
    expect(errs.join('\n')).toContain('windowCut = "ns2"');
    expect(store.getState().scenarioRev).toBe(before.scenarioRev);
    const fix = companionFix(store.getState().scenario!, 'tcp.cc', 'cubic') as CompanionFix;
    expect(c.setParams(fix.changes)).toEqual([]);
    const after = store.getState();
    expect(after.scenario!.tcp.cc).toBe('cubic');
    expect(after.scenario!.tcp.windowCut).toBe('rfc5681');
    expect(after.scenarioRev).toBe(before.scenarioRev + 1);
    // nothing else changed
    expect({ ...after.scenario!, tcp: { ...after.scenario!.tcp, cc: 'reno', windowCut: 'ns2' } }).toEqual(before.scenario);
  });

  it('a set of changes that is not valid as a whole changes nothing', () => {
    const { store, c } = lesson(LESSON);
    const before = store.getState().scenario;
    expect(c.setParams([['tcp.cc', 'cubic'], ['tcp.subtcp', false]]).join('\n')).toContain('windowCut');
    expect(store.getState().scenario).toBe(before);
  });
});

describe('one-step fix: markup', () => {
  it('the refusal at Congestion control on an ns-2 lesson shows the button under its message; after it, Window cut says what changed', async () => {
    const Editor = await loadEditor();
    const { store, c } = lesson(LESSON);
    const s = store.getState().scenario!;
    const list = c.setParam('tcp.cc', 'cubic');
    const errors = fieldErrors(editorFields(s), { path: 'tcp.cc', list }, []);
    const fix = companionFix(s, 'tcp.cc', 'cubic')!;
    const label = companionButtonText(s, fix);
    const html = decode(renderToStaticMarkup(createElement(Editor, { scenario: s, onChange: () => {}, errors, live: false, fix: { path: 'tcp.cc', label, apply: () => {} } })));
    const cc = block(html, 'tcp.cc');
    expect(cc).toContain('Window cut: window cut = "ns2" (ns-2\'s halving) cannot be combined with congestion control = "cubic"');
    const err = /<p class="sed-error" id="([^"]+)"/.exec(cc)![1];
    expect(cc).toContain(`<button type="button" class="sed-fix" aria-describedby="${err}">Set congestion control to cubic and window cut to rfc5681 (RFC 5681)</button>`);
    // the button is at the field edited only
    expect(html.split('class="sed-fix"')).toHaveLength(2);
    // without a fix (an ordinary refusal): the message alone
    const plain = renderToStaticMarkup(createElement(Editor, { scenario: s, onChange: () => {}, errors, live: false }));
    expect(plain).not.toContain('sed-fix');

    // applied: both fields show their new values, and Window cut says it was changed with CUBIC
    expect(c.setParams(fix.changes)).toEqual([]);
    const t = store.getState().scenario!;
    const done = decode(renderToStaticMarkup(createElement(Editor, { scenario: t, onChange: () => {}, errors: {}, live: false, notes: companionNotes(s, fix) })));
    expect(block(done, 'tcp.cc')).toMatch(/<option value="cubic" [^>]*selected=""/);
    const wc = block(done, 'tcp.windowCut');
    expect(wc).toMatch(/<option value="rfc5681" [^>]*selected=""/);
    expect(wc).toContain('<p class="sed-companion" role="status">Changed to rfc5681 with congestion control = cubic (was ns2).</p>');
    expect(block(done, 'tcp.cc')).not.toContain('sed-companion');
  });
});
