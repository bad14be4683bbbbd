import type { LoadCalibration, Summary } from '../engine/metrics/types';
import type { ExchangeBatch, ResponseSet, WebSummary } from '../engine/metrics/web';
import { loadScope } from '../engine/traffic/calibrate';
import { table } from './format';

/** Terminal text and CSV rows for web traffic (summary.web, --responses, --baseline). */

function ms(s: number | undefined): string {
  return s === undefined || !Number.isFinite(s) ? '-' : (s * 1000).toFixed(s < 1 ? 1 : 0);
}

function pct(x: number): string {
  return `${(x * 100).toFixed(1)}%`;
}


/** The direction of each traffic item of a scenario (undefined where the item has none). */
export function itemDirections(scenario: { traffic: readonly unknown[] }): (string | undefined)[] {
  return scenario.traffic.map((t) => (t as { direction?: string }).direction);
}

/** "80 % load = 106.6 connections/s per direction (79.8 % measured on the uncongested link, 2 runs)". */
export function calibrationText(c: LoadCalibration, direction?: string): string {
  const where = loadScope(direction);
  const what = c.param === 'rate' ? `${c.value.toFixed(1)} connections/s ${where}` : `${c.value} ${c.param} ${where}`;
  const how = c.runs > 0 ? `${c.runs} calibration run${c.runs === 1 ? '' : 's'}` : 'calibrated before this run: kept from an earlier one, or shipped with the lessons';
  const off = Math.abs(c.measured - c.load) > 0.03 ? ' - not within 3 points of the asked load: with heavy-tailed sizes a few huge transfers make this seed\'s load jump as the rate changes; try another seed or a longer run' : '';
  return `traffic.${c.item}: ${(c.load * 100).toFixed(0)} % load = ${what} (${pct(c.measured)} measured on the uncongested link, ${how})${off}`;
}

function rtRow(name: string, r: ResponseSet): string[] {
  const t = r.responseTime;
  return [name, String(r.exchanges), ms(t?.mean), ms(t?.p10), ms(t?.p25), ms(t?.p50), ms(t?.p75), ms(t?.p90), ms(t?.p99), pct(r.flowsWithLoss)];
}

/** The response-time section of the summary: the run, its large responses, and the uncongested baseline when there is one. */
export function formatWeb(s: Summary, baseline?: Summary, directions: readonly (string | undefined)[] = []): string {
  const w = s.web as (WebSummary & { calibration: LoadCalibration[] }) | undefined;
  if (!w) return '';
  const out: string[] = [];
  for (const c of w.calibration) out.push(calibrationText(c, directions[c.item]));
  // inProgress counts exchanges open at the end whenever they started (docs/web.md): with a
  // warm-up, completed + in progress is more than started, which read as a miscount
  out.push(
    `web exchanges: ${w.exchanges.toLocaleString('en-US')} completed of ${w.started.toLocaleString('en-US')} started after the warm-up (${w.byDirection.forward.toLocaleString('en-US')} forward, ${w.byDirection.reverse.toLocaleString('en-US')} reverse), ${w.inProgress.toLocaleString('en-US')} in progress at the end${s.warmup > 0 ? ' (started at any time, the warm-up included)' : ''}`,
  );
  out.push('');
  const rows = [rtRow('all responses', w), rtRow('responses > 50 KB', w.largeResponses)];
  const b = baseline?.web;
  if (b) rows.push(rtRow('uncongested', b), rtRow('uncongested > 50 KB', b.largeResponses));
  out.push(table(['response time (ms)', 'n', 'mean', 'p10', 'p25', 'p50', 'p75', 'p90', 'p99', 'with loss'], rows));
  out.push('');
  const header = ['CDF', ...w.cdf.map(([x]) => (x < 1 ? `${x * 1000} ms` : `${x} s`))];
  const cdfRows = [['run', ...w.cdf.map(([, f]) => pct(f))]];
  if (b) cdfRows.push(['uncongested', ...b.cdf.map(([, f]) => pct(f))]);
  out.push(table(header, cdfRows));
  if (baseline) out.push(`uncongested baseline: bottleneck 10x faster, utilization ${pct(baseline.bottleneck.utilization * 10)} / ${pct(baseline.bottleneckReverse.utilization * 10)} of the real bottleneck's rate`);
  return out.join('\n');
}

/** Header of --responses. */
export const RESPONSES_HEADER = 'start_s,request_bytes,response_bytes,response_time_s,rtt_s,direction,drops,connection,user,session,page';

/** An id column: empty where the workload has no such thing (-1). */
const id = (x: number) => (x < 0 ? '' : String(x));

/** One CSV row per exchange. */
export function responseRows(b: ExchangeBatch): string[] {
  const rows: string[] = [];
  for (let i = 0; i < b.rt.length; i++) rows.push(`${b.start[i]},${b.req[i]},${b.rsp[i]},${b.rt[i]},${+b.rtt[i].toPrecision(6)},${b.dir[i] === 0 ? 'forward' : 'reverse'},${b.drops[i]},${b.connection[i]},${id(b.user[i])},${id(b.session[i])},${id(b.page[i])}`);
  return rows;
}
