# ns-2.35 twin of the AQM Lab preset bench-100-red: 100 long-lived SACK flows (flow k
# starts at k x 10 ms) through a 10 Mb/s, 20 ms RED bottleneck (min_th 30, max_th 90,
# max_p 0.1, limit 300, packet mode), 100 Mb/s 1 ms access links, 200 s.
# Run: ns bench-100-red.tcl
source [file join [file dirname [info script]] dumbbell.tcl]
array set cfg {
    mss 1460 headerBytes 40 ackBytes 40 initialCwnd 1 rwnd 65536
    tick 0.01 minRto 0.2 maxRto 60 initialRto 1 dupackThreshold 3
    delayedAck 1 delayedAckTimeout 0.1 variant sack
    leftHosts 100 leftRate 100Mb leftDelay 1ms
    rightHosts 100 rightRate 100Mb rightDelay 1ms
    bottleneckRate 10Mb bottleneckDelay 20ms
    flows 100 bytes -1 start 0 startSpread 1 duration 200
    ecn 0
    queue RED limit 300
    minTh 30 maxTh 90 maxP 0.1 wq 0.002 gentle false wait false redEcn false meanPktSize 500
}
run_dumbbell cfg
