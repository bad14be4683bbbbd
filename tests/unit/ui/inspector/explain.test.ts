/**
 * The inspector's own text: the dispatch to each AQM's explanation, and what the flow
 * did after a decision (consequences, the timeline, the one-line reaction summary).
 */
import { describe, expect, it } from 'vitest';
import type { FlowEvent } from '../../../../src/engine/net/agent';
import { redRecord } from '../../../support/red-record';
import { consequences, explainDecision, reactionSummary, stepAnnouncement, timeline, wrapCaption } from '../../../../src/ui/inspector/explain';

const rec = redRecord;

describe('explainDecision: each AQM explains its own records', () => {
  it('a RED record gets RED’s calculation; drop-tail its buffer test; an unknown kind a generic listing', () => {
    expect(explainDecision(rec({})).steps.map((s) => s.label)).toContain('p_a');
    const dt = explainDecision(rec({ aqm: 'droptail', wq: NaN, minTh: NaN, maxTh: NaN, maxP: NaN, region: 'overflow', avg: 10, avgBefore: 10, pb: 0, pa: 0, u: null, outcome: 'drop', reason: 'overflow', rule: 'drop-tail' }));
    expect(dt.steps.map((s) => s.label)).toEqual(['Queue on arrival', 'Buffer limit']);
    expect(dt.bar).toBeNull();
    const other = explainDecision(rec({ aqm: 'no-such-aqm', extra: { price: 12.5 } }));
    expect(other.steps.find((s) => s.label === 'price')?.value).toBe('12.5');
  });
});

// ---------------------------------------------------------------- consequences

function ev(t: number, kind: FlowEvent['kind'], flow = 3, extra: Partial<FlowEvent> = {}): FlowEvent {
  return { t, flow, kind, ...extra };
}

describe('consequences and the timeline', () => {
  const mark = rec({ t: 1.0, outcome: 'mark' });
  const events: FlowEvent[] = [
    ev(0.9, 'ecn-cut'), // before the decision
    ev(1.01, 'ce-received'),
    ev(1.02, 'dupack', 1), // another flow
    ev(1.05, 'ece-received'),
    ev(1.051, 'ece-received'),
    ev(1.06, 'ecn-cut', 3, { cwnd: 10, note: 'ECE: cwnd 20.00 -> 10.00' }),
    ev(1.07, 'cwr-sent'),
    ev(1.5, 'ece-received'), // beyond 2 RTTs of 0.1 s
  ];

  it('keeps the flow’s events from the decision to 2 RTTs after it', () => {
    const c = consequences(mark, events, { rtt: 0.1 });
    expect(c.map((e) => e.kind)).toEqual(['ce-received', 'ece-received', 'ece-received', 'ecn-cut', 'cwr-sent']);
    expect(c.every((e) => e.flow === 3 && e.t >= 1 && e.t <= 1.2)).toBe(true);
  });

  it('groups runs of the same kind and gives times relative to the decision', () => {
    const tl = timeline(mark, consequences(mark, events, { rtt: 0.1 }));
    expect(tl.map((x) => [x.kind, x.n])).toEqual([
      ['ce-received', 1],
      ['ece-received', 2],
      ['ecn-cut', 1],
      ['cwr-sent', 1],
    ]);
    expect(tl[0].dt).toBe('+10 ms');
    expect(reactionSummary(mark, consequences(mark, events, { rtt: 0.1 }))).toMatch(/cut its window \+60 ms after the mark \(ECE: cwnd 20.00 -> 10.00\)/);
  });

  it('a mark without a cut: the sender already reduced in this window', () => {
    const c = consequences(mark, [ev(1.05, 'ece-received')], { rtt: 0.1 });
    expect(reactionSummary(mark, c)).toMatch(/once per window|already reduced/);
    // the run has not gone past the window yet: the cut may still come
    expect(reactionSummary(mark, [], true)).toMatch(/Not simulated yet: step to the next event of flow 3 /);
    expect(reactionSummary(mark, c, true)).toMatch(/No window cut yet/);
  });

  it('a drop: the window stretches to a late retransmission timeout', () => {
    const drop = rec({ t: 2, outcome: 'drop', reason: 'early' });
    const c = consequences(drop, [ev(2.05, 'dupack'), ev(3.4, 'timeout', 3, { cwnd: 1 }), ev(3.5, 'retransmit'), ev(9, 'timeout')], { rtt: 0.1 });
    expect(c.map((e) => e.kind)).toEqual(['dupack', 'timeout']);
    expect(reactionSummary(drop, c)).toMatch(/timed out \+1.4 s after the drop/);
    const fr = consequences(drop, [ev(2.05, 'dupack'), ev(2.06, 'dupack'), ev(2.07, 'dupack'), ev(2.07, 'fast-retransmit')], { rtt: 0.1 });
    expect(timeline(drop, fr).map((x) => [x.kind, x.n])).toEqual([
      ['dupack', 3],
      ['fast-retransmit', 1],
    ]);
  });
});

describe('a drop of one segment among several: what happened to that segment', () => {
  // three drops of flow 3 within 5 ms: NewReno repairs the first by fast retransmit and the
  // others on partial ACKs; each drop's line said 'fast-retransmitted +x ms after the drop'
  const events = [
    ev(2.1, 'dupack', 3, { seq: 14600 }),
    ev(2.101, 'dupack', 3, { seq: 14600 }),
    ev(2.102, 'dupack', 3, { seq: 14600 }),
    ev(2.102, 'fast-retransmit', 3, { seq: 14600, note: '3 duplicate ACKs for 14600' }),
    ev(2.102, 'retransmit', 3, { seq: 14600 }),
    ev(2.16, 'partial-ack', 3, { seq: 17520 }),
    ev(2.16, 'retransmit', 3, { seq: 17520 }),
    ev(2.22, 'partial-ack', 3, { seq: 20440 }),
    ev(2.22, 'retransmit', 3, { seq: 20440 }),
  ];
  const drop = (t: number, seq: number) => rec({ t, outcome: 'drop', reason: 'early', seq });

  it('each drop names its own segment and how it was resent', () => {
    const first = drop(2, 14600);
    expect(reactionSummary(first, consequences(first, events, { rtt: 0.05 }))).toBe('Flow 3 resent this segment (seq 14600) +102 ms after the drop, by fast retransmit (3 duplicate ACKs for 14600).');
    const second = drop(2.002, 17520);
    expect(reactionSummary(second, consequences(second, events, { rtt: 0.05 }))).toBe('Flow 3 resent this segment (seq 17520) +158 ms after the drop, on a partial ACK during recovery.');
    // its resend is past 2 RTTs: the window reaches it
    const third = drop(2.004, 20440);
    const c = consequences(third, events, { rtt: 0.05 });
    expect(c[c.length - 1]).toMatchObject({ kind: 'retransmit', seq: 20440 });
    expect(reactionSummary(third, c)).toBe('Flow 3 resent this segment (seq 20440) +216 ms after the drop, on a partial ACK during recovery.');
  });

  it('a resend after more events than the window lists (a long recovery) is still found', () => {
    const late = drop(2.004, 20440);
    const many = [...events.slice(0, 5), ...Array.from({ length: 60 }, (_, i) => ev(2.11 + i * 0.001, 'dupack', 3, { seq: 17520 })), events[7], events[8]];
    const c = consequences(late, many, { rtt: 0.05, maxEvents: 40 });
    expect(c).toHaveLength(40);
    expect(c[39]).toMatchObject({ kind: 'retransmit', seq: 20440 });
    expect(reactionSummary(late, c)).toMatch(/^Flow 3 resent this segment \(seq 20440\) \+216 ms after the drop/);
  });

  it('before its own resend: the fast retransmit in view is named as another segment\'s', () => {
    const third = drop(2.004, 20440);
    const soFar = events.slice(0, 5);
    expect(reactionSummary(third, consequences(third, soFar, { rtt: 0.05 }), true)).toBe(
      "Flow 3 fast-retransmitted +98 ms after the drop, for an earlier lost segment (seq 14600); this one (seq 20440) is not resent yet: step to the next event of flow 3 to follow the drop.",
    );
    // a record without seq (older traces) reads as before
    expect(reactionSummary(rec({ t: 2.004, outcome: 'drop', reason: 'early' }), consequences(rec({ t: 2.004, outcome: 'drop', reason: 'early' }), soFar, { rtt: 0.05 }))).toMatch(/^Flow 3 fast-retransmitted \+98 ms after the drop/);
  });
});

// cubic-vs-reno, seeds/001 ecn1: where the items' TCP settings differ the legends name a flow
// "flow 0 · CUBIC" (src/ui/flow-tags.ts); the inspector's sentences and its announcement too
describe('flow tags in the texts', () => {
  const tags = ['CUBIC', 'NewReno', 'UDP', 'CUBIC'];
  const mark = rec({ t: 1.0, outcome: 'mark' });
  const drop = rec({ t: 1.0, outcome: 'drop', reason: 'early' });
  const cut = [ev(1.06, 'ecn-cut', 3, { cwnd: 10 })];

  it('the reaction summary names the flow with its tag, at the start of a sentence and inside it', () => {
    expect(reactionSummary(mark, cut, false, tags)).toBe('Flow 3 · CUBIC cut its window +60 ms after the mark.');
    expect(reactionSummary(mark, [], true, tags)).toBe('Not simulated yet: step to the next event of flow 3 · CUBIC to follow the mark.');
    expect(reactionSummary(mark, [], false, tags)).toBe('No event of flow 3 · CUBIC followed in the window shown.');
    expect(reactionSummary(drop, [ev(1.01, 'dupack')], false, tags)).toBe('Flow 3 · CUBIC saw duplicate ACKs but did not retransmit in the window shown.');
    expect(reactionSummary(drop, [ev(1.01, 'dupack'), ev(1.02, 'timeout')], false, tags)).toMatch(/^Flow 3 · CUBIC timed out \+20 ms after the drop/);
  });
  it('flows with the same settings (tags all empty, or none given): "flow 3" as before', () => {
    for (const t of [['', '', '', ''], undefined]) {
      expect(reactionSummary(mark, cut, false, t)).toBe('Flow 3 cut its window +60 ms after the mark.');
      expect(reactionSummary(drop, [], false, t)).toBe('No event of flow 3 followed in the window shown.');
    }
  });
  it("a step's announcement names the packet's flow as the legends do; a web connection stays a web connection", () => {
    const ex = explainDecision(mark);
    expect(stepAnnouncement(ex, '1 of 1', false, tags)).toMatch(/^Decision 1 of 1: packet #42 of flow 3 · CUBIC, marked CE\./);
    expect(stepAnnouncement(ex, '1 of 1', false, ['', '', '', ''])).toMatch(/^Decision 1 of 1: packet #42 of flow 3, marked CE\./);
    expect(stepAnnouncement(ex, '1 of 1')).toMatch(/^Decision 1 of 1: packet #42 of flow 3, marked CE\./);
    expect(stepAnnouncement(ex, '1 of 1', true, tags)).toMatch(/^Decision 1 of 1: packet #42 of web connection 3, marked CE\./);
  });
});

describe('wrapCaption', () => {
  it('keeps a caption that fits, else splits at " · " and then between words', () => {
    expect(wrapCaption('average queue (packets)', 40)).toEqual(['average queue (packets)']);
    expect(wrapCaption('queueing delay estimate (ms) · *while the delay holds steady', 40)).toEqual(['queueing delay estimate (ms)', '*while the delay holds steady']);
    expect(wrapCaption('queueing delay estimate (ms) · *while the delay holds steady', 20)).toEqual(['queueing delay', 'estimate (ms)', '*while the delay', 'holds steady']);
  });
});
