# ns-2.35 twin of the scaling scenarios of `aqm-lab bench` (tests/bench/bench.ts,
# scalingScenario): N long-lived NewReno flows, one per host pair, through a drop-tail
# bottleneck of the given rate (10 ms), access links 10x faster (1 ms), flows starting
# over the first second. Hand-written (see dumbbell.tcl for how every knob maps).
#   ns scaling.tcl <flows> <bottleneck rate b/s> <duration s> <queue limit pkts> <rwnd bytes>
source [file join [file dirname [info script]] dumbbell.tcl]
set flows [lindex $argv 0]
set rate [lindex $argv 1]
set duration [lindex $argv 2]
set limit [lindex $argv 3]
set rwnd [lindex $argv 4]
array set cfg [list \
    mss 1460 headerBytes 40 ackBytes 40 initialCwnd 1 rwnd $rwnd \
    tick 0.01 minRto 0.2 maxRto 60 initialRto 1 dupackThreshold 3 \
    delayedAck 1 delayedAckTimeout 0.1 variant newreno \
    leftHosts $flows leftRate [expr {10.0 * $rate}] leftDelay 1ms \
    rightHosts $flows rightRate [expr {10.0 * $rate}] rightDelay 1ms \
    bottleneckRate $rate bottleneckDelay 10ms \
    flows $flows bytes -1 start 0 startSpread 1 duration $duration \
    ecn 0 \
    queue DropTail limit $limit \
    minTh 5 maxTh 15 maxP 0.1 wq 0.002 gentle false wait false redEcn false meanPktSize 500]
run_dumbbell cfg
