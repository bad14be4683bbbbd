/**
 * The help's glossary covers the words of the lessons a student starts an assignment from
 * ("why does RED drop before the queue is full, how does ECN change it, drop-tail against
 * RED for web response times"): alone at home, without the papers, min_th, cwnd, ECE, RTO,
 * goodput efficiency G or seeds/001 were nowhere explained in the lab.
 */
import { describe, expect, it } from 'vitest';
import { GLOSSARY } from '../../../src/ui/glossary';
import { lessons } from '../../../src/ui/scenario-api';

const ASSIGNMENT = ['default', 'red-vs-dt', 'lockout-dt', 'ecn-marks', 'web-dt148-80', 'web-red5-80', 'web-redecn5-80', 'web-redecn5-80-byte'];

/** Words a student cannot know without the papers, and the entry (by its term) that explains each. */
const JARGON: [RegExp, string][] = [
  [/drop-tail/i, 'drop-tail'],
  [/\bmin_th\b/, 'min_th'],
  [/\bmax_th\b/, 'max_th'],
  [/\bmax_p\b/, 'max_p'],
  [/\bgentle\b/i, 'gentle'],
  [/\bw_q\b/, 'w_q'],
  [/\baverage\b/i, 'average'],
  [/early/i, 'early'],
  [/forced/i, 'forced'],
  [/overflow/i, 'overflow'],
  [/\bAQM\b/, 'AQM'],
  [/adaptive RED|\bARED\b/i, 'Adaptive RED'],
  [/\bECN\b/, 'ECN'],
  [/\bECE\b/, 'ECE'],
  [/\bCWR\b/, 'CWR'],
  [/Not-ECT/, 'Not-ECT'],
  [/\bcwnd\b/, 'cwnd'],
  [/ssthresh/, 'ssthresh'],
  [/slow start/i, 'slow start'],
  [/\bRTO\b/, 'RTO'],
  [/\bRTT\b|round trip/i, 'RTT'],
  [/retransmi/i, 'retransmission'],
  [/\bReno\b/, 'Reno'],
  [/\bSACK\b/, 'SACK'],
  [/SYN-ACK/, 'SYN-ACK'],
  [/pure ACK/, 'pure ACK'],
  [/\bBDP\b/, 'BDP'],
  [/utiliz/i, 'utilization'],
  [/goodput efficiency/i, 'goodput efficiency G'],
  [/Jain/, 'Jain'],
  [/lockout/i, 'lockout'],
  [/\bCDF\b/, 'CDF'],
  [/uncongested|baseline/i, 'uncongested baseline'],
  [/offered load|\d % load/i, 'offered load'],
  [/PackMime/, 'PackMime'],
  [/\bseed\b/i, 'seed'],
  [/seeds\/00\d/, 'seeds/000'],
];

describe('glossary', () => {
  it('explains every word of the assignment lessons a student cannot know without the papers', () => {
    const all = lessons();
    const text = ASSIGNMENT.map((n) => {
      const l = all.find((x) => x.name === n);
      expect(l, n).toBeDefined();
      return [l!.title, l!.lesson, ...l!.claims.map((c) => c.text), ...l!.experiments.flatMap((e) => [e.title, ...e.claims.map((c) => c.text)])].join('\n');
    }).join('\n');
    const terms = GLOSSARY.map((g) => g.term.toLowerCase());
    const used = JARGON.filter(([re]) => re.test(text));
    // the lessons do use these words (else the list is stale)
    expect(used.length).toBeGreaterThan(25);
    const missing = used.filter(([, term]) => !terms.some((t) => t.includes(term.toLowerCase()))).map(([, term]) => term);
    expect(missing).toEqual([]);
  });

  it('each entry is a few sentences, with a term given once', () => {
    const terms = GLOSSARY.map((g) => g.term);
    expect(new Set(terms).size).toBe(terms.length);
    for (const g of GLOSSARY) {
      expect(g.text.length, g.term).toBeGreaterThan(40);
      expect(g.text.length, g.term).toBeLessThan(600);
    }
  });
});
