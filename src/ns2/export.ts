import { ACCESS_QUEUE } from '../engine/net/topology';
import type { LoadCalibration } from '../engine/metrics/types';
import type { FlowDelay, GeneralTopology, QueueConfig, Scenario } from '../engine/scenario/schema';
import { flowDelays, MAX_OPEN_DURATION } from '../engine/sim-run';
import type { TcpParams } from '../engine/tcp/params';
import { exportQueue } from './aqm';
import { RUNTIME_TCL } from './runtime';
import { exportTcp, tcpNotes } from './tcp';
import { num, Ns2ExportError, type Ns2Note } from './tcl';
import { exportTraffic, type TrafficExportContext, type WebTrafExport } from './traffic';
import { pagesToCover, ranvarTcl, WEBTRAF_TCL } from './webtraf';

export { Ns2ExportError, type Ns2Note } from './tcl';

/**
 * Export of a scenario as an ns-2.35 Tcl script (issue 10). The script builds the same
 * topology, queues, TCP agents and traffic, runs to the same end, and prints one JSON
 * line whose field names are those of the engine's Summary, so `npm run validate` can
 * compare the two field by field. Every scenario field without an exact ns-2 equivalent
 * is listed, with what the script does instead, in a comment block at the top (and in
 * `notes`). Scenarios that ns-2.35 cannot express raise Ns2ExportError naming the field.
 *
 * Per-kind parts live in their own tables: queues in aqm.ts, traffic in traffic.ts, TCP
 * agents in tcp.ts; this file builds the topology and ties them together.
 */

export interface Ns2Script {
  script: string;
  notes: Ns2Note[];
  /** Node indices of the bottleneck's forward direction in the script (`$n(a)` -> `$n(b)`). */
  bottleneck: [number, number];
}

export interface Ns2ExportOptions {
  /** The engine's calibration of each web item's `load` (summary.web.calibration of a run, or calibrateLoads). */
  calibrations?: readonly LoadCalibration[];
}

/** FullTcp variant PackMime's `set-TCP` takes for each engine variant. */
const FULLTCP: Record<string, string> = { tahoe: 'Tahoe', reno: 'Reno', newreno: 'Newreno', sack: 'Sack' };

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

/** Rate of the private link that carries a flow's extra delay (fast enough to add ~10 ns per packet). */
const DELAY_LINK_RATE = 1e12;

interface LinkDef {
  a: number;
  b: number;
  rate: number;
  delay: number;
  loss: number;
  queue: QueueConfig;
  path: string;
}

class Builder {
  readonly lines: string[] = [];
  readonly notes: Ns2Note[] = [];
  private readonly noteKeys = new Set<string>();
  private readonly tcpConfs = new Map<string, number>();
  nodeNames: string[] = [];
  /** Node index -> true if a per-flow extra delay applies to packets leaving it (the engine's hostUplinks). */
  delayFrom: boolean[] = [];
  flowCount = 0;
  delays: number[] = [];
  leftHosts: number[] = [];
  rightHosts: number[] = [];
  bottleneck: [number, number] = [0, 0];
  bottleneckRate = 0;
  /** Per link direction "a b": the queue reports early drops apart. */
  readonly earlyDrops = new Set<string>();

  /** Routers that are DelayBox nodes (web traffic with per-connection delays), by node index. */
  delayBoxes = new Set<number>();
  private fullTcpKey: string | null = null;
  private dbRules = new Set<string>();

  constructor(
    readonly s: Scenario,
    readonly opts: Ns2ExportOptions,
  ) {}

  /** Web traffic whose connections draw a per-connection delay: needs DelayBox nodes. */
  get webDelays(): FlowDelay | undefined {
    const fd = (this.s.topology as { flowDelay?: FlowDelay }).flowDelay;
    return fd && this.s.traffic.some((t) => t.kind === 'packmime' || t.kind === 'web-sessions') ? fd : undefined;
  }

  note(field: string, text: string): void {
    const k = `${field}\n${text}`;
    if (this.noteKeys.has(k)) return;
    this.noteKeys.add(k);
    this.notes.push({ field, text });
  }

  line(...xs: string[]): void {
    this.lines.push(...xs);
  }

  private link(l: LinkDef): void {
    const qx = exportQueue(l.queue, { path: l.path, linkRateBps: l.rate, note: (f, t) => this.note(f, t) });
    if (qx.earlyDrops) this.earlyDrops.add(`${l.a} ${l.b}`);
    const a = `$n(${l.a})`;
    const b = `$n(${l.b})`;
    this.line(`# ${this.nodeNames[l.a]} -> ${this.nodeNames[l.b]}: ${l.queue.kind} (${l.path})`);
    this.line(`$ns simplex-link ${a} ${b} ${num(l.rate)} ${num(l.delay)} ${qx.nsClass}`);
    this.line(`apply_conf [[$ns link ${a} ${b}] queue] {${qx.settings.map(([k, v]) => `${k} ${v}`).join(' ')}}`);
    if (l.loss > 0) {
      // ErrorModel after the queue: a lost packet still occupies the link for its
      // transmission time, which the error model computes from its own bandwidth_.
      this.line(`set em [new ErrorModel]`, `$em unit pkt`, `$em set rate_ ${num(l.loss)}`, `$em set bandwidth_ ${num(l.rate)}`, `$em ranvar [new RandomVariable/Uniform]`, `$em drop-target [new Agent/Null]`, `$ns lossmodel $em ${a} ${b}`);
    }
  }

  /**
   * ns-2.35's links serialize a packet in exactly its size x 8 / bandwidth (LinkDelay::txtime):
   * there is no per-packet overhead or minimum frame. Scaling the bandwidth would be exact
   * for one packet size only (1500 B and 40 B packets lose 2.5 % and 52 % of the wire to
   * Ethernet framing), so a framed link is refused rather than approximated.
   */
  private noFraming(framing: string | undefined, path: string): void {
    if (framing !== undefined && framing !== 'none') {
      throw new Ns2ExportError(
        `${path}.framing`,
        `"${framing}" cannot be exported: ns-2.35 links have no per-packet framing (a packet takes exactly its IP size x 8 / bandwidth), and no bandwidth reproduces a per-packet overhead for every packet size; set it to "none" to export (the script then gives the link its whole rate for IP packets)`,
      );
    }
  }

  private duplex(a: number, b: number, rate: number, delay: number, loss: number, queue: QueueConfig | undefined, reverse: QueueConfig | undefined, path: string): void {
    const fq = queue ?? (ACCESS_QUEUE as QueueConfig);
    const rq = reverse ?? queue ?? (ACCESS_QUEUE as QueueConfig);
    const fpath = queue ? `${path}.queue` : `${path} (access queue: drop-tail, ${ACCESS_QUEUE.limit} packets)`;
    const rpath = reverse ? `${path}.reverseQueue` : queue ? `${path}.queue` : fpath;
    this.link({ a, b, rate, delay, loss, queue: fq, path: fpath });
    this.link({ a: b, b: a, rate, delay, loss, queue: rq, path: rpath });
  }

  private nodes(names: string[]): void {
    this.nodeNames = names;
    this.line('', '# ---- nodes ----');
    names.forEach((name, i) => this.line(`set n(${i}) [$ns ${this.delayBoxes.has(i) ? 'DelayBox' : 'node'}] ;# ${name}${this.delayBoxes.has(i) ? ' (DelayBox: per-connection delays of web traffic)' : ''}`));
  }

  topology(): void {
    const t = this.s.topology;
    if (t.kind === 'dumbbell') {
      const L = t.left.hosts;
      const R = t.right.hosts;
      const names: string[] = [];
      for (let i = 0; i < L; i++) names.push(`L${i}`);
      for (let i = 0; i < R; i++) names.push(`R${i}`);
      names.push('routerL', 'routerR');
      const ra = L + R;
      const rb = L + R + 1;
      // ns-2's own PackMime set-up draws a client-side and a server-side delay, one at each
      // router; every other distribution is one draw per connection, which DelayBox applies
      // both ways (symmetric rules, delaybox.cc), so one DelayBox router carries all rules:
      // with both routers delaying, every packet would be delayed twice
      const wd = this.webDelays;
      if (wd) this.delayBoxes = new Set(wd.kind === 'packmime' ? [ra, rb] : [ra]);
      this.nodes(names);
      this.line('', '# ---- links (each direction has its own queue) ----');
      this.noFraming(t.bottleneck.framing, 'topology.bottleneck');
      this.duplex(ra, rb, t.bottleneck.rate, t.bottleneck.delay, t.bottleneck.loss, t.bottleneck.queue, t.bottleneck.reverseQueue, 'topology.bottleneck');
      for (let i = 0; i < L; i++) this.duplex(i, ra, t.left.rate, t.left.delay, 0, undefined, undefined, 'topology.left');
      for (let i = 0; i < R; i++) this.duplex(L + i, rb, t.right.rate, t.right.delay, 0, undefined, undefined, 'topology.right');
      this.leftHosts = Array.from({ length: L }, (_, i) => i);
      this.rightHosts = Array.from({ length: R }, (_, i) => L + i);
      this.delayFrom = names.map((_, i) => i < L + R);
      this.bottleneck = [ra, rb];
      this.bottleneckRate = t.bottleneck.rate;
    } else this.general(t);
  }

  private general(t: GeneralTopology): void {
    const names = t.nodes.map((x) => x.name);
    this.nodes(names);
    const idx = (name: string, field: string): number => {
      const i = names.indexOf(name);
      if (i < 0) throw new Ns2ExportError(field, `"${name}" is not a node`);
      return i;
    };
    const degree = new Array<number>(names.length).fill(0);
    let slowest = -1;
    let slowestRate = Infinity;
    let named: [number, number] | null = null;
    this.line('', '# ---- links (each direction has its own queue) ----');
    t.links.forEach((l, i) => {
      const a = idx(l.from, `topology.links.${i}.from`);
      const b = idx(l.to, `topology.links.${i}.to`);
      degree[a]++;
      degree[b]++;
      this.noFraming(l.framing, `topology.links.${i}`);
      this.duplex(a, b, l.rate, l.delay, l.loss, l.queue, l.reverseQueue, `topology.links.${i}`);
      if (l.rate < slowestRate) {
        slowestRate = l.rate;
        slowest = i;
      }
      if (t.bottleneck && t.bottleneck.from === l.from && t.bottleneck.to === l.to) named = [a, b];
      if (t.bottleneck && t.bottleneck.from === l.to && t.bottleneck.to === l.from) named = [b, a];
    });
    const sl = t.links[slowest];
    this.bottleneck = named ?? [names.indexOf(sl.from), names.indexOf(sl.to)];
    this.bottleneckRate = t.links.find((l) => (l.from === names[this.bottleneck[0]] && l.to === names[this.bottleneck[1]]) || (l.to === names[this.bottleneck[0]] && l.from === names[this.bottleneck[1]]))!.rate;
    this.delayFrom = degree.map((d) => d === 1);
    this.note('topology.links', 'routes: ns-2 static routing takes shortest paths by hop count like the engine, but may break ties between equal-length paths differently');
  }

  /** Nodes a flow runs between; with per-flow delays, a private node per flow end that needs one. */
  endpoints(flow: number, item: { from?: string; src?: string; dst?: string }, path: string): { src: string; dst: string } {
    let src: number;
    let dst: number;
    if (this.s.topology.kind === 'dumbbell') {
      const left = (item.from ?? 'left') === 'left';
      const S = left ? this.leftHosts : this.rightHosts;
      const D = left ? this.rightHosts : this.leftHosts;
      src = S[flow % S.length];
      dst = D[flow % D.length];
    } else {
      src = this.nodeNames.indexOf(item.src ?? '');
      dst = this.nodeNames.indexOf(item.dst ?? '');
      if (src < 0) throw new Ns2ExportError(`${path}.src`, `"${item.src}" is not a node`);
      if (dst < 0) throw new Ns2ExportError(`${path}.dst`, `"${item.dst}" is not a node`);
    }
    const d = this.delays[flow] ?? 0;
    if (d <= 0) return { src: `$n(${src})`, dst: `$n(${dst})` };
    // The engine adds the flow's delay to packets leaving a host on its access link. Here
    // each flow end gets a private node joined to its host by a 1 Tb/s link carrying the
    // delay outwards (and none inwards), so data and ACKs see exactly the engine's delays.
    const out: string[] = [];
    const wrap = (host: number, tag: 's' | 'r'): string => {
      if (!this.delayFrom[host]) return `$n(${host})`;
      const v = `$v${tag}(${flow})`;
      out.push(
        `set v${tag}(${flow}) [$ns node] ;# flow ${flow} ${tag === 's' ? 'sender' : 'receiver'} behind ${this.nodeNames[host]}`,
        `$ns simplex-link ${v} $n(${host}) ${num(DELAY_LINK_RATE)} ${num(d)} DropTail`,
        `$ns simplex-link $n(${host}) ${v} ${num(DELAY_LINK_RATE)} 0 DropTail`,
        `$ns queue-limit ${v} $n(${host}) 100000`,
        `$ns queue-limit $n(${host}) ${v} 100000`,
      );
      return v;
    };
    const r = { src: wrap(src, 's'), dst: wrap(dst, 'r') };
    this.line(...out);
    return r;
  }

  private tcpConf(p: TcpParams): string {
    const key = JSON.stringify(p);
    let k = this.tcpConfs.get(key);
    if (k === undefined) {
      k = this.tcpConfs.size;
      this.tcpConfs.set(key, k);
      const x = exportTcp(p);
      this.line(
        `# TCP configuration ${k}: ${p.variant}, MSS ${p.mss}, header ${p.headerBytes} B, IW ${p.initialCwnd}, rwnd ${p.rwnd} B, ${p.delayedAck ? `delayed ACK ${p.delayedAckTimeout} s` : 'no delayed ACK'}, tick ${p.tick} s${p.ecn ? ', ECN' : ''}`,
        `set agentClass(${k}) ${x.agentClass}`,
        `set agentConf(${k}) {${x.agent.map(([a, b]) => `${a} ${b}`).join(' ')}}`,
        `set sinkClass(${k}) ${x.sinkClass}`,
        `set sinkConf(${k}) {${x.sink.map(([a, b]) => `${a} ${b}`).join(' ')}}`,
      );
    }
    return String(k);
  }

  /** FullTcp class defaults for PackMime's agents (created during the run, so class-wide). */
  private fullTcp(p: TcpParams, path: string): void {
    const key = JSON.stringify(p);
    if (this.fullTcpKey !== null) {
      if (this.fullTcpKey !== key) this.note(path, "PackMime creates its FullTcp agents during the run from class defaults, so all web items share the TCP settings of the first one");
      return;
    }
    this.fullTcpKey = key;
    const conf: [string, string][] = [
      ['segsize_', num(p.mss)],
      ['tcpip_base_hdr_size_', num(p.headerBytes > 0 ? p.headerBytes : p.ackBytes)],
      ['segsperack_', p.delayedAck ? '2' : '1'],
      ['interval_', num(p.delayedAckTimeout)],
      ['nodelay_', 'true'],
      ['window_', num(Math.max(1, Math.floor(p.rwnd / p.mss)))],
      ['windowInit_', num(p.initialCwnd)],
      ['windowInitOption_', '1'],
      ['tcprexmtthresh_', num(p.dupackThreshold)],
      ['tcpTick_', num(p.tick)],
      ['minrto_', num(p.minRto)],
      ['maxrto_', num(p.maxRto)],
      ['rtxcur_init_', num(p.initialRto)],
      ['ecn_', p.ecn ? '1' : '0'],
      ['ecn_syn_', p.ecnPlus ? 'true' : 'false'],
      // RFC 5562 §3.2's resend of a Not-ECT SYN-ACK on a CE report is FullTcp's ecn_syn_wait_ 2;
      // its default 0 starts with one segment on the report (ecnPlusSynAck "ns2")
      ['ecn_syn_wait_', p.ecnPlus && p.ecnPlusSynAck === 'rfc5562' ? '2' : '0'],
      ['timestamps_', 'false'],
      ['maxburst_', '0'],
    ];
    this.line(
      '# FullTcp agents of PackMime (it creates them during the run, so the settings are class defaults)',
      `foreach {k v} {${conf.map(([a, b]) => `${a} ${b}`).join(' ')}} { Agent/TCP/FullTcp set $k $v }`,
    );
    if (p.delayedAck && p.delayedAckTimer !== 'clock')
      this.note(`${path}.delayedAckTimer`, "FullTcp's delayed-ACK timer ticks every interval_ from t = 0 (tcp-full.cc delack_timer_), so a held-back ACK waits 0 to interval_ s, delayedAckTimer \"clock\"; the engine's \"per-segment\" waits the whole timeout");
    if (p.ecnPlus && p.ecnPlusSynAck === 'rfc5562')
      this.note(`${path}.ecnPlusSynAck`, 'written as ecn_syn_wait_ 2 (a CE-marked SYN-ACK is answered by a Not-ECT one, RFC 5562 §3.2), but FullTcp still sends the SYN-ACK it retransmits after a timeout ECN-capable (tcp-full.cc clears ecn_syn_next_ only on a CE report), where RFC 5562 §3.1 and the engine send it Not-ECT; its client also stays in SYN_SENT on a CE-marked SYN-ACK and writes its request only after the second one; ecnPlusSynAck "ns2" is FullTcp\'s default ecn_syn_wait_ 0');
    if (!p.delayedAck)
      this.note(`${path}.delayedAck`, "FullTcp with segsperack_ 1 still holds back the ACK of a segment shorter than segsize_ until its delayed-ACK clock ticks (need_send in tcp-full.cc acknowledges once a full segment is unacknowledged); the engine acknowledges every segment at once. A short request's ACK thus rides on the response, and the last, short segment of a response is acknowledged up to interval_ later (response times do not change)");
    this.note(path, 'web connections use ns-2\'s FullTcp agents, whose loss recovery and ACK handling are their own (4.4BSD-like, piggybacked ACKs) and whose RTT clocks keep ns-2\'s random phase');
  }

  /** DelayBox rules giving a web connection from `client` to `server` the engine's per-connection delay. */
  private delayBoxRules(client: number, server: number, clientRouter: number, serverRouter: number): void {
    const fd = this.webDelays;
    if (!fd) return;
    const key = `${client} ${server}`;
    if (this.dbRules.has(key)) return;
    this.dbRules.add(key);
    // DelayBox delays every packet of a flow, both ways, by one draw (in ms) per connection,
    // as the engine adds its draw on the access links both ways (delaybox.cc)
    if (!this.dbRules.has('rv')) {
      this.dbRules.add('rv');
      const zero = 'set db_zero [new RandomVariable/Constant]; $db_zero set val_ 0';
      if (fd.kind === 'constant') this.line(zero, `set db_rv [new RandomVariable/Constant]; $db_rv set val_ ${num(fd.value * 1000)}`);
      else if (fd.kind === 'uniform') this.line(zero, `set db_rv [new RandomVariable/Uniform]; $db_rv set min_ ${num(fd.min * 1000)}; $db_rv set max_ ${num(fd.max * 1000)}`);
      else if (fd.kind === 'empirical') {
        this.line(
          zero,
          '# the empirical delay table as an ns-2 CDF file (value, bin, cumulative probability)',
          'set ch [file tempfile db_cdf aqmlab-delay.cdf]',
          ...fd.points.map(([x, p]) => `puts $ch "${num(x * 1000)} 0 ${num(p)}"`),
          'close $ch',
          'set db_rv [new RandomVariable/Empirical]; $db_rv set interpolation_ 1; $db_rv loadCDF $db_cdf; file delete $db_cdf',
        );
      } else if (fd.kind === 'list') {
        // each value equally likely: an ns-2 CDF with steps k/n and no interpolation_ returns the
        // value of the first row whose cumulative probability reaches the uniform draw
        const n = fd.values.length;
        this.line(
          zero,
          '# the delay list as an ns-2 CDF file: each value with probability 1/n, no interpolation',
          'set ch [file tempfile db_cdf aqmlab-delay.cdf]',
          ...fd.values.map((x, k) => `puts $ch "${num(x * 1000)} 0 ${num(k === n - 1 ? 1 : (k + 1) / n)}"`),
          'close $ch',
          'set db_rv [new RandomVariable/Empirical]; $db_rv set interpolation_ 0; $db_rv loadCDF $db_cdf; file delete $db_cdf',
        );
      } else {
        // ns-2.35's own PackMime DelayBox set-up: a client-side and a server-side draw, each half an RTT sample
        const r = this.s.traffic.find((t) => t.kind === 'packmime') as { rate?: number } | undefined;
        this.line(zero, `set db_rvc [new RandomVariable/PackMimeHTTPXmit ${num(r?.rate ?? 10)} 0]`, `set db_rvs [new RandomVariable/PackMimeHTTPXmit ${num(r?.rate ?? 10)} 1]`);
      }
      this.note('topology.flowDelay', "web connections draw their delays from ns-2's DelayBox with ns-2's random numbers (same distribution as the engine, other draws)");
    }
    if (fd.kind === 'packmime') {
      this.line(`$n(${clientRouter}) add-rule [$n(${client}) id] [$n(${server}) id] $db_rvc $db_zero`, `$n(${serverRouter}) add-rule [$n(${client}) id] [$n(${server}) id] $db_rvs $db_zero`);
    } else {
      // the one DelayBox router (see topology()); a rule matches its pair both ways, so one per host pair
      const pair = client < server ? `${client} ${server}` : `${server} ${client}`;
      if (this.dbRules.has(`pair ${pair}`)) return;
      this.dbRules.add(`pair ${pair}`);
      const [router] = [...this.delayBoxes];
      this.line(`$n(${router}) add-rule [$n(${client}) id] [$n(${server}) id] $db_rv $db_zero`);
    }
  }

  addPackMime(o: { dir: 0 | 1; clients: number[]; servers: number[]; rate: number; persistent: boolean; params: TcpParams; path: string; start: number; stop: number | null }, path: string): void {
    this.fullTcp(o.params, o.path);
    const C = o.clients.length;
    const S = o.servers.length;
    const N = (C * S) / gcd(C, S);
    if (N > 1000) throw new Ns2ExportError(path, `${C} client and ${S} server hosts rotate with a period of ${N} pairs; ns-2's PackMime takes at most 1000 client/server pairs`);
    // ns-2 rotates through paired lists and starts at the second entry (current_node_++ before use)
    const clients: number[] = [];
    const servers: number[] = [];
    for (let i = 0; i < N; i++) {
      const k = (i - 1 + N) % N;
      clients.push(o.clients[k % C]);
      servers.push(o.servers[k % S]);
    }
    const t = this.s.topology;
    if (t.kind === 'dumbbell') {
      const L = t.left.hosts;
      const R = t.right.hosts;
      const routerOf = (h: number) => (h < L ? L + R : L + R + 1);
      for (let i = 0; i < N; i++) this.delayBoxRules(clients[i], servers[i], routerOf(clients[i]), routerOf(servers[i]));
    }
    const variant = FULLTCP[o.params.variant] ?? 'Reno';
    this.line(
      `pm_flow ${o.dir} [list ${clients.map((c) => `$n(${c})`).join(' ')}] [list ${servers.map((x) => `$n(${x})`).join(' ')}] ${num(o.rate)} ${o.persistent ? 1 : 0} ${variant} ${num(o.start)} ${o.stop === null ? '""' : num(o.stop)} ${this.s.seed % 100}`,
    );
  }

  /** One PagePool/WebTraf per direction of a web-sessions item (src/ns2/webtraf.ts). */
  addWebTraf(o: WebTrafExport): void {
    this.fullTcp(o.params, o.path);
    if (!this.webTrafTcl) {
      this.webTrafTcl = true;
      this.line(WEBTRAF_TCL, `set wt_warm ${num(this.s.warmup ?? 0)}`);
    }
    const t = this.s.topology;
    if (t.kind === 'dumbbell') {
      const L = t.left.hosts;
      const R = t.right.hosts;
      const routerOf = (h: number) => (h < L ? L + R : L + R + 1);
      for (const c of o.clients) for (const sv of o.servers) this.delayBoxRules(c, sv, routerOf(c), routerOf(sv));
    }
    const k = this.webTrafCount++;
    const v = o.vars;
    const span = (this.s.duration ?? MAX_OPEN_DURATION) - o.start;
    this.line(
      `# web sessions, direction ${o.dir === 0 ? 'forward' : 'reverse'} (${o.path}): ${o.sessions} sessions`,
      `set wtp [wt_pool ${o.dir} [list ${o.clients.map((c) => `$n(${c})`).join(' ')}] [list ${o.servers.map((x) => `$n(${x})`).join(' ')}] FullTcp${FULLTCP[o.params.variant] && FULLTCP[o.params.variant] !== 'Reno' ? `/${FULLTCP[o.params.variant]}` : ''} ${num(o.requestBytes)}]`,
      ranvarTcl(`wt_ip${k}`, v.interPage),
      ranvarTcl(`wt_ps${k}`, v.objects),
      ranvarTcl(`wt_io${k}`, v.interObject),
      ranvarTcl(`wt_os${k}`, v.objectSize),
      `set wt_lt [new RandomVariable/Uniform]; $wt_lt set min_ ${num(o.start)}; $wt_lt set max_ ${num(o.start + 1)}`,
      `$wtp set-num-session ${o.sessions}`,
      `for {set i 0} {$i < ${o.sessions}} {incr i} { $wtp create-session $i ${pagesToCover(span, v.interPage.avg, v.interPage.shape)} [$wt_lt value] $wt_ip${k} $wt_ps${k} $wt_io${k} $wt_os${k} }`,
      `$wtp set-interPageOption ${o.openLoop ? 0 : 1}`,
      // own streams for the workload (see wt_rng), and for DelayBox's per-connection delays
      ...['ip', 'ps', 'io', 'os'].map((x, j) => `wt_rng $wt_${x}${k} ${wtSeed(this.s.seed, k, j)}`),
      `wt_rng $wt_lt ${wtSeed(this.s.seed, k, 4)}`,
      `if {[info exists db_rv]} { wt_rng $db_rv ${wtSeed(this.s.seed, k, 5)} }`,
    );
  }

  private webTrafTcl = false;
  private webTrafCount = 0;

  traffic(): void {
    const s = this.s;
    let total = 0;
    for (const t of s.traffic) total += t.kind === 'bulk' ? t.flows : 1;
    const fd = (s.topology as { flowDelay?: FlowDelay }).flowDelay;
    this.delays = fd ? flowDelays(s.seed, fd, total) : [];
    if (fd && s.traffic.some((t) => t.kind !== 'packmime' && t.kind !== 'web-sessions'))
      this.note('topology.flowDelay', fd.kind === 'list' ? "each flow's delay is the engine's (flow i gets values[i mod n]), written into the script as a constant" : "each flow's delay is drawn with the engine's own random stream and written into the script as a constant");
    this.line('', '# ---- traffic (flows numbered as in the engine) ----');
    s.traffic.forEach((item, i) => {
      const path = `traffic.${i}`;
      const ctx: TrafficExportContext = {
        scenario: s,
        path,
        nextFlow: () => this.flowCount++,
        endpoints: (flow) => this.endpoints(flow, item, path),
        addTcpFlow: (o) => {
          tcpNotes(o.params, o.path, (f, t) => this.note(f, t));
          const k = this.tcpConf(o.params);
          this.line(`tcp_flow ${o.flow} $agentClass(${k}) $agentConf(${k}) $sinkClass(${k}) $sinkConf(${k}) ${o.src} ${o.dst} ${num(o.start)} ${o.bytes === null ? -1 : num(o.bytes)} ${o.stop === null ? '""' : num(o.stop)}`);
        },
        hosts: () => {
          if (this.s.topology.kind === 'dumbbell') return { src: this.leftHosts, dst: this.rightHosts };
          const it = item as { src?: string; dst?: string };
          return { src: [this.nodeNames.indexOf(it.src ?? '')], dst: [this.nodeNames.indexOf(it.dst ?? '')] };
        },
        calibratedRate: () => this.opts.calibrations?.find((c) => c.item === i)?.value,
        addPackMime: (o) => this.addPackMime(o, path),
        addWebTraf: (o) => this.addWebTraf(o),
        addUdpFlow: (o) => {
          this.line(`udp_flow ${o.flow} ${o.pattern} ${num(o.rate)} ${num(o.packetSize)} ${o.src} ${o.dst} ${num(o.start)} ${o.stop === null ? '""' : num(o.stop)}`);
        },
        note: (f, t) => this.note(f, t),
      };
      exportTraffic(item, ctx);
    });
  }
}

/** Seed of the RNG of random variable j of web-sessions pool k: distinct, in 1 .. 2^31 - 2. */
function wtSeed(seed: number, k: number, j: number): number {
  return ((seed * 64 + k * 8 + j) % 2147483646) + 1;
}

/** ns-2's RNG takes seeds 1 .. 2^31 - 2 (0 asks it for a time-based seed). */
function nsSeed(seed: number): number {
  return (seed % 2147483646) + 1;
}

/** The ns-2.35 script of a validated scenario. Throws Ns2ExportError for what ns-2.35 cannot express. */
export function exportNs2(s: Scenario, opts: Ns2ExportOptions = {}): Ns2Script {
  const b = new Builder(s, opts);
  b.line(
    'set ns [new Simulator]',
    `$defaultRNG seed ${nsSeed(s.seed)}`,
 'set open_finite 0', `set has_duration ${s.duration !== undefined ? 1 : 0}`, 'set base [dict create]', 'set warmup_at 0', `set warmup_int ${Math.floor(s.warmup ?? 0)}`);
  b.line(RUNTIME_TCL);
  b.topology();
  const [ba, bb] = b.bottleneck;
  b.line('', '# ---- the bottleneck, watched in both directions ----', `set rate_bn ${num(b.bottleneckRate)}`, `set fwd [watch_link $n(${ba}) $n(${bb}) ${b.earlyDrops.has(`${ba} ${bb}`) ? 1 : 0}]`, `set rev [watch_link $n(${bb}) $n(${ba}) ${b.earlyDrops.has(`${bb} ${ba}`) ? 1 : 0}]`);
  b.traffic();
  const warm = s.warmup ?? 0;
  const end = s.duration ?? MAX_OPEN_DURATION;
  b.line('', '# ---- run ----');
  const web = s.traffic.some((t) => t.kind === 'packmime');
  if (warm > 0) b.line(`$ns at ${num(warm)} "warmup_mark${web ? '; pm_mark_base' : ''}"`);
  if (web && warm % 1 !== 0) b.note('warmup', `ns-2's PackMime takes a whole-second warm-up (set-warmup is an integer): exchanges are counted from ${Math.floor(warm)} s`);
  if (web && s.stopAfterExchanges !== undefined) {
    b.line(`$ns at ${num(warm)} "pm_poll ${s.stopAfterExchanges}"`);
    b.note('stopAfterExchanges', "the run stops when ns-2's PackMime has completed that many request/response pairs since the warm-up, polled every 0.1 s (pairs that started before the warm-up count too)");
  }
  b.line(`$ns at ${num(end)} finish`, '$ns run');

  // web connections are FullTcp, which closes with FIN/ACK: the note is about one-way agents
  if ((s.tcp.fin && s.traffic.some((t) => t.kind === 'bulk')) || s.traffic.some((t) => t.kind === 'bulk' && t.tcp?.fin === true))
    b.note('tcp.fin', "ns-2's one-way agents close without a FIN: the engine's FIN/ACK exchange after the last byte (fin on) is not modelled");
  const header = [
    `# ns-2.35 script exported by AQM Lab from scenario ${s.name ? `"${s.name}"` : '(unnamed)'}`,
    '# Run: ns <this file>   (Debian/Ubuntu: apt-get install ns2). It prints one JSON line with the',
    "# field names of AQM Lab's run summary (simulatedSeconds, bottleneck, flows, goodputEfficiency, ...).",
    '#',
    '# Scenario fields without an exact ns-2 equivalent, and what this script does instead:',
    ...(b.notes.length ? b.notes.flatMap((x) => wrapComment(`- ${x.field}: ${x.text}`)) : ['# (none)']),
    '#',
    ...wrapComment(
      'Result fields: maxQueuePackets, maxQueueBytes, linkLosses, dropsOverflow and dropsForced are null (the flow monitors do not keep them); dropsEarly counts RED early drops and dropsNotEarly the others; marks are counted as marked packets leave the queue; fastRetransmits = window cuts - timeouts - ECN cuts.',
    ),
    '#',
  ];
  return { script: [...header, ...b.lines, ''].join('\n'), notes: b.notes, bottleneck: b.bottleneck };
}

function wrapComment(text: string, width = 92): string[] {
  const out: string[] = [];
  let cur = '#';
  for (const w of text.split(' ')) {
    if (cur.length + 1 + w.length > width && cur !== '#' && cur !== '#  ') {
      out.push(cur);
      cur = '#   ' + w;
    } else cur += ' ' + w;
  }
  out.push(cur);
  return out;
}
