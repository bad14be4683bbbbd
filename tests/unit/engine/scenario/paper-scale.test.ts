import { describe, expect, it } from 'vitest';
import { cloneJson, jsonEqual } from '../../../../src/engine/scenario/paths';
import { atPaperScale, paperScaleScenario, presetByName, PRESETS } from '../../../../src/engine/scenario/presets';
import { comparisonRuns, lessonAtPaperScale } from '../../../../src/engine/scenario/lesson-compare';
import { decodeHash, encodeHash, runChanges } from '../../../../src/engine/scenario/url';
import { paperScaleArgs } from '../../../../src/cli/claims';
import { runCli } from '../../../../src/cli/main';
import { capture } from '../../cli/capture';

/*
 * The seeds/000 lessons run 200 s after a 30 s warm-up; the paper counts from the end of a
 * 120 s warm-up until 250,000 exchanges have completed (§5.4). Each lesson offers that run
 * (presets/types.ts, PaperScale): the app's "Run at the paper's scale", the command line's
 * --set arguments. These check the scenario it makes, its link, that it is still the lesson,
 * and that its comparisons with other lessons are made against them at the same scale.
 */

/** The seeds/000 web lessons (seeds000.ts) and the load grid's points. */
const LESSONS = ['web-dt148-80', 'web-dt148-80-sack', 'web-red5-80', 'web-redecn5-80', 'web-redecn5-80-byte', 'web-redecn60-80'];
const seeds000 = PRESETS.filter((p) => LESSONS.includes(p.name) || p.group === 'web-load');

describe("a seeds/000 lesson at the paper's scale", () => {
  it("every web lesson and load-grid point offers it: the paper's warm-up and exchanges, no time limit, nothing else changed", () => {
    expect(seeds000.length).toBe(6 + 6 * 9);
    for (const p of seeds000) {
      const s = paperScaleScenario(p);
      expect(s, p.name).not.toBeNull();
      expect([s!.warmup, s!.stopAfterExchanges, s!.duration], p.name).toEqual([120, 250_000, undefined]);
      const rest = cloneJson(s!) as unknown as Record<string, unknown>;
      const lesson = cloneJson(p.scenario) as unknown as Record<string, unknown>;
      for (const k of ['warmup', 'stopAfterExchanges', 'duration']) {
        delete rest[k];
        delete lesson[k];
      }
      expect(jsonEqual(rest, lesson), p.name).toBe(true);
    }
    // the lessons of other papers run as long as their papers: none offered
    expect(paperScaleScenario(presetByName('web-users-pi-90')!)).toBeNull();
    expect(paperScaleScenario(presetByName('bench-seeds000-full')!)).toBeNull();
  });

  it('its link is the lesson with three readable keys, and opens the same run', () => {
    const p = presetByName('web-dt148-80')!;
    const hash = encodeHash(paperScaleScenario(p)!, p.name);
    expect(hash).toBe('#p=web-dt148-80&duration=null&stopAfterExchanges=250000&warmup=120&seed=3');
    const back = decodeHash(hash);
    expect(back.problems).toEqual([]);
    expect(atPaperScale(p, back.scenario!)).toBe(true);
    expect(runChanges(back.scenario!, p.name).sort()).toEqual(['duration=null', 'stopAfterExchanges=250000', 'warmup=120']);
  });

  it('the command line makes the same scenario from the --set arguments the report prints', async () => {
    const p = presetByName('web-redecn5-80')!;
    const args = paperScaleArgs(p.paperScale!.set);
    expect(args).toBe('--set warmup=120 --set stopAfterExchanges=250000 --set duration=null');
    const io = capture();
    expect(await runCli(['--preset', p.name, ...args.split(' '), '--dry-run'], io)).toBe(0);
    const ran = JSON.parse(io.stdout);
    expect(jsonEqual(ran, paperScaleScenario(p))).toBe(true);
    expect(lessonAtPaperScale(ran, p.name)).toBe(true);
  });

  it('is the lesson at any seed; with another change, or only part of the paper\'s run, it is not', () => {
    const p = presetByName('web-red5-80')!;
    expect(atPaperScale(p, { ...paperScaleScenario(p)!, seed: 7 })).toBe(true);
    expect(atPaperScale(p, { ...paperScaleScenario(p)!, name: 'mine', description: 'my copy' })).toBe(true);
    expect(atPaperScale(p, p.scenario)).toBe(false);
    expect(atPaperScale(p, { ...paperScaleScenario(p)!, warmup: 30 })).toBe(false);
    expect(atPaperScale(p, { ...paperScaleScenario(p)!, duration: 2000 })).toBe(false);
    const load = cloneJson(paperScaleScenario(p)!);
    (load.traffic[0] as { load: number }).load = 0.9;
    expect(atPaperScale(p, load)).toBe(false);
  });

  it("its comparisons with other lessons are made against them at the paper's scale, at the run's seed, its own seed included", () => {
    const p = presetByName('web-redecn60-80')!;
    const c = comparisonRuns(paperScaleScenario(p)!, p.name);
    expect(c?.paperScale).toBe(true);
    expect(c?.seed).toBe(3);
    expect(c?.lessons.map((l) => l.name)).toEqual(['web-redecn5-80', 'web-dt148-80']);
    expect(c?.lessons[1].scenario).toEqual(paperScaleScenario(presetByName('web-dt148-80')!));
    const at5 = comparisonRuns({ ...paperScaleScenario(p)!, seed: 5 }, p.name);
    expect(at5?.lessons[0].scenario).toEqual(paperScaleScenario(presetByName('web-redecn5-80')!, 5));
    // the lesson as it is, at its own seed: its own numbers, no comparison runs; at another seed, the short runs
    expect(comparisonRuns(p.scenario, p.name)).toBeNull();
    expect(comparisonRuns({ ...p.scenario, seed: 5 }, p.name)?.paperScale).toBe(false);
  });
});
