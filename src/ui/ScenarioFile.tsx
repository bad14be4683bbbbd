/**
 * Scenario files between the app and the command line: File → Open scenario (or a file
 * dropped on the page) loads a scenario file as `aqm-lab file.json` reads it, including a
 * saved run's scenario (the CLI's `--out` result, the app's "Everything (JSON)"); File →
 * Save scenario (JSON) saves the current one for the CLI. A file that is not JSON, not a
 * scenario or too large gets a banner naming the problem (the line and column, each
 * field with its allowed range) and the scenario on screen stays as it was. A number likely
 * meant in another unit (a delay of 5, which is 5 s) is opened with a warning, as in a link.
 */
import { useEffect, useRef, type MutableRefObject } from 'react';
import { fileNotices, MAX_SCENARIO_FILE_BYTES, parseJsonText, scenarioInFile } from '../engine/scenario/file';
import { useServices } from './app-context';
import { download, fileStem } from './charts/export';
import type { RunController } from './run/controller';
import { lessonByName, validate } from './scenario-api';
import type { AppStore } from './store/app-store';

/** A scenario is a few KB; a saved run with its series can reach tens of MB. Beyond this the file is not read (the command line's cap too). */
export { MAX_SCENARIO_FILE_BYTES };

function mb(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(bytes < 10 * 1024 * 1024 ? 1 : 0)} MB`;
}

/** The banner of a file's numbers that were applied but are likely not what was meant (a delay of 5 is 5 s), as a link's (url-sync.ts). */
export const FILE_UNITS_TITLE = 'Check the units in this file';
export const FILE_OPENED_LINE = 'The file was opened as written.';

function fileBanner(store: AppStore, file: File, why: string, lines: string[]): false {
  store.addBanner({ kind: 'error', title: `${file.name} was not opened: ${why}`, lines, untilNextLoad: true, topic: 'file' });
  return false;
}

/**
 * Reads `file` and loads its scenario; on any problem a banner says what and the current
 * scenario is kept. Returns true when loaded; never rejects: File → Open and a drop start it
 * and await nothing, and an exception inside (a scenario that validates but that loading
 * throws on, a bug) failed silently, with nothing on screen to say the file was not opened.
 */
export async function openScenarioFile(file: File, store: AppStore, controller: RunController): Promise<boolean> {
  const before = store.getState().scenario;
  try {
    return await openChecked(file, store, controller);
  } catch (e) {
    const unchanged = store.getState().scenario === before;
    return fileBanner(store, file, 'loading it failed', [
      e instanceof Error ? `${e.name}: ${e.message}` : String(e),
      unchanged ? 'The scenario on screen is unchanged.' : 'The scenario on screen may be loaded only in part: check it, or open a lesson or the file again.',
    ]);
  }
}

async function openChecked(file: File, store: AppStore, controller: RunController): Promise<boolean> {
  const fail = (why: string, lines: string[]) => fileBanner(store, file, why, [...lines, 'The scenario on screen is unchanged.']);
  if (file.size > MAX_SCENARIO_FILE_BYTES) return fail(`it is ${mb(file.size)}`, [`A scenario file is a few KB, a saved run at most ${mb(MAX_SCENARIO_FILE_BYTES)}; pick the scenario file (File → Save scenario) or the run's --out result.`]);
  let text: string;
  try {
    text = await file.text();
  } catch (e) {
    return fail('it could not be read', [e instanceof Error ? e.message : String(e)]);
  }
  const parsed = parseJsonText(text.replace(/^\uFEFF/, ''), file.name);
  if (!parsed.ok) return fail('it is not JSON', [parsed.error]);
  const inner = scenarioInFile(parsed.json);
  const r = validate(inner.json);
  if (!r.ok) return fail('it is not a valid scenario', r.errors.map((e) => `${inner.prefix}${e}`));
  const name = r.scenario.name ?? null;
  // a lesson's own scenario (as saved) keeps the lesson: its text, its claims, a readable link
  controller.loadScenario(r.scenario, lessonByName(name) ? name : null);
  store.addBanner({
    kind: 'info',
    title: `Opened ${file.name}`,
    lines: [`${inner.prefix ? "The saved run's scenario" : 'The scenario'}${name ? ` "${name}"` : ''} is loaded: press Play to run it. The address bar's link now holds it.`],
    untilNextLoad: true,
    topic: 'file',
  });
  // numbers likely meant in ms or Mb/s (a delay of 5 is 5 s): said, not refused, as a link's are
  const notices = fileNotices(r.scenario, inner.prefix);
  if (notices.length > 0) store.addBanner({ kind: 'warning', title: FILE_UNITS_TITLE, lines: [...notices, FILE_OPENED_LINE], untilNextLoad: true });
  return true;
}

/** Saves the current scenario as the command line reads it. */
export function saveScenarioFile(store: AppStore): void {
  const s = store.getState();
  if (!s.scenario) return;
  const name = `${fileStem('scenario', s.presetName, s.scenario)}.json`;
  download(name, new Blob([`${JSON.stringify(s.scenario, null, 2)}\n`], { type: 'application/json' }));
  store.addBanner({
    kind: 'info',
    title: `Saved ${name}: the scenario`,
    lines: [`Run it from the command line, in a clone of AQM Lab: npm run sim -- ${name} (add --out result.json to save the result), or open it here again with File → Open scenario.`],
  });
}

/**
 * The hidden file input behind File → Open scenario (`openRef.current()` opens the file
 * chooser), and files dropped anywhere on the page.
 */
export function OpenScenarioInput({ openRef }: { openRef: MutableRefObject<() => void> }) {
  const { store, controller } = useServices();
  const input = useRef<HTMLInputElement>(null);
  openRef.current = () => input.current?.click();
  useEffect(() => {
    const hasFiles = (e: DragEvent) => Array.from(e.dataTransfer?.types ?? []).includes('Files');
    const over = (e: DragEvent) => {
      if (!hasFiles(e)) return;
      e.preventDefault();
      if (e.dataTransfer) e.dataTransfer.dropEffect = 'copy';
    };
    const drop = (e: DragEvent) => {
      if (!hasFiles(e)) return;
      e.preventDefault();
      const f = e.dataTransfer?.files[0];
      if (f) void openScenarioFile(f, store, controller);
    };
    window.addEventListener('dragover', over);
    window.addEventListener('drop', drop);
    return () => {
      window.removeEventListener('dragover', over);
      window.removeEventListener('drop', drop);
    };
  }, [store, controller]);
  return (
    <input
      ref={input}
      type="file"
      accept=".json,application/json"
      aria-label="Scenario file to open"
      hidden
      onChange={(e) => {
        const f = e.target.files?.[0];
        e.target.value = '';
        if (f) void openScenarioFile(f, store, controller);
      }}
    />
  );
}
