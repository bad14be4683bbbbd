/**
 * PI's step-through (seeds/002 eq. 1; Hollot et al. 2001): p from the last two queue
 * samples, p(kT) = p((k−1)T) + a·(q(kT) − q_ref) − b·(q((k−1)T) − q_ref), clamped to
 * [0, 1]; then byte-mode scaling (seeds/002 eq. 3) and the draw.
 */
import type { DecisionRecord } from './decision';
import { calc, drawStep, extraOf, fmt, fmtOperands, fmtTime, overflowStep, queueStep, recordHeader, simpleEcnNote, StepList, unitWord, type Explanation, type ScaleBar } from './explain';

/** The control law of eq. 1, errors in packets (`scale` = mean packet size when the queue counts bytes). */
export function piUpdate(prev: number, q: number, qOld: number, qRef: number, a: number, b: number, scale = 1): number {
  const p = prev + a * (q / scale - qRef / scale) - b * (qOld / scale - qRef / scale);
  return p < 0 ? 0 : p > 1 ? 1 : p;
}

/**
 * Why p moved, in words, from the step the law took (`step` = a·(q − q_ref) − b·(q_old − q_ref)
 * = a·(q − q_old) + (a − b)·(q_old − q_ref)) and the change left after the clamp to [0, 1]
 * (`moved`): the sentence follows the numbers, so it never says "p creeps down" beside a p
 * held at 0, nor "p rises" when the step was negative.
 */
export function piWhy(q: number, qOld: number, qRef: number, step: number, moved: number): string {
  const dir = step > 0 ? 'rise' : 'fall';
  const cause =
    q > qOld
      ? step > 0
        ? 'the queue grew since the previous sample (the b term no longer cancels the a term)'
        : 'the queue grew since the previous sample, but it is still so far below q_ref that the step is negative'
      : q < qOld
        ? step < 0
          ? 'the queue shrank since the previous sample'
          : 'the queue shrank since the previous sample, but it is still so far above q_ref that the step is positive'
        : q > qRef
          ? 'the queue holds steady above q_ref (a > b)'
          : q < qRef
            ? 'the queue holds steady below q_ref (a > b)'
            : 'the queue holds steady at q_ref';
  if (step === 0) return `${cause}: p holds`;
  if (moved === 0) return `${cause}: p would ${dir}, but it is already ${step > 0 ? '1' : '0'} (kept within [0, 1]), so it stays`;
  return `${cause}, so p ${dir}s${(step > 0 ? moved < step : moved > step) ? ' (to the bound of [0, 1])' : ''}`;
}

export function explain(rec: DecisionRecord): Explanation {
  const list = new StepList();
  list.push(queueStep(rec));
  const qRef = extraOf(rec, 'qRef');
  const a = extraOf(rec, 'a');
  const b = extraOf(rec, 'b');
  const w = extraOf(rec, 'w');
  const scale = extraOf(rec, 'scale');
  const prev = extraOf(rec, 'lastPrev');
  const q = extraOf(rec, 'lastQ');
  const qOld = extraOf(rec, 'lastQOld');
  const p = extraOf(rec, 'p');
  const u = rec.unit;
  const inPk = scale !== 1 ? ` (bytes / ${fmt(scale)}: errors in packets)` : '';
  if (!Number.isFinite(prev)) {
    list.push({ label: 'p', formula: `no sample yet (the first is at 1/w = ${fmt(1 / w)} s): p = 0`, value: '0', num: 0 }, p, 'p');
  } else {
    list.push({ label: `Samples (every 1/w = ${fmt(1 / w)} s)`, formula: `last sample at ${fmtTime(extraOf(rec, 'lastT'))}: q = ${fmt(q)}, the one before q_old = ${fmt(qOld)} ${unitWord(u, qOld)}; q_ref = ${fmt(qRef)}`, value: `q ${fmt(q)}`, num: q });
    const raw = prev + a * (q / scale - qRef / scale) - b * (qOld / scale - qRef / scale);
    const next = piUpdate(prev, q, qOld, qRef, a, b, scale);
    const s = scale !== 1 ? `/${fmt(scale)}` : '';
    // a and b are nearly equal and the two errors nearly cancel: p's new digits come from a
    // difference of two products, so the operands are shown with the digits that takes
    const [sp, sa, sq, sr, sb, so] = fmtOperands([prev, a, q, qRef, b, qOld], ([p0, a0, q0, r0, b0, o0]) => p0 + a0 * (q0 / scale - r0 / scale) - b0 * (o0 / scale - r0 / scale));
    list.push(
      {
        label: 'p update',
        ...calc(
          `p ← p + a·(q − q_ref) − b·(q_old − q_ref)${inPk}${raw !== next ? ', kept within [0, 1]' : ''}`,
          `${sp} + ${sa} × (${sq}${s} − ${sr}${s}) − ${sb} × (${so}${s} − ${sr}${s})${raw !== next ? ` = ${fmt(raw)} → ${fmt(next)}` : ''}`,
        ),
        value: fmt(next),
        num: next,
      },
      p,
      'p',
    );
    list.push({ label: 'Why', formula: piWhy(q, qOld, qRef, raw - prev, next - prev), value: '' });
  }
  const byteMode = extraOf(rec, 'byteMode') === 1;
  let prob = p;
  if (byteMode) {
    const mean = extraOf(rec, 'meanPktSize');
    prob = Math.min(1, (p * rec.bytes) / mean);
    const [sp, , sm] = fmtOperands([p, rec.bytes, mean], ([x, y, z]) => (x * y) / z);
    list.push({ label: 'p (byte mode)', ...calc('p ← p · size / meanPktSize', `${sp} × ${rec.bytes} / ${sm}${prob === 1 && (p * rec.bytes) / mean > 1 ? ', at most 1' : ''}`), value: fmt(prob), num: prob }, rec.pa, 'p');
  }
  if (rec.reason === 'overflow') {
    list.push(overflowStep(rec, false)!);
  } else if (rec.u !== null) {
    drawStep(list, rec, rec.u, rec.pa);
  } else {
    list.push({ label: 'Random draw', formula: 'p = 0: no draw, the packet is queued', value: 'queued' });
  }
  const qr = qRef;
  const top = Math.max(qr * 2, rec.q * 1.1, 1);
  const bar: ScaleBar = {
    // the zones say what the queue's offset from q_ref does when q = q_old ((a - b)(q - q_ref));
    // a shrinking queue above q_ref can lower p (the b term), hence the asterisk
    axis: `queue (${u}) · *while the queue holds steady`,
    zones: [
      { from: 0, to: qr, label: 'p falls*', tone: 'calm' },
      { from: qr, to: top, label: 'p rises*', tone: 'random' },
    ],
    ticks: [{ v: qr, label: `q_ref ${fmt(qr)}`, tone: 'target' }],
    pointer: { v: Number.isFinite(q) ? q : rec.q, label: `sample ${fmt(Number.isFinite(q) ? q : rec.q)}` },
    marker: { v: rec.q, label: `q ${fmt(rec.q)}` },
    description: `Last queue sample ${fmt(q)} ${u} against q_ref ${fmt(qr)}; p = ${fmt(p)}.`,
  };
  return { ...recordHeader(rec), steps: list.steps, bar, ecnNote: simpleEcnNote(rec, extraOf(rec, 'ecn') === 1), mismatches: list.mismatches };
}
