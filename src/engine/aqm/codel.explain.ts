/**
 * CoDel's step-through (RFC 8289): at dequeue, the packet's sojourn time against target,
 * first_above_time (when a whole interval above target ends), the dropping state and the
 * control law drop_next = t + interval / sqrt(count). Arrival records only say that the
 * packet was timestamped (or overflowed).
 */
import type { DecisionRecord } from './decision';
import { calc, digitsApart, extraOf, fmt, fmtMs, fmtTime, overflowStep, queueStep, recordHeader, simpleEcnNote, StepList, type Explanation, type ScaleBar } from './explain';

const WHY = ['ok', 'enter', 'after-enter', 'drop-next', 'wait-next', 'left-dropping'] as const;

/** The control law (RFC 8289 §4.5): the next drop time after t with `count` drops so far. */
export function controlLaw(t: number, interval: number, count: number): number {
  return t + interval / Math.sqrt(count);
}

/**
 * Decimals for the times of a calculation line (6, microseconds, unless re-doing the line
 * from the times as written would miss the result by more than a tenth of `ulp`: a
 * sojourn time of a fraction of a millisecond is a difference of two times in seconds).
 */
function timeDecimals(times: readonly number[], f: (t: readonly number[]) => number, ulp: number): number {
  const exact = f(times);
  for (let dec = 6; dec < 12; dec++) {
    if (Math.abs(f(times.map((t) => Number(t.toFixed(dec)))) - exact) <= 0.1 * ulp) return dec;
  }
  return 12;
}

/** A unit in the last place of `fmt(x)` (4 significant digits). */
function ulp4(x: number): number {
  return x === 0 ? 1e-12 : Math.pow(10, Math.floor(Math.log10(Math.abs(x))) - 3);
}

function bar(rec: DecisionRecord): ScaleBar {
  const soj = extraOf(rec, 'sojourn');
  const target = extraOf(rec, 'target');
  const top = Math.max(target * 3, soj * 1.1);
  return {
    axis: 'sojourn time (ms)',
    zones: [
      { from: 0, to: target * 1e3, label: 'fine', tone: 'calm' },
      { from: target * 1e3, to: top * 1e3, label: 'above target', tone: 'random' },
    ],
    ticks: [{ v: target * 1e3, label: `target ${fmt(target * 1e3)} ms`, tone: 'target' }],
    pointer: { v: soj * 1e3, label: `sojourn ${fmt(soj * 1e3)} ms` },
    description: `Sojourn time ${fmt(soj * 1e3)} ms against the ${fmt(target * 1e3)} ms target.`,
  };
}

export function explain(rec: DecisionRecord): Explanation {
  const list = new StepList();
  const g = (k: string) => extraOf(rec, k);
  const head = recordHeader(rec);
  list.push(queueStep(rec));
  if (rec.stage !== 'dequeue') {
    const over = overflowStep(rec, false);
    if (over) list.push(over);
    else list.push({ label: 'On arrival', formula: 'CoDel decides when the packet leaves (RFC 8289): the packet is timestamped and queued', value: 'queued' });
    return { ...head, steps: list.steps, bar: null, ecnNote: simpleEcnNote(rec, g('ecn') === 1), mismatches: list.mismatches };
  }
  const why = WHY[g('why')] ?? 'ok';
  const soj = g('sojourn');
  const target = g('target');
  const interval = g('interval');
  const now = g('now');
  const sd = timeDecimals([now, now - soj], ([a, b]) => a - b, ulp4(soj));
  list.push({ label: 'Sojourn time', ...calc('sojourn = now − arrival time', `${fmtTime(now, sd)} − ${fmtTime(now - soj, sd)}`), value: fmtMs(soj), num: soj });
  const short = g('bytes') <= g('maxPacket');
  const above = soj >= target && !short;
  list.push({
    label: 'Against target',
    formula: short ? `at most one packet (${fmt(g('bytes'))} bytes ≤ MAXPACKET ${fmt(g('maxPacket'))}) left: treated as fine` : `sojourn ${fmtMs(soj, digitsApart(soj, [target]))} ${soj < target ? '<' : '≥'} target ${fmtMs(target, digitsApart(soj, [target]))}`,
    value: above ? 'above target' : 'fine',
  });
  const fat = g('firstAboveTime');
  // first_above_time set by this very packet (RFC 8289 §5.4 dodequeue: it was none, so now
  // + interval): "above target since <now>" read as if an earlier packet had started it
  const setNow = above && fat > 0 && Math.abs(fat - interval - now) < 1e-9;
  if (why === 'ok' || why === 'left-dropping') {
    list.push({
      label: 'first_above_time',
      formula: !above
        ? short
          ? 'reset to none: at most one packet is left in the queue'
          : 'reset to none: the delay is fine'
        : setNow
          ? `none until this packet (the first above target since it was reset): first_above_time = now + interval = ${fmtTime(now)} + ${fmtMs(interval)}`
          : `above target since ${fmtTime(fat - interval)}: drops allowed only from first_above_time = that + interval`,
      value: fat > 0 ? fmtTime(fat) : 'none',
      num: fat,
    });
  }
  const count = g('count');
  const used = g('countUsed');
  switch (why) {
    case 'ok':
      list.push({ label: 'Decision', formula: 'not in the dropping state and not a whole interval above target', value: 'forward' });
      break;
    case 'left-dropping':
      // which test ended it: a short queue ends the state even with the sojourn time above target
      list.push({
        label: 'Dropping state',
        formula: short
          ? 'at most one packet is left in the queue: CoDel leaves the dropping state (whatever the sojourn time)'
          : soj < target
            ? 'the sojourn time is no longer above target: CoDel leaves the dropping state'
            : setNow
              ? 'above target again, but only from this packet on (an earlier packet was fine and reset first_above_time): not a whole interval, so CoDel leaves the dropping state'
              : 'above target, but not yet for a whole interval: CoDel leaves the dropping state',
        value: 'forward',
      });
      break;
    case 'enter': {
      const last = g('lastCount');
      const delta = count - last;
      const dn = g('dropNext');
      const resume = delta > 1 && now - dn < 16 * interval;
      list.push({ label: 'Enter dropping', formula: `above target for a whole interval (now ≥ first_above_time ${fmtTime(fat)}): ${rec.outcome === 'mark' ? 'mark' : 'drop'} this packet`, value: rec.outcome === 'mark' ? 'mark CE' : 'drop' });
      const c = resume ? delta : 1;
      const cStep = {
        label: 'count',
        formula: resume
          ? `re-entered ${fmt((now - dn) * 1e3)} ms after drop_next of the last dropping cycle (< 16 intervals): count = count − lastcount = ${fmt(count)} − ${fmt(last)}`
          : delta > 1
            ? `drop_next of the last dropping cycle is ${fmt((now - dn) * 1e3)} ms ago (≥ 16 intervals): count restarts at 1`
            : `count − lastcount = ${fmt(delta)} ≤ 1: count restarts at 1`,
        value: fmt(c),
        num: c,
      };
      list.push(cStep, used, 'count');
      const next = controlLaw(now, interval, c);
      const nd = timeDecimals([now], ([a]) => a + interval / Math.sqrt(c), 1e-6);
      list.push({ label: 'Next drop', ...calc('drop_next = now + interval / √count', `${fmtTime(now, nd)} + ${fmtMs(interval, 9)} / √${fmt(c)}`), value: fmtTime(next), num: next });
      break;
    }
    case 'after-enter':
      // RFC 8289 §5.5 sets dropping after the entering drop whatever this packet's sojourn time;
      // one that is fine resets first_above_time, so the next departure cannot be ok_to_drop
      list.push({
        label: 'Dropping state',
        formula: above
          ? 'the packet before this one was dropped on entering the dropping state; next drop at drop_next'
          : 'the packet before this one was dropped on entering the dropping state; this one is fine and reset first_above_time, so the dropping state ends at the next departure, without another drop',
        value: fmtTime(g('dropNext')),
        num: g('dropNext'),
      });
      break;
    case 'wait-next':
      list.push({ label: 'Dropping state', formula: `still above target, but now < drop_next = ${fmtTime(g('dropNext'))}: no drop yet`, value: 'forward' });
      break;
    case 'drop-next': {
      const dn = g('dropNext');
      list.push({ label: 'Drop time', formula: `dropping state and now ${fmtTime(now)} ≥ drop_next ${fmtTime(dn)}: ${rec.outcome === 'mark' ? 'mark' : 'drop'}, count ← count + 1`, value: `count ${fmt(count)}`, num: count });
      const next = controlLaw(dn, interval, count);
      const nd = timeDecimals([dn], ([a]) => a + interval / Math.sqrt(count), 1e-6);
      list.push({ label: 'Next drop', ...calc('drop_next ← drop_next + interval / √count', `${fmtTime(dn, nd)} + ${fmtMs(interval, 9)} / √${fmt(count)}`), value: fmtTime(next), num: next });
      break;
    }
  }
  return { ...head, steps: list.steps, bar: bar(rec), ecnNote: simpleEcnNote(rec, g('ecn') === 1), mismatches: list.mismatches };
}
