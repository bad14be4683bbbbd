# Cross-check of the engine's CUBIC (src/engine/tcp/cubic.ts) against ns-2.35's Agent/TCP/Linux
# running Linux 2.6-era cubic (its beta is 819/1024, about 0.8). One flow, 100 Mb/s x 48 ms
# bottleneck with 1 Gb/s x 1 ms access links (RTT 100 ms), a 200-packet drop-tail buffer, SACK.
# Prints the time and cwnd of each window reduction (cwnd sampled every 10 ms).
# Run: ns tests/ns2/cubic-linux.tcl
# Engine twin: src/cli/aqm-lab tests/ns2/cubic-one-flow.json --set tcp.cc=cubic --set tcp.cubicBeta=0.8 \
#   --series f.csv --sample 0.01   (then the falls of column cwnd.0); docs/aqm.md gives both results.
set ns [new Simulator]
set n0 [$ns node]; set r0 [$ns node]; set r1 [$ns node]; set n1 [$ns node]
$ns duplex-link $n0 $r0 1Gb 1ms DropTail
$ns duplex-link $r0 $r1 100Mb 48ms DropTail
$ns duplex-link $r1 $n1 1Gb 1ms DropTail
$ns queue-limit $r0 $r1 200
Agent/TCP/Linux set packetSize_ 1460
set tcp [new Agent/TCP/Linux]
$tcp set window_ 100000
$tcp set windowInit_ 10
$tcp select_ca cubic
set sink [new Agent/TCPSink/Sack1]
$ns attach-agent $n0 $tcp; $ns attach-agent $n1 $sink; $ns connect $tcp $sink
set ftp [new Application/FTP]; $ftp attach-agent $tcp
$ns at 0 "$ftp start"
set last 0
set lastCut -10
proc mon {} {
  global ns tcp last lastCut
  set c [$tcp set cwnd_]
  if {$c < $last * 0.97 && $c > 500 && [$ns now] - $lastCut > 1} { puts [format "%.2f cut from %s" [$ns now] $last]; set lastCut [$ns now] }
  set last $c
  $ns at [expr [$ns now] + 0.01] mon
}
$ns at 0.01 mon
$ns at 80 "exit 0"
$ns run
