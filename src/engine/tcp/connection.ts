import type { FlowEventSink, Net } from '../net/agent';
import type { TcpParams } from './params';
import { TcpReceiver } from './receiver';
import { tcpVariant } from './registry';
import { TcpSender } from './sender';

export interface TcpConnectionConfig {
  flow: number;
  /** Node of the data sender and of the receiver (sink). */
  srcNode: number;
  dstNode: number;
  params: TcpParams;
  /** Parameters of the receiving end if they differ (e.g. an end without ECN); default `params`. */
  receiverParams?: TcpParams;
  /** Payload bytes to transfer; null = unlimited. */
  bytes: number | null;
  /** Who sends the SYN. 'sender' (default): the data source opens, as ns-2 FTP agents. 'receiver': the sink opens and the sender answers with the SYN-ACK, as a web client fetching from a server (the SYN-ACK then travels with the data, which is what ECN+ is about, seeds/003). */
  opener?: 'sender' | 'receiver';
  /** Close with FIN once all data written so far is acknowledged (default: the `fin` parameter). */
  autoClose?: boolean;
  /** Called each time every written byte has been acknowledged (ns). */
  onComplete?(now: number): void;
  /** Overrides net.flowEvents for this connection. */
  flowEvents?: FlowEventSink | null;
}

export interface TcpConnection {
  sender: TcpSender;
  receiver: TcpReceiver;
}

/**
 * Builds both ends of a TCP connection. The caller adds both agents to the simulator
 * (which assigns their ids) and then calls `sender.start(now)`.
 */
export function createTcpConnection(net: Net, cfg: TcpConnectionConfig): TcpConnection {
  const variant = tcpVariant(cfg.params.variant);
  const rparams = cfg.receiverParams ?? cfg.params;
  const sender = new TcpSender(net, {
    flow: cfg.flow,
    node: cfg.srcNode,
    params: cfg.params,
    recovery: variant.create({}, { tcp: cfg.params }),
    bytes: cfg.bytes === null ? Infinity : cfg.bytes,
    opener: cfg.opener ?? 'sender',
    autoClose: cfg.autoClose ?? cfg.params.fin,
    onComplete: cfg.onComplete,
    flowEvents: cfg.flowEvents,
  });
  const receiver = new TcpReceiver(net, {
    flow: cfg.flow,
    node: cfg.dstNode,
    params: rparams,
    sack: variant.sack && tcpVariant(rparams.variant).sack,
    flowEvents: cfg.flowEvents,
  });
  sender.peer = receiver;
  receiver.peer = sender;
  return { sender, receiver };
}
