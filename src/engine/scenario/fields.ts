import { MIN_RATE, type EnumParam, type NumberParam, type ParamSpecs } from '../core/params';
import { FRAMINGS } from '../net/link';

/**
 * Declarations of the scenario's own fields (topology, traffic, run control), in the same
 * ParamSpec form as the plug-ins' parameters, so the schema, its error messages, the URL
 * codec, the CLI's --set and the docs treat every leaf alike. The plug-in parameters
 * themselves live with the plug-ins: TCP_PARAMS (src/engine/tcp/params.ts) and each AQM
 * descriptor's `params` (src/engine/aqm/registry.ts).
 *
 * A field listed in an `*_OPTIONAL` list may be omitted; omitting it has a meaning of its
 * own (e.g. bytes omitted = unlimited) and no default is filled in. Its `default` is only
 * the value a UI control starts from.
 */

/** Top-level run control (`seed`, `duration`). */
export const RUN_FIELDS = {
  seed: {
    type: 'number',
    unit: '',
    default: 1,
    min: 0,
    max: 4294967295,
    integer: true,
    label: 'Seed',
    doc: 'Seed of every random stream; the same scenario and seed give identical results.',
  },
  duration: {
    type: 'number',
    unit: 's',
    default: 60,
    min: 0,
    exclusiveMin: true,
    max: 1e6,
    label: 'Duration',
    doc: 'Simulated time at which the run stops. Optional when all traffic is finite: the run then ends when the last flow finishes.',
  },
  warmup: {
    type: 'number',
    unit: 's',
    default: 0,
    min: 0,
    max: 1e6,
    label: 'Warm-up',
    doc: 'Summary statistics (utilization, mean queue, drops, marks, per-flow counts and goodput, AQM means, web response times) count only what happens after this time; the first seconds of slow start are left out.',
    ref: 'seeds/000 §5.4 (120 s warm-up)',
  },
  stopAfterExchanges: {
    type: 'number',
    unit: 'count',
    default: 250000,
    min: 1,
    max: 1e8,
    integer: true,
    label: 'Stop after exchanges',
    doc: 'Web traffic: the run ends when this many request/response exchanges started after the warm-up have completed (or at duration, whichever comes first).',
    ref: 'seeds/000 §5.4 (250,000 after a 120 s warm-up)',
  },
} as const satisfies ParamSpecs;
export const RUN_OPTIONAL = ['duration', 'stopAfterExchanges'] as const;

/** A link (the dumbbell's bottleneck, or a link of a general topology). Duplex: each direction has its own queue. */
export const LINK_FIELDS = {
  rate: { type: 'number', unit: 'bps', default: 10e6, min: MIN_RATE, max: 1e12, label: 'Rate', doc: 'Transmission rate of each direction (at least 1 kb/s).' },
  delay: { type: 'number', unit: 's', default: 0.02, min: 0, max: 10, label: 'Delay', doc: 'One-way propagation delay.' },
  loss: {
    type: 'number',
    unit: 'probability',
    default: 0,
    min: 0,
    max: 1,
    label: 'Random loss',
    doc: 'Probability that the error model loses a packet on the wire (each direction, each packet).',
    ref: 'Mathis et al. square-root law lessons',
  },
  framing: {
    type: 'enum',
    values: Object.keys(FRAMINGS),
    valueDocs: {
      none: 'a packet takes its IP size x 8 / rate on the wire (as in ns-2)',
      ethernet: 'IEEE 802.3: each packet also carries 38 bytes (preamble and start delimiter 8, MAC header and FCS 18, inter-frame gap 12) and is padded to a 46-byte payload (the 64-byte minimum frame), so a 1500-byte packet takes 1538 bytes of wire time and a 40-byte one 84; throughput and utilization stay in IP bytes, so a saturated link shows 1500/1538 = 97.5 % (1500-byte packets) or 40/84 = 47.6 % (40-byte packets)',
    },
    default: 'none',
    label: 'Framing',
    doc: 'Per-packet link-layer framing that takes wire time on each direction but is not counted as throughput.',
    ref: 'IEEE 802.3 §3.1.1, §4.4.2 (frame format, minFrameSize, interFrameGap); seeds/002 testbed (Fast Ethernet)',
  },
} as const satisfies ParamSpecs;

/** One side of the dumbbell: its hosts and their access links. */
export const SIDE_FIELDS = {
  hosts: { type: 'number', unit: '', default: 1, min: 1, max: 10000, integer: true, label: 'Hosts', doc: 'Number of hosts on this side, each with its own access link to the router.' },
  rate: { type: 'number', unit: 'bps', default: 100e6, min: MIN_RATE, max: 1e12, label: 'Access rate', doc: 'Rate of each access link (at least 1 kb/s).' },
  delay: { type: 'number', unit: 's', default: 0.001, min: 0, max: 10, label: 'Access delay', doc: 'One-way propagation delay of each access link.' },
} as const satisfies ParamSpecs;

/** Per-flow extra one-way delay (ns-2 DelayBox, seeds/000 §4): one field set per distribution kind. */
export const FLOW_DELAY_KIND: EnumParam = {
  type: 'enum',
  values: ['constant', 'uniform', 'empirical', 'packmime', 'list'],
  valueDocs: {
    constant: 'every flow gets `value` seconds',
    uniform: 'each flow draws uniformly from [min, max] seconds',
    empirical: 'each flow draws from a CDF table `points` = [[delay s, cumulative probability], ...]',
    packmime: "ns-2.35's DelayBox model for PackMime: a client-side plus a server-side round-trip draw (median 67 ms, mean 108 ms), half of it each way",
    list: 'fixed groups: the long-lived flows take the delays of `values` in turn (flow i gets values[i mod n], whatever the seed); a web connection draws one of them, each equally likely',
  },
  default: 'constant',
  label: 'Per-flow delay',
  doc: 'Distribution of the extra one-way delay each flow gets on its host access links (gives each flow its own RTT).',
  ref: 'seeds/000 §5.1 (DelayBox); seeds/002 (uniform 10-150 ms RTTs)',
};
/** One entry of a flowDelay `list`. */
export const FLOW_DELAY_VALUE = { type: 'number', unit: 's', default: 0.005, min: 0, max: 10, label: 'Delay', doc: 'Extra one-way delay of the flows given this entry.' } as const satisfies NumberParam;
export const FLOW_DELAY_FIELDS = {
  constant: {
    value: { type: 'number', unit: 's', default: 0.01, min: 0, max: 10, label: 'Delay', doc: 'Extra one-way delay of every flow.' },
  },
  uniform: {
    min: { type: 'number', unit: 's', default: 0.005, min: 0, max: 10, label: 'Min delay', doc: 'Smallest extra one-way delay.' },
    max: { type: 'number', unit: 's', default: 0.075, min: 0, max: 10, label: 'Max delay', doc: 'Largest extra one-way delay.' },
  },
  empirical: {},
  packmime: {},
  list: {},
} as const satisfies Record<string, ParamSpecs>;

/** Which side a dumbbell traffic item sends from. */
export const FROM_SPEC: EnumParam = {
  type: 'enum',
  values: ['left', 'right'],
  default: 'left',
  label: 'From',
  doc: 'Dumbbell side of the senders; data crosses the bottleneck towards the other side.',
};
