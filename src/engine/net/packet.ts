/**
 * Packets live in a pool of parallel typed arrays (struct of arrays); a packet is an
 * integer index. `alloc` takes an index from a free list, `free` returns it, so the hot
 * path allocates nothing per packet. The pool grows by doubling when exhausted.
 */

/** TCP/IP header flag bits in `flags`. */
export const F_SYN = 1;
export const F_ACK = 2;
export const F_FIN = 4;
/** ECN-Echo (receiver -> sender), RFC 3168 §6.1. */
export const F_ECE = 8;
/** Congestion Window Reduced (sender -> receiver), RFC 3168 §6.1. */
export const F_CWR = 16;
/** The packet carries a UDP datagram (no TCP semantics). */
export const F_UDP = 32;

/** IP ECN codepoints (RFC 3168 §5). */
export const ECN_NOT_ECT = 0;
export const ECN_ECT1 = 1;
export const ECN_ECT0 = 2;
export const ECN_CE = 3;

/** What a packet is, in TCP terms, for traces and the inspector. */
export type PacketKind = 'data' | 'SYN' | 'SYN-ACK' | 'FIN' | 'ACK' | 'UDP';

/**
 * The kinds as small integers, for counting (summary.bottleneck.byKind): the index of the
 * kind in KIND_KEYS. Same classification as packetKind.
 */
export const KIND_DATA = 0;
export const KIND_ACK = 1;
export const KIND_SYN = 2;
export const KIND_SYNACK = 3;
export const KIND_FIN = 4;
export const KIND_UDP = 5;
/** The summary's names of the kinds, by KIND_* index. */
export const KIND_KEYS = ['data', 'ack', 'syn', 'synack', 'fin', 'udp'] as const;
export type KindKey = (typeof KIND_KEYS)[number];

/** The kind of a packet from its flags and payload as its KIND_* index (a FIN is never carried on data here). */
export function packetKindIndex(flags: number, payload: number): number {
  if ((flags & F_UDP) !== 0) return KIND_UDP;
  if ((flags & F_SYN) !== 0) return (flags & F_ACK) !== 0 ? KIND_SYNACK : KIND_SYN;
  if (payload > 0) return KIND_DATA;
  return (flags & F_FIN) !== 0 ? KIND_FIN : KIND_ACK;
}

/** The trace's and inspector's names of the kinds, by KIND_* index. */
const KIND_NAMES: readonly PacketKind[] = ['data', 'ACK', 'SYN', 'SYN-ACK', 'FIN', 'UDP'];

/** The kind of a packet from its flags and payload, by name. */
export function packetKind(flags: number, payload: number): PacketKind {
  return KIND_NAMES[packetKindIndex(flags, payload)];
}

/** Maximum SACK blocks carried in one ACK (RFC 2018: 3 with timestamps, 4 without). */
export const MAX_SACK_BLOCKS = 4;

export class PacketPool {
  capacity: number;
  /** Flow index (0..), or -1 for packets that belong to no flow. */
  flow!: Int32Array;
  /** Bytes on the wire (payload + headers). */
  size!: Int32Array;
  /** Application payload bytes carried. */
  payload!: Int32Array;
  /** TCP sequence number of the first payload byte (bytes), or UDP sequence. */
  seq!: Float64Array;
  /** Cumulative ACK number (next byte expected) for ACKs. */
  ack!: Float64Array;
  /** Bit set of F_* flags. */
  flags!: Uint8Array;
  /** ECN codepoint ECN_*. */
  ecn!: Uint8Array;
  /** Node the packet is addressed to. */
  dst!: Int32Array;
  /** Agent (endpoint) at `dst` that receives it. */
  agent!: Int32Array;
  /** Node the packet is travelling to on its current hop. */
  at!: Int32Array;
  /** Time the packet was sent by its source (ns). */
  sentAt!: Float64Array;
  /** Timestamp echo: the `sentAt` of the data packet this ACK answers (ns), -1 if none. */
  echo!: Float64Array;
  /** Time the packet entered its current queue (ns), for queueing delay. */
  enqAt!: Float64Array;
  /** Unique id, increasing in allocation order (for traces). */
  uid!: Float64Array;
  /** Number of valid SACK blocks. */
  sackCount!: Uint8Array;
  /** SACK blocks, MAX_SACK_BLOCKS pairs [start, end) per packet. */
  sack!: Float64Array;

  private freeList: Int32Array;
  private freeTop = 0;
  private nextUid = 0;
  /** Packets currently allocated (for leak checks). */
  live = 0;

  constructor(capacity = 4096) {
    this.capacity = 0;
    this.freeList = new Int32Array(0);
    this.resize(capacity);
  }

  alloc(): number {
    if (this.freeTop === 0) this.resize(this.capacity * 2);
    const p = this.freeList[--this.freeTop];
    this.flow[p] = -1;
    this.size[p] = 0;
    this.payload[p] = 0;
    this.seq[p] = 0;
    this.ack[p] = 0;
    this.flags[p] = 0;
    this.ecn[p] = ECN_NOT_ECT;
    this.dst[p] = -1;
    this.agent[p] = -1;
    this.at[p] = -1;
    this.sentAt[p] = 0;
    this.echo[p] = -1;
    this.enqAt[p] = 0;
    this.sackCount[p] = 0;
    this.uid[p] = this.nextUid++;
    this.live++;
    return p;
  }

  free(p: number): void {
    this.freeList[this.freeTop++] = p;
    this.live--;
  }

  private resize(cap: number): void {
    const old = this.capacity;
    const grow = <T extends Int32Array | Float64Array | Uint8Array>(a: T | undefined, ctor: new (n: number) => T, per = 1): T => {
      const b = new ctor(cap * per);
      if (a) b.set(a);
      return b;
    };
    this.flow = grow(this.flow, Int32Array);
    this.size = grow(this.size, Int32Array);
    this.payload = grow(this.payload, Int32Array);
    this.seq = grow(this.seq, Float64Array);
    this.ack = grow(this.ack, Float64Array);
    this.flags = grow(this.flags, Uint8Array);
    this.ecn = grow(this.ecn, Uint8Array);
    this.dst = grow(this.dst, Int32Array);
    this.agent = grow(this.agent, Int32Array);
    this.at = grow(this.at, Int32Array);
    this.sentAt = grow(this.sentAt, Float64Array);
    this.echo = grow(this.echo, Float64Array);
    this.enqAt = grow(this.enqAt, Float64Array);
    this.uid = grow(this.uid, Float64Array);
    this.sackCount = grow(this.sackCount, Uint8Array);
    this.sack = grow(this.sack, Float64Array, 2 * MAX_SACK_BLOCKS);
    const fl = new Int32Array(cap);
    fl.set(this.freeList.subarray(0, this.freeTop));
    // new indices old..cap-1 go on the free list, lowest index handed out first
    for (let i = cap - 1; i >= old; i--) fl[this.freeTop++] = i;
    this.freeList = fl;
    this.capacity = cap;
  }

  /** Copies the header fields of `src` into `dst` (not uid). Used by tests and tracing. */
  describe(p: number): PacketView {
    const blocks: [number, number][] = [];
    for (let i = 0; i < this.sackCount[p]; i++) blocks.push([this.sack[p * 2 * MAX_SACK_BLOCKS + 2 * i], this.sack[p * 2 * MAX_SACK_BLOCKS + 2 * i + 1]]);
    return {
      uid: this.uid[p],
      flow: this.flow[p],
      size: this.size[p],
      payload: this.payload[p],
      seq: this.seq[p],
      ack: this.ack[p],
      flags: this.flags[p],
      ecn: this.ecn[p],
      sack: blocks,
    };
  }
}

/** A plain-object copy of a packet's header, for traces and tests (never on the hot path). */
export interface PacketView {
  uid: number;
  flow: number;
  size: number;
  payload: number;
  seq: number;
  ack: number;
  flags: number;
  ecn: number;
  sack: [number, number][];
}
