/**
 * The fixed Tcl part of every exported script: procs that build flows, watch the
 * bottleneck and, at the end, print one JSON line with the field names of the engine's
 * Summary (src/engine/metrics/types.ts). Written for ns-2.35 / Tcl 8.6 from ns-2's
 * documented Tcl interface (ns manual ch. 10 TCP agents, ch. 26 trace and monitoring):
 *
 * - completion: ns-2 calls `$agent done` when every packet is acknowledged (tcp.cc finish());
 * - per-agent counters (tcp.cc binds them): ndatapack_ (packets sent, SYN included),
 *   nrexmitpack_ (retransmitted packets), nrexmit_ (retransmission timeouts that cut
 *   ssthresh), necnresponses_ (ECN window cuts), ncwndcuts1_ (window cuts of any kind),
 *   ack_ (highest cumulative ACK, in packets; the SYN is packet 0);
 * - the bottleneck's two directions carry a QueueMonitor/ED/Flowmon (aggregate and
 *   per-flow arrivals, departures, drops, early drops, marks counted on departure) with
 *   a packets and a bytes Integrator (mean backlog) and a Samples object (queueing delay).
 */
export const RUNTIME_TCL = String.raw`
# ---- helpers written by AQM Lab ---------------------------------------------------
proc apply_conf {obj conf} {
    foreach {k v} $conf { $obj set $k $v }
}

# A one-way TCP connection: sender on node src, sink on node dst, FTP source.
proc tcp_flow {f agentClass conf sinkClass sinkConf src dst t0 nbytes t1} {
    global ns tcp sink ftp kind start bytes mss open_finite
    set tcp($f) [new $agentClass]
    apply_conf $tcp($f) $conf
    # RTT clock: AQM Lab counts RTT ticks on one clock ticking at multiples of tcpTick_ from
    # t = 0. ns-2 gives each agent a random clock phase boot_time_ = uniform(0, tcpTick_)
    # when it resets the agent (tcp.cc reset, before the run starts), so the agent is reset
    # with a 1 ns tick (phase < 1 ns) and gets its real tcpTick_ at t = 0.
    set tick [$tcp($f) set tcpTick_]
    $tcp($f) set tcpTick_ 1e-9
    $tcp($f) set rttvar_init_ 0
    $ns at 0 "$tcp($f) set tcpTick_ $tick"

    $tcp($f) set fid_ $f
    set sink($f) [new $sinkClass]
    apply_conf $sink($f) $sinkConf
    $sink($f) set fid_ $f
    $ns attach-agent $src $tcp($f)
    $ns attach-agent $dst $sink($f)
    $ns connect $tcp($f) $sink($f)
    set ftp($f) [new Application/FTP]
    $ftp($f) attach-agent $tcp($f)
    set kind($f) tcp
    set start($f) $t0
    set bytes($f) $nbytes
    set mss($f) [$tcp($f) set packetSize_]
    if {$nbytes >= 0} {
        incr open_finite
        $tcp($f) proc done {} "flow_done $f"
        $ns at $t0 "$ftp($f) send $nbytes"
    } else {
        $ns at $t0 "$ftp($f) start"
        # an unlimited flow stopped by its application is done when what it sent is acknowledged
        if {$t1 ne ""} { $tcp($f) proc done {} "flow_stopped $f" }
    }
    # the application stops writing at t1 (traffic stop): FTP's stop is advance 0 + close,
    # so the agent sends nothing beyond what it has sent (maxseq_) and calls done once
    # that is acknowledged, as the engine's stopWriting
    if {$t1 ne ""} { $ns at $t1 "$ftp($f) stop" }
}

# An unlimited flow whose application stopped: completion time for the summary only.
proc flow_stopped {f} {
    global ns done
    if {![info exists done($f)]} { set done($f) [$ns now] }
}

# An unresponsive UDP source: CBR, or Poisson gaps (exponential on/off with empty bursts).
proc udp_flow {f pattern rate size src dst t0 t1} {
    global ns udp mon app kind start bytes stop
    set udp($f) [new Agent/UDP]
    $udp($f) set packetSize_ $size
    $udp($f) set fid_ $f
    set mon($f) [new Agent/LossMonitor]
    $ns attach-agent $src $udp($f)
    $ns attach-agent $dst $mon($f)
    $ns connect $udp($f) $mon($f)
    if {$pattern eq "cbr"} {
        set app($f) [new Application/Traffic/CBR]
        $app($f) set packetSize_ $size
        $app($f) set rate_ $rate
        $app($f) set random_ 0
        $app($f) set maxpkts_ 268435456
    } else {
        set app($f) [new Application/Traffic/Exponential]
        $app($f) set packetSize_ $size
        $app($f) set burst_time_ 0
        $app($f) set idle_time_ [expr {$size * 8.0 / $rate}]
        $app($f) set rate_ 1e15
    }
    $app($f) attach-agent $udp($f)
    set kind($f) udp
    set start($f) $t0
    set bytes($f) -1
    $ns at $t0 "$app($f) start"
    if {$t1 ne ""} { $ns at $t1 "$app($f) stop"; set stop($f) $t1 }
}

# Web connections (PackMime) take flow ids from web_fid up (see pm_flow), above every flow
# id of the scenario's own agents, whose per-flow counters they would otherwise share.
set web_fid 1000000

# Monitors on one direction of the bottleneck: flow monitor with early drops, backlog
# integrators (packets, bytes) and queueing-delay samples. The flow monitor keeps a
# record per flow of the scenario's agents, and one record shared by every web
# connection: a record per connection (hundreds of thousands at full scale) made ns-2
# slow, large, and abort when the summary listed them ("FlowMon:: flow list exceeded
# working buffer": flowmon.cc writes the list into a fixed buffer).
proc watch_link {a b edrop} {
    global ns
    set fm [$ns makeflowmon Fid]
    [$fm classifier] proc unknown-flow {src dst fid} {
        global web_fid
        if {$fid >= $web_fid} {
            $self instvar web_slot_
            if {![info exists web_slot_]} {
                set fdesc [new QueueMonitor/ED/Flow]
                $fdesc set-delay-samples [new Samples]
                set web_slot_ [$self installNext $fdesc]
            }
            $self set-hash auto $src $dst $fid $web_slot_
            return
        }
        set fdesc [new QueueMonitor/ED/Flow]
        $fdesc set-delay-samples [new Samples]
        $self set-hash auto $src $dst $fid [$self installNext $fdesc]
    }
    set qi [new Integrator]
    set bi [new Integrator]
    set ds [new Samples]
    $fm set-pkts-integrator $qi
    $fm set-bytes-integrator $bi
    $fm set-delay-samples $ds
    $ns attach-fmon [$ns link $a $b] $fm $edrop
    return [list $fm $qi $bi $ds]
}

# A PackMime-HTTP cloud pair (one direction of a web item): clients and servers in the
# engine's rotation, the rate, HTTP/1.1, the FullTcp variant; each completed exchange is a
# line of its outfile (packmime_HTTP.cc: time, request and response bytes, response time ms).
proc pm_flow {dir clients servers rate persistent tcptype t0 t1 run} {
    global ns pm pmfile warmup_int
    set k [llength [array names pm]]
    set pm($k) [new PackMimeHTTP]
    # PackMime numbers its connections' flow ids 1, 2, ... per object; DelayBox keys its flows by
    # (src, dst, fid), so two directions' connections with the same number would share a
    # delay entry: give object k the ids web_fid + fid * 2 + dir (setup-tcp of ns-packmime.tcl
    # otherwise), above the scenario's own flow ids
    global web_fid
    $pm($k) proc setup-tcp {tcp fid} "\$tcp set fid_ \[expr {$web_fid + \$fid * 2 + $dir}\]; \$tcp proc done {} \"$pm($k) done \$tcp\""
    foreach c $clients { $pm($k) set-client $c }
    foreach s $servers { $pm($k) set-server $s }
    $pm($k) set-rate $rate
    $pm($k) set-TCP $tcptype
    $pm($k) set-run $run
    $pm($k) set-warmup $warmup_int
    if {$persistent} { $pm($k) set-http-1.1 }
    set ch [file tempfile pmfile($k) aqmlab-packmime.dat]
    close $ch
    $pm($k) set-outfile $pmfile($k)
    global pmdirs
    set pmdirs($k) $dir
    $ns at $t0 "$pm($k) start"
    if {$t1 ne ""} { $ns at $t1 "$pm($k) stop" }
}

# stopAfterExchanges: poll the exchanges PackMime completed since the warm-up
proc pm_poll {n} {
    global ns pm pm_base
    set done 0
    foreach k [array names pm] { incr done [expr {[$pm($k) get-pairs] - [expr {[info exists pm_base($k)] ? $pm_base($k) : 0}]}] }
    if {$done >= $n} { finish } else { $ns at [expr {[$ns now] + 0.1}] "pm_poll $n" }
}

proc pm_mark_base {} {
    global pm pm_base
    foreach k [array names pm] { set pm_base($k) [$pm($k) get-pairs] }
}

proc quantile {sorted q} {
    set n [llength $sorted]
    set h [expr {($n - 1) * $q}]
    set lo [expr {int(floor($h))}]
    set hi [expr {min($lo + 1, $n - 1)}]
    set a [lindex $sorted $lo]
    return [expr {$a + ($h - $lo) * ([lindex $sorted $hi] - $a)}]
}

proc response_set {rts} {
    set n [llength $rts]
    if {$n == 0} { return "\"exchanges\":0,\"responseTime\":null,\"cdf\":\[\],\"flowsWithLoss\":null" }
    set s [lsort -real $rts]
    set sum 0.0
    foreach x $s { set sum [expr {$sum + $x}] }
    set j "\"exchanges\":$n,\"responseTime\":\{\"mean\":[jnum [expr {$sum / $n}]]"
    foreach {name q} {p10 0.1 p25 0.25 p50 0.5 p75 0.75 p90 0.9 p99 0.99} { append j ",\"$name\":[jnum [quantile $s $q]]" }
    append j "\},\"cdf\":\["
    set pts {}
    foreach x {0.01 0.02 0.05 0.1 0.2 0.3 0.4 0.5 0.7 1 1.5 2 3 5 10 20} {
        set c 0
        foreach v $s { if {$v <= $x} { incr c } else { break } }
        lappend pts "\[$x,[jnum [expr {double($c) / $n}]]\]"
    }
    append j "[join $pts ,]\],\"flowsWithLoss\":null"
    return $j
}

# summary.web from the PackMime outfiles (exchanges that started after the warm-up)
proc web_json {} {
    global pm pmfile pmdirs
    set all {}
    set large {}
    set fwd 0
    set rev 0
    set bytes 0
    foreach k [lsort -integer [array names pm]] {
        set ch [open $pmfile($k)]
        foreach line [split [read $ch] "\n"] {
            if {[llength $line] < 4} { continue }
            set rsp [lindex $line 2]
            set rt [expr {[lindex $line 3] / 1000.0}]
            lappend all $rt
            if {$rsp > 50000} { lappend large $rt }
            incr bytes $rsp
            if {$pmdirs($k) == 0} { incr fwd } else { incr rev }
        }
        close $ch
        file delete $pmfile($k)
    }
    # web sessions (WebTraf): "response-time bytes direction" of objects requested after the warm-up
    global wt_rts wt_started
    set started null
    set open null
    if {[info exists wt_rts]} {
        foreach r $wt_rts {
            lassign $r rt rsp dir
            lappend all $rt
            if {$rsp > 50000} { lappend large $rt }
            incr bytes $rsp
            if {$dir == 0} { incr fwd } else { incr rev }
        }
        set started $wt_started
        set open [expr {$wt_started - [llength $wt_rts]}]
    }
    return "\{[response_set $all],\"started\":$started,\"inProgress\":$open,\"largeResponses\":\{[response_set $large]\},\"byDirection\":\{\"forward\":$fwd,\"reverse\":$rev\},\"responseBytes\":$bytes,\"calibration\":\[\]\}"
}

proc flow_done {f} {
    global ns done open_finite has_duration
    set done($f) [$ns now]
    incr open_finite -1
    if {$open_finite == 0 && !$has_duration} { finish }
}

proc jnum {x} {
    if {$x eq "null"} { return null }
    return [format %.12g $x]
}

# Counters of one monitored link direction and of every flow, as a flat dict.
proc counters {} {
    global ns fwd rev kind tcp mon
    set now [$ns now]
    set c [dict create]
    foreach dir {fwd rev} {
        lassign [set $dir] fm qi bi ds
        $qi newpoint $now [$fm set pkts_]
        $bi newpoint $now [$fm set size_]
        foreach v {parrivals_ pdepartures_ pdrops_ epdrops_ pmarks_ bdepartures_} { dict set c $dir.$v [$fm set $v] }
        dict set c $dir.qarea [$qi set sum_]
        dict set c $dir.barea [$bi set sum_]
        dict set c $dir.dcount [$ds cnt]
        dict set c $dir.dsum [expr {[$ds cnt] > 0 ? [$ds mean] * [$ds cnt] : 0}]
        foreach fl [$fm flows] {
            set id [$fl set flowid_]
            dict set c $dir.drops.$id [$fl set pdrops_]
            dict set c $dir.marks.$id [$fl set pmarks_]
        }
    }
    foreach f [array names kind] {
        if {$kind($f) eq "tcp"} {
            foreach v {ndatapack_ nrexmitpack_ nrexmit_ necnresponses_ ncwndcuts1_ ack_} { dict set c tcp.$f.$v [$tcp($f) set $v] }
        } else {
            dict set c udp.$f.bytes [$mon($f) set bytes_]
            dict set c udp.$f.npkts [$mon($f) set npkts_]
        }
    }
    return $c
}

proc warmup_mark {} {
    global base warmup_at ns
    set base [counters]
    set warmup_at [$ns now]
}

proc d {c k} {
    global base
    set v [expr {[dict exists $c $k] ? [dict get $c $k] : 0}]
    set b [expr {[dict exists $base $k] ? [dict get $base $k] : 0}]
    return [expr {$v - $b}]
}

proc queue_json {c dir rate t0 t1} {
    set span [expr {$t1 - $t0}]
    if {$span <= 0} { set span 1e-9 }
    set arr [d $c $dir.parrivals_]
    set drops [d $c $dir.pdrops_]
    set early [d $c $dir.epdrops_]
    set marks [d $c $dir.pmarks_]
    set dcount [d $c $dir.dcount]
    set j "\{"
    append j "\"utilization\":[jnum [expr {[d $c $dir.bdepartures_] * 8.0 / ($rate * $span)}]]"
    append j ",\"arrivals\":$arr,\"departures\":[d $c $dir.pdepartures_],\"drops\":$drops"
    append j ",\"dropsOverflow\":null,\"dropsEarly\":$early,\"dropsForced\":null,\"dropsNotEarly\":[expr {$drops - $early}],\"marks\":$marks"
    append j ",\"lossRate\":[jnum [expr {$arr > 0 ? double($drops) / $arr : 0}]],\"markRate\":[jnum [expr {$arr > 0 ? double($marks) / $arr : 0}]]"
    append j ",\"meanQueuePackets\":[jnum [expr {[d $c $dir.qarea] / $span}]],\"maxQueuePackets\":null"
    append j ",\"meanQueueBytes\":[jnum [expr {[d $c $dir.barea] / $span}]],\"maxQueueBytes\":null"
    append j ",\"meanQueueDelay\":[jnum [expr {$dcount > 0 ? [d $c $dir.dsum] / $dcount : 0}]],\"linkLosses\":null\}"
    return $j
}

proc finish {} {
    global ns kind start bytes done mss rate_bn warmup_at mon stop
    set now [$ns now]
    set c [counters]
    set w $warmup_at
    set flows {}
    set goodputs {}
    set tcpGoodputs {}
    set allDone 1
    set payload 0
    set t0 ""
    set tmax 0
    foreach f [lsort -integer [array names kind]] {
        set from [expr {max($start($f), $w)}]
        set drops [expr {[d $c fwd.drops.$f] + [d $c rev.drops.$f]}]
        set marks [expr {[d $c fwd.marks.$f] + [d $c rev.marks.$f]}]
        if {$kind($f) eq "tcp"} {
            set acked [expr {max(0, [dict get $c tcp.$f.ack_]) * $mss($f)}]
            if {$bytes($f) >= 0 && $acked > $bytes($f)} { set acked $bytes($f) }
            set a0 [expr {[dict exists $::base tcp.$f.ack_] ? max(0, [dict get $::base tcp.$f.ack_]) * $mss($f) : 0}]
            if {$bytes($f) >= 0 && $a0 > $bytes($f)} { set a0 $bytes($f) }
            set delivered [expr {$acked - $a0}]
            if {[info exists done($f)]} { set ct $done($f); set ctj [jnum $ct] } else { set ct $now; set ctj null; set allDone 0 }
            set span [expr {$ct - $from}]
            set gp [expr {$span > 0 ? $delivered * 8.0 / $span : 0}]
            set sent [d $c tcp.$f.ndatapack_]
            if {$w <= $start($f)} { set sent [expr {$sent - 1}] }
            set to [d $c tcp.$f.nrexmit_]
            set ecn [d $c tcp.$f.necnresponses_]
            set fr [expr {max(0, [d $c tcp.$f.ncwndcuts1_] - $to - $ecn)}]
            set req [expr {$bytes($f) >= 0 ? $bytes($f) : "null"}]
            lappend flows "\{\"flow\":$f,\"kind\":\"tcp\",\"completionTime\":$ctj,\"startTime\":[jnum $start($f)],\"goodputBps\":[jnum $gp],\"bytesDelivered\":$delivered,\"bytesRequested\":$req,\"packetsSent\":$sent,\"retransmissions\":[d $c tcp.$f.nrexmitpack_],\"timeouts\":$to,\"fastRetransmits\":$fr,\"ecnReductions\":$ecn,\"drops\":$drops,\"marks\":$marks\}"
            lappend tcpGoodputs $gp
            set payload [expr {$payload + $delivered}]
            if {$t0 eq "" || $start($f) < $t0} { set t0 $start($f) }
            if {$ct > $tmax} { set tmax $ct }
        } else {
            set delivered [d $c udp.$f.bytes]
            # as the engine: a source stopped before the end is done at its last arrival (or the stop)
            set ctj null
            set ct $now
            if {[info exists stop($f)] && $stop($f) <= $now} {
                set ct [expr {max($stop($f), [$mon($f) set lastPktTime_])}]
                set ctj [jnum $ct]
            }
            set span [expr {$ct - $from}]
            set gp [expr {$span > 0 ? $delivered * 8.0 / $span : 0}]
            set sent [expr {[d $c udp.$f.npkts] + $drops}]
            lappend flows "\{\"flow\":$f,\"kind\":\"udp\",\"completionTime\":$ctj,\"startTime\":[jnum $start($f)],\"goodputBps\":[jnum $gp],\"bytesDelivered\":$delivered,\"bytesRequested\":null,\"packetsSent\":$sent,\"retransmissions\":0,\"timeouts\":0,\"fastRetransmits\":0,\"ecnReductions\":0,\"drops\":$drops,\"marks\":$marks\}"
        }
        lappend goodputs $gp
    }
    set G null
    # as the engine: after a warm-up the time counts from its end, as the payload does
    if {$t0 ne "" && $w > $t0} { set t0 $w }
    if {[llength $tcpGoodputs] > 0 && $allDone && $tmax - $t0 > 0} {
        set G [jnum [expr {$payload * 8.0 / ($rate_bn * ($tmax - $t0))}]]
    }
    set xs [expr {[llength $tcpGoodputs] > 0 ? $tcpGoodputs : $goodputs}]
    set s 0.0
    set s2 0.0
    foreach x $xs { set s [expr {$s + $x}]; set s2 [expr {$s2 + $x * $x}] }
    set jain [expr {$s2 > 0 ? $s * $s / ([llength $xs] * $s2) : 1}]
    set j "\{\"simulator\":\"ns-2.35\",\"simulatedSeconds\":[jnum $now],\"warmup\":[jnum $w]"
    append j ",\"bottleneck\":[queue_json $c fwd $rate_bn $w $now]"
    append j ",\"bottleneckReverse\":[queue_json $c rev $rate_bn $w $now]"
    append j ",\"flows\":\[[join $flows ,]\],\"goodputEfficiency\":$G,\"fairness\":\{\"jain\":[jnum $jain]\}"
    global pm
    global wt_rts
    if {([array exists pm] && [array size pm] > 0) || [info exists wt_rts]} { append j ",\"web\":[web_json]" }
    append j "\}"
    puts $j
    flush stdout
    exit 0
}
`;
