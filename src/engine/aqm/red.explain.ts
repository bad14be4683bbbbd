/**
 * RED's step-through: a decision record of red.ts (and of its adaptive variants ared.ts
 * and sc-red.ts, which add their max_p steps through `adaptiveSteps`) as the worked
 * calculation with the numbers in, redone from the record's inputs with the formulas of
 * Floyd & Jacobson 1993 §4 and §7 (average update, idle-time correction, p_b line,
 * p_a = p_b / (1 − count·p_b)), the gentle line (seeds/002 §II) and byte mode
 * (seeds/002 eq. 3).
 */
import type { DecisionRecord, Region } from './decision';
import {
  calc,
  close,
  ecnName,
  notEctDropped,
  digitsApart,
  fmt,
  fmtApart,
  fmtOperands,
  overflowStep,
  queueStep,
  recordHeader,
  REGION_TEXT,
  StepList,
  unitWord,
  type Explanation,
  type ScaleBar,
  type Step,
} from './explain';

/**
 * A region in words. With gentle on, 'above-max' starts at 2·max_th (between max_th and
 * 2·max_th is the gentle region): "avg = 8.02 ≥ 2·max_th = 8 → above max_th" named the
 * wrong threshold, and the gentle region is above max_th too.
 */
export function regionWords(region: Exclude<Region, 'overflow' | 'none'>, gentle: boolean): string {
  return region === 'above-max' && gentle ? 'above 2·max_th' : REGION_TEXT[region];
}

/** Region of the average: F&J 1993 §4, gentle per seeds/002 §II. */
export function regionOf(avg: number, minTh: number, maxTh: number, gentle: boolean): Exclude<Region, 'overflow' | 'none'> {
  if (avg < minTh) return 'below-min';
  if (avg < maxTh) return 'between';
  if (gentle && avg < 2 * maxTh) return 'gentle';
  return 'above-max';
}

/**
 * p_b from the average alone (before byte-mode scaling). `gentleMaxP` is the max_p the
 * gentle line starts from (ns-2 keeps the configured one when max_p adapts).
 */
export function lineProbability(avg: number, minTh: number, maxTh: number, maxP: number, gentle: boolean, gentleMaxP = maxP): number {
  const r = regionOf(avg, minTh, maxTh, gentle);
  if (r === 'below-min') return 0;
  if (r === 'between') return (maxP * (avg - minTh)) / (maxTh - minTh);
  if (r === 'gentle') return Math.min(1, gentleMaxP + ((1 - gentleMaxP) * (avg - maxTh)) / maxTh);
  return 1;
}

/** p_a from p_b and count: F&J 1993 §7, or ns-2's `wait` rule (space drops further apart). */
export function correctedProbability(pb: number, count: number, wait: boolean): number {
  const cp = count * pb;
  const pa = wait ? (cp < 1 ? 0 : cp < 2 ? pb / (2 - cp) : 1) : cp < 1 ? pb / (1 - cp) : 1;
  return Math.min(1, pa);
}

type Branch = 'below' | 'small-q' | 'above' | 'first' | 'draw';

/** Why the packet was marked rather than dropped (or not), in terms of its codepoint and the region. */
function ecnNoteOf(rec: DecisionRecord, region: Region): string {
  const ect = rec.ecn === 1 || rec.ecn === 2;
  const name = ecnName(rec.ecn);
  if (rec.outcome === 'enqueue') return '';
  if (rec.reason === 'overflow') return 'The buffer was full: overflow drops hit every packet, ECN-capable or not (ECN only replaces early drops).';
  if (rec.outcome === 'mark') {
    if (region === 'between') return `The packet is ${name} (ECN-capable), so RED sets CE instead of dropping it (RFC 3168 §5).`;
    if (region === 'gentle') {
      return /new gentle/i.test(rec.rule)
        ? `The packet is ${name}: with "new gentle" ECN-capable packets are still marked between max_th and 2·max_th (seeds/002 §V-B).`
        : `The packet is ${name}: with RED* ECN-capable packets are marked, never dropped by RED, above max_th (seeds/003).`;
    }
    return `The packet is ${name}: with RED* ECN-capable packets are marked, never dropped by RED, even above max_th (seeds/003).`;
  }
  if (rec.ecn === 3) return 'The packet already carries CE (marked upstream); it is dropped here.';
  if (!ect) return notEctDropped(rec);
  if (/mark_p/.test(rec.rule)) return `The packet is ${name}, but ns-2's mark_p rule drops ECT packets once p_b exceeds mark_p.`;
  // the engine's sentence says when the queue does no ECN (red.ts redRule: an early drop "(ECN
  // off)"; a plain "forced drop" of an ECT packet, since with ECN on it gets an RFC 3168 §7,
  // RED* or new-gentle sentence): the gentle and forced cases said "ECN marking off, or
  // above max_th under RFC 3168 §7", two reasons where the record knows which
  const ecnOff = /\(ECN off\)/.test(rec.rule) || /: forced drop$/.test(rec.rule);
  if (region === 'between' || ecnOff) return `The packet is ${name}, but ECN marking is off at this queue, so it is dropped.`;
  if (/new gentle/i.test(rec.rule)) return `The packet is ${name}, but with "new gentle" every packet above 2·max_th is dropped (seeds/002 §V-B).`;
  if (/RFC 3168/.test(rec.rule)) return `The packet is ${name}, but RFC 3168 §7 drops instead of marking once avg is above max_th.`;
  return `The packet is ${name}, but it is dropped (ECN marking off, or above max_th under RFC 3168 §7).`;
}

/** RED's scale: zones by the average, min_th / max_th / 2·max_th ticks, avg and q. */
export function redBar(rec: DecisionRecord, extraTicks: ScaleBar['ticks'] = []): ScaleBar {
  const { minTh, maxTh, gentle } = rec;
  const top = gentle ? 2 * maxTh : maxTh;
  const region = regionOf(rec.avg, minTh, maxTh, gentle);
  const u = rec.unit === 'bytes' ? 'bytes' : 'packets';
  const zones: ScaleBar['zones'] = [
    { from: 0, to: minTh, label: 'no drops', tone: 'calm' },
    { from: minTh, to: maxTh, label: 'random', tone: 'random' },
  ];
  if (gentle) zones.push({ from: maxTh, to: 2 * maxTh, label: 'gentle', tone: 'gentle' });
  zones.push({ from: top, to: Math.max(top * 1.25, maxTh * 1.5, rec.avg * 1.08, rec.q * 1.04, 1), label: 'all', tone: 'all' });
  const ticks: ScaleBar['ticks'] = [
    { v: minTh, label: `min_th ${fmt(minTh)}`, tone: 'low' },
    { v: maxTh, label: `max_th ${fmt(maxTh)}`, tone: 'high' },
  ];
  if (gentle) ticks.push({ v: 2 * maxTh, label: `2·max_th ${fmt(2 * maxTh)}`, tone: 'top' });
  ticks.push(...extraTicks);
  return {
    axis: `average queue (${u})`,
    zones,
    ticks,
    pointer: { v: rec.avg, label: `avg ${fmt(rec.avg)}` },
    marker: { v: rec.q, label: `q ${fmt(rec.q)}` },
    description: `Average queue ${fmt(rec.avg)} ${u}: ${regionWords(region, gentle)} (min_th ${fmt(minTh)}, max_th ${fmt(maxTh)}${gentle ? `, 2·max_th ${fmt(2 * maxTh)}` : ''}); instantaneous queue ${fmt(rec.q)}.`,
  };
}

export interface RedExplainOptions {
  /** Steps an adaptive variant adds after the average update (the max_p update). */
  adaptiveSteps?: (rec: DecisionRecord, list: StepList) => void;
  /** Extra ticks on the scale bar (ARED's target band). */
  extraTicks?: (rec: DecisionRecord) => ScaleBar['ticks'];
}

/**
 * The worked calculation of one RED decision. Steps, in order: queue on arrival,
 * idle-time correction (if any), average update, [adaptive steps], region, p_b (gentle
 * line, byte mode), count and p_a, the random draw, the buffer limit.
 */
export function explainRed(rec: DecisionRecord, opts: RedExplainOptions = {}): Explanation {
  const list = new StepList();
  const unit = rec.unit;
  list.push(queueStep(rec));

  const wq = rec.wq;
  // 1. idle-time correction (F&J 1993 §4)
  let avg = rec.avgBefore;
  if (rec.idleM > 0) {
    const decayed = avg * Math.pow(1 - wq, rec.idleM);
    const m = rec.idleM;
    const [sw, sa] = fmtOperands([wq, avg], ([w, a]) => a * Math.pow(1 - w, m));
    // what m counts (F&J 1993 §4; ns-2 red.cc m = int(ptc · idle time), ptc = C / (8 mean_pktsize)):
    // "idle for m = 74 packet times" did not say which packets, and the value had no unit
    const mean = rec.extra?.meanPktSize;
    const what = typeof mean === 'number' && mean > 0 ? `the link was idle long enough to send m = ${rec.idleM} packets of meanPktSize = ${fmt(mean)} bytes` : `the link was idle for m = ${rec.idleM} packet times`;
    list.push({
      label: 'Idle-time correction',
      ...calc(`${what}: avg ← (1 − w_q)^m · avg`, `(1 − ${sw})^${rec.idleM} × ${sa}`),
      value: `${fmt(decayed)} ${unitWord(unit, decayed)}`,
      num: decayed,
    });
    avg = decayed;
  }
  // 2. EWMA
  const next = avg * (1 - wq) + wq * rec.q;
  const [sw, sa, sq] = fmtOperands([wq, avg, rec.q], ([w, a, q]) => a * (1 - w) + w * q);
  list.push(
    {
      label: 'Average queue',
      ...calc('avg ← (1 − w_q)·avg + w_q·q', `(1 − ${sw}) × ${sa} + ${sw} × ${sq}`),
      value: `${fmt(next)} ${unitWord(unit, next)}`,
      num: next,
    },
    rec.avg,
    'avg',
  );
  opts.adaptiveSteps?.(rec, list);

  // From here on the engine's average is used, so one disagreement does not cascade.
  const A = rec.avg;
  const { minTh, maxTh, maxP, gentle } = rec;
  const ex = rec.extra ?? {};
  const gentleMaxP = typeof ex.gentleMaxP === 'number' ? ex.gentleMaxP : maxP;
  const region = regionOf(A, minTh, maxTh, gentle);
  const top = gentle ? 2 * maxTh : maxTh;
  // the average with the digits that keep it apart from the thresholds it is compared with
  const dA = digitsApart(A, [minTh, maxTh, top]);
  const sA = fmt(A, dA);
  const th = (x: number) => fmt(x, dA);
  const regionFormula =
    region === 'below-min'
      ? `avg = ${sA} < min_th = ${th(minTh)}`
      : region === 'between'
        ? `min_th = ${th(minTh)} ≤ avg = ${sA} < max_th = ${th(maxTh)}`
        : region === 'gentle'
          ? `max_th = ${th(maxTh)} ≤ avg = ${sA} < 2·max_th = ${th(2 * maxTh)}`
          : `avg = ${sA} ≥ ${gentle ? '2·max_th' : 'max_th'} = ${th(top)}`;
  const regionStep: Step = { label: 'Region', formula: regionFormula, value: regionWords(region, gentle) };
  if (rec.region !== 'overflow' && rec.region !== region) list.flag(regionStep, `engine: region ${rec.region}, recomputed ${region}`);
  list.steps.push(regionStep);

  // ns-2 with use_mark_p skips the forced branch: the packet goes through the draw with p_b = 1
  const forcedSkipped = ex.markP !== undefined && Number.isFinite(ex.markP) && ex.markP < 1;
  let branch: Branch;
  if (region === 'below-min') branch = 'below';
  else if (!(rec.q > 1)) branch = 'small-q';
  else if (region === 'above-max' && !forcedSkipped) branch = 'above';
  else if (rec.u === null) branch = 'first';
  else branch = 'draw';

  // 3. p_b
  if (branch === 'below') {
    list.push({ label: 'p_b', formula: 'avg < min_th: RED leaves the packet alone', value: '0', num: 0 });
  } else if (branch === 'small-q') {
    // ns-2 red.cc tests qlen > 1 in the queue's unit: in bytes that is "the queue is not
    // empty", not "more than one packet waits" (a 1500-byte packet waiting is q = 1500 > 1)
    const formula =
      unit === 'bytes'
        ? `q = ${fmt(rec.q)} ${unitWord(unit, rec.q)} ≤ 1: the queue is empty, and RED neither drops nor marks (ns-2 red.cc tests q > 1 in the queue’s unit, bytes here)`
        : `q = ${fmt(rec.q)} ≤ 1: no RED drop or mark while at most one packet waits (ns-2 red.cc)`;
    list.push({ label: 'p_b', formula, value: '0 (not applied)', num: 0 });
  } else if (branch === 'above') {
    list.push({ label: 'p_b', formula: `avg ≥ ${gentle ? '2·max_th' : 'max_th'}: every packet is dropped (or marked)`, value: '1', num: 1 }, rec.pb, 'p_b');
  } else {
    const line = lineProbability(A, minTh, maxTh, maxP, gentle, gentleMaxP);
    const between = fmtOperands([maxP, A, minTh, maxTh], ([mp, a, lo, hi]) => (mp * (a - lo)) / (hi - lo));
    const onGentle = fmtOperands([gentleMaxP, A, maxTh], ([mp, a, hi]) => mp + ((1 - mp) * (a - hi)) / hi);
    const lineStep: Step =
      region === 'between'
        ? {
            label: 'p_b',
            ...calc('p_b = max_p·(avg − min_th)/(max_th − min_th)', `${between[0]} × (${between[1]} − ${between[2]}) / (${between[3]} − ${between[2]})`),
            value: fmt(line),
            num: line,
          }
        : region === 'gentle'
          ? {
              label: 'p_b (gentle line)',
              ...calc(
                gentleMaxP === maxP ? 'p_b = max_p + (1 − max_p)·(avg − max_th)/max_th' : 'p_b = max_p₀ + (1 − max_p₀)·(avg − max_th)/max_th (ns-2: the gentle line keeps the initial max_p₀)',
                `${onGentle[0]} + (1 − ${onGentle[0]}) × (${onGentle[1]} − ${onGentle[2]}) / ${onGentle[2]}`,
              ),
              value: fmt(line),
              num: line,
            }
          : { label: 'p_b', formula: `avg ≥ ${gentle ? '2·max_th' : 'max_th'}: p_b = 1 (ns-2 with use_mark_p: no forced branch, the draw decides)`, value: '1', num: 1 };
    let pb = line;
    // byte mode: declared in `extra`, or inferred from the engine's p_b
    let mean: number | null = typeof ex.meanPktSize === 'number' && ex.byteMode === 1 ? ex.meanPktSize : null;
    const declaredMean = mean !== null;
    if (mean === null && ex.byteMode !== 0 && line > 0 && !close(rec.pb, line) && rec.pb < 1) {
      const m = (rec.bytes * line) / rec.pb;
      if (m >= 1 && Math.abs(m - Math.round(m)) < 1e-6 * m) mean = Math.round(m);
    }
    const byteCapped = mean === null && ex.byteMode !== 0 && line > 0 && line < 1 && rec.pb === 1 && rec.bytes > 0;
    if (mean !== null) {
      list.push(lineStep);
      pb = Math.min(1, (line * rec.bytes) / mean);
      const [sl, , sm] = fmtOperands([line, rec.bytes, mean], ([l, b, m]) => (l * b) / m);
      list.push(
        {
          label: 'p_b (byte mode)',
          ...calc(`p_b ← p_b · size / meanPktSize${declaredMean ? '' : ' (meanPktSize inferred from the engine’s p_b)'}`, `${sl} × ${rec.bytes} / ${sm}${pb === 1 ? ', at most 1' : ''}`),
          value: fmt(pb),
          num: pb,
        },
        rec.pb,
        'p_b',
      );
    } else if (byteCapped) {
      list.push(lineStep);
      pb = 1;
      list.push({ label: 'p_b (byte mode)', formula: `p_b ← p_b · size / meanPktSize = ${fmt(line)} × ${rec.bytes} / meanPktSize, capped at 1`, value: '1', num: 1 });
    } else {
      list.push(lineStep, rec.pb, 'p_b');
      pb = rec.pb;
    }

    // 4. count and p_a
    if (branch === 'first') {
      // ns-2 red.cc clears its `old` flag at an arrival with avg < min_th or with q <= 1; the
      // next arrival past both restarts count. With the previous arrival's average (avgBefore)
      // already at or above min_th, it was the queue: "avg has just entered the region" beside
      // an avg deep in the gentle region, where it had been for seconds, left the student no reason.
      const entered = !(rec.avgBefore >= minTh);
      const [sB, sMin] = fmtApart(rec.avgBefore, minTh);
      list.push({
        label: 'count',
        formula: entered
          ? 'avg has just entered the RED region: count restarts at 1 and no random draw is made (ns-2 red.cc)'
          : `avg was already ${sB} ≥ min_th = ${sMin} at the previous arrival, but that arrival found ${unit === 'bytes' ? 'the queue empty' : 'at most one packet waiting'} (q ≤ 1), which stops RED's test: with this arrival count restarts at 1 and no random draw is made (ns-2 red.cc)`,
        // the engine records the count after the restart (red.ts sets it to 1 on entering the
        // region), so the record's count is always 1 here: "1 → 1" read as if count had been 1
        value: '1',
        num: rec.count,
      });
    } else {
      // count runs from the last mark or drop, or from a restart at 1 (the `first` branch above):
      // 'since the last mark or drop' was wrong for 30 % of the draws of the default lesson
      const since =
        ex.countRestart === 1
          ? 'arrivals since count restarted at 1 (no mark or drop since), this one included'
          : ex.countRestart === 0
            ? 'arrivals since the last mark or drop, this one included'
            : 'arrivals since the last mark or drop (or since count restarted at 1), this one included';
      list.push({ label: 'count', formula: since, value: String(rec.count), num: rec.count });
      const cp = rec.count * pb;
      const n = rec.count;
      // p_b with the digits each form of the line needs (near count·p_b = 1 the subtraction
      // amplifies p_b's rounding count·p_b / (1 − count·p_b) times)
      const [pbStd] = fmtOperands([pb], ([b]) => b / (1 - n * b));
      const [pbWait] = fmtOperands([pb], ([b]) => b / (2 - n * b));
      const [pbCp] = fmtOperands([pb], ([b]) => n * b);
      const std = correctedProbability(pb, rec.count, false);
      const wait = correctedProbability(pb, rec.count, true);
      const useWait = ex.wait === 1 || (ex.wait === undefined && !close(std, rec.pa) && close(wait, rec.pa));
      let formula: { formula: string; symbolic?: string; numeric?: string };
      // just below count·p_b = 1 (or 2) the quotient passes 1 and p_a is held at 1: say so,
      // or the line reads "0.01467 / (1 − 68 × 0.01467)" (= 6.4) beside a p_a of 1
      const quotient = (symbolic: string, numeric: string, raw: number) => (raw > 1 ? calc(`${symbolic}, at most 1`, `${numeric} = ${fmt(raw)}, so 1`) : calc(symbolic, numeric));
      if (!useWait) {
        formula = cp < 1 ? quotient('p_a = p_b / (1 − count·p_b)', `${pbStd} / (1 − ${rec.count} × ${pbStd})`, pb / (1 - cp)) : { formula: `count·p_b = ${rec.count} × ${pbCp} = ${fmtApart(cp, 1)[0]} ≥ 1, so p_a = 1` };
      } else {
        formula =
          cp < 1
            ? { formula: `wait rule: count·p_b = ${fmtApart(cp, 1)[0]} < 1, so p_a = 0` }
            : cp < 2
              ? quotient('wait rule: p_a = p_b / (2 − count·p_b)', `${pbWait} / (2 − ${rec.count} × ${pbWait})`, pb / (2 - cp))
              : { formula: `wait rule: count·p_b = ${fmtApart(cp, 2)[0]} ≥ 2, so p_a = 1` };
      }
      const pa = useWait ? wait : std;
      list.push({ label: 'p_a', ...formula, value: fmt(pa), num: pa }, rec.pa, 'p_a');

      // 5. the draw
      const u = rec.u as number;
      const hit = u < rec.pa;
      const [su, spa] = fmtApart(u, rec.pa);
      const drawStep: Step = {
        label: 'Random draw',
        formula: `u = ${su} ${hit ? '<' : '≥'} p_a = ${spa}`,
        value: hit ? 'u < p_a: mark or drop' : 'u ≥ p_a: queue the packet',
        num: u,
      };
      const acted = rec.outcome !== 'enqueue' && rec.reason !== 'overflow';
      if (rec.reason !== 'overflow' && hit !== acted) list.flag(drawStep, `engine outcome ${rec.outcome} does not follow from u ${hit ? '<' : '≥'} p_a`);
      list.steps.push(drawStep);
    }
  }
  const over = overflowStep(rec, true);
  if (over) list.push(over);

  return {
    ...recordHeader(rec),
    steps: list.steps,
    bar: redBar(rec, opts.extraTicks?.(rec) ?? []),
    ecnNote: ecnNoteOf(rec, region),
    mismatches: list.mismatches,
  };
}

/** The explainer of plain RED. */
export const explain = (rec: DecisionRecord): Explanation => explainRed(rec);
