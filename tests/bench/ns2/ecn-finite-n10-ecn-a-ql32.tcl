# ns-2.35 twin of the AQM Lab preset ecn-finite-n10-ecn-a-ql32 (seeds/001: 10 clients each
# downloading 20 MiB from one server through a 1.5 Mb/s, 20 ms bottleneck; RED with ECN,
# max_p 10 %, min_th 10, max_th 30, limit 32, gentle, wait). Run: ns ecn-finite-n10-ecn-a-ql32.tcl
source [file join [file dirname [info script]] dumbbell.tcl]
array set cfg {
    mss 1460 headerBytes 0 ackBytes 40 initialCwnd 1 rwnd 65536
    tick 0.1 minRto 0.2 maxRto 60 initialRto 1 dupackThreshold 3
    delayedAck 1 delayedAckTimeout 0.1 variant reno
    leftHosts 1 leftRate 10Mb leftDelay 0.5ms
    rightHosts 10 rightRate 10Mb rightDelay 0.5ms
    bottleneckRate 1.5Mb bottleneckDelay 20ms
    flows 10 bytes 20971520 start 0 startSpread 0 duration 36000
    ecn 1
    queue RED limit 32
    minTh 10 maxTh 30 maxP 0.1 wq 0.002 gentle true wait true redEcn true meanPktSize 500
}
run_dumbbell cfg
