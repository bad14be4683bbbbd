import { num } from './tcl';

/**
 * seeds/003's web sessions (kind "web-sessions") on ns-2.35's web traffic generator,
 * PagePool/WebTraf (webcache/webtraf.cc, tcl/webcache/webtraf.tcl): sessions of pages,
 * pages of objects, each a RandomVariable. Facts used (from those files):
 * - `create-session <index> <pages> <launch time> <inter-page rv> <objects-per-page rv>
 *   <inter-object rv> <object-size rv>`; a page has ceil(objects-per-page) objects and an
 *   object ceil(object-size) units; the first object is requested at the page's start, the
 *   next ones an inter-object draw apart; each page picks a random server.
 * - `set-interPageOption 1` (the default): the inter-page time runs from the end of a page
 *   to the start of the next (closed loop); 0: from the start of a page to the start of the
 *   next (open loop). It applies to the sessions already created.
 * - With `fulltcp_ 1` WebTraf's own Tcl carries an object as two FullTcp connections (a
 *   request connection, then, once it has closed, a response connection the server
 *   opens), and an object is done when a connection reaches CLOSED. In ns-2.35 that never
 *   happens: a FullTcp that `listen`s stays in CLOSE_WAIT after the peer's FIN until the
 *   application calls `close` (tcp-full.cc), and WebTraf's Tcl never does (checked: 19,537
 *   objects requested, none completed).
 * The script therefore replaces `launch-req` of its pools by its own procs (below), which
 * carry an object as the engine does: one FullTcp connection, the request from the client,
 * the response from the server as soon as the request has arrived (Application/TcpApp
 * gives the upcalls), then the client closes; the response time runs from the request to
 * the arrival of the response's last byte. Sizes are in bytes (ns-2's own Tcl sends
 * n * 1000 bytes), flow ids are above the scenario's (one DelayBox draw per object, one
 * shared flow-monitor record).
 */

/** Parameters of the RandomVariables of one session's pages, from the engine's declared means. */
export interface WebTrafVariables {
  /** RandomVariable/Pareto avg_ and shape_ of the inter-page time (s). */
  interPage: { avg: number; shape: number };
  /** Objects per page: ceil of RandomVariable/Exponential avg_ (a geometric count with the engine's mean), or the constant 1. */
  objects: { kind: 'exponential'; avg: number } | { kind: 'constant'; value: number };
  /** Inter-object time (s): RandomVariable/Exponential avg_, or the constant 0. */
  interObject: { kind: 'exponential'; avg: number } | { kind: 'constant'; value: number };
  /** RandomVariable/Pareto avg_ and shape_ of the object size, bytes (the script sends ceil of it). */
  objectSize: { avg: number; shape: number };
}

/**
 * The engine draws objects per page as a geometric count K >= 1 with mean m:
 * P(K > k) = q^k, q = 1 - 1/m. ns-2 takes ceil(X); with X exponential of mean a,
 * P(ceil X > k) = P(X > k) = exp(-k/a), the same law when a = -1 / ln(q).
 */
export function geometricAsExponentialMean(mean: number): number | null {
  if (mean <= 1) return null;
  return -1 / Math.log(1 - 1 / mean);
}

export function webTrafVariables(o: { interPage: number; interPageShape: number; objects: number; interObject: number; objectSize: number; objectShape: number }): WebTrafVariables {
  const a = geometricAsExponentialMean(o.objects);
  return {
    interPage: { avg: o.interPage, shape: o.interPageShape },
    objects: a === null ? { kind: 'constant', value: 1 } : { kind: 'exponential', avg: a },
    interObject: o.interObject > 0 ? { kind: 'exponential', avg: o.interObject } : { kind: 'constant', value: 0 },
    objectSize: { avg: o.objectSize, shape: o.objectShape },
  };
}

/** Tcl that makes one RandomVariable, bound to `name`. */
export function ranvarTcl(name: string, v: WebTrafVariables[keyof WebTrafVariables]): string {
  if ('kind' in v) {
    if (v.kind === 'constant') return `set ${name} [new RandomVariable/Constant]; $${name} set val_ ${num(v.value)}`;
    return `set ${name} [new RandomVariable/Exponential]; $${name} set avg_ ${num(v.avg)}`;
  }
  return `set ${name} [new RandomVariable/Pareto]; $${name} set avg_ ${num(v.avg)}; $${name} set shape_ ${num(v.shape)}`;
}

/**
 * Pages per session slot: enough that the session outlasts the run. Every Pareto gap is
 * at least its scale avg (shape - 1) / shape, so `span / scale + 1` pages cannot end before
 * `span` seconds have passed.
 */
export function pagesToCover(span: number, interPage: number, shape: number): number {
  const scale = (interPage * (shape - 1)) / shape;
  return Math.ceil(span / scale) + 1;
}

/** The Tcl procs of the web sessions (added to a script only when it has such traffic). */
export const WEBTRAF_TCL = String.raw`
# ---- web sessions on PagePool/WebTraf (see the notes at the top) ----
# WebTraf schedules sessions, pages and objects and calls launch-req for each object; the
# script's own launch-req carries the object as the engine does: one FullTcp connection
# (the client's SYN, the server's SYN-ACK), the request from the client, the response from
# the server as soon as the request has arrived, then the client closes. Application/TcpApp
# on both agents gives the upcalls: its message is delivered when all its bytes have arrived.
# Flow id web_fid + object id: one DelayBox draw per object, one shared flow-monitor record.
# wt_t0 keeps each object's request time; wt_rts collects "response-time bytes direction" of
# the objects requested after the warm-up, timed at the arrival of the response's last byte.
PagePool/WebTraf set fulltcp_ 1
PagePool/WebTraf set recycle_page_ 0
PagePool/WebTraf set FID_ASSIGNING_MODE_ 0
PagePool/WebTraf set enable_conn_timer_ 0
set wt_rts {}
# the workload's random variables each draw from their own RNG, seeded from the scenario's
# seed, so that RED's random drops (ns-2's default RNG) do not change the sessions, pages
# and objects: runs of one scenario with different queues offer the same workload
proc wt_rng {rv seed} {
    set r [new RNG]
    $r seed $seed
    $rv use-rng $r
}
set wt_started 0
proc wt_pool {dir clients servers tcptype reqbytes} {
    global wt
    PagePool/WebTraf set TCPTYPE_ $tcptype
    set k [llength [array names wt]]
    set p [new PagePool/WebTraf]
    set wt($k) $p
    $p set-num-client [llength $clients]
    set i 0
    foreach c $clients { $p set-client $i $c; incr i }
    $p set-num-server [llength $servers]
    set i 0
    foreach s $servers { $p set-server $i $s; incr i }
    $p proc launch-req {id pid clnt svr ctcp csnk size} "wt_req $p $dir $reqbytes \$id \$pid \$clnt \$svr \$ctcp \$csnk \$size"
    return $p
}
proc wt_req {p dir reqbytes id pid clnt svr ctcp csnk size} {
    global ns web_fid wt_t0 wt_warm wt_started
    $ns attach-agent $clnt $ctcp
    $ns attach-agent $svr $csnk
    $ns connect $ctcp $csnk
    $csnk listen
    $ctcp set fid_ [expr {$web_fid + $id}]
    $csnk set fid_ [expr {$web_fid + $id}]
    set ca [new Application/TcpApp $ctcp]
    set sa [new Application/TcpApp $csnk]
    $ca connect $sa
    set wt_t0($id) [$ns now]
    if {[$ns now] >= $wt_warm} { incr wt_started }
    $csnk proc done {} "wt_closed $p $clnt $svr $ctcp $csnk $ca $sa"
    $ca send $reqbytes "wt_request $sa $size {wt_response $p $dir $id $pid $size $ctcp}"
}
# the request has arrived at the server: send the response
proc wt_request {sa size cmd} {
    $sa send $size $cmd
}
# the response's last byte has arrived at the client: record, tell WebTraf, close
proc wt_response {p dir id pid size ctcp} {
    global ns wt_t0 wt_rts wt_warm
    set t0 $wt_t0($id)
    unset wt_t0($id)
    if {$t0 >= $wt_warm} { lappend wt_rts [list [expr {[$ns now] - $t0}] $size $dir] }
    $p doneObj $pid
    $ctcp close
}
# the server's side has closed (the last packet of the connection): free both agents a
# second later (deleting an agent inside its own upcall crashes ns-2)
proc wt_closed {p clnt svr ctcp csnk ca sa} {
    global ns
    $ns at [expr {[$ns now] + 1}] "wt_free $p $clnt $svr $ctcp $csnk $ca $sa"
}
proc wt_free {p clnt svr ctcp csnk ca sa} {
    global ns
    $ns detach-agent $clnt $ctcp
    $ns detach-agent $svr $csnk
    delete $ca
    delete $sa
    $p recycle $ctcp $csnk
}
`;
