/**
 * The response times of several lessons of one family overlaid (family.ts), as the
 * papers' figures show them: e.g. seeds/002 Fig. 4, drop-tail, PI and REM with their two
 * targets at 98 % load, or seeds/000 Figs. 8-9, drop-tail against ARED with and without
 * ECN at 80 %. Each lesson runs headless in its own worker, a few at once, and the
 * family's one uncongested baseline in one more; curves appear as runs finish, with a
 * table of the papers' summary figures.
 */
import { useState } from 'react';
import type { Scenario } from '../../engine/scenario/schema';
import { BASELINE_COLOR } from '../charts/response-plot';
import { flowColor, flowDash } from '../colors';
import { Progress, useReportRunning } from './CompareView';
import { ResponseCompare } from './ResponseCompare';
import type { CompareRunResult } from './run';
import { familyConcurrency, useRuns } from './run-queue';

export interface FamilyMember {
  label: string;
  scenario: Scenario;
}

const pct = (x: number | undefined) => (x === undefined ? '–' : `${(100 * x).toFixed(1)}`);
const within = (r: CompareRunResult, t: number) => r.summary.web?.cdf.find(([x]) => x === t)?.[1];
const TIMES = [0.2, 0.5, 1, 2];

export function FamilyView({ members, seed, classroom = false, onRunning }: { members: readonly FamilyMember[]; seed: number; classroom?: boolean; onRunning?: (running: boolean) => void }) {
  const [nonce, setNonce] = useState(0);
  // the family shares one baseline: run it once, from the first member, beside the runs
  const jobs = [{ scenario: members[0].scenario, baseline: 'only' as const }, ...members.map((m) => ({ scenario: m.scenario, baseline: false }))];
  const sides = useRuns(jobs, nonce, familyConcurrency());
  const base = sides[0];
  const runs = sides.slice(1);
  const done = runs.map((s, i) => (s.state === 'done' ? { i, result: s.result } : null)).filter((x) => x !== null);
  const busy = sides.some((s) => s.state === 'running');
  useReportRunning(busy, onRunning);

  return (
    <section className="cmp" aria-label="Response times of the lesson family">
      <header className="cmp-head">
        {runs.map((s, i) => (
          <Progress key={i} label={members[i].label} side={s} color={flowColor(i)} />
        ))}
        <Progress label="uncongested baseline" side={base} color={BASELINE_COLOR} />
        <button type="button" onClick={() => setNonce((k) => k + 1)} disabled={busy}>
          Run again
        </button>
      </header>
      <p className="cmp-seed">
        All run with seed {seed}, {familyConcurrency()} at a time; each curve appears when its run ends.
      </p>
      {done.length > 0 ? (
        <>
          <ResponseCompare
            runs={done.map(({ i, result }) => ({ label: members[i].label, color: flowColor(i), dash: flowDash(i), exchanges: result.exchanges }))}
            baseline={base.state === 'done' ? base.result.exchanges : undefined}
            classroom={classroom}
          />
          <table className="cmp-table" data-testid="family-table">
            <caption>The papers' summary figures (loss and utilization of the bottleneck, left to right; exchanges completed after the warm-up)</caption>
            <thead>
              <tr>
                <th scope="col">Lesson</th>
                <th scope="col">Loss %</th>
                <th scope="col">Utilization %</th>
                <th scope="col">Exchanges</th>
                {TIMES.map((t) => (
                  <th scope="col" key={t}>
                    % within {t < 1 ? `${t * 1000} ms` : `${t} s`}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {done.map(({ i, result: r }) => (
                <tr key={i}>
                  <th scope="row">
                    <span className="cmp-swatch" style={{ background: flowColor(i) }} aria-hidden="true" /> {members[i].label}
                  </th>
                  <td>{(100 * r.summary.bottleneck.lossRate).toFixed(2)}</td>
                  <td>{pct(r.summary.bottleneck.utilization)}</td>
                  <td>{(r.summary.web?.exchanges ?? 0).toLocaleString('en-US')}</td>
                  {TIMES.map((t) => (
                    <td key={t}>{pct(within(r, t))}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </>
      ) : null}
    </section>
  );
}
