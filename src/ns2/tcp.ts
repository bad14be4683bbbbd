import type { TcpParams } from '../engine/tcp/params';
import { bool, Ns2ExportError, num } from './tcl';

/**
 * TCP endpoints as ns-2.35 one-way agents (tcp/tcp.cc, tcp-reno.cc, tcp-newreno.cc,
 * tcp-sack1.cc, tcp-sink.cc). Every knob whose default changed since the 2001-era ns-2
 * the papers used is set explicitly (windowInit_ 2 -> IW, useHeaders_ true -> per
 * headerBytes, singledup_ 1 -> limitedTransmit, tcpTick_ 0.01 -> tick, ...).
 */

export interface TcpExport {
  agentClass: string;
  sinkClass: string;
  /** Instance variables of the sender agent: [name, Tcl value]. */
  agent: [string, string][];
  /** Instance variables of the sink. */
  sink: [string, string][];
}

const AGENT: Record<string, string> = { tahoe: 'Agent/TCP', reno: 'Agent/TCP/Reno', newreno: 'Agent/TCP/Newreno', sack: 'Agent/TCP/Sack1' };

/** Notes that depend on the TCP parameters (listed once per distinct text). */
export function tcpNotes(p: TcpParams, path: string, note: (field: string, text: string) => void): void {
  // seeds/004's SUBTCP and modified increases were patches to the 1998 ns; ns-2.35 has neither
  if (p.subtcp) throw new Ns2ExportError(`${path}.subtcp`, 'SUBTCP (seeds/004 Fig. 11) cannot be exported: ns-2.35 TCP agents have no windows below one segment; use subtcp = false');
  if (p.increase !== 'linear') throw new Ns2ExportError(`${path}.increase`, `"${p.increase}" (seeds/004 Figs. 15-16) cannot be exported: ns-2.35 TCP agents only have the linear increase; use increase = "linear"`);
  if (p.cc === 'cubic') throw new Ns2ExportError(`${path}.cc`, 'CUBIC (RFC 9438) cannot be exported: ns-2.35\'s one-way TCP agents open the window as Reno does; use cc = "reno"');
  if (p.headerBytes > 0 && p.headerBytes !== p.ackBytes)
    note(`${path}.ackBytes`, `ns-2 sizes the SYN as tcpip_base_hdr_size_ (${p.headerBytes} bytes here, the data header) instead of ackBytes = ${p.ackBytes}; pure ACKs are ${p.ackBytes} bytes as asked`);
  if (p.variant === 'sack')
    note(`${path}.variant`, 'ns-2 Agent/TCP/Sack1 is the 1996 Fall-Floyd SACK recovery (pipe counted by dupacks, no RFC 6675 IsLost / rescue rules); the engine follows RFC 6675; the sink reports at most 3 SACK blocks (maxSackBlocks_ 3, hdr_tcp has room for 3), the engine 4');
  if (p.variant === 'newreno')
    note(`${path}.variant`, `ns-2 Agent/TCP/Newreno with newreno_changes1_ 1, partial_window_deflation_ 1 and exit_recovery_fix_ ${p.recoveryExit === 'flight' ? 1 : 0} (recoveryExit "${p.recoveryExit}") is RFC 6582's recovery with ns-2's window arithmetic (see windowCut, recoveryBurst, rttSampling)`);
  if ((p.variant === 'newreno' || p.variant === 'sack') && p.rttSampling !== 'ns2')
    note(`${path}.rttSampling`, 'ns-2 keeps timing a segment through retransmissions of others (only a fast retransmit or a timeout ends the timing), and a NewReno partial ACK covering it gives no sample (rttSampling "ns2"); "karn" ends the timing on any retransmission');
  if (p.variant === 'newreno' && p.recoveryBurst !== 2)
    note(`${path}.recoveryBurst`, `ns-2's Newreno sends at most 2 new packets per ACK during fast recovery (send_much with maxburst 2; recoveryBurst 2), where the engine sends ${p.recoveryBurst === 0 ? 'as many as the window allows' : `at most ${p.recoveryBurst}`}`);
  if (p.ecn && p.ecnSmallWindow !== 'ns2')
    note(`${path}.ecnSmallWindow`, 'ns-2 halves cwnd on ECE even below two segments, to under one, and sends nothing until the RTO or an ACK without ECE; a second ECE at cwnd ≤ 1 doubles its RTO (ecnSmallWindow "ns2"); the engine holds one RTO (RFC 3168)');
  // CWR on new data only: ns-2 calls a packet a retransmission only below maxseq_ and answers
  // the first ECE after a timeout; the engine does both with ecnSmallWindow "ns2" (docs/ns2.md,
  // point 10). With "hold" the ecnSmallWindow note above already says the runs part.
  if (p.ecn && !p.cwrOnRetransmit && p.ecnSmallWindow !== 'ns2')
    note(`${path}.cwrOnRetransmit`, 'written as SetCWRonRetransmit_ false; ns-2 then also sets CWR on a resend of the highest packet sent (a retransmission is a packet below maxseq_), which the engine does only with ecnSmallWindow "ns2" (seeds/004 Fig. 17, normal TCP, seed 1, before that rule: ns-2 dropped 21 % fewer packets and marked 29 % fewer); to compare the two simulators set tcp.ecnSmallWindow=ns2');
  if (p.ecnPlus)
    note(`${path}.ecnPlus`, 'ns-2 one-way TCP has no SYN-ACK: ecn_syn_ on the sink makes the ACK of the SYN ECN-capable, but the sender does not react to a CE mark on it (the engine starts with cwnd 1)');
  if (p.windowCut !== 'ns2')
    note(`${path}.windowCut`, `ns-2 always cuts the window as 4.4BSD does (tcp.cc slowdown(): ssthresh = floor(min(cwnd, rwnd) / 2), cwnd = min(cwnd, rwnd) / 2), i.e. windowCut "ns2"; "${p.windowCut}" takes half the flight size`);
  if (p.delayedAck && p.duplicateAck !== 'ns2')
    note(`${path}.duplicateAck`, 'ns-2\'s DelAckSink treats a duplicate of the last in-order segment as in order and may delay its ACK (duplicateAck "ns2"); the engine acknowledges every duplicate at once');
  if (p.delayedAck && p.delayedAckTimer !== 'per-segment')
    note(`${path}.delayedAckTimer`, "ns-2's DelAckSink starts its delayed-ACK timer per segment (delayedAckTimer \"per-segment\"); the engine's \"clock\" ticks at multiples of the timeout from t = 0");
  if (p.recoverRule !== 'strict')
    note(`${path}.recoverRule`, 'ns-2 allows a new fast retransmit only once the ACK passes the recovery point by a packet (highest_ack_ > recover_, recoverRule "strict"); "inclusive" allows it at the recovery point');
  if (p.rtoEstimator !== 'bsd-ticks')
    note(`${path}.rtoEstimator`, "ns-2 always uses 4.4BSD's tick-counting, fixed-point estimator (rtoEstimator \"bsd-ticks\"): each RTT is the number of clock ticks crossed, srtt and rttvar are kept as 8 srtt and 4 rttvar in whole ticks, RTO = floor(srtt + 4 rttvar) ticks, at least 2 ticks");
}

/** Agent and sink classes and settings for one set of TCP parameters. */
export function exportTcp(p: TcpParams): TcpExport {
  const sack = p.variant === 'sack';
  const sinkClass = (sack ? 'Agent/TCPSink/Sack1' : 'Agent/TCPSink') + (p.delayedAck ? '/DelAck' : '');
  const agent: [string, string][] = [
    ['packetSize_', num(p.mss)],
    // ns-2 puts packetSize_ (+ tcpip_base_hdr_size_ with useHeaders_) bytes on the wire
    ['useHeaders_', bool(p.headerBytes > 0)],
    ['tcpip_base_hdr_size_', num(p.headerBytes > 0 ? p.headerBytes : p.ackBytes)],
    ['window_', num(Math.max(1, Math.floor(p.rwnd / p.mss)))],
    ['maxcwnd_', '0'],
    ['windowInit_', num(p.initialCwnd)],
    ['windowInitOption_', '1'],
    ['syn_', 'true'],
    ['delay_growth_', 'true'],
    ['numdupacks_', num(p.dupackThreshold)],
    ['numdupacksFrac_', '-1'],
    ['tcpTick_', num(p.tick)],
    ['minrto_', num(p.minRto)],
    ['maxrto_', num(p.maxRto)],
    ['rtxcur_init_', num(p.initialRto)],
    ['srtt_init_', '0'],
    ['rttvar_init_', '12'],
    ['T_SRTT_BITS', '3'],
    ['T_RTTVAR_BITS', '2'],
    ['rttvar_exp_', '2'],
    ['rfc2988_', 'true'],
    ['timerfix_', 'true'],
    ['timestamps_', 'false'],
    ['ts_resetRTO_', 'false'],
    ['ecn_', p.ecn ? '1' : '0'],
    ['old_ecn_', '0'],
    ['SetCWRonRetransmit_', bool(p.cwrOnRetransmit)],
    // limited transmit (RFC 3042): new data on the first two dupacks
    ['singledup_', p.limitedTransmit ? '1' : '0'],
    ['LimTransmitFix_', 'false'],
    ['bugFix_', 'true'],
    ['bugfix_ss_', '1'],
    ['precisionReduce_', 'true'],
    ['exitFastRetrans_', 'true'],
    ['noFastRetrans_', 'false'],
    ['maxburst_', '0'],
    ['aggressive_maxburst_', '1'],
    ['overhead_', '0'],
    ['windowOption_', '1'],
    ['increase_num_', '1.0'],
    ['decrease_num_', '0.5'],
    ['max_ssthresh_', '0'],
    ['slow_start_restart_', 'true'],
    ['restart_bugfix_', 'true'],
    ['frto_enabled_', '0'],
    ['sfrto_enabled_', '0'],
    ['QOption_', '0'],
    ['EnblRTTCtr_', '0'],
    ['control_increase_', '0'],
    ['qs_enabled_', 'false'],
    ['eln_', '0'],
  ];
  // RFC 6582's NewReno: no ssthresh from the first ACKs' spacing (newreno_changes_ 0), the
  // timer restarted by the first partial ACK only (newreno_changes1_), deflation by the data
  // acknowledged (partial_window_deflation_), and the exit window of tcp.recoveryExit
  if (p.variant === 'newreno') agent.push(['newreno_changes_', '0'], ['newreno_changes1_', '1'], ['partial_window_deflation_', '1'], ['exit_recovery_fix_', p.recoveryExit === 'flight' ? '1' : '0']);
  const sink: [string, string][] = [
    ['packetSize_', num(p.ackBytes)],
    ['RFC2581_immediate_ack_', 'true'],
    ['SYN_immediate_ack_', 'true'],
    ['ts_echo_bugfix_', 'true'],
    ['ts_echo_rfc1323_', 'false'],
    ['ecn_syn_', bool(p.ecnPlus)],
    ['qs_enabled_', 'false'],
  ];
  if (sack) sink.push(['generateDSacks_', 'false'], ['maxSackBlocks_', '3']);
  if (p.delayedAck) sink.push(['interval_', num(p.delayedAckTimeout)]);
  return { agentClass: AGENT[p.variant] ?? 'Agent/TCP/Reno', sinkClass, agent, sink };
}
