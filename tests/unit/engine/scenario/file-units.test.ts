import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../../../src/cli/main';
import { fileNotices, MAX_FILE_NOTICES } from '../../../../src/engine/scenario/file';
import { getPath, setPath } from '../../../../src/engine/scenario/paths';
import { presetScenario, PRESETS } from '../../../../src/engine/scenario/presets';
import { parseScenario } from '../../../../src/engine/scenario/schema';
import { bareNumberNotice } from '../../../../src/engine/scenario/units';
import { nodeAt } from '../../../../src/engine/scenario/set';
import { capture } from '../../cli/capture';

/*
 * A link's `delay=5` (5 s, likely meant as 5 ms) opens with a notice (units.test.ts); the same
 * number in a scenario FILE opened without a word, in the app (File → Open) and in the command
 * line (`aqm-lab file.json`). A file's numbers are SI and take no unit, so its notice says what
 * to write instead (0.005), by the same rule as a link's (units.ts, ambiguousBare).
 */

const DELAY = 'topology.bottleneck.delay';

/** The default lesson with `path` set to `v`, validated as a file is. */
function withValue(path: string, v: unknown, base = 'default'): unknown {
  const s = structuredClone(presetScenario(base)) as unknown as Record<string, unknown>;
  setPath(s, path, v);
  const r = parseScenario(s);
  if (!r.ok) throw new Error(r.errors.join('; '));
  return r.scenario;
}

describe("a scenario file's number likely meant in ms", () => {
  it('a delay of 5 is noticed, naming the field, the value as read and what to write for ms', () => {
    expect(fileNotices(withValue(DELAY, 5))).toEqual([`${DELAY} = 5 is read as 5 s (a scenario file's numbers are in seconds); for 5 ms write 0.005`]);
    // a saved run's scenario names the field as the file has it
    expect(fileNotices(withValue(DELAY, 5), 'scenario.')).toEqual([`scenario.${DELAY} = 5 is read as 5 s (a scenario file's numbers are in seconds); for 5 ms write 0.005`]);
    expect(fileNotices(withValue(DELAY, 0.005))).toEqual([]);
  });

  it("the same values are noticed in a file as in a link, field by field (one rule: a link's text 5 is the file's number 5)", () => {
    const fields = [DELAY, 'topology.left.delay', 'tcp.minRto', 'duration', 'warmup'];
    let noticed = 0;
    for (const path of fields)
      for (const v of [0, 0.02, 0.5, 1, 2, 5, 9]) {
        const node = nodeAt(presetScenario('default'), path);
        if (node?.t !== 'param' || node.spec.type !== 'number') throw new Error(`${path} is not a number field`);
        let s: unknown;
        try {
          s = withValue(path, v);
        } catch {
          continue; // out of range here (a warm-up past the run's end): refused, not noticed
        }
        const link = bareNumberNotice(path, node.spec, String(v));
        expect(fileNotices(s).length, `${path} = ${v}`).toBe(link === null ? 0 : 1);
        if (link) noticed++;
      }
    // the delays of 1 s or more (4 values each of 2 fields) and minRto 2, 5, 9
    expect(noticed).toBe(11);
  });

  it("no lesson's own scenario is noticed (saved with File → Save scenario, it opens without a warning)", () => {
    const noticed = PRESETS.filter((p) => fileNotices(p.scenario).length > 0).map((p) => p.name);
    expect(noticed).toEqual([]);
  });

  it('a list of per-flow delays: each element by its index, at most MAX_FILE_NOTICES lines and how many more', () => {
    const s = withValue('topology.flowDelay', { kind: 'list', values: [0.005, 5, 0.01, 2] });
    expect(fileNotices(s)).toEqual([
      `topology.flowDelay.values.1 = 5 is read as 5 s (a scenario file's numbers are in seconds); for 5 ms write 0.005`,
      `topology.flowDelay.values.3 = 2 is read as 2 s (a scenario file's numbers are in seconds); for 2 ms write 0.002`,
    ]);
    const many = fileNotices(withValue('topology.flowDelay', { kind: 'list', values: Array.from({ length: 25 }, () => 5) }));
    expect(many).toHaveLength(MAX_FILE_NOTICES + 1);
    expect(many[MAX_FILE_NOTICES]).toBe(`and ${25 - MAX_FILE_NOTICES} more numbers like these`);
  });
});

describe('the command line: aqm-lab file.json', () => {
  const dir = mkdtempSync(join(tmpdir(), 'aqmlab-file-units-'));
  const file = (name: string, json: unknown) => {
    const p = join(dir, name);
    writeFileSync(p, JSON.stringify(json));
    return p;
  };

  it('says the notice on stderr, also with --quiet, and runs the file as written', async () => {
    const f = file('slow.json', withValue(DELAY, 5));
    for (const quiet of [[], ['--quiet']]) {
      const io = capture();
      expect(await runCli([f, '--dry-run', ...quiet], io)).toBe(0);
      expect(getPath(JSON.parse(io.stdout), DELAY)).toBe(5);
      expect(io.stderr).toBe(`${f}: ${DELAY} = 5 is read as 5 s (a scenario file's numbers are in seconds); for 5 ms write 0.005\n`);
    }
  });

  it("a saved run's scenario is named as in the file; a value --set replaces is not the file's to notice", async () => {
    const saved = file('run.json', { scenario: withValue(DELAY, 5), summary: {} });
    const io = capture();
    expect(await runCli([saved, '--dry-run'], io)).toBe(0);
    expect(io.stderr).toBe(`${saved}: scenario.${DELAY} = 5 is read as 5 s (a scenario file's numbers are in seconds); for 5 ms write 0.005\n`);
    const set = capture();
    expect(await runCli([file('slow2.json', withValue(DELAY, 5)), '--set', `${DELAY}=5ms`, '--dry-run'], set)).toBe(0);
    expect(set.stderr).toBe('');
  });
});
