/**
 * The response times of several lessons of one family overlaid (family.ts), as the
 * papers' figures show them: e.g. seeds/002 Fig. 4, drop-tail, PI and REM with their two
 * targets at 98 % load, or seeds/000 Figs. 8-9, drop-tail against ARED with and without
 * ECN at 80 %. Each lesson runs headless in its own worker, a few at once, and the
 * family's one uncongested baseline in one more; curves appear as runs finish, with a
 * table of the papers' summary figures.
 *
 * Over N seeds (as the pairwise Compare, seeds.ts) every lesson and the baseline run at
 * seeds s .. s+N-1: the chart draws seed s solid and the other seeds faintly, and the
 * table gives each figure's mean ± sd and, for each lesson after the first, whether its
 * difference from the first (the reference) is larger than the seeds' spread.
 */
import { useMemo, useState } from 'react';
import type { Scenario } from '../../engine/scenario/schema';
import { BASELINE_COLOR } from '../charts/response-plot';
import { flowColor, flowDash, memberPaperDash } from '../colors';
import { BUILD_ID } from '../build-id';
import type { FigureSource } from '../charts/export';
import { encodeLink } from '../scenario-api';
import { BetterSaid, DoneNote, fileSlug, Progress, SeedRuns, seedsSlug, sideOver, TableExport, useReportRunning, type Side } from './CompareView';
import { KeepUnits, WithLessonLinks } from '../LessonClaims';
import { lessons } from '../scenario-api';
import { lessonComparisons } from '../../engine/scenario/lesson-compare';
import { FAMILY_METRICS, familySeedTable } from './family';
import { ResponseCompare } from './ResponseCompare';
import { familyConcurrency, useRuns, type RunJob } from './run-queue';
import { diffText, faintTitle, seedCount, seedList, seedsText, spreadRule, statText, verdictText } from './seeds';
import { foundText, seedRunsAnnouncement, useMilestoneSpeech } from './run-speech';
import { familySeedTableCsv, familyTableCsv } from './table-csv';
import { ScrollRegion } from '../ScrollRegion';

/** What the family tables' CSV files hold (the Export menu says it under CSV). */
const FAMILY_UNITS = 'One row per lesson, a column per figure, in the unit its head names (%: of packets, of the link’s time, of the exchanges; pkts: packets waiting, averaged over time); an empty cell: the run has no such figure.';
const FAMILY_SEEDS_UNITS = 'One row per lesson and figure: the mean and sample sd over the seeds, the difference from the first lesson and its verdict, then the value at each seed, in the figure’s unit.';

/** Start of an exported family figure's or table's file name: "aqm-lab-family-drop-tail-240-and-3-more-seed1". */
export function familyStem(labels: readonly string[], seeds: readonly number[]): string {
  return `aqm-lab-family-${fileSlug(labels[0])}-and-${labels.length - 1}-more-${seedsSlug(seeds)}`;
}

export interface FamilyMember {
  label: string;
  scenario: Scenario;
  /** The lesson it is (the current scenario's lesson for the current scenario), named in an exported figure's caption; null for a scenario of no lesson. */
  lesson: string | null;
}

type Done = Extract<Side, { state: 'done' }>;

/** The rule under the table over seeds: each lesson against the first. */
export const FAMILY_SPREAD_RULE = spreadRule('All lessons', 'lesson − first lesson');

function Swatch({ i }: { i: number }) {
  return <span className="cmp-swatch" style={{ background: flowColor(i) }} aria-hidden="true" />;
}

function FamilyHead() {
  return (
    <thead>
      <tr>
        <th scope="col">Lesson</th>
        {FAMILY_METRICS.map((m) => (
          <th scope="col" key={m.key}>
            {m.label}
          </th>
        ))}
      </tr>
    </thead>
  );
}

/** The family's table over seeds (family.ts, familySeedTable): mean ± sd per lesson, and each lesson after the first against it. */
function FamilySeedTable({ members, runs, seeds, stem }: { members: readonly FamilyMember[]; runs: Done[][]; seeds: readonly number[]; stem: string }) {
  const rows = familySeedTable(runs.map((r) => r.map((s) => s.result.summary)));
  return (
    <>
      <TableExport title="table of the family over seeds" filename={`${stem}.csv`} csv={() => familySeedTableCsv(members.map((m) => m.label), rows, seeds)} units={FAMILY_SEEDS_UNITS} />
      <ScrollRegion className="cmp-table-scroll" label="The family’s figures over the seeds (table)">
        <table className="cmp-table cmp-family-seeds" data-testid="family-seed-table">
          <caption>
            The papers' summary figures, mean ± sample standard deviation over {seeds.length} seeds ({seedsText(seeds)}); under each lesson after the first, its
            difference from the first, “{members[0].label}”, the reference, and whether that is larger than the seeds’ spread
          </caption>
          <FamilyHead />
          <tbody>
            {rows.map((cells, i) => (
              <tr key={i} data-member={i}>
                <th scope="row">
                  <Swatch i={i} /> {members[i].label}
                  {i === 0 ? <span className="cmp-vs"> (reference)</span> : null}
                </th>
                {cells.map((c) => (
                  <td
                    key={c.key}
                    className={[c.verdict === 'apart' ? 'cmp-large' : '', c.winner === 'b' ? 'cmp-win' : ''].join(' ').trim() || undefined}
                    data-metric={c.key}
                    data-mean={c.b.mean ?? ''}
                    data-sd={c.b.sd ?? ''}
                    data-verdict={c.verdict ?? ''}
                    title={c.b.values.map((v) => (v === null ? c.missingText : c.format(v))).join(', ')}
                  >
                    <span className="cmp-stat">{statText(c, c.b)}</span>
                    {i > 0 ? (
                      <span className="cmp-vs" data-testid="family-verdict" title={`${members[i].label} − ${members[0].label}: ${verdictText(c.verdict)}`}>
                        {c.verdict === 'same' ? 'the same' : `${diffText(c)}, ${verdictText(c.verdict, true)}`}
                      </span>
                    ) : null}
                    {i > 0 && c.winner === 'b' ? <BetterSaid than="the reference" /> : null}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
      <p className="cmp-legend-line cmp-rule" data-testid="spread-rule">
        Under each figure: its difference from the first lesson’s (of the means) and whether that is larger than the seeds’ spread. Highlighted: larger; bold: better than the first lesson there.{' '}
        {FAMILY_SPREAD_RULE}
      </p>
    </>
  );
}

/**
 * What the family's lessons say of one another (engine/scenario/lesson-compare.ts), once every
 * run is done: each statement that compares members, ticked when it holds at every seed run,
 * with the seeds where it does not and what was measured there.
 */
function FamilyComparisons({ members, runs, seeds }: { members: readonly FamilyMember[]; runs: Done[][]; seeds: readonly number[] }) {
  const { rows, left } = useMemo(() => lessonComparisons(members, runs.map((r) => r.map((s) => s.result.summary))), [members, runs]);
  if (rows.length === 0) return null;
  const n = seeds.length;
  return (
    <div className="cmp-comparisons" data-testid="family-comparisons">
      <h4>What the lessons say of one another, checked {n > 1 ? `at each of ${seedsText(seeds)}` : `at seed ${seeds[0]}`}</h4>
      {left > 0 ? <p className="cmp-seed">{left === 1 ? 'One statement names' : `${left} statements name`} a lesson not ticked here, and {left === 1 ? 'is' : 'are'} left out.</p> : null}
      <ul>
        {rows.map((r, i) => {
          const held = r.verdicts.filter((v) => v.pass).length;
          const every = held === n;
          const missed = r.verdicts.flatMap((v, k) => (v.pass ? [] : [`at seed ${seeds[k]}: ${v.measured}`]));
          return (
            <li key={i} className={`claim claim-${every ? 'pass' : 'fail'}`} data-held={held}>
              <span className="claim-mark" aria-hidden="true">
                {every ? '✓' : '✗'}
              </span>
              <span className="sr-only">{every ? (n > 1 ? 'Holds at every seed: ' : 'Holds: ') : `Holds at ${held} of ${n} seeds: `}</span>
              <span className="claim-text">
                <WithLessonLinks text={r.lesson} lessons={lessons()} current={null} />: <WithLessonLinks text={r.text} lessons={lessons()} current={null} />
              </span>
              <span className="claim-measured">
                {n > 1 ? `Holds at ${held} of ${n} seeds. ` : ''}
                <KeepUnits text={missed.length > 0 ? `Not ${missed.join('; ')}.` : `Measured${n > 1 ? ` at seed ${seeds[0]}` : ''}: ${r.verdicts[0].measured}.`} />
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

export function FamilyView({ members, seed, seeds = 1, classroom = false, onRunning, query }: { members: readonly FamilyMember[]; seed: number; seeds?: number; classroom?: boolean; onRunning?: (running: boolean) => void; query?: string }) {
  const [nonce, setNonce] = useState(0);
  const n = seedCount(seeds);
  const seedsRun = useMemo(() => seedList(seed, n), [seed, n]);
  // per seed, the family's one baseline (run once, from the first member, beside the runs)
  // and every lesson; the first seed's first, so its curves come first. No more at once
  // than one seed took (familyConcurrency): more seeds take longer, never load more.
  const { jobs, idxBase, idx } = useMemo(() => {
    const list: RunJob[] = [];
    const base: number[] = [];
    const each: number[][] = members.map(() => []);
    seedsRun.forEach((s, k) => {
      // a seed whose curves are drawn faintly keeps no time series (light)
      const job = (scenario: Scenario, baseline: RunJob['baseline']): RunJob => (k === 0 ? { scenario, baseline } : { scenario: { ...scenario, seed: s }, baseline, light: true });
      base.push(list.push(job(members[0].scenario, 'only')) - 1);
      members.forEach((m, i) => each[i].push(list.push(job(m.scenario, false)) - 1));
    });
    return { jobs: list, idxBase: base, idx: each };
  }, [members, seedsRun]);
  const sides = useRuns(jobs, nonce, familyConcurrency());
  const bases = idxBase.map((j) => sides[j]);
  const runs = idx.map((list) => list.map((j) => sides[j]));
  const base = bases[0];
  // the first seed's runs, drawn solid and listed in the one-seed table as they end
  const done = runs.map((s, i) => (s[0].state === 'done' ? { i, result: s[0].result } : null)).filter((x) => x !== null);
  const faint = [
    ...runs.flatMap((s, i) => s.slice(1).flatMap((x) => (x.state === 'done' ? [{ color: flowColor(i), exchanges: x.result.exchanges }] : []))),
    ...bases.slice(1).flatMap((x) => (x.state === 'done' ? [{ color: BASELINE_COLOR, exchanges: x.result.exchanges, baseline: true }] : [])),
  ];
  // the table over seeds: once every run of every lesson is done
  const all = runs.every((s) => s.every((x) => x.state === 'done')) ? (runs as Done[][]) : null;
  const busy = sides.some((s) => s.state === 'running');
  const runsDone = sides.filter((s) => s.state === 'done').length;
  const runsFailed = sides.filter((s) => s.state === 'error').length;
  // over seeds a screen reader hears the start, each quarter and the end with what the table
  // found (run-speech.ts), not the counter's "run k of 30" at every run
  const said = useMilestoneSpeech(runsDone + runsFailed, jobs.length, () =>
    seedRunsAnnouncement({
      done: runsDone,
      failed: runsFailed,
      total: jobs.length,
      atOnce: familyConcurrency(),
      what: `${members.length} lessons and the uncongested baseline`,
      seeds: seedsText(seedsRun),
      found: all
        ? foundText(
            familySeedTable(all.map((r) => r.map((x) => x.result.summary))).flatMap((rows, i) => (i === 0 ? [] : rows.map((r) => ({ label: `${r.label} of ${members[i].label}`, verdict: r.verdict })))),
            `each lesson against ${members[0].label}`,
          )
        : null,
    }),
  );
  useReportRunning(busy, onRunning);
  // exports say where they came from as the pairwise Compare's do: the first lesson (the
  // reference), its seed and link, the lessons overlaid on it, and over which seeds
  const stem = familyStem(
    members.map((m) => m.label),
    seedsRun,
  );
  const figure = {
    stem: `${stem}-response-times`,
    source: (): FigureSource => ({ lesson: members[0].lesson, seed: seedsRun[0], link: encodeLink(members[0].scenario, members[0].lesson), date: new Date(), build: BUILD_ID, compared: members.slice(1).map((m) => m.label).join(', '), seeds: n > 1 ? seedsText(seedsRun) : undefined, query }),
  };

  return (
    <section className="cmp" aria-label="Response times of the lesson family">
      <header className="cmp-head">
        {runs.map((s, i) => (
          <Progress key={i} label={members[i].label} side={sideOver(s)} color={flowColor(i)} seeds={n} />
        ))}
        <Progress label="uncongested baseline" side={sideOver(bases)} color={BASELINE_COLOR} seeds={n} />
        {n > 1 ? (
          <SeedRuns done={runsDone} total={jobs.length} said={said} />
        ) : (
          <DoneNote sides={sides} what="the response-time chart and the table follow." />
        )}
        <button type="button" onClick={() => setNonce((k) => k + 1)} disabled={busy}>
          Run again
        </button>
      </header>
      <p className="cmp-seed">
        {n > 1
          ? `All run with each of ${seedsText(seedsRun)}: ${members.length * n} runs and the uncongested baseline at each seed, ${familyConcurrency()} at a time. The chart shows seed ${seedsRun[0]} solid and the other seeds faintly; the table, the mean over the seeds.`
          : `All run with seed ${seed}, ${familyConcurrency()} at a time; each curve appears when its run ends.`}
      </p>
      {done.length > 0 ? (
        <>
          <ResponseCompare
            runs={done.map(({ i, result }) => ({ label: members[i].label, color: flowColor(i), dash: flowDash(i), paperDash: memberPaperDash(i), exchanges: result.exchanges }))}
            faint={faint}
            title={faintTitle(seedsRun)}
            baseline={base.state === 'done' ? base.result.exchanges : undefined}
            classroom={classroom}
            exportAs={figure}
          />
          {n === 1 ? (
            <TableExport title="table of the family" filename={`${stem}.csv`} csv={() => familyTableCsv(FAMILY_METRICS, done.map(({ i, result }) => ({ label: members[i].label, summary: result.summary })))} units={FAMILY_UNITS} />
          ) : null}
          {n === 1 ? (
            // scrolls in its own region on a phone, as the table over seeds: it ran 660 px wide, and its heading with it
            <ScrollRegion className="cmp-table-scroll" label="The family’s figures (table)">
              <table className="cmp-table cmp-family-one" data-testid="family-table">
                <caption>The papers' summary figures (loss, utilization and mean queue of the bottleneck, left to right; exchanges completed after the warm-up and the share of them that saw a drop)</caption>
                <FamilyHead />
                <tbody>
                  {done.map(({ i, result: r }) => (
                    <tr key={i}>
                      <th scope="row">
                        <Swatch i={i} /> {members[i].label}
                      </th>
                      {FAMILY_METRICS.map((m) => {
                        const v = m.value(r.summary);
                        return <td key={m.key}>{v === null ? m.missing : m.text(v)}</td>;
                      })}
                    </tr>
                  ))}
                </tbody>
              </table>
            </ScrollRegion>
          ) : all ? (
            <FamilySeedTable members={members} runs={all} seeds={seedsRun} stem={stem} />
          ) : (
            <p className="cmp-seed" data-testid="seed-table-wait">
              The table of means over {seedsText(seedsRun)} appears when all {members.length * n} runs of the lessons are done.
            </p>
          )}
          {all ? <FamilyComparisons members={members} runs={all} seeds={seedsRun} /> : null}
        </>
      ) : null}
    </section>
  );
}
