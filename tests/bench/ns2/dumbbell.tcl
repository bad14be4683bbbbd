# AQM Lab bench: the dumbbell of the bench scenarios, in ns-2.35 (hand-written; the
# generator of src/ns2 did not exist when these scripts were written).
#
# A scenario script fills the array `cfg` (every knob the AQM Lab scenario has, stated
# explicitly, because ns-2's defaults changed over the years) and calls run_dumbbell.
# Nothing is traced: the script prints one summary line, so the timing measures the
# simulation, as `aqm-lab --quiet` does.
#
# Mapping of AQM Lab fields to ns-2 knobs (what each line below sets and why):
#   tcp.mss + tcp.headerBytes  -> packetSize_ = mss + headerBytes, useHeaders_ false
#                                 (ns-2.35 would add 40 bytes when useHeaders_ is true)
#   tcp.ackBytes               -> Agent/TCPSink packetSize_
#   tcp.initialCwnd            -> windowInit_ (with syn_ and delay_growth_: cwnd 1 until
#                                 the first ACK, as after our handshake)
#   tcp.rwnd                   -> window_ = floor(rwnd / mss) (also the initial ssthresh_)
#   tcp.tick/minRto/maxRto/initialRto -> tcpTick_, minrto_, maxrto_, rtxcur_init_
#   tcp.dupackThreshold        -> numdupacks_;  singledup_ 0: no limited transmit
#   tcp.delayedAck(+Timeout)   -> Agent/TCPSink/DelAck (or Sack1/DelAck), interval_
#   tcp.variant                -> Agent/TCP/Reno, /Newreno, /Sack1, Agent/TCP (Tahoe)
#   tcp.ecn                    -> ecn_ on agents, setbit_ on RED
#   drop-tail limit, countRule "ns2" -> queue-limit = limit (ns-2 DropTail drops when
#                                 waiting + 1 >= limit_); "waiting" -> limit + 1
#   RED                        -> bytes_/queue_in_bytes_ (mode/unit), thresh_, maxthresh_,
#                                 linterm_ = 1 / maxP, q_weight_, gentle_, wait_,
#                                 mean_pktsize_, use_mark_p_ false (AQM Lab drops above
#                                 max_th, aboveMaxTh "drop"), adaptive_ 0, cautious_ 0
#   access links               -> DropTail, 1000 packets waiting (limit_ 1001)

proc tcp_class {variant} {
    switch $variant {
        tahoe { return Agent/TCP }
        reno { return Agent/TCP/Reno }
        newreno { return Agent/TCP/Newreno }
        sack { return Agent/TCP/Sack1 }
    }
    error "unknown variant $variant"
}

proc sink_class {variant delack} {
    if {$variant == "sack"} {
        if {$delack} { return Agent/TCPSink/Sack1/DelAck }
        return Agent/TCPSink/Sack1
    }
    if {$delack} { return Agent/TCPSink/DelAck }
    return Agent/TCPSink
}

proc finish {} {
    global ns qmon remaining
    set now [$ns now]
    puts [format "ns2 end %.6f arrivals %d departures %d drops %d unfinished %d" $now [$qmon set parrivals_] [$qmon set pdepartures_] [$qmon set pdrops_] $remaining]
    exit 0
}

proc run_dumbbell {cfgName} {
    upvar $cfgName cfg
    global ns qmon remaining

    # ---- TCP agents (one-way), every knob explicit
    Agent/TCP set packetSize_ [expr {$cfg(mss) + $cfg(headerBytes)}]
    Agent/TCP set useHeaders_ false
    Agent/TCP set syn_ true
    Agent/TCP set delay_growth_ true
    Agent/TCP set windowInit_ $cfg(initialCwnd)
    Agent/TCP set window_ [expr {int($cfg(rwnd) / $cfg(mss))}]
    Agent/TCP set maxcwnd_ 0
    Agent/TCP set max_ssthresh_ 0
    Agent/TCP set tcpTick_ $cfg(tick)
    Agent/TCP set minrto_ $cfg(minRto)
    Agent/TCP set maxrto_ $cfg(maxRto)
    Agent/TCP set rtxcur_init_ $cfg(initialRto)
    Agent/TCP set numdupacks_ $cfg(dupackThreshold)
    Agent/TCP set singledup_ 0
    Agent/TCP set timestamps_ false
    Agent/TCP set ts_resetRTO_ false
    Agent/TCP set bugFix_ true
    Agent/TCP set overhead_ 0
    Agent/TCP set maxburst_ 0
    Agent/TCP set ecn_ $cfg(ecn)
    Agent/TCP set old_ecn_ 0
    Agent/TCPSink set packetSize_ $cfg(ackBytes)
    Agent/TCPSink set ecn_syn_ false
    Agent/TCPSink set maxSackBlocks_ 4
    Agent/TCPSink/DelAck set interval_ $cfg(delayedAckTimeout)
    Agent/TCPSink/Sack1/DelAck set interval_ $cfg(delayedAckTimeout)

    # ---- queues
    Queue/DropTail set drop_front_ false
    Queue/DropTail set queue_in_bytes_ false
    Queue/DropTail set summarystats_ false
    Queue/RED set bytes_ false
    Queue/RED set queue_in_bytes_ false
    Queue/RED set thresh_ $cfg(minTh)
    Queue/RED set maxthresh_ $cfg(maxTh)
    Queue/RED set linterm_ [expr {1.0 / $cfg(maxP)}]
    Queue/RED set q_weight_ $cfg(wq)
    Queue/RED set gentle_ $cfg(gentle)
    Queue/RED set wait_ $cfg(wait)
    Queue/RED set setbit_ $cfg(redEcn)
    Queue/RED set mean_pktsize_ $cfg(meanPktSize)
    Queue/RED set idle_pktsize_ 100 ;# only read with cautious_ 3
    Queue/RED set use_mark_p_ false
    Queue/RED set adaptive_ 0
    Queue/RED set feng_adaptive_ 0
    Queue/RED set cautious_ 0
    Queue/RED set drop_tail_ true
    Queue/RED set drop_front_ false
    Queue/RED set drop_rand_ false
    Queue/RED set ns1_compat_ false
    Queue/RED set summarystats_ false

    set ns [new Simulator]
    set ra [$ns node]
    set rb [$ns node]
    set q $cfg(queue)
    $ns duplex-link $ra $rb $cfg(bottleneckRate) $cfg(bottleneckDelay) $q
    $ns queue-limit $ra $rb $cfg(limit)
    $ns queue-limit $rb $ra $cfg(limit)
    set left {}
    for {set i 0} {$i < $cfg(leftHosts)} {incr i} {
        set h [$ns node]
        $ns duplex-link $h $ra $cfg(leftRate) $cfg(leftDelay) DropTail
        $ns queue-limit $h $ra 1001
        $ns queue-limit $ra $h 1001
        lappend left $h
    }
    set right {}
    for {set i 0} {$i < $cfg(rightHosts)} {incr i} {
        set h [$ns node]
        $ns duplex-link $h $rb $cfg(rightRate) $cfg(rightDelay) DropTail
        $ns queue-limit $h $rb 1001
        $ns queue-limit $rb $h 1001
        lappend right $h
    }
    set qmon [$ns monitor-queue $ra $rb ""]

    # ---- flows: flow k from left host k mod L to right host k mod R, starting at
    # start + k * startSpread / flows; bytes < 0 means unlimited
    set n $cfg(flows)
    set remaining [expr {$cfg(bytes) < 0 ? 0 : $n}]
    for {set k 0} {$k < $n} {incr k} {
        set tcp [new [tcp_class $cfg(variant)]]
        set sink [new [sink_class $cfg(variant) $cfg(delayedAck)]]
        $sink set ecn_ $cfg(ecn)
        $ns attach-agent [lindex $left [expr {$k % $cfg(leftHosts)}]] $tcp
        $ns attach-agent [lindex $right [expr {$k % $cfg(rightHosts)}]] $sink
        $ns connect $tcp $sink
        $tcp set fid_ $k
        set ftp [$tcp attach-app FTP]
        set t [expr {$cfg(start) + $k * $cfg(startSpread) / $n}]
        if {$cfg(bytes) < 0} {
            $ns at $t "$ftp start"
        } else {
            $ns at $t "$ftp send $cfg(bytes)"
        }
    }
    if {$cfg(bytes) >= 0} {
        Agent/TCP instproc done {} {
            global ns remaining
            incr remaining -1
            if {$remaining == 0} { $ns at [$ns now] "finish" }
        }
    }
    $ns at $cfg(duration) "finish"
    $ns run
}
