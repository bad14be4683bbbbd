/**
 * REM's step-through (seeds/002 eq. 2; Athuraliya et al. 2001): the price from the rate
 * mismatch x − c and the queue mismatch q − b* at the last update, then
 * p = 1 − φ^(−price), byte-mode scaling and the draw.
 */
import type { DecisionRecord } from './decision';
import { calc, drawStep, extraOf, fmt, fmtOperands, fmtTime, overflowStep, queueStep, recordHeader, simpleEcnNote, StepList, type Explanation, type ScaleBar } from './explain';

/** One price update (eq. 2), everything in mean-size packets. */
export function remPrice(prev: number, q: number, bStar: number, x: number, c: number, gamma: number, alpha: number): number {
  return Math.max(0, prev + gamma * (alpha * (q - bStar) + x - c));
}

/** The marking law p = 1 − φ^(−price). */
export function remProbability(price: number, phi: number): number {
  return 1 - Math.pow(phi, -price);
}

export function explain(rec: DecisionRecord): Explanation {
  const list = new StepList();
  list.push(queueStep(rec));
  const g = (k: string) => extraOf(rec, k);
  const scale = g('scale');
  const prev = g('lastPrice');
  const price = g('price');
  const phi = g('phi');
  const bStar = g('bStar');
  const c = g('c');
  const gamma = g('gamma');
  const alpha = g('alpha');
  const s = scale !== 1 ? `/${fmt(scale)}` : '';
  if (!Number.isFinite(prev)) {
    list.push({ label: 'price', formula: `no update yet (every ${fmt(g('interval'))} s): price = 0`, value: '0', num: 0 }, price, 'price');
  } else {
    const q = g('lastQ');
    const xRaw = g('lastX');
    const x = g('inAvg');
    const mean = g('meanPktSize');
    // x and c in one unit or not: in packet mode x counts arrivals of every size (ns-2 rem.cc
    // does the same) and c counts meanPktSize-byte packets, so a stream of 40-byte ACKs or
    // SYN-ACKs reads as arrivals far above capacity. Not said, the reverse queue's drops read
    // as "x − c = 54 with an empty queue" and nothing in the explanation told why
    // (web100-rem-ecn-105: 4735 of its 5093 early drops there are at q = 0).
    const xUnit = scale !== 1 ? ` (bytes / ${fmt(scale)})` : '';
    const sizes =
      scale !== 1
        ? ''
        : Number.isFinite(mean)
          ? `; x counts packets of every size, c packets of ${fmt(mean)} bytes (ns-2 rem.cc), so small packets (ACKs, SYN-ACKs) weigh as much as full ones`
          : '; x counts packets of every size (ns-2 rem.cc)';
    list.push({
      label: `At the last update (${fmtTime(g('lastT'))})`,
      formula: `q = ${fmt(q)}${scale !== 1 ? ' bytes' : ''}, arrivals in the interval x = ${fmt(xRaw)}${xUnit}${g('inw') !== 1 ? ` (filtered: ${fmt(x)})` : ''}, capacity c = rate × ${fmt(g('interval'))} s / (8 × ${Number.isFinite(mean) ? `${fmt(mean)} bytes` : 'meanPktSize'}) = ${fmt(c)} packets${sizes}`,
      value: `x − c = ${fmt(x - c)}`,
      num: x - c,
    });
    const qm = q / scale - bStar / scale;
    const [sa, sq, sb] = fmtOperands([alpha, q, bStar], ([a0, q0, b0]) => a0 * (q0 / scale - b0 / scale));
    list.push({ label: 'Queue mismatch', ...calc('α·(q − b*)', `${sa} × (${sq}${s} − ${sb}${s})`), value: fmt(alpha * qm), num: alpha * qm });
    const raw = prev + gamma * (alpha * qm + x - c);
    // the price moves by a small step on a large value: fitted to the raw sum (shown when it is clamped)
    const [sp, sg, sm, sx, sc] = fmtOperands([prev, gamma, alpha * qm, x, c], ([p0, g0, m0, x0, c0]) => p0 + g0 * (m0 + x0 - c0));
    const next = remPrice(prev, q / scale, bStar / scale, x, c, gamma, alpha);
    list.push(
      {
        label: 'Price update',
        ...calc(`price ← max(0, price + γ·(α·(q − b*) + x − c))`, `max(0, ${sp} + ${sg} × (${sm} + ${sx} − ${sc}))${raw < 0 ? ' = max(0, ' + fmt(raw) + ')' : ''}`),
        value: fmt(next),
        num: next,
      },
      price,
      'price',
    );
  }
  const p = remProbability(price, phi);
  const [sphi, sprice] = fmtOperands([phi, price], ([f, x]) => 1 - Math.pow(f, -x));
  list.push({ label: 'p', ...calc('p = 1 − φ^(−price)', `1 − ${sphi}^${price === 0 ? '0' : `(−${sprice})`}`), value: fmt(p), num: p }, g('p'), 'p');
  let prob = p;
  if (g('byteMode') === 1) {
    prob = Math.min(1, (p * rec.bytes) / g('meanPktSize'));
    const [sp, , sm] = fmtOperands([p, rec.bytes, g('meanPktSize')], ([x, y, z]) => (x * y) / z);
    list.push({ label: 'p (byte mode)', ...calc('p ← p · size / meanPktSize', `${sp} × ${rec.bytes} / ${sm}${prob === 1 && p * rec.bytes > g('meanPktSize') ? ', at most 1' : ''}`), value: fmt(prob), num: prob }, rec.pa, 'p');
  }
  if (rec.reason === 'overflow') list.push(overflowStep(rec, false)!);
  else if (rec.u !== null) drawStep(list, rec, rec.u, rec.pa);
  else list.push({ label: 'Random draw', formula: rec.rule, value: rec.stage === 'dequeue' ? 'forwarded' : 'queued' });

  const q = Number.isFinite(g('lastQ')) ? g('lastQ') : rec.q;
  const top = Math.max(bStar * 2, q * 1.1, rec.q * 1.1, 1);
  const bar: ScaleBar = {
    // the zones' asterisk was explained only in the tooltip: the footnote is under the bar now
    axis: `queue (${rec.unit}) · *when arrivals match capacity`,
    zones: [
      { from: 0, to: bStar, label: 'price falls*', tone: 'calm' },
      { from: bStar, to: top, label: 'price rises*', tone: 'random' },
    ],
    ticks: [{ v: bStar, label: `b* ${fmt(bStar)}`, tone: 'target' }],
    pointer: { v: q, label: `q ${fmt(q)}` },
    marker: { v: rec.q, label: `now ${fmt(rec.q)}` },
    description: `Queue at the last price update ${fmt(q)} against b* ${fmt(bStar)}; price ${fmt(price)}, p ${fmt(p)}. (*when arrivals match capacity)`,
  };
  return { ...recordHeader(rec), steps: list.steps, bar, ecnNote: simpleEcnNote(rec, g('ecn') === 1), mismatches: list.mismatches };
}
