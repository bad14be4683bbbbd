import type { ParamSpecs, ParamValues } from '../core/params';
import { SUBTCP_PARAMS } from './subtcp';
import { CUBIC_PARAMS } from './cubic';

/**
 * TCP endpoint parameters (scenario `tcp.*`), declared once. Defaults are realistic
 * (40-byte headers); the ns-2-compatible presets override headerBytes = 0 etc.
 */
export const TCP_PARAMS = {
  variant: {
    type: 'enum',
    values: ['tahoe', 'reno', 'newreno', 'sack'],
    valueDocs: {
      tahoe: 'fast retransmit, then slow start from cwnd = 1 (no fast recovery)',
      reno: 'fast retransmit and fast recovery; leaves recovery on the first new ACK (RFC 5681)',
      newreno: 'stays in fast recovery until all data outstanding at the loss is acked (RFC 6582)',
      sack: 'selective acknowledgements (RFC 2018) with scoreboard and pipe (RFC 6675)',
    },
    default: 'newreno',
    label: 'TCP variant',
    doc: 'Loss-recovery algorithm of every TCP sender.',
    ref: 'RFC 5681, RFC 6582, RFC 6675; seeds/000 §2.1',
  },
  mss: { type: 'number', unit: 'bytes', default: 1460, min: 1, max: 65495, integer: true, label: 'MSS', doc: 'Payload bytes per full-sized segment.', ref: 'seeds/001: 1460' },
  headerBytes: {
    type: 'number',
    unit: 'bytes',
    default: 40,
    min: 0,
    max: 120,
    integer: true,
    label: 'Header bytes',
    doc: 'TCP/IP header bytes added to each data segment on the wire; 0 reproduces ns-2 one-way agents.',
    ref: 'DESIGN §6',
  },
  ackBytes: { type: 'number', unit: 'bytes', default: 40, min: 1, max: 200, integer: true, label: 'ACK size', doc: 'Bytes on the wire of a pure ACK, SYN, SYN-ACK or FIN (ns-2 uses 40).' },
  initialCwnd: { type: 'number', unit: 'segments', default: 1, min: 1, max: 100, integer: true, label: 'Initial window', doc: 'Congestion window at the start of a connection, in segments.', ref: 'RFC 5681 §3.1' },
  rwnd: {
    type: 'number',
    unit: 'bytes',
    default: 65536,
    min: 1,
    max: 1e9,
    integer: true,
    label: 'Receive window',
    doc: "Receiver's advertised window; the sender never has more than floor(rwnd / MSS) segments outstanding.",
    ref: 'seeds/001: 64 KB (44 segments)',
  },
  dupackThreshold: { type: 'number', unit: 'count', default: 3, min: 1, max: 100, integer: true, label: 'Dupack threshold', doc: 'Duplicate ACKs that trigger fast retransmit.', ref: 'RFC 5681 §3.2' },
  delayedAck: { type: 'boolean', default: true, label: 'Delayed ACK', doc: 'Receiver acknowledges every second full segment, or when the delayed-ACK timer fires.', ref: 'RFC 5681 §4.2' },
  delayedAckTimeout: { type: 'number', unit: 's', default: 0.1, min: 0.001, max: 0.5, label: 'Delayed-ACK timeout', doc: 'Longest time a receiver holds back an ACK.', ref: 'RFC 5681 §4.2 (< 0.5 s); ns-2 default 0.1 s' },
  delayedAckTimer: {
    type: 'enum',
    values: ['per-segment', 'clock'],
    valueDocs: {
      'per-segment': 'a held-back ACK goes out delayedAckTimeout after the segment that started the wait (ns-2 DelAckSink, Linux)',
      clock: 'a held-back ACK goes out at the next tick of a clock ticking every delayedAckTimeout from t = 0, so it waits between 0 and delayedAckTimeout, half of it on average (4.4BSD fast timer; ns-2 FullTcp delack_timer_, tcp-full.cc)',
    },
    default: 'per-segment',
    label: 'Delayed-ACK timing',
    doc: 'When a delayed ACK that no second segment released is sent.',
    ref: 'RFC 5681 §4.2; 4.4BSD tcp_fasttimo; ns-2 tcp-full.cc',
  },
  minRto: { type: 'number', unit: 's', default: 0.2, min: 0.001, max: 10, label: 'Min RTO', doc: 'Lower bound of the retransmission timeout.', ref: 'RFC 6298 §2.4 (1 s); ns-2 and Linux use 0.2 s' },
  maxRto: { type: 'number', unit: 's', default: 60, min: 0.1, max: 1000, label: 'Max RTO', doc: 'Upper bound of the retransmission timeout after backoff.', ref: 'RFC 6298 §2.5' },
  initialRto: { type: 'number', unit: 's', default: 1, min: 0.01, max: 60, label: 'Initial RTO', doc: 'Retransmission timeout before the first RTT sample.', ref: 'RFC 6298 §2.1' },
  tick: { type: 'number', unit: 's', default: 0.01, min: 0.000001, max: 1, label: 'Clock tick', doc: 'TCP clock granularity G used in the RTO (RTT samples are measured in ticks).', ref: 'RFC 6298 §2.3; seeds/001: 100 ms' },
  fin: {
    type: 'boolean',
    default: true,
    label: 'Close with FIN',
    doc: "After the last byte is acknowledged the sender closes with a FIN/ACK exchange; off, the connection just stops, as ns-2's one-way agents do (their FIN is not modelled).",
    ref: 'RFC 793 §3.5; ns-2 one-way TCP (no FIN)',
  },
  limitedTransmit: {
    type: 'boolean',
    default: false,
    label: 'Limited transmit',
    doc: 'On the first and second duplicate ACK send one new segment, if the receiver window allows and at most cwnd + dupacks segments would be outstanding; helps small windows reach three dupacks instead of a timeout.',
    ref: 'RFC 3042; ns-2 singledup_ (tcp.cc send_one, on by default since 2001)',
  },
  duplicateAck: {
    type: 'enum',
    values: ['immediate', 'ns2'],
    valueDocs: {
      immediate: 'every duplicate segment is acknowledged at once',
      ns2: "as ns-2's DelAckSink: a duplicate of the last in-order segment, with nothing out of order buffered, counts as an in-order arrival, so with delayed ACKs its ACK may wait (tcp-sink.cc DelAckSink::recv); other duplicates are acknowledged at once",
    },
    default: 'immediate',
    label: 'Duplicate-segment ACK',
    doc: 'When the receiver acknowledges a segment it already has (after a go-back-N retransmission, for example).',
    ref: 'RFC 5681 §4.2; ns-2 tcp-sink.cc',
  },
  recoverRule: {
    type: 'enum',
    values: ['inclusive', 'strict'],
    valueDocs: {
      inclusive: 'a new fast retransmit is allowed once the cumulative ACK reaches recover = snd.max at the last loss response',
      strict: "the ACK must pass recover by a segment (ns-2: highest_ack_ > recover_ in packet numbers, tcp.cc dupack_action; except when nothing but the SYN is acknowledged, bugfix_ss_), so duplicate ACKs for exactly the recovery point, e.g. from segments resent by go-back-N, never trigger one",
    },
    default: 'inclusive',
    label: 'Recovery point test',
    doc: "When duplicate ACKs may start a new fast retransmit after a loss response (RFC 6582 §3.2 step 1, 'covers more than recover').",
    ref: 'RFC 6582 §3.2, §4.1; ns-2 tcp.cc / tcp-reno.cc bugFix_',
  },
  windowCut: {
    type: 'enum',
    values: ['rfc5681', 'ns2'],
    valueDocs: {
      rfc5681: 'ssthresh = max(FlightSize / 2, 2) on a loss or ECN signal; fast recovery inflates from ssthresh and deflates to it (RFC 5681 §3.1-3.2)',
      ns2: "4.4BSD / ns-2 slowdown(): W = min(cwnd without the recovery inflation, rwnd), ssthresh = max(floor(W / 2), 2) whole segments, cwnd = W / 2 after a fast retransmit or ECN cut; Reno's recovery deflates back to W / 2 and its exit ACK also opens cwnd (tcp.cc slowdown, tcp-reno.cc)",
    },
    default: 'rfc5681',
    label: 'Window cut',
    doc: 'How ssthresh and cwnd are computed when the sender reacts to a loss or an ECN mark.',
    ref: 'RFC 5681 eq. 4; ns-2 tcp.cc slowdown() with precisionReduce_',
  },
  recoveryExit: {
    type: 'enum',
    values: ['flight', 'ssthresh'],
    valueDocs: {
      flight: 'cwnd = min(ssthresh, max(FlightSize, 1) + 1) segments: no burst after a recovery that left little outstanding (RFC 6582 §3.2 step 3 option 1; ns-2 exit_recovery_fix_ 1)',
      ssthresh: "cwnd = ssthresh, the window recovery started from (windowCut \"ns2\": the halved window, less what partial ACKs deflated below it), however little is outstanding, so a burst may follow (RFC 6582 §3.2 step 3 option 2; ns-2 Agent/TCP/Newreno's default, exit_recovery_fix_ 0)",
    },
    default: 'flight',
    label: 'NewReno recovery exit',
    doc: 'The congestion window NewReno leaves fast recovery with, on the ACK that covers the recovery point. Under windowCut "ns2" that ACK also opens cwnd, as ns-2 does.',
    ref: 'RFC 6582 §3.2 step 3; ns-2 tcp-newreno.cc exit_recovery_fix_',
  },
  recoveryBurst: {
    type: 'number',
    unit: 'segments',
    default: 0,
    min: 0,
    max: 100,
    integer: true,
    label: 'NewReno recovery burst',
    doc: 'At most this many new segments are sent per ACK while NewReno is in fast recovery (the retransmission a partial ACK triggers not counted); 0 = as many as the window allows.',
    ref: 'RFC 6582 (no limit); ns-2 tcp-newreno.cc: send_much(0, 0, 2) while dupacks_ >= numdupacks_',
  },
  rttSampling: {
    type: 'enum',
    values: ['karn', 'ns2'],
    valueDocs: {
      karn: 'the timed segment is abandoned whenever any segment is retransmitted (a conservative Karn rule, as FreeBSD on NewReno partial ACKs)',
      ns2: "as ns-2's agents: a fast retransmit or timeout abandons the timing, other retransmissions (NewReno's partial ACKs) do not unless they resend the timed segment; a NewReno partial ACK covering the timed segment ends the timing without a sample (tcp-newreno.cc partialnewack)",
    },
    default: 'karn',
    label: 'RTT sampling',
    doc: 'Which ACKs give an RTT sample: one segment per RTT is timed, and retransmissions make samples ambiguous.',
    ref: "RFC 6298 §3 (Karn's algorithm); ns-2 tcp.cc output / reset_rtx_timer, tcp-newreno.cc",
  },
  rtoEstimator: {
    type: 'enum',
    values: ['rfc6298', 'bsd-ticks'],
    valueDocs: {
      rfc6298: 'RTT samples rounded to whole ticks, RFC 6298 filter in floating point, RTO = srtt + max(tick, 4 rttvar)',
      'bsd-ticks': 'RTT samples count the ticks of a coarse clock (ticking at multiples of the tick from t = 0), 8 srtt and 4 rttvar kept in whole ticks, RTO = floor(srtt + 4 rttvar) ticks and at least 2 ticks, srtt restarted after 4 backoffs (4.4BSD; ns-2 tcp.cc rtt_update)',
    },
    default: 'rfc6298',
    label: 'RTO estimator',
    doc: 'How the retransmission timeout is computed from RTT samples.',
    ref: 'RFC 6298; ns-2 tcp.cc rtt_update / rtt_timeout / rtt_backoff',
  },
  ecnSmallWindow: {
    type: 'enum',
    values: ['hold', 'ns2'],
    valueDocs: {
      hold: 'ECE below two segments: cwnd 1 and the next segment only after one RTO, whatever ACKs arrive meanwhile (RFC 3168 §6.1.2)',
      ns2: "as ns-2's agents: cwnd is halved anyway, to under one segment, so nothing is sent until the RTO or until an ACK without ECE opens cwnd (slow start: +1); a second ECE at cwnd ≤ 1 before such an ACK doubles the RTO; the first ECE after a timeout gets a response even when it acknowledges only data sent before the timeout (at cwnd 1: halved to 0.5, a stall until the next RTO); and with cwrOnRetransmit off, a resend of the highest segment sent counts as new data and carries CWR (ns-2 calls only packets below maxseq_ retransmissions)",
    },
    default: 'hold',
    label: 'ECN response below two segments',
    doc: 'What an ECN-Echo does when the window cannot be halved to a whole segment.',
    ref: 'RFC 3168 §6.1.2; ns-2 tcp.cc ecn() (ecn_backoff_, rtt_backoff, last_cwnd_action_ == CWND_ACTION_TIMEOUT), slowdown() and output() (is_retransmit = seqno < maxseq_)',
  },
  cwrOnRetransmit: {
    type: 'boolean',
    default: false,
    label: 'CWR on retransmissions',
    doc: "After a window reduction the sender sets CWR on the next data packet even if it is a retransmission, so the receiver stops echoing ECE at once; off, only a new data packet carries it (after a timeout the ACKs of go-back-N retransmissions then keep ECE, and cwnd does not grow on them; with ecnSmallWindow \"ns2\" a resend of the highest segment sent counts as new, as in ns-2).",
    ref: 'RFC 3168 §6.1.2 (first new data packet); ns-2 SetCWRonRetransmit_ (tcp.cc output, default true)',
  },
  ecn: { type: 'boolean', default: false, label: 'ECN', doc: 'Endpoints negotiate ECN, send ECT(0) data and react to ECN-Echo once per window.', ref: 'RFC 3168 §6.1' },
  ecnPlus: { type: 'boolean', default: false, label: 'ECN+', doc: 'The SYN-ACK is sent ECN-capable, so an AQM can mark it instead of dropping it.', ref: 'seeds/003 (ECN+); RFC 5562' },
  ecnPlusSynAck: {
    type: 'enum',
    values: ['rfc5562', 'ns2'],
    valueDocs: {
      rfc5562:
        "only the first SYN-ACK is ECN-capable: one sent again (after its timeout, or answering a repeated SYN) is Not-ECT (RFC 5562 §3.1); a CE-marked SYN-ACK is reported by an ACK with ECN-Echo that does not complete the handshake: the client waits in SYN_SENT, the server sends a Not-ECT SYN-ACK at once and starts with one segment once that one is acknowledged (§3.2; the client's wait as ns-2's ecn_syn_wait_ 2)",
      ns2: "as ns-2's FullTcp with ecn_syn_ true and its default ecn_syn_wait_ 0 (the ECN+ of seeds/003, before RFC 5562): every SYN-ACK is ECN-capable, retransmissions included, and an ACK with ECN-Echo completes the handshake with an initial window of one segment",
    },
    default: 'rfc5562',
    label: 'ECN+ SYN-ACK rules',
    doc: 'With ecnPlus: which SYN-ACKs are ECN-capable, and what the server does when its SYN-ACK is reported CE-marked.',
    ref: 'RFC 5562 §3.1, §3.2; ns-2 tcp-full.cc (ecn_syn_, ecn_syn_next_, ecn_syn_wait_)',
  },
  // seeds/004 §4: SUBTCP and the modified increases (src/engine/tcp/subtcp.ts)
  ...CUBIC_PARAMS,
  ...SUBTCP_PARAMS,
} as const satisfies ParamSpecs;

export type TcpParams = ParamValues<typeof TCP_PARAMS>;
