import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { paperScaleScenario, presetByName, presetScenario } from '../../../src/engine/scenario/presets';
import { runScenario } from '../../../src/engine/run';
import { claimsReport } from '../../../src/cli/claims';
import { runCli } from '../../../src/cli/main';
import { capture } from './capture';

describe("the CLI reports the lesson's statements after a preset's run", () => {
  it("a lesson run: each statement with its verdict and measured value, then the Try changes as --set arguments", async () => {
    const io = capture();
    expect(await runCli(['--preset', 'lockout-dt'], io)).toBe(0);
    expect(io.stdout).toContain('What this run should show (lesson lockout-dt):');
    expect(io.stdout).toMatch(/\[holds\] +The lockout is severe: one download finishes more than 30 s before the other[^\n]*\n +measured: \d+\.\d s apart/);
    expect(io.stdout).toContain('Try:\n  --set topology.bottleneck.queue.limit=8   (Shrink the buffer to 8 packets)');
  });

  it("the Try change itself: that change's statements; another change: the lesson's, checked on it, with the keys that differ", async () => {
    const tried = capture();
    expect(await runCli(['--preset', 'lockout-dt', '--set', 'topology.bottleneck.queue.limit=8'], tried)).toBe(0);
    expect(tried.stdout).toContain('What this change should show (lesson lockout-dt, tried: Shrink the buffer to 8 packets):');
    expect(tried.stdout).toMatch(/\[holds\] +No lockout/);
    expect(tried.stdout).not.toContain('Try:');
    const own = capture();
    expect(await runCli(['--preset', 'lockout-dt', '--set', 'topology.bottleneck.queue.limit=12'], own)).toBe(0);
    expect(own.stdout).toContain('your scenario differs from it: topology.bottleneck.queue.limit=12; checked on your run');
    // the lockout statement fails with 12 packets
    expect(own.stdout).toMatch(/\[does not hold\] The lockout is severe/);
  });

  it('the keys that differ are written with their usual unit, as the app writes them and --set takes them (queue.target=20ms, not 0.02)', async () => {
    const io = capture();
    expect(await runCli(['--preset', 'bufferbloat-codel', '--set', 'topology.bottleneck.queue.target=0.02', '--set', 'topology.bottleneck.rate=15e6', '--set', 'duration=4', '--set', 'warmup=1'], io)).toBe(0);
    expect(io.stdout).toMatch(/your scenario differs from it: [^\n]*topology\.bottleneck\.queue\.target=20ms/);
    expect(io.stdout).toMatch(/your scenario differs from it: [^\n]*topology\.bottleneck\.rate=15Mb\/s/);
    expect(io.stdout).not.toMatch(/target=0\.02|rate=15000000/);
  });

  it("a lesson whose queue was made another discipline: its statements about the lesson's discipline are not checked, the others are", async () => {
    // the default RED lesson run through PIE: "every drop is an early, random RED drop" was
    // reported as holding, PIE's drops counted as RED's
    const io = capture();
    expect(await runCli(['--preset', 'default', '--set', 'topology.bottleneck.queue.kind=pie', '--set', 'duration=10', '--set', 'warmup=2'], io)).toBe(0);
    expect(io.stdout).toMatch(/\[not checked\] +After slow start every drop is an early, random RED drop[^\n]*\n +Not checked: the scenario differs \(the queue is PIE, the lesson's is RED\)\./);
    expect(io.stdout).not.toMatch(/\[(holds|does not hold)\] +After slow start every drop is an early, random RED drop/);
    // about the traffic, whatever the queue: still checked
    expect(io.stdout).toMatch(/\[(holds|does not hold)\] +After slow start the link stays busy/);
    expect(io.stdout).toMatch(/\[(holds|does not hold)\] +The four flows get about equal shares/);
  });

  it("at another seed the report says the lesson's numbers are its own seed's; a name or description of one's own is not listed as a difference", async () => {
    const other = capture();
    expect(await runCli(['--preset', 'red-vs-dt', '--set', 'seed=3'], other)).toBe(0);
    expect(other.stdout).toContain('your scenario differs from it: seed=3; checked on your run');
    expect(other.stdout).toContain("(The lesson's numbers were measured at seed 1; another seed is another sample");
    const same = capture();
    expect(await runCli(['--preset', 'red-vs-dt', '--set', 'name=My RED'], same)).toBe(0);
    expect(same.stdout).toContain('What this run should show (lesson red-vs-dt):');
    expect(same.stdout).not.toContain('measured at seed');
  });

  it('at another seed, a statement that compares lessons is checked against them run at that seed (said on stderr as they run)', async () => {
    const io = capture();
    expect(await runCli(['--preset', 'web-users-pi-ecn-90', '--set', 'seed=3'], io)).toBe(0);
    expect(io.stderr).toContain("checking the lesson's comparisons at seed 3: running web-users-pi-90 (1 of 1)");
    expect(io.stdout).toContain('The statements that compare it with other lessons are checked against those lessons run at seed 3.');
    // the comparison's sentence, not the one with seed 2's number, and both runs' numbers
    expect(io.stdout).toMatch(/\[holds\] +ECN helps PI: more responses complete within 1 s than without ECN \(web-users-pi-90\)\.\n +measured: this run \d+\.\d % within 1 s; web-users-pi-90 \d+\.\d %/);
    expect(io.stdout).not.toContain('more than 83 %');
    // at the lesson's seed: its own sentences and numbers, no other run
    const own = capture();
    expect(await runCli(['--preset', 'web-users-pi-ecn-90'], own)).toBe(0);
    expect(own.stderr).not.toContain('checking the lesson');
    expect(own.stdout).toMatch(/\[holds\] +ECN helps PI: more than 83 % of the responses complete within 1 s\./);
  });

  it("at another seed, a number of the lesson's that does not hold there says it is the lesson's seed's; one that holds says nothing more", async () => {
    // red-unfair's statements are about seed 13; at seed 1 the slower download is 8.5 % behind, not more than 10 %
    const io = capture();
    expect(await runCli(['--preset', 'red-unfair', '--set', 'seed=1'], io)).toBe(0);
    expect(io.stdout).toMatch(/\[does not hold\] One download finishes more than 10 % sooner than the other[^\n]*\n +measured: [^\n]* \(the statement's number was measured at seed 13\)\n/);
    expect(io.stdout).toMatch(/\[holds\] +Goodput efficiency G stays above 99 %[^\n]*\n +measured: G = [\d.]+ %\n/);
    // at its own seed a crossed statement (none here) would not say it: the hint is about another seed
    const own = capture();
    expect(await runCli(['--preset', 'red-unfair'], own)).toBe(0);
    expect(own.stdout).not.toContain('was measured at seed');
  });

  it("a seeds/000 lesson: the --set arguments of the paper's scale; a run at that scale is the lesson there, not a scenario that differs", async () => {
    const io = capture();
    expect(await runCli(['--preset', 'web-dt148-80'], io)).toBe(0);
    expect(io.stdout).toContain("At the paper's scale (a 120 s warm-up, then 250,000 exchanges, as seeds/000 §5.4):\n  --set warmup=120 --set stopAfterExchanges=250000 --set duration=null");
    // the report of a run at that scale (its words, not its numbers: the short run's result stands in for the 6 s run)
    const p = presetByName('web-red5-80')!;
    const result = runScenario({ ...p.scenario, duration: 40, warmup: 10 });
    const report = claimsReport(p.name, paperScaleScenario(p)!, result, new Map([['web-dt148-80', result.summary]]))!;
    expect(report).toContain("What this run should show (lesson web-red5-80 at the paper's scale: a 120 s warm-up, then 250,000 exchanges, as seeds/000 §5.4; checked on your run, the comparisons with other lessons against them run at the paper's scale too):");
    expect(report).not.toContain('differs');
    expect(report).not.toContain("At the paper's scale (");
    // compared with itself: "less busy than drop-tail" cannot hold, and is said as the comparison
    expect(report).toMatch(/\[does not hold\] The link is less busy than with drop-tail \(web-dt148-80\)\.\n +measured: this run/);
  });

  it('nothing for a scenario that is no lesson, and nothing with --quiet', async () => {
    const io = capture();
    expect(await runCli(['--preset', 'lockout-dt', '--quiet'], io)).toBe(0);
    expect(io.stdout).toBe('');
    const { name: _name, ...unnamed } = presetScenario('lockout-dt')!;
    const path = join(mkdtempSync(join(tmpdir(), 'aqmlab-claims-')), 'mine.json');
    writeFileSync(path, JSON.stringify({ ...unnamed, description: 'my own' }));
    const mine = capture();
    expect(await runCli([path], mine)).toBe(0);
    expect(mine.stdout).toContain('goodput efficiency');
    expect(mine.stdout).not.toContain('should show');
  });
});
