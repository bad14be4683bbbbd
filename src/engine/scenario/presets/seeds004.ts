import type { PresetSource } from './types';

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


/** seeds/004 lessons. */
export function seeds004Presets(): PresetSource[] {
  return [fengFig1Preset(32, 'aggressive'), fengFig1Preset(8, 'aggressive'), fengFig1Preset(32, 'conservative'), fengFig1Preset(8, 'conservative'), fengFig12Preset()];
}
