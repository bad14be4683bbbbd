/**
 * PIE's step-through (RFC 8033): the delay estimate at the last update, the update of p
 * from its error and trend (scaled while p is small, capped, decayed), then the
 * arrival's test: burst allowance, the low-delay and short-queue safeguards, the draw,
 * and ECN below the marking threshold.
 */
import type { DecisionRecord } from './decision';
import { calc, digitsApart, drawStep, ecnName, extraOf, fmt, fmtMs, fmtOperands, operandDigits, fmtTime, overflowStep, queueStep, recordHeader, simpleEcnNote, StepList, type Explanation, type ScaleBar } from './explain';

/** pieScale's brackets: below each bound of p the step is divided by the divisor (RFC 8033 §4.2). */
const SCALE_BRACKETS: readonly (readonly [bound: number, boundText: string, divisor: number])[] = [
  [0.000001, '0.000001', 2048],
  [0.00001, '0.00001', 512],
  [0.0001, '0.0001', 128],
  [0.001, '0.001', 32],
  [0.01, '0.01', 8],
  [0.1, '0.1', 2],
];

/**
 * The scaling step as a student can check it: the bracket p falls in and the divisor
 * ("p = 0.0261 < 0.1: Δ / 2"). "p = 0.0261 is small: Δ × 0.5" named neither the rule's bound
 * nor its divisor, and "Δ × 0.0004883" hid the RFC's "p /= 2048".
 */
export function scaleRule(p: number): string {
  const b = SCALE_BRACKETS.find(([bound]) => p < bound);
  // p with the digits that keep it apart from the bound ("p = 0.1 < 0.1" for 0.099999)
  const sp = (bound: number) => fmt(p, digitsApart(p, [bound]));
  return b ? `p = ${sp(b[0])} < ${b[1]}: Δ / ${b[2]}` : `p = ${sp(0.1)} ≥ 0.1: Δ unscaled`;
}

/** The scaling of the update step by the size of p (RFC 8033 §4.2: small p moves slowly). */
export function pieScale(p: number): number {
  if (p < 0.000001) return 1 / 2048;
  if (p < 0.00001) return 1 / 512;
  if (p < 0.0001) return 1 / 128;
  if (p < 0.001) return 1 / 32;
  if (p < 0.01) return 1 / 8;
  if (p < 0.1) return 1 / 2;
  return 1;
}

export function explain(rec: DecisionRecord): Explanation {
  const list = new StepList();
  const g = (k: string) => extraOf(rec, k);
  list.push(queueStep(rec));
  const target = g('target');
  const alpha = g('alpha');
  const beta = g('beta');
  const p = g('p');
  if (!Number.isFinite(g('lastT'))) {
    list.push({ label: 'p', formula: `no update yet (every ${fmtMs(g('tUpdate'))}): p = 0`, value: '0', num: 0 }, p, 'p');
  } else {
    const cur = g('lastQdelay');
    // the avg_dq_time of the update (records before it was kept: the current one)
    const dqAtUpdate = Number.isFinite(g('lastAvgDqTime')) ? g('lastAvgDqTime') : g('avgDqTime');
    const old = g('lastQdelayOld');
    list.push(
      g('rateEstimate') === 1
        ? dqAtUpdate === 0
          ? { label: `Delay estimate (${fmtTime(g('lastT'))})`, formula: 'no departure rate measured yet (a measurement needs DQ_THRESHOLD bytes to leave): qdelay = 0', value: fmtMs(cur), num: cur }
          : {
              label: `Delay estimate (${fmtTime(g('lastT'))})`,
              ...calc('qdelay = queue bytes × avg_dq_time / DQ_THRESHOLD', `${fmt(g('lastBytes'))} × ${fmtMs(dqAtUpdate, operandDigits([g('lastBytes'), dqAtUpdate, g('dqThreshold')], ([b, d, t]) => (b * d) / t)[1])} / ${fmt(g('dqThreshold'))}`),
              value: fmtMs(cur),
              num: cur,
            }
        : { label: `Delay estimate (${fmtTime(g('lastT'))})`, formula: 'the sojourn time of the last departing packet', value: fmtMs(cur), num: cur },
    );
    const prev = g('lastPPrev');
    const raw = alpha * (cur - target) + beta * (cur - old);
    const scale = pieScale(prev);
    // Δ is a small difference of delays some ten times larger: the delays get the digits it takes
    const [da, dc, dt, db, dold] = operandDigits([alpha, cur, target, beta, old], ([a, c, t, b, o]) => a * (c - t) + b * (c - o));
    // α and β are per second (RFC 8033 §4.2), so the delays are written in seconds: in ms the
    // line read "0.125 × (41.089 ms − 15 ms) + ..." beside 0.01081, which by hand gives 3.26 + ...
    const sec = (x: number, d: number) => `${fmt(x, d)} s`;
    list.push({
      label: 'Step',
      ...calc('Δ = α·(qdelay − target) + β·(qdelay − qdelay_old)  (α, β per second)', `${fmt(alpha, da)} × (${sec(cur, dc)} − ${sec(target, dt)}) + ${fmt(beta, db)} × (${sec(cur, dc)} − ${sec(old, dold)})`),
      value: fmt(raw),
      num: raw,
    });
    let d = raw * scale;
    if (scale !== 1) list.push({ label: 'Step scaled', formula: `${scaleRule(prev)} (the smaller p, the smaller its steps: RFC 8033 §4.2)`, value: fmt(d), num: d });
    if (g('lastCapped') === 1) {
      d = 0.02;
      list.push({ label: 'Cap', formula: 'p ≥ 10 %: the step is capped at 2 % (RFC 8033 §5.5)', value: '0.02', num: 0.02 });
    }
    let next = prev + d;
    if (g('lastDecayed') === 1) next *= 0.98;
    const clamped = Math.min(1, Math.max(0, next));
    const decay = g('lastDecayed') === 1 ? 0.98 : 1;
    const [sp, sd] = fmtOperands([prev, d], ([x, y]) => (x + y) * decay);
    const kept = clamped !== next ? ` → ${fmt(clamped)}` : '';
    // "0.0974 − 0.0009375", not "0.0974 + −0.0009375"
    const plusMinus = sd.startsWith('−') ? `− ${sd.slice(1)}` : `+ ${sd}`;
    list.push(
      {
        label: 'p update',
        ...calc(`p ← p + Δ${g('lastDecayed') === 1 ? ', × 0.98 (both delays 0: decay)' : ''}, within [0, 1]`, (g('lastDecayed') === 1 ? `(${sp} ${plusMinus}) × 0.98` : `${sp} ${plusMinus}`) + kept),
        value: fmt(clamped),
        num: clamped,
      },
      p,
      'p',
    );
  }
  const why = g('why');
  if (rec.reason === 'overflow') list.push(overflowStep(rec, false)!);
  else if (why === 1) list.push({ label: 'Burst allowance', formula: `${fmtMs(g('burstAllowance'))} of the ${fmtMs(g('maxBurst'))} allowance left: no random drop (RFC 8033 §4.4)`, value: 'queued' });
  else if (why === 2) {
    // RFC 8033 §4.1 tests qdelay_old, which the update has just set to its own estimate (the
    // one the Delay estimate step shows): "previous delay 0 ms" beside a step line whose
    // qdelay_old was 12 ms read as if the safeguard had used that one
    const old = g('qdelayOld');
    const [sOld, sHalf] = [fmtMs(old, digitsApart(old, [target / 2])), fmtMs(target / 2, digitsApart(target / 2, [old]))];
    list.push({ label: 'Safeguard', formula: `delay estimate of the last update ${sOld} < target/2 = ${sHalf}, and p = ${fmt(p)} < 0.2: no random drop (RFC 8033 §4.1)`, value: 'queued' });
  } else if (why === 3) list.push({ label: 'Safeguard', formula: `${fmt(g('bytes'))} bytes queued ≤ 2 × MEAN_PKTSIZE = 2 × ${fmt(g('meanPktSize'))} bytes: no random drop (RFC 8033 §4.1)`, value: 'queued' });
  else if (rec.u !== null) {
    drawStep(list, rec, rec.u, rec.pa);
    if (rec.outcome !== 'enqueue' && g('ecn') === 1) {
      // below the threshold only ECT(0)/ECT(1) packets are marked: a Not-ECT one (a SYN, a
      // pure ACK) or one already CE is dropped, and the step says which this packet was
      const below = p < g('ecnThreshold');
      const markable = rec.ecn === 1 || rec.ecn === 2;
      const what = !below ? 'packets are dropped, ECT or not' : markable ? 'ECT packets are marked' : `ECT packets are marked, but this packet is ${ecnName(rec.ecn)}: dropped`;
      list.push({ label: 'ECN', formula: `p ${below ? '<' : '≥'} ${fmt(g('ecnThreshold'))}: ${what} (RFC 8033 §5.1)`, value: rec.outcome === 'mark' ? 'mark' : 'drop' });
    }
  } else list.push({ label: 'Random draw', formula: 'p = 0: no draw', value: 'queued' });

  const qd = g('qdelay');
  const top = Math.max(target * 3, qd * 1.1);
  const bar: ScaleBar = {
    // the zones say what α (qdelay - target) does; β (qdelay - qdelay_old) can outweigh it while
    // the delay moves (a falling delay above target can lower p), hence the asterisk
    axis: 'queueing delay estimate (ms) · *while the delay holds steady',
    zones: [
      { from: 0, to: (target / 2) * 1e3, label: 'low', tone: 'calm' },
      { from: (target / 2) * 1e3, to: target * 1e3, label: 'p falls*', tone: 'band' },
      { from: target * 1e3, to: top * 1e3, label: 'p rises*', tone: 'random' },
    ],
    ticks: [
      // a bare "7.5" under the bar did not say what it was: the safeguard's target/2
      { v: (target / 2) * 1e3, label: `${fmt((target / 2) * 1e3)} ms = target/2`, tone: 'low' },
      { v: target * 1e3, label: `target ${fmt(target * 1e3)} ms`, tone: 'target' },
    ],
    pointer: { v: qd * 1e3, label: `qdelay ${fmt(qd * 1e3)} ms` },
    description: `Delay estimate ${fmt(qd * 1e3)} ms against the ${fmt(target * 1e3)} ms target; p = ${fmt(p)}.`,
  };
  return { ...recordHeader(rec), steps: list.steps, bar, ecnNote: simpleEcnNote(rec, g('ecn') === 1, rec.outcome === 'drop' && rec.reason === 'early' && p >= g('ecnThreshold') ? `PIE drops ECT packets too once p ≥ ${fmt(g('ecnThreshold'))} (RFC 8033 §5.1).` : ''), mismatches: list.mismatches };
}
