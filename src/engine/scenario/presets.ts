import { DEFAULT_SCENARIO_JSON } from './defaults';
import { cloneJson } from './paths';
import { parseScenario, type Scenario } from './schema';

/**
 * Presets: named scenarios, each with a few sentences for a teacher on what to watch.
 * The seeds/001 family is generated from the paper's tables rather than written out.
 * A preset's scenario is fully defaulted (parsed); treat it as read-only and use
 * presetScenario(name) for a copy to change.
 */
export interface Preset {
  name: string;
  title: string;
  /** The seed paper (and table or figure) the preset reproduces. */
  paper?: string;
  /** Two or three sentences on what to watch. */
  lesson: string;
  /** Menu group: "lesson" (hand-picked), "ecn-finite" (the seeds/001 grid), "bench". */
  group: 'lesson' | 'ecn-finite' | 'bench';
  scenario: Scenario;
}

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
 * paper's ns-2 runs. RED: max_th = 3 min_th, w_q = 0.002, and ns-2's defaults of the
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

// ---- seeds/004 (Feng, Kandlur, Saha, Shin) topologies ---------------------------------

/*
 * The text of seeds/004 gives the shape of its Figs. 1 and 12 but not every link's rate
 * and delay (they are in the figures). Stated in the paper: Fig. 1, sources n0-n4, sink
 * n8, bottleneck n5 -> n6 (a 10 Mb/s link in its §3 example); flows start within the
 * first 10 s; RED-ECN with max_th set to the queue size; Fig. 12, n0-n4 -> A -> B ->
 * n5-n9 with a 1.5 Mb/s A-B bottleneck, 100 connections, RED queue = 1.2 max_th,
 * min_th = 0.25 max_th, max_p = 0.016. Assumed here (labelled so in each preset):
 * access links 100 Mb/s 1 ms, bottleneck delays 5 ms, n6-n7-n8 100 Mb/s 1 ms, 1000-byte
 * segments (its §4 compares 500 and 1000 B), max_p 0.25 for "aggressive".
 */
const FENG_ASSUMED = 'Rates and delays other than the bottleneck are assumed (the paper gives them only in its figures).';

function fengFig1Preset(flows: number, mode: 'aggressive' | 'conservative'): PresetSource {
  const maxP = mode === 'aggressive' ? 0.25 : 0.016;
  const sources = ['n0', 'n1', 'n2', 'n3', 'n4'];
  const traffic = sources.map((src, i) => ({
    kind: 'bulk',
    src,
    dst: 'n8',
    flows: Math.floor(flows / 5) + (i < flows % 5 ? 1 : 0),
    start: i * 2,
    startSpread: 2,
  }));
  const access = { rate: 100e6, delay: 0.001 };
  return {
    name: `feng-fig1-${mode === 'aggressive' ? 'a' : 'c'}-${flows}`,
    title: `seeds/004 Fig. 1: ${flows} connections, ${mode} RED-ECN`,
    paper: `seeds/004 §3.1, Figs. 1-3`,
    group: 'lesson',
    lesson: `${flows} ECN connections from n0-n4 to n8 share the 10 Mb/s n5 -> n6 link; RED marks with max_p = ${maxP} and max_th equal to the buffer, so every drop is an overflow. ${
      mode === 'aggressive'
        ? flows <= 8
          ? 'With few flows aggressive marking backs off too many senders: watch the queue empty and the link idle (Fig. 2a).'
          : 'With many flows aggressive marking is about right: the queue stays between the thresholds with few drops (Fig. 2b).'
        : flows <= 8
          ? 'With few flows conservative marking keeps the link busy without loss (Fig. 3a).'
          : 'With many flows conservative marking is too weak: the queue sits at the limit and overflows like drop-tail (Fig. 3b).'
    } ${FENG_ASSUMED}`,
    json: {
      version: 1,
      seed: 1,
      duration: 100,
      topology: {
        kind: 'general',
        nodes: ['n0', 'n1', 'n2', 'n3', 'n4', 'n5', 'n6', 'n7', 'n8'].map((name) => ({ name })),
        links: [
          ...sources.map((src) => ({ from: src, to: 'n5', ...access })),
          { from: 'n5', to: 'n6', rate: 10e6, delay: 0.005, queue: { kind: 'red', limit: 100, minTh: 20, maxTh: 100, maxP, wq: 0.002, gentle: false, ecn: true } },
          { from: 'n6', to: 'n7', ...access },
          { from: 'n7', to: 'n8', ...access },
        ],
        bottleneck: { from: 'n5', to: 'n6' },
      },
      tcp: { variant: 'reno', mss: 1000, ecn: true, rwnd: 1 << 20 },
      traffic,
    },
  };
}

function fengFig12Preset(): PresetSource {
  const left = ['n0', 'n1', 'n2', 'n3', 'n4'];
  const right = ['n5', 'n6', 'n7', 'n8', 'n9'];
  const access = { rate: 100e6, delay: 0.001 };
  // max_th = 40 packets of 500 B = 20 KB (its Fig. 17 set-up), queue 1.2 max_th, min_th 0.25 max_th
  return {
    name: 'feng-fig12',
    title: 'seeds/004 Fig. 12: 100 connections over a 1.5 Mb/s link',
    paper: 'seeds/004 §4, Figs. 12-13',
    group: 'lesson',
    lesson: `100 connections from n0-n4 to n5-n9 cross a 1.5 Mb/s A -> B link: each gets 15 kb/s, less than one 500-byte segment per RTT, so TCP cannot go slow enough. Watch the timeouts and the loss rate stay high under conservative RED (max_p 0.016). ${FENG_ASSUMED}`,
    json: {
      version: 1,
      seed: 1,
      duration: 100,
      topology: {
        kind: 'general',
        nodes: [...left, 'A', 'B', ...right].map((name) => ({ name })),
        links: [
          ...left.map((n) => ({ from: n, to: 'A', ...access })),
          { from: 'A', to: 'B', rate: 1.5e6, delay: 0.005, queue: { kind: 'red', limit: 48, minTh: 10, maxTh: 40, maxP: 0.016, wq: 0.002 } },
          ...right.map((n) => ({ from: 'B', to: n, ...access })),
        ],
        bottleneck: { from: 'A', to: 'B' },
      },
      tcp: { variant: 'reno', mss: 500 },
      traffic: left.map((src, i) => ({ kind: 'bulk', src, dst: right[i], flows: 20, start: 0, startSpread: 10 })),
    },
  };
}

// ---- the list -------------------------------------------------------------------------

interface PresetSource extends Omit<Preset, 'scenario'> {
  json: Record<string, unknown>;
}

function named(src: PresetSource, name: string, extra: Partial<PresetSource>): PresetSource {
  return { ...src, name, group: 'lesson', ...extra };
}

function sources(): PresetSource[] {
  const out: PresetSource[] = [];
  const fam = familyPreset;
  out.push({
    name: 'default',
    title: 'Four Reno flows, 10 Mb/s RED bottleneck',
    lesson: 'Four long-lived Reno flows share a 10 Mb/s, 20 ms link managed by RED. Watch each cwnd saw-tooth, the RED average settle between min_th and max_th, and the early drops keep the queue short while the link stays busy.',
    group: 'lesson',
    json: DEFAULT_SCENARIO_JSON as unknown as Record<string, unknown>,
  });
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
      lesson: 'Two identical downloads share a 64-packet drop-tail buffer. In seeds/001 (Figs. 5-6) a congestion event at about 52 s drops packets of one flow only; it halves its window while the other keeps growing, never regains its share, and finishes well after the other. Watch the download-progress lines drift apart and compare the completion times. Lockouts hang on the exact timing of each overflow: in this run the gap at QL 64 is small (218 vs 225 s), while with an 8-packet buffer (ecn-finite-n2-dt-ql8) one flow finishes in 172 s and the other in 226 s (paper: 33 % faster).',
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
  out.push({
    name: 'md1-poisson',
    title: 'Poisson UDP into a drop-tail queue (M/D/1)',
    lesson: 'Poisson arrivals of 1000-byte packets at 80 % of a 10 Mb/s link into a deep drop-tail queue. The time-averaged number waiting should approach the M/D/1 value rho^2 / (2 (1 - rho)) = 1.6 packets; change the rate to see the queue explode as the load nears 100 %.',
    group: 'lesson',
    json: {
      version: 1,
      seed: 1,
      duration: 200,
      topology: { kind: 'dumbbell', bottleneck: { rate: 10e6, delay: 0.01, queue: { kind: 'droptail', limit: 10000 } }, left: { hosts: 1 }, right: { hosts: 1 } },
      traffic: [{ kind: 'udp', pattern: 'poisson', rate: 8e6, packetSize: 1000, from: 'left' }],
    },
  });
  out.push({
    name: 'random-loss',
    title: 'One Reno flow over a lossy link (square-root law)',
    lesson: 'A single long-lived Reno flow crosses a 10 Mb/s link that loses 1 % of packets at random. Its throughput is set by the loss rate, not the link: about (MSS / RTT) sqrt(3 / (2 b p)) (Mathis et al.), far below 10 Mb/s. Halve the loss and the rate grows by about sqrt(2).',
    group: 'lesson',
    json: {
      version: 1,
      seed: 1,
      duration: 100,
      topology: { kind: 'dumbbell', bottleneck: { rate: 10e6, delay: 0.02, loss: 0.01, queue: { kind: 'droptail', limit: 1000 } }, left: { hosts: 1 }, right: { hosts: 1 } },
      tcp: { variant: 'reno' },
      traffic: [{ kind: 'bulk', from: 'left', flows: 1 }],
    },
  });
  out.push({
    name: 'bench-100-red',
    title: 'Benchmark: 100 long-lived SACK flows through RED',
    paper: 'issue 2 §8 speed target (b)',
    lesson: '100 long-lived SACK flows, starting 10 ms apart, share a 10 Mb/s, 20 ms bottleneck with RED (min_th 30, max_th 90, limit 300, max_p 0.1) for 200 simulated seconds. Used by npm run bench; in class, watch how little each of 100 windows can be and how RED keeps the average near min_th.',
    group: 'bench',
    json: {
      version: 1,
      seed: 1,
      duration: 200,
      topology: {
        kind: 'dumbbell',
        bottleneck: { rate: 10e6, delay: 0.02, queue: { kind: 'red', limit: 300, minTh: 30, maxTh: 90, maxP: 0.1 } },
        left: { hosts: 100, rate: 100e6, delay: 0.001 },
        right: { hosts: 100, rate: 100e6, delay: 0.001 },
      },
      tcp: { variant: 'sack' },
      // flow k starts at k * startSpread / flows = k * 10 ms
      traffic: [{ kind: 'bulk', from: 'left', flows: 100, start: 0, startSpread: 1 }],
    },
  });
  out.push(fengFig1Preset(32, 'aggressive'), fengFig1Preset(8, 'aggressive'), fengFig1Preset(32, 'conservative'), fengFig1Preset(8, 'conservative'));
  out.push(fengFig12Preset());
  for (const n of ECN_FINITE_CLIENTS)
    for (const mech of ECN_FINITE_MECHS) {
      if (mech.startsWith('ecn1') && n !== 2) continue;
      for (const ql of ECN_FINITE_QLS) out.push(familyPreset(n, mech, ql));
    }
  return out;
}

/** Presets are parsed on first use of `.scenario` (parsing all ~170 at start-up would cost ~80 ms). */
function build(): Preset[] {
  return sources().map((src) => {
    const { json, ...meta } = src;
    let parsed: Scenario | undefined;
    return Object.defineProperty({ ...meta }, 'scenario', {
      enumerable: true,
      get(): Scenario {
        if (!parsed) {
          const r = parseScenario({ ...json, name: meta.name, description: meta.title });
          if (!r.ok) throw new Error(`preset ${meta.name} is invalid:\n  ${r.errors.join('\n  ')}`);
          parsed = r.scenario;
        }
        return parsed;
      },
    }) as Preset;
  });
}

export const PRESETS: readonly Preset[] = build();

const BY_NAME = new Map(PRESETS.map((p) => [p.name, p]));

export function presetByName(name: string): Preset | undefined {
  return BY_NAME.get(name);
}

/** A copy of a preset's scenario, safe to change. */
export function presetScenario(name: string): Scenario | undefined {
  const p = BY_NAME.get(name);
  return p ? cloneJson(p.scenario) : undefined;
}

/** The default scenario (a copy). */
export function defaultScenario(): Scenario {
  return presetScenario('default')!;
}
