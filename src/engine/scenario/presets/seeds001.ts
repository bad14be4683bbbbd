import { named, type PresetSource } from './types';

// ---- seeds/001: ECN for large finite transfers ----------------------------------------

export const ECN_FINITE_CLIENTS = [1, 2, 5, 10] as const;
export const ECN_FINITE_QLS = [256, 128, 64, 32, 16, 8, 4] as const;
/**
 * Mechanisms at router B: drop-tail; RED and RED+ECN with max_p 2 % ("c", conservative)
 * or 10 % ("a", aggressive); "ecn1": RED+ECN at the router but ECN only at one client
 * (flow 1), as in Table IV.
 */
export const ECN_FINITE_MECHS = ['dt', 'red-c', 'red-a', 'ecn-c', 'ecn-a', 'ecn1-c', 'ecn1-a'] as const;
export type EcnFiniteMech = (typeof ECN_FINITE_MECHS)[number];

/** min_th per queue limit: seeds/001 Table II (RED) and Tables III-IV (RED with ECN: 16 -> 5). */
const MIN_TH_RED: Record<number, number> = { 256: 80, 128: 40, 64: 20, 32: 10, 16: 8, 8: 2, 4: 1 };
const MIN_TH_ECN: Record<number, number> = { ...MIN_TH_RED, 16: 5 };

const MIB = 1048576;

const MECH_TEXT: Record<EcnFiniteMech, string> = {
  dt: 'drop-tail',
  'red-c': 'RED, max_p 2 %',
  'red-a': 'RED, max_p 10 %',
  'ecn-c': 'RED+ECN, max_p 2 %',
  'ecn-a': 'RED+ECN, max_p 10 %',
  'ecn1-c': 'RED+ECN, max_p 2 %, ECN at client 1 only',
  'ecn1-a': 'RED+ECN, max_p 10 %, ECN at client 1 only',
};

const MECH_TABLE: Record<EcnFiniteMech, string> = {
  dt: 'Table I',
  'red-c': 'Table II',
  'red-a': 'Table II',
  'ecn-c': 'Table III',
  'ecn-a': 'Table III',
  'ecn1-c': 'Table IV',
  'ecn1-a': 'Table IV',
};

export function ecnFiniteName(n: number, mech: EcnFiniteMech, ql: number): string {
  return `ecn-finite-n${n}-${mech}-ql${ql}`;
}

/**
 * The seeds/001 set-up (Experimental Methodology): one server on the left (so data flows
 * left to right through the summary's "bottleneck"), n clients on the right, all links of
 * the clients and server 10 Mb/s 0.5 ms, a 1.5 Mb/s 20 ms bottleneck, 20 MiB downloads
 * starting at t = 0; Reno with delayed ACKs, MSS 1460, rwnd 64 KiB, 100 ms clock tick;
 * header bytes 0 and ns-2 queue counting (DESIGN §6) so the numbers compare with the
 * paper's ns-2 runs; the sender cuts its window and computes its RTO as ns-2's agents do
 * (windowCut "ns2", rtoEstimator "bsd-ticks"; docs/ns2.md shows what each changes). RED: max_th = 3 min_th, w_q = 0.002, and ns-2's defaults of the
 * time for what the paper leaves unsaid: gentle_ true (the ns-2 default since 2001),
 * wait_ true, mean_pktsize_ 500, drop (not mark) above max_th.
 */
export function ecnFiniteJson(n: number, mech: EcnFiniteMech, ql: number, limit = ql): Record<string, unknown> {
  const ecnQueue = mech.startsWith('ecn');
  const maxP = mech.endsWith('-a') ? 0.1 : 0.02;
  const minTh = (ecnQueue ? MIN_TH_ECN : MIN_TH_RED)[ql];
  const queue =
    mech === 'dt'
      ? { kind: 'droptail', limit, unit: 'packets', countRule: 'ns2' }
      : { kind: 'red', limit, unit: 'packets', countRule: 'ns2', minTh, maxTh: 3 * minTh, maxP, wq: 0.002, gentle: true, wait: true, ecn: ecnQueue, aboveMaxTh: 'drop', mode: 'packet', meanPktSize: 500 };
  const bulk = { kind: 'bulk', from: 'left', bytes: 20 * MIB, start: 0, startSpread: 0 };
  const traffic = mech.startsWith('ecn1') ? [{ ...bulk, flows: 1 }, { ...bulk, flows: 1, tcp: { ecn: true } }] : [{ ...bulk, flows: n }];
  return {
    version: 1,
    seed: 1,
    topology: {
      kind: 'dumbbell',
      bottleneck: { rate: 1.5e6, delay: 0.02, loss: 0, queue },
      left: { hosts: 1, rate: 10e6, delay: 0.0005 },
      right: { hosts: n, rate: 10e6, delay: 0.0005 },
    },
    tcp: {
      variant: 'reno',
      mss: 1460,
      headerBytes: 0,
      ackBytes: 40,
      initialCwnd: 1,
      rwnd: 65536,
      delayedAck: true,
      delayedAckTimeout: 0.1,
      tick: 0.1,
      // as ns-2's agents and sinks behave (docs/ns2.md): 4.4BSD window cut, tick-counting
      // RTO, DelAckSink's handling of duplicates;
      // no limited transmit (with it the QL 4 cells drift from Table I: 851 drops vs 656)
      windowCut: 'ns2',
      rtoEstimator: 'bsd-ticks',
      duplicateAck: 'ns2',
      recoverRule: 'strict',
      fin: false,
      limitedTransmit: false,
      ecn: mech === 'ecn-c' || mech === 'ecn-a',
      ecnPlus: false,
    },
    traffic,
  };
}

function clientsText(n: number): string {
  return n === 1 ? 'One 20 MiB download' : `${n} simultaneous 20 MiB downloads`;
}

function familyLesson(n: number, mech: EcnFiniteMech, ql: number): string {
  const watch =
    mech === 'dt'
      ? 'Watch the queue hit the limit and the overflow drops land on one flow more than the others (lockout).'
      : mech.startsWith('red')
        ? 'Watch the RED average cross min_th and the early drops spread over the flows.'
        : mech.startsWith('ecn1')
          ? 'Watch the ECN client (flow 1) get marks where the other client gets early drops.'
          : 'Watch marks replace most early drops while the downloads progress at the same pace.';
  const compare =
    n === 2
      ? `Compare completion times, drops and G with seeds/001 ${MECH_TABLE[mech]} and Fig. 2.`
      : n === 1
        ? 'seeds/001 reports the single-flow baseline only for drop-tail: with a 39-packet buffer no packet is dropped.'
        : `Compare G with seeds/001 Fig. ${n === 5 ? 3 : 4} (its tables are for n = 2).`;
  const what = n === 1 ? `${clientsText(n)} crosses` : `${clientsText(n)} share`;
  return `${what} a 1.5 Mb/s, 20 ms bottleneck under ${MECH_TEXT[mech]} with a ${ql}-packet buffer. ${watch} ${compare}`;
}

function familyPreset(n: number, mech: EcnFiniteMech, ql: number): PresetSource {
  const name = ecnFiniteName(n, mech, ql);
  if (mech.startsWith('ecn1') && n !== 2) throw new Error('ecn1 presets exist for n = 2 only');
  return {
    name,
    title: `seeds/001: ${n} client${n === 1 ? '' : 's'}, ${MECH_TEXT[mech]}, QL ${ql}`,
    paper: `seeds/001 ${MECH_TABLE[mech]}`,
    lesson: familyLesson(n, mech, ql),
    group: 'ecn-finite',
    json: ecnFiniteJson(n, mech, ql),
  };
}


/** The hand-picked seeds/001 lessons (lockout, RED vs drop-tail, ECN marks, the baseline). */
export function seeds001Lessons(): PresetSource[] {
  const out: PresetSource[] = [];
  const fam = familyPreset;
  out.push(
    named(fam(2, 'ecn-a', 64), 'ecn-finite', {
      title: 'seeds/001: 2 clients, RED+ECN max_p 10 %, QL 64',
      lesson: 'Two 20 MiB downloads start together through a 1.5 Mb/s bottleneck whose RED queue marks instead of dropping. Watch the marks (not drops) cut each window once per RTT and the two download-progress lines stay together; compare with lockout-dt. seeds/001 Table III.',
    }),
  );
  out.push(
    named(fam(1, 'dt', 39), 'ecn-finite-baseline', {
      title: 'seeds/001 baseline: one download, drop-tail QL 39',
      paper: 'seeds/001 Experimental Methodology',
      lesson: 'One 20 MiB download through the 1.5 Mb/s bottleneck: the 64 KiB receive window (44 segments) caps the flight, so a 39-packet drop-tail buffer never overflows. Expect 112.5 s, 1491.3 Kb/s and G = 99.42 %; set the queue limit to 38 and the first drops appear.',
    }),
  );
  out.push(
    named(fam(2, 'dt', 64), 'lockout-dt', {
      title: 'Lockout under drop-tail: one flow takes the link',
      lesson: 'Two identical downloads share a 64-packet drop-tail buffer. In seeds/001 (Figs. 5-6) a congestion event at about 52 s drops packets of one flow only; it halves its window while the other keeps growing, never regains its share, and finishes well after the other. Watch the download-progress lines drift apart and compare the completion times. Lockouts hang on the exact timing of each overflow: in this run one flow finishes at 164 s and the other at 225 s (paper: 191 s and 225 s; ns-2.35 with the same settings: 164 s and 225 s).',
    }),
  );
  out.push(
    named(fam(2, 'red-a', 64), 'red-vs-dt', {
      title: 'RED instead of drop-tail at the same buffer',
      lesson: 'The lockout-dt scenario with RED (max_p 10 %, min_th 20) instead of drop-tail. Early random drops spread the losses over both flows, so the downloads stay closer together; compare Jain\'s index and the completion times with lockout-dt (seeds/001 Tables I-II).',
    }),
  );
  out.push(
    named(fam(2, 'red-a', 128), 'red-unfair', {
      title: 'RED can be unfair too (QL 128)',
      paper: 'seeds/001 Figs. 7-8',
      lesson: 'With a 128-packet buffer and aggressive RED the drops between 20 and 40 s fall mostly on one flow, which then lags for the rest of the transfer. RED randomises drops but does not guarantee fair shares of finite transfers.',
    }),
  );
  out.push(
    named(fam(2, 'ecn-c', 64), 'ecn-marks', {
      title: 'ECN marks instead of drops',
      paper: 'seeds/001 Fig. 9',
      lesson: 'RED with ECN (max_p 2 %, min_th 20, QL 64): step to a marked packet and follow it: the receiver echoes ECE, the sender halves cwnd once per window and sets CWR. Almost no packet is dropped and both downloads progress at the same rate.',
    }),
  );
  return out;
}

/** The whole seeds/001 grid: every client count, mechanism and queue limit of its tables. */
export function seeds001Grid(): PresetSource[] {
  const out: PresetSource[] = [];
  for (const n of ECN_FINITE_CLIENTS)
    for (const mech of ECN_FINITE_MECHS) {
      if (mech.startsWith('ecn1') && n !== 2) continue;
      for (const ql of ECN_FINITE_QLS) out.push(familyPreset(n, mech, ql));
    }
  return out;
}
