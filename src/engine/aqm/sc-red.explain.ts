/**
 * Self-configuring RED's step-through: RED's calculation (red.explain.ts) with the status
 * step of seeds/004 Fig. 6 after the average update: where the new average lies, whether
 * that is a status change, and what the change did to max_p.
 */
import type { DecisionRecord } from './decision';
import { calc, digitsApart, extraOf, fmt, fmtOperands, StepList, type Explanation, type Step } from './explain';
import { explainRed } from './red.explain';

const NAMES = ['Below', 'Between', 'Above'];

function statusSteps(rec: DecisionRecord, list: StepList): void {
  const before = extraOf(rec, 'statusBefore');
  const after = extraOf(rec, 'status');
  const from = extraOf(rec, 'maxPBefore');
  const alpha = extraOf(rec, 'alpha');
  const beta = extraOf(rec, 'beta');
  const A = rec.avg;
  const { minTh, maxTh } = rec;
  // the status Fig. 6 gives this average
  let status = before;
  let next = from;
  if (minTh < A && A < maxTh) status = 1;
  if (A < minTh && status !== 0) {
    status = 0;
    next = from / alpha;
  }
  if (A > maxTh && status !== 2) {
    status = 2;
    next = Math.min(1, from * beta);
  }
  const dA = digitsApart(A, [minTh, maxTh]);
  const where = A < minTh ? `avg ${fmt(A, dA)} < min_th ${fmt(minTh, dA)}` : A > maxTh ? `avg ${fmt(A, dA)} > max_th ${fmt(maxTh, dA)}` : `avg ${fmt(A, dA)} within [min_th, max_th]`;
  // "status Above → Above" read as a change under a step that then says there was none
  const change = status === before ? `status stays ${NAMES[status] ?? '?'}` : `status ${NAMES[before] ?? '?'} → ${NAMES[status] ?? '?'}`;
  const sStep: Step = { label: 'Status', formula: `${where}: ${change}`, value: NAMES[after] ?? String(after) };
  if (status !== after) list.flag(sStep, `engine: status ${NAMES[after]}, recomputed ${NAMES[status]}`);
  list.steps.push(sStep);
  if (next !== from) {
    list.push(
      status === 0
        ? { label: 'max_p (entered Below)', ...calc('max_p ← max_p / α', fmtOperands([from, alpha], ([m, a]) => m / a).join(' / ')), value: fmt(next), num: next }
        : { label: 'max_p (entered Above)', ...calc('max_p ← max_p · β (at most 1)', `${fmtOperands([from, beta], ([m, b]) => m * b).join(' × ')}${from * beta > 1 ? ', at most 1' : ''}`), value: fmt(next), num: next },
      rec.maxP,
      'max_p',
    );
  } else {
    // entering Between is a status change too, one that leaves max_p alone: "no status change"
    // was written under "status Below → Between"
    const formula =
      status !== before
        ? `status ${NAMES[before] ?? '?'} → ${NAMES[status] ?? '?'}: max_p stays (it moves only when the status becomes Below or Above)`
        : 'no status change at this arrival: max_p stays (it moves only when the status becomes Below or Above)';
    list.push({ label: 'max_p', formula, value: fmt(rec.maxP), num: rec.maxP }, from, 'max_p before');
  }
}

export function explain(rec: DecisionRecord): Explanation {
  return explainRed(rec, { adaptiveSteps: statusSteps });
}
