/**
 * Words the lessons use that a student alone at home, without the papers, cannot look up
 * in the lab: shown in the help ("Words used in the lessons"). Facts from Floyd & Jacobson
 * 1993 (RED), Floyd, Gummadi & Shenker 2001 (Adaptive RED), RFC 3168 (ECN), RFC 5681
 * (slow start, congestion avoidance), RFC 6298 (RTO), seeds/001 eq. 2 (goodput efficiency),
 * Jain's index; the lessons' own settings where a number is given.
 *
 * tests/unit/ui/glossary.test.ts: every such word in the lessons a RED / ECN / web
 * assignment starts from has its entry here.
 */
export interface GlossaryEntry {
  term: string;
  text: string;
}

export const GLOSSARY: readonly GlossaryEntry[] = [
  {
    term: 'drop-tail',
    text: 'A plain first-in first-out queue: it drops an arriving packet only when its buffer is full.',
  },
  {
    term: 'RED (Random Early Detection)',
    text: 'A queue that watches the average queue length and, once the average passes min_th, drops (or, with ECN, marks) arriving packets at random, with a probability that grows with the average. The senders that lose a packet slow down before the buffer is full, so the queue stays short and no single overflow hits many flows at once.',
  },
  {
    term: 'average queue (avg), w_q',
    text: 'RED decides on a moving average of the queue, not on the queue itself: at each arrival avg ← (1 − w_q)·avg + w_q·q, with a small weight w_q (0.002 in most lessons). A short burst hardly moves it; a queue that stays long does.',
  },
  {
    term: 'min_th, max_th, max_p, gentle',
    text: 'RED’s settings. Below min_th (an average, in packets) nothing is dropped; between min_th and max_th the drop probability rises in a straight line from 0 to max_p; above max_th every packet is dropped, or, with gentle, the probability rises on from max_p to 1 at 2·max_th.',
  },
  {
    term: 'early, forced and overflow drops',
    text: 'An early drop is RED’s random drop while the average is between the thresholds; a forced drop, RED dropping every packet because the average is above max_th; an overflow, a packet that does not fit because the buffer is full (the only drop drop-tail makes). The first two happen before the buffer is full: step to one with “AQM drop”.',
  },
  {
    term: 'AQM (active queue management)',
    text: 'Any queue that drops or marks packets before its buffer is full to keep the queue short: RED, Adaptive RED, PI, REM, CoDel, PIE. Drop-tail is the passive opposite.',
  },
  {
    term: 'Adaptive RED (ARED), target',
    text: 'RED that sets its own thresholds from a target queueing delay (min_th = target × link rate / 2, at least 5 packets; max_th = 3 × min_th) and every 500 ms moves max_p up or down to keep the average between them (Floyd, Gummadi & Shenker 2001). A 5 ms target keeps the queue very short; 60 ms lets it grow.',
  },
  {
    term: 'ECN (Explicit Congestion Notification)',
    text: 'Instead of dropping a packet of a connection that understands ECN, the router marks it (the CE codepoint in its IP header) and forwards it. The receiver echoes the mark to the sender (ECE in its acknowledgements); the sender halves its window as if a packet had been lost, at most once per round trip, and answers CWR. Nothing is lost and nothing is sent again (RFC 3168).',
  },
  {
    term: 'ECT, Not-ECT, CE, ECE, CWR',
    text: 'ECT: a packet that may be marked (ECN-capable transport). Not-ECT: a packet that may not, so the queue drops it instead; connection set-up packets (SYN, SYN-ACK) and pure acknowledgements are Not-ECT. CE: the mark itself (congestion experienced). ECE and CWR: the TCP flags that echo the mark and confirm the sender has slowed down.',
  },
  {
    term: 'cwnd (congestion window), ssthresh',
    text: 'cwnd is how much data a TCP sender may have sent and not yet had acknowledged: its sending rate is about cwnd per round trip. It grows by one segment per round trip and halves on a loss or an ECN echo (the “saw-tooth”). ssthresh is where slow start stops: a loss sets it to about half the data in flight.',
  },
  {
    term: 'slow start',
    text: 'How a TCP connection starts: cwnd doubles every round trip until ssthresh or the first loss. In the first seconds of a lesson it overshoots and overflows even a RED queue, whose average has not caught up yet: those are the overflows before RED’s first early drop.',
  },
  {
    term: 'RTT, RTO, timeout',
    text: 'RTT: round-trip time, from sending a packet to receiving its acknowledgement. RTO: the retransmission timeout, how long a sender waits for an acknowledgement before it sends again; at least 1 s, and longer for a connection’s first packet (the lessons say how long). A loss that a timeout must repair costs far more than one repaired by fast retransmit.',
  },
  {
    term: 'retransmission, fast retransmit',
    text: 'A lost packet is sent again: after three duplicate acknowledgements (fast retransmit, about one round trip late) or, when too few packets follow it, after a timeout. An ECN mark needs none.',
  },
  {
    term: 'Reno, NewReno, SACK',
    text: 'Versions of TCP’s loss recovery. Reno halves the window on three duplicate acknowledgements; NewReno recovers several losses of one window without a timeout; SACK tells the sender exactly which segments arrived.',
  },
  {
    term: 'SYN, SYN-ACK, pure ACK',
    text: 'SYN and SYN-ACK open a TCP connection; a pure ACK acknowledges data and carries none. They are Not-ECT (RFC 3168; ECN+ in seeds/003 makes SYN-ACKs ECT), so a RED queue with ECN still drops them, and a lost SYN or SYN-ACK is repaired only by a timeout.',
  },
  {
    term: 'BDP (bandwidth-delay product)',
    text: 'Link rate × round-trip time: the data in flight that keeps the link busy. A buffer of one or two BDP is the classic size for drop-tail.',
  },
  {
    term: 'utilization, goodput, goodput efficiency G',
    text: 'Utilization: the share of time the link is sending. Goodput: the data delivered to the application, without retransmissions. Goodput efficiency G (seeds/001): all the data the downloads delivered, divided by what the link could carry until the last download finished; 100 % means the link was never idle or wasted.',
  },
  {
    term: 'Jain’s fairness index',
    text: '(Σx)² / (n·Σx²) over the n flows’ throughputs x: 1 when every flow gets the same, 1/n when one flow gets everything. The summary takes each flow’s goodput over its own lifetime, so two equal downloads that end at different times still score near 1; the throughput chart’s J, over 1 s windows, shows a lockout as it happens.',
  },
  {
    term: 'lockout',
    text: 'One flow keeps most of the link for a long time while another, which lost packets at a bad moment, stays behind: drop-tail’s overflows can hit the same flow again and again.',
  },
  {
    term: 'response time, CDF, CCDF',
    text: 'A web exchange’s response time: from the client’s first packet (the SYN that opens its connection, or the request on a connection already open) to the last byte of the response, so a lost SYN’s timeout counts (seeds/002 §III.A: from just before the connect(); seeds/000 §5.3 words it “from sending an HTTP request”). The CDF chart shows, at each time t, the share of responses that completed within t: a curve further left and higher is faster. The CCDF shows the share that took longer than t, to read the slow tail.',
  },
  {
    term: 'offered load, uncongested baseline',
    text: 'Offered load: the web traffic’s demand as a share of the link’s rate (80 % load: it asks for 8 Mb/s of a 10 Mb/s link, in each direction). The uncongested baseline runs the same connections over a link 10 times faster (the web traffic alone: long-lived bulk flows would fill any link): the response times without queueing, to compare with.',
  },
  {
    term: 'PackMime, web users',
    text: 'Models of web traffic from measurements: many short request/response exchanges and a few long ones, at random times (PackMime, Cao et al. 2004), or users who load pages with embedded objects and think between them (seeds/002).',
  },
  {
    term: 'seed',
    text: 'The number every random draw of a run comes from: the same scenario with the same seed gives exactly the same run; another seed, another draw. Compare over several seeds to see whether a difference is more than chance.',
  },
  {
    term: 'seeds/000 … seeds/004',
    text: 'The five papers the lessons reproduce, cited with their tables and figures: 000 SACK, (Adaptive) RED and ECN on web traffic; 001 ECN for large downloads (drop-tail, RED, ECN, lockouts); 002 AQM and ECN on web performance (PI, REM, ARED); 003 the power of ECN (RED*, ECN+); 004 eliminating packet loss (Feng et al.). The lab’s docs/papers.md maps each to its lessons.',
  },
];
