/**
 * Adaptive RED's step-through: RED's calculation (red.explain.ts) with ARED's own steps
 * after the average update: the target band and the last max_p update (FGS 2001 Fig. 5;
 * seeds/000 §2.3), recomputed from the numbers the record carries.
 */
import type { DecisionRecord } from './decision';
import { calc, extraOf, fmt, fmtApart, fmtOperands, fmtTime, StepList, type Explanation } from './explain';
import { explainRed } from './red.explain';

function aredSteps(rec: DecisionRecord, list: StepList): void {
  const low = extraOf(rec, 'bandLow');
  const high = extraOf(rec, 'bandHigh');
  const { minTh, maxTh } = rec;
  const part = 0.4 * (maxTh - minTh);
  const [lo, pl] = fmtOperands([minTh, part], ([a, b]) => a + b);
  const [hi, ph] = fmtOperands([maxTh, part], ([a, b]) => a - b);
  list.push(
    {
      label: 'Target band',
      ...calc('[min_th + 0.4·(max_th − min_th), max_th − 0.4·(max_th − min_th)]', `[${lo} + ${pl}, ${hi} − ${ph}]`),
      value: `[${fmt(minTh + part)}, ${fmt(maxTh - part)}]`,
      num: minTh + part,
    },
    low,
    'band low',
  );
  if (Math.abs(high - (maxTh - part)) > 1e-9 * Math.max(1, high)) list.flag(list.steps[list.steps.length - 1], `engine: band high = ${fmt(high, 8)}, recomputed ${fmt(maxTh - part, 8)}`);

  const dir = extraOf(rec, 'lastDir');
  const from = extraOf(rec, 'lastFrom');
  const avg = extraOf(rec, 'lastAvg');
  const alpha = extraOf(rec, 'alpha');
  const beta = extraOf(rec, 'beta');
  const bottom = extraOf(rec, 'bottom');
  const top = extraOf(rec, 'top');
  const ns2 = extraOf(rec, 'ns2Adapt') === 1;
  const when = ns2 ? `at an arrival ≥ ${fmt(extraOf(rec, 'interval'))} s after the previous change (ns-2)` : `every ${fmt(extraOf(rec, 'interval'))} s`;
  if (!(dir === 1 || dir === -1)) {
    list.push({ label: 'max_p', formula: `adapted ${when}; no change yet: the average has stayed in the band (or the run is young)`, value: fmt(rec.maxP), num: rec.maxP });
  } else if (dir === 1) {
    const a = Math.min(alpha, from / 4);
    const raw = from + a;
    const next = ns2 ? raw : Math.min(top, raw);
    const [f1, al] = fmtOperands([from, alpha], ([m, x]) => m + Math.min(x, m / 4));
    const [f2, sa] = fmtOperands([from, a], ([m, x]) => m + x);
    const sf = f1.length > f2.length ? f1 : f2;
    list.push(
      {
        label: `max_p update (t = ${fmtTime(extraOf(rec, 'lastT'))})`,
        ...calc(
          `avg ${fmtApart(avg, high).join(' > ')}: max_p ← max_p + min(α, max_p/4)${ns2 ? '' : ', at most top'}`,
          `${sf} + min(${al}, ${sf}/4) = ${sf} + ${sa}${!ns2 && raw > top ? ` → top ${fmt(top)}` : ''}`,
        ),
        value: fmt(next),
        num: next,
      },
      rec.maxP,
      'max_p',
    );
  } else {
    const raw = from * beta;
    const next = ns2 ? raw : Math.max(bottom, raw);
    const [sb, sf] = fmtOperands([beta, from], ([b, m]) => b * m);
    list.push(
      {
        label: `max_p update (t = ${fmtTime(extraOf(rec, 'lastT'))})`,
        ...calc(`avg ${fmtApart(avg, low).join(' < ')}: max_p ← β·max_p${ns2 ? '' : ', at least bottom'}`, `${sb} × ${sf}${!ns2 && raw < bottom ? ` → bottom ${fmt(bottom)}` : ''}`),
        value: fmt(next),
        num: next,
      },
      rec.maxP,
      'max_p',
    );
  }
  const nextT = extraOf(rec, 'nextT');
  if (Number.isFinite(nextT)) list.push({ label: 'Next update', formula: `max_p is checked ${when}, with the average of that moment, and kept within [${fmt(bottom)}, ${fmt(top)}]`, value: fmtTime(nextT), num: nextT });
}

export function explain(rec: DecisionRecord): Explanation {
  return explainRed(rec, {
    adaptiveSteps: aredSteps,
    extraTicks: (r) => {
      const low = extraOf(r, 'bandLow');
      const high = extraOf(r, 'bandHigh');
      return Number.isFinite(low) && Number.isFinite(high)
        ? [
            { v: low, label: '', tone: 'band' },
            { v: high, label: '', tone: 'band' },
          ]
        : [];
    },
  });
}
