import type { ParamSpecs, ParamValues } from '../core/params';

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
  delayedAckTimeout: { type: 'number', unit: 's', default: 0.1, min: 0.001, max: 0.5, label: 'Delayed-ACK timer', doc: 'Longest time a receiver holds back an ACK.', ref: 'RFC 5681 §4.2 (< 0.5 s); ns-2 default 0.1 s' },
  minRto: { type: 'number', unit: 's', default: 0.2, min: 0.001, max: 10, label: 'Min RTO', doc: 'Lower bound of the retransmission timeout.', ref: 'RFC 6298 §2.4 (1 s); ns-2 and Linux use 0.2 s' },
  maxRto: { type: 'number', unit: 's', default: 60, min: 0.1, max: 1000, label: 'Max RTO', doc: 'Upper bound of the retransmission timeout after backoff.', ref: 'RFC 6298 §2.5' },
  initialRto: { type: 'number', unit: 's', default: 1, min: 0.01, max: 60, label: 'Initial RTO', doc: 'Retransmission timeout before the first RTT sample.', ref: 'RFC 6298 §2.1' },
  tick: { type: 'number', unit: 's', default: 0.01, min: 0.000001, max: 1, label: 'Clock tick', doc: 'TCP clock granularity G used in the RTO (RTT samples are measured in ticks).', ref: 'RFC 6298 §2.3; seeds/001: 100 ms' },
  ecn: { type: 'boolean', default: false, label: 'ECN', doc: 'Endpoints negotiate ECN, send ECT(0) data and react to ECN-Echo once per window.', ref: 'RFC 3168 §6.1' },
  ecnPlus: { type: 'boolean', default: false, label: 'ECN+', doc: 'The SYN-ACK is sent ECN-capable, so an AQM can mark it instead of dropping it.', ref: 'seeds/003 (ECN+)' },
} as const satisfies ParamSpecs;

export type TcpParams = ParamValues<typeof TCP_PARAMS>;
